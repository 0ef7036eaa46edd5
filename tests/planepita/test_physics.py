"""Planepita's shot simulator against physical laws and the rulings.

Nothing here is a tuned constant: every number comes from ``params.default()``
(or an override of it) and ``Board``. Most shots use 3 players: seat 0's pad
stands at the bottom (270°) and no pad stands opposite it, so a straight shot
crosses the planet without meeting another pad.
"""

from __future__ import annotations

import hashlib
import math
import os
import subprocess
import sys
from dataclasses import fields, replace
from pathlib import Path

import numpy as np
import pymunk
import pytest

from tabletop.games.planepita import params
from tabletop.games.planepita.board import Board
from tabletop.games.planepita.model import Disc, Layout
from tabletop.games.planepita.physics import (
    JAMMER,
    EventKind,
    Launch,
    Trajectory,
    World,
    simulate,
)

ROOT = Path(__file__).resolve().parents[2]
P = params.default()
BOARD = Board.from_params(P)
R = BOARD.outer_radius
r = P.disc.radius
PLAYERS = 3
POSE = BOARD.pad_pose(PLAYERS, 0, 0.5)  # seat 0, bottom of the planet, shooting up (+y)
START = POSE.start
#: the smallest friction the schema allows, for collision measurements
TINY = {"friction.mu_face_up": 0.01, "friction.mu_face_down": 0.01, "friction.mu_jammer": 0.01}


def shooter(ident: int = 0) -> Disc:
    return Disc(ident, 0)


def final_disc(traj: Trajectory, ident: int) -> Disc | None:
    return next((d for d in traj.final.discs if d.id == ident), None)


def in_line(y: float) -> Disc:
    """A face-up target on seat 0's line of fire."""
    return Disc(1, 1, START[0], y)


# -- sliding friction: a disc slides v²/(2μg) -----------------------------------------------
#
# The integrator is explicit (Chipmunk moves a body by the velocity it had
# before the step's friction), so a slide overshoots v²/(2μg) by about v·dt/2:
# 1.2% at 1000 mm/s with μ = 0.3 at 240 Hz, less at higher speeds. The speeds
# below keep that well inside 2% and keep the disc on the board.


#: how far the disc should slide, as a fraction of the way from its pad's start
#: to where it would begin to leave the board on the far side
PATH = math.hypot(*START) + R - r


@pytest.mark.parametrize("mu", [None, 0.5], ids=["shipped mu", "mu=0.5"])
@pytest.mark.parametrize("path_fraction", [0.4, 0.6, 0.8, 0.95])
def test_a_lone_disc_stops_after_v_squared_over_2_mu_g(
    mu: float | None, path_fraction: float
) -> None:
    p = P if mu is None else P.with_overrides({"friction.mu_face_up": mu})
    mu_up, g = p.friction.mu_face_up, p.friction.g
    expected = path_fraction * PATH
    v = math.sqrt(2 * mu_up * g * expected)
    assert v <= p.launch.max_speed
    traj = simulate(Layout(PLAYERS, discs=(), jammer=None), Launch(0, shooter(), speed=v), p)
    assert traj.at_rest and not traj.stayed_on_pad and traj.lost == ()
    end = final_disc(traj, 0)
    assert end is not None, "the disc should stay on the board"
    travelled = math.dist(START, (end.x, end.y))
    assert travelled == pytest.approx(expected, rel=0.02), (
        f"{v=:.0f} mm/s: {travelled=:.2f} mm, {expected=:.2f} mm"
    )
    # straight in: it stays on the line of fire
    assert end.x == pytest.approx(START[0], abs=1e-6)


def test_doubling_mu_halves_the_slide() -> None:
    v = 0.5 * P.launch.max_speed
    dist = {}
    for mu in (0.25, 0.5):
        p = P.with_overrides({"friction.mu_face_up": mu})
        end = final_disc(
            simulate(Layout(PLAYERS, jammer=None), Launch(0, shooter(), speed=v), p), 0
        )
        assert end is not None
        dist[mu] = math.dist(START, (end.x, end.y))
    assert dist[0.5] / dist[0.25] == pytest.approx(0.5, rel=0.02)


# -- collisions, measured by stepping a World ----------------------------------------------------


