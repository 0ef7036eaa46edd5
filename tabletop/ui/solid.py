"""A turnable, shaded solid: projection, culling, shading, turning and picking.

This module knows no game. A :class:`Solid` is geometry: vertices, polygon
faces (counter-clockwise seen from outside) and each face split into *cells*
(sub-polygons, numbered face by face). A :class:`SolidView` shows one solid
in a screen rectangle, with a colour per cell given by the caller, and turns
it:

- **Projection.** Every vertex is rotated and projected at once with numpy,
  orthographically or with a mild perspective (``perspective`` is the solid's
  radius over the eye's distance; 0 is orthographic). Faces turned away from
  the eye are culled; the others are drawn far to near, flat shaded from a
  fixed light (a cell's colour scaled by how squarely its face meets the
  light, with a little gloss), with thin cell outlines and thicker face
  outlines. Glyphs mark the coloured cells, so colour is not the only thing
  telling them apart: a caller's ``glyph`` callback draws at each cell's
  centre, or :class:`GlyphSprites` paints each kind's glyph once per size
  and light step and ``draw(sprites=, kinds=)`` blits them all in one call.
- **Turning.** The orientation is a unit quaternion (``view.orientation``;
  ``view.matrix`` is its rotation matrix, model to view). A mouse drag turns
  it like a trackball (the point grabbed stays under the pointer); on
  release the solid keeps spinning with the drag's speed, which decays on the
  ``dt`` given to :meth:`SolidView.update`, never on the clock. The arrow keys
  turn it by steps, eased. :meth:`SolidView.turn_to_face` eases a face to the
  front.
- **Picking.** :meth:`SolidView.face_at` and :meth:`SolidView.cell_at` name
  the front-most visible face or cell under a screen point, or None.
- **Highlight.** ``draw(..., highlight=cells)`` draws those cells lit
  towards a glow colour and rings the rim of the region they make with a
  pulse (a tile placement's preview); the pulse runs on ``update``'s ``dt``,
  or is the caller's (``draw(pulse=...)``: Planet's glow settles after a
  moment, ``tabletop/ui/rest.py``). :attr:`SolidView.at_rest` says whether
  anything turns it.

View coordinates: x to the right, y up, z towards the eye. A screen point is
``(cx + s*x, cy - s*y)`` (times the perspective factor) about the centre of
the view's rect.

``python -m tabletop.ui.solid`` opens a window with a coloured dodecahedron
to turn (the standard coordinates, :func:`demo_dodecahedron`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import NamedTuple

import numpy as np
import pygame

from tabletop.ui.theme import mix, pygame_session

Colour = tuple[int, int, int]
Point = tuple[float, float]
Quat = tuple[float, float, float, float]  # (w, x, y, z), unit length
#: ``glyph(surface, cell, centre, size, shade)``: draw a cell's mark at its
#: projected centre; ``size`` is the square root of its area in pixels times
#: how squarely it faces the eye (:meth:`SolidView.cell_marks`), ``shade`` the
#: light on its face (about 0.3 to 1.1)
GlyphFn = Callable[[pygame.Surface, int, Point, float, float], None]

IDENTITY: Quat = (1.0, 0.0, 0.0, 0.0)


# -- quaternions -----------------------------------------------------------------
#
# A handful of small, pure-Python helpers: on four floats they are faster than
# numpy, and an orientation only changes a few times a frame.


def q_mul(a: Quat, b: Quat) -> Quat:
    """The rotation ``b`` followed by ``a``."""
    aw, ax, ay, az = a
    bw, bx, by, bz = b
    return (
        aw * bw - ax * bx - ay * by - az * bz,
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
    )


def q_normalized(q: Quat) -> Quat:
    n = math.sqrt(sum(c * c for c in q))
    if n < 1e-12 or not math.isfinite(n):
        return IDENTITY
    return (q[0] / n, q[1] / n, q[2] / n, q[3] / n)


def q_axis_angle(axis: Sequence[float], angle: float) -> Quat:
    """A turn of ``angle`` radians about ``axis`` (right-handed)."""
    x, y, z = (float(c) for c in axis)
    n = math.sqrt(x * x + y * y + z * z)
    if n < 1e-12:
        return IDENTITY
    s = math.sin(angle / 2) / n
    return (math.cos(angle / 2), x * s, y * s, z * s)


def q_exp(rotvec: Sequence[float]) -> Quat:
    """The turn whose axis is ``rotvec``'s direction and angle its length."""
    x, y, z = (float(c) for c in rotvec)
    return q_axis_angle((x, y, z), math.sqrt(x * x + y * y + z * z))


def q_log(q: Quat) -> tuple[float, float, float]:
    """The rotation vector of ``q`` (axis times angle, angle in 0..pi)."""
    w, x, y, z = q
    if w < 0:
        w, x, y, z = -w, -x, -y, -z
    s = math.sqrt(x * x + y * y + z * z)
    if s < 1e-12:
        return (0.0, 0.0, 0.0)
    angle = 2 * math.atan2(s, w)
    return (x / s * angle, y / s * angle, z / s * angle)


def q_between(u: Sequence[float], v: Sequence[float]) -> Quat:
    """The shortest turn taking direction ``u`` to direction ``v``."""
    ux, uy, uz = (float(c) for c in u)
    vx, vy, vz = (float(c) for c in v)
    nu = math.sqrt(ux * ux + uy * uy + uz * uz)
    nv = math.sqrt(vx * vx + vy * vy + vz * vz)
    if nu < 1e-12 or nv < 1e-12:
        return IDENTITY
    ux, uy, uz = ux / nu, uy / nu, uz / nu
    vx, vy, vz = vx / nv, vy / nv, vz / nv
    d = ux * vx + uy * vy + uz * vz
    if d < -1 + 1e-9:  # opposite: half a turn about any axis square to u
        ax, ay, az = (0.0, -uz, uy) if abs(ux) < 0.9 else (-uy, ux, 0.0)
        return q_axis_angle((ax, ay, az), math.pi)
    cx, cy, cz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
    return q_normalized((1 + d, cx, cy, cz))


def q_slerp(a: Quat, b: Quat, t: float) -> Quat:
    """The turn a fraction ``t`` of the shortest way from ``a`` to ``b``."""
    d = sum(x * y for x, y in zip(a, b))
    if d < 0:
        b, d = (-b[0], -b[1], -b[2], -b[3]), -d
    if d > 0.9995:
        return q_normalized(tuple(x + (y - x) * t for x, y in zip(a, b)))  # type: ignore[arg-type]
    theta = math.acos(min(1.0, d))
    s = math.sin(theta)
    ka, kb = math.sin((1 - t) * theta) / s, math.sin(t * theta) / s
    return q_normalized(tuple(ka * x + kb * y for x, y in zip(a, b)))  # type: ignore[arg-type]


def q_matrix(q: Quat) -> np.ndarray:
    """The 3x3 rotation matrix of ``q``: ``matrix @ p`` turns a point ``p``."""
    w, x, y, z = q
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
            [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
            [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
        ]
    )


def q_rotate(q: Quat, p: Sequence[float]) -> tuple[float, float, float]:
    """The point ``p`` turned by ``q``."""
    r = q_matrix(q) @ np.asarray(p, dtype=float)
    return (float(r[0]), float(r[1]), float(r[2]))


