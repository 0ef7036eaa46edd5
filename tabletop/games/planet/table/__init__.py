"""Planet's table, a part the frame holds (``tabletop/ui/table.py``): your
planet large in the middle, the others small above it, this round's tiles in
the tray below, the animal board and your habitat card at the side.

Each planet is a shaded dodecahedron (``globe.py``), one per seat, each
keeping its own turn: a drag on a planet turns it (a flick keeps it
spinning), the arrows turn the large one when no tile is being aimed. The
"Flat map" button (or M) shows the large planet as its net instead
(``flatmap.py``). On your turn pick a tile in the tray (click, or ←/→), turn
it with R or the mouse wheel, and hover a free face of your planet to see it
laid there; click the face (or drag the tile onto it) to place it. With the
keyboard ↑/↓ move a cursor over the free faces (the planet turns each to the
front) and Enter places. While a tile is previewed, the regions it joins glow
and the panel beside the tray lists the animals whose lead it would win or
lose (``cards.py``). A click (not a drag) on a small planet shows it large; a
click on the large one (or Escape) brings yours back. Nothing here decides
what is legal: a placement is the rules' ``Place``, which the frame plays.

``layout.py`` places everything, ``picture.py`` says what shows (plain
data), ``paint.py`` paints it, ``input.py`` turns gestures into placements,
``animation.py`` plays a move, ``looks.py`` is how terrains and tiles look;
``globe.py`` is the planet in 3D, ``flatmap.py`` the flat map and its
toggle, ``cards.py`` the animal board and the habitat card.

The large planet turns under the pointer every frame while the rest of the
window mostly stands still, so the table names it as the frame's live part
(:meth:`PlanetTable.live_rect`): while nothing else changes, a frame paints
only it and the panels whose picture changed (:meth:`PlanetTable.paint_live`).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS
from tabletop.games.planet.model import Place, PlanetState
from tabletop.games.planet.rules import face_number
from tabletop.games.planet.table import input as gestures
from tabletop.games.planet.table.animation import Flashes
from tabletop.games.planet.table.cards import (
    Standings,
    board,
    board_spots,
    board_tip,
    habitat_cards_height,
    habitats_shown,
    paint_habitat_cards,
)
from tabletop.games.planet.table.flatmap import FlatPlanetView
from tabletop.games.planet.table.globe import SolidPlanetView
from tabletop.games.planet.table.layout import EMPTY, Layout, lay_out, place_planets, tray_places
from tabletop.games.planet.table.paint import draw_icon, paint_live, paint_table, words_laid
from tabletop.games.planet.table.picture import (
    Local,
    PlanetPicture,
    picked_tile,
    picture,
    placing,
    preview,
    seat_name,
    shown_planet,
)
from tabletop.games.planet.table.picture import target_face as aimed_face
from tabletop.ui.gamescene import GameScene
from tabletop.ui.rest import NEVER, NOW, pulsing
from tabletop.ui.table import Table, TableFrame

__all__ = ["LESSON_FACING", "PlanetTable", "draw_icon", "scene"]

#: a face turned further from the eye than this (``SolidPlanetView.facing``)
#: is not lit alone by a lesson: the planet is, to be turned until it shows
LESSON_FACING = 0.25


class PlanetTable(Table[PlanetPicture]):
    """The table (see the module docstring)."""

    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        self.players: int = frame.session.config.players
        self.local = Local()
        self.standings = Standings()
        self.flashes = Flashes()
        self.shape: Layout = EMPTY
        #: each seat's planet in 3D (kept turned as left), and the flat map
        self.solids = {seat: SolidPlanetView(keys=True) for seat in range(self.players)}
        self.flat_view = FlatPlanetView()
        #: the planets shown small (every seat but the one shown large), by
        #: seat, and the far side of each drawn beside it (at the turn the
        #: picture gives: half a turn from the front's)
        self.small: dict[int, SolidPlanetView] = {}
        self.backs = {seat: SolidPlanetView() for seat in range(self.players)}

    # -- layout ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        self.shape = lay_out(self.frame.app.theme, rect, self.players)
        self._layout_planets()

    def _layout_planets(self) -> None:
        """The large planet and the small ones (every seat but the one shown large).
        When the seat on screen changed (hot-seat), its own planet is shown large."""
        local = self.local
        viewer = self.frame.viewer
        if local.focus_for != viewer:
            local.focus_for, local.focus = viewer, None
            local.key_face = local.hover_face = None
        shown = self.shown_planet
        rest = [s for s in self.seat_order() if s != shown]
        self.shape = place_planets(self.frame.app.theme, self.shape, rest)
        self.flat_view.fit(self.shape.big)
        self.solids[shown].fit(self.shape.big)
        self.small = {}
        for seat, room in self.shape.small_fit.items():
            view = self.solids[seat]
            view.fit(room)
            self.small[seat] = view
        for seat, room in self.shape.small_back.items():
            self.backs[seat].fit(room)

    def seat_order(self) -> list[int]:
        """The viewer, then the others in turn order."""
        viewer = self.frame.viewer
        return [(viewer + k) % self.players for k in range(self.players)]

    def opaque_rects(self) -> list[pygame.Rect]:
        """Every panel is copied whole from the frame's panels each frame."""
        return self.shape.opaque()

    def tray_spots(self) -> list[tuple[pygame.Rect, int]]:
        """Where each tray tile is drawn, with its index."""
        return tray_places(self.frame.app.theme, self.shape.tray, len(self.frame.view.revealed))

    # -- the planets ------------------------------------------------------------------------
    @property
    def shown_planet(self) -> int:
        return shown_planet(self.frame, self.local)

    @property
    def big(self) -> SolidPlanetView | FlatPlanetView:
        """The large planet's view: the shown seat's solid, or the flat map."""
        return self.flat_view if self.local.flat else self.solids[self.shown_planet]

    def toggle_flat(self) -> None:
        """Between the large planet in 3D and its flat map."""
        self.local.flat = not self.local.flat
        self.local.hover_face = None
        self._layout_planets()

    def turning_views(self) -> list[SolidPlanetView]:
        """The planets a drag may turn now: the small ones, and the large one in 3D."""
        views = list(self.small.values())
        if not self.local.flat:
            views.append(self.solids[self.shown_planet])
        return views

    def show(self, seat: int) -> None:
        """Show ``seat``'s planet large (the others small)."""
        focus = None if seat == self.frame.viewer else seat
        if focus != self.local.focus:
            self.local.focus, self.local.hover_face = focus, None
            self._layout_planets()

    # -- what the viewer may do -------------------------------------------------------------
    @property
    def view(self) -> PlanetState:
        view: PlanetState = self.frame.view
        return view

    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(self.view.revealed)

    @property
    def picked_tile(self) -> int | None:
        return picked_tile(self.local, self.tiles)

    @property
    def placing(self) -> bool:
        """The viewer may place a tile now, on their own planet shown large."""
        return placing(self.frame, self.local, self.view)

    def free_faces(self) -> tuple[int, ...]:
        return tuple(self.view.free_faces(self.frame.viewer))

    def target_face(self) -> int | None:
        """The free face a tile would go to now: under the mouse, else the keyboard's cursor."""
        return aimed_face(self.frame, self.local, self.view)

    def preview(self) -> tuple[int, int, int] | None:
        """(tile, face, rotation) being previewed on the viewer's planet, or None."""
        return preview(self.frame, self.local, self.view)

    def rotate(self, step: int) -> None:
        local = self.local
        local.rotation = (local.rotation + step) % SLOTS
        tile = self.picked_tile
        if tile is not None:
            local.turned = (tile, local.turned[1] + 1 if local.turned[0] == tile else 1)

    def place(self, face: int, tile_index: int | None = None) -> Place | None:
        """The placement of the picked tile (or tray tile ``tile_index``, which
        becomes the picked one) on ``face`` at its turn, for the frame to
        play; None with the tray empty. Once played, the tray starts afresh."""
        if tile_index is not None:
            self.local.pick = tile_index
        tile = self.picked_tile
        if tile is None:
            return None
        action = Place(tile, face, self.local.rotation)
        self.local.proposed = action
        return action

    def refresh(self) -> None:
        """The picked tile stays in the tray as it shrinks; a placement not
        played by now is forgotten."""
        local = self.local
        local.pick = min(local.pick, max(0, len(self.view.revealed) - 1))
        local.proposed = None

    # -- the contract ---------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> Any:
        return gestures.handle(self, event)

    def picture(self, view: Any) -> PlanetPicture:
        return picture(
            self.frame,
            self.local,
            self.shape,
            self.standings,
            self.flashes,
            self.big,
            self.small,
            view,
        )

    def paint(self, surface: pygame.Surface, picture: PlanetPicture) -> None:
        frame = self.frame
        paint_table(
            surface,
            frame.app.theme,
            frame.panels,
            self.shape,
            self.big,
            self.small,
            picture,
            self.backs,
        )

    def live_rect(self) -> pygame.Rect | None:
        """The large planet's panel, unless a tray tile is held by the mouse
        (it is drawn wherever the pointer is, across any panel)."""
        return self.shape.planet if self.local.drag is None else None

    def still_key(self) -> object:
        """Where the panels sit (each panel's own key is checked as it is drawn)."""
        return tuple(tuple(r) for r in self.opaque_rects())

    def paint_live(self, surface: pygame.Surface, picture: PlanetPicture) -> None:
        frame = self.frame
        paint_live(
            surface,
            frame.app.theme,
            frame.panels,
            self.shape,
            self.big,
            self.small,
            picture,
            self.backs,
        )

    def start(self, move: Move) -> None:
        """Ring the face just placed for a moment; show the animals the move's
        round end awarded, with who won each. A tray tile held by the mouse
        is let go: the tray has changed under it. The viewer's own placement
        played, the tray starts afresh."""
        local = self.local
        local.hover_face = None
        local.drag = None
        if local.proposed is not None and move.action is local.proposed:
            local.pick, local.rotation, local.key_face = 0, 0, None
        self.flashes.start(move, self.frame.app.theme, self.frame.app.sound)

    @property
    def animating(self) -> bool:
        return self.flashes.running

    def skip(self) -> None:
        self.flashes.skip()

    def update(self, dt: float) -> None:
        self.flashes.update(dt)
        self._follow_hint()
        moved = gestures.edge_turn(self, dt)
        for view in self.turning_views():
            moved = view.update(dt) or moved
        pointer = self.local.pointer
        if moved and pointer is not None:
            # the face under the pointer changes as the planet turns
            self.local.hover_face = (
                self.big.face_at(pointer) if self.shown_planet == self.frame.viewer else None
            )
        self.local.drop = self.drop_shown()
        self._age_glow(dt)

    def _age_glow(self, dt: float) -> None:
        """The preview's glow beats from when it appears (a new preview or
        position starts it again) and then holds steady."""
        local = self.local
        key = (self.preview(), self.frame.session.ply, local.flat)
        if key != local.glow_for:
            local.glow_for, local.glow_age = key, 0.0
        else:
            local.glow_age += dt

    def wake_in(self) -> float:
        """The placed face's ring and the animals awarded, a planet turning
        (a drag, a spin going on after a flick, a face eased to the front),
        a tile held by the mouse (the planet turns under it at the rim, on
        ``dt``) and the preview's glow while it beats move; the table
        otherwise waits."""
        local = self.local
        if self.flashes.running or local.drag is not None:
            return NOW
        if any(not view.view.at_rest for view in self.turning_views()):
            return NOW
        beating = not local.flat and pulsing(local.glow_age) and self.preview() is not None
        return NOW if beating else NEVER

    def drop_shown(self) -> Place | None:
        """The placement a drop of the held tile would make now: the one the
        preview lays on the free face under the pointer, else None (a drop
        then places nothing). The frame paints what this reads, so a drop
        lands only where the preview showed."""
        local = self.local
        if local.drag is None or local.hover_face is None:
            return None
        shown = self.preview()
        if shown is None or shown[1] != local.hover_face:
            return None
        return Place(*shown)

    def _follow_hint(self) -> None:
        """A new hint on show: your planet shown large and turned to the face
        it names, its tile picked in the tray at its turn (so hovering that
        face previews exactly the hint)."""
        hint = self.frame.hint_action
        local = self.local
        if hint is local.hinted:
            return
        local.hinted = hint if isinstance(hint, Place) else None
        if not isinstance(hint, Place) or hint.tile not in self.tiles:
            return
        self.show(self.frame.viewer)
        local.pick, local.rotation = self.tiles.index(hint.tile), hint.rotation
        if not local.flat:
            self.solids[self.frame.viewer].turn_to_face(hint.face)

    # -- hooks ---------------------------------------------------------------------------------
    def table_tooltip(self) -> tuple[str, tuple[int, int]] | None:
        """The board card under the pointer explains itself; the preview's
        words, when they do not all fit their panel, show whole."""
        pointer = self.local.pointer
        if self.local.drag is not None or pointer is None:
            return None
        if self.shape.board.collidepoint(pointer):
            tip = self.board_tip(pointer)
            if tip:
                return tip, pointer
        if self.shape.info.collidepoint(pointer):
            words = self.picture(self.view).words
            if not words_laid(self.frame.app.theme, self.shape.info, words)[1]:
                return "\n".join(line.text for line in words.lines), pointer
        return None

    def board_tip(self, pos: tuple[int, int]) -> str:
        """The tooltip of the animal card under ``pos`` on the board: its whole
        condition, the round that scores it and who leads it now ("" off a card)."""
        shown = board(self.standings, self.view)
        for spot, row in board_spots(self.frame.app.theme, self.shape.board, shown):
            if spot.collidepoint(pos):
                return board_tip(row, [seat_name(self.frame, s) for s in range(self.players)])
        return ""

    def results_picture(self, width: int) -> tuple[int, Any] | None:
        """Above the results' score sheet: every seat's habitat card as the
        game's end reveals it (its cells and points); None in a beginner game."""
        view = self.view
        names = [seat_name(self.frame, s) for s in range(self.players)]
        cards = habitats_shown(view, names)
        if not cards:
            return None
        theme = self.frame.app.theme

        def draw(surface: pygame.Surface, rect: pygame.Rect) -> None:
            paint_habitat_cards(surface, theme, rect, cards)

        return habitat_cards_height(theme), draw

    def dismiss(self) -> bool:
        """Escape: your own planet back large, or a held tile let go."""
        if self.local.focus is not None:
            self.show(self.frame.viewer)
            return True
        if self.local.drag is not None:
            self.local.drag = None
            return True
        return False

    # -- a lesson's light and gestures (tabletop/core/lesson.py) -------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """Where a lesson's light falls, by the names Planet's ``lesson.toml``
        uses: ``planet`` (the large planet's panel), ``tray``, ``preview``
        (the words beside the tray), ``animals`` (the board), ``habitat``
        (your card), ``seat:S`` (seat S's small planet), ``round:R`` (the
        board's cards scored in round R), ``tile:N`` (tile number N in the
        tray), ``face:N`` (the face numbered N on your planet shown large;
        ``face:free`` your first free face): the face while it is in sight,
        else the whole planet, which must be turned to find it. None when
        the table does not show it now."""
        shape = self.shape
        panels = {
            "planet": shape.planet,
            "tray": shape.tray,
            "preview": shape.info,
            "animals": shape.board,
            "habitat": shape.habitat,
        }
        if target in panels:
            return pygame.Rect(panels[target])
        kind, _, arg = target.partition(":")
        if kind == "seat" and arg.isdigit():
            box = shape.small.get(int(arg))
            return None if box is None else pygame.Rect(box)
        if kind == "round" and arg.isdigit():
            return self._board_rows(int(arg))
        if kind == "tile" and arg.isdigit():
            tile = int(arg)
            if tile not in self.tiles or self.frame.summary is not None:
                return None
            spot = dict((k, r) for r, k in self.tray_spots()).get(self.tiles.index(tile))
            return None if spot is None else pygame.Rect(spot)
        if kind == "face":
            return self._face_rect(arg)
        return None

    def _board_rows(self, rnd: int) -> pygame.Rect | None:
        """The board's rows of round ``rnd``. The light's ring is drawn
        round the rect, and the rows lie line under line: with the board's
        heading when they are its first rows, else the ring would cross the
        heading, and short of their last line's foot (its descenders) when
        a row follows, so the ring runs there rather than through that row."""
        t = self.frame.app.theme
        rows = board_spots(t, self.shape.board, board(self.standings, self.view))
        lit_rows = [k for k, (_, row) in enumerate(rows) if row.rnd == rnd]
        if not lit_rows:
            return None
        spots = [rows[k][0] for k in lit_rows]
        lit = spots[0].unionall(spots[1:])
        if lit_rows[0] == 0:
            lit.union_ip(pygame.Rect(lit.x, self.shape.board.y, lit.w, 1))
        if lit_rows[-1] < len(rows) - 1:
            lit.h -= t.px(4)
        return lit

    def _face_rect(self, name: str) -> pygame.Rect | None:
        viewer = self.frame.viewer
        if self.shown_planet != viewer:
            return None
        free = self.free_faces()
        if name == "free":
            face = free[0] if free else None
        else:
            face = next((f for f in range(FACE_COUNT) if str(face_number(f)) == name), None)
        if face is None:
            return None
        if self.local.flat:
            corners = self.flat_view.faces[face]
        else:
            solid = self.solids[viewer]
            if solid.facing(face) < LESSON_FACING:
                return pygame.Rect(self.shape.planet)
            corners = solid.view.face_polygon(face)
        xs, ys = [p[0] for p in corners], [p[1] for p in corners]
        return pygame.Rect(
            math.floor(min(xs)),
            math.floor(min(ys)),
            math.ceil(max(xs) - min(xs)),
            math.ceil(max(ys) - min(ys)),
        )

    def lesson_value(self, name: str) -> object:
        """What a lesson's gesture step watches: ``turn``, your planet's turn
        (it changes as you drag it round); ``picked:N``, the times tile number
        N was picked by hand in a row (a press in the tray, ←/→; 0 while
        another was picked last); ``turned:N``, the turns (R, the wheel)
        tile N has had in a row while it is the picked tile (0 while it is
        not). None for a name it does not know."""
        local = self.local
        kind, _, arg = name.partition(":")
        if name == "turn":
            return tuple(round(c, 3) for c in self.solids[self.frame.viewer].orientation)
        if kind == "picked" and arg.isdigit():
            return local.grabbed[1] if local.grabbed[0] == int(arg) else 0
        if kind == "turned" and arg.isdigit():
            tile = int(arg)
            return local.turned[1] if local.turned[0] == tile == self.picked_tile else 0
        return None

    def leave(self) -> None:
        """Another screen (rules, pause, the curtain) takes the mouse: a tile
        held now is let go, since its release will not come here."""
        self.local.drag = None
        self.local.pressed = None


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """The game's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=PlanetTable)
