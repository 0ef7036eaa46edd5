"""Settings, saved games and statistics on disk, written atomically.

Where files live:

- ``TABLETOP_HOME`` (a folder) or an explicit ``Storage(root)``: everything
  under that one folder (``settings.json``, ``saves/``, ``stats.json``); tests and
  portable installs use this.
- otherwise the platform's user folders: settings in ``user_config_dir``, saves
  and statistics in ``user_data_dir``.

Folders are created only when something is written.

Every document is a JSON object carrying ``"format"`` (which kind of file it is)
and ``"version"`` (an int). A file that cannot be understood -- not UTF-8, not
JSON, truncated, not an object, the wrong format, a newer version than this
program knows -- is moved aside to ``<name>.bad`` (``.bad.1``, ``.bad.2``, ... if
that is taken) and the caller gets a one-line message for the player. A saved
game from a newer version is the exception: it is sound, so it is refused with
a message and kept where it is. Nothing is
ever overwritten or deleted: deleting a save moves it into ``saves/deleted/``.
A file that exists but cannot be read (permissions) is reported and left where
it is.

No pygame here.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import logging
import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from tabletop.core import testhooks, words
from tabletop.core.game import GameInfo, Setting
from tabletop.core.savefile import SAVE_KIND, SAVE_VERSION, check_envelope, shown
from tabletop.core.stats import GameResult, Statistics, finite_number, stats_1_to_2

log = logging.getLogger(__name__)

APP_NAME = "tabletop"
HOME_ENV = "TABLETOP_HOME"

SETTINGS_KIND = "tabletop-settings"
STATS_KIND = "tabletop-stats"

SETTINGS_VERSION = 2
STATS_VERSION = 2

AUTOSAVE = "autosave"
#: the name an unfinished autosave is kept under when another game begins
KEPT_PREFIX = "interrupted-"
DELETED_DIR = "deleted"

Doc = dict[str, Any]
Migration = Callable[[Doc], Doc]

#: Settings that version 1 kept at the top level and that now belong to one
#: game (``Settings.games``): key -> the game's name.
MOVED_TO_GAMES = {"flick_mode": "planepita"}
#: Settings version 1 had that nothing ever read; version 2 drops them.
DROPPED_SETTINGS = ("rotate_clockwise_4p",)


def _settings_1_to_2(doc: Doc) -> Doc:
    """Game settings move under ``"games"``; dead settings go."""
    out = {k: v for k, v in doc.items() if k not in MOVED_TO_GAMES and k not in DROPPED_SETTINGS}
    games = out.get("games")
    games = (
        {str(g): dict(v) for g, v in games.items() if isinstance(v, dict)}
        if isinstance(games, dict)
        else {}
    )
    for key, game in MOVED_TO_GAMES.items():
        if key in doc:
            games.setdefault(game, {}).setdefault(key, doc[key])
    out["games"] = games
    return out


#: Upgrades for older files: ``MIGRATIONS[kind][v]`` turns a version ``v``
#: document into a version ``v + 1`` one.
MIGRATIONS: dict[str, dict[int, Migration]] = {
    SETTINGS_KIND: {1: _settings_1_to_2},
    SAVE_KIND: {},
    STATS_KIND: {1: stats_1_to_2},
}

_SLOT_RE = re.compile(r"[A-Za-z0-9_-]{1,64}")
# Device names Windows will not let a file be called, whatever the extension.
_RESERVED_NAMES = frozenset(
    ["con", "prn", "aux", "nul"]
    + [f"com{i}" for i in range(1, 10)]
    + [f"lpt{i}" for i in range(1, 10)]
)
_MAX_ASIDE = 10_000


# --------------------------------------------------------------------------
# Low-level file handling


def write_json(path: str | os.PathLike[str], doc: Mapping[str, Any]) -> None:
    """Write ``doc`` to ``path`` atomically: the file is either the old one or the new one.

    The document must carry a string ``"format"`` and an int ``"version"``. The
    text goes to a temporary file in the same folder, is flushed and fsynced,
    then renamed over ``path``. On any failure the temporary file is removed and
    the old file is untouched.
    """
    path = Path(path)
    fmt = doc.get("format")
    version = doc.get("version")
    if not isinstance(fmt, str) or not fmt:
        raise ValueError(f"document for {path.name} has no 'format' string")
    if not isinstance(version, int) or isinstance(version, bool):
        raise ValueError(f"document for {path.name} has no int 'version'")
    # Serialise first, so a document that is not JSON leaves nothing behind.
    write_text(path, json.dumps(doc, ensure_ascii=False, indent=2, allow_nan=False) + "\n")


def write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically, as :func:`write_json`
    writes a document: a temporary file beside it, flushed, renamed over it.
    For the files that are not JSON (Planepita's physics.toml)."""
    path = _through_links(Path(path))
    held = testhooks.hold_at(path.name)  # None unless a crash-safety test asks
    tmp_name = _write_temporary(path, text.encode("utf-8"), held)
    try:
        if held == "rename":
            testhooks.hold(held, path.name, tmp_name)
        os.replace(tmp_name, path)
    except BaseException:
        _unlink_quietly(tmp_name)
        raise
    if held == "renamed":
        testhooks.hold(held, path.name, tmp_name)
    _fsync_dir(path.parent)


def _through_links(path: Path) -> Path:
    """Where a write to ``path`` goes: the file a link at ``path`` points to
    (a settings file the player keeps among their dotfiles stays a link), else
    ``path`` itself."""
    if not path.is_symlink():
        return path
    try:
        return Path(os.path.realpath(path))
    except (OSError, RuntimeError):  # a loop of links: the write replaces the link
        return path


