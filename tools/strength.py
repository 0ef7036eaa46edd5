"""The bot strength table: the hard bot against the random bot and against
the easy bot, per game, at 2 players and at the game's largest count.

    python tools/strength.py --jobs 2                       # 100 games a cell -> docs/strength.md
    python tools/strength.py --only etuc --players 2 --opponent random --games 10 --out -
    python tools/strength.py --only planet --json out/planet.json --out -
    python tools/strength.py --merge out/etuc.json out/planet.json

A cell is one hard bot and every other seat the opponent level, seats rotated
(game g moves every bot g seats on, so hard sits in each seat in turn): the
games of ``tools/selfplay.py GAME --seats hard,random,... --rotate``. The hard
bot wins a game when it finishes first alone; the table gives its wins, its
shared first places, its win rate (sole wins over games) and the goal: at least
95 % against random and at least 70 % against easy. Where a game's luck makes a
goal out of reach, the table shows the numbers and the notes say why.

Bots keep their wall-clock budgets (the hard bot's seconds a move, as players
meet it) unless ``--untimed``; with budgets, results depend a little on the
machine and on what else runs. ``--jobs N`` plays a cell's games in N
processes. Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop import games  # noqa: E402
from tabletop.core.bots import time_budget  # noqa: E402
from tools import selfplay  # noqa: E402
from tools.cells import Run, add_run_options, collect, merged, play, run_doc, seconds, write  # noqa: E402
from tools.cli import OneLineParser, UsageError, check_counts  # noqa: E402

DEFAULT_GAMES = 100
DEFAULT_OUT = ROOT / "docs" / "strength.md"
OPPONENTS = ("random", "easy")
#: the hard bot's goal against each opponent: the share of games it wins alone
GOALS = {"random": 0.95, "easy": 0.70}


@dataclass(frozen=True)
class Cell:
    game: str
    players: int
    opponent: str

    @property
    def levels(self) -> tuple[str, ...]:
        return ("hard",) + (self.opponent,) * (self.players - 1)


def matrix(
    only: Sequence[str] = (), players: Sequence[int] = (), opponents: Sequence[str] = ()
) -> list[Cell]:
    """Per game (all registered when none named): 2 players and the largest
    count (or the counts named, where the game takes them), against each opponent."""
    out = []
    for name in only or list(games.REGISTRY):
        info = games.REGISTRY[name].info
        counts = sorted({max(2, info.min_players), info.max_players})
        if players:
            counts = [n for n in players if n in info.player_range]
        for n in counts:
            for opp in opponents or OPPONENTS:
                out.append(Cell(name, n, opp))
    return out


@dataclass(frozen=True)
class CellResult:
    cell: Cell
    plan: selfplay.Plan
    results: tuple[selfplay.GameResult, ...]
    wall: float

    @property
    def finished(self) -> list[selfplay.GameResult]:
        return [r for r in self.results if r.ok]

    @property
    def wins(self) -> int:
        """Games the hard bot (bot 0) finished first alone."""
        return sum(1 for r in self.finished if r.places[0] == 1 and r.places.count(1) == 1)

    @property
    def shared(self) -> int:
        return sum(1 for r in self.finished if r.places[0] == 1 and r.places.count(1) > 1)

    @property
    def rate(self) -> float | None:
        done = len(self.finished)
        return self.wins / done if done else None

    @property
    def per_game(self) -> float:
        return selfplay._mean([r.seconds for r in self.results])

    def row(self) -> tuple[str, ...]:
        goal = GOALS.get(self.cell.opponent)
        rate = self.rate
        met = "-" if rate is None or goal is None else ("yes" if rate >= goal else "no")
        hard = [r.scores[0] for r in self.finished]
        others = [s for r in self.finished for s in r.scores[1:]]
        return (
            games.REGISTRY[self.cell.game].info.title,
            str(self.cell.players),
            self.cell.opponent,
            str(len(self.results)),
            str(self.wins),
            str(self.shared),
            "-" if rate is None else f"{rate * 100:.0f} %",
            "-" if goal is None else f"{goal * 100:.0f} %",
            met,
            f"{selfplay._mean(hard):.1f}" if hard else "-",
            f"{selfplay._mean(others):.1f}" if others else "-",
            str(len(self.results) - len(self.finished)),
            self.at_limit(),
            seconds(self.per_game),
        )

    def at_limit(self) -> str:
        """The hard bot's thinking a decision, mean and longest, against its
        seconds a decision ("-" when untimed). A mean near the limit means it
        mostly stopped at the limit, not at its cap: the row then depends on
        the machine's speed and load."""
        budget = time_budget(
            selfplay.make_seat(games.REGISTRY[self.cell.game], "hard", 0, 0, timed=self.plan.timed)
        )
        spent = [r.thinking(0) for r in self.finished]
        n = sum(k for k, _, _ in spent)
        if budget is None or not n:
            return "-"
        mean = sum(t for _, t, _ in spent) / n
        return f"{mean:.2f} / {max(m for _, _, m in spent):.2f} s of {budget:g} s"


HEAD = (
    "game",
    "players",
    "hard against",
    "games",
    "hard wins",
    "shared firsts",
    "win rate",
    "goal",
    "met",
    "hard avg score",
    "others avg score",
    "exceptions",
    "hard's thinking: mean / longest, limit",
    "per game",
)


def plan_of(cell: Cell, n: int, seed: int, timed: bool) -> selfplay.Plan:
    return selfplay.Plan(cell.game, cell.levels, n, seed, rotate=True, timed=timed)


