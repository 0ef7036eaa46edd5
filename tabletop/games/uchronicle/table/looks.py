"""How Uchronicle's table looks: suits, card faces, the rule board, tricks, chips.

Drawing only: nothing here decides what may be played. Every suit has a colour
and a glyph of its own, and its letter (the notation's, "B2") in the card's
corner disc, so a card is told by shape and letter as well as by colour.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.core.words import plural
from tabletop.games.uchronicle.model import (
    RANKS,
    SUIT_GLYPHS,
    SUIT_LETTERS,
    SUITS,
    Card,
    DeadEnd,
    Declare,
    Play,
    RulesState,
)
from tabletop.games.uchronicle.solver import strength
from tabletop.ui.cards import CardFace, CardPainter, Pose, card_corners, draw_card
from tabletop.ui.theme import Colour, SuitStyle, Theme, mix, text_on
from tabletop.ui.widgets import draw_text, fit_text

#: the suits' colours, true to their names (red, yellow, green, blue, purple),
#: per palette: Okabe-Ito's vermillion, yellow, bluish green, blue and reddish
#: purple for colour-blind players
SUIT_COLOURS: dict[str, tuple[Colour, ...]] = {
    "default": ((214, 52, 52), (226, 186, 0), (40, 150, 72), (40, 104, 214), (150, 72, 196)),
    "okabe_ito": (
        (0xD5, 0x5E, 0x00),
        (0xF0, 0xE4, 0x42),
        (0x00, 0x9E, 0x73),
        (0x00, 0x72, 0xB2),
        (0xCC, 0x79, 0xA7),
    ),
}
SUIT_NAMES = ("red", "yellow", "green", "blue", "purple")
#: past tricks sit in a grid of this many columns and rows (8 at most: the
#: 9th is always the present one)
GRID = (4, 2)
#: how far apart the cards of a past trick and of the present trick sit, in card widths
PAST_STEP = 0.52
PRESENT_STEP = 1.08
#: chips show at most this many rows
CHIP_ROWS = 2
#: the rule board's marker: one colour for all three, with a dark edge
MARKER = (255, 206, 72)


def suit_style(theme: Theme, suit: int) -> SuitStyle:
    """A suit as the theme shows it: its colour, its glyph, its name."""
    palette = SUIT_COLOURS.get(theme.palette, SUIT_COLOURS["default"])
    return SuitStyle(palette[suit], SUIT_GLYPHS[suit], SUIT_NAMES[suit])


def card_face(theme: Theme, card: Card) -> CardFace:
    """Its rank, that many glyphs, and its suit letter in the corner disc."""
    return CardFace.of(
        str(card.rank), suit_style(theme, card.suit), pips=card.rank, badge=card.letter
    )


def suit_text(suit: int | None) -> str:
    """ "☀A", or "none"."""
    return "none" if suit is None else f"{SUIT_GLYPHS[suit]}{SUIT_LETTERS[suit]}"


def rules_text(rules: RulesState, expert: bool) -> list[str]:
    """A rules state as chip parts: "higher", "trump ♦D", "trump rank 4"."""
    parts = ["higher" if rules.higher else "lower"]
    parts.append("no trump" if rules.trump_suit is None else f"trump {suit_text(rules.trump_suit)}")
    if expert:
        parts.append(
            "no trump rank" if rules.trump_rank is None else f"trump rank {rules.trump_rank}"
        )
    return parts


def option_text(action: Play | DeadEnd, cost: int, expert: bool) -> str:
    """A chip's words: "higher · trump ♦D · removes B2 · 1 point" (expert) or
    "lower · no trump · declares rank 4 and suit ☀A · 3 points" (standard)."""
    parts = rules_text(action.rules, expert)
    if isinstance(action, DeadEnd):
        parts.insert(0, "dead end")
    elif isinstance(action.removed, Declare) and action.removed:
        declared = [f"rank {r}" for r in action.removed.ranks]
        declared += [f"suit {suit_text(s)}" for s in action.removed.suits]
        parts.append("declares " + " and ".join(declared))
    elif not isinstance(action.removed, Declare) and action.removed:
        parts.append("removes " + ", ".join(str(c) for c in action.removed.cards))
    parts.append(plural(cost, "point") if cost else "no points")
    return " · ".join(parts)


# -- the rule board ---------------------------------------------------------------------


def board_rows(expert: bool) -> list[tuple[str, list[str]]]:
    """The rule board's rows: a name and the cells' labels."""
    rows = [
        ("Rank to win", ["Higher ▲", "Lower ▼"]),
        ("Trump suit", ["–"] + [suit_text(s) for s in SUITS]),
    ]
    if expert:
        rows.append(("Trump rank", ["–"] + [str(r) for r in RANKS]))
    return rows


def marker_cells(rules: RulesState) -> list[int]:
    """Which cell of each row the markers sit on."""
    return [
        0 if rules.higher else 1,
        0 if rules.trump_suit is None else rules.trump_suit + 1,
        0 if rules.trump_rank is None else rules.trump_rank,
    ]


def board_height(theme: Theme, expert: bool) -> int:
    line = theme.small.get_linesize()
    return len(board_rows(expert)) * (line + label_gap(theme) + board_cell_h(theme) + theme.px(6))


def label_gap(theme: Theme) -> int:
    """Room between a row's name and its cells, where the marker's ring sits."""
    return theme.px(4)


def board_cell_h(theme: Theme) -> int:
    return theme.small.get_linesize() + theme.px(10)


def cell_rects(theme: Theme, rect: pygame.Rect, expert: bool) -> list[list[pygame.Rect]]:
    """Every cell of the board, row by row, inside ``rect``."""
    line = theme.small.get_linesize()
    cell_h = board_cell_h(theme)
    gap = theme.px(3)
    out = []
    y = rect.y
    for _, cells in board_rows(expert):
        y += line + label_gap(theme)
        n = len(cells)
        w = (rect.w - gap * (n - 1)) / n
        out.append(
            [pygame.Rect(round(rect.x + i * (w + gap)), y, round(w), cell_h) for i in range(n)]
        )
        y += cell_h + theme.px(6)
    return out


def draw_board(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    expert: bool,
    markers: list[float],
    ghost: RulesState | None = None,
) -> None:
    """The rule board: each row's cells, the suit cells in their colour and
    glyph, a marker on each row at ``markers`` (cell positions, fractional
    while one slides) and, for a chosen option that changes the rules, a
    dashed outline where its markers would go (``ghost``)."""
    rows = board_rows(expert)
    cells = cell_rects(theme, rect, expert)
    line = theme.small.get_linesize()
    font = theme.small
    bold = theme.font("small", bold=True)
    ghost_cells = marker_cells(ghost) if ghost is not None else None
    for r, ((name, labels), row) in enumerate(zip(rows, cells)):
        draw_text(
            surface,
            bold,
            name,
            theme.text_dim,
            pygame.Rect(rect.x, row[0].y - line - label_gap(theme), rect.w, line),
        )
        for i, (label, cell) in enumerate(zip(labels, row)):
            colour = theme.felt_dark
            ink = theme.text
            if r == 1 and i > 0:
                colour = suit_style(theme, i - 1).colour
                ink = text_on(colour)
            pygame.draw.rect(surface, colour, cell, border_radius=theme.px(5))
            draw_text(
                surface,
                bold if r == 1 else font,
                label,
                ink,
                cell.inflate(-theme.px(2), 0),
                "center",
            )
        if ghost_cells is not None and ghost_cells[r] != round(markers[r]):
            box = row[ghost_cells[r]].inflate(theme.px(4), theme.px(4))
            _dashed_rect(surface, theme.hint, box, max(2, theme.px(2)))
        # the marker: a thick ring sliding along the row
        pos = max(0.0, min(len(row) - 1.0, markers[r]))
        i0 = int(pos)
        i1 = min(len(row) - 1, i0 + 1)
        k = pos - i0
        a, b = row[i0], row[i1]
        box = pygame.Rect(
            round(a.x + (b.x - a.x) * k), a.y, round(a.w + (b.w - a.w) * k), a.h
        ).inflate(theme.px(6), theme.px(6))
        pygame.draw.rect(
            surface, (12, 12, 18), box, max(3, theme.px(5)) + 2, border_radius=theme.px(7)
        )
        pygame.draw.rect(surface, MARKER, box, max(2, theme.px(3)), border_radius=theme.px(7))


def _dashed_rect(surface: pygame.Surface, colour: Colour, rect: pygame.Rect, width: int) -> None:
    dash = max(4, width * 3)
    pts = [rect.topleft, rect.topright, rect.bottomright, rect.bottomleft, rect.topleft]
    for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for s in range(0, length, 2 * dash):
            e = min(length, s + dash)
            fx, fy = (x1 - x0) / max(1, length), (y1 - y0) / max(1, length)
            pygame.draw.line(
                surface, colour, (x0 + fx * s, y0 + fy * s), (x0 + fx * e, y0 + fy * e), width
            )


def strength_lines(expert: bool) -> str:
    """What beats what, strongest first, for the board's foot."""
    if expert:
        return "Strongest: trump suit and rank › trump rank (later wins) › trump suit › first card's suit"
    return "Strongest: trump suit › the first card's suit; rank to win decides within a suit"


