"""Uchronicle's table, a part the frame holds (``tabletop/ui/table.py``): the
rule board and the scores at the side, the other players along the top, the
round's tricks in play order in the middle with the present trick apart,
your hand at the bottom, and under the table the ways the card you picked
can win, as chips.

The table is thin. The chips are the rules' legal actions for the picked
card (``legal_actions``: each rules state that can make it win with its
cheapest removal, cheapest first); the cards a chip would remove come from
the solver (``taken_by``) or, at the expert dead end, from the rules
(``dead_end_taken``). A chip played is an action the frame plays, which the
session checks. A card with no chip cannot win this trick, whatever is
removed (the expert game only), and is dimmed with the reason.

``layout.py`` places everything, ``picture.py`` says what shows (plain data,
and the words), ``paint.py`` paints it, ``input.py`` turns gestures into
actions, ``animation.py`` plays a move, ``looks.py`` is how suits, cards and
the rule board look; ``removal.py`` lets the player make a chip's removal
dearer (ruling U6) and ``tutorial.py`` draws the rules page's worked examples.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    TRICKS_PER_ROUND,
    Card,
    DeadEnd,
    Play,
    UchronicleState,
    parse_card,
)
from tabletop.games.uchronicle.rules import dead_end_taken
from tabletop.games.uchronicle.table import input as gestures
from tabletop.games.uchronicle.table.animation import Motion
from tabletop.games.uchronicle.table.layout import (
    Geometry,
    Painters,
    chip_h,
    strength_lines_of,
)
from tabletop.games.uchronicle.table.looks import (
    CHIP_ROWS,
    card_face,
    marker_cells,
    negative,
    option_text,
    strength_lines,
    strength_word,
)
from tabletop.games.uchronicle.table.paint import paint
from tabletop.games.uchronicle.table.picture import (
    Advice,
    BoardPicture,
    ChipSpot,
    Choice,
    HandSpot,
    HistoryPicture,
    Local,
    ScoreRow,
    ScoresPicture,
    SeatPicture,
    UchroniclePicture,
    card_reason,
    message,
    over_text,
    present_line,
)
from tabletop.games.uchronicle.table.removal import Editor
from tabletop.games.uchronicle.table.tutorial import (
    draw_example_1,
    draw_example_2,
    draw_example_3,
)
from tabletop.ui.cards import Look, Pose, draw_card, hit_test, icon_painter
from tabletop.ui.gamescene import GameScene
from tabletop.ui.hand import HandKeys
from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.theme import Colour, Theme
from tabletop.ui.widgets import Button, FocusGroup, seat_name_font, wrap_text

__all__ = [
    "UchronicleTable",
    "draw_example_1",
    "draw_example_2",
    "draw_example_3",
    "draw_icon",
    "scene",
]


class UchronicleTable(Table[UchroniclePicture]):
    """The table (see the module docstring)."""

    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        session = frame.session
        self.players: int = session.config.players
        self.expert = bool(session.state.expert)
        self.painters = Painters()
        self.geo = Geometry(frame.app.theme, self.painters, self.players, self.expert)
        self.local = Local()
        self.editor = Editor(self)
        self.motion = Motion([float(c) for c in marker_cells(frame.view.rules)])
        #: the viewer, the position and whether it is theirs to play: the pick belongs to it
        self._key: tuple[int, int, bool] | None = None
        self._hint_seen: Any = None
        self.play_button = Button(
            "Play",
            self.confirm,
            kind="primary",
            tooltip="Play the picked card the chosen way (Enter)",
        )
        self.buttons = FocusGroup([self.play_button])
        self.group = self.buttons
        #: keyboard play: ←/→ over the hand, Space picks, Enter plays
        self.keys = HandKeys(self.key_select, self.confirm, None)

    # -- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.editor.menu = None  # the declare menu hangs under a card that may move
        self.geo.lay_out(rect, self.frame.viewer)
        self.play_button.rect = self.geo.play.copy()

    # -- the hand ---------------------------------------------------------------------------
    def hand_cards(self, view: UchronicleState | None = None) -> list[Card]:
        view = view if view is not None else self.frame.view
        return list(view.hands[self.frame.viewer] or ())

    def card_look(self, card: Card) -> Look:
        local = self.local
        if card == local.selected:
            return Look.SELECTED
        if not self.frame.my_turn:
            return Look.NORMAL
        if not local.choices.get(card):
            return Look.DISABLED
        if card == local.hover_card:
            return Look.HOVER
        return Look.PLAYABLE

    def card_lift(self, card: Card) -> int:
        painter = self.painters.hand
        lift = painter.lift(self.card_look(card))
        hint = self.frame.hint_action
        if hint is not None and hint.card == card:
            lift = max(lift, painter.lift(Look.SELECTED))
        return lift

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        cards = self.hand_cards()
        poses = self.geo.hand_poses(len(cards))
        size = self.painters.hand.card_size
        i = hit_test(poses, pos, size, [self.card_lift(c) for c in cards])
        return cards[i] if i is not None else None

    # -- what the player may do --------------------------------------------------------------
    def refresh(self) -> None:
        """The chips for each card, the selection and the Play button."""
        frame, local, session = self.frame, self.local, self.frame.session
        mine = (
            frame.replay_queue is None
            and frame.summary is None  # the finished round on show is not the one to play
            and session.to_move() == frame.viewer
            and session.is_human_turn()
        )
        key = (frame.viewer, session.ply, mine)
        if key != self._key:
            self._key = key
            local.selected, local.chip, local.chip_start = None, 0, 0
            local.hover_card = local.hover_chip = None
            self.editor.hover = None
            self.editor.reset()
            local.choices = self.compute_choices(frame.view) if mine else {}
            local.dead_end = any(
                isinstance(c.action, DeadEnd) for cs in local.choices.values() for c in cs
            )
        hint = frame.hint_action
        if hint is not None and hint is not self._hint_seen:
            self._hint_seen = hint
            self.select_action(hint)
        choice = self.current_choice()
        edit_reason = self.editor.edit_reason
        self.play_button.enabled = frame.my_turn and choice is not None and edit_reason is None
        self.play_button.disabled_reason = (
            (
                "Pick a card first."
                if local.selected is None
                else edit_reason or self.card_reason(local.selected)
            )
            if mine
            else "Wait for your turn."
        )

    def compute_choices(self, view: UchronicleState) -> dict[Card, list[Choice]]:
        """Each card's legal actions (the rules' order: cheapest first), with
        the cards each would remove."""
        out: dict[Card, list[Choice]] = {c: [] for c in self.hand_cards(view)}
        for action in self.frame.session.rules.legal_actions(view):
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
        return card_reason(self.frame.view.trick, card)

    def current_choices(self) -> list[Choice]:
        return self.local.current_choices()

    def current_choice(self) -> Choice | None:
        """The chosen chip, with the player's own removal when they edited it."""
        base = self.local.chip_choice()
        return self.editor.edited(base) if base is not None else None

    def preview_choice(self) -> Choice | None:
        """The chip the table previews: the one under the mouse, else the chosen one."""
        local = self.local
        cs = local.current_choices()
        if (
            local.hover_chip is not None
            and local.hover_chip != local.chip
            and 0 <= local.hover_chip < len(cs)
        ):
            return cs[local.hover_chip]
        return self.current_choice()

    def select_card(self, card: Card | None) -> None:
        local = self.local
        if card == local.selected:
            card = None
        local.selected, local.chip, local.chip_start = card, 0, 0
        self.editor.reset()
        self.frame.app.sound.play("click", 0.4)
        self.refresh()

    def select_action(self, action: Any) -> None:
        """Pick the card of ``action`` and its chip (a hint): the chip that is
        the action, else the one of its rules state with the action's removal."""
        local = self.local
        if not isinstance(action, (Play, DeadEnd)) or action.card not in local.choices:
            return
        local.selected, local.chip, local.chip_start = action.card, 0, 0
        self.editor.reset()
        cs = local.current_choices()
        for i, c in enumerate(cs):
            if c.action == action:
                local.chip = local.chip_start = i
                return
        for i, c in enumerate(cs):
            if (
                isinstance(action, Play)
                and isinstance(c.action, Play)
                and c.action.rules == action.rules
            ):
                local.chip = local.chip_start = i
                self.editor.edit = action.removed
                self.editor.edit_reason = self.frame.session.rules.check(self.frame.view, action)
                return

    def move_chip(self, step: int) -> None:
        local = self.local
        cs = local.current_choices()
        if not cs:
            return
        local.chip = (local.chip + step) % len(cs)
        self.editor.reset()
        visible = [i for i, _, _ in self.chip_layout() if i >= 0]
        if local.chip not in visible:
            local.chip_start = local.chip if step > 0 or not visible else max(0, local.chip)
        self.refresh()

    def key_select(self, card: Any) -> None:
        """Space on the card under the keyboard's cursor."""
        if not self.frame.ready_for_input():
            return
        self.select_card(card)

    def confirm(self) -> None:
        """Play the chosen chip (Play, Enter, or a second click on the chip)."""
        choice = self.current_choice()
        selected = self.local.selected
        if choice is None:
            if selected is None:
                self.frame.refuse("Pick a card first: click it, or ←/→ and Space.")
            else:
                self.frame.refuse(self.card_reason(selected))
            return
        if self.editor.edit_reason is not None:
            self.frame.refuse(self.editor.edit_reason)
            return
        self.choose(choice.action)

    # -- chips ------------------------------------------------------------------------------
    def chip_layout(self) -> list[tuple[int, pygame.Rect, str]]:
        """The chips on show: ``(index, rect, text)``, index -1 for "◂ back",
        -2 for "more ▸" and -3 for "↺ cheapest" (after an edited removal);
        from ``chip_start``, as many as fit the rows. The chosen chip says its
        edited removal."""
        t = self.frame.app.theme
        local, editor = self.local, self.editor
        cs = local.current_choices()
        if not cs:
            return []
        font = t.font("small", bold=True)  # the chosen chip's font: every chip fits it
        r = self.geo.chips
        h, gap = chip_h(t), t.px(6)
        pad = t.px(22)

        def width(text: str) -> int:
            return min(r.w, font.size(text)[0] + pad)

        more_w = width("more ▸ (99)")
        out: list[tuple[int, pygame.Rect, str]] = []
        x, row = r.x, 0
        start = max(0, min(local.chip_start, len(cs) - 1))
        for index, text, shown in (
            (-3, "↺ cheapest", editor.edit is not None),
            (-1, "◂ back", start > 0),
        ):
            if shown:
                out.append((index, pygame.Rect(x, r.y, width(text), h), text))
                x += width(text) + gap
        chosen = self.current_choice()
        i = start
        while i < len(cs):
            c = chosen if i == local.chip and chosen is not None else cs[i]
            text = option_text(c.action, c.cost, self.expert)
            if c is chosen and editor.edit_reason is not None:
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
        local = self.local
        if index == -3:
            self.editor.back_to_cheapest()
            return
        if index == -1:
            local.chip_start = max(0, local.chip_start - max(1, self._page_size()))
            return
        if index == -2:
            shown = [i for i, _, _ in self.chip_layout() if i >= 0]
            local.chip_start = (shown[-1] + 1) if shown else 0
            return
        if index == local.chip and self.frame.my_turn:
            self.confirm()
            return
        local.chip = index
        self.editor.reset()
        self.frame.app.sound.play("click", 0.4)
        self.refresh()

    def _page_size(self) -> int:
        return len([i for i, _, _ in self.chip_layout() if i >= 0])

    # -- the contract -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Any:
        return gestures.handle(self, event)

    def picture(self, view: Any) -> UchroniclePicture:
        frame, local, editor = self.frame, self.local, self.editor
        t = frame.app.theme
        mine = frame.my_turn
        names = tuple(frame.session.names)
        preview = self.preview_choice()
        summary_held = frame.summary is not None
        over = over_text(view.round, view.rounds, summary_held)
        # the rule board
        board = BoardPicture(
            "Rule board" + (" · expert" if self.expert else ""),
            self.expert,
            tuple(self.motion.markers),
            preview.action.rules if preview is not None else None,
            tuple(wrap_text(t.small, strength_lines(self.expert), self.geo.board.w))[
                : self.geo.foot_lines
            ],
        )
        # the scores
        trick_no = min(view.trick_number, TRICKS_PER_ROUND)
        scores = ScoresPicture(
            f"Round {view.round} of {view.rounds} · trick {trick_no} of {TRICKS_PER_ROUND}",
            f"deck {view.deck_size}" if self.players == 2 else None,
            tuple(
                ScoreRow(
                    f"{t.player(s).glyph} {names[s]}",
                    t.player(s).colour,
                    negative(view.points[s]),
                    negative(view.totals[s]),
                )
                for s in range(self.players)
            ),
        )
        seats = tuple(self._seat(t, view, seat, names) for seat in self.geo.seats)
        # the tricks
        tricks, trick, hidden = self.motion.shown_history(view)
        choice = preview if mine else None
        marked = frozenset(choice.taken) if choice is not None else frozenset()
        last = None
        if not trick and len(tricks) == TRICKS_PER_ROUND:  # the round's last trick, finished
            tricks, last = tricks[:-1], tricks[-1]
        shown = last if last is not None else trick
        number = TRICKS_PER_ROUND if last is not None else min(len(tricks) + 1, TRICKS_PER_ROUND)
        cards = [p.card for p in shown]
        history = HistoryPicture(
            tricks,
            shown,
            frozenset(hidden),
            marked,
            f"Trick {number} · " + ("last" if last is not None else "present"),
            present_line(view.turn, shown, over, local.dead_end and mine),
            tuple(
                strength_lines_of(
                    t, strength_word(cards, i, view.rules), self.geo.present_step() - t.px(6)
                )
                for i in range(len(cards))
            ),
            names,
        )
        # the advice, the chips, the hand
        turn = view.turn
        advice = Advice(
            turn,
            over,
            view.rules,
            mine,
            names[turn] if turn is not None else "",
            turn is not None and frame.is_thinking(turn),
            local,
            view.trick,
            preview,
            self.current_choice(),
            editor.edit is not None,
            editor.edit_reason,
            self.expert,
        )
        return UchroniclePicture(
            board,
            scores,
            seats,
            view.points[frame.viewer],
            history,
            message(t, advice),
            self._chips(),
            self._hand(view),
            self.motion.sprites(t),
            editor.rings() if mine else (),
            editor.menu_picture() if mine else None,
        )

    def _seat(
        self, t: Theme, view: UchronicleState, seat: int, names: tuple[str, ...]
    ) -> SeatPicture:
        style = t.player(seat)
        badge, colour = self.seat_badge(t, view, seat)
        title = f"{style.glyph} {names[seat]}"
        return SeatPicture(
            seat,
            title,
            style.colour,
            view.turn == seat,
            badge,
            colour,
            view.hand_sizes[seat],
            view.points[seat],
            seat_name_font(t, self.geo.seats[seat], title, badge),
        )

    def seat_badge(self, t: Theme, view: UchronicleState, seat: int) -> tuple[str, Colour]:
        if view.turn == seat:
            thinking = self.frame.is_thinking(seat)
            return ("thinking…" if thinking else "to move"), t.player(seat).colour
        if view.turn is not None and view.lead == seat:
            return "led", t.panel_edge
        return "", t.text_dim

    def _chips(self) -> tuple[ChipSpot, ...]:
        local = self.local
        hint = self.frame.hint_action
        cs = local.current_choices()
        refused = self.editor.edit_reason is not None
        return tuple(
            ChipSpot(
                i,
                rect,
                text,
                i == local.chip,
                i == local.hover_chip,
                hint is not None and 0 <= i < len(cs) and cs[i].action == hint,
                refused,
            )
            for i, rect, text in self.chip_layout()
        )

    def _hand(self, view: UchronicleState) -> tuple[HandSpot, ...]:
        cards = self.hand_cards(view)
        anim = self.motion.anim
        if anim is not None and self.motion.animating and anim.seat == self.frame.viewer:
            cards = [c for c in cards if c != anim.card]
        if not cards:
            return ()
        hint = self.frame.hint_action
        painter = self.painters.hand
        focus = self.keys.focused(cards) if self.keys.shown else None
        spots = []
        for c, p in zip(cards, self.geo.hand_poses(len(cards))):
            look = self.card_look(c)
            hinted = hint is not None and hint.card == c
            if hinted:
                p = p.raised(self.card_lift(c) - painter.lift(look))
            spots.append(HandSpot(c, p, look, hinted, c == focus))
        return tuple(spots)

    def paint(self, surface: pygame.Surface, picture: UchroniclePicture) -> None:
        paint(surface, self.frame.app.theme, self.geo, self.buttons, picture)

    def table_tooltip(self) -> tuple[str, tuple[int, int]] | None:
        """A dimmed card's reason, or what a click on a history card would do."""
        local, editor = self.local, self.editor
        hover = local.hover_card
        if self.frame.my_turn and hover is not None and hover in local.choices:
            if not local.choices[hover]:
                return self.card_reason(hover), local.mouse
        spot = editor.hover
        if spot is not None and editor.menu is None and editor.editable() is not None:
            return editor.history_tip(*spot), local.mouse
        return None

    def dismiss(self) -> bool:
        return self.editor.dismiss()

    # -- a lesson's coach (lesson.toml, lesson-expert.toml) ----------------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """Where a lesson's light falls: ``board`` (the rule board), ``scores``,
        ``history`` (the past tricks), ``present`` (the present trick),
        ``hand``, ``play`` (the Play button), ``seat:N`` (seat N's panel along
        the top), ``card:D6`` (that card of your hand, the part of it that
        shows), ``chip:D6:N`` (D6's chip N, 0 the cheapest, while D6 is
        picked; until then D6 itself, which shows its chips when clicked).
        None when it is not on show."""
        geo = self.geo
        places = {
            "board": geo.board_panel,
            "scores": geo.score_panel,
            "history": geo.grid,
            "present": geo.present,
            "hand": geo.hand,
            "play": self.play_button.rect,
        }
        if target in places:
            return places[target].copy()
        kind, _, arg = target.partition(":")
        if kind == "seat" and arg.isdigit():
            rect = geo.seats.get(int(arg))
            return rect.copy() if rect is not None else None
        if kind == "card":
            try:
                return self.card_rect(parse_card(arg))
            except ValueError:
                return None
        if kind == "chip":
            name, _, index = arg.partition(":")
            try:
                card = parse_card(name)
            except ValueError:
                return None
            if self.local.selected != card:
                return self.card_rect(card)
            return next((r.copy() for i, r, _ in self.chip_layout() if str(i) == index), None)
        return None

    def lesson_value(self, name: str) -> object:
        """What a lesson's gesture step watches: ``picked:D6`` (that card is
        picked), ``over-chip:D6:N`` (D6 is picked and the mouse rests on its
        chip N), ``over-card:D6`` (the mouse rests on that card of your hand)."""
        kind, _, arg = name.partition(":")
        local = self.local
        arg, _, index = arg.partition(":")
        try:
            card = parse_card(arg)
        except ValueError:
            return None
        if kind == "over-chip":
            return local.selected == card and str(local.hover_chip) == index
        if kind == "picked":
            return local.selected == card
        if kind == "over-card":
            return local.hover_card == card
        return None

    def card_rect(self, card: Card) -> pygame.Rect | None:
        """The part of ``card`` in your hand that shows (the next card of the
        fan covers the rest), where it is drawn; None when it is not in hand."""
        cards = self.hand_cards()
        if card not in cards:
            return None
        painter = self.painters.hand
        size = painter.card_size
        poses = self.geo.hand_poses(len(cards))
        i = cards.index(card)
        rect = poses[i].raised(self.card_lift(card)).rect(size)
        if i + 1 < len(cards):
            cover = poses[i + 1].raised(self.card_lift(cards[i + 1])).rect(size)
            rect.w = max(self.frame.app.theme.px(12), min(rect.w, cover.x - rect.x))
        return rect

    def card_point(self, card: Card) -> tuple[int, int] | None:
        """A point where a click picks ``card`` of your hand (a lesson's
        clicks, as a person's would land); None when it is not in hand."""
        rect = self.card_rect(card)
        if rect is None:
            return None
        for dy in (0, -rect.h // 4, rect.h // 4):
            for dx in range(rect.w // 2, rect.w, max(1, rect.w // 8)):
                for x in (rect.x + dx, rect.right - dx):
                    point = (x, rect.centery + dy)
                    if self.card_at(point) == card:
                        return point
        return None

    # -- animation --------------------------------------------------------------------------
    def start(self, move: Move) -> None:
        app = self.frame.app
        self.motion.start(move, app.theme, app.sound, self.geo, self._origin)

    def _origin(self, before: UchronicleState, seat: int, card: Card) -> Pose:
        """Where a played card leaves from: the viewer's hand, or the seat's backs."""
        if seat == self.frame.viewer:
            hand = list(self.frame.session.rules.view(before, seat).hands[seat] or ())
            if card in hand:
                lift = self.painters.hand.lift(Look.SELECTED)
                return self.geo.hand_poses(len(hand))[hand.index(card)].raised(lift)
        return self.geo.seat_anchor(seat)

    @property
    def animating(self) -> bool:
        return self.motion.animating

    def skip(self) -> None:
        self.motion.skip()

    def update(self, dt: float) -> None:
        self.motion.update(dt, self.frame.view.rules, self.frame.app.theme.anim_speed)

    def wake_in(self) -> float:
        """A card's flight and the rule board's markers sliding move; the
        table otherwise waits."""
        return NOW if not self.motion.still(self.frame.view.rules) else NEVER


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


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """The game's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=UchronicleTable)
