"""A class that moved keeps reading the documents written before the move:
``codec.formerly`` declares the names it was saved under."""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass

import pytest

from tabletop.core import codec
from tabletop.core.codec import CodecError

HERE = __name__


@pytest.fixture(autouse=True)
def private_former_names(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each test declares into its own copy of the registry of former names."""
    monkeypatch.setattr(codec, "_FORMER", dict(codec._FORMER))


@dataclass(frozen=True)
class Point:
    x: float
    y: float


class Colour(enum.Enum):
    RED = "red"
    BLUE = "blue"


def test_a_former_name_decodes_to_the_class_and_encoding_writes_the_new_name() -> None:
    codec.formerly(f"{HERE}.old_place:Point", f"{HERE}:OldPoint")(Point)
    for old in (f"{HERE}.old_place:Point", f"{HERE}:OldPoint"):
        doc = {"$dc": old, "f": {"x": 1.5, "y": {"$f": "inf"}}}
        assert codec.decode(doc) == Point(1.5, float("inf"))
    text = codec.dumps(Point(1.5, 2.0))
    assert json.loads(text)["$dc"] == f"{HERE}:Point"
    assert "old_place" not in text and "OldPoint" not in text


def test_an_enum_may_declare_former_names_too() -> None:
    codec.formerly(f"{HERE}.old_place:Hue")(Colour)
    assert codec.decode({"$e": f"{HERE}.old_place:Hue", "v": "blue"}) is Colour.BLUE
    # the tag still says what kind of type it must be
    with pytest.raises(CodecError, match="not a dataclass"):
        codec.decode({"$dc": f"{HERE}.old_place:Hue", "f": {}})


def test_an_undeclared_old_name_is_still_unknown() -> None:
    with pytest.raises(CodecError, match="unknown type"):
        codec.decode({"$dc": f"{HERE}.old_place:Point", "f": {"x": 1, "y": 2}})


def test_the_decorator_returns_the_class_unchanged() -> None:
    assert codec.formerly(f"{HERE}.old_place:Point")(Point) is Point
    assert codec.former_names()[f"{HERE}.old_place:Point"] == f"{HERE}:Point"


@pytest.mark.parametrize(
    "name",
    ["os:system", "tabletopx.evil:Thing", "no_colon_here", "tabletop.core.game:", ":Point"],
)
def test_a_former_name_outside_the_program_is_refused(name: str) -> None:
    with pytest.raises(ValueError):
        codec.formerly(name)(Point)
    assert name not in codec.former_names()


def test_a_former_name_answers_to_one_class_only() -> None:
    codec.formerly(f"{HERE}.old_place:Thing")(Point)
    codec.formerly(f"{HERE}.old_place:Thing")(Point)  # declaring it again is harmless
    with pytest.raises(ValueError, match="already answers"):
        codec.formerly(f"{HERE}.old_place:Thing")(Colour)
    assert codec.decode({"$dc": f"{HERE}.old_place:Thing", "f": {"x": 0, "y": 0}}) == Point(0, 0)


def test_a_class_cannot_take_its_own_current_name_as_a_former_one() -> None:
    with pytest.raises(ValueError, match="current name"):
        codec.formerly(f"{HERE}:Point")(Point)


def test_only_game_data_classes_of_the_program_may_declare_former_names(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    class NotData:
        pass

    with pytest.raises(TypeError, match="neither a dataclass nor an enum"):
        codec.formerly(f"{HERE}.old_place:NotData")(NotData)
    # a class from a module saves may not name (here: once tests are no longer allowed)
    monkeypatch.setattr(codec, "ALLOWED_PREFIXES", ["tabletop."])
    with pytest.raises(TypeError, match="not in a module"):
        codec.formerly("tabletop.old_place:Point")(Point)


def test_a_former_name_is_refused_once_its_class_is_no_longer_allowed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The class a former name maps to passes the same checks as one named directly."""
    codec.formerly("tabletop.old_place:Point")(Point)
    doc = {"$dc": "tabletop.old_place:Point", "f": {"x": 1, "y": 2}}
    assert codec.decode(doc) == Point(1, 2)
    monkeypatch.setattr(codec, "ALLOWED_PREFIXES", ["tabletop."])
    with pytest.raises(CodecError, match="refusing"):
        codec.decode(doc)


def test_planepita_discs_and_layouts_saved_under_physics_load_from_model() -> None:
    """Disc and Layout lived in physics.py until they moved to model.py; the
    fixtures in tests/fixtures/saves/ name them by the old module."""
    from tabletop.games.planepita import model

    old = {
        "$dc": "tabletop.games.planepita.physics:Layout",
        "f": {
            "players": 2,
            "discs": {
                "$t": [
                    {
                        "$dc": "tabletop.games.planepita.physics:Disc",
                        "f": {
                            "id": 3,
                            "owner": 1,
                            "x": 10.0,
                            "y": -4.5,
                            "angle": 0.0,
                            "face_down": True,
                            "tokens": {"$t": ["last"]},
                        },
                    }
                ]
            },
            "jammer": {"$t": [0.0, 0.0]},
            "pads": {"$t": [0.5, 0.25]},
        },
    }
    layout = codec.decode(old)
    assert type(layout) is model.Layout
    assert layout.discs == (model.Disc(3, 1, 10.0, -4.5, 0.0, True, ("last",)),)
    text = codec.dumps(layout)
    assert "planepita.physics" not in text and "tabletop.games.planepita.model:Disc" in text
    assert codec.loads(text) == layout
