"""Planepita's table: the planet seen from above, the launch pads, the boards.

The scene is thin (STYLE.md item 11): a gesture becomes a ``Flick``,
``Flip`` or ``PlaceJammer`` and goes through :meth:`GameScene.act`, which
asks the rules and shows the reason for any refusal. Drawing never changes
the game; what moves on screen is the trajectory the rules computed
(``rules.shot``), played back at real speed.

Geometry: board millimetres (origin at the planet's centre, y up) map to
pixels through :class:`Geometry`, which fits the planet and the pads in a
square of the table and flips y.

Aiming (the active human, launch phase):

- press on your launch pad and drag: the pad follows the mouse along its
  stretch of the rim (its position 0..1);
- ``pull`` mode: press on the disc on the pad, pull back, release. The disc
  flies opposite the pull. The pull's length sets how far the disc would slide
  on an empty board, linearly, up to just past the far rim
  (:data:`PULL_REACH_MM`); the last stretch of the pull (to
  :data:`PULL_FULL_MM`) adds speed up to the top speed, for hard hits. The
  speed follows from the distance (v = sqrt(2*mu*g*d), the physics' own
  slide), and the aim line ends where the disc would stop;
- ``swipe`` mode: press on the disc and swipe forward; the swipe's length over
  its duration sets the speed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np
import pygame

from tabletop.core import rng
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.board import MARK, Board, PadPose, default_board
from tabletop.games.planepita.model import (
    DOUBLE,
    LAST,
    ROUNDS,
    THIRD_PARTY,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Phase,
    PlaceJammer,
    PlanepitaState,
    RoundResult,
)
from tabletop.games.planepita.params import Params
from tabletop.games.planepita.physics import JAMMER, Disc, EventKind, Layout, Trajectory
from tabletop.ui.gamescene import GameScene
from tabletop.ui.theme import Colour, Theme, mix, text_on
from tabletop.ui.widgets import Button, FocusGroup, draw_text, fit_text, wrap_text

#: how far from the planet's centre the table view reaches (pads included), mm
WORLD_R = 364.0
#: a pull this long (board mm) sends the disc to :func:`reach_mm`, just past the far rim;
#: up to it, the pull's length maps linearly to the distance the disc slides
PULL_REACH_MM = 100.0
#: a pull this long (board mm) gives the top speed (past PULL_REACH_MM only the speed grows)
PULL_FULL_MM = 120.0
#: how far past the far rim (disc entirely off) a pull of PULL_REACH_MM sends a disc, mm
REACH_BEYOND_MM = 20.0
#: how far past the rim the aim line goes when the disc would leave the board, mm
OFF_TIP_MM = 14.0
#: a pull or swipe shorter than this (board mm) is no launch at all (speed 0)
DEAD_MM = 3.0
#: swipe speed = swipe length / swipe time * this
SWIPE_GAIN = 1.0
#: a collision with this impulse (g*mm/s) clacks at full volume
CLACK_FULL = 6000.0
#: seconds a disc takes to spiral into the black hole
FALL_TIME = 0.55

#: what the player to move is asked, after their name
PROMPTS: dict[Phase, str] = {
    Phase.LAUNCH: "flick a disc",
    Phase.FLIP: "flip or keep?",
    Phase.PLACE_JAMMER: "place the jammer",
}

SPACE_TOP: Colour = (10, 14, 30)
SPACE_BOTTOM: Colour = (22, 18, 44)
AREA_COLOURS: dict[int, Colour] = {3: (38, 78, 104), 4: (54, 112, 98), 5: (164, 96, 54)}
LINE_WHITE: Colour = (244, 244, 236)
BACK_COLOUR: Colour = (58, 62, 74)
JAMMER_COLOUR: Colour = (30, 30, 36)
HAZARD: Colour = (250, 204, 40)
TOKEN_GOLD: Colour = (236, 190, 70)
HOLE_COLOUR: Colour = (6, 4, 14)
LABEL_BACK: Colour = (14, 16, 24)


# -- geometry ---------------------------------------------------------------------------------


class Geometry:
    """Board millimetres <-> window pixels for a square region of the table."""

    def __init__(self, square: pygame.Rect, board: Board, players: int) -> None:
        self.square = square
        self.board = board
        self.players = players
        self.cx = square.centerx
        self.cy = square.centery
        self.scale = (square.w / 2) / WORLD_R  # pixels per mm

    def to_px(self, x: float, y: float) -> tuple[float, float]:
        return (self.cx + x * self.scale, self.cy - y * self.scale)

    def ipx(self, x: float, y: float) -> tuple[int, int]:
        px, py = self.to_px(x, y)
        return (round(px), round(py))

    def to_mm(self, px: float, py: float) -> tuple[float, float]:
        return ((px - self.cx) / self.scale, (self.cy - py) / self.scale)

    def length(self, mm: float) -> int:
        return max(1, round(mm * self.scale))

    @property
    def planet_rect(self) -> pygame.Rect:
        r = self.board.outer_radius * self.scale
        return pygame.Rect(round(self.cx - r), round(self.cy - r), round(2 * r), round(2 * r))

    def pose(self, seat: int, pos: float) -> PadPose:
        return self.board.pad_pose(self.players, seat, min(1.0, max(0.0, pos)))

    def pad_position_at(self, seat: int, px: float, py: float) -> float:
        """The pad position (0..1) along ``seat``'s stretch nearest the mouse."""
        x, y = self.to_mm(px, py)
        lo, hi = self.board.stretch_arc(self.players, seat)
        mid = (lo + hi) / 2
        a = math.degrees(math.atan2(y, x))
        a = (a - mid + 180.0) % 360.0 - 180.0 + mid  # into [mid - 180, mid + 180)
        return min(1.0, max(0.0, (a - lo) / (hi - lo)))

    def pad_polygon(self, pose: PadPose) -> list[tuple[float, float]]:
        return [self.to_px(*c) for c in pose.corners()]

    def on_pad(self, pose: PadPose, px: float, py: float) -> bool:
        forward, side = pose.local(*self.to_mm(px, py))
        return -2.0 <= forward <= pose.depth + 2.0 and abs(side) <= pose.width / 2 + 2.0

    def on_disc(self, pose: PadPose, px: float, py: float) -> bool:
        x, y = self.to_mm(px, py)
        grab = max(self.board.disc_radius * 1.4, 10.0 / self.scale)
        return math.dist((x, y), pose.start) <= grab


def aim_from(pose: PadPose, dx: float, dy: float, max_angle: float) -> float:
    """The aim angle (degrees from straight in, positive counter-clockwise)
    of a launch in the board direction (dx, dy), clamped to ±max_angle."""
    ix, iy = pose.inward
    if dx == 0 and dy == 0:
        return 0.0
    a = math.degrees(math.atan2(ix * dy - iy * dx, ix * dx + iy * dy))
    return max(-max_angle, min(max_angle, a))


def aim_direction(pose: PadPose, angle: float) -> tuple[float, float]:
    a = math.radians(angle)
    ix, iy = pose.inward
    return (ix * math.cos(a) - iy * math.sin(a), ix * math.sin(a) + iy * math.cos(a))


def slide_distance(speed: float, params: Params | None = None) -> float:
    """How far a face-up disc launched at ``speed`` slides on an empty board, mm:
    v^2 / (2 mu g), the physics' Coulomb friction."""
    p = params if params is not None else params_mod.default()
    return speed * speed / (2.0 * p.friction.mu_face_up * p.friction.g)


def slide_speed(distance: float, params: Params | None = None) -> float:
    """The launch speed that slides ``distance`` mm on an empty board."""
    p = params if params is not None else params_mod.default()
    return math.sqrt(2.0 * p.friction.mu_face_up * p.friction.g * max(0.0, distance))


def reach_mm(board: Board) -> float:
    """From a disc on a pad straight across the planet to just past the far rim, mm."""
    start = board.outer_radius + board.pad_gap + board.pad_depth * board.pad_start
    return start + board.outer_radius + board.disc_radius + REACH_BEYOND_MM


def pull_speed(length: float, max_speed: float, board: Board, params: Params | None = None) -> float:
    """The launch speed of a pull ``length`` mm long (0 below DEAD_MM).

    Up to PULL_REACH_MM the pull sets the slide distance linearly (0 .. reach_mm);
    from there to PULL_FULL_MM the speed rises linearly to ``max_speed``.
    Monotonic; never above ``max_speed``."""
    if length < DEAD_MM:
        return 0.0
    reach = reach_mm(board)
    if length <= PULL_REACH_MM:
        return min(max_speed, slide_speed(length / PULL_REACH_MM * reach, params))
    v_reach = min(max_speed, slide_speed(reach, params))
    f = min(1.0, (length - PULL_REACH_MM) / (PULL_FULL_MM - PULL_REACH_MM))
    return v_reach + (max_speed - v_reach) * f


def pull_length(speed: float, max_speed: float, board: Board, params: Params | None = None) -> float:
    """The pull, mm, that gives ``speed``: the inverse of :func:`pull_speed`
    (used to show a bot's pull back)."""
    if speed <= 0:
        return 0.0
    reach = reach_mm(board)
    v_reach = min(max_speed, slide_speed(reach, params))
    if speed <= v_reach or max_speed <= v_reach:
        return max(DEAD_MM, min(PULL_REACH_MM, slide_distance(speed, params) / reach * PULL_REACH_MM))
    f = (min(speed, max_speed) - v_reach) / (max_speed - v_reach)
    return PULL_REACH_MM + f * (PULL_FULL_MM - PULL_REACH_MM)


def pull_flick(
    pose: PadPose, mouse_mm: tuple[float, float], max_speed: float, max_angle: float,
    board: Board | None = None, params: Params | None = None,
) -> tuple[float, float]:
    """(angle, speed) of a pull from the disc's centre back to ``mouse_mm``;
    the speed is whole mm/s, as the Flick carries it."""
    dx, dy = pose.start[0] - mouse_mm[0], pose.start[1] - mouse_mm[1]
    length = math.hypot(dx, dy)
    if length < DEAD_MM:
        return 0.0, 0.0
    speed = pull_speed(length, max_speed, board if board is not None else default_board(), params)
    return aim_from(pose, dx, dy, max_angle), float(min(max_speed, round(speed)))


