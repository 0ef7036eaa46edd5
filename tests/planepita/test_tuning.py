"""Planepita's physics tuning overlay (F9): sliders checked by params.py (a
refusal shown in its words, never a crash), Replay last shot beside the game's
own, Save to the player's physics.toml (new games take it, the game being
played keeps its own), Reset, the pause screen's words, and the layout at the
smallest and a large window."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tabletop.core.session import default_seats
from tabletop.games import REGISTRY
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Flick
from tabletop.games.planepita.table.tuning import KNOBS, TuningScene
from tabletop.ui import flow
from tabletop.ui.gamescene import GameScene
from tabletop.ui.overlays import PauseScene
from tabletop.ui.widgets import no_overlap
from tests.planepita import tables
from tests.planepita.tables import table_of
from tests.ui.driver import Driver, make_app

AT_THE_JAMMER = Flick(pad=0.5, angle=0.0, speed=1500.0)
SEATS = default_seats(["human", "human"])


def start(app: Any, physics: params_mod.Overrides = ()) -> GameScene:
    entry = REGISTRY["planepita"]
    if physics:
        params_mod.write_user_file(app.storage.settings_dir, physics)
    scene = flow.start_game(app, entry, entry.default_config(2), 5, SEATS)
    app.frame([], 1 / 60)
    assert tables.is_planepita(scene)
    return scene


def open_tuning(app: Any, scene: GameScene) -> TuningScene:
    Driver(app).key(pygame.K_F9)
    top = app.stack.top
    assert isinstance(top, TuningScene) and top.table is table_of(scene)
    return top


def test_f9_opens_the_sliders_on_the_game_values_and_params_py_refuses_in_words(app: Any) -> None:
    scene = start(app, (("friction.mu_face_up", 0.25),))
    tuning = open_tuning(app, scene)
    assert tuning.values["friction.mu_face_up"] == 0.25  # the game's own value, not the shipped one
    assert tuning.sliders["friction.mu_face_up"].value == 0.25
    assert tuple(tuning.sliders) == params_mod.TUNABLE
    d = Driver(app)
    # a value outside params.py's range: its words, and nothing may run or be saved
    slider = tuning.sliders["friction.mu_face_up"]
    d.click((slider.track_rect().left - 2, slider.rect.centery))
    assert slider.value == 0.0
    assert tuning.problem is not None
    assert "friction.mu_face_up must be a number from 0.01 to 2, not 0.0" in tuning.problem
    assert not tuning.save.enabled and not tuning.replay.enabled
    d.frame()  # drawn with the refusal on show: no crash
    # a value in range but against another: the speed cap the step rate cannot follow
    slider.set_value(0.3)
    assert tuning.problem is None and tuning.save.enabled
    tuning.sliders["launch.max_speed"].set_value(5000.0)
    assert tuning.problem is not None and "sim.hz is too low for launch.max_speed" in tuning.problem
    d.frame()
    tuning.sliders["launch.max_speed"].set_value(3000.0)
    assert tuning.problem is None
    # Esc closes it; the game did not change
    d.key(pygame.K_ESCAPE)
    assert (
        app.stack.top is scene
        and scene.session.ply == 0
        and table_of(scene).state.physics == (("friction.mu_face_up", 0.25),)
    )


def test_replay_last_shot_runs_the_flick_again_beside_the_game_shot(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    tuning = open_tuning(app, scene)
    assert not tuning.replay.enabled  # no shot yet
    d.key(pygame.K_F9)
    assert app.stack.top is scene
    assert scene.act(AT_THE_JAMMER)
    d.until(lambda: not scene.animating, frames=100, dt=0.1)
    tuning = open_tuning(app, scene)
    tuning.sliders["friction.mu_face_up"].set_value(0.2)
    tuning.sliders["restitution.disc_disc"].set_value(0.6)
    d.press("Replay last shot")
    cmp = tuning.comparison
    assert cmp is not None
    before = scene.session.states[0]
    assert cmp.original is pp_rules.shot(before, AT_THE_JAMMER)
    assert cmp.tuned.final != cmp.original.final
    tuned = params_mod.with_overrides_of(params_mod.default(), tuning.overrides())
    assert cmp.tuned is pp_rules.shot(before, AT_THE_JAMMER, tuned)
    d.frames(6)  # it plays on the dt it is given (the click's own frame played one already)
    assert cmp.t == pytest.approx(7 / 60) and cmp.duration > 7 / 60
    d.frames(60)
    assert cmp.t == cmp.duration  # and stays at the end
    assert tuning.legend_bottom <= tuning.replay.rect.top
    # a speed cap below the flick's: it cannot run, and says why
    tuning.sliders["launch.max_speed"].set_value(1000.0)
    d.press("Replay last shot")
    assert tuning.comparison is None and "at most 1000 mm/s" in tuning.note
    assert scene.session.ply == 1 and scene.session.states[1].layout == cmp.original.final


def test_save_writes_the_player_file_which_new_games_take_and_reset_goes_back(app: Any) -> None:
    scene = start(app)
    d = Driver(app)
    tuning = open_tuning(app, scene)
    tuning.sliders["friction.break_away_speed"].set_value(750.0)
    tuning.sliders["restitution.disc_pad"].set_value(0.4)
    d.press("Save")
    path = app.storage.settings_dir / params_mod.USER_FILE
    saved = (("friction.break_away_speed", 750.0), ("restitution.disc_pad", 0.4))
    assert params_mod.read_user_file(app.storage.settings_dir) == (saved, None)
    assert (
        "New games use these values; this game keeps its own" in tuning.note
        and str(path) in tuning.note
    )
    assert table_of(scene).state.physics == ()  # the game being played keeps its own
    d.press("Reset")
    assert tuning.values == {key: params_mod.value_of(params_mod.default(), key) for key in KNOBS}
    assert tuning.overrides() == ()
    assert params_mod.read_user_file(app.storage.settings_dir) == (
        saved,
        None,
    )  # not written until Save
    d.press("Close")
    # a new game takes the saved values, and the pause screen says so
    game = flow.start_game(
        app, REGISTRY["planepita"], REGISTRY["planepita"].default_config(2), 6, SEATS
    )
    assert (
        table_of(game).state.physics == saved
        and table_of(game).params.friction.break_away_speed == 750.0
    )
    app.frame([], 1 / 60)
    d.key(pygame.K_ESCAPE)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    words = " ".join(pause.notes)
    assert "this game's own values (2 differ from the shipped)" in words
    assert "break-away 750 mm/s" in words and "0.40 pad" in words


@pytest.mark.parametrize("size", [(960, 600), (1920, 1080)])
def test_the_overlay_and_the_pause_words_fit_the_window(
    tmp_path: Any, size: tuple[int, int]
) -> None:
    app = make_app(tmp_path, size)
    try:
        scene = start(app)
        assert scene.act(AT_THE_JAMMER)
        Driver(app).until(lambda: not scene.animating, frames=100, dt=0.1)
        tuning = open_tuning(app, scene)
        tuning.replay_last_shot()
        app.frame([], 1 / 60)
        window = pygame.Rect((0, 0), size)
        assert window.contains(tuning.panel)
        assert tuning.panel.left >= table_of(scene).geo.square.right  # the board stays in view
        widgets = [w.rect for w in tuning.group.widgets]
        assert no_overlap(widgets) == []
        assert all(tuning.panel.contains(r) for r in widgets)
        assert tuning.sliders_bottom <= tuning.legend_bottom <= tuning.replay.rect.top
        tuning.back()
        app.stack.push(PauseScene(app, scene))
        app.frame([], 1 / 60)
        pause = app.stack.top
        assert pause.note_lines and pause.box is not None
        rects = [r for _, r in pause.note_lines]
        assert all(pause.box.contains(r) for r in rects) and window.contains(pause.box)
        assert no_overlap(rects + [w.rect for w in pause.group.widgets]) == []
        assert "the shipped values" in pause.note_lines[0][0]
    finally:
        app.shutdown()


def test_save_keeps_the_values_of_the_players_file_that_have_no_slider(app: Any) -> None:
    """The player's file may set any value of [friction], [restitution] and
    [launch]; the sliders hold seven. Saving one slider's change keeps the
    rest of the file, and Replay with untouched sliders is the game's shot."""
    mine = (("friction.mu_jammer", 0.5),)
    scene = start(app, physics=mine)
    assert table_of(scene).state.physics == mine
    d = Driver(app)
    scene.act(AT_THE_JAMMER)
    d.frames(2)
    tuning = open_tuning(app, scene)
    assert tuning.overrides() == mine
    assert tuning.tuned == table_of(scene).params  # nothing moved: the game's own physics
    tuning.sliders["restitution.disc_pad"].set_value(0.4)
    d.press("Save")
    saved, message = params_mod.read_user_file(app.storage.settings_dir)
    assert message is None
    assert dict(saved) == {**dict(mine), "restitution.disc_pad": 0.4}
    d.press("Reset")
    assert tuning.overrides() == ()  # Reset is the shipped physics, all of it
