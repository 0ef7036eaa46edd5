"""Sweep Planepita's physics and draw what it does, headless.

    python tools/tune_physics.py                       # the default sweep, into out/tune
    python tools/tune_physics.py --mu-up 0.25,0.35 --set restitution.disc_pad=0.4
    python tools/tune_physics.py --quick --out /tmp/tune

Every number comes from the real ``simulate()`` with physics.toml's values
(or ``--toml`` another file, plus any ``--set section.key=value``). The
player's own physics.toml, the one the game's tuning overlay (F9) saves in
the settings folder, is laid over the shipped one as the game lays it over
new games: found there automatically (``TABLETOP_HOME`` chooses the folder),
or named with ``--params PATH``; ``--shipped`` leaves it out. A damaged file
found automatically is moved aside to ``.bad`` with a message, as the game
does, and the shipped values are used. Four benches, each a function that
returns data:

- **stop distance** (:func:`sweep_stop`): a face-up disc flicked straight in
  at each ``--speeds`` value for each ``--mu-up`` value; the distance from its
  start to where it rests, against the textbook v^2/(2*mu*g).
- **face-up against face-down** (:func:`sweep_face`): the same straight hit,
  at each ``--hit-speeds`` value, on a face-up disc and on a face-down disc
  for each ``--mu-down`` value; how far the struck disc moves.
- **restitution** (:func:`sweep_restitution`): a head-on hit on a resting
  disc for each ``--restitution`` value; (v2' - v1') / u measured from the
  recorded frames, against the configured ``restitution.disc_disc``.
- **the fan** (:func:`sweep_fan`): launches from one pad of a 4-player table
  at several aims and every ``--speeds`` value, over a few discs and the
  jammer, on the real board.

The slides of the first three benches are longer than the shipped planet is
wide, so they run on a *bench table*: the same parameters with the planet at
its largest allowed radius (``board.planet_radius`` = 1000 mm) and a
2-player table whose far pad is moved out of the way; nothing but friction
and the one collision stops the discs. The restitution bench also lowers
``friction.mu_face_up`` to its minimum, 0.01, so that sliding friction does
not blur the velocities read off the frames. The fan uses the parameters as
given.

Writes ``stop-distance.png``, ``fan.png``, ``face-up-vs-down.png`` and
``table.txt`` (also printed) into ``--out``. The pictures are drawn with
matplotlib, the optional ``tools`` extra (``pip install -e '.[tools]'``;
``make test`` installs it); without it the table is still written and one
line on stderr says that no picture was drawn. A bad list value, key or value
prints one line on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from tabletop.core.storage import Storage  # noqa: E402
from tabletop.games.planepita import params as params_mod  # noqa: E402
from tabletop.games.planepita.aim import slide_distance  # noqa: E402
from tabletop.games.planepita.board import Board, PadPose  # noqa: E402
from tabletop.games.planepita.model import Disc, Layout  # noqa: E402
from tabletop.games.planepita.params import ParamError, Params  # noqa: E402
from tabletop.games.planepita.physics import (  # noqa: E402
    JAMMER,
    EventKind,
    Launch,
    Trajectory,
    simulate,
)
from tools.cli import OneLineParser, UsageError  # noqa: E402

PROG = "tune_physics"

DEFAULT_SPEEDS = (500.0, 1000.0, 1500.0, 2000.0, 2500.0, 3000.0)
DEFAULT_HIT_SPEEDS = (50.0, 100.0, 250.0, 500.0, 1000.0, 1500.0, 2000.0, 2500.0)
DEFAULT_MU_UP = (0.2, 0.3, 0.4)
DEFAULT_MU_DOWN = (2.0, 3.5, 5.0)
DEFAULT_RESTITUTION = (0.7, 0.8, 0.9)
DEFAULT_ANGLES = (-45.0, -30.0, -15.0, 0.0, 15.0, 30.0, 45.0)

QUICK_SPEEDS = (1000.0, 2000.0)
QUICK_HIT_SPEEDS = (250.0, 1000.0)
QUICK_MU_UP = (0.3,)
QUICK_MU_DOWN = (3.5,)
QUICK_RESTITUTION = (0.9,)
QUICK_ANGLES = (-15.0, 0.0, 15.0)

#: the bench table: the largest planet params.py allows
BENCH_PLANET = 1000.0
#: the restitution bench's face-up friction: as low as params.py allows
BENCH_MU_RESTITUTION = 0.01
#: where the struck disc sits on the bench: this far in from the rim
FACE_TARGET_INSET = 40.0
RESTITUTION_TARGET_INSET = 100.0
#: the impact speed of the restitution bench's hit
RESTITUTION_HIT_SPEED = 1000.0

#: picture sizes (pixels), checked by the tests
STOP_SIZE = (1200, 880)
FAN_SIZE = (1240, 940)
FACE_SIZE = (1400, 800)

STRIKER, TARGET = 1, 2
#: a struck disc that moved less than this (mm) did not move
STILL = 0.01


# -- data ----------------------------------------------------------------------------


@dataclass(frozen=True)
class StopRun:
    """One straight launch of a face-up disc on the bench table."""

    speed: float  # launch speed, mm/s
    mu: float  # friction.mu_face_up
    measured: float | None  # start to rest, mm; None when the disc left the board
    predicted: float  # v^2 / (2 mu g), mm
    steps: int
    ms: float  # wall-clock time of simulate()
    note: str = ""

    @property
    def error_pct(self) -> float | None:
        if self.measured is None:
            return None
        return 100.0 * (self.measured - self.predicted) / self.predicted


@dataclass(frozen=True)
class StopSweep:
    runs: tuple[StopRun, ...]
    speeds: tuple[float, ...]
    mus: tuple[float, ...]
    g: float
    hz: int
    params: Params  # the bench table's (each run sets its own friction.mu_face_up)

    def for_mu(self, mu: float) -> list[StopRun]:
        return [r for r in self.runs if r.mu == mu]


@dataclass(frozen=True)
class HitRun:
    """The same straight hit on a face-up or a face-down disc, on the bench table."""

    hit_speed: float  # the striker's nominal speed when it reaches the target, mm/s
    launch_speed: float  # what it was launched at to get there, mm/s
    impact: float | None  # the striker's speed at contact, read off the frames; None: no contact
    face_down: bool
    mu: float  # the struck disc's friction
    displacement: float | None  # how far the struck disc moved, mm; None if it was lost
    target_start: tuple[float, float]
    target_end: tuple[float, float] | None
    striker_path: np.ndarray  # (F, 2), the launched disc's positions while on the table
    target_path: np.ndarray  # (F, 2)
    steps: int
    ms: float


@dataclass(frozen=True)
class FaceSweep:
    runs: tuple[HitRun, ...]
    hit_speeds: tuple[float, ...]  # the ones a launch within launch.max_speed can reach
    skipped: tuple[float, ...]  # the ones it cannot
    mu_up: float
    mu_downs: tuple[float, ...]
    pad: PadPose  # the striker's pad on the bench table
    target: tuple[float, float]  # where the struck disc starts
    planet_radius: float
    disc_radius: float

    def run(self, hit_speed: float, face_down: bool, mu: float) -> HitRun | None:
        for r in self.runs:
            if r.hit_speed == hit_speed and r.face_down == face_down and r.mu == mu:
                return r
        return None


@dataclass(frozen=True)
class RestitutionRun:
    configured: float
    measured: float
    impact: float  # u, mm/s
    striker_after: float  # v1', mm/s along the line of centres
    target_after: float  # v2'
    steps: int
    ms: float

    @property
    def error_pct(self) -> float:
        if self.configured == 0:
            return 100.0 * self.measured
        return 100.0 * (self.measured - self.configured) / self.configured


@dataclass(frozen=True)
class FanShot:
    speed: float
    angle: float
    paths: dict[int, np.ndarray]  # body id -> (F, 2) positions while it was in the world
    lost: tuple[int, ...]  # what went to the black hole
    stayed_on_pad: bool
    steps: int
    ms: float


@dataclass(frozen=True)
class Fan:
    layout: Layout
    seat: int
    pad: float
    shots: tuple[FanShot, ...]
    speeds: tuple[float, ...]
    angles: tuple[float, ...]


# -- helpers ---------------------------------------------------------------------------


def _timed_simulate(layout: Layout, launch: Launch, p: Params) -> tuple[Trajectory, float]:
    t0 = time.perf_counter()
    traj = simulate(layout, launch, p)
    return traj, 1000.0 * (time.perf_counter() - t0)


def _path(traj: Trajectory, body: int) -> np.ndarray:
    """(F, 2) positions of ``body`` for the frames in which it was in the world."""
    xy = traj.frames[:, traj.ids.index(body), :2]
    return xy[~np.isnan(xy).any(axis=1)]


def _final(traj: Trajectory, body: int) -> tuple[float, float] | None:
    for d in traj.final.discs:
        if d.id == body:
            return (d.x, d.y)
    return None


def bench_params(p: Params) -> Params:
    """``p`` on the bench table (the largest planet)."""
    return p.with_overrides({"board.planet_radius": BENCH_PLANET})


def _bench_layout(discs: tuple[Disc, ...] = ()) -> Layout:
    # seat 1's pad at the start of its stretch: out of the way of straight shots
    return Layout(players=2, discs=discs, jammer=None, pads=(0.5, 0.0))


def _bench_pad(p: Params) -> PadPose:
    return Board.from_params(p).pad_pose(2, 0, 0.5)


def _launch_speed(hit_speed: float, mu: float, g: float, travel: float, dt: float) -> float:
    """The launch speed that slows to ``hit_speed`` after sliding ``travel`` mm.

    The simulator's constant-step integration slides a disc that slows from v to
    h a distance (v^2 - h^2) / (2 mu g) + (v - h) * dt / 2: the second term is the
    half step it moves before friction first acts (measured by the stop-distance
    bench). Solved for v."""
    a = mu * g
    k = travel + hit_speed**2 / (2 * a) - hit_speed * dt / 2
    return -a * dt / 2 + math.sqrt((a * dt / 2) ** 2 + 2 * a * k)


def _hit_frames(traj: Trajectory, hz: int, per_frame: int) -> tuple[float, int, int] | None:
    """(contact time, last frame before, first frame after) of the first
    striker-target hit, or None when they never touched."""
    hit = next(
        (
            ev
            for ev in traj.events
            if ev.kind is EventKind.HIT and {ev.a, ev.b} == {STRIKER, TARGET}
        ),
        None,
    )
    if hit is None:
        return None
    step = round(hit.t * hz)  # steps done before the one with the contact
    return ((step + 0.5) / hz, step // per_frame, -(-(step + 1) // per_frame))


# -- the benches -----------------------------------------------------------------------


def sweep_stop(p: Params, speeds: Sequence[float], mus: Sequence[float]) -> StopSweep:
    """Stop distance of a face-up disc launched straight in, for each speed and mu."""
    runs = []
    for mu in mus:
        q = bench_params(p).with_overrides({"friction.mu_face_up": mu})
        for v in speeds:
            traj, ms = _timed_simulate(_bench_layout(), Launch(0, Disc(STRIKER, 0), 0.5, 0.0, v), q)
            path = _path(traj, STRIKER)
            predicted = slide_distance(v, q)
            if STRIKER in traj.lost:
                measured, note = None, "left the board"
            else:
                measured = float(np.hypot(*(path[-1] - path[0])))
                note = "stayed on its pad" if traj.stayed_on_pad else ""
            runs.append(StopRun(v, mu, measured, predicted, traj.steps, ms, note))
    return StopSweep(
        tuple(runs), tuple(speeds), tuple(mus), p.friction.g, p.sim.hz, bench_params(p)
    )


def sweep_face(p: Params, hit_speeds: Sequence[float], mu_downs: Sequence[float]) -> FaceSweep:
    """The same straight hit on a face-up disc and on a face-down disc (each mu_down)."""
    q = bench_params(p)
    pad = _bench_pad(q)
    r = q.disc.radius
    target = (0.0, -(BENCH_PLANET - FACE_TARGET_INSET))
    travel = abs(pad.start[1] - target[1]) - 2 * r  # slid before contact
    mu_up, g = q.friction.mu_face_up, q.friction.g
    runs: list[HitRun] = []
    reachable, skipped = [], []
    for h in hit_speeds:
        v = _launch_speed(h, mu_up, g, travel, q.sim.dt)
        if v > q.launch.max_speed:
            skipped.append(h)
            continue
        reachable.append(h)
        cases = [(False, mu_up, q)] + [
            (True, m, q.with_overrides({"friction.mu_face_down": m})) for m in mu_downs
        ]
        for face_down, mu, qq in cases:
            layout = _bench_layout((Disc(TARGET, 1, *target, face_down=face_down),))
            traj, ms = _timed_simulate(layout, Launch(0, Disc(STRIKER, 0), 0.5, 0.0, v), qq)
            end = _final(traj, TARGET)
            moved = None if end is None else math.dist(target, end)
            contact = _hit_frames(traj, qq.sim.hz, qq.sim.steps_per_frame)
            impact = None
            if contact is not None and contact[1] >= 1:  # frames before the contact
                n = min(3, contact[1] + 1)
                impact = _velocity_at(
                    traj, STRIKER, contact[1] - n + 1, contact[0], np.array(pad.inward), n
                )
            runs.append(
                HitRun(
                    h,
                    v,
                    impact,
                    face_down,
                    mu,
                    moved,
                    target,
                    end,
                    _path(traj, STRIKER),
                    _path(traj, TARGET),
                    traj.steps,
                    ms,
                )
            )
    return FaceSweep(
        tuple(runs),
        tuple(reachable),
        tuple(skipped),
        mu_up,
        tuple(mu_downs),
        pad,
        target,
        BENCH_PLANET,
        r,
    )


def _velocity_at(
    traj: Trajectory, body: int, f0: int, t: float, direction: np.ndarray, frames: int = 3
) -> float:
    """Speed of ``body`` along ``direction`` at time ``t`` from ``frames`` frames
    starting at f0: with three, two finite differences extrapolated linearly to
    ``t``; with two, the one difference."""
    i = traj.ids.index(body)
    xy = traj.frames[f0 : f0 + frames, i, :2] @ direction
    fps = traj.fps
    v1 = (xy[1] - xy[0]) * fps
    if frames < 3:
        return float(v1)
    v2 = (xy[2] - xy[1]) * fps
    t1, t2 = (f0 + 0.5) / fps, (f0 + 1.5) / fps
    return float(v1 + (v2 - v1) * (t - t1) / (t2 - t1))


def sweep_restitution(p: Params, values: Sequence[float]) -> tuple[RestitutionRun, ...]:
    """A head-on hit on a resting face-up disc for each restitution.disc_disc value."""
    runs = []
    base = bench_params(p).with_overrides({"friction.mu_face_up": BENCH_MU_RESTITUTION})
    pad = _bench_pad(base)
    direction = np.array(pad.inward)
    target = (0.0, -(BENCH_PLANET - RESTITUTION_TARGET_INSET))
    travel = abs(pad.start[1] - target[1]) - 2 * base.disc.radius
    v = _launch_speed(
        RESTITUTION_HIT_SPEED, BENCH_MU_RESTITUTION, base.friction.g, travel, base.sim.dt
    )
    for e in values:
        q = base.with_overrides({"restitution.disc_disc": e})
        layout = _bench_layout((Disc(TARGET, 1, *target),))
        traj, ms = _timed_simulate(layout, Launch(0, Disc(STRIKER, 0), 0.5, 0.0, v), q)
        contact = _hit_frames(traj, q.sim.hz, q.sim.steps_per_frame)
        assert contact is not None, "the restitution bench's discs never touched"
        t_contact, before, after = contact
        u = _velocity_at(traj, STRIKER, before - 2, t_contact, direction)
        v1 = _velocity_at(traj, STRIKER, after, t_contact, direction)
        v2 = _velocity_at(traj, TARGET, after, t_contact, direction)
        runs.append(RestitutionRun(e, (v2 - v1) / u, u, v1, v2, traj.steps, ms))
    return tuple(runs)


FAN_DISCS = (
    Disc(10, 1, -55.0, -115.0),
    Disc(11, 2, 62.0, -140.0, face_down=True),
    Disc(12, 3, -120.0, 70.0),
    Disc(13, 1, 100.0, 80.0, face_down=True),
    Disc(14, 2, -20.0, 185.0),
)


def sweep_fan(p: Params, speeds: Sequence[float], angles: Sequence[float]) -> Fan:
    """Launches from seat 0's pad of a 4-player table over a few discs and the jammer."""
    layout = Layout(players=4, discs=FAN_DISCS, jammer=(0.0, 0.0), pads=(0.5, 0.5, 0.5, 0.5))
    shots = []
    for v in speeds:
        for a in angles:
            traj, ms = _timed_simulate(layout, Launch(0, Disc(STRIKER, 0), 0.5, a, v), p)
            paths = {b: _path(traj, b) for b in traj.ids}
            lost = tuple(traj.lost) + ((JAMMER,) if traj.jammer_lost else ())
            shots.append(FanShot(v, a, paths, lost, traj.stayed_on_pad, traj.steps, ms))
    return Fan(layout, 0, 0.5, tuple(shots), tuple(speeds), tuple(angles))


