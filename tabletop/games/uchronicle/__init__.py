"""Uchronicle: every card played must win its trick, by changing the rules if
need be (model.py, solver.py, rules.py). Not registered in tabletop.games yet:
the bot and the scene come next."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import DECK, DeadEnd, Play, UchronicleAction, UchronicleState
from tabletop.games.uchronicle.rules import RULES

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


def determinize(view: UchronicleState, seat: int, rng: Random) -> UchronicleState:
    """A full state ``seat`` cannot tell from ``view``: its own hand and the
    history as they are; every card it has not seen (other hands, the deck,
    and the removed cards, whose faces nobody sees) dealt afresh, and a fresh
    seed for the rounds to come."""
    own = view.hands[seat] or ()
    seen = set(own) | {p.card for t in (*view.tricks, view.trick) for p in t}
    unseen = [c for c in DECK if c not in seen]
    rng.shuffle(unseen)
    removed = []
    for s in range(view.players):
        removed.append(tuple(sorted(unseen[: view.points[s]])))
        del unseen[: view.points[s]]
    hands: list[tuple[Any, ...]] = []
    for s in range(view.players):
        if s == seat:
            hands.append(tuple(own))
            continue
        hands.append(tuple(sorted(unseen[: view.hand_sizes[s]])))
        del unseen[: view.hand_sizes[s]]
    return replace(
        view,
        seed=rng.randrange(2**31),
        hands=tuple(hands),
        removed=tuple(removed),
        deck=tuple(unseen),
        viewer=None,
    )
