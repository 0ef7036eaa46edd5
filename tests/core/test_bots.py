"""Bots: RandomBot, ISMCTS (determinism, strength, time budget, views only)."""

from __future__ import annotations

import dataclasses
import itertools
import random

import pytest

from tabletop.core import bots
from tabletop.core.bots import ISMCTS, Bot, ISMCTSBot, RandomBot, outcome_value, play
from tabletop.core.game import EndReason, GameConfig, IllegalAction, Outcome
from tests.nimgame import RULES, default_config, determinize, make_bot
from tests.nimgame.rules import NimState, Reserve, Take


def position(heaps: tuple[int, ...], turn: int = 0, players: int = 2, **kw: object) -> NimState:
    """A literal Nim position with every reserve already placed (no hidden info)."""
    base = RULES.setup(default_config(players), 0)
    return dataclasses.replace(
        base,
        heaps=heaps,
        reserves=(0,) * players,
        placed=(True,) * players,
        turn=turn,
        initial=sum(heaps),
        **kw,
    )


def ismcts(seat: int, seed: int, **kw: object) -> ISMCTSBot:
    return ISMCTSBot(RULES, seat, seed, determinize=determinize, **kw)


def test_outcome_value() -> None:
    two = Outcome((1.0, 0.0), (1, 2), EndReason.LAST_OBJECT_TAKEN)
    assert outcome_value(two, 0) == 1.0 and outcome_value(two, 1) == 0.0
    tie = Outcome((1.0, 1.0), (1, 1), EndReason.ROUNDS_COMPLETE)
    assert outcome_value(tie, 0) == outcome_value(tie, 1) == 0.5
    three = Outcome((1.0, 0.0, 0.0), (1, 2, 2), EndReason.LAST_OBJECT_TAKEN)
    assert [outcome_value(three, s) for s in range(3)] == [1.0, 0.25, 0.25]
    four = Outcome.from_scores([3, 9, 3, 1], EndReason.TARGET_SCORE)
    assert [outcome_value(four, s) for s in range(4)] == [0.5, 1.0, 0.5, 0.0]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_bot_only_plays_legal_actions(seed: int) -> None:
    state = RULES.setup(default_config(3, chance=True), seed)
    players = [RandomBot(RULES, s, seed) for s in range(3)]
    assert all(isinstance(b, Bot) for b in players)
    while not RULES.is_over(state):
        seat = RULES.to_move(state)
        view = RULES.view(state, seat)
        action = players[seat].choose(view)
        assert action in RULES.legal_actions(state)
        state = RULES.apply(state, action)


def test_random_bot_uses_the_sampler_for_continuous_games() -> None:
    calls = []

    def sample(view: NimState, rng: random.Random) -> Take:
        calls.append(view)
        return Take(1, 1)

    bot = RandomBot(RULES, 0, 1, sample=sample)
    view = RULES.view(RULES.setup(default_config(2), 1), 0)
    assert bot.choose(view) == Take(1, 1) and calls == [view]


def test_random_bot_is_seeded_and_leaves_global_random_alone() -> None:
    view = RULES.view(RULES.setup(default_config(2), 4), 0)
    random.seed(99)
    expected = random.random()
    random.seed(99)
    a = [RandomBot(RULES, 0, 7).choose(view) for _ in range(5)]
    b = [RandomBot(RULES, 0, 7).choose(view) for _ in range(5)]
    assert a == b
    assert random.random() == expected


@pytest.mark.parametrize("seed", [3, 11])
def test_ismcts_with_fixed_iterations_is_deterministic(seed: int) -> None:
    def game(bot_seed: int) -> list[object]:
        state = RULES.setup(default_config(2, chance=True), seed)
        _, actions = play(
            RULES, state, [ismcts(0, bot_seed, iterations=60), ismcts(1, 5, iterations=60)]
        )
        return actions

    assert game(seed) == game(seed)


