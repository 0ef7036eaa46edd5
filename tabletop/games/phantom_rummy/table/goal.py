"""The goal screen: how a short game ended, over the top of the table.

When a move ends a short game the frame holds the deal's summary
(``deal_summary``); until the bonus check has played out, and under the
summary panel after it, this screen shows the scorer's goal hand laid out by
sets (its small set and two big sets in the reading its points were
counted on, ``ShortGame.hand``, then the sets it had opened), each source of its points in words, and the bonus
check's flips turning over one by one (ruling R6), each hit marked with the
cards it matched. The flips are paced on the ``dt`` the frame passes; Space
or a click skips to the end. A pile-out (R5) says that nobody scores.

:func:`goal_picture` is what the screen shows at a moment of its clock, as
plain data; :func:`paint_goal` paints it, on the table or in the summary.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.core.words import plural
from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.hands import laid_out_sets
from tabletop.games.phantom_rummy.model import ShortGame, Source
from tabletop.games.phantom_rummy.rules import flip_hits, legendary_card
from tabletop.games.phantom_rummy.table.layout import goal_height
from tabletop.games.phantom_rummy.table.looks import card_face, draw_phantom_card
from tabletop.ui.cards import CardPainter
from tabletop.ui.theme import Colour, Theme
from tabletop.ui.widgets import draw_text, fit_text

# seconds, at animation speed 1
LEAD = 0.5
FLIP = 0.6
HOLD = 0.6


class GoalShow:
    """The goal screen's clock: the lead-in, one turn per flip, a short hold."""

    def __init__(
        self,
        result: ShortGame,
        number: int,
        theme: Theme,
        opened: Sequence[tuple[Card, ...]] = (),
    ) -> None:
        self.result = result
        self.number = number
        #: the scorer's eight cards as scored, which the goal shows every seat, and its open sets
        self.hand = result.hand
        self.opened = tuple(opened)
        flips = len(result.flips) if result.goal is not None else 0
        self.lead = theme.duration(LEAD)
        self.flip = theme.duration(FLIP)
        self.total = self.lead + flips * self.flip + theme.duration(HOLD) if flips else self.lead
        self.clock = 0.0

    @property
    def done(self) -> bool:
        return self.clock >= self.total

    def skip(self) -> None:
        self.clock = self.total

    def update(self, dt: float) -> None:
        self.clock = min(self.total, self.clock + dt)

    def flip_progress(self, i: int) -> float:
        """How far flip ``i`` has turned, 0 (face down) to 1 (face up)."""
        if self.flip <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.clock - self.lead - i * self.flip) / self.flip))


def source_words(source: Source, short: bool = False) -> str:
    """One source of a goal's points in words; ``short`` leaves out the red
    cards' names (the cards drawn below carry their R marks). The bonus
    check names no cards: each flip's tag says what it hit."""
    n = source.points
    titles = ", ".join(c.title for c in source.cards)
    if source.kind == "sets":
        return f"{plural(n, 'open set')}: {n}"
    if source.kind == "red":
        if short:
            return f"{plural(len(source.cards), 'red card')}: {n}"
        return f"{plural(len(source.cards), 'red card')} ({titles}): {n}"
    if source.kind == "condition":
        return f"Condition met, {titles}: {n}"
    if source.kind == "item":
        return f"The legendary {source.cards[0].name} wins the match"
    return f"Bonus check: {n}"


