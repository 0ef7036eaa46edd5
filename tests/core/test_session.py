"""Session: seats, legal play, history as states, undo and its barriers,
save/load/replay, bots on the worker, change notification, default names.

Everything runs on the test-only Nim game (tests/nimgame) through the same
registry API as a shipped game.
"""

from __future__ import annotations

import concurrent.futures
import copy
import dataclasses
import json
import threading
from typing import Any

import pytest

from tabletop.core import codec
from tabletop.core.game import GameConfig, IllegalAction
from tabletop.core.savefile import SAVE_KIND, SAVE_VERSION, SaveError
from tabletop.core.session import (
    BOT_NAMES,
    Seat,
    Session,
    default_name,
    default_seats,
)
from tests.nimgame import ENTRY as NIM
from tests.nimgame import default_config
from tests.nimgame.bot import make_bot as nim_make_bot
from tests.nimgame.rules import Reserve, Take

# these tests tamper with stored states: use Nim as a game whose saves keep them
ENTRY = dataclasses.replace(NIM, info=dataclasses.replace(NIM.info, save_states=True))

#: seconds a test waits on the worker's events before it gives up (a safety
#: net for a broken worker, never a measurement)
DEADLINE = 60.0


def humans(n: int = 2) -> list[Seat]:
    return default_seats(["human"] * n)


def session(
    seats: list[Seat] | None = None, *, seed: int = 3, threaded: bool = False, **variants: Any
) -> Session:
    seats = seats if seats is not None else humans()
    config = default_config(len(seats), **variants)
    return Session(ENTRY, config, seed, seats, threaded=threaded, timed=False)


def first_take(s: Session) -> Take:
    """A legal one-stone take that does not end the game."""
    for i, h in enumerate(s.state.heaps):
        if h > 1:
            return Take(i + 1, 1)
    raise AssertionError("no heap with more than one stone")


def snapshot(s: Session) -> tuple[Any, ...]:
    return (
        [codec.dumps(x) for x in s.states],
        list(s.actions),
        list(s.log),
        list(s.barriers),
    )


def finish(s: Session) -> None:
    """Play to the end with the rules' first legal take (humans only)."""
    while not s.is_over():
        takes = [a for a in s.rules.legal_actions(s.state) if isinstance(a, Take)]
        s.play(takes[-1])


# -- seats ---------------------------------------------------------------------------


def test_wrong_number_of_seats_is_refused_with_the_counts() -> None:
    with pytest.raises(ValueError, match="2 players need 2 seats, not 3"):
        Session(ENTRY, GameConfig(2), 0, humans(3))
    with pytest.raises(ValueError, match="3 players need 3 seats, not 2"):
        Session(ENTRY, GameConfig(3), 0, humans(2))


@pytest.mark.parametrize("players", [0, 1, 4])
def test_player_count_out_of_range_names_the_game_and_its_range(players: int) -> None:
    with pytest.raises(ValueError, match=f"Nim is for 2-3 players, not {players}"):
        Session(ENTRY, GameConfig(players), 0, humans(players))


def test_seat_kind_is_human_or_bot() -> None:
    with pytest.raises(ValueError, match="a seat is 'human' or 'bot', not 'robot'"):
        Seat("Ada", "robot")
    assert Seat("Ada", "bot", "hard").is_bot
    assert Seat("Ada", "bot", "hard").label == "Ada (bot, hard)"
    assert not Seat("Player 1").is_bot and Seat("Player 1").label == "Player 1"


def test_bots_are_built_only_for_bot_seats() -> None:
    s = session(default_seats(["human", "easy", "medium"]))
    assert sorted(s.bots) == [1, 2]
    assert s.human_seats() == [0]


# -- playing -------------------------------------------------------------------------


