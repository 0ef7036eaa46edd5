"""A monkey at the real program: random clicks, drags, wheel turns, keys and
window resizes, through ``App.frame``, headless, on every scene.

    python tools/monkey.py                      # 10,000 events, seed 1
    python tools/monkey.py --events 2000 --seed 7 --games planet,etuc
    python tools/monkey.py --threaded           # bots on their worker, frame times as played

The events are shared out over phases: the menus from the title (the monkey
may start games, open the rules, the settings, the statistics, the saves),
then, for every game, a table of one person and easy bots and a table of two
people at one device (so the pass-the-device curtain and the undo consent
come up); overlays (pause, summary, results, rules pages) come up as the
keys and clicks reach them. One event in fifty resizes the window, to
960x600, 3840x2160 or a size between. About one event in eight, when a person
may move at the table on top, plays a random legal move for them through the
scene (as a click on the right spot would), so games reach their summaries
and results. Quitting (Esc on the title, the Quit
button) brings a new title up, counted.

Any exception stops the run and is printed with the seed, the phase and the
event that raised it (so does a bot that fails: the session would play a
random move for it and go on), and the command that replays it (the run is
deterministic without ``--threaded``: bots think on this thread, untimed).
Each frame's time is kept per scene: the report gives the slowest frames
and how many went over ``--budget`` ms (33.3 by default, two frames at 60
per second), as information: frame goals are measured by ``tools/bench.py``,
never asserted on a busy machine.

:func:`run` is importable: ``tests/ui/test_monkey.py`` runs a bounded
version in ``make test``.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from tabletop import app as tabletop_app  # noqa: E402
from tabletop import games as registry  # noqa: E402
from tabletop.core.session import Seat, Session  # noqa: E402
from tabletop.core.storage import Storage  # noqa: E402
from tabletop.ui import flow  # noqa: E402
from tabletop.ui.gamescene import GameScene  # noqa: E402
from tools.cli import OneLineParser  # noqa: E402

#: the window sizes a resize picks from (and any size between, one time in three)
SIZES = ((960, 600), (3840, 2160), (1280, 800), (1920, 1080))
KEYS = (
    pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_RETURN, pygame.K_SPACE,
    pygame.K_ESCAPE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_HOME, pygame.K_END,
    pygame.K_F1, pygame.K_h, pygame.K_l, pygame.K_m, pygame.K_p, pygame.K_r, pygame.K_u,
    pygame.K_z, pygame.K_a, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
)  # fmt: skip


@dataclass
class Report:
    """What a run did."""

    seed: int
    events: int = 0
    frames: int = 0
    quits: int = 0
    resizes: int = 0
    games_started: int = 0
    moves: int = 0
    #: moves the monkey made for a person (Monkey.play)
    plays: int = 0
    #: scene class name -> frame times (ms)
    times: dict[str, list[float]] = field(default_factory=dict)
    scenes: set[str] = field(default_factory=set)

    def slowest(self, n: int = 5) -> list[tuple[float, str]]:
        every = [(t, name) for name, ts in self.times.items() for t in ts]
        return sorted(every, reverse=True)[:n]

    def over(self, budget_ms: float) -> dict[str, int]:
        return {
            name: n for name, ts in self.times.items() if (n := sum(1 for t in ts if t > budget_ms))
        }


class MonkeyFailure(AssertionError):
    """An exception in the program under the monkey, with how to replay it."""


class Monkey:
    """Sends random events to ``app`` through its frames."""

    def __init__(self, app: Any, rng: random.Random, report: Report) -> None:
        self.app = app
        self.rng = rng
        self.report = report
        self.mouse = (10, 10)
        self.held = False

    def frame(self, events: Sequence[Any] = (), dt: float = 1 / 60) -> None:
        app = self.app
        t = time.perf_counter()
        app.frame(list(events), dt)
        ms = (time.perf_counter() - t) * 1000
        top = app.stack.top
        # a game's frame is named by the table it holds (EtucTable), else by its scene
        name = type(getattr(top, "table", None) or top).__name__
        self.report.times.setdefault(name, []).append(ms)
        self.report.scenes.add(name)
        self.report.frames += 1
        if not app.running:  # quit from the title: a new one comes up
            self.report.quits += 1
            app.running = True
            app.stack.reset(app.home())

    def point(self) -> tuple[int, int]:
        w, h = self.app.size
        return (self.rng.randrange(w), self.rng.randrange(h))

    def move(self, pos: tuple[int, int]) -> None:
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        self.frame(
            [
                pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1 if self.held else 0, 0, 0)
                )
            ]
        )

    def play(self) -> str:
        """When a person may move at the table on top, a random legal move for
        them through the scene (as a click on it would), so games go on to
        their summaries and results; "" when nobody may move."""
        scene = self.app.stack.top
        if not isinstance(scene, GameScene) or not scene.my_turn:
            return ""
        action = scene.session.entry.sample_action(scene.session.state, self.rng)
        scene.act(action)
        self.report.plays += 1
        self.frame()
        return f"a move: {action!r}"[:200]

    def one(self) -> str:
        """One random event (a drag is a press, a few moves and a release);
        returns what it was, for a failure's message."""
        r = self.rng.random()
        self.report.events += 1
        if r < 0.02:
            if self.rng.random() < 0.33:
                size = (self.rng.randrange(960, 3841), self.rng.randrange(600, 2161))
            else:
                size = self.rng.choice(SIZES)
            self.report.resizes += 1
            self.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])])
            return f"resize to {size[0]}x{size[1]}"
        if r < 0.30:
            pos = self.point()
            button = 1 if self.rng.random() < 0.9 else 3
            self.move(pos)
            self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
            self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
            return f"click {button} at {pos}"
        if r < 0.40:
            a, b = self.point(), self.point()
            self.move(a)
            self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
            self.held = True
            steps = self.rng.randrange(2, 10)
            for i in range(1, steps + 1):
                self.move((a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps))
            self.held = False
            self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
            return f"drag from {a} to {b}"
        if r < 0.48:
            y = self.rng.choice((-1, 1))
            self.frame(
                [
                    pygame.event.Event(
                        pygame.MOUSEWHEEL,
                        x=0,
                        y=y,
                        flipped=False,
                        precise_x=0.0,
                        precise_y=float(y),
                    )
                ]
            )
            return f"wheel {y}"
        if r < 0.58:
            pos = self.point()
            self.move(pos)
            return f"move to {pos}"
        if r < 0.70 and (played := self.play()):
            return played
        if r < 0.95:
            key = self.rng.choice(KEYS)
            mod = pygame.KMOD_CTRL if key == pygame.K_z and self.rng.random() < 0.7 else 0
            uni = pygame.key.name(key) if len(pygame.key.name(key)) == 1 else ""
            down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=uni, scancode=0)
            up = pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode=uni, scancode=0)
            self.frame([down])
            self.frame([up])
            return f"key {pygame.key.name(key)}{' with Ctrl' if mod else ''}"
        frames = self.rng.randrange(1, 40)
        dt = self.rng.choice((1 / 60, 0.1, 0.5))
        for _ in range(frames):
            self.frame([], dt)
        return f"{frames} frames of {dt:g} s"