def goal_sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The goal hand as scored (``ShortGame.hand``: its small set and two big
    sets, in the reading the points were counted on); none for a pile-out."""
    return laid_out_sets(hand) if hand else []


@dataclass(frozen=True)
class FlipSpot:
    """A card of the bonus check: how far it has turned (0 face down, 1 face
    up) and, once up, its tag ("+2", "miss") in a colour."""

    card: Card
    turned: float
    tag: tuple[str, Colour] | None


@dataclass(frozen=True)
class GoalPicture:
    """The goal screen (see the module docstring): its title in a colour and
    the line under it; for a goal, the goal hand by sets, the open sets and
    the flips. A pile-out has only the two lines."""

    title: str
    colour: Colour
    words: str
    words_colour: Colour
    scored: bool
    #: ``words`` without the red cards' names, when ``words`` is too long
    short_words: str = ""
    hand: tuple[tuple[Card, ...], ...] = ()
    opened: tuple[tuple[Card, ...], ...] = ()
    flips: tuple[FlipSpot, ...] = ()


def goal_picture(show: GoalShow, names: Sequence[str], t: Theme) -> GoalPicture:
    """What the goal screen shows at ``show``'s clock."""
    result = show.result
    if result.goal is None:
        return GoalPicture(
            f"Short game {show.number}: the pile ran out",
            t.text,
            "Nobody scores.",
            t.text_dim,
            scored=False,
        )
    seat = result.goal
    style = t.player(seat)
    gained = result.points[seat]
    title = f"{style.glyph} {names[seat]} scores a goal: {plural(gained, 'point')}"
    if result.discarder is not None:
        title += f", off {names[result.discarder]}'s discard"
    card = legendary_card(result) if result.instant else None
    if card is not None:
        title += f". The legendary {card.name} wins the match!"
    # the sources of the points (the bonus once the flips have turned)
    shown = [s for s in result.sources if s.kind != "bonus" or show.done]
    text = " · ".join(source_words(s) for s in shown) or "No points."
    short = " · ".join(source_words(s, short=True) for s in shown) or "No points."
    if show.done and result.discarder is not None and result.points[result.discarder] < 0:
        pays = f" · {names[result.discarder]} pays {-result.points[result.discarder]}"
        text, short = text + pays, short + pays
    flips = []
    for i, (flip, hit) in enumerate(zip(result.flips, flip_hits(result))):
        k = show.flip_progress(i)
        tag = None
        if k >= 1:
            tag = (f"+{hit}", t.ok) if hit else ("miss", t.text_dim)
        flips.append(FlipSpot(flip, k, tag))
    return GoalPicture(
        title,
        style.colour,
        text,
        t.text,
        scored=True,
        short_words=short,
        hand=tuple(goal_sets(show.hand)),
        opened=show.opened,
        flips=tuple(flips),
    )


@dataclass(frozen=True)
class GoalPlaces:
    """Where the goal screen's cards go in its rect: each card's centre x
    (the goal hand's sets, then the open sets, then the flips, in order),
    the x of the labels "goal hand", "open" and "bonus check" (None for a
    part with no cards), the cards' centre y, and the flips' step (a tag
    under each flip is no wider than it)."""

    hand: tuple[float, ...]
    opened: tuple[float, ...]
    flips: tuple[float, ...]
    labels: tuple[float | None, float | None, float | None]
    cy: int
    flip_step: float


def goal_places(
    t: Theme, painter: CardPainter, goal: GoalPicture, inner: pygame.Rect
) -> GoalPlaces:
    """Lay the goal screen's cards out inside ``inner``: a set's cards
    overlapping, gaps between sets and parts, the flips side by side; when
    that is wider than the screen every step and gap shrinks by one factor
    (the sets' cards down to a third of a card showing, the flips to what
    their tags need, then further), so the last flip's right edge stays
    inside: the bonus card fits the banner at every size."""
    w, h = painter.card_size
    line = t.font("body", bold=True).get_linesize()
    small = t.small.get_linesize()
    cy = inner.y + line + 2 * small + t.px(4) + h // 2
    sets = [*goal.hand, *goal.opened]
    tag = t.font("small", bold=True)
    tag_w = max(tag.size("miss")[0], tag.size("+99")[0]) + t.px(4)
    step, gap, flip_step = w * 0.62, w * 0.3, float(w + t.px(8))
    n_flips = len(goal.flips)

    def width(step: float, gap: float, flip_step: float) -> float:
        cards = sum(w + step * (len(laid) - 1) for laid in sets) + gap * max(0, len(sets) - 1)
        flips = w + flip_step * (n_flips - 1) + gap if n_flips else 0.0
        return cards + flips

    room = inner.w
    if width(step, gap, flip_step) > room:
        # first the overlap grows and the flips close up, to what stays readable
        low = (w * 0.34, w * 0.12, float(max(tag_w, w * 0.5)))
        full = width(step, gap, flip_step)
        least = width(*low)
        k = (full - room) / (full - least) if full > least else 1.0
        k = min(1.0, k)
        step, gap, flip_step = (a + (b - a) * k for a, b in zip((step, gap, flip_step), low))
        over = width(step, gap, flip_step)
        if over > room:  # then everything closes up by one factor
            fixed = w * (len(sets) + (1 if n_flips else 0))
            f = max(0.0, (room - fixed) / max(1.0, over - fixed))
            step, gap, flip_step = step * f, gap * f, flip_step * f
    x = float(inner.x)
    xs: list[list[float]] = [[], []]
    labels: list[float | None] = [None, None, None]
    for part, groups in enumerate((goal.hand, goal.opened)):
        for i, laid in enumerate(groups):
            if i == 0:
                labels[part] = x
            for j in range(len(laid)):
                xs[part].append(x + w / 2 + j * step)
            x += w + step * (len(laid) - 1) + gap
    flips: list[float] = []
    if n_flips:
        labels[2] = x
        flips = [x + w / 2 + i * flip_step for i in range(n_flips)]
    return GoalPlaces(
        tuple(xs[0]), tuple(xs[1]), tuple(flips), (labels[0], labels[1], labels[2]), cy, flip_step
    )


