"""Faulty Nim: Nim whose rules raise in some games, for the tools that must
report an exception with the seed that reproduces it and go on (tools/selfplay.py,
tools/soak.py). Registered only by the tests, as ``tests.nimgame.faulty:ENTRY``.

The fault depends on the game alone, so it reproduces from the seed: in a game
whose heaps start with an odd number of stones, the third take raises.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from tabletop.core.bots import Bot, RandomBot
from tabletop.core.game import GameConfig, GameEntry
from tests.nimgame.rules import NimAction, NimRules, NimState, Take

#: the take that raises (counted from 1) in a game with an odd number of stones
FAULTY_TAKE = 3


class FaultyNimRules(NimRules):
    info = dataclasses.replace(NimRules.info, name="faultynim", title="Faulty Nim")

    def apply(self, state: NimState, action: NimAction) -> NimState:
        if isinstance(action, Take) and state.initial % 2 and state.takes == FAULTY_TAKE - 1:
            raise RuntimeError(f"faulty nim: take {FAULTY_TAKE} of {state.initial} stones")
        return super().apply(state, action)


RULES = FaultyNimRules()


def faults(state: NimState) -> bool:
    """Whether the game set up as ``state`` raises (when it lasts three takes)."""
    return bool(state.initial % 2)


def sample_action(state: NimState, rng: random.Random) -> NimAction:
    return rng.choice(RULES.legal_actions(state))


def default_config(players: int, **variants: Any) -> GameConfig:
    return RULES.info.config(players, **variants)


def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    """Every level plays at random: the bots are not what this game tests."""
    return RandomBot(RULES, seat, seed)


ENTRY = GameEntry(
    info=RULES.info,
    rules=RULES,
    sample_action=sample_action,
    make_bot=make_bot,
    scene="tests.nimgame.scene:scene",
)
