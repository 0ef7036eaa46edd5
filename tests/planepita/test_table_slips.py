"""What play showed wrong at Planepita's table (issue 10, item 4), each held
here: the log's tooltip with a shot's numbers, toasts kept off the log, the
panel's words at a round's and the game's end, the disc choice reset, lost
discs drawn in the black hole, small discs, the power meter off the pad."""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.core.session import default_seats
from tabletop.games.planepita.model import AreaResult, Flick, Phase, RoundResult
from tabletop.games.planepita.table.looks import disc_sprite, hole_spots
from tabletop.ui import flow
from tabletop.ui.gamescene import LOG_TOOLTIP_DELAY, GameScene
from tabletop.ui.theme import Theme
from tests.planepita import tables
from tests.planepita.positions import D, position
from tests.planepita.tables import table_of
from tests.ui.driver import Driver, make_app

SEED = 11


def start(
    app: Any,
    kinds: tuple[str, ...] = ("human", "human"),
    names: tuple[str, ...] = ("Ada", "Basil"),
    **variants: Any,
) -> GameScene:
    from tabletop.games import REGISTRY

    entry = REGISTRY["planepita"]
    seats = [replace(seat, name=name) for seat, name in zip(default_seats(list(kinds)), names)]
    scene = flow.start_game(app, entry, entry.default_config(len(kinds), **variants), SEED, seats)
    app.frame([], 1 / 60)
    assert tables.is_planepita(scene)
    return scene


