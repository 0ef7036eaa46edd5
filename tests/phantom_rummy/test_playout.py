"""The hard bot's playouts (tabletop/games/phantom_rummy/playout.py) are the
medium bot playing the rules: from any position of a short game played by
medium bots (2, 3 and 4 players, basic and advanced rules, a take, a turn's
move or a claim window half answered), the playout's table plays the same
moves as ``rules.apply`` with a MediumBot at every seat (each seeing only its
view and remembering what its ReadyWatch saw), and ends the short game the
same way with the same points."""

from __future__ import annotations

import pytest

from tabletop.core.game import GameConfig
from tabletop.games import phantom_rummy as pr
from tabletop.games.phantom_rummy import bot
from tabletop.games.phantom_rummy.cards import DECK
from tabletop.games.phantom_rummy.hands import hand_key, key_distance
from tabletop.games.phantom_rummy.model import PhantomAction, PhantomState
from tabletop.games.phantom_rummy.playout import Playout, distance

RULES = pr.RULES


def _short_game(
    players: int, advanced: bool, seed: int
) -> tuple[list[PhantomState], list[PhantomAction], list[list[set[int]]], PhantomState]:
    """A first short game by medium bots: the state before each move, the
    moves, what every seat knew then of the ready seats (the kinds each let
    pass, as the others' ReadyWatch saw them), and the state at its end."""
    state = RULES.setup(GameConfig(players, {"advanced": advanced}), seed)
    bots = [bot.MediumBot(s, seed) for s in range(players)]
    states: list[PhantomState] = []
    actions: list[PhantomAction] = []
    known: list[list[set[int]]] = []
    while not state.results:
        seat = RULES.to_move(state)
        assert seat is not None
        # what the seats know before this move: every watch's, each of a seat but its own
        seen: list[set[int]] = [set() for _ in range(players)]
        for watcher in bots:
            watch = watcher.watch
            for s, kinds in watch.known.items():
                if s != watcher.seat:
                    seen[s] |= kinds
            for kind, seats in watch.pending:
                for s in seats:
                    if s != watcher.seat:
                        seen[s].add(kind)
        states.append(state)
        known.append(seen)
        action = bots[seat].choose(RULES.view(state, seat))
        actions.append(action)
        state = RULES.apply(state, action)
    return states, actions, known, state


@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_playout_plays_the_medium_bot_by_the_rules(players: int, advanced: bool) -> None:
    for seed in range(3):
        states, actions, known, end = _short_game(players, advanced, seed)
        result = end.results[0]
        for at in range(0, len(states), max(1, len(states) // 7)):
            playout = Playout(states[at], known[at])
            playout.trace = []
            ending = playout.run()
            assert playout.trace == [str(a) for a in actions[at:]], (seed, at)
            assert (ending.goal, ending.points, ending.instant) == (
                result.goal,
                result.points,
                result.instant,
            ), (seed, at)


def test_a_hand_key_reads_as_the_hand() -> None:
    """A hand's key gives the distance of its cards, and the playout's
    remembered distances are the same, acceptance as kind numbers."""
    hands = [DECK[i : i + 8] for i in range(0, 92, 7)] + [DECK[3:10], DECK[50:57]]
    for hand in hands:
        for opened in (False, True):
            direct = bot.distance_to_goal(hand, opened)
            assert key_distance(hand_key(hand), opened, len(hand)) == direct
            d, kinds = distance(hand_key(hand), opened, len(hand))
            assert (d, kinds) == (direct.cards, tuple(k.index for k in direct.acceptance))
