"""Planepita's board geometry: areas by ruling P1, the rim, stretches and pads.

Every measurement comes from the shipped physics.toml through ``Board``.
"""

from __future__ import annotations

import math

import pytest

from tabletop.games.planepita import board as board_mod
from tabletop.games.planepita import params

BOARD = board_mod.Board.from_params(params.default())
ANGLES = (0.0, 1.0, 37.0, 90.0, 135.5, 181.0, 226.0, 270.0, 313.0, 359.0)
RADII = (("disc", BOARD.disc_radius), ("jammer", BOARD.jammer_radius))


def place(near: float, radius: float, degrees: float) -> tuple[float, float]:
    """A centre, in direction ``degrees``, whose nearest point to the planet's
    centre is *exactly* ``near`` in floating point (hypot(x, y) - radius == near)."""
    a = math.radians(degrees)
    d = near + radius
    x0, y0 = d * math.cos(a), d * math.sin(a)
    for i in range(-6, 7):
        for j in range(-6, 7):
            x, y = x0 + i * math.ulp(x0), y0 + j * math.ulp(y0)
            if math.hypot(x, y) - radius == near:
                return x, y
    raise AssertionError(f"no exact placement for near={near} at {degrees}°")


# -- areas, ruling P1 ------------------------------------------------------------------

LINES = [
    pytest.param(BOARD.center_radius, 5, 4, id="5/4 line"),
    pytest.param(BOARD.middle_radius, 4, 3, id="4/3 line"),
]


@pytest.mark.parametrize(("line", "inner", "outer"), LINES)
@pytest.mark.parametrize(("what", "radius"), RADII, ids=[r[0] for r in RADII])
@pytest.mark.parametrize("deg", ANGLES)
def test_a_disc_touching_or_crossing_a_line_belongs_to_the_inner_area(
    line: float, inner: int, outer: int, what: str, radius: float, deg: float
) -> None:
    edge = line + BOARD.line_width / 2  # the line's outer edge
    # touching the outer edge from outside: nearest point exactly on it
    assert BOARD.area_of(*place(edge, radius, deg), radius) == inner
    # crossing the line: nearest point on the line's centre, or its inner edge, or beyond
    for near in (line, line - BOARD.line_width / 2, line - radius):
        assert BOARD.area_of(*place(near, radius, deg), radius) == inner, near
    # just clear of it: the outer area
    assert BOARD.area_of(*place(edge + 1e-6, radius, deg), radius) == outer
    assert BOARD.area_of(*place(edge + 1.0, radius, deg), radius) == outer


@pytest.mark.parametrize(("what", "radius"), RADII, ids=[r[0] for r in RADII])
@pytest.mark.parametrize("deg", ANGLES)
def test_the_rim_a_disc_is_off_the_board_only_when_no_part_is_over_it(
    what: str, radius: float, deg: float
) -> None:
    R = BOARD.outer_radius
    # nearest point just inside the rim: still on the board, outer area
    x, y = place(R - 1e-6, radius, deg)
    assert BOARD.area_of(x, y, radius) == 3
    assert BOARD.on_board(x, y, radius) and BOARD.overhangs(x, y, radius)
    # half over the rim: still area 3
    x, y = place(R - radius, radius, deg)
    assert BOARD.area_of(x, y, radius) == 3 and BOARD.overhangs(x, y, radius)
    # exactly touching the rim from outside, or further: not in any area
    for near in (R, R + 1e-6, R + 50.0):
        x, y = place(near, radius, deg)
        assert BOARD.area_of(x, y, radius) is None, near
        assert not BOARD.on_board(x, y, radius)
    # well inside the outer area: no overhang
    x, y = place(R - 2 * radius - 1.0, radius, deg)
    assert BOARD.area_of(x, y, radius) == 3 and not BOARD.overhangs(x, y, radius)


@pytest.mark.parametrize(("what", "radius"), RADII, ids=[r[0] for r in RADII])
def test_a_disc_covering_the_centre_is_in_the_5_area(what: str, radius: float) -> None:
    assert BOARD.area_of(0.0, 0.0, radius) == 5
    for deg in ANGLES:
        a = math.radians(deg)
        for d in (radius * 0.5, radius * 0.99):
            assert BOARD.area_of(d * math.cos(a), d * math.sin(a), radius) == 5


