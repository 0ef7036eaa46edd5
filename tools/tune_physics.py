"""Sweep Planepita's physics and draw what it does, headless.

    python tools/tune_physics.py                       # the default sweep, into out/tune
    python tools/tune_physics.py --mu-up 0.25,0.35 --set restitution.disc_pad=0.4
    python tools/tune_physics.py --quick --out /tmp/tune

Every number comes from the real ``simulate()`` with physics.toml's values
(or ``--toml`` another file, plus any ``--set section.key=value``). Four
benches, each a function that returns data:

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
pygame on an off-screen Surface (SDL's dummy video driver; no window).
A bad list value, key or value prints one line on stderr and exits 2.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402
import pygame  # noqa: E402

from tabletop.games.planepita import params as params_mod  # noqa: E402
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
from tools.cli import OneLineParser  # noqa: E402

PROG = "tune_physics"

DEFAULT_SPEEDS = (500.0, 1000.0, 1500.0, 2000.0, 2500.0, 3000.0)
DEFAULT_HIT_SPEEDS = (50.0, 100.0, 250.0, 500.0, 1000.0, 1500.0, 2000.0, 2500.0)
DEFAULT_MU_UP = (0.2, 0.3, 0.4)
DEFAULT_MU_DOWN = (2.0, 3.5, 5.0)
DEFAULT_RESTITUTION = (0.7, 0.8, 0.9)
DEFAULT_ANGLES = (-30.0, -15.0, 0.0, 15.0, 30.0)

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


class UsageError(Exception):
    """A bad argument: one line on stderr, exit code 2."""


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
    hit = next((ev for ev in traj.events if ev.kind is EventKind.HIT
                and {ev.a, ev.b} == {STRIKER, TARGET}), None)
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
            predicted = v * v / (2.0 * mu * q.friction.g)
            if STRIKER in traj.lost:
                measured, note = None, "left the board"
            else:
                measured = float(np.hypot(*(path[-1] - path[0])))
                note = "stayed on its pad" if traj.stayed_on_pad else ""
            runs.append(StopRun(v, mu, measured, predicted, traj.steps, ms, note))
    return StopSweep(tuple(runs), tuple(speeds), tuple(mus), p.friction.g, p.sim.hz)


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
                impact = _velocity_at(traj, STRIKER, contact[1] - n + 1, contact[0],
                                      np.array(pad.inward), n)
            runs.append(HitRun(h, v, impact, face_down, mu, moved, target, end,
                               _path(traj, STRIKER), _path(traj, TARGET), traj.steps, ms))
    return FaceSweep(tuple(runs), tuple(reachable), tuple(skipped), mu_up, tuple(mu_downs),
                     pad, target, BENCH_PLANET, r)


def _velocity_at(traj: Trajectory, body: int, f0: int, t: float, direction: np.ndarray,
                 frames: int = 3) -> float:
    """Speed of ``body`` along ``direction`` at time ``t`` from ``frames`` frames
    starting at f0: with three, two finite differences extrapolated linearly to
    ``t``; with two, the one difference."""
    i = traj.ids.index(body)
    xy = traj.frames[f0:f0 + frames, i, :2] @ direction
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
    v = _launch_speed(RESTITUTION_HIT_SPEED, BENCH_MU_RESTITUTION, base.friction.g, travel,
                      base.sim.dt)
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


def format_table(stop: StopSweep, face: FaceSweep, rest: Sequence[RestitutionRun],
                 fan: Fan, source: str) -> str:
    out: list[str] = []
    add = out.append
    add(f"Planepita physics sweep: {source}")
    add(f"g = {stop.g:g} mm/s^2, {stop.hz} steps/s; bench table: planet radius {BENCH_PLANET:g} mm")
    add("")
    add("Stop distance: a face-up disc flicked straight in on the bench table")
    add(f"{'speed mm/s':>10}  {'mu_up':>5}  {'measured mm':>11}  {'predicted mm':>12}  "
        f"{'error %':>7}  {'steps':>5}  {'sim ms':>6}  note")
    for r in stop.runs:
        add(f"{r.speed:>10.0f}  {r.mu:>5.2f}  {_fmt(r.measured, '11.1f'):>11}  {r.predicted:>12.1f}  "
            f"{_fmt(r.error_pct, '+7.2f'):>7}  {r.steps:>5d}  {r.ms:>6.1f}  {r.note}".rstrip())
    add("  (predicted = v^2 / (2 mu g); measured from the start to where the disc rests)")
    add("")
    add(f"Face-up vs face-down: the same straight hit on a disc {FACE_TARGET_INSET:g} mm inside "
        f"the rim (face-up mu {face.mu_up:g})")
    head = f"{'hit mm/s':>8}  {'launch mm/s':>11}  {'impact mm/s':>11}  {'face-up mm':>10}"
    for m in face.mu_downs:
        head += f"  {f'down mu={m:g} mm':>15}  {'ratio':>6}"
    add(head)
    for h in face.hit_speeds:
        up = face.run(h, False, face.mu_up)
        assert up is not None
        line = (f"{h:>8.0f}  {up.launch_speed:>11.1f}  {_fmt(up.impact, '11.1f'):>11}  "
                f"{_fmt(up.displacement, '10.2f', 'lost'):>10}")
        for m in face.mu_downs:
            down = face.run(h, True, m)
            assert down is not None
            ratio = (down.displacement / up.displacement
                     if down.displacement is not None and up.displacement else None)
            line += f"  {_fmt(down.displacement, '15.2f', 'lost'):>15}  {_fmt(ratio, '6.3f'):>6}"
        add(line)
    if face.skipped:
        add(f"  (hit speeds {', '.join(f'{h:g}' for h in face.skipped)} mm/s need a launch above "
            f"launch.max_speed: skipped)")
    add("  (impact = the launched disc's speed at contact, read off the frames; ratio = "
        "face-down / face-up displacement;")
    add("   a pure friction ratio mu_up / mu_down would be "
        + ", ".join(f"{face.mu_up / m:.3f}" for m in face.mu_downs) + ")")
    add("")
    add(f"Restitution: a head-on disc-disc hit at {RESTITUTION_HIT_SPEED:g} mm/s on the bench table "
        f"(mu_up {BENCH_MU_RESTITUTION:g})")
    add(f"{'configured':>10}  {'measured':>8}  {'error %':>7}  {'u mm/s':>7}  {'v1 mm/s':>7}  "
        f"{'v2 mm/s':>7}  {'steps':>5}  {'sim ms':>6}")
    for r in rest:
        add(f"{r.configured:>10.3f}  {r.measured:>8.4f}  {r.error_pct:>+7.2f}  {r.impact:>7.1f}  "
            f"{r.striker_after:>7.1f}  {r.target_after:>7.1f}  {r.steps:>5d}  {r.ms:>6.1f}")
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

SS = 2  # everything is drawn at twice the size, then smooth-scaled down

INK = (34, 34, 40)
GRID = (226, 228, 234)
PAPER = (255, 255, 255)
MUTED = (110, 112, 120)
#: Okabe-Ito colours, distinguishable with colour-blindness
SERIES = [(0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167), (230, 159, 0),
          (86, 180, 233), (34, 34, 40)]
MARKERS = ["circle", "square", "triangle", "diamond", "down", "plus", "cross"]
#: speed colours for the dark board: cyan -> green -> yellow -> orange -> red
SPEED_STOPS = [(70, 205, 255), (110, 235, 120), (250, 225, 70), (255, 145, 45), (245, 60, 80)]

PLANET = (33, 45, 78)
PLANET_RIM = (150, 170, 215)
LINE = (245, 245, 245)
PAD_FILL = (70, 74, 88)
PAD_WALL = (190, 194, 206)
OWNER = [(235, 90, 90), (90, 170, 250), (120, 210, 120), (240, 200, 80)]
FACE_DOWN = (120, 120, 128)
JAMMER_FILL = (20, 20, 24)


def _font_path() -> Path:
    try:
        path = resources.files("tabletop.assets") / "fonts" / "DejaVuSans.ttf"
        if path.is_file():
            return Path(str(path))
    except (ModuleNotFoundError, TypeError):
        pass
    return ROOT / "assets" / "fonts" / "DejaVuSans.ttf"


class Painter:
    """A supersampled off-screen picture; coordinates given in final pixels."""

    def __init__(self, size: tuple[int, int], background: tuple[int, int, int] = PAPER) -> None:
        if not pygame.get_init():
            pygame.init()
        self.size = size
        self.surf = pygame.Surface((size[0] * SS, size[1] * SS))
        self.surf.fill(background)
        self._fonts: dict[int, pygame.font.Font] = {}
        self._font_path = _font_path()

    def font(self, size: int) -> pygame.font.Font:
        if size not in self._fonts:
            self._fonts[size] = pygame.font.Font(self._font_path, size * SS)
        return self._fonts[size]

    @staticmethod
    def _p(x: float, y: float) -> tuple[float, float]:
        return (x * SS, y * SS)

    def text(self, s: str, x: float, y: float, size: int = 15, color=INK, anchor: str = "topleft",
             angle: float = 0.0) -> pygame.Rect:
        img = self.font(size).render(s, True, color)
        if angle:
            img = pygame.transform.rotate(img, angle)
        rect = img.get_rect(**{anchor: self._p(x, y)})
        self.surf.blit(img, rect)
        return pygame.Rect(rect.x / SS, rect.y / SS, rect.w / SS, rect.h / SS)

    def text_size(self, s: str, size: int = 15) -> tuple[float, float]:
        w, h = self.font(size).size(s)
        return (w / SS, h / SS)

    def line(self, a, b, color=INK, width: float = 1.0) -> None:
        pygame.draw.line(self.surf, color, self._p(*a), self._p(*b), max(1, round(width * SS)))

    def polyline(self, pts, color=INK, width: float = 1.0) -> None:
        if len(pts) < 2:
            return
        w = max(1, round(width * SS))
        scaled = [self._p(x, y) for x, y in pts]
        pygame.draw.lines(self.surf, color, False, scaled, w)
        if w > 2:  # round joins
            for q in scaled[1:-1]:
                pygame.draw.circle(self.surf, color, q, w / 2)

    def dashed(self, a, b, color=INK, width: float = 1.0, dash: float = 6.0) -> None:
        length = math.dist(a, b)
        n = max(1, int(length / dash))
        for k in range(0, n, 2):
            t0, t1 = k / n, min(1.0, (k + 1) / n)
            self.line((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                      (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1), color, width)

    def circle(self, c, r: float, color, width: float = 0.0) -> None:
        pygame.draw.circle(self.surf, color, self._p(*c), r * SS, round(width * SS))

    def rect(self, r: tuple[float, float, float, float], color, width: float = 0.0) -> None:
        pygame.draw.rect(self.surf, color, pygame.Rect(*(v * SS for v in r)), round(width * SS))

    def polygon(self, pts, color, width: float = 0.0) -> None:
        pygame.draw.polygon(self.surf, color, [self._p(x, y) for x, y in pts], round(width * SS))

    def marker(self, kind: str, c, size: float, color, outline=PAPER) -> None:
        x, y = c
        s = size
        if kind == "circle":
            self.circle(c, s * 0.9, color)
            self.circle(c, s * 0.9, outline, 1)
            return
        if kind in ("plus", "cross"):
            d = s if kind == "plus" else s * 0.8
            if kind == "plus":
                self.line((x - d, y), (x + d, y), color, 2.5)
                self.line((x, y - d), (x, y + d), color, 2.5)
            else:
                self.line((x - d, y - d), (x + d, y + d), color, 2.5)
                self.line((x - d, y + d), (x + d, y - d), color, 2.5)
            return
        pts = {
            "square": [(x - s * 0.8, y - s * 0.8), (x + s * 0.8, y - s * 0.8),
                       (x + s * 0.8, y + s * 0.8), (x - s * 0.8, y + s * 0.8)],
            "triangle": [(x, y - s * 1.1), (x + s, y + s * 0.7), (x - s, y + s * 0.7)],
            "down": [(x, y + s * 1.1), (x + s, y - s * 0.7), (x - s, y - s * 0.7)],
            "diamond": [(x, y - s * 1.15), (x + s, y), (x, y + s * 1.15), (x - s, y)],
        }[kind]
        self.polygon(pts, color)
        self.polygon(pts, outline, 1)

    def save(self, path: Path) -> None:
        out = pygame.transform.smoothscale(self.surf, self.size)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(out, str(path))


def nice_ticks(lo: float, hi: float, count: int = 6) -> list[float]:
    """Round tick values inside [lo, hi], about ``count`` of them."""
    if hi <= lo:
        hi = lo + 1.0
    raw = (hi - lo) / max(1, count)
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    t = math.ceil(lo / step - 1e-9) * step
    ticks = []
    while t <= hi + step * 1e-9:
        ticks.append(round(t, 10))
        t += step
    return ticks


def _tick_label(v: float) -> str:
    return f"{v:,.0f}" if abs(v) >= 10 or float(v).is_integer() else f"{v:g}"


class Axes:
    """A plotting area inside a Painter: data -> pixels, with axes drawn on demand."""

    def __init__(self, painter: Painter, box: tuple[float, float, float, float],
                 xlim: tuple[float, float], ylim: tuple[float, float], logy: bool = False) -> None:
        self.pt = painter
        self.x0, self.y0, self.w, self.h = box
        self.xlim, self.ylim, self.logy = xlim, ylim, logy

    def _fy(self, y: float) -> float:
        if self.logy:
            lo, hi = (math.log10(v) for v in self.ylim)
            return (math.log10(max(y, self.ylim[0])) - lo) / (hi - lo)
        return (y - self.ylim[0]) / (self.ylim[1] - self.ylim[0])

    def px(self, x: float, y: float) -> tuple[float, float]:
        fx = (x - self.xlim[0]) / (self.xlim[1] - self.xlim[0])
        return (self.x0 + fx * self.w, self.y0 + self.h - self._fy(y) * self.h)

    def clip(self, on: bool = True) -> None:
        """Clip drawing to the plotting area (``on=False`` lifts it)."""
        box = pygame.Rect(*(round(v * SS) for v in (self.x0, self.y0, self.w, self.h)))
        self.pt.surf.set_clip(box if on else None)

    def frame(self, xticks: Sequence[float], yticks: Sequence[float], xlabel: str, ylabel: str,
              xtick_labels: Sequence[str] | None = None, xgrid: bool = True) -> None:
        pt = self.pt
        x0, y0, w, h = self.x0, self.y0, self.w, self.h
        for k, t in enumerate(xticks):
            x, _ = self.px(t, self.ylim[0])
            if xgrid:
                pt.line((x, y0), (x, y0 + h), GRID)
            pt.line((x, y0 + h), (x, y0 + h + 5), INK)
            label = xtick_labels[k] if xtick_labels is not None else _tick_label(t)
            pt.text(label, x, y0 + h + 8, 14, INK, "midtop")
        for t in yticks:
            _, y = self.px(self.xlim[0], t)
            pt.line((x0, y), (x0 + w, y), GRID)
            pt.line((x0 - 5, y), (x0, y), INK)
            pt.text(_tick_label(t), x0 - 9, y, 14, INK, "midright")
        pt.rect((x0, y0, w, h), INK, 1)
        if xlabel:
            pt.text(xlabel, x0 + w / 2, y0 + h + 34, 16, INK, "midtop")
        pt.text(ylabel, x0 - 72, y0 + h / 2, 16, INK, "center", angle=90)


def legend(pt: Painter, x: float, y: float, entries: Sequence[tuple[str, Callable[[float, float], None]]],
           title: str = "", size: int = 14, box: bool = True, row: float = 24.0) -> pygame.Rect:
    """A framed legend at (x, y): each entry is a label and a function drawing its key
    centred at a point."""
    width = max([pt.text_size(label, size)[0] for label, _ in entries] + [pt.text_size(title, size)[0] - 36])
    height = len(entries) * row + (row if title else 0) + 12
    rect = (x, y, width + 64, height)
    if box:
        pt.rect(rect, PAPER)
        pt.rect(rect, (190, 192, 200), 1)
    yy = y + 8
    if title:
        pt.text(title, x + 12, yy, size, INK, "topleft")
        yy += row
    for label, key in entries:
        key(x + 28, yy + row / 2 - 2)
        pt.text(label, x + 52, yy + row / 2 - 2, size, INK, "midleft")
        yy += row
    return pygame.Rect(*rect)


def plot_stop_distance(sweep: StopSweep, path: Path) -> None:
    """Measured stop distance (markers) and v^2/(2 mu g) (lines) against launch speed,
    and below it what the measurement adds to the formula."""
    pt = Painter(STOP_SIZE)
    W, H = STOP_SIZE
    pt.text("Stop distance of a face-up disc against launch speed", W / 2, 20, 22, INK, "midtop")
    pt.text(f"markers: measured with simulate() (bench table, planet radius {BENCH_PLANET:g} mm)"
            f"      lines: v\u00b2 / (2\u03bcg), g = {sweep.g:g} mm/s\u00b2", W / 2, 54, 15, MUTED, "midtop")
    vmax = max(sweep.speeds)
    ymax = max([r.predicted for r in sweep.runs] + [r.measured or 0 for r in sweep.runs])
    xlim = (0.0, vmax * 1.06)
    ylim = (0.0, ymax * 1.06)
    left, right = 110, W - 40
    top_box = (left, 96, right - left, 470)
    ax = Axes(pt, top_box, xlim, ylim)
    ax.frame(nice_ticks(*xlim, 7), nice_ticks(*ylim, 6), "", "stop distance (mm)",
             xtick_labels=None)
    entries = []
    for k, mu in enumerate(sweep.mus):
        color, mark = SERIES[k % len(SERIES)], MARKERS[k % len(MARKERS)]
        vs = np.linspace(0, xlim[1], 160)
        curve = [ax.px(v, v * v / (2 * mu * sweep.g)) for v in vs if v * v / (2 * mu * sweep.g) <= ylim[1]]
        ax.clip()
        pt.polyline(curve, color, 2)
        ax.clip(False)
        for r in sweep.for_mu(mu):
            if r.measured is None:  # left the board: a hollow marker at the prediction
                x, y = ax.px(r.speed, r.predicted)
                pt.circle((x, y), 7.5, PAPER)
                pt.circle((x, y), 7.5, color, 2)
                pt.text("left the board", x - 14, y, 13, color, "midright")
            else:
                pt.marker(mark, ax.px(r.speed, r.measured), 6.5, color)

        def key(x: float, y: float, color=color, mark=mark) -> None:
            pt.line((x - 16, y), (x + 16, y), color, 2)
            pt.marker(mark, (x, y), 6, color)

        entries.append((f"\u03bc face-up = {mu:g}", key))
    legend(pt, ax.x0 + 18, ax.y0 + 16, entries, title="friction")
    # -- the residual: measured - predicted ------------------------------------------
    dt = 1.0 / sweep.hz
    res = [r.measured - r.predicted for r in sweep.runs if r.measured is not None]
    rmax = max(res + [vmax * dt / 2]) * 1.25
    rmin = min(res + [0.0])
    rlim = (min(0.0, rmin * 1.25), rmax if rmax > 0 else 1.0)
    bottom = Axes(pt, (left, top_box[1] + top_box[3] + 40, right - left, 190), xlim, rlim)
    bottom.frame(nice_ticks(*xlim, 7), nice_ticks(*rlim, 4), "launch speed (mm/s)", "excess (mm)")
    pt.dashed(bottom.px(0, 0), bottom.px(xlim[1], xlim[1] * dt / 2), MUTED, 1.5, 7)
    pt.text(f"excess = measured \u2212 predicted, for every \u03bc (markers side by side); "
            f"dashed: v\u00b7dt/2, half a step's travel at dt = 1/{sweep.hz} s",
            bottom.x0 + 12, bottom.y0 + 10, 13, MUTED, "topleft")
    dodge = xlim[1] * 0.012
    for k, mu in enumerate(sweep.mus):
        color, mark = SERIES[k % len(SERIES)], MARKERS[k % len(MARKERS)]
        shift = (k - (len(sweep.mus) - 1) / 2) * dodge
        for r in sweep.for_mu(mu):
            if r.measured is not None:
                pt.marker(mark, bottom.px(r.speed + shift, r.measured - r.predicted), 5.5, color)
    pt.save(path)


def _speed_color(v: float, lo: float, hi: float) -> tuple[int, int, int]:
    f = 0.0 if hi <= lo else (v - lo) / (hi - lo)
    f = min(1.0, max(0.0, f)) * (len(SPEED_STOPS) - 1)
    i = min(int(f), len(SPEED_STOPS) - 2)
    t = f - i
    a, b = SPEED_STOPS[i], SPEED_STOPS[i + 1]
    return tuple(round(a[k] + (b[k] - a[k]) * t) for k in range(3))  # type: ignore[return-value]


class BoardView:
    """Board millimetres (y up) -> picture pixels (y down)."""

    def __init__(self, centre: tuple[float, float], scale: float, origin: tuple[float, float]) -> None:
        self.centre, self.scale, self.origin = centre, scale, origin

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return (self.centre[0] + (x - self.origin[0]) * self.scale,
                self.centre[1] - (y - self.origin[1]) * self.scale)


def _draw_pad(pt: Painter, view: BoardView, pose: PadPose) -> None:
    pt.polygon([view(*c) for c in pose.corners()], PAD_FILL)
    w = pose.wall
    half = pose.width / 2 - w / 2
    back = pose.depth - w / 2
    for a, b in (((0, -half), (back, -half)), ((0, half), (back, half)), ((back, -half), (back, half))):
        pt.line(view(*pose.to_world(*a)), view(*pose.to_world(*b)), PAD_WALL, w * view.scale)


def _draw_planet(pt: Painter, view: BoardView, board: Board, players: int, pads: Sequence[float],
                 areas: bool = True) -> None:
    s = view.scale
    c = view(0.0, 0.0)
    pt.circle(c, board.outer_radius * s, PLANET)
    pt.circle(c, board.outer_radius * s, PLANET_RIM, 2)
    for r in (board.center_radius, board.middle_radius):
        pt.circle(c, (r + board.line_width / 2) * s, LINE, max(1.0, board.line_width * s))
    if areas:
        a = math.radians(62)
        mids = (board.center_radius * 0.62, (board.center_radius + board.middle_radius) / 2,
                (board.middle_radius + board.outer_radius) / 2)
        for value, r in zip((5, 4, 3), mids):
            pt.text(str(value), *view(r * math.cos(a), r * math.sin(a)), 26, (200, 210, 235), "center")
    for seat in range(players):
        _draw_pad(pt, view, board.pad_pose(players, seat, pads[seat] if seat < len(pads) else 0.5))


def _draw_disc(pt: Painter, view: BoardView, d: Disc, radius: float) -> None:
    c = view(d.x, d.y)
    r = radius * view.scale
    if d.face_down:
        pt.circle(c, r, FACE_DOWN)
        pt.circle(c, r, (30, 30, 34), 2)
        pt.line((c[0] - r * 0.5, c[1] - r * 0.5), (c[0] + r * 0.5, c[1] + r * 0.5), (60, 60, 66), 2)
        pt.line((c[0] - r * 0.5, c[1] + r * 0.5), (c[0] + r * 0.5, c[1] - r * 0.5), (60, 60, 66), 2)
    else:
        pt.circle(c, r, OWNER[d.owner % len(OWNER)])
        pt.circle(c, r, (250, 250, 250), 2)


def _draw_jammer(pt: Painter, view: BoardView, x: float, y: float, radius: float) -> None:
    c = view(x, y)
    pt.circle(c, radius * view.scale, JAMMER_FILL)
    pt.circle(c, radius * view.scale, (235, 200, 60), 3)


def plot_fan(fan: Fan, p: Params, path: Path) -> None:
    """Paths of launches from one pad, coloured by speed, over the board."""
    pt = Painter(FAN_SIZE)
    W, H = FAN_SIZE
    board = Board.from_params(p)
    pt.text("A fan of launches from seat 0 (4-player table)", 470, 18, 22, INK, "midtop")
    aims = ", ".join(f"{a:+g}\u00b0" for a in fan.angles)
    pt.text(f"aims {aims}; paths coloured by launch speed", 470, 52, 15, MUTED, "midtop")
    extent = board.outer_radius + board.pad_gap + board.pad_depth + 12
    size = 840
    view = BoardView((470, 90 + size / 2), size / (2 * extent), (0.0, 0.0))
    _draw_planet(pt, view, board, fan.layout.players, fan.layout.pads)
    lo, hi = min(fan.speeds), max(fan.speeds)
    # paths: slow ones last so they are not hidden under the long fast ones
    for shot in sorted(fan.shots, key=lambda s: -s.speed):
        color = _speed_color(shot.speed, lo, hi)
        for body, xy in shot.paths.items():
            if body == STRIKER or len(xy) < 2 or np.hypot(*(xy[-1] - xy[0])) < 1.0:
                continue
            pt.polyline([view(x, y) for x, y in xy], color, 1.5)
    for shot in sorted(fan.shots, key=lambda s: -s.speed):
        color = _speed_color(shot.speed, lo, hi)
        xy = shot.paths[STRIKER]
        pt.polyline([view(x, y) for x, y in xy], color, 2.8)
    # the pieces where they started, over the paths
    for d in fan.layout.discs:
        _draw_disc(pt, view, d, board.disc_radius)
    if fan.layout.jammer is not None:
        _draw_jammer(pt, view, *fan.layout.jammer, board.jammer_radius)
    for shot in fan.shots:
        color = _speed_color(shot.speed, lo, hi)
        xy = shot.paths[STRIKER]
        end = view(*xy[-1])
        if STRIKER in shot.lost:
            pt.marker("cross", end, 5, color)
        else:
            pt.marker("circle", end, 4.5, color, (20, 20, 24))
    start = board.pad_pose(fan.layout.players, fan.seat, fan.pad).start
    pt.circle(view(*start), board.disc_radius * view.scale, (250, 250, 250), 2)
    # legends on the right
    lx = 940
    speed_entries = []
    for v in fan.speeds:
        color = _speed_color(v, lo, hi)

        def key(x: float, y: float, color=color) -> None:
            pt.line((x - 16, y), (x + 16, y), color, 4)

        speed_entries.append((f"{v:g} mm/s", key))
    r1 = legend(pt, lx, 100, speed_entries, title="launch speed")

    def up_key(x: float, y: float) -> None:
        pt.circle((x, y), 9, OWNER[1])
        pt.circle((x, y), 9, (60, 60, 66), 1)

    def down_key(x: float, y: float) -> None:
        _draw_disc(pt, BoardView((x, y), 9 / 15, (0, 0)), Disc(0, 0, face_down=True), 15)

    def jam_key(x: float, y: float) -> None:
        _draw_jammer(pt, BoardView((x, y), 10 / 24, (0, 0)), 0, 0, 24)

    def path_key(x: float, y: float) -> None:
        pt.line((x - 16, y), (x + 16, y), MUTED, 2.2)

    def moved_key(x: float, y: float) -> None:
        pt.line((x - 16, y), (x + 16, y), MUTED, 1.2)

    def rest_key(x: float, y: float) -> None:
        pt.marker("circle", (x, y), 4.5, MUTED, (20, 20, 24))

    def lost_key(x: float, y: float) -> None:
        pt.marker("cross", (x, y), 5, MUTED)

    def start_key(x: float, y: float) -> None:
        pt.circle((x, y), 9, MUTED, 2)

    legend(pt, lx, r1.bottom + 18, [
        ("launched disc's start", start_key),
        ("launched disc's path", path_key),
        ("where it came to rest", rest_key),
        ("where it fell off (black hole)", lost_key),
        ("path of a piece it moved", moved_key),
        ("face-up disc", up_key),
        ("face-down disc", down_key),
        ("jammer", jam_key),
    ], title="key")
    notes = ("white lines: area values 5 / 4 / 3", "grey lanes: launch pads (only the active one is solid)",
             "aims wider than about \u00b115\u00b0 graze", "the pad's side walls first")
    for k, line in enumerate(notes):
        pt.text(line, lx, H - 108 + 22 * k, 13, MUTED)
    pt.save(path)


def plot_face(face: FaceSweep, path: Path, hit_speed: float | None = None) -> None:
    """The same hit on a face-up and a face-down disc, and displacement against hit speed."""
    pt = Painter(FACE_SIZE)
    W, H = FACE_SIZE
    speeds = face.hit_speeds
    if hit_speed is None:  # the reachable speed nearest 1000 mm/s
        hit_speed = min(speeds, key=lambda h: abs(h - 1000.0))
    mu_down = face.mu_downs[len(face.mu_downs) // 2]
    up = face.run(hit_speed, False, face.mu_up)
    down = face.run(hit_speed, True, mu_down)
    assert up is not None and down is not None
    pt.text("The same hit on a face-up disc and on a face-down disc", W / 2, 18, 22, INK, "midtop")
    # -- the two panels, on one scale ------------------------------------------------
    panel_w, panel_h, top = 300, 640, 110
    tx, ty = face.target
    ends = [r.target_end[1] for r in (up, down) if r.target_end is not None]
    y_hi = max(ends + [ty]) + face.disc_radius + 25
    y_lo = face.pad.start[1] - face.disc_radius - 30
    scale = min(panel_h / (y_hi - y_lo), panel_w / 200.0)
    for k, (run, label) in enumerate(((up, f"face-up target, \u03bc = {face.mu_up:g}"),
                                      (down, f"face-down target, \u03bc = {mu_down:g}"))):
        x0 = 40 + k * (panel_w + 30)
        clip = pygame.Rect(x0 * SS, top * SS, panel_w * SS, panel_h * SS)
        pt.surf.set_clip(clip)
        pt.rect((x0, top, panel_w, panel_h), (238, 240, 244))
        view = BoardView((x0 + panel_w / 2, top + panel_h - 30 * scale - face.disc_radius * scale),
                         scale, (0.0, face.pad.start[1]))
        pt.circle(view(0.0, 0.0), face.planet_radius * scale, PLANET)
        pt.circle(view(0.0, 0.0), face.planet_radius * scale, PLANET_RIM, 2)
        _draw_pad(pt, view, face.pad)
        sp = run.striker_path
        pt.polyline([view(x, y) for x, y in sp], (250, 225, 70), 2.5)
        pt.circle(view(*sp[0]), face.disc_radius * scale, (250, 225, 70), 2)
        pt.circle(view(*sp[-1]), face.disc_radius * scale, OWNER[0])
        pt.circle(view(*sp[-1]), face.disc_radius * scale, (250, 250, 250), 1.5)
        start = view(tx, ty)
        pt.circle(start, face.disc_radius * scale, (230, 230, 240), 2)
        if run.target_end is not None:
            end_disc = Disc(TARGET, 1, *run.target_end, face_down=run.face_down)
            _draw_disc(pt, view, end_disc, face.disc_radius)
            end = view(*run.target_end)
            pt.line(start, end, (250, 250, 250), 1.5)
        pt.surf.set_clip(None)
        pt.rect((x0, top, panel_w, panel_h), INK, 1)
        pt.text(label, x0 + panel_w / 2, top - 30, 16, INK, "midtop")
        moved = "lost" if run.displacement is None else f"moved {run.displacement:.1f} mm"
        lw, lh = pt.text_size(moved, 17)
        pt.rect((x0 + panel_w / 2 - lw / 2 - 8, top + 12, lw + 16, lh + 8), PAPER)
        pt.text(moved, x0 + panel_w / 2, top + 16, 17, INK, "midtop")
    pt.text(f"hit at {hit_speed:g} mm/s (launched at {up.launch_speed:.0f} mm/s); "
            f"outline: where the struck disc started", 40, top + panel_h + 14, 13, MUTED)
    pt.text("yellow: the launched disc's path and start; red: where it stopped",
            40, top + panel_h + 34, 13, MUTED)
    # -- the chart: displacement against hit speed, log scale -------------------------
    values = [r.displacement for r in face.runs if r.displacement and r.displacement >= STILL]
    lo = max(STILL, 10 ** math.floor(math.log10(min(values))))
    hi = 10 ** math.ceil(math.log10(max(values)))
    cx = 40 + 2 * (panel_w + 30) + 110
    ax = Axes(pt, (cx, top, W - cx - 30, panel_h - 170), (0, len(speeds)), (lo, hi), logy=True)
    yt = [10.0**e for e in range(round(math.log10(lo)), round(math.log10(hi)) + 1)]
    ax.frame([i + 0.5 for i in range(len(speeds))], yt, "speed of the hit (mm/s)",
             "struck disc moved (mm, log scale)", [f"{h:g}" for h in speeds], xgrid=False)
    series = [(False, face.mu_up, f"face-up, \u03bc = {face.mu_up:g}")] + [
        (True, m, f"face-down, \u03bc = {m:g}") for m in face.mu_downs]
    group = 0.8
    bw = group / len(series)
    for k, (fd, mu, _) in enumerate(series):
        color = SERIES[k % len(SERIES)]
        for i, h in enumerate(speeds):
            run = face.run(h, fd, mu)
            if run is None or run.displacement is None:
                continue
            xa = i + 0.5 - group / 2 + k * bw
            x1, y1 = ax.px(xa, max(run.displacement, lo))
            x2, y2 = ax.px(xa + bw, lo)
            if run.displacement < STILL:  # did not move: a "0" on the axis
                pt.text("0", (x1 + x2) / 2, y2 - 3, 13, color, "midbottom")
            else:
                pt.rect((x1 + 1, y1, x2 - x1 - 2, y2 - y1), color)
    pt.text("Displacement against hit speed", ax.x0 + ax.w / 2, top - 30, 16, INK, "midtop")
    entries = []
    for k, (_, _, label) in enumerate(series):
        color = SERIES[k % len(SERIES)]

        def key(x: float, y: float, color=color) -> None:
            pt.rect((x - 9, y - 7, 18, 14), color)

        entries.append((label, key))
    box = legend(pt, ax.x0, ax.y0 + ax.h + 78, entries, size=14, row=22)
    note_x = box.right + 24
    for k, line in enumerate((
        f"0: did not move (less than {STILL:g} mm)",
        "a face-down disc stays put under any hit",
        "slower than friction.break_away_speed;",
        "a harder hit breaks it free and it",
        "slides against its own high \u03bc",
    )):
        pt.text(line, note_x, box.y + 8 + 22 * k, 14, MUTED)
    pt.save(path)


# -- the command line -------------------------------------------------------------------


def parse_list(text: str, option: str) -> tuple[float, ...]:
    """``"500,1000"`` -> (500.0, 1000.0); UsageError naming ``option`` otherwise."""
    values = []
    for part in text.split(","):
        part = part.strip()
        try:
            v = float(part)
        except ValueError:
            raise UsageError(f"{option}: {part!r} is not a number (give a comma-separated list)") from None
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
    ap.add_argument("--out", default="out/tune", metavar="DIR",
                    help="folder for the pictures and table.txt (default: out/tune)")
    ap.add_argument("--speeds", metavar="LIST",
                    help="launch speeds in mm/s for the stop-distance sweep and the fan "
                    f"(default: {','.join(f'{v:g}' for v in DEFAULT_SPEEDS)})")
    ap.add_argument("--hit-speeds", metavar="LIST",
                    help="speeds in mm/s at which the launched disc reaches the struck disc in "
                    "the face-up/face-down comparison; ones that would need a launch above "
                    f"launch.max_speed are skipped (default: {','.join(f'{v:g}' for v in DEFAULT_HIT_SPEEDS)})")
    ap.add_argument("--mu-up", metavar="LIST",
                    help="friction.mu_face_up values for the stop-distance sweep "
                    f"(default: {','.join(f'{v:g}' for v in DEFAULT_MU_UP)})")
    ap.add_argument("--mu-down", metavar="LIST",
                    help="friction.mu_face_down values for the face-up/face-down comparison "
                    f"(default: {','.join(f'{v:g}' for v in DEFAULT_MU_DOWN)})")
    ap.add_argument("--restitution", metavar="LIST",
                    help="restitution.disc_disc values for the head-on bounce test "
                    f"(default: {','.join(f'{v:g}' for v in DEFAULT_RESTITUTION)})")
    ap.add_argument("--set", action="append", default=[], metavar="SECTION.KEY=VALUE",
                    help="override any physics.toml parameter without editing the file, e.g. "
                    "--set friction.mu_face_up=0.35 (repeatable; checked like the TOML). "
                    "The swept lists above take precedence for the parameter they sweep")
    ap.add_argument("--toml", metavar="PATH",
                    help="read this physics.toml instead of the shipped one")
    ap.add_argument("--quick", action="store_true",
                    help="a small sweep (for tests): a couple of speeds, one value of each "
                    "parameter; explicit lists still win")
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


def configure(args: argparse.Namespace) -> Config:
    """Turn parsed arguments into checked values; UsageError for anything bad."""
    overrides = parse_set(args.set)
    try:
        p = params_mod.load(args.toml, overrides or None)
    except ParamError as exc:
        raise UsageError(str(exc)) from None

    def pick(text: str | None, option: str, default: tuple[float, ...],
             quick: tuple[float, ...]) -> tuple[float, ...]:
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
                raise UsageError(f"{option}: {v:g} mm/s is not between 0 and launch.max_speed "
                                 f"({p.launch.max_speed:g})")
    _checked(p, "friction.mu_face_up", mu_up, "--mu-up")
    _checked(p, "friction.mu_face_down", mu_down, "--mu-down")
    _checked(p, "restitution.disc_disc", restitution, "--restitution")
    source = args.toml or "the shipped physics.toml"
    if overrides:
        source += " with " + ", ".join(f"{k}={v}" for k, v in overrides.items())
    angles = QUICK_ANGLES if args.quick else DEFAULT_ANGLES
    return Config(p, source, Path(args.out), tuple(sorted(speeds)), tuple(sorted(hit_speeds)),
                  mu_up, mu_down, restitution, angles)


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
    plot_stop_distance(stop, cfg.out / "stop-distance.png")
    plot_fan(fan, p, cfg.out / "fan.png")
    plot_face(face, cfg.out / "face-up-vs-down.png")
    print(table, end="")
    for name in ("stop-distance.png", "fan.png", "face-up-vs-down.png", "table.txt"):
        print(f"wrote {cfg.out / name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
