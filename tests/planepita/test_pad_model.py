"""The launch pad: the launched disc sits on top of its pad and leaves it in
any direction; every other piece bounces off the pad's outline.

The disc never collides with its own pad (a pymunk ShapeFilter), so a flick
at every aim the rules allow goes straight along its aim and slides
v²/(2μg), and the aim line (``aim.predict``) tells where it stops or leaves
the world. Whether a disc rests on its pad (ruling P4) is still geometry.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from tabletop.games.planepita import params
from tabletop.games.planepita.aim import (
    aim_direction,
    predict,
    ray_circle,
    slide_distance,
    slide_speed,
)
from tabletop.games.planepita.board import Board
from tabletop.games.planepita.model import Disc, Layout
from tabletop.games.planepita.physics import (
    EventKind,
    Launch,
    Trajectory,
    World,
    is_pad,
    pad_id,
    simulate,
)

P = params.default()
BOARD = Board.from_params(P)
PLAYERS = 3
POSE = BOARD.pad_pose(PLAYERS, 0, 0.5)
MU_G = P.friction.mu_face_up * P.friction.g
#: every whole degree the rules allow
ANGLES = list(range(-math.floor(P.launch.max_angle), math.floor(P.launch.max_angle) + 1))
#: how far the disc may end from v²/(2μg), as a fraction, and off its aim, in degrees
SLIDE_TOLERANCE = 0.05
AIM_TOLERANCE = 0.5


def along_and_across(angle: float, x: float, y: float) -> tuple[float, float]:
    """A point's distance from the disc's start along the aim, and off it (mm)."""
    ux, uy = aim_direction(POSE, angle)
    dx, dy = x - POSE.start[0], y - POSE.start[1]
    return dx * ux + dy * uy, dx * -uy + dy * ux


def path(traj: Trajectory, ident: int) -> np.ndarray:
    """The disc's recorded (x, y) while it was in the world."""
    xy = traj.frames[:, traj.ids.index(ident), :2]
    return xy[~np.isnan(xy[:, 0])]


def speeds_for(angle: float) -> list[tuple[str, float]]:
    """A few speeds per aim: one that stops on the pad, three that stop at a
    quarter, half and three quarters of the aim's way across the planet, and
    the top speed (off the far side)."""
    direction = aim_direction(POSE, angle)
    span = ray_circle(POSE.start, direction, BOARD.outer_radius + BOARD.disc_radius)
    assert span is not None, f"{angle}°: the rules allow an aim that never reaches the planet"
    t_in, t_out = span
    out = [("on its pad", slide_speed(0.5 * POSE.lane_exit(direction), P))]
    out += [
        (f"{f:.0%} across", slide_speed(t_in + f * (t_out - t_in), P)) for f in (0.25, 0.5, 0.75)
    ]
    out.append(("top speed", P.launch.max_speed))
    return out


@pytest.mark.parametrize("angle", ANGLES)
def test_a_flick_at_every_allowed_aim_leaves_its_pad_untouched_and_slides_straight(
    angle: int,
) -> None:
    for label, speed in speeds_for(angle):
        traj = simulate(
            Layout(PLAYERS, (), None), Launch(0, Disc(0, 0), 0.5, float(angle), speed), P
        )
        assert not any(e.kind is EventKind.HIT for e in traj.events), (
            f"{angle}° {label}: {traj.events}"
        )
        expected = slide_distance(speed, P)
        # every recorded position lies on the aim line, ahead of the start
        for x, y in path(traj, 0):
            along, across = along_and_across(angle, x, y)
            assert (
                along >= -1e-6
                and abs(across) <= 1e-6 + math.tan(math.radians(AIM_TOLERANCE)) * along
            )
        pred = predict(BOARD, POSE, angle, speed, P)
        end = next((d for d in traj.final.discs if d.id == 0), None)
        if pred.exit is not None:  # off the far side: lost where the aim line says
            assert end is None and traj.lost == (0,), f"{angle}° {label}"
            along, _ = along_and_across(angle, *path(traj, 0)[-1])
            assert pred.exit <= along <= pred.exit + speed / P.sim.display_fps + 1e-6
            continue
        # it stops: on the board, or on its pad (handed back, P4), where the aim line ends
        x, y = (end.x, end.y) if end is not None else path(traj, 0)[-1]
        along, across = along_and_across(angle, x, y)
        assert along == pytest.approx(expected, rel=SLIDE_TOLERANCE), f"{angle}° {label}"
        assert abs(math.degrees(math.atan2(across, along))) <= AIM_TOLERANCE
        assert traj.stayed_on_pad == pred.short == (end is None), f"{angle}° {label}"
        assert traj.lost == ()


def test_a_disc_that_stops_on_its_pad_is_found_there_by_geometry() -> None:
    """Ruling P4: a soft flick at the widest aim stops over the pad, having
    crossed no wall, and is handed back; a little harder, it stops on the table
    beside the pad, short of the planet, and is lost."""
    angle = P.launch.max_angle
    direction = aim_direction(POSE, angle)
    exit_at = POSE.lane_exit(direction)
    t_in, _ = ray_circle(POSE.start, direction, BOARD.outer_radius + BOARD.disc_radius) or (
        0.0,
        0.0,
    )
    assert exit_at < t_in  # at this aim the disc leaves its pad before it reaches the planet
    soft = simulate(
        Layout(PLAYERS, (), None), Launch(0, Disc(0, 0), 0.5, angle, slide_speed(0.8 * exit_at, P))
    )
    assert (
        soft.stayed_on_pad and soft.lost == () and POSE.holds(*path(soft, 0)[-1], BOARD.disc_radius)
    )
    between = slide_speed(0.5 * (exit_at + t_in), P)
    short = simulate(Layout(PLAYERS, (), None), Launch(0, Disc(0, 0), 0.5, angle, between))
    assert not short.stayed_on_pad and short.lost == (0,)
    assert predict(BOARD, POSE, angle, between, P).exit is not None


@pytest.mark.parametrize(
    "side", [0.0, 1.0, -1.0], ids=["into the lane", "at the left wall", "at the right wall"]
)
def test_another_disc_moving_into_the_pad_bounces_off_it(side: float) -> None:
    """A disc on the board sliding out towards the launching pad, into its lane
    (it meets the back wall) or at a side wall's front end, bounces off and
    comes back over the board; the hit is reported against the pad. The
    launched disc, meanwhile, is on its way and never touches its pad."""
    world = World(
        Layout(
            PLAYERS,
            (Disc(1, 1, *POSE.to_world(-40.0, side * (POSE.width / 2 - POSE.wall / 2))),),
            None,
        ),
        Launch(0, Disc(0, 0), 0.5, 40.0, 1200.0),
    )
    body = world.bodies[world.ids.index(1)]
    body.velocity = (-POSE.inward[0] * 900.0, -POSE.inward[1] * 900.0)  # straight out at the pad
    deepest = -math.inf
    for _ in range(P.sim.hz):
        world.step()
        deepest = max(deepest, POSE.local(*body.position)[0])
    hits = [e for e in world.events if e.kind is EventKind.HIT]
    assert [(e.a, e.b) for e in hits if is_pad(e.b)] == [(1, pad_id(0))]
    assert all(not is_pad(e.b) for e in hits if e.a == 0)
    # it stopped short of the wall it met, and came back from there
    wall = POSE.depth - POSE.wall - BOARD.disc_radius if side == 0.0 else -BOARD.disc_radius
    assert deepest <= wall + 0.5
    assert POSE.local(*body.position)[0] < deepest - 5.0
