"""Planepita's aim as pure maths: the slide law, aim angles, and the pull and
swipe gestures that become a flick. No pygame, no pymunk.

Everything is in board millimetres (planet centre at the origin, y up; see
``board.py``); angles are degrees from straight in (towards the planet's
centre), positive counter-clockwise, as a ``Flick`` carries them.

- **The slide law.** The physics brakes a sliding piece with Coulomb friction,
  a constant deceleration mu*g, so a piece launched at v slides v^2/(2*mu*g)
  before it stops (:func:`slide_distance`), and to slide d and still move at
  u it needs sqrt(u^2 + 2*mu*g*d) (:func:`slide_speed`). The scene's aim line,
  the bots' candidate shots and the physics tuning tool all use these two.
- **The aim formula.** :func:`aim_angle` turns a direction into an aim from a
  pad, :func:`aim_direction` an aim back into a direction (the physics
  launches along it), :func:`aim_at` gives the aim and the distance from a
  pad's disc to a target.
- **The pull** (the default gesture): press on the disc on the pad, pull back,
  release; the disc flies opposite the pull. Up to :data:`PULL_REACH_MM` the
  pull's length sets, linearly, how far the disc would slide on an empty
  board, up to just past the far rim (:func:`reach_mm`); from there to
  :data:`PULL_FULL_MM` the speed rises to the top speed, for hard hits
  (:func:`pull_speed`, inverted by :func:`pull_length`).
- **The swipe**: press on the disc and swipe it forward. The swipe's speed
  on the screen (window pixels a second, whatever the window's size: a hand
  moves the same way on any screen) sets how far the disc slides, as a pull's
  length does: a natural swipe, 200 px in 0.2 s (:data:`SWIPE_CENTRE_PX_S`),
  sends it to the planet's centre; faster swipes reach the far rim, then the
  top speed (:func:`swipe_speed`, :func:`swipe_flick`).
- **The prediction**: where a launch would stop, or leave the board, on an
  empty board (:func:`predict`); the aim line ends at its :attr:`AimPrediction.tip`.
  The launched disc leaves its pad in any direction (it never meets its own
  pad's walls), so the prediction is a straight line at every aim.
- **The pad drag**: the position (0..1) along a seat's stretch nearest a
  point (:func:`pad_position`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita.board import Board, PadPose, default_board
from tabletop.games.planepita.params import Params

#: a pull this long (board mm) sends the disc to :func:`reach_mm`, just past the far rim;
#: up to it, the pull's length maps linearly to the distance the disc slides
PULL_REACH_MM = 100.0
#: a pull this long (board mm) gives the top speed (past PULL_REACH_MM only the speed grows)
PULL_FULL_MM = 120.0
#: how far past the far rim (disc entirely off) a pull of PULL_REACH_MM sends a disc, mm
REACH_BEYOND_MM = 20.0
#: how far past the rim the aim line goes when the disc would leave the board, mm
OFF_TIP_MM = 14.0
#: a pull or swipe shorter than this (board mm) is no launch at all (speed 0)
DEAD_MM = 3.0
#: a swipe this fast (window pixels a second) sends the disc to the planet's
#: centre; the slide grows with the swipe's speed, linearly, up to reach_mm
SWIPE_CENTRE_PX_S = 1000.0
#: from the swipe that reaches just past the far rim, this many times faster
#: gives the top speed (the swipe's counterpart of PULL_FULL_MM / PULL_REACH_MM)
SWIPE_FULL_FACTOR = 1.5
#: a swipe is timed as lasting at least this long (one frame at 60 Hz), s
SWIPE_MIN_SECONDS = 1 / 60


# -- the slide law ---------------------------------------------------------------------


def _mu_g(params: Params | None, mu: float | None) -> float:
    p = params if params is not None else params_mod.default()
    return (p.friction.mu_face_up if mu is None else mu) * p.friction.g


def slide_distance(speed: float, params: Params | None = None, *, mu: float | None = None) -> float:
    """How far a piece launched at ``speed`` mm/s slides on an empty board before
    it stops, mm: v^2 / (2 mu g). ``mu`` is a face-up disc's unless given."""
    return speed * speed / (2.0 * _mu_g(params, mu))


def slide_speed(
    distance: float, params: Params | None = None, *, mu: float | None = None, arrive: float = 0.0
) -> float:
    """The launch speed, mm/s, at which a piece slides ``distance`` mm and then
    still moves at ``arrive`` mm/s (0: it stops there): sqrt(arrive^2 + 2 mu g d).
    ``mu`` is a face-up disc's unless given; a negative distance counts as 0."""
    return math.sqrt(arrive * arrive + 2.0 * _mu_g(params, mu) * max(0.0, distance))


