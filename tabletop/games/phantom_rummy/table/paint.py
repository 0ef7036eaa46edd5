"""Painting Phantom Rummy's table: a :class:`PhantomPicture` in the regions
``layout.py`` gave. Nothing here reads the position or writes to the table.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.table.goal import paint_goal
from tabletop.games.phantom_rummy.table.layout import (
    Layout,
    Painters,
    prompt_split,
    prompt_title,
    prompt_words_top,
)
from tabletop.games.phantom_rummy.table.looks import draw_phantom_card
from tabletop.games.phantom_rummy.table.picture import (
    MatchPanel,
    Message,
    PhantomPicture,
    Pile,
    Prompt,
    Row,
    SeatPanel,
)
from tabletop.ui.cards import CardPainter, Look, Pose, draw_card, draw_outline
from tabletop.ui.hand import draw_focus_ring
from tabletop.ui.theme import Colour, Theme, mix, text_on
from tabletop.ui.widgets import FocusGroup, Panel, draw_badge, draw_text, fit_text, wrap_text


class Canvas:
    """What every part of the painting needs: the surface, the theme, the
    regions, the painters, and whether the advanced rules' faces show."""

    def __init__(
        self,
        surface: pygame.Surface,
        t: Theme,
        shape: Layout,
        painters: Painters,
        advanced: bool,
    ) -> None:
        self.surface, self.t, self.shape, self.painters = surface, t, shape, painters
        self.advanced = advanced

    def card(
        self,
        painter: CardPainter,
        card: Card | None,
        pose: Pose | tuple[float, float, float],
        look: Look = Look.NORMAL,
    ) -> None:
        """``card`` face up (a back for None) at ``pose``, a red one marked."""
        if card is None:
            draw_card(self.surface, painter, None, pose, look)
        else:
            draw_phantom_card(self.surface, self.t, painter, card, pose, look, self.advanced)


def paint(
    surface: pygame.Surface,
    t: Theme,
    shape: Layout,
    painters: Painters,
    buttons: FocusGroup,
    picture: PhantomPicture,
) -> None:
    c = Canvas(surface, t, shape, painters, picture.advanced)
    _match(c, picture.match)
    for seat in picture.seats:
        _seat(c, seat)
    _pile(c, picture.pile_size)
    _row(c, picture.row)
    _prompt(c, picture.prompt)
    _mine(c, picture)
    _message(c, picture.message)
    _hand(c, picture)
    buttons.draw_widgets(surface, t)  # their tooltips: the frame, above the log
    if picture.hint_button is not None and picture.hint_tag is not None:
        _hint_ring(c, picture.hint_button, picture.hint_tag)
    for flight in picture.flights:
        painter = getattr(painters, flight.painter)
        c.card(painter, flight.card, flight.pose)
    if picture.goal is not None:
        paint_goal(surface, t, painters.goal, picture.goal, shape.goal, advanced=picture.advanced)


def _panel(c: Canvas, r: pygame.Rect, edge: Colour | None = None) -> None:
    t = c.t
    pygame.draw.rect(c.surface, t.felt_dark, r, border_radius=t.px(12))
    if edge is not None:
        pygame.draw.rect(c.surface, edge, r, max(2, t.px(3)), border_radius=t.px(12))


def _match(c: Canvas, match: MatchPanel) -> None:
    t, surface = c.t, c.surface
    panel = Panel()
    panel.rect = c.shape.match
    panel.draw(surface, t)
    r = panel.content_rect(t)
    bold = t.font("body", bold=True)
    draw_text(surface, bold, "Match", t.text, pygame.Rect(r.x, r.y, r.w, bold.get_linesize()))
    line = t.small.get_linesize()
    y = r.y + bold.get_linesize()
    for text in match.lines:
        draw_text(surface, t.small, text, t.text_dim, pygame.Rect(r.x, y, r.w, line))
        y += line
    for row in match.rows:
        font = t.font("small", bold=row.bold)
        place = pygame.Rect(r.x, y, r.w, line)
        draw_text(surface, font, fit_text(font, row.name, r.w - t.px(36)), row.colour, place)
        draw_text(surface, font, row.score, t.text, place, "right")
        y += line
    if match.last:
        draw_text(
            surface,
            t.small,
            fit_text(t.small, match.last, r.w),
            t.text_dim,
            pygame.Rect(r.x, y, r.w, line),
        )


def _mini_sets(
    c: Canvas, laid: Sequence[tuple[Card, Pose]], area: pygame.Rect | None = None
) -> None:
    """Open sets as small face-up cards where the picture lays them; "no
    sets open" in ``area`` when there are none."""
    t = c.t
    if not laid:
        if area is not None:
            colour = mix(t.felt_dark, t.text, 0.5)
            draw_text(c.surface, t.small, "no sets open", colour, area, "left")
        return
    for card, pose in laid:
        c.card(c.painters.mini, card, pose)