#: what makes a card of a trick strong (U2), by the first number of its
#: strength key (solver.strength)
STRENGTH_WORDS = {4: "trump ×2", 3: "trump rank", 2: "trump", 1: "first suit", 0: "off suit"}


def strength_word(trick: Sequence[Card], index: int, rules: RulesState) -> str:
    """Why card ``index`` of ``trick`` is as strong as it is under ``rules``:
    "trump", "trump rank", "trump ×2" (suit and rank), "first suit" (the suit
    of the trick's first card) or "off suit" (it beats nothing)."""
    return STRENGTH_WORDS[strength(trick[index], index, trick[0].suit, rules)[0]]


# -- cards on the table -----------------------------------------------------------------


def seat_tag(theme: Theme, seat: int | None, names: list[str] | None = None) -> tuple[str, Colour]:
    """Who played a card, as a tag says it: the seat's glyph (and name when
    given) in its colour, or "deck" for the 2-player turned-up card (nobody's)."""
    if seat is None:
        return "deck", theme.panel_edge
    style = theme.player(seat)
    return (f"{style.glyph} {names[seat]}" if names else style.glyph), style.colour


def draw_tag(
    surface: pygame.Surface,
    theme: Theme,
    text: str,
    colour: Colour,
    midtop: tuple[int, int],
    max_w: int,
    *,
    right: int | None = None,
) -> pygame.Rect:
    """A pill saying ``text`` under a card: centred on ``midtop``, or with its
    right edge at ``right`` (a tag wider than the card's strip, reaching left
    into the room before a trick's first card)."""
    font = theme.font("small", bold=True)
    room = max(1, max_w - theme.px(10))
    w = font.size(fit_text(font, text, room))[0]
    pill = pygame.Rect(0, 0, w + theme.px(8), font.get_height() + theme.px(2))
    pill.midtop = midtop
    if right is not None:
        pill.right = min(pill.right, right)
    pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
    # draw_text fits it again (the same cut) and is where a cut is recorded
    inner = pygame.Rect(0, 0, room, pill.h)
    inner.center = pill.center
    draw_text(surface, font, text, text_on(colour), inner, "center")
    return pill


