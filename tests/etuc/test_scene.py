"""Planet etuC's scene, headless: clicks become the rules' actions, highlights
are the legal plays, the round-state label names each kind, and the table lays
out without overlaps from 960x600 to 3840x2160."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat, Session, default_seats
from tabletop.games import REGISTRY
from tabletop.games.etuc.rules import Card, EtucState, Pass, Play, parse_card
from tabletop.games.etuc.table.looks import card_face, colour_style
from tabletop.ui import flow, overlays
from tabletop.ui.cards import Look
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import Panel, badge_room, no_overlap, seat_head
from tests.etuc.positions import position
from tests.etuc.tables import is_etuc, line_of, look_of, table_of
from tests.etuc.test_ui_match import card_point
from tests.ui.driver import Driver, make_app

HUMANS3 = [Seat("Ann"), Seat("Bob"), Seat("Cy")]


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path)
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def start(
    app: App,
    state: EtucState | None = None,
    seats: list[Seat] | None = None,
    players: int = 3,
    seed: int = 5,
) -> GameScene:
    entry = REGISTRY["etuc"]
    seats = seats or HUMANS3[:players]
    config = entry.default_config(len(seats))
    session = Session(
        entry,
        config,
        seed,
        seats,
        threaded=False,
        timed=False,
        states=[state] if state is not None else None,
    )
    scene = flow.start_game(app, entry, config, seed, seats, session=session)
    app.frame([], 1 / 60)
    if isinstance(app.stack.top, overlays.CurtainScene):  # the first hand-over, between humans
        app.stack.top.back()
        app.frame([], 1 / 60)
    assert app.stack.top is scene
    return scene


def click(d: Driver, scene: GameScene, text: str) -> None:
    d.click(card_point(scene, parse_card(text)))


# -- selection -> action --------------------------------------------------------------


def test_a_single_card_click_then_play(app: App) -> None:
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    d = Driver(app)
    assert scene.viewer == 0 and scene.my_turn
    assert not scene.table.play_button.enabled, "nothing selected yet"
    click(d, scene, "3G")
    assert scene.table.local.selected == [Card(3, 3)]
    assert look_of(scene, Card(3, 3)) is Look.SELECTED
    assert scene.table.play_button.enabled and scene.table.local.reason is None
    assert scene.table.picture(scene.view).message.text.startswith("Play green 3?")
    d.click_widget(scene.table.play_button)
    assert scene.session.actions == [Play.of("3G")]


def test_a_gesture_gives_the_rules_action_and_the_frame_plays_it(app: App) -> None:
    """The table contract: a click on a card is a gesture of the table's own
    (True), a click on Play gives the rules' Play, which the frame plays."""
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    table = scene.table
    Driver(app).frames(1)
    point = card_point(scene, parse_card("3G"))
    press = pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1)
    assert table.handle(press) is True and table.local.selected == [Card(3, 3)]
    assert scene.session.actions == [], "a pick plays nothing"
    centre = table.play_button.rect.center
    table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=1))
    chosen = table.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=centre, button=1))
    assert chosen == Play.of("3G") and scene.session.actions == [], "the table plays nothing itself"
    assert scene.act(chosen) and scene.session.actions == [Play.of("3G")]


def test_painting_a_picture_writes_nothing_back(app: App) -> None:
    """The picture is all a frame shows: painting it leaves the table as it
    was, and the same state gives the same picture."""
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    d = Driver(app)
    click(d, scene, "3G")
    d.key(pygame.K_RIGHT)  # the keyboard's cursor shows
    table = scene.table
    picture = table.picture(scene.view)
    local = (
        list(table.local.selected),
        table.local.hover,
        table.local.playable,
        table.local.reason,
    )
    table.paint(pygame.Surface(app.size), picture)
    assert table.picture(scene.view) == picture
    assert (
        list(table.local.selected),
        table.local.hover,
        table.local.playable,
        table.local.reason,
    ) == local
    assert [spot.card for spot in picture.hand if spot.look is Look.SELECTED] == [Card(3, 3)]
    assert sum(spot.focused for spot in picture.hand) == 1


