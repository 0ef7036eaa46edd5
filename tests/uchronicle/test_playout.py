"""The bots' fast board (tabletop/games/uchronicle/playout.py) held equal to
the rules, perft-style: over random rounds of 2 and 3 players, standard and
expert, the board follows every move as the rules make it, agrees with the
solver on which rules states the history allows and which cards win for
free, and finds each card's cheapest play at the solver's cost, with cards
taken that make the card win."""

from __future__ import annotations

import random

import pytest

from tabletop.core.game import GameConfig
from tabletop.games.uchronicle import bot as ubot
from tabletop.games.uchronicle import playout, solver
from tabletop.games.uchronicle.model import DeadEnd
from tabletop.games.uchronicle.rules import RULES

FIELDS = ("past", "present", "hands", "deck", "points", "turn", "lead", "past_mask")


def _agrees(board: playout.Board, card: int, taken: tuple[int, ...]) -> bool:
    """Some rules state agrees with the history once ``taken`` is gone,
    ``card`` winning the present trick."""
    gone = set(taken)
    mask = playout.FULL[board.expert]
    for t in board.past:
        mask &= playout.trick_mask(board.expert, tuple(c for c in t if c not in gone))
    kept = tuple(c for c in board.present if c not in gone)
    return bool(mask & playout.trick_mask(board.expert, (*kept, card)))


@pytest.mark.parametrize("expert", [False, True], ids=["standard", "expert"])
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_board_follows_the_rules_and_prices_every_card_as_the_solver(
    players: int, expert: bool, seed: int
) -> None:
    state = RULES.setup(GameConfig(players, {"expert": expert}), seed)
    pick = random.Random(seed)
    board = playout.Board(state)
    states = solver.rules_states(expert)
    while state.turn is not None:
        past = sum(1 << i for i, r in enumerate(states) if solver.consistent(state.tricks, r))
        assert board.past_mask == past == ubot.history_mask(state)
        hand = state.hands[state.turn] or ()
        for card in hand:
            c = playout.code(card)
            wins = [
                i
                for i, r in enumerate(states)
                if past >> i & 1 and solver.trick_consistent((*state.trick, card), r)
            ]
            assert board.free(c) == sum(1 << i for i in wins) == ubot.free_mask(state, card, past)
            found = board.cheapest(c)
            options = solver.options(state, card)
            if found is None:
                assert expert and not options
                continue
            cost, taken = found
            assert cost == options[0].cost == len(taken)
            assert (cost == 0) == bool(wins)
            assert _agrees(board, c, taken)
            if expert:
                assert not set(taken) & set(board.present)
        legal = RULES.legal_actions(state)
        action = legal[pick.randrange(len(legal))]
        if isinstance(action, DeadEnd):
            taken = board.dead_end_taken()
            assert sorted(taken) == sorted(
                map(playout.code, ubot.dead_end_taken(state, action.card))
            )
        else:
            taken = tuple(map(playout.code, solver.taken_by(state, action.card, action.removed)))
        board.play(playout.code(action.card), taken)
        after = RULES.apply_legal(state, action)
        if after.round != state.round or after.turn is None:
            assert board.turn is None
            board = playout.Board(after)
        else:
            again = playout.Board(after)
            for name in FIELDS:
                assert getattr(board, name) == getattr(again, name), name
        state = after


@pytest.mark.parametrize("expert", [False, True], ids=["standard", "expert"])
def test_a_playout_ends_the_round_with_the_cards_conserved(expert: bool) -> None:
    """A board played out by its quick plays ends the round: nine tricks,
    every seat with one card left, and every card dealt somewhere."""
    for players in (2, 3):
        state = RULES.setup(GameConfig(players, {"expert": expert}), 4)
        board = playout.Board(state)
        board.play_out(random.Random(4))
        assert board.turn is None and len(board.past) == 9
        assert all(len(h) == 1 for h in board.hands)
        on_table = sum(len(t) for t in board.past)
        taken = sum(board.points)
        dealt = 10 * players + (9 if players == 2 else 0)
        assert on_table + taken + players == dealt
