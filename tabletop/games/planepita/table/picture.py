"""What Planepita's table shows, as plain data: :class:`PlanepitaPicture`.

:func:`picture` works it out from the viewer's view, the table's own state
(:class:`Local`: the pad being dragged, the pull or swipe in progress, the
jammer under the mouse, the disc chosen), the animation on show or the
instant replay, and what the frame says (whose turn, the hint, the game's
settings); ``paint.py`` paints it and nothing else. The board at this moment
is a :class:`playback.Moment`; around it the picture says what is lit (the
zone the jammer goes in, the pad to drag), the aim and its power meter, the
jammer's ghost, the hint, the round's end, the side panel and the instant
replay's timeline, each with where it goes. A test asserts on the picture:
the aim's prediction and its tip, the meter's corner, the ghost's label, the
area count, the lost discs in the black hole.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import pygame

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.aim import (
    PULL_FULL_MM,
    AimPrediction,
    aim_direction,
    predict,
    pull_flick,
    pull_length,
    swipe_flick,
)
from tabletop.games.planepita.board import Board, PadPose
from tabletop.games.planepita.model import (
    AreaResult,
    Disc,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Phase,
    PlaceJammer,
    PlanepitaState,
    RoundResult,
)
from tabletop.games.planepita.playback import Impact, Moment, RoundEnd, moment_of
from tabletop.games.planepita.table.animation import Queue
from tabletop.games.planepita.table.layout import PROMPTS, Geometry, Layout, power_height
from tabletop.games.planepita.table.looks import (
    AIM_HARD,
    AIM_SOFT,
    HAZARD,
    hole_spots,
    label_box,
    words,
)
from tabletop.games.planepita.table.replay import InstantReplay, ReplayControls
from tabletop.ui.table import TableFrame
from tabletop.ui.theme import Colour, Theme, mix
from tabletop.ui.widgets import Button, wrap_text

# -- the table's own state ---------------------------------------------------------------


@dataclass
class Drag:
    kind: str  # "pad", "pull" or "swipe"
    seat: int
    start_px: tuple[int, int]
    now_px: tuple[int, int]
    started: float  # the table's clock at the press (a swipe: when it began to move)
    moved: float = 0.0  # the table's clock at the last motion (or the press)


@dataclass
class Local:
    """The table's own state: what the viewer is doing with the mouse and
    the buttons (input.py writes it, :func:`picture` reads it)."""

    drag: Drag | None = None
    #: where a pad dragged along the rim stands (0..1), by seat
    pad_override: dict[int, float] = field(default_factory=dict)
    #: the jammer under the mouse (mm) and the rules' reason it may not go there
    ghost: tuple[float, float] | None = None
    ghost_reason: str | None = None
    #: the next disc: a 3P disc, with the Double token
    use_3p: bool = False
    use_double: bool = False
    #: seconds of dt the table was given, and the last frame's
    clock: float = 0.0
    last_dt: float = 0.0
    #: the board the pulses are for, and seconds since it settled: the
    #: jammer's area to place it in and the disc to flip beat a moment, then
    #: hold steady (ui/rest.py: a table waiting for a person rests)
    pulse_for: object = None
    pulse_age: float = 0.0


class PowerMemo:
    """The rules' count of power per area for the discs on a board, after
    the jammer's sweep, and the face-up discs the sweep takes; kept for the
    last board it was asked about."""

    def __init__(self) -> None:
        self.key: tuple[object, ...] = ()
        self.power: tuple[AreaResult, ...] = ()
        self.swept: tuple[Disc, ...] = ()

    def _count(self, st: PlanepitaState) -> None:
        key = ("power", id(st.layout), st.layout, st.slots)
        if self.key != key:
            lay = st.layout
            area = pp_rules.jammer_area_of(lay)
            self.power = tuple(pp_rules.area_winners(lay.discs, area, st.players, st.slots))
            self.swept = pp_rules.sweep(lay.discs, area)[1]
            self.key = key

    def of(self, st: PlanepitaState) -> tuple[AreaResult, ...]:
        self._count(st)
        return self.power

    def swept_of(self, st: PlanepitaState) -> tuple[Disc, ...]:
        """The face-up discs the jammer would sweep if the round ended now."""
        self._count(st)
        return self.swept


# -- what the rules say ------------------------------------------------------------------


def spec_of(st: PlanepitaState) -> FlickSpec | JammerSpec | None:
    """The rules' description of the choice in ``st`` (FlickSpec, JammerSpec, or None)."""
    if st.phase is Phase.OVER:
        return None
    for a in pp_rules.RULES.legal_actions(st):
        if isinstance(a, (FlickSpec, JammerSpec)):
            return a
    return None


