"""The review after a game, for every shipped game (tabletop/core/review.py).

A finished two-player game is reviewed for seat 0: the review lists only
that seat's own decisions, the most costly first, each judged by the hard
bot from that seat's view and nothing more (the judge is handed
``rules.view(state, 0)``, never the state, and in a game that hides things
the view hid something at some judged move), and judging a move again gives
the same judgement, so the same game always gives the same review.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest

from tabletop.core import review
from tabletop.core.session import Session, default_seats
from tabletop.games import REGISTRY

#: the game each review is of: its seed (any finished game will do)
SEED = 7


def cheaper(bot: Any) -> Any:
    """``bot`` (a hard bot) with a small search budget: what the review
    does with its judgements does not depend on how long it thinks, and the
    whole budget on every decision of five games is minutes of the suite.
    A bot whose budget this does not know fails the test, never passes it
    unshrunk."""
    search = getattr(bot, "search", None)
    if isinstance(getattr(search, "iterations", None), int):  # the ISMCTS games
        search.iterations = min(search.iterations, 48)
    elif isinstance(getattr(bot, "iterations", None), int):  # Planet's samples
        bot.iterations = min(bot.iterations, 3)
    elif isinstance(getattr(bot, "playouts", None), int):  # Uchronicle's playouts
        bot.playouts = min(bot.playouts, 48)
    elif hasattr(getattr(bot, "config", None), "max_sims"):  # Planepita's shots
        config = bot.config
        bot.config = dataclasses.replace(
            config, max_sims=min(config.max_sims, 24), reply_sims=min(config.reply_sims, 6)
        )
    else:
        raise AssertionError(f"no search budget known on {type(bot).__name__}")
    return bot


class SpyingBot:
    """The hard bot with a record of every view it was asked to judge from."""

    def __init__(self, bot: Any, seen: list[Any]) -> None:
        self.bot = bot
        self.seen = seen

    def assess(self, view: Any, played: Any) -> Any:
        self.seen.append(view)
        return self.bot.assess(view, played)


def _finished(name: str) -> Session:
    entry = REGISTRY[name]
    session = Session(
        entry,
        entry.default_config(2),
        SEED,
        default_seats(["easy", "easy"]),
        threaded=False,
        timed=False,
    )
    while not session.is_over():
        session.play(session.bot_action())
    return session


@pytest.mark.parametrize("name", list(REGISTRY))
def test_a_review_is_the_players_own_moves_judged_from_their_view_the_same_every_time(
    name: str,
) -> None:
    session = _finished(name)
    entry, rules = session.entry, session.rules
    seen: list[Any] = []

    def spying(level: str, seat: int, seed: int, **options: Any) -> Any:
        bot = entry.make_bot(level, seat, seed, **options)
        return SpyingBot(cheaper(bot), seen) if level == "hard" else bot

    spied = dataclasses.replace(entry, make_bot=spying)
    states, actions = session.states, session.actions
    found = review.review(spied, states, actions, 0, session.seed)
    assert review.reviews(entry)
    seen_in_review = len(seen)

    # every move of seat 0 with a choice was judged, from seat 0's view only
    decisions = [
        ply
        for ply in range(len(actions))
        if rules.to_move(states[ply]) == 0
        and review.is_decision(entry, states[ply], 0, actions[ply])
    ]
    assert decisions and seen_in_review == len(decisions)
    assert seen == [rules.view(states[ply], 0) for ply in decisions]
    if entry.info.hidden_information:
        assert any(view != states[ply] for view, ply in zip(seen, decisions))

    # the listed moves: seat 0's own, the most costly first, each worse than the bot's choice
    assert found and len(found) <= review.REVIEW_LIMIT
    assert all(f.ply in decisions for f in found)
    losses = [f.assessment.loss for f in found]
    assert losses == sorted(losses, reverse=True) and all(loss > 0 for loss in losses)
    assert all(f.assessment.played == actions[f.ply] for f in found)

    # the same judgement again, for the costliest move and the last one listed
    for f in {found[0], found[-1]}:
        again = review.assess(spied, states[f.ply], 0, actions[f.ply], session.seed, f.ply)
        assert again == f.assessment

    # a game that hides things: the judgement is the same from any state the
    # player could not tell apart from the real one
    if entry.determinize is not None:
        ply = found[0].ply
        other = entry.determinize(rules.view(states[ply], 0), 0, random.Random(5))
        hidden = review.assess(spied, other, 0, actions[ply], session.seed, ply)
        assert hidden == found[0].assessment


@pytest.mark.parametrize("name", list(REGISTRY))
def test_every_games_hard_bot_judges_in_its_own_words(name: str) -> None:
    """The coach's note names the bot's choice, both values in the game's own
    measure and the threshold it speaks at."""
    session = _finished(name)
    entry = session.entry
    ply = next(
        p
        for p in range(len(session.actions))
        if review.is_decision(entry, session.states[p], 0, session.actions[p])
        and session.rules.to_move(session.states[p]) == 0
    )
    judged = review.assess(entry, session.states[ply], 0, session.actions[ply], session.seed, ply)
    assert judged is not None and judged.reason
    words = review.note(judged)
    assert judged.value_words(judged.best_value) in words
    assert review.amount_words(judged, judged.threshold) in words