def collide(world: World, a: int, b: int) -> tuple[dict, dict]:
    """Step until bodies ``a`` and ``b`` touch and separate again; return their
    state the step before the first contact and the step after separation."""
    ia, ib = world.ids.index(a), world.ids.index(b)
    A, B = world.bodies[ia], world.bodies[ib]
    reach = world.radii[ia] + world.radii[ib]

    def state() -> dict:
        return {
            "va": A.velocity,
            "vb": B.velocity,
            "pa": A.position,
            "pb": B.position,
            "ma": A.mass,
            "mb": B.mass,
        }

    before = None
    for _ in range(4 * world.p.sim.hz):
        snap = state()
        world.step()
        touching = A.position.get_distance(B.position) < reach
        if before is None and touching:
            before = snap
            normal = (B.position - A.position).normalized()
        elif before is not None and not touching:
            after = state()
            after["n"] = normal
            before["n"] = normal
            return before, after
    raise AssertionError("the bodies never touched and separated")


def momentum(s: dict) -> pymunk.Vec2d:
    return s["va"] * s["ma"] + s["vb"] * s["mb"]


def restitution(before: dict, after: dict) -> float:
    n = before["n"]
    return (after["vb"].dot(n) - after["va"].dot(n)) / (before["va"].dot(n) - before["vb"].dot(n))


@pytest.mark.parametrize("offset_in_radii", [0.0, 0.3, 0.7, 1.2, 1.8])
def test_momentum_is_conserved_in_a_free_disc_disc_hit(offset_in_radii: float) -> None:
    """With the schema's smallest μ, friction takes μ·g·dt ≈ 0.4 mm/s per step
    from each disc, far below 1% of the momentum over the 2-3 contact steps."""
    p = P.with_overrides(TINY)
    target = Disc(1, 1, START[0] + offset_in_radii * r, -100.0)
    world = World(
        Layout(PLAYERS, (target,), None), Launch(0, shooter(), speed=0.5 * p.launch.max_speed), p
    )
    before, after = collide(world, 0, 1)
    p0, p1 = momentum(before), momentum(after)
    err = (p1 - p0).length / p0.length
    assert err < 0.01, f"momentum error {100 * err:.3f}%"
    if offset_in_radii:  # a glancing hit sends the target off the line of fire
        assert abs(after["vb"].x) > 1.0


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"restitution.disc_disc": 0.5},
        {"restitution.disc_disc": 0.3, "restitution.disc_jammer": 0.7},
    ],
    ids=["shipped", "disc_disc=0.5", "disc_disc=0.3,disc_jammer=0.7"],
)
def test_head_on_disc_disc_and_disc_jammer_hits_bounce_with_the_pair_value(overrides: dict) -> None:
    """Tolerance 2%: friction (the smallest μ) changes the ~1000 mm/s closing
    speed by well under 1 mm/s during the contact steps."""
    p = P.with_overrides({**TINY, **overrides})
    v = 0.5 * p.launch.max_speed
    # disc on disc, equal masses
    world = World(Layout(PLAYERS, (in_line(-100.0),), None), Launch(0, shooter(), speed=v), p)
    e = restitution(*collide(world, 0, 1))
    assert e == pytest.approx(p.restitution.disc_disc, rel=0.02, abs=0.005), f"disc-disc e={e:.4f}"
    # disc on jammer, unequal masses
    world = World(Layout(PLAYERS, (), (START[0], 0.0)), Launch(0, shooter(), speed=v), p)
    before, after = collide(world, 0, JAMMER)
    assert before["ma"] != before["mb"]
    e = restitution(before, after)
    assert e == pytest.approx(p.restitution.disc_jammer, rel=0.02, abs=0.005), (
        f"disc-jammer e={e:.4f}"
    )
    err = (momentum(after) - momentum(before)).length / momentum(before).length
    assert err < 0.01


def test_shape_elasticities_follow_the_sqrt_rule() -> None:
    for dd, dj, dp in [(0.9, 0.85, 0.55), (0.5, 0.6, 0.3), (0.64, 0.2, 0.8)]:
        p = P.with_overrides(
            {"restitution.disc_disc": dd, "restitution.disc_jammer": dj, "restitution.disc_pad": dp}
        )
        world = World(Layout(PLAYERS, (in_line(0.0),)), Launch(0, shooter()), p)
        el = world.elasticity
        assert el["disc"] == pytest.approx(math.sqrt(dd))
        assert el["disc"] * el["disc"] == pytest.approx(dd)
        assert el["disc"] * el["jammer"] == pytest.approx(dj)
        assert el["disc"] * el["pad"] == pytest.approx(dp)


