"""Planet's solid (tabletop/games/planet/geometry.py) checked against the
dodecahedron itself: coordinates, edges, faces, cells, rotation, the net."""

import itertools
import math

import numpy as np
import pytest

from tabletop.games.planet import geometry as g

# planet.md §9.2, typed in: the module computes these from the coordinates
PLANET_MD_NBR = (
    (1, 2, 3, 4, 5),
    (0, 5, 10, 6, 2),
    (0, 1, 6, 7, 3),
    (0, 2, 7, 8, 4),
    (0, 3, 8, 9, 5),
    (0, 4, 9, 10, 1),
    (11, 7, 2, 1, 10),
    (11, 8, 3, 2, 6),
    (11, 9, 4, 3, 7),
    (11, 10, 5, 4, 8),
    (11, 6, 1, 5, 9),
    (6, 10, 9, 8, 7),
)
PLANET_MD_BACK = (
    (0, 0, 0, 0, 0),
    (0, 4, 2, 3, 1),
    (1, 4, 2, 3, 1),
    (2, 4, 2, 3, 1),
    (3, 4, 2, 3, 1),
    (4, 4, 2, 3, 1),
    (0, 4, 2, 3, 1),
    (4, 4, 2, 3, 1),
    (3, 4, 2, 3, 1),
    (2, 4, 2, 3, 1),
    (1, 4, 2, 3, 1),
    (0, 0, 0, 0, 0),
)
PLANET_MD_CROSS = {  # §9.3's cross partners
    0: 5,
    1: 10,
    2: 15,
    3: 20,
    4: 25,
    6: 29,
    7: 52,
    8: 33,
    9: 11,
    12: 32,
    13: 38,
    14: 16,
    17: 37,
    18: 43,
    19: 21,
    22: 42,
    23: 48,
    24: 26,
    27: 47,
    28: 53,
    30: 55,
    31: 39,
    34: 51,
    35: 59,
    36: 44,
    40: 58,
    41: 49,
    45: 57,
    46: 54,
    50: 56,
}


def test_the_vertices_are_the_dodecahedron_of_circumradius_sqrt3():
    assert g.VERTICES.shape == (20, 3)
    assert np.allclose(np.linalg.norm(g.VERTICES, axis=1), math.sqrt(3))
    dist = np.linalg.norm(g.VERTICES[:, None] - g.VERTICES[None], axis=2)
    # each corner has exactly three nearest corners, at edge length 2/φ
    near = np.isclose(dist, 2 / g.PHI)
    assert (near.sum(axis=1) == 3).all()
    assert near.sum() // 2 == 30


def test_every_edge_is_shared_by_exactly_two_faces_running_opposite_ways():
    dist = np.linalg.norm(g.VERTICES[:, None] - g.VERTICES[None], axis=2)
    solid_edges = {frozenset((a, b)) for a, b in zip(*np.nonzero(np.isclose(dist, 2 / g.PHI)))}
    on_faces: dict[frozenset[int], list[tuple[int, int]]] = {}
    for corners in g.FACES:
        for e in range(5):
            a, b = corners[e], corners[(e + 1) % 5]
            on_faces.setdefault(frozenset((a, b)), []).append((a, b))
    assert set(on_faces) == solid_edges and len(solid_edges) == 30
    for runs in on_faces.values():
        assert len(runs) == 2 and runs[0] == runs[1][::-1]


def test_faces_are_flat_regular_pentagons_counter_clockwise_from_outside():
    assert g.FACE_CORNERS.shape == (12, 5, 3)
    for f, corners in enumerate(g.FACES):
        p = g.VERTICES[list(corners)]
        assert np.array_equal(g.FACE_CORNERS[f], p)
        assert np.allclose((p - g.CENTROIDS[f]) @ g.NORMALS[f], 0)
        assert np.allclose(
            np.linalg.norm(p - g.CENTROIDS[f], axis=1), np.linalg.norm(p[0] - g.CENTROIDS[f])
        )
        # the corners' own turning: counter-clockwise about the outward normal
        area = sum(np.cross(p[e], p[(e + 1) % 5]) for e in range(5)) / 2
        assert area @ g.NORMALS[f] > 0
        # the normal is outward, unit, and along the dual icosahedron's corner
        assert np.isclose(np.linalg.norm(g.NORMALS[f]), 1)
        assert g.CENTROIDS[f] @ g.NORMALS[f] > 0


