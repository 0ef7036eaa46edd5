"""A whole 3-player Planet etuC match of three humans, played by clicks, headless.

From the title screen through the setup screen to the results screen: every
play is made by clicking cards and the Play or Pass button, and the
pass-the-device curtain is lifted by its button each time the device goes to
another person, and the summary after each game by its Continue button (the
next hand shows only then). Animations are off, so the match runs at frame
speed.

The clicking strategy only chooses *which* cards to click: it leads with a
pair when it has one (fewer turns), else the first legal single, else a pair,
else passes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.games.etuc.rules import Card, Pass, Play
from tabletop.ui import menus, overlays
from tabletop.ui.gamescene import GameScene
from tests.etuc.tables import is_etuc
from tests.ui.driver import Driver, make_app

SEED = 2024
SIZE = (960, 600)


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, SIZE)
    try:
        yield a
    finally:
        a.shutdown()


def card_point(scene: GameScene, card: Card) -> tuple[int, int]:
    """A point where ``card`` is the card a click would pick (its visible strip)."""
    cards = scene.table.hand_cards()
    pose = scene.table.hand_poses(len(cards))[cards.index(card)]
    w, _ = scene.table.painters.hand.card_size
    for dx in range(-w // 2 + 3, w // 2, 3):
        for dy in (0, -20, 20):
            pt = (round(pose.x + dx), round(pose.y + dy))
            if scene.table.card_at(pt) == card:
                return pt
    raise AssertionError(f"{card} cannot be clicked anywhere")


def choose(scene: GameScene) -> Play | Pass:
    legal = scene.session.rules.legal_actions(scene.view)
    plays = [a for a in legal if isinstance(a, Play)]
    singles = [a for a in plays if len(a.cards) == 1]
    pairs = [a for a in plays if len(a.cards) == 2]
    if not scene.view.table and pairs:
        return pairs[0]
    if singles:
        return singles[0]
    if pairs:
        return pairs[0]
    assert Pass() in legal
    return Pass()


def start_by_clicks(d: Driver) -> GameScene:
    title = d.top
    assert isinstance(title, menus.TitleScene)
    d.click_widget(next(c for c in title.cards if c.entry.name == "etuc"))
    setup = d.top
    assert isinstance(setup, menus.SetupScene) and setup.entry.name == "etuc"
    if setup.players != 3:
        d.click(setup.count.arrow_rects()[1].center)
    assert setup.players == 3
    for row in setup.seat_rows:
        d.set_choice(row[1], "Human")
    d.click_widget(setup.seed_input)
    d.key(pygame.K_END)
    for _ in range(len(setup.seed_input.text)):
        d.key(pygame.K_BACKSPACE)
    d.type(str(SEED))
    d.press("Start game")
    curtain = d.top  # the device goes to the first player through the curtain
    assert isinstance(curtain, overlays.CurtainScene)
    scene = d.app.stack.scenes[-2]
    assert is_etuc(scene) and curtain.name == scene.session.names[scene.session.to_move()]
    d.press(f"I am {curtain.name}: show my table")
    assert d.top is scene
    return scene


def test_three_humans_play_a_whole_match_by_clicks(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    app.update_settings(anim_speed=0)
    d = Driver(app)
    d.frames(2)
    scene = start_by_clicks(d)
    s = scene.session
    assert s.config.players == 3 and all(not seat.is_bot for seat in s.seats)
    assert s.seed == SEED

    drawn: list[int] = []  # the viewer each time the table is drawn
    real_draw = scene.draw_table

    def spy(surface: pygame.Surface, view: Any) -> None:
        drawn.append(scene.viewer)
        real_draw(surface, view)

    monkeypatch.setattr(scene, "draw_table", spy)

    curtains = plays = passes = pairs = summaries = 0
    last_viewer = scene.viewer
    games = 1
    for _ in range(2000):
        d.until(
            lambda: (
                isinstance(d.top, (overlays.CurtainScene, overlays.SummaryScene))
                or (d.top is scene and scene.my_turn)
            )
        )
        top = d.top
        if isinstance(top, overlays.SummaryScene):
            # between games: the finished game stays on the table until Continue
            assert scene.view.turn is None and scene.view.game == games
            # ranked by the match's standing: equal VP share a place until the end
            standing = [s.state.scores[r.seat] for r in top.summary.rows]
            assert standing == sorted(standing, reverse=True)
            places = [r.place for r in top.summary.rows]
            assert places[0] == 1 and places == sorted(places)
            summaries += 1
            d.press("Continue (Enter)")
            if s.is_over():
                break
            assert scene.view.game == s.state.game == games + 1
            continue
        if isinstance(top, overlays.CurtainScene):
            mover = s.to_move()
            assert top.name == s.names[mover]
            assert mover != last_viewer, "a curtain only between two different people"
            assert scene.viewer == mover  # the next person's eyes, but not drawn yet:
            before = len(drawn)
            d.frames(2)
            assert len(drawn) == before, "the table was drawn under the curtain"
            d.press(f"I am {s.names[mover]}: show my table")
            assert d.top is scene
            curtains += 1
            continue
        assert scene.viewer == s.to_move()
        last_viewer = scene.viewer
        games = scene.view.game
        action = choose(scene)
        ply = s.ply
        if isinstance(action, Play):
            for card in action.cards:
                d.click(card_point(scene, card))
            assert scene.table.local.pick() == action
            assert scene.table.play_button.enabled, scene.table.local.reason
            d.click_widget(scene.table.play_button)
            plays += 1
            pairs += len(action.cards) == 2
        else:
            d.click_widget(scene.table.pass_button)
            passes += 1
        assert s.ply == ply + 1, app.toasts.items
        assert s.actions[-1] == action
    assert s.is_over(), "the match did not end"
    d.until(lambda: isinstance(d.top, overlays.ResultsScene))

    state = s.state
    assert max(state.scores) >= 6 and len(state.results) == games >= 3
    assert plays and passes and pairs
    assert summaries == games, "a summary after every game, the last one included"
    assert curtains >= s.ply // 2, "the device changed hands at most turns"
    winner = s.outcome().winners[0]
    assert state.scores[winner] == max(state.scores)
    d.press("Title screen")
    assert isinstance(d.top, menus.TitleScene)
