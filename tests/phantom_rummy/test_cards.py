"""Phantom Rummy's deck (ruling R1): the 100 cards of this edition's proposal,
their notation, and look-alike copies told apart."""

import fnmatch
import tomllib
from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from tabletop.core import codec
from tabletop.games.phantom_rummy.cards import (
    CONDITIONS,
    DECK,
    KIND_COPIES,
    KIND_OF,
    KINDS,
    NUMBER_TYPES,
    Card,
    card_malformed,
    cards_of,
    parse_card,
    parse_cards,
    parse_kind,
)

ROOT = Path(__file__).resolve().parents[2]


def test_the_deck_is_100_cards_of_three_number_types_and_items():
    assert len(DECK) == 100 == len(set(DECK))
    assert Counter(c.type for c in DECK) == {"Sword": 28, "Staff": 28, "Moon": 28, "Item": 16}
    assert len(KINDS) == 25 and KIND_COPIES == (4,) * 25
    for t in NUMBER_TYPES:
        assert sorted({c.number for c in DECK if c.type == t}) == list(range(1, 8))
    assert {c.name for c in DECK if c.type == "Item"} == {"Crown", "Grail", "Orb", "Tome"}
    assert all(c.number is None for c in DECK if c.type == "Item")


def test_red_cards_values_and_conditions_follow_the_proposal():
    assert sum(c.red for c in DECK) == 29
    for kind in KINDS:
        copies = cards_of(kind.index)
        reds = [c for c in copies if c.red]
        if kind.number is not None:
            # one red copy per (type, number), worth its number on its condition
            assert len(reds) == 1 and reds[0].value == kind.number
            assert reds[0].condition in CONDITIONS and not reds[0].instant_win
        else:
            # two red Items per picture: one plain worth 1, one legendary
            assert sorted((c.condition, c.value, c.instant_win) for c in reds) == [
                ("always", 1, False),
                ("legendary_group", 0, True),
            ]
        for black in (c for c in copies if not c.red):
            assert (black.value, black.condition, black.instant_win) == (0, None, False)
    # the seven number conditions are different, one per number, the same in each type
    by_number = {c.number: c.condition for c in DECK if c.red and c.number}
    assert len(set(by_number.values())) == 7
    assert all(c.condition == by_number[c.number] for c in DECK if c.red and c.number)


def test_the_data_file_says_it_is_a_proposal_and_ships_in_the_package():
    text = (resources.files("tabletop.games.phantom_rummy") / "deck.toml").read_text("utf-8")
    assert "PROPOSAL" in text.splitlines()[0].upper()
    assert len(tomllib.loads(text)["cards"]) == 100
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))
    globs = pyproject["tool"]["setuptools"]["package-data"]["tabletop.games"]
    assert any(fnmatch.fnmatch("phantom_rummy/deck.toml", g) for g in globs)


def test_notation_round_trips_and_look_alikes_stay_distinct():
    assert [parse_card(str(c)) for c in DECK] == list(DECK)
    assert str(DECK[0]) == "S1a" and DECK[0].title == "red Sword 1"
    assert str(parse_kind("IC")) == "IC" and parse_kind("T7").title == "Staff 7"
    black = [c for c in cards_of(parse_kind("S4").index) if not c.red]
    assert len(black) == 3 and len(set(black)) == 3
    assert len({(c.kind, c.red, c.title) for c in black}) == 1  # they look alike
    assert all(KIND_OF[c.index] == c.kind for c in DECK)
    assert sorted(DECK, reverse=True) == list(reversed(DECK))
    for bad in ("S8a", "S4e", "X1a", "", "S4"):
        with pytest.raises(ValueError):
            parse_card(bad)


def test_parse_cards_gives_bare_kinds_black_copies_first():
    assert [str(c) for c in parse_cards("S4 S4 S4 S4")] == ["S4d", "S4c", "S4b", "S4a"]
    assert [str(c) for c in parse_cards("S4 S4d IC")] == ["S4c", "S4d", "ICd"]
    with pytest.raises(ValueError):
        parse_cards("S4a S4a")
    with pytest.raises(ValueError):
        parse_cards("S4 S4 S4 S4 S4")


def test_a_card_saves_and_a_malformed_one_is_refused_and_still_prints():
    card = parse_card("M5a")
    assert codec.loads(codec.dumps(card)) == card
    assert card_malformed(card) is None
    for bad in (Card(100), Card(-1), Card(True), Card(1.0), Card(10**400), "S4a", None):  # type: ignore[arg-type]
        assert card_malformed(bad) is not None
        assert str(bad)
