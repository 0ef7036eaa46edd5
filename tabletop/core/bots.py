"""Bots: the Bot protocol, RandomBot, and a reusable ISMCTS search.

A bot is a function of its *view* (``rules.view(state, seat)``), never of the
full state, and it owns its randomness (``rng.make(seed, ...)``); nothing here
touches the module-level ``random``. Nothing here imports pygame.

:class:`ISMCTS` is single-observer information-set Monte Carlo tree search
(Cowling, Powley and Whitehouse, "Information Set Monte Carlo Tree Search",
IEEE TCIAIG 2012): every iteration samples one *determinization* (a full state
consistent with the view: hidden cards dealt from the unseen ones), walks the
one shared tree restricted to the actions legal in that determinization, and
selects children by UCB with *availability* counts (how often a child was
selectable) in place of the parent's visit count. States are immutable, so the
search just re-applies actions with ``rules.apply``: no copies, no undo.
"""

from __future__ import annotations

import math
import random
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import rng as rngmod
from tabletop.core.game import Bot, Outcome, Rules, apply_checked

#: the bot levels every game offers
LEVELS = ("easy", "medium", "hard")

#: determinize(view, seat, rng) -> a full state consistent with what ``seat``
#: knows (``view`` is that seat's view); the same hook as GameEntry.determinize
Determinize = Callable[[Any, int, random.Random], Any]
#: evaluate(state, seat) -> value in [0, 1] for that seat (1 is best)
Evaluate = Callable[[Any, int], float]
#: rollout_policy(state, legal_actions, rng) -> one of legal_actions
RolloutPolicy = Callable[[Any, Sequence[Any], random.Random], Any]
#: sample(view, rng) -> one legal action (games with continuous actions)
Sample = Callable[[Any, random.Random], Any]


def deal_unseen(
    pool: list[Any], hand_sizes: Sequence[int], seat: int, own: Sequence[Any], rng: random.Random
) -> tuple[tuple[tuple[Any, ...], ...], list[Any]]:
    """The card games' determinize deal: shuffle ``pool`` (the cards ``seat``
    has not seen) with ``rng``, give each other seat its hand size of them,
    sorted, and ``seat`` its ``own`` hand. Returns the hands and the cards
    left over, in shuffled order (a deck, a pile, a set-aside)."""
    rng.shuffle(pool)
    hands: list[tuple[Any, ...]] = []
    at = 0
    for s, size in enumerate(hand_sizes):
        if s == seat:
            hands.append(tuple(own))
            continue
        hands.append(tuple(sorted(pool[at : at + size])))
        at += size
    return tuple(hands), pool[at:]


def time_budget(bot: Any) -> float | None:
    """The seconds ``bot`` allows itself per decision, or None when it has no
    wall-clock limit (an untimed bot, or one that keeps no budget)."""
    value = getattr(bot, "time_budget", None)
    if isinstance(value, (int, float)) and not isinstance(value, bool) and value > 0:
        return float(value)
    return None


#: make_bot(level, seat, seed, *, timed=True) -> a bot (GameEntry.make_bot)
MakeBot = Callable[..., "Bot"]


def level_factory(
    easy: Callable[[int, int], Bot],
    medium: Callable[[int, int], Bot],
    hard: Callable[..., Bot],
    hard_time: float,
) -> MakeBot:
    """A game's ``make_bot`` when its easy and medium bots take (seat, seed)
    and its hard bot also takes ``time_budget``: ``make_bot(level, seat,
    seed, *, timed=True)``, where ``timed=False`` drops the hard bot's seconds
    and keeps its iteration cap (tests, golden files, tools)."""

    def make_bot(level: str, seat: int, seed: int, *, timed: bool = True) -> Bot:
        if level == "easy":
            return easy(seat, seed)
        if level == "medium":
            return medium(seat, seed)
        if level == "hard":
            return hard(seat, seed, time_budget=hard_time if timed else None)
        raise ValueError(f"unknown bot level {level!r}")

    return make_bot


def explain(bot: Any, view: Any, action: Any) -> str:
    """The bot's reason for ``action`` in ``view`` (its optional ``explain``
    hook), or "" when it offers none or its explanation fails: a reason is a
    courtesy, never a reason for a hint to fail."""
    fn = getattr(bot, "explain", None)
    if fn is None:
        return ""
    try:
        return str(fn(view, action) or "")
    except Exception:  # noqa: BLE001 - the hint still shows its move
        return ""


