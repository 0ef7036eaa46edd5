"""Render any Tabletop scene at any window size to a PNG, headless.

    python tools/screenshot.py title --size 1920x1080 --out out/title.png
    python tools/screenshot.py game:nim --register tests.nimgame:ENTRY --moves 3 --out out/nim.png
    python tools/screenshot.py game:etuc --players 3 --moves 4 --hint --out docs/etuc/hint-1280x800.png
    python tools/screenshot.py game:uchronicle --players 3 --variant expert=true --moves 9 --my-turn --keys right,space

SCENE is one of ``title``, ``settings``, ``saves``, ``rules`` (the controls
page), ``rules:GAME``, ``setup:GAME``, ``game:GAME``, ``pause:GAME``,
``summary:GAME`` (the pause after the first deal or game that ends, for a
game with the ``deal_summary`` hook), ``results:GAME``, ``review:GAME`` and
``lesson:GAME`` (its first lesson at step ``--moves`` + 1; ``lesson:GAME/NAME``
another, ``lesson:uchronicle/expert``). ``--keys`` presses
keys on the scene before the shot (``--keys right,right,space``: keyboard
focus on a card). ``--variant KEY=VALUE`` sets one of the game's variants
(``--variant expert=true``). The program's settings and saves go to a fresh temporary
folder (``--home`` or ``TABLETOP_HOME`` choose another), never the player's own.

The module is importable: :func:`render` returns the drawn ``pygame.Surface`` so
tests and ``tools/bench.py`` reuse it. Importing it sets the dummy SDL video and
audio drivers (unless already set) before pygame is imported.
"""

from __future__ import annotations

import argparse
import atexit
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from tabletop import app as tabletop_app  # noqa: E402
from tabletop.core import rng  # noqa: E402
from tabletop.core.session import default_seats  # noqa: E402
from tabletop.core.storage import PALETTES, Storage  # noqa: E402
from tools.cli import OneLineParser, UsageError, add_register, register  # noqa: E402

PLAIN_SCENES = ("title", "settings", "saves", "rules")
GAME_SCENES = ("rules", "setup", "game", "pause", "summary", "results", "review", "lesson")
SCENES_HELP = (
    "title, settings, saves, rules, rules:GAME, setup:GAME, game:GAME, pause:GAME, "
    "summary:GAME, results:GAME, review:GAME, lesson:GAME, lesson:GAME/NAME"
)
#: bot moves played to reach the end of a game for ``results:GAME`` before giving up
MAX_RESULT_MOVES = 100_000
#: frames of 1/60 s ``--hint`` waits for the bots to hand the turn to your seat
HINT_WAIT_FRAMES = 3_000


def parse_scene(text: str) -> tuple[str, str | None]:
    """``"game:nim"`` -> ``("game", "nim")``; UsageError for anything unknown."""
    kind, sep, game = text.partition(":")
    if not sep:
        if kind in PLAIN_SCENES:
            return kind, None
        if kind in GAME_SCENES:
            raise UsageError(f"scene {kind!r} needs a game, e.g. {kind}:NAME")
        raise UsageError(f"unknown scene {text!r} (scenes: {SCENES_HELP})")
    if kind not in GAME_SCENES:
        raise UsageError(f"unknown scene {text!r} (scenes: {SCENES_HELP})")
    if not game:
        raise UsageError(f"scene {text!r} names no game")
    return kind, game


def parse_size(text: str) -> tuple[int, int]:
    """``"1280x800"`` -> ``(1280, 800)``, within the sizes the app supports."""
    try:
        return tabletop_app.parse_size(text)
    except tabletop_app.CliError as exc:
        raise UsageError(str(exc)) from None


def _temp_home() -> Path:
    home = Path(tempfile.mkdtemp(prefix="tabletop-shot-"))
    atexit.register(shutil.rmtree, home, ignore_errors=True)
    return home


def make_app(
    size: tuple[int, int], *, home: str | os.PathLike[str] | None = None, palette: str | None = None
) -> Any:
    """An App with its files under ``home`` (a new temporary folder if None)."""
    if palette is not None and palette not in PALETTES:
        raise UsageError(f"--palette must be one of {', '.join(PALETTES)}, not {palette!r}")
    if home is None:
        home = os.environ.get("TABLETOP_HOME") or _temp_home()
    app = tabletop_app.App(tabletop_app.Launch(size=size), storage=Storage(home))
    # the games' code imported now, as the program's worker does once the
    # title has shown: pictures and frame times are those a player sees then
    app.warmer.start()
    app.warmer.wait()
    if palette is not None and palette != app.settings.palette:
        app.update_settings(palette=palette)
    return app


