"""Golden playthroughs: text transcripts of seeded games, regenerated on purpose.

    python tools/golden.py                       # rewrite every golden file
    python tools/golden.py --game etuc           # only this game's files
    python tools/golden.py --check               # compare, write nothing; exit 1 on a diff
    python tools/golden.py --game etuc --players 3 --seed 2   # add (or rewrite) one file
    python tools/golden.py --game uchronicle --players 3 --seed 2 --variant expert

A golden file is ``tests/playthroughs/<game>-<n>p-seed<k>.txt``, or
``<game>-<n>p-<variant>-seed<k>.txt`` for a game played with a yes-or-no
variant switched on (``uchronicle-3p-expert-seed2.txt``): the state
after setup and after every action, from the game's ``describe``, each action
headed by its log line. After each state, as OpenSpiel's playthrough files do,
come what every seat sees (``describe`` of its ``view``; "the whole state" when
that is all of it) and the legal actions the seat to move is offered in its
view (objects describing ranges, for continuous choices, print their ranges),
so a view that starts to show more than it should shows up in the diff (a
game whose menu runs to hundreds of actions sums it up in its own words with
a ``describe_legal(view, actions)`` hook instead). The
actions come from the game's ``sample_action`` with a generator seeded from the
case's seed, not from bots, so the files change when the rules change and not
when a bot gets smarter. Games without a ``describe`` have no golden files. The
files that exist say which cases a game has; a game with ``describe`` and no
file yet gets ``<min players>p-seed1``. A game whose whole game runs to
thousands of actions (Phantom Rummy's match) says where a file stops
with a ``golden_cut(state)`` hook (true once the file has shown enough): the
transcript is then that first part of the seeded game, ending with a line
that says it was cut. Nothing
here imports pygame.
"""

from __future__ import annotations

import difflib
import re
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tabletop import games  # noqa: E402
from tabletop.core import rng  # noqa: E402
from tabletop.core.game import apply_checked, log_line  # noqa: E402
from tabletop.core.session import BOT_NAMES  # noqa: E402
from tools.cli import OneLineParser  # noqa: E402

FOLDER = ROOT / "tests" / "playthroughs"
NAME = re.compile(
    r"^(?P<game>[a-z_]+)-(?P<players>\d+)p(?P<variants>(-[a-z_]+)*)-seed(?P<seed>\d+)\.txt$"
)


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    seed: int
    #: yes-or-no variants switched on (the others keep their defaults)
    variants: tuple[str, ...] = ()

    @property
    def filename(self) -> str:
        flags = "".join(f"-{v}" for v in self.variants)
        return f"{self.game}-{self.players}p{flags}-seed{self.seed}.txt"

    @property
    def path(self) -> Path:
        return FOLDER / self.filename


def described(name: str) -> bool:
    return hasattr(games.REGISTRY[name].rules, "describe")


def cases_for(name: str, folder: Path = FOLDER) -> list[Case]:
    """The cases a game's golden files name, or its default case if it has none."""
    found = []
    for path in sorted(folder.glob(f"{name}-*.txt")):
        m = NAME.match(path.name)
        if m and m["game"] == name:
            flags = tuple(v for v in m["variants"].split("-") if v)
            found.append(Case(name, int(m["players"]), int(m["seed"]), flags))
    if not found:
        found.append(Case(name, games.REGISTRY[name].info.min_players, 1))
    return sorted(found, key=lambda c: (c.players, c.variants, c.seed))


