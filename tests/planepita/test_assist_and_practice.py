"""Planepita's aim assist levels and take-backs (issue 10, items 7 and 8).

Aim assist is a game setting (full: where the disc would stop on an empty
board; line: the direction and the power; none: the power bar only), and a
game a person plays is marked with the level used, in its save and its
statistics. Take-backs: against bots a flick is never taken back, unless the
game is played as practice (a variant, so resume and replay know it), and a
game with take-backs is marked so.
"""

from __future__ import annotations

import json
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.core.session import Session, default_seats, result_of
from tabletop.core.stats import TAKE_BACKS
from tabletop.games import REGISTRY
from tabletop.games.planepita.model import AreaResult, Flick, Flip, Phase, RoundResult
from tabletop.ui import flow
from tabletop.ui.gamescene import GameScene
from tests.planepita import tables
from tests.planepita.positions import position
from tests.planepita.tables import table_of
from tests.ui.driver import Driver

SEED = 11


def start(app: Any, kinds: tuple[str, ...] = ("human", "human"), **variants: Any) -> GameScene:
    from tabletop.games import REGISTRY

    entry = REGISTRY["planepita"]
    seats = [
        replace(seat, name=name)
        for seat, name in zip(default_seats(list(kinds)), ("Ada", "Basil", "Cleo"))
    ]
    scene = flow.start_game(app, entry, entry.default_config(len(kinds), **variants), SEED, seats)
    app.frame([], 1 / 60)
    assert tables.is_planepita(scene)
    return scene


def pull(d: Driver, scene: GameScene, back_mm: float = 60.0, side_mm: float = 0.0) -> None:
    """Press on the disc on the pad and pull back (held, not released)."""
    seat = scene.session.to_move()
    pose = table_of(scene).geo.pose(seat, table_of(scene).pad_pos(seat))
    a = table_of(scene).geo.ipx(*pose.start)
    b = table_of(scene).geo.ipx(*pose.to_world(pose.depth * 0.6 + back_mm, side_mm))
    d.move(a)
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1)])
    d.move(b, (1, 0, 0))


def release(d: Driver) -> None:
    d.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=d.mouse, button=1)])


# -- aim assist ----------------------------------------------------------------------------


@pytest.mark.parametrize("assist", ["full", "line", "none"])
def test_each_aim_assist_level_draws_what_it_promises(app: Any, assist: str) -> None:
    app.set_game_setting("planepita", "aim_assist", assist)
    scene = start(app)
    d = Driver(app)
    pull(d, scene, 60.0, 15.0)
    assert tables.aim_drawn(scene) == assist
    if assist == "full":  # where the disc would stop on an empty board
        assert tables.aim_prediction(scene) is not None and tables.aim_tip(scene) is not None
    else:  # no hint of where it stops
        assert tables.aim_prediction(scene) is None and tables.aim_tip(scene) is None
    assert tables.meter_rect(scene).w > 0  # the power bar shows at every level


