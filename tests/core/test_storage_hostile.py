"""Files a hostile (or unlucky) user leaves in our folders: nesting of any
depth, numbers of any size, and the temporaries of a write killed half-way.
Whatever is in a file, reading it never raises: a file that cannot be read is
moved aside with a message, a bad value takes its default."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from tabletop.core import codec, savefile
from tabletop.core import storage as st
from tabletop.core.stats import finite_number
from tabletop.core.storage import (
    MAX_DEPTH,
    SAVE_KIND,
    SETTINGS_KIND,
    SETTINGS_VERSION,
    STATS_KIND,
    STATS_VERSION,
    Settings,
    Storage,
    decode_json,
    nested_within,
)

#: a document json itself cannot parse (it recurses once per level)
TOO_DEEP_FOR_JSON = 100_000
#: one json parses but that is deeper than any document of ours (copies and the
#: codec recursed on it, and a settings file this deep stopped the program)
DEEPER_THAN_OURS = 500

HUGE = int("9" * 401)


@pytest.fixture(autouse=True)
def _no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TABLETOP_HOME", raising=False)


@pytest.fixture
def store(tmp_path: Path) -> Storage:
    return Storage(tmp_path / "home")


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


def whole(depth: int) -> str:
    """A file that is nothing but nesting."""
    return nested(depth)


def inside(kind: str, depth: int) -> str:
    """An otherwise valid document of ``kind`` with the nesting as one value."""
    version = {SETTINGS_KIND: SETTINGS_VERSION, STATS_KIND: STATS_VERSION}.get(kind, 1)
    body = json.dumps({"format": kind, "version": version, "game": "etuc", "seed": 1})[:-1]
    key = {SETTINGS_KIND: "last_seats", STATS_KIND: "earlier"}.get(kind, "config")
    inner = (
        f'{{"etuc": {nested(depth)}}}'
        if kind != SAVE_KIND
        else f'{{"players": 2, "variants": {nested(depth)}}}'
    )
    return f'{body}, "{key}": {inner}}}'


def write(path: Path, text: str) -> bytes:
    path.parent.mkdir(parents=True, exist_ok=True)
    data = text.encode("utf-8")
    path.write_bytes(data)
    return data


def set_aside(path: Path, data: bytes) -> None:
    """The file was moved to <name>.bad, byte for byte; nothing was deleted."""
    assert not path.exists()
    bad = path.with_name(path.name + ".bad")
    assert bad.read_bytes() == data


DEPTHS = [TOO_DEEP_FOR_JSON, DEEPER_THAN_OURS, MAX_DEPTH + 1]
SHAPES = ["whole", "inside"]


def text_for(shape: str, kind: str, depth: int) -> str:
    return whole(depth) if shape == "whole" else inside(kind, depth)


# --------------------------------------------------------------------------
# nesting


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_settings_are_set_aside_and_defaults_used(
    store: Storage, shape: str, depth: int
) -> None:
    data = write(store.settings_path, text_for(shape, SETTINGS_KIND, depth))
    settings, message = store.load_settings()
    assert settings == Settings()
    assert message is not None and "moved to" in message and "defaults are used" in message
    set_aside(store.settings_path, data)
    store.save_settings(settings)  # and the program can write them again


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_autosave_never_stops_a_start(store: Storage, shape: str, depth: int) -> None:
    """The title's peek, a new game keeping the old autosave, the saves list
    and Resume's load all read the autosave; none of them raises."""
    path = store.save_path("autosave")
    data = write(path, text_for(shape, SAVE_KIND, depth))
    # only a peek, never judged (a judge saying 'ended' to anything is not asked):
    # the file stays for the load to report
    assert store.autosave_finished(lambda doc: True) is False
    assert path.read_bytes() == data
    doc, message = store.load_game("autosave")
    assert doc is None and message is not None and "moved to" in message
    set_aside(path, data)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_save_in_the_list_is_set_aside(store: Storage, shape: str, depth: int) -> None:
    path = store.save_path("deep")
    data = write(path, text_for(shape, SAVE_KIND, depth))
    store.save_game("fine", {"game": "etuc", "seed": 1, "actions": []})
    assert [s.slot for s in store.list_saves()] == ["fine"]
    [message] = store.take_messages()
    assert "'deep'" in message and "moved to" in message
    set_aside(path, data)


