"""One harness, every game (docs/architecture.md, "Testing").

Random legal playouts, driven through each entry's ``sample_action``, to the
end of the game, for every player count and variant, checking after every
step that:

- ``check`` accepts the sampled action, and the action round-trips through the
  codec (a save is config, seed and actions);
- ``apply`` leaves its input untouched (codec text before and after);
- the new state round-trips exactly through the codec;
- the game's ``invariants`` hold, if it offers them;
- ``to_move`` is None exactly when ``is_over``; the game ends within
  ``info.max_actions``;
- every seat's ``view`` works, round-trips, agrees on whose turn it is, and
  offers the mover the same ``legal_actions`` as the full state;
- views leak nothing: for several generators, ``entry.determinize(view, seat,
  rng)`` is a full state (it round-trips, passes the invariants, agrees on
  whose turn it is) whose view for that seat is the view again. Determinize
  deals afresh everything the seat cannot know, so any hidden part a view
  shows (a card, a sealed answer, a seed) comes back different and the
  views disagree; two determinizations of one view give one view. A game with
  hidden information must offer ``determinize``;
- a finished game has no legal actions and an outcome whose scores are within
  ``info.score_bounds`` and whose places form a proper ranking; its score
  sheet (the ``score_sheet`` hook) has one value per seat in every row, each
  column summing to the seat's total, and the totals are the outcome's scores.

Two runs with one seed must give one action log (the second run starts with the
module-level ``random`` in another state, so a game that uses it shows up), and
an obviously foreign action is refused by ``check`` and ``apply``.

:func:`check_malformed` feeds a game malformed actions: things that are no
action, other games' actions, the game's own actions with a field of the wrong
type, NaN, an infinity, a huge or out-of-range number, garbage built by
hypothesis from the action dataclasses' fields, and any action after the end.
Each must be refused by ``check`` with a short reason, by ``apply`` with an
IllegalAction carrying the same reason, and leave the state as it was.

Failures raise :class:`ConformanceError` (an AssertionError) naming the game,
player count, variants, seed and step. Nothing here imports pygame.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import math
import random
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from tabletop.core import codec, shapes
from tabletop.core import rng as rngmod
from tabletop.core.game import (
    GameConfig,
    IllegalAction,
    Outcome,
    ScoreSheet,
    guard,
    reveals,
    score_sheet,
)

DEFAULT_SEEDS = (0, 1)
#: determinizations of each seat's view checked at every step
DETERMINIZATIONS = 3


class ConformanceError(AssertionError):
    """A game broke a rule of the protocol; the message says where."""


@dataclass(frozen=True)
class NotAnAction:
    """An action no game accepts: the harness's illegal-action probe."""

    note: str = "not an action of any game"

    def __str__(self) -> str:
        return "<not an action>"


@dataclass(frozen=True)
class Case:
    """One playout to run: a config and a seed, with a readable id."""

    game: str
    config: GameConfig
    seed: int

    @property
    def id(self) -> str:
        # an empty value (Planepita's physics: the shipped values) says nothing
        changed = "-".join(f"{k}={v}" for k, v in sorted(self.config.variants.items()) if v != ())
        return f"{self.game}-{self.config.players}p-{changed or 'defaults'}-seed{self.seed}"


@dataclass(frozen=True)
class Run:
    """What one checked playout did."""

    case: Case
    actions: int
    outcome: Outcome


@dataclass
class Report:
    game: str
    runs: list[Run] = field(default_factory=list)

    @property
    def total_actions(self) -> int:
        return sum(r.actions for r in self.runs)

    def summary(self) -> str:
        lines = [f"{self.game}: {len(self.runs)} playouts, {self.total_actions} actions"]
        for r in self.runs:
            lines.append(f"  {r.case.id}: {r.actions} actions, {r.outcome.words}")
        return "\n".join(lines)


def variant_overrides(entry: Any, players: int) -> list[dict[str, Any]]:
    """The defaults, then each offered variant's other choices one at a time."""
    overrides: list[dict[str, Any]] = [{}]
    for variant in entry.info.variants:
        if not variant.offered_for(players):
            continue
        for choice in variant.choices:
            if choice != variant.default or type(choice) is not type(variant.default):
                overrides.append({variant.key: choice})
    return overrides


def cases(
    entry: Any,
    seeds: Iterable[int] = DEFAULT_SEEDS,
    players: Iterable[int] | None = None,
    variants: Iterable[Mapping[str, Any]] | None = None,
) -> list[Case]:
    """Every (player count, variant override, seed) to check for ``entry``.

    ``players`` defaults to the entry's whole range and ``variants`` (a list of
    overrides of the defaults) to :func:`variant_overrides`. The defaults
    (the first override) are played with every seed; each other override
    with one seed, taken from ``seeds`` in turn, so a game's variants are all
    played without multiplying the playouts by the seeds.
    """
    seeds = list(seeds)
    counts = list(entry.info.player_range if players is None else players)
    out = []
    turn = 0
    for n in counts:
        overrides = variant_overrides(entry, n) if variants is None else list(variants)
        for k, override in enumerate(overrides):
            config = entry.default_config(n, **dict(override))
            if k == 0:
                chosen = seeds
            else:
                chosen = seeds[turn % len(seeds) :][:1]
                turn += 1
            for seed in chosen:
                out.append(Case(entry.name, config, seed))
    return out


