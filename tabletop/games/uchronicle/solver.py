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
  under which the new card does not beat it is no option. So the removal for
  a rules state does not depend on the card played: it is found once per
  position and shared by every card of the hand.
- Standard (declared ranks and suits, global across tricks): a uniform-cost
  search over the sets of cards removed, ordered by (cards removed,
  declarations, the declarations as bits). From a set that leaves some trick
  inconsistent, any fix must declare the rank or suit of a card still in that
  trick (otherwise the trick stays as it is), so only those declarations are
  branched on; which ones can follow depends only on the cards already gone,
  so each set of removed cards is searched once; and as adding declarations
  never removes fewer cards, the first consistent set popped is the cheapest.
  Declaring every suit empties the history but for the new card, so every
  rules state has an option. The card played is in hand, never in the
  history, so only the present trick's table (which removals leave it
  consistent with the card) depends on it: cards with the same table share
  the search.

tests/uchronicle/test_solver.py checks both against brute force over every
removal on small positions.

What is cached: a position's work (``_position``, keyed by the game kind, the
history's cards and the rules in force, so every card of a hand, and every
determinization of the same history, share it), each trick's cheapest cuts and
consistency tables (which do not change once the trick is over), and U3 on
card codes. All are pure functions of their keys; ``clear_caches`` empties
them.
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
_ORDER = {r: i for i, r in enumerate(_EXPERT_STATES)}
RuleKey = tuple[bool, int | None, int | None]


def _narrow(codes: tuple[int, ...], rules: RulesState) -> RuleKey:
    """The part of ``rules`` that can matter to these cards (a trump suit or
    rank none of them has is as good as none): fewer cache entries."""
    ts, tr = rules.trump_suit, rules.trump_rank
    if ts is not None and all(_SUIT[c] != ts for c in codes):
        ts = None
    if tr is not None and all(_RANK[c] != tr for c in codes):
        tr = None
    return rules.higher, ts, tr


def _cut(codes: tuple[int, ...], higher: bool, ts: int | None, tr: int | None) -> tuple[int, ...]:
    """The fewest cards to take out of one trick so that the rest is
    consistent; among equals, the earliest positions first."""
    n = len(codes)
    for size in range(n):
        for cut in itertools.combinations(range(n), size):
            kept = tuple(c for i, c in enumerate(codes) if i not in cut)
            if _ok(kept, higher, ts, tr):
                return tuple(codes[i] for i in cut)
    return codes  # not reached: a trick of one card is consistent


@lru_cache(maxsize=1 << 14)
def _narrow_cut(
    codes: tuple[int, ...], higher: bool, ts: int | None, tr: int | None
) -> tuple[int, ...]:
    return _cut(codes, higher, ts, tr)


@lru_cache(maxsize=1 << 16)
def _trick_cut(codes: tuple[int, ...], i: int) -> tuple[int, ...]:
    """A past trick's cheapest cut under expert rules state ``i`` (its index in
    ``rules_states(True)``), whatever else the history holds."""
    return _narrow_cut(codes, *_narrow(codes, _EXPERT_STATES[i]))


def _key(code: int, position: int, lead: int, higher: bool, ts: int | None, tr: int | None) -> Key:
    """``strength`` on a card code."""
    rank, suit = _RANK[code], _SUIT[code]
    if rank == tr:
        return (4, 0) if suit == ts else (3, position)
    if suit == ts:
        return (2, rank if higher else -rank)
    if suit == lead:
        return (1, rank if higher else -rank)
    return (0, 0)


_TRIPLES = {
    expert: tuple((r.higher, r.trump_suit, r.trump_rank) for r in rules_states(expert))
    for expert in (False, True)
}


@lru_cache(maxsize=1 << 12)
def _tops(present: tuple[int, ...], expert: bool) -> tuple[Key | None, ...]:
    """Per rules state (in the order of ``rules_states``): the key a new card
    must beat in the present trick as it stands, ``(0, 0)`` when it is empty,
    None when the trick already breaks that state (no card can then win)."""
    triples = _TRIPLES[expert]
    if not present:
        return ((0, 0),) * len(triples)
    lead = _SUIT[present[0]]
    suits, ranks = {_SUIT[c] for c in present}, {_RANK[c] for c in present}
    memo: dict[RuleKey, Key | None] = {}
    out: list[Key | None] = []
    for higher, ts, tr in triples:
        # a trump suit or rank no card here has is as good as none
        narrow = (higher, ts if ts in suits else None, tr if tr in ranks else None)
        if narrow not in memo:
            top: Key | None = (0, 0)
            for position, code in enumerate(present):
                key = _key(code, position, lead, *narrow)
                if top is not None and key <= top:
                    top = None  # U3: each card must beat the one before it
                    break
                top = key
            memo[narrow] = top
        out.append(memo[narrow])
    return tuple(out)


