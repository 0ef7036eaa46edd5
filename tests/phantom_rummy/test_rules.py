"""Phantom Rummy's rules on positions built by hand: the turn and the ready
lock, claims on a discard asked of every other seat in turn order and settled
goal first (R4), pile-out (R5), goal scoring with the repeating bonus check
(R6), the match end (R7), the advanced discarder's penalty (R8), views that
hide hands, pile, seed and sealed answers, the log's words, and one random
match's first short games checked step by step."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop.core.game import EndReason
from tabletop.games import phantom_rummy as pr
from tabletop.games.phantom_rummy.cards import DECK, KINDS, Card, parse_cards
from tabletop.games.phantom_rummy.hands import laid_out_sets
from tabletop.games.phantom_rummy.model import (
    ClaimGain,
    ClaimGoal,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomState,
    Phase,
    Ready,
    ShortGame,
    Take,
    new_short_game,
)

RULES = pr.RULES
NAMES = ["Ada", "Basil", "Cleo", "Dara"]


def _position(
    players: int,
    hands: list[str],
    *,
    row: str = "",
    top: str = "",
    pile_size: int | None = None,
    opened: list[list[str]] | None = None,
    ready: tuple[bool, ...] | None = None,
    scores: tuple[int, ...] | None = None,
    advanced: bool = False,
    turn: int = 0,
) -> PhantomState:
    """Seat 0 to take (or, with a row of none, to act), with the given hands,
    row, open sets and pile top; every other card at the pile's bottom."""
    sets_text = [list(seat) for seat in (opened or [[]] * players)]
    parts = [*hands, row, top, *[t for seat in sets_text for t in seat]]
    every = parse_cards(" ".join(parts))  # one call: no copy named twice
    cut: list[tuple[Card, ...]] = []
    at = 0
    for part in parts:
        n = len(part.split())
        cut.append(every[at : at + n])
        at += n
    held = cut[:players]
    row_cards, top_cards = cut[players], cut[players + 1]
    flat = iter(cut[players + 2 :])
    sets = [[next(flat) for _ in seat] for seat in sets_text]
    used = set(every)
    rest = tuple(c for c in DECK if c not in used)
    pile = top_cards + rest
    if pile_size is not None:
        pile = pile[:pile_size]
        row_cards = row_cards + rest[len(pile) :] if not row_cards else row_cards
    base = new_short_game(players, advanced, 5, 1, 0, scores or (0,) * players)
    state = replace(
        base,
        turn=turn,
        hands=tuple(tuple(sorted(h)) for h in held),
        hand_sizes=tuple(len(h) for h in held),
        row=row_cards,
        pile=pile,
        pile_size=len(pile),
        opened=tuple(tuple(seat) for seat in sets),
        ready=ready or (False,) * players,
    )
    return state


# -- the turn --------------------------------------------------------------------


GOAL7 = "M5 M5 S1 S2 S3 T7 T7"  # one Moon 5 short of a pair, a run and a group


def _after_take(state: PhantomState, card: str) -> PhantomState:
    return RULES.apply(state, Take(parse_cards(card)[0]))


def test_a_take_then_goal_needs_an_open_set() -> None:
    hands = [GOAL7, "S4 S4 S4 S5 S6 S7 T1", "T2 T3 T4 T5 T6 M1 M2"]
    start = _position(3, hands, row="T7a S7a M6 IC", opened=[[], [], []])
    taken = _after_take(start, "T7a")
    assert taken.phase is Phase.ACT and taken.taken == parse_cards("T7a")[0]
    assert Goal() not in RULES.legal_actions(taken)
    assert RULES.check(taken, Goal()) == "You need an open set to score."
    assert RULES.check(taken, Take(start.row[1])) == "You have taken this turn."


