"""Phantom Rummy's hands: sets, goal hands (ruling R2), their readings, the
distance to a goal and its acceptance (checked against a brute force over
every goal hand), and the big sets a card makes with a hand."""

import itertools
import random
from functools import cache

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.games.phantom_rummy.cards import DECK, KIND_COPIES, KINDS, parse_cards, parse_kind
from tabletop.games.phantom_rummy.hands import (
    big_sets_with,
    distance_to_goal,
    goal_decompositions,
    is_big_set,
    is_goal_hand,
    set_shape,
)


def kinds(*codes):
    return tuple(parse_kind(c) for c in codes)


# --- sets ---------------------------------------------------------------------


def test_sets_are_groups_runs_and_small_sets_of_one_type():
    assert set_shape(parse_cards("S4 S4a")) == "small"
    assert set_shape(parse_cards("S4 T4")) is None  # same number, other type
    assert set_shape(parse_cards("S4 S4 S4a")) == "group"
    assert set_shape(parse_cards("M5 M3 M4")) == "run"
    assert set_shape(parse_cards("IC IC IC")) == "group"
    assert set_shape(parse_cards("IC IC")) == "small"
    assert set_shape(parse_cards("IC IG IO")) is None  # pictures make no runs
    assert set_shape(parse_cards("S3 T4 M5")) is None  # a run keeps to one type
    assert set_shape(parse_cards("S6 S7 S1")) is None  # numbers do not wrap
    assert set_shape(parse_cards("S4 S4 S5")) is None
    assert set_shape(parse_cards("S1 S2 S3 S4")) is None
    assert is_big_set(parse_cards("T1 T2 T3")) and not is_big_set(parse_cards("T1 T1"))


# --- goal hands ---------------------------------------------------------------


def test_goal_hands_mix_runs_groups_red_and_black():
    assert is_goal_hand(parse_cards("S1 S2 S3 M4 M4 M4 IC IC"))
    assert is_goal_hand(parse_cards("S1a S2 S3 S1 S2a S3 T7a T7"))  # two runs, red and black
    assert is_goal_hand(parse_cards("IC IC IC IGa IGb IGc IT IT"))  # Items: groups and a pair
    assert is_goal_hand(parse_cards("M4a M4 M4 M4 M5 M6 M3 M3"))  # a group and a run sharing 4s


def test_hands_that_are_no_goal():
    assert not is_goal_hand(parse_cards("S1 S2 S3 M4 M4 M4 IC"))  # 7 cards
    assert not is_goal_hand(parse_cards("S1 S2 S3 M4 M4 M4 IC IC IC"))  # 9 cards
    assert not is_goal_hand(parse_cards("S1 S2 S3 M4 M4 M4 IC IG"))  # no small set
    assert not is_goal_hand(parse_cards("S1 S2 S3 IC IG IO T5 T5"))  # Items make no run
    assert not is_goal_hand(parse_cards("S6 S7 S1 M4 M4 M4 T5 T5"))  # no wrapping run
    assert not is_goal_hand(parse_cards("S4 T4 M4 M4 M4 M4 T5 T5"))  # a group keeps to one type
    assert goal_decompositions(parse_cards("S1 S2 S3 M4 M4 M4 IC IG")) == []


def test_decompositions_list_every_reading():
    hand = parse_cards("S1 S1 S2 S2 S3 S3 S4 S4")
    readings = goal_decompositions(hand)
    shapes = sorted(
        (str(KINDS[r.small[0].kind]), tuple(sorted(str(KINDS[b[0].kind]) for b in r.big)))
        for r in readings
    )
    # small set of 1s with runs 2-3-4 twice, or small set of 4s with runs 1-2-3 twice
    assert shapes == [("S1", ("S2", "S2")), ("S4", ("S1", "S1"))]
    for r in readings:
        assert sorted([*r.small, *r.big[0], *r.big[1]]) == sorted(hand)
        assert set_shape(r.small) == "small" and all(set_shape(b) == "run" for b in r.big)
    one = goal_decompositions(parse_cards("S3 S3 S3 S4 S4 S4 S5 S5"))
    assert len(one) == 1 and set_shape(one[0].small) == "small"
    assert {set_shape(b) for b in one[0].big} == {"group"}
    # red and black copies swapped are not another reading
    assert len(goal_decompositions(parse_cards("M4a M4 M4 M4 M5 M6 M3 M3"))) == 1


# --- distance and acceptance --------------------------------------------------


def test_distance_of_known_hands():
    goal = parse_cards("S1 S2 S3 M4 M4 M4 IC IC")
    assert distance_to_goal(goal, True).cards == 0
    one_away = distance_to_goal(parse_cards("S1 S2 S3 M4 M4 M4 IC"), 1)
    assert one_away.cards == 1 and one_away.acceptance == kinds("IC")
    waits = distance_to_goal(parse_cards("M4 M4 M4 IC IC T5 T6"), True)
    assert waits.cards == 1 and waits.acceptance == kinds("T4", "T7")
    # the hand holds all four M4s: they cannot be what it waits on
    full = distance_to_goal(parse_cards("M4 M4 M4 M4 IC IC T5"), True)
    assert parse_kind("M4") not in full.acceptance
    # nothing open: a goal needs a third big set, to open first
    assert distance_to_goal(goal, False).cards == 3
    assert distance_to_goal(parse_cards("S1 S2 S3 M4 M4 M4 IC"), False).cards == 4


