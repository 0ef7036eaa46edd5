"""Phantom Rummy's odds: who is likely to score the short game being played,
and what a goal would bring them, from where the hands stand. Pure; the
hard bot's measure of a table it stops a playout at (``bot.HardBot``).

A short game is a race to the first goal. :func:`outlook` reads a full
table (a ``playout.Playout``: every hand dealt, the pile known) at the
start of a seat's turn and gives each seat its chance of scoring the
short game and the points its goal would bring:

The race
    A conditional logit over the seats (:data:`RACE`, per player count):
    each seat's weight is ``exp`` of a sum over :data:`RACE_FEATURES`: its
    distance from a goal (``hands.distance_to_goal``, one weight per
    distance: 1 a card short up to 7 or more), how many cards that would
    bring it nearer are still in the pile and the row (the log of one
    more), how many are in the other hands (they come only by a discard),
    whether it has a set open, whether it is ready (and, ready, those
    counts again: a ready hand waits on every discard), and how many seats
    after the one to move it sits.

The points
    A goal's points for the seat that scores it (:data:`POINTS`): a
    constant, its red cards now (hand and open sets; each is a point in the
    basic rules if it is still held at the goal), its open sets, and
    whether it has one open (the first set is a point, and opening it
    draws two cards that may be red).

Both were fitted on short games played by the medium bot at every seat
(the basic rules), by ``tools/phantom_odds.py``, which writes the tables
below. The advanced rules' conditions are not read: there the points are
the basic rules' guess.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from tabletop.games.phantom_rummy.cards import DECK, KIND_COPIES, KIND_OF, KINDS
from tabletop.games.phantom_rummy.playout import distance

if TYPE_CHECKING:
    from tabletop.games.phantom_rummy.playout import Playout

#: what the race reads of a seat, in the order of a :data:`RACE` row
RACE_FEATURES = (
    "1 card short",
    "2 short",
    "3 short",
    "4 short",
    "5 short",
    "6 short",
    "7 or more short",
    "log(1 + its cards left in the pile and the row)",
    "log(1 + its cards in the other hands)",
    "a set open",
    "ready",
    "ready: log(1 + its cards in the other hands)",
    "ready: log(1 + its cards left in the pile and the row)",
    "1 seat after the one to move",
    "2 seats after",
    "3 seats after",
)
#: the distances the race tells apart (more is read as this many)
FAR = 7
#: what a goal's points read of its scorer, in the order of a :data:`POINTS` row
POINTS_FEATURES = ("constant", "red cards", "open sets", "a set open")

_RED: tuple[bool, ...] = tuple(card.red for card in DECK)

# -- fitted by tools/phantom_odds.py (do not edit by hand) ------------------------------
#: per player count, the race's weight of each of RACE_FEATURES
RACE: dict[int, tuple[float, ...]] = {
    2: (
        0.7218,
        0.8112,
        0.1276,
        -0.0685,
        -0.4274,
        -0.6342,
        -0.5304,
        0.4896,
        -0.1416,
        0.0162,
        -0.1442,
        0.1839,
        0.7920,
        -0.0791,
        0.0000,
        0.0000,
    ),
    3: (
        1.3877,
        1.0816,
        0.1478,
        -0.2126,
        -0.6292,
        -0.9594,
        -0.8159,
        0.5880,
        -0.1335,
        -0.1195,
        -0.0668,
        0.2597,
        0.7425,
        -0.0915,
        -0.1898,
        0.0000,
    ),
    4: (
        1.9145,
        1.4431,
        0.3111,
        -0.2565,
        -0.8118,
        -1.3146,
        -1.2858,
        0.6644,
        -0.1766,
        -0.4110,
        -0.1444,
        0.4826,
        0.7423,
        -0.0962,
        -0.1980,
        -0.3025,
    ),
}
#: per player count, a goal's points: the weight of each of POINTS_FEATURES
POINTS: dict[int, tuple[float, ...]] = {
    2: (
        2.9674,
        0.8435,
        1.7822,
        -2.5834,
    ),
    3: (
        2.8755,
        0.8282,
        1.5136,
        -2.1912,
    ),
    4: (
        2.8485,
        0.8484,
        1.4763,
        -2.1752,
    ),
}
#: per player count, how often a goal is worth 1, 2, ... 12 points or more
GOAL_SPREAD: dict[int, tuple[float, ...]] = {
    2: (
        0.0103,
        0.0677,
        0.1790,
        0.2425,
        0.2247,
        0.1502,
        0.0772,
        0.0292,
        0.0107,
        0.0057,
        0.0015,
        0.0013,
    ),
    3: (
        0.0135,
        0.0727,
        0.1782,
        0.2539,
        0.2310,
        0.1382,
        0.0632,
        0.0293,
        0.0117,
        0.0055,
        0.0015,
        0.0013,
    ),
    4: (
        0.0140,
        0.0775,
        0.1839,
        0.2491,
        0.2184,
        0.1385,
        0.0680,
        0.0300,
        0.0127,
        0.0040,
        0.0027,
        0.0012,
    ),
}
# -- end of the fitted tables -------------------------------------------------------------


def seat_features(p: Playout, seat: int, rest: Sequence[int]) -> list[float]:
    """:data:`RACE_FEATURES` of ``seat`` at the table ``p``, the seat to move
    being ``p.turn``; ``rest`` is per kind the cards in the pile and the row."""
    n = p.n
    opened = bool(p.opened[seat])
    d, acceptance = distance(p.keys[seat], opened, len(p.hands[seat]))
    free = 0
    held = 0
    counts = p.counts
    for k in acceptance:
        free += rest[k]
        held += sum(counts[s][k] for s in range(n)) - counts[seat][k]
    row = [0.0] * len(RACE_FEATURES)
    row[min(max(d, 1), FAR) - 1] = 1.0
    free_log, held_log = math.log1p(free), math.log1p(held)
    ready = 1.0 if p.ready[seat] else 0.0
    row[FAR] = free_log
    row[FAR + 1] = held_log
    row[FAR + 2] = 1.0 if opened else 0.0
    row[FAR + 3] = ready
    row[FAR + 4] = ready * held_log
    row[FAR + 5] = ready * free_log
    after = (seat - p.turn) % n
    if after:
        row[FAR + 5 + after] = 1.0
    return row


def goal_features(p: Playout, seat: int) -> list[float]:
    """:data:`POINTS_FEATURES` of ``seat`` at the table ``p``."""
    sets = p.opened[seat]
    reds = sum(1 for c in p.hands[seat] if _RED[c]) + sum(
        1 for laid in sets for c in laid if _RED[c]
    )
    return [1.0, float(reds), float(len(sets)), 1.0 if sets else 0.0]


def rest_counts(p: Playout) -> list[int]:
    """Per kind, the cards in the pile and the row of the table ``p``."""
    rest = [0] * len(KINDS)
    held = [0] * len(KINDS)
    for line in p.counts:
        for k, count in enumerate(line):
            held[k] += count
    row = [0] * len(KINDS)
    for c in p.row:
        row[KIND_OF[c]] += 1
    for k in range(len(KINDS)):
        rest[k] = KIND_COPIES[k] - (p.seen[k] - row[k]) - held[k]
    return rest


def outlook(p: Playout) -> list[tuple[float, float]]:
    """Per seat, its chance of scoring the short game (the race) and the
    points its goal would bring (the points), at the table ``p``."""
    n = p.n
    race = RACE[n]
    points = POINTS[n]
    rest = rest_counts(p)
    weights = []
    goals = []
    for seat in range(n):
        x = seat_features(p, seat, rest)
        weights.append(sum(w * v for w, v in zip(race, x)))
        goals.append(sum(w * v for w, v in zip(points, goal_features(p, seat))))
    top = max(weights)
    exps = [math.exp(w - top) for w in weights]
    total = sum(exps)
    return [(e / total, g) for e, g in zip(exps, goals, strict=True)]


# -- the match ---------------------------------------------------------------------

#: the short games a match's chances are read over: each of the rest is won by
#: a seat at random (each alike), its goal worth GOAL_SPREAD's points
MATCH_SAMPLES = 2000


def match_chances(scores: Sequence[int], left: int, target: int, seed: int = 0) -> list[float]:
    """Each seat's chance of winning a match whose totals are ``scores``
    with ``left`` short games still to play and ``target`` points ending it
    (ruling R7; a first place shared is shared): :data:`MATCH_SAMPLES`
    matches played on, each short game's goal to a seat at random, its
    points drawn from :data:`GOAL_SPREAD`. The same question always gets
    the same answer (the draws are seeded), and the last few thousand
    answers are remembered."""
    return list(_match_chances(tuple(scores), left, target, seed))


@functools.lru_cache(maxsize=8192)
def _match_chances(scores: tuple[int, ...], left: int, target: int, seed: int) -> tuple[float, ...]:
    import numpy as np

    n = len(scores)
    totals = np.tile(np.asarray(scores, dtype=np.int64), (MATCH_SAMPLES, 1))
    draws = np.random.default_rng(seed)
    spread = GOAL_SPREAD[n]
    values = np.arange(1, len(spread) + 1)
    over = totals.max(axis=1) >= target
    rows = np.arange(MATCH_SAMPLES)
    for _ in range(left):
        if over.all():
            break
        scorer = draws.integers(0, n, MATCH_SAMPLES)
        points = draws.choice(values, MATCH_SAMPLES, p=spread)
        totals[rows, scorer] += np.where(over, 0, points)
        over |= totals.max(axis=1) >= target
    top = totals.max(axis=1, keepdims=True)
    first = totals == top
    share = first / first.sum(axis=1, keepdims=True)
    return tuple(float(v) for v in share.mean(axis=0))
