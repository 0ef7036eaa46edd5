"""Planepita's game log in words, as a commentator would tell it, and each
move's numbers for the log's tooltip. Pure: no pygame, no physics run here.

``rules.py`` calls these from its ``log_line`` and ``log_detail`` hooks and
hands them what they need (the layout right after a shot, its trajectory);
nothing here imports the rules, so the hooks stay the only way in.

The words:

- **power**, by the flick's share of the top speed: *softly* below
  :data:`SOFT_SHARE` (on an empty board it stops short of the centre),
  *hard* above :data:`HARD_SHARE` (it would cross the planet and leave), else
  *firmly*;
- **direction**, by the aim: *towards the centre* within
  :data:`STRAIGHT_DEG` of straight in, *to the left of centre* (a positive,
  counter-clockwise aim: the launcher's left) or *to the right of centre*,
  *wide* beyond :data:`WIDE_DEG`;
- **where the disc ended**: an area, the black hole, or back on its pad (P4);
- **what it moved**: each other piece whose area changed (or that left the
  board), grouped by owner; pieces nudged within their area are counted.

The game does not know players' genders: the words never say he or she; they
name the player again, or say "their".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from tabletop.core.words import plural
from tabletop.games.planepita.board import Board
from tabletop.games.planepita.model import (
    DOUBLE,
    LAST,
    ROUNDS,
    THIRD_PARTY,
    Disc,
    Flick,
    Layout,
    PlanepitaState,
    RoundResult,
)
from tabletop.games.planepita.params import Params
from tabletop.games.planepita.physics import JAMMER, Trajectory, is_pad

#: a flick below this share of the top speed is "soft" (it stops short of the centre)
SOFT_SHARE = 0.4
#: a flick above this share of the top speed is "hard" (it would cross the planet)
HARD_SHARE = 0.6
#: an aim within this many degrees of straight in goes "towards the centre"
STRAIGHT_DEG = 5.0
#: an aim beyond this many degrees goes "wide"
WIDE_DEG = 25.0
#: a piece that moved less than this (mm) within its area was not moved at all
NUDGE_MM = 10.0

#: how the player names the owner of a disc: a seat, or THIRD_PARTY
Name = Callable[[int], str]

_NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight")


def _count(n: int) -> str:
    return _NUMBERS[n] if 0 <= n < len(_NUMBERS) else str(n)


def join(words: Sequence[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def power_word(speed: float, max_speed: float) -> str:
    """ "softly", "firmly" or "hard", by the share of the top speed."""
    share = speed / max_speed if max_speed > 0 else 1.0
    if share < SOFT_SHARE:
        return "softly"
    if share > HARD_SHARE:
        return "hard"
    return "firmly"


def direction_words(angle: float) -> str:
    """Where an aim goes, seen from the launcher's pad (positive: to the left)."""
    if abs(angle) <= STRAIGHT_DEG:
        return "towards the centre"
    side = "left" if angle > 0 else "right"
    wide = "wide " if abs(angle) > WIDE_DEG else ""
    return f"{wide}to the {side} of centre"


def _area_words(area: int | None) -> str:
    return "the black hole" if area is None else f"the {area}-pt area"


def _jammer_area(layout: Layout, board: Board) -> int | None:
    if layout.jammer is None:
        return None
    return board.area_of(layout.jammer[0], layout.jammer[1], board.jammer_radius)


# -- a flick -----------------------------------------------------------------------------


def _what(flick: Flick, disc: Disc) -> str:
    """The disc being flicked, when it is more than one of the player's own."""
    if flick.third_party:
        return " a 3P disc"
    if LAST in disc.tokens:
        return " the round's last disc"
    if DOUBLE in disc.tokens:
        return " a disc with the Double token"
    return ""


def _owners_words(owner: int, launcher: int, n: int, name: Name, players: int, again: bool) -> str:
    """Whose discs were moved: "Basil's", "two of Basil's", "one of their own",
    "a 3P disc", "two 3P discs"; ``again`` when that owner was named already
    ("another of Basil's", "two more 3P discs")."""
    if players == 2 and owner == THIRD_PARTY:
        if again:
            return "another 3P disc" if n == 1 else f"{_count(n)} more 3P discs"
        return "a 3P disc" if n == 1 else f"{_count(n)} 3P discs"
    whose = "their own" if owner == launcher else f"{name(owner)}'s"
    if again:
        return f"another of {whose}" if n == 1 else f"{_count(n)} more of {whose}"
    if owner == launcher:
        return f"{_count(n)} of their own"
    return whose if n == 1 else f"{_count(n)} of {whose}"


