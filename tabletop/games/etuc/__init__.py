"""Planet etuC: a climbing card game for 2 or 3 players.

``rules.py`` holds the rules (``RULES``, ``sample_action``, ``determinize``),
``bot.py`` the bots and ``table/`` the table.
``info.py`` holds the game's info (what the title and the setup screen
read); this module holds the game's entry, which the registry in
``tabletop/games/__init__.py`` lists: the info, and the rest named as
``"module:attr"`` paths, imported when the game is first used. Importing
this package imports nothing else of the game.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.etuc.info import INFO

ENTRY = GameEntry.lazy(
    INFO,
    rules="tabletop.games.etuc.rules:RULES",
    bots="tabletop.games.etuc.bot",
    sample_action="tabletop.games.etuc.rules:sample_action",
    determinize="tabletop.games.etuc.rules:determinize",
    scene="tabletop.games.etuc.table:scene",
    icon="tabletop.games.etuc.table:draw_icon",
)

#: ``RULES``, ``sample_action``, ``determinize``..., which this package offered
#: when it imported its rules, read from the entry on first use
__getattr__ = ENTRY.exports()