def runner_on_the_pad(p: params.Params, angle: float, speed: float) -> tuple[World, pymunk.Body]:
    """A world with a disc that is not the launched one (a disc knocked back
    onto the pad) sitting where the launched disc starts and moving at
    ``speed`` along ``angle``; the launched disc is taken out of the world."""
    world = World(
        Layout(PLAYERS, (Disc(1, 1, *START),), None),
        Launch(0, shooter(), angle=angle, speed=speed),
        p,
    )
    launched = world.bodies[world.launched_index]
    world.detach(launched)
    body = world.bodies[world.ids.index(1)]
    body.velocity = launched.velocity
    return world, body


def wall_bounce(p: params.Params, angle: float, back: bool = False) -> float:
    """e = |v_n after| / |v_n before| for a disc other than the launched one
    against the pad's side wall (aimed at ``angle``) or back wall (sent
    backwards)."""
    speed = 0.5 * p.launch.max_speed
    world, body = runner_on_the_pad(p, angle, speed)
    pose = world.pads[0]
    if back:
        body.velocity = (-pose.inward[0] * speed, -pose.inward[1] * speed)
        normal = pymunk.Vec2d(*pose.inward)
        limit = pose.depth - pose.wall - r  # centre's forward distance at contact

        def touching() -> bool:
            return pose.local(*body.position)[0] > limit
    else:
        normal = pymunk.Vec2d(*pose.across)
        limit = pose.width / 2 - pose.wall - r

        def touching() -> bool:
            return abs(pose.local(*body.position)[1]) > limit

    before = None
    for _ in range(p.sim.hz):
        v = body.velocity
        world.step()
        if before is None and touching():
            before = v
        elif before is not None and not touching():
            assert any(e.a == 1 and e.b is not None and e.b <= -10 for e in world.events), (
                "no pad hit reported"
            )
            return abs(body.velocity.dot(normal)) / abs(before.dot(normal))
    raise AssertionError("the disc never hit the wall")


@pytest.mark.parametrize(
    "overrides",
    [
        {},
        {"restitution.disc_disc": 0.5, "restitution.disc_pad": 0.3},
        {"restitution.disc_disc": 0.25, "restitution.disc_pad": 0.8},
    ],
    ids=["shipped", "disc_disc=0.5,disc_pad=0.3", "disc_disc=0.25,disc_pad=0.8"],
)
def test_a_disc_bounces_off_pad_walls_with_the_pair_value(overrides: dict) -> None:
    """Tolerance 2%, as above: friction over the contact steps is negligible."""
    p = P.with_overrides({**TINY, **overrides})
    want = p.restitution.disc_pad
    for angle in (p.launch.max_angle, -p.launch.max_angle, p.launch.max_angle / 2):
        e = wall_bounce(p, angle)
        assert e == pytest.approx(want, rel=0.02, abs=0.005), f"side wall at {angle}°: e={e:.4f}"
    e = wall_bounce(p, 0.0, back=True)
    assert e == pytest.approx(want, rel=0.02, abs=0.005), f"back wall: e={e:.4f}"


# -- face-down discs stick ---------------------------------------------------------------


def target_displacement(face_down: bool, speed: float, p: params.Params = P) -> float:
    target = Disc(1, 1, START[0], -150.0, face_down=face_down)
    traj = simulate(Layout(PLAYERS, (target,), None), Launch(0, shooter(), speed=speed), p)
    end = final_disc(traj, 1)
    assert end is not None, "the target left the board"
    return math.dist((target.x, target.y), (end.x, end.y))


