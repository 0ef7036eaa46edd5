"""Each game shows a hint on its table (its ``draw_table`` reads the frame's
``hint_action``): Planet etuC lifts and rings the suggested cards or rings
Pass; Planepita draws the suggested pad, aim and stop. The hint's colour
(``theme.hint``) appears where the suggestion is, and nowhere before it."""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame

from tabletop.core.session import Seat
from tabletop.games.etuc.rules import Pass, Play
from tabletop.games.etuc.table.picture import card_lift
from tabletop.games.planepita.model import Flick
from tests.etuc.positions import position
from tests.etuc.tables import look_of
from tests.etuc.test_scene import app_fixture, start  # noqa: F401  (fixture)
from tests.planepita.tables import table_of
from tests.planepita.test_scene import start as start_planepita
from tests.ui.driver import Driver

ANN_AND_BOTS = [Seat("Ann"), Seat("Bob", "bot", "medium"), Seat("Cy", "bot", "medium")]


def hint_pixels(app: Any, rect: pygame.Rect) -> int:
    """Pixels of the hint's colour inside ``rect`` of the window."""
    pixels = pygame.surfarray.array3d(app.screen)[rect.left : rect.right, rect.top : rect.bottom]
    return int(np.all(pixels == np.array(app.theme.hint), axis=-1).sum())


def ask(d: Driver, scene: Any) -> Any:
    before = hint_pixels(d.app, scene.table_rect)
    d.key(pygame.K_h)
    d.frame()
    assert before == 0
    return scene.hint_action


def test_etuc_lifts_and_rings_the_hinted_cards(app: Any) -> None:
    d = Driver(app)
    scene = start(app, position(["1O 3G 3B 5P", "2Y 4A", "6P 1A"], turn=0), seats=ANN_AND_BOTS)
    hint = ask(d, scene)
    assert isinstance(hint, Play)
    assert hint_pixels(app, scene.table.shape.hand.inflate(0, 40)) > 200
    assert scene.hint_card_rect.w > 0 and scene.shown_hint.reason
    assert "{seat" not in scene.shown_hint.reason
    # a hinted card is picked where it is drawn, raised: its top edge selects it
    cards = scene.table.hand_cards()
    card = hint.cards[0]
    pose = scene.table.hand_poses(len(cards))[cards.index(card)]
    top = pose.raised(
        card_lift(scene.table.frame, scene.table.local, scene.table.painters, card)
        + scene.table.painters.hand.card_size[1] / 2
        - 4
    )
    assert card_lift(
        scene.table.frame, scene.table.local, scene.table.painters, card
    ) > scene.table.painters.hand.lift(look_of(scene, card))
    d.click((round(top.x), round(top.y)))
    assert card in scene.table.local.selected


def test_etuc_rings_pass_when_the_hint_is_to_pass(app: Any) -> None:
    d = Driver(app)
    state = position(["1O 2O", "4A 6P", "3G 3B"], table=[(2, "3G")], turn=0)
    scene = start(app, state, seats=ANN_AND_BOTS)
    assert scene.session.rules.legal_actions(scene.session.state) == [Pass()]
    hint = ask(d, scene)
    assert hint == Pass()
    assert hint_pixels(app, scene.table.pass_button.rect.inflate(20, 20)) > 100
    assert hint_pixels(app, scene.table.shape.hand) == 0
    assert scene.table.picture(scene.view).message.text.startswith("Hint: pass")
    assert scene.shown_hint.reason.startswith("Pass: nothing in your hand beats")


def test_planepita_draws_the_hinted_pad_aim_and_stop(app: Any) -> None:
    d = Driver(app)
    scene = start_planepita(app, ("human", "medium"))
    d.until(lambda: scene.my_turn)
    hint = ask(d, scene)
    assert isinstance(hint, Flick)
    seat = scene.viewer
    pad = table_of(scene).geo.ipx(*table_of(scene).geo.pose(seat, hint.pad).start)
    near_pad = pygame.Rect(0, 0, 80, 80)
    near_pad.center = pad
    assert hint_pixels(app, near_pad) > 50
    assert hint_pixels(app, table_of(scene).shape.board_area) > 400
    assert "points" in scene.shown_hint.reason