def test_opening_draws_two_and_ends_the_turn_without_a_discard() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 S7 T1", "T2 T3 T4 T5 T6 M1 M2"]
    start = _position(3, hands, row="IG M6", top="M7 IO")
    taken = _after_take(start, "IG")
    opening = Open(parse_cards("S1 S2 S3"))
    assert opening in RULES.legal_actions(taken)
    after = RULES.apply(taken, opening)
    assert after.turn == 1 and after.phase is Phase.TAKE and after.claim is None
    hand = after.hands[0]
    assert hand is not None and len(hand) == 7 and set(parse_cards("M7 IO")) <= set(hand)
    assert after.opened[0] == (parse_cards("S1 S2 S3"),)
    RULES.invariants(after)


def test_ready_locks_the_hand_to_the_taken_card() -> None:
    hands = ["M5 M5 S1 S2 S3 T7 T7 IC", "S4 S4 S4 S5 S6 S7 T1", "T2 T3 T4 T5 T6 M1 M2"]
    state = _position(3, hands, row="IG M6", opened=[["M1 M1 M1"], [], []])
    acting = replace(state, phase=Phase.ACT, taken=parse_cards("ICd")[0], row=state.row[:1])
    assert Ready(parse_cards("ICd")[0]) in RULES.legal_actions(acting)
    assert RULES.check(acting, Ready(parse_cards("S1")[0])) is not None
    ready = RULES.apply(acting, Ready(parse_cards("ICd")[0]))
    assert ready.ready[0] and ready.phase is Phase.CLAIMS
    # everyone passes; later seat 0 takes a card that does not complete it
    for _ in range(2):
        ready = RULES.apply(ready, Pass())
    locked = replace(ready, turn=0, phase=Phase.ACT, row=())
    hand = locked.hands[0]
    assert hand is not None
    extra = parse_cards("IG")[0]
    locked = replace(
        locked,
        hands=(tuple(sorted((*hand, extra))), *locked.hands[1:]),
        hand_sizes=(8, *locked.hand_sizes[1:]),
        taken=extra,
    )
    assert RULES.legal_actions(locked) == [Discard(extra)]
    assert RULES.check(locked, Discard(parse_cards("S1")[0])) == (
        f"Your hand is locked: discard the {extra.title} or score."
    )
    assert RULES.check(locked, Open(parse_cards("S1 S2 S3"))) == (
        "A ready player opens no more sets."
    )


def test_ready_needs_no_open_set_but_then_the_short_game_cannot_be_won() -> None:
    """The rulebook asks only that the hand be one card short of a goal hand:
    a seat with no set open may say ready (this edition's reading, in
    docs/rulings.md). The lock then forbids opening and gaining, and a goal
    needs an open set (R2), so that seat can neither score off a discard nor
    call a goal this short game."""
    hands = ["M5 M5 S1 S2 S3 T7 T7 IC", "T4 T6 S4 S5 S6 M1 M2", "T2 T3 IO IT M3 M4 M6"]
    state = _position(3, hands, row="IG M6")
    acting = replace(state, phase=Phase.ACT, taken=parse_cards("ICd")[0], row=state.row[:1])
    assert acting.opened[0] == ()
    assert Ready(parse_cards("ICd")[0]) in RULES.legal_actions(acting)
    ready = RULES.apply(acting, Ready(parse_cards("ICd")[0]))
    assert ready.ready[0] and ready.opened[0] == ()
    for _ in range(2):
        ready = RULES.apply(ready, Pass())
    # seat 1 discards the Staff 7 that seat 0's goal hand waits on
    wait = parse_cards("T7b")[0]
    assert wait not in _hand_of(ready, 0)
    window = replace(ready, turn=1, phase=Phase.ACT, taken=None)
    hand1 = (*_hand_of(window, 1), wait)
    window = replace(
        window,
        hands=(window.hands[0], tuple(sorted(hand1)), window.hands[2]),
        hand_sizes=(7, 8, 7),
        taken=wait,
    )
    window = RULES.apply(window, Discard(wait))
    window = RULES.apply(window, Pass())  # seat 2
    assert RULES.to_move(window) == 0
    assert RULES.legal_actions(window) == [Pass()]  # no goal claim without an open set
    assert RULES.check(window, ClaimGoal()) == "You need an open set to score."


def _hand_of(state: PhantomState, seat: int) -> tuple[Card, ...]:
    hand = state.hands[seat]
    assert hand is not None
    return hand