def write_new(folder: str | os.PathLike[str], base: str, suffix: str, text: str) -> Path:
    """Write ``text`` to a new file ``<base><suffix>`` in ``folder`` (or
    ``<base>.1<suffix>``, ... when that is taken) and return its path. Never
    overwrites a file; written like :func:`write_json`, so it is whole or absent.
    A character UTF-8 cannot hold (a lone surrogate in a crash log's
    traceback) is written as its escape: this write never fails on its text."""
    folder = Path(folder)
    tmp_name = _write_temporary(
        folder / f"{base}{suffix}", text.encode("utf-8", "backslashreplace")
    )
    try:
        for dst in _candidates(folder, base, suffix):
            if _move_no_overwrite(Path(tmp_name), dst):
                _fsync_dir(folder)
                return dst
        raise OSError(f"no free name for {base}{suffix} in {folder}")
    finally:
        if os.path.lexists(tmp_name):
            _unlink_quietly(tmp_name)


#: The temporary files :func:`write_json` and :func:`write_new` fill before
#: renaming them into place: ``.<name>.<8 random characters>.tmp`` beside
#: ``<name>``, as ``tempfile`` makes them from the prefix and suffix below.
_TMP_PREFIX, _TMP_SUFFIX = ".", ".tmp"
_TMP_RE = re.compile(r"\.[A-Za-z0-9_-][A-Za-z0-9_.-]*\.(?:json|log|toml)\.[a-z0-9_]{8}\.tmp")
#: A temporary file untouched this many seconds belongs to a write that was
#: killed (a write takes milliseconds); a younger one may be another running
#: copy of the program at work, and is left alone.
STALE_AFTER = 300.0


def _write_temporary(path: Path, data: bytes, held: str | None = None) -> str:
    """A new temporary file beside ``path`` holding ``data``, flushed and
    fsynced; its name. On any failure nothing is left behind. ``held ==
    "torn"`` (a crash-safety test, :mod:`tabletop.core.testhooks`) stops the
    write for ever after half of ``data``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp_name: str | None = None
    try:
        with tempfile.NamedTemporaryFile(
            mode="wb",
            delete=False,
            dir=path.parent,
            prefix=f"{_TMP_PREFIX}{path.name}.",
            suffix=_TMP_SUFFIX,
        ) as tmp:
            tmp_name = tmp.name
            if held == "torn":
                tmp.write(data[: len(data) // 2])
                tmp.flush()
                os.fsync(tmp.fileno())
                testhooks.hold(held, path.name, tmp_name)
            tmp.write(data)
            tmp.flush()
            os.fsync(tmp.fileno())
    except BaseException:
        if tmp_name is not None:
            _unlink_quietly(tmp_name)
        raise
    return tmp_name


def _unlink_quietly(name: str) -> None:
    try:
        os.unlink(name)
    except OSError:
        pass


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[Path]:
    """Delete the temporary files a killed write left in ``folder``: only
    regular files named as :func:`write_json` names its temporaries and older
    than :data:`STALE_AFTER` seconds; nothing else is ever touched. Returns
    what was removed."""
    folder = Path(folder)
    try:
        names = sorted(os.listdir(folder))
    except OSError:
        return []
    removed: list[Path] = []
    for name in names:
        if not _TMP_RE.fullmatch(name):
            continue
        path = folder / name
        try:
            info = os.lstat(path)
            if not stat.S_ISREG(info.st_mode) or time.time() - info.st_mtime < STALE_AFTER:
                continue
            os.unlink(path)
        except OSError:
            continue
        removed.append(path)
    return removed


def _fsync_dir(folder: Path) -> None:
    """Make a rename durable where the platform allows it (best effort)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _move_no_overwrite(src: Path, dst: Path) -> bool:
    """Move ``src`` to ``dst`` unless ``dst`` exists; True if moved.

    A hard link fails atomically when the target exists, so nothing can be
    overwritten; file systems without hard links fall back to a checked rename.
    """
    try:
        os.link(src, dst, follow_symlinks=False)  # a link is moved as a link
    except FileExistsError:
        return False
    except OSError:
        if os.path.lexists(dst):
            return False
        try:
            os.rename(src, dst)  # refuses to overwrite on Windows
        except FileExistsError:
            return False
        return True
    os.unlink(src)
    return True


def _candidates(folder: Path, base: str, suffix: str = "") -> Iterator[Path]:
    yield folder / f"{base}{suffix}"
    for i in range(1, _MAX_ASIDE):
        yield folder / f"{base}.{i}{suffix}"


def move_aside(path: str | os.PathLike[str]) -> Path:
    """Rename a broken file to ``<name>.bad`` (or ``.bad.1``, ...); return the new path.

    Never overwrites an earlier ``.bad`` file. Raises ``OSError`` if the move fails.
    """
    path = Path(path)
    for dst in _candidates(path.parent, f"{path.name}.bad"):
        if _move_no_overwrite(path, dst):
            return dst
    raise OSError(f"too many broken copies of {path.name} already set aside")


_LABELS: dict[str, tuple[str, str, str]] = {
    # kind: (subject, after moving aside, after failing to read)
    SETTINGS_KIND: ("Your settings file", "defaults are used", "defaults are used"),
    SAVE_KIND: ("The saved game '{stem}'", "cannot be loaded", "it was not loaded"),
    STATS_KIND: (
        "Your statistics file",
        "statistics start afresh",
        "statistics are not updated",
    ),
}


#: The largest file of each kind the program reads, in bytes: far above any
#: it writes (a whole six-player Planepita game keeps every position in a few
#: MB), far below what would fill the memory. A larger file is damaged.
MAX_BYTES: dict[str, int] = {
    SETTINGS_KIND: 1 << 20,
    SAVE_KIND: 64 << 20,
    STATS_KIND: 32 << 20,
}


class NotReadable(ValueError):
    """A player's file that is there but cannot be read as one: not a regular
    file (a folder, a named pipe, a device), or larger than its kind may be.
    Damage like bad content: the caller moves it aside."""