def test_play_applies_a_legal_action_and_logs_it() -> None:
    s = session()
    move = first_take(s)
    before = s.state
    played = s.play(move, 0)
    after = played.after
    assert (played.before, played.action, played.log, played.trace) == (
        before,
        move,
        s.log[-1],
        None,
    )
    assert s.states == [before, after] and s.actions == [move]
    assert s.state is after and s.ply == 1 and s.to_move() == 1
    assert s.log == [f"Player 1 takes 1 from heap {move.heap}."]
    assert s.barriers == [False]


def test_a_view_is_worked_out_once_per_position_and_seat() -> None:
    """A scene asks for the view many times a frame: the same position and
    seat give the same object; a move, an undo or an adopted position give
    the view of the new position."""
    s = session()
    first = s.view(0)
    assert s.view(0) is first and s.view(1) is not first
    assert s.view(0) == s.rules.view(s.state, 0)
    s.play(first_take(s), 0)
    assert s.view(0) is not first and s.view(0) == s.rules.view(s.state, 0)
    assert s.undo(0)
    assert s.view(0) == first and s.view(0) == s.rules.view(s.state, 0)
    other = s.rules.apply(s.state, first_take(s))
    s.adopt(other)
    assert s.view(1) == s.rules.view(other, 1)


@pytest.mark.parametrize(
    "action, reason",
    [
        (Take(9, 1), "There is no heap 9."),
        (Take(1, 0), "Take at least one stone."),
        (Take(1, 4), "You may take at most 3 stones."),
        ("resign", "That is not a Nim move."),
    ],
)
def test_an_illegal_action_raises_the_rules_reason_and_changes_nothing(
    action: Any, reason: str
) -> None:
    s = session()
    s.play(first_take(s))
    calls: list[Session] = []
    s.on_change = calls.append
    before = snapshot(s)
    assert s.check(action) == reason
    with pytest.raises(IllegalAction) as info:
        s.play(action)
    assert info.value.reason == reason
    assert snapshot(s) == before
    assert calls == []


def test_a_reserve_placed_twice_is_refused() -> None:
    s = session()
    s.play(Reserve(), 0)
    s.play(first_take(s), 1)
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="You have already placed your reserve."):
        s.play(Reserve(), 0)
    assert snapshot(s) == before


def test_check_refuses_the_wrong_seat_and_a_finished_game() -> None:
    s = session()
    move = first_take(s)
    assert s.check(move, 0) is None
    assert s.check(move) is None
    assert s.check(move, 1) == "It is not your turn."
    with pytest.raises(IllegalAction, match="It is not your turn."):
        s.play(move, 1)
    assert s.ply == 0

    finish(s)
    assert s.is_over() and s.to_move() is None
    assert s.check(Take(1, 1), 0) == "The game is over."
    assert s.check(Take(1, 1)) == "The game is over."
    before = snapshot(s)
    with pytest.raises(IllegalAction, match="The game is over."):
        s.play(Take(1, 1))
    assert snapshot(s) == before


def test_history_is_states_and_apply_never_mutates_an_earlier_one() -> None:
    s = session(seed=11, chance=True)
    frozen: list[str] = [codec.dumps(s.states[0])]
    while not s.is_over():
        s.play(s.rules.legal_actions(s.state)[0])
        frozen.append(codec.dumps(s.state))
        assert [codec.dumps(x) for x in s.states] == frozen
    assert len(s.states) == len(s.actions) + 1 == len(frozen)
    assert len(s.log) == len(s.barriers) == len(s.actions)
    # each state is what the rules make from the one before
    for i, a in enumerate(s.actions):
        assert codec.dumps(s.rules.apply(s.states[i], a)) == codec.dumps(s.states[i + 1])


# -- undo ------------------------------------------------------------------------------


def test_undo_returns_to_the_last_human_decision_past_the_bot_reply() -> None:
    s = session([Seat("Human"), Seat("Bot", "bot", "easy")])
    start = codec.dumps(s.state)
    s.play(first_take(s), 0)
    assert s.play_bots() == 1
    assert s.ply == 2 and len(s.log) == 2 and s.is_human_turn()
    assert s.can_undo() is None
    assert s.undo() is True
    assert s.ply == 0 and s.actions == [] and s.log == [] and s.barriers == []
    assert [codec.dumps(x) for x in s.states] == [start]
    assert s.to_move() == 0
    assert s.can_undo() == "Nothing has been played yet."


