"""Painting Uchronicle's table: the rule board, the scores, the other seats,
the tricks, the line of advice, the chips and your hand, then what the
animation draws over them, the ring round a history card and the declare
menu. :func:`paint` paints a :class:`~.picture.UchroniclePicture` and writes
nothing back (the painters' sprites are caches).
"""

from __future__ import annotations

import pygame

from tabletop.core.words import plural
from tabletop.games.uchronicle.model import Trick
from tabletop.games.uchronicle.table.layout import Geometry, panel_pad
from tabletop.games.uchronicle.table.looks import (
    GRID,
    PAST_STEP,
    PRESENT_STEP,
    card_face,
    draw_board,
    draw_flip,
    draw_pile,
    draw_removal_mark,
    draw_tag,
    seat_tag,
)
from tabletop.games.uchronicle.table.picture import (
    BoardPicture,
    ChipSpot,
    HandSpot,
    HistoryPicture,
    MenuPicture,
    Ring,
    ScoresPicture,
    SeatPicture,
    Sprite,
    UchroniclePicture,
)
from tabletop.ui.cards import CardPainter, Pose, draw_card, draw_outline, fan_layout
from tabletop.ui.hand import draw_focus_ring
from tabletop.ui.theme import Colour, Theme, mix
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
    geo: Geometry,
    buttons: FocusGroup,
    picture: UchroniclePicture,
) -> None:
    """Paint ``picture``: the table, then the buttons (their tooltips: the
    frame, above the log), then what moves and what the mouse points at."""
    _board(surface, t, geo, picture.board)
    _scores(surface, t, geo, picture.scores)
    for seat in picture.seats:
        _seat(surface, t, geo, seat)
    _history(surface, t, geo, picture.history)
    _message(surface, t, geo, *picture.message)
    _chips(surface, t, picture.chips)
    _own(surface, t, geo, picture.own_points)
    _hand(surface, t, geo, picture.hand)
    buttons.draw_widgets(surface, t)
    _sprites(surface, t, geo, picture.sprites)
    _rings(surface, t, geo, picture.rings)
    if picture.menu is not None:
        _menu(surface, t, picture.menu)


def _board(surface: pygame.Surface, t: Theme, geo: Geometry, board: BoardPicture) -> None:
    draw_headed_panel(surface, t, geo.board_panel, board.title, panel_pad(t))
    draw_board(surface, t, geo.board, board.expert, list(board.markers), board.ghost)
    y = geo.board.bottom
    line = t.small.get_linesize()
    for text in board.foot:
        draw_text(
            surface, t.small, text, t.text_dim, pygame.Rect(geo.board.x, y, geo.board.w, line)
        )
        y += line


def _scores(surface: pygame.Surface, t: Theme, geo: Geometry, scores: ScoresPicture) -> None:
    r = draw_headed_panel(surface, t, geo.score_panel, "Negative points", panel_pad(t))
    line = t.small.get_linesize()
    bold = t.font("small", bold=True)
    draw_text(surface, bold, scores.head, t.text_dim, pygame.Rect(r.x, r.y, r.w, line))
    y = r.y + line
    cols = t.px(52)
    for text, x in (("round", r.right - 2 * cols), ("total", r.right - cols)):
        draw_text(surface, t.small, text, t.text_dim, pygame.Rect(x, y, cols, line), "right")
    if scores.deck is not None:
        draw_text(surface, t.small, scores.deck, t.text_dim, pygame.Rect(r.x, y, r.w, line))
    y += line
    for row in scores.rows:
        draw_text(surface, bold, row.text, row.colour, pygame.Rect(r.x, y, r.w - 2 * cols, line))
        draw_text(
            surface,
            bold,
            row.round,
            t.text,
            pygame.Rect(r.right - 2 * cols, y, cols, line),
            "right",
        )
        draw_text(
            surface, bold, row.total, t.text, pygame.Rect(r.right - cols, y, cols, line), "right"
        )
        y += line


