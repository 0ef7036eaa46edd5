"""Slips of the screens around a game (issue 10, item 4): the setup screen
remembers the variants of the last game of each game, Saved games tells the
autosave from a save of the same game, and the replay's header counts its
moves in good English."""

from __future__ import annotations

import json
from typing import Any

import pygame

from tabletop.core.session import default_seats
from tabletop.ui import flow, menus
from tabletop.ui.gamescene import GameScene
from tests.ui.driver import Driver, app_fixture, driver_fixture  # noqa: F401


def setup(d: Driver, game: str) -> menus.SetupScene:
    """The setup screen of ``game``, from the title, by a click on its card."""
    d.app.stack.reset(d.app.home())
    d.frames(1)
    card = next(c for c in d.top.cards if c.entry.name == game)
    d.click_widget(card)
    scene = d.top
    assert isinstance(scene, menus.SetupScene)
    return scene


def variant(scene: menus.SetupScene, key: str) -> Any:
    return next(ch for k, ch in scene.variant_widgets if k == key)


def test_the_setup_screen_remembers_the_variants_of_the_last_game(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = setup(d, "planepita")
    doubles = variant(scene, "doubles")
    assert doubles.value == "Off"
    d.set_choice(doubles, "On")
    d.set_choice(scene.seat_rows[1][1], "Human")  # nobody thinks: the test starts no bot
    d.press("Start game")
    assert isinstance(d.top, GameScene) and d.top.session.config.variants["doubles"] is True
    again = setup(d, "planepita")
    assert variant(again, "doubles").value == "On"
    assert again.config().variants["doubles"] is True
    # a value the game does not offer, in a hand-edited settings file, is dropped
    memory = json.loads(json.dumps(app.settings.last_seats))
    memory["planepita"]["variants"] = {"doubles": "yes", "no_such": True, "third_party": False}
    app.update_settings(last_seats=memory)
    edited = setup(d, "planepita")
    assert (
        variant(edited, "doubles").value == "Off" and variant(edited, "third_party").value == "Off"
    )


def test_saved_games_tell_the_autosave_from_a_save_of_the_same_game(driver: Driver) -> None:
    d, app = driver, driver.app
    entry = app.games["nim"]
    scene = flow.start_game(
        app, entry, entry.default_config(2), 3, default_seats(["human", "easy"])
    )
    d.frames(1)
    s = scene.session
    s.play(s.rules.legal_actions(s.state)[0])
    d.key(pygame.K_ESCAPE)  # the bot waits while the game is paused
    d.press("Save game")
    s.play(s.rules.legal_actions(s.state)[0])  # the autosave moves on
    app.storage.flush()
    app.stack.reset(app.home())
    d.frames(1)
    d.press("Saved games")
    saves = d.top
    assert isinstance(saves, menus.SavedGamesScene)
    rows = {info.slot: saves.row(info) for info in saves.saves}
    assert len(rows) == 2
    auto = rows.pop("autosave")
    (saved,) = rows.values()
    assert auto[0] == saved[0] == "Nim"
    assert auto[1] == "Autosave" and saved[1] == "Saved"
    assert auto[2] == "Player 1, Basil · 2 moves" and saved[2] == "Player 1, Basil · 1 move"
    assert auto != saved


def test_the_replay_header_counts_its_moves_in_words(driver: Driver) -> None:
    d, app = driver, driver.app
    entry = app.games["nim"]
    scene = flow.start_game(
        app, entry, entry.default_config(2), 3, default_seats(["human", "human"])
    )
    s = scene.session
    for _ in range(2):
        s.play(s.rules.legal_actions(s.state)[0])
    app.storage.save_game("two", s.to_doc())
    assert flow.open_replay(app, app.storage.save_path("two"))
    replay = d.top
    replay.replay_paused = True
    assert "2 moves left" in replay.status_text()
    d.key(pygame.K_RIGHT)
    assert "· 1 move left ·" in replay.status_text()


def test_the_setup_screen_remembers_the_hints_choice(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = setup(d, "planepita")
    d.set_choice(scene.seat_rows[1][1], "Human")  # two people: the Hints choice shows
    assert scene.hints_choice.visible and scene.hints_choice.value == "Off"
    d.set_choice(scene.hints_choice, "On")
    d.press("Start game")
    assert isinstance(d.top, GameScene) and d.top.session.hints_on
    assert app.settings.last_seats["planepita"]["hints"] is True  # in the settings file
    again = setup(d, "planepita")
    assert again.hints_on and again.hints_choice.value == "On"
    d.set_choice(again.hints_choice, "Off")
    d.press("Start game")
    assert not d.top.session.hints_on and setup(d, "planepita").hints_choice.value == "Off"
