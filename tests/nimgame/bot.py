"""Bots for the test game Nim: random, and ISMCTS over dealt reserves."""

from __future__ import annotations

import dataclasses
import random

from tabletop.core.bots import Bot, ISMCTSBot, RandomBot
from tests.nimgame.rules import RESERVE_MAX, NimRules, NimState

RULES = NimRules()


def determinize(view: NimState, seat: int, rng: random.Random) -> NimState:
    """A full state consistent with what ``seat`` knows: its own reserve and
    the reserves already on the table kept, every other reserve dealt afresh.

    Reserves are dealt independently and uniformly from 0..RESERVE_MAX at setup,
    and nothing in play reveals an unplaced one, so each unseen reserve is still
    uniform. The gift seed is unknown to every seat, so it is drawn too. What
    the view holds for a reserve the seat cannot know is never read.
    """
    reserves = tuple(
        view.reserves[s] if s == seat or view.placed[s] else rng.randint(0, RESERVE_MAX)
        for s in range(view.players)
    )
    return dataclasses.replace(view, reserves=reserves, chance_seed=rng.getrandbits(63))


#: per level, (iterations, seconds) per decision; easy looks at the legal takes once
BUDGETS = {"easy": (1, None), "medium": (200, 0.5), "hard": (800, 1.0)}


def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    """A bot of ``level``; ``timed=False`` keeps the iteration cap alone."""
    if level not in BUDGETS:
        raise ValueError(f"unknown bot level {level!r}")
    if level == "easy":
        return RandomBot(RULES, seat, seed)
    iterations, seconds = BUDGETS[level]
    return ISMCTSBot(
        RULES,
        seat,
        seed,
        iterations=iterations,
        time_budget=seconds if timed else None,
        determinize=determinize,
    )