def _what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a file in the player's folders, read so that no file can
    hang or exhaust the program: a regular file only (a link is followed), at
    most ``limit`` bytes, opened without blocking (a named pipe with nobody
    writing would wait for ever). FileNotFoundError when there is nothing
    there; another OSError when it cannot be opened (permissions);
    :class:`NotReadable` when it is not a regular file or is too large.
    Every read of a player's file goes through here."""
    flags = (
        os.O_RDONLY
        | getattr(os, "O_NONBLOCK", 0)
        | getattr(os, "O_BINARY", 0)
        | getattr(os, "O_CLOEXEC", 0)
    )
    fd = os.open(path, flags)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotReadable(f"{_what_it_is(info.st_mode)}, not a file")
        too_large = NotReadable(f"larger than {limit // 1024:,} KB")
        if info.st_size > limit:
            raise too_large
        chunks: list[bytes] = []
        left = limit + 1  # the file may have grown since fstat
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        if left <= 0:
            raise too_large
        return b"".join(chunks)
    finally:
        os.close(fd)


@dataclass(frozen=True)
class _Read:
    doc: Doc | None
    message: str | None
    # "ok", "missing", "moved" (broken, set aside) or "stuck" (could not read or move)
    status: str


def _read(
    path: Path,
    kind: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
    check: Callable[[Doc], str | None] | None = None,
    move_bad: bool = True,
) -> _Read:
    subject, after_moved, after_stuck = _LABELS.get(
        kind, ("The file '{name}'", "was ignored", "it was ignored")
    )
    subject = subject.format(stem=path.stem, name=path.name)
    problem: str | None = "too large to read"
    not_a_file: str | None = None
    raw: bytes | None = None
    try:
        raw = read_bounded(path, MAX_BYTES.get(kind, MAX_BYTES[SETTINGS_KIND]))
    except FileNotFoundError:
        return _Read(None, None, "missing")
    except NotReadable as exc:
        problem = not_a_file = str(exc)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        log.warning("cannot read %s: %s", path, exc)
        return _Read(
            None, f"{subject} at {path} could not be read ({reason}); {after_stuck}.", "stuck"
        )
    except MemoryError:
        pass
    doc, newer = None, False
    if raw is not None:
        doc, problem, newer = _parse(raw, kind, version, migrations, check)
    if problem is None:
        return _Read(doc, None, "ok")

    what = "was written by a newer version of Tabletop" if newer else "was damaged"
    if not_a_file is not None:
        what = f"is {not_a_file}"
    log.warning("%s: %s", path, problem)
    if newer and kind == SAVE_KIND:  # a sound game for a newer program: keep it
        return _Read(None, f"{subject} {what}; it was kept and {after_stuck}.", "stuck")
    if not move_bad:  # not one of ours (a file the player pointed at): leave it be
        why = "" if not_a_file is not None else f" ({problem})"
        return _Read(None, f"{path} {what}{why}; it was left where it is.", "stuck")
    try:
        dest = move_aside(path)
    except OSError as exc:
        log.warning("cannot move %s aside: %s", path, exc)
        reason = exc.strerror or str(exc)
        return _Read(
            None,
            f"{subject} {what} and could not be moved aside ({reason}); {after_stuck}.",
            "stuck",
        )
    return _Read(None, f"{subject} {what}; it was moved to {dest} and {after_moved}.", "moved")


#: How deeply a document read from a file may nest. Ours nest about 15 levels
#: (a game state inside a save); anything much deeper is damaged. Refusing it
#: where files are parsed means nothing that walks a document afterwards (the
#: codec, copies, the JSON writer) can recurse past the interpreter's limit.
MAX_DEPTH = 100


def nested_within(doc: Any, limit: int = MAX_DEPTH) -> bool:
    """True when the lists and objects of a JSON document nest at most
    ``limit`` levels (a scalar is 0 deep, ``[]`` 1, ``[[]]`` 2). It walks level
    by level, never recursively, so any depth is safe to ask about."""
    level = [doc] if type(doc) is dict or type(doc) is list else []
    depth = 0
    while level:
        depth += 1
        if depth > limit:
            return False
        inner: list[Any] = []
        for value in level:
            items = value.values() if type(value) is dict else value
            inner += [v for v in items if type(v) is dict or type(v) is list]
        level = inner
    return True


def decode_json(raw: bytes) -> tuple[Any, str | None]:
    """``(document, None)`` for UTF-8 JSON bytes, else ``(None, problem)``.

    Never raises, whatever the bytes: every file the program reads from the
    player's folders comes through here. Too deep a nesting (see
    :data:`MAX_DEPTH`) or too large a document is a problem like any other.
    """
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None, "not UTF-8 text"
    except MemoryError:
        return None, "too large to read"
    try:
        doc = json.loads(text)
    except RecursionError:
        return None, f"nested more than {MAX_DEPTH} levels deep"
    except MemoryError:
        return None, "too large to read"
    except ValueError as exc:
        return None, f"not JSON ({exc})"
    if not nested_within(doc):
        return None, f"nested more than {MAX_DEPTH} levels deep"
    if "\\u" in text or not words.is_clean(text):  # escapes are the only way in for most
        doc = clean_strings(doc)
    return doc, None


def clean_strings(doc: Any) -> Any:
    """``doc`` (plain JSON or TOML data) with every text in it, keys too,
    :func:`words.clean`: a NUL or a lone surrogate in a name read from a file
    would stop a font from drawing it and a log from being written. Walks
    level by level, never recursively."""

    def fix(value: Any) -> Any:
        return words.clean(value) if type(value) is str else value

    top = [fix(doc)]
    level: list[Any] = [top]
    while level:
        inner: list[Any] = []
        for box in level:
            if type(box) is dict:
                items = list(box.items())
                box.clear()
                for key, value in items:
                    box[fix(key)] = fix(value)
                values = box.values()
            else:
                box[:] = [fix(v) for v in box]
                values = box
            inner += [v for v in values if type(v) is dict or type(v) is list]
        level = inner
    return top[0]