def test_neighbours_and_back_slots_match_planet_md_and_the_closed_form():
    assert g.NBR == PLANET_MD_NBR
    assert g.BACK == PLANET_MD_BACK
    for k in range(5):
        up, down = 1 + k, 6 + k
        assert g.NBR[up] == (0, 1 + (k - 1) % 5, 6 + (k - 1) % 5, 6 + k, 1 + (k + 1) % 5)
        assert g.BACK[up] == (k, 4, 2, 3, 1)
        assert g.NBR[down] == (11, 6 + (k + 1) % 5, 1 + (k + 1) % 5, 1 + k, 6 + (k - 1) % 5)
        assert g.BACK[down] == ((-k) % 5, 4, 2, 3, 1)


def test_back_slots_lead_back_and_neighbours_share_the_edge_in_3d():
    for f, e in itertools.product(range(12), range(5)):
        h, b = g.NBR[f][e], g.BACK[f][e]
        assert g.NBR[h][b] == f and g.BACK[h][b] == e
        assert g.FACES[h][b] == g.FACES[f][(e + 1) % 5]
        assert g.FACES[h][(b + 1) % 5] == g.FACES[f][e]
    for f in range(12):
        assert len(set(g.NBR[f])) == 5 and f not in g.NBR[f]


def test_opposite_faces():
    assert g.OPPOSITE == (11, 8, 9, 10, 6, 7, 4, 5, 1, 2, 3, 0)
    for f in range(12):
        o = g.OPPOSITE[f]
        assert np.allclose(g.NORMALS[o], -g.NORMALS[f])
        # seen from a face: 5 neighbours, 5 faces at distance two, 1 opposite
        ring2 = {h for n in g.NBR[f] for h in g.NBR[n]} - set(g.NBR[f]) - {f}
        assert len(ring2) == 5 and o not in ring2 and o not in g.NBR[f]
        assert set(g.NBR[o]).isdisjoint(g.NBR[f])


def test_every_cell_has_three_distinct_side_neighbours_and_they_are_symmetric():
    assert len(g.CELL_NEIGHBOURS) == 60
    sides = set()
    for c, nbrs in enumerate(g.CELL_NEIGHBOURS):
        assert len(set(nbrs)) == 3 and c not in nbrs
        for n in nbrs:
            assert c in g.CELL_NEIGHBOURS[n]
            sides.add(frozenset((c, n)))
    assert len(sides) == 90
    cross = {c: nbrs[2] for c, nbrs in enumerate(g.CELL_NEIGHBOURS)}
    for a, b in PLANET_MD_CROSS.items():
        assert cross[a] == b and cross[b] == a


def test_cell_neighbours_share_a_side_in_3d_and_point_contacts_do_not_count():
    tri = g.CELL_TRIANGLES
    assert tri.shape == (60, 3, 3)

    def corners(c):
        return {tuple(np.round(p, 9)) for p in tri[c]}

    for a, b in itertools.combinations(range(60), 2):
        shared = len(corners(a) & corners(b))
        # two shared corners: a side; one: a point contact only
        assert (shared == 2) == (b in g.CELL_NEIGHBOURS[a])
    # 5 cells meet at each face centre, 6 at each corner of the solid
    for f in range(12):
        at_centre = [c for c in range(60) if np.allclose(tri[c][0], g.CENTROIDS[f])]
        assert at_centre == list(range(5 * f, 5 * f + 5))
    for v in g.VERTICES:
        assert sum(any(np.allclose(p, v) for p in tri[c]) for c in range(60)) == 6


def test_cell_ids_and_their_outer_side():
    assert g.cell(3, 2) == 17 and g.cell(3, 7) == 17 and g.cell(0, -1) == 4
    for f, e in itertools.product(range(12), range(5)):
        c = g.cell(f, e)
        assert np.allclose(g.CELL_TRIANGLES[c][1], g.VERTICES[g.FACES[f][e]])
        assert np.allclose(g.CELL_TRIANGLES[c][2], g.VERTICES[g.FACES[f][(e + 1) % 5]])


def test_rotating_a_tile_five_times_is_the_identity():
    tile = "OFMDI"
    assert g.rotated(tile, 0) == tuple(tile)
    once = tuple(tile)
    for _ in range(5):
        once = g.rotated(once, 1)
    assert once == tuple(tile)
    for a, b in itertools.product(range(5), range(5)):
        assert g.rotated(g.rotated(tile, a), b) == g.rotated(tile, a + b)
    assert g.rotated(tile, 5) == g.rotated(tile, 0) and g.rotated(tile, -1) == g.rotated(tile, 4)


