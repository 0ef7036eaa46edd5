"""Watch replay and the "game over" of a save (issue 9, failure 4 and two of
its smaller ones).

- A replay of a game that keeps its states follows them: with Planepita's
  friction changed by 0.1% (what a physics.toml change or another machine's
  floating point does), every real save still replays to its end through the
  real App frame, shows the positions the save holds, and stays in Saved games.
- A replay checks the final position as loading does: a Planet etuC save with
  moves removed is refused as damaged by Watch replay as by Resume.
- Whether a save's game has ended comes from the position it loads to, never
  from the ``"over"`` flag the file carries.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import codec
from tabletop.core.session import SaveError, Session
from tabletop.games import REGISTRY
from tabletop.games.planepita import params
from tabletop.ui import flow, menus, overlays
from tabletop.ui.gamescene import GameScene
from tests.nimgame import ENTRY as NIM
from tests.nimgame.rules import NimRules
from tests.ui.driver import Driver, make_app
from tests.ui.savefiles import errors, fixture, folder, open_saved_games, pick, played, write_save

PLANEPITA, ETUC = REGISTRY["planepita"], REGISTRY["etuc"]
FRICTION = ("mu_face_up", "mu_face_down", "mu_jammer")


def drift_friction(monkeypatch: pytest.MonkeyPatch, by: float = 1.001) -> None:
    """Every friction coefficient of physics.toml changed by 0.1%, for the
    rest of the test: every shot now ends a little elsewhere."""
    p = params.default()
    drifted = p.with_overrides({f"friction.{k}": getattr(p.friction, k) * by for k in FRICTION})
    monkeypatch.setattr(params, "_DEFAULT", drifted)


#: real saves: the fixtures, and games played with random moves (made before
#: the friction changes); each of these but the 3-player fixture has a move
#: that this physics no longer replays (a flip of a disc that now lands elsewhere)
SAVES = {
    "planepita-2p-finished": lambda: fixture("planepita-2p-finished"),
    "planepita-3p-unfinished": lambda: fixture("planepita-3p-unfinished"),
    "played-2p": lambda: played(PLANEPITA, 2, seed=1, moves=24),
    "played-3p": lambda: played(PLANEPITA, 3, seed=2, moves=24),
}


@pytest.fixture
def apps():
    made: list[Any] = []

    def make(root: Path, **kwargs: Any) -> Any:
        app = make_app(root, **kwargs)
        made.append(app)
        return app

    yield make
    for app in made:
        app.shutdown()


@pytest.mark.parametrize("name", list(SAVES))
def test_watch_replay_follows_the_saved_positions_when_the_physics_differ(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, apps: Any, name: str
) -> None:
    doc = SAVES[name]()
    path = write_save(tmp_path, "game", doc)
    data = path.read_bytes()
    drift_friction(monkeypatch)
    app = apps(tmp_path, size=(960, 600))
    app.update_settings(anim_speed=0.0)  # no animations: a replayed move every frame of 1 s
    d = Driver(app)
    pick(d, open_saved_games(d), "game")
    d.press("Watch replay")
    replay = d.top
    assert (
        isinstance(replay, GameScene)
        and replay.replay_queue == Session.from_doc(doc, registry=REGISTRY).actions
    )
    d.until(lambda: not replay.replay_queue, frames=len(doc["actions"]) + 5, dt=1.0)
    d.frames(3, dt=1.0)
    saved = Session.from_doc(doc, registry=REGISTRY, threaded=False).states
    assert [codec.dumps(s) for s in replay.session.states] == [codec.dumps(s) for s in saved]
    assert isinstance(d.top, overlays.ResultsScene) == saved[-1].phase.name.endswith("OVER")
    assert errors(app) == []
    assert folder(tmp_path) == {"game.json": data}
    assert [s.slot for s in open_saved_games(d).saves] == ["game"]


def test_a_replay_the_rules_refuse_stops_with_a_message_and_keeps_the_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, apps: Any
) -> None:
    """A save that loads but whose next move this machine's rules refuse: the
    replay says so and stops; the file stays in Saved games."""
    path = write_save(tmp_path, "nim", played(NIM, 2, seed=4, moves=6))
    data = path.read_bytes()
    app = apps(tmp_path)
    d = Driver(app)
    pick(d, open_saved_games(d), "nim")
    d.press("Watch replay")
    replay = d.top
    assert isinstance(replay, GameScene)
    d.until(lambda: replay.session.ply == 2, frames=10, dt=1.0)
    monkeypatch.setattr(NimRules, "check", lambda self, state, action: "Not on this machine.")
    d.frames(2, dt=1.0)
    assert replay.replay_queue == [] and replay.session.ply == 2
    [message] = errors(app)
    assert message == (
        "This replay cannot go on: move 3 cannot be replayed here (Not on this machine.). "
        "The saved game was kept."
    )
    assert folder(tmp_path) == {"nim.json": data}


# -- the final position -------------------------------------------------------------------


def short_etuc() -> dict[str, Any]:
    """A finished etuC save with its last three moves taken out."""
    doc = copy.deepcopy(fixture("etuc-2p-finished"))
    del doc["actions"][-3:]
    return doc


def test_an_etuc_replay_checks_the_final_position_as_loading_does() -> None:
    for load in (Session.from_doc, Session.replay_doc):
        with pytest.raises(
            SaveError, match=r"^The save's moves do not lead to its saved position\.$"
        ):
            load(short_etuc(), registry=REGISTRY)


def test_watch_replay_of_an_etuc_save_with_moves_removed_sets_it_aside(
    tmp_path: Path, apps: Any
) -> None:
    """Watch replay says what Resume says, and sets the damaged file aside."""
    write_save(tmp_path, "short", short_etuc())
    write_save(tmp_path, "other", fixture("etuc-3p-unfinished"))
    other = folder(tmp_path)["other.json"]
    app = apps(tmp_path)
    d = Driver(app)
    pick(d, open_saved_games(d), "short")
    d.press("Watch replay")
    d.frames(2)
    assert isinstance(d.top, menus.SavedGamesScene)
    [message] = errors(app)
    assert message.startswith(
        "The save's moves do not lead to its saved position. It was moved to "
    )
    assert folder(tmp_path) == {
        "other.json": other,
        "short.json.bad": folder(tmp_path)["short.json.bad"],
    }
    assert [s.slot for s in d.top.saves] == ["other"]


# -- "over" comes from the game, not from the file -------------------------------------------


def flagged(name: str, over: bool) -> dict[str, Any]:
    doc = copy.deepcopy(fixture(name))
    doc["over"] = over
    return doc


def test_an_unfinished_game_whose_file_says_over_can_be_resumed(tmp_path: Path, apps: Any) -> None:
    write_save(tmp_path, "autosave", flagged("etuc-3p-unfinished", True))
    write_save(tmp_path, "mine", flagged("planepita-3p-unfinished", True))
    app = apps(tmp_path)
    d = Driver(app)
    d.frames(1)
    assert isinstance(d.top, menus.TitleScene) and d.top.resume.enabled
    d.press("Resume")
    assert (
        isinstance(d.top, GameScene)
        and d.top.session.name == "etuc"
        and not d.top.session.is_over()
    )
    d.frames(1)
    saves = open_saved_games(d)
    pick(d, saves, "mine")
    assert saves.resume.enabled
    d.press("Resume")
    assert (
        isinstance(d.top, GameScene)
        and d.top.session.name == "planepita"
        and not d.top.session.is_over()
    )


def test_a_finished_game_whose_file_says_unfinished_is_only_watched(
    tmp_path: Path, apps: Any
) -> None:
    write_save(tmp_path, "autosave", flagged("etuc-2p-finished", False))
    nim = played(NIM, 2, seed=4, moves=1000)  # to its end
    assert nim["over"] is True
    write_save(tmp_path, "mine", {**nim, "over": False})
    app = apps(tmp_path)
    d = Driver(app)
    d.frames(1)
    title = d.top
    assert isinstance(title, menus.TitleScene) and not title.resume.enabled
    assert title.resume.disabled_reason == "The last game has ended; it is in Saved games."
    assert flow.resume_autosave(app) is False
    saves = open_saved_games(d)
    for slot in ("autosave", "mine"):
        pick(d, saves, slot)
        assert not saves.resume.enabled and saves.replay.enabled
        assert saves.resume.disabled_reason == "That game has ended: watch its replay instead."


def test_a_new_game_keeps_an_unfinished_autosave_whose_file_says_over(
    tmp_path: Path, apps: Any
) -> None:
    """Trusting the flag would let the new game overwrite the unfinished one."""
    data = write_save(tmp_path, "autosave", flagged("etuc-3p-unfinished", True)).read_bytes()
    app = apps(tmp_path)
    flow.start_game(
        app,
        ETUC,
        ETUC.default_config(2),
        5,
        Session.from_doc(fixture("etuc-2p-finished"), registry=REGISTRY).seats,
    )
    app.storage.flush()
    kept = [name for name in folder(tmp_path) if name.startswith("interrupted-")]
    assert len(kept) == 1 and folder(tmp_path)[kept[0]] == data
    assert any("kept in Saved games" in t.text for t in app.toasts.items)


def test_resuming_a_saved_game_keeps_the_unfinished_autosave(tmp_path: Path, apps: Any) -> None:
    """The resumed game takes the autosave's place: the unfinished game that
    was there moves into Saved games first, never overwritten."""
    auto = write_save(tmp_path, "autosave", fixture("etuc-3p-unfinished")).read_bytes()
    mine = write_save(tmp_path, "mine", fixture("planepita-3p-unfinished")).read_bytes()
    app = apps(tmp_path)
    d = Driver(app)
    pick(d, open_saved_games(d), "mine")
    d.press("Resume")
    assert isinstance(d.top, GameScene) and d.top.session.name == "planepita"
    app.storage.flush()
    files = folder(tmp_path)
    kept = [name for name in files if name.startswith("interrupted-")]
    assert len(kept) == 1 and files[kept[0]] == auto and files["mine.json"] == mine
    assert "Your unfinished game was kept in Saved games." in [t.text for t in app.toasts.items]
