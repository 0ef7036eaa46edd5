"""Planepita's table in motion: what the table shows at each moment of an
animation, driven only by the ``dt`` the scene passes on.

A :class:`Picture` is what the table shows in one frame (a state, or a moment
of an animation). The scene queues :class:`Anim` steps, played one after the
other: a bot's pad sliding to where it launches from (:class:`PadMove`), its
pull back (:class:`PullBack`), the recorded ``physics.Trajectory`` frame by
frame with its clacks and the discs falling into the black hole
(:class:`ShotAnim`), and a round's end (:class:`RoundEnd`). Each step's clock
is the sum of the ``dt`` values it was given, never the wall clock, so a test
steps an animation exactly. Sounds go to whatever object with a
``play(name, gain)`` method the scene passes (the app's mixer).

Drawing lives in ``scene_draw.py``; this module does not draw and does not
import pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.aim import pull_length, pull_speed
from tabletop.games.planepita.board import default_board
from tabletop.games.planepita.model import Disc, Flick, Layout, Phase, PlanepitaState, RoundResult
from tabletop.games.planepita.physics import JAMMER, EventKind, Trajectory

#: a collision with this impulse (g*mm/s) clacks at full volume
CLACK_FULL = 6000.0
#: seconds a disc takes to spiral into the black hole
FALL_TIME = 0.55


class Sound(Protocol):
    def play(self, name: str, gain: float = 1.0) -> None: ...


@dataclass
class Picture:
    """What the table shows in one frame (a state, or a moment of an animation)."""

    state: PlanepitaState
    discs: list[tuple[Disc, float, float, float]]  # disc, x, y, angle
    jammer: tuple[float, float] | None
    pads: list[float]
    active: int | None  # the seat whose pad stands
    on_pad: Disc | None = None  # a disc waiting on the active pad
    falling: list[tuple[Disc, float, float, float]] = field(default_factory=list)  # disc, x, y, progress
    pending: int | None = None  # the disc a decision is about
    aim: tuple[float, float] | None = None  # (angle, speed) to draw from the active pad
    hidden: frozenset[int] = frozenset()


def picture_of(state: PlanepitaState, layout: Layout | None = None) -> Picture:
    """The still picture of ``state`` (with ``layout`` instead of its own, if given)."""
    lay = layout if layout is not None else state.layout
    discs = [(d, d.x, d.y, d.angle) for d in lay.discs]
    pads = [lay.pad_of(s) for s in range(state.players)]
    active = None
    on_pad = None
    if state.phase is Phase.LAUNCH:
        active = pp_rules.RULES.to_move(state)
    return Picture(state, discs, lay.jammer, pads, active, on_pad, pending=state.pending)


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

    def picture(self) -> Picture:
        raise NotImplementedError


class PadMove(Anim):
    """A bot slides its pad along the rim to where it will launch from."""

    def __init__(self, state: PlanepitaState, seat: int, disc: Disc, target: float, duration: float) -> None:
        super().__init__(duration)
        self.state, self.seat, self.disc, self.target = state, seat, disc, target
        self.start = state.layout.pad_of(seat)

    def picture(self) -> Picture:
        pic = picture_of(self.state)
        pic.pads[self.seat] = self.start + (self.target - self.start) * ease(self.progress)
        pic.active, pic.on_pad = self.seat, self.disc
        return pic


class PullBack(Anim):
    """A bot pulls its disc back: the pull grows (the inverse of a human's pull
    mapping), so the aim line grows to the shot's stop point as a person's would."""

    def __init__(self, state: PlanepitaState, seat: int, disc: Disc, flick: Flick, duration: float) -> None:
        super().__init__(duration)
        self.state, self.seat, self.disc, self.flick = state, seat, disc, flick

    def picture(self) -> Picture:
        pic = picture_of(self.state)
        pic.pads[self.seat] = self.flick.pad
        pic.active, pic.on_pad = self.seat, self.disc
        p = pp_rules.params_of(self.state)
        board = default_board()
        vmax = p.launch.max_speed
        length = pull_length(self.flick.speed, vmax, board, p) * ease(self.progress)
        speed = self.flick.speed if self.progress >= 1.0 else min(self.flick.speed, pull_speed(length, vmax, board, p))
        pic.aim = (self.flick.angle, speed)
        return pic


class ShotAnim(Anim):
    """The trajectory, frame by frame, with clacks and discs falling off.
    ``speed`` is the animation speed (2: twice as fast as real time)."""

    def __init__(self, state: PlanepitaState, seat: int, flick: Flick, traj: Trajectory,
                 discs: dict[int, Disc], speed: float) -> None:
        super().__init__(traj.duration / speed + FALL_TIME / speed)
        self.state, self.seat, self.flick, self.traj = state, seat, flick, traj
        self.speed = speed
        self.discs = discs
        self.hits = sorted((e for e in traj.events if e.kind is EventKind.HIT), key=lambda e: e.t)
        self.next_hit = 0
        frames = traj.frames
        #: the last frame each body was seen (len(frames) if never lost)
        alive = ~np.isnan(frames[:, :, 0])
        self.last_seen = [
            int(np.flatnonzero(alive[:, i])[-1]) if alive[:, i].any() else -1 for i in range(len(traj.ids))
        ]
        self.whooshed: set[int] = set()

    def sim_time(self) -> float:
        """Seconds of the trajectory shown so far."""
        return self.t * self.speed

    def update(self, dt: float, sound: Sound) -> None:
        super().update(dt, sound)
        now = self.sim_time()
        while self.next_hit < len(self.hits) and self.hits[self.next_hit].t <= now:
            e = self.hits[self.next_hit]
            self.next_hit += 1
            sound.play("clack", max(0.08, min(1.0, e.impulse / CLACK_FULL)))
        f = self.frame_index()
        for i, last in enumerate(self.last_seen):
            if 0 <= last < f and last < len(self.traj.frames) - 1 and i not in self.whooshed:
                self.whooshed.add(i)
                sound.play("whoosh", 0.35)

    def frame_index(self) -> int:
        return min(len(self.traj.frames) - 1, int(self.sim_time() * self.traj.fps))

    def picture(self) -> Picture:
        pic = picture_of(self.state)
        pic.pads[self.seat] = self.flick.pad
        pic.active = self.seat
        pic.pending = None
        pic.discs = []
        pic.jammer = None
        f = self.frame_index()
        frames = self.traj.frames
        fps = self.traj.fps
        now = self.sim_time()
        for i, ident in enumerate(self.traj.ids):
            x, y, a = frames[f, i]
            if not math.isnan(x):
                if ident == JAMMER:
                    pic.jammer = (float(x), float(y))
                elif ident in self.discs:
                    pic.discs.append((self.discs[ident], float(x), float(y), float(a)))
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
                    pic.falling.append((d, float(lx), float(ly), p))
        return pic


class RoundEnd(Anim):
    """The jammer sweeps its area, each area's power shows, tokens fly."""

    SWEEP, POWER, TOKENS = 1.0, 2.2, 1.1

    def __init__(self, state: PlanepitaState, layout: Layout, result: RoundResult, speed: float) -> None:
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

    def picture(self) -> Picture:
        pic = picture_of(self.state, self.layout)
        pic.active = None
        pic.pending = None
        stage, p = self.stage()
        if self.result.jammer is not None:
            pic.jammer = self.result.jammer
        if stage == 0:
            pic.discs = [d for d in pic.discs if d[0].id not in self.swept or p < 0.35]
            if p >= 0.35:
                fall = (p - 0.35) / 0.65
                pic.falling = [(d, d.x, d.y, fall) for d in self.result.swept]
                if self.result.jammer is not None:
                    pic.falling.append((Disc(JAMMER, -1), *self.result.jammer, fall))
                    pic.jammer = None
        else:
            pic.discs = [d for d in pic.discs if d[0].id not in self.swept]
            pic.jammer = None
        return pic