def _smoothstep(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


# -- the solid ---------------------------------------------------------------------


class Solid:
    """Vertices, faces and cells of a convex-ish solid, with what every frame needs
    precomputed.

    ``vertices`` is N x 3; ``faces`` lists each face's vertex indices,
    counter-clockwise seen from outside. ``cells[f]`` lists face ``f``'s cells,
    each a polygon of vertex indices (the caller adds any inner vertices, such
    as a face centre, to ``vertices``); cells are numbered face by face. Without
    ``cells`` each face is one cell. :meth:`fanned` splits every face into
    triangles from its centre.
    """

    def __init__(
        self,
        vertices: np.ndarray | Sequence[Sequence[float]],
        faces: Sequence[Sequence[int]],
        cells: Sequence[Sequence[Sequence[int]]] | None = None,
    ) -> None:
        v = np.array(vertices, dtype=float)
        if v.ndim != 2 or v.shape[1] != 3 or len(v) < 4 or not np.isfinite(v).all():
            raise ValueError("vertices must be a finite N x 3 array, N >= 4")
        if not faces:
            raise ValueError("a solid needs faces")
        self.faces: tuple[tuple[int, ...], ...] = tuple(tuple(int(i) for i in f) for f in faces)
        for f, face in enumerate(self.faces):
            if len(face) < 3 or any(not 0 <= i < len(v) for i in face):
                raise ValueError(f"face {f} must list 3 or more vertex indices below {len(v)}")
        if cells is None:
            cells = [[face] for face in self.faces]
        if len(cells) != len(self.faces):
            raise ValueError(f"cells must list each of the {len(self.faces)} faces' cells")
        polys: list[tuple[int, ...]] = []
        cell_face: list[int] = []
        face_cells: list[tuple[int, ...]] = []
        for f, subs in enumerate(cells):
            if not subs:
                raise ValueError(f"face {f} has no cells")
            ids = []
            for poly in subs:
                poly = tuple(int(i) for i in poly)
                if len(poly) < 3 or any(not 0 <= i < len(v) for i in poly):
                    raise ValueError(
                        f"a cell of face {f} must list 3 or more vertex indices below {len(v)}"
                    )
                ids.append(len(polys))
                polys.append(poly)
                cell_face.append(f)
            face_cells.append(tuple(ids))

        # centred on the vertices' mean, so turning spins it in place
        self.centre = v.mean(axis=0)
        self.vertices = v - self.centre
        self.radius = float(np.linalg.norm(self.vertices, axis=1).max())
        if self.radius <= 0:
            raise ValueError("the vertices must not all coincide")
        #: cell id -> its polygon's vertex indices
        self.cells: tuple[tuple[int, ...], ...] = tuple(polys)
        #: cell id -> its face
        self.cell_face = np.array(cell_face, dtype=np.intp)
        #: face -> its cells' ids
        self.face_cells: tuple[tuple[int, ...], ...] = tuple(face_cells)

        pts = self.vertices
        normals, centroids = [], []
        for f, face in enumerate(self.faces):
            p = pts[list(face)]
            q = np.roll(p, -1, axis=0)
            # Newell's normal: right for any planar polygon, convex or not
            n = np.array(
                [
                    np.sum((p[:, 1] - q[:, 1]) * (p[:, 2] + q[:, 2])),
                    np.sum((p[:, 2] - q[:, 2]) * (p[:, 0] + q[:, 0])),
                    np.sum((p[:, 0] - q[:, 0]) * (p[:, 1] + q[:, 1])),
                ]
            )
            length = float(np.linalg.norm(n))
            if length < 1e-12:
                raise ValueError(f"face {f} has no area")
            n /= length
            c = p.mean(axis=0)
            if float(n @ c) <= 0:
                raise ValueError(
                    f"face {f} faces inwards: list its vertices counter-clockwise seen from outside"
                )
            normals.append(n)
            centroids.append(c)
        #: face -> unit outward normal (model space)
        self.normals = np.array(normals)
        #: face -> the mean of its vertices (model space)
        self.face_centroids = np.array(centroids)
        #: cell id -> the mean of its vertices (model space)
        self.cell_centroids = np.array([pts[list(c)].mean(axis=0) for c in self.cells])
        #: cell id -> its area (model units squared)
        self.cell_areas = np.array([_polygon_area(pts[list(c)]) for c in self.cells])
        #: vertices, face normals, face centroids and cell centroids in one array:
        #: one product turns them all
        self.stack = np.vstack(
            [self.vertices, self.normals, self.face_centroids, self.cell_centroids]
        )
        #: the rows of the stack that are points (vertices, then cell centroids)
        nv, nf = len(self.vertices), len(self.faces)
        self.point_rows = np.concatenate([np.arange(nv), np.arange(nv + 2 * nf, len(self.stack))])
        #: face -> the distance of its plane from the centre
        self.plane_distances = np.einsum("ij,ij->i", self.normals, self.face_centroids)

        # the outlines, each drawn once a frame: the faces' edges (with the two
        # faces they part, -1 for none), and inside each face its cells' edges
        sides: dict[tuple[int, int], list[int]] = {}
        for f, face in enumerate(self.faces):
            for a, b in zip(face, face[1:] + face[:1]):
                sides.setdefault((min(a, b), max(a, b)), []).append(f)
        #: (vertex, vertex, face, other face or -1) for every edge of a face
        self.edges: tuple[tuple[int, int, int, int], ...] = tuple(
            (a, b, fs[0], fs[1] if len(fs) > 1 else -1) for (a, b), fs in sides.items()
        )
        inner: list[tuple[tuple[int, int, int, int], ...]] = []
        for cell_ids in self.face_cells:
            seams: dict[tuple[int, int], list[int]] = {}
            for c in cell_ids:
                poly = self.cells[c]
                for a, b in zip(poly, poly[1:] + poly[:1]):
                    key = (min(a, b), max(a, b))
                    if key not in sides:
                        seams.setdefault(key, []).append(c)
            inner.append(tuple((a, b, cs[0], cs[-1]) for (a, b), cs in seams.items()))
        #: cell -> its sides, each a (lower, higher) pair of vertex indices
        self.cell_sides: tuple[tuple[tuple[int, int], ...], ...] = tuple(
            tuple((min(a, b), max(a, b)) for a, b in zip(poly, poly[1:] + poly[:1]))
            for poly in self.cells
        )
        #: face -> (vertex, vertex, cell, other cell) for each seam between its cells
        self.seams: tuple[tuple[tuple[int, int, int, int], ...], ...] = tuple(inner)
        # cells grouped by their number of corners, for numpy over all of them at once
        by_len: dict[int, list[int]] = {}
        for c, poly in enumerate(self.cells):
            by_len.setdefault(len(poly), []).append(c)
        #: (cell ids, their corners' vertex indices, the same shifted by one corner)
        self.cell_groups: tuple[tuple[list[int], np.ndarray, np.ndarray], ...] = tuple(
            (ids, idx, np.roll(idx, -1, axis=1))
            for ids, idx in (
                (ids, np.array([self.cells[c] for c in ids], dtype=np.intp))
                for ids in by_len.values()
            )
        )
        #: face -> its corners fanned into triangles from the first (faces are convex)
        self.face_triangles: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((face[0], face[i], face[i + 1]) for i in range(1, len(face) - 1))
            for face in self.faces
        )
        #: face x vertex: True where the vertex is a corner of the face
        self.corners = np.zeros((len(self.faces), len(v)), dtype=bool)
        for f, face in enumerate(self.faces):
            self.corners[f, list(face)] = True

    @property
    def n_faces(self) -> int:
        return len(self.faces)

    @property
    def n_cells(self) -> int:
        return len(self.cells)

    @classmethod
    def fanned(
        cls, vertices: np.ndarray | Sequence[Sequence[float]], faces: Sequence[Sequence[int]]
    ) -> Solid:
        """The solid with each face split into triangles fanned from its centre:
        face ``f``'s cell ``e`` is (centre, ``face[e]``, ``face[e+1]``), so a face's
        cells follow its edges (for pentagons, cell ``5*f + e``). The centres are
        appended to the vertices, face by face."""
        v = np.array(vertices, dtype=float)
        n = len(v)
        centres = np.array([v[list(face)].mean(axis=0) for face in faces])
        cells = [
            [(n + f, face[e], face[(e + 1) % len(face)]) for e in range(len(face))]
            for f, face in enumerate(faces)
        ]
        return cls(np.vstack([v, centres]), faces, cells)


