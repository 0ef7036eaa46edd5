"""Settings, saves and statistics on disk: atomic writes, damaged files set aside."""

from __future__ import annotations

import errno
import json
import math
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tabletop.core import storage as st
from tabletop.core.game import GameInfo, Setting
from tabletop.core.stats import GameResult, SeatResult, Statistics
from tabletop.core.storage import (
    AUTOSAVE,
    SAVE_KIND,
    SAVE_VERSION,
    SETTINGS_KIND,
    SETTINGS_VERSION,
    STATS_KIND,
    STATS_VERSION,
    Settings,
    Storage,
    read_json,
    validate_slot,
    write_json,
)


@pytest.fixture(autouse=True)
def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_HOME", raising=False)


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "home")


def settings_doc(**fields: object) -> dict[str, object]:
    return {"format": SETTINGS_KIND, "version": SETTINGS_VERSION, **fields}


def save_doc(game: str = "etuc", **fields: object) -> dict[str, object]:
    return {
        "game": game,
        "summary": f"{game}: round 2",
        "players": ["Ann", {"name": "Bot", "kind": "bot"}],
        "config": {"players": 2},
        "seed": 7,
        "actions": [],
        **fields,
    }


def write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


# --------------------------------------------------------------------------
# atomic writes


def test_write_json_round_trip_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "doc.json"
    doc = {"format": "x", "version": 1, "text": "héllo", "n": [1, 2.5]}
    write_json(target, doc)
    write_json(target, {**doc, "n": [3]})
    assert os.listdir(target.parent) == ["doc.json"]
    assert read_json(target, "x", 1) == ({**doc, "n": [3]}, None)


def test_crash_before_rename_keeps_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "settings.json"
    write_json(target, settings_doc(volume=0.5))
    before = target.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(errno.EIO, "simulated crash")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="simulated crash"):
        write_json(target, settings_doc(volume=0.1))
    assert target.read_bytes() == before
    assert os.listdir(tmp_path) == ["settings.json"]


def test_interrupt_during_write_keeps_old_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "stats.json"
    write_json(target, {"format": STATS_KIND, "version": 1, "games": {}})
    before = target.read_bytes()

    def interrupted(fd: int) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        write_json(target, {"format": STATS_KIND, "version": 1, "games": {"x": {}}})
    assert target.read_bytes() == before
    assert os.listdir(tmp_path) == ["stats.json"]


@pytest.mark.parametrize(
    "doc",
    [
        {"version": 1},
        {"format": "x"},
        {"format": "x", "version": "1"},
        {"format": "x", "version": True},
        {"format": "x", "version": 1, "bad": math.nan},
        {"format": "x", "version": 1, "bad": object()},
    ],
)
def test_write_json_refuses_bad_documents(tmp_path: Path, doc: dict[str, object]) -> None:
    with pytest.raises((ValueError, TypeError)):
        write_json(tmp_path / "doc.json", doc)
    assert list(tmp_path.iterdir()) == []  # nothing written


def test_folders_created_lazily(tmp_path: Path) -> None:
    home = tmp_path / "home"
    s = Storage(home)
    assert s.load_settings() == (Settings(), None)
    assert s.list_saves() == []
    assert s.last_autosave() is None
    assert s.load_stats() == (Statistics(), None)
    assert not home.exists()
    s.save_settings(Settings())
    assert s.settings_path.is_file()


# --------------------------------------------------------------------------
# damaged settings files

CORRUPT = {
    "garbage": b"\xff\xfe\x00\x81garbage\x00",
    "truncated": b'{"format": "tabletop-settings", "version": 1, "volume": 0.',
    "array": b'[{"format": "tabletop-settings", "version": 1}]',
    "wrong_format": json.dumps({"format": "tabletop-save", "version": 1}).encode(),
    "no_format": json.dumps({"version": 1, "volume": 0.5}).encode(),
    "bad_version": json.dumps({"format": SETTINGS_KIND, "version": "one"}).encode(),
    "newer": json.dumps({"format": SETTINGS_KIND, "version": SETTINGS_VERSION + 1}).encode(),
    "empty": b"",
}


