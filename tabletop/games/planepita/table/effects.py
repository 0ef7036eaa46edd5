"""What a shot leaves on the table for a moment, drawn: the flash ring at each
contact, an instant replay's impact markers and fading trails, and a disc
spiralling into a black hole where it left the board. pygame only; never
changes the game.

Each function draws one kind of effect from the :class:`playback.Moment` of
the picture onto the table, through the layout's :class:`layout.Geometry`
(millimetres to pixels). Sizes grow with a contact's strength
(``playback.loudness``: the same number that sets its clack's volume).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from tabletop.games.planepita.model import Disc
from tabletop.games.planepita.physics import JAMMER
from tabletop.games.planepita.playback import Impact, Trail, ease
from tabletop.games.planepita.table.layout import Geometry
from tabletop.ui.theme import Colour, Theme, mix

#: the flash ring of a contact, and an instant replay's impact marker
FLASH_COLOUR: Colour = (255, 244, 214)
MARK_COLOUR: Colour = (255, 214, 90)
MARK_EDGE: Colour = (24, 18, 6)
#: a contact's ring at its largest, mm (a soft one is a fraction of it)
FLASH_REACH_MM = 34.0
MARK_REACH_MM = 22.0
#: a trail fades over this many seconds of the shot, to TRAIL_FLOOR of its strength
TRAIL_FADE = 1.2
TRAIL_FLOOR = 0.28
#: the black hole a lost disc falls into: its swirl and its core
VORTEX_GLOW: Colour = (124, 84, 220)
VORTEX_CORE: Colour = (6, 4, 14)
LOST_COLOUR: Colour = (255, 120, 110)


class _Layer:
    """A see-through layer for the effects, cleared and blended only where an
    effect draws.

    A fresh window-sized layer (8 MB at 1920x1080) made, cleared and blended
    for each effect every frame cost more than the rest of a frame during a
    shot. This one is made once per window size and kept; each effect clears
    and blends back only the rect that holds its drawing, and draws clipped to
    that rect, at the surface's own coordinates."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None

    def begin(self, surface: pygame.Surface, rect: pygame.Rect) -> pygame.Surface | None:
        """The layer, cleared and clipped to ``rect`` (within ``surface``), or
        None when ``rect`` is off the surface."""
        area = rect.clip(surface.get_clip())
        if area.w <= 0 or area.h <= 0:
            return None
        image = self.image
        if image is None or image.get_size() != surface.get_size():
            image = self.image = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        image.set_clip(area)
        image.fill((0, 0, 0, 0), area)
        return image

    def end(self, surface: pygame.Surface) -> None:
        """Blend what was drawn since :meth:`begin` onto ``surface``."""
        assert self.image is not None
        area = self.image.get_clip()
        surface.blit(self.image, area.topleft, area)


_LAYER = _Layer()


def _around(points: list[tuple[float, float]], reach: float) -> pygame.Rect:
    """The rect holding every point of ``points`` and ``reach`` pixels round it."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    left, top = math.floor(min(xs) - reach), math.floor(min(ys) - reach)
    return pygame.Rect(
        left, top, math.ceil(max(xs) + reach) - left + 1, math.ceil(max(ys) + reach) - top + 1
    )


def draw_flashes(
    surface: pygame.Surface, geo: Geometry, flashes: Sequence[tuple[Impact, float]]
) -> None:
    """A ring bursting out of each contact as it happens, wider and brighter
    for a harder hit, fading as it grows."""
    if not flashes:
        return
    rings = []
    for hit, p in flashes:
        q = ease(min(1.0, max(0.0, p)))
        reach = FLASH_REACH_MM * (0.35 + 0.65 * hit.strength)
        r = max(3, geo.length(6.0 + reach * q))
        spark = max(2, geo.length(4.0 + 6.0 * hit.strength))
        rings.append((hit, q, r, spark, geo.ipx(hit.x, hit.y)))
    layer = _LAYER.begin(
        surface, _around([c for *_, c in rings], max(max(r, s) for _, _, r, s, _ in rings) + 2)
    )
    if layer is None:
        return
    for hit, q, r, spark, centre in rings:
        alpha = round(255 * (1.0 - q) * (0.55 + 0.45 * hit.strength))
        width = max(2, geo.length(1.5 + 4.0 * hit.strength * (1.0 - q)))
        pygame.draw.circle(layer, (*FLASH_COLOUR, round(alpha * 0.25)), centre, r)
        pygame.draw.circle(layer, (*FLASH_COLOUR, alpha), centre, r, min(r, width))
        if q < 0.3:  # the spark at the moment of the hit
            pygame.draw.circle(layer, (255, 255, 255, round(alpha * (1 - q / 0.3))), centre, spark)
    _LAYER.end(surface)


def draw_marks(
    surface: pygame.Surface, geo: Geometry, marks: Sequence[tuple[Impact, float]]
) -> None:
    """An instant replay's marker at each contact so far: a ring sized by its
    impulse, with a dot where the pieces touched; it pops when it happens."""
    if not marks:
        return
    rings = []
    for hit, since in marks:
        pop = max(0.0, 1.0 - since / 0.25)  # seconds of the shot
        r = max(3, geo.length(5.0 + MARK_REACH_MM * hit.strength * (1.0 + 0.5 * pop)))
        width = max(2, geo.length(1.5 + 1.5 * hit.strength))
        rings.append((pop, r, width, geo.ipx(hit.x, hit.y)))
    layer = _LAYER.begin(
        surface, _around([c for *_, c in rings], max(r + w for _, r, w, _ in rings) + 4)
    )
    if layer is None:
        return
    for pop, r, width, centre in rings:
        pygame.draw.circle(layer, (*MARK_COLOUR, round(50 + 60 * pop)), centre, r)
        pygame.draw.circle(layer, (*MARK_EDGE, 200), centre, r + 1, width + 2)
        pygame.draw.circle(layer, (*mix(MARK_COLOUR, (255, 255, 255), pop), 235), centre, r, width)
        pygame.draw.circle(layer, (*MARK_EDGE, 220), centre, max(2, width + 1))
        pygame.draw.circle(layer, (*MARK_COLOUR, 255), centre, max(1, width))
    _LAYER.end(surface)


def trail_colour(theme: Theme, disc: Disc) -> Colour:
    """A trail's colour: its owner's, or the jammer's yellow."""
    if disc.id == JAMMER:
        return (250, 204, 40)
    return theme.player(disc.owner).colour


