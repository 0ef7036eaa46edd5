"""Procedural playing cards: faces, backs, looks, layouts and tweens.

This module knows no game's rules. A scene describes what a card shows with a
:class:`CardFace` (rank text, suit colour and glyph, small label and badge),
asks a :class:`CardPainter` for surfaces, places cards with the layout helpers
(``fan_layout``, ``row_layout``, ``trick_layout``, ``stack_offset_layout``),
draws them with :func:`draw_card`, picks them with :func:`hit_test` and moves
them with :class:`CardTween` / :class:`Animator`.

Geometry is expressed as :class:`Pose` ``(x, y, angle)``: the card's centre in
window pixels and its rotation in degrees, counter-clockwise as seen on screen
(the convention of ``pygame.transform.rotate``). The list order of poses is
the drawing order, so the last pose is the topmost card.

Every suit has a glyph as well as a colour, so nothing is told by colour alone.
"""

from __future__ import annotations

import functools
import math
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NamedTuple, Protocol

import pygame

from tabletop.ui.theme import FontCache, contrast, pygame_session

#: width : height of every card
CARD_ASPECT = 5 / 7

RGB = tuple[int, int, int]
FontFactory = Callable[[int, bool], pygame.font.Font]


# -- what a card shows ---------------------------------------------------------


class SuitLike(Protocol):
    @property
    def colour(self) -> RGB: ...

    @property
    def glyph(self) -> str: ...


@dataclass(frozen=True)
class CardFace:
    """What to print on a card's face. Hashable: it is the cache key."""

    rank_text: str
    colour: RGB
    glyph: str
    #: small caption under the centre, e.g. "TRUMP"
    label: str = ""
    #: short text in a disc at the top-right corner, e.g. "+2"
    badge: str = ""
    #: replaces the big centre glyph on non-numbered cards, e.g. "JOKER"
    big_text: str = ""
    #: when 1..10, that many small glyphs replace the big centre glyph
    pips: int = 0

    @classmethod
    def of(cls, rank_text: str, suit: SuitLike, **extra: Any) -> CardFace:
        """A face from anything with ``colour`` and ``glyph`` (a theme's SuitStyle)."""
        return cls(rank_text, tuple(suit.colour), suit.glyph, **extra)  # type: ignore[arg-type]


class Look(StrEnum):
    NORMAL = "normal"
    HOVER = "hover"  # lifted, with a soft glow
    SELECTED = "selected"  # raised further, dark-and-gold double outline, a check mark
    PLAYABLE = "playable"  # dark-and-blue double outline, a pointer above the corner
    DISABLED = "disabled"  # dimmed and greyed


@dataclass(frozen=True)
class CardStyle:
    """Colours of the parts of a card that do not depend on its suit."""

    paper: RGB = (250, 249, 244)
    ink: RGB = (38, 40, 48)
    back: RGB = (28, 50, 92)
    back_pattern: RGB = (62, 96, 150)
    back_trim: RGB = (214, 186, 112)
    shadow: RGB = (0, 0, 0)
    glow: RGB = (255, 236, 170)
    accent: RGB = (255, 196, 0)
    playable: RGB = (120, 220, 255)
    disabled: RGB = (70, 72, 80)


# -- poses ---------------------------------------------------------------------


class Pose(NamedTuple):
    """A card's centre (x, y) in pixels and its rotation in degrees (counter-clockwise)."""

    x: float
    y: float
    angle: float = 0.0

    def rect(self, card_size: tuple[int, int]) -> pygame.Rect:
        """The axis-aligned bounding rectangle of the rotated card."""
        hw, hh = rotated_half_extents(card_size, self.angle)
        eps = 1e-6  # float noise must not grow the rect by a pixel
        left, top = math.floor(self.x - hw + eps), math.floor(self.y - hh + eps)
        right, bottom = math.ceil(self.x + hw - eps), math.ceil(self.y + hh - eps)
        return pygame.Rect(left, top, right - left, bottom - top)

    def raised(self, distance: float) -> Pose:
        """This pose moved ``distance`` pixels towards the card's own top edge."""
        a = math.radians(self.angle)
        return Pose(self.x - distance * math.sin(a), self.y - distance * math.cos(a), self.angle)


def card_size_for_height(height: int) -> tuple[int, int]:
    height = max(8, int(height))
    return max(5, round(height * CARD_ASPECT)), height


