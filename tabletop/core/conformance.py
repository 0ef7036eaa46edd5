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
  ``info.score_bounds`` and whose places form a proper ranking.

Two runs with one seed must give one action log (the second run starts with the
module-level ``random`` in another state, so a game that uses it shows up), and
an obviously foreign action is refused by ``check`` and ``apply``.

Failures raise :class:`ConformanceError` (an AssertionError) naming the game,
player count, variants, seed and step. Nothing here imports pygame.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn

from tabletop.core import codec
from tabletop.core import rng as rngmod
from tabletop.core.game import GameConfig, IllegalAction, Outcome, guard

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
        changed = "-".join(f"{k}={v}" for k, v in sorted(self.config.variants.items()))
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
    overrides of the defaults) to :func:`variant_overrides`.
    """
    seeds = list(seeds)
    counts = list(entry.info.player_range if players is None else players)
    out = []
    for n in counts:
        overrides = variant_overrides(entry, n) if variants is None else list(variants)
        for override in overrides:
            config = entry.default_config(n, **dict(override))
            for seed in seeds:
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
    to the same position (Session.replay_doc), and every move has a log line."""
    import json

    from tabletop.core.session import SaveError, Seat, Session

    seats = [Seat(f"Seat {i + 1}") for i in range(case.config.players)]
    try:
        session = Session.from_actions(entry, case.config, case.seed, seats, run.actions, threaded=False)
        doc = json.loads(json.dumps(session.to_doc()))
        registry = {entry.info.name: entry}
        loaded = Session.from_doc(doc, registry=registry, threaded=False)
        replayed = Session.replay_doc(doc, registry=registry)
    except (SaveError, TypeError, ValueError) as exc:
        where.fail(len(run.actions), f"the finished game does not survive a save: {exc}", run.actions)
    if codec.dumps(session.state) != run.final:
        where.fail(len(run.actions), "the session's replay of the moves ended elsewhere", run.actions)
    for other, what in ((loaded, "loading the save"), (replayed, "replaying the save")):
        if codec.dumps(other.state) != run.final:
            where.fail(len(run.actions), f"{what} gave a different position", run.actions)
        if other.log != session.log:
            where.fail(len(run.actions), f"{what} gave a different game log", run.actions)
    if len(session.log) != len(run.actions) or not all(isinstance(x, str) and x for x in session.log):
        where.fail(len(run.actions), "some move has no log line", run.actions)


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
            _check_determinize(rules, determinize, state, players, invariants, case, len(actions), fail)

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
