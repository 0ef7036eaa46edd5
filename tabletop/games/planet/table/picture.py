"""What Planet's table shows, as plain data: :class:`PlanetPicture`.

:func:`picture` works it out from the viewer's view, the table's own state
(:class:`Local`: the tile picked and its turn, the face under the mouse or
the keyboard's cursor, a tile held, the planet shown large, the flat map),
the animation on show, the planets' turns and what the frame says (names,
whose turn, the hint); ``paint.py`` paints it and nothing else. Each panel's
part of the picture is the key its painting is kept by (the frame's
``panels``), so a panel is painted again exactly when what it shows changes.
A test asserts on the picture: the words beside the tray, the tile laid on
a face, the rings, who leads an animal.
"""

from __future__ import annotations

from dataclasses import dataclass

from tabletop.core.words import plural
from tabletop.games.planet.geometry import SLOTS
from tabletop.games.planet.model import Place, PlanetState
from tabletop.games.planet.table.animation import Flashes
from tabletop.games.planet.table.cards import (
    Board,
    HabitatCard,
    Standings,
    board,
    habitat_card,
    habitat_change,
    short_condition,
)
from tabletop.games.planet.table.flatmap import FlatPlanetView
from tabletop.games.planet.table.globe import FAR_SIDE, SolidPlanetView
from tabletop.games.planet.table.layout import Layout
from tabletop.games.planet.table.looks import rotated_letters
from tabletop.games.planet.tiles import ANIMALS, TILES
from tabletop.ui.rest import pulse
from tabletop.ui.solid import PULSE_RATE, Quat, q_mul
from tabletop.ui.table import TableFrame
from tabletop.ui.theme import Colour


@dataclass
class Local:
    """The table's own state: what the viewer is doing with the mouse and
    the keys (input.py writes it, :func:`picture` reads it)."""

    #: the seat whose planet is shown large (None: the viewer's own), and
    #: the viewer it was chosen for
    focus: int | None = None
    focus_for: int | None = None
    #: the large planet shown as its net instead of in 3D
    flat: bool = False
    #: where a mouse press went that may end as a click: "big" or a seat
    pressed: object = None
    pointer: tuple[int, int] | None = None
    #: the tray: the picked tile (an index into the revealed tiles) and its turn
    pick: int = 0
    rotation: int = 0
    #: the face under the mouse, and the keyboard's face cursor
    hover_face: int | None = None
    key_face: int | None = None
    keys_shown: bool = False
    #: a tray tile held by the mouse (its index), while dragging, and where
    drag: int | None = None
    drag_pos: tuple[int, int] = (0, 0)
    #: seconds the held tile has rested in the rim's band (input.EDGE_DWELL)
    rim_held: float = 0.0
    #: the placement a gesture handed the frame to play, until it is played
    proposed: Place | None = None
    #: the held tile's placement the last frame previewed under the pointer
    #: (the table's update notes it): a drop places exactly that, or nothing
    drop: Place | None = None
    #: the hint last turned to (a new hint turns the planet and picks its tile)
    hinted: Place | None = None
    #: what a lesson's gesture steps watch (``PlanetTable.lesson_value``):
    #: the tile last pressed in the tray and how many presses it has had in
    #: a row, and the tile last turned and how many turns it has had in a row
    grabbed: tuple[int, int] = (-1, 0)
    turned: tuple[int, int] = (-1, 0)
    #: the preview the glow is for, and seconds since it began: the glow
    #: beats a moment, then holds steady (ui/rest.py: a waiting table rests)
    glow_for: object = None
    glow_age: float = 0.0


# -- what the viewer may do ------------------------------------------------------------


def shown_planet(frame: TableFrame, local: Local) -> int:
    """The seat whose planet is shown large."""
    return frame.viewer if local.focus is None else local.focus


def picked_tile(local: Local, tiles: tuple[int, ...]) -> int | None:
    """The tile picked in the tray, None with the tray empty."""
    if not tiles:
        return None
    return tiles[min(local.pick, len(tiles) - 1)]