def draw_trails(
    surface: pygame.Surface, geo: Geometry, theme: Theme, trails: Sequence[Trail]
) -> None:
    """Each moving piece's path so far: bright where it just was, fading to a
    faint line over :data:`TRAIL_FADE` seconds of the shot."""
    if not trails:
        return
    width = max(2, geo.length(3.0))
    paths = [(trail, [geo.to_px(x, y) for x, y in trail.points]) for trail in trails]
    if not any(pts for _, pts in paths):
        return
    layer = _LAYER.begin(surface, _around([p for _, pts in paths for p in pts], width + 2))
    if layer is None:
        return
    for trail, pts in paths:
        colour = mix(trail_colour(theme, trail.disc), (255, 255, 255), 0.15)
        for k in range(1, len(pts)):
            age = trail.ages[k]
            strength = TRAIL_FLOOR + (1.0 - TRAIL_FLOOR) * max(0.0, 1.0 - age / TRAIL_FADE)
            pygame.draw.line(layer, (*colour, round(255 * strength)), pts[k - 1], pts[k], width)
    _LAYER.end(surface)


def draw_falling(
    surface: pygame.Surface,
    geo: Geometry,
    theme: Theme,
    disc: Disc,
    x: float,
    y: float,
    p: float,
    sprite: Callable[[Disc, int], pygame.Surface],
    radius_mm: float,
) -> None:
    """A piece that left the board at (x, y), ``p`` (0..1) of the way into a
    black hole that opens just past it: the hole swirls open, the piece
    circles into it shrinking and darkening, the hole closes, and "lost" (or,
    for the jammer, "off the board") shows beside it."""
    p = max(0.0, min(1.0, p))
    d = math.hypot(x, y) or 1.0
    ux, uy = x / d, y / d
    cx, cy = x + ux * radius_mm * 1.6, y + uy * radius_mm * 1.6  # the hole, just outside
    opening = ease(min(1.0, p / 0.25))
    closing = 1.0 - ease(max(0.0, (p - 0.8) / 0.2))
    hole_r = geo.length(radius_mm * 1.5) * opening * closing
    centre = geo.to_px(cx, cy)
    spin = p * 3.0 * math.pi
    layer = _LAYER.begin(surface, _around([centre], 1.5 * hole_r + 4)) if hole_r >= 2 else None
    if layer is not None:
        for k in range(6, 0, -1):
            pygame.draw.circle(
                layer, (*VORTEX_GLOW, 26 + 10 * (6 - k)), centre, hole_r * (0.45 + 0.14 * k)
            )
        for arm in range(3):
            pts = []
            for j in range(14):
                a = spin + arm * 2 * math.pi / 3 + j * 0.34
                rr = hole_r * (1.25 - 0.9 * j / 13)
                pts.append((centre[0] + rr * math.cos(a), centre[1] + rr * math.sin(a)))
            pygame.draw.lines(
                layer,
                (*mix(VORTEX_GLOW, (255, 255, 255), 0.35), 200),
                False,
                pts,
                max(1, round(hole_r / 7)),
            )
        pygame.draw.circle(layer, (*VORTEX_CORE, 255), centre, max(1, hole_r * 0.45))
        _LAYER.end(surface)
    # the piece: on a shrinking circle round the hole, turning as it goes
    ox, oy = x - cx, y - cy
    reach = (1.0 - ease(p)) ** 1.2
    a = spin * 0.9
    px_mm = cx + reach * (ox * math.cos(a) - oy * math.sin(a))
    py_mm = cy + reach * (ox * math.sin(a) + oy * math.cos(a))
    size = round(geo.length(radius_mm) * (1.0 - 0.92 * ease(p)))
    if size >= 1:
        img = sprite(disc, size).copy()
        shade = round(180 * ease(p))
        if shade:
            img.fill(
                (255 - shade, 255 - shade, 255 - shade, 255), special_flags=pygame.BLEND_RGBA_MULT
            )
        img = pygame.transform.rotate(img, math.degrees(spin))
        surface.blit(img, img.get_rect(center=geo.ipx(px_mm, py_mm)))
    # the word, beside the hole, away from the planet
    if 0.15 < p < 0.98:
        alpha = round(255 * min(1.0, (p - 0.15) / 0.15) * min(1.0, (0.98 - p) / 0.15))
        words = "✗ off the board" if disc.id == JAMMER else "✗ lost"
        img = theme.font("small", bold=True).render(words, True, LOST_COLOUR)
        lx, ly = geo.to_px(cx + ux * radius_mm * 4.0, cy + uy * radius_mm * 4.0)
        pad = max(2, geo.length(2.0))
        box = img.get_rect(center=(round(lx), round(ly))).inflate(2 * pad, pad)
        label = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(label, (*VORTEX_CORE, 200), label.get_rect(), border_radius=pad * 2)
        label.blit(img, (pad, pad // 2))
        label.set_alpha(alpha)
        surface.blit(label, box)
