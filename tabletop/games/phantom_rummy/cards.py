"""Phantom Rummy's cards: the 100-card deck of ruling R1, read from ``deck.toml``.

The deck is this edition's proposal (no public card list exists): three number
types, Sword, Staff and Moon, with numbers 1-7 and four copies of each (type,
number), one of them red; and 16 Item cards, four copies of each of four
pictures, Crown, Grail, Orb and Tome, two of them red (one plain, one
legendary). ``deck.toml`` holds every card with its type, name, number, red,
value, condition and instant win, so the publisher's list, if it is ever
found, replaces the file and not this code.

Kinds
    A *kind* is a (type, name) pair: what sets and the bonus check compare.
    Red and black copies of one title are the same kind (the rulebook's "name
    color" rule). The 25 kinds are numbered 0-24 in deck order: Sword 1-7 are
    0-6, Staff 1-7 are 7-13, Moon 1-7 are 14-20, Crown, Grail, Orb, Tome are
    21-24. A kind prints as its type's letter and its name's: ``S4`` (Sword 4),
    ``T7`` (Staff 7), ``M1`` (Moon 1), ``IC`` (Item Crown), ``IG``, ``IO``, ``IT``.

Cards, and telling look-alikes apart
    The deck has four copies of every kind, and the black copies of a kind look
    alike. A :class:`Card` is therefore its position in the deck (``index``
    0-99), not its look: two black Sword 4s are different cards, equal only to
    themselves, so a hand, a pile or a set is a collection of distinct cards and
    a card's path (dealt, taken, discarded, gained) can be followed. Within a
    kind the copies are lettered ``a``-``d`` in deck order, and the notation is
    kind then copy: ``S4a``. In this deck the ``a`` copy of a number kind is the
    red one; for Items ``a`` is the red plain copy, ``b`` the red legendary
    copy, ``c`` and ``d`` the black ones. Everything else (type, name, red...)
    is read from the deck by the card's index.

Conditions (advanced rules, ruling R8), by id
    See :data:`CONDITIONS`; this module names them, the rules check them.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

from tabletop.core import codec
from tabletop.core.words import quote

#: the number types in deck order, then the picture type
NUMBER_TYPES = ("Sword", "Staff", "Moon")
ITEM = "Item"
TYPES = (*NUMBER_TYPES, ITEM)
#: the one-letter code of each type in the notation
TYPE_CODES = {"Sword": "S", "Staff": "T", "Moon": "M", "Item": "I"}

#: condition id -> what it asks, in words (phantom-rummy's proposal, ruling R8);
#: checked on all the goal-winner's cards, hand and opened sets
CONDITIONS = {
    "row_goal": "the goal was made by taking from the row, not off a discard",
    "terminal_pair": "the small set is 1s or 7s",
    "two_types": "your number cards use at most two types",
    "number_in_all_types": "some number appears in all three types",
    "no_terminals": "no 1, no 7 and no Item card among your cards",
    "terminal_in_every_set": "every set, the small set too, holds a 1, a 7 or an Item",
    "one_type": "all your number cards are of one type",
    "always": "none: always worth its value",
    "legendary_group": "no set is a run and one of your sets is a group of this Item",
}

#: condition id -> the condition in a few words, for a score sheet's row
#: ("red Sword 3 · condition: two types at most"); ``CONDITIONS`` says it whole
CONDITION_SHORT = {
    "row_goal": "a goal from the row",
    "terminal_pair": "a pair of 1s or 7s",
    "two_types": "two types at most",
    "number_in_all_types": "a number in all 3 types",
    "no_terminals": "no 1, 7 or Item",
    "terminal_in_every_set": "a 1, 7 or Item in each set",
    "one_type": "one type only",
    "always": "always scores",
    "legendary_group": "a group of this Item, no run",
}

COPY_LETTERS = "abcd"


@dataclass(frozen=True)
class Kind:
    """A (type, name) pair, numbered ``index`` 0-24; prints ``S4``, ``IC``."""

    index: int
    type: str
    name: str
    #: the number for number kinds, None for Items
    number: int | None

    @property
    def code(self) -> str:
        letter = TYPE_CODES[self.type]
        return f"{letter}{self.name}" if self.number is not None else f"{letter}{self.name[0]}"

    @property
    def title(self) -> str:
        """``Sword 4``, ``Crown``: the kind in words."""
        return f"{self.type} {self.name}" if self.number is not None else self.name

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class _Face:
    """What deck.toml prints on one card."""

    type: str
    name: str
    number: int | None
    red: bool
    value: int
    condition: str | None
    instant_win: bool


def _load() -> tuple[tuple[_Face, ...], tuple[Kind, ...], tuple[int, ...], tuple[int, ...]]:
    doc = tomllib.loads((resources.files(__package__) / "deck.toml").read_text("utf-8"))
    faces: list[_Face] = []
    kinds: list[Kind] = []
    kind_of: list[int] = []
    copy_of: list[int] = []
    index_of_kind: dict[tuple[str, str], int] = {}
    copies: dict[int, int] = {}
    for i, row in enumerate(doc["cards"]):
        kind_type, name, number = str(row["type"]), str(row["name"]), int(row["number"])
        if kind_type not in TYPES:
            raise ValueError(f"deck.toml card {i}: unknown type {kind_type!r}")
        if (kind_type == ITEM) != (number == 0):
            raise ValueError(f"deck.toml card {i}: Items, and only Items, have number 0")
        condition = str(row["condition"]) or None
        if condition is not None and condition not in CONDITIONS:
            raise ValueError(f"deck.toml card {i}: unknown condition {condition!r}")
        face = _Face(
            kind_type,
            name,
            number or None,
            bool(row["red"]),
            int(row["value"]),
            condition,
            bool(row["instant_win"]),
        )
        key = (kind_type, name)
        if key not in index_of_kind:
            index_of_kind[key] = len(kinds)
            kinds.append(Kind(len(kinds), kind_type, name, face.number))
        k = index_of_kind[key]
        copy = copies.get(k, 0)
        if copy >= len(COPY_LETTERS):
            raise ValueError(f"deck.toml card {i}: more than {len(COPY_LETTERS)} copies of {key}")
        copies[k] = copy + 1
        faces.append(face)
        kind_of.append(k)
        copy_of.append(copy)
    return tuple(faces), tuple(kinds), tuple(kind_of), tuple(copy_of)


_FACES, KINDS, _KIND_OF, _COPY_OF = _load()
#: the kind number of the card at each deck index (``KIND_OF[card.index] ==
#: card.kind``, without the property's call: for hot loops)
KIND_OF: tuple[int, ...] = _KIND_OF
#: the number of copies of each kind in the deck
KIND_COPIES: tuple[int, ...] = tuple(_KIND_OF.count(k) for k in range(len(KINDS)))


def _card(index: int) -> Card:
    """The deck's own card at ``index`` (what a save's number decodes to), or
    a new Card of that value when it is none of the deck's (a damaged file)."""
    found = _BY_INDEX.get(index) if type(index) is int else None
    return Card(index) if found is None else found


