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


def make_bot(level: str, seat: int, seed: int) -> Bot:
    if level == "easy":
        return RandomBot(RULES, seat, seed)
    if level == "medium":
        return ISMCTSBot(RULES, seat, seed, iterations=200, determinize=determinize)
    if level == "hard":
        return ISMCTSBot(
            RULES, seat, seed, iterations=800, time_budget=1.0, determinize=determinize
        )
    raise ValueError(f"unknown bot level {level!r}")
