"""Scenario tests for Planet etuC, named after the rulebook's sections and the
rulings E1-E5: a literal position, one action, the expected position or refusal."""

from __future__ import annotations

import re

import pytest

from tabletop.core import codec
from tabletop.core import rng as rngmod
from tabletop.core.game import EndReason, GameConfig, IllegalAction
from tabletop.games.etuc.rules import (
    BLUE,
    GRAY,
    ORANGE,
    PURPLE,
    Card,
    EtucRules,
    Kind,
    Pass,
    Play,
    deal,
    deck,
    next_starter,
)
from tests.etuc.positions import cards, position, result2, result3

R = EtucRules()


def logged(state, action, names):  # type: ignore[no-untyped-def]
    """The log line of ``action`` played in ``state`` (the hook gets the after-state)."""
    return R.log_line(state, action, R.apply(state, action), names)


P = Play.of


def play(state, *names):  # type: ignore[no-untyped-def]
    return R.apply(state, P(*names))


# -- Cards / Card Ranks / E1 --------------------------------------------------------


def test_cards_two_players_ranks_1_to_5_without_gray() -> None:
    d = deck(2)
    assert len(d) == 25
    assert {c.number for c in d} == {1, 2, 3, 4, 5}
    assert {c.colour for c in d} == set(range(ORANGE, PURPLE + 1))


def test_cards_three_players_all_36() -> None:
    d = deck(3)
    assert len(d) == 36 and Card(6, GRAY) in d and Card(6, PURPLE) in d


def test_e1_symbol_order_and_notation() -> None:
    assert str(P("3G", "3B")) == "play 3G+3B"
    assert str(P("3B", "3G")) == "play 3G+3B"  # one action whatever the order
    assert str(P("5P")) == "play 5P" and str(Pass()) == "pass"
    weak_to_strong = [Card(1, c) for c in range(6)]
    assert [str(c) for c in weak_to_strong] == ["1A", "1O", "1Y", "1G", "1B", "1P"]
    assert codec.loads(codec.dumps(P("3B", "3G"))) == P("3G", "3B")


# -- Game Setup ------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_game_setup_deals_11_each_and_sets_3_aside(players: int) -> None:
    state = R.setup(GameConfig(players), 5)
    assert state.hand_sizes == (11,) * players
    assert state.set_aside is not None and len(state.set_aside) == 3
    hands, aside = deal(players, 5, 1)
    assert state.hands == hands and state.set_aside == aside
    R.invariants(state)


def test_deals_derive_from_seed_and_game_number() -> None:
    assert deal(3, 5, 1) == deal(3, 5, 1)
    assert deal(3, 5, 1) != deal(3, 5, 2) and deal(3, 5, 1) != deal(3, 6, 1)
    expected = list(deck(3))
    rngmod.make(5, "deal", 2).shuffle(expected)
    assert deal(3, 5, 2)[1] == tuple(sorted(expected[33:]))


# -- A. No card has been played yet ---------------------------------------------------


def test_leader_may_play_any_single_or_any_pair_but_not_pass() -> None:
    s = position(["1O 1Y 2O 4B", "5P"])
    legal = R.legal_actions(s)
    assert P("4B") in legal and P("1O", "1Y") in legal and P("1O", "2O") in legal
    assert P("1Y", "2O") not in legal and Pass() not in legal
    assert R.check(s, Pass()) == "You lead this round: play one card or a pair."


def test_a_pair_must_share_a_number_or_a_colour() -> None:
    s = position(["1O 2Y 4B", "5P"])
    assert R.check(s, P("1O", "2Y")) == "A pair must share a number or a colour."
    with pytest.raises(IllegalAction, match="share a number or a colour"):
        R.apply(s, P("1O", "2Y"))


def test_lead_pair_sets_the_round_kind() -> None:
    s = position(["3G 3B 1O", "5P 2P"])
    assert play(s, "3G", "3B").kind is Kind.NUMBER_PAIR
    s = position(["1O 4O 2Y", "5P 2P"])
    assert play(s, "1O", "4O").kind is Kind.SYMBOL_PAIR