def check_entry(
    entry: Any,
    seeds: Iterable[int] = DEFAULT_SEEDS,
    players: Iterable[int] | None = None,
    variants: Iterable[Mapping[str, Any]] | None = None,
    illegal: Callable[[Any], Any] | None = None,
) -> Report:
    """Run :func:`check_case` for every case of :func:`cases`; a report or an error."""
    report = Report(entry.name)
    for case in cases(entry, seeds, players, variants):
        report.runs.append(check_case(entry, case, illegal=illegal))
    return report


def check_case(entry: Any, case: Case, illegal: Callable[[Any], Any] | None = None) -> Run:
    """One case: a checked playout, its determinism re-run, the illegal probes.

    ``illegal(state)``, if given, returns a game-specific illegal action for a
    state in progress, probed alongside the harness's own foreign action.
    """
    saved = random.getstate()
    try:
        random.seed(rngmod.derive(case.seed, "conformance-global", 1))
        first = _playout(entry, case, checks=True, illegal=illegal)
        random.seed(rngmod.derive(case.seed, "conformance-global", 2))
        second = _playout(entry, case, checks=False, illegal=None)
    finally:
        random.setstate(saved)
    where = _Where(entry, case)
    if first.log != second.log:
        step = next(
            (i for i, (a, b) in enumerate(zip(first.log, second.log)) if a != b),
            min(len(first.log), len(second.log)),
        )
        where.fail(step, "two runs with one seed played different actions", first.actions)
    if first.final != second.final:
        where.fail(len(first.log), "two runs with one seed ended in different states", [])
    _check_save(entry, case, first, where)
    return Run(case, len(first.actions), first.outcome)


def _check_save(entry: Any, case: Case, run: _Playout, where: _Where) -> None:
    """The finished game goes through a save and back exactly: its JSON
    document loads to the same position (Session.from_doc), its moves replay
    to the same position (Session.replay_doc), and every move has a log line
    ("" only for a sealed move that shows nobody anything)."""
    import json

    from tabletop.core.session import SaveError, Seat, Session

    seats = [Seat(f"Seat {i + 1}") for i in range(case.config.players)]
    try:
        session = Session.from_actions(
            entry, case.config, case.seed, seats, run.actions, threaded=False
        )
        doc = json.loads(json.dumps(session.to_doc()))
        registry = {entry.info.name: entry}
        loaded = Session.from_doc(doc, registry=registry, threaded=False)
        replayed = Session.replay_doc(doc, registry=registry)
    except (SaveError, TypeError, ValueError) as exc:
        where.fail(
            len(run.actions), f"the finished game does not survive a save: {exc}", run.actions
        )
    if codec.dumps(session.state) != run.final:
        where.fail(
            len(run.actions), "the session's replay of the moves ended elsewhere", run.actions
        )
    for other, what in ((loaded, "loading the save"), (replayed, "replaying the save")):
        if codec.dumps(other.state) != run.final:
            where.fail(len(run.actions), f"{what} gave a different position", run.actions)
        if other.log != session.log:
            where.fail(len(run.actions), f"{what} gave a different game log", run.actions)
    if len(session.log) != len(run.actions) or not all(isinstance(x, str) for x in session.log):
        where.fail(len(run.actions), "some move has no log line", run.actions)
    rules, states = session.rules, session.states
    silent = 0  # empty lines in a row
    for i, line in enumerate(session.log):
        if line:
            silent = 0
            continue
        # an empty line leaves the move out of the log: only for sealed
        # answers out of turn, which show nobody anything, come at most
        # players - 2 in a row, and are followed by a move with a line
        silent += 1
        mover = rules.to_move(states[i])
        if (
            silent > case.config.players - 2
            or i == len(session.log) - 1
            or any(
                reveals(rules, states[i], run.actions[i], states[i + 1], seat)
                for seat in range(case.config.players)
                if seat != mover
            )
        ):
            where.fail(
                i,
                "some move has no log line (only sealed answers out of turn may have none)",
                run.actions[: i + 1],
            )


# -- the playout -----------------------------------------------------------


@dataclass
class _Playout:
    actions: list[Any]
    log: list[str]
    final: str
    outcome: Outcome


class _Where:
    def __init__(self, entry: Any, case: Case) -> None:
        self.entry = entry
        self.case = case

    def fail(self, step: int, message: str, actions: Sequence[Any]) -> NoReturn:
        c = self.case
        recent = ", ".join(str(a) for a in actions[max(0, len(actions) - 5) :])
        raise ConformanceError(
            f"{c.game}, {c.config.players} players, variants {dict(c.config.variants)}, "
            f"seed {c.seed}, step {step}: {message}"
            + (f" (last actions: {recent})" if recent else "")
        )