def placing(frame: TableFrame, local: Local, view: PlanetState) -> bool:
    """The viewer may place a tile now, on their own planet shown large."""
    return (
        frame.my_turn
        and shown_planet(frame, local) == frame.viewer
        and picked_tile(local, tuple(view.revealed)) is not None
    )


def target_face(frame: TableFrame, local: Local, view: PlanetState) -> int | None:
    """The free face a tile would go to now: under the mouse, else the keyboard's cursor."""
    free = view.free_faces(frame.viewer)
    if local.hover_face in free:
        return local.hover_face
    if local.keys_shown and local.key_face in free:
        return local.key_face
    return None


def preview(
    frame: TableFrame, local: Local, view: PlanetState, can: bool | None = None
) -> tuple[int, int, int] | None:
    """(tile, face, rotation) being previewed on the viewer's planet, or None:
    the tile held or picked on the face aimed at, else the hint's placement
    (``can``: :func:`placing`, when it is known)."""
    if not (placing(frame, local, view) if can is None else can):
        return None
    face = target_face(frame, local, view)
    tiles = tuple(view.revealed)
    tile = (
        tiles[local.drag]
        if local.drag is not None and local.drag < len(tiles)
        else picked_tile(local, tiles)
    )
    hint = frame.hint_action
    if face is None and isinstance(hint, Place):  # the hint laid on its face
        return hint.tile, hint.face, hint.rotation
    if face is None or tile is None:
        return None
    return tile, face, local.rotation


def seat_name(frame: TableFrame, seat: int) -> str:
    """A seat's glyph and name."""
    return f"{frame.app.theme.player(seat).glyph} {frame.session.seats[seat].name}"


# -- the picture ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """A line of words; ``tone`` is how it reads: "text", "dim" or "warning"."""

    text: str
    tone: str = "dim"


@dataclass(frozen=True)
class SmallPlanet:
    """Another seat's planet in its box along the top: at its turn as left,
    and beside it its far side (``back``, the turn it is drawn at; None when
    the box has no room, and ``words`` then say a side is out of sight),
    ringed in the owner's colour while they place, its face just placed ringed."""

    seat: int
    planet: str
    orientation: Quat
    to_move: bool
    words: str
    colour: Colour
    rings: tuple[tuple[int, Colour], ...]
    back: Quat | None = None


@dataclass(frozen=True)
class Tray:
    """This round's tiles; the picked one (``pick``, on the viewer's turn:
    ``mine``) ringed and turned by ``rotation``; the hint's tile (``hinted``,
    an index) lifted and ringed in the hint's colour."""

    head: str
    tiles: tuple[int, ...]
    pick: int
    mine: bool
    rotation: int
    hinted: int | None = None


@dataclass(frozen=True)
class Words:
    """The preview's words beside the tray, and the placement they are about."""

    preview: tuple[int, int, int] | None
    lines: tuple[Line, ...]


@dataclass(frozen=True)
class BigPlanet:
    """The planet shown large: a tile ``laid`` on its cells (lighter), the
    cells of the regions it joins ``glow``, faces ringed, and (on the flat
    map) the sides of ``sides_of`` marked where the net cuts them apart."""

    seat: int
    planet: str
    laid: tuple[tuple[int, str], ...]
    glow: tuple[int, ...]
    rings: tuple[tuple[int, Colour], ...]
    sides_of: int | None
    label: str
    flat: bool
    #: the glow's beat now, 0..1 (``rest.pulse``: it settles after a moment)
    pulse: float = 0.5


@dataclass(frozen=True)
class Award:
    """An animal the round's end just awarded, and who won it."""

    card: int
    words: str
    colour: Colour


@dataclass(frozen=True)
class Held:
    """A tray tile held by the mouse, drawn under the pointer."""

    terrains: str
    pos: tuple[int, int]
    radius: float
    rotation: int