def test_lead_single_is_undetermined() -> None:
    s = position(["3G 1O", "5P 2P"])
    after = play(s, "3G")
    assert after.kind is Kind.SINGLE_UNDETERMINED and after.turn == 1


def test_cannot_play_cards_not_held_or_three_cards() -> None:
    s = position(["3G 1O 1Y", "5P 2P"])
    assert R.check(s, P("4G")) == "You do not hold green 4."
    assert R.check(s, P("1O", "1Y", "3G")) == "Play one card or a pair."


# -- A. Card(s) have already been played: match the amount -------------------------------


def test_single_must_be_answered_with_one_card() -> None:
    s = position(["2O", "3G 3B"], table=[(0, "2O")], turn=1)
    assert R.check(s, P("3G", "3B")) == "A single card was played: answer with one card."


def test_pair_must_be_answered_with_a_pair() -> None:
    s = position(["2O", "5P 4B"], table=[(0, "1O+1Y")], turn=1)
    assert R.check(s, P("5P")) == "A pair was played: answer with a pair."


# -- A. When pair(s) have already been played --------------------------------------------


def test_number_pair_needs_a_higher_number_pair() -> None:
    s = position(["2O", "4O 4Y 3G 3B 2Y 2G"], table=[(0, "3O+3Y")], turn=1)
    legal = R.legal_actions(s)
    assert P("4O", "4Y") in legal
    assert P("3G", "3B") not in legal  # equal number is not stronger
    assert P("2Y", "2G") not in legal
    assert R.check(s, P("3G", "3B")) == (
        "This round is played with number-pairs: play a pair higher than 3."
    )
    assert play(s, "4O", "4Y").kind is Kind.NUMBER_PAIR


def test_symbol_pair_needs_a_stronger_symbol_pair() -> None:
    s = position(["2O", "1B 4B 3G 5G 1Y 2Y"], table=[(0, "1G+4G")], turn=1)
    legal = R.legal_actions(s)
    assert P("1B", "4B") in legal
    assert P("3G", "5G") not in legal  # same symbol, higher numbers: still not stronger
    assert P("1Y", "2Y") not in legal
    assert R.check(s, P("3G", "5G")) == (
        "This round is played with symbol-pairs: play a pair of a stronger colour than green."
    )


def test_number_pair_cannot_follow_a_symbol_pair_and_vice_versa() -> None:
    s = position(["2O", "5B 5P 3P 4P"], table=[(0, "1G+4G")], turn=1)
    assert P("5B", "5P") not in R.legal_actions(s)
    assert "a number-pair cannot follow" in (R.check(s, P("5B", "5P")) or "")
    s = position(["2O", "5B 5P 3P 4P"], table=[(0, "2O+2Y")], turn=1)
    assert P("3P", "4P") not in R.legal_actions(s)
    assert "a symbol-pair cannot follow" in (R.check(s, P("3P", "4P")) or "")


# -- A. Playing a single card: cases (1) to (4) --------------------------------------------


def test_case_1_stronger_symbol_weaker_number_locks_by_symbol() -> None:
    s = position(["1O", "2B 5Y 1P"], table=[(0, "3G")], turn=1)
    after = play(s, "2B")
    assert after.kind is Kind.SINGLE_BY_SYMBOL


def test_case_1_equal_number_counts_as_not_stronger() -> None:
    s = position(["1O", "3B 1A"], table=[(0, "3G")], turn=1)
    assert play(s, "3B").kind is Kind.SINGLE_BY_SYMBOL


def test_case_1_by_symbol_then_needs_a_stronger_symbol() -> None:
    s = position(["5Y 1P 2O", "1O"], table=[(1, "3G"), (0, "2B")], turn=0)
    legal = R.legal_actions(s)
    assert P("1P") in legal and P("5Y") not in legal
    assert (
        R.check(s, P("5Y")) == "This round is played by symbol: play a stronger colour than blue."
    )


