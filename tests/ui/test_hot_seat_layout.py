"""Hot-seat in every game with hidden hands: the table is laid out for the
person who holds the device.

A game's scene places the other seats around the viewer (Planet etuC's
opponent panels), so when the curtain hands the device to another person the
frame lays the table out again before it is drawn. Run over every registered
game with hidden information and the test game Claim the Discard, so a new
game gets the check by being registered.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from tabletop.core.game import GameEntry
from tabletop.core.session import Seat, Session
from tabletop.games import REGISTRY
from tabletop.ui import flow, overlays
from tests.claimgame import ENTRY as CLAIM
from tests.ui.driver import Driver, make_app

HIDDEN = [e for e in REGISTRY.values() if e.info.hidden_information] + [CLAIM]


@pytest.mark.parametrize("entry", HIDDEN, ids=[e.name for e in HIDDEN])
def test_each_person_sees_the_table_laid_out_around_their_own_seat(
    entry: GameEntry, tmp_path: Any
) -> None:
    players = min(3, entry.info.max_players)
    seats = [Seat(name) for name in ("Ann", "Bob", "Cy")[:players]]
    app = make_app(tmp_path, games={**REGISTRY, CLAIM.name: CLAIM})
    try:
        app.update_settings(anim_speed=0)
        config = entry.default_config(players)
        session = Session(entry, config, 3, seats, threaded=False, timed=False)
        scene = flow.start_game(app, entry, config, 3, seats, session=session)
        d = Driver(app)
        laid: list[int] = [scene.laid_out_for]  # the seat on screen at each layout
        drawn: list[tuple[int, int]] = []  # (seat drawn, seat last laid out for)
        layout, draw_table = scene.layout, scene.draw_table

        def spy_layout(rect: Any) -> None:
            laid.append(scene.viewer)
            layout(rect)

        def spy_draw(surface: Any, view: Any) -> None:
            drawn.append((scene.viewer, laid[-1]))
            shape = getattr(scene.table, "shape", None)  # a table the frame holds
            seats = getattr(shape, "seats", None) or getattr(scene, "seat_rects", None)
            if seats is not None:  # the opponent panels leave the viewer out
                assert scene.viewer not in seats
            draw_table(surface, view)

        scene.layout, scene.draw_table = spy_layout, spy_draw  # type: ignore[method-assign]
        gen = random.Random(5)
        viewers = set()
        for _ in range(400):
            d.frame()
            top = d.top
            if isinstance(top, overlays.CurtainScene):
                top.back()
            elif isinstance(top, overlays.SummaryScene):
                top.back()
            elif top is scene and scene.my_turn:
                viewers.add(scene.viewer)
                assert scene.act(entry.sample_action(session.state, gen))
            if len(viewers) == players and len(drawn) > 4 * players:
                break
        assert viewers == set(range(players)), "the device went round the table"
        assert drawn and all(seat == laid_for for seat, laid_for in drawn), drawn
    finally:
        app.shutdown()
