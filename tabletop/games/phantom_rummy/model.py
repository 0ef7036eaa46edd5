"""Phantom Rummy's data: the actions, the claim window, the game state.

Pure data with its notation; cards are ``cards.py``'s, what is legal is
``rules.py``'s. Rulings R1-R8 are in docs/rulings.md.

Actions (each checks its own shape in ``malformed()``; a card must be one of
the deck's cards, ``cards.DECK``; cards print as ``cards.py`` writes them,
``M5a``)
    :class:`Take` ``(card)`` takes a row card (``take M5a``). :class:`Goal`
    scores with the hand right after a take (``goal``). :class:`Open`
    ``(cards)`` lays three hand cards as a big set and draws two, ending the
    turn (``open M3b+M4a+M5c``). :class:`Discard` ``(card)`` and
    :class:`Ready` ``(card)`` (discard and say ready) end a turn and open a
    claim window. In a window each seat asked answers once, sealed:
    :class:`ClaimGoal` (``claim goal``), :class:`ClaimGain` ``(cards)``, the
    two hand cards that make a big set with the discard (``gain M4b+M6a``),
    or :class:`Pass` (``pass``). :func:`parse_action` reads the notation back.

The claim window, :class:`ClaimWindow` (R4)
    ``discarder`` and ``card`` (the discard on offer); ``asked`` (how many
    seats have answered; the seats are asked in turn order after the
    discarder, every one of them whether it could claim or not, see
    :meth:`ClaimWindow.order`); ``answers`` (per seat, its sealed answer, or
    None where it has not answered or where a view may not see it). At the
    reveal the first goal claim in that order wins, else the first gain.

A finished short game, :class:`ShortGame`
    ``goal`` (the seat that scored, None for a pile-out, R5); ``discarder``
    (whose discard completed the goal, else None); ``points`` (what each
    seat's total changed by: the scorer's gain, the advanced discarder's loss);
    ``sources`` (the scorer's points, each a :class:`Source`: ``kind`` one of
    :data:`SOURCE_KINDS`, its ``points`` and the ``cards`` it counts);
    ``flips`` (the cards the bonus check turned up, R6, the last one the miss
    unless the pile ran out); ``instant`` (the legendary Item won the match);
    ``hand`` (the goal hand, shown to every seat, laid out as the reading its
    points were counted on: the small set, then the two big sets, see
    ``hands.Reading.cards``; a goal off a discard holds the discard; () for a
    pile-out).

Game state, :class:`PhantomState` (one match, R7)
    ``players`` (2-4); ``advanced`` (the advanced rules, R8); ``seed`` (each
    short game's deal derives from it and ``short_game``; None in a view);
    ``short_game`` (1-based number of the short game in play); ``dealer``
    (this short game's dealer, who also plays first; :func:`new_short_game`
    deals a short game); ``turn`` (the active
    seat; the discarder while a window is open); ``phase`` (a
    :class:`Phase`); ``hands`` (each seat's hand, sorted; None where a view
    may not see it) and ``hand_sizes``; ``row`` (the face-up cards to take
    from); ``pile`` (face down, top first; None in a view) and ``pile_size``;
    ``opened`` (per seat, its open big sets in the order laid, a gained set
    with the gained card first); ``discards`` (per seat, its own discard
    pile, oldest first, less the cards others gained from it); ``ready``
    (per seat, said ready this short game); ``taken`` (the card the active
    seat took this turn, None before the take; a ready seat must discard it
    unless it scores, and the advanced condition 1 asks whether a goal came
    from the row); ``claim`` (the open :class:`ClaimWindow`, else None);
    ``scores`` (match totals per seat); ``results`` (every finished short
    game, oldest first); ``viewer`` (None in the full state; the seat a view
    was made for).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tabletop.core import rng, shapes
from tabletop.core.words import quote
from tabletop.games.phantom_rummy.cards import DECK, Card, card_malformed, parse_card

PLAYER_COUNTS = (2, 3, 4)
#: cards dealt to each seat; a hand holds this many between turns (R3)
HAND_SIZE = 7
#: a big set's cards, and the hand cards a gain takes with the discard
BIG_SET = 3
#: R7: per player count, the short games in a match and the target score
MATCH_LENGTH: dict[int, tuple[int, int]] = {2: (6, 24), 3: (6, 18), 4: (8, 12)}
#: what a :class:`Source` of goal points counts
SOURCE_KINDS = ("sets", "red", "condition", "item", "bonus")


def row_size(players: int) -> int:
    """A fresh row holds one card more than there are players."""
    return players + 1


def _card_text(card: object) -> str:
    """A card's notation, or its quoted value when it is no card of the deck
    (printing an action never raises)."""
    return str(card) if malformed_card(card) is None else quote(card)


def malformed_card(card: object) -> str | None:
    """Why ``card`` is no card of the deck, or None (``cards.card_malformed``)."""
    return card_malformed(card)


def malformed_cards(cards: object, count: int, what: str) -> str | None:
    """Why ``cards`` is not a tuple of ``count`` different cards of the deck."""
    if not isinstance(cards, tuple):
        return f"The {what} must be a tuple of cards, not {quote(cards)}."
    if len(cards) != count:
        return f"The {what} must be {count} cards, not {len(cards)}."
    for card in cards:
        why = malformed_card(card)
        if why is not None:
            return why
    if len(set(cards)) != count:
        return f"The {what} names one card twice."
    return None


def _cards_text(cards: object) -> str:
    if not isinstance(cards, tuple):
        return quote(cards)
    return "+".join(_card_text(c) for c in cards) or "-"


# -- actions -----------------------------------------------------------------------


@dataclass(frozen=True)
class Take:
    """Take ``card`` from the row into your hand."""

    card: Card

    def malformed(self) -> str | None:
        return malformed_card(self.card)

    def __str__(self) -> str:
        return f"take {_card_text(self.card)}"


@dataclass(frozen=True)
class Goal:
    """Score a goal with the hand just completed by a take."""

    def __str__(self) -> str:
        return "goal"


@dataclass(frozen=True)
class Open:
    """Lay ``cards`` (three, from hand) face up as a big set and draw two."""

    cards: tuple[Card, ...]

    def malformed(self) -> str | None:
        return malformed_cards(self.cards, BIG_SET, "set to open")

    def __str__(self) -> str:
        return f"open {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` face up on your own pile."""

    card: Card

    def malformed(self) -> str | None:
        return malformed_card(self.card)

    def __str__(self) -> str:
        return f"discard {_card_text(self.card)}"