@pytest.mark.parametrize("piece", ["disc", "jammer"])
def test_area_bounds_agree_with_area_of_inside_each_band(piece: str) -> None:
    r = BOARD.disc_radius if piece == "disc" else BOARD.jammer_radius
    for area in board_mod.AREAS:
        lo, hi = BOARD.area_bounds(area, r)
        if piece == "disc":
            assert (lo, hi) == BOARD.area_bounds(area)  # a disc's radius is the default
        assert lo < hi
        for frac in (0.01, 0.5, 0.99):
            d = lo + frac * (hi - lo)
            for deg in ANGLES:
                a = math.radians(deg)
                assert BOARD.area_of(d * math.cos(a), d * math.sin(a), r) == area, (area, d)
    with pytest.raises(ValueError, match="no area 2"):
        BOARD.area_bounds(2)


def test_the_module_level_area_of_uses_the_shipped_board() -> None:
    edge = BOARD.center_radius + BOARD.line_width / 2
    x, y = place(edge, BOARD.disc_radius, 90.0)
    assert board_mod.area_of(x, y, BOARD.disc_radius) == 5
    x, y = place(edge + 1e-6, BOARD.disc_radius, 90.0)
    assert board_mod.area_of(x, y, BOARD.disc_radius) == 4


# -- stretches and pads ------------------------------------------------------------------

PLAYERS = (2, 3, 4, 5, 6)


def seats_by_stretch(players: int) -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for seat in range(players):
        out.setdefault(board_mod.stretch_index(players, seat), []).append(seat)
    return out


