"""Crash safety: the real program, killed with SIGKILL in a game of each of
the five games, resumes at the last move that reached the disk.

Each game is one chain of three runs of ``python -m tabletop`` (a hard bot
against an easy one, animations off, a fresh ``TABLETOP_HOME``), each resuming
what the last one's kill left:

1. a new game, killed during an autosave and during the hard bot's search at
   once: its third autosave is held (``TABLETOP_TEST_HOLD``) half-way through
   the temporary file, between the whole temporary file and its rename, or
   just after the rename (the stage turns with the game), and the kill lands
   when the hard bot has started its next search (its answer held, should
   the search end before the kill arrives);
2. ``--resume``, killed in the middle of play just after an autosave, with
   nothing held;
3. ``--resume --frames 5``, which must run and exit 0.

After every kill the autosave is a whole save that loads as the program
loads it, of a position the game had, no older than the last write the
program reported done, holding every move of the save before it; the
searching bot's move was never played; each resumed run starts from exactly
the position on disk; the temporary file a kill left is never loaded and,
once old, is removed at start-up; no run prints anything on stderr, no crash
log is written, and the player's settings, statistics and other saved game
are untouched. The steps and checks are in ``tools/crashkill.py``, whose
long version kills each game six times, every stage and the search apart.

Nothing waits on the clock: the program prints marks on its stdout
(``TABLETOP_TEST_MARKS``, ``tabletop/core/testhooks.py``) and is killed at the
mark waited for.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop.core import testhooks
from tools import crashkill

#: where each game's autosave is held in its first run: every stage is met
STAGE = dict(zip(crashkill.FIVE, ("rename", "torn", "renamed", "rename", "torn"), strict=True))


@pytest.mark.parametrize("game", crashkill.FIVE)
def test_killed_in_a_game_it_resumes_at_the_last_move_on_disk(game: str, tmp_path: Path) -> None:
    home = tmp_path / "home"
    mine = crashkill.user_files(home, game)
    stage = STAGE[game]

    child = crashkill.start(home, game, 7, f"autosave.json:{stage}:3,search:hard:1")
    doc, temporary = crashkill.kill_at_write(home, child, stage, None, search=True)
    assert temporary.exists() == (stage != "renamed")

    doc = crashkill.kill_in_play(home, crashkill.resume(home, doc), doc, 1)

    crashkill.resume_to_the_end(home, doc, frames=5)
    assert not temporary.exists()
    crashkill.check_untouched(tmp_path, home, mine)


def test_the_hooks_are_off_unless_asked(
    monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(testhooks, "_seen", {})
    monkeypatch.setattr(testhooks, "_fired", set())
    monkeypatch.delenv(testhooks.HOLD_ENV, raising=False)
    monkeypatch.delenv(testhooks.MARKS_ENV, raising=False)
    assert not testhooks.marking()
    testhooks.mark("saved")
    assert capfd.readouterr().out == ""  # off: no mark on stdout
    monkeypatch.setenv(testhooks.MARKS_ENV, "1")
    testhooks.mark("saved")
    assert capfd.readouterr().out == "tabletop-mark: saved\n"
    monkeypatch.delenv(testhooks.MARKS_ENV)
    assert testhooks.hold_at("autosave.json") is None
    monkeypatch.setenv(testhooks.HOLD_ENV, "autosave.json:rename:2,search:hard:1")
    assert testhooks.hold_at("search", "hard") is None  # the write comes first
    assert [testhooks.hold_at("autosave.json") for _ in range(3)] == [None, "rename", None]
    assert testhooks.hold_at("settings.json") is None
    assert testhooks.hold_at("search", "easy") is None
    assert testhooks.hold_at("search", "hard") == "hard"
    assert testhooks.hold_at("search", "hard") is None
    monkeypatch.setenv(testhooks.HOLD_ENV, "autosave.json:sideways:1")
    assert testhooks.hold_at("autosave.json") is None