def parse_variant(text: str) -> tuple[str, Any]:
    """``"expert=true"`` -> ``("expert", True)``: true/false, whole numbers and
    decimals as such, anything else as text."""
    key, sep, value = text.partition("=")
    if not sep or not key:
        raise UsageError(f"--variant needs KEY=VALUE, not {text!r}")
    lowered = value.strip().lower()
    if lowered in ("true", "false"):
        return key.strip(), lowered == "true"
    for kind in (int, float):
        try:
            return key.strip(), kind(value)
        except ValueError:
            pass
    return key.strip(), value


def _entry(game: str) -> Any:
    from tabletop.games import REGISTRY

    if game not in REGISTRY:
        known = ", ".join(sorted(REGISTRY)) or "none (use --register module:ATTR)"
        raise UsageError(f"unknown game {game!r} (games: {known})")
    return REGISTRY[game]


def new_session(
    entry: Any,
    seed: int,
    *,
    moves: int = 0,
    to_end: bool = False,
    players: int | None = None,
    to_summary: bool = False,
    variants: dict[str, Any] | None = None,
) -> Any:
    """A session with the default seats (you, then medium bots), no worker
    thread, bots on their iteration caps alone (the same picture every run).

    ``players`` seats (the game's fewest by default), ``variants`` for its config.

    ``moves`` actions are played first: bots choose their own, the human seat
    plays a random legal one. ``to_end`` plays on to the end, the human seat
    handled by a bot of its own. ``to_summary`` plays that way until the
    next move would end a deal (the game's ``deal_summary`` hook), and keeps
    that move in ``session.next_move`` instead of playing it.
    """
    from tabletop.core.game import deal_summary
    from tabletop.core.session import Session

    info = entry.info
    players = players or info.min_players
    if not info.min_players <= players <= info.max_players:
        raise UsageError(
            f"--players: {info.title} is for {info.min_players} to {info.max_players} players"
        )
    seats = default_seats(["human"] + ["medium"] * (players - 1))
    try:
        config = entry.default_config(players, **(variants or {}))
    except (TypeError, ValueError) as exc:
        raise UsageError(f"--variant: {exc}") from None
    session = Session(entry, config, seed, seats, threaded=False, timed=False)
    chooser = random.Random(rng.derive(seed, "screenshot"))
    stand_in = entry.make_bot("medium", 0, rng.derive(seed, "screenshot", "seat0"), timed=False)
    limit = MAX_RESULT_MOVES if to_end or to_summary else moves
    played = 0
    while played < limit and not session.is_over():
        mover = session.to_move()
        if session.is_bot_turn():
            action = session.bot_action()
        elif (to_end or to_summary) and mover is not None:
            action = stand_in.choose(session.rules.view(session.state, mover))
        else:
            action = entry.sample_action(session.state, chooser)
        if to_summary:
            before = session.state
            if deal_summary(session.rules, before, action, session.rules.apply(before, action)):
                session.next_move = action
                return session
        session.play(action)
        played += 1
    if to_summary:
        raise UsageError(f"{info.title} has no deal that ends with a summary")
    if to_end and not session.is_over():
        raise UsageError(f"{info.title} did not end within {MAX_RESULT_MOVES} moves")
    return session


def _start_game(
    app: Any,
    entry: Any,
    seed: int,
    moves: int,
    to_end: bool,
    players: int | None = None,
    to_summary: bool = False,
    variants: dict[str, Any] | None = None,
) -> Any:
    from tabletop.ui import flow

    session = new_session(
        entry,
        seed,
        moves=moves,
        to_end=to_end,
        players=players,
        to_summary=to_summary,
        variants=variants,
    )
    try:
        return flow.start_game(app, entry, session.config, seed, session.seats, session=session)
    except ImportError as exc:
        raise UsageError(
            f"the scene of {entry.name!r} ({entry.scene}) cannot be imported: {exc}"
        ) from None