@pytest.mark.parametrize("name", sorted(CORRUPT))
def test_corrupt_settings_moved_aside_and_defaults_used(store: Storage, name: str) -> None:
    data = CORRUPT[name]
    write_bytes(store.settings_path, data)

    settings, message = store.load_settings()

    assert settings == Settings()
    assert message is not None and "\n" not in message
    bad = store.settings_path.with_name("settings.json.bad")
    assert str(bad) in message
    assert bad.read_bytes() == data
    assert not store.settings_path.exists()
    if name == "newer":
        assert "newer version of Tabletop" in message
    else:
        assert "damaged" in message
    # The program goes on: new settings can be saved and read back.
    store.save_settings(Settings(volume=0.3))
    assert store.load_settings() == (Settings(volume=0.3), None)
    assert bad.read_bytes() == data


def test_repeated_corruption_never_overwrites(store: Storage) -> None:
    versions = [b"first \xff", b"second {", b"[3]"]
    for data in versions:
        write_bytes(store.settings_path, data)
        settings, message = store.load_settings()
        assert settings == Settings() and message
    folder = store.settings_path.parent
    assert (folder / "settings.json.bad").read_bytes() == versions[0]
    assert (folder / "settings.json.bad.1").read_bytes() == versions[1]
    assert (folder / "settings.json.bad.2").read_bytes() == versions[2]


def test_move_aside_without_hard_links_still_never_overwrites(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_links(src: object, dst: object, **options: object) -> None:
        raise OSError(errno.EPERM, "hard links not supported")

    monkeypatch.setattr(os, "link", no_links)
    for data in (b"one", b"two"):
        write_bytes(store.settings_path, data)
        assert store.load_settings()[1]
    folder = store.settings_path.parent
    assert (folder / "settings.json.bad").read_bytes() == b"one"
    assert (folder / "settings.json.bad.1").read_bytes() == b"two"


def test_unreadable_settings_reported_not_moved(
    store: Storage, deny_reading: Callable[[Path], None]
) -> None:
    write_bytes(store.settings_path, json.dumps(settings_doc()).encode())
    deny_reading(store.settings_path)
    settings, message = store.load_settings()
    assert settings == Settings()
    assert message is not None and "could not be read" in message and "Permission denied" in message
    assert store.settings_path.exists()
    assert not store.settings_path.with_name("settings.json.bad").exists()


def test_settings_path_is_a_folder(store: Storage) -> None:
    """Only a regular file is read: a folder in a file's place is set aside
    whole (a rename loses nothing), so writing the settings works again."""
    (store.settings_path / "inside").mkdir(parents=True)
    settings, message = store.load_settings()
    aside = store.settings_path.with_name("settings.json.bad")
    assert (
        settings == Settings()
        and message
        and "a folder, not a file" in message
        and str(aside) in message
    )
    assert (aside / "inside").is_dir() and not store.settings_path.exists()
    store.save_settings(Settings(volume=0.5))
    assert store.load_settings() == (Settings(volume=0.5), None)


def test_older_version_is_migrated(tmp_path: Path) -> None:
    path = tmp_path / "doc.json"
    write_json(path, {"format": "thing", "version": 1, "vol": 5})

    def v1_to_v2(doc: dict[str, object]) -> dict[str, object]:
        doc["volume"] = doc.pop("vol")
        return doc

    doc, message = read_json(path, "thing", 2, migrations={1: v1_to_v2})
    assert message is None
    assert doc == {"format": "thing", "version": 2, "volume": 5}
    # With no way to upgrade, the file is set aside rather than misread.
    doc, message = read_json(path, "thing", 2, migrations={})
    assert doc is None and message and (tmp_path / "doc.json.bad").exists()


def test_missing_file_is_quiet(tmp_path: Path) -> None:
    assert read_json(tmp_path / "nope.json", "x", 1) == (None, None)


# --------------------------------------------------------------------------
# settings values


def test_bad_values_replaced_by_defaults_and_named(store: Storage) -> None:
    text = json.dumps(
        settings_doc(
            volume="loud",
            anim_speed=math.nan,
            window_size=[10, 10],
            fullscreen=True,
            palette="okabe_ito",
            future_option=123,
        )
    )
    assert "NaN" in text
    write_bytes(store.settings_path, text.encode())

    settings, message = store.load_settings()

    assert settings.volume == Settings().volume
    assert settings.anim_speed == Settings().anim_speed
    assert settings.window_size == Settings().window_size
    assert settings.fullscreen is True and settings.palette == "okabe_ito"
    assert message is not None and "\n" not in message
    for key in ("volume", "anim_speed", "window_size"):
        assert key in message
    assert "0.0 to 1.0" in message and "960x600" in message and "0.25 to 4.0" in message
    assert "fullscreen" not in message and "future_option" not in message
    # Bad values are not a damaged file: it stays where it is.
    assert store.settings_path.read_text() == text
    assert not store.settings_path.with_name("settings.json.bad").exists()


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("volume", True),
        ("volume", 1.5),
        ("volume", -0.1),
        ("volume", math.inf),
        ("anim_speed", 0.1),
        ("anim_speed", 4.5),
        ("anim_speed", "fast"),
        ("window_size", [1280]),
        ("window_size", [1280.0, 800.0]),
        ("window_size", [8000, 800]),
        ("window_size", "1280x800"),
        ("window_size", [True, 800]),
        ("fullscreen", 1),
        ("muted", "yes"),
        ("show_log", None),
        ("coach", "on"),
        ("claim_countdown", -1),
        ("claim_countdown", 15.0),
        ("claim_countdown", True),
        ("claim_countdown", 10**6),
        ("palette", "neon"),
        ("palette", 3),
        ("last_seats", [1, 2]),
        ("games", ["planepita"]),
    ],
)
def test_each_bad_value_is_reported(key: str, value: object) -> None:
    settings, problems = Settings.from_dict({key: value})
    assert getattr(settings, key) == getattr(Settings(), key)
    assert len(problems) == 1 and problems[0].startswith(f"{key}:")