def limits_of(st: PlanepitaState) -> tuple[float, float]:
    """(max speed, max angle) of a launch in ``st``."""
    spec = spec_of(st)
    if isinstance(spec, FlickSpec):
        return spec.speed[1], max(abs(spec.angle[0]), abs(spec.angle[1]))
    params = pp_rules.params_of(st)
    return params.launch.max_speed, params.launch.max_angle


def pad_pos(local: Local, st: PlanepitaState, seat: int) -> float:
    """Where ``seat``'s pad stands: where it is being dragged, else where it was left."""
    if seat in local.pad_override:
        return local.pad_override[seat]
    return st.layout.pad_of(seat)


def next_disc(state: PlanepitaState, third_party: bool, double: bool) -> Disc:
    """The disc the next launch puts on the pad (its owner and tokens)."""
    return pp_rules.launched_disc(
        state, Flick(0.5, 0.0, 1.0, third_party=third_party, double=double)
    )


def aim_of(
    local: Local, st: PlanepitaState, geo: Geometry, board: Board
) -> tuple[float, float] | None:
    """(angle, speed) of the pull or swipe in progress."""
    d = local.drag
    if d is None or d.kind == "pad":
        return None
    pose = geo.pose(d.seat, pad_pos(local, st, d.seat))
    vmax, amax = limits_of(st)
    params = pp_rules.params_of(st)
    if d.kind == "pull":
        return pull_flick(pose, geo.to_mm(*d.now_px), vmax, amax, board, params)
    return swipe_flick(
        pose,
        geo.to_mm(*d.start_px),
        geo.to_mm(*d.now_px),
        local.clock - d.started,
        vmax,
        amax,
        geo.scale,
        board,
        params,
    )


def prompt_of(state: PlanepitaState, names: tuple[str, ...]) -> str:
    """What the player to move in ``state`` is asked, after their name."""
    mover = pp_rules.RULES.to_move(state)
    if state.phase is Phase.OVER or mover is None:
        return "The game is over"
    return f"{names[mover]}: {PROMPTS.get(state.phase, PROMPTS[Phase.LAUNCH])}"


# -- the picture's parts -------------------------------------------------------------------


@dataclass(frozen=True)
class Zone:
    """An area shaded on the planet: where the jammer may go back
    (``"place"``), the area it sweeps at a round's end (``"sweep"``), or the
    area it counts in now (``"counts"``, by the line-touch rule P1: the one
    whose face-up discs it will sweep and whose discs may not flip). When the
    jammer's centre lies outside the area it counts in (it touches the line
    from outside), ``label`` says so by the jammer, in ``label_box``."""

    area: int
    colour: Colour
    kind: str = "place"
    label: str = ""
    label_box: pygame.Rect | None = None


@dataclass(frozen=True)
class Ghost:
    """The jammer under the mouse while it is to be placed: green where the
    rules take it, red where they do not, with a label saying so."""

    at: tuple[float, float]  # mm
    ok: bool
    label: str
    label_box: pygame.Rect


@dataclass(frozen=True)
class Meter:
    """The power meter, in a corner of the board area: the speed, where the
    disc goes (full aim assist), the aim, and the pull's bar."""

    box: pygame.Rect
    speed: str
    where: str
    where_colour: Colour
    aim: str


