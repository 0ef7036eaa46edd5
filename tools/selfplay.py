"""Headless bot-vs-bot matches for any registered game, to measure bot strength.

    python tools/selfplay.py planepita --seats easy,medium,hard --games 12 --rotate
    python tools/selfplay.py etuc --seats easy,medium --games 20 --seed 7
    python tools/selfplay.py planepita --seats hard,hard --variant doubles=true --jobs 2
    python tools/selfplay.py uchronicle --seats hard,random --games 100 --rotate --json out/u.json
    python tools/selfplay.py etuc --seats easy,easy --seed 3 --untimed --only-game 17

``--seats`` gives one bot level per seat, in seat order; their count is the
player count. Besides the game's own levels (easy, medium, hard) a seat may be
``random``: the core RandomBot, uniform over ``legal_actions``, which draws a
concrete action with the game's ``sample_action`` where the list holds ranges
rather than actions (Planepita's flicks). With ``--rotate`` game g moves every bot g seats on, so no level
keeps the first seat. Game g's seed is ``rng.derive(--seed, "selfplay", g)`` and
each bot's seed derives from that, so a run is reproducible, except where a bot
stops thinking on a wall-clock budget: the output names those levels. ``--untimed`` drops those budgets (bots
keep their iteration caps), so every game replays exactly.

A game that raises does not end the run: the report lists each exception with
its game number, seed, seats, the traceback's last line and the command line
that plays that one game again (``--only-game G``, with ``--untimed`` when the
run was untimed), and the exit status is 1. The report also gives the game
lengths in actions (min, median, max) and each bot's score distribution (min,
quartiles, max); ``--json FILE`` writes the raw results (a row per game) for
tables built from runs (tools/soak.py, tools/strength.py).

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
import json
import multiprocessing
import os
import platform
import shlex
import statistics
import sys
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop import games  # noqa: E402
from tabletop.core import rng  # noqa: E402
from tabletop.core.bots import LEVELS, RandomBot, play, time_budget  # noqa: E402
from tools.cli import OneLineParser, UsageError, add_register, check_counts, register  # noqa: E402

#: what a seat may be: the game's levels, or the core RandomBot
SEAT_LEVELS = (*LEVELS, "random")


@dataclass(frozen=True)
class Plan:
    """Everything that fixes a run (and, bar time budgets, its results)."""

    game: str
    levels: tuple[str, ...]  # one per bot, in the order given
    games: int
    seed: int
    rotate: bool
    variants: tuple[tuple[str, Any], ...] = ()
    #: False: bots keep their iteration caps and drop their seconds (exact replays)
    timed: bool = True
    #: play only this game (0-based, shown 1-based as ``--only-game``)
    only: int | None = None
    #: ``module:ATTR`` GameEntries registered before playing (test games)
    register: tuple[str, ...] = ()

    @property
    def numbers(self) -> range:
        """The games this plan plays (0-based)."""
        if self.only is not None:
            return range(self.only, self.only + 1)
        return range(self.games)

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
    """One game, indexed by bot (not by seat): finished, or stopped by an exception."""

    number: int
    seed: int
    seats: tuple[int, ...]  # seats[seat] = bot index
    places: tuple[int, ...]  # by bot; () when the game raised
    scores: tuple[float, ...]  # by bot; () when the game raised
    times: tuple[tuple[float, ...], ...]  # by bot: seconds per choose call
    actions: int  # actions played (when it raised: the moves chosen before)
    words: str
    #: the traceback's last line ("ValueError: ..."), None for a finished game
    error: str | None = None
    #: the whole traceback, "" for a finished game
    trace: str = ""
    #: seconds the game took in its process (bots' thinking included)
    seconds: float = 0.0
    #: by bot: (decisions, their total seconds, the longest), kept by
    #: --json where ``times`` is not
    spent: tuple[tuple[int, float, float], ...] = ()

    @property
    def ok(self) -> bool:
        return self.error is None

    def thinking(self, bot: int) -> tuple[int, float, float]:
        """Bot ``bot``'s (decisions, total seconds, longest) in this game."""
        if self.times:
            t = self.times[bot]
            return len(t), sum(t), max(t, default=0.0)
        return self.spent[bot] if bot < len(self.spent) else (0, 0.0, 0.0)


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


