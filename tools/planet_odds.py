"""Fit Planet's odds tables (tabletop/games/planet/odds.py) from self-play.

    python tools/planet_odds.py --games 300            # prints the tables
    python tools/planet_odds.py --games 300 --write    # rewrites odds.py's tables

Plays ``--games`` seeded games at each of 2, 3 and 4 players (standard
rules), every seat a medium bot or, one seat in five, an easy bot (seeded),
and records at the start of every round from round 2 on:

- for each animal card on show and each seat: the card's kind, how many
  rounds of placements are left before it is scored (``j``: 1 for a card
  scored at the end of this round), the seat's lead on it (its key's first
  entry less the best of the others', clipped to :data:`odds.LEAD_CLIP`),
  whether it has nothing to show yet, and whether it won the card in the end;
- for each medium seat: its free faces and how many cells of its habitat
  terrain it gained by the end;
- for each seat: its count of each terrain, and its habitat card.

Then it fits, per kind and ``j``, a logistic model of winning the card on
(1, lead, nothing to show, 2 players, 3 players) by Newton's method (a
lead's weight no less than 0); per
count of free faces, the mean and spread of the habitat cells still to come;
and how much a terrain's cells on a planet tell of its holder's habitat card
(the weight ``b`` of P(card t) proportional to exp(b x cells of t), the
best likelihood on a grid of hundredths).
The tables are printed as Python (``--write`` puts them in odds.py between
its markers). Nothing here imports pygame.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from tabletop.core import rng as rngmod  # noqa: E402
from tabletop.games import planet  # noqa: E402
from tabletop.games.planet import bot as planet_bot  # noqa: E402
from tabletop.games.planet import odds  # noqa: E402
from tabletop.games.planet.model import ROUNDS  # noqa: E402
from tabletop.games.planet.regions import masks  # noqa: E402
from tabletop.games.planet.tiles import ANIMALS, KINDS, TERRAINS  # noqa: E402

ODDS_FILE = ROOT / "tabletop" / "games" / "planet" / "odds.py"
Row = tuple[int, str, int, int, int, int]
#: a seat's count of each terrain, and the index of its habitat's terrain
Holding = tuple[list[int], int]


def play(
    players: int, games: int, seed: int
) -> tuple[list[Row], dict[int, list[int]], list[Holding]]:
    """The card rows (players, kind, j, lead, nothing, won), the habitat
    gains by free faces and the seats' holdings of ``games`` games at
    ``players``."""
    rules = planet.RULES
    rows: list[Row] = []
    gains: dict[int, list[int]] = defaultdict(list)
    holdings: list[Holding] = []
    for g in range(games):
        game_seed = rngmod.derive(seed, "planet-odds", players, g)
        mix = rngmod.make(game_seed, "planet-odds-levels")
        levels = ["easy" if mix.random() < 0.2 else "medium" for _ in range(players)]
        bots = [planet_bot.make_bot(levels[s], s, game_seed + s) for s in range(players)]
        state = rules.setup(planet.ENTRY.default_config(players), game_seed)
        seen: list[tuple[int, list[tuple[int, str, int, list[int]]], list[int], list[int]]] = []
        while not state.over:
            if state.taken == 0 and state.round >= 2:
                keys = [planet_bot.Keys(masks(p)) for p in state.planets]
                cards = []
                for card, r in planet_bot.coming_cards(state):
                    firsts = [(keys[s].key(ANIMALS[card]) or (0,))[0] for s in range(players)]
                    cards.append((card, ANIMALS[card].kind, r - state.round + 1, firsts))
                habitat = [state.planets[s].count(state.habitats[s] or "") for s in range(players)]
                free = [len(state.free_faces(s)) for s in range(players)]
                seen.append((state.round, cards, habitat, free))
                for s in range(players):
                    counts = [state.planets[s].count(t) for t in TERRAINS]
                    holdings.append((counts, TERRAINS.index(state.habitats[s] or "")))
            seat = state.turn
            assert seat is not None
            state = rules.apply(state, bots[seat].choose(rules.view(state, seat)))
        winner = {c: s for s in range(players) for c in state.animals[s]}
        final = [state.planets[s].count(state.habitats[s] or "") for s in range(players)]
        for _, cards, habitat, free in seen:
            for card, kind, j, firsts in cards:
                for s in range(players):
                    best = max(firsts[t] for t in range(players) if t != s)
                    lead = max(-odds.LEAD_CLIP, min(odds.LEAD_CLIP, firsts[s] - best))
                    nothing = int(firsts[s] == 0)
                    rows.append(
                        (
                            players,
                            kind,
                            j,
                            0 if nothing else lead,
                            nothing,
                            int(winner.get(card) == s),
                        )
                    )
            for s in range(players):
                if levels[s] == "medium":
                    gains[free[s]].append(final[s] - habitat[s])
    return rows, gains, holdings


def evidence(holdings: list[Holding]) -> float:
    """The weight ``b`` of P(habitat t) ~ exp(b x cells of t) that gives
    the seats' real habitat cards the best likelihood (0 to 1, hundredths)."""
    counts = np.array([c for c, _ in holdings], dtype=float)
    truth = np.array([h for _, h in holdings])
    best = (0.0, -math.inf)
    for b in np.arange(0.0, 1.001, 0.01):
        z = counts * b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        ll = float(np.mean(np.log(p[np.arange(len(truth)), truth])))
        if ll > best[1]:
            best = (float(b), ll)
    return best[0]


def logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-2) -> np.ndarray:
    """Weights of a logistic regression of ``y`` on ``x`` (Newton's method)."""
    w = np.zeros(x.shape[1])
    for _ in range(40):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def tables(rows: list[Row], gains: dict[int, list[int]], holdings: list[Holding]) -> str:
    lines = [
        "#: per kind, per j (1 to 11): (intercept, lead, nothing to show, 2 players, 3 players)"
    ]
    lines.append("WIN: dict[str, tuple[tuple[float, float, float, float, float], ...]] = {")
    for kind in KINDS:
        lines.append(f'    "{kind}": (')
        for j in range(1, ROUNDS):
            sel = [r for r in rows if r[1] == kind and r[2] == j]
            if len(sel) < 30:
                raise SystemExit(f"only {len(sel)} rows for {kind} at j={j}: play more games")
            a = np.array(sel, dtype=object)
            x = np.stack(
                [
                    np.ones(len(sel)),
                    a[:, 3].astype(float),
                    a[:, 4].astype(float),
                    (a[:, 0] == 2).astype(float),
                    (a[:, 0] == 3).astype(float),
                ],
                1,
            )
            w = logistic(x, a[:, 5].astype(float))
            if w[1] < 0.0:  # a lead never hurts: where few games say so, it counts nothing
                x[:, 1] = 0.0
                w = logistic(x, a[:, 5].astype(float))
            lines.append("        (" + ", ".join(f"{v:.3f}" for v in w) + "),")
        lines.append("    ),")
    lines.append("}")
    lines.append("#: per free faces (0 to 11): habitat cells still to come, (mean, spread)")
    lines.append("HABITAT_GAIN: tuple[tuple[float, float], ...] = (")
    lines.append("    (0.0, 0.0),")
    for free in range(1, ROUNDS):
        got = gains.get(free) or [0]
        mean = sum(got) / len(got)
        sd = math.sqrt(sum((v - mean) ** 2 for v in got) / len(got))
        lines.append(f"    ({mean:.2f}, {sd:.2f}),")
    lines.append(")")
    lines.append("#: how much a terrain's cells tell of the habitat card (P ~ exp(this x cells))")
    lines.append(f"HABITAT_EVIDENCE = {evidence(holdings):.2f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=300, help="games at each player count")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--write", action="store_true", help="rewrite odds.py's tables")
    args = p.parse_args(argv)
    rows: list[Row] = []
    gains: dict[int, list[int]] = defaultdict(list)
    holdings: list[Holding] = []
    for players in (2, 3, 4):
        got, more, held = play(players, args.games, args.seed)
        rows += got
        holdings += held
        for k, v in more.items():
            gains[k] += v
    text = tables(rows, gains, holdings)
    if args.write:
        source = ODDS_FILE.read_text()
        source = re.sub(
            r"(# -- fitted by tools/planet_odds.py.*?\n).*?(# -- end of the fitted tables)",
            lambda m: m.group(1) + text + "\n" + m.group(2),
            source,
            flags=re.S,
        )
        ODDS_FILE.write_text(source)
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