@dataclass(frozen=True)
class Aim:
    """A pull (the viewer's, or a bot's) drawn from the pad: the rubber band,
    the aim assist's line or arrow, and the power meter."""

    pose: PadPose
    angle: float
    speed: float
    pulled: float  # mm: the pull that gives this speed
    frac: float  # of the fullest pull
    colour: Colour
    band: tuple[float, float]  # where the rubber band ends, px
    rubber: bool  # the band is drawn (a pull, not a swipe)
    assist: str  # "full", "line" or "none"
    prediction: AimPrediction
    #: where the aim line ends, mm (full aim assist only)
    tip: tuple[float, float] | None
    meter: Meter


@dataclass(frozen=True)
class HintMark:
    """The hint on show, drawn on the board: a flick's pad, direction and
    stop (its ``prediction``), a flip's disc, the jammer's spot."""

    action: Flick | Flip | PlaceJammer
    pose: PadPose | None = None
    prediction: AimPrediction | None = None
    disc: Disc | None = None


@dataclass(frozen=True)
class Finale:
    """A round's end on show: its stage (0 the sweep, 1 the power per area,
    2 the tokens flying), how far into it, the round's result, and how many
    owners' power its table shows (the seats, and the 3P discs' column only
    in a game played with them)."""

    stage: int
    progress: float
    result: RoundResult
    owners: int


@dataclass(frozen=True)
class Power:
    """Who would take each area if the round ended now (after the game: who
    took each area in the last round), below the decision's buttons: each
    area's power after the jammer's sweep and its verdict (a name, "tie",
    "3P leads", "swept" when the sweep emptied it, "—" when nobody is
    there), then the sweep itself: the jammer's area and each owner's
    face-up discs it takes, (owner, discs)."""

    heading: str
    results: tuple[AreaResult, ...]
    rect: pygame.Rect
    verdicts: tuple[str, ...] = ()
    jammer_area: int | None = None
    swept: tuple[tuple[int, int], ...] = ()

    @property
    def sweep_words(self) -> str:
        """The sweep line's words before its discs."""
        if self.jammer_area is None:
            return "Jammer off the board"
        tail = "sweeps" if self.swept else "nothing to sweep"
        return f"Jammer ({self.jammer_area} pts): {tail}"


@dataclass(frozen=True)
class Hole:
    """The black hole drawn in the panel, and the discs lost in it this round."""

    centre: tuple[int, int]
    rad: int
    dr: int  # the lost discs' radius, px
    spots: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Panel:
    """The side panel. It is painted again only when a compared field
    changes (the position shown, its phase, the animation step on show and
    its stage, the viewer's turn, the hint's words, where the panel is, the
    palette, which buttons show); the rest follows from those."""

    state_id: int
    phase: Phase
    anim: str
    stage: tuple[Any, ...]
    my_turn: bool
    hint: str
    rect: tuple[int, int, int, int]
    palette: str
    flip_shown: bool
    own_shown: bool
    double_shown: bool
    state: PlanepitaState = field(compare=False)
    names: tuple[str, ...] = field(compare=False)
    #: the seat to move in ``state``, and whose the prompt is (None once the round is over)
    mover: int | None = field(compare=False)
    asked: int | None = field(compare=False)
    prompt: str = field(compare=False)
    #: each seat's team (team play), else None
    teams: tuple[int, ...] | None = field(compare=False)
    finale: Finale | None = field(compare=False)
    #: the decision box's title, and the area count below its buttons
    title: str = field(compare=False)
    #: why the disc just launched got no flip (P6), when no button shows: "" for none
    no_flip: str = field(compare=False)
    power: Power | None = field(compare=False)
    lost_title: str = field(compare=False)
    hole: Hole | None = field(compare=False)


@dataclass(frozen=True)
class ReplayBar:
    """The instant replay's words and timeline over the top of the side panel."""

    box: pygame.Rect
    playing: bool
    t: float
    end: float
    duration: float
    impacts: tuple[Impact, ...]
    notes: tuple[str, ...]
    bar: pygame.Rect
    #: whose shot it is, as the heading says ("Cleo's shot", "Your last shot")
    whose: str = ""

    @property
    def shown(self) -> float:
        """The shot's time on show: the clock stops at the shot's end while
        the lost discs' fall plays out after it."""
        return min(self.t, self.duration)

    @property
    def fraction(self) -> float:
        """How far along its timeline the slider's knob is: the time the
        readout says over the shot's duration, so the two always agree."""
        return min(1.0, self.shown / max(self.duration, 1e-6))

    def at(self, t: float) -> float:
        """Where on the timeline (0..1) the shot's time ``t`` is (a contact's tick)."""
        return min(1.0, t / max(self.duration, 1e-6))

    @property
    def readout(self) -> str:
        return f"{self.shown:.2f} s of {self.duration:.2f} s"


