"""The checks of Planepita's lesson (``lesson.toml``): which flick each step
lets through, the flick that does what it asks, how a person's mouse makes
it, and the claims its words make, each checked against the rules.

A flick is continuous, so a step does not name one flick: it names what the
flick must do, and :func:`landing` asks the rules' own simulation
(``rules.shot``, the one ``apply`` plays) where a flick would leave the disc.
A step that teaches landing in a ring lets through any flick that lands
there; one that teaches the Last Player token, any flick that stays on the
planet. Where a flick would do something else, the coach says what, in the
player's words (too soft, off the planet, in the jammer's area), and the
game does not change. The step's ``solve`` is the first of a fan of aims at
the step's areas (:func:`candidates`) that the step lets through from the
pad where it stands; its ``perform`` is the same search from the pad where
the table shows it, turned into the press, the pull back and the release a
person's mouse makes, each checked through the table's own pull maths
(``picture.aim_of``, the function the release uses), so the flick the
table makes from those events is the one the step was shown to pass.

Later steps read the table as the person's flicks left it: their words
are filled from the position (``{area}``, ``{todo}``, ``{areas}``) and
their claims hold whatever flick passed the steps before. Steps where the
round goes on (``do = "play"``) let the person decide freely (face down or
up, where the jammer goes back after a knock) while Ada moves in turn.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.lesson import StepHooks
from tabletop.core.words import plural
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.aim import aim_at, aim_direction, pull_length, slide_speed
from tabletop.games.planepita.board import Board
from tabletop.games.planepita.model import (
    AREA_VALUES,
    LAST,
    ROUNDS,
    Disc,
    Flick,
    Flip,
    Layout,
    Phase,
    PlaceJammer,
    PlanepitaState,
    RoundResult,
)
from tabletop.games.planepita.params import Params
from tabletop.games.planepita.physics import Trajectory

#: the seats lesson.toml sets: Ada, an easy bot, starts; the person sits second
ADA = 0
YOU = 1
ADA_NAME = "Ada"
RULES = pp_rules.RULES
#: how each area is named in the coach's words (the score sheet's names)
AREA_NAMES = pp_rules.AREA_NAMES

# -- where a flick goes -------------------------------------------------------------


@dataclass(frozen=True)
class Landing:
    """What a flick from ``state`` would do, by the rules' simulation."""

    traj: Trajectory
    #: the launched disc where it stops, None when it left the planet
    disc: Disc | None
    #: its area (P1), None when it left the planet or stayed on the pad
    area: int | None
    #: it stopped beyond the planet's centre, as seen from its pad
    beyond: bool
    params: Params

    @property
    def on_pad(self) -> bool:
        """It stops on its pad and is handed back (P4)."""
        return self.traj.stayed_on_pad

    @property
    def jammer_area(self) -> int | None:
        return pp_rules.jammer_area_of(self.traj.final, self.params)

    def advice(self, target: int) -> str:
        """What to change to stop in the area ``target`` instead (the pad is
        outside the outer ring: a disc short of the target stops in an outer
        area, one past the centre went too far)."""
        if self.beyond or (self.area is not None and self.area > target):
            return "Pull less."
        return "Pull farther."


def landing(state: PlanepitaState, flick: Flick) -> Landing:
    """Where ``flick`` leaves the launched disc: ``rules.shot`` from ``state``
    (memoised, so the move played after it is not simulated again)."""
    params = pp_rules.params_of(state)
    traj = pp_rules.shot(state, flick, params)
    if traj.stayed_on_pad:
        return Landing(traj, None, None, False, params)
    disc = next((d for d in traj.final.discs if d.id == state.next_id), None)
    if disc is None:
        return Landing(traj, None, None, True, params)
    start = Board.from_params(params).pad_pose(state.players, YOU, flick.pad).start
    beyond = math.dist((disc.x, disc.y), start) > math.hypot(*start)
    return Landing(traj, disc, pp_rules.area_of_disc(disc, params), beyond, params)