def phases(game_names: Sequence[str]) -> list[tuple[str, str | None, int]]:
    """(name, game, people) for each phase: the menus, then for every game a
    table with one person and one with two people at one device."""
    out: list[tuple[str, str | None, int]] = [("menus", None, 0)]
    for name in game_names:
        out.append((f"{name}, a person and easy bots", name, 1))
        out.append((f"{name}, two people at one device", name, 2))
    return out


def start_phase(app: Any, game: str | None, people: int, seed: int, threaded: bool) -> None:
    """Bring the phase's first scene up: the title, or a fresh game table."""
    if game is None:
        app.stack.reset(app.home())
        return
    entry = app.games[game]
    players = max(entry.info.min_players, 2 if people == 2 else min(3, entry.info.max_players))
    seats = [
        Seat(f"Person {i + 1}") if i < people else Seat(f"Bot {i}", "bot", "easy")
        for i in range(players)
    ]
    config = entry.default_config(players)
    session = Session(entry, config, seed, seats, threaded=threaded, timed=threaded)
    app.stack.reset(app.home())
    flow.start_game(app, entry, config, seed, seats, session=session)


def run(
    events: int = 10_000,
    seed: int = 1,
    *,
    game_names: Sequence[str] | None = None,
    size: tuple[int, int] = (960, 600),
    home: Path | None = None,
    threaded: bool = False,
) -> Report:
    """Run the monkey; raises :class:`MonkeyFailure` at the first exception."""
    report = Report(seed)
    folder = Path(home) if home is not None else Path(tempfile.mkdtemp(prefix="tabletop-monkey-"))
    app = tabletop_app.App(
        tabletop_app.Launch(size=size),
        storage=Storage(folder),
        games=dict(registry.REGISTRY),
        threaded_bots=threaded,
        timed_bots=threaded,
    )
    app.start(tabletop_app.Launch())
    app.update_settings(anim_speed=1.0)
    names = list(game_names) if game_names is not None else list(app.games)
    plan = phases(names)
    share = max(1, events // len(plan))
    rng = random.Random(seed)
    monkey = Monkey(app, rng, report)
    try:
        for k, (label, game, people) in enumerate(plan):
            start_phase(app, game, people, seed * 1000 + k, threaded)
            if game is not None:
                report.games_started += 1
            done = 0
            while done < share:
                what = "(the phase's start)"
                try:
                    what = monkey.one()
                    table = app.stack.find(GameScene)
                    if table is not None and table.session.bot_failures:
                        # the session plays a random move for a bot that raised and
                        # goes on; for the monkey that is a failure all the same
                        raise RuntimeError(f"a bot failed: {table.session.bot_failures[0][1]}")
                except Exception as exc:
                    replay = f"python tools/monkey.py --seed {seed} --events {events}"
                    if game_names is not None:
                        replay += f" --games {','.join(game_names)}"
                    raise MonkeyFailure(
                        f"{type(exc).__name__}: {exc}\n  phase: {label}; event {report.events} ({what}); "
                        f"scene {type(app.stack.top).__name__}\n  replay: {replay}\n"
                        + "".join(traceback.format_exception(exc))
                    ) from exc
                done += 1
            table = app.stack.find(GameScene)
            report.moves += table.session.ply if table is not None else 0
    finally:
        app.shutdown()
    return report


def main(argv: Sequence[str] | None = None) -> int:
    parser = OneLineParser(
        label="monkey", prog="tools/monkey.py", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--events", type=int, default=10_000, help="random events in all (default 10,000)"
    )
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument(
        "--games", default=None, help="only these games, comma-separated (default: every game)"
    )
    parser.add_argument(
        "--size", default="960x600", help="the window's first size (default 960x600)"
    )
    parser.add_argument(
        "--budget",
        type=float,
        default=33.3,
        help="a frame's budget in ms, for the report (default 33.3)",
    )
    parser.add_argument(
        "--threaded", action="store_true", help="bots think on their worker, timed, as when played"
    )
    args = parser.parse_args(argv)
    if args.events < 1:
        parser.error(f"--events must be at least 1, not {args.events}")
    names = None
    if args.games:
        names = [g.strip() for g in args.games.split(",") if g.strip()]
        unknown = [g for g in names if g not in registry.REGISTRY]
        if unknown:
            parser.error(f"unknown game {unknown[0]!r}; choose from {', '.join(registry.REGISTRY)}")
    try:
        size = tabletop_app.parse_size(args.size)
    except tabletop_app.CliError as exc:
        parser.error(str(exc))
    started = time.perf_counter()
    try:
        report = run(args.events, args.seed, game_names=names, size=size, threaded=args.threaded)
    except MonkeyFailure as failure:
        print(f"monkey: the program raised\n{failure}", file=sys.stderr)
        return 1
    wall = time.perf_counter() - started
    print(
        f"monkey: {report.events} events, {report.frames} frames, seed {report.seed}: no exception"
    )
    print(
        f"  games started: {report.games_started}; moves made in them: {report.moves} "
        f"({report.plays} by the monkey for a person); "
        f"window resizes: {report.resizes}; quits to a new title: {report.quits}"
    )
    print(f"  scenes seen: {', '.join(sorted(report.scenes))}")
    over = report.over(args.budget)
    print(
        f"  frames over {args.budget:g} ms: "
        + (", ".join(f"{n} in {name}" for name, n in sorted(over.items())) or "none")
    )
    print("  slowest frames: " + ", ".join(f"{t:.1f} ms ({name})" for t, name in report.slowest()))
    print(f"  wall time: {wall:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
