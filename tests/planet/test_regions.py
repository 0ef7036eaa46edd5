"""Planet's regions and animal conditions (tabletop/games/planet/regions.py,
ruling T2, planet.md §9.5) on hand-built planets, point contacts included,
and the bit-mask search against a plain breadth-first search."""

from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.planet import regions as R
from tabletop.games.planet.geometry import CELL_NEIGHBOURS, cell
from tabletop.games.planet.tiles import ANIMALS, AVOID, MOST, TERRAINS, TILES, TOUCH, Animal


def planet(fill="F", **cells_by_terrain):
    """A planet of ``fill`` with the listed cells changed: O=[0, 6]..."""
    chars = [fill] * 60
    for terrain, ids in cells_by_terrain.items():
        for i in ids:
            chars[i] = terrain
    return "".join(chars)


def sizes(p, terrain):
    return [m.bit_count() for m in R.regions(p, terrain)]


def card(kind, x, y=None):
    return Animal(0, "test", kind, x, y)


# cells meeting only at a point, and cells sharing a side
CENTRE_PAIR = (cell(0, 0), cell(0, 2))  # one tile, slots 0 and 2: the tile's centre
# corner v0 is on faces 0, 1 and 5: cells 0 (face 0, slot 0) and 6 (face 1,
# slot 1) both have it as a corner and share no side
CORNER_PAIR = (cell(0, 0), cell(1, 1))
# the ring of six cells round corner v0, each sharing a side with the next
CORNER_RING = (0, 5, 6, 29, 25, 4)


def test_the_point_contact_pairs_are_what_they_claim():
    for a, b in (CENTRE_PAIR, CORNER_PAIR):
        assert b not in CELL_NEIGHBOURS[a]
    for i, c in enumerate(CORNER_RING):
        assert CORNER_RING[(i + 1) % 6] in CELL_NEIGHBOURS[c]


def test_t2_cells_meeting_at_a_tile_centre_are_two_regions():
    p = planet(O=CENTRE_PAIR)
    assert sizes(p, "O") == [1, 1]
    assert R.condition_key(p, card(MOST, "O")) == (2,)
    # the slot between them joins them along two sides
    p = planet(O=(0, 1, 2))
    assert sizes(p, "O") == [3] and R.condition_key(p, card(MOST, "O")) == (1,)


def test_t2_cells_meeting_at_a_corner_of_the_solid_are_two_regions():
    p = planet(O=CORNER_PAIR)
    assert sizes(p, "O") == [1, 1]
    assert R.condition_key(p, card(MOST, "O")) == (2,)
    # the cell across the tile border between them (cell 5) joins them
    p = planet(O=(*CORNER_PAIR, 5))
    assert sizes(p, "O") == [3]
    # every other cell of the ring round the corner: three regions, not one
    p = planet(O=CORNER_RING[::2])
    assert sizes(p, "O") == [1, 1, 1]
    assert sizes(planet(O=CORNER_RING), "O") == [6]


def test_t2_a_point_contact_is_not_touching():
    key = R.condition_key
    for a, b in (CENTRE_PAIR, CORNER_PAIR):
        p = planet(O=[a], D=[b])
        assert key(p, card(TOUCH, "O", "D")) == ()
        assert key(p, card(AVOID, "O", "D")) == (1,)
        assert key(p, card(TOUCH, "D", "O")) == ()
        assert key(p, card(AVOID, "D", "O")) == (1,)
    # sharing a side, inside a tile and across a tile border, is touching
    for a, b in ((0, 1), (0, 5)):
        assert b in CELL_NEIGHBOURS[a]
        p = planet(O=[a], D=[b])
        assert key(p, card(TOUCH, "O", "D")) == (1,)
        assert key(p, card(AVOID, "O", "D")) == ()


def test_t2_avoid_counts_only_regions_with_no_side_on_y():
    # ocean region A (face 0, all five) touches desert at cell 5; ocean region
    # B (face 11, all five) touches none; a lone ocean cell (33, face 6 slot 3)
    # meets desert cell 31 (face 6 slot 1) only at the tile's centre
    a, b = list(range(5)), list(range(55, 60))
    assert 5 in CELL_NEIGHBOURS[0] and 31 not in CELL_NEIGHBOURS[33]
    assert not set(CELL_NEIGHBOURS[33]) & set(a + b)
    p = planet("M", O=[*a, *b, 33], D=[5, 31])
    assert sizes(p, "O") == [5, 5, 1]
    assert R.condition_key(p, card(TOUCH, "O", "D")) == (5,)
    assert R.condition_key(p, card(AVOID, "O", "D")) == (5, 1)
    assert R.condition_key(p, card(MOST, "O")) == (3,)
    # one side on desert (cell 30 borders cell 55) takes B out of AVOID
    assert 30 in CELL_NEIGHBOURS[55]
    p = planet("M", O=[*a, *b, 33], D=[5, 30])
    assert R.condition_key(p, card(AVOID, "O", "D")) == (1,)
    assert R.condition_key(p, card(TOUCH, "O", "D")) == (5, 5)


