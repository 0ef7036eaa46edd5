"""The monkey at the real program (``tools/monkey.py``), bounded: random
clicks, drags, wheel turns, keys and window resizes through ``App.frame`` on
the menus and on every game's table (one person with easy bots, two people
at one device), and no exception. The full run (10,000 events) is
``python tools/monkey.py``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tabletop import games
from tools import monkey


def test_a_bounded_monkey_run_on_every_scene_raises_nothing(tmp_path: Path) -> None:
    report = monkey.run(events=220, seed=3, home=tmp_path)
    assert report.events >= 220 - len(monkey.phases(list(games.REGISTRY)))
    assert report.games_started == 2 * len(games.REGISTRY)
    assert report.resizes > 0
    assert {
        "TitleScene",
        "PlanetTable",
        "PlanepitaTable",
        "EtucTable",
        "UchronicleTable",
        "PhantomTable",
    } <= report.scenes
    assert report.plays >= 3 and report.moves > report.plays  # people's moves and the bots' answers


@pytest.mark.bot_failures
def test_a_failing_bot_stops_the_monkey(tmp_path: Path, monkeypatch) -> None:
    """The session plays a random move for a bot that raises and goes on; the
    monkey reports it as the failure it is."""
    from tabletop.core import session as session_mod

    def broken(self, seat, seed):
        class Broken:
            def choose(self, view):
                raise RuntimeError("this bot is broken")

        return Broken()

    monkeypatch.setattr(session_mod.Session, "_make_bot", broken)
    with pytest.raises(monkey.MonkeyFailure, match="a bot failed"):
        monkey.run(events=60, seed=3, home=tmp_path, game_names=["etuc"])