def rotated_half_extents(card_size: tuple[int, int], angle: float) -> tuple[float, float]:
    w, h = card_size
    a = math.radians(angle)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    return (w * c + h * s) / 2, (w * s + h * c) / 2


# -- colour helpers ------------------------------------------------------------


def readable_on(colour: RGB, background: RGB, minimum: float = 4.5) -> RGB:
    """``colour`` darkened just enough to be read on ``background``."""
    c: RGB = (int(colour[0]), int(colour[1]), int(colour[2]))
    for _ in range(40):
        if contrast(c, background) >= minimum:
            break
        c = (int(c[0] * 0.9), int(c[1] * 0.9), int(c[2] * 0.9))
    return c  # type: ignore[return-value]


# -- shape helpers -------------------------------------------------------------


def _supersample(size: tuple[int, int]) -> int:
    """How many times larger to draw a shape before smoothing it down to ``size``."""
    return 4 if max(size) < 240 else 2


def _rounded(size: tuple[int, int], radius: float, colour: RGB, alpha: int = 255) -> pygame.Surface:
    """An antialiased filled rounded rectangle on a transparent surface."""
    w, h = size
    ss = _supersample(size)
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    big.fill((*colour, 0))
    pygame.draw.rect(big, (*colour, alpha), big.get_rect(), border_radius=round(radius * ss))
    return pygame.transform.smoothscale(big, (w, h))


def _ring(size: tuple[int, int], radius: float, width: float, colour: RGB) -> pygame.Surface:
    """An antialiased rounded-rectangle outline whose outer edge is the surface edge."""
    w, h = size
    ss = _supersample(size)
    big = pygame.Surface((w * ss, h * ss), pygame.SRCALPHA)
    big.fill((*colour, 0))
    pygame.draw.rect(
        big,
        (*colour, 255),
        big.get_rect(),
        width=max(1, round(width * ss)),
        border_radius=round(radius * ss),
    )
    return pygame.transform.smoothscale(big, (w, h))


