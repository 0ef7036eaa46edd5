"""The player's own physics: the physics.toml the tuning overlay saves in the
settings folder, laid over the shipped one for new games, stored with the game
(the config's ``physics`` and ``state.physics``) so a resumed game and a replay
keep using it, and refused in words (a damaged file is moved aside)."""

from __future__ import annotations

import json
import math
import random
from pathlib import Path
from typing import Any

import pytest

from tabletop import games
from tabletop.core.session import Session, default_seats
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Flick, Phase
from tabletop.games.planepita.params import ParamError
from tests.planepita.tables import table_of

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "saves"
#: a slower floor and softer bounces than the shipped physics.toml
MINE = (("friction.mu_face_up", 0.2), ("restitution.disc_disc", 0.7))
#: a straight flick that comes to rest on the board with either physics
FLICK = Flick(pad=0.5, angle=0.0, speed=1500.0)


def entry() -> Any:
    return games.REGISTRY["planepita"]


def new_session(physics: params_mod.Overrides = MINE) -> Session:
    config = pp_rules.RULES.info.config(2, physics=physics)
    return Session(
        entry(), config, 5, default_seats(["human", "human"]), threaded=False, timed=False
    )


def flick_and_decide(session: Session, flick: Flick = FLICK) -> None:
    """One launch and the decisions after it (keep the disc face up)."""
    session.play(flick)
    while session.state.phase is not Phase.LAUNCH:
        session.play(pp_rules.sample_action(session.state, random.Random(1)))


# -- params.py: the values and the file ---------------------------------------------------


def test_overrides_are_checked_by_params_py_in_words() -> None:
    assert params_mod.overrides_refusal(()) is None
    assert params_mod.overrides_refusal(MINE) is None
    for value, words in [
        ((("friction.mu_face_up", 9.0),), "friction.mu_face_up must be a number from 0.01 to 2"),
        ((("launch.max_speed", 9000.0),), "sim.hz is too low for launch.max_speed"),
        ((("board.planet_radius", 300.0),), "not a value a game may change"),
        (
            (("restitution.disc_disc", 0.7), ("friction.mu_face_up", 0.2)),
            "each named once, in order",
        ),
        (
            (("friction.mu_face_up", 1),),
            "not a list of named numbers",
        ),  # a whole number is no float here
        ([("friction.mu_face_up", 0.2)], "not a list of named numbers"),
        (None, "not a list of named numbers"),
    ]:
        why = params_mod.overrides_refusal(value)
        assert why is not None and words in why, (value, why)
    p = params_mod.with_overrides_of(params_mod.default(), MINE)
    assert p.friction.mu_face_up == 0.2 and p.restitution.disc_disc == 0.7
    assert params_mod.overrides_between(params_mod.default(), p) == MINE
    with pytest.raises(ParamError, match="mu_face_up"):
        params_mod.with_overrides_of(params_mod.default(), (("friction.mu_face_up", 9.0),))


def test_the_player_file_round_trips(tmp_path: Path) -> None:
    path = params_mod.write_user_file(tmp_path, MINE)
    assert path == tmp_path / "physics.toml"
    text = path.read_text("utf-8")
    assert text.startswith("# Your Planepita physics") and "[friction]\nmu_face_up = 0.2" in text
    assert params_mod.read_user_file(tmp_path) == (MINE, None)
    assert [p.name for p in tmp_path.iterdir()] == [
        "physics.toml"
    ]  # written whole: no temporary left
    # the shipped values again: a file of comments only, read back as ()
    params_mod.write_user_file(tmp_path, ())
    assert params_mod.read_user_file(tmp_path) == ((), None)
    # a hand-written file: values equal to the shipped ones are dropped, whole numbers taken
    path.write_text("[friction]\nmu_face_up = 0.30\nbreak_away_speed = 650\n", "utf-8")
    assert params_mod.read_user_file(tmp_path) == ((("friction.break_away_speed", 650.0),), None)
    # no file: the shipped values, nothing said
    path.unlink()
    assert params_mod.read_user_file(tmp_path) == ((), None)
    # refused values are never written
    with pytest.raises(ParamError):
        params_mod.write_user_file(tmp_path, (("friction.mu_face_up", 9.0),))
    assert not path.exists()


