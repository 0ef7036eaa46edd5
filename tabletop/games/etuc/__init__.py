"""Planet etuC: a climbing card game for 2 or 3 players (rules.py, bot.py)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.etuc.bot import RULES, make_bot
from tabletop.games.etuc.rules import EtucAction, EtucState

__all__ = ["RULES", "default_config", "make_bot", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; Planet etuC has no variants."""
    info = RULES.info
    if not info.min_players <= players <= info.max_players:
        raise ValueError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}"
        )
    if variants:
        raise ValueError(f"unknown {info.title} variant(s): {', '.join(sorted(variants))}")
    return GameConfig(players, {})


def sample_action(state: EtucState, rng: random.Random) -> EtucAction:
    """A uniformly random legal action."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]
