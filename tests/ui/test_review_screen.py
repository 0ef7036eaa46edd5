"""*Review* on the results screen (tabletop/ui/reviewscene.py): the hard
bot's judgement of the person's moves, made off the frame (on the worker;
here, an unthreaded session answers at once), listed the most costly first
with a reason and the difference, each position shown on the table from
the person's seat, the same review every time."""

from __future__ import annotations

import random
from typing import Any

import pygame

from tabletop.core import review
from tabletop.core.session import Seat
from tabletop.core.words import fill_seats
from tabletop.ui import overlays
from tabletop.ui.gamescene import GameScene
from tabletop.ui.reviewscene import ReviewScene
from tests.nimgame import ENTRY as NIM
from tests.ui.driver import Driver, app_fixture, driver_fixture, start_table

__all__ = ["app_fixture", "driver_fixture"]


def _play_nim_badly(driver: Driver, seed: int = 4) -> Any:
    """A game of Nim where the person (seat 0) takes one stone from the
    largest heap every time, played through the frame to its results."""
    scene = start_table(driver.app, NIM, [Seat("Ada", "human"), Seat("Bo", "bot", "easy")], seed)
    rng = random.Random(seed)
    for _ in range(6000):
        if isinstance(driver.top, overlays.ResultsScene):
            break
        s = scene.session
        if s.is_human_turn() and not scene.animating and driver.top is scene:
            legal = s.rules.legal_actions(s.state)
            scene.act(rng.choice(legal))
        driver.frame()
    assert isinstance(driver.top, overlays.ResultsScene)
    return scene


def test_review_is_offered_on_the_results_and_lists_the_persons_worst_moves(
    driver: Driver,
) -> None:
    scene = _play_nim_badly(driver)
    results = driver.top
    assert results.review.visible and results.review in results.buttons
    driver.click_widget(results.review)
    driver.frames(2)
    screen = driver.top
    assert isinstance(screen, ReviewScene) and not screen.busy
    s = scene.session
    expected = review.review(s.entry, s.states, s.actions, 0, s.seed)
    assert screen.findings == expected and expected
    # the person's own moves only, the most costly first
    assert all(s.rules.to_move(s.states[f.ply]) == 0 for f in expected)
    losses = [f.assessment.loss for f in expected]
    assert losses == sorted(losses, reverse=True)
    assert screen.progress[0] == screen.progress[1] > 0
    # each move a row; the chosen one's words name the move, the reason and the values
    assert len(screen.rows) == len(expected)
    words = " ".join(screen.detail(expected[0]))
    assert f"Move {expected[0].ply + 1}." in words
    assert "The hard bot would have chosen otherwise." in words and "more)" in words
    assert "Ada" in screen.status_words()


def test_show_on_the_table_opens_the_position_paused_from_the_persons_seat(
    driver: Driver,
) -> None:
    scene = _play_nim_badly(driver)
    driver.click_widget(driver.top.review)
    driver.frames(2)
    screen = driver.top
    screen.choose(len(screen.rows) - 1)
    found = screen.findings[screen.chosen]
    driver.click_widget(screen.show_button)
    shown = driver.top
    assert isinstance(shown, GameScene) and shown is not scene
    assert shown.session.state == scene.session.states[found.ply]
    assert shown.replay_queue == [scene.session.actions[found.ply]] and shown.replay_paused
    assert shown.viewer == 0
    driver.frames(30)
    assert shown.session.ply == found.ply  # paused: nothing moves by itself
    # Esc comes back to the review, which keeps its findings
    kept = list(screen.findings)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert driver.top is screen and screen.findings == kept


def test_a_bot_only_game_or_a_replay_offers_no_review(driver: Driver) -> None:
    scene = start_table(driver.app, NIM, [Seat("Ada", "bot", "easy"), Seat("Bo", "bot", "easy")], 3)
    driver.until(lambda: isinstance(driver.top, overlays.ResultsScene), frames=3000)
    assert not driver.top.review.visible and driver.top.review not in driver.top.buttons
    assert scene.session.human_seats() == []


def test_with_the_coach_on_a_clearly_worse_move_gets_the_hard_bots_note(driver: Driver) -> None:
    """The coach in a real game: each of the person's moves is judged (on
    the worker; here at once) and a clearly worse one gets a note in the
    log, in the game's own measure, and a message; the bots' moves get none."""
    scene = start_table(driver.app, NIM, [Seat("Ada", "human"), Seat("Bo", "bot", "easy")], 4)
    scene.session.coach_on = True
    rng = random.Random(4)
    for _ in range(6000):
        if isinstance(driver.top, overlays.ResultsScene):
            break
        s = scene.session
        if s.is_human_turn() and not scene.animating and driver.top is scene:
            scene.act(rng.choice(s.rules.legal_actions(s.state)))
        driver.frame()
    s = scene.session
    notes = [(ply, text) for ply, text in scene.log_notes if text.startswith("Coach: ")]
    assert notes, "a game of random moves had no clearly worse one"
    for ply, text in notes:
        assert s.rules.to_move(s.states[ply - 1]) == 0  # the person's move, none of Bo's
        judged = review.assess(s.entry, s.states[ply - 1], 0, s.actions[ply - 1], s.seed, ply - 1)
        assert judged is not None and judged.clearly_worse
        assert text == "Coach: " + fill_seats(review.note(judged), s.names)
    assert len(notes) == sum(
        1
        for ply in range(len(s.actions))
        if s.rules.to_move(s.states[ply]) == 0
        and (j := review.assess(s.entry, s.states[ply], 0, s.actions[ply], s.seed, ply)) is not None
        and j.clearly_worse
    )
