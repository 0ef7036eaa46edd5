"""How Planet's terrains and tiles look, wherever they are drawn (the planet
in 3D, the flat map, the tray, a tile held by the mouse, the habitat card).

Every terrain has a colour *and* a glyph drawn in each of its cells, so colour
is never alone: waves for ocean, a tree for forest, a peak for mountain, dunes
(two dots) for desert, a star for glacier.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from tabletop.games.planet.geometry import SLOTS, rotated
from tabletop.games.planet.tiles import DESERT, EMPTY, FOREST, GLACIER, MOUNTAIN, OCEAN, TILES
from tabletop.ui.solid import SPRITE_KEY
from tabletop.ui.theme import Theme

Colour = tuple[int, int, int]
Point = tuple[float, float]

TERRAIN_COLOURS: dict[str, Colour] = {
    OCEAN: (46, 104, 196),
    FOREST: (40, 128, 62),
    MOUNTAIN: (128, 112, 98),
    DESERT: (222, 186, 104),
    GLACIER: (222, 238, 248),
}
#: the glyph's ink on each terrain (dark on light, light on dark)
GLYPH_INK: dict[str, Colour] = {
    OCEAN: (200, 226, 255),
    FOREST: (190, 236, 170),
    MOUNTAIN: (240, 232, 220),
    DESERT: (120, 84, 30),
    GLACIER: (70, 120, 170),
}
#: how much lighter a previewed tile's cells are drawn, on the flat map and the solid
PREVIEW_LIFT = 30
#: the outline of the regions a previewed tile joins (the face's ring is the theme's focus)
GLOW: Colour = (120, 232, 255)


def lifted(colour: Colour) -> Colour:
    """``colour`` as a previewed cell shows it."""
    r, g, b = colour
    return (min(255, r + PREVIEW_LIFT), min(255, g + PREVIEW_LIFT), min(255, b + PREVIEW_LIFT))


#: the sea of space the planet is drawn on
SPACE: Colour = (16, 22, 34)
EMPTY_FILL: Colour = (74, 84, 106)
EMPTY_EDGE: Colour = (110, 124, 150)
CELL_EDGE: Colour = (14, 18, 26)


def draw_glyph(surface: pygame.Surface, terrain: str, centre: Point, size: float) -> None:
    """Terrain ``terrain``'s glyph, about ``size`` pixels across, at ``centre``."""
    if size < 5 or terrain == EMPTY:
        return
    ink = GLYPH_INK[terrain]
    x, y = centre
    h = size / 2
    w = max(1, round(size / 8))
    if terrain == OCEAN:  # two waves
        for dy in (-h * 0.35, h * 0.35):
            pts = [
                (x - h + k * h / 4, y + dy + (h * 0.22 if k % 2 else -h * 0.22)) for k in range(9)
            ]
            pygame.draw.lines(surface, ink, False, pts, w)
    elif terrain == FOREST:  # a tree: a crown on a trunk
        pygame.draw.line(surface, ink, (x, y + h * 0.9), (x, y), w)
        pygame.draw.polygon(
            surface,
            ink,
            [(x, y - h * 0.9), (x - h * 0.55, y + h * 0.25), (x + h * 0.55, y + h * 0.25)],
        )
    elif terrain == MOUNTAIN:  # a peak
        pygame.draw.polygon(
            surface,
            ink,
            [(x - h * 0.85, y + h * 0.6), (x, y - h * 0.75), (x + h * 0.85, y + h * 0.6)],
            w,
        )
    elif terrain == DESERT:  # dunes: two dots
        r = max(1, round(size / 9))
        pygame.draw.circle(surface, ink, (round(x), round(y - h * 0.4)), r)
        pygame.draw.circle(surface, ink, (round(x), round(y + h * 0.4)), r)
    elif terrain == GLACIER:  # a star of three strokes
        for k in range(3):
            a = math.pi / 2 + k * math.pi / 3
            dx, dy = math.cos(a) * h * 0.8, math.sin(a) * h * 0.8
            pygame.draw.line(surface, ink, (x - dx, y - dy), (x + dx, y + dy), w)


