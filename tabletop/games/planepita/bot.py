"""Bots for Planepita: easy (a sensible aim, shaky hands), medium (a small
physics search) and hard (a wider search that looks closer at its best hits,
an evaluation with the risks measured in play, a check of its best shots
against its own hand's errors, and a look at the next opponent's reply
before it flips).

Every level has a stated execution spread (:data:`SPREADS`): the flick it
chose is played with a normal error of that many degrees of aim and that
fraction of speed, drawn from the bot's own generator, as a person's hand
strays. The spreads grade the ladder (``tools/bench.py``'s "free shot"
section measures how often each level lands in the 5-pt area with nothing in
its way) and the setup screen shows them (:func:`level_notes`).

Every bot is a function of its view and owns its randomness
(``rng.make(seed, "planepita-bot", seat, level)``); nothing here touches the
module-level ``random``. Candidate shots are tried with ``physics.simulate``
on the view's layout, the launch built the way ``rules.shot`` builds it (a
test holds the two equal), except a shot whose disc slides straight to a
stop on the planet clear of every piece: that one the slide law answers as
the simulator would (:func:`free_slide`), and it costs no simulation. A
level is its simulation cap (``timed=False`` keeps it alone, and a decision
is then fully deterministic for a seed); its seconds are a safety cap that
ends a search only on a slow or busy machine (``clock_cut`` says when).

:func:`evaluate` scores a layout for one seat as the points it expects from
the three areas. Each owner's power per area (face up 2, face down 1, Last
Player disc 1, Double disc 4) is weighted by each disc's chance to survive
the launches still to come from other teams: face-up discs in the jammer's
area are swept, face-up discs near the rim are easy to knock off, face-up
discs in an area the jammer could be pushed into may be swept, face-down
discs hardly move. The medium bot keeps simple constants for these risks;
the hard bot weighs the rates measured in play (:class:`Risk`), which are
far higher for a face-up disc. The margin over the strongest other owner becomes a chance
to win the area, sharper as the round runs out and exact after its last
launch, times the tokens in the area's slot. Teammates' points count as the
bot's own; opponents' points count against it; 3P discs (2 players) only
block.
"""

from __future__ import annotations

import functools
import math
import threading
import time
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, replace
from random import Random  # the type only: generators come from core.rng
from typing import Any, overload

from tabletop.core import rng as rngmod
from tabletop.core.bots import MARGIN_UNIT, Assessment
from tabletop.core.words import seat_ref
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as rules_mod
from tabletop.games.planepita.aim import aim_at, aim_direction, slide_speed
from tabletop.games.planepita.board import Board, PadPose
from tabletop.games.planepita.model import (
    DOUBLE,
    LAST,
    THIRD_PARTY,
    Disc,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Layout,
    Phase,
    PlaceJammer,
    PlanepitaState,
)
from tabletop.games.planepita.physics import Launch, Trajectory, simulate

RULES = rules_mod.RULES
PARAMS = params_mod.default()
BOARD = Board.from_params(PARAMS)

#: pad positions (0..1 along the stretch) the bots consider
PADS = tuple(i / 12 for i in range(13))
#: chance that a face-up disc in the jammer's area escapes the sweep while launches remain
SWEPT_SURVIVAL = 0.15
#: per hostile launch: chance to lose a face-up disc, extra near the rim, and a face-down disc
KNOCK_UP = 0.10
KNOCK_RIM = 0.25
KNOCK_DOWN = 0.02
#: how far in from the rim (mm) a face-up disc starts to count as exposed
RIM_ZONE = 50.0
#: chance that the jammer is pushed into a face-up disc's area, decaying with the distance
SWEEP_RISK = 0.30
SWEEP_REACH = 90.0
#: a seat launches all its discs anyway: a 3P disc that does as well as an own
#: disc here is spent now, keeping the own disc (which can score) for later
SPEND_3P = 0.25
#: weight of the raw power difference beside the area chances (a tie-breaker)
POWER_WEIGHT = 0.1


@dataclass(frozen=True)
class Risk:
    """The hard bot's measured risks: per launch still to come from another
    team, the chance that a disc is knocked out of its area, and a face-up
    disc's chance to stay in its area through the launches of its own team
    and the jammer's drift. Measured in 12 games of medium bots at 2 players
    and 12 at 6 (a disc's area before each launch against its area at the
    count, fitted as ``base * (1 - knock) ** launches``); between those
    counts the knocks are read in proportion to the seats a disc's owner
    plays against (1 at 2 players, 4 at 6)."""

    up: tuple[float, float, float]  # a face-up disc in the 5-, 4- and 3-pt areas
    rim: float  # a face-up disc at the rim (its 3-pt area's knock there)
    down: float  # a face-down disc
    base: tuple[float, float, float]  # a face-up disc staying whatever the others do


#: at a table of medium bots, against one opposing seat (2 players) and
#: against four (6 players)
RISK_FEW = Risk(up=(0.50, 0.37, 0.31), rim=0.43, down=0.01, base=(1.0, 1.0, 1.0))
RISK_MANY = Risk(up=(0.32, 0.28, 0.12), rim=0.14, down=0.01, base=(0.85, 0.80, 1.0))
#: at a table of easy bots (40 games at 2 players, 30 at 6: alike), whose
#: flicks seldom knock a disc away
RISK_CALM = Risk(up=(0.06, 0.03, 0.04), rim=0.02, down=0.005, base=(1.0, 1.0, 1.0))
#: the share of this round's launches that ended in the black hole (a disc
#: flicked off or knocked off), at a table of easy bots and of medium bots
#: (about 0.05-0.10 and 0.35-0.40 at 2 and 6 players): how hard the table
#: hits, read from the view; before the round has shown much, it is taken
#: as VIOLENCE_PRIOR launches at the middle of the two
CALM_LOSSES = 0.08
FIERCE_LOSSES = 0.37
VIOLENCE_PRIOR = 4.0


def violence(state: PlanepitaState) -> float:
    """How hard this round's table hits, 0 (as easy bots do) to 1 (as
    medium bots do): the share of its launches so far that ended in the
    black hole, between :data:`CALM_LOSSES` and :data:`FIERCE_LOSSES`."""
    middle = (CALM_LOSSES + FIERCE_LOSSES) / 2.0
    share = (len(state.black_hole) + middle * VIOLENCE_PRIOR) / (state.turn + VIOLENCE_PRIOR)
    return min(1.0, max(0.0, (share - CALM_LOSSES) / (FIERCE_LOSSES - CALM_LOSSES)))


def blend(a: Risk, b: Risk, t: float) -> Risk:
    """The risks ``t`` of the way from ``a`` to ``b`` (0..1)."""

    def mix(x: float, y: float) -> float:
        return x + (y - x) * t

    def mix3(
        x: tuple[float, float, float], y: tuple[float, float, float]
    ) -> tuple[float, float, float]:
        return (mix(x[0], y[0]), mix(x[1], y[1]), mix(x[2], y[2]))

    return Risk(mix3(a.up, b.up), mix(a.rim, b.rim), mix(a.down, b.down), mix3(a.base, b.base))


def risk_for(opposing: int, fierce: float = 1.0) -> Risk:
    """:class:`Risk` for a disc whose owner plays against ``opposing``
    seats at a table whose :func:`violence` is ``fierce``."""
    hot = blend(RISK_FEW, RISK_MANY, min(1.0, max(0.0, (opposing - 1) / 3.0)))
    return blend(RISK_CALM, hot, fierce)