@dataclass(frozen=True)
class PlanepitaPicture:
    """What the table shows (see the module docstring)."""

    moment: Moment
    clock: float
    #: seconds since the board on show settled: the pulses of a choice to
    #: make beat on it and then hold (``rest.pulse``); a sweep's on ``clock``
    pulse_age: float
    zone: Zone | None
    #: the ring round the viewer's pad: "" none, "lit" (it may be dragged), "held"
    pad_ring: str
    ghost: Ghost | None
    aim: Aim | None
    hint: HintMark | None
    finale: Finale | None
    panel: Panel
    replay: ReplayBar | None
    names: tuple[str, ...]


# -- working it out ------------------------------------------------------------------------


class Seen(Protocol):
    """What :func:`picture` reads of the table."""

    frame: TableFrame
    local: Local
    shape: Layout
    board: Board
    queue: Queue
    replay: ReplayControls
    power: PowerMemo
    flip_button: Button
    own_button: Button
    double_button: Button


def names_of(frame: TableFrame) -> tuple[str, ...]:
    return tuple(seat.name for seat in frame.session.seats)


def moment(table: Seen, view: PlanepitaState) -> Moment:
    """The animation's moment while one plays, else ``view`` with the pad
    being dragged, the disc waiting on the pad and the aim being pulled; an
    instant replay's moment while one shows."""
    instant = table.replay.instant
    if instant is not None:
        return instant.moment()
    now = table.queue.now
    if now is not None:
        return now.moment()
    pic = moment_of(view)
    mover = pp_rules.RULES.to_move(view)
    if view.phase is Phase.LAUNCH and mover is not None:
        local = table.local
        for seat, pos in local.pad_override.items():
            pic = pic.with_pad(seat, pos)
        human = not table.frame.session.seats[mover].is_bot
        aim = None
        if local.drag is not None and local.drag.kind != "pad":
            aim = aim_of(local, table.frame.session.state, table.shape.geo, table.board)
        pic = replace(
            pic, on_pad=next_disc(view, local.use_3p and human, local.use_double and human), aim=aim
        )
    return pic


def hint_words(table: Seen, st: PlanepitaState) -> str:
    """The line under the prompt: how to do what is asked, or that others play."""
    frame = table.frame
    if table.queue.running:
        return "Space or right-click: skip"
    if not frame.my_turn:
        return "Watching…" if st.phase is not Phase.OVER else ""
    if st.phase is Phase.LAUNCH:
        how = "swipe it forward" if frame.setting("flick_mode") == "swipe" else "pull back, release"
        return f"Drag your pad along the rim; press the disc, {how}."
    if st.phase is Phase.FLIP:
        return "Face down: 1 power, but it grips the board. Face up: 2 power."
    if st.phase is Phase.PLACE_JAMMER:
        spec = spec_of(frame.session.state)
        area = spec.area if isinstance(spec, JammerSpec) else 5
        return f"Click a free spot in the shaded {area}-pt area."
    return ""


