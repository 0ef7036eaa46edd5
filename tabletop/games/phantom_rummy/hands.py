"""Phantom Rummy's hands: sets, goal hands, and how far a hand is from a goal.

Pure functions over :class:`~tabletop.games.phantom_rummy.cards.Card` (no
pygame, no state). How this edition reads the rulebook here:

Sets
    A *small set* is two cards of one kind (same type and name); a *big set* is
    a *group*, three cards of one kind, or a *run*, three number cards of one
    type with consecutive numbers (1-2-3 up to 5-6-7; numbers do not wrap
    round, and Item cards, which have pictures and no numbers, make groups and
    small sets but never runs). Red and black copies of one title are the same
    kind for every set (the rulebook's "name color" rule).

Goal hand (ruling R2)
    Exactly the 8 cards in hand right after a take, read as one small set and
    two big sets. Opened sets are not part of it: they are only the goal
    condition that at least one set be open, which the rules check, not
    :func:`is_goal_hand`.

Distance to a goal, :func:`distance_to_goal` (the mahjong "shanten" idea)
    ``cards`` is the fewest cards the hand still lacks: a goal hand is 8 cards,
    and the distance is 8 minus the most cards of the hand that one goal hand
    can hold (red and black copies alike, at most the deck's 4 copies of a
    kind), so a 7-card hand one card from a goal (the "ready" hand) is at 1,
    and an 8-card goal hand at 0. This counts cards to gain, each one a take
    (with a discard, or an opening, in between); the hand's other cards are
    the discards. While the player has opened nothing, a goal also needs a
    big set opened first, which leaves the hand: the target is then 11 cards,
    three big sets and a small set, and the distance is 11 minus what the hand
    holds of them. This edition counts the two cards drawn after an opening as
    no help, since they are unknown.

    So a player who has opened is "ready" (one card away, the rulebook's
    step 4(3)) when ``distance_to_goal(hand, True).cards == 1`` for the 7
    cards kept after the discard, and waits on the kinds of its acceptance.

    The *acceptance* is the kinds whose next card would lower the distance (a
    kind of which the hand holds every copy is never in it). It is about the
    hand alone: which of those cards are still unseen is the caller's to count.

    Speed: the hand is read as its kinds' counts; each type's part is scored
    once per distinct count pattern (a memo), and the whole answer is memoised
    on the sorted kinds, so a bot's repeated questions cost a dictionary look-up
    (``tools/bench.py --only phantom_rummy`` measures it).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from tabletop.games.phantom_rummy.cards import (
    KIND_COPIES,
    KIND_OF,
    KINDS,
    TYPES,
    Card,
    Kind,
)

#: a goal hand's cards (ruling R2)
GOAL_SIZE = 8
#: cards in a big set, and in a small set
BIG, SMALL = 3, 2

#: for each type, its kinds' numbers in deck order
_BUCKETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(kind.index for kind in KINDS if kind.type == t) for t in TYPES
)
#: kind number -> (its type's bucket, its place in the bucket)
_PLACE: tuple[tuple[int, int], ...] = tuple(
    next((b, kinds.index(k)) for b, kinds in enumerate(_BUCKETS) if k in kinds)
    for k in range(len(KINDS))
)


def _bucket_big_sets(kinds: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """A bucket's big sets as count vectors over its places: groups, then runs."""
    width = len(kinds)
    sets: list[tuple[int, ...]] = []
    for place in range(width):
        sets.append(tuple(BIG if p == place else 0 for p in range(width)))
    numbers = [KINDS[k].number for k in kinds]
    for place in range(width - 2):
        run = numbers[place : place + 3]
        if None not in run and run == list(range(run[0] or 0, (run[0] or 0) + 3)):
            sets.append(tuple(1 if place <= p < place + 3 else 0 for p in range(width)))
    return tuple(sets)


_BUCKET_SETS = tuple(_bucket_big_sets(kinds) for kinds in _BUCKETS)
_BUCKET_CAPS = tuple(tuple(KIND_COPIES[k] for k in kinds) for kinds in _BUCKETS)
#: most big sets a target ever needs (three while nothing is open)
_MOST_BIG = 3
#: "this allocation cannot be made": low enough that a sum with it stays negative
_NEG = -64