def test_case_2_stronger_number_weaker_symbol_locks_by_number() -> None:
    s = position(["1O", "4O 3P 5Y"], table=[(0, "3G")], turn=1)
    after = play(s, "4O")
    assert after.kind is Kind.SINGLE_BY_NUMBER
    s2 = position(["3P 5Y 2O", "1O"], table=[(1, "3G"), (0, "4O")], turn=0)
    assert P("5Y") in R.legal_actions(s2) and P("3P") not in R.legal_actions(s2)
    assert R.check(s2, P("3P")) == "This round is played by number: play a higher number than 4."


def test_case_2_equal_symbol_counts_as_not_stronger() -> None:
    s = position(["1O", "4G 1A"], table=[(0, "3G")], turn=1)
    assert play(s, "4G").kind is Kind.SINGLE_BY_NUMBER


def test_case_3_both_stronger_stays_undetermined() -> None:
    s = position(["1O", "3G 1A"], table=[(0, "2O")], turn=1)
    after = play(s, "3G")
    assert after.kind is Kind.SINGLE_UNDETERMINED


def test_case_3_undetermined_accepts_stronger_number_or_symbol() -> None:
    s = position(["4Y 1B 2O 1A", "1O"], table=[(1, "3G")], turn=0)
    legal = R.legal_actions(s)
    assert P("4Y") in legal and P("1B") in legal
    assert P("2O") not in legal and P("1A") not in legal
    assert R.check(s, P("2O")) == "Play a higher number or a stronger colour than green 3."


def test_case_4_strongest_card_two_players_only_pass() -> None:
    s = position(["1O", "4B 2B 3P"], table=[(0, "5P")], turn=1)
    assert R.legal_actions(s) == [Pass()]
    assert R.check(s, P("3P")) == "Nothing beats purple 5: you can only pass."


def test_case_4_five_purple_is_not_strongest_with_three_players() -> None:
    s = position(["1O", "6A 6G", "2A"], table=[(0, "5P")], turn=1)
    assert P("6A") in R.legal_actions(s)
    assert play(s, "6A").kind is Kind.SINGLE_BY_NUMBER
    s = position(["1O", "5A 4G", "2A"], table=[(0, "6P")], turn=1)
    assert R.legal_actions(s) == [Pass()]


def test_note_strongest_number_does_not_lock_by_number() -> None:
    # 1O, then 2Y and 6G each stronger in both; 6 is the top number, yet a
    # stronger symbol with a lower number may still follow and locks by symbol
    s = position(["1O 2A", "2Y 3B 4A", "6G 1A"], turn=0)
    s = play(s, "1O")
    s = play(s, "2Y")
    s = play(s, "6G")
    assert s.kind is Kind.SINGLE_UNDETERMINED and s.turn == 0
    s = R.apply(s, Pass())
    assert P("3B") in R.legal_actions(s)
    assert play(s, "3B").kind is Kind.SINGLE_BY_SYMBOL


def test_note_strongest_symbol_does_not_lock_by_symbol() -> None:
    s = position(["1O 2A", "2Y 5G 4A", "3P 1A"], turn=0)
    s = play(s, "1O")
    s = play(s, "2Y")
    s = play(s, "3P")  # purple is the top symbol, stronger in both: still undetermined
    assert s.kind is Kind.SINGLE_UNDETERMINED and s.turn == 0
    s = R.apply(s, Pass())
    assert P("5G") in R.legal_actions(s)
    assert play(s, "5G").kind is Kind.SINGLE_BY_NUMBER


# -- B. Pass the Turn ------------------------------------------------------------------------


def test_passed_player_is_out_until_the_round_ends() -> None:
    s = position(["2O 4G 5B", "1A 1O", "3Y 6P"], turn=0)
    s = play(s, "2O")
    s = R.apply(s, Pass())  # seat 1 passes
    assert s.passed == (False, True, False) and s.turn == 2
    s = play(s, "3Y")
    assert s.turn == 0  # seat 1 is skipped
    s = play(s, "4G")
    assert s.turn == 2
    # a position where a seat that passed were to move: refused with the reason
    stuck = position(["2O", "1A", "3Y"], table=[(0, "2O")], turn=1, passed=[1])
    assert R.legal_actions(stuck) == []
    assert R.check(stuck, P("1A")) == "You passed this round."


