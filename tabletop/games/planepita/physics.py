"""Planepita's shot simulator: ``simulate(layout, launch, params) -> Trajectory``.

A shot is a pure function: every call builds a fresh
``pymunk.Space`` from plain data, adds bodies in a fixed order, steps with a
constant dt until everything is at rest (or a step cap that always ends), and
returns data. The scene plays the frames back; the rules and the bots use the
final layout. Nothing here imports pygame.

The model, seen from above with no gravity in the plane:

- **Sliding friction** is Coulomb friction, a constant force mu*m*g against
  the motion. Each piece is tied to the static body by a ``PivotJoint`` whose
  ``max_force`` is mu*m*g and whose ``max_bias`` is 0, so it only ever removes
  velocity, at most mu*g per second, never pulls a piece back into place; a
  ``GearJoint`` capped the same way (times an arm of 2/3 of the radius, a flat
  disc's) brakes the spin. This is the top-down friction of pymunk's
  ``examples/tank.py``, and it runs inside Chipmunk's solver, with no Python
  callback per step. A disc at speed v slides v^2/(2*mu*g) before it stops
  (``aim.slide_distance``, the law the scene's aim line and the bots use).
- **Face-down discs stick.** A face-down disc is held by one more capped
  pivot joint whose cap absorbs, within a step, exactly the break-away impulse
  of a head-on hit at ``break_away_speed``: a softer hit leaves it where it
  is, whatever the step rate. A hit that needs more impulse breaks it free (a
  collision callback, once, releases the hold) and it then slides against its
  own, much higher, sliding friction, so it moves a little.
- **Restitution** is measured per pair (disc-disc, disc-jammer, disc-pad) in
  physics.toml. Chipmunk multiplies the two shapes' values, so a disc gets
  sqrt(disc_disc), the jammer disc_jammer/sqrt(disc_disc) and the pads
  disc_pad/sqrt(disc_disc): every pair then bounces as configured.
- **The launch pad.** The launched disc sits on top of its pad and leaves it
  in any direction: it never collides with its own pad's walls (a
  ``pymunk.ShapeFilter``: the pad's walls are in category :data:`PAD_CATEGORY`,
  which the launched disc's mask leaves out). Every other piece bounces off
  the pad's outline (ruling P11: only the launching seat's pad stands).
- **The black hole.** The planet's rim is a cliff; launch pads are platforms
  beside it. A piece entirely off the board and not over a pad leaves the
  world at once and is reported; one that comes to rest on a pad (other than
  the launched disc on its own pad, ruling P4) goes the same way. The
  launched disc, until it first reaches the planet, slides over its pad and
  the table between the pad and the rim: it leaves the world only once it is
  neither over its pad nor heading onto the planet (:func:`heads_onto`), or
  when it stops short of the planet off its pad. Whether a disc rests on its
  pad is geometry (``PadPose.holds``), whatever walls it crossed.
- **No tunnelling**: params.py refuses a step rate at which the fastest
  allowed disc could move more than its radius plus half a wall in one step.
"""

from __future__ import annotations

import enum
import functools
import math
from dataclasses import dataclass, field
from itertools import compress, count
from math import hypot
from operator import add, gt, mul

import numpy as np
import pymunk
import pymunk.batch

from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita.aim import aim_direction, ray_circle
from tabletop.games.planepita.board import Board, PadPose
from tabletop.games.planepita.model import Disc, Layout
from tabletop.games.planepita.params import Params

JAMMER = -1
#: collision types
DISC_T, JAMMER_T, PAD_T, DOWN_T = 1, 2, 3, 4
#: the pad's walls are in this collision category; the launched disc's mask
#: leaves it out, so the disc leaves its pad in any direction
PAD_CATEGORY = 0b1
PAD_FILTER = pymunk.ShapeFilter(categories=PAD_CATEGORY)
LAUNCHED_FILTER = pymunk.ShapeFilter(mask=pymunk.ShapeFilter.ALL_MASKS() ^ PAD_CATEGORY)


