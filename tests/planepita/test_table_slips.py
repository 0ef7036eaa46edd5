"""What play showed wrong at Planepita's table (issue 10, item 4), each held
here: the log's tooltip with a shot's numbers, toasts kept off the log, the
panel's words at a round's and the game's end, the disc choice reset, lost
discs drawn in the black hole, small discs, the power meter off the pad."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tabletop.core.session import default_seats
from tabletop.games.planepita.model import Flick
from tabletop.games.planepita.scene import PlanepitaScene
from tabletop.ui import flow
from tabletop.ui.gamescene import LOG_TOOLTIP_DELAY
from tests.ui.driver import Driver, make_app

SEED = 11


@pytest.fixture
def app(tmp_path: Any):
    a = make_app(tmp_path)
    try:
        yield a
    finally:
        a.shutdown()


def start(app: Any, kinds: tuple[str, ...] = ("human", "human"), names: tuple[str, ...] = ("Ada", "Basil"),
          **variants: Any) -> PlanepitaScene:
    from tabletop.games import get

    entry = get("planepita")
    seats = [replace(seat, name=name) for seat, name in zip(default_seats(list(kinds)), names)]
    scene = flow.start_game(app, entry, entry.default_config(len(kinds), **variants), SEED, seats)
    app.frame([], 1 / 60)
    assert isinstance(scene, PlanepitaScene)
    return scene


def test_resting_on_a_log_entry_shows_the_shots_numbers(app: Any) -> None:
    app.update_settings(anim_speed=0.0)
    scene = start(app)
    d = Driver(app)
    scene.act(Flick(0.5, 0.0, 1000.0))
    d.frames(2)
    assert scene.session.log == ["Ada flicks softly towards the centre: the disc lands in the 4-pt area."]
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
            if scene.flip_button.visible:
                d.press("Keep face up")
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