def _parse(
    raw: bytes,
    kind: str,
    version: int,
    migrations: Mapping[int, Migration] | None,
    check: Callable[[Doc], str | None] | None,
) -> tuple[Doc | None, str | None, bool]:
    """(document, problem, newer): problem is None when the document is usable."""
    doc, problem = decode_json(raw)
    if problem is not None:
        return None, problem, False
    if not isinstance(doc, dict):
        return None, f"not a JSON object but {type(doc).__name__}", False
    if doc.get("format") != kind:
        return None, f"format is {_short(doc.get('format'))}, expected {kind!r}", False
    found = doc.get("version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        return None, f"bad version {_short(found)}", False
    if found > version:
        return None, f"version {_short(found)} is newer than {version}", True
    steps = MIGRATIONS.get(kind, {}) if migrations is None else migrations
    while found < version:
        step = steps.get(found)
        if step is None:
            return None, f"no way to upgrade version {found}", False
        try:
            doc = step(doc)
        except Exception as exc:  # noqa: BLE001 - whatever the file's content makes an upgrade raise
            return None, f"upgrading version {found} failed: {words.shorten(repr(exc))}", False
        if not isinstance(doc, dict):
            return None, f"upgrading version {found} gave no object", False
        found += 1
        doc["version"] = found
    if check is not None:
        problem = check(doc)
        if problem is not None:
            return None, problem, False
    return doc, None, False


def read_json(
    path: str | os.PathLike[str],
    kind: str,
    version: int,
    migrations: Mapping[int, Migration] | None = None,
) -> tuple[Doc | None, str | None]:
    """Read a document of ``kind`` that this program writes at ``version``.

    Returns ``(doc, None)`` on success and ``(None, None)`` if the file does not
    exist. A broken file or one from a newer version is moved aside (see
    :func:`move_aside`) and ``(None, message)`` is returned; a file that cannot
    be read at all stays where it is, also with a message. Older versions are
    upgraded through ``migrations`` (by default ``MIGRATIONS[kind]``).
    """
    result = _read(Path(path), kind, version, migrations)
    return result.doc, result.message


# --------------------------------------------------------------------------
# Settings

WINDOW_MIN = (960, 600)
WINDOW_MAX = (7680, 4320)
VOLUME_RANGE = (0.0, 1.0)
ANIM_INSTANT = 0.0
ANIM_SPEED_RANGE = (0.25, 4.0)
#: the longest claim countdown a settings file may ask for, in seconds
CLAIM_COUNTDOWN_MAX = 120
PALETTES = ("default", "okabe_ito")


def _short(value: object) -> str:
    """A value from a file, quoted in a message: its repr cut to 40
    characters; a number too long to write (thousands of digits) in words."""
    try:
        text = repr(value)
    except Exception:  # noqa: BLE001 - an int of 5,000 digits has no repr
        return words.quote(value)
    return words.clean(text if len(text) <= 40 else text[:37] + "...")


def _json_clean(value: object) -> bool:
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError, RecursionError):
        return False
    return True


