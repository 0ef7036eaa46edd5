"""effects.py (the table's) draws each effect on a layer only as large as the effect:
the pixels must be exactly those a window-sized layer gives, with nothing
left over from an earlier frame's effect."""

from __future__ import annotations

import pygame
import pytest

from tabletop.games.planepita.board import default_board
from tabletop.games.planepita.model import Disc
from tabletop.games.planepita.physics import JAMMER
from tabletop.games.planepita.playback import Impact, Trail
from tabletop.games.planepita.table import effects as fx
from tabletop.games.planepita.table.layout import Geometry
from tabletop.ui.theme import Theme

SIZE = (900, 700)


@pytest.fixture()
def geo() -> Geometry:
    return Geometry(pygame.Rect(80, 20, 660, 660), default_board(), 4)


def table() -> pygame.Surface:
    surface = pygame.Surface(SIZE)
    surface.fill((30, 60, 40))
    for x in range(0, SIZE[0], 37):  # something to blend over
        pygame.draw.line(surface, (200, 180, 90), (x, 0), (x + 200, SIZE[1]), 3)
    return surface


def draw_all(surface: pygame.Surface, geo: Geometry, theme: Theme, step: int) -> None:
    """Every effect, at places and sizes that move with ``step``; some reach
    past the window's edge."""
    hits = [
        Impact(0.1, -240.0 + 60 * step, 30.0 * k - 60, 900.0 * (k + 1) * (step + 1), k, None)
        for k in range(4)
    ]
    hits.append(Impact(0.2, 330.0, -320.0 + 10 * step, 40000.0, 1, 2))  # past the corner
    fx.draw_flashes(surface, geo, [(h, 0.15 * (k + step) % 1.0) for k, h in enumerate(hits)])
    fx.draw_marks(surface, geo, [(h, 0.05 * k) for k, h in enumerate(hits)])
    trail = Trail(
        Disc(3, 1),
        tuple((-200.0 + 40 * k, 20.0 * step + 15 * k) for k in range(9)),
        tuple(0.2 * k for k in range(9)),
    )
    jam = Trail(Disc(JAMMER, -1), ((0.0, 0.0), (20.0, 40.0 + step)), (0.0, 0.1))
    fx.draw_trails(surface, geo, theme, [trail, jam])
    fx.draw_falling(
        surface,
        geo,
        theme,
        Disc(5, 2),
        262.0 - step,
        40.0,
        0.1 + 0.2 * step,
        lambda d, r: _sprite(r),
        15.0,
    )


def _sprite(r: int) -> pygame.Surface:
    img = pygame.Surface((2 * r, 2 * r), pygame.SRCALPHA)
    pygame.draw.circle(img, (220, 60, 60, 255), (r, r), r)
    return img


def test_small_layers_draw_what_a_window_layer_draws(
    geo: Geometry, monkeypatch: pytest.MonkeyPatch
) -> None:
    pygame.font.init()
    theme = Theme(SIZE)
    small = []
    for step in range(4):  # one layer kept across frames, as in play
        surface = table()
        draw_all(surface, geo, theme, step)
        small.append(pygame.image.tobytes(surface, "RGB"))
    # the same frames, every effect on a fresh layer the size of the window
    monkeypatch.setattr(fx, "_around", lambda points, reach: pygame.Rect(0, 0, *SIZE))
    for step in range(4):
        monkeypatch.setattr(fx, "_LAYER", fx._Layer())
        surface = table()
        draw_all(surface, geo, theme, step)
        assert pygame.image.tobytes(surface, "RGB") == small[step], f"frame {step} differs"


def test_an_effect_off_the_window_draws_nothing(geo: Geometry) -> None:
    surface = table()
    before = pygame.image.tobytes(surface, "RGB")
    far = Impact(0.1, 5000.0, 5000.0, 30000.0, 1, 2)
    fx.draw_flashes(surface, geo, [(far, 0.2)])
    fx.draw_marks(surface, geo, [(far, 0.0)])
    assert pygame.image.tobytes(surface, "RGB") == before