def draw_removal_mark(
    surface: pygame.Surface, theme: Theme, pose: Pose, size: tuple[int, int]
) -> None:
    """A card a chosen option would remove: a thick ring and a cross over it,
    told by shape as well as colour."""
    corners = card_corners(pose, size, theme.px(2))
    w = max(3, theme.px(4))
    pygame.draw.polygon(surface, (12, 12, 18), corners, w + 4)
    pygame.draw.polygon(surface, theme.danger, corners, w)
    for a, b in ((corners[0], corners[2]), (corners[1], corners[3])):
        pygame.draw.line(surface, (12, 12, 18), a, b, w + 3)
        pygame.draw.line(surface, theme.danger, a, b, w)


def draw_flip(
    surface: pygame.Surface, painter: CardPainter, face: CardFace, pose: Pose, k: float
) -> None:
    """A card turning over in place: its face narrowing (k 0 to 0.5), then its
    back widening (0.5 to 1)."""
    sprite = painter.sprite(face if k < 0.5 else None, "normal", 0.0)
    w = max(1, round(sprite.get_width() * abs(1 - 2 * k)))
    img = pygame.transform.smoothscale(sprite, (w, sprite.get_height()))
    surface.blit(img, img.get_rect(center=(round(pose.x), round(pose.y))))


def negative(points: int) -> str:
    """Negative points as the table shows them: "−3", or "0"."""
    return f"−{points}" if points else "0"


def draw_pile(
    surface: pygame.Surface, theme: Theme, painter: CardPainter, center: tuple[int, int], count: int
) -> pygame.Rect:
    """A face-down pile of removed cards with its count: "−3"."""
    x, y = center
    if count:
        for i in range(min(count, 3)):
            draw_card(surface, painter, None, Pose(x + i * theme.px(2), y - i * theme.px(2), 0.0))
    else:
        r = pygame.Rect(0, 0, *painter.card_size)
        r.center = center
        pygame.draw.rect(
            surface,
            mix(theme.felt_dark, theme.text, 0.25),
            r,
            max(1, theme.px(2)),
            border_radius=theme.px(4),
        )
    font = theme.font("body", bold=True)
    img = font.render(negative(count), True, theme.warning if count else theme.text_dim)
    at = img.get_rect(midleft=(x + painter.card_size[0] // 2 + theme.px(8), y))
    surface.blit(img, at)
    return at


__all__ = [
    "CHIP_ROWS",
    "GRID",
    "MARKER",
    "PAST_STEP",
    "PRESENT_STEP",
    "STRENGTH_WORDS",
    "SUIT_COLOURS",
    "board_height",
    "board_rows",
    "card_face",
    "cell_rects",
    "draw_board",
    "draw_flip",
    "draw_pile",
    "draw_removal_mark",
    "draw_tag",
    "marker_cells",
    "negative",
    "option_text",
    "rules_text",
    "seat_tag",
    "strength_lines",
    "strength_word",
    "suit_style",
    "suit_text",
]
