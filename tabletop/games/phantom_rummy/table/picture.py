"""What Phantom Rummy's table shows, as plain data: :class:`PhantomPicture`.

:func:`picture` works it out from the viewer's view, the table's own state
(:class:`Local`: the cards selected, the card under the mouse, the claim
prompt's countdown), the animations on show and what the frame says (names,
whose turn, who is thinking, the hint); ``paint.py`` paints it and nothing
else. A test asserts on the picture: the words on the prompt and under the
hand, which cards are lit or ringed, a seat's badges.

Everything comes from the viewer's view: the other seats show their open
sets, their own discard piles and how many cards they hold, never a face of
their hands. The discard on offer is ringed on its owner's pile and named,
with the owner's colour and glyph, in the prompt, so whose discard it is is
never hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import pygame

from tabletop.core.words import plural
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
    Take,
)
from tabletop.games.phantom_rummy.table.animation import Flight, Flights
from tabletop.games.phantom_rummy.table.goal import GoalPicture, GoalShow, goal_picture
from tabletop.games.phantom_rummy.table.layout import (
    Layout,
    Painters,
    discard_area,
    discard_poses,
    hand_poses,
    hint_tag,
    pill_places,
    row_poses,
    set_poses,
    sets_area,
)
from tabletop.games.phantom_rummy.table.looks import Group, group_hand, waiting_words
from tabletop.ui.cards import Look, Pose
from tabletop.ui.hand import HandKeys
from tabletop.ui.table import TableFrame
from tabletop.ui.theme import Colour
from tabletop.ui.widgets import Button

#: the most kinds the line over the hand names as what it waits on; beyond
#: it (a set not yet begun: nearly any card starts one) it says "most cards"
MOST_KINDS_NAMED = 8


@dataclass
class Local:
    """The table's own state: the cards selected in the hand, the card under
    the mouse, and the claim prompt's countdown."""

    selected: list[Card] = field(default_factory=list)
    hover: Card | None = None
    #: seconds left on the claim prompt's countdown (None: no countdown)
    countdown: float | None = None
    countdown_total: float = 0.0


# -- the picture ------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A line of words in a colour."""

    text: str
    colour: Colour


@dataclass(frozen=True)
class ScoreRow:
    """A seat in the match panel: its glyph and name (and "deals"), its points."""

    name: str
    colour: Colour
    score: str
    bold: bool


@dataclass(frozen=True)
class MatchPanel:
    lines: tuple[str, str]  # the short game of how many, the target
    rows: tuple[ScoreRow, ...]
    #: how the last short game ended, or ""
    last: str


@dataclass(frozen=True)
class Pile:
    """A seat's own discard pile: where it lies, its cards where they lie
    (not those still flying there) and the ring round the discard on offer."""

    area: pygame.Rect
    cards: tuple[tuple[Card, Pose], ...]
    empty: bool
    ring: Pose | None = None


@dataclass(frozen=True)
class SeatPanel:
    seat: int
    #: the glyph and the name
    name: str
    colour: Colour
    #: "to move", "asked", "thinking…" (the panel's edge lit) or none
    badges: tuple[tuple[str, Colour], ...]
    lit: bool
    count: str
    sets: tuple[tuple[Card, ...], ...]
    #: the open sets' cards where they lie (see ``layout.set_poses``)
    laid: tuple[tuple[Card, Pose], ...]
    discards: Pile


@dataclass(frozen=True)
class CardSpot:
    """A card face up where it lies, how it looks, whether a hint rings it
    and whether the keyboard's cursor is on it."""

    card: Card
    pose: Pose
    look: Look = Look.NORMAL
    hinted: bool = False
    focused: bool = False


@dataclass(frozen=True)
class Row:
    heading: str
    #: the viewer takes from it now
    lit: bool
    cards: tuple[CardSpot, ...]


@dataclass(frozen=True)
class Claim:
    """The discard on offer, in the prompt."""

    head: Line
    card: Card
    title: str
    ask: str
    #: the claim's countdown: the share left and the seconds, or None
    countdown: tuple[float, str] | None


@dataclass(frozen=True)
class Prompt:
    #: the viewer is asked (the edge lit, the buttons beside the words)
    asked: bool
    #: what the game waits for, when no discard is on offer
    waiting: str
    claim: Claim | None


@dataclass(frozen=True)
class Message:
    """The two lines over the hand: the viewer's name, how far the hand is
    from a goal, and the hint or what the selection would do (or why not)."""

    own: Line
    distance: str
    reason: Line | None


@dataclass(frozen=True)
class Pill:
    """A near set's waiting words (``text``), under its cards (from ``left``
    to ``right``): the words ``shown`` in ``rect`` (``layout.pill_places``:
    no two pills meet; ``shown`` is ``text`` shortened where the room is short)."""

    text: str
    left: float
    right: float
    shown: str
    rect: pygame.Rect


