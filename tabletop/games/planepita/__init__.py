"""Planepita: alien discs flicked onto a round planet board.

``params.py`` (physics.toml), ``board.py`` (the geometry), ``model.py``,
``aim.py``, ``physics.py`` (the shot simulator), ``rules.py`` (the rules:
``RULES``, ``sample_action``, ``determinize``, ``user_config``) and
``playback.py`` (what an animation shows at each moment) are pure; ``bot.py``
holds the bots and ``table/`` the table (``PlanepitaTable``, on the table
contract).
``info.py`` holds the game's info (what the title and the setup screen
read); this module holds the game's entry, which the registry in
``tabletop/games/__init__.py`` lists: the info, and the rest named as
``"module:attr"`` paths, imported when the game is first used. Importing
this package imports nothing else of the game.
"""

from __future__ import annotations

from tabletop.core.game import GameEntry
from tabletop.games.planepita.info import INFO

ENTRY = GameEntry.lazy(
    INFO,
    rules="tabletop.games.planepita.rules:RULES",
    bots="tabletop.games.planepita.bot",
    sample_action="tabletop.games.planepita.rules:sample_action",
    determinize="tabletop.games.planepita.rules:determinize",
    user_config="tabletop.games.planepita.rules:user_config",
    scene="tabletop.games.planepita.table:scene",
    icon="tabletop.games.planepita.table:draw_icon",
)

#: ``RULES``, ``sample_action``, ``determinize``..., which this package offered
#: when it imported its rules, read from the entry on first use
__getattr__ = ENTRY.exports()
