"""Everything that tells or plans a shot uses the game's own physics (its
``physics`` values, the player's physics.toml), and a shot that the game's
physics no longer reproduces (a save played under an older version) is never
described or replayed as if it had gone another way: the saved positions are
the truth."""

from __future__ import annotations

import json
import random
from pathlib import Path

from tabletop import games
from tabletop.core.session import Session, default_seats
from tabletop.games.planepita import bot as botmod
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Flick, Phase
from tests.planepita.positions import position

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
FAST = (("launch.max_speed", 3500.0),)


def session(physics: params_mod.Overrides) -> Session:
    config = pp_rules.RULES.info.config(2, physics=physics)
    return Session(
        games.REGISTRY["planepita"],
        config,
        5,
        default_seats(["human", "human"]),
        threaded=False,
        timed=False,
    )


def test_a_flick_faster_than_the_shipped_cap_is_told_and_detailed_by_the_game_cap() -> None:
    s = session(FAST)
    flick = Flick(pad=0.5, angle=0.0, speed=3400.0)  # above the shipped 3000 mm/s
    s.play(flick)
    rules = games.REGISTRY["planepita"].rules
    line = rules.log_line(s.states[0], flick, s.states[1], s.names)
    assert "hard" in line
    detail = rules.log_detail(s.states[0], flick, s.states[1], s.names)
    assert "3400 mm/s (97% of the top speed)" in detail


def test_the_rounds_last_flick_above_the_shipped_cap_ends_the_round() -> None:
    """The round-ending flick's log line asks for the shot again: with the
    shipped cap it raised inside Session.play and the round never ended."""
    s = session(FAST)
    rng = random.Random(3)
    while s.state.round == 1:
        st = s.state
        if st.phase is Phase.LAUNCH:
            spec = pp_rules.flick_spec(st)
            s.play(
                Flick(
                    pad=rng.random(),
                    angle=rng.uniform(-20, 20),
                    speed=3400.0,
                    third_party=not spec.own,
                )
            )
        else:
            s.play(pp_rules.sample_action(st, rng))
    assert s.state.round == 2 and len(s.log) == s.ply


def test_the_bots_aim_with_the_games_friction() -> None:
    """The same seed, the same free shot: a floor twice as slow asks the easy
    bot for a faster flick to reach the same spot."""
    base = position(2)
    slow = pp_rules.params_of(base)
    sticky = base.__class__(**{**base.__dict__, "physics": (("friction.mu_face_up", 0.6),)})
    a = botmod.make_bot("easy", 0, 4, timed=False).choose(pp_rules.RULES.view(base, 0))
    b = botmod.make_bot("easy", 0, 4, timed=False).choose(pp_rules.RULES.view(sticky, 0))
    assert isinstance(a, Flick) and isinstance(b, Flick)
    assert slow.friction.mu_face_up < 0.6
    assert b.speed > a.speed * 1.2


def test_a_shot_an_older_physics_played_is_never_told_another_way() -> None:
    """The finished 2-player fixture was played before the launched disc left
    its pad in any direction: some of its flicks end differently today. Those
    have no recomputed path (no replay, no invented numbers), and the others
    agree with the saved board."""
    doc = json.loads((FIXTURES / "planepita-2p-finished.json").read_text("utf-8"))
    s = Session.from_doc(doc, registry=games.REGISTRY, threaded=False, timed=False)
    rules = games.REGISTRY["planepita"].rules
    differ = agree = 0
    for ply, action in enumerate(s.actions):
        if not isinstance(action, Flick):
            continue
        before, after = s.states[ply], s.states[ply + 1]
        traj = pp_rules.recorded_shot(before, action, after)
        detail = rules.log_detail(before, action, after, s.names)
        if traj is None:
            differ += 1
            assert "older version of the physics" in detail
        else:
            agree += 1
            assert after.last_shot is not None and traj.lost == after.last_shot.lost
            if len(after.history) == len(before.history) and not traj.stayed_on_pad:
                assert traj.final == after.layout
    assert differ > 0 and agree > 0


def test_a_new_games_shots_always_agree_with_their_record() -> None:
    s = session(())
    rng = random.Random(8)
    for _ in range(20):
        before = s.state
        action = pp_rules.sample_action(before, rng)
        s.play(action)
        if isinstance(action, Flick):
            assert pp_rules.recorded_shot(before, action, s.state) is not None


def test_a_huge_number_in_the_players_file_is_refused_in_words_and_moved_aside(
    tmp_path: Path,
) -> None:
    content = b"[friction]\nmu_face_up = 1" + b"0" * 400 + b"\n"
    (tmp_path / "physics.toml").write_bytes(content)
    found, message = params_mod.read_user_file(tmp_path)
    assert found == ()
    assert message is not None and "a number far too large" in message
    assert (tmp_path / "physics.toml.bad").read_bytes() == content


def test_the_widest_aim_is_a_rule_no_players_file_changes(tmp_path: Path) -> None:
    """Ruling P11 sets the widest aim (the rules page says 55°): a player's
    file that changes it is refused in words and moved aside."""
    assert params_mod.overrides_refusal((("launch.max_angle", 50.0),)) == (
        "launch.max_angle is not a value a game may change"
    )
    (tmp_path / "physics.toml").write_text("[launch]\nmax_angle = 50.0\n", "utf-8")
    found, message = params_mod.read_user_file(tmp_path)
    assert found == () and message is not None and "a rule of this edition" in message