def transcript(case: Case) -> str:
    """The golden text of ``case``: describe() after setup and after each action."""
    entry = games.REGISTRY[case.game]
    rules = entry.rules
    names = list(BOT_NAMES[: case.players])
    sampler = rng.make(case.seed, "golden-sample")
    config = entry.default_config(case.players, **{v: True for v in case.variants})
    state = rules.setup(config, case.seed)
    seats = ", ".join(f"P{i + 1} {n}" for i, n in enumerate(names))
    flags = "".join(f", {v}" for v in case.variants)
    out = [
        f"# {entry.info.title}: {case.players} players{flags}, seed {case.seed}, "
        f"random legal actions ({seats})",
        "# regenerate with: python tools/golden.py --game " + case.game,
        "",
        "== setup",
        *observations(rules, state, case.players),
    ]
    ply = 0
    cut = getattr(rules, "golden_cut", None)
    while not rules.is_over(state):
        if cut is not None and ply and cut(state):
            out += ["", f"== cut after {ply} actions: the game goes on (see golden_cut)"]
            return "\n".join(out) + "\n"
        if ply >= entry.info.max_actions_for(case.players):
            raise RuntimeError(f"{case.filename}: no end after {ply} actions")
        action = entry.sample_action(state, sampler)
        after = apply_checked(rules, state, action)
        line = log_line(rules, state, action, after, names)
        state = after
        ply += 1
        out += ["", f"== {ply}. {action} | {line}", *observations(rules, state, case.players)]
    out += ["", f"== result: {rules.outcome(state).words_for(names)}"]
    return "\n".join(out) + "\n"


def observations(rules: Any, state: Any, players: int) -> list[str]:
    """The state, what each seat sees of it, and what the seat to move may do."""
    whole = rules.describe(state)
    lines = [whole]
    for seat in range(players):
        seen = rules.describe(rules.view(state, seat))
        if seen == whole:
            lines.append(f"-- P{seat + 1} sees the whole state")
        else:
            lines += [f"-- P{seat + 1} sees", seen]
    mover = rules.to_move(state)
    if mover is not None:
        view = rules.view(state, mover)
        legal = rules.legal_actions(view)
        summary = getattr(rules, "describe_legal", None)
        menu = summary(view, legal) if summary else ", ".join(str(a) for a in legal)
        lines.append(f"-- P{mover + 1} may: " + menu)
    return lines


def diff(expected: str, actual: str, name: str, limit: int = 80) -> str:
    """A readable unified diff, cut after ``limit`` lines."""
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            actual.splitlines(),
            f"{name} (stored)",
            f"{name} (now)",
            lineterm="",
        )
    )
    if len(lines) > limit:
        lines = lines[:limit] + [f"... {len(lines) - limit} more diff lines"]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = OneLineParser(label="golden", prog="tools/golden.py", description=__doc__.split("\n")[0])
    p.add_argument("--game", action="append", help="only this game (repeatable)")
    p.add_argument(
        "--check", action="store_true", help="compare with the stored files; write nothing"
    )
    p.add_argument("--players", type=int, help="with --game and --seed: one case to add or rewrite")
    p.add_argument("--seed", type=int, help="with --game and --players")
    p.add_argument(
        "--variant", action="append", default=[], help="with --players: a yes-or-no variant on"
    )
    args = p.parse_args(argv)
    names = args.game or [n for n in games.REGISTRY if described(n)]
    for n in names:
        if n not in games.REGISTRY or not described(n):
            print(f"golden: error: {n!r} is not a registered game with describe()", file=sys.stderr)
            return 2
    if args.variant and args.players is None:
        print("golden: error: --variant goes with --players and --seed", file=sys.stderr)
        return 2
    if (args.players is None) != (args.seed is None) or (args.players and len(names) != 1):
        print("golden: error: --players and --seed go together, with one --game", file=sys.stderr)
        return 2
    todo = (
        [Case(names[0], args.players, args.seed, tuple(args.variant))]
        if args.players is not None
        else [c for n in names for c in cases_for(n)]
    )
    failed = 0
    for case in todo:
        text = transcript(case)
        if args.check:
            stored = case.path.read_text("utf-8") if case.path.is_file() else ""
            if stored != text:
                failed += 1
                print(diff(stored, text, case.filename))
            else:
                print(f"ok    {case.filename}")
        else:
            FOLDER.mkdir(parents=True, exist_ok=True)
            case.path.write_text(text, encoding="utf-8")
            print(f"wrote {case.filename} ({text.count(chr(10))} lines)")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
