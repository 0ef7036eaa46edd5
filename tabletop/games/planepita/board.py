"""Planepita's board as pure geometry, in millimetres. No pygame, no pymunk.

Coordinates: the planet's centre is the origin, x to the right, y up (the
scene flips y when it draws). Angles are degrees counter-clockwise from +x.
Seats go clockwise round the table starting at the bottom (270 degrees).

The white lines are rings centred on ``center_radius`` and ``middle_radius``,
``line_width`` wide. Ruling P1: a disc belongs to the innermost area whose
white line it touches or crosses; it is off the board only when no part of it
is over the board.

Launch pads stand outside the rim, facing the centre. The rulebook's marks
split the rim into stretches: the square into 2 (2 players) or 4 (4 players),
the triangle into 3 (3 players, and 6 players with two seats sharing each
stretch), the star into 5. A pad's front centre may sit anywhere in its seat's
stretch, kept clear of the neighbouring stretches by half a pad's width.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita.params import Params

AREAS = (5, 4, 3)
#: how many stretches the marks cut the rim into, by player count
STRETCHES = {2: 2, 3: 3, 4: 4, 5: 5, 6: 3}
#: the rulebook's mark for each player count
MARK = {2: "square", 3: "triangle", 4: "square", 5: "star", 6: "triangle"}


@dataclass(frozen=True)
class PadPose:
    """Where one launch pad stands: all in board millimetres."""

    angle: float  # the front centre's angle round the planet (degrees)
    front: tuple[float, float]  # centre of the front edge
    inward: tuple[float, float]  # unit vector from the pad towards the planet's centre
    across: tuple[float, float]  # unit vector along the front edge (inward turned +90 degrees)
    start: tuple[float, float]  # where a disc sits before its launch
    width: float
    depth: float
    wall: float

    def to_world(self, forward: float, side: float) -> tuple[float, float]:
        """A point ``forward`` mm out from the front edge (away from the planet)
        and ``side`` mm along it."""
        fx, fy = self.front
        ix, iy = self.inward
        ax, ay = self.across
        return (fx - ix * forward + ax * side, fy - iy * forward + ay * side)

    def corners(self) -> list[tuple[float, float]]:
        """The pad's footprint, front-left, front-right, back-right, back-left."""
        h = self.width / 2
        return [
            self.to_world(0, -h),
            self.to_world(0, h),
            self.to_world(self.depth, h),
            self.to_world(self.depth, -h),
        ]

    def local(self, x: float, y: float) -> tuple[float, float]:
        """(forward, side) of a world point in this pad's frame."""
        dx, dy = x - self.front[0], y - self.front[1]
        return (
            -(dx * self.inward[0] + dy * self.inward[1]),
            dx * self.across[0] + dy * self.across[1],
        )

    def lane(self) -> tuple[float, float]:
        """(deepest forward, widest side) a disc's centre may have and still be
        on this pad: between the walls and in front of the back wall."""
        return (self.depth - self.wall, self.width / 2 - self.wall)

    def holds(self, x: float, y: float, radius: float) -> bool:
        """True when a disc centred at (x, y) rests on this pad (its centre is
        over the pad, between the walls and in front of the back wall)."""
        forward, side = self.local(x, y)
        deepest, widest = self.lane()
        return 0.0 <= forward <= deepest and abs(side) <= widest

    def lane_exit(self, direction: tuple[float, float]) -> float:
        """How far (mm) a disc's centre moves from :attr:`start` along the unit
        ``direction`` before it is no longer over this pad (:meth:`holds`)."""
        forward, side = self.local(*self.start)
        deepest, widest = self.lane()
        df = -(direction[0] * self.inward[0] + direction[1] * self.inward[1])
        ds = direction[0] * self.across[0] + direction[1] * self.across[1]
        out = math.inf
        if df < 0:
            out = min(out, -forward / df)
        elif df > 0:
            out = min(out, (deepest - forward) / df)
        if ds:
            out = min(out, (widest - side * math.copysign(1.0, ds)) / abs(ds))
        return max(0.0, out)


