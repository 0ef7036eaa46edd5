"""The registry: the games this build offers, name -> GameEntry.

Each game's entry is written in its own package (``ENTRY`` in its
``__init__.py``); this module only lists them. The app hands the registry to
the menus and passes each session its entry; nothing under ``tabletop.core``
or ``tabletop.ui`` looks a game up here. A name it does not hold is a
KeyError naming those it does (:class:`tabletop.core.game.Registry`).

Importing the registry imports each game's info and nothing more: an entry
imports its game's rules, bots and table when one of them is first read
(:meth:`tabletop.core.game.GameEntry.load`), or when a worker warms the
games while the title shows, so start-up pays for no game.
"""

from __future__ import annotations

from tabletop.core.game import Registry
from tabletop.games import etuc, phantom_rummy, planepita, planet, uchronicle

REGISTRY = Registry.of(
    planepita.ENTRY,
    etuc.ENTRY,
    uchronicle.ENTRY,
    phantom_rummy.ENTRY,
    planet.ENTRY,
)
