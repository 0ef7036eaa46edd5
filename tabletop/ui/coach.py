"""The coach's panel in a lesson: what to do next and why, a reason for a
wrong try, *Next* and *Leave lesson*, and the light on the table.

The frame (:class:`tabletop.ui.gamescene.GameScene`) holds one while a
lesson runs (``GameScene.coach``), above the log; the steps and their checks
are :mod:`tabletop.core.lesson`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.core.lesson import Coach
from tabletop.ui.theme import Theme, mix
from tabletop.ui.widgets import Button, draw_text, wrap_text

#: the key that presses Next
NEXT_KEY = pygame.K_n


class CoachPanel:
    """The panel's parts: where it sits, its buttons and how it draws."""

    def __init__(self, coach: Coach, on_leave: Callable[[], object]) -> None:
        self.coach = coach
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.next_button = Button(
            "Next (N)", self.press_next, hotkey=NEXT_KEY, kind="primary", tooltip="The next step"
        )
        self.leave_button = Button(
            "Leave lesson",
            on_leave,
            tooltip="Back to the title; the lesson comes back at this step",
        )
        #: called when Next passed a step (the frame lays the table out again)
        self.on_next: Callable[[], object] | None = None

    @property
    def buttons(self) -> list[Button]:
        return [self.next_button, self.leave_button]

    def press_next(self) -> None:
        if self.coach.next() and self.on_next is not None:
            self.on_next()

    def height_for(self, theme: Theme, width: int) -> int:
        """How tall the panel stands ``width`` wide: the heading, the
        longest step's words with room for a wrong try's answer below them,
        and the buttons. One height for the whole lesson, so the log under
        it keeps its place from step to step."""
        small = theme.small
        inner = width - 2 * theme.px(12)
        longest = max(
            (len(wrap_text(small, step.say, inner)) for step in self.coach.lesson.steps),
            default=1,
        )
        rows = longest + 4  # a blank row and three of an answer
        buttons = 1 if self._side_by_side(theme, width) else 2
        return (
            theme.px(8)
            + theme.font("small", bold=True).get_linesize()
            + theme.px(4)
            + rows * small.get_linesize()
            + theme.px(6 + 10)
            + buttons * theme.px(34)
            + (buttons - 1) * theme.px(10)
        )

    @staticmethod
    def _words_w(theme: Theme, button: Button) -> int:
        """How wide ``button`` must be for its words to show whole."""
        font = theme.font("body", bold=button.kind != "normal")
        return font.size(button.text)[0] + 2 * theme.px(14)

    def _side_by_side(self, theme: Theme, width: int) -> bool:
        """Leave lesson and Next fit, words whole, along one row ``width`` wide."""
        need = sum(self._words_w(theme, b) for b in self.buttons)
        return need + 3 * theme.px(10) <= width

    def place(self, rect: pygame.Rect, theme: Theme) -> None:
        """Sit in ``rect``: *Leave lesson* and *Next* along its foot, Leave
        as wide as its words need and Next taking what is left; where the
        two do not fit one row whole, Next over Leave, each the panel's width."""
        self.rect = pygame.Rect(rect)
        pad = theme.px(10)
        h = theme.px(34)
        y = rect.bottom - pad - h
        if not self._side_by_side(theme, rect.w):
            self.leave_button.rect = pygame.Rect(rect.x + pad, y, rect.w - 2 * pad, h)
            self.next_button.rect = pygame.Rect(rect.x + pad, y - pad - h, rect.w - 2 * pad, h)
            return
        leave_w = self._words_w(theme, self.leave_button)
        self.leave_button.rect = pygame.Rect(rect.x + pad, y, leave_w, h)
        x = self.leave_button.rect.right + pad
        self.next_button.rect = pygame.Rect(x, y, rect.right - pad - x, h)

    def handle(self, event: pygame.event.Event) -> bool:
        """The panel's buttons and the N key; True when the event was theirs."""
        step = self.coach.step
        self.next_button.visible = step is not None and step.do == "next"
        for button in self.buttons:
            if button.handle(event):
                return True
        return False

    def heading(self) -> str:
        coach = self.coach
        total = len(coach.lesson.steps)
        if coach.done:
            return f"Lesson · all {total} steps done"
        return f"Lesson · step {coach.index + 1} of {total}"

    def lines(self, theme: Theme, state: Any) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's rows of words: the step's, then a wrong try's answer."""
        width = self.rect.w - 2 * theme.px(12)
        coach = self.coach
        if coach.done:
            words = (
                "You have learnt what a first game needs. Play this game on to its end, "
                "or leave and set up a game of your own."
            )
        else:
            words = coach.words(state)
        rows = [(line, theme.text) for line in wrap_text(theme.small, words, width)]
        if coach.told:
            rows.append(("", theme.text))
            answer = f"Not quite: {coach.told} Try again."
            rows += [(line, theme.warning) for line in wrap_text(theme.small, answer, width)]
        step = coach.step
        if step is not None and step.do == "wait":
            rows.append(("", theme.text))
            rows.append(("The others are moving…", theme.text_dim))
        return rows

    def draw(self, surface: pygame.Surface, theme: Theme, state: Any) -> None:
        r = self.rect
        if r.w <= 0 or r.h <= 0:
            return
        pygame.draw.rect(surface, mix(theme.panel, theme.accent, 0.18), r)
        pygame.draw.rect(surface, theme.focus, r, max(2, theme.px(2)))
        pad = theme.px(12)
        y = r.y + theme.px(8)
        head = theme.font("small", bold=True)
        line = head.get_linesize()
        draw_text(
            surface,
            head,
            self.heading(),
            theme.focus,
            pygame.Rect(r.x + pad, y, r.w - 2 * pad, line),
        )
        y += line + theme.px(4)
        small = theme.small
        step_h = small.get_linesize()
        foot = min(b.rect.y for b in self.buttons) - theme.px(6)
        rows = self.lines(theme, state)
        for i, (text, colour) in enumerate(rows):
            if y + step_h > foot:
                break
            rest = None
            if y + 2 * step_h > foot and i < len(rows) - 1:  # the last room: the rest on hover
                rest = " ".join(t for t, _ in rows[i:] if t)
            draw_text(
                surface,
                small,
                text,
                colour,
                pygame.Rect(r.x + pad, y, r.w - 2 * pad, step_h),
                whole=rest,
            )
            y += step_h
        step = self.coach.step
        self.next_button.visible = step is not None and step.do == "next"
        for button in self.buttons:
            button.draw(surface, theme)


def draw_light(surface: pygame.Surface, theme: Theme, rect: pygame.Rect) -> None:
    """The coach's light on what the step asks the player to use: a wide
    ring in the focus colour, outside the thing so it hides none of it."""
    ring = rect.inflate(theme.px(10), theme.px(10))
    width = max(3, theme.px(4))
    pygame.draw.rect(
        surface, theme.shadow, ring.inflate(width, width), width, border_radius=theme.px(10)
    )
    pygame.draw.rect(surface, theme.focus, ring, width, border_radius=theme.px(10))
