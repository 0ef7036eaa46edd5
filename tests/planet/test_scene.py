"""Planet's table, headless, as a person plays it.

A 2-player game (a person and a random bot, through the test-only entry of
``tests/planet/scene_entry.py``, so no bot thinking is paid for) is played to
the results screen through the real App frame, every placement made by hand
in turn three ways: a tile clicked in the tray, turned with R and dragged onto
a face; a tile clicked, turned with the mouse wheel, previewed by hovering
and placed with a click; a tile picked with ←/→, turned with R, a face
chosen with ↓ and placed with Enter. The table fits without overlaps from
960x600 to 4K, and a click on a small planet shows it large.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat
from tabletop.games import REGISTRY
from tabletop.games.planet.model import Place
from tabletop.games.planet.regions import EMPTY_PLANET, with_tile
from tabletop.games.planet.table import paint
from tabletop.games.planet.table.cards import (
    BEHIND,
    LEADS,
    TIED,
    BoardRow,
    board_tip,
    cards_to_come,
    lay_out_board,
    leaders,
    standing,
)
from tabletop.games.planet.table.input import EDGE_DWELL
from tabletop.games.planet.tiles import ANIMALS, MOST, TILES
from tabletop.ui import overlays
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import no_overlap
from tests.planet.scene_entry import ENTRY
from tests.planet.tables import (
    board_rows,
    is_planet,
    picture_of,
    previewed,
    shown_planet,
    small_seats,
    table_of,
    tray_point,
)
from tests.planet.test_rules import planet_with
from tests.ui.driver import MARKER, Driver, make_app, marked, start_table


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, (960, 600), games={**REGISTRY, "planet": ENTRY})
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def start(app: App, seats: list[Seat], seed: int = 3) -> GameScene:
    scene = start_table(app, ENTRY, seats, seed)
    assert is_planet(scene)
    return scene


def wheel(d: Driver, y: int) -> None:
    d.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)])


def place_by_hand(d: Driver, scene: GameScene, action: Place, way: int) -> None:
    """Make ``action`` as a person would, in one of three ways."""
    table = table_of(scene)
    index = table.tiles.index(action.tile)
    if way != 2:  # the person turns the planet until the face is in front
        table.big.turn_to_face(action.face, 0)
    face_at = table.big.face_point(action.face)
    if way == 0:  # click the tile, R to turn it, drag it onto the face
        d.click(tray_point(scene, index))
        for _ in range(action.rotation):
            d.key(pygame.K_r)
        d.drag(tray_point(scene, index), face_at)
    elif way == 1:  # click the tile, turn it with the wheel, hover (preview), click the face
        d.click(tray_point(scene, index))
        for _ in range(action.rotation):
            wheel(d, 1)
        d.move(face_at)
        assert previewed(scene) == (action.tile, action.face, action.rotation)
        d.click(face_at)
    else:  # ←/→ pick the tile, R turns it, ↓ walks the free faces, Enter
        while picture_of(scene).tray.pick != index:
            d.key(pygame.K_RIGHT)
        for _ in range(action.rotation):
            d.key(pygame.K_r)
        d.key(pygame.K_DOWN)
        while table.local.key_face != action.face:
            d.key(pygame.K_DOWN)
        assert previewed(scene) == (action.tile, action.face, action.rotation)
        d.key(pygame.K_RETURN)


def test_a_person_plays_a_two_player_game_to_the_results_by_clicks_drags_and_keys(app: App) -> None:
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy")]
    d = Driver(app)
    scene = start(app, seats)
    table = table_of(scene)
    session = scene.session
    chooser = random.Random(5)
    placed = summaries = 0
    words_seen: list[str] = []
    awards: set[tuple[int, int]] = set()
    for _ in range(3000):
        awards |= set(table.flashes.awards)
        top = d.top
        if isinstance(top, overlays.ResultsScene):
            break
        if isinstance(top, overlays.SummaryScene):
            summaries += 1
            d.press("Continue (Enter)")
            continue
        if top is not scene or not scene.my_turn:
            d.frame(dt=0.5)
            continue
        legal = session.rules.legal_actions(session.view(0))
        action = legal[chooser.randrange(len(legal))]
        # any of a tile's five turns is a placement; the canonical ones are listed
        action = Place(action.tile, action.face, (action.rotation + chooser.randrange(5)) % 5)
        plies = session.ply
        place_by_hand(d, scene, action, placed % 3)
        assert session.ply >= plies + 1 and session.actions[plies] == action, app.toasts.items
        words_seen += table.standings.preview_effects(
            session.states[plies], 0, action.tile, action.face, action.rotation
        )[1]
        awards |= set(table.flashes.awards)
        placed += 1
    assert isinstance(d.top, overlays.ResultsScene), "the game reached the results screen"
    assert session.is_over() and placed == 12
    assert summaries >= 1, "rounds that scored animals paused on a summary"
    assert all(p != "." for p in session.state.planets[0]), (
        "every face of Ada's planet holds a tile"
    )
    assert any(w.startswith("would") for w in words_seen), "some preview changed an animal's lead"
    won = {(s, c) for s in range(2) for c in session.state.animals[s]}
    assert won and awards == won, "every animal won was shown as awarded, to its winner"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
def test_the_table_fits_without_overlaps(app: App, size: tuple[int, int], players: int) -> None:
    seats = [
        Seat("Ada"),
        Seat("Bea", "bot", "easy"),
        Seat("Cy", "bot", "easy"),
        Seat("Di", "bot", "easy"),
    ]
    scene = start(app, seats[:players])
    app.resize(size)
    d = Driver(app)
    d.frames(2)
    table = table_of(scene)
    shape = table.shape
    rects = shape.regions()
    names = list(rects)
    pairs = no_overlap(list(rects.values()))
    assert not pairs, ", ".join(f"{names[i]} {rects[names[i]]} / {names[j]}" for i, j in pairs)
    for name, r in rects.items():
        assert scene.table_rect.contains(r), f"{name} {r} leaves the table {scene.table_rect}"
        assert r.w > 0 and r.h > 0, name
    assert len(shape.small) == players - 1 == len(picture_of(scene).smalls)
    # every cell of the large planet lies inside its panel
    for tri in table.big.cells:
        assert all(shape.planet.collidepoint(p) for p in tri)
    for spot, _ in table.tray_spots():
        assert shape.tray.contains(spot)


def test_a_click_on_a_small_planet_shows_it_large_and_escape_brings_yours_back(app: App) -> None:
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    scene = start(app, seats)
    d = Driver(app)
    d.frames(2)
    small = table_of(scene).shape.small
    assert shown_planet(scene) == 0 and small_seats(scene) == {1, 2}
    d.click(small[2].center)
    small = table_of(scene).shape.small
    assert shown_planet(scene) == 2 and small_seats(scene) == {0, 1}
    assert previewed(scene) is None, "nothing is placed on another's planet"
    d.key(pygame.K_ESCAPE)
    assert shown_planet(scene) == 0 and d.top is scene
    d.click(table_of(scene).shape.small[1].center)
    d.click(table_of(scene).shape.small[0].center)
    assert shown_planet(scene) == 0


def test_standing_and_leaders_follow_the_first_entry_of_the_key() -> None:
    card = next(a.index for a in ANIMALS if a.kind == MOST)
    terrain = ANIMALS[card].terrain
    tile = next(t for t in TILES if t.terrains.count(terrain) == 1)
    one = with_tile(EMPTY_PLANET, tile.terrains, 0, 0)
    assert standing([EMPTY_PLANET, EMPTY_PLANET], card, 0) == BEHIND, "nobody leads with none"
    assert standing([one, EMPTY_PLANET], card, 0) == LEADS and leaders(
        [one, EMPTY_PLANET], card
    ) == [0]
    assert standing([one, one], card, 1) == TIED and leaders([one, one], card) == [0, 1]
    assert standing([one, EMPTY_PLANET], card, 1) == BEHIND


def test_the_board_and_the_preview_read_a_round_12_card_with_its_tie_break(app: App) -> None:
    """A card scored in round 12 is led by whoever its tie-break favours (the
    2nd largest region here) on the board's "who leads" marks; the cards to
    come carry their round, which the preview's standings read the same
    way. The same card in an earlier round shows the tie."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    table = table_of(scene)
    camel = next(a for a in ANIMALS if a.kind == "avoid" and a.terrain == "F" and a.other == "D")
    a = planet_with({"F": [0, 1], "O": [2, 3, 4]})
    b = planet_with({"F": [0, 1, 30], "O": [2, 3, 4]})
    view = scene.view
    columns = [()] * 12
    columns[11] = (camel.index,)
    view = replace(
        view, round=11, planets=(a, b), board=replace(view.board, columns=tuple(columns))
    )
    assert cards_to_come(view) == [(12, camel.index)]
    assert table.standings.leaders(view, camel.index, final=True) == [1]
    assert table.standings.leaders(view, camel.index) == [0, 1], "before round 12 a tie is a tie"
    # the board shows the one card, led by seat 1 with round 12's tie-break,
    # and says so: the mark reads "on 2nd" and the tooltip tells the tie
    board = table.picture(view).board
    assert board.rows == (BoardRow(12, camel.index, (1,), "2nd"),)
    (laid,) = lay_out_board(app.theme, table.shape.board, board).lines
    assert laid.mark == f"{app.theme.player(1).glyph} on 2nd"
    tip = board_tip(board.rows[0], ["A", "B"])
    assert "tied on the largest region, B leads on the 2nd largest" in tip
    assert standing(view.planets, camel.index, 1, final=True) == LEADS
    assert standing(view.planets, camel.index, 1) == TIED