def demo_dodecahedron() -> tuple[np.ndarray, list[list[int]]]:
    """The regular dodecahedron from its standard coordinates: 20 vertices
    (±1, ±1, ±1), (0, ±1/φ, ±φ), (±1/φ, ±φ, 0), (±φ, 0, ±1/φ), and 12 faces,
    each the five vertices nearest one of the face normals (0, ±φ, ±1),
    (±φ, ±1, 0), (±1, 0, ±φ), ordered counter-clockwise seen from outside.
    For the demo, the bench and the tests: a game keeps its own labelled model."""
    phi = (1 + math.sqrt(5)) / 2
    verts: list[tuple[float, float, float]] = [
        (x, y, z) for x in (-1, 1) for y in (-1, 1) for z in (-1, 1)
    ]
    for a in (-1 / phi, 1 / phi):
        for b in (-phi, phi):
            verts += [(0, a, b), (a, b, 0), (b, 0, a)]
    v = np.array(verts, dtype=float)
    normals = []
    for s in (-1, 1):
        for t in (-1, 1):
            normals += [(0, s * phi, t), (s * phi, t, 0), (s, 0, t * phi)]
    faces = []
    for n in np.array(normals, dtype=float):
        ring = np.argsort(v @ n)[-5:]
        centre = v[ring].mean(axis=0)
        # an in-plane frame (e1, e2) with e1 x e2 = n: angles grow counter-clockwise from outside
        e1 = v[ring[0]] - centre
        e1 /= np.linalg.norm(e1)
        e2 = np.cross(n / np.linalg.norm(n), e1)
        d = v[ring] - centre
        order = np.argsort(np.arctan2(d @ e2, d @ e1))
        faces.append([int(ring[i]) for i in order])
    return v, faces


# -- the view ----------------------------------------------------------------------


class Projection(NamedTuple):
    """One frame's projection of a solid in a view."""

    #: vertex -> screen point, as an array and as lists [x, y]
    screen: np.ndarray
    points: list[list[float]]
    #: vertex -> depth towards the eye, in model units (view z)
    depth: np.ndarray
    #: face -> True when it faces the eye
    visible: np.ndarray
    #: the visible faces, far to near (the drawing order)
    order: list[int]
    #: face -> the light on it (ambient plus diffuse), and the gloss to add
    shade: np.ndarray
    gloss: np.ndarray
    #: the solid's centre on screen and the screen radius of its bounding sphere
    centre: Point
    radius: float


#: the light's direction in view space: from the upper left, in front
LIGHT = (-0.45, 0.55, 0.70)
AMBIENT = 0.34
DIFFUSE = 0.70
GLOSS = 0.16
GLOSS_POWER = 28

#: pixels the pointer moves with a button down before a press becomes a drag
DRAG_SLOP = 4
#: how fast a spin decays: the speed is multiplied by exp(-SPIN_DECAY * dt)
SPIN_DECAY = 2.2
#: below this speed (radians a second) a spin stops
SPIN_REST = 0.06
#: the fastest spin a flick may start (radians a second)
SPIN_MAX = 4 * math.pi
#: how quickly the measured drag speed follows the pointer (seconds)
DRAG_SMOOTHING = 0.05
#: one arrow key's turn, and how long it takes
#: beats a second of a highlight's pulse
PULSE_RATE = 1.2
KEY_STEP = math.radians(30)
KEY_TURN_SECONDS = 0.22
FACE_TURN_SECONDS = 0.45

LEFT_KEYS = (pygame.K_LEFT,)
RIGHT_KEYS = (pygame.K_RIGHT,)
UP_KEYS = (pygame.K_UP,)
DOWN_KEYS = (pygame.K_DOWN,)


