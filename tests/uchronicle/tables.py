"""What the Uchronicle tests read of the table: through its picture, where they can."""

from __future__ import annotations

from typing import Any

from tabletop.games.uchronicle.model import Card
from tabletop.games.uchronicle.table import UchronicleTable
from tabletop.games.uchronicle.table.picture import UchroniclePicture
from tabletop.ui.cards import Look
from tabletop.ui.gamescene import GameScene


def is_uchronicle(scene: Any) -> bool:
    """``scene`` is the frame holding Uchronicle's table."""
    return isinstance(scene, GameScene) and isinstance(scene.table, UchronicleTable)


def table_of(scene: GameScene) -> UchronicleTable:
    assert isinstance(scene.table, UchronicleTable)
    return scene.table


def picture_of(scene: GameScene) -> UchroniclePicture:
    """The table's picture of the position on screen."""
    return table_of(scene).picture(scene.view)


def look_of(scene: GameScene, card: Card) -> Look:
    """How ``card`` of the viewer's hand looks in the table's picture."""
    looks = {spot.card: spot.look for spot in picture_of(scene).hand}
    return looks[card]