def test_a_hint_lays_the_hard_bots_tile_on_its_face_and_play_hint_places_it(tmp_path: Any) -> None:
    """With the real bots: H asks the hard bot; its placement is previewed on
    its face (with nothing hovered), with a reason in words; the hint card's
    Play hint places exactly that tile."""
    app = make_app(tmp_path, (1280, 800), games=dict(REGISTRY))
    try:
        app.update_settings(anim_speed=0)
        scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")], seed=5)
        d = Driver(app)
        d.until(lambda: d.top is scene and scene.my_turn)
        assert scene.hints_offered
        d.move((2, app.size[1] - 2))  # the pointer off the planet: nothing hovered
        d.key(pygame.K_h)
        hint = scene.hint_action
        assert isinstance(hint, Place) and hint in scene.session.rules.legal_actions(scene.view)
        assert scene.shown_hint is not None and len(scene.shown_hint.reason) > 10
        picture = picture_of(scene)
        assert table_of(scene).local.hover_face is None
        assert picture.words.preview == (hint.tile, hint.face, hint.rotation)
        assert (hint.face, app.theme.hint) in picture.big.rings and picture.big.laid
        d.frame()
        assert scene.hint_card_rect.w > 0
        before = scene.session.ply
        d.click(scene.hint_play_rect.center)
        assert scene.session.ply == before + 1 and scene.session.actions[-1] == hint
        assert scene.hint_action is None
    finally:
        app.shutdown()