def test_deep_autosave_is_kept_when_a_new_game_starts(store: Storage) -> None:
    """A new game keeps the unfinished autosave it would overwrite: an unreadable
    one too (the saves list reports it later); starting never raises."""
    data = write(store.save_path("autosave"), whole(TOO_DEEP_FOR_JSON))
    kept = store.keep_autosave(lambda doc: True)  # never judged: it cannot be read
    assert kept is not None and kept.read_bytes() == data


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("depth", DEPTHS)
def test_deep_statistics_are_set_aside(store: Storage, shape: str, depth: int) -> None:
    data = write(store.stats_path, text_for(shape, STATS_KIND, depth))
    stats, message = store.load_stats()
    assert not stats.results and message is not None and "moved to" in message
    set_aside(store.stats_path, data)


def test_a_document_as_deep_as_allowed_reads(store: Storage) -> None:
    """MAX_DEPTH itself is fine (ours nest about 15 levels)."""
    doc = {
        "format": SETTINGS_KIND,
        "version": SETTINGS_VERSION,
        "last_seats": {"etuc": json.loads(nested(MAX_DEPTH - 2))},
    }
    assert nested_within(doc) and not nested_within(doc, MAX_DEPTH - 1)
    write(store.settings_path, json.dumps(doc))
    settings, message = store.load_settings()
    assert message is None and settings.last_seats["etuc"] == json.loads(nested(MAX_DEPTH - 2))


@pytest.mark.parametrize(
    "raw, problem",
    [
        (nested(TOO_DEEP_FOR_JSON).encode(), "nested more than"),
        (nested(MAX_DEPTH + 1).encode(), "nested more than"),
        (b"\xff\xfe[", "not UTF-8"),
        (b"[1, 2", "not JSON"),
        (b"1" * 5000, "not JSON"),  # past Python's digits limit for int()
    ],
    ids=["json-recursion", "past-max-depth", "binary", "truncated", "5000-digits"],
)
def test_decode_json_never_raises(raw: bytes, problem: str) -> None:
    doc, said = decode_json(raw)
    assert doc is None and said is not None and problem in said


def test_nesting_is_measured_without_recursion() -> None:
    deep: list[Any] = []
    for _ in range(200_000):
        deep = [deep]
    assert not nested_within(deep)
    assert nested_within([]) and nested_within(3) and nested_within({"a": [{"b": []}]}, 4)
    assert not nested_within({"a": [{"b": []}]}, 3)


def test_codec_decode_of_any_depth_is_a_codec_error() -> None:
    deep: Any = []
    for _ in range(100_000):
        deep = {"$t": [deep]}
    with pytest.raises(codec.CodecError, match="nested too deeply"):
        codec.decode(deep)
    with pytest.raises(codec.CodecError, match="nested too deeply"):
        codec.loads(nested(TOO_DEEP_FOR_JSON))


# --------------------------------------------------------------------------
# numbers of any size


@pytest.mark.parametrize("key", ["volume", "anim_speed"])
@pytest.mark.parametrize(
    "number",
    [str(HUGE), "-" + str(HUGE), "1e400", "-1e400", "1" + "0" * 4000],
    ids=["401-digits", "minus-401-digits", "1e400", "-1e400", "4001-digits"],
)
def test_a_huge_number_in_settings_takes_the_default(store: Storage, key: str, number: str) -> None:
    text = f'{{"format": "{SETTINGS_KIND}", "version": {SETTINGS_VERSION}, "{key}": {number}, "show_log": false}}'
    data = write(store.settings_path, text)
    settings, message = store.load_settings()
    assert getattr(settings, key) == getattr(Settings(), key)
    assert settings.show_log is False, "the good values are kept"
    assert message is not None and f"{key}: expected a number" in message
    assert len(message) < 300, "the message quotes a shortened value"
    assert store.settings_path.read_bytes() == data, "a bad value leaves the file in place"


