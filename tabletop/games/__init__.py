"""The explicit registry: game name -> :class:`GameEntry`.

Each game adds one entry below. Scenes are imported lazily (``scene`` is a
``"module:attr"`` path), so tools, tests and bots use every game without
pygame. Tests may add entries of their own with :func:`register`; those never
ship, because nothing under ``tabletop`` registers them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tabletop.core.bots import LEVELS, Bot
from tabletop.core.game import GameConfig, GameInfo, Rules

if TYPE_CHECKING:
    from random import Random



@dataclass(frozen=True)
class GameEntry:
    """Everything the program needs to know about one game (DESIGN.md)."""

    info: GameInfo
    rules: Rules[Any, Any]
    #: default_config(players, **variants) -> GameConfig
    default_config: Callable[..., GameConfig]
    #: sample_action(state, rng) -> any legal action, continuous ones included
    sample_action: Callable[[Any, Random], Any]
    #: make_bot(level, seat, seed) -> Bot, level in LEVELS
    make_bot: Callable[[str, int, int], Bot]
    #: "package.module:factory"; factory(app, session) -> a ui Scene
    scene: str
    #: "package.module:function"; function(surface, rect, theme) draws the
    #: title screen's picture of the game (imported lazily, like the scene)
    icon: str = ""
    #: determinize(view, seat, rng) -> a full state consistent with what
    #: ``seat`` knows, ``view`` being its view: written from what the seat
    #: knows, with everything it cannot know dealt afresh (never copied from
    #: the view), so the harness can check that a view leaks nothing. The
    #: ISMCTS bots search over it. Every game with hidden information has one.
    determinize: Callable[[Any, int, Random], Any] | None = None

    @property
    def name(self) -> str:
        return self.info.name

    def make_scene(self, *args: Any, **kwargs: Any) -> Any:
        """Import the scene module (pygame) only now, and build the scene."""
        module, _, attr = self.scene.partition(":")
        return getattr(importlib.import_module(module), attr)(*args, **kwargs)

    def rules_text(self) -> str:
        """The in-app rules page, read through importlib.resources."""
        from importlib import resources

        package = type(self.rules).__module__.rpartition(".")[0]
        try:
            return (resources.files(package) / self.info.rules_page).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            return f"{self.info.title}\n\n{self.info.blurb}"


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


def shipped() -> list[GameEntry]:
    """The games the title menu offers, in registry order."""
    return list(REGISTRY.values())


def default_config(name: str, players: int, **variants: Any) -> GameConfig:
    return get(name).default_config(players, **variants)


def sample_action(name: str, state: Any, rng: Random) -> Any:
    return get(name).sample_action(state, rng)


def make_bot(name: str, level: str, seat: int, seed: int) -> Bot:
    if level not in LEVELS:
        raise ValueError(f"unknown bot level {level!r} (levels: {', '.join(LEVELS)})")
    return get(name).make_bot(level, seat, seed)


def make_scene(name: str, *args: Any, **kwargs: Any) -> Any:
    return get(name).make_scene(*args, **kwargs)


# -- the games ---------------------------------------------------------------------

from tabletop.games import etuc as _etuc  # noqa: E402
from tabletop.games import planepita as _planepita  # noqa: E402

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
    )
)

register(
    GameEntry(
        info=_etuc.RULES.info,
        rules=_etuc.RULES,
        default_config=_etuc.default_config,
        sample_action=_etuc.sample_action,
        make_bot=_etuc.make_bot,
        scene="tabletop.games.etuc.scene:EtucScene",
        icon="tabletop.games.etuc.scene:draw_icon",
        determinize=_etuc.determinize,
    )
)