def test_round_ends_when_all_others_pass_and_last_player_leads() -> None:
    s = position(["2O 4G", "1A 1O", "3Y 6P"], turn=0)
    s = play(s, "2O")
    s = R.apply(s, Pass())  # seat 1
    s = play(s, "3Y")
    s = R.apply(s, Pass())  # seat 0
    # seat 1 passed earlier, seat 0 now: seat 2 played last and leads
    assert s.table == () and s.kind is None and s.turn == 2
    assert s.passed == (False, False, False)  # everyone rejoins
    assert {str(c) for c in s.discards} >= {"2O", "3Y"}
    R.invariants(s)


def test_two_players_pass_ends_the_round() -> None:
    s = position(["2O 4G", "1O 5B"], table=[(0, "2O")], turn=1)
    after = R.apply(s, Pass())
    assert after.table == () and after.turn == 0
    assert logged(s, Pass(), ["Ada", "Basil"]) == "Basil passes. Round to Ada."


# -- End of a Game ---------------------------------------------------------------------------


def test_two_players_first_out_wins_the_game_and_scores_its_number() -> None:
    s = position(["4G", "1O 5B"], results=[result2(1, 1)], turn=0, starter=1)
    assert s.game == 2
    after = play(s, "4G")
    assert after.game == 3 and after.scores == (2, 1)
    assert after.results[-1].order == (0, 1) and after.results[-1].points == (2, 0)
    assert after.hand_sizes == (11, 11) and after.turn is not None
    line = logged(s, P("4G"), ["Ada", "Basil"])
    assert line.startswith(
        "Ada plays green 4 (single, undetermined). Ada goes out: 1st. Game 2 over"
    )


def test_a_game_that_ends_gives_the_frame_its_summary_and_the_finished_table() -> None:
    """The pause between games: the match so far (its rank) and this game's
    points; the table it shows is the finished game (the last play lying on it,
    the hand it emptied), never the next deal. Other moves give no summary."""
    s = position(["4G", "1O 5B"], results=[result2(1, 1)], turn=0, starter=1)
    after = play(s, "4G")
    summary = R.deal_summary(s, P("4G"), after)
    assert summary is not None and summary.title == "Game 2 over"
    assert summary.columns == ("Match", "This game")
    assert [(r.seat, r.place, r.cells) for r in summary.rows] == [
        (0, 1, ("2 VP", "+2 VP")),
        (1, 2, ("1 VP", "+0 VP")),
    ]
    assert (
        summary.note_for(["Ada", "Basil"])
        == f"Game 3: {['Ada', 'Basil'][after.turn]} starts. First to 10 VP wins."
    )
    shown = summary.position
    assert shown.game == 2 and shown.turn is None and shown.hands[0] == ()
    assert shown.table[-1].cards == (Card(4, 3),) and shown.hand_sizes == (0, 2)
    assert R.deal_summary(after, Pass(), after) is None
    quiet = position(["3G 1O", "4Y 1A"], turn=0)
    assert R.deal_summary(quiet, P("3G"), play(quiet, "3G")) is None


def test_the_last_game_of_the_match_names_the_winner_in_its_summary() -> None:
    s = position(["4G", "1O 5B"], results=[result2(g, 0) for g in (1, 2, 3)], turn=0, starter=1)
    assert s.scores == (6, 0) and s.game == 4
    after = play(s, "4G")
    assert after.turn is None
    summary = R.deal_summary(s, P("4G"), after)
    assert (
        summary is not None
        and summary.note_for(["Ada", "Basil"]) == "Ada wins the match with 10 VP."
    )


