"""Scenario tests for Planepita's rules, named after the rulebook's sections and
rulings P1-P11: a literal position, one action, the expected position or refusal.

Flicks from seat 0's pad at 0.5, straight in, on an empty board (jammer in the
middle) are used as known shots: 50 mm/s stays on the pad, 1000 mm/s stops in
the 4-pt area, 1200 mm/s in the 5-pt area short of the jammer, 3000 mm/s
knocks the jammer off the planet (slide distance v^2 / (2 mu g) from the pad).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest

from tabletop.core import codec, conformance
from tabletop.core.game import EndReason, IllegalAction
from tabletop.games import REGISTRY
from tabletop.games.planepita.board import stretch_index
from tabletop.games.planepita.model import (
    DOUBLE,
    LAST,
    THIRD_PARTY,
    Disc,
    Flick,
    Flip,
    JammerSpec,
    Phase,
    PlaceJammer,
)
from tabletop.games.planepita.rules import (
    RULES,
    area_of_disc,
    area_winners,
    flick_spec,
    flip_refusal,
    jammer_area,
    launcher,
    launches_per_round,
    power,
    shot,
    team_of,
)
from tests.planepita.positions import D, position

R = RULES


def logged(state, action, names):  # type: ignore[no-untyped-def]
    """The log line of ``action`` played in ``state`` (the hook gets the after-state)."""
    return R.log_line(state, action, R.apply(state, action), names)


TO_4PT = Flick(0.5, 0.0, 1000.0)
TO_5PT = Flick(0.5, 0.0, 1200.0)
ON_PAD = Flick(0.5, 0.0, 50.0)
JAMMER_OFF = Flick(0.5, 0.0, 3000.0)

# board spots (disc centres): 5-pt within 87 mm, 4-pt to 172, 3-pt to 265
IN5 = (0.0, 50.0)
IN4 = (0.0, 130.0)
IN3 = (0.0, 210.0)


def at(angle: float, r: float) -> tuple[float, float]:
    a = math.radians(angle)
    return (r * math.cos(a), r * math.sin(a))


def ok(state, action):  # type: ignore[no-untyped-def]
    assert R.check(state, action) is None, R.check(state, action)
    after = R.apply(state, action)
    R.invariants(after)
    assert codec.loads(codec.dumps(after)) == after
    return after


def refused(state, action, words: str) -> None:  # type: ignore[no-untyped-def]
    reason = R.check(state, action)
    assert reason is not None and words in reason, reason
    before = codec.dumps(state)
    with pytest.raises(IllegalAction) as info:
        R.apply(state, action)
    assert info.value.reason == reason
    assert codec.dumps(state) == before


def end_round(state, spot=(0.0, 0.0)):  # type: ignore[no-untyped-def]
    """Resolve the round's last launch (a PLACE_JAMMER position) by putting the
    jammer back at ``spot``: the LAST disc cannot flip, so the round ends."""
    assert state.phase is Phase.PLACE_JAMMER and state.turn == launches_per_round(state) - 1
    return ok(state, PlaceJammer(*spot))


def fill(players: int, spots, **kw):  # type: ignore[no-untyped-def]
    """A full round: the given launches, then discs lost to the black hole for
    the rest, the last one having knocked the jammer off."""
    probe = position(players, **{k: v for k, v in kw.items() if k in _VARIANT_KEYS})
    total = launches_per_round(probe)
    spots = list(spots)
    extra = total - len(spots)
    parked = [D(lost=True) for _ in range(extra)]
    return position(players, spots + parked, phase=Phase.PLACE_JAMMER, jammer=None, **kw)


_VARIANT_KEYS = {"third_party", "team_play", "team_size", "clockwise", "doubles"}


# -- Setup -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "variants", "own", "tp", "per_round"),
    [
        (2, {}, 4, 2, 12),
        (2, {"third_party": False}, 4, 0, 8),
        (3, {}, 4, 0, 12),
        (4, {}, 4, 0, 16),
        (5, {}, 3, 0, 15),
        (6, {}, 3, 0, 18),
    ],
)
def test_setup_discs_per_player_count(players, variants, own, tp, per_round) -> None:  # type: ignore[no-untyped-def]
    state = R.setup(RULES.info.config(players, **variants), 3)
    assert state.left == (own,) * players and state.left_3p == (tp,) * players
    assert launches_per_round(state) == per_round
    R.invariants(state)


def test_setup_first_round() -> None:
    state = R.setup(RULES.info.config(3), 99)
    assert (state.round, state.start, state.turn, state.phase) == (1, 0, 0, Phase.LAUNCH)
    assert R.to_move(state) == 0
    assert state.layout.discs == () and state.layout.jammer == (0.0, 0.0)
    assert state.layout.pads == (0.5, 0.5, 0.5)
    assert state.slots == (1, 1, 1) and state.won == ((), (), ())
    assert R.setup(RULES.info.config(3), 1) == state  # the seed plays no part


def test_setup_default_config_fills_and_refuses() -> None:
    assert dict(RULES.info.config(2).variants) == {
        "third_party": True,
        "doubles": False,
        "practice": False,
        "physics": (),
    }
    assert dict(RULES.info.config(4).variants) == {
        "team_play": False,
        "clockwise": False,
        "doubles": False,
        "practice": False,
        "physics": (),
    }
    assert dict(RULES.info.config(6, team_size=3).variants) == {
        "team_size": 3,
        "doubles": False,
        "practice": False,
        "physics": (),
    }
    for players, variants, words in [
        (1, {}, "2 to 6 players"),
        (7, {}, "2 to 6 players"),
        (3, {"team_play": True}, "only offered with 4 players"),
        (3, {"third_party": False}, "only offered with 2 players"),
        (6, {"team_size": 4}, "not one of 2, 3"),
        (2, {"third_party": "yes"}, "not one of"),
        (2, {"colour": "red"}, "unknown Planepita variant"),
        (2, {"physics": (("friction.mu_face_up", 50.0),)}, "Physics: friction.mu_face_up must be"),
        (2, {"physics": (("board.planet_radius", 300.0),)}, "not a value a game may change"),
        (2, {"physics": {"friction.mu_face_up": 0.2}}, "not a list of named numbers"),
    ]:
        with pytest.raises(ValueError, match=words):
            RULES.info.config(players, **variants)


# -- Game flow: turn order ------------------------------------------------------------------------


def test_game_flow_turn_order_clockwise_from_the_start_player() -> None:
    state = position(4, start=2)
    order = [launcher(replace(state, turn=t)) for t in range(launches_per_round(state))]
    assert order == [(2 + t) % 4 for t in range(16)]
    after = ok(state, TO_5PT)  # seat 2's disc stops in the jammer's area: no flip
    assert after.phase is Phase.LAUNCH and R.to_move(after) == 3 and after.turn == 1
    assert after.launches == (0, 0, 1, 0) and after.left == (4, 4, 3, 4)


def test_launch_an_alien_disc_flick_spec() -> None:
    spec = R.legal_actions(position(2))[0]
    assert spec == flick_spec(position(2))
    assert spec.seat == 0 and spec.pad == (0.0, 1.0) and spec.angle == (-55.0, 55.0)
    assert spec.speed == (0.0, 3000.0)
    assert spec.own and spec.third_party and not spec.double


def test_launch_moves_the_pad_and_keeps_it_there() -> None:
    after = ok(position(2), Flick(0.2, 0.0, 1200.0))
    assert after.layout.pads == (0.2, 0.5)


# -- Last Player token (P2) ------------------------------------------------------------------------


def test_p2_last_player_token_rides_on_the_final_launch() -> None:
    launches = [D(*at(10 + 50 * k, 230), down=True) for k in range(7)]
    state = position(2, launches, start=1, third_party=False)
    assert R.to_move(state) == 0  # the start player's right
    assert not flick_spec(state).double
    traj = shot(state, TO_4PT)
    final = next(d for d in traj.final.discs if d.id == 7)
    assert final.tokens == (LAST,) and final.owner == 0
    after = ok(state, TO_4PT)
    assert after.round == 2 and after.phase is Phase.LAUNCH  # no flip: the round is over


def test_p2_last_player_disc_counts_one_power() -> None:
    assert power(Disc(0, 0, tokens=(LAST,))) == 1
    last = Disc(0, 0, *IN4, tokens=(LAST,))
    rival = Disc(1, 1, *at(180, 130), face_down=True)
    (_, four, _) = area_winners([last, rival], None, 3)
    assert four.power == (1, 1, 0) and four.reason == "tie"


def test_p2_last_player_disc_cannot_be_flipped() -> None:
    # the 8th launch (seat 1, LAST) lies face up in the 4-pt area, outside the jammer's
    state = fill(2, [D(lost=True)] * 7 + [D(*IN4)], third_party=False)
    assert flip_refusal(state.layout, 7) == "the disc carries the Last Player token."
    after = end_round(state)
    assert after.round == 2  # went straight to the count, no FLIP phase


# -- P4: a disc left on its pad --------------------------------------------------------------------


def test_p4_disc_left_on_its_pad_is_handed_back() -> None:
    state = position(2, [D(*IN3, down=True)], start=1)
    assert R.to_move(state) == 0
    after = ok(state, ON_PAD)
    assert after.last_shot is not None and after.last_shot.retried
    assert R.to_move(after) == 0 and after.phase is Phase.LAUNCH
    assert (after.turn, after.left, after.launches, after.next_id) == (
        state.turn,
        state.left,
        state.launches,
        state.next_id,
    )
    assert after.layout.discs == state.layout.discs


def test_p4_zero_speed_is_refused() -> None:
    refused(position(2), Flick(0.5, 0.0, 0.0), "above zero")
    refused(position(2), Flick(0.5, 0.0, -5.0), "above zero")


# -- P5: the jammer knocked off ---------------------------------------------------------------------


def test_p5_jammer_knocked_off_is_put_back_by_the_launcher() -> None:
    state = position(2)
    after = ok(state, JAMMER_OFF)
    assert after.phase is Phase.PLACE_JAMMER and after.layout.jammer is None
    assert after.last_shot is not None and after.last_shot.jammer_off
    assert R.to_move(after) == 0
    assert R.legal_actions(after) == [JammerSpec(5)]
    refused(after, PlaceJammer(0.0, 150.0), "in the 5-pt area; that spot is in the 4-pt area")
    refused(after, Flip(True), "Put the jammer back first")
    placed = ok(after, PlaceJammer(30.0, 20.0))
    assert placed.layout.jammer == (30.0, 20.0)
    # the disc stopped in the 4-pt area: now, and only now, the flip is decided
    assert placed.phase is Phase.FLIP and R.to_move(placed) == 0


def test_p5_jammer_may_not_overlap_a_disc() -> None:
    state = position(2, [D(0.0, 0.0, down=True)], phase=Phase.PLACE_JAMMER, jammer=None)
    refused(state, PlaceJammer(10.0, 0.0), "may not overlap a disc")
    refused(state, PlaceJammer(38.9, 0.0), "may not overlap a disc")
    after = ok(state, PlaceJammer(39.0, 0.0))  # touching is not overlapping
    assert after.layout.jammer == (39.0, 0.0)


def test_p5_jammer_goes_to_the_4pt_area_when_the_5pt_area_is_full() -> None:
    crowd = [D(*at(120 * k, 22), down=True) for k in range(3)]
    crowd += [D(*at(45 * k + math.degrees(0.3), 75), down=True) for k in range(8)]
    state = position(4, crowd, phase=Phase.PLACE_JAMMER, jammer=None)
    assert jammer_area(state.layout) == 4
    assert R.legal_actions(state) == [JammerSpec(4)]
    refused(state, PlaceJammer(0.0, 0.0), "must go in the 4-pt area")
    after = ok(state, PlaceJammer(0.0, 140.0))
    assert after.layout.jammer == (0.0, 140.0)


# -- P6: flipping ---------------------------------------------------------------------------


def test_p6_flip_the_disc_just_launched() -> None:
    state = position(2)
    after = ok(state, TO_4PT)
    assert after.phase is Phase.FLIP and after.pending == 0
    assert R.legal_actions(after) == [Flip(True), Flip(False)]
    down = ok(after, Flip(True))
    assert down.layout.discs[0].face_down and down.phase is Phase.LAUNCH
    assert R.to_move(down) == 1 and down.pending is None
    up = ok(after, Flip(False))
    assert not up.layout.discs[0].face_down and R.to_move(up) == 1


def test_p6_no_flip_in_the_jammers_area() -> None:
    after = ok(position(2), TO_5PT)
    assert after.phase is Phase.LAUNCH and R.to_move(after) == 1
    refused(after, Flip(True), "the disc is in the jammer's area (the 5-pt area)")


@pytest.mark.parametrize(
    ("disc", "words"),
    [
        (Disc(0, 0, *IN4, tokens=(LAST,)), "Last Player token"),
        (Disc(0, 0, *IN4, tokens=(DOUBLE,)), "Double token"),
        (Disc(0, 0, *IN5), "jammer's area"),
        (Disc(0, 0, *IN4, face_down=True), "already face down"),
        (Disc(1, 0, *IN4), "not on the board"),  # asked about disc 0, which is not there
    ],
)
def test_p6_flip_refusals(disc: Disc, words: str) -> None:
    layout = replace(position(2).layout, discs=(disc,))
    reason = flip_refusal(layout, 0)
    assert reason is not None and words in reason
    assert flip_refusal(replace(layout, discs=(Disc(0, 0, *IN4),)), 0) is None


def test_p6_nothing_to_flip_at_a_launch() -> None:
    refused(position(2), Flip(True), "no disc to flip")


def test_p6_a_disc_lost_to_the_black_hole_is_not_flipped() -> None:
    state = position(2)
    lost = ok(state, Flick(0.0, 20.0, 3000.0))  # past the jammer and out over the rim
    shot_ = lost.last_shot
    assert shot_ is not None and shot_.disc in shot_.lost
    assert lost.phase is Phase.LAUNCH and R.to_move(lost) == 1
    assert [d.id for d in lost.black_hole] == [0]


# -- P7 / Rules for 2 players ---------------------------------------------------------------------------


def test_p7_third_party_leading_or_tied_means_nobody_scores() -> None:
    tp = Disc(0, THIRD_PARTY, *IN5)
    seat0 = Disc(1, 0, *at(180, 50))
    seat1 = Disc(2, 1, *at(90, 130), face_down=True)
    tp4 = Disc(3, THIRD_PARTY, *at(270, 130))
    seat1_3 = Disc(4, 1, *IN3)
    five, four, three = area_winners([tp, seat0, seat1, tp4, seat1_3], None, 2, (2, 1, 3))
    assert (five.power, five.winner, five.reason, five.tokens) == (
        (2, 0, 2),
        None,
        "third_party",
        0,
    )
    assert (four.power, four.winner, four.reason) == ((0, 1, 2), None, "third_party")
    assert (three.power, three.winner, three.reason, three.tokens) == ((0, 2, 0), 1, "won", 3)


def test_rules_for_2_players_launching_a_3p_disc() -> None:
    state = position(2)
    after = ok(state, replace(TO_5PT, third_party=True))
    assert after.layout.discs[0].owner == THIRD_PARTY
    assert after.left == (4, 4) and after.left_3p == (1, 2) and after.launches == (1, 0)


def test_rules_for_2_players_disc_choice_refusals() -> None:
    threes = [D(*at(40 * k, 230), down=True, tp=k in (0, 1, 2, 3)) for k in range(4)]
    state = position(2, threes)  # both seats have used their two 3P discs
    assert not flick_spec(state).third_party
    refused(state, replace(TO_5PT, third_party=True), "no 3P discs left")
    own = [D(*at(30 * k, 230), down=True, tp=k >= 8) for k in range(10)]
    state = position(2, own)  # both seats have launched their 4 own discs
    assert flick_spec(state).third_party and not flick_spec(state).own
    refused(state, TO_5PT, "no discs of your own left")
    refused(position(3), replace(TO_5PT, third_party=True), "only played in a 2-player game")
    refused(position(2, third_party=False), replace(TO_5PT, third_party=True), "3P discs option")


# -- Jammer's action, Calculate power, Example of scoring ---------------------------------------------------------


def test_example_of_scoring() -> None:
    green, blue, red, yellow = 0, 1, 2, 3
    discs = [
        # 5-pt: green 2 + 1 = 3, blue 2, red 1 + 1 = 2
        Disc(0, green, *at(0, 40)),
        Disc(1, green, *at(60, 40), face_down=True),
        Disc(2, blue, *at(120, 40)),
        Disc(3, red, *at(180, 40), face_down=True),
        Disc(4, red, *at(240, 40), face_down=True),
        # 4-pt, the jammer's area: 2 red and 2 blue face up are removed;
        # red keeps 1 (face down), yellow 1 + 1 (face down)
        Disc(5, red, *at(0, 130)),
        Disc(6, red, *at(40, 130)),
        Disc(7, blue, *at(80, 130)),
        Disc(8, blue, *at(120, 130)),
        Disc(9, red, *at(160, 130), face_down=True),
        Disc(10, yellow, *at(200, 130), face_down=True),
        Disc(14, yellow, *at(240, 130), face_down=True),
        # 3-pt: green 2, yellow 1 + 1 = 2
        Disc(11, green, *at(0, 220)),
        Disc(12, yellow, *at(90, 220), face_down=True),
        Disc(13, yellow, *at(180, 220), face_down=True),
    ]
    five, four, three = area_winners(discs, 4, 4)
    assert (five.value, five.power, five.winner, five.reason) == (5, (3, 2, 2, 0), green, "won")
    assert (four.value, four.power, four.winner, four.reason) == (4, (0, 0, 1, 2), yellow, "won")
    assert (three.value, three.power, three.winner, three.reason) == (3, (2, 0, 0, 2), None, "tie")
    assert three.tokens == 0 and five.tokens == 1


def test_calculate_power_per_disc() -> None:
    assert power(Disc(0, 0)) == 2
    assert power(Disc(0, 0, face_down=True)) == 1
    assert power(Disc(0, 0, tokens=(LAST,))) == 1
    assert power(Disc(0, 0, tokens=(DOUBLE,))) == 4


def test_jammers_action_at_the_round_end() -> None:
    spots = [D(*at(0, 40)), D(*at(180, 40), down=True), D(*IN4)]
    state = fill(2, spots, third_party=False)
    after = end_round(state, spot=at(90, 50))  # the jammer back in the 5-pt area
    result = after.last_round
    assert result is not None and result is after.history[-1]
    assert result.jammer_area == 5 and [d.id for d in result.swept] == [0]
    five, four, _ = result.areas
    assert five.power == (0, 1, 0) and five.winner == 1  # seat 1's face-down disc stayed
    assert four.power == (2, 0, 0) and four.winner == 0
    assert after.won == (((4, 1),), ((5, 1),))


def test_area_of_a_disc_p1() -> None:
    # touching the white line (70 + 2 wide) from outside counts as the inner area
    assert area_of_disc(Disc(0, 0, 72.0 + 15.0, 0.0)) == 5
    assert area_of_disc(Disc(0, 0, 72.5 + 15.0, 0.0)) == 4
    assert area_of_disc(Disc(0, 0, 264.0, 0.0)) == 3  # partly over the planet
    assert area_of_disc(Disc(0, 0, 266.0, 0.0)) is None


# -- Setup the next round / P3 ------------------------------------------------------------------------------------


def test_setup_the_next_round() -> None:
    spots = [D(*at(0, 230), down=True)]  # seat 1 wins the 3-pt area; 5 and 4 are empty
    state = fill(3, spots, start=1, won=((), ((5, 1),), ()), round=2)
    assert state.slots == (1, 2, 2)
    after = end_round(state)
    assert after.round == 3 and after.turn == 0 and after.phase is Phase.LAUNCH
    assert after.layout.discs == () and after.layout.jammer == (0.0, 0.0)
    assert after.left == (4, 4, 4) and after.launches == (0, 0, 0) and after.black_hole == ()
    assert after.slots == (2, 3, 1)  # carried over, plus one each; the 3-pt slot was taken
    assert after.won == ((), ((5, 1), (3, 2), (3, 2)), ()) and after.start == 1
    assert len(after.history) == 2


def test_p3_winner_of_the_innermost_area_won_starts() -> None:
    spots = [D(*IN4, down=True), D(*at(180, 220), down=True)]  # seat 1 wins 4, seat 2 wins 3
    state = fill(3, spots, start=1)
    after = end_round(state, spot=at(90, 60))
    assert after.start == 1 == after.history[-1].next_start
    assert R.to_move(after) == 1


def test_p3_nobody_won_moves_one_seat_to_the_right() -> None:
    state = fill(4, [D(*IN4, down=True), D(*at(180, 130), down=True)], start=2)  # a tie
    after = end_round(state)
    assert all(a.winner is None for a in after.history[-1].areas)
    assert after.start == 1


def test_p3_four_player_clockwise_option() -> None:
    state = fill(4, [], start=2, clockwise=True)
    after = end_round(state)
    assert after.start == 3


# -- P8: Double tokens ---------------------------------------------------------------------------------------------


def test_p8_double_tokens_go_to_tied_players() -> None:
    spots = [D(*at(0, 130), down=True), D(*at(120, 130), down=True), D(*at(240, 220), down=True)]
    state = fill(3, spots, doubles=True)
    after = end_round(state, spot=at(90, 60))
    assert after.history[-1].areas[1].reason == "tie"
    assert after.doubles == (True, True, False) and after.double_supply == 1
    assert after.history[-1].doubles == (0, 1)


def test_p8_double_only_on_the_third_launch() -> None:
    parked = [D(*at(40 * k, 230), down=True) for k in range(3)]
    second = position(3, parked, holding=(True, False, False), doubles=True)
    assert R.to_move(second) == 0 and second.launches[0] == 1
    assert not flick_spec(second).double
    refused(second, replace(TO_4PT, double=True), "3rd launch of the round, not your 2nd")
    parked = [D(*at(40 * k, 230), down=True) for k in range(6)]
    third = position(3, parked, holding=(True, False, False), doubles=True)
    assert flick_spec(third).double
    after = ok(third, replace(TO_4PT, double=True))
    disc = next(d for d in after.layout.discs if d.id == 6)
    assert disc.tokens == (DOUBLE,) and power(disc) == 4
    assert after.phase is Phase.LAUNCH  # a Double disc cannot be flipped
    no_token = position(3, parked, doubles=True)
    refused(no_token, replace(TO_4PT, double=True), "hold no Double token")
    refused(position(3, parked), replace(TO_4PT, double=True), "Double tokens option")


def test_p8_double_tokens_are_returned_after_the_count() -> None:
    spots = [D(*IN4, down=True)]  # seat 0 wins the 4-pt area alone: no ties
    state = fill(3, spots, holding=(True, False, False), doubles=True)
    after = end_round(state)
    assert after.doubles == (False, False, False) and after.double_supply == 3


def test_p8_no_double_on_the_last_players_disc() -> None:
    parked = [D(*at(24 * k, 230), down=True) for k in range(14)]
    state = position(5, parked, holding=(False,) * 4 + (True,), doubles=True)
    assert R.to_move(state) == 4 and state.launches[4] == 2
    refused(state, replace(TO_4PT, double=True), "Last Player token")


# -- Final scoring / P9 -----------------------------------------------------------------------------------------------


def over(players: int, won, **variants):  # type: ignore[no-untyped-def]
    state = position(players, round=4, won=won, **variants)
    state = replace(state, phase=Phase.OVER, turn=launches_per_round(state))
    return state


def test_final_scoring_most_points_wins() -> None:
    out = R.outcome(over(3, [((5, 1), (4, 2)), ((3, 1),), ()]))
    assert out.scores == (9.0, 3.0, 0.0) and out.places == (1, 2, 3)
    assert out.reason is EndReason.ROUNDS_COMPLETE
    assert out.words_for(["Ada", "Basil", "Cy"]).endswith("Ada wins with 9 points.")


def test_p9_tie_more_5pt_tokens() -> None:
    out = R.outcome(over(2, [((5, 1), (3, 2)), ((4, 1), (4, 2))]))
    assert out.scores == (8.0, 8.0) and out.places == (1, 2)
    assert out.detail == "{0} wins with 8 points, on more 5-pt tokens."


def test_p9_tie_more_5pt_tokens_in_round_4() -> None:
    out = R.outcome(over(2, [((5, 1), (4, 4)), ((4, 1), (5, 4))]))
    assert out.places == (2, 1)
    assert out.detail == "{1} wins with 9 points, on more 5-pt tokens won in round 4."


def test_p9_tie_shared() -> None:
    out = R.outcome(over(3, [((5, 4),), ((5, 4),), ((3, 2),)]))
    assert out.places == (1, 1, 3) and out.winners == (0, 1)
    assert out.detail == "{0} and {1} share the victory with 5 points."


# -- Team play / P10 --------------------------------------------------------------------------------------------------


def test_team_play_four_players_partners_opposite() -> None:
    state = over(4, [((5, 1),), ((4, 1),), ((3, 1),), ((3, 2),)], team_play=True)
    assert [team_of(state, s) for s in range(4)] == [0, 1, 0, 1]
    out = R.outcome(state)
    assert out.scores == (8.0, 7.0, 8.0, 7.0) and out.places == (1, 3, 1, 3)
    assert out.detail == "{0} and {2} win with 8 points."
    assert team_of(position(4), 0) is None


def test_p10_five_players_three_discs_each() -> None:
    state = position(5)
    assert state.left == (3,) * 5 and launches_per_round(state) == 15
    assert [team_of(state, s) for s in range(5)] == [None] * 5


def test_p10_six_players_teams_of_two_share_a_stretch() -> None:
    state = position(6)
    assert state.team_size == 2 and state.left == (3,) * 6
    assert [team_of(state, s) for s in range(6)] == [0, 0, 1, 1, 2, 2]
    assert [stretch_index(6, s) for s in range(6)] == [0, 0, 1, 1, 2, 2]
    won = [((5, 1),), ((3, 1),), ((4, 1),), (), ((3, 2),), ()]
    out = R.outcome(over(6, won))
    assert out.scores == (8.0, 8.0, 4.0, 4.0, 3.0, 3.0) and out.winners == (0, 1)


def test_p10_six_players_teams_of_three() -> None:
    state = position(6, team_size=3)
    assert [team_of(state, s) for s in range(6)] == [0, 1, 0, 1, 0, 1]
    out = R.outcome(over(6, [((5, 1),), ((4, 1),), ((3, 1),), (), (), ((3, 2),)], team_size=3))
    assert out.scores == (8.0, 7.0) * 3 and out.winners == (0, 2, 4)
    assert out.detail == "{0}, {2} and {4} win with 8 points."


# -- refusals of bad input --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Flick(0.5, 0.0, math.nan), "finite"),
        (Flick(0.5, 0.0, math.inf), "finite"),
        (Flick(math.nan, 0.0, 1000.0), "finite"),
        (Flick(0.5, -math.inf, 1000.0), "finite"),
        (Flick(0.5, 0.0, 10**400), "finite"),
        (Flick("0.5", 0.0, 1000.0), "must be a number"),  # type: ignore[arg-type]
        (Flick(0.5, 0.0, True), "must be a number"),
        (Flick(1.5, 0.0, 1000.0), "between 0 and 1"),
        (Flick(-0.1, 0.0, 1000.0), "between 0 and 1"),
        (Flick(0.5, 56.0, 1000.0), "at most 55°"),
        (Flick(0.5, 0.0, 3000.5), "at most 3000 mm/s"),
        (Flick(0.5, 0.0, 1000.0, third_party=1), "yes or no"),  # type: ignore[arg-type]
        (Flip(True), "no disc to flip"),
        (Flip("yes"), "yes or no"),  # type: ignore[arg-type]
        (PlaceJammer(0.0, 0.0), "only placed after it was knocked off"),
        ("flick", "not a Planepita action"),
        (JammerSpec(5), "not a Planepita action"),
    ],
    ids=lambda v: str(v) if isinstance(v, str) and len(v) < 40 else None,
)
def test_bad_input_is_refused_with_a_reason(action, words: str) -> None:  # type: ignore[no-untyped-def]
    refused(position(2), action, words)


@pytest.mark.parametrize(
    "spot",
    [(math.nan, 0.0), (0.0, math.inf), (10**400, 0.0), ("0", 0.0), (None, 0.0), (False, 0.0)],
)
def test_bad_jammer_spots_are_refused(spot) -> None:  # type: ignore[no-untyped-def]
    state = position(2, [D(*IN4)], phase=Phase.PLACE_JAMMER, jammer=None)
    refused(state, PlaceJammer(*spot), "must be a")  # a number; a finite one


def test_actions_in_the_wrong_phase() -> None:
    flip = position(2, [D(*IN4)], phase=Phase.FLIP)
    refused(flip, TO_4PT, "decide whether to flip")
    refused(flip, PlaceJammer(0.0, 0.0), "only placed after it was knocked off")
    jam = position(2, [D(*IN4)], phase=Phase.PLACE_JAMMER, jammer=None)
    refused(jam, TO_4PT, "put it back first")
    done = over(2, [(), ()])
    assert R.check(done, TO_4PT) == "The game is over." and R.legal_actions(done) == []


# -- the shot, the log, the picture, the invariants --------------------------------------------------------------------------


def test_shot_is_memoised_and_shared_with_apply() -> None:
    state = position(2)
    traj = shot(state, TO_4PT)
    assert shot(state, TO_4PT) is traj
    assert not traj.frames.flags.writeable
    after = R.apply(state, TO_4PT)
    assert after.layout == traj.final
    with pytest.raises(IllegalAction, match="above zero"):
        shot(state, Flick(0.5, 0.0, 0.0))


def test_log_lines() -> None:
    names = ["Ada", "Basil"]
    state = position(2)
    line = logged(state, TO_4PT, names)
    assert line == "Ada flicks softly towards the centre: the disc lands in the 4-pt area."
    flip = R.apply(state, TO_4PT)
    assert (
        logged(flip, Flip(True), names)
        == "Ada turns the disc face down: 1 power, safe from the jammer."
    )
    assert logged(flip, Flip(False), names) == "Ada leaves the disc face up: 2 power."
    jam = R.apply(state, JAMMER_OFF)
    assert logged(state, JAMMER_OFF, names).endswith("and knocks the jammer off the board.")
    assert (
        logged(jam, PlaceJammer(30.0, 20.0), names) == "Ada puts the jammer back in the 5-pt area."
    )
    spots = [D(*at(0, 40)), D(*at(180, 40), down=True), D(*IN4)]
    end = fill(2, spots, third_party=False)
    text = logged(end, PlaceJammer(*at(90, 50)), names)
    assert text.endswith(
        "End of round 1. The jammer sweeps one face-up disc out of the 5-pt area. "
        "Basil takes the 5-pt token. Ada takes the 4-pt token. "
        "Nobody is in the 3-pt area: it carries over."
    )


def test_describe_names_the_round_turn_and_discs() -> None:
    state = position(2, [D(*IN4, down=True), D(*IN5, tp=True)], phase=Phase.FLIP)
    text = R.describe(state)
    assert "round 1 of 4" in text and "P2 to flip or keep: launch 2 of 12" in text
    assert "#0   P1  4-pt down" in text and "#1   3P  5-pt up" in text
    assert "slots     5-pt x1  4-pt x1  3-pt x1" in text


def test_invariants_catch_a_vanished_disc() -> None:
    state = position(2, [D(*IN4), D(*IN3)])
    R.invariants(state)
    broken = replace(state, layout=replace(state.layout, discs=state.layout.discs[:1]))
    with pytest.raises(AssertionError, match="conserved"):
        R.invariants(broken)
    with pytest.raises(AssertionError, match="tokens do not add up"):
        R.invariants(replace(state, slots=(2, 1, 1)))


def test_view_is_the_state() -> None:
    state = position(3, [D(*IN4)])
    assert all(R.view(state, s) is state for s in range(3))


def test_conformance_covers_every_player_count_and_variant() -> None:
    ids = {c.id for c in conformance.cases(REGISTRY["planepita"], seeds=(0,))}
    assert "planepita-2p-doubles=False-practice=False-third_party=False-seed0" in ids
    assert "planepita-4p-clockwise=True-doubles=False-practice=False-team_play=False-seed0" in ids
    assert "planepita-6p-doubles=False-practice=False-team_size=3-seed0" in ids
    assert "planepita-3p-doubles=False-practice=True-seed0" in ids
    assert {int(i.split("-")[1][0]) for i in ids} == {2, 3, 4, 5, 6}
    assert list(REGISTRY)[0] == "planepita"  # first on the title screen


def test_p8_a_tie_with_the_3p_discs_earns_a_double_token() -> None:
    spots = [
        D(*at(0, 130), down=True),
        D(*at(90, 220), down=True),
        D(*at(180, 130), down=True, tp=True),
    ]
    state = fill(2, spots, doubles=True)
    after = end_round(state, spot=at(90, 60))
    four = after.history[-1].areas[1]
    assert four.power == (1, 0, 1) and four.reason == "third_party"
    assert after.doubles == (True, False) and after.double_supply == 1


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_sample_action_is_legal_in_every_phase(seed: int) -> None:
    import random

    from tabletop.games.planepita.rules import sample_action

    rnd = random.Random(seed)
    crowd = [D(*at(120 * k, 22), down=True) for k in range(3)]
    crowd += [D(*at(45 * k + math.degrees(0.3), 75), down=True) for k in range(8)]
    for state in (
        position(2),
        position(2, [D(*IN4)], phase=Phase.FLIP),
        position(4, crowd, phase=Phase.PLACE_JAMMER, jammer=None),
    ):
        action = sample_action(state, rnd)
        assert R.check(state, action) is None, (action, R.check(state, action))
    with pytest.raises(ValueError, match="over"):
        sample_action(over(2, [(), ()]), rnd)


def test_p6_a_flip_outside_the_flip_phase_is_refused_for_that_reason() -> None:
    """At a launch, asking to flip names no earlier disc: there is nothing to flip."""
    from tabletop.games.planepita.model import Flip as _Flip

    state = RULES.setup(RULES.info.config(3), 1)
    assert RULES.check(state, _Flip(True)) == "There is no disc to flip now: it is time to launch."


@pytest.mark.parametrize("radius", ["disc", "jammer"])
def test_the_jammer_searchs_area_mask_is_board_area_of(radius: str) -> None:
    """The free-spot search's vectorised area test (by Board.area_bounds) says what
    Board.area_of says, on each side of every bound (ruling P1: a piece touching a
    line is in the inner area)."""
    import numpy as np

    from tabletop.games.planepita import params as params_mod
    from tabletop.games.planepita import rules as rules_mod
    from tabletop.games.planepita.board import Board

    board = Board.from_params(params_mod.default())
    r = board.disc_radius if radius == "disc" else board.jammer_radius
    edges = sorted({b for area in (5, 4, 3) for b in board.area_bounds(area, r)})
    d = np.array(
        [e + k * 1e-6 for e in edges for k in (-1, 0, 1) if e + k * 1e-6 >= 0]
        + [*np.linspace(0.0, board.outer_radius + r + 5.0, 301)]
    )
    for area in (5, 4, 3):
        mask = rules_mod._area_mask(d, area, board, r)
        expected = np.array([board.area_of(float(x), 0.0, r) == area for x in d])
        assert (mask == expected).all(), (area, d[mask != expected])