def test_ismcts_takes_an_immediate_win() -> None:
    state = position((0, 0, 3))
    bot = ismcts(0, 1, iterations=200)
    assert bot.choose(RULES.view(state, 0)) == Take(3, 3)


def test_ismcts_finds_the_only_move_that_does_not_lose() -> None:
    # heaps 2 and 1: taking one from heap 1 leaves (1, 1), a lost position for the
    # opponent; every other move lets the opponent take the last stone
    state = position((2, 1, 0))
    bot = ismcts(0, 2, iterations=400)
    assert bot.choose(RULES.view(state, 0)) == Take(1, 1)


def test_ismcts_plays_for_the_seat_to_move_in_three_player_games() -> None:
    state = position((0, 2, 0), turn=2, players=3)
    assert ismcts(2, 4, iterations=100).choose(RULES.view(state, 2)) == Take(2, 2)


def test_ismcts_beats_random_at_nim() -> None:
    games, wins = 30, 0
    for g in range(games):
        smart = g % 2
        state = RULES.setup(default_config(2), 1000 + g)
        seats: list[Bot] = [RandomBot(RULES, 0, g), RandomBot(RULES, 1, g)]
        seats[smart] = ismcts(smart, g, iterations=60)
        final, _ = play(RULES, state, seats)
        wins += final.winner == smart
    assert wins >= 24, f"ISMCTS won only {wins} of {games} games against RandomBot"


def test_time_budget_is_respected() -> None:
    """The search reads its clock after each iteration and starts another only
    if one as long as the longest so far still ends inside the budget; here the
    clock is a stand-in that moves 1/64 s per reading (an iteration "takes" 1/64 s)."""
    ticks = itertools.count()
    bot = ISMCTS(
        RULES, 0, 3, time_budget=5.5 / 64, determinize=determinize, clock=lambda: next(ticks) / 64
    )
    view = RULES.view(RULES.setup(default_config(3, chance=True), 8), 0)
    bot.search(view)
    assert bot.last_stats.iterations == 5  # a sixth would end past the budget
    # one slow iteration (0.4 s between readings) sets how much room the next needs
    readings = iter([0.0, 0.1, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.1])
    slow = ISMCTS(
        RULES, 0, 3, time_budget=1.0, determinize=determinize, clock=lambda: next(readings)
    )
    slow.search(view)
    assert (
        slow.last_stats.iterations == 4
    )  # at 0.7 s, one more 0.4 s iteration would end past 1.0 s
    capped = ISMCTS(RULES, 0, 3, iterations=5, time_budget=10.0, determinize=determinize)
    capped.search(view)
    assert capped.last_stats.iterations == 5


def test_ismcts_only_ever_sees_views() -> None:
    seen: list[NimState] = []

    def spy(view: NimState, seat: int, rng: random.Random) -> NimState:
        seen.append(view)
        assert seat == 1
        return determinize(view, seat, rng)

    state = RULES.setup(default_config(3), 21)
    assert all(r is not None for r in state.reserves)
    bot = ISMCTSBot(RULES, 1, 0, iterations=30, determinize=spy)
    state = RULES.apply(state, Take(1, 1))
    bot.choose(RULES.view(state, 1))
    assert len(seen) == 30
    for view in seen:
        assert view.reserves[1] == state.reserves[1]
        assert view.reserves[0] is None and view.reserves[2] is None
        assert view.chance_seed is None


def test_determinize_deals_only_unseen_reserves() -> None:
    state = RULES.setup(default_config(3, chance=True), 2)
    state = RULES.apply(state, Reserve())  # seat 0 reveals its reserve
    view = RULES.view(state, 1)
    rng = random.Random(0)
    dealt = {determinize(view, 1, rng).reserves for _ in range(200)}
    assert {r[0] for r in dealt} == {state.reserves[0]}
    assert {r[1] for r in dealt} == {state.reserves[1]}
    assert {r[2] for r in dealt} == {0, 1, 2}
    sample = determinize(view, 1, rng)
    RULES.invariants(sample)
    assert sample.heaps == view.heaps and sample.history == view.history