def play_cells(
    todo: Sequence[Cell], n: int, seed: int, jobs: int, timed: bool
) -> Iterator[CellResult]:
    """Play each cell's ``n`` games in ``jobs`` processes (:func:`tools.cells.play`);
    yield each cell as it ends."""
    plans = [(cell, plan_of(cell, n, seed, timed)) for cell in todo]
    for cell, plan, results, wall in play(plans, jobs):
        yield CellResult(cell, plan, results, wall)


def document(done: Sequence[CellResult], runs: Sequence[Run], notes: Sequence[str] = ()) -> str:
    """docs/strength.md: what was run, where, when, and a row per cell."""
    counts = sorted({len(c.results) for c in done})
    timed = sorted({c.plan.timed for c in done})
    full = sum(c.per_game for c in done) * DEFAULT_GAMES
    lines = [
        "# Bot strength",
        "",
        "The hard bot against the random bot and against the easy bot, per game, at",
        "2 players and at the largest count, seats rotated (the hard bot sits in each",
        "seat in turn; at more than 2 players every other seat is the opponent). A",
        "win is a game the hard bot finishes first alone; the win rate is wins over",
        "games. Goals: at least 95 % against random, at least 70 % against easy.",
        "Written by `tools/strength.py`.",
        "",
    ]
    for r in runs:
        lines.append(f"- Run: {r.when}, `{r.command}` {r.words()}, {r.machine}")
    lines += [
        f"- Games per cell: {', '.join(map(str, counts)) or '0'}; bots "
        + (
            "keep their wall-clock budgets (as players meet them)"
            if timed == [True]
            else "untimed (iteration caps only)"
            if timed == [False]
            else "timed in some cells, untimed in others"
        ),
        f"- At the measured rates, {DEFAULT_GAMES} games in each of these cells would take "
        f"about {seconds(full)} in one process",
        "",
        selfplay.markdown(HEAD, [c.row() for c in done]),
        "",
    ]
    failed = [
        line
        for c in done
        for line in selfplay.exception_lines(
            c.plan,
            c.results,
            f"{c.cell.game}, {c.cell.players} players, hard against {c.cell.opponent}: ",
            markdown=True,
        )
    ]
    if failed:
        lines += ["## Exceptions", "", *failed, ""]
    if notes:
        lines += ["## Notes", ""] + [f"- {n}" for n in notes] + [""]
    return "\n".join(lines)


def run_json(done: Sequence[CellResult], run: Run) -> dict[str, Any]:
    """A strength run as plain data (``--json``), which ``--merge`` reads back."""
    return run_doc(run, done, lambda c: {"opponent": c.cell.opponent})


def from_json(doc: dict[str, Any]) -> tuple[list[CellResult], Run]:
    """A run written by :func:`run_json`, back as cells and its Run."""
    done = []
    for row in doc["cells"]:
        cell = Cell(row["game"], row["players"], row["opponent"])
        plan = plan_of(cell, row["games"], row["seed"], row["timed"])
        results = tuple(selfplay.result_from_json(r) for r in row["results"])
        done.append(CellResult(cell, plan, results, row["cell_wall_seconds"]))
    return done, Run.from_json(doc)


def merge(files: Sequence[str], out: str, notes: Sequence[str] = ()) -> int:
    """Write the table from earlier runs' JSON, a cell of a later file taking
    the place of the same cell in an earlier one, rows in the matrix's order;
    exit 1 when any game raised."""
    got = merged(files, from_json, lambda c: c.cell, matrix(), "strength")
    if got is None:
        return 2
    done, _, runs = got
    write(document(done, runs, notes), out)
    return 1 if any(len(c.finished) < len(c.results) for c in done) else 0


# -- the command line ---------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        label="strength",
        prog="tools/strength.py",
        description="Play the hard bot against random and easy bots, seats rotated, "
        "and write the win rates against the goals.",
    )
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="GAME",
        help="only this game (repeatable; default every registered game)",
    )
    p.add_argument(
        "--players",
        action="append",
        default=[],
        type=int,
        metavar="N",
        help="only this player count (repeatable; default 2 and the largest)",
    )
    p.add_argument(
        "--opponent",
        action="append",
        default=[],
        choices=OPPONENTS,
        help="only this opponent (repeatable; default random and easy)",
    )
    p.add_argument(
        "--untimed",
        action="store_true",
        help="bots keep their iteration caps and drop their seconds (exact replays)",
    )
    add_run_options(
        p, DEFAULT_GAMES, DEFAULT_OUT, "why a goal is out of reach, what a full run would take"
    )
    return p


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.merge:
        return merge(args.merge, args.out, args.note)
    try:
        for name in args.only:
            if name not in games.REGISTRY:
                raise UsageError(f"unknown game {name!r} (games: {', '.join(games.REGISTRY)})")
        check_counts(args.games, args.jobs, args.seed)
        todo = matrix(args.only, args.players, args.opponent)
        if not todo:
            raise UsageError("no cell: no game takes the player counts given")
    except UsageError as exc:
        print(f"strength: error: {exc}", file=sys.stderr)
        return 2

    def progress(c: CellResult) -> None:
        if not args.quiet:
            rate = "-" if c.rate is None else f"{c.rate * 100:.0f} %"
            print(
                f"{c.cell.game} {c.cell.players}p hard vs {c.cell.opponent}: "
                f"{c.wins}/{len(c.results)} wins ({rate}), {seconds(c.wall)} "
                f"({seconds(c.per_game)} a game)",
                flush=True,
            )

    cells = play_cells(todo, args.games, args.seed, args.jobs, not args.untimed)
    done, run = collect(
        cells, "strength", argv, args.jobs, args.seed, args.json, run_json, progress
    )
    write(document(done, [run], args.note), args.out)
    return 1 if any(len(c.finished) < len(c.results) for c in done) else 0


if __name__ == "__main__":
    raise SystemExit(main())