def test_a_tile_held_at_the_planets_rim_turns_the_planet_to_bring_a_back_face_round(
    app: App,
) -> None:
    """Holding a tray tile near the rim turns the planet that way (a face on
    the back comes round without letting go); held near the middle it stays
    still; dropped on the face that came round, the tile is placed there."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    table = table_of(scene)
    solid = table.solids[scene.viewer]
    proj = solid.view.project()
    cx, cy = proj.centre
    back = min(
        range(12),
        key=lambda f: solid.view.face_centre(f)[0] if not solid.view.face_visible(f) else 1e9,
    )
    assert not solid.view.face_visible(back)
    d.move(tray_point(scene, 0))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tray_point(scene, 0), button=1)])
    assert table.local.drag == 0
    d.move((round(cx), round(cy)), (1, 0, 0))
    still = solid.orientation
    d.frames(10)
    assert solid.orientation == still, "held near the middle, the planet stays"
    rim = (round(cx - 0.95 * proj.radius), round(cy))  # the left rim: the left side comes round
    d.move(rim, (1, 0, 0))
    d.until(
        lambda: solid.view.face_visible(back) and solid.face_at((round(cx), round(cy))) == back,
        frames=600,
    )
    d.move((round(cx), round(cy)), (1, 0, 0))
    assert table.local.hover_face == back and previewed(scene) == (
        table.tiles[0],
        back,
        0,
    ), "the held tile is laid on the face that came round"
    turned = solid.orientation
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(round(cx), round(cy)), button=1)])
    assert scene.session.actions[-1].face == back and solid.orientation == turned


def test_an_animal_card_on_the_board_explains_itself_in_a_tooltip(app: App) -> None:
    """Hovering a card's row on the board gives its whole condition, the
    round that scores it and who leads it; off the cards, no tooltip."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.frames(2)
    spot, row = board_rows(scene)[0]
    d.move(spot.center)
    tip = scene.table_tooltip()
    assert tip is not None and tip[1] == spot.center
    animal = ANIMALS[row.card]
    assert tip[0].startswith(f"{animal.name}: {animal.condition}. Scored in round {row.rnd}")
    board = table_of(scene).shape.board
    d.move((board.centerx, board.bottom - 2))
    assert scene.table_tooltip() is None


