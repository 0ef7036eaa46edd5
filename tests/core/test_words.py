"""tabletop/core/words.py: ordinals and plurals, the one home for both."""

from __future__ import annotations

import pytest

from tabletop.core.words import ordinal, plural


@pytest.mark.parametrize(
    "n, text",
    [
        (0, "0th"), (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (9, "9th"),
        (10, "10th"), (11, "11th"), (12, "12th"), (13, "13th"), (20, "20th"),
        (21, "21st"), (22, "22nd"), (23, "23rd"), (24, "24th"), (100, "100th"),
        (101, "101st"), (111, "111th"), (112, "112th"), (113, "113th"), (122, "122nd"),
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
