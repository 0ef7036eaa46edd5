"""Planepita's rules: flick alien discs onto the planet, then count power per area.

Where the rulebook leaves a gap, rulings P1-P11 settle it (docs/rulings.md);
the in-app page is ``rules.txt`` beside this file. The data
shapes (discs, layouts, actions, phases, the state) live in ``model.py``; the
physics in ``physics.py`` and the geometry in ``board.py``.

A round: seats launch in turn, ``(start + t) % n`` for launch ``t``, until
every disc is down; the round's last launch (by the seat to the start player's
right, ``start - 1``) carries the Last Player token (P2). After a flick the
launcher may have to put the jammer back (``Phase.PLACE_JAMMER``, P5) and may
then decide whether to flip the disc (``Phase.FLIP``, P6). The round ends
inside ``apply``, after its last decision: the jammer sweeps its area, power is
counted per area, tokens go to the strict leaders, the next start player and
Double tokens are settled, and a fresh round is laid out.

What the scene and the bots call (all pure):

- :func:`shot` -- the memoised simulation of a flick from a state (the scene
  plays its frames; ``apply`` uses the same object);
- :func:`params_of` -- the physics a game is played with: the shipped
  physics.toml with the game's own values (``state.physics``, from the
  config's ``physics`` variant, which a new game takes from the player's
  physics.toml) laid over it;
- :func:`launcher`, ``state.phase`` -- whose decision it is and which kind;
- :func:`flick_spec` (also ``legal_actions`` in the launch phase),
  :func:`flip_refusal`, :func:`jammer_area`, :func:`jammer_refusal`,
  :func:`free_jammer_spot`;
- :func:`power`, :func:`area_winners`, :func:`team_of`, :func:`scores`.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Sequence
from dataclasses import replace
from pathlib import Path
from random import Random  # the type only: generators come from core.rng
from typing import Any

import numpy as np

from tabletop.core import shapes
from tabletop.core.game import (
    EndReason,
    GameConfig,
    IllegalAction,
    Outcome,
    ScoreSheet,
    SheetRow,
    require,
)
from tabletop.core.words import ordinal, plural, quote
from tabletop.games.planepita import commentary
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita.board import Board
from tabletop.games.planepita.info import INFO
from tabletop.games.planepita.model import (
    AREA_VALUES,
    DOUBLE,
    LAST,
    ROUNDS,
    THIRD_PARTY,
    AreaResult,
    Disc,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Layout,
    Phase,
    PlaceJammer,
    PlanepitaState,
    RoundResult,
    ShotRecord,
)
from tabletop.games.planepita.params import Params
from tabletop.games.planepita.physics import Launch, Trajectory, is_pad, simulate

PlanepitaAction = Flick | Flip | PlaceJammer

#: the grid the search for a free jammer spot walks (mm); see free_jammer_spot
JAMMER_GRID = 1.0
#: sample_action: speeds as a fraction of the top speed, and aims (degrees)
SAMPLE_SPEED = (0.35, 1.0)
SAMPLE_ANGLE = 25.0
SAMPLE_JAMMER_TRIES = 200


# -- setup numbers ----------------------------------------------------------------------


def discs_per_seat(players: int, third_party: bool = True) -> tuple[int, int]:
    """(own discs, 3P discs) each seat launches per round.

    2 players: 4 own and, with the 3P discs (P7), 2 of the third colour;
    3-4 players: 4; 5-6 players: 3 (P10).
    """
    if players == 2:
        return (4, 2 if third_party else 0)
    if players in (3, 4):
        return (4, 0)
    if players in (5, 6):
        return (3, 0)
    raise ValueError(f"Planepita is for 2 to 6 players, not {players}")


def launches_per_round(state: PlanepitaState) -> int:
    own, tp = discs_per_seat(state.players, state.third_party_variant)
    return state.players * (own + tp)


def launcher(state: PlanepitaState) -> int:
    """The seat making the current launch (and its jammer and flip decisions)."""
    return (state.start + state.turn) % state.players


def last_player(state: PlanepitaState) -> int:
    """The seat holding the Last Player token this round (P2): the start player's right."""
    return (state.start - 1) % state.players


def is_last_launch(state: PlanepitaState) -> bool:
    """True when the current launch is the round's last (it carries the LAST token)."""
    return state.turn == launches_per_round(state) - 1


def owners(players: int) -> int:
    """How many power columns an AreaResult has: the seats, plus the 3P owner at 2."""
    return players + 1 if players == 2 else players


def team_of(state: PlanepitaState, seat: int) -> int | None:
    """The team of ``seat``, or None without teams.

    4 players with team play: partners sit opposite (seats 0 and 2 against 1
    and 3): ``seat % 2``. 6 players in pairs: neighbours sharing a launch
    stretch, ``seat // 2``; in trios: every other seat, ``seat % 2``.
    """
    if state.team_size == 0:
        return None
    if state.players == 6 and state.team_size == 2:
        return seat // 2
    return seat % 2


def teams(state: PlanepitaState) -> list[tuple[int, ...]]:
    """The teams as tuples of seats (one seat each without teams)."""
    groups: dict[int, list[int]] = {}
    for seat in range(state.players):
        team = team_of(state, seat)
        groups.setdefault(seat if team is None else team, []).append(seat)
    return [tuple(g) for _, g in sorted(groups.items())]


# -- geometry helpers --------------------------------------------------------------------


@functools.lru_cache(maxsize=8)
def _board(params: Params) -> Board:
    return Board.from_params(params)


def area_of_disc(disc: Disc, params: Params | None = None) -> int | None:
    """P1: the area of an alien disc (5, 4, 3) or None when off the board."""
    p = params or params_mod.default()
    return _board(p).area_of(disc.x, disc.y, p.disc.radius)


def jammer_area_of(layout: Layout, params: Params | None = None) -> int | None:
    """The jammer's own area (with its radius), or None while it is off the board."""
    if layout.jammer is None:
        return None
    p = params or params_mod.default()
    return _board(p).area_of(layout.jammer[0], layout.jammer[1], p.jammer.radius)


def jammer_on_line(layout: Layout, params: Params | None = None) -> bool:
    """True when the jammer's centre lies outside the area it counts in: its
    edge touches that area's white line from outside, so by P1 it counts in
    the inner area, though it looks to sit in the outer one."""
    if layout.jammer is None:
        return False
    p = params or params_mod.default()
    x, y = layout.jammer
    return _board(p).area_of(x, y, 0.0) != jammer_area_of(layout, p)


def power(disc: Disc) -> int:
    """A disc's power: the LAST disc 1, a DOUBLE disc 4, face down 1, face up 2."""
    if LAST in disc.tokens:
        return 1
    if DOUBLE in disc.tokens:
        return 4
    return 1 if disc.face_down else 2


def _area_mask(d: np.ndarray, area: int, board: Board, radius: float) -> np.ndarray:
    """Vectorised Board.area_of for centres at distance ``d``: True where it is
    ``area``, by ``Board.area_bounds`` (a piece whose centre is exactly at the
    rim's bound is off the board, as area_of has it)."""
    lo, hi = board.area_bounds(area, radius)
    inside = d < hi if area == AREA_VALUES[-1] else d <= hi
    return inside if area == AREA_VALUES[0] else inside & (d > lo)


