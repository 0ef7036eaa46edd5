"""Widgets: buttons, labels, panels, lists, sliders, toggles, text input, toasts.

Every widget has a ``rect`` (set by whoever lays it out), ``handle(event) ->
bool`` (True when it used the event), ``draw(surface, theme)``, ``enabled`` and
an optional ``tooltip``. Widgets read the pointer only from ``event.pos``, never
from ``pygame.mouse``, so a test can drive them with synthetic events; they
need a :class:`~tabletop.ui.theme.Theme` to draw, never the app.

Keyboard: a widget reacts to keys only while ``focused``. A :class:`FocusGroup`
hands events to its widgets and moves the focus with Tab, Shift+Tab and the
arrow keys the focused widget does not use itself; Enter activates.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.words import clean, clip
from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.theme import Colour, Theme, mix, text_on

ELLIPSIS = "…"
#: a picture's line in a ScrollText: ``[[picture NAME LINES]]``
PICTURE_LINE = re.compile(r"\[\[picture (\w+) (\d+)\]\]$")
ACTIVATE_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


# -- text and layout helpers ---------------------------------------------------


def _fitting(font: pygame.font.Font, text: str, width: int) -> int:
    """How many characters of ``text``, from its start, fit in ``width``
    pixels (at least one). Measures at most ``width`` characters a time (a
    glyph is at least a pixel wide), so a cut costs what the line costs,
    however long the text: a 3,000-character word read from a file once took
    seconds a frame."""
    hi = min(len(text), max(1, width))
    if font.size(text[:hi])[0] <= width:
        return hi
    lo = 1
    hi -= 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid])[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return lo


def _cut(font: pygame.font.Font, text: str, width: int) -> str:
    if len(text) <= width and font.size(text)[0] <= width:
        return text
    room = width - font.size(ELLIPSIS)[0]
    if room < 0:
        return ""
    head = text[: _fitting(font, text, room)].rstrip() if room > 0 else ""
    while head and font.size(head + ELLIPSIS)[0] > width:  # kerning at the join
        head = head[:-1].rstrip()
    return head + ELLIPSIS


def fit_text(font: pygame.font.Font, text: str, width: int) -> str:
    """``text``, cut and ended with an ellipsis if it is wider than ``width``.

    A text cut here and drawn by its caller can be read whole only when the
    caller says where it went (:func:`note_cut`); :func:`draw_text` does both
    at once, and is the way to draw one line that may be cut."""
    shown = _cut(font, text, width)
    if shown != text:
        CUTS.made(text)
    return shown


@functools.lru_cache(maxsize=1024)
def _shortened(font: pygame.font.Font, text: str, width: int) -> str:
    return _cut(font, text, width)


def is_cut(font: pygame.font.Font, text: str, width: int) -> bool:
    """True when ``text`` in ``font`` does not fit ``width`` and
    :func:`fit_text` would shorten it (remembered, like :func:`rendered`)."""
    return _shortened(font, text, width) != text


# -- texts drawn shortened, and reading them whole ---------------------------------


class CutRecord:
    """Every text drawn shortened in the frame being drawn: where it went on
    the window and its whole text, so the window can show the whole text when
    the pointer rests on it (:class:`CutTooltip`), whatever screen drew it.

    :func:`draw_text` records what it cuts; code that cuts with
    :func:`fit_text` and blits the words itself says where with
    :func:`note_cut`. The scene stack starts a new record for each scene it
    draws (:meth:`begin`), so only the top scene's texts answer the pointer;
    :class:`~tabletop.ui.painted.PanelCache` records a panel's cuts again each
    time it copies the panel. Like the cache of rendered words it is drawing
    state, never game state: one per process (:data:`CUTS`), written only
    while drawing.

    ``audit`` (tools/cut_text.py) collects, while not None, every text cut
    anywhere (:func:`fit_text`, :func:`rendered`), so a cut whose place was
    never told can be listed: :meth:`unreadable`.
    """

    def __init__(self) -> None:
        #: (rect on the window, whole text), in drawing order
        self.placed: list[tuple[pygame.Rect, str]] = []
        self._last: list[tuple[pygame.Rect, str]] = []
        #: while auditing: every whole text cut since the audit began
        self.audit: list[str] | None = None
        #: while auditing: every (rect, whole text) placed since the audit began
        self.audited: list[tuple[pygame.Rect, str]] = []
        #: while auditing: texts cut and drawn onto an image that is not the
        #: window, whose place on the window is not known
        self.lost: list[str] = []

    def begin(self) -> None:
        """A new frame, or a new scene of it: forget what was placed before."""
        if self.placed:
            self._last = self.placed
        self.placed = []

    def keep(self) -> None:
        """This frame drew only what moved over the last one's pixels: the
        texts placed then are still where they were."""
        self.placed = list(self._last)

    def made(self, text: str) -> None:
        if self.audit is not None:
            self.audit.append(text)

    def mark(self) -> int:
        return len(self.placed)

    def since(self, mark: int) -> tuple[tuple[pygame.Rect, str], ...]:
        return tuple(self.placed[mark:])

    def place(self, rect: pygame.Rect, text: str) -> None:
        if rect.w > 0 and rect.h > 0 and text:
            self.placed.append((rect, text))
            if self.audit is not None:
                self.audited.append((rect, text))

    def replay(self, cuts: Sequence[tuple[pygame.Rect, str]]) -> None:
        for rect, text in cuts:
            self.place(rect, text)

    def at(self, pos: tuple[int, int]) -> tuple[pygame.Rect, str] | None:
        """The text drawn last under ``pos``, or None."""
        for rect, text in reversed(self.placed):
            if rect.collidepoint(pos):
                return rect, text
        return None

    def start_audit(self) -> None:
        self.audit, self.audited, self.lost = [], [], []

    def stop_audit(self) -> list[str]:
        """End the audit: the whole texts cut with no place to be read whole."""
        made, placed, lost = self.audit or [], self.audited, self.lost
        self.audit, self.audited, self.lost = None, [], []
        wholes = [text for _, text in placed]
        out: list[str] = []
        for text in [*made, *lost]:
            if text in out:
                continue
            if text in lost or not any(text in whole for whole in wholes):
                out.append(text)
        return out


#: the one record of the texts drawn shortened (see :class:`CutRecord`)
CUTS = CutRecord()


def note_cut(surface: pygame.Surface, rect: pygame.Rect, text: str) -> None:
    """Say that ``text`` was drawn shortened in ``rect`` of ``surface``, so the
    window shows it whole when the pointer rests there. ``surface`` is the
    window, a panel's scratch surface (the window's size, at its
    coordinates) or a part of one; on any other image the place is not
    known and the cut is counted lost (tools/cut_text.py lists it)."""
    window = pygame.display.get_surface()
    parent = surface.get_abs_parent()
    if window is None or parent.get_size() != window.get_size():
        if CUTS.audit is not None:
            CUTS.lost.append(text)
        return
    ox, oy = surface.get_abs_offset()
    shown = pygame.Rect(rect).clip(surface.get_clip())
    CUTS.place(shown.move(ox, oy), text)


def wrap_text(font: pygame.font.Font, text: str, width: int) -> list[str]:
    """Lines of ``text`` no wider than ``width``; blank lines are kept.

    Paragraphs are split at newlines and wrapped at spaces; a word longer than
    the width is broken between characters. The cost grows with the length of
    the text, never faster, and a text wrapped once is remembered (the 256
    most recent), since a panel wraps the same words every frame.
    """
    return list(_wrapped(font, text, max(1, width)))


@functools.lru_cache(maxsize=256)
def _wrapped(font: pygame.font.Font, text: str, width: int) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        if not paragraph.strip():
            lines.append("")
            continue
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if font.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            while len(word) > 1:
                cut = _fitting(font, word, width)
                if cut >= len(word):
                    break
                lines.append(word[:cut])
                word = word[cut:]
            line = word
        lines.append(line)
    return tuple(lines)


def column(
    rect: pygame.Rect, n: int, gap: int = 0, *, height: int | None = None
) -> list[pygame.Rect]:
    """``n`` rects stacked top to bottom in ``rect``.

    Equal shares of the height by default; with ``height`` each is that tall,
    stacked from the top.
    """
    if n <= 0:
        return []
    h = height if height is not None else (rect.h - gap * (n - 1)) // n
    return [pygame.Rect(rect.x, rect.y + i * (h + gap), rect.w, h) for i in range(n)]


def row(rect: pygame.Rect, n: int, gap: int = 0, *, width: int | None = None) -> list[pygame.Rect]:
    """``n`` rects side by side in ``rect``, left to right (see :func:`column`)."""
    if n <= 0:
        return []
    w = width if width is not None else (rect.w - gap * (n - 1)) // n
    return [pygame.Rect(rect.x + i * (w + gap), rect.y, w, rect.h) for i in range(n)]


def grid(rect: pygame.Rect, cols: int, rows: int, gap: int = 0) -> list[pygame.Rect]:
    """A ``cols`` x ``rows`` grid of equal cells in ``rect``, row by row."""
    return [cell for line in column(rect, rows, gap) for cell in row(line, cols, gap)]


def centered(rect: pygame.Rect, w: int, h: int) -> pygame.Rect:
    """A ``w`` x ``h`` rect centred in ``rect``."""
    r = pygame.Rect(0, 0, w, h)
    r.center = rect.center
    return r


def no_overlap(rects: Sequence[pygame.Rect]) -> list[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, of rects that overlap (touching is fine)."""
    pairs = []
    for i in range(len(rects)):
        a = rects[i]
        if a.w <= 0 or a.h <= 0:
            continue
        for j in range(i + 1, len(rects)):
            b = rects[j]
            if b.w > 0 and b.h > 0 and a.colliderect(b):
                pairs.append((i, j))
    return pairs


