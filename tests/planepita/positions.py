"""Literal Planepita positions for scenario tests.

Discs are written in launch order: the k-th launch of the round was made by
seat ``(start + k) % n``, so the counts (discs left, launches, the turn) follow
from the list and the position keeps the rules' invariants. Board distances:
a disc (radius 15) is in the 5-pt area up to 87 mm from the centre, in the
4-pt area up to 172 mm and in the 3-pt area below 265 mm (P1); the jammer
(radius 24) is in the 5-pt area up to 96 mm.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop.games.planepita.model import (
    AREA_VALUES,
    DOUBLE,
    LAST,
    THIRD_PARTY,
    AreaResult,
    Disc,
    Flick,
    Phase,
    PlanepitaState,
    RoundResult,
    ShotRecord,
)
from tabletop.games.planepita.rules import RULES, discs_per_seat, owners


@dataclass(frozen=True)
class D:
    """One launch of the round: where the disc lies (or ``lost``), its face,
    and whether it was a 3P disc or carried the Double token."""

    x: float = 0.0
    y: float = 0.0
    down: bool = False
    tp: bool = False
    double: bool = False
    lost: bool = False


def position(
    players: int,
    launches: Sequence[D] = (),
    *,
    start: int = 0,
    phase: Phase = Phase.LAUNCH,
    jammer: tuple[float, float] | None = (0.0, 0.0),
    round: int = 1,
    slots: tuple[int, int, int] | None = None,
    won: Sequence[Sequence[tuple[int, int]]] | None = None,
    holding: Sequence[bool] | None = None,
    **variants: Any,
) -> PlanepitaState:
    """A consistent state. ``phase`` FLIP or PLACE_JAMMER means the last entry of
    ``launches`` was just made and its decisions are open; ``holding`` says who
    holds a Double token this round."""
    state = RULES.setup(RULES.info.config(players, **variants), 1)
    n = players
    own, tp = discs_per_seat(n, state.third_party_variant)
    total = n * (own + tp)
    on_board: list[Disc] = []
    lost: list[Disc] = []
    left, left_3p, made = [own] * n, [tp] * n, [0] * n
    for k, spec in enumerate(launches):
        seat = (start + k) % n
        tokens: tuple[str, ...] = (LAST,) if k == total - 1 else ((DOUBLE,) if spec.double else ())
        disc = Disc(k, THIRD_PARTY if spec.tp else seat, spec.x, spec.y, 0.0, spec.down, tokens)
        (lost if spec.lost else on_board).append(disc)
        if spec.tp:
            left_3p[seat] -= 1
        else:
            left[seat] -= 1
        made[seat] += 1
    k = len(launches)
    open_decision = phase in (Phase.FLIP, Phase.PLACE_JAMMER)
    turn = k - 1 if open_decision else k
    last_shot = None
    pending = None
    if open_decision:
        seat = (start + k - 1) % n
        last_shot = ShotRecord(
            seat, Flick(0.5, 0.0, 2000.0), k - 1, 1, (), phase is Phase.PLACE_JAMMER, False
        )
        if not launches[-1].lost:
            pending = k - 1
    if holding is None:
        holding = (False,) * n
    rnd = round
    # earlier rounds, as far as the log and the picture need them: three empty areas
    empty = tuple(AreaResult(v, (0,) * owners(n), None, 0, "empty") for v in AREA_VALUES)
    placed = won or ((),) * n
    if slots is None:
        taken = [sum(1 for w in placed for v, _ in w if v == value) for value in (5, 4, 3)]
        slots = (rnd - taken[0], rnd - taken[1], rnd - taken[2])
    return replace(
        state,
        round=rnd,
        start=start,
        turn=turn,
        phase=phase,
        layout=replace(state.layout, discs=tuple(on_board), jammer=jammer),
        left=tuple(left),
        left_3p=tuple(left_3p),
        launches=tuple(made),
        slots=slots,
        won=tuple(tuple(w) for w in placed),
        doubles=tuple(holding),
        double_supply=(n - sum(holding)) if state.doubles_variant else 0,
        pending=pending,
        next_id=k,
        black_hole=tuple(lost),
        last_shot=last_shot,
        history=tuple(RoundResult(r, (0.0, 0.0), 5, (), empty, start, ()) for r in range(1, rnd)),
    )