class RandomSeat:
    """The ``random`` level: the core RandomBot, uniform over
    ``legal_actions(view)``; where the entry it picks is no action itself but
    a range of them (``check`` refuses it: Planepita's flick ranges, its
    jammer area), a concrete one drawn by the game's ``sample_action``."""

    def __init__(self, entry: Any, seat: int, seed: int) -> None:
        self.entry = entry
        self.seat = seat
        self.bot = RandomBot(entry.rules, seat, seed)

    def choose(self, view: Any) -> Any:
        action = self.bot.choose(view)
        if self.entry.rules.check(view, action) is not None:
            action = self.entry.sample_action(view, self.bot.rng)
        return action


def make_seat(entry: Any, level: str, seat: int, seed: int, *, timed: bool = True) -> Any:
    """A bot of ``level`` (one of SEAT_LEVELS) for ``seat``."""
    if level == "random":
        return RandomSeat(entry, seat, seed)
    return entry.make_bot(level, seat, seed, timed=timed)


def config_of(plan: Plan) -> Any:
    """The game's config; ValueError (for players) on a bad count or variant."""
    return games.REGISTRY[plan.game].default_config(plan.players, **dict(plan.variants))


def play_game(plan: Plan, g: int) -> GameResult:
    """Play game ``g`` of ``plan`` to the end (in this process or a worker).

    An exception (in setup, a bot, the rules) does not propagate: the result
    carries its last line and traceback, and the run goes on."""
    for spec in plan.register:
        if plan.game not in games.REGISTRY:
            register(spec)
    entry = games.REGISTRY[plan.game]
    seed = plan.game_seed(g)
    seats = plan.seating(g)
    start = time.perf_counter()
    bots: list[_Timed] = []
    try:
        state = entry.rules.setup(config_of(plan), seed)
        bots = [
            _Timed(
                make_seat(
                    entry,
                    plan.levels[b],
                    seat,
                    rng.derive(seed, "selfplay-bot", seat),
                    timed=plan.timed,
                )
            )
            for seat, b in enumerate(seats)
        ]
        state, actions = play(entry.rules, state, bots)
        outcome = entry.rules.outcome(state)
    except Exception as exc:  # noqa: BLE001 - reported with its seed, and the run goes on
        by_bot = sorted(range(plan.players), key=lambda seat: seats[seat])
        last = traceback.format_exception_only(exc)[-1].strip()
        return GameResult(
            number=g,
            seed=seed,
            seats=seats,
            places=(),
            scores=(),
            times=tuple(tuple(bots[s].times) if bots else () for s in by_bot),
            actions=sum(len(b.times) for b in bots),  # the moves chosen before it raised
            words="",
            error=last,
            trace="".join(traceback.format_exception(exc)),
            seconds=time.perf_counter() - start,
        )
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
        seconds=time.perf_counter() - start,
    )


def _play_job(job: tuple[Plan, int]) -> GameResult:
    return play_game(*job)


def replay_command(plan: Plan, g: int) -> str:
    """The command line that plays game ``g`` of ``plan`` alone, as it was played."""
    argv = ["python", "tools/selfplay.py", plan.game, "--seats", ",".join(plan.levels)]
    argv += ["--seed", str(plan.seed)]
    if plan.rotate:
        argv.append("--rotate")
    for key, value in plan.variants:
        text = str(value).lower() if isinstance(value, bool) else str(value)
        argv += ["--variant", f"{key}={text}"]
    if not plan.timed:
        argv.append("--untimed")
    for spec in plan.register:
        argv += ["--register", spec]
    argv += ["--only-game", str(g + 1)]
    return shlex.join(argv)


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
        if not r.ok:
            continue
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
    results = [r for r in results if r.ok]
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


def spread(xs: Sequence[float]) -> tuple[float, float, float, float, float] | None:
    """(min, lower quartile, median, upper quartile, max), or None for no values."""
    if not xs:
        return None
    if len(xs) == 1:
        return (xs[0],) * 5
    q1, q2, q3 = statistics.quantiles(xs, n=4, method="inclusive")
    return (min(xs), q1, q2, q3, max(xs))


