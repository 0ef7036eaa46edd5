"""Planepita's table in motion, as data: what the board shows at each moment
of an animation, driven only by the ``dt`` the table passes on.

A :class:`Moment` is what the board shows in one frame (a state, or a moment
of an animation). The table queues :class:`Anim` steps, played one after the
other (``table/animation.py``): a bot's pad sliding to where it launches from
(:class:`PadMove`), its pull back (:class:`PullBack`), the recorded
``physics.Trajectory`` frame by frame with its clacks, a flash ring at each
contact and the discs spiralling into the black hole (:class:`ShotAnim`), and
a round's end (:class:`RoundEnd`). A contact is an :class:`Impact`
(:func:`impacts`): where and when two pieces met and how hard; its clack, its
flash ring and its marker in an instant replay (``table/replay.py``) all come
from that one list, so they agree in time and in strength (:func:`loudness`).
Each step's clock is the sum of the ``dt`` values it was given, never the wall
clock, so a test steps an animation exactly. Sounds go to whatever object with
a ``play(name, gain)`` method the table passes (the app's mixer).

Painting lives in ``table/paint.py``; this module does not draw and does not
import pygame (it is one of the game's pure modules, beside ``aim.py``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Protocol

import numpy as np

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.aim import pull_length, pull_speed
from tabletop.games.planepita.board import Board, PadPose, default_board
from tabletop.games.planepita.model import Disc, Flick, Layout, Phase, PlanepitaState, RoundResult
from tabletop.games.planepita.physics import JAMMER, EventKind, Trajectory, is_pad

#: a collision with this impulse (g*mm/s) clacks at full volume and draws the largest ring
CLACK_FULL = 6000.0
#: the softest contact still clacks (and rings) this strongly, of the full
CLACK_SOFTEST = 0.08
#: seconds a disc takes to spiral into the black hole
FALL_TIME = 0.55
#: seconds (on screen) a contact's flash ring shows
FLASH_TIME = 0.35


def loudness(impulse: float) -> float:
    """How strongly a contact of ``impulse`` (g*mm/s) shows, from
    :data:`CLACK_SOFTEST` to 1: its clack's gain, its flash ring's and its
    replay marker's size."""
    return max(CLACK_SOFTEST, min(1.0, impulse / CLACK_FULL))


@dataclass(frozen=True)
class Impact:
    """Two pieces (or a piece and the pad) touching: when (seconds into the
    shot), where (the contact point, mm), how hard (the impulse, g*mm/s) and
    who (body ids, as in ``physics.Event``)."""

    t: float
    x: float
    y: float
    impulse: float
    a: int
    b: int | None

    @property
    def strength(self) -> float:
        return loudness(self.impulse)


def position_at(traj: Trajectory, index: int, t: float) -> tuple[float, float] | None:
    """Where body ``index`` of ``traj`` was at ``t`` seconds: between two
    recorded frames, on the line between them; once it has left the world,
    where it was last seen; None if it never was."""
    frames = traj.frames
    f = max(0.0, min(len(frames) - 1.0, t * traj.fps))
    lo = int(f)
    hi = min(lo + 1, len(frames) - 1)
    a, b = frames[lo, index], frames[hi, index]
    if math.isnan(a[0]):
        seen = np.flatnonzero(~np.isnan(frames[: lo + 1, index, 0]))
        if not seen.size:
            return None
        a = frames[seen[-1], index]
        return float(a[0]), float(a[1])
    if math.isnan(b[0]):
        return float(a[0]), float(a[1])
    k = f - lo
    return float(a[0] + (b[0] - a[0]) * k), float(a[1] + (b[1] - a[1]) * k)


def _pad_contact(pose: PadPose, x: float, y: float, radius: float) -> tuple[float, float]:
    """Where a disc at (x, y) touches the pad: the rim point facing the pad's
    footprint (its nearest point), or its centre when it is over the pad."""
    forward, side = pose.local(x, y)
    near = pose.to_world(
        min(pose.depth, max(0.0, forward)), min(pose.width / 2, max(-pose.width / 2, side))
    )
    dx, dy = near[0] - x, near[1] - y
    d = math.hypot(dx, dy)
    if d < 1e-9:
        return x, y
    k = min(1.0, radius / d)
    return x + dx * k, y + dy * k


