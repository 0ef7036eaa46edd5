"""What Planet etuC's table shows, as plain data: :class:`EtucPicture`.

:func:`picture` works it out from the viewer's view, the table's own state
(:class:`Local`: the cards picked, the sort order, what may be played), the
animation on show and what the frame says (names, whose turn, the hint);
``paint.py`` paints it and nothing else. A test asserts on the picture: the
words under the table, which cards are lit or lifted, who carries which
badge.

What players read names a card by its colour word or glyph ("orange 1",
"1★"), never by the notation's letter ("1O" reads as ten).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.core.words import ordinal, plural
from tabletop.games.etuc.rules import (
    Card,
    EtucState,
    Kind,
    Pass,
    Play,
    card_words,
    cards_words,
    deck,
    strongest_card,
)
from tabletop.games.etuc.table.animation import Clock
from tabletop.games.etuc.table.layout import (
    Layout,
    Painters,
    hand_poses,
    seat_anchor,
    stack_poses,
)
from tabletop.games.etuc.table.looks import colour_style
from tabletop.ui.cards import Look, Pose
from tabletop.ui.table import TableFrame
from tabletop.ui.theme import Colour
from tabletop.ui.widgets import seat_name_font

#: the round's state in words: a heading and what beats the last play (E2)
KIND_LABELS: dict[Kind | None, tuple[str, str]] = {
    None: ("New round", "{leads}: any card, or a pair of one number or one colour"),
    Kind.SINGLE_UNDETERMINED: (
        "Single · undetermined",
        "Beat it with a higher number, a stronger symbol, or both",
    ),
    Kind.SINGLE_BY_NUMBER: ("Single · by number", "Beat it with a higher number"),
    Kind.SINGLE_BY_SYMBOL: ("Single · by symbol", "Beat it with a stronger symbol"),
    Kind.NUMBER_PAIR: ("Number-pair", "Beat it with a higher number-pair"),
    Kind.SYMBOL_PAIR: ("Symbol-pair", "Beat it with a stronger symbol-pair"),
}


def sort_hand(cards: tuple[Card, ...], by_colour: bool) -> list[Card]:
    if by_colour:
        return sorted(cards, key=lambda c: (c.colour, c.number))
    return sorted(cards)


@dataclass
class Local:
    """The table's own state: what the viewer picked, how the hand is
    sorted, and what the rules say of it (worked out by the table's
    ``refresh`` whenever the position or the pick changes)."""

    selected: list[Card] = field(default_factory=list)
    hover: Card | None = None
    by_colour: bool = True
    #: the cards that are part of one of the rules' legal plays
    playable: frozenset[Card] = frozenset()
    #: why the session refuses the pick, or None
    reason: str | None = None

    def pick(self) -> Play | None:
        return Play(tuple(self.selected)) if self.selected else None


# -- the picture ------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A line of words in a colour, bold or not."""

    text: str
    colour: Colour
    bold: bool = False


@dataclass(frozen=True)
class MatchPanel:
    heading: str
    rows: tuple[tuple[Line, Line], ...]  # a seat's glyph and name, its points
    last: str


@dataclass(frozen=True)
class RankRow:
    name: str
    glyph: str
    colour: Colour
    #: how long its strength bar is, as a share of the longest
    strength: float


@dataclass(frozen=True)
class RankCard:
    numbers: str
    rows: tuple[RankRow, ...]
    unbeatable: str


@dataclass(frozen=True)
class SeatPanel:
    seat: int
    name: Line
    to_move: bool
    badge: str
    badge_colour: Colour
    cards: int
    #: the name's font: "body", or "small" where the body one would not
    #: fit beside the badge (layout.seat_name_font)
    name_font: str = "body"


@dataclass(frozen=True)
class CardSpot:
    """A card face up where it lies, how it looks, whether a hint rings it
    and whether the keyboard's cursor is on it; ``alpha`` fades it."""

    card: Card
    pose: Pose
    look: Look = Look.NORMAL
    hinted: bool = False
    focused: bool = False
    alpha: int = 255