def test_the_aim_assist_is_marked_on_the_game_and_in_its_statistics(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    app.set_game_setting("planepita", "aim_assist", "line")
    scene = start(app)
    d = Driver(app)
    pull(d, scene)
    release(d)
    s = scene.session
    assert s.ply == 1 and s.marks == {"aim assist: line"}
    assert s.to_doc()["marks"] == ["aim assist: line"]  # kept in the save
    # switching it mid-game (the pause screen) marks the game with both
    app.set_game_setting("planepita", "aim_assist", "none")
    d.frames(2)
    if table_of(scene).flip_button.visible:
        d.press("Face up")
    scene.act(Flick(0.5, 0.0, 1100.0))
    assert s.marks == {"aim assist: line", "aim assist: none"}
    # the game ends: its statistics keep the marks
    s.states[-1] = finished(s.state)
    d.until(lambda: s.recorded, frames=30)
    stats, _ = app.storage.load_stats()
    (result,) = stats.results
    assert result.marks == ("aim assist: line", "aim assist: none") == result_of(s).marks


def finished(state: Any) -> Any:
    """``state`` made the end of a game (round 4 over, nobody scoring)."""
    areas = tuple(AreaResult(v, (0,) * len(state.won) + (0,), None, 0, "empty") for v in (5, 4, 3))
    history = tuple(RoundResult(r, (0.0, 0.0), 5, (), areas, 0, ()) for r in range(1, 5))
    return replace(
        position(state.players, round=4),
        phase=Phase.OVER,
        history=history,
        slots=(0, 0, 0),
        won=((), ()),
    )


# -- take-backs ----------------------------------------------------------------------------------

FLIP_SHOT = Flick(0.5, 0.0, 1100.0)  # stops in the 4-pt area: a flip is offered
REFUSED = "A flick against bots stands once its result is known (a Practice game allows retries)."


def session(kinds: tuple[str, ...] = ("human", "easy"), **variants: Any) -> Session:
    entry = REGISTRY["planepita"]
    return Session(
        entry,
        entry.default_config(len(kinds), **variants),
        SEED,
        default_seats(list(kinds)),
        threaded=False,
        timed=False,
    )


def test_against_a_bot_a_flick_stands_but_the_flip_after_it_may_be_taken_back() -> None:
    s = session()
    s.play(FLIP_SHOT)
    assert s.state.phase is Phase.FLIP
    assert s.can_undo(0) == REFUSED
    assert not s.undo(0) and s.ply == 1 and TAKE_BACKS not in s.marks
    s.play(Flip(True))
    assert s.can_undo(0) is None
    assert s.undo(0) and s.ply == 1 and s.state.phase is Phase.FLIP  # the flip, not the flick
    assert TAKE_BACKS in s.marks
    s.play(Flip(False))
    s.play(s.bot_action())  # the bot's flick stands too: nothing of Ada's can be taken back past it
    assert s.can_undo(0) == REFUSED


def test_a_practice_game_takes_flicks_back_and_is_marked() -> None:
    s = session(practice=True)
    assert s.state.practice
    s.play(FLIP_SHOT)
    assert s.can_undo(0) is None
    assert s.undo(0) and s.ply == 0 and s.marks == {TAKE_BACKS}
    # the practice is part of the game: a resumed save knows it
    s.play(FLIP_SHOT)
    loaded = Session.from_doc(
        json.loads(json.dumps(s.to_doc())), registry=REGISTRY, threaded=False, timed=False
    )
    assert loaded.config.variants["practice"] is True and loaded.undo(0) and loaded.ply == 0


def test_among_people_a_flick_may_be_taken_back_as_before() -> None:
    s = session(("human", "human"))
    s.play(FLIP_SHOT)
    assert s.can_undo(0) is None and s.undo(0) and s.ply == 0


def test_an_old_save_without_the_practice_variant_loads_as_no_practice() -> None:
    s = session()
    s.play(FLIP_SHOT)
    doc = json.loads(json.dumps(s.to_doc()))
    del doc["config"]["variants"]["practice"]
    for state in doc["states"]:
        del state["f"]["practice"]
    loaded = Session.from_doc(doc, registry=REGISTRY, threaded=False, timed=False)
    assert not loaded.state.practice and loaded.can_undo(0) == REFUSED


@pytest.mark.parametrize("practice", [False, True])
def test_ctrl_z_after_a_flick_against_a_bot(app: Any, practice: bool) -> None:
    """Through the window: Ctrl+Z right after your flick against a bot is
    refused with the reason, unless the game is practice."""
    app.update_settings(anim_speed=0.0)
    scene = start(app, ("human", "easy"), practice=practice)
    d = Driver(app)
    assert scene.act(FLIP_SHOT)
    d.frames(2)
    s = scene.session
    assert s.ply == 1 and s.state.phase is Phase.FLIP  # Ada's decision: the bot waits
    d.key(pygame.K_z, pygame.KMOD_CTRL)
    if practice:
        assert s.ply == 0 and any(t.text == "Undone." for t in app.toasts.items)
        assert TAKE_BACKS in s.marks
    else:
        assert s.ply == 1 and scene.last_error == REFUSED
        assert [t.text for t in app.toasts.items if t.kind == "error"] == [REFUSED]
        # the pause screen says the same beside its Undo button
        d.key(pygame.K_ESCAPE)
        assert not d.top.undo.enabled and d.top.undo.disabled_reason == REFUSED
