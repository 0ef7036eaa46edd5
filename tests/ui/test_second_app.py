"""One process, one App after another: nothing made for one pygame session
(fonts, card faces) is used in the next, where it would be invalid."""

from __future__ import annotations

from pathlib import Path

import pygame

from tabletop.core.session import default_seats
from tabletop.games import REGISTRY
from tabletop.ui import flow, menus
from tabletop.ui.theme import FontCache, pygame_session
from tests.ui.driver import Driver, make_app


def play_a_little(root: Path, palette: str) -> None:
    """The title, then a Planet etuC table (cards, and the title's card
    picture), a few frames each, and shut down."""
    app = make_app(root)
    try:
        app.update_settings(palette=palette)
        d = Driver(app)
        d.frames(2)
        assert isinstance(d.top, menus.TitleScene)
        etuc = REGISTRY["etuc"]
        flow.start_game(
            app, etuc, etuc.default_config(3), 4, default_seats(["human", "easy", "easy"])
        )
        d.frames(3)
        assert d.top.session.name == "etuc"
        d.key(pygame.K_ESCAPE)  # the pause menu over the table
        d.frames(2)
    finally:
        app.shutdown()


def test_a_second_app_in_one_process_draws_the_title_and_a_card_game(tmp_path: Path) -> None:
    # the second round changes the palette, as a player might: every card face
    # is drawn afresh, with fonts from the cache of the first round
    for n, palette in enumerate(["default", "okabe_ito", "default"]):
        play_a_little(tmp_path / f"home{n}", palette)


def test_font_caches_follow_the_pygame_session() -> None:
    pygame.init()
    fonts = FontCache()
    first = fonts(20)
    assert fonts(20) is first
    session = pygame_session()
    pygame.quit()
    assert pygame_session() != session
    pygame.init()
    try:
        again = fonts(20)
        assert again is not first
        assert again.render("9", True, (0, 0, 0)).get_width() > 0
    finally:
        pygame.quit()
