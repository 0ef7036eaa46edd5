"""Planet etuC's table, a part the frame holds (``tabletop/ui/table.py``):
your hand fanned at the bottom, the round's plays in the middle, the other
players around the top, the match and the rank card at the side.

The table is thin. A card is *playable* when it is part of one of the rules'
legal plays; clicking cards picks one or two of them, and the pick becomes
``Play(cards)``, which the session checks: its reason, when it is refused,
is shown under the hand and disables Play. Pass is the rules' ``Pass``.
Nothing here decides what may be played.

``layout.py`` places everything, ``picture.py`` says what shows (plain
data), ``paint.py`` paints it, ``input.py`` turns gestures into actions,
``animation.py`` plays a move, ``looks.py`` is how a card looks.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.etuc.rules import Card, EtucState, Pass, Play, parse_card
from tabletop.games.etuc.table import input as gestures
from tabletop.games.etuc.table.animation import Clock, phases_for
from tabletop.games.etuc.table.layout import (
    EMPTY,
    Layout,
    Painters,
    hand_poses,
    lay_out,
    seat_anchor,
    stack_poses,
)
from tabletop.games.etuc.table.paint import draw_icon, paint
from tabletop.games.etuc.table.picture import (
    EtucPicture,
    Local,
    card_lift,
    picture,
    sort_hand,
)
from tabletop.ui.cards import Look, Pose, hit_test
from tabletop.ui.gamescene import GameScene
from tabletop.ui.hand import HandKeys, toggle_pick
from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.widgets import Button, FocusGroup

__all__ = ["EtucTable", "draw_icon", "scene"]


class EtucTable(Table[EtucPicture]):
    """The table (see the module docstring)."""

    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        self.players = frame.session.config.players
        self.painters = Painters()
        self.local = Local()
        self.clock = Clock()
        self.shape: Layout = EMPTY
        #: the viewer and the position the pick belongs to
        self._pick_for: tuple[int, int] | None = None
        self.play_button = Button(
            "Play", self.play_selection, kind="primary", tooltip="Play the selected cards (Enter)"
        )
        self.pass_button = Button(
            "Pass", self.pass_turn, tooltip="Sit out the rest of this round (P)"
        )
        self.sort_button = Button(
            "Sort: colour", self.toggle_sort, tooltip="Order your hand by colour or by number (S)"
        )
        self.buttons = FocusGroup([self.play_button, self.pass_button, self.sort_button])
        self.group = self.buttons
        #: keyboard play: ←/→ over the hand, Space selects, Enter plays, P passes
        self.keys = HandKeys(self.key_select, self.play_selection, self.pass_turn)

    # -- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.frame.app.theme
        self.shape = lay_out(t, rect, self.players, self.frame.viewer, self.painters)
        for button, place in zip(
            (self.play_button, self.pass_button, self.sort_button), self.shape.buttons, strict=True
        ):
            button.rect = pygame.Rect(place)

    # -- the hand -------------------------------------------------------------------------
    def hand_cards(self, view: EtucState | None = None) -> list[Card]:
        """The viewer's hand in the order it is fanned."""
        view = view if view is not None else self.frame.view
        return sort_hand(view.hands[self.frame.viewer] or (), self.local.by_colour)

    def hand_poses(self, n: int) -> list[Pose]:
        return hand_poses(self.shape, self.painters.hand, self.frame.app.theme, n)

    def stack_poses(self, plays: tuple[tuple[int, tuple[Card, ...]], ...]) -> list[list[Pose]]:
        """Where each play's cards lie on the stack, newest last."""
        return stack_poses(self.shape, self.painters.stack, plays)

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        cards = self.hand_cards()
        poses = self.hand_poses(len(cards))
        lifts = [card_lift(self.frame, self.local, self.painters, c) for c in cards]
        i = hit_test(poses, pos, self.painters.hand.card_size, lifts)
        return cards[i] if i is not None else None

    def card_point(self, card: Card) -> tuple[int, int] | None:
        """A point of the window where a click picks ``card`` of the hand
        (a strip of it no other card covers), or None when it is not there."""
        cards = self.hand_cards()
        if card not in cards:
            return None
        pose = self.hand_poses(len(cards))[cards.index(card)]
        lift = card_lift(self.frame, self.local, self.painters, card)
        pose = pose.raised(lift)
        w, h = self.painters.hand.card_size
        for dy in (0, -h // 4, h // 4):
            for dx in range(-w // 2 + 2, w // 2, 2):
                point = (round(pose.x + dx), round(pose.y + dy))
                if self.card_at(point) == card:
                    return point
        return None

    # -- a lesson's light ---------------------------------------------------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """The window rect of a lesson's light (``lesson.toml``'s ``light``):
        ``card:3G`` a card of the hand, ``card:1O+5O`` the two of a pair
        (None unless every one of them is in the hand); ``play``, ``pass``,
        ``sort`` the buttons; ``stack`` the round's plays on the table (the
        place for them while it is clear); ``round`` the round's state
        above them; ``hand``, ``rank`` (the rank card), ``match``, ``message``
        (the line under the table); ``seat:N`` seat N's panel (1-based; the
        viewer's own seat is the hand)."""
        kind, _, arg = target.partition(":")
        shape = self.shape
        if kind == "card":
            return self._cards_rect(arg)
        if kind == "seat" and arg.isdigit():
            seat = int(arg) - 1
            if seat == self.frame.viewer:
                return pygame.Rect(shape.hand)
            rect = shape.seats.get(seat)
            return pygame.Rect(rect) if rect is not None else None
        buttons = {"play": self.play_button, "pass": self.pass_button, "sort": self.sort_button}
        if kind in buttons and not arg:
            button = buttons[kind]
            return pygame.Rect(button.rect) if button.visible else None
        if kind == "stack" and not arg:
            return self._stack_rect()
        places = {
            "round": shape.label,
            "hand": shape.hand,
            "rank": shape.rank,
            "match": shape.match,
            "message": shape.message,
        }
        place = places.get(kind) if not arg else None
        return pygame.Rect(place) if place is not None and place.w else None

    def _cards_rect(self, names: str) -> pygame.Rect | None:
        """Where the hand's cards ``names`` (``3G+3B``) show, joined: each
        card's rect as drawn, up to the card fanned over it."""
        try:
            wanted = [parse_card(name) for name in names.split("+")]
        except ValueError:
            return None
        cards = self.hand_cards()
        if not wanted or any(card not in cards for card in wanted):
            return None
        poses = self.hand_poses(len(cards))
        size = self.painters.hand.card_size
        drawn = [
            pose.raised(card_lift(self.frame, self.local, self.painters, card)).rect(size)
            for card, pose in zip(cards, poses, strict=True)
        ]
        rects = []
        for card in wanted:
            i = cards.index(card)
            rect = drawn[i]
            if i + 1 < len(drawn) and cards[i + 1] not in wanted:
                over = drawn[i + 1].left
                rect = pygame.Rect(rect.x, rect.y, max(1, min(rect.w, over - rect.x)), rect.h)
            rects.append(rect)
        return rects[0].unionall(rects[1:])

    def _stack_rect(self) -> pygame.Rect:
        """The round's plays as they lie on the table, or their place while it is clear."""
        view = self.frame.view
        plays = tuple((p.seat, p.cards) for p in view.table)
        size = self.painters.stack.card_size
        rects = [pose.rect(size) for poses in self.stack_poses(plays) for pose in poses]
        if not rects:
            return pygame.Rect(self.shape.stack)
        return rects[0].unionall(rects[1:])

    # -- what the player may do ------------------------------------------------------------
    def refresh(self) -> None:
        """The playable cards, the pick's reason and the buttons, for the
        position on screen; a new position or viewer drops the pick."""
        frame, local, session = self.frame, self.local, self.frame.session
        key = (frame.viewer, session.ply)
        if key != self._pick_for:
            self._pick_for = key
            local.selected = []
            local.hover = None
        mine = (
            frame.replay_queue is None
            and session.to_move() == frame.viewer
            and session.is_human_turn()
        )
        legal = session.rules.legal_actions(frame.view) if mine else []
        local.playable = frozenset(c for a in legal if isinstance(a, Play) for c in a.cards)
        action = local.pick()
        local.reason = session.check(action, frame.viewer) if action is not None else None
        self.play_button.enabled = mine and action is not None and local.reason is None
        self.play_button.disabled_reason = local.reason or (
            "Select one card or a pair first." if mine else "Wait for your turn."
        )
        pass_reason = session.check(Pass(), frame.viewer) if mine else "Wait for your turn."
        self.pass_button.enabled = pass_reason is None
        self.pass_button.disabled_reason = pass_reason or ""
        self.sort_button.text = "Sort: colour" if local.by_colour else "Sort: number"

    def toggle_card(self, card: Card) -> None:
        toggle_pick(self.local.selected, card, most=2)  # a play is one card or a pair
        self.frame.app.sound.play("click", 0.4)
        self.refresh()

    def key_select(self, card: Any) -> None:
        """Space on the card under the keyboard's cursor."""
        if self.frame.ready_for_input():
            self.toggle_card(card)

    def play_selection(self) -> None:
        """Play, or Enter: the pick, as the rules' ``Play``."""
        action = self.local.pick()
        if action is None:
            self.frame.refuse("Select one card or a pair first.")
            return
        self.choose(action)

    def pass_turn(self) -> None:
        self.choose(Pass())

    def toggle_sort(self) -> None:
        self.local.by_colour = not self.local.by_colour
        self.refresh()

    # -- the contract -----------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Any:
        self.refresh()
        return gestures.handle(self, event)

    def picture(self, view: Any) -> EtucPicture:
        cards = self.hand_cards(view)
        focused = self.keys.focused(cards) if self.keys.shown else None
        focus = focused if isinstance(focused, Card) else None
        return picture(self.frame, self.local, self.shape, self.painters, self.clock, view, focus)

    def paint(self, surface: pygame.Surface, picture: EtucPicture) -> None:
        paint(surface, self.frame.app.theme, self.shape, self.painters, self.buttons, picture)

    def start(self, move: Move) -> None:
        self.clock.skip()
        # a game that ended stays on the table under the frame's summary
        # (the rules' deal_summary): the last play lands and lies still
        phases = phases_for(
            move,
            self.frame.app.theme,
            self.frame.app.sound,
            held=self.frame.summary is not None,
            landing=lambda plays: self.stack_poses(plays)[-1],
            origins=self._origins,
        )
        self.clock.start(phases)

    def _origins(self, before: EtucState, seat: int, cards: tuple[Card, ...]) -> list[Pose]:
        """Where the cards of a play leave from: the viewer's hand, or the seat's backs."""
        t = self.frame.app.theme
        anchor = seat_anchor(self.shape, self.painters, t, seat)
        if seat != self.frame.viewer:
            return [anchor for _ in cards]
        hand = sort_hand(before.hands[seat] or (), self.local.by_colour)
        poses = self.hand_poses(len(hand))
        lift = self.painters.hand.lift(Look.SELECTED)
        return [poses[hand.index(c)].raised(lift) if c in hand else anchor for c in cards]

    @property
    def animating(self) -> bool:
        return self.clock.running

    def skip(self) -> None:
        self.clock.skip()

    def update(self, dt: float) -> None:
        self.clock.update(dt)

    def wake_in(self) -> float:
        """Only a play's animation moves; the table otherwise waits."""
        return NOW if self.animating else NEVER


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """The game's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=EtucTable)
