"""A failing bot, through the real App frame: the game log and a toast say so,
the seat's random legal move is played, and the game goes on to its results.

The game is Nim with seat 1 ("Basil") played by a broken bot. A bot that
raises or answers illegally is played on the frame's own thread; a bot that
never answers thinks on the worker, and the frames are driven with a large
``dt`` until its budget and the grace have passed: nothing here sleeps.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from tabletop.app import App
from tabletop.core.session import Seat, Session
from tabletop.ui import flow, overlays
from tabletop.ui.gamescene import GameScene
from tests.core.test_bot_failures import (
    BROKEN,
    DEADLINE,
    FAILED,
    WHY,
    HangingBot,
    entry_with,
)
from tests.nimgame.scene import is_nim
from tests.ui.driver import Driver, games_with_nim, make_app
from tests.ui.test_app_flow import choose_move, human_ready, take

pytestmark = pytest.mark.bot_failures

SEATS = [Seat("Ann"), Seat("Basil", "bot", "easy")]


def app_with(tmp_path: Any, entry: Any, *, threaded_bots: bool = False) -> App:
    """An App whose Nim is ``entry`` (Nim with a broken bot)."""
    return make_app(
        tmp_path, games={**games_with_nim(), entry.name: entry}, threaded_bots=threaded_bots
    )


def start(app: App) -> GameScene:
    entry = app.games["nim"]
    scene = flow.start_game(app, entry, entry.default_config(2), 5, SEATS)
    assert is_nim(scene)
    return scene


def failure_toasts(app: App) -> list[str]:
    return [t.text for t in app.toasts.items if t.kind == "error" and t.text.startswith(FAILED)]


@pytest.fixture(name="app", params=list(BROKEN))
def app_fixture(tmp_path: Any, request: pytest.FixtureRequest) -> Iterator[App]:
    a = app_with(tmp_path, entry_with(BROKEN[request.param]))
    try:
        yield a
    finally:
        a.shutdown()


def test_a_failing_bot_is_logged_and_the_game_plays_on_to_the_results(
    app: App, request: pytest.FixtureRequest
) -> None:
    kind = request.node.callspec.params["app"]
    d = Driver(app)
    scene = start(app)
    s = scene.session
    assert not s.threaded
    d.until(human_ready(scene))
    take(d, scene, *choose_move(scene))
    d.until(human_ready(scene))
    assert s.ply == 2
    words = f"{FAILED} ({WHY[kind]}); a random legal move was played"
    assert s.log[1].startswith(words + ": Basil ")
    assert failure_toasts(app) == [words + "."]
    # the log panel shows it in words
    shown = " ".join(text for _, text, _ in scene.log_rows(2000, 50))
    assert FAILED in shown
    for _ in range(60):
        if s.is_over():
            break
        d.until(lambda: s.is_over() or human_ready(scene)())
        if not s.is_over():
            take(d, scene, *choose_move(scene))
    d.until(lambda: isinstance(d.top, overlays.ResultsScene))
    bot_plies = [i for i, st in enumerate(s.states[:-1]) if s.rules.to_move(st) == 1]
    assert [ply for ply, _ in s.bot_failures] == bot_plies


def test_a_bot_that_never_answers_is_given_up_after_its_budget_counted_in_frames(
    tmp_path: Any,
) -> None:
    gate, started = threading.Event(), threading.Event()
    app = app_with(
        tmp_path, entry_with(lambda seat: HangingBot(seat, gate, started)), threaded_bots=True
    )
    try:
        d = Driver(app)
        scene = start(app)
        s = scene.session
        assert s.threaded
        d.until(human_ready(scene))
        take(d, scene, *choose_move(scene))
        d.until(lambda: not scene.animating)
        assert started.wait(DEADLINE)
        patience = HangingBot.time_budget + Session.bot_grace
        waited = d.until(lambda: s.ply == 2, frames=40, dt=0.25)
        # no answer for the budget and the grace (counted on dt), then the
        # fallback waits the usual pause between a bot's choice and its move
        assert waited * 0.25 >= patience
        assert s.log[1].startswith(f"{FAILED} (it gave no answer in {patience:g} s)")
        assert failure_toasts(app)
        d.until(human_ready(scene))
        assert scene.my_turn and not gate.is_set()  # the game goes on while the bot is stuck
        take(d, scene, *choose_move(scene))
        assert s.ply == 3
    finally:
        gate.set()
        app.shutdown()
