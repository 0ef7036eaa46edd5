"""The turnable solid (tabletop/ui/solid.py), headless: projection, culling,
picking, turning by drag, inertia, keys and turn_to_face, drawing."""

from __future__ import annotations

import math
import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import numpy as np  # noqa: E402
import pygame  # noqa: E402
import pytest  # noqa: E402

from tabletop.ui import solid as solid_mod  # noqa: E402
from tabletop.ui.solid import (  # noqa: E402
    IDENTITY,
    GlyphSprites,
    Solid,
    SolidView,
    demo_dodecahedron,
    q_axis_angle,
    q_rotate,
)

DT = 1 / 60
RECT = pygame.Rect(100, 50, 400, 400)
RED = (200, 60, 50)


@pytest.fixture(scope="module")
def dodeca() -> Solid:
    return Solid.fanned(*demo_dodecahedron())


def view_of(
    solid: Solid, perspective: float = 0.12, orientation=IDENTITY, colours=None
) -> SolidView:
    cols = colours if colours is not None else [RED] * solid.n_cells
    return SolidView(solid, RECT, colours=cols, perspective=perspective, orientation=orientation)


def orientations(n: int, seed: int = 5) -> list[tuple[float, float, float, float]]:
    gen = random.Random(seed)
    out = []
    for _ in range(n):
        q = [gen.gauss(0, 1) for _ in range(4)]
        norm = math.sqrt(sum(c * c for c in q))
        out.append(tuple(c / norm for c in q))
    return out


def neighbours(solid: Solid, f: int) -> set[int]:
    return {g for a, b, x, g in solid.edges if x == f} | {x for a, b, x, g in solid.edges if g == f}


def signed_area(poly) -> float:
    return sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1) in zip(poly, [*poly[1:], poly[0]])) / 2


def mouse(kind: int, pos, button: int = 1) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=button)


def drag(view: SolidView, start, end, steps: int = 6, *, release: bool = True) -> None:
    """Press at ``start``, move to ``end`` in ``steps`` motions with a frame
    between each, and release there."""
    view.handle(mouse(pygame.MOUSEBUTTONDOWN, start))
    for i in range(1, steps + 1):
        t = i / steps
        pos = (round(start[0] + (end[0] - start[0]) * t), round(start[1] + (end[1] - start[1]) * t))
        view.handle(mouse(pygame.MOUSEMOTION, pos))
        view.update(DT)
    if release:
        view.handle(mouse(pygame.MOUSEBUTTONUP, end))


# -- the solid ------------------------------------------------------------------


def test_dodecahedron_is_closed_and_fanned_into_sixty_cells(dodeca):
    verts, faces = demo_dodecahedron()
    assert len(verts) == 20 and len(faces) == 12 and all(len(f) == 5 for f in faces)
    assert len(dodeca.edges) == 30  # each edge shared by exactly two faces
    assert all(g >= 0 for *_, g in dodeca.edges)
    assert dodeca.n_cells == 60
    for f, face in enumerate(faces):
        for e in range(5):
            # cell 5f+e is (centre of f, face[e], face[e+1]), as planet.md 9.3 numbers them
            centre, a, b = dodeca.cells[5 * f + e]
            assert (a, b) == (face[e], face[(e + 1) % 5])
            assert np.allclose(dodeca.vertices[centre], dodeca.face_centroids[f])
        assert len(dodeca.seams[f]) == 5  # the five spokes from the centre
    # outward unit normals, and every face at the same distance
    assert np.allclose(np.linalg.norm(dodeca.normals, axis=1), 1)
    assert np.allclose(
        np.einsum("ij,ij->i", dodeca.normals, dodeca.face_centroids),
        dodeca.normals[0] @ dodeca.face_centroids[0],
    )


def test_a_face_listed_clockwise_is_refused():
    verts, faces = demo_dodecahedron()
    faces[3] = faces[3][::-1]
    with pytest.raises(ValueError, match="face 3 faces inwards"):
        Solid(verts, faces)


def test_colours_must_cover_every_cell(dodeca):
    with pytest.raises(ValueError, match="need 60 colours"):
        SolidView(dodeca, RECT, colours=[RED] * 59)


# -- projection -------------------------------------------------------------------


