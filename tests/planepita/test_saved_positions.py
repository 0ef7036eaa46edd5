"""A Planepita save keeps every position, so loading it checks every value in
them as the rules would (issue 9, failure 3): positions and angles of the
discs and the jammer, the pads, the last shot's flick, the counters, the
tokens and the finished rounds must be finite, in range and of their type.
A value the rules never make (NaN, infinite, or far too large, as
the rules refuse it in an action) is a damaged save (SaveError, with the value
named), set aside with a message; it never reaches the first frame."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tabletop.app import Launch
from tabletop.core.session import SaveError, Session
from tabletop.games import REGISTRY
from tabletop.ui import menus
from tests.ui.driver import Driver, make_app
from tests.ui.savefiles import errors, fixture, folder, open_saved_games, pick, write_save

NAN, INF, NEG_INF = {"$f": "nan"}, {"$f": "inf"}, {"$f": "-inf"}
UNFINISHED, FINISHED = "planepita-3p-unfinished", "planepita-2p-finished"


def state(doc: dict[str, Any], n: int = -1) -> dict[str, Any]:
    """The fields of stored position ``n`` (the newest by default)."""
    fields: dict[str, Any] = doc["states"][n]["f"]
    return fields


def layout(doc: dict[str, Any], n: int = -1) -> dict[str, Any]:
    fields: dict[str, Any] = state(doc, n)["layout"]["f"]
    return fields


def setter(
    where: Callable[[dict[str, Any]], Any], key: Any, value: Any
) -> Callable[[dict[str, Any]], None]:
    def damage(doc: dict[str, Any]) -> None:
        where(doc)[key] = value

    return damage


def jammer(doc: dict[str, Any]) -> list[Any]:
    return layout(doc)["jammer"]["$t"]  # type: ignore[no-any-return]


def disc(doc: dict[str, Any]) -> dict[str, Any]:
    return layout(doc)["discs"]["$t"][0]["f"]  # type: ignore[no-any-return]


def flick(doc: dict[str, Any]) -> dict[str, Any]:
    return state(doc)["last_shot"]["f"]["flick"]["f"]  # type: ignore[no-any-return]


def last_round(doc: dict[str, Any]) -> dict[str, Any]:
    return state(doc)["history"]["$t"][-1]["f"]  # type: ignore[no-any-return]


#: (what, which save, how to damage it, the words the SaveError must hold)
CASES: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    ("jammer x NaN", UNFINISHED, setter(jammer, 0, NAN), "the jammer's position is not a number"),
    ("jammer y inf", UNFINISHED, setter(jammer, 1, INF), "the jammer's position is not a number"),
    (
        "jammer x -inf",
        UNFINISHED,
        setter(jammer, 0, NEG_INF),
        "the jammer's position is not a number",
    ),
    (
        "jammer x 1e308",
        UNFINISHED,
        setter(jammer, 0, 1e308),
        "the jammer's position is not a number",
    ),
    ("jammer x 5000 mm", UNFINISHED, setter(jammer, 0, 5000.0), "the jammer is off the board"),
    (
        "jammer x 401 digits",
        UNFINISHED,
        setter(jammer, 0, 10**400),
        "the jammer's position is not a number",
    ),
    (
        "jammer x a string",
        UNFINISHED,
        setter(jammer, 0, "12"),
        "the jammer's position is not a number",
    ),
    ("jammer x true", UNFINISHED, setter(jammer, 0, True), "the jammer's position is not a number"),
    (
        "jammer one number",
        UNFINISHED,
        setter(layout, "jammer", {"$t": [1.0]}),
        "the jammer's position is not a number",
    ),
    ("disc x NaN", UNFINISHED, setter(disc, "x", NAN), "disc #0's position is not a number"),
    ("disc y 1e308", UNFINISHED, setter(disc, "y", 1e308), "disc #0's position is not a number"),
    ("disc y 900 mm", UNFINISHED, setter(disc, "y", 900.0), "disc #0 is off the board"),
    ("disc angle NaN", UNFINISHED, setter(disc, "angle", NAN), "disc #0's angle is not a number"),
    ("disc angle inf", UNFINISHED, setter(disc, "angle", INF), "disc #0's angle is not a number"),
    ("disc owner 7", UNFINISHED, setter(disc, "owner", 7), "disc #0's owner is not at the table"),
    (
        "disc face down 1",
        UNFINISHED,
        setter(disc, "face_down", 1),
        "disc #0 is neither face up nor face down",
    ),
    (
        "pad NaN",
        UNFINISHED,
        setter(lambda d: layout(d)["pads"]["$t"], 0, NAN),
        "a pad's position is not a number",
    ),
    (
        "pad 1e308",
        UNFINISHED,
        setter(lambda d: layout(d)["pads"]["$t"], 2, 1e308),
        "a pad's position is not a number",
    ),
    (
        "flick speed NaN",
        UNFINISHED,
        setter(flick, "speed", NAN),
        "the last shot's speed is not a number",
    ),
    (
        "flick speed inf",
        UNFINISHED,
        setter(flick, "speed", INF),
        "the last shot's speed is not a number",
    ),
    ("flick pad 1e308", UNFINISHED, setter(flick, "pad", 1e308), "the last shot's pad position"),
    ("round 1.0", UNFINISHED, setter(state, "round", 1.0), "the round is not 1 to 4"),
    ("round 401 digits", UNFINISHED, setter(state, "round", 10**400), "the round is not 1 to 4"),
    ("turn NaN", UNFINISHED, setter(state, "turn", NAN), "the launch count is out of range"),
    ("start true", UNFINISHED, setter(state, "start", True), "the start player is not a seat"),
    ("left 2.0", UNFINISHED, setter(lambda d: state(d)["left"]["$t"], 0, 2.0), "the left counts"),
    (
        "next_id 1e308",
        UNFINISHED,
        setter(state, "next_id", 1e308),
        "the next disc number is out of range",
    ),
    (
        "pending NaN",
        UNFINISHED,
        setter(state, "pending", NAN),
        "the disc just launched is not on the board",
    ),
    (
        "score token NaN",
        FINISHED,
        setter(lambda d: state(d)["won"]["$t"][0]["$t"][0]["$t"], 1, NAN),
        "a token won",
    ),
    (
        "round's jammer NaN",
        FINISHED,
        setter(lambda d: last_round(d)["jammer"]["$t"], 0, NAN),
        "a finished round's jammer position is not a number",
    ),
    (
        "round's power 1e308",
        FINISHED,
        setter(lambda d: last_round(d)["areas"]["$t"][0]["f"]["power"]["$t"], 0, 1e308),
        "an area's power",
    ),
]


def damaged(name: str, damage: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    doc = copy.deepcopy(fixture(name))
    damage(doc)
    return doc


@pytest.mark.parametrize(("what", "name", "damage", "words"), CASES, ids=[c[0] for c in CASES])
def test_a_value_the_rules_never_make_is_a_damaged_save(
    what: str, name: str, damage: Any, words: str
) -> None:
    doc = damaged(name, damage)
    with pytest.raises(SaveError) as refused:
        Session.from_doc(doc, registry=REGISTRY, threaded=False)
    moves = len(doc["actions"])
    assert str(refused.value).startswith(f"The save is damaged ({words}")
    assert str(refused.value).endswith(f", after move {moves}).")
    assert type(refused.value) is SaveError  # damaged, not another version's: it is set aside


def test_the_first_position_is_checked_too() -> None:
    doc = damaged(UNFINISHED, lambda d: layout(d, 0)["jammer"]["$t"].__setitem__(1, NAN))
    with pytest.raises(
        SaveError,
        match=r"^The save is damaged \(the jammer's position is not a number, at the start\)\.$",
    ):
        Session.from_doc(doc, registry=REGISTRY, threaded=False)


def test_a_stored_move_with_a_speed_that_is_not_a_number_is_a_damaged_save() -> None:
    """The stored flicks are shown in the log and replayed: each must be legal
    where it was made, as ``check`` says."""
    for bad in (NAN, INF, 1e308, "fast"):
        doc = damaged(UNFINISHED, lambda d, bad=bad: d["actions"][2]["f"].__setitem__("speed", bad))
        with pytest.raises(
            SaveError,
            match=r"^The save is damaged \(move 3 is not legal where it was made: The speed",
        ):
            Session.from_doc(doc, registry=REGISTRY, threaded=False)


def test_a_stored_move_out_of_turn_is_a_damaged_save() -> None:
    """A Flip where the position asks for a launch."""
    doc = fixture(UNFINISHED)
    doc["actions"][0] = {"$dc": "tabletop.games.planepita.model:Flip", "f": {"down": True}}
    with pytest.raises(
        SaveError, match=r"move 1 is not legal where it was made: There is no disc to flip"
    ):
        Session.from_doc(doc, registry=REGISTRY, threaded=False)


JAMMERS = {"NaN": NAN, "infinite": INF, "1e308": 1e308}


@pytest.mark.parametrize("value", list(JAMMERS), ids=list(JAMMERS))
def test_resume_of_an_autosave_with_a_bad_jammer_sets_it_aside(tmp_path: Path, value: str) -> None:
    """``tabletop --resume`` with such an autosave: the title, a message naming
    the jammer, the file moved to ``autosave.json.bad``; frames go on."""
    path = write_save(tmp_path, "autosave", damaged(UNFINISHED, setter(jammer, 0, JAMMERS[value])))
    data = path.read_bytes()
    app = make_app(tmp_path, launch=Launch(resume=True))
    try:
        d = Driver(app)
        d.frames(3)
        assert isinstance(d.top, menus.TitleScene)
        [message] = errors(app)
        assert "The save is damaged (the jammer" in message and "moved to" in message
        assert folder(tmp_path) == {"autosave.json.bad": data}
    finally:
        app.shutdown()


def test_a_saved_game_with_a_nan_jammer_is_set_aside_from_saved_games(tmp_path: Path) -> None:
    """Resume and Watch replay from Saved games: the save is set aside with a
    message, the list no longer offers it, the other save is untouched."""
    write_save(tmp_path, "good", fixture(UNFINISHED))
    write_save(tmp_path, "bad", damaged(UNFINISHED, setter(jammer, 0, NAN)))
    app = make_app(tmp_path)
    try:
        d = Driver(app)
        for button in ("Resume", "Watch replay"):
            before = folder(tmp_path)
            scene = open_saved_games(d)
            pick(d, scene, "bad")
            d.press(button)
            d.frames(2)
            assert isinstance(d.top, menus.SavedGamesScene)
            assert "the jammer's position is not a number" in errors(app)[-1]
            assert [s.slot for s in d.top.saves] == ["good"]
            assert folder(tmp_path) == {
                "bad.json.bad": before["bad.json"],
                "good.json": before["good.json"],
            }
            write_save(tmp_path, "bad", damaged(UNFINISHED, setter(jammer, 0, NAN)))
            (tmp_path / "saves" / "bad.json.bad").unlink()
    finally:
        app.shutdown()
