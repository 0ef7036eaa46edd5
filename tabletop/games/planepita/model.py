"""Planepita's game data: discs, layouts, actions, phases and the state. Plain frozen data.

This module fixes the shapes the rules (``rules.py``), the physics
(``physics.py``), the bots (``bot.py``) and the table (``table/``) share; the
logic lives in ``rules.py``, and nothing here imports any of them. Board
positions are millimetres in the frame of ``board.py`` (planet centre at the
origin, y up); discs on the board are :class:`Disc` values inside a
:class:`Layout`.

Saves name these classes by module: ``Disc`` and ``Layout`` were defined in
``physics.py`` until they moved here, and say so with ``codec.formerly``, so
saves written before the move still load.

Owners: a disc's ``owner`` is the seat that launched it, or ``THIRD_PARTY``
(the player count, i.e. 2) for the 3P discs of a 2-player game (ruling P7).
Tokens a disc may carry: ``LAST`` (the Last Player token) and ``DOUBLE``.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from tabletop.core import shapes
from tabletop.core.codec import formerly
from tabletop.core.words import quote

#: the owner of the 3P discs in a 2-player game (P7): the seat after the last one
THIRD_PARTY = 2
LAST = "last"
DOUBLE = "double"
ROUNDS = 4
AREA_VALUES = (5, 4, 3)


# -- what is on the board ------------------------------------------------------------


@formerly("tabletop.games.planepita.physics:Disc")
@dataclass(frozen=True)
class Disc:
    """One alien disc on the board."""

    id: int
    owner: int
    x: float = 0.0
    y: float = 0.0
    angle: float = 0.0
    face_down: bool = False
    tokens: tuple[str, ...] = ()

    def moved(self, x: float, y: float, angle: float) -> Disc:
        """This disc where a shot left it: ``dataclasses.replace`` of those
        three fields, built directly (a shot gives every disc on the board
        its place; replace takes twice as long)."""
        return Disc(self.id, self.owner, x, y, angle, self.face_down, self.tokens)


@formerly("tabletop.games.planepita.physics:Layout")
@dataclass(frozen=True)
class Layout:
    """Everything on the table between shots: plain data."""

    players: int
    discs: tuple[Disc, ...] = ()
    #: the jammer's centre, or None while it waits to be placed again (P5)
    jammer: tuple[float, float] | None = (0.0, 0.0)
    #: each seat's pad position along its stretch, 0..1 (empty: all at 0.5)
    pads: tuple[float, ...] = ()

    def pad_of(self, seat: int) -> float:
        return self.pads[seat] if seat < len(self.pads) else 0.5


class Phase(enum.Enum):
    LAUNCH = "launch"  # the seat to move flicks a disc
    PLACE_JAMMER = "place_jammer"  # the jammer was knocked off: the active player puts it back (P5)
    FLIP = "flip"  # the active player decides whether to flip the disc just launched (P6)
    OVER = "over"


# -- actions ------------------------------------------------------------------------


@dataclass(frozen=True)
class Flick:
    """Launch the next disc: pad position along the seat's stretch (0..1), aim
    in degrees from straight in (positive counter-clockwise), speed in mm/s.
    ``third_party``: launch one of your 3P discs (2 players); ``double``:
    attach your Double token (only on your third launch, P8). A flick gives
    no spin (saves from before version 2 carried one: ``rules.migrate``)."""

    pad: float
    angle: float
    speed: float
    third_party: bool = False
    double: bool = False

    def malformed(self) -> str | None:
        """Why this is no flick at all (a number of the wrong type, NaN,
        infinite or huge; a choice that is not yes or no), or None. The ranges
        come from physics.toml: the rules check them."""
        return (
            shapes.real(self.pad, "pad position")
            or shapes.real(self.angle, "aim angle", "°")
            or shapes.real(self.speed, "speed", " mm/s")
            or shapes.flag(self.third_party, "choice of a 3P disc")
            or shapes.flag(self.double, "choice of the Double token")
        )

    def __str__(self) -> str:
        if self.malformed() is not None:
            return (
                f"flick pad={quote(self.pad)} angle={quote(self.angle)} "
                f"speed={quote(self.speed)} "
                f"3P={quote(self.third_party)} double={quote(self.double)}"
            )
        text = f"flick pad={self.pad:.2f} angle={self.angle:.1f} speed={self.speed:.0f}"
        if self.third_party:
            text += " 3P"
        if self.double:
            text += " double"
        return text


@dataclass(frozen=True)
class Flip:
    """Turn the disc just launched face down (``down=True``) or keep it face up."""

    down: bool

    def malformed(self) -> str | None:
        """Why this is no answer (not yes or no), or None."""
        return shapes.flag(self.down, "choice to flip")

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"flip {quote(self.down)}"
        return "flip" if self.down else "keep"


@dataclass(frozen=True)
class PlaceJammer:
    """Put the jammer back at (x, y) after it was knocked off the board (P5)."""

    x: float
    y: float

    def malformed(self) -> str | None:
        """Why this is no spot at all (not a finite number of sensible size in
        millimetres), or None. Where the jammer may go is the rules' to check."""
        return shapes.real(self.x, "jammer's x", " mm") or shapes.real(self.y, "jammer's y", " mm")

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"jammer x={quote(self.x)} y={quote(self.y)}"
        return f"jammer x={self.x:.0f} y={self.y:.0f}"


