"""How Planepita's table looks: the colours, the sprites (a disc in its
seat's colour *and* glyph, the jammer), the backdrop (space, the planet with
its areas, lines, values and marks, each seat's rail), the words in the
theme's fonts, and :class:`Art`, the images the painting keeps between frames.
Plain functions of their inputs; pygame only; nothing here reads the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import pygame

from tabletop.core import rng
from tabletop.games.planepita.board import MARK
from tabletop.games.planepita.model import DOUBLE, LAST, Disc
from tabletop.games.planepita.table.layout import Geometry
from tabletop.ui.theme import Colour, Theme, mix, text_on
from tabletop.ui.widgets import WHOLE, rendered

SPACE_TOP: Colour = (10, 14, 30)
SPACE_BOTTOM: Colour = (22, 18, 44)
AREA_COLOURS: dict[int, Colour] = {3: (38, 78, 104), 4: (54, 112, 98), 5: (164, 96, 54)}
LINE_WHITE: Colour = (244, 244, 236)
BACK_COLOUR: Colour = (58, 62, 74)
JAMMER_COLOUR: Colour = (30, 30, 36)
HAZARD: Colour = (250, 204, 40)
TOKEN_GOLD: Colour = (236, 190, 70)
HOLE_COLOUR: Colour = (6, 4, 14)
LABEL_BACK: Colour = (14, 16, 24)
#: how long the arrow of the "line" aim assist is, mm (it says nothing of where the disc stops)
ARROW_MM = 120.0
#: the aim line's colour for no pull and for the fullest pull
AIM_SOFT: Colour = (110, 230, 120)
AIM_HARD: Colour = (250, 90, 60)


# -- sprites ----------------------------------------------------------------------------------


def _star_points(cx: float, cy: float, r: float, n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for k in range(2 * n):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / n
        pts.append((cx + rad * math.cos(a), cy - rad * math.sin(a)))
    return pts


def draw_mark(
    surface: pygame.Surface, kind: str, centre: tuple[float, float], r: float, colour: Colour
) -> None:
    """The rulebook's rim symbols: square, triangle, star."""
    cx, cy = centre
    if kind == "square":
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    elif kind == "triangle":
        pts = [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    else:
        pts = _star_points(cx, cy, r * 1.25)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (20, 20, 28), pts, max(1, round(r / 5)))


def _glyph_font(theme: Theme, px: int) -> pygame.font.Font:
    return theme.font(max(1.0, px / max(theme.scale, 0.01)))


def glyph_image(
    theme: Theme, text: str, px: int, colour: Colour, bold: bool = False
) -> pygame.Surface:
    """``text`` (a seat's glyph, a token's letter) ``px`` pixels tall. The
    theme never makes a font smaller than is readable as text, so a glyph for
    a small disc is drawn at that size and scaled down to ``px``: a glyph must
    never cover the colour it goes with."""
    font = theme.font(max(1.0, px / max(theme.scale, 0.01)), bold=bold)
    img = font.render(text, True, colour)
    size = font.get_height()
    if size <= px:
        return img
    k = px / size
    return pygame.transform.smoothscale(
        img, (max(1, round(img.get_width() * k)), max(1, round(img.get_height() * k)))
    )


