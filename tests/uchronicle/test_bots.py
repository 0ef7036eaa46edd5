"""Uchronicle bots: every level plays only legal actions over whole games (2 and
3 players, standard and expert), medium leaves the next player the dearest
answer, hard weighs its own dearer plays but only the others' cheapest, scores
a round's end by the chance to win, is deterministic per seed and keeps its
budgets, and both explain their plays in words."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from tabletop.core.game import GameConfig, apply_checked
from tabletop.core.words import fill_seats, plural
from tabletop.games.uchronicle import bot as ubot
from tabletop.games.uchronicle.model import UchronicleState, parse_card, parse_rules
from tabletop.games.uchronicle.rules import RULES, sample_action
from tests.uchronicle.positions import position, trick

#: the hard bot's iteration cap in these tests (cheap, and enough to search)
ITERATIONS = 3


def bots_for(levels: tuple[str, ...], seed: int) -> list:  # type: ignore[type-arg]
    out = []
    for seat, level in enumerate(levels):
        bot = ubot.make_bot(level, seat, seed, timed=False)
        if level == "hard":
            bot.search.iterations = ITERATIONS
        out.append(bot)
    return out


@pytest.mark.parametrize(
    ("levels", "expert"),
    [
        (("easy", "medium", "hard"), False),
        (("hard", "easy", "medium"), True),
        (("medium", "hard"), False),
        (("hard", "easy"), True),
        (("easy", "medium"), True),
    ],
)
def test_every_level_plays_only_legal_actions_over_a_whole_game(levels, expert):
    players = len(levels)
    state = RULES.setup(GameConfig(players, {"expert": expert}), 5)
    bots = bots_for(levels, 5)
    steps = 0
    while not RULES.is_over(state):
        seat = state.turn
        assert seat is not None
        action = bots[seat].choose(RULES.view(state, seat))
        assert action in RULES.legal_actions(state), (levels[seat], str(action))
        state = apply_checked(RULES, state, action, seat)
        steps += 1
    assert steps == RULES.info.max_actions_for(players)
    assert len(state.results) == players


def _view(state: UchronicleState, sizes: tuple[int, ...]) -> UchronicleState:
    """``state`` as its mover sees it, the others holding ``sizes`` cards."""
    seat = state.turn
    assert seat is not None
    full = replace(
        state,
        hand_sizes=tuple(
            len(state.hands[seat] or ()) if s == seat else n for s, n in enumerate(sizes)
        ),
    )
    return replace(
        full,
        seed=None,
        hands=tuple(h if s == seat else None for s, h in enumerate(full.hands)),
        deck=None,
        viewer=seat,
    )


def test_medium_plays_the_card_that_leaves_the_next_player_the_fewest_answers():
    """The history allows only higher wins, trump E (A2 then A5; B2 then E3).
    After D1, seat 1 holds D2 and E1, both winning with no removal. Over D2,
    seat 2 could answer with D3-D6 or E2, E4-E6; over E1 only with E2, E4-E6:
    medium plays E1, though D2 comes first in its hand."""
    state = position(
        [trick("A2 A5", first_seat=1), trick("B2 E3", first_seat=2)],
        trick("D1", first_seat=0),
        rules=parse_rules("H/E"),
        hand=[parse_card("D2"), parse_card("E1")],
    )
    view = _view(state, (8, 2, 8))
    assert [str(a.card) for _, a in ubot.candidates(view)] == ["D2", "E1"]
    action = ubot.make_bot("medium", 1, 0).choose(view)
    assert str(action.card) == "E1" and ubot.cost(view, action) == 0
    d2, e1 = (RULES.apply_legal(view, a) for _, a in ubot.candidates(view))
    pool = ubot.unseen_cards(view, 1)
    assert ubot.free_share(d2, pool)[0] == 8 and ubot.free_share(e1, pool)[0] == 4


def test_cheapest_candidates_match_the_solver_when_a_card_wins_free():
    """With no slack, the free plays come from the rules-state masks without
    asking the solver: the same plays the general path keeps at the lowest
    cost, over first rounds of easy bots (standard and expert)."""
    for expert in (False, True):
        state = RULES.setup(GameConfig(3, {"expert": expert}), 3)
        bots = bots_for(("easy",) * 3, 3)
        while state.round == 1:
            every = ubot.candidates(state, None)
            low = min(c for c, _ in every)
            assert ubot.candidates(state, 0) == [(c, a) for c, a in every if c == low]
            seat = state.turn
            assert seat is not None
            state = RULES.apply_legal(state, bots[seat].choose(RULES.view(state, seat)))


def _a6_or_b1() -> UchronicleState:
    """Seat 1's view holding A6 and B1 over A5 under higher wins, trump C."""
    state = position(
        [trick("B3 C2", first_seat=1)],
        trick("A5", first_seat=0),
        rules=parse_rules("H/C"),
        hand=[parse_card("A6"), parse_card("B1")],
    )
    return _view(state, (8, 2, 8))