@pytest.mark.parametrize("speed_fraction", [0.4, 0.5])
def test_a_face_down_disc_moves_less_than_a_face_up_one_under_the_same_hit(
    speed_fraction: float,
) -> None:
    """Both targets leave the hit with at most the same speed u (the grip only
    takes speed away) and slide u²/(2μg), so the face-down one goes at most
    μ_up/μ_down as far; 25% slack for the v·dt/2 integration overshoot, which
    weighs more on a short slide."""
    v = speed_fraction * P.launch.max_speed
    up = target_displacement(False, v)
    down = target_displacement(True, v)
    bound = P.friction.mu_face_up / P.friction.mu_face_down
    assert up > 10.0
    assert 0.0 < down < up
    assert down < 1.25 * bound * up, f"face up {up:.2f} mm, face down {down:.2f} mm"


def nudge(face_down: bool, impact: float, p: params.Params = P) -> float:
    """Send the launched disc into a resting target at ``impact`` mm/s from
    just touching it; return how far the target moves."""
    target = Disc(1, 1, START[0], -150.0, face_down=face_down)
    world = World(Layout(PLAYERS, (target,), None), Launch(0, shooter(), speed=impact), p)
    body = world.bodies[world.launched_index]
    body.position = (target.x, target.y - 2 * r)
    body.velocity = (0.0, impact)
    world.step(p.sim.hz)  # a second: everything has stopped
    tb = world.bodies[world.ids.index(1)]
    assert world.at_rest()
    return tb.position.get_distance((target.x, target.y))


def test_a_soft_hit_does_not_move_a_face_down_disc_but_a_hard_one_does() -> None:
    """A face-down disc's hold absorbs the impulse of a head-on hit up to
    friction.break_away_speed: a hit at half that speed moves nothing, while
    the same hit moves a face-up disc; a hit at top speed breaks it free."""
    soft = 0.5 * P.friction.break_away_speed
    assert nudge(True, soft) < 0.1
    assert nudge(False, soft) > 0.1
    hard = P.launch.max_speed
    moved_down = nudge(True, hard)
    moved_up_far = target_displacement(False, 0.5 * hard)
    assert 0.1 < moved_down < moved_up_far


# -- the rim and the black hole -----------------------------------------------------------


def first_nan_frame(traj: Trajectory, ident: int) -> int:
    col = traj.frames[:, traj.ids.index(ident), :]
    gone = np.isnan(col).all(axis=1)
    assert gone.any()
    first = int(np.argmax(gone))
    assert gone[first:].all(), "a body came back after leaving the world"
    assert np.isfinite(col[:first]).all()
    return first


def test_a_disc_knocked_fully_off_the_board_goes_to_the_black_hole() -> None:
    traj = simulate(
        Layout(PLAYERS, (in_line(200.0),), None), Launch(0, shooter(), speed=P.launch.max_speed)
    )
    holes = [e for e in traj.events if e.kind is EventKind.BLACK_HOLE]
    assert [e.a for e in holes] == [1] and traj.lost == (1,)
    assert final_disc(traj, 1) is None and final_disc(traj, 0) is not None
    first = first_nan_frame(traj, 1)
    assert holes[0].t <= first / traj.fps + 1e-9
    # the last place it was seen is entirely off the board
    x, y, _ = traj.frames[first - 1, traj.ids.index(1)]
    assert math.hypot(x, y) - r >= R - P.launch.max_speed / traj.fps
    # the launched disc was hit-reported against it
    assert any(e.kind is EventKind.HIT and {e.a, e.b} == {0, 1} for e in traj.events)


def test_the_jammer_knocked_off_gives_jammer_off() -> None:
    traj = simulate(
        Layout(PLAYERS, (), (START[0], 200.0)), Launch(0, shooter(), speed=P.launch.max_speed)
    )
    kinds = [e.kind for e in traj.events]
    assert EventKind.JAMMER_OFF in kinds and EventKind.BLACK_HOLE not in kinds
    assert traj.final.jammer is None and traj.jammer_lost
    assert traj.lost == ()
    first_nan_frame(traj, JAMMER)


def test_the_jammer_hit_gently_stays() -> None:
    traj = simulate(
        Layout(PLAYERS, (), (START[0], 0.0)), Launch(0, shooter(), speed=0.45 * P.launch.max_speed)
    )
    assert traj.final.jammer is not None and not traj.jammer_lost
    assert any(e.kind is EventKind.HIT and JAMMER in (e.a, e.b) for e in traj.events)


