"""Tampered saves must fail as SaveError (which the menus show to the player),
never as another exception, and never load a state that is not a position."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import tests.conftest  # noqa: F401  (lets Nim's classes revive)
from tabletop.core.session import SaveError, Seat, Session
from tests.nimgame import ENTRY as NIM
from tests.nimgame import default_config
from tests.nimgame.rules import Reserve, Take

# these tests tamper with stored states: use Nim as a game whose saves keep them
ENTRY = dataclasses.replace(NIM, info=dataclasses.replace(NIM.info, save_states=True))

REG = {"nim": ENTRY}


def doc_after(*actions: Any) -> dict[str, Any]:
    s = Session(ENTRY, default_config(2), 3, [Seat("A"), Seat("B")], threaded=False)
    for a in actions:
        s.play(a)
    return json.loads(json.dumps(s.to_doc()))


def damaged(doc: dict[str, Any], how: Any) -> dict[str, Any]:
    how(doc)
    return doc


CASES = {
    "game unhashable (list)": lambda: damaged(
        doc_after(Take(1, 1)), lambda d: d.__setitem__("game", ["nim"])
    ),
    "game unhashable (dict)": lambda: damaged(
        doc_after(Take(1, 1)), lambda d: d.__setitem__("game", {"a": 1})
    ),
    "seed infinite": lambda: damaged(
        doc_after(Take(1, 1)), lambda d: d.__setitem__("seed", float("inf"))
    ),
    "players infinite": lambda: damaged(
        doc_after(Take(1, 1)), lambda d: d["config"].__setitem__("players", float("inf"))
    ),
    "state with placed=()": lambda: damaged(
        doc_after(Take(1, 1), Reserve()),
        lambda d: d["states"][0]["f"].__setitem__("placed", {"$t": []}),
    ),
    "state with reserves=()": lambda: damaged(
        doc_after(Take(1, 1), Reserve()),
        lambda d: d["states"][0]["f"].__setitem__("reserves", {"$t": []}),
    ),
    "garbage state, no moves": lambda: damaged(
        doc_after(), lambda d: d["states"].__setitem__(0, "garbage")
    ),
    "null state, no moves": lambda: damaged(
        doc_after(), lambda d: d["states"].__setitem__(0, None)
    ),
    "garbage last state after a Reserve": lambda: damaged(
        doc_after(Take(1, 1), Reserve()), lambda d: d["states"].__setitem__(-1, "garbage")
    ),
}


@pytest.mark.parametrize("what", list(CASES))
def test_tampered_save_raises_save_error_only(what: str) -> None:
    with pytest.raises(SaveError):
        Session.from_doc(CASES[what](), registry=REG, threaded=False)
