"""Phantom Rummy's golden playthroughs: a seeded match's first short game,
to its end and the next deal (the rules' ``golden_cut``; a whole match runs
to a thousand moves and more), regenerated in memory and compared with the
stored files.

After an intended rules change, rewrite them with
``python tools/golden.py --game phantom_rummy`` and read the diff."""

from __future__ import annotations

import pytest

from tools import golden

FILES = ["phantom_rummy-2p-seed1.txt", "phantom_rummy-3p-advanced-seed2.txt"]


def test_the_golden_files_are_the_cases() -> None:
    assert [c.filename for c in golden.cases_for("phantom_rummy")] == FILES


@pytest.mark.parametrize("name", FILES)
def test_golden_playthrough(name: str) -> None:
    case = next(c for c in golden.cases_for("phantom_rummy") if c.filename == name)
    stored = case.path.read_text("utf-8")
    now = golden.transcript(case)
    assert now == stored, (
        f"{name} changed; if intended, run python tools/golden.py --game phantom_rummy\n"
        + golden.diff(stored, now, name)
    )


def test_a_file_is_the_first_short_game_to_its_scoring_cut_where_the_rules_say() -> None:
    case = golden.Case("phantom_rummy", 2, 1)
    text = golden.transcript(case)
    assert text.endswith("actions: the game goes on (see golden_cut)\n")
    assert "== result" not in text
    # the short game is played to its end: ready, a goal scored (or a pile-out) and the next deal
    assert " says ready." in text
    assert " scores " in text or "The pile ran out" in text
    last = text.rindex("\n== ", 0, text.rindex("\n== cut"))  # the last action and what it left
    assert text.index("short game 2 of 6") > last
    for seat in (1, 2):
        assert f"\n-- P{seat} sees\n" in text  # hands are hidden from the other seat