# -- what legal_actions returns for the continuous choices ---------------------------------


@dataclass(frozen=True)
class FlickSpec:
    """The launch phase's choices as ranges: ``check`` validates a concrete Flick."""

    seat: int
    pad: tuple[float, float]
    angle: tuple[float, float]
    speed: tuple[float, float]  # (exclusive) low, inclusive high
    third_party: bool  # a 3P disc may be launched now
    own: bool  # an own disc may be launched now
    double: bool  # the Double token may be attached to this launch

    def __str__(self) -> str:
        """The ranges in the notation of :class:`Flick`: ``[a,b]`` inclusive,
        ``(a,b]`` without ``a``; then which discs may go (``own``, ``3P``) and
        whether the Double token may be attached."""
        discs = "|".join(name for name, ok in (("own", self.own), ("3P", self.third_party)) if ok)
        return (
            f"flick pad=[{self.pad[0]:.2f},{self.pad[1]:.2f}]"
            f" angle=[{self.angle[0]:.1f},{self.angle[1]:.1f}]"
            f" speed=({self.speed[0]:.0f},{self.speed[1]:.0f}]"
            f" {discs or 'no disc'}" + (" double" if self.double else "")
        )


@dataclass(frozen=True)
class JammerSpec:
    """Where the jammer may go back: anywhere in ``area`` overlapping no disc."""

    area: int  # 5, or 4 when the 5-pt area has no free spot

    def __str__(self) -> str:
        return f"place the jammer in the {self.area}-pt area"


# -- the state ------------------------------------------------------------------------


@dataclass(frozen=True)
class AreaResult:
    """One area at a round's end."""

    value: int  # 5, 4 or 3
    power: tuple[int, ...]  # per owner (seats, then the 3P owner in 2-player games)
    winner: int | None  # the seat that took the tokens, or None (tie or 3P: carried over)
    tokens: int  # how many tokens were awarded (0 when carried over)
    reason: str  # "won", "tie", "third_party" or "empty"


@dataclass(frozen=True)
class RoundResult:
    """What the end of a round did, for the scene's animation and the log."""

    round: int
    jammer: tuple[float, float] | None
    jammer_area: int | None
    swept: tuple[Disc, ...]  # face-up discs the jammer took
    areas: tuple[AreaResult, ...]  # in the order 5, 4, 3
    next_start: int
    doubles: tuple[int, ...]  # seats given a Double token for the next round


@dataclass(frozen=True)
class ShotRecord:
    """What the last flick did (the trajectory itself is not stored)."""

    seat: int
    flick: Flick
    disc: int  # the launched disc's id
    hits: int
    lost: tuple[int, ...]  # discs sent to the black hole by this shot
    jammer_off: bool
    retried: bool  # the disc stayed on its pad and was handed back (P4)


@dataclass(frozen=True)
class PlanepitaState:
    players: int
    #: 0 (no teams), 2 (pairs) or 3 (trios); see rules.team_of
    team_size: int
    doubles_variant: bool
    third_party_variant: bool
    clockwise: bool  # 4 players: the start player moves clockwise when nobody scores (P3 option)
    round: int  # 1..4
    start: int  # this round's start player
    turn: int  # launches made this round (a P4 retry does not count)
    phase: Phase
    layout: Layout  # the discs on the board, the jammer (None: to be placed), the pads
    left: tuple[int, ...]  # own discs each seat still has to launch this round
    left_3p: tuple[int, ...]  # 3P discs each seat still has (2 players, else zeros)
    launches: tuple[int, ...]  # launches each seat has made this round
    slots: tuple[int, int, int]  # tokens on the scoring board for the 5-, 4- and 3-pt areas
    won: tuple[tuple[tuple[int, int], ...], ...]  # per seat: (area value, round) of each token won
    doubles: tuple[bool, ...]  # per seat: holds a Double token usable this round
    double_supply: int  # Double tokens left in the box
    pending: int | None  # the disc just launched, while a decision about it is open
    next_id: int
    black_hole: tuple[Disc, ...]  # discs lost this round (shown on the black-hole board)
    last_shot: ShotRecord | None
    history: tuple[RoundResult, ...]  # every finished round, oldest first
    #: a practice game (the "practice" variant): a flick may be taken back and
    #: tried again, also against bots (the rules' retry_barrier). Saves from
    #: before it existed load as games that are not practice.
    practice: bool = False
    #: the game's physics where it differs from the shipped physics.toml
    #: (``params.Overrides``, from the config's ``physics``): sorted
    #: ("section.key", value) pairs; () for the shipped values, which is what
    #: saves written before the field existed load with
    physics: tuple[tuple[str, float], ...] = ()

    @property
    def last_round(self) -> RoundResult | None:
        """The latest finished round (``history[-1]``), or None in round 1.
        Not a stored field: saves and every state copy stay smaller."""
        return self.history[-1] if self.history else None