def test_the_preview_reads_a_round_12_card_with_its_tie_break(app: App) -> None:
    """Seat 1 leads the Camel-like card alone in round 12 on its 2nd largest
    forest (tied on the largest): a tile giving seat 0 a 2nd forest region
    of one "would tie" it then; the same card scored in round 11 is tied
    before and after, so the preview says nothing about it."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    camel = next(a for a in ANIMALS if a.kind == "avoid" and a.terrain == "F" and a.other == "D")
    mine = planet_with({"F": [0, 1], "O": [2, 3, 4]})
    mine = mine[:55] + "....."  # face 11 (opposite face 0) is free
    theirs = planet_with({"F": [0, 1, 30], "O": [2, 3, 4]})
    tile = next(
        i for i, t in enumerate(TILES) if t.terrains.count("F") == 1 and "D" not in t.terrains
    )
    base = scene.view
    for scored, says in ((12, True), (11, False)):
        columns = [()] * 12
        columns[scored - 1] = (camel.index,)
        view = replace(
            base,
            round=11,
            planets=(mine, theirs),
            board=replace(base.board, columns=tuple(columns)),
        )
        _, words = table_of(scene).standings.preview_effects(view, 0, tile, 11, 0)
        assert any(w.startswith("would tie") and camel.name in w for w in words) == says, (
            scored,
            words,
        )


def test_a_tile_held_when_the_curtain_comes_is_let_go(app: App) -> None:
    """Two people at one device: Ada holds her last tray tile with the mouse
    and places a tile with ↓ and Enter; the release lands on the curtain.
    Bo's turn then shows with nothing held (it crashed the preview before)."""
    scene = start(app, [Seat("Ada"), Seat("Bo")])
    table = table_of(scene)
    d = Driver(app)
    for _ in range(5):
        if d.top is scene and scene.my_turn:
            break
        d.key(pygame.K_RETURN)
    last = len(table.tiles) - 1
    point = tray_point(scene, last)
    d.move(point)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)])
    assert table.local.drag == last
    d.key(pygame.K_DOWN)
    d.key(pygame.K_RETURN)
    assert scene.session.ply == 1 and table.local.drag is None
    assert isinstance(d.top, overlays.CurtainScene)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)])
    for _ in range(5):
        if d.top is scene:
            break
        d.key(pygame.K_RETURN)
    assert d.top is scene and scene.viewer == 1 and table.local.drag is None
    assert picture_of(scene).held is None
    d.frames(3)
    shown = previewed(scene)
    assert shown is None or shown[0] in table.tiles