def _moves(
    before: Layout,
    final: Layout,
    launched: int,
    launcher: int,
    name: Name,
    players: int,
    board: Board,
) -> tuple[list[str], list[str]]:
    """What the shot did to the pieces already on the board: what it knocked
    out of their area ("Basil's into the black hole", "the jammer off the
    board") and what it only nudged ("one of their own", "the jammer")."""
    after = {d.id: d for d in final.discs}
    groups: dict[tuple[int, int | None, int | None], int] = {}
    nudged: dict[int, int] = {}
    for d in before.discs:
        if d.id == launched:
            continue
        was = board.area_of(d.x, d.y, board.disc_radius)
        now_disc = after.get(d.id)
        now = None if now_disc is None else board.area_of(now_disc.x, now_disc.y, board.disc_radius)
        if now_disc is not None and now == was:
            if math.hypot(now_disc.x - d.x, now_disc.y - d.y) >= NUDGE_MM:
                nudged[d.owner] = nudged.get(d.owner, 0) + 1
            continue
        key = (d.owner, was, now)
        groups[key] = groups.get(key, 0) + 1
    knocked: list[str] = []
    named: set[int] = set()
    # the black hole first, then the other moves, each in the order of the owners
    for (owner, was, now), n in sorted(
        groups.items(), key=lambda kv: (kv[0][2] is not None, kv[0][0])
    ):
        whose = _owners_words(owner, launcher, n, name, players, owner in named)
        named.add(owner)
        if now is None:
            knocked.append(f"{whose} into the black hole")
        else:
            knocked.append(f"{whose} from {_area_words(was)} into {_area_words(now)}")
    bumped = [
        _owners_words(o, launcher, n, name, players, o in named) for o, n in sorted(nudged.items())
    ]
    if before.jammer is not None:
        if final.jammer is None:
            knocked.append("the jammer off the board")
        else:
            was, now = _jammer_area(before, board), _jammer_area(final, board)
            if was != now:
                knocked.append(f"the jammer into {_area_words(now)}")
            elif math.dist(before.jammer, final.jammer) >= NUDGE_MM:
                bumped.append("the jammer")
    return knocked, bumped


def _clauses(clauses: Sequence[str]) -> str:
    """Verb phrases of one sentence: "a and b", "a, b, and c" (the comma keeps
    each phrase's own "and" apart)."""
    if len(clauses) <= 2:
        return " and ".join(clauses)
    return ", ".join(clauses[:-1]) + ", and " + clauses[-1]


def flick_line(
    before: PlanepitaState,
    seat: int,
    flick: Flick,
    disc: Disc,
    final: Layout | None,
    lost: Sequence[int],
    retried: bool,
    name: Name,
    params: Params,
) -> str:
    """The log's sentence for ``seat``'s flick: what it flicked, how hard and
    where, where the disc ended and what it moved. ``final`` is the layout right
    after the shot (before any round's end), ``lost`` the discs it sent to the
    black hole, ``retried`` whether the disc stayed on its pad (P4); None for
    ``final`` when it is not known (a round-ending shot of a save from an older
    physics): the sentence then says only what the record holds."""
    board = Board.from_params(params)
    who = name(seat)
    what = _what(flick, disc)
    if retried:
        return f"{who} flicks{what} too softly: the disc stays on the pad and comes back to be flicked again."
    how = f"{power_word(flick.speed, params.launch.max_speed)} {direction_words(flick.angle)}"
    if final is None:
        ending = ": the disc falls into the black hole" if disc.id in lost else ""
        return f"{who} flicks{what} {how}{ending}."
    knocked, bumped = _moves(before.layout, final, disc.id, seat, name, before.players, board)
    moved = ([f"knocks {join(knocked)}"] if knocked else []) + (
        [f"nudges {join(bumped)}"] if bumped else []
    )
    if disc.id in lost:
        clauses = [*moved, "falls into the black hole"]
    else:
        landed = next((d for d in final.discs if d.id == disc.id), None)
        area = None if landed is None else board.area_of(landed.x, landed.y, board.disc_radius)
        clauses = [f"lands in {_area_words(area)}", *moved]
    return f"{who} flicks{what} {how}: the disc {_clauses(clauses)}."


# -- the decisions after a flick ----------------------------------------------------------------


def flip_line(who: str, down: bool) -> str:
    if down:
        return f"{who} turns the disc face down: 1 power, safe from the jammer."
    return f"{who} leaves the disc face up: 2 power."


def jammer_line(who: str, x: float, y: float, params: Params) -> str:
    board = Board.from_params(params)
    area = board.area_of(x, y, board.jammer_radius)
    return f"{who} puts the jammer back in {_area_words(area)}."


