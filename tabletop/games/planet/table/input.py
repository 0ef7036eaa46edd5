"""Planet's gestures: a drag on a planet turns it (a flick keeps it
spinning), the arrows turn the large one when no tile is being aimed; on
your turn a tile is picked in the tray (click, or ←/→), turned with R or the
wheel, and placed with a click on a free face of your planet, by dragging
it there, or with ↑/↓ over the free faces and Enter. A tile held near the
planet's rim turns the planet that way, so a face on the back comes round.
A click (not a drag) on a small planet shows it large; a click on the large
one (or Escape) brings yours back. M, or the button, toggles the flat map.

A placement becomes the rules' ``Place`` for the frame to play, which the
session checks; nothing here decides what is legal.
"""

from __future__ import annotations

import math
from typing import Any, Protocol

import pygame

from tabletop.games.planet.model import Place
from tabletop.games.planet.table.flatmap import FlatPlanetView
from tabletop.games.planet.table.globe import SolidPlanetView
from tabletop.games.planet.table.layout import Layout
from tabletop.games.planet.table.picture import Local
from tabletop.ui.table import TableFrame

#: a tile held this far out from the planet's centre (its radius is 1), but
#: no further than EDGE_END, for EDGE_DWELL seconds turns the planet that way,
#: at up to EDGE_SPEED radians a second at the rim (a drag up from the tray
#: crosses the rim too quickly to turn it). Neighbouring faces are 1.11
#: radians apart, so at the rim a face comes round in about 1.6 s: slow
#: enough to stop on the one wanted (1.8 brought one every 0.6 s, and
#: faster where the band's ramp was steep)
EDGE_START = 0.72
EDGE_END = 1.2
EDGE_DWELL = 0.3
EDGE_SPEED = 0.7

ARROWS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)


class Gestures(Protocol):
    """What the gestures use of the table."""

    frame: TableFrame
    local: Local
    solids: dict[int, SolidPlanetView]

    @property
    def shape(self) -> Layout: ...

    @property
    def big(self) -> SolidPlanetView | FlatPlanetView: ...

    @property
    def shown_planet(self) -> int: ...

    @property
    def tiles(self) -> tuple[int, ...]: ...

    @property
    def placing(self) -> bool: ...

    def turning_views(self) -> list[SolidPlanetView]: ...

    def free_faces(self) -> tuple[int, ...]: ...

    def tray_spots(self) -> list[tuple[pygame.Rect, int]]: ...

    def toggle_flat(self) -> None: ...

    def show(self, seat: int) -> None: ...

    def rotate(self, step: int) -> None: ...

    def place(self, face: int, tile_index: int | None = None) -> Place | None: ...


def handle(table: Gestures, event: pygame.event.Event) -> Any:
    """A placement for the frame to play, True when the event was a gesture
    of the table's own, False when it was not the table's."""
    local = table.local
    if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
        turned = False
        for view in table.turning_views():  # a press is never taken: each sees it
            turned = view.handle(event) or turned
        if turned:  # a drag turned a planet (or ended turning it): no click
            local.pressed = None
            local.hover_face = None
            return True
    if event.type == pygame.MOUSEMOTION:
        local.keys_shown = False
        local.drag_pos = local.pointer = event.pos
        held = getattr(event, "buttons", None)
        if local.drag is not None and held is not None and not held[0]:
            local.drag = None  # the button came up where this table never heard it
        local.hover_face = (
            table.big.face_at(event.pos) if table.shown_planet == table.frame.viewer else None
        )
        return False
    if (
        event.type == pygame.KEYDOWN
        and event.key == pygame.K_m
        and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
    ):
        table.toggle_flat()
        return True
    if (
        event.type == pygame.KEYDOWN
        and not (table.frame.my_turn and table.tiles)
        and not local.flat
        and event.key in ARROWS
    ):
        # no tile aimed: the arrows turn the planet
        return table.solids[table.shown_planet].handle(event)
    if event.type == pygame.MOUSEWHEEL:
        table.rotate(1 if event.y > 0 else -1)
        return True
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        return _press(table, event.pos)
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        return _release(table, event.pos)
    if event.type == pygame.KEYDOWN:
        return _key(table, event.key)
    return False


def _press(table: Gestures, pos: tuple[int, int]) -> bool:
    local = table.local
    local.pressed = None
    if table.shape.flat_button.collidepoint(pos):
        table.toggle_flat()
        return True
    for seat, box in table.shape.small.items():
        if box.collidepoint(pos):
            local.pressed = seat  # shown large on release, unless a drag turns it
            return True
    for spot, index in table.tray_spots():
        if spot.collidepoint(pos):
            if index != local.pick:
                local.rotation = 0
            local.pick = index
            local.drag = index
            _grabbed(local, table.tiles[index])
            return True
    if table.big.rect.collidepoint(pos):
        local.pressed = "big"  # a click on release, unless a drag turns it
        return True
    return False