def picture(table: Seen, view: PlanepitaState) -> PlanepitaPicture:
    """What the table shows of ``view``; reads the table's state, changes nothing."""
    frame = table.frame
    t = frame.app.theme
    pic = moment(table, view)
    names = names_of(frame)
    round_end = table.queue.round_end
    finale = None
    if round_end is not None:
        result = round_end.result
        owners = len(result.areas[0].power) if result.areas else view.players
        if not view.third_party_variant:
            owners = min(owners, view.players)  # no 3P discs: no column of zeros for them
        finale = Finale(*round_end.stage(), result, owners)
    ghost = _ghost(table, t, pic)
    return PlanepitaPicture(
        moment=pic,
        clock=table.local.clock,
        pulse_age=table.local.pulse_age,
        zone=_zone(table, t, pic, round_end),
        pad_ring=_pad_ring(table, pic),
        ghost=ghost,
        aim=_aim(table, t, pic) if ghost is None else None,
        hint=_hint(table, pic),
        finale=finale,
        panel=_panel(table, t, pic, names, finale),
        replay=_replay_bar(t, table.shape, table.replay.instant, table.replay.whose()),
        names=names,
    )


def _zone(table: Seen, t: Theme, pic: Moment, round_end: RoundEnd | None) -> Zone | None:
    """The jammer's legal area while it waits to be placed, the jammer's
    area while it sweeps at the end of a round, and otherwise, while the
    jammer is on the board, the area it counts in at this moment (P1: the
    innermost whose line it touches), with a label by it when its centre
    lies outside that area."""
    if not table.queue.running and pic.state.phase is Phase.PLACE_JAMMER:
        spec = spec_of(table.frame.session.state)
        return Zone(spec.area if isinstance(spec, JammerSpec) else 5, (120, 255, 140))
    if round_end is not None:
        stage, _ = round_end.stage()
        if stage == 0 and round_end.result.jammer_area is not None:
            return Zone(round_end.result.jammer_area, HAZARD, "sweep")
        return None
    if pic.jammer is None or pic.state.phase is Phase.OVER:
        return None
    board = table.board
    x, y = pic.jammer
    area = board.area_of(x, y, board.jammer_radius)
    if area is None:
        return None
    if board.area_of(x, y, 0.0) == area:
        return Zone(area, HAZARD, "counts")
    label = f"Jammer: {area}-pt area (it touches the line)"
    geo = table.shape.geo
    centre = geo.ipx(x, y)
    at = (centre[0], centre[1] + geo.length(board.jammer_radius) + t.px(4))
    box = label_box(t, label, HAZARD, at, "midtop", table.shape.board_area)
    return Zone(area, HAZARD, "counts", label, box)


def _pad_ring(table: Seen, pic: Moment) -> str:
    frame = table.frame
    session = frame.session
    human_launch = frame.my_turn and session.state.phase is Phase.LAUNCH
    if pic.active is None or not human_launch or table.queue.running:
        return ""
    if pic.active != session.to_move():
        return ""
    drag = table.local.drag
    return "held" if drag is not None and drag.kind == "pad" else "lit"


def _ghost(table: Seen, t: Theme, pic: Moment) -> Ghost | None:
    local = table.local
    if (
        pic.state.phase is not Phase.PLACE_JAMMER
        or table.queue.running
        or local.ghost is None
        or not table.frame.my_turn
    ):
        return None
    geo = table.shape.geo
    ok = local.ghost_reason is None
    jr = geo.length(table.board.jammer_radius)
    centre = geo.ipx(*local.ghost)
    label = "✓ place here" if ok else "✗ not here"
    box = label_box(
        t,
        label,
        t.ok if ok else t.danger,
        (centre[0], centre[1] + jr + t.px(4)),
        "midtop",
        table.shape.board_area,
    )
    return Ghost(local.ghost, ok, label, box)


def _aim(table: Seen, t: Theme, pic: Moment) -> Aim | None:
    """The aim drawn from the active pad."""
    if pic.aim is None or pic.active is None:
        return None
    state = table.frame.session.state
    board, geo = table.board, table.shape.geo
    params = pp_rules.params_of(state)
    angle, speed = pic.aim
    pose = geo.pose(pic.active, pic.pads[pic.active])
    vmax, _ = limits_of(state)
    pulled = pull_length(speed, vmax, board, params)
    frac = min(1.0, pulled / PULL_FULL_MM)
    col = mix(AIM_SOFT, AIM_HARD, frac)
    dx, dy = aim_direction(pose, angle)
    sx, sy = pose.start
    drag = table.local.drag
    band: tuple[float, float]
    if drag is not None and drag.kind == "pull":  # the rubber band back to the mouse
        band = drag.now_px
    else:  # a bot's pull, or a swipe: the pull that would give this speed
        band = geo.to_px(sx - dx * pulled, sy - dy * pulled)
    rubber = speed > 0 and (drag is None or drag.kind == "pull")
    pred = predict(board, pose, angle, speed, params)
    assist = str(table.frame.setting("aim_assist"))
    tip = (sx + dx * pred.tip, sy + dy * pred.tip) if assist == "full" else None
    return Aim(
        pose=pose,
        angle=angle,
        speed=speed,
        pulled=pulled,
        frac=frac,
        colour=col,
        band=band,
        rubber=rubber,
        assist=assist,
        prediction=pred,
        tip=tip,
        meter=_meter(table, t, angle, speed, pred, pose, assist),
    )


