"""A game's score sheet drawn as a table: one column per seat, one row per
way of scoring, the totals and places at the foot (Board Game Arena's
end-of-game table). The results screen and the summary between deals draw
it (tabletop/ui/overlays.py); the sheet itself is the rules' data
(:class:`tabletop.core.game.ScoreSheet`), so the view knows no game.

The view scrolls when the sheet is taller than its rect (the wheel, the
scrollbar, the arrow keys), and the pointer resting on a cell shows that
cell whole: the row's label, the seat, its points and the words beside them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from tabletop.core.game import ScoreSheet, SheetRow
from tabletop.core.words import ordinal
from tabletop.ui.theme import Theme, mix
from tabletop.ui.widgets import _Scrollable, draw_text


def points(value: float | None) -> str:
    """A cell's number in words: whole numbers without a decimal point, a
    cell that does not apply to the seat as a dash."""
    if value is None:
        return "–"
    if float(value).is_integer():
        n = int(value)
        return f"−{-n}" if n < 0 else str(n)
    return f"{value:.1f}".replace("-", "−")


@dataclass(frozen=True)
class FootRow:
    """A row under the totals that is not scoring (the wins this sitting):
    its label and one cell of words per seat."""

    label: str
    cells: tuple[str, ...]


class SheetView(_Scrollable):
    """The sheet in its rect, scrolled by ``offset``. ``places`` (1 is best)
    head each seat's column and mark the best; ``foot`` rows follow the
    totals."""

    focusable = True

    def __init__(
        self,
        sheet: ScoreSheet,
        names: Sequence[str],
        places: Sequence[int],
        foot: Sequence[FootRow] = (),
    ) -> None:
        super().__init__()
        self.sheet = sheet
        self.names = list(names)
        self.places = list(places)
        self.foot = list(foot)
        self.row_h = 30
        self.note_h = 18
        self.head_h = 56
        self.label_w = 200
        #: the cells drawn last: (rect, whole words) for the tooltip
        self._cells: list[tuple[pygame.Rect, str]] = []

    @property
    def players(self) -> int:
        return len(self.sheet.totals)

    # -- geometry ---------------------------------------------------------------
    def measure(self, theme: Theme, width: int) -> None:
        """Row heights and the label column for ``width``."""
        self._measure(theme)
        self.row_h = theme.body.get_linesize() + theme.px(8)
        self.note_h = theme.small.get_linesize()
        self.head_h = theme.body.get_linesize() + theme.small.get_linesize() + theme.px(12)
        self.line_height = self.row_h
        inner = width - 2 * self.pad - self.bar_width - self.pad
        widest = max(
            [theme.small.size(row.label)[0] for row in self.sheet.rows]
            + [theme.small.size(row.label)[0] for row in self.foot]
            + [theme.font("body", bold=True).size("Total")[0]]
        )
        share = max(0.26, min(0.42, 1.0 - 0.16 * self.players))
        self.label_w = min(widest + theme.px(16), int(inner * share))
        self._content_height = self.full_height()

    def row_height(self, row: SheetRow) -> int:
        return self.row_h + (self.note_h if any(row.notes) else 0)

    def full_height(self) -> int:
        """The sheet's height unscrolled, header and foot included."""
        return (
            self.head_h
            + sum(self.row_height(row) for row in self.sheet.rows)
            + self.row_h  # the totals
            + self.row_h * len(self.foot)
        )

    def height_for(self, theme: Theme, width: int) -> int:
        """The height the whole sheet takes at ``width``, with the frame."""
        self.measure(theme, width)
        return self.full_height() + 2 * self.pad

    def columns(self) -> list[pygame.Rect]:
        """Each seat's column, left to right, the height of the view."""
        view = self.view_rect()
        x0 = view.x + self.label_w
        w = (view.right - x0) // max(1, self.players)
        return [pygame.Rect(x0 + s * w, view.y, w, view.h) for s in range(self.players)]

    # -- input ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        if self._handle_scroll(event):
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            moves = {
                pygame.K_UP: self.offset - self.row_h,
                pygame.K_DOWN: self.offset + self.row_h,
                pygame.K_PAGEUP: self.offset - self.view_rect().h,
                pygame.K_PAGEDOWN: self.offset + self.view_rect().h,
                pygame.K_HOME: 0,
                pygame.K_END: self.max_offset,
            }
            if event.key in moves and self.max_offset > 0:
                self.scroll_to(moves[event.key])
                return True
        return False

    @property
    def dragging(self) -> bool:
        """The scrollbar's thumb is held."""
        return self._drag_from is not None

    def can_focus(self) -> bool:
        """Keyboard focus only when there is something to scroll."""
        return self.visible and self.max_offset > 0

    def tooltip_text(self) -> str:
        if self._mouse is None:
            return ""
        for rect, words in self._cells:
            if rect.collidepoint(self._mouse):
                return words
        return ""

    # -- drawing ----------------------------------------------------------------
    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        self.measure(theme, self.rect.w)
        self.scroll_to(self.offset)
        self._draw_frame(surface, theme)
        view = self.view_rect()
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        cols = self.columns()
        self._cells = []
        y = view.y - self.offset
        best = [s for s, p in enumerate(self.places) if p == 1]
        for s in best:  # the winners' columns, lightly in their colour
            band = cols[s].inflate(-theme.px(4), 0)
            band.y, band.h = y, self.full_height()
            pygame.draw.rect(
                surface,
                mix(theme.track, theme.player(s).colour, 0.14),
                band,
                border_radius=theme.px(6),
            )
        y = self._draw_head(surface, theme, cols, y)
        for k, row in enumerate(self.sheet.rows):
            h = self.row_height(row)
            if y + h >= view.y and y <= view.bottom:
                self._draw_row(surface, theme, cols, y, h, row, k)
            y += h
        pygame.draw.line(
            surface,
            theme.panel_edge,
            (view.x, y),
            (view.right, y),
            max(1, theme.px(2)),
        )
        y = self._draw_totals(surface, theme, cols, y)
        for foot in self.foot:
            self._draw_foot(surface, theme, cols, y, foot)
            y += self.row_h
        surface.set_clip(clip)
        self._draw_scrollbar(surface, theme)

    def _name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else f"Player {seat + 1}"

    def _draw_head(
        self, surface: pygame.Surface, theme: Theme, cols: list[pygame.Rect], y: int
    ) -> int:
        body_h = theme.body.get_linesize()
        for s, col in enumerate(cols):
            style = theme.player(s)
            place = self.places[s] if s < len(self.places) else 0
            font = theme.font("body", bold=place == 1)
            name = f"{style.glyph} {self._name(s)}"
            cell = pygame.Rect(col.x + theme.px(4), y + theme.px(4), col.w - theme.px(8), body_h)
            draw_text(surface, font, name, style.colour, cell, "center")
            if place:
                below = pygame.Rect(cell.x, cell.bottom, cell.w, theme.small.get_linesize())
                draw_text(surface, theme.small, ordinal(place), theme.text_dim, below, "center")
            self._cells.append(
                (
                    pygame.Rect(col.x, y, col.w, self.head_h),
                    f"{self._name(s)}: {ordinal(place)} place" if place else self._name(s),
                )
            )
        return y + self.head_h

    def _draw_row(
        self,
        surface: pygame.Surface,
        theme: Theme,
        cols: list[pygame.Rect],
        y: int,
        h: int,
        row: SheetRow,
        k: int,
    ) -> None:
        view = self.view_rect()
        if k % 2:
            pygame.draw.rect(
                surface,
                mix(theme.track, theme.panel_edge, 0.18),
                pygame.Rect(view.x, y, view.w, h),
            )
        label = pygame.Rect(view.x + theme.px(6), y, self.label_w - theme.px(10), self.row_h)
        draw_text(surface, theme.small, row.label, theme.text, label)
        self._cells.append((pygame.Rect(view.x, y, self.label_w, h), row.label))
        for s, col in enumerate(cols):
            value = row.values[s] if s < len(row.values) else None
            faint = value is None or value == 0
            cell = pygame.Rect(col.x, y, col.w, self.row_h)
            draw_text(
                surface,
                theme.body,
                points(value),
                theme.text_dim if faint else theme.text,
                cell,
                "center",
            )
            note = row.note(s)
            if note:
                below = pygame.Rect(
                    col.x + theme.px(4),
                    y + self.row_h - theme.px(4),
                    col.w - theme.px(8),
                    self.note_h,
                )
                draw_text(surface, theme.small, note, theme.text_dim, below, "center", "top")
            words = f"{self._name(s)}, {row.label}: {points(value)}"
            if note:
                words += f" ({note})"
            self._cells.append((pygame.Rect(col.x, y, col.w, h), words))

    def _draw_totals(
        self, surface: pygame.Surface, theme: Theme, cols: list[pygame.Rect], y: int
    ) -> int:
        view = self.view_rect()
        bold = theme.font("body", bold=True)
        unit = self.sheet.unit
        label = pygame.Rect(view.x + theme.px(6), y, self.label_w - theme.px(10), self.row_h)
        draw_text(surface, bold, "Total", theme.text, label)
        self._cells.append((pygame.Rect(view.x, y, self.label_w, self.row_h), f"Total {unit}"))
        for s, col in enumerate(cols):
            total = self.sheet.totals[s]
            cell = pygame.Rect(col.x, y, col.w, self.row_h)
            draw_text(surface, bold, points(total), theme.text, cell, "center")
            self._cells.append((cell, f"{self._name(s)}: {points(total)} {unit} in all"))
        return y + self.row_h

    def _draw_foot(
        self,
        surface: pygame.Surface,
        theme: Theme,
        cols: list[pygame.Rect],
        y: int,
        foot: FootRow,
    ) -> None:
        view = self.view_rect()
        label = pygame.Rect(view.x + theme.px(6), y, self.label_w - theme.px(10), self.row_h)
        draw_text(surface, theme.small, foot.label, theme.text_dim, label)
        self._cells.append((pygame.Rect(view.x, y, self.label_w, self.row_h), foot.label))
        for s, col in enumerate(cols):
            words = foot.cells[s] if s < len(foot.cells) else ""
            cell = pygame.Rect(col.x, y, col.w, self.row_h)
            draw_text(surface, theme.small, words, theme.text_dim, cell, "center")
            self._cells.append((cell, f"{self._name(s)}, {foot.label}: {words}"))
