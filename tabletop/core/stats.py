"""Statistics: one record per finished game, and what the Statistics screen
shows of them. Plain data; ``storage.py`` reads and writes the file.

A :class:`GameResult` is one finished game: which game, when it ended, every
seat (name, a person or a bot and its level, place, score), the end reason in
words, and its marks. Marks are an open set of short strings that features set
on a game while it is played ("take-backs" when someone undid a move, "hints"
when someone asked what the hard bot would do; the
value of a recorded game setting a person played with, such as Planepita's
"aim assist: line", see ``Setting.mark``). A mark is one string in a list: a
new kind of mark needs no new file version, and a reader keeps the marks it
does not know.

Version 1 files kept only totals per game (games played, and wins and games
per player name); they load as :class:`Earlier` totals, counted in the
summaries beside the detailed results.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from tabletop.core.bots import LEVELS
from tabletop.core.words import NAME_LIMIT, TEXT_LIMIT, clip, quote

HUMAN = "human"
BOT = "bot"
#: the mark of a game in which a person took a move back
TAKE_BACKS = "take-backs"
#: the mark of a game in which a person asked for a hint (what the hard bot would do)
HINTS = "hints"
#: the mark of a game played with the coach on (the hard bot's note on a clearly worse move)
COACH = "coach"
#: how many results a summary lists, newest first
LAST = 10


def _entered(value: Any, limit: int) -> Any:
    """A text read from the file cut to ``limit`` characters, where it enters
    (a name, an end reason); any other value as it is, for the checks to refuse."""
    return clip(value, limit) if isinstance(value, str) else value


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def finite_number(value: object) -> bool:
    """True for an int or a float (never a bool) that a float holds finitely.
    Safe to ask of any value read from a file: a whole number too large for a
    float (JSON allows any number of digits) is simply not one."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int beyond the largest float
        return False


@dataclass(frozen=True)
class SeatResult:
    """One seat at a finished game."""

    name: str
    kind: str  # HUMAN or BOT
    level: str  # the bot's level (easy, medium, hard); "" for a person
    place: int  # 1 for first; tied seats share a place
    score: float

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise ValueError(f"a seat's name is text, not {quote(self.name)}")
        if self.kind not in (HUMAN, BOT):
            raise ValueError(f"a seat is {HUMAN!r} or {BOT!r}, not {quote(self.kind)}")
        if self.kind == BOT and self.level not in LEVELS:
            raise ValueError(
                f"a bot's level is one of {', '.join(LEVELS)}, not {quote(self.level)}"
            )
        if self.kind == HUMAN and self.level != "":
            raise ValueError("a person has no bot level")
        if not _whole(self.place) or self.place < 1:
            raise ValueError(f"a place is a whole number from 1, not {quote(self.place)}")
        if not finite_number(self.score):
            raise ValueError(f"a score is a finite number, not {quote(self.score)}")

    @property
    def is_bot(self) -> bool:
        return self.kind == BOT

    @property
    def label(self) -> str:
        return f"{self.name} ({self.level} bot)" if self.is_bot else self.name

    def to_doc(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "kind": self.kind,
            "level": self.level,
            "place": self.place,
            "score": self.score,
        }

    @staticmethod
    def from_doc(doc: Any) -> SeatResult:
        if not isinstance(doc, dict):
            raise ValueError("a seat is not an object")
        try:
            return SeatResult(
                _entered(doc["name"], NAME_LIMIT),
                doc["kind"],
                doc.get("level", ""),
                doc["place"],
                doc["score"],
            )
        except KeyError as exc:
            raise ValueError(f"a seat has no {quote(exc.args[0])}") from None


