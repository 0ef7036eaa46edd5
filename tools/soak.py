"""The self-play soak: every registered game at every player count with every
variant, bots against bots, N games a cell, and a table of what happened.

    python tools/soak.py --jobs 2                          # 1,000 games a cell -> docs/soak.md
    python tools/soak.py --games 200 --games-for planepita=50 --jobs 2
    python tools/soak.py --only etuc --players 2 --games 3 --out -
    python tools/soak.py --only uchronicle --level-for uchronicle=random --games 100

A *cell* is a game, a player count and a variant choice. By default the cells
are the game's defaults plus, for every variant offered at that count, each of
its other values alone (Planepita at 4 players: defaults, team play,
clockwise, doubles, practice); ``--combinations`` takes every combination
instead. A variant with no list of choices (Planepita's physics values) keeps
its default.

Every seat of a cell is the same level (``--level``, default easy;
``--level-for GAME=random`` where the game's easy bot is too slow). Bots are
untimed (their iteration caps, no seconds), so a game replays exactly from its
seed: the games of a cell are tools/selfplay.py's games with ``--untimed``, and
an exception is listed with the selfplay command line that plays that one game
again. Exceptions never stop the soak; the table counts them per cell (the goal
is 0) and lists each below it.

The table (``--out``, default docs/soak.md; ``-`` prints it only) has a row per
cell: games, exceptions, game length in actions (average, median), the score
spread over every seat (min, quartiles, max), the cell's wall time and its
seconds per game, with the date, the machine, the command and what 1,000 games
a cell would take at the measured rates. ``--json FILE`` keeps every game's
result. Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop import games  # noqa: E402
from tabletop.core import rng  # noqa: E402
from tabletop.core.words import plural  # noqa: E402
from tools import selfplay  # noqa: E402
from tools.cells import Run, add_run_options, collect, merged, play, run_doc, seconds, write  # noqa: E402
from tools.cli import OneLineParser, UsageError, add_register, check_counts, register  # noqa: E402

DEFAULT_GAMES = 1000
DEFAULT_OUT = ROOT / "docs" / "soak.md"
#: the games a full soak plays a cell, for the estimate in the table
FULL = 1000


@dataclass(frozen=True)
class Cell:
    """One game at one player count with one variant choice."""

    game: str
    players: int
    #: the variants chosen away from their defaults, in the game's order
    variants: tuple[tuple[str, Any], ...]

    @property
    def variant_words(self) -> str:
        return ", ".join(f"{k}={_value(v)}" for k, v in self.variants) or "defaults"


def _value(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def cells_of(game: str, players: int, combinations: bool = False) -> list[Cell]:
    """The cells of ``game`` at ``players``: its defaults, then each other
    value of each variant offered at that count alone (or, with
    ``combinations``, every combination of them, defaults first)."""
    info = games.REGISTRY[game].info
    offered = [v for v in info.variants if v.offered_for(players) and v.choices]
    if combinations:
        out = []
        for values in itertools.product(*(v.choices for v in offered)):
            chosen = tuple(
                (v.key, x)
                for v, x in zip(offered, values)
                if x != v.default or type(x) is not type(v.default)
            )
            out.append(Cell(game, players, chosen))
        out.sort(key=lambda c: len(c.variants))
        return out
    out = [Cell(game, players, ())]
    for v in offered:
        for x in v.choices:
            if x != v.default or type(x) is not type(v.default):
                out.append(Cell(game, players, ((v.key, x),)))
    return out


def matrix(
    only: Sequence[str] = (), players: Sequence[int] = (), combinations: bool = False
) -> list[Cell]:
    """Every cell of the games named (all registered games when none), at
    the counts named (every count a game takes when none)."""
    out = []
    for name in only or list(games.REGISTRY):
        info = games.REGISTRY[name].info
        for n in info.player_range:
            if players and n not in players:
                continue
            out += cells_of(name, n, combinations)
    return out


@dataclass(frozen=True)
class CellResult:
    cell: Cell
    level: str
    plan: selfplay.Plan
    results: tuple[selfplay.GameResult, ...]
    wall: float

    @property
    def failed(self) -> list[selfplay.GameResult]:
        return [r for r in self.results if not r.ok]

    @property
    def finished(self) -> list[selfplay.GameResult]:
        return [r for r in self.results if r.ok]

    @property
    def per_game(self) -> float:
        """Seconds one game takes in its process (the mean)."""
        return selfplay._mean([r.seconds for r in self.results])

    def row(self) -> tuple[str, ...]:
        done = self.finished
        lengths = [r.actions for r in done]
        scores = [s for r in done for s in r.scores]
        return (
            games.REGISTRY[self.cell.game].info.title,
            str(self.cell.players),
            self.cell.variant_words,
            self.level,
            str(len(self.results)),
            str(len(self.failed)),
            f"{selfplay._mean(lengths):.1f}" if lengths else "-",
            selfplay._num(statistics.median(lengths)) if lengths else "-",
            selfplay.spread_words(scores),
            seconds(self.wall),
            seconds(self.per_game),
        )


HEAD = (
    "game",
    "players",
    "variants",
    "bots",
    "games",
    "exceptions",
    "avg length",
    "median length",
    "scores min / q1 / median / q3 / max",
    "wall time",
    "per game",
)


def plan_of(
    cell: Cell, level: str, n: int, seed: int, register: tuple[str, ...] = ()
) -> selfplay.Plan:
    return selfplay.Plan(
        cell.game,
        (level,) * cell.players,
        n,
        seed,
        rotate=False,
        variants=cell.variants,
        timed=False,
        register=register,
    )


def cell_seed(seed: int, cell: Cell) -> int:
    """The seed of ``cell``'s games in a soak of ``seed``: its own for each
    cell, so a variant the bots play alike (Planepita's practice, Planet's
    secret animals) still soaks games the defaults' cell did not."""
    return rng.derive(seed, "soak", cell.game, cell.players, cell.variant_words)


