"""Planepita's score sheet (``rules.score_sheet``): power and points per
area per round, the jammer's sweeps, and totals that are the standings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tabletop.core import rng
from tabletop.core.game import score_sheet
from tabletop.games.planepita.model import AreaResult, Disc, Phase, PlanepitaState, RoundResult
from tabletop.games.planepita.rules import AREA_NAMES, RULES, power, sample_action

#: (players, variants): every player count, and each option that changes the count
TABLES = [
    (2, {}),
    (2, {"third_party": False}),
    (3, {}),
    (4, {}),
    (4, {"team_play": True}),
    (4, {"doubles": True}),
    (5, {}),
    (6, {"team_size": 2}),
    (6, {"team_size": 3}),
]
#: random games per table (a game of random flicks takes about 0.1-0.2 s)
GAMES = 3


def random_game(players: int, variants: dict[str, object], seed: int) -> PlanepitaState:
    """A finished game of random legal actions (``sample_action``), seeded."""
    state = RULES.setup(RULES.info.config(players, **variants), seed)
    draw = rng.make(
        seed, "score-sheet", players, *(f"{k}={v}" for k, v in sorted(variants.items()))
    )
    while not RULES.is_over(state):
        state = RULES.apply(state, sample_action(state, draw))
    return state


@pytest.mark.parametrize(("players", "variants"), TABLES)
def test_the_totals_are_the_outcome_scores_and_the_sums_of_the_columns(
    players: int, variants: dict[str, object]
) -> None:
    """Over random finished games at every player count and option: the
    sheet's totals equal ``outcome(state).scores`` exactly, each column sums to
    its total, one column per seat, and every round's three areas have a row."""
    for seed in range(GAMES):
        state = random_game(players, variants, seed)
        sheet = score_sheet(RULES, state)
        assert sheet is not None
        assert sheet.totals == RULES.outcome(state).scores
        for seat in range(players):
            assert sheet.column(seat) == sheet.totals[seat]
        assert all(len(row.values) == players for row in sheet.rows)
        labels = [row.label for row in sheet.rows]
        for r in range(1, 5):
            for area in ("5-pt centre", "4-pt ring", "3-pt ring"):
                assert f"Round {r}, {area}" in labels


def test_each_area_row_gives_its_winner_the_tokens_and_says_everyone_s_power() -> None:
    """An area's row: its winner's points are the tokens times the area's
    value, everyone else 0, and each seat's note says its power there."""
    state = random_game(4, {}, 7)
    sheet = RULES.score_sheet(state)
    rows = {row.label: row for row in sheet.rows}
    for result in state.history:
        for area in result.areas:
            row = rows[f"Round {result.round}, {AREA_NAMES[area.value]}"]
            for seat in range(4):
                took = area.tokens * area.value if area.winner == seat else 0
                assert row.values[seat] == took
                if area.power[seat]:
                    assert row.note(seat).startswith(f"{area.power[seat]} power")
                else:
                    assert row.note(seat) == ""
            if area.winner is not None:
                assert "took it" in row.note(area.winner)


def test_the_jammer_s_sweep_is_a_row_of_the_discs_and_power_it_took() -> None:
    """A round whose jammer swept face-up discs has a row saying where, with
    no points, and for each seat the discs and power it lost."""
    state = random_game(6, {"team_size": 2}, 0)
    sheet = RULES.score_sheet(state)
    swept = [r for r in state.history if r.swept]
    assert swept, "a random 6-player game has the jammer sweep something"
    for result in swept:
        assert result.jammer_area is not None
        label = f"Round {result.round}, the jammer's sweep"
        row = next(row for row in sheet.rows if row.label.startswith(label))
        assert f"{result.jammer_area}-pt" in row.label
        assert row.values == (None,) * 6
        for seat in range(6):
            mine = [d for d in result.swept if d.owner == seat]
            if mine:
                assert row.note(seat).endswith(f"{sum(power(d) for d in mine)} power")
            else:
                assert row.note(seat) == ""


def _area(value: int, winner: int | None, tokens: int) -> AreaResult:
    if winner is None:
        return AreaResult(value, (2, 2, 0), None, 0, "tie")
    power = tuple(2 if seat == winner else 0 for seat in range(3))
    return AreaResult(value, power, winner, tokens, "won")


def _round(number: int, winners: tuple[int | None, int | None, int | None]) -> RoundResult:
    areas = tuple(_area(v, w, 1) for v, w in zip((5, 4, 3), winners))
    return RoundResult(number, (0.0, 0.0), 5, (Disc(99, 0),), areas, 0, ())


def test_a_tie_on_points_is_settled_in_words_under_the_sheet() -> None:
    """Two players on 10 points each, one with two 5-pt tokens and the other
    with none: the outcome picks the one with more 5-pt tokens (P9), and the
    sheet's lines say the tie and the tokens that settled it, and which
    tokens nobody won."""
    start = RULES.setup(RULES.info.config(2), 0)
    history = (
        _round(1, (0, 1, 1)),
        _round(2, (0, None, 1)),
        _round(3, (None, None, None)),
        _round(4, (None, None, None)),
    )
    state = replace(
        start,
        phase=Phase.OVER,
        round=4,
        history=history,
        won=(((5, 1), (5, 2)), ((4, 1), (3, 1), (3, 2))),
        slots=(2, 3, 2),
    )
    RULES.invariants(state)
    outcome = RULES.outcome(state)
    assert outcome.scores == (10.0, 10.0) and outcome.winners == (0,)
    sheet = RULES.score_sheet(state)
    assert sheet.totals == outcome.scores
    lines = sheet.lines_for(["Ada", "Basil"])
    assert (
        "A tie on 10 points: 5-pt tokens Ada 2, Basil 0; 5-pt tokens won in round 4 Ada 0, Basil 0."
        in lines
    )
    assert "Tokens nobody won, left on the scoring board: 5-pt ×2, 4-pt ×3, 3-pt ×2." in lines


def test_during_the_game_the_sheet_is_the_standing_so_far() -> None:
    """Before the end the sheet holds the finished rounds only, and its
    totals are the scores the table shows."""
    state = RULES.setup(RULES.info.config(3), 0)
    draw = rng.make(0, "score-sheet-midway")
    while len(state.history) < 2:
        state = RULES.apply(state, sample_action(state, draw))
    sheet = RULES.score_sheet(state)
    assert {row.label.split(",")[0] for row in sheet.rows} == {"Round 1", "Round 2"}
    assert sheet.totals == tuple(float(sum(v for v, _ in won)) for won in state.won)
