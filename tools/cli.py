"""The command-line habit every tool shares: a bad command line is one line on
stderr ("NAME: error: ...") and exit status 2, never a usage dump or a
traceback. (``tabletop/app.py`` keeps its own, since the package cannot import
``tools``.)"""

from __future__ import annotations

import argparse
import sys
from typing import Any, NoReturn


class OneLineParser(argparse.ArgumentParser):
    """``argparse`` that reports a bad command line in one line and exits 2."""

    def __init__(self, *args: Any, label: str, **kwargs: Any) -> None:
        self.label = label
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        print(f"{self.label}: error: {message}", file=sys.stderr)
        raise SystemExit(2)


class UsageError(Exception):
    """A bad command-line value: one line on stderr, exit status 2."""


def register(spec: str) -> Any:
    """Import ``module:ATTR`` (a GameEntry) and add it to the registry (a test
    game); UsageError (one line) when it is not one. Registering again is
    harmless. Saves of a test game must revive its own data types, so its
    package joins the codec's allowed prefixes."""
    import importlib

    from tabletop import games
    from tabletop.core import codec
    from tabletop.core.game import GameEntry

    module, sep, attr = spec.partition(":")
    if not sep or not module or not attr:
        raise UsageError(f"--register needs module:ATTR, not {spec!r}")
    try:
        entry = getattr(importlib.import_module(module), attr)
    except ImportError as exc:
        raise UsageError(f"--register {spec}: cannot import {module} ({exc})") from None
    except AttributeError:
        raise UsageError(f"--register {spec}: {module} has no {attr}") from None
    if not isinstance(entry, GameEntry):
        raise UsageError(f"--register {spec}: {type(entry).__name__} is not a GameEntry")
    prefix = module.split(".")[0] + "."
    if prefix != "tabletop." and prefix not in codec.ALLOWED_PREFIXES:
        codec.ALLOWED_PREFIXES.append(prefix)
    games.REGISTRY[entry.name] = entry
    return entry


def check_counts(games: int, jobs: int, seed: int) -> None:
    """UsageError for a bad --games, --jobs or --seed."""
    if games < 1:
        raise UsageError(f"--games must be at least 1, not {games}")
    if jobs < 1:
        raise UsageError(f"--jobs must be at least 1, not {jobs}")
    from tabletop.core import rng

    if not 0 <= seed <= rng.MAX_SEED:
        raise UsageError(f"--seed must be between 0 and {rng.MAX_SEED}")


def add_register(parser: argparse.ArgumentParser, first: str = "first") -> None:
    """The ``--register module:ATTR`` option (repeatable), which :func:`register`
    reads: an extra GameEntry, registered ``first`` (the help's words)."""
    parser.add_argument(
        "--register",
        action="append",
        default=[],
        metavar="module:ATTR",
        help=f"register an extra GameEntry {first}, e.g. tests.nimgame:ENTRY (repeatable)",
    )
