"""The command line, pygame start-up, the main loop and the scene stack.

``main(argv)`` parses the command line without touching pygame, so ``--list``,
``--version`` and bad values answer instantly and headless. Only then does it
build an :class:`App`, which owns the window, the theme, the sound, the
settings, the storage and the stack of scenes.

``main`` is also the last resort: an unexpected error at start-up or in a
frame is written to a crash log beside the saves (:meth:`App.crashed`), the
player reads one line naming it, and the next start works.
"""

from __future__ import annotations

import argparse
import gc
import logging
import os
import sys
import time
import traceback
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tabletop import __version__
from tabletop.core.words import plural, shorten
from tabletop.ui.rest import NOW

if TYPE_CHECKING:
    from tabletop.core.game import GameEntry
    from tabletop.core.storage import Settings

MIN_SIZE = (960, 600)
#: the exit status after an unexpected error (a bad command line is 2)
CRASH_STATUS = 1


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
        raise CliError(f"{what} must be a whole number, not {shorten(repr(text), 40)}") from None
    if not lo <= value <= hi:
        raise CliError(f"{what} must be between {lo} and {hi}, not {value}")
    return value


def parse_size(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2:
        raise CliError(f"--size must look like 1280x800, not {shorten(repr(text), 40)}")
    return (
        _int(parts[0], "--size width", MIN_SIZE[0], 7680),
        _int(parts[1], "--size height", MIN_SIZE[1], 4320),
    )


#: the ways to start (at most one): flag, and whether the command line gave it
START_MODES: tuple[tuple[str, Any], ...] = (
    ("--game", lambda args: args.game is not None),
    ("--resume", lambda args: args.resume),
    ("--replay", lambda args: args.replay is not None),
)


def _replay_file(name: str) -> Path:
    """The file ``--replay`` names, if it reads as a saved game. A file outside
    the saves folder is the player's own and stays where it is, whatever is in it."""
    from tabletop.core.storage import Storage

    if not name.strip():
        raise CliError("--replay needs the name of a saved game's file")
    path = Path(name)
    if not os.path.lexists(path):  # a pipe or a folder of that name is for load_game to name
        raise CliError(f"no such replay file: {shorten(name)}")
    doc, message = Storage().load_game(path)
    if doc is None:
        raise CliError(f"--replay: {message or f'{name} could not be read'}")
    return path


def parse_launch(args: argparse.Namespace) -> Launch:
    """Validate the values argparse let through; CliError names the bad one."""
    from tabletop.core import rng
    from tabletop.core.bots import LEVELS
    from tabletop.core.session import default_seats
    from tabletop.games import REGISTRY

    # "is not None", never truthiness: an empty value (--size "") is a bad value, not none
    launch = Launch(
        resume=args.resume,
        fullscreen=args.fullscreen,
        size=parse_size(args.size) if args.size is not None else None,
        frames=_int(args.frames, "--frames", 1, 10**9) if args.frames is not None else None,
    )
    modes = [flag for flag, given in START_MODES if given(args)]
    if len(modes) > 1:
        raise CliError(f"{modes[0]} and {modes[1]} cannot be used together")
    if args.replay is not None:
        launch = replace(launch, replay=_replay_file(args.replay))
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
        raise CliError(f"unknown game {shorten(repr(args.game), 40)} (games: {known})")
    info = REGISTRY[args.game].info
    kinds: list[str] = []
    if args.seats is not None:
        kinds = [k.strip().lower() for k in args.seats.split(",")]
        for k in kinds:
            if k != "human" and k not in LEVELS:
                raise CliError(
                    f"--seats: {shorten(repr(k), 40)} is not human, easy, medium or hard"
                )
    if args.players is not None:
        players = _int(args.players, "--players", info.min_players, info.max_players)
    elif kinds:
        players = len(kinds)
    else:
        players = info.min_players
    if not info.min_players <= players <= info.max_players:
        raise CliError(
            f"{info.title} is for {info.min_players}-{info.max_players} players, not {players}"
        )
    if kinds and len(kinds) != players:
        raise CliError(f"--seats gives {plural(len(kinds), 'seat')} but --players is {players}")
    if not kinds:
        kinds = ["human"] + ["medium"] * (players - 1)
    return replace(launch, game=args.game, players=players, seats=tuple(default_seats(kinds)))


def _print_list() -> None:
    from tabletop.games import REGISTRY

    if not REGISTRY:
        print("No games are installed.")
    for name, entry in REGISTRY.items():
        info = entry.info
        print(
            f"{name:14} {info.title} ({info.min_players}-{info.max_players} players): {info.blurb}"
        )


def main(argv: Sequence[str] | None = None) -> int:
    """The program: the command line, then the window until it closes; the
    exit status. Start-up builds thousands of objects that last (modules,
    classes, the games' info, fonts): the cyclic garbage collector waits
    until the window's frames begin instead of walking them again and again
    while they are made."""
    collecting = gc.isenabled()
    gc.disable()

    def resume() -> None:
        if collecting:
            gc.enable()

    try:
        return _main(argv, resume)
    finally:
        resume()


def _main(argv: Sequence[str] | None, resume: Callable[[], None]) -> int:
    # the player reads every problem in the program's own words (a message in
    # the window, one line on stderr); log records are for whoever configures
    # logging, never printed on the console by Python's last-resort handler
    logger = logging.getLogger("tabletop")
    if not any(isinstance(h, logging.NullHandler) for h in logger.handlers):
        logger.addHandler(logging.NullHandler())
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
        print(
            "tabletop: error: pygame-ce is not installed (pip install pygame-ce)", file=sys.stderr
        )
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
        print(
            f"tabletop: error: cannot open a window ({exc}); is there a display?", file=sys.stderr
        )
        return 2
    except Exception as exc:  # noqa: BLE001 - the last resort: a log, one line, no traceback
        print(crash_without_app(exc), file=sys.stderr)
        return CRASH_STATUS
    try:
        app.start(launch)
        resume()
        app.run(max_frames=launch.frames)
    except CliError as exc:
        app.shutdown()
        print(f"tabletop: error: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # noqa: BLE001 - the last resort: a log, one line, no traceback
        print(app.crashed(exc), file=sys.stderr)
        return CRASH_STATUS
    except BaseException:  # Ctrl+C: the autosave still reaches the disk
        app.shutdown()
        raise
    return 0


def crash_report(exc: BaseException, context: Sequence[str] = ()) -> str:
    """The text of a crash log: the versions, ``context`` (what was running),
    and the traceback."""
    import platform

    try:
        import pygame

        graphics = (
            f"pygame-ce {pygame.version.ver} (SDL {'.'.join(map(str, pygame.get_sdl_version()))})"
        )
    except Exception:  # noqa: BLE001 - a report is written whatever is missing
        graphics = "pygame-ce: not available"
    lines = [
        "Tabletop stopped after an unexpected error.",
        "",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"tabletop: {__version__}",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()}, {platform.platform()})",
        graphics,
        *context,
        "",
        *traceback.format_exception(exc),
    ]
    return "\n".join(line.rstrip("\n") for line in lines) + "\n"


