"""Shared test set-up: headless SDL, the test-only games (Nim, Claim the
Discard), codec prefixes, and a check that no bot failed unnoticed."""

from __future__ import annotations

import errno
import logging
import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tabletop.core import codec  # noqa: E402

# Nim's state and actions live under tests.nimgame; let saves of them revive.
if "tests." not in codec.ALLOWED_PREFIXES:
    codec.ALLOWED_PREFIXES.append("tests.")


@pytest.fixture
def nim_registered(monkeypatch: pytest.MonkeyPatch):
    """Register the test game Nim as "nim" in tabletop.games.REGISTRY for one test."""
    from tabletop import games
    from tests.nimgame import ENTRY

    monkeypatch.setitem(games.REGISTRY, ENTRY.name, ENTRY)
    return ENTRY


class _Failures(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.ERROR)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage())


@pytest.fixture(autouse=True)
def no_unexpected_bot_failures(request: pytest.FixtureRequest) -> Iterator[None]:
    """A session plays a random legal move for a bot that fails, so a game goes
    on; in a test that would hide the bug. Any bot failure fails the test
    unless the test is marked ``bot_failures`` (it makes bots fail on purpose)."""
    handler = _Failures()
    logger = logging.getLogger("tabletop.bots")
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)
    if handler.messages and request.node.get_closest_marker("bot_failures") is None:
        pytest.fail("a bot failed during the test: " + "; ".join(handler.messages))


@pytest.fixture
def claim_registered(monkeypatch: pytest.MonkeyPatch):
    """Register the test game Claim the Discard as "claim" for one test."""
    from tabletop import games
    from tests.claimgame import ENTRY

    monkeypatch.setitem(games.REGISTRY, ENTRY.name, ENTRY)
    return ENTRY


@pytest.fixture
def deny_reading(monkeypatch: pytest.MonkeyPatch) -> Callable[[Path], None]:
    """``deny_reading(path)``: from then on, reading ``path`` as a player's
    file (``storage.read_bounded``, every such read) fails as a file without
    read permission does. The tests run as root, whom no permission stops."""
    from tabletop.core import storage

    denied: set[Path] = set()
    real = storage.read_bounded

    def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
        if Path(path) in denied:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real(path, limit)

    monkeypatch.setattr(storage, "read_bounded", read_bounded)
    return denied.add
