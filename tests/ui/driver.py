"""Drive a real App headlessly with synthetic events, as a person would.

``Driver(app)`` posts events through ``app.frame(events, dt)``: one call per
frame, so whatever a click does runs exactly as in the main loop. The
``app`` fixture (import ``app_fixture`` and ``driver_fixture`` to use
them) builds an App on a temporary Storage whose games are the shipped
ones plus the test game Nim (:func:`games_with_nim`), and shuts pygame
down after the test.

Nothing here reads the clock. The apps :func:`make_app` builds have their
bots answer on the test's own thread with their iteration caps alone, so a
frame that asks a bot gets its answer in that frame, every run the same; and
time in the app (bot pauses, animations, toasts) is the ``dt`` each frame is
given.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App, Launch
from tabletop.core.game import GameEntry
from tabletop.core.session import Seat, Session
from tabletop.core.storage import Storage
from tabletop.games import REGISTRY
from tests.nimgame import ENTRY as NIM

DT = 1 / 60
#: the smallest window the program allows: every frame a test draws fills and
#: blits pixels, and a test that needs another size names it
#: (tests/ui/test_layout_sizes.py checks the layouts from this size to 4K)
SIZE = (960, 600)


class Driver:
    def __init__(self, app: App) -> None:
        self.app = app
        self.mouse = (0, 0)

    @property
    def top(self) -> Any:
        return self.app.stack.top

    # -- frames -------------------------------------------------------------
    def frame(self, events: list[Any] | None = None, dt: float = DT) -> None:
        self.app.frame(events or [], dt)

    def frames(self, n: int, dt: float = DT) -> None:
        for _ in range(n):
            self.app.frame([], dt)

    def until(self, condition: Callable[[], bool], frames: int = 600, dt: float = DT) -> int:
        """Run frames of ``dt`` seconds until ``condition()`` holds, at most
        ``frames`` of them; returns how many were run. Fails, naming the top
        scene, when the budget runs out: nothing here waits on real time."""
        for n in range(frames + 1):
            if condition():
                return n
            if n < frames:
                self.app.frame([], dt)
        raise AssertionError(
            f"the condition did not hold after {frames} frames of {dt:g} s; "
            f"the top scene is {type(self.top).__name__}"
        )

    # -- mouse --------------------------------------------------------------
    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        pos = (int(pos[0]), int(pos[1]))
        rel = (pos[0] - self.mouse[0], pos[1] - self.mouse[1])
        self.mouse = pos
        self.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)])

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.move(pos)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)])
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])

    def click_widget(self, widget: Any) -> None:
        assert widget.visible, f"{widget!r} is hidden"
        assert widget.rect.w > 0 and widget.rect.h > 0, f"{widget!r} has no size"
        self.click(widget.rect.center)

    def drag(self, a: tuple[int, int], b: tuple[int, int], steps: int = 8, button: int = 1) -> None:
        held = (1, 0, 0) if button == 1 else (0, 0, 1)
        self.move(a)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=button)])
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.move(p, held)
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=button)])

    # -- keyboard -------------------------------------------------------------
    def key(self, k: int, mod: int = 0, unicode: str = "") -> None:
        down = pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0)
        self.frame([down, up])

    def type(self, text: str) -> None:
        for ch in text:
            self.frame([pygame.event.Event(pygame.TEXTINPUT, text=ch)])

    # -- finding things ---------------------------------------------------------
    def widgets(self) -> list[Any]:
        # a game's frame: its table's buttons (GameScene.table_group)
        group = getattr(self.top, "table_group", None) or getattr(self.top, "group", None)
        return list(group.widgets) if group is not None else []

    def find_button(self, text: str) -> Any:
        """The visible button on the top scene whose text is ``text``."""
        found = [
            w
            for w in self.widgets()
            if getattr(w, "text", None) == text and w.visible and hasattr(w, "on_click")
        ]
        names = [getattr(w, "text", None) for w in self.widgets() if hasattr(w, "on_click")]
        assert found, f"no button {text!r} on {type(self.top).__name__}; buttons: {names}"
        return found[0]

    def press(self, text: str) -> None:
        """Click the button ``text`` on the top scene."""
        self.click_widget(self.find_button(text))

    def set_choice(self, choice: Any, value: str, limit: int = 20) -> None:
        """Click a Choice's right arrow until it shows ``value``."""
        for _ in range(limit):
            if choice.value == value:
                return
            self.click(choice.arrow_rects()[1].center)
        assert choice.value == value, f"{choice.options} never reached {value!r}"


def games_with_nim() -> dict[str, GameEntry]:
    """The registry a test's App is given: the shipped games, then Nim."""
    return {**REGISTRY, NIM.name: NIM}


def make_app(
    storage_dir: Any,
    size: tuple[int, int] = SIZE,
    launch: Launch | None = None,
    *,
    games: dict[str, GameEntry] | None = None,
    threaded_bots: bool = False,
) -> App:
    """An App on ``storage_dir`` offering ``games`` (:func:`games_with_nim`
    when None), started with ``launch`` (the title screen when None). Its bots
    are untimed and (unless ``threaded_bots``) answer on this thread."""
    app = App(
        Launch(size=size),
        storage=Storage(storage_dir),
        games=games_with_nim() if games is None else games,
        threaded_bots=threaded_bots,
        timed_bots=False,
    )
    app.start(launch or Launch())
    return app


def start_table(app: App, entry: GameEntry, seats: list[Seat], seed: int) -> Any:
    """A game of ``entry`` at its default config for ``seats``, started
    through the frame (``flow.start_game``) on an untimed session whose bots
    answer on this thread: the game's scene, on top of the stack."""
    from tabletop.ui import flow

    config = entry.default_config(len(seats))
    session = Session(entry, config, seed, seats, threaded=False, timed=False)
    return flow.start_game(app, entry, config, seed, seats, session=session)


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    """A real App at :data:`SIZE` on a temporary Storage, Nim among its games, title on top."""
    a = make_app(tmp_path)
    try:
        yield a
    finally:
        a.shutdown()


@pytest.fixture(name="driver")
def driver_fixture(app: App) -> Driver:
    return Driver(app)


#: a colour no screen draws: fill a window with it, draw, and count what is left
MARKER = (255, 0, 254)


def marked(screen: Any) -> int:
    """How many pixels of ``screen`` still show :data:`MARKER` (undrawn)."""
    import pygame

    rgb = pygame.surfarray.pixels3d(screen)
    try:
        return int(
            (
                (rgb[:, :, 0] == MARKER[0])
                & (rgb[:, :, 1] == MARKER[1])
                & (rgb[:, :, 2] == MARKER[2])
            ).sum()
        )
    finally:
        del rgb