def _num(x: float) -> str:
    """A score or length as printed: whole numbers without a point."""
    return str(int(x)) if float(x).is_integer() else f"{x:.2f}".rstrip("0")


def spread_words(xs: Sequence[float]) -> str:
    """ "min / q1 / median / q3 / max", or "-" for no values."""
    s = spread(xs)
    return " / ".join(_num(x) for x in s) if s is not None else "-"


def lengths(results: Sequence[GameResult]) -> tuple[int, float, int] | None:
    """(min, median, max) actions of the finished games, or None."""
    xs = [r.actions for r in results if r.ok]
    if not xs:
        return None
    return (min(xs), statistics.median(xs), max(xs))


def exception_lines(
    plan: Plan, results: Sequence[GameResult], where: str = "", *, markdown: bool = False
) -> list[str]:
    """A paragraph per game that raised: ``where`` (the cell, for a table),
    number, seed, seats, last line, and the command that replays it (in
    backticks with ``markdown``)."""
    quote = "`" if markdown else ""
    out = []
    for r in results:
        if r.ok:
            continue
        seats = ",".join(plan.levels[b] for b in r.seats)
        out += [
            f"- {where}game {r.number + 1}, seed {r.seed}, seats {seats}, after {r.actions} decisions: "
            f"{quote}{r.error}{quote}",
            f"  replay: {quote}{replay_command(plan, r.number)}{quote}",
        ]
    return out


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
    entry = games.REGISTRY[plan.game]
    variants = ", ".join(f"{k}={v}" for k, v in config_of(plan).variants.items()) or "none"
    lines = [
        f"{entry.info.title} self-play: {plan.players} players, seats {','.join(plan.levels)}, "
        f"{len(results)} games, {'rotated' if plan.rotate else 'fixed seats'}, seed {plan.seed}, "
        f"variants: {variants}" + ("" if plan.timed else ", untimed"),
        "",
    ]
    failed = [r for r in results if not r.ok]
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
    lines += [
        "",
        markdown(
            ("bot", "score min / q1 / median / q3 / max"),
            [(r.label, spread_words(r.scores)) for r in rows],
        ),
    ]
    firsts = [0] * plan.players
    for r in results:
        if r.ok and r.places.count(1) == 1:
            firsts[r.seats.index(r.places.index(1))] += 1  # the seat of the bot that won
    per_seat = ", ".join(f"P{s + 1} {w}" for s, w in enumerate(firsts))
    played_first = [sum(1 for r in results if r.seats[0] == b) for b in range(plan.players)]
    lines += [
        "",
        f"sole wins by seat: {per_seat}",
        "first seat played by: "
        + ", ".join(f"{plan.labels[b]} {k}" for b, k in enumerate(played_first)),
        "actions per game: "
        + (
            "none finished"
            if (span := lengths(results)) is None
            else f"min {span[0]}, median {_num(span[1])}, max {span[2]}, "
            f"avg {_mean([r.actions for r in results if r.ok]):.0f}"
        ),
        f"wall time: {wall:.1f} s ({jobs} process{'es' if jobs > 1 else ''}, "
        f"{os.cpu_count()} cores)",
    ]
    budgets = []
    for b, level in enumerate(plan.levels):
        budget = time_budget(make_seat(entry, level, 0, 0, timed=plan.timed))
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
    lines += ["", f"exceptions: {len(failed)}" + (":" if failed else "")]
    lines += exception_lines(plan, results)
    return "\n".join(lines)


def to_json(plan: Plan, results: Sequence[GameResult], wall: float, jobs: int) -> dict[str, Any]:
    """The run as plain data: the plan, the machine, and a row per game (decision
    times summed per bot: count, total and max seconds)."""
    return {
        "game": plan.game,
        "players": plan.players,
        "levels": list(plan.levels),
        "labels": list(plan.labels),
        "games": len(results),
        "seed": plan.seed,
        "rotate": plan.rotate,
        "timed": plan.timed,
        "variants": dict(config_of(plan).variants),
        "wall_seconds": round(wall, 3),
        "jobs": jobs,
        "machine": machine(),
        "results": [
            {
                "game": r.number + 1,
                "seed": r.seed,
                "seats": [plan.levels[b] for b in r.seats],
                "seat_bots": list(r.seats),
                "places": list(r.places),
                "scores": list(r.scores),
                "actions": r.actions,
                "seconds": round(r.seconds, 4),
                "decisions": [
                    {"count": n, "total": round(total, 4), "max": round(longest, 4)}
                    for n, total, longest in (r.thinking(b) for b in range(len(r.times or r.spent)))
                ],
                "words": r.words,
                "error": r.error,
                "traceback": r.trace or None,
                "replay": None if r.ok else replay_command(plan, r.number),
            }
            for r in results
        ],
    }