# -- a round's end -------------------------------------------------------------------------


_ALL = {1: "the {v}-pt token", 2: "both {v}-pt tokens"}


def _tokens(value: int, n: int) -> str:
    return _ALL.get(n, "all {n} {v}-pt tokens").format(v=value, n=_count(n))


def round_words(result: RoundResult, name: Name) -> str:
    """What the end of a round did: the jammer's sweep, who takes which
    tokens, and which areas carry over."""
    sentences = [f"End of round {result.round}."]
    if result.swept and result.jammer_area is not None:
        many = _count(len(result.swept))
        discs = "face-up disc" if len(result.swept) == 1 else "face-up discs"
        sentences.append(
            f"The jammer sweeps {many} {discs} out of the {result.jammer_area}-pt area."
        )
    takes: dict[int, list[str]] = {}
    for r in result.areas:
        if r.winner is not None:
            takes.setdefault(r.winner, []).append(_tokens(r.value, r.tokens))
    for winner, tokens in takes.items():
        sentences.append(f"{name(winner)} takes {join(tokens)}.")
    last = result.round >= ROUNDS  # nothing carries over after the last round
    for r in result.areas:
        if r.winner is not None:
            continue
        over = "nobody takes its tokens" if last else "it carries over"
        if r.reason == "tie":
            sentences.append(f"The {r.value}-pt area is tied: {over}.")
        elif r.reason == "third_party":
            third = r.power[THIRD_PARTY]
            alone = all(p < third for o, p in enumerate(r.power) if o != THIRD_PARTY)
            lead = "lead" if alone else "tie for the lead in"
            sentences.append(f"The 3P discs {lead} the {r.value}-pt area: {over}.")
        else:
            sentences.append(
                f"Nobody is in the {r.value}-pt area" + ("." if last else f": {over}.")
            )
    return " ".join(sentences)


# -- the tooltip's numbers -------------------------------------------------------------------


def _piece_words(
    ident: int, launched: int, owners: dict[int, int], name: Name, players: int
) -> str:
    if ident == launched:
        return "the disc"
    if ident == JAMMER:
        return "the jammer"
    if is_pad(ident):
        return "a pad"
    owner = owners.get(ident)
    if owner is None:
        return "a disc"
    if players == 2 and owner == THIRD_PARTY:
        return "a 3P disc"
    return f"{name(owner)}'s disc"


def flick_detail(
    before: PlanepitaState,
    flick: Flick,
    disc: Disc,
    traj: Trajectory | None,
    name: Name,
    params: Params,
) -> str:
    """The numbers behind a flick's sentence: the pad, the aim, the speed, the
    hits and the strongest impact, and where the disc came to rest. ``traj``
    None: the path is not known (a save from an older physics), so only the
    flick's own numbers."""
    lim = params.launch
    share = flick.speed / lim.max_speed if lim.max_speed > 0 else 1.0
    lines = [
        f"Pad at {flick.pad:.2f} along the stretch, aim {flick.angle:+.1f}° from straight in, "
        f"{flick.speed:.0f} mm/s ({share:.0%} of the top speed)."
    ]
    if traj is None:
        lines.append("Played with an older version of the physics: its path is not shown again.")
        return " ".join(lines)
    hits = [e for e in traj.hits() if not (is_pad(e.a) or is_pad(e.b))]
    if hits:
        top = max(hits, key=lambda e: e.impulse)
        owners = {d.id: d.owner for d in before.layout.discs}
        a = _piece_words(top.a, disc.id, owners, name, before.players)
        b = _piece_words(top.b, disc.id, owners, name, before.players) if top.b is not None else "?"
        lines.append(
            f"{plural(len(hits), 'hit')}; the strongest, {top.impulse / 1000:.1f} mN·s, "
            f"between {a} and {b}."
        )
    else:
        lines.append("No hits.")
    if traj.stayed_on_pad:
        lines.append("The disc stopped on its pad.")
    else:
        rest = next((d for d in traj.final.discs if d.id == disc.id), None)
        if rest is not None:
            lines.append(
                f"It came to rest at ({round(rest.x)}, {round(rest.y)}) mm, "
                f"{math.hypot(rest.x, rest.y):.0f} mm from the centre."
            )
    lines.append(f"{traj.duration:.1f} s until everything stopped.")
    return " ".join(lines)


def jammer_detail(x: float, y: float) -> str:
    return f"The jammer at ({round(x)}, {round(y)}) mm, {math.hypot(x, y):.0f} mm from the centre."