def _targets(bucket: int) -> tuple[np.ndarray, tuple[tuple[int, int, int, int], ...]]:
    """Every way ``b`` big sets and ``p`` small sets (b up to 3, p 0 or 1) of
    one type can be made from the deck's copies, as rows of kind counts over
    the bucket's places, grouped by (b, p): the matrix, and for each group
    ``(b, p, first row, end row)``."""
    sets = _BUCKET_SETS[bucket]
    caps = _BUCKET_CAPS[bucket]
    width = len(caps)
    pairs = [tuple(SMALL if q == place else 0 for q in range(width)) for place in range(width)]
    rows: list[tuple[int, ...]] = []
    groups = []
    for b in range(_MOST_BIG + 1):
        for p in (0, 1):
            start = len(rows)
            made = set()
            for combo in itertools.combinations_with_replacement(sets, b):
                extras: list[tuple[int, ...]] = pairs if p else [(0,) * width]
                for extra in extras:
                    row = tuple(sum(c[q] for c in combo) + extra[q] for q in range(width))
                    if all(row[q] <= caps[q] for q in range(width)) and row not in made:
                        made.add(row)
                        rows.append(row)
            groups.append((b, p, start, len(rows)))
    return np.array(rows, dtype=np.int16), tuple(groups)


_TARGETS = tuple(_targets(b) for b in range(len(_BUCKETS)))

#: one bucket's answer, flat: ``table[2 * b + p]`` is the most of its cards
#: that b big sets and p small sets of its type can hold (b 0-3, p 0 or 1), or
#: a large negative number when the deck cannot make them
Table = tuple[int, ...]
_CELLS = 2 * (_MOST_BIG + 1)


@lru_cache(maxsize=1 << 16)
def _bucket_tables(bucket: int, counts: tuple[int, ...]) -> tuple[Table, tuple[Table | None, ...]]:
    """One type's table for its kind ``counts``, and the table after one more
    card of each of its kinds (None where the hand holds every copy): one
    numpy pass over the type's targets, remembered per count pattern."""
    matrix, groups = _TARGETS[bucket]
    caps = _BUCKET_CAPS[bucket]
    width = len(caps)
    base = np.array(counts, dtype=np.int16)
    variants = np.repeat(base[None, :], width + 1, axis=0)
    variants[1:] += np.eye(width, dtype=np.int16)
    held = np.minimum(matrix[None, :, :], variants[:, None, :]).sum(axis=2)
    tables: list[Table] = []
    for v in range(width + 1):
        row = held[v]
        cells = [_NEG] * _CELLS
        for b, p, start, end in groups:
            if end > start:
                cells[2 * b + p] = int(row[start:end].max())
        tables.append(tuple(cells))
    more = tuple(
        tables[place + 1] if counts[place] < caps[place] else None for place in range(width)
    )
    return tables[0], more


def _splits(big: int) -> tuple[tuple[int, int, int], ...]:
    """The cells ``(i, j, out)`` a merge adds: b1 + b2 big sets up to ``big``,
    p1 + p2 small sets up to one."""
    return tuple(
        (2 * b1 + p1, 2 * b2 + p2, 2 * (b1 + b2) + p1 + p2)
        for b1 in range(big + 1)
        for b2 in range(big + 1 - b1)
        for p1 in (0, 1)
        for p2 in (0, 1 - p1)
    )


_SPLITS = {big: _splits(big) for big in (2, _MOST_BIG)}
#: for each target, the pairs of cells that add up to exactly it
_FINAL = {
    big: tuple((2 * b + p, 2 * (big - b) + 1 - p) for b in range(big + 1) for p in (0, 1))
    for big in (2, _MOST_BIG)
}
#: the merge of no bucket: nothing held, with no set
_START: Table = (0,) + (_NEG,) * (_CELLS - 1)


@lru_cache(maxsize=1 << 16)
def _merge(a: Table, b: Table, big: int) -> Table:
    """Two tables' cells added over every split (few distinct tables occur, so
    the answers are remembered)."""
    out = [_NEG] * _CELLS
    for i, j, o in _SPLITS[big]:
        v = a[i] + b[j]
        if v > out[o]:
            out[o] = v
    return tuple(out)


