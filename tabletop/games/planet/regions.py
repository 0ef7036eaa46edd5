"""A planet's cells as a value, its regions, and the animal conditions (planet.md
§9.5, ruling T2). Pure and fast: bit masks, no graph search in Python.

The planet value
    A planet is a ``str`` of 60 characters, cell ``i``'s terrain letter at
    index ``i`` (``tiles.TERRAINS``) or ``.`` where no tile lies yet
    (:data:`EMPTY_PLANET` is all dots). It is immutable, hashable, saves as
    itself and prints as a picture of sorts: face ``f`` is
    ``planet[5*f:5*f + 5]``. :func:`with_tile` places a tile,
    :func:`free_faces` lists where one may go, :func:`planet_problem` says
    what is wrong with a string that is no planet.

Masks
    A set of cells is an ``int`` whose bit ``i`` is cell ``i``
    (:func:`mask`, :func:`cells`; its size is ``m.bit_count()``).
    :func:`spread` is the side-neighbours of a set, through five lookup tables
    of 4096 entries built at import from ``geometry.CELL_NEIGHBOURS``.

Regions (T2)
    A region of terrain X is a maximal set of X cells joined through shared
    sides. Cells meeting only at a point (a tile's centre, a corner of the
    solid) are not joined, and a region "touches" terrain Y only when one of
    its cells shares a side with a Y cell. :func:`regions` lists them as masks,
    largest first.

Conditions
    :func:`condition_key` is an animal card's key on one planet:
    ``MOST``: ``(number of X regions,)``; ``TOUCH``: the sizes of the X
    regions touching Y, largest first; ``AVOID``: the sizes of the X regions
    touching no Y, largest first (``()`` when there are none). Keys are
    compared entry by entry, a missing entry counting as 0; the rules decide
    who wins with them. :func:`key_of_masks` is the same from masks, for a
    caller that asks many cards of one planet (:func:`masks` makes them once).
"""

from __future__ import annotations

from tabletop.games.planet.geometry import CELL_COUNT, CELL_NEIGHBOURS, FACE_COUNT, SLOTS, place
from tabletop.games.planet.tiles import AVOID, EMPTY, MOST, TERRAINS, TOUCH, Animal

#: a planet with no tile on it
EMPTY_PLANET = EMPTY * CELL_COUNT
#: every cell
ALL_CELLS = (1 << CELL_COUNT) - 1

_LETTERS = "".join(TERRAINS) + EMPTY
#: for each letter, a table turning a planet into '1' where that letter is and
#: '0' elsewhere (read reversed, so cell 0 is the lowest bit)
_BITS = {t: str.maketrans({c: "1" if c == t else "0" for c in _LETTERS}) for t in _LETTERS}

_CHUNK = 12
_CHUNKS = CELL_COUNT // _CHUNK
_LOW = (1 << _CHUNK) - 1
_NEIGHBOURS = tuple(sum(1 << n for n in nbrs) for nbrs in CELL_NEIGHBOURS)


def _tables() -> tuple[tuple[int, ...], ...]:
    """For each 12-cell chunk, each of its 4096 subsets' side-neighbours."""
    tables = []
    for k in range(_CHUNKS):
        table = [0] * (1 << _CHUNK)
        for v in range(1, 1 << _CHUNK):
            low = (v & -v).bit_length() - 1
            table[v] = table[v & (v - 1)] | _NEIGHBOURS[k * _CHUNK + low]
        tables.append(tuple(table))
    return tuple(tables)


_T0, _T1, _T2, _T3, _T4 = _tables()


def spread(m: int) -> int:
    """Every cell sharing a side with a cell of ``m`` (cells of ``m`` included
    only where they neighbour another cell of ``m``)."""
    return (
        _T0[m & _LOW]
        | _T1[(m >> 12) & _LOW]
        | _T2[(m >> 24) & _LOW]
        | _T3[(m >> 36) & _LOW]
        | _T4[m >> 48]
    )


