"""Phantom Rummy's gestures: a click on the row takes a card, a click on the
hand selects one (three make a set), the keys move a cursor over the row or
the hand (``ui/hand.py``) and G, O, D, R, 1-4 and P answer as the buttons
do. A gesture becomes an action for the frame to play, which the session
checks; nothing here decides what may be played.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

import pygame

from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.model import Phase, Take
from tabletop.games.phantom_rummy.table.picture import Local
from tabletop.ui.hand import HandKeys
from tabletop.ui.table import TableFrame
from tabletop.ui.widgets import FocusGroup

GAIN_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4)


class Gestures(Protocol):
    """What :func:`handle` uses of the table."""

    frame: TableFrame
    keys: HandKeys
    buttons: FocusGroup
    local: Local

    @property
    def animating(self) -> bool: ...

    @property
    def asked(self) -> bool: ...

    def skip(self) -> None: ...

    def refresh(self) -> None: ...

    def keyed_cards(self) -> list[Card]: ...

    def card_at(self, pos: tuple[int, int]) -> Card | None: ...

    def row_card_at(self, pos: tuple[int, int]) -> Card | None: ...

    def toggle(self, card: Card) -> None: ...

    def take_chosen(self) -> Any: ...

    def call_goal(self) -> None: ...

    def open_set(self) -> None: ...

    def discard(self) -> None: ...

    def ready(self) -> None: ...

    def gain(self, i: int) -> Callable[[], None]: ...


def handle(table: Gestures, event: pygame.event.Event) -> Any:
    """An action for the frame to play, True when the event was a gesture
    of the table's own, False when it was not the table's."""
    frame = table.frame
    if event.type == pygame.KEYDOWN and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        if table.keys.handle(event, table.keyed_cards()):
            table.refresh()
            return table.take_chosen() or True
        keys = {
            pygame.K_g: table.call_goal,
            pygame.K_o: table.open_set,
            pygame.K_d: table.discard,
            pygame.K_r: table.ready,
        }
        if event.key in keys and frame.my_turn and frame.view.phase is not Phase.TAKE:
            keys[event.key]()
            return table.take_chosen() or True
        if event.key in GAIN_KEYS and table.asked:
            table.gain(GAIN_KEYS.index(event.key))()
            return table.take_chosen() or True
    if table.buttons.handle(event):
        table.refresh()
        return table.take_chosen() or True
    if event.type == pygame.MOUSEMOTION:
        table.local.hover = table.card_at(event.pos)
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        if table.animating:
            table.skip()
        row_card = table.row_card_at(event.pos)
        if row_card is not None:
            if frame.my_turn and frame.view.phase is Phase.TAKE:
                return Take(row_card)
            return True
        card = table.card_at(event.pos)
        if card is None:
            return False
        table.keys.point_at(card, table.keyed_cards())
        if frame.my_turn and frame.view.phase is Phase.ACT:
            table.toggle(card)
        return True
    return False
