"""The shared harness over every registered game, plus the test games Nim and
Claim the Discard (decisions out of turn, sealed answers).

Each test runs one (game, player count, variants, seed) case; the seed is in
the test id. The test games always take part, so the harness itself is
exercised even while the registry is empty. The malformed-action check runs
once per game (its fewest players, seed 0), fed the other games' actions.
"""

from __future__ import annotations

import dataclasses

import pytest

from tabletop import games
from tabletop.core import conformance
from tabletop.core.conformance import ConformanceError
from tabletop.core.game import Ending, GameEntry, Outcome, ScoreSheet, SheetRow
from tabletop.games.etuc.rules import COLOUR_LETTERS, Card, EtucRules, Play
from tests.claimgame import ENTRY as CLAIM
from tests.claimgame.rules import ClaimRules, ClaimState, Discard, Pass, Phase, matching
from tests.nimgame import ENTRY as NIM
from tests.nimgame import determinize
from tests.nimgame.rules import NimRules, NimState, Take

SEEDS = (0, 1)  # the defaults with both; each other variant with one, in turn
ETUC = games.REGISTRY["etuc"]


def _all_cases() -> list[conformance.Case]:
    entries = {name: entry for name, entry in games.REGISTRY.items()}
    entries.setdefault(NIM.name, NIM)
    entries.setdefault(CLAIM.name, CLAIM)
    return [case for entry in entries.values() for case in conformance.cases(entry, SEEDS)]


@pytest.mark.parametrize("case", _all_cases(), ids=lambda c: c.id)
def test_conformance(
    case: conformance.Case, nim_registered: object, claim_registered: object
) -> None:
    entry = games.REGISTRY[case.game]
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


def _broken(rules: NimRules) -> tuple[GameEntry, conformance.Case]:
    entry = dataclasses.replace(NIM, rules=rules, info=rules.info)
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


class _MutatesItsInput(NimRules):
    """apply writes the move into the state it was given as well (past the
    frozen dataclass's guard)."""

    def apply(self, state: NimState, action):  # type: ignore[no-untyped-def]
        after = super().apply(state, action)
        object.__setattr__(state, "history", after.history)
        return after


class _SilentLog(NimRules):
    def log_line(self, before, action, after, names):  # type: ignore[no-untyped-def]
        return ""


class _ViewShowsEveryReserve(NimRules):
    """A leak: every seat sees every reserve."""

    def view(self, state: NimState, seat: int) -> NimState:
        return dataclasses.replace(super().view(state, seat), reserves=state.reserves)


class _ViewShowsTheGiftSeed(NimRules):
    """A leak: the seed of the gift draws reaches the views."""

    def view(self, state: NimState, seat: int) -> NimState:
        return dataclasses.replace(super().view(state, seat), chance_seed=state.chance_seed)


class _EndsForAnUndeclaredReason(NimRules):
    def outcome(self, state: NimState) -> Outcome:
        return dataclasses.replace(super().outcome(state), reason=_Odd.ODD)


class _Odd(Ending):
    ODD = ("odd", "Something odd happened.")


class _ScoresTwo(NimRules):
    info = dataclasses.replace(NimRules.info, score_bounds={2: (0.0, 1.0), 3: (0.0, 2.0)})

    def outcome(self, state: NimState) -> Outcome:
        out = super().outcome(state)
        return dataclasses.replace(out, scores=tuple(2 * x for x in out.scores))


class _SheetMissesAPoint(NimRules):
    """The score sheet's total says what the outcome says, but its rows do not."""

    def score_sheet(self, state: NimState) -> ScoreSheet:
        sheet = super().score_sheet(state)
        return dataclasses.replace(sheet, rows=())


class _SheetDisagrees(NimRules):
    """The score sheet counts a point nobody scored."""

    def score_sheet(self, state: NimState) -> ScoreSheet:
        rows = [SheetRow("A stone", (1.0,) * state.players)]
        return ScoreSheet.summed(rows, state.players)


@pytest.mark.parametrize("name", sorted(games.REGISTRY))
def test_every_shipped_game_gives_a_score_sheet(name: str) -> None:
    """The results screen draws every game's sheet; the harness's finished
    games (every player count and variant, two seeds) check it adds up to
    the outcome's scores."""
    assert callable(getattr(games.REGISTRY[name].rules, "score_sheet", None))


