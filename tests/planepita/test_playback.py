"""tabletop/games/planepita/playback.py: animations run on the dt they are
given (no clock, no pygame), show the recorded trajectory frame by frame, and
play their sounds at the recorded moments."""

from __future__ import annotations

import pytest

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Flick
from tabletop.games.planepita.physics import JAMMER, EventKind
from tabletop.games.planepita.playback import (
    FALL_TIME,
    PadMove,
    RoundEnd,
    ShotAnim,
    moment_of,
)


class Recorder:
    """A stand-in mixer: what was played, in order."""

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []

    def play(self, name: str, gain: float = 1.0) -> None:
        self.played.append((name, gain))


def a_busy_shot() -> tuple:
    """A 3-player state with a hit: a fast straight shot at the jammer."""
    state = pp_rules.RULES.setup(pp_rules.RULES.info.config(3), 4)
    flick = Flick(0.5, 0.0, 2200.0)
    traj = pp_rules.shot(state, flick)
    assert traj.hits(), "the shot must hit something"
    disc = pp_rules.launched_disc(state, flick)
    return state, flick, traj, {traj.launched: disc}


@pytest.mark.parametrize("speed", [1.0, 2.5])
def test_a_shot_plays_its_frames_on_the_given_dt_and_clacks_at_each_hit(speed: float) -> None:
    state, flick, traj, discs = a_busy_shot()
    anim = ShotAnim(state, 0, flick, traj, discs, speed)
    assert anim.duration == pytest.approx((traj.duration + FALL_TIME) / speed)
    sound = Recorder()
    dt = 1 / 60
    seen = []
    while not anim.done:
        anim.update(dt, sound)
        seen.append(anim.frame_index())
        pic = anim.moment()
        assert pic.active == 0 and pic.pads[0] == flick.pad
    # the frames advance with the dt given, never backwards, to the last one
    assert seen == sorted(seen) and seen[-1] == len(traj.frames) - 1
    assert seen[0] == int(dt * speed * traj.fps)
    clacks = [g for name, g in sound.played if name == "clack"]
    assert len(clacks) == len([e for e in traj.events if e.kind is EventKind.HIT])
    assert all(0.08 <= g <= 1.0 for g in clacks)


def test_half_way_through_the_shot_the_picture_is_the_recorded_frame() -> None:
    state, flick, traj, discs = a_busy_shot()
    anim = ShotAnim(state, 0, flick, traj, discs, 1.0)
    anim.update(traj.duration / 2, Recorder())
    f = anim.frame_index()
    assert f == int(traj.duration / 2 * traj.fps)
    pic = anim.moment()
    i = traj.ids.index(JAMMER)
    x, y, _ = traj.frames[f, i]
    assert pic.jammer == pytest.approx((x, y))
    launched = next(d for d in pic.discs if d[0].id == traj.launched)
    assert launched[1:3] == pytest.approx(tuple(traj.frames[f, traj.ids.index(traj.launched), :2]))


def test_a_pad_move_eases_from_where_the_pad_was_to_the_target() -> None:
    state = pp_rules.RULES.setup(pp_rules.RULES.info.config(2), 1)
    disc = pp_rules.launched_disc(state, Flick(0.9, 0.0, 1000.0))
    anim = PadMove(state, 0, disc, 0.9, 0.4)
    start = state.layout.pad_of(0)
    assert anim.moment().pads[0] == start
    anim.update(0.2, Recorder())
    assert anim.moment().pads[0] == pytest.approx(
        start + (0.9 - start) * 0.5
    )  # smoothstep's middle
    anim.update(0.2, Recorder())
    assert anim.done and anim.moment().pads[0] == pytest.approx(0.9)


def test_a_round_end_sweeps_then_counts_then_chimes_once() -> None:
    from tabletop.games.planepita.model import AreaResult, RoundResult

    state = pp_rules.RULES.setup(pp_rules.RULES.info.config(2), 1)
    result = RoundResult(1, (0.0, 0.0), 5, (), (AreaResult(5, (0, 0, 0), None, 0, "empty"),), 1, ())
    anim = RoundEnd(state, state.layout, result, 2.0)
    assert anim.duration == pytest.approx((RoundEnd.SWEEP + RoundEnd.POWER + RoundEnd.TOKENS) / 2)
    sound = Recorder()
    stages = []
    while not anim.done:
        anim.update(0.05, sound)
        stages.append(anim.stage()[0])
    assert stages == sorted(stages) and set(stages) == {0, 1, 2}
    assert sound.played == [("chime", 0.7)]


def test_a_still_moment_is_the_state() -> None:
    state = pp_rules.RULES.setup(pp_rules.RULES.info.config(4), 2)
    pic = moment_of(state)
    assert pic.jammer == state.layout.jammer
    assert pic.pads == tuple(state.layout.pad_of(s) for s in range(4))
    assert pic.active == pp_rules.RULES.to_move(state)