def test_a_disc_stopping_over_the_rim_stays_in_area_3_with_an_edge_event() -> None:
    """Aim for the launched disc's centre to stop exactly on the far rim: half
    of it hangs over; ±r of error (several % of the slide) would still hang."""
    g, mu = P.friction.g, P.friction.mu_face_up
    v = math.sqrt(2 * mu * g * (math.hypot(*START) + R))
    traj = simulate(Layout(PLAYERS, jammer=None), Launch(0, shooter(), speed=v))
    end = final_disc(traj, 0)
    assert end is not None and traj.lost == ()
    assert BOARD.overhangs(end.x, end.y, r) and BOARD.area_of(end.x, end.y, r) == 3
    edges = [e for e in traj.events if e.kind is EventKind.EDGE and e.a == 0]
    assert len(edges) == 2  # crossing the near rim off the pad, then the far one
    assert edges[1].t > edges[0].t


def test_a_weak_launch_that_stays_on_the_pad_is_handed_back() -> None:
    """Ruling P4: the disc is not on the board afterwards and is not lost."""
    g, mu = P.friction.g, P.friction.mu_face_up
    forward = BOARD.pad_depth * BOARD.pad_start  # from the start to the pad's front edge
    v = 0.5 * math.sqrt(2 * mu * g * forward)  # slides a quarter of that
    traj = simulate(Layout(PLAYERS, (in_line(100.0),)), Launch(0, shooter(5), speed=v))
    assert traj.stayed_on_pad and traj.at_rest
    assert final_disc(traj, 5) is None
    assert traj.lost == () and not any(e.kind is EventKind.BLACK_HOLE for e in traj.events)
    assert final_disc(traj, 1) == in_line(100.0)
    assert traj.final.jammer == (0.0, 0.0)


# -- the step cap ------------------------------------------------------------------------


def test_the_step_cap_always_ends_a_shot() -> None:
    lo = params.SCHEMA["sim"]["max_seconds"][1]
    p = P.with_overrides({**TINY, "sim.max_seconds": lo})
    # slow enough to be still on the board and still moving when the cap strikes
    traj = simulate(
        Layout(PLAYERS, (), None), Launch(0, shooter(), speed=0.1 * p.launch.max_speed), p
    )
    assert not traj.at_rest
    assert traj.steps <= p.sim.max_steps
    assert traj.steps >= p.sim.max_steps - p.sim.steps_per_frame
    assert final_disc(traj, 0) is not None


# -- determinism ---------------------------------------------------------------------------


def busy_shot() -> tuple[Layout, Launch]:
    """Twelve discs on three rings round the jammer, some face down, and a
    top-speed shot aimed into the thick of them."""
    discs = []
    for i in range(12):
        ring, k = divmod(i, 4)
        a = math.radians(-130 + 30 * k + 9 * ring)
        d = 70 + 45 * ring
        discs.append(
            Disc(
                i + 1, i % 3, d * math.cos(a), d * math.sin(a), angle=0.1 * i, face_down=i % 5 == 0
            )
        )
    layout = Layout(PLAYERS, tuple(discs), (5.0, -3.0), (0.2, 0.7, 0.9))
    launch = Launch(0, Disc(20, 0), pad=0.45, angle=3.0, speed=P.launch.max_speed)
    return layout, launch


def test_the_busy_shot_starts_with_nothing_overlapping() -> None:
    layout, _ = busy_shot()
    pieces = [((d.x, d.y), r) for d in layout.discs] + [(layout.jammer, P.jammer.radius)]
    for i, (c1, r1) in enumerate(pieces):
        assert BOARD.area_of(*c1, r1) is not None
        for c2, r2 in pieces[i + 1 :]:
            assert math.dist(c1, c2) > r1 + r2


def fingerprint(traj: Trajectory) -> str:
    h = hashlib.sha256(traj.frames.tobytes())
    h.update(repr(traj.final).encode())
    h.update(repr(traj.events).encode())
    return h.hexdigest()


DIGEST_SCRIPT = """
import hashlib, sys
sys.path.insert(0, {root!r})
from tests.planepita.test_physics import busy_shot, fingerprint
from tabletop.games.planepita.physics import simulate
print(fingerprint(simulate(*busy_shot())))
"""


