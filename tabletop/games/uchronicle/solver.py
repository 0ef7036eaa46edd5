"""Which rules states and removals make a card win (rulings U2-U7).

:func:`strength_order` ranks a trick's cards (U2); :func:`consistent` says
whether tricks agree with a rules state (U3); :func:`options` lists, for a card
about to be played, every rules state that can make it win with the cheapest
removal for it (U4-U6); :func:`check_removal` judges one concrete removal.

Every card's strength is a key, compared as a tuple: ``(4, 0)`` trump suit
and trump rank; ``(3, position)`` trump rank only (the later card wins);
``(2, r)`` trump suit; ``(1, r)`` the suit of the trick's first card; ``(0, 0)``
anything else, which beats nothing. ``r`` is the rank, negated when the lower
rank wins. A trick is consistent when its keys strictly increase in play order.

How the cheapest removal is found:

- Expert (single cards from past tricks, U5): under a fixed rules state the
  tricks are independent, so the cheapest removal is the union of each past
  trick's cheapest removal (a trick holds at most 3 cards: its subsets are
  tried smallest first). The present trick is taken as it is: a rules state
  under which it is not consistent with the new card is no option.
- Standard (declared ranks and suits, global across tricks): a uniform-cost
  search over the sets of cards removed, ordered by (cards removed,
  declarations, the declarations as bits). From a set that leaves some trick
  inconsistent, any fix must declare the rank or suit of a card still in that
  trick (otherwise the trick stays as it is), so only those declarations are
  branched on; which ones can follow depends only on the cards already gone,
  so each set of removed cards is searched once; and as adding declarations
  never removes fewer cards, the first consistent set popped is the cheapest.
  Declaring every suit empties the history but for the new card, so every
  rules state has an option. tests/uchronicle/test_solver.py checks both
  against brute force over every removal on small positions.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from tabletop.games.uchronicle.model import (
    RANKS,
    SUITS,
    Card,
    Declare,
    Pick,
    Play,
    Played,
    Removal,
    RulesState,
    UchronicleState,
)

Key = tuple[int, int]


def strength(card: Card, position: int, lead_suit: int, rules: RulesState) -> Key:
    """The strength key of ``card``, played at ``position`` in a trick whose
    first card is of ``lead_suit`` (U2)."""
    r = card.rank if rules.higher else -card.rank
    if rules.trump_rank is not None and card.rank == rules.trump_rank:
        if card.suit == rules.trump_suit:
            return (4, 0)
        return (3, position)
    if card.suit == rules.trump_suit:
        return (2, r)
    if card.suit == lead_suit:
        return (1, r)
    return (0, 0)


def _cards(trick: Iterable[Card | Played]) -> tuple[Card, ...]:
    return tuple(c.card if isinstance(c, Played) else c for c in trick)


def strength_order(trick: Iterable[Card | Played], rules: RulesState) -> tuple[Card, ...]:
    """The trick's cards, strongest first (U2); cards of neither a trump nor the
    first card's suit come last, in play order (none of them beats anything)."""
    cards = _cards(trick)
    if not cards:
        return ()
    keys = [strength(c, i, cards[0].suit, rules) for i, c in enumerate(cards)]
    order = sorted(range(len(cards)), key=lambda i: (keys[i][0] == 0, -keys[i][0], -keys[i][1], i))
    return tuple(cards[i] for i in order)


