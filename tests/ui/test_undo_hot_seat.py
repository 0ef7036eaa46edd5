"""Hot-seat undo through the real App frame: two people and a bot at Nim.

The policy (tabletop/core/session.py): a person takes back only their own last
move, with the bots' moves since; another person's move is taken back only if
they allow it, asked behind the curtain; right after a move, the curtain offers
to take it back before the device is passed."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core import codec
from tabletop.core.session import Seat, Session
from tabletop.ui import flow, overlays
from tabletop.ui.gamescene import GameScene
from tests.nimgame.rules import Take
from tests.nimgame.scene import table_of
from tests.ui.driver import Driver, app_fixture, driver_fixture  # noqa: F401  (fixtures)
from tests.ui.test_app_flow import felt_pixels, stone_pos

SEATS = [Seat("Ada"), Seat("Basil"), Seat("Cleo", "bot", "easy")]


def start(app: Any) -> GameScene:
    entry = app.games["nim"]
    config = entry.default_config(3)
    session = Session(entry, config, 31, SEATS, threaded=False)
    scene = flow.start_game(app, entry, config, 31, SEATS, session=session)
    app.frame([], 1 / 60)
    return scene


def lift_curtain(d: Driver, name: str) -> None:
    curtain = d.top
    assert isinstance(curtain, overlays.CurtainScene) and curtain.name == name
    d.frames(1)
    assert felt_pixels(d.app) == 0, "the table shows through the curtain"
    d.press(f"I am {name}: show my table")


def take_one(d: Driver, scene: GameScene) -> None:
    """The person on screen takes one stone from the biggest heap."""
    assert scene.my_turn
    heaps = scene.view.heaps
    heap = max(range(1, len(heaps) + 1), key=lambda h: heaps[h - 1])
    plies = scene.session.ply
    d.click(stone_pos(scene, heap, 1))
    assert scene.session.ply == plies + 1


def settle(d: Driver, scene: GameScene) -> None:
    """Frames (0.25 s each) until a person must act or an overlay is up."""
    for _ in range(200):
        if d.top is scene and scene.session.is_human_turn() and not scene.animating:
            d.frame()
            if d.top is scene:
                return
        if d.top is not scene:
            return
        d.frame(dt=0.25)
    raise AssertionError("the game never came back to a person")


def round_of_moves(d: Driver, scene: GameScene) -> None:
    """Ada takes, Basil takes, the bot takes: Ada is to move again, on screen."""
    s = scene.session
    assert s.to_move() == 0 and scene.viewer == 0
    take_one(d, scene)
    settle(d, scene)
    lift_curtain(d, "Basil")
    take_one(d, scene)
    settle(d, scene)  # the bot answers
    lift_curtain(d, "Ada")
    assert s.to_move() == 0 and scene.viewer == 0


def test_undo_into_another_persons_turn_asks_them_behind_the_curtain(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app)
    s = scene.session
    lift_curtain(d, "Ada")
    round_of_moves(d, scene)
    assert [type(a) for a in s.actions] == [Take, Take, Take]
    start_state = codec.dumps(s.states[0])

    # Ada asks to take back her move: that takes back Basil's too, so he is asked
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    ask = d.top
    assert isinstance(ask, overlays.ConsentScene) and ask.name == "Basil" and ask.asker == "Ada"
    assert ask.question == "Basil, Ada wants to take back a move: allow?"
    d.frames(1)
    assert felt_pixels(app) == 0, "the table is hidden while Basil answers"
    d.key(pygame.K_ESCAPE)
    assert d.top is ask, "Esc does not answer for Basil"
    d.press("Refuse")
    assert s.ply == 3, "nothing was taken back"
    assert any("Basil said no" in t.text for t in app.toasts.items)
    lift_curtain(d, "Ada")  # the device goes back to Ada
    assert scene.viewer == 0 and s.ply == 3

    # asked again, Basil allows it: back to before Ada's move, bot's move and all
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert isinstance(d.top, overlays.ConsentScene)
    d.press("Allow")
    assert s.ply == 0 and codec.dumps(s.state) == start_state and s.log == []
    lift_curtain(d, "Ada")
    assert scene.viewer == 0 and scene.my_turn


def test_a_person_cannot_take_back_anothers_move_nor_only_their_own_turn(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app)
    s = scene.session
    lift_curtain(d, "Ada")
    take_one(d, scene)
    settle(d, scene)
    lift_curtain(d, "Basil")
    # Basil has decided nothing yet: he cannot take back Ada's move
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    assert d.top is scene and s.ply == 1
    assert app.toasts.items[-1].text == "There is no earlier decision of yours to return to."
    # the pause menu says the same
    d.key(pygame.K_ESCAPE)
    pause = d.top
    assert isinstance(pause, overlays.PauseScene) and not pause.undo.enabled
    assert pause.undo.disabled_reason == "There is no earlier decision of yours to return to."


def test_the_curtain_offers_the_mover_to_take_the_move_back(driver: Driver) -> None:
    d, app = driver, driver.app
    scene = start(app)
    s = scene.session
    lift_curtain(d, "Ada")
    before = codec.dumps(s.state)
    take_one(d, scene)
    settle(d, scene)
    curtain = d.top
    assert isinstance(curtain, overlays.CurtainScene) and curtain.name == "Basil"
    assert curtain.undo is not None and curtain.undo.text == "Ada: take back your move"
    d.press("Ada: take back your move")
    # no second curtain: Ada still holds the device and it is her turn again
    assert d.top is scene and s.ply == 0 and codec.dumps(s.state) == before
    d.frames(2)
    assert d.top is scene and scene.viewer == 0 and scene.my_turn

    # a move that cannot be taken back (placing the secret reserve shows it) is
    # not offered
    d.click_widget(table_of(scene).reserve_button)
    assert s.ply == 1 and s.barriers == [True]
    settle(d, scene)
    curtain = d.top
    assert isinstance(curtain, overlays.CurtainScene) and curtain.name == "Basil"
    assert curtain.undo is None
