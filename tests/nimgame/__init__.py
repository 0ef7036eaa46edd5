"""Nim, the test game: registered only by the tests (see tests/conftest.py)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.game import GameConfig, GameEntry
from tests.nimgame.bot import RULES, determinize, make_bot
from tests.nimgame.rules import NimAction, NimState

__all__ = ["ENTRY", "RULES", "default_config", "determinize", "make_bot", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config with every variant filled in; ValueError on anything unknown."""
    return RULES.info.config(players, **variants)


def sample_action(state: NimState, rng: random.Random) -> NimAction:
    return rng.choice(RULES.legal_actions(state))


ENTRY = GameEntry(
    info=RULES.info,
    rules=RULES,
    sample_action=sample_action,
    make_bot=make_bot,
    scene="tests.nimgame.scene:scene",
    determinize=determinize,
)