def show(
    app: Any,
    scene: str,
    *,
    seed: int = 1,
    moves: int = 0,
    players: int | None = None,
    variants: dict[str, Any] | None = None,
) -> None:
    """Put ``scene`` on ``app``'s stack the way a player would reach it."""
    from tabletop.ui import menus, overlays, rulespage, settings

    kind, game = parse_scene(scene)
    app.stack.reset(menus.TitleScene(app))
    if kind == "title":
        return
    if kind == "settings":
        app.stack.push(settings.SettingsScene(app))
        return
    if kind == "saves":
        app.stack.push(menus.SavedGamesScene(app))
        return
    if kind == "rules" and game is None:
        rulespage.open_rules(app)
        return
    assert game is not None
    lesson_id = game if kind == "lesson" else None  # lesson:GAME or lesson:GAME/NAME
    if lesson_id is not None:
        game = lesson_id.partition("/")[0]
    entry = _entry(game)
    if kind == "rules":
        app.stack.push(menus.SetupScene(app, entry))
        rulespage.open_rules(app)
    elif kind == "setup":
        app.stack.push(menus.SetupScene(app, entry))
    elif kind == "game":
        _start_game(app, entry, seed, moves, to_end=False, players=players, variants=variants)
    elif kind == "pause":
        game_scene = _start_game(
            app, entry, seed, moves, to_end=False, players=players, variants=variants
        )
        app.stack.push(overlays.PauseScene(app, game_scene))
    elif kind == "summary":
        # the move that ends the deal is played through the frame, which
        # animates it and then shows the summary (give --frames enough)
        game_scene = _start_game(
            app, entry, seed, 0, to_end=False, players=players, to_summary=True, variants=variants
        )
        game_scene.play_through_frame(game_scene.session.next_move)
    elif kind == "results":
        # the game scene pushes the results itself
        _start_game(app, entry, seed, 0, to_end=True, players=players, variants=variants)
    elif kind == "review":
        # a finished game's review of your seat, as Review on its results opens it
        from tabletop.ui.reviewscene import ReviewScene

        game = _start_game(app, entry, seed, 0, to_end=True, players=players, variants=variants)
        app.stack.push(ReviewScene(app, game, seat=0))
    elif kind == "lesson":
        # the lesson at step ``moves`` + 1, as a player coming back to it finds it
        from tabletop.ui.flow import start_lesson

        assert lesson_id is not None
        app.settings = app.settings.with_lesson(lesson_id, moves, False)
        if start_lesson(app, entry, lesson_id=lesson_id) is None:
            raise UsageError(f"{lesson_id}: no lesson that can be read")


def render(
    scene: str,
    size: tuple[int, int] = (1280, 800),
    *,
    palette: str | None = None,
    frames: int = 2,
    seed: int = 1,
    moves: int = 0,
    home: str | os.PathLike[str] | None = None,
    registers: Sequence[str] = (),
    players: int | None = None,
    keys: Sequence[str] = (),
    hint: bool = False,
    variants: dict[str, Any] | None = None,
    my_turn: bool = False,
) -> pygame.Surface:
    """Draw ``scene`` at ``size`` for ``frames`` frames of 1/60 s, after
    pressing ``keys`` (pygame key names, one frame each); return a copy of
    the window. With ``hint`` (a ``game:`` scene), the frames run on until it
    is your seat's turn, you ask for a hint (H) and it is on show. With
    ``my_turn``, frames run until it is your seat's turn before the keys.

    Raises :class:`UsageError` for bad values. pygame stays initialised; call
    ``pygame.quit()`` when done with a batch.
    """
    if frames < 1:
        raise UsageError(f"--frames must be at least 1, not {frames}")
    if moves < 0:
        raise UsageError(f"--moves must not be negative, not {moves}")
    for spec in registers:
        register(spec)
    parse_scene(scene)  # fail before opening a window
    app = make_app(size, home=home, palette=palette)
    show(app, scene, seed=seed, moves=moves, players=players, variants=variants)
    app.frame([], 1 / 60)
    if my_turn:
        wait_for_my_turn(app, scene)
    for name in keys:
        try:
            code = pygame.key.key_code(name)
        except ValueError:
            raise UsageError(f"--keys: no key named {name!r}") from None
        down = pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="", scancode=0)
        up = pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="", scancode=0)
        app.frame([down, up], 1 / 60)
    for _ in range(frames):
        app.frame([], 1 / 60)
    if hint:
        show_hint(app, scene)
    return app.screen.copy()


