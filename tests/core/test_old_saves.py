"""Saves written by an earlier version of the program keep loading.

``tests/fixtures/saves/`` holds real save documents written by the code as it
stood before the save format gained per-game versions (format version 1).
Whatever moves inside the code (a class to another module, a new field), these
files must still load to the same position, or be migrated; they are never
treated as damaged.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tabletop import games
from tabletop.core.session import Session

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
FILES = sorted(FIXTURES.glob("*.json"))


def test_there_are_old_saves_of_both_games() -> None:
    names = {f.name.split("-")[0] for f in FILES}
    assert {"planepita", "etuc"} <= names


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_an_old_save_loads_where_it_left_off(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    session = Session.from_doc(doc, registry=games.REGISTRY, threaded=False)
    assert session.name == doc["game"]
    assert session.ply == len(doc["actions"])
    assert session.is_over() == path.stem.endswith("-finished")
    assert [s.name for s in session.seats] == doc["players"]
    if not session.is_over():
        assert session.to_move() is not None
