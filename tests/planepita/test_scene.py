"""Planepita's table, headless: the mm <-> pixel mapping, pad drags, pulls and
swipes becoming Flicks, jammer placement, and layouts at both window extremes."""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.core.session import default_seats
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.aim import (
    DEAD_MM,
    OFF_TIP_MM,
    PULL_REACH_MM,
    centre_mm,
    pull_length,
    pull_speed,
    reach_mm,
    slide_speed,
)
from tabletop.games.planepita.model import Flick, Flip, Phase
from tabletop.games.planepita.playback import PullBack, RoundEnd, ShotAnim
from tabletop.games.planepita.table import draw_icon
from tabletop.games.planepita.table.layout import PROMPTS, Geometry
from tabletop.games.planepita.table.looks import LABEL_BACK
from tabletop.ui import flow
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import no_overlap
from tests.planepita import tables
from tests.planepita.tables import table_of
from tests.ui.driver import Driver, make_app

SEED = 11


def start(
    app: Any,
    kinds: tuple[str, ...] = ("human", "human"),
    seed: int = SEED,
    names: tuple[str, ...] = (),
    **variants: Any,
) -> GameScene:
    from tabletop.games import REGISTRY

    entry = REGISTRY["planepita"]
    seats = default_seats(list(kinds))
    if names:
        seats = [replace(seat, name=name) for seat, name in zip(seats, names)]
    scene = flow.start_game(app, entry, entry.default_config(len(kinds), **variants), seed, seats)
    app.frame([], 1 / 60)
    assert tables.is_planepita(scene)
    return scene


def played(scene: GameScene) -> list[Any]:
    return list(scene.session.actions)


def disc_px(scene: GameScene) -> tuple[int, int]:
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    return table_of(scene).geo.ipx(*pose.start)


def px_of(scene: GameScene, x: float, y: float) -> tuple[int, int]:
    return table_of(scene).geo.ipx(x, y)


# -- geometry -------------------------------------------------------------------------------------


def test_mm_pixel_mapping_round_trips_and_flips_y() -> None:
    from tabletop.games.planepita.board import default_board

    geo = Geometry(pygame.Rect(100, 50, 724, 724), default_board(), 2)
    assert geo.to_px(0, 0) == (462, 412)
    for x, y in ((0.0, 0.0), (120.5, -33.25), (-250.0, 250.0), (300.0, 1.0)):
        px, py = geo.to_px(x, y)
        back = geo.to_mm(px, py)
        assert back == pytest.approx((x, y), abs=1e-9)
    assert geo.to_px(0, 100)[1] < geo.cy < geo.to_px(0, -100)[1]  # board y up, screen y down
    assert geo.to_px(100, 0)[0] > geo.cx
    # the scale follows the square
    big = Geometry(pygame.Rect(0, 0, 2 * 724, 2 * 724), default_board(), 2)
    assert big.scale == pytest.approx(2 * geo.scale)


def test_pad_position_follows_the_arc_and_stays_in_the_stretch() -> None:
    from tabletop.games.planepita.board import default_board

    board = default_board()
    geo = Geometry(pygame.Rect(0, 0, 800, 800), board, 4)
    for seat in range(4):
        lo, hi = board.stretch_arc(4, seat)
        for f in (0.0, 0.3, 0.5, 0.9, 1.0):
            a = math.radians(lo + f * (hi - lo))
            px = geo.to_px(300 * math.cos(a), 300 * math.sin(a))
            assert geo.pad_position_at(seat, *px) == pytest.approx(f, abs=1e-6)
        # far outside the stretch: clamped to an end, never out of 0..1
        for off in (-60.0, 60.0, 179.0):
            a = math.radians((lo + hi) / 2 + off)
            pos = geo.pad_position_at(seat, *geo.to_px(300 * math.cos(a), 300 * math.sin(a)))
            assert 0.0 <= pos <= 1.0


# -- input ----------------------------------------------------------------------------------------


