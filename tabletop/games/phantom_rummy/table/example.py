"""The rules page's pictured example (rules.txt names it: ``[[picture
draw_example_goal 9]]``): a goal hand as the table draws it, its pair and
two big sets side by side with the set already open, and what it scores.
The table package (``table/__init__.py``) re-exports the drawing function,
since the rules viewer looks in the module the entry's ``scene`` names;
tests/phantom_rummy/test_table_shows.py checks the example's words against
the rules."""

from __future__ import annotations

import functools

import pygame

from tabletop.games.phantom_rummy.cards import Card, parse_cards
from tabletop.games.phantom_rummy.table.looks import draw_phantom_card
from tabletop.ui.cards import CardPainter, Pose
from tabletop.ui.theme import Theme, mix
from tabletop.ui.widgets import draw_text, fit_text, wrap_text

#: the example: Ada's open set, then her goal hand of eight (the pair and the
#: two big sets), two of its cards red
EXAMPLE_OPEN = parse_cards("T1 T1 T1")
EXAMPLE_SETS: tuple[tuple[str, tuple[Card, ...]], ...] = (
    ("pair", parse_cards("IC IC")),
    ("run", parse_cards("S3 S4a S5")),
    ("group", parse_cards("M6 M6a M6")),
)
EXAMPLE_HEAD = "Example: Ada takes the red Moon 6 from the row and holds a goal hand"
EXAMPLE_WORDS = (
    "Goal (G): 1 point for the open set, 1 for each red card (R: Sword 4, Moon 6), "
    "then the bonus check turns the pile's top card: Crown, Sword 3-5, Moon 6 or Staff 1 score on."
)


@functools.lru_cache(maxsize=8)
def _painter(height: int) -> CardPainter:
    return CardPainter(height)


def draw_example_goal(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The example goal: labelled groups of cards, a line of words above and below."""
    t = theme
    pygame.draw.rect(surface, mix(t.felt, t.felt_dark, 0.5), rect, border_radius=t.px(10))
    inner = rect.inflate(-2 * t.px(10), -2 * t.px(6))
    line = t.small.get_linesize()
    bold = t.font("small", bold=True)
    draw_text(
        surface,
        bold,
        fit_text(bold, EXAMPLE_HEAD, inner.w),
        t.text,
        pygame.Rect(inner.x, inner.y, inner.w, line),
    )
    groups = [("open set", EXAMPLE_OPEN), *EXAMPLE_SETS]
    gap = t.px(18)
    step_k = 0.62
    words_h = 2 * line
    card_h = inner.h - 2 * line - words_h - t.px(10)
    cards = sum(1 + step_k * (len(g) - 1) for _, g in groups)
    card_h = int(max(24, min(card_h, (inner.w - 2 * gap * len(groups)) / (cards * 0.714))))
    painter = _painter(card_h)
    w, h = painter.card_size
    step = step_k * w
    x = inner.x
    top = inner.y + line + t.px(4)
    cy = top + line + h / 2
    for label, group in groups:
        span = w + step * (len(group) - 1)
        if label == "pair":  # the goal hand starts here, a gap after the open set
            x += gap
            label = "goal hand: pair"
        colour = t.text_dim if label == "open set" else t.text
        room = max(round(span) + gap, bold.size(label)[0])
        draw_text(surface, bold, label, colour, pygame.Rect(x, top, room, line))
        for i, card in enumerate(group):
            draw_phantom_card(surface, t, painter, card, Pose(x + w / 2 + i * step, cy, 0.0))
        x += max(round(span) + gap, bold.size(label)[0] + t.px(16))
    y = round(cy + h / 2 + t.px(6))
    for part in wrap_text(t.small, EXAMPLE_WORDS, inner.w)[:2]:
        draw_text(surface, t.small, part, t.text, pygame.Rect(inner.x, y, inner.w, line))
        y += line


__all__ = ["EXAMPLE_OPEN", "EXAMPLE_SETS", "draw_example_goal"]