def test_orthographic_projection_of_known_points(dodeca):
    view = view_of(dodeca, perspective=0.0)
    scale = 0.94 * 200 / math.sqrt(3)  # the circumsphere fills 94 % of the half-side
    cx, cy = RECT.center
    pts = view.project().points
    for i, (x, y, _z) in enumerate(dodeca.vertices):
        assert pts[i] == pytest.approx([cx + scale * x, cy - scale * y])
    # a quarter turn about the view's z axis takes x to y: (1, 1, 1) goes to (-1, 1, 1)
    i = next(i for i, v in enumerate(dodeca.vertices) if np.allclose(v, (1, 1, 1)))
    view.orientation = q_axis_angle((0, 0, 1), math.pi / 2)
    assert view.project().points[i] == pytest.approx([cx - scale, cy - scale])


def test_perspective_shows_the_near_side_larger(dodeca):
    view = view_of(dodeca, perspective=0.2)
    pts = view.project().points
    cx, cy = RECT.center
    near = next(i for i, v in enumerate(dodeca.vertices) if np.allclose(v, (1, 1, 1)))
    far = next(i for i, v in enumerate(dodeca.vertices) if np.allclose(v, (1, 1, -1)))
    assert pts[near][0] - cx > pts[far][0] - cx > 0
    assert cy - pts[near][1] > cy - pts[far][1] > 0
    # and the bounding sphere still fits the rect
    radius = max(math.dist(p, (cx, cy)) for p in pts)
    assert radius <= 0.94 * 200 + 1e-6


# -- culling ----------------------------------------------------------------------


@pytest.mark.parametrize("perspective", [0.0, 0.12, 0.3])
def test_seen_face_on_exactly_six_faces_show(dodeca, perspective):
    view = view_of(dodeca, perspective)
    for f in range(dodeca.n_faces):
        view.turn_to(view.face_turn(f), duration=0)
        assert set(view.visible_faces()) == {f} | neighbours(dodeca, f)
        assert len(neighbours(dodeca, f)) == 5


@pytest.mark.parametrize("perspective", [0.0, 0.12])
def test_culling_keeps_exactly_the_faces_turned_to_the_eye(dodeca, perspective):
    # a face faces the eye when its projected outline runs clockwise on screen
    # (counter-clockwise from outside, with the screen's y pointing down)
    view = view_of(dodeca, perspective)
    for q in orientations(40):
        view.orientation = q
        for f in range(dodeca.n_faces):
            area = signed_area(view.face_polygon(f))
            if abs(area) > 1.0:  # leave out faces seen edge-on
                assert view.face_visible(f) == (area < 0), (q, f, area)


def test_only_visible_faces_are_drawn(dodeca, monkeypatch):
    view = view_of(dodeca, colours=[(40 * (c % 3), 90, 50 * (c % 5)) for c in range(60)])
    view.turn_to(view.face_turn(4), duration=0)
    fills = []
    real = pygame.draw.polygon

    def polygon(surface, colour, points, width=0):
        if width == 0:
            fills.append({tuple(p) for p in points})
        return real(surface, colour, points, width)

    monkeypatch.setattr(pygame.draw, "polygon", polygon)
    surface = pygame.Surface((600, 500))
    pts = view.project().points
    faces = {
        f: {tuple(pts[i]) for i in dodeca.faces[f]}
        | {tuple(pts[dodeca.cells[c][0]]) for c in dodeca.face_cells[f]}
        for f in range(12)
    }
    for colours in (view.colours, [RED] * 60, [None] * 60):
        view.set_colours(colours)
        fills.clear()
        view.draw(surface)
        # each fill lies within one face, and exactly the six faces towards the eye are filled
        drawn = {f for poly in fills for f in range(12) if poly <= faces[f]}
        assert all(any(poly <= faces[f] for f in range(12)) for poly in fills)
        assert drawn == {4} | neighbours(dodeca, 4)
        assert len(fills) == (
            30 if colours is view.colours else 18
        )  # a face of one colour is three triangles


# -- picking ----------------------------------------------------------------------


@pytest.mark.parametrize("perspective", [0.0, 0.12])
def test_picking_finds_each_visible_face_and_cell_under_its_centre(dodeca, perspective):
    view = view_of(dodeca, perspective)
    checked = 0
    for q in [IDENTITY, *orientations(12, seed=9)]:
        view.orientation = q
        for f in view.visible_faces():
            if abs(signed_area(view.face_polygon(f))) < 4:
                continue  # a sliver seen edge-on
            assert view.face_at(view.face_centre(f)) == f
            for c in dodeca.face_cells[f]:
                if abs(signed_area(view.cell_polygon(c))) >= 4:
                    assert view.cell_at(view.cell_centre(c)) == c
                    checked += 1
    assert checked > 200