# -- claims (R4) -----------------------------------------------------------------


def _window(state: PhantomState, seat: int, card: Card) -> PhantomState:
    """``seat`` takes ``card`` (from the pile's cards, for the test) and discards it."""
    hand = state.hands[seat]
    assert hand is not None and state.pile is not None and card in state.pile
    pile = tuple(c for c in state.pile if c != card)
    acting = replace(
        state,
        pile=pile,
        pile_size=len(pile),
        turn=seat,
        phase=Phase.ACT,
        taken=card,
        hands=tuple(
            tuple(sorted((*h, card))) if s == seat and h is not None else h
            for s, h in enumerate(state.hands)
        ),
        hand_sizes=tuple(n + (s == seat) for s, n in enumerate(state.hand_sizes)),
    )
    return RULES.apply(acting, Discard(card))


def test_every_other_seat_is_asked_in_turn_order_and_a_seat_with_nothing_passes() -> None:
    # 4 players; seat 1 discards Moon 5; seat 2 has nothing, seats 3 and 0 can gain
    hands = [
        "M5c M5d S1 S2 S3 T7 IC",
        "T1 T2 T3 T4 T5 T6 IO",
        "S5 S6 S7 M1 M2 IG IT",
        "M5a M5b T7 T7 S4 S4 M3",
    ]
    state = _position(4, hands, row="IGa")
    window = _window(state, 1, parse_cards("M6a")[0])
    assert window.claim is not None and window.claim.order() == (2, 3, 0)
    asked = []
    lines = []
    while window.phase is Phase.CLAIMS:
        seat = RULES.to_move(window)
        assert seat is not None
        asked.append(seat)
        assert RULES.legal_actions(window) == [Pass()]  # nobody can use Moon 6 here
        before, window = window, RULES.apply(window, Pass())
        lines.append(RULES.log_line(before, Pass(), window, NAMES))
    assert asked == [2, 3, 0]
    # sealed answers have no line; the last one's line is the discard's outcome
    assert lines == ["", "", "Nobody claims Basil's red Moon 6."]
    assert window.turn == 2 and window.phase is Phase.TAKE
    assert window.discards[1] == parse_cards("M6a")


def test_the_forced_answer_is_pass_only_for_a_seat_that_can_claim_nothing() -> None:
    """Ruling R4: Pass is forced on a seat asked about a discard it can neither
    gain nor score with; a seat with a choice, or a seat on its turn, has none."""
    hands = [
        "M5c M5d S1 S2 S3 T7 IC",
        "T1 T2 T3 T4 T5 T6 IO",
        "S5 S6 S7 M1 M2 IG IT",
        "M4 M6 T7 T7 S4 S4 M7",
    ]
    state = _position(4, hands, row="IGa")
    assert RULES.forced_answer(RULES.view(state, state.turn)) is None  # a turn, not a claim
    window = _window(state, 1, parse_cards("M5a")[0])
    assert RULES.to_move(window) == 2
    assert RULES.forced_answer(RULES.view(window, 2)) == Pass()
    window = RULES.apply(window, Pass())
    assert RULES.to_move(window) == 3  # Moon 4 and 6 make a run with it
    assert RULES.forced_answer(RULES.view(window, 3)) is None


def test_two_gains_on_one_discard_go_to_the_first_seat_after_the_discarder() -> None:
    hands = [
        "M5c M5d S1 S2 S3 T7 IC",
        "T1 T2 T3 T4 T5 T6 IO",
        "S5 S6 S7 M1 M2 IG IT",
        "M4 M6 T7 T7 S4 S4 M7",
    ]
    state = _position(4, hands, row="IGa", top="IO IT")
    moon = parse_cards("M5a")[0]
    window = _window(state, 1, moon)
    window = RULES.apply(window, Pass())  # seat 2 has nothing
    gain3 = ClaimGain(parse_cards("M4 M6"))
    assert gain3 in RULES.legal_actions(window)
    window = RULES.apply(window, gain3)
    gain0 = ClaimGain(parse_cards("M5c M5d"))
    assert gain0 in RULES.legal_actions(window)
    before = window
    after = RULES.apply(window, gain0)
    # seat 3 comes before seat 0 after the discarder, seat 1
    assert after.opened[3] == ((moon, *parse_cards("M4 M6")),)
    assert after.opened[0] == ()
    assert after.discards[1] == ()
    assert after.turn == 2 and after.phase is Phase.TAKE
    assert after.hand_sizes == (7, 7, 7, 7)
    RULES.invariants(after)
    line = RULES.log_line(before, gain0, after, NAMES)
    assert line == "Dara claims Basil's red Moon 5 for a gain: Moon 4-5-6."


