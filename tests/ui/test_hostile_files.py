"""The hostile-file harness: every file the program reads, through every way
in, against every kind of content that once stopped, froze or crashed it.

The files: the settings, the autosave, a named save, the statistics and
Planepita's physics.toml. The classes: whole numbers of hundreds and
thousands of digits, words of thousands of characters, NUL and lone
surrogates in names and keys, a named pipe, a link to a device, nesting far
deeper than any of our files, a folder in a file's place, and a file that
cannot be read (no permission; the tests run as root, so the read is denied
the way the operating system would deny it).

The ways in, each in a real App driven frame by frame, headless:

- the settings: the title (the App reads them at its start), ``--resume``, a
  setup screen, each followed by a change of a setting (the write);
- the autosave: the title (it only peeks), ``--resume``, the title's Resume,
  Saved games (Resume, Watch replay, Delete) and a new game;
- a named save: Saved games (Resume, Watch replay, Delete) and ``--replay``;
- the statistics: the Statistics screen, and a finished game recording its
  result;
- physics.toml: a new Planepita game.

What must hold after each: nothing raised and the program runs on; the file
is where it was, as it was, or moved aside under a ``.bad`` name with a
message naming it (an autosave may also be kept in Saved games, or deleted
into the deleted folder by Delete); nothing else in the player's folder was
touched but what the way writes itself (a running game's autosave, a
finished game's statistics, the settings a change writes); no crash log.
Bounded: one small file per class, a few frames per way; the module takes a
few seconds.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop import app as app_module
from tabletop.app import App, Launch
from tabletop.core.session import default_seats
from tabletop.core.storage import (
    AUTOSAVE,
    SETTINGS_KIND,
    SETTINGS_VERSION,
    STATS_KIND,
    STATS_VERSION,
)
from tabletop.games import REGISTRY
from tabletop.ui import flow, menus
from tabletop.ui.gamescene import GameScene
from tabletop.ui.statistics import StatisticsScene
from tests.nimgame import ENTRY as NIM
from tests.ui.driver import Driver, make_app
from tests.ui.savefiles import fixture

SIZE = (960, 600)

#: where each file lives in the player's folder (TABLETOP_HOME)
FILES = {
    "settings": "settings.json",
    "autosave": "saves/autosave.json",
    "named save": "saves/named.json",
    "stats": "stats.json",
    "physics": "physics.toml",
}

PIPE, DEVICE, FOLDER, DENIED = "a named pipe", "a link to a device", "a folder", "no permission"
#: contents that are not bytes: made on disk by :func:`place`
ODD = (PIPE, DEVICE, FOLDER, DENIED)
CLASSES = (
    "huge integers",
    "long words",
    "NUL and surrogates",
    PIPE,
    DEVICE,
    "deep nesting",
    FOLDER,
    DENIED,
)

SURROGATE = "@@lone surrogate@@"  # written as JSON's "\ud800" (json.dumps would refuse it)


def jsonish(doc: Any) -> bytes:
    return json.dumps(doc).replace(json.dumps(SURROGATE)[1:-1], "\\ud800").encode()


def humans(doc: dict[str, Any]) -> dict[str, Any]:
    for seat in doc["seats"]:
        seat["kind"] = "human"
    return doc


def etuc(**change: Any) -> dict[str, Any]:
    doc = humans(fixture("etuc-3p-unfinished"))
    doc.update(change)
    return doc


def named(*names: str) -> dict[str, Any]:
    doc = etuc()
    for seat, name in zip(doc["seats"], names, strict=False):
        seat["name"] = name
    doc["players"] = [s["name"] for s in doc["seats"]]
    return doc


def huge_aim() -> bytes:
    """A save of Planepita version 1 whose first flick aims 10**400 degrees:
    its migration raised OverflowError, and the title's peek crashed every start."""
    doc = humans(fixture("planepita-3p-unfinished"))
    doc["actions"][0]["f"]["angle"] = 10**400
    return json.dumps(doc).encode()


