"""Phantom Rummy (Gen'ei Kitan): a mahjong-like card game for 2-4 players.

``rules.py`` holds the rules, and ``determinize`` and ``unseen_cards``
beside ``view`` (so the bot imports them from there); this module the entry's
pure helpers; the registry entry is in ``tabletop/games/__init__.py``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.hands import distance_to_goal
from tabletop.games.phantom_rummy.model import (
    ClaimGain,
    ClaimGoal,
    Discard,
    Goal,
    Open,
    PhantomAction,
    PhantomState,
    Ready,
    Take,
)
from tabletop.games.phantom_rummy.rules import PhantomRules, determinize, unseen_cards

__all__ = ["RULES", "default_config", "determinize", "sample_action", "unseen_cards"]

RULES = PhantomRules()


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the one variant is ``advanced`` (R8)."""
    return RULES.info.config(players, **variants)


#: how often sample_action picks uniformly among the legal actions; otherwise
#: it picks among those that leave the hand nearest a goal
UNIFORM = 0.1


def sample_action(state: PhantomState, rng: Random) -> PhantomAction:
    """A random legal action for playouts (the harness, the bench's random
    games): a goal whenever one is offered; otherwise one chosen uniformly
    (one time in ten) or among the actions that leave the mover's hand
    nearest a goal (its distance, an opening, a gain or a ready counted half
    a card nearer). Uniform play almost never scores: every short game ran
    the pile out after 200-270 actions, and the scoring paths went untried."""
    legal = RULES.legal_actions(state)
    for action in legal:
        if isinstance(action, (Goal, ClaimGoal)):
            return action
    if len(legal) == 1 or rng.random() < UNIFORM:
        return legal[rng.randrange(len(legal))]
    seat = RULES.to_move(state)
    assert seat is not None
    hand = state.hands[seat]
    assert hand is not None
    opened = bool(state.opened[seat])
    scores = [_nearness(hand, opened, action) for action in legal]
    best = min(scores)
    choices = [a for a, s in zip(legal, scores, strict=True) if s == best]
    return choices[rng.randrange(len(choices))]


def _nearness(hand: tuple[Card, ...], opened: bool, action: PhantomAction) -> float:
    """How far from a goal ``action`` leaves ``hand`` (see sample_action)."""
    if isinstance(action, Take):
        return distance_to_goal((*hand, action.card), opened).cards
    if isinstance(action, (Discard, Ready)):
        kept = [c for c in hand if c != action.card]
        return distance_to_goal(kept, opened).cards - (0.5 if isinstance(action, Ready) else 0)
    if isinstance(action, (Open, ClaimGain)):
        kept = [c for c in hand if c not in action.cards]
        return distance_to_goal(kept, True).cards - 0.5
    return distance_to_goal(hand, opened).cards