def result_from_json(row: dict[str, Any]) -> GameResult:
    """A game's result back from :func:`to_json` (decision times not kept)."""
    return GameResult(
        number=row["game"] - 1,
        seed=row["seed"],
        seats=tuple(row["seat_bots"]),
        places=tuple(row["places"]),
        scores=tuple(row["scores"]),
        times=(),
        spent=tuple((d["count"], d["total"], d["max"]) for d in row.get("decisions", ())),
        actions=row["actions"],
        words=row.get("words", ""),
        error=row["error"],
        trace=row["traceback"] or "",
        seconds=row["seconds"],
    )


def machine() -> str:
    """The machine in words: cores, Python, system."""
    return (
        f"{os.cpu_count()} cores, Python {platform.python_version()}, "
        f"{platform.system()} {platform.machine()}"
    )


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
        help=f"one bot level per seat, in seat order ({', '.join(SEAT_LEVELS)}); "
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
    p.add_argument(
        "--untimed",
        action="store_true",
        help="bots keep their iteration caps and drop their seconds, so every game replays exactly",
    )
    p.add_argument(
        "--only-game",
        type=int,
        metavar="G",
        help="play only game G of the run (as numbered in the report), e.g. to replay an exception",
    )
    add_register(p)
    p.add_argument("--json", metavar="FILE", help="also write the raw results as JSON to FILE")
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
    for spec in args.register:
        register(spec)
    if args.game not in games.REGISTRY:
        raise UsageError(f"unknown game {args.game!r} (games: {', '.join(games.REGISTRY)})")
    info = games.REGISTRY[args.game].info
    levels = tuple(s.strip() for s in args.seats.split(","))
    for level in levels:
        if level not in SEAT_LEVELS:
            raise UsageError(
                f"unknown bot level {level!r} in --seats (levels: {', '.join(SEAT_LEVELS)})"
            )
    if len(levels) not in info.player_range:
        raise UsageError(
            f"{info.title} is for {info.min_players} to {info.max_players} players; "
            f"--seats gives {len(levels)}"
        )
    check_counts(args.games, args.jobs, args.seed)
    if args.only_game is not None and args.only_game < 1:
        raise UsageError(f"--only-game must be at least 1, not {args.only_game}")
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
    plan = Plan(
        args.game,
        levels,
        args.games,
        args.seed,
        args.rotate,
        tuple(variants.items()),
        timed=not args.untimed,
        only=None if args.only_game is None else args.only_game - 1,
        register=tuple(args.register),
    )
    try:
        config_of(plan)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return plan


def run(plan: Plan, jobs: int = 1, verbose: bool = False) -> list[GameResult]:
    """Play every game of ``plan``, in game order, with ``jobs`` processes."""
    todo = [(plan, g) for g in plan.numbers]
    results: list[GameResult] = []

    def show(r: GameResult) -> None:
        if verbose:
            seats = " ".join(
                f"P{s + 1}={plan.labels[b]}" + (f":{r.places[b]}" if r.ok else "")
                for s, b in enumerate(r.seats)
            )
            print(
                f"game {r.number + 1}/{plan.games} seed {r.seed}: {seats} | "
                + (r.words if r.ok else f"raised {r.error}"),
                flush=True,
            )

    if jobs == 1:
        for job in todo:
            results.append(_play_job(job))
            show(results[-1])
        return results
    with multiprocessing.get_context("spawn").Pool(min(jobs, len(todo))) as pool:
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
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            json.dumps(to_json(plan, results, wall, args.jobs), indent=1, default=str) + "\n"
        )
    return 1 if any(not r.ok for r in results) else 0


if __name__ == "__main__":
    raise SystemExit(main())
