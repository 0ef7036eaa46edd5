"""The command line: answers without a window, one clear line per mistake, exit 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop import __version__, app
from tabletop.core.storage import Settings, Storage

ROOT = Path(__file__).resolve().parents[1]


def run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TABLETOP_HOME=str(tmp_path),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    return subprocess.run(
        [sys.executable, "-m", "tabletop", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_version(tmp_path: Path) -> None:
    done = run(tmp_path, "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"tabletop {__version__}"
    assert done.stderr == ""


def test_list(tmp_path: Path) -> None:
    done = run(tmp_path, "--list")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip(), "--list prints the games (or says there are none)"
    assert "Traceback" not in done.stderr


def test_help(tmp_path: Path) -> None:
    done = run(tmp_path, "--help")
    assert done.returncode == 0, done.stderr
    for flag in ("--game", "--seats", "--seed", "--resume", "--replay", "--players", "--list"):
        assert flag in done.stdout, flag


@pytest.mark.parametrize(
    "args, words",
    [
        (["--game", "no-such-game"], "unknown game 'no-such-game'"),
        (["--size", "10x10"], "--size width must be between"),
        (["--bogus"], "unrecognized arguments"),
    ],
    ids=["unknown-game", "size-10x10", "unknown-option"],
)
def test_errors_from_the_real_entry_point(tmp_path: Path, args: list[str], words: str) -> None:
    done = run(tmp_path, *args)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop: error:"), done.stderr
    assert words in lines[0]
    assert done.stdout == ""
    assert not list(tmp_path.iterdir()), "a bad command line writes no files"


@pytest.mark.parametrize(
    "args, words",
    [
        (["--game", "chess"], "unknown game 'chess'"),
        (["--game", "nim", "--players", "abc"], "--players must be a whole number, not 'abc'"),
        (["--game", "nim", "--players", "9"], "--players must be between 2 and 3, not 9"),
        (["--game", "nim", "--seats", "human,godlike"], "'godlike' is not human, easy"),
        (["--game", "nim", "--seats", "human", "--players", "3"], "--players is 3"),
        (["--players", "2"], "--players needs --game"),
        (["--replay", "no/such/file.json"], "no such replay file: no/such/file.json"),
        (["--size", "10x10"], "--size width must be between 960 and"),
        (["--size", "wide"], "--size must look like 1280x800"),
        (["--game", "nim", "--frames", "0"], "--frames must be between 1"),
        (["--size", ""], "--size must look like 1280x800, not ''"),
        (["--replay", ""], "--replay needs the name of a saved game's file"),
        (["--game", "nim", "--frames", ""], "--frames must be a whole number, not ''"),
        (["--game", ""], "unknown game ''"),
        (["--size", "9" * 5000 + "x600"], "--size width must be a whole number, not '999"),
    ],
    ids=[
        "unknown-game",
        "players-abc",
        "players-9",
        "seats-godlike",
        "seats-players-mismatch",
        "players-without-game",
        "missing-replay",
        "size-10x10",
        "size-words",
        "frames-0",
        "size-empty",
        "replay-empty",
        "frames-empty",
        "game-empty",
        "size-of-5000-digits",
    ],
)
def test_bad_values_give_one_line_and_exit_2(
    nim_registered, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    assert app.main(args) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("tabletop: error:") and words in lines[0], lines[0]
    assert "Traceback" not in err and out == ""


def test_game_flags_go_straight_into_the_game(
    nim_registered, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tabletop.core.storage import Storage
    from tests.nimgame.scene import is_nim

    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path))
    seen: list[object] = []
    shutdown = app.App.shutdown

    def record(self: app.App) -> None:
        seen.append(self.stack.top)
        seen.append(self.frames)
        shutdown(self)

    monkeypatch.setattr(app.App, "shutdown", record)
    assert app.main(["--game", "nim", "--seats", "human,easy", "--seed", "5", "--frames", "3"]) == 0
    top, frames = seen
    assert is_nim(top) and frames == 3
    session = top.session
    assert session.seed == 5
    assert [(s.kind, s.level) for s in session.seats] == [("human", "medium"), ("bot", "easy")]
    doc, message = Storage(tmp_path).load_game("autosave")
    assert message is None and doc is not None
    assert doc["game"] == "nim" and doc["seed"] == 5


@pytest.mark.parametrize(
    "args, words",
    [
        (["--resume", "--replay", "game.json"], "--resume and --replay cannot be used together"),
        (["--replay", "game.json", "--resume"], "--resume and --replay cannot be used together"),
        (["--game", "nim", "--resume"], "--game and --resume cannot be used together"),
        (["--game", "nim", "--replay", "game.json"], "--game and --replay cannot be used together"),
    ],
    ids=["resume-replay", "replay-resume", "game-resume", "game-replay"],
)
def test_one_way_to_start_at_a_time(
    nim_registered,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    words: str,
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "game.json").write_text("{}", encoding="utf-8")
    assert app.main([*args, "--frames", "2"]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0] == f"tabletop: error: {words}", err
    assert out == ""


def replay_file(folder: Path, data: bytes) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "game.json"
    path.write_bytes(data)
    return path


def nim_save(game: str = "nim") -> bytes:
    from tabletop.core.session import Session, default_seats
    from tests.nimgame import ENTRY

    session = Session(
        ENTRY, ENTRY.default_config(2), 3, default_seats(["human", "easy"]), threaded=False
    )
    session.play(session.rules.legal_actions(session.state)[0])
    doc = session.to_doc()
    doc["game"] = game
    return json.dumps(doc).encode()


@pytest.mark.parametrize(
    "data, words",
    [
        (
            b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\xff\xfe",
            "(not UTF-8 text); it was left where it is",
        ),
        (b"[1, 2", "(not JSON"),
        (
            b'{"notes": "mine"}',
            "(format is None, expected 'tabletop-save'); it was left where it is",
        ),
        (b"[" * 100_000 + b"]" * 100_000, "(nested more than 100 levels deep)"),
        (b"save-for-chess", "for a game this version does not have ('chess')"),
    ],
    ids=["binary", "truncated", "not-a-save", "nested", "unknown-game"],
)
def test_a_replay_file_that_cannot_be_played_is_a_bad_command_line(
    nim_registered,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    data: bytes,
    words: str,
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    if data == b"save-for-chess":  # sound JSON; the game refuses it once a window is up
        data = nim_save("chess")
    path = replay_file(tmp_path / "mine", data)
    assert app.main(["--replay", str(path), "--frames", "2"]) == 2
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop: error: --replay: "), err
    assert words in lines[0]
    assert "Traceback" not in err and out == ""
    assert path.read_bytes() == data and sorted(p.name for p in path.parent.iterdir()) == [
        "game.json"
    ]


def test_a_sound_replay_file_still_plays(
    nim_registered,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "home"))
    path = replay_file(tmp_path / "mine", nim_save())
    assert app.main(["--replay", str(path), "--frames", "2"]) == 0
    assert capsys.readouterr().err == ""


def test_a_binary_replay_file_from_the_real_entry_point(tmp_path: Path) -> None:
    path = replay_file(tmp_path / "mine", b"\x00\xff\xfe\x9c binary")
    done = run(tmp_path / "home", "--replay", str(path))
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("tabletop: error: --replay:"), done.stderr
    assert path.read_bytes() == b"\x00\xff\xfe\x9c binary"


def test_an_empty_value_is_a_bad_value_not_none(
    nim_registered, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--size ""`` and ``--replay ""`` opened the title and exited 0."""
    for args in (["--size", ""], ["--replay", ""], ["--seed", "", "--game", "nim"]):
        assert app.main([*args, "--frames", "1"]) == 2, args
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and len(err) < 200, err


