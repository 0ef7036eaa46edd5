"""What the Phantom Rummy tests read of the table: through its picture, where they can."""

from __future__ import annotations

from typing import Any

from tabletop.games.phantom_rummy.cards import Card
from tabletop.games.phantom_rummy.table import PhantomTable
from tabletop.games.phantom_rummy.table.goal import GoalPicture
from tabletop.games.phantom_rummy.table.picture import PhantomPicture
from tabletop.ui.gamescene import GameScene


def is_phantom(scene: Any) -> bool:
    """``scene`` is the frame holding Phantom Rummy's table."""
    return isinstance(scene, GameScene) and isinstance(scene.table, PhantomTable)


def table_of(scene: GameScene) -> PhantomTable:
    assert isinstance(scene.table, PhantomTable)
    return scene.table


def picture_of(scene: GameScene) -> PhantomPicture:
    """The table's picture of the view on screen."""
    return table_of(scene).picture(scene.view)


def goal_cards(goal: GoalPicture) -> set[Card]:
    """Every card face the goal screen shows (a flip only once it has turned half way)."""
    cards = {c for laid in (*goal.hand, *goal.opened) for c in laid}
    return cards | {f.card for f in goal.flips if f.turned >= 0.5}


def shown_cards(picture: PhantomPicture) -> set[Card]:
    """Every card face the picture shows: the hand, the row, the seats' open
    sets and discards, the discard on offer, the cards in flight, the goal screen."""
    cards = {s.card for s in picture.hand} | {s.card for s in picture.row.cards}
    for seat in picture.seats:
        cards |= {c for laid in seat.sets for c in laid}
        cards |= {c for c, _ in seat.discards.cards}
    cards |= {c for laid in picture.mine_sets for c in laid}
    cards |= {c for c, _ in picture.mine_discards.cards}
    if picture.prompt.claim is not None:
        cards.add(picture.prompt.claim.card)
    cards |= {f.card for f in picture.flights}
    if picture.goal is not None:
        cards |= goal_cards(picture.goal)
    return cards