@lru_cache(maxsize=1 << 16)
def _combined(rest: Table, table: Table, big: int) -> int:
    """The most cards the target holds, split between one bucket's ``table``
    and the merged ``rest`` of the others (remembered, as :func:`_merge`)."""
    return max([table[i] + rest[j] for i, j in _FINAL[big]])


@dataclass(frozen=True)
class Distance:
    """How far a hand is from a goal (see the module docstring)."""

    #: the fewest cards still to gain: 0 is a goal hand, 1 "one card away"
    cards: int
    #: the kinds whose next card lowers ``cards``, in kind order
    acceptance: tuple[Kind, ...]


#: answers by the hand's sorted kinds, with a set open and with none
_OPEN: dict[tuple[int, ...], Distance] = {}
_CLOSED: dict[tuple[int, ...], Distance] = {}
#: each memo starts afresh past this many hands (a few hundred bytes each), so a
#: long self-play run cannot grow it without end
_MEMO_LIMIT = 200_000


def _distance_of(kinds: tuple[int, ...], opened: bool) -> Distance:
    big = 2 if opened else _MOST_BIG
    counts = [0] * len(KINDS)
    for k in kinds:
        counts[k] += 1
    found = [
        _bucket_tables(b, tuple(counts[k] for k in bucket)) for b, bucket in enumerate(_BUCKETS)
    ]
    tables = [table for table, _ in found]
    # rest[j]: every bucket but j merged, from prefix and suffix merges
    prefix = [_START]
    for table in tables[:-1]:
        prefix.append(_merge(prefix[-1], table, big))
    suffix = _START
    rests: list[Table] = [_START] * len(tables)
    for j in range(len(tables) - 1, -1, -1):
        rests[j] = _merge(prefix[j], suffix, big)
        suffix = _merge(suffix, tables[j], big)
    held = _combined(rests[0], tables[0], big)
    accept: list[int] = []
    for j, bucket in enumerate(_BUCKETS):
        rest = rests[j]
        for k, more in zip(bucket, found[j][1], strict=True):
            if more is not None and _combined(rest, more, big) > held:
                accept.append(k)
    return Distance(big * BIG + SMALL - held, tuple(KINDS[k] for k in sorted(accept)))


def clear_caches() -> None:
    """Forget every memoised answer and type table (for cold timings)."""
    _OPEN.clear()
    _CLOSED.clear()
    _bucket_tables.cache_clear()
    _merge.cache_clear()
    _combined.cache_clear()


def distance_to_goal(hand: Iterable[Card], opened: bool | int) -> Distance:
    """How many cards ``hand`` still lacks for a goal, and which kinds would
    bring it closer; ``opened`` is whether (or how many) sets the player has
    opened. Memoised on the hand's kinds."""
    memo = _OPEN if opened else _CLOSED
    key = tuple(sorted([KIND_OF[c.index] for c in hand]))
    found = memo.get(key)
    if found is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        found = memo[key] = _distance_of(key, bool(opened))
    return found


def is_goal_hand(cards: Iterable[Card]) -> bool:
    """True when ``cards`` are exactly 8 that read as one small set and two big
    sets (ruling R2; whether a set is open is the rules' question). Asked
    through ``goal_decompositions``, not ``distance_to_goal``: the same answer
    (a test holds them together), about 25 times faster on a hand not seen
    before."""
    return bool(goal_decompositions(cards))


def set_shape(cards: Sequence[Card]) -> str | None:
    """``"small"`` for a small set, ``"group"`` or ``"run"`` for a big set,
    None when ``cards`` are no set."""
    kinds = sorted(c.kind for c in cards)
    if len(kinds) == SMALL:
        return "small" if kinds[0] == kinds[1] else None
    if len(kinds) != BIG:
        return None
    if kinds[0] == kinds[2]:
        return "group"
    first = KINDS[kinds[0]]
    numbers = [KINDS[k].number for k in kinds]
    types = {KINDS[k].type for k in kinds}
    if first.number is not None and len(types) == 1:
        if numbers == [first.number, first.number + 1, first.number + 2]:
            return "run"
    return None