@pytest.mark.parametrize(
    ("rules", "message"),
    [
        (_ViewShowsEveryReserve(), "view is not the view of its determinization"),
        (_ViewShowsTheGiftSeed(), "view is not the view of its determinization"),
        (_EndsForAnUndeclaredReason(), "neither a core EndReason nor one of the game's declared"),
        (_ScoresTwo(), r"outside score_bounds \(0.0, 1.0\)"),
        (_OffersMovesAfterTheEnd(), "finished game still offers"),
        (_UsesGlobalRandom(), "two runs with one seed"),
        (_ViewHidesReserveAction(), "view offers"),
        (_AcceptsAnything(), "check accepts the illegal action"),
        (_BreaksConservation(), "stones are conserved"),
        (_MutatesItsInput(), "mutated its input state"),
        (_SilentLog(), "some move has no log line"),
        (_SheetMissesAPoint(), "column on the score sheet sums to 0"),
        (_SheetDisagrees(), "score sheet's totals"),
    ],
    ids=[
        "view-leaks-reserves",
        "view-leaks-seed",
        "undeclared-end-reason",
        "per-count-score-bounds",
        "moves-after-end",
        "global-random",
        "view-hides-action",
        "accepts-anything",
        "conservation",
        "mutates-input",
        "silent-log",
        "sheet-rows-short",
        "sheet-not-the-scores",
    ],
)
def test_harness_catches(rules: NimRules, message: str) -> None:
    entry, case = _broken(rules)
    if isinstance(rules, _ViewShowsTheGiftSeed):
        case = conformance.Case("nim", NIM.default_config(2, chance=True), 5)
    with pytest.raises(ConformanceError, match=message) as info:
        conformance.check_case(entry, case)
    text = str(info.value)
    assert "nim, 2 players" in text and "seed 5" in text and "step " in text


def test_a_determinize_that_forgets_what_the_seat_knows_is_caught() -> None:
    def forgetful(view: NimState, seat: int, rng: object) -> NimState:
        full = determinize(view, seat, rng)  # type: ignore[arg-type]
        # deals the seat's own reserve afresh too
        mine = (full.reserves[seat] + 1) % 3  # type: ignore[operator]
        reserves = tuple(mine if s == seat else r for s, r in enumerate(full.reserves))
        return dataclasses.replace(full, reserves=reserves)

    entry = dataclasses.replace(NIM, determinize=forgetful)
    with pytest.raises(ConformanceError, match="view is not the view of its determinization"):
        conformance.check_case(entry, conformance.Case("nim", NIM.default_config(2), 5))


def test_a_hidden_information_game_must_offer_determinize() -> None:
    entry = dataclasses.replace(NIM, determinize=None)
    with pytest.raises(ConformanceError, match="offers no determinize"):
        conformance.check_case(entry, conformance.Case("nim", NIM.default_config(2), 5))


def test_a_declared_end_reason_is_accepted_and_round_trips() -> None:
    class Declares(_EndsForAnUndeclaredReason):
        info = dataclasses.replace(NimRules.info, end_reasons=tuple(_Odd))

    entry, case = _broken(Declares())
    run = conformance.check_case(entry, case)
    assert run.outcome.reason is _Odd.ODD
    assert run.outcome.words.startswith("Something odd happened.")


# -- decisions out of turn -----------------------------------------------------------


class _ClaimViewShowsAnswers(ClaimRules):
    """A leak: every seat sees the sealed answers given so far."""

    def view(self, state: ClaimState, seat: int) -> ClaimState:
        return dataclasses.replace(super().view(state, seat), answers=state.answers)


class _ClaimViewShowsWhoCouldClaim(ClaimRules):
    """A leak: the view marks (in the pile's place) which seats hold the offer's rank."""

    def view(self, state: ClaimState, seat: int) -> ClaimState:
        v = super().view(state, seat)
        if state.offer is None:
            return v
        could = tuple(h is not None and matching(h, state.offer) is not None for h in state.hands)
        return dataclasses.replace(v, answers=tuple(None if c else False for c in could))


@pytest.mark.parametrize(
    "rules",
    [_ClaimViewShowsAnswers(), _ClaimViewShowsWhoCouldClaim()],
    ids=["answers", "could-claim"],
)
def test_harness_catches_a_view_that_shows_sealed_claims(rules: ClaimRules) -> None:
    entry = dataclasses.replace(CLAIM, rules=rules)
    with pytest.raises(ConformanceError, match="view is not the view of its determinization"):
        conformance.check_case(entry, conformance.Case("claim", CLAIM.default_config(3), 1))


def test_every_other_seat_is_asked_in_turn_order_after_the_discarder() -> None:
    rules = ClaimRules()
    state = rules.setup(CLAIM.default_config(4), 3)
    hand = state.hands[0]
    assert hand is not None
    state = rules.apply(state, Discard(hand[0]))
    asked = []
    while state.phase is Phase.CLAIMS:
        seat = rules.to_move(state)
        asked.append(seat)
        assert rules.view(state, seat).answers == tuple(
            state.answers[s] if s == seat else None for s in range(4)
        )
        state = rules.apply(state, Pass())
    assert asked == [1, 2, 3]
    assert state.turn == 1 and state.answers == (None,) * 4 and state.pile == (hand[0],)


# -- malformed actions -------------------------------------------------------------


