"""What Phantom Rummy's table shows, read through its picture and the pixels
it paints, at the three window sizes a player judges it at (960x600,
1280x800, 1920x1080): a red card in an opponent's open set keeps its mark
(an R on a red disc) where the next card of the set does not cover it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core.session import Seat
from tabletop.games import REGISTRY
from tabletop.games.phantom_rummy.cards import parse_cards
from tabletop.games.phantom_rummy.model import PhantomState
from tabletop.games.phantom_rummy.table.looks import red_mark_rect
from tabletop.ui.gamescene import GameScene
from tests.phantom_rummy.tables import table_of
from tests.ui.driver import Driver, make_app, start_table

ENTRY = REGISTRY["phantom_rummy"]
SIZES = [(960, 600), (1280, 800), (1920, 1080)]
#: seat 1 and seat 2's open sets: red copies first, in the middle and last
#: of a set (S3a, M6a, T1a are red; the rest black)
OPEN = ("S3a S4b S5c", "M6b M6a M6c", "T2b T3b T1a")


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, (960, 600))
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


def four_seats(app: App) -> GameScene:
    seats = [Seat("Ada"), Seat("Bea", "bot", "easy"), Seat("Cy", "bot", "easy")]
    scene = start_table(app, ENTRY, [*seats, Seat("Di", "bot", "easy")], 4)
    assert isinstance(scene, GameScene)
    return scene


def with_open_sets(view: PhantomState) -> PhantomState:
    """The view with seat 1 holding two of OPEN's sets and seat 2 one (the
    cards taken out of wherever the deal put them is no matter here: only
    the painting is read)."""
    sets = [parse_cards(text) for text in OPEN]
    opened = list(view.opened)
    opened[1] = (sets[0], sets[1])
    opened[2] = (sets[2],)
    return replace(view, opened=tuple(opened))


def near(a: tuple[int, ...], b: tuple[int, ...], tol: int = 40) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3], strict=True))


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_red_cards_in_an_opponents_open_sets_keep_their_mark_at_every_size(
    app: App, size: tuple[int, int]
) -> None:
    scene = four_seats(app)
    app.resize(size)
    Driver(app).frames(2)
    table = table_of(scene)
    view = with_open_sets(scene.view)
    picture = table.picture(view)
    surface = pygame.Surface(app.screen.get_size())
    table.paint(surface, picture)
    painter = table.painters.mini
    danger = tuple(app.theme.danger)
    checked = 0
    for seat in picture.seats:
        laid = list(seat.laid)
        assert [c for c, _ in laid] == [c for s in seat.sets for c in s]
        for k, (card, pose) in enumerate(laid):
            mark = red_mark_rect(painter.card_size, pose)
            # the next card of the row (drawn over this one) leaves the mark showing
            if k + 1 < len(laid):
                assert mark.right <= laid[k + 1][1].rect(painter.card_size).left, (size, card)
            # a red card shows the red disc there, a black one does not
            spot = (mark.x + max(2, mark.w // 6), mark.centery)
            shown = tuple(surface.get_at(spot))
            assert near(shown, danger) == card.red, (size, str(card), shown)
            checked += card.red
    assert checked == 3
    # the mark is read from the letter as well as the colour: its disc holds
    # pixels far from the red (the R), so it is no mere patch of colour
    red_pose = next(p for seat in picture.seats for c, p in seat.laid if c.red)
    mark = red_mark_rect(painter.card_size, red_pose)
    inside = [
        tuple(surface.get_at((x, y)))
        for x in range(mark.x + mark.w // 3, mark.right - mark.w // 3)
        for y in range(mark.y + mark.h // 4, mark.bottom - mark.h // 4)
    ]
    assert any(not near(p, danger, 80) for p in inside)