@codec.atom("phantom_rummy.card", make=_card)
@dataclass(frozen=True, eq=False, slots=True, repr=False)
class Card:
    """One of the 100 cards: its position ``index`` in the deck (0-99).

    Two cards that look alike (two black Sword 4s) are different cards; order is
    the deck's order (type, then number or picture, then copy). Prints ``S4a``.
    Equality, hashing and order are the index's, written out (the generated
    ones build a tuple per comparison, and the rules sort and compare cards
    at every step).
    """

    index: int

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index == other.index  # type: ignore[attr-defined, no-any-return]

    def __hash__(self) -> int:
        return hash(self.index)

    def __lt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index < other.index  # type: ignore[no-any-return]

    def __le__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index <= other.index  # type: ignore[no-any-return]

    def __gt__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index > other.index  # type: ignore[no-any-return]

    def __ge__(self, other: Card) -> bool:
        if other.__class__ is not Card:
            return NotImplemented
        return self.index >= other.index  # type: ignore[no-any-return]

    @property
    def kind(self) -> int:
        """The kind's number 0-24 (see :data:`KINDS`)."""
        return _KIND_OF[self.index]

    @property
    def copy(self) -> int:
        """Which copy of its kind, 0-3 (printed ``a``-``d``)."""
        return _COPY_OF[self.index]

    @property
    def type(self) -> str:
        return _FACES[self.index].type

    @property
    def name(self) -> str:
        return _FACES[self.index].name

    @property
    def number(self) -> int | None:
        """1-7 for number cards, None for Items."""
        return _FACES[self.index].number

    @property
    def red(self) -> bool:
        return _FACES[self.index].red

    @property
    def value(self) -> int:
        """Advanced rules: the points when the condition is met (0: none)."""
        return _FACES[self.index].value

    @property
    def condition(self) -> str | None:
        """Advanced rules: the condition id (see :data:`CONDITIONS`), or None."""
        return _FACES[self.index].condition

    @property
    def instant_win(self) -> bool:
        """Advanced rules: meeting the condition wins the match at once."""
        return _FACES[self.index].instant_win

    @property
    def title(self) -> str:
        """The card in words for logs: ``Sword 4``, ``red Moon 5``, ``Crown``."""
        words = KINDS[self.kind].title
        return f"red {words}" if self.red else words

    def __str__(self) -> str:
        index = self.index
        if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(_FACES):
            return KINDS[_KIND_OF[index]].code + COPY_LETTERS[_COPY_OF[index]]
        return f"card {quote(index)}"  # a malformed card still prints

    def __repr__(self) -> str:
        return f"Card({self})"


