"""What the etuC tests read of the table: through its picture, where they can."""

from __future__ import annotations

from typing import Any

from tabletop.games.etuc.rules import Card
from tabletop.games.etuc.table import EtucTable
from tabletop.games.etuc.table.picture import Line
from tabletop.ui.cards import Look
from tabletop.ui.gamescene import GameScene


def is_etuc(scene: Any) -> bool:
    """``scene`` is the frame holding Planet etuC's table."""
    return isinstance(scene, GameScene) and isinstance(scene.table, EtucTable)


def table_of(scene: GameScene) -> EtucTable:
    assert isinstance(scene.table, EtucTable)
    return scene.table


def look_of(scene: GameScene, card: Card) -> Look:
    """How ``card`` of the viewer's hand looks in the table's picture."""
    looks = {spot.card: spot.look for spot in table_of(scene).picture(scene.view).hand}
    return looks[card]


def line_of(line: Line) -> tuple[str, tuple[int, ...]]:
    return line.text, line.colour
