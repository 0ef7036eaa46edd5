"""A whole 2-player Planepita game through the real App, by synthetic mouse only.

Two humans share the device. Every launch is a pad drag and a pull on the disc;
every flip decision a click on a button; a jammer knocked off goes back with a
click. Animations are off, so the game runs at the speed of the rules.
"""

from __future__ import annotations

import math
from typing import Any

import pytest

from tabletop.core.session import default_seats
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Flick, Flip, Phase, PlaceJammer
from tabletop.ui import flow, overlays
from tabletop.ui.gamescene import GameScene
from tests.planepita import tables
from tests.planepita.tables import table_of
from tests.ui.driver import Driver, make_app

SEED = 2024


@pytest.fixture
def app(tmp_path: Any):
    a = make_app(tmp_path)
    a.update_settings(anim_speed=0.0)
    try:
        yield a
    finally:
        a.shutdown()


def ready(app: Any, scene: GameScene) -> bool:
    return app.stack.top is scene and not scene.animating


def launch(d: Driver, scene: GameScene, k: int) -> None:
    """Drag the pad somewhere along the stretch, then pull the disc back."""
    geo = table_of(scene).geo
    seat = scene.session.to_move()
    pose = geo.pose(seat, table_of(scene).pad_pos(seat))
    lo, hi = table_of(scene).board.stretch_arc(table_of(scene).players, seat)
    target = (0.25, 0.5, 0.75, 0.4, 0.6)[k % 5]
    a = math.radians(lo + target * (hi - lo))
    d.drag(
        geo.ipx(*pose.to_world(pose.depth * 0.92, 0.0)),
        geo.ipx(300 * math.cos(a), 300 * math.sin(a)),
    )
    assert table_of(scene).pad_pos(seat) == pytest.approx(target, abs=0.02)
    pose = geo.pose(seat, table_of(scene).pad_pos(seat))
    # pull back 32..52 mm (about 800..1300 mm/s), a little to one side
    pull = 32.0 + 5.0 * (k % 5)
    side = (-12.0, -5.0, 0.0, 6.0, 11.0)[(k * 3) % 5]
    back = pose.to_world(pose.depth * table_of(scene).board.pad_start + pull, side)
    d.drag(geo.ipx(*pose.start), geo.ipx(*back), steps=6)


def test_a_whole_two_player_game_by_mouse(app: Any) -> None:
    from tabletop.games import REGISTRY

    entry = REGISTRY["planepita"]
    config = entry.default_config(2)
    scene = flow.start_game(app, entry, config, SEED, default_seats(["human", "human"]))
    assert tables.is_planepita(scene)
    d = Driver(app)
    d.frames(2)
    s = scene.session
    flicks = flips = keeps = jammers = 0
    k = 0
    for _ in range(400):
        if s.is_over():
            break
        d.until(lambda: ready(app, scene))
        st = s.state
        before = len(s.actions)
        if st.phase is Phase.LAUNCH:
            launch(d, scene, k)
            k += 1
            assert len(s.actions) == before + 1, scene.last_error
            assert isinstance(s.actions[-1], Flick)
            flicks += 1
        elif st.phase is Phase.FLIP:
            down = flips <= keeps
            d.press("Face down" if down else "Face up")
            assert s.actions[-1] == Flip(down)
            flips += down
            keeps += not down
        elif st.phase is Phase.PLACE_JAMMER:
            spec = pp_rules.RULES.legal_actions(st)[0]
            spot = pp_rules.free_jammer_spot(st.layout, spec.area)
            assert spot is not None
            d.click(table_of(scene).geo.ipx(*spot))
            if (
                len(s.actions) == before
            ):  # the pixel rounded onto a disc's edge: the nearest other spot
                x, y = table_of(scene).geo.to_mm(*table_of(scene).geo.ipx(*spot))
                d.click(table_of(scene).geo.ipx(x * 0.9, y * 0.9))
            assert isinstance(s.actions[-1], PlaceJammer)
            jammers += 1
        d.frames(1)
    d.until(lambda: isinstance(app.stack.top, overlays.ResultsScene))
    assert s.is_over()
    assert len(s.state.history) == 4
    rounds_launches = 4 * pp_rules.launches_per_round(s.state)
    assert flicks >= rounds_launches  # P4 retries add flicks, never remove them
    assert flips >= 1 and keeps >= 1
    assert all(a.speed > 0 for a in s.actions if isinstance(a, Flick))
