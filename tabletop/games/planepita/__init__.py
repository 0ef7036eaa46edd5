"""Planepita: alien discs flicked onto a round planet board.

``params.py`` (physics.toml), ``board.py`` (the geometry), ``model.py``,
``aim.py``, ``physics.py`` (the shot simulator), ``rules.py`` (the rules:
``RULES``, ``sample_action``, ``determinize``, ``user_config``) and
``playback.py`` (what an animation shows at each moment) are pure; ``bot.py``
holds the bots and ``table/`` the table (``PlanepitaTable``, on the table
contract). This module holds the
game's entry, which the registry in ``tabletop/games/__init__.py`` lists.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.planepita import bot
from tabletop.games.planepita.rules import RULES, determinize, sample_action, user_config

ENTRY = GameEntry.of(
    RULES,
    bot,
    sample_action=sample_action,
    determinize=determinize,
    user_config=user_config,
    scene="tabletop.games.planepita.table:scene",
    icon="tabletop.games.planepita.table:draw_icon",
)
