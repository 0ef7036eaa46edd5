"""Planepita: alien discs flicked onto a round planet board.

``rules.py`` holds the rules (``RULES``), ``model.py`` the shared data,
``physics.py`` and ``board.py`` the shot simulator and the geometry,
``bot.py`` the bots (imported only when a bot is made) and ``scene.py`` the
table (imported by the registry only when a game is shown).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tabletop.games.planepita.rules import (
    RULES,
    default_config,
    determinize,
    sample_action,
    user_config,
)

if TYPE_CHECKING:
    from tabletop.core.bots import Bot

__all__ = [
    "RULES",
    "default_config",
    "determinize",
    "level_notes",
    "make_bot",
    "sample_action",
    "user_config",
]


def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    """A bot of ``level`` (easy, medium, hard) for ``seat``, from bot.py;
    ``timed=False`` keeps the simulation cap and drops the seconds."""
    from tabletop.games.planepita import bot

    return bot.make_bot(level, seat, seed, timed=timed)


def level_notes() -> dict[str, str]:
    """Each bot level in words, its plan and its hand's spread (bot.py)."""
    from tabletop.games.planepita import bot

    return bot.level_notes()
