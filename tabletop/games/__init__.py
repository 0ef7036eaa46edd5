"""The explicit registry: game name -> :class:`tabletop.core.game.GameEntry`.

Each game adds one entry below. The app hands this registry to the menus and
passes each session its entry; nothing under ``tabletop.core`` or
``tabletop.ui`` looks a game up here. Scenes are imported lazily (``scene`` is a
``"module:attr"`` path), so tools, tests and bots use every game without
pygame. Tests may add entries of their own with :func:`register`; those never
ship, because nothing under ``tabletop`` registers them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tabletop.core.bots import LEVELS, Bot
from tabletop.core.game import GameConfig, GameEntry

if TYPE_CHECKING:
    from random import Random

REGISTRY: dict[str, GameEntry] = {}


def register(entry: GameEntry) -> GameEntry:
    REGISTRY[entry.name] = entry
    return entry


def get(name: str) -> GameEntry:
    """The entry for ``name``; KeyError with the known names otherwise."""
    try:
        return REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(REGISTRY)) or "none"
        raise KeyError(f"unknown game {name!r} (known games: {known})") from None


def default_config(name: str, players: int, **variants: Any) -> GameConfig:
    return get(name).default_config(players, **variants)


def sample_action(name: str, state: Any, rng: Random) -> Any:
    return get(name).sample_action(state, rng)


def make_bot(name: str, level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return get(name).make_bot(level, seat, seed, timed=timed)


def make_scene(name: str, *args: Any, **kwargs: Any) -> Any:
    return get(name).make_scene(*args, **kwargs)


# -- the games ---------------------------------------------------------------------

from tabletop.games import etuc as _etuc  # noqa: E402
from tabletop.games import phantom_rummy as _phantom  # noqa: E402
from tabletop.games import planepita as _planepita  # noqa: E402
from tabletop.games import planet as _planet  # noqa: E402
from tabletop.games import uchronicle as _uchronicle  # noqa: E402
from tabletop.games.phantom_rummy import bot as _phantom_bot  # noqa: E402
from tabletop.games.planet import bot as _planet_bot  # noqa: E402
from tabletop.games.uchronicle import bot as _uchronicle_bot  # noqa: E402

register(
    GameEntry(
        info=_planepita.RULES.info,
        rules=_planepita.RULES,
        default_config=_planepita.default_config,
        sample_action=_planepita.sample_action,
        make_bot=_planepita.make_bot,
        scene="tabletop.games.planepita.scene:PlanepitaScene",
        icon="tabletop.games.planepita.scene:draw_icon",
        determinize=_planepita.determinize,
        level_notes=_planepita.level_notes,
        user_config=_planepita.user_config,
    )
)

register(
    GameEntry(
        info=_etuc.RULES.info,
        rules=_etuc.RULES,
        default_config=_etuc.default_config,
        sample_action=_etuc.sample_action,
        make_bot=_etuc.make_bot,
        level_notes=_etuc.level_notes,
        scene="tabletop.games.etuc.scene:EtucScene",
        icon="tabletop.games.etuc.scene:draw_icon",
        determinize=_etuc.determinize,
    )
)

register(
    GameEntry(
        info=_uchronicle.RULES.info,
        rules=_uchronicle.RULES,
        default_config=_uchronicle.default_config,
        sample_action=_uchronicle.sample_action,
        make_bot=_uchronicle_bot.make_bot,
        level_notes=_uchronicle_bot.level_notes,
        scene="tabletop.games.uchronicle.scene:UchronicleScene",
        icon="tabletop.games.uchronicle.scene:draw_icon",
        determinize=_uchronicle.determinize,
    )
)

register(
    GameEntry(
        info=_phantom.RULES.info,
        rules=_phantom.RULES,
        default_config=_phantom.default_config,
        sample_action=_phantom.sample_action,
        make_bot=_phantom_bot.make_bot,
        level_notes=_phantom_bot.level_notes,
        scene="tabletop.games.phantom_rummy.scene:PhantomScene",
        icon="tabletop.games.phantom_rummy.scene:draw_icon",
        determinize=_phantom.determinize,
    )
)

register(
    GameEntry(
        info=_planet.RULES.info,
        rules=_planet.RULES,
        default_config=_planet.default_config,
        sample_action=_planet.sample_action,
        make_bot=_planet_bot.make_bot,
        level_notes=_planet_bot.level_notes,
        scene="tabletop.games.planet.scene:PlanetScene",
        icon="tabletop.games.planet.scene:draw_icon",
        determinize=_planet.determinize,
    )
)
