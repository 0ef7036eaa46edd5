"""Planepita's info: what the registry, the title, the setup screen, ``--list``,
saved games and the statistics read, importable without the game's rules,
bots, physics (pymunk) or tables (``rules.py`` takes its ``info`` from here).
"""

from __future__ import annotations

from tabletop.core.game import GameInfo, Setting, Variant

#: the aim assist levels (a setting): where the disc would stop, the line only, nothing
AIM_ASSIST = ("full", "line", "none")


def _physics_refusal(value: object) -> str | None:
    """Why ``value`` is not the physics variant's value (the values that
    differ from the shipped physics.toml), or None: ``params.overrides_refusal``,
    imported when a config is checked."""
    from tabletop.games.planepita.params import overrides_refusal

    return overrides_refusal(value)


def _score_bounds(players: int) -> tuple[float, float]:
    """4 rounds x (5 + 4 + 3) points; a team's total is at most the same."""
    from tabletop.games.planepita.model import AREA_VALUES, ROUNDS

    return (0.0, float(ROUNDS * sum(AREA_VALUES)))


INFO = GameInfo(
    name="planepita",
    title="Planepita",
    blurb="Flick alien discs onto a round planet and out-power everyone in its three areas.",
    min_players=2,
    max_players=6,
    variants=(
        Variant(
            "third_party",
            "3P discs",
            (True, False),
            True,
            "Each player also launches two discs of a third colour that scores for nobody.",
            players=(2,),
        ),
        Variant(
            "team_play",
            "Team play",
            (False, True),
            False,
            "Partners sit opposite (players 1 and 3 against 2 and 4) and add up their scores.",
            players=(4,),
        ),
        Variant(
            "team_size",
            "Team size",
            (2, 3),
            2,
            "Three teams of two neighbours, or two teams of three (every other seat).",
            players=(6,),
        ),
        Variant(
            "clockwise",
            "Start moves clockwise",
            (False, True),
            False,
            "When nobody scores, the start player moves clockwise instead of to the right.",
            players=(4,),
        ),
        Variant(
            "doubles",
            "Double tokens",
            (False, True),
            False,
            "Tied players get a Double token: a 4-power disc on their third launch.",
        ),
        Variant(
            "practice",
            "Practice",
            (False, True),
            False,
            "Take back a flick and try it again, also against bots. Otherwise a flick "
            "against bots stands once its result is known.",
        ),
        Variant(
            "physics",
            "Physics",
            (),
            (),
            "The game's physics where it differs from the shipped physics.toml: a new "
            "game takes them from your physics.toml (the tuning overlay's Save).",
            check=_physics_refusal,
        ),
    ),
    settings=(
        Setting(
            "flick_mode",
            "Flicking",
            ("pull", "swipe"),
            "pull",
            "Pull the disc back and release it, or swipe it forward: the faster the swipe, the harder the flick.",
            names=("Pull and release", "Swipe"),
        ),
        Setting(
            "aim_assist",
            "Aim assist",
            AIM_ASSIST,
            "full",
            "Full: the aim line ends where the disc would stop on an empty board. "
            "Line: the direction and the power only. None: the power bar only. "
            "Each game is marked with the assist it was played with.",
            names=("Full", "Line", "None"),
            recorded=True,
        ),
    ),
    # 4 rounds of at most 18 launches (6 players x 3; 16 at 4, 12 at 2 and 3,
    # 15 at 5) and each launch is at most a flick, a jammer placement and a
    # flip: 216 decisions. A P4 retry (a flick too soft to leave the pad,
    # never offered by sample_action's speeds) adds a flick; the rest of the
    # bound leaves room for many of them.
    max_actions=1000,
    # a shot is floating point, not promised to agree across machines:
    # saves keep every position, not only the flicks (docs/architecture.md)
    save_states=True,
    # 2: a flick carries no spin (version 1's Flick had a spin field): migrate
    save_version=2,
    score_bounds=_score_bounds,
)