def test_a_goal_claim_beats_an_earlier_gain() -> None:
    hands = [
        "M5c M5d S1 S2 S3 IC IC",  # ready with a set open: a Moon 5 completes it
        "T1 T2 T3 T4 T5 T6 IO",
        "M7a S7 S6 IG IT T3 T5",  # nothing to claim with
        "M4 M6 T1 T2 S4 S4 IO",
    ]
    state = _position(
        4,
        hands,
        row="IGa",
        top="IO IT",
        opened=[["M1a M1b M1c"], [], [], []],
        ready=(True, False, False, False),
    )
    moon = parse_cards("M5a")[0]
    window = _window(state, 1, moon)
    assert RULES.legal_actions(window) == [Pass()]  # seat 2
    window = RULES.apply(window, Pass())
    window = RULES.apply(window, ClaimGain(parse_cards("M4 M6")))
    assert ClaimGoal() in RULES.legal_actions(window)
    assert ClaimGain(parse_cards("M5c M5d")) not in RULES.legal_actions(window)  # ready
    before = window
    after = RULES.apply(window, ClaimGoal())
    result = after.results[-1]
    assert result.goal == 0 and result.discarder == 1 and result.points[0] > 0
    assert result.points[3] == 0 and after.short_game == 2  # the gain came to nothing
    # the goal hand, shown to every seat, holds the discard it was claimed with
    assert sorted(result.hand) == sorted((*parse_cards("M5c M5d S1 S2 S3 IC IC"), moon))
    assert RULES.view(after, 2).results[-1].hand == result.hand
    line = RULES.log_line(before, ClaimGoal(), after, NAMES)
    assert line.startswith("Ada claims Basil's red Moon 5 for a goal. Ada scores")


# -- pile-out (R5), scoring (R6), the match (R7), advanced (R8) ----------------------


def test_pile_out_when_two_cannot_be_drawn_after_an_opening() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(2, hands, row="IG", top="M7", pile_size=1)
    taken = _after_take(start, "IG")
    after = RULES.apply(taken, Open(parse_cards("S1 S2 S3")))
    assert after.results[-1].goal is None and after.results[-1].points == (0, 0)
    assert after.results[-1].hand == ()
    assert after.short_game == 2 and after.dealer == 1 and after.turn == 1
    assert after.phase is Phase.TAKE
    # the log does not say the two were drawn
    line = RULES.log_line(taken, Open(parse_cards("S1 S2 S3")), after, NAMES)
    assert line == "Ada opens Sword 1-2-3. The pile ran out: nobody scores."


def test_the_log_names_a_fresh_row_when_one_is_laid() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(2, hands, row="IG", top="M7 T2 IO M1")
    taken = _after_take(start, "IG")
    window = RULES.apply(taken, Discard(parse_cards("IC")[0]))
    after = RULES.apply(window, Pass())
    assert [c.title for c in after.row] == ["Moon 7", "Staff 2", "Orb"]
    line = RULES.log_line(window, Pass(), after, NAMES)
    assert line == "Nobody claims Ada's Crown. A fresh row: Moon 7, Staff 2, Orb."
    # a take from a row that still has cards lays none
    assert RULES.log_line(
        after, Take(after.row[0]), RULES.apply(after, Take(after.row[0])), NAMES
    ) == ("Basil takes Moon 7.")


def test_pile_out_when_the_row_is_empty_and_the_pile_too_short() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(2, hands, row="IG", top="M7 M7", pile_size=2)  # a row needs 3
    taken = _after_take(start, "IG")
    window = RULES.apply(taken, Discard(parse_cards("IC")[0]))
    after = RULES.apply(window, Pass())
    assert after.results[-1].goal is None and after.short_game == 2


