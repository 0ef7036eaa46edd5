"""physics.toml: every key's type and range enforced, unknown and missing keys
refused, broken files and impossible combinations reported with the key's name."""

from __future__ import annotations

import copy
import math
from pathlib import Path

import pytest

from tabletop.games.planepita import params
from tabletop.games.planepita.params import SCHEMA, ParamError

KEYS = [(section, key) for section, keys in SCHEMA.items() for key in keys]
IDS = [f"{s}.{k}" for s, k in KEYS]


def write_toml(doc: dict[str, dict[str, object]], path: Path) -> Path:
    lines = []
    for section, table in doc.items():
        lines.append(f"[{section}]")
        lines += [f"{key} = {value!r}" for key, value in table.items()]
        lines.append("")
    path.write_text("\n".join(lines), "utf-8")
    return path


def test_the_shipped_file_loads_and_keeps_every_value_in_range() -> None:
    p = params.default()
    assert params.default() is p  # read once
    doc = p.to_dict()
    assert set(doc) == set(SCHEMA)
    for section, key in KEYS:
        kind, lo, hi = SCHEMA[section][key]
        value = doc[section][key]
        assert type(value) is kind, f"{section}.{key}"
        assert lo <= value <= hi, f"{section}.{key}"
    assert params.known_keys() == IDS


def test_a_round_trip_through_a_file_gives_the_same_params(tmp_path: Path) -> None:
    p = params.default()
    assert params.load(write_toml(p.to_dict(), tmp_path / "physics.toml")) == p
    assert params.from_dict(p.to_dict()) == p


@pytest.mark.parametrize(("section", "key"), KEYS, ids=IDS)
def test_every_key_is_range_checked(section: str, key: str) -> None:
    kind, lo, hi = SCHEMA[section][key]
    name = f"{section}.{key}"
    p = params.default()
    for bad in (hi + 1, hi * 2 + 1, lo - 1, -abs(hi) - 1):
        bad = kind(bad)
        with pytest.raises(ParamError, match=name.replace(".", r"\.")) as info:
            p.with_overrides({name: bad})
        assert f"{lo:g}" in str(info.value) and f"{hi:g}" in str(info.value)
    # the ends of the range themselves are in it (unless a relation forbids them)
    for edge in (lo, hi):
        try:
            p.with_overrides({name: kind(edge)})
        except ParamError as exc:  # only a relation between keys may refuse an end
            assert "number from" not in str(exc), str(exc)


@pytest.mark.parametrize(("section", "key"), KEYS, ids=IDS)
@pytest.mark.parametrize("bad", ["0.5", "", None, True, [1.0], math.nan, math.inf, -math.inf])
def test_every_key_refuses_non_numbers(section: str, key: str, bad: object) -> None:
    name = f"{section}.{key}"
    with pytest.raises(ParamError, match=name.replace(".", r"\.")):
        params.default().with_overrides({name: bad})


@pytest.mark.parametrize(
    ("section", "key"),
    [k for k in KEYS if SCHEMA[k[0]][k[1]][0] is int],
    ids=[i for i, k in zip(IDS, KEYS) if SCHEMA[k[0]][k[1]][0] is int],
)
def test_whole_number_keys_refuse_fractions_but_take_whole_floats(section: str, key: str) -> None:
    kind, lo, hi = SCHEMA[section][key]
    name = f"{section}.{key}"
    with pytest.raises(ParamError, match=name.replace(".", r"\.")):
        params.default().with_overrides({name: lo + 0.5})
    value = params.default().to_dict()[section][key]
    got = params.default().with_overrides({name: float(value)})
    assert getattr(getattr(got, section), key) == value
    assert type(getattr(getattr(got, section), key)) is int


def test_an_override_makes_a_checked_copy() -> None:
    p = params.default()
    q = p.with_overrides({"friction.mu_face_up": 0.5, "sim.hz": 480})
    assert q.friction.mu_face_up == 0.5 and q.sim.hz == 480
    assert p.friction.mu_face_up != 0.5 or p.sim.hz != 480
    assert params.default() is p and params.load() == p
    assert params.replace_section(p, "friction", mu_face_up=0.5).friction.mu_face_up == 0.5
    assert params.load(overrides={"disc.mass": 5}).disc.mass == 5.0


@pytest.mark.parametrize(
    "dotted", ["friction.mu", "planet.radius", "sim", "board.planet_radius.x", ""]
)
def test_unknown_override_keys_are_refused(dotted: str) -> None:
    with pytest.raises(ParamError, match="unknown parameter"):
        params.default().with_overrides({dotted: 1.0})


