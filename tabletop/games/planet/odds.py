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
    :func:`habitat_expected` is its expected points at the end: the cells of
    its terrain now plus those still to come, whose mean and spread by the
    count of free faces (:data:`HABITAT_GAIN`) were measured on the same
    games, read through the card's table (a normal spread over the steps).
"""

from __future__ import annotations

import math

from tabletop.games.planet.tiles import HABITATS, KINDS

#: a lead counts up to this many, either way
LEAD_CLIP = 6

# -- fitted by tools/planet_odds.py (do not edit by hand) ------------------------------
#: per kind, per j (1 to 11): (intercept, lead, nothing to show, 2 players, 3 players)
WIN: dict[str, tuple[tuple[float, float, float, float, float], ...]] = {
    "most": (
        (-0.481, 1.660, -2.259, 0.422, 0.304),
        (-0.554, 1.220, -1.457, 0.529, 0.265),
        (-0.637, 0.995, -0.924, 0.590, 0.307),
        (-0.699, 0.848, -0.801, 0.654, 0.262),
        (-0.736, 0.745, -0.945, 0.712, 0.296),
        (-0.822, 0.654, -0.561, 0.774, 0.333),
        (-0.864, 0.635, -0.587, 0.815, 0.329),
        (-0.885, 0.656, -0.706, 0.828, 0.408),
        (-0.964, 0.437, -0.593, 0.950, 0.465),
        (-1.035, 0.342, -0.433, 1.014, 0.489),
        (-1.127, 0.129, -0.286, 1.092, 0.557),
    ),
    "touch": (
        (-0.374, 0.850, -2.126, 0.365, 0.112),
        (-0.513, 0.583, -1.318, 0.541, 0.201),
        (-0.613, 0.446, -1.070, 0.647, 0.246),
        (-0.718, 0.367, -0.764, 0.743, 0.258),
        (-0.792, 0.287, -0.580, 0.835, 0.295),
        (-0.858, 0.249, -0.461, 0.897, 0.332),
        (-0.892, 0.210, -0.420, 0.946, 0.353),
        (-0.926, 0.175, -0.348, 0.998, 0.363),
        (-0.979, 0.186, -0.244, 1.030, 0.387),
        (-1.058, 0.192, -0.113, 1.055, 0.403),
        (-1.327, 0.284, 0.215, 1.062, 0.422),
    ),
    "avoid": (
        (-0.419, 1.115, -2.699, 0.426, 0.133),
        (-0.547, 0.788, -1.729, 0.576, 0.212),
        (-0.636, 0.610, -1.334, 0.665, 0.246),
        (-0.736, 0.514, -0.917, 0.749, 0.279),
        (-0.810, 0.427, -0.697, 0.832, 0.296),
        (-0.857, 0.349, -0.559, 0.880, 0.289),
        (-0.901, 0.268, -0.454, 0.935, 0.341),
        (-0.911, 0.259, -0.443, 0.958, 0.329),
        (-0.939, 0.185, -0.348, 1.012, 0.340),
        (-0.970, 0.183, -0.281, 1.030, 0.392),
        (-0.972, 0.047, -0.196, 1.072, 0.403),
    ),
}
#: per free faces (0 to 11): habitat cells still to come, (mean, spread)
HABITAT_GAIN: tuple[tuple[float, float], ...] = (
    (0.0, 0.0),
    (1.99, 1.11),
    (3.95, 1.71),
    (5.72, 2.12),
    (7.29, 2.52),
    (8.71, 2.87),
    (9.91, 3.22),
    (11.16, 3.61),
    (12.33, 3.88),
    (13.44, 4.06),
    (14.59, 4.27),
    (15.68, 4.42),
)
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


__all__ = ["HABITAT_GAIN", "LEAD_CLIP", "WIN", "chances", "habitat_expected", "win_chance"]
