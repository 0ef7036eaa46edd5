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

Mouse: click a card (its cheapest chip is chosen), rest on a chip to see which
history cards it would remove, click the chip again or Play. Keys: Left/Right
over the hand, Space picks, Up/Down or Tab move between chips, Enter plays.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.words import plural
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    TRICKS_PER_ROUND,
    Card,
    DeadEnd,
    Play,
    Played,
    Trick,
    UchronicleState,
)
from tabletop.games.uchronicle.rules import dead_end_taken
from tabletop.games.uchronicle.scene_draw import (
    board_height,
    card_face,
    draw_board,
    draw_flip,
    draw_pile,
    draw_removal_mark,
    draw_tag,
    marker_cells,
    negative,
    option_text,
    seat_tag,
    strength_lines,
)
from tabletop.games.uchronicle.scene_tutorial import (
    draw_example_1,
    draw_example_2,
    draw_example_3,
)
from tabletop.ui.cards import (
    CardPainter,
    CardTween,
    Look,
    Pose,
    draw_card,
    draw_outline,
    fan_layout,
    hit_test,
)
from tabletop.ui.gamescene import GameScene
from tabletop.ui.handkeys import HandKeys, draw_focus_ring
from tabletop.ui.theme import Colour, Theme, mix, text_on
from tabletop.ui.widgets import Button, FocusGroup, Panel, draw_text, fit_text, wrap_text

#: past tricks sit in a grid of this many columns and rows (8 at most: the
#: 9th is always the present one)
GRID = (4, 2)
#: how far apart the cards of a past trick and of the present trick sit, in card widths
PAST_STEP = 0.52
PRESENT_STEP = 1.08
#: chips show at most this many rows
CHIP_ROWS = 2

# seconds, at animation speed 1
FLIP = 0.3
TO_PILE = 0.35
FLY = 0.35
HOLD = 0.45
SETTLE = 0.35
#: how fast a rule board marker slides (cells per second, at most, ~ per frame)
MARKER_RATE = 9.0


@dataclass(frozen=True)
class Choice:
    """One chip: a legal action for the picked card, the cards it removes, its cost."""

    action: Play | DeadEnd
    taken: tuple[Card, ...]

    @property
    def cost(self) -> int:
        return len(self.taken)


