"""Planet's data: the one action, the animal board and the state (pure).

Action, :class:`Place`
    Put revealed tile ``tile`` (its number, 0-49) on free face ``face`` (0-11)
    of your planet, turned ``rotation`` fifths counter-clockwise (0-4,
    ``geometry.place``). It is the only move: the round's awards, the
    leftovers and the next round's reveal follow from the last placement of
    a round by themselves.

The animal board, :class:`Board`
    ``columns[r]`` holds the animal cards (numbers, 0-44) scored at the end of
    round ``r + 1``, in the order they are scored: the cards a tie carried
    over from the round before come first (they lie nearest the tile piles),
    then the round's own, row 1 first (ruling T3: rounds 3-5 one card, 6-9
    two, 10-12 three). ``hidden`` is the face-down cards of the secret-animals
    variant in the order they will be turned (ruling T6); a view shows a
    hidden card as -1 and ``hidden`` empty. ``discarded`` the cards nobody
    won (round 12), in order.

Game state, :class:`PlanetState`
    ``players`` (2-4); ``beginner`` and ``secret`` (the variants); ``seed``
    (None in a view); ``round`` (1-12; 13 once the game is over); ``start``
    (the seat with the start token this round; it passes left each round,
    ruling T4); ``taken`` (how many seats have placed this round: the seat to
    move is ``(start + taken) % players``); ``revealed`` (the round's face-up
    tiles still to take); ``piles`` (piles 1-12, each a tuple of tile numbers,
    the top first; a view shows each pile's tiles as -1, so only their count);
    ``planets`` (per seat, a string of 60 terrain letters, cell ``5*f + e``,
    ``.`` for a cell of a face still free, ``tiles.EMPTY``); ``placed`` (per
    seat, per face, the (tile, rotation) put there or None); ``habitats``
    (per seat, its Natural Habitat card's terrain; None in the beginner
    variant, and None in a view for every seat but the viewer's);
    ``animals`` (per seat, the animal cards won, in the order won); ``board``;
    ``seen`` (every tile that has been face up, in the order turned: public);
    ``pool`` (the leftovers of rounds 1-10 not yet turned up again in pile 11
    or 12: everyone saw them, nobody knows which pile each went to or whether
    it left the game); ``removed`` (how many leftover tiles left the game);
    ``viewer`` (the seat a view was made for, else None).
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core import shapes
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS
from tabletop.games.planet.tiles import ANIMALS, TILES

#: rounds in a game, and tiles in a pile
ROUNDS = 12
PILE = 5
#: piles 1-10 are dealt at setup; 11 and 12 are filled with leftovers (T4)
DEALT_PILES = 10
#: animal cards laid out per round (ruling T3), rounds 1-12
LAYOUT = (0, 0, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3)
#: a card the view does not show (a face-down animal or pile tile)
UNKNOWN = -1


@dataclass(frozen=True)
class Place:
    """Put revealed tile ``tile`` on free face ``face``, turned ``rotation``."""

    tile: int
    face: int
    rotation: int

    def malformed(self) -> str | None:
        return (
            shapes.whole(self.tile, "tile number", 0, len(TILES) - 1)
            or shapes.whole(self.face, "face number", 0, FACE_COUNT - 1)
            or shapes.whole(self.rotation, "rotation", 0, SLOTS - 1)
        )

    def __str__(self) -> str:
        return f"place {self.tile} face={self.face} turn={self.rotation}"


PlanetAction = Place


@dataclass(frozen=True)
class Board:
    """The animal cards by the round they are scored in (module docstring)."""

    columns: tuple[tuple[int, ...], ...]
    hidden: tuple[int, ...] = ()
    discarded: tuple[int, ...] = ()

    def column(self, round_: int) -> tuple[int, ...]:
        """The cards scored at the end of round ``round_`` (1-12)."""
        return self.columns[round_ - 1]


@dataclass(frozen=True)
class PlanetState:
    """One game; every field is explained in the module docstring."""

    players: int
    beginner: bool
    secret: bool
    seed: int | None
    round: int
    start: int
    taken: int
    revealed: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    planets: tuple[str, ...]
    placed: tuple[tuple[tuple[int, int] | None, ...], ...]
    habitats: tuple[str | None, ...]
    animals: tuple[tuple[int, ...], ...]
    board: Board
    seen: tuple[int, ...] = ()
    pool: tuple[int, ...] = ()
    removed: int = 0
    viewer: int | None = None

    @property
    def over(self) -> bool:
        return self.round > ROUNDS

    @property
    def turn(self) -> int | None:
        """The seat to place now, or None once the game is over."""
        if self.over:
            return None
        return (self.start + self.taken) % self.players

    def free_faces(self, seat: int) -> tuple[int, ...]:
        return tuple(f for f, p in enumerate(self.placed[seat]) if p is None)


def animal_name(index: int) -> str:
    return ANIMALS[index].name if index != UNKNOWN else "a face-down animal"


__all__ = [
    "Board",
    "DEALT_PILES",
    "LAYOUT",
    "PILE",
    "Place",
    "PlanetAction",
    "PlanetState",
    "ROUNDS",
    "UNKNOWN",
    "animal_name",
]
