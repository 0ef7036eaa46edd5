"""Headless bot-vs-bot matches for any registered game, to measure bot strength.

    python tools/selfplay.py planepita --seats easy,medium,hard --games 12 --rotate
    python tools/selfplay.py etuc --seats easy,medium --games 20 --seed 7
    python tools/selfplay.py planepita --seats hard,hard --variant doubles=true --jobs 2

``--seats`` gives one bot level per seat, in seat order; their count is the
player count. With ``--rotate`` game g moves every bot g seats on, so no level
keeps the first seat. Game g's seed is ``rng.derive(--seed, "selfplay", g)`` and
each bot's seed derives from that, so a run is reproducible, except where a bot
stops thinking on a wall-clock budget: the output names those levels.

The table has a row per bot (its level; ``level#k`` when a level plays more
than one seat): games, wins (sole first place), shared wins (first place with
others), losses (the rest), average place, average score, and the time its
``choose`` calls took (average and max). A head-to-head table counts, for each
pair of bots, the games one finished ahead of the other. ``--jobs N`` plays
games in N processes (spawn); decision times then share the CPU. Bots see only
their views (``core.bots.play``). Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop import games  # noqa: E402
from tabletop.core import rng  # noqa: E402
from tabletop.core.bots import LEVELS, play, time_budget  # noqa: E402
from tools.cli import OneLineParser  # noqa: E402


class UsageError(Exception):
    """A bad command-line value: one line on stderr, exit 2."""


@dataclass(frozen=True)
class Plan:
    """Everything that fixes a run (and, bar time budgets, its results)."""

    game: str
    levels: tuple[str, ...]  # one per bot, in the order given
    games: int
    seed: int
    rotate: bool
    variants: tuple[tuple[str, Any], ...] = ()

    @property
    def players(self) -> int:
        return len(self.levels)

    @property
    def labels(self) -> tuple[str, ...]:
        """Each bot's name in the table: its level, numbered when repeated."""
        out = []
        for i, level in enumerate(self.levels):
            if self.levels.count(level) == 1:
                out.append(level)
            else:
                out.append(f"{level}#{self.levels[: i + 1].count(level)}")
        return tuple(out)

    def game_seed(self, g: int) -> int:
        return rng.derive(self.seed, "selfplay", g)

    def seating(self, g: int) -> tuple[int, ...]:
        """``seating(g)[seat]`` is the index of the bot sitting there in game g."""
        n = self.players
        shift = g % n if self.rotate else 0
        return tuple((seat + shift) % n for seat in range(n))


@dataclass(frozen=True)
class GameResult:
    """One finished game, indexed by bot (not by seat)."""

    number: int
    seed: int
    seats: tuple[int, ...]  # seats[seat] = bot index
    places: tuple[int, ...]  # by bot
    scores: tuple[float, ...]  # by bot
    times: tuple[tuple[float, ...], ...]  # by bot: seconds per choose call
    actions: int
    words: str


class _Timed:
    """A bot whose ``choose`` calls are timed."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.seat = bot.seat
        self.times: list[float] = []

    def choose(self, view: Any) -> Any:
        t = time.perf_counter()
        action = self.bot.choose(view)
        self.times.append(time.perf_counter() - t)
        return action


def config_of(plan: Plan) -> Any:
    """The game's config; ValueError (for players) on a bad count or variant."""
    return games.get(plan.game).default_config(plan.players, **dict(plan.variants))


def play_game(plan: Plan, g: int) -> GameResult:
    """Play game ``g`` of ``plan`` to the end (in this process or a worker)."""
    entry = games.get(plan.game)
    seed = plan.game_seed(g)
    seats = plan.seating(g)
    state = entry.rules.setup(config_of(plan), seed)
    bots = [
        _Timed(entry.make_bot(plan.levels[b], seat, rng.derive(seed, "selfplay-bot", seat)))
        for seat, b in enumerate(seats)
    ]
    try:
        state, actions = play(entry.rules, state, bots)
    except Exception as exc:
        exc.add_note(f"selfplay: in game {g} (seed {seed}, seats {seats})")
        raise
    outcome = entry.rules.outcome(state)
    by_bot = sorted(range(plan.players), key=lambda seat: seats[seat])
    return GameResult(
        number=g,
        seed=seed,
        seats=seats,
        places=tuple(outcome.places[s] for s in by_bot),
        scores=tuple(float(outcome.scores[s]) for s in by_bot),
        times=tuple(tuple(bots[s].times) for s in by_bot),
        actions=len(actions),
        words=outcome.words_for([plan.labels[b] for b in seats]),
    )


def _play_job(job: tuple[Plan, int]) -> GameResult:
    return play_game(*job)


# -- the tables -------------------------------------------------------------------


