"""A game in progress: seats, the history as states, undo, save, load, replay.

The session is the only thing that changes a game's state, and it does so in
one way: :func:`tabletop.core.game.play_checked`. The history is a list of
states (``states[0]`` is the setup), so undo is popping that list. Bots think
on a worker thread; the frame loop polls for their answer and never waits.

Undo follows one policy, for one person or several at one device:

- Undo is asked for by a person: the one the screen shows (:meth:`viewer`,
  the person to move, else the last person who moved). A bot never undoes.
- It takes that person back to just before their own last decision, and
  takes back with it the bots' moves made since. It never takes anyone back
  to someone else's decision.
- It never crosses an undo barrier (a move that drew at random or showed
  hidden cards to everyone), nor a move by another seat that showed this
  person something they had not seen (the game's ``reveals`` hook). A sealed
  answer out of turn (a pass on a discard) shows nobody anything, so it never
  blocks undo.
- Against bots it never crosses a move the game's ``retry_barrier`` names: a
  move of skill whose result is known once made (a Planepita flick, unless
  the game is practice), which undo would let a person retry until perfect.
  Among people only, the others are there to object.
- A forced answer given without a prompt (:meth:`Session.auto_answer`: the
  one person at the table passing on a discard they can claim nothing of) is
  no decision: undo goes past it to the person's last real one.
- Another person's decision is theirs: when undo would take back a decision
  of another person made since, each of them is asked first ("Basil, Ada
  wants to take back a move: allow?", behind the pass-the-device curtain) and
  nothing changes unless every one of them allows it. With one person and
  bots nobody is asked.

A bot can never take the program down. A bot that raises, answers with an
illegal action, or (on the worker) has not answered once the frame loop has
waited its time budget plus :attr:`Session.bot_grace` seconds (counted on the
``dt`` the loop passes, never on the clock) is given up on: the seat plays a
random legal move instead (the entry's ``sample_action`` with a generator
derived from the seed and the ply, so the fallback is deterministic), the
game log says so in words, and play goes on. A worker stuck in a bot is left
behind (a daemon thread) and a fresh one thinks for the next bot.

A save is JSON: the config, the seed, the seats and the actions, which
replay the game exactly, plus the final position as a check. Games whose
``apply`` is floating point (Planepita's shots) also store every state
(``GameInfo.save_states``), since floating point is not promised to agree
across machines; for them loading uses the stored states, each checked as the
rules would check it (:meth:`Session.from_doc`), and a replay follows them.
Whether a save's game has ended is asked of the position it loads to
(:func:`has_ended`), never of the ``"over"`` the file carries.

A hint is what the hard bot would play for a person to move: a fresh hard bot
(``make_bot("hard", seat, seed)``, its seed derived from the game's seed, the
seat and the ply, so one position always gives one hint) searches from that
seat's *view* on the same worker as the bots, and offers its reason in words
through its optional ``explain(view, action)``; without one the hint says the
move's log line, computed without changing the game. Asking marks the game
"hints" in the statistics. Hints are on when one person plays; in a game of
two or more people only when switched on at setup (:attr:`Session.hints_on`,
kept in saves; a save without it has them off).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import functools
import logging
import queue
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tabletop.core import codec, rng, savefile, testhooks
from tabletop.core.bots import explain, time_budget
from tabletop.core.game import (
    GameConfig,
    GameEntry,
    IllegalAction,
    Move,
    Outcome,
    forced_answer,
    guard,
    is_undo_barrier,
    log_detail,
    log_line,
    play_checked,
    retry_barrier,
    reveals,
)
from tabletop.core.savefile import (
    SaveError,
    Seat,
    check_final,
)
from tabletop.core.stats import BOT, HINTS, HUMAN, TAKE_BACKS, GameResult, SeatResult
from tabletop.core.words import TEXT_LIMIT, clip, fill_seats, shorten


@dataclass(frozen=True)
class Hint:
    """What the hard bot would play for ``seat`` in the position after ``ply``
    moves, and why, in one line of words. ``action`` is None when the bot
    failed; ``reason`` then says so."""

    seat: int
    ply: int
    action: Any
    reason: str


@dataclass(frozen=True)
class UndoPlan:
    """What undo would do for one person (see the module docstring)."""

    #: the seat asking to take its move back
    seat: int
    #: the ply undo returns to (``states[target]`` becomes the newest), or None
    target: int | None
    #: why undo is not possible, when ``target`` is None
    reason: str = ""
    #: the other people whose decisions undo would take back: each must agree
    consent: tuple[int, ...] = ()


BOT_NAMES = ("Ada", "Basil", "Cleo", "Dmitri", "Esme", "Farid")


def default_name(index: int, kind: str) -> str:
    """A seat's name before the player types one: "Player 2", or a bot's name."""
    return f"Player {index + 1}" if kind == "human" else BOT_NAMES[index % len(BOT_NAMES)]


def default_seats(kinds: Sequence[str]) -> list[Seat]:
    """Seats from kinds ("human", or a bot level such as "hard")."""
    return [
        Seat(default_name(i, "human"), "human")
        if k == "human"
        else Seat(default_name(i, "bot"), "bot", k)
        for i, k in enumerate(kinds)
    ]


#: where a bot's failure is reported (with its traceback) besides the game log
log = logging.getLogger("tabletop.bots")


class Worker:
    """One daemon thread that runs bots' searches, one at a time, in order.

    A daemon, unlike a ThreadPoolExecutor's thread, never holds the program
    open: a worker stuck in a bot that does not answer is simply left behind.
    """

    def __init__(self) -> None:
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="bot", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        future: concurrent.futures.Future[Any] = concurrent.futures.Future()
        self._jobs.put((future, fn, args))
        return future

    def _run(self) -> None:
        while True:
            job = self._jobs.get()
            if job is None:
                return
            future, fn, args = job
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args)
            except BaseException as exc:  # noqa: BLE001 - handed to whoever waits
                future.set_exception(exc)
            else:
                future.set_result(result)

    def take_over(self, jobs: Sequence[Any]) -> None:
        """Run ``jobs`` (from :meth:`abandon` of a stuck worker) in their order."""
        for job in jobs:
            self._jobs.put(job)

    def abandon(self) -> list[Any]:
        """Stop taking jobs (the thread ends when, if ever, its bot returns);
        the jobs still waiting, for a fresh worker."""
        waiting = []
        while True:
            try:
                job = self._jobs.get_nowait()
            except queue.Empty:
                break
            if job is not None:
                waiting.append(job)
        self._jobs.put(None)
        return waiting


_WORKER: Worker | None = None
_WORKER_LOCK = threading.Lock()


def _worker() -> Worker:
    global _WORKER
    with _WORKER_LOCK:
        if _WORKER is None:
            _WORKER = Worker()
        return _WORKER


def _replace_stuck_worker(stuck: Worker) -> None:
    """``stuck`` is busy with a bot that does not answer: the next bot thinks
    on a fresh worker, which takes over the jobs that were waiting."""
    global _WORKER
    with _WORKER_LOCK:
        if _WORKER is not stuck:
            return  # someone replaced it already
        _WORKER = Worker()
        _WORKER.take_over(stuck.abandon())


def _marked_choose(choose: Callable[[Any], Any], ply: int, seat: int, level: str, view: Any) -> Any:
    """``choose(view)`` between a ``think`` and a ``chose`` mark (see
    :mod:`tabletop.core.testhooks`)."""
    held = testhooks.hold_at("search", level)
    testhooks.mark(f"think {ply} {seat} {level}" + (" held" if held else ""))
    action = choose(view)
    testhooks.mark(f"chose {ply} {seat}")
    if held is not None:
        testhooks.hold(held, "search", str(ply))
    return action


class Session:
    """A game being played: rules + seats + history.

    The session is given its game's :class:`GameEntry`; it never looks one up.
    ``threaded=False`` makes bots answer on the caller's thread (tools, tests
    that want no threads); the app uses the worker. ``timed=False`` builds the
    bots with their iteration caps alone (``make_bot(..., timed=False)``), so
    every decision depends only on the seed and the view.
    """

    #: seconds past a bot's own time budget before the frame loop gives up on it
    bot_grace = 5.0

    def __init__(
        self,
        entry: GameEntry,
        config: GameConfig,
        seed: int,
        seats: Sequence[Seat],
        *,
        threaded: bool = True,
        timed: bool = True,
        states: Sequence[Any] | None = None,
        actions: Sequence[Any] = (),
    ) -> None:
        info = entry.info
        if not info.min_players <= config.players <= info.max_players:
            raise ValueError(
                f"{info.title} is for {info.min_players}-{info.max_players} players, "
                f"not {config.players}"
            )
        if len(seats) != config.players:
            raise ValueError(
                f"{config.players} players need {config.players} seats, not {len(seats)}"
            )
        self.entry = entry
        self.rules = entry.rules
        self.config = config
        self.seed = int(seed)
        self.seats = tuple(seats)
        self.threaded = threaded
        self.timed = timed
        self.states: list[Any] = list(states) if states else [self.rules.setup(config, self.seed)]
        self._views: tuple[Any, dict[int, Any]] | None = None
        self.actions: list[Any] = list(actions)
        if len(self.states) != len(self.actions) + 1:
            raise SaveError("the save's history is inconsistent (states and actions disagree)")
        self.barriers: list[bool] = [
            is_undo_barrier(self.rules, self.states[i], a, self.states[i + 1])
            for i, a in enumerate(self.actions)
        ]
        #: per move, why it may not be taken back against bots ("" if it may)
        self.retries: list[str] = [
            retry_barrier(self.rules, self.states[i], a, self.states[i + 1])
            for i, a in enumerate(self.actions)
        ]
        self.log: list[str] = [
            log_line(self.rules, self.states[i], a, self.states[i + 1], self.names)
            for i, a in enumerate(self.actions)
        ]
        #: the traces of the newest moves played here, by move index (see trace)
        self._traces: dict[int, Any] = {}
        self.bots: dict[int, Any] = {
            i: self._make_bot(i, rng.derive(self.seed, "bot", i))
            for i, s in enumerate(self.seats)
            if s.is_bot
        }
        self._pending: concurrent.futures.Future[Any] | None = None
        self._pending_ply = -1
        self._pending_bot: Any = None
        self._pending_seat = -1
        self._pending_worker: Worker | None = None
        #: seconds of frames (their dt) spent waiting for the pending answer
        self._waited = 0.0
        #: (ply, action, words) of a fallback move not yet played
        self._fallback: tuple[int, Any, str] | None = None
        #: (ply, words) for every move a failed bot's seat played at random
        self.bot_failures: list[tuple[int, str]] = []
        #: called with the session after every change (the app autosaves here)
        self.on_change: Callable[[Session], None] | None = None
        #: the result has gone into the statistics (once per game, kept in saves)
        self.recorded = False
        #: what the players used on the way, recorded with the result
        #: (tabletop.core.stats: "take-backs", ...); kept in saves
        self.marks: set[str] = set()
        #: hints allowed although two or more people play (the setup's option); kept in saves
        self.hints_on = False
        #: the coach speaks after a person's clearly worse move (tabletop/core/review.py); kept in saves
        self.coach_on = False
        self._hint: concurrent.futures.Future[Hint] | None = None
        #: (seat, ply) the pending hint is for, and the bot thinking about it
        self._hint_key: tuple[int, int] | None = None
        self._hint_bot: Any = None
        #: (state, its auto_answer): asked every frame, worked out once per position
        self._auto: tuple[Any, Any] | None = None
        #: codec.encode of states[i], filled as saves need them (states never change)
        self._encoded: list[Any] = []

    # -- reading -----------------------------------------------------------
    @property
    def name(self) -> str:
        return str(self.entry.info.name)

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def state(self) -> Any:
        return self.states[-1]

    @property
    def ply(self) -> int:
        return len(self.actions)

    def to_move(self) -> int | None:
        return self.rules.to_move(self.state)

    def is_over(self) -> bool:
        return bool(self.rules.is_over(self.state))

    def outcome(self) -> Outcome:
        return self.rules.outcome(self.state)

    def view(self, seat: int) -> Any:
        """``seat``'s view of the position. Views are worked out once per
        position and seat (a scene asks many times a frame); rules are pure
        and positions immutable, so the memo is keyed by the position itself."""
        state = self.state
        memo = self._views
        if memo is None or memo[0] is not state:
            memo = self._views = (state, {})
        got = memo[1].get(seat)
        if got is None:
            got = memo[1][seat] = self.rules.view(state, seat)
        return got

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if not s.is_bot]

    def is_human_turn(self) -> bool:
        mover = self.to_move()
        return mover is not None and not self.seats[mover].is_bot

    def is_bot_turn(self) -> bool:
        mover = self.to_move()
        return mover is not None and self.seats[mover].is_bot

    def viewer(self) -> int:
        """The seat whose eyes the screen shows: the human to move, else the
        last human who moved, else the first human (seat 0 if none)."""
        mover = self.to_move()
        if mover is not None and not self.seats[mover].is_bot:
            return mover
        for i in range(len(self.states) - 2, -1, -1):
            m = self.rules.to_move(self.states[i])
            if m is not None and not self.seats[m].is_bot:
                return int(m)
        humans = self.human_seats()
        return humans[0] if humans else 0

    def auto_answer(self) -> Any | None:
        """The answer the person to move gives without being asked, or None:
        the game's ``forced_answer`` (an answer out of turn with no choice in
        it, a Pass on a discard they can claim nothing of), and only with one
        person at the table, where no other person could see that they were
        not asked. With two or more people at one device every seat is asked,
        behind the curtain (ruling R4). The frame plays it at once."""
        state = self.state
        if self._auto is None or self._auto[0] is not state:
            self._auto = (state, self._auto_answer(state))
        return self._auto[1]

    def _auto_answer(self, state: Any) -> Any | None:
        if len(self.human_seats()) != 1 or self.rules.is_over(state):
            return None
        mover = self.rules.to_move(state)
        if mover is None or self.seats[mover].is_bot:
            return None
        return forced_answer(self.rules, self.rules.view(state, mover))

    def summary(self) -> str:
        names = ", ".join(s.label for s in self.seats)
        state = "finished" if self.is_over() else f"move {self.ply + 1}"
        return f"{self.entry.info.title}: {names} ({state})"

    # -- playing -------------------------------------------------------------
    def check(self, action: Any, seat: int | None = None) -> str | None:
        """None when ``action`` is legal for ``seat`` now, else the reason."""
        return guard(self.rules, self.state, action, seat)

    def play(self, action: Any, seat: int | None = None) -> Move:
        """Apply ``action`` and return the :class:`Move` as it happened (the
        position before and after, the log line, the game's trace of it):
        what the frame's animation and log take, so the move is worked out
        once. Raises IllegalAction with the reason, changing nothing."""
        before = self.state
        after, trace = play_checked(self.rules, before, action, seat)
        self._cancel_bot()
        self._cancel_hint()
        self.log.append(log_line(self.rules, before, action, after, self.names, trace))
        self._note_fallback(action)
        self.states.append(after)
        self.actions.append(action)
        self.barriers.append(is_undo_barrier(self.rules, before, action, after))
        self.retries.append(retry_barrier(self.rules, before, action, after))
        self._keep_trace(len(self.actions) - 1, trace)
        self._changed()
        return Move(before, action, after, self.log[-1], trace)

    #: how many of the newest moves keep their trace (a shot's every frame)
    TRACES_KEPT = 16

    def _keep_trace(self, index: int, trace: Any) -> None:
        self._traces = {
            i: t for i, t in self._traces.items() if index - self.TRACES_KEPT < i < index
        }
        if trace is not None:
            self._traces[index] = trace

    def trace(self, index: int) -> Any:
        """The trace of move ``index`` (Planepita: the shot's trajectory) when
        it was played here and is among the newest :data:`TRACES_KEPT`; else
        None (a move loaded from a save, or an old one)."""
        return self._traces.get(index)

    def log_detail(self, index: int) -> str:
        """The numbers behind log entry ``index`` (the game's ``log_detail``
        hook, or the move's notation), for the log's tooltip."""
        return log_detail(
            self.rules,
            self.states[index],
            self.actions[index],
            self.states[index + 1],
            self.names,
            self.trace(index),
        )

    def matches(self, state: Any) -> bool:
        """True when the newest state is ``state``, compared as saved."""
        return codec.dumps(self.state) == codec.dumps(state)

    def adopt(self, state: Any) -> None:
        """Replace the newest state with a recorded one: a replay of a
        floating-point game follows the positions its save recorded."""
        self.states[-1] = state
        del self._encoded[len(self.states) - 1 :]

    # -- bots ----------------------------------------------------------------
    def _make_bot(self, seat: int, seed: int) -> Any:
        return self.entry.make_bot(self.seats[seat].level, seat, seed, timed=self.timed)

    def bot_thinking(self) -> bool:
        return self._pending is not None and self._pending_ply == self.ply

    def request_bot_action(self) -> None:
        """Start the bot to move thinking (on the worker), if it is not already."""
        mover = self.to_move()
        if mover is None or not self.seats[mover].is_bot or self.bot_thinking():
            return
        bot = self.bots[mover]
        view = self.rules.view(self.state, mover)
        self._pending_ply = self.ply
        self._pending_bot = bot
        self._pending_seat = mover
        self._waited = 0.0
        if self.threaded:
            worker = _worker()
            self._pending_worker = worker
            choose = bot.choose
            if testhooks.marking():  # a crash-safety test kills the program mid-search
                choose = functools.partial(
                    _marked_choose, bot.choose, self.ply, mover, self.seats[mover].level
                )
            self._pending = worker.submit(choose, view)
        else:
            fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
            try:
                fut.set_result(bot.choose(view))
            except Exception as exc:  # noqa: BLE001 - a failed bot: handled when polled
                fut.set_exception(exc)
            self._pending = fut

    def bot_patience(self) -> float:
        """Seconds of frames to wait for the pending answer: the bot's own
        budget (none for an untimed bot) plus :attr:`bot_grace`."""
        return (time_budget(self._pending_bot) or 0.0) + self.bot_grace

    def poll_bot_action(self, dt: float = 0.0) -> Any | None:
        """The bot's chosen action once it is ready, else None. Never blocks.

        ``dt`` is the time the frame loop has passed since its last poll; once
        the waits add up to :meth:`bot_patience`, the session gives up on that
        answer and the seat's move is a random legal one (see the module
        docstring). A bot that raised or chose an illegal action gets the same
        fallback. Either way, the action returned is legal now.
        """
        if self._pending is None or self._pending_ply != self.ply:
            self._cancel_bot()
            return None
        fut = self._pending
        if not fut.done():
            self._waited += dt
            if self._waited < self.bot_patience():
                return None
            return self._give_up()
        self._pending = None
        return self._settle(fut)

    def bot_action(self, timeout: float | None = None) -> Any:
        """Block until the bot to move has chosen (tools and tests). A bot that
        fails, or on the worker takes longer than ``timeout`` seconds, gets
        the random legal fallback of :meth:`poll_bot_action`."""
        self.request_bot_action()
        fut = self._pending
        if fut is None:
            raise RuntimeError("no bot is to move")
        done, _ = concurrent.futures.wait([fut], timeout)
        if not done:
            return self._give_up()
        self._pending = None
        return self._settle(fut)

    def play_bots(self, limit: int = 10_000) -> int:
        """Let bots move until a human is to move or the game ends; returns moves."""
        moves = 0
        while moves < limit and self.is_bot_turn():
            self.play(self.bot_action())
            moves += 1
        return moves

    def _settle(self, fut: concurrent.futures.Future[Any]) -> Any:
        """The finished answer if it is legal now, else the fallback move."""
        seat = self._pending_seat
        try:
            action = fut.result()
        except Exception as exc:  # noqa: BLE001 - whatever the bot raised
            return self._fall_back(seat, f"it raised {type(exc).__name__}: {exc}", exc)
        try:
            reason = guard(self.rules, self.state, action, seat)
        except Exception as exc:  # noqa: BLE001 - an answer the rules cannot even read
            return self._fall_back(
                seat, f"it answered {action!r}, which the rules cannot read", exc
            )
        if reason is not None:
            return self._fall_back(seat, f"it chose {action}, which is not allowed: {reason}")
        return action

    def _give_up(self) -> Any:
        """The pending answer is late: ask the bot to stop, leave a worker that
        is still stuck in it, give the seat a fresh bot, play the fallback."""
        fut, worker, seat = self._pending, self._pending_worker, self._pending_seat
        patience = self.bot_patience()
        self._cancel_bot()
        if fut is not None and not fut.done() and worker is not None:
            _replace_stuck_worker(worker)
            # the old bot may still be running on the old thread: never share it
            self.bots[seat] = self._make_bot(
                seat, rng.derive(self.seed, "bot", seat, "after", self.ply)
            )
        return self._fall_back(seat, f"it gave no answer in {patience:g} s")

    def _fall_back(self, seat: int, why: str, exc: BaseException | None = None) -> Any:
        """A random legal move for ``seat``, remembered so the log says why."""
        action = self.entry.sample_action(self.state, rng.make(self.seed, "bot-fallback", self.ply))
        words = f"{self.seats[seat].name}'s bot failed to choose a move ({why}); a random legal move was played"
        log.error("%s: %s", self.entry.info.title, words, exc_info=exc)
        self._fallback = (self.ply, action, words)
        self.bot_failures.append((self.ply, words))
        return action

    def _note_fallback(self, action: Any) -> None:
        """The action just logged was a fallback move: the log entry says so."""
        fallback, self._fallback = self._fallback, None
        ply = len(self.log) - 1
        if fallback is not None and fallback[0] == ply and fallback[1] == action:
            self.log[-1] = f"{fallback[2]}: {self.log[-1]}"

    def _cancel_bot(self) -> None:
        """Forget a pending answer; a search already running is asked to stop
        (bots may offer ``cancel()``), so the worker is free for the next one."""
        if self._pending is not None and not self._pending.cancel() and not self._pending.done():
            cancel = getattr(self._pending_bot, "cancel", None)
            if cancel is not None:
                try:
                    cancel()
                except Exception:  # noqa: BLE001 - a bot's cancel must not stop the game
                    log.exception("a bot's cancel() failed")
        self._pending = None
        self._pending_ply = -1
        self._pending_bot = None
        self._pending_worker = None

    def close(self) -> None:
        """The game is being left: stop any bot still thinking about it."""
        self._cancel_bot()
        self._cancel_hint()

    # -- hints -----------------------------------------------------------------
    def hints_allowed(self) -> bool:
        """Hints are on with one person at the table; with two or more only
        when the game was set up with them (:attr:`hints_on`)."""
        return len(self.human_seats()) <= 1 or self.hints_on

    def hint_refusal(self, seat: int) -> str | None:
        """None when the person at ``seat`` may ask for a hint now, else why not."""
        if self.is_over():
            return "The game is over: there is no move to hint."
        if not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
            return "Hints are for a person at the table."
        if not self.hints_allowed():
            return "Hints are off: two or more people play this game (they can be switched on at setup)."
        if self.to_move() != seat:
            return "A hint is for your own turn."
        return None

    def on_worker(self, fn: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        """Run ``fn(*args)`` on the bots' worker (at once, on this thread, for
        a session with ``threaded=False``): the coach's and the review's
        judgements, which must never hold up a frame."""
        if self.threaded:
            return _worker().submit(fn, *args)
        fut: concurrent.futures.Future[Any] = concurrent.futures.Future()
        try:
            fut.set_result(fn(*args))
        except Exception as exc:  # noqa: BLE001 - reported to whoever reads it
            fut.set_exception(exc)
        return fut

    def hint_seed(self, seat: int) -> int:
        """The hint bot's seed for ``seat`` now: one position, one hint."""
        return rng.derive(self.seed, "hint", seat, self.ply)

    def hint_thinking(self) -> bool:
        """True while a hint for the current position is being worked out."""
        return (
            self._hint is not None and self._hint_key is not None and self._hint_key[1] == self.ply
        )

    def request_hint(self, seat: int) -> str | None:
        """Start the hard bot thinking about ``seat``'s move from its view (on
        the worker, or at once for a session with ``threaded=False``); None,
        or why no hint may be asked (:meth:`hint_refusal`). The game is
        marked "hints"; :meth:`poll_hint` hands the answer over."""
        reason = self.hint_refusal(seat)
        if reason is not None:
            return reason
        if self.hint_thinking() and self._hint_key == (seat, self.ply):
            return None
        self._cancel_hint()
        self.marks.add(HINTS)
        bot = self.entry.make_bot("hard", seat, self.hint_seed(seat), timed=self.timed)
        args = (bot, self.rules.view(self.state, seat), self.state, seat, self.ply)
        self._hint_key = (seat, self.ply)
        self._hint_bot = bot
        if self.threaded:
            self._hint = _worker().submit(self._think_hint, *args)
        else:
            fut: concurrent.futures.Future[Hint] = concurrent.futures.Future()
            try:
                fut.set_result(self._think_hint(*args))
            except Exception as exc:  # noqa: BLE001 - reported when polled
                fut.set_exception(exc)
            self._hint = fut
        return None

    def _think_hint(self, bot: Any, view: Any, state: Any, seat: int, ply: int) -> Hint:
        """The bot's move from ``view`` and its reason (on the worker: it reads
        only its arguments, which are frozen)."""
        action = bot.choose(view)
        reason = guard(self.rules, state, action, seat)
        if reason is not None:
            raise ValueError(f"it chose {action}, which is not allowed: {reason}")
        words = fill_seats(explain(bot, view, action), self.names)
        if not words:  # the move's own log line, on a copy of the future
            words = log_line(self.rules, state, action, self.rules.apply(state, action), self.names)
        return Hint(seat, ply, action, words)

    def poll_hint(self) -> Hint | None:
        """The hint once it is ready (once), else None. Never blocks. A bot
        that failed gives a hint without an action whose reason says so."""
        fut = self._hint
        if fut is None or not fut.done():
            return None
        key = self._hint_key
        self._hint, self._hint_key, self._hint_bot = None, None, None
        if key is None or key[1] != self.ply:
            return None
        try:
            return fut.result()
        except Exception as exc:  # noqa: BLE001 - a failed hint is announced, not raised
            log.error("%s: the hint bot failed", self.entry.info.title, exc_info=exc)
            return Hint(
                key[0], key[1], None, f"No hint this time: the hard bot failed ({shorten(exc)})."
            )

    def wait_hint(self, timeout: float | None = None) -> bool:
        """Block until the pending hint is ready, at most ``timeout`` seconds
        (tools and tests; the frame polls instead). True when it is."""
        fut = self._hint
        if fut is None:
            return False
        done, _ = concurrent.futures.wait([fut], timeout)
        return bool(done)

    def _cancel_hint(self) -> None:
        """Forget a pending hint; a search already running is asked to stop."""
        fut, bot = self._hint, self._hint_bot
        if fut is not None and not fut.cancel() and not fut.done():
            cancel = getattr(bot, "cancel", None)
            if cancel is not None:
                try:
                    cancel()
                except Exception:  # noqa: BLE001 - a bot's cancel must not stop the game
                    log.exception("a hint bot's cancel() failed")
        self._hint, self._hint_key, self._hint_bot = None, None, None

    # -- undo ----------------------------------------------------------------
    def undo_plan(self, seat: int | None = None) -> UndoPlan:
        """What undo would do for the person at ``seat`` (None: :meth:`viewer`):
        the ply it returns to, or why it cannot, and who must agree first.
        See the module docstring for the policy."""
        if seat is None:
            seat = self.viewer()
        if not self.actions:
            return UndoPlan(seat, None, "Nothing has been played yet.")
        if not self.human_seats():
            return UndoPlan(seat, None, "Only bots are playing.")
        if not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
            return UndoPlan(seat, None, "Only a player at the table can take a move back.")
        against_bots = any(s.is_bot for s in self.seats)
        for i in range(len(self.actions) - 1, -1, -1):
            if self.barriers[i]:
                return UndoPlan(
                    seat, None, "Cannot undo past a move that revealed cards or drew at random."
                )
            if self.retries[i] and against_bots:
                return UndoPlan(seat, None, self.retries[i])
            if self.rules.to_move(self.states[i]) != seat:
                continue
            if self._auto_answer(self.states[i]) is not None:
                continue  # given without a prompt: no decision of theirs
            later = range(i + 1, len(self.actions))
            if any(
                reveals(self.rules, self.states[j], self.actions[j], self.states[j + 1], seat)
                for j in later
            ):
                return UndoPlan(
                    seat,
                    None,
                    "Cannot undo: another player has since shown cards you had not seen.",
                )
            others = {self.rules.to_move(self.states[j]) for j in later}
            consent = tuple(
                sorted(
                    s for s in others if s is not None and s != seat and not self.seats[s].is_bot
                )
            )
            return UndoPlan(seat, i, "", consent)
        return UndoPlan(seat, None, "There is no earlier decision of yours to return to.")

    def undo_target(self, seat: int | None = None) -> tuple[int | None, str]:
        """The ply undo would return to for ``seat``, or None and the reason it cannot."""
        plan = self.undo_plan(seat)
        return plan.target, plan.reason

    def can_undo(self, seat: int | None = None) -> str | None:
        """None when ``seat`` may undo (perhaps once others agree), else why not."""
        plan = self.undo_plan(seat)
        return None if plan.target is not None else plan.reason

    def undo(self, seat: int | None = None, agreed: Sequence[int] = ()) -> bool:
        """Take ``seat`` back to just before its last decision; False (nothing
        changed) when that is not allowed, or when a player whose decision it
        would take back is not among ``agreed``."""
        plan = self.undo_plan(seat)
        target = plan.target
        if target is None or not set(plan.consent) <= set(agreed):
            return False
        self._cancel_bot()
        self._cancel_hint()
        self._fallback = None
        del self.states[target + 1 :]
        del self._encoded[target + 1 :]
        del self.actions[target:]
        del self.barriers[target:]
        del self.retries[target:]
        del self.log[target:]
        self._traces = {i: t for i, t in self._traces.items() if i < target}
        self.marks.add(TAKE_BACKS)
        self._changed()
        return True

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self)

    # -- persistence -------------------------------------------------------------
    def to_doc(self) -> dict[str, Any]:
        """The save document of this session (:func:`savefile.document`)."""
        return savefile.document(self)

    def encoded_states(self) -> list[Any]:
        """Every state encoded, each encoded once: an autosave after each move
        costs the new state, not the whole history again."""
        for state in self.states[len(self._encoded) :]:
            self._encoded.append(codec.encode(state))
        return list(self._encoded)

    @classmethod
    def from_doc(
        cls,
        doc: Any,
        *,
        registry: Mapping[str, GameEntry],
        threaded: bool = True,
        timed: bool = True,
    ) -> Session:
        """A session exactly as saved: the stored states, not a recomputation.

        ``registry`` maps game names to entries (the caller's: the app's
        games, or a test's); the save's ``"game"`` is looked up there.

        Whatever goes wrong comes out as a :class:`SaveError` (a
        :class:`SaveRefused` for a sound save this version cannot read), never
        as another exception: the document came from a file, so any error its
        content causes, in any game's code, is damage (:func:`_as_damage`).

        A game that keeps its states (``GameInfo.save_states``) loads them,
        and since they come from a file each is checked before it is used: it
        must be of the game's state type, pass the game's ``invariants``
        (every number finite, in range and of its type, and the conservation
        laws), and name a seat of this table to move; and each stored move
        must be legal where it was made. Any other game is replayed from its
        moves, and must reach the final position the save holds
        (:func:`check_final`). Whatever the game's code raises on an
        impossible state becomes a SaveError: a damaged file.
        """
        with _as_damage():
            entry, config, seed, seats, actions, doc = savefile.parse(doc, registry)
            if "states" in doc:
                session = cls._from_states(
                    entry,
                    config,
                    seed,
                    seats,
                    actions,
                    doc["states"],
                    threaded=threaded,
                    timed=timed,
                )
            else:
                session = cls.from_actions(
                    entry, config, seed, seats, actions, threaded=threaded, timed=timed
                )
                check_final(session.entry, session.state, doc)
            session.recorded = doc.get("recorded") is True
            marks = doc.get("marks", [])
            session.marks = (
                {clip(m, TEXT_LIMIT) for m in marks if isinstance(m, str) and m}
                if isinstance(marks, list)
                else set()
            )
            session.hints_on = (
                doc.get("hints") is True
            )  # saves from before the option have them off
            session.coach_on = doc.get("coach") is True  # likewise the coach
        return session

    @classmethod
    def _from_states(
        cls,
        entry: GameEntry,
        config: GameConfig,
        seed: int,
        seats: Sequence[Seat],
        actions: Sequence[Any],
        stored: Any,
        *,
        threaded: bool,
        timed: bool,
    ) -> Session:
        """The session of a save that keeps its states, each checked (see :meth:`from_doc`)."""
        title = entry.info.title
        if type(stored) is not list or not stored:
            raise SaveError("The save has no game states.")
        try:
            states = [codec.decode(s) for s in stored]
        except codec.Mismatch as exc:
            raise savefile.mismatch(entry, exc) from exc
        except Exception as exc:  # noqa: BLE001 - malformed data, or a game class refusing it
            raise SaveError(f"The save is damaged ({shorten(exc)}).") from exc
        if len(states) != len(actions) + 1:
            raise SaveError("the save's history is inconsistent (states and actions disagree)")
        rules = entry.rules
        try:
            kind = type(rules.setup(config, seed))
        except Exception as exc:  # noqa: BLE001 - a config the game cannot set up
            raise SaveError(f"The save is damaged ({shorten(exc)}).") from exc
        check = getattr(rules, "invariants", None)
        for n, state in enumerate(states):
            where = "at the start" if n == 0 else f"after move {n}"
            if type(state) is not kind:
                raise SaveError(
                    f"The save is damaged (the position {where} is not a {title} position)."
                )
            try:
                if check is not None:
                    check(state)
                mover = rules.to_move(state)
                if mover is not None and not (type(mover) is int and 0 <= mover < config.players):
                    raise AssertionError("the seat to move is not at this table")
                rules.is_over(state)
            except AssertionError as exc:
                raise SaveError(f"The save is damaged ({shorten(exc)}, {where}).") from exc
            except Exception as exc:  # noqa: BLE001 - the game's code met an impossible state
                raise SaveError(
                    f"The save is damaged (the position {where}: {type(exc).__name__}: {shorten(exc)})."
                ) from exc
        for n, action in enumerate(actions):
            try:
                reason = guard(rules, states[n], action)
            except Exception as exc:  # noqa: BLE001 - an action the game's code cannot read
                reason = f"{type(exc).__name__}: {exc}"
            if reason is not None:
                raise SaveError(
                    f"The save is damaged (move {n + 1} is not legal where it was made: {shorten(reason)})"
                )
        try:
            return cls(
                entry,
                config,
                seed,
                seats,
                threaded=threaded,
                timed=timed,
                states=states,
                actions=actions,
            )
        except SaveError:
            raise
        except Exception as exc:  # noqa: BLE001 - seats, bots or log lines the game cannot make
            raise SaveError(f"The save is damaged ({type(exc).__name__}: {shorten(exc)}).") from exc

    @classmethod
    def from_actions(
        cls,
        entry: GameEntry,
        config: GameConfig,
        seed: int,
        seats: Sequence[Seat],
        actions: Sequence[Any],
        *,
        threaded: bool = True,
        timed: bool = True,
    ) -> Session:
        """Replay: rebuild the whole history from config, seed and actions.
        Anything that goes wrong (the moves come from a file) is a SaveError."""
        try:
            session = cls(entry, config, seed, seats, threaded=threaded, timed=timed)
        except Exception as exc:  # noqa: BLE001 - a config or seats the game refuses
            raise SaveError(f"The save is damaged ({shorten(exc)}).") from exc
        for n, action in enumerate(actions):
            try:
                session.play(action)
            except IllegalAction as exc:
                raise SaveError(
                    f"Move {n + 1} ({shorten(action)}) cannot be replayed: {shorten(exc.reason)}"
                ) from exc
            except Exception as exc:  # noqa: BLE001 - the game's code met a move it cannot take
                raise SaveError(
                    f"Move {n + 1} cannot be replayed ({type(exc).__name__}: {shorten(exc)})."
                ) from exc
        return session

    @classmethod
    def replay_doc(cls, doc: Any, *, registry: Mapping[str, GameEntry]) -> Session:
        """A session recomputed from the save's config, seed and actions (a
        shot's physics run again), checked against the final position the save
        holds as loading checks it (:func:`check_final`); ``registry`` as for
        :meth:`from_doc`. The harness and the tools use it to see that moves
        replay; Watch replay shows the save as :meth:`from_doc` loads it."""
        with _as_damage():
            entry, config, seed, seats, actions, doc = savefile.parse(doc, registry)
            session = cls.from_actions(
                entry, config, seed, seats, actions, threaded=False, timed=False
            )
            check_final(session.entry, session.state, doc)
        return session


