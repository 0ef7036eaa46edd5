"""A game's own settings: declared on its GameInfo, shown in its setup and
pause screens, stored per game, and read by its scene (Planepita's flicking)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from tabletop.core.session import default_seats
from tabletop.core.storage import SETTINGS_KIND, Storage
from tabletop.ui import flow, menus, overlays
from tabletop.ui.gamescene import GameScene
from tabletop.ui.settings import SettingsScene
from tests.planepita import tables
from tests.ui.driver import Driver, app_fixture, driver_fixture, make_app  # noqa: F401


def planepita(app: Any) -> GameScene:
    entry = app.games["planepita"]
    scene = flow.start_game(
        app, entry, entry.default_config(2), 5, default_seats(["human", "human"])
    )
    app.frame([], 1 / 60)
    return scene


def stored(app: Any) -> dict[str, Any]:
    return json.loads(app.storage.settings_path.read_text("utf-8"))["games"]


def test_the_setup_screen_shows_and_stores_the_games_settings(driver: Driver) -> None:
    d, app = driver, driver.app
    setup = app.stack.push(menus.SetupScene(app, app.games["planepita"]))
    d.frames(1)
    flick, _assist = setup.setting_widgets
    assert flick.label == "Flicking" and flick.value == "Pull and release"
    assert flick in setup.widgets and setup.options_panel.rect.contains(flick.rect)
    d.set_choice(flick, "Swipe")
    assert app.settings.game_setting(app.games["planepita"].info, "flick_mode") == "swipe"
    assert stored(app) == {"planepita": {"flick_mode": "swipe"}}
    # a setting is not a variant: the config the game starts with does not carry it
    assert "flick_mode" not in setup.config().variants
    # and a game that declares none shows none
    d.key(pygame.K_ESCAPE)
    nim_setup = app.stack.push(menus.SetupScene(app, app.games["nim"]))
    assert nim_setup.setting_widgets == []


def test_the_pause_screen_changes_how_the_scene_flicks(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = planepita(app)
    assert scene.setting("flick_mode") == "pull"
    assert "pull back, release" in tables.hint(scene, scene.session.state)
    d.key(pygame.K_ESCAPE)  # pause
    pause = d.top
    assert isinstance(pause, overlays.PauseScene)
    flick, _assist = pause.game_settings
    assert pause.box is not None and pause.box.contains(flick.rect)
    d.set_choice(flick, "Swipe")
    d.press("Resume")
    assert d.top is scene
    assert scene.setting("flick_mode") == "swipe"
    assert "swipe it forward" in tables.hint(scene, scene.session.state)
    assert stored(app) == {"planepita": {"flick_mode": "swipe"}}


def test_the_settings_screen_has_no_game_settings(driver: Driver) -> None:
    settings = driver.app.stack.push(SettingsScene(driver.app))
    labels = [getattr(w, "label", "") for w in settings.widgets]
    assert "Flicking" not in labels and "Colours" in labels


def test_an_old_settings_file_keeps_its_flick_mode(tmp_path: Path) -> None:
    """A settings file from before the move (version 1, flick_mode among
    core's settings): the Planepita table flicks the way it was set."""
    path = Storage(tmp_path).settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    old = {
        "format": SETTINGS_KIND,
        "version": 1,
        "flick_mode": "swipe",
        "rotate_clockwise_4p": False,
    }
    path.write_text(json.dumps(old), "utf-8")
    app = make_app(tmp_path)
    try:
        assert not [t.text for t in app.toasts.items if t.kind == "error"]
        scene = planepita(app)
        assert scene.setting("flick_mode") == "swipe"
    finally:
        app.shutdown()


def test_a_bad_stored_flick_mode_is_reported_and_reset(tmp_path: Path) -> None:
    path = Storage(tmp_path).settings_path
    path.parent.mkdir(parents=True, exist_ok=True)
    bad = {"format": SETTINGS_KIND, "version": 2, "games": {"planepita": {"flick_mode": "yeet"}}}
    path.write_text(json.dumps(bad), "utf-8")
    app = make_app(tmp_path)
    try:
        errors = [t.text for t in app.toasts.items if t.kind == "error"]
        assert any("games.planepita.flick_mode" in e and "yeet" in e for e in errors), errors
        assert planepita(app).setting("flick_mode") == "pull"
    finally:
        app.shutdown()


def test_the_setup_screen_tells_each_bot_level_in_the_games_words(driver: Driver) -> None:
    """A seat's tooltip follows its choice: a person, or the game's own words
    for the bot level (Planepita: the plan and the hand's spread; a game that
    gives none: a plain line)."""
    from tabletop.games.planepita import bot

    d, app = driver, driver.app
    setup = app.stack.push(menus.SetupScene(app, app.games["planepita"]))
    d.frames(1)
    _, kind = setup.seat_rows[1]
    for option, level in (("Bot: easy", "easy"), ("Bot: medium", "medium"), ("Bot: hard", "hard")):
        d.set_choice(kind, option)
        spread = bot.SPREADS[level]
        assert kind.tooltip_text().startswith(f"{level.capitalize()} bot: ")
        assert spread.words() in kind.tooltip_text()
    assert "3° of aim and 11% of speed" in kind.tooltip_text()
    d.set_choice(kind, "Human")
    assert kind.tooltip_text() == "A person plays this seat."
    d.key(pygame.K_ESCAPE)
    nim = app.stack.push(menus.SetupScene(app, app.games["nim"]))
    _, kind = nim.seat_rows[1]
    d.set_choice(kind, "Bot: hard")
    assert kind.tooltip_text() == "A bot that plays at the hard level."
