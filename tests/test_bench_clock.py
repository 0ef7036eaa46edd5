"""tools/bench.py's clock section: a game's row is the share of its hard
bot's decisions whose ``clock_cut`` is set after ``choose`` (no timing is
asserted: the bots here are stand-ins that say what cut them)."""

from __future__ import annotations

import subprocess
from typing import Any

import pytest

from tools import bench


class StandIn:
    """A bot whose decision was cut by its seconds, or not."""

    def __init__(self, cut: bool) -> None:
        self.cut = cut
        self.clock_cut = False

    def choose(self, view: Any) -> Any:
        self.clock_cut = self.cut
        return view


def test_a_games_row_is_the_share_of_decisions_its_clock_cut() -> None:
    decisions = [
        (lambda cut=cut: StandIn(cut), i) for i, cut in enumerate([True, False, False, False])
    ]
    row = bench.clock_row("nim", decisions)
    assert row.value == 25.0 and row.unit == "%" and row.goal == bench.CLOCK_GOAL
    assert row.measure.startswith("nim hard decisions ended by the clock, one busy process beside")
    assert row.ok is False
    assert bench.clock_row("nim", decisions[1:]).ok is True


def test_every_clock_game_names_itself_and_planet_is_one() -> None:
    assert "clock" in bench.SECTIONS
    names = [name for name, _ in bench.CLOCK_GAMES]
    assert "planet" in names and len(set(names)) == len(names)


def test_the_busy_process_runs_inside_the_block_and_is_gone_after(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    spawned: list[subprocess.Popen[bytes]] = []
    real = subprocess.Popen

    def spy(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        proc = real(*args, **kwargs)
        spawned.append(proc)
        return proc

    monkeypatch.setattr(bench.subprocess, "Popen", spy)
    with bench.busy_process():
        assert len(spawned) == 1 and spawned[0].poll() is None
    assert spawned[0].poll() is not None