SOFT = "too soft: the disc would stay on your pad. Pull farther."
OFF = "too hard: the disc would fly off the planet. Pull less."
JAMMER_OFF = "that would knock the jammer off the planet; aim clear of it."
NOT_A_FLICK = "this step asks for a flick: pull back the disc on your pad."


def _on_planet(state: PlanepitaState, action: Any) -> tuple[str | None, Landing | None]:
    """Why ``action`` is no flick that stays on the planet (None: it is), and where it lands."""
    if not isinstance(action, Flick):
        return NOT_A_FLICK, None
    land = landing(state, action)
    if land.on_pad:
        return SOFT, land
    if land.disc is None:
        return OFF, land
    return None, land


def accept_ring(state: PlanepitaState, action: Any) -> str | None:
    """The first flick: on the planet, the jammer left on it, and in an area
    where the disc may be flipped (any but the jammer's)."""
    why, land = _on_planet(state, action)
    if why is not None or land is None or land.area is None:
        return why
    if land.traj.jammer_lost:
        return JAMMER_OFF
    if land.area == land.jammer_area:
        return (
            "that disc would stop in the jammer's area, where it may not be flipped. "
            + land.advice(AREA_VALUES[-1])
        )
    return None


def target_ring(state: PlanepitaState) -> int:
    """The ring the aim step asks for: the 4-pt ring, or the 3-pt ring while
    the jammer counts in the 4-pt ring."""
    return 3 if pp_rules.jammer_area_of(state.layout) == 4 else 4


def target_side(state: PlanepitaState) -> str:
    """The half of the planet the aim step asks for: the one the person's
    pad is not over ("left" of the centre as the screen shows it, or
    "right"), so a straight pull does not do it."""
    board = Board.from_params(pp_rules.params_of(state))
    x, _ = board.pad_pose(state.players, YOU, _pad(state)).start
    return "left" if x >= 0 else "right"


def accept_target(state: PlanepitaState, action: Any) -> str | None:
    """The aim step: any flick that lands in :func:`target_ring`, on :func:`target_side`."""
    why, land = _on_planet(state, action)
    if why is not None or land is None or land.area is None or land.disc is None:
        return why
    target = target_ring(state)
    if land.area != target:
        return f"that disc would stop in the {AREA_NAMES[land.area]}. {land.advice(target)}"
    side = target_side(state)
    if (land.disc.x < 0) != (side == "left"):
        other = "right" if side == "left" else "left"
        return f"that disc would stop {other} of the centre: pull back to the {other} to send it {side}."
    return None


def accept_on_planet(state: PlanepitaState, action: Any) -> str | None:
    """The last disc: any flick that stays on the planet."""
    return _on_planet(state, action)[0]


def accept_face_down(state: PlanepitaState, action: Any) -> str | None:
    if action == Flip(True):
        return None
    return "press Face down this time, to see what it does."


# -- the flicks that do what a step asks ----------------------------------------------------

#: how far from the centre each area's aims go, mm, in the order tried
RADII = {5: (0.0, 35.0), 4: (112.0, 100.0, 125.0), 3: (200.0, 185.0, 215.0)}
#: the aims fan out this many degrees at a time round the planet from straight across
FAN = 12.0


def candidates(state: PlanepitaState, pad: float, areas: Sequence[int]) -> Iterator[Flick]:
    """Flicks of the person's disc from ``pad`` at spots of ``areas`` (in
    order), nearest straight in first; each at the speed that stops it
    there on an empty board (the slide law), within the aim's limits."""
    params = pp_rules.params_of(state)
    board = Board.from_params(params)
    pose = board.pad_pose(state.players, YOU, pad)
    limit = params.launch.max_angle - 1.0
    facing = math.atan2(-pose.start[1], -pose.start[0])  # from the pad to the centre
    for area in areas:
        for base in (facing + math.pi, facing):  # the near side of the area, then the far
            for radius in RADII[area]:
                for k in range(1 if radius == 0.0 else 8):
                    for side in (1, -1) if k else (1,):
                        a = base + side * math.radians(k * FAN)
                        spot = (radius * math.cos(a), radius * math.sin(a))
                        angle, distance = aim_at(pose, spot)
                        if abs(angle) > limit:
                            continue
                        speed = round(slide_speed(distance, params))
                        yield Flick(pad=round(pad, 4), angle=round(angle, 1), speed=float(speed))


