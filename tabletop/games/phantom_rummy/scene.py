"""Phantom Rummy's table: your hand along the bottom, the row in the middle,
the other players around the top, the match at the side.

The scene is thin: it turns gestures into the rules' actions and shows the
refusals' reasons. On your turn click a row card to take it (or ←/→ and
Enter); then select cards in your hand and press Discard (D, or Enter with
one card), Ready (R: discard and say ready), Open (O, or Enter with three
cards) or Goal (G). When you are asked about a discard, the prompt in the
middle names whose discard it is and offers Goal (G), each gain (1-4) and
Pass (P), with a countdown when the settings' claim countdown is on; when it
runs out the scene passes for you. Nothing here decides what is legal.

Your hand is read as a player reads it (``scene_look.group_hand``): the
complete sets, the near sets with the cards that would complete them
("waiting on Sword 4 or 7"), then the loose cards. The goal screen (the
scorer's hand by sets, each source of points, the bonus check's flips
turning one by one) is ``scene_goal.py``; the drawing is ``scene_draw.py``.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.phantom_rummy.cards import Card, kinds_words, set_words
from tabletop.games.phantom_rummy.hands import distance_to_goal
from tabletop.games.phantom_rummy.model import (
    ClaimGain,
    ClaimGoal,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomState,
    Phase,
    Ready,
    ShortGame,
    Take,
)
from tabletop.games.phantom_rummy.scene_draw import (
    discard_area,
    discard_poses,
    draw_table,
)
from tabletop.games.phantom_rummy.scene_goal import GoalShow, draw_goal, goal_height
from tabletop.games.phantom_rummy.scene_look import Group, draw_icon, group_hand
from tabletop.ui.cards import CardPainter, CardTween, Pose, row_layout
from tabletop.ui.gamescene import GameScene
from tabletop.ui.hand import HandKeys
from tabletop.ui.widgets import Button, FocusGroup, Panel

#: seconds a taken or discarded card flies, at animation speed 1
FLY = 0.32
#: the most kinds the line over the hand names as what it waits on; beyond
#: it (a set not yet begun: nearly any card starts one) it says "most cards"
MOST_KINDS_NAMED = 8
#: the most gain choices the prompt offers as buttons (keys 1-4)
MOST_GAINS = 4
GAIN_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


class PhantomScene(GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.players = session.config.players
        self.advanced = bool(session.config.get("advanced", False))
        self.hand_painter = CardPainter(110)
        self.row_painter = CardPainter(100)
        self.mini_painter = CardPainter(50)
        self.goal_painter = CardPainter(80)
        self.selected: list[Card] = []
        self.hover: Card | None = None
        self._selection_key: tuple[int, int] | None = None
        #: seconds left on the claim prompt's countdown (None: no countdown)
        self.countdown: float | None = None
        self.countdown_total = 0.0
        self._prompt_key: tuple[int, int] | None = None
        #: the goal screen of the short game that just ended, while it shows
        self.goal: GoalShow | None = None
        #: cards flying (a take to its taker, a discard to its pile): the card,
        #: its tween and the painter of its size; ``flying`` their cards, not
        #: drawn where they land until they are there
        self.flights: list[tuple[Card, CardTween, CardPainter]] = []
        self.flying: set[Card] = set()
        # the layout (see layout_rects)
        self.match_panel = Panel()
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.row_rect = pygame.Rect(0, 0, 0, 0)
        self.pile_rect = pygame.Rect(0, 0, 0, 0)
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.mine_rect = pygame.Rect(0, 0, 0, 0)
        self.msg_rect = pygame.Rect(0, 0, 0, 0)
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons_rect = pygame.Rect(0, 0, 0, 0)
        self.goal_rect = pygame.Rect(0, 0, 0, 0)
        self.caption_h = 0
        self.goal_button = Button(
            "Goal", self.call_goal, kind="primary", tooltip="Score your goal hand (G)"
        )
        self.open_button = Button(
            "Open", self.open_set, tooltip="Lay the three selected cards as a set and draw two (O)"
        )
        self.discard_button = Button(
            "Discard", self.discard, tooltip="Discard the selected card (D or Enter)"
        )
        self.ready_button = Button(
            "Ready", self.ready, tooltip="Discard the selected card and say ready (R)"
        )
        self.claim_goal_button = Button(
            "Goal! (G)",
            lambda: self.act(ClaimGoal()),
            kind="primary",
            tooltip="Take the discard to score your goal (G)",
        )
        self.gain_buttons = [
            Button("", self._gain(i), tooltip=f"Gain the discard with these two cards ({i + 1})")
            for i in range(MOST_GAINS)
        ]
        self.pass_button = Button("Pass (P)", self.pass_claim, tooltip="Let the discard go (P)")
        self.turn_buttons = [
            self.goal_button,
            self.open_button,
            self.discard_button,
            self.ready_button,
        ]
        self.prompt_buttons = [self.claim_goal_button, *self.gain_buttons, self.pass_button]
        self.group = FocusGroup([*self.turn_buttons, *self.prompt_buttons])
        #: keyboard play: ←/→ over the row (to take) or the hand, Space selects, Enter plays
        self.keys = HandKeys(self.key_select, self.key_play, self.pass_claim)
        self.refresh()

    # -- layout ------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        pad, gap = t.px(12), t.px(10)
        small, body = t.small.get_linesize(), t.body.get_linesize()
        inner = rect.inflate(-2 * pad, -2 * pad)
        side_w = t.px(220)
        # the bottom: the hand with its buttons, the message, my sets and discards
        hand_h = max(48, min(t.px(128), int(rect.h * 0.17)))
        self.hand_painter.resize(hand_h)
        self.caption_h = small + t.px(2)
        lift = self.hand_painter.lift("selected")
        band_h = hand_h + lift + self.caption_h + t.px(4)
        btn_w, btn_h = t.px(118), t.px(40)
        self.buttons_rect = pygame.Rect(
            inner.right - 2 * btn_w - gap, inner.bottom - band_h, 2 * btn_w + gap, band_h
        )
        self.hand_rect = pygame.Rect(
            inner.x, inner.bottom - band_h, self.buttons_rect.x - gap - inner.x, band_h
        )
        top = self.buttons_rect.centery - btn_h - gap // 2
        for i, b in enumerate(self.turn_buttons):
            b.rect = pygame.Rect(
                self.buttons_rect.x + (i % 2) * (btn_w + gap),
                top + (i // 2) * (btn_h + gap),
                btn_w,
                btn_h,
            )
        self.msg_rect = pygame.Rect(inner.x, self.hand_rect.y - gap - 2 * small, inner.w, 2 * small)
        mini_h = max(30, t.px(58))
        self.mini_painter.resize(mini_h)
        self.mine_rect = pygame.Rect(
            inner.x, self.msg_rect.y - gap - mini_h - small, inner.w, mini_h + small
        )
        # the side column: the match
        match_h = body + 2 * t.px(16) + (self.players + 4) * small
        self.match_panel.rect = pygame.Rect(inner.x, inner.y, side_w, match_h)
        # the other seats across the top, right of the side column
        others = self.others()
        seats = pygame.Rect(
            inner.x + side_w + gap,
            inner.y,
            inner.w - side_w - gap,
            body + small + 2 * (mini_h + small) + t.px(14),
        )
        w = (seats.w - gap * (len(others) - 1)) // max(1, len(others))
        self.seat_rects = {
            s: pygame.Rect(seats.x + k * (w + gap), seats.y, w, seats.h)
            for k, s in enumerate(others)
        }
        # the middle: the pile and the row, the prompt beside them
        mid_top = max(seats.bottom, self.match_panel.rect.bottom) + gap
        middle = pygame.Rect(inner.x, mid_top, inner.w, self.mine_rect.y - gap - mid_top)
        prompt_w = min(t.px(400), middle.w // 2)
        self.prompt_rect = pygame.Rect(middle.right - prompt_w, middle.y, prompt_w, middle.h)
        row_h = max(40, min(t.px(128), middle.h - small - t.px(12)))
        self.row_painter.resize(row_h)
        cw = self.row_painter.card_size[0]
        self.pile_rect = pygame.Rect(middle.x, middle.y, cw + t.px(16), middle.h)
        self.row_rect = pygame.Rect(
            self.pile_rect.right + gap,
            middle.y,
            self.prompt_rect.x - gap - self.pile_rect.right - gap,
            middle.h,
        )
        self._layout_prompt()
        # the goal screen, while the bonus check turns: over the top of the table
        pad_v = 2 * t.px(10)
        card_h = max(30, min(t.px(110), int(rect.h * 0.45) - goal_height(self, 0) - pad_v))
        self.goal_rect = pygame.Rect(inner.x, inner.y, inner.w, goal_height(self, card_h) + pad_v)

    def summary_picture(self, width: int) -> tuple[int, Any] | None:
        """The goal screen inside the summary between short games."""
        if self.goal is None:
            return None
        height = goal_height(self, max(30, self.app.theme.px(84)))
        return height, lambda surface, rect: draw_goal(self, surface, rect, framed=False)

    def prompt_split(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The prompt below its heading: the discard and the words on the
        left, the answers' buttons on the right."""
        t = self.app.theme
        inner = self.prompt_rect.inflate(-2 * t.px(12), -2 * t.px(10))
        head = t.font("body", bold=True).get_linesize() + t.px(4)
        body = pygame.Rect(inner.x, inner.y + head, inner.w, inner.h - head)
        left_w = int(body.w * 0.36)
        return (
            pygame.Rect(body.x, body.y, left_w, body.h),
            pygame.Rect(body.x + left_w + t.px(10), body.y, body.w - left_w - t.px(10), body.h),
        )

    def _layout_prompt(self) -> None:
        """The claim prompt's buttons, in a column right of the discard."""
        t = self.app.theme
        _, r = self.prompt_split()
        gap = t.px(6)
        shown = [b for b in self.prompt_buttons if b.visible]
        bh = min(t.px(36), (r.h + gap) // max(1, len(shown)) - gap)
        y = r.y
        for b in self.prompt_buttons:
            b.rect = pygame.Rect(r.x, y, r.w, bh) if b.visible else pygame.Rect(r.x, r.y, 0, 0)
            if b.visible:
                y += bh + gap

    def others(self) -> list[int]:
        """The other seats in turn order after the viewer."""
        n = self.players
        return [(self.viewer + k) % n for k in range(1, n)]

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """Every separate region of the table, by name (for tests: none may overlap)."""
        rects = {
            "match": self.match_panel.rect,
            "pile": self.pile_rect,
            "row": self.row_rect,
            "prompt": self.prompt_rect,
            "mine": self.mine_rect,
            "message": self.msg_rect,
            "hand": self.hand_rect,
        }
        rects.update({f"button {b.text}": b.rect for b in self.turn_buttons})
        rects.update({f"seat {s}": r for s, r in self.seat_rects.items()})
        return rects

    # -- what the viewer holds -------------------------------------------------------
    def hand_groups(self, view: PhantomState | None = None) -> list[Group]:
        view = view if view is not None else self.view
        hand = view.hands[self.viewer] or ()
        return group_hand(hand, bool(view.opened[self.viewer]))

    def hand_cards(self, view: PhantomState | None = None) -> list[Card]:
        """The viewer's hand in the order drawn: group by group."""
        return [c for g in self.hand_groups(view) for c in g.cards]

    def hand_poses(self, view: PhantomState | None = None) -> list[tuple[Card, Pose]]:
        """Each hand card's resting pose: groups side by side with a gap between them."""
        groups = self.hand_groups(view)
        w, h = self.hand_painter.card_size
        n = sum(len(g.cards) for g in groups)
        if not n:
            return []
        area = self.hand_rect.inflate(-4, 0)  # whole pixels of room for float centres
        gaps = len(groups) - 1
        step, gap = w * 1.04, w * 0.35
        total = step * (n - 1) + gap * gaps + w
        if total > area.w:  # too wide: the cards overlap, the gaps shrink
            k = (area.w - w) / max(1.0, total - w)
            step, gap = step * k, gap * k
            total = area.w
        x = area.centerx - total / 2 + w / 2
        y = area.bottom - self.caption_h - h / 2
        out: list[tuple[Card, Pose]] = []
        for g in groups:
            for c in g.cards:
                out.append((c, Pose(x, y, 0.0)))
                x += step
            x += gap
        return out

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, pose in reversed(self.hand_poses()):
            lift = self.hand_painter.lift("selected") if card in self.selected else 0
            if pose.raised(lift).rect(self.hand_painter.card_size).collidepoint(pos):
                return card
        return None

    def row_poses(self, view: PhantomState | None = None) -> list[tuple[Card, Pose]]:
        view = view if view is not None else self.view
        area = self.row_rect.copy()
        small = self.app.theme.small.get_linesize()
        area.y += small
        area.h -= small
        poses = row_layout(len(view.row), area, self.row_painter.card_size, gap=0.14)
        return list(zip(view.row, poses))

    def row_card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, pose in reversed(self.row_poses()):
            if pose.rect(self.row_painter.card_size).collidepoint(pos):
                return card
        return None

    # -- what the viewer may do ----------------------------------------------------------
    @property
    def phase(self) -> Phase:
        return self.view.phase

    @property
    def asked(self) -> bool:
        """The viewer is asked about a discard now."""
        return self.my_turn and self.view.phase is Phase.CLAIMS

    def legal(self) -> list[Any]:
        return self.session.rules.legal_actions(self.view) if self.my_turn else []

    def gains(self) -> list[ClaimGain]:
        return [a for a in self.legal() if isinstance(a, ClaimGain)][:MOST_GAINS]

    def refresh(self) -> None:
        """The selection, the buttons and the prompt follow the position."""
        key = (self.viewer, self.session.ply)
        if key != self._selection_key:
            if self._selection_key is not None and self._selection_key[0] != self.viewer:
                self.keys.shown = False  # the next person's cursor shows at their first key
            self._selection_key = key
            self.selected = []
            view = self.view
            taken = view.taken
            if (
                self.my_turn
                and view.phase is Phase.ACT
                and view.ready[self.viewer]
                and taken is not None
            ):
                self.selected = [taken]  # a ready hand is locked: the taken card goes
        mine = self.my_turn
        act = mine and self.view.phase is Phase.ACT
        check = self.session.check
        one = self.selected[0] if len(self.selected) == 1 else None
        for button, action, need in (
            (self.goal_button, Goal(), ""),
            (
                self.open_button,
                Open(tuple(sorted(self.selected))) if len(self.selected) == 3 else None,
                "Select three cards that make a set.",
            ),
            (
                self.discard_button,
                Discard(one) if one is not None else None,
                "Select one card to discard.",
            ),
            (
                self.ready_button,
                Ready(one) if one is not None else None,
                "Select the card to discard as you say ready.",
            ),
        ):
            button.visible = True
            if not act:
                button.enabled = False
                button.disabled_reason = (
                    "Take a card from the row first." if mine else "Wait for your turn."
                )
                continue
            reason = need if action is None else check(action, self.viewer)
            button.enabled = reason is None
            button.disabled_reason = reason or ""
        asked = self.asked
        gains = self.gains() if asked else []
        self.claim_goal_button.visible = asked and check(ClaimGoal(), self.viewer) is None
        for i, b in enumerate(self.gain_buttons):
            b.visible = i < len(gains)
        self.pass_button.visible = asked
        self._layout_prompt()
        for i, b in enumerate(self.gain_buttons[: len(gains)]):
            b.text = self._gain_caption(gains[i], i, b.rect.w)
        self._sync_countdown()

    def _gain_caption(self, gain: ClaimGain, i: int, width: int) -> str:
        """The gain button's caption, shortened to fit ``width``: "Gain Moon
        5-6-7, red 6 (1)", else without "Gain", else without the type."""
        t = self.app.theme
        words = self._gain_words(gain)
        short = words.split(" ", 1)[1] if " " in words else words
        room = width - 2 * t.px(12)
        font = t.font("small")
        for text in (f"Gain {words} ({i + 1})", f"{words} ({i + 1})", f"{short} ({i + 1})"):
            if font.size(text)[0] <= room:
                return text
        return f"{short} ({i + 1})"

    def _gain_words(self, gain: ClaimGain) -> str:
        """``Moon 5-6-7``, and the red cards of the two from hand (``red 6``):
        two gains of one set differ by them."""
        view = self.view
        assert view.claim is not None
        words = set_words((view.claim.card, *gain.cards))
        reds = [c for c in gain.cards if c.red]
        if reds:
            words += ", red " + " ".join(
                str(c.number) if c.number is not None else c.name for c in reds
            )
        return words

    def _sync_countdown(self) -> None:
        """A fresh prompt with something to claim starts the settings' countdown."""
        key = (self.viewer, self.session.ply)
        if not self.asked:
            self.countdown, self._prompt_key = None, None
            return
        if key == self._prompt_key:
            return
        self._prompt_key = key
        seconds = float(self.app.settings.claim_countdown)
        can_claim = any(not isinstance(a, Pass) for a in self.legal())
        self.countdown = seconds if seconds > 0 and can_claim else None
        self.countdown_total = seconds

    def _gain(self, i: int) -> Any:
        def gain() -> None:
            gains = self.gains()
            if i < len(gains):
                self.act(gains[i])

        return gain

    def call_goal(self) -> None:
        self.act(ClaimGoal() if self.asked else Goal())

    def open_set(self) -> None:
        if len(self.selected) != 3:
            self.refuse("Select the three cards of the set to open.")
            return
        self.act(Open(tuple(sorted(self.selected))))

    def discard(self) -> None:
        if len(self.selected) != 1:
            self.refuse("Select one card to discard.")
            return
        self.act(Discard(self.selected[0]))

    def ready(self) -> None:
        if len(self.selected) != 1:
            self.refuse("Select the card to discard as you say ready.")
            return
        self.act(Ready(self.selected[0]))

    def pass_claim(self) -> None:
        if not self.asked:
            self.refuse(
                "There is no discard to pass on." if self.my_turn else "Wait for your turn."
            )
            return
        self.act(Pass())

    def toggle(self, card: Card) -> None:
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
            if len(self.selected) > 3:  # a set is three cards: the oldest pick drops
                self.selected.pop(0)
        self.app.sound.play("click", 0.4)
        self.refresh()

    def keyed_cards(self) -> list[Card]:
        """What the keyboard's cursor runs over: the row when a card is to be
        taken, else the hand."""
        view = self.view
        if self.my_turn and view.phase is Phase.TAKE:
            return list(view.row)
        return self.hand_cards(view)

    def key_select(self, card: Any) -> None:
        if not self.ready_for_input():
            return
        if self.view.phase is Phase.TAKE:
            self.act(Take(card))
        elif self.view.phase is Phase.ACT:
            self.toggle(card)

    def key_play(self) -> None:
        """Enter: take the card under the cursor (the first Enter only shows
        the cursor when it was hidden), or discard one selected card, or open
        three."""
        if not self.my_turn:
            self.refuse("Wait for your turn.")
            return
        phase = self.view.phase
        if phase is Phase.TAKE:
            card = self.keys.focused(self.keyed_cards())
            if card is not None and not self.keys.shown:
                # never take a card the player cannot see under the cursor:
                # the first Enter shows where the cursor is
                self.keys.shown = True
                self.app.toast(f"{card.title}: Enter takes it, \u2190/\u2192 picks another.")
            elif card is not None:
                self.act(Take(card))
        elif phase is Phase.ACT:
            if len(self.selected) == 3:
                self.open_set()
            else:
                self.discard()

    # -- input ----------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        self.refresh()
        if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            if self.keys.handle(event, self.keyed_cards()):
                self.refresh()
                return True
            keys = {
                pygame.K_g: self.call_goal,
                pygame.K_o: self.open_set,
                pygame.K_d: self.discard,
                pygame.K_r: self.ready,
            }
            if event.key in keys and self.my_turn and self.view.phase is not Phase.TAKE:
                keys[event.key]()
                return True
            if event.key in GAIN_KEYS and self.asked:
                self._gain(GAIN_KEYS.index(event.key))()
                return True
        if self.group.handle(event):
            self.refresh()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.animating:
                self.skip_animation()
            row_card = self.row_card_at(event.pos)
            if row_card is not None:
                if self.my_turn and self.view.phase is Phase.TAKE:
                    self.act(Take(row_card))
                return True
            card = self.card_at(event.pos)
            if card is None:
                return False
            self.keys.point_at(card, self.keyed_cards())
            if self.my_turn and self.view.phase is Phase.ACT:
                self.toggle(card)
            return True
        return False

    # -- time -------------------------------------------------------------------------------
    def seat_anchor(self, seat: int) -> Pose:
        """Where another seat's cards come from and go to: its panel's middle."""
        r = self.seat_rects.get(seat)
        if r is None:
            return Pose(self.hand_rect.centerx, self.hand_rect.centery, 0.0)
        return Pose(r.centerx, r.centery, 0.0)

    def _fly(self, card: Card, start: Pose, end: Pose, painter: CardPainter) -> None:
        seconds = self.app.theme.duration(FLY)
        if seconds > 0:
            self.flights.append((card, CardTween(start, end, seconds, tag=card), painter))
            self.flying.add(card)

    def _start_flights(self, before: PhantomState, action: Any, after: PhantomState) -> None:
        """A take flies from the row to its taker, a discard from its owner to
        their pile (the table as laid out for the viewer)."""
        seat = self.session.rules.to_move(before)
        if seat is None or self.summary is not None:
            return
        if isinstance(action, Take):
            start = dict(self.row_poses(before)).get(action.card)
            if start is None:
                return
            if seat == self.viewer:
                end = dict(self.hand_poses(self.session.rules.view(after, seat))).get(
                    action.card, start
                )
                self._fly(action.card, start, end, self.hand_painter)
            else:
                self._fly(action.card, start, self.seat_anchor(seat), self.row_painter)
        elif isinstance(action, (Discard, Ready)):
            if seat == self.viewer:
                start = dict(self.hand_poses(self.session.rules.view(before, seat))).get(
                    action.card
                )
            else:
                start = self.seat_anchor(seat)
            pile = after.discards[seat]
            if start is None or not pile or pile[-1] != action.card:
                return
            end = discard_poses(self, len(pile), discard_area(self, seat))[-1]
            self._fly(action.card, start, end, self.mini_painter)

    def on_played(self, move: Move) -> None:
        before, action, after = move.before, move.action, move.after
        self.skip_animation()
        sound = self.app.sound
        sound.play(
            "card" if isinstance(action, (Take, Discard, Ready, Open, ClaimGain)) else "click", 0.6
        )
        self._start_flights(before, action, after)
        if len(after.results) > len(before.results):
            result: ShortGame = after.results[-1]
            seat = result.goal
            opened = before.opened[seat] if seat is not None else ()
            self.goal = GoalShow(result, len(after.results), self.app.theme, opened)
        self.refresh()

    @property
    def animating(self) -> bool:
        return bool(self.flights) or (self.goal is not None and not self.goal.done)

    def skip_animation(self) -> None:
        self.flights, self.flying = [], set()
        if self.goal is not None:
            self.goal.skip()

    def update(self, dt: float) -> None:
        for _, tween, _ in self.flights:
            tween.update(dt)
        if self.flights and all(tween.done for _, tween, _ in self.flights):
            self.flights, self.flying = [], set()
        if self.goal is not None:
            self.goal.update(dt)
            if self.goal.done and self.summary is None:
                self.goal = None  # the summary was closed: the next deal shows
        super().update(dt)
        self.refresh()
        self.group.update(dt)
        if self.countdown is not None and self.asked and not self.animating:
            self.countdown -= dt
            if self.countdown <= 0:
                self.countdown = None
                self.app.toast("Time is up: you pass.")
                self.act(Pass())

    # -- drawing ------------------------------------------------------------------------------
    def distance_words(self, view: PhantomState) -> str:
        """How far the viewer's hand is from a goal, and what it waits on.
        With no set open the count is towards the set to open as well, and
        when most kinds would help (a set not begun) it says so rather than
        listing them all."""
        hand = view.hands[self.viewer] or ()
        if not hand:
            return ""
        opened = bool(view.opened[self.viewer])
        d = distance_to_goal(hand, opened)
        if d.cards == 0:  # only reachable with a set open (a goal hand then needs one)
            return "A goal hand!"
        away = "1 card from a goal" if d.cards == 1 else f"{d.cards} cards from a goal"
        if view.ready[self.viewer]:
            away = "Ready"
        elif not opened:
            away += ", a set to open among them"
        if not d.acceptance:
            return away
        if len(d.acceptance) > MOST_KINDS_NAMED:
            return f"{away} · most cards would help"
        return f"{away} · waiting on {kinds_words(d.acceptance)}"

    def prompt_words(self) -> str:
        """The top bar during a claim prompt: "Claim or pass", not "Your turn"
        (the prompt on the table names the discard and whose it is)."""
        shown = self.shown_state
        return "Claim or pass" if shown.phase is Phase.CLAIMS else ""

    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        self.refresh()
        draw_table(self, surface, view)


__all__ = ["PhantomScene", "draw_icon"]