#: the 100 cards in the deck's fixed order (deck.toml's)
DECK: tuple[Card, ...] = tuple(Card(i) for i in range(len(_FACES)))

_BY_CODE = {str(card): card for card in DECK}
_BY_INDEX = {card.index: card for card in DECK}
_KIND_BY_CODE = {kind.code: kind for kind in KINDS}


def card_malformed(value: object) -> str | None:
    """None when ``value`` is one of the deck's cards; otherwise why not, in words
    (for actions' ``malformed()``): a Card whose index is not a whole number in
    range, or not a Card at all."""
    if not isinstance(value, Card):
        return "That is not a card."
    index = value.index
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(DECK):
        return "There is no such card in the deck."
    return None


def distinct_cards(values: object) -> bool:
    """True when ``values`` is a tuple of different cards of the deck (what
    :func:`card_malformed` accepts, for a whole tuple in one pass: the rules'
    invariants ask it of every pile at every step)."""
    if type(values) is not tuple:
        return False
    indices: list[Any] = [c.index if type(c) is Card else None for c in values]
    if not set(map(type, indices)) <= {int} or len(set(indices)) != len(indices):
        return False
    return not indices or (min(indices) >= 0 and max(indices) < len(DECK))


def parse_kind(text: str) -> Kind:
    """``S4`` -> the Sword 4 kind; ``IC`` -> Crown. ValueError otherwise."""
    kind = _KIND_BY_CODE.get(text.strip())
    if kind is None:
        raise ValueError(f"not a kind: {text!r}")
    return kind


def parse_card(text: str) -> Card:
    """``S4a`` -> that card (the inverse of ``str(card)``). ValueError otherwise."""
    card = _BY_CODE.get(text.strip())
    if card is None:
        raise ValueError(f"not a card: {text!r}")
    return card


def cards_of(kind: int) -> tuple[Card, ...]:
    """The deck's copies of kind number ``kind``, in deck order."""
    return tuple(card for card in DECK if _KIND_OF[card.index] == kind)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated notation, for tests and tools: ``S4a`` is that
    card; a bare kind (``S4``) is the last copy of that kind not already named
    in ``text`` (black copies come before red ones this way: ``S4 S4 S4 S4`` is
    ``S4d S4c S4b S4a``). ValueError for unknown names or a card named twice."""
    words = text.split()
    named = {parse_card(w) for w in words if w in _BY_CODE}
    used: set[Card] = set()
    out: list[Card] = []
    for word in words:
        if word in _BY_CODE:
            card = _BY_CODE[word]
        else:
            kind = parse_kind(word)
            free = [c for c in reversed(cards_of(kind.index)) if c not in used and c not in named]
            if not free:
                raise ValueError(f"no copy of {word} left in {text!r}")
            card = free[0]
        if card in used:
            raise ValueError(f"{card} named twice in {text!r}")
        used.add(card)
        out.append(card)
    return tuple(out)


def set_words(cards: Sequence[Card]) -> str:
    """A set in words, for logs, hints and prompts: ``Moon 5-5-5``,
    ``Sword 3-4-5``, ``Crown x3``, and ``Moon 4+6`` for two cards."""
    ordered = sorted(cards)
    first = ordered[0]
    if first.number is None:
        return f"{KINDS[first.kind].title} x{len(ordered)}"
    joint = "-" if len(ordered) == 3 else "+"
    return f"{first.type} " + joint.join(str(c.number) for c in ordered)


def kinds_words(kinds: Sequence[Kind]) -> str:
    """Kinds in words, a type's numbers together: ``Sword 4 or 7, Crown``."""
    parts: list[str] = []
    by_type: dict[str, list[str]] = {}
    for kind in kinds:
        if kind.number is None:
            parts.append(kind.name)
        else:
            if kind.type not in by_type:
                by_type[kind.type] = []
                parts.append(kind.type)  # its place in the list; filled in below
            by_type[kind.type].append(kind.name)
    words = []
    for part in parts:
        if part in by_type:
            names = by_type[part]
            numbers = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]
            words.append(f"{part} {numbers}")
        else:
            words.append(part)
    return ", ".join(words)
