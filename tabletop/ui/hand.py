"""A hand of cards, the same in every card game: the cards picked from it
(:func:`toggle_pick`), the keyboard's cursor and keys (:class:`HandKeys`)
and the focus ring. How a card looks and how a hand is fanned are
``tabletop/ui/cards.py``'s; what may be played is the rules'.

A card game's table owns one :class:`HandKeys` and feeds it its key events
with the hand in the order it is drawn; the helper keeps a cursor on one card
and calls the scene's own select, play and pass:

- Left / Right (and Home / End) move the cursor over the hand;
- Space selects or unselects the card under the cursor;
- Enter plays the selection;
- P passes.

The scene draws :func:`draw_focus_ring` around the card under the cursor
(:meth:`HandKeys.focused`) while :attr:`HandKeys.shown`: a thick dark ring
with a light one inside it, so it shows on every card colour and is told by
its shape, not by colour alone. The ring appears with the first key and hides
when the mouse picks a card. Nothing here decides what may be played: the
scene's callbacks go through the frame's ``act``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pygame

from tabletop.ui.cards import Pose

#: the keys, by what they do (the README's controls list the same)
LEFT = (pygame.K_LEFT,)
RIGHT = (pygame.K_RIGHT,)
FIRST = (pygame.K_HOME,)
LAST = (pygame.K_END,)
SELECT = (pygame.K_SPACE,)
PLAY = (pygame.K_RETURN, pygame.K_KP_ENTER)
PASS = (pygame.K_p,)

#: the ring's colours: dark outside, light inside, visible on any card or felt
RING_DARK = (16, 18, 24)
RING_LIGHT = (255, 255, 255)


def toggle_pick(picked: list[Any], card: Any, most: int) -> None:
    """Pick ``card`` from the hand, or put it back if it was picked: the
    cards picked, oldest first, are at most ``most`` (a pair, a set of
    three), and a pick beyond them drops the oldest."""
    if card in picked:
        picked.remove(card)
        return
    picked.append(card)
    if len(picked) > most:
        picked.pop(0)


class HandKeys:
    """A cursor over a hand of cards and the keys that play it.

    ``select(card)`` toggles a card in the scene's selection, ``play()`` plays
    the selection and ``pass_turn()`` passes; any of them may be None for a
    game without that move (its key then does nothing)."""

    def __init__(
        self,
        select: Callable[[Hashable], object] | None,
        play: Callable[[], object] | None,
        pass_turn: Callable[[], object] | None,
    ) -> None:
        self.select = select
        self.play = play
        self.pass_turn = pass_turn
        #: the card under the cursor, and where it was in the hand
        self.card: Hashable | None = None
        self.index = 0
        #: whether the ring is drawn (after a key; hidden by a mouse pick)
        self.shown = False

    def focused(self, cards: Sequence[Hashable]) -> Hashable | None:
        """The card under the cursor in ``cards`` (the hand as drawn): the
        same card while it is held, else the one now at its place."""
        if not cards:
            return None
        if self.card in cards:
            self.index = list(cards).index(self.card)
            return self.card
        self.index = max(0, min(self.index, len(cards) - 1))
        self.card = cards[self.index]
        return self.card

    def point_at(self, card: Hashable, cards: Sequence[Hashable]) -> None:
        """The mouse picked ``card``: the cursor follows it and the ring hides."""
        if card in cards:
            self.card, self.index = card, list(cards).index(card)
        self.shown = False

    def handle(self, event: pygame.event.Event, cards: Sequence[Hashable]) -> bool:
        """Act on one key of the hand's keys; True when it was one."""
        if event.type != pygame.KEYDOWN or event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
            return False
        key = event.key
        moves = {LEFT: -1, RIGHT: 1}
        for keys, step in moves.items():
            if key in keys:
                self._move(cards, step)
                return True
        if key in FIRST or key in LAST:
            if cards:
                self.index = 0 if key in FIRST else len(cards) - 1
                self.card = cards[self.index]
            self.shown = True
            return True
        if key in SELECT:
            card = self.focused(cards)
            self.shown = True
            if card is not None and self.select is not None:
                self.select(card)
            return True
        if key in PLAY:
            if self.play is not None:
                self.play()
            return True
        if key in PASS:
            if self.pass_turn is not None:
                self.pass_turn()
            return True
        return False

    def _move(self, cards: Sequence[Hashable], step: int) -> None:
        if not cards:
            return
        current = self.focused(cards)
        if self.shown and current is not None:
            self.index = max(0, min(len(cards) - 1, self.index + step))
            self.card = cards[self.index]
        self.shown = True  # the first key shows the ring where it is


def focus_ring_points(
    pose: Pose, card_size: tuple[int, int], grow: float
) -> list[tuple[float, float]]:
    """The corners of the card at ``pose`` grown by ``grow`` pixels on each
    side, rotated with it (counter-clockwise on screen, as ``Pose`` says)."""
    w, h = card_size
    hw, hh = w / 2 + grow, h / 2 + grow
    a = math.radians(pose.angle)
    cos, sin = math.cos(a), math.sin(a)
    points = []
    for dx, dy in ((-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)):
        # y grows downwards on screen, so a counter-clockwise turn is (x, y) -> (x cos + y sin, -x sin + y cos)
        points.append((pose.x + dx * cos + dy * sin, pose.y - dx * sin + dy * cos))
    return points


def draw_focus_ring(surface: pygame.Surface, pose: Pose, card_size: tuple[int, int]) -> None:
    """The keyboard's focus ring around the card at ``pose`` (already raised
    by its look's lift): a thick dark ring, a light one inside it."""
    h = card_size[1]
    dark = max(4, round(h * 0.045))
    light = max(2, round(h * 0.028))
    outer = focus_ring_points(pose, card_size, dark + light + 1)
    inner = focus_ring_points(pose, card_size, light + 1)
    pygame.draw.polygon(surface, RING_DARK, outer, dark + 1)
    pygame.draw.polygon(surface, RING_LIGHT, inner, light + 1)
    for x, y in outer:  # round the joins, so the corners stay closed
        pygame.draw.circle(surface, RING_DARK, (round(x), round(y)), max(1, dark // 2))