def test_picking_off_the_solid_and_never_a_hidden_face(dodeca):
    view = view_of(dodeca)
    for q in orientations(6, seed=3):
        view.orientation = q
        assert view.face_at(RECT.topleft) is None
        assert view.cell_at((RECT.right - 2, RECT.bottom - 2)) is None
        assert view.face_at((0, 0)) is None
        for x in range(RECT.left, RECT.right, 23):
            for y in range(RECT.top, RECT.bottom, 23):
                f = view.face_at((x, y))
                c = view.cell_at((x, y))
                assert f is None or view.face_visible(f)
                assert c is None or view.face_visible(int(dodeca.cell_face[c]))


# -- turning --------------------------------------------------------------------------


def front_point(view: SolidView) -> np.ndarray:
    """The model point now at the front of the view (view (0, 0, 1))."""
    return view.matrix.T @ np.array([0.0, 0.0, 1.0])


def test_a_drag_turns_the_way_the_mouse_moved(dodeca):
    view = view_of(dodeca)
    cx, cy = RECT.center
    was_front = front_point(view)
    drag(view, (cx, cy), (cx + 80, cy))
    now = q_rotate(view.orientation, was_front)
    assert now[0] > 0.3 and abs(now[1]) < 1e-6  # the front went right
    view.stop()
    was_front = front_point(view)
    drag(view, (cx, cy), (cx, cy + 80))
    now = q_rotate(view.orientation, was_front)
    assert now[1] < -0.3 and abs(now[0]) < 1e-6  # and down


def test_the_point_grabbed_stays_under_the_pointer(dodeca):
    view = view_of(dodeca)
    cx, cy = RECT.center
    r = 0.94 * 200
    start, end = (cx - 30, cy + 20), (cx + 70, cy - 45)
    grabbed = view.matrix.T @ np.array(view._sphere_point(start))
    drag(view, start, end, steps=9)
    x, y, z = q_rotate(view.orientation, grabbed)
    assert (cx + x * r, cy - y * r) == pytest.approx(end, abs=1e-6)


def test_a_click_is_not_a_drag(dodeca):
    view = view_of(dodeca)
    q = view.orientation
    assert not view.handle(mouse(pygame.MOUSEBUTTONDOWN, RECT.center))
    assert not view.handle(mouse(pygame.MOUSEMOTION, (RECT.centerx + 2, RECT.centery)))
    assert not view.handle(mouse(pygame.MOUSEBUTTONUP, (RECT.centerx + 2, RECT.centery)))
    assert view.orientation == q and view.at_rest
    # a press outside the rect does not turn it either
    drag(view, (RECT.left - 5, RECT.top - 5), RECT.center)
    assert view.orientation == q


def test_a_release_missed_outside_the_window_ends_the_drag(dodeca):
    view = view_of(dodeca)
    cx, cy = RECT.center
    drag(view, (cx, cy), (cx + 50, cy), steps=3, release=False)
    assert view.dragging and view.pressed
    q = view.orientation
    # the pointer comes back with no button held: the release was missed
    assert view.handle(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(cx + 90, cy), rel=(0, 0), buttons=(0, 0, 0))
    )
    assert not view.dragging and not view.pressed
    assert view.orientation == q  # that motion did not turn it


def test_a_flick_spins_on_and_comes_to_rest(dodeca):
    view = view_of(dodeca)
    cx, cy = RECT.center
    drag(view, (cx - 60, cy), (cx + 60, cy), steps=4)
    assert not view.at_rest
    speeds, turning = [], []
    for _ in range(2000):
        before = view.orientation
        view.update(DT)
        speeds.append(math.hypot(*view.omega))
        turning.append(view.orientation != before)
        if view.at_rest:
            break
    assert view.at_rest
    assert turning[0] and len(speeds) > 30  # it went on spinning after the release
    assert all(a >= b for a, b in zip(speeds, speeds[1:]))  # ever slower
    rest = view.orientation
    for _ in range(10):
        assert not view.update(DT)
    assert view.orientation == rest


def test_a_release_after_holding_still_does_not_spin(dodeca):
    view = view_of(dodeca)
    cx, cy = RECT.center
    drag(view, (cx - 60, cy), (cx + 60, cy), steps=4, release=False)
    for _ in range(30):
        view.update(DT)
    view.handle(mouse(pygame.MOUSEBUTTONUP, (cx + 60, cy)))
    assert view.at_rest