#: the coach speaks when a move leaves the table this many points worse than
#: the hard bot's choice, as :func:`evaluate` counts them
COACH_THRESHOLD = 1.0


# -- the evaluation --------------------------------------------------------------------


def team_key(state: PlanepitaState, seat: int) -> Hashable:
    """The team ``seat`` plays for (its own seat when there are no teams)."""
    team = rules_mod.team_of(state, seat)
    return ("seat", seat) if team is None else ("team", team)


@dataclass(frozen=True)
class Outlook:
    """Everything :func:`evaluate` needs besides the layout, for one seat at one moment.

    Indexed by owner: the seats, then (2 players with 3P discs) the 3P owner.
    ``weight[o]`` is what owner o's points are worth to the seat (+1 for its
    team, -1/(opposing teams) for an opponent, 0 for the 3P discs);
    ``hostile[o]`` counts the launches still to come from seats that would
    like o's discs gone; ``later`` all launches still to come.
    """

    weight: tuple[float, ...]
    hostile: tuple[float, ...]
    slots: tuple[int, int, int]
    later: int
    #: per owner, the measured risks the hard bot weighs (None: the simple
    #: risks of the module's constants, the medium bot's)
    risks: tuple[Risk, ...] | None = None

    @property
    def final(self) -> bool:
        return self.later == 0


def counts_left(state: PlanepitaState) -> list[int]:
    """Launches each seat still makes this round (own and 3P discs)."""
    return [a + b for a, b in zip(state.left, state.left_3p)]


def make_outlook(
    state: PlanepitaState, seat: int, later: Sequence[int], measured: bool = False
) -> Outlook:
    """The outlook for ``seat`` with ``later[s]`` launches still to come from
    each seat; ``measured``: with the hard bot's :class:`Risk` per owner."""
    players = state.players
    teams = [team_key(state, s) for s in range(players)]
    mine = teams[seat]
    opposing = {t for t in teams if t != mine}
    weight = [1.0 if t == mine else -1.0 / max(1, len(opposing)) for t in teams]
    hostile = [
        float(sum(n for s, n in enumerate(later) if teams[s] != teams[o])) for o in range(players)
    ]
    fierce = violence(state)
    risks = [risk_for(sum(1 for t in teams if t != teams[o]), fierce) for o in range(players)]
    if state.third_party_variant:
        weight.append(0.0)
        hostile.append(sum(later) / 2.0)
        risks.append(risk_for(1, fierce))
    return Outlook(
        tuple(weight),
        tuple(hostile),
        state.slots,
        int(sum(later)),
        tuple(risks) if measured else None,
    )


def _sweep_risk(jammer: tuple[float, float], area: int) -> float:
    """The chance that the jammer ends in ``area`` although it is elsewhere now."""
    lo, hi = BOARD.area_bounds(area, BOARD.jammer_radius)
    d = math.hypot(*jammer)
    move = lo - d if d < lo else d - hi
    return SWEEP_RISK * math.exp(-max(0.0, move) / SWEEP_REACH)


def evaluate(layout: Layout, outlook: Outlook) -> float:
    """The points ``outlook``'s seat expects from ``layout`` (see the module docstring)."""
    board = BOARD
    r = board.disc_radius
    owners = len(outlook.weight)
    power = [[0.0] * owners for _ in range(3)]  # areas 5, 4, 3
    jam_area = (
        board.area_of(layout.jammer[0], layout.jammer[1], board.jammer_radius)
        if layout.jammer
        else None
    )
    final = outlook.final
    sweep = {}
    if layout.jammer is not None and not final:
        sweep = {a: _sweep_risk(layout.jammer, a) for a in (5, 4, 3) if a != jam_area}
    rim_start = board.outer_radius - RIM_ZONE
    risks = outlook.risks
    for d in layout.discs:
        area = board.area_of(d.x, d.y, r)
        if area is None or d.owner >= owners:
            continue
        up = not d.face_down
        if final:
            if up and area == jam_area:
                continue
            survive = 1.0
        elif risks is not None:
            hostile = outlook.hostile[d.owner]
            risk = risks[d.owner]
            if not up:
                survive = (1.0 - risk.down) ** hostile
            elif area == jam_area:
                survive = SWEPT_SURVIVAL
            else:
                knock = risk.up[5 - area]
                if area == 3:
                    rim = min(1.0, max(0.0, (math.hypot(d.x, d.y) + r - rim_start) / RIM_ZONE))
                    knock += (risk.rim - knock) * rim
                survive = risk.base[5 - area] * (1.0 - sweep.get(area, 0.0))
                survive *= (1.0 - knock) ** hostile
        else:
            hostile = outlook.hostile[d.owner]
            survive = 1.0
            if up:
                if area == jam_area:
                    survive = SWEPT_SURVIVAL
                elif hostile:
                    survive = 1.0 - sweep.get(area, 0.0)
                rim = min(1.0, max(0.0, (math.hypot(d.x, d.y) + r - rim_start) / RIM_ZONE))
                knock = KNOCK_UP + KNOCK_RIM * rim
            else:
                knock = KNOCK_DOWN
            if hostile:
                survive *= (1.0 - knock) ** min(hostile, 3.0)
        power[5 - area][d.owner] += rules_mod.power(d) * survive
    temperature = 0.4 + 0.35 * math.sqrt(outlook.later)
    value = 0.0
    weight = outlook.weight
    for i, tokens in enumerate(outlook.slots):
        pw = power[i]
        points = tokens * (5 - i)
        for o in range(owners):
            w = weight[o]
            if not w:
                continue
            best_other = max(pw[k] for k in range(owners) if k != o)
            margin = pw[o] - best_other
            if final:
                win = 1.0 if margin > 1e-9 else 0.0
            else:
                win = 1.0 / (1.0 + math.exp(-(margin - 0.5) / temperature))
            value += w * points * win
            value += w * POWER_WEIGHT * pw[o]
    return value


# -- geometry ------------------------------------------------------------------------------


@functools.lru_cache(maxsize=256)
def pad_pose(players: int, seat: int, pad: float) -> PadPose:
    return BOARD.pad_pose(players, seat, pad)


def aim(players: int, seat: int, pad: float, target: tuple[float, float]) -> tuple[float, float]:
    """(aim angle in degrees, positive counter-clockwise from straight in; distance in mm)
    from the disc's start on the pad at ``pad`` to ``target``."""
    return aim_at(pad_pose(players, seat, pad), target)


def stop_speed(distance: float, params: params_mod.Params = PARAMS) -> float:
    """The launch speed at which a face-up disc slides ``distance`` mm and stops
    (1.5 mm short, so it does not overshoot; at least 1 mm) under ``params``
    (the game's own physics, ``rules.params_of(state)``)."""
    return slide_speed(max(1.0, distance - 1.5), params)


def pads_for(
    players: int, seat: int, spec: FlickSpec, target: tuple[float, float]
) -> list[tuple[float, float, float]]:
    """(pad, angle, distance) for every considered pad position from which
    ``target`` lies within the usable aim, best aligned first."""
    lo, hi = spec.pad
    amin, amax = spec.angle
    out = []
    for pos in PADS:
        pad = lo + pos * (hi - lo)
        angle, dist = aim(players, seat, pad, target)
        if amin <= angle <= amax:
            out.append((pad, angle, dist))
    out.sort(key=lambda t: abs(t[1]))
    return out


