"""Where everything of Uchronicle's table lies: :class:`Geometry`.

The side column holds the rule board (and, room allowing, what beats what
under it) over the scores; the main area the other players along the top and
the round's tricks under them, the past ones in a grid of ``GRID`` and the
present one apart; then the line of advice, the chips, and your hand with the
Play button and your pile of removed cards beside it. The card painters are
sized here too (:class:`Painters`): their sprites are caches, not state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.games.uchronicle.model import Trick
from tabletop.games.uchronicle.table.looks import (
    CHIP_ROWS,
    GRID,
    PAST_STEP,
    PRESENT_STEP,
    board_height,
    strength_lines,
)
from tabletop.ui.cards import CardPainter, Look, Pose, fan_layout
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import panel_heading, wrap_text


@dataclass
class Painters:
    """The table's card painters, one per card size, resized by the layout."""

    hand: CardPainter = field(default_factory=lambda: CardPainter(120))
    past: CardPainter = field(default_factory=lambda: CardPainter(70))
    present: CardPainter = field(default_factory=lambda: CardPainter(100))
    mini: CardPainter = field(default_factory=lambda: CardPainter(40))

    def of(self, size: str) -> CardPainter:
        """The painter named ``size``: "hand", "past", "present" or "mini"."""
        painter: CardPainter = getattr(self, size)
        return painter


def panel_pad(t: Theme) -> int:
    return t.px(10)


def chip_h(t: Theme) -> int:
    return t.small.get_linesize() + t.px(10)


def tag_h(t: Theme) -> int:
    return t.font("small", bold=True).get_linesize() + t.px(4)


def strength_lines_of(t: Theme, word: str, width: int) -> tuple[str, ...]:
    """A present card's strength word ("trump rank") in lines no wider than
    ``width``, the card's place: whole, on two lines where one is too narrow."""
    return tuple(wrap_text(t.small, word, max(1, width))) if word else ()


