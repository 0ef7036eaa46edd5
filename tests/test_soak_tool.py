"""tools/soak.py and tools/strength.py: the CI sample of the soak (cheap cells,
zero exceptions, the table's shape), an exception reported with the command
that replays it while the run goes on, the matrix of cells, and the strength
table's counting."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest

from tabletop import games
from tabletop.games.etuc import bot as etuc_bot
from tools import selfplay, soak, strength


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> dict:
    """A copy of the registry for one test, so a test game registered by a
    tool's --register does not outlive the test."""
    copy = dict(games.REGISTRY)
    monkeypatch.setattr(games, "REGISTRY", copy)
    return copy


def _table(text: str) -> list[dict[str, str]]:
    """The rows of the first markdown table in ``text``, by column name."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    head = [c.strip() for c in lines[0].strip("|").split("|")]
    assert set(lines[1]) <= {"|", "-"}
    return [dict(zip(head, (c.strip() for c in line.strip("|").split("|")))) for line in lines[2:]]


def test_ci_sample_has_no_exception_and_a_row_per_cell(tmp_path: Path) -> None:
    out, raw = tmp_path / "soak.md", tmp_path / "soak.json"
    argv = ["--only", "etuc", "--only", "uchronicle", "--players", "2", "--games", "3"]
    argv += ["--games-for", "uchronicle=2", "--out", str(out), "--json", str(raw), "-q"]
    assert soak.main(argv) == 0
    text = out.read_text()
    rows = _table(text)
    assert list(rows[0]) == list(soak.HEAD)
    cells = [(r["game"], r["players"], r["variants"], r["games"]) for r in rows]
    assert cells == [
        ("Planet etuC", "2", "defaults", "3"),
        ("Uchronicle", "2", "defaults", "2"),
        ("Uchronicle", "2", "expert=true", "2"),
    ]
    for r in rows:
        assert r["exceptions"] == "0"
        assert r["bots"] == "easy"
        assert float(r["avg length"]) > 0
        assert len(r["scores min / q1 / median / q3 / max"].split(" / ")) == 5
    assert "- Exceptions: 0" in text
    assert "## Exceptions" not in text
    assert "python tools/soak.py --only etuc" in text  # the command
    assert "cores, Python" in text  # the machine
    # the table can be built again from the raw results
    again = tmp_path / "again.md"
    assert soak.main(["--merge", str(raw), "--out", str(again)]) == 0
    timeless = [{k: v for k, v in r.items() if k not in ("wall time", "per game")} for r in rows]
    assert [  # times are kept to the millisecond, so their last digit may differ
        {k: v for k, v in r.items() if k not in ("wall time", "per game")}
        for r in _table(again.read_text())
    ] == timeless
    assert json.loads(raw.read_text())["cells"][0]["results"][0]["error"] is None


def test_a_game_that_raises_is_reported_with_its_replay_and_the_run_goes_on(
    tmp_path: Path, registry: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "soak.md"
    argv = ["--register", "tests.nimgame.faulty:ENTRY", "--only", "faultynim"]
    argv += ["--players", "2", "--games", "6", "--out", str(out), "-q"]
    assert soak.main(argv) == 1  # an exception is a failed soak
    assert "RuntimeError: faulty nim" in capsys.readouterr().err  # the whole traceback
    text = out.read_text()
    rows = _table(text)
    assert len(rows) == 4  # defaults, chance=true, max_take=2, max_take=4
    assert all(r["games"] == "6" for r in rows)  # every game of every cell was played
    raised = sum(int(r["exceptions"]) for r in rows)
    assert 0 < raised < 24  # some games raised, the others finished
    assert text.count("replay: `python tools/selfplay.py faultynim") == raised
    first = next(line for line in text.splitlines() if line.startswith("- Faulty Nim"))
    assert "RuntimeError: faulty nim: take 3 of" in first
    seed = int(first.split(", seed ")[1].split(",")[0])
    # the seed is one whose game raises, and the command plays that game again
    entry = registry["faultynim"]
    state = entry.rules.setup(entry.default_config(2), seed)
    assert state.initial % 2 == 1
    replay = text.split("replay: `", 1)[1].split("`", 1)[0]
    words = shlex.split(replay)
    assert words[:2] == ["python", "tools/selfplay.py"] and "--untimed" in words
    assert selfplay.main(words[2:]) == 1  # it raised again
    again = capsys.readouterr().out
    assert f"game {first.split(': game ')[1].split(',')[0]}, seed {seed}," in again
    assert "exceptions: 1:" in again and "RuntimeError: faulty nim" in again


def test_the_matrix_takes_each_variant_value_alone_or_every_combination() -> None:
    cells = soak.cells_of("planepita", 4)
    assert [c.variant_words for c in cells] == [
        "defaults",
        "team_play=true",
        "clockwise=true",
        "doubles=true",
        "practice=true",
    ]
    assert len(soak.cells_of("planepita", 4, combinations=True)) == 16
    assert [c.variant_words for c in soak.cells_of("planepita", 2)][:2] == [
        "defaults",
        "third_party=false",
    ]
    every = soak.matrix()
    for name, entry in games.REGISTRY.items():
        counts = {c.players for c in every if c.game == name}
        assert counts == set(entry.info.player_range), name
        for c in every:  # every cell's config is one the game accepts
            if c.game == name:
                entry.default_config(c.players, **dict(c.variants))


@pytest.mark.parametrize(
    "argv, words",
    [
        (["--only", "nope"], "unknown game 'nope'"),
        (["--games", "0"], "--games"),
        (["--level", "expert"], "unknown bot level"),
        (["--level-for", "etuc=expert"], "--level-for"),
        (["--games-for", "nope=3"], "unknown game"),
        (["--only", "etuc", "--players", "6"], "no cell"),
        (["--register", "tests.nimgame:nothing"], "has no nothing"),
    ],
)
def test_soak_bad_input_is_one_line_and_exit_2(
    argv: list[str], words: str, registry: dict, capsys: pytest.CaptureFixture[str]
) -> None:
    assert soak.main([*argv, "--out", "-"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("soak: error:") and words in err[0]


def _result(
    g: int, places: tuple[int, ...], scores: tuple[float, ...], error: str | None = None
) -> selfplay.GameResult:
    times = tuple((0.1, 0.3 if b == 0 else 0.01) for b in range(len(places)))
    return selfplay.GameResult(
        g, g, tuple(range(len(places))), places, scores, times, 10, "", error
    )


def test_strength_counts_firsts_against_the_goal_ties_in_part() -> None:
    cells = strength.matrix(["planepita", "etuc"])
    assert [(c.game, c.players, c.level, c.opponent) for c in cells] == [
        ("planepita", 2, "hard", "medium"),
        ("planepita", 2, "medium", "easy"),
        ("planepita", 2, "hard", "easy"),
        ("planepita", 6, "hard", "medium"),
        ("planepita", 6, "medium", "easy"),
        ("planepita", 6, "hard", "easy"),
        ("etuc", 2, "hard", "medium"),
        ("etuc", 2, "medium", "easy"),
        ("etuc", 2, "hard", "easy"),
        ("etuc", 3, "hard", "medium"),
        ("etuc", 3, "medium", "easy"),
        ("etuc", 3, "hard", "easy"),
    ]
    assert cells[3].levels == ("hard",) + ("medium",) * 5
    assert [strength.goal(c) for c in cells] == [
        0.6,
        0.6,
        0.7,
        0.5,
        None,
        0.6,
        0.6,
        0.6,
        0.7,
        0.5,
        None,
        0.7,
    ]
    assert strength.goal(strength.Cell("planet", 4, "medium")) == 0.375
    assert strength.goal(strength.Cell("planet", 4, "random")) == 0.95
    cell = strength.Cell("etuc", 3, "easy")
    plan = strength.plan_of(cell, 4, 1, timed=True)
    assert plan.rotate and plan.levels == ("hard", "easy", "easy")
    results = (
        _result(0, (1, 2, 3), (9, 5, 1)),  # a win
        _result(1, (1, 1, 3), (7, 7, 1)),  # a first shared with one other: half
        _result(2, (2, 1, 3), (5, 6, 1)),
        _result(3, (1, 3, 2), (8, 1, 2)),  # a win
    )
    done = strength.CellResult(cell, plan, results, 1.0)
    assert done.score == 2.5
    row = dict(zip(strength.HEAD, done.row()))
    assert (row["sole wins"], row["shared firsts"], row["win rate"]) == ("2", "1", "62 %")
    assert (row["goal"], row["met"]) == ("70 %", "no")
    run = strength.Run("cmd", "today", 1, 1.0, 1, "here")
    text = strength.document([done], [run])
    assert _table(text)[0]["win rate"] == "62 %"
    assert "## Notes" not in text
    noted = strength.document([done], [run], ["luck"])
    assert noted.endswith("## Notes\n\n- luck\n")


def test_a_team_games_first_place_is_its_teams() -> None:
    """Planepita at 6 players: three teams of two, a team's seats share its place."""
    cell = strength.Cell("planepita", 6, "medium")
    plan = strength.plan_of(cell, 3, 1, timed=False)
    results = (
        _result(0, (1, 3, 2, 1, 3, 2), (9, 1, 5, 9, 1, 5)),  # its team first alone
        _result(1, (1, 1, 3, 1, 1, 3), (7, 7, 1, 7, 7, 1)),  # shared with another team
        _result(2, (2, 1, 3, 2, 1, 3), (5, 6, 1, 5, 6, 1)),
    )
    done = strength.CellResult(cell, plan, results, 1.0)
    assert (done.wins, done.shared, done.score) == (1, 1, 1.5)
    assert dict(zip(strength.HEAD, done.row()))["goal"] == "50 %"


