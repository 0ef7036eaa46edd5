"""Hooks for the crash-safety tests: off unless the environment asks for them.

``tests/test_crash_safety.py`` (and ``tools/crashkill.py``, its long
version) kills the real program with SIGKILL at chosen moments and checks that ``tabletop --resume`` goes on from the last move that
reached the disk. To kill at a moment rather than after a guessed time, the
test reads what the program says it is doing, and can stop the save writer
at a chosen point of a write:

``TABLETOP_TEST_MARKS=1``
    the program prints one line on stdout per event a test waits for, each
    ``tabletop-mark: <event>`` (written with one ``os.write``, so lines from
    the frame loop, the save writer and the bot worker never mix):

    - ``live N``: the game on screen holds N moves; its autosave is queued
    - ``saved SLOT N``: the save SLOT holding N moves is on disk (renamed into place)
    - ``think N SEAT LEVEL [held]``: the bot of SEAT starts its search at
      move N (on the worker); ``held``: its answer will be held (below)
    - ``chose N SEAT``: that search has ended
    - ``hold STAGE NAME TEMPORARY``: a write is held (below); ``hold LEVEL
      search N``: the answer of a search for move N is held

``TABLETOP_TEST_HOLD=NAME:STAGE:K``
    the K-th write (from 1) of the file NAME (``autosave.json``) stops at
    STAGE and waits there for ever, after printing its ``hold`` mark:

    - ``torn``: half the temporary file written (and synced), the rest not
    - ``rename``: the temporary file whole and synced, not yet renamed
    - ``renamed``: renamed into place, the folder not yet synced

``TABLETOP_TEST_HOLD=search:LEVEL:K``
    the K-th search of a bot of LEVEL (``hard``) runs as always, then its
    answer is held for ever: a test that kills the program at that search's
    ``think`` mark kills it during the search, or, should the search end
    first, while its answer is held: either way before the bot's move.

Several holds are separated by commas, and reached in their order: each
counts only once the one before it has held (``autosave.json:rename:3,
search:hard:1``: the third autosave is held, then the next hard search).
Only the thread that is held waits (the autosave writer, the bot worker): the
frame loop goes on.

Nothing here changes what the program does when the variables are unset,
beyond one dictionary look-up per event.
"""

from __future__ import annotations

import os
import threading

MARKS_ENV = "TABLETOP_TEST_MARKS"
HOLD_ENV = "TABLETOP_TEST_HOLD"
STAGES = ("torn", "rename", "renamed")

_lock = threading.Lock()
#: the writes (or searches) each hold asked for has counted so far
_seen: dict[str, int] = {}
#: the holds reached
_fired: set[str] = set()


def marking() -> bool:
    """True when the program prints its marks."""
    return bool(os.environ.get(MARKS_ENV))


def mark(event: str) -> None:
    """Print ``event`` as one mark line on stdout, when marks are asked for."""
    if not os.environ.get(MARKS_ENV):
        return
    try:
        os.write(1, f"tabletop-mark: {event}\n".encode())
    except OSError:
        pass


def hold_at(name: str, kind: str | None = None) -> str | None:
    """Called once per write of the file ``name`` (or per search: ``name``
    "search" and ``kind`` the bot's level): the stage at which this one is to
    be held, or None (almost always)."""
    specs = os.environ.get(HOLD_ENV)
    if not specs:
        return None
    with _lock:
        for spec in specs.split(","):
            if spec not in _fired:
                break  # the first hold not yet reached is the only one counting
        else:
            return None
        target, _, rest = spec.partition(":")
        stage, _, count = rest.partition(":")
        if target != name or (stage != kind if kind is not None else stage not in STAGES):
            return None
        _seen[spec] = n = _seen.get(spec, 0) + 1
        if not count.isdigit() or n != int(count):
            return None
        _fired.add(spec)
        return stage


def hold(stage: str, name: str, what: str) -> None:
    """Print the ``hold`` mark (``what``: the temporary file, or the move the
    search was for) and wait for ever: the test kills the program."""
    mark(f"hold {stage} {name} {what}")
    threading.Event().wait()