def _seat(surface: pygame.Surface, t: Theme, geo: Geometry, seat: SeatPicture) -> None:
    r = geo.seats[seat.seat]
    mini = geo.painters.mini
    pygame.draw.rect(surface, t.felt_dark, r, border_radius=t.px(12))
    if seat.to_move:
        pygame.draw.rect(surface, seat.colour, r, t.px(3), border_radius=t.px(12))
    head = seat_head(t, r)
    if seat.badge:
        draw_badge(surface, t, seat.badge, seat.badge_colour, midright=head.midright)
    badge_w = badge_room(t, seat.badge)
    draw_text(
        surface,
        t.font(seat.name_font, bold=True),
        seat.title,
        seat.colour,
        pygame.Rect(head.x, head.y, head.w - badge_w, head.h),
    )
    pile = geo.pile_center(seat.seat)
    w = mini.card_size[0]
    fan = pygame.Rect(
        r.x + t.px(10),
        head.bottom + t.px(4),
        pile[0] - w - r.x - t.px(70),
        r.bottom - head.bottom - t.px(10),
    )
    count = t.small.render(plural(seat.cards, "card"), True, t.text)
    count_r = count.get_rect(midright=(fan.right, fan.centery))
    fan.w -= count_r.w + t.px(8)
    for p in fan_layout(seat.cards, fan, mini.card_size, max_spread_deg=14.0, max_step=0.28):
        draw_card(surface, mini, None, p)
    surface.blit(count, count_r)
    draw_pile(surface, t, mini, pile, seat.points)


def _own(surface: pygame.Surface, t: Theme, geo: Geometry, points: int) -> None:
    r = geo.own
    mini = geo.painters.mini
    if r.h < mini.card_height + t.small.get_linesize():
        return
    draw_text(
        surface,
        t.small,
        "You removed",
        t.text_dim,
        pygame.Rect(r.x, r.y, r.w, t.small.get_linesize()),
    )
    draw_pile(surface, t, mini, geo.pile_center(geo.viewer), points)


def _history(surface: pygame.Surface, t: Theme, geo: Geometry, h: HistoryPicture) -> None:
    painters = geo.painters
    tricks = h.tricks
    line = t.small.get_linesize()
    for i in range(GRID[0] * GRID[1]):
        slot = geo.slot_rect(i)
        pygame.draw.rect(surface, mix(t.felt, t.felt_dark, 0.6), slot, border_radius=t.px(8))
        colour = t.text if i < len(tricks) else mix(t.felt, t.text, 0.35)
        draw_text(
            surface,
            t.font("small", bold=i < len(tricks)),
            f"Trick {i + 1}",
            colour,
            pygame.Rect(slot.x + t.px(8), slot.y + t.px(2), slot.w - t.px(16), line),
        )
        if i < len(tricks) and not tricks[i]:
            draw_text(surface, t.small, "all removed", t.text_dim, slot, "center")
        if i < len(tricks):
            _trick(
                surface,
                t,
                tricks[i],
                geo.past_poses(i, len(tricks[i])),
                painters.past,
                h,
                names=None,
            )
    # the present trick
    r = geo.present
    pygame.draw.rect(surface, mix(t.felt, t.accent, 0.25), r, border_radius=t.px(12))
    pygame.draw.rect(surface, t.focus, r, max(2, t.px(3)), border_radius=t.px(12))
    bold = t.font("body", bold=True)
    draw_text(
        surface,
        bold,
        h.title,
        t.text,
        pygame.Rect(r.x + t.px(10), r.y + t.px(6), r.w - t.px(20), bold.get_linesize()),
    )
    draw_text(
        surface,
        t.small,
        h.sub,
        t.text_dim,
        pygame.Rect(r.x + t.px(10), r.y + t.px(6) + bold.get_linesize(), r.w - t.px(20), line),
    )
    poses = geo.present_poses(len(h.shown))
    _trick(surface, t, h.shown, poses, painters.present, h, names=list(h.names))
    # above each card, what makes it strong under the rules on the board
    height = painters.present.card_height
    step = geo.present_step()
    for words, p, pose in zip(h.words, h.shown, poses):
        if p.card in h.hidden:
            continue
        bottom = round(pose.y - height / 2 - t.px(2))
        for k, text in enumerate(reversed(words)):  # the last line just above the card
            at = pygame.Rect(0, 0, step, line)
            at.midbottom = (round(pose.x), bottom - k * line)
            draw_text(surface, t.small, text, t.text, at, "center")