@dataclass
class Anim:
    """One play being shown: removals flip face down and fly to the remover
    (until ``removed_at``), the card flies into the present trick (until
    ``landed_at``), a finished trick lies still (until ``held_at``) and then
    slides into its place among the past tricks (until ``end``)."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    before: tuple[tuple[Trick, ...], Trick]
    mid: tuple[tuple[Trick, ...], Trick]
    finished: bool
    removed_at: float
    landed_at: float
    held_at: float
    end: float
    taken_poses: dict[Card, tuple[Pose, bool]]
    pile: Pose
    flight: CardTween
    settle: list[tuple[Card, CardTween]]


class UchronicleScene(GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.players = session.config.players
        self.expert = bool(session.config.get("expert", False))
        self.hand_painter = CardPainter(120)
        self.past_painter = CardPainter(70)
        self.present_painter = CardPainter(100)
        self.mini_painter = CardPainter(40)
        self.selected: Card | None = None
        self.chip = 0
        self.chip_start = 0
        self.hover_card: Card | None = None
        self.hover_chip: int | None = None
        self.choices: dict[Card, list[Choice]] = {}
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
            "Play", self.confirm, kind="primary", tooltip="Play the picked card the chosen way (Enter)"
        )
        self.group = FocusGroup([self.play_button])
        #: keyboard play: ←/→ over the hand, Space picks, Enter plays
        self.keys = HandKeys(self.key_select, self.confirm, None)
        self.refresh()

    # -- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        pad, gap = t.px(14), t.px(10)
        btn_w, btn_h = t.px(150), t.px(44)
        hand_h = max(56, int(min(t.px(140), rect.h * 0.19)))
        band_h = round(hand_h * 1.28)
        self.hand_painter.resize(hand_h)
        self.hand_rect = pygame.Rect(
            rect.x + pad, rect.bottom - pad - band_h, rect.w - 2 * pad - btn_w - gap, band_h
        )
        self.play_button.rect = pygame.Rect(self.hand_rect.right + gap, self.hand_rect.y, btn_w, btn_h)
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
        self.msg_rect = pygame.Rect(rect.x + pad, self.chips_rect.y - t.px(6) - msg_h, rect.w - 2 * pad, msg_h)
        upper = pygame.Rect(rect.x + pad, rect.y + pad, rect.w - 2 * pad, self.msg_rect.y - gap - rect.y - pad)

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
        self.score_panel.rect = pygame.Rect(upper.x, self.board_panel.rect.bottom + gap, side_w, score_h)

        # the main area: the other players, then the tricks
        main = pygame.Rect(upper.x + side_w + gap, upper.y, upper.right - upper.x - side_w - gap, upper.h)
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
        head_h = t.font("body", bold=True).get_linesize() + line + t.px(12)
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
        return pygame.Rect(round(g.x + c * (w + gap)), round(g.y + r * (h + gap)), round(w), round(h))

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
        top = r.y + t.font("body", bold=True).get_linesize() + t.small.get_linesize() + t.px(12)
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
        return fan_layout(n, area, self.hand_painter.card_size, max_spread_deg=10.0, deg_per_card=1.6)

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
        return Pose(r.x + r.w * 0.3, r.bottom - self.mini_painter.card_height / 2 - self.app.theme.px(8), 0.0)

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
            self.choices = self.compute_choices(self.view) if mine else {}
            self.dead_end = any(isinstance(c.action, DeadEnd) for cs in self.choices.values() for c in cs)
        hint = self.hint_action
        if hint is not None and hint is not self._hint_seen:
            self._hint_seen = hint
            self.select_action(hint)
        choice = self.current_choice()
        self.play_button.enabled = self.my_turn and choice is not None
        self.play_button.disabled_reason = (
            ("Pick a card first." if self.selected is None else self.card_reason(self.selected))
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
        cs = self.current_choices()
        return cs[self.chip] if 0 <= self.chip < len(cs) else None

    def preview_choice(self) -> Choice | None:
        """The chip the table previews: the one under the mouse, else the chosen one."""
        cs = self.current_choices()
        if self.hover_chip is not None and 0 <= self.hover_chip < len(cs):
            return cs[self.hover_chip]
        return self.current_choice()

    def select_card(self, card: Card | None) -> None:
        if card == self.selected:
            card = None
        self.selected, self.chip, self.chip_start = card, 0, 0
        self.app.sound.play("click", 0.4)
        self.refresh()

    def select_action(self, action: Any) -> None:
        """Pick the card of ``action`` and, when one matches it, its chip (a hint)."""
        if not isinstance(action, (Play, DeadEnd)) or action.card not in self.choices:
            return
        self.selected, self.chip, self.chip_start = action.card, 0, 0
        for i, c in enumerate(self.current_choices()):
            if c.action == action:
                self.chip = self.chip_start = i
                break

    def move_chip(self, step: int) -> None:
        cs = self.current_choices()
        if not cs:
            return
        self.chip = (self.chip + step) % len(cs)
        visible = [i for i, _, _ in self.chip_layout() if i >= 0]
        if self.chip not in visible:
            self.chip_start = self.chip if step > 0 or not visible else max(0, self.chip)
        self.refresh()

    def key_select(self, card: Any) -> None:
        """Space on the card under the keyboard's cursor."""
        if self.animating:
            self.skip_animation()
        if not self.my_turn:
            self.refuse("Wait for your turn.")
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
        self.act(choice.action)

    # -- chips ------------------------------------------------------------------------------
    def chip_layout(self) -> list[tuple[int, pygame.Rect, str]]:
        """The chips on show: ``(index, rect, text)``, index -1 for "◂ back"
        and -2 for "more ▸"; from ``chip_start``, as many as fit the rows."""
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
        if start > 0:
            text = "◂ back"
            out.append((-1, pygame.Rect(x, r.y, width(text), h), text))
            x += width(text) + gap
        i = start
        while i < len(cs):
            text = option_text(cs[i].action, cs[i].cost, self.expert)
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
        self.app.sound.play("click", 0.4)
        self.refresh()

    def _page_size(self) -> int:
        return len([i for i, _, _ in self.chip_layout() if i >= 0])

    # -- input ----------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        self.refresh()
        if event.type == pygame.KEYDOWN:
            if self.keys.handle(event, self.hand_cards()):
                self.refresh()
                return True
            if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and self.current_choices():
                back = event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
                self.move_chip(-1 if back else 1)
                return True
        if self.group.handle(event):
            self.refresh()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover_card = self.card_at(event.pos)
            self.hover_chip = self.chip_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            chip = self.chip_at(event.pos)
            if chip is not None:
                self.click_chip(chip)
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

    # -- animation --------------------------------------------------------------------------------
    def on_played(self, before: Any, action: Any, after: Any) -> None:
        self.skip_animation()
        t = self.app.theme
        seat = before.turn
        card = action.card
        taken = (
            dead_end_taken(before, card)
            if isinstance(action, DeadEnd)
            else solver.taken_by(before, card, action.removed)
        )
        gone = set(taken)
        mid_tricks = tuple(tuple(p for p in tr if p.card not in gone) for tr in before.tricks)
        mid_trick = tuple(p for p in before.trick if p.card not in gone) + (Played(card, seat),)
        finished = after.round != before.round or after.turn is None or len(after.tricks) > len(before.tricks)
        last_of_round = after.round != before.round or after.turn is None
        sound = self.app.sound
        sound.play("card")
        flip, to_pile = (t.duration(FLIP), t.duration(TO_PILE)) if taken else (0.0, 0.0)
        removed_at = flip + to_pile
        landed_at = removed_at + t.duration(FLY)
        held_at = landed_at + (t.duration(HOLD) if finished else 0.0)
        settle_d = t.duration(SETTLE) if finished and not last_of_round else 0.0
        end = held_at + settle_d
        if end <= 0:
            self.anim = None
            self.refresh()
            return
        taken_poses = self._poses_of(before.tricks, before.trick, gone)
        pile = Pose(*self.pile_center(seat), 0.0)
        origin = self._origin(before, seat, card)
        target = self._trick_poses(mid_tricks, mid_trick)[1][-1]
        flight = CardTween(origin, target, t.duration(FLY), delay=removed_at)
        settle: list[tuple[Card, CardTween]] = []
        if settle_d > 0:
            starts = self._trick_poses(mid_tricks, mid_trick)[1]
            ends = self.past_poses(len(mid_tricks), len(mid_trick))
            settle = [
                (p.card, CardTween(a, b, settle_d, delay=held_at))
                for p, a, b in zip(mid_trick, starts, ends)
            ]
        if taken:
            sound.play("whoosh", 0.4)
        self.anim = Anim(
            seat, card, taken, (before.tricks, before.trick), (mid_tricks, mid_trick), finished,
            removed_at, landed_at, held_at, end, taken_poses, pile, flight, settle,
        )
        self.clock = 0.0
        self.refresh()

    def _poses_of(self, tricks: tuple[Trick, ...], trick: Trick, cards: set[Card]) -> dict[Card, tuple[Pose, bool]]:
        """Where ``cards`` lie in this history: pose, and whether in the present trick."""
        out: dict[Card, tuple[Pose, bool]] = {}
        past, present = self._trick_poses(tricks, trick)
        for tr, poses in zip(tricks, past):
            for p, pose in zip(tr, poses):
                if p.card in cards:
                    out[p.card] = (pose, False)
        for p, pose in zip(trick, present):
            if p.card in cards:
                out[p.card] = (pose, True)
        return out

    def _trick_poses(self, tricks: tuple[Trick, ...], trick: Trick) -> tuple[list[list[Pose]], list[Pose]]:
        past = [self.past_poses(i, len(tr)) for i, tr in enumerate(tricks[: GRID[0] * GRID[1]])]
        return past, self.present_poses(len(trick))

    def _origin(self, before: UchronicleState, seat: int, card: Card) -> Pose:
        if seat == self.viewer:
            hand = list(self.session.rules.view(before, seat).hands[seat] or ())
            if card in hand:
                return self.hand_poses(len(hand))[hand.index(card)].raised(self.hand_painter.lift(Look.SELECTED))
        return self.seat_anchor(seat)

    @property
    def animating(self) -> bool:
        return self.anim is not None and self.clock < self.anim.end

    def skip_animation(self) -> None:
        self.anim = None
        self.clock = 0.0

    def update(self, dt: float) -> None:
        if self.anim is not None:
            self.clock += dt
            self.anim.flight.update(dt)
            for _, tween in self.anim.settle:
                tween.update(dt)
            if not self.animating:
                self.skip_animation()
        self._slide_markers(dt)
        super().update(dt)
        self.refresh()
        self.group.update(dt)

    def _slide_markers(self, dt: float) -> None:
        """The rule board's markers move towards the rules on show, on ``dt``."""
        target = marker_cells(self.view.rules)
        t = self.app.theme
        rate = MARKER_RATE * t.anim_speed
        for i, goal in enumerate(target):
            if rate <= 0:
                self.markers[i] = float(goal)
                continue
            d = goal - self.markers[i]
            stepped = d * min(1.0, rate * dt)
            self.markers[i] = float(goal) if abs(d - stepped) < 0.02 else self.markers[i] + stepped

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
        self.group.draw(surface, self.app.theme)
        self._draw_animation(surface)

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
        for text in wrap_text(t.small, strength_lines(self.expert), self.board_rect.w)[: self.foot_lines]:
            draw_text(surface, t.small, text, t.text_dim, pygame.Rect(self.board_rect.x, y, self.board_rect.w, line))
            y += line

    def _draw_scores(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        r = self._panel(surface, self.score_panel, "Negative points")
        line = t.small.get_linesize()
        trick = min(view.trick_number, TRICKS_PER_ROUND)
        head = f"Round {view.round} of {view.rounds} · trick {trick} of {TRICKS_PER_ROUND}"
        draw_text(surface, t.font("small", bold=True), head, t.text_dim, pygame.Rect(r.x, r.y, r.w, line))
        y = r.y + line
        cols = t.px(52)
        draw_text(surface, t.small, "round", t.text_dim, pygame.Rect(r.right - 2 * cols, y, cols, line), "right")
        draw_text(surface, t.small, "total", t.text_dim, pygame.Rect(r.right - cols, y, cols, line), "right")
        if self.players == 2:
            draw_text(surface, t.small, f"deck {view.deck_size}", t.text_dim, pygame.Rect(r.x, y, r.w, line))
        y += line
        for s in range(self.players):
            style = t.player(s)
            row = pygame.Rect(r.x, y, r.w, line)
            bold = t.font("small", bold=True)
            draw_text(surface, bold, f"{style.glyph} {self.session.names[s]}", style.colour, pygame.Rect(row.x, y, row.w - 2 * cols, line))
            draw_text(surface, bold, negative(view.points[s]), t.text, pygame.Rect(r.right - 2 * cols, y, cols, line), "right")
            draw_text(surface, bold, negative(view.totals[s]), t.text, pygame.Rect(r.right - cols, y, cols, line), "right")
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
            img = t.font("small", bold=True).render(badge, True, text_on(colour))
            pill = pygame.Rect(0, 0, img.get_width() + t.px(14), img.get_height() + t.px(4))
            pill.midright = head.midright
            pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
            surface.blit(img, img.get_rect(center=pill.center))
            badge_w = pill.w + t.px(8)
        draw_text(surface, t.font("body", bold=True), f"{style.glyph} {self.session.names[seat]}", style.colour, pygame.Rect(head.x, head.y, head.w - badge_w, head.h))
        n = view.hand_sizes[seat]
        pile = self.pile_center(seat)
        w = self.mini_painter.card_size[0]
        fan = pygame.Rect(r.x + t.px(10), head.bottom + t.px(4), pile[0] - w - r.x - t.px(70), r.bottom - head.bottom - t.px(10))
        count = t.small.render(plural(n, "card"), True, t.text)
        count_r = count.get_rect(midright=(fan.right, fan.centery))
        fan.w -= count_r.w + t.px(8)
        for p in fan_layout(n, fan, self.mini_painter.card_size, max_spread_deg=14.0, max_step=0.28):
            draw_card(surface, self.mini_painter, None, p)
        surface.blit(count, count_r)
        draw_pile(surface, t, self.mini_painter, pile, view.points[seat])

    def _draw_own(self, surface: pygame.Surface, view: UchronicleState) -> None:
        t = self.app.theme
        r = self.own_rect
        if r.h < self.mini_painter.card_height + t.small.get_linesize():
            return
        draw_text(surface, t.small, "You removed", t.text_dim, pygame.Rect(r.x, r.y, r.w, t.small.get_linesize()))
        draw_pile(surface, t, self.mini_painter, self.pile_center(self.viewer), view.points[self.viewer])

    def shown_history(self, view: UchronicleState) -> tuple[tuple[Trick, ...], Trick, set[Card]]:
        """The tricks on show and the cards an animation draws instead."""
        a = self.anim
        if a is None or not self.animating:
            return view.tricks, view.trick, set()
        if self.clock < a.removed_at:
            return a.before[0], a.before[1], set(a.taken)
        if self.clock < a.held_at:
            hidden = {a.card} if self.clock < a.landed_at else set()
            return a.mid[0], a.mid[1], hidden
        return a.mid[0], a.mid[1] if not a.settle else (), set()

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
            draw_text(surface, t.font("small", bold=i < len(tricks)), f"Trick {i + 1}", colour, pygame.Rect(slot.x + t.px(8), slot.y + t.px(2), slot.w - t.px(16), line))
            if i < len(tricks):
                self._draw_trick(surface, tricks[i], self.past_poses(i, len(tricks[i])), self.past_painter, hidden, marked, names=False)
        # the present trick
        r = self.present_rect
        pygame.draw.rect(surface, mix(t.felt, t.accent, 0.25), r, border_radius=t.px(12))
        pygame.draw.rect(surface, t.focus, r, max(2, t.px(3)), border_radius=t.px(12))
        bold = t.font("body", bold=True)
        shown = last if last is not None else trick
        number = TRICKS_PER_ROUND if last is not None else min(len(tricks) + 1, TRICKS_PER_ROUND)
        title = f"Trick {number} · " + ("last" if last is not None else "present")
        draw_text(surface, bold, title, t.text, pygame.Rect(r.x + t.px(10), r.y + t.px(6), r.w - t.px(20), bold.get_linesize()))
        sub = self.present_line(view, shown)
        draw_text(surface, t.small, sub, t.text_dim, pygame.Rect(r.x + t.px(10), r.y + t.px(6) + bold.get_linesize(), r.w - t.px(20), line))
        self._draw_trick(surface, shown, self.present_poses(len(shown)), self.present_painter, hidden, marked, names=True)

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
        step = poses[1].x - poses[0].x if len(poses) > 1 else w * (PRESENT_STEP if names else PAST_STEP)
        for p, pose in zip(trick, poses):
            if p.card in hidden:
                continue
            draw_card(surface, painter, card_face(t, p.card), pose)
            text, colour = seat_tag(t, p.seat, list(self.session.names) if names else None)
            draw_tag(surface, t, text, colour, (round(pose.x), round(pose.y + h / 2 + t.px(3))), int(step))
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
        if self.dead_end and self.selected is None:
            return (
                "Dead end: none of your cards can win this trick, whatever you remove. "
                "Play any card: every trick then keeps only its last card, and you take all the others.",
                t.warning,
            )
        if self.selected is None:
            lead = "You lead: any card wins an empty trick. " if not view.trick else ""
            return (
                lead + "Pick a card (click, or ←/→ and Space); the cheapest way to make it win is chosen for you.",
                t.text,
            )
        cs = self.current_choices()
        if not cs:
            return self.card_reason(self.selected), t.warning
        choice = self.preview_choice() or cs[0]
        ways = plural(len(cs), "way")
        taken = ", ".join(str(c) for c in choice.taken)
        effect = f"removes {taken} (marked ✕)" if taken else "removes nothing"
        return (
            f"{self.selected} can win {ways}, cheapest first. This one {effect}. "
            "Click it again, Play or Enter to play; ↑/↓ for another.",
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
            draw_text(surface, font, fit_text(font, ln, r.w), colour, pygame.Rect(r.x, y, r.w, line))
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
                pygame.draw.rect(surface, t.focus, rect, max(2, t.px(3)), border_radius=rect.h // 2)
            cs = self.current_choices()
            if hint is not None and 0 <= i < len(cs) and cs[i].action == hint:
                pygame.draw.rect(surface, t.hint, rect.inflate(t.px(6), t.px(6)), max(2, t.px(3)), border_radius=rect.h // 2 + t.px(3))
            ink = t.accent_text if chosen else t.text
            draw_text(surface, t.font("small", bold=chosen) if chosen else font, text, ink, rect.inflate(-t.px(12), 0), "center")

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

    def _draw_animation(self, surface: pygame.Surface) -> None:
        a = self.anim
        if a is None or not self.animating:
            return
        t = self.app.theme
        k = self.clock
        if k < a.removed_at:
            flip = t.duration(FLIP)
            for card, (pose, present) in a.taken_poses.items():
                painter = self.present_painter if present else self.past_painter
                if k < flip:
                    draw_flip(surface, painter, card_face(t, card), pose, k / flip if flip else 1.0)
                else:
                    u = (k - flip) / max(1e-6, a.removed_at - flip)
                    u = u * u
                    at = Pose(pose.x + (a.pile.x - pose.x) * u, pose.y + (a.pile.y - pose.y) * u, 0.0)
                    draw_card(surface, painter if u < 0.5 else self.mini_painter, None, at)
        if k < a.landed_at and k >= a.removed_at:
            draw_card(surface, self.present_painter, card_face(t, a.card), a.flight.pose)
        if k >= a.held_at:
            for card, tween in a.settle:
                painter = self.present_painter if tween.elapsed - tween.delay < tween.duration / 2 else self.past_painter
                draw_card(surface, painter, card_face(t, card), tween.pose)


# -- the title screen's picture ---------------------------------------------------------------


@functools.lru_cache(maxsize=4)
def _icon_painter(height: int) -> CardPainter:
    return CardPainter(height)


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """A trick of three climbing cards, the last a trump, and a removed card face down."""
    painter = _icon_painter(max(24, int(rect.h * 0.7)))
    w, _ = painter.card_size
    cards = [Card(0, 2), Card(0, 5), Card(3, 1)]
    cx, cy = rect.centerx, rect.centery
    step = w * 0.62
    x0 = cx - step * 1.5
    draw_card(surface, painter, None, Pose(x0 - step * 0.2, cy + rect.h * 0.04, 14.0))
    for i, c in enumerate(cards):
        draw_card(surface, painter, card_face(theme, c), Pose(x0 + (i + 1) * step, cy, -6.0 + 6.0 * i))


__all__ = ["UchronicleScene", "draw_example_1", "draw_example_2", "draw_example_3", "draw_icon"]
