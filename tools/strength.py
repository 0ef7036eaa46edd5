"""The bot strength table: each level against the one below it, and the
hard bot against the easy bot, per game, at 2 players and at the game's
largest count.

    python tools/strength.py --jobs 2 --untimed --games 200 --largest-games 100
    python tools/strength.py --only etuc --players 2 --pair medium-easy --games 10 --out -
    python tools/strength.py --only planet --pair hard-random --json out/planet.json --out -
    python tools/strength.py --merge out/etuc.json out/planet.json

A cell is one bot of the stronger level against bots of the weaker level in
every other seat, seats rotated (game g moves every bot g seats on, so the
stronger bot sits in each seat in turn): the games of ``tools/selfplay.py
GAME --seats hard,medium,... --rotate``. Its score is a game it finishes
first alone, and a first place shared with k others counts 1/(k+1) (at 2
players, a tie counts half); the win rate is its score over the games. In
a team game (Planepita at 6 players) its team's first places count. The
goals (:func:`goal`): 60 % at 2 players for hard against medium and medium
against easy; at the largest count 70 % for hard against easy and 1.5 times
chance against medium; 95 % against random.

Bots keep their wall-clock budgets (the hard bot's seconds a move, as players
meet it) unless ``--untimed``, which the published table uses: a level is its
search budget in iterations, so the figures do not depend on the machine.
``--jobs N`` plays a cell's games in N processes. Nothing here imports pygame.
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
#: (stronger level, weaker level) pairs a cell can play
PAIRS = ("hard-medium", "medium-easy", "hard-easy", "hard-random")
#: the pairs of the table, in its order
DEFAULT_PAIRS = ("hard-medium", "medium-easy", "hard-easy")
#: games that are always team games at a count: the teams at the table
#: (Planepita at 6 players: three teams of two by default)
TEAMS = {("planepita", 6): 3}


@dataclass(frozen=True)
class Cell:
    game: str
    players: int
    opponent: str
    #: the stronger bot's level
    level: str = "hard"

    @property
    def levels(self) -> tuple[str, ...]:
        return (self.level,) + (self.opponent,) * (self.players - 1)

    @property
    def pair(self) -> str:
        return f"{self.level}-{self.opponent}"

    @property
    def sides(self) -> int:
        """The sides that race for first place: the seats, or the teams."""
        return TEAMS.get((self.game, self.players), self.players)

    @property
    def largest(self) -> bool:
        return self.players > 2 and self.players == games.REGISTRY[self.game].info.max_players


def goal(cell: Cell) -> float | None:
    """The share of games (ties counted in part) the stronger bot must win:
    95 % against random; at 2 players 60 % a step of the ladder and 70 %
    hard against easy; at the largest count 70 % hard against easy and 1.5
    times chance against medium (in a team game, 60 % and 50 %, chance a
    third); None where the issue sets none."""
    if cell.opponent == "random":
        return 0.95
    team = (cell.game, cell.players) in TEAMS
    if cell.players == 2:
        return 0.70 if cell.pair == "hard-easy" else 0.60
    if cell.pair == "hard-easy":
        return 0.60 if team else 0.70
    if cell.pair == "hard-medium":
        return 0.50 if team else min(1.0, 1.5 / cell.sides)
    return None


def matrix(
    only: Sequence[str] = (), players: Sequence[int] = (), pairs: Sequence[str] = ()
) -> list[Cell]:
    """Per game (all registered when none named): 2 players and the largest
    count (or the counts named, where the game takes them), for each pair
    of levels (:data:`DEFAULT_PAIRS` when none named)."""
    out = []
    for name in only or list(games.REGISTRY):
        info = games.REGISTRY[name].info
        counts = sorted({max(2, info.min_players), info.max_players})
        if players:
            counts = [n for n in players if n in info.player_range]
        for n in counts:
            for pair in pairs or DEFAULT_PAIRS:
                level, _, opponent = pair.partition("-")
                out.append(Cell(name, n, opponent, level))
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
        """Games the stronger bot (bot 0) finished first alone (in a team
        game: its team first alone)."""
        return sum(1 for r in self.finished if r.places[0] == 1 and self._firsts(r) == 1)

    @property
    def shared(self) -> int:
        return sum(1 for r in self.finished if r.places[0] == 1 and self._firsts(r) > 1)

    def _firsts(self, result: selfplay.GameResult) -> int:
        """The sides that finished first: in a team game, the teams (its
        seats share their team's place, so the firsts over its team's size)."""
        firsts = result.places.count(1)
        sides = self.cell.sides
        if sides == self.cell.players:
            return firsts
        return max(1, round(firsts * sides / self.cell.players))

    @property
    def score(self) -> float:
        """Sole firsts, and each shared first as one over the sides sharing it."""
        return sum(1.0 / self._firsts(r) for r in self.finished if r.places[0] == 1)

    @property
    def rate(self) -> float | None:
        done = len(self.finished)
        return self.score / done if done else None

    @property
    def per_game(self) -> float:
        return selfplay._mean([r.seconds for r in self.results])

    def row(self) -> tuple[str, ...]:
        target = goal(self.cell)
        rate = self.rate
        met = "-" if rate is None or target is None else ("yes" if rate >= target else "no")
        strong = [r.scores[0] for r in self.finished]
        others = [s for r in self.finished for s in r.scores[1:]]
        return (
            games.REGISTRY[self.cell.game].info.title,
            str(self.cell.players),
            self.cell.level,
            self.cell.opponent,
            str(len(self.results)),
            str(self.wins),
            str(self.shared),
            "-" if rate is None else f"{rate * 100:.0f} %",
            "-" if target is None else f"{target * 100:.1f} %".replace(".0 %", " %"),
            met,
            f"{selfplay._mean(strong):.1f}" if strong else "-",
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
        entry = games.REGISTRY[self.cell.game]
        limit = time_budget(selfplay.make_seat(entry, self.cell.level, 0, 0, timed=True))
        spent = [r.thinking(0) for r in self.finished]
        n = sum(k for k, _, _ in spent)
        if not n:
            return "-"
        mean = sum(t for _, t, _ in spent) / n
        of = "" if limit is None else f" (limit {limit:g} s)"
        return f"{mean:.2f} / {max(m for _, _, m in spent):.2f} s{of}"


HEAD = (
    "game",
    "players",
    "bot",
    "against",
    "games",
    "sole wins",
    "shared firsts",
    "win rate",
    "goal",
    "met",
    "bot avg score",
    "others avg score",
    "exceptions",
    "bot's thinking: mean / longest",
    "per game",
)


def plan_of(cell: Cell, n: int, seed: int, timed: bool) -> selfplay.Plan:
    return selfplay.Plan(cell.game, cell.levels, n, seed, rotate=True, timed=timed)


def play_cells(
    todo: Sequence[Cell], n: int, largest: int, seed: int, jobs: int, timed: bool
) -> Iterator[CellResult]:
    """Play each cell's ``n`` games (``largest`` at a game's largest count)
    in ``jobs`` processes (:func:`tools.cells.play`); yield each cell as it ends."""
    plans = [(cell, plan_of(cell, largest if cell.largest else n, seed, timed)) for cell in todo]
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
        "Each level against the one below it (hard against medium, medium against",
        "easy) and the hard bot against the easy bot, per game, at 2 players and at",
        "the largest count. One bot of the stronger level plays every other seat's",
        "bot of the weaker level, seats rotated (it sits in each seat in turn). Its",
        "score is its first places, a first shared with k others counting 1/(k+1)",
        "(at 2 players a tie counts half); in Planepita's team game at 6 players,",
        "its team's. The win rate is the score over the games. Goals: 60 % for each",
        "step of the ladder at 2 players; at the largest count, 70 % for hard",
        "against easy and 1.5 times chance for hard against medium (Planepita's",
        "team game: 60 % and 50 %, chance a third); 95 % against random.",
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
            f"{c.cell.game}, {c.cell.players} players, {c.cell.level} against {c.cell.opponent}: ",
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
    return run_doc(run, done, lambda c: {"opponent": c.cell.opponent, "level": c.cell.level})


def from_json(doc: dict[str, Any]) -> tuple[list[CellResult], Run]:
    """A run written by :func:`run_json`, back as cells and its Run."""
    done = []
    for row in doc["cells"]:
        # a run written before the ladder's rows was the hard bot's alone
        cell = Cell(row["game"], row["players"], row["opponent"], row.get("level", "hard"))
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
        "--pair",
        action="append",
        default=[],
        choices=PAIRS,
        help=f"only this pair of levels (repeatable; default {', '.join(DEFAULT_PAIRS)})",
    )
    p.add_argument(
        "--largest-games",
        type=int,
        metavar="N",
        help="games a cell at a game's largest count (default: --games)",
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
        if args.largest_games is not None:
            check_counts(args.largest_games, args.jobs, args.seed)
        todo = matrix(args.only, args.players, args.pair)
        if not todo:
            raise UsageError("no cell: no game takes the player counts given")
    except UsageError as exc:
        print(f"strength: error: {exc}", file=sys.stderr)
        return 2

    def progress(c: CellResult) -> None:
        if not args.quiet:
            rate = "-" if c.rate is None else f"{c.rate * 100:.0f} %"
            print(
                f"{c.cell.game} {c.cell.players}p {c.cell.level} vs {c.cell.opponent}: "
                f"{c.score:g}/{len(c.results)} ({rate}), {seconds(c.wall)} "
                f"({seconds(c.per_game)} a game)",
                flush=True,
            )

    largest = args.games if args.largest_games is None else args.largest_games
    cells = play_cells(todo, args.games, largest, args.seed, args.jobs, not args.untimed)
    done, run = collect(
        cells, "strength", argv, args.jobs, args.seed, args.json, run_json, progress
    )
    write(document(done, [run], args.note), args.out)
    return 1 if any(len(c.finished) < len(c.results) for c in done) else 0


if __name__ == "__main__":
    raise SystemExit(main())
