"""tabletop/games/planepita/aim.py: the aim gesture as pure maths. This file
imports no pygame, and a test holds that aim.py (and the playback) load
without it."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita.aim import (
    DEAD_MM,
    OFF_TIP_MM,
    PULL_FULL_MM,
    PULL_REACH_MM,
    SWIPE_CENTRE_PX_S,
    aim_angle,
    aim_at,
    aim_direction,
    aim_from,
    centre_mm,
    pad_position,
    predict,
    pull_flick,
    pull_length,
    pull_speed,
    reach_mm,
    slide_distance,
    slide_speed,
    swipe_flick,
    swipe_speed,
)
from tabletop.games.planepita.board import Board

ROOT = Path(__file__).resolve().parents[2]
P = params_mod.default()
BOARD = Board.from_params(P)
VMAX = P.launch.max_speed
AMAX = P.launch.max_angle
MU_G = P.friction.mu_face_up * P.friction.g


def poses() -> list:
    return [
        BOARD.pad_pose(players, seat, pos)
        for players, seat in ((2, 0), (3, 1), (4, 3), (6, 5))
        for pos in (0.0, 0.5, 1.0)
    ]


# -- the slide law -------------------------------------------------------------------------


@pytest.mark.parametrize("speed", [0.0, 150.0, 1000.0, 2345.6, VMAX])
def test_the_slide_law_is_v_squared_over_two_mu_g_and_slide_speed_inverts_it(speed: float) -> None:
    d = slide_distance(speed, P)
    assert d == pytest.approx(speed**2 / (2 * MU_G))
    assert slide_speed(d, P) == pytest.approx(speed)
    # the default parameters are the shipped ones
    assert slide_distance(speed) == d


def test_slide_speed_with_an_arrival_speed_and_another_friction() -> None:
    # a disc launched at slide_speed(d, arrive=u) still moves at u after d mm
    for d, u in ((100.0, 0.0), (250.0, 900.0), (80.0, 3000.0)):
        v = slide_speed(d, P, arrive=u)
        assert slide_distance(v, P) - slide_distance(u, P) == pytest.approx(d)
    mu = P.friction.mu_jammer
    assert slide_distance(slide_speed(130.0, P, mu=mu), P, mu=mu) == pytest.approx(130.0)
    assert slide_speed(130.0, P, mu=mu) != slide_speed(130.0, P)
    assert slide_speed(-5.0, P) == 0.0  # no negative slides


# -- the aim formula -------------------------------------------------------------------------


@pytest.mark.parametrize("angle", [-40.0, -11.0, 0.0, 7.5, 30.0])
def test_aim_direction_and_aim_angle_are_inverses(angle: float) -> None:
    for pose in poses():
        dx, dy = aim_direction(pose, angle)
        assert math.hypot(dx, dy) == pytest.approx(1.0)
        assert aim_angle(pose, dx, dy) == pytest.approx(angle)
        assert aim_angle(pose, 5 * dx, 5 * dy) == pytest.approx(angle)  # the length does not matter
    pose = poses()[0]
    assert aim_direction(pose, 0.0) == pytest.approx(pose.inward)
    assert aim_angle(pose, 0.0, 0.0) == 0.0


def test_positive_aims_turn_counter_clockwise_and_aim_from_clamps() -> None:
    pose = BOARD.pad_pose(2, 0, 0.5)  # seat 0 sits at the bottom: inward is +y
    assert pose.inward == pytest.approx((0.0, 1.0))
    assert aim_angle(pose, -1.0, 1.0) == pytest.approx(45.0)  # up and to the left
    assert aim_angle(pose, 1.0, 1.0) == pytest.approx(-45.0)
    assert aim_from(pose, -1.0, 1.0, 20.0) == 20.0
    assert aim_from(pose, 1.0, 1.0, 20.0) == -20.0
    assert aim_from(pose, -0.1, 1.0, 20.0) == pytest.approx(math.degrees(math.atan2(0.1, 1.0)))


def test_aim_at_a_target_gives_the_angle_and_the_distance() -> None:
    for pose in poses():
        angle, dist = aim_at(pose, (0.0, 0.0))  # the planet's centre is straight in
        assert angle == pytest.approx(0.0, abs=1e-9)
        assert dist == pytest.approx(math.hypot(*pose.start))
        target = (
            pose.start[0] + 50.0 * aim_direction(pose, 12.0)[0],
            pose.start[1] + 50.0 * aim_direction(pose, 12.0)[1],
        )
        assert aim_at(pose, target) == pytest.approx((12.0, 50.0))


# -- the pull ---------------------------------------------------------------------------------


def test_the_pull_to_speed_mapping_is_monotonic_and_reaches_top_speed() -> None:
    lengths = [k * 0.25 for k in range(0, int(PULL_FULL_MM * 4) + 80)]
    speeds = [pull_speed(x, VMAX, BOARD, P) for x in lengths]
    assert all(b >= a for a, b in zip(speeds, speeds[1:]))
    assert all(v <= VMAX for v in speeds)
    assert pull_speed(PULL_FULL_MM, VMAX, BOARD, P) == pytest.approx(VMAX)
    assert pull_speed(PULL_FULL_MM + 50, VMAX, BOARD, P) == pytest.approx(VMAX)
    assert pull_speed(DEAD_MM / 2, VMAX, BOARD, P) == 0.0
    # up to PULL_REACH_MM the pull maps linearly to the slide distance
    reach = reach_mm(BOARD)
    assert reach > 2 * BOARD.outer_radius + BOARD.pad_depth * BOARD.pad_start  # past the far rim
    for f in (0.1, 0.25, 0.5, 0.75, 1.0):
        v = pull_speed(f * PULL_REACH_MM, VMAX, BOARD, P)
        assert slide_distance(v, P) == pytest.approx(f * reach)
    # and back: a bot's pull animation uses the inverse
    for v in (400.0, 600.0, 1200.0, 1800.0, 2400.0, VMAX):
        assert pull_speed(pull_length(v, VMAX, BOARD, P), VMAX, BOARD, P) == pytest.approx(
            v, abs=0.5
        )
    assert pull_length(150.0, VMAX, BOARD, P) == DEAD_MM  # slower than the shortest pull gives
    assert pull_length(0.0, VMAX, BOARD, P) == 0.0


@pytest.mark.parametrize("pull", [2.0, 10.0, 60.0, 99.0, 115.0, 300.0])
def test_a_straight_pull_flicks_straight_in_at_the_pulls_speed(pull: float) -> None:
    for pose in poses():
        back = (pose.start[0] - pose.inward[0] * pull, pose.start[1] - pose.inward[1] * pull)
        angle, speed = pull_flick(pose, back, VMAX, AMAX, BOARD, P)
        if pull < DEAD_MM:
            assert (angle, speed) == (0.0, 0.0)
            continue
        assert angle == pytest.approx(0.0, abs=1e-9)
        assert speed == round(pull_speed(pull, VMAX, BOARD, P))  # whole mm/s, as a Flick has it
        assert speed <= VMAX


def test_a_pull_to_one_side_aims_to_the_other_and_is_clamped() -> None:
    pose = BOARD.pad_pose(3, 1, 0.3)
    for side in (1.0, -1.0):
        mouse = pose.to_world(pose.depth * BOARD.pad_start + 40.0, side * 10.0)  # back and aside
        angle, _ = pull_flick(pose, mouse, VMAX, AMAX, BOARD, P)
        assert angle == pytest.approx(-side * math.degrees(math.atan2(10.0, 40.0)))
        wide = pose.to_world(pose.depth * BOARD.pad_start + 5.0, side * 80.0)
        assert pull_flick(pose, wide, VMAX, AMAX, BOARD, P)[0] == -side * AMAX


# -- the swipe --------------------------------------------------------------------------------


def test_a_swipe_reads_its_speed_on_the_screen() -> None:
    pose = BOARD.pad_pose(2, 1, 0.5)
    start = pose.start
    ahead = (start[0] + pose.inward[0] * 40.0, start[1] + pose.inward[1] * 40.0)
    # 40 mm shown at 5 px/mm: 200 px in 0.2 s, a natural swipe, slides to the centre
    angle, speed = swipe_flick(pose, start, ahead, 0.2, VMAX, AMAX, 5.0, BOARD, P)
    assert angle == pytest.approx(0.0, abs=1e-9)
    assert speed == round(slide_speed(centre_mm(BOARD), P))
    assert speed == round(swipe_speed(SWIPE_CENTRE_PX_S, VMAX, BOARD, P))
    # the same hand on a screen showing the board half as large: the same speed
    assert (
        swipe_flick(
            pose,
            start,
            (start[0] + pose.inward[0] * 80.0, start[1] + pose.inward[1] * 80.0),
            0.2,
            VMAX,
            AMAX,
            2.5,
            BOARD,
            P,
        )[1]
        == speed
    )
    # faster swipes slide farther; no time at all is timed as one frame; never past the top speed
    assert swipe_flick(pose, start, ahead, 0.1, VMAX, AMAX, 5.0, BOARD, P)[1] > speed
    assert swipe_flick(pose, start, ahead, 0.0, VMAX, AMAX, 5.0, BOARD, P)[1] == VMAX
    assert swipe_flick(pose, start, ahead, 1e-4, 100.0, AMAX, 5.0, BOARD, P)[1] == 100.0
    # too short: no launch
    assert swipe_flick(pose, start, (start[0] + 1.0, start[1]), 0.1, VMAX, AMAX, 5.0) == (0.0, 0.0)
    # backwards: clamped to the widest aim
    behind = (
        start[0] - pose.inward[0] * 40.0 + pose.across[0],
        start[1] - pose.inward[1] * 40.0 + pose.across[1],
    )
    assert abs(swipe_flick(pose, start, behind, 0.2, VMAX, AMAX, 5.0)[0]) == AMAX


@pytest.mark.parametrize(("pixels", "seconds"), [(150, 0.25), (200, 0.2), (250, 0.15), (71, 0.146)])
def test_a_natural_swipe_reaches_the_planet(pixels: float, seconds: float) -> None:
    """150-250 px in 0.15-0.25 s (a hand's natural swipe) lands on the planet
    between its 4-pt area and its far side, 200 px in 0.2 s at the centre; the
    quick 71 px swipe that gave 657 mm/s (stopping on the pad's edge) reaches
    the planet."""
    pose = BOARD.pad_pose(3, 0, 0.5)
    rate = pixels / seconds
    v = swipe_speed(rate, VMAX, BOARD, P)
    stop = predict(BOARD, pose, 0.0, v, P)
    rim = centre_mm(BOARD) - BOARD.outer_radius
    assert not stop.short and stop.exit is None
    assert stop.stop > rim + 2 * BOARD.disc_radius
    if pixels >= 150:
        assert stop.stop > centre_mm(BOARD) - BOARD.middle_radius  # past the 4-pt line
    assert swipe_speed(1000.0, VMAX, BOARD, P) == pytest.approx(slide_speed(centre_mm(BOARD), P))
    # monotonic, up to the top speed
    rates = [100.0 * k for k in range(1, 60)]
    speeds = [swipe_speed(r, VMAX, BOARD, P) for r in rates]
    assert speeds == sorted(speeds) and speeds[-1] == VMAX


# -- where a launch goes -------------------------------------------------------------------------


def test_a_slow_straight_launch_stops_on_the_board_where_the_slide_law_says() -> None:
    pose = BOARD.pad_pose(4, 0, 0.5)
    to_centre = math.hypot(*pose.start)
    speed = slide_speed(to_centre, P)
    pred = predict(BOARD, pose, 0.0, speed, P)
    assert pred.stop == pytest.approx(to_centre)
    assert pred.exit is None and not pred.short
    assert pred.tip == pred.stop


def test_a_fast_launch_leaves_the_board_and_the_tip_is_past_the_exit() -> None:
    pose = BOARD.pad_pose(4, 0, 0.5)
    pred = predict(BOARD, pose, 0.0, VMAX, P)
    assert pred.exit is not None and pred.stop > pred.exit
    # straight across: the far side, where the disc is entirely off the board
    far = math.hypot(*pose.start) + BOARD.outer_radius + BOARD.disc_radius
    assert pred.exit == pytest.approx(far)
    assert pred.tip == pytest.approx(far + OFF_TIP_MM)


def test_a_launch_too_slow_to_reach_the_board_stays_on_its_pad() -> None:
    pose = BOARD.pad_pose(2, 0, 0.5)
    pred = predict(BOARD, pose, 0.0, slide_speed(5.0, P), P)
    assert pred.short and pred.exit is None and pred.stop == pytest.approx(5.0)


def test_an_aim_past_the_planet_leaves_where_it_leaves_its_pad() -> None:
    """From the end of a stretch, a wide aim misses the planet: the disc is off as
    soon as it is no longer over its pad (it never meets the pad's walls)."""
    pose = BOARD.pad_pose(2, 0, 0.0)
    for angle in (-89.0, 89.0):
        ux, uy = aim_direction(pose, angle)
        sx, sy = pose.start
        closest = -(sx * ux + sy * uy)
        miss = math.hypot(sx + ux * closest, sy + uy * closest)
        if miss <= BOARD.outer_radius + BOARD.disc_radius:
            continue  # this aim still crosses the planet
        pred = predict(BOARD, pose, angle, VMAX, P)
        assert pred.exit == pytest.approx(pose.lane_exit((ux, uy))) and not pred.short
        assert pred.tip == pytest.approx(pred.exit + OFF_TIP_MM)
        slow = predict(BOARD, pose, angle, slide_speed(0.5 * pred.exit, P), P)
        assert slow.short and slow.exit is None  # it stops on its pad: handed back


# -- the pad drag --------------------------------------------------------------------------------


def test_pad_position_follows_the_arc_and_stays_in_the_stretch() -> None:
    for players in (2, 4, 5, 6):
        for seat in range(players):
            lo, hi = BOARD.stretch_arc(players, seat)
            for f in (0.0, 0.3, 0.5, 0.9, 1.0):
                a = math.radians(lo + f * (hi - lo))
                assert pad_position(
                    BOARD, players, seat, 300 * math.cos(a), 300 * math.sin(a)
                ) == pytest.approx(f, abs=1e-9)
            half = (hi - lo) / 2
            for off in (-half - 10.0, half + 10.0, 179.0):  # outside: clamped to an end
                a = math.radians((lo + hi) / 2 + off)
                pos = pad_position(BOARD, players, seat, 300 * math.cos(a), 300 * math.sin(a))
                if off != 179.0:
                    assert pos == (0.0 if off < 0 else 1.0)
                assert 0.0 <= pos <= 1.0


# -- purity ---------------------------------------------------------------------------------------


def test_the_aim_maths_and_the_playback_load_without_pygame() -> None:
    code = (
        "import sys\n"
        "import tabletop.games.planepita.aim, tabletop.games.planepita.playback\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
    )
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