def find_flick(
    state: PlanepitaState,
    pad: float,
    areas: Sequence[int],
    accept: Callable[[PlanepitaState, Any], str | None],
) -> Flick:
    """The first of :func:`candidates` the step's ``accept`` lets through
    (the rules' check passed too). ValueError when none does: the lesson's
    table cannot be played as its words say."""
    for flick in candidates(state, pad, areas):
        if RULES.check(state, flick) is None and accept(state, flick) is None:
            return flick
    raise ValueError(f"no flick from pad {pad:.2f} does what the step asks")


def _pad(state: PlanepitaState) -> float:
    return state.layout.pad_of(YOU)


def solve_ring(state: PlanepitaState) -> Flick:
    return find_flick(state, _pad(state), (4, 3), accept_ring)


def solve_target(state: PlanepitaState) -> Flick:
    return find_flick(state, _pad(state), (target_ring(state),), accept_target)


def solve_on_planet(state: PlanepitaState) -> Flick:
    return find_flick(state, _pad(state), (4, 3, 5), accept_clear)


def accept_clear(state: PlanepitaState, action: Any) -> str | None:
    """On the planet with the jammer left on it: the flick ``solve`` plays
    where any flick would do (no jammer to put back)."""
    why, land = _on_planet(state, action)
    if why is None and land is not None and land.traj.jammer_lost:
        return JAMMER_OFF
    return why


def answer(state: PlanepitaState) -> Any:
    """The person's move in a step where the round goes on: face down, the
    jammer back at the rules' first free spot, or a flick that stays on."""
    if state.phase is Phase.FLIP:
        return Flip(True)
    if state.phase is Phase.PLACE_JAMMER:
        return jammer_spot(state)
    return solve_on_planet(state)


def jammer_spot(state: PlanepitaState) -> PlaceJammer:
    """Where the jammer goes back: the rules' free spot nearest the centre (P5)."""
    layout = state.layout
    area = pp_rules.jammer_area(layout)
    spot = pp_rules.free_jammer_spot(layout, area)
    if spot is None:  # jammer_area names an area with a free spot, or the 3-pt area
        raise ValueError("no free spot for the jammer")
    return PlaceJammer(round(spot[0], 1), round(spot[1], 1))


def wrong_zero(state: PlanepitaState) -> Flick:
    """A click on the disc without a pull: a flick with no speed (the rules refuse it)."""
    return Flick(pad=_pad(state), angle=0.0, speed=0.0)


def wrong_too_hard(state: PlanepitaState) -> Flick:
    """The hardest flick there is: the disc leaves the planet (or hits
    something on its way and leaves it somewhere the step does not ask)."""
    top = pp_rules.params_of(state).launch.max_speed
    for angle in (50.0, -50.0, 30.0, -30.0, 0.0):
        flick = Flick(pad=_pad(state), angle=angle, speed=top)
        if landing(state, flick).disc is None:
            return flick
    return Flick(pad=_pad(state), angle=0.0, speed=1.0)  # too soft: it stays on the pad


def wrong_aim(state: PlanepitaState) -> Flick:
    """A pull straight back at the aim step's ring, or near it, that the step
    does not let through (it lands on the pad's own side, or in another area)."""
    for flick in candidates(state, _pad(state), (target_ring(state),)):
        if RULES.check(state, flick) is None and accept_target(state, flick) is not None:
            return flick
    return wrong_zero(state)


# -- a person's mouse ----------------------------------------------------------------------