def run_cells(
    todo: Sequence[tuple[Cell, str, int]],
    seed: int,
    jobs: int,
    register: tuple[str, ...] = (),
) -> Iterator[CellResult]:
    """Play each (cell, level, games) in turn, the games of a cell in ``jobs``
    processes (:func:`tools.cells.play`); yield each cell as it ends."""
    levels = {cell: level for cell, level, _ in todo}
    plans = [
        (cell, plan_of(cell, level, n, cell_seed(seed, cell), register)) for cell, level, n in todo
    ]
    for cell, plan, results, wall in play(plans, jobs):
        yield CellResult(cell, levels[cell], plan, results, wall)


# -- the table ----------------------------------------------------------------------


def exception_paragraphs(done: Sequence[CellResult]) -> list[str]:
    out = []
    for c in done:
        where = f"{games.REGISTRY[c.cell.game].info.title}, {c.cell.players} players, {c.cell.variant_words}: "
        out += selfplay.exception_lines(c.plan, c.results, where, markdown=True)
    return out


def document(
    done: Sequence[CellResult],
    runs: Sequence[Run],
    sources: Sequence[int] = (),
    notes: Sequence[str] = (),
) -> str:
    """docs/soak.md: what was run, where, when, and a row per cell; with more
    than one run, ``sources`` numbers each cell's run (from 1) in a column."""
    counts = sorted({len(c.results) for c in done})
    per_cell = ", ".join(map(str, counts)) if counts else "0"
    failures = sum(len(c.failed) for c in done)
    total = sum(len(c.results) for c in done)
    cpu = sum(c.per_game for c in done) * FULL
    levels = sorted({c.level for c in done})
    machines = sorted({r.machine for r in runs})
    lines = [
        "# Self-play soak",
        "",
        "Bots play every registered game at every player count, with the game's",
        "defaults and with each other value of each variant alone, and every game",
        "that raises is listed with the command that plays it again. Written by",
        "`tools/soak.py`; the games of a cell are `tools/selfplay.py`'s games with",
        "`--untimed` (bots keep their iteration caps and drop their seconds), so each",
        "replays exactly from its seed.",
        "",
    ]
    for i, r in enumerate(runs):
        lines.append(
            f"- Run{f' {i + 1}' if len(runs) > 1 else ''}: {r.when}, `{r.command}` {r.words()}"
        )
    lines += [
        f"- Machine: {'; '.join(machines)}, shared with other work while it ran",
        f"- Games per cell: {per_cell} (the games column); {total} games in {len(done)} "
        f"cells; bots: {', '.join(levels)} (the bots column) in every seat",
        f"- Exceptions: {failures}",
        f"- At the measured rates, {FULL} games in every cell would take about "
        f"{seconds(cpu)} of one process's time ({seconds(cpu / 2)} with 2 processes "
        "on 2 free cores)",
        "",
        "Length is the number of actions in a game. Scores are every seat's final",
        "score over the cell's finished games. Wall time is the cell's, per game the",
        "seconds one game took in its process.",
        "",
        table(done, sources if len(runs) > 1 else ()),
        "",
    ]
    if failures:
        lines += ["## Exceptions", "", *exception_paragraphs(done), ""]
    if notes:
        lines += ["## Notes", ""] + [f"- {n}" for n in notes] + [""]
    return "\n".join(lines)