def test_with_two_people_each_takes_back_only_their_own_move() -> None:
    s = session()  # two people at one device
    s.play(first_take(s))
    second = codec.dumps(s.state)
    s.play(first_take(s))
    # the one who just moved (seat 1) takes it back: nobody else decided since
    plan = s.undo_plan(1)
    assert (plan.target, plan.consent) == (1, ())
    assert s.undo(1) is True
    assert s.ply == 1 and codec.dumps(s.state) == second and len(s.log) == 1


def test_undo_into_another_persons_turn_needs_their_consent() -> None:
    s = session()
    start = codec.dumps(s.state)
    s.play(first_take(s))
    s.play(first_take(s))
    assert s.to_move() == 0 and s.viewer() == 0
    # seat 0 asks: its last decision is behind seat 1's move
    plan = s.undo_plan()
    assert (plan.seat, plan.target, plan.consent) == (0, 0, (1,))
    assert s.can_undo() is None, "possible, once seat 1 agrees"
    before = snapshot(s)
    assert s.undo() is False and s.undo(agreed=(2,)) is False
    assert snapshot(s) == before
    assert s.undo(agreed=(1,)) is True
    assert s.ply == 0 and codec.dumps(s.state) == start


def test_a_bot_never_undoes() -> None:
    s = session([Seat("Human"), Seat("Bot", "bot", "easy")])
    s.play(first_take(s), 0)
    s.play_bots()
    assert s.can_undo(1) == "Only a player at the table can take a move back."
    assert s.undo(1) is False and s.ply == 2


def test_undo_refuses_when_nothing_was_played() -> None:
    s = session()
    calls: list[Session] = []
    s.on_change = calls.append
    assert s.can_undo() == "Nothing has been played yet."
    assert s.undo_target() == (None, "Nothing has been played yet.")
    assert s.undo() is False
    assert s.ply == 0 and calls == []


def test_undo_refuses_when_only_bots_play() -> None:
    s = session(default_seats(["easy", "easy"]))
    assert s.play_bots(limit=3) == 3
    before = snapshot(s)
    assert s.can_undo() == "Only bots are playing."
    assert s.undo() is False
    assert snapshot(s) == before


def test_undo_refuses_when_no_earlier_human_decision() -> None:
    # the bot moved first; the human has not decided anything yet
    s = session([Seat("Bot", "bot", "easy"), Seat("Human")])
    assert s.play_bots() == 1
    assert s.can_undo() == "There is no earlier decision of yours to return to."
    assert s.undo() is False and s.ply == 1


BARRIER_REASON = "Cannot undo past a move that revealed cards or drew at random."


def play_until_gift(s: Session) -> int:
    """Play one-stone takes (humans or bots, whoever is to move) until a gift is
    drawn; returns the ply of the gift action."""
    while True:
        assert not s.is_over(), "the game ended before a gift"
        if s.is_bot_turn():
            s.play(s.bot_action())
        else:
            s.play(first_take(s))
        if s.barriers[-1]:
            return s.ply - 1


def test_a_gift_draw_is_an_undo_barrier() -> None:
    s = session([Seat("Human"), Seat("Bot", "bot", "easy")], seed=5, chance=True)
    gift = play_until_gift(s)
    assert s.states[gift + 1].gifts == s.states[gift].gifts + 1
    assert s.barriers[gift] is True and not any(s.barriers[:gift])
    assert "A stone appears on heap" in s.log[gift]

    calls: list[Session] = []
    s.on_change = calls.append
    before = snapshot(s)
    assert s.can_undo() == BARRIER_REASON
    assert s.undo() is False
    assert snapshot(s) == before and calls == []
    # nor once the bot has answered
    s.play_bots()
    before = snapshot(s)
    assert s.can_undo() == BARRIER_REASON
    assert s.undo() is False
    assert snapshot(s) == before