def test_good_values_accepted() -> None:
    d = {
        "window_size": [7680, 4320],
        "fullscreen": True,
        "volume": 1,
        "muted": True,
        "anim_speed": 0,
        "palette": "okabe_ito",
        "show_log": False,
        "claim_countdown": 0,
        "last_seats": {"etuc": {"players": 4, "bots": ["easy", None]}},
        "games": {"planepita": {"flick_mode": "swipe"}},
        "coach": True,
        "lessons": {"planet": {"step": 4, "done": True}},
    }
    settings, problems = Settings.from_dict(d)
    assert problems == []
    assert settings.instant and settings.volume == 1.0 and isinstance(settings.volume, float)
    assert settings.window_size == (7680, 4320)
    assert settings.to_dict() == {**d, "volume": 1.0, "anim_speed": 0.0}
    assert Settings.from_dict({"window_size": [960, 600]})[0].window_size == (960, 600)
    assert not Settings().instant


def test_last_seats_not_plain_json_is_forgotten_per_game() -> None:
    settings, problems = Settings.from_dict(
        {"last_seats": {"etuc": {"players": 3}, "planet": {"x": math.nan}}}
    )
    assert settings.last_seats == {"etuc": {"players": 3}}
    assert len(problems) == 1 and "last_seats" in problems[0] and "planet" in problems[0]


def test_from_dict_of_non_object() -> None:
    settings, problems = Settings.from_dict([1, 2])  # type: ignore[arg-type]
    assert settings == Settings() and problems


def test_settings_round_trip(store: Storage) -> None:
    original = Settings(
        window_size=(1920, 1080),
        fullscreen=True,
        volume=0.25,
        muted=True,
        anim_speed=2.5,
        palette="okabe_ito",
        show_log=False,
        claim_countdown=30,
        last_seats={"planepita": {"players": 3, "seats": ["human", "bot:hard", "bot:easy"]}},
        games={"planepita": {"flick_mode": "swipe"}},
    )
    assert store.save_settings(original) == []
    loaded, message = store.load_settings()
    assert message is None
    assert loaded == original
    raw = json.loads(store.settings_path.read_text())
    assert raw["format"] == SETTINGS_KIND and raw["version"] == SETTINGS_VERSION
    # The loaded settings do not share mutable state with the caller's dict.
    loaded.to_dict()["last_seats"]["planepita"]["players"] = 4
    assert loaded.last_seats["planepita"]["players"] == 3


FLICK = Setting("flick_mode", "Flicking", ("pull", "swipe"), "pull")
LOUD = Setting("loud", "Loud", (False, True), False)
DECLARED = {"planepita": (FLICK,), "nim": (LOUD,)}


def test_game_settings_are_checked_against_what_each_game_declares() -> None:
    stored = {
        "planepita": {"flick_mode": "drag", "retired": 1},
        "nim": {"loud": True},
        "planet": {"tilt": 30},  # a game this build does not have: kept as it is
    }
    settings, problems = Settings.from_dict({"games": stored}, DECLARED)
    assert settings.games == {"nim": {"loud": True}, "planet": {"tilt": 30}}
    assert problems == [
        "games.planepita.flick_mode: expected one of 'pull', 'swipe', got 'drag'; using 'pull'"
    ]
    # without declarations (a tool that knows no games) nothing is judged or lost
    assert Settings.from_dict({"games": stored})[0].games == stored