def test_ismcts_refuses_bad_setups() -> None:
    with pytest.raises(ValueError, match="iterations"):
        ISMCTS(RULES, 0, 1, determinize=determinize)
    with pytest.raises(ValueError, match="determinize"):
        ISMCTS(RULES, 0, 1, iterations=10)
    bot = ISMCTS(RULES, 0, 1, iterations=10, determinize=determinize)
    view = RULES.view(RULES.apply(RULES.setup(default_config(2), 1), Take(1, 1)), 0)
    with pytest.raises(ValueError, match="seat 1"):
        bot.search(view)


def test_ismcts_hooks_are_used() -> None:
    calls = {"rollout": 0, "heuristic": 0}

    def greedy(state: NimState, legal: list[object], rng: random.Random) -> object:
        calls["rollout"] += 1
        return legal[-1]

    def heuristic(state: NimState, seat: int) -> float:
        calls["heuristic"] += 1
        return 0.5

    bot = ISMCTS(
        RULES,
        0,
        1,
        iterations=50,
        determinize=determinize,
        rollout_policy=greedy,
        heuristic=heuristic,
        max_rollout_depth=2,
    )
    bot.search(RULES.view(RULES.setup(default_config(2), 6), 0))
    assert calls["rollout"] > 0 and calls["heuristic"] > 0


def test_perfect_information_default_determinize_is_the_view() -> None:
    class Open(type(RULES)):  # type: ignore[misc]
        info = dataclasses.replace(RULES.info, hidden_information=False)

    rules = Open()
    state = position((0, 0, 2))
    assert ISMCTS(rules, 0, 1, iterations=50).search(state) == Take(3, 2)


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_make_bot_levels_play_legally(level: str) -> None:
    state = RULES.setup(GameConfig(2, {"chance": True, "max_take": 2}), 9)
    seats = [make_bot(level, 0, 1, timed=False), make_bot("easy", 1, 2)]
    final, actions = play(RULES, state, seats)
    assert RULES.is_over(final) and len(actions) <= RULES.info.max_actions_for(2)


def test_play_rejects_an_illegal_bot() -> None:
    class Cheat:
        seat = 0

        def choose(self, view: NimState) -> Take:
            return Take(1, 99)

    state = RULES.setup(default_config(2), 1)
    with pytest.raises(IllegalAction):
        play(RULES, state, [Cheat(), RandomBot(RULES, 1, 1)])
    assert bots.Bot is Bot


# -- answering fast when the choice is easy ---------------------------------------------


def no_clock() -> float:
    raise AssertionError("a search with one candidate read the clock")


def test_one_legal_move_is_answered_at_once_without_iterations() -> None:
    state = position((0, 0, 1))  # the last stone: Take(3, 1) is the only move
    assert RULES.legal_actions(state) == [Take(3, 1)]
    bot = ISMCTS(
        RULES, 0, 1, iterations=500, time_budget=1.0, determinize=determinize, clock=no_clock
    )
    assert bot.search(RULES.view(state, 0)) == Take(3, 1)
    assert bot.last_stats.iterations == 0 and not bot.last_stats.stopped_early


def test_decided_when_the_runner_up_cannot_catch_the_leader() -> None:
    assert bots.decided([10, 3, 1], 6)  # 3 + 6 < 10
    assert not bots.decided([10, 3, 1], 7)  # 3 + 7 would tie: the choice could change
    assert bots.decided([5], 4)  # an action never visited counts as 0
    assert not bots.decided([], 0)