def pull_events(scene: Any, flick: Flick) -> tuple[list[Any], Flick | None]:
    """The press on the disc, the pull back and the release that give
    ``flick``'s aim and speed from where the table shows the pad, and the
    flick the table makes of them (its own pull maths, on whole pixels)."""
    from tabletop.games.planepita.table.picture import Drag, Local, aim_of

    table = scene.table
    state = scene.session.state
    geo, board = table.geo, table.board
    pad = table.pad_pos(YOU)
    pose = geo.pose(YOU, pad)
    vmax, _ = table.limits()
    length = pull_length(flick.speed, vmax, board, table.params)
    dx, dy = aim_direction(pose, flick.angle)
    press = geo.ipx(*pose.start)
    back = geo.ipx(pose.start[0] - dx * length, pose.start[1] - dy * length)
    local = Local(drag=Drag("pull", YOU, press, back, 0.0, 0.0))
    local.pad_override.update(table.local.pad_override)
    aim = aim_of(local, state, geo, board)
    made = None
    if aim is not None:
        made = Flick(pad=round(pad, 4), angle=round(aim[0], 1), speed=round(aim[1]))
    return _drag_events(press, back), made


def _drag_events(a: tuple[int, int], b: tuple[int, int], steps: int = 6) -> list[Any]:
    """A press at ``a``, the mouse moved to ``b`` with the button held, the release."""
    events = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
    ]
    last = a
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        rel = (p[0] - last[0], p[1] - last[1])
        events.append(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=rel, buttons=(1, 0, 0)))
        last = p
    events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    return events


def _click(pos: tuple[int, int]) -> list[Any]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def pull_for(
    areas: Sequence[int], accept: Callable[[PlanepitaState, Any], str | None]
) -> Callable[[Any], list[Any]]:
    """A step's ``perform``: the pull whose flick, as the table makes it
    from the events, the step lets through."""

    def perform(scene: Any) -> list[Any]:
        state = scene.session.state
        for flick in candidates(state, scene.table.pad_pos(YOU), areas):
            events, made = pull_events(scene, flick)
            if (
                made is not None
                and RULES.check(state, made) is None
                and accept(state, made) is None
            ):
                return events
        return []

    return perform


def perform_pad(scene: Any) -> list[Any]:
    """Drag the pad by its back edge a third of the way along its stretch."""
    table = scene.table
    geo = table.geo
    pad = table.pad_pos(YOU)
    pose = geo.pose(YOU, pad)
    grip = geo.ipx(*pose.to_world(pose.depth * 0.92, 0.0))
    goal = 0.3 if pad > 0.4 else 0.7
    lo, hi = table.board.stretch_arc(scene.session.state.players, YOU)
    a = math.radians(lo + goal * (hi - lo))
    rim = table.board.outer_radius + table.board.pad_gap + pose.depth * 0.92
    return _drag_events(grip, geo.ipx(rim * math.cos(a), rim * math.sin(a)), steps=10)


def perform_face_down(scene: Any) -> list[Any]:
    button = scene.table.flip_button
    return _click(button.rect.center) if button.visible else []


def perform_answer(scene: Any) -> list[Any]:
    """The person's move where the round goes on, as their mouse makes it."""
    state = scene.session.state
    if RULES.to_move(state) != YOU:
        return []
    if state.phase is Phase.FLIP:
        return perform_face_down(scene)
    if state.phase is Phase.PLACE_JAMMER:
        spot = jammer_spot(state)
        return _click(scene.table.geo.ipx(spot.x, spot.y))
    if state.phase is Phase.LAUNCH:
        return pull_for((4, 3, 5), accept_clear)(scene)
    return []


# -- the words -------------------------------------------------------------------------------


def _your_launch(state: PlanepitaState) -> bool:
    return state.phase is Phase.LAUNCH and pp_rules.launcher(state) == YOU


def todo(state: PlanepitaState) -> str:
    """What happens now, while the round goes on."""
    if state.phase is Phase.OVER:
        return ""
    mover = pp_rules.launcher(state)
    if state.phase is Phase.FLIP:
        if mover == YOU:
            return (
                "Face down or face up? Your choice now: face down is safe from the sweep "
                "but has 1 power; face up has 2 but can be knocked away or swept."
            )
        return f"{ADA_NAME} decides whether to flip hers."
    if state.phase is Phase.PLACE_JAMMER:
        if mover == YOU:
            return "You knocked the jammer off: click a free spot in the green area to put it back."
        return f"{ADA_NAME} puts the jammer back."
    if mover == YOU:
        return ""
    return f"{ADA_NAME} is flicking."


