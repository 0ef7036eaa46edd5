"""Uchronicle's gestures. Mouse: click a card (its cheapest chip is chosen),
rest on a chip to see which history cards it would remove, click the card
or the chosen chip again, or Play. Clicking history cards makes the chosen chip's removal dearer
(ruling U6, ``removal.py``). Keys: Left/Right over the hand, Space picks,
Up/Down or Tab move between chips, Backspace goes back to the cheapest
removal, Enter plays.

A gesture becomes an action for the frame to play (the chosen chip's
``Play`` or ``DeadEnd``), which the session checks; nothing here decides
what may be played.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tabletop.games.uchronicle.model import Card
from tabletop.games.uchronicle.table.picture import Choice, Local
from tabletop.games.uchronicle.table.removal import RESET_KEY, Editor
from tabletop.ui.hand import HandKeys
from tabletop.ui.table import TableFrame
from tabletop.ui.widgets import FocusGroup


class Gestures(Protocol):
    """What :func:`handle` uses of the table."""

    frame: TableFrame
    keys: HandKeys
    buttons: FocusGroup
    local: Local
    editor: Editor

    @property
    def animating(self) -> bool: ...

    def skip(self) -> None: ...

    def refresh(self) -> None: ...

    def hand_cards(self) -> list[Card]: ...

    def card_at(self, pos: tuple[int, int]) -> Card | None: ...

    def chip_at(self, pos: tuple[int, int]) -> int | None: ...

    def click_chip(self, index: int) -> None: ...

    def move_chip(self, step: int) -> None: ...

    def select_card(self, card: Card | None) -> None: ...

    def confirm(self) -> None: ...

    def current_choices(self) -> list[Choice]: ...

    def take_chosen(self) -> Any: ...


def handle(table: Gestures, event: pygame.event.Event) -> Any:
    """An action for the frame to play, True when the event was a gesture
    of the table's own, False when it was not the table's."""
    table.refresh()
    local, editor = table.local, table.editor
    if editor.handle_menu(event):
        return table.take_chosen() or True
    if event.type == pygame.KEYDOWN:
        if table.keys.handle(event, table.hand_cards()):
            table.refresh()
            return table.take_chosen() or True
        if event.key == RESET_KEY and editor.edit is not None:
            editor.back_to_cheapest()
            return True
        if event.key in (pygame.K_UP, pygame.K_DOWN, pygame.K_TAB) and table.current_choices():
            back = event.key == pygame.K_UP or (
                event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
            )
            table.move_chip(-1 if back else 1)
            return True
    if table.buttons.handle(event):
        table.refresh()
        return table.take_chosen() or True
    mine = table.frame.my_turn
    if event.type == pygame.MOUSEMOTION:
        local.mouse = event.pos
        local.hover_card = table.card_at(event.pos)
        local.hover_chip = table.chip_at(event.pos)
        editor.hover = editor.history_card_at(event.pos) if mine else None
        return False
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        chip = table.chip_at(event.pos)
        if chip is not None:
            table.click_chip(chip)
            return table.take_chosen() or True
        spot = editor.history_card_at(event.pos) if mine else None
        if spot is not None:
            editor.click_history(*spot)
            return True
        card = table.card_at(event.pos)
        if card is None:
            return False
        if table.animating:
            table.skip()
        table.keys.point_at(card, table.hand_cards())
        if table.frame.my_turn:
            if card == local.selected:
                table.confirm()  # the chosen card clicked again plays its chosen chip
                return table.take_chosen() or True
            table.select_card(card)
        return True
    return False