@lru_cache(maxsize=1 << 14)
def _winners(present: tuple[int, ...], card: int) -> tuple[int, ...]:
    """The expert rules states (indices) under which ``card`` wins the present
    trick as it stands (expert removals never touch it): ``_key`` written out,
    as this runs for every card of every hand."""
    if not present:
        return tuple(range(len(_EXPERT_STATES)))
    tops = _tops(present, True)
    lead, position = _SUIT[present[0]], len(present)
    rank, suit = _RANK[card], _SUIT[card]
    found = []
    key: Key
    for i, (higher, ts, tr) in enumerate(_TRIPLES[True]):
        top = tops[i]
        if top is None:
            continue
        if rank == tr:
            key = (4, 0) if suit == ts else (3, position)
        elif suit == ts:
            key = (2, rank if higher else -rank)
        elif suit == lead:
            key = (1, rank if higher else -rank)
        else:
            continue
        if key > top:
            found.append(i)
    return tuple(found)


class _Base:
    """What both games' positions share: their plays, card by card."""

    def __init__(self) -> None:
        self._plays: dict[Card, tuple[Play, ...]] = {}

    def options(self, card: int) -> list[Option]:
        raise NotImplementedError

    def plays(self, card: Card) -> tuple[Play, ...]:
        found = self._plays.get(card)
        if found is None:
            found = tuple(Play(card, o.rules, o.removal) for o in self.options(_code(card)))
            self._plays[card] = found
        return found


class _Expert(_Base):
    """One expert position's options, built once per history and rules state
    (see ``_position``): the past tricks' cheapest cuts per rules state do not
    depend on the card played, so they are summed once; a card then only
    filters the rules states by the present trick."""

    def __init__(self, past: tuple[tuple[int, ...], ...], present: tuple[int, ...], now: int):
        super().__init__()
        self.past, self.present, self.now = past, present, now
        self._options: dict[int, Option] = {}
        self._sorted: tuple[int, ...] | None = None
        self._per_card: dict[int, list[Option]] = {}

    def option(self, i: int) -> Option:
        """Rules state ``i``'s cheapest removal (for any card that wins the
        present trick under it)."""
        found = self._options.get(i)
        if found is None:
            codes = sorted(c for t in self.past for c in _trick_cut(t, i))
            pick = Pick.trusted(tuple([_decode(c) for c in codes]))  # code order is card order
            found = Option(_EXPERT_STATES[i], pick, len(codes), pick.cards)
            self._options[i] = found
        return found

    def ranked(self) -> tuple[int, ...]:
        """Every rules state, cheapest first; among equal costs the present
        rules first, then the order of ``rules_states``."""
        if self._sorted is None:
            costs = [
                sum(len(_trick_cut(t, i)) for t in self.past) for i in range(len(_EXPERT_STATES))
            ]
            self._sorted = tuple(
                sorted(range(len(costs)), key=lambda i: (costs[i], i != self.now, i))
            )
        return self._sorted

    def winning(self, card: int) -> tuple[int, ...]:
        return _winners(self.present, card)

    def options(self, card: int) -> list[Option]:
        found = self._per_card.get(card)
        if found is None:
            wins = set(self.winning(card))
            found = [self.option(i) for i in self.ranked() if i in wins]
            self._per_card[card] = found
        return found