def _fill_todo(state: PlanepitaState) -> dict[str, str]:
    return {"todo": todo(state)}


def _sweep_todo(state: PlanepitaState) -> dict[str, str]:
    """The round's end: nothing to do but put the jammer back if your last
    disc knocked it off (once round 2 is laid out, the table still shows
    round 1's end: no word of round 2's moves)."""
    placing = state.phase is Phase.PLACE_JAMMER and pp_rules.launcher(state) == YOU
    return {"todo": todo(state) if placing and not state.history else ""}


def _flip_words(state: PlanepitaState) -> dict[str, str]:
    area = _pending_area(state)
    return {"area": AREA_NAMES.get(area, "?") if area is not None else "?"}


def _pending_area(state: PlanepitaState) -> int | None:
    disc = next((d for d in state.layout.discs if d.id == state.pending), None)
    return None if disc is None else pp_rules.area_of_disc(disc, pp_rules.params_of(state))


def _jammer_words(state: PlanepitaState) -> dict[str, str]:
    area = pp_rules.jammer_area_of(state.layout, pp_rules.params_of(state))
    return {"area": AREA_NAMES[area] if area is not None else "?"}


def _lost_words(state: PlanepitaState) -> dict[str, str]:
    lost = len(state.black_hole)
    return {"lost": "none so far" if lost == 0 else f"{lost} so far"}


def _aim_words(state: PlanepitaState) -> dict[str, str]:
    limit = pp_rules.params_of(state).launch.max_angle
    return {
        "max_angle": f"{limit:g}",
        "target": AREA_NAMES[target_ring(state)],
        "side": target_side(state),
    }


def _who(seat: int) -> str:
    return "you" if seat == YOU else ADA_NAME


def _area_words(result: RoundResult) -> str:
    """What the round's count did, area by area."""
    parts = []
    swept = [
        f"{plural(n, 'face-up disc')} of {whose}"
        for n, whose in (
            (sum(1 for d in result.swept if d.owner == YOU), "yours"),
            (sum(1 for d in result.swept if d.owner == ADA), f"{ADA_NAME}'s"),
        )
        if n
    ]
    if swept:
        parts.append(f"The jammer swept {' and '.join(swept)}.")
    for area in result.areas:
        name = AREA_NAMES[area.value]
        mine, ada = area.power[YOU], area.power[ADA]
        if area.winner is not None:
            them = ada if area.winner == YOU else mine
            took = "You took" if area.winner == YOU else f"{ADA_NAME} took"
            parts.append(f"{took} the {name}, {area.power[area.winner]} power to {them}.")
        elif area.reason == "tie":
            parts.append(f"The {name} was a tie, {mine} to {ada}: its token waits.")
        else:
            parts.append(f"Nobody had power in the {name}.")
    return " ".join(parts)


def _scored_words(state: PlanepitaState) -> dict[str, str]:
    if not state.history:
        return {}
    score = pp_rules.scores(state)
    return {"areas": _area_words(state.history[0]), "you": str(score[YOU]), "ada": str(score[ADA])}


def _next_round_words(state: PlanepitaState) -> dict[str, str]:
    if not state.history:
        return {}
    result = state.history[0]
    who = "You start" if state.start == YOU else f"{ADA_NAME} starts"
    won = next((a for a in result.areas if a.winner is not None), None)
    if won is None:
        starter = f"{who} round 2: nobody won an area, so the start moved one seat to the right."
    else:
        starter = (
            f"{who} round 2, as the winner of the {AREA_NAMES[won.value]}, "
            "the innermost area anyone won."
        )
    left = [AREA_NAMES[a.value] for a in result.areas if a.winner is None]
    if not left:
        carried = "All three were taken, so each holds one token again."
    else:
        where = "there" if len(left) == 1 else "on each"
        carried = f"Nobody took the {' or the '.join(left)}, so 2 tokens wait {where} now."
    return {"starter": starter, "carried": carried}