def test_click_again_deselects_and_a_third_card_replaces_the_first(app: App) -> None:
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    d = Driver(app)
    click(d, scene, "3G")
    click(d, scene, "3G")
    assert scene.table.local.selected == [] and not scene.table.play_button.enabled
    click(d, scene, "1O")
    click(d, scene, "3G")
    click(d, scene, "3B")
    assert scene.table.local.selected == [Card(3, 3), Card(3, 4)], "a play is at most two cards"


def test_a_pair_by_two_clicks_and_enter(app: App) -> None:
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    d = Driver(app)
    click(d, scene, "3B")
    click(d, scene, "3G")
    assert scene.table.local.pick() == Play.of("3G", "3B")
    assert scene.table.play_button.enabled
    d.key(pygame.K_RETURN)
    assert scene.session.actions == [Play.of("3G", "3B")]


def test_an_illegal_pair_shows_the_rules_reason_and_disables_play(app: App) -> None:
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    d = Driver(app)
    click(d, scene, "1O")
    click(d, scene, "3G")
    reason = scene.session.check(Play.of("1O", "3G"), 0)
    assert reason == "A pair must share a number or a colour."
    assert scene.table.local.reason == reason
    assert line_of(scene.table.picture(scene.view).message) == (reason, app.theme.warning)
    assert not scene.table.play_button.enabled and scene.table.play_button.disabled_reason == reason
    d.click_widget(scene.table.play_button)
    d.key(pygame.K_RETURN)  # Enter asks the rules too, and shows the same reason
    assert scene.session.actions == []
    assert any(t.text == reason for t in app.toasts.items)


def test_a_card_that_cannot_beat_the_last_play_says_why(app: App) -> None:
    state = position(["1O 3G 5P", "2Y 4A", "6P 1A"], table=[(2, "4Y"), (0, "5O")], turn=1)
    scene = start(app, state)
    d = Driver(app)
    assert scene.viewer == 1
    click(d, scene, "2Y")
    assert scene.table.local.reason == scene.session.check(Play.of("2Y"), 1)
    assert "higher number" in scene.table.local.reason
    d.click_widget(scene.table.pass_button)
    assert scene.session.actions == [Pass()]


def test_p_passes_and_s_sorts(app: App) -> None:
    state = position(["1O 3G 5P 2P", "2Y 4A", "6P 1A"], table=[(2, "4Y")], turn=0)
    scene = start(app, state)
    d = Driver(app)
    assert scene.table.hand_cards() == [Card(1, 1), Card(3, 3), Card(2, 5), Card(5, 5)]
    d.key(pygame.K_s)
    assert scene.table.hand_cards() == [Card(1, 1), Card(2, 5), Card(3, 3), Card(5, 5)]
    assert scene.table.sort_button.text == "Sort: number"
    d.click_widget(scene.table.sort_button)  # the button has the focus now
    assert scene.table.sort_button.text == "Sort: colour"
    d.key(pygame.K_SPACE)  # Space is for skipping animations, not the focused button
    assert scene.table.sort_button.text == "Sort: colour"
    d.key(pygame.K_p)
    assert scene.session.actions == [Pass()]


def test_not_my_turn_clicks_do_nothing(app: App) -> None:
    scene = start(app, seats=default_seats(["human", "easy", "easy"]), seed=3)
    s = scene.session
    while s.to_move() == 0:  # let a bot be to move, without frames
        s.play(s.rules.legal_actions(s.state)[0])
    scene.table.refresh()
    assert not scene.my_turn and not scene.table.local.playable
    cards = scene.table.hand_cards()
    pose = scene.table.hand_poses(len(cards))[0]
    scene.handle_table(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(pose.x, pose.y), button=1))
    assert scene.table.local.selected == []
    assert not scene.table.play_button.enabled and not scene.table.pass_button.enabled