def test_a_tile_held_when_another_screen_opens_stops_turning_the_planet(app: App) -> None:
    """A tile held at the rim when F1 opens the rules (its release goes
    there) is let go: back at the table the planet stays still."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    table = table_of(scene)
    solid = table.solids[scene.viewer]
    proj = solid.view.project()
    rim = (round(proj.centre[0] - 0.95 * proj.radius), round(proj.centre[1]))
    d.move(tray_point(scene, 0))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tray_point(scene, 0), button=1)])
    d.move(rim, (1, 0, 0))
    d.key(pygame.K_F1)
    assert d.top is not scene and table.local.drag is None
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=rim, button=1)])
    d.key(pygame.K_ESCAPE)
    assert d.top is scene
    still = solid.orientation
    d.frames(60)
    assert solid.orientation == still


def test_the_rim_turns_the_planet_only_for_a_tile_held_there_on_your_turn(app: App) -> None:
    """Not on another seat's turn; not for a drag that only crosses the rim
    (under EDGE_DWELL there); not outside the rim's band."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    table = table_of(scene)
    solid = table.solids[scene.viewer]
    proj = solid.view.project()
    cx, cy, r = proj.centre[0], proj.centre[1], proj.radius
    start_at = solid.orientation
    d.move(tray_point(scene, 0))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tray_point(scene, 0), button=1)])
    d.move((round(cx - 0.9 * r), round(cy)), (1, 0, 0))
    d.frames(round(EDGE_DWELL * 60) - 3)
    d.move((round(cx), round(cy)), (1, 0, 0))  # crossed on the way in: no turn
    assert solid.orientation == start_at
    far = (max(table.shape.planet.x + 1, round(cx - 1.5 * r)), round(cy))
    d.move(far, (1, 0, 0))
    d.frames(60)
    assert solid.orientation == start_at, "outside the rim's band"
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=far, button=1)])
    scene.session.play(
        next(iter(scene.session.rules.legal_actions(scene.session.state)))
    )  # now Bea's turn
    assert not scene.my_turn
    d.move(tray_point(scene, 0))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tray_point(scene, 0), button=1)])
    d.move((round(cx - 0.9 * r), round(cy)), (1, 0, 0))
    before = solid.orientation
    for _ in range(30):
        scene.update(1 / 60)
    assert solid.orientation == before, "not on another seat's turn"


def test_a_frame_draws_the_whole_window_again_when_the_bar_a_message_or_a_tooltip_changes(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While nothing changes a frame draws only the large planet; a window
    event or a resize (even to the same size), a new status in the bar, a
    message (and the frame after it), a tooltip or a held tile make it draw
    the whole window."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    d.move((2, app.size[1] - 2))
    d.frames(2)
    drew: list[bool] = []
    real = scene._draw_live_only
    monkeypatch.setattr(
        scene, "_draw_live_only", lambda surface: (drew.append(real(surface)), drew[-1])[1]
    )

    def frame() -> bool:
        """Whether the next frame drew only the live part."""
        d.frame()
        return drew[-1]

    assert frame() and frame()
    d.frame([pygame.event.Event(pygame.WINDOWEXPOSED)])
    assert not drew[-1], "the system says the window changed: its old pixels may be gone"
    assert frame()
    app.resize(app.size)  # the same size (F11 or a clamped resize may give a new, blank window)
    assert not frame() and frame()
    monkeypatch.setattr(type(scene), "status_text", lambda self: "Something else")
    assert not frame() and frame()
    app.toast("A message")
    assert not frame()
    app.toasts.clear()
    assert not frame(), "the frame after a message draws it away"
    frame()  # whole again: it notes what the window shows
    assert frame()
    spot = board_rows(scene)[0][0]
    d.move(spot.center)
    assert not drew[-1] and not frame(), "a tooltip may cross the live part"
    d.move((2, app.size[1] - 2))
    d.frames(2)
    assert frame()
    d.move(tray_point(scene, 0))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tray_point(scene, 0), button=1)])
    assert not frame(), "a held tile is drawn across the panels"


