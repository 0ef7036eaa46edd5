"""Planet's table: your planet large in the middle, the others small above it,
this round's tiles in the tray below, the animal board and your habitat card
at the side.

Each planet is a shaded dodecahedron (:class:`scene_planet.SolidPlanetView`
over ``tabletop/ui/solid.py``), one per seat, each keeping its own turn: a
drag on a planet turns it (a flick keeps it spinning), the arrows turn the
large one when no tile is being aimed. The "Flat map" button (or M) shows the
large planet as its net instead (:class:`scene_planet.FlatPlanetView`). On
your turn pick a tile in the tray (click, or ←/→), turn it with R or the
mouse wheel, and hover a free face of your planet to see it laid there;
click the face (or drag the tile onto it) to place it. With the keyboard ↑/↓
move a cursor over the free faces (the planet turns each to the front) and
Enter places. While a tile is previewed, the regions it joins glow and the
panel under the planet lists the animals whose lead it would win or lose. A
click (not a drag) on a small planet shows it large; a click on the large
one (or Escape) brings yours back. Nothing here decides what is legal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.core.words import plural
from tabletop.games.planet.geometry import CELL_COUNT, SLOTS, rotated
from tabletop.games.planet.model import UNKNOWN, Place, PlanetState
from tabletop.games.planet.regions import condition_key, regions, with_tile
from tabletop.games.planet.rules import leaders as rules_leaders
from tabletop.games.planet.scene_planet import (
    SPACE,
    TERRAIN_COLOURS,
    FlatPlanetView,
    SolidPlanetView,
    blit_tile,
    draw_glyph,
    draw_tile,
)
from tabletop.games.planet.tiles import (
    ANIMALS,
    AVOID,
    HABITATS,
    MOST,
    TERRAIN_NAMES,
    TILES,
    TOUCH,
    Animal,
)
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import fit_text, wrap_text

#: the outline of the regions a previewed tile joins (the face's ring is the theme's focus)
GLOW = (120, 232, 255)
#: seconds a placed tile's face stays ringed, and the animals awarded stay
#: on show, at animation speed 1 (bots and the summary wait for them)
PLACE_FLASH = 0.45
AWARD_SHOW = 1.8
#: a tile held this far out from the planet's centre (its radius is 1), but
#: no further than EDGE_END, for EDGE_DWELL seconds turns the planet that way,
#: at up to EDGE_SPEED radians a second at the rim (a drag up from the tray
#: crosses the rim too quickly to turn it)
EDGE_START = 0.72
EDGE_END = 1.2
EDGE_DWELL = 0.3
EDGE_SPEED = 1.8
#: how a seat stands on an animal card now
LEADS, TIED, BEHIND = "leads", "tied", "behind"


def short_condition(animal: Animal) -> str:
    """An animal's condition in few words: "most forest", "forest by
    mountain", "forest, no desert"."""
    x = TERRAIN_NAMES[animal.terrain]
    if animal.kind == MOST:
        return f"most {x}"
    y = TERRAIN_NAMES[animal.other or ""]
    return f"{x} by {y}" if animal.kind == TOUCH else f"{x}, no {y}"


def standing(
    planets: tuple[str, ...] | list[str],
    card: int,
    seat: int,
    final: bool = False,
    key: Callable[[str, Animal], tuple[int, ...]] = condition_key,
) -> str:
    """Whether ``seat`` leads animal ``card`` on ``planets`` alone, ties with
    the best, or not, as the rules' ``leaders`` read it (``final``: round 12;
    ``key``: a memo of ``condition_key``)."""
    lead = rules_leaders(card, planets, final, key)
    if seat not in lead:
        return BEHIND
    return LEADS if len(lead) == 1 else TIED


def leaders(planets: tuple[str, ...] | list[str], card: int, final: bool = False) -> list[int]:
    """The seats leading ``card`` now (``rules.leaders``; none at 0)."""
    return rules_leaders(card, planets, final)


