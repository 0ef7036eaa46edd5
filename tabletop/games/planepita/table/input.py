"""Planepita's gestures: a gesture becomes one of the rules' actions for the
frame to play (which the session checks; nothing here decides what may be
played), or a gesture of the table's own.

Aiming (the active human, launch phase):

- press on your launch pad and drag: the pad follows the mouse along its
  stretch of the rim (its position 0..1);
- ``pull`` mode: press on the disc on the pad, pull back, release. The disc
  flies opposite the pull; the pull's length sets how far it would slide
  (``aim.pull_speed``), and the aim line ends where it would stop;
- ``swipe`` mode: press on the disc and swipe forward; the swipe's speed on
  the screen (its length in pixels over its duration on the table's clock,
  the sum of the ``dt`` it was given) sets how far the disc slides
  (``aim.swipe_speed``): a natural swipe, 200 px in 0.2 s, reaches the centre.
  A press held still before the swipe moves is not timed.

The release is the rules' ``Flick``; a click on the planet while the jammer
is to be placed is ``PlaceJammer``, and moving over it shows the jammer's
ghost with the rules' reason where it may not go. The buttons (Face down,
Face up: ``Flip``; Own disc, 3P disc, Double ×2: the next disc) are the
table's widgets.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame

from tabletop.games.planepita.board import Board
from tabletop.games.planepita.model import Flick, Flip, Phase, PlaceJammer
from tabletop.games.planepita.table.layout import Layout
from tabletop.games.planepita.table.picture import Drag, Local, aim_of, pad_pos
from tabletop.ui.table import TableFrame
from tabletop.ui.widgets import FocusGroup

#: a press held this long (s) within SWIPE_STILL_PX before the swipe moves is
#: not part of the swipe: it is timed from when the pointer moves
SWIPE_REST = 0.12
SWIPE_STILL_PX = 4


class Gestures(Protocol):
    """What :func:`handle` uses of the table."""

    frame: TableFrame
    local: Local
    shape: Layout
    board: Board
    group: FocusGroup | None

    def sync_buttons(self) -> None: ...

    def take_chosen(self) -> Flip | None: ...


def handle(table: Gestures, event: pygame.event.Event) -> Any:
    """An action for the frame to play, True when the event was a gesture
    of the table's own, False when it was not the table's."""
    table.sync_buttons()
    if table.group is not None and table.group.handle(event):
        return table.take_chosen() or True
    frame, local = table.frame, table.local
    geo = table.shape.geo
    st = frame.session.state
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
        if not frame.my_turn:
            return False
        if st.phase is Phase.LAUNCH:
            return press_launch(table, event.pos)
        if st.phase is Phase.PLACE_JAMMER and geo.planet_rect.collidepoint(event.pos):
            x, y = geo.to_mm(*event.pos)
            local.ghost = None
            return PlaceJammer(round(x, 1), round(y, 1))
        return False
    if event.type == pygame.MOUSEMOTION:
        if local.drag is not None:
            move_drag(table, event.pos)
            return True
        if frame.my_turn and st.phase is Phase.PLACE_JAMMER:
            hover_jammer(table, event.pos)
        return False
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and local.drag is not None:
        move_drag(table, event.pos)
        return release(table) or True
    return False


def press_launch(table: Gestures, pos: tuple[int, int]) -> bool:
    """A press on the disc starts a pull (or a swipe), on the pad a pad drag."""
    frame, local, geo = table.frame, table.local, table.shape.geo
    seat = frame.session.to_move()
    if seat is None:
        return False
    pose = geo.pose(seat, pad_pos(local, frame.session.state, seat))
    if geo.on_disc(pose, *pos):
        kind = "swipe" if frame.setting("flick_mode") == "swipe" else "pull"
        local.drag = Drag(kind, seat, pos, pos, local.clock, local.clock)
        return True
    if geo.on_pad(pose, *pos):
        local.drag = Drag("pad", seat, pos, pos, local.clock, local.clock)
        return True
    return False


def move_drag(table: Gestures, pos: tuple[int, int]) -> None:
    local = table.local
    d = local.drag
    if d is None:
        return
    still = abs(d.now_px[0] - d.start_px[0]) + abs(d.now_px[1] - d.start_px[1]) <= SWIPE_STILL_PX
    if d.kind == "swipe" and still and local.clock - d.moved > SWIPE_REST:
        # pressed, then held still: the swipe is timed from the last frame
        # the pointer was seen still
        d.start_px, d.started = d.now_px, local.clock - local.last_dt
    d.now_px = pos
    d.moved = local.clock
    if d.kind == "pad":
        local.pad_override[d.seat] = round(table.shape.geo.pad_position_at(d.seat, *pos), 4)


def release(table: Gestures) -> Flick | None:
    """The pull or swipe let go: the rules' Flick (None after a pad drag)."""
    local = table.local
    state = table.frame.session.state
    d, aim = local.drag, aim_of(local, state, table.shape.geo, table.board)
    local.drag = None
    if d is None or aim is None:
        return None
    angle, speed = aim
    return Flick(
        pad=round(pad_pos(local, state, d.seat), 4),
        angle=round(angle, 1),
        speed=round(speed),
        third_party=local.use_3p,
        double=local.use_double,
    )


def hover_jammer(table: Gestures, pos: tuple[int, int]) -> None:
    """The jammer's ghost under the mouse, with the rules' reason where it may not go."""
    local, geo = table.local, table.shape.geo
    if not geo.planet_rect.inflate(geo.length(60), geo.length(60)).collidepoint(pos):
        local.ghost = None
        return
    x, y = geo.to_mm(*pos)
    local.ghost = (x, y)
    local.ghost_reason = table.frame.session.check(
        PlaceJammer(round(x, 1), round(y, 1)), table.frame.viewer
    )
