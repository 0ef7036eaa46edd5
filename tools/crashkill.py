"""Kill the real program with SIGKILL in a game of each game, and check that
``tabletop --resume`` goes on from the last move that reached the disk.

    python tools/crashkill.py                    # every game, seed 7
    python tools/crashkill.py --games etuc,planet --seeds 3

This is the long version of ``tests/test_crash_safety.py``, which runs a
bounded chain of the same steps in the suite. For each game and seed, one
game of a hard bot against an easy one goes through six runs of
``python -m tabletop`` (SDL's dummy drivers, a fresh ``TABLETOP_HOME`` and
``HOME``, animations off), each resuming what the last one's kill left:

1. a new game, killed with its third autosave held half-way through the
   temporary file (``torn``);
2. ``--resume``, killed with its third autosave whole in the temporary file,
   not yet renamed (``rename``);
3. ``--resume``, killed with its third autosave renamed into place, the
   folder not yet synced (``renamed``);
4. ``--resume``, killed during the hard bot's second search;
5. ``--resume``, killed in the middle of play, just after an autosave;
6. ``--resume --frames 30``, which must run and exit 0.

The checks after each kill (:func:`check_autosave`, :func:`starts_from`,
:func:`check_untouched`) are the test's. Nothing waits on the clock: the
program prints marks on its stdout (``TABLETOP_TEST_MARKS``, see
``tabletop/core/testhooks.py``) and is killed at the mark waited for;
``DEADLINE`` is only a net for a program that never gets there.
"""

from __future__ import annotations

import argparse
import os
import select
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: the repository's tabletop
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tabletop.core import testhooks
from tabletop.core.session import Session, default_seats
from tabletop.core.stats import BOT, GameResult, SeatResult
from tabletop.core.storage import STALE_AFTER, Settings, Storage, decode_json
from tabletop.games import REGISTRY

ROOT = Path(__file__).resolve().parents[1]
#: seconds: a net for a program that never reaches a mark (a run takes one or two)
DEADLINE = 90.0
FIVE = ("planepita", "etuc", "uchronicle", "phantom_rummy", "planet")
#: the table every chain plays: a hard bot (the searches killed) and an easy one
SEATS = "hard,easy"
#: --frames for a run that is to be killed: more than it will ever reach
FOREVER = "1000000"
MARK = b"tabletop-mark: "


class NeverReached(AssertionError):
    """The program ended, or the deadline passed, before the mark waited for."""


class Child:
    """One run of the program, its marks read from its stdout as they come."""

    def __init__(self, home: Path, args: Sequence[str], hold: str | None = None) -> None:
        env = dict(os.environ)
        env.pop(testhooks.HOLD_ENV, None)
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            TABLETOP_HOME=str(home),
            HOME=str(home),
            PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
        )
        env[testhooks.MARKS_ENV] = "1"
        if hold is not None:
            env[testhooks.HOLD_ENV] = hold
        self.args = list(args)
        self.stderr_path = home.parent / f"stderr-{len(list(home.parent.glob('stderr-*.txt')))}.txt"
        with self.stderr_path.open("wb") as err:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "tabletop", *self.args],
                cwd=ROOT,
                env=env,
                stdout=subprocess.PIPE,
                stderr=err,
            )
        #: every mark so far, split into words ("saved autosave 7" -> ["saved", "autosave", "7"])
        self.marks: list[list[str]] = []
        self._partial = b""
        self._eof = False

    def _read(self, timeout: float) -> bool:
        """Read what the program has printed; False at its end or the deadline."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        ready, _, _ = select.select([fd], [], [], max(timeout, 0.0))
        if not ready:
            return False
        data = os.read(fd, 1 << 16)
        if not data:
            self._eof = True
            return False
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        self.marks += [
            line[len(MARK) :].decode().split() for line in lines if line.startswith(MARK)
        ]
        return True

    def wait_until(self, reached: Callable[[list[list[str]]], bool], what: str) -> None:
        """Read marks until ``reached(self.marks)``; NeverReached (the program
        killed) if it ends or the deadline passes first."""
        deadline = time.monotonic() + DEADLINE
        while not reached(self.marks):
            if self._eof or not self._read(deadline - time.monotonic()):
                self.kill()
                raise NeverReached(
                    f"tabletop {' '.join(self.args)} never {what}; its last marks: {self.marks[-12:]}; "
                    f"exit {self.proc.returncode}; stderr: {self.stderr()!r}"
                )

    def kill(self) -> None:
        """SIGKILL, then read every mark printed before it."""
        if self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
        self._drain()
        status = self.proc.returncode
        assert status == -signal.SIGKILL, (
            f"it ended by itself (exit {status}) before the kill: {self.stderr()!r}"
        )

    def finish(self) -> int:
        """Wait for the program to end by itself; its exit status."""
        self._drain()
        return self.proc.returncode

    def _drain(self) -> None:
        deadline = time.monotonic() + DEADLINE
        while not self._eof and time.monotonic() < deadline:
            self._read(deadline - time.monotonic())
        if not self._eof and self.proc.poll() is None:  # the net: it would not stop
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=DEADLINE)
        assert self.proc.stdout is not None
        self.proc.stdout.close()

    def stderr(self) -> str:
        return self.stderr_path.read_text(errors="replace")

    def numbers(self, event: str) -> list[int]:
        """N of every ``live N`` (or ``saved autosave N``) mark, in order."""
        if event == "saved":
            return [int(m[2]) for m in self.marks if m[:2] == ["saved", "autosave"]]
        return [int(m[1]) for m in self.marks if m[0] == event]

    def held_search(self) -> int | None:
        """The move of the search whose answer is held, once it has started."""
        return next((int(m[1]) for m in self.marks if m[0] == "think" and m[-1] == "held"), None)


def autosave_path(home: Path) -> Path:
    return home / "saves" / "autosave.json"


def user_files(home: Path, game: str) -> dict[Path, bytes]:
    """What the player made before the crashes: settings (animations off, so
    the bots play at once), a statistics file with one result, and a saved
    game of a few moves. Returns each file's bytes."""
    storage = Storage(home)
    storage.save_settings(Settings(anim_speed=0.0))
    entry = REGISTRY[game]
    kept = Session(
        entry,
        entry.default_config(2),
        11,
        default_seats(["easy", "easy"]),
        threaded=False,
        timed=False,
    )
    kept.play_bots(limit=3)
    storage.save_game("kept", kept.to_doc())
    seats = (SeatResult("Ada", BOT, "easy", 1, 3.0), SeatResult("Bo", BOT, "hard", 2, 1.0))
    storage.record_result(GameResult(game, "2026-01-02T03:04:05+00:00", seats))
    files = [storage.settings_path, storage.stats_path, storage.save_path("kept")]
    return {path: path.read_bytes() for path in files}


