"""Uchronicle's table in motion: a play's removals turn face down and fly to
the remover's pile, the card flies into the present trick, a finished trick
settles among the past ones, and the rule board's markers slide to the rules
on show. Everything runs on the frames' ``dt``. The table holds a
:class:`Motion`; its picture asks :meth:`Motion.shown_history` what the
tricks look like at this moment and :meth:`Motion.sprites` what the
animation draws over them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from tabletop.core.game import Move
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    Card,
    DeadEnd,
    Played,
    RulesState,
    Trick,
    UchronicleState,
)
from tabletop.games.uchronicle.rules import dead_end_taken
from tabletop.games.uchronicle.table.layout import Geometry
from tabletop.games.uchronicle.table.looks import marker_cells
from tabletop.games.uchronicle.table.picture import Sprite
from tabletop.ui.cards import CardTween, Pose
from tabletop.ui.sound import Sound
from tabletop.ui.theme import Theme

# seconds, at animation speed 1
FLIP = 0.3
TO_PILE = 0.35
FLY = 0.35
HOLD = 0.45
SETTLE = 0.35
#: how fast a rule board marker slides (the share of the way left per second, at most)
MARKER_RATE = 9.0


@dataclass
class Anim:
    """One play being shown: removals flip face down and fly to the remover
    (until ``removed_at``), the card flies into the present trick (until
    ``landed_at``), a finished trick lies still (until ``held_at``) and then
    slides into its place among the past tricks (until ``end``)."""

    seat: int
    card: Card
    taken: tuple[Card, ...]
    before: tuple[tuple[Trick, ...], Trick]
    mid: tuple[tuple[Trick, ...], Trick]
    finished: bool
    removed_at: float
    landed_at: float
    held_at: float
    end: float
    taken_poses: dict[Card, tuple[Pose, bool]]
    pile: Pose
    flight: CardTween
    settle: list[tuple[Card, CardTween]]


class Motion:
    """The play being shown (its :class:`Anim` and clock) and the rule board's
    markers, sliding."""

    def __init__(self, markers: list[float]) -> None:
        self.anim: Anim | None = None
        self.clock = 0.0
        #: where each of the rule board's markers is, in cells (sliding towards the rules)
        self.markers = markers

    def start(
        self,
        move: Move,
        theme: Theme,
        sound: Sound,
        geo: Geometry,
        origin: Callable[[UchronicleState, int, Card], Pose],
    ) -> None:
        """Start the animation of ``move``; ``origin`` says where the card leaves from."""
        before, action, after = move.before, move.action, move.after
        self.skip()
        t = theme
        seat = before.turn
        card = action.card
        taken = (
            dead_end_taken(before, card)
            if isinstance(action, DeadEnd)
            else solver.taken_by(before, card, action.removed)
        )
        gone = set(taken)
        mid_tricks = tuple(tuple(p for p in tr if p.card not in gone) for tr in before.tricks)
        mid_trick = tuple(p for p in before.trick if p.card not in gone) + (Played(card, seat),)
        finished = (
            after.round != before.round
            or after.turn is None
            or len(after.tricks) > len(before.tricks)
        )
        last_of_round = after.round != before.round or after.turn is None
        sound.play("card")
        flip, to_pile = (t.duration(FLIP), t.duration(TO_PILE)) if taken else (0.0, 0.0)
        removed_at = flip + to_pile
        landed_at = removed_at + t.duration(FLY)
        held_at = landed_at + (t.duration(HOLD) if finished else 0.0)
        settle_d = t.duration(SETTLE) if finished and not last_of_round else 0.0
        end = held_at + settle_d
        if end <= 0:
            self.anim = None
            return
        taken_poses = self._poses_of(geo, before.tricks, before.trick, gone)
        pile = Pose(*geo.pile_center(seat), 0.0)
        target = geo.trick_poses(mid_tricks, mid_trick)[1][-1]
        flight = CardTween(origin(before, seat, card), target, t.duration(FLY), delay=removed_at)
        settle: list[tuple[Card, CardTween]] = []
        if settle_d > 0:
            starts = geo.trick_poses(mid_tricks, mid_trick)[1]
            ends = geo.past_poses(len(mid_tricks), len(mid_trick))
            settle = [
                (p.card, CardTween(a, b, settle_d, delay=held_at))
                for p, a, b in zip(mid_trick, starts, ends)
            ]
        if taken:
            sound.play("whoosh", 0.4)
        self.anim = Anim(
            seat,
            card,
            taken,
            (before.tricks, before.trick),
            (mid_tricks, mid_trick),
            finished,
            removed_at,
            landed_at,
            held_at,
            end,
            taken_poses,
            pile,
            flight,
            settle,
        )
        self.clock = 0.0

    @staticmethod
    def _poses_of(
        geo: Geometry, tricks: tuple[Trick, ...], trick: Trick, cards: set[Card]
    ) -> dict[Card, tuple[Pose, bool]]:
        """Where ``cards`` lie in this history: pose, and whether in the present trick."""
        out: dict[Card, tuple[Pose, bool]] = {}
        past, present = geo.trick_poses(tricks, trick)
        for tr, poses in zip(tricks, past):
            for p, pose in zip(tr, poses):
                if p.card in cards:
                    out[p.card] = (pose, False)
        for p, pose in zip(trick, present):
            if p.card in cards:
                out[p.card] = (pose, True)
        return out

    @property
    def animating(self) -> bool:
        return self.anim is not None and self.clock < self.anim.end

    def skip(self) -> None:
        self.anim = None
        self.clock = 0.0

    def update(self, dt: float, rules: RulesState, anim_speed: float) -> None:
        """Advance the play on show by ``dt``, and slide the markers towards ``rules``."""
        if self.anim is not None:
            self.clock += dt
            self.anim.flight.update(dt)
            for _, tween in self.anim.settle:
                tween.update(dt)
            if not self.animating:
                self.skip()
        self._slide_markers(dt, rules, anim_speed)

    def still(self, rules: RulesState) -> bool:
        """True when nothing moves: no play on show, every marker of the rule
        board on ``rules``'s cell."""
        return not self.animating and self.markers == [float(c) for c in marker_cells(rules)]

    def _slide_markers(self, dt: float, rules: RulesState, anim_speed: float) -> None:
        """The rule board's markers move towards the rules on show, on ``dt``."""
        target = marker_cells(rules)
        rate = MARKER_RATE * anim_speed
        for i, goal in enumerate(target):
            if rate <= 0:
                self.markers[i] = float(goal)
                continue
            d = goal - self.markers[i]
            stepped = d * min(1.0, rate * dt)
            self.markers[i] = float(goal) if abs(d - stepped) < 0.02 else self.markers[i] + stepped

    def shown_history(self, view: UchronicleState) -> tuple[tuple[Trick, ...], Trick, set[Card]]:
        """The tricks on show and the cards an animation draws instead."""
        a = self.anim
        if a is None or not self.animating:
            return view.tricks, view.trick, set()
        if self.clock < a.removed_at:
            return a.before[0], a.before[1], set(a.taken)
        if self.clock < a.held_at:
            hidden = {a.card} if self.clock < a.landed_at else set()
            return a.mid[0], a.mid[1], hidden
        return a.mid[0], a.mid[1] if not a.settle else (), set()

    def sprites(self, theme: Theme) -> tuple[Sprite, ...]:
        """What the animation draws over the table at this moment."""
        a = self.anim
        if a is None or not self.animating:
            return ()
        out: list[Sprite] = []
        k = self.clock
        if k < a.removed_at:
            flip = theme.duration(FLIP)
            for card, (pose, present) in a.taken_poses.items():
                size = "present" if present else "past"
                if k < flip:
                    out.append(Sprite(card, size, pose, k / flip if flip else 1.0))
                else:
                    u = (k - flip) / max(1e-6, a.removed_at - flip)
                    u = u * u
                    at = Pose(
                        pose.x + (a.pile.x - pose.x) * u, pose.y + (a.pile.y - pose.y) * u, 0.0
                    )
                    out.append(Sprite(None, size if u < 0.5 else "mini", at))
        if k < a.landed_at and k >= a.removed_at:
            out.append(Sprite(a.card, "present", a.flight.pose))
        if k >= a.held_at:
            for card, tween in a.settle:
                half = tween.elapsed - tween.delay < tween.duration / 2
                out.append(Sprite(card, "present" if half else "past", tween.pose))
        return tuple(out)