@pytest.mark.parametrize(
    "value",
    [
        HUGE,
        -HUGE,
        float("inf"),
        float("nan"),
        1e308,
        -0.0,
        True,
        None,
        "0.5",
        [0.5],
        {"v": 0.5},
        [[[[[]]]]],
    ],
    ids=[
        "401-digits",
        "minus-401-digits",
        "inf",
        "nan",
        "1e308",
        "minus-zero",
        "true",
        "null",
        "text",
        "list",
        "object",
        "nested",
    ],
)
def test_every_setting_survives_any_json_value(value: object) -> None:
    for key in (
        "window_size",
        "fullscreen",
        "volume",
        "muted",
        "anim_speed",
        "palette",
        "show_log",
        "claim_countdown",
        "last_seats",
        "games",
    ):
        settings, _ = Settings.from_dict({key: value, "games": {"etuc": {"x": value}}})
        assert isinstance(settings, Settings)
        Settings.from_dict(settings.to_dict())
    window, _ = Settings.from_dict({"window_size": [value, value]})
    assert window.window_size == Settings().window_size


def test_finite_number_answers_for_any_value() -> None:
    assert finite_number(0.5) and finite_number(3) and finite_number(-(10**300))
    for value in (HUGE, -HUGE, float("inf"), float("nan"), True, None, "1", [1]):
        assert not finite_number(value), value


def test_a_huge_score_in_the_statistics_sets_the_file_aside(store: Storage) -> None:
    seat = {"name": "Ann", "kind": "human", "level": "", "place": 1, "score": HUGE}
    result = {"game": "etuc", "when": "2026-01-01T00:00:00+00:00", "seats": [seat]}
    doc = {"format": STATS_KIND, "version": STATS_VERSION, "results": [result], "earlier": {}}
    data = write(store.stats_path, json.dumps(doc))
    stats, message = store.load_stats()
    assert not stats.results and message is not None and "moved to" in message
    set_aside(store.stats_path, data)


# --------------------------------------------------------------------------
# temporaries a killed write left behind


def old(path: Path, data: bytes = b"{") -> Path:
    """A file last written an hour ago."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    then = path.stat().st_mtime - 3600
    os.utime(path, (then, then))
    return path


def test_stale_temporaries_are_removed_and_nothing_else(store: Storage) -> None:
    saves = store.saves_dir
    # what write_json leaves when the program is killed between writing and renaming
    killed = [
        Path(st._write_temporary(store.settings_path, b"{")),
        Path(st._write_temporary(store.save_path("autosave"), b"{")),
        Path(st._write_temporary(store.save_path("my-game_2"), b"{")),
        Path(st._write_temporary(store.stats_path, b"{")),
        Path(st._write_temporary(store.data_dir / "crash-20260101-000000.log", b"x")),
    ]
    for path in killed:
        old(path)
    young = Path(st._write_temporary(store.save_path("autosave"), b"{"))  # a write still under way
    kept = [
        young,
        old(saves / "autosave.json"),
        old(saves / "autosave.json.bad"),
        old(saves / ".autosave.json.tmp"),  # not our pattern: no random part
        old(saves / ".notes.txt.abcdefgh.tmp"),  # not a name we write
        old(saves / "autosave.json.abcdefgh.tmp"),  # not hidden
        old(saves / ".autosave.json.abcdefgh.tmp.keep"),
        old(store.data_dir / "notes.tmp"),
        old(saves / "deleted" / ".old.json.abcdefgh.tmp"),  # not one of our folders
        old(store.data_dir.parent / ".settings.json.abcdefgh.tmp"),  # outside our folders
    ]
    folder = saves / ".folder.json.abcdefgh.tmp"
    folder.mkdir()
    link = saves / ".link.json.abcdefgh.tmp"
    link.symlink_to(store.data_dir.parent / ".settings.json.abcdefgh.tmp")
    assert sorted(store.clean_temporaries()) == sorted(killed)
    assert not any(path.exists() for path in killed)
    assert all(path.exists() for path in kept)
    assert folder.is_dir() and link.is_symlink()


def test_temporary_names_are_the_ones_writes_make(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write killed after the temporary file was written (here: the rename
    never happens) leaves a name the clean-up knows."""
    names: list[str] = []

    def killed(src: str, dst: object) -> None:
        names.append(os.path.basename(src))
        raise OSError("killed")

    monkeypatch.setattr(os, "replace", killed)
    for name in (
        "settings.json",
        "stats.json",
        "autosave.json",
        "interrupted-20260101-000000-2.json",
    ):
        with pytest.raises(OSError):
            st.write_json(tmp_path / name, {"format": "x", "version": 1})
    assert len(names) == 4 and all(st._TMP_RE.fullmatch(n) for n in names), names