@pytest.mark.parametrize(
    "content, words",
    [
        (b"[friction\nmu_face_up = 0.2\n", "not valid TOML"),
        (b"[friction]\nmu_face_up = 7.0\n", "friction.mu_face_up must be a number from 0.01 to 2"),
        (b"[board]\nplanet_radius = 300.0\n", "[board] is the table's own"),
        (b"[friction]\nmu = 0.2\n", "unknown parameter friction.mu"),
        (b"\xff\xfe[friction]\n", "it is not text"),
        # issue 25: tomllib recursed past Python's limit; the message held the whole key
        (
            b"x = " + b"[" * 10_000 + b"]" * 10_000 + b"\n",
            "nests arrays more than 20 levels deep",
        ),
        (b"[friction]\n" + b"k" * 3000 + b" = 1.0\n", "unknown parameter friction.kkkkkkkkk"),
        (b'[friction]\n"a\\u0000b" = 1.0\n', "unknown parameter friction.a\ufffdb"),
        (b"[friction]\nmu_face_up = 1" + b"0" * 400 + b"\n", "a number far too large"),
        (b"x" * (params_mod.USER_FILE_MAX_BYTES + 1), "it is larger than 64 KB"),
    ],
)
def test_a_damaged_player_file_is_moved_aside_and_the_shipped_values_used(
    tmp_path: Path, content: bytes, words: str
) -> None:
    (tmp_path / "physics.toml").write_bytes(content)
    found, message = params_mod.read_user_file(tmp_path)
    assert found == ()
    assert message is not None and words in message and "shipped physics is used" in message
    assert not (tmp_path / "physics.toml").exists()
    assert (tmp_path / "physics.toml.bad").read_bytes() == content
    assert "physics.toml.bad" in message
    assert len(message) < 400 and "\x00" not in message


@pytest.mark.parametrize("kind", ["pipe", "device", "folder"])
def test_a_player_file_that_is_not_a_file_is_set_aside_unread(tmp_path: Path, kind: str) -> None:
    """A named pipe hung every new Planepita game; a link to /dev/zero read
    until memory ran out."""
    import os

    path = tmp_path / "physics.toml"
    if kind == "device" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    {"pipe": os.mkfifo, "device": lambda p: os.symlink("/dev/zero", p), "folder": os.mkdir}[kind](
        path
    )
    found, message = params_mod.read_user_file(tmp_path)
    assert (
        found == ()
        and message is not None
        and "not a file" in message
        and "physics.toml.bad" in message
    )
    assert not os.path.lexists(path) and os.path.lexists(tmp_path / "physics.toml.bad")


# -- a game keeps its physics ----------------------------------------------------------------


def test_a_new_game_takes_the_player_file_into_its_config_and_state(tmp_path: Path) -> None:
    params_mod.write_user_file(tmp_path, MINE)
    config, message = pp_rules.user_config(pp_rules.RULES.info.config(2), tmp_path)
    assert message is None and config.get("physics") == MINE and config.get("third_party") is True
    state = pp_rules.RULES.setup(config, 1)
    assert state.physics == MINE
    assert pp_rules.params_of(state).friction.mu_face_up == 0.2
    assert (
        "physics   friction.mu_face_up=0.2  restitution.disc_disc=0.7"
        in pp_rules.RULES.describe(state)
    )
    # the shot is computed with them: it meets the jammer faster and bounces elsewhere
    shipped = pp_rules.RULES.setup(pp_rules.RULES.info.config(2), 1)
    mine = pp_rules.shot(state, FLICK).final.discs[0]
    theirs = pp_rules.shot(shipped, FLICK).final.discs[0]
    assert math.dist((mine.x, mine.y), (theirs.x, theirs.y)) > 5.0
    # a damaged file: the shipped values and a message
    (tmp_path / "physics.toml").write_text("[friction]\nmu_face_up = -1\n", "utf-8")
    config, message = pp_rules.user_config(pp_rules.RULES.info.config(2), tmp_path)
    assert config.get("physics") == () and message is not None and "moved to" in message


def test_the_rules_refuse_by_the_game_physics() -> None:
    slow = new_session((("launch.max_speed", 1200.0),))
    assert "at most 1200 mm/s" in (slow.check(FLICK) or "")
    spec = pp_rules.RULES.legal_actions(slow.state)[0]
    assert spec.speed[1] == 1200.0
    assert new_session(()).check(FLICK) is None


def test_a_game_with_the_player_physics_is_saved_resumed_and_replayed_with_them() -> None:
    session = new_session()
    flick_and_decide(session)
    doc = json.loads(json.dumps(session.to_doc()))
    assert doc["config"]["variants"]["physics"] == {"$t": [{"$t": list(pair)} for pair in MINE]}

    resumed = Session.from_doc(doc, registry=games.REGISTRY, threaded=False, timed=False)
    assert resumed.config.get("physics") == MINE
    assert all(s.physics == MINE for s in resumed.states)
    # the next shot after the resume is computed with the game's own physics
    second = Flick(pad=0.3, angle=5.0, speed=1400.0)
    expected = pp_rules.shot(
        resumed.state, second, params_mod.with_overrides_of(params_mod.default(), MINE)
    )
    resumed.play(second)
    assert resumed.state.layout == expected.final

    # config + seed + actions replay exactly, with the game's physics
    replayed = Session.replay_doc(doc, registry=games.REGISTRY)
    assert replayed.states == session.states
    shipped = Session.from_actions(
        entry(),
        pp_rules.RULES.info.config(2),
        5,
        default_seats(["human", "human"]),
        session.actions[:1],
        threaded=False,
        timed=False,
    )
    assert (
        shipped.state.layout != session.states[1].layout
    )  # the shipped physics would land elsewhere


