"""No text is cut without a way to read it whole (issue 27, section 3): a
line drawn shortened shows its whole text when the pointer rests on it, on
every screen, with no code of the label's own (widgets.CUTS, CutTooltip)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from tabletop.core.session import default_seats
from tabletop.ui import menus, widgets
from tabletop.ui.painted import PanelCache
from tabletop.ui.widgets import CUTS, CutTooltip
from tests.ui.driver import Driver, app_fixture, driver_fixture, start_table  # noqa: F401

REST = round(CutTooltip().delay * 60) + 2


def rest_on(d: Driver, rect: pygame.Rect) -> None:
    d.move(rect.center)
    d.frames(REST)


def test_a_setup_option_cut_short_shows_whole_under_the_pointer(driver: Driver) -> None:
    d, app = driver, driver.app
    app.stack.push(menus.SetupScene(app, app.games["planet"]))
    d.frames(1)
    cuts = [(rect, text) for rect, text in CUTS.placed if text.startswith("Beginner")]
    assert cuts, "at 960x600 the beginner option is drawn shortened"
    rect, whole = cuts[0]
    assert whole.startswith("Beginner (no habitat cards") and "…" not in whole
    d.move(rect.center)
    d.frames(2)
    assert app.cut_tooltip_rect is None  # not before the pointer rests
    d.frames(REST)
    assert app.cut_tooltip.shown() == (rect, whole)
    box = app.cut_tooltip_rect
    assert box is not None and app.screen.get_rect().contains(box)
    d.key(pygame.K_TAB)  # a key hides it until the pointer moves again
    assert app.cut_tooltip_rect is None
    # under an overlay the screen below answers no more
    app.stack.push(menus.SavedGamesScene(app))
    rest_on(d, rect)
    assert CUTS.at(rect.center) is None or CUTS.at(rect.center)[1] != whole


def test_draw_text_records_only_what_it_cuts_at_the_window_place() -> None:
    pygame.init()
    screen = pygame.display.set_mode((400, 200))
    font = pygame.font.Font(None, 24)
    CUTS.begin()
    widgets.draw_text(screen, font, "short", (255, 255, 255), pygame.Rect(0, 0, 300, 30))
    assert CUTS.placed == []
    long = "a sentence far too long for the little box it is given"
    part = screen.subsurface(pygame.Rect(100, 50, 200, 100))
    widgets.draw_text(part, font, long, (255, 255, 255), pygame.Rect(10, 10, 120, 30))
    [(rect, text)] = CUTS.placed
    assert text == long and rect.x == 110 and rect.y >= 60  # the window's coordinates
    # a cut blitted by hand with no place told is what tools/cut_text.py lists
    CUTS.start_audit()
    screen.blit(font.render(widgets.fit_text(font, long + "!", 80), True, (9, 9, 9)), (0, 0))
    widgets.draw_text(screen, font, long, (255, 255, 255), pygame.Rect(0, 100, 80, 30))
    assert CUTS.stop_audit() == [long + "!"]


def test_a_cached_panel_keeps_its_cut_texts_on_the_frames_it_is_only_copied() -> None:
    pygame.init()
    screen = pygame.display.set_mode((400, 200))
    font = pygame.font.Font(None, 24)
    cache = PanelCache()
    long = "a heading much too long for its panel"

    def paint(surface: pygame.Surface) -> None:
        widgets.draw_text(surface, font, long, (255, 255, 255), pygame.Rect(20, 20, 100, 30))

    for frame in range(3):
        CUTS.begin()
        cache.draw(screen, "panel", pygame.Rect(10, 10, 200, 60), "key", paint, (0, 0, 0))
        assert [text for _, text in CUTS.placed] == [long], frame
    assert cache.paints == 1


def test_the_bars_seat_cut_short_reads_whole_on_a_table_of_six(tmp_path: Any) -> None:
    from tests.ui.driver import make_app

    app = make_app(tmp_path, (960, 600))
    try:
        d = Driver(app)
        app.update_settings(anim_speed=0.0)
        entry = app.games["planepita"]
        seats = default_seats(["human"] + ["human"] * 5)
        seats[0] = dataclasses.replace(seats[0], name="Maximiliana Fortescue")
        scene = start_table(app, entry, seats, 3)
        d.frames(2)
        box = scene.bar_boxes[0]
        rest_on(d, box)
        got = app.cut_tooltip.shown()
        assert got is not None and got[1].endswith("Maximiliana Fortescue")
    finally:
        app.shutdown()
