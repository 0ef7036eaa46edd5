"""The solver on its own: strength (U2), consistency (U3), options and removals
(U4-U7), and its exactness against brute force over every removal on small
positions."""

from __future__ import annotations

import itertools
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.uchronicle.model import (
    Card,
    Declare,
    Pick,
    Play,
    RulesState,
    UchronicleState,
    parse_card,
    parse_rules,
)
from tabletop.games.uchronicle.solver import (
    check_removal,
    consistent,
    dead_end,
    options,
    rules_states,
    strength_order,
    taken_by,
    trick_consistent,
)
from tests.uchronicle.positions import position, ragged_position, random_position, trick

QUICK = settings(max_examples=25, derandomize=True, deadline=None)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


def test_u2_strength_order_trump_suit_and_rank_first():
    # A2 leads; trump suit C, trump rank 4: C4, then the 4s latest first, then
    # C, then the lead suit A by rank; B5 (neither) last
    played = cards("A2 B4 C1 A6 C4 D4 B5")
    order = strength_order(played, parse_rules("H/C/4"))
    assert [str(c) for c in order] == ["C4", "D4", "B4", "C1", "A6", "A2", "B5"]


def test_u2_lower_rank_wins_within_a_suit_but_not_among_trump_ranks():
    order = strength_order(cards("A5 A1 B3 A3 E3"), parse_rules("L/-/3"))
    assert [str(c) for c in order] == ["E3", "A3", "B3", "A1", "A5"]


def test_u3_each_card_must_beat_every_earlier_card():
    assert trick_consistent(cards("A2 A5 B1"), parse_rules("H/B"))
    assert not trick_consistent(cards("A2 A5 B1"), parse_rules("H/-"))
    assert not trick_consistent(cards("A2 A5 A3"), parse_rules("H/-"))
    assert trick_consistent(cards("A2"), parse_rules("L/-"))
    assert trick_consistent((), parse_rules("L/-"))


def test_u3_the_first_card_is_the_first_still_in_the_history():
    # with A2 gone, B5 leads and B6 follows suit: consistent under no trump
    assert not consistent([cards("A2 B5 B6")], parse_rules("H/-"))
    assert consistent([cards("B5 B6")], parse_rules("H/-"))


def test_u4_the_present_rules_first_when_they_already_work():
    state = position([trick("A2 A5 A6")], trick("C3", first_seat=2), rules=parse_rules("H/-"))
    best = options(state, parse_card("C5"))[0]
    assert (best.rules, best.cost) == (parse_rules("H/-"), 0)


def test_u5_standard_declaration_takes_the_present_trick_but_not_the_played_card():
    # C5 after C6 cannot win under any rules without removing C6 (lower rank
    # wins? then the past trick A2 A5 A6 breaks): the cheapest is declaring 6
    state = position([trick("A2 A5 A6")], trick("C6", first_seat=2), rules=parse_rules("H/-"))
    best = options(state, parse_card("C5"))[0]
    assert best.cost == 1 and best.taken == cards("C6")
    why = check_removal(state, Play(parse_card("C5"), parse_rules("H/-"), Declare((5,), ())))
    assert why == "C6 would still beat your card C5 under higher wins, no trump."
    # declaring C takes C6 but never C5 itself
    assert taken_by(state, parse_card("C5"), Declare((), (2,))) == cards("C6")


def test_u5_expert_removals_are_past_cards_only():
    state = position(
        [trick("A2 A5 A6")], trick("C6", first_seat=2), expert=True, rules=parse_rules("H/-")
    )
    c5 = parse_card("C5")
    # C6 stays: higher with no trump, where it beats C5, is no option
    assert parse_rules("H/-") not in {o.rules for o in options(state, c5)}
    why = check_removal(state, Play(c5, parse_rules("H/-"), Pick(cards("C6"))))
    assert why == "C6 is in the present trick: only cards of past tricks can be removed."
    # lower with no trump: the past trick A2 A5 A6 must lose two cards
    lower = [o for o in options(state, c5) if o.rules == parse_rules("L/-")][0]
    assert lower.cost == 2 and lower.taken == cards("A2 A5")