@dataclass(frozen=True)
class Settings:
    """The player's preferences. Build from files with :meth:`from_dict`."""

    window_size: tuple[int, int] = (1280, 800)
    fullscreen: bool = False
    volume: float = 0.8
    muted: bool = False
    #: multiplier for animation speed, 0.25..4.0; ``ANIM_INSTANT`` (0) skips animations
    anim_speed: float = 1.0
    palette: str = "default"
    show_log: bool = True
    #: seconds a claim prompt (a discard you may claim) waits before it passes
    #: for you, 0 for no countdown; a whole number up to ``CLAIM_COUNTDOWN_MAX``
    claim_countdown: int = 15
    #: the coach in games with one person: after a clearly worse move, the
    #: hard bot's note (with two or more people it is the setup's choice)
    coach: bool = False
    #: remembered setup per game name (plain JSON)
    last_seats: dict[str, Any] = field(default_factory=dict, hash=False)
    #: each game's own settings (``GameInfo.settings``): game name -> key -> value
    games: dict[str, dict[str, Any]] = field(default_factory=dict, hash=False)
    #: how far the player got in each lesson: lesson id (the game's name for
    #: its first lesson, "game/NAME" for another, tabletop/core/lesson.py) ->
    #: {"step": the step to come back to, "done": every step passed once}
    lessons: dict[str, dict[str, Any]] = field(default_factory=dict, hash=False)

    def lesson_step(self, game: str) -> int:
        """The step of the lesson ``game`` (a lesson id) to come back to (0: the first)."""
        return int(self.lessons.get(game, {}).get("step", 0))

    def lesson_done(self, game: str) -> bool:
        """True once every step of the lesson ``game`` (a lesson id) was passed."""
        return bool(self.lessons.get(game, {}).get("done", False))

    def with_lesson(self, game: str, step: int, done: bool) -> Settings:
        """A copy with the lesson ``game`` (a lesson id) at ``step`` (``done``
        stays once set)."""
        lessons = copy.deepcopy(self.lessons)
        lessons[game] = {"step": int(step), "done": bool(done or self.lesson_done(game))}
        return dataclasses.replace(self, lessons=lessons)

    @property
    def instant(self) -> bool:
        """True when animations are skipped."""
        return self.anim_speed == ANIM_INSTANT

    def game_setting(self, info: GameInfo, key: str) -> Any:
        """The value of ``info``'s setting ``key``: the stored one if the game
        accepts it, else the setting's default."""
        setting = info.setting(key)
        value = self.games.get(info.name, {}).get(key, setting.default)
        return value if setting.accepts(value) else setting.default

    def with_game_setting(self, game: str, key: str, value: Any) -> Settings:
        """A copy with ``game``'s setting ``key`` set to ``value``."""
        games = copy.deepcopy(self.games)
        games.setdefault(game, {})[key] = value
        return dataclasses.replace(self, games=games)

    def to_dict(self) -> Doc:
        """Plain JSON-ready fields (no format/version)."""
        return {
            "window_size": [int(self.window_size[0]), int(self.window_size[1])],
            "fullscreen": self.fullscreen,
            "volume": self.volume,
            "muted": self.muted,
            "anim_speed": self.anim_speed,
            "palette": self.palette,
            "show_log": self.show_log,
            "claim_countdown": self.claim_countdown,
            "coach": self.coach,
            "last_seats": copy.deepcopy(self.last_seats),
            "games": copy.deepcopy(self.games),
            "lessons": copy.deepcopy(self.lessons),
        }

    @classmethod
    def from_dict(
        cls, d: Mapping[str, Any], declared: Mapping[str, Sequence[Setting]] | None = None
    ) -> tuple[Settings, list[str]]:
        """Settings from a plain dict, and a list of problems.

        Unknown keys are ignored and missing keys take their defaults. Each
        value of the wrong type or out of range is replaced by its default and
        reported as ``"<key>: expected <allowed>, got <value>; using <default>"``.

        ``declared`` maps game names to the settings those games declare
        (``GameInfo.settings``): their stored values are checked the same way
        (``games.<game>.<key>: ...``) and keys a game does not declare are
        dropped. Other games' settings are kept as they are, if plain JSON (a
        game this build does not have may come back).
        """
        default = cls()
        if not isinstance(d, Mapping):
            return default, [f"settings: expected an object, got {_short(d)}; using defaults"]
        values: dict[str, Any] = {}
        problems: list[str] = []

        def bad(key: str, allowed: str) -> None:
            problems.append(
                f"{key}: expected {allowed}, got {_short(d[key])}; "
                f"using {_short(getattr(default, key))}"
            )

        if "window_size" in d:
            ws = d["window_size"]
            if (
                isinstance(ws, (list, tuple))
                and len(ws) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in ws)
                and WINDOW_MIN[0] <= ws[0] <= WINDOW_MAX[0]
                and WINDOW_MIN[1] <= ws[1] <= WINDOW_MAX[1]
            ):
                values["window_size"] = (int(ws[0]), int(ws[1]))
            else:
                bad(
                    "window_size",
                    f"[width, height] from {WINDOW_MIN[0]}x{WINDOW_MIN[1]} "
                    f"to {WINDOW_MAX[0]}x{WINDOW_MAX[1]}",
                )

        for key in ("fullscreen", "muted", "show_log", "coach"):
            if key in d:
                if isinstance(d[key], bool):
                    values[key] = d[key]
                else:
                    bad(key, "true or false")

        if "volume" in d:
            v = d["volume"]
            if finite_number(v) and VOLUME_RANGE[0] <= v <= VOLUME_RANGE[1]:
                values["volume"] = float(v)
            else:
                bad("volume", f"a number from {VOLUME_RANGE[0]} to {VOLUME_RANGE[1]}")

        if "anim_speed" in d:
            v = d["anim_speed"]
            if finite_number(v) and (
                v == ANIM_INSTANT or ANIM_SPEED_RANGE[0] <= v <= ANIM_SPEED_RANGE[1]
            ):
                values["anim_speed"] = float(v)
            else:
                bad(
                    "anim_speed",
                    f"a number from {ANIM_SPEED_RANGE[0]} to {ANIM_SPEED_RANGE[1]}, "
                    f"or {ANIM_INSTANT} for instant",
                )

        if "claim_countdown" in d:
            v = d["claim_countdown"]
            if type(v) is int and 0 <= v <= CLAIM_COUNTDOWN_MAX:
                values["claim_countdown"] = v
            else:
                bad(
                    "claim_countdown",
                    f"a whole number of seconds from 0 (off) to {CLAIM_COUNTDOWN_MAX}",
                )

        if "palette" in d:
            if isinstance(d["palette"], str) and d["palette"] in PALETTES:
                values["palette"] = d["palette"]
            else:
                bad("palette", "one of " + ", ".join(repr(a) for a in PALETTES))

        if "last_seats" in d:
            seats = d["last_seats"]
            if isinstance(seats, Mapping):
                kept: dict[str, Any] = {}
                for game, setup in seats.items():
                    if isinstance(game, str) and _json_clean(setup):
                        kept[game] = json.loads(json.dumps(setup))
                    else:
                        problems.append(
                            f"last_seats: the setup remembered for {_short(game)} "
                            "is not plain JSON; it was forgotten"
                        )
                values["last_seats"] = kept
            else:
                bad("last_seats", "an object mapping game names to setups")

        if "games" in d:
            if isinstance(d["games"], Mapping):
                values["games"] = _game_settings(d["games"], declared or {}, problems)
            else:
                bad("games", "an object mapping game names to their settings")

        if "lessons" in d:
            values["lessons"] = _lessons(d["lessons"], problems)

        return dataclasses.replace(default, **values), problems


#: the most steps a lesson's progress may name
LESSON_STEPS_MAX = 999


def _lessons(stored: Any, problems: list[str]) -> dict[str, dict[str, Any]]:
    """The lessons' progress worth keeping; what is dropped goes to ``problems``."""
    if not isinstance(stored, Mapping):
        problems.append(
            f"lessons: expected an object mapping lessons to progress, got {_short(stored)}; "
            "every lesson starts again"
        )
        return {}
    kept: dict[str, dict[str, Any]] = {}
    for game, progress in stored.items():
        step = progress.get("step") if isinstance(progress, Mapping) else None
        done = progress.get("done", False) if isinstance(progress, Mapping) else None
        if (
            isinstance(game, str)
            and type(step) is int
            and 0 <= step <= LESSON_STEPS_MAX
            and isinstance(done, bool)
        ):
            kept[game] = {"step": step, "done": done}
        else:
            problems.append(
                f"lessons: the progress kept for {_short(game)} is not "
                f'{{"step": 0-{LESSON_STEPS_MAX}, "done": true or false}}; that lesson starts again'
            )
    return kept