def stats(reason: str = "Ada won.", name: str = "Ada", score: Any = 3) -> dict[str, Any]:
    seats = [
        {"name": name, "kind": "human", "level": "", "place": 1, "score": score},
        {"name": "Bo", "kind": "bot", "level": "easy", "place": 2, "score": 1},
    ]
    result = {
        "game": "etuc",
        "when": "2026-12-01T10:00:00+00:00",
        "seats": seats,
        "reason": reason,
        "marks": [],
    }
    return {"format": STATS_KIND, "version": STATS_VERSION, "results": [result], "earlier": {}}


def settings(**values: Any) -> dict[str, Any]:
    return {"format": SETTINGS_KIND, "version": SETTINGS_VERSION, **values}


def deep(depth: int = 100_000) -> bytes:
    return b"[" * depth + b"]" * depth


DIGITS_400 = "9" * 400
DIGITS_5000 = "9" * 5000  # more than Python turns into a string or reads from JSON

#: (file, class) -> the variants of that content: name -> bytes, or one of ODD
CONTENT: dict[tuple[str, str], dict[str, Callable[[], bytes]]] = {
    ("settings", "huge integers"): {
        "a volume of 400 digits": lambda: (
            json.dumps(settings(palette="okabe_ito"))
            .replace(
                '"palette"',
                f'"volume": {DIGITS_400}, "window_size": [{DIGITS_400}, 600], "palette"',
            )
            .encode()
        ),
        "a volume of 5,000 digits": lambda: (
            json.dumps(settings())
            .replace('"version": 2', f'"version": 2, "volume": {DIGITS_5000}')
            .encode()
        ),
    },
    ("settings", "long words"): {
        "a palette and a remembered name of thousands of characters": lambda: json.dumps(
            settings(
                palette="p" * 3000,
                last_seats={"etuc": {"players": 2, "seats": [{"name": "N" * 20_000}]}},
            )
        ).encode(),
    },
    ("settings", "NUL and surrogates"): {
        "in a remembered name and the palette": lambda: jsonish(
            settings(
                palette=SURROGATE,
                last_seats={
                    "etuc": {"players": 2, "seats": [{"name": "a\u0000b"}, {"name": SURROGATE}]}
                },
            )
        ),
    },
    ("settings", "deep nesting"): {"100,000 levels": deep},
    ("autosave", "huge integers"): {
        "a Planepita version 1 aim of 400 digits": huge_aim,
        "a game named by 4,000 digits": lambda: (
            json.dumps(etuc()).replace('"game": "etuc"', f'"game": {"9" * 4000}').encode()
        ),
        "a seed of 5,000 digits": lambda: (
            json.dumps(etuc()).replace('"seed": ', f'"seed": {DIGITS_5000}, "was": ').encode()
        ),
    },
    ("autosave", "long words"): {
        "a game named by a word of 3,000 letters": lambda: json.dumps(
            etuc(game="x" * 3000)
        ).encode(),
        "a player's name of 20,000 letters": lambda: json.dumps(named("N" * 20_000)).encode(),
    },
    ("autosave", "NUL and surrogates"): {
        "in players' names": lambda: jsonish(named("a\u0000b", SURROGATE)),
    },
    ("autosave", "deep nesting"): {"100,000 levels": deep},
    ("stats", "huge integers"): {
        "a score of 400 digits": lambda: (
            json.dumps(stats()).replace('"score": 3', f'"score": {DIGITS_400}').encode()
        ),
        "a place of 5,000 digits": lambda: (
            json.dumps(stats()).replace('"place": 1', f'"place": {DIGITS_5000}').encode()
        ),
    },
    ("stats", "long words"): {
        "a reason of 100,000 letters and a name of 20,000": lambda: json.dumps(
            stats(reason="w" * 100_000, name="N" * 20_000)
        ).encode(),
    },
    ("stats", "NUL and surrogates"): {
        "in a name and the reason": lambda: jsonish(stats(reason=SURROGATE, name="a\u0000b")),
    },
    ("stats", "deep nesting"): {"100,000 levels": deep},
    ("physics", "huge integers"): {
        "a friction of 400 digits": lambda: f"[friction]\nmu_face_up = 1{'0' * 400}\n".encode()
    },
    ("physics", "long words"): {
        "a key of 3,000 letters": lambda: f"[friction]\n{'k' * 3000} = 1.0\n".encode()
    },
    ("physics", "NUL and surrogates"): {
        "a key holding a NUL": lambda: b'[friction]\n"a\\u0000b" = 1.0\n'
    },
    ("physics", "deep nesting"): {
        "10,000 nested arrays": lambda: b"x = " + b"[" * 10_000 + b"]" * 10_000 + b"\n"
    },
}
# a named save is a save like the autosave
for klass in CLASSES:
    if ("autosave", klass) in CONTENT:
        CONTENT[("named save", klass)] = CONTENT[("autosave", klass)]


