"""What a move shows before the table settles: cards flying onto the stack,
the stack held, then slid off the table at a round's end, a Pass badge
popping at a seat. An animation is a list of :class:`Phase` on one clock,
advanced by the ``dt`` the loop passes; the picture reads which phase is on.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from tabletop.core.game import Move
from tabletop.games.etuc.rules import Card, EtucState, Play
from tabletop.ui.cards import CardTween, Pose
from tabletop.ui.sound import Sound
from tabletop.ui.theme import Theme

#: seconds, at animation speed 1
FLY = 0.34
HOLD = 0.45
CLEAR = 0.4
POP = 0.6

Plays = tuple[tuple[int, tuple[Card, ...]], ...]


@dataclass
class Phase:
    """A stretch of an animation: what the stack shows from ``start`` for ``duration``.

    ``kind`` is ``fly`` (``plays`` lie still, ``flights`` move onto them),
    ``hold`` (``plays`` lie still), ``clear`` (``plays`` slide off the table),
    or ``pop`` (a pass badge at ``seat``).
    """

    kind: str
    start: float
    duration: float
    plays: Plays = ()
    flights: list[tuple[Card, CardTween]] = field(default_factory=list)
    seat: int = -1
    text: str = ""

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, clock: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (clock - self.start) / self.duration))


def phases_for(
    move: Move,
    theme: Theme,
    sound: Sound,
    *,
    held: bool,
    landing: Callable[[Plays], Sequence[Pose]],
    origins: Callable[[EtucState, int, tuple[Card, ...]], Sequence[Pose]],
) -> list[Phase]:
    """The phases that show ``move`` (and its sounds, played now). ``held``:
    the move ended a game of the match, whose summary the frame holds, so the
    last play lands and lies still; ``landing(plays)`` is where the newest
    play's cards come to rest, ``origins(before, seat, cards)`` where they
    leave from."""
    before, action, after = move.before, move.action, move.after
    seat = before.turn
    table: Plays = tuple((p.seat, p.cards) for p in before.table)
    cleared = held or (not after.table and (bool(before.table) or isinstance(action, Play)))
    clock = 0.0
    phases: list[Phase] = []
    if isinstance(action, Play):
        sound.play("card")
        landed = (*table, (seat, action.cards))
        targets = landing(landed)
        starts = origins(before, seat, action.cards)
        fly = theme.duration(FLY)
        if fly > 0:
            flights = [
                (c, CardTween(a, b, fly, delay=0.04 * i * theme.duration(1.0), tag=c))
                for i, (c, a, b) in enumerate(zip(action.cards, starts, targets, strict=True))
            ]
            phases.append(Phase("fly", 0.0, fly + 0.04 * theme.duration(1.0), table, flights))
            clock = phases[-1].end
        if cleared:
            hold = theme.duration(HOLD)
            if hold > 0:
                phases.append(Phase("hold", clock, hold, landed))
                clock += hold
            table = landed
    else:
        sound.play("click", 0.6)
        pop = theme.duration(POP)
        if pop > 0:
            phases.append(Phase("pop", 0.0, pop, seat=seat, text="Pass"))
            if cleared:
                phases.append(Phase("hold", 0.0, pop * 0.6, table))
                clock = pop * 0.6
    if cleared and table and not held:
        clear = theme.duration(CLEAR)
        if clear > 0:
            phases.append(Phase("clear", clock, clear, table))
            clock += clear
        sound.play("whoosh", 0.5)
    return phases


class Clock:
    """The phases of the animation on show and where it stands."""

    def __init__(self) -> None:
        self.phases: list[Phase] = []
        self.time = 0.0

    @property
    def running(self) -> bool:
        return any(self.time < p.end for p in self.phases)

    def start(self, phases: list[Phase]) -> None:
        self.phases = phases
        self.time = 0.0

    def skip(self) -> None:
        self.phases = []
        self.time = 0.0

    def update(self, dt: float) -> None:
        if not self.phases:
            return
        self.time += dt
        for p in self.phases:
            for _, tween in p.flights:
                tween.update(dt)
        if not self.running:
            self.skip()

    def on(self, *kinds: str) -> Phase | None:
        """The phase of one of ``kinds`` on show now, if any."""
        for p in self.phases:
            if p.kind in kinds and p.start <= self.time < p.end:
                return p
        return None