def test_u7_dead_end_when_no_rules_state_lets_a_card_win():
    # the present trick already breaks every rules state: A1 then A2 then A3
    # only holds with higher; then B1 can only win as a trump (suit or rank)
    state = position([], trick("A1 A2", first_seat=0), expert=True)
    assert not dead_end(state, cards("B1"))
    hopeless = position([], trick("A2 A1 A3", first_seat=0), expert=True)
    assert dead_end(hopeless, cards("B1 C6 A4"))
    assert all(options(hopeless, c) == [] for c in cards("B1 C6 A4"))
    assert not dead_end(position([], trick("A2 A1 A3", first_seat=0)), cards("B1"))


def test_example_1_same_suit_by_rank_to_win_and_the_trump_over_both():
    """Example 1 (standard). The rulebook's pictures are not in its text, so
    the tricks are built to match its sentences: higher wins, trump suit C.
    Trick 1: two cards of one suit, the higher winning, then a C card beating
    both. Trick 2: three C cards, each higher than the one before."""
    rules = parse_rules("H/C")
    trick1, trick2 = cards("A2 A5 C1"), cards("C2 C4 C6")
    assert consistent([trick1, trick2], rules)
    assert strength_order(trick1, rules) == cards("C1 A5 A2")
    assert strength_order(trick2, rules) == cards("C6 C4 C2")
    # the other way round fails: lower wins, or no trump
    assert not consistent([trick1, trick2], parse_rules("L/C"))
    assert not consistent([trick1], parse_rules("H/-"))


def test_example_2_bob_may_not_make_5_the_trump_rank():
    """Example 2 (expert). The rulebook's pictures are not in its text, so this
    position is built to match every sentence: Alice, Bob and Carol are seats
    0, 1, 2. Trick 1: A5, A6, then Carol's B4 under higher wins, trump suit B,
    no trump rank. Trick 2 (Carol leads, U9): D1, then Alice's C2 under higher
    wins, trump suit C, trump rank 4: B4 is no longer of the trump suit, but as
    a trump rank trick 1 still holds. Bob may win with a card of that trump
    suit (C6) or a 4 (E4); without either he removes a card to change the
    trump rank (E6: take B4, trump rank 6), but no single removal makes 5
    the trump rank: two cards of trick 1 would still disagree."""
    t1 = trick("A5 A6 B4", first_seat=0)
    present = trick("D1 C2", first_seat=2)
    rules = parse_rules("H/C/4")
    state = position([t1], present, expert=True, rules=rules)
    assert consistent([t1], parse_rules("H/B"))
    assert consistent([t1, present], rules)
    for card in cards("C6 E4"):
        assert options(state, card)[0].cost == 0 and options(state, card)[0].rules == rules
    e6 = [o for o in options(state, parse_card("E6")) if o.rules == parse_rules("H/C/6")][0]
    assert e6.cost == 1 and e6.taken == cards("B4")
    e5 = parse_card("E5")
    assert [o.cost for o in options(state, e5) if o.rules == parse_rules("H/C/5")] == [2]
    for one in cards("A5 A6 B4"):
        assert check_removal(state, Play(e5, parse_rules("H/C/5"), Pick((one,)))) is not None
    assert not consistent([t1], parse_rules("H/C/5"))


@given(st.integers(0, 2**32 - 1), st.booleans())
@QUICK
def test_every_option_is_legal_and_its_removal_the_cheapest(seed, expert):
    _assert_options_exact(*random_position(random.Random(seed), expert=expert, past=2))


