"""Edge cases of the simulator: only the active pad stands, restitution pairs
at the schema's extremes, the step cap, and how deep discs may overlap."""

from __future__ import annotations

import math

import pytest

from tabletop.games.planepita import params
from tabletop.games.planepita.model import Layout
from tabletop.games.planepita.physics import Launch, simulate
from tests.planepita.test_physics import (
    PLAYERS,
    TINY,
    in_line,
    shooter,
    wall_bounce,
)

P = params.default()
r = P.disc.radius
R = P.board.planet_radius


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_only_the_active_pad_stands_a_disc_knocked_at_another_pad_is_lost(players: int) -> None:
    """The rulebook lets the active player have any pad in the way moved aside;
    this edition always does, so only the launching pad is in the world. A disc knocked
    straight across the planet must fly off into the black hole whatever the
    player count (with 2 players seat 1's pad stands exactly opposite)."""
    traj = simulate(
        Layout(players, (in_line(200.0),), None), Launch(0, shooter(), speed=P.launch.max_speed)
    )
    assert not any(e.b is not None and e.b <= -11 for e in traj.events), traj.events
    assert traj.lost == (1,), traj.events


def test_disc_disc_restitution_must_be_above_zero() -> None:
    """The other pairs' shape values are divided by sqrt(disc_disc)."""
    with pytest.raises(params.ParamError, match="restitution.disc_disc"):
        P.with_overrides({"restitution.disc_disc": 0.0})


@pytest.mark.parametrize("disc_disc", [params.SCHEMA["restitution"]["disc_disc"][1], 0.2])
def test_disc_pad_and_disc_jammer_restitution_do_not_depend_on_disc_disc(disc_disc: float) -> None:
    p = P.with_overrides({**TINY, "restitution.disc_disc": disc_disc})
    e = wall_bounce(p, 0.0, back=True)
    assert e == pytest.approx(p.restitution.disc_pad, rel=0.02), f"back wall e={e:.4f}"


@pytest.mark.parametrize("hz", [480, 500, 700, 1000])
def test_the_step_cap_is_never_exceeded(hz: int) -> None:
    """Even when the cap is not a whole number of display frames."""
    lo = params.SCHEMA["sim"]["max_seconds"][1]
    p = P.with_overrides({**TINY, "sim.max_seconds": lo, "sim.hz": hz})
    traj = simulate(Layout(PLAYERS, (), None), Launch(0, shooter(), speed=300.0), p)
    assert not traj.at_rest
    assert traj.steps <= p.sim.max_steps, f"{traj.steps} steps > max_steps {p.sim.max_steps}"


@pytest.mark.parametrize("y", [-R + r - 7.25, -R + r, -144.75])
def test_top_speed_head_on_discs_never_overlap_by_more_than_one_step(y: float) -> None:
    """params.py keeps a top-speed step within half a radius, so a collision is
    resolved before the discs sink deeper than that into each other."""
    traj = simulate(
        Layout(PLAYERS, (in_line(y),), None), Launch(0, shooter(), speed=P.launch.max_speed)
    )
    f = traj.frames
    a, b = traj.ids.index(0), traj.ids.index(1)
    d = ((f[:, a, 0] - f[:, b, 0]) ** 2 + (f[:, a, 1] - f[:, b, 1]) ** 2) ** 0.5
    worst = float(max(2 * r - x for x in d if not math.isnan(x)))
    step = P.launch.max_speed / P.sim.hz
    assert worst <= step <= r / 2, f"frame overlap {worst:.2f} mm = {worst / r:.0%} of the radius"


def test_a_face_down_disc_knocked_loose_and_off_the_board_leaves_cleanly() -> None:
    """Its hold joint was released by the hit; leaving the world must not try
    to remove that joint a second time."""
    from tabletop.games.planepita.model import Disc

    layout = Layout(
        2,
        (
            Disc(12, 1, 92.75023721234595, 0.5167569205218808, 0.000815954613292481, True),
            Disc(13, 0, 19.133259658709907, -44.8995540205832, -0.28501772127511066),
            Disc(14, 1, 173.7395089888109, 36.76280779696223, 0.09646038528863667, True),
            Disc(16, 1, 42.842404952507245, -247.70050802011863, 0.2950706580002327, True),
        ),
        (5.583706924242088, 39.67683490892865),
        (0.4167, 0.8333),
    )
    launch = Launch(1, Disc(18, 1), pad=0.0, angle=9.026, speed=3000.0)
    traj = simulate(layout, launch)
    assert traj.at_rest
    assert {d.id for d in traj.final.discs} | set(traj.lost) == {12, 13, 14, 16, 18}
