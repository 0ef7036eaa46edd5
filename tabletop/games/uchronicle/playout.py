"""A fast private board for the hard bot's playouts (STYLE 4: a bot's fast
mutable board, held equal to the rules by tests/uchronicle/test_playout.py).

A :class:`Board` is one round of a full state (a determinization) as plain
lists of card codes (``suit * 6 + rank - 1``): the finished tricks and the
present one as they stand after removals, each seat's hand, the deck (2
players), this round's points, the lead and the seat to move. It keeps no
rules state: what a play costs never depends on the rules in force (the next
player may designate any rules the history agrees with, U3-U4), only on the
history, so a board plays a card with the cards it takes and nothing else.

Which rules states a trick agrees with is a bit mask (bit ``i``: the game's
``solver.rules_states(expert)[i]``), built from the masks of its consecutive
pairs (:func:`pair_mask`): a trick is consistent when each card beats the one
before it, and whether one card's strength beats another's depends only on
the two cards and the trick's first suit (of two trump-rank cards the later
wins, U2, so positions never decide). The cheapest removal of a card that
does not win for free is found on bit sets (below): the same cost as the
solver's ``options``, at a fraction of its time, as a playout asks it of
every card of a hand at every paid play.
"""

from __future__ import annotations

from functools import lru_cache
from random import Random  # the type only: generators come from core.rng

from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import TRICKS_PER_ROUND, Card, UchronicleState

