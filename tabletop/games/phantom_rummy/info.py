"""Phantom Rummy's info: what the registry, the title, the setup screen,
``--list``, saved games and the statistics read, importable without the
game's rules, bots, tables or its deck (``rules.py`` takes its ``info`` and
its own ending from here).
"""

from __future__ import annotations

from tabletop.core.game import Ending, GameInfo, Variant

#: a goal is worth less than this: at most 100 cards, each worth at most 7 as
#: a red card and matched by at most 3 bonus flips, plus one point a set
GOAL_CAP = 1100


class PhantomEnding(Ending):
    """Phantom Rummy's own ending, beside the core's."""

    #: the outcome's detail finishes the sentence: "A legendary Item ends the
    #: match: Ada wins at once with the legendary Crown in a group of Crowns."
    LEGENDARY = ("legendary", "A legendary Item ends the match:")


def _max_actions(n: int) -> int:
    """A turn is a take, one more move and at most n - 1 answers; a short
    game has at most one turn per card not dealt to a hand."""
    from tabletop.games.phantom_rummy.cards import DECK
    from tabletop.games.phantom_rummy.model import HAND_SIZE, MATCH_LENGTH

    return MATCH_LENGTH[n][0] * (len(DECK) - HAND_SIZE * n) * (n + 1)


def _score_bounds(n: int) -> tuple[float, float]:
    """Before its last goal every total is under the target."""
    from tabletop.games.phantom_rummy.model import MATCH_LENGTH

    return (0.0, float(MATCH_LENGTH[n][1] - 1 + GOAL_CAP))


INFO = GameInfo(
    name="phantom_rummy",
    title="Phantom Rummy",
    blurb=(
        "Take from an open row, lay sets, snatch discards, and race to a goal hand: "
        "a pair and two sets of three. A match of short games."
    ),
    min_players=2,
    max_players=4,
    variants=(
        Variant(
            "advanced",
            "Advanced rules",
            (False, True),
            False,
            "Red cards' conditions, the legendary Item, your own discards, and the "
            "discarder pays for a goal off their card.",
        ),
    ),
    max_actions=_max_actions,
    score_bounds=_score_bounds,
    hidden_information=True,
    end_reasons=tuple(PhantomEnding),
    whole="match",
)