@functools.lru_cache(maxsize=256)
def _free_spot(
    centres: tuple[tuple[float, float], ...], area: int, params: Params
) -> tuple[float, float] | None:
    board = _board(params)
    rj, rd = params.jammer.radius, params.disc.radius
    _, reach = board.area_bounds(area, rj)
    n = int(math.ceil(reach / JAMMER_GRID))
    axis = np.arange(-n, n + 1, dtype=np.float64) * JAMMER_GRID
    grid_x, grid_y = np.meshgrid(axis, axis)
    xs, ys = grid_x.ravel(), grid_y.ravel()
    d = np.hypot(xs, ys)
    ok = _area_mask(d, area, board, rj)
    clear = (rj + rd) ** 2
    for cx, cy in centres:
        ok &= (xs - cx) ** 2 + (ys - cy) ** 2 >= clear
    found = np.flatnonzero(ok)
    if found.size == 0:
        return None
    # nearest the centre first; equal distances in grid order (row by row)
    order = found[np.lexsort((found, d[found]))]
    for i in order[:64]:
        spot = (float(xs[i]), float(ys[i]))
        if _spot_problem(centres, area, spot, params) is None:
            return spot
    return None


def _spot_problem(
    centres: Iterable[tuple[float, float]], area: int, spot: tuple[float, float], params: Params
) -> str | None:
    board = _board(params)
    rj, rd = params.jammer.radius, params.disc.radius
    x, y = spot
    got = board.area_of(x, y, rj)
    if got != area:
        where = "off the board" if got is None else f"in the {got}-pt area"
        return f"The jammer must go in the {area}-pt area; that spot is {where}."
    for cx, cy in centres:
        if math.hypot(x - cx, y - cy) < rj + rd:
            return "The jammer may not overlap a disc; choose a free spot."
    return None


def _centres(layout: Layout) -> tuple[tuple[float, float], ...]:
    return tuple((d.x, d.y) for d in layout.discs)


def free_jammer_spot(
    layout: Layout, area: int, params: Params | None = None
) -> tuple[float, float] | None:
    """A spot in ``area`` where the jammer overlaps no disc, or None.

    A deterministic search of a 1 mm grid, nearest the planet's centre first.
    It decides whether the 5-pt area "has space" (P5).
    """
    return _free_spot(_centres(layout), area, params or params_mod.default())


def jammer_area(layout: Layout, params: Params | None = None) -> int:
    """Where the jammer must go back (P5): the 5-pt area if it has a free spot,
    else the 4-pt area (and, should that be full too, the 3-pt area)."""
    for area in AREA_VALUES:
        if free_jammer_spot(layout, area, params) is not None:
            return area
    return AREA_VALUES[-1]


def jammer_refusal(layout: Layout, x: float, y: float, params: Params | None = None) -> str | None:
    """None if the jammer may be put back at (x, y), else why not (for players)."""
    p = params or params_mod.default()
    why = PlaceJammer(x, y).malformed()
    if why is not None:
        return why
    return _spot_problem(_centres(layout), jammer_area(layout, p), (float(x), float(y)), p)


# -- scoring --------------------------------------------------------------------------------


def sweep(
    discs: Sequence[Disc], jammer_area: int | None, params: Params | None = None
) -> tuple[tuple[Disc, ...], tuple[Disc, ...]]:
    """The jammer's action: (the discs that stay, the face-up discs it takes)."""
    kept: list[Disc] = []
    swept: list[Disc] = []
    for d in discs:
        area = area_of_disc(d, params)
        if jammer_area is not None and area == jammer_area and not d.face_down:
            swept.append(d)
        else:
            kept.append(d)
    return tuple(kept), tuple(swept)


def area_winners(
    discs: Sequence[Disc],
    jammer_area: int | None,
    players: int,
    slots: Sequence[int] = (1, 1, 1),
    params: Params | None = None,
) -> tuple[AreaResult, ...]:
    """Power per area per owner after the jammer's action, and who takes the tokens.

    ``discs`` are on the board (areas by ``board.area_of``, P1); the face-up
    discs in ``jammer_area`` are removed first. The owner with strictly the
    most power in an area takes its ``slots`` tokens (5-, 4-, 3-pt order); a
    tie carries them over; at 2 players the 3P owner leading or tying for the
    lead means nobody scores (P7). Results in the order 5, 4, 3.
    """
    kept, _ = sweep(discs, jammer_area, params)
    columns = owners(players)
    results = []
    for i, value in enumerate(AREA_VALUES):
        total = [0] * columns
        for d in kept:
            if area_of_disc(d, params) == value:
                total[d.owner] += power(d)
        top = max(total)
        leaders = [o for o, p in enumerate(total) if p == top]
        if top == 0:
            winner, reason = None, "empty"
        elif players == 2 and THIRD_PARTY in leaders:
            winner, reason = None, "third_party"
        elif len(leaders) > 1:
            winner, reason = None, "tie"
        else:
            winner, reason = leaders[0], "won"
        tokens = slots[i] if winner is not None else 0
        results.append(AreaResult(value, tuple(total), winner, tokens, reason))
    return tuple(results)


def tied_leaders(result: AreaResult, players: int) -> tuple[int, ...]:
    """Seats that shared the most power in an area (P8's "tied players")."""
    top = max(result.power)
    if top == 0 or result.winner is not None:
        return ()
    leaders = [o for o, p in enumerate(result.power) if p == top]
    if len(leaders) < 2:
        return ()
    return tuple(o for o in leaders if o < players)


def next_start(state: PlanepitaState, areas: Sequence[AreaResult]) -> int:
    """P3: the winner of the innermost area won; else one seat to the right
    (counter-clockwise), or clockwise at 4 players with that option."""
    for result in areas:  # innermost first
        if result.winner is not None:
            return result.winner
    step = 1 if state.clockwise and state.players == 4 else -1
    return (state.start + step) % state.players


def seat_scores(state: PlanepitaState) -> tuple[int, ...]:
    """Each seat's own points: the sum of its tokens' values."""
    return tuple(sum(value for value, _ in won) for won in state.won)


def scores(state: PlanepitaState) -> tuple[int, ...]:
    """Each seat's score in the standings: its team's total with teams."""
    own = seat_scores(state)
    out = list(own)
    for group in teams(state):
        total = sum(own[s] for s in group)
        for s in group:
            out[s] = total
    return tuple(out)


def _tiebreak(state: PlanepitaState, seat: int) -> tuple[int, int]:
    """P9 keys for a seat (summed over its team): 5-pt tokens, then those of round 4."""
    group = next(g for g in teams(state) if seat in g)
    fives = sum(1 for s in group for v, _ in state.won[s] if v == 5)
    late = sum(1 for s in group for v, r in state.won[s] if v == 5 and r == ROUNDS)
    return (fives, late)


#: how the score sheet names each area
AREA_NAMES = {5: "5-pt centre", 4: "4-pt ring", 3: "3-pt ring"}


def _sweep_row(state: PlanepitaState, result: RoundResult) -> SheetRow | None:
    """The jammer's sweep of a finished round as a sheet row (no points: a
    note per seat of the discs and power it took), or None when it took nothing."""
    if not result.swept or result.jammer_area is None:
        return None
    n = state.players
    notes = []
    for seat in range(n):
        mine = [d for d in result.swept if d.owner == seat]
        if mine:
            notes.append(
                f"{plural(len(mine), 'face-up disc')}, {sum(power(d) for d in mine)} power"
            )
        else:
            notes.append("")
    label = f"Round {result.round}, the jammer's sweep ({AREA_NAMES[result.jammer_area]})"
    return SheetRow(label, (None,) * n, tuple(notes))