def test_what_players_read_names_cards_by_colour_word_never_by_letter() -> None:
    """ "1O" reads as ten: log lines and refusals say "orange 1"; only the
    notation (actions, golden files) keeps the letters."""
    letters = re.compile(r"\b[1-6][AOYGBP]\b")
    gen = rngmod.make(4, "words")
    state = R.setup(GameConfig(3), 4)
    every = deck(3)
    while not R.is_over(state):
        for card in gen.sample(every, 6):
            reason = R.check(state, Play((card,)))
            assert reason is None or not letters.search(reason), reason
        action = gen.choice(R.legal_actions(state))
        after = R.apply(state, action)
        line = R.log_line(state, action, after, ["Ada", "Basil", "Cleo"])
        assert not letters.search(line), line
        state = after
    assert "orange 1" in R.check(position(["2G", "1B"], turn=0), P("1O"))  # type: ignore[operator]


def test_three_players_first_out_play_continues_when_someone_can_beat() -> None:
    s = position(["3G", "4Y 1A", "2O 2A"], turn=0)
    after = play(s, "3G")
    assert after.out == (0,) and after.turn == 1 and after.table  # seat 1 can beat 3G
    after = R.apply(after, Pass())
    # seat 2 (2O, 2A) cannot beat 3G either way but is still asked
    assert after.turn == 2
    after = R.apply(after, Pass())
    # the round ends; seat 0 played last but has no cards: next clockwise leads
    assert after.table == () and after.turn == 1
    R.invariants(after)


def test_e3_nobody_can_beat_the_going_out_play_round_ends_at_once() -> None:
    s = position(["4P", "3Y 1A", "2O 2A"], turn=0)
    after = play(s, "4P")  # 4P: nobody holds a higher number and purple is top
    assert after.out == (0,)
    assert after.table == () and after.kind is None and after.turn == 1
    assert R.undo_barrier(s, P("4P"), after)
    line = logged(s, P("4P"), ["Ada", "Basil", "Cleo"])
    assert line == (
        "Ada plays purple 4 (single, undetermined). Ada goes out: 1st. "
        "Nobody can beat it; Basil leads the next round."
    )


def test_e3_players_with_no_cards_are_skipped() -> None:
    # seat 1 went out earlier; seat 2 plays, seat 0 passes: seat 2 leads again
    s = position(["1O 2O", "", "5G 4G"], table=[(2, "3G")], turn=0, out=[1])
    after = R.apply(s, Pass())
    assert after.table == () and after.turn == 2
    # seat 2 leads a card nobody beats: seat 0 next, seat 1 (no cards) skipped
    after = play(after, "4G")
    assert after.turn == 0


def test_e3_leader_after_going_out_is_next_clockwise_with_cards() -> None:
    # seat 2 goes out with 6P: unbeatable, round over; seat 0 is next clockwise
    s = position(["1O 2O", "3A 5A", "6P"], turn=2)
    after = play(s, "6P")
    assert after.out == (2,) and after.table == () and after.turn == 0


def test_three_players_second_out_ends_the_game() -> None:
    s = position(["", "3G", "1O 2O"], turn=1, out=[0])
    after = play(s, "3G")
    result = after.results[-1]
    assert result.order == (0, 1, 2) and result.points == (2, 1, 0)
    assert after.scores == (2, 1, 0) and after.game == 2


# -- E4: next game's starting player ---------------------------------------------------------


def test_e4_fewest_points_starts() -> None:
    assert next_starter((5, 2, 3), starter=0) == 1


def test_e4_tie_goes_earliest_clockwise_from_last_starter() -> None:
    assert next_starter((1, 3, 1), starter=1) == 2
    assert next_starter((1, 3, 1), starter=0) == 0
    assert next_starter((2, 2, 2), starter=2) == 2


def test_e4_applied_when_a_game_ends() -> None:
    s = position(["", "3G", "1O 2O"], turn=1, out=[0], starter=2, results=[result3(1, [1, 2, 0])])
    after = play(s, "3G")  # scores: seat0 0+2, seat1 2+1, seat2 1+0 -> (2, 3, 1)
    assert after.scores == (2, 3, 1)
    assert after.starter == 2 and after.turn == 2