@dataclass(frozen=True)
class GameResult:
    """One finished game, as the statistics keep it."""

    game: str
    #: when the game ended: an ISO 8601 time with its offset (UTC when written)
    when: str
    seats: tuple[SeatResult, ...]
    #: why the game ended, in the words the results screen showed
    reason: str = ""
    #: what the players used on the way, one string each (sorted, no repeats)
    marks: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not self.game:
            raise ValueError("a result names its game")
        if self.moment is None:
            raise ValueError(f"a result's time is not an ISO time: {quote(self.when)}")
        if not self.seats or not all(isinstance(s, SeatResult) for s in self.seats):
            raise ValueError("a result has its seats")
        if 1 not in (s.place for s in self.seats):
            raise ValueError("somebody must be in first place")
        if not isinstance(self.reason, str):
            raise ValueError("the end reason is text")
        if not all(isinstance(m, str) and m for m in self.marks):
            raise ValueError("a mark is a non-empty string")
        object.__setattr__(self, "marks", tuple(sorted(set(self.marks))))

    @property
    def moment(self) -> datetime | None:
        """``when`` as an aware datetime, or None if it is not a time."""
        if not isinstance(self.when, str):
            return None
        try:
            moment = datetime.fromisoformat(self.when)
        except ValueError:
            return None
        return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)

    @property
    def bot_levels(self) -> tuple[str, ...]:
        """The bot levels that sat at this table, easiest first."""
        present = {s.level for s in self.seats if s.is_bot}
        return tuple(level for level in LEVELS if level in present)

    def to_doc(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "when": self.when,
            "seats": [s.to_doc() for s in self.seats],
            "reason": self.reason,
            "marks": list(self.marks),
        }

    @staticmethod
    def from_doc(doc: Any) -> GameResult:
        """A result from its JSON object; ValueError says what is wrong.
        Fields this version does not know are ignored."""
        if not isinstance(doc, dict):
            raise ValueError("a result is not an object")
        seats, marks = doc.get("seats"), doc.get("marks", [])
        if not isinstance(seats, list) or not isinstance(marks, list):
            raise ValueError("a result's seats and marks are lists")
        try:
            return GameResult(
                _entered(doc["game"], NAME_LIMIT),
                doc["when"],
                tuple(SeatResult.from_doc(s) for s in seats),
                _entered(doc.get("reason", ""), TEXT_LIMIT),
                tuple(_entered(m, TEXT_LIMIT) for m in marks),
            )
        except KeyError as exc:
            raise ValueError(f"a result has no {quote(exc.args[0])}") from None


# -- what the screen shows ---------------------------------------------------------------


def _counts(value: object) -> dict[str, int]:
    if not isinstance(value, dict) or not all(
        isinstance(k, str) and _whole(v) and v >= 0 for k, v in value.items()
    ):
        raise ValueError("player counts are not counts")
    counts: dict[str, int] = {}
    for name, n in value.items():  # names cut where they enter: two may meet
        key = clip(name, NAME_LIMIT)
        counts[key] = counts.get(key, 0) + n
    return counts


@dataclass(frozen=True)
class Earlier:
    """What a version 1 file kept of one game: totals, no details."""

    played: int = 0
    wins: dict[str, int] = field(default_factory=dict, hash=False)
    appearances: dict[str, int] = field(default_factory=dict, hash=False)

    def to_doc(self) -> dict[str, Any]:
        return {
            "played": self.played,
            "wins": dict(self.wins),
            "appearances": dict(self.appearances),
        }

    @staticmethod
    def from_doc(doc: Any) -> Earlier:
        if not isinstance(doc, dict):
            raise ValueError("earlier totals are not an object")
        played = doc.get("played", 0)
        if not _whole(played) or played < 0:
            raise ValueError("'played' is not a count")
        return Earlier(played, _counts(doc.get("wins", {})), _counts(doc.get("appearances", {})))


@dataclass(frozen=True)
class PlayerLine:
    """One person's record at one game."""

    name: str
    played: int
    wins: int
    #: place -> how often (detailed games only)
    places: dict[int, int]
    #: the best score (detailed games only), None before any
    best: float | None
    #: bot level -> (games against at least one bot of that level, wins in them)
    against: dict[str, tuple[int, int]]


@dataclass(frozen=True)
class GameSummary:
    """What the Statistics screen shows for one game."""

    game: str
    played: int
    #: the people who played it, most wins first
    players: tuple[PlayerLine, ...]
    #: the newest results, newest first (at most ``LAST``)
    last: tuple[GameResult, ...]
    #: of ``played``, the games a version 1 file counted without details
    earlier: int = 0


def higher_is_better(results: Iterable[GameResult]) -> bool:
    """Whether a game's scores run upwards: the way its winners' scores run
    compared with the others', over all results (upwards when nothing tells)."""
    votes = 0
    for r in results:
        firsts = [s.score for s in r.seats if s.place == 1]
        others = [s.score for s in r.seats if s.place != 1]
        if firsts and others:
            if min(firsts) > max(others):
                votes += 1
            elif max(firsts) < min(others):
                votes -= 1
    return votes >= 0


