"""*Review* after a game: the person's moves the hard bot disagreed with
most, and the table at each of those positions.

The review itself is :func:`tabletop.core.review.review`, run on the bots'
worker (``Session.on_worker``) so no frame waits for it; the screen shows
its progress as a bar, then the moves, the most costly first, each with the
hard bot's reason and the difference in its evaluation. *Show on the table*
opens the position before that move, as a paused replay seen from the
reviewed player's seat: → plays the move they made, Esc comes back here.
The hard bot judges from the player's view, so nothing the player could
not see at the time is used or said.
"""

from __future__ import annotations

import functools
import threading
from typing import Any

import pygame

from tabletop.core import review
from tabletop.core.game import log_line
from tabletop.core.session import Session
from tabletop.core.words import fill_seats
from tabletop.ui.menuscene import MenuScene
from tabletop.ui.rest import NOW
from tabletop.ui.theme import mix
from tabletop.ui.widgets import Button, draw_text, wrap_text


def can_review(game: Any) -> bool:
    """True when the results of ``game`` (a GameScene) offer *Review*: a
    game played, not watched or taught, with a person at the table, whose
    hard bot can judge a move."""
    session = game.session
    if getattr(game, "replay_queue", None) is not None or getattr(game, "coach", None) is not None:
        return False
    return bool(session.human_seats()) and review.reviews(session.entry)


def reviewed_seat(session: Session) -> int:
    """The seat a review is of: the person who last had the screen (the
    first person's, at a table of several)."""
    return session.viewer()