class Geometry:
    """The table's regions for one rect of the window and one viewer, and
    where each card lies in them."""

    def __init__(self, theme: Theme, painters: Painters, players: int, expert: bool) -> None:
        self.theme = theme
        self.painters = painters
        self.players = players
        self.expert = expert
        self.viewer = 0
        self.hand = pygame.Rect(0, 0, 0, 0)
        self.play = pygame.Rect(0, 0, 0, 0)
        self.chips = pygame.Rect(0, 0, 0, 0)
        self.msg = pygame.Rect(0, 0, 0, 0)
        self.own = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.present = pygame.Rect(0, 0, 0, 0)
        self.seats: dict[int, pygame.Rect] = {}
        self.board_panel = pygame.Rect(0, 0, 0, 0)
        self.score_panel = pygame.Rect(0, 0, 0, 0)
        self.board = pygame.Rect(0, 0, 0, 0)
        #: lines of "what beats what" under the board (none when room is short)
        self.foot_lines = 0

    def lay_out(self, rect: pygame.Rect, viewer: int) -> None:
        """Lay the table out inside ``rect`` for ``viewer``, and size the painters."""
        t, p = self.theme, self.painters
        self.viewer = viewer
        pad, gap = t.px(14), t.px(10)
        btn_w, btn_h = t.px(150), t.px(44)
        hand_h = max(56, int(min(t.px(140), rect.h * 0.19)))
        band_h = round(hand_h * 1.28)
        p.hand.resize(hand_h)
        self.hand = pygame.Rect(
            rect.x + pad, rect.bottom - pad - band_h, rect.w - 2 * pad - btn_w - gap, band_h
        )
        self.play = pygame.Rect(self.hand.right + gap, self.hand.y, btn_w, btn_h)
        self.own = pygame.Rect(
            self.play.x, self.play.bottom + gap, btn_w, self.hand.bottom - self.play.bottom - gap
        )
        self.chips = pygame.Rect(
            rect.x + pad,
            self.hand.y - gap - CHIP_ROWS * chip_h(t) - (CHIP_ROWS - 1) * t.px(6),
            rect.w - 2 * pad,
            CHIP_ROWS * chip_h(t) + (CHIP_ROWS - 1) * t.px(6),
        )
        msg_h = 2 * t.small.get_linesize()
        self.msg = pygame.Rect(
            rect.x + pad, self.chips.y - t.px(6) - msg_h, rect.w - 2 * pad, msg_h
        )
        upper = pygame.Rect(
            rect.x + pad, rect.y + pad, rect.w - 2 * pad, self.msg.y - gap - rect.y - pad
        )

        # the side column: the rule board, then the scores
        side_w = t.px(250)
        inside = panel_pad(t)
        head = panel_heading(t)
        board_w = side_w - 2 * inside
        line = t.small.get_linesize()
        score_h = head + 2 * inside + (self.players + 2) * line
        foot_lines = len(wrap_text(t.small, strength_lines(self.expert), board_w))
        bare = head + board_height(t, self.expert) + 2 * inside
        # what beats what, under the board, as many lines as leave the scores room
        room = upper.h - gap - score_h - bare
        self.foot_lines = max(0, min(foot_lines, room // line)) if room >= foot_lines * line else 0
        self.board_panel = pygame.Rect(upper.x, upper.y, side_w, bare + self.foot_lines * line)
        self.board = pygame.Rect(
            upper.x + inside, upper.y + inside + head, board_w, board_height(t, self.expert)
        )
        self.score_panel = pygame.Rect(upper.x, self.board_panel.bottom + gap, side_w, score_h)

        # the main area: the other players, then the tricks
        main = pygame.Rect(
            upper.x + side_w + gap, upper.y, upper.right - upper.x - side_w - gap, upper.h
        )
        mini_h = max(28, t.px(48))
        p.mini.resize(mini_h)
        seat_h = t.body.get_linesize() + mini_h + t.px(20)
        others = self.others()
        seat_w = min(t.px(360), (main.w - gap * (len(others) - 1)) // max(1, len(others)))
        xs = [main.centerx - seat_w // 2] if len(others) == 1 else [main.x, main.right - seat_w]
        self.seats = {s: pygame.Rect(x, main.y, seat_w, seat_h) for s, x in zip(others, xs)}
        hist = pygame.Rect(main.x, main.y + seat_h + gap, main.w, main.h - seat_h - gap)
        present_w = int(hist.w * 0.3)
        self.present = pygame.Rect(hist.right - present_w, hist.y, present_w, hist.h)
        self.grid = pygame.Rect(hist.x, hist.y, hist.w - present_w - gap, hist.h)
        # card sizes: three cards to a slot, a label above and tags below
        cols, rows = GRID
        slot_w = (self.grid.w - (cols - 1) * gap) / cols
        slot_h = (self.grid.h - (rows - 1) * gap) / rows
        extra = line + tag_h(t) + t.px(10)
        past_h = min((slot_w - t.px(10)) / (1 + 2 * PAST_STEP) / 0.714, slot_h - extra, t.px(110))
        p.past.resize(max(24, int(past_h)))
        # the heading, its line, and a line above the cards for their strength
        head_h = t.font("body", bold=True).get_linesize() + 2 * line + t.px(14)
        present_h = min(
            (present_w - t.px(20)) / (1 + 2 * PRESENT_STEP) / 0.714,
            hist.h - head_h - tag_h(t) - t.px(16),
            t.px(150),
        )
        p.present.resize(max(28, int(present_h)))

    def rects(self) -> dict[str, pygame.Rect]:
        """Every separate region of the table, by name (for tests: none may overlap)."""
        rects = {
            "rule board": self.board_panel,
            "scores": self.score_panel,
            "past tricks": self.grid,
            "present trick": self.present,
            "message": self.msg,
            "chips": self.chips,
            "hand": self.hand,
            "play": self.play,
            "own pile": self.own,
        }
        for seat, r in self.seats.items():
            rects[f"seat {seat}"] = r
        return rects

    def others(self) -> list[int]:
        """The other seats clockwise from the viewer."""
        return [(self.viewer + k) % self.players for k in range(1, self.players)]

    # -- where cards lie ------------------------------------------------------------------
    def slot_rect(self, index: int) -> pygame.Rect:
        """Where past trick ``index`` (0-based) lies in the grid."""
        t = self.theme
        gap = t.px(10)
        cols, rows = GRID
        g = self.grid
        w = (g.w - (cols - 1) * gap) / cols
        h = (g.h - (rows - 1) * gap) / rows
        c, r = index % cols, index // cols
        return pygame.Rect(
            round(g.x + c * (w + gap)), round(g.y + r * (h + gap)), round(w), round(h)
        )

    def past_poses(self, index: int, n: int) -> list[Pose]:
        t = self.theme
        slot = self.slot_rect(index)
        w, h = self.painters.past.card_size
        step = PAST_STEP * w
        room = slot.h - t.small.get_linesize() - tag_h(t)
        cy = slot.y + t.small.get_linesize() + t.px(4) + min(room, h + t.px(8)) / 2
        x0 = slot.centerx - step * (n - 1) / 2
        return [Pose(x0 + i * step, cy, 0.0) for i in range(n)]

    def present_step(self) -> int:
        """The width of one card's place in the present trick (the cards
        overlap by less than a card's width there)."""
        return int(PRESENT_STEP * self.painters.present.card_size[0])

    def present_poses(self, n: int) -> list[Pose]:
        t = self.theme
        r = self.present
        w, h = self.painters.present.card_size
        step = PRESENT_STEP * w
        top = r.y + t.font("body", bold=True).get_linesize() + 2 * t.small.get_linesize() + t.px(14)
        cy = top + (r.bottom - top - tag_h(t) - t.px(6)) / 2
        x0 = r.centerx - step * 1.0  # three places: the first card always at the left one
        return [Pose(x0 + i * step, cy, 0.0) for i in range(n)]

    def trick_poses(
        self, tricks: tuple[Trick, ...], trick: Trick
    ) -> tuple[list[list[Pose]], list[Pose]]:
        """Where the cards of every past trick on show and of the present one lie."""
        past = [self.past_poses(i, len(tr)) for i, tr in enumerate(tricks[: GRID[0] * GRID[1]])]
        return past, self.present_poses(len(trick))

    def hand_poses(self, n: int) -> list[Pose]:
        painter = self.painters.hand
        lift = painter.lift(Look.SELECTED)
        area = self.hand.inflate(-2 * self.theme.px(4), 0)
        area.y += lift
        area.h -= lift
        return fan_layout(n, area, painter.card_size, max_spread_deg=10.0, deg_per_card=1.6)

    def seat_anchor(self, seat: int) -> Pose:
        """Where a card another seat plays leaves from."""
        r = self.seats.get(seat)
        if r is None:
            return Pose(self.hand.centerx, self.hand.centery, 0.0)
        return Pose(
            r.x + r.w * 0.3,
            r.bottom - self.painters.mini.card_height / 2 - self.theme.px(8),
            0.0,
        )

    def pile_center(self, seat: int) -> tuple[int, int]:
        """Where the face-down pile of ``seat``'s removed cards lies."""
        t = self.theme
        w, h = self.painters.mini.card_size
        r = self.seats.get(seat)
        if r is None:
            o = self.own
            return (o.x + w // 2 + t.px(6), o.y + t.small.get_linesize() + t.px(4) + h // 2)
        return (r.right - t.px(70) - w // 2, r.bottom - h // 2 - t.px(8))
