"""Statistics: a record per finished game (seats, places, scores, reason,
marks), the per-game summary the screen shows, and older files loading."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tabletop.core.session import Seat, Session, result_of
from tabletop.core.stats import (
    LAST,
    TAKE_BACKS,
    Earlier,
    GameResult,
    SeatResult,
    Statistics,
    higher_is_better,
    summaries,
)
from tabletop.core.storage import STATS_KIND, STATS_VERSION, Storage
from tests.nimgame import ENTRY as NIM


def person(name: str, place: int, score: float = 0.0) -> SeatResult:
    return SeatResult(name, "human", "", place, score)


def bot(name: str, level: str, place: int, score: float = 0.0) -> SeatResult:
    return SeatResult(name, "bot", level, place, score)


def at(day: int) -> str:
    return datetime(2025, 3, day, 12, 0, tzinfo=UTC).isoformat()


def finished_nim(undo: bool = False) -> Session:
    seats = [Seat("Ann"), Seat("Ada", "bot", "easy"), Seat("Cy")]
    s = Session(NIM, NIM.default_config(3), 4, seats, threaded=False)
    s.play(s.rules.legal_actions(s.state)[0])
    if undo:
        assert s.undo()
    while not s.is_over():
        if s.is_bot_turn():
            s.play(s.bot_action())
        else:
            s.play(s.rules.legal_actions(s.state)[0])
    return s


# -- the record -------------------------------------------------------------------------


def test_a_finished_session_becomes_a_record() -> None:
    s = finished_nim()
    when = datetime(2025, 3, 4, 15, 30, 5, tzinfo=UTC)
    r = result_of(s, when)
    outcome = s.outcome()
    assert r.game == "nim" and r.when == "2025-03-04T15:30:05+00:00" and r.moment == when
    assert [(x.name, x.kind, x.level) for x in r.seats] == [
        ("Ann", "human", ""),
        ("Ada", "bot", "easy"),
        ("Cy", "human", ""),
    ]
    assert [x.place for x in r.seats] == list(outcome.places)
    assert [x.score for x in r.seats] == list(outcome.scores)
    assert r.reason == outcome.words_for(s.names) and "took the last stone" in r.reason
    assert r.marks == () and r.bot_levels == ("easy",)


def test_a_take_back_marks_the_game_and_survives_a_save() -> None:
    s = finished_nim(undo=True)
    assert s.marks == {TAKE_BACKS}
    loaded = Session.from_doc(json.loads(json.dumps(s.to_doc())), registry={"nim": NIM})
    assert loaded.marks == {TAKE_BACKS}
    assert result_of(loaded).marks == (TAKE_BACKS,)


def test_a_save_from_before_marks_loads_without_them() -> None:
    doc = json.loads(json.dumps(finished_nim().to_doc()))
    del doc["marks"]
    assert Session.from_doc(doc, registry={"nim": NIM}).marks == set()


def test_marks_are_an_open_set_of_strings() -> None:
    """A mark this version has never heard of is kept: one string in a list."""
    doc = {
        "game": "planepita",
        "when": at(1),
        "seats": [person("Ann", 1, 12).to_doc(), bot("Ada", "easy", 2, 8).to_doc()],
        "reason": "All rounds have been played.",
        "marks": ["aim-assist:2", "hints", "hints"],
        "a_field_from_later": {"anything": True},
    }
    r = GameResult.from_doc(doc)
    assert r.marks == ("aim-assist:2", "hints")
    assert GameResult.from_doc(r.to_doc()) == r
    assert r.to_doc()["marks"] == ["aim-assist:2", "hints"]


@pytest.mark.parametrize(
    "change",
    [
        {"game": ""},
        {"when": "yesterday"},
        {"seats": []},
        {"seats": [{"name": "Ann", "kind": "human", "level": "", "place": 2, "score": 1}]},
        {"seats": [{"name": "Ann", "kind": "alien", "level": "", "place": 1, "score": 1}]},
        {"seats": [{"name": "Ada", "kind": "bot", "level": "godlike", "place": 1, "score": 1}]},
        {"seats": [{"name": "Ann", "kind": "human", "level": "", "place": True, "score": 1}]},
        {"seats": [{"name": "Ann", "kind": "human", "level": "", "place": 1, "score": "9"}]},
        {"seats": [{"name": "Ann", "kind": "human", "level": "", "place": 1}]},
        {"marks": ["", "x"]},
        {"marks": "hints"},
    ],
)
def test_a_bad_record_is_refused(change: dict[str, object]) -> None:
    good = {"game": "etuc", "when": at(1), "seats": [person("Ann", 1).to_doc()], "reason": ""}
    GameResult.from_doc(good)
    with pytest.raises(ValueError):
        GameResult.from_doc({**good, **change})


# -- the summary ----------------------------------------------------------------------------


def test_the_summary_counts_places_wins_best_scores_and_bot_levels() -> None:
    results = [
        GameResult(
            "etuc", at(1), (person("Ann", 1, 6), bot("Ada", "hard", 2, 4), person("Cy", 3, 2))
        ),
        GameResult("etuc", at(2), (person("Ann", 2, 5), bot("Ada", "hard", 1, 6))),
        GameResult(
            "etuc", at(3), (person("Ann", 1, 7), bot("Bo", "easy", 2, 1), bot("Di", "hard", 2, 1))
        ),
        GameResult(
            "etuc", at(4), (person("Cy", 1, 6), person("Ann", 1, 6)), "A tie.", ("take-backs",)
        ),
        GameResult("planet", at(5), (person("Ann", 2, 80), person("Cy", 1, 90))),
    ]
    summary = Statistics(tuple(results)).summary("etuc")
    assert summary.played == 4 and summary.earlier == 0
    ann, cy = summary.players
    assert (ann.name, ann.played, ann.wins) == ("Ann", 4, 3)
    assert ann.places == {1: 3, 2: 1} and ann.best == 7
    assert ann.against == {"easy": (1, 1), "hard": (3, 2)}
    assert (cy.name, cy.played, cy.wins, cy.places, cy.best) == ("Cy", 2, 1, {1: 1, 3: 1}, 6)
    assert cy.against == {"hard": (1, 0)}
    assert [r.when for r in summary.last] == [at(4), at(3), at(2), at(1)]  # newest first
    assert summary.last[0].marks == ("take-backs",)


def test_the_last_ten_are_the_newest_ten() -> None:
    results = tuple(GameResult("nim", at(d), (person("Ann", 1),)) for d in range(1, 16))
    summary = Statistics(results).summary("nim")
    assert summary.played == 15 and len(summary.last) == LAST == 10
    assert summary.last[0].when == at(15) and summary.last[-1].when == at(6)


def test_a_name_on_two_seats_counts_once_at_its_better_place() -> None:
    r = GameResult(
        "nim", at(1), (person("Player", 2, 0), person("Player", 1, 1), person("Bo", 3, 0))
    )
    [player, bo] = Statistics((r,)).summary("nim").players
    assert (player.name, player.played, player.wins, player.places) == ("Player", 1, 1, {1: 1})
    assert bo.places == {3: 1}


def test_best_score_follows_the_way_winners_score() -> None:
    """A game where the lowest score wins (penalty points): the best is the lowest."""
    low = [
        GameResult("rummy", at(1), (person("Ann", 1, 12), person("Bob", 2, 40))),
        GameResult("rummy", at(2), (person("Ann", 2, 30), person("Bob", 1, 5))),
    ]
    assert not higher_is_better(low)
    ann, bob = Statistics(tuple(low)).summary("rummy").players
    assert ann.best == 12 and bob.best == 5
    high = [GameResult("etuc", at(1), (person("Ann", 1, 6), person("Bob", 2, 3)))]
    assert higher_is_better(high) and Statistics(tuple(high)).summary("etuc").players[0].best == 6


def test_summaries_follow_the_registry_order_then_the_rest() -> None:
    stats = Statistics(
        tuple(GameResult(g, at(1), (person("Ann", 1),)) for g in ("zeta", "etuc", "planepita")),
        {"retired": Earlier(3, {"Ann": 2}, {"Ann": 3}), "empty": Earlier()},
    )
    assert [s.game for s in summaries(stats, ["planepita", "etuc", "nim"])] == [
        "planepita",
        "etuc",
        "retired",
        "zeta",
    ]


# -- the file ----------------------------------------------------------------------------------


def test_a_version_1_file_still_loads_and_keeps_counting(tmp_path: Path) -> None:
    """Version 1 kept totals only: they stay in the counts, and new games add
    their details beside them."""
    store = Storage(tmp_path)
    store.stats_path.write_text(
        json.dumps(
            {
                "format": STATS_KIND,
                "version": 1,
                "games": {
                    "etuc": {"played": 5, "wins": {"Ann": 3}, "appearances": {"Ann": 5, "Bob": 4}}
                },
            }
        ),
        "utf-8",
    )
    stats, message = store.load_stats()
    assert message is None and stats.results == ()
    assert stats.earlier == {"etuc": Earlier(5, {"Ann": 3}, {"Ann": 5, "Bob": 4})}
    store.record_result(GameResult("etuc", at(1), (person("Bob", 1, 6), person("Ann", 2, 4))))
    raw = json.loads(store.stats_path.read_text("utf-8"))
    assert raw["version"] == STATS_VERSION == 2 and "games" not in raw
    summary = store.load_stats()[0].summary("etuc")
    assert summary.played == 6 and summary.earlier == 5 and len(summary.last) == 1
    ann, bob = summary.players
    assert (ann.name, ann.played, ann.wins, ann.places) == ("Ann", 6, 3, {2: 1})
    assert (bob.name, bob.played, bob.wins, bob.places, bob.best) == ("Bob", 5, 1, {1: 1}, 6)


def test_recording_a_session_end_to_end(tmp_path: Path) -> None:
    store = Storage(tmp_path)
    s = finished_nim(undo=True)
    store.record_result(result_of(s))
    stats, _ = Storage(tmp_path).load_stats()
    [r] = stats.results
    assert r.marks == (TAKE_BACKS,) and r.seats[1].label == "Ada (easy bot)"
    summary = stats.summary("nim")
    assert summary.played == 1 and sorted(p.name for p in summary.players) == ["Ann", "Cy"]
    wins = [p.wins for p in summary.players]
    assert wins == sorted(wins, reverse=True)  # most wins first
