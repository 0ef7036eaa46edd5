"""Uchronicle: trick-taking where every card played must win its trick, by
changing the rules if need be.

``model.py`` (cards, rules states, plays), ``solver.py`` (which rules states
make a card win, and the cheapest removal) and ``rules.py`` (the rules:
``RULES``, ``sample_action``, ``determinize``) are pure; ``bot.py`` holds the
bots and ``table/`` the table.
``info.py`` holds the game's info (what the title and the setup screen
read); this module holds the game's entry, which the registry in
``tabletop/games/__init__.py`` lists: the info, and the rest named as
``"module:attr"`` paths, imported when the game is first used. Importing
this package imports nothing else of the game.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.uchronicle.info import INFO

ENTRY = GameEntry.lazy(
    INFO,
    rules="tabletop.games.uchronicle.rules:RULES",
    bots="tabletop.games.uchronicle.bot",
    sample_action="tabletop.games.uchronicle.rules:sample_action",
    determinize="tabletop.games.uchronicle.rules:determinize",
    scene="tabletop.games.uchronicle.table:scene",
    icon="tabletop.games.uchronicle.table:draw_icon",
)

#: ``RULES``, ``sample_action``, ``determinize``..., which this package offered
#: when it imported its rules, read from the entry on first use
__getattr__ = ENTRY.exports()