def _mini_discards(c: Canvas, pile: Pile) -> None:
    t = c.t
    painter = c.painters.mini
    if pile.empty:
        text_colour = mix(t.felt_dark, t.text, 0.5)
        draw_text(c.surface, t.small, "no discards", text_colour, pile.area, "left")
        return
    for card, pose in pile.cards:
        c.card(painter, card, pose)
    if pile.ring is not None:
        draw_outline(
            c.surface, pile.ring, painter.card_size, t.focus, max(2, t.px(3)), grow=t.px(2)
        )


def _seat(c: Canvas, seat: SeatPanel) -> None:
    t, surface = c.t, c.surface
    r = c.shape.seats[seat.seat]
    _panel(c, r, seat.colour if seat.lit else None)
    pad = t.px(8)
    head = pygame.Rect(r.x + pad, r.y + t.px(4), r.w - 2 * pad, t.body.get_linesize())
    badge_w = 0
    right = head.right
    for text, colour in seat.badges:
        pill = draw_badge(surface, t, text, colour, midright=(right, head.centery))
        right = pill.x - t.px(4)
        badge_w = head.right - right
    bold = t.font("body", bold=True)
    draw_text(
        surface,
        bold,
        fit_text(bold, seat.name, head.w - badge_w),
        seat.colour,
        pygame.Rect(head.x, head.y, head.w - badge_w, head.h),
    )
    line = t.small.get_linesize()
    y = head.bottom
    draw_text(surface, t.small, seat.count, t.text_dim, pygame.Rect(head.x, y, head.w, line))
    mini_h = c.painters.mini.card_height
    y += line
    sets_area = pygame.Rect(head.x, y, head.w, mini_h + t.px(4))
    _mini_sets(c, seat.laid, sets_area)
    y = sets_area.bottom
    draw_text(surface, t.small, "discards", t.text_dim, pygame.Rect(head.x, y, head.w, line))
    _mini_discards(c, seat.discards)


