"""A game's code imported when it is first used, or warmed on a worker.

The registry holds each game's *info* (its title, blurb, player range,
variants and settings: what the title screen, the setup screen, ``--list``,
saved games and the statistics read) and names the rest, its rules, bots,
table and pictures, as ``"package.module:name"`` paths (see
:class:`tabletop.core.game.GameEntry`). :func:`resolve` imports such a path
only when it is asked for, so start-up pays for no game: numpy, pymunk and a
game's tables are imported by the first game played, or by a
:class:`Warmer` on a worker thread while the title shows.

Imports from two threads at once can deadlock in Python's import machinery
(each holds a module the other's import needs), so every import of a game's
code goes through one lock, :func:`loading`. A frame's import (the player
opened a game) is *urgent*: a worker's next import waits for it, so the
frame waits for at most the one game the worker is importing.
"""

from __future__ import annotations

import contextlib
import importlib
import threading
from collections.abc import Callable, Iterator, Sequence
from typing import Any

#: held while a game's code is imported (reentrant: a game's module may
#: resolve another path while it loads)
_LOCK = threading.RLock()
#: wakes a worker waiting for urgent imports to finish
_GATE = threading.Condition()
#: imports asked for by a thread that must not wait behind a worker's
_urgent = 0
#: how deep this thread is in :func:`loading` (an import inside an import
#: never waits at the gate: it already holds the lock)
_depth = threading.local()


@contextlib.contextmanager
def loading(*, urgent: bool = True) -> Iterator[None]:
    """Hold the import lock. A frame's import is ``urgent``; a worker's
    (``urgent=False``) first waits until no urgent one is asking."""
    global _urgent
    depth = getattr(_depth, "n", 0)
    if urgent:
        with _GATE:
            _urgent += 1
    elif depth == 0:
        with _GATE:
            _GATE.wait_for(lambda: _urgent == 0)
    try:
        with _LOCK:
            _depth.n = depth + 1
            try:
                yield
            finally:
                _depth.n = depth
    finally:
        if urgent:
            with _GATE:
                _urgent -= 1
                _GATE.notify_all()


def resolve(path: str, *, urgent: bool = True) -> Any:
    """The object a ``"package.module:name"`` path names, its module imported
    only now (under :func:`loading`): how an entry names its rules, bots,
    scene and pictures without importing them. ImportError or AttributeError
    when there is none."""
    module, _, attr = path.partition(":")
    with loading(urgent=urgent):
        return getattr(importlib.import_module(module), attr)


class Warmer:
    """Jobs run one after another on one worker thread: the games' code
    imported (and whatever else start-up left for later, the sound effects)
    while the title shows, so the game a player picks opens at once.

    ``start`` is asked for after the title's first frame, and only once;
    ``ready(name)`` says a job has ended (well or not: a job that raised is
    done, and whoever needs its work meets the error again on the frame's
    thread, where it is reported as always). ``stop`` lets the job under way
    end and starts no other: the program exits with no import cut in half.
    With ``threaded=False`` (tests drive the frames on their own thread)
    nothing runs on a worker and every job counts as ready: whoever needs
    its work does it then, on the frame's thread, as before.
    """

    def __init__(
        self, jobs: Sequence[tuple[str, Callable[[], object]]], *, threaded: bool = True
    ) -> None:
        self.jobs = list(jobs)
        self.threaded = threaded
        self._names = frozenset(name for name, _ in self.jobs)
        #: the jobs ended (only ever added to, by the worker; a set's
        #: membership is read safely from another thread)
        self._done: set[str] = set()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        #: jobs that raised, name -> the exception (the work is done again,
        #: and the error met again, where it is needed)
        self.errors: dict[str, BaseException] = {}

    @property
    def started(self) -> bool:
        return self._thread is not None

    def start(self) -> None:
        """Run the jobs on a worker thread (once; nothing when not threaded)."""
        if not self.threaded or self._thread is not None:
            return
        self._thread = threading.Thread(target=self._run, name="tabletop-warm", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        for name, job in self.jobs:
            if self._stopping.is_set():
                return
            try:
                job()
            except Exception as exc:  # noqa: BLE001 - met again, and reported, where it is needed
                self.errors[name] = exc
            self._done.add(name)

    def ready(self, name: str) -> bool:
        """True when the job ``name`` has ended, or runs on no worker (not
        threaded, or no such job)."""
        return not self.threaded or name not in self._names or name in self._done

    def wait(self, timeout: float | None = None) -> None:
        """Wait until every job has ended (tests, which never sleep instead)."""
        if self._thread is not None:
            self._thread.join(timeout)

    def stop(self, timeout: float = 30.0) -> None:
        """Start no further job and wait (at most ``timeout`` seconds) for the
        one under way."""
        self._stopping.set()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
