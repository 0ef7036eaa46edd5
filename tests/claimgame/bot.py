"""Bots for Claim the Discard: random, a heuristic, and ISMCTS over re-dealt hands."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from tabletop.core.bots import Bot, ISMCTSBot, RandomBot
from tests.claimgame.rules import (
    Claim,
    ClaimAction,
    ClaimRules,
    ClaimState,
    Discard,
    Pass,
    Phase,
    deck,
    matching,
)

RULES = ClaimRules()


def determinize(view: ClaimState, seat: int, rng: random.Random) -> ClaimState:
    """A full state consistent with what ``seat`` knows.

    Kept: the seat's own hand and own answer, and the public record (hand
    sizes, stock size, pile, pairs, the offer, who has been asked). Dealt
    afresh: every card the seat has not seen, to the other hands by their
    sizes and to the stock, and a sealed answer for every other seat that has
    answered (a claim only where the dealt hand could make it). Nothing the
    view holds about another hand, the stock or another answer is read.
    """
    mine = view.hands[seat]
    if mine is None:
        raise ValueError(f"seat {seat}'s view does not show its own hand")
    seen = set(mine) | set(view.pile) | {c for laid in view.pairs for pair in laid for c in pair}
    if view.offer is not None:
        seen.add(view.offer)
    pool = [c for c in deck() if c not in seen]
    rng.shuffle(pool)
    hands: list[tuple | None] = []
    at = 0
    for s, size in enumerate(view.hand_sizes):
        if s == seat:
            hands.append(mine)
        else:
            hands.append(tuple(sorted(pool[at : at + size])))
            at += size
    stock = tuple(pool[at:])
    if len(stock) != view.stock_size:
        raise ValueError(f"the view leaves {len(stock)} cards for a stock of {view.stock_size}")
    answers: list[bool | None] = [None] * view.players
    if view.phase is Phase.CLAIMS:
        assert view.offer is not None
        for s in view.order()[: view.asked]:
            if s == seat:
                answers[s] = view.answers[seat]
            else:
                hand = hands[s]
                can = hand is not None and matching(hand, view.offer) is not None
                answers[s] = can and rng.random() < 0.5
    return replace(view, hands=tuple(hands), stock=stock, answers=tuple(answers))


def heuristic_choice(view: ClaimState, seat: int) -> ClaimAction:
    """Claim whenever possible. Discard a card whose rank is mostly out of
    play (fewest copies unseen, so the fewest others could claim it), keeping
    cards that already pair in hand."""
    legal = RULES.legal_actions(view)
    if Claim() in legal:
        return Claim()
    if Pass() in legal:
        return Pass()
    hand = view.hands[seat] or ()
    gone = Counter(c.rank for c in view.pile)
    gone.update(c.rank for laid in view.pairs for pair in laid for c in pair)
    mine = Counter(c.rank for c in hand)
    discards = [a for a in legal if isinstance(a, Discard)]

    def risk(action: Discard) -> tuple[int, int, int, str]:
        rank = action.card.rank
        unseen = 4 - gone[rank] - mine[rank]
        return (unseen, mine[rank], rank, action.card.suit)

    return min(discards, key=risk)


class HeuristicBot:
    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: ClaimState) -> ClaimAction:
        return heuristic_choice(view, self.seat)


def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    """A bot of ``level``; every level does a fixed amount of work, so ``timed``
    changes nothing here (the hard bot's budget is its 200 iterations)."""
    if level == "easy":
        return RandomBot(RULES, seat, seed)
    if level == "medium":
        return HeuristicBot(seat, seed)
    if level == "hard":
        return ISMCTSBot(RULES, seat, seed, iterations=200, determinize=determinize)
    raise ValueError(f"unknown bot level {level!r}")
