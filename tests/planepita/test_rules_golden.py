"""Golden playthroughs of Planepita: regenerate in memory and compare.

After an intended rules change, rewrite them with
``python tools/golden.py --game planepita`` and read the diff. Positions are
printed to the millimetre; the physics is deterministic on one machine
(docs/architecture.md), so another platform may need its own regeneration.
"""

from __future__ import annotations

import pytest

from tools import golden

CASES = golden.cases_for("planepita")


def test_the_expected_golden_files_exist() -> None:
    assert {c.filename for c in CASES} >= {"planepita-2p-seed1.txt", "planepita-3p-seed2.txt"}


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.filename)
def test_golden_playthrough(case: golden.Case) -> None:
    stored = case.path.read_text("utf-8")
    now = golden.transcript(case)
    assert now == stored, (
        f"{case.filename} changed; if intended, run python tools/golden.py --game planepita\n"
        + golden.diff(stored, now, case.filename)
    )


def test_a_change_shows_as_a_readable_diff() -> None:
    case = CASES[0]
    stored = case.path.read_text("utf-8")
    changed = stored.replace("round 1 of 4", "round one of 4", 1)
    text = golden.diff(stored, changed, case.filename)
    assert f"--- {case.filename} (stored)" in text
    assert "-Planepita, 2 players, round 1 of 4" in text
    assert "+Planepita, 2 players, round one of 4" in text