@dataclass(frozen=True)
class Statistics:
    """Every recorded result, oldest first, and the totals of older files."""

    results: tuple[GameResult, ...] = ()
    earlier: Mapping[str, Earlier] = field(default_factory=dict, hash=False)

    def add(self, result: GameResult) -> Statistics:
        return Statistics((*self.results, result), self.earlier)

    def games(self) -> list[str]:
        """Every game with something recorded, by name."""
        return sorted(
            {r.game for r in self.results} | {g for g, e in self.earlier.items() if e.played}
        )

    def summary(self, game: str) -> GameSummary:
        results = [r for r in self.results if r.game == game]
        earlier = self.earlier.get(game, Earlier())
        upwards = higher_is_better(results)
        lines: dict[str, dict[str, Any]] = {}

        def line(name: str) -> dict[str, Any]:
            return lines.setdefault(
                name, {"played": 0, "wins": 0, "places": {}, "best": None, "against": {}}
            )

        for name, n in earlier.appearances.items():
            line(name)["played"] += n
        for name, n in earlier.wins.items():
            line(name)["wins"] += n
        for r in results:
            people: dict[str, SeatResult] = {}
            for s in r.seats:  # a name on two seats counts once, at its better place
                if not s.is_bot and (s.name not in people or s.place < people[s.name].place):
                    people[s.name] = s
            for name, s in people.items():
                mine = line(name)
                mine["played"] += 1
                won = s.place == 1
                mine["wins"] += won
                mine["places"][s.place] = mine["places"].get(s.place, 0) + 1
                best = mine["best"]
                if best is None or (s.score > best if upwards else s.score < best):
                    mine["best"] = s.score
                for level in r.bot_levels:
                    games, wins = mine["against"].get(level, (0, 0))
                    mine["against"][level] = (games + 1, wins + won)
        players = tuple(
            PlayerLine(
                name,
                d["played"],
                d["wins"],
                dict(sorted(d["places"].items())),
                d["best"],
                {lv: d["against"][lv] for lv in LEVELS if lv in d["against"]},
            )
            for name, d in sorted(
                lines.items(), key=lambda kv: (-kv[1]["wins"], -kv[1]["played"], kv[0])
            )
        )
        newest = sorted(
            results, key=lambda r: r.moment or datetime.min.replace(tzinfo=UTC), reverse=True
        )
        return GameSummary(
            game,
            earlier.played + len(results),
            players,
            tuple(newest[:LAST]),
            earlier.played,
        )

    def to_doc(self) -> dict[str, Any]:
        """The file's body (storage adds format and version)."""
        return {
            "results": [r.to_doc() for r in self.results],
            "earlier": {g: e.to_doc() for g, e in sorted(self.earlier.items())},
        }

    @staticmethod
    def from_doc(doc: Mapping[str, Any]) -> Statistics:
        """Statistics from the file's body; ValueError names the first problem."""
        results, earlier = doc.get("results", []), doc.get("earlier", {})
        if not isinstance(results, list):
            raise ValueError("'results' is not a list")
        if not isinstance(earlier, dict):
            raise ValueError("'earlier' is not an object")
        parsed = []
        for n, r in enumerate(results):
            try:
                parsed.append(GameResult.from_doc(r))
            except ValueError as exc:
                raise ValueError(f"result {n + 1}: {exc}") from None
        totals = {}
        for game, e in earlier.items():
            try:
                totals[clip(str(game), NAME_LIMIT)] = Earlier.from_doc(e)
            except ValueError as exc:
                raise ValueError(f"earlier totals for {quote(game)}: {exc}") from None
        return Statistics(tuple(parsed), totals)


def stats_1_to_2(doc: dict[str, Any]) -> dict[str, Any]:
    """A version 1 file (totals per game under ``"games"``) as version 2: the
    totals become :class:`Earlier` ones, and no detailed results yet."""
    out = {k: v for k, v in doc.items() if k != "games"}
    out["earlier"] = doc.get("games", {})
    out["results"] = []
    return out


def summaries(stats: Statistics, order: Sequence[str] = ()) -> list[GameSummary]:
    """A summary per game with records: the games in ``order`` first (the
    app's registry order), then any others by name."""
    names = stats.games()
    ranked = [g for g in order if g in names] + [g for g in names if g not in order]
    return [stats.summary(g) for g in ranked]
