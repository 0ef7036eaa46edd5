"""Planet etuC: a climbing card game for 2 or 3 players.

``rules.py`` holds the rules (``RULES``, ``sample_action``, ``determinize``),
``bot.py`` the bots and ``table/`` the table; this module holds the game's
entry, which the registry in ``tabletop/games/__init__.py`` lists.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.etuc import bot
from tabletop.games.etuc.rules import RULES, determinize, sample_action

ENTRY = GameEntry.of(
    RULES,
    bot,
    sample_action=sample_action,
    determinize=determinize,
    scene="tabletop.games.etuc.table:scene",
    icon="tabletop.games.etuc.table:draw_icon",
)
