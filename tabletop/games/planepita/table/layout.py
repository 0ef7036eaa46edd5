"""Where everything goes on Planepita's table, for a rect of the window: the
planet seen from above in a square on the left (the pads around it), and the
side panel on the right: the round and what to do, the decision's buttons
over who would take each area now, the players, the scoring tokens and the
black hole. And how board millimetres map to window pixels (:class:`Geometry`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from tabletop.games.planepita.aim import pad_position
from tabletop.games.planepita.board import Board, PadPose
from tabletop.games.planepita.model import AREA_VALUES, Phase
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import fit_text, wrap_text

#: how far from the planet's centre the table view reaches (pads included), mm
WORLD_R = 364.0

#: what the player to move is asked, after their name
PROMPTS: dict[Phase, str] = {
    Phase.LAUNCH: "flick a disc",
    Phase.FLIP: "flip or keep?",
    Phase.PLACE_JAMMER: "place the jammer",
}

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

    def moved(self, dx: int, dy: int) -> Geometry:
        """The same mapping for a surface whose origin is at (dx, dy) of the window."""
        return Geometry(self.square.move(-dx, -dy), self.board, self.players)


# -- the layout -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Every region of the table (see the module docstring)."""

    #: the table's rect in the window
    table: pygame.Rect
    geo: Geometry
    #: where the board may draw (the planet's square and its corners for the meter)
    board_area: pygame.Rect
    panel: pygame.Rect
    #: the panel's boxes: the round and the prompt, the decision, the players,
    #: the scoring tokens, the black hole
    head: pygame.Rect
    decide: pygame.Rect
    seats: pygame.Rect
    slots: pygame.Rect
    hole: pygame.Rect
    seat_rows: tuple[pygame.Rect, ...]
    slot_boxes: tuple[pygame.Rect, ...]
    #: one line per seat (a small window), else two
    compact: bool
    #: lines the head box keeps for the prompt
    prompt_rows: int
    #: rows of decision buttons the game may need at once
    button_rows: int
    #: the decision's buttons: face down, face up, own disc, 3P disc, Double
    flip: pygame.Rect
    keep: pygame.Rect
    own: pygame.Rect
    third: pygame.Rect
    double: pygame.Rect

    def parts(self) -> list[pygame.Rect]:
        """The parts that must not overlap: the board square and the panel's boxes."""
        return [self.geo.square, self.head, self.decide, self.seats, self.slots, self.hole]


def _none() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


def empty(board: Board, players: int) -> Layout:
    """The layout before the first one (nothing has a size yet)."""
    return Layout(
        table=_none(),
        geo=Geometry(pygame.Rect(0, 0, 2, 2), board, players),
        board_area=_none(),
        panel=_none(),
        head=_none(),
        decide=_none(),
        seats=_none(),
        slots=_none(),
        hole=_none(),
        seat_rows=(),
        slot_boxes=(),
        compact=False,
        prompt_rows=1,
        button_rows=1,
        flip=_none(),
        keep=_none(),
        own=_none(),
        third=_none(),
        double=_none(),
    )


def power_height(t: Theme) -> int:
    """The height of the "if the round ended now" block: a title, a line per
    area and the jammer's sweep."""
    small = t.small.get_linesize()
    return small + t.px(4) + (len(AREA_VALUES) + 1) * (small + t.px(3))


def prompt_lines(t: Theme, text: str, width: int) -> list[str]:
    """``text`` (glyph and prompt) in at most two lines of the bold body font,
    each no wider than ``width`` (the head box's text width)."""
    font = t.font("body", bold=True)
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


def prompt_width(t: Theme, head: pygame.Rect) -> int:
    """The width of the prompt's lines in the head box."""
    return head.w - t.px(24)


def _prompt_rows(t: Theme, width: int, names: tuple[str, ...]) -> int:
    """Lines the longest prompt any seat can get needs (1 or 2), for the layout."""
    rows = 1
    for seat, name in enumerate(names):
        for words in PROMPTS.values():
            rows = max(rows, len(prompt_lines(t, f"{t.player(seat).glyph} {name}: {words}", width)))
    return min(2, rows)