def _area_row(state: PlanepitaState, result: RoundResult, area: AreaResult) -> SheetRow:
    """One area of a finished round: the points its winner took (tokens x
    value), and each seat's power there after the sweep."""
    n = state.players
    values: list[float | None] = []
    notes = []
    for seat in range(n):
        pw = area.power[seat]
        took = area.tokens * area.value if area.winner == seat else 0
        values.append(float(took))
        if area.winner == seat:
            tokens = f", {area.tokens} tokens" if area.tokens > 1 else ""
            notes.append(f"{pw} power: took it{tokens}")
        elif pw and area.reason == "tie" and pw == max(area.power):
            notes.append(f"{pw} power: tied")
        else:
            notes.append(f"{pw} power" if pw else "")
    return SheetRow(f"Round {result.round}, {AREA_NAMES[area.value]}", tuple(values), tuple(notes))


def _sheet_lines(state: PlanepitaState) -> list[str]:
    """Words under the sheet: the 3P discs' part (2 players), the tokens
    nobody took, and how a tie on points was settled (P9)."""
    lines = []
    last = state.phase is Phase.OVER
    for result in state.history:
        for area in result.areas:
            if area.reason == "third_party":
                third = area.power[THIRD_PARTY]
                lines.append(
                    f"Round {result.round}, {AREA_NAMES[area.value]}: the 3P discs had "
                    f"{third} power, so nobody scored there."
                )
        lost_3p = sum(1 for d in result.swept if state.players == 2 and d.owner == THIRD_PARTY)
        if lost_3p:
            lines.append(
                f"Round {result.round}: the jammer also swept {plural(lost_3p, '3P disc')}."
            )
    if last:
        left = [f"{v}-pt ×{k}" for v, k in zip(AREA_VALUES, state.slots) if k > 0]
        if left:
            lines.append(f"Tokens nobody won, left on the scoring board: {', '.join(left)}.")
        total = scores(state)
        keys = [_tiebreak(state, s) for s in range(state.players)]
        best = max(total)
        top = [s for s in range(state.players) if total[s] == best]
        groups = {next(i for i, g in enumerate(teams(state)) if s in g) for s in top}
        if len(groups) > 1:
            fives = ", ".join(f"{{{s}}} {keys[s][0]}" for s in top)
            late = ", ".join(f"{{{s}}} {keys[s][1]}" for s in top)
            lines.append(
                f"A tie on {plural(int(best), 'point')}: 5-pt tokens {fives}; "
                f"5-pt tokens won in round {ROUNDS} {late}."
            )
    return lines


def score_sheet(state: PlanepitaState) -> ScoreSheet:
    """The score sheet of ``state``: for every finished round, what the
    jammer swept (when it took anything) and each area's row (the points its
    winner took; each seat's power there in its note); with teams, a last row
    of the team-mates' points, so each column sums to the seat's score in the
    standings (:func:`scores`, ``Outcome.scores`` at the end)."""
    n = state.players
    rows: list[SheetRow] = []
    for result in state.history:
        swept = _sweep_row(state, result)
        if swept is not None:
            rows.append(swept)
        rows.extend(_area_row(state, result, area) for area in result.areas)
    if state.team_size:
        own, total = seat_scores(state), scores(state)
        rows.append(
            SheetRow(
                "Team-mates' points (team play)",
                tuple(float(total[s] - own[s]) for s in range(n)),
            )
        )
    return ScoreSheet.summed(rows, n, _sheet_lines(state))


# -- shots ----------------------------------------------------------------------------------


def params_of(state: PlanepitaState, base: Params | None = None) -> Params:
    """The physics ``state``'s game is played with: ``base`` (the shipped
    physics.toml) with the game's own values, ``state.physics``, laid over it.
    Memoised; ParamError for values params.py refuses (never in a state that
    passed the invariants)."""
    return params_mod.with_overrides_of(base or params_mod.default(), state.physics)


@functools.lru_cache(maxsize=256)
def _simulate(layout: Layout, launch: Launch, params: Params) -> Trajectory:
    traj = simulate(layout, launch, params)
    traj.frames.setflags(write=False)  # shared by every caller: nobody may change it
    return traj


def launched_disc(state: PlanepitaState, flick: Flick) -> Disc:
    """The disc ``flick`` would launch now: its id, owner and tokens."""
    seat = launcher(state)
    owner = THIRD_PARTY if flick.third_party else seat
    tokens: tuple[str, ...] = ()
    if is_last_launch(state):
        tokens = (LAST,)
    elif flick.double:
        tokens = (DOUBLE,)
    return Disc(state.next_id, owner, tokens=tokens)


def shot(state: PlanepitaState, flick: Flick, params: Params | None = None) -> Trajectory:
    """The simulation of ``flick`` from ``state``, memoised on the frozen (Layout,
    Launch): ``apply`` and the scene share one computation. IllegalAction if the
    flick is not legal now. ``params``: the game's own (:func:`params_of`)
    unless given. The returned frames are read-only."""
    p = params or params_of(state)
    reason = _flick_refusal(state, flick, p)
    if reason is not None:
        raise IllegalAction(reason)
    launch = Launch(
        seat=launcher(state),
        disc=launched_disc(state, flick),
        pad=float(flick.pad),
        angle=float(flick.angle),
        speed=float(flick.speed),
    )
    return _simulate(state.layout, launch, p)


def piece_hits(traj: Trajectory) -> int:
    """Hits between pieces (pad walls not counted)."""
    return sum(1 for e in traj.hits() if not is_pad(e.a) and not is_pad(e.b))


def recorded_shot(
    before: PlanepitaState, flick: Flick, after: PlanepitaState, params: Params | None = None
) -> Trajectory | None:
    """``flick``'s shot from ``before``, simulated again with the game's
    physics (:func:`params_of`, unless ``params`` is given), when it agrees
    with what the game recorded in ``after``: the same hits, lost discs,
    jammer and P4 retry, and, unless the shot ended the round, the very board
    ``after`` holds. None when it does not, as for a save played under an
    older version of the physics (the positions a save keeps are the truth;
    a path that no longer leads to them is never shown or described)."""
    rec = after.last_shot
    if rec is None or rec.flick != flick:
        return None
    try:
        traj = shot(before, flick, params)
    except IllegalAction:
        return None
    if (piece_hits(traj), traj.lost, traj.jammer_lost, traj.stayed_on_pad) != (
        rec.hits,
        rec.lost,
        rec.jammer_off,
        rec.retried,
    ):
        return None
    if (
        len(after.history) == len(before.history)
        and not traj.stayed_on_pad
        and traj.final != after.layout
    ):
        return None
    return traj


# -- legality -------------------------------------------------------------------------------


def flick_spec(state: PlanepitaState, params: Params | None = None) -> FlickSpec:
    """The launch phase's ranges for the seat to move (with the game's
    physics, :func:`params_of`, unless ``params`` is given)."""
    p = params or params_of(state)
    seat = launcher(state)
    lim = p.launch
    return FlickSpec(
        seat=seat,
        pad=(0.0, 1.0),
        angle=(-lim.max_angle, lim.max_angle),
        speed=(0.0, lim.max_speed),
        third_party=_double_or_3p_refusal(state, third_party=True, double=False) is None,
        own=state.left[seat] > 0,
        double=_double_or_3p_refusal(state, third_party=False, double=True) is None
        and state.left[seat] > 0,
    )


