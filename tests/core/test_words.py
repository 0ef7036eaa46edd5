"""tabletop/core/words.py: ordinals and plurals, the one home for both."""

from __future__ import annotations

import pytest

from tabletop.core.words import ordinal, plural, quote


@pytest.mark.parametrize(
    "n, text",
    [
        (0, "0th"),
        (1, "1st"),
        (2, "2nd"),
        (3, "3rd"),
        (4, "4th"),
        (9, "9th"),
        (10, "10th"),
        (11, "11th"),
        (12, "12th"),
        (13, "13th"),
        (20, "20th"),
        (21, "21st"),
        (22, "22nd"),
        (23, "23rd"),
        (24, "24th"),
        (100, "100th"),
        (101, "101st"),
        (111, "111th"),
        (112, "112th"),
        (113, "113th"),
        (122, "122nd"),
    ],
)
def test_ordinal(n: int, text: str) -> None:
    assert ordinal(n) == text


@pytest.mark.parametrize(
    "args, text",
    [
        ((1, "card"), "1 card"),
        ((2, "card"), "2 cards"),
        ((0, "card"), "0 cards"),
        ((1, "match", "matches"), "1 match"),
        ((3, "match", "matches"), "3 matches"),
        ((1, "move left", "moves left"), "1 move left"),
        ((4, "move left", "moves left"), "4 moves left"),
        ((-1, "point"), "-1 points"),
    ],
)
def test_plural(args: tuple, text: str) -> None:
    assert plural(*args) == text


# -- quote: what a refusal may quote -----------------------------------------------------


@pytest.mark.parametrize(
    ("value", "unit", "text"),
    [
        (10**308, " mm/s", "1.0e+308 mm/s"),  # a 309-digit speed
        (1e308, " mm/s", "1.0e+308 mm/s"),
        (10**309, " mm/s", "a number far too large"),
        (-(10**400), "", "a negative number far too large"),
        (10**5000, "", "a number far too large"),  # str() of it would raise
        (3000, " mm/s", "3000 mm/s"),
        (3000.5, " mm/s", "3000.5 mm/s"),
        (12.345, "°", "12.35°"),
        (1.0, "", "1.0"),
        (-0.0, "", "0.0"),
        (-0.001, "", "-0.001"),
        (2**60, "", "1.2e+18"),
        (float("nan"), " mm/s", "NaN"),
        (float("inf"), "", "infinity"),
        (float("-inf"), "°", "minus infinity"),
        (True, "", "True"),
        (None, " mm/s", "None"),
        ("fast", "", "'fast'"),
        ("x" * 10_000, "", "'" + "x" * 23 + "…'"),
        ((1, 2), "", "a tuple"),
        (object(), "", "an object"),
    ],
    ids=lambda v: v if isinstance(v, str) and len(v) < 30 else "",
)
def test_quote_rounds_and_caps_what_it_shows(value: object, unit: str, text: str) -> None:
    assert quote(value, unit) == text


def test_quote_never_raises() -> None:
    class Broken:
        def __format__(self, spec: str) -> str:
            raise RuntimeError("no")

    class HugeName(int):
        pass

    assert quote(Broken()) == "a Broken"
    assert quote(HugeName(10**500)) == "a number far too large"
    assert quote(3, digits=0) == "3" and quote(2.25, digits=1) == "2.2"


def test_words_said_to_a_seat_named_you_agree_with_it() -> None:
    """A lesson's person sits as "You": the log, the end and the summaries
    speak to them ("You play", "your card"), and to nobody else."""
    from tabletop.core.words import addressed

    names = ["You", "Bob"]
    assert addressed("You plays yellow 5. Bob passes.", names) == "You play yellow 5. Bob passes."
    assert addressed("You passes. Round to Bob.", names) == "You pass. Round to Bob."
    assert addressed("You goes out: 1st.", names) == "You go out: 1st."
    assert addressed("You has 3 cards; You wins.", names) == "You have 3 cards; You win."
    assert addressed("Nobody claims You's Moon 1.", names) == "Nobody claims your Moon 1."
    assert addressed("You's disc leaves. You's turn.", names) == "Your disc leaves. Your turn."
    assert addressed("Round to You. You: 10 cards", names) == "Round to You. You: 10 cards"
    assert addressed("You plays", ["Ann", "Bob"]) == "You plays"  # nobody is called You