@dataclass(frozen=True)
class AimPrediction:
    """Where a launch goes on an empty board, in mm along the aim from the disc's start."""

    stop: float  # where the disc would come to rest
    exit: float | None  # where it would be entirely off the board (None: it stops first)
    short: bool  # it stops before reaching the board (it stays on its pad)


def predict(board: Board, pose: PadPose, angle: float, speed: float, params: Params | None = None) -> AimPrediction:
    """The straight slide of a launch on an empty board (no walls, no other pieces)."""
    stop = slide_distance(speed, params)
    ux, uy = aim_direction(pose, angle)
    sx, sy = pose.start
    off_r = board.outer_radius + board.disc_radius  # beyond this the disc is off (Board.on_board)
    b = sx * ux + sy * uy
    c = sx * sx + sy * sy - off_r * off_r
    disc = b * b - c
    if disc < 0:  # the aim passes the planet by
        if stop <= board.pad_depth * board.pad_start:
            return AimPrediction(stop, None, True)
        return AimPrediction(stop, min(stop, max(0.0, -b)), False)
    t_in, t_out = -b - math.sqrt(disc), -b + math.sqrt(disc)
    if stop <= t_in:
        return AimPrediction(stop, None, True)
    if stop < t_out:
        return AimPrediction(stop, None, False)
    return AimPrediction(stop, t_out, False)


def swipe_flick(
    pose: PadPose,
    start_mm: tuple[float, float],
    end_mm: tuple[float, float],
    seconds: float,
    max_speed: float,
    max_angle: float,
) -> tuple[float, float]:
    """(angle, speed) of a swipe from ``start_mm`` to ``end_mm`` in ``seconds``."""
    dx, dy = end_mm[0] - start_mm[0], end_mm[1] - start_mm[1]
    length = math.hypot(dx, dy)
    if length < DEAD_MM:
        return 0.0, 0.0
    speed = min(max_speed, length / max(seconds, 1 / 60) * SWIPE_GAIN)
    return aim_from(pose, dx, dy, max_angle), speed


# -- what is on the table right now --------------------------------------------------------------


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
    lay = layout if layout is not None else state.layout
    discs = [(d, d.x, d.y, d.angle) for d in lay.discs]
    pads = [lay.pad_of(s) for s in range(state.players)]
    active = None
    on_pad = None
    if state.phase is Phase.LAUNCH:
        active = pp_rules.RULES.to_move(state)
    return Picture(state, discs, lay.jammer, pads, active, on_pad, pending=state.pending)


# -- animations ---------------------------------------------------------------------------------


class Anim:
    """One step of the table's animation queue (played one after another)."""

    def __init__(self, duration: float) -> None:
        self.t = 0.0
        self.duration = duration

    @property
    def done(self) -> bool:
        return self.t >= self.duration

    def update(self, scene: PlanepitaScene, dt: float) -> None:
        self.t += dt

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.t / self.duration)

    def picture(self) -> Picture:
        raise NotImplementedError

    def finish(self, scene: PlanepitaScene) -> None:
        """Called once when the animation ends (or is skipped)."""


def _ease(p: float) -> float:
    return p * p * (3 - 2 * p)


class PadMove(Anim):
    """A bot slides its pad along the rim to where it will launch from."""

    def __init__(self, state: PlanepitaState, seat: int, disc: Disc, target: float, duration: float) -> None:
        super().__init__(duration)
        self.state, self.seat, self.disc, self.target = state, seat, disc, target
        self.start = state.layout.pad_of(seat)

    def picture(self) -> Picture:
        pic = picture_of(self.state)
        pic.pads[self.seat] = self.start + (self.target - self.start) * _ease(self.progress)
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
        p = pp_rules.RULES.params
        board = default_board()
        vmax = p.launch.max_speed
        length = pull_length(self.flick.speed, vmax, board, p) * _ease(self.progress)
        speed = self.flick.speed if self.progress >= 1.0 else min(self.flick.speed, pull_speed(length, vmax, board, p))
        pic.aim = (self.flick.angle, speed)
        return pic


class ShotAnim(Anim):
    """The trajectory, frame by frame, with clacks and discs falling off."""

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
        return self.t * self.speed

    def update(self, scene: PlanepitaScene, dt: float) -> None:
        super().update(scene, dt)
        now = self.sim_time()
        while self.next_hit < len(self.hits) and self.hits[self.next_hit].t <= now:
            e = self.hits[self.next_hit]
            self.next_hit += 1
            scene.app.sound.play("clack", max(0.08, min(1.0, e.impulse / CLACK_FULL)))
        f = self.frame_index()
        for i, last in enumerate(self.last_seen):
            if 0 <= last < f and last < len(self.traj.frames) - 1 and i not in self.whooshed:
                self.whooshed.add(i)
                scene.app.sound.play("whoosh", 0.35)

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
        t = self.t
        for i, d in enumerate(self.stages):
            if t < d or i == len(self.stages) - 1:
                return i, min(1.0, t / d) if d > 0 else 1.0
            t -= d
        return len(self.stages) - 1, 1.0

    def update(self, scene: PlanepitaScene, dt: float) -> None:
        super().update(scene, dt)
        stage, _ = self.stage()
        if stage == 2 and not self.chimed:
            self.chimed = True
            scene.app.sound.play("chime", 0.7)

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


# -- drawing helpers ----------------------------------------------------------------------------------


def _star_points(cx: float, cy: float, r: float, n: int = 5) -> list[tuple[float, float]]:
    pts = []
    for k in range(2 * n):
        rad = r if k % 2 == 0 else r * 0.45
        a = math.pi / 2 + k * math.pi / n
        pts.append((cx + rad * math.cos(a), cy - rad * math.sin(a)))
    return pts


def draw_mark(surface: pygame.Surface, kind: str, centre: tuple[float, float], r: float, colour: Colour) -> None:
    """The rulebook's rim symbols: square, triangle, star."""
    cx, cy = centre
    if kind == "square":
        pts = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r), (cx - r, cy + r)]
    elif kind == "triangle":
        pts = [(cx, cy - r * 1.15), (cx + r * 1.1, cy + r * 0.8), (cx - r * 1.1, cy + r * 0.8)]
    else:
        pts = _star_points(cx, cy, r * 1.25)
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, (20, 20, 28), pts, max(1, round(r / 5)))


def _glyph_font(theme: Theme, px: int) -> pygame.font.Font:
    return theme.font(max(1.0, px / max(theme.scale, 0.01)))