def test_hard_weighs_its_own_dearer_plays_but_only_the_others_cheapest():
    """Seat 1 holds A6 (wins free over A5) and B1 (needs a removal): the hard
    bot weighs both for itself (within SLACK), but for another seat holding
    the same cards only A6, the cheapest (OPPONENT_SLACK)."""
    view = _a6_or_b1()
    assert {ubot.cost(view, a) for _, a in ubot.candidates(view, None)} == {0, 1}
    own = ubot.HardBot(1, 0, iterations=2, time_budget=None)
    assert {str(a.card) for a in own.actions(view)} == {"A6", "B1"}
    other = ubot.HardBot(0, 0, iterations=2, time_budget=None)
    assert [str(a.card) for a in other.actions(view)] == ["A6"]


def test_win_chance_is_exact_in_the_last_round_and_grows_with_the_lead():
    assert ubot.win_chance((3, 5, 4), 0, 0) == 1.0
    assert ubot.win_chance((4, 5, 4), 0, 0) == ubot.TIE_VALUE
    assert ubot.win_chance((5, 5, 4), 0, 0) == 0.0
    leads = [ubot.win_chance((10 - lead, 10, 10), 0, 2) for lead in range(-3, 6)]
    assert leads == sorted(leads) and 0.0 < leads[0] < leads[-1] < 1.0
    # the same lead is safer with fewer rounds to go
    assert ubot.win_chance((6, 10, 10), 0, 1) > ubot.win_chance((6, 10, 10), 0, 2)


def test_easy_plays_only_the_cheapest():
    """Seat 1 holds B1 and A6 over A5 under higher wins: A6 wins free, B1
    needs a removal (the history allows no trump B), so easy plays A6."""
    view = _a6_or_b1()
    for seed in range(4):
        assert ubot.make_bot("easy", 1, seed).choose(view).card == parse_card("A6")


def _open_view(players: int, expert: bool, seed: int) -> UchronicleState:
    """A view from a seeded game played by easy bots with more than one play to weigh."""
    state = RULES.setup(GameConfig(players, {"expert": expert}), seed)
    bots = bots_for(("easy",) * players, seed)
    while True:
        seat = state.turn
        assert seat is not None
        view = RULES.view(state, seat)
        if len(state.tricks) >= 3 and len(ubot.candidates(view, ubot.SLACK)) > 1:
            return view
        state = RULES.apply(state, bots[seat].choose(view))


@pytest.mark.parametrize("expert", [False, True])
def test_hard_is_deterministic_per_seed_and_explains_its_play(expert):
    view = _open_view(3, expert, 4)
    seat = view.turn
    assert seat is not None
    first, second = (ubot.make_bot("hard", seat, 9, timed=False) for _ in range(2))
    for bot in (first, second):
        bot.search.iterations = 12
    action = first.choose(view)
    assert second.choose(view) == action
    assert first.search.last_stats.visits == second.search.last_stats.visits
    assert action in RULES.legal_actions(view)
    line = first.explain(view, action)
    assert line.startswith(f"Plays {action.card}") and "\n" not in line
    medium = ubot.make_bot("medium", seat, 0)
    assert medium.explain(view, medium.choose(view)).startswith("Plays ")


def test_hard_stops_at_its_time_budget_or_its_cap():
    """Timed, the search ends at its seconds (read from a clock that moves
    1/20 s per reading); untimed, at its iteration cap, whatever the clock says."""
    view = _open_view(3, False, 6)
    seat = view.turn
    assert seat is not None

    def clock():  # type: ignore[no-untyped-def]
        ticks = itertools.count()
        return lambda: next(ticks) / 20

    timed = ubot.make_bot("hard", seat, 5)
    assert (timed.search.iterations, timed.search.time_budget) == (
        ubot.HARD_ITERATIONS,
        ubot.HARD_TIME,
    )
    timed.search.clock = clock()
    timed.search.early_stop = False
    assert timed.choose(view) in RULES.legal_actions(view)
    assert timed.search.last_stats.iterations == int(ubot.HARD_TIME * 20)
    untimed = ubot.make_bot("hard", seat, 5, timed=False)
    assert untimed.time_budget is None
    untimed.search.early_stop = False
    untimed.search.iterations = 9
    untimed.search.clock = clock()
    assert untimed.choose(view) in RULES.legal_actions(view)
    assert untimed.search.last_stats.iterations == 9


def test_a_reason_is_whole_sentences_and_names_the_cheaper_play_passed_over():
    """The hint card shows the reason whole and the log keeps it: sentences
    that end with a full stop, the cheaper play a dearer one passes over
    among them (a player once lost 5 points to a hint that hid it)."""
    state = RULES.setup(GameConfig(3, {"expert": True}), 2)
    pick = random.Random(2)
    seen = 0
    while not RULES.is_over(state) and seen < 3:
        seat = state.turn
        assert seat is not None
        view = RULES.view(state, seat)
        costs = {a: ubot.cost(view, a) for a in RULES.legal_actions(view)}
        low, high = min(costs.values()), max(costs.values())
        if high > low:
            dearest = max(costs, key=lambda a: costs[a])
            words = fill_seats(ubot.play_words(view, seat, dearest), ["Ada", "Bob", "Cy"])
            costing = plural(low, "point") if low else "nothing"
            assert f"It costs more than it must: a play costing {costing} was there." in words
            assert words.endswith(".") and "{" not in words
            for sentence in words.split(". "):
                assert sentence[:1].isupper(), sentence
            cheapest = min(costs, key=lambda a: costs[a])
            assert "costs more than it must" not in ubot.play_words(view, seat, cheapest)
            seen += 1
        state = RULES.apply(state, sample_action(state, pick))
    assert seen == 3
