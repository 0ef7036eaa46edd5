"""What decides a score is on the table before it decides (issue 27): the
area the jammer counts in is lit, the decision box says why a disc there
may not flip, and "if the round ended now" counts the jammer's sweep. All
read through the table's picture (tabletop/games/planepita/table/picture.py)."""

from __future__ import annotations

from typing import Any

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Phase
from tabletop.games.planepita.table.picture import no_flip_words
from tests.planepita.positions import D, position
from tests.planepita.tables import picture_of, table_of
from tests.planepita.test_scene import start

BOARD = pp_rules._board(pp_rules.params_mod.default())


def _on_the_line() -> float:
    """A distance from the centre where the jammer's centre lies in the 4-pt
    area while its edge touches the 5-pt line: by P1 it counts in the 5-pt area."""
    r = BOARD.jammer_radius
    for tenth in range(0, 3000):
        y = tenth / 10
        if BOARD.area_of(0.0, y, 0.0) == 4 and BOARD.area_of(0.0, y, r) == 5:
            return y
    raise AssertionError("no such place on the board")


def _show(app: Any, state: Any) -> Any:
    scene = start(app)
    scene.session.states[-1] = state
    scene.layout(scene.table_rect)
    app.frame([], 1 / 60)
    return scene


def test_the_area_the_jammer_counts_in_is_lit_and_said_when_it_sits_on_a_line(app: Any) -> None:
    y = _on_the_line()
    state = position(2, [D(0.0, 40.0), D(0.0, -40.0)], jammer=(0.0, y))
    scene = _show(app, state)
    zone = picture_of(scene).zone
    assert zone is not None and zone.kind == "counts" and zone.area == 5
    assert zone.label == "Jammer: 5-pt area (it touches the line)"
    assert zone.label_box is not None and table_of(scene).shape.board_area.contains(zone.label_box)
    assert pp_rules.jammer_area_of(state.layout) == 5 and pp_rules.jammer_on_line(state.layout)


def test_a_jammer_well_inside_an_area_is_lit_without_a_label(app: Any) -> None:
    state = position(2, [D(0.0, 130.0)], jammer=(0.0, 0.0))
    zone = picture_of(_show(app, state)).zone
    assert zone is not None and (zone.kind, zone.area, zone.label) == ("counts", 5, "")


def test_if_the_round_ended_now_counts_the_sweep(app: Any) -> None:
    # seat 0 has two face-up discs in the jammer's 5-pt area, seat 1 one face down
    state = position(2, [D(0.0, 40.0), D(0.0, -40.0, down=True), D(40.0, 0.0)], jammer=(0.0, 0.0))
    scene = _show(app, state)
    power = table_of(scene).picture(scene.view).panel.power
    assert power is not None
    assert power.jammer_area == 5
    assert power.swept == ((0, 2),)
    five = next(a for a in power.results if a.value == 5)
    assert five.power[0] == 0 and five.power[1] == 1  # the face-up discs are gone
    expected = pp_rules.area_winners(
        pp_rules.sweep(state.layout.discs, 5)[0], 5, state.players, state.slots
    )
    assert list(power.results) == list(expected)
    assert power.sweep_words == "Jammer (5 pts): sweeps"


def test_the_decision_box_says_why_the_disc_just_launched_may_not_flip() -> None:
    from dataclasses import replace

    # seat 0's disc came to rest face up in the jammer's 5-pt area; the turn has passed
    decided = position(2, [D(0.0, 40.0)], jammer=(0.0, 0.0), phase=Phase.FLIP)
    state = replace(decided, phase=Phase.LAUNCH, turn=1)
    assert pp_rules.flip_refusal(state.layout, 0) is not None
    assert no_flip_words(state) == (
        "Stays face up, no flip: it is in the jammer's area (the 5-pt area)."
    )


def test_the_steady_zone_is_shaded_into_the_backdrop_with_the_pixels_painted_over_it(
    app: Any,
) -> None:
    """The area the jammer counts in is shaded once into a copy of the
    backdrop (tabletop/games/planepita/table/looks.py, Art.shaded_backdrop):
    on the window it gives the very pixels of the backdrop with the shade
    blitted over it, as every frame painted them before; and the side panel,
    painted after it, never lies over the planet."""
    import pygame

    from tabletop.games.planepita.table.paint import _Painting

    for jammer in ((0.0, 0.0), (0.0, 200.0)):  # the 5-pt area and the 3-pt ring
        state = position(2, [D(0.0, 130.0)], jammer=jammer)
        scene = _show(app, state)
        table = table_of(scene)
        pic = picture_of(scene)
        assert pic.zone is not None and pic.zone.kind == "counts"
        art, shape = table.art, table.shape
        assert art.shaded is not None and art.backdrop is not None
        assert not shape.panel.colliderect(shape.geo.planet_rect)
        window = pygame.display.get_surface()
        before = window.copy()
        before.blit(art.backdrop, shape.table.topleft)
        shade = _Painting(before, app.theme, shape, art, table.board, pic)._shade(pic.zone)
        before.blit(shade, shape.geo.square.topleft)
        after = window.copy()
        after.blit(art.shaded, shape.table.topleft)
        assert pygame.image.tobytes(after, "RGB") == pygame.image.tobytes(before, "RGB")
