"""Bots for Uchronicle: easy (a cheapest play at random), medium (a cheapest
play that leaves the next player worst off), hard (ISMCTS over the unseen
hands, to the end of the round).

Every bot is a function of its view and owns its randomness. A play's cost is
the cards it takes (its negative points, U4-U6): ``legal_actions`` already
offers each card with each rules state at its cheapest removal.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from tabletop.core import rng as rngmod
from tabletop.core.bots import Bot
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    DECK,
    Card,
    DeadEnd,
    UchronicleAction,
    UchronicleState,
)
from tabletop.games.uchronicle.rules import RULES, dead_end_taken

# -- costs ----------------------------------------------------------------------


def cost(state: UchronicleState, action: UchronicleAction) -> int:
    """The negative points ``action`` takes in ``state``."""
    if isinstance(action, DeadEnd):
        return len(dead_end_taken(state, action.card))
    return len(solver.taken_by(state, action.card, action.removed))


def costed(state: UchronicleState) -> list[tuple[int, UchronicleAction]]:
    """Every legal action with its cost, in ``legal_actions``' order."""
    return [(cost(state, a), a) for a in RULES.legal_actions(state)]


def cheapest_actions(state: UchronicleState) -> list[UchronicleAction]:
    """The legal actions of the lowest cost."""
    pairs = costed(state)
    low = min(c for c, _ in pairs)
    return [a for c, a in pairs if c == low]


def unseen_cards(view: UchronicleState, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen: the other hands, the deck and the
    removed cards (face down), from its hand and the history alone."""
    seen = set(view.hands[seat] or ())
    seen.update(p.card for t in (*view.tricks, view.trick) for p in t)
    return [c for c in DECK if c not in seen]


# -- easy -------------------------------------------------------------------------


class EasyBot:
    """A random play among the cheapest."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "uchronicle-easy", seat)

    def choose(self, view: UchronicleState) -> UchronicleAction:
        plays = cheapest_actions(view)
        return plays[self.rng.randrange(len(plays))]


# -- medium ------------------------------------------------------------------------


def card_cost(state: UchronicleState, card: Card) -> int:
    """The fewest negative points that make ``card`` win in ``state`` (its
    cheapest option; a dead end's count when none)."""
    options = solver.options(state, card)
    if options:
        return options[0].cost
    return len(dead_end_taken(state, card))


def expected_least(costs: Sequence[int], hand_size: int) -> float:
    """The expected least of ``hand_size`` costs drawn without replacement from
    ``costs``: what a player holding that many of those cards pays at best."""
    n = len(costs)
    k = min(hand_size, n)
    if k <= 0:
        return 0.0
    total = comb(n, k)
    ordered = sorted(costs)
    # P(least >= ordered[i]) = C(n - i, k) / C(n, k) over the sorted costs
    value = 0.0
    prev = 0
    for i, c in enumerate(ordered):
        if c > prev:
            value += (c - prev) * comb(n - i, k) / total
            prev = c
    return value


def pain(after: UchronicleState, seat: int, pool: Sequence[Card]) -> float:
    """What the play that led to ``after`` costs the next player to move, if it
    is not ``seat``: the least they can expect to pay with a hand drawn from
    ``pool`` (the cards ``seat`` has not seen)."""
    nxt = after.turn
    if nxt is None or nxt == seat:
        return 0.0
    costs = [card_cost(after, c) for c in pool]
    return expected_least(costs, after.hand_sizes[nxt])


def medium_choice(view: UchronicleState, seat: int) -> UchronicleAction:
    """The cheapest play; among equal costs, the one that leaves the next
    player the dearest best answer (:func:`pain`). Ties keep
    ``legal_actions``' order, so the choice is deterministic."""
    plays = cheapest_actions(view)
    if len(plays) == 1:
        return plays[0]
    pool = unseen_cards(view, seat)
    best, best_pain = plays[0], -1.0
    for action in plays:
        value = pain(RULES.apply_legal(view, action), seat, pool)
        if value > best_pain:
            best, best_pain = action, value
    return best


class MediumBot:
    """Deterministic: :func:`medium_choice` on its view."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: UchronicleState) -> UchronicleAction:
        return medium_choice(view, self.seat)


# -- the factory ------------------------------------------------------------------


def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    """A bot of ``level`` for ``seat``; ``timed=False`` drops the seconds and
    keeps the iteration cap (tests, golden files, tools)."""
    if level == "easy":
        return EasyBot(seat, seed)
    if level in ("medium", "hard"):
        return MediumBot(seat, seed)
    raise ValueError(f"unknown bot level {level!r}")


def level_notes() -> dict[str, str]:
    """Each level in words, for the setup screen."""
    return {
        "easy": "Plays one of its cheapest cards at random.",
        "medium": "Plays a cheapest card, choosing the one that leaves the next player "
        "the dearest answer.",
        "hard": "For now plays as the medium bot.",
    }


__all__ = ["EasyBot", "MediumBot", "level_notes", "make_bot"]