# -- Scoring Victory Points ---------------------------------------------------------------------


def test_scoring_two_players_game_number_to_10() -> None:
    results = [result2(1, 0), result2(2, 1), result2(3, 1)]
    s = position(["1O 2O", "4G"], turn=1, results=results)
    assert s.scores == (1, 5)
    s = play(s, "4G")  # game 4 to seat 1: 5 + 4 = 9
    assert s.scores == (1, 9) and s.game == 5 and s.turn == 0  # E4: fewest points starts
    s = position(["1O 2O", "4G"], turn=1, results=[*results, result2(4, 1)])
    s = play(s, "4G")  # game 5 to seat 1: 14
    assert R.is_over(s) and s.scores == (1, 14)
    outcome = R.outcome(s)
    assert outcome.reason is EndReason.TARGET_SCORE and outcome.winners == (1,)
    assert outcome.words_for(["Ada", "Basil"]).endswith(
        "Basil wins with 14 victory points, first to the target of 10."
    )
    assert R.legal_actions(s) == []


def test_scoring_three_players_2_and_1_to_6() -> None:
    results = [result3(1, [0, 1, 2]), result3(2, [0, 2, 1])]  # (4, 1, 1)
    s = position(["", "3G", "1O 2O"], turn=1, out=[0], results=results)
    s = play(s, "3G")  # seat 0 6, seat 1 2
    assert R.is_over(s) and s.scores == (6, 2, 1)
    assert R.outcome(s).places == (1, 2, 3)


def test_scoring_three_players_equal_totals_go_to_better_last_place() -> None:
    results = [result3(1, [1, 0, 2]), result3(2, [0, 1, 2]), result3(3, [1, 2, 0])]
    s = position(["", "3G", "1O 2O"], turn=1, out=[0], results=results)
    assert s.scores == (3, 5, 1)
    s = play(s, "3G")  # seat 0: 5, seat 1: 6
    assert s.scores == (5, 6, 1) and R.outcome(s).places == (2, 1, 3)
    results = [result3(1, [1, 0, 2]), result3(2, [1, 0, 2]), result3(3, [0, 1, 2])]
    s = position(["", "3G", "1O 2O"], turn=1, out=[0], results=results)
    assert s.scores == (4, 5, 0)
    s = play(s, "3G")  # both reach 6; seat 0 went out first
    assert s.scores == (6, 6, 0)
    assert R.outcome(s).places == (1, 2, 3)


# -- E5: the set-aside cards stay hidden ----------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3])
def test_e5_views_never_show_the_set_aside_cards(players: int) -> None:
    state = R.setup(GameConfig(players), 11)
    sampler = rngmod.make(11, "e5")
    steps = 0
    while not R.is_over(state) and steps < 400:
        aside = state.set_aside
        assert aside is not None
        for seat in range(players):
            view = R.view(state, seat)
            assert view.set_aside is None and view.seed is None
            assert view.hands[seat] == state.hands[seat]
            assert all(h is None for s, h in enumerate(view.hands) if s != seat)
            assert view.hand_sizes == state.hand_sizes
            seen = set(view.hands[seat] or ()) | set(view.discards)
            seen |= {c for p in view.table for c in p.cards}
            assert not seen & set(aside)
        legal = R.legal_actions(state)
        state = R.apply(state, legal[sampler.randrange(len(legal))])
        steps += 1


# -- the protocol around the rules -------------------------------------------------------------


def test_same_seed_same_match() -> None:
    def run(seed: int) -> list[str]:
        state = R.setup(GameConfig(3), seed)
        sampler = rngmod.make(seed, "det")
        log = []
        while not R.is_over(state):
            legal = R.legal_actions(state)
            action = legal[sampler.randrange(len(legal))]
            log.append(str(action))
            state = R.apply(state, action)
        return log

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_undo_barrier_at_a_new_deal_only() -> None:
    s = position(["2O 4G", "1O 5B"], turn=0)
    after = play(s, "2O")
    assert not R.undo_barrier(s, P("2O"), after)
    s = position(["4G", "1O 5B"], turn=0)
    assert R.undo_barrier(s, P("4G"), play(s, "4G"))