def _meter(
    table: Seen,
    t: Theme,
    angle: float,
    speed: float,
    pred: AimPrediction,
    pose: PadPose,
    assist: str,
) -> Meter:
    """The power meter's words and its corner (:func:`meter_corner`)."""
    speed_text = f"{speed:.0f} mm/s"
    speed_img = words(t, ("body", True), speed_text, t.text)
    if assist != "full":
        where, where_col = "", t.text
    elif pred.exit is not None:
        where, where_col = "leaves the board", t.danger
    elif pred.short:
        where, where_col = "stays on the pad", t.warning
    else:
        where, where_col = f"stops {pred.stop:.0f} mm ahead", t.text
    where_img = words(t, ("small", True), where, where_col)
    aim = f"aim {angle:+.1f}° from straight in" if assist != "none" else "power"
    aim_img = words(t, ("small", False), aim, t.text_dim)
    w = max(
        t.px(200), speed_img.get_width() + where_img.get_width() + t.px(12), aim_img.get_width()
    ) + t.px(20)
    h = speed_img.get_height() + aim_img.get_height() + t.px(34)
    sx, sy = pose.start
    dx, dy = aim_direction(pose, angle)
    box = meter_corner(
        t,
        table.shape,
        w,
        h,
        pose,
        (sx + dx * pred.tip, sy + dy * pred.tip),
        table.replay.keep_clear(),
    )
    return Meter(box, speed_text, where, where_col, aim)


def meter_corner(
    t: Theme,
    shape: Layout,
    w: int,
    h: int,
    pose: PadPose,
    tip: tuple[float, float],
    controls: list[pygame.Rect],
) -> pygame.Rect:
    """Where the power meter (``w`` x ``h``) goes: the corner of the board
    area that keeps clear of the launching pad and its disc and of the
    table's own ``controls`` there, and then is farthest from the aim line;
    the bottom left when all are equal."""
    area = shape.board_area
    geo = shape.geo
    m = t.px(6)
    corners = geo.pad_polygon(pose)
    xs, ys = [c[0] for c in corners], [c[1] for c in corners]
    pad = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)).inflate(m, m)
    a, b = geo.to_px(*pose.start), geo.to_px(*tip)

    def away(box: pygame.Rect) -> float:
        """How far the box's centre is from the aim line, px."""
        px, py = box.center
        dx, dy = b[0] - a[0], b[1] - a[1]
        k = max(0.0, min(1.0, ((px - a[0]) * dx + (py - a[1]) * dy) / max(1e-9, dx * dx + dy * dy)))
        return math.hypot(px - a[0] - k * dx, py - a[1] - k * dy)

    boxes = [
        pygame.Rect(area.x + m, area.bottom - h - m, w, h),
        pygame.Rect(area.right - w - m, area.bottom - h - m, w, h),
        pygame.Rect(area.x + m, area.y + m, w, h),
        pygame.Rect(area.right - w - m, area.y + m, w, h),
    ]
    # clear of the pad first, then of the controls, then away from the aim
    # line; the order breaks ties
    return max(
        boxes,
        key=lambda r: (
            not r.colliderect(pad),
            r.collidelist(controls) < 0,
            min(away(r), float(t.px(60))),
        ),
    )