def pad_id(seat: int) -> int:
    """The id a launch pad has in events: -10 for seat 0, -11 for seat 1..."""
    return -10 - seat


def is_pad(body_id: int | None) -> bool:
    return body_id is not None and body_id <= -10


@dataclass(frozen=True)
class Launch:
    """A flick: which disc, from where on the seat's stretch, aim, speed.

    ``angle`` is in degrees from straight in (towards the planet's centre),
    positive counter-clockwise; ``speed`` in mm/s. A flick gives no spin: a
    disc turns only when a collision sets it turning.
    """

    seat: int
    disc: Disc
    pad: float = 0.5
    angle: float = 0.0
    speed: float = 1000.0


class EventKind(enum.Enum):
    HIT = "hit"  # two pieces (or a piece and a pad) touched: impulse in g*mm/s
    EDGE = "edge"  # a piece began to hang over the rim
    BLACK_HOLE = "black_hole"  # a disc left the world
    JAMMER_OFF = "jammer_off"  # the jammer left the world


@dataclass(frozen=True)
class Event:
    kind: EventKind
    t: float
    a: int
    b: int | None = None
    impulse: float = 0.0


@dataclass(frozen=True, eq=False)
class Trajectory:
    """What a shot did. ``frames[f, i]`` is (x, y, angle) of body ``ids[i]`` at
    time ``f / fps``; NaN once that body has left the world."""

    ids: tuple[int, ...]
    frames: np.ndarray
    fps: float
    events: tuple[Event, ...]
    final: Layout
    steps: int
    at_rest: bool
    launched: int
    stayed_on_pad: bool
    lost: tuple[int, ...] = field(default=())
    jammer_lost: bool = False

    @property
    def duration(self) -> float:
        return (len(self.frames) - 1) / self.fps if len(self.frames) else 0.0

    def hits(self) -> list[Event]:
        return [e for e in self.events if e.kind is EventKind.HIT]


# -- input checks -----------------------------------------------------------------


