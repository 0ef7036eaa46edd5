"""Uchronicle's data: cards, the rules state, tricks, the one action, the game state.

Pure data with its notation; what is legal is the solver's (``solver.py``) and
the rules' (``rules.py``). Rulings U1-U10 are in docs/rulings.md.

Cards
    30 cards: suits ``A``-``E`` (index 0-4) times ranks 1-6. ``Card(suit, rank)``
    prints suit then rank: ``D6``. Hands are kept sorted (suit, then rank).

Rules state (U1), :class:`RulesState`
    ``higher`` (True: the higher rank wins within a suit; False: lower),
    ``trump_suit`` (0-4 or None), ``trump_rank`` (1-6 or None; always None in
    the standard game). Prints ``H/D`` (higher, trump D), ``L/-`` (lower, no
    trump) and, when a trump rank is set, ``H/D/4`` or ``L/-/4``.

Trick, a tuple of :class:`Played`
    The cards in play order, each with the ``seat`` that played it, or None for
    the 2-player deck card turned up as the trick's first card (U8). Cards taken
    out of the history are deleted from their trick: a trick holds what is still
    on the table, in the order it was played.

Removals (U5)
    :class:`Declare` (standard game): ``ranks`` and ``suits`` declared; every
    history card of one of them goes, the present trick included, except the
    card being played. :class:`Pick` (expert game): a set of single ``cards``
    from past tricks, never the present one. Notation ``4+B`` (rank 4 and suit
    B) and ``B2+C3`` (two cards).

Actions
    :class:`Play` ``(card, rules, removed)``: play ``card`` from hand, set the
    rules state to ``rules`` (the same one to keep it), after removing
    ``removed``; prints ``play D6 H/D remove 4+B`` (no ``remove`` part when
    nothing is removed). :class:`DeadEnd` ``(card, rules)`` is the expert dead
    end (U7): play any card when no card in hand can be made to win; every trick,
    the present one included, then keeps only its last-played card (the present
    trick keeps the card just played) and the player takes all the others. As
    every trick then holds at most one card, any rules state is consistent, so
    the player designates one freely. Prints ``dead end D6 H/-/-``.

Game state, :class:`UchronicleState` (one game: as many rounds as players, U10)
    ``players`` (2 or 3); ``expert`` (the expert game, else standard);
    ``seed`` (deals derive from it; None in a view); ``round`` (1-based) of
    ``players`` rounds; ``first_lead`` (this round's first lead; round ``r``'s
    is ``(first_lead of round 1 + r - 1) % players``); ``lead`` (who leads the
    present trick: the last player of the trick before, U9); ``turn`` (seat to
    move, None once the game is over); ``hands`` (each seat's hand, sorted; None
    where a view may not see it) and ``hand_sizes``; ``tricks`` (this round's
    finished tricks, oldest first, less the cards removed) and ``trick`` (the
    present one; with 2 players it starts with the deck card); ``rules`` (the
    rules state the last player designated; a round starts at ``H/-``, the
    higher rank winning and no trump, U1 being silent on where markers start);
    ``points`` (negative points taken this round, per seat) and ``totals``
    (negative points of the whole game so far, this round included);
    ``removed`` (per seat, the cards that seat took this round, face down;
    a view keeps them, as every seat saw them go); ``deck`` (2 players: the undealt cards, top first; empty
    with 3 players; None in a view) and ``deck_size``; ``viewer`` (None in the
    full state; the seat a view was made for); ``results`` (each finished
    round's negative points per seat) and ``results_cards`` (each finished
    round's ``removed``: the cards behind those points, public like them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from tabletop.core import shapes
from tabletop.core.words import quote

SUIT_LETTERS = "ABCDE"
#: how a scene paints the suits (one colour and glyph per suit letter)
SUIT_COLOURS = ("red", "yellow", "green", "blue", "purple")
SUIT_GLYPHS = ("\u2600", "\u263e", "\u2605", "\u2666", "\u2663")
SUITS = range(len(SUIT_LETTERS))
RANKS = range(1, 7)
HAND_SIZE = 10
TRICKS_PER_ROUND = 9
PLAYER_COUNTS = (2, 3)


@dataclass(frozen=True, order=True)
class Card:
    """A card: ``suit`` 0-4 (index into SUIT_LETTERS) and ``rank`` 1-6."""

    suit: int
    rank: int

    def malformed(self) -> str | None:
        """Why this is no card of the deck (a value of the wrong type or out of
        range), or None."""
        return shapes.whole(self.suit, "card's suit", 0, len(SUIT_LETTERS) - 1) or shapes.whole(
            self.rank, "card's rank", RANKS[0], RANKS[-1]
        )

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"card({quote(self.suit)}, {quote(self.rank)})"
        return f"{SUIT_LETTERS[self.suit]}{self.rank}"

    @property
    def letter(self) -> str:
        return SUIT_LETTERS[self.suit]


DECK: tuple[Card, ...] = tuple(Card(s, r) for s in SUITS for r in RANKS)


def parse_card(text: str) -> Card:
    """``"D6"`` -> Card(3, 6)."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in SUIT_LETTERS or text[1] not in "123456":
        raise ValueError(f"not a card: {text!r}")
    return Card(SUIT_LETTERS.index(text[0]), int(text[1]))