def test_unknown_sections_and_keys_in_a_document_are_refused(tmp_path: Path) -> None:
    doc = params.default().to_dict()
    extra = copy.deepcopy(doc)
    extra["gravity"] = {"g": 9810.0}
    with pytest.raises(ParamError, match=r"unknown section \[gravity\]"):
        params.from_dict(extra)
    with pytest.raises(ParamError, match=r"unknown section \[gravity\]"):
        params.load(write_toml(extra, tmp_path / "a.toml"))
    extra = copy.deepcopy(doc)
    extra["disc"]["colour"] = 1.0
    with pytest.raises(ParamError, match=r"unknown parameter disc\.colour"):
        params.from_dict(extra)
    with pytest.raises(ParamError, match="table of sections"):
        params.from_dict([1, 2])  # type: ignore[arg-type]


@pytest.mark.parametrize(("section", "key"), KEYS, ids=IDS)
def test_a_missing_key_is_refused(section: str, key: str, tmp_path: Path) -> None:
    doc = params.default().to_dict()
    del doc[section][key]
    with pytest.raises(ParamError, match=rf"{section}\.{key} is missing"):
        params.from_dict(doc)
    with pytest.raises(ParamError, match=rf"{section}\.{key} is missing"):
        params.load(write_toml(doc, tmp_path / "p.toml"))


@pytest.mark.parametrize("section", list(SCHEMA))
def test_a_missing_section_is_refused(section: str) -> None:
    doc = params.default().to_dict()
    del doc[section]
    with pytest.raises(ParamError, match=rf"\[{section}\] is missing"):
        params.from_dict(doc)
    doc[section] = 3.0
    with pytest.raises(ParamError, match=rf"\[{section}\] is missing"):
        params.from_dict(doc)


@pytest.mark.parametrize(
    "text",
    [
        "[board\nplanet_radius = 250.0\n",
        "[board]\nplanet_radius = \n",
        "[board]\nplanet_radius = 250.0\nplanet_radius = 251.0\n",
        "not toml at all {",
    ],
)
def test_a_broken_toml_file_is_a_param_error(text: str, tmp_path: Path) -> None:
    path = tmp_path / "broken.toml"
    path.write_text(text, "utf-8")
    with pytest.raises(ParamError, match="not valid TOML"):
        params.load(path)


def test_a_missing_file_is_a_param_error(tmp_path: Path) -> None:
    with pytest.raises(ParamError, match="cannot read"):
        params.load(tmp_path / "nowhere.toml")


@pytest.mark.parametrize(
    ("overrides", "message"),
    [
        # a step at the top speed would be longer than a disc's radius plus half a wall
        ({"sim.hz": 60, "launch.max_speed": 3000.0}, r"sim\.hz is too low for launch\.max_speed"),
        ({"launch.max_speed": 10000.0}, r"sim\.hz is too low"),
        (
            {"disc.radius": 5.0, "pad.wall": 1.0, "launch.max_speed": 2000.0, "sim.hz": 240},
            "too low",
        ),
        (
            {"board.center_radius": 155.0},
            r"center_radius must lie well inside board\.middle_radius",
        ),
        ({"board.center_radius": 152.0, "board.middle_radius": 155.0}, "center_radius"),
        ({"board.middle_radius": 250.0}, r"middle_radius must lie inside board\.planet_radius"),
        ({"board.planet_radius": 150.0}, "middle_radius must lie inside"),
        ({"pad.width": 40.0}, r"pad\.width must leave room"),
        ({"disc.radius": 31.0}, r"pad\.width must leave room"),
    ],
)
def test_impossible_combinations_are_refused(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(ParamError, match=message):
        params.default().with_overrides(overrides)


def test_the_tunnelling_relation_is_exactly_the_documented_bound() -> None:
    p = params.default()
    limit = p.disc.radius / 2  # mm a step may move at max_speed
    hz = p.sim.hz
    ok = p.with_overrides({"launch.max_speed": min(10000.0, limit * hz)})
    assert ok.launch.max_speed / hz <= limit
    if (limit + 0.01) * hz <= 10000.0:
        with pytest.raises(ParamError, match="too low"):
            p.with_overrides({"launch.max_speed": (limit + 0.01) * hz})


def test_sim_derived_values() -> None:
    s = params.default().sim
    assert s.dt == pytest.approx(1.0 / s.hz)
    assert s.max_steps == math.ceil(s.max_seconds * s.hz)
    assert s.steps_per_frame >= 1
