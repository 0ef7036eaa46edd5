"""The command line, pygame start-up, the main loop and the scene stack.

``main(argv)`` parses the command line without touching pygame, so ``--list``,
``--version`` and bad values answer instantly and headless. Only then does it
build an :class:`App`, which owns the window, the theme, the sound, the
settings, the storage and the stack of scenes.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import __version__

if TYPE_CHECKING:
    from tabletop.core.game import GameEntry

MIN_SIZE = (960, 600)


class CliError(Exception):
    """A bad command line: one line on stderr, exit code 2."""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> Any:  # one clear line, no usage dump
        raise CliError(message)


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="tabletop",
        description="Five tabletop games at a table's level of care. "
        "With no options, opens the title menu.",
        epilog="Example: tabletop --game planepita --players 3 --seats human,hard,easy --seed 7",
    )
    p.add_argument("--game", metavar="NAME", help="start this game directly (see --list)")
    p.add_argument("--players", metavar="N", help="number of players")
    p.add_argument(
        "--seats",
        metavar="LIST",
        help="comma-separated seats: human, easy, medium or hard (bots), e.g. human,hard,easy",
    )
    p.add_argument("--seed", metavar="S", help="the game's seed (a number or any word)")
    p.add_argument("--resume", action="store_true", help="resume the last autosaved game")
    p.add_argument("--replay", metavar="FILE", help="watch a saved game replayed from its moves")
    p.add_argument("--list", action="store_true", help="list the games and exit")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    p.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    p.add_argument("--frames", metavar="N", help=argparse.SUPPRESS)  # stop after N frames (tools)
    return p


@dataclass(frozen=True)
class Launch:
    """What the command line asked for, validated."""

    game: str | None = None
    players: int | None = None
    seats: tuple[Any, ...] = ()
    seed: int | None = None
    resume: bool = False
    replay: Path | None = None
    size: tuple[int, int] | None = None
    fullscreen: bool = False
    frames: int | None = None


def _int(text: str, what: str, lo: int, hi: int) -> int:
    try:
        value = int(text)
    except ValueError:
        raise CliError(f"{what} must be a whole number, not {text!r}") from None
    if not lo <= value <= hi:
        raise CliError(f"{what} must be between {lo} and {hi}, not {value}")
    return value


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2:
        raise CliError(f"--size must look like 1280x800, not {text!r}")
    return (_int(parts[0], "--size width", MIN_SIZE[0], 7680), _int(parts[1], "--size height", MIN_SIZE[1], 4320))


def parse_launch(args: argparse.Namespace) -> Launch:
    """Validate the values argparse let through; CliError names the bad one."""
    from tabletop.core import rng
    from tabletop.core.bots import LEVELS
    from tabletop.core.session import default_seats
    from tabletop.games import REGISTRY

    launch = Launch(
        resume=args.resume,
        fullscreen=args.fullscreen,
        size=parse_size(args.size) if args.size else None,
        frames=_int(args.frames, "--frames", 1, 10**9) if args.frames else None,
    )
    if args.replay:
        path = Path(args.replay)
        if not path.is_file():
            raise CliError(f"no such replay file: {args.replay}")
        launch = replace(launch, replay=path)
    if args.seed is not None:
        try:
            launch = replace(launch, seed=rng.parse_seed(args.seed))
        except ValueError as exc:
            raise CliError(f"--seed: {exc}") from None
    if args.game is None:
        for flag in ("players", "seats"):
            if getattr(args, flag) is not None:
                raise CliError(f"--{flag} needs --game")
        return launch
    if args.game not in REGISTRY:
        known = ", ".join(sorted(REGISTRY)) or "none"
        raise CliError(f"unknown game {args.game!r} (games: {known})")
    info = REGISTRY[args.game].info
    kinds: list[str] = []
    if args.seats is not None:
        kinds = [k.strip().lower() for k in args.seats.split(",")]
        for k in kinds:
            if k != "human" and k not in LEVELS:
                raise CliError(f"--seats: {k!r} is not human, easy, medium or hard")
    if args.players is not None:
        players = _int(args.players, "--players", info.min_players, info.max_players)
    elif kinds:
        players = len(kinds)
    else:
        players = info.min_players
    if not info.min_players <= players <= info.max_players:
        raise CliError(f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}")
    if kinds and len(kinds) != players:
        raise CliError(f"--seats gives {len(kinds)} seat(s) but --players is {players}")
    if not kinds:
        kinds = ["human"] + ["medium"] * (players - 1)
    return replace(launch, game=args.game, players=players, seats=tuple(default_seats(kinds)))


def _print_list() -> None:
    from tabletop.games import REGISTRY

    if not REGISTRY:
        print("No games are installed.")
    for name, entry in REGISTRY.items():
        info = entry.info
        print(f"{name:14} {info.title} ({info.min_players}-{info.max_players} players): {info.blurb}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.version:
            print(f"tabletop {__version__}")
            return 0
        if args.list:
            _print_list()
            return 0
        launch = parse_launch(args)
    except CliError as exc:
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame
    except ImportError:
        print("tabletop: error: pygame-ce is not installed (pip install pygame-ce)", file=sys.stderr)
        return 2
    if not getattr(pygame, "IS_CE", False):
        print(
            "tabletop: error: the old 'pygame' package shadows pygame-ce; "
            "run 'pip uninstall pygame' and then 'pip install --force-reinstall pygame-ce'",
            file=sys.stderr,
        )
        return 2
    try:
        app = App(launch)
    except pygame.error as exc:
        print(f"tabletop: error: cannot open a window ({exc}); is there a display?", file=sys.stderr)
        return 2
    try:
        app.start(launch)
    except CliError as exc:
        app.shutdown()
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return 2
    app.run(max_frames=launch.frames)
    return 0


#: seconds after the last resize event before the window size is written
REMEMBER_SIZE_AFTER = 0.5


class App:
    """The window and everything scenes share. One per process.

    ``threaded_bots=False`` has every game's bots answer on the frame loop's
    thread, and ``timed_bots=False`` gives them their iteration caps alone:
    tests drive the app frame by frame and get the same game every time.
    """

    def __init__(
        self,
        launch: Launch | None = None,
        *,
        storage: Any = None,
        games: Mapping[str, GameEntry] | None = None,
        threaded_bots: bool = True,
        timed_bots: bool = True,
    ) -> None:
        import pygame

        from tabletop.core.storage import Storage
        from tabletop.ui.scene import SceneStack
        from tabletop.ui.sound import Sound
        from tabletop.ui.theme import Theme
        from tabletop.ui.widgets import Toasts

        launch = launch or Launch()
        if games is None:
            from tabletop.games import REGISTRY

            games = REGISTRY
        #: the games this window offers, name -> entry: the one registry the ui
        #: sees (menus list it, saves are loaded through it)
        self.games: Mapping[str, GameEntry] = games
        self.t0 = time.perf_counter()
        self.storage = storage if storage is not None else Storage()
        self.settings, message = self.storage.load_settings(
            {name: entry.info.settings for name, entry in self.games.items()}
        )
        from tabletop.ui.sound import quiet_native_stderr

        with quiet_native_stderr():  # pygame.init also tries the audio device
            pygame.init()
        pygame.key.set_repeat(350, 40)
        self.fullscreen = launch.fullscreen or self.settings.fullscreen
        self.windowed_size: tuple[int, int] = launch.size or tuple(self.settings.window_size)  # type: ignore[assignment]
        self.screen = self._open_window(self.windowed_size)
        pygame.display.set_caption("Tabletop")
        self.theme = Theme(self.size, palette=self.settings.palette, anim_speed=self.settings.anim_speed)
        self.sound = Sound(volume=self.settings.volume, muted=self.settings.muted)
        self.toasts = Toasts()
        self.stack = SceneStack()
        self.stack.resize(self.size)
        self.running = True
        #: how sessions are built (see the class docstring); Session keywords
        self.session_options = {"threaded": threaded_bots, "timed": timed_bots}
        #: a window size to write, and the seconds of frames left until then
        self._remember_size: tuple[tuple[int, int], float] | None = None
        self.frames = 0
        self.first_frame_at: float | None = None
        if message:
            self.toast(message, "error")

    # -- window ------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> Any:
        import pygame

        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    @property
    def size(self) -> tuple[int, int]:
        w, h = self.screen.get_size()
        return (w, h)

    def resize(self, size: tuple[int, int], *, remember: bool = True) -> None:
        """Lay everything out for a new window size (and remember it)."""
        import pygame

        w, h = max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1]))
        if not self.fullscreen:
            if (w, h) != self.screen.get_size():
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            self.windowed_size = (w, h)
            if remember:  # written once the dragging stops, not on every event
                self._remember_size = ((w, h), REMEMBER_SIZE_AFTER)
        self.theme.resize(self.size)
        self.stack.resize(self.size)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def set_fullscreen(self, on: bool) -> None:
        if bool(on) == self.fullscreen:
            return
        self.fullscreen = bool(on)
        self.screen = self._open_window(self.windowed_size)
        self.update_settings(fullscreen=self.fullscreen)
        self.theme.resize(self.size)
        self.stack.resize(self.size)

    # -- settings ------------------------------------------------------------------
    def update_settings(self, **changes: Any) -> None:
        """Change settings, apply them, and write them to disk at once."""
        self.settings = replace(self.settings, **changes)
        if "palette" in changes:
            self.theme.set_palette(self.settings.palette)
        if "anim_speed" in changes:
            self.theme.anim_speed = self.settings.anim_speed
        if "volume" in changes:
            self.sound.volume = self.settings.volume
        if "muted" in changes:
            self.sound.muted = self.settings.muted
        try:
            self.storage.save_settings(self.settings)
        except OSError as exc:
            self.toast(f"Settings could not be saved: {exc}", "error")

    def set_game_setting(self, game: str, key: str, value: Any) -> None:
        """Change one of a game's own settings and write the settings at once."""
        self.settings = self.settings.with_game_setting(game, key, value)
        self.update_settings()

    def toast(self, text: str, kind: str = "info") -> None:
        self.toasts.push(text, kind)

    # -- what to show first --------------------------------------------------------
    def home(self) -> Any:
        """A fresh title screen: where "quit to title" and a new game's stack start."""
        from tabletop.ui.menus import TitleScene

        return TitleScene(self)

    def start(self, launch: Launch) -> None:
        from tabletop.ui import flow

        self.stack.reset(self.home())
        if launch.resume:
            flow.resume_autosave(self)
        elif launch.replay is not None:
            flow.open_replay(self, launch.replay)
        elif launch.game is not None:
            from tabletop.core import rng

            if launch.game not in self.games:
                known = ", ".join(sorted(self.games)) or "none"
                raise CliError(f"unknown game {launch.game!r} (games: {known})")
            entry = self.games[launch.game]
            seed = launch.seed if launch.seed is not None else rng.fresh_seed()
            flow.start_game(self, entry, entry.default_config(launch.players), seed, list(launch.seats))

    # -- the loop --------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        """Window-wide keys and events first, then the top scene."""
        import pygame

        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.resize(event.size)
            return
        if event.type == pygame.WINDOWRESIZED and not self.fullscreen:
            if (event.x, event.y) != self.size:
                self.resize((event.x, event.y))
            else:
                self.theme.resize(self.size)
                self.stack.resize(self.size)
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_F11:
                self.toggle_fullscreen()
                return
            if event.key == pygame.K_F1:
                from tabletop.ui.rulespage import open_rules

                open_rules(self)
                return
            if event.key == pygame.K_m and event.mod & pygame.KMOD_CTRL:
                self.update_settings(muted=not self.settings.muted)
                self.toast("Sound off" if self.settings.muted else "Sound on")
                return
        self.stack.handle(event)

    def frame(self, events: Sequence[Any], dt: float) -> None:
        """One frame: events, updates, drawing. Tests call this directly."""
        import pygame

        for event in events:
            self.handle(event)
            if not self.running:
                return
        for message in self.storage.take_messages():  # e.g. a background save that failed
            self.toast(message, "error")
        if self._remember_size is not None:
            size, left = self._remember_size
            self._remember_size = (size, left - dt)
            if left - dt <= 0:
                self._save_window_size()
        self.stack.update(dt)
        self.toasts.update(dt)
        self.screen.fill(self.theme.background)
        self.stack.draw(self.screen)
        self.toasts.draw(self.screen, self.theme, getattr(self.stack.top, "toast_area", None))
        pygame.display.flip()
        self.frames += 1
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            stamp = os.environ.get("TABLETOP_BENCH_STARTUP_FILE")
            if stamp:  # tools/bench.py: wall-clock time of the first drawn frame
                Path(stamp).write_text(repr(time.time()), encoding="utf-8")

    def run(self, max_frames: int | None = None) -> None:
        import pygame

        clock = pygame.time.Clock()
        try:
            while self.running:
                dt = min(clock.tick(60) / 1000.0, 0.1)
                self.frame(pygame.event.get(), dt)
                if max_frames is not None and self.frames >= max_frames:
                    break
        finally:
            self.shutdown()

    def quit(self) -> None:
        self.running = False

    def _save_window_size(self) -> None:
        if self._remember_size is not None:
            size, _ = self._remember_size
            self._remember_size = None
            if tuple(self.settings.window_size) != size:
                self.update_settings(window_size=size)

    def shutdown(self) -> None:
        import pygame

        self._save_window_size()
        self.stack.clear()  # scenes stop their work (a bot still thinking)
        self.storage.flush()  # the last autosave reaches the disk before we go
        pygame.quit()


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