@dataclass(frozen=True)
class Stack:
    cards: tuple[CardSpot, ...]
    #: who made the newest play (its tag), where its cards lie
    tag: Line | None = None
    tag_poses: tuple[Pose, ...] = ()
    #: the words on an empty table
    empty: str = ""


@dataclass(frozen=True)
class Pop:
    """The Pass badge popping at a seat: its words, centre and progress (0-1)."""

    text: str
    centre: tuple[int, int]
    progress: float


@dataclass(frozen=True)
class EtucPicture:
    match: MatchPanel
    rank: RankCard
    seats: tuple[SeatPanel, ...]
    round: tuple[str, str]
    #: the round's state is lit while a round is on
    round_on: bool
    stack: Stack
    message: Line
    #: the viewer's name and hand size, under the table on the right
    own: Line
    hand: tuple[CardSpot, ...]
    #: a hint to Pass rings the Pass button
    hint_pass: bool
    #: where the "Hint" pill goes on the hinted cards (their union), or None
    hint_cards: pygame.Rect | None
    pop: Pop | None


# -- working it out -----------------------------------------------------------------------


def round_label(frame: TableFrame, view: EtucState) -> tuple[str, str]:
    """The round's state: a heading and a line saying what beats the last play."""
    names = frame.session.names
    if view.turn is None:  # a game, or the whole match, has ended
        result = view.results[-1]
        if max(view.scores) >= view.target:
            winner = frame.session.rules.outcome(view).winners[0]
            return "Match over", f"{names[winner]} wins the match with {view.scores[winner]} VP"
        return f"Game {result.game} over", f"{names[result.order[0]]} went out first"
    head, line = KIND_LABELS[view.kind]
    if view.kind is None:
        return head, line.format(leads=leads(frame, view.turn))
    last = view.table[-1].cards
    if len(last) == 1 and last[0] == strongest_card(view.players):
        return head, f"{card_words(last[0])} is the strongest card: nobody can beat it"
    return head, line


def is_you(frame: TableFrame, seat: int) -> bool:
    """``seat`` is the one person at the table, named "You" (a lesson's
    seat): the words about it say "you", not "You (you)" or "You leads"."""
    return (
        seat == frame.viewer
        and len(frame.session.human_seats()) == 1
        and frame.session.names[seat].strip().lower() == "you"
    )


def leads(frame: TableFrame, seat: int) -> str:
    """Who leads the new round, in words: "Ann leads", "You lead"."""
    return "You lead" if is_you(frame, seat) else f"{frame.session.names[seat]} leads"


def seat_badge(frame: TableFrame, view: EtucState, seat: int) -> tuple[str, Colour]:
    """The pill on another seat's panel: out and its place, passed,
    thinking (as the frame says: never while a move is still shown) or to
    move; "" for none."""
    t = frame.app.theme
    if seat in view.out:
        return f"out · {ordinal(view.out.index(seat) + 1)}", t.ok
    if view.passed[seat]:
        return "passed", t.warning
    if view.turn == seat:
        return ("thinking…" if frame.is_thinking(seat) else "to move"), t.player(seat).colour
    return "", t.text_dim


