"""Uchronicle bots: every level plays only legal actions over whole games (2 and
3 players, standard and expert); easy and medium play only the cheapest,
medium the one its imagined deals favour; hard weighs its own dearer plays,
scores a round's end by the chance to win, keeps its budgets and says when
its seconds ended a decision; every level's untimed decision is decided by
its seed; and the bots explain their plays in words."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from tabletop.core import rng as rngmod
from tabletop.core.game import GameConfig, apply_checked
from tabletop.core.words import fill_seats, plural
from tabletop.games.uchronicle import bot as ubot
from tabletop.games.uchronicle.model import UchronicleState, parse_card, parse_rules
from tabletop.games.uchronicle.rules import RULES, sample_action
from tests.uchronicle.positions import position, trick

#: the hard bot's playouts in these tests (cheap, and enough to weigh)
PLAYOUTS = 12


def bots_for(levels: tuple[str, ...], seed: int) -> list:  # type: ignore[type-arg]
    out = []
    for seat, level in enumerate(levels):
        bot = ubot.make_bot(level, seat, seed, timed=False)
        if level == "hard":
            bot.playouts = PLAYOUTS
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


def test_hard_weighs_its_own_dearer_plays_and_medium_only_the_cheapest():
    """Seat 1 holds A6 (wins free over A5) and B1 (needs a removal): the hard
    bot weighs both (within SLACK); the medium bot, one play at its cheapest,
    has nothing to weigh and plays A6 at once."""
    view = _a6_or_b1()
    assert {ubot.cost(view, a) for _, a in ubot.candidates(view, None)} == {0, 1}
    hard = ubot.HardBot(1, 0, playouts=2, time_budget=None)
    assert {str(a.card) for a in hard.actions(view)} == {"A6", "B1"}
    assert ubot.make_bot("medium", 1, 0).choose(view).card == parse_card("A6")


def test_medium_plays_the_cheapest_play_its_imagined_deals_favour():
    """Over a seeded game's decisions with more than one cheapest play,
    medium plays one of them: the one whose round, played out on its deals
    (the same deals and luck for every play), leaves it the best margin."""
    state = RULES.setup(GameConfig(2, {"expert": False}), 11)
    bots = bots_for(("easy", "easy"), 11)
    seen = 0
    while state.round == 1:
        seat = state.turn
        assert seat is not None
        view = RULES.view(state, seat)
        plays = [a for _, a in ubot.candidates(view)]
        if len(plays) > 1:
            medium = ubot.MediumBot(seat, 3)
            choice = medium.choose(view)
            pick = rngmod.make(3, "uchronicle-medium", seat)
            luck = rngmod.make(3, "uchronicle-medium-playout", seat)
            deals = [ubot.imagine(view, seat, pick) for _ in range(ubot.MEDIUM_DEALS)]
            values = [
                sum(ubot.margin(ubot.round_end(d, a, luck)[0], seat) for d in deals) for a in plays
            ]
            assert choice == plays[values.index(max(values))]
            seen += 1
        state = RULES.apply_legal(state, bots[seat].choose(view))
    assert seen >= 3


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
def test_hard_explains_its_play_in_whole_sentences(expert):
    view = _open_view(3, expert, 4)
    seat = view.turn
    assert seat is not None
    hard = ubot.make_bot("hard", seat, 9, timed=False)
    hard.playouts = 24
    action = hard.choose(view)
    assert action in RULES.legal_actions(view)
    line = hard.explain(view, action)
    assert line.startswith(f"Plays {action.card}") and "\n" not in line
    assert f"in {hard.last_playouts} playouts" in line and line.endswith("it did best.")
    medium = ubot.make_bot("medium", seat, 0)
    assert medium.explain(view, medium.choose(view)).startswith("Plays ")


def _fixed_views() -> list[UchronicleState]:
    """A few fixed positions with more than one play to weigh: 2 and 3
    players, standard and expert, early and late in a round of easy bots."""
    views = []
    for players, expert, seed in ((2, False, 21), (3, False, 22), (2, True, 23), (3, True, 24)):
        state = RULES.setup(GameConfig(players, {"expert": expert}), seed)
        bots = bots_for(("easy",) * players, seed)
        found = []
        while state.round == 1:
            seat = state.turn
            assert seat is not None
            view = RULES.view(state, seat)
            if len(ubot.candidates(view)) > 1 and len(ubot.candidates(view, ubot.SLACK)) > 2:
                found.append(view)
            state = RULES.apply_legal(state, bots[seat].choose(view))
        views += [found[1], found[-2]]
    return views


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_each_levels_untimed_decision_is_decided_by_its_seed(level):
    """On fixed positions, an untimed bot of each level decides the same with
    the same seed, and different seeds do not all decide alike (the seed,
    not the machine, decides: easy draws among its cheapest plays, medium
    and hard imagine deals from it)."""
    views = _fixed_views()
    differs = False
    for i, view in enumerate(views):
        seat = view.turn
        assert seat is not None
        bots = [ubot.make_bot(level, seat, seed, timed=False) for seed in (i, i, i + 100, i + 200)]
        if level == "hard":
            for bot in bots:
                bot.playouts = 60
        first, again, *others = (bot.choose(view) for bot in bots)
        assert first == again and first in RULES.legal_actions(view)
        differs |= any(o != first for o in others)
    assert differs


def test_hard_stops_at_its_time_budget_or_its_budget_and_says_which():
    """Timed, a decision ends at its seconds (read from a clock that moves
    1/100 s per reading) before its budget of playouts, and ``clock_cut``
    says so; untimed, it makes its whole budget whatever the clock says."""
    view = _open_view(3, False, 6)
    seat = view.turn
    assert seat is not None

    def clock():  # type: ignore[no-untyped-def]
        ticks = itertools.count()
        return lambda: next(ticks) / 100

    timed = ubot.make_bot("hard", seat, 5)
    assert (timed.playouts, timed.time_budget) == (ubot.HARD_PLAYOUTS, ubot.HARD_TIME)
    timed.clock = clock()
    assert timed.choose(view) in RULES.legal_actions(view)
    assert timed.clock_cut and 0 < timed.last_playouts < ubot.HARD_PLAYOUTS
    untimed = ubot.make_bot("hard", seat, 5, timed=False)
    assert untimed.time_budget is None
    untimed.playouts = 40
    untimed.clock = clock()
    assert untimed.choose(view) in RULES.legal_actions(view)
    assert not untimed.clock_cut and 30 <= untimed.last_playouts <= 40
    # a budget met within the seconds is no cut either
    roomy = ubot.make_bot("hard", seat, 5)
    roomy.playouts = 40
    roomy.choose(view)
    assert not roomy.clock_cut


def test_hard_answers_at_once_with_one_play_to_weigh():
    """Holding A6 alone over A5 (higher wins, trump C), the hard bot plays it
    free without a playout."""
    state = position(
        [trick("B3 C2", first_seat=1)],
        trick("A5", first_seat=0),
        rules=parse_rules("H/C"),
        hand=[parse_card("A6")],
    )
    view = _view(state, (8, 1, 8))
    hard = ubot.HardBot(1, 0, time_budget=None)
    (only,) = hard.actions(view)
    assert only.card == parse_card("A6") and hard.choose(view) == only
    assert hard.last_playouts == 0 and not hard.clock_cut


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