# -- the claims, checked against the rules --------------------------------------------------


def _claims(*checks: tuple[bool, str]) -> list[str]:
    """The claims among ``checks`` (held, words) that do not hold."""
    return [words for held, words in checks if not held]


def _disc_at(distance: float, **fields: Any) -> Disc:
    return Disc(-1, ADA, distance, 0.0, **fields)


def claims_goal(state: PlanepitaState) -> list[str]:
    return _claims(
        (ROUNDS == 4, "the game is four rounds"),
        (state.round == 1 and not state.history, "this is the first round"),
        (all(k >= 1 for k in state.slots), "tokens wait on every area"),
    )


def claims_areas(state: PlanepitaState) -> list[str]:
    params = pp_rules.params_of(state)
    board = Board.from_params(params)
    half, r = board.line_width / 2, board.disc_radius

    def area(distance: float) -> int | None:
        return pp_rules.area_of_disc(_disc_at(distance), params)

    touching = board.middle_radius + half + r - 0.5  # in the 3-pt ring, touching the 4-pt line
    return _claims(
        (AREA_VALUES == (5, 4, 3), "the areas are worth 5, 4 and 3"),
        (area(0.0) == 5, "the centre is worth 5"),
        (area((board.center_radius + board.middle_radius) / 2) == 4, "the middle ring is worth 4"),
        (area((board.middle_radius + board.outer_radius) / 2) == 3, "the outer ring is worth 3"),
        (area(touching) == 4, "a disc touching a white line counts in the inner area"),
    )


def claims_ada(state: PlanepitaState) -> list[str]:
    return _claims(
        (state.start == ADA and pp_rules.launcher(state) == ADA, "Ada starts this round"),
    )


def claims_pad(state: PlanepitaState) -> list[str]:
    spec = pp_rules.flick_spec(state)
    board = Board.from_params(pp_rules.params_of(state))
    lo, hi = board.stretch_arc(state.players, YOU)
    return _claims(
        (_your_launch(state), "it is your turn to launch"),
        (spec.pad == (0.0, 1.0), "the pad may stand anywhere along your stretch"),
        (lo < 90.0 < hi, "your stretch is at the top"),
    )


def claims_pull(state: PlanepitaState) -> list[str]:
    return _claims(
        (_your_launch(state), "it is your turn to launch"),
        (pp_rules.jammer_area_of(state.layout) == 5, "the jammer's area is the centre"),
    )


def claims_flip(state: PlanepitaState) -> list[str]:
    disc = next((d for d in state.layout.discs if d.id == state.pending), None)
    params = pp_rules.params_of(state)
    jammer = pp_rules.jammer_area_of(state.layout, params)
    area = _pending_area(state)
    down = Disc(-1, YOU, face_down=True)
    # in the jammer's area a face-up disc is swept, a face-down one is not
    swept_ok = False
    if jammer is not None:
        at = _middle_of(jammer, params)
        pair = (_disc_at(at), Disc(-2, ADA, -at, 0.0, face_down=True))
        kept, swept = pp_rules.sweep(pair, jammer, params)
        swept_ok = [d.id for d in swept] == [-1] and [d.id for d in kept] == [-2]
    return _claims(
        (state.phase is Phase.FLIP and pp_rules.launcher(state) == YOU, "you may flip your disc"),
        (disc is not None and area is not None, "your disc lies on the planet"),
        (pp_rules.power(down) == 1 and pp_rules.power(Disc(-1, YOU)) == 2, "1 power, not 2"),
        (swept_ok, "the jammer sweeps face-up discs only"),
    )


def claims_ada_again(state: PlanepitaState) -> list[str]:
    return _claims(
        (pp_rules.launcher(state) == ADA and state.phase is Phase.LAUNCH, "Ada flicks now"),
    )