def test_the_search_stops_early_when_one_move_dominates() -> None:
    """Taking all three stones wins at once; every other move lets the
    opponent win. The lead soon exceeds the iterations left in the cap, the
    search stops there, and its answer and visits are those the whole cap
    would have given (the same seed runs the same iterations first)."""
    view = RULES.view(position((0, 0, 3)), 0)
    cap = 400
    early = ISMCTS(RULES, 0, 7, iterations=cap, determinize=determinize)
    assert early.search(view) == Take(3, 3)
    stats = early.last_stats
    assert stats.stopped_early and 0 < stats.iterations < cap
    visits = sorted((v for _, v in stats.visits), reverse=True)
    assert visits[0] - visits[1] > cap - stats.iterations
    full = ISMCTS(RULES, 0, 7, iterations=cap, determinize=determinize, early_stop=False)
    assert full.search(view) == Take(3, 3)
    assert full.last_stats.iterations == cap and not full.last_stats.stopped_early
    # deterministic: the same seed stops at the same iteration with the same visits
    again = ISMCTS(RULES, 0, 7, iterations=cap, determinize=determinize)
    again.search(view)
    assert again.last_stats.iterations == stats.iterations
    assert again.last_stats.visits == stats.visits


def test_the_search_does_not_stop_early_when_two_moves_are_close() -> None:
    """From heaps (1, 1) both moves leave one stone for the opponent: they are
    worth the same, their visits stay level, and the search runs its whole cap."""
    view = RULES.view(position((1, 1, 0)), 0)
    bot = ISMCTS(RULES, 0, 3, iterations=200, determinize=determinize)
    bot.search(view)
    assert bot.last_stats.iterations == 200 and not bot.last_stats.stopped_early
    first, second = sorted((v for _, v in bot.last_stats.visits), reverse=True)
    assert first - second <= 1


def test_a_timed_search_counts_the_iterations_left_from_its_rate() -> None:
    """Without a cap, the iterations left are what the rate so far buys in the
    seconds left: here the clock moves 1/64 s per reading (64 iterations a
    second, 256 in the 4 s budget), and the dominating move ends it sooner."""
    ticks = itertools.count()
    view = RULES.view(position((0, 0, 3)), 0)
    bot = ISMCTS(
        RULES, 0, 7, time_budget=4.0, determinize=determinize, clock=lambda: next(ticks) / 64
    )
    assert bot.search(view) == Take(3, 3)
    assert bot.last_stats.stopped_early and bot.last_stats.iterations < 250


def test_clock_cut_says_when_the_seconds_ended_a_search() -> None:
    """``clock_cut`` is True when the deadline ended the search (a clock
    moving 1/64 s per reading, 5.5/64 s budget), False when its iteration
    cap or a settled choice did, and also False for an untimed search."""
    view = RULES.view(RULES.setup(default_config(3, chance=True), 8), 0)
    ticks = itertools.count()
    timed = ismcts(0, 3, time_budget=5.5 / 64, early_stop=False, clock=lambda: next(ticks) / 64)
    timed.choose(view)
    assert timed.search.last_stats.iterations == 5 and timed.clock_cut
    capped = ismcts(0, 3, iterations=5, time_budget=10.0, early_stop=False)
    capped.choose(view)
    assert capped.search.last_stats.iterations == 5 and not capped.clock_cut
    untimed = ismcts(0, 3, iterations=5)
    untimed.choose(view)
    assert not untimed.clock_cut
    # a dominating move settles the search before its cap: no clock in it
    won = RULES.view(position((0, 0, 3)), 0)
    settled = ismcts(0, 7, iterations=400, time_budget=100.0)
    settled.choose(won)
    assert settled.search.last_stats.stopped_early and not settled.clock_cut


def test_clock_cut_when_the_seconds_left_settle_what_the_cap_would_not() -> None:
    """With a cap of 10,000 iterations, the rate so far (64 a second) buys
    only a few in the seconds left: the search stops once the leader cannot
    be caught in those, which the cap alone would not have settled."""
    view = RULES.view(position((0, 0, 3)), 0)
    ticks = itertools.count()
    bot = ismcts(0, 7, iterations=10_000, time_budget=1.0, clock=lambda: next(ticks) / 64)
    bot.choose(view)
    stats = bot.search.last_stats
    assert stats.stopped_early and stats.iterations < 64 and bot.clock_cut