def test_undo_stops_at_a_gift_and_never_crosses_it() -> None:
    s = session(seed=5, chance=True)  # two humans
    gift = play_until_gift(s)
    assert s.can_undo() == BARRIER_REASON
    before = snapshot(s)
    assert s.undo() is False
    assert snapshot(s) == before

    # a human move after the gift can be taken back by its player, but only that far
    mover = s.to_move()
    s.play(first_take(s))
    assert s.can_undo(mover) is None
    assert s.undo(mover) is True
    assert s.ply == gift + 1 and s.barriers[-1] is True
    before = snapshot(s)
    assert s.can_undo(mover) == BARRIER_REASON
    assert s.undo(mover) is False
    assert snapshot(s) == before


def test_undo_against_a_bot_cannot_cross_a_gift_behind_the_bot_reply() -> None:
    s = session([Seat("Human"), Seat("Bot", "bot", "easy")], seed=5, chance=True)
    # take until the human's own take draws the gift
    while True:
        s.play(first_take(s), 0)
        if s.barriers[-1]:
            break
        s.play_bots()
        assert not s.is_over()
    gift = s.ply - 1
    s.play_bots()
    assert s.ply == gift + 2 and s.is_human_turn()
    before = snapshot(s)
    assert s.can_undo() == BARRIER_REASON
    assert s.undo() is False
    assert snapshot(s) == before


def test_placing_a_reserve_is_an_undo_barrier() -> None:
    s = session()
    s.play(first_take(s), 0)
    s.play(Reserve(), 1)
    assert s.barriers == [False, True]
    assert "places a reserve of" in s.log[-1]
    before = snapshot(s)
    assert s.can_undo() == BARRIER_REASON
    assert s.undo() is False
    assert snapshot(s) == before


# -- on_change -------------------------------------------------------------------------


def test_on_change_is_called_after_play_and_undo() -> None:
    s = session()
    calls: list[tuple[int, Session]] = []
    s.on_change = lambda sess: calls.append((sess.ply, sess))
    s.play(first_take(s))
    assert calls == [(1, s)]
    s.play(first_take(s))
    assert calls[-1] == (2, s)
    assert s.undo(1)
    assert calls[-1] == (1, s) and len(calls) == 3


# -- save and load -----------------------------------------------------------------------


def played(seed: int = 7, *, chance: bool = True, moves: int = 8) -> Session:
    s = session([Seat("Ann"), Seat("Bot", "bot", "easy"), Seat("Cy")], seed=seed, chance=chance)
    for _ in range(moves):
        if s.is_over():
            break
        if s.is_bot_turn():
            s.play(s.bot_action())
        else:
            legal = s.rules.legal_actions(s.state)
            s.play(legal[(s.ply * 5) % len(legal)])
    return s


def assert_same(a: Session, b: Session) -> None:
    assert [codec.dumps(x) for x in a.states] == [codec.dumps(x) for x in b.states]
    assert a.actions == b.actions
    assert a.log == b.log
    assert a.barriers == b.barriers
    assert a.seats == b.seats
    assert a.config == b.config
    assert a.seed == b.seed


def test_to_doc_is_json_and_from_doc_restores_everything() -> None:
    s = played()
    doc = s.to_doc()
    text = json.dumps(doc)
    assert doc["format"] == SAVE_KIND and doc["version"] == SAVE_VERSION
    assert doc["game"] == "nim" and doc["players"] == ["Ann", "Bot", "Cy"]
    loaded = Session.from_doc(json.loads(text), registry={"nim": ENTRY}, threaded=False)
    assert_same(loaded, s)
    assert loaded.to_doc() == doc


