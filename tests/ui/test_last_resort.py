"""The last resort: an unexpected error at start-up or in a frame leaves a
crash log beside the saves, one line for the player (no traceback), the
running game's autosave on disk, the save that was being opened set aside,
and a next start in the same process that reaches the title."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop import __version__, app
from tabletop.core.session import Session, default_seats
from tabletop.core.storage import Storage
from tabletop.ui import menus, theme
from tabletop.ui.gamescene import GameScene
from tests.nimgame import ENTRY as NIM
from tests.nimgame.scene import NimTable
from tests.ui.driver import Driver, make_app


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nim_registered: Any) -> Path:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    return tmp_path


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and out == ""
    assert lines[0].startswith("tabletop: error: Tabletop stopped after an unexpected error")
    return lines[0]


def crash_logs(home: Path) -> list[Path]:
    return sorted(home.glob("crash-*.log"))


def named_log(line: str, home: Path) -> str:
    """The crash log the line names: beside the saves, with the traceback."""
    [log] = [p for p in crash_logs(home) if str(p) in line]
    text = log.read_text("utf-8")
    assert "Traceback (most recent call last)" in text
    assert f"tabletop: {__version__}" in text
    assert f"python: {sys.version.split()[0]}" in text
    assert f"pygame-ce {pygame.version.ver}" in text
    return text


def reaches_the_title(home: Path) -> menus.TitleScene:
    """A next start in this process: the title is drawn and answers clicks."""
    again = make_app(home)
    try:
        d = Driver(again)
        d.frames(2)
        assert isinstance(d.top, menus.TitleScene)
        d.press("Settings")
        d.key(pygame.K_ESCAPE)
        assert isinstance(d.top, menus.TitleScene)
        return d.top
    finally:
        again.shutdown()


def nim_session(moves: int = 2) -> Session:
    session = Session(
        NIM, NIM.default_config(2), 3, default_seats(["human", "easy"]), threaded=False
    )
    for _ in range(moves):
        session.play(session.rules.legal_actions(session.state)[0])
    return session


def test_a_scene_that_raises_in_a_frame(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def update(self: NimTable, dt: float) -> None:  # two moves, then a bug
        s = self.frame.session
        if s.ply >= 2:
            raise RuntimeError("boom in NimTable.update")
        s.play(s.rules.legal_actions(s.state)[0])

    monkeypatch.setattr(NimTable, "update", update)
    args = ["--game", "nim", "--seats", "human,easy", "--seed", "5", "--frames", "30"]
    assert app.main(args) == app.CRASH_STATUS != 0
    line = one_line(capsys)
    assert "(RuntimeError)" in line and str(home / "saves" / "autosave.json") in line
    text = named_log(line, home)
    assert "RuntimeError: boom in NimTable.update" in text
    for words in (
        "game: nim (Nim)",
        "config: players=2",
        "seed: 5",
        "moves: 2",
        "scenes: TitleScene > GameScene(NimTable)",
    ):
        assert words in text, words

    doc, message = Storage(home).load_game("autosave")  # flushed and kept
    assert message is None and doc is not None
    assert doc["seed"] == 5 and len(doc["actions"]) == 2

    # the same crash again writes a second log, never over the first
    assert app.main(args) == app.CRASH_STATUS
    assert len(crash_logs(home)) == 2
    named_log(one_line(capsys), home)

    monkeypatch.undo()  # NimTable as shipped
    assert reaches_the_title(home).resume.enabled, "the kept game can be resumed"


def test_a_crash_while_resuming_sets_the_save_aside(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    Storage(home).save_game("autosave", nim_session().to_doc())

    def paint(self: NimTable, surface: Any, picture: Any) -> None:
        raise ValueError("this position cannot be drawn")

    monkeypatch.setattr(NimTable, "paint", paint)
    assert app.main(["--resume", "--frames", "5"]) == app.CRASH_STATUS
    line = one_line(capsys)
    saves = home / "saves"
    assert not (saves / "autosave.json").exists()
    assert (saves / "autosave.json.bad").is_file()
    assert f"the save being opened was moved to {saves / 'autosave.json.bad'}" in line
    text = named_log(line, home)
    assert "ValueError: this position cannot be drawn" in text and "moves: 2" in text

    monkeypatch.undo()
    title = reaches_the_title(home)
    assert not title.resume.enabled, "nothing left to fail on"


def test_a_crash_opening_a_saved_game_from_the_menu(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The save is opened inside a frame (a click): it and the autosave the
    opening made of it are both set aside; other saves are untouched."""
    storage = Storage(tmp_path)
    storage.save_game("mine", nim_session().to_doc())
    storage.save_game("other", nim_session(1).to_doc())
    other = storage.save_path("other").read_bytes()
    a = make_app(tmp_path)
    d = Driver(a)
    d.press("Saved games")
    saves = d.top
    mine = next(i for i, info in enumerate(saves.saves) if info.slot == "mine")
    saves.list.selected = mine
    saves.select(mine)

    def enter(self: GameScene) -> None:
        raise KeyError("seat")

    monkeypatch.setattr(GameScene, "enter", enter)
    with pytest.raises(KeyError) as raised:
        d.press("Resume")
    line = a.crashed(raised.value)
    folder = tmp_path / "saves"
    assert (folder / "mine.json.bad").is_file() and (folder / "autosave.json.bad").is_file()
    assert not (folder / "mine.json").exists() and not (folder / "autosave.json").exists()
    assert storage.save_path("other").read_bytes() == other
    assert "the save being opened was moved to" in line and "the autosave of the same game" in line
    assert "KeyError" in named_log(line, tmp_path)
    monkeypatch.undo()
    reaches_the_title(tmp_path)


def test_a_crash_on_the_title_at_start_up(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def enter(self: menus.TitleScene) -> None:
        raise AttributeError("no such button")

    monkeypatch.setattr(menus.TitleScene, "enter", enter)
    assert app.main(["--frames", "3"]) == app.CRASH_STATUS
    text = named_log(one_line(capsys), home)
    assert "AttributeError: no such button" in text and "game: none" in text
    monkeypatch.undo()
    reaches_the_title(home)


def test_a_crash_before_the_window_opens(
    home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def broken(self: Any, *args: Any, **kwargs: Any) -> None:
        raise OSError("the theme's font is missing")

    monkeypatch.setattr(theme.Theme, "__init__", broken)
    assert app.main(["--frames", "3"]) == app.CRASH_STATUS
    text = named_log(one_line(capsys), home)
    assert "OSError: the theme's font is missing" in text and "while starting" in text
    monkeypatch.undo()
    reaches_the_title(home)
