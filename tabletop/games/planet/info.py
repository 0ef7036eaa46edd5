"""Planet's info: what the registry, the title, the setup screen, ``--list``,
saved games and the statistics read, importable without the game's rules,
bots or tables (``rules.py`` takes its ``info`` from here).
"""

from __future__ import annotations

from tabletop.core.game import GameInfo, Variant


def _max_actions(players: int) -> int:
    """Twelve rounds of one tile each."""
    from tabletop.games.planet.model import ROUNDS

    return ROUNDS * players


def _score_bounds(players: int) -> tuple[float, float]:
    """A habitat card's 10 points at most, and 2 points for each animal card
    on the board."""
    from tabletop.games.planet.model import LAYOUT

    return (0.0, float(10 + 2 * sum(LAYOUT)))


INFO = GameInfo(
    name="planet",
    title="Planet",
    blurb=(
        "Cover a dodecahedron with continent tiles, twelve rounds of one tile "
        "each, and raise the animals that want your planet's terrain."
    ),
    min_players=2,
    max_players=4,
    variants=(
        Variant(
            "beginner",
            "Beginner (no habitat cards, every animal 1 point)",
            (False, True),
            False,
        ),
        Variant(
            "secret",
            "Secret animals (half the animal cards face down at first)",
            (False, True),
            False,
        ),
    ),
    max_actions=_max_actions,
    score_bounds=_score_bounds,
    hidden_information=True,
)