def impacts(traj: Trajectory, board: Board, pose: PadPose | None = None) -> list[Impact]:
    """Every contact of the shot, in time order: the point where the two
    pieces touched (between their centres, at their radii), or where a piece
    met the pad ``pose`` the shot was launched from."""
    index = {ident: i for i, ident in enumerate(traj.ids)}

    def radius(ident: int) -> float:
        return board.jammer_radius if ident == JAMMER else board.disc_radius

    out = []
    for e in sorted((e for e in traj.events if e.kind is EventKind.HIT), key=lambda e: e.t):
        pa = position_at(traj, index[e.a], e.t) if e.a in index else None
        pb = position_at(traj, index[e.b], e.t) if e.b is not None and e.b in index else None
        if pa is not None and pb is not None:
            k = radius(e.a) / (radius(e.a) + radius(e.b if e.b is not None else e.a))
            x, y = pa[0] + (pb[0] - pa[0]) * k, pa[1] + (pb[1] - pa[1]) * k
        elif pa is not None and pose is not None and is_pad(e.b):
            x, y = _pad_contact(pose, *pa, radius(e.a))
        else:  # one piece's position is all there is (every contact clacks and rings)
            x, y = pa or pb or (0.0, 0.0)
        out.append(Impact(e.t, x, y, e.impulse, e.a, e.b))
    return out


def shot_discs(
    before: PlanepitaState, after: PlanepitaState, traj: Trajectory, launched: Disc
) -> dict[int, Disc]:
    """Every disc a shot's playback shows, by id: those on the board before and
    after it, those it sent to the black hole, and the disc it launched."""
    known = {d.id: d for d in (*before.layout.discs, *after.layout.discs, *after.black_hole)}
    known.setdefault(traj.launched, launched)
    return known


@dataclass(frozen=True)
class Trail:
    """The path a piece has taken so far in an instant replay: its recorded
    positions (mm) and how many seconds of the shot ago it was at each."""

    disc: Disc  # the jammer is Disc(JAMMER, -1)
    points: tuple[tuple[float, float], ...]
    ages: tuple[float, ...]


class Sound(Protocol):
    def play(self, name: str, gain: float = 1.0) -> None: ...


@dataclass(frozen=True)
class Moment:
    """What the board shows in one frame (a state, or a moment of an animation)."""

    state: PlanepitaState
    discs: tuple[tuple[Disc, float, float, float], ...]  # disc, x, y, angle
    jammer: tuple[float, float] | None
    pads: tuple[float, ...]
    active: int | None  # the seat whose pad stands
    on_pad: Disc | None = None  # a disc waiting on the active pad
    falling: tuple[tuple[Disc, float, float, float], ...] = ()  # disc, x, y, progress
    pending: int | None = None  # the disc a decision is about
    aim: tuple[float, float] | None = None  # (angle, speed) to draw from the active pad
    hidden: frozenset[int] = frozenset()
    flashes: tuple[tuple[Impact, float], ...] = ()  # a contact, its flash's progress 0..1
    marks: tuple[tuple[Impact, float], ...] = ()  # instant replay: a contact, seconds since
    trails: tuple[Trail, ...] = ()  # instant replay: each moving piece's path so far

    def with_pad(self, seat: int, pos: float) -> Moment:
        """This moment with ``seat``'s pad at ``pos``."""
        pads = list(self.pads)
        pads[seat] = pos
        return replace(self, pads=tuple(pads))


def moment_of(state: PlanepitaState, layout: Layout | None = None) -> Moment:
    """The still moment of ``state`` (with ``layout`` instead of its own, if given)."""
    lay = layout if layout is not None else state.layout
    discs = tuple((d, d.x, d.y, d.angle) for d in lay.discs)
    pads = tuple(lay.pad_of(s) for s in range(state.players))
    active = None
    on_pad = None
    if state.phase is Phase.LAUNCH:
        active = pp_rules.RULES.to_move(state)
    return Moment(state, discs, lay.jammer, pads, active, on_pad, pending=state.pending)


