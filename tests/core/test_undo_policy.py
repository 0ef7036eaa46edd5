"""Hot-seat undo, with decisions out of turn: the policy in tabletop/core/session.py.

A person takes back only their own last decision (with the bots' moves since);
another person's decision is taken back only with their consent; a sealed
answer to a discard shows nothing, so it never blocks undo."""

from __future__ import annotations

import dataclasses

from tabletop.core.session import Seat, Session
from tests.claimgame import ENTRY as CLAIM
from tests.claimgame.rules import ClaimRules, Discard, Pass, Phase


def claim_session(seats: list[Seat], rules: ClaimRules | None = None) -> Session:
    entry = CLAIM if rules is None else dataclasses.replace(CLAIM, rules=rules)
    return Session(entry, entry.default_config(len(seats)), 7, seats, threaded=False)


def discard(s: Session) -> None:
    hand = s.state.hands[s.to_move()]
    s.play(Discard(hand[0]))


def test_a_sealed_pass_does_not_block_the_discarders_undo() -> None:
    s = claim_session([Seat("Ada"), Seat("Basil"), Seat("Cleo")])
    start = s.state
    discard(s)  # Ada offers a card
    s.play(Pass())  # Basil's sealed pass
    assert s.state.phase is Phase.CLAIMS and s.to_move() == 2
    plan = s.undo_plan(0)
    assert (plan.target, plan.reason, plan.consent) == (0, "", (1,)), "Basil is asked, not refused"
    assert s.undo(0, agreed=(1,))
    assert s.state is start


def test_a_bots_sealed_answer_is_taken_back_without_asking() -> None:
    s = claim_session([Seat("Ada"), Seat("Bot", "bot", "medium"), Seat("Basil")])
    discard(s)
    s.play(s.bot_action())  # the bot's answer, claim or pass: sealed
    assert s.to_move() == 2
    plan = s.undo_plan(0)
    assert (plan.target, plan.consent) == (0, ())
    # Basil's own last decision lies before Ada's discard, which showed him a card
    assert s.can_undo(2) is not None


def test_a_game_that_called_every_answer_a_reveal_would_block_it() -> None:
    class EveryAnswerShows(ClaimRules):
        def reveals(self, before, action, after, seat):  # type: ignore[no-untyped-def]
            return True

    s = claim_session([Seat("Ada"), Seat("Basil"), Seat("Cleo")], EveryAnswerShows())
    discard(s)
    s.play(Pass())
    assert s.can_undo(0) == "Cannot undo: another player has since shown cards you had not seen."


def test_the_reveal_draws_a_card_and_undo_never_crosses_it() -> None:
    s = claim_session([Seat("Ada"), Seat("Basil")])
    discard(s)
    s.play(Pass())  # the last answer: the reveal, then Basil draws
    assert s.state.phase is Phase.DISCARD and s.barriers[-1]
    assert s.can_undo(1) == "Cannot undo past a move that revealed cards or drew at random."
    assert s.can_undo(0) == "Cannot undo past a move that revealed cards or drew at random."


def test_one_person_among_bots_passes_at_once_on_what_they_cannot_claim_and_undo_skips_it() -> None:
    """Ruling R4's forced pass: given without a prompt only to the one person
    at the table, and no decision of theirs, so undo goes past it."""
    s = claim_session([Seat("Ada"), Seat("B", "bot", "easy"), Seat("C", "bot", "easy")])
    forced = asked = 0
    while not s.is_over() and forced < 3:
        if s.is_bot_turn():
            s.play(s.bot_action())
            continue
        legal = s.rules.legal_actions(s.view(0))
        answer = s.auto_answer()
        if s.state.phase is Phase.CLAIMS and legal == [Pass()]:
            assert answer == Pass()
            decided = s.undo_plan(0).target
            s.play(answer)
            forced += 1
            # undo returns to Ada's last real decision, never to the pass
            assert s.undo_plan(0).target == decided
            if decided is not None:
                assert s._auto_answer(s.states[decided]) is None
            continue
        assert answer is None, "a choice is always asked"
        asked += 1
        s.play(legal[0])
    assert forced >= 1 and asked >= 1
    # among people at one device every seat is asked, also with nothing to claim
    two = claim_session([Seat("Ada"), Seat("Basil"), Seat("C", "bot", "easy")])
    for _ in range(200):
        if two.is_over():
            break
        if two.is_bot_turn():
            two.play(two.bot_action())
            continue
        assert two.auto_answer() is None
        two.play(two.rules.legal_actions(two.view(two.to_move()))[0])