def check_autosave(home: Path, child: Child, before: dict[str, Any] | None) -> dict[str, Any]:
    """The autosave after ``child`` ended: whole, loading as the program
    loads it, a position the game had (a ``live`` mark), no older than the
    last write the program reported done, and holding every move of the
    save ``before`` it. Returns it."""
    doc, problem = decode_json(autosave_path(home).read_bytes())
    assert problem is None and isinstance(doc, dict), problem
    session = Session.from_doc(doc, registry=REGISTRY, threaded=False, timed=False)
    moves = session.ply
    assert moves == len(doc["actions"])
    lives, saved = child.numbers("live"), child.numbers("saved")
    assert moves in lives, f"the autosave's {moves} moves were never on screen ({lives})"
    assert saved and moves >= saved[-1], (
        f"the write of {saved[-1:]} moves was lost: the file holds {moves}"
    )
    if before is not None:
        for key in ("game", "seed", "config", "seats"):
            assert doc[key] == before[key], key
        assert doc["actions"][: len(before["actions"])] == before["actions"], (
            "moves on disk were lost"
        )
    return doc


def starts_from(child: Child, doc: dict[str, Any]) -> None:
    """A resumed run's first position is the one on disk: the first game it
    shows holds exactly those moves."""
    child.wait_until(lambda marks: any(m[0] == "live" for m in marks), "showed the resumed game")
    first = child.numbers("live")[0]
    assert first == len(doc["actions"]), f"resumed at move {first}, not {len(doc['actions'])}"


def start(home: Path, game: str, seed: int, hold: str | None = None) -> Child:
    """A new game of ``SEATS``."""
    return Child(
        home, ["--game", game, "--seats", SEATS, "--seed", str(seed), "--frames", FOREVER], hold
    )


def resume(home: Path, before: dict[str, Any], hold: str | None = None) -> Child:
    """``--resume``, checked to start from the save ``before`` it."""
    child = Child(home, ["--resume", "--frames", FOREVER], hold)
    starts_from(child, before)
    return child


def kill_at_write(
    home: Path, child: Child, stage: str, before: dict[str, Any] | None, *, search: bool = False
) -> tuple[dict[str, Any], Path]:
    """Kill ``child`` once its held autosave (``autosave.json:STAGE:K``) says
    so, and, with ``search``, once the held search that follows it has
    started (``...,search:hard:1``): the kill lands during the write and the
    search. Checks what is on disk; returns the autosave and the held write's
    temporary file."""
    autosave = autosave_path(home)
    child.wait_until(
        lambda marks: any(m[0] == "hold" and m[2] == "autosave.json" for m in marks),
        "held an autosave",
    )
    held = next(m for m in child.marks if m[0] == "hold" and m[2] == "autosave.json")
    assert held[1] == stage, held
    on_disk = autosave.read_bytes()  # the writer is held: nothing else writes it
    if search:
        child.wait_until(lambda _: child.held_search() is not None, "started the held search")
    child.kill()
    assert autosave.read_bytes() == on_disk
    doc = check_autosave(home, child, before)
    if search:
        assert max(child.numbers("live")) == child.held_search(), (
            "the searching bot's move was played"
        )
    saved = child.numbers("saved")
    temporary = Path(held[3])
    if stage == "renamed":  # the held write reached the disk; its mark did not
        assert len(doc["actions"]) > saved[-1] and not temporary.exists()
    else:  # the old file stands; the temporary file beside it is never loaded
        assert len(doc["actions"]) == saved[-1] and temporary.parent == autosave.parent
        left, _ = decode_json(temporary.read_bytes())
        if stage == "torn":
            assert left is None, "half a file reads as a save"
        else:
            assert isinstance(left, dict) and len(left["actions"]) > len(doc["actions"])
    return doc, temporary


