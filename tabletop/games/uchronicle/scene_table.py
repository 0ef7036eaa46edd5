"""Drawing Uchronicle's table: the rule board, the scores, the other seats,
the tricks, the line of advice, the chips and your hand. The scene
(``scene.py``) mixes this in; what is drawn comes from its state (the choices,
the chip under the mouse) and the animation's :meth:`shown_history`.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.words import plural
from tabletop.games.uchronicle.model import (
    TRICKS_PER_ROUND,
    Card,
    DeadEnd,
    Trick,
    UchronicleState,
)
from tabletop.games.uchronicle.scene_draw import (
    GRID,
    PAST_STEP,
    PRESENT_STEP,
    card_face,
    draw_board,
    draw_pile,
    draw_removal_mark,
    draw_tag,
    negative,
    seat_tag,
    strength_lines,
    strength_word,
)
from tabletop.ui.cards import CardPainter, Pose, draw_card, draw_outline, fan_layout
from tabletop.ui.hand import draw_focus_ring
from tabletop.ui.theme import Colour, mix
from tabletop.ui.widgets import (
    Panel,
    draw_badge,
    draw_text,
    draw_tooltip,
    fit_text,
    wrap_text,
)


class TableDrawing:
    """The drawing half of :class:`~tabletop.games.uchronicle.scene.UchronicleScene`."""

    app: Any
    session: Any

    # -- drawing ------------------------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        self._draw_board(surface, view)
        self._draw_scores(surface, view)
        for seat in self.seat_rects:
            self._draw_seat(surface, view, seat)
        self._draw_history(surface, view)
        self._draw_message(surface, view)
        self._draw_chips(surface)
        self._draw_own(surface, view)
        self._draw_hand(surface, view)
        self.group.draw_widgets(
            surface, self.app.theme
        )  # their tooltips: GameScene.draw, above the log
        self._draw_animation(surface)
        if self.my_turn:
            self.draw_history_hover(surface)
            self.draw_menu(surface)

    def draw(self, surface: pygame.Surface) -> None:
        """The frame's drawing (the buttons' tooltip last), then the card and
        history tooltips, so that no panel the frame draws after the table
        (the log, the bar) ever covers one."""
        super().draw(surface)  # type: ignore[misc]
        hover = self.hover_card
        if self.my_turn and hover is not None and hover in self.choices and not self.choices[hover]:
            draw_tooltip(surface, self.app.theme, self.card_reason(hover), self.mouse)
        spot = self.hover_history
        if spot is not None and self.menu is None and self.editable() is not None:
            draw_tooltip(surface, self.app.theme, self.history_tip(*spot), self.mouse)

    def _panel(self, surface: pygame.Surface, panel: Panel, title: str) -> pygame.Rect:
        t = self.app.theme
        panel.draw(surface, t)
        r = panel.rect.inflate(-2 * self.panel_pad(t), -2 * self.panel_pad(t))
        head = self.panel_heading(t)
        font = t.font("body", bold=True)
        draw_text(surface, font, title, t.text, pygame.Rect(r.x, r.y, r.w, font.get_linesize()))
        y = r.y + head - t.px(4)
        pygame.draw.line(surface, t.panel_edge, (r.x, y), (r.right, y), max(1, t.px(1)))
        return pygame.Rect(r.x, r.y + head, r.w, r.h - head)

    def _draw_board(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        self._panel(surface, self.board_panel, "Rule board" + (" · expert" if self.expert else ""))
        choice = self.preview_choice()
        ghost = choice.action.rules if choice is not None else None
        draw_board(surface, t, self.board_rect, self.expert, self.markers, ghost)
        y = self.board_rect.bottom
        line = t.small.get_linesize()
        for text in wrap_text(t.small, strength_lines(self.expert), self.board_rect.w)[
            : self.foot_lines
        ]:
            draw_text(
                surface,
                t.small,
                text,
                t.text_dim,
                pygame.Rect(self.board_rect.x, y, self.board_rect.w, line),
            )
            y += line

    def _draw_scores(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        r = self._panel(surface, self.score_panel, "Negative points")
        line = t.small.get_linesize()
        trick = min(view.trick_number, TRICKS_PER_ROUND)
        head = f"Round {view.round} of {view.rounds} · trick {trick} of {TRICKS_PER_ROUND}"
        draw_text(
            surface, t.font("small", bold=True), head, t.text_dim, pygame.Rect(r.x, r.y, r.w, line)
        )
        y = r.y + line
        cols = t.px(52)
        draw_text(
            surface,
            t.small,
            "round",
            t.text_dim,
            pygame.Rect(r.right - 2 * cols, y, cols, line),
            "right",
        )
        draw_text(
            surface,
            t.small,
            "total",
            t.text_dim,
            pygame.Rect(r.right - cols, y, cols, line),
            "right",
        )
        if self.players == 2:
            draw_text(
                surface,
                t.small,
                f"deck {view.deck_size}",
                t.text_dim,
                pygame.Rect(r.x, y, r.w, line),
            )
        y += line
        for s in range(self.players):
            style = t.player(s)
            row = pygame.Rect(r.x, y, r.w, line)
            bold = t.font("small", bold=True)
            draw_text(
                surface,
                bold,
                f"{style.glyph} {self.session.names[s]}",
                style.colour,
                pygame.Rect(row.x, y, row.w - 2 * cols, line),
            )
            draw_text(
                surface,
                bold,
                negative(view.points[s]),
                t.text,
                pygame.Rect(r.right - 2 * cols, y, cols, line),
                "right",
            )
            draw_text(
                surface,
                bold,
                negative(view.totals[s]),
                t.text,
                pygame.Rect(r.right - cols, y, cols, line),
                "right",
            )
            y += line

    def seat_badge(self, view: UchronicleState, seat: int) -> tuple[str, Colour]:
        t = self.app.theme
        if view.turn == seat:
            return ("thinking…" if self.is_thinking(seat) else "to move"), t.player(seat).colour
        if view.turn is not None and view.lead == seat:
            return "led", t.panel_edge
        return "", t.text_dim

    def _draw_seat(self, surface: pygame.Surface, view: UchronicleState, seat: int) -> None:
        t = self.app.theme
        r = self.seat_rects[seat]
        style = t.player(seat)
        pygame.draw.rect(surface, t.felt_dark, r, border_radius=t.px(12))
        if view.turn == seat:
            pygame.draw.rect(surface, style.colour, r, t.px(3), border_radius=t.px(12))
        head = pygame.Rect(r.x + t.px(10), r.y + t.px(6), r.w - t.px(20), t.body.get_linesize())
        badge, colour = self.seat_badge(view, seat)
        badge_w = 0
        if badge:
            badge_w = draw_badge(surface, t, badge, colour, midright=head.midright).w + t.px(8)
        draw_text(
            surface,
            t.font("body", bold=True),
            f"{style.glyph} {self.session.names[seat]}",
            style.colour,
            pygame.Rect(head.x, head.y, head.w - badge_w, head.h),
        )
        n = view.hand_sizes[seat]
        pile = self.pile_center(seat)
        w = self.mini_painter.card_size[0]
        fan = pygame.Rect(
            r.x + t.px(10),
            head.bottom + t.px(4),
            pile[0] - w - r.x - t.px(70),
            r.bottom - head.bottom - t.px(10),
        )
        count = t.small.render(plural(n, "card"), True, t.text)
        count_r = count.get_rect(midright=(fan.right, fan.centery))
        fan.w -= count_r.w + t.px(8)
        for p in fan_layout(
            n, fan, self.mini_painter.card_size, max_spread_deg=14.0, max_step=0.28
        ):
            draw_card(surface, self.mini_painter, None, p)
        surface.blit(count, count_r)
        draw_pile(surface, t, self.mini_painter, pile, view.points[seat])

    def _draw_own(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        r = self.own_rect
        if r.h < self.mini_painter.card_height + t.small.get_linesize():
            return
        draw_text(
            surface,
            t.small,
            "You removed",
            t.text_dim,
            pygame.Rect(r.x, r.y, r.w, t.small.get_linesize()),
        )
        draw_pile(
            surface, t, self.mini_painter, self.pile_center(self.viewer), view.points[self.viewer]
        )

    def _draw_history(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        tricks, trick, hidden = self.shown_history(view)
        choice = self.preview_choice() if self.my_turn else None
        marked = set(choice.taken) if choice is not None else set()
        line = t.small.get_linesize()
        last = None
        if not trick and len(tricks) == TRICKS_PER_ROUND:  # the round's last trick, finished
            tricks, last = tricks[:-1], tricks[-1]
        for i in range(GRID[0] * GRID[1]):
            slot = self.slot_rect(i)
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
                self._draw_trick(
                    surface,
                    tricks[i],
                    self.past_poses(i, len(tricks[i])),
                    self.past_painter,
                    hidden,
                    marked,
                    names=False,
                )
        # the present trick
        r = self.present_rect
        pygame.draw.rect(surface, mix(t.felt, t.accent, 0.25), r, border_radius=t.px(12))
        pygame.draw.rect(surface, t.focus, r, max(2, t.px(3)), border_radius=t.px(12))
        bold = t.font("body", bold=True)
        shown = last if last is not None else trick
        number = TRICKS_PER_ROUND if last is not None else min(len(tricks) + 1, TRICKS_PER_ROUND)
        title = f"Trick {number} · " + ("last" if last is not None else "present")
        draw_text(
            surface,
            bold,
            title,
            t.text,
            pygame.Rect(r.x + t.px(10), r.y + t.px(6), r.w - t.px(20), bold.get_linesize()),
        )
        sub = self.present_line(view, shown)
        draw_text(
            surface,
            t.small,
            sub,
            t.text_dim,
            pygame.Rect(r.x + t.px(10), r.y + t.px(6) + bold.get_linesize(), r.w - t.px(20), line),
        )
        poses = self.present_poses(len(shown))
        self._draw_trick(surface, shown, poses, self.present_painter, hidden, marked, names=True)
        # above each card, what makes it strong under the rules on the board
        cards = [p.card for p in shown]
        h = self.present_painter.card_height
        step = int(PRESENT_STEP * self.present_painter.card_size[0])
        for i, (card, pose) in enumerate(zip(cards, poses)):
            if card in hidden:
                continue
            word = strength_word(cards, i, view.rules)
            at = pygame.Rect(0, 0, step, line)
            at.midbottom = (round(pose.x), round(pose.y - h / 2 - t.px(2)))
            draw_text(surface, t.small, word, t.text, at, "center")

    def over_text(self, view: UchronicleState) -> str:
        """What has ended when nobody is to move: a round (its summary is on
        show and the next round follows) or the game."""
        if self.summary is not None and view.round < view.rounds:
            return f"Round {view.round} of {view.rounds} is over."
        return "The game is over."

    def present_line(self, view: UchronicleState, trick: Trick) -> str:
        if view.turn is None:
            return self.over_text(view)
        if self.dead_end and self.my_turn:
            return "Dead end: play any card (see below)."
        if not trick:
            return "Empty: any card wins it."
        return f"Beat {trick[-1].card}: it wins so far."

    def _draw_trick(
        self,
        surface: pygame.Surface,
        trick: Trick,
        poses: list[Pose],
        painter: CardPainter,
        hidden: set[Card],
        marked: set[Card],
        names: bool,
    ) -> None:
        t = self.app.theme
        w, h = painter.card_size
        step = (
            poses[1].x - poses[0].x
            if len(poses) > 1
            else w * (PRESENT_STEP if names else PAST_STEP)
        )
        for p, pose in zip(trick, poses):
            if p.card in hidden:
                continue
            draw_card(surface, painter, card_face(t, p.card), pose)
            text, colour = seat_tag(t, p.seat, list(self.session.names) if names else None)
            at = (round(pose.x), round(pose.y + h / 2 + t.px(3)))
            if p.seat is None and not names:  # "deck", wider than a strip: it reaches left
                draw_tag(surface, t, text, colour, at, 2 * w, right=round(pose.x + step / 2))
            else:
                draw_tag(surface, t, text, colour, at, int(step))
        for p, pose in zip(trick, poses):
            if p.card in marked and p.card not in hidden:
                draw_removal_mark(surface, t, pose, (w, h))

    def message(self, view: UchronicleState) -> tuple[str, Colour]:
        """The line under the table: what to do now, a card's reason, a chip's effect."""
        t = self.app.theme
        if view.turn is None:
            return self.over_text(view), t.text
        if not self.my_turn:
            who = self.session.names[view.turn]
            if self.is_thinking(view.turn):
                return f"{who} is thinking…", t.text_dim
            return f"{who} to move.", t.text_dim
        hover = self.hover_card
        if hover is not None and hover in self.choices and not self.choices[hover]:
            return self.card_reason(hover), t.warning
        if hover is not None and hover != self.selected and self.choices.get(hover):
            cheapest = self.choices[hover][0]
            gone = ", ".join(str(c) for c in cheapest.taken)
            cost = f"removes {gone} ({plural(cheapest.cost, 'point')})" if gone else "costs nothing"
            ways = plural(len(self.choices[hover]), "way")
            return f"{hover} can win {ways}; the cheapest {cost}. Click it to see them.", t.text
        if self.dead_end and self.selected is None:
            return (
                "Dead end: none of your cards can win this trick, whatever you remove. "
                "Play any card: every trick then keeps only its last card, and you take all the others.",
                t.warning,
            )
        if self.selected is None:
            lead = "You lead: any card wins an empty trick. " if not view.trick else ""
            return (
                lead
                + "Pick a card (click, or ←/→ and Space); the cheapest way to make it win is chosen for you.",
                t.text,
            )
        cs = self.current_choices()
        if not cs:
            return self.card_reason(self.selected), t.warning
        choice = self.preview_choice() or cs[0]
        ways = plural(len(cs), "way")
        taken = ", ".join(str(c) for c in choice.taken)
        effect = f"removes {taken} (marked ✕)" if taken else "removes nothing"
        if choice.action.rules != view.rules:
            effect += " and moves the markers to the dashed places"
        else:
            effect += " and keeps the rules"
        edited = self.edit is not None and choice is not None and choice == self.current_choice()
        if edited and self.edit_reason is not None:
            return (
                f"Your removal cannot make {self.selected} win: {self.edit_reason} "
                "Click history cards to change it, or ↺ cheapest (Backspace).",
                t.warning,
            )
        more = (
            "↑/↓ for another; click history cards to remove more"
            if self.expert
            else "↑/↓ for another; click a history card to declare its rank or suit"
        )
        if edited:
            gone = f"{taken} go (marked ✕)" if taken else "nothing goes"
            board = (
                "the markers move to the dashed places"
                if choice.action.rules != view.rules
                else "the rules stay"
            )
            return (
                f"Your own removal: {gone}, {plural(choice.cost, 'point')}; {board}. "
                f"Enter or Play plays it; {more}; ↺ cheapest (Backspace) goes back.",
                t.text,
            )
        if isinstance(choice.action, DeadEnd):
            more = "↑/↓ for another"
        return (
            f"{self.selected} can win {ways}, cheapest first. This one {effect}. "
            f"Enter, Play or the chip again plays; {more}.",
            t.text,
        )

    def _draw_message(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        text, colour = self.message(view)
        r = self.msg_rect
        line = t.small.get_linesize()
        font = t.font("small", bold=colour == t.warning)
        lines = wrap_text(font, text, r.w)[:2]
        y = r.bottom - len(lines) * line
        for ln in lines:
            draw_text(
                surface, font, fit_text(font, ln, r.w), colour, pygame.Rect(r.x, y, r.w, line)
            )
            y += line

    def _draw_chips(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        font = t.small
        hint = self.hint_action
        for i, rect, text in self.chip_layout():
            chosen = i == self.chip
            hovered = i == self.hover_chip
            colour = t.accent if chosen else (t.button_hover if hovered else t.button)
            pygame.draw.rect(surface, colour, rect, border_radius=rect.h // 2)
            if chosen:
                edge = t.danger if self.edit_reason is not None else t.focus
                pygame.draw.rect(surface, edge, rect, max(2, t.px(3)), border_radius=rect.h // 2)
            cs = self.current_choices()
            if hint is not None and 0 <= i < len(cs) and cs[i].action == hint:
                pygame.draw.rect(
                    surface,
                    t.hint,
                    rect.inflate(t.px(6), t.px(6)),
                    max(2, t.px(3)),
                    border_radius=rect.h // 2 + t.px(3),
                )
            ink = t.accent_text if chosen else t.text
            draw_text(
                surface,
                t.font("small", bold=chosen) if chosen else font,
                text,
                ink,
                rect.inflate(-t.px(12), 0),
                "center",
            )

    def _draw_hand(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        cards = self.hand_cards(view)
        if self.anim is not None and self.animating and self.anim.seat == self.viewer:
            cards = [c for c in cards if c != self.anim.card]
        if not cards:
            return
        hint = self.hint_action
        size = self.hand_painter.card_size
        focus = self.keys.focused(cards) if self.keys.shown else None
        for c, p in zip(cards, self.hand_poses(len(cards))):
            look = self.card_look(c)
            hinted = hint is not None and hint.card == c
            if hinted:
                p = p.raised(self.card_lift(c) - self.hand_painter.lift(look))
            draw_card(surface, self.hand_painter, card_face(t, c), p, look)
            pose = p.raised(self.hand_painter.lift(look))
            if hinted:
                draw_outline(surface, pose, size, t.hint, max(3, t.px(4)), grow=t.px(3))
            if c == focus:
                draw_focus_ring(surface, pose, size)
