"""Planet's score sheet (``PlanetRules.score_sheet``) over many random
finished games at 2, 3 and 4 players, with and without the variants: its
totals are the outcome's scores, each column sums to its total, every seat's
habitat card has its row (its cells in the notes), each animal card won has
its 1 or 2 points, and a tie the animal cards settle says so in the lines.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop.core.game import score_sheet
from tabletop.games.planet.model import PlanetState
from tabletop.games.planet.rules import RULES
from tabletop.games.planet.tiles import ANIMALS, TERRAIN_NAMES


def finished(players: int, seed: int, **variants: bool) -> PlanetState:
    """A game played to its end by random legal placements (seeded)."""
    rng = random.Random(seed)
    state = RULES.setup(RULES.info.config(players, **variants), seed)
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
    return state


GAMES = [
    (players, seed, variants)
    for players in (2, 3, 4)
    for seed, variants in enumerate(
        [{}, {}, {}, {"secret": True}, {"beginner": True}, {"beginner": True, "secret": True}]
    )
]


@pytest.mark.parametrize("players, seed, variants", GAMES)
def test_the_sheet_of_a_finished_game_sums_to_the_outcome(
    players: int, seed: int, variants: dict[str, bool]
) -> None:
    state = finished(players, 100 * players + seed, **variants)
    sheet = score_sheet(RULES, state)
    assert sheet is not None
    outcome = RULES.outcome(state)
    assert sheet.totals == outcome.scores
    for s in range(players):
        assert sheet.column(s) == sheet.totals[s]
        assert all(len(row.values) == players for row in sheet.rows)
    habitat_rows = [row for row in sheet.rows if row.label.endswith("habitat card")]
    if state.beginner:
        assert not habitat_rows
    else:
        assert len(habitat_rows) == players, "every player's habitat card is shown"
        for s in range(players):
            terrain = state.habitats[s]
            assert terrain is not None
            row = next(r for r in habitat_rows if r.values[s] is not None)
            assert row.label == f"{TERRAIN_NAMES[terrain].capitalize()} habitat card"
            assert (
                row.note(s) == f"{state.planets[s].count(terrain)} {TERRAIN_NAMES[terrain]} cells"
            )
            assert all(v is None for t, v in enumerate(row.values) if t != s)
    animal_rows = [row for row in sheet.rows if not row.label.endswith("habitat card")]
    won = [(s, a) for s in range(players) for a in state.animals[s]]
    assert len(animal_rows) == len(won)
    for row, (s, a) in zip(animal_rows, won, strict=True):
        assert row.label.startswith(ANIMALS[a].name)
        expected = 1 if state.beginner or ANIMALS[a].terrain == state.habitats[s] else 2
        assert row.values[s] == expected
        if not state.beginner:
            note = row.note(s)
            assert note.startswith(TERRAIN_NAMES[ANIMALS[a].terrain])
            assert ("≠ habitat" in note) == (expected == 2)


def test_a_tie_on_points_settled_by_the_animal_cards_says_so() -> None:
    """Desert and glacier cards score alike: with 15 cells of each on both
    planets both habitat cards give 4 points; two desert animals (1 point
    each) against one forest animal (2 points) tie on 6, and the seat with
    more cards is placed ahead, as the sheet's lines say; with two cards each
    the place is shared, and the lines say that."""
    base = finished(2, 7)
    planet = "D" * 15 + "I" * 15 + "O" * 30
    desert = [a.index for a in ANIMALS if a.terrain == "D"][:2]
    glacier = [a.index for a in ANIMALS if a.terrain == "I"][:2]
    forest = [a.index for a in ANIMALS if a.terrain == "F"][:1]
    tied = replace(
        base,
        beginner=False,
        planets=(planet, planet),
        habitats=("D", "I"),
        animals=(tuple(desert), tuple(forest)),
    )
    outcome = RULES.outcome(tied)
    assert outcome.scores == (6.0, 6.0) and outcome.places == (1, 2)
    sheet = RULES.score_sheet(tied)
    assert sheet.totals == outcome.scores
    (line,) = sheet.lines_for(["Ada", "Bo"])
    assert "tie on 6 points" in line and "Ada has more animal cards (2 to 1)" in line
    shared = replace(tied, animals=(tuple(desert), tuple(glacier)))
    assert RULES.outcome(shared).places == (1, 1)
    (line,) = RULES.score_sheet(shared).lines_for(["Ada", "Bo"])
    assert "as many animal cards (2 to 2)" in line and "share" in line
    untied = replace(tied, animals=(tuple(desert), ()))
    assert RULES.score_sheet(untied).lines == ()


def test_before_the_end_the_sheet_counts_animal_cards_and_shows_no_habitat() -> None:
    """Mid-game the sheet is the public standing: a row per card won, one
    card each, and nothing of the secret habitat cards."""
    rng = random.Random(3)
    state = RULES.setup(RULES.info.config(3), 3)
    while state.round < 9:
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
    sheet = RULES.score_sheet(state)
    assert sheet.unit == "animal cards"
    assert sheet.totals == tuple(float(len(a)) for a in state.animals)
    text = " ".join(row.label + " ".join(row.notes) for row in sheet.rows)
    assert "abitat" not in text