def test_merge_takes_a_cell_from_the_last_run_that_played_it(tmp_path: Path) -> None:
    first, second, out = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "soak.md"
    base = ["--only", "etuc", "--out", str(tmp_path / "x.md"), "-q"]
    assert soak.main([*base, "--games", "2", "--json", str(first)]) == 0
    assert soak.main([*base, "--players", "2", "--games", "3", "--json", str(second)]) == 0
    assert soak.main(["--merge", str(first), str(second), "--out", str(out), "--note", "n"]) == 0
    text = out.read_text()
    rows = _table(text)
    assert [(r["players"], r["games"], r["run"]) for r in rows] == [
        ("2", "3", "2"),
        ("3", "2", "1"),
    ]
    assert "- Run 1: " in text and "- Run 2: " in text
    assert "Games per cell: 2, 3" in text
    assert text.endswith("## Notes\n\n- n\n")


def test_strength_merge_keeps_the_last_run_of_a_cell_and_fails_on_an_exception(
    tmp_path: Path,
) -> None:
    """Two runs that played the same cell give one row, the later run's, in
    the matrix's order; a game that raised makes the merge exit 1. The hard
    bot's thinking (kept per game in the JSON) is in its column."""
    etuc, planet = strength.Cell("etuc", 2, "easy"), strength.Cell("planet", 2, "medium")

    def cell(c: strength.Cell, results: tuple) -> strength.CellResult:
        return strength.CellResult(
            c, strength.plan_of(c, len(results), 1, timed=True), results, 1.0
        )

    won = (_result(0, (1, 2), (9, 1)), _result(1, (1, 2), (8, 2)))
    lost = (_result(0, (2, 1), (1, 9)),)
    files = [tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"]
    docs = [
        strength.run_json(
            [cell(planet, won), cell(etuc, lost)], strength.Run("a", "t1", 1, 1.0, 1, "m")
        ),
        strength.run_json([cell(etuc, won)], strength.Run("b", "t2", 2, 1.0, 1, "m")),
        strength.run_json(
            [cell(etuc, (*won, _result(2, (), (), "ValueError: x")))],
            strength.Run("c", "t3", 2, 1.0, 1, "m"),
        ),
    ]
    for f, doc in zip(files, docs):
        f.write_text(json.dumps(doc))
    out = tmp_path / "strength.md"
    assert (
        strength.main(
            [
                "--merge",
                str(files[0]),
                str(files[1]),
                str(files[0]),
                str(files[1]),
                "--out",
                str(out),
            ]
        )
        == 0
    )
    rows = _table(out.read_text())
    assert [(r["game"], r["games"], r["sole wins"]) for r in rows] == [
        ("Planet etuC", "2", "2"),
        ("Planet", "2", "2"),
    ]
    limit = etuc_bot.HARD_TIME  # the limit is read from the stronger bot, etuC's hard
    assert rows[0]["bot's thinking: mean / longest"] == f"0.20 / 0.30 s (limit {limit:g} s)"
    assert strength.main(["--merge", str(files[0]), str(files[2]), "--out", str(out)]) == 1
    assert "## Exceptions" in out.read_text()
    assert strength.main(["--merge", str(tmp_path / "none.json"), "--out", str(out)]) == 2


def test_each_soak_cell_has_a_seed_of_its_own() -> None:
    cells = soak.cells_of("planet", 2)
    seeds = {soak.cell_seed(1, c) for c in cells}
    assert len(seeds) == len(cells) and soak.cell_seed(1, cells[0]) == soak.cell_seed(1, cells[0])
    assert soak.cell_seed(2, cells[0]) != soak.cell_seed(1, cells[0])


def test_durations_in_the_tables_read_as_before() -> None:
    from tools.cells import seconds

    assert [seconds(s) for s in (0.0456, 3.21, 99.9, 109.9, 750.0, 7560.0)] == [
        "46 ms",
        "3.2 s",
        "99.9 s",
        "1.8 min",
        "12.5 min",
        "2.1 h",
    ]