def _blur(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A soft gaussian blur; wide ones run on a shrunk copy, which looks the same."""
    if radius <= 0:
        return surface
    k = max(1, radius // 3)
    if k == 1:
        return pygame.transform.gaussian_blur(surface, radius)
    w, h = surface.get_size()
    small = pygame.transform.smoothscale(surface, (max(1, w // k), max(1, h // k)))
    small = pygame.transform.gaussian_blur(small, max(1, round(radius / k)))
    return pygame.transform.smoothscale(small, (w, h))


def _tinted(mask: pygame.Surface, colour: RGB, alpha: int) -> pygame.Surface:
    """The shape of ``mask`` (white with alpha) filled with ``colour`` at ``alpha``."""
    out = mask.copy()
    out.fill((*colour, alpha), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def _fit_text(
    fonts: FontFactory, text: str, px: int, bold: bool, max_width: float, colour: RGB
) -> pygame.Surface:
    """Render ``text`` at ``px``, shrinking the font until it fits ``max_width``."""
    while True:
        surf = fonts(px, bold).render(text, True, colour)
        if surf.get_width() <= max_width or px <= 6:
            return surf
        px = max(6, int(px * 0.9))


# -- the painter ---------------------------------------------------------------


class _LRU:
    """Surfaces by key, evicting the least recently used past a byte budget,
    and all of them when the pygame session that drew them ends."""

    def __init__(self, budget: int) -> None:
        self.budget = budget
        self.used = 0
        self._items: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self._session = pygame_session()

    def _same_session(self) -> None:
        if self._session != pygame_session():
            self.clear()
            self._session = pygame_session()

    def get(self, key: Hashable) -> pygame.Surface | None:
        self._same_session()
        surf = self._items.get(key)
        if surf is not None:
            self._items.move_to_end(key)
        return surf

    def put(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        self._same_session()
        self._items[key] = surf
        self.used += surf.get_width() * surf.get_height() * 4
        while self.used > self.budget and len(self._items) > 1:
            _, old = self._items.popitem(last=False)
            self.used -= old.get_width() * old.get_height() * 4
        return surf

    def clear(self) -> None:
        self._items.clear()
        self.used = 0

    def __len__(self) -> int:
        return len(self._items)


class CardPainter:
    """Renders and caches card faces, backs and their looks at one card height.

    ``font_factory(px, bold)`` returns a font whose size is in pixels; the
    default loads the shipped DejaVu Sans. ``style`` holds the suit-independent
    colours. Surfaces are cached per (face, height, look, rotation bucket)
    within ``cache_bytes``; ``resize`` drops them.
    """

    def __init__(
        self,
        card_height: int,
        style: CardStyle | None = None,
        font_factory: FontFactory | None = None,
        *,
        angle_step: float = 1.0,
        cache_bytes: int = 96 * 1024 * 1024,
    ) -> None:
        self.style = style or CardStyle()
        self.fonts: FontFactory = font_factory or FontCache()
        self.angle_step = angle_step
        self._cache = _LRU(cache_bytes)
        self.card_size = card_size_for_height(card_height)

    # -- size ------------------------------------------------------------
    @property
    def card_height(self) -> int:
        return self.card_size[1]

    @property
    def margin(self) -> int:
        """Transparent border around a card in :meth:`sprite`, for shadow, glow and lift."""
        return round(self.card_height * 0.16) + 4

    @property
    def radius(self) -> float:
        return self.card_height * 0.06

    def resize(self, card_height: int) -> None:
        size = card_size_for_height(card_height)
        if size != self.card_size:
            self.card_size = size
            self._cache.clear()

    def lift(self, look: Look | str) -> int:
        """How far a look raises the card towards its top edge, in pixels."""
        look = Look(look)
        if look is Look.HOVER:
            return max(2, round(self.card_height * 0.05))
        if look is Look.SELECTED:
            return max(4, round(self.card_height * 0.11))
        return 0

    # -- surfaces ----------------------------------------------------------
    def face(self, face: CardFace) -> pygame.Surface:
        """The face alone, exactly ``card_size``, transparent outside its rounded corners."""
        key = ("face", face, self.card_size, self.style)
        return self._cache.get(key) or self._cache.put(key, self._render_face(face))

    def back(self) -> pygame.Surface:
        """The back alone, exactly ``card_size``."""
        key = ("back", self.card_size, self.style)
        return self._cache.get(key) or self._cache.put(key, self._render_back())

    def sprite(
        self, face: CardFace | None, look: Look | str = Look.NORMAL, angle: float = 0.0
    ) -> pygame.Surface:
        """The card in a look, with its shadow, rotated to the nearest angle bucket.

        The card's resting centre is the centre of the returned surface;
        ``None`` means the back.
        """
        look = Look(look)
        bucket = self.angle_bucket(angle)
        key = ("sprite", face, look, bucket, self.card_size, self.style)
        surf = self._cache.get(key)
        if surf is not None:
            return surf
        if bucket == 0:
            surf = self._render_sprite(face, look)
        else:
            upright = self.sprite(face, look, 0.0)
            surf = pygame.transform.rotozoom(upright, bucket, 1.0)
        return self._cache.put(key, surf)

    def angle_bucket(self, angle: float) -> float:
        step = self.angle_step
        bucket = (round(angle / step) * step) % 360.0 if step > 0 else angle % 360.0
        return (
            0.0
            if math.isclose(bucket, 0.0, abs_tol=1e-9) or math.isclose(bucket, 360.0)
            else bucket
        )

    # -- rendering ---------------------------------------------------------
    def _mask(self) -> pygame.Surface:
        key = ("mask", self.card_size)
        return self._cache.get(key) or self._cache.put(
            key, _rounded(self.card_size, self.radius, (255, 255, 255))
        )

    def _render_face(self, face: CardFace) -> pygame.Surface:
        w, h = self.card_size
        st = self.style
        band = max(2, round(h * 0.035))
        card = _rounded((w, h), self.radius, (face.colour[0], face.colour[1], face.colour[2]))
        inner = _rounded((w - 2 * band, h - 2 * band), max(1.0, self.radius - band), st.paper)
        card.blit(inner, (band, band))

        ink = readable_on(face.colour, st.paper, 4.5)
        pad = band + max(1, round(h * 0.02))

        # corner index: rank over glyph, top-left and (turned) bottom-right
        index = self._index(face, ink, max_width=w * 0.30)
        card.blit(index, (pad, pad))
        card.blit(
            pygame.transform.rotate(index, 180),
            (w - pad - index.get_width(), h - pad - index.get_height()),
        )

        # top-right badge
        if face.badge:
            r = max(5, round(h * 0.065))
            disc = _rounded((2 * r, 2 * r), r, ink)
            txt = _fit_text(self.fonts, face.badge, round(r * 1.15), True, 1.6 * r, st.paper)
            disc.blit(txt, txt.get_rect(center=(r, r)))
            card.blit(disc, (w - pad - 2 * r, pad))

        # centre: pips, big text or a big glyph
        cy = h * (0.47 if face.label else 0.5)
        if 1 <= face.pips <= 10:
            self._pips(card, face, ink, cy)
        elif face.big_text:
            txt = _fit_text(self.fonts, face.big_text, round(h * 0.16), True, w * 0.62, ink)
            card.blit(txt, txt.get_rect(center=(w / 2, cy)))
        else:
            glyph = _fit_text(self.fonts, face.glyph, round(h * 0.36), False, w * 0.58, ink)
            card.blit(glyph, glyph.get_rect(center=(w / 2, cy)))

        if face.label:
            txt = _fit_text(self.fonts, face.label, round(h * 0.075), True, w * 0.5, st.ink)
            card.blit(txt, txt.get_rect(center=(w / 2, h * 0.76)))
        return card

    def _index(self, face: CardFace, ink: RGB, max_width: float) -> pygame.Surface:
        h = self.card_height
        rank = _fit_text(self.fonts, face.rank_text, round(h * 0.15), True, max_width, ink)
        glyph = _fit_text(self.fonts, face.glyph, round(h * 0.11), False, max_width, ink)
        # DejaVu leaves room above digits; tighten the stack a little
        gap = -round(h * 0.025)
        width = max(rank.get_width(), glyph.get_width())
        out = pygame.Surface((width, rank.get_height() + gap + glyph.get_height()), pygame.SRCALPHA)
        out.blit(rank, ((width - rank.get_width()) // 2, 0))
        out.blit(glyph, ((width - glyph.get_width()) // 2, rank.get_height() + gap))
        return out

    def _pips(self, card: pygame.Surface, face: CardFace, ink: RGB, cy: float) -> None:
        w, h = self.card_size
        n = face.pips
        pip = _fit_text(self.fonts, face.glyph, round(h * 0.12), False, w * 0.2, ink)
        # columns keep clear of the corner indices
        if n <= 3:
            columns = [(0.5, n)]
        elif n % 2 == 0:
            columns = [(0.37, n // 2), (0.63, n // 2)]
        else:
            columns = [(0.35, (n - 1) // 2), (0.5, 1), (0.65, (n - 1) // 2)]
        top, bottom = cy - h * 0.25, cy + h * 0.25
        for fx, count in columns:
            for i in range(count):
                y = cy if count == 1 else top + (bottom - top) * i / (count - 1)
                card.blit(pip, pip.get_rect(center=(w * fx, y)))

    def _render_back(self) -> pygame.Surface:
        w, h = self.card_size
        st = self.style
        card = _rounded((w, h), self.radius, st.paper)
        border = max(2, round(h * 0.04))
        iw, ih = w - 2 * border, h - 2 * border
        inner_r = max(1.0, self.radius - border)

        pattern = pygame.Surface((iw, ih), pygame.SRCALPHA)
        pattern.fill((*st.back, 255))
        # a lattice of diamonds with a dot at every crossing
        step = max(6, round(h * 0.075))
        line = max(1, round(h * 0.008))
        for k in range(-ih, iw + ih, step):
            pygame.draw.line(pattern, st.back_pattern, (k, 0), (k + ih, ih), line)
            pygame.draw.line(pattern, st.back_pattern, (k, ih), (k + ih, 0), line)
        dot = max(1, round(h * 0.01))
        for gy in range(0, ih + step, step):
            for gx in range(0, iw + step, step):
                ox = gx + (step // 2 if (gy // step) % 2 else 0)
                pygame.draw.circle(pattern, st.back_pattern, (ox, gy), dot)
        # trim just inside the edge and an emblem in the middle
        inset = max(2, round(h * 0.03))
        trim_w = max(1, round(h * 0.008))
        trim = _ring((iw - 2 * inset, ih - 2 * inset), inner_r, trim_w, st.back_trim)
        pattern.blit(trim, (inset, inset))
        cx, cy = iw / 2, ih / 2
        rad = w * 0.2
        pygame.draw.circle(pattern, st.back, (cx, cy), rad + trim_w * 3)
        pygame.draw.circle(pattern, st.back_trim, (cx, cy), rad, max(1, trim_w * 2))
        diamond = [
            (cx, cy - rad * 0.62),
            (cx + rad * 0.45, cy),
            (cx, cy + rad * 0.62),
            (cx - rad * 0.45, cy),
        ]
        pygame.draw.polygon(pattern, st.back_trim, diamond)
        pygame.draw.polygon(
            pattern, st.back, [((x - cx) * 0.45 + cx, (y - cy) * 0.45 + cy) for x, y in diamond]
        )

        clip = _rounded((iw, ih), inner_r, (255, 255, 255))
        pattern.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        card.blit(pattern, (border, border))
        return card

    def _underlay(self, look: Look) -> pygame.Surface:
        """Shadow and glow for a look, sprite-sized; shared by every card."""
        key = ("underlay", look, self.card_size, self.style)
        cached = self._cache.get(key)
        if cached is not None:
            return cached
        w, h = self.card_size
        st = self.style
        m = self.margin
        lift = self.lift(look)
        out = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
        # the shadow stays on the table while the card rises, and spreads
        shadow = pygame.Surface(out.get_size(), pygame.SRCALPHA)
        drop = max(1, round(h * 0.012)) + lift // 3
        shadow.blit(_tinted(self._mask(), st.shadow, 95 if lift else 80), (m, m + drop))
        out.blit(_blur(shadow, max(1, round(h * 0.025)) + lift // 4), (0, 0))
        if look is Look.HOVER or look is Look.SELECTED:
            colour = st.glow if look is Look.HOVER else st.accent
            halo = pygame.Surface(out.get_size(), pygame.SRCALPHA)
            grow = max(2, round(h * 0.03))
            big = _rounded((w + 2 * grow, h + 2 * grow), self.radius + grow, colour, 170)
            halo.blit(big, (m - grow, m - lift - grow))
            out.blit(_blur(halo, max(2, round(h * 0.03))), (0, 0))
        return self._cache.put(key, out)

    def _mark(self, out: pygame.Surface, look: Look, card_pos: tuple[int, int]) -> None:
        """What tells a selected or playable card, by shape and not by colour
        alone: a dark ring outside a light one (gold for selected, blue for
        playable), thick enough to see on any card colour; a selected card
        (also lifted) carries a check mark on its top edge and a playable one a
        small pointer above it, both towards the left, where a fanned hand
        shows them."""
        w, h = self.card_size
        st = self.style
        selected = look is Look.SELECTED
        light_w = max(2, round(h * (0.024 if selected else 0.016)))
        dark_w = max(2, round(h * (0.022 if selected else 0.016)))
        for width, grow, colour, part in (
            (dark_w, light_w + dark_w, st.ink, "dark"),
            (light_w, light_w, st.accent if selected else st.playable, "light"),
        ):
            ring_key = ("ring", look, part, self.card_size, self.style)
            ring_size = (w + 2 * grow, h + 2 * grow)
            ring = self._cache.get(ring_key) or self._cache.put(
                ring_key, _ring(ring_size, self.radius + grow, width, colour)
            )
            out.blit(ring, (card_pos[0] - grow, card_pos[1] - grow))
        x, y = card_pos
        if selected:
            size = max(10, round(h * 0.15))
            key = ("check", size, self.style)
            badge = self._cache.get(key) or self._cache.put(
                key, _check_mark(size, st.ink, st.paper)
            )
            top = max(0, y - size // 2)
            out.blit(badge, (x + round(w * 0.3) - size // 2, top))
        else:
            size = max(8, round(h * 0.09))
            key = ("pointer", size, self.style)
            mark = self._cache.get(key) or self._cache.put(key, _pointer(size, st.ink, st.playable))
            gap = light_w + dark_w + max(1, round(h * 0.01))
            out.blit(mark, (x + round(w * 0.22) - size // 2, max(0, y - gap - mark.get_height())))

    def _render_sprite(self, face: CardFace | None, look: Look) -> pygame.Surface:
        w, h = self.card_size
        st = self.style
        m = self.margin
        out = self._underlay(look).copy()
        card_pos = (m, m - self.lift(look))

        surf = self.back() if face is None else self.face(face)
        if look is Look.DISABLED:
            surf = surf.copy()
            grey = pygame.transform.grayscale(surf)
            grey.set_alpha(150)
            surf.blit(grey, (0, 0))
            surf.blit(_tinted(self._mask(), st.disabled, 110), (0, 0))
        out.blit(surf, card_pos)

        if look is Look.SELECTED or look is Look.PLAYABLE:
            self._mark(out, look, card_pos)
        return out


def _check_mark(size: int, ink: RGB, paper: RGB) -> pygame.Surface:
    """A round badge with a check mark: ink ring, paper disc, ink tick."""
    ss = 4
    big = pygame.Surface((size * ss, size * ss), pygame.SRCALPHA)
    c = size * ss / 2
    pygame.draw.circle(big, (*ink, 255), (c, c), c)
    pygame.draw.circle(big, (*paper, 255), (c, c), c * 0.78)
    tick = [(c * 0.52, c * 1.02), (c * 0.86, c * 1.36), (c * 1.5, c * 0.66)]
    pygame.draw.lines(big, (*ink, 255), False, tick, max(2, round(c * 0.26)))
    return pygame.transform.smoothscale(big, (size, size))


def _pointer(size: int, ink: RGB, fill: RGB) -> pygame.Surface:
    """A small triangle pointing down at a card: ``fill`` inside an ink edge."""
    ss = 4
    w, h = size * ss, round(size * 0.8) * ss
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(big, (*ink, 255), [(0, 0), (w, 0), (w / 2, h)])
    e = w * 0.16
    pygame.draw.polygon(
        big, (*fill, 255), [(e * 1.7, e * 0.8), (w - e * 1.7, e * 0.8), (w / 2, h - e * 1.9)]
    )
    return pygame.transform.smoothscale(big, (size, round(size * 0.8)))


def draw_card(
    surface: pygame.Surface,
    painter: CardPainter,
    face: CardFace | None,
    pose: Pose | tuple[float, float, float],
    look: Look | str = Look.NORMAL,
) -> pygame.Rect:
    """Draw one card (``face`` or, for ``None``, its back) at ``pose``; returns the dirty rect."""
    x, y, angle = pose
    sprite = painter.sprite(face, look, angle)
    return surface.blit(sprite, sprite.get_rect(center=(round(x), round(y))))


# -- layouts -------------------------------------------------------------------


def fan_layout(
    n: int,
    area: pygame.Rect,
    card_size: tuple[int, int],
    *,
    max_spread_deg: float = 24.0,
    deg_per_card: float = 4.0,
    max_step: float = 0.62,
    bottom_margin: float = 0.0,
) -> list[Pose]:
    """A fanned hand resting on the bottom of ``area``, left card first.

    Neighbours sit at most ``max_step`` card widths apart; with many cards the
    step shrinks so that every rotated card stays inside ``area`` horizontally.
    The fan opens by ``deg_per_card`` per card, at most ``max_spread_deg`` in
    all, with the cards on an arc. ``bottom_margin`` is in pixels.
    """
    if n <= 0:
        return []
    w, h = card_size
    spread = 0.0 if n == 1 else min(max_spread_deg, deg_per_card * (n - 1))
    step = 0.0
    if n > 1:
        while True:
            hw_end, _ = rotated_half_extents(card_size, spread / 2)
            room = (area.width - 2 * hw_end) / (n - 1)
            if room >= 0 or spread <= 0:
                break
            spread = max(0.0, spread - 4.0)  # too narrow even stacked: open the fan less
        step = max(0.0, min(max_step * w, room))

    half_span = step * (n - 1) / 2
    theta = math.radians(spread / 2)
    arc_radius = half_span / math.sin(theta) if theta > 0 and half_span > 0 else 0.0
    poses = []
    for i in range(n):
        t = 0.5 if n == 1 else i / (n - 1)
        angle = spread * (0.5 - t)
        drop = arc_radius * (1 - math.cos(math.radians(angle)))
        poses.append((area.centerx + step * (i - (n - 1) / 2), drop, angle))
    lowest = max(drop + rotated_half_extents(card_size, angle)[1] for _, drop, angle in poses)
    base = area.bottom - bottom_margin - lowest
    return [Pose(x, base + drop, angle) for x, drop, angle in poses]


@functools.lru_cache(maxsize=8)
def icon_painter(height: int) -> CardPainter:
    """The painter of the title pictures' cards ``height`` pixels tall, kept:
    its faces are painted once, not at every frame of the title."""
    return CardPainter(height)


def draw_fan(
    surface: pygame.Surface,
    rect: pygame.Rect,
    faces: Sequence[CardFace],
    *,
    height: float,
    inset: int,
    **fan: float,
) -> None:
    """A title picture of a hand: ``faces`` fanned across ``rect``, each card
    ``height`` of its height, the fan ``rect`` shrunk by 1/``inset`` on each
    side; ``fan`` goes to :func:`fan_layout` (its spread and step). The card
    games' title pictures are drawn so."""
    painter = icon_painter(max(24, int(rect.h * height)))
    area = rect.inflate(-rect.w // inset, -rect.h // 12)
    for face, pose in zip(
        faces, fan_layout(len(faces), area, painter.card_size, **fan), strict=True
    ):
        draw_card(surface, painter, face, pose)


def row_layout(
    n: int,
    area: pygame.Rect,
    card_size: tuple[int, int],
    *,
    gap: float = 0.12,
) -> list[Pose]:
    """Upright cards in one row centred in ``area``, ``gap`` card widths apart.

    When they do not fit the cards overlap, evenly, to stay inside ``area``.
    """
    if n <= 0:
        return []
    w, _ = card_size
    step = w * (1 + gap)
    if n > 1 and (n - 1) * step + w > area.width:
        step = max(0.0, (area.width - w) / (n - 1))
    x0 = area.centerx - step * (n - 1) / 2
    return [Pose(x0 + i * step, area.centery, 0.0) for i in range(n)]


def trick_layout(
    n_players: int,
    center: tuple[float, float],
    card_size: tuple[int, int],
    *,
    bottom_seat: int = 0,
    radius: tuple[float, float] | None = None,
    tilt_deg: float = 4.0,
) -> list[Pose]:
    """One pose per seat on an ellipse around ``center``, indexed by seat.

    ``bottom_seat`` plays from the bottom of the screen and the others follow
    clockwise (left, top, right for four players). ``radius`` is the
    ellipse's (horizontal, vertical) radii; by default neighbours overlap
    only a little, leaving every top-left index in sight. Each card leans a
    little, by a fixed amount per seat, so the pile looks placed by hand.
    """
    if n_players <= 0:
        return []
    w, h = card_size
    if radius is None:
        if n_players == 1:
            radius = (0.0, 0.0)
        else:
            chord = 1 / math.sin(math.pi / n_players)
            radius = (max(0.95 * w, 0.5 * w * chord), max(0.6 * h, 0.3 * h * chord))
    rx, ry = radius
    poses = [Pose(0, 0, 0)] * n_players
    for k in range(n_players):
        seat = (bottom_seat + k) % n_players
        phi = math.pi / 2 + 2 * math.pi * k / n_players
        lean = ((seat * 7) % 5 - 2) / 2 * tilt_deg
        poses[seat] = Pose(center[0] + rx * math.cos(phi), center[1] + ry * math.sin(phi), lean)
    return poses


def stack_offset_layout(
    n: int,
    origin: tuple[float, float],
    card_size: tuple[int, int],
    offset: tuple[float, float] | None = None,
    *,
    max_fanned: int | None = None,
) -> list[Pose]:
    """Plays piled from ``origin`` (the first card's centre), each ``offset`` pixels on.

    The last play is on top and whole; earlier ones peek out. With
    ``max_fanned`` only the newest that many are spread, older ones sit
    squared under the first of them.
    """
    if n <= 0:
        return []
    w, h = card_size
    dx, dy = offset if offset is not None else (0.2 * w, 0.0)
    spread_from = 0 if max_fanned is None else max(0, n - max_fanned)
    return [
        Pose(
            origin[0] + dx * max(0, i - spread_from), origin[1] + dy * max(0, i - spread_from), 0.0
        )
        for i in range(n)
    ]


def hit_test(
    poses: Sequence[Pose | tuple[float, float, float] | pygame.Rect],
    pos: tuple[float, float],
    card_size: tuple[int, int] | None = None,
    lifts: Sequence[float] | None = None,
) -> int | None:
    """Index of the topmost (latest in ``poses``) card under ``pos``, or None.

    Poses are tested against the rotated card exactly; ``card_size`` is needed
    for them. Rects are tested as they are. ``lifts`` gives, per card, how far
    a look has raised it (``painter.lift(look)``) so raised cards are picked
    where they are drawn.
    """
    px, py = pos
    for i in range(len(poses) - 1, -1, -1):
        p = poses[i]
        if isinstance(p, pygame.Rect):
            if p.collidepoint(px, py):
                return i
            continue
        if card_size is None:
            raise ValueError("hit_test needs card_size for poses")
        x, y, angle = p
        a = math.radians(angle)
        sx, sy = px - x, py - y
        lx = sx * math.cos(a) - sy * math.sin(a)
        ly = sx * math.sin(a) + sy * math.cos(a)
        if lifts is not None:
            ly += lifts[i]
        if abs(lx) <= card_size[0] / 2 and abs(ly) <= card_size[1] / 2:
            return i
    return None


# -- animation -----------------------------------------------------------------


def linear(t: float) -> float:
    return t


def out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def in_out_quad(t: float) -> float:
    return 2 * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 2 / 2


def out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


EASINGS: dict[str, Callable[[float], float]] = {
    "linear": linear,
    "out_cubic": out_cubic,
    "in_out_quad": in_out_quad,
    "out_back": out_back,
}


def lerp_pose(a: Pose, b: Pose, t: float) -> Pose:
    return Pose(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, a.angle + (b.angle - a.angle) * t)


class CardTween:
    """Moves a card from ``start`` to ``end`` over ``duration`` seconds after ``delay``.

    ``tag`` is for the caller (which card this is). When done, ``pose`` is
    exactly ``end``.
    """

    def __init__(
        self,
        start: Pose | tuple[float, float, float],
        end: Pose | tuple[float, float, float],
        duration: float,
        delay: float = 0.0,
        ease: str | Callable[[float], float] = "out_cubic",
        tag: Any = None,
    ) -> None:
        self.start = Pose(*start)
        self.end = Pose(*end)
        self.duration = max(0.0, duration)
        self.delay = max(0.0, delay)
        self.ease = EASINGS[ease] if isinstance(ease, str) else ease
        self.tag = tag
        self.elapsed = 0.0
        self.done = self.duration == 0 and self.delay == 0

    def update(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True once finished."""
        if not self.done:
            self.elapsed += max(0.0, dt)
            self.done = self.elapsed >= self.delay + self.duration
        return self.done

    def skip(self) -> None:
        self.elapsed = self.delay + self.duration
        self.done = True

    @property
    def started(self) -> bool:
        return self.done or self.elapsed > self.delay

    @property
    def pose(self) -> Pose:
        if self.done:
            return self.end
        if self.elapsed <= self.delay:
            return self.start
        t = min(1.0, (self.elapsed - self.delay) / self.duration)
        return lerp_pose(self.start, self.end, self.ease(t))


class Animator:
    """A set of running tweens under one speed multiplier (0 = instant)."""

    def __init__(self, speed: float = 1.0) -> None:
        self.speed = speed
        self.tweens: list[CardTween] = []

    def add(self, tween: CardTween) -> CardTween:
        if self.speed <= 0:
            tween.skip()
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> list[CardTween]:
        """Advance every tween; returns (and forgets) those that finished."""
        finished = []
        for tween in self.tweens:
            if self.speed <= 0:
                tween.skip()
            else:
                tween.update(dt * self.speed)
            if tween.done:
                finished.append(tween)
        if finished:
            self.tweens = [t for t in self.tweens if not t.done]
        return finished

    @property
    def busy(self) -> bool:
        return any(not t.done for t in self.tweens)

    def skip_all(self) -> list[CardTween]:
        for tween in self.tweens:
            tween.skip()
        return self.update(0.0)

    def pose_of(self, tag: Any) -> Pose | None:
        """The current pose of the running tween tagged ``tag``, if any."""
        for tween in reversed(self.tweens):
            if tween.tag == tag:
                return tween.pose
        return None


# -- marks drawn around a card -------------------------------------------------


def card_corners(
    pose: Pose | tuple[float, float, float], card_size: tuple[int, int], grow: float = 0.0
) -> list[tuple[float, float]]:
    """The four corners of a card at ``pose``, ``grow`` pixels outside its edges."""
    x, y, angle = pose
    hw, hh = card_size[0] / 2 + grow, card_size[1] / 2 + grow
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    # screen y grows downwards: a counter-clockwise turn of (dx, dy) on screen
    return [
        (x + dx * c + dy * s, y - dx * s + dy * c)
        for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh))
    ]


def draw_outline(
    surface: pygame.Surface,
    pose: Pose | tuple[float, float, float],
    card_size: tuple[int, int],
    colour: RGB,
    width: int,
    grow: float = 0.0,
) -> None:
    """A ring of ``colour`` round a card at ``pose`` (a hint's mark), on a dark
    edge so it reads on any felt or card."""
    corners = card_corners(pose, card_size, grow)
    pygame.draw.polygon(surface, (12, 12, 18), corners, width + 4)
    pygame.draw.polygon(surface, colour, corners, width)
