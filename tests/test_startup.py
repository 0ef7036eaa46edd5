"""Start-up pays for no game: the registry holds each game's info, the
title's first frame comes before numpy, pymunk and any game's code are
imported, and the games are imported when first used or warmed on a worker
after that frame (tabletop/core/loading.py; the time itself is measured in
tools/bench.py's startup section, never here)."""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tabletop.core.game import GameEntry
from tabletop.core.loading import Warmer
from tabletop.core.session import Session, default_seats
from tabletop.core.storage import Storage
from tabletop.games import REGISTRY
from tests.ui.driver import make_app

ROOT = Path(__file__).resolve().parents[1]

#: what the title's first frame must not have imported
HEAVY = ("numpy", "pymunk")
#: a game's modules that hold its rules, bots, tables and data
GAME_CODE = ("rules", "bot", "model", "table", "hands", "physics", "commentary", "solver")

FIRST_FRAME = """
import json, sys
from tabletop.app import main

status = main(["--frames", "1"])
print(json.dumps({"status": status, "modules": sorted(sys.modules)}))
"""


def fresh(entry: GameEntry) -> GameEntry:
    """A lazy entry like ``entry``, nothing of it loaded yet (the registry's
    own are loaded once any test of this process used the game)."""
    return GameEntry(info=entry.info, scene=entry.scene, icon=entry.icon, parts=entry.parts)


@pytest.mark.parametrize("autosave", [False, True], ids=["first-start", "with-an-autosave"])
def test_the_title_s_first_frame_imports_no_game(tmp_path: Path, autosave: bool) -> None:
    """``tabletop --frames 1``, as a player starts it: after its one frame
    neither numpy, pymunk nor a module of any game but its info is loaded,
    also when an autosave waits (whether its game has ended is asked after
    that frame: it loads the game)."""
    if autosave:
        entry = REGISTRY["uchronicle"]
        session = Session(entry, entry.default_config(2), 3, default_seats(["human", "easy"]))
        session.play(session.rules.legal_actions(session.state)[0])
        Storage(tmp_path).save_game("autosave", session.to_doc())
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        TABLETOP_HOME=str(tmp_path),
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    done = subprocess.run(
        [sys.executable, "-c", FIRST_FRAME],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["status"] == 0
    modules = set(report["modules"])
    assert "tabletop.ui.menus" in modules  # the title was drawn
    assert not {m for m in modules if m.split(".")[0] in HEAVY}
    for name in REGISTRY:
        package = f"tabletop.games.{name}"
        assert f"{package}.info" in modules
        loaded = sorted(
            m for m in modules if m.startswith(package + ".") and m != f"{package}.info"
        )
        assert not loaded, f"the first frame imported {loaded}"


def test_a_lazy_entry_loads_its_parts_when_first_read() -> None:
    entry = fresh(REGISTRY["etuc"])
    assert not entry.loaded
    assert entry.package == "tabletop.games.etuc"  # read without loading
    assert entry.info.title == "Planet etuC"
    assert not entry.loaded
    rules = entry.rules
    assert entry.loaded
    assert rules.info is entry.info
    assert entry.make_bot is REGISTRY["etuc"].make_bot
    assert entry.determinize is not None and entry.user_config is None
    assert entry.level_note("hard")
    # a replaced part gives a whole entry, as for any dataclass
    other = dataclasses.replace(fresh(REGISTRY["uchronicle"]), determinize=None)
    assert other.loaded and other.determinize is None
    assert other.rules is REGISTRY["uchronicle"].rules


def test_a_lazy_entry_refuses_rules_with_another_info() -> None:
    """The game's info has one home, its info module: rules that declare
    their own would drift from what the title showed."""
    etuc = REGISTRY["etuc"]
    wrong = GameEntry(
        info=dataclasses.replace(etuc.info, title="Not etuC"),
        scene=etuc.scene,
        parts=etuc.parts,
    )
    with pytest.raises(TypeError, match="info"):
        wrong.load()
    with pytest.raises(TypeError, match="info"):  # nothing of it was kept
        wrong.rules  # noqa: B018
    assert not wrong.loaded
    with pytest.raises(TypeError, match="no such part"):
        GameEntry(info=etuc.info, parts=(("rulez", "x:y"),))
    with pytest.raises(TypeError, match="has no rules"):
        GameEntry(info=etuc.info)


def test_warming_phantom_rummy_builds_its_goal_tables() -> None:
    """Phantom Rummy's goal tables (a fifth of a second) are built by the
    first question, or by the worker warming the game: never at import."""
    from tabletop.games.phantom_rummy import hands

    hands.clear_caches()
    try:
        entry = fresh(REGISTRY["phantom_rummy"])
        assert not hands._BUILT
        entry.warm()
        assert sorted(hands._BUILT) == [2, 3]
    finally:  # the tables as every other test of this process finds them
        hands.prepare()


def test_the_registry_s_info_is_the_rules_info() -> None:
    for entry in REGISTRY.values():
        assert entry.rules.info is entry.info, entry.name


def test_the_title_draws_the_games_pictures_once_warmed(tmp_path: Path) -> None:
    """With a worker (as the program runs), the title's first frame shows
    each card's ground without importing the game; the worker starts after
    that frame, and the frame after it has ended shows every picture."""
    games = {name: fresh(entry) for name, entry in REGISTRY.items()}
    app = make_app(tmp_path, games=games, threaded_bots=True)
    try:
        title = app.stack.top
        app.frame([], 1 / 60)
        assert title.waiting
        assert not app.warmer.started
        assert not any(entry.loaded for entry in games.values())
        app.frame([], 1 / 60)  # the first frame has shown: the worker starts
        assert app.warmer.started
        app.warmer.wait(timeout=120)
        assert not app.warmer.errors
        assert all(entry.loaded for entry in games.values())
        assert all(app.warmer.ready(name) for name in games)
        app.frame([], 1 / 60)
        assert not title.waiting
    finally:
        app.shutdown()


def test_without_a_worker_the_title_draws_every_picture_at_once(tmp_path: Path) -> None:
    """Tests drive the frames on their own thread: nothing is warmed on a
    worker, and the first frame draws the pictures itself, as before."""
    games = {name: fresh(entry) for name, entry in REGISTRY.items()}
    app = make_app(tmp_path, games=games)
    try:
        app.frame([], 1 / 60)
        assert not app.stack.top.waiting
        assert not app.warmer.started
    finally:
        app.shutdown()


def test_the_warmer_runs_its_jobs_in_turn_and_stops_between_them() -> None:
    done: list[str] = []

    def fail() -> None:
        raise RuntimeError("broken")

    warmer = Warmer([("a", lambda: done.append("a")), ("b", fail), ("c", lambda: done.append("c"))])
    assert not warmer.ready("a") and warmer.ready("not a job")
    warmer.start()
    warmer.wait(timeout=60)
    assert done == ["a", "c"]
    assert all(warmer.ready(name) for name in "abc")
    assert isinstance(warmer.errors["b"], RuntimeError)
    stopped = Warmer([("a", lambda: done.append("never"))])
    stopped.stop()
    stopped.start()
    stopped.wait(timeout=60)
    assert "never" not in done
    unthreaded = Warmer([("a", fail)], threaded=False)
    unthreaded.start()
    assert not unthreaded.started and unthreaded.ready("a")