def disc_sprite(theme: Theme, owner: int, players: int, face_down: bool, tokens: tuple[str, ...], r: int) -> pygame.Surface:
    """One alien disc, ``r`` pixels in radius: colour *and* glyph; a face-down
    disc shows its back with a small owner glyph; LAST and DOUBLE tokens on top."""
    pad = max(2, r // 5)
    size = 2 * (r + pad)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    style = theme.player(owner)
    pygame.draw.circle(surf, (0, 0, 0, 110), (c[0] + pad // 2, c[1] + pad // 2 + 1), r)
    if face_down:
        pygame.draw.circle(surf, BACK_COLOUR, c, r)
        pygame.draw.circle(surf, style.colour, c, r, max(2, r // 4))
        for k in (0.62, 0.42):
            pygame.draw.circle(surf, mix(BACK_COLOUR, (255, 255, 255), 0.16), c, max(1, round(r * k)), 1)
        g = _glyph_font(theme, max(6, round(r * 0.75))).render(style.glyph, True, mix(style.colour, (255, 255, 255), 0.3))
        surf.blit(g, g.get_rect(center=c))
    else:
        pygame.draw.circle(surf, mix(style.colour, (0, 0, 0), 0.25), c, r)
        pygame.draw.circle(surf, style.colour, (c[0], c[1] - max(1, r // 10)), r - max(1, r // 8))
        pygame.draw.circle(surf, mix(style.colour, (255, 255, 255), 0.35), c, r, max(1, r // 9))
        g = _glyph_font(theme, max(7, round(r * 1.15))).render(style.glyph, True, text_on(style.colour))
        surf.blit(g, g.get_rect(center=c))
    pygame.draw.aacircle(surf, (16, 16, 20), c, r, max(1, r // 12))
    if LAST in tokens:
        _token_badge(surf, theme, (c[0] - r * 0.62, c[1] - r * 0.62), max(5, r // 2), "L", (250, 250, 250), (30, 30, 30))
    if DOUBLE in tokens:
        _token_badge(surf, theme, (c[0] + r * 0.62, c[1] - r * 0.62), max(5, r // 2), "2", TOKEN_GOLD, (30, 20, 0))
    return surf


def _token_badge(surf: pygame.Surface, theme: Theme, centre: tuple[float, float], r: int, text: str,
                 fill: Colour, ink: Colour) -> None:
    pygame.draw.circle(surf, (10, 10, 10), centre, r + 1)
    pygame.draw.circle(surf, fill, centre, r)
    img = theme.font(max(1.0, r * 1.5 / max(theme.scale, 0.01)), bold=True).render(text, True, ink)
    surf.blit(img, img.get_rect(center=(round(centre[0]), round(centre[1]))))


def jammer_sprite(r: int) -> pygame.Surface:
    pad = max(2, r // 5)
    size = 2 * (r + pad)
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = (r + pad, r + pad)
    pygame.draw.circle(surf, (0, 0, 0, 120), (c[0] + pad // 2, c[1] + pad // 2 + 1), r)
    pygame.draw.circle(surf, HAZARD, c, r)
    for k in range(8):  # hazard stripes round the rim
        a0 = k * math.pi / 4
        pts = [(c[0] + r * math.cos(a0 + s), c[1] + r * math.sin(a0 + s)) for s in (0.0, 0.3)]
        pts += [(c[0] + r * 0.7 * math.cos(a0 + s), c[1] + r * 0.7 * math.sin(a0 + s)) for s in (0.45, 0.15)]
        pygame.draw.polygon(surf, JAMMER_COLOUR, pts)
    pygame.draw.circle(surf, JAMMER_COLOUR, c, round(r * 0.68))
    pygame.draw.circle(surf, HAZARD, c, round(r * 0.42), max(1, r // 10))
    pygame.draw.circle(surf, HAZARD, c, max(2, round(r * 0.14)))
    for k in range(3):  # radar waves
        a = math.pi / 2 + k * 2 * math.pi / 3
        pygame.draw.line(surf, HAZARD, (c[0] + r * 0.2 * math.cos(a), c[1] + r * 0.2 * math.sin(a)),
                         (c[0] + r * 0.42 * math.cos(a), c[1] + r * 0.42 * math.sin(a)), max(1, r // 12))
    pygame.draw.aacircle(surf, (10, 10, 10), c, r, max(1, r // 12))
    return surf


def render_backdrop(size: tuple[int, int], geo: Geometry, theme: Theme, players: int) -> pygame.Surface:
    """The table: space, the planet (areas, lines, values, marks) and each seat's rail."""
    w, h = size
    surf = pygame.Surface((w, h))
    for y in range(0, h, 2):
        pygame.draw.line(surf, mix(SPACE_TOP, SPACE_BOTTOM, y / max(1, h)), (0, y), (w, y + 1), 2)
    rnd = rng.make(20240611, "planepita-art")
    for _ in range(w * h // 2600):
        x, y = rnd.randrange(w), rnd.randrange(h)
        v = rnd.randint(90, 220)
        surf.set_at((x, y), (v, v, min(255, v + 20)))
    ox, oy = geo.square.x, geo.square.y
    local = Geometry(pygame.Rect(0, 0, geo.square.w, geo.square.h), geo.board, players)
    planet = render_planet(local, theme, players)
    surf.blit(planet, (ox, oy))
    return surf


def render_planet(geo: Geometry, theme: Theme, players: int) -> pygame.Surface:
    b = geo.board
    size = geo.square.size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    c = (geo.cx, geo.cy)
    s = geo.scale
    R = b.outer_radius * s
    # a soft glow behind the planet
    for k in range(10, 0, -1):
        pygame.draw.circle(surf, (80, 120, 200, 6), c, R + k * geo.length(2.2))
    # the areas, darker at their edges
    bands = ((3, b.outer_radius, b.middle_radius), (4, b.middle_radius, b.center_radius), (5, b.center_radius, 0.0))
    for area, r_out, r_in in bands:
        base = AREA_COLOURS[area]
        steps = 14
        for k in range(steps):
            f = k / steps
            r = (r_out - (r_out - r_in) * f) * s
            shade = mix(mix(base, (0, 0, 0), 0.28), mix(base, (255, 255, 255), 0.08), min(1.0, f * 1.6))
            pygame.draw.circle(surf, shade, c, max(1, round(r)))
    # texture: craters and clouds, kept inside the planet
    tex = pygame.Surface(size, pygame.SRCALPHA)
    rnd = rng.make(7, "planepita-art")
    for _ in range(90):
        a = rnd.uniform(0, 2 * math.pi)
        d = math.sqrt(rnd.random()) * (b.outer_radius - 12)
        rr = rnd.uniform(3, 16)
        p = geo.to_px(d * math.cos(a), d * math.sin(a))
        light = rnd.random() < 0.45
        col = (255, 255, 255, 14) if light else (0, 0, 0, 26)
        pygame.draw.circle(tex, col, p, rr * s)
        if not light and rr > 7:
            pygame.draw.circle(tex, (255, 255, 255, 16), p, rr * s, max(1, geo.length(1.2)))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.circle(mask, (255, 255, 255, 255), c, R)
    tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(tex, (0, 0))
    # light from the upper left, a shadow lower right
    shade = pygame.Surface(size, pygame.SRCALPHA)
    for k in range(12):
        f = k / 12
        pygame.draw.circle(shade, (255, 255, 255, 5), (c[0] - R * 0.35 * f, c[1] - R * 0.35 * f), R * (1 - f * 0.8))
    surf.blit(shade, (0, 0))
    # the white lines at their real width, and the rim
    lw = max(1, round(b.line_width * s))
    for r in (b.center_radius, b.middle_radius):
        pygame.draw.circle(surf, LINE_WHITE, c, round((r + b.line_width / 2) * s), lw)
        pygame.draw.aacircle(surf, LINE_WHITE, c, round((r + b.line_width / 2) * s), 1)
        pygame.draw.aacircle(surf, LINE_WHITE, c, max(1, round((r - b.line_width / 2) * s)), 1)
    pygame.draw.circle(surf, (12, 16, 24), c, round(R), max(2, geo.length(2.5)))
    pygame.draw.aacircle(surf, (190, 210, 240), c, round(R) + 1, max(1, geo.length(0.8)))
    # the area values, printed on the board
    ink = (255, 255, 255, 150)
    big = _glyph_font(theme, max(10, geo.length(44)))
    mid = _glyph_font(theme, max(10, geo.length(40)))
    spots = [(5, 0.0, -44.0, big)]
    r4 = (b.center_radius + b.middle_radius) / 2
    r3 = (b.middle_radius + b.outer_radius) / 2
    for ang in (90, 270):
        spots.append((4, r4 * math.cos(math.radians(ang + 25)), r4 * math.sin(math.radians(ang + 25)), mid))
    for ang in (45, 135, 225, 315):
        spots.append((3, r3 * math.cos(math.radians(ang)), r3 * math.sin(math.radians(ang)), mid))
    for value, x, y, font in spots:
        img = font.render(str(value), True, ink[:3])
        img.set_alpha(ink[3])
        surf.blit(img, img.get_rect(center=geo.ipx(x, y)))
    # each seat's stretch: a rail behind the pads, in the seat's colour, with its glyph
    rail_r = b.outer_radius + b.pad_gap + 3.0
    for seat in range(players):
        lo, hi = b.stretch_arc(players, seat)
        col = theme.player(seat).colour
        n = max(8, int((hi - lo) / 2))
        pts = [geo.to_px(rail_r * math.cos(math.radians(lo + (hi - lo) * k / n)),
                         rail_r * math.sin(math.radians(lo + (hi - lo) * k / n))) for k in range(n + 1)]
        pygame.draw.lines(surf, mix(col, (0, 0, 0), 0.35), False, pts, max(2, geo.length(3.0)))
        for end in (pts[0], pts[-1]):
            pygame.draw.circle(surf, mix(col, (0, 0, 0), 0.35), end, max(2, geo.length(3.0)))
    # the rulebook's marks for this player count, where the stretches meet
    kind = MARK[players]
    for ang in b.mark_angles(players):
        a = math.radians(ang)
        d = b.outer_radius + b.pad_gap + 9.0
        draw_mark(surf, kind, geo.to_px(d * math.cos(a), d * math.sin(a)), geo.length(5.5), (236, 236, 228))
    return surf


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """The title screen's picture: a small ringed planet with a few discs."""
    for y in range(rect.y, rect.bottom, 2):
        f = (y - rect.y) / max(1, rect.h)
        pygame.draw.line(surface, mix(SPACE_TOP, SPACE_BOTTOM, f), (rect.x, y), (rect.right, y), 2)
    rnd = rng.make(3, "planepita-art")
    for _ in range(rect.w * rect.h // 700):
        v = rnd.randint(110, 230)
        surface.set_at((rnd.randrange(rect.x, rect.right), rnd.randrange(rect.y, rect.bottom)), (v, v, v))
    r = min(rect.w, rect.h) * 0.42
    c = (rect.centerx, rect.centery)
    board = default_board()
    for area, rad in ((3, board.outer_radius), (4, board.middle_radius), (5, board.center_radius)):
        pygame.draw.circle(surface, AREA_COLOURS[area], c, r * rad / board.outer_radius)
    lw = max(1, round(r / 70))
    for rad in (board.center_radius, board.middle_radius):
        pygame.draw.circle(surface, LINE_WHITE, c, r * rad / board.outer_radius, lw)
    pygame.draw.circle(surface, (12, 16, 24), c, r, max(1, lw))
    jr = max(3, round(r * board.jammer_radius / board.outer_radius))
    js = jammer_sprite(jr)
    surface.blit(js, js.get_rect(center=(c[0] + r * 0.08, c[1] - r * 0.05)))
    dr = max(4, round(r * board.disc_radius / board.outer_radius * 1.25))
    for i, (fx, fy, down) in enumerate(((-0.38, 0.30, False), (0.46, 0.18, False), (0.12, -0.52, True),
                                        (-0.62, -0.34, False), (0.30, 0.66, False))):
        sp = disc_sprite(theme, i % 4, 4, down, (), dr)
        surface.blit(sp, sp.get_rect(center=(c[0] + fx * r, c[1] + fy * r)))


# -- the scene ----------------------------------------------------------------------------------------


@dataclass
class Drag:
    kind: str  # "pad", "pull" or "swipe"
    seat: int
    start_px: tuple[int, int]
    now_px: tuple[int, int]
    started: float  # the scene clock at the press


class PlanepitaScene(GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.params = pp_rules.RULES.params
        self.board = default_board()
        self.players = session.state.players
        self.geo = Geometry(pygame.Rect(0, 0, 2, 2), self.board, self.players)
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.head_rect = pygame.Rect(0, 0, 0, 0)
        self.decide_rect = pygame.Rect(0, 0, 0, 0)
        self.seats_rect = pygame.Rect(0, 0, 0, 0)
        self.slots_rect = pygame.Rect(0, 0, 0, 0)
        self.hole_rect = pygame.Rect(0, 0, 0, 0)
        self.seat_rects: list[pygame.Rect] = []
        self.compact = False
        self.prompt_rows = 1  # lines the head box keeps for the prompt
        self.slot_rects: list[pygame.Rect] = []
        self.backdrop: pygame.Surface | None = None
        self.backdrop_key: tuple[Any, ...] = ()
        self.sprites: dict[tuple[Any, ...], pygame.Surface] = {}
        self.texts: dict[tuple[Any, ...], pygame.Surface] = {}
        self.anims: list[Anim] = []
        self.clock = 0.0
        self.drag: Drag | None = None
        self.pad_override: dict[int, float] = {}
        self.ghost: tuple[float, float] | None = None  # the jammer under the mouse, mm
        self.ghost_reason: str | None = None
        self.ghost_label_rect: pygame.Rect | None = None  # where the last ghost label went
        self.aim_prediction: AimPrediction | None = None  # the last aim drawn
        self.aim_tip: tuple[float, float] | None = None  # its tip, mm
        self.use_3p = False
        self.use_double = False
        self._power_key: tuple[Any, ...] = ()
        self._panel_img: pygame.Surface | None = None
        self._panel_img_key: tuple[Any, ...] = ()
        self._power: tuple[Any, ...] = ()
        self.flip_button = Button("Flip face down", lambda: self.act(Flip(True)), hotkey=pygame.K_f,
                                  kind="primary", tooltip="Face down: 1 power, but it grips the board (F)")
        self.keep_button = Button("Keep face up", lambda: self.act(Flip(False)), hotkey=pygame.K_k,
                                  tooltip="Face up: 2 power, but the jammer can sweep it (K)")
        self.own_button = Button("Own disc", lambda: self._choose_3p(False), tooltip="Launch one of your own discs")
        self.third_button = Button("3P disc", lambda: self._choose_3p(True), hotkey=pygame.K_t,
                                   tooltip="Launch one of your 3P discs (T)")
        self.double_button = Button("Double ×2", self._toggle_double, hotkey=pygame.K_d,
                                    tooltip="Attach your Double token: 4 power, cannot be flipped (D)")
        self.group = FocusGroup([self.flip_button, self.keep_button, self.own_button, self.third_button,
                                 self.double_button])
        self._sync_buttons()

    # -- layout --------------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        gap = t.px(14)
        panel_w = max(t.px(250), min(t.px(300), rect.w // 3))
        board_w = rect.w - panel_w - 3 * gap
        side = max(40, min(rect.h - 2 * gap, board_w))
        self.board_area = pygame.Rect(rect.x + gap, rect.y + gap, board_w, rect.h - 2 * gap)
        square = pygame.Rect(0, 0, side, side)
        square.center = self.board_area.center
        self.geo = Geometry(square, self.board, self.players)
        self.panel_rect = pygame.Rect(self.board_area.right + gap, rect.y + gap, panel_w, rect.h - 2 * gap)
        p = self.panel_rect
        body = t.body.get_linesize()
        small = t.small.get_linesize()
        self.prompt_rows = self._prompt_rows(p.w - t.px(24))
        head_h = t.heading.get_linesize() + self.prompt_rows * body + 2 * small + t.px(18)
        self.head_rect = pygame.Rect(p.x, p.y, p.w, head_h)
        decide_h = t.small.get_linesize() + 2 * t.px(40) + t.px(28)
        self.decide_rect = pygame.Rect(p.x, self.head_rect.bottom + t.px(8), p.w, decide_h)
        # two lines per seat when there is room for the black hole below, else one
        dr = max(5, t.px(8))
        fixed = head_h + decide_h + 3 * t.px(8) + small + t.px(10) + small + t.px(62) + t.px(8)
        self.compact = fixed + self.players * (body + small + t.px(14)) + t.px(110) > p.h
        row_h = max(body, 2 * dr) + t.px(8) if self.compact else body + small + t.px(14)
        seats_h = small + t.px(10) + self.players * row_h
        self.seats_rect = pygame.Rect(p.x, self.decide_rect.bottom + t.px(8), p.w, seats_h)
        self.seat_rects = [
            pygame.Rect(p.x + t.px(8), self.seats_rect.y + small + t.px(8) + i * row_h, p.w - t.px(16), row_h)
            for i in range(self.players)
        ]
        slot_h = t.px(40) if self.compact else t.px(50)
        slots_h = small + slot_h + t.px(12)
        self.slots_rect = pygame.Rect(p.x, self.seats_rect.bottom + t.px(8), p.w, slots_h)
        inner = self.slots_rect.inflate(-t.px(16), 0)
        sw = (inner.w - 2 * t.px(8)) // 3
        self.slot_rects = [
            pygame.Rect(inner.x + i * (sw + t.px(8)), self.slots_rect.y + small + t.px(8), sw, slot_h)
            for i in range(3)
        ]
        hole_top = self.slots_rect.bottom + t.px(8)
        self.hole_rect = pygame.Rect(p.x, hole_top, p.w, max(0, p.bottom - hole_top))
        self._place_buttons()
        self.backdrop = None
        self._panel_img = None
        self.sprites.clear()

    def _place_buttons(self) -> None:
        t = self.app.theme
        d = self.decide_rect.inflate(-t.px(16), -t.px(12))
        bh = t.px(40)
        top = d.y + t.small.get_linesize() + t.px(2)
        self.flip_button.rect = pygame.Rect(d.x, top, d.w, bh)
        self.keep_button.rect = pygame.Rect(d.x, top + bh + t.px(6), d.w, bh)
        half = (d.w - t.px(6)) // 2
        self.own_button.rect = pygame.Rect(d.x, top, half, bh)
        self.third_button.rect = pygame.Rect(d.x + half + t.px(6), top, d.w - half - t.px(6), bh)
        self.double_button.rect = pygame.Rect(d.x, top + bh + t.px(6), d.w, bh)

    def layout_rects(self) -> list[pygame.Rect]:
        """The parts that must not overlap: the board square and the panel's boxes."""
        return [self.geo.square, self.head_rect, self.decide_rect, self.seats_rect, self.slots_rect, self.hole_rect]

    # -- what the rules say ------------------------------------------------------------------------
    @property
    def state(self) -> PlanepitaState:
        return self.session.state

    def spec(self) -> Any:
        """The rules' description of the choice now (FlickSpec, JammerSpec, or None)."""
        st = self.state
        if st.phase is Phase.OVER:
            return None
        for a in pp_rules.RULES.legal_actions(st):
            if isinstance(a, (FlickSpec, JammerSpec)):
                return a
        return None

    def limits(self) -> tuple[float, float]:
        """(max speed, max angle) of a launch now."""
        spec = self.spec()
        if isinstance(spec, FlickSpec):
            return spec.speed[1], max(abs(spec.angle[0]), abs(spec.angle[1]))
        return self.params.launch.max_speed, self.params.launch.max_angle

    def human_launch(self) -> bool:
        return self.my_turn and self.state.phase is Phase.LAUNCH

    def pad_pos(self, seat: int) -> float:
        if seat in self.pad_override:
            return self.pad_override[seat]
        return self.state.layout.pad_of(seat)

    def next_disc(self, state: PlanepitaState, third_party: bool, double: bool) -> Disc:
        """The disc the next launch puts on the pad (its owner and tokens)."""
        return pp_rules.launched_disc(state, Flick(0.5, 0.0, 1.0, third_party=third_party, double=double))

    # -- input -------------------------------------------------------------------------------------
    def _choose_3p(self, on: bool) -> None:
        self.use_3p = on
        self._sync_buttons()

    def _toggle_double(self) -> None:
        self.use_double = not self.use_double
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        st = self.state
        mine = self.my_turn
        flip = mine and st.phase is Phase.FLIP
        self.flip_button.visible = self.keep_button.visible = flip
        spec = self.spec() if mine and st.phase is Phase.LAUNCH else None
        both = isinstance(spec, FlickSpec) and spec.own and spec.third_party
        if isinstance(spec, FlickSpec):
            if not spec.third_party:
                self.use_3p = False
            elif not spec.own:
                self.use_3p = True
            if not spec.double:
                self.use_double = False
        self.own_button.visible = self.third_button.visible = both
        self.own_button.kind = "primary" if not self.use_3p else "normal"
        self.third_button.kind = "primary" if self.use_3p else "normal"
        self.double_button.visible = isinstance(spec, FlickSpec) and spec.double
        self.double_button.kind = "primary" if self.use_double else "normal"
        self.double_button.text = "Double ×2: on" if self.use_double else "Attach Double ×2"

    def handle_table(self, event: pygame.event.Event) -> bool:
        self._sync_buttons()
        if self.group.handle(event):
            return True
        st = self.state
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.my_turn:
                return False
            if st.phase is Phase.LAUNCH:
                return self._press_launch(event.pos)
            if st.phase is Phase.PLACE_JAMMER and self.geo.planet_rect.collidepoint(event.pos):
                x, y = self.geo.to_mm(*event.pos)
                self.act(PlaceJammer(round(x, 1), round(y, 1)))
                self.ghost = None
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self._move_drag(event.pos)
                return True
            if self.my_turn and st.phase is Phase.PLACE_JAMMER:
                self._hover_jammer(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._move_drag(event.pos)
            self._release(event.pos)
            return True
        return False

    def _press_launch(self, pos: tuple[int, int]) -> bool:
        seat = self.session.to_move()
        pose = self.geo.pose(seat, self.pad_pos(seat))
        if self.geo.on_disc(pose, *pos):
            kind = "swipe" if self.setting("flick_mode") == "swipe" else "pull"
            self.drag = Drag(kind, seat, pos, pos, self.clock)
            return True
        if self.geo.on_pad(pose, *pos):
            self.drag = Drag("pad", seat, pos, pos, self.clock)
            return True
        return False

    def _move_drag(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            return
        d.now_px = pos
        if d.kind == "pad":
            self.pad_override[d.seat] = round(self.geo.pad_position_at(d.seat, *pos), 4)

    def current_aim(self) -> tuple[float, float] | None:
        """(angle, speed) of the pull or swipe in progress."""
        d = self.drag
        if d is None or d.kind == "pad":
            return None
        pose = self.geo.pose(d.seat, self.pad_pos(d.seat))
        vmax, amax = self.limits()
        if d.kind == "pull":
            return pull_flick(pose, self.geo.to_mm(*d.now_px), vmax, amax, self.board, self.params)
        return swipe_flick(pose, self.geo.to_mm(*d.start_px), self.geo.to_mm(*d.now_px),
                           self.clock - d.started, vmax, amax)

    def _release(self, pos: tuple[int, int]) -> None:
        d, aim = self.drag, self.current_aim()
        self.drag = None
        if d is None or aim is None:
            return
        angle, speed = aim
        flick = Flick(pad=round(self.pad_pos(d.seat), 4), angle=round(angle, 1), speed=round(speed),
                      third_party=self.use_3p, double=self.use_double)
        self.act(flick)

    def _hover_jammer(self, pos: tuple[int, int]) -> None:
        if not self.geo.planet_rect.inflate(self.geo.length(60), self.geo.length(60)).collidepoint(pos):
            self.ghost = None
            return
        x, y = self.geo.to_mm(*pos)
        self.ghost = (x, y)
        self.ghost_reason = self.session.check(PlaceJammer(round(x, 1), round(y, 1)), self.viewer)

    # -- playing ------------------------------------------------------------------------------------
    def on_played(self, before: Any, action: Any, after: Any) -> None:
        self.drag = None
        self.ghost = None
        self.pad_override.clear()
        speed = self.app.settings.anim_speed
        seat = pp_rules.RULES.to_move(before)
        bot = seat is not None and self.session.seats[seat].is_bot
        end_layout = before.layout
        if isinstance(action, Flick):
            self.app.sound.play("whoosh", min(1.0, 0.25 + action.speed / 4000))
            traj = pp_rules.shot(before, action)
            end_layout = traj.final
            if speed > 0:
                disc = pp_rules.launched_disc(before, action)
                if bot or self.replay_queue is not None:
                    self.anims.append(PadMove(before, seat, disc, action.pad, 0.45 / speed))
                    self.anims.append(PullBack(before, seat, disc, action, 0.4 / speed))
                known = {d.id: d for d in (*before.layout.discs, *after.layout.discs, *after.black_hole)}
                known.setdefault(traj.launched, disc)
                self.anims.append(ShotAnim(before, seat, action, traj, known, speed))
        elif isinstance(action, Flip):
            self.app.sound.play("clack", 0.5)
            if action.down and before.pending is not None:
                end_layout = replace(before.layout, discs=tuple(
                    replace(d, face_down=True) if d.id == before.pending else d for d in before.layout.discs))
        elif isinstance(action, PlaceJammer):
            self.app.sound.play("clack", 0.6)
            end_layout = replace(before.layout, jammer=(action.x, action.y))
        if len(after.history) > len(before.history) and after.last_round is not None:
            if speed > 0:
                self.anims.append(RoundEnd(before, end_layout, after.last_round, speed))
            else:
                self.app.sound.play("chime", 0.6)
        self._notes(before, action, after)
        self._sync_buttons()

    def _notes(self, before: PlanepitaState, action: Any, after: PlanepitaState) -> None:
        """Say what happened that the board alone does not show."""
        shot = after.last_shot
        if isinstance(action, Flick) and shot is not None and shot.retried:
            self.announce("It stayed on the pad: flick again")
            return
        if after.phase is Phase.PLACE_JAMMER and before.phase is not Phase.PLACE_JAMMER:
            self.announce("The jammer left the board: place it again")
        if isinstance(action, (Flick, PlaceJammer)) and after.phase not in (Phase.FLIP, Phase.PLACE_JAMMER):
            reason = self._no_flip_reason(before, action)
            if reason:
                self.announce(f"It stays face up: {reason}")
        if len(after.history) > len(before.history) and after.last_round is not None:
            self.announce(round_summary(after.last_round, self.session.names))

    def _no_flip_reason(self, before: PlanepitaState, action: Any) -> str | None:
        """Why the rules offered no flip after ``action`` (P6), in their words;
        None when the disc left the board (the black hole shows that)."""
        if isinstance(action, Flick):
            layout = pp_rules.shot(before, action).final
            disc = before.next_id
        else:
            layout = replace(before.layout, jammer=(action.x, action.y))
            disc = before.pending if before.pending is not None else -1
        if not any(d.id == disc for d in layout.discs):
            return None
        return pp_rules.flip_refusal(layout, disc)

    @property
    def animating(self) -> bool:
        return bool(self.anims)

    def skip_animation(self) -> None:
        for a in self.anims:
            a.finish(self)
        self.anims.clear()

    def update(self, dt: float) -> None:
        self.clock += dt
        while self.anims:
            a = self.anims[0]
            a.update(self, dt)
            if not a.done:
                break
            a.finish(self)
            self.anims.pop(0)
            dt = 0.0
        super().update(dt)
        self._sync_buttons()
        self.group.update(dt)

    # -- drawing -------------------------------------------------------------------------------------
    def text(self, font_key: tuple[str, bool], text: str, colour: Colour) -> pygame.Surface:
        key = (font_key, text, colour, self.app.theme.scale)
        img = self.texts.get(key)
        if img is None:
            if len(self.texts) > 600:
                self.texts.clear()
            img = self.texts[key] = self.app.theme.font(font_key[0], bold=font_key[1]).render(text, True, colour)
        return img

    def sprite(self, disc: Disc, r: int) -> pygame.Surface:
        t = self.app.theme
        key = ("disc", disc.owner, disc.face_down, disc.tokens, r, t.palette)
        img = self.sprites.get(key)
        if img is None:
            if len(self.sprites) > 400:  # shrinking discs make many sizes
                self.sprites.clear()
            img = self.sprites[key] = disc_sprite(t, disc.owner, self.players, disc.face_down, disc.tokens, r)
        return img

    def jammer_img(self, r: int) -> pygame.Surface:
        key = ("jammer", r)
        img = self.sprites.get(key)
        if img is None:
            img = self.sprites[key] = jammer_sprite(r)
        return img

    def current_picture(self, view: PlanepitaState) -> Picture:
        if self.anims:
            return self.anims[0].picture()
        pic = picture_of(view)
        mover = pp_rules.RULES.to_move(view)
        if view.phase is Phase.LAUNCH and mover is not None:
            for seat, pos in self.pad_override.items():
                pic.pads[seat] = pos
            human = not self.session.seats[mover].is_bot
            pic.on_pad = self.next_disc(view, self.use_3p and human, self.use_double and human)
            if self.drag is not None and self.drag.kind != "pad":
                pic.aim = self.current_aim()
        return pic

    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        t = self.app.theme
        key = (self.table_rect.size, self.geo.square.topleft, self.geo.square.size, t.palette)
        if self.backdrop is None or self.backdrop_key != key:
            self.backdrop = render_backdrop(self.table_rect.size, self._geo_local(), t, self.players)
            self.backdrop_key = key
        surface.blit(self.backdrop, self.table_rect.topleft)
        pic = self.current_picture(view)
        self._draw_panel_cached(surface, pic)
        self._draw_zones(surface, pic)
        self._draw_pads(surface, pic)
        self._draw_pieces(surface, pic)
        self._draw_aim(surface, pic)
        if self.anims and isinstance(self.anims[0], RoundEnd):
            self._draw_round_end(surface, self.anims[0])
        self.group.draw(surface, t)

    def _geo_local(self) -> Geometry:
        sq = self.geo.square.move(-self.table_rect.x, -self.table_rect.y)
        return Geometry(sq, self.board, self.players)

    def _draw_zones(self, surface: pygame.Surface, pic: Picture) -> None:
        """Shade the jammer's legal area while it waits to be placed, and the
        jammer's area while it sweeps at the end of a round."""
        area = None
        colour: Colour = (255, 255, 255)
        if not self.anims and pic.state.phase is Phase.PLACE_JAMMER:
            spec = self.spec()
            area = spec.area if isinstance(spec, JammerSpec) else 5
            colour = (120, 255, 140)
        elif self.anims and isinstance(self.anims[0], RoundEnd):
            anim = self.anims[0]
            stage, _ = anim.stage()
            if stage == 0:
                area = anim.result.jammer_area
                colour = HAZARD
        if area is None:
            return
        b = self.board
        outer = {5: b.center_radius, 4: b.middle_radius, 3: b.outer_radius}[area]
        inner = {5: 0.0, 4: b.center_radius, 3: b.middle_radius}[area]
        sq = self.geo.square
        shade = pygame.Surface(sq.size, pygame.SRCALPHA)
        c = (sq.w / 2, sq.h / 2)
        pulse = 0.5 + 0.5 * math.sin(self.clock * 4.0)
        pygame.draw.circle(shade, (*colour, round(50 + 40 * pulse)), c, outer * self.geo.scale)
        if inner > 0:
            pygame.draw.circle(shade, (0, 0, 0, 0), c, inner * self.geo.scale)
        pygame.draw.circle(shade, (*colour, 220), c, outer * self.geo.scale, max(2, self.geo.length(2)))
        surface.blit(shade, sq.topleft)

    def _draw_pads(self, surface: pygame.Surface, pic: Picture) -> None:
        t = self.app.theme
        geo = self.geo
        for seat in range(self.players):
            if seat == pic.active:
                continue
            pose = geo.pose(seat, pic.pads[seat])
            poly = geo.pad_polygon(pose)
            col = mix(t.player(seat).colour, SPACE_TOP, 0.55)
            pygame.draw.polygon(surface, col, poly, max(1, geo.length(1.5)))
        if pic.active is None:
            return
        seat = pic.active
        pose = geo.pose(seat, pic.pads[seat])
        col = t.player(seat).colour
        poly = geo.pad_polygon(pose)
        pygame.draw.polygon(surface, mix(col, (20, 22, 30), 0.7), poly)
        w = pose.wall
        h = pose.width / 2
        for a, b in (((0.0, -h + w / 2), (pose.depth, -h + w / 2)), ((0.0, h - w / 2), (pose.depth, h - w / 2)),
                     ((pose.depth - w / 2, -h), (pose.depth - w / 2, h))):
            pygame.draw.line(surface, mix(col, (255, 255, 255), 0.2), geo.to_px(*pose.to_world(*a)),
                             geo.to_px(*pose.to_world(*b)), geo.length(w))
        # the launch line the disc starts behind
        la, lb = pose.to_world(pose.depth * 0.25, -h + w), pose.to_world(pose.depth * 0.25, h - w)
        pygame.draw.line(surface, mix(col, (255, 255, 255), 0.5), geo.to_px(*la), geo.to_px(*lb), 1)
        if self.human_launch() and not self.anims and seat == self.session.to_move():
            hot = self.drag is not None and self.drag.kind == "pad"
            pygame.draw.polygon(surface, t.focus if hot else mix(col, (255, 255, 255), 0.5), poly,
                                max(1, geo.length(1.2)))

    def _draw_pieces(self, surface: pygame.Surface, pic: Picture) -> None:
        geo = self.geo
        r = geo.length(self.board.disc_radius)
        if pic.jammer is not None:
            img = self.jammer_img(geo.length(self.board.jammer_radius))
            surface.blit(img, img.get_rect(center=geo.ipx(*pic.jammer)))
        for disc, x, y, angle in pic.discs:
            self._blit_disc(surface, disc, x, y, angle, r)
            if disc.id == pic.pending:
                pulse = 0.5 + 0.5 * math.sin(self.clock * 5.0)
                pygame.draw.circle(surface, self.app.theme.focus, geo.ipx(x, y),
                                   r + geo.length(3) + round(pulse * geo.length(2)), max(2, geo.length(1.5)))
        if pic.on_pad is not None and pic.active is not None:
            pose = geo.pose(pic.active, pic.pads[pic.active])
            self._blit_disc(surface, pic.on_pad, *pose.start, 0.0, r)
        for disc, x, y, p in pic.falling:
            self._draw_falling(surface, disc, x, y, p, r)

    def _blit_disc(self, surface: pygame.Surface, disc: Disc, x: float, y: float, angle: float, r: int) -> None:
        img = self.sprite(disc, r)
        cx, cy = self.geo.ipx(x, y)
        surface.blit(img, img.get_rect(center=(cx, cy)))
        if r >= 6:  # a notch on the rim shows the disc turning
            a = -angle + math.pi / 2
            ex, ey = cx + math.cos(a) * (r - 2), cy - math.sin(a) * (r - 2)
            ix, iy = cx + math.cos(a) * (r * 0.72), cy - math.sin(a) * (r * 0.72)
            pygame.draw.line(surface, (16, 16, 20), (ix, iy), (ex, ey), max(1, r // 9))

    def _draw_falling(self, surface: pygame.Surface, disc: Disc, x: float, y: float, p: float, r: int) -> None:
        """A disc spiralling into the black hole where it left the board."""
        p = max(0.0, min(1.0, p))
        d = math.hypot(x, y) or 1.0
        ux, uy = x / d, y / d
        spin = p * 2.5 * math.pi
        push = 14.0 * p
        sx = x + ux * push + (-uy * math.sin(spin) + ux * (math.cos(spin) - 1)) * 8.0 * p
        sy = y + uy * push + (ux * math.sin(spin) + uy * (math.cos(spin) - 1)) * 8.0 * p
        size = max(1, round(r * (1.0 - p) * (self.board.jammer_radius / self.board.disc_radius if disc.id == JAMMER else 1)))
        centre = self.geo.ipx(sx, sy)
        pygame.draw.circle(surface, HOLE_COLOUR, centre, size + self.geo.length(4) * (1 - p))
        img = self.jammer_img(size) if disc.id == JAMMER else self.sprite(disc, size)
        surface.blit(img, img.get_rect(center=centre))

    def _draw_aim(self, surface: pygame.Surface, pic: Picture) -> None:
        t = self.app.theme
        if pic.state.phase is Phase.PLACE_JAMMER and not self.anims and self.ghost is not None and self.my_turn:
            ok = self.ghost_reason is None
            col = t.ok if ok else t.danger
            jr = self.geo.length(self.board.jammer_radius)
            ghost = pygame.Surface((2 * jr + 4, 2 * jr + 4), pygame.SRCALPHA)
            pygame.draw.circle(ghost, (*col, 120), (jr + 2, jr + 2), jr)
            pygame.draw.circle(ghost, (*col, 255), (jr + 2, jr + 2), jr, max(2, jr // 8))
            centre = self.geo.ipx(*self.ghost)
            surface.blit(ghost, ghost.get_rect(center=centre))
            label = "✓ place here" if ok else "✗ not here"
            self.ghost_label_rect = self._label(surface, label, col, (centre[0], centre[1] + jr + t.px(4)), "midtop")
            return
        self.ghost_label_rect = None
        if pic.aim is None or pic.active is None:
            return
        angle, speed = pic.aim
        geo = self.geo
        pose = geo.pose(pic.active, pic.pads[pic.active])
        vmax, _ = self.limits()
        pulled = pull_length(speed, vmax, self.board, self.params)
        frac = min(1.0, pulled / PULL_FULL_MM)
        col = mix((110, 230, 120), (250, 90, 60), frac)
        dx, dy = aim_direction(pose, angle)
        sx, sy = pose.start
        if self.drag is not None and self.drag.kind == "pull":  # the rubber band back to the mouse
            band: tuple[float, float] = self.drag.now_px
        else:  # a bot's pull, or a swipe: the pull that would give this speed
            band = geo.to_px(sx - dx * pulled, sy - dy * pulled)
        if speed > 0 and (self.drag is None or self.drag.kind == "pull"):
            pygame.draw.line(surface, (230, 230, 230), geo.to_px(sx, sy), band, max(1, t.px(2)))
        pred = predict(self.board, pose, angle, speed, self.params)
        self.aim_prediction = pred
        off = pred.exit is not None
        length = pred.exit + OFF_TIP_MM if pred.exit is not None else pred.stop
        line_col = t.danger if off else col
        r = self.board.disc_radius
        # a dashed line from the disc to where it stops (to the ring's edge), or past the rim
        dash = 12.0
        drawn = max(0.0, length - (0.0 if off else r))
        k = 0
        w = max(2, t.px(3))
        while k * dash < drawn:
            if k % 2 == 0:
                a0, a1 = k * dash, min(drawn, (k + 1) * dash)
                pa, pb = geo.to_px(sx + dx * a0, sy + dy * a0), geo.to_px(sx + dx * a1, sy + dy * a1)
                pygame.draw.line(surface, (10, 10, 16), pa, pb, w + max(2, t.px(2)))
                pygame.draw.line(surface, line_col, pa, pb, w)
            k += 1
        self.aim_tip = (sx + dx * length, sy + dy * length)
        if off:  # where it would leave the board: a cross on the rim and a label
            ex, ey = sx + dx * pred.exit, sy + dy * pred.exit
            c = geo.to_px(ex, ey)
            m = max(7, geo.length(11))
            for sgn in (1, -1):
                pygame.draw.line(surface, (10, 10, 16), (c[0] - m, c[1] - sgn * m), (c[0] + m, c[1] + sgn * m), w + 4)
                pygame.draw.line(surface, t.danger, (c[0] - m, c[1] - sgn * m), (c[0] + m, c[1] + sgn * m), w + 1)
            # the label outside the planet, past the cross
            out = math.hypot(ex, ey) or 1.0
            lx, ly = geo.to_px(ex + ex / out * 26.0, ey + ey / out * 26.0)
            self._label(surface, "✗ off the board", t.danger, (round(lx), round(ly)), "center")
        else:  # a ring where the disc would stop
            c = geo.ipx(sx + dx * pred.stop, sy + dy * pred.stop)
            rr = geo.length(r)
            fill = pygame.Surface((2 * rr + 2, 2 * rr + 2), pygame.SRCALPHA)
            pygame.draw.circle(fill, (*col, 70), (rr + 1, rr + 1), rr)
            surface.blit(fill, fill.get_rect(center=c))
            pygame.draw.circle(surface, (10, 10, 16), c, rr + 1, max(2, t.px(2)) + 2)
            pygame.draw.circle(surface, col, c, rr, max(2, t.px(2)))
            pygame.draw.circle(surface, col, c, max(2, t.px(2)))
        self._draw_meter(surface, angle, speed, frac, col, pred)

    def _label(self, surface: pygame.Surface, text: str, colour: Colour, at: tuple[int, int],
               anchor: str) -> pygame.Rect:
        """A small bold label on a dark rounded box (readable on any area), kept in the board area."""
        t = self.app.theme
        img = self.text(("small", True), text, colour)
        pad_x, pad_y = t.px(8), t.px(4)
        box = pygame.Rect(0, 0, img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y)
        setattr(box, anchor, at)
        box.clamp_ip(self.board_area)
        pygame.draw.rect(surface, LABEL_BACK, box, border_radius=t.px(6))
        pygame.draw.rect(surface, colour, box, max(1, t.px(1)), border_radius=t.px(6))
        surface.blit(img, img.get_rect(center=box.center))
        return box

    def _draw_meter(self, surface: pygame.Surface, angle: float, speed: float, frac: float, col: Colour,
                    pred: AimPrediction) -> None:
        """The power meter: the speed in mm/s, where the disc goes, the aim, and a bar
        (the pull; a tick where the pull reaches past the far rim), in the board area's corner."""
        t = self.app.theme
        speed_img = self.text(("body", True), f"{speed:.0f} mm/s", t.text)
        if pred.exit is not None:
            where, where_col = "leaves the board", t.danger
        elif pred.short:
            where, where_col = "stays on the pad", t.warning
        else:
            where, where_col = f"stops {pred.stop:.0f} mm ahead", t.text
        where_img = self.text(("small", True), where, where_col)
        aim_img = self.text(("small", False), f"aim {angle:+.1f}° from straight in", t.text_dim)
        w = max(t.px(200), speed_img.get_width() + where_img.get_width() + t.px(12), aim_img.get_width()) + t.px(20)
        h = speed_img.get_height() + aim_img.get_height() + t.px(34)
        box = pygame.Rect(self.board_area.x + t.px(6), self.board_area.bottom - h - t.px(6), w, h)
        pygame.draw.rect(surface, t.panel, box, border_radius=t.px(8))
        pygame.draw.rect(surface, t.panel_edge, box, max(1, t.px(1)), border_radius=t.px(8))
        y = box.y + t.px(6)
        surface.blit(speed_img, (box.x + t.px(10), y))
        surface.blit(where_img, where_img.get_rect(bottomright=(box.right - t.px(10), y + speed_img.get_height() - t.px(2))))
        y += speed_img.get_height()
        surface.blit(aim_img, (box.x + t.px(10), y))
        bar = pygame.Rect(box.x + t.px(10), box.bottom - t.px(20), box.w - t.px(20), t.px(12))
        pygame.draw.rect(surface, t.track, bar, border_radius=t.px(4))
        fill = bar.copy()
        fill.w = round(bar.w * frac)
        if fill.w > 0:
            pygame.draw.rect(surface, col, fill, border_radius=t.px(4))
        tick = bar.x + round(bar.w * PULL_REACH_MM / PULL_FULL_MM)
        pygame.draw.line(surface, t.text, (tick, bar.y - t.px(2)), (tick, bar.bottom + t.px(1)), max(1, t.px(2)))

    # -- the panel -------------------------------------------------------------------------------------
    def _box(self, surface: pygame.Surface, rect: pygame.Rect, title: str) -> int:
        """A panel box with a small title; returns the y below the title."""
        t = self.app.theme
        if rect.h <= 0:
            return rect.y
        pygame.draw.rect(surface, t.panel, rect, border_radius=t.px(10))
        pygame.draw.rect(surface, t.panel_edge, rect, max(1, t.px(1)), border_radius=t.px(10))
        if title:
            img = self.text(("small", True), title, t.text_dim)
            surface.blit(img, (rect.x + t.px(10), rect.y + t.px(5)))
            return rect.y + t.px(5) + img.get_height()
        return rect.y

    def prompt(self, state: PlanepitaState) -> str:
        mover = pp_rules.RULES.to_move(state)
        if state.phase is Phase.OVER or mover is None:
            return "The game is over"
        name = self.session.seats[mover].name
        return f"{name}: {PROMPTS.get(state.phase, PROMPTS[Phase.LAUNCH])}"

    def prompt_lines(self, text: str, width: int | None = None) -> list[str]:
        """``text`` (glyph and prompt) in at most two lines of the bold body font,
        each no wider than the head box's text width."""
        t = self.app.theme
        font = t.font("body", bold=True)
        width = self.head_rect.w - t.px(24) if width is None else width
        lines = wrap_text(font, text, width)
        if len(lines) > 2:  # a very wide name: cut the name, never what to do
            who, sep, words = text.rpartition(": ")
            if not sep:
                return [lines[0], fit_text(font, " ".join(lines[1:]), width)]
            lines = [fit_text(font, who + ":", width), fit_text(font, words, width)]
        elif len(lines) == 2:  # two lines: break after the name when both halves fit
            who, sep, words = text.rpartition(": ")
            if sep and font.size(who + ":")[0] <= width and font.size(words)[0] <= width:
                lines = [who + ":", words]
        return lines

    def _prompt_rows(self, width: int) -> int:
        """Lines the longest prompt any seat can get needs (1 or 2), for the layout."""
        t = self.app.theme
        rows = 1
        for seat in range(self.players):
            name = self.session.seats[seat].name
            for words in PROMPTS.values():
                rows = max(rows, len(self.prompt_lines(f"{t.player(seat).glyph} {name}: {words}", width)))
        return min(2, rows)

    def _panel_key(self, pic: Picture) -> tuple[Any, ...]:
        """Everything the panel's picture depends on (it is redrawn when this changes)."""
        anim = self.anims[0] if self.anims else None
        stage: tuple[Any, ...] = ()
        if isinstance(anim, RoundEnd):
            step, p = anim.stage()
            stage = (id(anim), step, step == 2 and p > 0.05)
        return (id(pic.state), pic.state.phase, type(anim).__name__, stage, self.my_turn,
                self.setting("flick_mode"), self.panel_rect.topleft, self.panel_rect.size,
                self.app.theme.palette, self.flip_button.visible, self.own_button.visible,
                self.double_button.visible)

    def _draw_panel_cached(self, surface: pygame.Surface, pic: Picture) -> None:
        """The panel changes only with the state or an animation's stage: draw it
        once, then blit the copy."""
        key = self._panel_key(pic)
        rect = self.panel_rect.clip(surface.get_rect())
        if self._panel_img is not None and self._panel_img_key == key:
            surface.blit(self._panel_img, rect.topleft)
            return
        self._draw_panel(surface, pic)
        if rect.w > 0 and rect.h > 0:
            self._panel_img = surface.subsurface(rect).copy()
            self._panel_img_key = key

    def _draw_panel(self, surface: pygame.Surface, pic: Picture) -> None:
        t = self.app.theme
        st = pic.state
        # the round and what to do
        r = self.head_rect
        self._box(surface, r, "")
        x = r.x + t.px(12)
        y = r.y + t.px(8)
        rnd = self.text(("heading", True), f"Round {min(st.round, ROUNDS)} of {ROUNDS}", t.text)
        surface.blit(rnd, (x, y))
        y += rnd.get_height() + t.px(2)
        mover = pp_rules.RULES.to_move(st)
        prompt = self.prompt(st)
        if self.anims and isinstance(self.anims[0], RoundEnd):
            prompt, mover = f"Round {self.anims[0].result.round} is over", None
        colour = t.player(mover).colour if mover is not None else t.text
        glyph = f"{t.player(mover).glyph} " if mover is not None else ""
        for line in self.prompt_lines(glyph + prompt):
            draw_text(surface, t.font("body", bold=True), line, mix(colour, (255, 255, 255), 0.35),
                      pygame.Rect(x, y, r.w - t.px(24), t.body.get_linesize()))
            y += t.body.get_linesize()
        for line in wrap_text(t.small, self.hint(st), r.w - t.px(24))[:2]:
            draw_text(surface, t.small, line, t.text_dim, pygame.Rect(x, y, r.w - t.px(24), t.small.get_linesize()))
            y += t.small.get_linesize()
        self._draw_decision(surface, st)
        self._draw_seats(surface, st)
        self._draw_slots(surface, st)
        self._draw_hole(surface, st, pic)

    def hint(self, st: PlanepitaState) -> str:
        if self.anims:
            return "Space or right-click: skip"
        if not self.my_turn:
            return "Watching…" if st.phase is not Phase.OVER else ""
        if st.phase is Phase.LAUNCH:
            how = "swipe it forward" if self.setting("flick_mode") == "swipe" else "pull back, release"
            return f"Drag your pad along the rim; press the disc, {how}."
        if st.phase is Phase.FLIP:
            return "Face down: 1 power, but it grips the board. Face up: 2 power."
        if st.phase is Phase.PLACE_JAMMER:
            spec = self.spec()
            area = spec.area if isinstance(spec, JammerSpec) else 5
            return f"Click a free spot in the shaded {area}-pt area."
        return ""

    def _draw_decision(self, surface: pygame.Surface, st: PlanepitaState) -> None:
        t = self.app.theme
        r = self.decide_rect
        title = ""
        if self.flip_button.visible:
            title = "The disc just launched"
        elif self.own_button.visible or self.double_button.visible:
            title = "Your next disc"
        if title:
            self._box(surface, r, title)
            return
        # nothing to choose: who would take each area if the round ended now
        if self.anims and isinstance(self.anims[0], RoundEnd):
            self._box(surface, r, "")
            return
        top = self._box(surface, r, "If the round ended now")
        results = self.live_power(st)
        line_h = t.small.get_linesize()
        y = top + t.px(4)
        for area in results:
            if y + line_h > r.bottom - t.px(4):
                break
            x = r.x + t.px(12)
            img = self.text(("small", True), f"{area.value} pts", t.text)
            surface.blit(img, (x, y))
            x += t.px(56)
            for owner, pw in enumerate(area.power):
                if pw == 0:
                    continue
                style = t.player(owner)
                label = f"{'3P' if owner >= self.players else style.glyph} {pw}"
                img = self.text(("small", owner == area.winner), label, style.colour)
                surface.blit(img, (x, y))
                x += img.get_width() + t.px(10)
            if area.winner is not None:
                words = self.session.seats[area.winner].name
            else:
                words = {"empty": "—", "tie": "tie", "third_party": "3P leads"}.get(area.reason, "")
            room = r.right - t.px(10) - x
            if room > t.px(24):
                draw_text(surface, t.small, words, t.text_dim, pygame.Rect(x, y, room, line_h), "right")
            y += line_h + t.px(3)

    def live_power(self, st: PlanepitaState) -> tuple[Any, ...]:
        """The rules' count of power per area for the discs on the board now."""
        key = ("power", id(st.layout), st.layout)
        if self._power_key != key:
            lay = st.layout
            self._power = pp_rules.area_winners(lay.discs, pp_rules.jammer_area_of(lay), st.players, st.slots)
            self._power_key = key
        return self._power

    def _draw_seats(self, surface: pygame.Surface, st: PlanepitaState) -> None:
        t = self.app.theme
        self._box(surface, self.seats_rect, "Players · score · discs left")
        mover = pp_rules.RULES.to_move(st)
        dr = max(5, t.px(8))
        for seat, row in enumerate(self.seat_rects):
            style = t.player(seat)
            if seat == mover:
                pygame.draw.rect(surface, mix(t.panel, style.colour, 0.22), row, border_radius=t.px(6))
                pygame.draw.rect(surface, style.colour, row, max(1, t.px(2)), border_radius=t.px(6))
            name = self.session.seats[seat].name
            team = ""
            if st.team_size:
                team = f" · team {pp_rules.team_of(st, seat) + 1}"
            start = " · starts" if seat == st.start else ""
            if self.compact:
                self._draw_seat_line(surface, st, seat, row, mover, dr)
                continue
            top = row.y + t.px(4)
            score = sum(v for v, _ in st.won[seat])
            sc = self.text(("body", True), str(score), t.text)
            surface.blit(sc, sc.get_rect(topright=(row.right - t.px(8), top)))
            draw_text(surface, t.font("body", bold=seat == mover), f"{style.glyph} {name}", style.colour,
                      pygame.Rect(row.x + t.px(6), top, row.w - sc.get_width() - t.px(20), t.body.get_linesize()))
            y2 = top + t.body.get_linesize() + t.px(2)
            cx = row.x + t.px(6) + dr
            cy = y2 + t.small.get_linesize() // 2
            for _ in range(st.left[seat]):
                img = self.sprite(Disc(-1, seat), dr)
                surface.blit(img, img.get_rect(center=(cx, cy)))
                cx += 2 * dr + t.px(2)
            if st.third_party_variant and st.left_3p[seat]:
                cx += t.px(4)
                for _ in range(st.left_3p[seat]):
                    img = self.sprite(Disc(-1, THIRD_PARTY), dr)
                    surface.blit(img, img.get_rect(center=(cx, cy)))
                    cx += 2 * dr + t.px(2)
            extra = []
            if st.doubles[seat]:
                extra.append("×2")
            tokens = " ".join(str(v) for v, _ in sorted(st.won[seat], reverse=True))
            words = " ".join(extra + ([tokens] if tokens else [])) + team + start
            if words.strip():
                room = row.right - t.px(8) - (cx + t.px(4))
                if room > t.px(30):
                    draw_text(surface, t.small, words.strip(" ·"), t.text_dim,
                              pygame.Rect(cx + t.px(4), y2, room, t.small.get_linesize()), "right")

    def _draw_seat_line(self, surface: pygame.Surface, st: PlanepitaState, seat: int, row: pygame.Rect,
                        mover: int | None, dr: int) -> None:
        """One seat on one line (small windows): name, discs left, score."""
        t = self.app.theme
        style = t.player(seat)
        score = sum(v for v, _ in st.won[seat])
        sc = self.text(("body", True), str(score), t.text)
        surface.blit(sc, sc.get_rect(midright=(row.right - t.px(8), row.centery)))
        discs = [Disc(-1, seat)] * st.left[seat]
        if st.third_party_variant:
            discs += [Disc(-1, THIRD_PARTY)] * st.left_3p[seat]
        step = 2 * dr + t.px(1)
        cx = row.right - t.px(16) - sc.get_width() - dr - (len(discs) - 1) * step
        for k, d in enumerate(discs):
            img = self.sprite(d, dr)
            surface.blit(img, img.get_rect(center=(cx + k * step, row.centery)))
        label = f"{style.glyph} {self.session.seats[seat].name}"
        if st.team_size:
            label += f" (team {pp_rules.team_of(st, seat) + 1})"
        if st.doubles[seat]:
            label += " ×2"
        room = cx - dr - t.px(6) - (row.x + t.px(6))
        draw_text(surface, t.font("body", bold=seat == mover), label, style.colour,
                  pygame.Rect(row.x + t.px(6), row.y, max(0, room), row.h))

    def _draw_slots(self, surface: pygame.Surface, st: PlanepitaState) -> None:
        t = self.app.theme
        self._box(surface, self.slots_rect, "Scoring tokens on the board")
        fading = None
        if self.anims and isinstance(self.anims[0], RoundEnd):
            stage, p = self.anims[0].stage()
            if stage == 2:
                fading = p
        for i, (value, rect) in enumerate(zip((5, 4, 3), self.slot_rects)):
            n = st.slots[i]
            pygame.draw.rect(surface, t.track, rect, border_radius=t.px(8))
            pygame.draw.rect(surface, AREA_COLOURS[value], rect, max(1, t.px(2)), border_radius=t.px(8))
            shown = n
            if fading is not None and self.anims and isinstance(self.anims[0], RoundEnd):
                res = self.anims[0].result.areas[i]
                if res.winner is not None and res.tokens:
                    shown = 0 if fading > 0.05 else n
            tr = max(4, min(rect.h // 3, rect.w // 5))
            for k in range(min(shown, 5)):
                c = (rect.x + tr + t.px(6) + k * (tr // 2), rect.centery)
                pygame.draw.circle(surface, (20, 16, 6), (c[0], c[1] + 2), tr)
                pygame.draw.circle(surface, TOKEN_GOLD, c, tr)
                pygame.draw.circle(surface, mix(TOKEN_GOLD, (0, 0, 0), 0.4), c, tr, max(1, tr // 5))
                v = self.text(("small", True), str(value), (40, 28, 0))
                surface.blit(v, v.get_rect(center=c))
            if shown == 0:
                v = self.text(("small", False), f"{value}: none", t.text_dim)
                surface.blit(v, v.get_rect(center=rect.center))
            else:
                label = self.text(("small", True), f"×{shown}", t.text)
                surface.blit(label, label.get_rect(midright=(rect.right - t.px(6), rect.centery)))

    def _draw_hole(self, surface: pygame.Surface, st: PlanepitaState, pic: Picture) -> None:
        t = self.app.theme
        r = self.hole_rect
        if r.h < t.small.get_linesize() + t.px(20):
            return
        top = self._box(surface, r, f"Black hole · {len(st.black_hole)} lost this round")
        area = pygame.Rect(r.x + t.px(8), top + t.px(4), r.w - t.px(16), r.bottom - top - t.px(12))
        if area.h <= 4:
            return
        strip = area.h * 2 < area.w
        rad = min(area.w, area.h) // 2
        c = (area.x + rad, area.centery) if strip else area.center
        for k in range(8, 0, -1):
            pygame.draw.circle(surface, mix(HOLE_COLOUR, (90, 60, 160), k / 10), c, max(1, rad * k // 8))
        pygame.draw.circle(surface, HOLE_COLOUR, c, max(1, rad // 3))
        for k in range(3):  # the spiral
            pts = []
            for j in range(24):
                a = k * 2 * math.pi / 3 + j * 0.22
                d = rad * (0.35 + 0.6 * j / 23)
                pts.append((c[0] + d * math.cos(a), c[1] + d * math.sin(a)))
            pygame.draw.lines(surface, (120, 90, 200), False, pts, max(1, t.px(1)))
        lost = list(st.black_hole)
        if strip:  # a short box: the lost discs in a row beside the hole
            dr = max(5, min(t.px(10), area.h // 3))
            step = 2 * dr + t.px(2)
            per_row = max(1, (area.right - (c[0] + rad + t.px(8))) // step)
            for i, d in enumerate(lost):
                row, col = divmod(i, per_row)
                x = c[0] + rad + t.px(8) + dr + col * step
                y = area.y + dr + row * step
                if y + dr > area.bottom + dr // 2:
                    break
                img = self.sprite(d, dr)
                surface.blit(img, img.get_rect(center=(x, y)))
            return
        dr = max(5, min(t.px(11), rad // 4))
        for i, d in enumerate(lost):
            a = i * 2.39996
            dd = rad * (0.25 + 0.6 * ((i * 0.618) % 1.0))
            img = self.sprite(d, dr)
            surface.blit(img, img.get_rect(center=(c[0] + dd * math.cos(a), c[1] + dd * math.sin(a))))

    def _draw_round_end(self, surface: pygame.Surface, anim: RoundEnd) -> None:
        """The power per area and where the tokens went."""
        t = self.app.theme
        stage, p = anim.stage()
        res = anim.result
        if stage == 0:
            return
        owners = len(res.areas[0].power) if res.areas else self.players
        head = self.text(("heading", True), f"Round {res.round}: power per area", t.text)
        row_h = t.body.get_linesize() + t.px(10)
        col_w = t.px(50)
        w = max(head.get_width() + t.px(32), t.px(110) + owners * col_w + t.px(230))
        w = min(w, self.geo.square.w - t.px(20))
        h = head.get_height() + t.px(26) + row_h * (len(res.areas) + 1)
        box = pygame.Rect(0, 0, w, h)
        box.center = self.geo.square.center
        panel = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(panel, (*t.panel, 236), panel.get_rect(), border_radius=t.px(12))
        pygame.draw.rect(panel, (*t.panel_edge, 255), panel.get_rect(), max(1, t.px(2)), border_radius=t.px(12))
        surface.blit(panel, box.topleft)
        surface.blit(head, (box.x + t.px(16), box.y + t.px(10)))
        y = box.y + head.get_height() + t.px(18)
        x0 = box.x + t.px(16)
        names_x = x0 + t.px(90)
        for k in range(owners):
            style = t.player(k)
            label = "3P" if k >= self.players else style.glyph
            img = self.text(("body", True), label, style.colour)
            surface.blit(img, img.get_rect(midtop=(names_x + k * col_w + col_w // 2, y)))
        y += row_h
        for area in res.areas:
            surface.blit(self.text(("body", True), f"{area.value} pts", t.text), (x0, y))
            best = max(area.power) if area.power else 0
            for k, pw in enumerate(area.power):
                col = t.text if pw == best and pw > 0 else t.text_dim
                img = self.text(("body", pw == best and pw > 0), str(pw), col)
                surface.blit(img, img.get_rect(midtop=(names_x + k * col_w + col_w // 2, y)))
            if area.winner is not None:
                words = f"→ {self.session.seats[area.winner].name} +{area.tokens * area.value}"
                colour = t.player(area.winner).colour
            elif area.reason == "empty":
                words, colour = "empty: carried over", t.text_dim
            elif area.reason == "third_party":
                words, colour = "3P: carried over", t.warning
            else:
                words, colour = "tie: carried over", t.warning
            rx = names_x + owners * col_w + t.px(8)
            draw_text(surface, t.small, words, colour, pygame.Rect(rx, y, box.right - rx - t.px(10), t.body.get_linesize()))
            y += row_h
        if stage == 2:  # tokens fly from the scoring board to the winners
            for i, area in enumerate(res.areas):
                if area.winner is None or not area.tokens or i >= len(self.slot_rects):
                    continue
                a = self.slot_rects[i].center
                b = self.seat_rects[area.winner].midright if area.winner < len(self.seat_rects) else a
                q = _ease(p)
                pos = (a[0] + (b[0] - a[0]) * q, a[1] + (b[1] - a[1]) * q - math.sin(q * math.pi) * t.px(40))
                tr = t.px(12)
                pygame.draw.circle(surface, TOKEN_GOLD, pos, tr)
                pygame.draw.circle(surface, (90, 60, 0), pos, tr, max(1, t.px(2)))
                v = self.text(("small", True), str(area.value), (40, 28, 0))
                surface.blit(v, v.get_rect(center=(round(pos[0]), round(pos[1]))))


def round_summary(result: RoundResult, names: list[str]) -> str:
    parts = []
    for a in result.areas:
        if a.winner is not None:
            parts.append(f"{a.value}-pt to {names[a.winner]}")
        else:
            parts.append(f"{a.value}-pt carried over")
    return f"Round {result.round}: " + ", ".join(parts)


__all__ = [
    "AimPrediction",
    "Geometry",
    "PlanepitaScene",
    "aim_from",
    "draw_icon",
    "fit_text",
    "predict",
    "pull_flick",
    "pull_length",
    "pull_speed",
    "reach_mm",
    "slide_distance",
    "slide_speed",
    "swipe_flick",
]
