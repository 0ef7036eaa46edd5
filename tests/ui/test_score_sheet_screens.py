"""The score sheet on the results screen and in the summary between deals
(tabletop/ui/scoresheet.py, tabletop/ui/overlays.py): drawn from the rules'
``score_sheet``, places at the columns' heads, every cell readable whole on
hover, and a sheet taller than the window scrolls instead of being cut."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.game import DealSummary, ScoreSheet, SheetRow, SummaryRow
from tabletop.core.session import Seat
from tabletop.ui import overlays
from tabletop.ui.scoresheet import SheetView, points
from tests.nimgame import ENTRY as NIM
from tests.ui.driver import Driver, app_fixture, driver_fixture, start_table  # noqa: F401


def _finish_nim(driver: Driver) -> Any:
    app = driver.app
    scene = start_table(app, NIM, [Seat("Ada", "bot", "easy"), Seat("Bo", "bot", "easy")], 3)
    driver.until(lambda: isinstance(driver.top, overlays.ResultsScene), frames=3000)
    return scene


def test_the_results_show_the_rules_sheet_with_places_and_wins(driver: Driver) -> None:
    scene = _finish_nim(driver)
    results = driver.top
    outcome = scene.session.outcome()
    sheet = results.table.sheet
    assert sheet == NIM.rules.score_sheet(scene.session.state)
    assert sheet.totals == outcome.scores
    assert [row.label for row in sheet.rows] == ["Took the last stone"]
    assert results.table.places == list(outcome.places)
    # the sheet lies inside the box, above the buttons, whole (no scrolling)
    assert results.box.contains(results.table.rect)
    assert results.table.rect.bottom <= results.again.rect.y
    assert results.table.max_offset == 0
    # every cell says itself whole on hover: the winner's point and place
    winner = outcome.winners[0]
    column = results.table.columns()[winner]
    driver.frame()
    y = results.table.view_rect().y + results.table.head_h + results.table.row_h // 2
    driver.move((column.centerx, y))
    driver.frames(60)
    name = scene.session.names[winner]
    assert results.group.tooltip.text == f"{name}, Took the last stone: 1"


def _tall_sheet(players: int, rows: int) -> ScoreSheet:
    made = [
        SheetRow(f"Card number {k} with a long name", tuple(float(k % 3) for _ in range(players)))
        for k in range(rows)
    ]
    return ScoreSheet.summed(made, players, ("{0} and {1} share nothing.",))


def test_a_tall_sheet_scrolls_inside_the_window(driver: Driver) -> None:
    app = driver.app
    sheet = _tall_sheet(6, 60)
    view = SheetView(sheet, [f"Player {s}" for s in range(6)], [1, 2, 3, 4, 5, 6])
    view.rect = pygame.Rect(20, 20, 600, 300)
    surface = pygame.Surface((640, 340))
    view.draw(surface, app.theme)
    assert view.max_offset > 0
    view.focused = True
    view.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END, mod=0, unicode=""))
    assert view.offset == view.max_offset
    assert view.can_focus()
    assert points(-2.0) == "−2" and points(None) == "–" and points(1.5) == "1.5"


def test_the_summary_between_deals_draws_the_standing(driver: Driver) -> None:
    app = driver.app
    sheet = ScoreSheet.summed(
        [SheetRow("Deal 1", (3.0, 5.0, 1.0)), SheetRow("Deal 2", (4.0, 0.0, 2.0))], 3
    )
    # ranked by the standing (the totals 7, 5, 3), the deal's points beside
    rows = (
        SummaryRow(0, 1, ("+4", "7")),
        SummaryRow(1, 2, ("+0", "5")),
        SummaryRow(2, 3, ("+2", "3")),
    )
    summary = DealSummary("Deal 2 over", ("This deal", "In all"), rows, "{0} leads.", sheet=sheet)
    done: list[bool] = []
    scene = overlays.SummaryScene(app, summary, ["Ada", "Bo", "Cy"], lambda: done.append(True))
    app.stack.push(scene)
    driver.frame()
    assert scene.table is not None and scene.table.places == [1, 2, 3]
    assert scene.box.contains(scene.table.rect)
    assert scene.table.rect.bottom <= scene.go.rect.y
    driver.key(pygame.K_RETURN)
    assert done == [True]