def _double_or_3p_refusal(state: PlanepitaState, third_party: bool, double: bool) -> str | None:
    seat = launcher(state)
    if third_party:
        if state.players != 2 or not state.third_party_variant:
            return "3P discs are only played in a 2-player game with the 3P discs option."
        if state.left_3p[seat] <= 0:
            return "You have no 3P discs left this round."
    elif state.left[seat] <= 0:
        return "You have no discs of your own left this round; launch a 3P disc."
    if double:
        if not state.doubles_variant:
            return "Double tokens are only used with the Double tokens option."
        if not state.doubles[seat]:
            return "You hold no Double token this round."
        if state.launches[seat] != 2:
            nth = ordinal(state.launches[seat] + 1)
            return f"The Double token can only go on your 3rd launch of the round, not your {nth}."
        if third_party:
            return "The Double token goes on one of your own discs, not a 3P disc."
        if is_last_launch(state):
            return "This disc carries the Last Player token; it cannot take the Double token too."
    return None


def _flick_refusal(state: PlanepitaState, flick: Flick, p: Params) -> str | None:
    if state.phase is not Phase.LAUNCH:
        return _phase_words(state)
    why = flick.malformed()
    if why is not None:
        return why
    lim = p.launch
    if not 0.0 <= flick.pad <= 1.0:
        return (
            f"The pad position must be between 0 and 1 along your stretch, not {quote(flick.pad)}."
        )
    if abs(flick.angle) > lim.max_angle:
        return (
            f"Aim at most {lim.max_angle:g}° either side of straight in, "
            f"not {quote(flick.angle, '°')}."
        )
    if flick.speed <= 0:
        return "A launch must move the disc: the speed must be above zero."
    if flick.speed > lim.max_speed:
        return (
            f"The speed can be at most {lim.max_speed:g} mm/s, not {quote(flick.speed, ' mm/s')}."
        )
    return _double_or_3p_refusal(state, flick.third_party, flick.double)


def _phase_words(state: PlanepitaState) -> str:
    if state.phase is Phase.PLACE_JAMMER:
        return "The jammer was knocked off the board: put it back first."
    if state.phase is Phase.FLIP:
        return "First decide whether to flip the disc you just launched."
    if state.phase is Phase.OVER:
        return "The game is over."
    return "It is time to launch a disc."


def flip_refusal(layout: Layout, disc_id: int, params: Params | None = None) -> str | None:
    """P6: None when the disc ``disc_id`` may be flipped, else why not."""
    disc = next((d for d in layout.discs if d.id == disc_id), None)
    if disc is None:
        return "the disc is not on the board."
    if disc.face_down:
        return "the disc is already face down."
    if LAST in disc.tokens:
        return "the disc carries the Last Player token."
    if DOUBLE in disc.tokens:
        return "the disc carries the Double token."
    area = area_of_disc(disc, params)
    if area is not None and area == jammer_area_of(layout, params):
        if jammer_on_line(layout, params):
            return (
                f"the disc is in the jammer's area (the {area}-pt area: "
                "the jammer touches its line, so it counts there)."
            )
        return f"the disc is in the jammer's area (the {area}-pt area)."
    return None


def can_flip(state: PlanepitaState) -> bool:
    """True when the disc just launched may be flipped (the FLIP phase is offered)."""
    return state.pending is not None and flip_refusal(state.layout, state.pending) is None


# -- the rules object -------------------------------------------------------------------------


