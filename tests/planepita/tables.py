"""What the Planepita tests read of the table: through its picture, where they can."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.games.planepita.aim import AimPrediction
from tabletop.games.planepita.model import PlanepitaState
from tabletop.games.planepita.playback import Moment
from tabletop.games.planepita.table import PlanepitaTable
from tabletop.games.planepita.table.layout import prompt_lines, prompt_width
from tabletop.games.planepita.table.picture import (
    Aim,
    Hole,
    Panel,
    PlanepitaPicture,
    aim_of,
    hint_words,
    names_of,
    prompt_of,
)
from tabletop.ui.gamescene import GameScene


def is_planepita(scene: Any) -> bool:
    """``scene`` is the frame holding Planepita's table."""
    return isinstance(scene, GameScene) and isinstance(scene.table, PlanepitaTable)


def table_of(scene: Any) -> PlanepitaTable:
    assert isinstance(scene, GameScene) and isinstance(scene.table, PlanepitaTable)
    return scene.table


def picture_of(scene: Any) -> PlanepitaPicture:
    """The table's picture of the view on screen."""
    return table_of(scene).picture(scene.view)


def moment_of(scene: Any) -> Moment:
    """The board the picture shows at this moment (an animation's, a replay's)."""
    return picture_of(scene).moment


def aim(scene: Any) -> Aim | None:
    """The aim the picture draws from the active pad, with its meter."""
    return picture_of(scene).aim


def aim_drawn(scene: Any) -> str:
    """The aim assist level the aim is drawn with ("" for no aim)."""
    shown = aim(scene)
    return shown.assist if shown is not None else ""


def aim_prediction(scene: Any) -> AimPrediction | None:
    """Where the aim line says the disc stops (full aim assist only)."""
    shown = aim(scene)
    return shown.prediction if shown is not None and shown.tip is not None else None


def aim_tip(scene: Any) -> tuple[float, float] | None:
    """Where the aim line ends, mm (full aim assist only)."""
    shown = aim(scene)
    return shown.tip if shown is not None else None


def meter_rect(scene: Any) -> pygame.Rect:
    """Where the power meter is drawn (an empty rect with no aim)."""
    shown = aim(scene)
    return shown.meter.box if shown is not None else pygame.Rect(0, 0, 0, 0)


def current_aim(scene: Any) -> tuple[float, float] | None:
    """(angle, speed) of the pull or swipe in progress."""
    table = table_of(scene)
    return aim_of(table.local, table.state, table.geo, table.board)


def ghost_label_rect(scene: Any) -> pygame.Rect | None:
    """Where the jammer's ghost's label goes, while it shows."""
    ghost = picture_of(scene).ghost
    return ghost.label_box if ghost is not None else None


def panel(scene: Any) -> Panel:
    return picture_of(scene).panel


def power_heading(scene: Any) -> str:
    """The heading of the area count in the decision box ("" when it does not show)."""
    power = panel(scene).power
    return power.heading if power is not None else ""


def power_rect(scene: Any) -> pygame.Rect:
    power = panel(scene).power
    return power.rect if power is not None else pygame.Rect(0, 0, 0, 0)


def hole(scene: Any) -> Hole:
    """The black hole in the panel, with its lost discs."""
    shown = panel(scene).hole
    assert shown is not None
    return shown


def hole_discs(scene: Any) -> list[tuple[int, int, int]]:
    """The lost discs drawn in the black hole: x, y, radius (px)."""
    shown = hole(scene)
    return [(x, y, shown.dr) for x, y in shown.spots]


def replay_timeline(scene: Any) -> pygame.Rect:
    """Where the instant replay's timeline is drawn."""
    bar = picture_of(scene).replay
    assert bar is not None
    return bar.bar


def hint(scene: Any, state: PlanepitaState) -> str:
    """The panel's line under the prompt for ``state``."""
    return hint_words(table_of(scene), state)


def prompt(scene: Any, state: PlanepitaState) -> str:
    """What the player to move in ``state`` is asked."""
    return prompt_of(state, names_of(table_of(scene).frame))


def prompt_text_lines(scene: Any, text: str) -> list[str]:
    """``text`` as the head box breaks it into lines."""
    table = table_of(scene)
    t = scene.app.theme
    return prompt_lines(t, text, prompt_width(t, table.shape.head))
