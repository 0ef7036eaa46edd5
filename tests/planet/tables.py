"""What the Planet tests read of the table: through its picture, where they can."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.games.planet.table import PlanetTable
from tabletop.games.planet.table.cards import BoardRow, board_spots
from tabletop.games.planet.table.picture import PlanetPicture
from tabletop.ui.gamescene import GameScene


def is_planet(scene: Any) -> bool:
    """``scene`` is the frame holding Planet's table."""
    return isinstance(scene, GameScene) and isinstance(scene.table, PlanetTable)


def table_of(scene: GameScene) -> PlanetTable:
    assert isinstance(scene.table, PlanetTable)
    return scene.table


def picture_of(scene: GameScene) -> PlanetPicture:
    """The table's picture of the view on screen."""
    return table_of(scene).picture(scene.view)


def shown_planet(scene: GameScene) -> int:
    """The seat whose planet the picture shows large."""
    return picture_of(scene).big.seat


def small_seats(scene: GameScene) -> set[int]:
    """The seats whose planets the picture shows small."""
    return {planet.seat for planet in picture_of(scene).smalls}


def previewed(scene: GameScene) -> tuple[int, int, int] | None:
    """The (tile, face, rotation) the picture previews on the viewer's planet."""
    return picture_of(scene).words.preview


def tray_point(scene: GameScene, index: int) -> tuple[int, int]:
    """The middle of tray tile ``index`` as drawn."""
    spot = next(r for r, k in table_of(scene).tray_spots() if k == index)
    return spot.center


def board_rows(scene: GameScene) -> list[tuple[pygame.Rect, BoardRow]]:
    """Each face-up card's row on the animal board as painted, with where it is."""
    table = table_of(scene)
    return board_spots(scene.app.theme, table.shape.board, picture_of(scene).board)
