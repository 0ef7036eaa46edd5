"""The rules page and the controls: F1 anywhere, "How to play" on the title."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.menuscene import MenuScene
from tabletop.ui.widgets import Button, ScrollText, fit_text

CONTROLS_HELP = """# Controls

Mouse: everything can be done with the mouse alone. Hover a control for a hint.

Keyboard: Tab and the arrow keys move between controls, Enter chooses.

Esc: back, or the pause menu during a game.
F1: the rules of the game you are in (or this page).
F11: fullscreen on and off.
Ctrl+Z: take back your own last move, with the bots' moves since (never past a card that was revealed or a random draw). If another player has moved since, they are asked first, behind the curtain, and may refuse; nobody's move is taken back without them. Right after your move, the curtain also offers to take it back before you pass the device.
L: show or hide the game log.
Space or right-click: skip an animation.
Ctrl+M: sound on and off.

Card games: Left and Right move the cursor (a thick dark ring) over your hand, Space selects or unselects the card under it, Enter plays the selection, P passes. Selected cards rise and carry a check mark; cards you may play have a small pointer above them.

Between deals and games of a match, a summary shows each player's place and points; Enter, Space or a click goes on to the next one.

Your game is saved after every move. If the program closes unexpectedly, choose "Resume" on the title screen (or start it with --resume).
"""


def current_game_entry(app: Any) -> Any:
    """The game on screen (or being set up), if any: the topmost scene that
    is about a game says which."""
    for scene in reversed(app.stack.scenes):
        if scene.game_entry is not None:
            return scene.game_entry
    return None


def open_rules(app: Any) -> None:
    """F1: the rules of the current game, or the controls page."""
    if isinstance(app.stack.top, RulesScene):
        app.stack.pop()
        return
    entry = current_game_entry(app)
    if entry is None:
        app.stack.push(RulesScene(app, "How to play", CONTROLS_HELP))
    else:
        text = entry.rules_text() + "\n\n" + CONTROLS_HELP
        app.stack.push(
            RulesScene(app, f"{entry.info.title}: rules", text, pictures=entry.rules_picture)
        )


class RulesScene(MenuScene):
    """A scrollable page of text; F1 or Esc closes it."""

    def __init__(self, app: Any, title: str, text: str, *, pictures: Any = None) -> None:
        self.heading = fit_text(app.theme.title, title, app.size[0] - 40)
        self.text = text
        #: finds the drawing function a ``[[picture NAME LINES]]`` line names
        self.pictures = pictures
        super().__init__(app)

    def build(self) -> None:
        self.view = ScrollText(self.text, pictures=self.pictures)
        self.done = Button("Close", self.back, kind="primary")
        self.group.add(self.view, self.done)
        self.group.focus(self.view, show=False)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(rect.w - t.px(60), t.px(900))
        self.view.rect = pygame.Rect(rect.centerx - w // 2, rect.y + t.px(6), w, rect.h - t.px(100))
        self.done.rect = pygame.Rect(
            rect.centerx - t.px(100), self.view.rect.bottom + t.px(20), t.px(200), t.px(48)
        )
