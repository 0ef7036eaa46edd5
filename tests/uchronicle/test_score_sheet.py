"""Uchronicle's score sheet and the summary between rounds, over random
finished games at both player counts, standard and expert.

The sheet has a row per round (each seat's negative points, the cards behind
them named). Between rounds the summary ranks by the game's standing (the
totals, fewest first), with the round's points beside, and carries the sheet
so far; the last one's note names the winner who heads its rows. (That the
totals equal the outcome's scores over many finished games is the
conformance harness's check, tabletop/core/conformance.py ``_check_sheet``.)
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from tabletop import games
from tabletop.core.game import DealSummary, GameConfig, ScoreSheet
from tabletop.core.session import Session, default_seats
from tabletop.games.uchronicle.model import DECK
from tabletop.games.uchronicle.rules import RULES, sample_action, winners_words

GAMES_PER_KIND = 12
NAMES = ["Ada", "Bob", "Cy"]


def play_out(players: int, expert: bool, seed: int) -> tuple[Any, list[DealSummary], list[Any]]:
    """A game of seeded random legal play: its last state, the summaries
    between rounds, and every state on the way."""
    state = RULES.setup(GameConfig(players, {"expert": expert}), seed)
    pick = random.Random(seed)
    summaries: list[DealSummary] = []
    states = [state]
    while not RULES.is_over(state):
        action = sample_action(state, pick)
        after = RULES.apply(state, action)
        summary = RULES.deal_summary(state, action, after)
        if summary is not None:
            summaries.append(summary)
        state = after
        states.append(state)
    return state, summaries, states


def check_summary(summary: DealSummary, sheet: ScoreSheet) -> None:
    """The rows are ranked by the totals of the sheet they carry: fewer
    negative points never below more, equal totals sharing a place."""
    assert summary.sheet == sheet
    totals = [sheet.totals[row.seat] for row in summary.rows]
    assert totals == sorted(totals), f"rows out of the standing's order: {summary.rows}"
    places = sheet.places()
    for row in summary.rows:
        assert row.place == places[row.seat]
        assert row.cells[0] == f"{int(sheet.totals[row.seat])} point" + (
            "" if sheet.totals[row.seat] == 1 else "s"
        )


KINDS = [(2, False), (2, True), (3, False), (3, True)]


@pytest.mark.parametrize(("players", "expert"), KINDS)
def test_a_row_per_round_with_its_cards_and_summaries_ranked_by_the_totals(
    players: int, expert: bool
) -> None:
    last_round_disagreed = 0
    for seed in range(GAMES_PER_KIND):
        end, summaries, _ = play_out(players, expert, seed)
        sheet = RULES.score_sheet(end)
        outcome = RULES.outcome(end)
        assert sheet.places() == outcome.places
        assert not sheet.higher_is_better and sheet.unit == "negative points"
        assert [row.label for row in sheet.rows] == [f"Round {r + 1}" for r in range(players)]
        # each round's notes name as many cards as its points, none twice
        for row in sheet.rows:
            named = [c for s in range(players) for c in row.note(s).split(", ") if c]
            assert len(named) == sum(row.values) and len(set(named)) == len(named)
            assert {str(c) for c in DECK} >= set(named)
        assert len(summaries) == players
        for number, summary in enumerate(summaries, start=1):
            assert summary.columns == ("In all", "This round")
            assert summary.sheet is not None and len(summary.sheet.rows) == number
            check_summary(summary, summary.sheet)
        last = summaries[-1]
        assert last.sheet == sheet
        # the note's winner heads the rows: the player listed first has won
        assert last.note == winners_words(end.totals) == outcome.detail
        assert last.rows[0].seat in outcome.winners
        assert NAMES[last.rows[0].seat] in last.note_for(NAMES)
        final_round = end.results[-1]
        by_round = sorted(range(players), key=lambda s: (final_round[s], s))
        if by_round != [row.seat for row in last.rows]:
            last_round_disagreed += 1
    # the case the issue found (the last round's order is not the standing's)
    # came up, and the rows followed the standing
    assert last_round_disagreed > 0


def test_the_sheet_adds_up_at_every_position_of_a_game() -> None:
    """In play the round under way is a row too: the columns always sum to
    the game's totals so far."""
    for players, expert in KINDS:
        _, _, states = play_out(players, expert, 7)
        for state in states:
            sheet = RULES.score_sheet(state)
            assert sheet.totals == tuple(float(t) for t in state.totals)
            assert tuple(sheet.column(s) for s in range(players)) == sheet.totals
            view = RULES.view(state, 0)
            assert RULES.score_sheet(view) == sheet  # the sheet is public


def test_a_save_from_before_the_cards_were_kept_still_loads() -> None:
    """Version 1 kept no finished round's cards: its final position is
    dropped by ``migrate`` and the replayed moves stand alone."""
    entry = games.REGISTRY["uchronicle"]
    config = GameConfig(2, {"expert": False})
    actions = []
    state = RULES.setup(config, 3)
    pick = random.Random(3)
    while not RULES.is_over(state):
        action = sample_action(state, pick)
        actions.append(action)
        state = RULES.apply(state, action)
    session = Session(entry, config, 3, default_seats(["human", "human"]), threaded=False)
    for action in actions:
        session.play(action)
    doc = json.loads(json.dumps(session.to_doc()))
    assert entry.info.save_version == doc["game_version"] == 2
    # as version 1 wrote it: no game version, a final position without the cards
    del doc["game_version"]
    doc["final"]["f"].pop("results_cards")
    old = Session.from_doc(doc, registry=games.REGISTRY, threaded=False)
    assert old.is_over() and old.state == state
    assert RULES.score_sheet(old.state) == RULES.score_sheet(state)
    assert all(note for note in RULES.score_sheet(state).rows[0].notes)
