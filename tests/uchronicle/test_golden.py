"""Golden playthroughs: regenerate in memory and compare with the stored files
(2 players standard, 3 players expert).

After an intended rules change, rewrite them with
``python tools/golden.py --game uchronicle`` and read the diff."""

from __future__ import annotations

import pytest

from tools import golden

CASES = golden.cases_for("uchronicle")


def test_the_expected_golden_files_exist() -> None:
    assert {c.filename for c in CASES} == {
        "uchronicle-2p-seed1.txt",
        "uchronicle-3p-expert-seed2.txt",
    }
    assert golden.Case("uchronicle", 3, 2, ("expert",)) in CASES


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.filename)
def test_golden_playthrough(case: golden.Case) -> None:
    stored = case.path.read_text("utf-8")
    now = golden.transcript(case)
    assert now == stored, (
        f"{case.filename} changed; if intended, run python tools/golden.py --game uchronicle\n"
        + golden.diff(stored, now, case.filename)
    )


def test_each_step_shows_every_seat_its_own_hand_only_and_the_menu_in_short() -> None:
    for case in CASES:
        blocks = case.path.read_text("utf-8").split("\n\n== ")[1:-1]  # setup .. last action
        assert len(blocks) == 1 + case.players * case.players * 9
        for block in blocks:
            for seat in range(1, case.players + 1):
                seen = block.split(f"\n-- P{seat} sees\n")[1].split("\n-- ")[0]
                for other in range(1, case.players + 1):
                    hand = next(x for x in seen.splitlines() if x.startswith(f"P{other} ["))
                    assert ("]  ?   points" in hand) == (other != seat), hand
            if "game over" not in block:
                assert "x, first play " in block or "dead end, any rules" in block, block
