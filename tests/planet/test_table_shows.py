"""What Planet's table shows before it decides (issue 27), through its
picture: a hint turns your planet to the face it names and lifts its tile;
faces go by the numbers drawn on them; a held tile never vanishes and a drop
lands only where the preview showed; the rim turns the planet slowly enough
to stop on a face; the small planets show their far side; the preview's
words are never cut; the rules page lists the controls; at the end every
habitat card is shown.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat
from tabletop.games import REGISTRY
from tabletop.games.planet.model import Place
from tabletop.games.planet.rules import RULES, face_number
from tabletop.games.planet.table.globe import FAR_SIDE
from tabletop.games.planet.table.input import EDGE_DWELL
from tabletop.games.planet.table.layout import tray_lift
from tabletop.games.planet.table.paint import words_laid
from tabletop.games.planet.table.picture import Line, Words
from tabletop.ui import overlays
from tabletop.ui.solid import Quat, q_mul
from tests.planet.scene_entry import ENTRY
from tests.planet.tables import picture_of, previewed, table_of, tray_point
from tests.ui.driver import Driver, make_app, start_table

RULES_TXT = Path(__file__).parents[2] / "tabletop" / "games" / "planet" / "rules.txt"


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, (1280, 800), games={**REGISTRY, "planet": ENTRY})
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def my_turn(app: App, seats: list[Seat], seed: int = 3) -> tuple[Any, Driver]:
    scene = start_table(app, ENTRY, seats, seed)
    d = Driver(app)
    d.until(lambda: d.top is scene and scene.my_turn)
    return scene, d


def angle(a: Quat, b: Quat) -> float:
    """The angle of the turn from ``a`` to ``b``."""
    dot = abs(sum(x * y for x, y in zip(a, b, strict=True)))
    return 2 * math.acos(min(1.0, dot))


def test_a_hint_turns_your_planet_to_its_face_lifts_its_tile_and_names_the_face_drawn(
    tmp_path: Any,
) -> None:
    """With the real hard bot: the hint's face comes round to the front of
    your planet, its tile is picked in the tray at the
    hint's turn and drawn lifted, and the reason names the face by the
    number the planet draws on it."""
    app = make_app(tmp_path, (1280, 800), games=dict(REGISTRY))
    try:
        app.update_settings(anim_speed=0)
        scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy")], seed=5)
        table = table_of(scene)
        solid = table.solids[scene.viewer]
        d.move((2, app.size[1] - 2))
        d.key(pygame.K_h)
        hint = scene.hint_action
        assert isinstance(hint, Place)
        assert scene.shown_hint is not None
        said = scene.shown_hint.reason  # the bot's words, or the move's log line
        assert re.search(rf"on face {face_number(hint.face)}[:.]", said), said
        d.frames(60)
        assert solid.facing(hint.face) > 0.99, "the hint's face is turned to the front"
        assert solid.face_at(solid.rect.center) == hint.face
        tray = picture_of(scene).tray
        assert tray.hinted == table.tiles.index(hint.tile) == tray.pick
        assert tray.rotation == hint.rotation
        spot = next(r for r, k in table.tray_spots() if k == tray.hinted)
        assert table.shape.tray.contains(spot.move(0, -tray_lift(app.theme))), "lifted in the tray"
        # hovering the face now previews exactly the hint
        point = table.big.face_point(hint.face)
        assert point is not None
        d.move(point)
        assert previewed(scene) == (hint.tile, hint.face, hint.rotation)
    finally:
        app.shutdown()


def test_log_lines_name_faces_by_the_number_drawn_on_them() -> None:
    state = RULES.setup(RULES.info.config(2), 4)
    action = RULES.legal_actions(state)[0]
    after = RULES.apply(state, action)
    line = RULES.log_line(state, action, after, ["Ada", "Bo"])
    assert line.endswith(f"tile on face {action.face + 1}.")
    assert face_number(0) == 1 and face_number(11) == 12


def hold(d: Driver, scene: Any, index: int = 0) -> None:
    d.move(tray_point(scene, index))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tray_point(scene, index), button=1)])
    assert table_of(scene).local.drag == index


def test_a_held_tile_stays_in_sight_over_a_face_that_holds_a_tile(app: App) -> None:
    scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    table = table_of(scene)
    first = table.place(table.free_faces()[0])
    assert first is not None and scene.act(first)
    d.until(lambda: d.top is scene and scene.my_turn)
    table.big.turn_to_face(first.face, 0)
    hold(d, scene)
    point = table.big.face_point(first.face)
    assert point is not None
    d.move(point, (1, 0, 0))
    picture = picture_of(scene)
    assert table.local.hover_face == first.face and picture.words.preview is None
    assert picture.held is not None and picture.held.pos == point, "the tile is still drawn"
    plies = scene.session.ply
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1)])
    assert scene.session.ply == plies, "nothing placed on a face that holds a tile"


def test_a_drop_lands_only_where_the_preview_showed(app: App) -> None:
    """A release on a face the last frame did not preview (the pointer got
    there in the frame of the release) places nothing; a release on the
    face previewed places the previewed tile there at its turn."""
    scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    table = table_of(scene)
    solid = table.solids[scene.viewer]
    solid.turn_to_face(0, 0)
    d.frame()
    free = [f for f in table.free_faces() if solid.face_point(f) is not None]
    a, b = free[0], free[1]
    pa, pb = solid.face_point(a), solid.face_point(b)
    assert pa is not None and pb is not None
    hold(d, scene, 1)
    d.key(pygame.K_r)
    d.move(pa, (1, 0, 0))
    assert previewed(scene) == (table.tiles[1], a, 1)
    plies = scene.session.ply
    # the pointer reaches b and lets go in one frame: b was never previewed
    d.frame(
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pb, rel=(0, 0), buttons=(1, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1),
        ]
    )
    assert scene.session.ply == plies, "no tile lands on a face never previewed"
    assert table.local.drag is None
    tile = table.tiles[1]
    hold(d, scene, 1)
    d.move(pb, (1, 0, 0))
    assert previewed(scene) == (tile, b, table.local.rotation)
    shown = previewed(scene)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pb, button=1)])
    assert scene.session.ply == plies + 1
    assert shown is not None and scene.session.actions[-1] == Place(*shown)


def test_the_rim_turns_the_planet_less_than_a_face_a_second(app: App) -> None:
    """Held at the rim, after its dwell, the planet turns, but by less than
    the angle between two neighbouring faces (1.11 radians) in a second."""
    scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    table = table_of(scene)
    solid = table.solids[scene.viewer]
    proj = solid.view.project()
    rim = (round(proj.centre[0] - 0.98 * proj.radius), round(proj.centre[1]))
    hold(d, scene)
    d.move(rim, (1, 0, 0))
    d.frames(round(EDGE_DWELL * 60) + 2)
    start = solid.orientation
    d.frames(60)
    turned = angle(start, solid.orientation)
    assert 0.2 < turned < 1.1 * 0.8, turned


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_the_small_planets_show_their_far_side_or_say_one_side_is_hidden(
    app: App, size: tuple[int, int]
) -> None:
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    seats.append(Seat("Di", "bot", "easy"))
    scene, d = my_turn(app, seats)
    app.resize(size)
    d.frames(2)
    table = table_of(scene)
    for small in picture_of(scene).smalls:
        if small.back is None:
            assert "one side shown" in small.words
            continue
        assert small.back == q_mul(FAR_SIDE, small.orientation)
        front = set(table.small[small.seat].view.visible_faces())
        back = table.backs[small.seat]
        back.view.orientation = small.back
        assert front | set(back.view.visible_faces()) == set(range(12)), "every face in sight"
        assert table.shape.small[small.seat].contains(table.shape.small_back[small.seat])
    assert any(s.back is not None for s in picture_of(scene).smalls) or size == (960, 600)


def test_the_preview_words_wrap_whole_and_say_when_more_is_in_the_tooltip(app: App) -> None:
    scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy")])
    table = table_of(scene)
    app.resize((960, 600))
    d.frames(2)
    t, r = app.theme, table.shape.info
    text = "Habitat forest: 12 → 14 cells, 8 → 10 points"
    few = Words(None, (Line(text), Line("would lead: Rattlesnake (desert, no glacier)")))
    laid, whole = words_laid(t, r, few)
    assert whole and " ".join(part for part, _ in laid).split() == (
        f"{few.lines[0].text} {few.lines[1].text}".split()
    ), "wrapped, never cut"
    assert all(t.small.size(part)[0] <= r.w - t.px(16) for part, _ in laid)
    many = Words(
        None, tuple(Line(f"would lead: Animal number {k} (ocean by forest)") for k in range(12))
    )
    laid, whole = words_laid(t, r, many)
    assert not whole and laid[-1][0].startswith("… more")
    rows = (r.h - t.px(8)) // t.small.get_linesize()
    assert len(laid) <= rows


def test_the_rules_page_lists_the_controls() -> None:
    text = RULES_TXT.read_text("utf-8")
    controls = text.split("# Controls")[1].split("\n# ")[0].lower()
    for words in ("drag", "wheel", " r ", "m, or the flat map", "arrows", "enter", "h asks"):
        assert words in controls, words


def test_at_the_end_every_habitat_card_is_shown_and_none_is_secret(app: App) -> None:
    scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")])
    rng = random.Random(2)
    state = scene.session.state
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
    view = RULES.view(state, 0)
    card = table_of(scene).picture(view).habitat
    assert [s.seat for s in card.shown] == [0, 1, 2]
    for shown in card.shown:
        assert shown.terrain == state.habitats[shown.seat]
        assert shown.cells == state.planets[shown.seat].count(shown.terrain)
    midgame = table_of(scene).picture(replace(view, round=5)).habitat
    assert midgame.shown == (), "before the end only your own card, secret"


def test_the_results_screen_shows_every_habitat_card_above_the_sheet(app: App) -> None:
    """A game played out: the results screen takes the table's picture of
    the habitat cards (one box per seat, in its colour) above the score
    sheet, whose totals are the outcome's."""
    scene, d = my_turn(app, [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")])
    session = scene.session
    rng = random.Random(4)
    while not session.is_over():
        legal = session.rules.legal_actions(session.state)
        session.play(legal[rng.randrange(len(legal))])
    for _ in range(40):
        if isinstance(d.top, overlays.ResultsScene):
            break
        if d.top is scene:
            d.frame(dt=0.5)
        else:
            d.key(pygame.K_RETURN)  # a round's summary, closed
    top = d.top
    assert isinstance(top, overlays.ResultsScene)
    assert top.picture is not None and top.picture[0] > 0
    assert top.sheet.totals == session.rules.outcome(session.state).scores
    surface = pygame.Surface(app.size)
    surface.fill((0, 0, 0))
    rect = pygame.Rect(10, 10, 900, top.picture[0])
    top.picture[1](surface, rect)
    for seat in range(3):  # each card's frame in its owner's colour
        colour = app.theme.player(seat).colour
        assert any(
            surface.get_at((x, rect.y + rect.h // 2))[:3] == colour
            for x in range(rect.x, rect.right)
        ), seat