def table(done: Sequence[CellResult], sources: Sequence[int] = ()) -> str:
    """The markdown table, with a "run" column when ``sources`` is given."""
    if not sources:
        return selfplay.markdown(HEAD, [c.row() for c in done])
    return selfplay.markdown((*HEAD, "run"), [(*c.row(), str(s)) for c, s in zip(done, sources)])


def run_json(done: Sequence[CellResult], run: Run) -> dict[str, Any]:
    """A soak run as plain data (``--json``), which ``--merge`` reads back."""
    return run_doc(
        run,
        done,
        lambda c: {
            "cell_variants": [list(kv) for kv in c.cell.variants],
            "level": c.level,
            "register": list(c.plan.register),
        },
    )


def from_json(doc: dict[str, Any]) -> tuple[list[CellResult], Run]:
    """A run written by :func:`run_json`, back as cells and its Run."""
    run = Run.from_json(doc)
    done = []
    for row in doc["cells"]:
        for spec in row["register"]:
            if row["game"] not in games.REGISTRY:
                register(spec)
        cell = Cell(row["game"], row["players"], tuple(tuple(kv) for kv in row["cell_variants"]))
        plan = plan_of(cell, row["level"], row["games"], row["seed"], tuple(row["register"]))
        results = tuple(selfplay.result_from_json(r) for r in row["results"])
        done.append(CellResult(cell, row["level"], plan, results, row["cell_wall_seconds"]))
    return done, run


# -- the command line ---------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        label="soak",
        prog="tools/soak.py",
        description="Play every game x player count x variant, bots against bots, "
        "and write a table of exceptions, lengths, scores and times.",
    )
    p.add_argument(
        "--games-for",
        action="append",
        default=[],
        metavar="GAME=N",
        help="games a cell for one game (repeatable)",
    )
    p.add_argument(
        "--level",
        default="easy",
        metavar="LEVEL",
        help=f"the bots in every seat ({', '.join(selfplay.SEAT_LEVELS)}; default easy)",
    )
    p.add_argument(
        "--level-for",
        action="append",
        default=[],
        metavar="GAME=LEVEL",
        help="the bots for one game, e.g. uchronicle=random (repeatable)",
    )
    p.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="GAME",
        help="soak only this game (repeatable; default every registered game)",
    )
    p.add_argument(
        "--players",
        action="append",
        default=[],
        type=int,
        metavar="N",
        help="only this player count (repeatable)",
    )
    p.add_argument(
        "--combinations",
        action="store_true",
        help="every combination of variant values, not each value alone",
    )
    add_register(p)
    add_run_options(p, DEFAULT_GAMES, DEFAULT_OUT)
    return p