class PlanetScene(GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.players = session.config.players
        #: the seat whose planet is shown large (the viewer's unless a click chose another)
        self.focus: int | None = None
        self._memo: dict[tuple[Any, ...], Any] = {}
        self._keys: dict[tuple[str, str], tuple[int, ...]] = {}
        self._focus_for: int | None = None
        #: each seat's planet in 3D (kept turned as left), and the flat map
        self.solids = {seat: SolidPlanetView(keys=True) for seat in range(self.players)}
        self.flat_view = FlatPlanetView()
        #: the large planet shown as its net instead of in 3D
        self.flat = False
        self.small: dict[int, SolidPlanetView] = {}
        self.flat_button = pygame.Rect(0, 0, 0, 0)
        #: where a mouse press went that may end as a click: "big" or a seat
        self._pressed: object = None
        self.pointer: tuple[int, int] | None = None
        #: the tray: the picked tile (an index into the revealed tiles) and its turn
        self.pick = 0
        self.rotation = 0
        #: the face under the mouse, and the keyboard's face cursor
        self.hover_face: int | None = None
        self.key_face: int | None = None
        self.keys_shown = False
        #: a tray tile held by the mouse (its index), while dragging
        self.drag: int | None = None
        self.drag_pos = (0, 0)
        #: seconds the held tile has rested in the rim's band (see EDGE_DWELL)
        self._rim_held = 0.0
        self.planet_rect = pygame.Rect(0, 0, 0, 0)
        self.others_rect = pygame.Rect(0, 0, 0, 0)
        self.tray_rect = pygame.Rect(0, 0, 0, 0)
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.board_rect = pygame.Rect(0, 0, 0, 0)
        self.habitat_rect = pygame.Rect(0, 0, 0, 0)
        self.small_rects: dict[int, pygame.Rect] = {}
        #: each animal card's row on the board (round, card), for its tooltip:
        #: recorded when the board is painted
        self.board_spots: list[tuple[pygame.Rect, int, int]] = []
        #: the animations: the face just placed (seat, face) and the animals
        #: just awarded (seat, card), each with the seconds it has left
        self.flash: tuple[int, int] | None = None
        self.flash_left = 0.0
        self.awards: list[tuple[int, int]] = []
        self.award_left = 0.0

    # -- layout ------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        pad, gap = t.px(10), t.px(8)
        inner = rect.inflate(-2 * pad, -2 * pad)
        side_w = max(t.px(230), int(inner.w * 0.3))
        side = pygame.Rect(inner.right - side_w, inner.y, side_w, inner.h)
        main = pygame.Rect(inner.x, inner.y, side.x - gap - inner.x, inner.h)
        hab_h = t.small.get_linesize() * 4 + t.px(16)
        self.habitat_rect = pygame.Rect(side.x, side.bottom - hab_h, side.w, hab_h)
        self.board_rect = pygame.Rect(side.x, side.y, side.w, self.habitat_rect.y - gap - side.y)
        # the other planets along the top, the tray and the preview's words at the foot
        others_h = max(t.px(60), int(main.h * 0.2))
        self.others_rect = pygame.Rect(main.x, main.y, main.w, others_h)
        tray_h = max(t.px(70), int(main.h * 0.2))
        foot = pygame.Rect(main.x, main.bottom - tray_h, main.w, tray_h)
        tray_w = min(foot.w // 2, tray_h * 5)
        self.tray_rect = pygame.Rect(foot.x, foot.y, tray_w, tray_h)
        self.info_rect = pygame.Rect(
            self.tray_rect.right + gap, foot.y, foot.right - self.tray_rect.right - gap, tray_h
        )
        self.planet_rect = pygame.Rect(
            main.x,
            self.others_rect.bottom + gap,
            main.w,
            foot.y - gap - self.others_rect.bottom - gap,
        )
        self._layout_planets()

    def _layout_planets(self) -> None:
        """The large planet and the small ones (every seat but the one shown large).
        When the seat on screen changed (hot-seat), its own planet is shown large."""
        t = self.app.theme
        if self._focus_for != self.viewer:
            self._focus_for, self.focus = self.viewer, None
            self.key_face = self.hover_face = None
        shown = self.shown_planet
        label = t.small.get_linesize()
        bw = max(t.small.size(w)[0] for w in ("Flat map (M)", "3D planet (M)")) + t.px(16)
        self.flat_button = pygame.Rect(
            self.planet_rect.right - bw - t.px(6), self.planet_rect.y + t.px(4), bw, label + t.px(4)
        )
        inner = self.planet_rect.inflate(-t.px(8), -t.px(8))
        inner.y += label // 2
        inner.h -= label // 2
        self.flat_view.fit(inner)
        self.solids[shown].fit(inner)
        rest = [s for s in self.seat_order() if s != shown]
        self.small_rects, self.small = {}, {}
        if not rest:
            return
        gap = t.px(8)
        r = self.others_rect
        w = min((r.w - gap * (len(rest) - 1)) // len(rest), int(r.h * 2.6))
        for k, seat in enumerate(rest):
            box = pygame.Rect(r.x + k * (w + gap), r.y, w, r.h)
            self.small_rects[seat] = box
            view = self.solids[seat]
            label = t.small.get_linesize()
            view.fit(
                pygame.Rect(
                    box.x + t.px(4), box.y + label, box.w - t.px(8), box.h - label - t.px(4)
                )
            )
            self.small[seat] = view

    def seat_order(self) -> list[int]:
        """The viewer, then the others in turn order."""
        return [(self.viewer + k) % self.players for k in range(self.players)]

    @property
    def shown_planet(self) -> int:
        return self.viewer if self.focus is None else self.focus

    @property
    def big(self) -> Any:
        """The large planet's view: the shown seat's solid, or the flat map."""
        return self.flat_view if self.flat else self.solids[self.shown_planet]

    def toggle_flat(self) -> None:
        """Between the large planet in 3D and its flat map."""
        self.flat = not self.flat
        self.hover_face = None
        self._layout_planets()

    def turning_views(self) -> list[SolidPlanetView]:
        """The planets a drag may turn now: the small ones, and the large one in 3D."""
        views = list(self.small.values())
        if not self.flat:
            views.append(self.solids[self.shown_planet])
        return views

    def opaque_rects(self) -> list[pygame.Rect]:
        """Every panel is copied whole from :attr:`panels` each frame."""
        return [
            self.planet_rect,
            self.tray_rect,
            self.info_rect,
            self.board_rect,
            self.habitat_rect,
            *self.small_rects.values(),
        ]

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """Every separate region of the table, by name (for tests: none may overlap)."""
        rects = {
            "planet": self.planet_rect,
            "tray": self.tray_rect,
            "preview": self.info_rect,
            "animals": self.board_rect,
            "habitat": self.habitat_rect,
        }
        rects.update({f"planet {s}": r for s, r in self.small_rects.items()})
        return rects

    # -- what the viewer may do ------------------------------------------------------
    @property
    def tiles(self) -> tuple[int, ...]:
        return tuple(self.view.revealed)

    @property
    def picked_tile(self) -> int | None:
        tiles = self.tiles
        if not tiles:
            return None
        self.pick = min(self.pick, len(tiles) - 1)
        return tiles[self.pick]

    @property
    def placing(self) -> bool:
        """The viewer may place a tile now, on their own planet shown large."""
        return self.my_turn and self.shown_planet == self.viewer and self.picked_tile is not None

    def free_faces(self) -> tuple[int, ...]:
        return self.view.free_faces(self.viewer)

    def target_face(self) -> int | None:
        """The free face a tile would go to now: under the mouse, else the keyboard's cursor."""
        free = self.free_faces()
        if self.hover_face in free:
            return self.hover_face
        if self.keys_shown and self.key_face in free:
            return self.key_face
        return None

    def place(self, face: int, tile_index: int | None = None) -> bool:
        if tile_index is not None:
            self.pick = tile_index
        tile = self.picked_tile
        if tile is None:
            return False
        played = self.act(Place(tile, face, self.rotation))
        if played:
            self.pick, self.rotation, self.key_face = 0, 0, None
            self.drag = None  # a tile still held by the mouse was not the one placed
        return played

    def rotate(self, step: int) -> None:
        self.rotation = (self.rotation + step) % SLOTS

    def preview(self) -> tuple[int, int, int] | None:
        """(tile, face, rotation) being previewed on the viewer's planet, or None."""
        if not self.placing:
            return None
        face = self.target_face()
        tiles = self.tiles
        tile = (
            self.tiles[self.drag]
            if self.drag is not None and self.drag < len(tiles)
            else self.picked_tile
        )
        hint = self.hint_action
        if face is None and isinstance(hint, Place):  # the hint laid on its face
            return hint.tile, hint.face, hint.rotation
        if face is None or tile is None:
            return None
        return tile, face, self.rotation

    def _cached(self, key: tuple[Any, ...], make: Any) -> Any:
        """``make()``, worked out once per ``key`` (positions change rarely;
        frames come sixty a second)."""
        if key not in self._memo:
            if len(self._memo) > 512:
                self._memo.clear()
            self._memo[key] = make()
        return self._memo[key]

    def condition_key(self, planet: str, animal: Animal) -> tuple[int, ...]:
        """``regions.condition_key``, kept per planet and animal: while a tile
        is previewed face after face only the viewer's planet changes, so the
        other planets' keys are read back rather than worked out again."""
        memo = self._keys
        got = memo.get((planet, animal.name))
        if got is None:
            if len(memo) > 4096:
                memo.clear()
            got = memo[(planet, animal.name)] = condition_key(planet, animal)
        return got

    def leaders(self, view: PlanetState, card: int, final: bool = False) -> list[int]:
        """Who leads ``card`` now; ``final`` for a card scored in round 12,
        where the 2nd and 3rd largest regions break a tie."""
        return self._cached(
            ("leaders", view.planets, card, final),
            lambda: rules_leaders(card, view.planets, final, self.condition_key),
        )  # type: ignore[no-any-return]

    def preview_effects(
        self, view: PlanetState, tile: int, face: int, rotation: int
    ) -> tuple[list[int], list[str]]:
        """The cells of the regions the tile would join (outlined) and, in
        words, the animals whose standing it changes: "would lead: Fox (most forest)"."""
        key = ("effects", view.planets, view.round, view.board, self.viewer, tile, face, rotation)
        return self._cached(key, lambda: self._effects(view, tile, face, rotation))  # type: ignore[no-any-return]

    def _effects(
        self, view: PlanetState, tile: int, face: int, rotation: int
    ) -> tuple[list[int], list[str]]:
        seat = self.viewer
        planets = list(view.planets)
        after = with_tile(planets[seat], TILES[tile].terrains, face, rotation)
        new = set(range(SLOTS * face, SLOTS * face + SLOTS))
        glow: list[int] = []
        for terrain in set(
            TILES[tile].terrains
        ):  # a region the tile joins is of one of its terrains
            for part in regions(after, terrain):
                cells = [i for i in range(CELL_COUNT) if part >> i & 1]
                if new & set(cells) and len(cells) > 1:
                    glow.extend(cells)
        changed = list(planets)
        changed[seat] = after
        words: list[str] = []
        for rnd, card in self.cards_to_come(view):
            if card == UNKNOWN:
                continue
            final = rnd == 12
            key = self.condition_key
            was, now = (
                standing(planets, card, seat, final, key),
                standing(changed, card, seat, final, key),
            )
            if was == now:
                continue
            animal = ANIMALS[card]
            verb = {LEADS: "would lead", TIED: "would tie", BEHIND: "would lose"}[now]
            if now == TIED and was == LEADS:
                verb = "would tie (lead lost)"
            words.append(f"{verb}: {animal.name} ({short_condition(animal)})")
        return glow, words

    def habitat_change(self, view: PlanetState, tile: int, face: int, rotation: int) -> list[str]:
        """The line on the viewer's habitat terrain a placement would add to:
        "forest 12 → 14 cells: 0 → 2 points" (none without a habitat card)."""
        terrain = view.habitats[self.viewer]
        if terrain is None:
            return []
        card = HABITATS[terrain]
        before = view.planets[self.viewer].count(terrain)
        after = before + TILES[tile].terrains.count(terrain)
        points = f"{card.score(before)} → {plural(card.score(after), 'point')}"
        return [f"Habitat {TERRAIN_NAMES[terrain]}: {before} → {after} cells, {points}"]

    def cards_to_come(self, view: PlanetState) -> list[tuple[int, int]]:
        """The animal cards still on the board, each with the round that
        scores it, in the order they are scored."""
        first = max(1, min(view.round, 12))
        return [(r, c) for r in range(first, 13) for c in view.board.column(r)]

    # -- input ---------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP):
            turned = False
            for view in self.turning_views():  # a press is never taken: each sees it
                turned = view.handle(event) or turned
            if turned:  # a drag turned a planet (or ended turning it): no click
                self._pressed = None
                self.hover_face = None
                return True
        if event.type == pygame.MOUSEMOTION:
            self.keys_shown = False
            self.drag_pos = self.pointer = event.pos
            held = getattr(event, "buttons", None)
            if self.drag is not None and held is not None and not held[0]:
                self.drag = None  # the button came up where this scene never heard it
            self.hover_face = (
                self.big.face_at(event.pos) if self.shown_planet == self.viewer else None
            )
            return False
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_m
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT)
        ):
            self.toggle_flat()
            return True
        if (
            event.type == pygame.KEYDOWN
            and not (self.my_turn and self.tiles)
            and not self.flat
            and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN)
        ):
            return self.solids[self.shown_planet].handle(
                event
            )  # no tile aimed: the arrows turn the planet
        if event.type == pygame.MOUSEWHEEL:
            self.rotate(1 if event.y > 0 else -1)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        if event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        self._pressed = None
        if self.flat_button.collidepoint(pos):
            self.toggle_flat()
            return True
        for seat, box in self.small_rects.items():
            if box.collidepoint(pos):
                self._pressed = seat  # shown large on release, unless a drag turns it
                return True
        for spot, index in self.tray_spots:
            if spot.collidepoint(pos):
                if index != self.pick:
                    self.rotation = 0
                self.pick = index
                self.drag = index
                return True
        if self.big.rect.collidepoint(pos):
            self._pressed = "big"  # a click on release, unless a drag turns it
            return True
        return False

    def _click_big(self, pos: tuple[int, int]) -> bool:
        if self.shown_planet != self.viewer:
            self.show(self.viewer)
            return True
        face = self.big.face_at(pos)
        if face is not None and self.my_turn:
            if face in self.free_faces():
                self.place(face)
            else:
                self.refuse("That face already holds a tile.")
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        held, self.drag = self.drag, None
        pressed, self._pressed = self._pressed, None
        if held is None:
            if pressed == "big" and self.big.rect.collidepoint(pos):
                return self._click_big(pos)
            if (
                isinstance(pressed, int)
                and pressed in self.small_rects
                and self.small_rects[pressed].collidepoint(pos)
            ):
                self.show(pressed)
                return True
            return False
        face = self.big.face_at(pos) if self.shown_planet == self.viewer else None
        if face is not None and self.my_turn:
            if face in self.free_faces():
                self.place(face, held)
            else:
                self.refuse("That face already holds a tile.")
        return True

    def _key(self, key: int) -> bool:
        tiles = self.tiles
        if key == pygame.K_r:
            self.rotate(1)
            return True
        if key in (pygame.K_LEFT, pygame.K_RIGHT) and tiles:
            self.keys_shown = True
            self.pick = (self.pick + (1 if key == pygame.K_RIGHT else -1)) % len(tiles)
            self.rotation = 0
            return True
        if key in (pygame.K_UP, pygame.K_DOWN):
            free = self.free_faces()
            if not free:
                return False
            self.show(self.viewer)
            self.keys_shown = True
            if self.key_face not in free:
                self.key_face = free[0]
            else:
                step = 1 if key == pygame.K_DOWN else -1
                self.key_face = free[(free.index(self.key_face) + step) % len(free)]
            if not self.flat:
                self.solids[self.viewer].turn_to_face(self.key_face)
            return True
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if not self.my_turn:
                return False
            free = self.free_faces()
            face = self.key_face if self.key_face in free else None
            if face is None:
                self.refuse("Choose a face first: ↑/↓ move over the free faces.")
                return True
            self.show(self.viewer)
            self.place(face)
            return True
        return False

    def show(self, seat: int) -> None:
        """Show ``seat``'s planet large (the others small)."""
        focus = None if seat == self.viewer else seat
        if focus != self.focus:
            self.focus, self.hover_face = focus, None
            self._layout_planets()

    def leave(self) -> None:
        """Another scene (rules, pause, the curtain) takes the mouse: a tile
        held now is let go, since its release will not come here."""
        self.drag = None
        self._pressed = None
        super().leave()

    def dismiss(self) -> bool:
        if self.focus is not None:
            self.show(self.viewer)
            return True
        if self.drag is not None:
            self.drag = None
            return True
        return False

    def on_played(self, move: Move) -> None:
        """Ring the face just placed for a moment; show the animals the move's
        round end awarded, with who won each. A tray tile held by the mouse
        is let go: the tray has changed under it."""
        before, action, after = move.before, move.action, move.after
        self.hover_face = None
        self.drag = None
        self.app.sound.play("click", 0.5)
        t = self.app.theme
        self.flash = (before.turn, action.face)
        self.flash_left = t.duration(PLACE_FLASH)
        self.awards = [
            (seat, card)
            for seat in range(after.players)
            for card in after.animals[seat][len(before.animals[seat]) :]
        ]
        self.award_left = t.duration(AWARD_SHOW) if self.awards else 0.0
        if self.awards:
            self.app.sound.play("chime", 0.5)

    @property
    def animating(self) -> bool:
        return self.flash_left > 0 or self.award_left > 0

    def skip_animation(self) -> None:
        self.flash_left = self.award_left = 0.0

    def update(self, dt: float) -> None:
        self.flash_left = max(0.0, self.flash_left - dt)
        self.award_left = max(0.0, self.award_left - dt)
        moved = self._edge_turn(dt)
        for view in self.turning_views():
            moved = view.update(dt) or moved
        if moved and self.pointer is not None:
            # the face under the pointer changes as the planet turns
            self.hover_face = (
                self.big.face_at(self.pointer) if self.shown_planet == self.viewer else None
            )
        super().update(dt)

    def _edge_turn(self, dt: float) -> bool:
        """A tile held near the rim of your planet turns the planet that way,
        after a moment there, the faster the further out (up to
        :data:`EDGE_SPEED`), on your turn only, so a face on the
        back comes round without letting go of the tile. True when it turned."""
        if self.drag is None or self.flat or self.pointer is None or not self.placing:
            self._rim_held = 0.0
            return False
        solid = self.solids[self.viewer]
        proj = solid.view.project()
        r = max(1.0, proj.radius)
        dx, dy = (self.pointer[0] - proj.centre[0]) / r, (self.pointer[1] - proj.centre[1]) / r
        out = math.hypot(dx, dy)
        if not EDGE_START <= out <= EDGE_END or not self.planet_rect.collidepoint(self.pointer):
            self._rim_held = 0.0
            return False
        self._rim_held += dt
        if self._rim_held < EDGE_DWELL:
            return False
        speed = EDGE_SPEED * min(1.0, (out - EDGE_START) / (1.0 - EDGE_START))
        # the side under the pointer comes to the front: about the axis across it
        solid.view.turn((-dy / out, -dx / out, 0.0), speed * dt)
        return speed * dt > 0

    # -- drawing -----------------------------------------------------------------------
    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        """The large planet is drawn every frame; every other panel is painted
        once per change of what it shows (:class:`PanelCache`, each key of
        :meth:`panel_keys` names what its painting reads) and copied on the
        frames between; and while nothing else on screen changes, a frame
        draws only the large planet and the panels that changed
        (:meth:`draw_live`)."""
        self._draw_panels(surface, view, changed_only=False)
        self._draw_large(surface, view)
        if self.drag is not None and self.drag < len(view.revealed) and self.hover_face is None:
            radius = max(8, self.big.scale * 0.55)
            blit_tile(
                surface,
                TILES[view.revealed[self.drag]].terrains,
                self.drag_pos,
                radius,
                self.rotation,
            )

    def _draw_panels(self, surface: pygame.Surface, view: PlanetState, changed_only: bool) -> None:
        t = self.app.theme
        keys = self.panel_keys(view)
        panels = self.panels
        for seat, box in self.small_rects.items():
            key = keys[f"planet {seat}"]
            paint = partial(self._draw_small, view=view, seat=seat, flash=key[-1])
            panels.draw(
                surface, f"planet {seat}", box, key, paint, t.felt, changed_only=changed_only
            )
        panels.draw(
            surface,
            "tray",
            self.tray_rect,
            keys["tray"],
            lambda s: self._draw_tray(s, view),
            t.felt,
            changed_only=changed_only,
        )
        panels.draw(
            surface,
            "preview",
            self.info_rect,
            keys["preview"],
            lambda s: self._draw_preview_words(s, view),
            t.felt,
            changed_only=changed_only,
        )
        panels.draw(
            surface,
            "animals",
            self.board_rect,
            keys["animals"],
            lambda s: self._draw_board(s, view),
            t.felt,
            changed_only=changed_only,
        )
        panels.draw(
            surface,
            "habitat",
            self.habitat_rect,
            keys["habitat"],
            lambda s: self._draw_habitat(s, view),
            t.felt,
            changed_only=changed_only,
        )

    def panel_keys(self, view: PlanetState) -> dict[str, tuple[Any, ...]]:
        """Each cached panel's key: everything its painting reads that can change."""
        self.pick = min(self.pick, max(0, len(view.revealed) - 1))
        t = self.app.theme
        look = (t.palette, t.scale, self.viewer)
        held = self.summary is not None
        keys: dict[str, tuple[Any, ...]] = {
            "tray": (
                look,
                view.revealed,
                view.round,
                view.over,
                held,
                self.pick,
                self.my_turn,
                self.rotation,
            ),
            "preview": (
                look,
                self.preview(),
                self.placing,
                view.over,
                held,
                self.award_left > 0,
                self.shown_state.turn,
                view.round,
                view.board,
                view.planets,
                view.habitats,
            ),
            "animals": (look, view.round, view.board, view.planets),
            "habitat": (look, view.habitats, view.planets[self.viewer]),
        }
        for seat in self.small_rects:
            flash = (
                ((self.flash[1], t.player(seat).colour),)
                if self.flash_left > 0 and self.flash and self.flash[0] == seat
                else ()
            )
            small = self.small[seat]
            keys[f"planet {seat}"] = (
                look,
                view.planets[seat],
                small.orientation,
                tuple(small.rect),
                self.shown_state.turn == seat,
                len(view.animals[seat]),
                flash,
            )
        return keys

    def live_rect(self) -> pygame.Rect | None:
        """The large planet's panel, unless a tray tile is held by the mouse
        (it is drawn wherever the pointer is, across any panel)."""
        return self.planet_rect if self.drag is None else None

    def still_key(self) -> object:
        """Where the panels sit (each panel's own key is checked as it is drawn)."""
        return tuple(tuple(r) for r in self.opaque_rects())

    def draw_live(self, surface: pygame.Surface, view: Any) -> None:
        """The large planet, and any panel whose key changed (the others are
        on screen as the last frame left them)."""
        self._draw_panels(surface, view, changed_only=True)
        self._draw_large(surface, view)

    def _draw_large(self, surface: pygame.Surface, view: PlanetState) -> None:
        """The large planet's panel: the planet, its label, the flat-map button
        and the round's awards over it."""
        self.pick = min(self.pick, max(0, len(view.revealed) - 1))
        self._draw_big(surface, view)
        if self.award_left > 0:
            self._draw_awards(surface)

    def _draw_awards(self, surface: pygame.Surface) -> None:
        """The animals the round just awarded, over the large planet."""
        t = self.app.theme
        line = t.body.get_linesize()
        bold = t.font("body", bold=True)
        width = min(self.planet_rect.w - t.px(20), t.px(560))
        box = pygame.Rect(0, 0, width, t.px(16) + line * (1 + len(self.awards)))
        box.center = self.planet_rect.center
        pygame.draw.rect(surface, t.shadow, box.move(0, t.px(3)), border_radius=t.px(10))
        pygame.draw.rect(surface, t.panel_title, box, border_radius=t.px(10))
        pygame.draw.rect(surface, t.focus, box, max(2, t.px(2)), border_radius=t.px(10))
        x, y = box.x + t.px(12), box.y + t.px(8)
        surface.blit(
            bold.render(fit_text(bold, "Animals awarded", box.w - t.px(24)), True, t.text), (x, y)
        )
        y += line
        icon = line - t.px(6)
        for seat, card in self.awards:
            animal = ANIMALS[card]
            draw_condition_icon(surface, animal, pygame.Rect(x, y + t.px(3), icon * 3 // 2, icon))
            words = f"{self._name(seat)} wins the {animal.name} ({short_condition(animal)})"
            img = t.body.render(
                fit_text(t.body, words, box.right - t.px(12) - (x + icon * 2)),
                True,
                t.player(seat).colour,
            )
            surface.blit(img, (x + icon * 2, y))
            y += line

    def _panel(
        self, surface: pygame.Surface, rect: pygame.Rect, fill: tuple[int, int, int] | None = None
    ) -> None:
        t = self.app.theme
        pygame.draw.rect(surface, fill or t.panel, rect, border_radius=t.px(8))
        pygame.draw.rect(surface, t.panel_edge, rect, 1, border_radius=t.px(8))

    def _name(self, seat: int) -> str:
        t = self.app.theme
        return f"{t.player(seat).glyph} {self.session.seats[seat].name}"

    def _draw_big(self, surface: pygame.Surface, view: PlanetState) -> None:
        t = self.app.theme
        shown = self.shown_planet
        # the rounded panel costs more to fill than to copy
        self.panels.draw(
            surface,
            "space",
            self.planet_rect,
            (t.palette, t.scale),
            lambda s: self._panel(s, self.planet_rect, SPACE),
            t.felt,
        )
        preview = self.preview() if shown == self.viewer else None
        laid: dict[int, str] = {}
        glow: list[int] = []
        rings: list[tuple[int, tuple[int, int, int]]] = []
        if preview is not None:
            tile, face, rotation = preview
            laid = dict(
                zip(range(SLOTS * face, SLOTS * face + SLOTS), rotated_letters(tile, rotation))
            )
            glow, _ = self.preview_effects(view, tile, face, rotation)
            rings.append((face, t.focus))
        elif self.placing and self.keys_shown and self.key_face in self.free_faces():
            rings.append((self.key_face, t.focus))
        hint = self.hint_action
        if isinstance(hint, Place) and shown == self.viewer:
            rings.append((hint.face, t.hint))
        if self.flash_left > 0 and self.flash is not None and self.flash[0] == shown:
            rings.append((self.flash[1], t.player(shown).colour))
        sides = preview[1] if preview is not None else None
        self.big.draw(
            surface,
            view.planets[shown],
            preview=laid,
            glow=glow,
            glow_colour=GLOW,
            rings=rings,
            sides_of=sides,
        )
        who = (
            "Your planet"
            if shown == self.viewer and len(self.session.human_seats()) == 1
            else f"{self._name(shown)}’s planet"
        )
        who += f" · {plural(len(view.animals[shown]), 'animal')}"
        if shown != self.viewer:
            who += " · click it or press Esc for yours"
        free = view.free_faces(shown)
        if free and not self.flat:
            # the faces turned away are out of sight: say how many there are
            in_sight = sum(1 for f in free if self.big.view.face_visible(f))
            who += f" · {plural(len(free), 'free face')}, {in_sight} in sight"
        elif free:
            who += f" · {plural(len(free), 'free face')}"
        if not self.flat:
            who += " · drag to turn"
        label = self.panels.words(
            t.small,
            fit_text(t.small, who, self.flat_button.x - self.planet_rect.x - t.px(16)),
            t.text,
        )
        surface.blit(label, (self.planet_rect.x + t.px(8), self.planet_rect.y + t.px(4)))
        button = self.flat_button
        pygame.draw.rect(surface, t.focus if self.flat else t.panel, button, border_radius=t.px(6))
        pygame.draw.rect(surface, t.panel_edge, button, 1, border_radius=t.px(6))
        words = "3D planet (M)" if self.flat else "Flat map (M)"
        img = self.panels.words(
            t.small, fit_text(t.small, words, button.w - t.px(8)), t.panel if self.flat else t.text
        )
        surface.blit(img, img.get_rect(center=button.center))

    def _draw_small(
        self,
        surface: pygame.Surface,
        view: PlanetState,
        seat: int,
        flash: tuple[tuple[int, tuple[int, int, int]], ...],
    ) -> None:
        """A small planet in its box: its owner, how many animals they hold,
        and a ring in their colour while they place."""
        t = self.app.theme
        box = self.small_rects[seat]
        self._panel(surface, box, SPACE)
        if self.shown_state.turn == seat:
            pygame.draw.rect(
                surface, t.player(seat).colour, box, max(2, t.px(2)), border_radius=t.px(8)
            )
        self.small[seat].draw(surface, view.planets[seat], rings=flash)
        words = f"{self._name(seat)} · {plural(len(view.animals[seat]), 'animal')}"
        img = t.small.render(fit_text(t.small, words, box.w - t.px(8)), True, t.player(seat).colour)
        surface.blit(img, (box.x + t.px(4), box.y + t.px(1)))

    def _draw_tray(self, surface: pygame.Surface, view: PlanetState) -> None:
        t = self.app.theme
        r = self.tray_rect
        self._panel(surface, r)
        held = self.summary is not None  # the finished round is on show: no tiles yet
        head = (
            "Game over"
            if view.over
            else "Round over"
            if held
            else f"Round {min(view.round, 12)} · tiles"
        )
        surface.blit(t.small.render(head, True, t.text_dim), (r.x + t.px(8), r.y + t.px(4)))
        tiles = () if held else view.revealed
        for spot, k in self.tray_places(len(tiles)):
            tile = tiles[k]
            radius = spot.w * 0.44
            picked = k == self.pick and self.my_turn
            turn = self.rotation if picked else 0
            blit_tile(surface, TILES[tile].terrains, spot.center, radius, turn)
            if picked:
                pygame.draw.rect(
                    surface,
                    t.focus,
                    spot.inflate(-t.px(2), -t.px(2)),
                    max(2, t.px(2)),
                    border_radius=t.px(6),
                )

    def tray_places(self, count: int) -> list[tuple[pygame.Rect, int]]:
        """Where each of ``count`` tray tiles is drawn (a square each), with its index."""
        t = self.app.theme
        r = self.tray_rect
        if not count:
            return []
        top = r.y + t.small.get_linesize() + t.px(4)
        slot = max(1, min((r.w - t.px(8)) // count, r.bottom - top - t.px(6)))
        return [(pygame.Rect(r.x + t.px(4) + k * slot, top, slot, slot), k) for k in range(count)]

    @property
    def tray_spots(self) -> list[tuple[pygame.Rect, int]]:
        return self.tray_places(len(self.view.revealed))

    def _draw_preview_words(self, surface: pygame.Surface, view: PlanetState) -> None:
        t = self.app.theme
        r = self.info_rect
        self._panel(surface, r)
        x, y = r.x + t.px(8), r.y + t.px(4)
        line = t.small.get_linesize()
        width = r.w - t.px(16)
        preview = self.preview()
        if preview is not None:
            lines = self.preview_effects(view, *preview)[1] or ["No animal's lead would change."]
            lines = [*self.habitat_change(view, *preview), *lines]
        elif self.placing:
            lines = [
                "Pick a tile (←/→), turn it (R or wheel),",
                "hover a free face and click (or drag), or",
                "↑/↓ over the free faces and Enter.",
            ]
        elif view.over:
            lines = ["The game is over."]
        elif self.summary is not None or self.award_left > 0:
            lines = ["The round's animals were scored."]
        else:
            mover = self.shown_state.turn
            lines = [
                f"{self.session.seats[mover].name} is placing a tile." if mover is not None else ""
            ]
        for text in lines:
            if y + line > r.bottom:
                break
            colour = t.text if text.startswith(("would lead", "would tie")) else t.text_dim
            if text.startswith("would lose") or "lead lost" in text:
                colour = t.warning
            surface.blit(self.panels.words(t.small, fit_text(t.small, text, width), colour), (x, y))
            y += line

    def _draw_board(self, surface: pygame.Surface, view: PlanetState) -> None:
        """The animal board: the cards to come by round, each with its
        condition's icon and who leads it now (in round 12 with its tie-break)."""
        t = self.app.theme
        r = self.board_rect
        self._panel(surface, r)
        bold = t.font("small", bold=True)
        line = t.small.get_linesize()
        x, y = r.x + t.px(8), r.y + t.px(4)
        surface.blit(bold.render("Animals by round · who leads", True, t.text), (x, y))
        y += line + t.px(2)
        icon = line - t.px(2)
        icon_w = icon * 3 // 2
        rows = self.cards_to_come(view)
        room = (r.bottom - y - t.px(4)) // line
        ix = x + t.small.size("R00 ")[0]
        tx = ix + icon_w + t.px(4)
        marks: list[pygame.Surface] = []
        needs: list[int] = []  # lines per row: two when the words do not fit on one
        for rnd, card in rows:
            lead = self.leaders(view, card, final=rnd == 12) if card != UNKNOWN else []
            mark = " ".join(t.player(s).glyph for s in lead) if lead else "–"
            mark_img = t.small.render(
                mark, True, t.player(lead[0]).colour if len(lead) == 1 else t.text_dim
            )
            marks.append(mark_img)
            text_w = r.right - t.px(8) - mark_img.get_width() - t.px(6) - tx
            words = (
                "face down"
                if card == UNKNOWN
                else f"{ANIMALS[card].name}: {short_condition(ANIMALS[card])}"
            )
            needs.append(1 if t.small.size(words)[0] <= text_w else 2)
        lines = len(rows)
        for i, need in enumerate(needs):  # the nearest rounds first get a second line
            if need == 2 and lines < room:
                lines += 1
            else:
                needs[i] = 1
        shown_rows = rows if len(rows) <= room else rows[: max(0, room - 1)]
        self.board_spots = []
        for (rnd, card), mark_img, need in zip(shown_rows, marks, needs):
            spot = pygame.Rect(r.x + t.px(4), y, r.w - t.px(8), line * need)
            surface.blit(t.small.render(f"R{rnd}", True, t.text_dim), (x, y))
            if card == UNKNOWN:
                surface.blit(t.small.render("face down", True, t.text_dim), (tx, y))
                y += line
                continue
            self.board_spots.append((spot, rnd, card))
            animal = ANIMALS[card]
            draw_condition_icon(surface, animal, pygame.Rect(ix, y + 1, icon_w, icon))
            text_w = max(1, r.right - t.px(8) - mark_img.get_width() - t.px(6) - tx)
            if need == 1:
                words = fit_text(t.small, f"{animal.name}: {short_condition(animal)}", text_w)
                surface.blit(t.small.render(words, True, t.text), (tx, y))
            else:  # the name beside the icon, the condition under it
                surface.blit(
                    t.small.render(fit_text(t.small, animal.name, text_w), True, t.text), (tx, y)
                )
                below = fit_text(t.small, short_condition(animal), max(1, r.right - t.px(8) - tx))
                surface.blit(t.small.render(below, True, t.text_dim), (tx, y + line))
            surface.blit(mark_img, (r.right - t.px(8) - mark_img.get_width(), y))
            y += line * need
        if len(shown_rows) < len(rows):
            surface.blit(
                t.small.render(
                    f"… {plural(len(rows) - len(shown_rows), 'more card')}", True, t.text_dim
                ),
                (x, y),
            )

    def table_tooltip(self) -> tuple[str, tuple[int, int]] | None:
        """The board card under the pointer explains itself."""
        if (
            self.drag is None
            and self.pointer is not None
            and self.board_rect.collidepoint(self.pointer)
        ):
            tip = self.board_tip(self.pointer)
            if tip:
                return tip, self.pointer
        return None

    def board_tip(self, pos: tuple[int, int]) -> str:
        """The tooltip of the animal card under ``pos`` on the board: its whole
        condition, the round that scores it and who leads it now ("" off a card)."""
        view = self.view
        for spot, rnd, card in self.board_spots:
            if spot.collidepoint(pos):
                animal = ANIMALS[card]
                lead = self.leaders(view, card, final=rnd == 12)
                names = ", ".join(self._name(seat) for seat in lead)
                who = (
                    "nobody qualifies yet"
                    if not lead
                    else f"{names} leads"
                    if len(lead) == 1
                    else f"tied: {names}"
                )
                when = (
                    "round 12 (ties: 2nd, then 3rd largest region)"
                    if rnd == 12 and animal.kind != MOST
                    else f"round {rnd}"
                )
                return f"{animal.name}: {animal.condition}. Scored in {when}; {who}."
        return ""

    def _draw_habitat(self, surface: pygame.Surface, view: PlanetState) -> None:
        t = self.app.theme
        r = self.habitat_rect
        self._panel(surface, r, t.panel_title)
        x, y = r.x + t.px(8), r.y + t.px(4)
        line = t.small.get_linesize()
        width = r.w - t.px(16)
        terrain = view.habitats[self.viewer]
        bold = t.font("small", bold=True)
        surface.blit(
            bold.render(fit_text(bold, "Your habitat card (secret)", width), True, t.text), (x, y)
        )
        y += line
        if terrain is None:
            surface.blit(
                t.small.render(
                    fit_text(t.small, "Beginner game: no habitat cards.", width), True, t.text_dim
                ),
                (x, y),
            )
            return
        card = HABITATS[terrain]
        count = view.planets[self.viewer].count(terrain)
        sw = line - t.px(2)
        swatch = pygame.Rect(x, y + 1, sw, sw)
        pygame.draw.rect(surface, TERRAIN_COLOURS[terrain], swatch)
        draw_glyph(surface, terrain, swatch.center, sw * 0.8)
        words = f"{TERRAIN_NAMES[terrain]}: {plural(count, 'cell')} now → {plural(card.score(count), 'point')}"
        surface.blit(
            t.small.render(fit_text(t.small, words, width - sw - t.px(6)), True, t.text),
            (x + sw + t.px(6), y),
        )
        y += line
        steps = " · ".join(f"{c}+: {p}" for c, p in zip(card.cells, card.points))
        for text in wrap_text(t.small, f"cells → points: {steps}", width)[:2]:
            surface.blit(t.small.render(text, True, t.text_dim), (x, y))
            y += line


def rotated_letters(tile: int, rotation: int) -> str:
    return "".join(rotated(TILES[tile].terrains, rotation))


def draw_condition_icon(surface: pygame.Surface, animal: Animal, box: pygame.Rect) -> None:
    """An icon per condition kind, in the card's terrain colours: MOST three
    patches apart; TOUCH two patches side by side; AVOID two patches with a
    bar between them."""
    x_col = TERRAIN_COLOURS[animal.terrain]
    edge = (14, 18, 26)
    if animal.kind == MOST:  # three patches of the terrain, apart
        side = max(3, min(box.w // 3, box.h // 2) + 1)
        for px, py in (
            (box.x, box.bottom - side),
            (box.centerx - side // 2, box.y),
            (box.right - side, box.bottom - side),
        ):
            patch = pygame.Rect(px, py, side, side)
            pygame.draw.rect(surface, x_col, patch)
            pygame.draw.rect(surface, edge, patch, 1)
        return
    y_col = TERRAIN_COLOURS[animal.other or animal.terrain]
    half = box.w // 2
    a = pygame.Rect(box.x, box.y, half, box.h)
    b = pygame.Rect(box.x + half, box.y, box.w - half, box.h)
    pygame.draw.rect(surface, x_col, a)
    pygame.draw.rect(surface, y_col, b)
    pygame.draw.rect(surface, edge, a, 1)
    pygame.draw.rect(surface, edge, b, 1)
    if animal.kind == AVOID:  # a red bar: kept apart
        pygame.draw.line(
            surface,
            (220, 50, 40),
            (box.centerx, box.y - 1),
            (box.centerx, box.bottom + 1),
            max(2, box.w // 6),
        )
        pygame.draw.line(
            surface, (220, 50, 40), (box.x, box.bottom), (box.right, box.y), max(1, box.w // 8)
        )


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Any = None) -> None:
    """The title screen's picture: a few tiles of the planet."""
    pygame.draw.rect(surface, SPACE, rect)
    radius = min(rect.w, rect.h) * 0.22
    cx, cy = rect.center
    for k, tile in enumerate((0, 7, 21)):
        draw_tile(
            surface,
            TILES[tile].terrains,
            (cx + (k - 1) * radius * 1.9, cy + (k % 2) * radius * 0.6),
            radius,
        )


__all__ = ["PlanetScene", "draw_icon", "leaders", "short_condition", "standing"]