def _trick(
    surface: pygame.Surface,
    t: Theme,
    trick: Trick,
    poses: list[Pose],
    painter: CardPainter,
    h: HistoryPicture,
    names: list[str] | None,
) -> None:
    w, height = painter.card_size
    step = poses[1].x - poses[0].x if len(poses) > 1 else w * (PRESENT_STEP if names else PAST_STEP)
    for p, pose in zip(trick, poses):
        if p.card in h.hidden:
            continue
        draw_card(surface, painter, card_face(t, p.card), pose)
        text, colour = seat_tag(t, p.seat, names)
        at = (round(pose.x), round(pose.y + height / 2 + t.px(3)))
        if p.seat is None and not names:  # "deck", wider than a strip: it reaches left
            draw_tag(surface, t, text, colour, at, 2 * w, right=round(pose.x + step / 2))
        else:
            draw_tag(surface, t, text, colour, at, int(step))
    for p, pose in zip(trick, poses):
        if p.card in h.marked and p.card not in h.hidden:
            draw_removal_mark(surface, t, pose, (w, height))


def _message(surface: pygame.Surface, t: Theme, geo: Geometry, text: str, colour: Colour) -> None:
    r = geo.msg
    line = t.small.get_linesize()
    font = t.font("small", bold=colour == t.warning)
    lines = wrap_text(font, text, r.w)[:2]
    y = r.bottom - len(lines) * line
    for ln in lines:
        draw_text(surface, font, fit_text(font, ln, r.w), colour, pygame.Rect(r.x, y, r.w, line))
        y += line


def _chips(surface: pygame.Surface, t: Theme, chips: tuple[ChipSpot, ...]) -> None:
    for chip in chips:
        rect = chip.rect
        colour = t.accent if chip.chosen else (t.button_hover if chip.hovered else t.button)
        pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
        if chip.chosen:
            edge = t.danger if chip.refused else t.focus
            pygame.draw.rect(surface, edge, rect, max(2, t.px(3)), border_radius=rect.h // 2)
        if chip.hinted:
            pygame.draw.rect(
                surface,
                t.hint,
                rect.inflate(t.px(6), t.px(6)),
                max(2, t.px(3)),
                border_radius=rect.h // 2 + t.px(3),
            )
        ink = t.accent_text if chip.chosen else t.text
        draw_text(
            surface,
            t.font("small", bold=True) if chip.chosen else t.small,
            chip.text,
            ink,
            rect.inflate(-t.px(12), 0),
            "center",
        )


def _hand(surface: pygame.Surface, t: Theme, geo: Geometry, hand: tuple[HandSpot, ...]) -> None:
    painter = geo.painters.hand
    size = painter.card_size
    for spot in hand:
        draw_card(surface, painter, card_face(t, spot.card), spot.pose, spot.look)
        pose = spot.pose.raised(painter.lift(spot.look))
        if spot.hinted:
            draw_outline(surface, pose, size, t.hint, max(3, t.px(4)), grow=t.px(3))
        if spot.focused:
            draw_focus_ring(surface, pose, size)


def _sprites(surface: pygame.Surface, t: Theme, geo: Geometry, sprites: tuple[Sprite, ...]) -> None:
    for s in sprites:
        painter = geo.painters.of(s.size)
        face = card_face(t, s.card) if s.card is not None else None
        if s.flip is not None and face is not None:
            draw_flip(surface, painter, face, s.pose, s.flip)
        else:
            draw_card(surface, painter, face, s.pose)


def _rings(surface: pygame.Surface, t: Theme, geo: Geometry, rings: tuple[Ring, ...]) -> None:
    for ring in rings:
        size = geo.painters.of(ring.size).card_size
        draw_outline(surface, ring.pose, size, ring.colour, max(2, t.px(3)), grow=t.px(3))


def _menu(surface: pygame.Surface, t: Theme, menu: MenuPicture) -> None:
    radius = t.px(8)
    pygame.draw.rect(surface, t.shadow, menu.rect.move(0, t.px(3)), border_radius=radius)
    pygame.draw.rect(surface, t.panel, menu.rect, border_radius=radius)
    pygame.draw.rect(surface, t.focus, menu.rect, max(2, t.px(2)), border_radius=radius)
    font = t.font("small", bold=True)
    for i, (text, rect) in enumerate(menu.items):
        colour = t.button_hover if i == menu.hover else t.button
        pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
        draw_text(surface, font, text, t.text, rect.inflate(-t.px(12), 0), "center")


__all__ = ["paint"]