def test_resting_on_a_log_entry_shows_the_shots_numbers(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    scene.act(Flick(0.5, 0.0, 1000.0))
    d.frames(2)
    assert scene.session.log == [
        "Ada flicks softly towards the centre: the disc lands in the 4-pt area."
    ]
    spot, index = scene._log_spots[0]
    entry = spot.move(scene.log_rect.topleft)
    d.move(entry.center)
    assert scene.log_entry_at(entry.center) == 0
    assert scene.log_tooltip() == ""  # not before the pointer rests
    d.frames(round(LOG_TOOLTIP_DELAY * 60) + 2)
    tip = scene.log_tooltip()
    assert tip.startswith("Pad at 0.50 along the stretch, aim +0.0° from straight in, 1000 mm/s")
    assert "No hits." in tip
    d.move((scene.log_rect.x + 5, scene.log_rect.bottom - 3))  # below the entries
    d.frames(round(LOG_TOOLTIP_DELAY * 60) + 2)
    assert scene.log_tooltip() == ""


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_messages_stand_below_the_log_never_over_it(tmp_path: Any, size: tuple[int, int]) -> None:
    a = make_app(tmp_path, size)
    try:
        a.update_settings(anim_speed=0.0)
        scene = start(a)
        d = Driver(a)
        for speed in (1000.0, 1100.0, 1200.0):
            scene.act(Flick(0.5, 0.0, speed))
            d.frames(2)
            if table_of(scene).flip_button.visible:
                d.press("Face up")
        a.toast("It stays face up: the disc carries the Last Player token. " * 3)
        a.toast("The jammer left the board: place it again", "error")
        d.frames(20)
        log = scene.log_rect
        assert len(a.toast_rects) == 2
        entries = [spot.move(log.topleft) for spot, _ in scene._log_spots]
        assert entries
        for box in a.toast_rects:
            assert log.contains(box), (box, log)
            assert box.collidelist(entries) == -1, "a message covers a log entry"
    finally:
        a.shutdown()


def test_the_rounds_last_disc_says_nothing_of_its_face_once_the_round_is_over(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The last launch carries the Last Player token, so it is never flipped;
    it ends the round at once, and the toasts tell the round, not the face."""
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    spots = [D(-200.0 + 30 * k, -120.0 + (k % 2) * 300.0, tp=k >= 7) for k in range(11)]
    scene.session.states[-1] = position(2, spots, jammer=(150.0, 150.0))
    scene.layout(scene.table_rect)
    Driver(app).frames(1)  # the device goes to Basil, who makes the round's last launch
    said: list[str] = []
    monkeypatch.setattr(app, "toast", lambda text, kind="info": said.append(text))
    assert scene.act(Flick(0.5, 0.0, 1000.0)), scene.last_error
    Driver(app).frames(2)
    assert scene.session.state.round == 2
    assert any(text.startswith("Round 1:") for text in said), said
    assert not any("face up" in text for text in said), said


@pytest.mark.parametrize(
    ("size", "players", "lost"), [((960, 600), 3, 4), ((960, 600), 6, 9), ((1920, 1080), 3, 12)]
)
def test_lost_discs_are_drawn_in_the_black_hole(
    tmp_path: Any, size: tuple[int, int], players: int, lost: int
) -> None:
    a = make_app(tmp_path, size)
    try:
        scene = start(a, ("human",) * players, tuple(f"P{i}" for i in range(players)))
        spots = [D(lost=True) for _ in range(lost)]
        scene.session.states[-1] = position(players, spots)
        scene.layout(scene.table_rect)
        Driver(a).frames(2)
        shown = tables.hole(scene)
        (cx, cy), rad = shown.centre, shown.rad
        assert rad > 0 and len(tables.hole_discs(scene)) == lost
        for x, y, dr in tables.hole_discs(scene):
            assert dr >= 3 and math.hypot(x - cx, y - cy) + dr <= rad + 1, (
                "a lost disc drawn outside the hole"
            )
        assert len(set(tables.hole_discs(scene))) == lost
        assert hole_spots((0, 0), 40, 0, 9) == (9, [])
    finally:
        a.shutdown()


def colour_share(img: pygame.Surface, colour: tuple[int, int, int], r: int) -> float:
    """The share of a sprite's disc (radius ``r``, centred) drawn in ``colour``
    or a shade of it, rather than the dark ink of a glyph."""
    cx, cy = img.get_width() // 2, img.get_height() // 2
    near = total = 0
    for x in range(cx - r + 1, cx + r):
        for y in range(cy - r + 1, cy + r):
            if (x - cx) ** 2 + (y - cy) ** 2 > (r - 1) ** 2:
                continue
            total += 1
            px = img.get_at((x, y))[:3]
            # a shade of the colour: darker or lighter, but the same hue, never near black
            if sum(px) > 120 and sum(abs(a - b) for a, b in zip(px, colour)) < 200:
                near += 1
    return near / total


@pytest.mark.parametrize("r", [5, 6, 8, 12])
def test_small_discs_show_their_colour_not_a_dark_glyph(r: int) -> None:
    """At 960x600 the discs-left icons and the title picture draw discs a few
    pixels across: the seat's glyph must stay inside, never cover the colour."""
    theme = Theme((960, 600))
    for seat in range(6):
        img = disc_sprite(theme, seat, 6, False, (), r)
        assert colour_share(img, theme.player(seat).colour, r) > 0.5, (seat, r)


def test_the_area_count_shows_beside_every_decision_and_the_disc_choice_resets(app: Any) -> None:
    """Choosing the disc (own or 3P) or its face keeps "If the round ended
    now" on screen; the 3P choice is for one disc, not the next turn."""
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    assert table_of(scene).own_button.visible and table_of(scene).third_button.visible
    d.press("3P disc")
    assert table_of(scene).local.use_3p
    d.frames(2)
    assert tables.power_heading(scene) == "If the round ended now"
    assert table_of(scene).shape.decide.contains(tables.power_rect(scene))
    assert tables.power_rect(scene).top >= table_of(scene).third_button.rect.bottom
    scene.act(
        Flick(0.5, 0.0, 1000.0, third_party=table_of(scene).local.use_3p)
    )  # as a gesture makes it
    d.frames(2)
    assert scene.session.state.layout.discs[-1].owner == 2  # the 3P owner
    assert (
        table_of(scene).flip_button.visible
        and tables.power_heading(scene) == "If the round ended now"
    )
    assert tables.power_rect(scene).top >= table_of(scene).flip_button.rect.bottom
    d.press("Face down")
    scene.act(
        Flick(0.5, 0.0, 1100.0, third_party=table_of(scene).local.use_3p)
    )  # Basil's: an own disc
    d.frames(2)
    assert scene.session.state.layout.discs[-1].owner == 1
    d.press("Face up")
    d.frames(2)
    assert (
        not table_of(scene).local.use_3p and table_of(scene).own_button.kind == "primary"
    )  # Ada's next disc: an own one


def test_after_the_game_the_panel_shows_the_last_rounds_result(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    areas = (
        AreaResult(5, (2, 0, 0), 0, 1, "won"),
        AreaResult(4, (0, 2, 0), 1, 1, "won"),
        AreaResult(3, (0, 0, 0), None, 0, "empty"),
    )
    history = tuple(RoundResult(r, (0.0, 0.0), 5, (), areas, 0, ()) for r in range(1, 5))
    won = (((5, 1), (5, 2), (5, 3), (5, 4)), ((4, 1), (4, 2), (4, 3), (4, 4)))
    done = replace(position(2, round=4, won=won), phase=Phase.OVER, history=history)
    scene.session.states[-1] = done
    scene.layout(scene.table_rect)
    d = Driver(app)
    d.until(lambda: type(app.stack.top).__name__ == "ResultsScene", frames=30)
    app.stack.pop()
    d.frames(2)
    assert tables.power_heading(scene) == "Round 4: who took each area"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_power_meter_never_covers_the_launching_pad(tmp_path: Any, players: int) -> None:
    """At 960x600 the meter sat in the board's bottom-left corner, over the
    disc of a pad there: it takes the corner clear of the pad."""
    a = make_app(tmp_path, (960, 600))
    try:
        scene = start(a, ("human",) * players, tuple(f"P{i}" for i in range(players)))
        d = Driver(a)
        for seat in range(players):
            st = scene.session.state
            scene.session.states[-1] = replace(st, start=seat)  # seat launches now
            d.frames(1)
            for pos in (0.0, 0.5, 1.0):
                table_of(scene).local.pad_override = {seat: pos}
                pose = table_of(scene).geo.pose(seat, pos)
                start_px = table_of(scene).geo.ipx(*pose.start)
                back = table_of(scene).geo.ipx(*pose.to_world(pose.depth * 0.6 + 60.0, 10.0))
                d.move(start_px)
                d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_px, button=1)])
                d.move(back, (1, 0, 0))
                assert (
                    table_of(scene).local.drag is not None
                    and tables.aim_prediction(scene) is not None
                )
                xs, ys = zip(*table_of(scene).geo.pad_polygon(pose))
                pad = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                assert not tables.meter_rect(scene).colliderect(pad), (
                    seat,
                    pos,
                    tables.meter_rect(scene),
                    pad,
                )
                assert table_of(scene).shape.board_area.contains(tables.meter_rect(scene))
                table_of(scene).local.drag = None
    finally:
        a.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_power_meter_never_covers_the_replay_button(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    """At 1280x800 an aim to the left put the meter in the top-left corner,
    over "Replay shot (R)": the meter keeps clear of the scene's controls."""
    a = make_app(tmp_path, size)
    try:
        a.update_settings(anim_speed=0.0)
        scene = start(a, ("human",) * 3, ("P0", "P1", "P2"))
        d = Driver(a)
        scene.act(Flick(0.5, 0.0, 1000.0))
        d.frames(2)
        scene.session.states[-1] = replace(scene.session.state, phase=Phase.LAUNCH, start=0)
        d.frames(2)
        seat = 0
        scene.session.states[-1] = replace(scene.session.state, start=seat)
        checked = 0
        for pos in (0.0, 0.5, 1.0):
            for side in (-1.0, 1.0):
                table_of(scene).local.pad_override = {seat: pos}
                d.frames(1)
                assert table_of(scene).replay.button.visible
                pose = table_of(scene).geo.pose(seat, pos)
                start_px = table_of(scene).geo.ipx(*pose.start)
                back = table_of(scene).geo.ipx(*pose.to_world(pose.depth * 0.6 + 60.0, side * 45.0))
                d.move(start_px)
                d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_px, button=1)])
                d.move(back, (1, 0, 0))
                if table_of(scene).local.drag is None or tables.aim_prediction(scene) is None:
                    continue
                assert not tables.meter_rect(scene).colliderect(
                    table_of(scene).replay.button.rect
                ), (pos, side)
                checked += 1
                table_of(scene).local.drag = None  # let go without flicking
                d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back, button=1)])
        assert checked == 6
    finally:
        a.shutdown()


def test_a_layout_for_a_new_viewer_keeps_the_drawn_backdrop(app: Any) -> None:
    """Hot-seat lays the table out again whenever the device changes hands;
    the backdrop (space and planet, about 50 ms to draw at 1920x1080) does not
    depend on the viewer and is not drawn again (it made every hand-over a
    dropped frame)."""
    scene = start(app)
    Driver(app).frames(1)
    drawn = table_of(scene).art.backdrop
    assert drawn is not None
    scene.layout(scene.table_rect)
    Driver(app).frames(1)
    assert table_of(scene).art.backdrop is drawn