@dataclass(frozen=True)
class PlanetPicture:
    #: what every panel's look hangs on: the palette, the size, the viewer
    look: tuple[object, ...]
    smalls: tuple[SmallPlanet, ...]
    tray: Tray
    words: Words
    board: Board
    habitat: HabitatCard
    big: BigPlanet
    #: the animals awarded, over the large planet while they are on show
    awards: tuple[Award, ...]
    held: Held | None


# -- working it out -------------------------------------------------------------------------


def tray(frame: TableFrame, local: Local, view: PlanetState) -> Tray:
    held = frame.summary is not None  # the finished round is on show: no tiles yet
    head = (
        "Game over"
        if view.over
        else "Round over"
        if held
        else f"Round {min(view.round, 12)} · tiles"
    )
    tiles = () if held else tuple(view.revealed)
    pick = min(local.pick, max(0, len(view.revealed) - 1))
    hint = frame.hint_action
    hinted = tiles.index(hint.tile) if isinstance(hint, Place) and hint.tile in tiles else None
    return Tray(head, tiles, pick, frame.my_turn, local.rotation, hinted)


def words(
    frame: TableFrame,
    local: Local,
    standings: Standings,
    flashes: Flashes,
    view: PlanetState,
    shown: tuple[int, int, int] | None,
    can: bool,
) -> Words:
    """The preview's words: what the tile previewed would change, how to
    place one, or what the table waits for."""
    if shown is not None:
        seat = frame.viewer
        effects = standings.preview_effects(view, seat, *shown)[1]
        texts = [
            *habitat_change(view, seat, *shown),
            *(effects or ["No animal's lead would change."]),
        ]
    elif can:
        texts = [
            "Pick a tile (←/→), turn it (R or wheel),",
            "hover a free face and click (or drag), or",
            "↑/↓ over the free faces and Enter.",
        ]
    elif view.over:
        texts = ["The game is over."]
    elif frame.summary is not None or flashes.awarding:
        texts = ["The round's animals were scored."]
    else:
        mover = frame.shown_state.turn
        texts = [
            f"{frame.session.seats[mover].name} is placing a tile." if mover is not None else ""
        ]
    lines = []
    for text in texts:
        tone = "text" if text.startswith(("would lead", "would tie")) else "dim"
        if text.startswith("would lose") or "lead lost" in text:
            tone = "warning"
        lines.append(Line(text, tone))
    return Words(shown, tuple(lines))


def small_planets(
    frame: TableFrame,
    layout: Layout,
    small: dict[int, SolidPlanetView],
    flashes: Flashes,
    view: PlanetState,
) -> tuple[SmallPlanet, ...]:
    t = frame.app.theme
    turn = frame.shown_state.turn
    out = []
    for seat in layout.small:
        colour = t.player(seat).colour
        face = flashes.flashed(seat)
        words = f"{seat_name(frame, seat)} · {plural(len(view.animals[seat]), 'animal')}"
        back = None
        if seat in layout.small_back:
            back = q_mul(FAR_SIDE, small[seat].orientation)
        else:
            words += " · one side shown, drag to turn"
        out.append(
            SmallPlanet(
                seat,
                view.planets[seat],
                small[seat].orientation,
                turn == seat,
                words,
                colour,
                ((face, colour),) if face is not None else (),
                back,
            )
        )
    return tuple(out)


