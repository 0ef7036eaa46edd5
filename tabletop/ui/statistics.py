"""The Statistics screen: per game, who played how often, won, placed where,
their best score, against which bot levels, and the last ten results.

It reads the statistics through the app's storage (a damaged file is moved
aside by storage and named in a message; the screen opens on what is left)
and names games by the titles in ``app.games``.
"""

from __future__ import annotations

import pygame

from tabletop.core.stats import GameResult, GameSummary, PlayerLine, summaries
from tabletop.core.words import ordinal, plural
from tabletop.ui.menuscene import MenuScene
from tabletop.ui.widgets import Button, Choice, Label, ScrollList, centered, draw_text

# at 960x600 the widest cells still fit: a 16-letter name, six different
# places, all three bot levels (tests/ui/test_statistics_screen.py measures)
PLAYER_HEADERS = (
    "Player",
    "Games",
    "Wins",
    "Places (how often)",
    "Best",
    "Against bots (won/played)",
)
PLAYER_COLUMNS = (0.17, 0.07, 0.06, 0.34, 0.07, 0.29)
RESULT_HEADERS = ("Ended", "Places and scores", "Marks")
RESULT_COLUMNS = (0.15, 0.62, 0.23)


def number(score: float | None) -> str:
    """A score as the results screen shows it: whole numbers without a point."""
    if score is None:
        return "–"
    return str(int(score)) if float(score).is_integer() else f"{score:.1f}"


def when_text(result: GameResult) -> str:
    moment = result.moment
    return moment.astimezone().strftime("%d %b %H:%M") if moment is not None else ""


def player_row(line: PlayerLine) -> tuple[str, ...]:
    places = " · ".join(f"{ordinal(p)} {n}" for p, n in line.places.items()) or "–"
    against = " · ".join(f"{level} {wins}/{games}" for level, (games, wins) in line.against.items())
    return (line.name, str(line.played), str(line.wins), places, number(line.best), against or "–")


def result_row(result: GameResult) -> tuple[str, ...]:
    order = sorted(result.seats, key=lambda s: s.place)
    places = " · ".join(f"{ordinal(s.place)} {s.name} {number(s.score)}" for s in order)
    return (when_text(result), places, ", ".join(result.marks))


def result_detail(result: GameResult) -> str:
    """Everything about one result, in a sentence or two."""
    order = sorted(result.seats, key=lambda s: s.place)
    seats = "; ".join(f"{ordinal(s.place)} {s.label}, {number(s.score)}" for s in order)
    marks = f" Marks: {', '.join(result.marks)}." if result.marks else ""
    return f"{when_text(result)}: {seats}. {result.reason}{marks}".strip()


class StatisticsScene(MenuScene):
    heading = "Statistics"

    def build(self) -> None:
        stats, message = self.app.storage.load_stats()
        if message:
            self.app.toast(message, "error")
        self.summaries: list[GameSummary] = summaries(stats, list(self.app.games))
        titles = [self.title_of(s.game) for s in self.summaries] or ["–"]
        self.game = Choice(titles, 0, self.show, label="Game")
        self.players = ScrollList(
            [], columns=PLAYER_COLUMNS, tooltip="Everyone who played this game here"
        )
        self.results = ScrollList(
            [], self.select, columns=RESULT_COLUMNS, tooltip="Choose one to see it in full below"
        )
        self.detail = Label("", size="small", wrap=True)
        self.done = Button("Back", self.back, kind="primary")
        self.empty = Label(
            "No finished games yet. Each game you finish is counted here.",
            align="center",
            wrap=True,
        )
        has = bool(self.summaries)
        for w in (self.game, self.players, self.results, self.detail):
            w.visible = has
        self.empty.visible = not has
        self.group.add(self.game, self.players, self.results, self.detail, self.empty, self.done)
        self.group.focus(self.game if has else self.done, show=False)
        self.summary_text = ""
        if has:
            self.show(0)

    def title_of(self, game: str) -> str:
        entry = self.app.games.get(game)
        return entry.info.title if entry is not None else game

    @property
    def shown(self) -> GameSummary | None:
        return self.summaries[self.game.index] if self.summaries else None

    def show(self, index: int) -> None:
        """Fill the lists with the game at ``index``."""
        summary = self.summaries[index]
        self.players.set_items([player_row(line) for line in summary.players])
        self.results.set_items([result_row(r) for r in summary.last])
        self.results.selected = None
        words = f"{plural(summary.played, 'game')} played"
        if summary.earlier:
            words += f" ({summary.earlier} counted before details were kept)"
        self.summary_text = words
        self.select(0 if summary.last else None)

    def select(self, index: int | None) -> None:
        summary = self.shown
        if summary is None or index is None or not 0 <= index < len(summary.last):
            self.detail.text = (
                "These games were counted before details were kept." if summary else ""
            )
            return
        self.results.selected = index
        self.detail.text = result_detail(summary.last[index])

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        margin, gap = t.px(32), t.px(12)
        inner = pygame.Rect(
            rect.x + margin, rect.y + t.px(4), rect.w - 2 * margin, rect.h - t.px(4) - margin
        )
        bar_h = t.px(48)
        self.done.rect = pygame.Rect(inner.x, inner.bottom - bar_h, min(t.px(200), inner.w), bar_h)
        self.empty.rect = centered(inner, inner.w, t.px(80))
        row_h = t.px(44)
        self.game.rect = pygame.Rect(inner.x, inner.y, min(t.px(520), inner.w), row_h)
        self.game.label_share = 0.25
        self.summary_rect = pygame.Rect(
            self.game.rect.right + gap, inner.y, inner.right - self.game.rect.right - gap, row_h
        )
        head_h = t.small.get_linesize() + t.px(4)
        detail_h = 3 * t.small.get_linesize() + t.px(4)
        y = self.game.rect.bottom + gap
        room = self.done.rect.y - gap - y - 2 * head_h - detail_h - 2 * gap
        players_h = int(room * 0.45)
        self.players_head = pygame.Rect(inner.x, y, inner.w, head_h)
        self.players.rect = pygame.Rect(inner.x, y + head_h, inner.w, players_h)
        y = self.players.rect.bottom + gap
        self.results_head = pygame.Rect(inner.x, y, inner.w, head_h)
        self.results.rect = pygame.Rect(inner.x, y + head_h, inner.w, room - players_h)
        self.detail.rect = pygame.Rect(inner.x, self.results.rect.bottom + gap, inner.w, detail_h)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.shown is None:
            return
        t = self.app.theme
        draw_text(surface, t.body, self.summary_text, t.text_dim, self.summary_rect)
        for table, head, headers in (
            (self.players, self.players_head, PLAYER_HEADERS),
            (self.results, self.results_head, RESULT_HEADERS),
        ):
            view = table.view_rect()
            row = pygame.Rect(view.x, head.y, view.w, head.h)
            for text, box in zip(headers, table.cell_rects(t, row, len(headers))):
                draw_text(surface, t.small, text, t.text_dim, box)