class ReviewScene(MenuScene):
    """The review of one seat's moves (see the module docstring)."""

    heading = "Review"

    def __init__(self, app: Any, game: Any, seat: int | None = None) -> None:
        self.game = game
        self.session: Session = game.session
        self.seat = reviewed_seat(self.session) if seat is None else seat
        #: (moves judged, moves to judge), written by the worker
        self.progress: tuple[int, int] = (0, 0)
        self.cancel = threading.Event()
        self.findings: list[review.Finding] | None = None
        self.failed = ""
        self.chosen = 0
        self.rows: list[Button] = []
        self.content = pygame.Rect(0, 0, 0, 0)
        super().__init__(app)
        s = self.session
        job = functools.partial(
            review.review,
            s.entry,
            list(s.states),
            list(s.actions),
            self.seat,
            s.seed,
            progress=self._progress,
            cancel=self.cancel,
        )
        self.job = s.on_worker(job)
        self._collect()

    # -- the worker -------------------------------------------------------------------
    def _progress(self, done: int, total: int) -> None:
        self.progress = (done, total)  # one assignment: the frame reads it whole

    def _collect(self) -> None:
        if self.findings is not None or not self.job.done():
            return
        try:
            self.findings = list(self.job.result())
        except Exception as exc:  # noqa: BLE001 - the screen says so and stays
            self.findings = []
            self.failed = f"The review could not be made: {exc}"
        self._make_rows()

    @property
    def busy(self) -> bool:
        """True while the hard bot is still judging (the frame keeps drawing)."""
        return self.findings is None

    def dispose(self) -> None:
        self.cancel.set()

    def back(self) -> None:
        self.cancel.set()
        super().back()

    # -- widgets ----------------------------------------------------------------------
    def build(self) -> None:
        self.done_button = Button("Back to the results", self.back, kind="primary")
        self.show_button = Button(
            "Show on the table",
            self.show,
            hotkey=pygame.K_s,
            tooltip="The table before this move, from your seat: → plays your move, Esc returns.",
        )
        self.show_button.visible = False
        self.group.add(self.show_button, self.done_button)
        self.group.focus(self.done_button, show=True)

    def _make_rows(self) -> None:
        findings = self.findings or []
        self.rows = [
            Button(self.row_label(i), functools.partial(self.choose, i))
            for i in range(len(findings))
        ]
        self.group.widgets[:] = [*self.rows, self.show_button, self.done_button]
        self.show_button.visible = bool(findings)
        if findings:
            self.choose(0)
        self.resize(self.app.size)

    def choose(self, index: int) -> None:
        self.chosen = index
        for i, row in enumerate(self.rows):
            row.kind = "primary" if i == index else "normal"
        if self.rows:
            self.group.focus(self.rows[index], show=False)

    # -- words ------------------------------------------------------------------------
    def row_label(self, index: int) -> str:
        """A finding's button: the move's number and what it cost."""
        assert self.findings is not None
        found = self.findings[index]
        judged = found.assessment
        if "%" in judged.unit:
            worse = f"{judged.loss * 100:.0f}% less chance"  # percentage points
        else:
            worse = f"{judged.loss:.1f} points worse"
        return f"Move {found.ply + 1} · {worse}"

    def played_words(self, found: review.Finding) -> str:
        """What the player did at that move, as the log said it."""
        s = self.session
        before, after = s.states[found.ply], s.states[found.ply + 1]
        return log_line(s.rules, before, s.actions[found.ply], after, s.names)

    def detail(self, found: review.Finding) -> list[str]:
        """The chosen finding's paragraphs: the move, the bot's reason, the values."""
        judged = found.assessment
        why = judged.reason.rstrip(".") + "." if judged.reason else f"It would play {judged.best}."
        names = self.session.names
        return [
            f"Move {found.ply + 1}. {self.played_words(found)}",
            fill_seats(f"The hard bot would have chosen otherwise. {why}", names),
            f"By its search, from what you could see then: your move had "
            f"{judged.value_words(judged.played_value)}, its choice "
            f"{judged.value_words(judged.best_value)} "
            f"({review.amount_words(judged, judged.loss)} more).",
        ]

    def status_words(self) -> str:
        name = self.session.names[self.seat]
        if self.busy:
            done, total = self.progress
            return f"The hard bot is judging {name}'s moves: {done} of {total or '…'}."
        if self.failed:
            return self.failed
        if not self.findings:
            return f"The hard bot agreed with every move {name} made that had a choice."
        many = len(self.findings)
        moves = "move" if many == 1 else f"{many} moves"
        return f"{name}'s {moves} where the hard bot disagreed most, the most costly first."

    # -- the frame --------------------------------------------------------------------
    def show(self) -> None:
        """The table before the chosen move, paused, from the reviewed seat."""
        if not self.findings:
            return
        found = self.findings[self.chosen]
        s = self.session
        at = Session(
            s.entry,
            s.config,
            s.seed,
            s.seats,
            threaded=False,
            timed=False,
            states=s.states[: found.ply + 1],
            actions=s.actions[: found.ply],
        )
        scene = s.entry.make_scene(self.app, at, replay=[s.actions[found.ply]])
        scene.replay_states = list(s.states[: found.ply + 2])
        scene.replay_paused = True
        scene.shown_seat = self.seat
        scene.esc_closes = True
        self.app.stack.push(scene)
        self.app.toast(" ".join(self.detail(found)[1:]), "info")

    def update(self, dt: float) -> None:
        super().update(dt)
        self._collect()

    def wake_in(self) -> float:
        """Every frame while the hard bot judges (the progress bar moves)."""
        return NOW if self.busy else super().wake_in()

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(900), rect.w - t.px(80))
        content = pygame.Rect(rect.centerx - w // 2, rect.y + t.px(8), w, rect.h - t.px(24))
        self.content = content
        bh, gap = t.px(40), t.px(8)
        top = content.y + 2 * t.body.get_linesize() + t.px(12)
        col = min(t.px(300), w // 3)
        for i, row in enumerate(self.rows):
            row.rect = pygame.Rect(content.x, top + i * (bh + gap), col, bh)
        self.detail_rect = pygame.Rect(
            content.x + col + t.px(20), top, w - col - t.px(20), content.bottom - top - bh - gap
        )
        bw = (w - gap) // 2
        self.show_button.rect = pygame.Rect(content.x, content.bottom - bh, bw, bh)
        self.done_button.rect = pygame.Rect(content.right - bw, content.bottom - bh, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        super().draw(surface)
        r = self.content
        y = r.y
        for line in wrap_text(t.body, self.status_words(), r.w):
            draw_text(
                surface, t.body, line, t.text, pygame.Rect(r.x, y, r.w, t.body.get_linesize())
            )
            y += t.body.get_linesize()
        if self.busy:
            done, total = self.progress
            bar = pygame.Rect(r.x, y + t.px(16), r.w, t.px(18))
            pygame.draw.rect(surface, mix(t.panel, t.background, 0.4), bar, border_radius=t.px(9))
            if total:
                filled = bar.copy()
                filled.w = max(t.px(18), bar.w * done // total)
                pygame.draw.rect(surface, t.accent, filled, border_radius=t.px(9))
            pygame.draw.rect(surface, t.panel_edge, bar, 1, border_radius=t.px(9))
            return
        if not self.findings:
            return
        box = self.detail_rect
        pygame.draw.rect(surface, t.panel, box, border_radius=t.px(8))
        pad = t.px(14)
        y = box.y + pad
        inner = box.w - 2 * pad
        for n, paragraph in enumerate(self.detail(self.findings[self.chosen])):
            font = t.font("body", bold=True) if n == 0 else t.body
            for line in wrap_text(font, paragraph, inner):
                if y + font.get_linesize() > box.bottom - pad:
                    break
                draw_text(
                    surface,
                    font,
                    line,
                    t.text,
                    pygame.Rect(box.x + pad, y, inner, font.get_linesize()),
                )
                y += font.get_linesize()
            y += t.px(8)
        self.group.tooltip.draw(surface, t)