def test_a_game_setting_reads_its_default_until_set() -> None:
    info = GameInfo("planepita", "Planepita", "", 2, 6, settings=(FLICK,))
    settings = Settings()
    assert settings.game_setting(info, "flick_mode") == "pull"
    swiped = settings.with_game_setting("planepita", "flick_mode", "swipe")
    assert swiped.game_setting(info, "flick_mode") == "swipe"
    assert settings.games == {}  # a copy: the original is unchanged
    # a value the game does not accept reads as the default
    odd = settings.with_game_setting("planepita", "flick_mode", 3)
    assert odd.game_setting(info, "flick_mode") == "pull"
    with pytest.raises(KeyError):
        settings.game_setting(info, "no_such_setting")


def test_bad_game_settings_are_named_when_loading(store: Storage) -> None:
    write_bytes(
        store.settings_path,
        json.dumps(settings_doc(games={"planepita": {"flick_mode": "fling"}})).encode(),
    )
    settings, message = store.load_settings(DECLARED)
    assert settings.games == {}
    assert message is not None and "games.planepita.flick_mode" in message and "fling" in message
    assert store.settings_path.exists()  # a bad value is not a damaged file


def test_version_1_settings_keep_the_flick_mode_under_planepita(store: Storage) -> None:
    """Version 1 kept Planepita's flick mode among core's settings and had a
    rotate_clockwise_4p that nothing read: the flick mode moves to the game,
    the dead setting goes, the rest stays."""
    v1 = {
        "format": SETTINGS_KIND,
        "version": 1,
        "window_size": [1600, 900],
        "palette": "okabe_ito",
        "flick_mode": "swipe",
        "rotate_clockwise_4p": True,
        "last_seats": {"etuc": {"players": 3}},
    }
    write_bytes(store.settings_path, json.dumps(v1).encode())
    settings, message = store.load_settings(DECLARED)
    assert message is None
    assert settings.games == {"planepita": {"flick_mode": "swipe"}}
    assert settings.window_size == (1600, 900) and settings.palette == "okabe_ito"
    assert settings.last_seats == {"etuc": {"players": 3}}
    store.save_settings(settings)
    raw = json.loads(store.settings_path.read_text())
    assert raw["version"] == SETTINGS_VERSION == 2
    assert "flick_mode" not in raw and "rotate_clockwise_4p" not in raw
    assert raw["games"] == {"planepita": {"flick_mode": "swipe"}}


def test_save_settings_writes_defaults_for_bad_values(store: Storage) -> None:
    problems = store.save_settings(Settings(volume=math.nan, window_size=(100, 100)))
    assert {p.split(":")[0] for p in problems} == {"volume", "window_size"}
    assert store.load_settings() == (Settings(), None)


# --------------------------------------------------------------------------
# saves


def test_save_and_load_game(store: Storage) -> None:
    path = store.save_game("slot-1", save_doc())
    assert path == store.saves_dir / "slot-1.json"
    doc, message = store.load_game("slot-1")
    assert message is None and doc is not None
    assert doc["format"] == SAVE_KIND and doc["version"] == SAVE_VERSION
    assert doc["game"] == "etuc" and doc["seed"] == 7
    assert st._parse_time(doc["saved_at"]) is not None
    assert store.load_game(path) == (doc, None)


def test_save_game_validates_format_and_version(store: Storage) -> None:
    with pytest.raises(ValueError):
        store.save_game("a", {**save_doc(), "format": "tabletop-settings"})
    with pytest.raises(ValueError):
        store.save_game("a", {**save_doc(), "version": SAVE_VERSION + 1})
    assert not store.saves_dir.exists()


def test_load_missing_game(store: Storage) -> None:
    doc, message = store.load_game("nothing")
    assert doc is None and message and "no saved game" in message


def test_list_saves_newest_first(store: Storage, monkeypatch: pytest.MonkeyPatch) -> None:
    from datetime import UTC, datetime

    times = iter([datetime(2024, 1, 1, tzinfo=UTC), datetime(2024, 3, 1, tzinfo=UTC)])
    monkeypatch.setattr(st, "_now", lambda: next(times))
    store.save_game("old", save_doc("planet"))
    store.save_game("new", save_doc("etuc", title="Friday game"))
    infos = store.list_saves()
    assert [i.slot for i in infos] == ["new", "old"]
    new = infos[0]
    assert new.game == "etuc" and new.title == "Friday game"
    assert new.players == ("Ann", "Bot") and new.summary == "etuc: round 2"
    assert new.path == store.saves_dir / "new.json"
    assert new.when == datetime(2024, 3, 1, tzinfo=UTC)
    assert infos[1].title is None


