"""Where everything goes on Phantom Rummy's table, for a rect of the window:
your hand along the bottom with the turn's buttons beside it, the message
line and your own sets and discards above it, the match at the side, the
other seats across the top, the pile, the row and the prompt in the middle,
and the goal screen over the top while a bonus check turns. And where a card
lies: in the hand (group by group), in the row, on a discard pile.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.table.looks import Group
from tabletop.ui.cards import CardPainter, Look, Pose, row_layout
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import fit_text, wrap_text


@dataclass
class Painters:
    """The table's card painters, each sized by the layout: the hand, the
    row, the small cards (open sets, discards, the prompt's discard), the
    goal screen on the table and the goal screen in the summary."""

    hand: CardPainter = field(default_factory=lambda: CardPainter(110))
    row: CardPainter = field(default_factory=lambda: CardPainter(100))
    mini: CardPainter = field(default_factory=lambda: CardPainter(50))
    goal: CardPainter = field(default_factory=lambda: CardPainter(80))
    summary: CardPainter = field(default_factory=lambda: CardPainter(80))


@dataclass(frozen=True)
class Layout:
    """Every region of the table (see the module docstring)."""

    match: pygame.Rect
    seats: dict[int, pygame.Rect]
    pile: pygame.Rect
    row: pygame.Rect
    prompt: pygame.Rect
    mine: pygame.Rect
    message: pygame.Rect
    hand: pygame.Rect
    #: Goal, Open, Discard, Ready, two by two right of the hand
    buttons: tuple[pygame.Rect, ...]
    #: the goal screen over the top of the table
    goal: pygame.Rect
    #: the height of the words under the hand
    caption_h: int

    def regions(self) -> dict[str, pygame.Rect]:
        """Every separate region by name (none may overlap another)."""
        rects = {
            "match": self.match,
            "pile": self.pile,
            "row": self.row,
            "prompt": self.prompt,
            "mine": self.mine,
            "message": self.message,
            "hand": self.hand,
        }
        names = ("Goal", "Open", "Discard", "Ready")
        rects.update({f"button {n}": r for n, r in zip(names, self.buttons, strict=True)})
        rects.update({f"seat {s}": r for s, r in self.seats.items()})
        return rects


def _none() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


#: the layout before the first one (nothing has a size yet)
EMPTY = Layout(
    match=_none(),
    seats={},
    pile=_none(),
    row=_none(),
    prompt=_none(),
    mine=_none(),
    message=_none(),
    hand=_none(),
    buttons=(_none(), _none(), _none(), _none()),
    goal=_none(),
    caption_h=0,
)


def others(players: int, viewer: int) -> list[int]:
    """The other seats in turn order after the viewer."""
    return [(viewer + k) % players for k in range(1, players)]


def goal_height(t: Theme, card_h: int) -> int:
    """The goal screen's height with cards ``card_h`` pixels tall: the title,
    the sources, the labels, the cards and the flips' tags."""
    return t.font("body", bold=True).get_linesize() + 3 * t.small.get_linesize() + t.px(10) + card_h


def lay_out(t: Theme, rect: pygame.Rect, players: int, viewer: int, painters: Painters) -> Layout:
    """The regions for ``rect`` (and the painters sized for them)."""
    pad, gap = t.px(12), t.px(10)
    small, body = t.small.get_linesize(), t.body.get_linesize()
    inner = rect.inflate(-2 * pad, -2 * pad)
    side_w = t.px(220)
    # the bottom: the hand with its buttons, the message, my sets and discards
    hand_h = max(48, min(t.px(128), int(rect.h * 0.17)))
    painters.hand.resize(hand_h)
    caption_h = small + t.px(2)
    lift = painters.hand.lift("selected")
    band_h = hand_h + lift + caption_h + t.px(4)
    btn_w, btn_h = t.px(118), t.px(40)
    buttons_rect = pygame.Rect(
        inner.right - 2 * btn_w - gap, inner.bottom - band_h, 2 * btn_w + gap, band_h
    )
    hand = pygame.Rect(inner.x, inner.bottom - band_h, buttons_rect.x - gap - inner.x, band_h)
    top = buttons_rect.centery - btn_h - gap // 2
    buttons = tuple(
        pygame.Rect(
            buttons_rect.x + (i % 2) * (btn_w + gap), top + (i // 2) * (btn_h + gap), btn_w, btn_h
        )
        for i in range(4)
    )
    message = pygame.Rect(inner.x, hand.y - gap - 2 * small, inner.w, 2 * small)
    mini_h = max(30, t.px(58))
    painters.mini.resize(mini_h)
    mine = pygame.Rect(inner.x, message.y - gap - mini_h - small, inner.w, mini_h + small)
    # the side column: the match
    match_h = body + 2 * t.px(16) + (players + 4) * small
    match = pygame.Rect(inner.x, inner.y, side_w, match_h)
    # the other seats across the top, right of the side column
    around = others(players, viewer)
    seats_rect = pygame.Rect(
        inner.x + side_w + gap,
        inner.y,
        inner.w - side_w - gap,
        body + small + 2 * (mini_h + small) + t.px(14),
    )
    w = (seats_rect.w - gap * (len(around) - 1)) // max(1, len(around))
    seats = {
        s: pygame.Rect(seats_rect.x + k * (w + gap), seats_rect.y, w, seats_rect.h)
        for k, s in enumerate(around)
    }
    # the middle: the pile and the row, the prompt beside them
    mid_top = max(seats_rect.bottom, match.bottom) + gap
    middle = pygame.Rect(inner.x, mid_top, inner.w, mine.y - gap - mid_top)
    prompt_w = min(t.px(400), middle.w // 2)
    prompt = pygame.Rect(middle.right - prompt_w, middle.y, prompt_w, middle.h)
    row_h = max(40, min(t.px(128), middle.h - small - t.px(12)))
    painters.row.resize(row_h)
    cw = painters.row.card_size[0]
    pile = pygame.Rect(middle.x, middle.y, cw + t.px(16), middle.h)
    row = pygame.Rect(pile.right + gap, middle.y, prompt.x - gap - pile.right - gap, middle.h)
    # the goal screen, while the bonus check turns: over the top of the table
    pad_v = 2 * t.px(10)
    card_h = max(30, min(t.px(110), int(rect.h * 0.45) - goal_height(t, 0) - pad_v))
    painters.goal.resize(card_h)
    goal = pygame.Rect(inner.x, inner.y, inner.w, goal_height(t, card_h) + pad_v)
    return Layout(
        match=match,
        seats=seats,
        pile=pile,
        row=row,
        prompt=prompt,
        mine=mine,
        message=message,
        hand=hand,
        buttons=buttons,
        goal=goal,
        caption_h=caption_h,
    )


def prompt_split(t: Theme, prompt: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect]:
    """The prompt below its heading: the discard and the words on the left,
    the answers' buttons on the right."""
    inner = prompt.inflate(-2 * t.px(12), -2 * t.px(10))
    head = t.font("body", bold=True).get_linesize() + t.px(4)
    body = pygame.Rect(inner.x, inner.y + head, inner.w, inner.h - head)
    left_w = int(body.w * 0.36)
    return (
        pygame.Rect(body.x, body.y, left_w, body.h),
        pygame.Rect(body.x + left_w + t.px(10), body.y, body.w - left_w - t.px(10), body.h),
    )


def prompt_title(
    t: Theme, painter: CardPainter, left: pygame.Rect, title: str
) -> list[tuple[str, pygame.Rect]]:
    """Where the discard's name goes in the prompt, whole: beside the small
    card when it fits there, else under it across the column, wrapped at
    spaces (never cut: "red Swo…" named no card). ``left`` is the words'
    column (``prompt_split``'s left, or the whole width with no buttons)."""
    font = t.font("small", bold=True)
    line = font.get_linesize()
    w, h = painter.card_size
    beside = pygame.Rect(left.x + w + t.px(10), left.y, left.w - w - t.px(10), h)
    if font.size(title)[0] <= beside.w:
        return [(title, pygame.Rect(beside.x, beside.y, beside.w, line))]
    y = left.y + h + t.px(6)
    out = []
    for part in wrap_text(font, title, left.w):
        out.append((part, pygame.Rect(left.x, y, left.w, line)))
        y += line
    return out


def prompt_words_top(t: Theme, painter: CardPainter, left: pygame.Rect, title: str) -> int:
    """Where the prompt's words start: under the card, or under its name
    when the name goes under the card."""
    placed = prompt_title(t, painter, left, title)
    below = left.y + painter.card_size[1] + t.px(8)
    return max(below, placed[-1][1].bottom + t.px(4)) if placed else below


def pill_places(
    t: Theme, hand: pygame.Rect, pills: Sequence[tuple[str, float, float]]
) -> list[tuple[str, pygame.Rect]]:
    """Each near set's words under the hand (text, from ``left`` to ``right``
    of its cards), placed so that no two run into each other: a pill is
    centred under its cards where it can, inside the room between its
    neighbours' halfway marks (or the hand's edge), its words shortened to fit (the words
    whole are the picture's, for the hover). Returns the text drawn and the
    pill's rect, in order."""
    font = t.font("small")
    line = font.get_linesize()
    pad = t.px(4)
    gap = t.px(6)
    centres = [(a + b) / 2 for _, a, b in pills]
    out = []
    for i, (text, _, _) in enumerate(pills):
        c = centres[i]
        low = hand.x if i == 0 else (centres[i - 1] + c) / 2 + gap / 2
        high = hand.right if i == len(pills) - 1 else (c + centres[i + 1]) / 2 - gap / 2
        # the room between the neighbours' halves: a pill may lean off its
        # centre into it, never past it
        room = high - low
        shown = fit_text(font, text, max(0, int(room) - 2 * pad))
        width = font.size(shown)[0] + 2 * pad
        rect = pygame.Rect(0, 0, width, line)
        rect.midtop = (round(c), hand.bottom - line)
        rect.clamp_ip(pygame.Rect(round(low), hand.y, round(high - low), hand.h))
        out.append((shown, rect))
    return out


def prompt_buttons(t: Theme, prompt: pygame.Rect, shown: list[bool]) -> list[pygame.Rect]:
    """The claim prompt's buttons (those ``shown``), in a column right of the
    discard; a hidden one gets no size."""
    _, r = prompt_split(t, prompt)
    gap = t.px(6)
    bh = min(t.px(36), (r.h + gap) // max(1, sum(shown)) - gap)
    y = r.y
    out = []
    for visible in shown:
        out.append(pygame.Rect(r.x, y, r.w, bh) if visible else pygame.Rect(r.x, r.y, 0, 0))
        if visible:
            y += bh + gap
    return out


def hand_poses(shape: Layout, painter: CardPainter, groups: list[Group]) -> list[tuple[Card, Pose]]:
    """Each hand card's resting pose: groups side by side with a gap between them."""
    w, h = painter.card_size
    n = sum(len(g.cards) for g in groups)
    if not n:
        return []
    area = shape.hand.inflate(-4, 0)  # whole pixels of room for float centres
    gaps = len(groups) - 1
    step, gap = w * 1.04, w * 0.35
    total = step * (n - 1) + gap * gaps + w
    if total > area.w:  # too wide: the cards overlap, the gaps shrink
        k = (area.w - w) / max(1.0, total - w)
        step, gap = step * k, gap * k
        total = area.w
    x = area.centerx - total / 2 + w / 2
    y = area.bottom - shape.caption_h - h / 2
    out: list[tuple[Card, Pose]] = []
    for g in groups:
        for c in g.cards:
            out.append((c, Pose(x, y, 0.0)))
            x += step
        x += gap
    return out


def row_poses(
    t: Theme, shape: Layout, painter: CardPainter, row: tuple[Card, ...]
) -> list[tuple[Card, Pose]]:
    """Each row card's pose, below the row's heading."""
    area = shape.row.copy()
    small = t.small.get_linesize()
    area.y += small
    area.h -= small
    poses = row_layout(len(row), area, painter.card_size, gap=0.14)
    return list(zip(row, poses))


def discard_area(
    t: Theme, shape: Layout, painters: Painters, viewer: int, seat: int
) -> pygame.Rect:
    """Where ``seat``'s own discard pile lies: in its panel, or above your hand."""
    line = t.small.get_linesize()
    mini_h = painters.mini.card_height
    if seat == viewer:
        r = shape.mine
        half = (r.w - t.px(20)) // 2
        return pygame.Rect(r.x + half + t.px(20), r.y + line, r.w - half - t.px(20), r.h - line)
    r = shape.seats[seat]
    pad = t.px(8)
    top = r.y + t.px(4) + t.body.get_linesize() + line + mini_h + t.px(4) + line
    return pygame.Rect(r.x + pad, top, r.w - 2 * pad, mini_h + t.px(4))


def sets_area(t: Theme, shape: Layout, painters: Painters, viewer: int, seat: int) -> pygame.Rect:
    """Where ``seat``'s open sets lie: in its panel, or above your hand."""
    line = t.small.get_linesize()
    if seat == viewer:
        r = shape.mine
        half = (r.w - t.px(20)) // 2
        return pygame.Rect(r.x, r.y + line, half, r.h - line)
    r = shape.seats[seat]
    pad = t.px(8)
    top = r.y + t.px(4) + t.body.get_linesize() + line
    return pygame.Rect(r.x + pad, top, r.w - 2 * pad, painters.mini.card_height + t.px(4))


def set_poses(
    painter: CardPainter, sets: Sequence[Sequence[Card]], area: pygame.Rect
) -> list[tuple[Card, Pose]]:
    """Open sets as small cards in ``area``: a set's cards overlapping (each
    shows its left 0.55, where a red card's mark is), a gap between sets,
    all squeezed in when too wide."""
    w, _ = painter.card_size
    n = sum(len(s) for s in sets)
    step, gap = w * 0.55, w * 0.5
    total = step * (n - len(sets)) + (w + gap) * len(sets) - gap
    if total > area.w:
        k = area.w / total
        step, gap = step * k, gap * k
    x = area.x + w / 2
    out = []
    for laid in sets:
        for i, card in enumerate(laid):
            out.append((card, Pose(x, area.centery, 0.0)))
            x += step if i < len(laid) - 1 else w + gap
    return out


def discard_poses(painter: CardPainter, count: int, area: pygame.Rect) -> list[Pose]:
    """The poses of a discard pile of ``count`` cards in ``area``, oldest first."""
    w, _ = painter.card_size
    step = min(w * 0.5, (area.w - w) / max(1, count - 1)) if count > 1 else 0
    return [Pose(area.x + w / 2 + i * step, area.centery, 0.0) for i in range(count)]


def seat_anchor(shape: Layout, seat: int) -> Pose:
    """Where another seat's cards come from and go to: its panel's middle."""
    r = shape.seats.get(seat)
    if r is None:
        return Pose(shape.hand.centerx, shape.hand.centery, 0.0)
    return Pose(r.centerx, r.centery, 0.0)


def lifted(painter: CardPainter, pose: Pose, selected: bool) -> pygame.Rect:
    """A hand card's rect as drawn, raised when it is selected."""
    return pose.raised(painter.lift(Look.SELECTED) if selected else 0).rect(painter.card_size)


def hint_tag(
    t: Theme, ring: pygame.Rect, others: Sequence[pygame.Rect], bounds: pygame.Rect
) -> pygame.Rect:
    """Where the "Hint" tag goes beside the hinted button's ring: above it,
    else below, else left, else right, the first side where it covers no
    other button (``others``) and stays in ``bounds`` (above a button of the
    lower row it covered Goal or Open); over the ring's top edge when no
    side is free."""
    font = t.font("small", bold=True)
    tag = pygame.Rect((0, 0), font.size("Hint")).inflate(t.px(10), t.px(2))
    gap = t.px(2)
    sides = (
        {"midbottom": (ring.centerx, ring.top - gap)},
        {"midtop": (ring.centerx, ring.bottom + gap)},
        {"midright": (ring.left - gap, ring.centery)},
        {"midleft": (ring.right + gap, ring.centery)},
    )
    for side in sides:
        place = tag.copy()
        for name, at in side.items():
            setattr(place, name, at)
        if bounds.contains(place) and place.collidelist(list(others)) < 0:
            return place
    place = tag.copy()
    place.midbottom = ring.midtop
    return place