def _pairs(specs: Sequence[str], flag: str, convert: Any) -> dict[str, Any]:
    out = {}
    for spec in specs:
        key, sep, text = spec.partition("=")
        if not sep or not key.strip():
            raise UsageError(f"{flag} needs GAME=VALUE, not {spec!r}")
        key = key.strip()
        if key not in games.REGISTRY:
            raise UsageError(f"{flag}: unknown game {key!r}")
        try:
            out[key] = convert(text.strip())
        except ValueError:
            raise UsageError(f"{flag} {spec}: {text!r} is not valid") from None
    return out


def _level(text: str) -> str:
    if text not in selfplay.SEAT_LEVELS:
        raise ValueError(text)
    return text


def todo_of(args: argparse.Namespace) -> list[tuple[Cell, str, int]]:
    """(cell, level, games) for every cell; UsageError on a bad value."""
    for spec in args.register:
        try:
            register(spec)
        except UsageError as exc:
            raise UsageError(str(exc)) from None
    for name in args.only:
        if name not in games.REGISTRY:
            raise UsageError(f"unknown game {name!r} (games: {', '.join(games.REGISTRY)})")
    check_counts(args.games, args.jobs, args.seed)
    if args.level not in selfplay.SEAT_LEVELS:
        raise UsageError(
            f"unknown bot level {args.level!r} (levels: {', '.join(selfplay.SEAT_LEVELS)})"
        )
    counts = _pairs(args.games_for, "--games-for", int)
    if any(n < 1 for n in counts.values()):
        raise UsageError("--games-for needs at least 1 game")
    levels = _pairs(args.level_for, "--level-for", _level)
    cells = matrix(args.only, args.players, args.combinations)
    if not cells:
        raise UsageError("no cell: no game takes the player counts given")
    return [(c, levels.get(c.game, args.level), counts.get(c.game, args.games)) for c in cells]


def merge(files: Sequence[str], out: str, notes: Sequence[str] = ()) -> int:
    """Write the table from earlier runs' JSON, a cell of a later file taking
    the place of the same cell in an earlier one, rows in the matrix's order;
    exit 1 when any game raised."""
    got = merged(
        files, from_json, lambda c: c.cell, [*matrix(), *matrix(combinations=True)], "soak"
    )
    if got is None:
        return 2
    done, sources, runs = got
    write(document(done, runs, sources, notes), out)
    return 1 if any(c.failed for c in done) else 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    args = build_parser().parse_args(argv)
    if args.merge:
        return merge(args.merge, args.out, args.note)
    try:
        todo = todo_of(args)
    except UsageError as exc:
        print(f"soak: error: {exc}", file=sys.stderr)
        return 2

    def progress(c: CellResult) -> None:
        if not args.quiet:
            print(
                f"{c.cell.game} {c.cell.players}p {c.cell.variant_words}: "
                f"{plural(len(c.results), 'game')}, {plural(len(c.failed), 'exception')}, "
                f"{seconds(c.wall)} ({seconds(c.per_game)} a game)",
                flush=True,
            )
        for r in c.failed:  # the whole traceback, even when quiet
            print(r.trace.rstrip(), file=sys.stderr, flush=True)

    cells = run_cells(todo, args.seed, args.jobs, tuple(args.register))
    done, run = collect(cells, "soak", argv, args.jobs, args.seed, args.json, run_json, progress)
    write(document(done, [run], notes=args.note), args.out)
    return 1 if any(c.failed for c in done) else 0


if __name__ == "__main__":
    raise SystemExit(main())
