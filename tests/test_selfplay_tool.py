"""tools/selfplay.py: a short etuc run adds up, runs repeat, bad input exits 2."""

from __future__ import annotations

import dataclasses
import json
import re
import shlex
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
        (["etuc", "--seats", "easy,easy", "--only-game", "0"], "--only-game"),
        (["etuc", "--seats", "easy,easy", "--register", "tests.nimgame"], "module:ATTR"),
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


def test_random_seats_play_any_game(capsys: pytest.CaptureFixture[str]) -> None:
    """The random level plays a card game (uniform over legal_actions) and
    Planepita (whose legal_actions lists flick ranges: sample_action draws one)."""
    for game in ("etuc", "planepita"):
        argv = [game, "--seats", "random,easy", "--games", "1", "--untimed"]
        assert selfplay.main(argv) == 0
        out = capsys.readouterr().out
        assert "| random |" in out and "exceptions: 0" in out, game


def test_lengths_scores_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    raw = tmp_path / "run.json"
    argv = ["etuc", "--seats", "easy,random", "--games", "3", "--rotate", "--json", str(raw)]
    assert selfplay.main(argv) == 0
    out = capsys.readouterr().out
    doc = json.loads(raw.read_text())
    lengths = sorted(r["actions"] for r in doc["results"])
    assert f"actions per game: min {lengths[0]}, median {lengths[1]}, max {lengths[2]}," in out
    easy = sorted(r["scores"][0] for r in doc["results"])
    low, high = selfplay._num(easy[0]), selfplay._num(easy[-1])
    assert re.search(
        rf"\| easy +\| {low} / [\d.]+ / {selfplay._num(easy[1])} / [\d.]+ / {high} ", out
    )
    assert doc["levels"] == ["easy", "random"] and doc["games"] == 3
    assert [r["seats"] for r in doc["results"]][:2] == [["easy", "random"], ["random", "easy"]]
    assert all(r["error"] is None and r["replay"] is None for r in doc["results"])


def test_only_game_replays_that_game_of_the_run() -> None:
    plan = selfplay.Plan("etuc", ("easy", "random"), 3, 5, rotate=True, timed=False)
    whole = selfplay.run(plan)
    one = selfplay.run(dataclasses.replace(plan, only=2))
    assert len(one) == 1
    assert (one[0].number, one[0].seed, one[0].seats, one[0].places, one[0].actions) == (
        whole[2].number,
        whole[2].seed,
        whole[2].seats,
        whole[2].places,
        whole[2].actions,
    )


def test_a_game_that_raises_is_listed_and_the_run_goes_on(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop import games

    monkeypatch.setattr(games, "REGISTRY", dict(games.REGISTRY))
    argv = ["faultynim", "--register", "tests.nimgame.faulty:ENTRY", "--seats", "easy,random"]
    assert selfplay.main([*argv, "--games", "8", "--rotate"]) == 1
    out = capsys.readouterr().out
    raised = re.findall(
        r"^- game (\d+), seed (\d+), seats (\S+), after \d+ decisions: (.*)$", out, re.M
    )
    assert raised and len(raised) < 8
    assert f"exceptions: {len(raised)}:" in out
    rows = _rows(out)
    assert int(rows["easy"][1]) == 8 - len(raised)  # the finished games are counted
    number, seed, seats, last = raised[0]
    assert last.startswith("RuntimeError: faulty nim: take 3 of")
    replay = out.split("  replay: ", 1)[1].splitlines()[0]
    assert replay.endswith(f"--only-game {number}") and "--rotate" in replay
    assert selfplay.main(shlex.split(replay)[2:]) == 1
    again = capsys.readouterr().out
    assert f"- game {number}, seed {seed}, seats {seats}," in again


def test_sole_wins_by_seat_count_the_winner_s_seat_with_seats_rotated() -> None:
    """Three bots, seats rotated: game 1 puts bot 1 in seat P1, bot 2 in P2
    and bot 0 in P3. Bot 0 wins it: the win is P3's."""
    plan = selfplay.Plan("etuc", ("hard", "easy", "easy"), 1, 1, rotate=True)
    seats = plan.seating(1)
    assert seats == (1, 2, 0)
    result = selfplay.GameResult(1, 0, seats, (1, 2, 3), (5, 2, 1), ((0.1,),) * 3, 9, "")
    assert "sole wins by seat: P1 0, P2 0, P3 1" in selfplay.report(plan, [result], 1.0, 1)


def test_verbose_run_lists_a_game_that_raised(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tabletop import games

    monkeypatch.setattr(games, "REGISTRY", dict(games.REGISTRY))
    argv = [
        "faultynim",
        "--register",
        "tests.nimgame.faulty:ENTRY",
        "--seats",
        "easy,random",
        "--games",
        "8",
        "-v",
    ]
    assert selfplay.main(argv) == 1
    out = capsys.readouterr().out
    assert re.search(
        r"^game \d+/8 seed \d+: P1=easy P2=random \| raised RuntimeError: faulty nim", out, re.M
    )