def test_inertia_runs_on_dt_alone(dodeca):
    a, b = view_of(dodeca), view_of(dodeca)
    a.spin((0.5, 2.0, 0.0))
    b.spin((0.5, 2.0, 0.0))
    for _ in range(60):
        a.update(DT)
    for _ in range(60):
        b.update(DT)
    assert a.orientation == b.orientation  # the same steps, the same turn
    assert np.allclose(a.omega, np.array((0.5, 2.0, 0.0)) * math.exp(-solid_mod.SPIN_DECAY))


@pytest.mark.parametrize("perspective", [0.0, 0.12])
def test_turn_to_face_brings_the_face_to_the_front(dodeca, perspective):
    view = view_of(dodeca, perspective, orientation=orientations(1, seed=2)[0])
    for f in (0, 5, 7, 11, 3):
        view.turn_to_face(f)
        steps = 0
        while not view.at_rest:
            view.update(DT)
            steps += 1
            assert steps < 200
        assert steps > 5  # eased, not at once
        assert q_rotate(view.orientation, dodeca.normals[f]) == pytest.approx((0, 0, 1), abs=1e-9)
        assert view.face_at(RECT.center) == f


def test_arrows_bring_that_side_to_the_front(dodeca):
    view = view_of(dodeca)
    for key, axis, sign in (
        (pygame.K_RIGHT, 0, 1),
        (pygame.K_LEFT, 0, -1),
        (pygame.K_UP, 1, 1),
        (pygame.K_DOWN, 1, -1),
    ):
        view.orientation = IDENTITY
        side = np.zeros(3)
        side[axis] = sign
        side = side + np.array([0, 0, 1.0])  # a point on that side, towards the front
        assert view.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
        assert view.handle(
            pygame.event.Event(pygame.KEYDOWN, key=key, mod=0)
        )  # a second press adds on
        for _ in range(60):
            view.update(DT)
        assert view.at_rest
        x, y, z = q_rotate(view.orientation, side)
        assert (x, y)[axis] == pytest.approx(math.sqrt(2) * math.sin(math.radians(45 - 60)) * sign)
    assert not view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0))
    quiet = SolidView(dodeca, RECT, keys=False)
    assert not quiet.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT, mod=0))


def test_a_drag_cancels_an_eased_turn(dodeca):
    view = view_of(dodeca)
    view.turn_to_face(9)
    view.update(DT)
    cx, cy = RECT.center
    drag(view, (cx, cy), (cx + 40, cy), steps=2, release=False)
    assert view.dragging
    view.handle(mouse(pygame.MOUSEBUTTONUP, (cx + 40, cy)))
    for _ in range(600):
        view.update(DT)
    assert view.at_rest
    assert q_rotate(view.orientation, dodeca.normals[9])[2] < 0.99  # it never reached face 9


# -- drawing -----------------------------------------------------------------------------


def test_highlight_draws_only_over_visible_cells(dodeca):
    view = view_of(dodeca)
    view.turn_to(view.face_turn(0), duration=0)
    base = pygame.Surface((600, 500))
    view.draw(base)
    lit = pygame.Surface((600, 500))
    view.draw(lit, highlight=dodeca.face_cells[0])
    cx, cy = (round(v) for v in view.cell_centre(dodeca.face_cells[0][2]))
    assert base.get_at((cx, cy)) != lit.get_at((cx, cy))
    hidden = pygame.Surface((600, 500))
    view.draw(
        hidden, highlight=[*dodeca.face_cells[11], 999, -1]
    )  # the far side, and no cells at all
    assert pygame.image.tobytes(hidden, "RGB") == pygame.image.tobytes(base, "RGB")


def test_shading_is_brighter_facing_the_light(dodeca):
    view = view_of(dodeca)
    proj = view.project()
    light = np.array(solid_mod.LIGHT) / np.linalg.norm(solid_mod.LIGHT)
    towards = max(proj.order, key=lambda f: float(dodeca.normals[f] @ light))
    away = min(proj.order, key=lambda f: float(dodeca.normals[f] @ light))
    lit = view.shaded_colours()
    assert sum(lit[5 * towards]) > sum(lit[5 * away])


def convex_hull(points):
    pts = sorted(set(map(tuple, points)))

    def half(seq):
        out = []
        for p in seq:
            while (
                len(out) >= 2
                and (out[-1][0] - out[-2][0]) * (p[1] - out[-2][1])
                - (out[-1][1] - out[-2][1]) * (p[0] - out[-2][0])
                <= 0
            ):
                out.pop()
            out.append(p)
        return out[:-1]

    return half(pts) + half(pts[::-1])