def write_crash_log(storage: Any, text: str) -> Path | None:
    """The crash log written beside the saves (or, failing that, in the
    system's temporary folder); None when neither could be written."""
    import tempfile

    from tabletop.core.storage import write_new

    try:
        return storage.write_crash_log(text)
    except Exception:  # noqa: BLE001 - the data folder may be full or read-only
        pass
    try:
        return write_new(
            tempfile.gettempdir(), f"tabletop-crash-{time.strftime('%Y%m%d-%H%M%S')}", ".log", text
        )
    except Exception:  # noqa: BLE001
        return None


def crash_line(exc: BaseException, log: Path | None, saves: Sequence[str] = ()) -> str:
    """The one line a player reads after a crash."""
    what = f"tabletop: error: Tabletop stopped after an unexpected error ({type(exc).__name__})"
    where = f"; the details are in {log}" if log is not None else "; no crash log could be written"
    return what + where + "".join(f"; {s}" for s in saves) + "."


def crash_without_app(exc: BaseException) -> str:
    """The last resort when no App was built: a log and the player's line."""
    from tabletop.core.storage import Storage

    try:
        storage: Any = Storage()
    except Exception:  # noqa: BLE001
        storage = None
    log = write_crash_log(storage, crash_report(exc, ["while starting (no window yet)"]))
    try:
        import pygame

        pygame.quit()
    except Exception:  # noqa: BLE001
        pass
    return crash_line(exc, log)


