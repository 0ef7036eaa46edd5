"""Planet's bots: every level answers views of several positions (2-4
players, both variants and the secret animals) with legal placements and
owns its generator; easy grows its habitat terrain; medium takes a card's
lead when it can; the hints' reasons; the hard bot's budgets. Small
iteration caps, untimed: the suite never waits on the clock."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from tabletop.core.game import apply_checked
from tabletop.games.planet import bot
from tabletop.games.planet.model import Board, Place, PlanetState
from tabletop.games.planet.regions import EMPTY_PLANET, condition_key, regions, with_tile
from tabletop.games.planet.rules import PlanetRules, new_game
from tabletop.games.planet.tiles import ANIMALS, TILES

RULES = PlanetRules()
LEVELS = ("easy", "medium", "hard")
#: the hard bot's deals of the hidden tiles in these tests (its real cap is
#: bot.HARD_ITERATIONS)
HARD_TEST_ITERATIONS = 2


def make(level: str, seat: int, seed: int) -> object:
    made = bot.make_bot(level, seat, seed, timed=False)
    if isinstance(made, bot.HardBot):
        made.iterations = HARD_TEST_ITERATIONS
    return made


def positions() -> list[PlanetState]:
    """States early, in the middle and late in games of random placements:
    2, 3 and 4 players, standard, beginner and secret animals."""
    out = []
    for players, variants in ((2, {}), (3, {"beginner": True}), (4, {"secret": True}), (3, {})):
        rng = random.Random(players)
        state = RULES.setup(RULES.info.config(players, **variants), 40 + players)
        while not state.over:
            if state.taken == 1 and state.round in (1, 6, 12):
                out.append(state)
            legal = RULES.legal_actions(state)
            state = RULES.apply(state, legal[rng.randrange(len(legal))])
    return out


def by_name(name: str) -> int:
    return next(a.index for a in ANIMALS if a.name == name)


def laid(tiles: dict[int, int]) -> tuple[str, tuple[tuple[int, int] | None, ...]]:
    """A planet with tile ``tiles[face]`` on each given face, unturned."""
    planet = EMPTY_PLANET
    placed: list[tuple[int, int] | None] = [None] * 12
    for face, tile in tiles.items():
        planet = with_tile(planet, TILES[tile].terrains, face, 0)
        placed[face] = (tile, 0)
    return planet, tuple(placed)


def race_position() -> PlanetState:
    """Round 3 of 2 players, seat 0 to place, the Panda (most forest regions)
    to be scored at its end and no other card on the board: each seat has one
    forest region; of the tiles on offer only OOOFF holds forest. Seat 0's
    habitat is ocean, seat 1's desert."""
    base = new_game(2, False, False, 5)
    mine, mine_placed = laid({0: 17})  # FFFII
    theirs, theirs_placed = laid({0: 2})  # FFFFI
    columns: list[tuple[int, ...]] = [()] * 12
    columns[2] = (by_name("Panda"),)
    state = replace(
        base,
        round=3,
        start=0,
        taken=0,
        revealed=(12, 3, 9, 10, 14),
        planets=(mine, theirs),
        placed=(mine_placed, theirs_placed),
        habitats=("O", "D"),
        board=Board(tuple(columns)),
    )
    return state


def choice(level: str, state: PlanetState, seed: int = 0) -> Place:
    seat = RULES.to_move(state)
    assert seat is not None
    action = make(level, seat, seed).choose(RULES.view(state, seat))  # type: ignore[attr-defined]
    assert RULES.check(state, action) is None
    return action  # type: ignore[no-any-return]


# -- every level ----------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_places_legally_from_views_of_many_positions(level: str) -> None:
    states = positions()
    assert {s.players for s in states} == {2, 3, 4}
    assert any(s.beginner for s in states) and any(s.secret for s in states)
    for i, state in enumerate(states):
        action = choice(level, state, i)
        assert isinstance(action, Place)


def test_the_same_seed_gives_the_same_moves_whatever_the_module_random_does() -> None:
    """Easy, medium and hard at one table play a whole game (every move
    checked); replayed from the same seeds, with the module ``random``
    stirred between moves, the moves are the same."""

    def game(stir: int) -> list[Place]:
        random.seed(stir)
        state = RULES.setup(RULES.info.config(3), 8)
        bots = [make(level, s, 30 + s) for s, level in enumerate(LEVELS)]
        moves = []
        while not state.over:
            seat = state.turn
            assert seat is not None
            action = bots[seat].choose(RULES.view(state, seat))  # type: ignore[attr-defined]
            state = apply_checked(RULES, state, action, seat)
            moves.append(action)
            random.random()
        return moves

    moves = game(1)
    assert len(moves) == 36
    assert game(2) == moves


# -- easy -----------------------------------------------------------------------------


