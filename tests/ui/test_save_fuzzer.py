"""The save fuzzer (issue 9): damaged saves go through every way the program
opens a save, headless through the real App frame.

The files: every corruption the issue lists (deep nesting, huge numbers,
NaN, infinite and 1e308 numbers in positions and moves, binary garbage,
truncated files, wrong types, a missing or an extra field, a moved class
name, a future version), and seeded mutations of real saves of every game
the app offers (tests/fixtures/saves/ and games played with a few random
moves): keys and list items deleted, duplicated and swapped, numbers and
strings changed, types replaced, the text truncated.

The ways in, each from a fresh saves folder:

- ``tabletop --resume``: ``App.start`` with a resume launch, the file as the autosave;
- the title's Resume, the file as the autosave;
- Saved games: open, select the file, Resume;
- Saved games: open, select the file, Watch replay.

What must hold: nothing raises; the file is kept (a running game may rewrite
its own autosave; an autosave this version cannot read is kept in Saved
games), or moved aside to ``.bad`` with a message naming where; and no other
file in the saves folder is touched (names and bytes compared before and
after). Bounded: a fixed list and a few mutations per save, small saves, a
small window; the whole module takes a few seconds.
"""

from __future__ import annotations

import copy
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.app import App, Launch
from tabletop.core import rng
from tabletop.core.storage import Storage
from tabletop.games import REGISTRY
from tabletop.ui import menus
from tabletop.ui.gamescene import GameScene
from tests.nimgame import ENTRY as NIM
from tests.ui.driver import Driver, make_app
from tests.ui.savefiles import fixture, folder, played

SIZE = (960, 600)
Doc = dict[str, Any]


def humans(doc: Doc) -> Doc:
    """Every seat a person, so no bot thinks in a frame: the fuzzer is about
    files, and bots have tests of their own."""
    for seat in doc["seats"]:
        seat["kind"] = "human"
    return doc


#: the real saves, small ones: every game the app offers (nim is the test game)
BASES: dict[str, Callable[[], Doc]] = {
    "planepita-fixture": lambda: humans(fixture("planepita-3p-unfinished")),
    "etuc-fixture": lambda: humans(fixture("etuc-3p-unfinished")),
    "etuc-finished": lambda: humans(fixture("etuc-2p-finished")),
    "planepita-played": lambda: played(REGISTRY["planepita"], 2, seed=3, moves=5),
    "etuc-played": lambda: played(REGISTRY["etuc"], 2, seed=3, moves=8),
    "uchronicle-played": lambda: played(REGISTRY["uchronicle"], 3, seed=3, moves=7),
    "phantom_rummy-played": lambda: played(REGISTRY["phantom_rummy"], 3, seed=3, moves=9),
    "planet-played": lambda: played(REGISTRY["planet"], 3, seed=3, moves=7),
    "nim-played": lambda: played(NIM, 2, seed=3, moves=4),
}

#: the untouched neighbours of the file under test (``{slot}`` is its name)
NEIGHBOURS: dict[str, bytes] = {
    "zz-other.json": json.dumps(played(NIM, 2, seed=9, moves=3)).encode(),
    "autosave.json.bad": b"an earlier damaged autosave",
    "{slot}.json.bad": b"an earlier damaged save",
}


# -- the corruptions the issue lists ------------------------------------------------------


def edit(base: str, change: Callable[[Doc], Any]) -> Callable[[], bytes]:
    """``base`` changed in place by ``change``, written as JSON (NaN and
    Infinity as JSON's literals, which Python reads back)."""

    def make() -> bytes:
        doc = BASES[base]()
        change(doc)
        return json.dumps(doc).encode()

    return make


def put(path: tuple[Any, ...], value: Any) -> Callable[[Doc], None]:
    """Set the value at ``path`` (keys and list indices) in a document."""

    def change(doc: Doc) -> None:
        node: Any = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def drop(*keys: str) -> Callable[[Doc], None]:
    def change(doc: Doc) -> None:
        for key in keys:
            del doc[key]

    return change


def nested(depth: int) -> Any:
    value: Any = 0
    for _ in range(depth):
        value = [value]
    return value


def garbage(n: int, seed: int = 1) -> bytes:
    r = rng.make(seed, "garbage")
    return bytes(r.randrange(256) for _ in range(n))


def raw(base: str) -> bytes:
    return json.dumps(BASES[base]()).encode()


PP, ET = "planepita-fixture", "etuc-fixture"
LAST = ("states", -1, "f")
JAMMER_X = (*LAST, "layout", "f", "jammer", "$t", 0)
DISC = (*LAST, "layout", "f", "discs", "$t", 0, "f")
FLICK = ("actions", 0, "f")
CARD = ("actions", 0, "f", "cards", "$t", 0, "f")

