"""Uchronicle positions built by hand for the solver's tests and bench."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tabletop.games.uchronicle.model import (
    DECK,
    Card,
    Played,
    RulesState,
    UchronicleState,
    parse_card,
    parse_rules,
)


def trick(*cards: str, first_seat: int | None = 0, players: int = 3) -> tuple[Played, ...]:
    """A trick from notation (``"A2 A5"`` or ``"A2", "A5"``); seats follow on from ``first_seat`` (None: the
    first card is the 2-player deck card, the others by seats 0, 1)."""
    out = []
    for i, text in enumerate(" ".join(cards).split()):
        if first_seat is None:
            seat = None if i == 0 else (i - 1) % players
        else:
            seat = (first_seat + i) % players
        out.append(Played(parse_card(text), seat))
    return tuple(out)


def position(
    tricks: Sequence[tuple[Played, ...]],
    present: tuple[Played, ...] = (),
    *,
    expert: bool = False,
    rules: RulesState | None = None,
    players: int = 3,
    hand: Sequence[Card] = (),
) -> UchronicleState:
    """A state mid-round with these tricks, the seat after the present trick's
    last card to move holding ``hand`` (other hands empty)."""
    turn = (present[-1].seat + 1) % players if present and present[-1].seat is not None else 0
    hands = tuple(tuple(sorted(hand)) if s == turn else () for s in range(players))
    return UchronicleState(
        players=players,
        expert=expert,
        seed=0,
        round=1,
        first_lead=0,
        lead=present[0].seat if present and present[0].seat is not None else 0,
        turn=turn,
        hands=hands,
        hand_sizes=tuple(len(h) for h in hands),
        tricks=tuple(tricks),
        trick=present,
        rules=rules or RulesState(),
        points=(0,) * players,
        totals=(0,) * players,
        removed=((),) * players,
        deck=(),
        deck_size=0,
    )


def random_position(
    rng: random.Random, *, expert: bool, past: int, players: int = 3
) -> tuple[UchronicleState, Card]:
    """``past`` finished tricks of 3 cards in random order, a present trick of
    0-2 cards and a card to play, all distinct cards of the deck."""
    present_size = rng.randrange(3)
    cards = rng.sample(DECK, 3 * past + present_size + 1)
    tricks = [
        tuple(Played(c, (j + i) % players) for j, c in enumerate(cards[3 * i : 3 * i + 3]))
        for i in range(past)
    ]
    present = tuple(Played(c, j) for j, c in enumerate(cards[3 * past : -1]))
    rules = RulesState(
        rng.random() < 0.5,
        rng.choice([None, 0, 1, 2, 3, 4]),
        rng.choice([None, 1, 2, 3, 4, 5, 6]) if expert else None,
    )
    return position(
        tricks, present, expert=expert, rules=rules, players=players, hand=[cards[-1]]
    ), cards[-1]


def ragged_position(rng: random.Random, *, expert: bool) -> tuple[UchronicleState, Card]:
    """Like ``random_position`` with every shape a history takes in play: 2 or
    3 players (2: each trick opens with the deck's card, nobody's), up to 3
    past tricks each thinned to 0-3 cards (as earlier removals leave them),
    and a present trick of what may be there before the card is played."""
    players = rng.choice((2, 3))
    past = rng.randrange(4)
    present_size = rng.randrange(1, 3) if players == 2 else rng.randrange(3)
    cards = rng.sample(DECK, 3 * past + present_size + 1)
    first = None if players == 2 else 0
    tricks = []
    for i in range(past):
        full = trick(*map(str, cards[3 * i : 3 * i + 3]), first_seat=first, players=players)
        keep = rng.randrange(4)
        tricks.append(tuple(sorted(rng.sample(full, keep), key=full.index)))
    present = trick(*map(str, cards[3 * past : -1]), first_seat=first, players=players)
    rules = RulesState(
        rng.random() < 0.5,
        rng.choice([None, 0, 1, 2, 3, 4]),
        rng.choice([None, 1, 2, 3, 4, 5, 6]) if expert else None,
    )
    state = position(tricks, present, expert=expert, rules=rules, players=players, hand=[cards[-1]])
    return state, cards[-1]


def _worst(
    history: str, present: str, card: str, rules: str, expert: bool
) -> tuple[UchronicleState, Card]:
    tricks = [trick(t) for t in history.split(" / ")]
    state = position(
        tricks, trick(present), expert=expert, rules=parse_rules(rules), hand=[parse_card(card)]
    )
    return state, parse_card(card)


#: The slowest last-trick positions found for the solver (3 players, 8 past
#: tricks, none yet in the present trick for expert), by hill climbing over
#: card swaps. Expert: climbed on measured time from the slowest of 200 random
#: positions; the expert solver weighs every rules state for every past trick,
#: so its time hardly depends on the deal (this one, the random ones and the
#: other climbs all lie within about 10 %). Standard: climbed on the search's
#: steps (heap pops: the reviewer's hand-made position took 3,693, this one
#: 3,922). tools/bench.py times both.
WORST = {
    "expert": _worst(
        "B6 C1 A5 / C4 D5 A2 / A3 E4 B2 / B1 E3 E5 / A1 E6 C5 / D3 C3 D4 / B4 A4 C2 / E1 D1 B3",
        "",
        "C6",
        "L/D/3",
        True,
    ),
    "standard": _worst(
        "C4 E3 B6 / A2 E1 D5 / E5 B5 A4 / B2 D2 E2 / B4 D4 C1 / D6 A5 E6 / D1 A1 B1 / C3 A3 D3",
        "C5 B3",
        "E4",
        "L/D",
        False,
    ),
}
