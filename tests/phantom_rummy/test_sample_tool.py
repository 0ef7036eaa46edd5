"""tools/phantom_sample.py: a small run's table adds up and repeats from its
seed; a bad player count exits 2."""

from __future__ import annotations

import pytest

from tools import phantom_sample


def _row(out: str) -> list[str]:
    line = next(r for r in out.splitlines() if r.startswith("| 2 |"))
    return [c.strip() for c in line.strip("|").split("|")]


def test_a_small_sample_adds_up_and_repeats(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--players", "2", "--games", "2", "--level", "easy", "--seed", "4"]
    assert phantom_sample.main(args) == 0
    out = capsys.readouterr().out
    cells = _row(out)
    assert cells[1] == "2"
    goal, pile_out = (float(c.rstrip("%")) for c in cells[2:4])
    assert goal + pile_out == pytest.approx(100.0)
    assert float(cells[4]) > 0  # turns were played
    # the same seed plays the same short games again
    records = phantom_sample.sample(2, "easy", 2, 4)
    assert sum(r.goal for r in records) / 2 == pytest.approx(goal / 100, abs=1e-3)
    assert f"{sum(r.turns for r in records) / 2:.1f}" == cells[4]


def test_a_bad_player_count_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert phantom_sample.main(["--players", "5", "--games", "1"]) == 2
    assert capsys.readouterr().err.startswith("phantom_sample: error:")


def test_with_hard_one_seat_in_turn_is_the_hard_bot_and_its_goals_are_counted() -> None:
    records = phantom_sample.sample(2, "easy", 2, 9, hard=True)
    assert [r.hard_goal for r in records] == [True, False]  # seed 9: the hard bot makes one of two
    assert all(r.goal for r in records if r.hard_goal)
    # the hard bot sits at seat g % 2: short game 1 puts it at seat 1
    one = phantom_sample.sample_one(2, "easy", 9, 1, hard=1)
    assert one == records[1]
    cells = _row(phantom_sample.report("easy", 2, {2: records}, hard=True))
    share = sum(r.hard_goal for r in records) / 2
    other = (sum(r.goal for r in records) / 2 - share) / 1
    assert (cells[8], cells[9]) == (f"{share:.1%}", f"{other:.1%}")
