"""Fit Phantom Rummy's odds tables (tabletop/games/phantom_rummy/odds.py) from self-play.

    python tools/phantom_odds.py --games 6000            # prints the tables
    python tools/phantom_odds.py --games 6000 --write    # rewrites odds.py's tables

Plays ``--games`` seeded first short games at each of 2, 3 and 4 players
(the basic rules), the medium bot at every seat (``playout.Playout``, which
plays as the MediumBot does), and records at the start of every turn each
seat's :data:`odds.RACE_FEATURES` and :data:`odds.POINTS_FEATURES`, and how
the short game ended: who scored, and how many points.

Then it fits, per player count, the race: a conditional logit of which seat
scores on its features (the short games that ended in a goal; Newton's
method), and the points: a least-squares line of a goal's points on its
scorer's features at each turn before it. The tables are printed as Python
(``--write`` puts them in odds.py between its markers). Nothing here
imports pygame.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from tabletop.core import rng as rngmod  # noqa: E402
from tabletop.core.game import GameConfig  # noqa: E402
from tabletop.games.phantom_rummy import odds  # noqa: E402
from tabletop.games.phantom_rummy.model import PLAYER_COUNTS  # noqa: E402
from tabletop.games.phantom_rummy.playout import Playout  # noqa: E402
from tabletop.games.phantom_rummy.rules import RULES  # noqa: E402
from tools.cli import OneLineParser  # noqa: E402

ODDS_FILE = ROOT / "tabletop" / "games" / "phantom_rummy" / "odds.py"
BEGIN = "# -- fitted by tools/phantom_odds.py (do not edit by hand) "
END = "# -- end of the fitted tables "


def play(
    players: int, games: int, seed: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """``games`` first short games at ``players``: per turn start, every
    seat's race features (turns x seats x features), the scorer's index
    (-1 for a pile-out), the scorer's goal features at that turn and its
    points; and per short game ended by a goal, its points."""
    race: list[list[list[float]]] = []
    scorer: list[int] = []
    goal: list[list[float]] = []
    points: list[float] = []
    ends: list[float] = []
    for g in range(games):
        state = RULES.setup(GameConfig(players), rngmod.derive(seed, "phantom-odds", players, g))
        table = Playout(state, [set() for _ in range(players)])
        turns: list[tuple[list[list[float]], list[list[float]]]] = []
        while True:
            rest = odds.rest_counts(table)
            turns.append(
                (
                    [odds.seat_features(table, s, rest) for s in range(players)],
                    [odds.goal_features(table, s) for s in range(players)],
                )
            )
            ending = table.run(until=(table.turn + 1) % players)
            if ending is not None:
                break
        if ending.goal is not None:
            ends.append(float(ending.points[ending.goal]))
        for seats, goals in turns:
            race.append(seats)
            scorer.append(-1 if ending.goal is None else ending.goal)
            goal.append(goals[ending.goal] if ending.goal is not None else goals[0])
            points.append(0.0 if ending.goal is None else float(ending.points[ending.goal]))
    return np.array(race), np.array(scorer), np.array(goal), np.array(points), np.array(ends)


def fit_race(x: np.ndarray, y: np.ndarray, steps: int = 25, ridge: float = 1e-3) -> np.ndarray:
    """The conditional logit's weights: P(seat i scores) is proportional to
    exp(w . x[i]); Newton's method with a small ridge (a feature that is
    always zero gets weight 0)."""
    keep = y >= 0
    x, y = x[keep], y[keep]
    rows, seats, width = x.shape
    w = np.zeros(width)
    chosen = x[np.arange(rows), y]
    for _ in range(steps):
        u = x @ w
        u -= u.max(axis=1, keepdims=True)
        p = np.exp(u)
        p /= p.sum(axis=1, keepdims=True)
        mean = np.einsum("ns,nsf->nf", p, x)
        grad = (chosen - mean).sum(axis=0) - ridge * rows * w
        second = np.einsum("ns,nsf,nsg->fg", p, x, x) - mean.T @ mean
        hess = second + ridge * rows * np.eye(width)
        step = np.linalg.solve(hess, grad)
        w += step
        if np.abs(step).max() < 1e-7:
            break
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    keep = y >= 0
    x, y = x[keep], y[keep]
    u = x @ w
    u -= u.max(axis=1, keepdims=True)
    p = np.exp(u)
    p /= p.sum(axis=1, keepdims=True)
    return float(-np.log(p[np.arange(len(y)), y]).mean())


def fit_points(goal: np.ndarray, scorer: np.ndarray, points: np.ndarray) -> np.ndarray:
    keep = scorer >= 0
    coef, *_ = np.linalg.lstsq(goal[keep], points[keep], rcond=None)
    return np.asarray(coef)


#: the most points GOAL_SPREAD tells apart
SPREAD = 12


def spread(goals: np.ndarray) -> np.ndarray:
    """How often a goal was worth 1, 2, ... :data:`SPREAD` points or more."""
    counts = np.bincount(np.clip(goals.astype(int), 1, SPREAD) - 1, minlength=SPREAD)
    shares = counts / counts.sum()
    shares = np.round(shares, 4)
    shares[np.argmax(shares)] += 1 - shares.sum()
    return shares


def _row(players: int, values: np.ndarray) -> str:
    """A table's row as ``ruff format`` writes it: a value a line."""
    lines = "".join(f"        {v:.4f},\n" for v in values)
    return f"    {players}: (\n{lines}    ),"