# -- the table -------------------------------------------------------------------------


def _fmt(value: float | None, spec: str, empty: str = "-") -> str:
    return empty if value is None else format(value, spec)


def format_table(
    stop: StopSweep, face: FaceSweep, rest: Sequence[RestitutionRun], fan: Fan, source: str
) -> str:
    out: list[str] = []
    add = out.append
    add(f"Planepita physics sweep: {source}")
    add(f"g = {stop.g:g} mm/s^2, {stop.hz} steps/s; bench table: planet radius {BENCH_PLANET:g} mm")
    add("")
    add("Stop distance: a face-up disc flicked straight in on the bench table")
    add(
        f"{'speed mm/s':>10}  {'mu_up':>5}  {'measured mm':>11}  {'predicted mm':>12}  "
        f"{'error %':>7}  {'steps':>5}  {'sim ms':>6}  note"
    )
    for r in stop.runs:
        add(
            f"{r.speed:>10.0f}  {r.mu:>5.2f}  {_fmt(r.measured, '11.1f'):>11}  {r.predicted:>12.1f}  "
            f"{_fmt(r.error_pct, '+7.2f'):>7}  {r.steps:>5d}  {r.ms:>6.1f}  {r.note}".rstrip()
        )
    add("  (predicted = v^2 / (2 mu g); measured from the start to where the disc rests)")
    add("")
    add(
        f"Face-up vs face-down: the same straight hit on a disc {FACE_TARGET_INSET:g} mm inside "
        f"the rim (face-up mu {face.mu_up:g})"
    )
    head = f"{'hit mm/s':>8}  {'launch mm/s':>11}  {'impact mm/s':>11}  {'face-up mm':>10}"
    for m in face.mu_downs:
        head += f"  {f'down mu={m:g} mm':>15}  {'ratio':>6}"
    add(head)
    for h in face.hit_speeds:
        up = face.run(h, False, face.mu_up)
        assert up is not None
        line = (
            f"{h:>8.0f}  {up.launch_speed:>11.1f}  {_fmt(up.impact, '11.1f'):>11}  "
            f"{_fmt(up.displacement, '10.2f', 'lost'):>10}"
        )
        for m in face.mu_downs:
            down = face.run(h, True, m)
            assert down is not None
            ratio = (
                down.displacement / up.displacement
                if down.displacement is not None and up.displacement
                else None
            )
            line += f"  {_fmt(down.displacement, '15.2f', 'lost'):>15}  {_fmt(ratio, '6.3f'):>6}"
        add(line)
    if face.skipped:
        add(
            f"  (hit speeds {', '.join(f'{h:g}' for h in face.skipped)} mm/s need a launch above "
            f"launch.max_speed: skipped)"
        )
    add(
        "  (impact = the launched disc's speed at contact, read off the frames; ratio = "
        "face-down / face-up displacement;"
    )
    add(
        "   a pure friction ratio mu_up / mu_down would be "
        + ", ".join(f"{face.mu_up / m:.3f}" for m in face.mu_downs)
        + ")"
    )
    add("")
    add(
        f"Restitution: a head-on disc-disc hit at {RESTITUTION_HIT_SPEED:g} mm/s on the bench table "
        f"(mu_up {BENCH_MU_RESTITUTION:g})"
    )
    add(
        f"{'configured':>10}  {'measured':>8}  {'error %':>7}  {'u mm/s':>7}  {'v1 mm/s':>7}  "
        f"{'v2 mm/s':>7}  {'steps':>5}  {'sim ms':>6}"
    )
    for r in rest:
        add(
            f"{r.configured:>10.3f}  {r.measured:>8.4f}  {r.error_pct:>+7.2f}  {r.impact:>7.1f}  "
            f"{r.striker_after:>7.1f}  {r.target_after:>7.1f}  {r.steps:>5d}  {r.ms:>6.1f}"
        )
    add("  (measured = (v2' - v1') / u along the line of centres, read off the recorded frames)")
    add("")
    add("Fan: seat 0 of a 4-player table, shipped board")
    add(f"{'speed mm/s':>10}  {'aim deg':>7}  {'steps':>5}  {'sim ms':>6}  lost")
    for s in fan.shots:
        lost = ", ".join("jammer" if b == JAMMER else f"disc {b}" for b in s.lost)
        if s.stayed_on_pad:
            lost = (lost + "; " if lost else "") + "stayed on its pad"
        add(f"{s.speed:>10.0f}  {s.angle:>+7.0f}  {s.steps:>5d}  {s.ms:>6.1f}  {lost}".rstrip())
    return "\n".join(out) + "\n"