@cache
def goal_targets(big):
    """Every goal as kind counts (``big`` big sets and one small set within the
    deck's copies), built from the kinds' types and numbers alone."""
    n = len(KINDS)
    sets = []
    for k, kind in enumerate(KINDS):
        sets.append(np.eye(n, dtype=np.int8)[k] * 3)
        run = [
            j
            for j in range(n)
            if KINDS[j].type == kind.type
            and kind.number is not None
            and KINDS[j].number in (kind.number, kind.number + 1, kind.number + 2)
        ]
        if len(run) == 3:
            sets.append(np.eye(n, dtype=np.int8)[run].sum(axis=0))
    sets_m = np.array(sets)
    combos = np.array(list(itertools.combinations_with_replacement(range(len(sets)), big)))
    bigs = sets_m[combos].sum(axis=1)
    goals = (bigs[:, None, :] + 2 * np.eye(n, dtype=np.int8)[None, :, :]).reshape(-1, n)
    return goals[(goals <= np.array(KIND_COPIES)).all(axis=1)].astype(np.int8)


def brute_distance(hand, opened):
    big = 2 if opened else 3
    goals = goal_targets(big)
    counts = np.bincount([c.kind for c in hand], minlength=len(KINDS)).astype(np.int8)
    held = np.minimum(goals, counts).sum(axis=1, dtype=np.int16)
    best = held.max()
    # one more card of kind k adds one to every goal that wants more k's than held
    accept = [
        KINDS[k]
        for k in range(len(KINDS))
        if counts[k] < KIND_COPIES[k] and (held[goals[:, k] > counts[k]] == best).any()
    ]
    return 3 * big + 2 - int(best), tuple(accept)


ANY_HAND = st.sets(st.sampled_from(DECK), min_size=7, max_size=8)
# hands packed into Swords and Items, where copies run out and sets overlap
PACKED_HAND = st.sets(
    st.sampled_from([c for c in DECK if c.type in ("Sword", "Item")]), min_size=7, max_size=8
)


@settings(max_examples=25, deadline=None)
@given(st.one_of(ANY_HAND, PACKED_HAND), st.booleans())
def test_distance_and_acceptance_match_a_brute_force(hand, opened):
    got = distance_to_goal(hand, opened)
    assert (got.cards, got.acceptance) == brute_distance(hand, opened)
    assert is_goal_hand(hand) == (len(hand) == 8 and brute_distance(hand, True)[0] == 0)
    assert is_goal_hand(hand) == bool(goal_decompositions(hand))


# --- big sets with a card -----------------------------------------------------


def test_big_sets_with_a_card():
    card = parse_cards("S4a")[0]
    found = big_sets_with(card, parse_cards("S4 S4 S5 S6 S3 S2 M4 IC"))
    assert all(f[0] == card and set_shape(f) in ("group", "run") for f in found)
    assert sorted(tuple(sorted(str(KINDS[c.kind]) for c in f[1:])) for f in found) == [
        ("S2", "S3"),
        ("S3", "S5"),
        ("S4", "S4"),
        ("S5", "S6"),
    ]
    # black look-alikes make one choice; a red copy in hand makes another
    black = parse_cards("S4d")[0]
    assert len(big_sets_with(black, parse_cards("S4a S4b S4c"))) == 2
    # the plain and the legendary red Crown are different choices
    assert len(big_sets_with(parse_cards("ICd")[0], parse_cards("ICa ICb ICc"))) == 3
    assert big_sets_with(parse_cards("IC")[0], parse_cards("IG IO IT")) == []
    assert big_sets_with(card, [card, *parse_cards("S5")]) == []  # the card is not in it twice


def test_is_goal_hand_agrees_with_a_distance_of_nothing() -> None:
    """``is_goal_hand`` reads the hand's sets; a goal hand is also one whose
    distance to a goal is 0 cards: the two agree on random and chosen hands."""
    rng = random.Random(9)
    samples = [tuple(rng.sample(DECK, 8)) for _ in range(60)]
    samples += [parse_cards(h) for h in ("M5 M5 M5 S1 S2 S3 T7 T7", "IC IC IC IG IG IG M1 M1")]
    samples += [parse_cards("M5 M5 M6 S1 S2 S3 T7 T7"), parse_cards("S1 S2 S3 S4 S5 S6 S7 S7")]
    assert [is_goal_hand(h) for h in samples] == [
        distance_to_goal(h, True).cards == 0 for h in samples
    ]
    assert [is_goal_hand(h) for h in samples[-4:]] == [True, True, False, True]


def test_distance_of_hands_larger_than_a_goal_hand() -> None:
    """Hands of 9 or more cards of one type (never held in play) are scored
    when first met, with the same answers as the brute force."""
    for text, opened in (
        ("S1 S1 S2 S2 S3 S3 S4 S4 S5 S6", True),
        ("S1 S1 S1 S2 S3 S4 S4 S5 S5 S7 S7", False),
        ("IC IC IC IG IG IG IO IO IT", False),
    ):
        hand = parse_cards(text)
        got = distance_to_goal(hand, opened)
        assert (got.cards, got.acceptance) == brute_distance(hand, opened), text
