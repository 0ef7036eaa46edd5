"""The log and the hint card (issue 27): a divider in every log between
rounds, deals and games; a hint's reason shown whole on its card, and kept
in the log."""

from __future__ import annotations

import dataclasses
from types import SimpleNamespace
from typing import Any

import pygame

from tabletop.core.session import default_seats
from tabletop.ui import flow
from tabletop.ui.gamescene import new_round
from tabletop.ui.widgets import CUTS
from tests.ui.driver import Driver, app_fixture, driver_fixture  # noqa: F401  (fixtures)
from tests.ui.test_app_flow import human_ready, start
from tools import screenshot


def test_a_divider_names_the_round_deal_or_game_a_move_began() -> None:
    a, b = SimpleNamespace(round=1, turn=3), SimpleNamespace(round=2, turn=0)
    assert new_round(a, b) == "Round 2"
    assert new_round(b, b) == "" and new_round(b, a) == ""
    assert new_round(SimpleNamespace(game=1), SimpleNamespace(game=2)) == "Game 2"
    assert new_round(SimpleNamespace(short_game=2), SimpleNamespace(short_game=3)) == "Game 3"
    assert new_round(SimpleNamespace(round=True), SimpleNamespace(round=2)) == ""  # not a count


def test_the_log_draws_a_divider_where_a_new_round_began(driver: Driver) -> None:
    d, app = driver, driver.app
    app.update_settings(anim_speed=0.0)
    entry = app.games["uchronicle"]
    session = screenshot.new_session(entry, 5, to_summary=True)
    ended = session.ply  # the move that ends round 1 is next
    scene = flow.start_game(app, entry, session.config, 5, session.seats, session=session)
    scene.play_through_frame(session.next_move)
    d.frames(3)
    rows = scene.log_rows(2000, 500)
    dividers = [i for i, (number, text, _) in enumerate(rows) if text == "Round 2"]
    assert len(dividers) == 1, rows[-4:]
    before = [row for row in rows[: dividers[0]] if row[0]]
    assert before[-1][0] == f"{ended + 1}.", "the divider follows the move that ended round 1"
    assert scene.log_divider(ended) == "Round 2" and scene.log_divider(ended - 1) == ""
    d.frames(1)
    assert scene._log_key is not None  # the panel was drawn with it


def test_a_hints_reason_stands_whole_on_its_card_and_in_the_log(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "medium"]))
    d.until(human_ready(scene))
    d.key(pygame.K_h)
    reason = scene.shown_hint.reason
    assert reason
    assert any(text == f"Hint: {reason}" for _, text, _ in scene.log_rows(4000, 500))
    # a reason of many lines (Uchronicle's expert hints run to six or seven)
    long = " ".join(
        [reason, "though a play costing 5 points was there, and one costing 2 more"] * 3
    )
    scene.shown_hint = dataclasses.replace(scene.shown_hint, reason=long)
    d.frame()
    card = scene.hint_card_rect
    lines = scene.hint_lines(card.w - 2 * app.theme.px(10))
    assert len(lines) > 5  # the card used to stop at five
    assert scene.hint_card_height(card.w) == card.h
    assert card.h >= len(lines) * app.theme.small.get_linesize()
    assert not [text for rect, text in CUTS.placed if rect.colliderect(card)], "nothing cut"
    assert scene.log_rect.contains(card)


def test_a_reason_longer_than_the_panel_ends_in_a_line_read_whole_on_hover(
    driver: Driver,
) -> None:
    d, app = driver, driver.app
    scene = start(app, default_seats(["human", "medium"]))
    d.until(human_ready(scene))
    d.key(pygame.K_h)
    long = "A reason that goes on and on. " * 80
    scene.shown_hint = dataclasses.replace(scene.shown_hint, reason=long)
    d.frame()
    card: Any = scene.hint_card_rect
    assert scene.log_rect.contains(card)
    assert [text for rect, text in CUTS.placed if rect.colliderect(card)] == [long]
