"""Planet (Urtis Šulinskas, 2018): each player builds a dodecahedron planet
from pentagonal continent tiles and competes for animal cards.

``geometry.py`` (the solid, its 60 cells, the rotation convention, the flat
net), ``tiles.py`` (terrains, tiles, animals, habitat cards, from the data
files beside it), ``regions.py`` (a planet's cells as a value, its regions
and the animal conditions), ``model.py`` and ``rules.py`` (the rules:
``RULES``, ``sample_action``, ``determinize``) are pure; ``bot.py`` holds the
bots and ``table/`` the table. This module holds the game's entry, which
the registry in ``tabletop/games/__init__.py`` lists.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.planet import bot
from tabletop.games.planet.rules import RULES, determinize, sample_action

ENTRY = GameEntry.of(
    RULES,
    bot,
    sample_action=sample_action,
    determinize=determinize,
    scene="tabletop.games.planet.table:scene",
    icon="tabletop.games.planet.table:draw_icon",
)