def _every_entry() -> dict[str, GameEntry]:
    entries = dict(games.REGISTRY)
    entries.setdefault(NIM.name, NIM)
    entries.setdefault(CLAIM.name, CLAIM)
    return entries


def _malformed_case(entry: GameEntry) -> conformance.Case:
    return conformance.Case(entry.name, entry.default_config(entry.info.min_players), 0)


def test_the_malformed_action_check_covers_every_shipped_game() -> None:
    assert {"planepita", "etuc", "uchronicle", "phantom_rummy", "planet"} <= set(_every_entry())


@pytest.mark.parametrize("name", sorted(_every_entry()))
def test_malformed_actions_are_refused_with_a_short_reason(name: str) -> None:
    """Every registered game and the test games: wrong types, out-of-range
    values, NaN and huge numbers, None, the other games' actions, actions
    after the end; a bounded number of hypothesis examples each."""
    entries = _every_entry()
    entry = entries[name]
    foreign = [
        action
        for other in sorted(entries)
        if other != name
        for action in conformance.sample_actions(entries[other])
    ]
    assert foreign
    report = conformance.check_malformed(entry, _malformed_case(entry), foreign)
    assert report.refused > 500
    # every kind of action had its fields probed (seed 0 of Planepita knocks
    # the jammer off once: pick another seed if a physics change stops that)
    assert set(report.kinds) == KINDS.get(name, set(report.kinds))


#: the action classes of the shipped games
KINDS = {"planepita": {"Flick", "Flip", "PlaceJammer"}, "etuc": {"Play", "Pass"}}


class _EtucReadsBoolNumbers(EtucRules):
    """A broken copy of Planet etuC: a card number given as True (which
    Python counts as 1) is read as 1, so a bool can reach the state."""

    def check(self, state, action):  # type: ignore[no-untyped-def]
        if isinstance(action, Play) and isinstance(action.cards, tuple):
            action = Play(
                tuple(
                    Card(int(c.number), c.colour)
                    if isinstance(c, Card) and isinstance(c.number, bool)
                    else c
                    for c in action.cards
                )
            )
        return super().check(state, action)


class _EtucWithoutShapes(EtucRules):
    """A broken copy of Planet etuC: check looks the action up and names its
    colours before asking whether it is well formed."""

    def check(self, state, action):  # type: ignore[no-untyped-def]
        if action in self.legal_actions(state):
            return None
        colours = "".join(COLOUR_LETTERS[c.colour] for c in getattr(action, "cards", ()))
        return f"You cannot play {colours or 'that'} now."


class _NimQuotesInFull(NimRules):
    """A broken copy of Nim: its refusal prints the action's numbers in full."""

    def check(self, state, action):  # type: ignore[no-untyped-def]
        reason = super().check(state, action)
        return None if reason is None else f"{reason} ({action!r})"


class _NimApplyWithoutCheck(NimRules):
    """A broken copy of Nim: apply never asks check."""

    def apply(self, state, action):  # type: ignore[no-untyped-def]
        seat = state.turn
        return dataclasses.replace(state, history=(*state.history, (seat, action)))


class _NimHeapsPastTheTable(NimRules):
    """A broken copy of Nim that reads a heap past the table's three before
    refusing it: only numbers outside the harness's fixed list of bad values
    (from 8 on) show it, so only hypothesis's examples can find it."""

    def check(self, state, action):  # type: ignore[no-untyped-def]
        if isinstance(action, Take) and type(action.heap) is int and 8 <= action.heap < 10**6:
            return f"Heap {action.heap} has {state.heaps[action.heap]} stones."  # IndexError
        return super().check(state, action)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        (
            dataclasses.replace(ETUC, rules=_EtucReadsBoolNumbers()),
            r"check accepts it \(the malformed action Play\(cards=\(.*Card\(number=True",
        ),
        (
            dataclasses.replace(ETUC, rules=_EtucWithoutShapes()),
            r"check (raised (IndexError|TypeError)|accepts it)",
        ),
        (dataclasses.replace(NIM, rules=_NimQuotesInFull()), "check's reason is not a short text"),
        (
            dataclasses.replace(NIM, rules=_NimApplyWithoutCheck()),
            "apply accepts it although check",
        ),
        (
            dataclasses.replace(NIM, rules=_NimHeapsPastTheTable()),
            r"check raised IndexError.*drawn by hypothesis",
        ),
    ],
    ids=[
        "etuc-bool-number",
        "etuc-reads-first",
        "nim-full-numbers",
        "nim-apply-unchecked",
        "hypothesis",
    ],
)
def test_the_malformed_action_check_catches_broken_games(entry: GameEntry, message: str) -> None:
    with pytest.raises(ConformanceError, match=message) as info:
        conformance.check_malformed(entry, _malformed_case(entry), examples=80)
    text = str(info.value)
    assert text.startswith(f"{entry.name}, 2 players") and "seed 0, step " in text
