"""tabletop/ui/painted.py: panels painted once per key, the felt laid only
around opaque panels, and the frame that no longer clears a window a game's
table covers."""

from __future__ import annotations

import random

import pygame

from tabletop.app import App
from tabletop.core.session import default_seats
from tabletop.ui import flow
from tabletop.ui.painted import PanelCache, uncovered
from tests.nimgame import ENTRY as NIM
from tests.ui.driver import MARKER, Driver, app_fixture, marked  # noqa: F401  (fixture)


def test_a_panel_is_painted_once_per_key_and_copied_otherwise() -> None:
    pygame.init()
    screen = pygame.Surface((200, 100))
    cache = PanelCache()
    rect = pygame.Rect(20, 10, 60, 40)
    painted: list[tuple[int, int, int]] = []

    def paint(colour: tuple[int, int, int]):
        def run(surface: pygame.Surface) -> None:
            painted.append(colour)
            surface.fill(colour, rect)
            surface.fill((9, 9, 9), (0, 0, 200, 100))  # outside the rect: clipped away

        return run

    screen.fill((1, 2, 3))
    cache.draw(screen, "a", rect, "red", paint((200, 0, 0)), (0, 80, 0))
    cache.draw(screen, "a", rect, "red", paint((0, 0, 200)), (0, 80, 0))
    assert painted == [(200, 0, 0)], "the same key copies the first painting"
    assert screen.get_at(rect.center)[:3] == (9, 9, 9)  # the painting's last fill, inside its rect
    assert screen.get_at((5, 5))[:3] == (1, 2, 3), "nothing outside the rect is touched"
    cache.draw(screen, "a", rect, "blue", paint((0, 0, 200)), (0, 80, 0))
    assert painted == [(200, 0, 0), (0, 0, 200)] and cache.paints == 2
    cache.draw(screen, "a", rect.move(1, 0), "blue", paint((0, 0, 200)), (0, 80, 0))
    assert cache.paints == 3, "a moved rect is painted again (hit rects recorded in it move too)"
    cache.forget("a")
    cache.draw(screen, "a", rect.move(1, 0), "blue", paint((0, 0, 200)), (0, 80, 0))
    assert cache.paints == 4


def test_the_colour_under_a_panel_shows_where_the_painting_leaves_it() -> None:
    pygame.init()
    screen = pygame.Surface((100, 100))
    cache = PanelCache()
    rect = pygame.Rect(10, 10, 50, 50)
    cache.draw(
        screen,
        "round",
        rect,
        0,
        lambda s: pygame.draw.circle(s, (250, 250, 250), rect.center, 20),
        (0, 90, 0),
    )
    assert screen.get_at(rect.topleft)[:3] == (0, 90, 0)
    assert screen.get_at(rect.center)[:3] == (250, 250, 250)


def test_uncovered_leaves_exactly_the_area_no_cover_overlaps() -> None:
    rng = random.Random(5)
    area = pygame.Rect(0, 0, 60, 40)
    for _ in range(200):
        covers = [
            pygame.Rect(
                rng.randrange(-10, 60),
                rng.randrange(-10, 40),
                rng.randrange(1, 30),
                rng.randrange(1, 30),
            )
            for _ in range(rng.randrange(0, 6))
        ]
        parts = uncovered(area, covers)
        for i, a in enumerate(parts):
            assert area.contains(a)
            assert not any(a.colliderect(c) for c in covers)
            assert not any(a.colliderect(b) for b in parts[i + 1 :]), "the parts do not overlap"
        covered = sum(
            1
            for x in range(area.w)
            for y in range(area.h)
            if any(c.collidepoint(x, y) for c in covers)
        )
        assert sum(p.w * p.h for p in parts) == area.w * area.h - covered


def test_a_game_table_covers_the_window_so_the_frame_does_not_clear_it(app: App) -> None:
    """The bar, the table and the log tile the window, with the log shown
    or hidden; the frame then skips clearing the window, and every pixel is
    still drawn: a window filled with a marker colour shows none of it.
    (Planet's felt laid around its panels: tests/planet/test_scene.py.)"""
    scene = flow.start_game(app, NIM, NIM.default_config(2), 7, default_seats(["human", "easy"]))
    d = Driver(app)
    d.frames(1)
    for shown in (True, False):
        app.update_settings(show_log=shown)
        app.resize(app.size)
        assert scene.paints_all and app.stack.paints_all()
        app.screen.fill(MARKER)
        d.frames(1)
        left = marked(app.screen)
        assert left == 0, f"{left} pixels undrawn with the log {'shown' if shown else 'hidden'}"