def spread(
    options: Sequence[tuple[float, float, float]], n: int
) -> list[tuple[float, float, float]]:
    """Up to ``n`` of ``options``: the best aligned, then ones far from it along the stretch."""
    if n <= 0 or not options:
        return []
    chosen = [options[0]]
    rest = sorted(options[1:], key=lambda t: t[0])
    while len(chosen) < n and rest:
        far = max(rest, key=lambda t: min(abs(t[0] - c[0]) for c in chosen))
        if min(abs(far[0] - c[0]) for c in chosen) < 0.15:
            break
        chosen.append(far)
        rest.remove(far)
    return chosen


def _ring(radius: float, count: int, phase: float = 0.0) -> list[tuple[float, float]]:
    if radius == 0:
        return [(0.0, 0.0)]
    return [
        (
            radius * math.cos(2 * math.pi * (k + phase) / count),
            radius * math.sin(2 * math.pi * (k + phase) / count),
        )
        for k in range(count)
    ]


#: the hand's errors a robust candidate is re-tried with, in standard deviations
#: of (aim, speed): the first two err in opposite ways, the next two alike
ROBUST_ERRORS = ((1.0, -1.0), (-1.0, 1.0), (1.0, 1.0), (-1.0, -1.0))
#: a robust candidate's score: this share its plan's, the rest the mean of
#: the plan's and the errors' (the hand hardly ever plays the plan itself)
ROBUST_PLAN = 0.2

#: the share of a robust level's simulations its search may use; the rest
#: re-try the best candidates with the hand's errors
ROBUST_SHARE = 0.8

#: how far (mm) the search's jammer shots mean to push the jammer
JAMMER_TRAVELS = (130.0, 420.0, 70.0, 200.0)

#: where the bots try to put a disc: rings inside each area, clear of the white lines
SPOTS: tuple[tuple[float, float], ...] = tuple(
    [
        *_ring(0, 1),
        *_ring(35, 8),
        *_ring(62, 12, 0.5),
        *_ring(105, 16),
        *_ring(138, 16, 0.5),
        *_ring(190, 16),
        *_ring(222, 16, 0.5),
    ]
)


def free_spot(layout: Layout, x: float, y: float, radius: float, margin: float) -> bool:
    """True when a piece of ``radius`` at (x, y) overlaps no disc (and not the jammer)."""
    r = BOARD.disc_radius
    for d in layout.discs:
        if math.hypot(d.x - x, d.y - y) < r + radius + margin:
            return False
    if layout.jammer is not None:
        if (
            math.hypot(layout.jammer[0] - x, layout.jammer[1] - y)
            < BOARD.jammer_radius + radius + margin
        ):
            return False
    return True


def jammer_spots(layout: Layout, area: int) -> list[tuple[float, float]]:
    """Legal-looking places for the jammer in ``area`` (overlapping no disc), a grid."""
    rj = BOARD.jammer_radius
    lo, hi = BOARD.area_bounds(area, rj)
    out = []
    radii = (
        [lo + (hi - lo) * f for f in (0.0, 0.25, 0.5, 0.75, 0.95)]
        if area != 5
        else [0.0, 0.25 * hi, 0.5 * hi, 0.75 * hi, 0.95 * hi]
    )
    free = replace(layout, jammer=None)
    for rad in radii:
        count = max(1, round(2 * math.pi * rad / 30.0))
        for x, y in _ring(rad, count, 0.25):
            if BOARD.area_of(x, y, rj) == area and free_spot(free, x, y, rj, 1.0):
                out.append((x, y))
    return out


# -- shots -----------------------------------------------------------------------------


def launch_of(state: PlanepitaState, flick: Flick) -> Launch:
    """The physics launch a flick from ``state`` makes, built as ``rules.shot``
    builds it. The bots simulate it themselves rather than through
    ``rules.shot``, so that hundreds of trial shots do not crowd the shots
    played on the table out of its memo."""
    return Launch(
        seat=rules_mod.launcher(state),
        disc=rules_mod.launched_disc(state, flick),
        pad=float(flick.pad),
        angle=float(flick.angle),
        speed=float(flick.speed),
    )


def run_shot(state: PlanepitaState, flick: Flick) -> Trajectory:
    """The flick's trajectory. Nothing is caught here: a simulator that fails
    on a trial shot is a bug to see (the session plays a random legal move
    for a bot that fails, and says so in the game log)."""
    return simulate(state.layout, launch_of(state, flick), rules_mod.params_of(state))


#: how far (mm) a free slide's disc must pass from every piece for
#: :func:`free_slide` to answer without the physics
CLEARANCE = 2.0


def slide_travel(speed: float, params: params_mod.Params) -> float:
    """How far (mm) the physics moves a face-up disc launched at ``speed``
    before it stops, touching nothing: the slide law v^2/(2 mu g) as the
    simulator's constant steps integrate it. Each step moves a piece at the
    speed it had, then friction takes mu*g*dt off that speed, until it is
    gone: the sum of those steps, about half a step's travel longer than the
    law (``tests/planepita/test_bot.py`` holds it to the simulator within
    0.01 mm)."""
    dt = 1.0 / params.sim.hz
    dv = params.friction.mu_face_up * params.friction.g * dt
    n = max(0, math.ceil(speed / dv) - 1)
    return ((n + 1) * speed - dv * n * (n + 1) / 2.0) * dt


def free_slide(state: PlanepitaState, flick: Flick) -> Layout | None:
    """The table after ``flick`` when its disc slides straight to a stop
    wholly on the planet and passes every piece with :data:`CLEARANCE` to
    spare: the simulator's answer without running it (nothing else moves, a
    flick gives no spin, and the launched disc never meets its own pad).
    None when anything could be touched or the disc could stop near the rim
    or off the planet: then only the physics can tell."""
    params = rules_mod.params_of(state)
    launch = launch_of(state, flick)
    layout = state.layout
    pose = board_of(params).pad_pose(layout.players, launch.seat, launch.pad)
    ux, uy = aim_direction(pose, launch.angle)
    sx, sy = pose.start
    travel = slide_travel(launch.speed, params)
    ex, ey = sx + ux * travel, sy + uy * travel
    rd = params.disc.radius
    if math.hypot(ex, ey) + rd > params.board.planet_radius:
        return None
    reach = rd + CLEARANCE
    for d in layout.discs:
        t = min(travel, max(0.0, (d.x - sx) * ux + (d.y - sy) * uy))
        if math.hypot(d.x - sx - ux * t, d.y - sy - uy * t) < reach + rd:
            return None
    if layout.jammer is not None:
        jx, jy = layout.jammer
        t = min(travel, max(0.0, (jx - sx) * ux + (jy - sy) * uy))
        if math.hypot(jx - sx - ux * t, jy - sy - uy * t) < reach + params.jammer.radius:
            return None
    disc = replace(launch.disc, x=ex, y=ey)
    pads = tuple(
        launch.pad if s == launch.seat else layout.pad_of(s) for s in range(layout.players)
    )
    return Layout(layout.players, (*layout.discs, disc), layout.jammer, pads)