def test_from_doc_uses_the_registry_it_is_given(nim_registered: Any) -> None:
    """The caller's registry decides, never tabletop.games.REGISTRY: the same
    save loads with the entry passed in, and not at all from an empty one."""
    s = played()
    doc = json.loads(json.dumps(s.to_doc()))
    mine = dataclasses.replace(ENTRY, icon="tests.nimgame.scene:elsewhere")
    for load in (Session.from_doc, Session.replay_doc):
        assert load(doc, registry={"nim": mine}).entry is mine
        with pytest.raises(SaveError, match="does not have"):
            load(doc, registry={})


def test_a_finished_game_round_trips() -> None:
    s = session(seed=2)
    finish(s)
    doc = json.loads(json.dumps(s.to_doc()))
    assert doc["over"] is True
    loaded = Session.from_doc(doc, registry={"nim": ENTRY})
    assert loaded.is_over() and loaded.outcome() == s.outcome()


def test_a_save_without_states_is_replayed() -> None:
    s = played()
    doc = json.loads(json.dumps(s.to_doc()))
    del doc["states"]
    assert_same(Session.from_doc(doc, registry={"nim": ENTRY}, threaded=False), s)


def test_replay_doc_recomputes_the_same_states() -> None:
    s = played(seed=21, moves=20)
    doc = json.loads(json.dumps(s.to_doc()))
    doc["states"] = [doc["states"][0]] * len(doc["states"])  # ignored by a replay
    again = Session.replay_doc(doc, registry={"nim": ENTRY})
    assert_same(again, s)
    assert again.threaded is False


def _tampered() -> list[tuple[str, Any]]:
    """(what, how to damage a good save document)."""

    def drop(key: str) -> Any:
        def damage(d: dict[str, Any]) -> None:
            del d[key]

        return damage

    def pop(*path: Any) -> Any:
        def damage(d: dict[str, Any]) -> None:
            *where, last = path
            target: Any = d
            for key in where:
                target = target[key]
            del target[last]

        return damage

    def put(key: str, value: Any) -> Any:
        return lambda d: d.__setitem__(key, value)

    def state(i: int, value: Any) -> Any:
        return lambda d: d["states"].__setitem__(i, value)

    return [
        ("not a dict", lambda d: ["tabletop-save"]),
        ("wrong format", put("format", "chess-pgn")),
        ("no format", drop("format")),
        ("newer version", put("version", SAVE_VERSION + 1)),
        ("version a string", put("version", "1")),
        ("no version", drop("version")),
        ("unknown game", put("game", "chess")),
        ("no game", drop("game")),
        ("no config", drop("config")),
        ("config not a dict", put("config", [2])),
        ("config without players", put("config", {"variants": {}})),
        ("players not a number", put("config", {"players": "three", "variants": {}})),
        ("players out of range", put("config", {"players": 9, "variants": {}})),
        ("no seed", drop("seed")),
        ("seed not a number", put("seed", "abc")),
        ("seed null", put("seed", None)),
        ("no seats", drop("seats")),
        ("seats not a list", put("seats", 3)),
        ("a seat not a dict", put("seats", ["Ann", "Bot", "Cy"])),
        ("a seat without a name", pop("seats", 0, "name")),
        ("a seat of an unknown kind", lambda d: d["seats"][0].__setitem__("kind", "ghost")),
        ("a bot of an unknown level", lambda d: d["seats"][1].__setitem__("level", "godlike")),
        ("too few seats", pop("seats", -1)),
        ("no actions", drop("actions")),
        ("an action dropped", pop("actions", -1)),
        ("a state dropped", pop("states", -1)),
        ("states not a list", put("states", 5)),
        ("a garbage action", lambda d: d["actions"].__setitem__(0, {"$dc": "nope"})),
        (
            "an action of a foreign type",
            lambda d: d["actions"].__setitem__(0, {"$dc": "os:system", "f": {}}),
        ),
        ("an action of garbage", lambda d: d["actions"].__setitem__(0, "garbage")),
        ("a state of garbage (first)", state(0, "garbage")),
        ("a state of garbage (middle)", state(3, [1, 2, 3])),
        ("a state of garbage (last)", state(-1, {"$t": "garbage"})),
        ("a state of an unknown type", state(2, {"$dc": "tests.nimgame.rules:Nope", "f": {}})),
        ("a state missing fields", state(2, {"$dc": "tests.nimgame.rules:NimState", "f": {}})),
        ("a state of a foreign type", state(1, {"$dc": "builtins:dict", "f": {}})),
    ]


