"""Where everything goes on Planet's table, for a rect of the window: the
planet shown large in the middle (the flat-map button at its top right), the
other planets small along the top, this round's tiles in the tray below with
the preview's words beside it, the animal board and the habitat card in a
column at the side. And where each tray tile is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

import pygame

from tabletop.games.planet.table.flatmap import toggle_width
from tabletop.ui.theme import Theme


def _none() -> pygame.Rect:
    return pygame.Rect(0, 0, 0, 0)


@dataclass(frozen=True)
class Layout:
    """Every region of the table (see the module docstring)."""

    table: pygame.Rect = field(default_factory=_none)
    planet: pygame.Rect = field(default_factory=_none)
    others: pygame.Rect = field(default_factory=_none)
    tray: pygame.Rect = field(default_factory=_none)
    #: the preview's words, beside the tray
    info: pygame.Rect = field(default_factory=_none)
    board: pygame.Rect = field(default_factory=_none)
    habitat: pygame.Rect = field(default_factory=_none)
    flat_button: pygame.Rect = field(default_factory=_none)
    #: where the large planet (in 3D or as the flat map) is fitted
    big: pygame.Rect = field(default_factory=_none)
    #: each small planet's box, by seat (every seat but the one shown
    #: large), and where its planet is fitted inside it
    small: dict[int, pygame.Rect] = field(default_factory=dict)
    small_fit: dict[int, pygame.Rect] = field(default_factory=dict)
    #: where each small planet's far side is fitted, beside it (only the
    #: seats whose box has room for both)
    small_back: dict[int, pygame.Rect] = field(default_factory=dict)

    def regions(self) -> dict[str, pygame.Rect]:
        """Every separate region of the table, by name (none may overlap another)."""
        rects = {
            "planet": self.planet,
            "tray": self.tray,
            "preview": self.info,
            "animals": self.board,
            "habitat": self.habitat,
        }
        rects.update({f"planet {s}": r for s, r in self.small.items()})
        return rects

    def opaque(self) -> list[pygame.Rect]:
        """Every panel, each copied whole from the frame's panels every frame."""
        return [self.planet, self.tray, self.info, self.board, self.habitat, *self.small.values()]


#: the layout before the first one (nothing has a size yet)
EMPTY = Layout()


def lay_out(t: Theme, rect: pygame.Rect, players: int = 4) -> Layout:
    """The table's panels in ``rect`` for ``players`` (the planets placed by
    :func:`place_planets`); the habitat card has room for a line per seat
    under its heading, as the game's end shows every seat's card."""
    pad, gap = t.px(10), t.px(8)
    inner = rect.inflate(-2 * pad, -2 * pad)
    side_w = max(t.px(230), int(inner.w * 0.3))
    side = pygame.Rect(inner.right - side_w, inner.y, side_w, inner.h)
    main = pygame.Rect(inner.x, inner.y, side.x - gap - inner.x, inner.h)
    hab_h = t.small.get_linesize() * max(4, players + 1) + t.px(12)
    habitat = pygame.Rect(side.x, side.bottom - hab_h, side.w, hab_h)
    board = pygame.Rect(side.x, side.y, side.w, habitat.y - gap - side.y)
    # the other planets along the top, the tray and the preview's words at the foot
    others_h = max(t.px(60), int(main.h * 0.2))
    others = pygame.Rect(main.x, main.y, main.w, others_h)
    tray_h = max(t.px(70), int(main.h * 0.2))
    foot = pygame.Rect(main.x, main.bottom - tray_h, main.w, tray_h)
    tray_w = min(foot.w // 2, tray_h * 5)
    tray = pygame.Rect(foot.x, foot.y, tray_w, tray_h)
    info = pygame.Rect(tray.right + gap, foot.y, foot.right - tray.right - gap, tray_h)
    planet = pygame.Rect(main.x, others.bottom + gap, main.w, foot.y - gap - others.bottom - gap)
    return Layout(
        table=pygame.Rect(rect),
        planet=planet,
        others=others,
        tray=tray,
        info=info,
        board=board,
        habitat=habitat,
    )


def place_planets(t: Theme, layout: Layout, rest: list[int]) -> Layout:
    """``layout`` with the flat-map button, the large planet's room and a box
    along the top for each seat of ``rest`` (the seats shown small, in order)."""
    label = t.small.get_linesize()
    planet = layout.planet
    bw = toggle_width(t)
    button = pygame.Rect(planet.right - bw - t.px(6), planet.y + t.px(4), bw, label + t.px(4))
    big = planet.inflate(-t.px(8), -t.px(8))
    big.y += label // 2
    big.h -= label // 2
    small: dict[int, pygame.Rect] = {}
    small_fit: dict[int, pygame.Rect] = {}
    small_back: dict[int, pygame.Rect] = {}
    if rest:
        gap = t.px(8)
        r = layout.others
        w = min((r.w - gap * (len(rest) - 1)) // len(rest), int(r.h * 2.6))
        for k, seat in enumerate(rest):
            box = pygame.Rect(r.x + k * (w + gap), r.y, w, r.h)
            small[seat] = box
            fit = pygame.Rect(
                box.x + t.px(4), box.y + label, box.w - t.px(8), box.h - label - t.px(4)
            )
            if fit.w >= 2 * fit.h * 0.8:  # room for both sides, each nearly as large
                half = fit.w // 2
                small_fit[seat] = pygame.Rect(fit.x, fit.y, half, fit.h)
                small_back[seat] = pygame.Rect(fit.x + half, fit.y, fit.w - half, fit.h)
            else:
                small_fit[seat] = fit
    return replace(
        layout,
        flat_button=button,
        big=big,
        small=small,
        small_fit=small_fit,
        small_back=small_back,
    )


def tray_lift(t: Theme) -> int:
    """How far the hint's tile stands up out of the tray's row (the row
    keeps that much room above it, under the heading)."""
    return t.px(8)


def tray_places(t: Theme, tray: pygame.Rect, count: int) -> list[tuple[pygame.Rect, int]]:
    """Where each of ``count`` tray tiles is drawn (a square each), with its
    index; the hint's tile is drawn :func:`tray_lift` higher."""
    if not count:
        return []
    top = tray.y + t.small.get_linesize() + t.px(4) + tray_lift(t)
    slot = max(1, min((tray.w - t.px(8)) // count, tray.bottom - top - t.px(4)))
    return [(pygame.Rect(tray.x + t.px(4) + k * slot, top, slot, slot), k) for k in range(count)]


__all__ = ["EMPTY", "Layout", "lay_out", "place_planets", "tray_lift", "tray_places"]
