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
        (-0.421, 1.624, -3.556, 0.343, 0.117),
        (-0.513, 1.150, -1.628, 0.462, 0.176),
        (-0.595, 0.910, -1.359, 0.557, 0.199),
        (-0.649, 0.822, -1.250, 0.614, 0.227),
        (-0.697, 0.775, -0.917, 0.649, 0.226),
        (-0.748, 0.743, -0.724, 0.697, 0.247),
        (-0.810, 0.679, -0.733, 0.753, 0.276),
        (-0.888, 0.560, -0.656, 0.817, 0.302),
        (-0.939, 0.518, -0.552, 0.874, 0.312),
        (-1.007, 0.424, -0.507, 0.901, 0.400),
        (-1.128, 0.887, -0.419, 0.831, 0.392),
    ),
    "touch": (
        (-0.415, 0.824, -2.138, 0.443, 0.186),
        (-0.525, 0.570, -1.288, 0.567, 0.207),
        (-0.625, 0.448, -1.039, 0.660, 0.250),
        (-0.727, 0.356, -0.757, 0.756, 0.278),
        (-0.814, 0.289, -0.548, 0.850, 0.316),
        (-0.863, 0.258, -0.460, 0.903, 0.326),
        (-0.909, 0.227, -0.378, 0.945, 0.341),
        (-0.983, 0.182, -0.248, 1.008, 0.369),
        (-1.055, 0.135, -0.115, 1.059, 0.392),
        (-1.125, 0.113, -0.006, 1.083, 0.398),
        (-0.981, 0.000, -0.155, 1.103, 0.402),
    ),
    "avoid": (
        (-0.457, 1.081, -2.679, 0.467, 0.185),
        (-0.543, 0.736, -1.814, 0.582, 0.207),
        (-0.636, 0.572, -1.452, 0.689, 0.250),
        (-0.712, 0.469, -1.106, 0.763, 0.277),
        (-0.792, 0.401, -0.802, 0.839, 0.298),
        (-0.848, 0.309, -0.616, 0.890, 0.323),
        (-0.909, 0.274, -0.459, 0.923, 0.343),
        (-0.930, 0.254, -0.415, 0.962, 0.354),
        (-0.983, 0.186, -0.284, 1.012, 0.376),
        (-1.032, 0.188, -0.184, 1.029, 0.382),
        (-1.107, 0.212, -0.058, 1.037, 0.375),
    ),
}
#: per free faces (0 to 11): habitat cells still to come, (mean, spread)
HABITAT_GAIN: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.99, 1.09),
    (3.90, 1.68),
    (5.57, 2.13),
    (7.18, 2.56),
    (8.60, 3.01),
    (9.89, 3.37),
    (11.05, 3.70),
    (12.21, 3.97),
    (13.27, 4.17),
    (14.36, 4.37),
    (15.49, 4.55),
)
#: how much a terrain's cells tell of the habitat card (P ~ exp(this x cells))
HABITAT_EVIDENCE = 0.21
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