def has_ended(doc: Any, *, registry: Mapping[str, GameEntry]) -> bool:
    """True when the game in a save document has ended, as the position it
    loads to says (:meth:`Session.from_doc`), never as the document's own
    ``"over"`` flag says. A save that cannot be loaded counts as unfinished:
    Resume stays offered, and loading it tells the player why not."""
    try:
        return Session.from_doc(doc, registry=registry, threaded=False, timed=False).is_over()
    except Exception:  # noqa: BLE001 - from_doc raises only SaveError; a peek never stops the program
        return False


@contextlib.contextmanager
def _as_damage() -> Iterator[None]:
    """Any exception but a SaveError, raised while a save document becomes a
    session, as the SaveError of a damaged file: one mechanism for every path
    that opens a save (the title's peek, Resume, Saved games, a replay), so
    no value in a file can crash one of them."""
    try:
        yield
    except SaveError:
        raise
    except Exception as exc:  # noqa: BLE001 - the document came from a file
        raise SaveError(f"The save is damaged ({type(exc).__name__}: {shorten(exc)}).") from exc


def result_of(session: Session, when: datetime | None = None) -> GameResult:
    """The record of a finished session, with the marks it gathered."""
    outcome = session.outcome()
    moment = (when or datetime.now(UTC)).astimezone(UTC)
    seats = tuple(
        SeatResult(
            seat.name,
            BOT if seat.is_bot else HUMAN,
            seat.level if seat.is_bot else "",
            int(outcome.places[i]),
            float(outcome.scores[i]),
        )
        for i, seat in enumerate(session.seats)
    )
    return GameResult(
        session.name,
        moment.isoformat(timespec="seconds"),
        seats,
        outcome.words_for(session.names),
        tuple(session.marks),
    )
