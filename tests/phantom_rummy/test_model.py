"""Phantom Rummy's actions check their own shape before the rules read them
(refusing wrong types, NaN, huge numbers and cards the deck does not hold,
accepting every well-formed action), print without raising, and the state
with an open claim window and a finished short game round-trips through the
save codec."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pytest

from tabletop.core import codec
from tabletop.games.phantom_rummy.cards import DECK, Card, parse_cards
from tabletop.games.phantom_rummy.model import (
    ACTION_CLASSES,
    MATCH_LENGTH,
    ClaimGain,
    ClaimGoal,
    ClaimWindow,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomState,
    Phase,
    Ready,
    ShortGame,
    Source,
    Take,
    malformed_action,
    new_short_game,
    parse_action,
    row_size,
)
from tabletop.games.phantom_rummy.rules import PhantomRules
from tests.nimgame.rules import Take as NimTake

#: two look-alike black Sword 4s (S4c, S4d) are different cards
A, B, C, D = parse_cards("S4c S4d M1a ICd")


GOOD = [
    Take(A),
    Goal(),
    Open((A, B, C)),
    Discard(A),
    Ready(B),
    ClaimGoal(),
    ClaimGain((C, D)),
    Pass(),
]

BAD_CARDS: list[Any] = [
    None,
    True,
    1,
    1.0,
    math.nan,
    10**400,
    "Moon 5",
    (A,),
    Card(100),
    Card(-1),
    Card(10**400),
    Card(math.nan),  # type: ignore[arg-type]
    Card(True),
    Card(1.0),  # type: ignore[arg-type]
    Card("S4a"),  # type: ignore[arg-type]
    Card([1]),  # type: ignore[arg-type]
]


def refuses(action: object) -> str:
    why = malformed_action(action)
    assert isinstance(why, str) and 0 < len(why) <= 200, why
    str(action)  # printing a malformed action never raises
    return why


@pytest.mark.parametrize("action", GOOD, ids=str)
def test_every_well_formed_action_is_accepted_and_prints_as_notation(action: object) -> None:
    assert malformed_action(action) is None
    assert str(action).split()[0] in {
        "take",
        "goal",
        "open",
        "discard",
        "ready",
        "claim",
        "gain",
        "pass",
    }


def test_the_notation_names_the_cards_and_reads_back() -> None:
    assert str(Take(A)) == "take S4c"
    assert str(Open((A, B, C))) == "open S4c+S4d+M1a"
    assert str(ClaimGain((C, D))) == "gain M1a+ICd"
    assert str(Ready(B)) == "ready S4d"
    assert str(ClaimGoal()) == "claim goal"
    for action in GOOD:
        assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text", ["", "take", "take S9a", "open S4c+S4d", "gain S4c", "claim", "goal now", "draw S4c"]
)
def test_parse_action_refuses_what_is_no_action(text: str) -> None:
    with pytest.raises(ValueError):
        parse_action(text)


def test_every_action_class_is_covered() -> None:
    assert {type(a) for a in GOOD} == set(ACTION_CLASSES)


@pytest.mark.parametrize("bad", range(len(BAD_CARDS)))
@pytest.mark.parametrize("make", [Take, Discard, Ready], ids=lambda c: c.__name__)
def test_a_single_card_action_refuses_anything_but_a_deck_card(make: Any, bad: int) -> None:
    refuses(make(BAD_CARDS[bad]))


@pytest.mark.parametrize("bad", range(len(BAD_CARDS)))
def test_open_and_gain_refuse_a_bad_card_in_any_place(bad: int) -> None:
    card = BAD_CARDS[bad]
    for cards in ((card, B, C), (A, card, C), (A, B, card)):
        refuses(Open(cards))
    for pair in ((card, D), (C, card)):
        refuses(ClaimGain(pair))


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Open((A, B)), "must be 3 cards, not 2"),
        (Open((A, B, C, D)), "must be 3 cards, not 4"),
        (Open((A, A, B)), "names one card twice"),
        (Open([A, B, C]), "must be a tuple of cards"),  # type: ignore[arg-type]
        (Open(None), "must be a tuple of cards"),  # type: ignore[arg-type]
        (ClaimGain((C,)), "must be 2 cards, not 1"),
        (ClaimGain((C, C)), "names one card twice"),
        (ClaimGain("C+D"), "must be a tuple of cards"),  # type: ignore[arg-type]
        (Take(None), "That is not a card."),  # type: ignore[arg-type]
        (Take(Card(100)), "There is no such card in the deck."),
    ],
    ids=str,
)
def test_a_refusal_says_what_is_wrong(action: object, words: str) -> None:
    assert words in refuses(action)


@pytest.mark.parametrize("other", [None, (), "take", NimTake(0, 1), A, Phase.TAKE], ids=repr)
def test_anything_else_is_not_a_phantom_rummy_move(other: object) -> None:
    assert refuses(other) == "That is not a Phantom Rummy move."


def test_the_claim_window_asks_every_other_seat_in_turn_order_after_the_discarder() -> None:
    # ruling R4: every seat but the discarder, goal claims before gains
    window = ClaimWindow(
        discarder=2, card=A, asked=3, answers=(ClaimGain((C, D)), ClaimGoal(), None, Pass())
    )
    assert window.order() == (3, 0, 1)
    assert window.winner() == (1, ClaimGoal())
    gains = dataclasses.replace(
        window, answers=(ClaimGain((C, D)), Pass(), None, ClaimGain((B, C)))
    )
    assert gains.winner() == (3, ClaimGain((B, C)))
    passes = dataclasses.replace(window, answers=(Pass(), Pass(), None, Pass()))
    assert passes.winner() is None
    assert dataclasses.replace(window, asked=0).asking() == 3


def test_the_match_lengths_are_ruling_r7s() -> None:
    assert MATCH_LENGTH == {2: (6, 24), 3: (6, 18), 4: (8, 12)}
    assert [row_size(n) for n in (2, 3, 4)] == [3, 4, 5]


def state() -> PhantomState:
    """A 3-player position mid-claim, with a short game already scored."""
    cards = list(DECK)
    hands = tuple(tuple(cards[7 * s : 7 * s + 7]) for s in range(3))
    return PhantomState(
        players=3,
        advanced=True,
        seed=12,
        short_game=2,
        dealer=1,
        turn=1,
        phase=Phase.CLAIMS,
        hands=hands,
        hand_sizes=(7, 7, 7),
        row=tuple(cards[21:24]),
        pile=tuple(cards[30:]),
        pile_size=len(cards) - 30,
        opened=((), (tuple(cards[24:27]),), ()),
        discards=((), (cards[27], cards[28]), (cards[29],)),
        ready=(False, False, True),
        taken=None,
        claim=ClaimWindow(discarder=1, card=cards[28], asked=1, answers=(None, None, Pass())),
        scores=(0, 5, 0),
        results=(
            ShortGame(
                goal=1,
                discarder=None,
                points=(0, 5, 0),
                sources=(
                    Source("sets", 1),
                    Source("red", 2, (cards[0], cards[1])),
                    Source("bonus", 2, (cards[2], cards[3])),
                ),
                flips=(cards[40], cards[41]),
            ),
            ShortGame(goal=None, discarder=None, points=(0, 0, 0)),
        ),
    )


def test_the_state_round_trips_through_the_save_codec() -> None:
    full = state()
    PhantomRules().invariants(full)  # a position the rules could reach
    assert codec.loads(codec.dumps(full)) == full
    assert full.claim is not None
    view = dataclasses.replace(
        full,
        seed=None,
        pile=None,
        hands=(None, full.hands[1], None),
        claim=dataclasses.replace(full.claim, answers=(None, None, None)),
        viewer=1,
    )
    assert codec.loads(codec.dumps(view)) == view
    for action in GOOD:
        assert codec.loads(codec.dumps(action)) == action


def test_the_state_helpers_read_the_window_and_the_open_sets() -> None:
    full = state()
    assert full.asking() == 0  # seat 2 answered; seat 0 is asked next
    assert full.open_cards(1) == tuple(DECK[24:27])
    assert full.match_length() == (6, 18)
    assert dataclasses.replace(full, phase=Phase.TAKE, claim=None).asking() is None


def test_a_short_game_is_dealt_from_the_seed_with_every_card_once() -> None:
    for players in (2, 3, 4):
        dealt = new_short_game(
            players, False, seed=7, short_game=2, dealer=1, scores=(0,) * players
        )
        hands = [h for h in dealt.hands if h is not None]
        assert [len(h) for h in hands] == [7] * players
        assert all(list(h) == sorted(h) for h in hands)
        assert len(dealt.row) == players + 1
        assert dealt.pile is not None and dealt.pile_size == len(dealt.pile)
        every = [c for h in hands for c in h] + list(dealt.row) + list(dealt.pile)
        assert sorted(every) == sorted(DECK)
        assert (dealt.turn, dealt.phase, dealt.claim) == (1, Phase.TAKE, None)
        assert codec.loads(codec.dumps(dealt)) == dealt
    again = new_short_game(3, False, seed=7, short_game=2, dealer=1, scores=(0, 0, 0))
    assert again == new_short_game(3, False, seed=7, short_game=2, dealer=1, scores=(0, 0, 0))
    assert again.pile != new_short_game(3, False, 7, 3, 1, (0, 0, 0)).pile
    with pytest.raises(ValueError):
        new_short_game(5, False, 7, 1, 0, (0,) * 5)
