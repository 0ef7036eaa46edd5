"""Title, setup and saved games: the screens before a game (the title also
opens settings, statistics and the controls page).

These screens know ``GameEntry`` and the core session, never a game's rules,
and get the games from ``app.games`` (the registry the app hands them).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pygame

from tabletop.core import rng
from tabletop.core.game import GameConfig, GameEntry, Variant
from tabletop.core.lesson import FIRST_OFFER, LessonError, has_lesson, lesson_ids, read
from tabletop.core.session import Seat, default_name
from tabletop.core.words import plural
from tabletop.ui.flow import (
    ended,
    load_session,
    open_replay,
    resume_autosave,
    save_ended,
    start_game,
    start_lesson,
)
from tabletop.ui.menuscene import MenuScene
from tabletop.ui.rulespage import open_rules
from tabletop.ui.settings import SettingsScene, game_setting_choices
from tabletop.ui.statistics import StatisticsScene
from tabletop.ui.theme import Theme, text_on
from tabletop.ui.widgets import (
    Button,
    Choice,
    FocusGroup,
    Label,
    Panel,
    ScrollList,
    TextInput,
    Widget,
    centered,
    draw_text,
    wrap_text,
)

KIND_OPTIONS = ("Human", "Bot: easy", "Bot: medium", "Bot: hard")
#: Saved games' columns: game, kind of save, players and moves, when
SAVE_COLUMNS = (0.17, 0.15, 0.5, 0.18)
KIND_VALUES = (("human", "medium"), ("bot", "easy"), ("bot", "medium"), ("bot", "hard"))


# -- title ----------------------------------------------------------------------------


def draw_game_picture(surface: pygame.Surface, rect: pygame.Rect, entry: Any, theme: Theme) -> None:
    """The game's own picture when it has one, else a pattern drawn from its name."""
    painter = entry.icon_painter()
    clip = surface.get_clip()
    surface.set_clip(rect)
    pygame.draw.rect(surface, theme.felt_dark, rect)
    if painter is not None:
        painter(surface, rect, theme)
    else:
        r = rng.make(0, "picture", entry.info.name)
        for i in range(7):
            c = theme.player(i % 6).colour
            x = rect.x + r.uniform(0.15, 0.85) * rect.w
            y = rect.y + r.uniform(0.2, 0.8) * rect.h
            rad = r.uniform(0.08, 0.16) * rect.h
            pygame.draw.circle(surface, theme.shadow, (x + 2, y + 3), rad)
            pygame.draw.circle(surface, c, (x, y), rad)
            g = theme.font(max(10, rad * 0.9 / max(theme.scale, 0.01))).render(
                theme.player(i % 6).glyph, True, text_on(c)
            )
            surface.blit(g, g.get_rect(center=(x, y)))
    surface.set_clip(clip)