def arcs_overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Do two arcs (lo, hi in degrees, lo < hi, any winding) share any angle?"""
    for shift in (-360.0, 0.0, 360.0):
        if a[0] < b[1] + shift and b[0] + shift < a[1]:
            return True
    return False


def polygons_overlap(p: list[tuple[float, float]], q: list[tuple[float, float]]) -> bool:
    """Separating-axis test for two convex polygons (touching is not overlapping)."""
    for poly in (p, q):
        for i in range(len(poly)):
            (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
            nx, ny = y1 - y2, x2 - x1
            a = [nx * x + ny * y for x, y in p]
            b = [nx * x + ny * y for x, y in q]
            if max(a) <= min(b) or max(b) <= min(a):
                return False
    return True


@pytest.mark.parametrize("players", PLAYERS)
def test_the_stretch_count_follows_the_marks(players: int) -> None:
    expected = {2: 2, 3: 3, 4: 4, 5: 5, 6: 3}[players]
    assert board_mod.STRETCHES[players] == expected
    assert len(seats_by_stretch(players)) == expected
    assert len(BOARD.mark_angles(players)) == expected
    assert (
        board_mod.MARK[players]
        == {2: "square", 3: "triangle", 4: "square", 5: "star", 6: "triangle"}[players]
    )


@pytest.mark.parametrize("players", PLAYERS)
def test_stretches_do_not_overlap_and_lie_between_marks(players: int) -> None:
    by_stretch = seats_by_stretch(players)
    arcs = {k: BOARD.stretch_arc(players, seats[0]) for k, seats in by_stretch.items()}
    for k, (lo, hi) in arcs.items():
        assert lo < hi
        for other, arc in arcs.items():
            if other != k:
                assert not arcs_overlap((lo, hi), arc), (players, k, other)
        # no mark falls inside a stretch
        for mark in BOARD.mark_angles(players):
            assert not arcs_overlap((lo, hi), (mark - 1e-9, mark + 1e-9)), (players, k, mark)


@pytest.mark.parametrize("players", PLAYERS)
def test_pads_at_the_ends_of_neighbouring_stretches_do_not_overlap(players: int) -> None:
    firsts = [seats[0] for _, seats in sorted(seats_by_stretch(players).items())]
    poses = [
        (board_mod.stretch_index(players, seat), BOARD.pad_pose(players, seat, pos))
        for seat in firsts
        for pos in (0.0, 0.5, 1.0)
    ]
    for i, (ka, a) in enumerate(poses):
        for kb, b in poses[i + 1 :]:
            if ka == kb:
                continue
            assert not BOARD.pads_overlap(a, b), (players, a.angle, b.angle)
            assert not polygons_overlap(a.corners(), b.corners()), (players, a.angle, b.angle)
    # the check does see a real overlap
    same = BOARD.pad_pose(players, firsts[0], 0.5)
    assert BOARD.pads_overlap(same, same)
    assert polygons_overlap(same.corners(), same.corners())


def test_at_six_players_seats_2k_and_2k_plus_1_share_a_stretch() -> None:
    for k in range(3):
        assert board_mod.stretch_index(6, 2 * k) == board_mod.stretch_index(6, 2 * k + 1) == k
        assert BOARD.stretch_arc(6, 2 * k) == BOARD.stretch_arc(6, 2 * k + 1)
    assert len({BOARD.stretch_arc(6, s) for s in range(6)}) == 3


@pytest.mark.parametrize("players", PLAYERS)
def test_seats_go_clockwise_from_the_bottom(players: int) -> None:
    first = [seats[0] for _, seats in sorted(seats_by_stretch(players).items())]
    angles = [BOARD.pad_angle(players, seat, 0.5) for seat in first]
    assert angles[0] == pytest.approx(270.0)
    for a, b in zip(angles, angles[1:]):
        assert b < a  # clockwise: decreasing angle


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("pos", (0.0, 0.25, 0.5, 1.0))
def test_a_pads_start_is_off_the_planet_and_on_the_pad(players: int, pos: float) -> None:
    r = BOARD.disc_radius
    for seat in range(players):
        pose = BOARD.pad_pose(players, seat, pos)
        sx, sy = pose.start
        assert math.hypot(sx, sy) - r >= BOARD.outer_radius
        assert not BOARD.on_board(sx, sy, r)
        assert BOARD.area_of(sx, sy, r) is None
        assert pose.holds(sx, sy, r)
        # the pad stands just outside the rim and faces the centre
        assert math.hypot(*pose.front) == pytest.approx(BOARD.outer_radius + BOARD.pad_gap)
        assert math.hypot(*pose.inward) == pytest.approx(1.0)
        fx, fy = pose.front
        d = math.hypot(fx, fy)
        assert (fx + pose.inward[0] * d, fy + pose.inward[1] * d) == pytest.approx(
            (0.0, 0.0), abs=1e-9
        )
        lo, hi = BOARD.stretch_arc(players, seat)
        assert lo - 1e-9 <= pose.angle <= hi + 1e-9
        # local() inverts to_world()
        assert pose.local(*pose.to_world(12.0, -7.0)) == pytest.approx((12.0, -7.0))


def test_holds_is_the_lane_between_the_walls() -> None:
    pose = BOARD.pad_pose(4, 1, 0.3)
    inner = pose.width / 2 - pose.wall
    r = BOARD.disc_radius
    assert pose.holds(*pose.to_world(0.01, 0.0), r)
    assert pose.holds(*pose.to_world(pose.depth - pose.wall - 0.01, inner - 0.01), r)
    assert not pose.holds(*pose.to_world(pose.depth - pose.wall + 0.01, 0.0), r)
    assert not pose.holds(*pose.to_world(10.0, inner + 0.01), r)
    assert not pose.holds(*pose.to_world(-0.01, 0.0), r)


@pytest.mark.parametrize("players", (0, 1, 7))
def test_player_counts_outside_2_to_6_are_refused(players: int) -> None:
    with pytest.raises(ValueError, match="2 to 6 players"):
        board_mod.stretch_index(players, 0)


@pytest.mark.parametrize("seat", (-1, 3))
def test_a_seat_not_at_the_table_is_refused(seat: int) -> None:
    with pytest.raises(ValueError, match=f"seat {seat}"):
        BOARD.pad_pose(3, seat, 0.5)


@pytest.mark.parametrize("pos", (-0.01, 1.01, math.nan, math.inf))
def test_a_pad_position_outside_0_to_1_is_refused(pos: float) -> None:
    with pytest.raises(ValueError, match="pad position"):
        BOARD.pad_angle(3, 0, pos)