@given(st.integers(0, 2**32 - 1), st.booleans())
@QUICK
def test_options_exact_on_thinned_tricks_and_two_player_deck_cards(seed, expert):
    """Emptied and 1-2 card past tricks, and 2-player tricks opened by the
    deck's card: the solver still matches brute force."""
    _assert_options_exact(*ragged_position(random.Random(seed), expert=expert))


def _assert_options_exact(state: UchronicleState, card: Card) -> None:
    """Every option is legal and makes ``card`` strongest, and per rules state
    its cost is brute force's cheapest; cheapest first."""
    found = options(state, card)
    costs = {o.rules: o.cost for o in found}
    for o in found:
        assert check_removal(state, Play(card, o.rules, o.removal)) is None
        assert o.taken == taken_by(state, card, o.removal) and o.cost == len(o.taken)
        assert (
            strength_order(
                (*(p.card for p in state.trick if p.card not in o.taken), card), o.rules
            )[0]
            == card
        )
    assert costs == _brute_force(state, card)
    costs_list = [o.cost for o in found]
    assert costs_list == sorted(costs_list)


def _brute_force(state: UchronicleState, card: Card) -> dict[RulesState, int]:
    """The cheapest cost per rules state over every removal there is."""
    best: dict[RulesState, int] = {}
    past = [tuple(p.card for p in t) for t in state.tricks]
    present = tuple(p.card for p in state.trick) + (card,)
    if state.expert:
        pool = [c for t in past for c in t]
        removals = [
            Pick(sub) for n in range(len(pool) + 1) for sub in itertools.combinations(pool, n)
        ]
    else:
        history = [c for t in (*past, present) for c in t if c != card]
        ranks = sorted({c.rank for c in history})
        suits = sorted({c.suit for c in history})
        removals = [
            Declare(r, s)
            for nr in range(len(ranks) + 1)
            for r in itertools.combinations(ranks, nr)
            for ns in range(len(suits) + 1)
            for s in itertools.combinations(suits, ns)
        ]
    outcomes = {frozenset(taken_by(state, card, removal)) for removal in removals}
    ordered = sorted(outcomes, key=len)  # many removals take the same cards
    for rules in rules_states(state.expert):
        if state.expert and not trick_consistent(present, rules):
            continue  # expert removals never touch the present trick
        for gone in ordered:
            tricks = [tuple(c for c in t if c not in gone) for t in (*past, present)]
            if consistent(tricks, rules):
                best[rules] = len(gone)
                break
    return best


@given(st.integers(0, 2**32 - 1), st.booleans(), st.integers(0, 2**12 - 1))
@QUICK
def test_check_removal_agrees_with_options_on_random_removals(seed, expert, bits):
    rng = random.Random(seed)
    _assert_check_agrees(*random_position(rng, expert=expert, past=3), rng, bits)


@given(st.integers(0, 2**32 - 1), st.booleans(), st.integers(0, 2**12 - 1))
@QUICK
def test_check_removal_agrees_on_thinned_tricks_and_two_player_deck_cards(seed, expert, bits):
    rng = random.Random(seed)
    _assert_check_agrees(*ragged_position(rng, expert=expert), rng, bits)


def _assert_check_agrees(state: UchronicleState, card: Card, rng: random.Random, bits: int) -> None:
    """``check_removal`` accepts a removal exactly when the history left is
    consistent with the rules, and no accepted removal undercuts the cheapest."""
    rules = rng.choice(rules_states(state.expert))
    if state.expert:
        pool = sorted(p.card for t in state.tricks for p in t)
        removal: Declare | Pick = Pick(tuple(c for i, c in enumerate(pool) if bits >> i & 1))
    else:
        removal = Declare(
            tuple(r for r in range(1, 7) if bits >> (r - 1) & 1),
            tuple(s for s in range(5) if bits >> (6 + s) & 1),
        )
    why = check_removal(state, Play(card, rules, removal))
    gone = set(taken_by(state, card, removal))
    tricks = [
        tuple(p.card for p in t if p.card not in gone) for t in (*state.tricks, (*state.trick,))
    ]
    tricks[-1] = (*tricks[-1], card)
    assert (why is None) == consistent(tricks, rules)
    best = {o.rules: o.cost for o in options(state, card)}
    if why is None:
        assert best[rules] <= len(gone)


