"""The goal screen: how a short game ended, over the top of the table.

When a move ends a short game the frame holds the deal's summary
(``deal_summary``); until the bonus check has played out, and under the
summary panel after it, this screen shows the scorer's goal hand laid out by
sets (its small set and two big sets, ``hands.goal_decompositions``, then
the sets it had opened), each source of its points in words, and the bonus
check's flips turning over one by one (ruling R6), each hit marked with the
cards it matched. The flips are paced on the ``dt`` the frame passes; Space
or a click skips to the end. A pile-out (R5) says that nobody scores.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame

from tabletop.core.words import plural
from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.hands import goal_decompositions
from tabletop.games.phantom_rummy.model import ShortGame, Source
from tabletop.games.phantom_rummy.scene_look import card_face
from tabletop.ui.cards import draw_card
from tabletop.ui.theme import Theme, mix
from tabletop.ui.widgets import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from tabletop.games.phantom_rummy.scene import PhantomScene

# seconds, at animation speed 1
LEAD = 0.5
FLIP = 0.6
HOLD = 0.6


class GoalShow:
    """The goal screen's clock: the lead-in, one turn per flip, a short hold."""

    def __init__(self, result: ShortGame, number: int, theme: Theme) -> None:
        self.result = result
        self.number = number
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


def source_words(source: Source) -> str:
    """One source of a goal's points in words."""
    n = source.points
    titles = ", ".join(c.title for c in source.cards)
    if source.kind == "sets":
        return f"{plural(n, 'open set')}: {n}"
    if source.kind == "red":
        return f"{plural(len(source.cards), 'red card')} ({titles}): {n}"
    if source.kind == "condition":
        return f"Condition met, {titles}: {n}"
    if source.kind == "item":
        return f"Legendary item, {titles}: {n}"
    return f"Bonus check, matching {titles}: {n}"


def flip_hits(result: ShortGame) -> list[int]:
    """Per flip, how many of the scorer's cards it matched (the bonus source's
    cards of its kind)."""
    bonus = [c for s in result.sources if s.kind == "bonus" for c in s.cards]
    return [len({c for c in bonus if c.kind == flip.kind}) for flip in result.flips]


def goal_sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The goal hand as its small set and two big sets (the first reading), or
    the hand as it is when it reads no way."""
    readings = goal_decompositions(hand)
    if not readings:
        return [tuple(hand)] if hand else []
    r = readings[0]
    return [r.small, *r.big]


def _draw_cards_row(
    scene: PhantomScene, surface: pygame.Surface, sets: list[tuple[Card, ...]], x: int, cy: int
) -> int:
    """Sets of cards side by side from ``x`` (a gap between sets); returns the right edge."""
    t = scene.app.theme
    painter = scene.goal_painter
    w, _ = painter.card_size
    step, gap = round(w * 0.62), round(w * 0.3)
    for laid in sets:
        for c in sorted(laid):
            draw_card(surface, painter, card_face(t, c, scene.advanced), (x + w / 2, cy, 0.0))
            x += step
        x += w - step + gap
    return x


def draw_goal(scene: PhantomScene, surface: pygame.Surface, view: Any) -> None:
    """The goal screen over the top of the table (see the module docstring)."""
    show = scene.goal
    if show is None:
        return
    t = scene.app.theme
    result = show.result
    r = scene.goal_rect
    pygame.draw.rect(surface, t.shadow, r.move(0, t.px(4)), border_radius=t.px(14))
    pygame.draw.rect(surface, t.panel, r, border_radius=t.px(14))
    pygame.draw.rect(surface, t.panel_edge, r, max(1, t.px(2)), border_radius=t.px(14))
    inner = r.inflate(-2 * t.px(14), -2 * t.px(10))
    names = scene.session.names
    head = t.font("body", bold=True)
    line = head.get_linesize()
    if result.goal is None:
        draw_text(surface, head, f"Short game {show.number}: the pile ran out", t.text, pygame.Rect(inner.x, inner.y, inner.w, line))
        draw_text(surface, t.body, "Nobody scores (ruling R5).", t.text_dim, pygame.Rect(inner.x, inner.y + line, inner.w, line))
        return
    seat = result.goal
    style = t.player(seat)
    gained = result.points[seat]
    title = f"{style.glyph} {names[seat]} scores a goal: {plural(gained, 'point')}"
    if result.discarder is not None:
        title += f", off {names[result.discarder]}'s discard"
    if result.instant:
        title += ". The legendary Item wins the match!"
    draw_text(surface, head, fit_text(head, title, inner.w), style.colour, pygame.Rect(inner.x, inner.y, inner.w, line))
    # the cards: the goal hand by sets, the open sets, then the bonus check
    painter = scene.goal_painter
    w, h = painter.card_size
    cy = inner.y + line + t.px(8) + h // 2
    hand = getattr(result, "hand", ())  # the scorer's eight cards, when the rules keep them
    opened = list(view.opened[seat]) if view.opened[seat] else []
    x = _draw_cards_row(scene, surface, goal_sets(hand), inner.x, cy)
    if opened:
        label = t.small.render("open:", True, t.text_dim)
        surface.blit(label, label.get_rect(midleft=(x, cy - h // 2 + label.get_height() // 2)))
        x = _draw_cards_row(scene, surface, opened, x + label.get_width() + t.px(6), cy)
    if result.flips:
        x = max(x, inner.x + inner.w // 2)
        label = t.small.render("Bonus check:", True, t.text_dim)
        surface.blit(label, (x, cy - h // 2))
        x += label.get_width() + t.px(8)
        hits = flip_hits(result)
        step = min(w + t.px(8), (inner.right - x - w) // max(1, len(result.flips) - 1)) if len(result.flips) > 1 else w
        for i, (flip, hit) in enumerate(zip(result.flips, hits)):
            k = show.flip_progress(i)
            cx = x + i * step + w // 2
            face = card_face(t, flip, scene.advanced) if k >= 0.5 else None
            sprite = painter.sprite(face)
            sw = max(1, round(sprite.get_width() * abs(math.cos(math.pi * k))))
            img = pygame.transform.smoothscale(sprite, (sw, sprite.get_height()))
            surface.blit(img, img.get_rect(center=(cx, cy)))
            if k >= 1:
                text, colour = (f"+{hit}", t.ok) if hit else ("miss", t.text_dim)
                tag = t.font("small", bold=True).render(text, True, colour)
                surface.blit(tag, tag.get_rect(midtop=(cx, cy + h // 2 + t.px(2))))
    # the sources of the points, once the flips have turned
    y = cy + h // 2 + t.small.get_linesize() + t.px(6)
    words = [source_words(s) for s in result.sources if s.kind != "bonus" or show.done]
    text = " · ".join(words) or "No points."
    if show.done and result.discarder is not None and result.points[result.discarder] < 0:
        text += f" · {names[result.discarder]} pays {-result.points[result.discarder]}"
    colour = t.text if show.done else mix(t.text, t.text_dim, 0.5)
    for k, part in enumerate(_wrap_two(t, text, inner.w)):
        draw_text(surface, t.small, part, colour, pygame.Rect(inner.x, y + k * t.small.get_linesize(), inner.w, t.small.get_linesize()))


def _wrap_two(t: Theme, text: str, width: int) -> list[str]:
    lines = wrap_text(t.small, text, width)
    if len(lines) > 2:
        lines = [lines[0], fit_text(t.small, " ".join(lines[1:]), width)]
    return lines


__all__ = ["GoalShow", "draw_goal", "flip_hits", "goal_sets", "source_words"]