@dataclass(frozen=True)
class PhantomPicture:
    advanced: bool
    match: MatchPanel
    seats: tuple[SeatPanel, ...]
    pile_size: int
    row: Row
    prompt: Prompt
    mine_sets: tuple[tuple[Card, ...], ...]
    mine_laid: tuple[tuple[Card, Pose], ...]
    mine_discards: Pile
    message: Message
    hand: tuple[CardSpot, ...]
    pills: tuple[Pill, ...]
    #: the hinted button's rect, ringed with a "Hint" tag, or None
    hint_button: pygame.Rect | None
    #: where the tag goes (``layout.hint_tag``: on no other button)
    hint_tag: pygame.Rect | None
    flights: tuple[Flight, ...]
    #: the goal screen over the table (not while the summary shows it)
    goal: GoalPicture | None


# -- working it out -----------------------------------------------------------------------


class Seen(Protocol):
    """What :func:`picture` reads of the table."""

    frame: TableFrame
    local: Local
    shape: Layout
    painters: Painters
    keys: HandKeys
    flights: Flights
    goal: GoalShow | None
    advanced: bool
    turn_buttons: list[Button]
    prompt_buttons: list[Button]

    @property
    def asked(self) -> bool: ...

    def legal(self) -> list[Any]: ...

    def gains(self) -> list[ClaimGain]: ...

    def keyed_cards(self) -> list[Card]: ...


def hand_groups(view: PhantomState, viewer: int) -> list[Group]:
    """The viewer's hand as a player reads it (``looks.group_hand``)."""
    return group_hand(view.hands[viewer] or (), bool(view.opened[viewer]))


def hinted_cards(hint: Any) -> set[Card]:
    """The cards the hint on show suggests (a take, a discard, a set...)."""
    if isinstance(hint, (Take, Discard, Ready)):
        return {hint.card}
    if isinstance(hint, (Open, ClaimGain)):
        return set(hint.cards)
    return set()


def distance_words(view: PhantomState, viewer: int) -> str:
    """How far the viewer's hand is from a goal, and what it waits on.
    With no set open the count is towards the set to open as well, and
    when most kinds would help (a set not begun) it says so rather than
    listing them all."""
    hand = view.hands[viewer] or ()
    if not hand:
        return ""
    opened = bool(view.opened[viewer])
    d = distance_to_goal(hand, opened)
    if d.cards == 0:  # only reachable with a set open (a goal hand then needs one)
        return "A goal hand!"
    away = "1 card from a goal" if d.cards == 1 else f"{d.cards} cards from a goal"
    if view.ready[viewer]:
        away = "Ready"
    elif not opened:
        away += ", a set to open among them"
    if not d.acceptance:
        return away
    if len(d.acceptance) > MOST_KINDS_NAMED:
        return f"{away} · most cards would help"
    return f"{away} · waiting on {kinds_words(d.acceptance)}"


def waiting_for(frame: TableFrame, view: PhantomState) -> str:
    """What the game waits for, when no discard is on offer."""
    names = frame.session.names
    if view.phase is Phase.OVER:  # the match's end, or a finished short game on show
        if frame.session.is_over():
            return "The match is over."
        return f"Short game {len(view.results)} is over; the next one is dealt after it."
    who = names[view.turn]
    if frame.my_turn:
        if view.phase is Phase.TAKE:
            return "Your turn: take a card from the row."
        if view.ready[frame.viewer]:
            return "Ready: score a goal (G) if you can, else discard the card you took."
        return "Select cards: discard one (D), discard and say ready (R), open a set of three (O), or score (G)."
    if view.phase is Phase.TAKE:
        return f"{who} takes from the row."
    return f"{who} plays."


def _match(frame: TableFrame, view: PhantomState) -> MatchPanel:
    t = frame.app.theme
    games, target = view.match_length()
    done = len(view.results)
    number = view.short_game if view.phase is not Phase.OVER else done
    lead = max(view.scores)
    names = frame.session.names
    rows = []
    for s, score in enumerate(view.scores):
        style = t.player(s)
        dealer = " · deals" if s == view.dealer and view.phase is not Phase.OVER else ""
        rows.append(
            ScoreRow(
                f"{style.glyph} {names[s]}{dealer}",
                style.colour,
                str(score),
                score == lead and lead > 0,
            )
        )
    last = ""
    if view.results:
        result = view.results[-1]
        words = (
            "pile-out"
            if result.goal is None
            else f"{names[result.goal]} +{result.points[result.goal]}"
        )
        last = f"Last: {words}"
    return MatchPanel(
        (f"Short game {number} of {games}", f"First to {target} points"), tuple(rows), last
    )


