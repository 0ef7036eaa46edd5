"""Nim, the test game: registered only by the tests (see tests/conftest.py)."""

from __future__ import annotations

import random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games import GameEntry
from tests.nimgame.bot import RULES, determinize, make_bot
from tests.nimgame.rules import NimAction, NimState

__all__ = ["ENTRY", "RULES", "default_config", "determinize", "make_bot", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config with every variant filled in; ValueError on anything unknown."""
    info = RULES.info
    if not info.min_players <= players <= info.max_players:
        raise ValueError(
            f"{info.title} is for {info.min_players} to {info.max_players} players, not {players}"
        )
    known = {v.key: v for v in info.variants}
    unknown = sorted(set(variants) - set(known))
    if unknown:
        raise ValueError(f"unknown {info.title} variant(s): {', '.join(unknown)}")
    chosen: dict[str, Any] = {}
    for key, variant in known.items():
        value = variants.get(key, variant.default)
        if value not in variant.choices or type(value) is not type(variant.default):
            choices = ", ".join(map(str, variant.choices))
            raise ValueError(f"{variant.label}: {value!r} is not one of {choices}")
        chosen[key] = value
    return GameConfig(players, chosen)


def sample_action(state: NimState, rng: random.Random) -> NimAction:
    return rng.choice(RULES.legal_actions(state))


ENTRY = GameEntry(
    info=RULES.info,
    rules=RULES,
    default_config=default_config,
    sample_action=sample_action,
    make_bot=make_bot,
    scene="tests.nimgame.scene:NimScene",
)
