"""Phantom Rummy's cards as the table shows them, and a hand read for people.

Each card type has a colour *and* a glyph of its own, borrowed from the
theme's suit styles (Sword ♠, Staff ♣, Moon ☾, Item ★), so no card is told
apart by colour alone; the okabe_ito palette swaps the colours with the
theme. A number card shows its number and that many glyphs; an Item its
picture's name. A red copy carries an ``R`` on a red disc at its left edge,
under the corner index, where a card overlapped by the next one in a set or
a pile still shows it (:func:`draw_red_mark`), and the word RED (in the
advanced rules RED and its value; the legendary Item says LEGEND).

:func:`group_hand` reads a hand the way a player does: the complete big
sets, then the near sets (a pair, two cards of a run), then the loose cards,
each part in deck order (type, then number), with the kinds that would
complete each near set named when ``hands.distance_to_goal``'s acceptance
counts them (the cards that bring the hand nearer a goal).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from tabletop.games.phantom_rummy.cards import KINDS, Card, Kind, kinds_words, parse_cards
from tabletop.games.phantom_rummy.hands import distance_to_goal, set_shape
from tabletop.ui.cards import CardFace, CardPainter, Look, Pose, draw_card, draw_fan
from tabletop.ui.theme import SuitStyle, Theme, text_on

#: the theme suit each card type borrows its colour and glyph from:
#: Sword ♠ (0), Staff ♣ (3), Moon ☾ (6), Item ★ (4)
SUIT_OF_TYPE = {"Sword": 0, "Staff": 3, "Moon": 6, "Item": 4}

#: how a near set or a loose card is worth keeping, for the grouping's choice
_WORTH = {"group": 6, "run": 6, "small": 3, "near run": 2, "loose": 0}


def type_style(theme: Theme, type_: str) -> SuitStyle:
    """A card type as a suit style: the theme's colour and glyph, the type's name."""
    suit = theme.suit(SUIT_OF_TYPE[type_])
    return SuitStyle(suit.colour, suit.glyph, type_)


def card_face(
    theme: Theme, card: Card, advanced: bool = False, *, badge_disc: bool = True
) -> CardFace:
    """The face of ``card``: its number and glyphs (or its picture's name), the
    type's glyph in the corner, and the red copy's caption and, with
    ``badge_disc``, its ``R`` disc at the top right (the table draws
    :func:`draw_red_mark` instead, which shows on an overlapped card too)."""
    style = type_style(theme, card.type)
    label = badge = ""
    if card.red:
        badge = "R" if badge_disc else ""
        label = "RED"
        if advanced:
            label = "LEGEND" if card.instant_win else f"RED {card.value}"
    if card.number is not None:
        return CardFace.of(str(card.number), style, pips=card.number, badge=badge, label=label)
    return CardFace.of(card.name[0], style, big_text=card.name.upper(), badge=badge, label=label)


#: below this card height a red card's caption is too small to read
LABEL_HEIGHT = 72


def red_mark_rect(card_size: tuple[int, int], pose: Pose) -> pygame.Rect:
    """Where a red card's mark lies on a card drawn upright at ``pose``: a
    disc on the left edge under the corner index, in the strip an
    overlapping neighbour leaves showing (the next card covers from 0.55 of
    the width on; the corner's rank and glyph end near 0.3 of the height)."""
    w, h = card_size
    d = max(11, round(h * 0.125))
    r = pose.rect(card_size)
    band = max(2, round(h * 0.035))
    return pygame.Rect(r.x + band + max(1, round(h * 0.01)), r.y + round(h * 0.31), d, d)


def draw_red_mark(
    surface: pygame.Surface, theme: Theme, painter: CardPainter, pose: Pose
) -> pygame.Rect:
    """A red card's mark: an ``R`` on a red disc, ringed in ink (colour plus
    glyph), where an overlapped card still shows it; returns its rect."""
    rect = red_mark_rect(painter.card_size, pose)
    colour = theme.danger
    pygame.draw.ellipse(surface, (20, 22, 28), rect.inflate(2, 2))
    pygame.draw.ellipse(surface, colour, rect)
    px = max(8, round(rect.h * 0.78))
    letter = painter.fonts(px, True).render("R", True, text_on(colour))
    surface.blit(letter, letter.get_rect(center=(rect.centerx, rect.centery + 1)))
    return rect


def draw_phantom_card(
    surface: pygame.Surface,
    theme: Theme,
    painter: CardPainter,
    card: Card,
    pose: Pose | tuple[float, float, float],
    look: Look = Look.NORMAL,
    advanced: bool = False,
) -> None:
    """``card`` face up at ``pose`` in ``look``, a red copy with its mark
    (the card's own disc left off: an overlapping neighbour would hide it).
    A card under :data:`LABEL_HEIGHT` pixels drops its caption ("RED 3"),
    a smudge at that size: the mark says red."""
    face = card_face(theme, card, advanced, badge_disc=False)
    if painter.card_height < LABEL_HEIGHT:
        face = replace(face, label="")
    draw_card(surface, painter, face, pose, look)
    if card.red:
        x, y, angle = pose
        draw_red_mark(surface, theme, painter, Pose(x, y, angle).raised(painter.lift(look)))


@dataclass(frozen=True)
class Group:
    """Cards of a hand kept together: ``shape`` is ``group`` or ``run`` (a
    complete big set), ``small`` (a pair), ``near run`` (two cards of a run)
    or ``loose``; ``waiting`` the kinds that would complete it and bring the
    hand nearer a goal."""

    cards: tuple[Card, ...]
    shape: str
    waiting: tuple[Kind, ...] = ()

    @property
    def complete(self) -> bool:
        return self.shape in ("group", "run")


def _near_run(a: Card, b: Card) -> bool:
    return (
        a.number is not None
        and b.number is not None
        and a.type == b.type
        and 1 <= abs(a.number - b.number) <= 2
    )


def _completions(cards: tuple[Card, ...], shape: str) -> list[int]:
    """The kinds that would make ``cards`` a big set (a pair of a loose card)."""
    if shape in ("small", "loose"):
        return [cards[0].kind]
    if shape != "near run":
        return []
    low, high = sorted(c.number or 0 for c in cards)
    first = cards[0].kind - ((cards[0].number or 0) - low)  # the kind of the lower number
    if high - low == 2:
        return [first + 1]
    return [first + d for d, n in ((-1, low - 1), (2, low + 2)) if 1 <= n <= 7]


@functools.lru_cache(maxsize=256)
def _best(cards: tuple[Card, ...]) -> tuple[int, tuple[tuple[tuple[Card, ...], str], ...]]:
    """The most worth ``cards`` can be split into (see :data:`_WORTH`)."""
    if not cards:
        return 0, ()
    first, rest = cards[0], cards[1:]
    score, parts = _best(rest)
    best = (score, (((first,), "loose"), *parts))
    for i, b in enumerate(rest):
        pair = (first, b)
        shape = "small" if first.kind == b.kind else "near run" if _near_run(first, b) else None
        if shape is not None:
            score, parts = _best(rest[:i] + rest[i + 1 :])
            if score + _WORTH[shape] > best[0]:
                best = (score + _WORTH[shape], ((pair, shape), *parts))
        for j in range(i + 1, len(rest)):
            trio = (first, b, rest[j])
            shape3 = set_shape(trio)
            if shape3 in ("group", "run"):
                score, parts = _best(tuple(c for k, c in enumerate(rest) if k not in (i, j)))
                if score + _WORTH[shape3] > best[0]:
                    best = (score + _WORTH[shape3], ((trio, shape3), *parts))
    return best


def group_hand(hand: Sequence[Card], opened: bool) -> list[Group]:
    """``hand`` as the player reads it: complete big sets, then near sets, then
    loose cards, each in deck order; a near set names the kinds that would
    complete it, where the acceptance of ``distance_to_goal(hand, opened)``
    counts them."""
    cards = tuple(sorted(hand))
    if not cards:
        return []
    accept = {k.index for k in distance_to_goal(cards, opened).acceptance}
    _, parts = _best(cards)
    # a loose card's pair is named only when the hand is one card from a goal
    near = distance_to_goal(cards, opened).cards <= 1
    groups = [
        Group(
            part,
            shape,
            tuple(
                KINDS[k]
                for k in _completions(part, shape)
                if k in accept and (shape != "loose" or near)
            ),
        )
        for part, shape in parts
    ]
    rank = {"group": 0, "run": 0, "small": 1, "near run": 1, "loose": 2}
    return sorted(groups, key=lambda g: (rank[g.shape], g.cards[0]))


def waiting_words(group: Group) -> str:
    """``waiting on Sword 4 or 7`` for a near set with completions, else ""."""
    return f"waiting on {kinds_words(group.waiting)}" if group.waiting else ""


# -- the title screen's picture --------------------------------------------------------


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """A fanned goal hand: a run of Swords, a group of Moons, a pair of Crowns."""
    faces = [card_face(theme, c) for c in parse_cards("S3 S4a S5 M6 M6 M6a IC IC")]
    draw_fan(
        surface,
        rect,
        faces,
        height=0.74,
        inset=12,
        max_spread_deg=40.0,
        deg_per_card=6.0,
        max_step=0.42,
    )


__all__ = [
    "Group",
    "card_face",
    "draw_phantom_card",
    "draw_red_mark",
    "red_mark_rect",
    "draw_icon",
    "group_hand",
    "type_style",
    "waiting_words",
]
