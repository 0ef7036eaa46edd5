"""Planepita's instant replay (R) and the impacts a shot shows: a flash ring
with each clack at the same moment, sized by the same impulse; markers and
fading trails in the replay, which runs at a quarter speed on the dt it is
given, scrubs with the wheel, works on bots' shots and in Watch replay, and
never changes the game. A lost disc spirals into a black hole."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest

from tabletop.core.session import default_seats
from tabletop.games import REGISTRY
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Flick
from tabletop.games.planepita.physics import EventKind
from tabletop.games.planepita.playback import (
    CLACK_FULL,
    FALL_TIME,
    FLASH_TIME,
    ShotAnim,
    impacts,
    loudness,
    shot_discs,
)
from tabletop.games.planepita.table.replay import REPLAY_SPEED
from tabletop.ui import flow
from tabletop.ui.gamescene import GameScene
from tests.planepita import tables
from tests.planepita.tables import table_of
from tests.planepita.test_playback import Recorder, a_busy_shot
from tests.ui.driver import DT, Driver, make_app

#: a straight flick that reaches the jammer in the centre: at least one contact
AT_THE_JAMMER = Flick(pad=0.5, angle=0.0, speed=1500.0)


def start(app: Any, kinds: tuple[str, ...] = ("human", "human")) -> GameScene:
    entry = REGISTRY["planepita"]
    scene = flow.start_game(
        app, entry, entry.default_config(len(kinds)), 5, default_seats(list(kinds))
    )
    app.frame([], DT)
    assert tables.is_planepita(scene)
    return scene


def wheel(d: Driver, notches: int) -> None:
    d.frame([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False)])


def flicked(app: Any, kinds: tuple[str, ...] = ("human", "human")) -> tuple[GameScene, Driver]:
    """A game whose first shot (at the jammer) has been played and shown."""
    scene = start(app, kinds)
    d = Driver(app)
    assert scene.act(AT_THE_JAMMER)
    d.until(lambda: not scene.animating, frames=100, dt=0.1)
    return scene, d


# -- the flash ring and the clack ---------------------------------------------------------


def test_each_contact_rings_when_it_clacks_sized_by_its_impulse() -> None:
    state, flick, traj, discs = a_busy_shot()
    anim = ShotAnim(state, 0, flick, traj, discs, 1.0)
    hits = [e for e in traj.events if e.kind is EventKind.HIT]
    assert len(anim.impacts) == len(hits) and anim.impacts
    sound = Recorder()
    rung: list[tuple[float, float]] = []
    while not anim.done:
        before = len(sound.played)
        anim.update(DT, sound)
        flashes = anim.moment().flashes
        for name, gain in sound.played[before:]:
            if name != "clack":
                continue
            # the ring of the contact that clacked is in this very frame, just begun
            fresh = [
                (hit, p)
                for hit, p in flashes
                if hit.strength == gain and p < DT / FLASH_TIME + 1e-9
            ]
            assert fresh, (gain, flashes)
            rung.append((gain, fresh[0][0].impulse))
        for hit, p in flashes:  # a ring shows only after its contact and for FLASH_TIME seconds
            assert hit.t <= anim.sim_time() and 0.0 <= p < 1.0
    assert len(rung) == len(hits)
    assert all(gain == loudness(impulse) for gain, impulse in rung)
    # one scale for the clack and the ring: harder hits are louder and larger
    assert loudness(CLACK_FULL / 4) < loudness(CLACK_FULL / 2) < loudness(CLACK_FULL) == 1.0


def test_a_contact_is_drawn_where_the_pieces_touched() -> None:
    state, flick, traj, discs = a_busy_shot()
    from tabletop.games.planepita.board import default_board

    board = default_board()
    first = impacts(traj, board)[0]
    i, j = traj.ids.index(first.a), traj.ids.index(first.b)
    f = round(first.t * traj.fps)
    a, b = traj.frames[f, i, :2], traj.frames[f, j, :2]
    # on the line between the two centres, about a radius from the first
    assert math.dist((first.x, first.y), a) + math.dist((first.x, first.y), b) == pytest.approx(
        math.dist(a, b), rel=0.05
    )


def test_a_lost_disc_spirals_into_a_black_hole_and_the_table_draws_it(app: Any) -> None:
    scene = start(app)
    # across at the top speed, past the jammer: the disc leaves the far rim
    assert scene.act(Flick(pad=0.5, angle=25.0, speed=3000.0))
    anim = table_of(scene).queue.anims[-1]
    assert isinstance(anim, ShotAnim) and anim.traj.lost == (anim.traj.launched,)
    seen = []
    for _ in range(int((anim.traj.duration + FALL_TIME) * 60) + 5):
        falling = anim.moment().falling
        seen += [p for d, _, _, p in falling if d.id == anim.traj.launched]
        app.frame([], DT)  # drawn every frame, spiral included
        if not scene.animating:
            break
    assert seen and seen == sorted(seen) and 0.0 <= seen[0] < 0.2 and seen[-1] > 0.8
    assert table_of(scene).state.black_hole[-1].id == anim.traj.launched


def test_space_skips_the_shot_with_its_rings(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    assert scene.act(AT_THE_JAMMER)
    d.frame()
    assert scene.animating
    d.key(pygame.K_SPACE)
    assert not scene.animating and not tables.moment_of(scene).flashes


# -- the instant replay ----------------------------------------------------------------------


def test_r_replays_the_last_shot_at_a_quarter_speed_and_never_changes_the_game(app: Any) -> None:
    scene, d = flicked(app)
    session = scene.session
    states, ply = list(session.states), session.ply
    assert (
        table_of(scene).replay.button.visible
        and table_of(scene).replay.button.text == "Replay shot (R)"
    )
    d.key(pygame.K_r)
    replay = table_of(scene).replay.instant
    assert replay is not None and replay.ply == 0
    assert replay.t == pytest.approx(DT * REPLAY_SPEED)  # the frame that took the key played one dt
    assert table_of(scene).replay.button.text == "Back to the game (R)"
    d.frames(30)
    assert replay.t == pytest.approx(31 * DT * REPLAY_SPEED)
    # the picture is the recorded shot at that moment
    f = int(replay.t * replay.traj.fps)
    i = replay.traj.ids.index(replay.traj.launched)
    pic = tables.moment_of(scene)
    launched = next(x for x in pic.discs if x[0].id == replay.traj.launched)
    assert launched[1:3] == pytest.approx(tuple(replay.traj.frames[f, i, :2]))
    assert [t.disc.id for t in pic.trails] == [
        replay.traj.launched
    ]  # only the launched disc moved yet
    trail = pic.trails[0]
    assert trail.ages[0] == pytest.approx(replay.t) and trail.ages[-1] < trail.ages[0]
    assert pic.marks == ()  # no contact yet
    # the wheel scrubs: forward past the first contact, then back; the replay pauses
    first = replay.impacts[0].t
    notches = math.ceil((first - replay.t) / replay.step) + 1
    wheel(d, notches)
    assert not replay.playing and replay.t > first
    pic = tables.moment_of(scene)
    assert [hit for hit, _ in pic.marks][:1] == [replay.impacts[0]]
    assert {t.disc.id for t in pic.trails} >= {replay.traj.launched}
    t = replay.t
    wheel(d, -2)
    assert replay.t == pytest.approx(max(0.0, t - 2 * replay.step))
    d.frames(10)
    assert replay.t == pytest.approx(max(0.0, t - 2 * replay.step))  # paused: it stays
    # Space plays on to the end, where it stops; Space again starts over
    wheel(d, math.floor((replay.end - replay.t) / replay.step) - 1)
    d.key(pygame.K_SPACE)
    d.until(lambda: not replay.playing, frames=int(replay.end / REPLAY_SPEED * 60) + 10)
    assert replay.t == replay.end
    assert len(tables.moment_of(scene).marks) == len(replay.impacts)
    d.key(pygame.K_SPACE)
    assert replay.playing and replay.t == pytest.approx(DT * REPLAY_SPEED)
    # Esc leaves the replay (it does not open the pause screen); nothing changed
    d.key(pygame.K_ESCAPE)
    assert table_of(scene).replay.instant is None and app.stack.top is scene
    assert session.ply == ply and session.states == states
    # R again toggles: in, and out by the button
    d.key(pygame.K_r)
    assert table_of(scene).replay.instant is not None
    d.click_widget(table_of(scene).replay.button)
    assert table_of(scene).replay.instant is None and session.states == states


def test_the_game_waits_during_a_replay_and_a_bot_shot_replays_too(app: Any) -> None:
    scene, d = flicked(app, ("human", "easy"))
    session = scene.session
    # the bot is to move next (after the human's flip or keep)
    while session.to_move() == 0:
        scene.act(pp_rules.RULES.legal_actions(session.state)[-1])
        d.until(lambda: not scene.animating, dt=0.1)
    ply = session.ply
    assert session.is_bot_turn()
    d.key(pygame.K_r)
    d.frames(10, dt=0.2)  # two seconds: the bot would have played long before
    assert session.ply == ply and table_of(scene).replay.instant is not None
    d.key(pygame.K_r)
    d.until(lambda: session.ply > ply and not scene.animating, frames=200, dt=0.1)
    bot_flick = next(i for i in range(ply, session.ply) if isinstance(session.actions[i], Flick))
    d.key(pygame.K_r)
    assert (
        table_of(scene).replay.instant is not None
        and table_of(scene).replay.instant.ply == bot_flick
        and table_of(scene).replay.instant.seat == 1
    )
    assert table_of(scene).replay.instant.traj is pp_rules.shot(
        session.states[bot_flick], session.actions[bot_flick]
    )
    d.key(pygame.K_ESCAPE)


def test_r_before_any_shot_says_there_is_none(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    assert not table_of(scene).replay.button.visible
    d.key(pygame.K_r)
    assert table_of(scene).replay.instant is None
    assert any("no shot to replay" in t.text for t in app.toasts.items)


def test_watch_replay_replays_the_shot_it_has_reached(app: Any, tmp_path: Any) -> None:
    scene, d = flicked(app)
    path = app.storage.save_game("watch", scene.session.to_doc())
    assert flow.open_replay(app, path)
    watch = app.stack.top
    assert tables.is_planepita(watch) and watch.replay_queue is not None
    d.key(pygame.K_RIGHT)  # the replay's first move, the flick
    d.key(pygame.K_SPACE)  # its animation skipped
    assert watch.session.ply == 1 and not watch.animating
    left = len(watch.replay_queue)
    d.key(pygame.K_r)
    assert table_of(watch).replay.instant is not None and table_of(watch).replay.instant.ply == 0
    d.frames(10, dt=0.2)
    assert len(watch.replay_queue) == left  # the saved game's replay waits
    d.key(pygame.K_r)
    assert table_of(watch).replay.instant is None


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
@pytest.mark.parametrize("players", [2, 6])
def test_the_replay_button_and_panel_keep_off_the_planet(
    tmp_path: Any, size: tuple[int, int], players: int
) -> None:
    app = make_app(tmp_path, size)
    try:
        scene, d = flicked(app, ("human",) * players)
        button = table_of(scene).replay.button
        assert button.visible and table_of(scene).shape.board_area.contains(button.rect)
        geo, board = table_of(scene).geo, table_of(scene).board
        # the button's nearest point to the planet's centre lies beyond the farthest corner of any pad
        nx = min(max(geo.cx, button.rect.left), button.rect.right)
        ny = min(max(geo.cy, button.rect.top), button.rect.bottom)
        nearest = math.hypot(nx - geo.cx, ny - geo.cy) / geo.scale
        assert nearest > math.hypot(
            board.outer_radius + board.pad_gap + board.pad_depth, board.pad_width / 2
        )
        d.key(pygame.K_r)
        d.frame()
        # the replay's words and timeline sit over the side panel, inside it
        assert table_of(scene).shape.panel.contains(tables.replay_timeline(scene))
        assert not tables.replay_timeline(scene).colliderect(geo.square)
    finally:
        app.shutdown()


def test_a_replayed_shot_shows_the_discs_it_knocked(app: Any) -> None:
    scene, d = flicked(app)
    s = scene.session
    discs = shot_discs(
        s.states[0],
        s.states[1],
        pp_rules.shot(s.states[0], s.actions[0]),
        pp_rules.launched_disc(s.states[0], s.actions[0]),
    )
    d.key(pygame.K_r)
    assert (
        table_of(scene).replay.instant is not None
        and dict(table_of(scene).replay.instant.anim.discs) == discs
    )


def test_the_replay_can_show_your_own_last_shot_and_says_whose_it_is(app: Any) -> None:
    scene, d = flicked(app, ("human", "easy"))
    session = scene.session
    while session.to_move() == 0:
        scene.act(pp_rules.RULES.legal_actions(session.state)[-1])
        d.until(lambda: not scene.animating, dt=0.1)
    ply = session.ply
    d.until(lambda: session.ply > ply and not scene.animating, frames=200, dt=0.1)
    controls = table_of(scene).replay
    d.key(pygame.K_r)  # the latest shot: the bot's
    assert controls.instant is not None and controls.instant.seat == 1
    assert tables.picture_of(scene).replay.whose == "Basil's shot"
    assert controls.own_button.visible
    d.key(pygame.K_y)  # your own last shot, the first of the game
    assert controls.instant is not None and controls.instant.ply == 0
    assert tables.picture_of(scene).replay.whose == "Your shot"
    assert not controls.own_button.visible  # it is the one on show
    assert session.ply > ply  # nothing of the game changed


def test_the_replays_readout_agrees_with_its_slider_at_every_moment(app: Any) -> None:
    scene, d = flicked(app)
    d.key(pygame.K_r)
    replay = table_of(scene).replay.instant
    assert replay is not None
    seen = []
    for _ in range(400):
        bar = tables.picture_of(scene).replay
        assert bar is not None
        seconds = float(bar.readout.split(" s of ")[0])
        # the readout rounds to 1/100 s
        assert bar.fraction == pytest.approx(
            min(1.0, seconds / bar.duration), abs=0.006 / bar.duration
        )
        seen.append(bar.fraction)
        if replay.t >= replay.end:
            break
        d.frame(dt=0.1)
    assert seen[-1] == 1.0 and seen == sorted(seen)
