"""Planet's solid: the labelled dodecahedron of planet.md §9, its 60 cells, the
tile rotation convention, and a flat net. Pure (numpy, no pygame).

The solid
    :data:`VERTICES` holds the 20 corners, (±1, ±1, ±1), (0, ±1/φ, ±φ),
    (±1/φ, ±φ, 0), (±φ, 0, ±1/φ), labelled ``v0``-``v19`` as in planet.md
    §9.2. :data:`FACES` gives each of the 12 faces its 5 corners,
    counter-clockwise seen from outside. Face 0 is a pole, 1-5 the ring
    around it, 6-10 the ring below, 11 the opposite pole. These labels are the
    one thing typed in; everything else is computed from the coordinates
    (and :func:`_check` refuses a labelling the solid does not bear out, at
    import).

Edge slots
    Edge slot ``e`` of face ``f`` runs from corner ``FACES[f][e]`` to
    ``FACES[f][(e + 1) % 5]``. ``NBR[f][e]`` is the face across it and
    ``BACK[f][e]`` that edge's slot on the neighbour (where it runs the other
    way). ``OPPOSITE[f]`` is the face whose outward normal is ``-NORMALS[f]``.

Cells
    A tile is five triangles fanned round its centre. Cell ``5*f + e``
    (:func:`cell`) is the triangle of face ``f`` on edge slot ``e``: face
    ``f``'s centre, corner ``e`` and corner ``e + 1``. Each cell has exactly
    three side-neighbours (:data:`CELL_NEIGHBOURS`): ``(f, e - 1)`` and
    ``(f, e + 1)`` on its own tile, and ``(NBR[f][e], BACK[f][e])`` across
    the tile's border. Cells that meet only at a point (a face's centre, a
    corner of the solid) are not neighbours (ruling T2).

Rotation (planet.md §9.4)
    A tile is 5 terrains counter-clockwise seen from above, slot 0 first.
    Placed on face ``f`` with rotation ``r`` (0-4), cell ``(f, e)`` takes the
    tile's slot ``(e - r) % 5``: rotation ``r`` turns the tile ``r`` fifths of
    a turn counter-clockwise. :func:`place` and :func:`rotated` apply it.

Drawing
    :data:`FACE_CORNERS`, :data:`CENTROIDS`, :data:`NORMALS` (unit, outward) and
    :data:`CELL_TRIANGLES` (60 x 3 corners: the face centre, corner ``e``,
    corner ``e + 1``) are numpy arrays for a 3D view. :data:`NET_CORNERS` is
    the flat map: each face's pentagon unfolded into the plane (unit edges, x
    right and y up, corners in the order of :data:`FACES`, so counter-clockwise
    as seen from outside), and :data:`NET_CELLS` its 60 triangles. Two faces
    glued in the net (:data:`NET_FOLDS`) share their edge's two corners
    exactly; no two pentagons of the net overlap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TypeVar

import numpy as np

T = TypeVar("T")

PHI = (1 + math.sqrt(5)) / 2
_IPHI = 1 / PHI

#: the 20 corners, v0-v19 of planet.md §9.2 (circumradius sqrt(3), edge 2/φ)
VERTICES = np.array(
    [
        (-1, 1, 1),
        (-PHI, 0, _IPHI),
        (-1, -1, 1),
        (0, -_IPHI, PHI),
        (0, _IPHI, PHI),
        (-_IPHI, PHI, 0),
        (-1, 1, -1),
        (-PHI, 0, -_IPHI),
        (-1, -1, -1),
        (-_IPHI, -PHI, 0),
        (_IPHI, -PHI, 0),
        (1, -1, 1),
        (PHI, 0, _IPHI),
        (1, 1, 1),
        (_IPHI, PHI, 0),
        (0, _IPHI, -PHI),
        (0, -_IPHI, -PHI),
        (1, -1, -1),
        (PHI, 0, -_IPHI),
        (1, 1, -1),
    ],
    dtype=float,
)
VERTICES.setflags(write=False)

#: each face's corners, counter-clockwise seen from outside (planet.md §9.2)
FACES: tuple[tuple[int, int, int, int, int], ...] = (
    (0, 1, 2, 3, 4),
    (1, 0, 5, 6, 7),
    (2, 1, 7, 8, 9),
    (3, 2, 9, 10, 11),
    (4, 3, 11, 12, 13),
    (0, 4, 13, 14, 5),
    (15, 16, 8, 7, 6),
    (16, 17, 10, 9, 8),
    (17, 18, 12, 11, 10),
    (18, 19, 14, 13, 12),
    (19, 15, 6, 5, 14),
    (16, 15, 19, 18, 17),
)

FACE_COUNT = 12
SLOTS = 5
CELL_COUNT = FACE_COUNT * SLOTS
EDGE = 2 / PHI


def cell(face: int, slot: int) -> int:
    """The id of the triangle of ``face`` on edge slot ``slot`` (mod 5)."""
    return SLOTS * face + slot % SLOTS


def _faces_across() -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]:
    """NBR and BACK, from the corner cycles: each edge is found on the one
    other face that runs it the other way."""
    slot_of: dict[tuple[int, int], tuple[int, int]] = {}
    for f, corners in enumerate(FACES):
        for e in range(SLOTS):
            key = (corners[e], corners[(e + 1) % SLOTS])
            if key in slot_of:
                raise ValueError(
                    f"geometry: edge v{key[0]}-v{key[1]} runs the same way on two faces"
                )
            slot_of[key] = (f, e)
    nbr: list[tuple[int, ...]] = []
    back: list[tuple[int, ...]] = []
    for corners in FACES:
        across = []
        for e in range(SLOTS):
            a, b = corners[e], corners[(e + 1) % SLOTS]
            if (b, a) not in slot_of:
                raise ValueError(f"geometry: edge v{a}-v{b} has no face on its other side")
            across.append(slot_of[(b, a)])
        nbr.append(tuple(g for g, _ in across))
        back.append(tuple(s for _, s in across))
    return tuple(nbr), tuple(back)


NBR, BACK = _faces_across()

#: each face's corners in 3D, in FACES order, shape (12, 5, 3)
FACE_CORNERS = VERTICES[np.array(FACES)]
FACE_CORNERS.setflags(write=False)
#: each face's centre (the mean of its corners)
CENTROIDS = FACE_CORNERS.mean(axis=1)
CENTROIDS.setflags(write=False)
#: each face's outward unit normal
NORMALS = CENTROIDS / np.linalg.norm(CENTROIDS, axis=1, keepdims=True)
NORMALS.setflags(write=False)
#: the face opposite each face (normals pointing opposite ways)
OPPOSITE: tuple[int, ...] = tuple(int(np.argmin(NORMALS @ n)) for n in NORMALS)

#: the three side-neighbours of each cell: the previous and next cell of its
#: own tile, then the cell across the tile's border
CELL_NEIGHBOURS: tuple[tuple[int, int, int], ...] = tuple(
    (cell(f, e - 1), cell(f, e + 1), cell(NBR[f][e], BACK[f][e]))
    for f in range(FACE_COUNT)
    for e in range(SLOTS)
)

#: each cell's triangle in 3D: (face centre, corner e, corner e + 1), shape (60, 3, 3)
CELL_TRIANGLES = np.array(
    [
        (CENTROIDS[f], VERTICES[FACES[f][e]], VERTICES[FACES[f][(e + 1) % SLOTS]])
        for f in range(FACE_COUNT)
        for e in range(SLOTS)
    ]
)
CELL_TRIANGLES.setflags(write=False)


def rotated(tile: Sequence[T], rotation: int) -> tuple[T, ...]:
    """A tile's 5 slots as they land on edge slots 0-4 when turned by
    ``rotation`` fifths counter-clockwise: slot ``(e - rotation) % 5`` lands on
    edge slot ``e``. Rotation 5 is rotation 0."""
    if len(tile) != SLOTS:
        raise ValueError(f"a tile has {SLOTS} slots, not {len(tile)}")
    return tuple(tile[(e - rotation) % SLOTS] for e in range(SLOTS))


def place(tile: Sequence[T], face: int, rotation: int) -> tuple[tuple[int, T], ...]:
    """The 5 (cell, terrain) pairs that placing ``tile`` on ``face`` with
    ``rotation`` sets, in edge-slot order (cells ``5*face`` to ``5*face + 4``)."""
    if not 0 <= face < FACE_COUNT:
        raise ValueError(f"no face {face}: faces are 0-{FACE_COUNT - 1}")
    return tuple(zip(range(SLOTS * face, SLOTS * face + SLOTS), rotated(tile, rotation)))


# -- the net -----------------------------------------------------------------------

#: the faces glued in the net, (parent, child), a spanning tree of the faces:
#: two flowers (face 0 with 1-5 round it, face 11 with 6, 7, 9, 10), joined
#: across the edge of faces 3 and 8
NET_FOLDS: tuple[tuple[int, int], ...] = (
    (0, 1),
    (0, 2),
    (0, 3),
    (0, 4),
    (0, 5),
    (3, 8),
    (8, 11),
    (11, 6),
    (11, 7),
    (11, 9),
    (11, 10),
)


def _turn(d: np.ndarray, degrees: float) -> np.ndarray:
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    return np.array((c * d[0] - s * d[1], s * d[0] + c * d[1]))


def _pentagon_from(p: np.ndarray, q: np.ndarray, slot: int) -> np.ndarray:
    """A regular pentagon's 5 corners, counter-clockwise, with corner ``slot``
    at ``p`` and corner ``slot + 1`` at ``q``."""
    corners = np.zeros((SLOTS, 2))
    corners[slot], corners[(slot + 1) % SLOTS] = p, q
    d = q - p
    for k in range(2, SLOTS):
        d = _turn(d, 72)
        corners[(slot + k) % SLOTS] = corners[(slot + k - 1) % SLOTS] + d
    return corners


def _unfold() -> np.ndarray:
    corners = np.zeros((FACE_COUNT, SLOTS, 2))
    corners[0] = _pentagon_from(np.zeros(2), np.array((1.0, 0.0)), 0)
    for parent, child in NET_FOLDS:
        e = NBR[parent].index(child)
        back = BACK[parent][e]
        # the edge runs corner e -> e+1 on the parent and back -> back+1 the
        # other way on the child: the child's corner back sits on the parent's
        # corner e + 1
        corners[child] = _pentagon_from(corners[parent][(e + 1) % SLOTS], corners[parent][e], back)
    # lay the net along the x axis (pole 0 left, pole 11 right), centred on 0
    span = corners[11].mean(axis=0) - corners[0].mean(axis=0)
    turn = -math.degrees(math.atan2(span[1], span[0]))
    flat = corners.reshape(-1, 2)
    flat = np.array([_turn(p, turn) for p in flat])
    flat -= (flat.min(axis=0) + flat.max(axis=0)) / 2
    return flat.reshape(FACE_COUNT, SLOTS, 2)


#: each face's pentagon in the flat net, shape (12, 5, 2): unit edges, x right
#: and y up, corners in FACES order (counter-clockwise), centred on the origin
NET_CORNERS = _unfold()
NET_CORNERS.setflags(write=False)
#: each cell's triangle in the net, shape (60, 3, 2): centre, corner e, corner e + 1
NET_CELLS = np.array(
    [
        (NET_CORNERS[f].mean(axis=0), NET_CORNERS[f][e], NET_CORNERS[f][(e + 1) % SLOTS])
        for f in range(FACE_COUNT)
        for e in range(SLOTS)
    ]
)
NET_CELLS.setflags(write=False)


def _check() -> None:
    """Refuse a labelling the coordinates do not bear out: every face a flat
    regular pentagon of edge 2/φ, counter-clockwise from outside; 30 edges,
    each shared by exactly two faces; opposite faces an involution."""
    if VERTICES.shape != (20, 3) or len(FACES) != FACE_COUNT:
        raise ValueError("geometry: a dodecahedron has 20 corners and 12 faces")
    if sorted(v for f in FACES for v in f) != sorted(list(range(20)) * 3):
        raise ValueError("geometry: every corner must be on exactly three faces")
    for f, corners in enumerate(FACES):
        p = VERTICES[list(corners)]
        for e in range(SLOTS):
            side = np.linalg.norm(p[(e + 1) % SLOTS] - p[e])
            if not math.isclose(side, EDGE, rel_tol=1e-9):
                raise ValueError(f"geometry: face {f} slot {e} is {side:.4f} long, not 2/φ")
            turn = np.cross(p[(e + 1) % SLOTS] - p[e], p[(e + 2) % SLOTS] - p[(e + 1) % SLOTS])
            if not np.dot(turn, NORMALS[f]) > 0:
                raise ValueError(f"geometry: face {f} is not counter-clockwise seen from outside")
            if not math.isclose(float(np.dot(p[e] - CENTROIDS[f], NORMALS[f])), 0, abs_tol=1e-9):
                raise ValueError(f"geometry: face {f} is not flat")
    for f in range(FACE_COUNT):
        if OPPOSITE[OPPOSITE[f]] != f or not np.allclose(NORMALS[OPPOSITE[f]], -NORMALS[f]):
            raise ValueError(f"geometry: face {f} has no opposite face")


_check()
