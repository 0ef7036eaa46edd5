"""Every screen lays out at the smallest window, the usual 1280x800 and 4K:
inside, apart, legible.

For each menu scene and Nim's table: resize the app (and post the window's
resize events through ``app.frame``), draw, then check that every visible
widget lies inside the window, that no two controls overlap (panels are
containers: what sits in one must lie inside it), and that button captions
fit without being cut.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat, Session, default_seats
from tabletop.core.stats import GameResult, SeatResult
from tabletop.ui import flow, menus, overlays, rulespage
from tabletop.ui.gamescene import GameScene
from tabletop.ui.settings import SettingsScene
from tabletop.ui.statistics import StatisticsScene
from tabletop.ui.widgets import Button, Choice, Panel, no_overlap
from tests.nimgame import ENTRY as NIM
from tests.nimgame.scene import is_nim, table_of
from tests.ui.driver import Driver, app_fixture  # noqa: F401  (fixture)

SIZES = [(960, 600), (1280, 800), (3840, 2160)]


def _nim() -> Any:
    return NIM


def _game(app: App, seats: list[Seat] | None = None) -> GameScene:
    entry = _nim()
    seats = seats or default_seats(["human", "easy"])
    return flow.start_game(app, entry, entry.default_config(len(seats)), 7, seats)


def title(app: App) -> Any:
    return app.stack.top


def setup2(app: App) -> Any:
    return app.stack.push(menus.SetupScene(app, _nim()))


def setup3(app: App) -> Any:
    scene = app.stack.push(menus.SetupScene(app, _nim()))
    scene.count.cycle(1)
    assert scene.players == 3 and len(scene.seat_rows) == 3
    return scene


def pause(app: App) -> Any:
    game = _game(app)
    return app.stack.push(overlays.PauseScene(app, game))


def setup_planepita(app: App) -> Any:
    """Four players: the most variants, and the game's own setting below them."""
    scene = app.stack.push(menus.SetupScene(app, app.games["planepita"]))
    while scene.players != 4:
        scene.count.cycle(1)
    assert len(scene.variant_widgets) == 4 and [c.label for c in scene.setting_widgets] == [
        "Flicking",
        "Aim assist",
    ]
    return scene


def pause_planepita(app: App) -> Any:
    entry = app.games["planepita"]
    seats = default_seats(["human", "easy"])
    game = flow.start_game(app, entry, entry.default_config(2), 7, seats)
    scene = app.stack.push(overlays.PauseScene(app, game))
    assert [c.label for c in scene.game_settings] == ["Flicking", "Aim assist"]
    return scene


def settings(app: App) -> Any:
    return app.stack.push(SettingsScene(app))


def saved_games(app: App) -> Any:
    entry = _nim()
    for i, seed in enumerate((1, 2, 3)):
        session = Session(entry, entry.default_config(2), seed, default_seats(["human", "hard"]))
        app.storage.save_game(f"save-{i}", session.to_doc())
    scene = app.stack.push(menus.SavedGamesScene(app))
    assert len(scene.saves) == 3
    return scene


def statistics(app: App) -> Any:
    seats = (SeatResult("Ann", "human", "", 1, 7.0), SeatResult("Ada", "bot", "hard", 2, 3.0))
    app.storage.record_result(GameResult("nim", "2025-03-01T12:00:00+00:00", seats, "Done."))
    scene = app.stack.push(StatisticsScene(app))
    assert scene.players.items and scene.results.items
    return scene


def rules(app: App) -> Any:
    _game(app)
    rulespage.open_rules(app)
    assert isinstance(app.stack.top, rulespage.RulesScene)
    return app.stack.top


def results(app: App) -> Any:
    entry = _nim()
    seats = default_seats(["human", "easy", "medium"])
    session = Session(entry, entry.default_config(3), 11, seats, threaded=False, timed=False)
    while not session.is_over():
        session.play(session.rules.legal_actions(session.state)[0])
    flow.start_game(app, entry, session.config, session.seed, session.seats, session=session)
    Driver(app).until(lambda: isinstance(app.stack.top, overlays.ResultsScene))
    return app.stack.top


def curtain(app: App) -> Any:
    _game(app, [Seat("Ann"), Seat("Bob")])
    return app.stack.push(overlays.CurtainScene(app, "Bob"))


