"""The codec's exact round trips and refusals; seeds derived from seeds."""

from __future__ import annotations

import enum
import json
import math
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tabletop.core import codec, rng
from tabletop.core.codec import CodecError
from tabletop.core.game import EndReason, GameConfig, Outcome

ROOT = Path(__file__).resolve().parents[2]


class Suit(enum.Enum):
    HEARTS = "h"
    SPADES = "s"


class Rank(enum.IntEnum):
    ACE = 1
    KING = 13


@dataclass(frozen=True)
class Card:
    suit: Suit
    rank: Rank


@dataclass(frozen=True)
class Table:
    hands: tuple[tuple[Card, ...], ...]
    discards: list[Card]
    seen: frozenset[Card]
    scores: dict[int, float]
    names: dict[str, str] = field(default_factory=dict)
    pos: tuple[float, float] = (0.0, 0.0)
    note: str | None = None


def round_trip(obj: object) -> object:
    text = codec.dumps(obj)
    back = codec.loads(text)
    assert codec.dumps(back) == text
    return back


@pytest.mark.parametrize(
    "value",
    [
        (1, 2, (3, [4, (5,)])),
        [1, (2, 3), []],
        (),
        frozenset({1, 2, 3}),
        frozenset({(1, "a"), (2, "b")}),
        {"a": (1, 2), "b": [1.5, None, True]},
        {1: "one", (2, 3): "pair", None: 0},
        {"$dc": "looks like a tag", "x": 1},
        {True: 1, 1.5: 2},
        Suit.SPADES,
        Rank.KING,
        EndReason.LAST_OBJECT_TAKEN,
        0.1 + 0.2,
        -0.0,
        1e308,
        2**70,
        "unicode ✓ ü",
    ],
    # a frozenset's repr follows string hashing, which differs between
    # processes: sorted, the id is the same in every pytest-xdist worker
    ids=lambda v: f"frozenset({sorted(v)!r})" if isinstance(v, frozenset) else repr(v),
)
def test_round_trip_is_exact(value: object) -> None:
    back = round_trip(value)
    assert back == value
    assert type(back) is type(value)


def test_tuples_and_lists_stay_apart() -> None:
    back = round_trip({"t": (1, 2), "l": [1, 2], "nested": [(1,), [2]]})
    assert isinstance(back, dict)
    assert type(back["t"]) is tuple and type(back["l"]) is list
    assert type(back["nested"][0]) is tuple and type(back["nested"][1]) is list


def test_nested_dataclasses() -> None:
    ace = Card(Suit.HEARTS, Rank.ACE)
    king = Card(Suit.SPADES, Rank.KING)
    table = Table(
        hands=((ace, king), ()),
        discards=[king],
        seen=frozenset({ace, king}),
        scores={0: 1.5, 1: -2.0},
        names={"0": "Ada"},
        note=None,
    )
    back = round_trip(table)
    assert back == table
    assert isinstance(back, Table) and type(back.hands[0][0].rank) is Rank
    assert type(back.discards) is list and type(back.seen) is frozenset


def test_frozenset_encoding_does_not_depend_on_order() -> None:
    a = frozenset(f"item{i}" for i in range(50))
    b = frozenset(reversed(sorted(a)))
    assert codec.dumps(a) == codec.dumps(b)


def test_core_types_round_trip() -> None:
    outcome = Outcome.from_scores([3, 1], EndReason.TARGET_SCORE, "Ada reached 3.")
    assert round_trip(outcome) == outcome
    config = GameConfig(3, {"chance": True, "max_take": 4})
    assert round_trip(config) == config


def test_non_finite_floats() -> None:
    back = round_trip((math.inf, -math.inf, math.nan))
    assert isinstance(back, tuple)
    assert back[0] == math.inf and back[1] == -math.inf and math.isnan(back[2])
    # the document itself is strict JSON
    json.loads(codec.dumps(math.nan), parse_constant=lambda c: pytest.fail(c))


def test_unencodable_values_are_refused() -> None:
    with pytest.raises(TypeError):
        codec.dumps({1, 2})
    with pytest.raises(TypeError):
        codec.dumps(object())


@pytest.mark.parametrize(
    "doc",
    [
        {"$dc": "os:system", "f": {}},
        {"$dc": "subprocess:Popen", "f": {"args": "true"}},
        {"$e": "builtins:eval", "v": "1+1"},
        {"$dc": "tabletopx.evil:Thing", "f": {}},
        {"$dc": "tabletop:__builtins__", "f": {}},
    ],
    ids=["os.system", "Popen", "eval", "lookalike-prefix", "builtins"],
)
def test_refuses_types_from_outside_the_program(doc: dict[str, object]) -> None:
    with pytest.raises(CodecError):
        codec.decode(doc)
    with pytest.raises(CodecError):
        codec.loads(json.dumps(doc))