@dataclass
class Tally:
    """One bot's totals over a run."""

    label: str
    games: int = 0
    wins: int = 0
    shared: int = 0
    places: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    times: list[float] = field(default_factory=list)

    @property
    def losses(self) -> int:
        return self.games - self.wins - self.shared


def tally(plan: Plan, results: Sequence[GameResult]) -> list[Tally]:
    rows = [Tally(label) for label in plan.labels]
    for r in results:
        for b, row in enumerate(rows):
            place = r.places[b]
            row.games += 1
            if place == 1:
                if r.places.count(1) == 1:
                    row.wins += 1
                else:
                    row.shared += 1
            row.places.append(place)
            row.scores.append(r.scores[b])
            row.times.extend(r.times[b])
    return rows


def head_to_head(plan: Plan, results: Sequence[GameResult]) -> list[tuple[str, str, int, int, int]]:
    """(a, b, games a finished ahead of b, behind, tied) for every pair of bots."""
    out = []
    n = plan.players
    for a in range(n):
        for b in range(a + 1, n):
            ahead = sum(1 for r in results if r.places[a] < r.places[b])
            behind = sum(1 for r in results if r.places[a] > r.places[b])
            out.append(
                (plan.labels[a], plan.labels[b], ahead, behind, len(results) - ahead - behind)
            )
    return out


def _mean(xs: Sequence[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def markdown(head: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(row[i])) for row in [head, *body]) for i in range(len(head))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(head), rule, *(line(c) for c in body)])


def _ms(seconds: float) -> str:
    ms = seconds * 1000
    return f"{ms:.0f} ms" if ms >= 100 else f"{ms:.1f} ms" if ms >= 1 else f"{ms:.2f} ms"


def report(plan: Plan, results: Sequence[GameResult], wall: float, jobs: int) -> str:
    entry = games.get(plan.game)
    variants = ", ".join(f"{k}={v}" for k, v in config_of(plan).variants.items()) or "none"
    lines = [
        f"{entry.info.title} self-play: {plan.players} players, seats {','.join(plan.levels)}, "
        f"{len(results)} games, {'rotated' if plan.rotate else 'fixed seats'}, seed {plan.seed}, "
        f"variants: {variants}",
        "",
    ]
    rows = tally(plan, results)
    body = [
        (
            r.label,
            str(r.games),
            str(r.wins),
            str(r.shared),
            str(r.losses),
            f"{_mean(r.places):.2f}",
            f"{_mean(r.scores):.2f}",
            str(len(r.times)),
            _ms(_mean(r.times)),
            _ms(max(r.times, default=0.0)),
        )
        for r in rows
    ]
    head = (
        "bot",
        "games",
        "wins",
        "shared wins",
        "losses",
        "avg place",
        "avg score",
        "decisions",
        "avg decision",
        "max decision",
    )
    lines.append(markdown(head, body))
    if plan.players > 1:
        pairs = head_to_head(plan, results)
        lines += [
            "",
            markdown(
                ("pair", "first ahead", "second ahead", "tied"),
                [(f"{a} vs {b}", str(x), str(y), str(t)) for a, b, x, y, t in pairs],
            ),
        ]
    firsts = [0] * plan.players
    for r in results:
        if r.places.count(1) == 1:
            firsts[r.seats[r.places.index(1)]] += 1
    per_seat = ", ".join(f"P{s + 1} {w}" for s, w in enumerate(firsts))
    played_first = [sum(1 for r in results if r.seats[0] == b) for b in range(plan.players)]
    lines += [
        "",
        f"sole wins by seat: {per_seat}",
        "first seat played by: "
        + ", ".join(f"{plan.labels[b]} {k}" for b, k in enumerate(played_first)),
        f"actions per game: avg {_mean([r.actions for r in results]):.0f}, "
        f"max {max((r.actions for r in results), default=0)}",
        f"wall time: {wall:.1f} s ({jobs} process{'es' if jobs > 1 else ''}, "
        f"{os.cpu_count()} cores)",
    ]
    budgets = []
    for b, level in enumerate(plan.levels):
        budget = time_budget(entry.make_bot(level, 0, 0))
        if budget is not None:
            hit = sum(1 for t in rows[b].times if t >= budget)
            budgets.append(
                f"{rows[b].label} ({budget:g} s, reached in {hit} of "
                f"{len(rows[b].times)} decisions)"
            )
    if budgets:
        lines.append(
            f"reproducible from --seed {plan.seed} except for bots with a wall-clock time "
            f"budget per decision: {', '.join(budgets)}; where a budget is reached, moves "
            "depend on the machine's speed" + (" and on the other processes" if jobs > 1 else "")
        )
    else:
        lines.append(f"reproducible: the same --seed {plan.seed} gives the same games")
    return "\n".join(lines)