def lay_out(
    t: Theme, rect: pygame.Rect, board: Board, names: tuple[str, ...], button_rows: int
) -> Layout:
    """The table laid out in ``rect`` for the seats ``names``; ``button_rows``
    is 2 when a decision may offer the 3P disc and the Double token at once."""
    players = len(names)
    gap = t.px(14)
    panel_w = max(t.px(250), min(t.px(300), rect.w // 3))
    board_w = rect.w - panel_w - 3 * gap
    side = max(40, min(rect.h - 2 * gap, board_w))
    board_area = pygame.Rect(rect.x + gap, rect.y + gap, board_w, rect.h - 2 * gap)
    square = pygame.Rect(0, 0, side, side)
    square.center = board_area.center
    geo = Geometry(square, board, players)
    p = pygame.Rect(board_area.right + gap, rect.y + gap, panel_w, rect.h - 2 * gap)
    body = t.body.get_linesize()
    small = t.small.get_linesize()
    prompt_rows = _prompt_rows(t, p.w - t.px(24), names)
    head_h = t.heading.get_linesize() + prompt_rows * body + 2 * small + t.px(18)
    head = pygame.Rect(p.x, p.y, p.w, head_h)
    # the decision's buttons (one row; two when a 2-player game may offer the
    # 3P disc and the Double token at once), then who would take each area
    decide_h = small + t.px(4) + button_rows * (t.px(40) + t.px(6)) + power_height(t) + t.px(6)
    decide = pygame.Rect(p.x, head.bottom + t.px(8), p.w, decide_h)
    # two lines per seat when there is room for the black hole below, else one
    dr = max(6, t.px(8))
    fixed = head_h + decide_h + 3 * t.px(8) + small + t.px(10) + small + t.px(62) + t.px(8)
    compact = fixed + players * (body + small + t.px(14)) + t.px(110) > p.h
    row_h = max(body, 2 * dr) + t.px(8) if compact else body + small + t.px(14)
    seats_h = small + t.px(10) + players * row_h
    seats = pygame.Rect(p.x, decide.bottom + t.px(8), p.w, seats_h)
    seat_rows = tuple(
        pygame.Rect(p.x + t.px(8), seats.y + small + t.px(8) + i * row_h, p.w - t.px(16), row_h)
        for i in range(players)
    )
    slot_h = t.px(40) if compact else t.px(50)
    slots_h = small + slot_h + t.px(12)
    slots = pygame.Rect(p.x, seats.bottom + t.px(8), p.w, slots_h)
    inner = slots.inflate(-t.px(16), 0)
    sw = (inner.w - 2 * t.px(8)) // 3
    slot_boxes = tuple(
        pygame.Rect(inner.x + i * (sw + t.px(8)), slots.y + small + t.px(8), sw, slot_h)
        for i in range(3)
    )
    hole_top = slots.bottom + t.px(8)
    hole = pygame.Rect(p.x, hole_top, p.w, max(0, p.bottom - hole_top))
    # the decision's buttons, side by side in the box's first row (the Double
    # token below the disc's choice when both are offered)
    d = decide.inflate(-t.px(16), 0)
    bh = t.px(40)
    top = d.y + t.small.get_linesize() + t.px(6)
    half = (d.w - t.px(6)) // 2
    left = pygame.Rect(d.x, top, half, bh)
    right = pygame.Rect(d.x + half + t.px(6), top, d.w - half - t.px(6), bh)
    below = top + (bh + t.px(6) if button_rows > 1 else 0)
    return Layout(
        table=pygame.Rect(rect),
        geo=geo,
        board_area=board_area,
        panel=p,
        head=head,
        decide=decide,
        seats=seats,
        slots=slots,
        hole=hole,
        seat_rows=seat_rows,
        slot_boxes=slot_boxes,
        compact=compact,
        prompt_rows=prompt_rows,
        button_rows=button_rows,
        flip=left,
        keep=right,
        own=left.copy(),
        third=right.copy(),
        double=pygame.Rect(d.x, below, d.w, bh),
    )
