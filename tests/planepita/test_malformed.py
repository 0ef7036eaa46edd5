"""Planepita refuses malformed actions with a short reason, before it reads
them: NaN, infinite and huge flick and jammer values, bools and text where
numbers belong, numbers where yes or no belongs, other games' actions. A
refusal quotes a value rounded and short ("1.0e+308 mm/s", "a number far too
large"), never in full, and printing any action never raises."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import pytest

from tabletop.core import codec
from tabletop.core.game import IllegalAction
from tabletop.games.etuc.rules import Play
from tabletop.games.planepita.model import Flick, FlickSpec, Flip, Phase, PlaceJammer
from tabletop.games.planepita.rules import RULES as R
from tests.planepita.positions import D, position

IN4 = (0.0, 130.0)
LAUNCH = position(2)
JAMMER = position(2, [D(*IN4)], phase=Phase.PLACE_JAMMER, jammer=None)
FLIP = position(2, [D(*IN4)], phase=Phase.FLIP)
#: a run of digits this long means a number was printed in full
LONG_NUMBER = re.compile(r"\d{20}")


def refused(state, action, words: str = "") -> str:  # type: ignore[no-untyped-def]
    """``check`` and ``apply`` refuse ``action`` with one short reason (holding
    ``words``) that prints no number in full, and the state is untouched."""
    reason = R.check(state, action)
    assert isinstance(reason, str) and reason and words in reason, reason
    assert len(reason) <= 200 and not LONG_NUMBER.search(reason), reason
    before = codec.dumps(state)
    with pytest.raises(IllegalAction) as info:
        R.apply(state, action)
    assert info.value.reason == reason
    assert codec.dumps(state) == before
    return reason


@pytest.mark.parametrize(
    ("flick", "words"),
    [
        (Flick(0.5, 0.0, 10**308), "1.0e+308 mm/s"),  # a 309-digit speed
        (Flick(0.5, 0.0, 1e308), "1.0e+308 mm/s"),
        (
            Flick(0.5, 0.0, 10**309),
            "The speed must be a finite number, not a number far too large.",
        ),
        (Flick(0.5, 0.0, -(10**400)), "a negative number far too large"),
        (Flick(0.5, 0.0, math.nan), "The speed must be a finite number, not NaN."),
        (Flick(0.5, 0.0, math.inf), "The speed must be a finite number, not infinity."),
        (Flick(0.5, 10**400, 1000.0), "The aim angle must be a finite number"),
        (Flick(0.5, -1e308, 1000.0), "-1.0e+308°"),
        (Flick(0.5, -math.inf, 1000.0), "minus infinity"),
        (Flick(10**309, 0.0, 1000.0), "The pad position must be a finite number"),
        (Flick(1e300, 0.0, 1000.0), "1.0e+300"),
        (Flick(math.nan, 0.0, 1000.0), "The pad position must be a finite number, not NaN."),
        (Flick(0.5, 0.0, 3000.123456), "not 3000.12 mm/s"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_nan_infinite_and_huge_flick_values_are_refused_and_quoted_short(
    flick: Flick, words: str
) -> None:
    refused(LAUNCH, flick, words)


@pytest.mark.parametrize(
    ("spot", "words"),
    [
        ((10**400, 0.0), "The jammer's x must be a finite number, not a number far too large."),
        ((0.0, -(10**400)), "The jammer's y must be a finite number"),
        ((10**308, 0.0), "1.0e+308 mm"),
        ((1e308, 1e308), "1.0e+308 mm"),
        ((math.nan, 0.0), "The jammer's x must be a finite number, not NaN."),
        ((0.0, -math.inf), "minus infinity"),
        (("0", 0.0), "The jammer's x must be a number, not '0'."),
        ((None, 0.0), "must be a number, not None"),
        ((False, 0.0), "must be a number, not False"),
        ((0.0, (0.0,)), "The jammer's y must be a number, not a tuple."),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_nan_infinite_and_huge_jammer_spots_are_refused_and_quoted_short(
    spot: tuple[object, object], words: str
) -> None:
    refused(JAMMER, PlaceJammer(*spot), words)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("state", "action", "words"),
    [
        (LAUNCH, Flick(True, 0.0, 1000.0), "The pad position must be a number, not True."),
        (LAUNCH, Flick(0.5, "12", 1000.0), "The aim angle must be a number, not '12'."),  # type: ignore[arg-type]
        (LAUNCH, Flick(0.5, 0.0, None), "The speed must be a number, not None."),  # type: ignore[arg-type]
        (LAUNCH, Flick(0.5, 0.0, [1000.0]), "The speed must be a number, not a list."),  # type: ignore[arg-type]
        (LAUNCH, Flick(0.5, 0.0, 1000.0, third_party=1), "yes or no, not 1"),  # type: ignore[arg-type]
        (LAUNCH, Flick(0.5, 0.0, 1000.0, double=None), "yes or no, not None"),  # type: ignore[arg-type]
        (FLIP, Flip(1), "yes or no, not 1"),  # type: ignore[arg-type]
        (FLIP, Flip("yes"), "yes or no, not 'yes'"),  # type: ignore[arg-type]
        (FLIP, Flip(0.0), "yes or no, not 0.0"),  # type: ignore[arg-type]
        (LAUNCH, None, "That is not a Planepita action."),
        (LAUNCH, (0.5, 0.0, 1000.0), "That is not a Planepita action."),
        (LAUNCH, Flick, "That is not a Planepita action."),
        (LAUNCH, R.legal_actions(LAUNCH)[0], "That is not a Planepita action."),
        (JAMMER, Play(()), "That is not a Planepita action."),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_actions_of_the_wrong_shape_are_refused(state, action, words: str) -> None:  # type: ignore[no-untyped-def]
    assert not isinstance(action, FlickSpec) or words.startswith("That is not")
    refused(state, action, words)


def test_a_malformed_action_after_the_game_is_refused() -> None:
    over = replace(LAUNCH, phase=Phase.OVER)
    refused(over, Flick(0.5, 0.0, math.nan))
    refused(over, Flick(0.5, 0.0, 1000.0), "The game is over.")
    refused(over, PlaceJammer(0.0, 0.0), "The game is over.")


@pytest.mark.parametrize(
    "action",
    [
        Flick(10**400, "x" * 10_000, None, 2, "y"),  # type: ignore[arg-type]
        Flick(0.5, 0.0, 10**400),
        Flick(0.5, math.inf, math.nan),
        PlaceJammer(math.nan, 10**400),
        PlaceJammer("here", None),  # type: ignore[arg-type]
        Flip("yes"),  # type: ignore[arg-type]
    ],
    ids=["garbage", "huge-speed", "nan-inf", "jammer-nan-huge", "jammer-text", "flip-text"],
)
def test_printing_a_malformed_action_never_raises_and_stays_short(action: object) -> None:
    text = str(action)
    assert text and len(text) <= 160 and not LONG_NUMBER.search(text), text


def test_well_formed_actions_print_as_before() -> None:
    assert str(Flick(0.35, 12.0, 1800.0)) == "flick pad=0.35 angle=12.0 speed=1800"
    assert (
        str(Flick(0.5, -3.0, 900.0, third_party=True)) == "flick pad=0.50 angle=-3.0 speed=900 3P"
    )
    assert str(PlaceJammer(10.4, -3.0)) == "jammer x=10 y=-3"
    assert (str(Flip(True)), str(Flip(False))) == ("flip", "keep")
