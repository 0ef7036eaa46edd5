"""The hard bot's second opinion on a person's moves: the coach during a
game, and the review after it.

Both ask the game's hard bot to judge a move against its own choice from
the mover's view (``Bot.assess(view, played)`` ->
:class:`tabletop.core.bots.Assessment`), so neither ever uses what that
player could not see at the time. A game whose hard bot has no ``assess``
has no coach and no review (:func:`reviews`).

Every judgement is seeded by the game's seed and the move's ply, and the
bots think to their budget without the clock, so the same game always
gives the same review, on any machine.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tabletop.core import rng
from tabletop.core.bots import Assessment
from tabletop.core.game import GameEntry

#: the most moves a review lists, worst first
REVIEW_LIMIT = 8


@dataclass(frozen=True)
class Finding:
    """One of the reviewed player's moves, the ply it was made at, and the
    hard bot's judgement of it."""

    ply: int
    assessment: Assessment


def reviews(entry: GameEntry) -> bool:
    """True when the game's hard bot can judge a move (it has ``assess``)."""
    return callable(getattr(entry.make_bot("hard", 0, 0, timed=False), "assess", None))


def judge_seed(seed: int, seat: int, ply: int) -> int:
    """The seed of the hard bot judging ``seat``'s move at ``ply``."""
    return rng.derive(seed, "review", seat, ply)


def is_decision(entry: GameEntry, state: Any, seat: int, action: Any = None) -> bool:
    """True when ``seat`` is to move in ``state`` with a choice: more than
    one legal move, or moves the rules describe rather than list (none
    listed, or one that is not the move ``action`` made: Planepita's
    ``FlickSpec`` stands for every flick within its ranges)."""
    rules = entry.rules
    if rules.is_over(state) or rules.to_move(state) != seat:
        return False
    legal = rules.legal_actions(state)
    if len(legal) > 1 or not legal:
        return True
    return action is not None and legal[0] != action


def assess(
    entry: GameEntry, state: Any, seat: int, action: Any, seed: int, ply: int
) -> Assessment | None:
    """The hard bot's judgement of ``seat`` playing ``action`` in ``state``
    (from ``seat``'s view), or None when there was no choice or the game's
    bot cannot judge."""
    if not is_decision(entry, state, seat, action):
        return None
    bot = entry.make_bot("hard", seat, judge_seed(seed, seat, ply), timed=False)
    judge = getattr(bot, "assess", None)
    if judge is None:
        return None
    result: Assessment = judge(entry.rules.view(state, seat), action)
    return result


def review(
    entry: GameEntry,
    states: Sequence[Any],
    actions: Sequence[Any],
    seat: int,
    seed: int,
    *,
    progress: Callable[[int, int], None] | None = None,
    cancel: threading.Event | None = None,
    limit: int = REVIEW_LIMIT,
) -> list[Finding]:
    """``seat``'s moves of a finished game (``states[i]`` the position
    before ``actions[i]``) where the hard bot disagreed, the most costly
    first, at most ``limit``; ``progress(done, total)`` after each move
    judged. A cancelled review returns what it found so far."""
    plies = [
        i
        for i, state in enumerate(states[: len(actions)])
        if is_decision(entry, state, seat, actions[i])
    ]
    found: list[Finding] = []
    for done, ply in enumerate(plies, 1):
        if cancel is not None and cancel.is_set():
            break
        judged = assess(entry, states[ply], seat, actions[ply], seed, ply)
        if judged is not None and judged.loss > 0:
            found.append(Finding(ply, judged))
        if progress is not None:
            progress(done, len(plies))
    found.sort(key=lambda f: (-f.assessment.loss, f.ply))
    return found[:limit]


def amount_words(judged: Assessment, amount: float) -> str:
    """A difference of values in the judgement's own measure ("12 points of
    chance", "2.5 points")."""
    if "%" in judged.unit:
        return f"{amount * 100:.0f} points of chance"
    return f"{amount:.1f} points"


def note(judged: Assessment) -> str:
    """The coach's words on a clearly worse move: what the hard bot would
    have done and why, both moves' values, and when the coach speaks."""
    why = judged.reason.rstrip(".") + "." if judged.reason else f"It would play {judged.best}."
    return (
        f"The hard bot would have chosen otherwise. {why} By its search your move had "
        f"{judged.value_words(judged.played_value)}, its choice "
        f"{judged.value_words(judged.best_value)}: {amount_words(judged, judged.loss)} more "
        f"(the coach speaks at {amount_words(judged, judged.threshold)} or more)."
    )