def _hint(table: Seen, pic: Moment) -> HintMark | None:
    """The hint on show (the frame's ``hint_action``), where it is drawn."""
    action = table.frame.hint_action
    if isinstance(action, Flick) and pic.active is not None:
        pose = table.shape.geo.pose(pic.active, action.pad)
        params = pp_rules.params_of(table.frame.session.state)
        pred = predict(table.board, pose, action.angle, action.speed, params)
        return HintMark(action, pose=pose, prediction=pred)
    if isinstance(action, Flip) and pic.pending is not None:
        disc = next((d for d in pic.state.layout.discs if d.id == pic.pending), None)
        return HintMark(action, disc=disc) if disc is not None else None
    if isinstance(action, PlaceJammer):
        return HintMark(action)
    return None


def _panel(
    table: Seen, t: Theme, pic: Moment, names: tuple[str, ...], finale: Finale | None
) -> Panel:
    frame, shape = table.frame, table.shape
    st = pic.state
    now = table.queue.now
    stage: tuple[Any, ...] = ()
    if isinstance(now, RoundEnd):
        step, p = now.stage()
        stage = (id(now), step, step == 2 and p > 0.05)
    mover = pp_rules.RULES.to_move(st)
    asked, prompt = mover, prompt_of(st, names)
    if finale is not None:
        prompt, asked = f"Round {finale.result.round} is over", None
    teams = None
    if st.team_size:
        teams = tuple(_team(st, seat) for seat in range(len(names)))
    flip, own, double = table.flip_button, table.own_button, table.double_button
    title = ""
    no_flip = ""
    if flip.visible:
        title = "The disc just launched"
    elif own.visible or double.visible:
        title = "Your next disc"
    elif finale is None and not table.queue.running:
        no_flip = no_flip_words(st)
        if no_flip:
            title = "The disc just launched"
    lost_title = f"Black hole · {len(st.black_hole)} lost this round"
    return Panel(
        state_id=id(st),
        phase=st.phase,
        anim=type(now).__name__,
        stage=stage,
        my_turn=frame.my_turn,
        hint=hint_words(table, st),
        rect=(shape.panel.x, shape.panel.y, shape.panel.w, shape.panel.h),
        palette=t.palette,
        flip_shown=flip.visible,
        own_shown=own.visible,
        double_shown=double.visible,
        state=st,
        names=names,
        mover=mover,
        asked=asked,
        prompt=prompt,
        teams=teams,
        finale=finale,
        title=title,
        no_flip=no_flip,
        power=_power(table, t, st, title, finale),
        lost_title=lost_title,
        hole=_hole(t, shape, lost_title, len(st.black_hole)),
    )


def _team(st: PlanepitaState, seat: int) -> int:
    team = pp_rules.team_of(st, seat)
    assert team is not None, "team play gives every seat a team"
    return team


def no_flip_words(st: PlanepitaState) -> str:
    """Why the disc just launched in ``st`` was not offered a flip (P6), as
    the decision box says it once the next launch is due: "" when it was
    offered, was flipped, left the board, or the round is over."""
    shot = st.last_shot
    if (
        st.phase is not Phase.LAUNCH
        or shot is None
        or shot.retried
        or st.turn == 0
        or shot.seat != (pp_rules.launcher(st) - 1) % st.players
    ):
        return ""
    if not any(d.id == shot.disc for d in st.layout.discs):
        return ""
    why = pp_rules.flip_refusal(st.layout, shot.disc, pp_rules.params_of(st))
    if why is None or "already face down" in why:
        return ""
    return "Stays face up, no flip: " + why.removeprefix("the disc ").replace(
        "is in", "it is in", 1
    )


def area_count(
    power: PowerMemo, st: PlanepitaState
) -> tuple[str, tuple[AreaResult, ...], int | None, tuple[Disc, ...]]:
    """The decision box's count of the areas: its heading, one result per
    area (after the jammer's sweep), the jammer's area and the face-up discs
    it sweeps. During a round, all as if it ended now; once the game is
    over, as the last round ended."""
    last = st.last_round
    if st.phase is Phase.OVER and last is not None:
        heading = f"Round {last.round}: who took each area"
        return heading, last.areas, last.jammer_area, last.swept
    area = pp_rules.jammer_area_of(st.layout)
    return "If the round ended now", power.of(st), area, power.swept_of(st)


