"""The monkey at the real program (``tools/monkey.py``), bounded: random
clicks, drags, wheel turns, keys and window resizes through ``App.frame`` on
the menus and on every game's table (one person with easy bots, two people
at one device), and no exception. The full run (10,000 events) is
``python tools/monkey.py``."""

from __future__ import annotations

from pathlib import Path

from tabletop import games
from tools import monkey


def test_a_bounded_monkey_run_on_every_scene_raises_nothing(tmp_path: Path) -> None:
    report = monkey.run(events=220, seed=3, home=tmp_path)
    assert report.events >= 220 - len(monkey.phases(list(games.REGISTRY)))
    assert report.games_started == 2 * len(games.REGISTRY)
    assert report.resizes > 0
    tables = {name for name in report.scenes if name.endswith("Scene")}
    assert {"TitleScene", "PlanetScene", "PlanepitaScene", "EtucScene", "UchronicleScene", "PhantomScene"} <= tables
