"""Atoms: a dataclass of one number or string declared with ``codec.atom`` is
saved as its tag and value, and a tuple of them as one list; anything else
about them round-trips exactly as any dataclass does."""

from __future__ import annotations

import json
from dataclasses import dataclass

import pytest

from tabletop.core import codec
from tabletop.core.codec import CodecError, Mismatch


@pytest.fixture(autouse=True)
def private_atoms(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test declares into its own copy of the atom registry."""
    monkeypatch.setattr(codec, "_ATOMS", dict(codec._ATOMS))
    monkeypatch.setattr(codec, "_ATOM_OF", dict(codec._ATOM_OF))


@dataclass(frozen=True)
class Chip:
    value: int


@dataclass(frozen=True)
class Word:
    text: str


@dataclass(frozen=True)
class Pair:
    a: int
    b: int


def _round_trip(value: object) -> object:
    text = codec.dumps(value)
    back = codec.loads(text)
    assert codec.dumps(back) == text and back == value and type(back) is type(value)
    return back


def test_an_atom_and_a_tuple_of_atoms_are_written_as_numbers() -> None:
    codec.atom("test.chip")(Chip)
    assert json.loads(codec.dumps(Chip(5))) == {"$a": "test.chip", "v": 5}
    chips = (Chip(3), Chip(1), Chip(3))
    assert json.loads(codec.dumps(chips)) == {"$at": "test.chip", "v": [3, 1, 3]}
    back = _round_trip({"hand": chips, "one": Chip(2), "none": ()})
    assert isinstance(back, dict) and all(type(c) is Chip for c in back["hand"])
    codec.atom("test.word")(Word)
    assert json.loads(codec.dumps((Word("a"),))) == {"$at": "test.word", "v": ["a"]}


def test_mixed_tuples_and_odd_fields_fall_back_to_the_general_form() -> None:
    codec.atom("test.chip")(Chip)
    codec.atom("test.word")(Word)
    mixed = (Chip(1), Word("x"), 3)
    assert "$at" not in codec.dumps(mixed)
    _round_trip(mixed)
    odd = Chip(1.5)  # type: ignore[arg-type]
    assert "$dc" in codec.dumps(odd)
    _round_trip((odd, Chip(1)))
    _round_trip(Chip(True))  # type: ignore[arg-type]  # a flag is no number here


def test_a_maker_gives_the_decoded_values() -> None:
    made: list[object] = []

    def make(value: object) -> Chip:
        made.append(value)
        return Chip(value)  # type: ignore[arg-type]

    codec.atom("test.chip", make=make)(Chip)
    assert codec.loads(codec.dumps((Chip(4), Chip(5)))) == (Chip(4), Chip(5))
    assert made == [4, 5]


def test_documents_that_misuse_atoms_are_refused() -> None:
    codec.atom("test.chip")(Chip)
    with pytest.raises(Mismatch, match="unknown atom"):
        codec.decode({"$a": "test.other", "v": 1})
    with pytest.raises(CodecError, match="not numbers or strings"):
        codec.decode({"$at": "test.chip", "v": [1, [2]]})
    with pytest.raises(CodecError, match="not numbers or strings"):
        codec.decode({"$at": "test.chip", "v": {"x": 1}})
    with pytest.raises(CodecError):
        codec.decode({"$a": "test.chip", "v": None})


def test_only_one_field_dataclasses_of_the_program_may_be_atoms() -> None:
    with pytest.raises(TypeError, match="one field"):
        codec.atom("test.pair")(Pair)
    with pytest.raises(TypeError, match="not a dataclass"):
        codec.atom("test.int")(int)
    codec.atom("test.chip")(Chip)
    with pytest.raises(ValueError, match="test.chip"):
        codec.atom("test.chip")(Word)
    with pytest.raises(ValueError, match="no tag"):
        codec.atom("")(Word)


def test_the_phantom_rummy_cards_are_atoms_decoded_to_the_decks_own() -> None:
    from tabletop.games.phantom_rummy.cards import DECK, Card

    text = codec.dumps(DECK[:3])
    assert json.loads(text) == {"$at": "phantom_rummy.card", "v": [0, 1, 2]}
    back = codec.loads(text)
    assert all(a is b for a, b in zip(back, DECK[:3], strict=True))
    stray = codec.loads(codec.dumps(Card(500)))
    assert type(stray) is Card and stray.index == 500