def test_two_people_at_one_device_pass_it_behind_the_curtain_and_each_sees_their_own_habitat(
    app: App,
) -> None:
    seats = [Seat("Ada"), Seat("Bo")]
    d = Driver(app)
    scene = start(app, seats, seed=8)
    session = scene.session
    habitats: dict[int, set[Any]] = {0: set(), 1: set()}
    table = table_of(scene)
    real = table.picture

    def spy(view: Any) -> Any:
        # the card shown is the viewer's, and the view knows no other seat's
        assert all(h is None for s, h in enumerate(view.habitats) if s != scene.viewer)
        got = real(view)
        assert got.habitat.terrain == view.habitats[scene.viewer]
        habitats[scene.viewer].add(got.habitat.terrain)
        return got

    table.picture = spy  # type: ignore[method-assign]
    curtains = placed = 0
    movers: list[int] = []
    while placed < 6:
        top = d.top
        if isinstance(top, overlays.CurtainScene):
            curtains += 1
            d.press(f"I am {top.name}: show my table")
            continue
        assert top is scene and scene.my_turn, type(top).__name__
        mover = session.to_move()
        movers.append(mover)
        assert scene.viewer == mover and shown_planet(scene) == mover
        d.click(table.shape.small[1 - mover].center)  # a look at the other planet...
        assert shown_planet(scene) == 1 - mover
        legal = session.rules.legal_actions(session.view(mover))
        action = legal[placed % len(legal)]
        place_by_hand(d, scene, action, 2)  # ...the keys bring yours back to place on
        assert session.actions[-1] == action
        placed += 1
        d.frames(2)
    # the start token passes each round: Ada, Bo | Bo, Ada | Ada, Bo
    assert movers == [0, 1, 1, 0, 0, 1]
    changes = 1 + sum(a != b for a, b in zip(movers, movers[1:]))
    assert curtains == changes, "every change of the person at the device went through the curtain"
    assert all(len(h) == 1 and None not in h for h in habitats.values())
    assert habitats[0] != habitats[1], "each person saw their own habitat card"


def test_the_solid_numbers_its_cells_as_geometry_does() -> None:
    from tabletop.games.planet.geometry import FACES
    from tabletop.games.planet.table.globe import PLANET_SOLID

    for f, face in enumerate(FACES):
        for e in range(5):
            _, a, b = PLANET_SOLID.cells[5 * f + e]
            assert (a, b) == (face[e], face[(e + 1) % 5]), (
                "cell 5*f + e is the centre, corner e, corner e + 1"
            )


def test_a_drag_on_the_planet_turns_it_and_makes_no_move(app: App) -> None:
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.frames(2)
    table = table_of(scene)
    assert scene.my_turn and not picture_of(scene).big.flat
    before, plies = table.big.orientation, scene.session.ply
    c = table.big.rect.center
    d.drag((c[0] - 40, c[1]), (c[0] + 60, c[1] + 20))
    assert table.big.orientation != before, "the drag turned the planet"
    assert scene.session.ply == plies, "a drag is no click: nothing was placed"
    turned = table.big.orientation
    d.frames(3)
    assert table.big.orientation != turned, "a flick keeps it spinning a while"

    def small_turn() -> Any:
        return next(p.orientation for p in picture_of(scene).smalls if p.seat == 1)

    was = small_turn()
    box = table.shape.small[1]
    d.drag((box.centerx - 10, box.centery), (box.centerx + 30, box.centery))
    assert small_turn() != was and shown_planet(scene) == 0, (
        "a drag turns a small planet, no click shows it"
    )