def message(frame: TableFrame, local: Local, view: EtucState) -> Line:
    """The line under the table: the pick's reason, a hint, or whose turn it is."""
    t = frame.app.theme
    seat = frame.viewer
    names = frame.session.names
    if view.turn is None:
        over = max(view.scores) >= view.target
        return Line("The match is over." if over else f"Game {view.game} is over.", t.text)
    if seat in view.out:
        return Line(f"You went out: {ordinal(view.out.index(seat) + 1)} place this game.", t.ok)
    if view.turn != seat or not frame.session.is_human_turn() or frame.replay_queue is not None:
        who = names[view.turn]
        if view.passed[seat]:
            return Line(f"You passed; you rejoin next round. {who} to move.", t.text_dim)
        return Line(f"{who} to move.", t.text_dim)
    if isinstance(frame.hint_action, Pass) and not local.selected:
        return Line("Hint: pass (P), or press Play hint.", t.hint)
    if local.selected:
        if local.reason is not None:
            return Line(local.reason, t.warning, bold=True)
        return Line(f"Play {cards_words(tuple(local.selected))}? Press Play or Enter.", t.text)
    if not view.table:
        return Line(
            "You lead: pick one card or a pair of one number or one colour (click, or ←/→ and Space), then Play (Enter).",
            t.text,
        )
    if not local.playable:
        return Line("Nothing in your hand beats that: Pass (P).", t.text)
    return Line(
        "Pick cards to play (marked ones can: click, or ←/→ and Space), then Play (Enter), or Pass (P).",
        t.text,
    )


def card_look(frame: TableFrame, local: Local, card: Card) -> Look:
    if card in local.selected:
        return Look.SELECTED
    if card == local.hover and frame.my_turn:
        return Look.HOVER
    if card in local.playable:
        return Look.PLAYABLE
    return Look.NORMAL


def card_lift(frame: TableFrame, local: Local, painters: Painters, card: Card) -> int:
    """How far ``card`` is raised in the hand: by its look, and at least
    as far as a selected card when a hint suggests it."""
    lift = painters.hand.lift(card_look(frame, local, card))
    hint = frame.hint_action
    if isinstance(hint, Play) and card in hint.cards:
        lift = max(lift, painters.hand.lift(Look.SELECTED))
    return lift


def hand(
    frame: TableFrame,
    local: Local,
    layout: Layout,
    painters: Painters,
    view: EtucState,
    focus: Card | None,
) -> tuple[CardSpot, ...]:
    """The viewer's hand as drawn: each card where it lies once lifted by its look."""
    cards = sort_hand(view.hands[frame.viewer] or (), local.by_colour)
    hint = frame.hint_action
    hinted = hint.cards if isinstance(hint, Play) else ()
    poses = hand_poses(layout, painters.hand, frame.app.theme, len(cards))
    return tuple(
        CardSpot(
            c,
            p.raised(card_lift(frame, local, painters, c)),
            card_look(frame, local, c),
            hinted=c in hinted,
            focused=c == focus,
        )
        for c, p in zip(cards, poses, strict=True)
    )


def stack(
    frame: TableFrame, layout: Layout, painters: Painters, clock: Clock, view: EtucState
) -> Stack:
    """The plays on the table, or the animation's: flying in, held, sliding off."""
    t = frame.app.theme
    phase = clock.on("fly", "hold", "clear")
    plays = phase.plays if phase is not None else tuple((p.seat, p.cards) for p in view.table)
    poses = stack_poses(layout, painters.stack, plays)
    if phase is not None and phase.kind == "clear":
        k = phase.progress(clock.time)
        dx = k * k * (layout.table.right - layout.stack.x)
        alpha = round(255 * (1 - k))
        return Stack(
            tuple(
                CardSpot(c, Pose(p.x + dx, p.y, 0.0), alpha=alpha)
                for (_, cards), ps in zip(plays, poses, strict=True)
                for c, p in zip(cards, ps, strict=True)
            )
        )
    spots = [
        CardSpot(c, p)
        for (_, cards), ps in zip(plays, poses, strict=True)
        for c, p in zip(cards, ps, strict=True)
    ]
    tag: Line | None = None
    tag_poses: tuple[Pose, ...] = ()
    if plays and phase is None:
        seat = plays[-1][0]
        style = t.player(seat)
        tag = Line(f"{style.glyph} {frame.session.names[seat]}", style.colour, bold=True)
        tag_poses = tuple(poses[-1])
    if phase is not None and phase.kind == "fly" and clock.time >= phase.start:
        spots += [CardSpot(c, tween.pose) for c, tween in phase.flights]
    empty = "The table is clear" if not plays and phase is None and view.turn is not None else ""
    return Stack(tuple(spots), tag, tag_poses, empty)


