"""The screen machinery every menu and overlay shares.

A :class:`MenuScene` is a focus group of widgets laid out from the window
size, usable by mouse and keyboard, with Esc going back. Overlays (pause,
curtain, results) are MenuScenes that are not opaque and draw their own panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from tabletop.ui.scene import Scene
from tabletop.ui.theme import Theme, mix
from tabletop.ui.widgets import FocusGroup, Widget, centered

#: the menus' dotted backgrounds drawn so far, by everything that shapes one
#: (a few sizes at most: the window's, and the last ones before a resize)
_BACKGROUNDS: dict[tuple[Any, ...], pygame.Surface] = {}
_KEPT_BACKGROUNDS = 4


class MenuScene(Scene):
    """A screen of widgets. Subclasses build widgets in ``build`` and place
    them in ``place(rect)``; Esc calls ``back``."""

    heading = ""

    def __init__(self, app: Any) -> None:
        super().__init__(app)
        self.group = FocusGroup()
        #: an overlay's own panel: its heading is drawn at the top, inside it
        self.box: pygame.Rect | None = None
        self.build()

    def build(self) -> None:
        """Create the widgets and add them to ``self.group``."""

    def place(self, rect: pygame.Rect) -> None:
        """Set every widget's rect inside ``rect`` (the window below the heading)."""

    def back(self) -> None:
        self.app.stack.pop()

    @property
    def widgets(self) -> list[Widget]:
        return self.group.widgets

    def resize(self, size: tuple[int, int]) -> None:
        t = self.app.theme
        w, h = size
        top = t.px(28) + (t.title.get_linesize() if self.heading and self.opaque else 0)
        self.place(pygame.Rect(0, top, w, h - top))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()
            return True
        used = self.group.handle(event)
        if used and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            self.app.sound.play("click", 0.5)
        return used

    def update(self, dt: float) -> None:
        self.group.update(dt)

    def wake_in(self) -> float:
        """A menu changes by itself only when a tooltip comes (its delay)."""
        return self.group.wake_in()

    def draw_background(self, surface: pygame.Surface) -> None:
        """A quiet pattern of table-felt dots, drawn by the program once per
        size and colours (a few hundred circles) and copied every frame."""
        t = self.app.theme
        w, h = surface.get_size()
        step = t.px(48)
        dot = mix(t.background, t.panel, 0.6)
        radius = max(1, t.px(2))
        key = (w, h, tuple(t.background), dot, step, radius, surface.get_bitsize())
        pattern = _BACKGROUNDS.get(key)
        if pattern is None:
            pattern = pygame.Surface((w, h), 0, surface)
            pattern.fill(t.background)
            # one dot drawn, then copied to every place in one call (drawing
            # each was most of the title's first frame)
            tile = pygame.Surface((2 * radius + 1, 2 * radius + 1), 0, surface)
            tile.fill(t.background)
            pygame.draw.circle(tile, dot, (radius, radius), radius)
            pattern.fblits(
                [
                    (tile, (x - radius, y - radius))
                    for y in range(step // 2, h, step)
                    for x in range(step // 2 + (y // step % 2) * step // 2, w, step)
                ]
            )
            while len(_BACKGROUNDS) >= _KEPT_BACKGROUNDS:
                del _BACKGROUNDS[next(iter(_BACKGROUNDS))]
            _BACKGROUNDS[key] = pattern
        surface.blit(pattern, (0, 0))

    def draw_heading(self, surface: pygame.Surface) -> None:
        if not self.heading:
            return
        t = self.app.theme
        if self.box is not None:
            img = t.heading.render(self.heading, True, t.text)
            surface.blit(img, img.get_rect(midtop=(self.box.centerx, self.box.y + t.px(16))))
            return
        img = t.title.render(self.heading, True, t.text)
        surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, t.px(18))))

    def overlay_box(self, content: pygame.Rect) -> pygame.Rect:
        """The overlay panel around ``content``, with room for the heading on top."""
        t = self.app.theme
        head = t.heading.get_linesize() + t.px(20) if self.heading else 0
        pad = t.px(22)
        self.box = pygame.Rect(
            content.x - pad, content.y - pad - head, content.w + 2 * pad, content.h + 2 * pad + head
        )
        return self.box

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        if self.opaque:
            self.draw_background(surface)
        else:
            # the scene beneath, dimmed to 105/255 of itself (as black at alpha
            # 150 over it would, without a window-sized layer a frame)
            surface.fill((105, 105, 105), special_flags=pygame.BLEND_RGB_MULT)
            if self.box is not None:
                radius = t.px(14)
                pygame.draw.rect(surface, t.shadow, self.box.move(0, t.px(6)), border_radius=radius)
                pygame.draw.rect(surface, t.panel, self.box, border_radius=radius)
                pygame.draw.rect(surface, t.panel_edge, self.box, t.px(2), border_radius=radius)
        self.draw_heading(surface)
        self.group.draw(surface, t)


def button_column(
    rect: pygame.Rect, buttons: Sequence[Widget], theme: Theme, width: int = 320
) -> pygame.Rect:
    """Stack ``buttons`` centred in ``rect``; returns the box they occupy."""
    bw = min(theme.px(width), rect.w - theme.px(40))
    bh = theme.px(48)
    gap = theme.px(12)
    total = len(buttons) * bh + (len(buttons) - 1) * gap
    box = centered(rect, bw, total)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(box.x, box.y + i * (bh + gap), bw, bh)
    return box