def outcome_value(outcome: Outcome, seat: int) -> float:
    """The seat's result in [0, 1]: 1 for sole first place, 0 for sole last.

    Place p among n seats is worth (n - p) / (n - 1); seats sharing a place
    share the ranks they span, so a two-way tie for first in a two-player game
    is worth 0.5 and the two losers of a three-player game get 0.25 each.
    """
    places = outcome.places
    n = len(places)
    if n <= 1:
        return 1.0 if places and places[0] == 1 else 0.0
    place = places[seat]
    tied = sum(1 for p in places if p == place)
    ranks = range(place, place + tied)
    return sum((n - r) / (n - 1) for r in ranks) / tied


def _uniform(state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
    return legal[rng.randrange(len(legal))]


class RandomBot:
    """Picks uniformly among ``rules.legal_actions(view)``.

    For games whose actions are continuous, pass ``sample(view, rng)``, which
    returns one concrete legal action (the entry's ``sample_action`` works).
    """

    def __init__(
        self,
        rules: Rules[Any, Any],
        seat: int,
        seed: int,
        sample: Sample | None = None,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.sample = sample
        self.rng = rngmod.make(seed, "random-bot", seat)

    def choose(self, view: Any) -> Any:
        if self.sample is not None:
            return self.sample(view, self.rng)
        legal = self.rules.legal_actions(view)
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in this view")
        return legal[self.rng.randrange(len(legal))]


class _Node:
    """One node of the shared tree; ``mover`` chose the action leading here."""

    __slots__ = ("mover", "children", "visits", "reward", "avail")

    def __init__(self, mover: int | None) -> None:
        self.mover = mover
        self.children: dict[Any, _Node] = {}
        self.visits = 0
        self.reward = 0.0
        self.avail = 1


@dataclass(frozen=True)
class SearchStats:
    """What the last search did (for tests, tools and a "thinking" display):
    the iterations run, the seconds taken, each root action's visits,
    whether the search stopped early because the leader's lead could no
    longer be overturned (:func:`decided`), and whether its seconds ended
    it (``clock_cut``: the deadline came, or the iterations its seconds
    still bought were too few to overturn the leader where its iteration
    cap left enough), so the answer may differ from the untimed one."""

    iterations: int
    elapsed: float
    visits: tuple[tuple[str, int], ...]
    stopped_early: bool = False
    clock_cut: bool = False


def decided(visits: Sequence[int], remaining: float) -> bool:
    """True when the most visited root action stays the most visited whatever
    the ``remaining`` iterations do: even if every one of them went to the
    runner-up, it could not catch the leader (the final choice is the most
    visited action, so the answer could not change). An action missing from
    ``visits`` counts as never visited."""
    first = second = 0
    for v in visits:
        if v > first:
            first, second = v, first
        elif v > second:
            second = v
    return first - second > remaining


class ISMCTS:
    """Single-observer ISMCTS for ``seat``; see the module docstring.

    ``iterations`` and ``time_budget`` (seconds, read from ``clock``, by
    default ``time.perf_counter``) bound one search; give at least one. The
    search starts an iteration only if one as long as the longest so far
    still ends inside the time budget. With ``iterations`` alone a search is
    fully deterministic for a given seed and sequence of views: that is the
    budget tests, golden files and tools use (a game's ``make_bot(...,
    timed=False)``), while the app adds the seconds.

    A search answers at once, without iterating, when there is one candidate
    action, and (``early_stop``, on by default) stops as soon as the most
    visited root action could not be overtaken in the iterations left: the
    cap minus those done, or, with a time budget, no more than the iteration
    rate so far buys in the seconds left, whichever is fewer (:func:`decided`).
    The answer is then the one the whole budget would have given; with
    ``iterations`` alone the stop depends on the iteration counts only, so it
    stays deterministic.

    Hooks (all optional):

    - ``determinize(view, seat, rng) -> state``: a full state consistent with
      what ``seat`` knows (the game entry's ``determinize``). Required for
      games with hidden information; the default returns the view itself,
      which is right for perfect-information games.
    - ``evaluate(state, seat) -> [0, 1]`` for a finished state; the default
      reads ``rules.outcome`` through :func:`outcome_value`.
    - ``heuristic(state, seat) -> [0, 1]`` for a state where a rollout was cut
      off at ``max_rollout_depth``; the default is 0.5 (no opinion).
    - ``rollout_policy(state, legal, rng) -> action``; the default is uniform.
    - ``actions(state) -> list``: the candidate actions in a state; the default
      is ``rules.legal_actions``. Games with continuous actions pass a
      discretisation whose every member is legal.
    - ``terminal(state) -> bool``: where a search stops and ``evaluate`` scores
      the state; the default is ``rules.is_over``. A game played as a match of
      deals can stop at the end of the current deal (a search horizon).
    - ``step(state, action) -> state``: applies an action the search took from
      ``actions(state)``; the default is ``rules.apply``. A game whose
      ``apply`` checks legality by listing the legal actions again may pass
      its apply without that check (Planet etuC's ``apply_legal``).
    """

    def __init__(
        self,
        rules: Rules[Any, Any],
        seat: int,
        seed: int,
        iterations: int | None = None,
        time_budget: float | None = None,
        exploration: float = 0.7,
        determinize: Determinize | None = None,
        evaluate: Evaluate | None = None,
        heuristic: Evaluate | None = None,
        rollout_policy: RolloutPolicy | None = None,
        max_rollout_depth: int | None = None,
        actions: Callable[[Any], list[Any]] | None = None,
        terminal: Callable[[Any], bool] | None = None,
        clock: Callable[[], float] = time.perf_counter,
        early_stop: bool = True,
        step: Callable[[Any, Any], Any] | None = None,
    ) -> None:
        if iterations is None and time_budget is None:
            raise ValueError("ISMCTS needs iterations, a time_budget, or both")
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if time_budget is not None and time_budget <= 0:
            raise ValueError("time_budget must be positive")
        if determinize is None and getattr(rules.info, "hidden_information", False):
            raise ValueError(
                f"{rules.info.name} has hidden information: ISMCTS needs a determinize hook"
            )
        self.rules = rules
        self.seat = seat
        self.iterations = iterations
        self.time_budget = time_budget
        self.exploration = exploration
        self.determinize: Determinize = determinize or (lambda view, seat, rng: view)
        self.evaluate: Evaluate = evaluate or self._evaluate_outcome
        self.heuristic: Evaluate = heuristic or (lambda state, seat: 0.5)
        self.rollout_policy: RolloutPolicy = rollout_policy or _uniform
        self.max_rollout_depth = max_rollout_depth
        self.actions: Callable[[Any], list[Any]] = actions or rules.legal_actions
        self.terminal: Callable[[Any], bool] = terminal or rules.is_over
        self.step: Callable[[Any, Any], Any] = step or rules.apply
        self.clock = clock
        self.early_stop = early_stop
        self.rng = rngmod.make(seed, "ismcts", seat)
        self.last_stats = SearchStats(0, 0.0, ())
        self._cancel = threading.Event()
        #: the last search's tree root (:meth:`values`), and the actions a
        #: search is kept to at the root (``search(view, among=...)``)
        self._root = _Node(None)
        self._among: list[Any] | None = None

    def cancel(self) -> None:
        """Ask a running search (on another thread) to stop at its next iteration."""
        self._cancel.set()

    def values(self) -> dict[Any, tuple[int, float]]:
        """The last search's root actions: (visits, mean value for this seat)."""
        return {
            a: (c.visits, c.reward / c.visits) for a, c in self._root.children.items() if c.visits
        }

    def _evaluate_outcome(self, state: Any, seat: int) -> float:
        return outcome_value(self.rules.outcome(state), seat)

    def search(self, view: Any, among: Sequence[Any] | None = None) -> Any:
        """The action to play in ``view`` (which must be this seat's turn).
        ``among``: the root's candidates are these actions alone (legal in
        ``view``; a move the player made need not be one of :attr:`actions`'
        candidates), each searched to the whole budget: how a move is
        weighed against the search's own choice (:meth:`ISMCTSBot.assess`)."""
        mover = self.rules.to_move(view)
        if mover != self.seat:
            raise ValueError(f"ISMCTS for seat {self.seat} asked to move for seat {mover}")
        legal = list(dict.fromkeys(among)) if among is not None else self.actions(view)
        if not legal:
            raise ValueError(f"seat {self.seat} has no legal action in this view")
        self._root = root = _Node(None)
        if len(legal) == 1:
            self.last_stats = SearchStats(0, 0.0, ((str(legal[0]), 0),))
            return legal[0]
        self._cancel.clear()
        self._among = legal if among is not None else None
        clock = self.clock
        cap = self.iterations
        start = clock()
        deadline = None if self.time_budget is None else start + self.time_budget
        done = 0
        last = start
        longest = 0.0
        early = cut = False
        while cap is None or done < cap:
            now = None
            if deadline is not None and done:
                # stop unless one more iteration, as long as the longest so
                # far, still ends inside the budget
                now = clock()
                longest = max(longest, now - last)
                last = now
                if now + longest > deadline:
                    cut = True
                    break
            if done and self._cancel.is_set():
                break
            if self.early_stop and done:
                left = math.inf if cap is None else cap - done
                remaining = left
                if now is not None and deadline is not None:
                    # what the rate so far buys in the seconds left
                    remaining = min(left, done * (deadline - now) / max(now - start, 1e-9))
                counts = [c.visits for c in root.children.values()]
                if decided(counts, remaining):
                    early = True
                    # the seconds settled it where the cap alone would not have
                    cut = remaining < left and not decided(counts, left)
                    break
            self._iterate(root, view)
            done += 1
        self._among = None
        best = legal[0]
        best_visits = -1
        for action in legal:
            child = root.children.get(action)
            visits = child.visits if child is not None else 0
            if visits > best_visits:
                best, best_visits = action, visits
        self.last_stats = SearchStats(
            done,
            clock() - start,
            tuple((str(a), c.visits) for a, c in root.children.items()),
            early,
            cut,
        )
        return best

    def _iterate(self, root: _Node, view: Any) -> None:
        rules = self.rules
        terminal = self.terminal
        step = self.step
        rng = self.rng
        state = self.determinize(view, self.seat, rng)
        node = root
        path = [root]
        # selection and expansion over the actions legal in this determinization
        while not terminal(state):
            legal = self._among if node is root and self._among is not None else self.actions(state)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                action = untried[rng.randrange(len(untried))]
                child = _Node(rules.to_move(state))
                children[action] = child
                state = step(state, action)
                path.append(child)
                break
            c = self.exploration
            best_score = -math.inf
            action = None
            for a in legal:
                ch = children[a]
                ch.avail += 1
                score = ch.reward / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
                if score > best_score:
                    best_score, action = score, a
            node = children[action]
            state = step(state, action)
            path.append(node)
        # simulation
        depth = 0
        limit = self.max_rollout_depth
        while not terminal(state):
            if limit is not None and depth >= limit:
                break
            legal = self.actions(state)
            state = step(state, self.rollout_policy(state, legal, rng))
            depth += 1
        # backpropagation: each node is scored for the seat that chose its action
        score_of = self.evaluate if terminal(state) else self.heuristic
        values: dict[int, float] = {}
        root.visits += 1
        for n in path[1:]:
            n.visits += 1
            seat = n.mover
            if seat is None:
                continue
            if seat not in values:
                values[seat] = score_of(state, seat)
            n.reward += values[seat]


@dataclass(frozen=True)
class Assessment:
    """The hard bot's judgement of a move a player made (``played``)
    against its own choice in the same position (``best``), each valued by
    the same search in the bot's own measure (``unit``), and why it would
    have chosen ``best``. The coach speaks, and the review lists the move,
    when :attr:`loss` reaches ``threshold``."""

    played: Any
    best: Any
    played_value: float
    best_value: float
    #: how a value reads: "{:.0%} chance of the best result", "{:+.1f} points"
    unit: str
    threshold: float
    reason: str = ""

    @property
    def loss(self) -> float:
        """How much worse the move was than the bot's choice (0 when it is
        the bot's choice, or valued no lower)."""
        if self.played == self.best:
            return 0.0
        return max(0.0, self.best_value - self.played_value)

    @property
    def clearly_worse(self) -> bool:
        return self.loss >= self.threshold

    def value_words(self, value: float) -> str:
        return self.unit.format(value)


#: the coach speaks when a move's chance of the best result is this much
#: below the hard bot's choice (an ISMCTS game's own measure)
COACH_THRESHOLD = 0.12
#: how an ISMCTS value reads
SEARCH_UNIT = "{:.0%} chance of the best result"
#: how a value reads where a game's bot counts in points: its points less
#: the others' as it weighs them (Planet, Planepita)
MARGIN_UNIT = "a margin of {:+.1f} points"


class ISMCTSBot:
    """A :class:`Bot` that plays by :class:`ISMCTS`; keyword arguments go to
    it. Every game's hard bot is one (its own class adds what its game
    needs: candidate moves, a reason in words), so the search's budget, its
    cancelling and its horizon are written here once.

    ``horizon(state)``, when given, names the part of the game a state is in
    (the deal of a match, the round, the short game): a search stops where
    the game ends or the part it began in does, and scores the state there
    (``evaluate``); the part is read from the view each :meth:`choose` is
    given."""

    def __init__(
        self,
        rules: Rules[Any, Any],
        seat: int,
        seed: int,
        *,
        horizon: Callable[[Any], object] | None = None,
        **search: Any,
    ) -> None:
        self.rules = rules
        self.seat = seat
        self.seed = seed
        self.horizon = horizon
        #: the part of the game the view being searched is in (see horizon)
        self.searching: object = None
        if horizon is not None:
            search["terminal"] = self.beyond_horizon
        self.search = ISMCTS(rules, seat, seed, **search)

    @property
    def time_budget(self) -> float | None:
        return self.search.time_budget

    @property
    def clock_cut(self) -> bool:
        """True when the last :meth:`choose` ended because of its seconds,
        not its iteration budget or a settled choice (``SearchStats.clock_cut``)."""
        return self.search.last_stats.clock_cut

    def beyond_horizon(self, state: Any) -> bool:
        """Where the search stops: the game is over, or the part of it the
        search began in (see the class docstring)."""
        assert self.horizon is not None
        return bool(self.rules.is_over(state)) or self.horizon(state) != self.searching

    def choose(self, view: Any) -> Any:
        """The search's answer from ``view``: at once when one action is
        legal, sooner than the budget once the choice is settled."""
        if self.horizon is not None:
            self.searching = self.horizon(view)
        return self.search.search(view)

    def cancel(self) -> None:
        """Stop a search running on the worker (the game was left)."""
        self.search.cancel()

    #: how a value of the search reads, and the loss the coach speaks at
    value_unit = SEARCH_UNIT
    coach_threshold = COACH_THRESHOLD

    def assess(self, view: Any, played: Any) -> Assessment:
        """``played`` (legal in ``view``) against the bot's own choice: the
        bot decides as it would for a hint, then the two moves alone are
        searched to the whole budget (no early stop) so both are valued by
        as many playouts; the same seed and view give the same judgement."""
        best = self.choose(view)
        reason = explain(self, view, best)
        if self.horizon is not None:
            self.searching = self.horizon(view)
        early, self.search.early_stop = self.search.early_stop, False
        try:
            self.search.search(view, among=[best, played])
        finally:
            self.search.early_stop = early
        values = self.search.values()
        fallback = sum(v for _, v in values.values()) / max(1, len(values))
        best_value = values.get(best, (0, fallback))[1]
        played_value = values.get(played, (0, fallback))[1] if played != best else best_value
        return Assessment(
            played, best, played_value, best_value, self.value_unit, self.coach_threshold, reason
        )


def play(
    rules: Rules[Any, Any],
    state: Any,
    bots: Sequence[Bot],
    max_actions: int | None = None,
) -> tuple[Any, list[Any]]:
    """Let ``bots[seat]`` play from ``state`` to the end; each sees only its view.

    Returns the final state and the actions played. Every action goes through
    :func:`tabletop.core.game.apply_checked`, so a bot that returns an illegal
    action raises IllegalAction here.
    """
    limit = rules.info.max_actions_for(len(bots)) if max_actions is None else max_actions
    actions: list[Any] = []
    while not rules.is_over(state):
        if len(actions) >= limit:
            raise RuntimeError(f"{rules.info.name}: no end after {limit} actions")
        seat = rules.to_move(state)
        if seat is None:
            raise RuntimeError(f"{rules.info.name}: nobody to move in an unfinished game")
        action = bots[seat].choose(rules.view(state, seat))
        state = apply_checked(rules, state, action, seat)
        actions.append(action)
    return state, actions
