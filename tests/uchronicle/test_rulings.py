"""One scenario per ruling the other files leave to whole random games:
U1 (the rules state), U6 (cheapest first, a dearer removal allowed), U8 (the
2-player deck card), U9 (the next lead) and U10 (rounds, the moving first
lead, the lowest total winning, ties sharing). Each builds a literal
position, plays one move and checks the position or refusal it gives."""

from __future__ import annotations

from dataclasses import replace

from tabletop.core.game import GameConfig
from tabletop.games.uchronicle.model import (
    Declare,
    Pick,
    Play,
    Played,
    RulesState,
    parse_card,
    parse_rules,
)
from tabletop.games.uchronicle.rules import RULES, START_RULES
from tabletop.games.uchronicle.solver import options, rules_states
from tests.uchronicle.positions import position, trick


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


def test_u1_rank_to_win_trump_suit_and_in_expert_play_trump_rank():
    # standard: higher or lower, no trump or one of 5 suits; expert adds
    # no trump rank or one of 6 ranks
    assert len(rules_states(False)) == 2 * 6
    assert len(rules_states(True)) == 2 * 6 * 7
    assert all(r.trump_rank is None for r in rules_states(False))
    state = RULES.setup(GameConfig(3, {"expert": False}), 11)
    assert state.rules == START_RULES == RulesState(True, None, None)
    card = state.hands[state.turn][0]
    assert RULES.check(state, Play(card, parse_rules("H/A/3"))) == (
        "The standard game has no trump rank."
    )
    expert = RULES.setup(GameConfig(3, {"expert": True}), 11)
    lead = expert.hands[expert.turn][0]
    # the lead wins under any rules state: each is offered, and a trump rank
    # set on the board stays there
    assert {a.rules for a in RULES.legal_actions(expert) if a.card == lead} == set(
        rules_states(True)
    )
    after = RULES.apply(expert, Play(lead, parse_rules("L/C/3"), Pick()))
    assert after.rules == RulesState(False, 2, 3)


def test_u6_cheapest_removal_first_and_a_dearer_one_allowed():
    """C5 after C6 under lower, no trump: the past trick A2 A5 A6 (higher
    wins) must lose two cards; taking all three also works and costs more."""
    state = position(
        [trick("A2 A5 A6")],
        trick("C6", first_seat=2),
        expert=True,
        rules=parse_rules("H/-"),
        hand=cards("C5"),
    )
    c5 = parse_card("C5")
    lower = [o for o in options(state, c5) if o.rules == parse_rules("L/-")]
    assert len(lower) == 1 and lower[0].cost == 2
    assert [a for a in RULES.legal_actions(state) if a.rules == parse_rules("L/-")] == [
        Play(c5, parse_rules("L/-"), lower[0].removal)
    ]
    dearer = Play(c5, parse_rules("L/-"), Pick(tuple(cards("A2 A5 A6"))))
    assert RULES.check(state, dearer) is None
    assert RULES.apply(state, dearer).points[0] == 3
    # one card is not enough
    assert RULES.check(state, Play(c5, parse_rules("L/-"), Pick(tuple(cards("A2"))))) == (
        "A5 would beat A6 in trick 1 under lower wins, no trump."
    )