@given(st.integers(0, 2**32 - 1), st.booleans(), st.integers(0, 2**12 - 1))
@QUICK
def test_u6_a_dearer_removal_made_by_adding_stays_legal(seed, expert, bits):
    """Adding to a legal removal (past cards in the expert game, ranks and suits
    in the standard one) keeps it legal: what is left of a consistent trick
    stays consistent, as the new first card is of the old first card's suit or
    a trump. So on the table only taking back what the cheapest removal needed
    (or an expert present-trick card, refused at once) can be refused."""
    rng = random.Random(seed)
    state, card = ragged_position(rng, expert=expert)
    for o in options(state, card):
        if isinstance(o.removal, Pick):
            pool = sorted(p.card for t in state.tricks for p in t)
            extra = {c for i, c in enumerate(pool) if bits >> i & 1}
            dearer: Declare | Pick = Pick(tuple(set(o.removal.cards) | extra))
        else:
            dearer = Declare(
                tuple({*o.removal.ranks, *(r for r in range(1, 7) if bits >> (r - 1) & 1)}),
                tuple({*o.removal.suits, *(s for s in range(5) if bits >> (6 + s) & 1)}),
            )
        assert check_removal(state, Play(card, o.rules, dearer)) is None
        assert set(o.taken) <= set(taken_by(state, card, dearer))


def test_example_3_carol_declares_4_and_a_suit_or_6_and_a_suit():
    """Example 3 (standard). The rulebook's pictures are not in its text, so
    this position is built to match every sentence: Alice, Bob and Carol are
    seats 0, 1, 2. Trick 1: A2, then B3 and B5 under higher wins, trump B.
    Trick 2: C3, C5, then Bob's B4 under higher wins, trump B. Trick 3 (Bob
    leads, U9): Bob's E6, and Carol holds D2. Carol declares rank 4 and suit
    A (B4 and A2 go: trick 1 then opens with B3) and makes D trump, so her D2
    beats E6. Instead she may declare rank 6 and suit A (E6 and A2 go): the
    trump suit stays B and D2, alone in the present trick, wins. Either way
    she takes 2 cards. (Declaring 6 alone would do for the second at 1
    point: the solver offers that first, and she may still take the dearer,
    U6.)"""
    t1 = trick("A2 B3 B5", first_seat=0)
    t2 = trick("C3 C5 B4", first_seat=2)
    present = trick("E6", first_seat=1)
    rules = parse_rules("H/B")
    assert consistent([t1, t2, present], rules)
    d2 = parse_card("D2")
    state = position([t1, t2], present, rules=rules, hand=[d2, parse_card("E1")])
    assert state.turn == 2  # Carol

    first = Play(d2, parse_rules("H/D"), Declare((4,), (0,)))
    assert check_removal(state, first) is None
    assert taken_by(state, d2, first.removed) == cards("A2 B4")
    assert strength_order(cards("E6 D2"), parse_rules("H/D"))[0] == d2
    trump_d = [o for o in options(state, d2) if o.rules == parse_rules("H/D")][0]
    assert trump_d.cost == 2  # no cheaper way to make D trump
    # without the 4 or the A, a trick disagrees with trump D
    why = check_removal(state, Play(d2, parse_rules("H/D"), Declare((), (0,))))
    assert why == "C5 would beat B4 in trick 2 under higher wins, trump D."

    second = Play(d2, rules, Declare((6,), (0,)))
    assert check_removal(state, second) is None
    assert taken_by(state, d2, second.removed) == cards("A2 E6")
    keep = [o for o in options(state, d2) if o.rules == rules][0]
    assert keep.removal == Declare((6,), ()) and keep.taken == cards("E6")