# -- the aim formula -------------------------------------------------------------------


def aim_angle(pose: PadPose, dx: float, dy: float) -> float:
    """The aim (degrees from straight in, positive counter-clockwise) of a
    launch from ``pose`` in the board direction (dx, dy); 0 for no direction."""
    if dx == 0 and dy == 0:
        return 0.0
    ix, iy = pose.inward
    return math.degrees(math.atan2(ix * dy - iy * dx, ix * dx + iy * dy))


def aim_from(pose: PadPose, dx: float, dy: float, max_angle: float) -> float:
    """:func:`aim_angle`, clamped to ±max_angle."""
    return max(-max_angle, min(max_angle, aim_angle(pose, dx, dy)))


def aim_direction(pose: PadPose, angle: float) -> tuple[float, float]:
    """The unit vector a launch from ``pose`` at ``angle`` degrees moves along:
    the pad's inward direction turned by ``angle``."""
    a = math.radians(angle)
    ix, iy = pose.inward
    return (ix * math.cos(a) - iy * math.sin(a), ix * math.sin(a) + iy * math.cos(a))


def aim_at(pose: PadPose, target: tuple[float, float]) -> tuple[float, float]:
    """(aim angle, distance in mm) from the disc's start on ``pose`` to ``target``."""
    dx, dy = target[0] - pose.start[0], target[1] - pose.start[1]
    return aim_angle(pose, dx, dy), math.hypot(dx, dy)


# -- the pull ---------------------------------------------------------------------------


def centre_mm(board: Board) -> float:
    """From a disc on a pad straight in to the planet's centre, mm."""
    return board.outer_radius + board.pad_gap + board.pad_depth * board.pad_start


def reach_mm(board: Board) -> float:
    """From a disc on a pad straight across the planet to just past the far rim, mm."""
    return centre_mm(board) + board.outer_radius + board.disc_radius + REACH_BEYOND_MM


def pull_speed(
    length: float, max_speed: float, board: Board, params: Params | None = None
) -> float:
    """The launch speed of a pull ``length`` mm long (0 below DEAD_MM).

    Up to PULL_REACH_MM the pull sets the slide distance linearly (0 .. reach_mm);
    from there to PULL_FULL_MM the speed rises linearly to ``max_speed``.
    Monotonic; never above ``max_speed``."""
    if length < DEAD_MM:
        return 0.0
    reach = reach_mm(board)
    if length <= PULL_REACH_MM:
        return min(max_speed, slide_speed(length / PULL_REACH_MM * reach, params))
    v_reach = min(max_speed, slide_speed(reach, params))
    f = min(1.0, (length - PULL_REACH_MM) / (PULL_FULL_MM - PULL_REACH_MM))
    return v_reach + (max_speed - v_reach) * f


def pull_length(
    speed: float, max_speed: float, board: Board, params: Params | None = None
) -> float:
    """The pull, mm, that gives ``speed``: the inverse of :func:`pull_speed`
    (used to show a bot's pull back)."""
    if speed <= 0:
        return 0.0
    reach = reach_mm(board)
    v_reach = min(max_speed, slide_speed(reach, params))
    if speed <= v_reach or max_speed <= v_reach:
        return max(
            DEAD_MM, min(PULL_REACH_MM, slide_distance(speed, params) / reach * PULL_REACH_MM)
        )
    f = (min(speed, max_speed) - v_reach) / (max_speed - v_reach)
    return PULL_REACH_MM + f * (PULL_FULL_MM - PULL_REACH_MM)


def pull_flick(
    pose: PadPose,
    mouse_mm: tuple[float, float],
    max_speed: float,
    max_angle: float,
    board: Board | None = None,
    params: Params | None = None,
) -> tuple[float, float]:
    """(angle, speed) of a pull from the disc's centre back to ``mouse_mm``;
    the speed is whole mm/s, as the Flick carries it."""
    dx, dy = pose.start[0] - mouse_mm[0], pose.start[1] - mouse_mm[1]
    length = math.hypot(dx, dy)
    if length < DEAD_MM:
        return 0.0, 0.0
    speed = pull_speed(length, max_speed, board if board is not None else default_board(), params)
    return aim_from(pose, dx, dy, max_angle), float(min(max_speed, round(speed)))


# -- the swipe ----------------------------------------------------------------------------


