"""Planet (Urtis Šulinskas, 2018): each player builds a dodecahedron planet
from pentagonal continent tiles and competes for animal cards.

``geometry.py`` (the solid, its 60 cells, the rotation convention, the flat
net), ``tiles.py`` (terrains, tiles, animals, habitat cards, from the data
files beside it), ``regions.py`` (a planet's cells as a value, its regions
and the animal conditions), ``model.py`` and ``rules.py`` (the rules:
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
from tabletop.games.planet.info import INFO

ENTRY = GameEntry.lazy(
    INFO,
    rules="tabletop.games.planet.rules:RULES",
    bots="tabletop.games.planet.bot",
    sample_action="tabletop.games.planet.rules:sample_action",
    determinize="tabletop.games.planet.rules:determinize",
    scene="tabletop.games.planet.table:scene",
    icon="tabletop.games.planet.table:draw_icon",
)

#: ``RULES``, ``sample_action``, ``determinize``..., which this package offered
#: when it imported its rules, read from the entry on first use
__getattr__ = ENTRY.exports()
