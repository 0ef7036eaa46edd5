"""Uchronicle's info: what the registry, the title, the setup screen, ``--list``,
saved games and the statistics read, importable without the game's rules,
bots or tables (``rules.py`` takes its ``info`` from here).
"""

from __future__ import annotations

from tabletop.core.game import GameInfo, Variant


def _max_actions(players: int) -> int:
    """A match is a round per player, of 9 tricks of a card per player."""
    from tabletop.games.uchronicle.model import TRICKS_PER_ROUND

    return players * TRICKS_PER_ROUND * players


INFO = GameInfo(
    name="uchronicle",
    title="Uchronicle",
    blurb=(
        "Trick-taking where every card you play must win: change the rules "
        "to make it so, and take the cards that stand in the way as negative points."
    ),
    min_players=2,
    max_players=3,
    variants=(
        Variant(
            "expert",
            "Expert game",
            (False, True),
            False,
            "Trump rank too; remove single cards from past tricks only.",
        ),
    ),
    max_actions=_max_actions,
    # every round at most all 30 cards taken by one seat
    score_bounds={2: (0.0, 60.0), 3: (0.0, 90.0)},
    hidden_information=True,
    # 2: a state keeps each finished round's removed cards (results_cards)
    save_version=2,
)