def test_dragging_the_pad_moves_it_along_its_stretch(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    grip = table_of(scene).geo.ipx(
        *pose.to_world(pose.depth * 0.92, 0.0)
    )  # the pad's back, not the disc
    lo, hi = table_of(scene).board.stretch_arc(2, seat)
    target_a = math.radians(lo + 0.2 * (hi - lo))
    target = px_of(scene, 320 * math.cos(target_a), 320 * math.sin(target_a))
    d.drag(grip, target)
    assert table_of(scene).pad_pos(seat) == pytest.approx(0.2, abs=0.02)
    assert played(scene) == []  # moving the pad is no action
    # past the end of the stretch: the pad stops at its end
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    grip = table_of(scene).geo.ipx(*pose.to_world(pose.depth * 0.92, 0.0))
    beyond = math.radians(hi + 40)
    d.drag(grip, px_of(scene, 320 * math.cos(beyond), 320 * math.sin(beyond)), steps=16)
    assert table_of(scene).pad_pos(seat) == pytest.approx(1.0)
    angle = table_of(scene).board.pad_angle(2, seat, table_of(scene).pad_pos(seat))
    assert lo - 1e-9 <= angle <= hi + 1e-9
    app.frame([], 1 / 60)  # draws with the moved pad


def test_a_pull_back_flicks_straight_in_with_speed_from_its_length(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    pull = 60.0  # mm straight back, away from the planet
    back = (pose.start[0] - pose.inward[0] * pull, pose.start[1] - pose.inward[1] * pull)
    d.drag(disc_px(scene), px_of(scene, *back), steps=10)
    (flick,) = played(scene)
    assert isinstance(flick, Flick)
    vmax = table_of(scene).params.launch.max_speed
    assert flick.angle == pytest.approx(0.0, abs=1.5)
    assert flick.speed == pytest.approx(
        pull_speed(pull, vmax, table_of(scene).board, table_of(scene).params), rel=0.03
    )
    assert flick.pad == pytest.approx(0.5)
    assert not flick.third_party


@pytest.mark.parametrize("side", [1.0, -1.0])
def test_the_aim_is_opposite_the_pull_and_clamped(app: Any, side: float) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    # pull back and towards +across: the disc flies towards -across, a clockwise
    # (negative) aim; very long: top speed
    back = pose.to_world(200.0, side * 60.0)
    d.drag(disc_px(scene), px_of(scene, *back), steps=10)
    (flick,) = played(scene)
    expected = (
        -math.degrees(math.atan2(60.0, 200.0 - pose.depth * table_of(scene).board.pad_start)) * side
    )
    assert flick.angle == pytest.approx(expected, abs=1.0)
    assert math.copysign(1, flick.angle) == -side
    assert flick.speed == table_of(scene).params.launch.max_speed


def mu_g() -> float:
    p = params_mod.default()
    return p.friction.mu_face_up * p.friction.g


@pytest.mark.parametrize(
    "pull,side", [(10.0, 0.0), (35.0, 0.0), (60.0, 8.0), (85.0, -6.0), (99.0, 0.0)]
)
def test_the_aim_tip_is_where_the_disc_would_stop(app: Any, pull: float, side: float) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    a, b = (
        disc_px(scene),
        px_of(scene, *pose.to_world(pose.depth * table_of(scene).board.pad_start + pull, side)),
    )
    d.move(a)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    d.move(b, (1, 0, 0))
    d.frame()  # draws the aim
    angle, speed = tables.current_aim(scene)
    pred, tip = tables.aim_prediction(scene), tables.aim_tip(scene)
    assert pred is not None and tip is not None
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    (flick,) = played(scene)
    assert flick.speed == speed  # the meter shows what is played
    stop = flick.speed**2 / (2 * mu_g())
    assert pred.stop == pytest.approx(stop, abs=1.0)
    if pred.exit is None:  # on the board (or still on the pad): the tip is the stop
        assert math.dist(tip, pose.start) == pytest.approx(stop, abs=1.0)
    # the distance grows linearly with the pull, to just past the far rim at PULL_REACH_MM
    length = math.hypot(pull, side)
    assert stop == pytest.approx(length / PULL_REACH_MM * reach_mm(table_of(scene).board), abs=6.0)


def test_a_long_pull_shows_where_the_disc_leaves_the_board(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    a = disc_px(scene)
    d.move(a)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    d.move(
        px_of(scene, *pose.to_world(pose.depth * table_of(scene).board.pad_start + 110.0, 0.0)),
        (1, 0, 0),
    )
    d.frame()
    pred = tables.aim_prediction(scene)
    _, speed = tables.current_aim(scene)
    assert pred is not None and pred.exit is not None and pred.stop > pred.exit
    assert pred.stop == pytest.approx(speed**2 / (2 * mu_g()), abs=1.0)
    # the line is clipped just past the rim (straight across: the far side)
    b = table_of(scene).board
    tip_r = math.hypot(*tables.aim_tip(scene))
    assert b.outer_radius < tip_r <= b.outer_radius + b.disc_radius + OFF_TIP_MM + 1e-6


def test_a_bots_pull_back_grows_like_a_human_pull(app: Any) -> None:
    scene = start(app)
    st = scene.session.state
    flick = Flick(0.5, 0.0, 1500.0)
    disc = pp_rules.launched_disc(st, flick)
    anim = PullBack(st, 0, disc, flick, 1.0)
    board, p = table_of(scene).board, table_of(scene).params
    vmax = p.launch.max_speed
    full = pull_length(flick.speed, vmax, board, p)
    anim.t = 0.5
    _, v = anim.moment().aim
    assert pull_length(v, vmax, board, p) == pytest.approx(full * 0.5, abs=0.1)  # eased: half way
    anim.t = 1.0
    assert anim.moment().aim == (0.0, 1500.0)


def test_the_angle_is_clamped_to_the_rules_maximum(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    sideways = (pose.start[0] + pose.across[0] * 80, pose.start[1] + pose.across[1] * 80)
    d.drag(disc_px(scene), px_of(scene, *sideways), steps=10)
    (flick,) = played(scene)
    assert flick.angle == pytest.approx(-table_of(scene).params.launch.max_angle)


def test_a_pull_of_no_length_is_refused_by_the_rules(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    d.click(disc_px(scene))
    assert played(scene) == []
    assert "speed" in scene.last_error
    assert DEAD_MM > 0


def test_swipe_mode_reads_the_swipes_speed_on_the_screen(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    app.set_game_setting("planepita", "flick_mode", "swipe")
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    ahead_mm = 200 / table_of(scene).geo.scale  # 200 px on this screen
    ahead = (pose.start[0] + pose.inward[0] * ahead_mm, pose.start[1] + pose.inward[1] * ahead_mm)
    d.drag(disc_px(scene), px_of(scene, *ahead), steps=12)  # 200 px in 12 frames: 0.2 s
    (natural,) = played(scene)
    assert natural.angle == pytest.approx(0.0, abs=1.5)
    centre = slide_speed(centre_mm(table_of(scene).board), table_of(scene).params)
    assert natural.speed == pytest.approx(centre, rel=0.1)  # it slides to the planet's centre
    assert scene.session.undo(seat)
    scene.layout(scene.table_rect)
    app.frame([], 1 / 60)
    d.drag(disc_px(scene), px_of(scene, *ahead), steps=4)  # the same swipe, faster
    fast = played(scene)[-1]
    assert fast.speed > natural.speed * 1.3
    # a press held still before the swipe is not timed
    assert scene.session.undo(seat)
    app.frame([], 1 / 60)
    a, b = disc_px(scene), px_of(scene, *ahead)
    d.move(a)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    d.frames(30)  # half a second pressed, still
    for i in range(1, 13):
        d.move((a[0] + (b[0] - a[0]) * i // 12, a[1] + (b[1] - a[1]) * i // 12), (1, 0, 0))
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert played(scene)[-1].speed == pytest.approx(natural.speed, rel=0.1)
    # pulling back in swipe mode swipes backwards: clamped to the widest aim
    assert scene.session.undo(seat)
    app.frame([], 1 / 60)
    d.drag(disc_px(scene), px_of(scene, *pose.to_world(pose.depth * 0.6 + 40.0, 5.0)), steps=3)
    assert abs(played(scene)[-1].angle) == pytest.approx(table_of(scene).params.launch.max_angle)


def test_a_human_flick_plays_its_trajectory_and_can_be_skipped(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    d.drag(disc_px(scene), px_of(scene, *pose.to_world(pose.depth * 0.6 + 70, 0.0)))
    assert scene.animating and isinstance(table_of(scene).queue.anims[0], ShotAnim)
    traj = pp_rules.shot(scene.session.states[-2], played(scene)[0])
    assert table_of(scene).queue.anims[0].traj is traj  # the very trajectory apply used
    d.frames(5)
    assert scene.animating
    d.click((5, 5), button=3)  # right-click skips
    assert not scene.animating


def test_flip_prompt_buttons_and_keys(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    state = scene.session.state
    scene.act(Flick(0.5, 0.0, 1100.0))  # stops in the 4-pt area, away from the jammer
    app.frame([], 1 / 60)
    assert scene.session.state.phase is Phase.FLIP
    assert table_of(scene).flip_button.visible and table_of(scene).keep_button.visible
    assert table_of(scene).shape.decide.contains(table_of(scene).flip_button.rect)
    assert table_of(scene).shape.decide.contains(table_of(scene).keep_button.rect)
    d.key(pygame.K_f)
    assert played(scene)[-1] == Flip(True)
    disc = next(x for x in scene.session.state.layout.discs if x.id == state.next_id)
    assert disc.face_down
    assert not table_of(scene).flip_button.visible


def test_no_flip_is_explained(app: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    said: list[str] = []
    monkeypatch.setattr(app, "toast", lambda text, kind="info": said.append(text))
    # a disc stopping in the jammer's (5-pt) area is not offered a flip
    for speed in (1700.0, 1800.0, 1900.0, 2000.0, 1600.0):
        st = scene.session.state
        traj = pp_rules.shot(st, Flick(0.5, 0.0, speed))
        d = next((x for x in traj.final.discs if x.id == st.next_id), None)
        if d is not None and pp_rules.flip_refusal(traj.final, d.id):
            scene.act(Flick(0.5, 0.0, speed))
            break
    else:
        pytest.skip("no straight shot ends in the jammer's area here")
    assert scene.session.state.phase is Phase.LAUNCH
    assert any("stays face up" in s and "jammer" in s for s in said), said


def jammer_scene(app: Any) -> GameScene:
    scene = start(app)
    s = scene.session
    st = s.state
    s.states[-1] = replace(st, phase=Phase.PLACE_JAMMER, layout=replace(st.layout, jammer=None))
    scene.layout(scene.table_rect)
    app.frame([], 1 / 60)
    return scene


def label_has_backing(app: Any, rect: pygame.Rect) -> bool:
    t = app.theme
    inside = [
        (rect.x + t.px(3), rect.centery),
        (rect.right - t.px(4), rect.centery),
        (rect.centerx, rect.y + t.px(2)),
    ]
    return all(app.screen.get_at(p)[:3] == LABEL_BACK for p in inside)


def test_jammer_ghost_labels_have_a_backing_and_a_glyph(app: Any) -> None:
    scene = jammer_scene(app)
    d = Driver(app)
    spot = next(
        (x, y)
        for x in range(-60, 61, 10)
        for y in range(-60, 61, 10)
        if scene.session.check(pp_rules.PlaceJammer(float(x), float(y)), scene.viewer) is None
    )
    for where, ok in ((spot, True), ((200.0, 0.0), False)):
        d.move(px_of(scene, *where))
        d.frame()
        rect = tables.ghost_label_rect(scene)
        assert rect is not None and table_of(scene).shape.board_area.contains(rect)
        assert label_has_backing(app, rect)
        assert (table_of(scene).local.ghost_reason is None) is ok
        glyph = "✓" if ok else "✗"
        assert scene.app.theme.small.size(glyph)[0] > 0
        # the glyph is in the label: the label is wider than the words alone
        words = "place here" if ok else "not here"
        assert rect.w > app.theme.font("small", bold=True).size(words)[0] + 2 * app.theme.px(8)


def test_jammer_placement_shows_legality_and_the_rules_decide(app: Any) -> None:
    scene = jammer_scene(app)
    d = Driver(app)
    assert "jammer" in tables.prompt(scene, scene.session.state)
    d.move(px_of(scene, 10.0, 5.0))
    assert (
        table_of(scene).local.ghost is not None and table_of(scene).local.ghost_reason is None
    )  # green
    d.move(px_of(scene, 200.0, 0.0))
    assert (
        table_of(scene).local.ghost_reason is not None
        and "5-pt" in table_of(scene).local.ghost_reason
    )  # red
    app.frame([], 1 / 60)  # draws the red ghost
    d.click(px_of(scene, 200.0, 0.0))
    assert scene.session.state.phase is Phase.PLACE_JAMMER
    assert "5-pt" in scene.last_error
    d.click(px_of(scene, 10.0, 5.0))
    st = scene.session.state
    assert st.phase is not Phase.PLACE_JAMMER
    assert st.layout.jammer is not None and math.dist(st.layout.jammer, (10.0, 5.0)) < 2.0


# -- drawing ------------------------------------------------------------------------------------------


def advance(scene: GameScene, n: int, seed: int = 3) -> None:
    rnd = random.Random(seed)
    s = scene.session
    for _ in range(n):
        if s.is_over():
            break
        s.play(pp_rules.sample_action(s.state, rnd))


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("players", [2, 4, 6])
def test_layout_at_every_size_keeps_panels_off_the_board(
    tmp_path: Any, size: tuple[int, int], players: int
) -> None:
    app = make_app(tmp_path, size)
    try:
        scene = start(app, ("human",) * players)
        advance(scene, 7)
        app.frame([], 1 / 60)
        rects = table_of(scene).shape.parts()
        assert no_overlap(rects) == [], rects
        for r in rects:
            assert scene.table_rect.contains(r), (r, scene.table_rect)
        assert table_of(scene).shape.panel.right <= scene.table_rect.right
        assert not table_of(scene).geo.square.colliderect(table_of(scene).shape.panel)
        for row in table_of(scene).shape.seat_rows:
            assert table_of(scene).shape.seats.contains(row)
        for slot in table_of(scene).shape.slot_boxes:
            assert table_of(scene).shape.slots.contains(slot)
        assert table_of(scene).shape.hole.h >= 0
        # every widget that shows lies in its box (the replay button on the board: test_replay.py)
        for w in table_of(scene).group.widgets:
            if w.visible and w is not table_of(scene).replay.button:
                assert table_of(scene).shape.decide.contains(w.rect)
    finally:
        app.shutdown()


@pytest.mark.parametrize("size", [(960, 600), (1280, 800)])
def test_the_prompt_fits_its_box_for_every_phase_with_long_names(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, size)
    try:
        names = ("Bartholomew-Jone", "Maximilianus-Abc", "WWWWWWWWWWWWWWWW")
        assert all(len(n) == 16 for n in names)
        scene = start(app, ("human",) * 3, names=names)
        t = app.theme
        width = table_of(scene).shape.head.w - t.px(24)
        font = t.font("body", bold=True)
        room = table_of(scene).shape.head.h - t.heading.get_linesize() - 2 * t.small.get_linesize()
        for seat in range(3):
            for phase, words in PROMPTS.items():
                text = f"{t.player(seat).glyph} {names[seat]}: {words}"
                lines = tables.prompt_text_lines(scene, text)
                assert len(lines) <= table_of(scene).shape.prompt_rows, (phase, lines)
                assert all(font.size(line)[0] <= width for line in lines), lines
                assert " ".join(lines).endswith(words)  # what to do is never cut
                if seat < 2:  # real names, even 16 characters long: wrapped, nothing cut
                    assert " ".join(lines) == text
        assert table_of(scene).shape.prompt_rows * t.body.get_linesize() <= room
        assert no_overlap(table_of(scene).shape.parts()) == []
        for phase in (Phase.LAUNCH, Phase.FLIP, Phase.PLACE_JAMMER):
            st = scene.session.state
            scene.session.states[-1] = replace(st, phase=phase)
            assert names[0] in tables.prompt(scene, scene.session.state)
            app.frame([], 1 / 60)  # draws
    finally:
        app.shutdown()


def test_round_end_animation_draws_power_and_tokens(app: Any) -> None:
    app.update_settings(anim_speed=4.0)
    scene = start(app)
    s = scene.session
    rnd = random.Random(5)
    while len(s.state.history) == 0:
        move = s.play(pp_rules.sample_action(s.state, rnd))
        if len(move.after.history):
            scene.on_played(move)
    assert any(isinstance(a, RoundEnd) for a in table_of(scene).queue.anims)
    for _ in range(400):
        app.frame([], 1 / 60)
        if not scene.animating:
            break
    assert not scene.animating


@pytest.mark.parametrize("third_party", [True, False])
def test_the_round_ends_power_table_has_a_3p_column_only_with_3p_discs(
    app: Any, third_party: bool
) -> None:
    scene = start(app, third_party=third_party)
    s = scene.session
    rnd = random.Random(5)
    while len(s.state.history) == 0:
        move = s.play(pp_rules.sample_action(s.state, rnd))
        if len(move.after.history):
            scene.on_played(move)
    shown = set()
    for _ in range(2000):
        app.frame([], 1 / 60)
        finale = tables.picture_of(scene).finale
        if finale is not None:
            shown.add(finale.owners)
        if not scene.animating:
            break
    assert shown == {3 if third_party else 2}


def test_icon_draws(app: Any) -> None:
    surf = pygame.Surface((320, 200))
    draw_icon(surf, surf.get_rect(), app.theme)
    colours = {surf.get_at((x, y))[:3] for x in range(0, 320, 7) for y in range(0, 200, 7)}
    assert len(colours) > 20


def test_a_flick_is_simulated_once_from_the_flick_to_the_screen(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A move flows one way: Session.play simulates the shot and hands its
    trajectory on (Move.trace) to the animation, the log line and the log's
    detail. With the shot memo taken away, every flick of a round, the last
    one that ends it included, runs the physics exactly once."""
    runs: list[Any] = []

    def simulate_once(layout: Any, launch: Any, params: Any) -> Any:
        runs.append(launch)
        return pp_rules.simulate(layout, launch, params)

    monkeypatch.setattr(pp_rules, "_simulate", simulate_once)  # no memo to hide a second run
    app.update_settings(anim_speed=4.0)
    scene = start(app, ("human", "human"))
    s = scene.session
    d = Driver(app)
    rnd = random.Random(3)
    flicks = 0
    while not s.state.history:
        action = pp_rules.sample_action(s.state, rnd)
        flicks += isinstance(action, Flick)
        assert scene.act(action)
        d.until(lambda: not scene.animating, frames=2000)
        d.frames(2)  # the log panel draws the new line
        assert len(runs) == flicks, f"flick {flicks} ran the physics {len(runs)} times in all"
        if isinstance(action, Flick):
            assert s.log_detail(s.ply - 1) and len(runs) == flicks
    assert flicks >= 2 and s.log[-1]


def test_a_pull_gives_the_rules_flick_and_the_frame_plays_it(app: Any) -> None:
    """The table contract: pressing the disc and pulling are gestures of the
    table's own (True); the release gives the rules' Flick, which the table
    does not play itself: the frame does."""
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    table = table_of(scene)
    seat = scene.session.to_move()
    pose = table.geo.pose(seat, table.pad_pos(seat))
    # the pull of a flick that stops in the 4-pt area, where a flip is offered
    pull = pull_length(1100.0, table.params.launch.max_speed, table.board, table.params)
    start_at = pose.depth * table.board.pad_start
    a, b = disc_px(scene), px_of(scene, *pose.to_world(start_at + pull, 0.0))
    assert table.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)) is True
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(1, 0), buttons=(1, 0, 0))
    assert table.handle(motion) is True
    assert tables.aim(scene) is not None and played(scene) == []
    flick = table.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    assert isinstance(flick, Flick) and flick.angle == pytest.approx(0.0, abs=1.5)
    assert played(scene) == [], "the table plays nothing itself"
    assert scene.act(flick) and played(scene) == [flick]
    # a button's choice is the rules' Flip, handed to the frame the same way
    Driver(app).frames(1)
    assert table.flip_button.visible  # the disc stopped in the 4-pt area
    key = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f", scancode=0)
    assert table.handle(key) == Flip(True) and played(scene) == [flick]


def test_painting_a_picture_writes_nothing_back(app: Any) -> None:
    """The picture is all a frame shows: painting it leaves the table as it
    was (its gesture, its animation, its layout), and the same state gives
    the same picture."""
    scene = start(app)
    d = Driver(app)
    seat = scene.session.to_move()
    table = table_of(scene)
    pose = table.geo.pose(seat, table.pad_pos(seat))
    a, b = disc_px(scene), px_of(scene, *pose.to_world(pose.depth * 0.6 + 50.0, 10.0))
    d.move(a)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    d.move(b, (1, 0, 0))  # a pull held: the aim and its meter show
    picture = tables.picture_of(scene)
    assert picture.aim is not None and picture.panel.power is not None
    local = replace(table.local, pad_override=dict(table.local.pad_override))
    drag = replace(table.local.drag) if table.local.drag is not None else None
    shape, anims = table.shape, list(table.queue.anims)
    buttons = [(w.visible, w.text, tuple(w.rect)) for w in table.buttons.widgets]
    table.paint(pygame.Surface(app.size), picture)
    table.paint(pygame.Surface(app.size), picture)  # the panel's kept copy
    assert tables.picture_of(scene) == picture
    assert table.local == local and table.local.drag == drag
    assert table.shape is shape and table.queue.anims == anims
    assert [(w.visible, w.text, tuple(w.rect)) for w in table.buttons.widgets] == buttons
