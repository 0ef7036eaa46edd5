"""Damaged, foreign and newer files: the player is told and play goes on. A
damaged file is set aside; a sound save this version cannot read is kept."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.app import App, Launch
from tabletop.core.session import Session, default_seats
from tabletop.core.storage import Settings, Storage
from tabletop.ui import flow, menus, settings
from tests.nimgame import ENTRY as NIM
from tests.ui.driver import Driver, make_app


@pytest.fixture
def apps():
    """Build apps with make(); every one is shut down after the test."""
    made: list[App] = []

    def make(root: Path, launch: Launch | None = None) -> App:
        app = make_app(root, launch=launch)
        made.append(app)
        return app

    yield make
    for app in made:
        app.shutdown()


def errors(app: App) -> list[str]:
    return [t.text for t in app.toasts.items if t.kind == "error"]


def nim_doc() -> dict[str, Any]:
    entry = NIM
    session = Session(entry, entry.default_config(2), 3, default_seats(["human", "easy"]))
    session.play(session.rules.legal_actions(session.state)[0])
    return session.to_doc()


def write_autosave(root: Path, text: str) -> Path:
    storage = Storage(root)
    storage.saves_dir.mkdir(parents=True, exist_ok=True)
    path = storage.save_path("autosave")
    path.write_text(text, "utf-8")
    return path


def still_playable(app: App) -> None:
    """The title is drawn and answers clicks."""
    d = Driver(app)
    d.frames(2)
    assert app.running and isinstance(d.top, menus.TitleScene)
    d.press("Settings")
    assert isinstance(d.top, settings.SettingsScene)
    d.key(pygame.K_ESCAPE)
    assert isinstance(d.top, menus.TitleScene)


def test_garbage_settings_file(tmp_path: Path, apps) -> None:
    storage = Storage(tmp_path)
    storage.settings_path.write_bytes(b"\x00\xff\xfe{{garbage\x9c")
    app = apps(tmp_path)
    [message] = errors(app)
    assert "settings" in message and "damaged" in message and "defaults are used" in message
    bad = tmp_path / "settings.json.bad"
    assert bad.is_file() and bad.read_bytes() == b"\x00\xff\xfe{{garbage\x9c"
    assert str(bad) in message
    assert app.settings == Settings()
    still_playable(app)


def test_truncated_autosave_from_the_title(tmp_path: Path, apps) -> None:
    text = json.dumps(nim_doc())
    path = write_autosave(tmp_path, text[: len(text) // 2])
    app = apps(tmp_path)
    d = Driver(app)
    assert d.top.resume.enabled, "an autosave file exists"
    d.press("Resume")
    [message] = errors(app)
    assert "autosave" in message and "damaged" in message
    assert not path.exists() and (path.parent / "autosave.json.bad").is_file()
    assert isinstance(d.top, menus.TitleScene)
    # asking again says plainly that there is nothing to resume
    assert flow.resume_autosave(app) is False
    assert errors(app)[-1] == "There is no autosaved game to resume."
    still_playable(app)


def test_truncated_autosave_with_resume_flag(tmp_path: Path, apps) -> None:
    text = json.dumps(nim_doc())
    path = write_autosave(tmp_path, text[:-7])
    app = apps(tmp_path, Launch(resume=True))
    [message] = errors(app)
    assert "damaged" in message
    assert (path.parent / "autosave.json.bad").is_file()
    still_playable(app)


def kept_in_saved_games(root: Path) -> Path:
    """The one save a refused autosave became (never a .bad file)."""
    saves = root / "saves"
    assert not (saves / "autosave.json").exists(), "Resume would fail again"
    assert not list(saves.glob("*.bad*")), "a sound save was set aside as damaged"
    [kept] = saves.glob("interrupted-*.json")
    return kept


def test_save_for_an_unknown_game(tmp_path: Path, apps) -> None:
    doc = nim_doc()
    doc["game"] = "chess"
    Storage(tmp_path).save_game("autosave", doc)
    app = apps(tmp_path)
    assert flow.resume_autosave(app) is False
    [message] = errors(app)
    assert message.startswith("This save is for a game this version does not have ('chess').")
    # not damaged: kept in Saved games, so Resume does not fail the same way again
    kept = kept_in_saved_games(tmp_path)
    assert f"kept in Saved games as {kept.stem}" in message
    assert json.loads(kept.read_text("utf-8"))["game"] == "chess"
    still_playable(app)


def test_save_from_a_newer_version(tmp_path: Path, apps) -> None:
    doc = nim_doc()
    doc["version"] = 99
    write_autosave(tmp_path, json.dumps(doc))
    app = apps(tmp_path, Launch(resume=True))
    [message] = errors(app)
    assert "newer version of Tabletop" in message and "kept" in message
    kept = kept_in_saved_games(tmp_path)
    assert json.loads(kept.read_text("utf-8")) == doc
    still_playable(app)


def test_save_from_a_newer_version_of_the_game(tmp_path: Path, apps) -> None:
    """A save written by today's code (a fixture), edited to a later version of
    the game: Resume from Saved games refuses it with a message, and leaves it."""
    fixture = (
        Path(__file__).resolve().parent.parent / "fixtures" / "saves" / "etuc-3p-unfinished.json"
    )
    doc = json.loads(fixture.read_text("utf-8"))
    doc["game_version"] = 2
    path = Storage(tmp_path).save_game("future", doc)
    text = path.read_text("utf-8")
    app = apps(tmp_path)
    d = Driver(app)
    d.press("Saved games")
    assert [s.slot for s in d.top.saves] == ["future"]
    d.frames(2)
    d.press("Resume")
    assert isinstance(d.top, menus.SavedGamesScene)
    [message] = errors(app)
    assert message == (
        "This save is from a newer version of Planet etuC that this version cannot read. "
        "The file was kept."
    )
    assert path.read_text("utf-8") == text and not list(path.parent.glob("*.bad*"))
    still_playable_after_back(d)


def still_playable_after_back(d: Driver) -> None:
    d.key(pygame.K_ESCAPE)
    still_playable(d.app)


def test_damaged_save_in_the_saved_games_list(tmp_path: Path, apps) -> None:
    storage = Storage(tmp_path)
    storage.save_game("good", nim_doc())
    broken = storage.save_path("broken")
    broken.write_text('{"format": "tabletop-save", "version": 1, "game": ', "utf-8")
    app = apps(tmp_path)
    d = Driver(app)
    d.press("Saved games")
    assert [s.slot for s in d.top.saves] == ["good"]
    [message] = errors(app)
    assert "'broken'" in message and "damaged" in message
    assert (broken.parent / "broken.json.bad").is_file()
    d.frames(2)
    d.press("Resume")
    assert d.top.session.name == "nim"


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d["seats"][1].__setitem__("level", "ultra"),
        lambda d: d["config"].__setitem__("players", 1),
        lambda d: d["config"].__setitem__("variants", {"bogus": 1}),
        lambda d: d["seats"].append({"name": "Extra", "kind": "human"}),
        lambda d: d.__setitem__("final", 5),
        lambda d: d["actions"].append({"$dc": "tabletop.__main__:main", "f": {}}),
    ],
    ids=["bot-level", "players", "variant", "seats", "final", "code-path"],
)
def test_a_damaged_save_is_refused_moved_aside_and_never_crashes(
    tmp_path: Path, apps, damage
) -> None:
    """Resume reads a save that is valid JSON but not a game: one message, the
    file kept as autosave.json.bad (so Resume does not fail again), no crash,
    and nothing from the file is ever run."""
    doc = nim_doc()
    damage(doc)
    Storage(tmp_path).save_game("autosave", doc)
    app = apps(tmp_path)
    assert flow.resume_autosave(app) is False
    [message] = errors(app)
    assert "moved to" in message
    assert (tmp_path / "saves" / "autosave.json.bad").is_file()
    assert not (tmp_path / "saves" / "autosave.json").exists()
    still_playable(app)


def test_a_replay_file_outside_the_saves_folder_is_never_moved(tmp_path: Path, apps) -> None:
    notes = tmp_path / "mydocs" / "notes.json"
    notes.parent.mkdir()
    notes.write_text("my notes", encoding="utf-8")
    app = apps(tmp_path / "home")
    assert flow.open_replay(app, notes) is False
    [message] = errors(app)
    assert "left where it is" in message
    assert notes.read_text(encoding="utf-8") == "my notes"
    assert sorted(p.name for p in notes.parent.iterdir()) == ["notes.json"]
