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