def draw_panel(
    surface: pygame.Surface, t: Theme, rect: pygame.Rect, fill: Colour | None = None
) -> None:
    """One of the table's panels: rounded, in ``fill`` (the theme's panel colour by default)."""
    pygame.draw.rect(surface, fill or t.panel, rect, border_radius=t.px(8))
    pygame.draw.rect(surface, t.panel_edge, rect, 1, border_radius=t.px(8))


def draw_badge(surface: pygame.Surface, label: pygame.Surface, centre: Point) -> None:
    """A face's number: ``label`` on a dark disc ringed light, at ``centre``."""
    radius = max(label.get_width(), label.get_height()) // 2 + 2
    c = (round(centre[0]), round(centre[1]))
    pygame.draw.circle(surface, CELL_EDGE, c, radius)
    pygame.draw.circle(surface, EMPTY_EDGE, c, radius, 1)
    surface.blit(label, label.get_rect(center=c))


def centroid(tri: Sequence[Point]) -> Point:
    return (sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3)


def rotated_letters(tile: int, rotation: int) -> str:
    """Tile ``tile``'s five terrains as laid at turn ``rotation``."""
    return "".join(rotated(TILES[tile].terrains, rotation))


def pentagon(centre: Point, radius: float) -> list[Point]:
    """A regular pentagon's corners, a corner at the top, in screen order."""
    x, y = centre
    return [
        (
            x + radius * math.cos(-math.pi / 2 + k * 2 * math.pi / 5),
            y + radius * math.sin(-math.pi / 2 + k * 2 * math.pi / 5),
        )
        for k in range(SLOTS)
    ]


def draw_tile(
    surface: pygame.Surface, terrains: str, centre: Point, radius: float, rotation: int = 0
) -> list[Point]:
    """A tile as a small pentagon of 5 triangles (its terrains turned by
    ``rotation``), each with its glyph; returns the pentagon's corners."""
    corners = pentagon(centre, radius)
    laid = rotated(terrains, rotation)
    for e in range(SLOTS):
        tri = [centre, corners[e], corners[(e + 1) % SLOTS]]
        pygame.draw.polygon(surface, TERRAIN_COLOURS[laid[e]], tri)
        pygame.draw.polygon(surface, CELL_EDGE, tri, 1)
        draw_glyph(surface, laid[e], centroid(tri), radius * 0.42)
    return corners


#: tiles painted once per terrains, size and turn (the tray's and the held
#: tile's pictures): a paint costs as much as a frame's planet
_TILE_IMAGES: dict[tuple[str, int, int], pygame.Surface] = {}


def blit_tile(
    surface: pygame.Surface, terrains: str, centre: Point, radius: float, rotation: int = 0
) -> None:
    """:func:`draw_tile` from a picture painted once per terrains, size (to
    the pixel) and turn."""
    r = max(2, round(radius))
    key = (terrains, r, rotation % SLOTS)
    image = _TILE_IMAGES.get(key)
    if image is None:
        if len(_TILE_IMAGES) > 256:
            _TILE_IMAGES.clear()
        image = pygame.Surface((2 * r + 3, 2 * r + 3))
        image.fill(SPRITE_KEY)
        image.set_colorkey(SPRITE_KEY)
        draw_tile(image, terrains, (r + 1, r + 1), r, rotation)
        _TILE_IMAGES[key] = image
    surface.blit(image, (round(centre[0]) - r - 1, round(centre[1]) - r - 1))


__all__ = [
    "CELL_EDGE",
    "EMPTY_EDGE",
    "EMPTY_FILL",
    "GLOW",
    "GLYPH_INK",
    "SPACE",
    "TERRAIN_COLOURS",
    "blit_tile",
    "centroid",
    "draw_badge",
    "draw_glyph",
    "draw_panel",
    "draw_tile",
    "lifted",
    "pentagon",
    "rotated_letters",
]
