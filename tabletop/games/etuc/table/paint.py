"""Painting Planet etuC's table from its picture (``picture.py``): panels,
cards, words. Nothing here reads the game or the table's state, and nothing
is written back: a frame is its picture, painted.
"""

from __future__ import annotations

import math

import pygame

from tabletop.core.words import plural
from tabletop.games.etuc.rules import PURPLE, Card
from tabletop.games.etuc.table.layout import Layout, Painters, chip_row
from tabletop.games.etuc.table.looks import card_face
from tabletop.games.etuc.table.picture import CardSpot, EtucPicture, Line, Pop, SeatPanel, Stack
from tabletop.ui.cards import CardPainter, draw_card, draw_fan, draw_outline, fan_layout
from tabletop.ui.hand import draw_focus_ring
from tabletop.ui.theme import Theme, mix, text_on
from tabletop.ui.widgets import (
    FocusGroup,
    badge_room,
    draw_badge,
    draw_headed_panel,
    draw_text,
    fit_text,
    seat_head,
    wrap_text,
)


def paint(
    surface: pygame.Surface,
    t: Theme,
    layout: Layout,
    painters: Painters,
    buttons: FocusGroup,
    picture: EtucPicture,
) -> None:
    """The whole table (the frame has laid the felt)."""
    _match(surface, t, layout.match, picture)
    _rank_card(surface, t, layout.rank, picture)
    for seat in picture.seats:
        _seat(surface, t, layout.seats[seat.seat], painters.mini, seat)
    _round(surface, t, layout.label, picture)
    _stack(surface, t, layout, painters.stack, picture.stack)
    _message(surface, t, layout.message, picture)
    _hand(surface, t, painters.hand, picture.hand)
    buttons.draw_widgets(surface, t)
    _hint_marks(surface, t, layout, picture)
    if picture.pop is not None:
        _pop(surface, t, picture.pop)


def _line(
    surface: pygame.Surface,
    t: Theme,
    font_size: str,
    line: Line,
    rect: pygame.Rect,
    align: str = "left",
) -> None:
    draw_text(surface, t.font(font_size, bold=line.bold), line.text, line.colour, rect, align)


def _match(surface: pygame.Surface, t: Theme, rect: pygame.Rect, picture: EtucPicture) -> None:
    r = draw_headed_panel(surface, t, rect, "Match", t.px(16))
    line = t.small.get_linesize()
    match = picture.match
    draw_text(
        surface,
        t.font("small", bold=True),
        match.heading,
        t.text_dim,
        pygame.Rect(r.x, r.y, r.w, line),
    )
    y = r.y + line + t.px(4)
    for name, points in match.rows:
        row = pygame.Rect(r.x, y, r.w, line)
        _line(surface, t, "small", name, pygame.Rect(row.x, row.y, row.w - t.px(40), line))
        _line(surface, t, "small", points, row, "right")
        y += line
    if match.last:
        draw_text(surface, t.small, match.last, t.text_dim, pygame.Rect(r.x, y, r.w, line))