def test_the_window_never_opens_larger_than_the_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--size 1920x1080 on a 1280x800 screen put the button bar off screen;
    a settings file's 7680x4320 ran at a frame a second. Both are fitted to
    the screen, and the player is told; the settings remember what fits."""
    assert app.fit_window((1920, 1080), (1280, 800)) == (1280, 800 - app.DESKTOP_MARGIN[1])
    assert app.fit_window((1000, 700), (1280, 800)) == (1000, 700)
    assert app.fit_window((1920, 1080), None) == (1920, 1080)
    assert app.fit_window((1920, 1080), (800, 480)) == app.MIN_SIZE
    monkeypatch.setattr(app, "desktop_size", lambda: (1280, 800))
    storage = Storage(tmp_path)
    storage.save_settings(Settings(window_size=(7680, 4320)))
    for launch, asked in (
        (app.Launch(size=(1920, 1080)), "1920x1080"),
        (app.Launch(), "7680x4320"),
    ):
        a = app.App(launch, storage=Storage(tmp_path))
        try:
            assert a.size == (1280, 800 - app.DESKTOP_MARGIN[1])
            [toast] = [t.text for t in a.toasts.items]
            assert f"{asked} was asked for" in toast and "to fit the screen" in toast
        finally:
            a.shutdown()
    assert Storage(tmp_path).load_settings()[0].window_size == (1280, 800 - app.DESKTOP_MARGIN[1])
