"""Phantom Rummy's score sheet (``PhantomRules.score_sheet``): over many
seeded random matches at 2, 3 and 4 players, basic and advanced, the totals
are the outcome's scores and each column sums to its total; every source is
named by its card, short game by short game; the legendary ending names its
card and its winner; the summary between short games ranks by the match's
totals, the short game's points beside them, and carries the sheet so far."""

from __future__ import annotations

import re
from random import Random

import pytest

from tabletop.core.game import ScoreSheet, score_sheet
from tabletop.games import REGISTRY
from tabletop.games.phantom_rummy.cards import CONDITION_SHORT, parse_cards
from tabletop.games.phantom_rummy.model import Goal, PhantomAction, PhantomState, Phase
from tabletop.games.phantom_rummy.rules import RULES, flip_hits, sample_action
from tests.phantom_rummy.test_rules import _after_take, _position

ENTRY = REGISTRY["phantom_rummy"]
NAMES = ["Ada", "Basil", "Cleo", "Dev"]
SEEDS = range(8)
#: how a label must not read: a source's kind and a number ("sets 1", "item 0")
RAW = re.compile(r"\b(sets|red|condition|item|bonus) \d")


def play(players: int, advanced: bool, seed: int) -> list[tuple[PhantomState, PhantomAction]]:
    """A seeded random legal match, the state before each action with it."""
    state = RULES.setup(ENTRY.default_config(players, advanced=advanced), seed)
    rng = Random(seed)
    moves = []
    while not RULES.is_over(state):
        action = sample_action(state, rng)
        moves.append((state, action))
        state = RULES.apply(state, action)
    moves.append((state, Goal()))  # the finished state last, its action unused
    return moves


def deal_rows(sheet: ScoreSheet, number: int) -> list[tuple[float, ...]]:
    prefix = f"Short game {number}: "
    return [tuple(v or 0 for v in row.values) for row in sheet.rows if row.label.startswith(prefix)]


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
def test_the_totals_are_the_outcome_scores_and_each_column_sums_to_its_total(
    players: int, advanced: bool
) -> None:
    for seed in SEEDS:
        final = play(players, advanced, seed)[-1][0]
        sheet = score_sheet(RULES, final)
        assert sheet is not None
        assert sheet.totals == RULES.outcome(final).scores, f"seed {seed}"
        assert all(sheet.column(s) == sheet.totals[s] for s in range(players)), f"seed {seed}"
        # short game by short game, the rows hold each seat's points of it
        for number, result in enumerate(final.results, 1):
            rows = deal_rows(sheet, number)
            assert rows, f"seed {seed}: short game {number} has no rows"
            sums = tuple(sum(r[s] for r in rows) for s in range(players))
            assert sums == result.points, f"seed {seed}, short game {number}"
        for row in sheet.rows:
            assert len(row.values) == players and re.match(r"Short game \d+: ", row.label)
            assert not RAW.search(row.label), row.label


def test_each_source_is_named_by_its_card_with_the_bonus_checks_hits_and_misses() -> None:
    penalties = conditions = 0
    for seed in SEEDS:
        for advanced in (False, True):
            final = play(3, advanced, seed)[-1][0]
            sheet = RULES.score_sheet(final)
            for number, result in enumerate(final.results, 1):
                labels = [
                    r.label for r in sheet.rows if r.label.startswith(f"Short game {number}:")
                ]
                if result.goal is None:
                    assert labels == [f"Short game {number}: the pile ran out, nobody scores"]
                    continue
                reds = [
                    c for s in result.sources if s.kind in ("red", "condition") for c in s.cards
                ]
                for card in reds:  # "red Sword 3", or "red Sword 3 · condition: ..."
                    assert any(
                        label.split(": ", 1)[1].split(" · ")[0].split(" \u00d7")[0] == card.title
                        for label in labels
                    ), (card.title, labels)
                bonus = [label for label in labels if ": bonus check: " in label]
                assert len(bonus) == 1
                for flip in result.flips:
                    assert flip.title in bonus[0]
                hits = flip_hits(result)
                assert len(re.findall(r" \+\d+", bonus[0])) == sum(1 for h in hits if h)
                assert bonus[0].count(" misses") == sum(1 for h in hits if not h)
                if not hits or hits[-1]:
                    assert "pile" in bonus[0]  # it ran out before a miss, or was empty
                for row in sheet.rows:
                    if " · condition: " in row.label and row.label.startswith(
                        f"Short game {number}:"
                    ):
                        conditions += 1
                        short = row.label.split(" · condition: ")[1]
                        assert short in CONDITION_SHORT.values()
                discarder = result.discarder
                if discarder is not None and result.points[discarder] < 0:
                    penalties += 1
                    pays = [
                        r
                        for r in sheet.rows
                        if r.label == f"Short game {number}: the discarder pays"
                    ]
                    assert len(pays) == 1 and pays[0].values[discarder] == result.points[discarder]
    assert penalties and conditions, "the seeds tried a discarder's penalty and a condition"


def test_the_legendary_ending_names_the_card_and_the_player() -> None:
    hands = ["ICb IC IC S1 S1 S1 M2", "T1 T2 T3 T5 T6 T7 IO"]
    start = _position(2, hands, row="M2c IG", top="IT", opened=[["T4 T4 T4"], []], advanced=True)
    after = RULES.apply(_after_take(start, "M2c"), Goal())
    outcome = RULES.outcome(after)
    assert outcome.words_for(NAMES) == (
        "A legendary Item ends the match: Ada wins at once with the legendary Crown "
        "in a group of Crowns."
    )
    sheet = RULES.score_sheet(after)
    labels = [r.label for r in sheet.rows]
    assert "Short game 1: the legendary Crown wins the match" in labels
    assert sheet.totals == outcome.scores
    assert sheet.lines_for(NAMES)[0].startswith(
        "Ada wins the match at once with the legendary Crown"
    )
    assert parse_cards("ICb")[0].instant_win


def test_the_summary_between_short_games_ranks_by_the_match_and_carries_the_sheet() -> None:
    """A short game won by a seat behind in the match: the summary still lists
    the match's leader first, with each seat's points of the short game beside."""
    found = False
    for seed in range(40):
        moves = play(3, False, seed)
        for (before, action), (after, _) in zip(moves, moves[1:]):
            summary = RULES.deal_summary(before, action, after)
            if summary is None:
                continue
            assert summary.columns == ("match", "this game")
            assert summary.sheet is not None and summary.sheet.totals == tuple(
                float(s) for s in after.scores
            )
            totals = [int(r.cells[0]) for r in summary.rows]
            assert totals == sorted(totals, reverse=True)
            assert [r.place for r in summary.rows] == [
                1 + sum(1 for t in totals if t > mine) for mine in totals
            ]
            result = after.results[-1]
            assert [r.cells[1] for r in summary.rows] == [
                f"{result.points[r.seat]:+d}" if result.points[r.seat] else "0"
                for r in summary.rows
            ]
            if after.phase is not Phase.OVER and result.goal is not None:
                # the note names the sources by card, not "sets 1, red 3"
                note = summary.note_for(NAMES)
                assert not RAW.search(note) and "open set" in note
            leader = summary.rows[0].seat
            if result.goal is not None and result.goal != leader:
                found = True
        if found:
            break
    assert found, "no seed had a short game won by a seat behind in the match"
