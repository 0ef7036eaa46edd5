"""Planet's golden playthroughs (2 players, 3 players with secret animals):
regenerated in memory and compared with the stored files.

After an intended rules change, rewrite them with
``python tools/golden.py --game planet`` and read the diff."""

from __future__ import annotations

import pytest

from tools import golden

CASES = golden.cases_for("planet")


def test_the_expected_golden_files_exist() -> None:
    assert {c.filename for c in CASES} == {"planet-2p-seed1.txt", "planet-3p-secret-seed2.txt"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.filename)
def test_golden_playthrough(case: golden.Case) -> None:
    stored = case.path.read_text("utf-8")
    now = golden.transcript(case)
    assert now == stored, (
        f"{case.filename} changed; if intended, run python tools/golden.py --game planet\n"
        + golden.diff(stored, now, case.filename)
    )


def test_each_seat_sees_its_own_habitat_only_and_the_menu_in_short() -> None:
    for case in CASES:
        text = case.path.read_text("utf-8")
        assert "== result:" in text and text.count("\n== ") == 1 + 12 * case.players + 1
        for block in text.split("\n\n== ")[1:-1]:
            if "sees the whole state" in block:  # the end: every habitat is shown
                continue
            for seat in range(1, case.players + 1):
                seen = block.split(f"\n-- P{seat} sees\n")[1].split("\n-- ")[0]
                habitats = [
                    line.split(" habitat ")[1][0]
                    for line in seen.splitlines()
                    if " habitat " in line
                ]
                assert all(h == "?" for i, h in enumerate(habitats) if i != seat - 1)
                assert habitats[seat - 1] != "?"
                assert "piles " in seen and all(
                    p.isdigit() for p in seen.split("piles ")[1].split("  ")[0].split()
                )
            if "-- P" in block and " may: " in block:
                assert "placements: tiles" in block.split(" may: ")[1]