@functools.lru_cache(maxsize=16)
def board_of(params: params_mod.Params) -> Board:
    return Board.from_params(params)


def clamp_flick(spec: FlickSpec, pad: float, angle: float, speed: float, **extra: Any) -> Flick:
    """A Flick inside ``spec``'s ranges (speed's low end is exclusive)."""
    pad = min(spec.pad[1], max(spec.pad[0], pad))
    angle = min(spec.angle[1], max(spec.angle[0], angle))
    lo, hi = spec.speed
    speed = min(hi, max(lo + max(1.0, 1e-3 * hi), speed))
    return Flick(round(pad, 4), round(angle, 3), round(speed, 1), **extra)


# -- the search ------------------------------------------------------------------------


@dataclass(frozen=True)
class Spread:
    """How far a bot's hand strays from the flick it chose: the standard
    deviations of a normal error on the aim (degrees) and on the speed (a
    fraction of it)."""

    aim: float
    speed: float

    def words(self) -> str:
        return f"about {self.aim:g}° of aim and {self.speed:.0%} of speed"


#: each level's execution spread (tools/bench.py "free shot" measures what it gives)
SPREADS: dict[str, Spread] = {
    "easy": Spread(6.0, 0.30),
    "medium": Spread(4.0, 0.19),
    "hard": Spread(3.0, 0.11),
}
#: what each level does before its hand strays, for the setup screen
PLANS: dict[str, str] = {
    "easy": "Aims at an open spot, often the centre, without trying shots first, "
    "and flips now and then.",
    "medium": "Tries up to 28 shots (open spots, hits on the three discs it most wants "
    "gone, jammer pushes) and plays the one that leaves it the most points, "
    "by a rough sense of what later launches will knock away.",
    "hard": "Tries over a hundred shots, angled hits too, and looks closer at the best "
    "hits; weighs how often the launches still to come really knock a disc away, "
    "re-tries its best five shots with its own hand's errors, and looks at the next "
    "player's best reply before it flips.",
}


def level_notes() -> dict[str, str]:
    """Each level in words for the setup screen: its plan and its spread."""
    return {
        level: f"{PLANS[level]} Its hand strays by {spread.words()} (one standard deviation)."
        for level, spread in SPREADS.items()
    }


@dataclass(frozen=True)
class Level:
    """How hard a search bot tries."""

    name: str
    spread: Spread  # the execution error of the flick it plays
    targets: int  # placement spots simulated
    target_pads: int  # pad positions tried per spot
    hit_targets: int  # other owners' discs aimed at
    hit_offsets: tuple[float, ...]  # impact parameter, as a fraction of the contact distance
    hit_speeds: tuple[float, ...]  # speed at contact, mm/s (capped at the top speed)
    hit_pads: int
    jammer_shots: int  # shots at the jammer, at most
    max_sims: int  # simulations per decision, at most
    budget: float | None  # seconds per decision (None: only the cap)
    robust: int  # best candidates re-tried with small errors
    reply_sims: int  # flip: simulations of the next opponent's reply per option (0: static)
    refine: int = 1000  # hit and jammer groups whose every variant is tried (the best first)
    robust_errors: int = 2  # hand errors each robust candidate is re-tried with (ROBUST_ERRORS)
    measured: bool = False  # weighs the measured risks (Risk), not the simple constants


MEDIUM = Level(
    "medium",
    SPREADS["medium"],
    targets=6,
    target_pads=2,
    hit_targets=3,
    hit_offsets=(0.0,),
    hit_speeds=(1200.0, 3000.0),
    hit_pads=2,
    jammer_shots=4,
    max_sims=40,
    budget=0.5,
    robust=0,
    reply_sims=0,
)
HARD = Level(
    "hard",
    SPREADS["hard"],
    targets=18,
    target_pads=2,
    hit_targets=8,
    hit_offsets=(0.0, -0.45, 0.45),
    hit_speeds=(1800.0, 3000.0, 900.0),
    hit_pads=3,
    jammer_shots=18,
    max_sims=100,
    # seconds: a safety cap, not the level (the level is its simulations):
    # a decision takes about 0.1-0.4 s of a core, and one busy process
    # beside it rarely makes it reach these (tools/bench.py "bots" and "clock")
    budget=0.8,
    robust=5,
    reply_sims=40,
    refine=6,
    robust_errors=4,
    measured=True,
)


@dataclass
class Candidate:
    flick: Flick
    kind: str  # "place", "hit" or "jammer"
    score: float = -math.inf
    third_party: bool = False
    double: bool = False
    layout: Layout | None = None  # what the table looks like after it, with the bot's choices made