def sound(file: str) -> bytes:
    """A file of that kind the program reads happily (what "no permission" hides)."""
    return {
        "settings": lambda: json.dumps(settings(volume=0.5)).encode(),
        "autosave": lambda: json.dumps(etuc()).encode(),
        "named save": lambda: json.dumps(etuc()).encode(),
        "stats": lambda: json.dumps(stats()).encode(),
        "physics": lambda: b"[friction]\nmu_face_up = 0.3\n",
    }[file]()


def variants(file: str) -> list[tuple[str, str, Callable[[], bytes] | str]]:
    """(class, variant, content) for every class of hostile content of ``file``."""
    out: list[tuple[str, str, Callable[[], bytes] | str]] = []
    for klass in CLASSES:
        if klass in ODD:
            out.append((klass, klass, klass))
        else:
            out += [(klass, name, make) for name, make in CONTENT[(file, klass)].items()]
    return out


# -- the player's folder, as it stands ---------------------------------------------------


def snapshot(home: Path) -> dict[str, tuple[Any, ...]]:
    """Every entry under ``home`` (relative path -> what it is), links and
    pipes named as such, never followed or read."""
    out: dict[str, tuple[Any, ...]] = {}
    for folder, dirs, files in os.walk(home):
        for name in dirs + files:
            path = Path(folder) / name
            info = os.lstat(path)
            rel = path.relative_to(home).as_posix()
            if stat.S_ISLNK(info.st_mode):
                out[rel] = ("link", os.readlink(path))
            elif stat.S_ISDIR(info.st_mode):
                out[rel] = ("folder",)
            elif stat.S_ISFIFO(info.st_mode):
                out[rel] = ("pipe",)
            else:
                out[rel] = ("file", path.read_bytes())
    return out


def group(snap: dict[str, tuple[Any, ...]], rel: str) -> dict[str, tuple[Any, ...]]:
    """What stands at ``rel`` and, for a folder, inside it (keyed from ``rel``)."""
    return {k[len(rel) :]: v for k, v in snap.items() if k == rel or k.startswith(rel + "/")}


def place(
    home: Path,
    rel: str,
    content: Callable[[], bytes] | str,
    deny: Callable[[Path], None],
    file: str,
) -> None:
    path = home / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if content == PIPE:
        os.mkfifo(path)
    elif content == DEVICE:
        os.symlink("/dev/zero", path)
    elif content == FOLDER:
        (path / "inside.txt").parent.mkdir()
        (path / "inside.txt").write_bytes(b"the player's own")
    elif content == DENIED:
        path.write_bytes(sound(file))
        deny(path)
    else:
        assert callable(content)
        path.write_bytes(content())


# -- one file through one way in ------------------------------------------------------------


