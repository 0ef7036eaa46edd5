"""Planet etuC refuses malformed actions with a short reason, before it reads
them, and printing one never raises: cards of no colour or number, bools and
floats where whole numbers belong, plays of the wrong size, other games'
actions."""

from __future__ import annotations

import math

import pytest

from tabletop.core import codec
from tabletop.core.game import IllegalAction
from tabletop.games.etuc.rules import Card, EtucRules, Pass, Play
from tabletop.games.planepita.model import Flick
from tests.etuc.positions import position
from tests.nimgame.rules import Take

R = EtucRules()
#: seat 0 leads and holds 1 orange, 1 yellow and 3 green: Card(1, 1) is legal
LEADS = position(["1O 1Y 3G", "5P 2P"])


def refused(state, action, words: str) -> str:  # type: ignore[no-untyped-def]
    """``check`` and ``apply`` refuse ``action`` with one short reason holding
    ``words``, and the state is untouched."""
    reason = R.check(state, action)
    assert isinstance(reason, str) and words in reason, reason
    assert len(reason) <= 200, reason
    before = codec.dumps(state)
    with pytest.raises(IllegalAction) as info:
        R.apply(state, action)
    assert info.value.reason == reason
    assert codec.dumps(state) == before
    return reason


@pytest.mark.parametrize(
    ("card", "words"),
    [
        (Card(1, 6), "colour must be from 0 to 5, not 6"),
        (Card(1, 99), "colour must be from 0 to 5, not 99"),
        (Card(1, -1), "colour must be from 0 to 5, not -1"),
        (Card(1, 10**100), "colour must be from 0 to 5, not 1.0e+100"),
        (Card(1, 1.0), "colour must be a whole number, not 1.0"),
        (Card(1, True), "colour must be a whole number, not True"),
        (Card(1, None), "colour must be a whole number, not None"),
        (Card(1, "O"), "colour must be a whole number, not 'O'"),
        (Card(0, 1), "number must be from 1 to 6, not 0"),
        (Card(7, 1), "number must be from 1 to 6, not 7"),
        (Card(True, 1), "number must be a whole number, not True"),
        (Card(1.0, 1), "number must be a whole number, not 1.0"),
        (Card(math.nan, 1), "number must be a whole number, not NaN"),
        (Card(10**400, 1), "number must be from 1 to 6, not a number far too large"),
        (Card((1,), 1), "number must be a whole number, not a tuple"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_a_malformed_card_is_refused_by_what_is_wrong_with_it(card: Card, words: str) -> None:
    reason = refused(LEADS, Play((card,)), words)
    assert "hold" not in reason  # never "You do not hold 1P." for Card(1, -1)
    assert str(Play((card,))).startswith("play ")  # printing it never raises


@pytest.mark.parametrize("card", [Card(True, 1), Card(1.0, 1), Card(1, True), Card(1, 1.0)])
def test_bools_and_floats_never_pass_for_a_held_card(card: Card) -> None:
    """Card(True, 1) == Card(1, 1) in Python, and 1 orange is held and legal:
    the play is refused all the same, so no bool or float enters a state."""
    assert card == Card(1, 1) and R.check(LEADS, Play((Card(1, 1),))) is None
    refused(LEADS, Play((card,)), "must be a whole number")
    refused(LEADS, Play((card, Card(1, 2))), "must be a whole number")


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Play(()), "Play one card or a pair."),
        (Play((Card(1, 1), Card(1, 2), Card(3, 3))), "Play one card or a pair."),
        (Play((Card(1, 1),) * 1000), "Play one card or a pair."),
        (Play((Card(1, 1), Card(1, 1))), "Play two different cards."),
        (Play(None), "A play is a tuple of cards, not None."),  # type: ignore[arg-type]
        (Play("1O"), "A play is a tuple of cards, not '1O'."),  # type: ignore[arg-type]
        (Play(((1, 1),)), "Play cards, not a tuple."),
        (Play((Card(1, 1), "1Y")), "Play cards, not '1Y'."),  # type: ignore[arg-type]
        (Play((None,)), "Play cards, not None."),  # type: ignore[arg-type]
        (None, "That is not a Planet etuC move."),
        ("pass", "That is not a Planet etuC move."),
        ((Card(1, 1),), "That is not a Planet etuC move."),
        (Card(1, 1), "That is not a Planet etuC move."),
        (Pass, "That is not a Planet etuC move."),
        (Take(1, 1), "That is not a Planet etuC move."),
        (Flick(0.5, 0.0, 1000.0), "That is not a Planet etuC move."),
    ],
    ids=lambda v: v if isinstance(v, str) else None,
)
def test_actions_of_the_wrong_shape_are_refused(action: object, words: str) -> None:
    refused(LEADS, action, words)


def test_a_malformed_play_is_refused_after_the_match_too() -> None:
    # the match is over when nobody is to move
    from dataclasses import replace

    over = replace(LEADS, turn=None)
    refused(over, Play((Card(1, 6),)), "colour")
    refused(over, Play((Card(1, 1),)), "The match is over.")


@pytest.mark.parametrize(
    "action",
    [
        Play((Card(1, 6),)),
        Play((Card(10**400, -(10**400)),)),
        Play((Card(math.inf, "x" * 10_000),)),
        Play(None),  # type: ignore[arg-type]
        Play((object(),)),  # type: ignore[arg-type]
        Play((Card(1, 1),) * 1000),
    ],
    ids=["colour-6", "huge", "inf-and-long-text", "none", "object", "thousand-cards"],
)
def test_printing_a_malformed_play_never_raises_and_stays_short(action: Play) -> None:
    text = str(action)
    assert text.startswith("play ") and len(text) <= 120, text


def test_well_formed_plays_still_print_as_notation_and_sort() -> None:
    assert str(Play((Card(3, 4), Card(3, 3)))) == "play 3G+3B"
    assert Play([Card(3, 4), Card(3, 3)]).cards == (Card(3, 3), Card(3, 4))  # type: ignore[arg-type]
    assert str(Card(5, 5)) == "5P"