# Inside, a card is its code ``suit * 6 + rank - 1`` (hashing small ints and
# tuples of them is what keeps the caches cheap) and a rules state the triple
# (higher, trump suit, trump rank).
_SUIT = tuple(code // 6 for code in range(30))
_RANK = tuple(code % 6 + 1 for code in range(30))


def _code(card: Card) -> int:
    return card.suit * 6 + card.rank - 1


def _decode(code: int) -> Card:
    return Card(_SUIT[code], _RANK[code])


@lru_cache(maxsize=1 << 17)
def _ok(codes: tuple[int, ...], higher: bool, ts: int | None, tr: int | None) -> bool:
    """U3 on card codes: each card's key beats the one before it."""
    if len(codes) <= 1:
        return True
    lead = _SUIT[codes[0]]
    prev: Key = (0, 0)
    for position, code in enumerate(codes):
        rank, suit = _RANK[code], _SUIT[code]
        if rank == tr:
            key: Key = (4, 0) if suit == ts else (3, position)
        elif suit == ts:
            key = (2, rank if higher else -rank)
        elif suit == lead:
            key = (1, rank if higher else -rank)
        else:
            return False  # a card of no class after the first beats nothing
        if key <= prev:
            return False
        prev = key
    return True


def _rkey(rules: RulesState) -> tuple[bool, int | None, int | None]:
    return rules.higher, rules.trump_suit, rules.trump_rank


def trick_consistent(trick: Iterable[Card | Played], rules: RulesState) -> bool:
    """U3: each card beats every card played before it in the trick."""
    return _ok(tuple(_code(c) for c in _cards(trick)), *_rkey(rules))


def consistent(history: Iterable[Iterable[Card | Played]], rules: RulesState) -> bool:
    """U3 for every trick of ``history``."""
    return all(trick_consistent(t, rules) for t in history)


# -- options -------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """A way to make a card win: the ``rules`` to designate, the ``removal``
    that goes with it, and its ``cost`` (the cards taken, ``taken``)."""

    rules: RulesState
    removal: Removal
    cost: int
    taken: tuple[Card, ...]


def rules_states(expert: bool) -> tuple[RulesState, ...]:
    """Every rules state of the game, in the stable order options use: higher
    before lower, no trump before suits A-E, no trump rank before ranks 1-6."""
    suits: list[int | None] = [None, *SUITS]
    ranks: list[int | None] = [None, *RANKS] if expert else [None]
    return tuple(RulesState(h, s, r) for h in (True, False) for s in suits for r in ranks)


_EXPERT_STATES = rules_states(True)
_STANDARD_STATES = rules_states(False)


@lru_cache(maxsize=1 << 17)
def _cheapest_cut(
    codes: tuple[int, ...], higher: bool, ts: int | None, tr: int | None
) -> tuple[int, ...]:
    """The fewest cards to take out of one trick so that the rest is
    consistent; among equals, the earliest positions first."""
    n = len(codes)
    for size in range(n):
        for cut in itertools.combinations(range(n), size):
            kept = tuple(c for i, c in enumerate(codes) if i not in cut)
            if _ok(kept, higher, ts, tr):
                return tuple(codes[i] for i in cut)
    return codes  # not reached: a trick of one card is consistent


_Prepped = tuple[tuple[int, ...], frozenset[int], frozenset[int]]


def _prep(codes: tuple[int, ...]) -> _Prepped:
    """A trick's codes with its suits and ranks, to narrow rules states."""
    return codes, frozenset(_SUIT[c] for c in codes), frozenset(_RANK[c] for c in codes)


def _narrow(trick: _Prepped, rules: RulesState) -> tuple[bool, int | None, int | None]:
    """The part of ``rules`` that can matter to the trick (a trump suit or rank
    none of its cards has is as good as none): fewer cache entries."""
    _, suits, ranks = trick
    ts = rules.trump_suit if rules.trump_suit in suits else None
    tr = rules.trump_rank if rules.trump_rank in ranks else None
    return rules.higher, ts, tr


def _expert_option(past: Sequence[_Prepped], present: _Prepped, rules: RulesState) -> Option | None:
    if not _ok(present[0], *_narrow(present, rules)):
        return None
    taken: list[int] = []
    for trick in past:
        taken.extend(_cheapest_cut(trick[0], *_narrow(trick, rules)))
    cards = tuple(sorted(_decode(c) for c in taken))
    return Option(rules, Pick(cards), len(cards), cards)


class _Declarations:
    """One position's history as bitmasks, for the standard game's search:
    bit ``i`` is the ``i``-th history card (the played card excluded); a
    declaration (ranks 0-5 for ranks 1-6, 6-10 for suits A-E) is the mask of
    the cards it takes."""

    def __init__(self, tricks: tuple[tuple[int, ...], ...], card: int) -> None:
        self.card = card
        self.codes: list[int] = []
        self.spans: list[tuple[int, int, tuple[int, ...], bool]] = []
        for t, trick in enumerate(tricks):
            own = tuple(c for c in trick if c != card)
            self.spans.append((len(self.codes), len(own), own, t == len(tricks) - 1))
            self.codes.extend(own)
        self.takes = [0] * 11
        for i, code in enumerate(self.codes):
            self.takes[_RANK[code] - 1] |= 1 << i
            self.takes[6 + _SUIT[code]] |= 1 << i
        self.prepped = [_prep(t) for t in tricks]
        # the declarations that can touch a card, per card bit
        self.touch = [(_RANK[c] - 1, 6 + _SUIT[c]) for c in self.codes]

    def table(self, rules: RulesState) -> list[list[bool]]:
        """Per trick, per removed subset of its cards: is the rest consistent?"""
        out = []
        for (_, n, own, present), prepped in zip(self.spans, self.prepped, strict=True):
            rk = _narrow(prepped, rules)
            row = []
            for local in range(1 << n):
                kept = tuple(c for i, c in enumerate(own) if not local >> i & 1)
                if present:
                    kept += (self.card,)
                row.append(_ok(kept, *rk))
            out.append(row)
        return out

    def cheapest(self, rules: RulesState) -> Option:
        """Uniform-cost search over the cards removed (see the module
        docstring): which declarations can follow depends only on the cards
        already gone, so each set of removed cards is searched once, reached
        by the first set of declarations that takes it."""
        ok = self.table(rules)
        # only tricks that some removal could leave inconsistent are looked at
        spans = [(t, *span) for t, span in enumerate(self.spans) if not all(ok[t])]
        heap: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        seen = {0}
        while heap:
            cost, _, decls, removed = heapq.heappop(heap)
            bad = None
            for t, offset, n, _, _ in spans:
                if not ok[t][removed >> offset & ((1 << n) - 1)]:
                    bad = offset, n
                    break
            if bad is None:
                return self._option(rules, decls, removed, cost)
            offset, n = bad
            for i in range(offset, offset + n):
                if removed >> i & 1:
                    continue
                for d in self.touch[i]:
                    gone = removed | self.takes[d]
                    if gone in seen:
                        continue
                    seen.add(gone)
                    new = decls | 1 << d
                    heapq.heappush(heap, (gone.bit_count(), new.bit_count(), new, gone))
        raise AssertionError("declaring every suit always works")

    def _option(self, rules: RulesState, decls: int, removed: int, cost: int) -> Option:
        ids = [d for d in range(11) if decls >> d & 1]
        taken = tuple(sorted(_decode(c) for i, c in enumerate(self.codes) if removed >> i & 1))
        ranks = tuple(d + 1 for d in ids if d < 6)
        suits = tuple(d - 6 for d in ids if d >= 6)
        return Option(rules, Declare(ranks, suits), cost, taken)


def _past(state: UchronicleState) -> tuple[tuple[Card, ...], ...]:
    return tuple(_cards(t) for t in state.tricks)


def _coded(
    state: UchronicleState, card: Card
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
    past = tuple(tuple(_code(p.card) for p in t) for t in state.tricks)
    return past, tuple(_code(p.card) for p in state.trick) + (_code(card),)


def options(state: UchronicleState, card: Card) -> list[Option]:
    """Every rules state that can make ``card`` win the present trick, each with
    its cheapest removal, cheapest first; among equal costs, keeping the
    present rules first, then the order of :func:`rules_states`."""
    past, present = _coded(state, card)
    found: list[Option] = []
    if state.expert:
        prepped, now = [_prep(t) for t in past], _prep(present)
        for rules in _EXPERT_STATES:
            option = _expert_option(prepped, now, rules)
            if option is not None:
                found.append(option)
    else:
        search = _Declarations((*past, present), _code(card))
        found = [search.cheapest(rules) for rules in _STANDARD_STATES]
    order = {r: i for i, r in enumerate(_EXPERT_STATES)}
    found.sort(key=lambda o: (o.cost, o.rules != state.rules, order[o.rules]))
    return found


def cheapest(state: UchronicleState, card: Card, rules: RulesState) -> Option | None:
    """The cheapest removal that makes ``card`` win under ``rules``, or None."""
    past, present = _coded(state, card)
    if state.expert:
        return _expert_option([_prep(t) for t in past], _prep(present), rules)
    return _Declarations((*past, present), _code(card)).cheapest(rules)


def dead_end(state: UchronicleState, hand: Sequence[Card]) -> bool:
    """U7: in the expert game, no card of ``hand`` can win under any rules state
    (past tricks can always be cut to one card, so only the present trick
    matters)."""
    if not state.expert:
        return False
    present = _cards(state.trick)
    return not any(
        trick_consistent((*present, card), rules) for card in hand for rules in _EXPERT_STATES
    )


# -- one concrete removal -------------------------------------------------------


def taken_by(state: UchronicleState, card: Card, removal: Removal) -> tuple[Card, ...]:
    """The history cards ``removal`` takes when ``card`` is played (sorted);
    for a Pick, the picked cards that are in the history."""
    history = [c for t in (*_past(state), _cards(state.trick)) for c in t]
    if isinstance(removal, Declare):
        return tuple(sorted(c for c in history if c != card and removal.takes(c)))
    return tuple(sorted(c for c in removal.cards if c in history))


def _trick_name(index: int, count: int) -> str:
    return "the present trick" if index == count else f"trick {index + 1}"


def check_removal(state: UchronicleState, play: Play) -> str | None:
    """Why ``play`` (its card, rules state and removal) would not make its card
    win: the wrong kind of removal, cards that cannot be picked, or a trick that
    would not agree with the rules; None when it does. The play's shape and
    whether the card is in hand are the caller's to check first."""
    play_card, rules, removal = play.card, play.rules, play.removed
    if state.expert and not isinstance(removal, Pick):
        return "In the expert game, remove single cards from past tricks."
    if not state.expert and not isinstance(removal, Declare):
        return "In the standard game, remove by declaring ranks and suits."
    past = _past(state)
    if isinstance(removal, Pick):
        in_past = {c for t in past for c in t}
        for c in removal.cards:
            if any(p.card == c for p in state.trick):
                return f"{c} is in the present trick: only cards of past tricks can be removed."
            if c not in in_past:
                return f"{c} is not in the history of this round."
    ranks, suits = (
        (frozenset(removal.ranks), frozenset(removal.suits))
        if isinstance(removal, Declare)
        else (frozenset(), frozenset())
    )
    picked = set(removal.cards) if isinstance(removal, Pick) else set()
    tricks = (*past, _cards(state.trick) + (play_card,))
    for index, trick in enumerate(tricks):
        kept = tuple(
            c
            for c in trick
            if c == play_card or not (c.rank in ranks or c.suit in suits or c in picked)
        )
        if trick_consistent(kept, rules):
            continue
        lead = kept[0].suit
        keys = [strength(c, i, lead, rules) for i, c in enumerate(kept)]
        for i in range(1, len(kept)):
            j = max(range(i), key=lambda k: keys[k])
            if keys[i][0] == 0 or keys[i] <= keys[j]:
                if index == len(tricks) - 1 and kept[i] == play_card:
                    return f"{kept[j]} would still beat your card {play_card} under {rules}."
                where = _trick_name(index, len(tricks) - 1)
                return f"{kept[j]} would beat {kept[i]} in {where} under {rules}."
    return None


__all__ = [
    "Option",
    "check_removal",
    "cheapest",
    "consistent",
    "dead_end",
    "options",
    "rules_states",
    "strength",
    "strength_order",
    "taken_by",
    "trick_consistent",
]