@dataclass(frozen=True)
class Ready:
    """Discard ``card`` and say ready: one card short of a goal hand."""

    card: Card

    def malformed(self) -> str | None:
        return malformed_card(self.card)

    def __str__(self) -> str:
        return f"ready {_card_text(self.card)}"


@dataclass(frozen=True)
class ClaimGoal:
    """Answer a discard: take it to score a goal (ready seats only)."""

    def __str__(self) -> str:
        return "claim goal"


@dataclass(frozen=True)
class ClaimGain:
    """Answer a discard: gain it, opening it as a big set with ``cards``
    (two from hand), then draw two."""

    cards: tuple[Card, ...]

    def malformed(self) -> str | None:
        return malformed_cards(self.cards, BIG_SET - 1, "cards to gain with")

    def __str__(self) -> str:
        return f"gain {_cards_text(self.cards)}"


@dataclass(frozen=True)
class Pass:
    """Answer a discard: let it go."""

    def __str__(self) -> str:
        return "pass"


PhantomAction = Take | Goal | Open | Discard | Ready | ClaimGoal | ClaimGain | Pass
ACTION_CLASSES: tuple[type, ...] = (Take, Goal, Open, Discard, Ready, ClaimGoal, ClaimGain, Pass)
#: the answers a seat gives in a claim window
Answer = ClaimGoal | ClaimGain | Pass
ANSWER_CLASSES: tuple[type, ...] = (ClaimGoal, ClaimGain, Pass)


def malformed_action(action: object) -> str | None:
    """The first question ``check`` asks: is this a Phantom Rummy action of
    a sensible shape?"""
    return shapes.malformed(action, ACTION_CLASSES, "That is not a Phantom Rummy move.")


def parse_action(text: str) -> PhantomAction:
    """The inverse of ``str`` on well-formed actions: ``take M5a``, ``goal``,
    ``open M3b+M4a+M5c``, ``discard S1c``, ``ready S1c``, ``claim goal``,
    ``gain M4b+M6a``, ``pass``. ValueError for anything else."""
    words = text.split()
    bare: dict[str, PhantomAction] = {"goal": Goal(), "claim goal": ClaimGoal(), "pass": Pass()}
    if " ".join(words) in bare:
        return bare[" ".join(words)]
    if len(words) == 2:
        verb, arg = words
        if verb == "take":
            return Take(parse_card(arg))
        if verb == "discard":
            return Discard(parse_card(arg))
        if verb == "ready":
            return Ready(parse_card(arg))
        cards = tuple(parse_card(w) for w in arg.split("+")) if verb in ("open", "gain") else ()
        if verb == "open" and Open(cards).malformed() is None:
            return Open(cards)
        if verb == "gain" and ClaimGain(cards).malformed() is None:
            return ClaimGain(cards)
    raise ValueError(f"not a Phantom Rummy action: {text!r}")


# -- the state ---------------------------------------------------------------------


