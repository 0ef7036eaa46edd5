"""Hints through the real App frame, headless (Nim as the game): H and the
bar's button, the hint card's Play hint, its end when the position changes,
the refusal in hot-seat, the setup's option and the statistics' mark."""

from __future__ import annotations

import dataclasses
import threading
from typing import Any

import pygame

from tabletop.core.session import default_seats
from tabletop.core.stats import HINTS
from tabletop.ui import menus, overlays
from tabletop.ui.gamescene import GameScene
from tests.core.test_bot_failures import DEADLINE
from tests.nimgame import ENTRY as NIM
from tests.nimgame.rules import Take
from tests.ui.driver import Driver, app_fixture, driver_fixture, games_with_nim, make_app  # noqa: F401  (fixtures)
from tests.ui.test_app_flow import choose_move, human_ready, start, take


def hard_choice(scene) -> object:
    """What the game's hard bot, seeded as a hint is, plays from the viewer's view."""
    s = scene.session
    bot = s.entry.make_bot("hard", scene.viewer, s.hint_seed(scene.viewer), timed=False)
    return bot.choose(s.view(scene.viewer))


def test_h_shows_the_hard_bots_move_and_play_hint_plays_it(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "medium"]))
    d.until(human_ready(scene))
    assert scene.hints_offered and scene.hint_action is None
    expected = hard_choice(scene)
    d.key(pygame.K_h)
    assert scene.hint_action == expected
    assert scene.shown_hint is not None and scene.shown_hint.reason
    d.frame()
    assert scene.hint_card_rect.w > 0 and scene.log_rect.contains(scene.hint_card_rect)
    assert HINTS in scene.session.marks
    d.click(scene.hint_play_rect.center)
    assert scene.session.actions[-1] == expected  # the player's own move, through act
    assert scene.hint_action is None and scene.shown_hint is None
    # to the end: the game's record in the statistics carries the mark
    s = scene.session
    while not s.is_over():
        d.until(lambda: human_ready(scene)() or s.is_over(), frames=300, dt=0.1)
        if not s.is_over():
            heap, k = choose_move(scene)
            take(d, scene, heap, k)
    d.until(lambda: isinstance(d.top, overlays.ResultsScene), frames=300, dt=0.1)
    stats, _ = app.storage.load_stats()
    assert HINTS in stats.results[-1].marks


def test_the_bar_button_asks_and_the_hint_goes_when_the_turn_passes(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "medium"]))
    d.until(human_ready(scene))
    d.frame()  # the bar is drawn with its button
    assert scene.hint_button_rect.w > 0
    d.click(scene.hint_button_rect.center)
    hinted = scene.hint_action
    assert isinstance(hinted, Take)
    # the player makes another move: the hint is gone, and stays gone on the next turn
    other = next(
        a
        for a in scene.session.rules.legal_actions(scene.session.state)
        if a != hinted and isinstance(a, Take)
    )
    assert scene.act(other)
    assert scene.hint_action is None
    d.until(human_ready(scene), frames=300, dt=0.1)
    assert scene.hint_action is None and scene.shown_hint is None
    d.frame()
    assert scene.hint_card_rect.w == 0
    # asked again, then taken back: undo clears it too
    d.key(pygame.K_h)
    assert scene.hint_action is not None
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert scene.hint_action is None and scene.shown_hint is None


def test_dismiss_hides_the_hint(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "medium"]))
    d.until(human_ready(scene))
    d.key(pygame.K_h)
    d.frame()
    d.click(scene.hint_close_rect.center)
    assert scene.hint_action is None and scene.shown_hint is None
    assert scene.session.ply == 0  # dismissed, not played


def test_h_in_hot_seat_is_refused_with_the_reason(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "human"]))
    if isinstance(d.top, overlays.CurtainScene):
        d.press("I am Player 1: show my table")
    d.until(human_ready(scene))
    d.frame()
    assert not scene.hints_offered and scene.hint_button_rect.w == 0
    d.key(pygame.K_h)
    assert scene.hint_action is None
    assert "Hints are off" in scene.last_error and "setup" in scene.last_error
    assert HINTS not in scene.session.marks


def test_the_setup_offers_hints_only_to_two_or_more_people(driver: Driver) -> None:
    d, app = driver, driver.app
    setup = menus.SetupScene(app, app.games["nim"])
    app.stack.push(setup)
    d.frame()
    _, kind = setup.seat_rows[1]
    d.set_choice(kind, "Bot: easy")
    assert not setup.hints_choice.visible  # one person: hints are simply on
    d.set_choice(kind, "Human")
    assert setup.hints_choice.visible
    d.set_choice(setup.hints_choice, "On")
    d.press("Start game")
    s = next(sc for sc in app.stack.scenes if isinstance(sc, GameScene)).session
    assert s.hints_on and s.hints_allowed()
    doc, _ = app.storage.load_game("autosave")
    assert doc is not None and doc["hints"] is True


class GatedBot:
    """A hint bot that thinks until the test opens ``gate``, then takes one stone."""

    def __init__(self, seat: int, gate: threading.Event, started: threading.Event) -> None:
        self.seat, self.gate, self.started = seat, gate, started

    def choose(self, view: Any) -> Any:
        self.started.set()
        self.gate.wait(DEADLINE)
        return Take(1, 1)


def test_the_hint_thinks_on_the_worker_and_the_frame_goes_on(tmp_path: Any) -> None:
    """With the app's worker (not the test's thread): while the hard bot
    thinks, frames run and the bar says "Thinking…"; the hint shows once ready."""
    gate, started = threading.Event(), threading.Event()

    def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Any:
        if level == "hard" and seat == 0:
            return GatedBot(seat, gate, started)
        return NIM.make_bot(level, seat, seed, timed=timed)

    entry = dataclasses.replace(NIM, make_bot=make_bot)
    app = make_app(tmp_path, games={**games_with_nim(), "nim": entry}, threaded_bots=True)
    try:
        d = Driver(app)
        scene = start(app, default_seats(["human", "medium"]))
        s = scene.session
        assert s.threaded
        d.until(human_ready(scene))
        d.key(pygame.K_h)
        assert started.wait(DEADLINE)
        d.frames(3)  # the frame never waits for the hint
        assert s.hint_thinking() and scene.hint_button_label == "Thinking…"
        assert scene.hint_action is None and s.ply == 0
        gate.set()
        assert s.wait_hint(DEADLINE)
        d.frame()
        assert scene.hint_action == Take(1, 1) and scene.hint_button_label == "Hint (H)"
    finally:
        gate.set()
        app.shutdown()
