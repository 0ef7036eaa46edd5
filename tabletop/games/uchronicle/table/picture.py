"""What Uchronicle's table shows, as plain data: :class:`UchroniclePicture`.

The table (``__init__.py``) works it out from the viewer's view, its own
state (:class:`Local`: the card picked, the chip chosen, what is under the
mouse; the removal being edited, ``removal.py``), the animation on show
(``animation.py``) and what the frame says (names, whose turn, the hint);
``paint.py`` paints it and nothing else. The words are worked out here: the
line of advice under the table (:func:`message`), the present trick's line,
why a card cannot win (:func:`card_reason`). A test asserts on the picture.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from tabletop.core.words import plural
from tabletop.games.uchronicle.model import Card, DeadEnd, Declare, Play, RulesState, Trick
from tabletop.ui.cards import Look, Pose
from tabletop.ui.theme import Colour, Theme


@dataclass(frozen=True)
class Choice:
    """One chip: a legal action for the picked card, the cards it removes, its cost."""

    action: Play | DeadEnd
    taken: tuple[Card, ...]

    @property
    def cost(self) -> int:
        return len(self.taken)


@dataclass(frozen=True)
class MenuItem:
    """One line of the standard game's declare menu and the removal it makes."""

    text: str
    rect: pygame.Rect
    removal: Declare


@dataclass
class DeclareMenu:
    """The menu beside a history card (standard game): its rank, its suit."""

    card: Card
    items: list[MenuItem]
    rect: pygame.Rect
    hover: int | None = None


@dataclass
class Local:
    """The table's own state: the card picked and its chip, what the mouse rests on."""

    selected: Card | None = None
    #: the chosen chip (an index into the picked card's choices) and the first on show
    chip: int = 0
    chip_start: int = 0
    hover_card: Card | None = None
    hover_chip: int | None = None
    #: where the mouse is (a dimmed card's reason shows beside it)
    mouse: tuple[int, int] = (0, 0)
    #: each card of the hand and its chips, when it is the viewer's turn
    choices: dict[Card, list[Choice]] = field(default_factory=dict)
    #: the expert dead end: no card can win, whatever is removed
    dead_end: bool = False

    def current_choices(self) -> list[Choice]:
        """The picked card's chips, cheapest first."""
        return self.choices.get(self.selected, []) if self.selected is not None else []

    def chip_choice(self) -> Choice | None:
        """The chosen chip as offered (its cheapest removal)."""
        cs = self.current_choices()
        return cs[self.chip] if 0 <= self.chip < len(cs) else None


# -- the picture -----------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardPicture:
    """The rule board: the markers where they are (sliding), the chip's rules dashed."""

    title: str
    expert: bool
    markers: tuple[float, ...]
    ghost: RulesState | None
    #: the lines of "what beats what" under the board that fit
    foot: tuple[str, ...]


@dataclass(frozen=True)
class ScoreRow:
    text: str
    colour: Colour
    round: str
    total: str


@dataclass(frozen=True)
class ScoresPicture:
    head: str
    #: "deck 7" in the 2-player game
    deck: str | None
    rows: tuple[ScoreRow, ...]


@dataclass(frozen=True)
class SeatPicture:
    """Another player along the top: name, badge, the backs of their cards, their pile."""

    seat: int
    title: str
    colour: Colour
    to_move: bool
    badge: str
    badge_colour: Colour
    cards: int
    points: int
    #: the name's font: "body", or "small" where the body one would not
    #: fit beside the badge (layout.seat_name_font)
    name_font: str = "body"


@dataclass(frozen=True)
class HistoryPicture:
    """The round's tricks as they show at this moment of an animation."""

    #: the past tricks in the grid
    tricks: tuple[Trick, ...]
    #: what the present trick's place shows: the present trick, or the
    #: round's last trick once it is finished
    shown: Trick
    #: cards the animation draws instead, and cards the previewed chip removes
    hidden: frozenset[Card]
    marked: frozenset[Card]
    title: str
    sub: str
    #: above each card of ``shown``, what makes it strong, in lines that fit
    #: the card's place ("trump" / "rank"; () when there is nothing to say)
    words: tuple[tuple[str, ...], ...]
    names: tuple[str, ...]


@dataclass(frozen=True)
class ChipSpot:
    index: int
    rect: pygame.Rect
    text: str
    chosen: bool
    hovered: bool
    hinted: bool
    #: the chosen chip's edited removal is refused by the rules
    refused: bool


@dataclass(frozen=True)
class HandSpot:
    card: Card
    pose: Pose
    look: Look
    hinted: bool
    focused: bool


@dataclass(frozen=True)
class Sprite:
    """A card the animation draws: its face (None: its back), its painter's
    size ("past", "present", "mini"), where, and how far through turning over."""

    card: Card | None
    size: str
    pose: Pose
    flip: float | None = None