def test_a_crash_log_never_overwrites_an_earlier_one(store: Storage) -> None:
    when = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC)
    first = store.write_crash_log("one", when)
    second = store.write_crash_log("two", when)
    assert first.name == "crash-20260102-030405.log"
    assert first != second and first.parent == second.parent == store.data_dir
    assert first.name.startswith("crash-") and first.suffix == second.suffix == ".log"
    assert (first.read_text(), second.read_text()) == ("one", "two")
    assert sorted(p.name for p in store.data_dir.iterdir()) == sorted([first.name, second.name])


# -- text from files is clean; reads are bounded ------------------------------------------


def test_text_from_a_file_is_clean_where_it_is_read() -> None:
    """A NUL made font.render raise; a lone surrogate could not even be written
    to the crash log. Both are replaced where the file is read, in values and
    keys, and a file without them is read as it was."""
    raw = b'{"name": "a\\u0000b", "other": "x\\ud800y", "k\\u0007ey": ["\\u009f", "fine \\u00e9"], "tab": "a\\tb\\nc"}'
    doc, problem = decode_json(raw)
    assert problem is None
    assert doc == {
        "name": "a\ufffdb",
        "other": "x\ufffdy",
        "k\ufffdey": ["\ufffd", "fine é"],
        "tab": "a\tb\nc",
    }
    json.dumps(doc).encode("utf-8")  # writable again
    assert decode_json(b'{"a": "plain \xc3\xa9"}') == ({"a": "plain é"}, None)


def test_a_crash_log_is_written_whatever_its_text_holds(store: Storage) -> None:
    path = st.write_new(store.data_dir, "crash-x", ".log", "a lone \ud800 and a NUL \x00\n")
    assert path.read_bytes() == b"a lone \\ud800 and a NUL \x00\n"


@pytest.mark.parametrize("kind", ["pipe", "device", "folder"])
def test_only_regular_files_are_read_and_others_are_set_aside(store: Storage, kind: str) -> None:
    """A named pipe as settings.json hung the program at start; a link to
    /dev/zero read until memory ran out. Such a thing is moved aside (a
    rename: nothing is lost) with a message, without ever being read."""
    if kind == "device" and not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    for path in (store.settings_path, store.stats_path, store.save_path("named")):
        path.parent.mkdir(parents=True, exist_ok=True)
        {"pipe": os.mkfifo, "device": lambda p: os.symlink("/dev/zero", p), "folder": os.mkdir}[
            kind
        ](path)
    settings, message = store.load_settings()
    assert settings == Settings() and message is not None and "not a file" in message
    _, message = store.load_stats()
    assert message is not None and "not a file" in message
    assert store.list_saves() == [] and any("not a file" in m for m in store.take_messages())
    for path in (store.settings_path, store.stats_path, store.save_path("named")):
        assert not os.path.lexists(path)
        assert os.path.lexists(path.with_name(path.name + ".bad"))


