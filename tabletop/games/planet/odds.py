"""Planet's odds: how likely a seat is to win an animal card still to come,
and what its habitat card will pay, from where the planets stand now. Pure;
the hard bot's measure of a position (``bot.Outlook``).

An animal card
    :func:`win_chance` is the chance that a seat wins a card in the end
    (whenever it is scored, a tie carrying it on), given the card's kind, the
    rounds of placements left before it is scored (``j``: 1 when it is
    scored at the end of the coming round), the seat's lead (its key's first
    entry less the best of the other seats', clipped to :data:`LEAD_CLIP`),
    whether it has nothing to show yet, and the player count: a logistic
    model per kind and ``j`` (:data:`WIN`), fitted on self-play of medium
    bots (one seat in five easy) by ``tools/planet_odds.py``. A lead of 1
    on a card scored next round is worth far more than the same lead eight
    rounds out, where the others have time to catch up.

A habitat card
    Another seat's card is unknown until the end; the more cells of a
    terrain it holds, the likelier that terrain is its card's: P(card t) is
    proportional to exp(:data:`HABITAT_EVIDENCE` x its cells of t) over the
    cards it could hold (:func:`habitat_odds`), fitted on the same games.
    :func:`habitat_expected` is its expected points at the end: the cells of
    its terrain now plus those still to come, whose mean and spread by the
    count of free faces (:data:`HABITAT_GAIN`) were measured on the same
    games, read through the card's table (a normal spread over the steps).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from tabletop.games.planet.tiles import HABITATS, KINDS

#: a lead counts up to this many, either way
LEAD_CLIP = 6

# -- fitted by tools/planet_odds.py (do not edit by hand) ------------------------------
#: per kind, per j (1 to 11): (intercept, lead, nothing to show, 2 players, 3 players)
WIN: dict[str, tuple[tuple[float, float, float, float, float], ...]] = {
    "most": (
        (-0.420, 1.662, -3.064, 0.366, 0.132),
        (-0.507, 1.236, -1.625, 0.487, 0.188),
        (-0.590, 1.010, -1.141, 0.552, 0.209),
        (-0.661, 0.868, -0.965, 0.623, 0.240),
        (-0.710, 0.776, -0.969, 0.685, 0.251),
        (-0.779, 0.661, -0.780, 0.751, 0.282),
        (-0.828, 0.655, -0.654, 0.786, 0.290),
        (-0.861, 0.679, -0.708, 0.801, 0.299),
        (-0.924, 0.484, -0.692, 0.922, 0.363),
        (-1.004, 0.476, -0.459, 0.957, 0.365),
        (-1.067, 0.370, -0.399, 1.007, 0.393),
    ),
    "touch": (
        (-0.365, 0.849, -2.139, 0.356, 0.104),
        (-0.503, 0.578, -1.345, 0.535, 0.186),
        (-0.597, 0.453, -1.125, 0.637, 0.224),
        (-0.690, 0.373, -0.880, 0.735, 0.255),
        (-0.771, 0.290, -0.659, 0.833, 0.290),
        (-0.842, 0.254, -0.508, 0.893, 0.307),
        (-0.880, 0.212, -0.449, 0.944, 0.335),
        (-0.939, 0.186, -0.323, 0.995, 0.357),
        (-0.994, 0.190, -0.217, 1.028, 0.373),
        (-1.078, 0.201, -0.093, 1.058, 0.382),
        (-1.226, 0.225, 0.097, 1.073, 0.399),
    ),
    "avoid": (
        (-0.412, 1.094, -2.831, 0.427, 0.123),
        (-0.537, 0.762, -1.850, 0.585, 0.206),
        (-0.628, 0.599, -1.404, 0.671, 0.239),
        (-0.711, 0.508, -1.038, 0.752, 0.263),
        (-0.790, 0.421, -0.770, 0.834, 0.290),
        (-0.835, 0.342, -0.633, 0.884, 0.315),
        (-0.873, 0.273, -0.541, 0.935, 0.345),
        (-0.894, 0.245, -0.480, 0.963, 0.352),
        (-0.939, 0.189, -0.351, 1.012, 0.369),
        (-0.977, 0.176, -0.264, 1.031, 0.385),
        (-0.933, 0.076, -0.267, 1.073, 0.383),
    ),
}
#: per free faces (0 to 11): habitat cells still to come, (mean, spread)
HABITAT_GAIN: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.96, 1.09),
    (3.91, 1.67),
    (5.68, 2.13),
    (7.26, 2.56),
    (8.69, 2.90),
    (9.95, 3.27),
    (11.18, 3.67),
    (12.34, 3.97),
    (13.46, 4.23),
    (14.60, 4.41),
    (15.69, 4.58),
)
#: how much a terrain's cells tell of the habitat card (P ~ exp(this x cells))
HABITAT_EVIDENCE = 0.16
# -- end of the fitted tables

#: the longest look-ahead the table holds (``j`` beyond it reads as this)
LONGEST = len(WIN[KINDS[0]])


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def _chances() -> dict[tuple[str, int, int], tuple[float, ...]]:
    """Per (kind, j, players): the chance for each lead from -LEAD_CLIP to
    LEAD_CLIP, then the chance with nothing to show."""
    out = {}
    for kind in KINDS:
        for j, (a, lead, nothing, two, three) in enumerate(WIN[kind], start=1):
            for players in (2, 3, 4):
                base = a + (two if players == 2 else three if players == 3 else 0.0)
                row = [_logistic(base + lead * d) for d in range(-LEAD_CLIP, LEAD_CLIP + 1)]
                row.append(_logistic(base + nothing))
                out[kind, j, players] = tuple(row)
    return out


_CHANCES = _chances()


def chances(kind: str, j: int, players: int) -> tuple[float, ...]:
    """The row of :func:`win_chance` for one kind, ``j`` and player count:
    index ``lead + LEAD_CLIP`` for a seat with something to show, index
    ``2 * LEAD_CLIP + 1`` for a seat with nothing."""
    return _CHANCES[kind, max(1, min(j, LONGEST)), players]


def win_chance(kind: str, j: int, lead: int, nothing: bool, players: int) -> float:
    """The chance a seat wins a card of ``kind`` scored after ``j`` more
    rounds of placements (module docstring)."""
    row = chances(kind, j, players)
    if nothing:
        return row[-1]
    return row[max(-LEAD_CLIP, min(LEAD_CLIP, lead)) + LEAD_CLIP]


def habitat_odds(counts: Sequence[int], possible: Sequence[int]) -> list[float]:
    """The chance of each terrain index in ``possible`` being the habitat
    card of a planet holding ``counts[t]`` cells of terrain ``t``."""
    weights = [math.exp(HABITAT_EVIDENCE * counts[t]) for t in possible]
    total = sum(weights)
    return [w / total for w in weights]


def _normal_above(x: float) -> float:
    """P(Z >= x) for a standard normal Z."""
    return 0.5 * math.erfc(x / math.sqrt(2.0))


def habitat_expected(terrain: str, count: int, free: int) -> float:
    """The expected points of ``terrain``'s habitat card for a planet with
    ``count`` cells of it and ``free`` faces still to cover."""
    card = HABITATS[terrain]
    mean, spread = HABITAT_GAIN[max(0, min(free, len(HABITAT_GAIN) - 1))]
    total = 0.0
    below = 0
    for cells, points in zip(card.cells, card.points):
        step = points - below
        below = points
        need = cells - count - mean - 0.5
        if spread <= 0.0:
            total += step if need <= 0 else 0.0
        else:
            total += step * _normal_above(need / spread)
    return total


__all__ = [
    "HABITAT_EVIDENCE",
    "HABITAT_GAIN",
    "LEAD_CLIP",
    "WIN",
    "chances",
    "habitat_expected",
    "habitat_odds",
    "win_chance",
]