def test_m_toggles_the_flat_map_and_picking_works_in_both(app: App) -> None:
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.frames(2)
    table = table_of(scene)
    for flat in (False, True, False):
        assert picture_of(scene).big.flat == flat
        face = 3
        if not flat:
            table.big.turn_to_face(face, 0)
        point = table.big.face_point(face)
        assert point is not None and table.big.face_at(point) == face
        d.move(point)
        shown = previewed(scene)
        assert table.local.hover_face == face and shown is not None and shown[1] == face
        d.key(pygame.K_m)
    assert picture_of(scene).big.flat
    d.click(table.shape.flat_button.center)
    assert not picture_of(scene).big.flat, "the button toggles it too"


def test_the_panels_are_painted_again_only_when_what_they_show_changes(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every panel but the large planet is painted once per change and copied
    each frame: a frame with nothing new paints nothing; a previewed tile
    turned paints the tray and the preview's words again, not the animal board;
    turning a small planet paints that planet's box; a new palette paints all."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cal", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    table = table_of(scene)
    calls: list[str] = []
    for name in ("paint_board", "paint_tray", "paint_words", "paint_habitat", "paint_small"):
        real = getattr(paint, name)
        monkeypatch.setattr(
            paint,
            name,
            lambda *a, real=real, name=name, **k: (calls.append(name), real(*a, **k))[1],
        )
    scene.panels.forget()
    scene.draw(app.screen)
    assert sorted(set(calls)) == [
        "paint_board",
        "paint_habitat",
        "paint_small",
        "paint_tray",
        "paint_words",
    ]
    assert calls.count("paint_small") == 2, "each small planet has its own box"
    calls.clear()
    scene.draw(app.screen)
    assert calls == []
    table.big.turn_to_face(4, 0)
    scene.draw(app.screen)
    assert calls == [], "the large planet turning paints no other panel"
    table.local.hover_face = table.free_faces()[0]  # a tile previewed there
    scene.draw(app.screen)
    assert calls == ["paint_words"]
    calls.clear()
    table.rotate(1)
    scene.draw(app.screen)
    assert sorted(calls) == ["paint_tray", "paint_words"]
    calls.clear()
    seat = next(iter(table.small))
    table.small[seat].turn_to_face(7, 0)
    scene.draw(app.screen)
    assert calls == ["paint_small"]
    calls.clear()
    app.theme.set_palette("okabe_ito")
    scene.draw(app.screen)
    assert sorted(set(calls)) == [
        "paint_board",
        "paint_habitat",
        "paint_small",
        "paint_tray",
        "paint_words",
    ]


@pytest.mark.parametrize(
    "seed, seats",
    [(1, ("Ada", "easy", "easy")), (2, ("Ada", "Bo")), (3, ("Ada", "easy", "easy", "easy"))],
)
def test_every_frame_of_a_played_game_shows_what_a_fresh_painting_shows(
    app: App, seed: int, seats: tuple[str, ...]
) -> None:
    """Played by seeded random hands (moves, presses and releases, drags,
    the wheel, keys, placements, time) through rounds and their awards: after
    every step a frame as the game draws it (only the large planet again
    while nothing else changed, else the panels' kept pictures) equals the
    window painted whole and afresh over a marker colour, which leaves no
    marker pixel. A key missing an input its painting reads fails here."""
    app.update_settings(anim_speed=seed % 2)
    scene = start(
        app,
        [Seat(n) if n[0].isupper() else Seat(f"B{i}", "bot", n) for i, n in enumerate(seats)],
        seed,
    )
    d = Driver(app)
    table = table_of(scene)
    rng = random.Random(seed)
    rounds = {scene.session.state.round}
    live = 0
    real_live = scene._draw_live_only

    def counted(surface: pygame.Surface) -> bool:
        nonlocal live
        drew = real_live(surface)
        live += drew
        return drew

    scene._draw_live_only = counted  # type: ignore[method-assign]
    for _ in range(160):
        w, h = app.size
        shape = table.shape
        spots = [shape.planet, shape.tray, shape.board, shape.info, *shape.small.values()]
        area = rng.choice(spots)
        point = (rng.randrange(area.x, area.right), rng.randrange(area.y, area.bottom))
        r = rng.random()
        if d.top is not scene:
            d.key(pygame.K_RETURN)
        elif scene.my_turn and table.local.drag is None and r < 0.25:
            action = table.place(rng.choice(table.free_faces()))
            assert action is not None and scene.act(action)
            d.frame()
        elif r < 0.45:
            d.move(point, (1, 0, 0) if table.local.drag is not None else (0, 0, 0))
        elif r < 0.55:
            d.move(point)
            d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)])
        elif r < 0.62:
            d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)])
        elif r < 0.8:
            d.key(
                rng.choice(
                    [
                        pygame.K_r,
                        pygame.K_LEFT,
                        pygame.K_RIGHT,
                        pygame.K_UP,
                        pygame.K_DOWN,
                        pygame.K_m,
                        pygame.K_ESCAPE,
                    ]
                )
            )
        elif r < 0.85:
            wheel(d, rng.choice([-1, 1]))
        else:
            d.frames(rng.randrange(1, 12), dt=rng.choice([1 / 60, 0.2]))
        rounds.add(scene.session.state.round)
        if d.top is not scene:
            continue
        app.draw()  # the window drawn as a frame draws it: the live part alone, or reused panels
        reused = pygame.image.tobytes(app.screen, "RGB")
        app.screen.fill(MARKER)
        scene.panels.forget()  # the whole window, every panel painted afresh
        app.draw()
        assert marked(app.screen) == 0, "pixels left undrawn"
        assert pygame.image.tobytes(app.screen, "RGB") == reused, (
            f"a reused panel is stale (round {scene.view.round})"
        )
        if scene.session.is_over():
            break
    assert len(rounds) >= 4, "the hands played through several rounds and their awards"
    assert live > 20, "many of those frames drew only the large planet"


