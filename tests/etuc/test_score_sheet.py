"""Planet etuC's score sheet and the summary between games.

The sheet has a row per game of the match (each seat's victory points, the
place it went out in, "1st" to "last"). Between games the summary ranks by
the match's standing (most VP first), with the game's points beside, and
carries the sheet so far; the last one's winner heads its rows. (That the
totals equal the outcome's scores over many finished matches is the
conformance harness's check, tabletop/core/conformance.py ``_check_sheet``.)
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.core.game import DealSummary, GameConfig
from tabletop.games.etuc.rules import RULES, Play, sample_action
from tests.etuc.positions import position, result3

MATCHES = 16
NAMES = ["Ada", "Bob", "Cy"]


def play_out(players: int, seed: int) -> tuple[Any, list[DealSummary]]:
    """A match of seeded random legal play: its last state and the summaries
    between its games."""
    state = RULES.setup(GameConfig(players), seed)
    pick = random.Random(seed)
    summaries: list[DealSummary] = []
    while not RULES.is_over(state):
        action = sample_action(state, pick)
        after = RULES.apply(state, action)
        summary = RULES.deal_summary(state, action, after)
        if summary is not None:
            summaries.append(summary)
        state = after
    return state, summaries


@pytest.mark.parametrize("players", [2, 3])
def test_a_row_per_game_and_summaries_ranked_by_the_match(players: int) -> None:
    ranked_apart = 0
    for seed in range(MATCHES):
        end, summaries = play_out(players, seed)
        sheet = RULES.score_sheet(end)
        outcome = RULES.outcome(end)
        assert sheet.higher_is_better and sheet.unit == "VP"
        assert [row.label for row in sheet.rows] == [f"Game {g}" for g in range(1, end.game + 1)]
        for row, result in zip(sheet.rows, end.results, strict=True):
            assert row.values == tuple(float(p) for p in result.points)
            assert row.note(result.order[0]) == "1st" and row.note(result.order[-1]) == "last"
            if players == 3:
                assert row.note(result.order[1]) == "2nd"
        assert len(summaries) == len(end.results)
        for number, summary in enumerate(summaries, start=1):
            so_far = summary.sheet
            assert so_far is not None and so_far.rows == sheet.rows[:number]
            assert summary.columns == ("Match", "This game")
            totals = [so_far.totals[row.seat] for row in summary.rows]
            assert totals == sorted(totals, reverse=True), f"rows out of order: {summary.rows}"
            places = outcome.places if number == len(summaries) else so_far.places()
            assert [row.place for row in summary.rows] == [places[row.seat] for row in summary.rows]
            for row in summary.rows:
                assert row.cells == (
                    f"{int(so_far.totals[row.seat])} VP",
                    f"+{int(so_far.rows[-1].values[row.seat] or 0)} VP",
                )
            if [row.seat for row in summary.rows] != list(end.results[number - 1].order):
                ranked_apart += 1
        last = summaries[-1]
        assert last.sheet == sheet
        assert last.rows[0].seat == outcome.winners[0]
        assert last.note_for(NAMES).startswith(NAMES[outcome.winners[0]] + " wins the match")
    # the match's standing often differs from the last game's order, and the rows followed it
    assert ranked_apart > 0


def test_the_sheet_names_the_rule_and_the_target() -> None:
    two = RULES.score_sheet(RULES.setup(GameConfig(2), 1))
    assert two.rows == () and two.lines == (
        "Game 1 scores 1 VP to the player out first, game 2 scores 2 VP, and so on.",
        "First to 10 VP wins the match.",
    )
    three = RULES.score_sheet(RULES.setup(GameConfig(3), 1))
    assert three.lines == (
        "Each game scores 2 VP to the player out first and 1 VP to the second.",
        "First to 6 VP wins the match.",
    )


def test_a_tie_at_the_end_of_a_match_says_who_wins_it() -> None:
    """3 players can reach 6 VP in the same game: the one who placed higher
    in that game wins, and the sheet says so under its rows; the summary
    puts the winner first."""
    results = [result3(1, (1, 0, 2)), result3(2, (0, 1, 2)), result3(3, (1, 2, 0))]
    results.append(result3(4, (2, 0, 1)))
    # Ada 4, Bob 5, Cy 3; in game 5 Ada is out first and Bob plays his last card
    state = position(["", "4G", "2A 5B"], results=results, turn=1, out=[0])
    assert state.scores == (4, 5, 3)
    after = RULES.apply(state, Play.of("4G"))
    assert after.turn is None and after.scores == (6, 6, 3)
    sheet = RULES.score_sheet(after)
    outcome = RULES.outcome(after)
    assert outcome.winners == (0,)
    assert sheet.places() == (1, 1, 3)  # equal totals share a place on the sheet
    assert sheet.lines_for(NAMES)[-1] == (
        "Ada and Bob have 6 VP: Ada placed higher in the last game and wins."
    )
    summary = RULES.deal_summary(state, Play.of("4G"), after)
    assert summary is not None
    assert [(r.seat, r.place) for r in summary.rows] == [(0, 1), (1, 2), (2, 3)]
    assert summary.note_for(NAMES) == "Ada wins the match with 6 VP."