def _has_nan(obj: Any) -> bool:
    return '{"$f":"nan"}' in codec.dumps(obj)


def _round_trip(obj: Any) -> str | None:
    """None when ``obj`` survives the codec exactly, else what went wrong."""
    try:
        text = codec.dumps(obj)
    except TypeError as exc:
        return f"cannot be encoded: {exc}"
    try:
        back = codec.loads(text)
    except codec.CodecError as exc:
        return f"cannot be decoded: {exc}"
    if codec.dumps(back) != text:
        return "encodes differently after a round trip"
    if back != obj and not _has_nan(obj):
        return f"decodes to a different value: {back!r}"
    if type(back) is not type(obj):
        return f"decodes to a {type(back).__name__}, not a {type(obj).__name__}"
    return None


def _playout(
    entry: Any, case: Case, checks: bool, illegal: Callable[[Any], Any] | None
) -> _Playout:
    rules = entry.rules
    info = entry.info
    where = _Where(entry, case)
    players = case.config.players
    invariants = getattr(rules, "invariants", None)
    sampler = rngmod.make(case.seed, "conformance-sample")
    limit = info.max_actions_for(players)
    actions: list[Any] = []
    log: list[str] = []

    def fail(message: str) -> NoReturn:
        where.fail(len(actions), message, actions)

    determinize = getattr(entry, "determinize", None)
    if checks and determinize is None and info.hidden_information:
        fail("the game has hidden information but its entry offers no determinize")

    def check_state(state: Any) -> None:
        _check_state(rules, state, players, invariants, fail)
        if determinize is not None:
            _check_determinize(
                rules, determinize, state, players, invariants, case, len(actions), fail
            )

    try:
        state = rules.setup(case.config, case.seed)
    except Exception as exc:
        fail(f"setup raised {exc!r}")
    if checks:
        check_state(state)
    while not rules.is_over(state):
        if len(actions) >= limit:
            fail(f"the game is not over after info.max_actions_for({players})={limit} actions")
        if checks:
            _probe_illegal(rules, state, NotAnAction(), fail)
            if illegal is not None:
                _probe_illegal(rules, state, illegal(state), fail)
        action = entry.sample_action(state, sampler)
        if checks:
            reason = guard(rules, state, action)
            if reason is not None:
                fail(f"check refuses the sampled action {action}: {reason}")
            problem = _round_trip(action)
            if problem is not None:
                fail(f"the action {action} {problem}")
        before = codec.dumps(state)
        try:
            after = rules.apply(state, action)
        except Exception as exc:
            fail(f"apply({action}) raised {exc!r}")
        if codec.dumps(state) != before:
            fail(f"apply({action}) mutated its input state")
        actions.append(action)
        log.append(codec.dumps(action))
        state = after
        if checks:
            check_state(state)
    if checks:
        _check_finished(rules, info, state, players, fail)
    return _Playout(actions, log, codec.dumps(state), rules.outcome(state))


def _probe_illegal(rules: Any, state: Any, action: Any, fail: Callable[[str], NoReturn]) -> None:
    reason = rules.check(state, action)
    if not isinstance(reason, str) or not reason:
        fail(f"check accepts the illegal action {action!r} (returned {reason!r})")
    before = codec.dumps(state)
    try:
        rules.apply(state, action)
    except IllegalAction:
        pass
    except Exception as exc:
        fail(f"apply({action!r}) raised {exc!r}, not IllegalAction")
    else:
        fail(f"apply accepted the illegal action {action!r}")
    if codec.dumps(state) != before:
        fail(f"apply of the illegal action {action!r} changed the state")


def _check_state(
    rules: Any,
    state: Any,
    players: int,
    invariants: Callable[[Any], None] | None,
    fail: Callable[[str], NoReturn],
) -> None:
    problem = _round_trip(state)
    if problem is not None:
        fail(f"the state {problem}")
    if invariants is not None:
        try:
            invariants(state)
        except AssertionError as exc:
            fail(f"invariant broken: {exc}")
    over = rules.is_over(state)
    mover = rules.to_move(state)
    if over != (mover is None):
        fail(f"is_over is {over} but to_move is {mover!r}")
    if mover is not None and not 0 <= mover < players:
        fail(f"to_move is {mover!r}, not a seat")
    for seat in range(players):
        try:
            view = rules.view(state, seat)
        except Exception as exc:
            fail(f"view(state, {seat}) raised {exc!r}")
        # a perfect-information game's view is the state, round-tripped above
        problem = None if view is state else _round_trip(view)
        if problem is not None:
            fail(f"the view of seat {seat} {problem}")
        if rules.to_move(view) != mover or rules.is_over(view) != over:
            fail(f"the view of seat {seat} disagrees about whose turn it is")
        if seat == mover:
            mine, theirs = rules.legal_actions(view), rules.legal_actions(state)
            if mine != theirs:
                fail(
                    f"seat {seat}'s view offers {[str(a) for a in mine]} "
                    f"but the state offers {[str(a) for a in theirs]}"
                )


