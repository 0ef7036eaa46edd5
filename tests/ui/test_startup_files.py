"""What is in the player's folders never stops the program from starting:
`tabletop`, `--resume` and `--game` all reach their first frames, a file that
cannot be read is set aside with a message, and a write killed half-way leaves
nothing behind for long."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from tabletop import app
from tabletop.core.storage import SAVE_KIND, SETTINGS_KIND, SETTINGS_VERSION, Settings, Storage
from tabletop.ui import menus
from tests.nimgame.scene import is_nim
from tests.ui.driver import make_app

DEEP = 100_000


def deep_save(shape: str) -> bytes:
    """An autosave that is nothing but nesting, or a valid-looking save with
    the nesting as its variants."""
    nest = "[" * DEEP + "]" * DEEP
    if shape == "whole":
        return nest.encode()
    head = json.dumps(
        {"format": SAVE_KIND, "version": 1, "game": "nim", "seed": 1, "seats": [], "actions": []}
    )
    return (head[:-1] + f', "config": {{"players": 2, "variants": {nest}}}}}').encode()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, nim_registered: Any) -> Path:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    return tmp_path


@pytest.fixture
def last_app(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The App main() ran, as it was when it shut down: [top scene, error toasts]."""
    seen: list[Any] = []
    shutdown = app.App.shutdown

    def record(self: app.App) -> None:
        seen[:] = [
            self.stack.top,
            [t.text for t in self.toasts.items if t.kind == "error"],
            self.settings,
        ]
        shutdown(self)

    monkeypatch.setattr(app.App, "shutdown", record)
    return seen


@pytest.mark.parametrize("shape", ["whole", "inside"])
@pytest.mark.parametrize(
    "args",
    [[], ["--resume"], ["--game", "nim", "--seats", "human,easy"]],
    ids=["title", "resume", "game"],
)
def test_a_deeply_nested_autosave_never_stops_a_start(
    home: Path, last_app: list[Any], args: list[str], shape: str, capsys: pytest.CaptureFixture[str]
) -> None:
    saves = home / "saves"
    saves.mkdir()
    data = deep_save(shape)
    (saves / "autosave.json").write_bytes(data)
    assert app.main([*args, "--frames", "2"]) == 0
    assert "Traceback" not in capsys.readouterr().err
    top, errors, _ = last_app
    if args == ["--resume"]:  # the real load reports it and sets it aside
        assert isinstance(top, menus.TitleScene)
        assert any("moved to" in e and "autosave" in e for e in errors), errors
        assert (saves / "autosave.json.bad").read_bytes() == data
        assert not (saves / "autosave.json").exists()
    elif args:  # a new game keeps the old autosave in Saved games, as it is
        assert is_nim(top)
        [kept] = saves.glob("interrupted-*.json")
        assert kept.read_bytes() == data
    else:  # the title only peeks; Resume will report it
        assert isinstance(top, menus.TitleScene) and top.resume.enabled
        assert (saves / "autosave.json").read_bytes() == data
    assert list(home.glob("crash-*.log")) == []


def test_huge_numbers_in_settings_never_stop_a_start(home: Path, last_app: list[Any]) -> None:
    text = (
        f'{{"format": "{SETTINGS_KIND}", "version": {SETTINGS_VERSION}, '
        f'"volume": {"9" * 401}, "anim_speed": 1e400, "palette": "okabe_ito"}}'
    )
    (home / "settings.json").write_text(text, "utf-8")
    assert app.main(["--frames", "2"]) == 0
    top, errors, settings = last_app
    assert isinstance(top, menus.TitleScene)
    [message] = errors
    assert "volume: expected a number" in message and "anim_speed: expected a number" in message
    assert (settings.volume, settings.anim_speed) == (Settings().volume, Settings().anim_speed)
    assert settings.palette == "okabe_ito", "the good values are kept"


def test_stale_temporaries_are_cleaned_at_start_up(tmp_path: Path) -> None:
    storage = Storage(tmp_path)
    (tmp_path / "saves").mkdir()
    stale = [
        tmp_path / ".settings.json.k2x9_q7a.tmp",
        tmp_path / "saves" / ".autosave.json.0abc_9zz.tmp",
    ]
    fresh = tmp_path / "saves" / ".autosave.json.fresh123.tmp"  # another copy still writing
    mine = tmp_path / "saves" / "notes.tmp"
    for path in (*stale, fresh, mine):
        path.write_text("{", "utf-8")
    for path in (*stale, mine):
        os.utime(path, (1_000_000_000, 1_000_000_000))
    a = make_app(tmp_path)
    try:
        assert a.storage.saves_dir == storage.saves_dir
        assert not any(p.exists() for p in stale)
        assert fresh.exists() and mine.exists()
    finally:
        a.shutdown()