def wait_for_my_turn(app: Any, scene: str, flag: str = "--my-turn") -> Any:
    """Run frames until it is your seat's turn in the game on top; the game scene."""
    from tabletop.ui.gamescene import GameScene

    game = app.stack.top
    if parse_scene(scene)[0] != "game" or not isinstance(game, GameScene):
        raise UsageError(f"{flag} needs a game:GAME scene")
    for _ in range(HINT_WAIT_FRAMES):
        if game.my_turn or game.session.is_over():
            break
        app.frame([], 1 / 60)
    if not game.my_turn:
        raise UsageError(f"{flag}: your seat never came to move (try other --moves)")
    return game


def show_hint(app: Any, scene: str) -> None:
    """Run frames until it is your seat's turn in the game on top, ask for a
    hint as H does, and draw it."""
    game = wait_for_my_turn(app, scene, "--hint")
    game.ask_hint()
    for _ in range(2):
        app.frame([], 1 / 60)
    if game.hint_action is None:
        raise UsageError(
            f"--hint: no hint is on show ({game.last_error or 'the hint did not come'})"
        )


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        label="screenshot",
        prog="tools/screenshot.py",
        description="Render a Tabletop scene headless (SDL dummy drivers) and save it as a PNG. "
        "Settings and saves go to a fresh temporary folder unless --home or TABLETOP_HOME is given.",
        epilog="Examples: tools/screenshot.py title --size 1280x800 --out docs/title-1280x800.png; "
        "tools/screenshot.py results:nim --register tests.nimgame:ENTRY --out out/nim-results.png",
    )
    p.add_argument("scene", metavar="SCENE", help=f"one of: {SCENES_HELP}")
    p.add_argument(
        "--size",
        default="1280x800",
        metavar="WxH",
        help="window size, 960x600 and up (default 1280x800)",
    )
    p.add_argument(
        "--out", metavar="FILE.png", help="where to write the PNG (default out/<scene>-<size>.png)"
    )
    p.add_argument("--palette", metavar="NAME", help=f"colour palette: {', '.join(PALETTES)}")
    p.add_argument(
        "--frames",
        type=int,
        default=2,
        metavar="N",
        help="frames of 1/60 s to run before the shot (default 2)",
    )
    p.add_argument(
        "--seed", default="1", metavar="S", help="the game's seed, a number or a word (default 1)"
    )
    p.add_argument(
        "--moves",
        type=int,
        default=0,
        metavar="N",
        help="game:/pause: play N moves first (bots choose theirs, your seat plays random "
        "legal moves); lesson: the steps already passed",
    )
    p.add_argument(
        "--players",
        type=int,
        metavar="N",
        help="game:/pause:/results: seats at the table (default: the game's fewest)",
    )
    p.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="game:/pause:/summary:/results: one of the game's variants (repeatable), e.g. expert=true",
    )
    p.add_argument(
        "--my-turn",
        action="store_true",
        help="game: play on to your seat's turn before pressing --keys",
    )
    p.add_argument(
        "--hint",
        action="store_true",
        help="game: play on to your seat's turn and show a hint (what the hard bot would do)",
    )
    p.add_argument(
        "--keys",
        default="",
        metavar="K1,K2",
        help="keys to press first, by pygame name (right,space,return)",
    )
    p.add_argument(
        "--home",
        metavar="DIR",
        help="settings and saves folder (default: TABLETOP_HOME, else a temporary folder)",
    )
    add_register(p)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        size = parse_size(args.size)
        try:
            seed = rng.parse_seed(args.seed)
        except ValueError as exc:
            raise UsageError(f"--seed: {exc}") from None
        out = (
            Path(args.out)
            if args.out
            else Path("out") / f"{args.scene.replace(':', '-')}-{size[0]}x{size[1]}.png"
        )
        if out.suffix.lower() != ".png":
            raise UsageError(f"--out must end in .png, not {str(out)!r}")
        surface = render(
            args.scene,
            size,
            palette=args.palette,
            frames=args.frames,
            seed=seed,
            moves=args.moves,
            home=args.home,
            registers=args.register,
            players=args.players,
            keys=[k.strip() for k in args.keys.split(",") if k.strip()],
            hint=args.hint,
            variants=dict(parse_variant(v) for v in args.variant),
            my_turn=args.my_turn,
        )
    except UsageError as exc:
        print(f"screenshot: error: {exc}", file=sys.stderr)
        return 2
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(out))
    pygame.quit()
    print(out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