def test_easy_takes_the_tile_that_adds_most_to_its_habitat_terrain() -> None:
    """Forest habitat; on offer FFFFD (4 forest), DDDDM, OOOOI, MMMDD, OOOII:
    easy, whatever its seed, takes FFFFD. In the beginner variant it grows the
    terrain it holds most of: with ocean ahead, OOOOI."""
    base = new_game(2, False, False, 3)
    state = replace(base, start=0, habitats=("F", "D"), revealed=(0, 1, 3, 6, 9))
    assert {choice("easy", state, seed).tile for seed in range(6)} == {0}
    beginner = new_game(2, True, False, 3)
    planet, placed = laid({0: 9})  # OOOII
    state = replace(
        beginner,
        start=0,
        revealed=(0, 1, 3, 6, 4),
        planets=(planet, EMPTY_PLANET),
        placed=(placed, (None,) * 12),
        round=2,
    )
    assert {choice("easy", state, seed).tile for seed in range(6)} == {3}


def test_easy_chooses_at_random_among_placements_about_as_good() -> None:
    base = new_game(2, False, False, 3)
    state = replace(base, start=0, habitats=("F", "D"), revealed=(0, 1, 3, 6, 9))
    assert len({choice("easy", state, seed) for seed in range(8)}) > 1


# -- medium ---------------------------------------------------------------------------


def test_medium_takes_the_lead_for_a_card_when_it_can() -> None:
    state = race_position()
    panda = ANIMALS[by_name("Panda")]
    mine, theirs = (condition_key(p, panda)[0] for p in state.planets)
    assert mine == theirs == 1  # level: nobody leads
    for seed in range(4):
        action = choice("medium", state, seed)
        after = RULES.apply(state, action)
        assert condition_key(after.planets[0], panda)[0] > theirs
    # easy, playing for its ocean, need not
    assert any(choice("easy", state, seed).tile != 12 for seed in range(4))


# -- hard, hints and budgets ----------------------------------------------------------


def test_hard_takes_the_lead_and_its_explain_names_what_it_is_for() -> None:
    state = race_position()
    hard = make("hard", 0, 1)
    view = RULES.view(state, 0)
    action = hard.choose(view)  # type: ignore[attr-defined]
    assert action.tile == 12
    why = hard.explain(view, action)  # type: ignore[attr-defined]
    assert why.startswith(f"Forest on face {action.face + 1}: starts a forest region of 2")
    assert "taking the lead for the Panda (most forest regions)" in why
    assert why.endswith("(played on through the next round on 2 deals of the hidden tiles)")


def test_explain_tells_a_habitat_placement_by_its_cells_and_points() -> None:
    base = new_game(2, False, False, 3)
    state = replace(
        base, start=0, habitats=("F", "D"), revealed=(0, 1, 3, 6, 9), board=Board(((),) * 12)
    )
    why = bot.reason(RULES.view(state, 0), 0, Place(0, 3, 0))
    assert (
        why
        == "Forest on face 4: starts a forest region of 4, bringing your forest to 4 cells (0 points on your habitat card)"
    )


def test_hard_keeps_its_iteration_cap_untimed_and_both_budgets_timed() -> None:
    timed = bot.make_bot("hard", 0, 3)
    assert isinstance(timed, bot.HardBot)
    assert (timed.iterations, timed.time_budget) == bot.BUDGETS["hard"]
    untimed = bot.make_bot("hard", 0, 3, timed=False)
    assert isinstance(untimed, bot.HardBot) and untimed.time_budget is None
    untimed.iterations = 3
    ticks = itertools.count()
    untimed.clock = lambda: next(ticks) * 10.0  # the clock is never the limit
    state = race_position()
    assert RULES.check(state, untimed.choose(RULES.view(state, 0))) is None
    assert len(untimed.last_deals) == 3 and not untimed.clock_cut
    assert len(untimed.last_values) == bot.HARD_DEEP
    # timed, a clock racing past the budget stops it after one candidate
    ticks = itertools.count()
    timed.clock = lambda: next(ticks) * 10.0
    assert RULES.check(state, timed.choose(RULES.view(state, 0))) is None
    assert len(timed.last_values) == 1 and not timed.last_deals and timed.clock_cut
    # a clock that never runs out leaves the whole budget, and no cut
    timed.clock = lambda: 0.0
    timed.choose(RULES.view(state, 0))
    assert len(timed.last_deals) == bot.HARD_ITERATIONS and not timed.clock_cut
    # cancelled from another thread (here: by its clock), it stops after one
    # candidate too, and it was not the clock that cut it
    untimed.clock = lambda: untimed.cancel() or 0.0  # type: ignore[func-returns-value]
    assert RULES.check(state, untimed.choose(RULES.view(state, 0))) is None
    assert len(untimed.last_values) == 1 and not untimed.clock_cut


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_decides_the_same_on_fixed_positions_for_the_same_seed(level: str) -> None:
    """Untimed, a level's decision on each of a few fixed positions (2, 3
    and 4 players, early and late, both variants) is a function of the
    view and the seed: a fresh bot with the same seed decides the same."""
    states = positions()[::2]
    for i, state in enumerate(states):
        seat = RULES.to_move(state)
        assert seat is not None
        view = RULES.view(state, seat)
        first = bot.make_bot(level, seat, 50 + i, timed=False).choose(view)
        again = bot.make_bot(level, seat, 50 + i, timed=False).choose(view)
        assert first == again
        assert RULES.check(state, first) is None
    # easy picks at random among near-equal placements: the seed decides
    state = states[0]
    seat = RULES.to_move(state)
    assert seat is not None
    view = RULES.view(state, seat)
    if level == "easy":
        assert len({bot.make_bot(level, seat, s, timed=False).choose(view) for s in range(8)}) > 1


