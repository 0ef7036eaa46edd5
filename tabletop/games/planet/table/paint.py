"""Painting Planet's table from its picture (``picture.py``).

The large planet is drawn every frame; every other panel is painted once per
change of its part of the picture (the frame's :class:`PanelCache`: a
panel's part is its key) and copied on the frames between. While nothing
else on screen changes, the frame draws only the large planet and the
panels that changed (:func:`paint_live`). Nothing here reads the game or the
table's state, and nothing is written back: a frame is its picture, painted
(the planets' views draw at the turn the picture was taken at).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from tabletop.games.planet.geometry import FACE_COUNT
from tabletop.games.planet.rules import face_number
from tabletop.games.planet.table.cards import draw_condition_icon, paint_board, paint_habitat
from tabletop.games.planet.table.flatmap import FlatPlanetView, paint_toggle
from tabletop.games.planet.table.globe import SolidPlanetView
from tabletop.games.planet.table.layout import Layout, tray_lift, tray_places
from tabletop.games.planet.table.looks import GLOW, SPACE, blit_tile, draw_panel, draw_tile
from tabletop.games.planet.table.picture import (
    Award,
    BigPlanet,
    PlanetPicture,
    SmallPlanet,
    Tray,
    Words,
)
from tabletop.games.planet.tiles import ANIMALS, TILES
from tabletop.ui.painted import PanelCache
from tabletop.ui.theme import Colour, Theme
from tabletop.ui.widgets import fit_text, wrap_text


def paint_table(
    surface: pygame.Surface,
    t: Theme,
    panels: PanelCache,
    layout: Layout,
    big: SolidPlanetView | FlatPlanetView,
    small: dict[int, SolidPlanetView],
    picture: PlanetPicture,
    backs: dict[int, SolidPlanetView] | None = None,
) -> None:
    """The whole table (the frame has laid the felt around the panels);
    ``backs``: the small planets' far sides, by seat."""
    _panels(surface, t, panels, layout, small, backs or {}, picture, changed_only=False)
    _large(surface, t, panels, layout, big, picture)
    held = picture.held
    if held is not None:
        blit_tile(surface, held.terrains, held.pos, held.radius, held.rotation)


def paint_live(
    surface: pygame.Surface,
    t: Theme,
    panels: PanelCache,
    layout: Layout,
    big: SolidPlanetView | FlatPlanetView,
    small: dict[int, SolidPlanetView],
    picture: PlanetPicture,
    backs: dict[int, SolidPlanetView] | None = None,
) -> None:
    """The large planet, and any panel whose part of the picture changed (the
    others are on screen as the last frame left them)."""
    _panels(surface, t, panels, layout, small, backs or {}, picture, changed_only=True)
    _large(surface, t, panels, layout, big, picture)


def _panels(
    surface: pygame.Surface,
    t: Theme,
    panels: PanelCache,
    layout: Layout,
    small: dict[int, SolidPlanetView],
    backs: dict[int, SolidPlanetView],
    picture: PlanetPicture,
    changed_only: bool,
) -> None:
    look = picture.look
    for planet in picture.smalls:
        box = layout.small[planet.seat]
        paint_one = partial(
            paint_small,
            t=t,
            box=box,
            view=small[planet.seat],
            planet=planet,
            back=backs.get(planet.seat),
        )
        panels.draw(
            surface,
            f"planet {planet.seat}",
            box,
            (look, planet),
            paint_one,
            t.felt,
            changed_only=changed_only,
        )
    # the side panels: each painted once per change of what it shows
    sides: tuple[tuple[str, pygame.Rect, object, Callable[[pygame.Surface], None]], ...] = (
        ("tray", layout.tray, picture.tray, lambda s: paint_tray(s, t, layout.tray, picture.tray)),
        (
            "preview",
            layout.info,
            picture.words,
            lambda s: paint_words(s, t, panels, layout.info, picture.words),
        ),
        (
            "animals",
            layout.board,
            picture.board,
            lambda s: paint_board(s, t, layout.board, picture.board),
        ),
        (
            "habitat",
            layout.habitat,
            picture.habitat,
            lambda s: paint_habitat(s, t, layout.habitat, picture.habitat),
        ),
    )
    for name, rect, shown, paint_side in sides:
        panels.draw(
            surface, name, rect, (look, shown), paint_side, t.felt, changed_only=changed_only
        )


def paint_small(
    surface: pygame.Surface,
    *,
    t: Theme,
    box: pygame.Rect,
    view: SolidPlanetView,
    planet: SmallPlanet,
    back: SolidPlanetView | None = None,
) -> None:
    """A small planet in its box: its owner, how many animals they hold,
    a ring in their colour while they place, and beside it its far side
    (``back``, drawn at the picture's turn), captioned "far side"."""
    draw_panel(surface, t, box, SPACE)
    if planet.to_move:
        pygame.draw.rect(surface, planet.colour, box, max(2, t.px(2)), border_radius=t.px(8))
    view.draw(surface, planet.planet, rings=planet.rings)
    if back is not None and planet.back is not None:
        back.view.orientation = planet.back
        back.draw(surface, planet.planet, rings=planet.rings)
        caption = t.small.render("far side", True, t.text_dim)
        surface.blit(
            caption,
            caption.get_rect(bottomright=(back.rect.right, box.bottom - t.px(2))),
        )
    img = t.small.render(fit_text(t.small, planet.words, box.w - t.px(8)), True, planet.colour)
    surface.blit(img, (box.x + t.px(4), box.y + t.px(1)))