# -- highlights are the legal plays ---------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_playable_highlights_equal_the_legal_plays(app: App, players: int) -> None:
    seats = default_seats(["human"] + ["easy"] * (players - 1))
    scene = start(app, seats=seats, players=players, seed=11)
    s = scene.session
    s.on_change = None  # no autosave after each of these quick moves
    chooser = random.Random(players)
    checked = 0
    while not s.is_over() and checked < 40:
        if s.to_move() == 0:
            scene.table.local.hover = None
            scene.table.local.selected = []
            scene.table.refresh()
            legal = s.rules.legal_actions(s.view(0))
            expected = {c for a in legal if isinstance(a, Play) for c in a.cards}
            hand = scene.table.hand_cards()
            lit = {c for c in hand if look_of(scene, c) is Look.PLAYABLE}
            assert lit == expected
            assert scene.table.pass_button.enabled == (Pass() in legal)
            checked += 1
        legal = s.rules.legal_actions(s.state)
        s.play(legal[chooser.randrange(len(legal))])
    assert checked >= 10


# -- the round's state ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("table", "heading"),
    [
        ([], "New round"),
        ([(1, "2O")], "Single · undetermined"),
        ([(1, "2O"), (2, "3Y")], "Single · undetermined"),
        ([(1, "2O"), (2, "4O")], "Single · by number"),
        ([(1, "2O"), (2, "1G")], "Single · by symbol"),
        ([(1, "2O+2Y")], "Number-pair"),
        ([(1, "1O+4O")], "Symbol-pair"),
        ([(1, "6P")], "Single · undetermined"),
    ],
)
def test_the_round_state_label_names_each_kind(
    app: App, table: list[tuple[int, str]], heading: str
) -> None:
    state = position(["1A 5B 6G", "2A 3A", "4B 5Y"], table=table, turn=0)
    scene = start(app, state)
    head, line = scene.table.picture(scene.view).round
    assert head == heading
    if not table:
        assert line.startswith("Ann leads")
    elif table[-1][1] == "6P":
        assert "nobody can beat it" in line
    else:
        assert line.startswith("Beat it")
    app.frame([], 1 / 60)  # and it draws


# -- layout -----------------------------------------------------------------------------------


def resize(app: App, size: tuple[int, int]) -> None:
    app.resize(size)
    w, h = size
    app.frame([pygame.event.Event(pygame.VIDEORESIZE, size=size, w=w, h=h)], 1 / 60)
    app.frame([], 1 / 60)
    assert app.size == size


def long_round(players: int) -> EtucState:
    """A round of many singles (the widest stack a table shows)."""
    if players == 3:
        table = [(i % 3, f"{n}{c}") for i, (n, c) in enumerate(zip("123456", "AOYGBP"))]
        hands = ["1P 2P 3P 4P 5P 1G 2G 3G 5G 6G 1O", "1B 2B 3B 4B 6B 2A 3A", "1Y 2Y 4Y"]
    else:
        table = [(i % 2, f"{n}{c}") for i, (n, c) in enumerate(zip("12345", "OYGBP"))]
        hands = ["1P 2P 3P 4P 1G 2G 4G 5G 1B 2B 3O", "3B 5B 1Y 3Y 4Y"]
    return position(hands, table=table, turn=0)


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("size", [(960, 600), (3840, 2160)])
def test_the_table_fits_without_overlaps(app: App, players: int, size: tuple[int, int]) -> None:
    scene = start(app, long_round(players), players=players)
    resize(app, size)
    t = app.theme
    assert scene.table_rect.w > 0
    rects = scene.table.shape.regions()
    names = list(rects)
    pairs = no_overlap(list(rects.values()))
    assert not pairs, ", ".join(f"{names[i]} {rects[names[i]]} / {names[j]}" for i, j in pairs)
    for name, r in rects.items():
        assert scene.table_rect.contains(r), f"{name} {r} leaves the table {scene.table_rect}"
    # the side panels hold their text
    for rect in (scene.table.shape.match, scene.table.shape.rank):
        panel = Panel()
        panel.rect = rect
        assert panel.content_rect(t).h > 0
    # every hand card, even raised, stays in the hand's band; cards are big enough to read
    lift = scene.table.painters.hand.lift(Look.SELECTED)
    cards = scene.table.hand_cards()
    assert len(cards) == 11
    for p in scene.table.hand_poses(len(cards)):
        r = p.raised(lift).rect(scene.table.painters.hand.card_size)
        assert scene.table.shape.hand.contains(r), (
            f"a hand card {r} leaves {scene.table.shape.hand}"
        )
    assert scene.table.painters.hand.card_height >= t.px(100)
    # the whole stack lies in its area, and the last play shows whole
    plays = tuple((p.seat, p.cards) for p in scene.view.table)
    poses = scene.table.stack_poses(plays)
    for ps in poses:
        for p in ps:
            assert scene.table.shape.stack.contains(p.rect(scene.table.painters.stack.card_size))
    assert scene.table.painters.stack.card_height >= t.px(90)
    # pair rounds too
    pair_plays = tuple((s % players, (Card(n, 1), Card(n, 2))) for s, n in enumerate(range(1, 6)))
    for ps in scene.table.stack_poses(pair_plays):
        for p in ps:
            assert scene.table.shape.stack.contains(p.rect(scene.table.painters.stack.card_size))
    # captions fit their buttons
    for b in (scene.table.play_button, scene.table.pass_button, scene.table.sort_button):
        font = t.font("body", bold=b.kind != "normal")
        for text in (b.text, "Sort: number", "Sort: colour"):
            if b is scene.table.sort_button or text == b.text:
                assert font.size(text)[0] <= b.rect.w - 2 * t.px(12), text