class _Standard(_Base):
    """One standard position's options, built once per history and rules
    state (see ``_position``). The history as bitmasks: bit ``i`` is the
    ``i``-th history card (the card being played is in hand, so it is none of
    them); a declaration (0-5 for ranks 1-6, 6-10 for suits A-E) is the mask of
    the cards it takes. Only the present trick's row of the table (which
    removals leave it consistent) depends on the card played, and cards with
    the same row share every search."""

    def __init__(self, past: tuple[tuple[int, ...], ...], present: tuple[int, ...], now: int):
        super().__init__()
        self.past, self.present, self.now = past, present, now
        self.codes: list[int] = []
        self.spans: list[tuple[int, int]] = []
        for trick in (*past, present):
            self.spans.append((len(self.codes), len(trick)))
            self.codes.extend(trick)
        self.takes = [0] * 11
        for i, code in enumerate(self.codes):
            self.takes[_RANK[code] - 1] |= 1 << i
            self.takes[6 + _SUIT[code]] |= 1 << i
        # the declarations that can touch a card, per card bit
        self.touch = [(_RANK[c] - 1, 6 + _SUIT[c]) for c in self.codes]
        self._found: dict[tuple[int, tuple[bool, ...]], Option] = {}
        self._per_card: dict[int, list[Option]] = {}

    def present_row(self, i: int, card: int) -> tuple[bool, ...]:
        return _row(self.present, card, i)

    def cheapest(self, i: int, card: int) -> Option:
        row = self.present_row(i, card)
        found = self._found.get((i, row))
        if found is None:
            found = self._search(i, row)
            self._found[(i, row)] = found
        return found

    def _search(self, i: int, present_row: tuple[bool, ...]) -> Option:
        """Uniform-cost search over the cards removed (see the module
        docstring): which declarations can follow depends only on the cards
        already gone, so each set of removed cards is searched once, reached
        by the first set of declarations that takes it."""
        rows = [_row(t, None, i) for t in self.past] + [present_row]
        # only tricks that some removal could leave inconsistent are looked at
        spans = [
            (row, offset, (1 << n) - 1)
            for row, (offset, n) in zip(rows, self.spans, strict=True)
            if not all(row)
        ]
        heap: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)]
        seen = {0}
        while heap:
            cost, _, decls, removed = heapq.heappop(heap)
            bad = None
            for row, offset, mask in spans:
                if not row[removed >> offset & mask]:
                    bad = offset, mask.bit_length()
                    break
            if bad is None:
                return self._option(i, decls, removed, cost)
            offset, n = bad
            for b in range(offset, offset + n):
                if removed >> b & 1:
                    continue
                for d in self.touch[b]:
                    gone = removed | self.takes[d]
                    if gone in seen:
                        continue
                    seen.add(gone)
                    new = decls | 1 << d
                    heapq.heappush(heap, (gone.bit_count(), new.bit_count(), new, gone))
        raise AssertionError("declaring every suit always works")

    def _option(self, i: int, decls: int, removed: int, cost: int) -> Option:
        ids = [d for d in range(11) if decls >> d & 1]
        taken = tuple(sorted(_decode(c) for b, c in enumerate(self.codes) if removed >> b & 1))
        ranks = tuple(d + 1 for d in ids if d < 6)
        suits = tuple(d - 6 for d in ids if d >= 6)
        return Option(_STANDARD_STATES[i], Declare.trusted(ranks, suits), cost, taken)

    def options(self, card: int) -> list[Option]:
        found = self._per_card.get(card)
        if found is None:
            found = [self.cheapest(i, card) for i in range(len(_STANDARD_STATES))]
            found.sort(key=lambda o: (o.cost, _ORDER[o.rules] != self.now, _ORDER[o.rules]))
            self._per_card[card] = found
        return found


@lru_cache(maxsize=1 << 16)
def _row(trick: tuple[int, ...], card: int | None, i: int) -> tuple[bool, ...]:
    """Under standard rules state ``i``, per subset of ``trick`` removed (bit
    ``b``: its ``b``-th card): is the rest, with ``card`` after it, consistent?"""
    n = len(trick)
    rk = _narrow(trick if card is None else (*trick, card), _STANDARD_STATES[i])
    row = []
    for local in range(1 << n):
        kept = tuple([c for b, c in enumerate(trick) if not local >> b & 1])
        if card is not None:
            kept += (card,)
        row.append(_ok(kept, *rk))
    return tuple(row)


@lru_cache(maxsize=128)
def _position(
    expert: bool, past: tuple[tuple[int, ...], ...], present: tuple[int, ...], now: int
) -> _Expert | _Standard:
    """A position's options, shared by every call about it: the cards of one
    hand, and the same history seen through several determinizations."""
    return (_Expert if expert else _Standard)(past, present, now)


def _context(state: UchronicleState) -> _Expert | _Standard:
    past = tuple(tuple([_code(p.card) for p in t]) for t in state.tricks)
    present = tuple([_code(p.card) for p in state.trick])
    return _position(state.expert, past, present, _ORDER.get(state.rules, -1))


