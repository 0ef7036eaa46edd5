"""Uchronicle's rules: whole random games at 2 and 3 players, standard and
expert (rulings U8-U10, card conservation, every legal action accepted by
``check``), refusals, and the U7 dead end."""

from __future__ import annotations

import random

import pytest

from tabletop.core.game import GameConfig
from tabletop.games.uchronicle import determinize
from tabletop.games.uchronicle.model import (
    DECK,
    DeadEnd,
    Declare,
    Pick,
    Play,
    RulesState,
    UchronicleState,
    parse_card,
    parse_rules,
)
from tabletop.games.uchronicle.rules import RULES
from tests.uchronicle.positions import position, trick


def _cards_everywhere(state: UchronicleState) -> list:
    cards = [c for h in state.hands for c in (h or ())]
    cards += [p.card for t in (*state.tricks, state.trick) for p in t]
    cards += [c for r in (state.removed or ()) for c in r]
    cards += list(state.deck or ())
    return cards


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("expert", [False, True])
def test_u8_u9_u10_a_random_game_keeps_every_rule(players, expert):
    state = RULES.setup(GameConfig(players, {"expert": expert}), 7)
    pick = random.Random(7)
    first_leads = [state.first_lead]
    while not RULES.is_over(state):
        cards = _cards_everywhere(state)
        assert sorted(cards) == sorted(DECK)  # the 30 cards, each once
        assert sum(state.points) == sum(len(r) for r in state.removed)
        if players == 2:  # U8: each trick opens with the deck's card, nobody's
            assert state.trick and state.trick[0].seat is None or state.turn != state.lead
        RULES.invariants(state)
        view = RULES.view(state, state.turn)
        RULES.invariants(view)
        guess = determinize(view, state.turn, random.Random(len(state.tricks)))
        RULES.invariants(guess)
        assert guess.hands[state.turn] == state.hands[state.turn]
        assert (guess.tricks, guess.trick) == (state.tricks, state.trick)
        legal = RULES.legal_actions(state)
        action = legal[pick.randrange(len(legal))]
        assert RULES.check(state, action) is None
        seat, before = state.turn, state
        state = RULES.apply(state, action)
        if state.round != before.round:
            # nine tricks, each player keeping one card; U10 the lead moves left
            assert len(before.tricks) == 8 and sum(before.hand_sizes) == players + 1
            assert state.first_lead == (before.first_lead + 1) % players
            first_leads.append(state.first_lead)
        elif len(state.tricks) > len(before.tricks) and state.turn is not None:
            assert state.lead == state.turn == seat  # U9: the last player leads
    RULES.invariants(state)
    assert len(state.results) == players == len(first_leads)
    assert all(h == 1 for h in state.hand_sizes)
    assert state.totals == tuple(sum(r[s] for r in state.results) for s in range(players))
    outcome = RULES.outcome(state)
    assert outcome.winners == tuple(
        s for s in range(players) if state.totals[s] == min(state.totals)
    )


def test_check_refuses_with_a_reason():
    state = RULES.setup(GameConfig(3, {"expert": False}), 1)
    hand = state.hands[state.turn]
    other = next(c for c in DECK if c not in hand)
    assert RULES.check(state, "play") == "That is not a Uchronicle move."
    assert RULES.check(state, Play(parse_card("A1"), "H/-")).startswith("Designate a rules state")
    assert RULES.check(state, Play(other, RulesState())) == f"You do not hold {other}."
    assert (
        RULES.check(state, Play(hand[0], parse_rules("H/-/4")))
        == "The standard game has no trump rank."
    )
    assert RULES.check(state, Play(hand[0], RulesState(), Pick())) == (
        "In the standard game, remove by declaring ranks and suits."
    )
    assert (
        RULES.check(state, DeadEnd(hand[0], RulesState())) == "Only the expert game has a dead end."
    )
    assert RULES.check(state, Play(hand[0], RulesState(), Declare((9,), ()))) == (
        "The declared rank must be from 1 to 6, not 9."
    )


def test_u7_dead_end_takes_all_but_each_tricks_last_card():
    """A2 then B5 holds only with B as trump suit (or B5 as trump rank and
    suit): a 2 of another suit can then never win, but B6 could."""
    past = [trick("D1 D2 D3"), trick("E6 E5", first_seat=2)]
    present = trick("A2 B5", first_seat=0)
    twos = [parse_card(c) for c in ("C2", "E2")]
    hopeful = position(past, present, expert=True, hand=[*twos, parse_card("B6")])
    assert RULES.check(hopeful, DeadEnd(twos[0], RulesState())) == (
        "One of your cards can still win: this is no dead end."
    )
    hopeless = position(past, present, expert=True, hand=[parse_card("C2"), parse_card("E2")])
    assert all(isinstance(a, DeadEnd) for a in RULES.legal_actions(hopeless))
    assert RULES.check(hopeless, DeadEnd(parse_card("C2"), parse_rules("L/C"))) is None
    after = RULES.apply(hopeless, DeadEnd(parse_card("C2"), parse_rules("L/C")))
    # the present trick ends with C2 alone (the third card of three players)
    assert [[str(p) for p in t] for t in after.tricks] == [["D3"], ["E5"], ["C2"]]
    assert after.trick == () and after.turn == after.lead == 2
    # D1, D2, E6 and the present trick's A2 and B5: 5 negative points
    assert after.points[2] == 5 and after.rules == parse_rules("L/C")


def test_invariants_refuse_a_broken_state():
    state = RULES.setup(GameConfig(3, {"expert": True}), 2)
    RULES.invariants(state)
    hands = (state.hands[0][1:], *state.hands[1:])
    with pytest.raises(AssertionError, match="size does not match"):
        RULES.invariants(UchronicleState(**{**state.__dict__, "hands": hands}))
    with pytest.raises(AssertionError, match="not 2 or 3"):
        RULES.invariants(UchronicleState(**{**state.__dict__, "players": True}))
    doubled = (state.hands[0], state.hands[0], state.hands[2])
    with pytest.raises(AssertionError, match="two places"):
        RULES.invariants(UchronicleState(**{**state.__dict__, "hands": doubled}))
