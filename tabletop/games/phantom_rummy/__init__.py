"""Phantom Rummy (Gen'ei Kitan): a mahjong-like card game for 2-4 players.

``cards.py`` (the deck, from ``deck.toml``), ``hands.py`` (goal hands and the
distance to one), ``model.py`` and ``rules.py`` (the rules: ``RULES``,
``sample_action``, ``determinize``) are pure; ``bot.py`` holds the bots and
``table/`` the table. This module holds the game's entry, which the
registry in ``tabletop/games/__init__.py`` lists.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.phantom_rummy import bot
from tabletop.games.phantom_rummy.rules import RULES, determinize, sample_action

ENTRY = GameEntry.of(
    RULES,
    bot,
    sample_action=sample_action,
    determinize=determinize,
    scene="tabletop.games.phantom_rummy.table:scene",
    icon="tabletop.games.phantom_rummy.table:draw_icon",
)