def kill_in_search(home: Path, child: Child, before: dict[str, Any]) -> dict[str, Any]:
    """Kill ``child`` at the start of its held search (``search:hard:N``);
    the searching bot's move must never have been played."""
    child.wait_until(lambda _: child.held_search() is not None, "started the held search")
    child.kill()
    searched = child.held_search()
    assert searched is not None and max(child.numbers("live")) == searched, (
        "the searching bot's move was played"
    )
    doc = check_autosave(home, child, before)
    assert len(doc["actions"]) <= searched
    return doc


def kill_in_play(home: Path, child: Child, before: dict[str, Any], more: int = 2) -> dict[str, Any]:
    """Kill ``child`` just after an autosave ``more`` moves on from ``before``:
    no hold, whatever the writer and the bots were doing."""
    start = len(before["actions"])
    child.wait_until(
        lambda _: any(n >= start + more for n in child.numbers("saved")), f"saved {more} more moves"
    )
    child.kill()
    doc = check_autosave(home, child, before)
    assert len(doc["actions"]) >= start + more
    return doc


def resume_to_the_end(home: Path, before: dict[str, Any], frames: int = 30) -> dict[str, Any]:
    """``--resume --frames N``: runs and exits 0. The temporary files the
    kills left, once old, are removed at its start-up."""
    left_over = list(autosave_path(home).parent.glob(".autosave.json.*.tmp"))
    old = time.time() - STALE_AFTER - 60
    for path in left_over:
        os.utime(path, (old, old))
    child = Child(home, ["--resume", "--frames", str(frames)])
    starts_from(child, before)
    status = child.finish()
    assert status == 0, f"exit {status}: {child.stderr()}"
    assert not [path for path in left_over if path.exists()], "old temporary files were left"
    return check_autosave(home, child, before)


def check_untouched(runs: Path, home: Path, mine: dict[Path, bytes]) -> None:
    """No run printed anything on stderr (no traceback), nothing was set
    aside or written as a crash log, the player's files are as they were."""
    for run in sorted(runs.glob("stderr-*.txt")):
        assert run.read_text(errors="replace") == "", (
            f"{run.name}: {run.read_text(errors='replace')}"
        )
    saves = sorted(p.name for p in (home / "saves").iterdir())
    assert saves == ["autosave.json", "kept.json"], saves
    assert not list(home.rglob("crash-*.log")) and not list(home.rglob("*.bad*"))
    assert {path: path.read_bytes() for path in mine} == mine


def long_chain(runs: Path, game: str, seed: int) -> int:
    """The six runs of the module docstring; the moves on disk at the end."""
    home = runs / "home"
    mine = user_files(home, game)
    doc: dict[str, Any] | None = None
    for stage in ("torn", "rename", "renamed"):
        hold = f"autosave.json:{stage}:3"
        child = start(home, game, seed, hold) if doc is None else resume(home, doc, hold)
        doc, _ = kill_at_write(home, child, stage, doc)
    assert doc is not None
    doc = kill_in_search(home, resume(home, doc, "search:hard:2"), doc)
    doc = kill_in_play(home, resume(home, doc), doc, 3)
    doc = resume_to_the_end(home, doc)
    check_untouched(runs, home, mine)
    return len(doc["actions"])


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--games", default=",".join(FIVE), help="comma-separated games (default: all five)"
    )
    p.add_argument("--seeds", type=int, default=1, help="seeds per game: 7, 8, ... (default 1)")
    args = p.parse_args(argv)
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    unknown = [g for g in games if g not in REGISTRY]
    if unknown:
        p.error(f"unknown games: {', '.join(unknown)}")
    failures = 0
    print(f"{'game':14} {'seed':>4} {'moves':>5} {'seconds':>7}  result")
    for game in games:
        for seed in range(7, 7 + args.seeds):
            t0 = time.perf_counter()
            with tempfile.TemporaryDirectory(prefix="crashkill-") as tmp:
                try:
                    moves, result = long_chain(Path(tmp), game, seed), "ok"
                except AssertionError as exc:
                    moves, result = -1, f"FAILED: {exc}"
                    failures += 1
            print(
                f"{game:14} {seed:>4} {moves:>5} {time.perf_counter() - t0:>7.1f}  {result}",
                flush=True,
            )
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