def test_keys_list_sizes_largest_first_and_nothing_is_an_empty_key():
    # glacier: face 0 with cell 5 (6 cells); 40 and 42 (face 8, slots 0 and
    # 2, meeting at its centre) on either side of ocean 41; 35 alone in mountain
    p = planet("M", I=[0, 1, 2, 3, 4, 5, 40, 42, 35], O=[6, 41])
    assert sizes(p, "I") == [6, 1, 1, 1]
    assert R.condition_key(p, card(TOUCH, "I", "O")) == (6, 1, 1)
    assert R.condition_key(p, card(AVOID, "I", "O")) == (1,)
    assert R.condition_key(p, card(TOUCH, "I", "D")) == ()
    assert R.condition_key(p, card(AVOID, "I", "D")) == (6, 1, 1, 1)
    assert R.condition_key(p, card(MOST, "D")) == (0,)
    assert R.condition_key(R.EMPTY_PLANET, card(MOST, "O")) == (0,)
    assert R.condition_key(R.EMPTY_PLANET, card(AVOID, "O", "F")) == ()


def test_empty_cells_are_no_terrain_and_touch_nothing():
    p = R.with_tile(R.EMPTY_PLANET, "OOOOO", 0, 0)
    assert R.condition_key(p, card(AVOID, "O", "F")) == (5,)
    for y in "FMDI":
        assert R.condition_key(p, card(TOUCH, "O", y)) == ()
    assert sizes(p, ".") == [55]


def test_a_whole_planet_of_one_terrain_is_one_region_of_60():
    p = "D" * 60
    assert sizes(p, "D") == [60] and R.regions(p, "D") == (R.ALL_CELLS,)
    assert R.condition_key(p, card(MOST, "D")) == (1,)
    assert R.condition_key(p, card(AVOID, "D", "O")) == (60,)


def test_regions_are_masks_largest_first_then_lowest_cell():
    p = planet("M", O=[10, 20, 21, 30])
    got = R.regions(p, "O")
    assert [R.cells(m) for m in got] == [(20, 21), (10,), (30,)]
    assert R.cells(0) == () and R.mask(p, "O") == sum(1 << c for c in (10, 20, 21, 30))


def test_spread_of_one_cell_is_its_three_neighbours():
    for c, nbrs in enumerate(CELL_NEIGHBOURS):
        assert R.cells(R.spread(1 << c)) == tuple(sorted(nbrs))
    assert R.spread(R.ALL_CELLS) == R.ALL_CELLS and R.spread(0) == 0


def test_with_tile_places_by_the_rotation_convention_and_free_faces():
    p = R.with_tile(R.EMPTY_PLANET, "OFMDI", 2, 1)
    assert p[10:15] == "IOFMD" and p.count(".") == 55
    assert R.free_faces(p) == (0, 1, *range(3, 12))
    with pytest.raises(ValueError, match="face 2 already holds a tile"):
        R.with_tile(p, "OOOOO", 2, 0)
    for face in (-1, 12):
        with pytest.raises(ValueError, match="no face"):
            R.with_tile(p, "OOOOO", face, 0)
    assert R.planet_problem(p) is None and R.planet_problem(R.EMPTY_PLANET) is None


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("O" * 59, "a planet is 60 cells"),
        (None, "a planet is 60 cells"),
        ("O" * 59 + "G", "a planet has no terrain 'G'"),
        ("O" * 4 + "." + "O" * 55, "face 0 is partly covered"),
    ],
)
def test_planet_problem_says_what_is_wrong(value, words):
    assert R.planet_problem(value) == words


def test_masks_and_key_of_masks_agree_with_condition_key():
    p = "".join(TILES[i].terrains for i in range(12))
    m = dict(zip(TERRAINS, R.masks(p), strict=True))
    for a in ANIMALS:
        y = m[a.other] if a.other else 0
        assert R.key_of_masks(a.kind, m[a.terrain], y) == R.condition_key(p, a)
    with pytest.raises(ValueError):
        R.key_of_masks("largest", 1)


# -- against a plain search ---------------------------------------------------------


def bfs_regions(p, terrain):
    seen, out = set(), []
    for start in range(60):
        if p[start] != terrain or start in seen:
            continue
        part, queue = {start}, deque([start])
        while queue:
            c = queue.popleft()
            for n in CELL_NEIGHBOURS[c]:
                if p[n] == terrain and n not in part:
                    part.add(n)
                    queue.append(n)
        seen |= part
        out.append(frozenset(part))
    return out


def bfs_key(p, a):
    parts = bfs_regions(p, a.terrain)
    if a.kind == MOST:
        return (len(parts),)
    touching = [any(p[n] == a.other for c in part for n in CELL_NEIGHBOURS[c]) for part in parts]
    want = a.kind == TOUCH
    return tuple(sorted((len(part) for part, t in zip(parts, touching) if t == want), reverse=True))


PLANETS = st.one_of(
    st.text(alphabet="OFMDI.", min_size=60, max_size=60),
    st.text(alphabet="OF", min_size=60, max_size=60),
    st.lists(st.tuples(st.sampled_from(TILES), st.integers(0, 4)), min_size=12, max_size=12).map(
        lambda laid: "".join(R.with_tile(R.EMPTY_PLANET, t.terrains, 0, r)[:5] for t, r in laid)
    ),
)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(PLANETS)
def test_regions_and_keys_match_a_breadth_first_search(p):
    for terrain in "OFMDI.":
        want = sorted(bfs_regions(p, terrain), key=lambda s: (-len(s), min(s)))
        assert [frozenset(R.cells(m)) for m in R.regions(p, terrain)] == want
    for a in ANIMALS:
        assert R.condition_key(p, a) == bfs_key(p, a)
