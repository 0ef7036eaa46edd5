"""The game log as a commentator tells it (tabletop/games/planepita/commentary.py)
and the numbers behind each line (the ``log_detail`` hook): literal positions,
one move, the words expected."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tabletop.core.game import log_detail
from tabletop.games.planepita.board import default_board
from tabletop.games.planepita.commentary import (
    HARD_SHARE,
    SOFT_SHARE,
    direction_words,
    power_word,
)
from tabletop.games.planepita.model import Flick, Flip, PlaceJammer
from tabletop.games.planepita.rules import RULES as R
from tests.nimgame import ENTRY as NIM
from tests.nimgame.rules import Take
from tests.planepita.positions import D, position

NAMES = ["Ada", "Basil"]
PLAYTHROUGHS = Path(__file__).resolve().parent.parent / "playthroughs"


def said(state, action, names=NAMES):  # type: ignore[no-untyped-def]
    after = R.apply(state, action)
    return R.log_line(state, action, after, names), R.log_detail(state, action, after, names)


def along(dist: float) -> tuple[float, float]:
    """A point ``dist`` mm past the centre on seat 0's straight-in line (2 players, pad 0.5)."""
    ix, iy = default_board().pad_pose(2, 0, 0.5).inward
    return (ix * dist, iy * dist)


@pytest.mark.parametrize(
    ("share", "word"),
    [
        (0.1, "softly"),
        (SOFT_SHARE - 0.01, "softly"),
        (0.5, "firmly"),
        (HARD_SHARE + 0.01, "hard"),
        (1.0, "hard"),
    ],
)
def test_the_power_is_told_by_the_share_of_the_top_speed(share: float, word: str) -> None:
    assert power_word(share * 3000.0, 3000.0) == word


@pytest.mark.parametrize(
    ("angle", "words"),
    [
        (0.0, "towards the centre"),
        (-4.0, "towards the centre"),
        (12.0, "to the left of centre"),
        (-12.0, "to the right of centre"),
        (40.0, "wide to the left of centre"),
        (-60.0, "wide to the right of centre"),
    ],
)
def test_the_direction_is_told_from_the_launchers_pad(angle: float, words: str) -> None:
    assert direction_words(angle) == words


def test_a_hard_flick_that_knocks_a_disc_into_the_black_hole_names_its_owner() -> None:
    state = position(2, [D(-200.0, -100.0), D(*along(150.0))], jammer=(150.0, 150.0))
    line, detail = said(state, Flick(0.5, 0.0, 2400.0))
    assert line == (
        "Ada flicks hard towards the centre: the disc lands in the 4-pt area "
        "and knocks Basil's into the black hole."
    )
    assert detail.startswith(
        "Pad at 0.50 along the stretch, aim +0.0° from straight in, 2400 mm/s (80% of the top speed). "
        "1 hit; the strongest, "
    )
    assert "between the disc and Basil's disc" in detail and "mN·s" in detail
    assert "It came to rest at (0, 125) mm, 125 mm from the centre." in detail


def test_a_disc_pushed_out_of_its_area_and_the_launchers_own_disc() -> None:
    # Ada's own disc in the 5-pt area on the line: knocked on into the 4-pt area
    state = position(2, [D(*along(40.0)), D(-200.0, -100.0)], jammer=(150.0, 150.0))
    line, _ = said(state, Flick(0.5, 0.0, 1500.0))
    assert line.startswith("Ada flicks firmly towards the centre: the disc lands in the 5-pt area")
    assert "knocks one of their own from the 5-pt area into the 4-pt area" in line


def test_a_3p_disc_and_a_disc_that_stays_on_its_pad() -> None:
    state = position(2)
    line, detail = said(state, Flick(0.5, 0.0, 1000.0, third_party=True))
    assert (
        line == "Ada flicks a 3P disc softly towards the centre: the disc lands in the 4-pt area."
    )
    assert "No hits." in detail
    line, detail = said(state, Flick(0.5, 0.0, 50.0))
    assert (
        line
        == "Ada flicks too softly: the disc stays on the pad and comes back to be flicked again."
    )
    assert "The disc stopped on its pad." in detail


def test_the_decisions_after_a_flick_and_their_details() -> None:
    state = position(2)
    flip = R.apply(state, Flick(0.5, 0.0, 1000.0))
    assert said(flip, Flip(True)) == (
        "Ada turns the disc face down: 1 power, safe from the jammer.",
        "",
    )
    assert said(flip, Flip(False))[0] == "Ada leaves the disc face up: 2 power."
    jam = R.apply(state, Flick(0.5, 0.0, 3000.0))
    assert said(jam, PlaceJammer(30.0, 20.0)) == (
        "Ada puts the jammer back in the 5-pt area.",
        "The jammer at (30, 20) mm, 36 mm from the centre.",
    )


def test_a_game_without_the_hook_shows_the_moves_notation() -> None:
    state = NIM.rules.setup(NIM.default_config(2), 1)
    move = Take(1, 1)
    assert log_detail(NIM.rules, state, move, NIM.rules.apply(state, move), NAMES) == str(move)


def test_the_golden_logs_read_as_words_without_he_or_she() -> None:
    """Every flick line of the golden playthroughs is told in words (no pad
    positions or mm/s), and no line guesses a player's gender."""
    lines = [
        line.split(" | ", 1)[1]
        for path in sorted(PLAYTHROUGHS.glob("planepita-*.txt"))
        for line in path.read_text("utf-8").splitlines()
        if line.startswith("== ") and " | " in line
    ]
    assert len(lines) > 100
    for line in lines:
        assert not re.search(r"\b(he|she|his|her|him|hers)\b", line, re.IGNORECASE), line
        assert "mm/s" not in line and "from pad" not in line, line
        if " flicks" in line:
            assert re.search(r"flicks(?: .*?)? (softly|firmly|hard|too softly)", line), line
