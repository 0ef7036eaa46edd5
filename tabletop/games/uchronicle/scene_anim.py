"""Uchronicle's table in motion: a play's removals turn face down and fly to
the remover's pile, the card flies into the present trick, a finished trick
settles among the past ones, and the rule board's markers slide to the rules
on show. Everything runs on the frames' ``dt``; the scene (``scene.py``) mixes
this in and its drawing (``scene_table.py``) asks :meth:`shown_history` what
the tricks look like at this moment.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import Card, DeadEnd, Played, Trick, UchronicleState
from tabletop.games.uchronicle.rules import dead_end_taken
from tabletop.games.uchronicle.scene_draw import GRID, card_face, draw_flip, marker_cells
from tabletop.ui.cards import CardTween, Look, Pose, draw_card

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


class PlayAnimation:
    """The animation half of :class:`~tabletop.games.uchronicle.scene.UchronicleScene`."""

    app: Any
    anim: Anim | None
    clock: float
    markers: list[float]

    # -- animation --------------------------------------------------------------------------------
    def on_played(self, move: Move) -> None:
        before, action, after = move.before, move.action, move.after
        self.skip_animation()
        t = self.app.theme
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
        sound = self.app.sound
        sound.play("card")
        flip, to_pile = (t.duration(FLIP), t.duration(TO_PILE)) if taken else (0.0, 0.0)
        removed_at = flip + to_pile
        landed_at = removed_at + t.duration(FLY)
        held_at = landed_at + (t.duration(HOLD) if finished else 0.0)
        settle_d = t.duration(SETTLE) if finished and not last_of_round else 0.0
        end = held_at + settle_d
        if end <= 0:
            self.anim = None
            self.refresh()
            return
        taken_poses = self._poses_of(before.tricks, before.trick, gone)
        pile = Pose(*self.pile_center(seat), 0.0)
        origin = self._origin(before, seat, card)
        target = self._trick_poses(mid_tricks, mid_trick)[1][-1]
        flight = CardTween(origin, target, t.duration(FLY), delay=removed_at)
        settle: list[tuple[Card, CardTween]] = []
        if settle_d > 0:
            starts = self._trick_poses(mid_tricks, mid_trick)[1]
            ends = self.past_poses(len(mid_tricks), len(mid_trick))
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
        self.refresh()

    def _poses_of(
        self, tricks: tuple[Trick, ...], trick: Trick, cards: set[Card]
    ) -> dict[Card, tuple[Pose, bool]]:
        """Where ``cards`` lie in this history: pose, and whether in the present trick."""
        out: dict[Card, tuple[Pose, bool]] = {}
        past, present = self._trick_poses(tricks, trick)
        for tr, poses in zip(tricks, past):
            for p, pose in zip(tr, poses):
                if p.card in cards:
                    out[p.card] = (pose, False)
        for p, pose in zip(trick, present):
            if p.card in cards:
                out[p.card] = (pose, True)
        return out

    def _trick_poses(
        self, tricks: tuple[Trick, ...], trick: Trick
    ) -> tuple[list[list[Pose]], list[Pose]]:
        past = [self.past_poses(i, len(tr)) for i, tr in enumerate(tricks[: GRID[0] * GRID[1]])]
        return past, self.present_poses(len(trick))

    def _origin(self, before: UchronicleState, seat: int, card: Card) -> Pose:
        if seat == self.viewer:
            hand = list(self.session.rules.view(before, seat).hands[seat] or ())
            if card in hand:
                return self.hand_poses(len(hand))[hand.index(card)].raised(
                    self.hand_painter.lift(Look.SELECTED)
                )
        return self.seat_anchor(seat)

    @property
    def animating(self) -> bool:
        return self.anim is not None and self.clock < self.anim.end

    def skip_animation(self) -> None:
        self.anim = None
        self.clock = 0.0

    def update(self, dt: float) -> None:
        if self.anim is not None:
            self.clock += dt
            self.anim.flight.update(dt)
            for _, tween in self.anim.settle:
                tween.update(dt)
            if not self.animating:
                self.skip_animation()
        self._slide_markers(dt)
        super().update(dt)
        self.refresh()
        self.group.update(dt)

    def _slide_markers(self, dt: float) -> None:
        """The rule board's markers move towards the rules on show, on ``dt``."""
        target = marker_cells(self.view.rules)
        t = self.app.theme
        rate = MARKER_RATE * t.anim_speed
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

    def _draw_animation(self, surface: pygame.Surface) -> None:
        a = self.anim
        if a is None or not self.animating:
            return
        t = self.app.theme
        k = self.clock
        if k < a.removed_at:
            flip = t.duration(FLIP)
            for card, (pose, present) in a.taken_poses.items():
                painter = self.present_painter if present else self.past_painter
                if k < flip:
                    draw_flip(surface, painter, card_face(t, card), pose, k / flip if flip else 1.0)
                else:
                    u = (k - flip) / max(1e-6, a.removed_at - flip)
                    u = u * u
                    at = Pose(
                        pose.x + (a.pile.x - pose.x) * u, pose.y + (a.pile.y - pose.y) * u, 0.0
                    )
                    draw_card(surface, painter if u < 0.5 else self.mini_painter, None, at)
        if k < a.landed_at and k >= a.removed_at:
            draw_card(surface, self.present_painter, card_face(t, a.card), a.flight.pose)
        if k >= a.held_at:
            for card, tween in a.settle:
                painter = (
                    self.present_painter
                    if tween.elapsed - tween.delay < tween.duration / 2
                    else self.past_painter
                )
                draw_card(surface, painter, card_face(t, card), tween.pose)
