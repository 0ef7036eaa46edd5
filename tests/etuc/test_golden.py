"""Golden playthroughs: regenerate in memory and compare with the stored files.

After an intended rules change, rewrite them with ``python tools/golden.py --game etuc``
and read the diff."""

from __future__ import annotations

import pytest

from tools import golden

CASES = golden.cases_for("etuc")


def test_the_expected_golden_files_exist() -> None:
    assert {c.filename for c in CASES} >= {"etuc-2p-seed1.txt", "etuc-3p-seed2.txt"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.filename)
def test_golden_playthrough(case: golden.Case) -> None:
    stored = case.path.read_text("utf-8")
    now = golden.transcript(case)
    assert now == stored, (
        f"{case.filename} changed; if intended, run python tools/golden.py --game etuc\n"
        + golden.diff(stored, now, case.filename)
    )


def test_diff_is_readable() -> None:
    text = golden.diff("a\nb\nc\n", "a\nB\nc\n", "x.txt")
    assert "--- x.txt (stored)" in text and "-b" in text and "+B" in text


def test_default_case_for_a_game_without_files(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert golden.cases_for("etuc", folder=tmp_path) == [golden.Case("etuc", 2, 1)]


def test_each_step_records_every_seats_view_and_the_legal_actions() -> None:
    for case in CASES:
        blocks = case.path.read_text("utf-8").split("\n\n== ")[1:-1]  # setup .. last action
        assert len(blocks) > 50
        for block in blocks:
            for seat in range(1, case.players + 1):
                assert f"\n-- P{seat} sees\n" in block, block
            if "match over" not in block:
                assert "\n-- P" in block and " may: " in block, block


def test_a_view_that_leaks_shows_in_the_playthrough() -> None:
    from tabletop.core.game import GameConfig
    from tabletop.games.etuc.rules import EtucRules

    class Leaky(EtucRules):
        def view(self, state, seat):  # type: ignore[no-untyped-def]
            return state

    rules = EtucRules()
    state = rules.setup(GameConfig(2), 1)
    honest = golden.observations(rules, state, 2)
    leaky = golden.observations(Leaky(), state, 2)
    assert "-- P1 sees" in honest and "-- P1 sees the whole state" in leaky