@dataclass(frozen=True)
class Board:
    """The planet's measurements, from physics.toml."""

    outer_radius: float
    center_radius: float
    middle_radius: float
    line_width: float
    disc_radius: float
    jammer_radius: float
    pad_width: float
    pad_depth: float
    pad_wall: float
    pad_gap: float
    pad_start: float

    @staticmethod
    def from_params(p: Params) -> Board:
        return Board(
            outer_radius=p.board.planet_radius,
            center_radius=p.board.center_radius,
            middle_radius=p.board.middle_radius,
            line_width=p.board.line_width,
            disc_radius=p.disc.radius,
            jammer_radius=p.jammer.radius,
            pad_width=p.pad.width,
            pad_depth=p.pad.depth,
            pad_wall=p.pad.wall,
            pad_gap=p.pad.gap,
            pad_start=p.pad.start,
        )

    # -- areas (ruling P1) ------------------------------------------------------
    def area_of(self, x: float, y: float, radius: float) -> int | None:
        """5, 4 or 3 for the area a disc at (x, y) belongs to; None when it is
        entirely off the board (bound for the black hole)."""
        near = math.hypot(x, y) - radius  # the disc's closest point to the centre
        half = self.line_width / 2
        if near <= self.center_radius + half:
            return 5
        if near <= self.middle_radius + half:
            return 4
        if near < self.outer_radius:
            return 3
        return None

    def on_board(self, x: float, y: float, radius: float) -> bool:
        """True while any part of the disc is over the board."""
        return math.hypot(x, y) - radius < self.outer_radius

    def overhangs(self, x: float, y: float, radius: float) -> bool:
        """True when part of the disc sticks out over the rim."""
        return math.hypot(x, y) + radius > self.outer_radius

    def area_bounds(self, area: int, radius: float | None = None) -> tuple[float, float]:
        """The distances from the centre the centre of a piece of ``radius`` (a
        disc's by default) may have to belong to ``area``: (exclusive lower
        bound, inclusive upper bound), since a piece touching a line belongs to
        the inner area (P1); area 5 includes 0."""
        half = self.line_width / 2
        r = self.disc_radius if radius is None else radius
        if area == 5:
            return (0.0, self.center_radius + half + r)
        if area == 4:
            return (self.center_radius + half + r, self.middle_radius + half + r)
        if area == 3:
            return (self.middle_radius + half + r, self.outer_radius + r)
        raise ValueError(f"no area {area}")

    # -- launch pads -------------------------------------------------------------
    def pad_margin(self) -> float:
        """Degrees a pad's front centre keeps from the end of its stretch."""
        ratio = min(1.0, (self.pad_width / 2 + 1.0) / (self.outer_radius + self.pad_gap))
        return math.degrees(math.asin(ratio))

    def stretch_arc(self, players: int, seat: int) -> tuple[float, float]:
        """(low, high) angles, low < high, between which ``seat``'s pad front may sit."""
        index = stretch_index(players, seat)
        width = 360.0 / STRETCHES[players]
        centre = 270.0 - index * width
        margin = self.pad_margin()
        return (centre - width / 2 + margin, centre + width / 2 - margin)

    def pad_angle(self, players: int, seat: int, pos: float) -> float:
        """The angle of a pad placed at ``pos`` (0..1) along the seat's stretch."""
        if not (math.isfinite(pos) and 0.0 <= pos <= 1.0):
            raise ValueError(f"a pad position is between 0 and 1, not {pos!r}")
        lo, hi = self.stretch_arc(players, seat)
        return lo + pos * (hi - lo)

    def pad_pose(self, players: int, seat: int, pos: float) -> PadPose:
        angle = self.pad_angle(players, seat, pos)
        a = math.radians(angle)
        out = (math.cos(a), math.sin(a))
        inward = (-out[0], -out[1])
        across = (-inward[1], inward[0])
        rim = self.outer_radius + self.pad_gap
        front = (out[0] * rim, out[1] * rim)
        forward = self.pad_depth * self.pad_start
        start = (front[0] + out[0] * forward, front[1] + out[1] * forward)
        return PadPose(
            angle, front, inward, across, start, self.pad_width, self.pad_depth, self.pad_wall
        )

    def pads_overlap(self, a: PadPose, b: PadPose) -> bool:
        """True when two pads' footprints would overlap (their front centres are
        closer along the rim than a pad's width)."""
        gap = math.dist(a.front, b.front)
        return gap < self.pad_width

    def mark_angles(self, players: int) -> list[float]:
        """Where the rulebook's marks sit on the rim: the ends of the stretches."""
        k = STRETCHES[players]
        width = 360.0 / k
        return [(270.0 - width / 2 - i * width) % 360.0 for i in range(k)]


def stretch_index(players: int, seat: int) -> int:
    """Which stretch of the rim ``seat`` launches from."""
    if players not in STRETCHES:
        raise ValueError(f"Planepita is for 2 to 6 players, not {players}")
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not at a {players}-player table")
    return seat // 2 if players == 6 else seat


_DEFAULT: Board | None = None


def default_board() -> Board:
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = Board.from_params(params_mod.default())
    return _DEFAULT


def area_of(x: float, y: float, radius: float) -> int | None:
    """Ruling P1 on the shipped board: 5, 4, 3, or None when entirely off it."""
    return default_board().area_of(x, y, radius)