def fitting_font(theme: Theme, text: str, width: int, bold: bool = False) -> pygame.font.Font:
    """The body font, or the small one when ``text`` does not fit ``width``
    in the body font (a label then shrinks before it is cut short)."""
    font = theme.font("body", bold=bold)
    if font.size(text)[0] <= width:
        return font
    return theme.font("small", bold=bold)


def draw_badge(
    surface: pygame.Surface, theme: Theme, text: str, colour: Colour, *, midright: tuple[int, int]
) -> pygame.Rect:
    """A small bold label on a rounded pill of ``colour`` (the ink chosen to
    read on it), its right end at ``midright``; returns the pill."""
    img = theme.font("small", bold=True).render(text, True, text_on(colour))
    pill = pygame.Rect(0, 0, img.get_width() + theme.px(14), img.get_height() + theme.px(4))
    pill.midright = midright
    pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
    surface.blit(img, img.get_rect(center=pill.center))
    return pill


#: a width no line of words reaches: :func:`rendered` never cuts a line to it
WHOLE = 1 << 30


@functools.lru_cache(maxsize=1024)
def _render(font: pygame.font.Font, text: str, colour: tuple[int, ...]) -> pygame.Surface:
    return font.render(text, True, colour)


def rendered(
    font: pygame.font.Font, text: str, colour: tuple[int, ...], width: int
) -> pygame.Surface:
    """``text`` fitted to ``width`` (:func:`fit_text`) and rendered in
    ``font`` and ``colour``, once for as long as it is among the 1,024 most
    recently drawn: a panel painted again after a move renders only the words
    that changed. The image is shared: blit it, never draw on it. A text it
    cuts is read whole only where the caller tells its place
    (:func:`note_cut`); :func:`draw_text` does."""
    shown = _shortened(font, text, width)
    if shown != text:
        CUTS.made(text)
    return _render(font, shown, colour)


def draw_text(
    surface: pygame.Surface,
    font: pygame.font.Font,
    text: str,
    colour: Colour,
    rect: pygame.Rect,
    align: str = "left",
    valign: str = "center",
    *,
    whole: str | None = None,
) -> pygame.Rect:
    """Draw one line of ``text`` fitted into ``rect``; returns where it went.
    A line cut short is recorded with its place (:data:`CUTS`), so the window
    shows it whole under the pointer: ``whole`` when the line is itself a
    part of a longer text (a wrapped paragraph's last line shown)."""
    if not text or rect.w <= 0:
        return pygame.Rect(rect.x, rect.y, 0, 0)
    shown = _shortened(font, text, rect.w)
    img = _render(font, shown, tuple(colour))
    r = img.get_rect()
    if align == "center":
        r.centerx = rect.centerx
    elif align == "right":
        r.right = rect.right
    else:
        r.x = rect.x
    if valign == "top":
        r.y = rect.y
    elif valign == "bottom":
        r.bottom = rect.bottom
    else:
        r.centery = rect.centery
    surface.blit(img, r)
    if shown != text or whole is not None:
        note_cut(surface, r, whole or text)
    return r


def draw_focus_ring(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, radius: int) -> None:
    w = theme.px(3)
    pygame.draw.rect(
        surface, theme.focus, rect.inflate(2 * w + 2, 2 * w + 2), w, border_radius=radius + w
    )