def parse_suit(text: str) -> int:
    text = text.strip().upper()
    if len(text) != 1 or text not in SUIT_LETTERS:
        raise ValueError(f"not a suit: {text!r}")
    return SUIT_LETTERS.index(text)


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in notation, joined by ``+``: ``B2+C3``."""
    return "+".join(str(c) for c in cards)


# -- the rules state (U1) -----------------------------------------------------


@dataclass(frozen=True, order=True)
class RulesState:
    """Rank to win, trump suit, trump rank (U1). See the module docstring."""

    higher: bool = True
    trump_suit: int | None = None
    trump_rank: int | None = None

    def malformed(self) -> str | None:
        if not isinstance(self.higher, bool):
            return f"Rank to win must be True (higher) or False (lower), not {quote(self.higher)}."
        if self.trump_suit is not None:
            why = shapes.whole(self.trump_suit, "trump suit", 0, len(SUIT_LETTERS) - 1)
            if why is not None:
                return why
        if self.trump_rank is not None:
            why = shapes.whole(self.trump_rank, "trump rank", RANKS[0], RANKS[-1])
            if why is not None:
                return why
        return None

    def __str__(self) -> str:
        if self.malformed() is not None:
            return (
                f"rules({quote(self.higher)}, {quote(self.trump_suit)}, {quote(self.trump_rank)})"
            )
        text = ("H" if self.higher else "L") + "/"
        text += "-" if self.trump_suit is None else SUIT_LETTERS[self.trump_suit]
        if self.trump_rank is not None:
            text += f"/{self.trump_rank}"
        return text

    def words(self) -> str:
        """As players read it: "higher wins, trump D, trump rank 4"."""
        parts = ["higher wins" if self.higher else "lower wins"]
        parts.append(
            "no trump" if self.trump_suit is None else f"trump {SUIT_LETTERS[self.trump_suit]}"
        )
        if self.trump_rank is not None:
            parts.append(f"trump rank {self.trump_rank}")
        return ", ".join(parts)


def parse_rules(text: str) -> RulesState:
    """``"H/D"``, ``"L/-"``, ``"H/-/4"`` -> RulesState; ``-`` as the third part
    is no trump rank too."""
    parts = text.strip().upper().split("/")
    if len(parts) not in (2, 3) or parts[0] not in ("H", "L"):
        raise ValueError(f"not a rules state: {text!r}")
    suit = None if parts[1] == "-" else parse_suit(parts[1])
    rank = None
    if len(parts) == 3 and parts[2] != "-":
        if parts[2] not in "123456" or len(parts[2]) != 1:
            raise ValueError(f"not a rules state: {text!r}")
        rank = int(parts[2])
    return RulesState(parts[0] == "H", suit, rank)


# -- tricks --------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """One card of a trick and who played it (None: the 2-player deck card, U8)."""

    card: Card
    seat: int | None

    def __str__(self) -> str:
        return str(self.card)


Trick = tuple[Played, ...]


def trick_cards(trick: Trick) -> tuple[Card, ...]:
    return tuple(p.card for p in trick)


# -- removals (U5) -------------------------------------------------------------


def _sorted_if_whole(values: Any) -> Any:
    if isinstance(values, (list, set, frozenset)):
        values = tuple(values)
    if isinstance(values, tuple) and all(shapes.is_whole(v) for v in values):
        return tuple(sorted(set(values)))
    return values


@dataclass(frozen=True)
class Declare:
    """Standard removal: the declared ``ranks`` and ``suits`` (sorted tuples)."""

    ranks: tuple[int, ...] = ()
    suits: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "ranks", _sorted_if_whole(self.ranks))
        object.__setattr__(self, "suits", _sorted_if_whole(self.suits))

    def malformed(self) -> str | None:
        for values, what, lo, hi in (
            (self.ranks, "declared rank", RANKS[0], RANKS[-1]),
            (self.suits, "declared suit", 0, len(SUIT_LETTERS) - 1),
        ):
            if not isinstance(values, tuple):
                return f"Declare {what}s as a tuple, not {quote(values)}."
            if len(values) > hi - lo + 1:
                return f"Declare at most {hi - lo + 1} {what}s."
            for v in values:
                why = shapes.whole(v, what, lo, hi)
                if why is not None:
                    return why
        return None

    @classmethod
    def trusted(cls, ranks: tuple[int, ...], suits: tuple[int, ...]) -> Declare:
        """A Declare of ``ranks`` and ``suits`` already sorted, distinct and in
        range (the solver's), made without sorting and checking them again."""
        declare = object.__new__(cls)
        object.__setattr__(declare, "ranks", ranks)
        object.__setattr__(declare, "suits", suits)
        return declare

    def takes(self, card: Card) -> bool:
        return card.rank in self.ranks or card.suit in self.suits

    def __bool__(self) -> bool:
        return bool(self.ranks or self.suits)

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"declare({quote(self.ranks)}, {quote(self.suits)})"
        return "+".join([str(r) for r in self.ranks] + [SUIT_LETTERS[s] for s in self.suits])


@dataclass(frozen=True)
class Pick:
    """Expert removal: single ``cards`` from past tricks (a sorted tuple)."""

    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        cards = self.cards
        if isinstance(cards, (list, set, frozenset)):
            cards = tuple(cards)
        if isinstance(cards, tuple) and all(
            isinstance(c, Card) and c.malformed() is None for c in cards
        ):
            cards = tuple(sorted(set(cards)))
        object.__setattr__(self, "cards", cards)

    def malformed(self) -> str | None:
        if not isinstance(self.cards, tuple):
            return f"Pick cards as a tuple, not {quote(self.cards)}."
        if len(self.cards) > len(DECK):
            return "Pick at most 30 cards."
        for c in self.cards:
            if not isinstance(c, Card):
                return f"Pick cards, not {quote(c)}."
            why = c.malformed()
            if why is not None:
                return why
        return None

    @classmethod
    def trusted(cls, cards: tuple[Card, ...]) -> Pick:
        """A Pick of ``cards`` already sorted, distinct and well formed (the
        solver's), made without sorting and checking them again."""
        pick = object.__new__(cls)
        object.__setattr__(pick, "cards", cards)
        return pick

    def takes(self, card: Card) -> bool:
        return card in self.cards

    def __bool__(self) -> bool:
        return bool(self.cards)

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"pick({quote(self.cards)})"
        return cards_text(self.cards)


Removal = Declare | Pick


def parse_removal(text: str, expert: bool) -> Removal:
    """``"4+B"`` (standard) or ``"B2+C3"`` (expert); ``""`` removes nothing."""
    parts = [p for p in text.strip().upper().split("+") if p]
    if expert:
        return Pick(tuple(parse_card(p) for p in parts))
    ranks, suits = [], []
    for p in parts:
        if p in ("1", "2", "3", "4", "5", "6"):
            ranks.append(int(p))
        else:
            suits.append(parse_suit(p))
    return Declare(tuple(ranks), tuple(suits))


# -- actions -------------------------------------------------------------------


def _malformed_card(card: object) -> str | None:
    if not isinstance(card, Card):
        return f"Play a card, not {quote(card)}."
    return card.malformed()


def _malformed_rules(rules: object) -> str | None:
    if not isinstance(rules, RulesState):
        return f"Designate a rules state, not {quote(rules)}."
    return rules.malformed()


@dataclass(frozen=True)
class Play:
    """Play ``card`` designating ``rules``, after removing ``removed`` (U4)."""

    card: Card
    rules: RulesState
    removed: Removal = field(default_factory=Declare)

    def malformed(self) -> str | None:
        why = _malformed_card(self.card) or _malformed_rules(self.rules)
        if why is not None:
            return why
        if not isinstance(self.removed, (Declare, Pick)):
            return (
                f"Remove by declaring ranks and suits or picking cards, not {quote(self.removed)}."
            )
        return self.removed.malformed()

    def __str__(self) -> str:
        text = f"play {self.card} {self.rules}"
        if isinstance(self.removed, (Declare, Pick)) and self.removed:
            text += f" remove {self.removed}"
        return text


@dataclass(frozen=True)
class DeadEnd:
    """The expert dead end (U7): play ``card`` designating ``rules``; every
    trick keeps only its last card and the player takes the rest."""

    card: Card
    rules: RulesState

    def malformed(self) -> str | None:
        return _malformed_card(self.card) or _malformed_rules(self.rules)

    def __str__(self) -> str:
        return f"dead end {self.card} {self.rules}"


UchronicleAction = Play | DeadEnd


def parse_action(text: str, expert: bool) -> UchronicleAction:
    """The inverse of ``str`` on actions: ``play D6 H/D remove 4+B``,
    ``dead end D6 H/-``."""
    words = text.split()
    if words[:2] == ["dead", "end"] and len(words) == 4:
        return DeadEnd(parse_card(words[2]), parse_rules(words[3]))
    if words[:1] == ["play"] and len(words) in (3, 5):
        removed: Removal = Pick() if expert else Declare()
        if len(words) == 5:
            if words[3] != "remove":
                raise ValueError(f"not an action: {text!r}")
            removed = parse_removal(words[4], expert)
        return Play(parse_card(words[1]), parse_rules(words[2]), removed)
    raise ValueError(f"not an action: {text!r}")


# -- the game state ------------------------------------------------------------


@dataclass(frozen=True)
class UchronicleState:
    """One game; every field is explained in the module docstring."""

    players: int
    expert: bool
    seed: int | None
    round: int
    first_lead: int
    lead: int
    turn: int | None
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    tricks: tuple[Trick, ...]
    trick: Trick
    rules: RulesState
    points: tuple[int, ...]
    totals: tuple[int, ...]
    removed: tuple[tuple[Card, ...], ...] | None
    deck: tuple[Card, ...] | None
    deck_size: int
    viewer: int | None = None
    results: tuple[tuple[int, ...], ...] = ()
    results_cards: tuple[tuple[tuple[Card, ...], ...], ...] = ()

    @property
    def rounds(self) -> int:
        return self.players

    @property
    def over(self) -> bool:
        return self.turn is None

    @property
    def trick_number(self) -> int:
        """The present trick's number in the round, 1-based."""
        return len(self.tricks) + 1