def _check_determinize(
    rules: Any,
    determinize: Callable[[Any, int, random.Random], Any],
    state: Any,
    players: int,
    invariants: Callable[[Any], None] | None,
    case: Case,
    step: int,
    fail: Callable[[str], NoReturn],
) -> None:
    """Each seat's view, determinized several times, views back to itself.
    The first determinization is also checked as a state: its invariants, and
    for the seat to move (whose determinizations a bot searches) the codec."""
    mover, over = rules.to_move(state), rules.is_over(state)
    for seat in range(players):
        view = rules.view(state, seat)
        for k in range(DETERMINIZATIONS):
            gen = rngmod.make(case.seed, "conformance-determinize", step, seat, k)
            try:
                full = determinize(view, seat, gen)
            except Exception as exc:
                fail(f"determinize(view of seat {seat}) raised {exc!r}")
            if k == 0 and seat == mover:
                problem = _round_trip(full)
                if problem is not None:
                    fail(f"determinize(view of seat {seat}) gave a state that {problem}")
            if k == 0 and invariants is not None:
                try:
                    invariants(full)
                except AssertionError as exc:
                    fail(f"determinize(view of seat {seat}) broke an invariant: {exc}")
            if rules.to_move(full) != mover or rules.is_over(full) != over:
                fail(f"determinize(view of seat {seat}) disagrees about whose turn it is")
            again = rules.view(full, seat)
            if again != view:
                shown, seen = codec.dumps(view), codec.dumps(again)
                if shown != seen:  # (NaN is never equal to itself; the codec text is)
                    fail(
                        f"seat {seat}'s view is not the view of its determinization "
                        f"(determinization {k + 1}): the view shows something the seat "
                        f"cannot know, or determinize drops something it does know "
                        f"({_first_difference(shown, seen)})"
                    )