class GameCard(Widget):
    """A game on the title screen: picture, title, blurb, players. Click to set up."""

    def __init__(
        self,
        entry: Any,
        on_click: Callable[[], object],
        ready: Callable[[], bool] = lambda: True,
    ) -> None:
        info = entry.info
        super().__init__(tooltip=f"{info.title}: {info.blurb}")
        self.entry = entry
        self.on_click = on_click
        #: whether the game's code is imported, so its picture can be drawn
        #: without a wait (the app's Warmer imports it while the title shows)
        self.ready = ready
        self._armed = False
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] = ()
        #: how the title lays the card out (TitleScene.place)
        self.shape = CardShape()
        #: *Learn to play*, a button of the card's own on its picture (None:
        #: the game ships no lesson)
        self.lesson: Button | None = None

    def activate(self) -> bool:
        self.on_click()
        return True

    def picture(self, size: tuple[int, int], theme: Theme) -> pygame.Surface:
        """The game's picture, drawn once per size and palette (games draw
        them procedurally, which is far too slow to repeat every frame).
        Until the game's code is imported (:attr:`ready`), only the picture's
        ground: the title's first frame imports no game."""
        drawn = bool(self._picture_key) and self._picture_key[-1]  # once ready, ready for good
        key = (size, theme.palette, theme.scale, drawn or self.ready())
        if self._picture is None or key != self._picture_key:
            self._picture = pygame.Surface(size)
            if key[-1]:
                draw_game_picture(self._picture, self._picture.get_rect(), self.entry, theme)
            else:  # a quiet ground: the pictures differ (felt, space)
                self._picture.fill(theme.background)
            self._picture_key = key
        return self._picture

    @property
    def waiting(self) -> bool:
        """True while the card shows the ground of a picture still to come."""
        return not self._picture_key or not self._picture_key[-1]

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if self.lesson is not None and event.type != pygame.KEYDOWN and self.lesson.handle(event):
            self._armed = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._armed = self.rect.collidepoint(event.pos)
            return self._armed
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            fire = self._armed and self.rect.collidepoint(event.pos)
            self._armed = False
            if fire:
                self.on_click()
            return fire
        if (
            event.type == pygame.KEYDOWN
            and self.focused
            and event.key in (pygame.K_RETURN, pygame.K_SPACE)
        ):
            return self.activate()
        return False

    def picture_rect(self, theme: Theme) -> pygame.Rect:
        """Where :meth:`draw` puts the game's picture (the card not lifted)."""
        pad = theme.px(12)
        inner = self.rect.inflate(-2 * pad, -2 * pad)
        if self.shape.beside:
            return pygame.Rect(inner.x, inner.y, self.shape.picture[0], inner.h)
        return pygame.Rect(inner.x, inner.y, inner.w, self.shape.picture[1])

    def players_words(self) -> str:
        info = self.entry.info
        if info.min_players == info.max_players:
            return f"{info.min_players} players"
        return f"{info.min_players}–{info.max_players} players"

    def text_height(self, theme: Theme, width: int) -> int:
        """How tall the card's words stand ``width`` pixels wide: the title,
        the players and every line of the blurb."""
        small = theme.small
        lines = len(wrap_text(small, self.entry.info.blurb, width))
        return (
            theme.font("heading", bold=True).get_linesize()
            + small.get_linesize()
            + theme.px(2)
            + lines * small.get_linesize()
        )

    def title_fits(self, theme: Theme, width: int) -> bool:
        return theme.font("heading", bold=True).size(self.entry.info.title)[0] <= width

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        info = self.entry.info
        r = self.rect
        radius = theme.px(14)
        lift = theme.px(3) if self.hovered else 0
        body = r.move(0, -lift)
        pygame.draw.rect(surface, theme.shadow, r.move(0, theme.px(5)), border_radius=radius)
        pygame.draw.rect(
            surface, theme.button_hover if self.hovered else theme.panel, body, border_radius=radius
        )
        pad = theme.px(12)
        inner = body.inflate(-2 * pad, -2 * pad)
        shape = self.shape
        if shape.beside:  # the picture on the left, the words beside it
            pic = pygame.Rect(inner.x, inner.y, shape.picture[0], inner.h)
            words = pygame.Rect(pic.right + pad, inner.y, inner.right - pic.right - pad, inner.h)
        else:
            pic = pygame.Rect(inner.x, inner.y, inner.w, shape.picture[1])
            words = pygame.Rect(inner.x, pic.bottom + theme.px(8), inner.w, 0)
            words.h = body.bottom - pad // 2 - words.y
        surface.blit(self.picture(pic.size, theme), pic)
        y = words.y
        head = theme.font("heading", bold=True)
        draw_text(
            surface,
            head,
            info.title,
            theme.text,
            pygame.Rect(words.x, y, words.w, head.get_linesize()),
        )
        y += head.get_linesize()
        small = theme.small
        line = small.get_linesize()
        rect = pygame.Rect(words.x, y, words.w, line)
        draw_text(surface, small, self.players_words(), theme.text_dim, rect)
        y += line + theme.px(2)
        lines = wrap_text(small, info.blurb, words.w)
        room = max(0, (words.bottom - y) // line)
        for i, text in enumerate(lines[:room]):
            rect = pygame.Rect(words.x, y, words.w, line)
            if i == room - 1 and len(lines) > room:  # no room left: the rest on hover
                rest = " ".join(lines[i:])
                draw_text(surface, small, rest, theme.text, rect, whole=info.blurb)
            else:
                draw_text(surface, small, text, theme.text, rect)
            y += line
        edge = theme.focus if self.focused and self.show_focus else theme.panel_edge
        pygame.draw.rect(
            surface, edge, body, theme.px(3) if self.focused else theme.px(2), border_radius=radius
        )
        if self.lesson is not None:
            self.lesson.draw(surface, theme)


class CardShape:
    """How the title's game cards are laid out: the picture above the words,
    or beside them, and its size."""

    def __init__(self, beside: bool = False, picture: tuple[int, int] = (0, 0)) -> None:
        self.beside = beside
        self.picture = picture


def card_layouts(
    theme: Theme, cards: list[GameCard], area: pygame.Rect, gap: int
) -> list[tuple[int, int, int, int, CardShape]]:
    """Every way the cards can stand in ``area`` with every title and blurb
    whole: (columns, rows, card width, card height, shape), in no order."""
    n = len(cards)
    pad = theme.px(12)
    out: list[tuple[int, int, int, int, CardShape]] = []
    for cols in range(1, n + 1):
        rows = math.ceil(n / cols)
        cw = min((area.w - gap * (cols - 1)) // cols, theme.px(460))
        room_h = (area.h - gap * (rows - 1)) // rows
        if cw <= 4 * pad or room_h <= 4 * pad:
            continue
        inner_w = cw - 2 * pad
        # the picture above the words: as tall as is left, from 0.3 to 0.62 of its width
        if all(c.title_fits(theme, inner_w) for c in cards):
            text_h = max(c.text_height(theme, inner_w) for c in cards)
            frame = 2 * pad + theme.px(8) + pad // 2
            pic_h = min(int(inner_w * 0.62), room_h - frame - text_h)
            if pic_h >= inner_w * 0.3:
                ch = frame + text_h + pic_h
                out.append((cols, rows, cw, ch, CardShape(False, (inner_w, pic_h))))
        # the picture beside the words, a third of the card's width
        pic_w = int(inner_w * 0.34)
        text_w = inner_w - pic_w - pad
        if text_w > 0 and all(c.title_fits(theme, text_w) for c in cards):
            text_h = max(c.text_height(theme, text_w) for c in cards)
            ch = min(room_h, max(text_h + 2 * pad, int(pic_w * 0.8) + 2 * pad))
            if text_h + 2 * pad <= ch and ch - 2 * pad >= pic_w * 0.5:
                out.append((cols, rows, cw, ch, CardShape(True, (pic_w, ch - 2 * pad))))
    return out


#: seconds between the title's looks at the games the worker is importing
WARM_LOOK = 0.1


class TitleScene(MenuScene):
    heading = "Tabletop"

    def build(self) -> None:
        warmer = self.app.warmer
        self.cards = [
            GameCard(e, partial(self.open_setup, e), partial(warmer.ready, e.name))
            for e in self.app.games.values()
        ]
        #: each card's *Learn to play* (games that ship a lesson), on its picture
        self.lessons = {
            card.entry.name: lesson_button(self.app, card.entry)
            for card in self.cards
            if has_lesson(card.entry)
        }
        self.empty = Label("No games are installed in this build.", align="center", size="heading")
        self.resume = Button("Resume", self.resume_game, hotkey=pygame.K_r, kind="primary")
        self.saves = Button("Saved games", lambda: self.app.stack.push(SavedGamesScene(self.app)))
        self.stats = Button("Statistics", lambda: self.app.stack.push(StatisticsScene(self.app)))
        self.settings = Button("Settings", lambda: self.app.stack.push(SettingsScene(self.app)))
        self.help = Button("How to play", lambda: open_rules(self.app), tooltip="Controls (F1)")
        self.quit = Button("Quit", self.app.quit, kind="danger")
        self.buttons = [self.resume, self.saves, self.stats, self.settings, self.help, self.quit]
        for card in self.cards:
            card.lesson = self.lessons.get(card.entry.name)
        self.group.add(*self.cards, *self.buttons)
        self.resume_unchecked = False

    def open_setup(self, entry: GameEntry) -> None:
        self.app.stack.push(SetupScene(self.app, entry))

    def enter(self) -> None:
        #: whether the autosave's game has ended is known by loading it (its
        #: game's code imported, its moves replayed): the program at start-up
        #: asks once the title's first frame has shown, Resume offered until
        #: then if there is an autosave (not threaded, tests: at once)
        self.resume_unchecked = bool(self.app.warmer.threaded and not self.app.frames)
        if self.resume_unchecked:
            self.resume.enabled = self.app.storage.last_autosave() is not None
            self.resume.disabled_reason = "No game in progress."
        else:
            self.refresh_resume()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.frames:  # a frame has shown: what start-up left for later
            if self.resume_unchecked:
                self.refresh_resume()
            self.app.warmer.start()  # the games' code, on a worker (once per app)

    @property
    def waiting(self) -> bool:
        """True while a card waits for its game's picture (the worker is
        importing the games): frames must keep coming to show it."""
        return any(card.waiting for card in self.cards)

    def wake_in(self) -> float:
        """A tooltip's delay, as every menu; and while start-up's work
        for later is not done (the autosave to check, the worker to start,
        a picture to come), a look every :data:`WARM_LOOK` s."""
        due = super().wake_in()
        if self.resume_unchecked or self.waiting:
            return min(due, WARM_LOOK)
        return due

    def refresh_resume(self) -> None:
        self.resume_unchecked = False
        storage = self.app.storage
        exists = storage.last_autosave() is not None
        finished = exists and storage.autosave_finished(ended(self.app))
        self.resume.enabled = exists and not finished
        self.resume.disabled_reason = (
            "The last game has ended; it is in Saved games." if finished else "No game in progress."
        )

    def resume_game(self) -> None:
        if not resume_autosave(self.app):
            self.refresh_resume()

    def back(self) -> None:
        """Esc on the title does nothing (Quit is a button)."""

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        margin = t.px(32)
        bar_h = t.px(52)
        bar = pygame.Rect(rect.x + margin, rect.bottom - margin - bar_h, rect.w - 2 * margin, bar_h)
        gap = t.px(14)
        bw = (bar.w - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(bar.x + i * (bw + gap), bar.y, bw, bar_h)
        sub_h = t.body.get_linesize() + t.px(10)
        area = pygame.Rect(
            rect.x + margin, rect.y + sub_h, rect.w - 2 * margin, bar.y - rect.y - sub_h - margin
        )
        self.empty.rect = centered(area, area.w, t.px(60))
        self.empty.visible = not self.cards
        n = len(self.cards)
        if not n:
            return
        # of the layouts with every name and blurb whole, balanced rows and
        # the largest pictures
        fits = card_layouts(t, self.cards, area, gap)
        if fits:
            cols, rows, cw, ch, shape = max(
                fits,
                key=lambda f: (
                    n % f[0] == 0 or 2 * (n % f[0]) >= f[0],  # no row of one under four
                    f[4].picture[0] * f[4].picture[1],
                    -f[1],
                ),
            )
        else:  # none: the old grid, the blurbs' ends on hover
            cols = min(n, 3 if area.w / max(area.h, 1) < 2.2 else 5)
            rows = math.ceil(n / cols)
            cw = min((area.w - gap * (cols - 1)) // cols, t.px(380))
            ch = min((area.h - gap * (rows - 1)) // rows, int(cw * 0.92))
            shape = CardShape(False, (cw - 2 * t.px(12), int(ch * 0.52)))
        for card in self.cards:
            card.shape = shape
        total_w = cols * cw + (cols - 1) * gap
        total_h = rows * ch + (rows - 1) * gap
        x0 = area.x + (area.w - total_w) // 2
        y0 = area.y + (area.h - total_h) // 2
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            offset = (cols - in_row) * (cw + gap) // 2
            card.rect = pygame.Rect(x0 + offset + c * (cw + gap), y0 + r * (ch + gap), cw, ch)
            button = self.lessons.get(card.entry.name)
            if button is not None:
                pic = card.picture_rect(t)
                bw = min(
                    pic.w - t.px(12), t.font("small", bold=True).size(button.text)[0] + t.px(30)
                )
                bh = t.px(30)
                button.rect = pygame.Rect(
                    pic.right - t.px(6) - bw, pic.bottom - t.px(6) - bh, bw, bh
                )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        self.empty.draw(surface, t)
        sub = t.body.render(
            "Choose a game. Everything works with the mouse; F1 shows the controls.",
            True,
            t.text_dim,
        )
        y = t.px(28) + t.title.get_linesize()
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2, y - t.px(6))))


def lesson_button(app: Any, entry: GameEntry, lesson_id: str | None = None) -> Button:
    """The button that opens ``entry``'s lesson ``lesson_id`` (*Learn to
    play*, its first, by default; another says what its file offers:
    *Learn the expert game*) at the step the player left it; once finished,
    the button says so and plays the lesson again."""
    lesson_id = lesson_id or entry.name
    offer, about = FIRST_OFFER, "A first game with a coach who says what to do and why"
    if lesson_id != entry.name:
        try:
            lesson = read(entry, lesson_id)
        except LessonError:  # opening it says what is wrong
            offer = about = f"Lesson {lesson_id.partition('/')[2]}"
        else:
            offer, about = lesson.offer, f"{lesson.title}, with a coach"
    done = app.settings.lesson_done(lesson_id)
    step = app.settings.lesson_step(lesson_id)
    if done:
        text = "Lesson done ✓" if offer == FIRST_OFFER else f"{offer} ✓"
        tip = "Play the lesson again from its first step"
    elif step:
        text, tip = offer, f"Go on with the lesson at step {step + 1}"
    else:
        text, tip = offer, about
    return Button(
        text,
        lambda: start_lesson(app, entry, again=done, lesson_id=lesson_id),
        kind="primary" if not done else "normal",
        tooltip=tip,
    )


# -- setup ----------------------------------------------------------------------------


class SetupScene(MenuScene):
    """Players, seats (human or bot level, and a name), variants and the seed."""

    def __init__(self, app: Any, entry: Any) -> None:
        self.entry = entry
        self.info = entry.info
        remembered = (
            app.settings.last_seats.get(entry.info.name, {})
            if isinstance(app.settings.last_seats, dict)
            else {}
        )
        players = (
            remembered.get("players", self.info.min_players)
            if isinstance(remembered, dict)
            else self.info.min_players
        )
        self.players = (
            players
            if isinstance(players, int) and players in self.info.player_range
            else self.info.min_players
        )
        self.seat_rows: list[tuple[TextInput, Choice]] = []
        seats = remembered.get("seats", []) if isinstance(remembered, dict) else []
        if not isinstance(seats, list):  # settings are the player's file: take nothing on trust
            seats = []
        self.seat_memory: list[dict[str, Any]] = [
            {k: v for k, v in s.items() if k in ("name", "kind", "level") and isinstance(v, str)}
            for s in seats
            if isinstance(s, dict)
        ]
        #: the variants chosen, remembered from the last game set up here
        self.variant_values: dict[str, Any] = self._remembered_variants(remembered)
        #: hints in a game of two or more people (with one person they are always
        #: on), remembered with the last setup of this game
        self.hints_on = isinstance(remembered, dict) and remembered.get("hints") is True
        #: the coach in a game of two or more people, remembered likewise
        self.coach_on = isinstance(remembered, dict) and remembered.get("coach") is True
        self.seed = rng.fresh_seed()
        self.heading = entry.info.title
        super().__init__(app)

    @property
    def game_entry(self) -> Any:
        return self.entry

    def _remembered_variants(self, remembered: Any) -> dict[str, Any]:
        """The variants stored with the last setup of this game, each one the
        game still offers with a value among its choices (the settings file is
        the player's: anything else is dropped)."""
        stored = remembered.get("variants", {}) if isinstance(remembered, dict) else {}
        if not isinstance(stored, dict):
            return {}
        known = {v.key: v for v in self.info.variants}
        return {
            key: value
            for key, value in stored.items()
            if key in known
            and type(value) is type(known[key].default)
            and value in known[key].choices
        }

    def build(self) -> None:
        self.group = FocusGroup()
        counts = [str(n) for n in self.info.player_range]
        self.count = Choice(
            counts, counts.index(str(self.players)), self.set_players, label="Players"
        )
        self.seats_panel = Panel("Seats")
        self.options_panel = Panel("Options")
        self.seat_rows = []
        for i in range(self.players):
            mem = self.seat_memory[i] if i < len(self.seat_memory) else {}
            kind = mem.get("kind", "human" if i == 0 else "bot")
            level = mem.get("level", "medium")
            idx = next(
                (k for k, v in enumerate(KIND_VALUES) if v == (kind, level)), 0 if i == 0 else 2
            )
            name = TextInput(str(mem.get("name", default_name(i, kind)))[:16], max_len=16, label="")
            kind_choice = Choice(KIND_OPTIONS, idx, label="")
            kind_choice.on_change = lambda _i, c=kind_choice: self._seat_kind_changed(c)
            self._show_level(kind_choice)
            self.seat_rows.append((name, kind_choice))
        self.variant_widgets: list[tuple[str, Choice]] = []
        for v in self.info.variants:
            if not v.offered_for(self.players) or not v.choices:  # no choices: set by the program
                continue
            value = self.variant_values.get(v.key, v.default)
            options = [self._variant_text(c) for c in v.choices]
            idx = v.choices.index(value) if value in v.choices else v.choices.index(v.default)
            ch = Choice(
                options,
                idx,
                partial(self._variant_chosen, v),
                label=v.label,
                tooltip=v.help,
            )
            ch.label_share = 0.6
            self.variant_widgets.append((v.key, ch))
        #: the game's own settings: stored as soon as they change, not part of the config
        self.setting_widgets = game_setting_choices(self.app, self.info)
        for ch in self.setting_widgets:
            ch.label_share = 0.4  # short labels, long choices ("Pull and release")
        self.hints_choice = Choice(
            ["Off", "On"],
            int(self.hints_on),
            lambda i: setattr(self, "hints_on", bool(i)),
            label="Hints",
            tooltip="Let each person ask what the hard bot would do (H). "
            "With one person at the table hints are always on.",
        )
        self.hints_choice.label_share = 0.4
        self.coach_choice = Choice(
            ["Off", "On"],
            int(self.coach_on),
            lambda i: setattr(self, "coach_on", bool(i)),
            label="Coach",
            tooltip="After a person's clearly worse move, the hard bot says what it would "
            "have done. With one person at the table it is the Settings' choice.",
        )
        self.coach_choice.label_share = 0.4
        self._show_hints_choice()
        self.seed_input = TextInput(
            str(self.seed),
            max_len=20,
            label="Seed",
            tooltip="The same seed and moves give the same game.",
        )
        self.new_seed = Button("New seed", self.reroll, tooltip="Pick a fresh random seed")
        self.start = Button("Start game", self.start_game, kind="primary", hotkey=pygame.K_F5)
        self.back_button = Button("Back", self.back)
        self.rules = Button("Rules", lambda: open_rules(self.app), tooltip="F1")
        self.lesson = lesson_button(self.app, self.entry) if has_lesson(self.entry) else None
        #: the game's further lessons (Uchronicle's expert game), after its first
        self.more_lessons = [
            lesson_button(self.app, self.entry, lesson_id)
            for lesson_id in lesson_ids(self.entry)[1:]
        ]
        widgets: list[Widget] = [self.count]
        for name, kind in self.seat_rows:
            widgets += [name, kind]
        widgets += [c for _, c in self.variant_widgets]
        widgets += self.setting_widgets
        widgets += [
            self.hints_choice,
            self.coach_choice,
            self.seed_input,
            self.new_seed,
            self.start,
            self.rules,
            self.back_button,
        ]
        if self.lesson is not None:
            widgets.append(self.lesson)
        widgets += self.more_lessons
        self.group.add(self.seats_panel, self.options_panel, *widgets)

    def _seat_kind_changed(self, choice: Choice) -> None:
        self._show_level(choice)
        self._show_hints_choice()

    def _show_hints_choice(self) -> None:
        """The Hints option shows only when two or more seats are people."""
        humans = sum(1 for _, kind in self.seat_rows if KIND_VALUES[kind.index][0] == "human")
        for name in ("hints_choice", "coach_choice"):
            choice = getattr(self, name, None)
            if choice is not None:
                choice.visible = humans >= 2

    def _show_level(self, choice: Choice) -> None:
        """The seat's tooltip: the game's words for the bot level chosen."""
        choice.tooltip = self.level_tip(*KIND_VALUES[choice.index])

    def level_tip(self, kind: str, level: str) -> str:
        if kind != "bot":
            return "A person plays this seat."
        note = self.entry.level_note(level)
        return (
            f"{level.capitalize()} bot: {note}"
            if note
            else f"A bot that plays at the {level} level."
        )

    def _variant_chosen(self, variant: Variant, index: int) -> None:
        self.variant_values[variant.key] = variant.choices[index]

    @staticmethod
    def _variant_text(choice: Any) -> str:
        if choice is True:
            return "On"
        if choice is False:
            return "Off"
        return str(choice)

    def _remember_rows(self) -> None:
        mem = []
        for name, kind in self.seat_rows:
            k, level = KIND_VALUES[kind.index]
            mem.append({"name": name.text, "kind": k, "level": level})
        # keep rows beyond the current count so lowering then raising the count keeps names
        self.seat_memory = mem + self.seat_memory[len(mem) :]

    def set_players(self, index: int) -> None:
        self._remember_rows()
        self.players = int(self.count.options[index])
        focus = self.count
        self.build()
        self.group.focus(self.count, show=focus.show_focus)
        self.resize(self.app.size)

    def reroll(self) -> None:
        self.seed = rng.fresh_seed()
        self.seed_input.text = str(self.seed)
        self.seed_input.cursor = len(self.seed_input.text)

    def seats(self) -> list[Seat]:
        out = []
        for i, (name, kind) in enumerate(self.seat_rows):
            k, level = KIND_VALUES[kind.index]
            text = name.text.strip() or default_name(i, k)
            out.append(Seat(text, k, level))
        return out

    def config(self) -> GameConfig:
        chosen = {key: self.info.variant(key).choices[ch.index] for key, ch in self.variant_widgets}
        return self.entry.default_config(self.players, **chosen)

    def start_game(self) -> None:
        try:
            seed = rng.parse_seed(self.seed_input.text)
        except ValueError as exc:
            self.app.toast(f"Seed: {exc}.", "error")
            return
        try:
            config = self.config()
        except ValueError as exc:
            self.app.toast(str(exc), "error")
            return
        self._remember_rows()
        memory = (
            dict(self.app.settings.last_seats)
            if isinstance(self.app.settings.last_seats, dict)
            else {}
        )
        self.variant_values.update(config.variants)
        memory[self.info.name] = {
            "players": self.players,
            "seats": self.seat_memory[: max(6, self.players)],
            "variants": dict(self.variant_values),
            "hints": self.hints_on,
            "coach": self.coach_on,
        }
        self.app.update_settings(last_seats=memory)
        seats = self.seats()
        people = sum(1 for s in seats if not s.is_bot)
        hints = self.hints_on and people >= 2
        coach = self.coach_on if people >= 2 else self.app.settings.coach
        start_game(self.app, self.entry, config, seed, seats, hints=hints, coach=coach)

    def _place_bar(self, bar: pygame.Rect, gap: int) -> None:
        """The bar with more than one lesson: Back and Rules at the left, the
        lessons and Start at the right, each as wide as its words need and
        the room left shared out (a button no wider than the others' 220 px
        unless its words need it)."""
        t = self.app.theme
        lessons = ([self.lesson] if self.lesson is not None else []) + self.more_lessons
        buttons = [self.back_button, self.rules, *lessons, self.start]
        needs = [
            t.font("body", bold=b.kind != "normal").size(b.text)[0] + 2 * t.px(12) + t.px(16)
            for b in buttons
        ]
        room = bar.w - gap * (len(buttons) - 1)
        if sum(needs) > room:  # a tiny window: everything narrower
            widths = [n * room // sum(needs) for n in needs]
        else:
            share = (room - sum(needs)) // len(buttons)
            widths = [max(n, min(t.px(220), n + share)) for n in needs]
        x = bar.x
        for b, w in zip(buttons[:2], widths[:2], strict=True):
            b.rect = pygame.Rect(x, bar.y, w, bar.h)
            x += w + gap
        x = bar.right
        for b, w in zip(reversed(buttons[2:]), reversed(widths[2:]), strict=True):
            x -= w
            b.rect = pygame.Rect(x, bar.y, w, bar.h)
            x -= gap

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        margin = t.px(32)
        gap = t.px(16)
        bar_h = t.px(50)
        bar = pygame.Rect(rect.x + margin, rect.bottom - margin - bar_h, rect.w - 2 * margin, bar_h)
        bw = min(t.px(220), (bar.w - 3 * gap) // 4)
        if self.more_lessons:
            self._place_bar(bar, gap)
        else:
            self.back_button.rect = pygame.Rect(bar.x, bar.y, bw, bar_h)
            self.rules.rect = pygame.Rect(bar.x + bw + gap, bar.y, bw, bar_h)
            self.start.rect = pygame.Rect(bar.right - bw, bar.y, bw, bar_h)
            if self.lesson is not None:
                self.lesson.rect = pygame.Rect(bar.right - 2 * bw - gap, bar.y, bw, bar_h)
        body = pygame.Rect(bar.x, rect.y + t.px(8), bar.w, bar.y - rect.y - t.px(8) - gap)
        left_w = int(body.w * 0.56)
        self.seats_panel.rect = pygame.Rect(body.x, body.y, left_w - gap // 2, body.h)
        self.options_panel.rect = pygame.Rect(
            body.x + left_w + gap // 2, body.y, body.w - left_w - gap // 2, body.h
        )
        row_h = t.px(44)
        inner = self.seats_panel.content_rect(t)
        self.count.rect = pygame.Rect(inner.x, inner.y, inner.w, row_h)
        step = min(
            row_h + t.px(10),
            max(
                t.px(34),
                (inner.bottom - self.count.rect.bottom - t.px(10)) // max(1, len(self.seat_rows)),
            ),
        )
        y = self.count.rect.bottom + t.px(14)
        for name, kind in self.seat_rows:
            h = step - t.px(8)
            glyph_w = t.px(34)
            name.rect = pygame.Rect(
                inner.x + glyph_w, y, int((inner.w - glyph_w) * 0.5) - t.px(6), h
            )
            kind.rect = pygame.Rect(
                name.rect.right + t.px(12), y, inner.right - name.rect.right - t.px(12), h
            )
            y += step
        inner = self.options_panel.content_rect(t)
        y = inner.y
        rows = [c for _, c in self.variant_widgets] + self.setting_widgets
        for ch in rows + [self.hints_choice, self.coach_choice]:
            ch.rect = pygame.Rect(inner.x, y, inner.w, row_h)
            y += row_h + t.px(10)
        self.seed_input.rect = pygame.Rect(
            inner.x, max(y, inner.bottom - 2 * row_h - t.px(10)), inner.w, row_h
        )
        self.new_seed.rect = pygame.Rect(
            inner.right - t.px(180), self.seed_input.rect.bottom + t.px(10), t.px(180), row_h
        )

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        for i, (name, _) in enumerate(self.seat_rows):
            style = t.player(i)
            c = name.rect.midleft
            rad = min(t.px(14), name.rect.h // 2 - 1)
            pos = (c[0] - t.px(18), c[1])
            pygame.draw.circle(surface, style.colour, pos, rad)
            g = t.font(max(8.0, rad * 1.2 / t.scale)).render(
                style.glyph, True, text_on(style.colour)
            )
            surface.blit(g, g.get_rect(center=pos))
        if (
            not self.variant_widgets
            and not self.setting_widgets
            and not self.hints_choice.visible
            and not self.coach_choice.visible
        ):
            inner = self.options_panel.content_rect(t)
            draw_text(
                surface,
                t.small,
                "This game has no options.",
                t.text_dim,
                pygame.Rect(inner.x, inner.y, inner.w, t.px(30)),
            )


# -- saved games ------------------------------------------------------------------------


class SavedGamesScene(MenuScene):
    heading = "Saved games"

    def build(self) -> None:
        self.saves = self.app.storage.list_saves()
        for message in self.app.storage.take_messages():
            self.app.toast(message, "error")
        rows = [self.row(s) for s in self.saves]
        self.list = ScrollList(
            rows, self.select, columns=SAVE_COLUMNS, on_activate=lambda i: self.resume_game()
        )
        self.list.selected = 0 if self.saves else None
        self.resume = Button("Resume", self.resume_game, kind="primary")
        self.replay = Button(
            "Watch replay", self.replay_game, tooltip="Play the game back from its first move."
        )
        self.delete = Button(
            "Delete",
            self.delete_save,
            kind="danger",
            tooltip="Moved to the 'deleted' folder, not erased.",
        )
        self.done = Button("Back", self.back)
        self.empty = Label("No saved games yet. Games save themselves as you play.", align="center")
        self.group.add(self.list, self.resume, self.replay, self.delete, self.done)
        self.select(self.list.selected)

    @classmethod
    def row(cls, s: Any) -> tuple[str, str, str, str]:
        """A save's row: the game, which kind of save (the autosave, one
        saved from the pause screen, an unfinished game kept when another
        began), its players and moves, and when it was saved; so the autosave
        and a save of the same game never look alike."""
        kind = "Autosave" if s.is_autosave else ("Kept unfinished" if s.kept else "Saved")
        who = ", ".join(s.players) or s.summary
        return (s.title or s.game, kind, f"{who} · {plural(s.moves, 'move')}", cls._when(s))

    @staticmethod
    def _when(s: Any) -> str:
        when = s.when
        return when.astimezone().strftime("%d %b %H:%M") if when is not None else ""

    def select(self, index: int | None) -> None:
        has = index is not None and 0 <= index < len(self.saves)
        over = has and index is not None and save_ended(self.app, self.saves[index].path)
        self.resume.enabled = has and not over
        self.replay.enabled = has
        self.delete.enabled = has
        for button in (self.resume, self.replay, self.delete):
            button.disabled_reason = "Choose a saved game first."
        if over:
            self.resume.disabled_reason = "That game has ended: watch its replay instead."

    def resume_game(self) -> None:
        i = self.list.selected
        if i is None or not 0 <= i < len(self.saves):
            return
        path = Path(self.saves[i].path)
        session = load_session(self.app, path)
        if session is None:
            self.refresh()
            return
        start_game(
            self.app,
            session.entry,
            session.config,
            session.seed,
            session.seats,
            session=session,
            source=path,
        )

    def replay_game(self) -> None:
        i = self.list.selected
        if i is None or not 0 <= i < len(self.saves):
            return
        if not open_replay(self.app, Path(self.saves[i].path)):
            self.refresh()

    def delete_save(self) -> None:
        i = self.list.selected
        if i is None or not 0 <= i < len(self.saves):
            return
        try:
            self.app.storage.delete_save(self.saves[i].slot)
        except OSError as exc:  # storage says why in words: the save stays in the list
            self.app.toast(f"The save could not be deleted: {exc}.", "error")
            return
        self.app.toast("Save moved to the deleted folder.")
        self.refresh()

    def refresh(self) -> None:
        self.group = FocusGroup()
        self.build()
        self.resize(self.app.size)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        margin = t.px(40)
        bar_h = t.px(48)
        self.list.rect = pygame.Rect(
            rect.x + margin, rect.y + t.px(10), rect.w - 2 * margin, rect.h - bar_h - 2 * margin
        )
        self.list.line_height = t.px(40)
        self.empty.rect = centered(self.list.rect, self.list.rect.w, t.px(40))
        y = self.list.rect.bottom + t.px(20)
        gap = t.px(14)
        bw = min(t.px(200), (self.list.rect.w - 3 * gap) // 4)
        self.done.rect = pygame.Rect(self.list.rect.x, y, bw, bar_h)
        self.delete.rect = pygame.Rect(self.list.rect.right - 3 * bw - 2 * gap, y, bw, bar_h)
        self.replay.rect = pygame.Rect(self.list.rect.right - 2 * bw - gap, y, bw, bar_h)
        self.resume.rect = pygame.Rect(self.list.rect.right - bw, y, bw, bar_h)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if not self.saves:
            self.empty.draw(surface, self.app.theme)
