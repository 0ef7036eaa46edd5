"""Planet's data (ruling T1): the 50 tiles, 45 animals and 5 habitat cards of
this edition's proposal, and the clear errors a malformed data file gives."""

import copy
import fnmatch
import itertools
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from tabletop.games.planet import tiles as t
from tabletop.games.planet.geometry import rotated

ROOT = Path(__file__).resolve().parents[2]
FILES = ("tiles.toml", "animals.toml", "habitats.toml")


def test_t1_every_data_file_says_it_is_a_proposal_and_ships_in_the_package():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["tabletop.games"]
    for name in FILES:
        text = (resources.files("tabletop.games.planet") / name).read_text("utf-8")
        first = text.splitlines()[0]
        assert "PROPOSAL" in first.upper() and "not the publisher's" in first
        assert any(fnmatch.fnmatch(f"planet/{name}", g) for g in globs)


def test_t1_the_50_tiles_of_planet_md():
    assert len(t.TILES) == 50 and [x.index for x in t.TILES] == list(range(50))
    assert str(t.TILES[7]) == "07 DDDFF" and t.TILES[49].terrains == "FFODO"
    totals = Counter("".join(x.terrains for x in t.TILES))
    assert totals == {"O": 62, "F": 52, "M": 52, "D": 43, "I": 41}
    # two or three terrains a tile, all different up to rotation
    assert all(len(set(x.terrains)) in (2, 3) for x in t.TILES)
    layouts = [{rotated(x.terrains, r) for r in range(5)} for x in t.TILES]
    assert all(a.isdisjoint(b) for a, b in itertools.combinations(layouts, 2))
    # every pair of terrains meets along a side on 12-16 tiles' worth of sides
    sides = Counter(
        frozenset((x.terrains[e], x.terrains[(e + 1) % 5]))
        for x in t.TILES
        for e in range(5)
        if x.terrains[e] != x.terrains[(e + 1) % 5]
    )
    assert len(sides) == 10 and all(12 <= n <= 16 for n in sides.values())


def test_tile_rotations_list_each_layout_once():
    assert t.Tile(0, "OFOFM").rotations() == (0, 1, 2, 3, 4)
    assert t.Tile(0, "OOOOO").rotations() == (0,)
    assert all(len(x.rotations()) == 5 for x in t.TILES)


def test_t1_the_45_animals_nine_per_terrain():
    assert len(t.ANIMALS) == 45 and [a.index for a in t.ANIMALS] == list(range(45))
    assert len({a.name for a in t.ANIMALS}) == 45
    for x in t.TERRAINS:
        mine = [a for a in t.ANIMALS if a.terrain == x]
        assert len(mine) == 9
        assert Counter(a.kind for a in mine) == {"most": 1, "touch": 4, "avoid": 4}
        others = set(t.TERRAINS) - {x}
        assert {a.other for a in mine if a.kind == "touch"} == others
        assert {a.other for a in mine if a.kind == "avoid"} == others


def test_the_sourced_animals_have_their_sourced_conditions():
    by_name = {a.name: a for a in t.ANIMALS}
    assert by_name["Panda"].condition == "most forest regions"
    assert by_name["Whale"].condition == "most ocean regions"  # T5
    assert by_name["Elephant"].condition == "largest desert region touching mountain"
    assert by_name["Reindeer"].condition == "largest glacier region touching no desert"
    assert by_name["Sea turtle"].condition == "largest ocean region touching desert"
    assert by_name["Bear"].condition == "largest forest region touching mountain"
    assert by_name["Penguin"].condition == "largest glacier region touching ocean"
    assert by_name["Squirrel"].condition == "largest forest region touching no glacier"
    assert str(by_name["Panda"]) == "Panda (most forest regions)"


def test_t1_the_5_habitat_tables():
    assert list(t.HABITATS) == list(t.TERRAINS)
    ice, desert, ocean = t.HABITATS["I"], t.HABITATS["D"], t.HABITATS["O"]
    # the sourced points: glacier 11-13 -> 2, glacier 21 -> 8, desert 23+ -> 10
    assert [ice.score(n) for n in (10, 11, 12, 13, 14, 21)] == [0, 2, 2, 2, 4, 8]
    assert desert.score(23) == desert.score(60) == 10 and desert.score(22) == 8
    assert ocean.score(14) == 0 and ocean.score(15) == 2 and ocean.score(27) == 10
    for h in t.HABITATS.values():
        assert h.points == (2, 4, 6, 8, 10) and h.score(0) == 0


# -- validation -------------------------------------------------------------------


def _doc(name):
    return tomllib.loads((resources.files("tabletop.games.planet") / name).read_text("utf-8"))


