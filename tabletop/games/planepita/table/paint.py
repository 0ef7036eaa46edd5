"""Planepita's table drawn: the planet seen from above, the pads, the pieces,
the aim line and power meter, and the side panel. pygame only; never changes
the game.

- :class:`Geometry` maps board millimetres (origin at the planet's centre,
  y up) to window pixels: it fits the planet and the pads in a square of the
  table and flips y.
- The sprites and the backdrop are plain functions of their inputs
  (:func:`disc_sprite`, :func:`jammer_sprite`, :func:`render_backdrop`,
  :func:`render_planet`, :func:`draw_icon`).
- :class:`TableDrawing` is the drawing half of ``scene.PlanepitaScene``: the
  layout of the table and the panel, and ``draw_table``. It reads what the
  scene knows (the session, the animation queue, the drag in progress, the
  buttons) and the :class:`scene_playback.Picture` of the moment; it keeps only
  caches of what it drew and the last aim line (for tests), and writes nothing
  else.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from tabletop.core import rng
from tabletop.core.words import plural
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.table import effects as effects
from tabletop.games.planepita.aim import (
    PULL_FULL_MM,
    PULL_REACH_MM,
    AimPrediction,
    aim_direction,
    pad_position,
    predict,
    pull_length,
)
from tabletop.games.planepita.board import MARK, Board, PadPose, default_board
from tabletop.games.planepita.model import (
    AREA_VALUES,
    DOUBLE,
    LAST,
    ROUNDS,
    THIRD_PARTY,
    Disc,
    Flick,
    Flip,
    JammerSpec,
    Phase,
    PlaceJammer,
    PlanepitaState,
)
from tabletop.games.planepita.physics import JAMMER
from tabletop.games.planepita.playback import Picture, RoundEnd, ease
from tabletop.ui.theme import Colour, Theme, mix, text_on
from tabletop.ui.widgets import WHOLE, draw_text, fit_text, rendered, wrap_text

#: how far from the planet's centre the table view reaches (pads included), mm
WORLD_R = 364.0

#: what the player to move is asked, after their name
PROMPTS: dict[Phase, str] = {
    Phase.LAUNCH: "flick a disc",
    Phase.FLIP: "flip or keep?",
    Phase.PLACE_JAMMER: "place the jammer",
}

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

# -- geometry ---------------------------------------------------------------------------------


class Geometry:
    """Board millimetres <-> window pixels for a square region of the table."""

    def __init__(self, square: pygame.Rect, board: Board, players: int) -> None:
        self.square = square
        self.board = board
        self.players = players
        self.cx = square.centerx
        self.cy = square.centery
        self.scale = (square.w / 2) / WORLD_R  # pixels per mm

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return (self.cx + x * self.scale, self.cy - y * self.scale)

    def ipx(self, x: float, y: float) -> tuple[int, int]:
        px, py = self.to_px(x, y)
        return (round(px), round(py))

    def to_mm(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.cx) / self.scale, (self.cy - py) / self.scale)

    def length(self, mm: float) -> int:
        return max(1, round(mm * self.scale))

    @property
    def planet_rect(self) -> pygame.Rect:
        r = self.board.outer_radius * self.scale
        return pygame.Rect(round(self.cx - r), round(self.cy - r), round(2 * r), round(2 * r))

    def pose(self, seat: int, pos: float) -> PadPose:
        return self.board.pad_pose(self.players, seat, min(1.0, max(0.0, pos)))

    def pad_position_at(self, seat: int, px: float, py: float) -> float:
        """The pad position (0..1) along ``seat``'s stretch nearest the mouse."""
        return pad_position(self.board, self.players, seat, *self.to_mm(px, py))

    def pad_polygon(self, pose: PadPose) -> list[tuple[float, float]]:
        return [self.to_px(*c) for c in pose.corners()]

    def on_pad(self, pose: PadPose, px: float, py: float) -> bool:
        forward, side = pose.local(*self.to_mm(px, py))
        return -2.0 <= forward <= pose.depth + 2.0 and abs(side) <= pose.width / 2 + 2.0

    def on_disc(self, pose: PadPose, px: float, py: float) -> bool:
        x, y = self.to_mm(px, py)
        grab = max(self.board.disc_radius * 1.4, 10.0 / self.scale)
        return math.dist((x, y), pose.start) <= grab


