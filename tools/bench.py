"""Tabletop's benchmarks: measured figures against their goals, as a table.

    python tools/bench.py                  # every section
    python tools/bench.py --only startup   # one section (repeatable)
    python tools/bench.py --json out/bench.json

Performance goals live here, never in timed tests. Each section is a function
in :data:`SECTIONS` that returns :class:`Row` s; later work adds its own
(physics, bots, games) with :func:`section`. The table is markdown:
``| measure | value | goal | ok |``. Everything runs headless with the SDL
dummy drivers and a temporary settings folder.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field, replace
from datetime import date
from pathlib import Path
from typing import Any, TypeVar

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools.cli import OneLineParser, UsageError, add_register, register  # noqa: E402

#: the app writes time.time() of its first drawn frame to this file (tabletop/app.py)
STARTUP_ENV = "TABLETOP_BENCH_STARTUP_FILE"


@dataclass(frozen=True)
class Row:
    """One measured figure. ``value``/``goal`` are numbers in ``unit``; ``goal``
    is an upper bound, or a lower bound when ``at_least`` (None: no goal);
    with a ``floor`` too, the goal is the range from ``floor`` to ``goal``."""

    measure: str
    value: float
    unit: str
    goal: float | None = None
    at_least: bool = False
    floor: float | None = None

    @property
    def ok(self) -> bool | None:
        if self.goal is None:
            return None
        if self.floor is not None:
            return self.floor <= self.value <= self.goal
        return self.value >= self.goal if self.at_least else self.value <= self.goal

    def cells(self) -> tuple[str, str, str, str]:
        sign = ">=" if self.at_least else "<="
        goal = "" if self.goal is None else f"{sign} {_fmt(self.goal)} {self.unit}"
        if self.goal is not None and self.floor is not None:
            goal = f"{_fmt(self.floor)}-{_fmt(self.goal)} {self.unit}"
        ok = {None: "", True: "yes", False: "NO"}[self.ok]
        return (self.measure, f"{_fmt(self.value)} {self.unit}", goal, ok)


def _fmt(x: float) -> str:
    if x >= 100:
        return f"{x:.0f}"
    if x >= 10:
        return f"{x:.1f}"
    return f"{x:.2f}"


@dataclass
class Options:
    """What every section may read from the command line."""

    runs: int = 5
    frames: int = 600
    size: tuple[int, int] = (1920, 1080)
    #: the frame rows without their second run beside a busy process
    quiet_only: bool = False


Section = Callable[[Options], list[Row]]
#: name -> section, in the order the table shows them
SECTIONS: dict[str, Section] = {}


def section(name: str) -> Callable[[Section], Section]:
    """Decorator: add a section to :data:`SECTIONS` under ``name``."""

    def add(fn: Section) -> Section:
        SECTIONS[name] = fn
        return fn

    return add


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` percentile (0..100), nearest rank."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


# -- frames, quiet and beside a busy process ----------------------------------------------


@contextlib.contextmanager
def busy_process() -> Iterator[None]:
    """A CPU-bound subprocess spinning for as long as the block runs."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


@dataclass
class Frames:
    """Milliseconds per frame: its wall time (``time.perf_counter``) and its
    own CPU time (``time.thread_time``: this thread's, which another
    process's load leaves almost as it is, where it stretches the wall time)."""

    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def time(self, frame: Callable[..., object], *args: Any) -> None:
        """Run ``frame(*args)`` and keep its times."""
        wall, cpu = time.perf_counter(), time.thread_time()
        frame(*args)
        self.cpu.append((time.thread_time() - cpu) * 1000)
        self.wall.append((time.perf_counter() - wall) * 1000)

    def __len__(self) -> int:
        return len(self.wall)


#: how the rows of a frame measure run with a busy process beside are named
BESIDE = "one busy process beside"
T = TypeVar("T")


def quiet_and_loaded(opts: Options, measure: Callable[[], T]) -> tuple[T, T | None]:
    """``measure()`` run twice: as the machine is, then with one CPU-bound
    process spinning beside it (:func:`busy_process`: started before, killed
    after); the second is None with ``--quiet-only``."""
    quiet = measure()
    if opts.quiet_only:
        return quiet, None
    with busy_process():
        loaded = measure()
    return quiet, loaded


def frame_rows(
    what: str,
    quiet: Frames,
    loaded: Frames | None,
    median_goal: float | None,
    p99_goal: float,
) -> list[Row]:
    """A frame measure's rows (issue 29): the quiet run's median and p99 of
    wall time against their goals, and its CPU time's p99; then, run beside
    a busy process, the p99 of wall time (the machine's doing as much as
    ours: no goal) and of the frame's own CPU time, which has the p99 goal."""
    rows = [
        Row(f"{what}, median", statistics.median(quiet.wall), "ms", median_goal),
        Row(f"{what}, p99", percentile(quiet.wall, 99), "ms", p99_goal),
        Row(f"{what}, the thread's CPU time, p99", percentile(quiet.cpu, 99), "ms"),
    ]
    if loaded is not None:
        rows += [
            Row(f"{what}, {BESIDE}, p99", percentile(loaded.wall, 99), "ms"),
            Row(
                f"{what}, {BESIDE}, the thread's CPU time, p99",
                percentile(loaded.cpu, 99),
                "ms",
                p99_goal,
            ),
        ]
    return rows


# -- start-up ------------------------------------------------------------------

#: a bare pygame window: open it at the size given, fill and flip once, exit
#: (what start-up is measured against: the issue's goal is at most twice it)
BARE_WINDOW = """
import sys
import pygame

pygame.init()
screen = pygame.display.set_mode((int(sys.argv[1]), int(sys.argv[2])), pygame.RESIZABLE)
pygame.display.set_caption("bare")
screen.fill((31, 71, 52))
pygame.display.flip()
pygame.quit()
"""
#: the goal: spawn to exit of ``tabletop --frames 1`` at most this many times
#: a bare window's
STARTUP_RATIO_GOAL = 2.0


def startup_env(home: Path) -> dict[str, str]:
    """The environment both start-ups run in: headless, a fresh settings folder."""
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        TABLETOP_HOME=str(home),
        PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")])),
    )
    return env


