"""Planet's game data: terrains, the 50 continent tiles, the 45 animal cards and
the 5 Natural Habitat cards, read from ``tiles.toml``, ``animals.toml`` and
``habitats.toml`` beside this module and checked at import.

All three lists are this edition's proposal, not the publisher's (ruling T1,
planet.md §4.3, §6.3, §7.2): no public list exists. A replacement list changes
the data files, not this code; a malformed file stops the import with a
:class:`DataError` naming the file, the entry and what is wrong.

Terrains
    A terrain is its one-letter code, a plain ``str``: ``O`` ocean, ``F``
    forest, ``M`` mountain, ``D`` desert, ``I`` glacier (ice), in the order of
    :data:`TERRAINS`; :data:`TERRAIN_NAMES` names them. ``.`` (:data:`EMPTY`)
    is a cell with no tile yet.

Tiles
    :data:`TILES` holds the 50 :class:`Tile` s by number (0-49). A tile's
    ``terrains`` are its 5 slots counter-clockwise seen from above;
    ``geometry.place`` puts them on a face. :meth:`Tile.rotations` lists the
    rotations that give different layouts, for enumerating moves without
    doubles: five is prime, so a tile of one terrain has 1 and any other 5.

Animals
    :data:`ANIMALS` holds the 45 :class:`Animal` s by number (0-44): a
    ``kind`` (:data:`MOST` regions of ``terrain``; largest region of
    ``terrain`` that does :data:`TOUCH` terrain ``other``; largest region of
    ``terrain`` that touches no ``other``, :data:`AVOID`). ``terrain`` is also
    the card's border colour, which decides its points at the end.
    ``regions.condition_key`` evaluates a card on a planet.

Habitats
    :data:`HABITATS` maps each terrain to its :class:`Habitat` card;
    :meth:`Habitat.score` turns a planet's count of that terrain into points.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

from tabletop.games.planet.geometry import SLOTS, rotated

OCEAN, FOREST, MOUNTAIN, DESERT, GLACIER = "O", "F", "M", "D", "I"
#: the five terrains, in this order everywhere (data files, tables, masks)
TERRAINS = (OCEAN, FOREST, MOUNTAIN, DESERT, GLACIER)
TERRAIN_NAMES = {
    OCEAN: "ocean",
    FOREST: "forest",
    MOUNTAIN: "mountain",
    DESERT: "desert",
    GLACIER: "glacier",
}
#: a cell no tile covers yet
EMPTY = "."

MOST, TOUCH, AVOID = "most", "touch", "avoid"
KINDS = (MOST, TOUCH, AVOID)

TILE_COUNT = 50


class DataError(ValueError):
    """A data file that does not say what the game needs, in words."""


@dataclass(frozen=True)
class Tile:
    """Continent tile number ``index``: its 5 terrains, slot 0 to slot 4,
    counter-clockwise seen from above. Prints as ``07 DDDFF``."""

    index: int
    terrains: str

    def rotations(self) -> tuple[int, ...]:
        """The rotations (0-4) giving different layouts, smallest first: each
        layout is listed once, at the smallest rotation that makes it."""
        seen: set[tuple[str, ...]] = set()
        out = []
        for r in range(SLOTS):
            layout = rotated(self.terrains, r)
            if layout not in seen:
                seen.add(layout)
                out.append(r)
        return tuple(out)

    def __str__(self) -> str:
        return f"{self.index:02d} {self.terrains}"


@dataclass(frozen=True)
class Animal:
    """Animal card number ``index``: ``kind`` is MOST, TOUCH or AVOID;
    ``other`` is None for MOST and the touched or avoided terrain otherwise."""

    index: int
    name: str
    kind: str
    terrain: str
    other: str | None

    @property
    def condition(self) -> str:
        """The card's condition in words: "most forest regions", "largest
        forest region touching mountain", "largest forest region touching no
        desert"."""
        x = TERRAIN_NAMES[self.terrain]
        if self.kind == MOST:
            return f"most {x} regions"
        y = TERRAIN_NAMES[self.other or ""]
        return f"largest {x} region touching {'' if self.kind == TOUCH else 'no '}{y}"

    def __str__(self) -> str:
        return f"{self.name} ({self.condition})"


@dataclass(frozen=True)
class Habitat:
    """A Natural Habitat card: ``cells[i]`` or more cells of ``terrain`` score
    ``points[i]``; fewer than ``cells[0]`` score 0."""

    terrain: str
    cells: tuple[int, ...]
    points: tuple[int, ...]

    def score(self, count: int) -> int:
        """The points for ``count`` cells of this card's terrain."""
        best = 0
        for least, points in zip(self.cells, self.points):
            if count >= least:
                best = points
        return best


# -- reading and checking the files -------------------------------------------------


def _entries(doc: dict[str, Any], key: str, where: str) -> list[Any]:
    entries = doc.get(key)
    if not isinstance(entries, list):
        raise DataError(f"{where}: no list called {key!r}")
    return entries


def _terrain(value: Any, where: str, what: str = "terrain") -> str:
    if not isinstance(value, str) or value not in TERRAINS:
        raise DataError(f"{where}: {what} {value!r} is not one of {', '.join(TERRAINS)}")
    return value