class PlanepitaRules:
    info = INFO

    def __init__(self, params: Params | None = None) -> None:
        self._params = params

    def migrate(self, doc: dict[str, Any], from_version: int) -> dict[str, Any] | None:
        """A save from an older version of Planepita, as this version writes it.

        Version 1 -> 2: a flick no longer carries a spin (no control ever set
        one, and a disc slides straight whatever its spin), so every stored
        Flick, in the moves and in the positions' last shots, loses its
        ``spin``; and aims now stop at ``launch.max_angle`` (55°, where
        version 1 allowed 60°: beyond about 59° a disc that leaves its pad
        never reaches the planet), so a wider stored aim is recorded at the
        limit. The positions themselves are kept as they were played."""
        if from_version < 2:
            limit = self.params.launch.max_angle

            def upgrade(fields: dict[str, Any]) -> None:
                fields.pop("spin", None)
                angle = fields.get("angle")
                if (
                    isinstance(angle, (int, float))
                    and not isinstance(angle, bool)
                    and math.isfinite(angle)
                    and abs(angle) > limit
                ):
                    fields["angle"] = math.copysign(limit, angle)

            _each_dataclass(doc, ":Flick", upgrade)
        return doc

    @property
    def params(self) -> Params:
        """The parameters every game of these rules starts from (the shipped
        physics.toml unless the rules were made with others)."""
        return self._params or params_mod.default()

    def params_for(self, state: PlanepitaState) -> Params:
        """The parameters ``state``'s game is played with: :attr:`params` with
        the game's own values laid over them (:func:`params_of`)."""
        return params_of(state, self._params)

    # -- the protocol ----------------------------------------------------------------
    def setup(self, config: GameConfig, seed: int) -> PlanepitaState:
        """Round 1 with seat 0 starting: the setup screen's seat order is the table's
        clockwise order, and its first seat starts (the rulebook leaves the choice
        open). The seed plays no part: nothing in Planepita is random but the hands."""
        n = config.players
        own, tp = discs_per_seat(n, bool(config.get("third_party", True)))
        if n == 6:
            team_size = int(config.get("team_size", 2))
            if team_size not in (2, 3):
                raise ValueError(f"6-player teams are of 2 or 3, not {team_size}")
        elif n == 4 and config.get("team_play", False):
            team_size = 2
        else:
            team_size = 0
        doubles = bool(config.get("doubles", False))
        physics = config.get("physics", ())
        why = params_mod.overrides_refusal(physics, self._params)
        if why is not None:
            raise ValueError(f"Physics: {why}")
        return PlanepitaState(
            players=n,
            team_size=team_size,
            doubles_variant=doubles,
            third_party_variant=n == 2 and tp > 0,
            clockwise=n == 4 and bool(config.get("clockwise", False)),
            round=1,
            start=0,
            turn=0,
            phase=Phase.LAUNCH,
            layout=Layout(n, (), (0.0, 0.0), (0.5,) * n),
            left=(own,) * n,
            left_3p=(tp,) * n,
            launches=(0,) * n,
            slots=(1, 1, 1),
            won=((),) * n,
            doubles=(False,) * n,
            double_supply=n if doubles else 0,
            pending=None,
            next_id=0,
            black_hole=(),
            last_shot=None,
            history=(),
            practice=bool(config.get("practice", False)),
            physics=physics,
        )

    def to_move(self, state: PlanepitaState) -> int | None:
        return None if state.phase is Phase.OVER else launcher(state)

    def legal_actions(self, state: PlanepitaState) -> list[Any]:
        if state.phase is Phase.LAUNCH:
            return [flick_spec(state, self.params_for(state))]
        if state.phase is Phase.FLIP:
            return [Flip(True), Flip(False)]
        if state.phase is Phase.PLACE_JAMMER:
            return [JammerSpec(jammer_area(state.layout, self.params_for(state)))]
        return []

    def check(self, state: PlanepitaState, action: object) -> str | None:
        why = shapes.malformed(
            action, (Flick, Flip, PlaceJammer), "That is not a Planepita action."
        )
        if why is not None:
            return why
        if state.phase is Phase.OVER:
            return "The game is over."
        if isinstance(action, Flick):
            return _flick_refusal(state, action, self.params_for(state))
        if isinstance(action, Flip):
            if state.phase is Phase.FLIP:
                return None
            if state.phase is Phase.PLACE_JAMMER:
                return "Put the jammer back first; then you may decide about flipping."
            shot_ = state.last_shot
            just_launched = (
                shot_ is not None
                and not shot_.retried
                and state.turn > 0
                and shot_.seat == (launcher(state) - 1) % state.players
            )
            if just_launched and shot_ is not None:
                why = flip_refusal(state.layout, shot_.disc, self.params_for(state))
                if why is not None:
                    return f"That disc cannot be flipped: {why}"
            return "There is no disc to flip now: it is time to launch."
        assert isinstance(action, PlaceJammer)  # what shapes.malformed let through
        if state.phase is not Phase.PLACE_JAMMER:
            return "The jammer is on the board; it is only placed after it was knocked off."
        return jammer_refusal(state.layout, action.x, action.y, self.params_for(state))

    def apply(self, state: PlanepitaState, action: PlanepitaAction) -> PlanepitaState:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Flick):
            return self._flick(state, action)[0]
        if isinstance(action, PlaceJammer):
            layout = replace(state.layout, jammer=(float(action.x), float(action.y)))
            return self._after_jammer(replace(state, layout=layout))
        assert isinstance(action, Flip)
        layout = state.layout
        if action.down:
            discs = tuple(
                replace(d, face_down=True) if d.id == state.pending else d for d in layout.discs
            )
            layout = replace(layout, discs=discs)
        return self._advance(replace(state, layout=layout, pending=None))

    def apply_traced(
        self, state: PlanepitaState, action: PlanepitaAction
    ) -> tuple[PlanepitaState, Trajectory | None]:
        """``apply``, and for a flick the shot's trajectory it was simulated
        along: the session hands it to the animation and the log, so a shot is
        simulated once on the way from the flick to the screen."""
        if isinstance(action, Flick):
            reason = self.check(state, action)
            if reason is not None:
                raise IllegalAction(reason)
            return self._flick(state, action)
        return self.apply(state, action), None

    def is_over(self, state: PlanepitaState) -> bool:
        return state.phase is Phase.OVER

    def outcome(self, state: PlanepitaState) -> Outcome:
        if state.phase is not Phase.OVER:
            raise ValueError("the game is not over")
        total = scores(state)
        keys = [_tiebreak(state, s) for s in range(state.players)]
        outcome = Outcome.from_scores(
            [float(v) for v in total], EndReason.ROUNDS_COMPLETE, tiebreak=keys
        )
        winners = outcome.winners
        names = commentary.join([f"{{{s}}}" for s in winners])
        best = total[winners[0]]
        points = plural(best, "point")
        group = next(g for g in teams(state) if winners[0] in g)
        if len(winners) > len(group):
            detail = f"{names} share the victory with {points}."
        else:
            verb = "win" if len(winners) > 1 else "wins"
            detail = f"{names} {verb} with {points}"
            rivals = [s for s in range(state.players) if s not in winners and total[s] == best]
            if rivals:
                better = [s for s in rivals if keys[s][0] == keys[winners[0]][0]]
                detail += (
                    ", on more 5-pt tokens won in round 4" if better else ", on more 5-pt tokens"
                )
            detail += "."
        return replace(outcome, detail=detail)

    def score_sheet(self, state: PlanepitaState) -> ScoreSheet:
        """Power and points per area per round, and the jammer's sweeps
        (:func:`score_sheet`)."""
        return score_sheet(state)

    def view(self, state: PlanepitaState, seat: int) -> PlanepitaState:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        return state  # perfect information

    # -- what apply does ---------------------------------------------------------------
    def _flick(self, state: PlanepitaState, flick: Flick) -> tuple[PlanepitaState, Trajectory]:
        seat = launcher(state)
        traj = shot(state, flick, self.params_for(state))
        disc = launched_disc(state, flick)
        before = {d.id: d for d in state.layout.discs}
        before[disc.id] = disc
        lost = tuple(before[i] for i in traj.lost)
        record = ShotRecord(
            seat=seat,
            flick=flick,
            disc=disc.id,
            hits=piece_hits(traj),
            lost=tuple(d.id for d in lost),
            jammer_off=traj.jammer_lost,
            retried=traj.stayed_on_pad,
        )
        changes: dict[str, Any] = {
            "layout": traj.final,
            "black_hole": state.black_hole + lost,
            "last_shot": record,
            "pending": None,
        }
        if not traj.stayed_on_pad:
            # P4: a disc left on its pad is handed back; otherwise the launch counts
            if flick.third_party:
                changes["left_3p"] = _bump(state.left_3p, seat, -1)
            else:
                changes["left"] = _bump(state.left, seat, -1)
            changes["launches"] = _bump(state.launches, seat, 1)
            changes["next_id"] = state.next_id + 1
            on_board = any(d.id == disc.id for d in traj.final.discs)
            changes["pending"] = disc.id if on_board else None
        after = replace(state, **changes)
        if traj.jammer_lost:
            return replace(after, phase=Phase.PLACE_JAMMER), traj
        return self._after_jammer(after), traj

    def _after_jammer(self, state: PlanepitaState) -> PlanepitaState:
        """The jammer is on the board: offer the flip (P6), retry (P4) or move on."""
        if can_flip(state):
            return replace(state, phase=Phase.FLIP)
        if state.last_shot is not None and state.last_shot.retried:
            return replace(state, phase=Phase.LAUNCH, pending=None)
        return self._advance(replace(state, pending=None))

    def _advance(self, state: PlanepitaState) -> PlanepitaState:
        turn = state.turn + 1
        if turn < launches_per_round(state):
            return replace(state, turn=turn, phase=Phase.LAUNCH)
        return self._end_round(replace(state, turn=turn))

    def _end_round(self, state: PlanepitaState) -> PlanepitaState:
        p = self.params_for(state)
        n = state.players
        layout = state.layout
        j_area = jammer_area_of(layout, p)
        kept, swept = sweep(layout.discs, j_area, p)
        areas = area_winners(layout.discs, j_area, n, state.slots, p)
        won = list(state.won)
        slots = list(state.slots)
        for i, result in enumerate(areas):
            if result.winner is not None:
                won[result.winner] = (
                    won[result.winner] + ((result.value, state.round),) * result.tokens
                )
                slots[i] = 0
        start = next_start(state, areas)
        final_round = state.round >= ROUNDS
        doubles = (False,) * n
        supply = n if state.doubles_variant else 0
        given: list[int] = []
        if state.doubles_variant and not final_round:
            tied = {s for r in areas for s in tied_leaders(r, n)}
            for k in range(n):  # hand them out from the new start player on
                seat = (start + k) % n
                if seat in tied and supply > 0:
                    given.append(seat)
                    supply -= 1
            doubles = tuple(s in given for s in range(n))
        summary = RoundResult(
            round=state.round,
            jammer=layout.jammer,
            jammer_area=j_area,
            swept=swept,
            areas=areas,
            next_start=start,
            doubles=tuple(given),
        )
        history = state.history + (summary,)
        if final_round:
            return replace(
                state,
                phase=Phase.OVER,
                layout=replace(layout, discs=kept),
                black_hole=state.black_hole + swept,
                won=tuple(won),
                slots=(slots[0], slots[1], slots[2]),
                doubles=doubles,
                double_supply=supply,
                pending=None,
                history=history,
            )
        own, tp = discs_per_seat(n, state.third_party_variant)
        return replace(
            state,
            round=state.round + 1,
            start=start,
            turn=0,
            phase=Phase.LAUNCH,
            layout=Layout(n, (), (0.0, 0.0), layout.pads),
            left=(own,) * n,
            left_3p=(tp,) * n,
            launches=(0,) * n,
            slots=(slots[0] + 1, slots[1] + 1, slots[2] + 1),
            won=tuple(won),
            doubles=doubles,
            double_supply=supply,
            pending=None,
            black_hole=(),
            history=history,
        )

    # -- optional hooks -------------------------------------------------------------------
    def describe(self, state: PlanepitaState) -> str:
        p = self.params_for(state)
        n = state.players
        total = launches_per_round(state)
        lines = [f"Planepita, {n} players, round {state.round} of {ROUNDS}"]
        if state.team_size:
            lines.append(
                "teams     " + "  ".join("+".join(_who(s) for s in g) for g in teams(state))
            )
        own = seat_scores(state)
        lines.append(
            "scores    "
            + "  ".join(
                f"{_who(s)}:{own[s]}"
                + (f" ({'+'.join(_token_list(state.won[s]))})" if state.won[s] else "")
                for s in range(n)
            )
        )
        lines.append(
            "slots     " + "  ".join(f"{v}-pt x{k}" for v, k in zip(AREA_VALUES, state.slots))
        )
        hand = []
        for s in range(n):
            text = f"{_who(s)}:{state.left[s]}"
            if state.third_party_variant:
                text += f" (+{state.left_3p[s]} 3P)"
            if state.doubles[s]:
                text += " double"
            hand.append(text)
        lines.append("to launch " + "  ".join(hand))
        if state.physics:
            lines.append(
                "physics   " + "  ".join(f"{key}={value:g}" for key, value in state.physics)
            )
        if state.phase is Phase.OVER:
            lines.append("game over")
        else:
            lines.append(
                f"{_who(launcher(state))} to {_PHASE_VERB[state.phase]}: launch "
                f"{state.turn + 1} of {total} (start {_who(state.start)}, "
                f"last {_who(last_player(state))})"
            )
        jam = state.layout.jammer
        if jam is None:
            lines.append("jammer    off the board")
        else:
            lines.append(
                f"jammer    {jam[0]:.0f},{jam[1]:.0f} in the {jammer_area_of(state.layout, p)}-pt area"
            )
        for d in state.layout.discs:
            area = area_of_disc(d, p)
            face = "down" if d.face_down else "up"
            tokens = "".join(f" {t.upper()}" for t in d.tokens)
            lines.append(
                f"  #{d.id:<3} {_who(d.owner, n):3} {area}-pt {face:4} {d.x:.0f},{d.y:.0f}{tokens}"
            )
        if state.black_hole:
            lines.append(
                "black hole " + " ".join(f"#{d.id}:{_who(d.owner, n)}" for d in state.black_hole)
            )
        return "\n".join(lines)

    def log_line(
        self,
        state: PlanepitaState,
        action: PlanepitaAction,
        after: PlanepitaState,
        names: Sequence[str],
        trace: Trajectory | None = None,
    ) -> str:
        """The move as a commentator tells it (``commentary.py``): "Ada flicks
        hard towards the centre: the disc lands in the 5-pt area and knocks
        Basil's into the black hole." The numbers are in :meth:`log_detail`.
        ``trace``: the shot's trajectory when the session has it (a move just
        played); without it, a shot that ended the round is asked again."""
        name = _namer(state, names)
        seat = self.to_move(state)
        who = name(seat) if seat is not None else "?"
        parts: list[str] = []
        if isinstance(action, Flick):
            rec = after.last_shot
            assert rec is not None
            parts.append(
                commentary.flick_line(
                    state,
                    launcher(state),
                    action,
                    launched_disc(state, action),
                    self._shot_layout(state, action, after, trace),
                    rec.lost,
                    rec.retried,
                    name,
                    self.params_for(state),
                )
            )
        elif isinstance(action, Flip):
            parts.append(commentary.flip_line(who, action.down))
        else:
            parts.append(commentary.jammer_line(who, action.x, action.y, self.params_for(state)))
        if after.last_round is not None and len(after.history) > len(state.history):
            parts.append(commentary.round_words(after.last_round, name))
            if after.phase is Phase.OVER:
                parts.append(self.outcome(after).words_for(list(names)))
        return " ".join(parts)

    def _shot_layout(
        self,
        state: PlanepitaState,
        flick: Flick,
        after: PlanepitaState,
        trace: Trajectory | None = None,
    ) -> Layout | None:
        """The board right after ``flick``: ``after``'s, unless the flick also
        ended the round; then the shot's ``trace`` when given, else the shot
        asked again (a save's move), None when it no longer agrees with the
        record (:func:`recorded_shot`)."""
        if len(after.history) == len(state.history):
            return after.layout
        if trace is not None:
            return trace.final
        traj = recorded_shot(state, flick, after, self.params_for(state))
        return None if traj is None else traj.final

    def log_detail(
        self,
        state: PlanepitaState,
        action: PlanepitaAction,
        after: PlanepitaState,
        names: Sequence[str],
        trace: Trajectory | None = None,
    ) -> str:
        """The numbers behind a log line, for its tooltip: a flick's pad,
        aim, speed, hits, strongest impact and resting place; where the jammer
        went back; nothing more for a flip. ``trace`` as for :meth:`log_line`."""
        if isinstance(action, Flick):
            params = self.params_for(state)
            return commentary.flick_detail(
                state,
                action,
                launched_disc(state, action),
                trace if trace is not None else recorded_shot(state, action, after, params),
                _namer(state, names),
                params,
            )
        if isinstance(action, PlaceJammer):
            return commentary.jammer_detail(action.x, action.y)
        return ""

    def undo_barrier(self, before: Any, action: Any, after: Any) -> bool:
        return False  # nothing hidden, nothing drawn

    def retry_barrier(
        self, before: PlanepitaState, action: Any, after: PlanepitaState
    ) -> str | None:
        """A flick's result is known once it is made, and the physics is
        deterministic: taken back, it could be tried again until perfect. So
        against bots a flick stands, unless the game is practice; the
        decisions after it (the jammer, the flip) may be taken back."""
        if isinstance(action, Flick) and not before.practice:
            return "A flick against bots stands once its result is known (a Practice game allows retries)."
        return None

    def invariants(self, state: PlanepitaState) -> None:
        """Every value of ``state`` of its type and in its range (loading a save
        asks this of every stored position, so a position that is not a
        number is refused before anything draws it), then the conservation
        laws. AssertionError with the reason in words."""
        why = params_mod.overrides_refusal(state.physics, self._params)
        require(why is None, f"the game's physics values are refused ({why})")
        p = self.params_for(state)
        n = state.players
        require(_whole(n, 2, 6), "the player count is not 2 to 6")
        for flag, words in (
            ("doubles_variant", "Double tokens option"),
            ("third_party_variant", "3P discs option"),
            ("clockwise", "clockwise option"),
            ("practice", "practice option"),
        ):
            require(type(getattr(state, flag)) is bool, f"the {words} is not yes or no")
        require(
            state.team_size in _TEAM_SIZES[n] and type(state.team_size) is int,
            "the team size is not one of the table's",
        )
        require(not state.third_party_variant or n == 2, "3P discs are only played by two")
        require(not state.clockwise or n == 4, "only four players choose which way the start moves")
        require(type(state.phase) is Phase, "the phase is not one of the game's")
        require(_whole(state.round, 1, ROUNDS), f"the round is not 1 to {ROUNDS}")
        require(_whole(state.start, 0, n - 1), "the start player is not a seat")
        own, tp = discs_per_seat(n, state.third_party_variant)
        total = launches_per_round(state)
        require(_whole(state.turn, 0, total), "the launch count is out of range")
        for field in ("left", "left_3p", "launches"):
            values = getattr(state, field)
            require(
                _tuple_of(values, n) and all(_whole(v, 0, own + tp) for v in values),
                f"the {field} counts are not one whole number per seat",
            )
        require(
            _tuple_of(state.doubles, n) and all(type(v) is bool for v in state.doubles),
            "the Double tokens held are not yes or no per seat",
        )
        require(_whole(state.double_supply, 0, n), "the Double token supply is out of range")
        require(
            _tuple_of(state.slots, 3) and all(_whole(v, 0, ROUNDS) for v in state.slots),
            "the scoring board's tokens are out of range",
        )
        require(_tuple_of(state.won, n), "the tokens won are not one list per seat")
        for won in state.won:
            require(
                type(won) is tuple and all(_token_won(t) for t in won),
                "a token won is not an area's value and a round",
            )
        _check_layout(state.layout, n, p)
        ids_on_board = {d.id for d in state.layout.discs}
        require(type(state.black_hole) is tuple, "the black hole holds no list of discs")
        for d in state.black_hole:
            _check_disc(d, n, "a disc in the black hole")
        require(_whole(state.next_id, 0, total * ROUNDS), "the next disc number is out of range")
        require(
            state.pending is None
            or (_whole(state.pending, 0, state.next_id) and state.pending in ids_on_board),
            "the disc just launched is not on the board",
        )
        if state.last_shot is not None:
            _check_shot(state.last_shot, n)
        require(type(state.history) is tuple, "the finished rounds are not a list")
        for result in state.history:
            _check_round(result, n)

        # the conservation laws
        ids = [d.id for d in state.layout.discs] + [d.id for d in state.black_hole]
        require(len(ids) == len(set(ids)), "a disc is in two places")
        require(all(0 <= i < state.next_id for i in ids), "a disc's number was never dealt")
        for d in state.layout.discs:
            require(area_of_disc(d, p) is not None, f"disc #{d.id} is off the board")
        columns = owners(n)
        here = [0] * columns
        for d in (*state.layout.discs, *state.black_hole):
            here[d.owner] += 1
        for s in range(n):
            require(state.left[s] <= own and state.left_3p[s] <= tp, "a seat holds too many discs")
            require(
                state.left[s] + state.left_3p[s] + state.launches[s] == own + tp,
                "a launch did not use one disc",
            )
            require(here[s] + state.left[s] == own, f"seat {s + 1}'s discs are not conserved")
        if columns > n:
            require(
                here[THIRD_PARTY] + sum(state.left_3p) == tp * n, "the 3P discs are not conserved"
            )
        # a launch is counted when flicked, the turn when its decisions are made
        counted = state.phase is Phase.FLIP or (
            state.phase is Phase.PLACE_JAMMER
            and state.last_shot is not None
            and not state.last_shot.retried
        )
        require(
            sum(state.launches) == state.turn + counted, "the launches do not add up to the turn"
        )
        for i, value in enumerate(AREA_VALUES):
            taken = sum(1 for won in state.won for v, _ in won if v == value)
            require(state.slots[i] + taken == state.round, f"the {value}-pt tokens do not add up")
        require(
            all(r <= state.round for won in state.won for _, r in won),
            "a token was won in a later round",
        )
        if state.doubles_variant:
            require(
                sum(state.doubles) + state.double_supply == n, "the Double tokens are not conserved"
            )
        else:
            require(
                not any(state.doubles) and state.double_supply == 0,
                "Double tokens without the option",
            )
        if state.phase is Phase.FLIP:
            require(can_flip(state), "a flip is offered for a disc that may not be flipped")
        if state.phase is Phase.PLACE_JAMMER:
            require(
                state.layout.jammer is None,
                "the jammer is on the board while it waits to be placed",
            )
        elif state.phase is not Phase.OVER:
            require(state.layout.jammer is not None, "the jammer is not on the board")
        require(
            len(state.history) == state.round - (0 if state.phase is Phase.OVER else 1),
            "the finished rounds do not match the round",
        )