def big_planet(
    frame: TableFrame,
    local: Local,
    standings: Standings,
    flashes: Flashes,
    big: SolidPlanetView | FlatPlanetView,
    view: PlanetState,
    shown: tuple[int, int, int] | None,
    can: bool,
) -> BigPlanet:
    t = frame.app.theme
    seat = shown_planet(frame, local)
    viewer = frame.viewer
    laid: tuple[tuple[int, str], ...] = ()
    glow: tuple[int, ...] = ()
    rings: list[tuple[int, Colour]] = []
    if shown is not None:
        tile, face, rotation = shown
        laid = tuple(
            zip(range(SLOTS * face, SLOTS * face + SLOTS), rotated_letters(tile, rotation))
        )
        glow = tuple(standings.preview_effects(view, viewer, tile, face, rotation)[0])
        rings.append((face, t.focus))
    elif (
        can
        and local.keys_shown
        and local.key_face is not None
        and local.key_face in view.free_faces(viewer)
    ):
        rings.append((local.key_face, t.focus))
    hint = frame.hint_action
    if isinstance(hint, Place) and seat == viewer:
        rings.append((hint.face, t.hint))
    flashed = flashes.flashed(seat)
    if flashed is not None:
        rings.append((flashed, t.player(seat).colour))
    who = (
        "Your planet"
        if seat == viewer and len(frame.session.human_seats()) == 1
        else f"{seat_name(frame, seat)}’s planet"
    )
    who += f" · {plural(len(view.animals[seat]), 'animal')}"
    if seat != viewer:
        who += " · click it or press Esc for yours"
    free = view.free_faces(seat)
    if free and isinstance(big, SolidPlanetView):
        # the faces turned away are out of sight: say how many there are
        in_sight = sum(1 for f in free if big.view.face_visible(f))
        who += f" · {plural(len(free), 'free face')}, {in_sight} in sight"
    elif free:
        who += f" · {plural(len(free), 'free face')}"
    if not local.flat:
        who += " · drag to turn"
    return BigPlanet(
        seat,
        view.planets[seat],
        laid,
        glow,
        tuple(rings),
        shown[1] if shown is not None else None,
        who,
        local.flat,
        pulse(local.glow_age, PULSE_RATE),
    )


def awards(frame: TableFrame, flashes: Flashes) -> tuple[Award, ...]:
    if not flashes.awarding:
        return ()
    t = frame.app.theme
    out = []
    for seat, card in flashes.awards:
        animal = ANIMALS[card]
        words = f"{seat_name(frame, seat)} wins the {animal.name} ({short_condition(animal)})"
        out.append(Award(card, words, t.player(seat).colour))
    return tuple(out)


def held(
    local: Local,
    big: SolidPlanetView | FlatPlanetView,
    view: PlanetState,
    shown: tuple[int, int, int] | None,
) -> Held | None:
    """The tray tile held by the mouse, unless it is laid on the free face
    under it (``shown``, the preview): over a face that holds a tile, or off
    the planet, it stays under the pointer."""
    drag = local.drag
    if drag is None or drag >= len(view.revealed):
        return None
    if shown is not None and local.hover_face == shown[1]:
        return None
    radius = max(8, big.scale * 0.55)
    return Held(TILES[view.revealed[drag]].terrains, local.drag_pos, radius, local.rotation)


def picture(
    frame: TableFrame,
    local: Local,
    layout: Layout,
    standings: Standings,
    flashes: Flashes,
    big: SolidPlanetView | FlatPlanetView,
    small: dict[int, SolidPlanetView],
    view: PlanetState,
) -> PlanetPicture:
    """Everything the table shows of ``view`` (see the module docstring);
    ``big`` is the large planet's view (in 3D or the flat map), ``small``
    the small planets' views."""
    t = frame.app.theme
    viewer = frame.viewer
    can = placing(frame, local, view)
    shown = preview(frame, local, view, can)
    return PlanetPicture(
        look=(t.palette, t.scale, viewer),
        smalls=small_planets(frame, layout, small, flashes, view),
        tray=tray(frame, local, view),
        words=words(frame, local, standings, flashes, view, shown, can),
        board=board(standings, view),
        habitat=habitat_card(view, viewer, [seat_name(frame, s) for s in range(view.players)]),
        big=big_planet(frame, local, standings, flashes, big, view, shown, can),
        awards=awards(frame, flashes),
        held=held(local, big, view, shown),
    )


__all__ = [
    "Award",
    "BigPlanet",
    "Held",
    "Line",
    "Local",
    "PlanetPicture",
    "SmallPlanet",
    "Tray",
    "Words",
    "picked_tile",
    "picture",
    "placing",
    "preview",
    "seat_name",
    "shown_planet",
    "target_face",
]
