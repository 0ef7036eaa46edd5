"""Planet etuC: a climbing card game for 2 or 3 players (rules.py, bot.py)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.game import GameConfig
from tabletop.games.etuc.bot import RULES, determinize, level_notes, make_bot
from tabletop.games.etuc.rules import EtucAction, EtucState

if TYPE_CHECKING:
    from random import Random

__all__ = ["RULES", "default_config", "determinize", "level_notes", "make_bot", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; Planet etuC has no variants."""
    return RULES.info.config(players, **variants)


def sample_action(state: EtucState, rng: Random) -> EtucAction:
    """A uniformly random legal action."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]