class SolidView:
    """One solid on screen: where, how large, which way turned, in what colours.

    ``colours`` gives each cell a colour, or None for an empty cell (drawn in
    ``empty``, a face of empty cells without seams). ``perspective`` is
    the solid's radius over the eye's distance (0: orthographic). ``buttons``
    are the mouse buttons that turn it; ``keys`` lets the arrows turn it.
    """

    def __init__(
        self,
        solid: Solid,
        rect: pygame.Rect | Sequence[int],
        *,
        colours: Sequence[Colour | None] | None = None,
        orientation: Quat = IDENTITY,
        zoom: float = 1.0,
        perspective: float = 0.12,
        empty: Colour = (58, 64, 78),
        edge: Colour = (14, 16, 22),
        highlight_colour: Colour = (255, 214, 90),
        buttons: Iterable[int] = (1,),
        keys: bool = True,
    ) -> None:
        if not 0.0 <= perspective < 0.9:
            raise ValueError("perspective must be from 0 (orthographic) to below 0.9")
        self.solid = solid
        self.rect = pygame.Rect(rect)
        self.zoom = float(zoom)
        self.perspective = float(perspective)
        self.empty = empty
        self.edge = edge
        self.highlight_colour = highlight_colour
        self.buttons = tuple(buttons)
        self.keys = keys
        self._q = q_normalized(orientation)
        #: angular velocity (radians a second, view space) of a spin
        self.omega = (0.0, 0.0, 0.0)
        #: seconds of update() so far: the highlight's pulse runs on it
        self.clock = 0.0
        self._press: tuple[int, int] | None = None
        self._grab: tuple[float, float, float] | None = None
        self._dragging = False
        self._drag_turn = (0.0, 0.0, 0.0)  # turned by the pointer since the last update
        self._tween: tuple[Quat, Quat, float, float] | None = None  # start, end, elapsed, duration
        self._proj: Projection | None = None
        self._proj_key: tuple[object, ...] = ()
        self._marks: tuple[Projection, list[Point], list[float]] | None = None
        self._polys: tuple[Projection, list[list[list[float]]]] | None = None
        self._mark_data: tuple[np.ndarray, np.ndarray] = (np.zeros((0, 2)), np.zeros(0))
        self._base = np.zeros((solid.n_cells, 3))
        self._filled_list: list[bool] = []
        self._uniform: list[bool] = []
        self._seams: list[list[tuple[int, int, int]]] = []
        self.colours: tuple[Colour | None, ...] = ()
        self.set_colours(colours if colours is not None else [None] * solid.n_cells)
        light = np.array(LIGHT, dtype=float)
        light /= np.linalg.norm(light)
        half = light + np.array([0.0, 0.0, 1.0])
        half /= np.linalg.norm(half)
        self._lights = np.column_stack([light, half])

    # -- state ---------------------------------------------------------------------
    def set_colours(self, colours: Sequence[Colour | None]) -> None:
        """Each cell's colour, or None for empty."""
        colours = tuple(None if c is None else (int(c[0]), int(c[1]), int(c[2])) for c in colours)
        if len(colours) != self.solid.n_cells:
            raise ValueError(
                f"need {self.solid.n_cells} colours (None for an empty cell), got {len(colours)}"
            )
        if colours == self.colours:
            return
        self.colours = colours
        self._filled_list = [c is not None for c in colours]
        self._base = np.array([self.empty if c is None else c for c in colours], dtype=float)
        base = [self.empty if c is None else c for c in colours]
        s = self.solid
        #: face -> True when its cells share one colour (it fills as a few triangles)
        self._uniform = [len({base[c] for c in cells}) == 1 for cells in s.face_cells]
        #: face -> its seams to draw, (vertex, vertex, the darker cell), none between empty cells
        self._seams = [
            [
                (a, b, c if sum(base[c]) <= sum(base[d]) else d)
                for a, b, c, d in s.seams[f]
                if colours[c] or colours[d]
            ]
            for f in range(s.n_faces)
        ]

    @property
    def orientation(self) -> Quat:
        return self._q

    @orientation.setter
    def orientation(self, q: Quat) -> None:
        self._q = q_normalized(q)
        self._tween = None
        self.omega = (0.0, 0.0, 0.0)

    @property
    def matrix(self) -> np.ndarray:
        """The rotation from model space to view space."""
        return q_matrix(self._q)

    @property
    def dragging(self) -> bool:
        """True while a drag turns it."""
        return self._dragging

    @property
    def pressed(self) -> bool:
        """True while a turning button pressed on it is held (a click or a drag to be)."""
        return self._press is not None

    @property
    def at_rest(self) -> bool:
        """True when nothing turns it: no drag, no spin, no eased turn."""
        return not self._dragging and self._tween is None and self.omega == (0.0, 0.0, 0.0)

    def stop(self) -> None:
        """Stop any spin or eased turn where it is."""
        self.omega = (0.0, 0.0, 0.0)
        self._tween = None

    def turn(self, axis: Sequence[float], angle: float) -> None:
        """Turn at once by ``angle`` radians about ``axis`` (view space)."""
        self._q = q_normalized(q_mul(q_axis_angle(axis, angle), self._q))

    def spin(self, omega: Sequence[float]) -> None:
        """Start spinning at ``omega`` (radians a second, view space); it decays."""
        x, y, z = (float(c) for c in omega)
        self._tween = None
        self.omega = _capped((x, y, z), SPIN_MAX)

    def turn_to(self, target: Quat, duration: float = FACE_TURN_SECONDS) -> None:
        """Ease to the orientation ``target`` over ``duration`` seconds (at once if 0)."""
        self.omega = (0.0, 0.0, 0.0)
        target = q_normalized(target)
        if duration <= 0:
            self._q, self._tween = target, None
        else:
            self._tween = (self._q, target, 0.0, float(duration))

    def face_turn(self, face: int) -> Quat:
        """The orientation with ``face`` towards the eye, reached by the shortest turn."""
        n = q_rotate(self._q, self.solid.normals[face])
        return q_normalized(q_mul(q_between(n, (0.0, 0.0, 1.0)), self._q))

    def turn_to_face(self, face: int, duration: float = FACE_TURN_SECONDS) -> None:
        """Ease ``face`` round to the front, its normal towards the eye."""
        if not 0 <= face < self.solid.n_faces:
            raise IndexError(f"face {face} out of range 0..{self.solid.n_faces - 1}")
        self.turn_to(self.face_turn(face), duration)

    # -- input ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Turn by the mouse or the arrows. True when the event was a turn: a
        drag's motion or release (so a scene takes a release that ended a drag
        for no click), or an arrow key. A press is never taken, so the scene
        still sees it."""
        kind = event.type
        if kind == pygame.MOUSEBUTTONDOWN and event.button in self.buttons:
            if self.rect.collidepoint(event.pos):
                self._press = (int(event.pos[0]), int(event.pos[1]))
                self._dragging = False
            return False
        if kind == pygame.MOUSEMOTION and self._press is not None:
            held = getattr(event, "buttons", None)
            if held is not None and not any(
                held[b - 1] for b in self.buttons if 1 <= b <= len(held)
            ):
                # the button came up where this view never heard it (outside the window)
                was = self._dragging
                self._press, self._grab, self._dragging = None, None, False
                return was
            pos = (int(event.pos[0]), int(event.pos[1]))
            if not self._dragging:
                if math.dist(pos, self._press) < DRAG_SLOP:
                    return False
                self._dragging = True
                self._tween = None
                self.omega = (0.0, 0.0, 0.0)
                self._grab = self._sphere_point(self._press)
            self._drag_to(pos)
            return True
        if (
            kind == pygame.MOUSEBUTTONUP
            and event.button in self.buttons
            and self._press is not None
        ):
            was = self._dragging
            if was:
                self._drag_to((int(event.pos[0]), int(event.pos[1])))
            self._press, self._grab, self._dragging = None, None, False
            return was
        if (
            kind == pygame.KEYDOWN
            and self.keys
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        ):
            # an arrow brings that side of the solid round to the front
            step = {
                **{k: (0.0, -1.0, 0.0) for k in RIGHT_KEYS},
                **{k: (0.0, 1.0, 0.0) for k in LEFT_KEYS},
                **{k: (1.0, 0.0, 0.0) for k in UP_KEYS},
                **{k: (-1.0, 0.0, 0.0) for k in DOWN_KEYS},
            }.get(event.key)
            if step is None:
                return False
            end = self._tween[1] if self._tween is not None else self._q
            self.omega = (0.0, 0.0, 0.0)
            self._tween = (
                self._q,
                q_normalized(q_mul(q_axis_angle(step, KEY_STEP), end)),
                0.0,
                KEY_TURN_SECONDS,
            )
            return True
        return False

    def _drag_to(self, pos: tuple[int, int]) -> None:
        if self._grab is None:
            return
        p = self._sphere_point(pos)
        dq = q_between(self._grab, p)
        self._q = q_normalized(q_mul(dq, self._q))
        r = q_log(dq)
        t = self._drag_turn
        self._drag_turn = (t[0] + r[0], t[1] + r[1], t[2] + r[2])
        self._grab = p

    def _sphere_point(self, pos: Sequence[float]) -> tuple[float, float, float]:
        """The trackball: a screen point lifted onto the unit sphere drawn over
        the solid (outside its rim, the rim's nearest point)."""
        cx, cy = self.rect.center
        r = max(1.0, self._screen_radius())
        x, y = (pos[0] - cx) / r, -(pos[1] - cy) / r
        d2 = x * x + y * y
        if d2 <= 1.0:
            return (x, y, math.sqrt(1.0 - d2))
        d = math.sqrt(d2)
        return (x / d, y / d, 0.0)

    # -- time ----------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        """Advance spins and eased turns by ``dt`` seconds; True while it turns."""
        dt = max(0.0, float(dt))
        self.clock += dt
        if self._drag_turn != (0.0, 0.0, 0.0) and dt > 0:
            # the pointer's turning speed, smoothed: the speed a release leaves
            (sx, sy, sz), (ox, oy, oz) = self._drag_turn, self.omega
            k = 1.0 - math.exp(-dt / DRAG_SMOOTHING)
            self.omega = _capped(
                (ox + (sx / dt - ox) * k, oy + (sy / dt - oy) * k, oz + (sz / dt - oz) * k),
                SPIN_MAX,
            )
            self._drag_turn = (0.0, 0.0, 0.0)
        elif self._dragging and dt > 0:
            # held still: the speed dies away, so a release after a pause does not spin
            k = math.exp(-dt / DRAG_SMOOTHING)
            self.omega = _rest(tuple(o * k for o in self.omega))  # type: ignore[arg-type]
        if self._dragging:
            return True
        if self._tween is not None:
            start, end, elapsed, duration = self._tween
            elapsed += dt
            if elapsed >= duration:
                self._q, self._tween = end, None
            else:
                self._q = q_slerp(start, end, _smoothstep(elapsed / duration))
                self._tween = (start, end, elapsed, duration)
            return True
        if self.omega != (0.0, 0.0, 0.0):
            wx, wy, wz = self.omega
            self._q = q_normalized(q_mul(q_exp((wx * dt, wy * dt, wz * dt)), self._q))
            decay = math.exp(-SPIN_DECAY * dt)
            self.omega = _rest((wx * decay, wy * decay, wz * decay))
            return True
        return False

    # -- projection ----------------------------------------------------------------
    def _screen_radius(self) -> float:
        """The screen radius of the solid's bounding sphere."""
        return 0.94 * self.zoom * min(self.rect.w, self.rect.h) / 2

    def _scale(self) -> tuple[float, float]:
        """(pixels per model unit at depth 0, the eye's distance or 0)."""
        r = self.solid.radius
        if self.perspective <= 0:
            return self._screen_radius() / r, 0.0
        eye = r / self.perspective
        # the bounding sphere's outline under perspective has radius r*eye/sqrt(eye^2 - r^2)
        return self._screen_radius() * math.sqrt(eye * eye - r * r) / (r * eye), eye

    def project(self) -> Projection:
        """This frame's projection (kept until the orientation or the rect changes)."""
        key = (
            self._q,
            self.rect.x,
            self.rect.y,
            self.rect.w,
            self.rect.h,
            self.zoom,
            self.perspective,
        )
        if self._proj is not None and key == self._proj_key:
            return self._proj
        s = self.solid
        n, nf = len(s.vertices), s.n_faces
        # vertices, normals, face centroids and cell centroids: one product turns them all
        turned = s.stack @ q_matrix(self._q).T
        normals = turned[n : n + nf]
        cents = turned[n + nf : n + 2 * nf]
        points = turned[s.point_rows]  # the vertices, then the cells' centroids
        scale, eye = self._scale()
        cx, cy = self.rect.center
        if eye:
            f = scale * eye / (eye - points[:, 2])
            # a face is seen when the eye is beyond its plane: n.(eye - c) > 0,
            # and n.c is the plane's distance from the centre, which turning keeps
            visible = normals[:, 2] * eye > s.plane_distances + 1e-9
        else:
            f = np.full(len(points), scale)
            visible = normals[:, 2] > 1e-9
        screen = points[:, :2] * (f[:, None] * _FLIP_Y)
        screen += np.array((cx, cy), dtype=float)
        faces = np.flatnonzero(visible)
        order = faces[np.argsort(cents[faces, 2], kind="stable")].tolist()
        lights = np.clip(
            normals @ self._lights, 0.0, 1.0
        )  # diffuse, and the half-way vector for gloss
        self._proj = Projection(
            screen[:n],
            screen[:n].tolist(),
            points[:n, 2],
            visible,
            order,
            AMBIENT + DIFFUSE * lights[:, 0],
            GLOSS * lights[:, 1] ** GLOSS_POWER,
            (float(cx), float(cy)),
            self._screen_radius(),
        )
        # where each cell's glyph goes, and how large: its centroid on screen,
        # and the root of its area at the scale there, narrowed as its face
        # turns away (a flat glyph must fit the cell's narrow way across)
        facing = np.maximum(normals[:, 2], 0.0)[s.cell_face]
        self._mark_data = (screen[n:], np.sqrt(s.cell_areas) * facing * f[n:])
        self._proj_key = key
        return self._proj

    def cell_polygons(self) -> list[list[list[float]]]:
        """Every cell's corners on screen, [x, y] each (kept with the projection)."""
        proj = self.project()
        if self._polys is not None and self._polys[0] is proj:
            return self._polys[1]
        polys: list[list[list[float]]] = [[] for _ in range(self.solid.n_cells)]
        for ids, idx, _ in self.solid.cell_groups:
            for c, poly in zip(ids, proj.screen[idx].tolist()):
                polys[c] = poly
        self._polys = (proj, polys)
        return polys

    def cell_marks(self) -> tuple[list[Point], list[float]]:
        """Each cell's centroid on screen and a size for its glyph in pixels:
        the square root of its area, times how squarely its face meets the eye
        (so a glyph fits a cell seen edge-on); kept with the projection."""
        proj = self.project()
        if self._marks is not None and self._marks[0] is proj:
            return self._marks[1], self._marks[2]
        centres, sizes = self._mark_data
        marks = ([(x, y) for x, y in centres.tolist()], sizes.tolist())
        self._marks = (proj, *marks)
        return marks

    def cell_polygon(self, cell: int) -> list[Point]:
        """A cell's corners on screen (whether or not it faces the eye)."""
        return [(x, y) for x, y in self.cell_polygons()[cell]]

    def face_polygon(self, face: int) -> list[Point]:
        """A face's corners on screen (whether or not it faces the eye)."""
        pts = self.project().points
        return [(pts[i][0], pts[i][1]) for i in self.solid.faces[face]]

    def visible_faces(self) -> list[int]:
        """The faces towards the eye, far to near."""
        return list(self.project().order)

    def face_visible(self, face: int) -> bool:
        return bool(self.project().visible[face])

    def cell_centre(self, cell: int) -> Point:
        """Where a cell's centroid falls on screen."""
        return self._point(self.solid.cell_centroids[cell])

    def face_centre(self, face: int) -> Point:
        """Where a face's centroid falls on screen."""
        return self._point(self.solid.face_centroids[face])

    def _point(self, p: np.ndarray) -> Point:
        v = q_matrix(self._q) @ p
        scale, eye = self._scale()
        f = scale * eye / (eye - v[2]) if eye else scale
        cx, cy = self.rect.center
        return (cx + float(v[0]) * f, cy - float(v[1]) * f)

    # -- picking -------------------------------------------------------------------
    def face_at(self, pos: Sequence[float]) -> int | None:
        """The front-most visible face under the screen point ``pos``, or None."""
        proj = self.project()
        best, depth = None, -math.inf
        for f in proj.order:
            face = self.solid.faces[f]
            if _inside(pos, [proj.points[i] for i in face]):
                d = float(proj.depth[list(face)].mean())
                if d > depth:
                    best, depth = f, d
        return best

    def cell_at(self, pos: Sequence[float]) -> int | None:
        """The front-most cell of a visible face under the screen point ``pos``, or None."""
        proj = self.project()
        polys = self.cell_polygons()
        best, depth = None, -math.inf
        for f in proj.order:
            for c in self.solid.face_cells[f]:
                if _inside(pos, polys[c]):
                    d = float(proj.depth[list(self.solid.cells[c])].mean())
                    if d > depth:
                        best, depth = c, d
        return best

    # -- drawing -------------------------------------------------------------------
    def shaded_colours(self) -> list[Colour]:
        """Each cell's colour as lit this frame (hidden cells too)."""
        return self._lit()[0]

    def _lit(self) -> tuple[list[Colour], list[list[int]]]:
        """Each cell's colour as lit, and that darkened for its seams."""
        proj = self.project()
        face = self.solid.cell_face
        lit = np.clip(
            self._base * proj.shade[face][:, None] + 255.0 * proj.gloss[face][:, None], 0, 255
        ).astype(np.int32)
        colours = [(r, g, b) for r, g, b in lit.tolist()]
        return colours, ((lit * 5) // 8).tolist()

    def outline_widths(self) -> tuple[int, int]:
        """(face outline, cell outline) widths in pixels at this size."""
        r = self._screen_radius()
        return max(1, round(r / 90)), 1

    def draw(
        self,
        surface: pygame.Surface,
        *,
        highlight: Iterable[int] = (),
        glyph: GlyphFn | None = None,
        sprites: GlyphSprites | None = None,
        kinds: Sequence[Hashable] | None = None,
        under_rim: Callable[[pygame.Surface], None] | None = None,
        pulse: float | None = None,
    ) -> None:
        """Draw the visible faces far to near, the glyphs on their coloured
        cells, the seams between cells, the faces' outlines, ``under_rim``'s
        marks (a caller's face rings) and over them the rim of the highlighted
        cells, lit by ``pulse`` (0..1; None: beating on the view's own clock,
        :data:`PULSE_RATE` times a second).

        Glyphs come from ``sprites`` (each coloured cell's sprite of
        ``kinds[cell]``, blitted in one call: the quick way) or from ``glyph``
        called per cell. The solid is taken to be convex: culling alone hides
        what lies behind."""
        proj = self.project()
        s = self.solid
        pts = proj.points
        order = proj.order
        visible = proj.visible.tolist()
        lit, dark = self._lit()
        uniform = self._uniform
        shown = [c for c in set(highlight) if 0 <= c < s.n_cells and visible[s.cell_face[c]]]
        glow = None
        if shown:
            if pulse is None:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 2 * math.pi * PULSE_RATE)
            glow = mix(self.highlight_colour, (255, 255, 255), 0.4 * pulse)
            uniform = list(uniform)
            for c in shown:  # lit towards the glow, under their glyphs and seams
                lit[c] = mix(lit[c], glow, 0.2 + 0.2 * pulse)
                uniform[s.cell_face[c]] = False
        draw_polygon = pygame.draw.polygon
        polys: list[list[list[float]]] | None = None
        for f in order:
            cells = s.face_cells[f]
            if uniform[f]:
                # one colour (or empty): the face in as few triangles as it takes
                # (pygame fills a triangle quicker than any other polygon)
                colour = lit[cells[0]]
                for a, b, c in s.face_triangles[f]:
                    draw_polygon(surface, colour, (pts[a], pts[b], pts[c]))
            else:
                if polys is None:
                    polys = self.cell_polygons()
                for c in cells:
                    draw_polygon(surface, lit[c], polys[c])
        if glyph is not None or sprites is not None:
            filled = self._filled_list
            marked = [c for f in order for c in s.face_cells[f] if filled[c]]
            if marked:
                centres, sizes = self.cell_marks()
                shades = proj.shade.tolist()
                if sprites is not None:
                    if kinds is None:
                        raise ValueError("sprites need the kinds of the cells")
                    sprites.blit_cells(
                        surface,
                        [kinds[c] for c in marked],
                        [centres[c] for c in marked],
                        [sizes[c] for c in marked],
                        [shades[s.cell_face[c]] for c in marked],
                    )
                elif glyph is not None:
                    for c in marked:
                        glyph(surface, c, centres[c], sizes[c], shades[s.cell_face[c]])
        # the seams: one pixel, in the darker of the two cells' colours, darkened
        # (plain lines: a dark line on its own colour shows no steps, and an
        # antialiased one between float points costs eight times as much)
        line = pygame.draw.line
        seams = self._seams
        for f in order:
            for a, b, c in seams[f]:
                line(surface, dark[c], pts[a], pts[b])
        # the faces' outlines, each edge once, with round joints when thick
        face_w, _ = self.outline_widths()
        edge = self.edge
        for a, b, f, g in s.edges:
            if visible[f] or (g >= 0 and visible[g]):
                line(surface, edge, pts[a], pts[b], face_w)
        if face_w > 2:
            half = face_w / 2 - 0.5
            circle = pygame.draw.circle
            for i in np.flatnonzero(s.corners[proj.visible].any(axis=0)).tolist():
                circle(surface, edge, pts[i], half)
        if under_rim is not None:
            under_rim(surface)
        if shown and glow is not None and pulse is not None:
            self._draw_rim(surface, shown, glow, pulse)

    def _draw_rim(
        self, surface: pygame.Surface, cells: list[int], glow: Colour, pulse: float
    ) -> None:
        """The outline of the region the cells make (not of each cell), in a
        pulsing width, dark outside so it reads on any colour."""
        count: dict[tuple[int, int], int] = {}
        for c in cells:
            for side in self.solid.cell_sides[c]:
                count[side] = count.get(side, 0) + 1
        rim = [side for side, n in count.items() if n == 1]  # sides no other cell of theirs shares
        corners = {i for side in rim for i in side}
        face_w, _ = self.outline_widths()
        width = face_w + 1 + round(pulse * max(1, face_w))
        pts = self.project().points
        for colour, w in ((self.edge, width + 2), (glow, width)):
            for a, b in rim:
                pygame.draw.line(surface, colour, pts[a], pts[b], w)
            if w > 2:
                for i in corners:
                    pygame.draw.circle(surface, colour, pts[i], w / 2 - 0.5)


_FLIP_Y = np.array([1.0, -1.0])


def _polygon_area(p: np.ndarray) -> float:
    """The area of a planar polygon in space (its corners in order)."""
    total = np.zeros(3)
    for i in range(len(p)):
        total += np.cross(p[i], p[(i + 1) % len(p)])
    return 0.5 * float(np.linalg.norm(total))


def _capped(v: tuple[float, float, float], most: float) -> tuple[float, float, float]:
    n = math.sqrt(v[0] ** 2 + v[1] ** 2 + v[2] ** 2)
    if not math.isfinite(n):
        return (0.0, 0.0, 0.0)
    if n > most:
        k = most / n
        return (v[0] * k, v[1] * k, v[2] * k)
    return v


def _rest(v: tuple[float, float, float]) -> tuple[float, float, float]:
    """``v``, or no speed at all once it is slow enough to stop."""
    if v[0] ** 2 + v[1] ** 2 + v[2] ** 2 < SPIN_REST**2:
        return (0.0, 0.0, 0.0)
    return v


def _inside(pos: Sequence[float], poly: Sequence[Sequence[float]]) -> bool:
    """Whether ``pos`` lies in the polygon (even-odd rule, any winding)."""
    x, y = float(pos[0]), float(pos[1])
    inside = False
    j = len(poly) - 1
    for i in range(len(poly)):
        xi, yi = poly[i]
        xj, yj = poly[j]
        if (yi > y) != (yj > y) and x < xi + (y - yi) * (xj - xi) / (yj - yi):
            inside = not inside
        j = i
    return inside


# -- glyphs ----------------------------------------------------------------------


#: the colour that is transparent on a glyph sprite
SPRITE_KEY: Colour = (255, 0, 255)


class GlyphSprites:
    """Glyphs painted once and blitted: a cell's glyph is drawn by
    ``paint(surface, kind, size, shade)`` centred on a small surface (its side
    ``extent`` times the cell's ``size``), kept per (kind, size step, light
    step), so a turning solid blits sprites instead of drawing shapes.
    ``draw`` fits a :data:`GlyphFn` given the cell's kind (a colour class, a
    terrain...); ``warm`` paints a range of sizes ahead, so the first turns
    paint nothing. The cache empties when the pygame session ends and keeps at
    most ``budget`` sprites.

    By default a sprite is an opaque surface keyed on :data:`SPRITE_KEY`
    (magenta: ``paint`` must not use it), whose blit is several times quicker
    than one with an alpha channel; ``alpha=True`` gives ``paint`` a
    transparent surface instead, for antialiased marks (text)."""

    def __init__(
        self,
        paint: Callable[[pygame.Surface, Hashable, float, float], None],
        *,
        extent: float = 0.6,
        step: float = 1.12,
        shades: int = 6,
        budget: int = 3000,
        alpha: bool = False,
    ) -> None:
        self.paint = paint
        self.extent = extent
        self.alpha = alpha
        self._log_step = math.log(step)
        self._step = step
        self.shades = shades
        self.budget = budget
        self._sprites: dict[tuple[Hashable, int, int], pygame.Surface] = {}
        self._session = pygame_session()

    def sprite(self, kind: Hashable, size: float, shade: float) -> pygame.Surface:
        """The sprite for ``kind`` at about ``size`` pixels and light ``shade``."""
        session = pygame_session()
        if session != self._session:
            self._sprites.clear()
            self._session = session
        k = round(math.log(max(1.0, size)) / self._log_step)
        light = round(min(1.5, max(0.0, shade)) * self.shades)
        key = (kind, k, light)
        sprite = self._sprites.get(key)
        if sprite is None:
            if len(self._sprites) >= self.budget:
                self._sprites.pop(next(iter(self._sprites)))
            side = self._step**k
            n = math.ceil(side * self.extent) + 2
            if self.alpha:
                sprite = pygame.Surface((n, n), pygame.SRCALPHA)
                self.paint(sprite, kind, side, light / self.shades)
            else:
                # a colour key, run-length encoded: the quickest blit there is
                sprite = pygame.Surface((n, n))
                sprite.fill(SPRITE_KEY)
                self.paint(sprite, kind, side, light / self.shades)
                sprite.set_colorkey(SPRITE_KEY, pygame.RLEACCEL)
            self._sprites[key] = sprite
        return sprite

    def warm(self, kinds: Iterable[Hashable], smallest: float, largest: float) -> int:
        """Paint every sprite of ``kinds`` from ``smallest`` to ``largest``
        pixels at every light step; returns how many there are."""
        lo = round(math.log(max(1.0, smallest)) / self._log_step)
        hi = round(math.log(max(1.0, largest)) / self._log_step)
        for kind in kinds:
            for k in range(lo, hi + 1):
                for light in range(round(1.5 * self.shades) + 1):
                    self.sprite(kind, self._step**k, light / self.shades)
        return len(self._sprites)

    def blit_cells(
        self,
        surface: pygame.Surface,
        kinds: Sequence[Hashable],
        centres: Sequence[Point],
        sizes: Sequence[float],
        shades: Sequence[float],
    ) -> None:
        """Blit the sprites of many cells at once, each centred on its centre."""
        if not kinds:
            return
        steps = (
            np.rint(np.log(np.maximum(np.array(sizes, dtype=float), 1.0)) / self._log_step)
            .astype(np.int64)
            .tolist()
        )
        lights = (
            np.rint(np.clip(np.array(shades, dtype=float), 0.0, 1.5) * self.shades)
            .astype(np.int64)
            .tolist()
        )
        found = self._sprites.get
        batch = []
        for kind, k, light, (x, y) in zip(kinds, steps, lights, centres):
            sprite = found((kind, k, light))
            if sprite is None:
                sprite = self.sprite(kind, self._step**k, light / self.shades)
            w, h = sprite.get_size()
            batch.append((sprite, (round(x - w / 2), round(y - h / 2))))
        surface.fblits(batch)

    def draw(
        self, surface: pygame.Surface, kind: Hashable, centre: Point, size: float, shade: float
    ) -> None:
        """Blit ``kind``'s sprite centred on ``centre``."""
        sprite = self.sprite(kind, size, shade)
        w, h = sprite.get_size()
        surface.blit(sprite, (round(centre[0] - w / 2), round(centre[1] - h / 2)))

    def __len__(self) -> int:
        return len(self._sprites)


# -- the demo ----------------------------------------------------------------------
#
# python -m tabletop.ui.solid: one large dodecahedron and three small ones, each
# cell one of five colours with a glyph of its own. Drag to turn (a flick keeps
# it spinning), arrows turn the large one, a click brings the face under the
# pointer to the front, a click on a small one swaps it with the large one.
# tools/bench.py's "solid" section times the same table.

#: the demo's five colour classes: a colour and the glyph drawn on it
DEMO_CLASSES: tuple[tuple[Colour, str], ...] = (
    ((46, 112, 196), "waves"),
    ((52, 140, 72), "tree"),
    ((150, 128, 112), "peak"),
    ((226, 190, 96), "dots"),
    ((214, 232, 240), "flake"),
)

_DEMO_GLYPHS = dict(DEMO_CLASSES)


def demo_paint(surface: pygame.Surface, kind: Hashable, size: float, shade: float) -> None:
    """The demo's marks telling its five colours apart by shape, drawn centred on
    ``surface`` (``kind`` is the cell's colour): waves, a tree, a peak, dots, a
    snowflake, in the colour darkened."""
    colour = kind if isinstance(kind, tuple) else (0, 0, 0)
    s = size * 0.22
    if s < 2.5:
        return
    name = _DEMO_GLYPHS.get(colour)
    k = min(1.0, shade) * 0.55
    ink = (int(colour[0] * k), int(colour[1] * k), int(colour[2] * k))
    x, y = surface.get_width() / 2, surface.get_height() / 2
    w = max(1, round(s / 4))
    if name == "waves":
        for dy in (-s / 2, s / 2):
            pts = [(x - s + i * s / 2, y + dy + (-s / 4 if i % 2 else s / 4)) for i in range(5)]
            pygame.draw.lines(surface, ink, False, pts, w)
    elif name == "tree":
        pygame.draw.polygon(
            surface, ink, [(x, y - s), (x - s * 0.7, y + s * 0.4), (x + s * 0.7, y + s * 0.4)]
        )
        pygame.draw.line(surface, ink, (x, y + s * 0.3), (x, y + s), w)
    elif name == "peak":
        peak = [
            (x - s, y + s * 0.6),
            (x - s * 0.2, y - s * 0.7),
            (x + s * 0.2, y - s * 0.1),
            (x + s * 0.5, y - s * 0.5),
            (x + s, y + s * 0.6),
        ]
        pygame.draw.lines(surface, ink, False, peak, w)
    elif name == "dots":
        r = max(1.0, s / 5)
        for dx, dy in ((-s * 0.6, -s * 0.3), (s * 0.6, -s * 0.3), (0, s * 0.5), (0, -s * 0.8)):
            pygame.draw.circle(surface, ink, (x + dx, y + dy), r)
    elif name == "flake":
        for a in (0, math.pi / 3, 2 * math.pi / 3):
            dx, dy = math.cos(a) * s, math.sin(a) * s
            pygame.draw.line(surface, ink, (x - dx, y - dy), (x + dx, y + dy), w)


class DemoTable:
    """The demo's four dodecahedra laid out in ``size``: one large on the left,
    three small in a column on the right."""

    def __init__(self, size: tuple[int, int], seed: int = 14, empty_faces: int = 3) -> None:
        import random

        verts, faces = demo_dodecahedron()
        self.solid = Solid.fanned(verts, faces)
        gen = random.Random(seed)
        self.colourings: list[list[Colour | None]] = []
        for k in range(4):
            cols: list[Colour | None] = []
            empty = set(gen.sample(range(self.solid.n_faces), empty_faces + 2 * k))
            for f in range(self.solid.n_faces):
                # each face takes two or three of the colours, as Planet's tiles do
                pick = gen.sample(DEMO_CLASSES, gen.choice((2, 3)))
                cols += [
                    None if f in empty else gen.choice(pick)[0] for _ in self.solid.face_cells[f]
                ]
            self.colourings.append(cols)
        tilt = q_mul(q_axis_angle((1, 0, 0), 0.5), q_axis_angle((0, 1, 0), -0.4))
        self.views = [
            SolidView(
                self.solid,
                (0, 0, 1, 1),
                colours=c,
                orientation=q_mul(q_axis_angle((0, 0, 1), 0.7 * i), tilt),
                keys=i == 0,
            )
            for i, c in enumerate(self.colourings)
        ]
        self.hover: int | None = None
        self.pointer: tuple[int, int] | None = None
        self.sprites = GlyphSprites(demo_paint)
        self.resize(size)

    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        side = min(h // 3, w // 4)
        big = pygame.Rect(0, 0, w - side, h - 40)
        self.views[0].rect = big
        for i, v in enumerate(self.views[1:]):
            v.rect = pygame.Rect(w - side, i * side, side, side)

    def handle(self, event: pygame.event.Event) -> None:
        for i, view in enumerate(self.views):
            press = view.pressed
            if view.handle(event):
                continue
            if event.type == pygame.MOUSEBUTTONUP and press:  # a click, not a drag
                if i == 0:
                    face = view.face_at(event.pos)
                    if face is not None:
                        view.turn_to_face(face)
                else:
                    big = self.views[0]
                    big_cols, big.colours = big.colours, ()
                    big.set_colours(view.colours)
                    view.colours = ()
                    view.set_colours(big_cols)
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos

    def update(self, dt: float) -> None:
        for view in self.views:
            view.update(dt)
        if self.pointer is not None:  # what is under the pointer changes as the solid turns
            self.hover = self.views[0].cell_at(self.pointer)

    def draw(self, surface: pygame.Surface, glyphs: bool = True) -> None:
        for i, view in enumerate(self.views):
            hl: list[int] = []
            if i == 0 and self.hover is not None:
                face = int(self.solid.cell_face[self.hover])
                hl = list(self.solid.face_cells[face])
            if glyphs:  # a cell's kind is its colour
                view.draw(surface, highlight=hl, sprites=self.sprites, kinds=view.colours)
            else:
                view.draw(surface, highlight=hl)


def demo(argv: Sequence[str] | None = None) -> int:
    """The demo window; ``--frames N`` stops after N frames, ``--shot FILE``
    saves the last one."""
    import argparse

    p = argparse.ArgumentParser(
        prog="python -m tabletop.ui.solid", description=__doc__.splitlines()[0]
    )
    p.add_argument("--size", default="1280x800", help="window size WxH (default 1280x800)")
    p.add_argument(
        "--frames", type=int, default=0, help="stop after this many frames (0: run until closed)"
    )
    p.add_argument("--shot", default="", help="save the last frame as this PNG")
    p.add_argument("--spin", action="store_true", help="start the large one spinning")
    args = p.parse_args(argv)
    w, h = (int(n) for n in args.size.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
    pygame.display.set_caption("Tabletop: a turnable solid")
    pygame.key.set_repeat(300, 60)
    from tabletop.ui.theme import Theme

    theme = Theme((w, h))
    table = DemoTable((w, h))
    if args.spin:
        table.views[0].spin((0.4, 1.6, 0.1))
    clock = pygame.time.Clock()
    frame = 0
    running = True
    while running:
        dt = clock.tick(60) / 1000
        for event in pygame.event.get():
            if event.type == pygame.QUIT or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            ):
                running = False
            elif event.type == pygame.VIDEORESIZE:
                screen = pygame.display.set_mode(event.size, pygame.RESIZABLE)
                theme.resize(event.size)
                table.resize(event.size)
            elif event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                table.views[0].spin((0.3, 2.0, 0.0))
            else:
                table.handle(event)
        table.update(dt)
        screen.fill(theme.background)
        table.draw(screen)
        note = (
            "Drag to turn, flick to spin · arrows turn · click a face to bring it round · "
            f"click a small one to swap · Space spins · {clock.get_fps():.0f} fps"
        )
        text = theme.small.render(note, True, theme.text_dim)
        screen.blit(text, (12, screen.get_height() - text.get_height() - 10))
        pygame.display.flip()
        frame += 1
        if args.frames and frame >= args.frames:
            running = False
    if args.shot:
        pygame.image.save(screen, args.shot)
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(demo())