def verdict(area: AreaResult, swept: bool, names: tuple[str, ...]) -> str:
    """What the area count says of an area: who takes it, "tie", "3P
    leads", "swept" (``swept``: the jammer's sweep emptied it) or "—"."""
    if area.winner is not None:
        return names[area.winner]
    if area.reason == "empty":
        return "swept" if swept else "—"
    return {"tie": "tie", "third_party": "3P leads"}.get(area.reason, "")


def _power(
    table: Seen, t: Theme, st: PlanepitaState, title: str, finale: Finale | None
) -> Power | None:
    """The area count below the decision's buttons, if there is room for it."""
    if finale is not None:
        return None
    r = table.shape.decide
    heading, results, jammer, swept = area_count(table.power, st)
    if title:
        shown = [
            b.rect.bottom
            for b in (table.flip_button, table.own_button, table.double_button)
            if b.visible
        ]
        top = max(shown or [table.flip_button.rect.bottom]) + t.px(6)
    else:
        top = r.y
    if top + power_height(t) > r.bottom:
        return None  # two rows of buttons: no room left for the count
    names = names_of(table.frame)
    emptied = {pp_rules.area_of_disc(d) for d in swept}
    verdicts = tuple(verdict(a, a.value in emptied, names) for a in results)
    counts: dict[int, int] = {}
    for d in swept:
        counts[d.owner] = counts.get(d.owner, 0) + 1
    return Power(
        heading,
        tuple(results),
        pygame.Rect(r.x, top, r.w, r.bottom - top),
        verdicts,
        jammer,
        tuple(sorted(counts.items())),
    )


def _hole(t: Theme, shape: Layout, title: str, lost: int) -> Hole | None:
    """Where the black hole goes in its box and where its lost discs lie."""
    r = shape.hole
    if r.h < t.small.get_linesize() + t.px(20):
        return None
    top = r.y + t.px(5) + words(t, ("small", True), title, t.text_dim).get_height()
    area = pygame.Rect(r.x + t.px(8), top + t.px(4), r.w - t.px(16), r.bottom - top - t.px(12))
    if area.h <= 4:
        return None
    rad = min(area.w, area.h) // 2
    c = area.center
    dr, spots = hole_spots(c, rad, lost, max(5, t.px(11)))
    return Hole(c, rad, dr, tuple(spots))


def _replay_bar(
    t: Theme, shape: Layout, replay: InstantReplay | None, whose: str = ""
) -> ReplayBar | None:
    """Over the top of the side panel (the board stays clear): what is
    showing, the shot's timeline, how to steer it and what the marks mean."""
    if replay is None:
        return None
    panel = shape.panel
    inner_w = panel.w - t.px(24)
    line = t.small.get_linesize()
    notes = [
        *wrap_text(
            t.small,
            "Wheel or ← →: scrub · Space: pause or play · R or Esc: back to the game",
            inner_w,
        ),
        *wrap_text(
            t.small,
            "Rings mark the contacts, larger for harder hits; each path fades behind its piece.",
            inner_w,
        ),
    ]
    content = (
        t.heading.get_linesize()
        + t.body.get_linesize()
        + t.px(30)
        + (len(notes) + 1) * line
        + t.px(20)
    )
    h = min(panel.h, max(content, shape.decide.bottom - panel.y))
    box = pygame.Rect(panel.x, panel.y, panel.w, h)
    x, y = box.x + t.px(12), box.y + t.px(8)
    y += t.heading.get_linesize()
    y += t.body.get_linesize() + t.px(8)
    bar = pygame.Rect(x, y + t.px(6), inner_w, t.px(8))
    return ReplayBar(
        box=box,
        playing=replay.playing,
        t=replay.t,
        end=replay.end,
        duration=replay.traj.duration,
        impacts=tuple(replay.impacts),
        notes=tuple(notes),
        bar=bar,
        whose=whose,
    )