# -- drawing ---------------------------------------------------------------------------
#
# The figures are drawn with matplotlib's object API (a Figure with the Agg
# canvas, no pyplot state), at a fixed size in pixels. matplotlib is the
# optional ``tools`` extra (``pip install -e '.[tools]'``); without it the
# sweeps and the table still run and one line says that no picture was drawn.

#: pixels per inch of the saved figures (their sizes are in pixels)
DPI = 100
INK = "#22222a"
MUTED = "#6e7078"
#: Okabe-Ito colours, distinguishable with colour-blindness
SERIES = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#22222a"]
MARKERS = ["o", "s", "^", "D", "v", "P", "X"]
#: the board in the pictures
PLANET = "#212d4e"
PLANET_RIM = "#96aad7"
LINE = "#f5f5f5"
PAD_FILL = "#464a58"
PAD_WALL = "#bec2ce"
OWNER = ["#eb5a5a", "#5aaafa", "#78d278", "#f0c850"]
FACE_DOWN = "#78787f"
JAMMER_FILL = "#141418"
JAMMER_RIM = "#ebc83c"
#: launch speeds colour the fan's paths from cyan (slow) to red (fast): bright on the dark planet
SPEED_STOPS = ["#46cdff", "#6eeb78", "#fae146", "#ff912d", "#f53c50"]