def _game_settings(
    stored: Mapping[str, Any], declared: Mapping[str, Sequence[Setting]], problems: list[str]
) -> dict[str, dict[str, Any]]:
    """The per-game settings worth keeping; what is dropped goes to ``problems``."""
    kept: dict[str, dict[str, Any]] = {}
    for game, values in stored.items():
        if not isinstance(game, str) or not isinstance(values, Mapping) or not _json_clean(values):
            problems.append(
                f"games: the settings kept for {_short(game)} are not readable; they were forgotten"
            )
            continue
        if game not in declared:
            kept[game] = json.loads(json.dumps(values))
            continue
        mine: dict[str, Any] = {}
        for setting in declared[game]:
            if setting.key not in values:
                continue
            value = values[setting.key]
            if setting.accepts(value):
                mine[setting.key] = value
            else:
                allowed = ", ".join(repr(c) for c in setting.choices)
                problems.append(
                    f"games.{game}.{setting.key}: expected one of {allowed}, got {_short(value)}; "
                    f"using {_short(setting.default)}"
                )
        if mine:
            kept[game] = mine
    return kept


# --------------------------------------------------------------------------
# Saves and statistics


@dataclass(frozen=True)
class SaveInfo:
    """One saved game as the load menu shows it."""

    slot: str
    path: Path
    game: str
    title: str | None
    saved_at: str
    players: tuple[str, ...]
    summary: str
    #: how many moves the save holds (the length of its list of actions)
    moves: int = 0

    @property
    def is_autosave(self) -> bool:
        return self.slot == AUTOSAVE

    @property
    def kept(self) -> bool:
        """An unfinished game moved out of the autosave when another began."""
        return self.slot.startswith(KEPT_PREFIX)

    @property
    def when(self) -> datetime | None:
        """``saved_at`` as a datetime, if it is a valid ISO timestamp."""
        return _parse_time(self.saved_at)


def validate_slot(slot: str) -> str:
    """Return ``slot`` if it is a valid save name, else raise ``ValueError``.

    Allowed: 1 to 64 ASCII letters, digits, dashes and underscores, and not a
    name Windows reserves for devices (``con``, ``nul``, ``com1``, ...).
    """
    if not isinstance(slot, str) or not _SLOT_RE.fullmatch(slot):
        raise ValueError(f"bad save name {slot!r}: use 1 to 64 letters, digits, '-' or '_'")
    if slot.lower() in _RESERVED_NAMES:
        raise ValueError(f"bad save name {slot!r}: reserved by the operating system")
    return slot


def _now() -> datetime:
    return datetime.now(UTC)


def _parse_time(text: object) -> datetime | None:
    if not isinstance(text, str):
        return None
    try:
        when = datetime.fromisoformat(text)
    except ValueError:
        return None
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _check_stats(doc: Doc) -> str | None:
    try:
        Statistics.from_doc(doc)
    except Exception as exc:  # noqa: BLE001 - any error from the file's content is damage
        return words.shorten(exc)
    return None