def test_corrupt_save_moved_aside_by_list_saves(store: Storage) -> None:
    store.save_game("good", save_doc())
    store.save_game(AUTOSAVE, save_doc("planet"))
    broken = store.saves_dir / "broken.json"
    broken.write_bytes(b'{"format": "tabletop-save", "version": 1, "game": "et')
    newer = store.saves_dir / "future.json"
    newer.write_text(json.dumps({"format": SAVE_KIND, "version": SAVE_VERSION + 5}))
    (store.saves_dir / "not a slot.json").write_text("junk")

    infos = store.list_saves()

    assert sorted(i.slot for i in infos) == [AUTOSAVE, "good"]
    assert not broken.exists()
    assert (store.saves_dir / "broken.json.bad").exists()
    # a save from a newer version is sound: refused, and kept where it is
    assert newer.exists() and not (store.saves_dir / "future.json.bad").exists()
    messages = store.take_messages()
    assert len(messages) == 2
    assert any("'broken'" in m and "damaged" in m for m in messages)
    assert any("'future'" in m and "newer version" in m and "kept" in m for m in messages)
    assert store.messages == []
    # A second listing is quiet: the broken file is out of the way, the newer
    # one was mentioned already.
    assert len(store.list_saves()) == 2 and store.messages == []
    assert (store.saves_dir / "not a slot.json").read_text() == "junk"


def test_corrupt_save_moved_aside_by_load_game(store: Storage) -> None:
    store.save_game("keep", save_doc())
    path = store.saves_dir / "bad.json"
    path.write_bytes(b"\x00\x01\x02")
    doc, message = store.load_game("bad")
    assert doc is None and message and "'bad'" in message and "bad.json.bad" in message
    assert (store.saves_dir / "bad.json.bad").read_bytes() == b"\x00\x01\x02"
    assert [i.slot for i in store.list_saves()] == ["keep"]


def test_delete_save_keeps_the_file(store: Storage) -> None:
    store.save_game("mine", save_doc())
    data = (store.saves_dir / "mine.json").read_bytes()
    moved = store.delete_save("mine")
    assert moved is not None and moved.parent == store.saves_dir / "deleted"
    assert moved.read_bytes() == data
    assert store.list_saves() == []
    assert store.load_game("mine")[0] is None
    # Same slot saved and deleted again: both copies kept.
    store.save_game("mine", save_doc("planet"))
    again = store.delete_save("mine")
    assert again is not None and again != moved and moved.exists() and again.exists()
    assert store.delete_save("mine") is None


def test_last_autosave(store: Storage) -> None:
    assert store.last_autosave() is None
    store.save_game(AUTOSAVE, save_doc())
    assert store.last_autosave() == store.saves_dir / "autosave.json"


@pytest.mark.parametrize(
    "slot",
    ["", "a b", "../x", "a/b", "a\\b", "a.b", "é", "x" * 65, "con", "NUL", "com1", "save\n"],
)
def test_bad_slot_names_rejected(store: Storage, slot: str) -> None:
    with pytest.raises(ValueError):
        validate_slot(slot)
    with pytest.raises(ValueError):
        store.save_game(slot, save_doc())
    with pytest.raises(ValueError):
        store.load_game(slot)
    with pytest.raises(ValueError):
        store.delete_save(slot)
    assert not store.saves_dir.exists()


@pytest.mark.parametrize("slot", ["a", "Slot_2", "autosave", "x" * 64, "2024-05-01", "-_-"])
def test_good_slot_names(slot: str) -> None:
    assert validate_slot(slot) == slot


# --------------------------------------------------------------------------
# statistics


def result(
    game: str = "etuc", *seats: tuple[str, int], when: str = "2025-01-02T10:00:00+00:00"
) -> GameResult:
    """A result with person seats (name, place) scoring 10 minus their place."""
    seats = seats or (("Ann", 1), ("Bob", 2))
    return GameResult(
        game, when, tuple(SeatResult(n, "human", "", p, 10.0 - p) for n, p in seats), "Done."
    )