@pytest.mark.parametrize("what, damage", _tampered(), ids=[w for w, _ in _tampered()])
def test_a_tampered_save_raises_save_error_only(what: str, damage: Any) -> None:
    doc = json.loads(json.dumps(played(moves=8).to_doc()))
    assert len(doc["actions"]) == 8
    replaced = damage(doc)  # None: damaged in place; else a whole new document
    if replaced is not None:
        doc = replaced
    with pytest.raises(SaveError) as info:
        Session.from_doc(doc, registry={"nim": ENTRY}, threaded=False)
    assert str(info.value).strip(), f"{what}: empty message"


def test_save_error_messages_say_what_is_wrong() -> None:
    good = played().to_doc()
    registry = {"nim": ENTRY}

    def message(doc: Any) -> str:
        with pytest.raises(SaveError) as info:
            Session.from_doc(doc, registry=registry)
        return str(info.value)

    assert message({"format": "x"}) == "This file is not a Tabletop save."
    assert "newer version" in message({**good, "version": SAVE_VERSION + 1})
    assert "'chess'" in message({**good, "game": "chess"})
    assert "damaged" in message({k: v for k, v in good.items() if k != "seed"})
    assert "inconsistent" in message({**good, "states": good["states"][:-1]})
    with pytest.raises(SaveError):
        Session.replay_doc({**good, "game": "chess"}, registry=registry)


def test_from_actions_names_the_move_that_cannot_be_replayed() -> None:
    s = played(chance=False, moves=6)
    actions = list(s.actions)
    actions.insert(3, Take(9, 1))
    with pytest.raises(
        SaveError,
        match=r"Move 4 \(take 1 from heap 9\) cannot be replayed: "
        r"There is no heap 9\.",
    ):
        Session.from_actions(ENTRY, s.config, s.seed, s.seats, actions, threaded=False)
    # a replayed doc with an illegal action is a SaveError too
    doc = json.loads(json.dumps(s.to_doc()))
    doc["actions"][1] = codec.encode(Take(1, 99))
    with pytest.raises(SaveError, match="Move 2"):
        Session.replay_doc(doc, registry={"nim": ENTRY})


# -- bots ------------------------------------------------------------------------------


class GatedBot:
    """A bot that answers only once ``gate`` is set (to see the worker's states)."""

    def __init__(self, inner: Any, gate: threading.Event, started: threading.Event) -> None:
        self.seat = inner.seat
        self.inner = inner
        self.gate = gate
        self.started = started

    def choose(self, view: Any) -> Any:
        self.started.set()
        if not self.gate.wait(DEADLINE):
            raise TimeoutError("the test never opened the gate")
        return self.inner.choose(view)


@pytest.fixture
def gated() -> Any:
    """An entry whose bots wait for a gate; the gate is always opened at the end."""
    gate, started = threading.Event(), threading.Event()

    def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> GatedBot:
        return GatedBot(nim_make_bot(level, seat, seed, timed=False), gate, started)

    entry = dataclasses.replace(ENTRY, make_bot=make_bot)
    yield entry, gate, started
    gate.set()


def answered(s: Session) -> Any:
    """Wait (on the worker's future, not the clock) for the pending answer, then poll it."""
    pending = s._pending
    assert pending is not None, "no bot is thinking"
    done, _ = concurrent.futures.wait([pending], DEADLINE)
    assert done, "the worker never finished"
    return s.poll_bot_action()