def _grabbed(local: Local, tile: int) -> None:
    """Tile ``tile`` picked by hand (a press in the tray, ←/→): counted in a
    row, for a lesson's gesture step (``PlanetTable.lesson_value``)."""
    local.grabbed = (tile, local.grabbed[1] + 1 if local.grabbed[0] == tile else 1)


def _placed(table: Gestures, face: int, tile_index: int | None = None) -> Any:
    """Face ``face`` of the viewer's planet chosen: the placement there, or
    why not (it holds a tile already)."""
    if face not in table.free_faces():
        table.frame.refuse("That face already holds a tile.")
        return True
    action = table.place(face, tile_index)
    return action if action is not None else True


def _click_big(table: Gestures, pos: tuple[int, int]) -> Any:
    viewer = table.frame.viewer
    if table.shown_planet != viewer:
        table.show(viewer)
        return True
    face = table.big.face_at(pos)
    if face is not None and table.frame.my_turn:
        return _placed(table, face)
    return False


def _release(table: Gestures, pos: tuple[int, int]) -> Any:
    local = table.local
    held, local.drag = local.drag, None
    pressed, local.pressed = local.pressed, None
    small = table.shape.small
    if held is None:
        if pressed == "big" and table.big.rect.collidepoint(pos):
            return _click_big(table, pos)
        if isinstance(pressed, int) and pressed in small and small[pressed].collidepoint(pos):
            table.show(pressed)
            return True
        return False
    # a drop lands only where the last frame's preview showed the tile, and
    # only with the pointer still on that face: else it goes back to the tray
    drop, local.drop = local.drop, None
    face = table.big.face_at(pos) if table.shown_planet == table.frame.viewer else None
    if face is None or not table.frame.my_turn:
        return True
    if face not in table.free_faces():
        return _placed(table, face, held)  # says why not
    if drop is None or drop.face != face:
        table.frame.refuse("Drop the tile where its preview shows: nothing was placed.")
        return True
    local.rotation = drop.rotation
    return table.place(drop.face, held) or True


def _key(table: Gestures, key: int) -> Any:
    local = table.local
    frame = table.frame
    tiles = table.tiles
    if key == pygame.K_r:
        table.rotate(1)
        return True
    if key in (pygame.K_LEFT, pygame.K_RIGHT) and tiles:
        local.keys_shown = True
        local.pick = (local.pick + (1 if key == pygame.K_RIGHT else -1)) % len(tiles)
        local.rotation = 0
        _grabbed(local, tiles[local.pick])
        return True
    if key in (pygame.K_UP, pygame.K_DOWN):
        free = table.free_faces()
        if not free:
            return False
        table.show(frame.viewer)
        local.keys_shown = True
        if local.key_face not in free:
            local.key_face = free[0]
        else:
            step = 1 if key == pygame.K_DOWN else -1
            local.key_face = free[(free.index(local.key_face) + step) % len(free)]
        if not local.flat:
            table.solids[frame.viewer].turn_to_face(local.key_face)
        return True
    if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
        if not frame.my_turn:
            return False
        free = table.free_faces()
        face = local.key_face if local.key_face in free else None
        if face is None:
            frame.refuse("Choose a face first: ↑/↓ move over the free faces.")
            return True
        table.show(frame.viewer)
        action = table.place(face)
        return action if action is not None else True
    return False


def edge_turn(table: Gestures, dt: float) -> bool:
    """A tile held near the rim of your planet turns the planet that way,
    after a moment there, the faster the further out (up to
    :data:`EDGE_SPEED`), on your turn only, so a face on the back comes
    round without letting go of the tile. True when it turned."""
    local = table.local
    pointer = local.pointer
    if local.drag is None or local.flat or pointer is None or not table.placing:
        local.rim_held = 0.0
        return False
    solid = table.solids[table.frame.viewer]
    proj = solid.view.project()
    r = max(1.0, proj.radius)
    dx, dy = (pointer[0] - proj.centre[0]) / r, (pointer[1] - proj.centre[1]) / r
    out = math.hypot(dx, dy)
    if not EDGE_START <= out <= EDGE_END or not table.shape.planet.collidepoint(pointer):
        local.rim_held = 0.0
        return False
    local.rim_held += dt
    if local.rim_held < EDGE_DWELL:
        return False
    speed = EDGE_SPEED * min(1.0, (out - EDGE_START) / (1.0 - EDGE_START))
    # the side under the pointer comes to the front: about the axis across it
    solid.view.turn((-dy / out, -dx / out, 0.0), speed * dt)
    return speed * dt > 0


__all__ = ["EDGE_DWELL", "EDGE_END", "EDGE_SPEED", "EDGE_START", "Gestures", "edge_turn", "handle"]
