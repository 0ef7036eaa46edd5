"""tabletop/core/shapes.py: an action's shape, checked before a game reads it."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from tabletop.core import shapes


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (3, None),
        (True, "The heap number must be a whole number, not True."),
        (3.0, "The heap number must be a whole number, not 3.0."),
        ("3", "The heap number must be a whole number, not '3'."),
        (None, "The heap number must be a whole number, not None."),
        (10**100, "The heap number is far too large: 1.0e+100."),
        (-(10**400), "The heap number is far too large: a negative number far too large."),
    ],
)
def test_whole(value: object, reason: str | None) -> None:
    assert shapes.whole(value, "heap number") == reason


def test_whole_in_a_range() -> None:
    assert shapes.whole(6, "number", 1, 6) is None
    assert shapes.whole(7, "number", 1, 6) == "The number must be from 1 to 6, not 7."
    assert shapes.whole(0, "count", 1) == "The count must be at least 1, not 0."
    assert shapes.whole(10**9, "count", 1) == "The count is far too large: 1000000000."
    assert shapes.whole(5, "seat", high=3) == "The seat must be at most 3, not 5."


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        (1800, None),
        (1800.5, None),
        (-0.0, None),
        (False, "The speed must be a number, not False."),
        ("fast", "The speed must be a number, not 'fast'."),
        ((1.0,), "The speed must be a number, not a tuple."),
        (math.nan, "The speed must be a finite number, not NaN."),
        (-math.inf, "The speed must be a finite number, not minus infinity."),
        (10**400, "The speed must be a finite number, not a number far too large."),
        (10**308, "The speed is far too large: 1.0e+308 mm/s."),
        (1e9, "The speed is far too large: 1000000000.0 mm/s."),
    ],
)
def test_real(value: object, reason: str | None) -> None:
    assert shapes.real(value, "speed", " mm/s") == reason


def test_flag_and_one_of() -> None:
    assert shapes.flag(False, "flip") is None
    assert shapes.flag(1, "flip") == "The flip must be yes or no, not 1."
    assert shapes.one_of("a", "abcd", "suit") is None
    assert shapes.one_of("e", "abcd", "suit") == "The suit must be one of a, b, c, d, not 'e'."
    assert shapes.one_of(True, (1, 2), "size") == "The size must be one of 1, 2, not True."


def test_predicates() -> None:
    assert shapes.is_whole(5) and not shapes.is_whole(True) and not shapes.is_whole(5.0)
    assert not shapes.is_whole(10**9)
    assert shapes.is_real(5) and shapes.is_real(0.5) and not shapes.is_real(True)
    assert not shapes.is_real(math.nan) and not shapes.is_real(10**400)


@dataclass(frozen=True)
class _Take:
    count: int

    def malformed(self) -> str | None:
        return shapes.whole(self.count, "number of stones", 1)


@dataclass(frozen=True)
class _Pass:
    pass


def test_malformed_asks_the_class_then_the_action() -> None:
    ours = (_Take, _Pass)
    assert shapes.malformed(_Take(2), ours, "Not ours.") is None
    assert shapes.malformed(_Pass(), ours, "Not ours.") is None
    assert shapes.malformed(_Take(True), ours, "Not ours.") == (
        "The number of stones must be a whole number, not True."
    )
    for other in (None, "take", (2,), _Take, 2):
        assert shapes.malformed(other, ours, "Not ours.") == "Not ours."
