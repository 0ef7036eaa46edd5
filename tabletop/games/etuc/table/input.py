"""Planet etuC's gestures: a click picks a card of the hand (one or two make
a play), the keys move a cursor over the hand (``ui/hand.py``), Play
and Pass are the rules' ``Play`` and ``Pass``, S sorts the hand. A gesture
becomes an action for the frame to play, which the session checks; nothing
here decides what may be played. A click on Play while the rules refuse the
pick (the button is greyed) hands the pick to the frame all the same, as
Enter does: the frame plays nothing and says the rules' reason (and in a
lesson the coach answers it).
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tabletop.games.etuc.rules import Card
from tabletop.games.etuc.table.picture import Local
from tabletop.ui.hand import HandKeys
from tabletop.ui.table import TableFrame
from tabletop.ui.widgets import Button, FocusGroup


class Gestures(Protocol):
    """What :func:`handle` uses of the table."""

    frame: TableFrame
    keys: HandKeys
    buttons: FocusGroup
    play_button: Button
    local: Local

    @property
    def animating(self) -> bool: ...

    def skip(self) -> None: ...

    def hand_cards(self) -> list[Card]: ...

    def card_at(self, pos: tuple[int, int]) -> Card | None: ...

    def toggle_card(self, card: Card) -> None: ...

    def toggle_sort(self) -> None: ...

    def take_chosen(self) -> Any: ...


def handle(table: Gestures, event: pygame.event.Event) -> Any:
    """An action for the frame to play, True when the event was a gesture
    of the table's own, False when it was not the table's."""
    if event.type == pygame.KEYDOWN:
        if table.keys.handle(event, table.hand_cards()):
            return table.take_chosen() or True
        if event.key == pygame.K_s:
            table.toggle_sort()
            return True
    refused = _refused_pick(table, event)
    if refused is not None:
        return refused
    if table.buttons.handle(event):
        return table.take_chosen() or True
    if event.type == pygame.MOUSEMOTION:
        table.local.hover = table.card_at(event.pos)
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        card = table.card_at(event.pos)
        if card is None:
            return False
        if table.animating:
            table.skip()
        table.keys.point_at(card, table.hand_cards())
        if table.frame.my_turn:
            table.toggle_card(card)
        return True
    return False


def _refused_pick(table: Gestures, event: pygame.event.Event) -> Any:
    """A press on the greyed Play with a pick the rules refuse: the pick,
    for the frame to refuse with the reason; else None."""
    button = table.play_button
    if not (
        event.type == pygame.MOUSEBUTTONDOWN
        and event.button == 1
        and button.visible
        and not button.enabled
        and button.rect.collidepoint(event.pos)
        and table.frame.my_turn
    ):
        return None
    return table.local.pick()