@dataclass
class Way:
    """A way in: what it does, and what it may write besides the file under test."""

    name: str
    go: Callable[[Trial], None]
    writes: tuple[str, ...] = ()
    #: a game from the file may be running after it and rewrite the file
    resumes: bool = False
    #: a setting is changed afterwards (the settings written)
    then_settings: bool = False
    #: files the way reads and then writes back (the statistics a result is added to)
    rewrites: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.then_settings:
            self.rewrites += ("settings.json",)


class Trial:
    """The player's folder ``home`` and the App (or the command line) that opens it."""

    def __init__(self, home: Path, capsys: pytest.CaptureFixture[str] | None = None) -> None:
        self.home = home
        self.capsys = capsys
        self.app: App | None = None
        self.said: list[str] = []

    # the app
    def open(self, launch: Launch | None = None) -> Driver:
        self.close()
        self.app = make_app(self.home, size=SIZE, launch=launch)
        self.said += [t.text for t in self.app.toasts.items]
        shown = self.app.toast

        def toast(text: str, kind: str = "info") -> None:
            self.said.append(text)
            shown(text, kind)

        self.app.toast = toast  # type: ignore[method-assign]
        return Driver(self.app)

    def close(self) -> None:
        """What ``App.shutdown`` does but quit pygame (the next App of the
        test would only start it again; the fixture below quits it once)."""
        if self.app is not None:
            self.said += [m for m in self.app.storage.take_messages()]
            self.app.stack.clear()
            self.app.storage.flush()
            self.app = None

    @property
    def driver(self) -> Driver:
        assert self.app is not None
        return Driver(self.app)

    def tap(self, widget: Any) -> None:
        pos = widget.rect.center
        self.driver.frame(
            [
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
            ]
        )

    def playing(self) -> bool:
        return self.app is not None and any(
            isinstance(s, GameScene) and s.replay_queue is None for s in self.app.stack.scenes
        )

    # the ways in
    def title(self) -> None:
        d = self.open()
        d.frames(2)

    def resume_launch(self) -> None:
        d = self.open(Launch(resume=True))
        d.frames(2)

    def title_resume(self) -> None:
        d = self.open()
        d.frame()
        if d.top.resume.enabled:
            d.key(pygame.K_r)
        d.frames(2)

    def setup(self) -> None:
        d = self.open()
        d.app.stack.push(menus.SetupScene(d.app, REGISTRY["etuc"]))
        d.frames(2)

    def new_game(self, game: str = "etuc") -> None:
        d = self.open()
        entry = REGISTRY[game]
        flow.start_game(d.app, entry, entry.default_config(2), 7, default_seats(["human", "human"]))
        d.frames(2)

    def saved_games(self, slot: str, button: str) -> None:
        d = self.open()
        d.frame()
        self.tap(d.find_button("Saved games"))
        scene = d.top
        assert isinstance(scene, menus.SavedGamesScene)
        slots = [s.slot for s in scene.saves]
        if slot in slots:
            scene.list.select(slots.index(slot))
            if d.find_button(button).enabled:
                self.tap(d.find_button(button))
                d.frame(dt=1.0)
        d.frames(1)

    def replay_command(self, rel: str) -> None:
        """``tabletop --replay FILE --frames 2``, through main(): a file it
        cannot play is a bad command line (one line, status 2)."""
        self.close()
        status = app_module.main(["--replay", str(self.home / rel), "--frames", "2"])
        assert status in (0, 2), f"--replay exited {status}"
        assert self.capsys is not None
        err = self.capsys.readouterr().err
        assert "Traceback" not in err and (status == 0 or err.count("\n") == 1), err
        self.said.append(err)

    def statistics(self) -> None:
        d = self.open()
        d.app.stack.push(StatisticsScene(d.app))
        d.frames(2)

    def finished_game(self) -> None:
        """A game of Nim played to its end: the results record it."""
        d = self.open()
        scene = flow.start_game(
            d.app, NIM, NIM.default_config(2), 3, default_seats(["human", "easy"])
        )
        assert isinstance(scene, GameScene)
        session = scene.session
        while not session.is_over():
            session.play(NIM.rules.legal_actions(session.state)[0])
        d.frames(30, dt=0.5)