CORRUPTIONS: dict[str, Callable[[], bytes]] = {
    "deep nesting: the whole file": lambda: b"[" * 100_000 + b"]" * 100_000,
    "deep nesting: in the moves": lambda: raw(ET).replace(
        b'"actions": [', b'"actions": [' + b"[" * 100_000 + b"]" * 100_000 + b",", 1
    ),
    "deep nesting: in a position": edit(PP, put((*LAST, "history"), nested(300))),
    "huge number: the seed": edit(ET, put(("seed",), 10**400)),
    "huge number: the player count": edit(ET, put(("config", "players"), 10**400)),
    "huge number: a position": edit(PP, put(JAMMER_X, 10**400)),
    "huge number: the version": edit(ET, put(("version",), 10**400)),
    "huge number: a card": edit(ET, put((*CARD, "number"), 10**400)),
    "NaN: the jammer": edit(PP, put(JAMMER_X, float("nan"))),
    "infinite: a disc": edit(PP, put((*DISC, "x"), float("inf"))),
    "1e308: the jammer": edit(PP, put(JAMMER_X, 1e308)),
    "1e308: a disc's angle": edit(PP, put((*DISC, "angle"), -1e308)),
    "NaN: a flick's speed": edit(PP, put((*FLICK, "speed"), float("nan"))),
    "1e308: a flick's aim": edit(PP, put((*FLICK, "angle"), 1e308)),
    "NaN: a card": edit(ET, put((*CARD, "colour"), float("nan"))),
    "binary garbage": lambda: garbage(3000),
    "binary garbage after a good start": lambda: raw(ET)[:200] + garbage(500, seed=2),
    "truncated: half": lambda: raw(PP)[: len(raw(PP)) // 2],
    "truncated: one byte": lambda: raw(ET)[:1],
    "truncated: empty": lambda: b"",
    "wrong type: the seed is text": edit(ET, put(("seed",), "7")),
    "wrong type: the moves are an object": edit(ET, put(("actions",), {"a": 1})),
    "wrong type: the states are text": edit(PP, put(("states",), "none")),
    "wrong type: the seats are a number": edit(ET, put(("seats",), 5)),
    "wrong type: a disc's x is text": edit(PP, put((*DISC, "x"), "12")),
    "wrong type: a card's number is a bool": edit(ET, put((*CARD, "number"), True)),
    "wrong type: a class tag is null": edit(PP, put((*LAST, "layout", "$dc"), None)),
    "wrong type: a class's fields are a list": edit(ET, put(("actions", 0, "f"), ["cards"])),
    "wrong type: the whole file is a list": lambda: b"[1, 2, 3]",
    "wrong type: the whole file is a string": lambda: b'"tabletop-save"',
    "missing field: the seed": edit(ET, drop("seed")),
    "missing field: the moves": edit(PP, drop("actions")),
    "missing field: the states": edit(PP, drop("states")),
    "missing field: the format": edit(ET, drop("format")),
    "missing field: a disc's x": edit(
        PP, lambda d: d["states"][-1]["f"]["layout"]["f"]["discs"]["$t"][0]["f"].pop("x")
    ),
    "extra field: in the document": edit(ET, put(("comment",), "hello")),
    "extra field: in a disc": edit(PP, put((*DISC, "colour"), "red")),
    "moved class: a module this version lacks": edit(
        PP,
        put((*LAST, "layout", "f", "discs", "$t", 0, "$dc"), "tabletop.games.planepita.gone:Disc"),
    ),
    "moved class: outside the program": edit(ET, put(("actions", 0, "$dc"), "os:system")),
    "future version: the save format": edit(ET, put(("version",), 99)),
    "future version: the game's": edit(PP, put(("game_version",), 99)),
    "a game this version lacks": edit(ET, put(("game",), "chess")),
}


# -- seeded mutations of real saves --------------------------------------------------------

MUTATIONS_PER_SAVE = 3
NUMBERS: tuple[Any, ...] = (
    float("nan"),
    float("inf"),
    -float("inf"),
    1e308,
    -1e308,
    10**400,
    0,
    -1,
    1.5,
    True,
    {"$f": "nan"},
)
STRINGS: tuple[Any, ...] = (
    "",
    "x",
    "planepita",
    "etuc",
    "nim",
    "tabletop.games.planepita.model:Nope",
    "é" * 50,
)
OTHERS: tuple[Any, ...] = (
    None,
    [],
    {},
    "text",
    0,
    {"$t": []},
    {"$dc": "tabletop.games.etuc.rules:Card", "f": {}},
)


def _places(doc: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    """Every (path, value) in a document, the document itself first."""
    yield path, doc
    if isinstance(doc, dict):
        for key, value in doc.items():
            yield from _places(value, (*path, key))
    elif isinstance(doc, list):
        for i, value in enumerate(doc):
            yield from _places(value, (*path, i))


def _at(doc: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def mutate(doc: Doc, seed: int) -> bytes:
    """One to three random changes to ``doc``, or its text cut short."""
    r = rng.make(seed, "mutation")
    doc = copy.deepcopy(doc)
    if r.random() < 0.15:
        text = json.dumps(doc).encode()
        return text[: r.randrange(len(text))]
    for _ in range(r.randint(1, 3)):
        places = list(_places(doc))
        path, value = places[r.randrange(len(places))]
        containers = [(p, v) for p, v in places if isinstance(v, (dict, list)) and v]
        op = r.choice(("delete", "duplicate", "swap", "number", "string", "type"))
        if op in ("delete", "duplicate", "swap") and containers:
            where, box = containers[r.randrange(len(containers))]
            keys = list(box) if isinstance(box, dict) else list(range(len(box)))
            k = keys[r.randrange(len(keys))]
            other = keys[r.randrange(len(keys))]
            if op == "delete":
                del box[k]
            elif op == "duplicate" and isinstance(box, list):
                box.insert(k, copy.deepcopy(box[k]))
            elif op == "duplicate":
                box[f"{k}2"] = copy.deepcopy(box[k])
            else:
                box[k], box[other] = box[other], box[k]
        elif path:
            parent = _at(doc, path[:-1])
            if op == "number" and type(value) in (int, float):
                pool = NUMBERS + (
                    value + 1,
                    -value,
                    float(value) if type(value) is int else int(value),
                )
                parent[path[-1]] = pool[r.randrange(len(pool))]
            elif op == "string" and isinstance(value, str):
                pool = STRINGS + (value[::-1], value + "x")
                parent[path[-1]] = pool[r.randrange(len(pool))]
            else:
                parent[path[-1]] = copy.deepcopy(OTHERS[r.randrange(len(OTHERS))])
    return json.dumps(doc).encode()


def mutations(base: str) -> list[tuple[str, bytes]]:
    doc = BASES[base]()
    return [(f"{base} mutation {n}", mutate(doc, n)) for n in range(MUTATIONS_PER_SAVE)]


# -- one file through every way in ------------------------------------------------------------


class Trial:
    """One App on one folder; :meth:`attempt` runs a file through the four ways in."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.app: App = make_app(root, size=SIZE)
        self.app.update_settings(anim_speed=4.0)
        # one title screen for the whole trial, entered afresh every time: a new
        # one would draw the games' pictures again, most of what a frame costs
        title = self.app.home()
        self.app.home = lambda: title  # type: ignore[method-assign]
        self.d = Driver(self.app)
        self.said: list[str] = []
        shown = self.app.toast

        def toast(text: str, kind: str = "info") -> None:
            self.said.append(text)
            shown(text, kind)

        self.app.toast = toast  # type: ignore[method-assign]
        self.cases = 0

    def close(self) -> None:
        self.app.shutdown()

    def attempt(self, what: str, content: bytes) -> None:
        self.cases += 1
        slot = f"case{self.cases}"
        self.way(what, "--resume", "autosave", content, self.resume_launch)
        self.way(what, "the title's Resume", "autosave", content, self.title_resume)
        self.way(
            what, "Saved games, Resume", slot, content, lambda: self.saved_games(slot, "Resume")
        )
        self.way(
            what,
            "Saved games, Watch replay",
            slot,
            content,
            lambda: self.saved_games(slot, "Watch replay"),
        )

    # the ways in (few frames each: the first frame after a save opens is
    # where a bad value would have raised, the next one shows what follows)
    def resume_launch(self) -> None:
        self.app.start(Launch(resume=True))
        self.d.frames(2)

    def title_resume(self) -> None:
        self.app.stack.reset(self.app.home())
        self.d.frame()
        if self.d.top.resume.enabled:
            self.d.key(pygame.K_r)  # the Resume button's key
        self.d.frame()

    def saved_games(self, slot: str, button: str) -> None:
        self.app.stack.reset(self.app.home())
        self.tap(self.d.find_button("Saved games"))
        scene = self.d.top
        assert isinstance(scene, menus.SavedGamesScene)
        slots = [s.slot for s in scene.saves]
        if slot in slots:
            scene.list.select(slots.index(slot))  # as a click on its row does
            if self.d.find_button(button).enabled:
                self.tap(self.d.find_button(button))
                self.d.frame(dt=1.0)  # a replay's first move

    def tap(self, widget: Any) -> None:
        """A click on ``widget`` in one frame: the press and the release."""
        pos = widget.rect.center
        down = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        up = pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.d.frame([down, up])

    # one way, checked
    def way(self, what: str, how: str, slot: str, content: bytes, go: Callable[[], None]) -> None:
        target = f"{slot}.json"
        before = self.fresh_folder(slot, target, content)
        self.said.clear()
        try:
            go()
        except Exception as exc:  # noqa: BLE001 - named with the file and the way in
            raise AssertionError(f"{what}, through {how}: {type(exc).__name__}: {exc}") from exc
        self.app.storage.flush()
        self.check(f"{what}, through {how}", target, content, before)

    def fresh_folder(self, slot: str, target: str, content: bytes) -> dict[str, bytes]:
        """The saves folder holding the file under test and its neighbours only."""
        self.app.stack.reset(self.app.home())  # a running game stops writing its autosave
        self.app.storage.flush()
        saves = Storage(self.root).saves_dir
        shutil.rmtree(saves, ignore_errors=True)
        saves.mkdir(parents=True)
        for name, data in NEIGHBOURS.items():
            (saves / name.format(slot=slot)).write_bytes(data)
        (saves / target).write_bytes(content)
        return folder(self.root)

    def playing(self) -> bool:
        """A game (not a replay) was opened and is running."""
        return any(
            isinstance(s, GameScene) and s.replay_queue is None for s in self.app.stack.scenes
        )

    def check(self, where: str, target: str, content: bytes, before: dict[str, bytes]) -> None:
        after = folder(self.root)
        said = " ".join(self.said)
        for name, data in before.items():
            if name != target:
                assert after.get(name) == data, f"{where}: {name}, another file, was touched"
        new = {name: data for name, data in after.items() if name not in before}
        if target in after:
            rewritten = after[target] != content
            assert not rewritten or (target == "autosave.json" and self.playing()), (
                f"{where}: the file was changed, but no game from it is running"
            )
        else:
            moved = [
                n
                for n, data in new.items()
                if data == content
                and (n.startswith(f"{target}.bad") or n.startswith("interrupted-"))
            ]
            assert len(moved) == 1, f"{where}: the file is gone and not set aside ({sorted(new)})"
            named = moved[0] if moved[0].startswith(target) else moved[0].removesuffix(".json")
            assert named in said, (
                f"{where}: nobody was told the file went to {moved[0]} (told: {said!r})"
            )
            del new[moved[0]]
        if "autosave.json" in new:
            assert self.playing(), f"{where}: an autosave was written, but no game is running"
            del new["autosave.json"]
        assert not new, f"{where}: files appeared: {sorted(new)}"


@pytest.fixture
def trial(tmp_path: Path) -> Iterator[Trial]:
    t = Trial(tmp_path)
    try:
        yield t
    finally:
        t.close()


#: the listed corruptions, in two halves (the suite runs them side by side)
NAMES = list(CORRUPTIONS)
HALVES = {"first half": NAMES[: len(NAMES) // 2], "second half": NAMES[len(NAMES) // 2 :]}


@pytest.mark.parametrize("half", list(HALVES))
def test_every_corruption_the_issue_lists(trial: Trial, half: str) -> None:
    for name in HALVES[half]:
        trial.attempt(name, CORRUPTIONS[name]())


@pytest.mark.parametrize("base", list(BASES))
def test_seeded_mutations_of_real_saves(trial: Trial, base: str) -> None:
    for what, content in mutations(base):
        trial.attempt(what, content)


def test_the_fuzzer_sees_every_game_and_tells_the_ways_apart(trial: Trial) -> None:
    """The fuzzer's own check: every game the app offers has real saves here;
    a sound save resumes (the title's Resume) and Watch replay opens it; a
    damaged one is set aside beside an earlier .bad, with a message; a
    neighbour changed behind its back would be caught."""
    assert {BASES[b]()["game"] for b in BASES} == set(trial.app.games)
    sound = json.dumps(BASES["etuc-fixture"]()).encode()
    trial.way("a sound save", "the title's Resume", "autosave", sound, trial.title_resume)
    assert trial.playing()
    trial.way(
        "a sound save",
        "Saved games, Watch replay",
        "x",
        sound,
        lambda: trial.saved_games("x", "Watch replay"),
    )
    assert isinstance(trial.d.top, GameScene) and trial.d.top.replay_queue is not None
    trial.way("garbage", "--resume", "autosave", b"\x00garbage", trial.resume_launch)
    assert not trial.playing() and any("autosave.json.bad.1" in s for s in trial.said)
    before = trial.fresh_folder("x", "x.json", sound)
    (trial.root / "saves" / "zz-other.json").write_bytes(b"changed")
    with pytest.raises(AssertionError, match="another file, was touched"):
        trial.check("a neighbour changed", "x.json", sound, before)
