"""Uchronicle: every card played must win its trick, by changing the rules if
need be (model.py, solver.py, rules.py). Not registered in tabletop.games yet:
the bot and the scene come next."""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.uchronicle.model import DECK, UchronicleAction, UchronicleState
from tabletop.games.uchronicle.rules import RULES

__all__ = ["RULES", "default_config", "determinize", "sample_action"]


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the variant is ``expert`` (False)."""
    return RULES.info.config(players, **variants)


def sample_action(state: UchronicleState, rng: Random) -> UchronicleAction:
    """A uniformly random legal action."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]


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
