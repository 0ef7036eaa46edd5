"""Colours, fonts and sizes that scale with the window.

A :class:`Theme` is built from the window size. Every length the UI draws goes
through :meth:`Theme.px`, every font through :meth:`Theme.font`, so a layout
made for the 1280x800 reference window looks the same at 960x600 and at 4K.

Colour is never the only thing that tells players or suits apart: every
:class:`PlayerStyle` and :class:`SuitStyle` carries a glyph as well, and the
``okabe_ito`` palette swaps in colours that stay distinct for colour-blind
players.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import NamedTuple

import pygame

Colour = tuple[int, int, int]

#: the window size layouts are designed for
REFERENCE_SIZE = (1280, 800)
MIN_SCALE = 0.6
MAX_SCALE = 3.0
#: no text is drawn smaller than this many pixels, however small the window
MIN_FONT_PX = 12

#: named font sizes, in points at the reference size
FONT_SIZES: dict[str, int] = {"small": 15, "body": 19, "heading": 26, "title": 44}

PALETTES: tuple[str, ...] = ("default", "okabe_ito")

# The Okabe-Ito colour-blind safe palette (Okabe & Ito 2008), without black.
OKABE_ITO: dict[str, Colour] = {
    "orange": (0xE6, 0x9F, 0x00),
    "sky blue": (0x56, 0xB4, 0xE9),
    "bluish green": (0x00, 0x9E, 0x73),
    "yellow": (0xF0, 0xE4, 0x42),
    "blue": (0x00, 0x72, 0xB2),
    "vermillion": (0xD5, 0x5E, 0x00),
    "reddish purple": (0xCC, 0x79, 0xA7),
    "grey": (0x99, 0x99, 0x99),
}


class PlayerStyle(NamedTuple):
    colour: Colour
    glyph: str
    #: the colour's name, for text ("Orange ● to move")
    name: str


class SuitStyle(NamedTuple):
    colour: Colour
    glyph: str
    #: the suit's name as the UI says it
    name: str


# Six seats. The glyphs are fixed per seat, so a seat keeps its shape when the
# palette changes.
PLAYER_GLYPHS: tuple[str, ...] = ("●", "▲", "■", "◆", "★", "✚")
_PLAYERS: dict[str, tuple[tuple[Colour, str], ...]] = {
    "default": (
        ((226, 74, 64), "red"),
        ((62, 130, 230), "blue"),
        ((240, 196, 48), "gold"),
        ((70, 178, 96), "green"),
        ((168, 104, 214), "purple"),
        ((240, 140, 50), "orange"),
    ),
    "okabe_ito": tuple(
        (OKABE_ITO[name], name)
        for name in ("orange", "sky blue", "bluish green", "yellow", "blue", "vermillion")
    ),
}

# Eight suits, each with its own glyph; card games map their symbols onto these.
_SUITS: tuple[tuple[str, str], ...] = (
    ("♠", "spades"),
    ("♥", "hearts"),
    ("♦", "diamonds"),
    ("♣", "clubs"),
    ("★", "stars"),
    ("✿", "flowers"),
    ("☾", "moons"),
    ("⬢", "hexes"),
)
_SUIT_COLOURS: dict[str, tuple[Colour, ...]] = {
    # a four-colour deck, then four more that differ in hue and lightness
    "default": (
        (44, 48, 60),
        (206, 40, 48),
        (36, 104, 206),
        (32, 140, 70),
        (214, 140, 0),
        (150, 70, 190),
        (0, 150, 160),
        (140, 90, 50),
    ),
    "okabe_ito": tuple(
        OKABE_ITO[name]
        for name in (
            "blue",
            "vermillion",
            "orange",
            "bluish green",
            "reddish purple",
            "sky blue",
            "grey",
            "yellow",
        )
    ),
}


def _assets_dir() -> Traversable:
    """The shipped assets: the installed package, or the source tree's folder."""
    try:
        return importlib.resources.files("tabletop.assets")
    except ModuleNotFoundError:
        # running from a source checkout that was not installed: assets/ sits
        # beside the tabletop package
        return Path(__file__).resolve().parents[2] / "assets"


