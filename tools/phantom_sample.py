"""Phantom Rummy short games played by bots: how many end in a goal, how many
in a pile-out (ruling R5), and how long they run.

    python tools/phantom_sample.py --games 500 --seed 1
    python tools/phantom_sample.py --players 3 --level easy --games 100
    python tools/phantom_sample.py --players 4 --level easy --hard --games 300

Each sample is the first short game of a match dealt from seed
``rng.derive(--seed, "phantom-sample", players, g)``, played to its goal or
pile-out by bots of one level (untimed: ``make_bot(..., timed=False)``), so a
run is reproducible from its seed. Per player count the table gives the
share of goals and of pile-outs, the average length in turns (a turn is a
take from the row), the openings and gains per short game, and for the
pile-outs how they came: the row could not be refilled, or the pile held
fewer than the two cards an opening or a gain draws, and how many openings
and gains those short games had (each one took two cards off the pile).
With ``--hard`` one seat (seat g of short game g, in turn) is the hard bot
and the others ``--level``: the table adds the share of goals the hard bot
made and the share each other seat made, the race behind the strength
table's Phantom Rummy rows (docs/strength.md).
Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop.core import rng  # noqa: E402
from tabletop.core.bots import LEVELS  # noqa: E402
from tabletop.core.game import apply_checked  # noqa: E402
from tabletop.games.phantom_rummy import ENTRY, RULES  # noqa: E402
from tabletop.games.phantom_rummy.bot import make_bot  # noqa: E402
from tabletop.games.phantom_rummy.model import (  # noqa: E402
    ClaimGain,
    Open,
    PhantomAction,
    PhantomState,
    Take,
)
from tools.cli import OneLineParser  # noqa: E402


@dataclass(frozen=True)
class ShortGameRecord:
    """One sampled short game: ``goal`` (it ended in a goal), ``turns`` (takes
    from the row), ``sets`` (openings and gains), ``refill`` (a pile-out
    because no fresh row could be laid; else, for a pile-out, the two cards
    of an opening or a gain were missing)."""

    goal: bool
    turns: int
    sets: int
    refill: bool
    #: the goal was the hard bot's (with ``--hard``)
    hard_goal: bool = False


def sample_one(
    players: int, level: str, seed: int, number: int, hard: int | None = None
) -> ShortGameRecord:
    """Short game ``number`` of the sample: dealt, then played by ``level``
    bots, but for the hard bot at seat ``hard`` if given."""
    game_seed = rng.derive(seed, "phantom-sample", players, number)
    state = RULES.setup(ENTRY.default_config(players), game_seed)
    bots = [
        make_bot("hard" if s == hard else level, s, rng.derive(game_seed, "bot", s), timed=False)
        for s in range(players)
    ]
    turns = sets = 0
    drew = False  # the last move was to draw two: an opening, or a gain won at the reveal
    while not state.results:
        seat = RULES.to_move(state)
        assert seat is not None
        action = bots[seat].choose(RULES.view(state, seat))
        drew = isinstance(action, Open) or _gain_won(state, seat, action)
        sets += drew
        turns += isinstance(action, Take)
        state = apply_checked(RULES, state, action, seat)
    goal = state.results[0].goal is not None
    return ShortGameRecord(
        goal, turns, sets, not goal and not drew, goal and state.results[0].goal == hard
    )


def _gain_won(state: PhantomState, seat: int, action: PhantomAction) -> bool:
    """``action`` is the last answer to a discard, and a gain takes the card."""
    window = state.claim
    if window is None or window.asked + 1 < state.players - 1:
        return False
    answers = tuple(action if s == seat else a for s, a in enumerate(window.answers))
    won = replace(window, answers=answers).winner()
    return won is not None and isinstance(won[1], ClaimGain)


def sample(
    players: int, level: str, games: int, seed: int, hard: bool = False
) -> list[ShortGameRecord]:
    return [
        sample_one(players, level, seed, g, g % players if hard else None) for g in range(games)
    ]


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def report(
    level: str, seed: int, rows: dict[int, list[ShortGameRecord]], hard: bool = False
) -> str:
    who = (
        f"one hard bot (each seat in turn) and {level} bots"
        if hard
        else f"{level} bots on every seat"
    )
    lines = [
        f"Phantom Rummy short games, {who}, seed {seed}",
        "",
        "| players | short games | goal | pile-out | turns (avg) | openings+gains (avg) "
        "| pile-outs at a refill | sets in pile-out games (avg) |"
        + (" hard's goals | each other seat's |" if hard else ""),
        "|---|---|---|---|---|---|---|---|" + ("---|---|" if hard else ""),
    ]
    for players, records in rows.items():
        n = len(records)
        goals = sum(r.goal for r in records)
        outs = [r for r in records if not r.goal]
        lines.append(
            f"| {players} | {n} | {goals / n:.1%} | {len(outs) / n:.1%} "
            f"| {_mean([r.turns for r in records]):.1f} | {_mean([r.sets for r in records]):.2f} "
            f"| {sum(r.refill for r in outs)} of {len(outs)} "
            f"| {_mean([r.sets for r in outs]):.2f} |"
            + (
                f" {sum(r.hard_goal for r in records) / n:.1%} "
                f"| {(goals - sum(r.hard_goal for r in records)) / n / (players - 1):.1%} |"
                if hard
                else ""
            )
        )
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="tools/phantom_sample.py",
        label="phantom_sample",
        description="Phantom Rummy short games played by bots: goals against pile-outs.",
    )
    parser.add_argument(
        "--players", type=int, action="append", help="2, 3 or 4 (repeatable; default all)"
    )
    parser.add_argument(
        "--level", default="medium", choices=LEVELS, help="the bots' level (default medium)"
    )
    parser.add_argument(
        "--games", type=int, default=500, help="short games per player count (default 500)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument(
        "--hard",
        action="store_true",
        help="one seat (each in turn) is the hard bot, the others --level",
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    counts = args.players or [2, 3, 4]
    if any(p not in (2, 3, 4) for p in counts) or args.games < 1:
        print(
            "phantom_sample: error: players are 2, 3 or 4 and --games at least 1", file=sys.stderr
        )
        return 2
    rows = {p: sample(p, args.level, args.games, args.seed, args.hard) for p in counts}
    print(report(args.level, args.seed, rows, args.hard))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