#: room the window's title bar and the desktop's panels take from the screen's height
DESKTOP_MARGIN = (0, 64)


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on, or None when there is no
    real screen (SDL's dummy driver, in tests and tools, reports a made-up one)."""
    import pygame

    try:
        if pygame.display.get_driver() in ("dummy", "offscreen"):
            return None
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return (int(sizes[0][0]), int(sizes[0][1])) if sizes else None


def fit_window(size: tuple[int, int], desktop: tuple[int, int] | None) -> tuple[int, int]:
    """``size`` made no larger than the screen ``desktop`` less its margins
    (:data:`DESKTOP_MARGIN`), never below the smallest window the layouts
    take (``MIN_SIZE``); ``size`` itself when there is no screen to fit."""
    if desktop is None:
        return size
    room = (desktop[0] - DESKTOP_MARGIN[0], desktop[1] - DESKTOP_MARGIN[1])
    return (max(MIN_SIZE[0], min(size[0], room[0])), max(MIN_SIZE[1], min(size[1], room[1])))


#: seconds after the last resize event before the window size is written
REMEMBER_SIZE_AFTER = 0.5

#: frames a second while something moves
FPS = 60
#: the most ``dt`` a frame is given: a stall (a slow frame, a window being
#: dragged) never makes an animation jump
MAX_DT = 0.1
#: the longest the loop rests before it looks again by itself (messages a
#: background save left, whatever a part forgot to say it would change)
MAX_REST = 0.25
#: while the loop rests, how often it looks for events: as often as it draws
#: while something moves, so the first input is answered as soon as then
REST_POLL = 1 / FPS
#: seconds a background thread (the saves' writer, a bot thinking) may hold
#: Python's lock while the frame's thread waits for it: Python's own 5 ms
#: stalled a frame's drawing by as much whenever a move was saved during its
#: animation
SWITCH_INTERVAL = 0.001


def frame_dt(elapsed: float, rested: float, woken: bool) -> float:
    """The ``dt`` of a frame ``elapsed`` seconds after the last one began:
    at most :data:`MAX_DT`, so a stall never makes an animation jump; but
    after a rest of ``rested`` seconds that its timer ended (not ``woken``
    by an event), all of it up to the rest: nothing moved meanwhile, and a
    timer (a tooltip's delay, a message's time on screen) counts it whole."""
    if rested > NOW and not woken:
        return min(elapsed, max(MAX_DT, rested))
    return min(elapsed, MAX_DT)


def scene_name(scene: object) -> str:
    """A scene's name for a crash log: its class, and a game frame's table
    ("GameScene(PlanetTable)")."""
    table = getattr(scene, "table", None)
    name = type(scene).__name__
    return f"{name}({type(table).__name__})" if table is not None else name


class App:
    """The window and everything scenes share. One per process.

    ``threaded_bots=False`` has every game's bots answer on the frame loop's
    thread (and nothing is warmed on a worker: a game's code is imported
    where it is first needed), and ``timed_bots=False`` gives them their
    iteration caps alone: tests drive the app frame by frame and get the
    same game every time.

    The loop rests (``tabletop/ui/rest.py``): while nothing moves it waits
    for the next event or the soonest timer (:meth:`wake_in`) instead of
    drawing, and a frame in which nothing changed draws nothing.
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

        from tabletop.core.loading import Warmer
        from tabletop.core.storage import Storage
        from tabletop.ui.scene import SceneStack
        from tabletop.ui.sound import Sound
        from tabletop.ui.theme import Theme
        from tabletop.ui.widgets import CutTooltip, Toasts

        launch = launch or Launch()
        sys.setswitchinterval(SWITCH_INTERVAL)
        if games is None:
            from tabletop.games import REGISTRY

            games = REGISTRY
        #: the games this window offers, name -> entry: the one registry the ui
        #: sees (menus list it, saves are loaded through it)
        self.games: Mapping[str, GameEntry] = games
        self.t0 = time.perf_counter()
        self.storage = storage if storage is not None else Storage()
        self.storage.clean_temporaries()  # what a write killed half-way left behind
        self.settings: Settings
        message: str | None
        self.settings, message = self.storage.load_settings(
            {name: entry.info.settings for name, entry in self.games.items()}
        )
        from tabletop.ui.sound import quiet_native_stderr

        with quiet_native_stderr():  # pygame.init also tries the audio device
            pygame.init()
        pygame.key.set_repeat(350, 40)
        self.fullscreen = launch.fullscreen or self.settings.fullscreen
        asked: tuple[int, int] = launch.size or tuple(self.settings.window_size)  # type: ignore[assignment]
        self.windowed_size = fit_window(asked, desktop_size())
        self.screen = self._open_window(self.windowed_size)
        pygame.display.set_caption("Tabletop")
        self.theme = Theme(
            self.size, palette=self.settings.palette, anim_speed=self.settings.anim_speed
        )
        self.sound = Sound(volume=self.settings.volume, muted=self.settings.muted)
        #: the games' code and the sound effects, imported and made on a
        #: worker once the title has shown its first frame (TitleScene.update
        #: starts it), so start-up pays for none of them; in tests (not
        #: threaded) each is made where it is first needed
        self.warmer = Warmer(
            [("sound", self.sound.prepare)]  # first: a click on the title plays one
            + [(name, entry.warm) for name, entry in self.games.items()],
            threaded=threaded_bots,
        )
        self.toasts = Toasts()
        #: the whole text of a line drawn shortened, under the pointer, on every screen
        self.cut_tooltip = CutTooltip()
        self.stack = SceneStack()
        self.stack.resize(self.size)
        self.running = True
        #: how sessions are built (see the class docstring); Session keywords
        self.session_options = {"threaded": threaded_bots, "timed": timed_bots}
        #: a window size to write, and the seconds of frames left until then
        self._remember_size: tuple[tuple[int, int], float] | None = None
        #: frames run, and of them those that drew the window (a frame in
        #: which nothing changed draws nothing)
        self.frames = 0
        self.draws = 0
        #: what the last frame said of the window: seconds until it changes
        #: with no input (:meth:`wake_in`), NOW before the first frame
        self.due = NOW
        #: the window's changes and the scenes on the stack when it was last drawn
        self._shown: tuple[int, list[int]] = (0, [])
        #: the loop's clock and its way to wait: a test of :meth:`run` gives
        #: its own, so it never waits on real time
        self.clock: Callable[[], float] = time.perf_counter
        self.sleep: Callable[[float], None] = time.sleep
        self.first_frame_at: float | None = None
        if message:
            self.toast(message, "error")
        if self.windowed_size != asked:
            w, h = self.windowed_size
            self.toast(
                f"The window is {w}x{h}, to fit the screen ({asked[0]}x{asked[1]} was asked for)."
            )
            if (
                launch.size is None and message is None
            ):  # said once: the settings remember the size that fits
                self.update_settings(window_size=self.windowed_size)

    #: how many times the window was opened, resized or told by the system
    #: that it changed: a game's frame that draws only what moved draws the
    #: whole window again when this moves (GameScene._draw_live_only)
    window_changes: int

    # -- window ------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int]) -> Any:
        import pygame

        self.window_changes = getattr(self, "window_changes", 0) + 1
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
        self.window_changes += 1
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
            shown = {id(t) for t in self.toasts.items}
            if not flow.open_replay(self, launch.replay):
                said = [
                    t.text for t in self.toasts.items if id(t) not in shown and t.kind == "error"
                ]
                raise CliError(
                    f"--replay: {said[-1] if said else f'{launch.replay} cannot be replayed'}"
                )
        elif launch.game is not None:
            from tabletop.core import rng

            if launch.game not in self.games:
                known = ", ".join(sorted(self.games)) or "none"
                raise CliError(f"unknown game {launch.game!r} (games: {known})")
            entry = self.games[launch.game]
            assert launch.players is not None  # the parse sets it with the game
            seed = launch.seed if launch.seed is not None else rng.fresh_seed()
            flow.start_game(
                self, entry, entry.default_config(launch.players), seed, list(launch.seats)
            )

    # -- the loop --------------------------------------------------------------------
    def handle(self, event: Any) -> None:
        """Window-wide keys and events first, then the top scene."""
        import pygame

        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type in (
            pygame.VIDEORESIZE,
            pygame.VIDEOEXPOSE,
            pygame.WINDOWSIZECHANGED,
            pygame.WINDOWRESIZED,
            pygame.WINDOWEXPOSED,
            pygame.WINDOWSHOWN,
            pygame.WINDOWRESTORED,
            pygame.WINDOWMAXIMIZED,
        ):
            # the window's pixels may be new or gone: the next frame draws it whole
            self.window_changes += 1
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
        self.cut_tooltip.handle(event)
        self.stack.handle(event)

    def frame(self, events: Sequence[Any], dt: float, *, changed_only: bool = False) -> None:
        """One frame: events, updates, drawing. Tests and the bench's frame
        rows call this directly. With ``changed_only`` (the loop's way,
        :meth:`run`) it draws only if something changed: an event came,
        something moves, a timer fell due within ``dt``, a scene came or
        went, the window changed; else the window keeps what the last frame
        drew, and nothing is drawn or flipped."""
        import pygame

        changed = bool(events) or self.draws == 0 or self.due <= dt + 1e-9
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
        self.cut_tooltip.update(dt)
        shown = (self.window_changes, [id(scene) for scene in self.stack.scenes])
        draw = not changed_only or changed or shown != self._shown or self.wake_in() <= NOW
        self.frames += 1
        if draw:
            self.draw()
            pygame.display.flip()
            self.draws += 1
            self._shown = shown
            self.storage.take_loaded()  # a save opened in this frame has been shown: no longer suspect
        self.due = self.wake_in()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            stamp = os.environ.get("TABLETOP_BENCH_STARTUP_FILE")
            if stamp:  # tools/bench.py: wall-clock time of the first drawn frame
                Path(stamp).write_text(repr(time.time()), encoding="utf-8")

    def draw(self) -> None:
        """Draw the window as it stands (a frame's drawing, without its
        events and updates; tests call it to draw again)."""
        if not self.stack.paints_all():  # a game's table covers the window: no clearing it first
            self.screen.fill(self.theme.background)
        self.stack.draw(self.screen)
        #: where the messages were drawn this frame (tests read it)
        self.toast_rects = self.toasts.draw(
            self.screen, self.theme, getattr(self.stack.top, "toast_area", None)
        )
        #: where the whole text of a cut line under the pointer went, or None
        self.cut_tooltip_rect = self.cut_tooltip.draw(self.screen, self.theme)

    def wake_in(self) -> float:
        """Seconds until the window changes with no input, as it stands:
        the soonest of the scenes' (``SceneStack.wake_in``), the messages',
        the cut text's tooltip's and the window size's to be written;
        ``NOW`` while something moves or a message of the storage's waits,
        ``NEVER`` when all of them wait for an event."""
        if getattr(self.storage, "messages", None):
            return NOW
        due = min(self.stack.wake_in(), self.toasts.wake_in(), self.cut_tooltip.wake_in())
        if self._remember_size is not None:
            due = min(due, max(NOW, self._remember_size[1]))
        return due

    @property
    def resting(self) -> bool:
        """True when nothing on the window moves: the loop waits for an event
        or a timer instead of drawing."""
        return self.wake_in() > NOW

    def wait_for_events(self, timeout: float) -> list[Any]:
        """The events that come within ``timeout`` seconds, as soon as the
        first comes, looked for every :data:`REST_POLL` seconds; none when
        the time runs out. (``pygame.event.wait(timeout)`` looks every
        millisecond: under Xvfb that alone took 2.5 % of a core, against
        0.4 % looking 60 times a second.)"""
        import pygame

        end = self.clock() + timeout
        while True:
            events = pygame.event.get()
            if events:
                return events
            left = end - self.clock()
            if left <= 0:
                return []
            self.sleep(min(REST_POLL, left))

    def run(self, max_frames: int | None = None) -> None:
        """Frames until the window closes (or ``max_frames``), then shut down.
        While something moves, a frame every 1/:data:`FPS` s; at rest, the
        loop waits for the next event or the soonest timer (at most
        :data:`MAX_REST`), and the frame then draws only if something changed.
        With ``max_frames`` (the tools' ``--frames``) frames follow one
        another without resting. An exception leaves everything as it
        was, for :meth:`crashed`."""
        import pygame

        last = self.clock() - 1 / FPS
        while self.running:
            rest = self.due if max_frames is None else NOW
            if rest > NOW:
                events = self.wait_for_events(min(rest, MAX_REST))
            else:
                left = last + 1 / FPS - self.clock()
                if left > 0:
                    self.sleep(left)
                events = pygame.event.get()
            now = self.clock()
            self.frame(events, frame_dt(now - last, rest, bool(events)), changed_only=True)
            last = now
            if max_frames is not None and self.frames >= max_frames:
                break
        self.shutdown()

    def quit(self) -> None:
        self.running = False

    def _save_window_size(self) -> None:
        if self._remember_size is not None:
            size, _ = self._remember_size
            self._remember_size = None
            if tuple(self.settings.window_size) != size:
                self.update_settings(window_size=size)

    # -- the last resort ------------------------------------------------------------
    def running_game(self) -> Any:
        """The topmost scene playing a game (or a replay), or None."""
        from tabletop.core.session import Session

        for scene in reversed(self.stack.scenes):
            if isinstance(getattr(scene, "session", None), Session):
                return scene
        return None

    def crash_context(self) -> list[str]:
        """What was running, for a crash log: the scenes and the game."""
        lines = [f"scenes: {' > '.join(scene_name(s) for s in self.stack.scenes) or 'none'}"]
        scene = self.running_game()
        if scene is None:
            return lines + ["game: none"]
        session = scene.session
        seats = ", ".join(
            f"{s.name} ({s.level} bot)" if s.is_bot else f"{s.name} (person)" for s in session.seats
        )
        return lines + [
            f"game: {session.name} ({session.entry.info.title})"
            + (", a replay" if getattr(scene, "replay_queue", None) is not None else ""),
            f"config: players={session.config.players} variants={dict(session.config.variants)!r}",
            f"seed: {session.seed}",
            f"moves: {len(session.actions)}",
            f"seats: {seats}",
        ]

    def crashed(self, exc: BaseException) -> str:
        """The last resort after ``exc`` escaped start-up or a frame: keep the
        running game's autosave (flushed to disk), set aside the save being
        opened if there was one (it is the likely cause: the next start would
        fail on it again), write a crash log beside the saves, close the window,
        and return the one line the player reads. Never raises."""
        context: list[str] = []
        saves: list[str] = []
        try:
            context = self.crash_context()
        except Exception as inner:  # noqa: BLE001 - a report is written whatever breaks
            context = [f"(what was running could not be told: {inner!r})"]
        try:
            self.storage.flush(timeout=10.0)
            suspect = self.storage.take_loaded()
            autosave = self.storage.last_autosave()
            game = self.running_game()
            playing = game is not None and getattr(game, "replay_queue", None) is None
            if suspect is not None:
                saves += self._set_aside_crashing_save(suspect, autosave)
            elif autosave is not None and playing:
                saves.append(f"your game is kept in {autosave}")
        except Exception as inner:  # noqa: BLE001
            context.append(f"(the saves could not be checked: {inner!r})")
        context += [f"saves: {s}" for s in saves]
        log = write_crash_log(self.storage, crash_report(exc, context))
        self._close_after_crash()
        return crash_line(exc, log, saves)

    def _set_aside_crashing_save(self, suspect: Path, autosave: Path | None) -> list[str]:
        """Move the save that was being opened aside (only from the saves
        folder), and the autosave too when opening it made the autosave the
        same game; what was done, in words."""
        from tabletop.core.storage import (
            MAX_BYTES,
            SAVE_KIND,
            decode_json,
            move_aside,
            read_bounded,
        )

        said: list[str] = []
        if not self.storage.owns(suspect):
            return [f"{suspect}, which was being opened, was left where it is"]
        same = False
        if autosave is not None and autosave.resolve() != suspect.resolve():
            try:
                docs = [
                    decode_json(read_bounded(p, MAX_BYTES[SAVE_KIND]))[0]
                    for p in (suspect, autosave)
                ]
                keys = [
                    (d.get("game"), d.get("seed"), d.get("actions"))
                    if isinstance(d, dict)
                    else None
                    for d in docs
                ]
                same = keys[0] is not None and keys[0] == keys[1]
            except (OSError, ValueError):
                same = False
        moves = [("the save being opened", suspect)]
        if same and autosave is not None:
            moves.append(("the autosave of the same game", autosave))
        for what, path in moves:
            try:
                said.append(f"{what} was moved to {move_aside(path)}")
            except OSError as exc:
                said.append(f"{what} ({path}) could not be moved aside: {exc.strerror or exc}")
        return said

    def _close_after_crash(self) -> None:
        """Dispose of every scene (a broken one may raise again) and quit pygame."""
        import pygame

        try:
            self.warmer.stop()
        except Exception:  # noqa: BLE001 - the others still stop their work
            pass

        while self.stack.scenes:
            scene = self.stack.scenes.pop()
            try:
                scene.leave()
                scene.dispose()
            except Exception:  # noqa: BLE001 - the others still stop their work
                pass
        try:
            pygame.quit()
        except Exception:  # noqa: BLE001
            pass

    def shutdown(self) -> None:
        import pygame

        self._save_window_size()
        self.warmer.stop()  # the import under way ends; no other starts
        self.stack.clear()  # scenes stop their work (a bot still thinking)
        self.storage.flush()  # the last autosave reaches the disk before we go
        pygame.quit()


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