def clear_caches() -> None:
    """Forget every cached result (the bench times the solver cold)."""
    for cached in (
        _ok,
        _narrow_cut,
        _trick_cut,
        _tops,
        _winners,
        _row,
        _position,
    ):
        cached.cache_clear()


def options(state: UchronicleState, card: Card) -> list[Option]:
    """Every rules state that can make ``card`` win the present trick, each with
    its cheapest removal, cheapest first; among equal costs, keeping the
    present rules first, then the order of :func:`rules_states`."""
    return list(_context(state).options(_code(card)))


def plays(state: UchronicleState, card: Card) -> tuple[Play, ...]:
    """:func:`options` as the plays of ``card`` they make, in their order
    (``legal_actions`` is these, card by card; kept with the position, so a
    hand asked about again, or through another determinization, costs a
    look-up)."""
    return _context(state).plays(card)


def winning_rules(state: UchronicleState, card: Card) -> tuple[RulesState, ...]:
    """The rules states that can make ``card`` win, in the order of
    :func:`rules_states`, without finding their removals: in the standard game
    every one (declaring every suit leaves only the card), in the expert game
    those under which it beats the present trick as it stands."""
    if not state.expert:
        return _STANDARD_STATES
    present = tuple([_code(p.card) for p in state.trick])
    return tuple(_EXPERT_STATES[i] for i in _winners(present, _code(card)))


def cheapest(state: UchronicleState, card: Card, rules: RulesState) -> Option | None:
    """The cheapest removal that makes ``card`` win under ``rules``, or None."""
    context = _context(state)
    code = _code(card)
    if isinstance(context, _Expert):
        i = _ORDER[rules]
        return context.option(i) if i in context.winning(code) else None
    if rules.trump_rank is not None:
        return None
    return context.cheapest(_STANDARD_STATES.index(rules), code)


def dead_end(state: UchronicleState, hand: Sequence[Card]) -> bool:
    """U7: in the expert game, no card of ``hand`` can win under any rules state
    (past tricks can always be cut to one card, so only the present trick
    matters)."""
    if not state.expert:
        return False
    present = tuple([_code(p.card) for p in state.trick])
    return not any(_winners(present, _code(card)) for card in hand)


# -- one concrete removal -------------------------------------------------------


def _past(state: UchronicleState) -> tuple[tuple[Card, ...], ...]:
    return tuple(_cards(t) for t in state.tricks)


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
    past = [[_code(p.card) for p in t] for t in state.tricks]
    present = [_code(p.card) for p in state.trick]
    card = _code(play_card)
    if isinstance(removal, Pick):
        in_past = {c for t in past for c in t}
        gone = set()
        for c in removal.cards:
            code = _code(c)
            if code in present:
                return f"{c} is in the present trick: only cards of past tricks can be removed."
            if code not in in_past:
                return f"{c} is not in the history of this round."
            gone.add(code)
    else:
        ranks, suits = set(removal.ranks), set(removal.suits)
        gone = {c for t in (*past, present) for c in t if _RANK[c] in ranks or _SUIT[c] in suits}
    gone.discard(card)
    tricks = [*past, [*present, card]]
    rk = _rkey(rules)
    for index, codes in enumerate(tricks):
        kept_codes = tuple([c for c in codes if c not in gone])
        if _ok(kept_codes, *rk):
            continue
        # say which card would beat which (a rare path: on cards, for words)
        kept = [_decode(c) for c in kept_codes]
        lead = kept[0].suit
        keys = [strength(c, i, lead, rules) for i, c in enumerate(kept)]
        for i in range(1, len(kept)):
            j = max(range(i), key=lambda k: keys[k])
            if keys[i][0] == 0 or keys[i] <= keys[j]:
                if index == len(tricks) - 1 and kept[i] == play_card:
                    return (
                        f"{kept[j]} would still beat your card {play_card} under {rules.words()}."
                    )
                where = _trick_name(index, len(tricks) - 1)
                return f"{kept[j]} would beat {kept[i]} in {where} under {rules.words()}."
    return None


__all__ = [
    "Option",
    "check_removal",
    "cheapest",
    "clear_caches",
    "consistent",
    "dead_end",
    "options",
    "plays",
    "rules_states",
    "strength",
    "strength_order",
    "taken_by",
    "trick_consistent",
    "winning_rules",
]
