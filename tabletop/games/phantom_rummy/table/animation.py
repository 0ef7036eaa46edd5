"""What a move shows before the table settles: a taken card flies from the
row to its taker, a discard from its owner to their pile. The goal screen's
clock, the other animation, is ``goal.py``'s :class:`GoalShow`. Both run on
the ``dt`` the loop passes.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.games.phantom_rummy.cards import Card
from tabletop.ui.cards import CardTween, Pose
from tabletop.ui.theme import Theme

#: seconds a taken or discarded card flies, at animation speed 1
FLY = 0.32


@dataclass(frozen=True)
class Flight:
    """A card on its way, and which painter's size it flies at."""

    card: Card
    pose: Pose
    painter: str


class Flights:
    """Cards flying, each with its tween and the painter of its size
    (``hand``, ``row`` or ``mini``); ``flying`` their cards, which are not
    drawn where they land until they are there."""

    def __init__(self) -> None:
        self.tweens: list[tuple[Card, CardTween, str]] = []
        self.flying: set[Card] = set()

    @property
    def running(self) -> bool:
        return bool(self.tweens)

    def fly(self, theme: Theme, card: Card, start: Pose, end: Pose, painter: str) -> None:
        seconds = theme.duration(FLY)
        if seconds > 0:
            self.tweens.append((card, CardTween(start, end, seconds, tag=card), painter))
            self.flying.add(card)

    def skip(self) -> None:
        self.tweens, self.flying = [], set()

    def update(self, dt: float) -> None:
        for _, tween, _ in self.tweens:
            tween.update(dt)
        if self.tweens and all(tween.done for _, tween, _ in self.tweens):
            self.skip()

    def shown(self) -> tuple[Flight, ...]:
        """The cards in the air now, where they are."""
        return tuple(
            Flight(card, tween.pose, painter)
            for card, tween, painter in self.tweens
            if tween.started and not tween.done
        )