def test_a_click_on_a_free_face_gives_the_rules_placement_and_the_frame_plays_it(
    app: App,
) -> None:
    """The table contract: a press on a tray tile is a gesture of the
    table's own (True); a click on a free face gives the rules' ``Place`` of
    the picked tile at its turn, which the table does not play itself; the
    frame plays it, and the tray starts afresh."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    table = table_of(scene)
    point = tray_point(scene, 1)
    assert table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)) is True
    assert table.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)) is True
    table.rotate(2)
    assert picture_of(scene).tray.pick == 1 and picture_of(scene).tray.rotation == 2
    face = table.free_faces()[0]
    table.big.turn_to_face(face, 0)
    at = table.big.face_point(face)
    assert at is not None
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    chosen = table.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    assert chosen == Place(table.tiles[1], face, 2)
    assert scene.session.actions == [], "the table plays nothing itself"
    assert scene.act(chosen) and scene.session.actions == [chosen]
    assert table.local.pick == 0 and table.local.rotation == 0


def test_painting_a_picture_writes_nothing_back(app: App) -> None:
    """The picture is all a frame shows: painting it (whole, or the live
    part alone) leaves the table as it was, and the same state gives the
    same picture."""
    scene = start(app, [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")])
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    d.key(pygame.K_DOWN)  # the face cursor: a tile previewed on it
    table = table_of(scene)
    picture = picture_of(scene)
    assert picture.words.preview is not None and picture.big.laid
    local = replace(table.local)
    shape = table.shape
    table.paint(pygame.Surface(app.size), picture)
    table.paint_live(pygame.Surface(app.size), picture)
    assert picture_of(scene) == picture
    assert table.local == local and table.shape == shape