SUIT = tuple(code // 6 for code in range(30))
RANK = tuple(code % 6 + 1 for code in range(30))
#: every rules state as (higher, trump suit, trump rank), standard (False)
#: and expert (True), in the solver's order (the bits of every mask here)
TRIPLES = {
    expert: tuple((r.higher, r.trump_suit, r.trump_rank) for r in solver.rules_states(expert))
    for expert in (False, True)
}
FULL = {expert: (1 << len(TRIPLES[expert])) - 1 for expert in (False, True)}

_PAIRS: dict[tuple[bool, int, int, int], int] = {}
_TRICKS: dict[tuple[bool, tuple[int, ...]], int] = {}


def _key(
    code: int, lead: int, later: bool, higher: bool, ts: int | None, tr: int | None
) -> tuple[int, int]:
    """``solver.strength`` on a code; of two trump-rank cards the ``later``
    one is the stronger (U2)."""
    rank, suit = RANK[code], SUIT[code]
    if rank == tr:
        return (4, 0) if suit == ts else (3, int(later))
    if suit == ts:
        return (2, rank if higher else -rank)
    if suit == lead:
        return (1, rank if higher else -rank)
    return (0, 0)


def pair_mask(expert: bool, lead: int, prev: int, nxt: int) -> int:
    """The rules states (bits) under which card ``nxt``, played after
    ``prev`` in a trick whose first card is of suit ``lead``, beats it."""
    k = (expert, lead, prev, nxt)
    found = _PAIRS.get(k)
    if found is None:
        found = 0
        for i, (higher, ts, tr) in enumerate(TRIPLES[expert]):
            if _key(nxt, lead, True, higher, ts, tr) > _key(prev, lead, False, higher, ts, tr):
                found |= 1 << i
        _PAIRS[k] = found
    return found


def trick_mask(expert: bool, codes: tuple[int, ...]) -> int:
    """The rules states (bits) the trick of these codes, in play order, is
    consistent with (U3): every card beats the one before it."""
    k = (expert, codes)
    found = _TRICKS.get(k)
    if found is None:
        found = FULL[expert]
        if len(codes) > 1:
            lead = SUIT[codes[0]]
            for a, b in zip(codes, codes[1:]):
                found &= pair_mask(expert, lead, a, b)
        _TRICKS[k] = found
    return found


def clear_caches() -> None:
    """Forget every mask kept (the bench times the bots cold)."""
    for cache in (_PAIRS, _TRICKS, _STD_TRICKS, _STD_PRESENT, _EXP_TRICKS):
        cache.clear()
    _expert_cut.cache_clear()


# -- the cheapest removal, as bit sets --------------------------------------------
#
# Standard game (U5): a removal is a set D of declarations, 0-5 for ranks 1-6
# and 6-10 for suits A-E, 2048 sets in all. A set of sets is a 2048-bit int
# (bit D), so one int operation asks a question of every removal at once: for
# each history card, the removals that take it (``_TAKES``); for each trick
# and rules state, the removals that leave the trick consistent; for the
# history, the cost of every removal as bit slices (slice b holds bit b of the
# count of cards it takes). The cheapest removal that makes a card win is
# then the least cost over the removals that every trick allows under some
# rules state: a descent over the slices, highest first.
#
# Expert game (U5): removals are single cards of past tricks, and under one
# rules state each past trick's cheapest cut is its own (at most 2 of its 3
# cards), so a rules state's cost is the sum over the tricks: kept as bit
# slices over the 84 rules states, and a card's cheapest play is the least
# sum over the states under which it beats the present trick as it stands.

DECLARATIONS = 11
_ALL_D = (1 << (1 << DECLARATIONS)) - 1
_TAKES: list[int] = []
_STD_TRICKS: dict[tuple[int, ...], tuple[int, ...]] = {}
_STD_PRESENT: dict[tuple[tuple[int, ...], int], tuple[int, ...]] = {}
_EXP_TRICKS: dict[tuple[int, ...], tuple[int, int]] = {}
#: bits enough for any count of cards taken (at most 29)
SLICES = 5


def _takes() -> list[int]:
    """Per card code, the removals (bits of the 2048) that take it: those
    declaring its rank or its suit. Built on first use."""
    if not _TAKES:
        declaring = []
        for d in range(DECLARATIONS):
            mask = 0
            for removal in range(1 << DECLARATIONS):
                if removal >> d & 1:
                    mask |= 1 << removal
            declaring.append(mask)
        _TAKES.extend(declaring[RANK[c] - 1] | declaring[6 + SUIT[c]] for c in range(30))
    return _TAKES


def _kept_terms(trick: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
    """Per subset of ``trick``'s cards kept, those cards and the removals that
    keep exactly them."""
    takes = _takes()
    out = []
    n = len(trick)
    for kept_bits in range(1 << n):
        term = _ALL_D
        kept = []
        for j, c in enumerate(trick):
            if kept_bits >> j & 1:
                term &= ~takes[c]
                kept.append(c)
            else:
                term &= takes[c]
        out.append((tuple(kept), term & _ALL_D))
    return out


def standard_trick(trick: tuple[int, ...]) -> tuple[int, ...]:
    """Per standard rules state, the removals that leave this past trick
    consistent."""
    found = _STD_TRICKS.get(trick)
    if found is None:
        ok = [0] * len(TRIPLES[False])
        for kept, term in _kept_terms(trick):
            states = trick_mask(False, kept)
            for i in range(len(ok)):
                if states >> i & 1:
                    ok[i] |= term
        found = _STD_TRICKS[trick] = tuple(ok)
    return found


def standard_present(present: tuple[int, ...], card: int) -> tuple[int, ...]:
    """Per standard rules state, the removals after which ``card`` beats
    what is left of the present trick (the card played is never taken)."""
    k = (present, card)
    found = _STD_PRESENT.get(k)
    if found is None:
        ok = [0] * len(TRIPLES[False])
        for kept, term in _kept_terms(present):
            states = trick_mask(False, (*kept, card))
            for i in range(len(ok)):
                if states >> i & 1:
                    ok[i] |= term
        found = _STD_PRESENT[k] = tuple(ok)
    return found


def _add(slices: list[int], bits: int, at: int = 0) -> None:
    """Add ``1 << at`` at each of ``bits`` to the count held as ``slices``."""
    carry = bits
    for b in range(at, len(slices)):
        if not carry:
            return
        slices[b], carry = slices[b] ^ carry, slices[b] & carry


def _least(slices: list[int], among: int) -> tuple[int, int]:
    """The least count over the bits of ``among`` (not 0) and those bits."""
    count = 0
    for b in range(len(slices) - 1, -1, -1):
        low = among & ~slices[b]
        if low:
            among = low
        else:
            count |= 1 << b
    return count, among


def expert_trick(trick: tuple[int, ...]) -> tuple[int, int]:
    """A past trick's cheapest cut per expert rules state, as two bit masks
    over the states: bit 0 and bit 1 of the count of cards cut."""
    found = _EXP_TRICKS.get(trick)
    if found is None:
        cost = [2] * len(TRIPLES[True])
        n = len(trick)
        for kept_bits in range((1 << n) - 1, -1, -1):
            kept = tuple(c for j, c in enumerate(trick) if kept_bits >> j & 1)
            states = trick_mask(True, kept)
            cut = n - len(kept)
            for i in range(len(cost)):
                if states >> i & 1 and cut < cost[i]:
                    cost[i] = cut
        lo = sum(1 << i for i, c in enumerate(cost) if c & 1)
        hi = sum(1 << i for i, c in enumerate(cost) if c & 2)
        found = _EXP_TRICKS[trick] = (lo, hi)
    return found


@lru_cache(maxsize=1 << 14)
def _expert_cut(trick: tuple[int, ...], i: int) -> tuple[int, ...]:
    """The fewest cards of a past trick to cut for expert rules state ``i``."""
    n = len(trick)
    best: tuple[int, ...] = trick
    for kept_bits in range(1 << n):
        kept = tuple(c for j, c in enumerate(trick) if kept_bits >> j & 1)
        if trick_mask(True, kept) >> i & 1 and n - len(kept) < len(best):
            best = tuple(c for j, c in enumerate(trick) if not kept_bits >> j & 1)
    return best


def code(card: Card) -> int:
    """A card's code, ``suit * 6 + rank - 1``."""
    return card.suit * 6 + card.rank - 1


class Board:
    """One round of a full state, to be played out fast (see the module
    docstring). ``past`` holds the finished tricks, ``present`` the trick in
    play, ``hands`` each seat's cards, ``deck`` the undealt cards (top first,
    2 players), ``points`` this round's negative points; ``turn`` is None
    once the round's nine tricks are played."""

    __slots__ = (
        "expert",
        "players",
        "past",
        "present",
        "hands",
        "deck",
        "points",
        "turn",
        "lead",
        "past_mask",
        "_past_ok",
        "_slices",
    )

    def __init__(self, state: UchronicleState) -> None:
        self.expert = state.expert
        self.players = state.players
        self.past = [tuple([code(p.card) for p in t]) for t in state.tricks]
        self.present = tuple([code(p.card) for p in state.trick])
        self.hands = [[code(c) for c in h or ()] for h in state.hands]
        self.deck = [code(c) for c in state.deck or ()]
        self.points = list(state.points)
        self.turn = state.turn
        self.lead = state.lead
        self.past_mask = self._history_mask()
        #: what the cheapest removals of this history are worked out from,
        #: built when first asked (None: not yet, or the history changed)
        self._past_ok: tuple[int, ...] | None = None
        self._slices: list[int] | None = None

    def _history_mask(self) -> int:
        mask = FULL[self.expert]
        for t in self.past:
            mask &= trick_mask(self.expert, t)
        return mask

    def free(self, card: int) -> int:
        """The rules states under which ``card`` wins the present trick with no removal."""
        return self.past_mask & trick_mask(self.expert, (*self.present, card))

    def cheapest(self, card: int) -> tuple[int, tuple[int, ...]] | None:
        """``card``'s cheapest play: its cost and the codes it takes (none
        when it wins for free); None when nothing makes it win (expert)."""
        if self.free(card):
            return 0, ()
        found = self.least(card)
        if found is None:
            return None
        return found[0], self.taken(found[1])

    def least(self, card: int) -> tuple[int, int] | None:
        """The cost of ``card``'s cheapest play and the removal behind it
        (for :meth:`taken`: in the standard game the declarations as bits,
        in the expert game the rules state's index); None when nothing makes
        it win (expert)."""
        if self.expert:
            wins = trick_mask(True, (*self.present, card))
            if not wins:
                return None
            count, among = _least(self._expert_slices(), wins)
            return count, (among & -among).bit_length() - 1
        allowed = 0
        for p, q in zip(self._standard_past(), standard_present(self.present, card)):
            allowed |= p & q
        # declaring every suit always works: ``allowed`` is never empty
        count, among = _least(self._standard_slices(), allowed)
        return count, (among & -among).bit_length() - 1

    def taken(self, removal: int) -> tuple[int, ...]:
        """The cards a removal of :meth:`least` takes."""
        if self.expert:
            return tuple(c for t in self.past for c in _expert_cut(t, removal))
        takes = _takes()
        return tuple(c for t in (*self.past, self.present) for c in t if takes[c] >> removal & 1)

    def _standard_past(self) -> tuple[int, ...]:
        """Per standard rules state, the removals every past trick allows."""
        past_ok = self._past_ok
        if past_ok is None:
            ok = [_ALL_D] * len(TRIPLES[False])
            for t in self.past:
                for i, m in enumerate(standard_trick(t)):
                    ok[i] &= m
            past_ok = self._past_ok = tuple(ok)
        return past_ok

    def _standard_slices(self) -> list[int]:
        """Every standard removal's count of history cards taken, as slices."""
        slices = self._slices
        if slices is None:
            takes = _takes()
            slices = [0] * SLICES
            for t in (*self.past, self.present):
                for c in t:
                    _add(slices, takes[c])
            self._slices = slices
        return slices

    def _expert_slices(self) -> list[int]:
        """Every expert rules state's count of past cards to cut, as slices."""
        slices = self._slices
        if slices is None:
            slices = [0] * SLICES
            for t in self.past:
                lo, hi = expert_trick(t)
                _add(slices, lo)
                _add(slices, hi, 1)  # two cards cut: 2 = 1 at bit 1
            self._slices = slices
        return slices

    def dead_end_taken(self) -> tuple[int, ...]:
        """U7: every past trick keeps its last card, the present one none."""
        taken = [c for t in self.past for c in t[:-1]]
        taken.extend(self.present)
        return tuple(taken)

    def play(self, card: int, taken: tuple[int, ...] = ()) -> None:
        """The seat to move plays ``card`` after the cards ``taken`` leave
        the history (its negative points); the trick ends when every seat
        has played to it, the last player leading the next (U9), with 2
        players over the deck's next card (U8)."""
        seat = self.turn
        assert seat is not None, "the round is over"
        if taken:
            gone = set(taken)
            self.past = [tuple([c for c in t if c not in gone]) for t in self.past]
            self.present = tuple([c for c in self.present if c not in gone])
            self.past_mask = self._history_mask()
            self.points[seat] += len(taken)
            self._past_ok = None
        self._slices = None
        self.present = (*self.present, card)
        self.hands[seat].remove(card)
        nxt = (seat + 1) % self.players
        if nxt != self.lead:
            self.turn = nxt
            return
        self.past.append(self.present)
        self.past_mask &= trick_mask(self.expert, self.present)
        self._past_ok = None
        if len(self.past) == TRICKS_PER_ROUND:
            self.present = ()
            self.turn = None
            return
        self.present = (self.deck.pop(0),) if self.deck else ()
        self.lead = seat

    def step(self, rng: Random) -> None:
        """One quick play for the seat to move, as the easy bot plays: a card
        that wins for free, at random; else the cheapest play of the hand
        (of equally cheap cards, one at random); at an expert dead end (U7) a
        card at random, taking all but each past trick's last card."""
        hand = self.hands[self.turn]  # type: ignore[index]
        order = hand[:]
        rng.shuffle(order)
        for card in order:
            if self.free(card):
                self.play(card)
                return
        best: tuple[int, int] | None = None
        best_card = -1
        for card in order:
            found = self.least(card)
            if found is not None and (best is None or found[0] < best[0]):
                best, best_card = found, card
        if best is None:
            self.play(order[0], self.dead_end_taken())
        else:
            self.play(best_card, self.taken(best[1]))

    def play_out(self, rng: Random) -> None:
        """:meth:`step` until the round's end."""
        while self.turn is not None:
            self.step(rng)
