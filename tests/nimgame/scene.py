"""Nim's table: heaps as rows of stones. Exists only to exercise the platform.

Hover a stone to highlight it and every stone to its right; click it to take
those stones (the k-th stone from the right takes k). Legality is the rules'
business: the click becomes ``Take(heap, k)``, which the frame plays through
:meth:`GameScene.act`, showing the rules' reason for a refusal.

The table follows the contract every game's table does (``tabletop/ui/table.py``):
a plain-data picture, painted without writing anything back.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.ui.gamescene import GameScene
from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.theme import mix
from tabletop.ui.widgets import Button, FocusGroup, draw_text
from tests.nimgame.rules import Reserve, Take

#: stones a row has room for before the stones squeeze together
ROW_SLOTS = 14


@dataclass
class Flying:
    """Stones lifting off a heap after a take."""

    centres: list[tuple[int, int]]
    t: float
    duration: float


@dataclass(frozen=True)
class NimPicture:
    """The heaps' sizes, how many stones of each are lit, the stones in the
    air (centres, how far up) and the line under the heaps."""

    heaps: tuple[int, ...]
    hot: tuple[int, ...]
    flying: tuple[tuple[tuple[tuple[int, int], ...], float], ...]
    info: str
    info_rect: pygame.Rect


class NimTable(Table[NimPicture]):
    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        self.rows: list[pygame.Rect] = []
        self.label_rects: list[pygame.Rect] = []
        self.stone_r = 0
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.hover: tuple[int, int] | None = None  # (heap index, stones from the right)
        self.flying: list[Flying] = []
        self.reserve_button = Button(
            "Place reserve",
            lambda: self.choose(Reserve()),
            tooltip="Add your secret reserve to the smallest heap",
        )
        self.buttons = FocusGroup([self.reserve_button])
        self.group = self.buttons

    # -- layout --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.frame.app.theme
        pad = t.px(24)
        inner = rect.inflate(-2 * pad, -2 * pad)
        info_h = t.px(56)
        self.info_rect = pygame.Rect(inner.x, inner.bottom - info_h, inner.w, info_h)
        heaps = len(self.frame.session.state.heaps)
        gap = t.px(12)
        row_h = max(1, (self.info_rect.y - gap - inner.y - gap * (heaps - 1)) // heaps)
        label_w = t.px(150)
        self.rows, self.label_rects = [], []
        for i in range(heaps):
            y = inner.y + i * (row_h + gap)
            self.label_rects.append(pygame.Rect(inner.x, y, label_w, row_h))
            self.rows.append(pygame.Rect(inner.x + label_w, y, inner.w - label_w, row_h))
        stones_w = self.rows[0].w if self.rows else 0
        self.stone_r = max(2, min(row_h * 2 // 5, stones_w // (ROW_SLOTS * 2 + 2)))
        bw = min(t.px(220), inner.w // 3)
        self.reserve_button.rect = pygame.Rect(
            self.info_rect.right - bw, self.info_rect.y + t.px(4), bw, info_h - t.px(8)
        )

    def stone_centres(self, heap: int, count: int) -> list[tuple[int, int]]:
        """Where the ``count`` stones of heap ``heap`` (0-based) sit, left to right."""
        row = self.rows[heap].inflate(-2 * self.frame.app.theme.px(12), 0)
        r = self.stone_r
        step = min(2 * r + r // 2, (row.w - 2 * r) // max(1, count - 1) if count > 1 else 2 * r)
        return [(row.x + r + i * step, row.centery) for i in range(count)]

    def stone_rects(self, heap: int, count: int) -> list[pygame.Rect]:
        r = self.stone_r
        return [pygame.Rect(x - r, y - r, 2 * r, 2 * r) for x, y in self.stone_centres(heap, count)]

    def stone_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """(heap index, k) for the stone under ``pos``: k counts from the right, 1-based."""
        heaps = self.frame.view.heaps
        for h, count in enumerate(heaps):
            if h >= len(self.rows) or not self.rows[h].collidepoint(pos):
                continue
            for i, rect in reversed(list(enumerate(self.stone_rects(h, count)))):
                if rect.collidepoint(pos):
                    return h, count - i
        return None

    # -- a lesson's light and gestures ---------------------------------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """``"heap:N"``: heap N's row; ``"reserve"``: the reserve button."""
        kind, _, arg = target.partition(":")
        if kind == "heap" and arg.isdigit() and 1 <= int(arg) <= len(self.rows):
            return self.rows[int(arg) - 1]
        if kind == "reserve" and self.reserve_button.visible:
            return self.reserve_button.rect
        return None

    def lesson_value(self, name: str) -> object:
        """``"hover"``: the stone under the pointer (a gesture: point at a stone)."""
        return self.hover if name == "hover" else None

    # -- input -----------------------------------------------------------------------
    def reserve_legal(self) -> bool:
        frame = self.frame
        return frame.my_turn and frame.session.check(Reserve(), frame.viewer) is None

    def refresh(self) -> None:
        self.reserve_button.visible = self.reserve_legal()

    def handle(self, event: pygame.event.Event) -> Any:
        self.refresh()
        if self.buttons.handle(event):
            return self.take_chosen() or True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.stone_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = self.stone_at(event.pos)
            if hit is None:
                return False
            if self.animating:
                self.skip()
            heap, k = hit
            self.hover = None
            return Take(heap + 1, k)
        return False

    # -- animation -------------------------------------------------------------------
    def start(self, move: Move) -> None:
        before, action = move.before, move.action
        self.frame.app.sound.play("clack")
        if not isinstance(action, Take):
            return
        duration = self.frame.app.theme.duration(0.35)
        if duration <= 0 or not self.rows:
            return
        h = action.heap - 1
        centres = self.stone_centres(h, before.heaps[h])[before.heaps[h] - action.count :]
        self.flying.append(Flying(centres, 0.0, duration))

    @property
    def animating(self) -> bool:
        return bool(self.flying)

    def skip(self) -> None:
        self.flying.clear()

    def update(self, dt: float) -> None:
        for f in self.flying:
            f.t += dt
        self.flying = [f for f in self.flying if f.t < f.duration]

    def wake_in(self) -> float:
        """Stones in flight move; the table otherwise waits."""
        return NOW if self.flying else NEVER

    # -- the picture -------------------------------------------------------------------
    def picture(self, view: Any) -> NimPicture:
        heaps = tuple(view.heaps[: len(self.rows)])
        hot = tuple(
            self.hover[1]
            if self.hover is not None and self.hover[0] == h and self.frame.my_turn
            else 0
            for h in range(len(heaps))
        )
        flying = tuple((tuple(f.centres), min(1.0, f.t / f.duration)) for f in self.flying)
        r = self.info_rect
        if self.reserve_button.visible:
            t = self.frame.app.theme
            r = pygame.Rect(r.x, r.y, self.reserve_button.rect.x - r.x - t.px(12), r.h)
        return NimPicture(heaps, hot, flying, self._info(view), r)

    def _info(self, view: Any) -> str:
        seat = self.frame.viewer
        mine = view.reserves[seat]
        parts = []
        if mine is not None and not view.placed[seat]:
            parts.append(f"Your secret reserve: {mine} stone{'s' if mine != 1 else ''}")
        elif view.placed[seat]:
            parts.append("Your reserve is on the table")
        seats = self.frame.session.seats
        parts += [
            f"{seats[s].name} placed {r}"
            for s, r in enumerate(view.reserves)
            if s != seat and view.placed[s]
        ]
        parts.append(f"take 1 to {view.max_take}")
        return " · ".join(parts)

    def paint(self, surface: pygame.Surface, picture: NimPicture) -> None:
        t = self.frame.app.theme
        stone = (214, 206, 188)
        edge = mix(stone, (0, 0, 0), 0.45)
        for h, count in enumerate(picture.heaps):
            label = self.label_rects[h]
            head = t.font("body", bold=True)
            line = pygame.Rect(
                label.x, label.centery - head.get_linesize(), label.w - t.px(8), head.get_linesize()
            )
            draw_text(surface, head, f"Heap {h + 1}", t.text, line)
            line = pygame.Rect(label.x, label.centery, label.w - t.px(8), t.small.get_linesize())
            draw_text(
                surface, t.small, f"{count} stone{'s' if count != 1 else ''}", t.text_dim, line
            )
            pygame.draw.rect(surface, t.felt_dark, self.rows[h], border_radius=t.px(10))
            hot = picture.hot[h]
            for i, c in enumerate(self.stone_centres(h, count)):
                pygame.draw.circle(surface, t.shadow, (c[0] + 2, c[1] + 3), self.stone_r)
                pygame.draw.circle(surface, t.focus if i >= count - hot else stone, c, self.stone_r)
                pygame.draw.circle(surface, edge, c, self.stone_r, max(1, t.px(2)))
        for centres, p in picture.flying:
            rad = max(1, round(self.stone_r * (1.0 - 0.6 * p)))
            for x, y in centres:
                pygame.draw.circle(
                    surface, mix(stone, t.felt, p), (x, y - round(p * self.stone_r * 3)), rad
                )
        draw_text(surface, t.body, picture.info, t.text, picture.info_rect)
        self.buttons.draw(surface, t)


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """Nim's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=NimTable)


def is_nim(scene: Any) -> bool:
    """``scene`` is the frame holding Nim's table."""
    return isinstance(scene, GameScene) and isinstance(scene.table, NimTable)


def table_of(scene: Any) -> NimTable:
    assert is_nim(scene)
    table: NimTable = scene.table
    return table