def swipe_speed(rate: float, max_speed: float, board: Board, params: Params | None = None) -> float:
    """The launch speed of a swipe moving ``rate`` window pixels a second.

    Up to the rate that reaches just past the far rim, the rate sets the slide
    distance linearly (:data:`SWIPE_CENTRE_PX_S` slides to the centre); from
    there to :data:`SWIPE_FULL_FACTOR` times that rate the speed rises
    linearly to ``max_speed``. Monotonic; never above ``max_speed``."""
    if rate <= 0:
        return 0.0
    reach = reach_mm(board)
    reach_rate = SWIPE_CENTRE_PX_S * reach / centre_mm(board)
    if rate <= reach_rate:
        return min(max_speed, slide_speed(rate / SWIPE_CENTRE_PX_S * centre_mm(board), params))
    v_reach = min(max_speed, slide_speed(reach, params))
    f = min(1.0, (rate - reach_rate) / (reach_rate * (SWIPE_FULL_FACTOR - 1.0)))
    return v_reach + (max_speed - v_reach) * f


def swipe_flick(
    pose: PadPose,
    start_mm: tuple[float, float],
    end_mm: tuple[float, float],
    seconds: float,
    max_speed: float,
    max_angle: float,
    pixels_per_mm: float,
    board: Board | None = None,
    params: Params | None = None,
) -> tuple[float, float]:
    """(angle, speed) of a swipe from ``start_mm`` to ``end_mm`` in
    ``seconds``, on a screen showing ``pixels_per_mm`` window pixels per board
    millimetre; the speed is whole mm/s, as the Flick carries it."""
    dx, dy = end_mm[0] - start_mm[0], end_mm[1] - start_mm[1]
    length = math.hypot(dx, dy)
    if length < DEAD_MM:
        return 0.0, 0.0
    rate = length * pixels_per_mm / max(seconds, SWIPE_MIN_SECONDS)
    speed = swipe_speed(rate, max_speed, board if board is not None else default_board(), params)
    return aim_from(pose, dx, dy, max_angle), float(min(max_speed, round(speed)))


# -- where a launch goes --------------------------------------------------------------------


@dataclass(frozen=True)
class AimPrediction:
    """Where a launch goes on an empty board, in mm along the aim from the disc's start."""

    stop: float  # where the disc would come to rest
    #: where it would leave the world: entirely off the board, or off its pad
    #: short of the planet (None: it stays)
    exit: float | None
    short: bool  # it stops while still over its pad (it is handed back, P4)

    @property
    def tip(self) -> float:
        """Where the aim line ends: at the stop, or OFF_TIP_MM past the exit
        (never past the stop)."""
        return self.stop if self.exit is None else min(self.stop, self.exit + OFF_TIP_MM)


def ray_circle(
    start: tuple[float, float], direction: tuple[float, float], radius: float
) -> tuple[float, float] | None:
    """(in, out): how far along the unit ``direction`` from ``start`` a ray
    enters and leaves the circle of ``radius`` round the planet's centre, or
    None when it misses the circle or the circle lies wholly behind it."""
    sx, sy = start
    ux, uy = direction
    b = sx * ux + sy * uy
    c = sx * sx + sy * sy - radius * radius
    disc = b * b - c
    if disc < 0:
        return None
    root = math.sqrt(disc)
    if -b + root <= 0:
        return None
    return (-b - root, -b + root)


def predict(
    board: Board, pose: PadPose, angle: float, speed: float, params: Params | None = None
) -> AimPrediction:
    """The straight slide of a launch on an empty board (no other pieces; the
    disc leaves its own pad in any direction, as the physics has it).

    The disc stays on its pad (``short``, ruling P4) when it stops while still
    over it. On its way to the planet it may cross the table beside its pad;
    it is lost where it stops there, or where it leaves its pad when the aim
    misses the planet."""
    stop = slide_distance(speed, params)
    direction = aim_direction(pose, angle)
    on_pad = pose.lane_exit(direction)
    off_r = board.outer_radius + board.disc_radius  # beyond this the disc is off (Board.on_board)
    span = ray_circle(pose.start, direction, off_r)
    if span is None:  # the aim passes the planet by
        if stop <= on_pad:
            return AimPrediction(stop, None, True)
        return AimPrediction(stop, on_pad, False)
    t_in, t_out = span
    if stop <= t_in:
        if stop <= on_pad:
            return AimPrediction(stop, None, True)
        return AimPrediction(stop, stop, False)  # it stops on the table, short of the planet
    if stop < t_out:
        return AimPrediction(stop, None, False)
    return AimPrediction(stop, t_out, False)


# -- the pad drag ----------------------------------------------------------------------------


def pad_position(board: Board, players: int, seat: int, x: float, y: float) -> float:
    """The pad position (0..1) along ``seat``'s stretch nearest the point (x, y)."""
    lo, hi = board.stretch_arc(players, seat)
    mid = (lo + hi) / 2
    a = math.degrees(math.atan2(y, x))
    a = (a - mid + 180.0) % 360.0 - 180.0 + mid  # into [mid - 180, mid + 180)
    return min(1.0, max(0.0, (a - lo) / (hi - lo)))