@pytest.mark.parametrize(
    "doc",
    [
        {"$e": "tabletop.core.rng:random.SystemRandom", "v": 1},
        {"$e": "tabletop.core.rng:random.Random", "v": 5},
    ],
    ids=["SystemRandom", "Random"],
)
def test_refuses_non_enum_types_reached_through_imports(doc: dict[str, object]) -> None:
    with pytest.raises(CodecError):
        codec.decode(doc)


def test_refuses_test_types_unless_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    text = codec.dumps(Card(Suit.HEARTS, Rank.ACE))
    monkeypatch.setattr(codec, "ALLOWED_PREFIXES", ["tabletop."])
    with pytest.raises(CodecError, match="refusing"):
        codec.loads(text)


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        '{"$dc": "tabletop.core.game:Outcome", "f": {"nope": 1}}',
        '{"$dc": "tabletop.core.game:NoSuchClass", "f": {}}',
        '{"$dc": "tabletop.core.game:guard", "f": {}}',
        '{"$dc": "tabletop.core.game:IllegalAction", "f": {}}',
        '{"$t": 5}',
        '{"$e": "tabletop.core.game:EndReason", "v": "bored"}',
        # a tag of the wrong type, or fields that are not an object
        '{"$dc": null, "f": {}}',
        '{"$dc": ["tabletop.core.game:Outcome"], "f": {}}',
        '{"$dc": "tabletop.core.game:Outcome", "f": ["winners"]}',
        '{"$e": 5, "v": "rounds"}',
        '{"$d": [[1]]}',
        '{"$f": null}',
    ],
)
def test_malformed_documents_raise_codec_error(text: str) -> None:
    with pytest.raises(CodecError):
        codec.loads(text)


# -- rng ---------------------------------------------------------------------

DERIVE_CASES = [(0,), (1,), (42, "deal"), (42, "deal", 3), (2**62, "gift", 0, "x")]


def test_derive_is_stable_across_processes() -> None:
    script = (
        "import json, sys\n"
        "from tabletop.core import rng\n"
        "cases = json.loads(sys.argv[1])\n"
        "print(json.dumps([rng.derive(*c) for c in cases]))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, json.dumps(DERIVE_CASES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        env={"PYTHONHASHSEED": "12345", "PATH": "", "PYTHONPATH": str(ROOT)},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [rng.derive(*c) for c in DERIVE_CASES]


def test_derive_is_pinned() -> None:
    # a changed derive silently changes every saved game, replay and golden file
    assert [rng.derive(*c) for c in DERIVE_CASES] == [
        300471914551172981,
        8573800373938698102,
        779974333897994073,
        8358299117652817824,
        239107429558599738,
    ]


@pytest.mark.parametrize(
    ("a", "b"),
    [
        ((1, "deal"), (2, "deal")),
        ((1, "deal"), (1, "shuffle")),
        ((1, "deal", 0), (1, "deal", 1)),
        ((1, 1), (1, "1")),
        ((1, "a", "b"), (1, "ab")),
        ((1, "a", "b"), (1, "b", "a")),
        ((1,), (1, "")),
    ],
)
def test_derive_is_sensitive_to_every_key(a: tuple, b: tuple) -> None:
    assert rng.derive(*a) != rng.derive(*b)


def test_make_gives_private_reproducible_generators() -> None:
    import random

    state = random.getstate()
    first = [rng.make(7, "deal").random() for _ in range(3)]
    assert first == [rng.make(7, "deal").random() for _ in range(3)]
    a = rng.make(7, "deal")
    assert [a.random() for _ in range(3)] != [rng.make(7, "deal2").random() for _ in range(3)]
    assert random.getstate() == state


@pytest.mark.parametrize(
    ("text", "expected"),
    [("0", 0), ("  17 ", 17), (str(rng.MAX_SEED), rng.MAX_SEED)],
)
def test_parse_seed_numbers(text: str, expected: int) -> None:
    assert rng.parse_seed(text) == expected


def test_parse_seed_words() -> None:
    seed = rng.parse_seed("banana")
    assert seed == rng.parse_seed("  banana ") == rng.derive(0, "banana")
    assert 0 <= seed <= rng.MAX_SEED
    assert rng.parse_seed("banana") != rng.parse_seed("Banana")


@pytest.mark.parametrize("text", ["", "   ", "-1", str(rng.MAX_SEED + 1)])
def test_parse_seed_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        rng.parse_seed(text)


def test_fresh_seed_is_a_valid_seed() -> None:
    assert 0 <= rng.fresh_seed() <= rng.MAX_SEED


def test_a_document_never_makes_the_program_import_or_run_a_module() -> None:
    """Only classes of modules already imported revive: naming a module that is
    not loaded (or a function) is refused, and nothing runs."""
    import sys

    sys.modules.pop("tabletop.__main__", None)
    with pytest.raises(CodecError):
        codec.decode({"$dc": "tabletop.__main__:main", "f": {}})
    assert "tabletop.__main__" not in sys.modules
    with pytest.raises(CodecError):
        codec.decode({"$dc": "tabletop.app:main", "f": {}})
