"""Uchronicle's rules: whole random games at 2 and 3 players, standard and
expert (rulings U8-U10, card conservation, every legal action accepted by
``check``), refusals, and the U7 dead end."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.core.game import GameConfig
from tabletop.core.words import plural
from tabletop.games.uchronicle import determinize, sample_action
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
from tests.uchronicle.positions import position, random_position, trick


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


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
        # the removed cards were seen face up and named in the log: a view
        # keeps them, and a guess never deals one into a hand or the deck
        assert view.removed == guess.removed == state.removed
        unseen = {c for h in guess.hands[:] for c in (h or ())} | set(guess.deck or ())
        assert not unseen & {c for r in state.removed for c in r}
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


def test_deal_summary_holds_the_finished_round_then_the_game():
    """Between rounds the frame shows each seat's points in all and this
    round, fewest in all first, over the round as it lay; after the last
    round, who won (U10). No other move has a summary."""
    state = RULES.setup(GameConfig(2, {"expert": False}), 3)
    pick = random.Random(3)
    summaries = []
    while not RULES.is_over(state):
        action = sample_action(state, pick)
        after = RULES.apply(state, action)
        summary = RULES.deal_summary(state, action, after)
        if after.round == state.round and after.turn is not None:
            assert summary is None
        else:
            summaries.append((state, summary, after))
        state = after
    assert len(summaries) == 2
    (before, first, after), (_, last, end) = summaries
    assert first.title == "Round 1 of 2 over" and first.columns == ("In all", "This round")
    position = first.position
    assert position.turn is None and len(position.tricks) == 9 and position.trick == ()
    assert position.results == after.results and position.totals == after.totals
    assert all(size == 1 for size in position.hand_sizes)
    RULES.invariants(position)
    points = after.results[0]
    assert [row.seat for row in first.rows] == sorted(range(2), key=lambda s: (points[s], s))
    assert first.rows[0].cells == (plural(points[first.rows[0].seat], "point"),) * 2
    assert first.note_for(["Ada", "Bob"]) == f"Round 2 of 2: {['Ada', 'Bob'][after.lead]} leads."
    best = min(end.totals)
    winners = [["Ada", "Bob"][s] for s in range(2) if end.totals[s] == best]
    assert last.position == end
    assert " and ".join(winners) in last.note_for(["Ada", "Bob"])
    assert last.note == RULES.outcome(end).detail


def test_log_line_tells_the_rules_changed_and_the_cards_taken():
    # expert: lower with no trump takes A2 and A5 out of the past trick
    expert = position(
        [trick("A2 A5 A6")],
        trick("C6", first_seat=2),
        expert=True,
        rules=parse_rules("H/-"),
        hand=cards("C5"),
    )
    names = ["Ada", "Bob", "Cy"]
    c5 = parse_card("C5")
    play = Play(c5, parse_rules("L/-"), Pick((parse_card("A2"), parse_card("A5"))))
    after = RULES.apply(expert, play)
    assert RULES.log_line(expert, play, after, names) == (
        "Ada plays C5, makes lower win, removes A2, A5 (2 points)"
    )
    assert RULES.log_detail(expert, play, after, names) == (
        "Rules now: lower wins, no trump. Taken: A2 and A5 from trick 1. "
        "Negative points this round: Ada 2, Bob 0, Cy 0."
    )
    # standard: declaring 6 takes C6 from the present trick; D trump
    standard = position(
        [trick("A2 A5 A6")], trick("C6", first_seat=2), rules=parse_rules("H/-"), hand=cards("C5")
    )
    play = Play(c5, parse_rules("H/D"), Declare((6,), ()))
    after = RULES.apply(standard, play)
    assert RULES.log_line(standard, play, after, names) == (
        "Ada plays C5, makes D trump, declares 6: takes A6, C6 (2 points)"
    )
    keep = Play(parse_card("C5"), parse_rules("H/-"), Declare((6,), ()))
    assert RULES.log_line(standard, keep, RULES.apply(standard, keep), names).startswith(
        "Ada plays C5, declares 6"
    )


def test_a_two_player_log_line_names_the_deck_card_it_had_to_beat():
    """U8: the deck's card turned up opens each 2-player trick and no line
    says which it was; the plays made while it lies in the trick name it."""
    present = trick("D5", first_seat=None, players=2)
    state = position([], present, players=2, rules=parse_rules("H/-"), hand=cards("D6 A1"))
    names = ["Ada", "Bob"]
    d6 = Play(parse_card("D6"), parse_rules("H/-"), Declare())
    after = RULES.apply(state, d6)
    assert RULES.log_line(state, d6, after, names) == "Ada plays D6 against the deck card D5"
    # the second card of the trick still had the deck card to beat
    bob = replace(after, hands=((), tuple(cards("D1 E2"))), hand_sizes=(0, 2))
    e2 = Play(parse_card("E2"), parse_rules("H/E"), Declare())
    assert RULES.log_line(bob, e2, RULES.apply(bob, e2), names) == (
        "Bob plays E2 against the deck card D5, makes E trump"
    )
    # declared away with the rest of its suit, it is still the card that was there
    d = Play(parse_card("D1"), parse_rules("H/-"), Declare((), (3,)))
    assert RULES.log_line(bob, d, RULES.apply(bob, d), names) == (
        "Bob plays D1 against the deck card D5, declares D: takes D5, D6 (2 points)"
    )
    # with 3 players there is no deck card to name
    three = position([], trick("A2", first_seat=0), rules=parse_rules("H/-"), hand=cards("A3"))
    a3 = Play(parse_card("A3"), parse_rules("H/-"), Declare())
    assert RULES.log_line(three, a3, RULES.apply(three, a3), ["Ada", "Bob", "Cy"]) == (
        "Bob plays A3"
    )


def test_reveals_and_undo_barriers():
    """A card played shows every other seat something; a new round's deal and
    the 2-player deck card turned up at a new trick (U8) are drawn at random."""
    state = RULES.setup(GameConfig(2, {"expert": False}), 4)
    pick = random.Random(4)
    action = sample_action(state, pick)
    after = RULES.apply(state, action)
    mover = state.turn
    assert RULES.reveals(state, action, after, 1 - mover)
    assert not RULES.reveals(state, action, after, mover)
    assert not RULES.undo_barrier(state, action, after)  # the trick goes on
    state = after
    action = sample_action(state, pick)
    after = RULES.apply(state, action)  # the trick ends: a deck card turns up
    assert after.deck_size == state.deck_size - 1
    assert RULES.undo_barrier(state, action, after)


@given(st.integers(0, 2**32 - 1), st.booleans(), st.integers(0, 8))
@settings(max_examples=25, derandomize=True, deadline=None)
def test_sample_action_is_legal_and_its_removal_the_cheapest(seed, expert, past):
    """sample_action finds its play without listing every action: it is legal,
    and it is one of legal_actions (its rules state's cheapest removal), or
    the U7 dead end."""
    rng = random.Random(seed)
    state, _ = random_position(rng, expert=expert, past=past)
    action = sample_action(state, rng)
    assert RULES.check(state, action) is None
    legal = RULES.legal_actions(state)
    if isinstance(action, DeadEnd):
        assert all(isinstance(a, DeadEnd) for a in legal)
    else:
        assert action in legal