def _finite(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ValueError(f"{name} must be a number, not {value!r}")
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, not {value!r}")
    return float(value)


def check_launch(layout: Layout, launch: Launch, p: Params) -> None:
    """Raise ValueError with the reason for any bad launch or layout value."""
    if not 2 <= layout.players <= 6:
        raise ValueError(f"a layout is for 2 to 6 players, not {layout.players}")
    if not 0 <= launch.seat < layout.players:
        raise ValueError(f"seat {launch.seat} is not at this {layout.players}-player table")
    pad = _finite("the pad position", launch.pad)
    if not 0.0 <= pad <= 1.0:
        raise ValueError(f"the pad position must be between 0 and 1, not {pad}")
    angle = _finite("the aim angle", launch.angle)
    if abs(angle) > p.launch.max_angle:
        raise ValueError(f"the aim angle must be within ±{p.launch.max_angle:g}°, not {angle:g}")
    speed = _finite("the speed", launch.speed)
    if speed <= 0:
        raise ValueError(f"the speed must be above zero, not {speed:g}")
    if speed > p.launch.max_speed:
        raise ValueError(f"the speed must be at most {p.launch.max_speed:g} mm/s, not {speed:g}")
    ids = [d.id for d in layout.discs]
    if launch.disc.id in ids or launch.disc.id < 0:
        raise ValueError(f"disc {launch.disc.id} is already on the board or not a disc id")
    if len(set(ids)) != len(ids):
        raise ValueError("two discs on the board share an id")
    for d in layout.discs:
        if not (type(d.x) is type(d.y) is type(d.angle) is float) or not (
            math.isfinite(d.x) and math.isfinite(d.y) and math.isfinite(d.angle)
        ):
            _finite(f"disc {d.id}'s x", d.x)
            _finite(f"disc {d.id}'s y", d.y)
            _finite(f"disc {d.id}'s angle", d.angle)
    if layout.jammer is not None:
        _finite("the jammer's x", layout.jammer[0])
        _finite("the jammer's y", layout.jammer[1])
    for i, pos in enumerate(layout.pads):
        v = _finite(f"seat {i}'s pad position", pos)
        if not 0.0 <= v <= 1.0:
            raise ValueError(f"seat {i}'s pad position must be between 0 and 1, not {v}")


def _remove_constraint(space: pymunk.Space, constraint: pymunk.Constraint) -> None:
    space.remove(constraint)


# -- the world ------------------------------------------------------------------------


class World:
    """A fresh pymunk space built from a layout and a launch, in a fixed order.

    ``simulate`` runs one to rest; tests and the bench step it directly.
    """

    def __init__(
        self,
        layout: Layout,
        launch: Launch,
        params: Params | None = None,
        *,
        record_hits: bool = True,
    ) -> None:
        p = params if params is not None else params_mod.default()
        check_launch(layout, launch, p)
        self.p = p
        self.board = Board.from_params(p)
        self.layout = layout
        self.launch = launch
        space = pymunk.Space()
        space.iterations = p.sim.iterations
        space.gravity = (0.0, 0.0)
        self.space = space
        self.ids: list[int] = []
        self.bodies: list[pymunk.Body] = []
        self.radii: list[float] = []
        self.shape_ids: dict[pymunk.Shape, int] = {}
        #: what a hit needs of each shape, read once: its piece's id, its
        #: body, that body's mass (inf for the static body) and its elasticity
        self._hit_data: dict[pymunk.Shape, tuple[int, pymunk.Body, float, float]] = {}
        #: face-down discs still stuck to the board: body -> its hold joint
        self.holds: dict[pymunk.Body, pymunk.Constraint] = {}
        e_dd = p.restitution.disc_disc
        #: the impulse that stops a disc arriving head-on at break_away_speed and
        #: bounces it back off a disc that does not give: m * (1 + e) * v
        self.break_impulse = p.disc.mass * (1.0 + e_dd) * p.friction.break_away_speed
        self.pads: dict[int, PadPose] = {}
        #: bodies taken out of the space so far (the space's body order
        #: changes only then), and which
        self.removals = 0
        self.left: set[pymunk.Body] = set()
        self._pending: list[pymunk.Body | pymunk.Shape | pymunk.Constraint] = []
        e_disc = math.sqrt(p.restitution.disc_disc)
        self.elasticity = {
            "disc": e_disc,
            "jammer": p.restitution.disc_jammer / e_disc if e_disc > 0 else 0.0,
            "pad": p.restitution.disc_pad / e_disc if e_disc > 0 else 0.0,
        }
        # 1. the launching seat's pad (static). The rulebook lets the active
        # player have any pad that is in the way moved aside; this edition
        # always does, so only the active pad stands beside the planet.
        self._add_pad(launch.seat, self.board.pad_pose(layout.players, launch.seat, launch.pad))
        # 2. the discs already on the board, in layout order
        for d in layout.discs:
            body = self._add_piece(
                d.id,
                d.x,
                d.y,
                d.angle,
                p.disc.radius,
                p.disc.mass,
                p.friction.mu_face_down if d.face_down else p.friction.mu_face_up,
                DOWN_T if d.face_down else DISC_T,
                self.elasticity["disc"],
            )
            if d.face_down:
                hold = pymunk.PivotJoint(space.static_body, body, (d.x, d.y), (0.0, 0.0))
                hold.max_bias = 0.0
                hold.max_force = self.break_impulse / p.sim.dt
                self._pending.append(hold)
                self.holds[body] = hold
        # 3. the launched disc, on its pad, moving
        pose = self.pads[launch.seat]
        sx, sy = pose.start
        body = self._add_piece(
            launch.disc.id,
            sx,
            sy,
            launch.disc.angle,
            p.disc.radius,
            p.disc.mass,
            p.friction.mu_face_up,
            DISC_T,
            self.elasticity["disc"],
        )
        direction = aim_direction(pose, launch.angle)
        body.velocity = (direction[0] * launch.speed, direction[1] * launch.speed)
        for shape in body.shapes:
            shape.filter = LAUNCHED_FILTER
        self.launched_index = len(self.bodies) - 1
        # 4. the jammer
        self.jammer_index: int | None = None
        if layout.jammer is not None:
            jx, jy = layout.jammer
            self._add_piece(
                JAMMER,
                jx,
                jy,
                0.0,
                p.jammer.radius,
                p.jammer.mass,
                p.friction.mu_jammer,
                JAMMER_T,
                self.elasticity["jammer"],
            )
            self.jammer_index = len(self.bodies) - 1
        space.add(*self._pending)
        self._pending = []
        self.steps = 0
        self._dt = p.sim.dt
        self.events: list[Event] = []
        if record_hits:
            space.on_collision(None, None, begin=self._on_hit)
        if self.holds:
            for other in (DISC_T, JAMMER_T, DOWN_T):
                space.on_collision(other, DOWN_T, post_solve=self._on_stuck_hit)

    def _add_pad(self, seat: int, pose: PadPose) -> None:
        self.pads[seat] = pose
        w = pose.wall
        half_lane = pose.width / 2 - w / 2
        back = pose.depth - w / 2
        segments = [
            (pose.to_world(0.0, -half_lane), pose.to_world(back, -half_lane)),
            (pose.to_world(0.0, half_lane), pose.to_world(back, half_lane)),
            (pose.to_world(back, -half_lane), pose.to_world(back, half_lane)),
        ]
        for a, b in segments:
            shape = pymunk.Segment(self.space.static_body, a, b, w / 2)
            shape.elasticity = self.elasticity["pad"]
            shape.friction = self.p.friction.surface
            shape.collision_type = PAD_T
            shape.filter = PAD_FILTER
            self._pending.append(shape)
            self.shape_ids[shape] = pad_id(seat)
            self._hit_data[shape] = (
                pad_id(seat),
                self.space.static_body,
                math.inf,
                shape.elasticity,
            )

    def _add_piece(
        self,
        ident: int,
        x: float,
        y: float,
        angle: float,
        radius: float,
        mass: float,
        mu: float,
        ctype: int,
        elasticity: float,
    ) -> pymunk.Body:
        body = pymunk.Body(mass, pymunk.moment_for_circle(mass, 0.0, radius))
        body.position = (x, y)
        body.angle = angle
        shape = pymunk.Circle(body, radius)
        shape.elasticity = elasticity
        shape.friction = self.p.friction.surface
        shape.collision_type = ctype
        g = self.p.friction.g
        slide = pymunk.PivotJoint(self.space.static_body, body, (x, y), (0.0, 0.0))
        slide.max_bias = 0.0
        slide.max_force = mu * mass * g
        spin = pymunk.GearJoint(self.space.static_body, body, 0.0, 1.0)
        spin.max_bias = 0.0
        spin.max_force = mu * mass * g * self.p.friction.spin_arm * radius
        self._pending += (body, shape, slide, spin)
        self.shape_ids[shape] = ident
        self._hit_data[shape] = (ident, body, body.mass, shape.elasticity)
        self.ids.append(ident)
        self.bodies.append(body)
        self.radii.append(radius)
        return body

    def _on_hit(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """A new contact: record it with the impulse the bounce will carry,
        m_eff * (1 + e) * (approach speed along the normal). Called once per
        contact (``begin``), not every step the pieces touch."""
        s1, s2 = arbiter.shapes
        one, two = self._hit_data.get(s1), self._hit_data.get(s2)
        if one is None or two is None:
            return
        a, b1, m1, e1 = one
        b, b2, m2, e2 = two
        n = arbiter.normal
        v1, v2 = b1.velocity, b2.velocity
        approach = abs((v1.x - v2.x) * n.x + (v1.y - v2.y) * n.y)
        m_eff = m1 * m2 / (m1 + m2) if math.isfinite(m1) and math.isfinite(m2) else min(m1, m2)
        impulse = m_eff * (1.0 + e1 * e2) * approach
        if is_pad(a):
            a, b = b, a
        self.events.append(Event(EventKind.HIT, self.t, a, b, impulse))

    def _on_stuck_hit(self, arbiter: pymunk.Arbiter, space: pymunk.Space, data: object) -> None:
        """Release a face-down disc's hold once a contact pushed harder than
        the hold can absorb (after this step: constraints can't be removed
        mid-step)."""
        if not self.holds or arbiter.total_impulse.length < self.break_impulse * 0.999:
            return
        for shape in arbiter.shapes:
            body = shape.body
            hold = self.holds.pop(body, None) if body is not None else None
            if hold is not None:
                space.add_post_step_callback(_remove_constraint, hold)

    # -- stepping ----------------------------------------------------------------------
    @property
    def t(self) -> float:
        """The time stepped so far, in seconds."""
        return self.steps * self._dt

    def step(self, n: int = 1) -> None:
        dt = self._dt
        step = self.space.step
        done = self.steps
        # the count before each step, so that a callback in it reads its time
        for self.steps in range(done, done + n):
            step(dt)
        self.steps = done + n

    def alive(self, i: int) -> bool:
        return self.bodies[i].space is not None

    def at_rest(self) -> bool:
        vmax, wmax = self.p.sim.rest_speed, self.p.sim.rest_spin
        for body in self.bodies:
            if body.space is None:
                continue
            if body.velocity.length > vmax or abs(body.angular_velocity) > wmax:
                return False
        return True

    def supported_by_pad(self, x: float, y: float, radius: float) -> PadPose | None:
        for pose in self.pads.values():
            if pose.holds(x, y, radius):
                return pose
        return None

    def detach(self, body: pymunk.Body) -> None:
        """Take a body out of the world with its shapes and the joints still in
        it (a face-down disc's hold may already have been released)."""
        live = set(self.space.constraints)
        self.holds.pop(body, None)
        self.space.remove(body, *body.shapes, *(c for c in body.constraints if c in live))
        self.removals += 1
        self.left.add(body)

    def remove(self, i: int) -> None:
        body = self.bodies[i]
        self.detach(body)
        kind = EventKind.JAMMER_OFF if self.ids[i] == JAMMER else EventKind.BLACK_HOLE
        self.events.append(Event(kind, self.t, self.ids[i]))


_FIELDS = (
    pymunk.batch.BodyFields.BODY_ID
    | pymunk.batch.BodyFields.POSITION
    | pymunk.batch.BodyFields.ANGLE
    | pymunk.batch.BodyFields.VELOCITY
    | pymunk.batch.BodyFields.ANGULAR_VELOCITY
)


def heads_onto(x: float, y: float, vx: float, vy: float, reach: float) -> bool:
    """True when a piece at (x, y) moving at (vx, vy) is heading for the circle
    of radius ``reach`` round the planet's centre (it would cross it ahead)."""
    speed = math.hypot(vx, vy)
    if speed == 0.0:
        return False
    return ray_circle((x, y), (vx / speed, vy / speed), reach) is not None


#: bytes of a body's row in a batch read: x, y, angle, vx, vy, w
_ROW = 6 * 8
#: a margin far beyond any rounding (a millionth of a millimetre at the rim)
_MARGIN = 1e-9


@functools.lru_cache(maxsize=64)
def _reaches(R: float, radii: tuple[float, ...]) -> tuple[float, ...]:
    """For each radius, how far from the middle a piece's centre may be
    (``math.hypot``) and the piece surely not reach past the rim of radius
    ``R``: hypot(x, y) + radius > R cannot hold within it, whatever the
    rounding."""
    return tuple(max(0.0, (R - r) * (1.0 - _MARGIN)) for r in radii)


def simulate(layout: Layout, launch: Launch, params: Params | None = None) -> Trajectory:
    """Run one launch to rest. Raises ValueError (before stepping) on bad input.

    Between two frames (``steps_per_frame`` steps) no Python runs but the hit
    callbacks. A frame reads every body at once (``pymunk.batch``), keeps
    the bytes as they came for the playback (put together once, at the end,
    with numpy) and checks them in a few passes of ``map`` over the numbers,
    which cost less than numpy's calls at this size: a piece whose speed
    (``math.hypot``) is over the rest speed by a margin far beyond rounding
    is surely not at rest, and only when none is does the exact rest test
    run (``vx * vx + vy * vy <= rest_speed ** 2`` and the spin); the rim's
    and the black hole's exact test (numpy's ``hypot``, as always) runs for
    the pieces whose centre is near enough the rim for it to matter
    (:func:`_reaches`). The trajectory is the same, to the bit, as when every
    test ran on every piece."""
    world = World(layout, launch, params)
    p = world.p
    space = world.space
    bodies = world.bodies
    ids = world.ids
    n = len(bodies)
    per_frame = p.sim.steps_per_frame
    max_steps = p.sim.max_steps
    fps = p.sim.hz / per_frame
    R = world.board.outer_radius
    radii = world.radii
    # bodies come back from the batch call in the space's order, which changes
    # as bodies leave: map Chipmunk's body ids back to our indices
    body_ids = [body.id for body in bodies]
    index_of = {body_id: i for i, body_id in enumerate(body_ids)}
    rest_v2 = p.sim.rest_speed**2
    rest_w = p.sim.rest_spin
    #: faster than this (``math.hypot``), a piece is surely not at rest
    fast = p.sim.rest_speed * (1.0 + _MARGIN)
    reaches = _reaches(R, tuple(radii))
    buffer = pymunk.batch.Buffer()
    #: the pieces that hung over the rim at the last frame
    overhang: set[int] = set()
    launched = world.launched_index

    #: every frame: our bodies' rows, as Chipmunk listed them
    recorded: list[bytes] = []
    #: (the first frame it holds for, our index of each row's body): Chipmunk
    #: lists the bodies in an order that changes only when one leaves, so
    #: this is worked out again only then
    spans: list[tuple[int, list[int]]] = []
    order: list[int] = []
    #: the bytes of our rows in a batch read: one stretch, or row by row
    take: slice | list[int] = slice(0)
    #: each row's reach (see _reaches)
    row_reach: list[float] = []
    #: World.removals when the rows were last worked out
    seen = -1
    #: whether the launched disc has been over the planet yet (see heads_onto)
    reached = False

    def read() -> memoryview[float]:
        """Record a frame: our bodies' rows (x, y, angle, vx, vy, w), body
        ``order[k]`` in row k."""
        nonlocal order, take, row_reach, seen
        buffer.clear()
        pymunk.batch.get_space_bodies(space, _FIELDS, buffer)
        if seen != world.removals:
            listed = memoryview(buffer.int_buf()).cast("B").cast("P").tolist()
            if listed[:n] == body_ids:  # as they were added (the static body, the pads', after)
                order = list(range(n))
                take = slice(0, _ROW * n)
            else:
                rows = [k for k, body_id in enumerate(listed) if body_id in index_of]
                order = [index_of[listed[k]] for k in rows]
                take = rows
                if rows and rows[-1] - rows[0] + 1 == len(rows):
                    take = slice(_ROW * rows[0], _ROW * (rows[-1] + 1))
            row_reach = [reaches[i] for i in order]
            seen = world.removals
            spans.append((len(recorded), order))
        floats = buffer.float_buf()
        if isinstance(take, slice):
            mine = floats[take]
        else:
            mine = b"".join(floats[_ROW * k : _ROW * (k + 1)] for k in take)
        recorded.append(mine)
        return memoryview(mine).cast("d")

    def rim(values: memoryview[float]) -> None:
        """The rim's and the black hole's exact test, hypot(x, y) + radius > R
        with numpy's hypot, for the rows whose piece may reach past the rim."""
        nonlocal reached, overhang
        # (row, body, hypot - radius, hypot + radius)
        near = []
        far = map(gt, map(hypot, values[0::6], values[1::6]), row_reach)
        for k in compress(count(), far):
            i = order[k]
            d = np.hypot(values[6 * k], values[6 * k + 1])
            near.append((k, i, float(d - radii[i]), float(d + radii[i])))
        if not reached:
            # over the planet unless hypot(x, y) - radius >= R
            reached = launched in order and all(
                inner < R for _, i, inner, _ in near if i == launched
            )
        if not any(outer > R for *_, outer in near):
            overhang = set()
            return
        # somebody is at the rim: the rare case
        hanging = {i for _, i, inner, outer in near if outer > R and inner < R}
        for _, i, _, _ in near:
            if i in hanging and i not in overhang:
                world.events.append(Event(EventKind.EDGE, world.t, ids[i]))
        overhang = hanging
        for k, i, inner, _ in near:
            if inner < R:
                continue
            x, y, vx, vy = values[6 * k], values[6 * k + 1], values[6 * k + 3], values[6 * k + 4]
            if world.supported_by_pad(x, y, radii[i]) is not None:
                continue
            if i == launched and not reached and heads_onto(x, y, vx, vy, R + radii[i]):
                continue  # on its way from its pad to the planet
            world.remove(i)

    def frame() -> bool:
        """Record a frame, check the rim and the black hole; True when at rest."""
        nonlocal overhang
        values = read()
        if not reached or any(map(gt, map(hypot, values[0::6], values[1::6]), row_reach)):
            rim(values)
        else:
            overhang = set()
        vx, vy = values[3::6], values[4::6]
        if max(map(hypot, vx, vy), default=0.0) > fast:
            return False
        return (
            max(map(add, map(mul, vx, vx), map(mul, vy, vy)), default=0.0) <= rest_v2
            and max(map(abs, values[5::6]), default=0.0) <= rest_w
        )

    frame()  # before the first step: the rim's test (what it says of the rest is never asked)
    at_rest = False
    while world.steps < max_steps:
        world.step(min(per_frame, max_steps - world.steps))
        if frame():
            at_rest = True
            break

    # where each piece came to rest: the last frame read (nothing moved since)
    values = memoryview(recorded[-1]).cast("d")
    pose = dict(zip(order, zip(values[0::6], values[1::6], values[2::6]), strict=True))
    # settle what rests off the board: the launched disc on its own pad is
    # handed back (P4); anything else resting on a pad goes to the black hole
    stayed_on_pad = False
    for i, body in enumerate(bodies):
        if body in world.left:
            continue
        x, y, _ = pose[i]
        if world.board.on_board(x, y, radii[i]):
            continue
        if i == launched and world.pads[launch.seat].holds(x, y, radii[i]):
            stayed_on_pad = True
            world.detach(body)
            continue
        world.remove(i)
    if world.left:
        read()  # the last frame shows what left at the end
    playback = np.full((len(recorded), n, 3), np.nan)
    for k, (first, span_order) in enumerate(spans):
        last = spans[k + 1][0] if k + 1 < len(spans) else len(recorded)
        block = np.frombuffer(b"".join(recorded[first:last]), dtype=np.float64)
        rows = np.array(span_order, dtype=np.intp)
        playback[first:last, rows] = block.reshape(last - first, -1, 6)[:, :, :3]

    where = {ident: i for i, ident in enumerate(ids)}
    discs = []
    for d in (*layout.discs, launch.disc):
        i = where[d.id]
        if bodies[i] in world.left:
            continue
        x, y, angle = pose[i]
        discs.append(d.moved(x, y, angle))
    jammer = None
    jammer_lost = False
    if world.jammer_index is not None:
        if bodies[world.jammer_index] not in world.left:
            jammer = pose[world.jammer_index][:2]
        else:
            jammer_lost = True
    pads = tuple(
        launch.pad if s == launch.seat else layout.pad_of(s) for s in range(layout.players)
    )
    final = Layout(layout.players, tuple(discs), jammer, pads)
    lost = tuple(e.a for e in world.events if e.kind is EventKind.BLACK_HOLE)
    return Trajectory(
        ids=tuple(ids),
        frames=playback,
        fps=fps,
        events=tuple(world.events),
        final=final,
        steps=world.steps,
        at_rest=at_rest,
        launched=launch.disc.id,
        stayed_on_pad=stayed_on_pad,
        lost=lost,
        jammer_lost=jammer_lost,
    )
