"""The protocol's declarations: per-player-count bounds, a game's own endings."""

from __future__ import annotations

import dataclasses

import pytest

from tabletop.core import codec
from tabletop.core.game import Ending, EndReason, GameInfo, Outcome
from tabletop.games import REGISTRY


class PileOut(Ending):
    """A game's own endings, declared in its rules module."""

    PILE_OUT = ("pile_out", "The pile ran out before anyone scored.")
    INSTANT_WIN = ("instant_win", "A legendary item won the game at once.")


INFO = GameInfo("demo", "Demo", "", 2, 4, end_reasons=tuple(PileOut))


def test_bounds_may_be_one_number_a_mapping_or_a_function() -> None:
    assert INFO.max_actions_for(3) == 10_000
    per = dataclasses.replace(
        INFO, max_actions={2: 40, 3: 60, 4: 80}, score_bounds=lambda n: (0.0, 6.0 * n)
    )
    assert [per.max_actions_for(n) for n in (2, 3, 4)] == [40, 60, 80]
    assert per.score_bounds_for(3) == (0.0, 18.0)
    with pytest.raises(ValueError, match="5 players"):
        per.max_actions_for(5)


def test_planet_etuc_declares_its_bounds_per_player_count() -> None:
    info = REGISTRY["etuc"].info
    assert info.max_actions_for(2) < info.max_actions_for(3)
    assert info.score_bounds_for(2) == (0.0, 15.0) and info.score_bounds_for(3) == (0.0, 7.0)


def test_a_game_declares_its_own_end_reasons_with_words() -> None:
    assert INFO.knows_ending(PileOut.PILE_OUT) and INFO.knows_ending(EndReason.TARGET_SCORE)
    assert not REGISTRY["etuc"].info.knows_ending(PileOut.PILE_OUT)
    out = Outcome.from_scores([0, 0], PileOut.PILE_OUT, detail="{1} dealt last.")
    assert (
        out.words_for(["Ada", "Basil"])
        == "The pile ran out before anyone scored. Basil dealt last."
    )
    assert PileOut.PILE_OUT.key == "pile_out" and EndReason.TARGET_SCORE.key == "target_score"


def test_end_reasons_round_trip_through_a_save() -> None:
    # (tests/conftest.py lets the codec revive classes under tests.)
    for reason in (PileOut.INSTANT_WIN, EndReason.ROUNDS_COMPLETE):
        out = Outcome((1.0, 0.0), (1, 2), reason, "x")
        back = codec.loads(codec.dumps(out))
        assert back == out and back.reason is reason
    assert '"v":"instant_win"' in codec.dumps(PileOut.INSTANT_WIN)
