"""The worked first game's pictures (tutorial.txt): the rulebook's Examples 1-3
drawn with the table's own card painter.

The rulebook's illustrations are not in its text, so each position is built to
match its sentences; tests/uchronicle/test_scene.py checks every claim the
tutorial makes about them against the solver. The rules page names the
drawing functions (``[[picture draw_example_1 9]]``); the table package
(``table/__init__.py``) re-exports them, since the rules viewer looks in the
module the entry's ``scene`` names.
"""

from __future__ import annotations

import functools

import pygame

from tabletop.games.uchronicle.model import Card, Played, RulesState, Trick, parse_card
from tabletop.games.uchronicle.table.looks import card_face, draw_removal_mark, draw_tag, rules_text
from tabletop.ui.cards import CardPainter, Pose, draw_card
from tabletop.ui.theme import Theme, mix
from tabletop.ui.widgets import draw_text

#: the rulebook's players: Alice, Bob and Carol are seats 0, 1 and 2
NAMES = ["Alice", "Bob", "Carol"]


def trick(text: str, first_seat: int) -> Trick:
    """``"A2 A5 C1"`` played by seats from ``first_seat`` on."""
    return tuple(Played(parse_card(c), (first_seat + i) % 3) for i, c in enumerate(text.split()))


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split())


# Example 1 (standard): higher wins, trump C. Trick 1: two A cards, the higher
# one later, then a trump over both; trick 2: three trumps climbing.
EXAMPLE_1_RULES = RulesState(True, 2, None)
EXAMPLE_1 = (trick("A2 A5 C1", 0), trick("C2 C4 C6", 2))

# Example 2 (expert): trick 1 was played under higher, trump B; in trick 2
# Alice played C2 under higher, trump C, trump rank 4 (B4 is a trump rank now,
# so trick 1 still holds). Bob holds these cards.
EXAMPLE_2_BEFORE = RulesState(True, 1, None)
EXAMPLE_2_RULES = RulesState(True, 2, 4)
EXAMPLE_2 = (trick("A5 A6 B4", 0), trick("D1 C2", 2))
EXAMPLE_2_HAND = cards("C6 E4 E6 E5")

# Example 3 (standard): Bob made B trump in trick 2 with B4 and leads trick 3
# with E6; Carol holds D2 and declares rank 4 and suit A to make D trump.
EXAMPLE_3_RULES = RulesState(True, 1, None)
EXAMPLE_3 = (trick("A2 B3 B5", 0), trick("C3 C5 B4", 2), trick("E6", 1))
EXAMPLE_3_CARD = parse_card("D2")
EXAMPLE_3_TAKEN = cards("A2 B4")


@functools.lru_cache(maxsize=8)
def _painter(height: int) -> CardPainter:
    return CardPainter(height)


def _draw(
    surface: pygame.Surface,
    rect: pygame.Rect,
    theme: Theme,
    header: str,
    groups: list[tuple[str, list[tuple[Card, int | None]], set[Card]]],
) -> None:
    """A header line, then groups of cards side by side (a trick, a hand),
    each with its label above, who played each card below, and the cards a
    removal takes crossed out."""
    t = theme
    pygame.draw.rect(surface, mix(t.felt, t.felt_dark, 0.5), rect, border_radius=t.px(10))
    inner = rect.inflate(-2 * t.px(10), -2 * t.px(6))
    line = t.small.get_linesize()
    bold = t.font("small", bold=True)
    draw_text(surface, bold, header, t.text, pygame.Rect(inner.x, inner.y, inner.w, line))
    tag_h = bold.get_linesize() + t.px(4)
    card_h = inner.h - 2 * line - tag_h - t.px(6)
    gap = t.px(16)
    step_k = 1.06
    # the card height that lets every group fit the width
    width_per_h = (sum(1 + step_k * (len(g[1]) - 1) for g in groups) * 0.714) or 1
    card_h = int(max(20, min(card_h, (inner.w - gap * (len(groups) - 1)) / width_per_h)))
    painter = _painter(card_h)
    w, h = painter.card_size
    step = step_k * w
    x = inner.x
    top = inner.y + line + t.px(4)
    for label, group, marked in groups:
        span = max(w + step * (len(group) - 1), bold.size(label)[0])
        draw_text(surface, bold, label, t.text_dim, pygame.Rect(x, top, round(span), line))
        cy = top + line + h / 2
        for i, (card, seat) in enumerate(group):
            pose = Pose(x + w / 2 + i * step, cy, 0.0)
            draw_card(surface, painter, card_face(t, card), pose)
            if seat is not None:  # who played it (a card in hand has no tag)
                style = t.player(seat)
                text = f"{style.glyph} {NAMES[seat]}"
                at = (round(pose.x), round(cy + h / 2 + t.px(3)))
                draw_tag(surface, t, text, style.colour, at, int(step))
            if card in marked:
                draw_removal_mark(surface, t, pose, (w, h))
        x += round(span) + gap


def _rules(rules: RulesState, expert: bool) -> str:
    return " · ".join(rules_text(rules, expert))


def draw_example_1(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    t1, t2 = EXAMPLE_1
    _draw(
        surface,
        rect,
        theme,
        f"Example 1 · standard · rules: {_rules(EXAMPLE_1_RULES, False)}",
        [
            ("Trick 1", [(p.card, p.seat) for p in t1], set()),
            ("Trick 2", [(p.card, p.seat) for p in t2], set()),
        ],
    )


def draw_example_2(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    t1, t2 = EXAMPLE_2
    _draw(
        surface,
        rect,
        theme,
        f"Example 2 · expert · rules: {_rules(EXAMPLE_2_RULES, True)}",
        [
            ("Trick 1", [(p.card, p.seat) for p in t1], set()),
            ("Trick 2 (present)", [(p.card, p.seat) for p in t2], set()),
            ("Bob's hand", [(c, None) for c in EXAMPLE_2_HAND], set()),
        ],
    )


def draw_example_3(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    t1, t2, t3 = EXAMPLE_3
    gone = set(EXAMPLE_3_TAKEN)
    _draw(
        surface,
        rect,
        theme,
        f"Example 3 · standard · rules: {_rules(EXAMPLE_3_RULES, False)} · Carol declares rank 4 and suit ☀A",
        [
            ("Trick 1", [(p.card, p.seat) for p in t1], gone),
            ("Trick 2", [(p.card, p.seat) for p in t2], gone),
            ("Trick 3 (present)", [(p.card, p.seat) for p in t3], gone),
            ("Carol plays", [(EXAMPLE_3_CARD, 2)], set()),
        ],
    )


__all__ = [
    "EXAMPLE_1",
    "EXAMPLE_2",
    "EXAMPLE_3",
    "draw_example_1",
    "draw_example_2",
    "draw_example_3",
]