def claims_jammer(state: PlanepitaState) -> list[str]:
    layout = state.layout
    params = pp_rules.params_of(state)
    area = pp_rules.jammer_area_of(layout, params)
    if area is None:
        return ["the jammer is on the planet"]
    kept, swept = pp_rules.sweep(layout.discs, area, params)
    in_area = [d for d in layout.discs if pp_rules.area_of_disc(d, params) == area]
    # one more face-up disc in the jammer's area: the rules refuse to flip it
    probe = Layout(
        layout.players,
        (*layout.discs, _disc_at(_middle_of(area, params))),
        layout.jammer,
        layout.pads,
    )
    return _claims(
        (
            {d.id for d in swept} == {d.id for d in in_area if not d.face_down},
            "the sweep takes each face-up disc in the jammer's area",
        ),
        (all(d in kept for d in in_area if d.face_down), "face-down discs stay"),
        (
            pp_rules.flip_refusal(probe, -1, params) is not None,
            "no disc in the jammer's area may be flipped",
        ),
    )


def _middle_of(area: int, params: Any) -> float:
    """A distance from the centre at which a disc lies in ``area``."""
    lo, hi = Board.from_params(params).area_bounds(area)
    return (lo + hi) / 2


def claims_hole(state: PlanepitaState) -> list[str]:
    params = pp_rules.params_of(state)
    board = Board.from_params(params)
    r = board.disc_radius
    on_board = {d.id for d in state.layout.discs}
    return _claims(
        (all(d.id not in on_board for d in state.black_hole), "lost discs are off the planet"),
        (
            pp_rules.area_of_disc(_disc_at(board.outer_radius + r - 1.0), params) is not None,
            "a disc partly over the planet stays in play",
        ),
        (
            pp_rules.area_of_disc(_disc_at(board.outer_radius + r + 1.0), params) is None,
            "a disc wholly off the planet is lost",
        ),
    )


def claims_aim(state: PlanepitaState) -> list[str]:
    spec = pp_rules.flick_spec(state)
    limit = pp_rules.params_of(state).launch.max_angle
    target = target_ring(state)
    return _claims(
        (_your_launch(state), "it is your turn to launch"),
        (spec.angle == (-limit, limit), "the aim goes up to the limit either side of straight"),
        (target in (4, 3) and target != pp_rules.jammer_area_of(state.layout), "a ring to aim at"),
    )


def claims_decide(state: PlanepitaState) -> list[str]:
    return _claims((state.left[ADA] > 0, "Ada has a disc to flick"))


def claims_count(state: PlanepitaState) -> list[str]:
    params = pp_rules.params_of(state)
    up, down = pp_rules.power(Disc(-1, YOU)), pp_rules.power(Disc(-1, YOU, face_down=True))
    # a strict lead takes the tokens, a tie takes none
    lead = pp_rules.area_winners(
        (_disc_at(0.0), _disc_at(10.0), Disc(-3, YOU, 40.0, 0.0)), 3, state.players, params=params
    )[0]
    tie = pp_rules.area_winners(
        (_disc_at(0.0), Disc(-3, YOU, 40.0, 0.0)), 3, state.players, params=params
    )[0]
    return _claims(
        (up == 2 and down == 1, "face up 2 power, face down 1"),
        (lead.winner == ADA and lead.tokens == 1, "the most power takes the tokens"),
        (tie.winner is None and tie.tokens == 0, "on a tie nobody takes them"),
    )


def claims_third(state: PlanepitaState) -> list[str]:
    return _claims(
        (_your_launch(state), "it is your turn to launch"),
        (state.launches[YOU] == 2, "this is your third disc"),
    )


def claims_last(state: PlanepitaState) -> list[str]:
    flick = Flick(pad=_pad(state), angle=0.0, speed=1000.0)
    disc = pp_rules.launched_disc(state, flick)
    params = pp_rules.params_of(state)
    probe = Disc(-1, YOU, 200.0, 0.0, tokens=(LAST,))
    layout = Layout(state.players, (probe,), state.layout.jammer, state.layout.pads)
    return _claims(
        (_your_launch(state) and pp_rules.is_last_launch(state), "this is the round's last launch"),
        (pp_rules.last_player(state) == YOU, "you sit to the start player's right"),
        (LAST in disc.tokens, "your disc carries the Last Player token"),
        (pp_rules.power(probe) == 1, "it counts 1 power"),
        (pp_rules.flip_refusal(layout, -1, params) is not None, "it may not be flipped"),
    )