def test_a_file_larger_than_its_kind_may_be_is_set_aside_unread(
    store: Storage, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(st.MAX_BYTES, SETTINGS_KIND, 1000)
    data = write(
        store.settings_path,
        json.dumps({"format": SETTINGS_KIND, "version": SETTINGS_VERSION, "pad": "x" * 2000}),
    )
    settings, message = store.load_settings()
    assert settings == Settings() and message is not None and "larger than" in message
    set_aside(store.settings_path, data)
    with pytest.raises(st.NotReadable, match="larger than"):
        write(store.stats_path, "x" * 2000)
        st.read_bounded(store.stats_path, 1000)
    assert st.read_bounded(store.stats_path, 2000) == b"x" * 2000


def test_a_settings_file_that_is_a_link_stays_a_link(store: Storage, tmp_path: Path) -> None:
    """A settings.json linked to the player's dotfiles was replaced by a plain
    file on the first write; the write goes through the link."""
    dotfile = tmp_path / "dotfiles" / "tabletop.json"
    dotfile.parent.mkdir()
    dotfile.write_text(
        json.dumps({"format": SETTINGS_KIND, "version": SETTINGS_VERSION, "volume": 0.3}), "utf-8"
    )
    store.settings_path.parent.mkdir(parents=True)
    os.symlink(dotfile, store.settings_path)
    assert store.load_settings() == (Settings(volume=0.3), None)
    store.save_settings(Settings(volume=0.7))
    assert store.settings_path.is_symlink() and os.readlink(store.settings_path) == str(dotfile)
    assert json.loads(dotfile.read_text("utf-8"))["volume"] == 0.7
    assert store.load_settings() == (Settings(volume=0.7), None)


def test_a_settings_file_that_could_not_be_read_is_never_written_over(
    store: Storage, deny_reading: Any
) -> None:
    data = write(
        store.settings_path,
        json.dumps({"format": SETTINGS_KIND, "version": SETTINGS_VERSION, "volume": 0.3}),
    )
    deny_reading(store.settings_path)
    settings, message = store.load_settings()
    assert settings == Settings() and message is not None and "could not be read" in message
    with pytest.raises(OSError, match="not written over"):
        store.save_settings(Settings(volume=0.9))
    assert store.settings_path.read_bytes() == data


def test_names_and_texts_from_files_are_cut_where_they_enter(store: Storage) -> None:
    """A 20,000-character name or a 100,000-character end reason froze the
    screens that drew them; they are cut to a size a screen shows."""
    from tabletop.core.words import NAME_LIMIT, TEXT_LIMIT

    doc = {
        "format": STATS_KIND,
        "version": STATS_VERSION,
        "results": [
            {
                "game": "etuc",
                "when": "2026-12-01T10:00:00+00:00",
                "reason": "w" * 100_000,
                "marks": ["m" * 5000],
                "seats": [
                    {"name": "N" * 20_000, "kind": "human", "level": "", "place": 1, "score": 3}
                ],
            }
        ],
        "earlier": {
            "g" * 500: {"played": 1, "wins": {"W" * 500: 1}, "appearances": {"W" * 500: 1}}
        },
    }
    write(store.stats_path, json.dumps(doc))
    stats, message = store.load_stats()
    assert message is None
    [result] = stats.results
    assert len(result.reason) == TEXT_LIMIT and len(result.seats[0].name) == NAME_LIMIT
    assert len(result.marks[0]) == TEXT_LIMIT
    [(game, earlier)] = stats.earlier.items()
    assert len(game) == NAME_LIMIT and [len(n) for n in earlier.wins] == [NAME_LIMIT]
    save = {
        "format": SAVE_KIND,
        "version": 1,
        "game": "g" * 5000,
        "title": "t" * 5000,
        "summary": "s" * 50_000,
        "players": ["p" * 20_000] * 100,
        "actions": [],
    }
    write(store.save_path("long"), json.dumps(save))
    [info] = store.list_saves()
    assert len(info.game) == len(info.title or "") == NAME_LIMIT and len(info.summary) == TEXT_LIMIT
    assert len(info.players) == savefile.MOST_SEATS and {len(p) for p in info.players} == {
        NAME_LIMIT
    }