def game(app: App) -> Any:
    return _game(app)


BUILDERS: dict[str, Callable[[App], Any]] = {
    f.__name__: f
    for f in (
        title,
        setup2,
        setup3,
        setup_planepita,
        pause,
        pause_planepita,
        settings,
        saved_games,
        statistics,
        rules,
        results,
        curtain,
        game,
    )
}


def resize(app: App, size: tuple[int, int]) -> None:
    """As the window system would: the app resizes, then the events arrive."""
    app.resize(size)
    w, h = size
    events = [
        pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h),
        pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h),
    ]
    app.frame(events, 1 / 60)
    app.frame([], 1 / 60)
    assert app.size == size


def check_widgets(app: App, scene: Any) -> None:
    t = app.theme
    window = pygame.Rect((0, 0), app.size)
    group = scene.table_group if isinstance(scene, GameScene) else scene.group
    shown = [w for w in group.widgets if w.visible and w.rect.w > 0 and w.rect.h > 0]
    assert shown, f"{type(scene).__name__} shows no widgets"
    name = type(scene).__name__
    for w in shown:
        assert window.contains(w.rect), f"{name}: {type(w).__name__} {w.rect} is outside {window}"
    panels = [w for w in shown if isinstance(w, Panel)]
    controls = [w for w in shown if not isinstance(w, Panel)]
    pairs = no_overlap([w.rect for w in controls])
    assert not pairs, f"{name}: overlapping " + ", ".join(
        f"{_describe(controls[i])} {controls[i].rect} / {_describe(controls[j])} {controls[j].rect}"
        for i, j in pairs
    )
    for panel in panels:
        for w in controls:
            if panel.rect.collidepoint(w.rect.center):
                assert panel.rect.contains(w.rect), (
                    f"{name}: {_describe(w)} {w.rect} spills out of its panel {panel.rect}"
                )
    for w in controls:
        if isinstance(w, Button):
            font = t.font("body", bold=w.kind != "normal")
            room = w.rect.w - 2 * t.px(12)  # Button.draw keeps this margin
            assert font.size(w.text)[0] <= room, (
                f"{name}: the caption {w.text!r} is cut ({font.size(w.text)[0]} > {room} px)"
            )
        if isinstance(w, Choice):
            left, right = w.arrow_rects()
            room = right.x - left.right - 2 * t.px(8)  # Choice.draw's value box
            longest = max(w.options, key=lambda o: t.body.size(o)[0])
            assert t.body.size(longest)[0] <= room, f"{name}: the option {longest!r} is cut"


def _describe(w: Any) -> str:
    text = getattr(w, "text", "") or getattr(w, "label", "")
    return f"{type(w).__name__}({text!r})" if isinstance(text, str) and text else type(w).__name__


def check_table(app: App, scene: GameScene) -> None:
    window = pygame.Rect((0, 0), app.size)
    assert window.contains(scene.table_rect) and window.contains(scene.log_rect)
    assert not scene.table_rect.colliderect(scene.log_rect)
    assert not scene.table_rect.colliderect(scene.bar_rect)
    view = scene.view
    for h, count in enumerate(view.heaps):
        assert scene.table_rect.contains(table_of(scene).label_rects[h])
        assert scene.table_rect.contains(table_of(scene).rows[h])
        stones = table_of(scene).stone_rects(h, count + 6)  # room to grow (reserves, gifts)
        for r in stones:
            assert table_of(scene).rows[h].contains(r), f"a stone {r} leaves heap {h + 1}'s row"
        assert not no_overlap(stones), "stones overlap, so clicks would be ambiguous"
    assert table_of(scene).stone_r >= app.theme.px(8), "stones too small to click"


@pytest.mark.parametrize("name", list(BUILDERS))
def test_scene_fits_small_and_huge_windows(app: App, name: str) -> None:
    scene = BUILDERS[name](app)
    app.frame([], 1 / 60)
    assert app.stack.top is scene
    for size in SIZES:
        resize(app, size)
        assert app.stack.top is scene
        assert app.theme.size == size
        check_widgets(app, scene)
        if is_nim(scene):
            check_table(app, scene)
