"""Planepita's search bots: the free slide is the physics' answer, the clock
says when its seconds ended a decision, and every level's untimed decision
is decided by its seed.

Everything here runs untimed (``timed=False``) or on a stand-in clock that
the test moves, so it is the same on any machine; how long a decision takes
is the bench's business (``tools/bench.py --only bots --only clock``).
"""

from __future__ import annotations

import itertools
import math
import random
from dataclasses import replace

import pytest

from tabletop.games.planepita import bot as botmod
from tabletop.games.planepita import rules as R
from tabletop.games.planepita.model import Disc, Flick, FlickSpec, Flip, Layout, Phase, PlaceJammer

RULES = R.RULES
LEVELS = ("easy", "medium", "hard")


def played(players: int, seed: int, until) -> R.PlanepitaState:
    """Easy bots play a seeded game until ``until(state)``."""
    state = RULES.setup(RULES.info.config(players), seed)
    bots = [botmod.make_bot("easy", s, seed + s) for s in range(players)]
    while not until(state):
        state = RULES.apply(state, bots[R.launcher(state)].choose(state))
    return state


def launch_at(turn: int):
    return lambda s: s.turn >= turn and s.phase is Phase.LAUNCH


# -- the free slide ------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_free_slide_is_what_the_physics_does(seed: int) -> None:
    """Random flicks from positions with discs on the board: wherever
    free_slide answers, the simulator puts the launched disc within 0.01 mm
    of it, moves nothing else and keeps the disc on the planet; it answers
    for some and declines others (a disc in the way, the rim)."""
    state = played(2 + seed, seed, launch_at(3 + 2 * seed))
    assert state.layout.discs
    spec = RULES.legal_actions(state)[0]
    assert isinstance(spec, FlickSpec)
    rnd = random.Random(seed)
    answered = declined = 0
    for _ in range(60):
        flick = botmod.clamp_flick(
            spec, rnd.uniform(*spec.pad), rnd.uniform(-50.0, 50.0), rnd.uniform(500.0, 3000.0)
        )
        free = botmod.free_slide(state, flick)
        if free is None:
            declined += 1
            continue
        answered += 1
        traj = botmod.run_shot(state, flick)
        assert not traj.stayed_on_pad and not traj.lost and not traj.jammer_lost
        assert traj.final.jammer == free.jammer == state.layout.jammer
        assert traj.final.pads == free.pads
        theirs = {d.id: d for d in traj.final.discs}
        ours = {d.id: d for d in free.discs}
        assert theirs.keys() == ours.keys()
        for ident, disc in ours.items():
            assert math.hypot(disc.x - theirs[ident].x, disc.y - theirs[ident].y) < 0.01
            assert replace(disc, x=0.0, y=0.0) == replace(theirs[ident], x=0.0, y=0.0)
    assert answered >= 5 and declined >= 5, (answered, declined)


def test_a_free_slide_declines_a_disc_in_the_way_and_the_rim() -> None:
    state = RULES.setup(RULES.info.config(2, third_party=False), 1)
    empty = replace(state, layout=Layout(2, (), None, (0.5, 0.5)))
    seat = R.launcher(empty)
    pad = 0.5
    angle, dist = botmod.aim(2, seat, pad, (0.0, 0.0))
    to_centre = Flick(pad, round(angle, 3), round(botmod.stop_speed(dist), 1))
    free = botmod.free_slide(empty, to_centre)
    assert free is not None
    (disc,) = free.discs
    assert math.hypot(disc.x, disc.y) < 2.0
    # a disc halfway along the path: only the physics can tell
    pose = botmod.pad_pose(2, seat, pad)
    mid = (pose.start[0] / 2, pose.start[1] / 2)
    blocked = replace(empty, layout=replace(empty.layout, discs=(Disc(0, 1, *mid),)))
    blocked = replace(blocked, next_id=1)
    assert botmod.free_slide(blocked, to_centre) is None
    # hard enough to reach the far rim: off the planet, or hanging over it
    assert botmod.free_slide(empty, replace(to_centre, speed=2400.0)) is None


# -- the clock -----------------------------------------------------------------------------


def ticking(step: float):
    ticks = itertools.count()
    return lambda: next(ticks) * step


def busy_launch() -> R.PlanepitaState:
    return played(4, 5, launch_at(12))


def test_clock_cut_says_the_seconds_ended_the_decision() -> None:
    """A hard bot whose clock moves 0.1 s at every reading runs out of
    seconds long before its simulations: clock_cut. Untimed, or with
    seconds it never reaches, the cap ends the search: no clock_cut. The
    easy bot never reads a clock."""
    state = busy_launch()
    seat = R.launcher(state)
    timed = botmod.make_bot("hard", seat, 1)
    timed.now = ticking(0.1)
    assert RULES.check(state, timed.choose(state)) is None
    assert timed.clock_cut
    assert timed.last_launch is not None and timed.last_launch[2] < botmod.HARD.max_sims
    roomy = botmod.make_bot("hard", seat, 1, max_sims=12, budget=1e6)
    roomy.now = ticking(0.1)
    roomy.choose(state)
    assert not roomy.clock_cut and roomy.last_launch is not None
    assert roomy.last_launch[2] == 12
    untimed = botmod.make_bot("hard", seat, 1, timed=False, max_sims=12)
    untimed.choose(state)
    assert not untimed.clock_cut
    # the next decision starts afresh
    timed.now = ticking(0.0)
    timed.choose(state)
    assert not timed.clock_cut
    easy = botmod.make_bot("easy", seat, 1)
    easy.choose(state)
    assert easy.clock_cut is False


