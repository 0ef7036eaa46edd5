"""tools/selfplay.py: a short etuc run adds up, runs repeat, bad input exits 2."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tools import selfplay

ROOT = Path(__file__).resolve().parent.parent


def _rows(out: str) -> dict[str, list[str]]:
    """The first table's rows, by bot label."""
    table = out.split("\n\n")[1]
    rows = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = cells
    return rows


def test_etuc_easy_vs_medium_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert selfplay.main(["etuc", "--seats", "easy,medium", "--games", "2", "--rotate"]) == 0
    out = capsys.readouterr().out
    rows = _rows(out)
    assert set(rows) == {"easy", "medium"}
    sole = 0
    for label, cells in rows.items():
        games, wins, shared, losses = map(int, cells[1:5])
        assert games == 2, label
        assert wins + shared + losses == games, label
        assert 1.0 <= float(cells[5]) <= 2.0
        assert int(cells[7]) > 0  # decisions were timed
        sole += wins
    assert sole <= 2  # at most one sole winner a game
    assert "first seat played by: easy 1, medium 1" in out  # rotated
    assert re.search(r"wall time: [\d.]+ s", out)
    assert "reproducible: the same --seed 1" in out  # no time budgets at these levels


def test_same_seed_same_games() -> None:
    plan = selfplay.Plan("etuc", ("easy", "medium"), 2, 5, rotate=True)
    first = [(r.seed, r.seats, r.places, r.scores) for r in selfplay.run(plan)]
    again = [(r.seed, r.seats, r.places, r.scores) for r in selfplay.run(plan)]
    assert first == again
    assert first[0][1] == (0, 1) and first[1][1] == (1, 0)


@pytest.mark.parametrize(
    "argv, words",
    [
        (["nope", "--seats", "easy,easy"], "unknown game 'nope'"),
        (["etuc", "--seats", "easy,expert"], "unknown bot level 'expert'"),
        (["etuc", "--seats", "easy"], "2 to 3 players"),
        (["etuc", "--seats", "easy,easy,easy,easy"], "2 to 3 players"),
        (["etuc", "--seats", "easy,easy", "--variant", "x=1"], "unknown Planet etuC variant"),
        (["planepita", "--seats", "easy,easy", "--variant", "doubles=maybe"], "doubles"),
        (["planepita", "--seats", "easy,easy", "--variant", "nokey"], "KEY=VALUE"),
        (["planepita", "--seats", "easy,easy", "--variant", "team_play=true"], "4 players"),
        (["etuc", "--seats", "easy,easy", "--games", "0"], "--games"),
        (["etuc", "--seats", "easy,easy", "--jobs", "0"], "--jobs"),
        (["etuc", "--seats", "easy,easy", "--games", "two"], "invalid int"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    try:
        code = selfplay.main(argv)
    except SystemExit as exc:  # argparse's own errors
        code = exc.code
    assert code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("selfplay: error:")
    assert words in lines[0]


def test_no_pygame() -> None:
    code = "import sys, tools.selfplay; print('pygame' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "False"