def tables(games: int, seed: int, quiet: bool = False) -> str:
    race_rows: list[str] = []
    points_rows: list[str] = []
    spread_rows: list[str] = []
    for players in PLAYER_COUNTS:
        x, y, goal, points, ends = play(players, games, seed)
        w = fit_race(x, y)
        p = fit_points(goal, y, points)
        if not quiet:
            print(
                f"{players} players: {len(y)} turns, log loss {log_loss(x, y, w):.4f} "
                f"(chance {np.log(players):.4f}), points sd {points[y >= 0].std():.2f}",
                file=sys.stderr,
            )
        race_rows.append(_row(players, w))
        points_rows.append(_row(players, p))
        spread_rows.append(_row(players, spread(ends)))
    return "\n".join(
        [
            "#: per player count, the race's weight of each of RACE_FEATURES",
            "RACE: dict[int, tuple[float, ...]] = {",
            *race_rows,
            "}",
            "#: per player count, a goal's points: the weight of each of POINTS_FEATURES",
            "POINTS: dict[int, tuple[float, ...]] = {",
            *points_rows,
            "}",
            f"#: per player count, how often a goal is worth 1, 2, ... {SPREAD} points or more",
            "GOAL_SPREAD: dict[int, tuple[float, ...]] = {",
            *spread_rows,
            "}",
        ]
    )


def write(text: str) -> None:
    source = ODDS_FILE.read_text(encoding="utf-8")
    pattern = re.compile(rf"({re.escape(BEGIN)}[^\n]*\n).*?({re.escape(END)})", re.S)
    if not pattern.search(source):
        raise SystemExit(f"phantom_odds: the markers are missing from {ODDS_FILE}")
    ODDS_FILE.write_text(
        pattern.sub(lambda m: m.group(1) + text + "\n" + m.group(2), source), "utf-8"
    )


def main(argv: list[str] | None = None) -> int:
    p = OneLineParser(
        label="phantom_odds",
        prog="tools/phantom_odds.py",
        description="Fit Phantom Rummy's odds tables from medium self-play.",
    )
    p.add_argument("--games", type=int, default=6000, help="short games per player count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--write", action="store_true", help="rewrite odds.py's tables")
    args = p.parse_args(argv)
    text = tables(args.games, args.seed)
    if args.write:
        write(text)
    else:
        print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