def ease(p: float) -> float:
    """Smoothstep: 0 -> 0, 1 -> 1, gentle at both ends."""
    return p * p * (3 - 2 * p)


class Anim:
    """One step of the table's animation queue (played one after another)."""

    def __init__(self, duration: float) -> None:
        self.t = 0.0
        self.duration = duration

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, dt: float, sound: Sound) -> None:
        self.t += dt

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def moment(self) -> Moment:
        raise NotImplementedError


class PadMove(Anim):
    """A bot slides its pad along the rim to where it will launch from."""

    def __init__(
        self, state: PlanepitaState, seat: int, disc: Disc, target: float, duration: float
    ) -> None:
        super().__init__(duration)
        self.state, self.seat, self.disc, self.target = state, seat, disc, target
        self.start = state.layout.pad_of(seat)

    def moment(self) -> Moment:
        pos = self.start + (self.target - self.start) * ease(self.progress)
        return replace(
            moment_of(self.state).with_pad(self.seat, pos), active=self.seat, on_pad=self.disc
        )


class PullBack(Anim):
    """A bot pulls its disc back: the pull grows (the inverse of a human's pull
    mapping), so the aim line grows to the shot's stop point as a person's would."""

    def __init__(
        self, state: PlanepitaState, seat: int, disc: Disc, flick: Flick, duration: float
    ) -> None:
        super().__init__(duration)
        self.state, self.seat, self.disc, self.flick = state, seat, disc, flick

    def moment(self) -> Moment:
        p = pp_rules.params_of(self.state)
        board = default_board()
        vmax = p.launch.max_speed
        length = pull_length(self.flick.speed, vmax, board, p) * ease(self.progress)
        speed = (
            self.flick.speed
            if self.progress >= 1.0
            else min(self.flick.speed, pull_speed(length, vmax, board, p))
        )
        return replace(
            moment_of(self.state).with_pad(self.seat, self.flick.pad),
            active=self.seat,
            on_pad=self.disc,
            aim=(self.flick.angle, speed),
        )


