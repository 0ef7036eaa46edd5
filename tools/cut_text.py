"""List every text drawn shortened that cannot be read whole, on every screen.

    python tools/cut_text.py                      # every game, every screen, three sizes
    python tools/cut_text.py --games planet --screens table,hint --sizes 1280x800

Each screen of each game (the table mid-game, a hint on show, the claim
prompt of a game that asks for claims, the summary between deals, the
results, the setup, the pause and the rules page, and the title) is
reached the way tools/screenshot.py reaches it, then drawn at each size
(960x600, 1280x800 and 1920x1080 by default) with the record of cut texts
audited (``widgets.CUTS``): a text shortened (``fit_text``, ``rendered``)
that was never placed on the window with its whole text (``draw_text``,
``note_cut``) has no way to be read whole. One line each, with the screen
and the size; the exit status is 1 when there is any, 0 when none, 2 for a
usage error.

The module is importable: :func:`audit` returns the list for the screens
and sizes asked (tests/ui/test_cut_text.py runs a few).
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from tools import screenshot  # noqa: E402  (sets the dummy SDL drivers first)
from tools.cli import OneLineParser, UsageError  # noqa: E402

SIZES = ((960, 600), (1280, 800), (1920, 1080))
SCREENS = ("title", "table", "hint", "claim", "summary", "results", "setup", "pause", "rules")
#: the size a screen is first reached at, before it is drawn at each size
#: audited (none of them, so every layout is made afresh)
FIRST_SIZE = (1100, 700)
#: moves played before the table is shown mid-game
MID_GAME = 12
#: moves tried for a seat of yours asked to claim
CLAIM_MOVES = 3_000
SEED = 4


def _frames(app: Any, n: int, events: Sequence[Any] = ()) -> None:
    for i in range(n):
        app.frame(list(events) if i == 0 else [], 1 / 60)


def _claim_session(
    entry: Any, seed: int, players: int | None, variants: dict[str, Any]
) -> Any | None:
    """A session where your seat is asked whether to claim and has a real
    choice, or None for a game that never asks."""
    session = screenshot.new_session(entry, seed, players=players, variants=variants)
    rules = session.rules
    chooser = random.Random(seed)
    for _ in range(CLAIM_MOVES):
        if session.is_over():
            return None
        mover = session.to_move()
        state = session.state
        if mover == 0 and getattr(state, "claim", None) is not None:
            forced = getattr(rules, "forced_answer", None)
            if forced is None or forced(rules.view(state, 0)) is None:
                return session
        if session.is_bot_turn():
            session.play(session.bot_action())
        else:
            session.play(entry.sample_action(state, chooser))
    return None


#: the tables each game is audited at, beside its fewest seats: its most,
#: and the variants that change what the table shows
TABLES: dict[str, tuple[tuple[str, dict[str, Any]], ...]] = {
    "uchronicle": (("most", {}), ("most", {"expert": True})),
    "phantom_rummy": (("most", {}), ("most", {"advanced": True})),
}
#: the screens that show a table (the others are the same at every table)
AT_TABLE = ("table", "hint", "claim", "summary", "results", "pause")


def tables(entry: Any) -> list[tuple[int, dict[str, Any]]]:
    """(players, variants) of each table ``entry`` is audited at."""
    info = entry.info
    out: list[tuple[int, dict[str, Any]]] = [(info.min_players, {})]
    for count, variants in TABLES.get(entry.name, (("most", {}),)):
        n = info.max_players if count == "most" else info.min_players
        if (n, variants) not in out:
            out.append((n, variants))
    return out


def reach(
    app: Any,
    game: str | None,
    screen: str,
    seed: int = SEED,
    players: int | None = None,
    variants: dict[str, Any] | None = None,
) -> bool:
    """Put ``screen`` of ``game`` on ``app``'s stack; False when the game has
    no such screen (no deal summary, no claims, no hint)."""
    variants = variants or {}
    from tabletop.ui import flow, overlays

    if screen == "title":
        screenshot.show(app, "title")
        return True
    assert game is not None
    entry = screenshot._entry(game)
    kind = {"table": "game", "hint": "game"}.get(screen, screen)
    if screen == "claim":
        session = _claim_session(entry, seed, players, variants)
        if session is None:
            return False
        screenshot.show(app, "title")
        flow.start_game(app, entry, session.config, seed, session.seats, session=session)
        _frames(app, 2)
        return True
    if screen == "summary":
        try:
            screenshot.show(app, f"summary:{game}", seed=seed, players=players, variants=variants)
        except UsageError:
            return False
        _frames(app, 240)
        return isinstance(app.stack.top, overlays.SummaryScene)
    moves = MID_GAME if kind in ("game", "pause") else 0
    screenshot.show(
        app, f"{kind}:{game}", seed=seed, moves=moves, players=players, variants=variants
    )
    _frames(app, 2)
    if screen == "hint":
        try:
            screenshot.show_hint(app, f"game:{game}")
        except UsageError:
            return False
    if screen == "results":
        _frames(app, 600)
        return isinstance(app.stack.top, overlays.ResultsScene)
    return True


def _fresh(app: Any) -> None:
    """Forget every picture kept of the screens on the stack, so the next
    frame paints every text again (and the audit sees each cut)."""
    from tabletop.ui import widgets
    from tabletop.ui.gamescene import GameScene

    widgets._shortened.cache_clear()
    widgets._render.cache_clear()
    app.window_changes += 1
    for scene in app.stack:
        if isinstance(scene, GameScene):
            scene.panels.forget()
            scene._log_key = None


def audit_screen(app: Any, sizes: Iterable[tuple[int, int]]) -> dict[tuple[int, int], list[str]]:
    """The whole texts drawn shortened, with no way to read them whole, on
    the screen on ``app``'s stack at each size."""
    from tabletop.ui.widgets import CUTS

    found: dict[tuple[int, int], list[str]] = {}
    for size in sizes:
        CUTS.start_audit()
        try:
            app.resize(size, remember=False)
            _fresh(app)
            _frames(app, 3)
        finally:
            found[size] = CUTS.stop_audit()
    return found


