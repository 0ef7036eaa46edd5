"""Shared test set-up: headless SDL, the test-only games (Nim, Claim the Discard), codec prefixes."""

from __future__ import annotations

import os

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


@pytest.fixture
def claim_registered(monkeypatch: pytest.MonkeyPatch):
    """Register the test game Claim the Discard as "claim" for one test."""
    from tabletop import games
    from tests.claimgame import ENTRY

    monkeypatch.setitem(games.REGISTRY, ENTRY.name, ENTRY)
    return ENTRY