def _first_difference(a: str, b: str, context: int = 40) -> str:
    """Where two codec texts first differ, as a short excerpt of each."""
    i = next((n for n, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
    lo = max(0, i - context)
    return f"view ...{a[lo : i + context]}... vs ...{b[lo : i + context]}..."


def _check_finished(
    rules: Any, info: Any, state: Any, players: int, fail: Callable[[str], NoReturn]
) -> None:
    legal = rules.legal_actions(state)
    if legal:
        fail(f"the finished game still offers {[str(a) for a in legal]}")
    outcome = rules.outcome(state)
    if not isinstance(outcome, Outcome):
        fail(f"outcome returned a {type(outcome).__name__}, not an Outcome")
    if not info.knows_ending(outcome.reason):
        fail(
            f"the outcome's reason {outcome.reason!r} is neither a core EndReason "
            "nor one of the game's declared end_reasons"
        )
    if len(outcome.scores) != players or len(outcome.places) != players:
        fail(f"the outcome has {len(outcome.scores)} scores and {len(outcome.places)} places")
    low, high = info.score_bounds_for(players)
    for seat, score in enumerate(outcome.scores):
        if not (isinstance(score, (int, float)) and math.isfinite(score) and low <= score <= high):
            fail(f"seat {seat}'s score {score!r} is outside score_bounds {(low, high)}")
    places = outcome.places
    if not all(isinstance(p, int) and 1 <= p <= players for p in places):
        fail(f"places {places} are not all between 1 and {players}")
    # standard competition ranking: a place is one more than the seats ahead
    for p in places:
        ahead = sum(1 for q in places if q < p)
        if ahead != p - 1:
            fail(f"places {places} are not a ranking ({ahead} seats ahead of place {p})")
    problem = _round_trip(outcome)
    if problem is not None:
        fail(f"the outcome {problem}")
    _check_sheet(rules, state, outcome, players, fail)


def _check_sheet(
    rules: Any, state: Any, outcome: Outcome, players: int, fail: Callable[[str], NoReturn]
) -> None:
    """A finished game's score sheet (when the game has the hook): one value
    per seat in every row, each seat's column summing to its total, and the
    totals the outcome's scores."""
    sheet = score_sheet(rules, state)
    if sheet is None:
        return
    if not isinstance(sheet, ScoreSheet):
        fail(f"score_sheet returned a {type(sheet).__name__}, not a ScoreSheet")
    if len(sheet.totals) != players:
        fail(f"the score sheet has {len(sheet.totals)} totals for {players} players")
    for row in sheet.rows:
        if len(row.values) != players or (row.notes and len(row.notes) != players):
            fail(f"the score sheet's row {row.label!r} has {len(row.values)} values")
        if not row.label:
            fail("a score sheet row has no label")
    for seat in range(players):
        if not math.isclose(sheet.column(seat), sheet.totals[seat], abs_tol=1e-9):
            fail(
                f"seat {seat}'s column on the score sheet sums to {sheet.column(seat)}, "
                f"its total says {sheet.totals[seat]}"
            )
    if tuple(float(t) for t in sheet.totals) != tuple(float(s) for s in outcome.scores):
        fail(f"the score sheet's totals {sheet.totals} are not the scores {outcome.scores}")


# -- malformed actions -----------------------------------------------------------

#: the longest reason a refusal may give: one line for players, not a dump
REASON_LIMIT = 200
#: hypothesis examples per game in :func:`check_malformed`
MALFORMED_EXAMPLES = 80
#: positions per action class where every bad value goes into every field
SWEPT_PER_CLASS = 2
#: the longest a failure message shows of an action
_SHOWN = 160
#: what hypothesis's texts are made of (a fixed alphabet: hypothesis's own
#: default builds a table of all of Unicode first, seconds on a fresh machine)
_LETTERS = "aAbBzZ019 .+-_é…Ω\x00"

#: values put into an action's fields one at a time: wrong types, NaN, the
#: infinities, huge and out-of-range numbers, texts, containers, None
BAD_VALUES: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    7,
    1.0,
    -0.0,
    0.5,
    math.nan,
    math.inf,
    -math.inf,
    1e308,
    -1e308,
    10**100,
    -(10**100),
    10**400,
    2**63,
    "",
    "1",
    "x" * 300,
    b"1",
    (),
    (None,),
    [],
    {},
    1j,
    NotAnAction(),
)
#: things that are no action of any game: each is given whole to ``check``
NOT_ACTIONS: tuple[Any, ...] = (None, NotAnAction(), "pass", 0, 1.5, (), ("play",), [], {}, b"")


class _Unbuilt:
    """What :func:`_construct` gives when an action's constructor refuses the
    values: such an action cannot exist, so there is nothing to probe."""


_UNBUILT = _Unbuilt()


def sample_actions(entry: Any, seed: int = 0, steps: int = 8) -> list[Any]:
    """The actions ``sample_action`` plays in the first ``steps`` moves of a
    game of ``entry`` (its default config at the fewest players): another
    game's actions, for :func:`check_malformed`."""
    config = entry.default_config(entry.info.min_players)
    moves, _ = _sampled_game(entry, Case(entry.name, config, seed), steps)
    return [action for _, action in moves]


@dataclass(frozen=True)
class MalformedReport:
    """What :func:`check_malformed` did."""

    #: probes ``check`` and ``apply`` refused
    refused: int
    #: probes both accepted (in-range values that happened to be legal)
    accepted: int
    #: the action classes played, whose fields were probed
    kinds: tuple[str, ...]


def check_malformed(
    entry: Any,
    case: Case,
    foreign: Sequence[Any] = (),
    examples: int = MALFORMED_EXAMPLES,
) -> MalformedReport:
    """Feed the game of ``case`` malformed actions; a report, or a
    :class:`ConformanceError`.

    A game is played to its end with ``sample_action``. Along the way, and
    after the end, its ``check`` and ``apply`` are given actions no game could
    mean: things that are no action at all (None, a text, a tuple, the
    action's class), ``foreign`` actions (other games' sampled actions),
    sampled actions with a field of the wrong type (True or 1.0 where a whole
    number is declared, 1 where yes or no is), and, in a few positions per
    action class, every one of :data:`BAD_VALUES` in every field and every
    element of a tuple field, one at a time. Then hypothesis draws
    ``examples`` actions built from the action dataclasses with garbage and
    values of the declared types in their fields (``derandomize``: the same
    examples every run).

    An action that is plainly malformed (a value that is not of its field's
    declared type; NaN, an infinity, a number of :data:`shapes.HUGE` or more;
    anything after the end) must be refused: ``check`` gives a non-empty
    reason of at most :data:`REASON_LIMIT` characters, ``apply`` raises
    IllegalAction with that reason, and the state is unchanged. Any other
    probe (an in-range value that may happen to be legal) must be refused the
    same way or accepted by both ``check`` and ``apply``. Printing any probe
    must not raise. Failures raise :class:`ConformanceError` naming the game,
    the action and the problem.
    """
    rules = entry.rules
    where = _Where(entry, case)
    moves, final = _sampled_game(entry, case, entry.info.max_actions_for(case.config.players))
    counts = [0, 0]  # refused, accepted

    def probe(state: Any, step: int, action: Any, must_refuse: bool, how: str) -> None:
        counts[_probe_malformed(rules, state, action, must_refuse, how, where, step)] += 1

    def probe_state(state: Any, step: int, probes: Iterable[tuple[Any, bool, str]]) -> None:
        before = codec.dumps(state)
        for action, must_refuse, how in probes:
            probe(state, step, action, must_refuse, how)
        if codec.dumps(state) != before:
            where.fail(step, "a malformed action changed the state it was given", [])

    swept = _swept_steps(moves)
    # one action of each class: offered where another class was sampled, they
    # may be legal there or not, and must be accepted or refused cleanly
    kinds = {type(a): a for _, a in reversed(moves)}
    for step, (state, action) in enumerate(moves):
        probes = list(_not_actions(action, foreign)) + list(_retyped(action))
        if step in swept:
            probes += list(_field_sweep(action))
            probes += [(a, False, "an action of another kind") for a in kinds.values()]
        probe_state(state, step, probes)
    # after the end: every action, even one that was legal in its time
    seen = [a for _, a in moves[:: max(1, len(moves) // 20)]]
    ended = [(a, True, "after the end of the game") for a in seen]
    probe_state(final, len(moves), [*ended, *_not_actions(None, foreign)])
    if moves and examples > 0:
        drawn = _hypothesis_probes(rules, moves, foreign, examples, where)
        counts = [counts[0] + drawn[0], counts[1] + drawn[1]]
    played = tuple(sorted({type(a).__name__ for _, a in moves}))
    return MalformedReport(counts[0], counts[1], played)


def _sampled_game(entry: Any, case: Case, limit: int) -> tuple[list[tuple[Any, Any]], Any]:
    """(state, sampled action) for each move of a game, up to ``limit``
    moves, and the position after the last one."""
    rules = entry.rules
    sampler = rngmod.make(case.seed, "conformance-malformed")
    state = rules.setup(case.config, case.seed)
    moves: list[tuple[Any, Any]] = []
    while not rules.is_over(state) and len(moves) < limit:
        action = entry.sample_action(state, sampler)
        moves.append((state, action))
        state = rules.apply(state, action)
    return moves, state


def _swept_steps(moves: Sequence[tuple[Any, Any]]) -> set[int]:
    """The first and the last move of each action class (SWEPT_PER_CLASS)."""
    by_class: dict[type, list[int]] = {}
    for step, (_, action) in enumerate(moves):
        by_class.setdefault(type(action), []).append(step)
    chosen: set[int] = set()
    for steps in by_class.values():
        picks = [steps[0], steps[-1], steps[len(steps) // 2]]
        chosen.update(list(dict.fromkeys(picks))[:SWEPT_PER_CLASS])
    return chosen


def _not_actions(action: Any, foreign: Sequence[Any]) -> Iterator[tuple[Any, bool, str]]:
    """Things that are no action of this game: each must be refused."""
    for thing in NOT_ACTIONS:
        yield thing, True, "not an action"
    if action is not None:
        yield type(action), True, "the action's class, not an action"
        yield (action,), True, "the action in a tuple"
    for other in foreign:
        yield other, True, "another game's action"


def _retyped(action: Any) -> Iterator[tuple[Any, bool, str]]:
    """The action with one field's value given as another type that Python
    counts as equal (True for 1, 1.0 for 1, 0 for False): the mistake that
    slips past a lookup among the legal actions."""
    for path, _hint, value, rebuild in _slots(action, type(action)):
        if isinstance(value, bool):
            others: list[Any] = [int(value)]
        elif isinstance(value, int):
            others = [float(value)] + ([bool(value)] if value in (0, 1) else [])
        else:
            continue
        for other in others:
            candidate = rebuild(other)
            if candidate is not _UNBUILT:
                yield candidate, _wrong(candidate, type(action)) is not None, f"{path} = {other!r}"


def _field_sweep(action: Any) -> Iterator[tuple[Any, bool, str]]:
    """The action with one field (or one element of a tuple field) replaced
    by each of BAD_VALUES, and each tuple field emptied, doubled and with its
    first element twice."""
    for path, _hint, value, rebuild in _slots(action, type(action)):
        replacements: list[tuple[Any, str]] = [(bad, _short(repr(bad))) for bad in BAD_VALUES]
        if isinstance(value, tuple) and value:
            replacements += [
                ((), "()"),
                (value + value, "the elements twice"),
                ((value[0], *value), "the first element twice"),
            ]
        for bad, shown in replacements:
            candidate = rebuild(bad)
            if candidate is not _UNBUILT:
                yield candidate, _wrong(candidate, type(action)) is not None, f"{path} = {shown}"


def _probe_malformed(
    rules: Any, state: Any, action: Any, must_refuse: bool, how: str, where: _Where, step: int
) -> int:
    """One probe (see check_malformed): 0 if it was refused, 1 if accepted."""
    shown = _show(action)

    def fail(problem: str) -> NoReturn:
        where.fail(step, f"{problem} (the malformed action {shown}: {how})", [])

    try:
        str(action)
    except Exception as exc:
        fail(f"printing the action raised {type(exc).__name__}: {_short(str(exc))}")
    try:
        reason = rules.check(state, action)
    except Exception as exc:
        fail(f"check raised {type(exc).__name__}: {_short(str(exc))}")
    if reason is None:
        if must_refuse:
            fail("check accepts it")
        try:
            rules.apply(state, action)
        except Exception as exc:
            fail(f"check accepts it but apply raised {type(exc).__name__}: {_short(str(exc))}")
        return 1
    if not isinstance(reason, str) or not reason.strip() or len(reason) > REASON_LIMIT:
        fail(
            f"check's reason is not a short text (at most {REASON_LIMIT} characters): "
            f"{_short(repr(reason))}"
        )
    try:
        rules.apply(state, action)
    except IllegalAction as exc:
        if exc.reason != reason:
            fail(f"apply refuses it with {exc.reason!r} but check with {reason!r}")
    except Exception as exc:
        fail(f"apply raised {type(exc).__name__}: {_short(str(exc))}, not IllegalAction")
    else:
        fail(f"apply accepts it although check refuses it ({reason})")
    return 0


def _hypothesis_probes(
    rules: Any,
    moves: Sequence[tuple[Any, Any]],
    foreign: Sequence[Any],
    examples: int,
    where: _Where,
) -> tuple[int, int]:
    """``examples`` actions drawn by hypothesis from the sampled actions'
    dataclasses: each field garbage, a value of its declared type or the
    sampled value."""
    # imported here: the harness runs in the tests, and the program itself
    # never needs hypothesis
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    leaves = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats()
        | st.text(_LETTERS, max_size=6)
        | st.binary(max_size=3)
        | st.sampled_from(BAD_VALUES)
    )
    if foreign:
        leaves = leaves | st.sampled_from(list(foreign))
    garbage = st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3).map(tuple) | st.lists(inner, max_size=3),
        max_leaves=4,
    )
    # one strategy per action class, built from its first sampled action and
    # paired with any position where that class was played
    by_class: dict[type, list[int]] = {}
    for step, (_, action) in enumerate(moves):
        by_class.setdefault(type(action), []).append(step)
    per_class = {
        cls: st.tuples(st.sampled_from(steps), _built(moves[steps[0]][1], cls, garbage))
        for cls, steps in by_class.items()
    }
    drawn = st.sampled_from(list(per_class)).flatmap(per_class.__getitem__)
    counts = [0, 0]  # refused, accepted

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(drawn)
    def probe(pair: tuple[int, Any]) -> None:
        step, candidate = pair
        if candidate is _UNBUILT:
            return
        state, action = moves[step]
        must = _wrong(candidate, type(action)) is not None
        before = codec.dumps(state)
        counts[
            _probe_malformed(rules, state, candidate, must, "drawn by hypothesis", where, step)
        ] += 1
        if codec.dumps(state) != before:
            where.fail(step, f"the malformed action {_show(candidate)} changed the state", [])

    probe()
    return counts[0], counts[1]


def _built(value: Any, hint: Any, garbage: Any, depth: int = 0) -> Any:
    """A hypothesis strategy for values standing in for ``value`` (declared
    as ``hint``): ``value`` itself, garbage, or one of the declared type
    (dataclasses through st.builds, their fields the same way)."""
    from hypothesis import strategies as st

    options = [st.just(value), garbage, _typed(hint, garbage, depth)]
    if dataclasses.is_dataclass(value) and not isinstance(value, type) and depth < 3:
        hints = _hints(type(value))
        fields = {
            f.name: _built(getattr(value, f.name), hints.get(f.name, Any), garbage, depth + 1)
            for f in dataclasses.fields(value)
            if f.init
        }
        options.append(st.builds(_constructor(type(value)), **fields))
    elif isinstance(value, tuple) and value and depth < 3:
        element = _element_hint(hint, 0)
        options.append(
            st.lists(_built(value[0], element, garbage, depth + 1), max_size=4).map(tuple)
        )
    return st.one_of(options)


def _typed(hint: Any, garbage: Any, depth: int) -> Any:
    """A strategy for values of the declared type ``hint`` (any value of it,
    in range or not): st.builds for dataclasses, garbage where the hint says
    too little."""
    from hypothesis import strategies as st

    origin, args = typing.get_origin(hint), typing.get_args(hint)
    plain = {
        int: st.integers(),
        float: st.floats(),
        bool: st.booleans(),
        str: st.text(_LETTERS, max_size=6),
        bytes: st.binary(max_size=3),
    }
    if hint in plain:
        return plain[hint]
    if hint is type(None):
        return st.none()
    if origin in (typing.Union, types.UnionType):
        return st.one_of([_typed(a, garbage, depth) for a in args])
    if origin is tuple and args:
        if depth >= 3:
            return st.just(())
        if len(args) == 2 and args[1] is Ellipsis:
            return st.lists(_typed(args[0], garbage, depth + 1), max_size=4).map(tuple)
        return st.tuples(*(_typed(a, garbage, depth + 1) for a in args))
    if isinstance(hint, type) and issubclass(hint, enum.Enum):
        return st.sampled_from(list(hint))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint) and depth < 3:
        hints = _hints(hint)
        fields = {
            f.name: st.one_of(_typed(hints.get(f.name, Any), garbage, depth + 1), garbage)
            for f in dataclasses.fields(hint)
            if f.init
        }
        return st.builds(_constructor(hint), **fields)
    return garbage


def _constructor(cls: type) -> Callable[..., Any]:
    def build(**fields: Any) -> Any:
        return _construct(cls, fields)

    return build


def _construct(cls: type, fields: Mapping[str, Any]) -> Any:
    """``cls(**fields)``, or _UNBUILT when its constructor refuses them."""
    try:
        return cls(**fields)
    except Exception:  # noqa: BLE001 - whatever the constructor raises, the action cannot exist
        return _UNBUILT


def _slots(
    value: Any, hint: Any, path: str = ""
) -> Iterator[tuple[str, Any, Any, Callable[[Any], Any]]]:
    """Every place in an action a value sits: each field of a dataclass, each
    element of a tuple, all the way down. Yields (path, declared type, value,
    rebuild), ``rebuild(x)`` being the whole action with ``x`` in that place
    (built through the constructors, or _UNBUILT)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        cls = type(value)
        hints = _hints(cls)
        init = {f.name: getattr(value, f.name) for f in dataclasses.fields(value) if f.init}
        for name in init:
            here = f"{path}.{name}" if path else name

            def rebuild_field(x: Any, name: str = name) -> Any:
                return _construct(cls, {**init, name: x})

            yield from _slot_and_below(here, hints.get(name, Any), init[name], rebuild_field)
    elif isinstance(value, tuple):
        for i, element in enumerate(value):

            def rebuild_element(x: Any, i: int = i) -> Any:
                return (*value[:i], x, *value[i + 1 :])

            yield from _slot_and_below(
                f"{path}[{i}]", _element_hint(hint, i), element, rebuild_element
            )


def _slot_and_below(
    path: str, hint: Any, value: Any, rebuild: Callable[[Any], Any]
) -> Iterator[tuple[str, Any, Any, Callable[[Any], Any]]]:
    yield path, hint, value, rebuild
    for below, below_hint, below_value, inner in _slots(value, hint, path):

        def nested(x: Any, inner: Callable[[Any], Any] = inner) -> Any:
            part = inner(x)
            return _UNBUILT if part is _UNBUILT else rebuild(part)

        yield below, below_hint, below_value, nested


def _element_hint(hint: Any, index: int) -> Any:
    """The declared type of element ``index`` of a tuple declared ``hint``."""
    if typing.get_origin(hint) is not tuple:
        return Any
    args = typing.get_args(hint)
    if len(args) == 2 and args[1] is Ellipsis:
        return args[0]
    return args[index] if index < len(args) else Any


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's resolved field types ({} when they cannot be resolved)."""
    try:
        return typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - an annotation naming something undefined
        return {}


def _wrong(value: Any, hint: Any) -> str | None:
    """Why ``value`` plainly cannot be a ``hint`` in any game's action (a
    value of another type; NaN, an infinity or a number of shapes.HUGE or
    more where a number is declared), or None when it might be."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any or hint is object:
        return None
    if origin in (typing.Union, types.UnionType):
        reasons = [_wrong(value, a) for a in args]
        return None if None in reasons else reasons[0]
    if hint is type(None):
        return None if value is None else "not None"
    if hint is bool:
        return None if isinstance(value, bool) else "not a bool"
    if hint is int:
        return None if shapes.is_whole(value) else "not a whole number of sensible size"
    if hint is float:
        return None if shapes.is_real(value) else "not a finite number of sensible size"
    if origin is tuple:
        if not isinstance(value, tuple):
            return "not a tuple"
        fixed = not (len(args) == 2 and args[1] is Ellipsis)
        if fixed and args and len(value) != len(args):
            return f"not a tuple of {len(args)}"
        for i, element in enumerate(value):
            why = _wrong(element, _element_hint(hint, i))
            if why is not None:
                return f"element {i}: {why}"
        return None
    if origin is not None or not isinstance(hint, type):
        return None  # a declaration this check does not read
    if not isinstance(value, hint):
        return f"not a {hint.__name__}"
    if dataclasses.is_dataclass(hint):
        cls: Any = type(value)
        hints = _hints(cls)
        for f in dataclasses.fields(cls):
            why = _wrong(getattr(value, f.name), hints.get(f.name, Any))
            if why is not None:
                return f"{f.name}: {why}"
    return None


def _show(action: Any) -> str:
    """The action's repr, cut short; never raises."""
    try:
        text = repr(action)
    except Exception:  # noqa: BLE001 - a malformed action may not even print
        text = f"<a {type(action).__name__} that cannot be shown>"
    return _short(text)


def _short(text: str) -> str:
    return text if len(text) <= _SHOWN else text[: _SHOWN - 3] + "..."
