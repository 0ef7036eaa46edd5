"""Phantom Rummy's odds (tabletop/games/phantom_rummy/odds.py), the hard
bot's reading of a table: the race's chances add up to one and favour the
hand nearer a goal with more to wait on, a goal's points grow with its red
cards, a match's chances add up to one, favour the leader more as the match
runs out and repeat; tools/phantom_odds.py fits tables of the right shape
and writes them between odds.py's markers."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tabletop.games import phantom_rummy as pr
from tabletop.games.phantom_rummy import odds
from tabletop.games.phantom_rummy.cards import DECK, parse_cards
from tabletop.games.phantom_rummy.model import new_short_game
from tabletop.games.phantom_rummy.playout import Playout
from tools import phantom_odds


def _table(hands: list[str], opened: list[str]) -> Playout:
    """Seat 0 to take; the hands and open sets given, the rest in the pile."""
    players = len(hands)
    texts = [*hands, *opened]
    every = parse_cards(" ".join(texts))  # one call: no copy named twice
    parts_and_sets, at = [], 0
    for text in texts:
        parts_and_sets.append(every[at : at + len(text.split())])
        at += len(text.split())
    parts, sets = parts_and_sets[:players], parts_and_sets[players:]
    used = {c for p in [*parts, *sets] for c in p}
    row = tuple(c for c in DECK if c not in used)[: players + 1]
    pile = tuple(c for c in DECK if c not in used and c not in row)
    base = new_short_game(players, False, 5, 1, 0, (0,) * players)
    state = replace(
        base,
        hands=tuple(tuple(sorted(p)) for p in parts),
        hand_sizes=tuple(len(p) for p in parts),
        row=row,
        pile=pile,
        pile_size=len(pile),
        opened=tuple(((s,) if s else ()) for s in sets),
    )
    return Playout(state, [set() for _ in range(players)])


def test_the_race_favours_the_hand_nearer_a_goal_and_a_goal_pays_its_red_cards() -> None:
    near = "S1 S2 S3 T7 T7 M5 M5"  # one card short, a set open
    far = "S4 T3 M2 IC IG IO T1"
    table = _table([near, far], ["M1 M1 M1", ""])
    chances = odds.outlook(table)
    assert sum(c for c, _ in chances) == pytest.approx(1.0)
    assert chances[0][0] > 0.6 > chances[1][0] > 0
    # the same hands, seat 0's Sword 1 the red one: its goal is worth more
    reds = _table(["S1a S2b S3b T7b T7c M5b M5c", far], ["M1b M1c M1d", ""])
    blacks = _table(["S1b S2b S3b T7b T7c M5b M5c", far], ["M1b M1c M1d", ""])
    assert odds.outlook(reds)[0][1] > odds.outlook(blacks)[0][1]


def test_a_match_s_chances_add_up_favour_the_leader_and_repeat() -> None:
    early = odds.match_chances((6, 0), 5, 24)
    late = odds.match_chances((6, 0), 1, 24)
    assert sum(early) == pytest.approx(1.0) and sum(late) == pytest.approx(1.0)
    assert 0.5 < early[0] < late[0] < 1.0
    assert odds.match_chances((6, 0), 5, 24) == early
    even = odds.match_chances((3, 3, 3, 3), 6, 12)
    assert even == pytest.approx([0.25] * 4, abs=0.03)
    # at 4 players the target ends it: a seat at 11 of 12 is the favourite
    assert (
        max(odds.match_chances((11, 0, 4, 4), 6, 12)) == odds.match_chances((11, 0, 4, 4), 6, 12)[0]
    )


def test_the_fitting_tool_writes_tables_of_the_right_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    text = phantom_odds.tables(games=4, seed=3, quiet=True)
    found: dict[str, object] = {}
    exec(text, {}, found)  # noqa: S102 - the tool's own output
    race, points, spread = found["RACE"], found["POINTS"], found["GOAL_SPREAD"]
    assert isinstance(race, dict) and isinstance(points, dict) and isinstance(spread, dict)
    for players in pr.model.PLAYER_COUNTS:
        assert len(race[players]) == len(odds.RACE_FEATURES)
        assert len(points[players]) == len(odds.POINTS_FEATURES)
        assert sum(spread[players]) == pytest.approx(1.0)
    copy = tmp_path / "odds.py"
    copy.write_text(phantom_odds.ODDS_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    monkeypatch.setattr(phantom_odds, "ODDS_FILE", copy)
    phantom_odds.write(text)
    written = copy.read_text(encoding="utf-8")
    assert text in written and written.count(phantom_odds.BEGIN) == 1
    assert (
        written.split(phantom_odds.BEGIN)[0]
        == phantom_odds.ODDS_FILE.read_text(encoding="utf-8").split(phantom_odds.BEGIN)[0]
    )
