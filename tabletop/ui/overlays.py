"""The overlays the game frame pushes: pause, the curtain, the results.

They know the core session and the game flow, never a game's rules, and
never import the frame that shows them (it imports them).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

from tabletop.core import rng
from tabletop.core.game import ScoreSheet, score_sheet
from tabletop.core.words import ordinal
from tabletop.ui.flow import Match, start_game
from tabletop.ui.menuscene import MenuScene, button_column
from tabletop.ui.reviewscene import ReviewScene, can_review
from tabletop.ui.rulespage import open_rules
from tabletop.ui.scoresheet import FootRow, SheetView
from tabletop.ui.settings import SettingsScene, game_setting_choices
from tabletop.ui.theme import mix
from tabletop.ui.widgets import Button, centered, draw_text, wrap_text


class PauseScene(MenuScene):
    opaque = False
    heading = "Paused"

    def __init__(self, app: Any, game: Any) -> None:
        self.game = game
        super().__init__(app)

    def build(self) -> None:
        plan = self.game.session.undo_plan(self.game.viewer)
        reason = plan.reason if plan.target is None else None
        if self.game.replay_queue is not None:
            reason = "This is a replay."
        self.resume = Button("Resume", self.back, kind="primary")
        names = self.game.session.names
        asked = ", ".join(names[s] for s in plan.consent)
        self.undo = Button(
            "Undo",
            self.do_undo,
            enabled=reason is None,
            disabled_reason=reason or "",
            tooltip=f"Takes back your last move; {asked} will be asked first."
            if asked
            else "Takes back your last move.",
        )
        self.save = Button("Save game", self.do_save)
        self.rules = Button("Rules", lambda: open_rules(self.app))
        self.settings = Button("Settings", lambda: self.app.stack.push(SettingsScene(self.app)))
        self.quit = Button(
            "Quit to title", self.quit_to_title, kind="danger", tooltip="Your game stays autosaved."
        )
        #: the game's own settings (Planepita's way of flicking), changed in place
        self.game_settings = game_setting_choices(self.app, self.game.info)
        self.buttons = [self.resume, self.undo, self.save, self.rules, self.settings, self.quit]
        self.group.add(*self.game_settings, *self.buttons)
        self.group.focus(self.resume, show=True)
        #: what the game says about itself under the buttons (GameScene.pause_notes)
        self.notes: list[str] = self.game.pause_notes()
        self.note_lines: list[tuple[str, pygame.Rect]] = []

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        head = t.heading.get_linesize() + t.px(20)
        row_h, gap = t.px(48), t.px(12)
        above = len(self.game_settings) * (row_h + gap)
        width = min(t.px(560), rect.w - t.px(40))
        wrapped = [line for note in self.notes for line in wrap_text(t.small, note, width)]
        line_h = t.small.get_linesize()
        below = len(wrapped) * line_h + (t.px(14) if wrapped else 0)
        box = button_column(rect.move(0, head // 2 + above // 2 - below // 2), self.buttons, t)
        for i, choice in enumerate(self.game_settings):
            choice.label_share = 0.4
            choice.rect = pygame.Rect(
                box.centerx - width // 2, box.y - above + i * (row_h + gap), width, row_h
            )
        self.note_lines = [
            (
                text,
                pygame.Rect(
                    box.centerx - width // 2, box.bottom + t.px(14) + i * line_h, width, line_h
                ),
            )
            for i, text in enumerate(wrapped)
        ]
        content = box.unionall(
            [c.rect for c in self.game_settings] + [r for _, r in self.note_lines]
        )
        self.overlay_box(content)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        for text, rect in self.note_lines:
            draw_text(surface, t.small, text, t.text_dim, rect, "center")

    def do_undo(self) -> None:
        self.back()
        self.game.undo()

    def do_save(self) -> None:
        base = time.strftime("%Y%m%d-%H%M%S") + "-" + self.game.session.name
        slot, n = base, 1
        while self.app.storage.save_path(slot).exists():
            n += 1
            slot = f"{base}-{n}"
        try:
            self.app.storage.save_game(slot, self.game.session.to_doc())
        except (OSError, ValueError) as exc:
            self.app.toast(f"The game could not be saved: {exc}", "error")
            return
        self.app.toast("Game saved.")
        self.app.sound.play("chime", 0.6)

    def quit_to_title(self) -> None:
        self.app.stack.reset(self.app.home())


class CurtainScene(MenuScene):
    """Pass the device: nothing of the next player's hand shows until they click.

    ``take_back``, when given, offers the person still holding the device
    (``holder``) to take back the move they just made, before it is passed."""

    def __init__(
        self,
        app: Any,
        name: str,
        *,
        holder: str = "",
        take_back: Callable[[], object] | None = None,
    ) -> None:
        self.name = name
        self.holder = holder
        self.take_back = take_back
        super().__init__(app)

    def build(self) -> None:
        self.ready = Button(f"I am {self.name}: show my table", self.back, kind="primary")
        self.group.add(self.ready)
        self.undo: Button | None = None
        if self.take_back is not None:
            self.undo = Button(
                f"{self.holder}: take back your move",
                self.do_take_back,
                tooltip="Before you pass the device: your move is undone and it is your turn again.",
            )
            self.group.add(self.undo)
        self.group.focus(self.ready, show=True)

    def do_take_back(self) -> None:
        self.back()
        if self.take_back is not None:
            self.take_back()

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        self.ready.rect = centered(rect, min(t.px(420), rect.w - t.px(40)), t.px(56)).move(
            0, t.px(60)
        )
        if self.undo is not None:
            self.undo.rect = self.ready.rect.move(0, self.ready.rect.h + t.px(16))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        c = self.ready.rect
        head = t.title.render(f"Pass to {self.name}", True, t.text)
        surface.blit(head, head.get_rect(midbottom=(c.centerx, c.y - t.px(70))))
        sub = t.body.render(
            "Everyone else, look away. The table stays hidden until the button is pressed.",
            True,
            t.text_dim,
        )
        surface.blit(sub, sub.get_rect(midbottom=(c.centerx, c.y - t.px(24))))

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # Esc must not lift the curtain
        return super().handle(event)


class ConsentScene(MenuScene):
    """Undo would take back another person's move: the device goes to them,
    behind the curtain, and they allow it or refuse. ``answer(allowed)`` is
    called once the scene is gone."""

    def __init__(self, app: Any, name: str, asker: str, answer: Callable[[bool], object]) -> None:
        self.name = name
        self.asker = asker
        self.answer = answer
        super().__init__(app)

    @property
    def question(self) -> str:
        return f"{self.name}, {self.asker} wants to take back a move: allow?"

    def build(self) -> None:
        self.allow = Button("Allow", lambda: self.decide(True), kind="primary")
        self.refuse = Button("Refuse", lambda: self.decide(False))
        self.group.add(self.allow, self.refuse)
        self.group.focus(self.refuse, show=True)

    def decide(self, allowed: bool) -> None:
        self.back()
        self.answer(allowed)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(200), (rect.w - t.px(60)) // 2)
        row = centered(rect, 2 * w + t.px(20), t.px(56)).move(0, t.px(60))
        self.allow.rect = pygame.Rect(row.x, row.y, w, row.h)
        self.refuse.rect = pygame.Rect(row.right - w, row.y, w, row.h)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        c = self.allow.rect.union(self.refuse.rect)
        head = t.title.render(f"Pass to {self.name}", True, t.text)
        surface.blit(head, head.get_rect(midbottom=(c.centerx, c.y - t.px(110))))
        width = min(surface.get_width() - t.px(40), t.px(900))
        lines = wrap_text(
            t.body, self.question + " Moves of yours made since would be taken back too.", width
        )
        y = c.y - t.px(24) - len(lines) * t.body.get_linesize()
        for line in lines:
            img = t.body.render(line, True, t.text)
            surface.blit(img, img.get_rect(midtop=(c.centerx, y)))
            y += t.body.get_linesize()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # Esc must not lift the curtain
        return super().handle(event)


class ResultsScene(MenuScene):
    """The end of a game: the outcome in words, the table's picture of the
    end when it has one (Planet's habitat cards, revealed), the score sheet
    (the rules' ``score_sheet``; without the hook, the outcome's scores
    alone) with each seat's place and its wins this sitting, the sheet's
    own lines, and Play again / Look at the table / Title screen."""

    opaque = False
    heading = "Game over"

    def __init__(self, app: Any, game: Any) -> None:
        self.game = game
        self.session = game.session
        self.heading = f"{self.session.entry.info.whole.capitalize()} over"
        self.outcome = self.session.outcome()
        self.match: Match = getattr(game, "match", None) or Match()
        self.sheet = score_sheet(self.session.rules, self.session.state) or ScoreSheet(
            (), tuple(self.outcome.scores)
        )
        #: the table's picture of the end at the box's width, else None
        self.picture: tuple[int, Callable[[pygame.Surface, pygame.Rect], None]] | None = None
        self.content = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    def build(self) -> None:
        self.again = Button("Play again", self.play_again, kind="primary", hotkey=pygame.K_F5)
        self.view = Button(
            "Look at the table",
            self.back,
            tooltip="Close this; press Esc in the game for the menu.",
        )
        self.title = Button("Title screen", lambda: self.app.stack.reset(self.app.home()))
        #: *Review*: the hard bot's second opinion on the person's moves
        self.review = Button(
            "Review",
            self.open_review,
            hotkey=pygame.K_r,
            tooltip="The moves where the hard bot would have chosen otherwise, and why (R).",
        )
        self.review.visible = can_review(self.game)
        names = self.session.names
        wins = tuple(
            f"{self.match.wins.get(seat.name, 0)} of {self.match.games}"
            for seat in self.session.seats
        )
        self.table = SheetView(
            self.sheet, names, self.outcome.places, (FootRow("Wins this sitting", wins),)
        )
        self.group.add(self.table, self.again, self.view, self.review, self.title)
        self.group.focus(self.again, show=True)

    @property
    def buttons(self) -> list[Button]:
        """The buttons along the foot, in order (Review only where it is offered)."""
        shown = (self.again, self.view, self.review, self.title)
        return [b for b in shown if b.visible]

    def open_review(self) -> None:
        self.app.stack.push(ReviewScene(self.app, self.game))

    def play_again(self) -> None:
        s = self.session
        start_game(
            self.app,
            s.entry,
            s.config,
            rng.fresh_seed(),
            s.seats,
            match=self.match,
            hints=s.hints_on,
            coach=s.coach_on,
        )

    def _words(self, width: int) -> list[str]:
        t = self.app.theme
        return wrap_text(t.body, self.outcome.words_for(self.session.names), width)

    def _lines(self, width: int) -> list[str]:
        t = self.app.theme
        return [
            line
            for words in self.sheet.lines_for(self.session.names)
            for line in wrap_text(t.small, words, width)
        ]

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(940), rect.w - t.px(80))
        bh, gap = t.px(46), t.px(12)
        head = t.heading.get_linesize() + t.px(20)
        room = rect.h - head - t.px(60)  # the box's padding and a margin
        fixed = (
            len(self._words(w)) * t.body.get_linesize()
            + t.px(10)
            + len(self._lines(w)) * t.small.get_linesize()
            + t.px(14)
            + bh
        )
        full = self.table.height_for(t, w)
        table_room = room - fixed
        picture_of = getattr(getattr(self.game, "table", None), "results_picture", None)
        self.picture = picture_of(w) if picture_of is not None else None
        if self.picture is not None:
            # the picture gives way when the sheet would have fewer than
            # four rows' room
            least = min(full, self.table.head_h + 4 * self.table.row_h + 2 * self.table.pad)
            if table_room - self.picture_height < least:
                self.picture = None
        table_h = max(0, min(full, table_room - self.picture_height))
        h = fixed + self.picture_height + table_h
        content = centered(rect, w, h).move(0, head // 2)
        self.overlay_box(content)
        self.content = content
        y = content.y + len(self._words(w)) * t.body.get_linesize() + t.px(10)
        self.picture_top = y
        self.table.rect = pygame.Rect(content.x, y + self.picture_height, w, table_h)
        row = self.buttons
        bw = (w - (len(row) - 1) * gap) // len(row)
        for i, b in enumerate(row):
            b.rect = pygame.Rect(content.x + i * (bw + gap), content.bottom - bh, bw, bh)

    @property
    def picture_height(self) -> int:
        """The room the table's picture takes above the sheet (0 without one)."""
        return self.picture[0] + self.app.theme.px(10) if self.picture is not None else 0

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        r = self.content
        super().draw(surface)
        y = r.y
        for line in self._words(r.w):
            draw_text(
                surface,
                t.body,
                line,
                t.text,
                pygame.Rect(r.x, y, r.w, t.body.get_linesize()),
                "center",
            )
            y += t.body.get_linesize()
        if self.picture is not None:
            height, paint = self.picture
            paint(surface, pygame.Rect(r.x, self.picture_top, r.w, height))
        y = self.table.rect.bottom + t.px(10)
        for line in self._lines(r.w):
            draw_text(
                surface,
                t.small,
                line,
                t.text_dim,
                pygame.Rect(r.x, y, r.w, t.small.get_linesize()),
                "center",
            )
            y += t.small.get_linesize()
        self.group.tooltip.draw(surface, t)


class SummaryScene(MenuScene):
    """The pause between deals and games of a match: each seat's place and
    points for the deal that ended and the totals so far (a core
    ``DealSummary``), over the finished deal's table. It waits for Continue
    (a click anywhere, Enter, Space or Esc); with ``wait`` seconds given (a
    table of bots only) it goes on by itself once that much ``dt`` has passed.
    ``done()`` is called once it is gone. ``picture(width)``, when given,
    is the game's picture of the finished deal (Phantom Rummy's goal hand):
    its height at ``width`` and a function drawing it into a rect, shown
    above the table of places."""

    opaque = False

    def __init__(
        self,
        app: Any,
        summary: Any,
        names: list[str],
        done: Callable[[], object],
        *,
        wait: float | None = None,
        picture: Callable[[int], tuple[int, Callable[[pygame.Surface, pygame.Rect], None]] | None]
        | None = None,
    ) -> None:
        self.summary = summary
        self.names = names
        self.done = done
        self.wait = wait
        self.picture_of = picture
        #: the picture's height and painter at the box's width, else None
        self.picture: tuple[int, Callable[[pygame.Surface, pygame.Rect], None]] | None = None
        self.shown_for = 0.0
        self.pressed = False
        self.heading = summary.title
        self.content = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)

    def build(self) -> None:
        hint = "Continue (Enter)" if self.wait is None else "Continue now (Enter)"
        self.go = Button(hint, self.back, kind="primary")
        #: the match's sheet so far, when the game gives one: drawn instead
        #: of the rows, each seat's place (by the standing) at its column's head
        self.table: SheetView | None = None
        sheet = self.summary.sheet
        if sheet is not None:
            places = [0] * len(sheet.totals)
            for row in self.summary.rows:
                if row.seat < len(places):
                    places[row.seat] = row.place
            self.table = SheetView(sheet, self.names, places)
            self.group.add(self.table)
        self.group.add(self.go)
        self.group.focus(self.go, show=True)

    def back(self) -> None:
        if self.app.stack.top is self:
            self.app.stack.pop()
            self.done()

    @property
    def note(self) -> str:
        return self.summary.note_for(self.names)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(620 if self.picture_of is None else 940), rect.w - t.px(80))
        row_h = t.px(36)
        notes = len(wrap_text(t.body, self.note, w)) if self.note else 0
        self.picture = self.picture_of(w) if self.picture_of is not None else None
        head = t.heading.get_linesize() + t.px(20)
        fixed = t.px(12) + notes * t.body.get_linesize() + t.px(20) + t.px(46)
        if self.table is not None:
            room = rect.h - head - t.px(60) - fixed
            full = self.table.height_for(t, w)
            least = min(full, self.table.head_h + 3 * self.table.row_h + 2 * self.table.pad)
            if room - self.picture_height < least:
                self.picture = None  # the picture gives way to the standing
            rows = max(0, min(full, room - self.picture_height))
        else:
            rows = t.small.get_linesize() + t.px(4) + row_h * len(self.summary.rows)
        h = self.picture_height + rows + fixed
        self.content = centered(rect, w, h).move(0, head // 2)
        self.overlay_box(self.content)
        c = self.content
        if self.table is not None:
            self.table.rect = pygame.Rect(c.x, c.y + self.picture_height, w, rows)
        bw = min(w, t.px(280))
        self.go.rect = pygame.Rect(c.centerx - bw // 2, c.bottom - t.px(46), bw, t.px(46))

    @property
    def picture_height(self) -> int:
        """The room the game's picture takes above the table (0 without one)."""
        return self.picture[0] + self.app.theme.px(12) if self.picture is not None else 0

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (
            pygame.K_SPACE,
            pygame.K_RETURN,
            pygame.K_KP_ENTER,
        ):
            self.back()
            return True
        if (
            self.table is not None
            and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
            and (self.table.dragging or self.table.bar_rect().collidepoint(event.pos))
            and self.table.max_offset > 0
        ):
            return super().handle(event)  # the sheet's scrollbar, not Continue
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1 and self.pressed:
            self.back()  # a click anywhere goes on (not the release of the click that made the move)
            return True
        return super().handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.shown_for += dt
        if self.wait is not None and self.shown_for >= self.wait:
            self.back()

    def wake_in(self) -> float:
        """Its tooltip's delay, or the seconds until it goes on by itself."""
        due = super().wake_in()
        if self.wait is not None:
            due = min(due, max(0.0, self.wait - self.shown_for))
        return due

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        r = self.content
        small = t.small
        y = r.y
        if self.picture is not None:
            height, paint = self.picture
            paint(surface, pygame.Rect(r.x, y, r.w, height))
            y += self.picture_height
        if self.table is not None:
            self._draw_note(surface, self.table.rect.bottom + t.px(12))
            self.group.tooltip.draw(surface, t)
            return
        columns = self.summary.columns
        cols = [r.x, r.x + int(r.w * 0.16)]
        share = 0.40 / max(1, len(columns))
        cols += [r.x + int(r.w * (0.60 + k * share)) for k in range(len(columns))]
        for text, x in zip(("Place", "Player", *columns), cols):
            surface.blit(small.render(text, True, t.text_dim), (x, y))
        y += small.get_linesize() + t.px(4)
        row_h = t.px(36)
        for row in self.summary.rows:
            style = t.player(row.seat)
            box = pygame.Rect(r.x, y, r.w, row_h - t.px(6))
            if row.place == 1:
                pygame.draw.rect(
                    surface, mix(t.panel, style.colour, 0.25), box, border_radius=t.px(6)
                )
            font = t.font("body", bold=row.place == 1)
            draw_text(
                surface,
                font,
                ordinal(row.place),
                t.text,
                pygame.Rect(cols[0] + t.px(8), y, cols[1] - cols[0], box.h),
            )
            name = self.names[row.seat] if row.seat < len(self.names) else f"Player {row.seat + 1}"
            draw_text(
                surface,
                font,
                f"{style.glyph} {name}",
                style.colour,
                pygame.Rect(cols[1], y, cols[2] - cols[1] - t.px(8), box.h),
            )
            for k, cell in enumerate(row.cells[: len(columns)]):
                right = cols[k + 3] if k + 3 < len(cols) else r.right
                draw_text(
                    surface,
                    font,
                    cell,
                    t.text,
                    pygame.Rect(cols[k + 2], y, right - cols[k + 2], box.h),
                )
            y += row_h
        self._draw_note(surface, y + t.px(12))

    def _draw_note(self, surface: pygame.Surface, y: int) -> None:
        t = self.app.theme
        r = self.content
        for line in wrap_text(t.body, self.note, r.w) if self.note else []:
            draw_text(
                surface,
                t.body,
                line,
                t.text,
                pygame.Rect(r.x, y, r.w, t.body.get_linesize()),
                "center",
            )
            y += t.body.get_linesize()