WAYS: dict[str, list[Way]] = {
    "settings": [
        Way("the title", Trial.title, then_settings=True),
        Way("--resume", Trial.resume_launch, then_settings=True),
        Way("a setup screen", Trial.setup, then_settings=True),
    ],
    "autosave": [
        Way("the title", Trial.title),
        Way("--resume", Trial.resume_launch, ("saves/autosave.json",), resumes=True),
        Way("the title's Resume", Trial.title_resume, ("saves/autosave.json",), resumes=True),
        Way(
            "Saved games, Resume",
            lambda t: t.saved_games(AUTOSAVE, "Resume"),
            ("saves/autosave.json",),
            resumes=True,
        ),
        Way("Saved games, Watch replay", lambda t: t.saved_games(AUTOSAVE, "Watch replay")),
        Way("Saved games, Delete", lambda t: t.saved_games(AUTOSAVE, "Delete")),
        Way("a new game", Trial.new_game, ("saves/autosave.json",)),
    ],
    "named save": [
        Way(
            "Saved games, Resume",
            lambda t: t.saved_games("named", "Resume"),
            ("saves/autosave.json",),
        ),
        Way("Saved games, Watch replay", lambda t: t.saved_games("named", "Watch replay")),
        Way("Saved games, Delete", lambda t: t.saved_games("named", "Delete")),
        Way("--replay", lambda t: t.replay_command(FILES["named save"])),
    ],
    "stats": [
        Way("Statistics", Trial.statistics),
        Way(
            "a finished game",
            Trial.finished_game,
            ("saves/autosave.json", "stats.json"),
            rewrites=("stats.json",),
        ),
    ],
    "physics": [
        Way("a new Planepita game", lambda t: t.new_game("planepita"), ("saves/autosave.json",)),
    ],
}


def run(
    home: Path,
    deny: Callable[[Path], None],
    capsys: pytest.CaptureFixture[str],
    file: str,
    klass: str,
    variant: str,
    content: Any,
    way: Way,
) -> None:
    """Put the file in a fresh player's folder, go in by ``way``, and check
    what must hold (see the module docstring)."""
    where = f"{file} with {klass} ({variant}), through {way.name}"
    rel = FILES[file]
    home.mkdir()
    neighbours = {
        "saves/zz-other.json": json.dumps(etuc(seed=99)).encode(),
        "saves/older.json.bad": b"an earlier damaged save",
    }
    if file != "settings":
        neighbours["settings.json"] = json.dumps(settings(volume=0.6)).encode()
    for name, data in neighbours.items():
        if name != rel:
            (home / name).parent.mkdir(parents=True, exist_ok=True)
            (home / name).write_bytes(data)
    place(home, rel, content, deny, file)
    before = snapshot(home)
    trial = Trial(home, capsys)
    try:
        way.go(trial)
        assert trial.app is None or trial.app.running, "the program stopped"
        if way.then_settings and trial.app is not None:
            trial.app.update_settings(volume=0.25)
        if trial.app is not None:
            trial.app.storage.flush()
        playing = trial.playing()
        trial.close()
    except Exception as exc:  # noqa: BLE001 - named with the file and the way in
        trial.close()
        raise AssertionError(f"{where}: {type(exc).__name__}: {exc}") from exc
    check(where, home, before, rel, " ".join(trial.said), way, playing, unread=content == DENIED)