class ShotAnim(Anim):
    """The trajectory, frame by frame, with clacks, a flash ring at each
    contact (both from :attr:`impacts`, at the same moment) and discs
    spiralling into the black hole. ``speed`` is the animation speed (2: twice
    as fast as real time)."""

    def __init__(
        self,
        state: PlanepitaState,
        seat: int,
        flick: Flick,
        traj: Trajectory,
        discs: Mapping[int, Disc],
        speed: float,
    ) -> None:
        super().__init__(traj.duration / speed + FALL_TIME / speed)
        self.state, self.seat, self.flick, self.traj = state, seat, flick, traj
        self.speed = speed
        self.discs = discs
        board = default_board()
        self.impacts = impacts(traj, board, board.pad_pose(state.players, seat, flick.pad))
        self.next_hit = 0
        frames = traj.frames
        #: the last frame each body was seen (len(frames) if never lost)
        alive = ~np.isnan(frames[:, :, 0])
        self.last_seen = [
            int(np.flatnonzero(alive[:, i])[-1]) if alive[:, i].any() else -1
            for i in range(len(traj.ids))
        ]
        self.whooshed: set[int] = set()

    def sim_time(self) -> float:
        """Seconds of the trajectory shown so far."""
        return self.t * self.speed

    def update(self, dt: float, sound: Sound) -> None:
        super().update(dt, sound)
        now = self.sim_time()
        while self.next_hit < len(self.impacts) and self.impacts[self.next_hit].t <= now:
            hit = self.impacts[self.next_hit]
            self.next_hit += 1
            sound.play("clack", hit.strength)
        f = self.frame_index()
        for i, last in enumerate(self.last_seen):
            if 0 <= last < f and last < len(self.traj.frames) - 1 and i not in self.whooshed:
                self.whooshed.add(i)
                sound.play("whoosh", 0.35)

    def frame_index(self) -> int:
        return min(len(self.traj.frames) - 1, int(self.sim_time() * self.traj.fps))

    def flashes(self) -> list[tuple[Impact, float]]:
        """The contacts whose flash ring shows now, each with its progress
        0..1: from the moment its clack plays (its time has come) for
        :data:`FLASH_TIME` seconds on screen."""
        now = self.sim_time()
        window = FLASH_TIME * self.speed  # seconds of the shot
        out = []
        for hit in self.impacts:
            if hit.t > now:
                break
            if now - hit.t < window:
                out.append((hit, (now - hit.t) / window))
        return out

    def moment(self) -> Moment:
        discs: list[tuple[Disc, float, float, float]] = []
        jammer: tuple[float, float] | None = None
        falling: list[tuple[Disc, float, float, float]] = []
        f = self.frame_index()
        frames = self.traj.frames
        fps = self.traj.fps
        now = self.sim_time()
        for i, ident in enumerate(self.traj.ids):
            x, y, a = frames[f, i]
            if not math.isnan(x):
                if ident == JAMMER:
                    jammer = (float(x), float(y))
                elif ident in self.discs:
                    discs.append((self.discs[ident], float(x), float(y), float(a)))
                continue
            last = self.last_seen[i]
            if last < 0 or last >= len(frames) - 1 and not self.traj.stayed_on_pad:
                continue
            if ident == self.traj.launched and self.traj.stayed_on_pad:
                continue
            gone = now - last / fps
            p = gone / FALL_TIME
            if p < 1.0:
                lx, ly, _ = frames[last, i]
                d = self.discs.get(ident)
                if ident == JAMMER:
                    d = Disc(JAMMER, -1)
                if d is not None:
                    falling.append((d, float(lx), float(ly), p))
        return replace(
            moment_of(self.state).with_pad(self.seat, self.flick.pad),
            active=self.seat,
            pending=None,
            discs=tuple(discs),
            jammer=jammer,
            flashes=tuple(self.flashes()),
            falling=tuple(falling),
        )


class RoundEnd(Anim):
    """The jammer sweeps its area, each area's power shows, tokens fly."""

    SWEEP, POWER, TOKENS = 1.0, 2.2, 1.1

    def __init__(
        self, state: PlanepitaState, layout: Layout, result: RoundResult, speed: float
    ) -> None:
        self.stages = (self.SWEEP / speed, self.POWER / speed, self.TOKENS / speed)
        super().__init__(sum(self.stages))
        self.state, self.layout, self.result = state, layout, result
        self.swept = {d.id for d in result.swept}
        self.chimed = False

    def stage(self) -> tuple[int, float]:
        """(stage 0 sweep / 1 power / 2 tokens, progress 0..1 within it)."""
        t = self.t
        for i, d in enumerate(self.stages):
            if t < d or i == len(self.stages) - 1:
                return i, min(1.0, t / d) if d > 0 else 1.0
            t -= d
        return len(self.stages) - 1, 1.0

    def update(self, dt: float, sound: Sound) -> None:
        super().update(dt, sound)
        stage, _ = self.stage()
        if stage == 2 and not self.chimed:
            self.chimed = True
            sound.play("chime", 0.7)

    def moment(self) -> Moment:
        still = moment_of(self.state, self.layout)
        stage, p = self.stage()
        jammer = self.result.jammer if self.result.jammer is not None else still.jammer
        falling: list[tuple[Disc, float, float, float]] = []
        if stage == 0:
            discs = tuple(d for d in still.discs if d[0].id not in self.swept or p < 0.35)
            if p >= 0.35:
                fall = (p - 0.35) / 0.65
                falling = [(d, d.x, d.y, fall) for d in self.result.swept]
                if self.result.jammer is not None:
                    falling.append((Disc(JAMMER, -1), *self.result.jammer, fall))
                    jammer = None
        else:
            discs = tuple(d for d in still.discs if d[0].id not in self.swept)
            jammer = None
        return replace(
            still, active=None, pending=None, discs=discs, jammer=jammer, falling=tuple(falling)
        )