def test_place_puts_slot_e_minus_r_on_edge_slot_e():
    assert g.place("OFMDI", 0, 0) == ((0, "O"), (1, "F"), (2, "M"), (3, "D"), (4, "I"))
    # one turn counter-clockwise: slot 0 lands on edge slot 1
    assert g.place("OFMDI", 2, 1) == ((10, "I"), (11, "O"), (12, "F"), (13, "M"), (14, "D"))
    with pytest.raises(ValueError):
        g.place("OFMDI", 12, 0)
    with pytest.raises(ValueError):
        g.place("OFMD", 0, 0)


def test_rotation_turns_the_tile_counter_clockwise_seen_from_outside():
    # the corner where slot 0 meets slot 1 (corner 1 of the face at rotation 0)
    # moves one corner counter-clockwise with each rotation
    for f, r in itertools.product(range(12), range(5)):
        cells = dict(g.place(range(5), f, r))
        where0 = next(c for c, slot in cells.items() if slot == 0)
        assert where0 == 5 * f + r


def _separated(p, q):
    """Convex polygons p and q have disjoint interiors (separating axis)."""
    for poly in (p, q):
        for i in range(len(poly)):
            d = poly[(i + 1) % len(poly)] - poly[i]
            axis = np.array((-d[1], d[0]))
            a, b = p @ axis, q @ axis
            if a.max() <= b.min() + 1e-9 or b.max() <= a.min() + 1e-9:
                return True
    return False


def test_the_net_unfolds_every_face_once_without_overlaps():
    net = g.NET_CORNERS
    assert net.shape == (12, 5, 2)
    folds = g.NET_FOLDS
    assert len(folds) == 11 and {c for _, c in folds} | {0} == set(range(12))
    for f in range(12):
        # a regular pentagon of unit edges, counter-clockwise
        sides = np.linalg.norm(np.roll(net[f], -1, axis=0) - net[f], axis=1)
        assert np.allclose(sides, 1)
        x, y = net[f][:, 0], net[f][:, 1]
        assert (x * np.roll(y, -1) - np.roll(x, -1) * y).sum() > 0
    for parent, child in folds:
        e = g.NBR[parent].index(child)
        b = g.BACK[parent][e]
        assert np.allclose(net[parent][e], net[child][(b + 1) % 5])
        assert np.allclose(net[parent][(e + 1) % 5], net[child][b])
    for a, b in itertools.combinations(range(12), 2):
        assert _separated(net[a], net[b]), (a, b)
    # laid out along x, centred on the origin
    flat = net.reshape(-1, 2)
    assert np.allclose(flat.min(axis=0), -flat.max(axis=0))
    assert np.isclose(net[0].mean(axis=0)[1], net[11].mean(axis=0)[1])


def test_net_cells_are_the_face_triangles_in_the_plane():
    assert g.NET_CELLS.shape == (60, 3, 2)
    for f, e in itertools.product(range(12), range(5)):
        tri = g.NET_CELLS[g.cell(f, e)]
        assert np.allclose(tri[0], g.NET_CORNERS[f].mean(axis=0))
        assert np.allclose(tri[1], g.NET_CORNERS[f][e])
        assert np.allclose(tri[2], g.NET_CORNERS[f][(e + 1) % 5])


def test_arrays_are_read_only():
    arrays = (
        g.VERTICES,
        g.FACE_CORNERS,
        g.CENTROIDS,
        g.NORMALS,
        g.CELL_TRIANGLES,
        g.NET_CORNERS,
        g.NET_CELLS,
    )
    for arr in arrays:
        with pytest.raises(ValueError):
            arr[0] = 0


@pytest.mark.parametrize(
    ("faces", "words"),
    [
        ({3: (11, 10, 9, 2, 3)}, "face 3 is not counter-clockwise"),
        ({3: (3, 9, 2, 10, 11)}, "face 3 slot 0 is"),
        ({3: (3, 2, 9, 10, 12)}, "every corner must be on exactly three faces"),
    ],
)
def test_a_labelling_the_coordinates_do_not_bear_out_is_refused(monkeypatch, faces, words):
    wrong = list(g.FACES)
    for f, corners in faces.items():
        wrong[f] = corners
    monkeypatch.setattr(g, "FACES", tuple(wrong))
    with pytest.raises(ValueError, match=words):
        g._check()
    with pytest.raises(ValueError):
        g._faces_across()
