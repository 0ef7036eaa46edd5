"""The checks of Nim's lesson (lesson.toml): the test game's, for tests/test_lessons.py."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.lesson import StepHooks
from tests.nimgame.rules import NimState, Take


def _first(state: NimState) -> dict[str, str]:
    return {"first": str(state.heaps[0])}


def _claims_heaps(state: NimState) -> list[str]:
    return [] if len(state.heaps) == 3 and state.heaps[0] > 1 else ["the top heap is no heap"]


def _accept_one(state: NimState, action: Any) -> str | None:
    if action == Take(1, 1):
        return None
    return "this step asks for one stone from the top heap."


def _point(scene: Any) -> list[Any]:
    table = scene.table
    view = scene.view
    x, y = table.stone_centres(1, view.heaps[1])[-1]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))]


def _click_rightmost(scene: Any) -> list[Any]:
    table = scene.table
    x, y = table.stone_centres(0, scene.view.heaps[0])[-1]
    return [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1),
    ]


HOOKS = {
    "heaps": StepHooks(words=_first, claims=_claims_heaps),
    "point": StepHooks(perform=_point),
    "take-one": StepHooks(
        accept=_accept_one,
        solve=lambda state: Take(1, 1),
        perform=_click_rightmost,
        wrong=lambda state: Take(2, 1),
    ),
    "your-turn": StepHooks(solve=lambda state: Take(3, 1)),
}