@pytest.mark.parametrize("perspective", [0.0, 0.12])
def test_no_gaps_inside_the_outline(dodeca, perspective):
    view = view_of(dodeca, perspective)
    background = (1, 2, 3)
    for q in orientations(5, seed=11):
        view.orientation = q
        surface = pygame.Surface((600, 500))
        surface.fill(background)
        view.draw(surface)
        # the silhouette of a convex solid is the hull of its projected corners
        inside = pygame.Surface((600, 500))
        inside.fill((0, 0, 0))
        hull = convex_hull(view.project().points)
        pygame.draw.polygon(inside, (255, 255, 255), hull)
        pygame.draw.polygon(inside, (0, 0, 0), hull, 3)  # less a pixel or so along the rim
        want = pygame.surfarray.array3d(inside)[:, :, 0] > 0
        got = (pygame.surfarray.array3d(surface) != np.array(background)).any(axis=2)
        assert want.sum() > 50_000
        assert not (want & ~got).any(), (
            f"{int((want & ~got).sum())} unpainted pixels inside the outline"
        )


def test_the_glyph_callback_sees_each_visible_coloured_cell(dodeca):
    colours = [None if c // 5 in (0, 1) else RED for c in range(60)]
    view = view_of(dodeca, colours=colours)
    seen = {}

    def glyph(surface, cell, centre, size, shade):
        seen[cell] = (centre, size, shade)

    view.draw(pygame.Surface((600, 500)), glyph=glyph)
    expected = {
        c for f in view.visible_faces() for c in dodeca.face_cells[f] if colours[c] is not None
    }
    assert set(seen) == expected
    for c, (centre, size, shade) in seen.items():
        assert solid_mod._inside(centre, view.cell_polygon(c))
        # the root of the cell's area, narrowed as its face turns away: no more
        # than the root of the area seen, and that area's root times the cosine
        facing = q_rotate(view.orientation, dodeca.normals[dodeca.cell_face[c]])[2]
        seen = math.sqrt(abs(signed_area(view.cell_polygon(c))))
        assert seen * math.sqrt(facing) * 0.9 <= size <= seen * 1.1
        assert 0 < shade < 1.2


def test_glyph_sprites_are_painted_once_per_step():
    painted = []

    def paint(surface, kind, size, shade):
        painted.append((kind, size, shade))
        pygame.draw.circle(surface, (0, 0, 0), surface.get_rect().center, size / 3)

    sprites = GlyphSprites(paint, budget=3)
    target = pygame.Surface((100, 100))
    sprites.draw(target, "a", (50, 50), 30.0, 0.8)
    sprites.draw(target, "a", (20, 20), 30.5, 0.81)  # the same size and light steps
    assert len(painted) == 1
    assert target.get_at((50, 50))[:3] == (0, 0, 0) and target.get_at((5, 5))[:3] != (255, 0, 255)
    for k in "bcd":
        sprites.draw(target, k, (50, 50), 30.0, 0.8)
    assert len(sprites) == 3  # within its budget


def test_sprites_blitted_at_once_match_the_glyph_callback(dodeca):
    def paint(surface, kind, size, shade):
        pygame.draw.circle(surface, (10, 10, 10 + kind), surface.get_rect().center, size / 5)

    colours = [
        None if c // 5 == 3 else ((40, 160, 90) if c % 2 else (200, 180, 60)) for c in range(60)
    ]
    kinds = [c % 2 for c in range(60)]
    view = view_of(dodeca, colours=colours, orientation=orientations(1, seed=4)[0])
    sprites = GlyphSprites(paint)
    one, many = pygame.Surface((600, 500)), pygame.Surface((600, 500))
    view.draw(
        one,
        glyph=lambda surface, cell, centre, size, shade: sprites.draw(
            surface, kinds[cell], centre, size, shade
        ),
    )
    view.draw(many, sprites=sprites, kinds=kinds)
    assert pygame.image.tobytes(one, "RGB") == pygame.image.tobytes(many, "RGB")
    plain = pygame.Surface((600, 500))
    view.draw(plain)
    assert pygame.image.tobytes(plain, "RGB") != pygame.image.tobytes(many, "RGB")
    with pytest.raises(ValueError, match="kinds"):
        view.draw(plain, sprites=sprites)


def test_the_demo_runs_headless(tmp_path):
    shot = tmp_path / "solid.png"
    assert (
        solid_mod.demo(["--frames", "3", "--size", "640x400", "--spin", "--shot", str(shot)]) == 0
    )
    assert shot.is_file()
