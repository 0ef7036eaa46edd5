"""Planet etuC bots: legal moves only, hard beats easy, hard keeps its time budget."""

from __future__ import annotations

import time

import pytest

from tabletop.core.game import GameConfig, apply_checked
from tabletop.games import etuc
from tabletop.games.etuc.bot import HardBot, determinize, unseen_cards
from tabletop.games.etuc.rules import EtucState, Pass
from tests.etuc.positions import position

R = etuc.RULES


def play_game(state: EtucState, bots: list) -> EtucState:  # type: ignore[type-arg]
    """Play the current game (deal) of the match to its end; every move checked."""
    game = state.game
    while state.game == game and not R.is_over(state):
        seat = state.turn
        assert seat is not None
        state = apply_checked(R, state, bots[seat].choose(R.view(state, seat)), seat)
    return state


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("level", ["easy", "medium"])
def test_easy_and_medium_play_whole_matches_legally(level: str, players: int) -> None:
    state = R.setup(GameConfig(players), 3)
    bots = [etuc.make_bot(level, s, 3) for s in range(players)]
    steps = 0
    while not R.is_over(state):
        seat = state.turn
        assert seat is not None
        state = apply_checked(R, state, bots[seat].choose(R.view(state, seat)), seat)
        steps += 1
    assert steps <= R.info.max_actions_for(players)


def test_hard_plays_legally_in_three_player_games() -> None:
    state = R.setup(GameConfig(3), 8)
    bots = [HardBot(s, 8, iterations=60, time_budget=None) for s in range(3)]
    after = play_game(state, bots)
    assert after.game == 2


def test_hard_beats_easy() -> None:
    wins = 0
    for seed in range(4):
        state = R.setup(GameConfig(2), seed)
        hard = HardBot(0, seed, iterations=150, time_budget=None)
        after = play_game(state, [hard, etuc.make_bot("easy", 1, seed)])
        wins += after.results[-1].order[0] == 0
    assert wins >= 3


def test_hard_respects_its_time_budget() -> None:
    bot = etuc.make_bot("hard", 0, 5)
    state = R.setup(GameConfig(3), 5)
    while state.turn != 0:
        state = R.apply(state, R.legal_actions(state)[0])
    start = time.perf_counter()
    action = bot.choose(R.view(state, 0))
    assert time.perf_counter() - start < 1.5
    assert R.check(state, action) is None


def test_medium_goes_out_when_it_can_and_passes_only_when_allowed() -> None:
    s = position(["1O 2A", "4G"], table=[(0, "3G")], turn=1)
    assert etuc.make_bot("medium", 1, 0).choose(R.view(s, 1)) == etuc.rules.Play.of("4G")
    s = position(["1O 2A", "4G 5G"], turn=1)  # leading: never a pass
    assert etuc.make_bot("medium", 1, 0).choose(R.view(s, 1)) != Pass()


def test_determinize_deals_the_unseen_cards_by_hand_size() -> None:
    import random

    state = R.setup(GameConfig(3), 4)
    view = R.view(state, 1)
    full = determinize(view, 1, random.Random(1))
    R.invariants(full)
    assert full.hands[1] == state.hands[1] and full.hand_sizes == state.hand_sizes
    assert set(unseen_cards(view, 1)) == {c for s in (0, 2) for c in (state.hands[s] or ())} | set(
        state.set_aside or ()
    )