def paint_goal(
    surface: pygame.Surface,
    t: Theme,
    painter: CardPainter,
    goal: GoalPicture,
    rect: pygame.Rect,
    *,
    advanced: bool,
    framed: bool = True,
) -> None:
    """The goal screen in ``rect`` with cards of ``painter``'s size;
    ``framed`` draws its own panel (on the table; the summary has one)."""
    r = rect
    if framed:
        pygame.draw.rect(surface, t.shadow, r.move(0, t.px(4)), border_radius=t.px(14))
        pygame.draw.rect(surface, t.panel, r, border_radius=t.px(14))
        pygame.draw.rect(surface, t.panel_edge, r, max(1, t.px(2)), border_radius=t.px(14))
        inner = r.inflate(-2 * t.px(14), -2 * t.px(10))
    else:
        inner = r
    head = t.font("body", bold=True)
    line = head.get_linesize()
    if not goal.scored:
        draw_text(
            surface, head, goal.title, goal.colour, pygame.Rect(inner.x, inner.y, inner.w, line)
        )
        draw_text(
            surface,
            t.body,
            goal.words,
            goal.words_colour,
            pygame.Rect(inner.x, inner.y + line, inner.w, line),
        )
        return
    draw_text(
        surface,
        head,
        fit_text(head, goal.title, inner.w),
        goal.colour,
        pygame.Rect(inner.x, inner.y, inner.w, line),
    )
    small = t.small.get_linesize()
    words = goal.words
    if t.small.size(words)[0] > inner.w and goal.short_words:
        words = goal.short_words
    draw_text(
        surface,
        t.small,
        fit_text(t.small, words, inner.w),
        goal.words_colour,
        pygame.Rect(inner.x, inner.y + line, inner.w, small),
    )
    # the cards: the goal hand by sets, the open sets, then the bonus check
    places = goal_places(t, painter, goal, inner)
    w, h = painter.card_size
    cy = places.cy
    words_at = zip(("goal hand", "open", "bonus check"), places.labels, strict=True)
    for text, at in words_at:
        if at is not None:
            label = t.small.render(text, True, t.text_dim)
            surface.blit(label, label.get_rect(bottomleft=(round(at), cy - h // 2 - t.px(1))))
    hand = [c for laid in goal.hand for c in sorted(laid)]
    opened = [c for laid in goal.opened for c in sorted(laid)]
    for card, x in (*zip(hand, places.hand), *zip(opened, places.opened)):
        draw_phantom_card(surface, t, painter, card, (x, cy, 0.0), advanced=advanced)
    for flip, x in zip(goal.flips, places.flips, strict=True):
        k = flip.turned
        cx = round(x)
        if k >= 1:
            draw_phantom_card(surface, t, painter, flip.card, (cx, cy, 0.0), advanced=advanced)
        else:
            face = card_face(t, flip.card, advanced) if k >= 0.5 else None
            sprite = painter.sprite(face)
            sw = max(1, round(sprite.get_width() * abs(math.cos(math.pi * k))))
            img = pygame.transform.smoothscale(sprite, (sw, sprite.get_height()))
            surface.blit(img, img.get_rect(center=(cx, cy)))
        if flip.tag is not None:
            text, colour = flip.tag
            tag = t.font("small", bold=True).render(text, True, colour)
            surface.blit(tag, tag.get_rect(midtop=(cx, cy + h // 2 + t.px(2))))


__all__ = [
    "FLIP",
    "HOLD",
    "LEAD",
    "FlipSpot",
    "GoalPicture",
    "GoalShow",
    "flip_hits",
    "goal_height",
    "goal_picture",
    "goal_places",
    "GoalPlaces",
    "goal_sets",
    "paint_goal",
    "source_words",
]