def claims_sweep(state: PlanepitaState) -> list[str]:
    return _claims(
        (bool(state.history) or sum(state.left) == 0, "every disc is down"),
    )


def claims_scored(state: PlanepitaState) -> list[str]:
    if len(state.history) != 1:
        return ["round 1 is counted"]
    result = state.history[0]
    fair = True
    for area in result.areas:
        top = max(area.power)
        leaders = [o for o, p in enumerate(area.power) if p == top]
        if area.winner is not None:
            fair &= leaders == [area.winner] and area.tokens == 1
        elif area.reason == "tie":
            fair &= len(leaders) > 1 and area.tokens == 0 and top > 0
        else:
            fair &= top == 0
    own = pp_rules.seat_scores(state)
    taken = [sum(a.value for a in result.areas if a.winner == s) for s in range(state.players)]
    return _claims(
        (fair, "each area went to strictly the most power, a tie to nobody"),
        (list(own) == taken, "the points are the areas' values taken"),
    )


def claims_next_round(state: PlanepitaState) -> list[str]:
    if len(state.history) != 1:
        return ["round 2 is next"]
    result = state.history[0]
    won = next((a for a in result.areas if a.winner is not None), None)
    expected = won.winner if won is not None else (ADA - 1) % state.players
    grown = all(k == (1 if a.winner is not None else 2) for k, a in zip(state.slots, result.areas))
    return _claims(
        (state.round == 2 and state.start == result.next_start, "round 2 begins"),
        (
            state.start == expected,
            "the winner of the innermost area won starts, else the next seat",
        ),
        (grown, "each area gets one more token; the ones nobody took stay"),
    )


HOOKS = {
    "goal": StepHooks(claims=claims_goal),
    "areas": StepHooks(claims=claims_areas),
    "ada": StepHooks(claims=claims_ada),
    "pad": StepHooks(claims=claims_pad, perform=perform_pad),
    "pull": StepHooks(
        accept=accept_ring,
        solve=solve_ring,
        perform=pull_for((4, 3), accept_ring),
        wrong=wrong_zero,
        claims=claims_pull,
    ),
    "flip": StepHooks(
        accept=accept_face_down,
        solve=lambda state: Flip(True),
        perform=perform_face_down,
        wrong=lambda state: Flip(False),
        claims=claims_flip,
        words=_flip_words,
    ),
    "ada-again": StepHooks(claims=claims_ada_again),
    "jammer": StepHooks(claims=claims_jammer, words=_jammer_words),
    "hole": StepHooks(claims=claims_hole, words=_lost_words),
    "aim": StepHooks(
        accept=accept_target,
        solve=solve_target,
        perform=lambda scene: pull_for((target_ring(scene.session.state),), accept_target)(scene),
        wrong=wrong_aim,
        claims=claims_aim,
        words=_aim_words,
    ),
    "decide": StepHooks(
        until=lambda state: _your_launch(state),
        solve=answer,
        perform=perform_answer,
        claims=claims_decide,
        words=_fill_todo,
    ),
    "count": StepHooks(claims=claims_count),
    "third": StepHooks(
        until=lambda state: _your_launch(state) and pp_rules.is_last_launch(state),
        solve=answer,
        perform=perform_answer,
        claims=claims_third,
        words=_fill_todo,
    ),
    "last": StepHooks(
        accept=accept_on_planet,
        solve=solve_on_planet,
        perform=pull_for((4, 3, 5), accept_clear),
        wrong=wrong_too_hard,
        claims=claims_last,
    ),
    "sweep": StepHooks(
        until=lambda state: bool(state.history),
        solve=answer,
        perform=perform_answer,
        claims=claims_sweep,
        words=_sweep_todo,
    ),
    "scored": StepHooks(claims=claims_scored, words=_scored_words),
    "next-round": StepHooks(claims=claims_next_round, words=_next_round_words),
}
