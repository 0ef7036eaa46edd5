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

    Speed: a hand is read as its kinds' counts, one type at a time. Every
    pattern of up to 8 cards of a type is scored once, at the first question
    in a process or earlier on the worker that warms the game while the
    title shows (:func:`prepare`; a fifth of a second, nothing of it at
    import), into a table of the most cards it
    holds of each mix of big and small sets; few distinct tables occur, so
    merging the four types' tables and reading the acceptance off them are a
    few dozen list look-ups, the same few microseconds for every hand, met
    before or not (``tools/bench.py --only phantom_rummy`` measures it).
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

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
#: buckets alike in their sets and copies (Sword, Staff and Moon) have one
#: *shape* and share every table: per bucket, the first bucket alike
_SHAPE_OF: tuple[int, ...] = tuple(
    min(
        s
        for s in range(len(_BUCKETS))
        if (_BUCKET_SETS[s], _BUCKET_CAPS[s]) == (_BUCKET_SETS[b], _BUCKET_CAPS[b])
    )
    for b in range(len(_BUCKETS))
)
_SHAPES = tuple(sorted(set(_SHAPE_OF)))
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


#: per shape, :func:`_targets` (built with the tables, at the first question)
_TARGETS: dict[int, tuple[np.ndarray, tuple[tuple[int, int, int, int], ...]]] = {}

#: one bucket's answer, flat: ``table[2 * b + p]`` is the most of its cards
#: that b big sets and p small sets of its type can hold (b 0 up to the
#: target's big sets, p 0 or 1), or _NEG when the deck cannot make them. Two
#: tables *merge* into the table of their cards together.
Table = tuple[int, ...]
_CELLS = 2 * (_MOST_BIG + 1)


def _tables(shape: int, patterns: np.ndarray) -> np.ndarray:
    """Each pattern's table (a row of kind counts over the shape's places), all
    ``_CELLS`` cells. What a target row holds of a pattern, the sum over places
    of min(row, count), is a dot product: min(a, b) counts the levels 1, 2...
    both reach, so each side becomes a 0/1 column per (place, level)."""
    if shape not in _TARGETS:
        _TARGETS[shape] = _targets(shape)
    matrix, groups = _TARGETS[shape]
    levels = np.arange(1, max(KIND_COPIES) + 1)
    have = (patterns[:, :, None] >= levels).reshape(len(patterns), -1).astype(np.float32)
    want = (matrix[:, :, None] >= levels).reshape(len(matrix), -1).astype(np.float32).T
    out = np.full((len(patterns), _CELLS), _NEG, dtype=np.int64)
    chunk = 2048
    for start in range(0, len(patterns), chunk):
        held = have[start : start + chunk] @ want
        for b, p, first, end in groups:
            if end > first:
                out[start : start + chunk, 2 * b + p] = held[:, first:end].max(axis=1)
    return out


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


#: a hand's kind counts as one number: each type's counts in base 5, a digit
#: a kind in deck order (a kind has at most 4 copies), its *code*, a whole
#: number below 5**7 that indexes a list; the types' codes side by side, each
#: in a lane of _LANE bits (shifts and masks read them out)
_BASE = max(KIND_COPIES) + 1
#: every code of a type is below this
_SPAN = _BASE ** max(len(kinds) for kinds in _BUCKETS)
_LANE = _SPAN.bit_length()
_MASK = (1 << _LANE) - 1
#: per deck index, the card's share of a hand's number
_WEIGHT: tuple[int, ...] = tuple(_BASE ** _PLACE[k][1] << (_LANE * _PLACE[k][0]) for k in KIND_OF)
#: the hot path below is written out for this deck's types: three alike
#: (Sword, Staff, Moon), then the Items, each type's kinds after the last
#: type's (so the types' shares of an acceptance join in kind order)
assert _SHAPE_OF == (0, 0, 0, 3)
assert [k for kinds in _BUCKETS for k in kinds] == list(range(len(KINDS)))
_L1, _L2, _L3 = _LANE, 2 * _LANE, 3 * _LANE
#: the tables are built for every pattern of at most this many cards of a type
#: (a hand in play holds at most 8); a larger one is tabled when first met
_TABLED = GOAL_SIZE


def _patterns(shape: int, most: int) -> np.ndarray:
    """Every count pattern of ``shape`` of at most ``most`` cards."""
    caps = _BUCKET_CAPS[shape]
    grid = np.indices([c + 1 for c in caps]).reshape(len(caps), -1).T
    return grid[grid.sum(axis=1) <= most]


def _codes(patterns: np.ndarray) -> np.ndarray:
    return patterns @ (_BASE ** np.arange(patterns.shape[1], dtype=np.int64))