def match_panel(frame: TableFrame, view: EtucState) -> MatchPanel:
    t = frame.app.theme
    alone = len(frame.session.human_seats()) == 1
    lead = max(view.scores)
    rows = []
    for s, score in enumerate(view.scores):
        style = t.player(s)
        mark = s == frame.viewer and alone and not is_you(frame, s)
        name = frame.session.names[s] + (" (you)" if mark else "")
        bold = score == lead and lead > 0
        rows.append(
            (Line(f"{style.glyph} {name}", style.colour, bold), Line(f"{score} VP", t.text, bold))
        )
    last = ""
    if view.results:
        points = view.results[-1].points
        last = "Last game " + ", ".join(
            f"{t.player(s).glyph}+{p}" for s, p in enumerate(points) if p
        )
    return MatchPanel(f"Game {view.game} · first to {view.target} VP", tuple(rows), last)


def rank_card(frame: TableFrame, view: EtucState) -> RankCard:
    """The colour order, weakest at the top, with a bar growing with strength (E1)."""
    t = frame.app.theme
    colours = sorted({c.colour for c in deck(view.players)})
    top = strongest_card(view.players)
    rows = []
    for i, c in enumerate(colours):
        style = colour_style(t, c)
        rows.append(RankRow(style.name, style.glyph, style.colour, (i + 1) / len(colours)))
    return RankCard(
        f"Numbers: 1 < 2 < … < {top.number}", tuple(rows), f"Unbeatable: {card_words(top)}"
    )


def pop(frame: TableFrame, layout: Layout, painters: Painters, clock: Clock) -> Pop | None:
    phase = clock.on("pop")
    if phase is None:
        return None
    anchor = seat_anchor(layout, painters, frame.app.theme, phase.seat)
    return Pop(phase.text, (round(anchor.x), round(anchor.y)), phase.progress(clock.time))


def picture(
    frame: TableFrame,
    local: Local,
    layout: Layout,
    painters: Painters,
    clock: Clock,
    view: EtucState,
    focus: Card | None,
) -> EtucPicture:
    """Everything the table shows of ``view`` (see the module docstring);
    ``focus`` is the card under the keyboard's cursor, when it shows."""
    t = frame.app.theme
    seats = []
    for seat in layout.seats:
        badge, colour = seat_badge(frame, view, seat)
        style = t.player(seat)
        name = Line(f"{style.glyph} {frame.session.names[seat]}", style.colour, bold=True)
        font = seat_name_font(t, layout.seats[seat], name.text, badge)
        seats.append(
            SeatPanel(seat, name, view.turn == seat, badge, colour, view.hand_sizes[seat], font)
        )
    cards = hand(frame, local, layout, painters, view, focus)
    spots = [spot.pose.rect(painters.hand.card_size) for spot in cards if spot.hinted]
    viewer = frame.viewer
    own = Line(
        f"{t.player(viewer).glyph} {frame.session.names[viewer]}: "
        f"{plural(len(view.hands[viewer] or ()), 'card')}",
        t.player(viewer).colour,
        bold=True,
    )
    return EtucPicture(
        match=match_panel(frame, view),
        rank=rank_card(frame, view),
        seats=tuple(seats),
        round=round_label(frame, view),
        round_on=view.kind is not None,
        stack=stack(frame, layout, painters, clock, view),
        message=message(frame, local, view),
        own=own,
        hand=cards,
        hint_pass=isinstance(frame.hint_action, Pass),
        hint_cards=spots[0].unionall(spots[1:]) if spots else None,
        pop=pop(frame, layout, painters, clock),
    )
