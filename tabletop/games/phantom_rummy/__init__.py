"""Phantom Rummy (Gen'ei Kitan): a mahjong-like card game for 2-4 players.

``cards.py`` (the deck, from ``deck.toml``), ``hands.py`` (goal hands and the
distance to one), ``model.py`` and ``rules.py`` (the rules: ``RULES``,
``sample_action``, ``determinize``) are pure; ``bot.py`` holds the bots and
``table/`` the table.
``info.py`` holds the game's info (what the title and the setup screen
read); this module holds the game's entry, which the registry in
``tabletop/games/__init__.py`` lists: the info, and the rest named as
``"module:attr"`` paths, imported when the game is first used. Importing
this package imports nothing else of the game.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.phantom_rummy.info import INFO

ENTRY = GameEntry.lazy(
    INFO,
    rules="tabletop.games.phantom_rummy.rules:RULES",
    bots="tabletop.games.phantom_rummy.bot",
    sample_action="tabletop.games.phantom_rummy.rules:sample_action",
    determinize="tabletop.games.phantom_rummy.rules:determinize",
    prepare="tabletop.games.phantom_rummy.hands:prepare",
    scene="tabletop.games.phantom_rummy.table:scene",
    icon="tabletop.games.phantom_rummy.table:draw_icon",
)

#: ``RULES``, ``sample_action``, ``determinize``..., which this package offered
#: when it imported its rules, read from the entry on first use
__getattr__ = ENTRY.exports()
