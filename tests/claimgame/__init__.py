"""Claim the Discard, the test game for decisions out of turn: registered only
by the tests (see tests/conftest.py)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.game import GameConfig, GameEntry
from tests.claimgame.bot import RULES, determinize, make_bot
from tests.claimgame.rules import ClaimAction, ClaimState

__all__ = ["ENTRY", "RULES", "default_config", "determinize", "make_bot", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the game has no variants."""
    return RULES.info.config(players, **variants)


def sample_action(state: ClaimState, rng: random.Random) -> ClaimAction:
    return rng.choice(RULES.legal_actions(state))


ENTRY = GameEntry(
    info=RULES.info,
    rules=RULES,
    sample_action=sample_action,
    make_bot=make_bot,
    scene="tests.claimgame.scene:scene",
    determinize=determinize,
)