def audit(
    games: Sequence[str] | None = None,
    screens: Sequence[str] = SCREENS,
    sizes: Sequence[tuple[int, int]] = SIZES,
    *,
    seed: int = SEED,
) -> list[str]:
    """One line per text cut with no way to read it whole: "SIZE SCREEN: text"."""
    from tabletop.games import REGISTRY

    names = list(games) if games is not None else sorted(REGISTRY)
    lines: list[str] = []
    plan: list[tuple[str | None, str, int | None, dict[str, Any]]] = []
    if "title" in screens:
        plan.append((None, "title", None, {}))
    for g in names:
        for s in screens:
            if s == "title":
                continue
            for n, variants in tables(REGISTRY[g]) if s in AT_TABLE else [(None, {})]:
                plan.append((g, s, n, variants))
    for game, screen, players, variants in plan:
        app = screenshot.make_app(FIRST_SIZE)
        try:
            app.update_settings(anim_speed=0.0)
            if not reach(app, game, screen, seed, players, variants):
                continue
            where = screen if game is None else f"{game} {screen}"
            if players is not None:
                extra = "".join(f" {k}={v}" for k, v in variants.items())
                where += f" ({players} players{extra})"
            for (w, h), texts in audit_screen(app, sizes).items():
                lines += [f"{w}x{h} {where}: {text!r}" for text in texts]
        finally:
            app.shutdown()
    return lines


def build_parser() -> argparse.ArgumentParser:
    p = OneLineParser(
        label="cut_text",
        prog="tools/cut_text.py",
        description="List every text drawn shortened with no way to read it whole "
        "(exit 1 when there is any).",
    )
    p.add_argument("--games", default="", metavar="G1,G2", help="games (default: all)")
    p.add_argument(
        "--screens",
        default=",".join(SCREENS),
        metavar="S1,S2",
        help=f"screens (default: all of {', '.join(SCREENS)})",
    )
    p.add_argument(
        "--sizes",
        default=",".join(f"{w}x{h}" for w, h in SIZES),
        metavar="WxH,...",
        help="window sizes (default: 960x600,1280x800,1920x1080)",
    )
    p.add_argument("--seed", type=int, default=SEED, help=f"the games' seed (default {SEED})")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    from tabletop.games import REGISTRY

    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        games = [g for g in args.games.split(",") if g] or None
        for g in games or ():
            if g not in REGISTRY:
                raise UsageError(f"unknown game {g!r} (games: {', '.join(sorted(REGISTRY))})")
        screens = [s for s in args.screens.split(",") if s]
        for s in screens:
            if s not in SCREENS:
                raise UsageError(f"unknown screen {s!r} (screens: {', '.join(SCREENS)})")
        sizes = [screenshot.parse_size(s) for s in args.sizes.split(",") if s]
    except UsageError as exc:
        print(f"cut_text: error: {exc}", file=sys.stderr)
        return 2
    lines = audit(games, screens, sizes, seed=args.seed)
    screenshot.pygame.quit()
    for line in lines:
        print(line)
    return 1 if lines else 0


if __name__ == "__main__":
    raise SystemExit(main())