@functools.cache
def _font_bytes(bold: bool) -> bytes:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return (_assets_dir() / "fonts" / name).read_bytes()


def load_font(px: int, bold: bool = False) -> pygame.font.Font:
    """The bundled DejaVu Sans at ``px`` pixels: the one place a font file is
    opened (no cache: :class:`FontCache` keeps them)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(io.BytesIO(_font_bytes(bold)), px)


# -- the pygame session ----------------------------------------------------------
#
# Fonts, sounds and surfaces belong to the pygame session that made them: after
# pygame.quit() a Font only raises "Invalid font". A cache that can outlive one
# App (a module-level one, such as a game's title picture) notes the session its
# objects were made in and empties itself when pygame_session() has moved on.

_session = 0
_watching = False


def pygame_session() -> int:
    """A number for the running pygame session: it changes at every ``pygame.quit()``."""
    global _watching
    if not _watching:  # pygame forgets its quit hooks at every quit: hook again
        pygame.register_quit(_session_ended)
        _watching = True
    return _session


def _session_ended() -> None:
    global _session, _watching
    _session += 1
    _watching = False


class FontCache:
    """``(px, bold) -> Font`` for the bundled DejaVu Sans, each size opened
    once per pygame session (the cache empties when the session ends)."""

    def __init__(self) -> None:
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._session = pygame_session()

    def __call__(self, px: int, bold: bool = False) -> pygame.font.Font:
        session = pygame_session()
        if session != self._session:
            self._fonts.clear()
            self._session = session
        key = (max(4, int(px)), bool(bold))
        font = self._fonts.get(key)
        if font is None:
            font = self._fonts[key] = load_font(*key)
        return font


def glyph_renders(font: pygame.font.Font, glyph: str) -> bool:
    """True when ``font`` has a real glyph for every character of ``glyph``.

    ``font.metrics`` reports the "missing glyph" box as if it were a glyph, so
    each character's rendering is compared with that of a private-use code
    point, which no font we ship provides.
    """

    def image(text: str) -> tuple[tuple[int, int], bytes]:
        surf = font.render(text, True, (255, 255, 255))
        return surf.get_size(), pygame.image.tobytes(surf, "RGBA")

    missing = image("\ue000")
    for ch in glyph:
        metrics = font.metrics(ch)
        if not metrics or metrics[0] is None or image(ch) == missing:
            return False
    return True


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """``a`` moved a fraction ``t`` of the way towards ``b``."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def luminance(c: Colour) -> float:
    """WCAG relative luminance of an sRGB colour (any alpha ignored), 0..1,
    with the sRGB standard's linear segment below 0.04045."""

    def lin(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio between two colours, 1..21. The one home of the
    formula: the card painter's ``readable_on`` uses it too."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: Colour) -> Colour:
    """Near-black or near-white, whichever reads better on ``background``."""
    dark, light = (20, 22, 28), (245, 246, 250)
    return dark if contrast(background, dark) >= contrast(background, light) else light


class Theme:
    """Palette, fonts and scale for one window size."""

    def __init__(
        self, size: tuple[int, int], palette: str = "default", anim_speed: float = 1.0
    ) -> None:
        self._fonts = FontCache()
        self.anim_speed = anim_speed
        self.size = (0, 0)
        self.scale = 1.0
        self.resize(size)
        self.palette = ""
        self.set_palette(palette)

    # -- scale -------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = (int(w), int(h))
        raw = min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1])
        self.scale = max(MIN_SCALE, min(MAX_SCALE, raw))

    def px(self, n: float) -> int:
        """A length given at the reference size, in pixels at this size."""
        v = round(n * self.scale)
        return max(1, v) if n > 0 else v

    def duration(self, seconds: float) -> float:
        """An animation's length at this theme's speed (0 when animations are off)."""
        return 0.0 if self.anim_speed <= 0 else seconds / self.anim_speed

    # -- fonts -------------------------------------------------------------
    def font_px(self, size: float | str) -> int:
        pt = FONT_SIZES[size] if isinstance(size, str) else size
        return max(MIN_FONT_PX, round(pt * self.scale))

    def font(self, size: float | str = "body", bold: bool = False) -> pygame.font.Font:
        """The UI font at ``size`` (points at the reference size, or a name)."""
        return self._fonts(self.font_px(size), bold)

    @property
    def small(self) -> pygame.font.Font:
        return self.font("small")

    @property
    def body(self) -> pygame.font.Font:
        return self.font("body")

    @property
    def heading(self) -> pygame.font.Font:
        return self.font("heading", bold=True)

    @property
    def title(self) -> pygame.font.Font:
        return self.font("title", bold=True)

    # -- colours -----------------------------------------------------------
    def set_palette(self, name: str) -> None:
        if name not in PALETTES:
            raise ValueError(f"unknown palette {name!r}; choose from {PALETTES}")
        self.palette = name
        cb = name == "okabe_ito"

        self.background: Colour = (22, 26, 34)
        self.panel: Colour = (36, 42, 54)
        self.panel_edge: Colour = (74, 84, 104)
        self.panel_title: Colour = (46, 54, 70)
        self.shadow: Colour = (8, 10, 14)
        self.text: Colour = (236, 238, 243)
        self.text_dim: Colour = (164, 172, 188)
        self.accent: Colour = OKABE_ITO["blue"] if cb else (58, 124, 222)
        self.accent_text: Colour = (255, 255, 255)
        self.danger: Colour = OKABE_ITO["vermillion"] if cb else (212, 70, 60)
        self.ok: Colour = OKABE_ITO["bluish green"] if cb else (60, 164, 96)
        self.warning: Colour = OKABE_ITO["orange"] if cb else (232, 168, 40)
        self.focus: Colour = OKABE_ITO["yellow"] if cb else (255, 206, 72)
        self.button: Colour = (58, 66, 84)
        self.button_hover: Colour = (74, 84, 106)
        self.button_pressed: Colour = (44, 50, 64)
        self.disabled: Colour = (46, 50, 60)
        self.disabled_text: Colour = (118, 124, 138)
        self.track: Colour = (24, 28, 36)
        self.scrollbar: Colour = (104, 114, 136)
        self.selection: Colour = mix(self.panel, self.accent, 0.45)
        #: a hint's mark on the table (cards, aim): unlike any seat, suit or outline
        #: (Okabe-Ito's eight colours all mark something else: white there)
        self.hint: Colour = (255, 255, 255) if cb else (255, 110, 220)
        self.tooltip_bg: Colour = (250, 246, 226)
        self.tooltip_text: Colour = (24, 26, 32)
        self.felt: Colour = (30, 96, 62)
        self.felt_dark: Colour = (20, 70, 44)
        self.felt_line: Colour = (216, 226, 212)
        self.card_face: Colour = (250, 248, 242)
        self.card_back: Colour = (40, 70, 140)

    def player(self, i: int) -> PlayerStyle:
        """The look of seat ``i`` (0..5): a colour, its name and a glyph."""
        entries = _PLAYERS[self.palette]
        if not 0 <= i < len(entries):
            raise IndexError(f"player index {i} out of range 0..{len(entries) - 1}")
        colour, name = entries[i]
        return PlayerStyle(colour, PLAYER_GLYPHS[i], name)

    @property
    def players(self) -> tuple[PlayerStyle, ...]:
        return tuple(self.player(i) for i in range(len(PLAYER_GLYPHS)))

    def suit(self, i: int) -> SuitStyle:
        """The look of suit ``i`` (0..7): a colour, a glyph and a name."""
        if not 0 <= i < len(_SUITS):
            raise IndexError(f"suit index {i} out of range 0..{len(_SUITS) - 1}")
        glyph, name = _SUITS[i]
        return SuitStyle(_SUIT_COLOURS[self.palette][i], glyph, name)

    @property
    def suits(self) -> tuple[SuitStyle, ...]:
        return tuple(self.suit(i) for i in range(len(_SUITS)))