def _rank_card(surface: pygame.Surface, t: Theme, rect: pygame.Rect, picture: EtucPicture) -> None:
    r = draw_headed_panel(surface, t, rect, "Rank card", t.px(16))
    line = t.small.get_linesize()
    rank = picture.rank
    draw_text(surface, t.small, rank.numbers, t.text, pygame.Rect(r.x, r.y, r.w, line))
    draw_text(
        surface,
        t.small,
        "Symbols, weakest first:",
        t.text_dim,
        pygame.Rect(r.x, r.y + line, r.w, line),
    )
    y = r.y + 2 * line
    chip = line
    row_h = chip_row(t)
    bar_w = int(r.w * 0.36)
    bold = t.font("small", bold=True)
    for row in rank.rows:
        box = pygame.Rect(r.x, y + (row_h - chip) // 2, chip, chip)
        pygame.draw.rect(surface, row.colour, box, border_radius=t.px(4))
        g = bold.render(row.glyph, True, text_on(row.colour))
        surface.blit(g, g.get_rect(center=box.center))
        text_r = pygame.Rect(box.right + t.px(6), y, r.w - chip - t.px(10) - bar_w, row_h)
        draw_text(surface, t.small, row.name, t.text, text_r)
        full = max(t.px(4), int(bar_w * row.strength))
        bar = pygame.Rect(r.right - bar_w, box.centery - chip // 6, full, max(2, chip // 3))
        pygame.draw.rect(surface, row.colour, bar, border_radius=t.px(2))
        y += row_h
    draw_text(surface, t.small, rank.unbeatable, t.text_dim, pygame.Rect(r.x, y, r.w, line))


def _seat(
    surface: pygame.Surface, t: Theme, r: pygame.Rect, mini: CardPainter, seat: SeatPanel
) -> None:
    pygame.draw.rect(surface, t.felt_dark, r, border_radius=t.px(12))
    if seat.to_move:
        pygame.draw.rect(surface, seat.name.colour, r, t.px(3), border_radius=t.px(12))
    head = seat_head(t, r)
    if seat.badge:
        draw_badge(surface, t, seat.badge, seat.badge_colour, midright=head.midright)
    badge_w = badge_room(t, seat.badge)
    _line(
        surface, t, seat.name_font, seat.name, pygame.Rect(head.x, head.y, head.w - badge_w, head.h)
    )
    fan_area = pygame.Rect(
        r.x + t.px(10), head.bottom + t.px(4), r.w - t.px(20), r.bottom - head.bottom - t.px(10)
    )
    count = t.font("body", bold=True).render(plural(seat.cards, "card"), True, t.text)
    count_r = count.get_rect(midright=(fan_area.right, fan_area.centery))
    fan_area.w -= count_r.w + t.px(10)
    for p in fan_layout(seat.cards, fan_area, mini.card_size, max_spread_deg=16.0, max_step=0.32):
        draw_card(surface, mini, None, p)
    surface.blit(count, count_r)


def _round(surface: pygame.Surface, t: Theme, r: pygame.Rect, picture: EtucPicture) -> None:
    head, line = picture.round
    colour = mix(t.panel, t.accent, 0.35) if picture.round_on else t.panel
    pygame.draw.rect(surface, colour, r, border_radius=t.px(12))
    pygame.draw.rect(surface, t.panel_edge, r, t.px(2), border_radius=t.px(12))
    hl = t.heading.get_linesize()
    draw_text(
        surface,
        t.heading,
        head,
        t.text,
        pygame.Rect(r.x + t.px(12), r.y + t.px(4), r.w - t.px(24), hl),
        "center",
    )
    sub = pygame.Rect(r.x + t.px(12), r.y + t.px(4) + hl, r.w - t.px(24), t.small.get_linesize())
    draw_text(surface, t.small, line, t.text_dim, sub, "center")


def _face_up(surface: pygame.Surface, t: Theme, painter: CardPainter, spot: CardSpot) -> None:
    """A card as its spot says: its pose is where it lies once lifted by its look."""
    pose = spot.pose.raised(-painter.lift(spot.look))
    if spot.alpha >= 255:
        draw_card(surface, painter, card_face(t, spot.card), pose, spot.look)
        return
    sprite = painter.sprite(card_face(t, spot.card), spot.look, 0.0).copy()
    sprite.set_alpha(spot.alpha)
    surface.blit(sprite, sprite.get_rect(center=(round(spot.pose.x), round(spot.pose.y))))


def _stack(
    surface: pygame.Surface, t: Theme, layout: Layout, painter: CardPainter, stack: Stack
) -> None:
    clip = surface.get_clip()
    surface.set_clip(layout.table)
    for spot in stack.cards:
        _face_up(surface, t, painter, spot)
    if stack.tag is not None:
        _play_tag(surface, t, layout, painter, stack.tag, stack.tag_poses)
    surface.set_clip(clip)
    if stack.empty:
        draw_text(surface, t.body, stack.empty, mix(t.felt, t.text, 0.5), layout.stack, "center")


def _play_tag(
    surface: pygame.Surface, t: Theme, layout: Layout, painter: CardPainter, tag: Line, poses: tuple
) -> None:
    """Who made the last play: a tag in their colour under its cards."""
    img = t.font("small", bold=True).render(tag.text, True, text_on(tag.colour))
    h = painter.card_height
    x = sum(p.x for p in poses) / len(poses)
    pill = pygame.Rect(0, 0, img.get_width() + t.px(14), img.get_height() + t.px(4))
    pill.midtop = (round(x), round(poses[-1].y + h / 2 + t.px(6)))
    if pill.bottom > layout.stack.bottom:  # no room below: on the cards' lower edge
        pill.bottom = round(poses[-1].y + h / 2 - t.px(4))
    pill.clamp_ip(layout.stack)
    pygame.draw.rect(surface, tag.colour, pill, border_radius=pill.h // 2)
    surface.blit(img, img.get_rect(center=pill.center))


def _message(surface: pygame.Surface, t: Theme, r: pygame.Rect, picture: EtucPicture) -> None:
    line = t.small.get_linesize()
    text = picture.message
    font = t.font("small", bold=text.bold)
    own_img = t.font("small", bold=True).render(picture.own.text, True, picture.own.colour)
    own_r = own_img.get_rect(bottomright=(r.right, r.bottom))
    surface.blit(own_img, own_r)
    width = r.w - own_r.w - t.px(16)
    lines = wrap_text(font, text.text, width)[:2]
    y = r.bottom - len(lines) * line
    for ln in lines:
        draw_text(
            surface, font, fit_text(font, ln, width), text.colour, pygame.Rect(r.x, y, width, line)
        )
        y += line


def _hand(
    surface: pygame.Surface, t: Theme, painter: CardPainter, cards: tuple[CardSpot, ...]
) -> None:
    size = painter.card_size
    for spot in cards:
        _face_up(surface, t, painter, spot)
        if spot.hinted:  # ringed in the hint's colour
            draw_outline(surface, spot.pose, size, t.hint, max(3, t.px(4)), grow=t.px(3))
        if spot.focused:  # the cards above it in the fan cover its ring as they cover it
            draw_focus_ring(surface, spot.pose, size)


def _hint_marks(surface: pygame.Surface, t: Theme, layout: Layout, picture: EtucPicture) -> None:
    """Over the buttons: "Hint" on the hinted cards' faces (their corners
    stay readable, the line above the hand stays clear), or Pass ringed
    (the line under the table says "Hint: pass")."""
    if picture.hint_pass:
        around = layout.buttons[1].inflate(t.px(10), t.px(10))
        pygame.draw.rect(surface, t.hint, around, max(3, t.px(4)), border_radius=t.px(10))
    elif picture.hint_cards is not None:
        box = picture.hint_cards.clip(layout.table)
        font = t.font("small", bold=True)
        img = font.render("Hint", True, text_on(t.hint))
        pill = pygame.Rect(0, 0, img.get_width() + t.px(16), img.get_height() + t.px(6))
        pill.center = (box.centerx, box.y + box.h * 2 // 3)
        pill.clamp_ip(layout.table)
        pygame.draw.rect(surface, t.hint, pill, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))


def _pop(surface: pygame.Surface, t: Theme, pop: Pop) -> None:
    """The Pass badge, growing then fading at the seat that passed."""
    k = pop.progress
    scale = 0.6 + 0.5 * math.sin(min(1.0, k * 2.2) * math.pi / 2) - 0.1 * max(0.0, k - 0.45) / 0.55
    font = t.font(26 * scale, bold=True)
    img = font.render(pop.text, True, t.text)
    pill = pygame.Rect(0, 0, img.get_width() + t.px(24), img.get_height() + t.px(8))
    pill.center = pop.centre
    box = pygame.Surface(pill.size, pygame.SRCALPHA)
    alpha = 255 if k < 0.7 else round(255 * (1 - (k - 0.7) / 0.3))
    pygame.draw.rect(box, (*t.warning, alpha), box.get_rect(), border_radius=pill.h // 2)
    img.set_alpha(alpha)
    surface.blit(box, pill)
    surface.blit(img, img.get_rect(center=pill.center))


# -- the title screen's picture ------------------------------------------------------------


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """Five fanned cards climbing in number and symbol, the last one the purple top card."""
    cards = [Card(1, 1), Card(2, 2), Card(3, 3), Card(4, 4), Card(6, PURPLE)]
    faces = [card_face(theme, c) for c in cards]
    draw_fan(
        surface,
        rect,
        faces,
        height=0.78,
        inset=10,
        max_spread_deg=36.0,
        deg_per_card=9.0,
        max_step=0.5,
    )