def test_watch_replay_uses_the_saved_physics(tmp_path: Path) -> None:
    from tabletop.ui import flow
    from tests.ui.driver import make_app

    session = new_session()
    flick_and_decide(session)
    app = make_app(tmp_path)
    try:
        path = app.storage.save_game("mine", session.to_doc())
        assert flow.open_replay(app, path)
        scene = app.stack.top
        assert (
            scene.session.state.physics == MINE
            and table_of(scene).params.friction.mu_face_up == 0.2
        )
        scene._replay_step()  # the flick, recomputed here: it lands where the game's did
        assert scene.session.states[1] == session.states[1]
    finally:
        app.shutdown()


@pytest.mark.parametrize("path", sorted(FIXTURES.glob("planepita-*.json")), ids=lambda p: p.stem)
def test_old_saves_load_with_the_shipped_physics(path: Path) -> None:
    doc = json.loads(path.read_text("utf-8"))
    session = Session.from_doc(doc, registry=games.REGISTRY, threaded=False, timed=False)
    assert session.config.get("physics") == ()
    assert all(s.physics == () for s in session.states)
    assert pp_rules.params_of(session.state) == params_mod.default()


def test_a_stored_physics_the_rules_refuse_is_a_damaged_position() -> None:
    from dataclasses import replace

    state = new_session().state
    for bad in ((("friction.mu_face_up", 50.0),), (("sim.hz", 60.0),), "fast"):
        with pytest.raises(AssertionError, match="physics values are refused"):
            pp_rules.RULES.invariants(replace(state, physics=bad))


# -- the start of a game in the app ------------------------------------------------------------


def test_a_new_game_in_the_app_uses_the_player_file_and_says_when_it_is_damaged(
    tmp_path: Path,
) -> None:
    from tabletop.ui import flow
    from tests.ui.driver import make_app

    app = make_app(tmp_path)
    try:
        params_mod.write_user_file(app.storage.settings_dir, MINE)
        seats = default_seats(["human", "human"])
        scene = flow.start_game(app, entry(), pp_rules.RULES.info.config(2), 3, seats)
        assert scene.session.config.get("physics") == MINE and scene.session.state.physics == MINE
        (app.storage.settings_dir / "physics.toml").write_text("nonsense = = 1\n", "utf-8")
        scene = flow.start_game(app, entry(), pp_rules.RULES.info.config(2), 3, seats)
        assert scene.session.state.physics == ()
        said = [t.text for t in app.toasts.items if t.kind == "error"]
        assert any("physics file was damaged" in text and ".bad" in text for text in said), said
        assert (app.storage.settings_dir / "physics.toml.bad").is_file()
    finally:
        app.shutdown()


# -- tools/tune_physics.py lays the same file over the shipped one ------------------------------


def test_tune_physics_lays_the_player_file_over_the_shipped_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from tools import tune_physics

    def configure(*argv: str) -> Any:
        return tune_physics.configure(tune_physics.build_parser().parse_args(["--quick", *argv]))

    home = tmp_path / "home"
    monkeypatch.setenv("TABLETOP_HOME", str(home))
    assert configure().params == params_mod.default()  # no file: the shipped values
    params_mod.write_user_file(home, MINE)
    cfg = configure()
    assert cfg.params.friction.mu_face_up == 0.2 and "physics.toml laid over it" in cfg.source
    assert configure("--shipped").params == params_mod.default()
    cfg = configure("--set", "friction.mu_face_down=4.0")
    assert cfg.params.friction.mu_face_up == 0.2 and cfg.params.friction.mu_face_down == 4.0
    # --params names a file; a refused one is a usage error, and the file stays
    other = tmp_path / "other.toml"
    other.write_text("[launch]\nmax_speed = 2500.0\n", "utf-8")
    assert configure("--params", str(other)).params.launch.max_speed == 2500.0
    other.write_text("[sim]\nhz = 100\n", "utf-8")
    with pytest.raises(tune_physics.UsageError, match=r"--params: \[sim\] is the table's own"):
        configure("--params", str(other))
    assert other.is_file()
    # a damaged file found by itself is moved aside, as the game does
    (home / "physics.toml").write_text("[friction]\nmu_face_up = 'fast'\n", "utf-8")
    assert configure().params == params_mod.default()
    assert "moved to" in capsys.readouterr().err
    assert (home / "physics.toml.bad").is_file()


def test_toml_nesting_is_counted_outside_strings_and_comments() -> None:
    assert params_mod.toml_depth('[friction]\nmu_face_up = 0.3 # [[[[\nname = "[[[[\\"[["\n') == 1
    assert params_mod.toml_depth("x = [[1, 2], {a = [3]}]\n") == 3
    assert params_mod.toml_depth("x = '''\n[[[\n'''\n") == 0
    assert params_mod.toml_depth(params_mod.user_toml((("friction.mu_face_up", 0.3),))) == 1