PARSERS = {
    "tiles.toml": t.parse_tiles,
    "animals.toml": t.parse_animals,
    "habitats.toml": t.parse_habitats,
}


def _broken(name, change):
    doc = copy.deepcopy(_doc(name))
    change(doc)
    return lambda: PARSERS[name](doc)


def _set(key, i, value):
    def change(doc):
        doc[key][i] = value

    return change


def _field(key, i, field, value):
    def change(doc):
        if value is None:
            del doc[key][i][field]
        else:
            doc[key][i][field] = value

    return change


BAD = [
    ("tiles.toml", lambda d: d.pop("tiles"), "no list called 'tiles'"),
    ("tiles.toml", lambda d: d["tiles"].pop(), "49 tiles, not 50"),
    ("tiles.toml", _set("tiles", 3, "OOOO"), "tile 3 is 'OOOO', not 5 terrain letters"),
    ("tiles.toml", _set("tiles", 4, 12345), "tile 4 is 12345"),
    ("tiles.toml", _set("tiles", 5, "OOGOO"), "tile 5: terrain 'G' is not one of O, F, M, D, I"),
    (
        "animals.toml",
        lambda d: d.update(animals=d["animals"][:19]),
        "19 animals, fewer than the 20",
    ),
    ("animals.toml", _set("animals", 2, "Dolphin"), "animal 2 is not a table"),
    ("animals.toml", _field("animals", 2, "name", None), "animal 2: no name"),
    (
        "animals.toml",
        _field("animals", 2, "name", "Whale"),
        "animal 2 (Whale): the name is used twice",
    ),
    ("animals.toml", _field("animals", 2, "terrain", "X"), "animal 2 (Dolphin): terrain 'X'"),
    ("animals.toml", _field("animals", 2, "kind", "largest"), "kind 'largest' is not one of"),
    ("animals.toml", _field("animals", 2, "other", None), "other terrain None is not one of"),
    ("animals.toml", _field("animals", 2, "other", "O"), "the other terrain is its own terrain"),
    (
        "animals.toml",
        _field("animals", 0, "other", "F"),
        "animal 0 (Whale): a 'most' card has no other",
    ),
    ("animals.toml", _field("animals", 0, "points", 2), "unknown field 'points'"),
    ("habitats.toml", lambda d: d["habitats"].pop(), "no card for glacier"),
    (
        "habitats.toml",
        _field("habitats", 1, "terrain", "O"),
        "habitat 1 (ocean): a second card for ocean",
    ),
    ("habitats.toml", _field("habitats", 0, "cells", [15, 18, 18, 24, 27]), "cells must rise"),
    (
        "habitats.toml",
        _field("habitats", 0, "cells", [15, 18, 21, 24, 61]),
        "cells must rise, from 1 to 60",
    ),
    (
        "habitats.toml",
        _field("habitats", 0, "cells", [0, 18, 21, 24, 27]),
        "cells must rise, from 1 to 60",
    ),
    (
        "habitats.toml",
        _field("habitats", 0, "cells", [15, 18, 21, 24]),
        "4 steps of cells but 5 of points",
    ),
    ("habitats.toml", _field("habitats", 0, "points", [2, 4, 4, 8, 10]), "points must rise"),
    (
        "habitats.toml",
        _field("habitats", 0, "points", [0, 4, 6, 8, 10]),
        "points must rise, above 0",
    ),
    (
        "habitats.toml",
        _field("habitats", 0, "points", [2.0, 4, 6, 8, 10]),
        "points must be a list of whole",
    ),
    (
        "habitats.toml",
        _field("habitats", 0, "cells", None),
        "cells must be a list of whole numbers",
    ),
]


@pytest.mark.parametrize(("name", "change", "words"), BAD)
def test_a_malformed_data_file_is_refused_in_words(name, change, words):
    with pytest.raises(t.DataError) as info:
        _broken(name, change)()
    assert words in str(info.value)
    assert str(info.value).startswith(name)


def test_the_shipped_files_parse_to_what_the_module_holds():
    assert t.parse_tiles(_doc("tiles.toml")) == t.TILES
    assert t.parse_animals(_doc("animals.toml")) == t.ANIMALS
    assert t.parse_habitats(_doc("habitats.toml")) == t.HABITATS


def test_a_file_that_is_not_toml_is_a_data_error(monkeypatch):
    class Fake:
        def __truediv__(self, name):
            return self

        def read_text(self, encoding):
            return "tiles = [ 'OOOOO'"

    monkeypatch.setattr(t.resources, "files", lambda package: Fake())
    with pytest.raises(t.DataError, match="^tiles.toml: "):
        t.read("tiles.toml")
