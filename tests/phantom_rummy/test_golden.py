"""Phantom Rummy's golden playthroughs: the first moves of a seeded match
(the rules' ``golden_actions``; a whole match runs to a thousand moves and
more), regenerated in memory and compared with the stored files.

After an intended rules change, rewrite them with
``python tools/golden.py --game phantom_rummy`` and read the diff."""

from __future__ import annotations

import pytest

from tabletop import games
from tabletop.core.game import GameEntry
from tabletop.games import phantom_rummy as pr
from tools import golden

FILES = ["phantom_rummy-2p-seed1.txt", "phantom_rummy-3p-advanced-seed2.txt"]


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tool reads the registry; until the game's entry is there, one made
    of the package's pure parts stands in (the transcript reads nothing else)."""
    if "phantom_rummy" not in games.REGISTRY:
        entry = GameEntry(
            info=pr.RULES.info,
            rules=pr.RULES,
            default_config=pr.default_config,
            sample_action=pr.sample_action,
            make_bot=lambda *a, **k: None,
            scene="tabletop.games.phantom_rummy.scene:PhantomScene",
            determinize=pr.determinize,
        )
        monkeypatch.setitem(games.REGISTRY, "phantom_rummy", entry)


def test_the_golden_files_are_the_cases() -> None:
    assert [c.filename for c in golden.cases_for("phantom_rummy")] == FILES


@pytest.mark.parametrize("name", FILES)
def test_golden_playthrough(name: str) -> None:
    case = next(c for c in golden.cases_for("phantom_rummy") if c.filename == name)
    stored = case.path.read_text("utf-8")
    now = golden.transcript(case)
    assert now == stored, (
        f"{name} changed; if intended, run python tools/golden.py --game phantom_rummy\n"
        + golden.diff(stored, now, name)
    )


def test_a_file_is_the_matchs_first_moves_cut_where_the_rules_say() -> None:
    case = golden.Case("phantom_rummy", 2, 1)
    text = golden.transcript(case)
    shown = pr.RULES.golden_actions(pr.default_config(2))
    assert text.count("\n== ") == shown + 2  # the setup, each action, the cut
    assert text.endswith(f"== cut after {shown} actions: the game goes on (see golden_actions)\n")
    assert "== result" not in text and text.count("\n") < 600
    for seat in (1, 2):
        assert f"\n-- P{seat} sees\n" in text  # hands are hidden from the other seat
