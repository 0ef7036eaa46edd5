"""The flat map: the large planet as its net, and the button (or M) that
toggles it with the planet in 3D.

:class:`FlatPlanetView` draws one planet as the flat net of
``geometry.NET_CELLS`` (12 pentagons, 60 triangles) inside a rectangle and
picks the face and cell under a point, with the same calls as the 3D planet
(``globe.SolidPlanetView``): ``fit(rect)``, ``draw(...)``, ``cell_at(pos)`` /
``face_at(pos)``, ``face_point(face)``, so the table asks whichever is shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import pygame

from tabletop.games.planet.geometry import BACK, FACE_COUNT, NBR, NET_CELLS, NET_CORNERS, SLOTS
from tabletop.games.planet.table.looks import (
    CELL_EDGE,
    EMPTY_EDGE,
    EMPTY_FILL,
    TERRAIN_COLOURS,
    Colour,
    Point,
    centroid,
    draw_badge,
    draw_glyph,
    lifted,
)
from tabletop.games.planet.tiles import EMPTY
from tabletop.ui.painted import PanelCache
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import fit_text

#: the toggle's words: with the planet in 3D, and with the flat map on show
TO_FLAT, TO_SOLID = "Flat map (M)", "3D planet (M)"


def _inside(p: Point, tri: Sequence[Point]) -> bool:
    (ax, ay), (bx, by), (cx, cy) = tri
    px, py = p
    d1 = (px - bx) * (ay - by) - (ax - bx) * (py - by)
    d2 = (px - cx) * (by - cy) - (bx - cx) * (py - cy)
    d3 = (px - ax) * (cy - ay) - (cx - ax) * (py - ay)
    neg = d1 < 0 or d2 < 0 or d3 < 0
    pos = d1 > 0 or d2 > 0 or d3 > 0
    return not (neg and pos)


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
        x, y = centroid(self.cells[SLOTS * face])
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
            draw_glyph(surface, terrain, centroid(pts), glyph)
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
        labels: Sequence[pygame.Surface] = (),
        pulse: float = 0.5,
    ) -> None:
        """``planet`` (60 letters), with ``preview`` cells laid over it (a
        tile about to be placed, drawn lighter), the cells of ``glow``
        outlined (steady: ``pulse`` is the solid's) and each face of
        ``rings`` ringed in its colour. With
        ``sides_of``, each side of that face and the side it meets on the
        solid are marked alike, so a side the net cuts apart shows where it
        joins (:func:`side_marks`). ``labels`` are the faces' numbers, one
        image a face, each on a dark disc at its pentagon's centre."""
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
        for face, label in enumerate(labels):
            corners = self.faces[face]
            centre = (
                sum(p[0] for p in corners) / len(corners),
                sum(p[1] for p in corners) / len(corners),
            )
            draw_badge(surface, label, centre)


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


# -- the toggle ---------------------------------------------------------------------------


def toggle_width(t: Theme) -> int:
    """The toggle button's width: room for either of its words."""
    return max(t.small.size(w)[0] for w in (TO_FLAT, TO_SOLID)) + t.px(16)


def paint_toggle(
    surface: pygame.Surface, t: Theme, panels: PanelCache, button: pygame.Rect, flat: bool
) -> None:
    """The toggle at ``button``: lit while the flat map is on show."""
    pygame.draw.rect(surface, t.focus if flat else t.panel, button, border_radius=t.px(6))
    pygame.draw.rect(surface, t.panel_edge, button, 1, border_radius=t.px(6))
    words = TO_SOLID if flat else TO_FLAT
    img = panels.words(
        t.small, fit_text(t.small, words, button.w - t.px(8)), t.panel if flat else t.text
    )
    surface.blit(img, img.get_rect(center=button.center))


__all__ = ["FlatPlanetView", "SIDE_COLOURS", "paint_toggle", "side_marks", "toggle_width"]
