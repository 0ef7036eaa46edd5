"""Planet (Urtis Šulinskas, 2018): each player builds a dodecahedron planet from
pentagonal continent tiles and competes for animal cards.

``geometry.py`` (the solid, its 60 cells, the rotation convention, the flat
net), ``tiles.py`` (terrains, tiles, animals, habitat cards, from the data
files beside it), ``regions.py`` (a planet's cells as a value, its regions
and the animal conditions), ``model.py``, ``rules.py`` and ``bot.py`` are
pure; ``scene.py`` and ``scene_planet.py`` draw it. This module holds the
entry's pure helpers; the registry entry is in ``tabletop/games/__init__.py``.
"""

from __future__ import annotations

from random import Random
from typing import Any

from tabletop.core.game import GameConfig
from tabletop.games.planet.model import Place, PlanetState
from tabletop.games.planet.rules import PlanetRules, determinize

__all__ = ["RULES", "default_config", "determinize", "sample_action"]

RULES = PlanetRules()


def default_config(players: int, **variants: Any) -> GameConfig:
    """A config for ``players`` players; the variants are ``beginner`` and ``secret``."""
    return RULES.info.config(players, **variants)


def sample_action(state: PlanetState, rng: Random) -> Place:
    """A random legal placement (for playouts, the harness and the bench)."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]
