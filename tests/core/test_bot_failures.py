"""A bot can never take a game down (tabletop/core/session.py).

A bot that raises, answers with an illegal action, or gives no answer within
its budget plus the session's grace (counted on the ``dt`` the caller
passes) is given up on: its seat plays a random legal move drawn from the
seed and the ply, the game log says so in words, and play goes on. All on
the test game Nim; no test here sleeps or reads the clock.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from tabletop.core import rng
from tabletop.core import session as session_mod
from tabletop.core.session import Seat, Session
from tests.nimgame import ENTRY as NIM
from tests.nimgame import default_config
from tests.nimgame.bot import make_bot as nim_make_bot
from tests.nimgame.rules import Take

pytestmark = pytest.mark.bot_failures

#: seconds a test waits on the worker's events before giving up (a safety net
#: for a broken worker, never a measurement)
DEADLINE = 60.0
SEED = 11
FAILED = "Basil's bot failed to choose a move"


class RaisingBot:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: Any) -> Any:
        raise RuntimeError("a bug in the bot")


class IllegalBot:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: Any) -> Any:
        return Take(9, 1)  # there is no heap 9


class Unreadable:
    """An answer the rules cannot even look at: asking its class (what a
    game's check does first) or comparing it with an action raises."""

    @property  # type: ignore[misc]
    def __class__(self) -> type:
        raise TypeError("an Unreadable hides its class")

    def __eq__(self, other: object) -> bool:
        raise TypeError("an Unreadable cannot be compared")

    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return "<unreadable>"


class GibberishBot:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def choose(self, view: Any) -> Any:
        return Unreadable()


class HangingBot:
    """Thinks until the test releases ``gate``; says it has started on ``started``."""

    time_budget = 0.5

    def __init__(self, seat: int, gate: threading.Event, started: threading.Event) -> None:
        self.seat = seat
        self.gate = gate
        self.started = started
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True  # asked, but it does not listen

    def choose(self, view: Any) -> Any:
        self.started.set()
        self.gate.wait(DEADLINE)
        return Take(1, 1)


BROKEN: dict[str, Callable[[int], Any]] = {
    "raises": RaisingBot,
    "illegal": IllegalBot,
    "gibberish": GibberishBot,
}
WHY = {
    "raises": "it raised RuntimeError: a bug in the bot",
    "illegal": "it chose take 1 from heap 9, which is not allowed: There is no heap 9.",
    "gibberish": "it answered <unreadable>, which the rules cannot read",
}


def entry_with(broken: Callable[[int], Any]) -> Any:
    """Nim where seat 1 ("Basil") is played by ``broken`` and other bots are Nim's own."""

    def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Any:
        return broken(seat) if seat == 1 else nim_make_bot(level, seat, seed, timed=timed)

    return dataclasses.replace(NIM, make_bot=make_bot)


def seats(*kinds: str) -> list[Seat]:
    names = ["Ann", "Basil", "Cleo"]
    return [
        Seat(names[i], "human") if k == "human" else Seat(names[i], "bot", k)
        for i, k in enumerate(kinds)
    ]


def first_take(s: Session) -> Take:
    for i, h in enumerate(s.state.heaps):
        if h > 1:
            return Take(i + 1, 1)
    return next(a for a in s.rules.legal_actions(s.state) if isinstance(a, Take))


@pytest.mark.parametrize("kind", list(BROKEN))
def test_a_failing_bot_plays_a_logged_random_legal_move_and_the_game_goes_on(kind: str) -> None:
    s = Session(
        entry_with(BROKEN[kind]), default_config(2), SEED, seats("human", "easy"), threaded=False
    )
    s.play(first_take(s), 0)
    s.request_bot_action()
    action = s.poll_bot_action()
    assert action is not None and s.check(action, 1) is None
    fallback = NIM.sample_action(s.state, rng.make(SEED, "bot-fallback", 1))
    assert action == fallback  # drawn from the seed and the ply
    s.play(action, 1)
    words = f"{FAILED} ({WHY[kind]}); a random legal move was played"
    assert s.log[1].startswith(words + ": Basil "), s.log[1]
    assert s.bot_failures == [(1, words)]
    # and the game goes on to its end, the bot failing every time
    while not s.is_over():
        if s.is_human_turn():
            s.play(first_take(s), 0)
        else:
            s.request_bot_action()
            s.play(s.poll_bot_action(), 1)
    bot_moves = sum(1 for i, a in enumerate(s.actions) if s.rules.to_move(s.states[i]) == 1)
    assert len(s.bot_failures) == bot_moves
    assert all(
        line.startswith(FAILED) for line, st in zip(s.log, s.states) if s.rules.to_move(st) == 1
    )


def test_the_fallback_moves_are_the_same_every_time() -> None:
    def game() -> list[Any]:
        s = Session(
            entry_with(RaisingBot),
            default_config(3),
            SEED,
            seats("easy", "easy", "medium"),
            timed=False,
            threaded=False,
        )
        assert s.play_bots() == s.ply and s.is_over()
        return s.actions

    first = game()
    assert game() == first


def test_play_bots_and_bot_action_fall_back_too() -> None:
    s = Session(
        entry_with(IllegalBot),
        default_config(2),
        SEED,
        seats("easy", "easy"),
        timed=False,
        threaded=False,
    )
    s.play_bots()
    assert s.is_over()
    assert s.bot_failures and all(words.startswith(FAILED) for _, words in s.bot_failures)


def test_a_bot_that_raises_on_the_worker_falls_back_when_polled() -> None:
    s = Session(
        entry_with(RaisingBot), default_config(2), SEED, seats("human", "easy"), threaded=True
    )
    s.play(first_take(s), 0)
    s.request_bot_action()
    pending = s._pending
    assert pending is not None
    concurrent.futures.wait([pending], DEADLINE)
    action = s.poll_bot_action()
    assert action is not None and s.check(action, 1) is None
    s.play(action, 1)
    assert s.log[1].startswith(f"{FAILED} (it raised RuntimeError")


@pytest.fixture
def hanging() -> Iterator[tuple[Any, threading.Event, threading.Event, list[HangingBot]]]:
    """Nim whose seat 1 hangs until the gate opens; the gate opens at the end."""
    gate, started = threading.Event(), threading.Event()
    made: list[HangingBot] = []

    def hang(seat: int) -> HangingBot:
        made.append(HangingBot(seat, gate, started))
        return made[-1]

    yield entry_with(hang), gate, started, made
    gate.set()


def test_a_bot_that_never_answers_is_given_up_after_its_budget_and_grace(hanging: Any) -> None:
    entry, gate, started, made = hanging
    s = Session(
        entry, default_config(3), SEED, seats("human", "easy", "medium"), threaded=True, timed=False
    )
    s.play(first_take(s), 0)
    s.request_bot_action()
    assert started.wait(DEADLINE)
    stuck = session_mod._WORKER
    assert s.bot_patience() == HangingBot.time_budget + Session.bot_grace == 5.5
    for _ in range(5):  # 5.0 s of frames: still waiting
        assert s.poll_bot_action(1.0) is None
        assert s.bot_thinking()
    action = s.poll_bot_action(0.5)  # 5.5 s: given up
    assert action is not None and s.check(action, 1) is None
    assert made[0].cancelled  # it was asked to stop ...
    assert session_mod._WORKER is not stuck  # ... and, still stuck, left behind
    assert s.bots[1] is not made[0]  # the seat thinks with a fresh bot from now on
    s.play(action, 1)
    assert s.log[1].startswith(
        f"{FAILED} (it gave no answer in 5.5 s); a random legal move was played: Basil "
    )
    # the next bot thinks on the fresh worker while the old one is still stuck
    assert not gate.is_set()
    s.request_bot_action()
    pending = s._pending
    assert pending is not None
    done, _ = concurrent.futures.wait([pending], DEADLINE)
    assert done
    answer = s.poll_bot_action()
    assert answer is not None and s.check(answer, 2) is None
    s.play(answer, 2)
    assert s.is_human_turn() and len(s.bot_failures) == 1


def test_a_bot_that_answers_in_time_is_not_given_up(hanging: Any) -> None:
    entry, gate, started, _ = hanging
    s = Session(entry, default_config(2), SEED, seats("human", "easy"), threaded=True, timed=False)
    s.play(first_take(s), 0)
    s.request_bot_action()
    assert started.wait(DEADLINE)
    assert s.poll_bot_action(5.0) is None
    gate.set()
    pending = s._pending
    assert pending is not None
    concurrent.futures.wait([pending], DEADLINE)
    assert s.poll_bot_action(100.0) == Take(1, 1)  # the answer is in: no waiting is counted
    assert s.bot_failures == []


def test_jobs_waiting_behind_a_stuck_bot_move_to_a_fresh_worker() -> None:
    gate, started = threading.Event(), threading.Event()
    worker = session_mod.Worker()
    stuck = worker.submit(lambda: (started.set(), gate.wait(DEADLINE))[1])
    waiting = worker.submit(lambda: "answered")
    assert started.wait(DEADLINE)
    fresh = session_mod.Worker()
    fresh.take_over(worker.abandon())
    try:
        assert waiting.result(DEADLINE) == "answered"  # while the old one is still stuck
        assert not stuck.done()
    finally:
        gate.set()
    assert stuck.result(DEADLINE) is True
