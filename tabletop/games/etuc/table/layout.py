"""Where everything goes on Planet etuC's table, for a rect of the window:
your hand fanned at the bottom with the buttons beside it, the line under the
table above it, the round's plays in the middle, the other players along the
top, the match and the rank card in a column at the side. And where a card
lies: in the hand's fan, on the stack, at a seat.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.games.etuc.rules import Card, deck
from tabletop.ui.cards import CardPainter, Look, Pose, fan_layout, stack_offset_layout
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import panel_heading

#: how far the second card of a pair sits from the first, in card widths
PAIR_STEP = 0.36
#: how far each play sits from the one before it, in card widths, beyond its own pair
PLAY_STEP = 0.42
#: the stack starts where this many plays would sit centred, and grows to the right
STACK_SPREAD = 4


@dataclass
class Painters:
    """The table's card painters, each sized by the layout: the hand, the
    stack and the other seats' backs."""

    hand: CardPainter = field(default_factory=lambda: CardPainter(120))
    stack: CardPainter = field(default_factory=lambda: CardPainter(110))
    mini: CardPainter = field(default_factory=lambda: CardPainter(50))


@dataclass(frozen=True)
class Layout:
    """Every region of the table (see the module docstring)."""

    table: pygame.Rect
    hand: pygame.Rect
    buttons: tuple[pygame.Rect, pygame.Rect, pygame.Rect]  # Play, Pass, Sort
    message: pygame.Rect
    match: pygame.Rect
    rank: pygame.Rect
    seats: dict[int, pygame.Rect]
    label: pygame.Rect
    stack: pygame.Rect
    #: the height of the tag under the newest play
    tag_h: int

    def regions(self) -> dict[str, pygame.Rect]:
        """Every separate region by name (none may overlap another)."""
        rects = {
            "match": self.match,
            "rank card": self.rank,
            "round state": self.label,
            "stack": self.stack,
            "message": self.message,
            "hand": self.hand,
            "play": self.buttons[0],
            "pass": self.buttons[1],
            "sort": self.buttons[2],
        }
        rects.update((f"seat {seat}", r) for seat, r in self.seats.items())
        return rects


def _none() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


#: the layout before the first one (nothing has a size yet)
EMPTY = Layout(
    table=_none(),
    hand=_none(),
    buttons=(_none(), _none(), _none()),
    message=_none(),
    match=_none(),
    rank=_none(),
    seats={},
    label=_none(),
    stack=_none(),
    tag_h=0,
)


def chip_row(t: Theme) -> int:
    """The height of one colour's row on the rank card."""
    return t.small.get_linesize() + t.px(4)


def others(viewer: int, players: int) -> list[int]:
    """The other seats clockwise from the viewer (left of the table first)."""
    return [(viewer + k) % players for k in range(1, players)]