MISSING_MATPLOTLIB = (
    "matplotlib is not installed, so no pictures were drawn "
    "(pip install -e '.[tools]' adds it; `make test` does)"
)


def _figure(size: tuple[int, int]) -> Any:
    """A matplotlib Figure of ``size`` pixels with constrained layout (ImportError
    when matplotlib is missing)."""
    from matplotlib.figure import Figure

    return Figure(figsize=(size[0] / DPI, size[1] / DPI), dpi=DPI, layout="constrained")


def _save(fig: Any, path: Path) -> None:
    """Write ``fig`` as a PNG of exactly its size in pixels."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=DPI, facecolor="white")


def plot_stop_distance(sweep: StopSweep, path: Path) -> Any:
    """Measured stop distance (markers) and v^2/(2 mu g) (lines) against launch speed,
    and below it what the measurement adds to the formula."""
    from matplotlib.lines import Line2D

    fig = _figure(STOP_SIZE)
    top, bottom = fig.subplots(2, 1, sharex=True, height_ratios=(2.6, 1.0))
    fig.suptitle("Stop distance of a face-up disc against launch speed", fontsize=16)
    vmax = max(sweep.speeds)
    vs = np.linspace(0.0, vmax * 1.06, 200)
    handles = []
    for k, mu in enumerate(sweep.mus):
        color, mark = SERIES[k % len(SERIES)], MARKERS[k % len(MARKERS)]
        top.plot(
            vs, [slide_distance(v, mu=mu, params=sweep.params) for v in vs], color=color, lw=1.8
        )
        runs = sweep.for_mu(mu)
        on = [r for r in runs if r.measured is not None]
        top.plot(
            [r.speed for r in on],
            [r.measured for r in on],
            mark,
            color=color,
            ms=8,
            mec="white",
            mew=1.0,
        )
        for r in runs:
            if r.measured is None:  # left the board: a hollow marker at the prediction
                top.plot(r.speed, r.predicted, "o", ms=11, mfc="white", mec=color, mew=2)
                top.annotate(
                    "left the board",
                    (r.speed, r.predicted),
                    textcoords="offset points",
                    xytext=(-12, 0),
                    ha="right",
                    va="center",
                    color=color,
                    fontsize=10,
                )
        handles.append(
            Line2D(
                [],
                [],
                color=color,
                marker=mark,
                ms=8,
                mec="white",
                label=f"\u03bc face-up = {mu:g}",
            )
        )
    handles += [
        Line2D([], [], color=MUTED, lw=1.8, label="line: v\u00b2 / (2\u03bcg)"),
        Line2D(
            [],
            [],
            color=MUTED,
            marker="o",
            ls="none",
            ms=8,
            label="marker: measured with simulate()",
        ),
        Line2D(
            [],
            [],
            color=MUTED,
            marker="o",
            ls="none",
            ms=10,
            mfc="white",
            mew=2,
            label="hollow: the disc left the board",
        ),
    ]
    top.legend(handles=handles, loc="upper left", title="friction", alignment="left", fontsize=10)
    top.set_ylabel("stop distance (mm)")
    top.set_ylim(0.0, None)
    top.set_title(
        f"bench table: planet radius {BENCH_PLANET:g} mm;  g = {sweep.g:g} mm/s\u00b2,"
        f"  {sweep.hz} steps/s",
        fontsize=11,
        color=MUTED,
    )
    top.grid(True, color="#e2e4ea")
    # -- the residual: measured - predicted ------------------------------------------
    dt = 1.0 / sweep.hz
    bottom.plot(
        [0.0, vs[-1]],
        [0.0, vs[-1] * dt / 2],
        "--",
        color=MUTED,
        lw=1.3,
        label=f"v\u00b7dt/2: half a step's travel (dt = 1/{sweep.hz} s)",
    )
    dodge = vmax * 0.012
    for k, mu in enumerate(sweep.mus):
        color, mark = SERIES[k % len(SERIES)], MARKERS[k % len(MARKERS)]
        shift = (k - (len(sweep.mus) - 1) / 2) * dodge
        on = [r for r in sweep.for_mu(mu) if r.measured is not None]
        bottom.plot(
            [r.speed + shift for r in on],
            [r.measured - r.predicted for r in on],
            mark,
            color=color,
            ms=7,
            mec="white",
            label=f"\u03bc = {mu:g}",
        )
    bottom.axhline(0.0, color=INK, lw=0.8)
    bottom.set_xlabel("launch speed v (mm/s)")
    bottom.set_ylabel("excess (mm)")
    bottom.set_title(
        "excess = measured \u2212 predicted stop distance (markers side by side)",
        fontsize=11,
        color=MUTED,
    )
    bottom.set_xlim(0.0, vs[-1])
    bottom.legend(loc="upper left", fontsize=10, ncols=1 + len(sweep.mus))
    bottom.grid(True, color="#e2e4ea")
    _save(fig, path)
    return fig


def _pad_patches(ax: Any, pose: PadPose, solid: bool = True) -> None:
    from matplotlib.patches import Polygon

    ax.add_patch(
        Polygon(
            pose.corners(),
            closed=True,
            fc=PAD_FILL if solid else "none",
            ec=PAD_WALL,
            lw=1.0,
            zorder=1,
        )
    )
    w = pose.wall
    half = pose.width / 2 - w / 2
    back = pose.depth - w / 2
    for a, b in (
        ((0, -half), (back, -half)),
        ((0, half), (back, half)),
        ((back, -half), (back, half)),
    ):
        (x0, y0), (x1, y1) = pose.to_world(*a), pose.to_world(*b)
        ax.plot([x0, x1], [y0, y1], color=PAD_WALL, lw=2.0, solid_capstyle="butt", zorder=1)


def _draw_planet(ax: Any, board: Board, players: int, pads: Sequence[float], active: int) -> None:
    """The planet with its white lines at their real width, the area values, and the pads."""
    from matplotlib.patches import Circle, Wedge

    ax.add_patch(Circle((0, 0), board.outer_radius, fc=PLANET, ec=PLANET_RIM, lw=1.5, zorder=0))
    for r in (board.center_radius, board.middle_radius):
        ax.add_patch(
            Wedge(
                (0, 0),
                r + board.line_width / 2,
                0,
                360,
                width=board.line_width,
                fc=LINE,
                ec="none",
                zorder=0.5,
            )
        )
    a = math.radians(62)
    for value in (5, 4, 3):
        lo, hi = board.area_bounds(value, 0.0)
        r = hi * 0.62 if value == 5 else (lo + hi) / 2
        ax.text(
            r * math.cos(a),
            r * math.sin(a),
            str(value),
            fontsize=18,
            color="#c8d2eb",
            ha="center",
            va="center",
            zorder=0.6,
        )
    for seat in range(players):
        pose = board.pad_pose(players, seat, pads[seat] if seat < len(pads) else 0.5)
        _pad_patches(ax, pose, solid=seat == active)


def _disc_patch(
    x: float, y: float, radius: float, owner: int, face_down: bool, z: float = 3
) -> Any:
    from matplotlib.patches import Circle

    if face_down:
        return Circle((x, y), radius, fc=FACE_DOWN, ec="#1e1e22", lw=1.5, hatch="xx", zorder=z)
    return Circle((x, y), radius, fc=OWNER[owner % len(OWNER)], ec="white", lw=1.5, zorder=z)


def plot_fan(fan: Fan, p: Params, path: Path) -> Any:
    """Paths of launches from one pad, coloured by speed, over the board."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import LinearSegmentedColormap, Normalize
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle

    fig = _figure(FAN_SIZE)
    ax, key = fig.subplots(1, 2, width_ratios=(2.5, 1.0))
    board = Board.from_params(p)
    aims = ", ".join(f"{a:+g}\u00b0" for a in fan.angles)
    fig.suptitle(
        f"A fan of launches from seat {fan.seat} of a {fan.layout.players}-player table",
        fontsize=16,
    )
    ax.set_title(
        f"aims {aims} from straight in; paths coloured by launch speed", fontsize=11, color=MUTED
    )
    _draw_planet(ax, board, fan.layout.players, fan.layout.pads, fan.seat)
    norm = Normalize(
        min(fan.speeds),
        max(fan.speeds) if max(fan.speeds) > min(fan.speeds) else min(fan.speeds) + 1.0,
    )
    cmap = LinearSegmentedColormap.from_list("launch speed", SPEED_STOPS)
    # paths: slow ones last so they are not hidden under the long fast ones
    order = sorted(fan.shots, key=lambda s: -s.speed)
    for shot in order:
        color = cmap(norm(shot.speed))
        for body, xy in shot.paths.items():
            if body == STRIKER or len(xy) < 2 or np.hypot(*(xy[-1] - xy[0])) < 1.0:
                continue
            ax.plot(xy[:, 0], xy[:, 1], color=color, lw=1.0, zorder=2)
    for shot in order:
        xy = shot.paths[STRIKER]
        ax.plot(xy[:, 0], xy[:, 1], color=cmap(norm(shot.speed)), lw=2.0, zorder=2.5)
    # the pieces where they started, over the paths
    for d in fan.layout.discs:
        ax.add_patch(_disc_patch(d.x, d.y, board.disc_radius, d.owner, d.face_down))
    if fan.layout.jammer is not None:
        ax.add_patch(
            Circle(
                fan.layout.jammer,
                board.jammer_radius,
                fc=JAMMER_FILL,
                ec=JAMMER_RIM,
                lw=2.0,
                zorder=3,
            )
        )
    for shot in fan.shots:
        color = cmap(norm(shot.speed))
        end = shot.paths[STRIKER][-1]
        if STRIKER in shot.lost:
            ax.plot(*end, "X", color=color, ms=9, mec="white", mew=0.8, zorder=4)
        else:
            ax.plot(*end, "o", color=color, ms=6, mec="#141418", mew=0.8, zorder=4)
    start = board.pad_pose(fan.layout.players, fan.seat, fan.pad).start
    ax.add_patch(Circle(start, board.disc_radius, fc="none", ec="white", lw=1.8, zorder=4))
    extent = board.outer_radius + board.pad_gap + board.pad_depth + 12
    ax.set_xlim(-extent, extent)
    ax.set_ylim(-extent, extent)
    ax.set_aspect("equal")
    ax.set_xlabel("x (mm from the planet's centre)")
    ax.set_ylabel("y (mm)")
    bar = fig.colorbar(
        ScalarMappable(norm, cmap), ax=ax, location="bottom", shrink=0.6, pad=0.01, aspect=40
    )
    bar.set_label("launch speed (mm/s)")
    bar.set_ticks(list(fan.speeds))
    # the key, and notes, in a column of their own
    key.axis("off")
    grey = MUTED
    handles = [
        Line2D(
            [],
            [],
            ls="none",
            marker="o",
            ms=14,
            mfc="none",
            mec=grey,
            mew=1.8,
            label="launched disc's start",
        ),
        Line2D([], [], color=grey, lw=2.0, label="launched disc's path"),
        Line2D(
            [],
            [],
            ls="none",
            marker="o",
            ms=6,
            color=grey,
            mec="#141418",
            label="where it came to rest",
        ),
        Line2D(
            [],
            [],
            ls="none",
            marker="X",
            ms=9,
            color=grey,
            mec="white",
            label="where it fell off (black hole)",
        ),
        Line2D([], [], color=grey, lw=1.0, label="path of a piece it moved"),
        Line2D(
            [], [], ls="none", marker="o", ms=13, color=OWNER[1], mec="white", label="face-up disc"
        ),
        Line2D(
            [],
            [],
            ls="none",
            marker="o",
            ms=13,
            color=FACE_DOWN,
            mec="#1e1e22",
            label="face-down disc",
        ),
        Line2D(
            [],
            [],
            ls="none",
            marker="o",
            ms=15,
            color=JAMMER_FILL,
            mec=JAMMER_RIM,
            mew=2,
            label="jammer",
        ),
    ]
    key.legend(
        handles=handles,
        loc="upper left",
        title="key",
        alignment="left",
        fontsize=10,
        borderaxespad=0.0,
    )
    notes = (
        "White rings: the lines between the 5-, 4-\n"
        "and 3-pt areas, at their real width.\n"
        "Solid lane: the launching seat's pad;\n"
        "outlined: the other seats' pads.\n"
        "The launched disc leaves its pad in\n"
        "any direction: it never meets its own\n"
        "pad's walls, so it runs straight."
    )
    key.text(
        0.0,
        0.0,
        notes,
        transform=key.transAxes,
        va="bottom",
        ha="left",
        fontsize=10,
        color=MUTED,
        linespacing=1.5,
    )
    _save(fig, path)
    return fig


