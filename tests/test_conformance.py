"""The shared harness over every registered game, plus the test game Nim.

Each test runs one (game, player count, variants, seed) case; the seed is in
the test id. Nim always takes part, so the harness itself is exercised even
while the registry is empty.
"""

from __future__ import annotations

import dataclasses

import pytest

from tabletop import games
from tabletop.core import conformance
from tabletop.core.conformance import ConformanceError
from tests.nimgame import ENTRY as NIM
from tests.nimgame.rules import NimRules, NimState, Take

SEEDS = (0, 1, 2)


def _all_cases() -> list[conformance.Case]:
    entries = {name: entry for name, entry in games.REGISTRY.items()}
    entries.setdefault(NIM.name, NIM)
    return [case for entry in entries.values() for case in conformance.cases(entry, SEEDS)]


@pytest.mark.parametrize("case", _all_cases(), ids=lambda c: c.id)
def test_conformance(case: conformance.Case, nim_registered: object) -> None:
    entry = games.get(case.game)
    run = conformance.check_case(entry, case)
    assert 0 < run.actions <= entry.info.max_actions_for(case.config.players)


def test_nim_cases_cover_every_player_count_and_variant() -> None:
    ids = {c.id for c in conformance.cases(NIM, seeds=(7,))}
    for players in (2, 3):
        assert f"nim-{players}p-chance=False-max_take=3-seed7" in ids
        assert f"nim-{players}p-chance=True-max_take=3-seed7" in ids
        for take in (2, 4):
            assert f"nim-{players}p-chance=False-max_take={take}-seed7" in ids
    assert len(ids) == 8


def test_report_and_game_specific_illegal_probe() -> None:
    report = conformance.check_entry(NIM, seeds=(3,), players=[2], illegal=lambda s: Take(9, 1))
    assert [r.case.config.players for r in report.runs] == [2, 2, 2, 2]
    assert report.total_actions > 0
    assert "nim: 4 playouts" in report.summary()


# -- the harness catches broken games ---------------------------------------


def _broken(rules: NimRules) -> tuple[games.GameEntry, conformance.Case]:
    entry = dataclasses.replace(NIM, rules=rules)
    return entry, conformance.Case("nim", NIM.default_config(2), 5)


class _OffersMovesAfterTheEnd(NimRules):
    def legal_actions(self, state: NimState) -> list:
        if state.turn is None:
            return [Take(1, 1)]
        return super().legal_actions(state)


class _UsesGlobalRandom(NimRules):
    def setup(self, config, seed):  # type: ignore[no-untyped-def]
        import random

        state = super().setup(config, seed)
        return dataclasses.replace(state, turn=random.randrange(config.players))


class _ViewHidesReserveAction(NimRules):
    def view(self, state: NimState, seat: int) -> NimState:
        v = super().view(state, seat)
        return dataclasses.replace(v, placed=(True,) * state.players)


class _AcceptsAnything(NimRules):
    def check(self, state, action):  # type: ignore[no-untyped-def]
        return None if not isinstance(action, Take) else super().check(state, action)


class _BreaksConservation(NimRules):
    def apply(self, state: NimState, action):  # type: ignore[no-untyped-def]
        after = super().apply(state, action)
        if after.turn is not None and len(after.history) == 2:
            return dataclasses.replace(after, heaps=(after.heaps[0] + 1, *after.heaps[1:]))
        return after


class _SilentLog(NimRules):
    def log_line(self, before, action, after, names):  # type: ignore[no-untyped-def]
        return ""


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (_OffersMovesAfterTheEnd(), "finished game still offers"),
        (_UsesGlobalRandom(), "two runs with one seed"),
        (_ViewHidesReserveAction(), "view offers"),
        (_AcceptsAnything(), "check accepts the illegal action"),
        (_BreaksConservation(), "stones are conserved"),
        (_SilentLog(), "some move has no log line"),
    ],
    ids=[
        "moves-after-end",
        "global-random",
        "view-hides-action",
        "accepts-anything",
        "conservation",
        "silent-log",
    ],
)
def test_harness_catches(rules: NimRules, message: str) -> None:
    entry, case = _broken(rules)
    with pytest.raises(ConformanceError, match=message) as info:
        conformance.check_case(entry, case)
    text = str(info.value)
    assert "nim, 2 players" in text and "seed 5" in text and "step " in text
