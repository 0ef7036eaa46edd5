"""The checks of Nim's second lesson (lesson-two.toml), for tests/test_lessons.py."""

from __future__ import annotations

from typing import Any

from tabletop.core.lesson import StepHooks
from tests.nimgame.rules import NimState, Take


def _accept_two(state: NimState, action: Any) -> str | None:
    return None if action == Take(1, 2) else "this step asks for two stones from the top heap."


HOOKS = {
    "take-two": StepHooks(
        accept=_accept_two,
        solve=lambda state: Take(1, 2),
        wrong=lambda state: Take(1, 3),  # more than the limit: the rules say why
    ),
}
