"""Planet etuC's info: what the registry, the title, the setup screen, ``--list``,
saved games and the statistics read, importable without the game's rules,
bots or tables (``rules.py`` takes its ``info`` from here).
"""

from __future__ import annotations

from tabletop.core.game import GameInfo

INFO = GameInfo(
    name="etuc",
    title="Planet etuC",
    blurb=(
        "Climbing card game: beat the last play by number or by symbol, "
        "singles or pairs, and be first to empty your hand."
    ),
    min_players=2,
    max_players=3,
    # A match lasts at most 6 games: while nobody has won, 2 players hold
    # at most 9+9 points and game g adds g (1+..+6 = 21 > 18); 3 players
    # hold at most 5+5+5 and each game adds 3 (18 > 15). In one game every
    # play sheds a card (at most 22 plays with 2 players, 33 with 3), every
    # round has a play and at most players-1 passes, so a game has at most
    # 22*2 = 44 actions with 2 players and 33*3 = 99 with 3.
    max_actions={2: 6 * 44, 3: 6 * 99},
    # 2 players: at most 9 before the last game plus 6 for game 6;
    # 3 players: at most 5 + 2.
    score_bounds={2: (0.0, 15.0), 3: (0.0, 7.0)},
    hidden_information=True,
    whole="match",
)
