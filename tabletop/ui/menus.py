"""Title, setup, pause, settings, results, saved games, rules and the curtain.

These screens know the registry's API (``GameEntry``) and the core session,
never a game's rules. Every screen is a :class:`MenuScene`: a focus group of
widgets laid out from the window size, usable by mouse and keyboard, with Esc
going back.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pygame

from tabletop.core import rng
from tabletop.core.game import GameConfig
from tabletop.core.session import SaveError, SaveRefused, Seat, Session, default_name
from tabletop.core.storage import AUTOSAVE
from tabletop.core.words import ordinal
from tabletop.ui.scene import Scene
from tabletop.ui.theme import Theme, mix, text_on
from tabletop.ui.widgets import (
    Button,
    Choice,
    FocusGroup,
    Label,
    Panel,
    ScrollList,
    ScrollText,
    Slider,
    TextInput,
    Toggle,
    Widget,
    centered,
    draw_text,
    fit_text,
    wrap_text,
)

KIND_OPTIONS = ("Human", "Bot: easy", "Bot: medium", "Bot: hard")
KIND_VALUES = (("human", "medium"), ("bot", "easy"), ("bot", "medium"), ("bot", "hard"))

CONTROLS_HELP = """# Controls

Mouse: everything can be done with the mouse alone. Hover a control for a hint.

Keyboard: Tab and the arrow keys move between controls, Enter chooses.

Esc: back, or the pause menu during a game.
F1: the rules of the game you are in (or this page).
F11: fullscreen on and off.
Ctrl+Z: take back your own last move, with the bots' moves since (never past a card that was revealed or a random draw). If another player has moved since, they are asked first, behind the curtain, and may refuse; nobody's move is taken back without them. Right after your move, the curtain also offers to take it back before you pass the device.
L: show or hide the game log.
Space or right-click: skip an animation.
Ctrl+M: sound on and off.

