"""Uchronicle: every card played must win its trick, by changing the rules if
need be (model.py, solver.py, rules.py; bot.py, scene.py). What the registry
entry in tabletop/games/__init__.py takes from the rules: the rules object,
default_config, sample_action and determinize (written in rules.py beside
view, so the bot imports it from there)."""

from __future__ import annotations

from random import Random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import DeadEnd, Play, UchronicleAction, UchronicleState
from tabletop.games.uchronicle.rules import RULES, determinize

__all__ = ["RULES", "default_config", "determinize", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the variant is ``expert`` (False)."""
    return RULES.info.config(players, **variants)


def sample_action(state: UchronicleState, rng: Random) -> UchronicleAction:
    """A random legal action, found without listing them all: a card drawn
    uniformly from those in hand that can win, then a rules state drawn
    uniformly from those that make it win, with that state's cheapest removal
    (so not every action is equally likely: a dearer removal is never drawn).
    In an expert dead end (U7), any card with any rules state."""
    seat = state.turn
    assert seat is not None, "the game is over"
    hand = list(state.hands[seat] or ())
    rng.shuffle(hand)
    for card in hand:
        states = solver.winning_rules(state, card)
        if states:
            option = solver.cheapest(state, card, states[rng.randrange(len(states))])
            assert option is not None
            return Play(card, option.rules, option.removal)
    every = solver.rules_states(True)
    return DeadEnd(hand[0], every[rng.randrange(len(every))])