def lay_out(t: Theme, rect: pygame.Rect, players: int, viewer: int, painters: Painters) -> Layout:
    """The table in ``rect`` for ``players`` seen by ``viewer``; the painters
    are sized to it."""
    pad, gap = t.px(14), t.px(10)
    btn_w, btn_h = t.px(150), t.px(44)
    hand_h = max(60, int(min(t.px(165), rect.h * 0.235)))
    band_h = round(hand_h * 1.3)
    hand = pygame.Rect(
        rect.x + pad, rect.bottom - pad - band_h, rect.w - 2 * pad - btn_w - gap, band_h
    )
    column = pygame.Rect(hand.right + gap, hand.y, btn_w, band_h)
    col_h = 3 * btn_h + 2 * gap
    top = column.centery - col_h // 2
    play, pass_, sort = (
        pygame.Rect(column.x, top + i * (btn_h + gap), btn_w, btn_h) for i in range(3)
    )
    msg_h = 2 * t.small.get_linesize() + t.px(6)
    message = pygame.Rect(rect.x + pad, hand.y - gap - msg_h, rect.w - 2 * pad, msg_h)
    upper = pygame.Rect(
        rect.x + pad, rect.y + pad, rect.w - 2 * pad, message.y - gap - rect.y - pad
    )

    # the side column: the match, then the rank card
    side_w = t.px(236)
    line = t.small.get_linesize()
    inside = 2 * t.px(16)
    head = panel_heading(t)
    match = pygame.Rect(upper.x, upper.y, side_w, head + inside + (players + 2) * line + t.px(4))
    colours = len({c.colour for c in deck(players)})
    rank_h = head + inside + 3 * line + colours * chip_row(t)
    rank = pygame.Rect(upper.x, match.bottom + gap, side_w, rank_h + t.px(8))

    # the main area: the other players, the round's state, the stack
    main = pygame.Rect(
        upper.x + side_w + gap, upper.y, upper.right - upper.x - side_w - gap, upper.h
    )
    mini_h = max(30, t.px(62))
    painters.mini.resize(mini_h)
    seat_h = t.body.get_linesize() + mini_h + t.px(22)
    around = others(viewer, players)
    seat_w = min(t.px(330), (main.w - gap * (len(around) - 1)) // max(1, len(around)))
    xs = [main.centerx - seat_w // 2] if len(around) == 1 else [main.x, main.right - seat_w]
    seats = {seat: pygame.Rect(x, main.y, seat_w, seat_h) for seat, x in zip(around, xs)}
    label_h = t.heading.get_linesize() + t.small.get_linesize() + t.px(12)
    label_w = min(main.w, t.px(560))
    label = pygame.Rect(main.centerx - label_w // 2, main.y + seat_h + gap, label_w, label_h)
    stack = pygame.Rect(main.x, label.bottom + gap, main.w, upper.bottom - label.bottom - gap)
    tag_h = t.small.get_linesize() + t.px(14)
    painters.stack.resize(max(50, int(min(hand_h, (stack.h - tag_h) / 1.1))))
    painters.hand.resize(hand_h)
    return Layout(rect, hand, (play, pass_, sort), message, match, rank, seats, label, stack, tag_h)


def hand_poses(layout: Layout, painter: CardPainter, t: Theme, n: int) -> list[Pose]:
    """Where the ``n`` cards of the viewer's hand lie, in the order fanned."""
    lift = painter.lift(Look.SELECTED)
    area = layout.hand.inflate(-2 * t.px(4), 0)
    area.y += lift
    area.h -= lift
    return fan_layout(n, area, painter.card_size, max_spread_deg=12.0, deg_per_card=2.0)


def stack_poses(
    layout: Layout, painter: CardPainter, plays: tuple[tuple[int, tuple[Card, ...]], ...]
) -> list[list[Pose]]:
    """Where each play's cards lie: one list of poses per play, newest last."""
    if not plays:
        return []
    w, h = painter.card_size
    per = max(len(cards) for _, cards in plays)
    inner = (per - 1) * PAIR_STEP * w
    step = inner + PLAY_STEP * w
    r = layout.stack

    def span(k: int) -> float:
        return (k - 1) * step + inner + w

    fits = max(1, int((r.w - inner - w) // step) + 1) if step > 0 else 1
    left = r.centerx - span(min(fits, STACK_SPREAD)) / 2
    fanned = max(1, int((r.right - left - inner - w) // step) + 1)
    room = r.h - layout.tag_h
    dy = min(h * 0.08, max(0.0, (room - h) / max(1, fanned - 1)))
    origin = (left + w / 2, r.y + h / 2 + max(0.0, (room - h - dy * (fanned - 1)) / 2))
    bases = stack_offset_layout(len(plays), origin, (w, h), (step, dy), max_fanned=fanned)
    return [
        [Pose(b.x + j * PAIR_STEP * w, b.y, 0.0) for j in range(len(cards))]
        for b, (_, cards) in zip(bases, plays)
    ]


def seat_anchor(layout: Layout, painters: Painters, t: Theme, seat: int) -> Pose:
    """Where a seat's cards come from: its fan of backs, or the viewer's hand."""
    r = layout.seats.get(seat)
    if r is None:
        return Pose(layout.hand.centerx, layout.hand.centery, 0.0)
    return Pose(r.centerx, r.bottom - painters.mini.card_height / 2 - t.px(8), 0.0)