def test_the_same_shot_gives_the_same_trajectory_in_one_process_and_in_another() -> None:
    layout, launch = busy_shot()
    a, b = simulate(layout, launch), simulate(layout, launch)
    assert len(a.hits()) >= 3  # busy: several collisions
    assert np.array_equal(a.frames, b.frames, equal_nan=True)
    assert a.events == b.events and a.final == b.final and a.steps == b.steps
    here = fingerprint(a)
    assert fingerprint(b) == here
    env = dict(os.environ, PYTHONPATH=str(ROOT), PYTHONHASHSEED="12345")
    out = subprocess.run(
        [sys.executable, "-c", DIGEST_SCRIPT.format(root=str(ROOT))],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == here


def test_a_disc_moved_by_a_shot_keeps_every_other_field() -> None:
    """Disc.moved is dataclasses.replace of x, y and angle, written out: a
    field added to Disc must be passed on there too."""
    d = Disc(7, 2, 1.0, 2.0, 0.5, face_down=True, tokens=("last",))
    assert d.moved(3.0, -4.0, 1.5) == replace(d, x=3.0, y=-4.0, angle=1.5)
    assert [f.name for f in fields(Disc)] == [
        "id",
        "owner",
        "x",
        "y",
        "angle",
        "face_down",
        "tokens",
    ]


# -- bad inputs are refused before any stepping -----------------------------------------------


@pytest.fixture
def no_stepping(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(self: pymunk.Space, dt: float) -> None:
        raise AssertionError("the space was stepped before the input was checked")

    monkeypatch.setattr(pymunk.Space, "step", boom)


OK_LAYOUT = Layout(PLAYERS, (Disc(1, 1, 10.0, 20.0),))
MAX = P.launch


def launch(**kw: object) -> Launch:
    return Launch(**{"seat": 0, "disc": Disc(7, 0), **kw})  # type: ignore[arg-type]


BAD = [
    # speed
    *[
        pytest.param(OK_LAYOUT, launch(speed=s), "speed", id=f"speed={s}")
        for s in (
            math.nan,
            math.inf,
            -math.inf,
            -1.0,
            0.0,
            -0.0,
            MAX.max_speed + 1,
            MAX.max_speed * 10,
        )
    ],
    pytest.param(OK_LAYOUT, launch(speed="fast"), "speed", id="speed=str"),
    # aim
    *[
        pytest.param(OK_LAYOUT, launch(angle=a), "angle", id=f"angle={a}")
        for a in (math.nan, math.inf, MAX.max_angle + 0.01, -MAX.max_angle - 0.01, 180.0)
    ],
    # pad position
    *[
        pytest.param(OK_LAYOUT, launch(pad=x), "pad position", id=f"pad={x}")
        for x in (-0.01, 1.01, math.nan, -math.inf)
    ],
    pytest.param(
        Layout(PLAYERS, (), pads=(0.5, 1.5, 0.5)),
        launch(),
        "seat 1's pad position",
        id="layout pad>1",
    ),
    pytest.param(
        Layout(PLAYERS, (), pads=(0.5, math.nan)),
        launch(),
        "seat 1's pad position",
        id="layout pad nan",
    ),
    # seat
    pytest.param(OK_LAYOUT, launch(seat=PLAYERS), f"seat {PLAYERS}", id="seat=players"),
    pytest.param(OK_LAYOUT, launch(seat=-1), "seat -1", id="seat=-1"),
    # discs
    pytest.param(OK_LAYOUT, launch(disc=Disc(1, 0)), "disc 1", id="disc already on board"),
    pytest.param(OK_LAYOUT, launch(disc=Disc(-3, 0)), "disc -3", id="negative disc id"),
    pytest.param(
        Layout(PLAYERS, (Disc(1, 1), Disc(1, 2, 50.0))), launch(), "share an id", id="duplicate ids"
    ),
    pytest.param(
        Layout(PLAYERS, (Disc(2, 1, math.nan, 0.0),)), launch(), "disc 2's x", id="disc x nan"
    ),
    pytest.param(
        Layout(PLAYERS, (Disc(2, 1, 0.0, math.nan),)), launch(), "disc 2's y", id="disc y nan"
    ),
    pytest.param(
        Layout(PLAYERS, (Disc(2, 1, 0.0, math.inf),)), launch(), "disc 2's y", id="disc y inf"
    ),
    pytest.param(
        Layout(PLAYERS, (Disc(2, 1, 0.0, 0.0, angle=math.nan),)),
        launch(),
        "disc 2's angle",
        id="disc angle nan",
    ),
    pytest.param(Layout(PLAYERS, (), (math.nan, 0.0)), launch(), "jammer's x", id="jammer nan"),
    # player counts
    *[
        pytest.param(Layout(n, ()), launch(), f"players, not {n}", id=f"players={n}")
        for n in (0, 1, 7)
    ],
]


@pytest.mark.parametrize(("layout", "bad_launch", "fragment"), BAD)
def test_bad_inputs_raise_before_any_stepping(
    no_stepping: None, layout: Layout, bad_launch: Launch, fragment: str
) -> None:
    for run in (simulate, World):
        with pytest.raises(ValueError) as info:
            run(layout, bad_launch)
        assert fragment in str(info.value), str(info.value)


def test_good_inputs_at_the_limits_are_accepted(no_stepping: None) -> None:
    for kw in (
        {"speed": MAX.max_speed, "angle": MAX.max_angle, "pad": 0.0},
        {"speed": 1e-3, "angle": -MAX.max_angle, "pad": 1.0},
    ):
        World(OK_LAYOUT, launch(**kw))
    for n in range(2, 7):
        World(Layout(n, ()), launch(seat=n - 1))


# -- no tunnelling at the top speed -----------------------------------------------------------


@pytest.mark.parametrize("gap", [-7.25, -3.0, 0.0, 3.0, 7.0, 11.0, 105.25])
def test_a_disc_hit_at_top_speed_is_never_passed_through(gap: float) -> None:
    """A target right in front of the pad (``gap`` mm inside the rim; negative:
    hanging over it); every step the launched disc stays behind the target
    along the line of fire, and the overlap never exceeds one step's travel
    at the top speed (so it stays below a diameter: no pass-through)."""
    y = -R + r + gap
    world = World(
        Layout(PLAYERS, (in_line(y),), None), Launch(0, shooter(), speed=P.launch.max_speed)
    )
    a, b = world.bodies[world.launched_index], world.bodies[world.ids.index(1)]
    step = P.launch.max_speed * P.sim.dt
    hit = False
    for _ in range(P.sim.hz // 2):
        world.step()
        assert a.position.y < b.position.y
        overlap = 2 * r - a.position.get_distance(b.position)
        assert overlap <= step + 1e-6 and overlap < 2 * r, f"overlap {overlap:.2f} mm"
        hit = hit or overlap > 0
    assert hit and b.velocity.y >= 0.0


@pytest.mark.parametrize("fraction", [-1.0, -0.8, -0.5, -0.2, 0.2, 0.5, 0.8, 1.0])
def test_a_top_speed_disc_never_leaves_its_lane_through_a_side_wall(fraction: float) -> None:
    """A disc other than the launched one, moving on the pad (the launched
    disc passes over its pad's walls: see test_pad_model.py)."""
    angle = fraction * P.launch.max_angle
    world, body = runner_on_the_pad(P, angle, P.launch.max_speed)
    pose = world.pads[0]
    lane = pose.width / 2 - pose.wall  # the walls' inner faces
    hit = False
    for _ in range(P.sim.hz // 2):
        world.step()
        forward, side = pose.local(*body.position)
        if 0.0 <= forward <= pose.depth:
            assert abs(side) < lane, f"{angle=}: centre at {side:.2f} mm, wall face at {lane}"
            hit = hit or abs(side) > lane - r
    if abs(fraction) >= 0.5:
        assert hit, "the shot should reach the side wall"


def test_a_top_speed_disc_never_passes_through_the_back_wall() -> None:
    world, body = runner_on_the_pad(P, 0.0, P.launch.max_speed)
    pose = world.pads[0]
    body.velocity = (-pose.inward[0] * P.launch.max_speed, -pose.inward[1] * P.launch.max_speed)
    deepest = 0.0
    for _ in range(P.sim.hz // 4):
        world.step()
        forward, side = pose.local(*body.position)
        deepest = max(deepest, forward)
        assert forward < pose.depth - pose.wall
    assert deepest > pose.depth - pose.wall - r  # it did reach the wall
    assert body.velocity.dot(pymunk.Vec2d(*pose.inward)) > 0  # and came back
