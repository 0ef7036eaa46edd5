"""Uchronicle: trick-taking where every card played must win its trick, by
changing the rules if need be.

``model.py`` (cards, rules states, plays), ``solver.py`` (which rules states
make a card win, and the cheapest removal) and ``rules.py`` (the rules:
``RULES``, ``sample_action``, ``determinize``) are pure; ``bot.py`` holds the
bots and ``table/`` the table. This module holds the game's entry, which
the registry in ``tabletop/games/__init__.py`` lists.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.uchronicle import bot
from tabletop.games.uchronicle.rules import RULES, determinize, sample_action

ENTRY = GameEntry.of(
    RULES,
    bot,
    sample_action=sample_action,
    determinize=determinize,
    scene="tabletop.games.uchronicle.table:scene",
    icon="tabletop.games.uchronicle.table:draw_icon",
)