# -- drawing helpers ----------------------------------------------------------------------------------


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
        col = (255, 255, 255, 14) if light else (0, 0, 0, 26)
        pygame.draw.circle(tex, col, p, rr * s)
        if not light and rr > 7:
            pygame.draw.circle(tex, (255, 255, 255, 16), p, rr * s, max(1, geo.length(1.2)))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), c, R)
    tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(tex, (0, 0))
    # light from the upper left, a shadow lower right
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(12):
        f = k / 12
        pygame.draw.circle(
            shade, (255, 255, 255, 5), (c[0] - R * 0.35 * f, c[1] - R * 0.35 * f), R * (1 - f * 0.8)
        )
    surf.blit(shade, (0, 0))
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
    for ang in b.mark_angles(players):
        a = math.radians(ang)
        d = b.outer_radius + b.pad_gap + 9.0
        draw_mark(
            surf,
            kind,
            geo.to_px(d * math.cos(a), d * math.sin(a)),
            geo.length(5.5),
            (236, 236, 228),
        )
    return surf


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The title screen's picture: a small ringed planet with a few discs."""
    for y in range(rect.y, rect.bottom, 2):
        f = (y - rect.y) / max(1, rect.h)
        pygame.draw.line(surface, mix(SPACE_TOP, SPACE_BOTTOM, f), (rect.x, y), (rect.right, y), 2)
    rnd = rng.make(3, "planepita-art")
    for _ in range(rect.w * rect.h // 700):
        v = rnd.randint(110, 230)
        surface.set_at(
            (rnd.randrange(rect.x, rect.right), rnd.randrange(rect.y, rect.bottom)), (v, v, v)
        )
    r = min(rect.w, rect.h) * 0.42
    c = (rect.centerx, rect.centery)
    board = default_board()
    for area in (3, 4, 5):
        _, rad = board.area_bounds(area, 0.0)
        pygame.draw.circle(surface, AREA_COLOURS[area], c, r * rad / board.outer_radius)
    lw = max(1, round(r / 70))
    for rad in (board.center_radius, board.middle_radius):
        pygame.draw.circle(surface, LINE_WHITE, c, r * rad / board.outer_radius, lw)
    pygame.draw.circle(surface, (12, 16, 24), c, r, max(1, lw))
    jr = max(3, round(r * board.jammer_radius / board.outer_radius))
    js = jammer_sprite(jr)
    surface.blit(js, js.get_rect(center=(c[0] + r * 0.08, c[1] - r * 0.05)))
    dr = max(
        6, round(r * board.disc_radius / board.outer_radius * 1.8)
    )  # larger than life: a picture
    for i, (fx, fy, down) in enumerate(
        (
            (-0.38, 0.30, False),
            (0.46, 0.18, False),
            (0.12, -0.52, True),
            (-0.62, -0.34, False),
            (0.30, 0.66, False),
        )
    ):
        sp = disc_sprite(theme, i % 4, 4, down, (), dr)
        surface.blit(sp, sp.get_rect(center=(c[0] + fx * r, c[1] + fy * r)))


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


# -- the drawing half of the scene ---------------------------------------------------------------


class TableDrawing:
    """The layout and drawing of ``PlanepitaScene`` (mixed into it).

    Reads from the scene: ``app`` (theme, settings), ``session``, ``board``,
    ``params``, ``players``, ``table_rect``, ``anims``, ``drag``, ``ghost``,
    ``ghost_reason``, ``clock``, ``my_turn``, ``setting`` (the game's settings:
    the aim assist), the buttons and their focus
    ``group``, and its methods ``spec``, ``limits``, ``human_launch``,
    ``current_picture``, ``prompt`` and ``hint``. Sets: the layout rects, its
    caches, and ``aim_prediction`` / ``aim_tip`` / ``ghost_label_rect`` /
    ``hole_discs`` / ``hole_circle`` (what it last drew, for tests).
    """

    app: Any
    session: Any
    board: Board
    players: int
    table_rect: pygame.Rect
    anims: list[Any]
    clock: float

    def init_drawing(self) -> None:
        """The layout rects and caches, before the first ``layout``."""
        self.geo = Geometry(pygame.Rect(0, 0, 2, 2), self.board, self.players)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.head_rect = pygame.Rect(0, 0, 0, 0)
        self.decide_rect = pygame.Rect(0, 0, 0, 0)
        self.seats_rect = pygame.Rect(0, 0, 0, 0)
        self.slots_rect = pygame.Rect(0, 0, 0, 0)
        self.hole_rect = pygame.Rect(0, 0, 0, 0)
        self.seat_rects: list[pygame.Rect] = []
        self.compact = False
        self.prompt_rows = 1  # lines the head box keeps for the prompt
        self.slot_rects: list[pygame.Rect] = []
        self.button_rows = 1  # rows of decision buttons the game may need at once
        self.power_rect = pygame.Rect(0, 0, 0, 0)  # where the area count was last drawn
        self.power_heading = ""  # and its heading
        self.backdrop: pygame.Surface | None = None
        self.backdrop_key: tuple[Any, ...] = ()
        self.sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self.ghost_label_rect: pygame.Rect | None = None  # where the last ghost label went
        self.aim_prediction: AimPrediction | None = None  # the last aim drawn
        self.aim_tip: tuple[float, float] | None = None  # its tip, mm
        self.aim_drawn = ""  # the aim assist level it was drawn with
        self.meter_rect = pygame.Rect(0, 0, 0, 0)  # where the power meter was last drawn
        self.hole_discs: list[tuple[int, int, int]] = []  # the lost discs drawn: x, y, radius, px
        self.hole_circle: tuple[tuple[int, int], int] = (
            (0, 0),
            0,
        )  # the hole drawn: centre, radius
        self._power_key: tuple[Any, ...] = ()
        self._panel_img: pygame.Surface | None = None
        self._panel_img_key: tuple[Any, ...] = ()
        self._power: tuple[Any, ...] = ()

    # -- layout --------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        gap = t.px(14)
        panel_w = max(t.px(250), min(t.px(300), rect.w // 3))
        board_w = rect.w - panel_w - 3 * gap
        side = max(40, min(rect.h - 2 * gap, board_w))
        self.board_area = pygame.Rect(rect.x + gap, rect.y + gap, board_w, rect.h - 2 * gap)
        square = pygame.Rect(0, 0, side, side)
        square.center = self.board_area.center
        self.geo = Geometry(square, self.board, self.players)
        self.panel_rect = pygame.Rect(
            self.board_area.right + gap, rect.y + gap, panel_w, rect.h - 2 * gap
        )
        p = self.panel_rect
        body = t.body.get_linesize()
        small = t.small.get_linesize()
        self.prompt_rows = self._prompt_rows(p.w - t.px(24))
        head_h = t.heading.get_linesize() + self.prompt_rows * body + 2 * small + t.px(18)
        self.head_rect = pygame.Rect(p.x, p.y, p.w, head_h)
        # the decision's buttons (one row; two when a 2-player game may offer the
        # 3P disc and the Double token at once), then who would take each area
        st = self.session.state
        self.button_rows = 2 if st.third_party_variant and st.doubles_variant else 1
        decide_h = (
            small
            + t.px(4)
            + self.button_rows * (t.px(40) + t.px(6))
            + self.power_height()
            + t.px(6)
        )
        self.decide_rect = pygame.Rect(p.x, self.head_rect.bottom + t.px(8), p.w, decide_h)
        # two lines per seat when there is room for the black hole below, else one
        dr = max(6, t.px(8))
        fixed = head_h + decide_h + 3 * t.px(8) + small + t.px(10) + small + t.px(62) + t.px(8)
        self.compact = fixed + self.players * (body + small + t.px(14)) + t.px(110) > p.h
        row_h = max(body, 2 * dr) + t.px(8) if self.compact else body + small + t.px(14)
        seats_h = small + t.px(10) + self.players * row_h
        self.seats_rect = pygame.Rect(p.x, self.decide_rect.bottom + t.px(8), p.w, seats_h)
        self.seat_rects = [
            pygame.Rect(
                p.x + t.px(8),
                self.seats_rect.y + small + t.px(8) + i * row_h,
                p.w - t.px(16),
                row_h,
            )
            for i in range(self.players)
        ]
        slot_h = t.px(40) if self.compact else t.px(50)
        slots_h = small + slot_h + t.px(12)
        self.slots_rect = pygame.Rect(p.x, self.seats_rect.bottom + t.px(8), p.w, slots_h)
        inner = self.slots_rect.inflate(-t.px(16), 0)
        sw = (inner.w - 2 * t.px(8)) // 3
        self.slot_rects = [
            pygame.Rect(
                inner.x + i * (sw + t.px(8)), self.slots_rect.y + small + t.px(8), sw, slot_h
            )
            for i in range(3)
        ]
        hole_top = self.slots_rect.bottom + t.px(8)
        self.hole_rect = pygame.Rect(p.x, hole_top, p.w, max(0, p.bottom - hole_top))
        self._place_buttons()
        # the backdrop and the sprites stay: draw_table redraws the backdrop
        # only when its key (the table's size, the planet's square, the
        # palette) changes, a sprite's key holds its size and palette, and a
        # layout for a new viewer in hot-seat changes none of them
        self._panel_img = None

    def power_height(self) -> int:
        """The height of the "if the round ended now" block: a title and a line per area."""
        t = self.app.theme
        small = t.small.get_linesize()
        return small + t.px(4) + len(AREA_VALUES) * (small + t.px(3))

    def _place_buttons(self) -> None:
        """The decision's buttons, side by side in the box's first row (the
        Double token below the disc's choice when both are offered)."""
        t = self.app.theme
        d = self.decide_rect.inflate(-t.px(16), 0)
        bh = t.px(40)
        top = d.y + t.small.get_linesize() + t.px(6)
        half = (d.w - t.px(6)) // 2
        left = pygame.Rect(d.x, top, half, bh)
        right = pygame.Rect(d.x + half + t.px(6), top, d.w - half - t.px(6), bh)
        self.flip_button.rect, self.keep_button.rect = left, right
        self.own_button.rect, self.third_button.rect = left.copy(), right.copy()
        below = top + (bh + t.px(6) if self.button_rows > 1 else 0)
        self.double_button.rect = pygame.Rect(d.x, below, d.w, bh)

    def layout_rects(self) -> list[pygame.Rect]:
        """The parts that must not overlap: the board square and the panel's boxes."""
        return [
            self.geo.square,
            self.head_rect,
            self.decide_rect,
            self.seats_rect,
            self.slots_rect,
            self.hole_rect,
        ]

    # -- drawing -------------------------------------------------------------------------------------
    def text(self, font_key: tuple[str, bool], text: str, colour: Colour) -> pygame.Surface:
        """``text`` in the theme's font (name, bold), rendered once (widgets.rendered)."""
        return rendered(self.app.theme.font(font_key[0], bold=font_key[1]), text, colour, WHOLE)

    def sprite(self, disc: Disc, r: int) -> pygame.Surface:
        t = self.app.theme
        key = ("disc", disc.owner, disc.face_down, disc.tokens, r, t.palette)
        img = self.sprites.get(key)
        if img is None:
            if len(self.sprites) > 400:  # shrinking discs make many sizes
                self.sprites.clear()
            img = self.sprites[key] = disc_sprite(
                t, disc.owner, self.players, disc.face_down, disc.tokens, r
            )
        return img

    def jammer_img(self, r: int) -> pygame.Surface:
        key = ("jammer", r)
        img = self.sprites.get(key)
        if img is None:
            img = self.sprites[key] = jammer_sprite(r)
        return img

    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        t = self.app.theme
        key = (self.table_rect.size, self.geo.square.topleft, self.geo.square.size, t.palette)
        if self.backdrop is None or self.backdrop_key != key:
            self.backdrop = render_backdrop(
                self.table_rect.size, self._geo_local(), t, self.players
            )
            self.backdrop_key = key
        surface.blit(self.backdrop, self.table_rect.topleft)
        pic = self.current_picture(view)
        self._draw_panel_cached(surface, pic)
        self._draw_zones(surface, pic)
        self._draw_pads(surface, pic)
        effects.draw_trails(surface, self.geo, t, pic.trails)
        self._draw_pieces(surface, pic)
        effects.draw_flashes(surface, self.geo, pic.flashes)
        effects.draw_marks(surface, self.geo, pic.marks)
        self._draw_aim(surface, pic)
        self._draw_hint(surface, pic)
        if self.anims and isinstance(self.anims[0], RoundEnd):
            self._draw_round_end(surface, self.anims[0])
        self.group.draw_widgets(surface, t)

    def _geo_local(self) -> Geometry:
        sq = self.geo.square.move(-self.table_rect.x, -self.table_rect.y)
        return Geometry(sq, self.board, self.players)

    def _draw_zones(self, surface: pygame.Surface, pic: Picture) -> None:
        """Shade the jammer's legal area while it waits to be placed, and the
        jammer's area while it sweeps at the end of a round."""
        area = None
        colour: Colour = (255, 255, 255)
        if not self.anims and pic.state.phase is Phase.PLACE_JAMMER:
            spec = self.spec()
            area = spec.area if isinstance(spec, JammerSpec) else 5
            colour = (120, 255, 140)
        elif self.anims and isinstance(self.anims[0], RoundEnd):
            anim = self.anims[0]
            stage, _ = anim.stage()
            if stage == 0:
                area = anim.result.jammer_area
                colour = HAZARD
        if area is None:
            return
        inner, outer = self.board.area_bounds(area, 0.0)
        sq = self.geo.square
        shade = pygame.Surface(sq.size, pygame.SRCALPHA)
        c = (sq.w / 2, sq.h / 2)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        pygame.draw.circle(shade, (*colour, round(50 + 40 * pulse)), c, outer * self.geo.scale)
        if inner > 0:
            pygame.draw.circle(shade, (0, 0, 0, 0), c, inner * self.geo.scale)
        pygame.draw.circle(
            shade, (*colour, 220), c, outer * self.geo.scale, max(2, self.geo.length(2))
        )
        surface.blit(shade, sq.topleft)

    def _draw_pads(self, surface: pygame.Surface, pic: Picture) -> None:
        t = self.app.theme
        geo = self.geo
        for seat in range(self.players):
            if seat == pic.active:
                continue
            pose = geo.pose(seat, pic.pads[seat])
            poly = geo.pad_polygon(pose)
            col = mix(t.player(seat).colour, SPACE_TOP, 0.55)
            pygame.draw.polygon(surface, col, poly, max(1, geo.length(1.5)))
        if pic.active is None:
            return
        seat = pic.active
        pose = geo.pose(seat, pic.pads[seat])
        col = t.player(seat).colour
        poly = geo.pad_polygon(pose)
        pygame.draw.polygon(surface, mix(col, (20, 22, 30), 0.7), poly)
        w = pose.wall
        h = pose.width / 2
        for a, b in (
            ((0.0, -h + w / 2), (pose.depth, -h + w / 2)),
            ((0.0, h - w / 2), (pose.depth, h - w / 2)),
            ((pose.depth - w / 2, -h), (pose.depth - w / 2, h)),
        ):
            pygame.draw.line(
                surface,
                mix(col, (255, 255, 255), 0.2),
                geo.to_px(*pose.to_world(*a)),
                geo.to_px(*pose.to_world(*b)),
                geo.length(w),
            )
        # the launch line the disc starts behind
        la, lb = pose.to_world(pose.depth * 0.25, -h + w), pose.to_world(pose.depth * 0.25, h - w)
        pygame.draw.line(surface, mix(col, (255, 255, 255), 0.5), geo.to_px(*la), geo.to_px(*lb), 1)
        if self.human_launch() and not self.anims and seat == self.session.to_move():
            hot = self.drag is not None and self.drag.kind == "pad"
            pygame.draw.polygon(
                surface,
                t.focus if hot else mix(col, (255, 255, 255), 0.5),
                poly,
                max(1, geo.length(1.2)),
            )

    def _draw_pieces(self, surface: pygame.Surface, pic: Picture) -> None:
        geo = self.geo
        r = geo.length(self.board.disc_radius)
        if pic.jammer is not None:
            img = self.jammer_img(geo.length(self.board.jammer_radius))
            surface.blit(img, img.get_rect(center=geo.ipx(*pic.jammer)))
        for disc, x, y, angle in pic.discs:
            self._blit_disc(surface, disc, x, y, angle, r)
            if disc.id == pic.pending:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
                pygame.draw.circle(
                    surface,
                    self.app.theme.focus,
                    geo.ipx(x, y),
                    r + geo.length(3) + round(pulse * geo.length(2)),
                    max(2, geo.length(1.5)),
                )
        if pic.on_pad is not None and pic.active is not None:
            pose = geo.pose(pic.active, pic.pads[pic.active])
            self._blit_disc(surface, pic.on_pad, *pose.start, 0.0, r)
        for disc, x, y, p in pic.falling:
            self._draw_falling(surface, disc, x, y, p, r)

    def _blit_disc(
        self, surface: pygame.Surface, disc: Disc, x: float, y: float, angle: float, r: int
    ) -> None:
        img = self.sprite(disc, r)
        cx, cy = self.geo.ipx(x, y)
        surface.blit(img, img.get_rect(center=(cx, cy)))
        if r >= 6:  # a notch on the rim shows the disc turning
            a = -angle + math.pi / 2
            ex, ey = cx + math.cos(a) * (r - 2), cy - math.sin(a) * (r - 2)
            ix, iy = cx + math.cos(a) * (r * 0.72), cy - math.sin(a) * (r * 0.72)
            pygame.draw.line(surface, (16, 16, 20), (ix, iy), (ex, ey), max(1, r // 9))

    def _draw_falling(
        self, surface: pygame.Surface, disc: Disc, x: float, y: float, p: float, r: int
    ) -> None:
        """A disc spiralling into a black hole where it left the board (scene_effects)."""
        jammer = disc.id == JAMMER
        effects.draw_falling(
            surface,
            self.geo,
            self.app.theme,
            disc,
            x,
            y,
            p,
            lambda d, size: self.jammer_img(size) if jammer else self.sprite(d, size),
            self.board.jammer_radius if jammer else self.board.disc_radius,
        )

    def _draw_aim(self, surface: pygame.Surface, pic: Picture) -> None:
        t = self.app.theme
        if (
            pic.state.phase is Phase.PLACE_JAMMER
            and not self.anims
            and self.ghost is not None
            and self.my_turn
        ):
            ok = self.ghost_reason is None
            col = t.ok if ok else t.danger
            jr = self.geo.length(self.board.jammer_radius)
            ghost = pygame.Surface((2 * jr + 4, 2 * jr + 4), pygame.SRCALPHA)
            pygame.draw.circle(ghost, (*col, 120), (jr + 2, jr + 2), jr)
            pygame.draw.circle(ghost, (*col, 255), (jr + 2, jr + 2), jr, max(2, jr // 8))
            centre = self.geo.ipx(*self.ghost)
            surface.blit(ghost, ghost.get_rect(center=centre))
            label = "✓ place here" if ok else "✗ not here"
            self.ghost_label_rect = self._label(
                surface, label, col, (centre[0], centre[1] + jr + t.px(4)), "midtop"
            )
            return
        self.ghost_label_rect = None
        if pic.aim is None or pic.active is None:
            return
        angle, speed = pic.aim
        geo = self.geo
        pose = geo.pose(pic.active, pic.pads[pic.active])
        vmax, _ = self.limits()
        pulled = pull_length(speed, vmax, self.board, self.params)
        frac = min(1.0, pulled / PULL_FULL_MM)
        col = mix(AIM_SOFT, AIM_HARD, frac)
        dx, dy = aim_direction(pose, angle)
        sx, sy = pose.start
        if self.drag is not None and self.drag.kind == "pull":  # the rubber band back to the mouse
            band: tuple[float, float] = self.drag.now_px
        else:  # a bot's pull, or a swipe: the pull that would give this speed
            band = geo.to_px(sx - dx * pulled, sy - dy * pulled)
        if speed > 0 and (self.drag is None or self.drag.kind == "pull"):
            pygame.draw.line(surface, (230, 230, 230), geo.to_px(sx, sy), band, max(1, t.px(2)))
        pred = predict(self.board, pose, angle, speed, self.params)
        assist = self.aim_assist()
        self.aim_drawn = assist
        self.aim_prediction, self.aim_tip = None, None
        w = max(2, t.px(3))
        if assist == "line":  # the direction and the power: a short arrow in the power's colour
            self._dashes(surface, (sx, sy), (dx, dy), ARROW_MM, col, w)
            tip = geo.to_px(sx + dx * (ARROW_MM + 18.0), sy + dy * (ARROW_MM + 18.0))
            nx, ny = -dy, dx  # across the aim (board frame)
            back = [
                geo.to_px(sx + dx * ARROW_MM + nx * k * 11.0, sy + dy * ARROW_MM + ny * k * 11.0)
                for k in (1, -1)
            ]
            pygame.draw.polygon(surface, (10, 10, 16), [tip, *back], 0)
            pygame.draw.polygon(surface, col, [tip, *back], max(2, t.px(3)))
        if assist == "full":
            self._draw_stop(surface, pose, angle, col, pred, w)
        self._draw_meter(surface, angle, speed, frac, col, pred, pose, assist)

    def _draw_hint(self, surface: pygame.Surface, pic: Picture) -> None:
        """The hint on show (the frame's ``hint_action``), in the hint's colour
        and dotted, unlike the player's own aim: for a flick the pad where it
        starts, its direction and where it would stop on an empty board; for
        a flip the disc and the choice; for the jammer the spot."""
        action = self.hint_action
        if action is None:
            return
        t, geo = self.app.theme, self.geo
        col = t.hint
        w = max(3, t.px(4))
        if isinstance(action, Flick) and pic.active is not None:
            pose = geo.pose(pic.active, action.pad)
            pygame.draw.polygon(surface, (12, 12, 18), geo.pad_polygon(pose), w + 4)
            pygame.draw.polygon(surface, col, geo.pad_polygon(pose), w)
            sx, sy = pose.start
            pygame.draw.circle(
                surface, col, geo.ipx(sx, sy), geo.length(self.board.disc_radius), max(2, t.px(2))
            )
            dx, dy = aim_direction(pose, action.angle)
            pred = predict(self.board, pose, action.angle, action.speed, self.params)
            self._dots(surface, (sx, sy), (dx, dy), pred.tip, col, w)
            if pred.exit is None:
                c = geo.ipx(sx + dx * pred.stop, sy + dy * pred.stop)
                rr = geo.length(self.board.disc_radius)
                pygame.draw.circle(surface, (12, 12, 18), c, rr + 2, w + 4)
                pygame.draw.circle(surface, col, c, rr, w)
                pygame.draw.line(
                    surface, col, (c[0] - rr // 2, c[1]), (c[0] + rr // 2, c[1]), max(2, t.px(2))
                )
                pygame.draw.line(
                    surface, col, (c[0], c[1] - rr // 2), (c[0], c[1] + rr // 2), max(2, t.px(2))
                )
                label_at = (c[0], c[1] + rr + t.px(6))
            else:
                end = geo.ipx(sx + dx * pred.tip, sy + dy * pred.tip)
                label_at = (end[0], end[1] + t.px(8))
            self._label(surface, "Hint: this flick", col, label_at, "midtop")
        elif isinstance(action, Flip) and pic.pending is not None:
            disc = next((d for d in pic.state.layout.discs if d.id == pic.pending), None)
            if disc is not None:
                c = geo.ipx(disc.x, disc.y)
                rr = geo.length(self.board.disc_radius) + geo.length(7)
                pygame.draw.circle(surface, (12, 12, 18), c, rr + 2, w + 4)
                pygame.draw.circle(surface, col, c, rr, w)
                spot = (c[0], c[1] + rr + t.px(6))
                words = "Hint: turn it face down" if action.down else "Hint: keep it face up"
                self._label(surface, words, col, spot, "midtop")
        elif isinstance(action, PlaceJammer):
            c = geo.ipx(action.x, action.y)
            rr = geo.length(self.board.jammer_radius)
            pygame.draw.circle(surface, (12, 12, 18), c, rr + 2, w + 4)
            pygame.draw.circle(surface, col, c, rr, w)
            spot = (c[0], c[1] + rr + t.px(6))
            self._label(surface, "Hint: the jammer here", col, spot, "midtop")

    def _dots(
        self,
        surface: pygame.Surface,
        start: tuple[float, float],
        along: tuple[float, float],
        length: float,
        colour: Colour,
        w: int,
    ) -> None:
        """A dotted line ``length`` mm from ``start`` along the unit vector
        ``along``: the hint's aim, unlike the player's dashes."""
        geo = self.geo
        sx, sy = start
        dx, dy = along
        k = 0.0
        while k <= length:
            p = geo.ipx(sx + dx * k, sy + dy * k)
            pygame.draw.circle(surface, (12, 12, 18), p, w // 2 + 3)
            pygame.draw.circle(surface, colour, p, w // 2 + 1)
            k += 14.0

    def aim_assist(self) -> str:
        """The viewer's aim assist level (Planepita's setting): "full", "line" or "none"."""
        return str(self.setting("aim_assist"))

    def _dashes(
        self,
        surface: pygame.Surface,
        start: tuple[float, float],
        along: tuple[float, float],
        length: float,
        colour: Colour,
        w: int,
    ) -> None:
        """A dashed line ``length`` mm from ``start`` along the unit vector ``along``."""
        geo, t = self.geo, self.app.theme
        sx, sy = start
        dx, dy = along
        dash = 12.0
        k = 0
        while k * dash < length:
            if k % 2 == 0:
                a0, a1 = k * dash, min(length, (k + 1) * dash)
                pa, pb = (
                    geo.to_px(sx + dx * a0, sy + dy * a0),
                    geo.to_px(sx + dx * a1, sy + dy * a1),
                )
                pygame.draw.line(surface, (10, 10, 16), pa, pb, w + max(2, t.px(2)))
                pygame.draw.line(surface, colour, pa, pb, w)
            k += 1

    def _draw_stop(
        self,
        surface: pygame.Surface,
        pose: PadPose,
        angle: float,
        col: Colour,
        pred: AimPrediction,
        w: int,
    ) -> None:
        """Full aim assist: the line to where the disc would stop on an empty
        board, with a ring there, or a cross where it would leave the board."""
        t, geo = self.app.theme, self.geo
        dx, dy = aim_direction(pose, angle)
        sx, sy = pose.start
        self.aim_prediction = pred
        off = pred.exit is not None
        length = pred.tip
        r = self.board.disc_radius
        # a dashed line from the disc to where it stops (to the ring's edge), or past the rim
        self._dashes(
            surface,
            (sx, sy),
            (dx, dy),
            max(0.0, length - (0.0 if off else r)),
            t.danger if off else col,
            w,
        )
        self.aim_tip = (sx + dx * length, sy + dy * length)
        if off:  # where it would leave the board: a cross on the rim and a label
            ex, ey = sx + dx * pred.exit, sy + dy * pred.exit
            c = geo.to_px(ex, ey)
            m = max(7, geo.length(11))
            for sgn in (1, -1):
                pygame.draw.line(
                    surface,
                    (10, 10, 16),
                    (c[0] - m, c[1] - sgn * m),
                    (c[0] + m, c[1] + sgn * m),
                    w + 4,
                )
                pygame.draw.line(
                    surface, t.danger, (c[0] - m, c[1] - sgn * m), (c[0] + m, c[1] + sgn * m), w + 1
                )
            # the label outside the planet, past the cross
            out = math.hypot(ex, ey) or 1.0
            lx, ly = geo.to_px(ex + ex / out * 26.0, ey + ey / out * 26.0)
            self._label(surface, "✗ off the board", t.danger, (round(lx), round(ly)), "center")
        else:  # a ring where the disc would stop
            c = geo.ipx(sx + dx * pred.stop, sy + dy * pred.stop)
            rr = geo.length(r)
            fill = pygame.Surface((2 * rr + 2, 2 * rr + 2), pygame.SRCALPHA)
            pygame.draw.circle(fill, (*col, 70), (rr + 1, rr + 1), rr)
            surface.blit(fill, fill.get_rect(center=c))
            pygame.draw.circle(surface, (10, 10, 16), c, rr + 1, max(2, t.px(2)) + 2)
            pygame.draw.circle(surface, col, c, rr, max(2, t.px(2)))
            pygame.draw.circle(surface, col, c, max(2, t.px(2)))

    def _label(
        self, surface: pygame.Surface, text: str, colour: Colour, at: tuple[int, int], anchor: str
    ) -> pygame.Rect:
        """A small bold label on a dark rounded box (readable on any area), kept in the board area."""
        t = self.app.theme
        img = self.text(("small", True), text, colour)
        pad_x, pad_y = t.px(8), t.px(4)
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y)
        setattr(box, anchor, at)
        box.clamp_ip(self.board_area)
        pygame.draw.rect(surface, LABEL_BACK, box, border_radius=t.px(6))
        pygame.draw.rect(surface, colour, box, max(1, t.px(1)), border_radius=t.px(6))
        surface.blit(img, img.get_rect(center=box.center))
        return box

    def meter_corner(self, w: int, h: int, pose: PadPose, tip: tuple[float, float]) -> pygame.Rect:
        """Where the power meter (``w`` x ``h``) goes: the corner of the board
        area that keeps clear of the launching pad and its disc and of the
        scene's own controls there (:meth:`meter_keep_clear`), and then is
        farthest from the aim line; the bottom left when all are equal."""
        t = self.app.theme
        area = self.board_area
        m = t.px(6)
        corners = self.geo.pad_polygon(pose)
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        pad = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(m, m)
        a, b = self.geo.to_px(*pose.start), self.geo.to_px(*tip)

        def away(box: pygame.Rect) -> float:
            """How far the box's centre is from the aim line, px."""
            px, py = box.center
            dx, dy = b[0] - a[0], b[1] - a[1]
            k = max(
                0.0, min(1.0, ((px - a[0]) * dx + (py - a[1]) * dy) / max(1e-9, dx * dx + dy * dy))
            )
            return math.hypot(px - a[0] - k * dx, py - a[1] - k * dy)

        boxes = [
            pygame.Rect(area.x + m, area.bottom - h - m, w, h),
            pygame.Rect(area.right - w - m, area.bottom - h - m, w, h),
            pygame.Rect(area.x + m, area.y + m, w, h),
            pygame.Rect(area.right - w - m, area.y + m, w, h),
        ]
        controls = self.meter_keep_clear()
        # clear of the pad first, then of the controls, then away from the aim
        # line; the order breaks ties
        return max(
            boxes,
            key=lambda r: (
                not r.colliderect(pad),
                r.collidelist(controls) < 0,
                min(away(r), float(t.px(60))),
            ),
        )

    def meter_keep_clear(self) -> list[pygame.Rect]:
        """Controls drawn on the board area that the power meter must not
        cover (none here; the scene's mixins add theirs)."""
        return []

    def _draw_meter(
        self,
        surface: pygame.Surface,
        angle: float,
        speed: float,
        frac: float,
        col: Colour,
        pred: AimPrediction,
        pose: PadPose,
        assist: str = "full",
    ) -> None:
        """The power meter: the speed in mm/s, where the disc goes (full aim
        assist), the aim (not without assist), and a bar (the pull; a tick
        where the pull reaches past the far rim), in a corner of the board area
        clear of the pad (:meth:`meter_corner`)."""
        t = self.app.theme
        speed_img = self.text(("body", True), f"{speed:.0f} mm/s", t.text)
        if assist != "full":
            where, where_col = "", t.text
        elif pred.exit is not None:
            where, where_col = "leaves the board", t.danger
        elif pred.short:
            where, where_col = "stays on the pad", t.warning
        else:
            where, where_col = f"stops {pred.stop:.0f} mm ahead", t.text
        where_img = self.text(("small", True), where, where_col)
        aim = f"aim {angle:+.1f}° from straight in" if assist != "none" else "power"
        aim_img = self.text(("small", False), aim, t.text_dim)
        w = max(
            t.px(200), speed_img.get_width() + where_img.get_width() + t.px(12), aim_img.get_width()
        ) + t.px(20)
        h = speed_img.get_height() + aim_img.get_height() + t.px(34)
        sx, sy = pose.start
        dx, dy = aim_direction(pose, angle)
        box = self.meter_corner(w, h, pose, (sx + dx * pred.tip, sy + dy * pred.tip))
        self.meter_rect = box
        pygame.draw.rect(surface, t.panel, box, border_radius=t.px(8))
        pygame.draw.rect(surface, t.panel_edge, box, max(1, t.px(1)), border_radius=t.px(8))
        y = box.y + t.px(6)
        surface.blit(speed_img, (box.x + t.px(10), y))
        surface.blit(
            where_img,
            where_img.get_rect(
                bottomright=(box.right - t.px(10), y + speed_img.get_height() - t.px(2))
            ),
        )
        y += speed_img.get_height()
        surface.blit(aim_img, (box.x + t.px(10), y))
        bar = pygame.Rect(box.x + t.px(10), box.bottom - t.px(20), box.w - t.px(20), t.px(12))
        pygame.draw.rect(surface, t.track, bar, border_radius=t.px(4))
        fill = bar.copy()
        fill.w = round(bar.w * frac)
        if fill.w > 0:
            pygame.draw.rect(surface, col, fill, border_radius=t.px(4))
        tick = bar.x + round(bar.w * PULL_REACH_MM / PULL_FULL_MM)
        pygame.draw.line(
            surface, t.text, (tick, bar.y - t.px(2)), (tick, bar.bottom + t.px(1)), max(1, t.px(2))
        )

    # -- the panel -------------------------------------------------------------------------------------
    def _box(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        """A panel box with a small title; returns the y below the title."""
        t = self.app.theme
        if rect.h <= 0:
            return rect.y
        pygame.draw.rect(surface, t.panel, rect, border_radius=t.px(10))
        pygame.draw.rect(surface, t.panel_edge, rect, max(1, t.px(1)), border_radius=t.px(10))
        if title:
            img = self.text(("small", True), title, t.text_dim)
            surface.blit(img, (rect.x + t.px(10), rect.y + t.px(5)))
            return rect.y + t.px(5) + img.get_height()
        return rect.y

    def prompt_lines(self, text: str, width: int | None = None) -> list[str]:
        """``text`` (glyph and prompt) in at most two lines of the bold body font,
        each no wider than the head box's text width."""
        t = self.app.theme
        font = t.font("body", bold=True)
        width = self.head_rect.w - t.px(24) if width is None else width
        lines = wrap_text(font, text, width)
        if len(lines) > 2:  # a very wide name: cut the name, never what to do
            who, sep, words = text.rpartition(": ")
            if not sep:
                return [lines[0], fit_text(font, " ".join(lines[1:]), width)]
            lines = [fit_text(font, who + ":", width), fit_text(font, words, width)]
        elif len(lines) == 2:  # two lines: break after the name when both halves fit
            who, sep, words = text.rpartition(": ")
            if sep and font.size(who + ":")[0] <= width and font.size(words)[0] <= width:
                lines = [who + ":", words]
        return lines

    def _prompt_rows(self, width: int) -> int:
        """Lines the longest prompt any seat can get needs (1 or 2), for the layout."""
        t = self.app.theme
        rows = 1
        for seat in range(self.players):
            name = self.session.seats[seat].name
            for words in PROMPTS.values():
                rows = max(
                    rows, len(self.prompt_lines(f"{t.player(seat).glyph} {name}: {words}", width))
                )
        return min(2, rows)

    def _panel_key(self, pic: Picture) -> tuple[Any, ...]:
        """Everything the panel's picture depends on (it is redrawn when this changes)."""
        anim = self.anims[0] if self.anims else None
        stage: tuple[Any, ...] = ()
        if isinstance(anim, RoundEnd):
            step, p = anim.stage()
            stage = (id(anim), step, step == 2 and p > 0.05)
        return (
            id(pic.state),
            pic.state.phase,
            type(anim).__name__,
            stage,
            self.my_turn,
            self.hint(pic.state),
            self.panel_rect.topleft,
            self.panel_rect.size,
            self.app.theme.palette,
            self.flip_button.visible,
            self.own_button.visible,
            self.double_button.visible,
        )

    def _draw_panel_cached(self, surface: pygame.Surface, pic: Picture) -> None:
        """The panel changes only with the state or an animation's stage: draw it
        once, then blit the copy."""
        key = self._panel_key(pic)
        rect = self.panel_rect.clip(surface.get_rect())
        if self._panel_img is not None and self._panel_img_key == key:
            surface.blit(self._panel_img, rect.topleft)
            return
        self._draw_panel(surface, pic)
        if rect.w > 0 and rect.h > 0:
            self._panel_img = surface.subsurface(rect).copy()
            self._panel_img_key = key

    def _draw_panel(self, surface: pygame.Surface, pic: Picture) -> None:
        t = self.app.theme
        st = pic.state
        # the round and what to do
        r = self.head_rect
        self._box(surface, r, "")
        x = r.x + t.px(12)
        y = r.y + t.px(8)
        rnd = self.text(("heading", True), f"Round {min(st.round, ROUNDS)} of {ROUNDS}", t.text)
        surface.blit(rnd, (x, y))
        y += rnd.get_height() + t.px(2)
        mover = pp_rules.RULES.to_move(st)
        prompt = self.prompt(st)
        if self.anims and isinstance(self.anims[0], RoundEnd):
            prompt, mover = f"Round {self.anims[0].result.round} is over", None
        colour = t.player(mover).colour if mover is not None else t.text
        glyph = f"{t.player(mover).glyph} " if mover is not None else ""
        for line in self.prompt_lines(glyph + prompt):
            draw_text(
                surface,
                t.font("body", bold=True),
                line,
                mix(colour, (255, 255, 255), 0.35),
                pygame.Rect(x, y, r.w - t.px(24), t.body.get_linesize()),
            )
            y += t.body.get_linesize()
        for line in wrap_text(t.small, self.hint(st), r.w - t.px(24))[:2]:
            draw_text(
                surface,
                t.small,
                line,
                t.text_dim,
                pygame.Rect(x, y, r.w - t.px(24), t.small.get_linesize()),
            )
            y += t.small.get_linesize()
        self._draw_decision(surface, st)
        self._draw_seats(surface, st)
        self._draw_slots(surface, st)
        self._draw_hole(surface, st, pic)

    def _draw_decision(self, surface: pygame.Surface, st: PlanepitaState) -> None:
        """The decision's buttons, if the viewer has one to make, and below
        them who would take each area if the round ended now (after the game,
        who took each area in the last round)."""
        t = self.app.theme
        r = self.decide_rect
        title = ""
        if self.flip_button.visible:
            title = "The disc just launched"
        elif self.own_button.visible or self.double_button.visible:
            title = "Your next disc"
        if self.anims and isinstance(self.anims[0], RoundEnd):
            self._box(surface, r, title)
            return
        heading, results = self.area_count(st)
        if title:
            self._box(surface, r, title)
            shown = [
                b.rect.bottom
                for b in (self.flip_button, self.own_button, self.double_button)
                if b.visible
            ]
            top = max(shown) + t.px(6)
        else:
            top = r.y
            pygame.draw.rect(surface, t.panel, r, border_radius=t.px(10))
            pygame.draw.rect(surface, t.panel_edge, r, max(1, t.px(1)), border_radius=t.px(10))
        self.power_rect, self.power_heading = pygame.Rect(0, 0, 0, 0), ""
        if top + self.power_height() > r.bottom:
            return  # two rows of buttons: no room left for the count
        img = self.text(("small", True), heading, t.text_dim)
        surface.blit(img, (r.x + t.px(10), top + t.px(5) if not title else top))
        y = (top + t.px(5) if not title else top) + img.get_height() + t.px(4)
        self.power_rect = pygame.Rect(r.x, top, r.w, r.bottom - top)
        self.power_heading = heading
        self._draw_power(surface, r, y, results)

    def _draw_power(self, surface: pygame.Surface, r: pygame.Rect, y: int, results: Any) -> None:
        """One line per area from ``y``: its value, each owner's power, who takes it."""
        t = self.app.theme
        line_h = t.small.get_linesize()
        for area in results:
            if y + line_h > r.bottom - t.px(2):
                break
            x = r.x + t.px(12)
            img = self.text(("small", True), plural(area.value, "pt"), t.text)
            surface.blit(img, (x, y))
            x += t.px(56)
            for owner, pw in enumerate(area.power):
                if pw == 0:
                    continue
                style = t.player(owner)
                label = f"{'3P' if owner >= self.players else style.glyph} {pw}"
                img = self.text(("small", owner == area.winner), label, style.colour)
                surface.blit(img, (x, y))
                x += img.get_width() + t.px(10)
            if area.winner is not None:
                words = self.session.seats[area.winner].name
            else:
                words = {"empty": "—", "tie": "tie", "third_party": "3P leads"}.get(area.reason, "")
            room = r.right - t.px(10) - x
            if room > t.px(24):
                draw_text(
                    surface, t.small, words, t.text_dim, pygame.Rect(x, y, room, line_h), "right"
                )
            y += line_h + t.px(3)

    def area_count(self, st: PlanepitaState) -> tuple[str, tuple[Any, ...]]:
        """The decision box's count of the areas: its heading and one result
        per area. During a round, who would take each area if it ended now;
        once the game is over, who took each area in the last round."""
        if st.phase is Phase.OVER and st.last_round is not None:
            return f"Round {st.last_round.round}: who took each area", st.last_round.areas
        return "If the round ended now", self.live_power(st)

    def live_power(self, st: PlanepitaState) -> tuple[Any, ...]:
        """The rules' count of power per area for the discs on the board now."""
        key = ("power", id(st.layout), st.layout)
        if self._power_key != key:
            lay = st.layout
            self._power = pp_rules.area_winners(
                lay.discs, pp_rules.jammer_area_of(lay), st.players, st.slots
            )
            self._power_key = key
        return self._power

    def _draw_seats(self, surface: pygame.Surface, st: PlanepitaState) -> None:
        t = self.app.theme
        self._box(surface, self.seats_rect, "Players · score · discs left")
        mover = pp_rules.RULES.to_move(st)
        dr = max(6, t.px(8))
        for seat, row in enumerate(self.seat_rects):
            style = t.player(seat)
            if seat == mover:
                pygame.draw.rect(
                    surface, mix(t.panel, style.colour, 0.22), row, border_radius=t.px(6)
                )
                pygame.draw.rect(surface, style.colour, row, max(1, t.px(2)), border_radius=t.px(6))
            name = self.session.seats[seat].name
            team = ""
            if st.team_size:
                team = f" · team {pp_rules.team_of(st, seat) + 1}"
            start = " · starts" if seat == st.start else ""
            if self.compact:
                self._draw_seat_line(surface, st, seat, row, mover, dr)
                continue
            top = row.y + t.px(4)
            score = sum(v for v, _ in st.won[seat])
            sc = self.text(("body", True), str(score), t.text)
            surface.blit(sc, sc.get_rect(topright=(row.right - t.px(8), top)))
            draw_text(
                surface,
                t.font("body", bold=seat == mover),
                f"{style.glyph} {name}",
                style.colour,
                pygame.Rect(
                    row.x + t.px(6), top, row.w - sc.get_width() - t.px(20), t.body.get_linesize()
                ),
            )
            y2 = top + t.body.get_linesize() + t.px(2)
            cx = row.x + t.px(6) + dr
            cy = y2 + t.small.get_linesize() // 2
            for _ in range(st.left[seat]):
                img = self.sprite(Disc(-1, seat), dr)
                surface.blit(img, img.get_rect(center=(cx, cy)))
                cx += 2 * dr + t.px(2)
            if st.third_party_variant and st.left_3p[seat]:
                cx += t.px(4)
                for _ in range(st.left_3p[seat]):
                    img = self.sprite(Disc(-1, THIRD_PARTY), dr)
                    surface.blit(img, img.get_rect(center=(cx, cy)))
                    cx += 2 * dr + t.px(2)
            extra = []
            if st.doubles[seat]:
                extra.append("×2")
            tokens = " ".join(str(v) for v, _ in sorted(st.won[seat], reverse=True))
            words = " ".join(extra + ([tokens] if tokens else [])) + team + start
            if words.strip():
                room = row.right - t.px(8) - (cx + t.px(4))
                if room > t.px(30):
                    draw_text(
                        surface,
                        t.small,
                        words.strip(" ·"),
                        t.text_dim,
                        pygame.Rect(cx + t.px(4), y2, room, t.small.get_linesize()),
                        "right",
                    )

    def _draw_seat_line(
        self,
        surface: pygame.Surface,
        st: PlanepitaState,
        seat: int,
        row: pygame.Rect,
        mover: int | None,
        dr: int,
    ) -> None:
        """One seat on one line (small windows): name, discs left, score."""
        t = self.app.theme
        style = t.player(seat)
        score = sum(v for v, _ in st.won[seat])
        sc = self.text(("body", True), str(score), t.text)
        surface.blit(sc, sc.get_rect(midright=(row.right - t.px(8), row.centery)))
        discs = [Disc(-1, seat)] * st.left[seat]
        if st.third_party_variant:
            discs += [Disc(-1, THIRD_PARTY)] * st.left_3p[seat]
        step = 2 * dr + t.px(1)
        cx = row.right - t.px(16) - sc.get_width() - dr - (len(discs) - 1) * step
        for k, d in enumerate(discs):
            img = self.sprite(d, dr)
            surface.blit(img, img.get_rect(center=(cx + k * step, row.centery)))
        label = f"{style.glyph} {self.session.seats[seat].name}"
        if st.team_size:
            label += f" (team {pp_rules.team_of(st, seat) + 1})"
        if st.doubles[seat]:
            label += " ×2"
        room = cx - dr - t.px(6) - (row.x + t.px(6))
        draw_text(
            surface,
            t.font("body", bold=seat == mover),
            label,
            style.colour,
            pygame.Rect(row.x + t.px(6), row.y, max(0, room), row.h),
        )

    def _draw_slots(self, surface: pygame.Surface, st: PlanepitaState) -> None:
        t = self.app.theme
        self._box(surface, self.slots_rect, "Scoring tokens on the board")
        fading = None
        if self.anims and isinstance(self.anims[0], RoundEnd):
            stage, p = self.anims[0].stage()
            if stage == 2:
                fading = p
        for i, (value, rect) in enumerate(zip((5, 4, 3), self.slot_rects)):
            n = st.slots[i]
            pygame.draw.rect(surface, t.track, rect, border_radius=t.px(8))
            pygame.draw.rect(
                surface, AREA_COLOURS[value], rect, max(1, t.px(2)), border_radius=t.px(8)
            )
            shown = n
            if fading is not None and self.anims and isinstance(self.anims[0], RoundEnd):
                res = self.anims[0].result.areas[i]
                if res.winner is not None and res.tokens:
                    shown = 0 if fading > 0.05 else n
            tr = max(4, min(rect.h // 3, rect.w // 5))
            for k in range(min(shown, 5)):
                c = (rect.x + tr + t.px(6) + k * (tr // 2), rect.centery)
                pygame.draw.circle(surface, (20, 16, 6), (c[0], c[1] + 2), tr)
                pygame.draw.circle(surface, TOKEN_GOLD, c, tr)
                pygame.draw.circle(surface, mix(TOKEN_GOLD, (0, 0, 0), 0.4), c, tr, max(1, tr // 5))
                v = self.text(("small", True), str(value), (40, 28, 0))
                surface.blit(v, v.get_rect(center=c))
            if shown == 0:
                v = self.text(("small", False), f"{value}: none", t.text_dim)
                surface.blit(v, v.get_rect(center=rect.center))
            else:
                label = self.text(("small", True), f"×{shown}", t.text)
                surface.blit(label, label.get_rect(midright=(rect.right - t.px(6), rect.centery)))

    def _draw_hole(self, surface: pygame.Surface, st: PlanepitaState, pic: Picture) -> None:
        t = self.app.theme
        r = self.hole_rect
        if r.h < t.small.get_linesize() + t.px(20):
            return
        top = self._box(surface, r, f"Black hole · {len(st.black_hole)} lost this round")
        area = pygame.Rect(r.x + t.px(8), top + t.px(4), r.w - t.px(16), r.bottom - top - t.px(12))
        if area.h <= 4:
            return
        rad = min(area.w, area.h) // 2
        c = area.center
        self.hole_circle = (c, rad)
        art = self.hole_art(rad)
        surface.blit(art, art.get_rect(center=c))
        lost = list(st.black_hole)
        dr, spots = hole_spots(c, rad, len(lost), max(5, t.px(11)))
        self.hole_discs = [(x, y, dr) for x, y in spots]
        for d, spot in zip(lost, spots):
            img = self.sprite(d, dr)
            surface.blit(img, img.get_rect(center=spot))

    def hole_art(self, rad: int) -> pygame.Surface:
        """The panel's black hole, ``rad`` pixels round, on the panel's colour:
        painted once per size (its circles and spiral cost more than the rest
        of the panel)."""
        t = self.app.theme
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

    def _draw_round_end(self, surface: pygame.Surface, anim: RoundEnd) -> None:
        """The power per area and where the tokens went."""
        t = self.app.theme
        stage, p = anim.stage()
        res = anim.result
        if stage == 0:
            return
        owners = len(res.areas[0].power) if res.areas else self.players
        head = self.text(("heading", True), f"Round {res.round}: power per area", t.text)
        row_h = t.body.get_linesize() + t.px(10)
        col_w = t.px(50)
        w = max(head.get_width() + t.px(32), t.px(110) + owners * col_w + t.px(230))
        w = min(w, self.geo.square.w - t.px(20))
        h = head.get_height() + t.px(26) + row_h * (len(res.areas) + 1)
        box = pygame.Rect(0, 0, w, h)
        box.center = self.geo.square.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*t.panel, 236), panel.get_rect(), border_radius=t.px(12))
        pygame.draw.rect(
            panel, (*t.panel_edge, 255), panel.get_rect(), max(1, t.px(2)), border_radius=t.px(12)
        )
        surface.blit(panel, box.topleft)
        surface.blit(head, (box.x + t.px(16), box.y + t.px(10)))
        y = box.y + head.get_height() + t.px(18)
        x0 = box.x + t.px(16)
        names_x = x0 + t.px(90)
        for k in range(owners):
            style = t.player(k)
            label = "3P" if k >= self.players else style.glyph
            img = self.text(("body", True), label, style.colour)
            surface.blit(img, img.get_rect(midtop=(names_x + k * col_w + col_w // 2, y)))
        y += row_h
        for area in res.areas:
            surface.blit(self.text(("body", True), plural(area.value, "pt"), t.text), (x0, y))
            best = max(area.power) if area.power else 0
            for k, pw in enumerate(area.power):
                col = t.text if pw == best and pw > 0 else t.text_dim
                img = self.text(("body", pw == best and pw > 0), str(pw), col)
                surface.blit(img, img.get_rect(midtop=(names_x + k * col_w + col_w // 2, y)))
            if area.winner is not None:
                words = f"→ {self.session.seats[area.winner].name} +{area.tokens * area.value}"
                colour = t.player(area.winner).colour
            elif area.reason == "empty":
                words, colour = "empty: carried over", t.text_dim
            elif area.reason == "third_party":
                words, colour = "3P: carried over", t.warning
            else:
                words, colour = "tie: carried over", t.warning
            rx = names_x + owners * col_w + t.px(8)
            draw_text(
                surface,
                t.small,
                words,
                colour,
                pygame.Rect(rx, y, box.right - rx - t.px(10), t.body.get_linesize()),
            )
            y += row_h
        if stage == 2:  # tokens fly from the scoring board to the winners
            for i, area in enumerate(res.areas):
                if area.winner is None or not area.tokens or i >= len(self.slot_rects):
                    continue
                a = self.slot_rects[i].center
                b = (
                    self.seat_rects[area.winner].midright
                    if area.winner < len(self.seat_rects)
                    else a
                )
                q = ease(p)
                pos = (
                    a[0] + (b[0] - a[0]) * q,
                    a[1] + (b[1] - a[1]) * q - math.sin(q * math.pi) * t.px(40),
                )
                tr = t.px(12)
                pygame.draw.circle(surface, TOKEN_GOLD, pos, tr)
                pygame.draw.circle(surface, (90, 60, 0), pos, tr, max(1, t.px(2)))
                v = self.text(("small", True), str(area.value), (40, 28, 0))
                surface.blit(v, v.get_rect(center=(round(pos[0]), round(pos[1]))))