# -- what a position may hold (the invariants' helpers) -----------------------------------

#: the team sizes (see team_of) each player count allows
_TEAM_SIZES = {2: (0,), 3: (0,), 4: (0, 2), 5: (0,), 6: (2, 3)}
_AREA_REASONS = ("won", "tie", "third_party", "empty")


def _each_dataclass(node: Any, class_suffix: str, change: Any) -> None:
    """Call ``change(fields)`` on every encoded dataclass whose class name ends
    in ``class_suffix``, anywhere in a save document (walked without
    recursion, so a deep document cannot exhaust the stack)."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            kind, fields = item.get("$dc"), item.get("f")
            if isinstance(kind, str) and kind.endswith(class_suffix) and isinstance(fields, dict):
                change(fields)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _whole(value: object, lo: int, hi: int) -> bool:
    """A whole number (never a bool or a float) from ``lo`` to ``hi``."""
    return shapes.is_whole(value) and lo <= value <= hi  # type: ignore[operator]


def _real(value: object, lo: float = -math.inf, hi: float = math.inf) -> bool:
    """A finite number of sensible size (never a bool) from ``lo`` to ``hi``."""
    return shapes.is_real(value) and lo <= value <= hi  # type: ignore[operator]


def _tuple_of(values: object, length: int) -> bool:
    return type(values) is tuple and len(values) == length


def _token_won(token: object) -> bool:
    """A token won: (the area's value, the round it was won in)."""
    return (
        type(token) is tuple
        and len(token) == 2
        and type(token[0]) is int
        and token[0] in AREA_VALUES
        and _whole(token[1], 1, ROUNDS)
    )


def _point(value: object) -> bool:
    """An (x, y) position of finite numbers."""
    return type(value) is tuple and len(value) == 2 and all(_real(v) for v in value)


def _check_disc(d: object, players: int, what: str) -> None:
    require(type(d) is Disc, f"{what} is not a disc")
    assert isinstance(d, Disc)
    require(_whole(d.id, 0, 10_000), f"{what} has no number")
    name = f"disc #{d.id}"
    require(_whole(d.owner, 0, owners(players) - 1), f"{name}'s owner is not at the table")
    require(_real(d.x) and _real(d.y), f"{name}'s position is not a number")
    require(_real(d.angle), f"{name}'s angle is not a number")
    require(type(d.face_down) is bool, f"{name} is neither face up nor face down")
    require(
        type(d.tokens) is tuple
        and len(d.tokens) <= 1
        and all(t in (LAST, DOUBLE) and type(t) is str for t in d.tokens),
        f"{name}'s tokens are not the game's",
    )


def _check_layout(layout: object, players: int, p: Params) -> None:
    require(type(layout) is Layout, "the board is not a layout")
    assert isinstance(layout, Layout)
    require(
        layout.players == players and type(layout.players) is int, "the board is not for this table"
    )
    require(type(layout.discs) is tuple, "the discs on the board are not a list")
    for d in layout.discs:
        _check_disc(d, players, "a piece on the board")
    jammer = layout.jammer
    if jammer is not None:
        require(_point(jammer), "the jammer's position is not a number")
        require(jammer_area_of(layout, p) is not None, "the jammer is off the board")
    require(
        type(layout.pads) is tuple and len(layout.pads) in (0, players),
        "the pads are not one per seat",
    )
    require(
        all(_real(v, 0.0, 1.0) for v in layout.pads), "a pad's position is not a number from 0 to 1"
    )


def _check_shot(shot: object, players: int) -> None:
    require(type(shot) is ShotRecord, "the last shot is not a shot")
    assert isinstance(shot, ShotRecord)
    require(_whole(shot.seat, 0, players - 1), "the last shot's seat is not at the table")
    flick = shot.flick
    require(type(flick) is Flick, "the last shot is not a flick")
    require(_real(flick.pad, 0.0, 1.0), "the last shot's pad position is not a number from 0 to 1")
    require(_real(flick.angle), "the last shot's aim is not a number")
    require(_real(flick.speed, 0.0), "the last shot's speed is not a number")
    require(
        type(flick.third_party) is bool and type(flick.double) is bool,
        "the last shot's choices are not yes or no",
    )
    require(
        _whole(shot.disc, 0, 10_000) and _whole(shot.hits, 0, 1_000_000),
        "the last shot's counts are not whole numbers",
    )
    require(
        type(shot.lost) is tuple and all(_whole(i, 0, 10_000) for i in shot.lost),
        "the discs the last shot lost are not numbered",
    )
    require(
        type(shot.jammer_off) is bool and type(shot.retried) is bool,
        "the last shot's outcome is not yes or no",
    )


def _check_round(result: object, players: int) -> None:
    require(type(result) is RoundResult, "a finished round is not a round's result")
    assert isinstance(result, RoundResult)
    require(_whole(result.round, 1, ROUNDS), "a finished round's number is out of range")
    require(
        result.jammer is None or _point(result.jammer),
        "a finished round's jammer position is not a number",
    )
    require(
        result.jammer_area is None
        or (type(result.jammer_area) is int and result.jammer_area in AREA_VALUES),
        "a finished round's jammer area is not an area",
    )
    require(type(result.swept) is tuple, "the discs a round swept are not a list")
    for d in result.swept:
        _check_disc(d, players, "a swept disc")
    require(
        _whole(result.next_start, 0, players - 1),
        "a finished round's next start player is not a seat",
    )
    require(
        type(result.doubles) is tuple and all(_whole(s, 0, players - 1) for s in result.doubles),
        "a finished round gave Double tokens to no seat",
    )
    require(
        type(result.areas) is tuple and len(result.areas) == len(AREA_VALUES),
        "a finished round does not count three areas",
    )
    for area, value in zip(result.areas, AREA_VALUES):
        require(type(area) is AreaResult, "a finished round's area is not counted")
        require(
            area.value == value and type(area.value) is int,
            "a finished round counts the areas out of order",
        )
        require(
            _tuple_of(area.power, owners(players))
            and all(_whole(v, 0, 10_000) for v in area.power),
            "an area's power is not counted per owner",
        )
        require(
            area.winner is None or _whole(area.winner, 0, players - 1),
            "an area's winner is not a seat",
        )
        require(
            _whole(area.tokens, 0, ROUNDS)
            and area.reason in _AREA_REASONS
            and type(area.reason) is str,
            "an area's tokens or reason are out of range",
        )


_PHASE_VERB = {
    Phase.LAUNCH: "launch",
    Phase.PLACE_JAMMER: "place the jammer",
    Phase.FLIP: "flip or keep",
}


def _namer(state: PlanepitaState, names: Sequence[str]) -> commentary.Name:
    """How the log names the owner of a disc: a seat's name, or "the 3P"."""

    def name(owner: int) -> str:
        if state.players == 2 and owner == THIRD_PARTY:
            return "the 3P"
        return names[owner] if 0 <= owner < len(names) else f"Player {owner + 1}"

    return name


def _who(owner: int, players: int = 0) -> str:
    if players == 2 and owner == THIRD_PARTY:
        return "3P"
    return f"P{owner + 1}"


def _token_list(won: Sequence[tuple[int, int]]) -> list[str]:
    return [f"{v}r{r}" for v, r in won]


def _bump(values: tuple[int, ...], index: int, by: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + by, *values[index + 1 :])


# -- the registry's helpers ------------------------------------------------------------------------


RULES = PlanepitaRules()


def user_config(config: GameConfig, folder: Path) -> tuple[GameConfig, str | None]:
    """A new game's config with the player's physics.toml in the settings
    folder ``folder`` laid over the shipped one (``GameEntry.user_config``),
    and a message for the player about a damaged file, or None."""
    physics, message = params_mod.read_user_file(folder)
    return RULES.info.config(config.players, **{**config.variants, "physics": physics}), message


def determinize(view: PlanepitaState, seat: int, rng: Random) -> PlanepitaState:
    """A full state consistent with what ``seat`` knows: Planepita hides
    nothing and draws nothing at random, so every seat knows the whole state
    and its view is that state."""
    return view


def sample_action(state: PlanepitaState, rng: Random) -> PlanepitaAction:
    """A random legal action. Flicks: a pad anywhere, aim within ±25°, speed
    0.35-1.0 of the top speed (so P4 retries are rare), a 3P disc
    or the Double token at random when allowed."""
    p = params_of(state)
    if state.phase is Phase.FLIP:
        return Flip(rng.random() < 0.5)
    if state.phase is Phase.PLACE_JAMMER:
        return _sample_jammer(state, rng, p)
    if state.phase is not Phase.LAUNCH:
        raise ValueError("the game is over: there is no action to sample")
    spec = flick_spec(state, p)
    seat = spec.seat
    if spec.third_party and spec.own:
        mine, theirs = state.left[seat], state.left_3p[seat]
        third_party = rng.random() < theirs / (mine + theirs)
    else:
        third_party = spec.third_party and not spec.own
    double = spec.double and not third_party and rng.random() < 0.5
    lo, hi = SAMPLE_SPEED
    return Flick(
        pad=round(rng.random(), 3),
        angle=round(rng.uniform(-SAMPLE_ANGLE, SAMPLE_ANGLE), 2),
        speed=round(p.launch.max_speed * rng.uniform(lo, hi), 1),
        third_party=third_party,
        double=double,
    )


def _sample_jammer(state: PlanepitaState, rng: Random, p: Params) -> PlaceJammer:
    """Rejection sampling in the jammer's area, then the deterministic search."""
    area = jammer_area(state.layout, p)
    _, reach = _board(p).area_bounds(area, p.jammer.radius)
    for _ in range(SAMPLE_JAMMER_TRIES):
        r = reach * math.sqrt(rng.random())
        a = rng.uniform(0.0, 2 * math.pi)
        x, y = round(r * math.cos(a), 1), round(r * math.sin(a), 1)
        if jammer_refusal(state.layout, x, y, p) is None:
            return PlaceJammer(x, y)
    spot = free_jammer_spot(state.layout, area, p)
    if spot is None:  # jammer_area only names an area with a free spot, or the 3-pt area
        raise ValueError("no free spot for the jammer anywhere on the board")
    return PlaceJammer(*spot)