class Clock:
    """A simulation cap and an optional deadline in seconds, read from ``now``
    (``time.perf_counter`` unless a test gives its own).

    :attr:`stopped` once the deadline or a cancel refused a simulation (the
    search then ends); :attr:`cut` once the deadline did, on this clock or
    on a :meth:`share` of it: the decision ended because of its seconds,
    not its cap (``SearchBot.clock_cut``)."""

    def __init__(
        self,
        cap: int,
        budget: float | None,
        cancel: threading.Event | None = None,
        now: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.cap = cap
        self.used = 0
        self.now = now
        self.deadline = None if budget is None else now() + budget
        self.cancel = cancel
        self.stopped = False
        self.cut = False
        self._parent: Clock | None = None

    def share(self, fraction: float) -> Clock:
        """A clock for part of what is left."""
        sub = Clock(max(1, int((self.cap - self.used) * fraction)), None, self.cancel, self.now)
        sub._parent = self
        if self.deadline is not None:
            now = self.now()
            sub.deadline = now + max(0.0, self.deadline - now) * fraction
        return sub

    def spend(self) -> bool:
        """Take one simulation if the cap and the deadline allow it."""
        if self.used >= self.cap or self.stopped:
            return False
        if self.used and self.cancel is not None and self.cancel.is_set():
            self.stopped = True
            return False
        if self.deadline is not None and self.used and self.now() >= self.deadline:
            self.stopped = True
            clock: Clock | None = self
            while clock is not None:
                clock.cut = True
                clock = clock._parent
            return False
        self.used += 1
        return True


class Planner:
    """Scores the shots, flips and jammer placements of ``seat`` in one state."""

    def __init__(self, state: PlanepitaState, seat: int, measured: bool = False) -> None:
        self.state = state
        self.seat = seat
        self.players = state.players
        #: weigh the measured risks (:class:`Risk`), as the hard bot does
        self.measured = measured

    # -- scoring a layout once the shot is done -----------------------------------------
    def with_choices(
        self,
        layout: Layout,
        disc_id: int,
        outlook: Outlook,
        variants: Sequence[tuple[bool, bool]],
        last: bool,
    ) -> tuple[float, bool, bool, Layout]:
        """The best (value, third_party, double, layout) over the launch variants
        and the flip that follows, for a layout after the disc ``disc_id`` was launched."""
        if layout.jammer is None:
            spots = jammer_spots(layout, rules_mod.jammer_area(layout))
            best: tuple[float, bool, bool, Layout] | None = None
            for x, y in spots[:: max(1, len(spots) // 12)]:
                got = self.with_choices(
                    replace(layout, jammer=(x, y)), disc_id, outlook, variants, last
                )
                if best is None or got[0] > best[0]:
                    best = got
            if best is not None:
                return best
            return (evaluate(layout, outlook), variants[0][0], variants[0][1], layout)
        index = next((i for i, d in enumerate(layout.discs) if d.id == disc_id), None)
        if index is None:  # the disc went to the black hole: the variant does not matter
            return (evaluate(layout, outlook), variants[0][0], variants[0][1], layout)
        disc = layout.discs[index]
        jam_area = BOARD.area_of(layout.jammer[0], layout.jammer[1], BOARD.jammer_radius)
        area = BOARD.area_of(disc.x, disc.y, BOARD.disc_radius)
        best = None
        both = len({tp for tp, _ in variants}) == 2
        for third_party, double in variants:
            owner = THIRD_PARTY if third_party else self.seat
            bonus = SPEND_3P if third_party and both else 0.0
            tokens = (LAST,) if last else (DOUBLE,) if double else ()
            options = [replace(disc, owner=owner, tokens=tokens)]
            if not last and not double and area is not None and area != jam_area:
                options.append(replace(options[0], face_down=True))
            for option in options:
                discs = layout.discs[:index] + (option,) + layout.discs[index + 1 :]
                trial = replace(layout, discs=discs)
                value = evaluate(trial, outlook) + bonus
                if best is None or value > best[0]:
                    best = (value, third_party, double, trial)
        assert best is not None
        return best

    # -- candidate shots --------------------------------------------------------------------
    def candidates(
        self,
        spec: FlickSpec,
        level: Level,
        outlook: Outlook,
        variants: Sequence[tuple[bool, bool]],
        last: bool,
    ) -> list[list[Candidate]]:
        """Placements, hits and jammer shots in groups, most promising first,
        interleaved: a placement is a group of one; a hit or a jammer shot
        from one pad position is a group of its variants (impact offsets and
        speeds), the plainest first (head-on, at the level's first speed),
        which stands for its group until the search refines the best groups."""
        state, seat, players = self.state, self.seat, self.players
        layout = state.layout
        p = rules_mod.params_of(state)  # the game's physics, the player's physics.toml included
        r = BOARD.disc_radius
        disc_id = state.next_id
        # placements: every free spot scored as if the disc stopped there
        ghosts = []
        for x, y in SPOTS:
            if not free_spot(layout, x, y, r, 2.0):
                continue
            ghost = replace(layout, discs=(*layout.discs, Disc(disc_id, seat, x, y)))
            ghosts.append((self.with_choices(ghost, disc_id, outlook, variants, last)[0], (x, y)))
        ghosts.sort(key=lambda g: -g[0])
        place: list[list[Candidate]] = []
        for _, target in ghosts:
            if len(place) >= level.targets * level.target_pads:
                break
            for pad, angle, dist in spread(
                pads_for(players, seat, spec, target), level.target_pads
            ):
                place.append(
                    [Candidate(clamp_flick(spec, pad, angle, stop_speed(dist, p)), "place")]
                )
        # hits: other owners' discs, the most valuable to remove first
        mine = outlook.weight[seat]
        gains = []
        for i, d in enumerate(layout.discs):
            if d.owner < len(outlook.weight) and outlook.weight[d.owner] == mine:
                continue
            without = replace(layout, discs=layout.discs[:i] + layout.discs[i + 1 :])
            gains.append((evaluate(without, outlook), i, (d.x, d.y), r))
        gains.sort(key=lambda g: -g[0])
        hit: list[list[Candidate]] = []
        for _, _, target, radius in gains[: level.hit_targets]:
            hit += self._shots_at(
                spec, level, target, radius, level.hit_speeds, level.hit_pads, "hit"
            )
        # the jammer: push it a little, further, or off the board
        jam: list[list[Candidate]] = []
        if layout.jammer is not None:
            rj = BOARD.jammer_radius
            e = p.restitution.disc_jammer
            md, mj = p.disc.mass, p.jammer.mass
            speeds = []
            for travel in JAMMER_TRAVELS:
                vj = slide_speed(travel, p, mu=p.friction.mu_jammer)
                speeds.append(vj * (md + mj) / ((1 + e) * md))
            room = level.jammer_shots
            for group in self._shots_at(spec, level, layout.jammer, rj, tuple(speeds), 2, "jammer"):
                if room > 0:
                    jam.append(group[:room])
                    room -= len(jam[-1])
        out = []
        for k in range(max(len(place), len(hit), len(jam))):
            for kind in (place, hit, jam):
                if k < len(kind):
                    out.append(kind[k])
        return out

    def _shots_at(
        self,
        spec: FlickSpec,
        level: Level,
        target: tuple[float, float],
        radius: float,
        speeds: Sequence[float],
        pads: int,
        kind: str,
    ) -> list[list[Candidate]]:
        """A group per pad position: shots at the piece of ``radius`` at
        ``target``, at each impact offset (head-on first) and speed at
        contact (in the order given)."""
        out = []
        contact = BOARD.disc_radius + radius
        p = rules_mod.params_of(self.state)
        offsets = sorted(level.hit_offsets, key=abs)
        for pad, angle, dist in spread(pads_for(self.players, self.seat, spec, target), pads):
            group = []
            for offset in offsets:
                b = offset * contact
                shift = math.degrees(math.asin(max(-1.0, min(1.0, b / max(dist, contact)))))
                travel = max(1.0, dist - math.sqrt(max(0.0, contact**2 - b**2)))
                for vc in speeds:
                    speed = slide_speed(travel, p, arrive=vc)
                    group.append(Candidate(clamp_flick(spec, pad, angle + shift, speed), kind))
            out.append(group)
        return out

    # -- the launch decision --------------------------------------------------------------
    def launch_outlook(self) -> tuple[Outlook, bool]:
        """The outlook once this seat's launch is made, and whether it is
        the round's last launch."""
        later = counts_left(self.state)
        later[self.seat] -= 1
        outlook = make_outlook(self.state, self.seat, later, self.measured)
        return outlook, rules_mod.is_last_launch(self.state)

    def flick_value(self, flick: Flick) -> float:
        """What the table after ``flick`` (its own disc, 3P or Double as it
        says) is worth to this seat, the better flip after it taken."""
        outlook, last = self.launch_outlook()
        variants = [(flick.third_party, flick.double)]
        return self._value(flick, outlook, variants, last, self.state.next_id)[0]

    def best_launch(self, spec: FlickSpec, level: Level, clock: Clock) -> Candidate:
        """The shot to play: each group's first shot, then the rest of the
        best groups' (:attr:`Level.refine`), then the best few re-tried with
        the hand's errors (:attr:`Level.robust`). Free slides cost no
        simulation (:func:`free_slide`); a search that reaches its cap goes
        on only with those, and one that reaches its seconds stops."""
        state, seat = self.state, self.seat
        outlook, last = self.launch_outlook()
        variants = launch_variants(spec)
        disc_id = state.next_id
        groups = self.candidates(spec, level, outlook, variants, last)
        if not groups:  # nothing within the usable aim: straight in, to the centre
            _, dist = aim(self.players, seat, (spec.pad[0] + spec.pad[1]) / 2, (0.0, 0.0))
            groups = [
                [
                    Candidate(
                        clamp_flick(
                            spec,
                            (spec.pad[0] + spec.pad[1]) / 2,
                            0.0,
                            stop_speed(dist, rules_mod.params_of(state)),
                        ),
                        "place",
                    )
                ]
            ]
        search = clock.share(ROBUST_SHARE) if level.robust else clock
        tried: list[Candidate] = []

        def attempt(cand: Candidate) -> bool:
            """Score ``cand``; False when the search must stop."""
            got = self._value(cand.flick, outlook, variants, last, disc_id, search)
            if got is not None:
                cand.score, cand.third_party, cand.double, cand.layout = got
                tried.append(cand)
            return not search.stopped

        for group in groups:
            if not attempt(group[0]):
                break
        else:
            ranked = sorted(
                (g for g in groups if len(g) > 1 and g[0] in tried), key=lambda g: -g[0].score
            )
            stop = False
            for group in ranked[: level.refine]:
                for cand in group[1:]:
                    if not attempt(cand):
                        stop = True
                        break
                if stop:
                    break
        clock.used += search.used
        if not tried:
            cand = groups[0][0]
            self._score(cand, outlook, variants, last, disc_id)
            tried.append(cand)
        tried.sort(key=lambda c: -c.score)
        if level.robust and not clock.stopped:
            sd_aim, sd_speed = level.spread.aim, level.spread.speed
            errors = ROBUST_ERRORS[: level.robust_errors]
            for cand in tried[: level.robust]:
                values = [cand.score]
                for ea, es in errors:
                    trial = clamp_flick(
                        spec,
                        cand.flick.pad,
                        cand.flick.angle + ea * sd_aim,
                        cand.flick.speed * (1.0 + es * sd_speed),
                    )
                    value = self._value(trial, outlook, variants, last, disc_id, clock)
                    if value is not None:
                        values.append(value[0])
                cand.score = ROBUST_PLAN * cand.score + (1.0 - ROBUST_PLAN) * sum(values) / len(
                    values
                )
            tried.sort(key=lambda c: -c.score)
        best = tried[0]
        best.flick = replace(best.flick, third_party=best.third_party, double=best.double)
        return best

    @overload
    def _value(
        self,
        flick: Flick,
        outlook: Outlook,
        variants: Sequence[tuple[bool, bool]],
        last: bool,
        disc_id: int,
        clock: None = None,
    ) -> tuple[float, bool, bool, Layout]: ...

    @overload
    def _value(
        self,
        flick: Flick,
        outlook: Outlook,
        variants: Sequence[tuple[bool, bool]],
        last: bool,
        disc_id: int,
        clock: Clock,
    ) -> tuple[float, bool, bool, Layout] | None: ...

    def _value(
        self,
        flick: Flick,
        outlook: Outlook,
        variants: Sequence[tuple[bool, bool]],
        last: bool,
        disc_id: int,
        clock: Clock | None = None,
    ) -> tuple[float, bool, bool, Layout] | None:
        """(value, third_party, double, layout) of the table after ``flick``
        with the bot's choices made: a free slide's without the physics
        (:func:`free_slide`), else one simulation, taken from ``clock`` when
        one is given (None when it allows no more)."""
        final = free_slide(self.state, flick)
        if final is None:
            if clock is not None and not clock.spend():
                return None
            traj = run_shot(self.state, flick)
            if traj.stayed_on_pad:  # handed back (P4): nothing changed, but nothing gained
                return (
                    evaluate(self.state.layout, outlook) - 0.5,
                    variants[0][0],
                    variants[0][1],
                    self.state.layout,
                )
            final = traj.final
        return self.with_choices(final, disc_id, outlook, variants, last)

    def _score(
        self,
        cand: Candidate,
        outlook: Outlook,
        variants: Sequence[tuple[bool, bool]],
        last: bool,
        disc_id: int,
    ) -> None:
        cand.score, cand.third_party, cand.double, cand.layout = self._value(
            cand.flick, outlook, variants, last, disc_id
        )

    # -- flips and the jammer --------------------------------------------------------------
    def after_decision(self) -> Outlook:
        """The outlook once the pending decision (flip, jammer) is made."""
        return make_outlook(self.state, self.seat, counts_left(self.state), self.measured)

    def flip_layout(self, down: bool) -> Layout:
        layout = self.state.layout
        discs = tuple(
            replace(d, face_down=down) if d.id == self.state.pending else d for d in layout.discs
        )
        return replace(layout, discs=discs)

    def jammer_value(self, x: float, y: float) -> float:
        """The layout with the jammer at (x, y), then the better flip if one is allowed."""
        state = self.state
        layout = replace(state.layout, jammer=(x, y))
        outlook = self.after_decision()
        value = evaluate(layout, outlook)
        disc = next((d for d in layout.discs if d.id == state.pending), None)
        if disc is not None and not ({LAST, DOUBLE} & set(disc.tokens)):
            if BOARD.area_of(disc.x, disc.y, BOARD.disc_radius) != BOARD.area_of(
                x, y, BOARD.jammer_radius
            ):
                discs = tuple(
                    replace(d, face_down=True) if d.id == disc.id else d for d in layout.discs
                )
                value = max(value, evaluate(replace(layout, discs=discs), outlook))
        return value


def launch_variants(spec: FlickSpec) -> list[tuple[bool, bool]]:
    """(third_party, double) pairs the spec allows."""
    owners = ([False] if spec.own else []) + ([True] if spec.third_party else [])
    doubles = [False, True] if spec.double else [False]
    return [(tp, db) for tp in owners or [False] for db in doubles]


# -- the bots ---------------------------------------------------------------------------


class PlanepitaBot:
    """The common part: read the phase, answer it, check the answer with the rules."""

    level = "easy"

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng: Random = rngmod.make(seed, "planepita-bot", seat, self.level)
        self._cancel = threading.Event()
        #: the seconds this bot keeps to per decision (None: it never reads the clock)
        self.time_budget: float | None = None
        #: True when the last decision ended because of its seconds, not its
        #: simulation cap (tools/bench.py counts those decisions)
        self.clock_cut = False

    def cancel(self) -> None:
        """Stop a search running on the worker (the game was left)."""
        self._cancel.set()

    def choose(self, view: PlanepitaState) -> Any:
        self._cancel.clear()
        self.clock_cut = False
        legal = RULES.legal_actions(view)
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in this view")
        first = legal[0]
        if isinstance(first, FlickSpec):
            action = self.launch(view, first)
            if RULES.check(view, action) is not None:  # never expected: fall back to a plain shot
                action = self.safe_flick(first)
            return action
        if isinstance(first, JammerSpec):
            return self.place_jammer(view, first)
        if isinstance(first, Flip):
            flips = [a for a in legal if isinstance(a, Flip)]
            if len(flips) == 1:
                return flips[0]
            return Flip(self.flip(view))
        return first

    @staticmethod
    def safe_flick(spec: FlickSpec) -> Flick:
        pad = (spec.pad[0] + spec.pad[1]) / 2
        angle = min(spec.angle[1], max(spec.angle[0], 0.0))
        return clamp_flick(
            spec, pad, angle, 0.5 * (spec.speed[0] + spec.speed[1]), third_party=not spec.own
        )

    def launch(self, view: PlanepitaState, spec: FlickSpec) -> Flick:
        raise NotImplementedError

    def flip(self, view: PlanepitaState) -> bool:
        raise NotImplementedError

    def jammer_order(
        self, view: PlanepitaState, spots: list[tuple[float, float]]
    ) -> list[tuple[float, float]]:
        raise NotImplementedError

    def place_jammer(self, view: PlanepitaState, spec: JammerSpec) -> PlaceJammer:
        spots = jammer_spots(view.layout, spec.area)
        for x, y in self.jammer_order(view, spots):
            action = PlaceJammer(round(x, 2), round(y, 2))
            if RULES.check(view, action) is None:
                return action
        # the coarse grid found nothing the rules accept (a small pocket): the
        # rules' own search, which decided the area, finds the spot
        spot = rules_mod.free_jammer_spot(view.layout, spec.area)
        if spot is None:  # the rules offered this area, so this cannot happen
            raise RuntimeError(f"the rules offer the {spec.area}-pt area but have no spot in it")
        return PlaceJammer(*spot)

    def noisy(self, spec: FlickSpec, flick: Flick, spread: Spread) -> Flick:
        """``flick`` as the bot's hand plays it: a normal error of ``spread``
        on the aim and the speed, from the bot's own generator."""
        angle = flick.angle + self.rng.gauss(0.0, spread.aim)
        speed = flick.speed * (1.0 + self.rng.gauss(0.0, spread.speed))
        return clamp_flick(
            spec,
            flick.pad,
            angle,
            speed,
            third_party=flick.third_party,
            double=flick.double,
        )


class EasyBot(PlanepitaBot):
    """Aims at a good open spot (often the 5-pt area's centre) with the
    shakiest hand (``SPREADS["easy"]``). Flips now and then; puts the jammer
    anywhere legal."""

    level = "easy"
    FLIP_CHANCE = 0.3

    def launch(self, view: PlanepitaState, spec: FlickSpec) -> Flick:
        rng = self.rng
        layout = view.layout
        r = BOARD.disc_radius
        free = [s for s in SPOTS if free_spot(layout, s[0], s[1], r, 2.0)]
        by_area: dict[int, list[tuple[float, float]]] = {5: [], 4: [], 3: []}
        for x, y in free:
            area = BOARD.area_of(x, y, r)
            if area is not None:
                by_area[area].append((x, y))
        roll = rng.random()
        if roll < 0.35:
            target = (
                rng.uniform(-15, 15),
                rng.uniform(-15, 15),
            )  # at the bullseye, whatever is there
        else:
            area = 5 if roll < 0.75 else 4 if roll < 0.95 else 3
            spots = by_area[area] or free or [(0.0, 0.0)]
            target = spots[rng.randrange(len(spots))]
        options = pads_for(view.players, self.seat, spec, target)[:3]
        if options:
            pad, angle, dist = options[rng.randrange(len(options))]
        else:
            pad = rng.uniform(*spec.pad)
            angle, dist = aim(view.players, self.seat, pad, target)
        third_party = spec.third_party and (not spec.own or rng.random() < self._share_3p(view))
        double = spec.double and rng.random() < 0.5
        chosen = clamp_flick(
            spec,
            pad,
            angle,
            stop_speed(dist, rules_mod.params_of(view)),
            third_party=third_party,
            double=double,
        )
        return self.noisy(spec, chosen, SPREADS["easy"])

    def _share_3p(self, view: PlanepitaState) -> float:
        own, other = view.left[self.seat], view.left_3p[self.seat]
        return other / (own + other) if own + other else 0.0

    def flip(self, view: PlanepitaState) -> bool:
        return self.rng.random() < self.FLIP_CHANCE

    def jammer_order(
        self, view: PlanepitaState, spots: list[tuple[float, float]]
    ) -> list[tuple[float, float]]:
        spots = list(spots)
        self.rng.shuffle(spots)
        return spots


class SearchBot(PlanepitaBot):
    """Medium and hard: simulate candidate shots and keep the best by :func:`evaluate`."""

    def __init__(self, seat: int, seed: int, level: Level) -> None:
        self.level = level.name
        super().__init__(seat, seed)
        self.config = level
        self.time_budget = level.budget
        #: where the clocks read the time (a test may give its own)
        self.now: Callable[[], float] = time.perf_counter
        #: what the last decision found, for :meth:`explain`: the launch
        #: planned (before the hand strays) and the value of the table before
        #: it, or each flip's value and whether the reply was looked at
        self.last_launch: tuple[Candidate, float, int] | None = None
        self.last_flip: tuple[dict[bool, float], bool] | None = None

    def launch(self, view: PlanepitaState, spec: FlickSpec) -> Flick:
        cfg = self.config
        clock = Clock(cfg.max_sims, cfg.budget, self._cancel, self.now)
        planner = Planner(view, self.seat, self.config.measured)
        best = planner.best_launch(spec, cfg, clock)
        before = evaluate(view.layout, planner.after_decision())
        self.last_launch = (best, before, clock.used)
        self.clock_cut = clock.cut
        return self.noisy(spec, best.flick, cfg.spread)

    def flip(self, view: PlanepitaState) -> bool:
        planner = Planner(view, self.seat, self.config.measured)
        outlook = planner.after_decision()
        static = {down: evaluate(planner.flip_layout(down), outlook) for down in (False, True)}
        if not self.config.reply_sims:
            self.last_flip = (static, False)
            return static[True] > static[False]
        clock = Clock(2 * self.config.reply_sims, self.config.budget, self._cancel, self.now)
        value = {}
        replied = False
        for i, down in enumerate((False, True)):
            reply = self.reply_value(view, down, clock.share(0.5 if i == 0 else 1.0))
            value[down] = static[down] if reply is None else 0.3 * static[down] + 0.7 * reply
            replied = replied or reply is not None
        self.last_flip = (value, replied)
        self.clock_cut = clock.cut
        return value[True] > value[False]

    def explain(self, view: PlanepitaState, action: Any) -> str:
        """Why ``action``, in one line, from what the last search found: the
        shot it planned (where the disc should come to rest, whose disc it
        knocks from which area, the jammer pushed), the points the evaluation
        expects from the table after it against before, and how many shots it
        tried; for a flip, the two values it weighed; for the jammer, the
        area and the spot's value."""
        if isinstance(action, Flick) and self.last_launch is not None:
            return self._explain_launch(view, action, *self.last_launch)
        if isinstance(action, Flip) and self.last_flip is not None:
            value, replied = self.last_flip
            side = "Turn it face down" if action.down else "Keep it face up"
            why = (
                "face down it holds the board but counts 1"
                if action.down
                else "face up it counts 2 and is worth the risk of being hit"
            )
            after = " after the next player's best reply" if replied else ""
            gain = value[action.down] - value[not action.down]
            if abs(gain) < 0.05:
                return f"{side}: both ways come out about even{after}, and {why}."
            return f"{side}: {why} ({gain:+.1f} points{after} against the other side)."
        if isinstance(action, PlaceJammer):
            area = BOARD.area_of(action.x, action.y, BOARD.jammer_radius)
            worth = Planner(view, self.seat, self.config.measured).jammer_value(action.x, action.y)
            return (
                f"Put the jammer in the {area}-pt area here: of the free spots it "
                f"leaves you best placed (about {worth:+.1f} points)."
            )
        return ""

    def _explain_launch(
        self, view: PlanepitaState, action: Flick, plan: Candidate, before: float, tried: int
    ) -> str:
        layout = plan.layout
        r = BOARD.disc_radius
        disc = "a 3P disc" if plan.third_party else "your disc"
        if plan.double:
            disc += " with your Double"
        what = f"Flick {disc}"
        if layout is not None:
            mine = next((d for d in layout.discs if d.id == view.next_id), None)
            area = BOARD.area_of(mine.x, mine.y, r) if mine is not None else None
            struck = self._struck(view.layout, layout) if plan.kind == "hit" else None
            jam = view.layout.jammer, layout.jammer
            if struck is not None:
                owner, was, now = struck
                whose = "the 3P disc" if owner >= view.players else f"{seat_ref(owner)}'s disc"
                verb = "Knock"
                if owner == self.seat:  # its own disc, pushed on (or a risk it takes)
                    whose, verb = "your own disc", "Push"
                gone = "off the board" if now is None else f"into the {now}-pt area"
                what = f"{verb} {whose} from the {was}-pt area {gone}"
                if area is not None:
                    what += f", {disc} landing in the {area}-pt area"
            elif plan.kind == "jammer" and jam[0] is not None and jam[1] is not None:
                jam_was = BOARD.area_of(*jam[0], BOARD.jammer_radius)
                jam_now = BOARD.area_of(*jam[1], BOARD.jammer_radius)
                if jam_now == jam_was:
                    what = f"Nudge the jammer with {disc}"
                else:
                    where = "off the board" if jam_now is None else f"into the {jam_now}-pt area"
                    what = f"Push the jammer {where} with {disc}"
            elif area is not None:
                what = f"Land {disc} in the {area}-pt area"
        gain = plan.score - before
        return f"{what}: {gain:+.1f} points for you (the best of {tried} shots it tried)."

    @staticmethod
    def _struck(before: Layout, after: Layout) -> tuple[int, int, int | None] | None:
        """(owner, area before, area after or None) of the disc a shot moved
        out of its area, the most valuable area first; None if none did."""
        r = BOARD.disc_radius
        now = {d.id: d for d in after.discs}
        moved = []
        for d in before.discs:
            was = BOARD.area_of(d.x, d.y, r)
            if was is None:
                continue
            there = now.get(d.id)
            area = BOARD.area_of(there.x, there.y, r) if there is not None else None
            if area != was:
                moved.append((was, d.owner, area))
        if not moved:
            return None
        was, owner, area = max(moved, key=lambda m: m[0])
        return owner, was, area

    #: how a value of the evaluation reads, and the loss the coach speaks at
    value_unit = MARGIN_UNIT
    coach_threshold = COACH_THRESHOLD

    def assess(self, view: PlanepitaState, played: Any) -> Assessment:
        """``played`` (legal in ``view``) against the bot's own choice, both
        valued by :func:`evaluate` on the table after them: a flick as the
        physics plays it (the bot's choice as planned, before its hand
        strays), a flip after the next opponent's reply as the bot weighs
        it, a jammer's spot with the better flip after it. Planepita hides
        nothing, so the view is the whole table."""
        self._cancel.clear()
        planner = Planner(view, self.seat, self.config.measured)
        best: Any
        if isinstance(played, Flick):
            spec = next(a for a in RULES.legal_actions(view) if isinstance(a, FlickSpec))
            cfg = self.config
            clock = Clock(cfg.max_sims, cfg.budget, self._cancel, self.now)
            plan = planner.best_launch(spec, cfg, clock)
            self.last_launch = (plan, evaluate(view.layout, planner.after_decision()), clock.used)
            best = plan.flick
            best_value = planner.flick_value(best)
            played_value = best_value if played == best else planner.flick_value(played)
        elif isinstance(played, Flip):
            best = Flip(self.flip(view))
            assert self.last_flip is not None
            value = self.last_flip[0]
            best_value, played_value = value[best.down], value[played.down]
        elif isinstance(played, PlaceJammer):
            area = next(a for a in RULES.legal_actions(view) if isinstance(a, JammerSpec))
            best = self.place_jammer(view, area)
            best_value = planner.jammer_value(best.x, best.y)
            played_value = planner.jammer_value(played.x, played.y)
        else:
            best, best_value, played_value = played, 0.0, 0.0
        return Assessment(
            played,
            best,
            played_value,
            best_value,
            self.value_unit,
            self.coach_threshold,
            self.explain(view, best),
        )

    def reply_value(self, view: PlanepitaState, down: bool, clock: Clock) -> float | None:
        """This seat's evaluation after the next opponent's best reply to the flip
        (None when the next launch is not an opponent's)."""
        try:
            after = RULES.apply(view, Flip(down))
        except ValueError:
            return None
        if RULES.is_over(after) or after.phase is not Phase.LAUNCH or after.round != view.round:
            return None
        mover = RULES.to_move(after)
        if mover is None or team_key(after, mover) == team_key(view, self.seat):
            return None
        specs = [a for a in RULES.legal_actions(after) if isinstance(a, FlickSpec)]
        if not specs:
            return None
        reply_level = replace(
            HARD,
            targets=4,
            hit_targets=4,
            hit_offsets=(0.0, 0.4),
            hit_speeds=(1500.0, 3000.0),
            hit_pads=2,
            jammer_shots=8,
            robust=0,
            refine=3,
        )
        reply = Planner(after, mover, self.config.measured).best_launch(
            specs[0], reply_level, clock
        )
        if reply.layout is None:
            return None
        later = counts_left(after)
        later[mover] -= 1
        return evaluate(reply.layout, make_outlook(after, self.seat, later, self.config.measured))

    def jammer_order(
        self, view: PlanepitaState, spots: list[tuple[float, float]]
    ) -> list[tuple[float, float]]:
        planner = Planner(view, self.seat, self.config.measured)
        return sorted(spots, key=lambda s: -planner.jammer_value(*s))


#: make_bot's default time budget: the level's own
LEVEL_BUDGET = -1.0
#: per level, (simulations, seconds) per decision. The easy bot simulates
#: nothing and never reads the clock: its seconds are a bound tools/bench.py
#: holds it to. The search levels stop at whichever of the two comes first.
BUDGETS: dict[str, tuple[int, float | None]] = {
    "easy": (0, 0.05),
    "medium": (MEDIUM.max_sims, MEDIUM.budget),
    "hard": (HARD.max_sims, HARD.budget),
}


def make_bot(
    level: str,
    seat: int,
    seed: int,
    *,
    timed: bool = True,
    max_sims: int | None = None,
    budget: float | None = LEVEL_BUDGET,
) -> PlanepitaBot:
    """A bot of ``level`` (easy, medium, hard) for ``seat``. ``max_sims`` caps
    the simulations per decision (the level's own by default); ``budget`` is
    its seconds (the level's own by default). ``timed=False``, or
    ``budget=None``, drops the seconds: a decision then depends on the seed
    and the cap alone (tests, golden files, tools)."""
    if level == "easy":
        return EasyBot(seat, seed)
    if level not in ("medium", "hard"):
        raise ValueError(f"unknown bot level {level!r} (levels: easy, medium, hard)")
    config = MEDIUM if level == "medium" else HARD
    if max_sims is not None:
        config = replace(config, max_sims=max_sims, reply_sims=min(config.reply_sims, max_sims))
    if not timed:
        budget = None
    if budget != LEVEL_BUDGET:
        config = replace(config, budget=budget)
    return SearchBot(seat, seed, config)