def test_clock_cut_in_a_flip_and_a_share_of_the_clock() -> None:
    state = played(4, 5, lambda s: s.turn >= 8 and s.phase is Phase.FLIP)
    seat = R.launcher(state)
    hard = botmod.make_bot("hard", seat, 2)
    hard.now = ticking(0.2)
    assert isinstance(hard.choose(state), Flip)
    assert hard.clock_cut
    clock = botmod.Clock(50, 1.0, now=ticking(0.3))
    part = clock.share(0.5)
    while part.spend():
        pass
    assert part.cut and part.stopped and clock.cut and not clock.stopped


# -- every level is decided by its seed ------------------------------------------------------


def fixed_positions() -> list[R.PlanepitaState]:
    """A launch at 2 players with 3P discs, a launch at 4, a flip and a
    jammer knocked off the board."""
    knocked = RULES.apply(played(2, 1, launch_at(0)), Flick(0.5, 0.0, 3000.0))
    assert knocked.phase is Phase.PLACE_JAMMER
    flip = played(3, 6, lambda s: s.turn >= 4 and s.phase is Phase.FLIP)
    return [played(2, 2, launch_at(7)), played(4, 3, launch_at(9)), flip, knocked]


@pytest.mark.parametrize("level", LEVELS)
def test_each_levels_untimed_decision_is_decided_by_its_seed(level: str) -> None:
    """At the level's own budget without the clock (``timed=False``): the
    same seed gives the same decision on every fixed position, and the
    seed does decide (the hand's error at least is its own)."""
    positions = fixed_positions()
    for state in positions:
        seat = R.launcher(state)
        first = botmod.make_bot(level, seat, 42, timed=False).choose(state)
        again = botmod.make_bot(level, seat, 42, timed=False).choose(state)
        assert first == again, (state.phase, first, again)
        assert RULES.check(state, first) is None
        if state.phase is Phase.PLACE_JAMMER:
            assert isinstance(first, PlaceJammer)
    launch = positions[0]
    seat = R.launcher(launch)
    flicks = {botmod.make_bot(level, seat, seed, timed=False).choose(launch) for seed in (1, 2, 3)}
    assert len(flicks) > 1


# -- the measured risks ----------------------------------------------------------------------


def test_the_measured_risks_run_from_two_players_to_six() -> None:
    assert botmod.risk_for(1) == botmod.RISK_FEW
    assert botmod.risk_for(4) == botmod.RISK_MANY
    assert botmod.risk_for(9) == botmod.RISK_MANY
    mid = botmod.risk_for(2)
    for few, m, many in zip(botmod.RISK_FEW.up, mid.up, botmod.RISK_MANY.up):
        assert many < m < few
    assert botmod.RISK_FEW.down < min(botmod.RISK_FEW.up)


def test_the_hard_bot_weighs_a_face_up_disc_at_its_measured_risk() -> None:
    """A lone face-up disc in the 4-pt area with six launches of the other
    seat to come, at the start of a round (nothing yet says how hard the
    table hits): the simple risks (the medium bot's) count three of them at
    10 %; the measured ones (the hard bot's) count all six, halfway between
    a table of easy bots (3 %) and one of medium bots (37 %), so the same
    disc face down is worth more to the hard bot, not to medium."""
    state = RULES.setup(RULES.info.config(2, third_party=False), 1)
    later = [0, 6]
    up = Layout(2, (Disc(0, 0, 0.0, 120.0),), (0.0, 0.0), (0.5, 0.5))
    down = Layout(2, (Disc(0, 0, 0.0, 120.0, face_down=True),), (0.0, 0.0), (0.5, 0.5))
    simple = botmod.make_outlook(state, 0, later)
    measured = botmod.make_outlook(state, 0, later, measured=True)
    assert simple.risks is None and measured.risks is not None
    assert botmod.evaluate(up, simple) > botmod.evaluate(down, simple)
    assert botmod.evaluate(up, measured) < botmod.evaluate(down, measured)
    assert botmod.HARD.measured and not botmod.MEDIUM.measured
    # after the round's last launch both count the table as it is
    final = botmod.make_outlook(state, 0, [0, 0], measured=True)
    assert botmod.evaluate(up, final) == botmod.evaluate(up, botmod.make_outlook(state, 0, [0, 0]))


def test_the_hard_bot_reads_how_hard_the_table_hits_from_the_black_hole() -> None:
    """The share of this round's launches that ended in the black hole says
    how hard the table hits: none of eight, a calm table (easy bots' risks);
    four of eight, a fierce one (medium bots')."""
    state = RULES.setup(RULES.info.config(2, third_party=False), 1)
    calm = replace(state, turn=8)
    lost = tuple(Disc(i, i % 2) for i in range(4))
    fierce = replace(state, turn=8, black_hole=lost)
    assert botmod.violence(calm) == 0.0
    assert botmod.violence(fierce) == 1.0
    assert 0.0 < botmod.violence(state) < 1.0
    assert botmod.risk_for(1, 0.0) == botmod.RISK_CALM
    assert botmod.risk_for(1, 1.0) == botmod.RISK_FEW