def test_threaded_request_returns_at_once_and_poll_waits_for_the_answer(gated: Any) -> None:
    entry, gate, started = gated
    s = Session(entry, default_config(2), 4, [Seat("Bot", "bot", "easy"), Seat("Human")])
    s.request_bot_action()  # returns while the bot waits for the gate
    assert started.wait(DEADLINE)
    assert s.bot_thinking()
    for _ in range(5):
        assert s.poll_bot_action() is None
    s.request_bot_action()  # already thinking: no second request
    gate.set()
    action = answered(s)
    assert s.check(action, 0) is None
    assert not s.bot_thinking()
    assert s.poll_bot_action() is None  # the answer is handed over once
    s.play(action, 0)
    assert s.ply == 1 and s.is_human_turn()
    assert s.bot_failures == []


def test_a_real_threaded_bot_answers_through_poll() -> None:
    s = session([Seat("Human"), Seat("Bot", "bot", "medium")], threaded=True)
    s.play(first_take(s), 0)
    s.request_bot_action()
    action = answered(s)
    s.play(action, 1)
    assert s.is_human_turn()


def test_an_answer_for_an_old_ply_is_discarded_after_undo(gated: Any) -> None:
    entry, gate, started = gated
    s = Session(entry, default_config(2), 4, [Seat("Human"), Seat("Bot", "bot", "easy")])
    s.play(first_take(s), 0)
    s.request_bot_action()
    assert started.wait(DEADLINE)
    old = s._pending
    assert old is not None
    assert s.undo() is True
    assert not s.bot_thinking()
    gate.set()
    assert old.result(DEADLINE) is not None  # the old answer came in ...
    assert s.poll_bot_action() is None  # ... and is not handed over
    assert s.ply == 0 and s.is_human_turn()
    # the next request is answered normally
    s.play(first_take(s), 0)
    s.request_bot_action()
    assert s.check(answered(s), 1) is None


def test_an_answer_for_an_old_ply_is_discarded_after_play(gated: Any) -> None:
    entry, gate, started = gated
    s = Session(entry, default_config(2), 4, [Seat("Bot", "bot", "easy"), Seat("Human")])
    s.request_bot_action()
    assert started.wait(DEADLINE)
    old = s._pending
    assert old is not None
    s.play(first_take(s))  # someone else (a replay, a tool) moved for the bot
    assert s.ply == 1 and not s.bot_thinking()
    gate.set()
    assert old.result(DEADLINE) is not None
    assert s.poll_bot_action() is None
    assert s.ply == 1


def test_poll_without_a_request_is_none() -> None:
    s = session([Seat("Human"), Seat("Bot", "bot", "easy")], threaded=True)
    assert s.poll_bot_action() is None
    s.request_bot_action()  # a human is to move: nothing starts
    assert not s.bot_thinking() and s.poll_bot_action() is None


def test_play_bots_unthreaded_stops_when_a_human_is_to_move() -> None:
    s = session(default_seats(["human", "easy", "medium"]), seed=9)
    assert s.play_bots() == 0  # the human moves first
    s.play(first_take(s), 0)
    assert s.play_bots() == 2
    assert s.is_human_turn() and s.to_move() == 0
    assert s.ply == 3 and len(s.log) == 3
    assert s.log[1].startswith("Basil ") and s.log[2].startswith("Cleo ")


def test_play_bots_plays_an_all_bot_game_to_the_end() -> None:
    s = session(default_seats(["easy", "easy"]), seed=12)
    moves = s.play_bots()
    assert s.is_over() and moves == s.ply > 0
    assert s.play_bots() == 0


@pytest.mark.parametrize("threaded", [False, True])
def test_same_seed_and_bots_give_the_same_game(threaded: bool) -> None:
    def game() -> list[Any]:
        s = session(
            default_seats(["easy", "medium", "easy"]), seed=31, threaded=threaded, chance=True
        )
        s.play_bots()
        assert s.is_over()
        return s.actions

    first = game()
    assert game() == first