def plot_face(face: FaceSweep, path: Path, hit_speed: float | None = None) -> Any:
    """The same hit on a face-up and a face-down disc, and displacement against hit speed."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Circle, Patch

    fig = _figure(FACE_SIZE)
    grid = fig.add_gridspec(1, 3, width_ratios=(1.0, 1.0, 1.7))
    left = fig.add_subplot(grid[0, 0])
    right = fig.add_subplot(grid[0, 1], sharex=left, sharey=left)
    chart = fig.add_subplot(grid[0, 2])
    fig.suptitle("The same hit on a face-up disc and on a face-down disc", fontsize=16)
    speeds = face.hit_speeds
    if hit_speed is None:  # the reachable speed nearest 1000 mm/s
        hit_speed = min(speeds, key=lambda h: abs(h - 1000.0))
    mu_down = face.mu_downs[len(face.mu_downs) // 2]
    up = face.run(hit_speed, False, face.mu_up)
    down = face.run(hit_speed, True, mu_down)
    assert up is not None and down is not None
    # -- the two panels, on one scale ------------------------------------------------
    tx, ty = face.target
    r = face.disc_radius
    ends = [run.target_end[1] for run in (up, down) if run.target_end is not None]
    y_hi = max(ends + [ty]) + r + 25
    y_lo = face.pad.start[1] - r - 30
    for ax, run, label in (
        (left, up, f"face-up target, \u03bc = {face.mu_up:g}"),
        (right, down, f"face-down target, \u03bc = {mu_down:g}"),
    ):
        ax.set_facecolor("#eef0f4")
        ax.add_patch(
            Circle((0.0, 0.0), face.planet_radius, fc=PLANET, ec=PLANET_RIM, lw=1.5, zorder=0)
        )
        _pad_patches(ax, face.pad)
        sp = run.striker_path
        ax.plot(sp[:, 0], sp[:, 1], color=SERIES[4], lw=2.0, zorder=2)
        ax.add_patch(Circle(tuple(sp[0]), r, fc="none", ec=SERIES[4], lw=1.8, zorder=2))
        ax.add_patch(_disc_patch(*sp[-1], r, 0, False))
        ax.add_patch(Circle((tx, ty), r, fc="none", ec="#e6e6f0", lw=1.5, ls="--", zorder=2))
        if run.target_end is not None:
            ax.add_patch(_disc_patch(*run.target_end, r, 1, run.face_down))
            ax.plot(
                [tx, run.target_end[0]], [ty, run.target_end[1]], color="white", lw=1.2, zorder=2.5
            )
        moved = "lost" if run.displacement is None else f"moved {run.displacement:.1f} mm"
        ax.text(
            0.5,
            0.97,
            moved,
            transform=ax.transAxes,
            ha="center",
            va="top",
            fontsize=12,
            bbox={"boxstyle": "round", "fc": "white", "ec": "none"},
        )
        ax.set_title(label, fontsize=11)
        ax.set_aspect("equal", adjustable="box")
        ax.set_xlabel("x (mm)")
    left.set_xlim(-90, 90)
    left.set_ylim(y_lo, y_hi)
    left.set_ylabel("y (mm from the planet's centre)")
    right.tick_params(labelleft=False)
    # -- the chart: displacement against hit speed, log scale -------------------------
    series = [(False, face.mu_up, f"face-up, \u03bc = {face.mu_up:g}")] + [
        (True, m, f"face-down, \u03bc = {m:g}") for m in face.mu_downs
    ]
    values = [
        run.displacement for run in face.runs if run.displacement and run.displacement >= STILL
    ]
    lo = max(STILL, 10 ** math.floor(math.log10(min(values))))
    hi = 10 ** math.ceil(math.log10(max(values)))
    group = 0.8
    bw = group / len(series)
    for k, (fd, mu, _) in enumerate(series):
        color = SERIES[k % len(SERIES)]
        for i, h in enumerate(speeds):
            run = face.run(h, fd, mu)
            if run is None or run.displacement is None:
                continue
            x = i - group / 2 + (k + 0.5) * bw
            if run.displacement < STILL:  # did not move: a "0" on the axis
                chart.text(x, lo * 1.15, "0", color=color, ha="center", va="bottom", fontsize=10)
            else:
                chart.bar(x, run.displacement - lo, bw * 0.9, bottom=lo, color=color)
    chart.set_yscale("log")
    chart.set_ylim(lo, hi)
    chart.set_xticks(range(len(speeds)), [f"{h:g}" for h in speeds])
    chart.set_xlabel("speed of the launched disc when it hits (mm/s)")
    chart.set_ylabel("how far the struck disc moved (mm, log scale)")
    chart.set_title("Displacement against hit speed", fontsize=12)
    chart.grid(True, axis="y", color="#e2e4ea")
    chart.set_axisbelow(True)
    handles = [
        Patch(color=SERIES[k % len(SERIES)], label=label) for k, (_, _, label) in enumerate(series)
    ]
    handles.append(
        Line2D(
            [],
            [],
            ls="none",
            marker="$0$",
            ms=8,
            color=MUTED,
            label=f"did not move (< {STILL:g} mm)",
        )
    )
    chart.legend(handles=handles, loc="upper left", fontsize=10)
    fig.supxlabel(
        f"Left: the hit at {hit_speed:g} mm/s (launched at {up.launch_speed:.0f} mm/s) on the bench "
        "table: the launched disc's path in yellow from its start (yellow ring) to where it stopped "
        "(red); the struck disc\nfrom where it started (dashed ring) to where it ended. "
        "A face-down disc stays put under any hit slower than friction.break_away_speed; a harder "
        "hit breaks it free\nand it slides against its own high \u03bc.",
        fontsize=10,
        color=MUTED,
        linespacing=1.4,
    )
    _save(fig, path)
    return fig


# -- the command line -------------------------------------------------------------------


def parse_list(text: str, option: str) -> tuple[float, ...]:
    """``"500,1000"`` -> (500.0, 1000.0); UsageError naming ``option`` otherwise."""
    values = []
    for part in text.split(","):
        part = part.strip()
        try:
            v = float(part)
        except ValueError:
            raise UsageError(
                f"{option}: {part!r} is not a number (give a comma-separated list)"
            ) from None
        if not math.isfinite(v):
            raise UsageError(f"{option}: {part!r} is not a finite number")
        values.append(v)
    if not values:
        raise UsageError(f"{option}: give at least one number")
    return tuple(dict.fromkeys(values))  # drop repeats, keep the order


def parse_set(items: Sequence[str]) -> dict[str, object]:
    """``["friction.mu_face_up=0.4"]`` -> {"friction.mu_face_up": 0.4}; the values are
    checked later by Params.with_overrides."""
    out: dict[str, object] = {}
    for item in items:
        key, sep, raw = item.partition("=")
        key, raw = key.strip(), raw.strip()
        if not sep or not key:
            raise UsageError(f"--set needs section.key=value, not {item!r}")
        value: object = raw
        for kind in (int, float):
            try:
                value = kind(raw)
                break
            except ValueError:
                continue
        out[key] = value
    return out


def _checked(p: Params, key: str, values: Sequence[float], option: str) -> None:
    for v in values:
        try:
            p.with_overrides({key: v})
        except ParamError as exc:
            raise UsageError(f"{option}: {exc}") from None


def build_parser() -> argparse.ArgumentParser:
    ap = OneLineParser(
        label=PROG,
        prog=PROG,
        description="Sweep Planepita's physics (face-up and face-down friction, restitution, "
        "flick speed) with the real simulate(); write stop-distance.png, fan.png, "
        "face-up-vs-down.png and table.txt, and print the table.",
        epilog="Lists are comma-separated numbers. A bad number, key or value prints one "
        "line on stderr and exits with status 2. The stop-distance, face-up/face-down and "
        "restitution benches run on a bench table (planet radius 1000 mm, the largest "
        "allowed) so long slides fit; the fan runs on the board as configured.",
    )
    ap.add_argument(
        "--out",
        default="out/tune",
        metavar="DIR",
        help="folder for the pictures and table.txt (default: out/tune)",
    )
    ap.add_argument(
        "--speeds",
        metavar="LIST",
        help="launch speeds in mm/s for the stop-distance sweep and the fan "
        f"(default: {','.join(f'{v:g}' for v in DEFAULT_SPEEDS)})",
    )
    ap.add_argument(
        "--hit-speeds",
        metavar="LIST",
        help="speeds in mm/s at which the launched disc reaches the struck disc in "
        "the face-up/face-down comparison; ones that would need a launch above "
        f"launch.max_speed are skipped (default: {','.join(f'{v:g}' for v in DEFAULT_HIT_SPEEDS)})",
    )
    ap.add_argument(
        "--mu-up",
        metavar="LIST",
        help="friction.mu_face_up values for the stop-distance sweep "
        f"(default: {','.join(f'{v:g}' for v in DEFAULT_MU_UP)})",
    )
    ap.add_argument(
        "--mu-down",
        metavar="LIST",
        help="friction.mu_face_down values for the face-up/face-down comparison "
        f"(default: {','.join(f'{v:g}' for v in DEFAULT_MU_DOWN)})",
    )
    ap.add_argument(
        "--restitution",
        metavar="LIST",
        help="restitution.disc_disc values for the head-on bounce test "
        f"(default: {','.join(f'{v:g}' for v in DEFAULT_RESTITUTION)})",
    )
    ap.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="SECTION.KEY=VALUE",
        help="override any physics.toml parameter without editing the file, e.g. "
        "--set friction.mu_face_up=0.35 (repeatable; checked like the TOML). "
        "The swept lists above take precedence for the parameter they sweep",
    )
    ap.add_argument(
        "--toml",
        metavar="PATH",
        help="read this physics.toml instead of the shipped one (and no player's file)",
    )
    ap.add_argument(
        "--params",
        metavar="PATH",
        help="lay this player's physics.toml (as the tuning overlay saves it: "
        "[friction], [restitution], [launch]) over the shipped one; by default the "
        "one in the settings folder is, when there is one",
    )
    ap.add_argument(
        "--shipped",
        action="store_true",
        help="the shipped physics.toml alone, without the player's file",
    )
    ap.add_argument(
        "--quick",
        action="store_true",
        help="a small sweep (for tests): a couple of speeds, one value of each "
        "parameter; explicit lists still win",
    )
    return ap


@dataclass(frozen=True)
class Config:
    params: Params
    source: str
    out: Path
    speeds: tuple[float, ...]
    hit_speeds: tuple[float, ...]
    mu_up: tuple[float, ...]
    mu_down: tuple[float, ...]
    restitution: tuple[float, ...]
    angles: tuple[float, ...]


def player_values(args: argparse.Namespace) -> tuple[params_mod.Overrides, str]:
    """The player's physics.toml laid over the shipped one, as the game lays
    it over a new game: ``--params PATH``, or the one in the settings folder
    (unless ``--shipped`` or ``--toml``). Returns the overrides and words for
    the table's heading; UsageError for a ``--params`` file that is refused."""
    if args.params is not None:
        if args.toml is not None or args.shipped:
            raise UsageError(
                "--params lays a player's file over the shipped physics.toml: "
                "not with --toml or --shipped"
            )
        try:
            text = Path(args.params).read_text("utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"--params: cannot read {args.params} ({exc})") from None
        try:
            return params_mod.parse_user(text, args.params), f"{args.params} laid over it"
        except ParamError as exc:
            raise UsageError(f"--params: {exc}") from None
    if args.shipped or args.toml is not None:
        return (), ""
    folder = Storage().settings_dir
    found, message = params_mod.read_user_file(folder)
    if message:
        print(f"{PROG}: {message}", file=sys.stderr)
    return found, f"your {folder / params_mod.USER_FILE} laid over it" if found else ""


def configure(args: argparse.Namespace) -> Config:
    """Turn parsed arguments into checked values; UsageError for anything bad."""
    overrides = parse_set(args.set)
    user, laid = player_values(args)
    try:
        p = params_mod.with_overrides_of(params_mod.load(args.toml), user)
        p = p.with_overrides(overrides) if overrides else p
    except ParamError as exc:
        raise UsageError(str(exc)) from None

    def pick(
        text: str | None, option: str, default: tuple[float, ...], quick: tuple[float, ...]
    ) -> tuple[float, ...]:
        if text is not None:
            return parse_list(text, option)
        return quick if args.quick else default

    speeds = pick(args.speeds, "--speeds", DEFAULT_SPEEDS, QUICK_SPEEDS)
    hit_speeds = pick(args.hit_speeds, "--hit-speeds", DEFAULT_HIT_SPEEDS, QUICK_HIT_SPEEDS)
    mu_up = pick(args.mu_up, "--mu-up", DEFAULT_MU_UP, QUICK_MU_UP)
    mu_down = pick(args.mu_down, "--mu-down", DEFAULT_MU_DOWN, QUICK_MU_DOWN)
    restitution = pick(args.restitution, "--restitution", DEFAULT_RESTITUTION, QUICK_RESTITUTION)
    for option, values in (("--speeds", speeds), ("--hit-speeds", hit_speeds)):
        for v in values:
            if not 0 < v <= p.launch.max_speed:
                raise UsageError(
                    f"{option}: {v:g} mm/s is not between 0 and launch.max_speed "
                    f"({p.launch.max_speed:g})"
                )
    _checked(p, "friction.mu_face_up", mu_up, "--mu-up")
    _checked(p, "friction.mu_face_down", mu_down, "--mu-down")
    _checked(p, "restitution.disc_disc", restitution, "--restitution")
    source = args.toml or "the shipped physics.toml"
    if laid:
        source += f" with {laid}"
    if overrides:
        source += (", then " if laid else " with ") + ", ".join(
            f"{k}={v}" for k, v in overrides.items()
        )
    angles = QUICK_ANGLES if args.quick else DEFAULT_ANGLES
    return Config(
        p,
        source,
        Path(args.out),
        tuple(sorted(speeds)),
        tuple(sorted(hit_speeds)),
        mu_up,
        mu_down,
        restitution,
        angles,
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        cfg = configure(args)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    p = cfg.params
    stop = sweep_stop(p, cfg.speeds, cfg.mu_up)
    face = sweep_face(p, cfg.hit_speeds, cfg.mu_down)
    if not face.hit_speeds:
        print(f"{PROG}: --hit-speeds: none can be reached within launch.max_speed", file=sys.stderr)
        return 2
    rest = sweep_restitution(p, cfg.restitution)
    fan = sweep_fan(p, cfg.speeds, cfg.angles)
    table = format_table(stop, face, rest, fan, cfg.source)
    cfg.out.mkdir(parents=True, exist_ok=True)
    (cfg.out / "table.txt").write_text(table, "utf-8")
    written = ["table.txt"]
    try:
        plot_stop_distance(stop, cfg.out / "stop-distance.png")
        plot_fan(fan, p, cfg.out / "fan.png")
        plot_face(face, cfg.out / "face-up-vs-down.png")
        written = ["stop-distance.png", "fan.png", "face-up-vs-down.png", *written]
    except ImportError as exc:
        if not (exc.name or "").startswith("matplotlib"):
            raise
        print(f"{PROG}: {MISSING_MATPLOTLIB}", file=sys.stderr)
    print(table, end="")
    for name in written:
        print(f"wrote {cfg.out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