def _status(frame: TableFrame, view: PhantomState, seat: int) -> tuple[str, Colour]:
    t = frame.app.theme
    if view.phase is Phase.OVER:
        return "", t.text_dim
    if view.phase is Phase.CLAIMS and view.asking() == seat:
        return ("thinking…" if frame.is_thinking(seat) else "asked"), t.player(seat).colour
    if view.turn == seat and view.phase is not Phase.CLAIMS:
        return ("thinking…" if frame.is_thinking(seat) else "to move"), t.player(seat).colour
    return "", t.text_dim


def _sets(sets: Sequence[Sequence[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(tuple(sorted(laid)) for laid in sets)


def _laid(table: Seen, view: PhantomState, seat: int) -> tuple[tuple[Card, Pose], ...]:
    """A seat's open sets where their small cards lie."""
    frame = table.frame
    area = sets_area(frame.app.theme, table.shape, table.painters, frame.viewer, seat)
    return tuple(set_poses(table.painters.mini, _sets(view.opened[seat]), area))


def _pile(table: Seen, view: PhantomState, seat: int) -> Pile:
    """A seat's own discard pile, oldest first; the discard on offer ringed;
    a card still flying there not shown yet."""
    frame, painters = table.frame, table.painters
    area = discard_area(frame.app.theme, table.shape, painters, frame.viewer, seat)
    pile = view.discards[seat]
    if not pile:
        return Pile(area, (), True)
    poses = discard_poses(painters.mini, len(pile), area)
    flying = table.flights.flying
    cards = tuple((c, pose) for c, pose in zip(pile, poses) if c not in flying)
    claim = view.claim
    ring = None
    if claim is not None and claim.discarder == seat and claim.card not in flying:
        ring = poses[-1]
    return Pile(area, cards, False, ring)


def _seat(table: Seen, view: PhantomState, seat: int) -> SeatPanel:
    frame = table.frame
    t = frame.app.theme
    style = t.player(seat)
    status, colour = _status(frame, view, seat)
    badges = [(status, colour)] if status else []
    if view.ready[seat]:
        badges.append(("ready", t.warning))
    return SeatPanel(
        seat=seat,
        name=f"{style.glyph} {frame.session.names[seat]}",
        colour=style.colour,
        badges=tuple(badges),
        lit=bool(status),
        count=plural(view.hand_sizes[seat], "card") + " in hand",
        sets=_sets(view.opened[seat]),
        laid=_laid(table, view, seat),
        discards=_pile(table, view, seat),
    )


def _row(table: Seen, view: PhantomState, hinted: set[Card]) -> Row:
    frame = table.frame
    taking = frame.my_turn and view.phase is Phase.TAKE
    words = "The row: take one (click, or ←/→ and Enter)" if taking else "The row"
    if not view.row:
        words = "The row is empty: the next turn lays a fresh one"
    focus = table.keys.focused(list(view.row)) if table.keys.shown and taking else None
    spots = tuple(
        CardSpot(
            card,
            pose,
            Look.PLAYABLE if taking else Look.NORMAL,
            hinted=card in hinted,
            focused=card == focus,
        )
        for card, pose in row_poses(frame.app.theme, table.shape, table.painters.row, view.row)
    )
    return Row(words, taking, spots)


def _prompt(table: Seen, view: PhantomState) -> Prompt:
    frame, local = table.frame, table.local
    claim = view.claim
    asked = table.asked
    if claim is None:
        return Prompt(asked, waiting_for(frame, view), None)
    t = frame.app.theme
    owner = claim.discarder
    style = t.player(owner)
    head = Line(f"{style.glyph} {frame.session.names[owner]} discarded", style.colour)
    if asked:
        ask = (
            "You cannot claim it: pass (P)."
            if table.legal() == [Pass()]
            else "Claim it, or pass (P)?"
        )
    else:
        ask = "The others answer in turn, sealed."
    countdown = None
    if asked and local.countdown is not None and local.countdown_total > 0:
        share = max(0.0, local.countdown / local.countdown_total)
        countdown = (share, f"{max(0, round(local.countdown))} s")
    return Prompt(asked, "", Claim(head, claim.card, claim.card.title, ask, countdown))


def _reason(table: Seen, view: PhantomState) -> Line | None:
    """The second line: the hint, or what the selection would do, or why not."""
    frame = table.frame
    t = frame.app.theme
    hint = frame.hint_action
    if hint is not None and isinstance(hint, (Goal, ClaimGoal, Pass)):
        return Line(f"Hint: {hint}.", t.hint)
    if not frame.my_turn or view.phase is not Phase.ACT:
        return None
    sel = table.local.selected
    if not sel:
        return Line("Select a card to discard, or three to open a set.", t.text_dim)
    _, open_button, discard_button, _ = table.turn_buttons
    if len(sel) == 3:
        if open_button.enabled:
            return Line(f"Open {set_words(sel)}? Press Open (O) or Enter.", t.text)
        return Line(open_button.disabled_reason, t.warning)
    if len(sel) == 1:
        if discard_button.enabled:
            return Line(
                f"Discard {sel[0].title}? Press Discard (D) or Enter; Ready (R) says ready too.",
                t.text,
            )
        return Line(discard_button.disabled_reason, t.warning)
    return Line("Select one card to discard, or three to open a set.", t.text_dim)


def _message(table: Seen, view: PhantomState) -> Message:
    frame = table.frame
    t = frame.app.theme
    seat = frame.viewer
    style = t.player(seat)
    own = f"{style.glyph} {frame.session.names[seat]}" + (" · ready" if view.ready[seat] else "")
    return Message(Line(own, style.colour), distance_words(view, seat), _reason(table, view))


def _hand(
    table: Seen, view: PhantomState, hinted: set[Card]
) -> tuple[tuple[CardSpot, ...], tuple[Pill, ...]]:
    frame, local = table.frame, table.local
    act = frame.my_turn and view.phase is Phase.ACT
    groups = hand_groups(view, frame.viewer)
    cards = [c for g in groups for c in g.cards]
    taking = frame.my_turn and view.phase is Phase.TAKE
    focus = table.keys.focused(cards) if table.keys.shown and not taking else None
    poses = dict(hand_poses(table.shape, table.painters.hand, groups))
    spots = []
    for card in cards:
        if card in table.flights.flying:
            continue
        if card in local.selected:
            look = Look.SELECTED
        elif card == local.hover and act:
            look = Look.HOVER
        else:
            look = Look.NORMAL
        spots.append(
            CardSpot(card, poses[card], look, hinted=card in hinted, focused=card == focus)
        )
    w = table.painters.hand.card_size[0]
    spans = []
    for group in groups:
        words = waiting_words(group)
        if words:
            xs = [poses[c].x for c in group.cards]
            spans.append((words, min(xs) - w / 2, max(xs) + w / 2))
    places = pill_places(frame.app.theme, table.shape.hand, spans)
    pills = tuple(
        Pill(text, left, right, shown, rect)
        for (text, left, right), (shown, rect) in zip(spans, places, strict=True)
    )
    return tuple(spots), pills


def _hint_button(table: Seen) -> pygame.Rect | None:
    """The hint's button: Goal, Pass, a gain, or the turn's button."""
    hint = table.frame.hint_action
    goal, open_, discard, ready = table.turn_buttons
    claim_goal, *gain_buttons, pass_ = table.prompt_buttons
    button = None
    if isinstance(hint, Goal):
        button = goal
    elif isinstance(hint, ClaimGoal):
        button = claim_goal
    elif isinstance(hint, Pass):
        button = pass_
    elif isinstance(hint, ClaimGain):
        gains = table.gains()
        if hint in gains:
            button = gain_buttons[gains.index(hint)]
    elif isinstance(hint, Open):
        button = open_
    elif isinstance(hint, Ready):
        button = ready
    elif isinstance(hint, Discard):
        button = discard
    return button.rect.copy() if button is not None and button.visible else None


def _hint_tag(table: Seen, button: pygame.Rect | None) -> pygame.Rect | None:
    """The "Hint" tag's place beside the ringed button, on no other button."""
    if button is None:
        return None
    t = table.frame.app.theme
    ring = button.inflate(t.px(8), t.px(8))
    others = [
        b.rect
        for b in (*table.turn_buttons, *table.prompt_buttons)
        if b.visible and b.rect.w and b.rect != button
    ]
    return hint_tag(t, ring, others, table.frame.table_rect)


def picture(table: Seen, view: PhantomState) -> PhantomPicture:
    """What the table shows of ``view`` (see the module docstring)."""
    frame = table.frame
    hinted = hinted_cards(frame.hint_action)
    hand, pills = _hand(table, view, hinted)
    hint = _hint_button(table)
    goal = None
    if table.goal is not None and not frame.summary_shown:  # the summary shows it then
        goal = goal_picture(table.goal, frame.session.names, frame.app.theme)
    return PhantomPicture(
        advanced=table.advanced,
        match=_match(frame, view),
        seats=tuple(_seat(table, view, seat) for seat in table.shape.seats),
        pile_size=view.pile_size,
        row=_row(table, view, hinted),
        prompt=_prompt(table, view),
        mine_sets=_sets(view.opened[frame.viewer]),
        mine_laid=_laid(table, view, frame.viewer),
        mine_discards=_pile(table, view, frame.viewer),
        message=_message(table, view),
        hand=hand,
        pills=pills,
        hint_button=hint,
        hint_tag=_hint_tag(table, hint),
        flights=table.flights.shown(),
        goal=goal,
    )
