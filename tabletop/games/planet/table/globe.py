"""The planet in 3D: a shaded, turnable dodecahedron per seat
(``tabletop/ui/solid.py``), its cells in the terrains' colours and glyphs
(``looks.py``), turned by a drag (with inertia) or the arrows, and eased to
bring a face to the front.

:class:`SolidPlanetView` has the flat map's calls (``flatmap.FlatPlanetView``):
``fit``, ``draw``, ``cell_at``, ``face_at``, ``face_point``, so the table asks
whichever of the two shows the large planet.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np
import pygame

from tabletop.games.planet.geometry import FACES, SLOTS, VERTICES
from tabletop.games.planet.table.looks import (
    CELL_EDGE,
    EMPTY_FILL,
    TERRAIN_COLOURS,
    Colour,
    Point,
    draw_badge,
    draw_glyph,
    lifted,
)
from tabletop.games.planet.tiles import EMPTY
from tabletop.ui.solid import (
    GlyphSprites,
    Quat,
    Solid,
    SolidView,
    q_axis_angle,
    q_between,
    q_mul,
    q_rotate,
)

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


#: a face's number is drawn while the face meets the eye at least this squarely
LABEL_FACING = 0.3
#: the turn that shows a planet's far side: half a turn about the screen's upright
FAR_SIDE: Quat = q_axis_angle((0, 1, 0), 3.141592653589793)

#: the terrains' glyphs, painted once per size and blitted (shared by every view)
GLYPHS = GlyphSprites(_paint_glyph)


class SolidPlanetView:
    """A planet as a shaded, turnable dodecahedron (``tabletop/ui/solid.py``),
    with the same calls as ``flatmap.FlatPlanetView``: ``fit``, ``draw``,
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
        labels: Sequence[pygame.Surface] = (),
        pulse: float = 0.5,
    ) -> None:
        """``planet`` with ``preview`` cells laid over it (lighter), the cells
        of ``glow`` lit and ringed (the regions a tile joins), as bright as
        ``pulse`` (0..1) says, and each face of ``rings`` outlined in its colour. ``sides_of`` is the flat map's (a
        side the net cuts apart); on the solid every side is whole.
        ``labels``, when given, are the faces' numbers (one image a face),
        each drawn on a dark disc at its face's centre while the face turns
        towards the eye (:func:`looks.draw_badge`)."""
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
            surface,
            highlight=glow,
            sprites=GLYPHS,
            kinds=self._kinds,
            under_rim=draw_rings,
            pulse=pulse,
        )
        if labels:
            for face in self.view.visible_faces():
                if self.facing(face) > LABEL_FACING:
                    draw_badge(surface, labels[face], self.view.face_centre(face))

    def facing(self, face: int) -> float:
        """How squarely ``face`` meets the eye: 1 in front, 0 edge-on, below 0 behind."""
        return q_rotate(self.view.orientation, PLANET_SOLID.normals[face])[2]

    # -- turning ----------------------------------------------------------------------
    @property
    def orientation(self) -> Quat:
        return self.view.orientation

    def drag_to_front(self, face: int) -> tuple[Point, Point, Quat]:
        """A drag that brings ``face`` round to the front: where to press,
        where to let go (both on the planet, pixels) and the turn it leaves
        the planet at. The trackball turns the planet by the arc between the
        two points lifted onto its sphere, so they are taken on the great
        circle through the front and the face, half the angle either side of
        the front (at most nearly a half turn: a face right at the back comes
        nearly to the front)."""
        proj = self.view.project()
        (cx, cy), r = proj.centre, proj.radius
        nx, ny, nz = q_rotate(self.orientation, PLANET_SOLID.normals[face])
        angle = min(math.acos(max(-1.0, min(1.0, nz))), 0.95 * math.pi)
        across = math.hypot(nx, ny)
        ux, uy = (ny / across, -nx / across) if across > 1e-9 else (1.0, 0.0)
        # the front turned by -angle/2 and +angle/2 about (ux, uy, 0), on screen
        s = math.sin(angle / 2)
        press = (round(cx - r * uy * s), round(cy - r * ux * s))
        release = (round(cx + r * uy * s), round(cy + r * ux * s))
        lift = self.view._sphere_point  # the trackball's own lift of a screen point
        turn = q_mul(q_between(lift(press), lift(release)), self.orientation)
        return press, release, turn

    def handle(self, event: pygame.event.Event) -> bool:
        return self.view.handle(event)

    def update(self, dt: float) -> bool:
        return self.view.update(dt)

    def turn_to_face(self, face: int, duration: float | None = None) -> None:
        if duration is None:
            self.view.turn_to_face(face)
        else:
            self.view.turn_to_face(face, duration)


__all__ = ["FAR_SIDE", "GLYPHS", "LABEL_FACING", "PLANET_SOLID", "START_TURN", "SolidPlanetView"]