@dataclass(frozen=True)
class Ring:
    """A ring round the history card under the mouse (a click edits the removal)."""

    pose: Pose
    size: str
    colour: Colour


@dataclass(frozen=True)
class MenuPicture:
    rect: pygame.Rect
    items: tuple[tuple[str, pygame.Rect], ...]
    hover: int | None


@dataclass(frozen=True)
class UchroniclePicture:
    board: BoardPicture
    scores: ScoresPicture
    seats: tuple[SeatPicture, ...]
    #: the viewer's own pile of removed cards
    own_points: int
    history: HistoryPicture
    message: tuple[str, Colour]
    chips: tuple[ChipSpot, ...]
    hand: tuple[HandSpot, ...]
    sprites: tuple[Sprite, ...]
    rings: tuple[Ring, ...]
    menu: MenuPicture | None


# -- the words ---------------------------------------------------------------------------------


def card_reason(trick: Trick, card: Card) -> str:
    """Why a card has no chip: nothing lets it win the present trick."""
    if not trick:
        return f"{card} cannot win."
    return (
        f"{card} cannot win this trick, whatever is removed: no rules let it beat "
        f"{' and '.join(str(p.card) for p in trick)}, and cards of the present trick "
        "cannot be removed in the expert game."
    )


def over_text(round_: int, rounds: int, summary_held: bool) -> str:
    """What has ended when nobody is to move: a round (its summary is on
    show and the next round follows) or the game."""
    if summary_held and round_ < rounds:
        return f"Round {round_} of {rounds} is over."
    return "The game is over."


def present_line(turn: int | None, trick: Trick, over: str, dead_end_mine: bool) -> str:
    """The line under the present trick's title."""
    if turn is None:
        return over
    if dead_end_mine:
        return "Dead end: play any card (see below)."
    if not trick:
        return "Empty: any card wins it."
    return f"Beat {trick[-1].card}: it wins so far."


@dataclass(frozen=True)
class Advice:
    """What :func:`message` reads: the position and the pick in progress."""

    turn: int | None
    over: str
    rules: RulesState
    mine: bool
    mover: str
    thinking: bool
    local: Local
    trick: Trick
    preview: Choice | None
    current: Choice | None
    edited: bool
    edit_reason: str | None
    expert: bool


def message(t: Theme, a: Advice) -> tuple[str, Colour]:
    """The line under the table: what to do now, a card's reason, a chip's effect."""
    local = a.local
    if a.turn is None:
        return a.over, t.text
    if not a.mine:
        if a.thinking:
            return f"{a.mover} is thinking…", t.text_dim
        return f"{a.mover} to move.", t.text_dim
    hover = local.hover_card
    if hover is not None and hover in local.choices and not local.choices[hover]:
        return card_reason(a.trick, hover), t.warning
    if hover is not None and hover != local.selected and local.choices.get(hover):
        cheapest = local.choices[hover][0]
        gone = ", ".join(str(c) for c in cheapest.taken)
        cost = f"removes {gone} ({plural(cheapest.cost, 'point')})" if gone else "costs nothing"
        ways = plural(len(local.choices[hover]), "way")
        return f"{hover} can win {ways}; the cheapest {cost}. Click it to see them.", t.text
    if local.dead_end and local.selected is None:
        return (
            "Dead end: none of your cards can win this trick, whatever you remove. "
            "Play any card: every trick then keeps only its last card, and you take all the others.",
            t.warning,
        )
    if local.selected is None:
        lead = "You lead: any card wins an empty trick. " if not a.trick else ""
        return (
            lead
            + "Pick a card (click, or ←/→ and Space); the cheapest way to make it win is chosen for you.",
            t.text,
        )
    cs = local.current_choices()
    if not cs:
        return card_reason(a.trick, local.selected), t.warning
    choice = a.preview or cs[0]
    ways = plural(len(cs), "way")
    taken = ", ".join(str(c) for c in choice.taken)
    effect = f"removes {taken} (marked ✕)" if taken else "removes nothing"
    if choice.action.rules != a.rules:
        effect += " and moves the markers to the dashed places"
    else:
        effect += " and keeps the rules"
    edited = a.edited and choice == a.current
    if edited and a.edit_reason is not None:
        return (
            f"Your removal cannot make {local.selected} win: {a.edit_reason} "
            "Click history cards to change it, or ↺ cheapest (Backspace).",
            t.warning,
        )
    more = (
        "↑/↓ for another; click history cards to remove more"
        if a.expert
        else "↑/↓ for another; click a history card to declare its rank or suit"
    )
    if edited:
        gone = f"{taken} go (marked ✕)" if taken else "nothing goes"
        board = (
            "the markers move to the dashed places"
            if choice.action.rules != a.rules
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
        f"{local.selected} can win {ways}, cheapest first. This one {effect}. "
        f"Enter, Play, or the card or chip again plays; {more}.",
        t.text,
    )
