"""The window rests when nothing moves (issue 29, Rest): the title, menus, a
table waiting for a person and a paused game draw nothing until an event or
a timer, while animations, bots, countdowns and messages keep frames coming
(tabletop/ui/rest.py, ``App.wake_in``, ``App.frame(changed_only=True)``,
``App.run``).

Nothing here waits on real time: frames get the ``dt`` a test gives, and
the test of ``App.run`` gives the app a clock and a sleep of its own.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tabletop.app import MAX_DT, MAX_REST, REST_POLL, App, frame_dt
from tabletop.core.session import Seat
from tabletop.games import REGISTRY
from tabletop.ui import menus, overlays
from tabletop.ui.gamescene import GameScene
from tabletop.ui.rest import NEVER, NOW, PULSE_SECONDS, pulse, pulsing
from tabletop.ui.widgets import CUTS, FADE_IN
from tests.ui.driver import DT, Driver, app_fixture, driver_fixture, start_table  # noqa: F401


def rest_frames(app: App, n: int = 20, dt: float = DT) -> int:
    """Run ``n`` frames the loop's way (drawing only what changed); how
    many of them drew the window."""
    before = app.draws
    for _ in range(n):
        app.frame([], dt, changed_only=True)
    return app.draws - before


def motion(pos: tuple[int, int]) -> pygame.event.Event:
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))


def button(app: App, text: str) -> Any:
    top = app.stack.top
    assert top is not None
    return next(w for w in top.group.widgets if getattr(w, "text", None) == text)


# -- the title and the menus -------------------------------------------------------------


def test_the_title_rests_after_its_first_frame_and_draws_nothing_more(driver: Driver) -> None:
    app = driver.app
    driver.frames(2)
    assert app.resting and app.wake_in() == NEVER
    assert rest_frames(app, 120) == 0
    # a frame run for its own sake (tests, the bench's frame rows) still draws
    drawn = app.draws
    driver.frames(3)
    assert app.draws == drawn + 3


def test_the_title_looks_again_soon_while_start_ups_work_for_later_is_not_done(
    driver: Driver,
) -> None:
    """Before the autosave is checked, or while a card waits for its game's
    picture from the worker, the title wakes the loop every WARM_LOOK s to
    see it come; then it rests."""
    driver.frames(2)
    title = driver.app.stack.top
    assert title.wake_in() == NEVER
    title.resume_unchecked = True
    assert title.wake_in() == menus.WARM_LOOK
    title.resume_unchecked = False
    card = title.cards[0]
    card._picture_key = (*card._picture_key[:-1], False)  # its picture still to come
    assert title.waiting and title.wake_in() == menus.WARM_LOOK


def test_hovering_a_button_draws_once_then_its_tooltip_wakes_the_loop_on_time(
    driver: Driver,
) -> None:
    app = driver.app
    driver.frames(1)
    quit_button = button(app, "Quit")  # no tooltip: the hover changes once, then rest
    before = app.draws
    app.frame([motion(quit_button.rect.center)], DT, changed_only=True)
    assert app.draws == before + 1 and quit_button.hovered
    assert app.resting and app.due == NEVER
    assert rest_frames(app, 60) == 0
    # a button with a tooltip: the loop is woken when the tooltip is due, once
    help_button = button(app, "How to play")
    delay = app.stack.top.group.tooltip.delay
    app.frame([motion(help_button.rect.center)], DT, changed_only=True)
    assert app.due == pytest.approx(delay)
    assert rest_frames(app, 1, dt=delay / 2) == 0  # not yet: nothing changed
    assert app.due == pytest.approx(delay / 2)
    assert rest_frames(app, 1, dt=delay / 2) == 1  # the tooltip shows: drawn
    assert app.stack.top.group.tooltip.text == "Controls (F1)"
    assert app.due == NEVER and rest_frames(app, 60) == 0


def test_a_message_keeps_frames_coming_while_it_fades_and_rests_while_it_stands(
    driver: Driver,
) -> None:
    app = driver.app
    toasts = app.toasts
    driver.frames(1)
    app.toast("Hello")
    frames = 0
    while not app.resting:  # it fades in: every frame drawn
        assert rest_frames(app, 1) == 1
        frames += 1
    assert frames == pytest.approx(FADE_IN / DT, abs=1)
    standing = toasts.duration - toasts.fade - toasts.items[0].age
    assert app.due == pytest.approx(standing)
    assert rest_frames(app, 1, dt=standing / 2) == 0
    assert rest_frames(app, 1, dt=standing / 2) == 1  # it starts to fade: awake again
    assert not app.resting
    frames = 0
    while toasts.items:
        assert rest_frames(app, 1) == 1
        frames += 1
    assert frames == pytest.approx(toasts.fade / DT, abs=1)
    assert app.resting and rest_frames(app, 30) == 0


def test_the_whole_text_of_a_cut_line_wakes_the_loop_when_the_pointer_has_rested(
    driver: Driver,
) -> None:
    app = driver.app
    app.stack.push(menus.SetupScene(app, app.games["planet"]))
    driver.frames(1)
    rect, whole = next((r, t) for r, t in CUTS.placed if t.startswith("Beginner"))
    app.frame([motion(rect.center)], DT, changed_only=True)
    delay = app.cut_tooltip.delay
    assert app.due == pytest.approx(delay - DT)
    assert rest_frames(app, 1, dt=app.due) == 1
    assert app.cut_tooltip.shown() == (rect, whole) and app.cut_tooltip_rect is not None
    assert app.cut_tooltip.wake_in() == NEVER
    # off any cut line the pointer wakes nothing
    app.frame([motion((2, app.size[1] - 2))], DT, changed_only=True)
    assert app.cut_tooltip.wake_in() == NEVER


def test_window_events_and_scenes_coming_or_going_redraw(driver: Driver) -> None:
    app = driver.app
    driver.frames(1)
    assert rest_frames(app, 5) == 0
    app.frame([pygame.event.Event(pygame.WINDOWEXPOSED)], DT, changed_only=True)
    assert app.draws and rest_frames(app, 5) == 0
    before = app.draws
    app.stack.push(menus.SavedGamesScene(app))  # pushed by code, no event
    assert rest_frames(app, 5) == 1
    assert app.draws == before + 1


def test_a_message_a_background_save_left_wakes_the_loop(driver: Driver) -> None:
    app = driver.app
    driver.frames(1)
    app.storage.messages.append("The game could not be saved: the disk is full")
    assert not app.resting
    assert rest_frames(app, 1) == 1
    assert [t.text for t in app.toasts.items] == ["The game could not be saved: the disk is full"]


# -- tables ----------------------------------------------------------------------------------


def until_my_turn(d: Driver, scene: GameScene) -> None:
    d.until(lambda: scene.my_turn and not scene.animating, frames=3000, dt=0.05)


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_table_waiting_for_a_person_rests(driver: Driver, name: str) -> None:
    """Every game: once the bots have moved and the table shows the
    person's turn, with no pointer on it and no message up, nothing is
    drawn until an event; a click answers on the very next frame."""
    app, d = driver.app, driver
    app.update_settings(claim_countdown=0)  # a claim prompt's countdown keeps frames coming
    entry = REGISTRY[name]
    players = entry.info.min_players
    seats = [Seat("Ada")] + [Seat(f"Bot {i}", "bot", "easy") for i in range(1, players)]
    scene = start_table(app, entry, seats, 5)
    until_my_turn(d, scene)
    d.frames(int(PULSE_SECONDS * 2) + 4, dt=0.5)  # messages gone, glows settled
    assert scene.my_turn and not scene.busy()
    assert app.resting and app.wake_in() == NEVER, scene.table.wake_in()
    assert rest_frames(app, 60) == 0
    before = app.draws
    app.frame([motion(scene.table_rect.center)], DT, changed_only=True)
    assert app.draws == before + 1


@pytest.mark.parametrize("name", sorted(REGISTRY))
def test_a_table_of_bots_keeps_frames_coming(driver: Driver, name: str) -> None:
    app = driver.app
    entry = REGISTRY[name]
    players = entry.info.min_players
    seats = [Seat(f"Bot {i}", "bot", "easy") for i in range(players)]
    scene = start_table(app, entry, seats, 5)
    for _ in range(40):  # thinking, a bot's pause, its move shown: every frame drawn
        assert not app.resting and scene.busy()
        assert rest_frames(app, 1) == 1


def test_a_paused_game_rests_even_with_a_bot_to_move(driver: Driver) -> None:
    app, d = driver.app, driver
    seats = [Seat("Bot", "bot", "easy"), Seat("Cy", "bot", "easy")]
    scene = start_table(app, REGISTRY["etuc"], seats, 5)
    assert scene.session.is_bot_turn() and not app.resting
    d.key(pygame.K_ESCAPE)
    assert isinstance(app.stack.top, overlays.PauseScene)
    d.frames(1)
    assert app.resting and rest_frames(app, 30) == 0
    assert scene.session.is_bot_turn(), "nothing moved under the pause"


def test_a_paused_replay_rests_and_a_playing_one_does_not(driver: Driver) -> None:
    app, d = driver.app, driver
    seats = [Seat("Ada"), Seat("Bot", "bot", "easy")]
    scene = start_table(app, REGISTRY["etuc"], seats, 5)
    until_my_turn(d, scene)
    scene.replay_queue = [scene.session.rules.legal_actions(scene.view)[0]]
    assert scene.busy() and not app.resting
    scene.replay_paused = True
    d.frames(1)
    assert not scene.busy() and app.resting


def test_the_planet_preview_glow_beats_a_moment_then_the_table_rests(tmp_path: Any) -> None:
    from tests.planet.scene_entry import ENTRY
    from tests.planet.tables import picture_of, table_of
    from tests.ui.driver import make_app

    app = make_app(tmp_path, games={**REGISTRY, "planet": ENTRY})
    try:
        d = Driver(app)
        scene = start_table(app, ENTRY, [Seat("Ada"), Seat("Bea", "bot", "easy")], 3)
        until_my_turn(d, scene)
        d.frames(8, dt=0.5)
        table = table_of(scene)
        face = next(iter(table.free_faces()))
        table.big.turn_to_face(face, 0)
        d.frames(1)
        assert app.resting
        d.move(table.big.face_point(face))  # a tile laid on the face: its regions glow
        assert picture_of(scene).words.preview is not None
        beats = []
        while not app.resting:
            beats.append(picture_of(scene).big.pulse)
            assert rest_frames(app, 1) == 1
            assert len(beats) < PULSE_SECONDS * 60 + 10, "the glow never settles"
        assert len(beats) == pytest.approx(PULSE_SECONDS * 60, abs=2)
        assert max(beats) > 0.9 and min(beats) < 0.1  # it beat
        assert picture_of(scene).big.pulse == 0.5 and rest_frames(app, 30) == 0
        assert picture_of(scene).words.preview is not None, "still previewed, steady"
    finally:
        app.shutdown()


def test_planepitas_disc_to_flip_beats_a_moment_then_the_table_rests(driver: Driver) -> None:
    from tabletop.games.planepita.model import Flick, Phase
    from tests.planepita.tables import picture_of
    from tests.planepita.test_scene import start

    app = driver.app
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    scene.act(Flick(0.5, 0.0, 1100.0))  # stops in the 4-pt area: a flip to choose
    driver.frames(1)
    assert scene.session.state.phase is Phase.FLIP
    ages = 0
    while not app.resting:
        assert rest_frames(app, 1) == 1
        ages += 1
        assert ages < PULSE_SECONDS * 60 + 10
    assert picture_of(scene).pulse_age >= PULSE_SECONDS
    assert scene.table.flip_button.visible and rest_frames(app, 30) == 0


def test_a_planet_spinning_on_after_a_flick_keeps_frames_until_it_stops(
    tmp_path: Any,
) -> None:
    from tests.planet.scene_entry import ENTRY
    from tests.planet.tables import table_of
    from tests.ui.driver import make_app

    app = make_app(tmp_path, games={**REGISTRY, "planet": ENTRY})
    try:
        d = Driver(app)
        scene = start_table(app, ENTRY, [Seat("Ada"), Seat("Bea", "bot", "easy")], 3)
        until_my_turn(d, scene)
        d.frames(8, dt=0.5)
        assert app.resting
        big = table_of(scene).big
        big.view.spin((0.0, 3.0, 0.0))
        turned = big.orientation
        frames = 0
        while not app.resting:
            assert rest_frames(app, 1) == 1
            frames += 1
            assert frames < 600, "the spin never stopped"
        assert frames > 30 and big.orientation != turned and big.view.at_rest
    finally:
        app.shutdown()


# -- the loop ---------------------------------------------------------------------------------


def test_frame_dt_clamps_after_input_and_gives_a_timer_its_rest_whole() -> None:
    assert frame_dt(1 / 60, NOW, False) == pytest.approx(1 / 60)
    assert frame_dt(3.0, NOW, False) == MAX_DT  # a stall: no jump
    assert frame_dt(40.0, NEVER, True) == MAX_DT  # input after a long rest: no jump
    assert frame_dt(0.4, 0.4, False) == pytest.approx(0.4)  # a timer's rest, whole
    assert frame_dt(9.0, 0.4, False) == pytest.approx(0.4)  # never more than promised
    assert frame_dt(MAX_REST, NEVER, False) == pytest.approx(MAX_REST)


def test_pulse_settles_without_a_jump() -> None:
    assert pulsing(0.0) and not pulsing(PULSE_SECONDS)
    assert pulse(PULSE_SECONDS, 1.2) == 0.5 and pulse(PULSE_SECONDS + 9, 1.2) == 0.5
    near = pulse(PULSE_SECONDS - 1e-4, 1.2)
    assert abs(near - 0.5) < 1e-3
    assert max(pulse(k / 100, 1.2) for k in range(100)) > 0.95


class FakeTime:
    """The loop's clock and sleep, on a fake time: ``at`` posts events when
    their time comes; ``quit_at`` closes the window."""

    def __init__(self, at: list[tuple[float, pygame.event.Event]], quit_at: float) -> None:
        self.now = 0.0
        self.at = sorted([*at, (quit_at, pygame.event.Event(pygame.QUIT))], key=lambda e: e[0])
        self.slept = 0.0

    def clock(self) -> float:
        return self.now

    def sleep(self, seconds: float) -> None:
        self.now += max(0.0, seconds)
        self.slept += max(0.0, seconds)
        while self.at and self.at[0][0] <= self.now:
            pygame.event.post(self.at.pop(0)[1])


def run_with(
    app: App, at: list[tuple[float, pygame.event.Event]], quit_at: float, monkeypatch: Any
) -> tuple[FakeTime, list[float], list[int]]:
    """``app.run()`` on fake time; the times the window was drawn, and how
    many times it was flipped."""
    fake = FakeTime(at, quit_at)
    app.clock, app.sleep = fake.clock, fake.sleep
    drawn: list[float] = []
    flips = [0]
    draw = app.draw

    def counted_draw() -> None:
        drawn.append(fake.now)
        draw()

    real_flip = pygame.display.flip

    def counted_flip() -> None:
        flips[0] += 1
        real_flip()

    monkeypatch.setattr(app, "draw", counted_draw)
    monkeypatch.setattr(pygame.display, "flip", counted_flip)
    monkeypatch.setattr(app, "shutdown", lambda: None)  # the fixture shuts down
    pygame.event.clear()
    app.run()
    return fake, drawn, flips


def test_run_rests_on_the_title_and_a_tooltip_wakes_it_on_time(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = driver.app
    help_button = button(app, "How to play")
    delay = app.stack.top.group.tooltip.delay
    fake, drawn, flips = run_with(app, [(2.0, motion(help_button.rect.center))], 30.0, monkeypatch)
    # the first frame; the pointer's arrival, answered at once; its tooltip, on time
    assert len(drawn) == 3 and flips == [3], drawn
    assert drawn[0] == 0.0
    assert 2.0 <= drawn[1] <= 2.0 + REST_POLL + 1e-9
    assert drawn[2] == pytest.approx(drawn[1] + delay, abs=REST_POLL)
    assert app.stack.top.group.tooltip.text == "Controls (F1)"
    # 30 s at rest: the loop looked now and then (MAX_REST) but drew nothing more
    assert app.frames <= 30 / MAX_REST + 10
    assert fake.slept >= 29


def test_run_plays_an_animation_every_frame_then_rests(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A person's move after a long rest is answered at once, its animation
    starts with a frame's dt (it does not jump by the time rested), plays
    on every frame, and the loop rests again once the bot has answered."""
    from tests.ui.driver import make_app

    app = make_app(tmp_path)
    try:
        d = Driver(app)
        scene = start_table(app, REGISTRY["etuc"], [Seat("Ada"), Seat("Bot", "bot", "easy")], 5)
        until_my_turn(d, scene)
        d.frames(8, dt=0.5)
        table = scene.table
        assert app.resting
        passes = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0)
        plies = scene.session.ply
        fake, drawn, _ = run_with(app, [(20.0, passes)], 60.0, monkeypatch)
        assert scene.session.ply > plies, "the pass was played"
        moved = [t for t in drawn if t >= 20.0]
        assert moved and moved[0] <= 20.0 + REST_POLL + 1e-9
        # the move and the bot's answer: frames at 60 a second, then rest
        busy = [b - a for a, b in zip(moved, moved[1:]) if b - a < 0.05]
        assert len(busy) > 20 and max(busy) <= 1 / 60 + 1e-6
        assert moved[-1] < 40.0 and not table.animating
    finally:
        App.shutdown(app)