def _spawn(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds from spawning ``cmd`` to its exit; RuntimeError if it failed."""
    spawned = time.perf_counter()
    proc = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    took = time.perf_counter() - spawned
    if proc.returncode != 0:
        raise RuntimeError(
            f"{' '.join(cmd)} exited {proc.returncode}: {proc.stderr.strip()[-500:]}"
        )
    return took


def startup_once(home: Path) -> tuple[float, float]:
    """(seconds from spawning ``python -m tabletop --frames 1`` to its first
    drawn frame, seconds until the process exited)."""
    stamp = home / "first-frame.txt"
    stamp.unlink(missing_ok=True)
    env = startup_env(home) | {STARTUP_ENV: str(stamp)}
    spawned = time.time()
    took = _spawn([sys.executable, "-m", "tabletop", "--frames", "1"], env)
    if not stamp.is_file():
        raise RuntimeError(f"the app wrote no {STARTUP_ENV} file; is the hook in tabletop/app.py?")
    return float(stamp.read_text(encoding="utf-8")) - spawned, took


def bare_window_once(home: Path, size: tuple[int, int]) -> float:
    """Seconds from spawning a bare pygame window of ``size`` (the same
    interpreter and environment) to its exit."""
    cmd = [sys.executable, "-c", BARE_WINDOW, str(size[0]), str(size[1])]
    return _spawn(cmd, startup_env(home))


@section("startup")
def bench_startup(opts: Options) -> list[Row]:
    """``tabletop --frames 1`` against a bare pygame window of the window's
    size, run alternately (a run of each, ``--runs`` times) so a machine
    busy with other work slows both alike; the goal is the ratio. A first
    run of each, untimed and allowed to write bytecode, leaves both starting
    as they do for a player the second time."""
    from tabletop.core.storage import Settings

    w, h = Settings().window_size  # what a fresh settings folder opens at
    size = (int(w), int(h))
    first: list[float] = []
    total: list[float] = []
    bare: list[float] = []
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        home = Path(tmp)
        with _bytecode_written():
            startup_once(home)
            bare_window_once(home, size)
        for _ in range(opts.runs):
            a, b = startup_once(home)
            first.append(a)
            total.append(b)
            bare.append(bare_window_once(home, size))  # type: ignore[arg-type]
    ratios = [t / b for t, b in zip(total, bare, strict=True)]
    n = f"{opts.runs} runs"
    return [
        Row(f"start-up to first menu frame, median of {n}", statistics.median(first), "s", 1.0),
        Row(f"start-up to first menu frame, max of {n}", max(first), "s", 1.0),
        Row(f"`--frames 1` process, spawn to exit, median of {n}", statistics.median(total), "s"),
        Row(
            f"bare pygame window {w}x{h}, spawn to exit, median of {n}",
            statistics.median(bare),
            "s",
        ),
        Row(
            f"start-up / bare window, spawn to exit, median of {opts.runs} alternating pairs",
            statistics.median(ratios),
            "x",
            STARTUP_RATIO_GOAL,
        ),
    ]


@contextlib.contextmanager
def _bytecode_written() -> Iterator[None]:
    """Let the processes started inside write their bytecode (an environment
    with PYTHONDONTWRITEBYTECODE would otherwise compile every changed module
    at every start-up)."""
    saved = os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    try:
        yield
    finally:
        if saved is not None:
            os.environ["PYTHONDONTWRITEBYTECODE"] = saved


# -- the title scene -------------------------------------------------------------


def pointer_at(i: int, n: int, size: tuple[int, int]) -> tuple[int, int]:
    """Step ``i`` of ``n`` of the pointer's path over a window of ``size``:
    left to right, waving up and down over most of its height."""
    w, h = size
    t = i / n
    return (round(w * (0.05 + 0.9 * t)), round(h * (0.5 + 0.4 * math.sin(t * 12.0))))


def frame_times(
    scene: str, size: tuple[int, int], frames: int, warmup: int = 30, pointer: bool = False
) -> Frames:
    """The times of each ``App.frame`` (update, draw, flip) for ``scene`` (a
    ``tools/screenshot.py`` scene name). With ``pointer``, each frame moves the
    pointer a step along :func:`pointer_at`'s path, and every 20th frame turns
    the wheel, down for the first half and back up (hover marks, tooltips and
    scrolling follow it)."""
    import pygame

    from tools import screenshot

    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        app = screenshot.make_app(size, home=tmp)
        screenshot.show(app, scene)
        for _ in range(warmup):
            app.frame([], 1 / 60)
        times = Frames()
        for i in range(frames):
            events = []
            if pointer:
                pos = pointer_at(i, frames, size)
                events.append(
                    pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
                )
                if i % 20 == 10:
                    down = -1 if i < frames // 2 else 1
                    events.append(
                        pygame.event.Event(
                            pygame.MOUSEWHEEL,
                            x=0,
                            y=down,
                            flipped=False,
                            precise_x=0.0,
                            precise_y=float(down),
                        )
                    )
            times.time(app.frame, events, 1 / 60)
        pygame.quit()
    return times


@section("title")
def bench_title(opts: Options) -> list[Row]:
    """The title's frame, quiet and beside a busy process (:func:`frame_rows`):
    median one 60 Hz frame, p99 two."""
    from tabletop.games import REGISTRY

    w, h = opts.size
    quiet, loaded = quiet_and_loaded(opts, lambda: frame_times("title", opts.size, opts.frames))
    n = len(REGISTRY)
    what = f"title frame {w}x{h} ({n} game{'' if n == 1 else 's'} listed, {opts.frames} frames)"
    return frame_rows(what, quiet, loaded, 16.7, 33.3)


#: the menus and overlays a player reaches, by tools/screenshot.py's scene
#: names: every game's pause (drawn over its table) and a game's rules page,
#: setup, deal summary and results
MENU_SCENES = (
    "settings", "saves", "rules", "rules:planet", "setup:planepita",
    "pause:planepita", "pause:etuc", "pause:uchronicle", "pause:phantom_rummy", "pause:planet",
    "summary:phantom_rummy", "results:etuc",
)  # fmt: skip


@section("scenes")
def bench_scenes(opts: Options) -> list[Row]:
    """Frame time of each menu and overlay in :data:`MENU_SCENES` in the real
    App at the bench size, the pointer moving over it and the wheel turning
    (:func:`frame_times`), every scene quiet, then every scene again beside a
    busy process (:func:`frame_rows`); goals as for the tables: median one
    60 Hz frame, p99 two."""
    from tabletop.games import REGISTRY

    w, h = opts.size
    n = max(60, opts.frames // 2)
    scenes = [s for s in MENU_SCENES if s.partition(":")[2] in ("", *REGISTRY)]
    quiet, loaded = quiet_and_loaded(
        opts, lambda: [frame_times(s, opts.size, n, pointer=True) for s in scenes]
    )
    rows: list[Row] = []
    for k, scene in enumerate(scenes):
        what = f"{scene} {w}x{h} (pointer moving, wheel, {n} frames)"
        rows += frame_rows(what, quiet[k], loaded[k] if loaded else None, 16.7, 33.3)
    return rows


# -- a window at rest --------------------------------------------------------------------

#: what the ``idle`` section measures: the title, and a table of each game
#: waiting for a person's move (easy bots at its smallest table)
IDLE_SCENES = ("title", "etuc", "planet", "planepita", "uchronicle", "phantom_rummy")
#: seconds each is measured over, after the warm-up (messages gone, glows settled)
IDLE_SECONDS = 10.0
IDLE_WARMUP = 4.0
#: the goal: at most this much of one core (issue 29)
IDLE_GOAL = 5.0


def has_display() -> bool:
    """True when a real display is there (an X server or a Wayland one)."""
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def idle_child(
    scene: str, size: tuple[int, int], seconds: float, warmup: float, real: bool
) -> None:
    """In a process of its own: the real App on ``scene`` (``"title"`` or a
    game's name) in a ``real`` window (else on the dummy driver), brought
    to where a person is asked for their own move (the bots, threaded and
    timed as in play, move first), then the real ``App.run`` loop while a
    thread measures this process's CPU time (``time.process_time``) over
    ``seconds`` of wall time after ``warmup``, prints it as one JSON line
    and closes the window."""
    import threading

    if real:  # importing this module chose the dummy driver: the display's own instead
        os.environ.pop("SDL_VIDEODRIVER", None)

    import pygame

    from tabletop.app import App, Launch
    from tabletop.core.session import Seat
    from tabletop.games import REGISTRY
    from tabletop.ui import flow

    app = App(Launch(size=size))
    app.start(Launch())
    if scene != "title":
        entry = REGISTRY[scene]
        players = entry.info.min_players
        seats = [Seat("You")] + [Seat(f"Bot {i}", "bot", "easy") for i in range(1, players)]
        game = flow.start_game(app, entry, entry.default_config(players), 5, seats)
        # the bots move in real time (their pauses, their moves shown) until the
        # person is asked for a move of their own ("Your turn", not a claim)
        deadline = time.perf_counter() + 120
        while not (game.my_turn and not game.animating and not game.prompt_words()):
            if time.perf_counter() > deadline:
                raise RuntimeError(f"{scene}: the person was never asked for a move")
            app.frame(pygame.event.get(), 1 / 60)
            time.sleep(1 / 60)
    got: dict[str, Any] = {}

    def measure() -> None:
        time.sleep(warmup)
        cpu, wall, frames, draws = time.process_time(), time.perf_counter(), app.frames, app.draws
        time.sleep(seconds)
        got.update(
            cpu=time.process_time() - cpu,
            wall=time.perf_counter() - wall,
            frames=app.frames - frames,
            draws=app.draws - draws,
            driver=pygame.display.get_driver(),
            size=list(app.size),
        )
        app.quit()  # the loop sees it within its longest rest

    watcher = threading.Thread(target=measure, daemon=True)
    watcher.start()
    app.run()
    watcher.join()
    print(json.dumps(got), flush=True)


def idle_once(scene: str, size: tuple[int, int]) -> dict[str, Any]:
    """:func:`idle_child` in a fresh interpreter with a temporary settings
    folder: in a real window when a display is there, else on SDL's dummy
    driver; what it measured."""
    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        env = dict(os.environ)
        env.update(
            SDL_AUDIODRIVER="dummy",
            TABLETOP_HOME=tmp,
            PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")])),
        )
        env["SDL_VIDEODRIVER"] = "dummy"
        code = (
            "from tools.bench import idle_child; "
            f"idle_child({scene!r}, {tuple(size)!r}, {IDLE_SECONDS!r}, {IDLE_WARMUP!r}, "
            f"{has_display()!r})"
        )
        proc = subprocess.run(
            [sys.executable, "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        if proc.returncode != 0:
            raise RuntimeError(
                f"idle {scene} exited {proc.returncode}: {proc.stderr.strip()[-800:]}"
            )
        got: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
        return got


@section("idle")
def bench_idle(opts: Options) -> list[Row]:
    """Idle CPU: the share of one core the real ``App.run`` loop takes over
    10 s on the title and on each game's table waiting for a person's move
    (nothing moving, no pointer), measured as the process's CPU time over
    wall time in a process of its own, in a real window when a display is
    there (``DISPLAY`` set, e.g. under Xvfb), else on the dummy driver with
    the same loop. Goal: at most 5 %."""
    rows: list[Row] = []
    for scene in IDLE_SCENES:
        got = idle_once(scene, opts.size)
        w, h = got["size"]
        if scene == "title":
            what = "the title"
        else:
            from tabletop.games import REGISTRY

            what = f"{REGISTRY[scene].info.title}'s table waiting for your move"
        window = "a real window" if got["driver"] not in ("dummy", "offscreen") else "headless"
        rows.append(
            Row(
                f"idle CPU, {what} {w}x{h} ({window}, {got['driver']}; "
                f"{got['draws']} of {got['frames']} frames drawn in {got['wall']:.0f} s)",
                100 * got["cpu"] / got["wall"],
                "%",
                IDLE_GOAL,
            )
        )
    return rows


# -- Planepita's physics ----------------------------------------------------------------


def _busy_layout(discs: int) -> Any:
    """A 4-player table with ``discs`` discs spread over the three areas."""
    import math

    from tabletop.games.planepita.model import Disc, Layout

    placed = []
    for i in range(discs):
        ring = (40.0, 120.0, 200.0)[i % 3]
        a = math.radians(i * 137.5)  # golden-angle spiral: no two discs overlap
        placed.append(Disc(i, i % 4, ring * math.cos(a), ring * math.sin(a), face_down=i % 5 == 0))
    return Layout(4, tuple(placed), (0.0, 30.0), (0.5, 0.5, 0.5, 0.5))


def _launches(n: int, first_id: int) -> list[Any]:
    from tabletop.games.planepita.model import Disc
    from tabletop.games.planepita.physics import Launch

    return [
        Launch(
            i % 4,
            Disc(first_id, i % 4),
            pad=0.2 + 0.6 * ((i * 7) % 10) / 9,
            angle=-20.0 + 40.0 * ((i * 3) % 11) / 10,
            speed=1200.0 + 1600.0 * ((i * 5) % 9) / 8,
        )
        for i in range(n)
    ]


#: percent: simulate()'s stepping phase against a bare pymunk loop over the
#: same space (issue 29), whatever the machine's speed that day
STEPPING_GOAL = 70.0


def cpu_timed(fn: Callable[..., T], *args: Any, **kw: Any) -> tuple[T, float]:
    """``fn(*args, **kw)`` and the seconds of this thread's CPU time it took,
    the garbage collector run before it and kept off during it (as timeit
    does): pymunk's bodies, shapes and joints are freed in its passes, and
    whichever of two loops set one off would pay for the spaces both left."""
    gc.collect()
    gc.disable()
    try:
        started = time.thread_time()
        got = fn(*args, **kw)
        return got, time.thread_time() - started
    finally:
        gc.enable()


def _bare_steps(world: Any, steps: int) -> None:
    """``space.step`` ``steps`` times in a bare loop."""
    space, dt = world.space, world.p.sim.dt
    for _ in range(steps):
        space.step(dt)


@section("physics")
def bench_physics(opts: Options) -> list[Row]:
    """simulate() against a bare pymunk loop over the same bodies and joints,
    shot by shot in one run, in the thread's CPU time (:func:`cpu_timed`); a
    typical shot's time to rest; whole shots per second at 16 discs."""
    from tabletop.games.planepita.physics import World, simulate

    busy = _busy_layout(16)
    shots = _launches(max(20, opts.runs * 8), 16)
    # ratio: the same shots, our simulate() against raw pymunk: the same
    # bodies, shapes and joints built in the same order, then space.step in
    # a bare loop for as many steps as simulate() needed
    ours_steps = ours_time = raw_time = build_time = 0.0
    for launch in shots:
        traj, took = cpu_timed(simulate, busy, launch)
        ours_time += took
        ours_steps += traj.steps
        # no Python callback in the baseline
        world, built = cpu_timed(World, busy, launch, record_hits=False)
        _, stepped = cpu_timed(_bare_steps, world, traj.steps)
        raw_time += built + stepped
        build_time += built
    ours_rate = ours_steps / ours_time
    raw_rate = ours_steps / raw_time
    loop_ours = ours_steps / max(1e-9, ours_time - build_time)
    loop_raw = ours_steps / max(1e-9, raw_time - build_time)
    # a typical shot: a handful of discs, a medium flick
    clock = time.perf_counter
    typical = _busy_layout(6)
    ms = []
    for launch in _launches(max(30, opts.runs * 10), 6):
        t = clock()
        simulate(typical, launch)
        ms.append((clock() - t) * 1000)
    # whole shots per second with 16 discs on the board, the collector on
    many = _launches(max(100, opts.runs * 40), 16)
    t, cpu = clock(), time.thread_time()
    for launch in many:
        simulate(busy, launch)
    per_cpu_second = len(many) / (time.thread_time() - cpu)
    per_second = len(many) / (clock() - t)
    return [
        Row("simulate(), 16 discs: steps per second of CPU time", ours_rate, "steps/s"),
        Row("raw pymunk, same space built + bare step loop", raw_rate, "steps/s"),
        Row("simulate() / raw pymunk", 100 * ours_rate / raw_rate, "%", 50.0, at_least=True),
        Row(
            "stepping phase only (construction excluded), ours / raw",
            100 * loop_ours / loop_raw,
            "%",
            STEPPING_GOAL,
            at_least=True,
        ),
        Row(
            f"typical shot to rest (6 discs), median of {len(ms)}", statistics.median(ms), "ms", 5.0
        ),
        Row(f"typical shot to rest (6 discs), p99 of {len(ms)}", percentile(ms, 99), "ms"),
        Row(
            f"whole shots per second, 16 discs ({len(many)} shots)",
            per_second,
            "shots/s",
            200.0,
            at_least=True,
        ),
        Row(
            f"whole shots per second of the thread's CPU time, 16 discs ({len(many)} shots)",
            per_cpu_second,
            "shots/s",
        ),
    ]


# -- a game on a headless window ---------------------------------------------------------


@contextlib.contextmanager
def game_on_screen(
    size: tuple[int, int], entry: Any, session: Any, seats: Sequence[Any], warmup: int = 30
) -> Iterator[tuple[Any, Any]]:
    """The game of ``session`` on a headless window of ``size`` (settings in a
    temporary folder), started through the frame and run ``warmup`` frames:
    the app and its scene, for a frame-time section."""
    from tabletop.ui import flow
    from tools import screenshot

    with tempfile.TemporaryDirectory(prefix="tabletop-bench-") as tmp:
        app = screenshot.make_app(size, home=tmp)
        scene = flow.start_game(app, entry, session.config, session.seed, seats, session=session)
        for _ in range(warmup):
            app.frame([], 1 / 60)
        yield app, scene


# -- Planepita's table -------------------------------------------------------------------


@section("planepita-frame")
def bench_planepita_frame(opts: Options) -> list[Row]:
    """Frame time of the real App while Planepita plays back a busy shot: a
    4-player board with 12 discs down, the flick (of 24 tried) with the most
    hits and the longest run, played ``runs`` times (undone in between) at real
    speed; quiet and beside a busy process (:func:`frame_rows`)."""
    import pygame

    from tabletop.core import rng
    from tabletop.core.session import Session, default_seats
    from tabletop.games import REGISTRY
    from tabletop.games.planepita import rules
    from tabletop.games.planepita.model import Flick, Phase

    entry = REGISTRY["planepita"]
    seats = default_seats(["human"] * 4)
    session = Session(entry, entry.default_config(4), 7, seats, threaded=False)
    pick = rng.make(7, "bench-planepita")
    while session.state.turn < 12:
        session.play(rules.sample_action(session.state, pick))
    while session.state.phase is not Phase.LAUNCH:
        session.play(rules.sample_action(session.state, pick))
    state = session.state
    tries = [
        Flick(pad=(i % 6) / 5, angle=-24.0 + 2.0 * i, speed=1300.0 + 70.0 * i) for i in range(24)
    ]

    def busyness(f: Flick) -> float:
        traj = rules.shot(state, f)
        return rules.piece_hits(traj) + traj.duration

    busy = max(tries, key=busyness)
    traj = rules.shot(state, busy)
    w, h = opts.size
    ply = session.ply

    def measure() -> Frames:
        times = Frames()
        with game_on_screen(opts.size, entry, session, seats) as (app, scene):
            for _ in range(opts.runs):
                mover = session.to_move()
                scene.act(busy)
                while scene.animating:
                    times.time(app.frame, [], 1 / 60)
                while session.ply > ply:
                    if not session.undo(mover):  # the flick's player takes it back
                        raise RuntimeError(f"cannot take the flick back: {session.can_undo(mover)}")
                app.frame([], 1 / 60)
            pygame.quit()
        return times

    quiet, loaded = quiet_and_loaded(opts, measure)
    what = (
        f"planepita frame during a shot {w}x{h} ({rules.piece_hits(traj)} hits, "
        f"{traj.duration:.1f} s, {len(quiet)} frames)"
    )
    return frame_rows(what, quiet, loaded, 16.7, 4.0)


# -- the turnable solid (tabletop/ui/solid.py) -------------------------------------------


@section("solid")
def bench_solid(opts: Options) -> list[Row]:
    """Frame time while four dodecahedra turn at once: the demo's table
    (``python -m tabletop.ui.solid``): one large of 60 coloured cells with a
    glowing face (a placement's preview), three small beside it, every
    coloured cell with a glyph sprite (then none). Each frame turns all four
    a little, advances them by 1/60 s, clears the window, draws them and
    flips; quiet and beside a busy process (:func:`frame_rows`)."""
    import pygame

    from tabletop.ui.solid import DEMO_CLASSES, DemoTable

    w, h = opts.size
    pygame.display.init()
    try:
        screen = pygame.display.set_mode(opts.size)
        table = DemoTable(opts.size)
        big = table.views[0]
        # what a scene does once: every glyph painted at every size it will show
        clock = time.perf_counter
        t0 = clock()
        painted = table.sprites.warm([c for c, _ in DEMO_CLASSES], 1, big.project().radius / 2)
        warm_ms = (clock() - t0) * 1000
        table.hover = 5 * 7 + 2  # a cell of face 7: its face glows

        def frame(glyphs: bool) -> None:
            for k, view in enumerate(table.views):
                view.turn((0.3, 1.0, 0.1 * k), 0.8 / 60)  # 0.8 radians a second
            table.update(1 / 60)
            screen.fill((22, 26, 34))
            table.draw(screen, glyphs=glyphs)
            pygame.display.flip()

        def measure() -> dict[bool, Frames]:
            got = {True: Frames(), False: Frames()}
            for glyphs in (True, False):
                for _ in range(30):
                    frame(glyphs)
                for _ in range(opts.frames):
                    got[glyphs].time(frame, glyphs)
            return got

        quiet, loaded = quiet_and_loaded(opts, measure)
        across = round(2 * big.project().radius)
        small = round(2 * table.views[1].project().radius)
        later = len(table.sprites) - painted
    finally:
        pygame.quit()
    what = f"solid: 4 dodecahedra turning {w}x{h} (one {across} px across, 3 of {small} px)"
    return [
        *frame_rows(
            f"{what}, glyphs and a glowing face, {opts.frames} frames",
            quiet[True],
            loaded[True] if loaded else None,
            4.0,
            4.0,
        ),
        *frame_rows(
            f"{what}, no glyphs, {opts.frames} frames",
            quiet[False],
            loaded[False] if loaded else None,
            None,
            4.0,
        ),
        Row(f"solid: glyph sprites painted ahead ({painted})", warm_ms, "ms"),
        Row("solid: glyph sprites painted while turning, after that", later, "sprites", 0),
    ]


# -- every game's table ---------------------------------------------------------------


@section("frames")
def bench_frames(opts: Options) -> list[Row]:
    """Frame time of every registered game's table in the real App at the
    bench size: a person and easy bots (untimed), the first position where
    the person is to move, warmed up; each frame moves the pointer a step
    along a path over the whole table (hover marks, tooltips, previews follow
    it), the way a player looks over the table before moving. Measured:
    ``app.frame`` on the dummy video driver, every game quiet, then every
    game again beside a busy process (:func:`frame_rows`); goals: median one
    60 Hz frame, p99 two."""
    import pygame

    from tabletop.core.session import Seat, Session
    from tabletop.games import REGISTRY

    w, h = opts.size
    n = max(60, opts.frames // 2)

    def seats_of(name: str) -> list[Seat]:
        info = REGISTRY[name].info
        players = max(info.min_players, 3 if info.max_players >= 3 else 2)
        return [Seat("You")] + [Seat(f"Bot {i}", "bot", "easy") for i in range(1, players)]

    def table_frames(name: str) -> Frames:
        entry, seats = REGISTRY[name], seats_of(name)
        session = Session(
            entry, entry.default_config(len(seats)), 11, seats, threaded=False, timed=False
        )
        times = Frames()
        with game_on_screen(opts.size, entry, session, seats) as (app, scene):
            for _ in range(600):  # the bots move (paced by the frame) until the person is to move
                if session.is_human_turn() and not scene.animating:
                    break
                app.frame([], 1 / 60)
            for i in range(n):
                pos = pointer_at(i, n, opts.size)
                event = pygame.event.Event(
                    pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0)
                )
                times.time(app.frame, [event], 1 / 60)
            pygame.quit()
        return times

    names = list(REGISTRY)
    quiet, loaded = quiet_and_loaded(opts, lambda: [table_frames(name) for name in names])
    rows: list[Row] = []
    for k, name in enumerate(names):
        what = f"{name} table {w}x{h} ({len(seats_of(name))} seats, pointer moving, {n} frames)"
        rows += frame_rows(what, quiet[k], loaded[k] if loaded else None, 16.7, 33.3)
    return rows


# -- Planet's table with the planet turning ---------------------------------------------


@section("planet-frame")
def bench_planet_frame(opts: Options) -> list[Row]:
    """Frame time of the real App's Planet table (4 seats, 6 tiles on each
    planet, the person to place: tray, animal board, three small planets in 3D)
    while the large planet turns: each frame of the first half feeds one
    synthetic mouse motion of a drag across the planet (press, ``frames / 2``
    motions, release), the second half is the flick's spin decaying, then
    ↑/↓ every 20 frames, which move the face cursor and turn the planet to
    the face (with the pointer resting on the planet, the preview follows
    the face under it as the planet turns). Measured: ``app.frame`` (events,
    update, draw, flip) on the dummy video driver, so no real display's vsync
    or upload is counted; quiet and beside a busy process (:func:`frame_rows`)."""
    import pygame

    from tabletop.core import rng
    from tabletop.core.session import Seat, Session
    from tabletop.games import REGISTRY

    entry = REGISTRY["planet"]
    seats = [
        Seat("You"),
        Seat("B", "bot", "easy"),
        Seat("C", "bot", "easy"),
        Seat("D", "bot", "easy"),
    ]
    session = Session(entry, entry.default_config(4), 7, seats, threaded=False, timed=False)
    pick = rng.make(7, "bench-planet-frame")
    while min(p.count(".") for p in session.state.planets) > 30 or session.to_move() != 0:
        legal = session.rules.legal_actions(session.view(session.to_move()))
        session.play(legal[pick.randrange(len(legal))])
    w, h = opts.size
    placed = session.ply

    def drag_and_keys(app: Any, scene: Any) -> Frames:
        big = scene.table.big
        start = big.orientation
        r = big.rect
        half = max(2, opts.frames // 2)
        x0, y = r.centerx - r.w // 4, r.centery
        events: list[list[Any]] = [
            [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x0, y), button=1)]
        ]
        for i in range(1, half):
            pos = (x0 + (r.w // 2) * i // half, y + round(20 * math.sin(i / 9)))
            events.append(
                [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 0), buttons=(1, 0, 0))]
            )
        events.append([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])
        keys = [pygame.K_UP, pygame.K_DOWN] * 4  # the face cursor: the planet turns to each face
        while len(events) < opts.frames:
            k = len(events) - half
            events.append(
                [
                    pygame.event.Event(
                        pygame.KEYDOWN, key=keys[k // 20 % len(keys)], mod=0, unicode="", scancode=0
                    )
                ]
                if k % 20 == 10
                else []
            )
        times = Frames()
        for evs in events:
            times.time(app.frame, evs, 1 / 60)
        if big.orientation == start:
            raise RuntimeError("the drag did not turn the planet: the bench measured nothing")
        return times

    def measure() -> Frames:
        with game_on_screen(opts.size, entry, session, seats) as (app, scene):
            times = drag_and_keys(app, scene)
            pygame.quit()
        return times

    quiet, loaded = quiet_and_loaded(opts, measure)
    what = (
        f"planet frame, large planet turning {w}x{h} (4 seats, {len(quiet)} frames, ply {placed})"
    )
    return frame_rows(what, quiet, loaded, 4.0, 4.0)


# -- Planepita's bots --------------------------------------------------------------------


def _planepita_decisions() -> list[Any]:
    """Views where a bot must decide, from seeded play by easy bots: launches
    early and late in a round at 2 (3P discs) and 4 players and in the middle
    of one at 3, a flip, and a jammer knocked off the board."""
    from tabletop.games.planepita import bot, rules
    from tabletop.games.planepita.model import Flick, Phase

    def played(players: int, seed: int, done: Callable[[Any], bool]) -> Any:
        state = rules.RULES.setup(rules.RULES.info.config(players), seed)
        bots = [bot.make_bot("easy", s, seed + s) for s in range(players)]
        while not done(state):
            state = rules.RULES.apply(state, bots[rules.launcher(state)].choose(state))
        return state

    def launch_at(turn: int) -> Callable[[Any], bool]:
        return lambda s: s.turn >= turn and s.phase is Phase.LAUNCH

    knocked = rules.RULES.apply(played(2, 1, launch_at(0)), Flick(0.5, 0.0, 3000.0))
    return [
        played(2, 1, launch_at(2)),
        played(2, 2, launch_at(10)),
        played(3, 6, launch_at(6)),
        played(4, 3, launch_at(6)),
        played(4, 4, launch_at(14)),
        played(4, 5, lambda s: s.turn >= 8 and s.phase is Phase.FLIP),
        knocked,
    ]


#: every hard bot's goal per decision, seconds: (median, max). A hard bot
#: answers at once with one legal move and stops searching once its choice
#: is settled, so most decisions take far less than its budget.
HARD_GOALS = (0.3, 1.0)


def bot_rows(
    game: str,
    level: str,
    budget: float | None,
    decisions: Sequence[tuple[Callable[[], Any], Any]],
    note: str = "",
) -> list[Row]:
    """Decision times of one bot level, median and max. The goal is the
    level's budget in seconds (the game's ``BUDGETS``); for a hard bot it is
    :data:`HARD_GOALS` (its budget is tighter, and a search may finish the
    simulation it is in when the budget ends). Each decision is a fresh timed bot (the app's limits)
    answering one view."""
    clock = time.perf_counter
    times = []
    for make, view in decisions:
        player = make()
        t = clock()
        player.choose(view)
        times.append((clock() - t) * 1000)
    goals = HARD_GOALS if level == "hard" else (budget, budget)
    median_goal, max_goal = (None if g is None else g * 1000 for g in goals)
    what = f"{game} {level} bot decision, {len(times)} positions{' ' + note if note else ''}"
    return [
        Row(f"{what}, median", statistics.median(times), "ms", median_goal),
        Row(f"{what}, max", max(times), "ms", max_goal),
    ]


@section("bots")
def bench_bots(opts: Options) -> list[Row]:
    """Every game's every bot level, one decision per position, against the
    level's budget in seconds (the hard bots': :data:`HARD_GOALS`).
    Planepita: launches at 2 and 4 players early and late in a round and at 3
    in the middle of one, a flip and a jammer placement. Planet etuC: early, middle and late in deals
    played by medium bots at 2 and 3 players, where the seat has a choice;
    and the hard bot where it has none. Uchronicle: early, middle and late in
    first rounds played by medium bots at 2 and 3 players, standard and
    expert, where the hard bot has more than one play to weigh. Phantom
    Rummy: early, middle and late in first short games played by medium bots
    at 2, 3 and 4 players, where the seat (to take, to act or answering a
    discard) has more than one legal move."""
    from tabletop.games import etuc, planepita
    from tabletop.games.etuc import bot as etuc_bot
    from tabletop.games.planepita import bot as planepita_bot
    from tabletop.games.planepita import rules
    from tabletop.games.uchronicle import bot as uchronicle_bot

    rows: list[Row] = []
    positions = _planepita_decisions()
    for level, (_, seconds) in planepita_bot.BUDGETS.items():
        decisions = [
            (
                lambda level=level, i=i, state=state: planepita.ENTRY.make_bot(
                    level, rules.launcher(state), i
                ),
                state,
            )
            for i, state in enumerate(positions)
        ]
        rows += bot_rows("planepita", level, seconds, decisions)
    views = _etuc_decisions(max(4, opts.runs))
    for level, (_, seconds) in etuc_bot.BUDGETS.items():
        decisions = [
            (lambda level=level, i=i, seat=view.turn: etuc.ENTRY.make_bot(level, seat, i), view)
            for i, view in enumerate(views)
        ]
        rows += bot_rows("etuc", level, seconds, decisions)
    forced = _etuc_forced(max(4, opts.runs))
    rows += bot_rows(
        "etuc",
        "hard",
        None,
        [
            (lambda i=i, seat=v.turn: etuc.ENTRY.make_bot("hard", seat, i), v)
            for i, v in enumerate(forced)
        ],
        "with one legal action",
    )
    views = _uchronicle_decisions(max(2, opts.runs // 2))
    for level, (_, seconds) in uchronicle_bot.BUDGETS.items():
        decisions = [
            (lambda level=level, i=i, seat=view.turn: uchronicle_bot.make_bot(level, seat, i), view)
            for i, view in enumerate(views)
        ]
        rows += bot_rows("uchronicle", level, seconds, decisions)
    from tabletop.games.phantom_rummy import bot as phantom_bot

    views = _phantom_rummy_decisions(max(2, opts.runs // 2))
    for level, (_, seconds) in phantom_bot.BUDGETS.items():
        decisions = [
            (lambda level=level, i=i, seat=view.viewer: phantom_bot.make_bot(level, seat, i), view)
            for i, view in enumerate(views)
        ]
        rows += bot_rows("phantom_rummy", level, seconds, decisions)
    searched = _phantom_rummy_searched(views)
    rows += bot_rows(
        "phantom_rummy",
        "hard",
        phantom_bot.HARD_TIME,
        [
            (lambda i=i, seat=v.viewer: phantom_bot.make_bot("hard", seat, i), v)
            for i, v in enumerate(searched)
        ],
        "where its search weighs more than one move",
    )
    return rows


# -- the coach and the review -------------------------------------------------------------

#: seconds: the coach's note on a move, median and slowest (it is judged on the
#: bots' worker while the others move; the hard bot's own search twice over)
COACH_GOALS = (1.0, 3.0)
#: seconds: a review of a whole two-player game's decisions of one seat (the
#: player watches its progress bar on the results screen)
REVIEW_GOAL = 30.0


def _reviewed_game(name: str, seed: int) -> Any:
    """A finished two-player game of ``name`` between easy bots, seeded."""
    from tabletop.core.session import Session, default_seats
    from tabletop.games import REGISTRY

    entry = REGISTRY[name]
    session = Session(
        entry,
        entry.default_config(2),
        seed,
        default_seats(["easy", "easy"]),
        threaded=False,
        timed=False,
    )
    while not session.is_over():
        session.play(session.bot_action())
    return session


@section("review")
def bench_review(opts: Options) -> list[Row]:
    """The coach's and the review's cost per game (tabletop/core/review.py),
    on a typical game: a finished two-player game between easy bots, seat 0
    reviewed as a person's seat would be. The coach judges one move (the
    hard bot untimed, as the coach runs it): median and slowest over the
    seat's decisions; the review judges all of them, as *Review* on the
    results screen does."""
    from tabletop.core import review
    from tabletop.games import REGISTRY

    clock = time.perf_counter
    rows: list[Row] = []
    for name in REGISTRY:
        session = _reviewed_game(name, 7)
        entry, states, actions = session.entry, session.states, session.actions
        t = clock()
        review.review(entry, states, actions, 0, session.seed)
        whole = clock() - t
        plies = [
            i for i in range(len(actions)) if review.is_decision(entry, states[i], 0, actions[i])
        ]
        times = []
        for ply in plies:
            t = clock()
            review.assess(entry, states[ply], 0, actions[ply], session.seed, ply)
            times.append((clock() - t) * 1000)
        what = f"{name} coach, one move judged, {len(plies)} moves"
        rows += [
            Row(f"{what}, median", statistics.median(times), "ms", COACH_GOALS[0] * 1000),
            Row(f"{what}, max", max(times), "ms", COACH_GOALS[1] * 1000),
            Row(
                f"{name} review of a 2-player game, {len(plies)} decisions",
                whole,
                "s",
                REVIEW_GOAL,
            ),
        ]
    return rows


# -- Planepita's bots: how well their hands play ----------------------------------------

#: positions per level for the accuracy sections
ACCURACY_POSITIONS = 50
#: the graded ladder: each level's share of free shots that end in the 5-pt area, % (low, high)
FREE_SHOT_GOALS = {"easy": (0.0, 40.0), "medium": (40.0, 70.0), "hard": (70.0, 90.0)}


def free_shots(count: int, target: bool = False) -> list[Any]:
    """``count`` seeded positions of a free shot: the first launch of a
    3-player round (seat 0 to move), nothing on the board but the jammer,
    which stands in the 3-pt area well away from seat 0's side of the rim
    (never between its pad and the centre). The other seats' pads stand
    anywhere along their stretches. With ``target``, a lone face-up disc of
    seat 1 lies in the 5-pt area (its centre within 60 mm of the middle)."""
    import math

    from tabletop.core import rng as rngmod
    from tabletop.games.planepita import rules
    from tabletop.games.planepita.board import default_board
    from tabletop.games.planepita.model import Disc, Layout

    board = default_board()
    lo, hi = board.area_bounds(3, board.jammer_radius)
    out = []
    for i in range(count):
        r = rngmod.make(i, "bench", "free shot")
        state = rules.RULES.setup(rules.RULES.info.config(3), i)
        # seat 0 launches from the bottom (270°): the jammer keeps 70° or more away
        a = math.radians(270.0 + r.uniform(70.0, 290.0))
        d = r.uniform(lo + 4.0, min(hi, board.outer_radius) - 10.0)
        pads = (0.5, round(r.random(), 3), round(r.random(), 3))
        discs: tuple[Disc, ...] = ()
        if target:
            t, at = 60.0 * math.sqrt(r.random()), r.uniform(0.0, 2 * math.pi)
            discs = (Disc(0, 1, t * math.cos(at), t * math.sin(at)),)
        layout = Layout(3, discs, (d * math.cos(a), d * math.sin(a)), pads)
        out.append(replace(state, layout=layout, next_id=len(discs)))
    return out


def _five_pt_rate(level: str, positions: Sequence[Any], ident: int | None = None) -> float:
    """The share (%) of ``positions`` after which the bot's launched disc (or
    the disc ``ident``) lies in the 5-pt area."""
    from tabletop.games import planepita
    from tabletop.games.planepita import rules

    hits = 0
    for i, state in enumerate(positions):
        seat = rules.launcher(state)
        flick = planepita.ENTRY.make_bot(level, seat, i, timed=False).choose(state)
        traj = rules.shot(state, flick)
        want = state.next_id if ident is None else ident
        disc = next((d for d in traj.final.discs if d.id == want), None)
        hits += disc is not None and rules.area_of_disc(disc) == 5
    return 100.0 * hits / len(positions)


@section("free-shot")
def bench_free_shot(opts: Options) -> list[Row]:
    """Each Planepita bot level's free-shot 5-pt rate: on :func:`free_shots`
    (the jammer in the 3-pt area, no disc in the way), how often the disc it
    launches ends in the 5-pt area; and how often it knocks a lone opponent
    disc out of the 5-pt area (no goal: a person's hand misses now and then). The bots run untimed (their shot caps
    alone), so the figures repeat exactly; their hands stray by their level's
    spread (``bot.SPREADS``), drawn from each bot's own seeded generator."""
    positions = free_shots(ACCURACY_POSITIONS)
    rows = []
    for level, (low, high) in FREE_SHOT_GOALS.items():
        rate = _five_pt_rate(level, positions)
        rows.append(
            Row(
                f"planepita {level} bot free shot in the 5-pt area, {len(positions)} positions",
                rate,
                "%",
                high,
                floor=low if low > 0 else None,
            )
        )
    # the same, with a lone opponent disc in the 5-pt area: how often it is knocked out
    targets = free_shots(ACCURACY_POSITIONS, target=True)
    for level in FREE_SHOT_GOALS:
        rate = 100.0 - _five_pt_rate(level, targets, ident=0)
        rows.append(
            Row(
                f"planepita {level} bot knocks a lone opponent disc out of the 5-pt area, "
                f"{len(targets)} positions",
                rate,
                "%",
            )
        )
    return rows


# -- Planet etuC ----------------------------------------------------------------------


@section("etuc")
def bench_etuc(opts: Options) -> list[Row]:
    """Random full games per second, where a "full game" is one deal (11 cards
    each, played with uniformly random legal actions until the deal is scored).
    The bots' decision times are in the "bots" section."""
    from tabletop.core import rng
    from tabletop.core.game import GameConfig
    from tabletop.games import etuc

    rules = etuc.RULES
    clock = time.perf_counter
    rows: list[Row] = []
    for players in (2, 3):
        deals = max(200, opts.runs * 60)
        actions = 0
        t = clock()
        for i in range(deals):
            state = rules.setup(GameConfig(players), i)
            pick = rng.make(i, "bench-etuc")
            while state.game == 1:
                legal = rules.legal_actions(state)
                state = rules.apply(state, legal[pick.randrange(len(legal))])
                actions += 1
        elapsed = clock() - t
        rows.append(
            Row(
                f"etuc {players}p random deals per second ({deals} deals)",
                deals / elapsed,
                "deals/s",
                100.0,
                at_least=True,
            )
        )
        rows.append(
            Row(f"etuc {players}p random actions per second", actions / elapsed, "actions/s")
        )
    return rows


@section("uchronicle")
def bench_uchronicle(opts: Options) -> list[Row]:
    """The solver's worst case: ``options`` for the card to play on the last
    trick of a 3-player round (8 finished tricks, 0-2 cards already in the
    present one), each timed with the solver's caches emptied first (best of
    3 tries per position): the constructed worst positions
    (``tests.uchronicle.positions.WORST``), then the slowest and the median
    of seeded random positions, in the expert and the standard game. The
    20 ms goal is the expert game's (issue 12); the standard game shows its
    figures against the same line."""
    import random

    from tabletop.games.uchronicle import solver
    from tests.uchronicle.positions import WORST, random_position

    clock = time.perf_counter

    def cold_ms(state: Any, card: Any, tries: int) -> float:
        """``options`` with the caches emptied first: the best of ``tries``."""
        best = float("inf")
        for _ in range(tries):
            solver.clear_caches()
            t = clock()
            solver.options(state, card)
            best = min(best, clock() - t)
        return best * 1000

    rows: list[Row] = []
    for game, (state, card) in WORST.items():
        worst = cold_ms(state, card, max(3, opts.runs))
        rows.append(Row(f"uchronicle {game} options, constructed worst case", worst, "ms", 20.0))
    count = max(100, opts.runs * 40)
    for expert in (True, False):
        times = []
        for seed in range(count):
            state, card = random_position(random.Random(seed), expert=expert, past=8)
            times.append(cold_ms(state, card, 3))
        game = "expert" if expert else "standard"
        rows.append(
            Row(f"uchronicle {game} options, last trick, worst of {count}", max(times), "ms", 20.0)
        )
        rows.append(
            Row(f"uchronicle {game} options, last trick, median", statistics.median(times), "ms")
        )
    # random full games (every round), each action from sample_action (as the
    # harness plays) and applied with its check; and legal_actions (the bots'
    # menu) timed on every position those games pass through
    import gc

    from tabletop.core import rng
    from tabletop.core.game import GameConfig
    from tabletop.games import uchronicle

    rules = uchronicle.RULES
    for players in (2, 3):
        for expert in (False, True):
            games = max(10, opts.runs * 4)

            def play(i: int, keep: list[Any] | None = None) -> None:
                state = rules.setup(GameConfig(players, {"expert": expert}), i)  # noqa: B023
                pick = rng.make(i, "bench-uchronicle")
                while state.turn is not None:
                    if keep is not None:
                        keep.append(state)
                    state = rules.apply(state, uchronicle.sample_action(state, pick))

            t = clock()
            for i in range(games):
                play(i)
            elapsed = clock() - t
            positions: list[Any] = []
            for i in range(games):
                play(i, positions)
            game = "expert" if expert else "standard"
            rows.append(
                Row(
                    f"uchronicle {players}p {game} random games per second ({games} games)",
                    games / elapsed,
                    "games/s",
                    50.0,
                    at_least=True,
                )
            )
            # cold caches; the positions kept here are frozen out of the
            # garbage collector's sight, whose passes over them are the bench's
            # doing, not the rules'
            solver.clear_caches()
            gc.collect()
            gc.freeze()
            times = []
            for state in positions:
                t = clock()
                rules.legal_actions(state)
                times.append((clock() - t) * 1000)
            gc.unfreeze()
            rows.append(
                Row(
                    f"uchronicle {players}p {game} legal_actions, median of {len(times)}",
                    statistics.median(times),
                    "ms",
                )
            )
            rows.append(Row(f"uchronicle {players}p {game} legal_actions, max", max(times), "ms"))
    return rows


@section("phantom_rummy")
def bench_phantom_rummy(opts: Options) -> list[Row]:
    """Phantom Rummy's hand arithmetic (tabletop/games/phantom_rummy/hands.py)
    on seeded random 7-8 card hands, half with a set open: the tables' build
    (``clear_caches`` drops them; the first question in a process pays it),
    then ``distance_to_goal`` with its acceptance on hands it has not met,
    each batch freshly dealt (nothing is remembered by hand; the 200,000/s
    goal is issue 13's); ``is_goal_hand`` on 8-card hands; and seeded random
    matches through the entry's ``sample_action`` (what the harness plays),
    in short games per second (issue 13's goal: 100/s)."""
    from tabletop.core import rng
    from tabletop.games.phantom_rummy import hands
    from tabletop.games.phantom_rummy.cards import DECK

    clock = time.perf_counter
    pick = rng.make(13, "bench-phantom-rummy")
    count = max(5000, opts.runs * 2000)

    def deal(n: int) -> list[tuple[list[Any], bool]]:
        return [(pick.sample(DECK, pick.choice((7, 8))), pick.random() < 0.5) for _ in range(n)]

    builds = []
    for _ in range(max(2, opts.runs)):
        hands.clear_caches()
        t = clock()
        hands.distance_to_goal(DECK[:7], True)
        builds.append((clock() - t) * 1000)
    rates = []
    for _ in range(max(5, opts.runs)):
        batch = deal(count)
        t = clock()
        for hand, opened in batch:
            hands.distance_to_goal(hand, opened)
        rates.append(count / (clock() - t))
    passes = 10
    eights = [pick.sample(DECK, 8) for _ in range(count)]
    t = clock()
    for _ in range(passes):
        for hand in eights:
            hands.is_goal_hand(hand)
    goal_rate = passes * count / (clock() - t)
    # seeded random matches as the harness plays them (the entry's
    # sample_action, each action applied with its check), counted in short games
    from tabletop.core.game import GameConfig
    from tabletop.games import phantom_rummy
    from tabletop.games.phantom_rummy.model import Phase

    rules = phantom_rummy.RULES
    games_rows = []
    for players in (2, 3, 4):
        matches = max(3, opts.runs)
        short_games = actions = 0
        t = clock()
        for seed in range(matches):
            state = rules.setup(GameConfig(players, {}), seed)
            sampler = rng.make(seed, "bench-phantom-rummy-games")
            while state.phase is not Phase.OVER:
                state = rules.apply(state, phantom_rummy.sample_action(state, sampler))
                actions += 1
            short_games += len(state.results)
        elapsed = clock() - t
        games_rows.append(
            Row(
                f"phantom_rummy {players}p random short games ({matches} matches, "
                f"{actions} actions)",
                short_games / elapsed,
                "games/s",
                100.0,
                at_least=True,
            )
        )
    return [
        *games_rows,
        Row("phantom_rummy distance_to_goal tables built, best", min(builds), "ms", 1000.0),
        Row(
            f"phantom_rummy distance_to_goal, new hands ({count} a batch, best of {len(rates)})",
            max(rates),
            "calls/s",
            200_000.0,
            at_least=True,
        ),
        Row(
            f"phantom_rummy distance_to_goal, new hands, median of {len(rates)} batches",
            statistics.median(rates),
            "calls/s",
        ),
        Row(
            f"phantom_rummy is_goal_hand on 8-card hands ({count} hands x {passes})",
            goal_rate,
            "calls/s",
        ),
    ]


@section("planet")
def bench_planet(opts: Options) -> list[Row]:
    """Planet's animal conditions (tabletop/games/planet/regions.py) on seeded
    random full planets (12 different tiles from the 50, each on a random face
    with a random rotation): one evaluation is one card's ``condition_key`` on
    one planet, from the planet's string (its masks made inside the call), for
    every planet x all 45 cards, each batch on freshly dealt planets (issue
    14's goal: 20,000 a second); and ``regions`` for each of the five
    terrains."""
    from tabletop.core import rng
    from tabletop.games.planet import regions
    from tabletop.games.planet.tiles import ANIMALS, TERRAINS, TILES

    clock = time.perf_counter
    pick = rng.make(14, "bench-planet")
    count = max(200, opts.runs * 40)

    def planets(n: int) -> list[str]:
        out = []
        for _ in range(n):
            planet = regions.EMPTY_PLANET
            faces = pick.sample(range(12), 12)
            for face, tile in zip(faces, pick.sample(TILES, 12), strict=True):
                planet = regions.with_tile(planet, tile.terrains, face, pick.randrange(5))
            out.append(planet)
        return out

    rates = []
    for _ in range(max(5, opts.runs)):
        batch = planets(count)
        t = clock()
        for planet in batch:
            for animal in ANIMALS:
                regions.condition_key(planet, animal)
        rates.append(count * len(ANIMALS) / (clock() - t))
    batch = planets(count)
    t = clock()
    for planet in batch:
        for terrain in TERRAINS:
            regions.regions(planet, terrain)
    region_rate = count * len(TERRAINS) / (clock() - t)
    evaluations = f"{count} planets x {len(ANIMALS)} cards"
    rows = [
        Row(
            f"planet condition_key on random full planets ({evaluations}, best of {len(rates)})",
            max(rates),
            "evals/s",
            20_000.0,
            at_least=True,
        ),
        Row(
            f"planet condition_key, median of {len(rates)} batches",
            statistics.median(rates),
            "evals/s",
        ),
        Row(
            f"planet regions(planet, terrain) on random full planets ({count} x {len(TERRAINS)})",
            region_rate,
            "calls/s",
        ),
    ]
    from tabletop.games.planet import bot as planet_bot

    views = _planet_decisions(max(1, opts.runs // 2))
    for level, (_, seconds) in planet_bot.BUDGETS.items():
        decisions = [
            (lambda level=level, i=i, seat=view.viewer: planet_bot.make_bot(level, seat, i), view)
            for i, view in enumerate(views)
        ]
        rows += bot_rows("planet", level, seconds, decisions)
    return rows


def _planet_decisions(games: int) -> list[Any]:
    """Views of the seat to place, from ``games`` seeded games at 2, 3 and 4
    players (standard rules) played by medium bots: the first placement of
    rounds 1, 4, 7 and 10 (5 tiles on offer, 12 to 3 free faces) and the
    last of round 11."""
    from tabletop.games import planet
    from tabletop.games.planet import bot as planet_bot

    rules = planet.RULES
    positions = []
    for players in (2, 3, 4):
        for i in range(games):
            state = rules.setup(planet.ENTRY.default_config(players), 400 + i)
            medium = [planet_bot.make_bot("medium", s, i) for s in range(players)]
            while not state.over:
                seat = state.turn
                view = rules.view(state, seat)
                if (state.taken == 0 and state.round in (1, 4, 7, 10)) or (
                    state.round == 11 and state.taken == players - 1
                ):
                    positions.append(view)
                state = rules.apply(state, medium[seat].choose(view))
    return positions


def _etuc_decisions(deals: int) -> list[Any]:
    """Views where the seat to move has a choice, from ``deals`` seeded first
    deals at 2 and at 3 players played by medium bots: in each deal one early
    (a sixth of the way through its choices), one in the middle and one late
    (five sixths), so the hard bot is timed on the positions it meets in play."""
    from tabletop.core.game import GameConfig
    from tabletop.games import etuc

    rules = etuc.RULES
    positions = []
    for players in (2, 3):
        for i in range(deals):
            state = rules.setup(GameConfig(players), 100 + i)
            medium = [etuc.ENTRY.make_bot("medium", s, i) for s in range(players)]
            choices = []
            while state.game == 1 and state.turn is not None:
                seat = state.turn
                view = rules.view(state, seat)
                if len(rules.legal_actions(state)) > 1:
                    choices.append(view)
                state = rules.apply(state, medium[seat].choose(view))
            positions += [choices[len(choices) * k // 6] for k in (1, 3, 5)]
    return positions


def _uchronicle_decisions(rounds: int) -> list[Any]:
    """Views where the hard bot weighs more than one play, from ``rounds``
    seeded first rounds at 2 and 3 players, standard and expert, played by
    medium bots: in each round one early (a sixth of the way through those
    views), one in the middle and one late (five sixths)."""
    from tabletop.core.game import GameConfig
    from tabletop.games.uchronicle import bot as uchronicle_bot
    from tabletop.games.uchronicle.rules import RULES

    positions = []
    for players in (2, 3):
        for expert in (False, True):
            for i in range(rounds):
                state = RULES.setup(GameConfig(players, {"expert": expert}), 200 + i)
                medium = [uchronicle_bot.make_bot("medium", s, i) for s in range(players)]
                choices = []
                while state.round == 1 and state.turn is not None:
                    seat = state.turn
                    view = RULES.view(state, seat)
                    if len(uchronicle_bot.candidates(view, uchronicle_bot.SLACK)) > 1:
                        choices.append(view)
                    state = RULES.apply(state, medium[seat].choose(view))
                positions += [choices[len(choices) * k // 6] for k in (1, 3, 5)]
    return positions


def _phantom_rummy_decisions(short_games: int) -> list[Any]:
    """Views where the seat to move has more than one legal move (a take, a
    turn's move, an answer to a discard), from ``short_games`` seeded first
    short games at 2, 3 and 4 players played by medium bots: in each one
    early (a sixth of the way through those views), one in the middle and one
    late (five sixths)."""
    from tabletop.games import phantom_rummy
    from tabletop.games.phantom_rummy import bot as phantom_bot

    rules = phantom_rummy.RULES
    positions = []
    for players in (2, 3, 4):
        for i in range(short_games):
            state = rules.setup(phantom_rummy.ENTRY.default_config(players), 300 + i)
            medium = [phantom_bot.make_bot("medium", s, i) for s in range(players)]
            choices = []
            while not state.results:
                seat = rules.to_move(state)
                view = rules.view(state, seat)
                if len(rules.legal_actions(state)) > 1:
                    choices.append(view)
                state = rules.apply(state, medium[seat].choose(view))
            positions += [choices[len(choices) * k // 6] for k in (1, 3, 5)]
    return positions


def _phantom_rummy_searched(views: Sequence[Any]) -> list[Any]:
    """Those of ``views`` where the hard bot searches (it has more than one
    candidate move to play out), found by a one-deal search."""
    from tabletop.games.phantom_rummy import bot as phantom_bot

    found = []
    for i, view in enumerate(views):
        probe = phantom_bot.HardBot(view.viewer, i, iterations=1, time_budget=None)
        probe.choose(view)
        if probe.last.deals:
            found.append(view)
    return found


def _etuc_forced(count: int) -> list[Any]:
    """Views where the seat to move has one legal action (a pass it cannot refuse)."""
    from tabletop.core.game import GameConfig
    from tabletop.games import etuc

    rules = etuc.RULES
    positions = []
    seed = 100
    while len(positions) < count:
        state = rules.setup(GameConfig(3), seed)
        medium = [etuc.ENTRY.make_bot("medium", s, seed) for s in range(3)]
        while state.game == 1 and state.turn is not None and len(positions) < count:
            view = rules.view(state, state.turn)
            if len(rules.legal_actions(state)) == 1:
                positions.append(view)
            state = rules.apply(state, medium[state.turn].choose(view))
        seed += 1
    return positions


# -- the hard bots' decisions ended by the clock (issue 29) ------------------------------

#: percent: the share of a game's hard decisions its seconds may end, with
#: one CPU-bound process beside it on the machine (a level is its iteration
#: budget; the seconds are a safety cap)
CLOCK_GOAL = 5.0


def clock_row(game: str, decisions: Sequence[tuple[Callable[[], Any], Any]]) -> Row:
    """The share of ``decisions`` (a fresh timed hard bot each, and the view
    it answers) that ended because of the bot's seconds: its ``clock_cut``
    after ``choose``."""
    cut = 0
    for make, view in decisions:
        player = make()
        player.choose(view)
        cut += bool(getattr(player, "clock_cut", False))
    return Row(
        f"{game} hard decisions ended by the clock, one busy process beside "
        f"({len(decisions)} positions)",
        100.0 * cut / max(1, len(decisions)),
        "%",
        CLOCK_GOAL,
    )


Decisions = list[tuple[Callable[[], Any], Any]]


def _clock_planet(opts: Options) -> Decisions:
    """Planet: the positions of its bots' decision rows (the "planet"
    section, :func:`_planet_decisions`), each for a fresh timed hard bot."""
    from tabletop.games.planet import bot as planet_bot

    views = _planet_decisions(max(1, opts.runs // 2))
    return [
        (lambda i=i, seat=view.viewer: planet_bot.make_bot("hard", seat, i), view)
        for i, view in enumerate(views)
    ]


def _clock_etuc(opts: Options) -> Decisions:
    """Planet etuC: the positions of its bots' decision rows (the "bots"
    section, :func:`_etuc_decisions`), each decided twice, by fresh timed
    hard bots with seeds of their own."""
    from tabletop.games import etuc

    views = _etuc_decisions(max(4, opts.runs))
    count = len(views)
    return [
        (lambda seed=run * count + i, seat=view.turn: etuc.ENTRY.make_bot("hard", seat, seed), view)
        for run in range(2)
        for i, view in enumerate(views)
    ]


def _clock_planepita(opts: Options) -> Decisions:
    """Planepita: the positions of its bots' decision rows (the "bots"
    section, :func:`_planepita_decisions`), each decided ``opts.runs``
    times by a fresh timed hard bot with its own seed."""
    from tabletop.games.planepita import bot as planepita_bot
    from tabletop.games.planepita import rules

    positions = [(rules.launcher(state), state) for state in _planepita_decisions()]
    count = len(positions)
    return [
        (lambda seed=run * count + i, seat=seat: planepita_bot.make_bot("hard", seat, seed), state)
        for run in range(max(1, opts.runs))
        for i, (seat, state) in enumerate(positions)
    ]


def _clock_uchronicle(opts: Options) -> Decisions:
    """Uchronicle: the positions of its bots' decision rows (the "bots"
    section, :func:`_uchronicle_decisions`: early, middle and late in first
    rounds of medium bots, 2 and 3 players, standard and expert, where the
    hard bot weighs more than one play), twice as many, each for a fresh
    timed hard bot."""
    from tabletop.games.uchronicle import bot as uchronicle_bot

    views = _uchronicle_decisions(max(4, opts.runs))
    return [
        (lambda i=i, seat=view.turn: uchronicle_bot.make_bot("hard", seat, i), view)
        for i, view in enumerate(views)
    ]


def _clock_phantom_rummy(opts: Options) -> Decisions:
    """Phantom Rummy: the positions of its bots' decision rows (the "bots"
    section, :func:`_phantom_rummy_decisions`), each decided ``opts.runs``
    times by a fresh timed hard bot with its own seed."""
    from tabletop.games.phantom_rummy import bot as phantom_bot

    views = _phantom_rummy_decisions(max(2, opts.runs // 2))
    count = len(views)
    return [
        (lambda seed=run * count + i, seat=v.viewer: phantom_bot.make_bot("hard", seat, seed), v)
        for run in range(max(1, opts.runs))
        for i, v in enumerate(views)
    ]


#: one function per game: its name and its hard bot's decisions for the
#: "clock" section
CLOCK_GAMES: tuple[tuple[str, Callable[[Options], Decisions]], ...] = (
    ("planet", _clock_planet),
    ("planepita", _clock_planepita),
    ("etuc", _clock_etuc),
    ("uchronicle", _clock_uchronicle),
    ("phantom_rummy", _clock_phantom_rummy),
)


@section("clock")
def bench_clock(opts: Options) -> list[Row]:
    """Per game, the share of its hard bot's decisions ended by the clock
    rather than the iteration budget (issue 29), each decided by a fresh
    timed hard bot while a CPU-bound subprocess spins beside it (started
    before the game's first decision, killed after its last; the positions
    are made before it starts)."""
    rows = []
    for game, decisions_of in CLOCK_GAMES:
        decisions = decisions_of(opts)
        with busy_process():
            rows.append(clock_row(game, decisions))
    return rows


# -- the command line ---------------------------------------------------------------


def table(rows: Sequence[Row]) -> str:
    """A markdown table with aligned columns."""
    head = ("measure", "value", "goal", "ok")
    body = [r.cells() for r in rows]
    widths = [max(len(c[i]) for c in [head, *body]) for i in range(4)]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.ljust(w) for c, w in zip(cells, widths)) + " |"

    rule = "|" + "|".join("-" * (w + 2) for w in widths) + "|"
    return "\n".join([line(head), rule, *(line(c) for c in body)])


def machine() -> str:
    video = os.environ.get("SDL_VIDEODRIVER", "")
    return (
        f"{date.today().isoformat()}, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores, {platform.machine()}, SDL video driver {video!r}"
    )


def parse_size(text: str) -> tuple[int, int]:
    from tabletop.app import CliError
    from tabletop.app import parse_size as app_parse_size

    try:
        return app_parse_size(text)
    except CliError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        label="bench",
        prog="tools/bench.py",
        description="Measure Tabletop against its performance goals and print a markdown table. "
        "Headless (SDL dummy drivers), with a temporary settings folder.",
    )
    p.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help=f"run only this section (repeatable): {', '.join(SECTIONS)}",
    )
    p.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    p.add_argument("--runs", type=int, default=5, metavar="N", help="start-up runs (default 5)")
    p.add_argument(
        "--frames", type=int, default=600, metavar="N", help="frames timed per scene (default 600)"
    )
    p.add_argument(
        "--size",
        type=parse_size,
        default=(1920, 1080),
        metavar="WxH",
        help="window size for frame timings (default 1920x1080)",
    )
    p.add_argument(
        "--quiet-only",
        action="store_true",
        help="run the frame rows once, without their second run beside a busy process",
    )
    add_register(p, "for the in-process sections")
    p.add_argument("--strict", action="store_true", help="exit 1 when a goal is missed")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    names = args.only or list(SECTIONS)
    unknown = [n for n in names if n not in SECTIONS]
    if unknown:
        print(
            f"bench: error: unknown section {unknown[0]!r} (sections: {', '.join(SECTIONS)})",
            file=sys.stderr,
        )
        return 2
    if args.runs < 1 or args.frames < 1:
        print("bench: error: --runs and --frames must be at least 1", file=sys.stderr)
        return 2

    try:
        for spec in args.register:
            register(spec)
    except UsageError as exc:
        print(f"bench: error: {exc}", file=sys.stderr)
        return 2
    opts = Options(runs=args.runs, frames=args.frames, size=args.size, quiet_only=args.quiet_only)
    rows: list[Row] = []
    results: dict[str, list[dict[str, Any]]] = {}
    for name in names:
        got = SECTIONS[name](opts)
        rows += got
        results[name] = [asdict(r) | {"ok": r.ok} for r in got]
    print(f"Tabletop benchmarks: {machine()}\n")
    print(table(rows))
    if args.json:
        path = Path(args.json)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(
            json.dumps({"machine": machine(), "sections": results}, indent=2) + "\n",
            encoding="utf-8",
        )
    missed = [r for r in rows if r.ok is False]
    return 1 if missed and args.strict else 0


if __name__ == "__main__":
    raise SystemExit(main())