Your game is saved after every move. If the program closes unexpectedly, choose "Resume" on the title screen (or start it with --resume).
"""


# -- shared screen machinery ----------------------------------------------------


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

    def draw_background(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        surface.fill(t.background)
        w, h = surface.get_size()
        # a quiet pattern of table-felt dots, drawn by the program
        step = t.px(48)
        dot = mix(t.background, t.panel, 0.6)
        for y in range(step // 2, h, step):
            for x in range(step // 2 + (y // step % 2) * step // 2, w, step):
                pygame.draw.circle(surface, dot, (x, y), max(1, t.px(2)))

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
        self.box = pygame.Rect(content.x - pad, content.y - pad - head, content.w + 2 * pad, content.h + 2 * pad + head)
        return self.box

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        if self.opaque:
            self.draw_background(surface)
        else:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((0, 0, 0, 150))
            surface.blit(shade, (0, 0))
            if self.box is not None:
                radius = t.px(14)
                pygame.draw.rect(surface, t.shadow, self.box.move(0, t.px(6)), border_radius=radius)
                pygame.draw.rect(surface, t.panel, self.box, border_radius=radius)
                pygame.draw.rect(surface, t.panel_edge, self.box, t.px(2), border_radius=radius)
        self.draw_heading(surface)
        self.group.draw(surface, t)


def button_column(rect: pygame.Rect, buttons: Sequence[Widget], theme: Theme, width: int = 320) -> pygame.Rect:
    """Stack ``buttons`` centred in ``rect``; returns the box they occupy."""
    bw = min(theme.px(width), rect.w - theme.px(40))
    bh = theme.px(48)
    gap = theme.px(12)
    total = len(buttons) * bh + (len(buttons) - 1) * gap
    box = centered(rect, bw, total)
    for i, b in enumerate(buttons):
        b.rect = pygame.Rect(box.x, box.y + i * (bh + gap), bw, bh)
    return box


# -- game flow helpers ------------------------------------------------------------------


@dataclass
class Match:
    """Wins per seat name across 'play again' in one sitting."""

    wins: dict[str, int] = field(default_factory=dict)
    games: int = 0


def autosave(app: Any, session: Session) -> None:
    """Write the autosave in the background (a failure is shown, never fatal):
    the document is built now, the file written off the frame loop."""
    try:
        app.storage.save_game_later(AUTOSAVE, session.to_doc())
    except (OSError, ValueError) as exc:
        app.toast(f"Autosave failed: {exc}", "error")


def start_game(
    app: Any,
    entry: Any,
    config: GameConfig,
    seed: int,
    seats: Sequence[Seat],
    *,
    match: Match | None = None,
    session: Session | None = None,
) -> Scene:
    """Create the session (unless given), wire the autosave, show the game."""
    if session is None:
        session = Session(entry, config, seed, seats)
        if app.storage.keep_autosave() is not None:
            app.toast("Your unfinished game was kept in Saved games.")
    session.on_change = lambda s: autosave(app, s)
    autosave(app, session)
    scene = entry.make_scene(app, session)
    scene.match = match or Match()
    app.stack.reset(TitleScene(app))
    app.stack.push(scene)
    return scene


def load_session(app: Any, path: Path | str) -> Session | None:
    """A session from a save file, or None with the reason shown."""
    doc, message = app.storage.load_game(path)
    if doc is None:
        if message and Path(path).is_file():  # refused but kept (a newer program's save)
            kept = keep_refused_save(app, path)
            if kept is not None:
                message += f" It is in Saved games as {kept.stem}."
        app.toast(message or "That save could not be read.", "error")
        return None
    try:
        return Session.from_doc(doc)
    except SaveRefused as exc:
        kept = keep_refused_save(app, path)
        where = f"It was kept in Saved games as {kept.stem}." if kept else "The file was kept."
        app.toast(f"{exc} {where}", "error")
        return None
    except SaveError as exc:
        # moved aside (from the saves folder), so Resume does not fail again
        app.toast(app.storage.set_aside_save(path, str(exc)), "error")
        return None


def keep_refused_save(app: Any, path: Path | str) -> Path | None:
    """A save this version cannot read (another version's) is kept, never set
    aside as damaged. An unfinished autosave moves into Saved games, so Resume
    does not fail again and a new game does not overwrite it; returns where it
    went (None: the file stays where it is)."""
    autosave = app.storage.last_autosave()
    if autosave is None or Path(path).resolve() != autosave.resolve():
        return None
    try:
        kept: Path | None = app.storage.keep_autosave()
    except OSError:
        return None
    return kept


def resume_autosave(app: Any) -> bool:
    path = app.storage.last_autosave()
    if path is None:
        app.toast("There is no autosaved game to resume.", "error")
        return False
    if app.storage.autosave_finished():
        app.toast("The last game has ended; watch it again from Saved games.", "error")
        return False
    session = load_session(app, Path(path))
    if session is None:
        return False
    start_game(app, session.entry, session.config, session.seed, session.seats, session=session)
    return True


def open_replay(app: Any, path: Path) -> bool:
    """Play a saved game back from its config, seed and moves."""
    doc, message = app.storage.load_game(Path(path))
    if doc is None:
        app.toast(message or "That replay could not be read.", "error")
        return False
    try:
        full = Session.replay_doc(doc)
    except SaveRefused as exc:
        app.toast(f"{exc} The file was kept.", "error")
        return False
    except SaveError as exc:
        app.toast(app.storage.set_aside_save(path, str(exc)), "error")
        return False
    fresh = Session(full.entry, full.config, full.seed, full.seats, threaded=False)
    scene = full.entry.make_scene(app, fresh, replay=list(full.actions))
    if "states" in doc:  # floating-point games: show the positions the save recorded
        try:
            scene.replay_states = Session.from_doc(doc, threaded=False).states
        except SaveError as exc:
            app.toast(str(exc), "error")
    scene.match = Match()
    app.stack.reset(TitleScene(app))
    app.stack.push(scene)
    return True


def current_game_entry(app: Any) -> Any:
    """The game on screen (or being set up), if any."""
    from tabletop.ui.gamescene import GameScene

    scene = app.stack.find(GameScene)
    if scene is not None:
        return scene.session.entry
    setup = app.stack.find(SetupScene)
    return setup.entry if setup is not None else None


def open_rules(app: Any) -> None:
    """F1: the rules of the current game, or the controls page."""
    if isinstance(app.stack.top, RulesScene):
        app.stack.pop()
        return
    entry = current_game_entry(app)
    if entry is None:
        app.stack.push(RulesScene(app, "How to play", CONTROLS_HELP))
    else:
        app.stack.push(RulesScene(app, f"{entry.info.title}: rules", entry.rules_text() + "\n\n" + CONTROLS_HELP))


# -- title ----------------------------------------------------------------------------


def draw_game_picture(surface: pygame.Surface, rect: pygame.Rect, entry: Any, theme: Theme) -> None:
    """The game's own picture when it has one, else a pattern drawn from its name."""
    painter = None
    if getattr(entry, "icon", ""):
        import importlib

        module, _, attr = entry.icon.partition(":")
        painter = getattr(importlib.import_module(module), attr)
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
            g = theme.font(max(10, rad * 0.9 / max(theme.scale, 0.01))).render(theme.player(i % 6).glyph, True, text_on(c))
            surface.blit(g, g.get_rect(center=(x, y)))
    surface.set_clip(clip)


class GameCard(Widget):
    """A game on the title screen: picture, title, blurb, players. Click to set up."""

    def __init__(self, entry: Any, on_click: Callable[[], object]) -> None:
        info = entry.info
        super().__init__(tooltip=f"{info.title}: {info.blurb}")
        self.entry = entry
        self.on_click = on_click
        self._armed = False
        self._picture: pygame.Surface | None = None
        self._picture_key: tuple[object, ...] = ()

    def activate(self) -> bool:
        self.on_click()
        return True

    def picture(self, size: tuple[int, int], theme: Theme) -> pygame.Surface:
        """The game's picture, drawn once per size and palette (games draw
        them procedurally, which is far too slow to repeat every frame)."""
        key = (size, theme.palette, theme.scale)
        if self._picture is None or key != self._picture_key:
            self._picture = pygame.Surface(size)
            draw_game_picture(self._picture, self._picture.get_rect(), self.entry, theme)
            self._picture_key = key
        return self._picture

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._armed = self.rect.collidepoint(event.pos)
            return self._armed
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            fire = self._armed and self.rect.collidepoint(event.pos)
            self._armed = False
            if fire:
                self.on_click()
            return fire
        if event.type == pygame.KEYDOWN and self.focused and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            return self.activate()
        return False

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        info = self.entry.info
        r = self.rect
        radius = theme.px(14)
        lift = theme.px(3) if self.hovered else 0
        body = r.move(0, -lift)
        pygame.draw.rect(surface, theme.shadow, r.move(0, theme.px(5)), border_radius=radius)
        pygame.draw.rect(surface, theme.button_hover if self.hovered else theme.panel, body, border_radius=radius)
        pad = theme.px(12)
        pic = pygame.Rect(body.x + pad, body.y + pad, body.w - 2 * pad, int(body.h * 0.52))
        surface.blit(self.picture(pic.size, theme), pic)
        y = pic.bottom + theme.px(8)
        head = theme.font("heading", bold=True)
        draw_text(surface, head, info.title, theme.text, pygame.Rect(pic.x, y, pic.w, head.get_linesize()))
        y += head.get_linesize()
        players = (
            f"{info.min_players} players"
            if info.min_players == info.max_players
            else f"{info.min_players}–{info.max_players} players"
        )
        small = theme.small
        draw_text(surface, small, players, theme.text_dim, pygame.Rect(pic.x, y, pic.w, small.get_linesize()))
        y += small.get_linesize() + theme.px(2)
        for line in wrap_text(small, info.blurb, pic.w):
            if y + small.get_linesize() > body.bottom - pad // 2:
                break
            draw_text(surface, small, line, theme.text, pygame.Rect(pic.x, y, pic.w, small.get_linesize()))
            y += small.get_linesize()
        edge = theme.focus if self.focused and self.show_focus else theme.panel_edge
        pygame.draw.rect(surface, edge, body, theme.px(3) if self.focused else theme.px(2), border_radius=radius)


class TitleScene(MenuScene):
    heading = "Tabletop"

    def build(self) -> None:
        from tabletop.games import shipped

        self.cards = [GameCard(e, lambda e=e: self.app.stack.push(SetupScene(self.app, e))) for e in shipped()]
        self.empty = Label("No games are installed in this build.", align="center", size="heading")
        self.resume = Button("Resume", self.resume_game, hotkey=pygame.K_r, kind="primary")
        self.saves = Button("Saved games", lambda: self.app.stack.push(SavedGamesScene(self.app)))
        self.settings = Button("Settings", lambda: self.app.stack.push(SettingsScene(self.app)))
        self.help = Button("How to play", lambda: open_rules(self.app), tooltip="Controls (F1)")
        self.quit = Button("Quit", self.app.quit, kind="danger")
        self.buttons = [self.resume, self.saves, self.settings, self.help, self.quit]
        self.group.add(*self.cards, *self.buttons)

    def enter(self) -> None:
        self.refresh_resume()

    def refresh_resume(self) -> None:
        storage = self.app.storage
        exists = storage.last_autosave() is not None
        finished = exists and storage.autosave_finished()
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
        area = pygame.Rect(rect.x + margin, rect.y + sub_h, rect.w - 2 * margin, bar.y - rect.y - sub_h - margin)
        self.empty.rect = centered(area, area.w, t.px(60))
        self.empty.visible = not self.cards
        n = len(self.cards)
        if not n:
            return
        cols = min(n, 3 if area.w / max(area.h, 1) < 2.2 else 5)
        rows = math.ceil(n / cols)
        cw = min((area.w - gap * (cols - 1)) // cols, t.px(380))
        ch = min((area.h - gap * (rows - 1)) // rows, int(cw * 0.92))
        total_w = cols * cw + (cols - 1) * gap
        total_h = rows * ch + (rows - 1) * gap
        x0 = area.x + (area.w - total_w) // 2
        y0 = area.y + (area.h - total_h) // 2
        for i, card in enumerate(self.cards):
            r, c = divmod(i, cols)
            in_row = min(cols, n - r * cols)
            offset = (cols - in_row) * (cw + gap) // 2
            card.rect = pygame.Rect(x0 + offset + c * (cw + gap), y0 + r * (ch + gap), cw, ch)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        self.empty.draw(surface, t)
        sub = t.body.render("Choose a game. Everything works with the mouse; F1 shows the controls.", True, t.text_dim)
        y = t.px(28) + t.title.get_linesize()
        surface.blit(sub, sub.get_rect(midtop=(surface.get_width() // 2, y - t.px(6))))


# -- setup ----------------------------------------------------------------------------


class SetupScene(MenuScene):
    """Players, seats (human or bot level, and a name), variants and the seed."""

    def __init__(self, app: Any, entry: Any) -> None:
        self.entry = entry
        self.info = entry.info
        remembered = app.settings.last_seats.get(entry.info.name, {}) if isinstance(app.settings.last_seats, dict) else {}
        players = remembered.get("players", self.info.min_players) if isinstance(remembered, dict) else self.info.min_players
        self.players = players if isinstance(players, int) and players in self.info.player_range else self.info.min_players
        self.seat_rows: list[tuple[TextInput, Choice]] = []
        seats = remembered.get("seats", []) if isinstance(remembered, dict) else []
        if not isinstance(seats, list):  # settings are the player's file: take nothing on trust
            seats = []
        self.seat_memory: list[dict[str, Any]] = [
            {k: v for k, v in s.items() if k in ("name", "kind", "level") and isinstance(v, str)}
            for s in seats
            if isinstance(s, dict)
        ]
        self.variant_values: dict[str, Any] = {}
        self.seed = rng.fresh_seed()
        self.heading = entry.info.title
        super().__init__(app)

    def build(self) -> None:
        self.group = FocusGroup()
        counts = [str(n) for n in self.info.player_range]
        self.count = Choice(counts, counts.index(str(self.players)), self.set_players, label="Players")
        self.seats_panel = Panel("Seats")
        self.options_panel = Panel("Options")
        self.seat_rows = []
        for i in range(self.players):
            mem = self.seat_memory[i] if i < len(self.seat_memory) else {}
            kind = mem.get("kind", "human" if i == 0 else "bot")
            level = mem.get("level", "medium")
            idx = next((k for k, v in enumerate(KIND_VALUES) if v == (kind, level)), 0 if i == 0 else 2)
            name = TextInput(str(mem.get("name", default_name(i, kind)))[:16], max_len=16, label="")
            kind_choice = Choice(KIND_OPTIONS, idx, label="")
            self.seat_rows.append((name, kind_choice))
        self.variant_widgets: list[tuple[str, Choice]] = []
        for v in self.info.variants:
            if not v.offered_for(self.players):
                continue
            value = self.variant_values.get(v.key, v.default)
            options = [self._variant_text(c) for c in v.choices]
            idx = v.choices.index(value) if value in v.choices else v.choices.index(v.default)
            ch = Choice(options, idx, lambda i, v=v: self.variant_values.__setitem__(v.key, v.choices[i]), label=v.label, tooltip=v.help)
            ch.label_share = 0.6
            self.variant_widgets.append((v.key, ch))
        self.seed_input = TextInput(
            str(self.seed), max_len=20, label="Seed", tooltip="The same seed and moves give the same game."
        )
        self.new_seed = Button("New seed", self.reroll, tooltip="Pick a fresh random seed")
        self.start = Button("Start game", self.start_game, kind="primary", hotkey=pygame.K_F5)
        self.back_button = Button("Back", self.back)
        self.rules = Button("Rules", lambda: open_rules(self.app), tooltip="F1")
        widgets: list[Widget] = [self.count]
        for name, kind in self.seat_rows:
            widgets += [name, kind]
        widgets += [c for _, c in self.variant_widgets]
        widgets += [self.seed_input, self.new_seed, self.start, self.rules, self.back_button]
        self.group.add(self.seats_panel, self.options_panel, *widgets)

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
        self.seat_memory = mem + self.seat_memory[len(mem):]

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
        memory = dict(self.app.settings.last_seats) if isinstance(self.app.settings.last_seats, dict) else {}
        memory[self.info.name] = {"players": self.players, "seats": self.seat_memory[: max(6, self.players)]}
        self.app.update_settings(last_seats=memory)
        start_game(self.app, self.entry, config, seed, self.seats())

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        margin = t.px(32)
        gap = t.px(16)
        bar_h = t.px(50)
        bar = pygame.Rect(rect.x + margin, rect.bottom - margin - bar_h, rect.w - 2 * margin, bar_h)
        bw = min(t.px(220), (bar.w - 3 * gap) // 4)
        self.back_button.rect = pygame.Rect(bar.x, bar.y, bw, bar_h)
        self.rules.rect = pygame.Rect(bar.x + bw + gap, bar.y, bw, bar_h)
        self.start.rect = pygame.Rect(bar.right - bw, bar.y, bw, bar_h)
        body = pygame.Rect(bar.x, rect.y + t.px(8), bar.w, bar.y - rect.y - t.px(8) - gap)
        left_w = int(body.w * 0.56)
        self.seats_panel.rect = pygame.Rect(body.x, body.y, left_w - gap // 2, body.h)
        self.options_panel.rect = pygame.Rect(body.x + left_w + gap // 2, body.y, body.w - left_w - gap // 2, body.h)
        row_h = t.px(44)
        inner = self.seats_panel.content_rect(t)
        self.count.rect = pygame.Rect(inner.x, inner.y, inner.w, row_h)
        step = min(row_h + t.px(10), max(t.px(34), (inner.bottom - self.count.rect.bottom - t.px(10)) // max(1, len(self.seat_rows))))
        y = self.count.rect.bottom + t.px(14)
        for name, kind in self.seat_rows:
            h = step - t.px(8)
            glyph_w = t.px(34)
            name.rect = pygame.Rect(inner.x + glyph_w, y, int((inner.w - glyph_w) * 0.5) - t.px(6), h)
            kind.rect = pygame.Rect(name.rect.right + t.px(12), y, inner.right - name.rect.right - t.px(12), h)
            y += step
        inner = self.options_panel.content_rect(t)
        y = inner.y
        for _, ch in self.variant_widgets:
            ch.rect = pygame.Rect(inner.x, y, inner.w, row_h)
            y += row_h + t.px(10)
        self.seed_input.rect = pygame.Rect(inner.x, max(y, inner.bottom - 2 * row_h - t.px(10)), inner.w, row_h)
        self.new_seed.rect = pygame.Rect(inner.right - t.px(180), self.seed_input.rect.bottom + t.px(10), t.px(180), row_h)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        for i, (name, _) in enumerate(self.seat_rows):
            style = t.player(i)
            c = name.rect.midleft
            rad = min(t.px(14), name.rect.h // 2 - 1)
            pos = (c[0] - t.px(18), c[1])
            pygame.draw.circle(surface, style.colour, pos, rad)
            g = t.font(max(8.0, rad * 1.2 / t.scale)).render(style.glyph, True, text_on(style.colour))
            surface.blit(g, g.get_rect(center=pos))
        if not self.variant_widgets:
            inner = self.options_panel.content_rect(t)
            draw_text(surface, t.small, "This game has no options.", t.text_dim, pygame.Rect(inner.x, inner.y, inner.w, t.px(30)))


# -- in-game overlays -----------------------------------------------------------------


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
        names = self.game.session.names
        asked = ", ".join(names[s] for s in plan.consent)
        self.resume = Button("Resume", self.back, kind="primary")
        self.undo = Button(
            "Undo",
            self.do_undo,
            enabled=reason is None,
            disabled_reason=reason or "",
            tooltip=f"Takes back your last move; {asked} will be asked first." if asked else "Takes back your last move.",
        )
        self.save = Button("Save game", self.do_save)
        self.rules = Button("Rules", lambda: open_rules(self.app))
        self.settings = Button("Settings", lambda: self.app.stack.push(SettingsScene(self.app)))
        self.quit = Button("Quit to title", self.quit_to_title, kind="danger", tooltip="Your game stays autosaved.")
        self.group.add(self.resume, self.undo, self.save, self.rules, self.settings, self.quit)
        self.group.focus(self.resume, show=True)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        head = t.heading.get_linesize() + t.px(20)
        box = button_column(rect.move(0, head // 2), self.widgets, t)
        self.overlay_box(box)

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
        self.app.stack.reset(TitleScene(self.app))


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
        self.ready.rect = centered(rect, min(t.px(420), rect.w - t.px(40)), t.px(56)).move(0, t.px(60))
        if self.undo is not None:
            self.undo.rect = self.ready.rect.move(0, self.ready.rect.h + t.px(16))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        c = self.ready.rect
        head = t.title.render(f"Pass to {self.name}", True, t.text)
        surface.blit(head, head.get_rect(midbottom=(c.centerx, c.y - t.px(70))))
        sub = t.body.render("Everyone else, look away. The table stays hidden until the button is pressed.", True, t.text_dim)
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
        lines = wrap_text(t.body, self.question + " Moves of yours made since would be taken back too.", width)
        y = c.y - t.px(24) - len(lines) * t.body.get_linesize()
        for line in lines:
            img = t.body.render(line, True, t.text)
            surface.blit(img, img.get_rect(midtop=(c.centerx, y)))
            y += t.body.get_linesize()

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            return True  # Esc must not lift the curtain
        return super().handle(event)


def record_result(app: Any, game: Any) -> None:
    """A finished game counts once: in the sitting's match totals and the
    statistics. Showing the results again (resume, undo and replay of the last
    move) does not count it twice; replays never count."""
    session = game.session
    if game.replay_queue is not None or session.recorded:
        return
    outcome = session.outcome()
    match: Match = getattr(game, "match", None) or Match()
    game.match = match
    match.games += 1
    for i in outcome.winners:
        name = session.seats[i].name
        match.wins[name] = match.wins.get(name, 0) + 1
    try:
        app.storage.record_result(session.name, session.names, list(outcome.places))
    except (OSError, ValueError) as exc:
        app.toast(f"The result could not be recorded: {exc}", "error")
    session.recorded = True
    autosave(app, session)


class ResultsScene(MenuScene):
    opaque = False
    heading = "Game over"

    def __init__(self, app: Any, game: Any) -> None:
        self.game = game
        self.session = game.session
        self.outcome = self.session.outcome()
        self.match: Match = getattr(game, "match", None) or Match()
        super().__init__(app)

    def build(self) -> None:
        self.again = Button("Play again", self.play_again, kind="primary", hotkey=pygame.K_F5)
        self.view = Button("Look at the table", self.back, tooltip="Close this; press Esc in the game for the menu.")
        self.title = Button("Title screen", lambda: self.app.stack.reset(TitleScene(self.app)))
        self.group.add(self.again, self.view, self.title)
        self.group.focus(self.again, show=True)

    def play_again(self) -> None:
        s = self.session
        start_game(self.app, s.entry, s.config, rng.fresh_seed(), s.seats, match=self.match)

    def _words(self, width: int) -> list[str]:
        t = self.app.theme
        return wrap_text(t.body, self.outcome.words_for(self.session.names), width)[:3]

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(680), rect.w - t.px(80))
        bh = t.px(46)
        gap = t.px(12)
        rows_h = t.small.get_linesize() + t.px(4) + t.px(40) * len(self.session.seats)
        h = len(self._words(w)) * t.body.get_linesize() + t.px(8) + rows_h + t.px(20) + bh
        head = t.heading.get_linesize() + t.px(20)
        content = centered(rect, w, h).move(0, head // 2)
        self.overlay_box(content)
        self.content = content
        bw = (w - 2 * gap) // 3
        for i, b in enumerate((self.again, self.view, self.title)):
            b.rect = pygame.Rect(content.x + i * (bw + gap), content.bottom - bh, bw, bh)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        t = self.app.theme
        r = self.content
        y = r.y
        for line in self._words(r.w):
            draw_text(surface, t.body, line, t.text, pygame.Rect(r.x, y, r.w, t.body.get_linesize()), "center")
            y += t.body.get_linesize()
        y += t.px(8)
        order = sorted(range(len(self.session.seats)), key=lambda i: (self.outcome.places[i], i))
        row_h = t.px(40)
        cols = (r.x, r.x + int(r.w * 0.16), r.x + int(r.w * 0.62), r.x + int(r.w * 0.80))
        small = t.small
        for text, x in zip(("Place", "Player", "Score", "Wins here"), cols):
            surface.blit(small.render(text, True, t.text_dim), (x, y))
        y += small.get_linesize() + t.px(4)
        for i in order:
            seat = self.session.seats[i]
            style = t.player(i)
            place = self.outcome.places[i]
            row = pygame.Rect(r.x, y, r.w, row_h - t.px(6))
            if place == 1:
                pygame.draw.rect(surface, mix(t.panel, style.colour, 0.25), row, border_radius=t.px(6))
            font = t.font("body", bold=place == 1)
            draw_text(surface, font, ordinal(place), t.text, pygame.Rect(cols[0] + t.px(8), y, cols[1] - cols[0], row.h))
            draw_text(surface, font, f"{style.glyph} {seat.label}", style.colour, pygame.Rect(cols[1], y, cols[2] - cols[1] - t.px(8), row.h))
            score = self.outcome.scores[i]
            score_text = str(int(score)) if float(score).is_integer() else f"{score:.1f}"
            draw_text(surface, font, score_text, t.text, pygame.Rect(cols[2], y, cols[3] - cols[2], row.h))
            wins = self.match.wins.get(seat.name, 0)
            draw_text(surface, font, f"{wins} of {self.match.games}", t.text, pygame.Rect(cols[3], y, r.right - cols[3], row.h))
            y += row_h


# -- settings, saves, rules -------------------------------------------------------------

SIZES = ((960, 600), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440))
SPEEDS = ((0.0, "Instant"), (0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast"))
PALETTE_NAMES = (("default", "Standard"), ("okabe_ito", "Colour-blind safe (Okabe–Ito)"))
FLICK_NAMES = (("pull", "Pull back and release"), ("swipe", "Swipe"))


class SettingsScene(MenuScene):
    heading = "Settings"

    def build(self) -> None:
        s = self.app.settings
        size_labels = [f"{w} × {h}" for w, h in SIZES]
        current = tuple(self.app.windowed_size)
        size_idx = SIZES.index(current) if current in SIZES else 1
        if current not in SIZES:
            size_labels[size_idx] = f"{current[0]} × {current[1]}"
        self.size_choice = Choice(size_labels, size_idx, self.set_size, label="Window size")
        self.full = Toggle(self.app.fullscreen, self.app.set_fullscreen, label="Fullscreen (F11)")
        self.volume = Slider(s.volume * 100, 0, 100, 5, lambda v: self.app.update_settings(volume=v / 100), label="Volume", fmt=lambda v: f"{int(v)}%")
        self.mute = Toggle(s.muted, lambda v: self.app.update_settings(muted=v), label="Mute (Ctrl+M)")
        speeds = [name for _, name in SPEEDS]
        sidx = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i][0] - s.anim_speed))
        self.speed = Choice(speeds, sidx, lambda i: self.app.update_settings(anim_speed=SPEEDS[i][0]), label="Animations")
        pidx = next((i for i, (k, _) in enumerate(PALETTE_NAMES) if k == s.palette), 0)
        self.palette = Choice([n for _, n in PALETTE_NAMES], pidx, lambda i: self.app.update_settings(palette=PALETTE_NAMES[i][0]), label="Colours")
        fidx = next((i for i, (k, _) in enumerate(FLICK_NAMES) if k == s.flick_mode), 0)
        self.flick = Choice([n for _, n in FLICK_NAMES], fidx, lambda i: self.app.update_settings(flick_mode=FLICK_NAMES[i][0]), label="Flicking")
        self.log = Toggle(s.show_log, lambda v: self.app.update_settings(show_log=v), label="Game log panel (L)")
        self.done = Button("Done", self.back, kind="primary")
        self.group.add(self.size_choice, self.full, self.volume, self.mute, self.speed, self.palette, self.flick, self.log, self.done)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.full.value = self.app.fullscreen  # F11 may have changed it meanwhile

    def set_size(self, index: int) -> None:
        if self.app.fullscreen:
            self.app.toast("Leave fullscreen to change the window size.")
            return
        self.app.resize(SIZES[index])

    def back(self) -> None:
        super().back()
        top = self.app.stack.top
        if top is not None:  # palette or log changes alter layouts below
            top.resize(self.app.size)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(720), rect.w - t.px(60))
        rows = self.widgets[:-1]
        row_h = t.px(46)
        gap = t.px(10)
        total = len(rows) * (row_h + gap) + t.px(60)
        box = centered(rect, w, min(total, rect.h - t.px(20)))
        step = min(row_h + gap, (box.h - t.px(60)) // len(rows))
        for i, wdg in enumerate(rows):
            wdg.rect = pygame.Rect(box.x, box.y + i * step, w, step - gap // 2)
        self.done.rect = pygame.Rect(box.centerx - t.px(110), box.bottom - t.px(50), t.px(220), t.px(48))


class SavedGamesScene(MenuScene):
    heading = "Saved games"

    def build(self) -> None:
        self.saves = self.app.storage.list_saves()
        for message in self.app.storage.take_messages():
            self.app.toast(message, "error")
        rows = [(s.title or s.game, s.summary, self._when(s)) for s in self.saves]
        self.list = ScrollList(rows, self.select, columns=(0.2, 0.62, 0.18), on_activate=lambda i: self.resume_game())
        self.list.selected = 0 if self.saves else None
        self.resume = Button("Resume", self.resume_game, kind="primary")
        self.replay = Button("Watch replay", self.replay_game, tooltip="Play the game back from its first move.")
        self.delete = Button("Delete", self.delete_save, kind="danger", tooltip="Moved to the 'deleted' folder, not erased.")
        self.done = Button("Back", self.back)
        self.empty = Label("No saved games yet. Games save themselves as you play.", align="center")
        self.group.add(self.list, self.resume, self.replay, self.delete, self.done)
        self.select(self.list.selected)

    @staticmethod
    def _when(s: Any) -> str:
        when = s.when
        return when.astimezone().strftime("%d %b %H:%M") if when is not None else ""

    def select(self, index: int | None) -> None:
        has = index is not None and 0 <= index < len(self.saves)
        over = has and index is not None and self.saves[index].over
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
        session = load_session(self.app, Path(self.saves[i].path))
        if session is None:
            self.refresh()
            return
        start_game(self.app, session.entry, session.config, session.seed, session.seats, session=session)

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
        self.app.storage.delete_save(self.saves[i].slot)
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
        self.list.rect = pygame.Rect(rect.x + margin, rect.y + t.px(10), rect.w - 2 * margin, rect.h - bar_h - 2 * margin)
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


class RulesScene(MenuScene):
    """A scrollable page of text; F1 or Esc closes it."""

    def __init__(self, app: Any, title: str, text: str) -> None:
        self.heading = fit_text(app.theme.title, title, app.size[0] - 40)
        self.text = text
        super().__init__(app)

    def build(self) -> None:
        self.view = ScrollText(self.text)
        self.done = Button("Close", self.back, kind="primary")
        self.group.add(self.view, self.done)
        self.group.focus(self.view, show=False)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(rect.w - t.px(60), t.px(900))
        self.view.rect = pygame.Rect(rect.centerx - w // 2, rect.y + t.px(6), w, rect.h - t.px(100))
        self.done.rect = pygame.Rect(rect.centerx - t.px(100), self.view.rect.bottom + t.px(20), t.px(200), t.px(48))
