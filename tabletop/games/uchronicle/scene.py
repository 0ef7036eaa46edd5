"""Uchronicle's table: the rule board and the scores at the side, the other
players along the top, the round's tricks in play order in the middle with the
present trick apart, your hand at the bottom, and under the table the ways the
card you picked can win, as chips.

The scene is thin. The chips are the rules' legal actions for the picked card
(``legal_actions``: each rules state that can make it win with its cheapest
removal, cheapest first); the cards a chip would remove come from the solver
(``taken_by``) or, at the expert dead end, from the rules (``dead_end_taken``).
Playing a chip goes through ``act``, which the session checks. A card with no
chip cannot win this trick, whatever is removed (the expert game only), and
is dimmed with the reason.

The scene is split by what it does: this module lays the table out and turns
gestures into chips and plays; ``scene_removal.py`` lets the player make a
chip's removal dearer; ``scene_table.py`` draws it, ``scene_anim.py`` moves it, ``scene_draw.py`` holds the looks (suits, faces, the rule board,
chips' words) and ``scene_tutorial.py`` the rules page's worked examples.

Mouse: click a card (its cheapest chip is chosen), rest on a chip to see which
history cards it would remove, click the chip again or Play. Clicking history
cards makes the chosen chip's removal dearer (ruling U6, ``scene_removal.py``).
Keys: Left/Right over the hand, Space picks, Up/Down or Tab move between chips,
Backspace goes back to the cheapest removal, Enter plays.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    Card,
    DeadEnd,
    Play,
    Removal,
    UchronicleState,
)
from tabletop.games.uchronicle.rules import dead_end_taken
from tabletop.games.uchronicle.scene_anim import Anim, PlayAnimation
from tabletop.games.uchronicle.scene_draw import (
    CHIP_ROWS,
    GRID,
    PAST_STEP,
    PRESENT_STEP,
    board_height,
    card_face,
    marker_cells,
    option_text,
    strength_lines,
)
from tabletop.games.uchronicle.scene_removal import (
    RESET_KEY,
    Choice,
    DeclareMenu,
    RemovalEditing,
)
from tabletop.games.uchronicle.scene_table import TableDrawing
from tabletop.games.uchronicle.scene_tutorial import (
    draw_example_1,
    draw_example_2,
    draw_example_3,
)
from tabletop.ui.cards import (
    CardPainter,
    Look,
    Pose,
    draw_card,
    fan_layout,
    hit_test,
    icon_painter,
)
from tabletop.ui.gamescene import GameScene
from tabletop.ui.hand import HandKeys
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import Button, FocusGroup, Panel, wrap_text


class UchronicleScene(RemovalEditing, TableDrawing, PlayAnimation, GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.players = session.config.players
        self.expert = bool(session.state.expert)
        self.hand_painter = CardPainter(120)
        self.past_painter = CardPainter(70)
        self.present_painter = CardPainter(100)
        self.mini_painter = CardPainter(40)
        self.selected: Card | None = None
        self.chip = 0
        self.chip_start = 0
        self.hover_card: Card | None = None
        self.hover_chip: int | None = None
        #: where the mouse is (a dimmed card's reason shows beside it)
        self.mouse = (0, 0)
        self.choices: dict[Card, list[Choice]] = {}
        # a dearer removal than the chosen chip's (see scene_removal.py)
        self.edit: Removal | None = None
        self.edit_reason: str | None = None
        self.menu: DeclareMenu | None = None
        self.hover_history: tuple[Card, bool] | None = None
        self.dead_end = False
        self._key: tuple[int, int, bool] | None = None
        self._hint_seen: Any = None
        self.anim: Anim | None = None
        self.clock = 0.0
        self.markers: list[float] = [float(c) for c in marker_cells(self.view.rules)]
        # the layout (see layout_rects)
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.chips_rect = pygame.Rect(0, 0, 0, 0)
        self.msg_rect = pygame.Rect(0, 0, 0, 0)
        self.own_rect = pygame.Rect(0, 0, 0, 0)
        self.grid_rect = pygame.Rect(0, 0, 0, 0)
        self.present_rect = pygame.Rect(0, 0, 0, 0)
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.board_panel = Panel()
        self.score_panel = Panel()
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        #: lines of "what beats what" under the board (none when room is short)
        self.foot_lines = 0
        self.play_button = Button(
            "Play",
            self.confirm,
            kind="primary",
            tooltip="Play the picked card the chosen way (Enter)",
        )
        self.group = FocusGroup([self.play_button])
        #: keyboard play: ←/→ over the hand, Space picks, Enter plays
        self.keys = HandKeys(self.key_select, self.confirm, None)
        self.refresh()

    # -- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.menu = None  # the declare menu hangs under a card that may move
        t = self.app.theme
        pad, gap = t.px(14), t.px(10)
        btn_w, btn_h = t.px(150), t.px(44)
        hand_h = max(56, int(min(t.px(140), rect.h * 0.19)))
        band_h = round(hand_h * 1.28)
        self.hand_painter.resize(hand_h)
        self.hand_rect = pygame.Rect(
            rect.x + pad, rect.bottom - pad - band_h, rect.w - 2 * pad - btn_w - gap, band_h
        )
        self.play_button.rect = pygame.Rect(
            self.hand_rect.right + gap, self.hand_rect.y, btn_w, btn_h
        )
        self.own_rect = pygame.Rect(
            self.play_button.rect.x,
            self.play_button.rect.bottom + gap,
            btn_w,
            self.hand_rect.bottom - self.play_button.rect.bottom - gap,
        )
        self.chips_rect = pygame.Rect(
            rect.x + pad,
            self.hand_rect.y - gap - CHIP_ROWS * self.chip_h(t) - (CHIP_ROWS - 1) * t.px(6),
            rect.w - 2 * pad,
            CHIP_ROWS * self.chip_h(t) + (CHIP_ROWS - 1) * t.px(6),
        )
        msg_h = 2 * t.small.get_linesize()
        self.msg_rect = pygame.Rect(
            rect.x + pad, self.chips_rect.y - t.px(6) - msg_h, rect.w - 2 * pad, msg_h
        )
        upper = pygame.Rect(
            rect.x + pad, rect.y + pad, rect.w - 2 * pad, self.msg_rect.y - gap - rect.y - pad
        )

        # the side column: the rule board, then the scores
        side_w = t.px(250)
        inside = self.panel_pad(t)
        head = self.panel_heading(t)
        board_w = side_w - 2 * inside
        line = t.small.get_linesize()
        score_h = head + 2 * inside + (self.players + 2) * line
        foot_lines = len(wrap_text(t.small, strength_lines(self.expert), board_w))
        bare = head + board_height(t, self.expert) + 2 * inside
        # what beats what, under the board, as many lines as leave the scores room
        room = upper.h - gap - score_h - bare
        self.foot_lines = max(0, min(foot_lines, room // line)) if room >= foot_lines * line else 0
        self.board_panel.rect = pygame.Rect(upper.x, upper.y, side_w, bare + self.foot_lines * line)
        self.board_rect = pygame.Rect(
            upper.x + inside, upper.y + inside + head, board_w, board_height(t, self.expert)
        )
        self.score_panel.rect = pygame.Rect(
            upper.x, self.board_panel.rect.bottom + gap, side_w, score_h
        )

        # the main area: the other players, then the tricks
        main = pygame.Rect(
            upper.x + side_w + gap, upper.y, upper.right - upper.x - side_w - gap, upper.h
        )
        mini_h = max(28, t.px(48))
        self.mini_painter.resize(mini_h)
        seat_h = t.body.get_linesize() + mini_h + t.px(20)
        others = self.others()
        seat_w = min(t.px(360), (main.w - gap * (len(others) - 1)) // max(1, len(others)))
        xs = [main.centerx - seat_w // 2] if len(others) == 1 else [main.x, main.right - seat_w]
        self.seat_rects = {s: pygame.Rect(x, main.y, seat_w, seat_h) for s, x in zip(others, xs)}
        hist = pygame.Rect(main.x, main.y + seat_h + gap, main.w, main.h - seat_h - gap)
        present_w = int(hist.w * 0.3)
        self.present_rect = pygame.Rect(hist.right - present_w, hist.y, present_w, hist.h)
        self.grid_rect = pygame.Rect(hist.x, hist.y, hist.w - present_w - gap, hist.h)
        # card sizes: three cards to a slot, a label above and tags below
        cols, rows = GRID
        slot_w = (self.grid_rect.w - (cols - 1) * gap) / cols
        slot_h = (self.grid_rect.h - (rows - 1) * gap) / rows
        extra = line + self.tag_h(t) + t.px(10)
        past_h = min((slot_w - t.px(10)) / (1 + 2 * PAST_STEP) / 0.714, slot_h - extra, t.px(110))
        self.past_painter.resize(max(24, int(past_h)))
        # the heading, its line, and a line above the cards for their strength
        head_h = t.font("body", bold=True).get_linesize() + 2 * line + t.px(14)
        present_h = min(
            (present_w - t.px(20)) / (1 + 2 * PRESENT_STEP) / 0.714,
            hist.h - head_h - self.tag_h(t) - t.px(16),
            t.px(150),
        )
        self.present_painter.resize(max(28, int(present_h)))

    @staticmethod
    def panel_heading(t: Theme) -> int:
        return t.font("body", bold=True).get_linesize() + t.px(8)

    @staticmethod
    def panel_pad(t: Theme) -> int:
        return t.px(10)

    @staticmethod
    def chip_h(t: Theme) -> int:
        return t.small.get_linesize() + t.px(10)

    @staticmethod
    def tag_h(t: Theme) -> int:
        return t.font("small", bold=True).get_linesize() + t.px(4)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """Every separate region of the table, by name (for tests: none may overlap)."""
        rects = {
            "rule board": self.board_panel.rect,
            "scores": self.score_panel.rect,
            "past tricks": self.grid_rect,
            "present trick": self.present_rect,
            "message": self.msg_rect,
            "chips": self.chips_rect,
            "hand": self.hand_rect,
            "play": self.play_button.rect,
            "own pile": self.own_rect,
        }
        for seat, r in self.seat_rects.items():
            rects[f"seat {seat}"] = r
        return rects

    def others(self) -> list[int]:
        """The other seats clockwise from the viewer."""
        return [(self.viewer + k) % self.players for k in range(1, self.players)]

    # -- geometry of cards -------------------------------------------------------------------
    def slot_rect(self, index: int) -> pygame.Rect:
        """Where past trick ``index`` (0-based) lies in the grid."""
        t = self.app.theme
        gap = t.px(10)
        cols, rows = GRID
        g = self.grid_rect
        w = (g.w - (cols - 1) * gap) / cols
        h = (g.h - (rows - 1) * gap) / rows
        c, r = index % cols, index // cols
        return pygame.Rect(
            round(g.x + c * (w + gap)), round(g.y + r * (h + gap)), round(w), round(h)
        )

    def past_poses(self, index: int, n: int) -> list[Pose]:
        t = self.app.theme
        slot = self.slot_rect(index)
        w, h = self.past_painter.card_size
        step = PAST_STEP * w
        room = slot.h - t.small.get_linesize() - self.tag_h(t)
        cy = slot.y + t.small.get_linesize() + t.px(4) + min(room, h + t.px(8)) / 2
        x0 = slot.centerx - step * (n - 1) / 2
        return [Pose(x0 + i * step, cy, 0.0) for i in range(n)]

    def present_poses(self, n: int) -> list[Pose]:
        t = self.app.theme
        r = self.present_rect
        w, h = self.present_painter.card_size
        step = PRESENT_STEP * w
        top = r.y + t.font("body", bold=True).get_linesize() + 2 * t.small.get_linesize() + t.px(14)
        cy = top + (r.bottom - top - self.tag_h(t) - t.px(6)) / 2
        x0 = r.centerx - step * 1.0  # three places: the first card always at the left one
        return [Pose(x0 + i * step, cy, 0.0) for i in range(n)]

    def hand_cards(self, view: UchronicleState | None = None) -> list[Card]:
        view = view if view is not None else self.view
        return list(view.hands[self.viewer] or ())

    def hand_poses(self, n: int) -> list[Pose]:
        lift = self.hand_painter.lift(Look.SELECTED)
        area = self.hand_rect.inflate(-2 * self.app.theme.px(4), 0)
        area.y += lift
        area.h -= lift
        return fan_layout(
            n, area, self.hand_painter.card_size, max_spread_deg=10.0, deg_per_card=1.6
        )

    def card_look(self, card: Card) -> Look:
        if card == self.selected:
            return Look.SELECTED
        if not self.my_turn:
            return Look.NORMAL
        if not self.choices.get(card):
            return Look.DISABLED
        if card == self.hover_card:
            return Look.HOVER
        return Look.PLAYABLE

    def card_lift(self, card: Card) -> int:
        lift = self.hand_painter.lift(self.card_look(card))
        hint = self.hint_action
        if hint is not None and hint.card == card:
            lift = max(lift, self.hand_painter.lift(Look.SELECTED))
        return lift

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        cards = self.hand_cards()
        poses = self.hand_poses(len(cards))
        i = hit_test(poses, pos, self.hand_painter.card_size, [self.card_lift(c) for c in cards])
        return cards[i] if i is not None else None

    def seat_anchor(self, seat: int) -> Pose:
        r = self.seat_rects.get(seat)
        if r is None:
            return Pose(self.hand_rect.centerx, self.hand_rect.centery, 0.0)
        return Pose(
            r.x + r.w * 0.3,
            r.bottom - self.mini_painter.card_height / 2 - self.app.theme.px(8),
            0.0,
        )

    def pile_center(self, seat: int) -> tuple[int, int]:
        """Where the face-down pile of ``seat``'s removed cards lies."""
        t = self.app.theme
        w, h = self.mini_painter.card_size
        r = self.seat_rects.get(seat)
        if r is None:
            o = self.own_rect
            return (o.x + w // 2 + t.px(6), o.y + t.small.get_linesize() + t.px(4) + h // 2)
        return (r.right - t.px(70) - w // 2, r.bottom - h // 2 - t.px(8))

    # -- what the player may do --------------------------------------------------------------
    def refresh(self) -> None:
        """The chips for each card, the selection and the Play button."""
        mine = (
            self.replay_queue is None
            and self.summary is None  # the finished round on show is not the one to play
            and self.session.to_move() == self.viewer
            and self.session.is_human_turn()
        )
        key = (self.viewer, self.session.ply, mine)
        if key != self._key:
            self._key = key
            self.selected, self.chip, self.chip_start = None, 0, 0
            self.hover_card = self.hover_chip = None
            self.hover_history = None
            self.reset_edit()
            self.choices = self.compute_choices(self.view) if mine else {}
            self.dead_end = any(
                isinstance(c.action, DeadEnd) for cs in self.choices.values() for c in cs
            )
        hint = self.hint_action
        if hint is not None and hint is not self._hint_seen:
            self._hint_seen = hint
            self.select_action(hint)
        choice = self.current_choice()
        self.play_button.enabled = self.my_turn and choice is not None and self.edit_reason is None
        self.play_button.disabled_reason = (
            (
                "Pick a card first."
                if self.selected is None
                else self.edit_reason or self.card_reason(self.selected)
            )
            if mine
            else "Wait for your turn."
        )

    def compute_choices(self, view: UchronicleState) -> dict[Card, list[Choice]]:
        """Each card's legal actions (the rules' order: cheapest first), with
        the cards each would remove."""
        out: dict[Card, list[Choice]] = {c: [] for c in self.hand_cards(view)}
        for action in self.session.rules.legal_actions(view):
            if isinstance(action, DeadEnd):
                taken = dead_end_taken(view, action.card)
            else:
                taken = solver.taken_by(view, action.card, action.removed)
            out.setdefault(action.card, []).append(Choice(action, taken))
        for cs in out.values():
            if cs and isinstance(cs[0].action, DeadEnd):  # any rules will do: keep them first
                cs.sort(key=lambda c: c.action.rules != view.rules)
        return out

    def card_reason(self, card: Card) -> str:
        """Why a card has no chip: nothing lets it win the present trick."""
        trick = self.view.trick
        if not trick:
            return f"{card} cannot win."
        return (
            f"{card} cannot win this trick, whatever is removed: no rules let it beat "
            f"{' and '.join(str(p.card) for p in trick)}, and cards of the present trick "
            "cannot be removed in the expert game."
        )

    def current_choices(self) -> list[Choice]:
        return self.choices.get(self.selected, []) if self.selected is not None else []

    def current_choice(self) -> Choice | None:
        """The chosen chip, with the player's own removal when they edited it."""
        base = self.chip_choice()
        return self.edited(base) if base is not None else None

    def preview_choice(self) -> Choice | None:
        """The chip the table previews: the one under the mouse, else the chosen one."""
        cs = self.current_choices()
        if (
            self.hover_chip is not None
            and self.hover_chip != self.chip
            and 0 <= self.hover_chip < len(cs)
        ):
            return cs[self.hover_chip]
        return self.current_choice()

    def select_card(self, card: Card | None) -> None:
        if card == self.selected:
            card = None
        self.selected, self.chip, self.chip_start = card, 0, 0
        self.reset_edit()
        self.app.sound.play("click", 0.4)
        self.refresh()

    def select_action(self, action: Any) -> None:
        """Pick the card of ``action`` and its chip (a hint): the chip that is
        the action, else the one of its rules state with the action's removal."""
        if not isinstance(action, (Play, DeadEnd)) or action.card not in self.choices:
            return
        self.selected, self.chip, self.chip_start = action.card, 0, 0
        self.reset_edit()
        cs = self.current_choices()
        for i, c in enumerate(cs):
            if c.action == action:
                self.chip = self.chip_start = i
                return
        for i, c in enumerate(cs):
            if (
                isinstance(action, Play)
                and isinstance(c.action, Play)
                and c.action.rules == action.rules
            ):
                self.chip = self.chip_start = i
                self.edit = action.removed
                self.edit_reason = self.session.rules.check(self.view, action)
                return

    def move_chip(self, step: int) -> None:
        cs = self.current_choices()
        if not cs:
            return
        self.chip = (self.chip + step) % len(cs)
        self.reset_edit()
        visible = [i for i, _, _ in self.chip_layout() if i >= 0]
        if self.chip not in visible:
            self.chip_start = self.chip if step > 0 or not visible else max(0, self.chip)
        self.refresh()

    def key_select(self, card: Any) -> None:
        """Space on the card under the keyboard's cursor."""
        if not self.ready_for_input():
            return
        self.select_card(card)

    def confirm(self) -> None:
        """Play the chosen chip (Play, Enter, or a second click on the chip)."""
        choice = self.current_choice()
        if choice is None:
            if self.selected is None:
                self.refuse("Pick a card first: click it, or ←/→ and Space.")
            else:
                self.refuse(self.card_reason(self.selected))
            return
        if self.edit_reason is not None:
            self.refuse(self.edit_reason)
            return
        self.act(choice.action)

    # -- chips ------------------------------------------------------------------------------
    def chip_layout(self) -> list[tuple[int, pygame.Rect, str]]:
        """The chips on show: ``(index, rect, text)``, index -1 for "◂ back",
        -2 for "more ▸" and -3 for "↺ cheapest" (after an edited removal);
        from ``chip_start``, as many as fit the rows. The chosen chip says its
        edited removal."""
        t = self.app.theme
        cs = self.current_choices()
        if not cs:
            return []
        font = t.font("small", bold=True)  # the chosen chip's font: every chip fits it
        r = self.chips_rect
        h, gap = self.chip_h(t), t.px(6)
        pad = t.px(22)

        def width(text: str) -> int:
            return min(r.w, font.size(text)[0] + pad)

        more_w = width("more ▸ (99)")
        out: list[tuple[int, pygame.Rect, str]] = []
        x, row = r.x, 0
        start = max(0, min(self.chip_start, len(cs) - 1))
        for index, text, shown in (
            (-3, "↺ cheapest", self.edit is not None),
            (-1, "◂ back", start > 0),
        ):
            if shown:
                out.append((index, pygame.Rect(x, r.y, width(text), h), text))
                x += width(text) + gap
        chosen = self.current_choice()
        i = start
        while i < len(cs):
            c = chosen if i == self.chip and chosen is not None else cs[i]
            text = option_text(c.action, c.cost, self.expert)
            if c is chosen and self.edit_reason is not None:
                text = "⚠ " + text  # the rules refuse it: Play is off
            w = width(text)
            last_row = row == CHIP_ROWS - 1
            reserve = more_w + gap if last_row and i < len(cs) - 1 else 0
            if x + w + reserve > r.right and x > r.x:
                if last_row:
                    break
                row += 1
                x = r.x
                continue
            out.append((i, pygame.Rect(x, r.y + row * (h + gap), w, h), text))
            x += w + gap
            i += 1
        if i < len(cs):
            text = f"more ▸ ({len(cs) - i})"
            out.append((-2, pygame.Rect(x, r.y + row * (h + gap), width(text), h), text))
        return out

    def chip_at(self, pos: tuple[int, int]) -> int | None:
        for i, rect, _ in self.chip_layout():
            if rect.collidepoint(pos):
                return i
        return None

    def click_chip(self, index: int) -> None:
        if index == -3:
            self.back_to_cheapest()
            return
        if index == -1:
            self.chip_start = max(0, self.chip_start - max(1, self._page_size()))
            return
        if index == -2:
            shown = [i for i, _, _ in self.chip_layout() if i >= 0]
            self.chip_start = (shown[-1] + 1) if shown else 0
            return
        if index == self.chip and self.my_turn:
            self.confirm()
            return
        self.chip = index
        self.reset_edit()
        self.app.sound.play("click", 0.4)
        self.refresh()

    def _page_size(self) -> int:
        return len([i for i, _, _ in self.chip_layout() if i >= 0])

    # -- input ----------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        self.refresh()
        if self.handle_menu(event):
            return True
        if event.type == pygame.KEYDOWN:
            if self.keys.handle(event, self.hand_cards()):
                self.refresh()
                return True
            if event.key == RESET_KEY and self.edit is not None:
                self.back_to_cheapest()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and self.current_choices():
                back = event.key == pygame.K_UP or (
                    event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
                )
                self.move_chip(-1 if back else 1)
                return True
        if self.group.handle(event):
            self.refresh()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.hover_card = self.card_at(event.pos)
            self.hover_chip = self.chip_at(event.pos)
            self.hover_history = self.history_card_at(event.pos) if self.my_turn else None
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chip = self.chip_at(event.pos)
            if chip is not None:
                self.click_chip(chip)
                return True
            spot = self.history_card_at(event.pos) if self.my_turn else None
            if spot is not None:
                self.click_history(*spot)
                return True
            card = self.card_at(event.pos)
            if card is None:
                return False
            if self.animating:
                self.skip_animation()
            self.keys.point_at(card, self.hand_cards())
            if self.my_turn:
                self.select_card(card)
            return True
        return False


# -- the title screen's picture ------------------------------------------------------------


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """A trick of three climbing cards, the last a trump, and a removed card face down."""
    painter = icon_painter(max(24, int(rect.h * 0.7)))
    w, _ = painter.card_size
    cards = [Card(0, 2), Card(0, 5), Card(3, 1)]
    cx, cy = rect.centerx, rect.centery
    step = w * 0.62
    x0 = cx - step * 1.5
    draw_card(surface, painter, None, Pose(x0 - step * 0.2, cy + rect.h * 0.04, 14.0))
    for i, c in enumerate(cards):
        draw_card(
            surface, painter, card_face(theme, c), Pose(x0 + (i + 1) * step, cy, -6.0 + 6.0 * i)
        )


__all__ = ["UchronicleScene", "draw_example_1", "draw_example_2", "draw_example_3", "draw_icon"]