# -- the command line ---------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        label="selfplay",
        prog="tools/selfplay.py",
        description="Play bots against each other headlessly and print a table of how each "
        "level did: wins, places, scores, decision times.",
    )
    p.add_argument("game", help=f"a registered game: {', '.join(games.REGISTRY)}")
    p.add_argument(
        "--seats",
        required=True,
        metavar="L1,L2,...",
        help=f"one bot level per seat, in seat order ({', '.join(LEVELS)}); "
        "their count is the player count",
    )
    p.add_argument("--games", type=int, default=20, metavar="N", help="games to play (default 20)")
    p.add_argument("--seed", type=int, default=1, metavar="S", help="the run's seed (default 1)")
    p.add_argument(
        "--rotate",
        action="store_true",
        help="game g moves every bot g seats on, so no level keeps the first seat",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game variant, e.g. doubles=true (repeatable)",
    )
    p.add_argument(
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="games played at once, in processes "
        "(default 1; more share the CPU, which changes time-budgeted bots' play)",
    )
    p.add_argument("-v", "--verbose", action="store_true", help="also print a line per game")
    return p


def parse_value(text: str, default: Any) -> Any:
    """``text`` as the type of the variant's default (bools: true/false, yes/no, 1/0, on/off)."""
    if isinstance(default, bool):
        low = text.strip().lower()
        if low in ("true", "yes", "1", "on"):
            return True
        if low in ("false", "no", "0", "off"):
            return False
        raise ValueError(f"{text!r} is not true or false")
    if isinstance(default, int):
        return int(text)
    if isinstance(default, float):
        return float(text)
    return text


def make_plan(args: argparse.Namespace) -> Plan:
    """The plan from parsed arguments; UsageError (one line) on a bad value."""
    if args.game not in games.REGISTRY:
        raise UsageError(f"unknown game {args.game!r} (games: {', '.join(games.REGISTRY)})")
    info = games.get(args.game).info
    levels = tuple(s.strip() for s in args.seats.split(","))
    for level in levels:
        if level not in LEVELS:
            raise UsageError(
                f"unknown bot level {level!r} in --seats (levels: {', '.join(LEVELS)})"
            )
    if len(levels) not in info.player_range:
        raise UsageError(
            f"{info.title} is for {info.min_players} to {info.max_players} players; "
            f"--seats gives {len(levels)}"
        )
    if args.games < 1:
        raise UsageError(f"--games must be at least 1, not {args.games}")
    if args.jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {args.jobs}")
    if not 0 <= args.seed <= rng.MAX_SEED:
        raise UsageError(f"--seed must be between 0 and {rng.MAX_SEED}")
    known = {v.key: v for v in info.variants}
    variants: dict[str, Any] = {}
    for spec in args.variant:
        key, sep, text = spec.partition("=")
        key = key.strip()
        if not sep or not key:
            raise UsageError(f"--variant needs KEY=VALUE, not {spec!r}")
        if key not in known:
            offered = ", ".join(known) or "none"
            raise UsageError(f"unknown {info.title} variant {key!r} (variants: {offered})")
        try:
            variants[key] = parse_value(text, known[key].default)
        except ValueError:
            choices = ", ".join(map(str, known[key].choices))
            raise UsageError(f"--variant {key}: {text!r} is not one of {choices}") from None
    plan = Plan(args.game, levels, args.games, args.seed, args.rotate, tuple(variants.items()))
    try:
        config_of(plan)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return plan


def run(plan: Plan, jobs: int = 1, verbose: bool = False) -> list[GameResult]:
    """Play every game of ``plan``, in game order, with ``jobs`` processes."""
    todo = [(plan, g) for g in range(plan.games)]
    results: list[GameResult] = []

    def show(r: GameResult) -> None:
        if verbose:
            seats = " ".join(
                f"P{s + 1}={plan.labels[b]}:{r.places[b]}" for s, b in enumerate(r.seats)
            )
            print(
                f"game {r.number + 1}/{plan.games} seed {r.seed}: {seats} | {r.words}", flush=True
            )

    if jobs == 1:
        for job in todo:
            results.append(_play_job(job))
            show(results[-1])
        return results
    with multiprocessing.get_context("spawn").Pool(min(jobs, plan.games)) as pool:
        for r in pool.imap(_play_job, todo):
            results.append(r)
            show(r)
    return results


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        plan = make_plan(args)
    except UsageError as exc:
        print(f"selfplay: error: {exc}", file=sys.stderr)
        return 2
    start = time.perf_counter()
    results = run(plan, args.jobs, args.verbose)
    wall = time.perf_counter() - start
    if args.verbose:
        print()
    print(report(plan, results, wall, args.jobs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