def paint_tray(surface: pygame.Surface, t: Theme, r: pygame.Rect, tray: Tray) -> None:
    draw_panel(surface, t, r)
    surface.blit(t.small.render(tray.head, True, t.text_dim), (r.x + t.px(8), r.y + t.px(4)))
    for spot, k in tray_places(t, r, len(tray.tiles)):
        tile = tray.tiles[k]
        radius = spot.w * 0.44
        picked = k == tray.pick and tray.mine
        turn = tray.rotation if picked else 0
        if k == tray.hinted:  # the hint's tile stands out of the row, ringed
            spot = spot.move(0, -tray_lift(t))
            pygame.draw.rect(
                surface, t.hint, spot.inflate(t.px(2), t.px(2)), max(2, t.px(3)), t.px(7)
            )
        blit_tile(surface, TILES[tile].terrains, spot.center, radius, turn)
        if picked:
            pygame.draw.rect(
                surface,
                t.focus,
                spot.inflate(-t.px(2), -t.px(2)),
                max(2, t.px(2)),
                border_radius=t.px(6),
            )


def _tone(t: Theme, tone: str) -> Colour:
    return {"text": t.text, "warning": t.warning}.get(tone, t.text_dim)


def words_laid(t: Theme, r: pygame.Rect, words: Words) -> tuple[list[tuple[str, str]], bool]:
    """The preview's lines as drawn in ``r``: each wrapped to the panel's
    width (a line is never cut short), as many as fit, each with its tone;
    and whether every line fits (when not, the last one shown ends "… more",
    and the panel's tooltip gives them all)."""
    line = t.small.get_linesize()
    width = r.w - t.px(16)
    room = max(1, (r.h - t.px(8)) // line)
    laid = [
        (part, text.tone) for text in words.lines for part in wrap_text(t.small, text.text, width)
    ]
    if len(laid) <= room:
        return laid, True
    return [*laid[: room - 1], ("… more: hover here for all", "dim")], False


def paint_words(
    surface: pygame.Surface, t: Theme, panels: PanelCache, r: pygame.Rect, words: Words
) -> None:
    """The preview's words beside the tray, wrapped, as many lines as fit
    (:func:`words_laid`)."""
    draw_panel(surface, t, r)
    x, y = r.x + t.px(8), r.y + t.px(4)
    line = t.small.get_linesize()
    for text, tone in words_laid(t, r, words)[0]:
        img = panels.words(t.small, text, _tone(t, tone))
        surface.blit(img, (x, y))
        y += line


def _large(
    surface: pygame.Surface,
    t: Theme,
    panels: PanelCache,
    layout: Layout,
    big: SolidPlanetView | FlatPlanetView,
    picture: PlanetPicture,
) -> None:
    """The large planet's panel: the planet, its label, the flat-map button
    and the round's awards over it."""
    planet = layout.planet
    # the rounded panel costs more to fill than to copy
    panels.draw(
        surface,
        "space",
        planet,
        (t.palette, t.scale),
        lambda s: draw_panel(s, t, planet, SPACE),
        t.felt,
    )
    shown: BigPlanet = picture.big
    big.draw(
        surface,
        shown.planet,
        preview=dict(shown.laid),
        glow=shown.glow,
        glow_colour=GLOW,
        pulse=shown.pulse,
        rings=shown.rings,
        sides_of=shown.sides_of,
        labels=[panels.words(t.small, str(face_number(f)), t.text) for f in range(FACE_COUNT)],
    )
    label = panels.words(
        t.small,
        fit_text(t.small, shown.label, layout.flat_button.x - planet.x - t.px(16)),
        t.text,
    )
    surface.blit(label, (planet.x + t.px(8), planet.y + t.px(4)))
    paint_toggle(surface, t, panels, layout.flat_button, shown.flat)
    if picture.awards:
        _awards(surface, t, planet, picture.awards)


def _awards(
    surface: pygame.Surface, t: Theme, planet: pygame.Rect, awards: tuple[Award, ...]
) -> None:
    """The animals the round just awarded, over the large planet."""
    line = t.body.get_linesize()
    bold = t.font("body", bold=True)
    width = min(planet.w - t.px(20), t.px(560))
    box = pygame.Rect(0, 0, width, t.px(16) + line * (1 + len(awards)))
    box.center = planet.center
    pygame.draw.rect(surface, t.shadow, box.move(0, t.px(3)), border_radius=t.px(10))
    pygame.draw.rect(surface, t.panel_title, box, border_radius=t.px(10))
    pygame.draw.rect(surface, t.focus, box, max(2, t.px(2)), border_radius=t.px(10))
    x, y = box.x + t.px(12), box.y + t.px(8)
    surface.blit(
        bold.render(fit_text(bold, "Animals awarded", box.w - t.px(24)), True, t.text), (x, y)
    )
    y += line
    icon = line - t.px(6)
    for award in awards:
        draw_condition_icon(
            surface, ANIMALS[award.card], pygame.Rect(x, y + t.px(3), icon * 3 // 2, icon)
        )
        img = t.body.render(
            fit_text(t.body, award.words, box.right - t.px(12) - (x + icon * 2)),
            True,
            award.colour,
        )
        surface.blit(img, (x + icon * 2, y))
        y += line


# -- the title screen's picture ------------------------------------------------------------


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme | None = None) -> None:
    """The title screen's picture: a few tiles of the planet."""
    pygame.draw.rect(surface, SPACE, rect)
    radius = min(rect.w, rect.h) * 0.22
    cx, cy = rect.center
    for k, tile in enumerate((0, 7, 21)):
        draw_tile(
            surface,
            TILES[tile].terrains,
            (cx + (k - 1) * radius * 1.9, cy + (k % 2) * radius * 0.6),
            radius,
        )


__all__ = [
    "draw_icon",
    "paint_live",
    "paint_small",
    "paint_table",
    "paint_tray",
    "paint_words",
    "words_laid",
]
