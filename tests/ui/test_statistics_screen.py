"""The Statistics screen: reached from the title, it shows per game who
played, won, placed where, their best score, against which bot levels, and
the last ten results; it survives a damaged file and reads at 960x600."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pygame

from tabletop.core.session import Seat
from tabletop.core.stats import GameResult, SeatResult
from tabletop.ui import flow, menus, overlays
from tabletop.ui.statistics import PLAYER_HEADERS, RESULT_HEADERS, StatisticsScene
from tabletop.ui.widgets import wrap_text
from tests.ui.driver import Driver, app_fixture, driver_fixture, make_app  # noqa: F401
from tests.ui.test_layout_sizes import check_widgets, resize


def at(day: int, hour: int = 12) -> str:
    return datetime(2025, 3, day, hour, 0, tzinfo=UTC).isoformat()


def person(name: str, place: int, score: float) -> SeatResult:
    return SeatResult(name, "human", "", place, score)


def bot(name: str, level: str, place: int, score: float) -> SeatResult:
    return SeatResult(name, "bot", level, place, score)


def widest_results() -> list[GameResult]:
    """Results that make the players table as wide as it gets: a 16-letter
    name finishing in each of six places, against all three bot levels."""
    name = "Bartholomew Kane"
    out = []
    for place in range(1, 7):
        seats = [person(name, place, 40 - place)]
        others = iter(range(1, 7))
        for level in ("easy", "medium", "hard", "hard", "easy"):
            p = next(o for o in others if o != place)
            seats.append(bot(f"Bot {p}", level, p, 40 - p))
        out.append(GameResult("planepita", at(place), tuple(seats), "All rounds have been played."))
    out.append(
        GameResult(
            "planepita",
            at(9),
            (
                person("Ann", 1, 31.5),
                person(name, 2, 28),
                bot("Ada", "hard", 3, 12),
                person("Cy", 4, 3),
            ),
            "All rounds have been played.",
            ("take-backs", "aim-assist:2"),
        )
    )
    return out


def open_from_title(d: Driver) -> StatisticsScene:
    assert isinstance(d.top, menus.TitleScene)
    d.press("Statistics")
    assert isinstance(d.top, StatisticsScene)
    d.frames(1)
    return d.top


def test_with_nothing_recorded_the_screen_says_so(driver: Driver) -> None:
    scene = open_from_title(driver)
    assert scene.empty.visible and not scene.players.visible and not scene.game.visible
    driver.press("Back")
    assert isinstance(driver.top, menus.TitleScene)


def test_a_finished_game_shows_up(driver: Driver) -> None:
    d, app = driver, driver.app
    entry = app.games["nim"]
    seats = [Seat("Ann"), Seat("Ada", "bot", "easy")]
    scene = flow.start_game(app, entry, entry.default_config(2), 3, seats)
    s = scene.session
    while not s.is_over():
        if s.is_bot_turn():
            s.play(s.bot_action())
        else:
            s.play(s.rules.legal_actions(s.state)[0])
    d.until(lambda: isinstance(d.top, overlays.ResultsScene))
    outcome = s.outcome()
    d.press("Title screen")
    stats = open_from_title(d)
    assert stats.game.value == "Nim" and "1 game played" in stats.summary_text
    [ann] = stats.players.items
    won = outcome.places[0] == 1
    assert ann[:3] == ("Ann", "1", "1" if won else "0")
    assert ann[3] == f"{'1st' if won else '2nd'} 1"
    assert ann[5] == f"easy {int(won)}/1"
    [row] = stats.results.items
    assert row[1].startswith("1st Ann" if won else "1st Ada")
    assert outcome.words_for(s.names) in stats.detail.text and "Ada (easy bot)" in stats.detail.text


def test_choosing_a_game_and_a_result(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        for r in widest_results():
            app.storage.record_result(r)
        app.storage.record_result(
            GameResult("etuc", at(20), (person("Ann", 1, 6), person("Bo", 2, 2)))
        )
        d = Driver(app)
        scene = open_from_title(d)
        # the registry's order: Planepita before Planet etuC
        assert scene.game.options == ["Planepita", "Planet etuC"]
        assert "7 games played" in scene.summary_text
        assert [row[0] for row in scene.players.items] == ["Bartholomew Kane", "Ann", "Cy"]
        assert scene.results.items[0][0] and scene.results.items[0][2] == "aim-assist:2, take-backs"
        assert "Marks: aim-assist:2, take-backs." in scene.detail.text
        # clicking the second row shows that game in full
        view, line = scene.results.view_rect(), scene.results.line_height
        d.click((view.centerx, view.y + line + line // 2))
        assert scene.results.selected == 1
        assert scene.detail.text.startswith(scene.results.items[1][0])
        assert (
            "6th Bartholomew Kane, 34" in scene.detail.text
            and "Bot 1 (easy bot)" in scene.detail.text
        )
        d.set_choice(scene.game, "Planet etuC")
        assert [row[0] for row in scene.players.items] == ["Ann", "Bo"]
        assert len(scene.results.items) == 1 and "1 game played" in scene.summary_text
    finally:
        app.shutdown()


def test_a_damaged_statistics_file_is_set_aside_and_the_screen_opens(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    try:
        path = app.storage.stats_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b'{"format": "tabletop-stats", "version": 2, "results": [1, 2')
        d = Driver(app)
        scene = open_from_title(d)
        assert scene.empty.visible
        errors = [t.text for t in app.toasts.items if t.kind == "error"]
        assert any("statistics file was damaged" in e and "stats.json.bad" in e for e in errors), (
            errors
        )
        assert path.with_name("stats.json.bad").exists() and not path.exists()
    finally:
        app.shutdown()


def cut_cells(app: Any, scene: StatisticsScene, table: Any, headers: tuple[str, ...]) -> list[str]:
    """Every cell (and header) of ``table`` that would not show in full."""
    t = app.theme
    view = table.view_rect()
    cut = []
    for row in [headers, *table.items]:
        font = t.small if row is headers else t.body
        for text, box in zip(row, table.cell_rects(t, view, len(row))):
            if font.size(text)[0] > box.w:
                cut.append(f"{text!r} ({font.size(text)[0]} > {box.w} px)")
    return cut


def test_readable_from_the_smallest_window_to_4k(tmp_path: Path) -> None:
    """Nothing overlaps or leaves the window; at 960x600 no cell of the players
    table is cut, nor a results row of four seats, and the chosen result's
    detail fits its lines."""
    app = make_app(tmp_path)
    try:
        for r in widest_results():
            app.storage.record_result(r)
        app.stack.push(StatisticsScene(app))
        scene = app.stack.top
        for size in [(960, 600), (3840, 2160)]:
            resize(app, size)
            check_widgets(app, scene)
            assert not cut_cells(app, scene, scene.players, PLAYER_HEADERS)
            assert scene.results.items[0][1].count("·") == 3
            table = scene.results
            view = table.view_rect()
            first = scene.results.items[0]
            boxes = table.cell_rects(app.theme, view, len(first))
            assert all(app.theme.body.size(c)[0] <= b.w for c, b in zip(first, boxes)), first
            assert all(app.theme.small.size(h)[0] <= b.w for h, b in zip(RESULT_HEADERS, boxes))
            lines = wrap_text(app.theme.small, scene.detail.text, scene.detail.rect.w)
            assert len(lines) * app.theme.small.get_linesize() <= scene.detail.rect.h, lines
            window = pygame.Rect((0, 0), app.size)
            shown = [w for w in scene.widgets if w.visible and w.rect.w and w.rect.h]
            for head in (scene.players_head, scene.results_head, scene.summary_rect):
                assert window.contains(head)
                assert not [w for w in shown if head.colliderect(w.rect)], head
    finally:
        app.shutdown()
