"""Phantom Rummy's table, a part the frame holds (``tabletop/ui/table.py``):
your hand along the bottom, the row in the middle, the other players around
the top, the match at the side.

The table is thin: it turns gestures into the rules' actions and shows the
refusals' reasons. On your turn click a row card to take it (or ←/→ and
Enter); then select cards in your hand and press Discard (D, or Enter with
one card), Ready (R: discard and say ready), Open (O, or Enter with three
cards) or Goal (G). When you are asked about a discard, the prompt in the
middle names whose discard it is and offers Goal (G), each gain (1-4) and
Pass (P), with a countdown when the settings' claim countdown is on; when it
runs out the table passes for you (never while a lesson's coach leads:
``frame.in_lesson``). Nothing here decides what is legal.

A lesson (``lesson.toml`` beside the rules) lights what a step names:
:meth:`PhantomTable.locate` finds a region, a row or hand card, a turn
button, the next card of a selection to make and then its button, or an
answer of the claim prompt.

Your hand is read as a player reads it (``looks.group_hand``): the complete
sets, the near sets with the cards that would complete them ("waiting on
Sword 4 or 7"), then the loose cards. ``layout.py`` places everything,
``picture.py`` says what shows (plain data), ``paint.py`` paints it,
``input.py`` turns gestures into actions, ``animation.py`` flies the cards,
``goal.py`` is the goal screen (the scorer's hand by sets, each source of
points, the bonus check's flips turning one by one), ``looks.py`` how a card
looks and how a hand reads.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.phantom_rummy.cards import Card, parse_card, set_words
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
from tabletop.games.phantom_rummy.table import input as gestures
from tabletop.games.phantom_rummy.table.animation import Flights
from tabletop.games.phantom_rummy.table.example import draw_example_goal
from tabletop.games.phantom_rummy.table.goal import GoalShow, goal_picture, paint_goal
from tabletop.games.phantom_rummy.table.layout import (
    EMPTY,
    Layout,
    Painters,
    discard_area,
    discard_poses,
    goal_height,
    hand_poses,
    lay_out,
    lifted,
    prompt_buttons,
    row_poses,
    seat_anchor,
)
from tabletop.games.phantom_rummy.table.looks import Group, draw_icon
from tabletop.games.phantom_rummy.table.paint import paint
from tabletop.games.phantom_rummy.table.picture import (
    Local,
    PhantomPicture,
    hand_groups,
    picture,
)
from tabletop.ui.cards import Pose
from tabletop.ui.gamescene import GameScene
from tabletop.ui.hand import HandKeys, toggle_pick
from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.widgets import Button, FocusGroup, fit_text

__all__ = ["PhantomTable", "draw_example_goal", "draw_icon", "scene"]

#: the most gain choices the prompt offers as buttons (keys 1-4)
MOST_GAINS = 4


class PhantomTable(Table[PhantomPicture]):
    """The table (see the module docstring)."""

    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        config = frame.session.config
        self.players = config.players
        self.advanced = bool(config.get("advanced", False))
        self.painters = Painters()
        self.local = Local()
        self.shape: Layout = EMPTY
        self.flights = Flights()
        #: the goal screen of the short game that just ended, while it shows
        self.goal: GoalShow | None = None
        #: the viewer and the position the selection and the prompt belong to
        self._selection_key: tuple[int, int] | None = None
        self._prompt_key: tuple[int, int] | None = None
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
            lambda: self.choose(ClaimGoal()),
            kind="primary",
            tooltip="Take the discard to score your goal (G)",
        )
        self.gain_buttons = [
            Button("", self.gain(i), tooltip=f"Gain the discard with these two cards ({i + 1})")
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
        self.buttons = FocusGroup([*self.turn_buttons, *self.prompt_buttons])
        self.group = self.buttons
        #: keyboard play: ←/→ over the row (to take) or the hand, Space selects, Enter plays
        self.keys = HandKeys(self.key_select, self.key_play, self.pass_claim)

    # -- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.frame.app.theme
        self.shape = lay_out(t, rect, self.players, self.frame.viewer, self.painters)
        for button, place in zip(self.turn_buttons, self.shape.buttons, strict=True):
            button.rect = pygame.Rect(place)
        self._layout_prompt()

    def _layout_prompt(self) -> None:
        """The claim prompt's buttons, in a column right of the discard."""
        t = self.frame.app.theme
        shown = [b.visible for b in self.prompt_buttons]
        for button, place in zip(
            self.prompt_buttons, prompt_buttons(t, self.shape.prompt, shown), strict=True
        ):
            button.rect = place

    def summary_picture(self, width: int) -> tuple[int, Any] | None:
        """The goal screen inside the summary between short games."""
        show = self.goal
        if show is None:
            return None
        t = self.frame.app.theme
        card_h = max(30, t.px(84))
        self.painters.summary.resize(card_h)
        names = self.frame.session.names

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
            shown = self.goal
            if shown is not None:
                paint_goal(
                    surface,
                    t,
                    self.painters.summary,
                    goal_picture(shown, names, t),
                    rect,
                    advanced=self.advanced,
                    framed=False,
                )

        return goal_height(t, card_h), draw

    # -- what the viewer holds -------------------------------------------------------------
    def hand_groups(self, view: PhantomState | None = None) -> list[Group]:
        return hand_groups(view if view is not None else self.frame.view, self.frame.viewer)

    def hand_cards(self, view: PhantomState | None = None) -> list[Card]:
        """The viewer's hand in the order drawn: group by group."""
        return [c for g in self.hand_groups(view) for c in g.cards]

    def hand_poses(self, view: PhantomState | None = None) -> list[tuple[Card, Pose]]:
        """Each hand card's resting pose."""
        return hand_poses(self.shape, self.painters.hand, self.hand_groups(view))

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        """The hand card under ``pos`` (the topmost), or None."""
        selected = self.local.selected
        for card, pose in reversed(self.hand_poses()):
            if lifted(self.painters.hand, pose, card in selected).collidepoint(pos):
                return card
        return None

    def row_poses(self, view: PhantomState | None = None) -> list[tuple[Card, Pose]]:
        view = view if view is not None else self.frame.view
        return row_poses(self.frame.app.theme, self.shape, self.painters.row, view.row)

    def row_card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, pose in reversed(self.row_poses()):
            if pose.rect(self.painters.row.card_size).collidepoint(pos):
                return card
        return None

    # -- what the viewer may do --------------------------------------------------------------
    @property
    def asked(self) -> bool:
        """The viewer is asked about a discard now."""
        return self.frame.my_turn and self.frame.view.phase is Phase.CLAIMS

    def legal(self) -> list[Any]:
        frame = self.frame
        return frame.session.rules.legal_actions(frame.view) if frame.my_turn else []

    def gains(self) -> list[ClaimGain]:
        return [a for a in self.legal() if isinstance(a, ClaimGain)][:MOST_GAINS]

    def refresh(self) -> None:
        """The selection, the buttons and the prompt follow the position."""
        frame, local = self.frame, self.local
        viewer = frame.viewer
        key = (viewer, frame.session.ply)
        if key != self._selection_key:
            if self._selection_key is not None and self._selection_key[0] != viewer:
                self.keys.shown = False  # the next person's cursor shows at their first key
            self._selection_key = key
            local.selected = []
            view = frame.view
            taken = view.taken
            if (
                frame.my_turn
                and view.phase is Phase.ACT
                and view.ready[viewer]
                and taken is not None
            ):
                local.selected = [taken]  # a ready hand is locked: the taken card goes
        mine = frame.my_turn
        act = mine and frame.view.phase is Phase.ACT
        check = frame.session.check
        selected = local.selected
        one = selected[0] if len(selected) == 1 else None
        for button, action, need in (
            (self.goal_button, Goal(), ""),
            (
                self.open_button,
                Open(tuple(sorted(selected))) if len(selected) == 3 else None,
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
            reason = need if action is None else check(action, viewer)
            button.enabled = reason is None
            button.disabled_reason = reason or ""
        asked = self.asked
        gains = self.gains() if asked else []
        self.claim_goal_button.visible = asked and check(ClaimGoal(), viewer) is None
        for i, b in enumerate(self.gain_buttons):
            b.visible = i < len(gains)
        self.pass_button.visible = asked
        self._layout_prompt()
        for i, b in enumerate(self.gain_buttons[: len(gains)]):
            b.text = self._gain_caption(gains[i], i, b.rect.w)
            b.tooltip = f"Gain {self._gain_words(gains[i])}: lay it open and draw two ({i + 1})"
        self._sync_countdown()

    def _gain_caption(self, gain: ClaimGain, i: int, width: int) -> str:
        """The gain button's caption, fitted to ``width`` and always led by
        its verb: "Gain Moon 5-6-7, red 6 (1)", else without the type ("Gain
        5-6-7, red 6 (1)"), else that shortened; the tooltip says it whole."""
        t = self.frame.app.theme
        words = self._gain_words(gain)
        short = words.split(" ", 1)[1] if " " in words else words
        room = width - 2 * t.px(12)
        font = t.font("small")
        key = f" ({i + 1})"
        for text in (f"Gain {words}{key}", f"Gain {short}{key}"):
            if font.size(text)[0] <= room:
                return text
        return fit_text(font, f"Gain {short}", room - font.size(key)[0]) + key

    def _gain_words(self, gain: ClaimGain) -> str:
        """``Moon 5-6-7``, and the red cards of the two from hand (``red 6``):
        two gains of one set differ by them."""
        claim = self.frame.view.claim
        assert claim is not None
        words = set_words((claim.card, *gain.cards))
        reds = [c for c in gain.cards if c.red]
        if reds:
            words += ", red " + " ".join(
                str(c.number) if c.number is not None else c.name for c in reds
            )
        return words

    def _sync_countdown(self) -> None:
        """A fresh prompt with something to claim starts the settings' countdown."""
        local = self.local
        key = (self.frame.viewer, self.frame.session.ply)
        if not self.asked:
            local.countdown, self._prompt_key = None, None
            return
        if key == self._prompt_key:
            return
        self._prompt_key = key
        seconds = float(self.frame.app.settings.claim_countdown)
        can_claim = any(not isinstance(a, Pass) for a in self.legal())
        # a lesson's coach is read first: no clock on the person then
        timed = seconds > 0 and can_claim and not self.frame.in_lesson
        local.countdown = seconds if timed else None
        local.countdown_total = seconds

    # -- a lesson's light (tabletop/core/lesson.py) ------------------------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """Where a lesson's ``light`` is on the window (None: not on show now).

        ``hand``, ``row``, ``pile``, ``prompt``, ``match``, ``mine`` (your open
        sets and discards): those regions; ``seat:N`` another seat's panel;
        ``row:S4a`` a row card; ``hand:S4a+S5b`` the hand cards named (the
        rect round them); ``button:Open`` a turn button (Goal, Open, Discard,
        Ready); ``pick:S1c+S2d+S3c:Open`` leads through a selection: the
        first named card not yet selected, then, the selection made, the
        button (a card selected that is not named is lit to be put back);
        ``claim:goal``, ``claim:pass`` and ``claim:gain:T5a+T7d`` the claim
        prompt's answers."""
        shape = self.shape
        kind, _, arg = target.partition(":")
        areas = {
            "hand": shape.hand,
            "row": shape.row,
            "pile": shape.pile,
            "prompt": shape.prompt,
            "match": shape.match,
            "mine": shape.mine,
        }
        if kind in areas and not arg:
            return areas[kind].copy()
        if kind == "seat":
            seat = shape.seats.get(int(arg)) if arg.isdigit() else None
            return seat.copy() if seat is not None else None
        if kind == "row":
            card = _card(arg)
            poses = dict(self.row_poses())
            return poses[card].rect(self.painters.row.card_size) if card in poses else None
        if kind == "hand":
            return self._hand_rect(_cards(arg))
        if kind == "button":
            return _shown(next((b for b in self.turn_buttons if b.text == arg), None))
        if kind == "pick":
            codes, _, name = arg.rpartition(":")
            return self._pick_light(_cards(codes), name)
        if kind == "claim":
            if not self.asked:
                return None
            if arg == "goal":
                return _shown(self.claim_goal_button)
            if arg == "pass":
                return _shown(self.pass_button)
            what, _, codes = arg.partition(":")
            cards = _cards(codes)
            if what == "gain" and cards:
                gains = self.gains()
                for gain, button in zip(gains, self.gain_buttons, strict=False):
                    if set(gain.cards) == set(cards):
                        return _shown(button)
        return None

    def _hand_rect(self, cards: list[Card] | None) -> pygame.Rect | None:
        """The rect round ``cards`` of the hand as drawn; None unless all are in it."""
        if not cards:
            return None
        selected = self.local.selected
        rects = {
            card: lifted(self.painters.hand, pose, card in selected)
            for card, pose in self.hand_poses()
        }
        if any(card not in rects for card in cards):
            return None
        return rects[cards[0]].unionall([rects[c] for c in cards[1:]])

    def _pick_light(self, cards: list[Card] | None, name: str) -> pygame.Rect | None:
        """The next card to select of ``cards``, else ``name``'s button."""
        if not cards:
            return None
        selected = self.local.selected
        stray = [c for c in selected if c not in cards]
        if stray:
            return self._hand_rect(stray[:1])
        missing = [c for c in cards if c not in selected]
        if missing:
            return self._hand_rect(missing[:1])
        return _shown(next((b for b in self.turn_buttons if b.text == name), None))

    # -- the answers ------------------------------------------------------------------------
    def gain(self, i: int) -> Any:
        def gain() -> None:
            gains = self.gains()
            if i < len(gains):
                self.choose(gains[i])

        return gain

    def call_goal(self) -> None:
        self.choose(ClaimGoal() if self.asked else Goal())

    def open_set(self) -> None:
        selected = self.local.selected
        if len(selected) != 3:
            self.frame.refuse("Select the three cards of the set to open.")
            return
        self.choose(Open(tuple(sorted(selected))))

    def discard(self) -> None:
        if len(self.local.selected) != 1:
            self.frame.refuse("Select one card to discard.")
            return
        self.choose(Discard(self.local.selected[0]))

    def ready(self) -> None:
        if len(self.local.selected) != 1:
            self.frame.refuse("Select the card to discard as you say ready.")
            return
        self.choose(Ready(self.local.selected[0]))

    def pass_claim(self) -> None:
        if not self.asked:
            self.frame.refuse(
                "There is no discard to pass on." if self.frame.my_turn else "Wait for your turn."
            )
            return
        self.choose(Pass())

    def toggle(self, card: Card) -> None:
        toggle_pick(self.local.selected, card, most=3)  # a set is three cards
        self.frame.app.sound.play("click", 0.4)
        self.refresh()

    def keyed_cards(self) -> list[Card]:
        """What the keyboard's cursor runs over: the row when a card is to be
        taken, else the hand."""
        view = self.frame.view
        if self.frame.my_turn and view.phase is Phase.TAKE:
            return list(view.row)
        return self.hand_cards(view)

    def key_select(self, card: Any) -> None:
        if not self.frame.ready_for_input():
            return
        phase = self.frame.view.phase
        if phase is Phase.TAKE:
            self.choose(Take(card))
        elif phase is Phase.ACT:
            self.toggle(card)

    def key_play(self) -> None:
        """Enter: take the card under the cursor (the first Enter only shows
        the cursor when it was hidden), or discard one selected card, or open
        three."""
        frame = self.frame
        if not frame.my_turn:
            frame.refuse("Wait for your turn.")
            return
        phase = frame.view.phase
        if phase is Phase.TAKE:
            card = self.keys.focused(self.keyed_cards())
            if not isinstance(card, Card):
                return
            if not self.keys.shown:
                # never take a card the player cannot see under the cursor:
                # the first Enter shows where the cursor is
                self.keys.shown = True
                frame.app.toast(f"{card.title}: Enter takes it, \u2190/\u2192 picks another.")
            else:
                self.choose(Take(card))
        elif phase is Phase.ACT:
            if len(self.local.selected) == 3:
                self.open_set()
            else:
                self.discard()

    # -- the contract -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Any:
        self.refresh()
        return gestures.handle(self, event)

    def picture(self, view: Any) -> PhantomPicture:
        return picture(self, view)

    def paint(self, surface: pygame.Surface, picture: PhantomPicture) -> None:
        paint(surface, self.frame.app.theme, self.shape, self.painters, self.buttons, picture)

    def prompt_words(self) -> str:
        """The top bar during a claim prompt: "Claim or pass", not "Your turn"
        (the prompt on the table names the discard and whose it is)."""
        return "Claim or pass" if self.frame.shown_state.phase is Phase.CLAIMS else ""

    def start(self, move: Move) -> None:
        before, action, after = move.before, move.action, move.after
        self.skip()
        sound = self.frame.app.sound
        sound.play(
            "card" if isinstance(action, (Take, Discard, Ready, Open, ClaimGain)) else "click", 0.6
        )
        self._start_flights(before, action, after)
        if len(after.results) > len(before.results):
            result: ShortGame = after.results[-1]
            seat = result.goal
            opened = before.opened[seat] if seat is not None else ()
            self.goal = GoalShow(result, len(after.results), self.frame.app.theme, opened)

    def _start_flights(self, before: PhantomState, action: Any, after: PhantomState) -> None:
        """A take flies from the row to its taker, a discard from its owner to
        their pile (the table as laid out for the viewer)."""
        frame = self.frame
        rules, t, viewer = frame.session.rules, frame.app.theme, frame.viewer
        seat = rules.to_move(before)
        if seat is None or frame.summary is not None:
            return
        if isinstance(action, Take):
            start = dict(self.row_poses(before)).get(action.card)
            if start is None:
                return
            if seat == viewer:
                end = dict(self.hand_poses(rules.view(after, seat))).get(action.card, start)
                self.flights.fly(t, action.card, start, end, "hand")
            else:
                self.flights.fly(t, action.card, start, seat_anchor(self.shape, seat), "row")
        elif isinstance(action, (Discard, Ready)):
            if seat == viewer:
                start = dict(self.hand_poses(rules.view(before, seat))).get(action.card)
            else:
                start = seat_anchor(self.shape, seat)
            pile = after.discards[seat]
            if start is None or not pile or pile[-1] != action.card:
                return
            area = discard_area(t, self.shape, self.painters, viewer, seat)
            end = discard_poses(self.painters.mini, len(pile), area)[-1]
            self.flights.fly(t, action.card, start, end, "mini")

    @property
    def animating(self) -> bool:
        return self.flights.running or (self.goal is not None and not self.goal.done)

    def skip(self) -> None:
        self.flights.skip()
        if self.goal is not None:
            self.goal.skip()

    def update(self, dt: float) -> None:
        frame, local = self.frame, self.local
        self.flights.update(dt)
        if self.goal is not None:
            self.goal.update(dt)
            if self.goal.done and frame.summary is None:
                self.goal = None  # the summary was closed: the next deal shows
        if local.countdown is not None and self.asked and not self.animating:
            local.countdown -= dt
            if local.countdown <= 0:
                local.countdown = None
                frame.app.toast("Time is up: you pass.")
                frame.act(Pass())

    def wake_in(self) -> float:
        """The cards' flights, the goal's flips and a claim's countdown
        move; the table otherwise waits."""
        counting = self.local.countdown is not None and self.asked
        return NOW if self.animating or counting else NEVER


def _card(code: str) -> Card | None:
    """The card of a lesson's light (``S4a``), or None."""
    try:
        return parse_card(code)
    except ValueError:
        return None


def _cards(codes: str) -> list[Card] | None:
    """The cards of ``S1c+S2d``, or None when one is no card."""
    cards = [_card(code) for code in codes.split("+")]
    return None if any(c is None for c in cards) else [c for c in cards if c is not None]


def _shown(button: Button | None) -> pygame.Rect | None:
    """A button's rect while it is on show."""
    return button.rect.copy() if button is not None and button.visible and button.rect.w else None


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """The game's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=PhantomTable)
