"""Phantom Rummy (Gen'ei Kitan): a mahjong-like card game for 2-4 players.

``rules.py`` holds the rules, and ``determinize`` and ``unseen_cards``
beside ``view`` (so the bot imports them from there); this module the entry's
pure helpers. The game is not registered yet (no bot and no scene).
"""

from __future__ import annotations

from random import Random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.phantom_rummy.model import PhantomAction, PhantomState
from tabletop.games.phantom_rummy.rules import PhantomRules, determinize, unseen_cards

__all__ = ["RULES", "default_config", "determinize", "sample_action", "unseen_cards"]

RULES = PhantomRules()


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the one variant is ``advanced`` (R8)."""
    return RULES.info.config(players, **variants)


def sample_action(state: PhantomState, rng: Random) -> PhantomAction:
    """A uniformly random legal action."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]
