"""Phantom Rummy (Gen'ei Kitan): a mahjong-like card game for 2-4 players.

``rules.py`` holds the rules; this module the entry's pure helpers. The game
is not registered yet (no bot and no scene).
"""

from __future__ import annotations

from dataclasses import replace
from random import Random
from typing import Any

from tabletop.core.bots import deal_unseen
from tabletop.core.game import GameConfig
from tabletop.games.phantom_rummy.cards import DECK, Card
from tabletop.games.phantom_rummy.model import Pass, PhantomAction, PhantomState
from tabletop.games.phantom_rummy.rules import PhantomRules

__all__ = ["RULES", "default_config", "determinize", "sample_action", "unseen_cards"]

RULES = PhantomRules()


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the one variant is ``advanced`` (R8)."""
    return RULES.info.config(players, **variants)


def sample_action(state: PhantomState, rng: Random) -> PhantomAction:
    """A uniformly random legal action."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def unseen_cards(view: PhantomState, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see: the other hands and the pile, in deck order."""
    mine = view.hands[seat]
    if mine is None:
        raise ValueError(f"seat {seat}'s view does not show its own hand")
    seen = set(mine) | set(view.row)
    seen |= {c for d in view.discards for c in d}
    seen |= {c for s in range(view.players) for c in view.open_cards(s)}
    return [c for c in DECK if c not in seen]


def determinize(view: PhantomState, seat: int, rng: Random) -> PhantomState:
    """A full state consistent with what ``seat`` knows: its own hand and the
    table kept; the unseen cards dealt afresh to the other hands (by their
    sizes) and the pile; a random seed for later deals (the real one is
    secret); and the sealed answers of the seats already asked read as Pass
    (nothing the view holds about them is read)."""
    mine = view.hands[seat]
    if mine is None:
        raise ValueError(f"seat {seat}'s view does not show its own hand")
    hands, rest = deal_unseen(unseen_cards(view, seat), view.hand_sizes, seat, mine, rng)
    pile = tuple(rest)
    if len(pile) != view.pile_size:
        raise ValueError(f"the view leaves {len(pile)} cards for the pile, not {view.pile_size}")
    claim = view.claim
    if claim is not None:
        asked = set(claim.order()[: claim.asked])
        answers = tuple(
            claim.answers[s] if s == seat else (Pass() if s in asked else None)
            for s in range(view.players)
        )
        claim = replace(claim, answers=answers)
    return replace(
        view,
        seed=rng.getrandbits(62),
        hands=hands,
        pile=pile,
        claim=claim,
        viewer=None,
    )