class Storage:
    """The program's files: settings, saves and statistics.

    ``root`` (or the ``TABLETOP_HOME`` environment variable) puts everything in
    one folder; otherwise the platform's user folders are used. Messages for
    the player from operations that return none (``list_saves``,
    ``record_result``) collect in :attr:`messages`; :meth:`take_messages`
    empties it.
    """

    def __init__(self, root: str | os.PathLike[str] | None = None) -> None:
        if root is None and os.environ.get(HOME_ENV):
            root = Path(os.environ[HOME_ENV]).expanduser()
        if root is not None:
            base = Path(root)
            config_dir = data_dir = base
        else:
            config_dir = Path(platformdirs.user_config_dir(APP_NAME, appauthor=False))
            data_dir = Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
        self.settings_path: Path = config_dir / "settings.json"
        self.saves_dir: Path = data_dir / "saves"
        self.stats_path: Path = data_dir / "stats.json"
        self.messages: list[str] = []
        # saves written in the background (save_game_later): the newest doc per
        # slot waits here; every read of the saves folder flushes first
        self._later: dict[str, Mapping[str, Any]] = {}
        self._later_lock = threading.Condition()
        self._writer: threading.Thread | None = None
        self._writing = False
        #: saves left in place with a message (a newer version's): told once
        self._told: set[Path] = set()
        #: the save load_game last handed out, until take_loaded (see there)
        self._loaded: Path | None = None
        #: the settings file could not be read (load_settings): it is not written over
        self._settings_stuck = False

    def __repr__(self) -> str:
        return f"Storage(settings={self.settings_path}, saves={self.saves_dir})"

    def take_messages(self) -> list[str]:
        """The collected messages, oldest first; the list is emptied."""
        taken, self.messages = self.messages, []
        return taken

    @property
    def data_dir(self) -> Path:
        """The folder of the saves, the statistics and the crash logs."""
        return self.stats_path.parent

    @property
    def settings_dir(self) -> Path:
        """The folder of the settings, and of a game's own files the player
        keeps beside them (Planepita's physics.toml)."""
        return self.settings_path.parent

    def clean_temporaries(self) -> list[Path]:
        """At start-up: remove the temporary files a write killed half-way left
        in the settings, saves and statistics folders (see
        :func:`remove_stale_temporaries`). Returns what was removed."""
        folders = dict.fromkeys([self.settings_dir, self.data_dir, self.saves_dir])
        removed = [path for folder in folders for path in remove_stale_temporaries(folder)]
        for path in removed:
            log.info("removed %s, left by an interrupted write", path)
        return removed

    def write_crash_log(self, text: str, when: datetime | None = None) -> Path:
        """Write a crash report to ``crash-YYYYmmdd-HHMMSS.log`` (UTC) in the
        data folder, beside the saves; an earlier report is never overwritten
        (``crash-...-.1.log`` then). Returns its path; OSError if it cannot be written."""
        stamp = (when or _now()).astimezone(UTC).strftime("%Y%m%d-%H%M%S")
        return write_new(self.data_dir, f"crash-{stamp}", ".log", text)

    # -- settings ---------------------------------------------------------

    def load_settings(
        self, declared: Mapping[str, Sequence[Setting]] | None = None
    ) -> tuple[Settings, str | None]:
        """The saved settings (defaults if none) and a message for the player, if any.

        An unreadable, damaged or newer file gives defaults (the file is moved
        aside unless it could not be read). Individual bad values are replaced
        by their defaults and named in the message; the file stays in place.
        ``declared`` (game name -> the game's settings) checks the games' own
        settings too (see :meth:`Settings.from_dict`).
        """
        result = _read(self.settings_path, SETTINGS_KIND, SETTINGS_VERSION)
        self._settings_stuck = result.status == "stuck"
        if result.doc is None:
            return Settings(), result.message
        settings, problems = Settings.from_dict(result.doc, declared)
        if not problems:
            return settings, None
        return settings, "Some settings were not valid and were reset: " + "; ".join(problems) + "."

    def save_settings(self, settings: Settings) -> list[str]:
        """Write ``settings`` atomically. Invalid values are written as defaults;
        the returned list names them (empty when all were valid). OSError,
        with nothing written, while the settings file that
        :meth:`load_settings` found could not be read (no permission): a
        file never read is never written over."""
        if self._settings_stuck:
            raise OSError(f"{self.settings_path} could not be read, so it is not written over")
        clean, problems = Settings.from_dict(settings.to_dict())
        doc: Doc = {"format": SETTINGS_KIND, "version": SETTINGS_VERSION}
        doc.update(clean.to_dict())
        write_json(self.settings_path, doc)
        return problems

    # -- saves --------------------------------------------------------------

    def save_path(self, slot: str) -> Path:
        """Where the save ``slot`` lives (the name is validated)."""
        return self.saves_dir / f"{validate_slot(slot)}.json"

    def save_game(self, slot: str, doc: Mapping[str, Any]) -> Path:
        """Write a saved game (a JSON-ready dict) to ``slot``; returns its path.

        Adds ``"format"``, ``"version"`` (kept if the session set a known one)
        and a fresh ``"saved_at"`` ISO timestamp (UTC).
        """
        path = self.save_path(slot)
        out: Doc = {"format": SAVE_KIND, "version": SAVE_VERSION, **doc}
        check_envelope(out)  # a SaveError, a ValueError: not a save this program writes
        out["saved_at"] = _now().isoformat(timespec="seconds")
        write_json(path, out)
        if testhooks.marking():
            actions = out.get("actions")
            testhooks.mark(f"saved {slot} {len(actions) if isinstance(actions, list) else -1}")
        return path

    def save_game_later(self, slot: str, doc: Mapping[str, Any]) -> None:
        """Like :meth:`save_game`, on a background thread, so a long game's
        autosave never stalls a frame. Only the newest doc of a slot is written;
        a failure goes to :attr:`messages`. Reads of the saves folder and
        :meth:`flush` wait for what is pending."""
        validate_slot(slot)
        with self._later_lock:
            self._later[slot] = doc
            self._later_lock.notify_all()
            if self._writer is None or not self._writer.is_alive():
                self._writer = threading.Thread(target=self._write_later, name="saves", daemon=True)
                self._writer.start()

    def _write_later(self) -> None:
        while True:
            with self._later_lock:
                if not self._later:
                    self._writer = None
                    self._later_lock.notify_all()
                    return
                slot = next(iter(self._later))
                doc = self._later.pop(slot)
                self._writing = True
            try:
                self.save_game(slot, doc)
            except (OSError, ValueError) as exc:
                self.messages.append(f"The game could not be saved: {exc}")
            finally:
                with self._later_lock:
                    self._writing = False
                    self._later_lock.notify_all()

    def flush(self, timeout: float = 30.0) -> None:
        """Wait until every background save is on disk."""
        with self._later_lock:
            self._later_lock.wait_for(lambda: not self._later and not self._writing, timeout)

    def load_game(self, slot_or_path: str | os.PathLike[str]) -> tuple[Doc | None, str | None]:
        """A saved game by slot name (a ``str``) or file path (a ``Path``).

        Returns ``(doc, None)``, or ``(None, message)`` if it is missing,
        unreadable, damaged or from a newer version (the last two are moved aside).
        """
        self.flush()
        if isinstance(slot_or_path, str):
            path = self.save_path(slot_or_path)
        else:
            path = Path(slot_or_path)
        result = _read(path, SAVE_KIND, SAVE_VERSION, move_bad=self.owns(path))
        if result.status == "missing":
            return None, f"There is no saved game at {path}."
        if result.doc is not None:
            self._loaded = path
        return result.doc, result.message

    def take_loaded(self) -> Path | None:
        """The save :meth:`load_game` last returned, if any since the last call
        (which forgets it). The app asks after every frame it completes, so at
        a crash the answer is the save being opened: the likely cause."""
        loaded, self._loaded = self._loaded, None
        return loaded

    def owns(self, path: str | os.PathLike[str]) -> bool:
        """True for a file in the saves folder; files elsewhere (``--replay
        FILE``) are the player's own and never moved."""
        try:  # the folder the name is in, not where a link there points
            return Path(path).absolute().parent.resolve() == self.saves_dir.resolve()
        except (OSError, RuntimeError):
            return False

    def set_aside_save(self, path: str | os.PathLike[str], problem: str) -> str:
        """A save that reads as JSON but cannot become a game: move it aside (in
        the saves folder only) and return the message for the player."""
        if not self.owns(path):
            return f"{problem} The file was left where it is."
        try:
            dest = move_aside(path)
        except OSError as exc:
            return f"{problem} It could not be moved aside ({exc.strerror or exc})."
        return f"{problem} It was moved to {dest}."

    def list_saves(self) -> list[SaveInfo]:
        """The readable saves, newest first.

        Damaged files are moved aside and skipped; their messages go to
        :attr:`messages`. Files whose names are not valid slots are ignored.
        """
        self.flush()
        if not self.saves_dir.is_dir():
            return []
        found: list[tuple[float, SaveInfo]] = []
        for path in sorted(self.saves_dir.glob("*.json")):
            try:
                validate_slot(path.stem)
            except ValueError:
                continue
            result = _read(
                path, SAVE_KIND, SAVE_VERSION
            )  # a folder or a pipe of that name is set aside
            if result.message and path not in self._told:
                self.messages.append(result.message)
                if result.status == "stuck":  # it stays: say so once, not at every listing
                    self._told.add(path)
            doc = result.doc
            if doc is None:
                continue
            info = SaveInfo(slot=path.stem, path=path, **shown(doc))
            when = info.when
            if when is not None:
                key = when.timestamp()
            else:
                try:
                    key = path.stat().st_mtime
                except OSError:
                    key = 0.0
            found.append((key, info))
        found.sort(key=lambda pair: (-pair[0], pair[1].slot))
        return [info for _, info in found]

    def delete_save(self, slot: str) -> Path | None:
        """Remove a save from the list at the player's request.

        The file is moved to ``saves_dir/deleted/<slot>.<UTC time>.json``, never
        unlinked. Returns the new path, or None if there was no such save.
        OSError, in words a player can read, when it cannot be moved there
        (the folder cannot be made, the saves folder is read-only); the save
        then stays where it was.
        """
        self.flush()
        path = self.save_path(slot)
        if not os.path.lexists(path):
            return None
        bin_dir = self.saves_dir / DELETED_DIR
        try:
            bin_dir.mkdir(parents=True, exist_ok=True)
        except FileExistsError:
            raise OSError(f"{bin_dir} is a file, not a folder") from None
        except OSError as exc:
            raise OSError(
                f"the folder {bin_dir} could not be made ({exc.strerror or exc})"
            ) from None
        stamp = _now().strftime("%Y%m%dT%H%M%S%fZ")
        try:
            for dst in _candidates(bin_dir, f"{slot}.{stamp}", ".json"):
                if _move_no_overwrite(path, dst):
                    return dst
        except OSError as exc:
            raise OSError(f"it could not be moved into {bin_dir} ({exc.strerror or exc})") from None
        raise OSError(f"no free name for {path.name} was found in {bin_dir}")

    def last_autosave(self) -> Path | None:
        """The autosave file, if there is one (whatever is there under its
        name: a folder or a pipe there is for the load to report and set aside,
        never for a new game to write over)."""
        self.flush()
        path = self.save_path(AUTOSAVE)
        return path if os.path.lexists(path) else None

    def keep_autosave(self, ended: Callable[[Doc], bool]) -> Path | None:
        """Before a new game takes the autosave: move an unfinished game's
        autosave into the saved games (``interrupted-<time>``), so it is never
        overwritten. ``ended`` judges a save's document as for
        :meth:`autosave_finished`. Returns where it went, or None when there
        was nothing to keep."""
        path = self.last_autosave()
        if path is None or self.autosave_finished(ended):
            return None
        stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
        slot, n = f"{KEPT_PREFIX}{stamp}", 1
        while self.save_path(slot).exists():
            n += 1
            slot = f"{KEPT_PREFIX}{stamp}-{n}"
        dest = self.save_path(slot)
        try:
            os.replace(path, dest)
        except OSError as exc:
            log.warning("cannot keep %s: %s", path, exc)
            return None
        return dest

    def autosave_finished(self, ended: Callable[[Doc], bool]) -> bool:
        """True when the autosave holds a game that has ended, as ``ended``
        judges its document: the caller loads the game (storage knows none),
        and the ``"over"`` a document carries is never trusted. Only a peek
        (:meth:`peek_save`): a file that cannot be read counts as unfinished,
        and is left where it is for the real load to report and move aside."""
        path = self.last_autosave()
        doc = self.peek_save(path) if path is not None else None
        return doc is not None and bool(ended(doc))

    def peek_save(self, path: str | os.PathLike[str]) -> Doc | None:
        """The document in a save file, read without moving anything aside or
        telling anyone: None when it is missing, unreadable or not a save
        (:meth:`load_game` is the load that reports). Never raises."""
        try:
            raw = read_bounded(path, MAX_BYTES[SAVE_KIND])
        except (OSError, ValueError, MemoryError):
            return None
        doc, _ = decode_json(raw)
        return doc if isinstance(doc, dict) and doc.get("format") == SAVE_KIND else None

    # -- statistics -----------------------------------------------------------

    def _read_stats(self) -> tuple[Statistics, _Read]:
        result = _read(self.stats_path, STATS_KIND, STATS_VERSION, check=_check_stats)
        stats = Statistics.from_doc(result.doc) if result.doc is not None else Statistics()
        return stats, result

    def load_stats(self) -> tuple[Statistics, str | None]:
        """Every recorded result (none yet: empty) and a message for the player,
        if any. A damaged file is moved aside and the statistics start afresh;
        a version 1 file's totals load as :class:`tabletop.core.stats.Earlier`."""
        stats, result = self._read_stats()
        return stats, result.message

    def record_result(self, result: GameResult) -> None:
        """Add one finished game to the statistics file.

        If the statistics file cannot be read it is left alone and nothing is
        recorded; any message goes to :attr:`messages`.
        """
        if not isinstance(result, GameResult):
            raise ValueError(f"not a game result: {result!r}")
        stats, read = self._read_stats()
        if read.message:
            self.messages.append(read.message)
        if read.status == "stuck":
            return  # never replace a file we could not read
        doc: Doc = {"format": STATS_KIND, "version": STATS_VERSION, **stats.add(result).to_doc()}
        write_json(self.stats_path, doc)