# -- looks ------------------------------------------------------------------------------------


def test_each_colour_has_its_own_glyph_and_letter(app: App) -> None:
    for palette in ("default", "okabe_ito"):
        app.update_settings(palette=palette)
        t = app.theme
        styles = [colour_style(t, c) for c in range(6)]
        assert len({s.glyph for s in styles}) == 6
        assert len({s.colour for s in styles}) == 6
        faces = {card_face(t, Card(3, c)) for c in range(6)}
        assert len({f.badge for f in faces}) == 6


def test_a_play_animates_and_can_be_skipped(app: App) -> None:
    app.update_settings(anim_speed=1.0)
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0))
    d = Driver(app)
    click(d, scene, "3G")
    d.click_widget(scene.table.play_button)
    assert scene.animating
    d.frames(3)
    assert scene.animating and is_etuc(app.stack.top), "no curtain mid-flight"
    d.click((10, 10), button=3)  # right click skips
    assert not scene.animating
    d.frames(1)
    assert isinstance(app.stack.top, overlays.CurtainScene)


def test_the_round_clears_with_a_slide_then_the_table_is_empty(app: App) -> None:
    app.update_settings(anim_speed=1.0)
    state = position(["1O 3G", "2Y 4A", "6P 1A"], table=[(1, "4A"), (2, "6P")], turn=0, passed=[1])
    scene = start(app, state)
    d = Driver(app)
    d.key(pygame.K_p)  # the last one in the round passes: the round is Cy's
    kinds = [p.kind for p in scene.table.clock.phases]
    assert kinds == ["pop", "hold", "clear"]
    seen_clear = False
    for _ in range(120):
        if not scene.animating:
            break
        d.frames(1)
        seen_clear = seen_clear or scene.table.clock.on("clear") is not None
    assert seen_clear and not scene.animating
    assert scene.view.table == () and scene.session.to_move() == 2


def test_a_long_name_beside_its_badge_is_shown_whole(app: App) -> None:
    """A seat's panel puts its badge ("passed", "out · 1st") at the right of
    the name; a long name steps down to the small font rather than be cut
    ("Dm…"), through the table's picture at 960x600."""
    state = position(["1O 2G", "3B 4B", ""], table=[(1, "2A")], turn=0, passed=[1], out=[2])
    seats = [Seat("Ann"), Seat("Bob"), Seat("Wilhelmina Woods")]
    scene = start(app, state, seats=seats)
    table = table_of(scene)
    t = app.theme
    panels = {p.seat: p for p in table.picture(scene.view).seats}
    assert panels[1].badge == "passed" and panels[2].badge == "out · 1st"
    for panel in panels.values():
        room = seat_head(t, table.shape.seats[panel.seat]).w - badge_room(t, panel.badge)
        assert t.font(panel.name_font, bold=True).size(panel.name.text)[0] <= room, panel
    # the body font would have cut the long name beside its badge, not the short one
    room = seat_head(t, table.shape.seats[2]).w - badge_room(t, "out · 1st")
    assert t.font("body", bold=True).size(panels[2].name.text)[0] > room
    assert (panels[1].name_font, panels[2].name_font) == ("body", "small")