def test_u8_two_players_the_deck_card_opens_each_trick():
    """With 2 players the trick opens with the deck's card, nobody's; the lead
    must beat it. When the trick ends, the next card is turned up. A deck card
    in a past trick may be removed, and scores for the remover."""
    state = RULES.setup(GameConfig(2, {"expert": True}), 5)
    first = state.trick[0]
    assert len(state.trick) == 1 and first.seat is None and state.deck_size == 9
    assert first.card not in state.hands[0] + state.hands[1]
    # the lead's every play beats the deck card under its rules
    for action in RULES.legal_actions(state):
        assert RULES.check(state, action) is None
    # a literal position: D5 turned up, the lead holds D3 and D6; trick 1
    # opened with the deck card E4 and holds under lower wins, trump A
    past = [trick("E4 E2 A1", first_seat=None, players=2)]
    present = (Played(parse_card("D5"), None),)
    literal = replace(
        position(
            past, present, expert=True, players=2, hand=cards("D3 D6"), rules=parse_rules("L/A")
        ),
        lead=0,
        turn=0,
        deck=tuple(cards("B2 B3")),
        deck_size=2,
    )
    d3, d6 = cards("D3 D6")
    assert RULES.check(literal, Play(d3, parse_rules("L/A"), Pick())) is None
    assert RULES.check(literal, Play(d6, parse_rules("L/A"), Pick())) == (
        "D5 would still beat your card D6 under lower wins, trump A."
    )
    assert RULES.check(literal, Play(d6, parse_rules("H/A"), Pick())) == (
        "E4 would beat E2 in trick 1 under higher wins, trump A."
    )
    # removing the deck card E4 from trick 1 lets D6 win, and scores
    play = Play(d6, parse_rules("H/A"), Pick(tuple(cards("E4"))))
    assert [o.taken for o in options(literal, d6) if o.rules == play.rules] == [(cards("E4")[0],)]
    assert RULES.check(literal, play) is None
    after = RULES.apply(literal, play)
    assert after.points == (1, 0) and after.turn == 1
    assert after.tricks[0] == past[0][1:]  # E2 and A1 stay
    # the second player ends the trick: B2 is turned up for the next one
    other = replace(after, hands=((), tuple(cards("D4 A6"))), hand_sizes=(0, 2))
    final = RULES.apply(other, Play(parse_card("A6"), parse_rules("H/A"), Pick()))
    assert final.trick == (Played(parse_card("B2"), None),)
    assert final.deck == tuple(cards("B3")) and final.deck_size == 1
    assert final.turn == final.lead == 1  # U9: the last player leads


def test_u9_the_last_player_of_a_trick_leads_the_next():
    # seat 1 led; seat 0 plays the trick's last card and leads the next
    state = position(
        [trick("A1 A2 A3", first_seat=0)], trick("B1 B2", first_seat=1), hand=cards("B3 C1")
    )
    assert state.turn == 0 and state.lead == 1
    after = RULES.apply(state, Play(parse_card("B3"), parse_rules("H/-"), Declare()))
    assert len(after.tricks) == 2 and after.trick == ()
    assert after.lead == after.turn == 0


def _last_play_of_round(round_number: int, results: tuple, first_lead: int):
    """Round ``round_number`` of 3, trick 9: eight tricks of one suit each,
    the present trick E1 E2, seat 0 to play E3 (E4, E5, E6 are the cards the
    players keep)."""
    suits = "ABCD"
    past = []
    lead = 0
    for i in range(8):
        suit, low = suits[i // 2], 1 + 3 * (i % 2)
        past.append(trick(*(f"{suit}{low + k}" for k in range(3)), first_seat=lead))
        lead = (lead + 2) % 3  # U9: the last of three leads next
    present = trick("E1 E2", first_seat=lead)
    state = position(past, present, rules=parse_rules("H/-"), hand=cards("E3 E4"))
    totals = tuple(sum(r[s] for r in results) for s in range(3))
    state = replace(
        state,
        round=round_number,
        first_lead=first_lead,
        hands=(tuple(cards("E3 E4")), tuple(cards("E5")), tuple(cards("E6"))),
        hand_sizes=(2, 1, 1),
        totals=totals,
        results=results,
    )
    RULES.invariants(state)
    return state


def test_u10_rounds_move_the_first_lead_left_and_the_lowest_total_wins():
    play = Play(parse_card("E3"), parse_rules("H/-"), Declare())
    # the end of round 1 of 3 deals round 2, led by the seat to the left
    state = _last_play_of_round(1, (), first_lead=2)
    after = RULES.apply(state, play)
    assert after.round == 2 and after.first_lead == after.lead == after.turn == 0
    assert after.results == ((0, 0, 0),) and after.hand_sizes == (10, 10, 10)
    # the end of round 3 of 3 ends the game: the lowest total wins, ties share
    state = _last_play_of_round(3, ((3, 1, 0), (0, 4, 3)), first_lead=1)
    end = RULES.apply(state, play)
    assert RULES.is_over(end) and end.results[-1] == (0, 0, 0)
    assert end.totals == (3, 5, 3)
    outcome = RULES.outcome(end)
    assert outcome.places == (1, 3, 1) and outcome.winners == (0, 2)
    assert outcome.words_for(["Ada", "Bob", "Cy"]) == (
        "All rounds have been played. Ada and Cy share the win with 3 negative points each."
    )