def test_invariants_catch_a_lost_card() -> None:
    s = position(["2O 4G", "1O 5B"], turn=0)
    from dataclasses import replace

    broken = replace(s, hands=(cards("2O"), s.hands[1]), hand_sizes=(1, 2))
    with pytest.raises(AssertionError, match="conserved"):
        R.invariants(broken)


def test_invariants_check_every_value_of_a_position() -> None:
    """A card of the wrong type or out of the deck, a count that is not a whole
    number, a seat not at the table: each is refused in words, however the
    numbers compare (Card(1.0, 1) equals Card(1, 1))."""
    from dataclasses import replace

    s = position(["1O 4G", "2O 5B"], turn=0)
    R.invariants(s)
    hand = s.hands[0]
    assert hand is not None
    broken = {
        "a hand holds something that is not a card": [
            replace(s, hands=((Card(1.0, ORANGE), hand[1]), s.hands[1])),  # type: ignore[arg-type]
            replace(s, hands=((Card(True, ORANGE), hand[1]), s.hands[1])),  # type: ignore[arg-type]
            replace(s, hands=((Card(1, 99), hand[1]), s.hands[1])),
            replace(s, hands=((Card(10**100, ORANGE), hand[1]), s.hands[1])),
            replace(s, hands=(("1O", hand[1]), s.hands[1])),  # type: ignore[arg-type]
        ],
        "the scores are not whole numbers": [replace(s, scores=(0.0, 0))],  # type: ignore[arg-type]
        "the seat to move is not at the table": [replace(s, turn=2), replace(s, turn=True)],
        "a hand size is out of range": [replace(s, hand_sizes=(2.0, 2))],  # type: ignore[arg-type]
        "the game number is out of range": [replace(s, game=float("nan"))],  # type: ignore[arg-type]
        "who passed is not yes or no per seat": [replace(s, passed=(0, False))],  # type: ignore[arg-type]
    }
    for words, states in broken.items():
        for state in states:
            with pytest.raises(AssertionError, match=words):
                R.invariants(state)


def test_log_lines() -> None:
    names = ["Ada", "Basil"]
    s = position(["3G 3B 1O", "5P 2P"], turn=0)
    assert logged(s, P("3G", "3B"), names) == "Ada plays green 3 and blue 3 (number-pair)."
    s = position(["1O", "2B 4Y"], table=[(0, "3G")], turn=1)
    assert logged(s, P("2B"), names) == "Basil plays blue 2 (single, by symbol)."


def test_the_log_tooltip_counts_the_cards_in_hand_in_words() -> None:
    s = position(["3G 3B 1O", "5P"], turn=0)
    after = play(s, "3G", "3B")
    detail = R.log_detail(s, P("3G", "3B"), after, ["Ada", "Basil"])
    assert detail == "Cards in hand after it: Ada 1 card, Basil 1 card."


def test_describe_shows_kind_passes_and_turn() -> None:
    s = position(["1O", "2B 4Y", "5A"], table=[(0, "3G")], turn=2, passed=[1])
    text = R.describe(s)
    assert "[single, undetermined]" in text and "passed    P2" in text and "P3 to move" in text


def test_blue_and_purple_constants() -> None:
    assert Card(1, BLUE) < Card(1, PURPLE) < Card(2, GRAY)


def test_e3_play_after_everyone_else_passed_wins_the_round_at_once() -> None:
    # seat 0 is out, seat 1 passed: seat 2's play ends the round, seat 2 leads
    s = position(["", "1O 2A", "6G 3O"], table=[(1, "5B")], turn=2, out=[0], passed=[1])
    after = play(s, "6G")
    assert after.table == () and after.turn == 2 and after.passed == (False, False, False)
    assert not R.undo_barrier(s, P("6G"), after)
    line = logged(s, P("6G"), ["Ada", "Basil", "Cleo"])
    assert line.endswith("Everyone else has passed. Round to Cleo.")
