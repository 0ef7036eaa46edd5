"""What tools/soak.py and tools/strength.py share: a matrix of *cells* (a game
at a player count, with a variant choice or an opponent), each played as a
:class:`tools.selfplay.Plan` of N games in worker processes; the run kept as
JSON after every cell; earlier runs merged into one table.

A cell type is the tool's own (a frozen dataclass, so it is a dict key); this
module only needs a cell's :class:`~tools.selfplay.Plan` and its key.
Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing
import shlex
import sys
import time
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from tools import selfplay
from tools.cli import UsageError

K = TypeVar("K", bound=Hashable)
C = TypeVar("C")


@dataclass(frozen=True)
class Run:
    """One command of a tool: what was typed, when, with how many processes,
    its seed, how long it took and on what machine."""

    command: str
    when: str
    jobs: int
    wall: float
    seed: int
    machine: str

    def to_json(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "when": self.when,
            "jobs": self.jobs,
            "wall_seconds": round(self.wall, 3),
            "seed": self.seed,
            "machine": self.machine,
        }

    @classmethod
    def from_json(cls, doc: dict[str, Any]) -> Run:
        # a strength run written before runs kept their seed had the default, 1
        return cls(
            doc["command"],
            doc["when"],
            doc["jobs"],
            doc["wall_seconds"],
            doc.get("seed", 1),
            doc["machine"],
        )

    def words(self) -> str:
        """``(2 processes, seed 1, wall time 12.5 min)``."""
        return f"({self.jobs} process{'es' if self.jobs > 1 else ''}, seed {self.seed}, wall time {seconds(self.wall)})"


def seconds(s: float) -> str:
    """A duration for a table: ``1.5 h``, ``12.5 min``, ``3.2 s``, ``45 ms``."""
    if s >= 3600:
        return f"{s / 3600:.1f} h"
    if s >= 100:
        return f"{s / 60:.1f} min"
    if s >= 1:
        return f"{s:.1f} s"
    return f"{s * 1000:.0f} ms"


def play(
    todo: Sequence[tuple[K, selfplay.Plan]], jobs: int
) -> Iterator[tuple[K, selfplay.Plan, tuple[selfplay.GameResult, ...], float]]:
    """Play each cell's plan in turn, its games in ``jobs`` worker processes
    (one pool for the whole run); yield (key, plan, results in game order,
    wall seconds) as each cell ends. A game that raises is a result like any
    other; a worker that dies (a crash in C code) raises RuntimeError naming
    the cell, instead of waiting for it for ever."""
    pool = (
        ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"))
        if jobs > 1
        else None
    )
    try:
        for key, plan in todo:
            start = time.perf_counter()
            work = [(plan, g) for g in plan.numbers]
            if pool is None:
                results = [selfplay._play_job(job) for job in work]
            else:
                chunk = max(1, min(16, len(work) // (jobs * 8)))
                try:
                    results = list(pool.map(selfplay._play_job, work, chunksize=chunk))
                except BrokenProcessPool as exc:
                    raise RuntimeError(f"a worker process died while playing {key}: {exc}") from exc
            yield key, plan, tuple(results), time.perf_counter() - start
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def add_run_options(p: argparse.ArgumentParser, games: int, out: Path, note: str = "") -> None:
    """The options a tool of cells shares: --games, --seed, --jobs, --out,
    --json, --merge, --note and -q; ``note`` adds to --note's help."""
    p.add_argument(
        "--games", type=int, default=games, metavar="N", help=f"games a cell (default {games})"
    )
    p.add_argument("--seed", type=int, default=1, metavar="S", help="the run's seed (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="N", help="processes (default 1)")
    p.add_argument(
        "--out",
        default=str(out),
        metavar="FILE",
        help=f"the table's file (default {out.parent.name}/{out.name}; - prints it only)",
    )
    p.add_argument(
        "--json", metavar="FILE", help="also write every game's result as JSON, after every cell"
    )
    p.add_argument(
        "--merge",
        nargs="+",
        metavar="JSON",
        help="play nothing: write the table from the --json files of earlier runs, in order",
    )
    p.add_argument(
        "--note",
        action="append",
        default=[],
        metavar="TEXT",
        help="a line for the table's notes (repeatable)" + (f": {note}" if note else ""),
    )
    p.add_argument("-q", "--quiet", action="store_true", help="no line per cell as it ends")


def collect(
    found: Iterable[C],
    tool: str,
    argv: Sequence[str],
    jobs: int,
    seed: int,
    json_name: str | None,
    run_json: Callable[[list[C], Run], dict[str, Any]],
    each: Callable[[C], None] | None = None,
) -> tuple[list[C], Run]:
    """Every cell of ``found`` as it ends, with the run that played them
    (``python tools/TOOL.py ARGV``, its date, wall time, jobs and seed).
    ``each`` sees each cell; with ``json_name`` the run is written there
    (:func:`save_json`) after every cell, so a run stopped part way keeps
    what it played."""
    command = shlex.join(["python", f"tools/{tool}.py", *argv])
    when = dt.datetime.now().strftime("%Y-%m-%d %H:%M")
    start = time.perf_counter()

    def run() -> Run:
        return Run(command, when, jobs, time.perf_counter() - start, seed, selfplay.machine())

    done: list[C] = []
    for c in found:
        done.append(c)
        if each is not None:
            each(c)
        if json_name:
            save_json(json_name, run_json(done, run()))
    return done, run()


def run_doc(
    run: Run, done: Sequence[Any], fields: Callable[[Any], dict[str, Any]]
) -> dict[str, Any]:
    """A run as plain data: the run, and per cell its ``fields`` (what the
    tool's cell adds), its wall time and its games (:func:`tools.selfplay.to_json`
    of the cell's ``plan``, ``results`` and ``wall``)."""
    return {
        **run.to_json(),
        "cells": [
            {
                **fields(c),
                "cell_wall_seconds": round(c.wall, 3),
                **selfplay.to_json(c.plan, c.results, c.wall, run.jobs),
            }
            for c in done
        ],
    }


def save_json(name: str, doc: dict[str, Any]) -> None:
    """Write ``doc`` to ``name`` whole or not at all (a new file moved into place)."""
    path = Path(name)
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_text(json.dumps(doc, indent=1, default=str) + "\n")
    part.replace(path)


def merged(
    files: Sequence[str],
    read: Callable[[dict[str, Any]], tuple[list[C], Run]],
    key: Callable[[C], Hashable],
    order: Sequence[Hashable],
    tool: str,
) -> tuple[list[C], list[int], list[Run]] | None:
    """The cells of earlier runs' JSON files, a cell of a later file taking
    the place of the same cell (by ``key``) in an earlier one, sorted by where
    their keys are in ``order`` (unknown keys last); with the number (from 1)
    of the run each came from, and the runs that gave any. None, with the
    reason on stderr, when a file cannot be read."""
    by_key: dict[Hashable, tuple[C, int]] = {}
    runs: list[Run] = []
    for name in files:
        try:
            cells, run = read(json.loads(Path(name).read_text()))
        except (OSError, ValueError, KeyError, TypeError, UsageError) as exc:
            print(f"{tool}: error: --merge {name}: {exc}", file=sys.stderr)
            return None
        for c in cells:
            by_key[key(c)] = (c, len(runs))
        runs.append(run)
    rank = {k: i for i, k in reversed(list(enumerate(order)))}
    kept = sorted(by_key.values(), key=lambda ci: rank.get(key(ci[0]), len(rank)))
    used = sorted({i for _, i in kept})
    return [c for c, _ in kept], [used.index(i) + 1 for _, i in kept], [runs[i] for i in used]


def write(text: str, out: str) -> None:
    """``text`` to the file ``out`` (its folder made), or printed for ``-``."""
    if out == "-":
        print(text)
        return
    path = Path(out)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    print(f"wrote {path}")