def test_the_outlook_gives_a_card_scored_this_round_to_its_one_leader() -> None:
    """Round 3, the Panda (most forest regions, 2 points to an ocean
    habitat) scored at its end, each seat with one forest region: level, the
    card would wait, and each seat counts a share of it; once seat 0 lays a
    second forest region apart, the outlook gives seat 0 its 2 points for
    certain and seat 1 nothing, and seat 0's margin grows by more than a
    point."""
    state = race_position()
    outlook = bot.Outlook(RULES.view(state, 0), 0)
    panda = ANIMALS[by_name("Panda")]

    def values(planets: tuple[str, ...]) -> tuple[list[float], list[float]]:
        keys = [bot.Keys(bot.masks(p)) for p in planets]
        habitat = [outlook.habitat(s, keys[s].masks, 10) for s in range(2)]
        return outlook.values(keys, [10, 10]), habitat

    level, habitat = values(state.planets)
    assert 0.0 < level[0] - habitat[0] < 2.0 and 0.0 < level[1] - habitat[1] < 2.0
    apart = next(
        a
        for a in RULES.legal_actions(state)
        if a.tile == 12 and condition_key(RULES.apply(state, a).planets[0], panda)[0] == 2
    )
    lead, habitat = values(RULES.apply(state, apart).planets)
    assert lead[0] - habitat[0] == pytest.approx(2.0)
    assert lead[1] - habitat[1] == pytest.approx(0.0)
    assert outlook.margin(lead) > outlook.margin(level) + 1.0


def test_odds_grow_with_the_lead_and_the_habitat_card_pays_by_its_table() -> None:
    from tabletop.games.planet import odds

    for kind in ("most", "touch", "avoid"):
        for j in (1, 4, 10):
            row = [odds.win_chance(kind, j, d, False, 4) for d in range(-3, 4)]
            assert row == sorted(row) and 0.0 < row[0] < row[-1] < 1.0
        # a lead of 2 on a card scored next round beats the same lead 8 rounds out
        assert odds.win_chance(kind, 1, 2, False, 2) > odds.win_chance(kind, 9, 2, False, 2)
    # no face left: the card's own table (ocean: 15-17 cells pay 2, 18-20 pay 4)
    assert odds.habitat_expected("O", 14, 0) == 0.0
    assert odds.habitat_expected("O", 18, 0) == 4.0
    # faces left: more cells now, more expected; more faces, more expected
    assert odds.habitat_expected("O", 12, 4) > odds.habitat_expected("O", 10, 4)
    assert odds.habitat_expected("O", 10, 6) > odds.habitat_expected("O", 10, 4) > 0.0


def test_level_notes_name_every_level() -> None:
    assert set(bot.level_notes()) == set(LEVELS)


def test_explain_says_when_a_placement_joins_regions_and_how_large_the_result() -> None:
    """Forest on two faces, a forest tile to lay, no animal on the board: some
    placement joins the two forest regions, and the reason says so with the
    joined region's size."""
    base = new_game(2, False, False, 3)
    planet, placed = laid({0: 2, 7: 17})  # FFFFI and FFFII
    state = replace(
        base,
        start=0,
        habitats=("F", "D"),
        revealed=(0, 1, 3, 6, 9),
        planets=(planet, EMPTY_PLANET),
        placed=(placed, (None,) * 12),
        round=3,
        board=Board(((),) * 12),
    )
    assert len(regions(planet, "F")) == 2
    joins = []
    for action in RULES.legal_actions(state):
        if action.tile != 0:
            continue
        why = bot.reason(RULES.view(state, 0), 0, action)
        if "joins two forest regions" in why:
            after = RULES.apply(state, action).planets[0]
            size = max(r.bit_count() for r in regions(after, "F"))
            assert f"joins two forest regions into one of {size}" in why
            joins.append(action)
    assert joins


def test_round_12_standing_reads_no_further_than_the_rules() -> None:
    """T3 breaks a round-12 tie on the 2nd, then the 3rd largest region and no
    further: a 4th region the others lack wins the bot nothing there, as in
    ``rules.award``."""
    from tabletop.games.planet.bot import standing

    assert standing((2, 1, 1, 1), (2, 1, 1), final=True) == standing(
        (2, 1, 1), (2, 1, 1), final=True
    )
    assert standing((2, 2), (2, 1, 5), final=True) == 1.0  # the 2nd decides before the 3rd
    assert standing((2, 1, 2), (2, 1, 1), final=True) == 1.0  # tied on the 2nd: the 3rd decides