def test_pile_out_after_a_gain_when_two_cannot_be_drawn_and_not_with_exactly_two() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 M6c", "M6a M6b S4 S4 S5 S6 T1"]
    for size, piled_out in ((1, True), (2, False)):
        start = _position(2, hands, row="IG M7a", top="M7 T2", pile_size=size)
        window = RULES.apply(_after_take(start, "IG"), Discard(parse_cards("M6c")[0]))
        gain = ClaimGain(parse_cards("M6a M6b"))
        assert gain in RULES.legal_actions(window)
        after = RULES.apply(window, gain)
        if piled_out:
            assert after.results[-1].goal is None and after.short_game == 2
            line = RULES.log_line(window, gain, after, NAMES)
            assert line.endswith("The pile ran out: nobody scores.")
        else:
            assert after.short_game == 1 and after.pile_size == 0
            assert after.hand_sizes[1] == 7 - 2 + 2 and after.opened[1]
            assert after.phase is Phase.TAKE and after.turn == 1  # the row still has a card


def test_a_fresh_row_is_laid_from_exactly_enough_cards() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(2, hands, row="IG", top="M7 T2 IO", pile_size=3)  # a row of 3 for 2 players
    window = RULES.apply(_after_take(start, "IG"), Discard(parse_cards("IC")[0]))
    after = RULES.apply(window, Pass())
    assert after.short_game == 1 and len(after.row) == 3 and after.pile_size == 0


def test_two_goal_claims_on_one_discard_go_to_the_first_seat_after_the_discarder() -> None:
    hands = [
        "M5c S1 S2 S3 T7a T7b T7c",  # ready, waiting on a Moon 5
        "T1 T2 T3 T4 T5 T6 IO",
        "M5d S4 S5 S6 M1 M1 M1",  # ready, waiting on a Moon 5 too
    ]
    state = _position(
        3,
        hands,
        row="IGa",
        opened=[["M2a M2b M2c"], [], ["M3a M3b M3c"]],
        ready=(True, False, True),
    )
    window = _window(state, 1, parse_cards("M5a")[0])
    assert window.claim is not None and window.claim.order() == (2, 0)
    window = RULES.apply(window, ClaimGoal())  # seat 2, first after the discarder
    after = RULES.apply(window, ClaimGoal())  # seat 0
    assert after.results[-1].goal == 2 and after.results[-1].discarder == 1


def test_a_goal_scores_sets_reds_and_a_repeating_bonus_check() -> None:
    hands = ["M5a M5d S1a S2 S3 T7b T7c", "S4 S4 S4 S5 S6 S7 T1"]
    # the pile turns up Sword 2 (1 match), Moon 5 (2 matches), Crown (a miss)
    start = _position(2, hands, row="T7d IG", top="S2 M5 ICd IO", opened=[["M1a M1b M1c"], []])
    taken = _after_take(start, "T7d")
    assert Goal() in RULES.legal_actions(taken)
    after = RULES.apply(taken, Goal())
    result = after.results[-1]
    assert result.goal == 0 and result.discarder is None
    kinds = {s.kind: s.points for s in result.sources}
    assert kinds == {"sets": 1, "red": 3, "bonus": 3}  # red: M5a S1a M1a
    assert [str(c) for c in result.flips][-1] == "ICd"
    assert len(result.flips) == 3
    assert after.scores == (7, 0) and result.points == (7, 0)
    assert sorted(result.hand) == sorted(parse_cards("M5a M5d S1a S2 S3 T7b T7c T7d"))