def test_bot_action_without_a_bot_to_move_is_an_error() -> None:
    s = session()
    with pytest.raises(RuntimeError, match="no bot is to move"):
        s.bot_action()


# -- names -----------------------------------------------------------------------------


def test_default_names() -> None:
    assert default_name(0, "human") == "Player 1"
    assert default_name(3, "human") == "Player 4"
    assert default_name(0, "bot") == BOT_NAMES[0] == "Ada"
    assert default_name(1, "bot") == "Basil"
    assert default_name(len(BOT_NAMES), "bot") == "Ada"  # wraps around


def test_default_seats_from_kinds_and_levels() -> None:
    seats = default_seats(["human", "hard", "human", "easy"])
    assert seats == [
        Seat("Player 1", "human"),
        Seat("Basil", "bot", "hard"),
        Seat("Player 3", "human"),
        Seat("Dmitri", "bot", "easy"),
    ]
    s = session(default_seats(["human", "hard"]))
    assert s.names == ["Player 1", "Basil"]
    assert s.summary() == "Nim: Player 1, Basil (bot, hard) (move 1)"


def test_seat_round_trips_and_a_bad_seat_is_a_save_error() -> None:
    seat = Seat("Esme", "bot", "hard")
    assert Seat.from_doc(copy.deepcopy(seat.to_doc())) == seat
    assert Seat.from_doc({"name": "Jo"}) == Seat("Jo", "human", "medium")
    for bad in (None, "Jo", {"kind": "bot"}, {"name": "Jo", "kind": "cat"}):
        with pytest.raises(SaveError, match="a seat in the save is not readable"):
            Seat.from_doc(bad)


# -- saves of games that replay their moves --------------------------------------------


def test_a_moves_only_save_replays_and_checks_its_final_position() -> None:
    """Games without GameInfo.save_states store moves and the final position."""
    s = Session(NIM, default_config(2), 4, humans(2), threaded=False)
    s.play(s.rules.legal_actions(s.state)[0])
    s.play(s.rules.legal_actions(s.state)[0])
    doc = json.loads(json.dumps(s.to_doc()))
    assert "states" not in doc and "final" in doc
    loaded = Session.from_doc(doc, registry={"nim": NIM}, threaded=False)
    assert codec.dumps(loaded.states) == codec.dumps(s.states)
    assert loaded.log == s.log
    other = Session(NIM, default_config(2), 5, humans(2), threaded=False)
    doc["final"] = codec.encode(other.state)
    with pytest.raises(SaveError, match="do not lead to its saved position"):
        Session.from_doc(doc, registry={"nim": NIM}, threaded=False)


def test_leaving_a_game_stops_a_bot_that_is_still_thinking() -> None:
    """close() asks a running search to stop, so the worker is free at once.
    The search has no time budget and a cap it would never reach: it ends
    only because it was cancelled."""
    from tabletop.core.bots import ISMCTSBot
    from tests.nimgame.bot import determinize

    searching = threading.Event()

    def marked(view: Any, seat: int, rng: Any) -> Any:
        searching.set()  # an iteration is running: the search has begun
        return determinize(view, seat, rng)

    def endless_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> ISMCTSBot:
        return ISMCTSBot(NIM.rules, seat, seed, iterations=10**9, determinize=marked)

    entry = dataclasses.replace(NIM, make_bot=endless_bot)
    s = Session(
        entry, default_config(2), 7, [Seat("Bot", "bot", "hard"), Seat("Ann")], threaded=True
    )
    s.request_bot_action()
    fut = s._pending
    assert fut is not None
    assert searching.wait(DEADLINE)
    s.close()
    assert fut.result(timeout=DEADLINE) is not None  # ended by the cancel
    assert s.poll_bot_action() is None
    assert s.bot_failures == []