def parse_tiles(doc: dict[str, Any], where: str = "tiles.toml") -> tuple[Tile, ...]:
    """The tiles of a parsed ``tiles.toml``: exactly 50 strings of 5 terrain
    letters (setup deals all of them into 10 piles of 5)."""
    entries = _entries(doc, "tiles", where)
    if len(entries) != TILE_COUNT:
        raise DataError(f"{where}: {len(entries)} tiles, not {TILE_COUNT} (10 piles of 5)")
    tiles = []
    for i, text in enumerate(entries):
        if not isinstance(text, str) or len(text) != SLOTS:
            raise DataError(f"{where}: tile {i} is {text!r}, not {SLOTS} terrain letters")
        for letter in text:
            _terrain(letter, f"{where}: tile {i}")
        tiles.append(Tile(i, text))
    return tuple(tiles)


_ANIMAL_KEYS = {"name", "terrain", "kind", "other"}


def parse_animals(doc: dict[str, Any], where: str = "animals.toml") -> tuple[Animal, ...]:
    """The animal cards of a parsed ``animals.toml``: at least 20 (the game
    lays out 20), each with a name of its own, a terrain, a kind, and another
    terrain exactly when the kind is TOUCH or AVOID."""
    entries = _entries(doc, "animals", where)
    animals: list[Animal] = []
    names: set[str] = set()
    for i, row in enumerate(entries):
        at = f"{where}: animal {i}"
        if not isinstance(row, dict):
            raise DataError(f"{at} is not a table")
        unknown = sorted(set(row) - _ANIMAL_KEYS)
        if unknown:
            raise DataError(f"{at}: unknown field {unknown[0]!r}")
        name = row.get("name")
        if not isinstance(name, str) or not name.strip():
            raise DataError(f"{at}: no name")
        at = f"{where}: animal {i} ({name})"
        if name in names:
            raise DataError(f"{at}: the name is used twice")
        names.add(name)
        terrain = _terrain(row.get("terrain"), at)
        kind = row.get("kind")
        if kind not in KINDS:
            raise DataError(f"{at}: kind {kind!r} is not one of {', '.join(KINDS)}")
        other = row.get("other")
        if kind == MOST:
            if other is not None:
                raise DataError(f"{at}: a 'most' card has no other terrain")
        else:
            other = _terrain(other, at, "other terrain")
            if other == terrain:
                raise DataError(f"{at}: the other terrain is its own terrain")
        animals.append(Animal(i, name, kind, terrain, other))
    if len(animals) < 20:
        raise DataError(f"{where}: {len(animals)} animals, fewer than the 20 laid out")
    return tuple(animals)


def parse_habitats(doc: dict[str, Any], where: str = "habitats.toml") -> dict[str, Habitat]:
    """The habitat cards of a parsed ``habitats.toml``: one per terrain (each
    player's card differs), each with its steps of cells rising (1-60) and of
    points rising (above 0)."""
    entries = _entries(doc, "habitats", where)
    habitats: dict[str, Habitat] = {}
    for i, row in enumerate(entries):
        at = f"{where}: habitat {i}"
        if not isinstance(row, dict):
            raise DataError(f"{at} is not a table")
        terrain = _terrain(row.get("terrain"), at)
        at = f"{where}: habitat {i} ({TERRAIN_NAMES[terrain]})"
        if terrain in habitats:
            raise DataError(f"{at}: a second card for {TERRAIN_NAMES[terrain]}")
        cells, points = row.get("cells"), row.get("points")
        for label, values in (("cells", cells), ("points", points)):
            if (
                not isinstance(values, list)
                or not values
                or not all(type(v) is int for v in values)
            ):
                raise DataError(f"{at}: {label} must be a list of whole numbers")
        assert isinstance(cells, list) and isinstance(points, list)
        if len(cells) != len(points):
            raise DataError(f"{at}: {len(cells)} steps of cells but {len(points)} of points")
        if not (1 <= cells[0] and cells[-1] <= 60) or any(a >= b for a, b in zip(cells, cells[1:])):
            raise DataError(f"{at}: cells must rise, from 1 to 60")
        if points[0] <= 0 or any(a >= b for a, b in zip(points, points[1:])):
            raise DataError(f"{at}: points must rise, above 0")
        habitats[terrain] = Habitat(terrain, tuple(cells), tuple(points))
    missing = [TERRAIN_NAMES[t] for t in TERRAINS if t not in habitats]
    if missing:
        raise DataError(f"{where}: no card for {', '.join(missing)}")
    return {t: habitats[t] for t in TERRAINS}


def read(name: str) -> dict[str, Any]:
    """A data file beside this module, parsed (a TOML error becomes a DataError)."""
    text = (resources.files(__package__) / name).read_text("utf-8")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{name}: {exc}") from None


#: the 50 continent tiles by number
TILES = parse_tiles(read("tiles.toml"))
#: the 45 animal cards by number
ANIMALS = parse_animals(read("animals.toml"))
#: the Natural Habitat card of each terrain, in TERRAINS order
HABITATS = parse_habitats(read("habitats.toml"))