def disc_sprite(
    theme: Theme, owner: int, players: int, face_down: bool, tokens: tuple[str, ...], r: int
) -> pygame.Surface:
    """One alien disc, ``r`` pixels in radius: colour *and* glyph; a face-down
    disc shows its back with a small owner glyph; LAST and DOUBLE tokens on top."""
    pad = max(2, r // 5)
    size = 2 * (r + pad)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    style = theme.player(owner)
    pygame.draw.circle(surf, (0, 0, 0, 110), (c[0] + pad // 2, c[1] + pad // 2 + 1), r)
    if face_down:
        pygame.draw.circle(surf, BACK_COLOUR, c, r)
        pygame.draw.circle(surf, style.colour, c, r, max(2, r // 4))
        for k in (0.62, 0.42):
            pygame.draw.circle(
                surf, mix(BACK_COLOUR, (255, 255, 255), 0.16), c, max(1, round(r * k)), 1
            )
        g = glyph_image(
            theme, style.glyph, max(4, round(r * 0.75)), mix(style.colour, (255, 255, 255), 0.3)
        )
        surf.blit(g, g.get_rect(center=c))
    else:
        pygame.draw.circle(surf, mix(style.colour, (0, 0, 0), 0.25), c, r)
        pygame.draw.circle(surf, style.colour, (c[0], c[1] - max(1, r // 10)), r - max(1, r // 8))
        pygame.draw.circle(surf, mix(style.colour, (255, 255, 255), 0.35), c, r, max(1, r // 9))
        g = glyph_image(theme, style.glyph, max(4, round(r * 1.15)), text_on(style.colour))
        surf.blit(g, g.get_rect(center=c))
    pygame.draw.aacircle(surf, (16, 16, 20), c, r, max(1, r // 12))
    if LAST in tokens:
        _token_badge(
            surf,
            theme,
            (c[0] - r * 0.62, c[1] - r * 0.62),
            max(5, r // 2),
            "L",
            (250, 250, 250),
            (30, 30, 30),
        )
    if DOUBLE in tokens:
        _token_badge(
            surf,
            theme,
            (c[0] + r * 0.62, c[1] - r * 0.62),
            max(5, r // 2),
            "2",
            TOKEN_GOLD,
            (30, 20, 0),
        )
    return surf


def _token_badge(
    surf: pygame.Surface,
    theme: Theme,
    centre: tuple[float, float],
    r: int,
    text: str,
    fill: Colour,
    ink: Colour,
) -> None:
    pygame.draw.circle(surf, (10, 10, 10), centre, r + 1)
    pygame.draw.circle(surf, fill, centre, r)
    img = glyph_image(theme, text, max(4, round(r * 1.5)), ink, bold=True)
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def jammer_sprite(r: int) -> pygame.Surface:
    pad = max(2, r // 5)
    size = 2 * (r + pad)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    pygame.draw.circle(surf, (0, 0, 0, 120), (c[0] + pad // 2, c[1] + pad // 2 + 1), r)
    pygame.draw.circle(surf, HAZARD, c, r)
    for k in range(8):  # hazard stripes round the rim
        a0 = k * math.pi / 4
        pts = [(c[0] + r * math.cos(a0 + s), c[1] + r * math.sin(a0 + s)) for s in (0.0, 0.3)]
        pts += [
            (c[0] + r * 0.7 * math.cos(a0 + s), c[1] + r * 0.7 * math.sin(a0 + s))
            for s in (0.45, 0.15)
        ]
        pygame.draw.polygon(surf, JAMMER_COLOUR, pts)
    pygame.draw.circle(surf, JAMMER_COLOUR, c, round(r * 0.68))
    pygame.draw.circle(surf, HAZARD, c, round(r * 0.42), max(1, r // 10))
    pygame.draw.circle(surf, HAZARD, c, max(2, round(r * 0.14)))
    for k in range(3):  # radar waves
        a = math.pi / 2 + k * 2 * math.pi / 3
        pygame.draw.line(
            surf,
            HAZARD,
            (c[0] + r * 0.2 * math.cos(a), c[1] + r * 0.2 * math.sin(a)),
            (c[0] + r * 0.42 * math.cos(a), c[1] + r * 0.42 * math.sin(a)),
            max(1, r // 12),
        )
    pygame.draw.aacircle(surf, (10, 10, 10), c, r, max(1, r // 12))
    return surf


def render_backdrop(
    size: tuple[int, int], geo: Geometry, theme: Theme, players: int
) -> pygame.Surface:
    """The table: space, the planet (areas, lines, values, marks) and each seat's rail."""
    w, h = size
    surf = pygame.Surface((w, h))
    for y in range(0, h, 2):
        pygame.draw.line(surf, mix(SPACE_TOP, SPACE_BOTTOM, y / max(1, h)), (0, y), (w, y + 1), 2)
    rnd = rng.make(20240611, "planepita-art")
    for _ in range(w * h // 2600):
        x, y = rnd.randrange(w), rnd.randrange(h)
        v = rnd.randint(90, 220)
        surf.set_at((x, y), (v, v, min(255, v + 20)))
    ox, oy = geo.square.x, geo.square.y
    local = Geometry(pygame.Rect(0, 0, geo.square.w, geo.square.h), geo.board, players)
    planet = render_planet(local, theme, players)
    surf.blit(planet, (ox, oy))
    return surf


def render_planet(geo: Geometry, theme: Theme, players: int) -> pygame.Surface:
    b = geo.board
    size = geo.square.size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    c = (geo.cx, geo.cy)
    s = geo.scale
    R = b.outer_radius * s
    # a soft glow behind the planet
    for k in range(10, 0, -1):
        pygame.draw.circle(surf, (80, 120, 200, 6), c, R + k * geo.length(2.2))
    # the areas, darker at their edges
    for area in (3, 4, 5):  # outermost first: each band is painted over the last
        r_in, r_out = b.area_bounds(area, 0.0)
        base = AREA_COLOURS[area]
        steps = 14
        for k in range(steps):
            f = k / steps
            r = (r_out - (r_out - r_in) * f) * s
            shade = mix(
                mix(base, (0, 0, 0), 0.28), mix(base, (255, 255, 255), 0.08), min(1.0, f * 1.6)
            )
            pygame.draw.circle(surf, shade, c, max(1, round(r)))
    # texture: craters and clouds, kept inside the planet
    tex = pygame.Surface(size, pygame.SRCALPHA)
    rnd = rng.make(7, "planepita-art")
    for _ in range(90):
        a = rnd.uniform(0, 2 * math.pi)
        d = math.sqrt(rnd.random()) * (b.outer_radius - 12)
        rr = rnd.uniform(3, 16)
        p = geo.to_px(d * math.cos(a), d * math.sin(a))
        light = rnd.random() < 0.45
        tint = (255, 255, 255, 14) if light else (0, 0, 0, 26)
        pygame.draw.circle(tex, tint, p, rr * s)
        if not light and rr > 7:
            pygame.draw.circle(tex, (255, 255, 255, 16), p, rr * s, max(1, geo.length(1.2)))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), c, R)
    tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(tex, (0, 0))
    # light from the upper left, a shadow lower right
    lit = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(12):
        f = k / 12
        pygame.draw.circle(
            lit, (255, 255, 255, 5), (c[0] - R * 0.35 * f, c[1] - R * 0.35 * f), R * (1 - f * 0.8)
        )
    surf.blit(lit, (0, 0))
    # the white lines at their real width, and the rim
    lw = max(1, round(b.line_width * s))
    for r in (b.center_radius, b.middle_radius):
        pygame.draw.circle(surf, LINE_WHITE, c, round((r + b.line_width / 2) * s), lw)
        pygame.draw.aacircle(surf, LINE_WHITE, c, round((r + b.line_width / 2) * s), 1)
        pygame.draw.aacircle(surf, LINE_WHITE, c, max(1, round((r - b.line_width / 2) * s)), 1)
    pygame.draw.circle(surf, (12, 16, 24), c, round(R), max(2, geo.length(2.5)))
    pygame.draw.aacircle(surf, (190, 210, 240), c, round(R) + 1, max(1, geo.length(0.8)))
    # the area values, printed on the board
    ink = (255, 255, 255, 150)
    big = _glyph_font(theme, max(10, geo.length(44)))
    mid = _glyph_font(theme, max(10, geo.length(40)))
    spots = [(5, 0.0, -44.0, big)]
    r4, r3 = (sum(b.area_bounds(area, 0.0)) / 2 for area in (4, 3))  # the middle of each band
    for ang in (90, 270):
        spots.append(
            (4, r4 * math.cos(math.radians(ang + 25)), r4 * math.sin(math.radians(ang + 25)), mid)
        )
    for ang in (45, 135, 225, 315):
        spots.append((3, r3 * math.cos(math.radians(ang)), r3 * math.sin(math.radians(ang)), mid))
    for value, x, y, font in spots:
        img = font.render(str(value), True, ink[:3])
        img.set_alpha(ink[3])
        surf.blit(img, img.get_rect(center=geo.ipx(x, y)))
    # each seat's stretch: a rail behind the pads, in the seat's colour, with its glyph
    rail_r = b.outer_radius + b.pad_gap + 3.0
    for seat in range(players):
        lo, hi = b.stretch_arc(players, seat)
        col = theme.player(seat).colour
        n = max(8, int((hi - lo) / 2))
        pts = [
            geo.to_px(
                rail_r * math.cos(math.radians(lo + (hi - lo) * k / n)),
                rail_r * math.sin(math.radians(lo + (hi - lo) * k / n)),
            )
            for k in range(n + 1)
        ]
        pygame.draw.lines(surf, mix(col, (0, 0, 0), 0.35), False, pts, max(2, geo.length(3.0)))
        for end in (pts[0], pts[-1]):
            pygame.draw.circle(surf, mix(col, (0, 0, 0), 0.35), end, max(2, geo.length(3.0)))
    # the rulebook's marks for this player count, where the stretches meet
    kind = MARK[players]
    for mark in b.mark_angles(players):
        a = math.radians(mark)
        d = b.outer_radius + b.pad_gap + 9.0
        draw_mark(
            surf,
            kind,
            geo.to_px(d * math.cos(a), d * math.sin(a)),
            geo.length(5.5),
            (236, 236, 228),
        )
    return surf


def hole_spots(
    centre: tuple[int, int], rad: int, n: int, biggest: int
) -> tuple[int, list[tuple[int, int]]]:
    """Where ``n`` lost discs lie in a black hole of radius ``rad`` at
    ``centre``: (their radius, their centres), on a sunflower spiral, every
    disc wholly inside the hole; the discs shrink (never below 3 px) as more
    are lost, from ``biggest``."""
    if n <= 0:
        return biggest, []
    dr = max(3, min(biggest, round(rad * 0.9 / (math.sqrt(n) + 1.2))))
    reach = max(0.0, rad - dr - 1)
    spots = []
    for i in range(n):
        d = reach * math.sqrt((i + 0.5) / n) if n > 1 else 0.0
        a = i * 2.39996 + 0.6  # the golden angle
        spots.append((round(centre[0] + d * math.cos(a)), round(centre[1] + d * math.sin(a))))
    return dr, spots


# -- words ------------------------------------------------------------------------------------


def words(t: Theme, font_key: tuple[str, bool], text: str, colour: Colour) -> pygame.Surface:
    """``text`` in the theme's font (name, bold), rendered once (widgets.rendered)."""
    return rendered(t.font(font_key[0], bold=font_key[1]), text, colour, WHOLE)


def label_box(
    t: Theme, text: str, colour: Colour, at: tuple[int, int], anchor: str, area: pygame.Rect
) -> pygame.Rect:
    """Where a small bold label on a dark rounded box goes: ``anchor`` of it
    at ``at``, kept inside ``area`` (the board area)."""
    img = words(t, ("small", True), text, colour)
    pad_x, pad_y = t.px(8), t.px(4)
    box = pygame.Rect(0, 0, img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y)
    setattr(box, anchor, at)
    box.clamp_ip(area)
    return box


# -- what the painting keeps ---------------------------------------------------------------------


class Art:
    """The images the painting keeps between frames: the backdrop (drawn
    again only when its key, the table's size, the planet's square and the
    palette, changes; a layout for a new viewer in hot-seat changes none of
    them), the sprites (a key holds a sprite's size and palette) and the side
    panel as last painted, with the picture of it (see ``paint.py``). A cache
    only: it holds nothing the table shows that the picture does not say."""

    def __init__(self) -> None:
        self.backdrop: pygame.Surface | None = None
        self.backdrop_key: tuple[Any, ...] = ()
        #: the backdrop with a steady shade painted in, and its key (the
        #: backdrop's and the shade's)
        self.shaded: pygame.Surface | None = None
        self.shaded_key: tuple[Any, ...] = ()
        self.sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self.panel: pygame.Surface | None = None
        self.panel_key: object = None

    def forget_panel(self) -> None:
        """A new layout: the panel is painted again (into the same surface
        when its size is the same)."""
        self.panel_key = None

    def backdrop_for(
        self, t: Theme, table: pygame.Rect, geo: Geometry, players: int
    ) -> pygame.Surface:
        key = (table.size, geo.square.topleft, geo.square.size, t.palette)
        if self.backdrop is None or self.backdrop_key != key:
            self.backdrop = render_backdrop(table.size, geo.moved(table.x, table.y), t, players)
            self.backdrop_key = key
        return self.backdrop

    def shaded_backdrop(
        self, key: tuple[Any, ...], paint: Callable[[pygame.Surface], pygame.Surface]
    ) -> pygame.Surface:
        """The backdrop (:meth:`backdrop_for` first) with what ``paint`` puts
        on a copy of it, painted again only when ``key`` (all ``paint``
        reads besides the backdrop) or the backdrop changes: a steady shade
        costs one blit a frame, the backdrop's own."""
        assert self.backdrop is not None
        whole = (self.backdrop_key, key)
        if self.shaded is None or self.shaded_key != whole:
            self.shaded = paint(self.backdrop)
            self.shaded_key = whole
        return self.shaded

    def sprite(self, t: Theme, disc: Disc, r: int, players: int) -> pygame.Surface:
        key = ("disc", disc.owner, disc.face_down, disc.tokens, r, t.palette)
        img = self.sprites.get(key)
        if img is None:
            if len(self.sprites) > 400:  # shrinking discs make many sizes
                self.sprites.clear()
            img = self.sprites[key] = disc_sprite(
                t, disc.owner, players, disc.face_down, disc.tokens, r
            )
        return img

    def jammer(self, r: int) -> pygame.Surface:
        key = ("jammer", r)
        img = self.sprites.get(key)
        if img is None:
            img = self.sprites[key] = jammer_sprite(r)
        return img

    def hole(self, t: Theme, rad: int) -> pygame.Surface:
        """The panel's black hole, ``rad`` pixels round, on the panel's colour:
        painted once per size (its circles and spiral cost more than the rest
        of the panel)."""
        key = ("hole", rad, t.palette, t.px(1))
        art = self.sprites.get(key)
        if art is None:
            side = 2 * rad + 3
            art = self.sprites[key] = pygame.Surface((side, side))
            art.fill(t.panel)
            c = (side // 2, side // 2)
            for k in range(8, 0, -1):
                pygame.draw.circle(
                    art, mix(HOLE_COLOUR, (90, 60, 160), k / 10), c, max(1, rad * k // 8)
                )
            pygame.draw.circle(art, HOLE_COLOUR, c, max(1, rad // 3))
            for k in range(3):  # the spiral
                pts = []
                for j in range(24):
                    a = k * 2 * math.pi / 3 + j * 0.22
                    d = rad * (0.35 + 0.6 * j / 23)
                    pts.append((c[0] + d * math.cos(a), c[1] + d * math.sin(a)))
                pygame.draw.lines(art, (120, 90, 200), False, pts, max(1, t.px(1)))
        return art
