"""Planet's rules: the round's draft, the leftovers (T4), the animal awards
with their carry-overs and round-12 tie-breaks (T3), the final scoring, both
variants (T6), and what a view hides."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from tabletop.core import codec
from tabletop.core.game import EndReason, IllegalAction
from tabletop.games.planet.model import LAYOUT, ROUNDS, UNKNOWN, Place, PlanetState
from tabletop.games.planet.regions import condition_key
from tabletop.games.planet.rules import PlanetRules, award, determinize, score
from tabletop.games.planet.tiles import ANIMALS, EMPTY, HABITATS, TILES

RULES = PlanetRules()


def play_random(players: int, seed: int, **variants: bool) -> list[PlanetState]:
    """A whole game of random placements, every state kept."""
    rng = random.Random(seed)
    state = RULES.setup(RULES.info.config(players, **variants), seed)
    states = [state]
    while not RULES.is_over(state):
        legal = RULES.legal_actions(state)
        state = RULES.apply(state, legal[rng.randrange(len(legal))])
        states.append(state)
    return states


def by_name(name: str) -> int:
    return next(a.index for a in ANIMALS if a.name == name)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_whole_game_keeps_the_invariants_and_covers_every_planet(players: int) -> None:
    states = play_random(players, players)
    for state in states:
        RULES.invariants(state)
    last = states[-1]
    assert len(states) == ROUNDS * players + 1
    assert all(EMPTY not in planet for planet in last.planets)
    cards = sum(len(a) for a in last.animals) + len(last.board.discarded)
    assert cards == sum(LAYOUT) and not any(last.board.columns)
    outcome = RULES.outcome(last)
    assert outcome.reason is EndReason.ROUNDS_COMPLETE
    assert outcome.scores == tuple(float(score(last, s)) for s in range(players))


def test_the_start_token_passes_left_and_seats_place_clockwise_from_it() -> None:
    states = play_random(3, 7)
    first = states[0].start
    movers = [RULES.to_move(s) for s in states[:-1]]
    for r in range(ROUNDS):
        start = (first + r) % 3
        assert movers[3 * r : 3 * r + 3] == [start, (start + 1) % 3, (start + 2) % 3]


@pytest.mark.parametrize(("players", "removed"), [(2, 20), (3, 10), (4, 0)])
def test_leftovers_fill_piles_11_and_12_then_leave_the_game(players: int, removed: int) -> None:
    """T4, with the table of planet.md §2: in rounds 1-10, 2 players leave 3
    tiles a round, 3 players 2, 4 players 1; the piles take 10 of them."""
    states = play_random(players, 11)
    after10 = next(s for s in states if s.round == 11)
    assert len(after10.revealed) == 5 and len(after10.piles[11]) == 5
    assert after10.removed == removed
    assert states[-1].removed == removed + 2 * (5 - players)


def test_a_placement_sets_the_face_s_five_cells_by_the_rotation() -> None:
    state = RULES.setup(RULES.info.config(2), 3)
    tile = state.revealed[0]
    after = RULES.apply(state, Place(tile, 4, 2))
    seat = state.turn
    assert seat is not None
    terrains = TILES[tile].terrains
    # cell (4, e) takes slot (e - 2) % 5 (planet.md §9.4)
    assert after.planets[seat][20:25] == "".join(terrains[(e - 2) % 5] for e in range(5))
    assert after.placed[seat][4] == (tile, 2)
    with pytest.raises(IllegalAction, match="not among this round's tiles"):
        RULES.apply(after, Place(tile, 5, 0))
    other = after.revealed[0]
    assert RULES.check(replace(after, taken=0, start=seat), Place(other, 4, 0)) == (
        "Face 4 of your planet already holds a tile."
    )


def planet_with(regions: dict[str, list[int]]) -> str:
    """A planet whose given terrains fill the given cells (the rest glacier)."""
    cells = ["I"] * 60
    for terrain, where in regions.items():
        for c in where:
            cells[c] = terrain
    return "".join(cells)


def test_an_animal_goes_to_the_one_leader_and_a_tie_carries_it_over_until_round_12() -> None:
    panda = by_name("Panda")  # most forest regions
    one = planet_with({"F": [0]})
    two = planet_with({"F": [0, 2]})  # cells 0 and 2 of face 0 meet only at its centre: 2 regions
    assert condition_key(two, ANIMALS[panda])[0] == 2
    assert award(5, panda, [one, two]) == 1
    assert award(5, panda, [two, two]) == "carry"
    assert award(12, panda, [two, two]) is None  # a "most" card tied in round 12 is discarded
    nobody = planet_with({})
    assert award(5, panda, [nobody, nobody]) == "carry"
    assert award(12, panda, [nobody, nobody]) is None


def test_round_12_ties_on_a_largest_region_go_to_the_2nd_then_the_3rd_largest() -> None:
    camel_like = next(
        a for a in ANIMALS if a.kind == "avoid" and a.terrain == "F" and a.other == "D"
    )
    # both have a largest forest of 2 touching no desert; seat 1 has a 2nd of 1
    a = planet_with({"F": [0, 1], "O": [2, 3, 4]})
    b = planet_with({"F": [0, 1, 30], "O": [2, 3, 4]})
    ka, kb = condition_key(a, camel_like), condition_key(b, camel_like)
    assert ka[0] == kb[0] and len(kb) > len(ka)
    assert award(11, camel_like.index, [a, b]) == "carry"
    assert award(12, camel_like.index, [a, b]) == 1
    assert award(12, camel_like.index, [a, a]) is None  # still tied: discarded
    # the 2nd ties, the 3rd decides
    c = planet_with({"F": [0, 1, 30, 40], "O": [2, 3, 4]})
    d = planet_with({"F": [0, 1, 30], "O": [2, 3, 4]})
    assert condition_key(c, camel_like)[:2] == condition_key(d, camel_like)[:2]
    assert award(12, camel_like.index, [d, c]) == 1


def test_a_carried_card_is_scored_first_in_the_next_round() -> None:
    """At every round's end of some random games: a card of the round that
    nobody won alone (and, before round 12, was not discarded) lies at the
    head of the next round's column, in its order, ahead of that round's own
    cards. The games include carries, so the check is not empty."""
    carries = 0
    for seed in range(6):
        states = play_random(2 + seed % 3, 60 + seed)
        for before, after in zip(states, states[1:]):
            if after.round == before.round or before.round >= 12:
                continue
            r = before.round
            won = {a for seat in after.animals for a in seat}
            kept = [
                c for c in before.board.column(r) if c not in won and c not in after.board.discarded
            ]
            assert after.board.column(r + 1) == (*kept, *before.board.column(r + 1))
            assert set(before.board.column(r)) - won - set(kept) <= set(after.board.discarded)
            RULES.invariants(after)
            carries += len(kept)
    assert carries > 0


def test_final_scores_count_the_habitat_and_animals_by_terrain() -> None:
    last = play_random(3, 21)[-1]
    for s in range(3):
        terrain = last.habitats[s]
        assert terrain is not None
        habitat = HABITATS[terrain].score(last.planets[s].count(terrain))
        animals = sum(1 if ANIMALS[a].terrain == terrain else 2 for a in last.animals[s])
        assert score(last, s) == habitat + animals


def test_beginner_has_no_habitat_cards_and_every_animal_scores_one() -> None:
    last = play_random(2, 4, beginner=True)[-1]
    assert last.habitats == (None, None)
    assert [score(last, s) for s in range(2)] == [len(a) for a in last.animals]


def test_ties_go_to_more_animal_cards_then_are_shared() -> None:
    last = play_random(2, 4, beginner=True)[-1]
    even = replace(
        last, animals=((by_name("Panda"), by_name("Whale")), (by_name("Camel"), by_name("Ibex")))
    )
    assert RULES.outcome(even).winners == (0, 1)
    # standard rules: 2 points each for two animals off the habitat's terrain
    # against 1 + 1 + 1 + 1 for four on it: 4 points each, seat 1 wins on cards
    standard = replace(
        last,
        beginner=False,
        habitats=("D", "F"),
        planets=("O" * 60, "O" * 60),  # no habitat points for either
        animals=(
            (by_name("Panda"), by_name("Whale")),
            (by_name("Koala"), by_name("Sloth"), by_name("Tiger"), by_name("Squirrel")),
        ),
    )
    assert [score(standard, s) for s in range(2)] == [4, 4]
    outcome = RULES.outcome(standard)
    assert outcome.winners == (1,) and outcome.places == (2, 1)


def test_final_score_worked_by_hand() -> None:
    """Glacier habitat with 14 glacier cells: 4 points (14-16); a glacier
    animal 1 point, a desert animal 2: 7 in all."""
    last = play_random(2, 4)[-1]
    planet = "I" * 14 + "O" * 46
    worked = replace(
        last,
        habitats=("I", "O"),
        planets=(planet, planet),
        animals=((by_name("Walrus"), by_name("Camel")), ()),
    )
    assert score(worked, 0) == 4 + 1 + 2
    assert score(worked, 1) == HABITATS["O"].score(46) == 10


def test_secret_animals_turn_one_card_a_round_row_2_then_row_3() -> None:
    states = play_random(3, 8, secret=True)
    first = states[0]
    assert len(first.board.hidden) == 9  # 10 face down, the first turned at once
    starts = [s for s in states if s.taken == 0]
    hidden = [len(s.board.hidden) for s in starts]
    assert hidden[:10] == list(range(9, -1, -1))
    # turned in T6's order: row 2 by round (6-12), then row 3 (10-12)
    turned = [
        a.board.hidden[0]
        for a, b in zip(starts, starts[1:], strict=False)
        if a.board.hidden != b.board.hidden
    ]
    row2 = [first.board.column(r)[1] for r in range(6, 13)]
    row3 = [first.board.column(r)[2] for r in range(10, 13)]
    assert [*row2, *row3][1:] == turned  # the first was turned at the deal
    view = RULES.view(first, 0)
    shown = [c for col in view.board.columns for c in col]
    assert shown.count(UNKNOWN) == 9 and not view.board.hidden


def test_a_view_hides_habitats_piles_and_face_down_animals_until_the_end() -> None:
    states = play_random(3, 9, secret=True)
    mid = states[10]
    view = RULES.view(mid, 1)
    assert (
        view.habitats[1] == mid.habitats[1]
        and view.habitats[0] is None
        and view.habitats[2] is None
    )
    assert all(set(p) <= {UNKNOWN} for p in view.piles) and view.seed is None
    assert [len(p) for p in view.piles] == [len(p) for p in mid.piles]
    hidden = set(mid.board.hidden)
    assert hidden, "the secret variant still has face-down cards mid-game"
    shown = [c for col in view.board.columns for c in col]
    assert not hidden & set(shown) and shown.count(UNKNOWN) == len(hidden)
    assert RULES.view(states[-1], 1).habitats == states[-1].habitats


@pytest.mark.parametrize("secret", [False, True])
def test_determinize_gives_a_position_the_view_could_be(secret: bool) -> None:
    states = play_random(3, 12, secret=secret)
    for state in states[::7]:
        if RULES.is_over(state):
            continue
        view = RULES.view(state, 0)
        full = determinize(view, 0, random.Random(3))
        RULES.invariants(full)
        assert RULES.view(full, 0) == view
        # the search can play on from it to the end
        rng = random.Random(4)
        while not RULES.is_over(full):
            legal = RULES.legal_actions(full)
            full = RULES.apply(full, legal[rng.randrange(len(legal))])


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_fills_piles_11_and_12_with_leftovers_of_the_rounds_that_filled_them(
    players: int,
) -> None:
    """Leftovers fill pile 11, then 12, round by round (T4): an imagined
    deal's piles hold as many tiles from each round as the real ones, so at
    4 players (one leftover a round) they are the real piles exactly; once
    pile 11 is turned up, pile 12 is drawn from what did not go into it."""
    for seed in range(4):
        states = play_random(players, 40 + seed)
        for state in states:
            if RULES.is_over(state) or not any(state.piles[10:]):
                continue
            view = RULES.view(state, 0)
            for k in range(3):
                full = determinize(view, 0, random.Random(k))
                for p in (10, 11):
                    origin = sorted(state.seen.index(t) // 5 for t in state.piles[p])
                    assert sorted(full.seen.index(t) // 5 for t in full.piles[p]) == origin, (
                        state.round,
                        p,
                    )
                    if players == 4:
                        assert set(full.piles[p]) == set(state.piles[p])
                assert not set(full.piles[10]) & set(full.piles[11])


def test_states_and_actions_round_trip_through_the_save_codec() -> None:
    states = play_random(2, 13, secret=True)
    for state in (states[0], states[9], states[-1]):
        assert codec.loads(codec.dumps(state)) == state
        view = RULES.view(state, 1)
        assert codec.loads(codec.dumps(view)) == view
    action = Place(3, 7, 4)
    assert codec.loads(codec.dumps(action)) == action


def test_malformed_placements_are_refused_in_words() -> None:
    state = RULES.setup(RULES.info.config(2), 1)
    assert RULES.check(state, None) == "That is not a Planet move."
    assert "face number" in (RULES.check(state, Place(state.revealed[0], 12, 0)) or "")
    assert "rotation" in (RULES.check(state, Place(state.revealed[0], 0, True)) or "")  # type: ignore[arg-type]


def test_a_round_that_scored_animals_ends_with_a_summary_that_hides_habitats() -> None:
    """Each summary ranks by the animal cards so far (the public standing;
    by the final scores once the game is over), says what each seat won in
    the round, and carries the sheet so far; nothing of a habitat card shows
    before the end."""
    states = play_random(3, 21)
    seen = 0
    for before, after in zip(states, states[1:], strict=False):
        summary = RULES.deal_summary(before, Place(0, 0, 0), after)
        if after.round == before.round or before.round < 3:
            assert summary is None
            continue
        if summary is None:
            continue  # every card of the round waits for the next one
        seen += 1
        r = before.round
        assert summary.title == f"Round {r}" and len(summary.rows) == 3
        counts = [len(a) for a in after.animals]
        for row in summary.rows:
            won = [a for a in after.animals[row.seat] if a in before.board.column(r)]
            assert row.cells == (f"+{len(won)}", str(counts[row.seat]))
            for a in won:
                assert ANIMALS[a].name in summary.note
            if not after.over:
                assert row.place == 1 + sum(1 for c in counts if c > counts[row.seat])
        assert [row.place for row in summary.rows] == sorted(row.place for row in summary.rows)
        assert summary.sheet is not None
        if after.over:
            assert summary.sheet.totals == RULES.outcome(after).scores
            assert [row.place for row in summary.rows] == sorted(RULES.outcome(after).places)
            continue
        assert summary.sheet.totals == tuple(float(c) for c in counts)
        sheet_text = " ".join(row.label + " ".join(row.notes) for row in summary.sheet.rows)
        text = " ".join(" ".join(row.cells) for row in summary.rows) + summary.note + sheet_text
        assert "habitat" not in text.lower()
    assert seen >= 3


def test_the_log_says_what_a_round_s_end_did_with_each_card() -> None:
    states = play_random(2, 6)
    names = ["Ada", "Basil"]
    for before, after in zip(states, states[1:], strict=False):
        seat = RULES.to_move(before)
        tile = next(t for t in before.revealed if t not in after.revealed)
        face = next(
            f
            for f in range(12)
            if before.placed[seat][f] is None and after.placed[seat][f] is not None
        )
        action = Place(tile, face, after.placed[seat][face][1])
        line = RULES.log_line(before, action, after, names)
        words = line.split(" tile on face")[0].split(" places ")[1]
        assert words.split()[0] == (
            "an" if words.split()[1][0] in "aeiou" else "a"
        )  # "an ocean and forest tile"
        assert line.startswith(f"{names[seat]} places ") and f"tile on face {face + 1}." in line
        if after.round != before.round and before.round >= 3:
            for card in before.board.column(before.round):
                assert ANIMALS[card].name in line


def test_round_12_looks_no_further_than_the_3rd_largest_region() -> None:
    """T3: the 2nd, then the 3rd largest; tied there, the card is set aside
    even when a 4th region would tell them apart."""
    card = next(a for a in ANIMALS if a.kind == "avoid" and a.terrain == "F" and a.other == "D")
    # four single forest cells on four faces each, apart; one more on the second planet
    a = planet_with({"F": [0, 10, 20, 30]})
    b = planet_with({"F": [0, 10, 20, 30, 40]})
    assert condition_key(a, card)[:3] == condition_key(b, card)[:3] == (1, 1, 1)
    assert award(12, card.index, [a, b]) is None
