"""Undo in Planet etuC never takes a player back past cards another seat has
shown (a bot's play is face up), but a player may take back their own play
before anyone has answered it."""

from __future__ import annotations

from tabletop.core.session import Seat, Session
from tabletop.games import REGISTRY
from tabletop.games.etuc.rules import Pass, Play


def session() -> Session:
    entry = REGISTRY["etuc"]
    return Session(
        entry,
        entry.default_config(2),
        0,
        [Seat("Ann"), Seat("Bot", "bot", "easy")],
        threaded=False,
        timed=False,
    )


def first_human_turn(s: Session) -> None:
    s.play_bots()
    assert s.to_move() == 0


def human_turn_with_a_play(s: Session) -> Play:
    """Pass (letting the bot answer) until the human may play a card."""
    while True:
        first_human_turn(s)
        plays = [a for a in s.rules.legal_actions(s.state) if isinstance(a, Play)]
        if plays:
            return plays[0]
        s.play(Pass())


def test_a_players_own_play_can_be_taken_back_before_an_answer() -> None:
    s = session()
    play = human_turn_with_a_play(s)
    before = s.ply
    s.play(play)
    assert s.can_undo() is None
    assert s.undo() and s.ply == before


def test_undo_never_crosses_a_card_another_seat_has_shown() -> None:
    s = session()
    first_human_turn(s)
    for _ in range(40):  # until the bot answers with a card (not a pass)
        s.play(s.rules.legal_actions(s.state)[0])
        start = s.ply
        s.play_bots()
        if any(isinstance(a, Play) for a in s.actions[start:]):
            break
        if s.is_over():
            break
    shown = [a for a in s.actions[start:] if isinstance(a, Play)]
    assert shown, "the bot played a card"
    reason = s.can_undo()
    assert reason is not None and "shown cards" in reason
    assert not s.undo()


def test_what_another_seat_shows() -> None:
    rules = REGISTRY["etuc"].rules
    s = session()
    human_turn_with_a_play(s)
    s.play(Pass())
    assert s.to_move() == 1
    state = s.state
    bot_play = next((a for a in rules.legal_actions(state) if isinstance(a, Play)), None)
    assert not rules.reveals(state, Pass(), state, 0), "a pass shows no card"
    if bot_play is not None:
        assert rules.reveals(state, bot_play, rules.apply(state, bot_play), 0)
        assert not rules.reveals(state, bot_play, rules.apply(state, bot_play), 1), (
            "nothing new to its owner"
        )