def test_record_results_and_read_them_back(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    first = result("etuc", ("Ann", 1), ("Bob", 2), ("Cy", 3))
    second = result("planet", ("Dee", 1), ("Ann", 2))
    store.record_result(first)
    store.record_result(second)
    stats, message = Storage(tmp_path).load_stats()
    assert message is None
    assert stats.results == (first, second)
    raw = json.loads(store.stats_path.read_text())
    assert raw["format"] == STATS_KIND and raw["version"] == STATS_VERSION == 2
    assert raw["results"][0]["seats"][0] == {
        "name": "Ann",
        "kind": "human",
        "level": "",
        "place": 1,
        "score": 9.0,
    }


def test_record_result_takes_only_results(store: Storage) -> None:
    with pytest.raises(ValueError):
        store.record_result({"game": "etuc"})  # type: ignore[arg-type]
    assert not store.stats_path.exists()


@pytest.mark.parametrize(
    "content",
    [
        b"not json",
        json.dumps({"format": STATS_KIND, "version": 1, "games": []}).encode(),
        json.dumps(
            {"format": STATS_KIND, "version": 1, "games": {"etuc": {"played": -1}}}
        ).encode(),
        json.dumps(
            {"format": STATS_KIND, "version": 1, "games": {"etuc": {"wins": {"a": "x"}}}}
        ).encode(),
        json.dumps({"format": STATS_KIND, "version": 2, "results": [{"game": "etuc"}]}).encode(),
        json.dumps({"format": STATS_KIND, "version": 2, "results": {}}).encode(),
    ],
)
def test_corrupt_stats_moved_aside_and_restarted(store: Storage, content: bytes) -> None:
    write_bytes(store.stats_path, content)
    store.record_result(result())
    assert store.stats_path.with_name("stats.json.bad").read_bytes() == content
    assert any("statistics" in m for m in store.take_messages())
    stats, message = store.load_stats()
    assert message is None and stats.results == (result(),)


def test_unreadable_stats_never_overwritten(
    store: Storage, deny_reading: Callable[[Path], None]
) -> None:
    store.record_result(result())
    before = store.stats_path.read_bytes()
    deny_reading(store.stats_path)
    store.record_result(result("etuc", ("Ann", 2), ("Bob", 1)))
    assert store.stats_path.read_bytes() == before
    assert any("could not be read" in m for m in store.take_messages())


# --------------------------------------------------------------------------
# where files live


def test_tabletop_home_overrides_user_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TABLETOP_HOME", str(tmp_path / "portable"))
    s = Storage()
    assert s.settings_path == tmp_path / "portable" / "settings.json"
    assert s.saves_dir == tmp_path / "portable" / "saves"
    assert s.stats_path == tmp_path / "portable" / "stats.json"
    s.save_settings(Settings(muted=True))
    assert Storage().load_settings() == (Settings(muted=True), None)
    # An explicit root wins over the environment.
    assert Storage(tmp_path / "other").settings_path == tmp_path / "other" / "settings.json"


def test_default_uses_platform_dirs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[tuple[str, object]] = []

    def fake(kind: str):  # type: ignore[no-untyped-def]
        def where(appname: str, appauthor: object = None) -> str:
            calls.append((appname, appauthor))
            return str(tmp_path / kind)

        return where

    monkeypatch.setattr(st.platformdirs, "user_data_dir", fake("data"))
    monkeypatch.setattr(st.platformdirs, "user_config_dir", fake("config"))
    s = Storage()
    assert s.settings_path == tmp_path / "config" / "settings.json"
    assert s.saves_dir == tmp_path / "data" / "saves"
    assert s.stats_path == tmp_path / "data" / "stats.json"
    assert calls and all(c == ("tabletop", False) for c in calls)
    assert not (tmp_path / "config").exists() and not (tmp_path / "data").exists()


def test_saves_written_later_reach_the_disk_newest_first_and_reads_wait(tmp_path: Path) -> None:
    """save_game_later writes off the caller's thread; only the newest doc of a
    slot matters, and reading the saves folder waits for pending writes."""
    st = Storage(tmp_path)
    for n in range(20):
        st.save_game_later("autosave", {"game": "nim", "n": n})
    doc, message = st.load_game("autosave")  # waits for the writer
    assert message is None and doc is not None and doc["n"] == 19
    assert [i.slot for i in st.list_saves()] == ["autosave"]


def test_a_failed_background_save_becomes_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    st = Storage(tmp_path)

    def broken(*args: object, **kwargs: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr("tabletop.core.storage.write_json", broken)
    st.save_game_later("autosave", {"game": "nim"})
    st.flush()
    assert st.take_messages() == ["The game could not be saved: disk full"]