class Phase(enum.Enum):
    """What the game waits for."""

    #: the active seat takes from the row
    TAKE = "take"
    #: the active seat has taken: goal, open, discard or ready
    ACT = "act"
    #: the seats after the discarder answer the discard, one by one
    CLAIMS = "claims"
    #: a short game has just ended: the match is over, or (inside ``apply``
    #: only, and in ``deal_summary``'s picture of it) the next deal is due
    OVER = "over"


@dataclass(frozen=True)
class ClaimWindow:
    """The discard on offer and the sealed answers (see the module docstring)."""

    discarder: int
    card: Card
    asked: int
    answers: tuple[Answer | None, ...]

    def order(self) -> tuple[int, ...]:
        """Every seat but the discarder, in turn order after it: the order
        seats are asked in, and the priority of their claims (R4)."""
        n = len(self.answers)
        return tuple((self.discarder + k) % n for k in range(1, n))

    def asking(self) -> int:
        """The seat being asked now (``order()[asked]``)."""
        return (self.discarder + 1 + self.asked) % len(self.answers)

    def winner(self) -> tuple[int, Answer] | None:
        """Once every answer is in: the claim that takes the card, goal claims
        before gains, each by the order; None when everyone passed."""
        for kind in (ClaimGoal, ClaimGain):
            for seat in self.order():
                answer = self.answers[seat]
                if isinstance(answer, kind):
                    return seat, answer
        return None


@dataclass(frozen=True)
class Source:
    """Points of a goal from one source: ``kind`` (one of :data:`SOURCE_KINDS`),
    ``points`` and the ``cards`` counted (the red cards, a condition's card,
    the cards the bonus check matched...)."""

    kind: str
    points: int
    cards: tuple[Card, ...] = ()


@dataclass(frozen=True)
class ShortGame:
    """A finished short game (see the module docstring)."""

    goal: int | None
    discarder: int | None
    points: tuple[int, ...]
    sources: tuple[Source, ...] = ()
    flips: tuple[Card, ...] = ()
    instant: bool = False
    hand: tuple[Card, ...] = ()


@dataclass(frozen=True)
class PhantomState:
    """One match; every field is explained in the module docstring."""

    players: int
    advanced: bool
    seed: int | None
    short_game: int
    dealer: int
    turn: int
    phase: Phase
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    row: tuple[Card, ...]
    pile: tuple[Card, ...] | None
    pile_size: int
    opened: tuple[tuple[tuple[Card, ...], ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    ready: tuple[bool, ...]
    taken: Card | None
    claim: ClaimWindow | None
    scores: tuple[int, ...]
    results: tuple[ShortGame, ...] = ()
    viewer: int | None = None

    def match_length(self) -> tuple[int, int]:
        """R7: the short games in this match and the target score."""
        return MATCH_LENGTH[self.players]

    def asking(self) -> int | None:
        """The seat answering the claim window now, else None."""
        if self.phase is not Phase.CLAIMS or self.claim is None:
            return None
        return self.claim.asking()

    def open_cards(self, seat: int) -> tuple[Card, ...]:
        """Every card of ``seat``'s open sets."""
        return tuple(c for laid in self.opened[seat] for c in laid)


def new_short_game(
    players: int,
    advanced: bool,
    seed: int,
    short_game: int,
    dealer: int,
    scores: tuple[int, ...],
    results: tuple[ShortGame, ...] = (),
) -> PhantomState:
    """Short game number ``short_game`` (1-based) of a match, dealt: the deck
    shuffled by ``rng.make(seed, "deal", short_game)``, seven cards to each
    seat from the dealer round (hands sorted), a row of ``players + 1`` and
    the rest the pile, top first. The dealer plays first and is to take."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Phantom Rummy is for 2 to 4 players, not {players}")
    cards = list(DECK)
    rng.make(seed, "deal", short_game).shuffle(cards)
    order = [(dealer + k) % players for k in range(players)]
    dealt: dict[int, tuple[Card, ...]] = {}
    for k, seat in enumerate(order):
        dealt[seat] = tuple(sorted(cards[k * HAND_SIZE : (k + 1) * HAND_SIZE]))
    used = players * HAND_SIZE
    row = tuple(cards[used : used + row_size(players)])
    pile = tuple(cards[used + row_size(players) :])
    return PhantomState(
        players=players,
        advanced=advanced,
        seed=seed,
        short_game=short_game,
        dealer=dealer,
        turn=dealer,
        phase=Phase.TAKE,
        hands=tuple(dealt[s] for s in range(players)),
        hand_sizes=(HAND_SIZE,) * players,
        row=row,
        pile=pile,
        pile_size=len(pile),
        opened=((),) * players,
        discards=((),) * players,
        ready=(False,) * players,
        taken=None,
        claim=None,
        scores=scores,
        results=results,
    )