def mask(planet: str, terrain: str) -> int:
    """The cells of ``planet`` holding ``terrain`` (a letter, or EMPTY)."""
    return int(planet[::-1].translate(_BITS[terrain]), 2)


def masks(planet: str) -> tuple[int, ...]:
    """The mask of each terrain, in ``tiles.TERRAINS`` order."""
    return tuple(mask(planet, t) for t in TERRAINS)


def cells(m: int) -> tuple[int, ...]:
    """The cell ids in mask ``m``, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return tuple(out)


def _components(m: int) -> list[tuple[int, int]]:
    """The side-joined parts of ``m`` with the side-neighbours of each, in the
    order of their lowest cell: (part, its spread)."""
    t0, t1, t2, t3, t4 = _T0, _T1, _T2, _T3, _T4
    out = []
    while m:
        part = frontier = m & -m
        rest = m ^ part
        around = 0
        while frontier:
            grown = (
                t0[frontier & 4095]
                | t1[(frontier >> 12) & 4095]
                | t2[(frontier >> 24) & 4095]
                | t3[(frontier >> 36) & 4095]
                | t4[frontier >> 48]
            )
            around |= grown
            frontier = grown & rest
            rest ^= frontier
            part |= frontier
        out.append((part, around))
        m = rest
    return out


def regions(planet: str, terrain: str) -> tuple[int, ...]:
    """The regions of ``terrain`` as masks, largest first (equal sizes: the
    one with the lowest cell first)."""
    parts = [part for part, _ in _components(mask(planet, terrain))]
    parts.sort(key=lambda p: -p.bit_count())
    return tuple(parts)


def key_of_masks(kind: str, x: int, y: int = 0) -> tuple[int, ...]:
    """A condition's key from the masks of its terrain ``x`` and other
    terrain ``y`` (see the module's docstring)."""
    parts = _components(x)
    if kind == MOST:
        return (len(parts),)
    if kind == TOUCH:
        sizes = [p.bit_count() for p, around in parts if around & y]
    elif kind == AVOID:
        sizes = [p.bit_count() for p, around in parts if not around & y]
    else:
        raise ValueError(f"no condition kind {kind!r}")
    sizes.sort(reverse=True)
    return tuple(sizes)


def condition_key(planet: str, animal: Animal) -> tuple[int, ...]:
    """``animal``'s key on ``planet``: more is better, entry by entry."""
    x = int(planet[::-1].translate(_BITS[animal.terrain]), 2)
    if animal.other is None:
        return key_of_masks(animal.kind, x)
    return key_of_masks(animal.kind, x, int(planet[::-1].translate(_BITS[animal.other]), 2))


# -- placing tiles --------------------------------------------------------------------


def with_tile(planet: str, tile: str, face: int, rotation: int) -> str:
    """``planet`` with ``tile`` (5 terrain letters) placed on ``face``, turned
    by ``rotation`` (geometry.place). The face must be free."""
    laid = "".join(t for _, t in place(tile, face, rotation))
    if planet[SLOTS * face] != EMPTY:
        raise ValueError(f"face {face} already holds a tile")
    return planet[: SLOTS * face] + laid + planet[SLOTS * face + SLOTS :]


def free_faces(planet: str) -> tuple[int, ...]:
    """The faces with no tile yet, lowest first."""
    return tuple(f for f in range(FACE_COUNT) if planet[SLOTS * f] == EMPTY)


def planet_problem(planet: object) -> str | None:
    """None for a proper planet value, else what is wrong, in words: 60
    characters, each a terrain letter or EMPTY, each face all empty or all
    covered."""
    if not isinstance(planet, str) or len(planet) != CELL_COUNT:
        return f"a planet is {CELL_COUNT} cells"
    bad = set(planet) - set(_LETTERS)
    if bad:
        return f"a planet has no terrain {min(bad)!r}"
    for f in range(FACE_COUNT):
        face = planet[SLOTS * f : SLOTS * f + SLOTS]
        if EMPTY in face and face != EMPTY * SLOTS:
            return f"face {f} is partly covered"
    return None