def _every_table(shape: int) -> np.ndarray:
    """The tables of every pattern of ``shape`` of at most one card more than
    the tabled ones, as rows by code (the other rows unset)."""
    patterns = _patterns(shape, _TABLED + 1)
    out = np.full((_BASE ** len(_BUCKET_CAPS[shape]), _CELLS), _NEG, dtype=np.int8)
    out[_codes(patterns)] = _tables(shape, patterns)
    return out


class Distance(NamedTuple):
    """How far a hand is from a goal (see the module docstring)."""

    #: the fewest cards still to gain: 0 is a goal hand, 1 "one card away"
    cards: int
    #: the kinds whose next card lowers ``cards``, in kind order
    acceptance: tuple[Kind, ...]


#: a Distance made straight from its two values (the hot path's one call)
_new = tuple.__new__


class _Target:
    """Everything :func:`distance_to_goal` reads for one target, ``big`` big
    sets and a small set (2 with a set open, 3 while none is), built once (a
    fraction of a second) and after that grown only by a pattern not tabled:

    - ``ids[shape][code]``: the id of a type's table, ``tables[id]`` (None
      for a pattern not tabled yet);
    - ``merge[i][j]``: the id of tables i and j merged (the known tables are
      kept closed under merging: few distinct tables occur, about a hundred);
    - ``tight[t][r]``: a type's table t beside the merged rest r of the hand,
      ``held << 8 | n``: the most cards the target holds, and which of
      ``tights[t]`` are the type's cells that reach it (its *tight* cells, a
      bit each: a table meets a handful of different tight sets);
    - ``improving[shape][code]``: per cell, the places whose next card adds
      one to it (a bit mask; none where the hand holds every copy);
    - ``accept[bucket][first[shape][code] + n]``: the type's share of the
      acceptance with the ``n``-th tight cells of its table, as kinds: a card
      adds at most one to a cell, so it lowers the distance exactly when it
      adds one to a tight cell.
    """

    def __init__(self, big: int, every: dict[int, np.ndarray]) -> None:
        self.big = big
        self.goal = big * BIG + SMALL
        self.cells = 2 * (big + 1)
        self.tables: list[Table] = []
        self.index: dict[Table, int] = {}
        self.ids: dict[int, list[int | None]] = {}
        self.improving: dict[int, dict[int, tuple[int, ...]]] = {}
        for shape in _SHAPES:
            self.ids[shape] = [None] * _BASE ** len(_BUCKET_CAPS[shape])
            self.improving[shape] = {}
            found = every[shape]
            self._table(shape, _patterns(shape, _TABLED), lambda codes: found[codes])  # noqa: B023
        self._close()

    def _intern(self, table: Table) -> int:
        found = self.index.get(table)
        if found is None:
            found = self.index[table] = len(self.tables)
            self.tables.append(table)
        return found

    def _table(
        self, shape: int, patterns: np.ndarray, rows: Callable[[np.ndarray], np.ndarray]
    ) -> None:
        """Record the table ids and improving places of ``patterns``, reading
        ``rows(codes)``: the tables of those codes' patterns, and of the
        patterns a card larger."""
        caps = _BUCKET_CAPS[shape]
        codes = _codes(patterns)
        own = rows(codes)[:, : self.cells]
        improving = np.zeros_like(own)
        for q, cap in enumerate(caps):
            room = patterns[:, q] < cap
            larger = rows(np.where(room, codes + _BASE**q, codes))[:, : self.cells]
            improving |= ((larger > own) & room[:, None]).astype(np.int64) << q
        ids = self.ids[shape]
        for code, table, more in zip(codes.tolist(), own.tolist(), improving.tolist(), strict=True):
            ids[code] = self._intern(tuple(table))
            self.improving[shape][code] = tuple(more)

    def table_hand(self, key: int) -> None:
        """Table the types of the hand numbered ``key`` that hold more cards
        than the tabled patterns, and lay the lists out again."""
        for bucket, kinds in enumerate(_BUCKETS):
            shape = _SHAPE_OF[bucket]
            code = key >> (_LANE * bucket) & _MASK
            if self.ids[shape][code] is None:
                width = len(kinds)
                pattern = np.array([[code // _BASE**q % _BASE for q in range(width)]])
                near = np.concatenate([pattern, pattern + np.eye(width, dtype=np.int64)])
                near = near[(near <= _BUCKET_CAPS[shape]).all(axis=1)]
                found = dict(zip(_codes(near).tolist(), _tables(shape, near), strict=True))
                self._table(
                    shape,
                    pattern,
                    lambda codes: np.array([found[c] for c in codes.tolist()]),  # noqa: B023
                )
                self._close()

    def _close(self) -> None:
        """Merge every pair of known tables until no new table appears, then
        lay out ``merge``, ``tight``, ``first`` and ``accept`` as lists."""
        cells = self.cells
        splits = _splits(self.big)
        done = 0
        while done < len(self.tables):
            done = len(self.tables)
            have = np.array(self.tables, dtype=np.int64)
            merged = np.full((done, done, cells), _NEG, dtype=np.int64)
            for i, j, o in splits:
                merged[:, :, o] = np.maximum(merged[:, :, o], have[:, None, i] + have[None, :, j])
            rows = np.maximum(merged, _NEG).tolist()
            for line in rows:
                for table in line:
                    self._intern(tuple(table))
        merge = [[self.index[tuple(t)] for t in line] for line in rows]
        # a type's cell i goes with the rest's cell (cells - 1 - i): together
        # exactly the target's big sets and its small set
        sums = np.stack([have[:, None, i] + have[None, :, cells - 1 - i] for i in range(cells)], 2)
        most = sums.max(axis=2)
        masks = ((sums == most[:, :, None]) << np.arange(cells)).sum(axis=2)
        self.merge = merge
        self.tights: list[np.ndarray] = []
        self.tight: list[list[int]] = []
        for t in range(done):
            found, which = np.unique(masks[t], return_inverse=True)
            assert len(found) < 1 << 8  # fits beside held
            self.tights.append(found)
            self.tight.append(((most[t] << 8) | which).tolist())
        self.first: dict[int, list[int | None]] = {}
        places: dict[int, np.ndarray] = {}
        for shape in _SHAPES:
            self.first[shape], places[shape] = self._lay_out(shape)
        self.accept = [
            [kinds[p] for p in places[_SHAPE_OF[b]].tolist()] for b, kinds in enumerate(_KINDS_AT)
        ]
        # what distance_to_goal reads, in one tuple
        self.hot: tuple[Any, ...] = (
            self.ids[0],
            self.ids[3],
            self.first[0],
            self.first[3],
            self.merge,
            self.tight,
            *self.accept,
            self.goal,
        )

    def _lay_out(self, shape: int) -> tuple[list[int | None], np.ndarray]:
        """For every tabled pattern of ``shape``, where its entries start, and
        the entries: per tight set of its table, the places of its acceptance."""
        ids = self.ids[shape]
        codes = list(self.improving[shape])
        improving = np.array([self.improving[shape][c] for c in codes], dtype=np.int64)
        tights = self.tights
        counts = np.array([len(tights[ids[c] or 0]) for c in codes])
        starts = np.cumsum(counts) - counts
        first: list[int | None] = [None] * len(ids)
        for code, start in zip(codes, starts.tolist(), strict=True):
            first[code] = start
        masks = np.concatenate([tights[ids[c] or 0] for c in codes])
        bits = (masks[:, None] >> np.arange(self.cells)) & 1
        mine = np.repeat(improving, counts, axis=0)
        return first, np.bitwise_or.reduce(np.where(bits == 1, mine, 0), axis=1)


#: per bucket, a mask of its places -> those kinds, in kind order
_KINDS_AT: tuple[tuple[tuple[Kind, ...], ...], ...] = tuple(
    tuple(
        tuple(KINDS[k] for q, k in enumerate(kinds) if mask >> q & 1)
        for mask in range(1 << len(kinds))
    )
    for kinds in _BUCKETS
)
#: the targets' tables by their big sets, built when first asked
_BUILT: dict[int, _Target] = {}


#: held while the tables are built: two threads asking first (the frame and
#: a bot's worker, or the worker warming the game) build them once
_BUILDING = threading.Lock()


def _target(big: int) -> _Target:
    """The tables for ``big`` big sets; the first question builds both
    targets' (they share the patterns' scores)."""
    found = _BUILT.get(big)
    if found is None:
        with _BUILDING:
            if big not in _BUILT:
                every = {shape: _every_table(shape) for shape in _SHAPES}
                for most in (2, _MOST_BIG):
                    _BUILT[most] = _Target(most, every)
            found = _BUILT[big]
    return found


def prepare() -> None:
    """Build the tables now (a fifth of a second), before the first
    question: the program's worker does while the title shows, so the
    first game does not wait for them (``GameEntry.warm``)."""
    _target(2)


def clear_caches() -> None:
    """Drop the targets' tables (built again at the next question): for
    timings of the build. No answer is remembered otherwise: a hand met again
    costs what a new one does."""
    _BUILT.clear()
    _TARGETS.clear()


def distance_to_goal(hand: Iterable[Card], opened: bool | int) -> Distance:
    """How many cards ``hand`` (distinct cards of the deck) still lacks for a
    goal, and which kinds would bring it closer; ``opened`` is whether (or how
    many) sets the player has opened.

    Read off the tables (see :class:`_Target`): the four types' table ids,
    beside each the merge of the other three (two pairs' merges shared), each
    one's tight cells, and from them the acceptance."""
    weights = [_WEIGHT[c.index] for c in hand]
    key = sum(weights)
    big = 2 if opened else _MOST_BIG
    target = _BUILT.get(big) or _target(big)
    if len(weights) > _TABLED:
        target.table_hand(key)
    ids, items, first, first_items, merge, tight, a0, a1, a2, a3, goal = target.hot
    c0, c1, c2, c3 = key & _MASK, key >> _L1 & _MASK, key >> _L2 & _MASK, key >> _L3
    t0, t1, t2, t3 = ids[c0], ids[c1], ids[c2], items[c3]
    left, right = merge[t0][t1], merge[t2][t3]
    v0 = tight[t0][merge[t1][right]]
    v1 = tight[t1][merge[t0][right]]
    v2 = tight[t2][merge[left][t3]]
    v3 = tight[t3][merge[left][t2]]
    kinds = (
        a0[first[c0] + (v0 & 0xFF)]
        + a1[first[c1] + (v1 & 0xFF)]
        + a2[first[c2] + (v2 & 0xFF)]
        + a3[first_items[c3] + (v3 & 0xFF)]
    )
    return _new(Distance, (goal - (v0 >> 8), kinds))


def is_goal_hand(cards: Iterable[Card]) -> bool:
    """True when ``cards`` are exactly 8 that read as one small set and two big
    sets (ruling R2; whether a set is open is the rules' question): eight cards
    at a distance of 0 with a set open (a test holds this to
    ``goal_decompositions``, which lists the readings)."""
    hand = cards if isinstance(cards, (tuple, list)) else list(cards)
    return len(hand) == GOAL_SIZE and distance_to_goal(hand, True).cards == 0


def set_shape(cards: Sequence[Card]) -> str | None:
    """``"small"`` for a small set, ``"group"`` or ``"run"`` for a big set,
    None when ``cards`` are no set."""
    kinds = sorted([KIND_OF[c.index] for c in cards])
    if len(kinds) == SMALL:
        return "small" if kinds[0] == kinds[1] else None
    if len(kinds) != BIG or tuple(kinds) not in _BIG_SET_KINDS:
        return None
    return "group" if kinds[0] == kinds[2] else "run"


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

    def cards(self) -> tuple[Card, ...]:
        """The eight cards laid out as this reading: the small set, then the
        two big sets (:func:`laid_out_sets` reads them back)."""
        return (*self.small, *self.big[0], *self.big[1])


def laid_out_sets(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The small set and the two big sets of a goal hand laid out by
    :meth:`Reading.cards`."""
    if len(hand) != GOAL_SIZE:
        raise ValueError(f"a goal hand has {GOAL_SIZE} cards, not {len(hand)}")
    return [tuple(hand[:SMALL]), tuple(hand[SMALL : SMALL + BIG]), tuple(hand[SMALL + BIG :])]


def _drop(kinds: tuple[int, ...], k: int) -> tuple[int, ...]:
    """``kinds`` with one ``k`` taken out."""
    at = kinds.index(k)
    return kinds[:at] + kinds[at + 1 :]


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


_BIG_SET_KINDS = frozenset(BIG_SET_KINDS)
#: per kind, the pairs of kinds (in kind order) that make a big set with it
_PARTNERS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple(sorted({(rest[0], rest[1]) for s in BIG_SET_KINDS if k in s for rest in [_drop(s, k)]}))
    for k in range(len(KINDS))
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
    card. Each is ``(card, a, b)`` with ``a`` before ``b`` in deck order, in
    the order of (a, b); two choices that differ only by look-alike copies
    (same kind, same face) are listed once, with the first copy in deck order."""
    by_kind: dict[int, list[Card]] = {}
    for c in sorted(set(hand)):
        if c != card:
            by_kind.setdefault(KIND_OF[c.index], []).append(c)
    seen: set[tuple[tuple[int, bool, str | None], ...]] = set()
    out: list[tuple[Card, Card, Card]] = []
    for ka, kb in _PARTNERS[KIND_OF[card.index]]:
        if ka not in by_kind or kb not in by_kind:
            continue
        if ka == kb:
            pairs: Iterable[tuple[Card, Card]] = itertools.combinations(by_kind[ka], 2)
        else:
            pairs = itertools.product(by_kind[ka], by_kind[kb])
        for a, b in pairs:
            look = tuple(sorted((c.kind, c.red, c.condition) for c in (a, b)))
            if look not in seen:
                seen.add(look)
                out.append((card, a, b))
    out.sort()
    return out