def check(
    where: str,
    home: Path,
    before: dict[str, tuple[Any, ...]],
    rel: str,
    said: str,
    way: Way,
    playing: bool,
    unread: bool = False,
) -> None:
    """``unread``: the file could not be read (no permission), so nothing
    may write over it."""
    after = snapshot(home)
    assert not [k for k in after if "crash-" in k], f"{where}: a crash log was written"
    mine = group(before, rel)
    moved_to: str | None = None
    new = [k for k in after if k not in before and group(after, k) == mine]
    if group(after, rel) == mine:
        pass  # where it was, as it was
    elif new:
        moved_to = min(new, key=len)
        name = moved_to.rsplit("/", 1)[-1]
        if name.startswith(rel.rsplit("/", 1)[-1] + ".bad"):
            assert name in said, (
                f"{where}: nobody was told the file went to {name} (told: {said[:400]!r})"
            )
        else:  # an autosave kept in Saved games, or a save the player deleted
            assert name.startswith("interrupted-") or moved_to.startswith("saves/deleted/"), (
                f"{where}: the file went to {moved_to}"
            )
    elif way.resumes and playing and after.get(rel, ("",))[0] == "file":
        pass  # the game it holds is running, and writes its own autosave
    elif rel in way.rewrites and not unread and after.get(rel, ("",))[0] == "file":
        pass  # read (a bad value reset, a long name cut), then written back: never a file not read
    else:
        raise AssertionError(
            f"{where}: the file is gone and not set aside (new: {sorted(k for k in after if k not in before)})"
        )
    writes = set(way.writes) | (
        {"settings.json"} if way.then_settings and moved_to is not None else set()
    )
    for k, v in before.items():
        if k == rel or k.startswith(rel + "/") or k in writes:
            continue
        assert after.get(k) == v, f"{where}: {k}, another file, was touched"
    for k in after:
        if k in before or k in writes or k == "saves" or k == "saves/deleted":
            continue
        if moved_to is not None and (k == moved_to or k.startswith(moved_to + "/")):
            continue
        if k == rel and way.then_settings:
            continue
        raise AssertionError(f"{where}: {k} appeared")


CASES = [
    pytest.param(file, klass, variant, content, id=f"{file}-{klass}-{variant}".replace(" ", "_"))
    for file in FILES
    for klass, variant, content in variants(file)
]


@pytest.mark.parametrize(("file", "klass", "variant", "content"), CASES)
def test_a_hostile_file_through_every_way_in(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    deny_reading: Callable[[Path], None],
    capsys: pytest.CaptureFixture[str],
    nim_registered: Any,
    file: str,
    klass: str,
    variant: str,
    content: Any,
) -> None:
    if content == DEVICE and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    for n, way in enumerate(WAYS[file]):
        home = tmp_path / f"home{n}"
        monkeypatch.setenv("TABLETOP_HOME", str(home))  # --replay's own Storage reads it
        run(home, deny_reading, capsys, file, klass, variant, content, way)


def test_the_harness_tells_kept_moved_and_lost_apart(tmp_path: Path) -> None:
    """The checker's own check: a file left alone passes, one moved aside
    with a message passes, one moved aside in silence, one lost and a
    neighbour changed each fail."""
    home = tmp_path / "home"
    (home / "saves").mkdir(parents=True)
    target = home / "saves" / "named.json"
    target.write_bytes(b"x")
    (home / "stats.json").write_bytes(b"s")
    before = snapshot(home)
    way = Way("test", Trial.title)
    check("kept", home, before, "saves/named.json", "", way, False)
    target.rename(home / "saves" / "named.json.bad")
    check(
        "moved",
        home,
        before,
        "saves/named.json",
        "moved to named.json.bad",
        way,
        False,
        "named save",
    )
    with pytest.raises(AssertionError, match="nobody was told"):
        check("silent", home, before, "saves/named.json", "", way, False)
    (home / "saves" / "named.json.bad").unlink()
    with pytest.raises(AssertionError, match="not set aside"):
        check("lost", home, before, "saves/named.json", "", way, False)
    target.write_bytes(b"x")
    (home / "stats.json").write_bytes(b"changed")
    with pytest.raises(AssertionError, match="another file, was touched"):
        check("touched", home, before, "saves/named.json", "", way, False)


@pytest.fixture(autouse=True)
def _quit_pygame() -> Iterator[None]:
    yield
    pygame.quit()