def is_big_set(cards: Sequence[Card]) -> bool:
    """A group or a run of exactly three cards."""
    return set_shape(cards) in ("group", "run")


@dataclass(frozen=True)
class Reading:
    """One way to read a goal hand: its small set and its two big sets, each in
    deck order, the big sets in deck order of their first cards."""

    small: tuple[Card, Card]
    big: tuple[tuple[Card, Card, Card], tuple[Card, Card, Card]]

    def __str__(self) -> str:
        sets = (self.small, *self.big)
        return " | ".join(" ".join(str(c) for c in s) for s in sets)


#: every big set as sorted kind triples: groups then runs, in kind order
BIG_SET_KINDS: tuple[tuple[int, int, int], ...] = tuple(
    sorted(
        {(k, k, k) for k in range(len(KINDS)) if KIND_COPIES[k] >= BIG}
        | {
            (k, k + 1, k + 2)
            for k in range(len(KINDS) - 2)
            if KINDS[k].number is not None
            and KINDS[k].type == KINDS[k + 2].type
            and KINDS[k + 2].number == (KINDS[k].number or 0) + 2
        }
    )
)


def goal_decompositions(cards: Iterable[Card]) -> list[Reading]:
    """Every way to read ``cards`` as one small set and two big sets; empty when
    they are no goal hand. Readings differ in which kinds make which sets (two
    look-alike copies swapped is the same reading); the cards of a kind go to
    the sets in deck order."""
    hand = sorted(cards)
    if len(hand) != GOAL_SIZE:
        return []
    counts = [0] * len(KINDS)
    for card in hand:
        counts[card.kind] += 1
    found: list[tuple[int, tuple[int, int, int], tuple[int, int, int]]] = []
    for small in range(len(KINDS)):
        if counts[small] < SMALL:
            continue
        counts[small] -= SMALL
        for i, first in enumerate(BIG_SET_KINDS):
            if not _take(counts, first):
                continue
            for second in BIG_SET_KINDS[i:]:
                if _take(counts, second):
                    if not any(counts):
                        found.append((small, first, second))
                    _put(counts, second)
            _put(counts, first)
        counts[small] += SMALL
    readings = []
    for small, first, second in found:
        pool = {k: [c for c in hand if c.kind == k] for k in set(first) | set(second) | {small}}
        s = (pool[small].pop(0), pool[small].pop(0))
        b1 = (pool[first[0]].pop(0), pool[first[1]].pop(0), pool[first[2]].pop(0))
        b2 = (pool[second[0]].pop(0), pool[second[1]].pop(0), pool[second[2]].pop(0))
        readings.append(Reading(s, (b1, b2)))
    return readings


def _take(counts: list[int], kinds: tuple[int, ...]) -> bool:
    for n, k in enumerate(kinds):
        counts[k] -= 1
        if counts[k] < 0:
            for undo in kinds[: n + 1]:
                counts[undo] += 1
            return False
    return True


def _put(counts: list[int], kinds: tuple[int, ...]) -> None:
    for k in kinds:
        counts[k] += 1


def big_sets_with(card: Card, hand: Iterable[Card]) -> list[tuple[Card, Card, Card]]:
    """Every big set of ``card`` and two cards of ``hand`` (``card`` itself
    excluded): the choices of a gain (ruling R4), or of an opening around a
    card. Each is ``(card, a, b)`` with ``a`` before ``b`` in deck order; two
    choices that differ only by look-alike copies (same kind, same face) are
    listed once, with the first copy in deck order."""
    others = sorted(c for c in set(hand) if c != card)
    seen: set[tuple[tuple[int, bool, str | None], ...]] = set()
    out: list[tuple[Card, Card, Card]] = []
    for a, b in itertools.combinations(others, 2):
        if not is_big_set((card, a, b)):
            continue
        look = tuple(sorted((c.kind, c.red, c.condition) for c in (a, b)))
        if look in seen:
            continue
        seen.add(look)
        out.append((card, a, b))
    return out
