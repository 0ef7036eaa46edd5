"""Panels painted once per change and copied to the screen every frame.

Text and many small shapes are the costly part of a frame, and most of a
table stands still while one thing moves (a planet turning, a disc sliding).
A :class:`PanelCache` keeps each named panel as an opaque image of its rect,
painted again only when its *key* changes, and copies it to the screen on
every other frame. The key must hold everything the painting reads that can
change (the cache adds the rect and the colour under the panel): a panel
whose key misses an input shows stale words, which is the one way to misuse
this.

The painting code keeps drawing at screen coordinates: it paints onto a
screen-sized scratch surface, clipped to the panel's rect, and the rect is
copied out. So a panel's ``paint`` is the same function the scene would call
on the screen, and whatever it records (hit rects for the mouse) stays right
while the image is reused, because the image is reused only while the rect
is the same.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

import pygame

from tabletop.ui.widgets import CUTS, WHOLE, rendered

Colour = tuple[int, int, int]


class PanelCache:
    """Named panels, each painted when its key changes and blitted otherwise."""

    def __init__(self) -> None:
        self._images: dict[
            str, tuple[Hashable, pygame.Surface, tuple[tuple[pygame.Rect, str], ...]]
        ] = {}
        self._scratch: pygame.Surface | None = None
        #: how many times any panel was painted (tests read it)
        self.paints = 0
        #: counts the calls of :meth:`forget`: a frame that drew only what
        #: moves draws everything again after one
        self.generation = 0

    def draw(
        self,
        surface: pygame.Surface,
        name: str,
        rect: pygame.Rect,
        key: Hashable,
        paint: Callable[[pygame.Surface], None],
        under: Colour,
        *,
        changed_only: bool = False,
    ) -> None:
        """Show panel ``name`` at ``rect`` on ``surface``: the image painted for
        ``key`` if there is one, else ``paint(scratch)`` now, on a surface the
        size of ``surface`` filled with ``under`` inside ``rect`` and clipped
        to it. With ``changed_only`` an unchanged panel is not copied at all:
        for a caller that knows ``surface`` still shows it from the last time."""
        area = pygame.Rect(rect).clip(surface.get_rect())
        if area.w <= 0 or area.h <= 0:
            return
        full = (tuple(area), key, under)
        got = self._images.get(name)
        if changed_only and got is not None and got[0] == full:
            CUTS.replay(got[2])  # still on the window: its cut texts too
            return
        if got is None or got[0] != full:
            scratch = self._scratch
            if scratch is None or scratch.get_size() != surface.get_size():
                scratch = self._scratch = pygame.Surface(surface.get_size())
            scratch.set_clip(area)
            scratch.fill(under, area)
            mark = CUTS.mark()
            try:
                paint(scratch)
            finally:
                scratch.set_clip(None)
            if got is not None and got[1].get_size() == area.size:
                image = got[1]  # painted over: a new image of a window-wide panel costs its pages
                image.blit(scratch, (0, 0), area)
            else:
                image = scratch.subsurface(area).copy()
            got = (full, image, CUTS.since(mark))
            del CUTS.placed[mark:]
            self._images[name] = got
            self.paints += 1
        surface.blit(got[1], area.topleft)
        CUTS.replay(got[2])  # the texts it shows cut, read whole on hover

    def words(self, font: pygame.font.Font, text: str, colour: Colour) -> pygame.Surface:
        """``text`` rendered in ``font`` and ``colour``, once per change
        (:func:`tabletop.ui.widgets.rendered`, the one cache of rendered
        words): for a label drawn every frame over something that moves. Do
        not draw on it."""
        return rendered(font, text, colour, WHOLE)

    def forget(self, name: str | None = None) -> None:
        """Paint ``name`` (every panel, with None) afresh on its next draw."""
        self.generation += 1
        if name is None:
            self._images.clear()
        else:
            self._images.pop(name, None)


def uncovered(area: pygame.Rect, covers: list[pygame.Rect]) -> list[pygame.Rect]:
    """The parts of ``area`` no rect of ``covers`` overlaps, as rects that do
    not overlap each other (what is left to fill under opaque panels)."""
    parts = [pygame.Rect(area)]
    for c in covers:
        nxt: list[pygame.Rect] = []
        for r in parts:
            if not r.colliderect(c):
                nxt.append(r)
                continue
            top, bottom = max(r.y, c.y), min(r.bottom, c.bottom)
            for piece in (
                pygame.Rect(r.x, r.y, r.w, top - r.y),
                pygame.Rect(r.x, bottom, r.w, r.bottom - bottom),
                pygame.Rect(r.x, top, c.x - r.x, bottom - top),
                pygame.Rect(c.right, top, r.right - c.right, bottom - top),
            ):
                if piece.w > 0 and piece.h > 0:
                    nxt.append(piece)
        parts = nxt
    return parts


__all__ = ["PanelCache", "uncovered"]