def _pile(c: Canvas, size: int) -> None:
    t, surface = c.t, c.surface
    r = c.shape.pile
    line = t.small.get_linesize()
    painter = c.painters.row
    w, h = painter.card_size
    draw_text(surface, t.small, "Pile", t.text_dim, pygame.Rect(r.x, r.y, r.w, line), "center")
    cy = r.y + line + h // 2 + t.px(4)
    if size:
        for k in range(min(3, size)):
            c.card(painter, None, (r.centerx - k * 2, cy - k * 2, 0.0))
    count = t.font("body", bold=True).render(str(size), True, t.text)
    surface.blit(
        count,
        count.get_rect(
            midtop=(r.centerx, min(r.bottom - count.get_height(), cy + h // 2 + t.px(4)))
        ),
    )


def _row(c: Canvas, row: Row) -> None:
    t, surface = c.t, c.surface
    r = c.shape.row
    line = t.small.get_linesize()
    draw_text(
        surface,
        t.small,
        fit_text(t.small, row.heading, r.w),
        t.text if row.lit else t.text_dim,
        pygame.Rect(r.x, r.y, r.w, line),
        "center",
    )
    painter = c.painters.row
    for spot in row.cards:
        c.card(painter, spot.card, spot.pose, spot.look)
        if spot.hinted:
            draw_outline(
                surface, spot.pose, painter.card_size, t.hint, max(3, t.px(4)), grow=t.px(3)
            )
        if spot.focused:
            draw_focus_ring(surface, spot.pose, painter.card_size)


def _prompt(c: Canvas, prompt: Prompt) -> None:
    """The discard on offer and, when the viewer is asked, the answers; else
    what the game waits for."""
    t, surface = c.t, c.surface
    r = c.shape.prompt
    claim = prompt.claim
    _panel(c, r, t.focus if prompt.asked else None)
    inner = r.inflate(-2 * t.px(12), -2 * t.px(10))
    line = t.small.get_linesize()
    bold = t.font("body", bold=True)
    if claim is None:
        y = inner.y
        for part in wrap_text(t.body, prompt.waiting, inner.w)[:4]:
            draw_text(
                surface,
                t.body,
                part,
                t.text,
                pygame.Rect(inner.x, y, inner.w, t.body.get_linesize()),
            )
            y += t.body.get_linesize()
        return
    draw_text(
        surface,
        bold,
        fit_text(bold, claim.head.text, inner.w),
        claim.head.colour,
        pygame.Rect(inner.x, inner.y, inner.w, bold.get_linesize()),
    )
    left, _ = prompt_split(t, r)
    if not prompt.asked:  # no buttons: the words may use the whole width
        left = pygame.Rect(left.x, left.y, inner.w, left.h)
    painter = c.painters.mini
    w, h = painter.card_size
    pose = Pose(left.x + w / 2 + t.px(2), left.y + h / 2 + t.px(2), 0.0)
    c.card(painter, claim.card, pose)
    draw_outline(surface, pose, painter.card_size, claim.head.colour, max(2, t.px(3)), grow=t.px(2))
    title = t.font("small", bold=True)
    for part, place in prompt_title(t, painter, left, claim.title):
        draw_text(surface, title, part, t.text, place)
    y = prompt_words_top(t, painter, left, claim.title)
    for part in wrap_text(t.small, claim.ask, left.w)[:3]:
        draw_text(surface, t.small, part, t.text, pygame.Rect(left.x, y, left.w, line))
        y += line
    if claim.countdown is not None:
        k, words = claim.countdown
        secs = t.small.render(words, True, t.text_dim)
        bar = pygame.Rect(left.x, y + t.px(4), left.w - secs.get_width() - t.px(6), max(4, t.px(8)))
        pygame.draw.rect(surface, t.track, bar, border_radius=bar.h // 2)
        fill = bar.copy()
        fill.w = max(1, round(bar.w * k))
        pygame.draw.rect(surface, t.warning if k < 0.34 else t.ok, fill, border_radius=bar.h // 2)
        surface.blit(secs, secs.get_rect(midleft=(bar.right + t.px(6), bar.centery)))


def _mine(c: Canvas, picture: PhantomPicture) -> None:
    """The viewer's own open sets and discard pile, above the hand."""
    t, surface = c.t, c.surface
    r = c.shape.mine
    line = t.small.get_linesize()
    half = (r.w - t.px(20)) // 2
    sets = pygame.Rect(r.x, r.y, half, r.h)
    discards = pygame.Rect(r.x + half + t.px(20), r.y, r.w - half - t.px(20), r.h)
    draw_text(
        surface, t.small, "Your open sets", t.text_dim, pygame.Rect(sets.x, sets.y, sets.w, line)
    )
    _mini_sets(c, picture.mine_laid, pygame.Rect(sets.x, sets.y + line, sets.w, r.h - line))
    draw_text(
        surface,
        t.small,
        "Your discards",
        t.text_dim,
        pygame.Rect(discards.x, discards.y, discards.w, line),
    )
    _mini_discards(c, picture.mine_discards)


def _message(c: Canvas, message: Message) -> None:
    t, surface = c.t, c.surface
    r = c.shape.message
    line = t.small.get_linesize()
    img = t.font("small", bold=True).render(message.own.text, True, message.own.colour)
    surface.blit(img, img.get_rect(topright=(r.right, r.y)))
    width = r.w - img.get_width() - t.px(16)
    draw_text(
        surface,
        t.font("small", bold=True),
        fit_text(t.small, message.distance, width),
        t.text,
        pygame.Rect(r.x, r.y, width, line),
    )
    reason = message.reason
    if reason is not None:
        draw_text(
            surface,
            t.small,
            fit_text(t.small, reason.text, r.w),
            reason.colour,
            pygame.Rect(r.x, r.y + line, r.w, line),
        )


def _hand(c: Canvas, picture: PhantomPicture) -> None:
    t, surface = c.t, c.surface
    painter = c.painters.hand
    size = painter.card_size
    for spot in picture.hand:
        c.card(painter, spot.card, spot.pose, spot.look)
        drawn = spot.pose.raised(painter.lift(spot.look))
        if spot.hinted:
            draw_outline(surface, drawn, size, t.hint, max(3, t.px(4)), grow=t.px(3))
        if spot.focused:
            draw_focus_ring(surface, drawn, size)
    # each near set's waiting words under it, where the picture placed them
    font = t.font("small")
    for pill in picture.pills:
        around = pill.rect
        pygame.draw.rect(
            surface, mix(t.felt_dark, t.panel, 0.5), around, border_radius=around.h // 2
        )
        img = font.render(pill.shown, True, t.text)
        surface.blit(img, img.get_rect(center=around.center))


def _hint_ring(c: Canvas, rect: pygame.Rect, pill: pygame.Rect) -> None:
    """The hint's button ringed, a "Hint" tag where the picture put it."""
    t, surface = c.t, c.surface
    around = rect.inflate(t.px(8), t.px(8))
    pygame.draw.rect(surface, t.hint, around, max(3, t.px(3)), border_radius=t.px(10))
    tag = t.font("small", bold=True).render("Hint", True, text_on(t.hint))
    pygame.draw.rect(surface, t.hint, pill, border_radius=pill.h // 2)
    surface.blit(tag, tag.get_rect(center=pill.center))


__all__ = ["paint"]
