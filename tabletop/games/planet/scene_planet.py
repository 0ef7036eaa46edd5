"""How a planet is drawn, and the look of terrains and tiles.

:class:`FlatPlanetView` draws one planet as the flat net of
``geometry.NET_CELLS`` (12 pentagons, 60 triangles) inside a rectangle and
picks the face and cell under a point. It is the one object the scene asks to
draw and pick a planet, so the shared 3D view (``tabletop/ui/solid.py``) can
take its place with the same three calls: ``fit(rect)``, ``draw(...)``,
``cell_at(pos)`` / ``face_at(pos)``.

Every terrain has a colour *and* a glyph drawn in each of its cells, so colour
is never alone: waves for ocean, a tree for forest, a peak for mountain, dunes
(two dots) for desert, a star for glacier.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pygame

from tabletop.games.planet.geometry import (
    BACK,
    FACE_COUNT,
    FACES,
    NBR,
    NET_CELLS,
    NET_CORNERS,
    SLOTS,
    VERTICES,
    rotated,
)
from tabletop.games.planet.tiles import DESERT, EMPTY, FOREST, GLACIER, MOUNTAIN, OCEAN
from tabletop.ui.solid import SPRITE_KEY, GlyphSprites, Quat, Solid, SolidView, q_axis_angle, q_mul

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


def _inside(p: Point, tri: Sequence[Point]) -> bool:
    (ax, ay), (bx, by), (cx, cy) = tri
    px, py = p
    d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by)
    d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy)
    d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay)
    neg = d1 < 0 or d2 < 0 or d3 < 0
    pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (neg and pos)


def _centroid(tri: Sequence[Point]) -> Point:
    return (sum(p[0] for p in tri) / 3, sum(p[1] for p in tri) / 3)


class FlatPlanetView:
    """A planet as its flat net, fitted into a rectangle (see the module docstring)."""

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scale = 0.0
        #: each cell's triangle and each face's pentagon on screen
        self.cells: list[list[Point]] = []
        self.faces: list[list[Point]] = []
        #: the planet drawn without its overlays, and what it was drawn for
        self._image = pygame.Surface((1, 1))
        self._image_key: tuple[object, ...] | None = None

    def fit(self, rect: pygame.Rect) -> None:
        """Lay the net out as large as fits in ``rect``, centred."""
        self.rect = pygame.Rect(rect)
        lo, hi = NET_CORNERS.min(axis=(0, 1)), NET_CORNERS.max(axis=(0, 1))
        span_x, span_y = float(hi[0] - lo[0]), float(hi[1] - lo[1])
        margin = 0.96
        self.scale = max(0.0, min(rect.w / span_x, rect.h / span_y) * margin)
        cx, cy = rect.center
        s = self.scale

        def at(p: Sequence[float]) -> Point:
            return (cx + float(p[0]) * s, cy - float(p[1]) * s)  # the net's y points up

        self.cells = [[at(p) for p in tri] for tri in NET_CELLS]
        self.faces = [[at(p) for p in pent] for pent in NET_CORNERS]

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        """The cell drawn under ``pos``, or None."""
        if not self.rect.collidepoint(pos):
            return None
        return next((i for i, tri in enumerate(self.cells) if _inside(pos, tri)), None)

    def face_at(self, pos: tuple[int, int]) -> int | None:
        cell = self.cell_at(pos)
        return None if cell is None else cell // SLOTS

    def face_point(self, face: int) -> tuple[int, int]:
        """A point well inside ``face`` (its first cell's middle), for a click."""
        x, y = _centroid(self.cells[SLOTS * face])
        return round(x), round(y)

    def _paint(
        self, surface: pygame.Surface, planet: str, preview: dict[int, str], offset: Point
    ) -> None:
        """The cells of ``planet`` and of ``preview`` (lighter), and the
        outlines of the faces neither covers, shifted by ``offset``."""
        line = max(1, round(self.scale / 40))
        glyph = self.scale * 0.22
        dx, dy = offset

        def moved(points: Sequence[Point]) -> list[Point]:
            return [(x + dx, y + dy) for x, y in points]

        open_faces = [
            f
            for f in range(FACE_COUNT)
            if planet[SLOTS * f] == EMPTY
            and not any(SLOTS * f + e in preview for e in range(SLOTS))
        ]
        if not preview:
            for face in open_faces:
                pygame.draw.polygon(surface, EMPTY_FILL, moved(self.faces[face]))
        for i, tri in enumerate(self.cells):
            terrain = preview.get(i, planet[i])
            if terrain == EMPTY:
                continue
            colour = TERRAIN_COLOURS[terrain]
            if i in preview:
                colour = lifted(colour)
            pts = moved(tri)
            pygame.draw.polygon(surface, colour, pts)
            pygame.draw.polygon(surface, CELL_EDGE, pts, line)
            draw_glyph(surface, terrain, _centroid(pts), glyph)
        if not preview:
            for face in open_faces:
                pygame.draw.polygon(surface, EMPTY_EDGE, moved(self.faces[face]), line)

    def draw(
        self,
        surface: pygame.Surface,
        planet: str,
        *,
        preview: dict[int, str] | None = None,
        glow: Iterable[int] = (),
        glow_colour: Colour = (255, 236, 120),
        rings: Sequence[tuple[int, Colour]] = (),
        sides_of: int | None = None,
    ) -> None:
        """``planet`` (60 letters), with ``preview`` cells laid over it (a
        tile about to be placed, drawn lighter), the cells of ``glow``
        outlined and each face of ``rings`` ringed in its colour. With
        ``sides_of``, each side of that face and the side it meets on the
        solid are marked alike, so a side the net cuts apart shows where it
        joins (:func:`side_marks`)."""
        if not self.cells:
            return
        line = max(1, round(self.scale / 40))
        key = (planet, self.rect.size, tuple(self.cells[0][0]))
        if key != self._image_key:  # the planet itself, drawn once per change
            self._image_key = key
            self._image = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            self._paint(self._image, planet, {}, (-self.rect.x, -self.rect.y))
        surface.blit(self._image, self.rect.topleft)
        if preview:
            self._paint(surface, EMPTY * len(planet), preview, (0, 0))
        for i in glow:
            pygame.draw.polygon(surface, glow_colour, self.cells[i], max(2, line * 2))
        for face, colour in rings:
            pygame.draw.polygon(surface, colour, self.faces[face], max(2, line * 3))
        if sides_of is not None:
            for face, slot, colour in side_marks(sides_of):
                a, b = self.faces[face][slot], self.faces[face][(slot + 1) % SLOTS]
                # the middle half of the side, inset towards its face's centre
                cx, cy = self.face_point(face)
                inset = [(p[0] + (cx - p[0]) * 0.12, p[1] + (cy - p[1]) * 0.12) for p in (a, b)]
                (ax, ay), (bx, by) = inset
                mid = ((ax * 3 + bx) / 4, (ay * 3 + by) / 4), ((ax + bx * 3) / 4, (ay + by * 3) / 4)
                pygame.draw.line(surface, colour, mid[0], mid[1], max(3, line * 4))


#: the colours marking a face's five sides and the sides they meet
SIDE_COLOURS: tuple[Colour, ...] = (
    (255, 92, 92),
    (255, 196, 60),
    (120, 232, 120),
    (90, 200, 255),
    (220, 130, 255),
)


def side_marks(face: int) -> list[tuple[int, int, Colour]]:
    """(face, slot, colour) for each side of ``face`` and, in the same
    colour, the side of the neighbouring face it meets on the solid."""
    out = []
    for e in range(SLOTS):
        colour = SIDE_COLOURS[e]
        out.append((face, e, colour))
        out.append((NBR[face][e], BACK[face][e], colour))
    return out


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
        draw_glyph(surface, laid[e], _centroid(tri), radius * 0.42)
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


#: the planet's solid: geometry's dodecahedron, each face fanned into its 5
#: cells from its centre, so the solid's cell ``5*f + e`` is geometry's
#: ``cell(f, e)`` (the centre, corner ``e``, corner ``e + 1``, faces
#: counter-clockwise from outside: tests/planet/test_scene.py checks it)
PLANET_SOLID = Solid.fanned(VERTICES, FACES)
#: how a planet first shows: tilted so the pole and a ring of faces are both in sight
START_TURN: Quat = q_mul(q_axis_angle((1, 0, 0), -0.95), q_axis_angle((0, 0, 1), 0.3))


def _paint_glyph(surface: pygame.Surface, terrain: object, size: float, shade: float) -> None:
    """A terrain's glyph centred on a sprite (for :class:`GlyphSprites`)."""
    if isinstance(terrain, str):
        draw_glyph(
            surface, terrain, (surface.get_width() / 2, surface.get_height() / 2), size * 0.4
        )


#: the terrains' glyphs, painted once per size and blitted (shared by every view)
GLYPHS = GlyphSprites(_paint_glyph)


class SolidPlanetView:
    """A planet as a shaded, turnable dodecahedron (``tabletop/ui/solid.py``),
    with the same calls as :class:`FlatPlanetView`: ``fit``, ``draw``,
    ``cell_at``, ``face_at``, ``face_point``. Cells take the terrains'
    colours and glyphs, empty faces are dark. ``handle``/``update`` turn it
    (a drag, with inertia; arrows when ``keys``), ``turn_to_face`` eases a
    face to the front. A face turned away has no ``face_point``: turn it
    round first."""

    def __init__(self, *, keys: bool = False, orientation: Quat = START_TURN) -> None:
        self.view = SolidView(
            PLANET_SOLID,
            (0, 0, 1, 1),
            orientation=orientation,
            empty=EMPTY_FILL,
            edge=CELL_EDGE,
            keys=keys,
        )
        self.rect = pygame.Rect(0, 0, 0, 0)
        #: a face's edge in pixels, as the flat map's ``scale`` (a tile's size)
        self.scale = 0.0
        self._planet: str | None = None
        self._preview: dict[int, str] = {}
        #: each cell's terrain as drawn (the preview laid over the planet): its glyph's kind
        self._kinds: list[str] = []

    # -- the flat view's calls --------------------------------------------------------
    def fit(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.view.rect = pygame.Rect(rect)
        side = float(np.linalg.norm(VERTICES[FACES[0][0]] - VERTICES[FACES[0][1]]))
        pixels_per_unit, _ = self.view._scale()
        self.scale = side * pixels_per_unit

    @property
    def cells(self) -> list[list[Point]]:
        """The cells in sight, each its corners on screen (as the flat map's ``cells``)."""
        polys = self.view.cell_polygons()
        return [
            [(p[0], p[1]) for p in polys[c]]
            for f in self.view.visible_faces()
            for c in PLANET_SOLID.face_cells[f]
        ]

    def cell_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        return self.view.cell_at(pos)

    def face_at(self, pos: tuple[int, int]) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        return self.view.face_at(pos)

    def face_point(self, face: int) -> tuple[int, int] | None:
        """A point well inside ``face`` if it is in sight (its first cell's
        middle, pulled towards the face's centre), else None."""
        if not self.view.face_visible(face):
            return None
        x0, y0 = self.view.face_centre(face)
        x1, y1 = self.view.cell_centre(SLOTS * face)
        return round((x0 + x1) / 2), round((y0 + y1) / 2)

    def draw(
        self,
        surface: pygame.Surface,
        planet: str,
        *,
        preview: dict[int, str] | None = None,
        glow: Iterable[int] = (),
        glow_colour: Colour = (255, 236, 120),
        rings: Sequence[tuple[int, Colour]] = (),
        sides_of: int | None = None,
    ) -> None:
        """``planet`` with ``preview`` cells laid over it (lighter), the cells
        of ``glow`` lit and ringed (the regions a tile joins) and each face of
        ``rings`` outlined in its colour. ``sides_of`` is the flat map's (a
        side the net cuts apart); on the solid every side is whole."""
        preview = preview or {}
        if planet != self._planet or preview != self._preview:
            self._planet, self._preview = planet, dict(preview)
            self._kinds = [preview.get(i, terrain) for i, terrain in enumerate(planet)]
            colours: list[Colour | None] = []
            for i, terrain in enumerate(planet):
                shown = preview.get(i, terrain)
                if shown == EMPTY:
                    colours.append(None)
                    continue
                c = TERRAIN_COLOURS[shown]
                if i in preview:
                    c = lifted(c)
                colours.append(c)
            self.view.set_colours(colours)
        self.view.highlight_colour = glow_colour
        # each cell's glyph from the painted sprites, blitted in one call
        width = max(2, round(self.scale / 14))

        def draw_rings(target: pygame.Surface) -> None:  # under the glowing regions' rim
            for face, colour in rings:
                if self.view.face_visible(face):
                    pygame.draw.polygon(target, colour, self.view.face_polygon(face), width)

        self.view.draw(
            surface, highlight=glow, sprites=GLYPHS, kinds=self._kinds, under_rim=draw_rings
        )

    # -- turning ----------------------------------------------------------------------
    @property
    def orientation(self) -> Quat:
        return self.view.orientation

    def handle(self, event: pygame.event.Event) -> bool:
        return self.view.handle(event)

    def update(self, dt: float) -> bool:
        return self.view.update(dt)

    def turn_to_face(self, face: int, duration: float | None = None) -> None:
        if duration is None:
            self.view.turn_to_face(face)
        else:
            self.view.turn_to_face(face, duration)


__all__ = [
    "FlatPlanetView",
    "PLANET_SOLID",
    "SolidPlanetView",
    "SPACE",
    "TERRAIN_COLOURS",
    "draw_glyph",
    "draw_tile",
    "pentagon",
]
