"""The save format, in one module: what a saved game's document holds,
how it is written from a session and read back, and its version.

A save is a JSON object (``tabletop/core/storage.py`` writes and reads the
file, :mod:`tabletop.core.codec` turns states and actions into JSON):

- ``"format"``: ``"tabletop-save"`` (:data:`SAVE_KIND`), ``"version"``: the
  version of this document's layout (:data:`SAVE_VERSION`), and
  ``"saved_at"``, added by the storage as it writes;
- ``"game"``, the registry's name of the game, and ``"game_version"``, the
  version of the game's own content (``GameInfo.save_version``): an older
  one goes through the rules' ``migrate`` hook (:func:`upgrade`);
- ``"config"`` (players and variants), ``"seed"``, ``"seats"``
  (:class:`Seat`), ``"actions"``: what the game replays from;
- ``"states"``, every position, for a game that keeps them
  (``GameInfo.save_states``: its moves are costly to replay, a flick's
  physics), else ``"final"``, the last position as a check
  (:func:`check_final`);
- ``"title"``, ``"summary"``, ``"players"``, ``"over"``: what the list of
  saved games shows without loading the game (:func:`shown`), never trusted
  to say how a game stands;
- ``"recorded"``, ``"marks"``, ``"hints"``: what the statistics record.

The envelope (format and version) is checked here, once, on writing and on
reading (:func:`check_envelope`). A problem reading a document is a
:class:`SaveError` (damage: the file may be moved aside) or a
:class:`SaveRefused` (a sound save this version cannot read: kept).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol

from tabletop.core import codec
from tabletop.core.bots import LEVELS
from tabletop.core.game import GameConfig, GameEntry
from tabletop.core.words import NAME_LIMIT, TEXT_LIMIT, clip, quote, shorten

SAVE_KIND = "tabletop-save"
SAVE_VERSION = 1
#: the most players a save's list of names shows (no game seats more than 6)
MOST_SEATS = 8

KINDS = ("human", "bot")


class SaveError(ValueError):
    """A save document that cannot become a session; the message is for players.
    The file is damaged: the program may move it aside."""


class SaveRefused(SaveError):
    """A sound save this version cannot read: written by a newer (or a much
    older) version of a game or of the program, or for a game it does not
    have. The message says so; the file is kept where it is, never set aside
    as damaged."""


@dataclass(frozen=True)
class Seat:
    """One chair at the table: a person, or a bot of some level."""

    name: str
    kind: str = "human"
    level: str = "medium"

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"a seat is 'human' or 'bot', not {self.kind!r}")
        if self.level not in LEVELS:
            raise ValueError(f"a bot level is {', '.join(LEVELS)}, not {self.level!r}")

    @property
    def is_bot(self) -> bool:
        return self.kind == "bot"

    @property
    def label(self) -> str:
        return f"{self.name} (bot, {self.level})" if self.is_bot else self.name

    def to_doc(self) -> dict[str, str]:
        return {"name": self.name, "kind": self.kind, "level": self.level}

    @staticmethod
    def from_doc(doc: Any) -> Seat:
        if not isinstance(doc, dict):
            raise SaveError("a seat in the save is not readable")
        try:
            name = doc["name"]
            if not isinstance(name, str):
                raise ValueError(f"a name is text, not {quote(name)}")
            return Seat(
                clip(name, NAME_LIMIT),
                str(doc.get("kind", "human")),
                str(doc.get("level", "medium")),
            )
        except (KeyError, ValueError) as exc:
            raise SaveError(f"a seat in the save is not readable ({shorten(exc)})") from exc


class Saved(Protocol):
    """What :func:`document` reads of a session."""

    @property
    def name(self) -> str: ...
    @property
    def entry(self) -> GameEntry: ...
    @property
    def names(self) -> list[str]: ...
    @property
    def config(self) -> GameConfig: ...
    @property
    def seed(self) -> int: ...
    @property
    def seats(self) -> Sequence[Seat]: ...
    @property
    def actions(self) -> Sequence[Any]: ...
    @property
    def state(self) -> Any: ...
    @property
    def recorded(self) -> bool: ...
    @property
    def marks(self) -> set[str]: ...
    @property
    def hints_on(self) -> bool: ...

    @property
    def coach_on(self) -> bool: ...
    def summary(self) -> str: ...
    def is_over(self) -> bool: ...
    def encoded_states(self) -> list[Any]: ...


def document(session: Saved) -> dict[str, Any]:
    """The save document of ``session``; :class:`tabletop.core.storage.Storage`
    adds ``"saved_at"`` when it writes it."""
    info = session.entry.info
    return {
        "format": SAVE_KIND,
        "version": SAVE_VERSION,
        "game": session.name,
        "game_version": info.save_version,
        "title": info.title,
        "summary": session.summary(),
        "players": session.names,
        "config": {
            "players": session.config.players,
            "variants": codec.encode(dict(session.config.variants)),
        },
        "seed": session.seed,
        "seats": [s.to_doc() for s in session.seats],
        "actions": [codec.encode(a) for a in session.actions],
        **(
            {"states": session.encoded_states()}
            if info.save_states
            else {"final": codec.encode(session.state)}
        ),
        "over": session.is_over(),
        "recorded": session.recorded,
        "marks": sorted(session.marks),
        "hints": session.hints_on,
        "coach": session.coach_on,
    }


def check_envelope(doc: Any) -> None:
    """SaveError unless ``doc`` is a Tabletop save of a version this program
    writes or an older one; SaveRefused for one of a newer program."""
    if not isinstance(doc, dict) or doc.get("format") != SAVE_KIND:
        raise SaveError("This file is not a Tabletop save.")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise SaveError("This save has no readable version number.")
    if version > SAVE_VERSION:
        raise SaveRefused("This save was written by a newer version of Tabletop.")


class Parsed(NamedTuple):
    """A save document read (:func:`parse`), ready to become a session."""

    entry: GameEntry
    config: GameConfig
    seed: int
    seats: list[Seat]
    actions: list[Any]
    #: the document, upgraded to this version of the game
    doc: dict[str, Any]


def upgrade(doc: Any, registry: Mapping[str, GameEntry]) -> tuple[GameEntry, dict[str, Any]]:
    """The game's entry and the document as this version of the game
    writes it: a save from an older game version goes through the rules'
    ``migrate`` hook; one this version cannot read is a SaveRefused."""
    check_envelope(doc)
    name = doc.get("game")
    if not isinstance(name, str) or name not in registry:
        raise SaveRefused(f"This save is for a game this version does not have ({quote(name)}).")
    # the game's code imported now: the codec revives only the classes of
    # modules already imported, and a file never makes the program import one
    entry = registry[name].load()
    info = entry.info
    # saves from before games had versions are version 1
    found = doc.get("game_version", 1)
    if type(found) is not int or found < 1:
        raise SaveError(f"The save is damaged (its {info.title} version is {quote(found)}).")
    if found > info.save_version:
        raise SaveRefused(
            f"This save is from a newer version of {info.title} that this version cannot read."
        )
    if found < info.save_version:
        refused = SaveRefused(
            f"This save is from an older version of {info.title} that this version cannot read."
        )
        migrate = getattr(entry.rules, "migrate", None)
        if migrate is None:
            raise refused
        # a migration says it cannot read a save by returning None; one that
        # raises met content it could not read (a 400-digit aim): damage
        try:
            doc = migrate(copy.deepcopy(doc), found)
        except Exception as exc:  # noqa: BLE001 - whatever the file's content makes it raise
            raise SaveError(f"The save is damaged ({type(exc).__name__}: {shorten(exc)}).") from exc
        if not isinstance(doc, dict):
            raise refused
        doc["game_version"] = info.save_version
    return entry, doc


def parse(doc: Any, registry: Mapping[str, GameEntry]) -> Parsed:
    """What a session is rebuilt from: the document upgraded
    (:func:`upgrade`), its config, seed, seats and moves read and checked.
    Damage is a SaveError, a save this version cannot read a SaveRefused."""
    entry, doc = upgrade(doc, registry)
    try:
        cfg = doc["config"]
        variants = codec.decode(cfg.get("variants", {}))
        players, seed = cfg["players"], doc["seed"]
        if type(players) is not int or type(seed) is not int:
            raise ValueError("the player count and the seed must be whole numbers")
        if not isinstance(variants, dict):
            raise ValueError("the variants are not a table")
        config = entry.info.config(players, **variants)
        seats = [Seat.from_doc(s) for s in doc["seats"]]
        if len(seats) != players:
            raise ValueError(f"{players} players but {len(seats)} seats")
        actions = [codec.decode(a) for a in doc.get("actions", [])]
    except codec.Mismatch as exc:
        raise mismatch(entry, exc) from exc
    except (KeyError, TypeError, ValueError, AttributeError, RecursionError) as exc:
        raise SaveError(f"The save is damaged ({shorten(exc)}).") from exc
    return Parsed(entry, config, seed, seats, actions, doc)


def check_final(entry: GameEntry, state: Any, doc: Mapping[str, Any]) -> None:
    """A save that keeps only its moves holds the final position as a check:
    SaveError when the replayed game ended elsewhere than ``state`` (moves removed,
    added or changed). A save without one passes."""
    if "final" not in doc:
        return
    try:
        same = codec.dumps(state) == codec.dumps(codec.decode(doc["final"]))
    except codec.Mismatch as exc:
        raise mismatch(entry, exc) from exc
    except Exception:  # noqa: BLE001 - anything unreadable is "not the same"
        same = False
    if not same:
        raise SaveError("The save's moves do not lead to its saved position.")


def mismatch(entry: GameEntry, exc: codec.Mismatch) -> SaveRefused:
    """A save naming types or fields this code does not have: another version
    of the game wrote it without saying so in its version number."""
    return SaveRefused(
        f"This save was written by another version of {entry.info.title} "
        f"that this version cannot read ({shorten(exc)})."
    )


def shown(doc: Mapping[str, Any]) -> dict[str, Any]:
    """What the list of saved games shows of a document, each field cut to
    what a list may show ("" or () where the file holds no text)."""
    actions = doc.get("actions")
    return {
        "game": _text(doc.get("game"), NAME_LIMIT),
        "title": _text(doc.get("title"), NAME_LIMIT) or None,
        "saved_at": _text(doc.get("saved_at"), 40),
        "players": _player_names(doc.get("players")),
        "summary": _text(doc.get("summary"), TEXT_LIMIT),
        "moves": len(actions) if isinstance(actions, list) else 0,
    }


def _text(value: object, limit: int) -> str:
    """A text field of a file as a list may show it: "" unless text, cut to ``limit``."""
    return clip(value, limit) if isinstance(value, str) else ""


def _player_names(value: object) -> tuple[str, ...]:
    if not isinstance(value, list):
        return ()
    names: list[str] = []
    for item in value[:MOST_SEATS]:
        if isinstance(item, dict):
            item = item.get("name")
        if isinstance(item, str):
            names.append(clip(item, NAME_LIMIT))
    return tuple(names)