def test_the_match_ends_at_the_target_score() -> None:
    hands = ["M5a M5d S1a S2 S3 T7b T7c", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(
        2, hands, row="T7d IG", top="IO", opened=[["M1a M1b M1c"], []], scores=(20, 3)
    )
    after = RULES.apply(_after_take(start, "T7d"), Goal())
    assert after.phase is Phase.OVER and RULES.to_move(after) is None
    outcome = RULES.outcome(after)
    assert outcome.reason is EndReason.TARGET_SCORE and outcome.winners == (0,)


def test_the_match_ends_after_its_short_games() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(2, hands, row="IG", pile_size=1, scores=(2, 5))
    start = replace(start, short_game=6, results=(ShortGame(None, None, (0, 0)),) * 5)
    after = RULES.apply(_after_take(start, "IG"), Open(parse_cards("S1 S2 S3")))
    assert after.phase is Phase.OVER
    outcome = RULES.outcome(after)
    assert outcome.reason is EndReason.ROUNDS_COMPLETE and outcome.winners == (1,)


@pytest.mark.parametrize(("players", "target"), [(3, 18), (4, 12)])
def test_the_match_ends_at_its_target_for_3_and_4_players_and_goes_on_one_below(
    players: int, target: int
) -> None:
    hands = [
        "M5a M5d S1a S2 S3 T7b T7c",
        "S4 S4 S4 S5 S6 S7 T1",
        "T1 T2 T3 IO IO M3 M4",
        "M1 M2 IG IG S6 S6 T6",
    ]
    opened = [["M1a M1b M1c"]] + [[] for _ in range(players - 1)]
    gain = 7  # sets 1, red 3, bonus 3: test_a_goal_scores_sets_reds_and_a_repeating_bonus_check
    for before, over in ((target - gain - 1, False), (target - gain, True)):
        start = _position(
            players,
            hands[:players],
            row="T7d IG",
            top="S2 M5 ICd IO",
            opened=opened,
            scores=(before, *(0,) * (players - 1)),
        )
        after = RULES.apply(_after_take(start, "T7d"), Goal())
        assert after.scores[0] == before + gain
        assert (after.phase is Phase.OVER) is over
        if over:
            assert RULES.outcome(after).reason is EndReason.TARGET_SCORE
        else:
            assert after.short_game == 2 and RULES.to_move(after) is not None


def test_advanced_the_discarder_pays_but_never_below_zero() -> None:
    hands = [
        "M5c M5d S1 S2 S3 IC IC",
        "T1 T2 T3 T4 T5 T6 IO",
        "S4 S5 S6 M1d M2 IG IT",
    ]
    state = _position(
        3,
        hands,
        row="IGa",
        top="IC",
        opened=[["M1a M1b M1c"], [], []],
        ready=(True, False, False),
        advanced=True,
        scores=(0, 2, 0),
    )
    window = _window(state, 1, parse_cards("M5b")[0])
    window = RULES.apply(window, Pass())  # seat 2
    after = RULES.apply(window, ClaimGoal())
    result = after.results[-1]
    gain = result.points[0]
    assert gain > 2 and result.points[1] == -2 and after.scores[1] == 0


# -- views, determinize, the harness ----------------------------------------------


def test_views_hide_hands_pile_seed_and_sealed_answers() -> None:
    state = RULES.setup(pr.ENTRY.default_config(3), 4)
    rng = random.Random(1)
    while state.phase is not Phase.CLAIMS:
        state = RULES.apply(state, pr.sample_action(state, rng))
    asked = RULES.to_move(state)
    assert asked is not None
    state = RULES.apply(state, Pass())
    for seat in range(3):
        view = RULES.view(state, seat)
        assert view.seed is None and view.pile is None
        assert all(h is None for s, h in enumerate(view.hands) if s != seat)
        assert view.claim is not None
        assert all(a is None for s, a in enumerate(view.claim.answers) if s != seat)
        full = pr.determinize(view, seat, random.Random(seat))
        RULES.invariants(full)
        assert RULES.view(full, seat) == view


def test_random_short_games_keep_the_invariants_and_views_round_trip() -> None:
    """The conformance harness plays whole matches (tests/test_conformance.py);
    here the first two short games of a 3-player advanced match, checked at
    every step."""
    state = RULES.setup(pr.ENTRY.default_config(3, advanced=True), 2)
    rng = random.Random(2)
    steps = 0
    while len(state.results) < 2:
        RULES.invariants(state)
        seat = RULES.to_move(state)
        assert seat is not None
        if steps % 7 == 0:
            view = RULES.view(state, seat)
            assert RULES.view(pr.determinize(view, seat, random.Random(steps)), seat) == view
        for action in RULES.legal_actions(state):
            assert RULES.check(state, action) is None, action
        state = RULES.apply(state, pr.sample_action(state, rng))
        steps += 1
    assert (
        state.short_game == 3
        and state.dealer
        == (RULES.setup(pr.ENTRY.default_config(3, advanced=True), 2).dealer + 2) % 3
    )


# -- the advanced rules (R8) ------------------------------------------------------


def test_advanced_red_cards_score_their_met_conditions_only() -> None:
    hands = ["S1a S2 S3 M5a M5 M5 T7", "T1 T2 T3 T4 T5 T6 IO"]
    opened = [["S4 S5 S6"], []]
    for advanced, want in ((False, {"sets": 1, "red": 2}), (True, {"sets": 1, "condition": 1})):
        start = _position(2, hands, row="T7c IG", top="IT", opened=opened, advanced=advanced)
        after = RULES.apply(_after_take(start, "T7c"), Goal())
        result = after.results[-1]
        # the row goal meets S1a's condition; M5a's (no 1, no 7, no Item) is not met
        assert {s.kind: s.points for s in result.sources} == want
        if advanced:
            assert [s.cards for s in result.sources if s.kind == "condition"] == [
                parse_cards("S1a")
            ]


def test_advanced_the_goal_hand_is_laid_out_as_the_reading_that_scored() -> None:
    """S4 S4 S4 S5 S6 S7 S7 S7 reads two ways; only with the Sword 7 pair does
    the red Sword 2's condition (a pair of 1s or 7s) hold, so the result lays
    the hand out that way."""
    hands = ["S4a S4b S4c S5 S6 S7a S7b", "T1 T2 T3 T4 T5 T6 IO"]
    start = _position(2, hands, row="S7c IG", top="IT", opened=[["S1 S2a S3"], []], advanced=True)
    after = RULES.apply(_after_take(start, "S7c"), Goal())
    result = after.results[-1]
    assert parse_cards("S2a") in [s.cards for s in result.sources if s.kind == "condition"]
    small, *big = laid_out_sets(result.hand)
    assert [KINDS[c.kind].title for c in small] == ["Sword 7", "Sword 7"]
    assert sorted(KINDS[b[0].kind].title for b in big) == ["Sword 4", "Sword 5"]


def test_advanced_the_legendary_item_wins_the_match_at_once() -> None:
    hands = ["ICb IC IC S1 S1 S1 M2", "T1 T2 T3 T5 T6 T7 IO"]
    start = _position(2, hands, row="M2c IG", top="IT", opened=[["T4 T4 T4"], []], advanced=True)
    after = RULES.apply(_after_take(start, "M2c"), Goal())
    assert after.phase is Phase.OVER and after.results[-1].instant
    outcome = RULES.outcome(after)
    assert outcome.winners == (0,) and outcome.reason.key == "legendary"


def test_advanced_the_legendary_item_wins_nothing_at_once_beside_a_run() -> None:
    """The legendary Item's condition is a goal of groups only: with a run
    among the sets it scores no instant win."""
    hands = ["ICb IC IC S1 S2 S3 M2", "T1 T2 T3 T5 T6 T7 IO"]
    start = _position(2, hands, row="M2c IG", top="IT", opened=[["T4 T4 T4"], []], advanced=True)
    after = RULES.apply(_after_take(start, "M2c"), Goal())
    result = after.results[-1]
    assert result.goal == 0 and not result.instant and after.phase is not Phase.OVER
    assert all(s.kind != "item" for s in result.sources)


def test_advanced_a_card_on_your_own_discard_pile_blocks_a_goal_off_a_discard() -> None:
    hands = ["M5c M5d S1 S2 S3 IC IC", "T1 T2 T3 T4 T5 T6 IO"]
    for advanced, can in ((False, True), (True, False)):
        state = _position(
            2,
            hands,
            row="IGa",
            top="M5b",
            opened=[["M1a M1b M1c"], []],
            ready=(True, False),
            advanced=advanced,
        )
        assert state.pile is not None
        own = state.pile[0]  # seat 0 discarded a Moon 5 earlier
        state = replace(
            state, pile=state.pile[1:], pile_size=state.pile_size - 1, discards=((own,), ())
        )
        window = _window(state, 1, parse_cards("M5a")[0])
        assert (ClaimGoal() in RULES.legal_actions(window)) is can
        if not can:
            assert RULES.check(window, ClaimGoal()) == (
                "A card of your own discard pile would complete your goal."
            )


# -- invariants and hooks ------------------------------------------------------


def test_invariants_refuse_values_of_the_wrong_kind_and_lost_cards() -> None:
    state = RULES.setup(pr.ENTRY.default_config(2), 3)
    RULES.invariants(state)
    row = state.row
    broken = [
        replace(state, scores=(0.0, 0)),
        replace(state, row=(*row[:-1], 7)),
        replace(state, ready=(1, False)),
        replace(state, turn=2),
        replace(state, row=row[1:]),  # a card lost
        replace(state, hands=(state.hands[1], state.hands[1])),  # one card twice
    ]
    for bad in broken:
        try:
            RULES.invariants(bad)  # type: ignore[arg-type]
        except AssertionError:
            continue
        raise AssertionError(f"invariants accepted {bad}")


def test_a_sealed_answer_reveals_nothing_and_draws_are_undo_barriers() -> None:
    hands = ["S1 S2 S3 M5 M5 T7 IC", "S4 S4 S4 S5 S6 T1 T2", "T3 T4 T5 T6 M1 M2 IO"]
    start = _position(3, hands, row="IG M6", top="M7 IO")
    taken = _after_take(start, "IG")
    assert not RULES.undo_barrier(start, Take(parse_cards("IG")[0]), taken)
    opened = RULES.apply(taken, Open(parse_cards("S1 S2 S3")))
    assert RULES.undo_barrier(taken, Open(parse_cards("S1 S2 S3")), opened)
    window = RULES.apply(RULES.apply(opened, Take(opened.row[0])), Discard(parse_cards("S4")[0]))
    first = RULES.apply(window, Pass())
    assert not RULES.reveals(window, Pass(), first, 0)
    last = RULES.apply(first, Pass())
    assert RULES.reveals(first, Pass(), last, 2)


def test_a_finished_short_game_has_a_summary_naming_the_next_dealer() -> None:
    hands = ["M5a M5d S1a S2 S3 T7b T7c", "S4 S4 S4 S5 S6 S7 T1"]
    start = _position(2, hands, row="T7d IG", top="S2 M5 ICd IO", opened=[["M1a M1b M1c"], []])
    taken = _after_take(start, "T7d")
    assert RULES.deal_summary(start, Take(parse_cards("T7d")[0]), taken) is None
    after = RULES.apply(taken, Goal())
    summary = RULES.deal_summary(taken, Goal(), after)
    assert summary is not None and summary.title == "Short game 1"
    assert [(r.seat, r.place, r.cells) for r in summary.rows] == [
        (0, 1, ("7", "+7")),
        (1, 2, ("0", "0")),
    ]
    assert summary.note_for(NAMES) == (
        "Ada scores 7: 1 for 1 open set, 3 for red Sword 1, red Moon 1 and red Moon 5, "
        "3 from the bonus check. Short game 2: Basil deals and plays first."
    )
    # the table under the summary is the short game as it ended, not the next deal
    shown = summary.position
    assert after.short_game == 2 and shown.short_game == 1 and shown.phase is Phase.OVER
    assert shown.scores == after.scores and shown.results == after.results
    assert shown.opened == taken.opened and shown.hands[0] == taken.hands[0]
    RULES.invariants(shown)
    RULES.view(shown, 1)


def test_check_on_another_seats_view_refuses_in_words() -> None:
    state = RULES.setup(pr.ENTRY.default_config(2), 3)
    other = RULES.view(state, 1 - state.turn)
    assert RULES.legal_actions(other) == []
    assert RULES.check(other, Take(state.row[0])) == (
        "The player to move holds cards this view does not show."
    )
