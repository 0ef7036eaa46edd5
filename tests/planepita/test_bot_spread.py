"""Planepita's bots play their chosen flick with their level's stated
execution spread, drawn from the bot's own generator, and plan angled shots.

The spread grades the ladder; how often each level lands a free shot in the
5-pt area is measured in ``tools/bench.py --only free-shot`` (50 positions),
not here. These tests hold the mechanism: the error is the level's, it comes
from the bot's seeded generator (so a decision repeats for a seed), and the
search plays what it chose plus exactly that error.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import replace

import pytest

from tabletop.core import rng as rngmod
from tabletop.games.planepita import bot as botmod
from tabletop.games.planepita import rules as R
from tabletop.games.planepita.model import Flick, FlickSpec, Layout

RULES = R.RULES
SPEC = FlickSpec(
    0, (0.0, 1.0), (-55.0, 55.0), (0.0, 3000.0), third_party=False, own=True, double=False
)


def test_the_ladder_is_graded_by_its_spreads() -> None:
    easy, medium, hard = (botmod.SPREADS[level] for level in ("easy", "medium", "hard"))
    assert easy.aim > medium.aim > hard.aim > 0
    assert easy.speed > medium.speed > hard.speed > 0
    assert botmod.MEDIUM.spread == medium and botmod.HARD.spread == hard
    notes = botmod.level_notes()
    for level, spread in botmod.SPREADS.items():
        assert spread.words() in notes[level] and botmod.PLANS[level] in notes[level]


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_a_hand_strays_by_its_levels_spread(level: str) -> None:
    """400 draws of the error on one flick: their spread is the level's."""
    spread = botmod.SPREADS[level]
    player = botmod.make_bot(level, 0, 5, timed=False)
    aimed = Flick(0.5, 0.0, 1000.0)
    played = [player.noisy(SPEC, aimed, spread) for _ in range(400)]
    aims = [f.angle for f in played]
    speeds = [f.speed / aimed.speed - 1.0 for f in played]
    assert statistics.pstdev(aims) == pytest.approx(spread.aim, rel=0.15)
    assert statistics.pstdev(speeds) == pytest.approx(spread.speed, rel=0.15)
    assert abs(statistics.mean(aims)) < 4 * spread.aim / math.sqrt(400)
    assert all(
        RULES.check(R.RULES.setup(R.RULES.info.config(3), 1), f) is None for f in played[:20]
    )


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_a_search_bot_plays_its_choice_plus_its_own_seeded_error(level: str) -> None:
    state = RULES.setup(R.RULES.info.config(3), 4)
    seat = R.launcher(state)
    spec = RULES.legal_actions(state)[0]
    player = botmod.make_bot(level, seat, 9, timed=False, max_sims=8)
    played = player.choose(state)
    # the same search, without the hand: the planner is deterministic
    config = player.config
    chosen = (
        botmod.Planner(state, seat)
        .best_launch(spec, config, botmod.Clock(config.max_sims, None))
        .flick
    )
    hand = rngmod.make(9, "planepita-bot", seat, level)
    want = botmod.clamp_flick(
        spec,
        chosen.pad,
        chosen.angle + hand.gauss(0.0, config.spread.aim),
        chosen.speed * (1.0 + hand.gauss(0.0, config.spread.speed)),
        third_party=chosen.third_party,
        double=chosen.double,
    )
    assert played == want and played != chosen
    # and a fresh bot with the same seed plays the very same flick
    assert botmod.make_bot(level, seat, 9, timed=False, max_sims=8).choose(state) == played


def test_the_search_tries_angled_shots_beyond_the_old_cap() -> None:
    """The old ±11° cap (angled shots struck the pad's walls) is gone: from an
    empty board the candidate shots span wide aims."""
    state = RULES.setup(R.RULES.info.config(3), 2)
    state = replace(state, layout=Layout(3, (), (0.0, 200.0), (0.5, 0.5, 0.5)))
    seat = R.launcher(state)
    spec = RULES.legal_actions(state)[0]
    planner = botmod.Planner(state, seat)
    later = botmod.counts_left(state)
    later[seat] -= 1
    outlook = botmod.make_outlook(state, seat, later)
    groups = planner.candidates(spec, botmod.HARD, outlook, botmod.launch_variants(spec), False)
    assert max(abs(c.flick.angle) for group in groups for c in group) > 15.0
