"""Planet etuC by keyboard alone, and the pause between games, headless.

- A whole 3-player match, one person driven only by key events (←/→, Space,
  Enter, P; Enter on each summary between games) against two bots, through
  the real App frame, to the results screen.
- When a game ends, the table keeps the finished game until the last
  animation has played; the summary panel then shows places and points, and
  the next hand is drawn only once it is dismissed. The top bar never says a
  seat "plays" while a seat's panel says "thinking…".
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat, Session
from tabletop.games import REGISTRY
from tabletop.games.etuc.rules import Pass, Play
from tabletop.ui import flow, overlays
from tabletop.ui.gamescene import SUMMARY_WAIT, GameScene
from tests.etuc.positions import position
from tests.etuc.tables import is_etuc
from tests.etuc.test_ui_match import choose
from tests.ui.driver import Driver, make_app

SEATS = [Seat("Ann"), Seat("Bob", "bot", "easy"), Seat("Cy", "bot", "easy")]


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path)
    try:
        yield a
    finally:
        a.shutdown()


def start(app: App, seed: int, state: Any = None, seats: list[Seat] = SEATS) -> GameScene:
    entry = REGISTRY["etuc"]
    config = entry.default_config(3)
    states = [state] if state is not None else None
    session = Session(entry, config, seed, seats, threaded=False, timed=False, states=states)
    scene = flow.start_game(app, entry, config, seed, seats, session=session)
    assert is_etuc(scene)
    return scene


def keys_for(scene: GameScene, action: Play | Pass) -> list[int]:
    """The keys a person presses to make ``action``: ←/→ to each card, Space
    on it, then Enter; or P."""
    if isinstance(action, Pass):
        return [pygame.K_p]
    cards = scene.table.hand_cards()
    at = scene.table.keys.index if scene.table.keys.shown else None
    presses: list[int] = []
    if at is None:
        presses.append(pygame.K_HOME)  # the first key shows the cursor; Home puts it first
        at = 0
    for card in action.cards:
        target = cards.index(card)
        step = pygame.K_RIGHT if target > at else pygame.K_LEFT
        presses += [step] * abs(target - at) + [pygame.K_SPACE]
        at = target
    return [*presses, pygame.K_RETURN]


def test_a_person_plays_a_whole_match_with_the_keyboard_alone(app: App) -> None:
    app.update_settings(anim_speed=0)
    d = Driver(app)
    scene = start(app, seed=31)
    s = scene.session
    summaries = moves = 0
    for _ in range(400):
        d.until(
            lambda: (
                isinstance(d.top, (overlays.SummaryScene, overlays.ResultsScene))
                or (d.top is scene and scene.my_turn)
            ),
            frames=2000,
        )
        if isinstance(d.top, overlays.ResultsScene):
            break
        if isinstance(d.top, overlays.SummaryScene):
            summaries += 1
            d.key(pygame.K_RETURN if summaries % 2 else pygame.K_SPACE)
            assert not isinstance(d.top, overlays.SummaryScene)
            continue
        action = choose(scene)
        ply = s.ply
        for key in keys_for(scene, action):
            d.key(key)
            if key == pygame.K_SPACE:  # the card under the ring is the one selected
                assert scene.table.keys.card in scene.table.local.selected
        assert s.ply == ply + 1 and s.actions[ply] == action, app.toasts.items
        moves += 1
    assert isinstance(d.top, overlays.ResultsScene) and s.is_over()
    assert d.top.heading == "Match over" and scene.status_text() == "Match over"
    head, line = scene.table.picture(scene.view).round
    assert head == "Match over" and "wins the match" in line, "not 'New round · Nobody leads'"
    assert summaries == len(s.state.results) >= 2
    assert moves >= 10


def test_the_summary_waits_for_the_last_animation_and_the_next_hand_for_it(app: App) -> None:
    # Bob is out; Ann's last card ends game 1 (Cy still holds two)
    state = position(["4G", "", "1O 2A"], turn=0, out=[1])
    scene = start(app, seed=8, state=state)
    d = Driver(app)
    d.until(lambda: scene.my_turn)
    seen: list[tuple[str, int, bool]] = []  # (top scene, game on the table, animating)

    real_draw = scene.draw_table

    def spy(surface: pygame.Surface, view: Any) -> None:
        seen.append((type(d.top).__name__, view.game, scene.animating))
        real_draw(surface, view)

    scene.draw_table = spy  # type: ignore[method-assign]
    d.key(pygame.K_RIGHT)
    assert (
        scene.table.keys.shown
        and scene.table.keys.focused(scene.table.hand_cards()) == scene.table.hand_cards()[0]
    )
    d.key(pygame.K_SPACE)
    d.key(pygame.K_RETURN)
    assert s_game(scene) == 2, "the rules dealt game 2 at once"
    d.until(lambda: isinstance(d.top, overlays.SummaryScene), frames=300)
    summary = d.top
    assert [r.seat for r in summary.summary.rows] == [1, 0, 2]
    assert [r.cells for r in summary.summary.rows][1] == ("1 VP", "+1 VP")
    animated = [row for row in seen if row[2]]
    assert animated and all(game == 1 for _, game, _ in animated), (
        "game 2 drawn under the animation"
    )
    assert all(top == "GameScene" for top, _, _ in animated), (
        "the summary came before the animation ended"
    )
    # the summary waits for the person: no bot moves, the finished game on the table
    ply = scene.session.ply
    seen.clear()
    d.frames(150, dt=0.05)  # 7.5 s of dt: longer than a bots-only table would wait
    assert d.top is summary and scene.session.ply == ply
    assert seen and all(game == 1 for _, game, _ in seen)
    assert scene.view.turn is None and scene.view.table[-1].seat == 0
    assert scene.status_text() == "Game 1 over"
    d.key(pygame.K_RETURN)
    assert d.top is scene
    assert scene.view.game == 2 and len(scene.table.hand_cards()) == 11
    # game 2 goes on; the top bar and the seats' panels always agree
    for _ in range(600):
        d.frame()
        status = scene.status_text()
        badges = [seat.badge for seat in scene.table.picture(scene.view).seats]
        assert not (status.endswith(" plays") and "thinking…" in badges), (status, badges)
        if d.top is scene and scene.my_turn:
            break
    assert scene.session.ply > ply or scene.my_turn


def s_game(scene: GameScene) -> int:
    return scene.session.state.game


def test_a_table_of_bots_goes_on_by_itself_a_few_seconds_after_the_summary(app: App) -> None:
    bots = [Seat(name, "bot", "easy") for name in ("Ann", "Bob", "Cy")]
    scene = start(app, seed=8, state=position(["4G", "", "1O 2A"], turn=0, out=[1]), seats=bots)
    d = Driver(app)
    d.until(lambda: isinstance(d.top, overlays.SummaryScene), frames=600, dt=0.05)
    ply = scene.session.ply
    up = d.until(lambda: d.top is scene, frames=600, dt=0.05)
    assert abs(up * 0.05 - SUMMARY_WAIT) <= 0.1, f"the summary stayed {up * 0.05:.2f} s"
    assert scene.session.ply == ply, "no bot moved while it was up"
    assert scene.view.game == 2
    d.until(lambda: scene.session.ply > ply, frames=600, dt=0.05)