def _is_press(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1


def _is_release(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1


# -- the base ----------------------------------------------------------------


class Widget:
    """Base class: a rect, enabled, focus, hover and a tooltip."""

    #: whether keyboard focus can land here
    focusable = True
    #: for labelled controls: the share of the width the label takes
    label_share = 0.42

    def __init__(self, *, enabled: bool = True, tooltip: str = "") -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.tooltip = tooltip
        self.visible = True
        self.focused = False
        #: draw the focus ring (FocusGroup hides it when focus came from a click)
        self.show_focus = True
        self.hovered = False

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        """Draw the widget; the base draws nothing."""

    def activate(self) -> bool:
        """What Enter does when the widget has the focus; True when it did something."""
        return False

    def tooltip_text(self) -> str:
        return self.tooltip

    def on_focus(self) -> None:
        """Called when keyboard focus lands here (a click or Tab)."""

    def can_focus(self) -> bool:
        return self.focusable and self.enabled and self.visible


# -- static widgets ------------------------------------------------------------


class Label(Widget):
    """Text in a rect: one line (cut with an ellipsis) or wrapped."""

    focusable = False

    def __init__(
        self,
        text: str,
        *,
        size: str | float = "body",
        align: str = "left",
        colour: Colour | None = None,
        wrap: bool = False,
        bold: bool = False,
        tooltip: str = "",
    ) -> None:
        super().__init__(tooltip=tooltip)
        if align not in ("left", "center", "right"):
            raise ValueError(f"align must be left, center or right, not {align!r}")
        self.text = text
        self.size = size
        self.align = align
        self.colour = colour
        self.wrap = wrap
        self.bold = bold

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        font = theme.font(self.size, bold=self.bold)
        colour = self.colour or (theme.text if self.enabled else theme.disabled_text)
        if not self.wrap:
            draw_text(surface, font, self.text, colour, self.rect, self.align)
            return
        line_h = font.get_linesize()
        y = self.rect.y
        for line in wrap_text(font, self.text, self.rect.w):
            if y + line_h > self.rect.bottom + 1:
                break
            draw_text(
                surface,
                font,
                line,
                colour,
                pygame.Rect(self.rect.x, y, self.rect.w, line_h),
                self.align,
            )
            y += line_h


class Panel(Widget):
    """A rounded, filled rect with an edge and an optional title bar."""

    focusable = False

    def __init__(self, title: str = "", *, colour: Colour | None = None) -> None:
        super().__init__()
        self.title = title
        self.colour = colour

    def title_height(self, theme: Theme) -> int:
        return theme.heading.get_linesize() + theme.px(16) if self.title else 0

    def content_rect(self, theme: Theme) -> pygame.Rect:
        """The inside of the panel below its title, with a margin."""
        pad = theme.px(16)
        r = self.rect.inflate(-2 * pad, -2 * pad)
        th = self.title_height(theme)
        r.y += th
        r.h -= th
        return r

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        radius = theme.px(12)
        shadow = self.rect.move(0, theme.px(4))
        pygame.draw.rect(surface, theme.shadow, shadow, border_radius=radius)
        pygame.draw.rect(surface, self.colour or theme.panel, self.rect, border_radius=radius)
        if self.title:
            th = self.title_height(theme)
            bar = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, th)
            pygame.draw.rect(
                surface,
                theme.panel_title,
                bar,
                border_top_left_radius=radius,
                border_top_right_radius=radius,
            )
            pygame.draw.line(
                surface, theme.panel_edge, bar.bottomleft, (bar.right - 1, bar.bottom), theme.px(1)
            )
            draw_text(
                surface, theme.heading, self.title, theme.text, bar.inflate(-2 * theme.px(16), 0)
            )
        pygame.draw.rect(surface, theme.panel_edge, self.rect, theme.px(2), border_radius=radius)


# -- buttons -------------------------------------------------------------------


def seat_head(t: Theme, seat: pygame.Rect) -> pygame.Rect:
    """The line at the top of another seat's panel: the name, the badge at its right."""
    return pygame.Rect(
        seat.x + t.px(10), seat.y + t.px(6), seat.w - t.px(20), t.body.get_linesize()
    )


def badge_room(t: Theme, badge: str) -> int:
    """The width a badge takes from the head line (its pill and the gap before it)."""
    if not badge:
        return 0
    return t.font("small", bold=True).size(badge)[0] + t.px(14) + t.px(8)


def seat_name_font(t: Theme, seat: pygame.Rect, name: str, badge: str) -> str:
    """The font a seat's name is drawn in: "body" where it fits beside the
    badge, else "small" (a long name beside "thinking…" stays whole)."""
    room = seat_head(t, seat).w - badge_room(t, badge)
    return "body" if t.font("body", bold=True).size(name)[0] <= room else "small"


def panel_heading(theme: Theme) -> int:
    """The height of a side panel's own heading line (:func:`draw_headed_panel`)."""
    return theme.font("body", bold=True).get_linesize() + theme.px(8)


def draw_headed_panel(
    surface: pygame.Surface, theme: Theme, rect: pygame.Rect, title: str, pad: int
) -> pygame.Rect:
    """A side panel of a table: the panel, its heading in bold ``pad`` inside
    its edge, and a rule under the heading. Returns the room below the heading."""
    panel = Panel()
    panel.rect = rect
    panel.draw(surface, theme)
    r = rect.inflate(-2 * pad, -2 * pad)
    head = panel_heading(theme)
    font = theme.font("body", bold=True)
    draw_text(surface, font, title, theme.text, pygame.Rect(r.x, r.y, r.w, font.get_linesize()))
    y = r.y + head - theme.px(4)
    pygame.draw.line(surface, theme.panel_edge, (r.x, y), (r.right, y), max(1, theme.px(1)))
    return pygame.Rect(r.x, r.y + head, r.w, r.h - head)


class Button(Widget):
    """A push button: mouse (press and release inside), Enter/Space when focused, a hotkey.

    ``kind`` is ``"normal"``, ``"primary"`` (accent colour) or ``"danger"``.
    A disabled button shows ``disabled_reason`` as its tooltip.
    """

    def __init__(
        self,
        text: str,
        on_click: Callable[[], object],
        *,
        enabled: bool = True,
        tooltip: str = "",
        hotkey: int | None = None,
        disabled_reason: str = "",
        kind: str = "normal",
    ) -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        if kind not in ("normal", "primary", "danger"):
            raise ValueError(f"kind must be normal, primary or danger, not {kind!r}")
        self.text = text
        self.on_click = on_click
        self.hotkey = hotkey
        self.disabled_reason = disabled_reason
        self.kind = kind
        self.pressed = False

    def tooltip_text(self) -> str:
        if not self.enabled and self.disabled_reason:
            return self.disabled_reason
        return self.tooltip

    def activate(self) -> bool:
        if not (self.enabled and self.visible):
            return False
        self.on_click()
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if not self.hovered and self.pressed and not getattr(event, "buttons", (1,))[0]:
                self.pressed = False
            return False
        if _is_press(event):
            if self.rect.collidepoint(event.pos):
                self.pressed = self.enabled
                return True
            return False
        if _is_release(event):
            if not self.pressed:
                return False
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.activate()
            return True
        if event.type == pygame.KEYDOWN and self.enabled:
            if self.focused and event.key in ACTIVATE_KEYS:
                return self.activate()
            if self.hotkey is not None and event.key == self.hotkey:
                return self.activate()
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        radius = theme.px(10)
        if self.kind == "primary":
            base, fg = theme.accent, theme.accent_text
        elif self.kind == "danger":
            base, fg = theme.danger, theme.accent_text
        else:
            base, fg = theme.button, theme.text
        rect = self.rect
        if not self.enabled:
            fill, fg = theme.disabled, theme.disabled_text
        elif self.pressed and self.hovered:
            fill = mix(base, (0, 0, 0), 0.25)
            rect = rect.move(0, theme.px(2))
        elif self.hovered:
            fill = mix(base, (255, 255, 255), 0.14)
        else:
            fill = base
        if self.enabled and not (self.pressed and self.hovered):
            pygame.draw.rect(surface, theme.shadow, rect.move(0, theme.px(3)), border_radius=radius)
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        edge = mix(fill, (255, 255, 255), 0.22) if self.enabled else theme.panel_edge
        pygame.draw.rect(surface, edge, rect, max(1, theme.px(1)), border_radius=radius)
        inner = rect.inflate(-2 * theme.px(12), 0)
        font = fitting_font(theme, self.text, inner.w, bold=self.kind != "normal")
        draw_text(surface, font, self.text, fg, inner, "center")
        if self.focused and self.show_focus:
            draw_focus_ring(surface, theme, rect, radius)


# -- settings controls -----------------------------------------------------------


def _label_split(
    rect: pygame.Rect, label: str, share: float = 0.42
) -> tuple[pygame.Rect, pygame.Rect]:
    """The label's part of ``rect`` and the control's part (no label: all control)."""
    if not label:
        return pygame.Rect(rect.x, rect.y, 0, rect.h), rect.copy()
    lw = int(rect.w * share)
    return pygame.Rect(rect.x, rect.y, lw, rect.h), pygame.Rect(
        rect.x + lw, rect.y, rect.w - lw, rect.h
    )


def _draw_control_frame(
    surface: pygame.Surface, theme: Theme, w: Widget, label: str
) -> pygame.Rect:
    """Hover backdrop, label and focus ring shared by the setting controls."""
    radius = theme.px(8)
    if w.hovered and w.enabled:
        pygame.draw.rect(
            surface, mix(theme.panel, (255, 255, 255), 0.06), w.rect, border_radius=radius
        )
    label_rect, control = _label_split(w.rect, label, w.label_share)
    if label:
        colour = theme.text if w.enabled else theme.disabled_text
        draw_text(surface, theme.body, label, colour, label_rect.inflate(-2 * theme.px(8), 0))
    if w.focused and w.show_focus:
        draw_focus_ring(surface, theme, w.rect, radius)
    return control


class Slider(Widget):
    """A value in ``[lo, hi]`` in steps of ``step``: drag it, or Left/Right, Home/End."""

    def __init__(
        self,
        value: float,
        lo: float,
        hi: float,
        step: float,
        on_change: Callable[[float], object] | None = None,
        *,
        label: str = "",
        fmt: Callable[[float], str] | None = None,
        enabled: bool = True,
        tooltip: str = "",
    ) -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        if not hi > lo or step <= 0:
            raise ValueError("need lo < hi and step > 0")
        self.lo, self.hi, self.step = lo, hi, step
        self.on_change = on_change
        self.label = label
        self.fmt = fmt or self._default_fmt
        #: the share of the control (after the label) that shows the value
        self.value_share = 0.22
        self.dragging = False
        self.value = self._snap(value)

    def _default_fmt(self, v: float) -> str:
        if float(self.step).is_integer() and float(self.lo).is_integer():
            return str(int(round(v)))
        return f"{v:.2f}"

    def _snap(self, v: float) -> float:
        n = round((v - self.lo) / self.step)
        v = self.lo + n * self.step
        v = min(self.hi, max(self.lo, v))
        return round(v, 10)

    def set_value(self, v: float) -> None:
        v = self._snap(v)
        if v != self.value:
            self.value = v
            if self.on_change is not None:
                self.on_change(v)

    def track_rect(self) -> pygame.Rect:
        """Where the track runs (from the rect alone, so input needs no theme)."""
        _, control = _label_split(self.rect, self.label, self.label_share)
        value_w = int(control.w * self.value_share)
        pad = max(6, self.rect.h // 3)
        return pygame.Rect(
            control.x + pad, control.centery - 2, max(1, control.w - value_w - 2 * pad), 4
        )

    def _value_at(self, x: int) -> float:
        track = self.track_rect()
        t = (x - track.x) / max(1, track.w)
        return self.lo + min(1.0, max(0.0, t)) * (self.hi - self.lo)

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            if self.dragging:
                self.set_value(self._value_at(event.pos[0]))
                return True
            return False
        if not self.enabled:
            return _is_press(event) and self.rect.collidepoint(event.pos)
        if _is_press(event):
            _, control = _label_split(self.rect, self.label, self.label_share)
            if control.collidepoint(event.pos):
                self.dragging = True
                self.set_value(self._value_at(event.pos[0]))
                return True
            return self.rect.collidepoint(event.pos)
        if _is_release(event) and self.dragging:
            self.dragging = False
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            big = max(self.step, (self.hi - self.lo) / 10)
            moves = {
                pygame.K_LEFT: self.value - self.step,
                pygame.K_RIGHT: self.value + self.step,
                pygame.K_PAGEDOWN: self.value - big,
                pygame.K_PAGEUP: self.value + big,
                pygame.K_HOME: self.lo,
                pygame.K_END: self.hi,
            }
            if event.key in moves:
                self.set_value(moves[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        control = _draw_control_frame(surface, theme, self, self.label)
        track = self.track_rect()
        track.h = theme.px(6)
        track.centery = control.centery
        t = (self.value - self.lo) / (self.hi - self.lo)
        knob_x = track.x + round(t * track.w)
        fill_colour = theme.accent if self.enabled else theme.disabled_text
        pygame.draw.rect(surface, theme.track, track, border_radius=track.h // 2)
        pygame.draw.rect(
            surface,
            fill_colour,
            pygame.Rect(track.x, track.y, knob_x - track.x, track.h),
            border_radius=track.h // 2,
        )
        r = theme.px(10)
        knob = theme.text if self.enabled else theme.disabled_text
        pygame.draw.circle(surface, theme.shadow, (knob_x, track.centery + theme.px(2)), r)
        pygame.draw.circle(surface, knob, (knob_x, track.centery), r)
        pygame.draw.circle(surface, fill_colour, (knob_x, track.centery), r, max(2, theme.px(2)))
        value_rect = pygame.Rect(
            track.right + theme.px(18),
            control.y,
            control.right - track.right - theme.px(24),
            control.h,
        )
        colour = theme.text if self.enabled else theme.disabled_text
        shown = self.fmt(self.value)
        draw_text(
            surface, fitting_font(theme, shown, value_rect.w), shown, colour, value_rect, "right"
        )


class Toggle(Widget):
    """On or off: click anywhere on it, or Enter/Space when focused."""

    def __init__(
        self,
        value: bool,
        on_change: Callable[[bool], object] | None = None,
        *,
        label: str = "",
        enabled: bool = True,
        tooltip: str = "",
    ) -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        self.value = bool(value)
        self.on_change = on_change
        self.label = label
        self._armed = False

    def activate(self) -> bool:
        if not (self.enabled and self.visible):
            return False
        self.value = not self.value
        if self.on_change is not None:
            self.on_change(self.value)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if _is_press(event) and self.rect.collidepoint(event.pos):
            self._armed = self.enabled
            return True
        if _is_release(event) and self._armed:
            self._armed = False
            if self.rect.collidepoint(event.pos):
                self.activate()
            return True
        if event.type == pygame.KEYDOWN and self.focused and event.key in ACTIVATE_KEYS:
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        control = _draw_control_frame(surface, theme, self, self.label)
        h = theme.px(26)
        w = theme.px(50)
        pill = pygame.Rect(0, 0, w, h)
        pill.midleft = (control.x + theme.px(8), control.centery)
        on_colour = theme.ok if self.enabled else theme.disabled_text
        fill = on_colour if self.value else theme.track
        pygame.draw.rect(surface, fill, pill, border_radius=h // 2)
        pygame.draw.rect(surface, theme.panel_edge, pill, max(1, theme.px(1)), border_radius=h // 2)
        r = h // 2 - theme.px(3)
        cx = pill.right - h // 2 if self.value else pill.x + h // 2
        knob = theme.text if self.enabled else theme.disabled_text
        pygame.draw.circle(surface, knob, (cx, pill.centery), r)
        # the state in words too, so it never depends on colour alone
        text = "✔ On" if self.value else "Off"
        colour = theme.text if self.enabled else theme.disabled_text
        text_rect = pygame.Rect(
            pill.right + theme.px(12),
            control.y,
            control.right - pill.right - theme.px(12),
            control.h,
        )
        draw_text(surface, theme.body, text, colour, text_rect)


class Choice(Widget):
    """One of a few options (easy / medium / hard): ◀ ▶ arrows, Left/Right keys, wraps around."""

    def __init__(
        self,
        options: Sequence[str],
        index: int = 0,
        on_change: Callable[[int], object] | None = None,
        *,
        label: str = "",
        enabled: bool = True,
        tooltip: str = "",
    ) -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        if not options:
            raise ValueError("a Choice needs at least one option")
        self.options = list(options)
        if not 0 <= index < len(self.options):
            raise IndexError(f"index {index} out of range for {len(self.options)} options")
        self.index = index
        self.on_change = on_change
        self.label = label
        self._armed = 0

    @property
    def value(self) -> str:
        return self.options[self.index]

    def cycle(self, delta: int) -> None:
        new = (self.index + delta) % len(self.options)
        if new != self.index:
            self.index = new
            if self.on_change is not None:
                self.on_change(new)

    def activate(self) -> bool:
        if not (self.enabled and self.visible):
            return False
        self.cycle(1)
        return True

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The clickable previous and next arrows."""
        _, control = _label_split(self.rect, self.label, self.label_share)
        side = min(control.h, max(1, control.w // 5))
        left = pygame.Rect(control.x, control.y, side, control.h)
        right = pygame.Rect(control.right - side, control.y, side, control.h)
        return left, right

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if _is_press(event) and self.rect.collidepoint(event.pos):
            if self.enabled:
                left, _ = self.arrow_rects()
                self._armed = -1 if left.collidepoint(event.pos) else 1
            return True
        if _is_release(event) and self._armed:
            delta, self._armed = self._armed, 0
            if self.rect.collidepoint(event.pos):
                self.cycle(delta)
            return True
        if event.type == pygame.KEYDOWN and self.focused and self.enabled:
            if event.key == pygame.K_LEFT:
                self.cycle(-1)
                return True
            if event.key == pygame.K_RIGHT:
                self.cycle(1)
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        _draw_control_frame(surface, theme, self, self.label)
        left, right = self.arrow_rects()
        colour = theme.text if self.enabled else theme.disabled_text
        box = pygame.Rect(
            left.right, self.rect.y + theme.px(4), right.x - left.right, self.rect.h - theme.px(8)
        )
        pygame.draw.rect(surface, theme.track, box, border_radius=theme.px(6))
        draw_text(
            surface, theme.body, "◀", theme.accent if self.enabled else colour, left, "center"
        )
        draw_text(
            surface, theme.body, "▶", theme.accent if self.enabled else colour, right, "center"
        )
        draw_text(surface, theme.body, self.value, colour, box.inflate(-theme.px(8), 0), "center")


class TextInput(Widget):
    """A one-line text field: typing (TEXTINPUT), Backspace/Delete, Left/Right/Home/End.

    ``allowed`` limits the characters: a string of them, or a predicate.
    Enter calls ``on_submit`` when there is one.
    """

    def __init__(
        self,
        text: str = "",
        on_change: Callable[[str], object] | None = None,
        *,
        allowed: str | Callable[[str], bool] | None = None,
        max_len: int = 24,
        label: str = "",
        placeholder: str = "",
        on_submit: Callable[[str], object] | None = None,
        enabled: bool = True,
        tooltip: str = "",
    ) -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        self.allowed = allowed
        self.max_len = max_len
        self.on_change = on_change
        self.on_submit = on_submit
        self.label = label
        self.placeholder = placeholder
        self.text = "".join(ch for ch in text if self._ok(ch))[:max_len]
        self.cursor = len(self.text)
        #: the whole text is selected (on focus, or Ctrl+A): typing replaces
        #: it, Backspace or Delete clears it, a caret key ends the selection
        self.selected = False

    def on_focus(self) -> None:
        self.select_all()

    def select_all(self) -> None:
        self.selected = bool(self.text)
        self.cursor = len(self.text)

    def _ok(self, ch: str) -> bool:
        if not ch.isprintable():
            return False
        if self.allowed is None:
            return True
        if callable(self.allowed):
            return bool(self.allowed(ch))
        return ch in self.allowed

    def _set(self, text: str, cursor: int) -> None:
        self.cursor = cursor
        if text != self.text:
            self.text = text
            if self.on_change is not None:
                self.on_change(text)

    def insert(self, s: str) -> None:
        s = "".join(ch for ch in s if self._ok(ch))
        if self.selected and s:
            self.selected = False
            self._set("", 0)
        s = s[: max(0, self.max_len - len(self.text))]
        if s:
            self._set(self.text[: self.cursor] + s + self.text[self.cursor :], self.cursor + len(s))

    def activate(self) -> bool:
        if self.on_submit is None or not self.enabled:
            return False
        self.on_submit(self.text)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.rect.collidepoint(event.pos)
            return False
        if _is_press(event):
            inside = self.rect.collidepoint(event.pos)
            was = self.focused
            self.focused = inside and self.enabled
            if self.focused and not was:
                self.select_all()  # a click into the field selects its text
            elif not self.focused:
                self.selected = False
            return inside
        if not (self.focused and self.enabled):
            return False
        if event.type == pygame.TEXTINPUT:
            self.insert(event.text)
            return True
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_a and event.mod & pygame.KMOD_CTRL:
                self.select_all()
                return True
            if self.selected and k in (pygame.K_BACKSPACE, pygame.K_DELETE):
                self.selected = False
                self._set("", 0)
                return True
            if k in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_HOME, pygame.K_END):
                self.selected = False
            t, c = self.text, self.cursor
            if k == pygame.K_BACKSPACE:
                if c > 0:
                    self._set(t[: c - 1] + t[c:], c - 1)
                return True
            if k == pygame.K_DELETE:
                if c < len(t):
                    self._set(t[:c] + t[c + 1 :], c)
                return True
            if k == pygame.K_LEFT:
                self.cursor = max(0, c - 1)
                return True
            if k == pygame.K_RIGHT:
                self.cursor = min(len(t), c + 1)
                return True
            if k == pygame.K_HOME:
                self.cursor = 0
                return True
            if k == pygame.K_END:
                self.cursor = len(t)
                return True
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                return self.activate()
            # printable keys arrive as TEXTINPUT; swallow their KEYDOWN so
            # they do not double as hotkeys while typing
            return bool(getattr(event, "unicode", "")) and event.unicode.isprintable()
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        label_rect, field = _label_split(self.rect, self.label, self.label_share)
        if self.label:
            colour = theme.text if self.enabled else theme.disabled_text
            draw_text(
                surface, theme.body, self.label, colour, label_rect.inflate(-2 * theme.px(8), 0)
            )
        radius = theme.px(6)
        pygame.draw.rect(surface, theme.track, field, border_radius=radius)
        edge = (
            theme.accent
            if self.focused
            else (theme.scrollbar if self.hovered else theme.panel_edge)
        )
        pygame.draw.rect(
            surface, edge, field, max(1, theme.px(2 if self.focused else 1)), border_radius=radius
        )
        inner = field.inflate(-2 * theme.px(10), 0)
        font = theme.body
        if not self.text and not self.focused:
            draw_text(surface, font, self.placeholder, theme.text_dim, inner)
        else:
            # scroll the text so the caret stays visible
            before = font.size(self.text[: self.cursor])[0]
            shift = max(0, before - inner.w + theme.px(2))
            clip = surface.get_clip()
            surface.set_clip(inner.clip(clip) if clip else inner)
            img = font.render(self.text, True, theme.text if self.enabled else theme.disabled_text)
            r = img.get_rect(midleft=(inner.x - shift, inner.centery))
            if self.selected and self.focused:  # the selection: the text on the accent
                pygame.draw.rect(surface, mix(theme.track, theme.accent, 0.55), r.inflate(4, 2))
            surface.blit(img, r)
            if self.focused:
                x = inner.x - shift + before
                h = font.get_height()
                pygame.draw.line(
                    surface,
                    theme.focus,
                    (x, inner.centery - h // 2),
                    (x, inner.centery + h // 2),
                    max(2, theme.px(2)),
                )
            surface.set_clip(clip)
        if self.focused and self.show_focus:
            draw_focus_ring(surface, theme, field, radius)


# -- scrolling -----------------------------------------------------------------


class _Scrollable(Widget):
    """Shared scrolling: a pixel offset, the wheel, the scrollbar and its thumb."""

    WHEEL_LINES = 3

    def __init__(self, *, enabled: bool = True, tooltip: str = "") -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        self.offset = 0
        #: metrics from the last draw; sensible values before the first one
        self.line_height = 32
        self.pad = 8
        self.bar_width = 12
        self._content_height = 0
        self._mouse: tuple[int, int] | None = None
        self._drag_from: tuple[int, int] | None = None  # (mouse y, offset) at grab

    # geometry, from the rect and the last-known metrics
    def view_rect(self) -> pygame.Rect:
        r = self.rect.inflate(-2 * self.pad, -2 * self.pad)
        r.w -= self.bar_width + self.pad
        return r

    def bar_rect(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.right - self.pad - self.bar_width,
            self.rect.y + self.pad,
            self.bar_width,
            self.rect.h - 2 * self.pad,
        )

    def content_height(self) -> int:
        return self._content_height

    @property
    def max_offset(self) -> int:
        return max(0, self.content_height() - self.view_rect().h)

    def scroll_to(self, offset: float) -> None:
        self.offset = int(min(self.max_offset, max(0, round(offset))))

    def scroll_by(self, dy: float) -> None:
        self.scroll_to(self.offset + dy)

    def thumb_rect(self) -> pygame.Rect | None:
        total = self.content_height()
        view = self.view_rect().h
        if total <= view or view <= 0:
            return None
        bar = self.bar_rect()
        h = max(self.bar_width * 2, round(bar.h * view / total))
        y = bar.y + round((bar.h - h) * self.offset / max(1, self.max_offset))
        return pygame.Rect(bar.x, y, bar.w, h)

    def _handle_scroll(self, event: pygame.event.Event) -> bool:
        """Wheel and scrollbar; True when the event was used for scrolling."""
        if event.type == pygame.MOUSEMOTION:
            self._mouse = event.pos
            self.hovered = self.rect.collidepoint(event.pos)
            if self._drag_from is not None:
                y0, off0 = self._drag_from
                bar = self.bar_rect()
                thumb = self.thumb_rect()
                span = bar.h - (thumb.h if thumb else 0)
                if span > 0:
                    self.scroll_to(off0 + (event.pos[1] - y0) * self.max_offset / span)
                return True
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self._mouse is not None and self.rect.collidepoint(self._mouse):
                self.scroll_by(-event.y * self.WHEEL_LINES * self.line_height)
                return True
            return False
        if _is_press(event) and self.bar_rect().collidepoint(event.pos):
            thumb = self.thumb_rect()
            if thumb is None:
                return True
            if thumb.collidepoint(event.pos):
                self._drag_from = (event.pos[1], self.offset)
            else:  # page towards the click
                page = self.view_rect().h - self.line_height
                self.scroll_by(page if event.pos[1] > thumb.centery else -page)
            return True
        if _is_release(event) and self._drag_from is not None:
            self._drag_from = None
            return True
        return False

    def _draw_scrollbar(self, surface: pygame.Surface, theme: Theme) -> None:
        thumb = self.thumb_rect()
        if thumb is None:
            return
        bar = self.bar_rect()
        pygame.draw.rect(surface, theme.track, bar, border_radius=bar.w // 2)
        colour = theme.text_dim if self._drag_from is not None else theme.scrollbar
        pygame.draw.rect(surface, colour, thumb, border_radius=bar.w // 2)

    def _measure(self, theme: Theme) -> None:
        self.pad = theme.px(8)
        self.bar_width = theme.px(10)

    def _draw_frame(self, surface: pygame.Surface, theme: Theme) -> None:
        radius = theme.px(8)
        pygame.draw.rect(surface, theme.track, self.rect, border_radius=radius)
        pygame.draw.rect(
            surface, theme.panel_edge, self.rect, max(1, theme.px(1)), border_radius=radius
        )
        if self.focused and self.show_focus:
            draw_focus_ring(surface, theme, self.rect, radius)


Row = str | Sequence[str]


class ScrollList(_Scrollable):
    """A list of rows to pick from. A row is a string or a tuple of column strings.

    Mouse: click selects, the wheel scrolls (when the last pointer position was
    over the list), the scrollbar drags. Keys when focused: Up/Down,
    PageUp/PageDown, Home/End move the selection; Enter calls ``on_activate``.
    ``on_select(index)`` is called whenever the selection changes.
    """

    def __init__(
        self,
        items: Sequence[Row],
        on_select: Callable[[int], object] | None = None,
        *,
        selected: int | None = None,
        columns: Sequence[float] | None = None,
        on_activate: Callable[[int], object] | None = None,
        enabled: bool = True,
        tooltip: str = "",
    ) -> None:
        super().__init__(enabled=enabled, tooltip=tooltip)
        self.items: list[Row] = list(items)
        self.on_select = on_select
        self.on_activate = on_activate
        self.columns = list(columns) if columns else None
        self.selected = selected
        self.line_height = 36

    def set_items(self, items: Sequence[Row]) -> None:
        self.items = list(items)
        if self.selected is not None and self.selected >= len(self.items):
            self.selected = None
        self.scroll_to(self.offset)

    def content_height(self) -> int:
        return len(self.items) * self.line_height

    def cell_rects(self, theme: Theme, row: pygame.Rect, n: int) -> list[pygame.Rect]:
        """Where the ``n`` cells of a row go inside ``row`` (as wide as the view):
        the column shares of the width, so a header drawn with them lines up."""
        widths = (self.columns or [1.0] * n)[:n]
        total = sum(widths) or 1.0
        x = row.x + theme.px(12)
        inner_w = row.w - theme.px(24)
        out = []
        for share in widths:
            cw = round(inner_w * share / total)
            out.append(pygame.Rect(x, row.y, cw - theme.px(8), row.h))
            x += cw
        return out

    @property
    def rows_visible(self) -> int:
        return max(1, self.view_rect().h // self.line_height)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        view = self.view_rect()
        if not view.collidepoint(pos):
            return None
        i = (pos[1] - view.y + self.offset) // self.line_height
        return i if 0 <= i < len(self.items) else None

    def select(self, index: int | None) -> None:
        if index is not None:
            index = min(len(self.items) - 1, max(0, index)) if self.items else None
        if index == self.selected:
            return
        self.selected = index
        if index is not None:
            self.ensure_visible(index)
            if self.on_select is not None:
                self.on_select(index)

    def ensure_visible(self, index: int) -> None:
        top = index * self.line_height
        bottom = top + self.line_height
        view_h = self.view_rect().h
        if top < self.offset:
            self.scroll_to(top)
        elif bottom > self.offset + view_h:
            self.scroll_to(bottom - view_h)

    def activate(self) -> bool:
        if self.on_activate is None or self.selected is None or not self.enabled:
            return False
        self.on_activate(self.selected)
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self._handle_scroll(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            return False
        if _is_press(event) and self.rect.collidepoint(event.pos):
            if self.enabled:
                i = self.index_at(event.pos)
                if i is not None:
                    self.select(i)
            return True
        if event.type == pygame.KEYDOWN and self.focused and self.enabled and self.items:
            cur = self.selected
            page = self.rows_visible
            last = len(self.items) - 1
            moves = {
                pygame.K_UP: 0 if cur is None else cur - 1,
                pygame.K_DOWN: 0 if cur is None else cur + 1,
                pygame.K_PAGEUP: 0 if cur is None else cur - page,
                pygame.K_PAGEDOWN: min(last, page - 1) if cur is None else cur + page,
                pygame.K_HOME: 0,
                pygame.K_END: last,
            }
            if event.key in moves:
                self.select(moves[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        self._measure(theme)
        font = theme.body
        self.line_height = font.get_linesize() + theme.px(12)
        self.scroll_to(self.offset)
        self._draw_frame(surface, theme)
        view = self.view_rect()
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        first = self.offset // self.line_height
        last = min(len(self.items), first + view.h // self.line_height + 2)
        hover = self.index_at(self._mouse) if self._mouse and self.hovered else None
        for i in range(first, last):
            r = pygame.Rect(
                view.x, view.y + i * self.line_height - self.offset, view.w, self.line_height
            )
            if i == self.selected:
                pygame.draw.rect(surface, theme.selection, r, border_radius=theme.px(6))
                pygame.draw.rect(
                    surface, theme.accent, (r.x, r.y + theme.px(4), theme.px(4), r.h - theme.px(8))
                )
            elif i == hover and self.enabled:
                pygame.draw.rect(
                    surface, mix(theme.track, (255, 255, 255), 0.07), r, border_radius=theme.px(6)
                )
            colour = theme.text if self.enabled else theme.disabled_text
            cells = [self.items[i]] if isinstance(self.items[i], str) else list(self.items[i])
            for cell, box in zip(cells, self.cell_rects(theme, r, len(cells))):
                draw_text(surface, font, str(cell), colour, box)
        surface.set_clip(clip)
        self._draw_scrollbar(surface, theme)


class ScrollText(_Scrollable):
    """A scrolling text viewer (rules, credits): paragraphs wrapped to the width.

    Blank lines are kept. A line starting with ``# `` is a heading. A line
    ``[[picture NAME LINES]]`` is a picture LINES body lines tall, drawn by
    ``pictures(NAME)`` (a function ``fn(surface, rect, theme)``; a game's rules
    page names a ``draw_...`` function of its scene module this way); without
    ``pictures``, or when it finds no such function, the line is left out.
    Keys when focused: Up/Down by a line, PageUp/PageDown/Space by a page,
    Home/End.
    """

    def __init__(
        self,
        text: str,
        *,
        size: str | float = "body",
        tooltip: str = "",
        pictures: Callable[[str], Callable[..., Any] | None] | None = None,
    ) -> None:
        super().__init__(tooltip=tooltip)
        self.text = text
        self.size = size
        self.pictures = pictures
        self._layout_key: tuple[object, ...] | None = None
        self._lines: list[tuple[str, bool, int, int]] = []  # text, heading, y, height
        #: the pictures laid out: drawing function, y, height
        self._figures: list[tuple[Callable[..., Any], int, int]] = []

    def fonts(self, theme: Theme) -> tuple[pygame.font.Font, pygame.font.Font]:
        """The body font and the (bold, larger) heading font."""
        body_pt = theme.font_px(self.size) / theme.scale
        return theme.font(self.size), theme.font(body_pt * 1.3, bold=True)

    def layout(self, theme: Theme) -> list[tuple[str, bool, int, int]]:
        """Wrapped lines for the current width: ``(text, is_heading, y, height)``."""
        self._measure(theme)
        width = self.view_rect().w
        key = (self.text, width, theme.font_px(self.size), self.size)
        if key != self._layout_key:
            body, head = self.fonts(theme)
            lines: list[tuple[str, bool, int, int]] = []
            figures: list[tuple[Callable[..., Any], int, int]] = []
            y = 0
            for para in self.text.split("\n"):
                picture = PICTURE_LINE.match(para.strip())
                if picture is not None:
                    fn = self.pictures(picture[1]) if self.pictures is not None else None
                    if fn is not None:
                        h = int(picture[2]) * body.get_linesize()
                        figures.append((fn, y, h))
                        y += h
                    continue
                heading = para.startswith("# ")
                font = head if heading else body
                src = para[2:] if heading else para
                if heading and lines:
                    y += body.get_linesize() // 2
                for line in wrap_text(font, src, width):
                    lines.append((line, heading, y, font.get_linesize()))
                    y += font.get_linesize()
            self._lines = lines
            self._figures = figures
            self._content_height = y
            self.line_height = body.get_linesize()
            self._layout_key = key
        return self._lines

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.visible:
            return False
        if self._handle_scroll(event):
            return True
        if _is_press(event):
            return self.rect.collidepoint(event.pos)
        if event.type == pygame.KEYDOWN and self.focused:
            page = max(self.line_height, self.view_rect().h - self.line_height)
            moves = {
                pygame.K_UP: self.offset - self.line_height,
                pygame.K_DOWN: self.offset + self.line_height,
                pygame.K_PAGEUP: self.offset - page,
                pygame.K_PAGEDOWN: self.offset + page,
                pygame.K_SPACE: self.offset + page,
                pygame.K_HOME: 0,
                pygame.K_END: self.max_offset,
            }
            if event.key in moves:
                self.scroll_to(moves[event.key])
                return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        if not self.visible:
            return
        lines = self.layout(theme)
        self.scroll_to(self.offset)
        self._draw_frame(surface, theme)
        view = self.view_rect()
        clip = surface.get_clip()
        surface.set_clip(view.clip(clip) if clip else view)
        body, head = self.fonts(theme)
        for text, heading, y, h in lines:
            top = view.y + y - self.offset
            if top + h < view.y:
                continue
            if top > view.bottom:
                break
            if text:
                font = head if heading else body
                surface.blit(
                    font.render(
                        text, True, theme.text if heading else mix(theme.text, theme.text_dim, 0.3)
                    ),
                    (view.x, top),
                )
        for fn, y, h in self._figures:
            top = view.y + y - self.offset
            if top + h >= view.y and top <= view.bottom:
                fn(surface, pygame.Rect(view.x, top, view.w, h), theme)
        surface.set_clip(clip)
        self._draw_scrollbar(surface, theme)


# -- toasts and tooltips --------------------------------------------------------


@dataclass
class Toast:
    text: str
    kind: str = "info"
    age: float = 0.0


#: the most characters of a toast (three lines of a wide window; more is cut)
TOAST_LIMIT = 400
#: seconds a new message takes to fade in
FADE_IN = 0.15


class Toasts:
    """Short messages at the bottom of the window that fade after a few seconds."""

    def __init__(self, duration: float = 3.0, fade: float = 0.6, max_shown: int = 4) -> None:
        self.duration = duration
        self.fade = fade
        self.max_shown = max_shown
        self.items: list[Toast] = []

    def push(self, text: str, kind: str = "info") -> None:
        if kind not in ("info", "error"):
            raise ValueError(f"kind must be info or error, not {kind!r}")
        # a message may quote a file: never more than a toast can show, never a NUL
        text = clean(clip(text, TOAST_LIMIT))
        # the same message again restarts it instead of stacking a copy
        self.items = [t for t in self.items if t.text != text]
        self.items.append(Toast(text, kind))
        del self.items[: -self.max_shown]

    def update(self, dt: float) -> None:
        for t in self.items:
            t.age += dt
        self.items = [t for t in self.items if t.age < self.duration]

    def wake_in(self) -> float:
        """Seconds until a message changes on screen: ``NOW`` while one
        fades in or out, else until the soonest starts to fade (``NEVER``
        with none)."""
        due = NEVER
        for t in self.items:
            steady_until = self.duration - self.fade
            if t.age < FADE_IN or t.age >= steady_until:
                return NOW
            due = min(due, steady_until - t.age)
        return due

    def clear(self) -> None:
        self.items.clear()

    def __len__(self) -> int:
        return len(self.items)

    def alpha(self, toast: Toast) -> int:
        left = self.duration - toast.age
        fade_in = min(1.0, toast.age / FADE_IN) if toast.age < FADE_IN else 1.0
        fade_out = min(1.0, left / self.fade) if self.fade > 0 else 1.0
        return max(0, min(255, round(255 * min(fade_in, fade_out))))

    #: the most lines a toast shows: in the window, and in a game's area
    MOST_LINES = 3
    MOST_LINES_IN_AREA = 8

    def _boxes(
        self, theme: Theme, width: int, in_area: bool
    ) -> list[tuple[Toast, list[str], int, int]]:
        """Each toast, newest first, as (toast, its lines, box width, box
        height) for a space ``width`` pixels wide: wrapped to it, cut with
        "…" past the most lines."""
        font = theme.body if not in_area else theme.small
        pad = theme.px(14) if not in_area else theme.px(10)
        max_w = min(width - 2 * theme.px(8), theme.px(720))
        most = self.MOST_LINES_IN_AREA if in_area else self.MOST_LINES
        out = []
        for toast in reversed(self.items):  # newest nearest the anchor
            glyph = "⚠" if toast.kind == "error" else "●"
            gw = font.size(glyph + " ")[0]
            room = max(1, max_w - gw - 3 * pad)
            wrapped = wrap_text(font, toast.text, room) or [""]
            lines = wrapped[:most]
            if len(wrapped) > most:
                lines[-1] = fit_text(font, lines[-1] + " …", room)
            w = max(font.size(line)[0] for line in lines) + gw + 3 * pad
            h = font.get_linesize() * len(lines) + 2 * pad
            out.append((toast, lines, w, h))
        return out

    def height(self, theme: Theme, width: int) -> int:
        """How tall the toasts stand in an area ``width`` pixels wide (0 with
        none): a game keeps that much of its log panel free for them."""
        boxes = self._boxes(theme, width, True)
        if not boxes:
            return 0
        return theme.px(8) + sum(h for *_, h in boxes) + theme.px(6) * len(boxes)

    def draw(
        self, surface: pygame.Surface, theme: Theme, area: pygame.Rect | None = None
    ) -> list[pygame.Rect]:
        """Draw the toasts: stacked up from the bottom centre of the window, or,
        given ``area`` (a game keeps its log and board clear this way), stacked
        down from the top of that area, wrapped to its width; a toast that
        would reach below the area is not drawn. Long messages wrap (three
        lines, eight in an area). Returns where each toast went."""
        sw, sh = surface.get_size()
        font = theme.body if area is None else theme.small
        pad = theme.px(14) if area is None else theme.px(10)
        box = area if area is not None else pygame.Rect(0, 0, sw, sh)
        y = sh - theme.px(28) if area is None else box.y + theme.px(8)
        drawn: list[pygame.Rect] = []
        for toast, lines, w, h in self._boxes(theme, box.w, area is not None):
            glyph = "⚠" if toast.kind == "error" else "●"
            stripe = theme.danger if toast.kind == "error" else theme.accent
            gw = font.size(glyph + " ")[0]
            line_h = font.get_linesize()
            if area is None:
                r = pygame.Rect(0, 0, w, h)
                r.midbottom = (sw // 2, y)
                y = r.y - theme.px(8)
            else:
                r = pygame.Rect(0, 0, w, h)
                r.midtop = (box.centerx, y)
                y = r.bottom + theme.px(6)
                if r.bottom > box.bottom:
                    break
            img = pygame.Surface((w, h), pygame.SRCALPHA)
            radius = theme.px(10)
            pygame.draw.rect(img, (*theme.panel, 245), img.get_rect(), border_radius=radius)
            pygame.draw.rect(
                img, (*stripe, 255), img.get_rect(), max(1, theme.px(2)), border_radius=radius
            )
            img.blit(font.render(glyph, True, stripe), (pad, pad))
            for i, line in enumerate(lines):
                img.blit(
                    font.render(line, True, theme.text), (pad + gw + pad // 2, pad + i * line_h)
                )
            img.set_alpha(self.alpha(toast))
            surface.blit(img, r)
            drawn.append(r)
        return drawn


def _tip_box(
    surface: pygame.Surface,
    theme: Theme,
    box: pygame.Rect,
    lines: list[str],
    font: pygame.font.Font,
    pad: int,
) -> pygame.Rect:
    """A tooltip's box at ``box`` with its shadow, border and ``lines``."""
    pygame.draw.rect(
        surface, theme.shadow, box.move(theme.px(2), theme.px(3)), border_radius=theme.px(6)
    )
    pygame.draw.rect(surface, theme.tooltip_bg, box, border_radius=theme.px(6))
    pygame.draw.rect(
        surface, mix(theme.tooltip_bg, (0, 0, 0), 0.35), box, 1, border_radius=theme.px(6)
    )
    y = box.y + pad
    for line in lines:
        surface.blit(font.render(line, True, theme.tooltip_text), (box.x + pad, y))
        y += font.get_linesize()
    return box


def draw_tooltip(
    surface: pygame.Surface, theme: Theme, text: str, pos: tuple[int, int]
) -> pygame.Rect:
    """Draw ``text`` in a tooltip box below-right of ``pos``, kept inside the surface."""
    sw, sh = surface.get_size()
    font = theme.small
    pad = theme.px(8)
    max_w = min(theme.px(380), sw - 2 * pad)
    lines = wrap_text(font, text, max_w - 2 * pad)
    w = max(font.size(line)[0] for line in lines) + 2 * pad
    h = len(lines) * font.get_linesize() + 2 * pad
    box = pygame.Rect(pos[0] + theme.px(14), pos[1] + theme.px(20), w, h)
    if box.right > sw - 2:
        box.right = pos[0] - theme.px(6)
    if box.bottom > sh - 2:
        box.bottom = pos[1] - theme.px(6)
    box.clamp_ip(pygame.Rect(0, 0, sw, sh))
    return _tip_box(surface, theme, box, lines, font, pad)


class Tooltip:
    """Shows the hovered widget's tooltip after the pointer rests for ``delay`` seconds."""

    def __init__(self, delay: float = 0.6) -> None:
        self.delay = delay
        self.widget: Widget | None = None
        self.pos: tuple[int, int] = (0, 0)
        self.hover_time = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
            self.hover_time = 0.0
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL):
            self.hover_time = -1e9  # hidden until the pointer moves again

    def update(self, dt: float, widget: Widget | None) -> None:
        if widget is not self.widget:
            self.widget = widget
            self.hover_time = 0.0
        else:
            self.hover_time += dt

    def wake_in(self, widget: Widget | None) -> float:
        """Seconds until the tooltip changes with ``widget`` under the
        pointer: ``NOW`` when that is not the widget it counts for, the time
        left before a tooltip with words shows, else ``NEVER``."""
        if widget is not self.widget:
            return NOW
        if (
            widget is None
            or not widget.visible
            or self.hover_time < 0
            or self.hover_time >= self.delay
            or not widget.tooltip_text()
        ):
            return NEVER
        return self.delay - self.hover_time

    @property
    def text(self) -> str:
        """What is shown now ("" while nothing is)."""
        if self.widget is None or self.hover_time < self.delay or not self.widget.visible:
            return ""
        return self.widget.tooltip_text()

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        text = self.text
        if text:
            draw_tooltip(surface, theme, text, self.pos)


class CutTooltip:
    """The whole text of a line drawn shortened, shown over it once the
    pointer has rested on it for ``delay`` seconds (counted on ``dt``), on
    every screen: the window holds one and draws it last, from
    :data:`CUTS`. No label asks for it; any text :func:`draw_text` cut, or
    a caller told of with :func:`note_cut`, has it."""

    def __init__(self, delay: float = 0.5) -> None:
        self.delay = delay
        self.pos: tuple[int, int] | None = None
        self.rest = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.pos = event.pos
            self.rest = 0.0
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.MOUSEWHEEL):
            self.rest = -1e9  # hidden until the pointer moves again
        elif event.type == pygame.WINDOWLEAVE:
            self.pos = None

    def update(self, dt: float) -> None:
        self.rest += dt

    def wake_in(self) -> float:
        """Seconds until the whole text shows: only while the pointer rests
        on a line the last frame drew cut (``NEVER`` otherwise)."""
        if self.pos is None or self.rest < 0 or self.rest >= self.delay:
            return NEVER
        if CUTS.at(self.pos) is None:
            return NEVER
        return self.delay - self.rest

    def shown(self) -> tuple[pygame.Rect, str] | None:
        """The cut text under the pointer, once it has rested; else None."""
        if self.pos is None or self.rest < self.delay:
            return None
        return CUTS.at(self.pos)

    def draw(self, surface: pygame.Surface, theme: Theme) -> pygame.Rect | None:
        """Draw the whole text just above the cut line (below it when there
        is no room above), wrapped to at most half the window; its box."""
        got = self.shown()
        if got is None:
            return None
        rect, text = got
        return draw_whole_text(surface, theme, text, rect)


def draw_whole_text(
    surface: pygame.Surface, theme: Theme, text: str, over: pygame.Rect
) -> pygame.Rect:
    """``text`` in a tooltip box beside the line ``over`` (above it, else
    below), kept inside ``surface``; returns the box."""
    sw, sh = surface.get_size()
    font = theme.small
    pad = theme.px(8)
    max_w = max(theme.px(200), min(max(theme.px(420), sw // 2), sw - 2 * pad))
    lines = wrap_text(font, text, max_w - 2 * pad)
    w = max(font.size(line)[0] for line in lines) + 2 * pad
    h = len(lines) * font.get_linesize() + 2 * pad
    box = pygame.Rect(over.x - pad, over.y - h - theme.px(4), w, h)
    if box.y < 2:
        box.y = over.bottom + theme.px(4)
    box.clamp_ip(pygame.Rect(0, 0, sw, sh))
    return _tip_box(surface, theme, box, lines, font, pad)


# -- focus -----------------------------------------------------------------------


class FocusGroup:
    """Routes events to widgets and moves keyboard focus between them.

    Tab / Shift+Tab and the arrow keys (those the focused widget does not use)
    move the focus over enabled, focusable widgets; Enter activates the focused
    one. A click focuses the widget under the pointer. ``hovered`` is the
    widget under the last pointer position, disabled ones included (so their
    reason can be shown). ``update(dt)`` and ``draw`` also run the tooltip.
    """

    def __init__(self, widgets: Sequence[Widget] = (), *, tooltip_delay: float = 0.6) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focused: Widget | None = None
        self.tooltip = Tooltip(tooltip_delay)
        self._mouse: tuple[int, int] | None = None

    def add(self, *widgets: Widget) -> None:
        self.widgets.extend(widgets)

    @property
    def hovered(self) -> Widget | None:
        if self._mouse is None:
            return None
        for w in reversed(self.widgets):
            if w.visible and w.rect.collidepoint(self._mouse) and (w.focusable or w.tooltip):
                return w
        return None

    def focus(self, widget: Widget | None, *, show: bool = True) -> None:
        if self.focused is not None:
            self.focused.focused = False
        self.focused = widget
        if widget is not None:
            was = widget.focused
            widget.focused = True
            widget.show_focus = show
            if not was:
                widget.on_focus()

    def move_focus(self, step: int) -> None:
        order = [w for w in self.widgets if w.can_focus()]
        if not order:
            self.focus(None)
            return
        if self.focused in order:
            i = (order.index(self.focused) + step) % len(order)
        else:
            i = 0 if step > 0 else len(order) - 1
        self.focus(order[i])

    def handle(self, event: pygame.event.Event) -> bool:
        self.tooltip.handle(event)
        t = event.type
        if t == pygame.MOUSEMOTION:
            self._mouse = event.pos
            used = False
            for w in self.widgets:
                used = w.handle(event) or used
            return used
        if t == pygame.MOUSEBUTTONDOWN:
            self._mouse = event.pos
            for w in reversed(self.widgets):
                if w.handle(event):
                    if w.can_focus() and w.rect.collidepoint(event.pos):
                        self.focus(w, show=False)
                    for other in self.widgets:  # a click elsewhere ends text entry
                        if other is not w and other.focused and other is not self.focused:
                            other.focused = False
                    return True
            if getattr(event, "button", 1) == 1:
                self.focus(None)  # a click on nothing drops the focus
            return False
        if t in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            used = False
            for w in reversed(self.widgets):
                used = w.handle(event) or used
            return used
        if t == pygame.TEXTINPUT:
            return self.focused.handle(event) if self.focused is not None else False
        if t == pygame.KEYDOWN:
            if self.focused is not None and not self.focused.can_focus():
                self.focus(None)
            if self.focused is not None and self.focused.handle(event):
                return True
            for w in self.widgets:  # hotkeys
                if w is not self.focused and not w.focused and w.handle(event):
                    return True
            key = event.key
            if key == pygame.K_TAB:
                self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
                return True
            if key in (pygame.K_DOWN, pygame.K_RIGHT):
                self.move_focus(1)
                return True
            if key in (pygame.K_UP, pygame.K_LEFT):
                self.move_focus(-1)
                return True
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.focused is not None:
                return self.focused.activate()
            return False
        return False

    def update(self, dt: float) -> None:
        self.tooltip.update(dt, self.hovered)

    def wake_in(self) -> float:
        """Seconds until the group changes with no input: its tooltip's
        delay while the pointer rests on a widget that has one."""
        return self.tooltip.wake_in(self.hovered)

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        self.draw_widgets(surface, theme)
        self.tooltip.draw(surface, theme)

    def draw_widgets(self, surface: pygame.Surface, theme: Theme) -> None:
        """The widgets without the tooltip: a game's table, whose frame draws
        the tooltip last, above the log (``GameScene.draw``)."""
        for w in self.widgets:
            w.draw(surface, theme)
