"""Hints: what the hard bot would do, asked of the session (tabletop/core/session.py).

Sessions here are untimed and answer on the test's thread, so a hint is a
function of the seed and the view."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

from tabletop.core import codec
from tabletop.core.game import GameEntry
from tabletop.core.session import Session, default_seats
from tabletop.core.stats import HINTS
from tabletop.core.words import fill_seats, seat_ref
from tabletop.games import REGISTRY
from tabletop.games.etuc import bot as etuc_bot
from tabletop.games.planepita import bot as pp_bot
from tabletop.games.planepita import model as pp_model
from tests.nimgame import ENTRY as NIM

#: (game, players, moves played before the hint, fewest legal actions then) for
#: the games with a hard bot of their own (a flick is one FlickSpec)
POSITIONS = [("etuc", 3, 5, 3), ("planepita", 2, 3, 1)]
#: the hard bots' budgets here: the property holds for any budget, and tests stay cheap
SMALL = {"etuc": {"iterations": 120}, "planepita": {"max_sims": 40}}


def small_hard_bots(entry: GameEntry) -> GameEntry:
    """``entry`` whose hard bot searches a small budget (its other levels as shipped)."""
    make = entry.make_bot

    def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Any:
        if level != "hard" or entry.name not in SMALL:
            return make(level, seat, seed, timed=timed)
        if entry.name == "etuc":
            return etuc_bot.HardBot(
                seat, seed, iterations=SMALL["etuc"]["iterations"], time_budget=None
            )
        return pp_bot.make_bot(
            "hard", seat, seed, timed=False, max_sims=SMALL["planepita"]["max_sims"]
        )

    return replace(entry, make_bot=make_bot)


def at_move(
    name: str,
    players: int,
    moves: int,
    kinds: list[str] | None = None,
    seed: int = 11,
    choices: int = 1,
) -> Session:
    """A session of ``name`` after ``moves`` moves (bots and random moves), then
    on to a turn of the person at seat 0 with at least ``choices`` legal actions."""
    entry = small_hard_bots(REGISTRY[name]) if name in REGISTRY else NIM
    kinds = kinds or ["human"] + ["medium"] * (players - 1)
    s = Session(
        entry,
        entry.default_config(players),
        seed,
        default_seats(kinds),
        threaded=False,
        timed=False,
    )
    r = random.Random(seed)
    while s.ply < moves or s.to_move() != 0 or len(s.rules.legal_actions(s.state)) < choices:
        assert not s.is_over()
        s.play(s.bot_action() if s.is_bot_turn() else entry.sample_action(s.state, r))
    return s


@pytest.mark.parametrize("name, players, moves, choices", POSITIONS)
def test_a_hint_is_the_hard_bots_choice_from_the_view(
    name: str, players: int, moves: int, choices: int
) -> None:
    s = at_move(name, players, moves, choices=choices)
    assert s.request_hint(0) is None
    hint = s.poll_hint()
    assert hint is not None and hint.action is not None
    bot = s.entry.make_bot("hard", 0, s.hint_seed(0), timed=False)
    assert hint.action == bot.choose(s.view(0))
    assert (hint.seat, hint.ply) == (0, s.ply)
    # the reason is the hard bot's own explanation, seats named
    assert hint.reason == fill_seats(bot.explain(s.view(0), hint.action), s.names)
    assert hint.reason and "{seat" not in hint.reason
    assert HINTS in s.marks


def test_one_position_gives_one_hint_and_the_seed_follows_the_ply() -> None:
    s = at_move("nim", 2, 0)
    s.request_hint(0)
    first = s.poll_hint()
    s.request_hint(0)
    assert s.poll_hint() == first
    seed = s.hint_seed(0)
    s.play(first.action)
    s.play(s.bot_action())
    assert s.hint_seed(0) != seed


def test_without_explain_the_hint_says_the_moves_log_line() -> None:
    s = at_move("nim", 2, 0)
    before = list(s.states)
    s.request_hint(0)
    hint = s.poll_hint()
    assert not hasattr(s.entry.make_bot("hard", 0, 1), "explain")
    after = s.rules.apply(s.state, hint.action)
    assert hint.reason == s.rules.log_line(s.state, hint.action, after, s.names)
    assert s.states == before and s.ply == 0  # worked out without changing the game


def test_hints_are_refused_in_hot_seat_unless_switched_on() -> None:
    s = at_move("nim", 2, 0, kinds=["human", "human"])
    reason = s.request_hint(0)
    assert reason is not None and "Hints are off" in reason and "setup" in reason
    assert s.poll_hint() is None and HINTS not in s.marks
    s.hints_on = True
    assert s.request_hint(0) is None
    assert s.poll_hint() is not None


def test_a_hint_is_for_the_persons_own_turn() -> None:
    s = at_move("nim", 2, 0, kinds=["human", "medium"])
    assert s.request_hint(1) == "Hints are for a person at the table."
    s.play(s.rules.legal_actions(s.state)[0])
    assert s.request_hint(0) == "A hint is for your own turn."


def test_a_move_or_an_undo_forgets_the_pending_hint() -> None:
    s = at_move("nim", 2, 0)
    s.threaded = True  # the hint goes to the worker; the move below comes first
    s.request_hint(0)
    assert s.hint_thinking()
    s.threaded = False
    s.play(s.rules.legal_actions(s.state)[0])
    assert not s.hint_thinking() and s.poll_hint() is None


def test_the_hints_mark_and_option_survive_a_save() -> None:
    s = at_move("nim", 2, 0, kinds=["human", "human"])
    s.hints_on = True
    s.request_hint(0)
    doc = codec.loads(codec.dumps(s.to_doc()))
    back = Session.from_doc(doc, registry={"nim": NIM}, threaded=False, timed=False)
    assert back.hints_on and HINTS in back.marks
    del doc["hints"]  # a save from before the option: hints stay off
    old = Session.from_doc(doc, registry={"nim": NIM}, threaded=False, timed=False)
    assert not old.hints_on and not old.hints_allowed()


def test_a_bot_names_a_seat_and_the_session_fills_in_the_name() -> None:
    assert (
        fill_seats(f"{seat_ref(1)} has one card left", ["Ada", "Basil"])
        == "Basil has one card left"
    )
    assert fill_seats(f"{seat_ref(5)} waits", ["Ada"]) == "a player waits"


def test_planepitas_flip_hint_weighs_both_faces() -> None:
    """After your flick, the hint for the flip says which face and why."""
    s = at_move("planepita", 2, 0)
    r = random.Random(3)
    while (
        not any(isinstance(a, pp_model.Flip) for a in s.rules.legal_actions(s.state))
        or s.to_move() != 0
    ):
        assert not s.is_over()
        s.play(s.bot_action() if s.is_bot_turn() else s.entry.sample_action(s.state, r))
    assert s.request_hint(0) is None
    hint = s.poll_hint()
    assert isinstance(hint.action, pp_model.Flip)
    side = "Turn it face down" if hint.action.down else "Keep it face up"
    assert hint.reason.startswith(side)
    assert "points" in hint.reason or "about even" in hint.reason
