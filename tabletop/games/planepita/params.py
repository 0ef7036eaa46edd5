"""Planepita's tunable numbers: ``physics.toml``, validated.

Every value has a type and an allowed range in :data:`SCHEMA`. Loading checks
each one and names the key and the range in any error, so a typo in the TOML
or on ``tools/tune_physics.py``'s command line never turns into a strange
shot. Pure Python: no pygame, no pymunk.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, fields, replace
from importlib import resources
from pathlib import Path
from typing import Any


class ParamError(ValueError):
    """A bad value in physics.toml or an override; the message names the key."""


# section -> key -> (type, low, high), inclusive
SCHEMA: dict[str, dict[str, tuple[type, float, float]]] = {
    "board": {
        "planet_radius": (float, 100.0, 1000.0),
        "center_radius": (float, 20.0, 500.0),
        "middle_radius": (float, 40.0, 900.0),
        "line_width": (float, 0.5, 20.0),
    },
    "disc": {"radius": (float, 5.0, 60.0), "mass": (float, 0.5, 100.0)},
    "jammer": {"radius": (float, 5.0, 80.0), "mass": (float, 0.5, 200.0)},
    "pad": {
        "width": (float, 30.0, 200.0),
        "depth": (float, 30.0, 300.0),
        "wall": (float, 1.0, 20.0),
        "gap": (float, 0.0, 20.0),
        "start": (float, 0.2, 0.9),
    },
    "friction": {
        "g": (float, 1000.0, 20000.0),
        "mu_face_up": (float, 0.01, 2.0),
        "mu_face_down": (float, 0.01, 20.0),
        "break_away_speed": (float, 0.0, 5000.0),
        "mu_jammer": (float, 0.01, 2.0),
        "spin_arm": (float, 0.0, 1.0),
        "surface": (float, 0.0, 2.0),
    },
    "restitution": {
        "disc_disc": (float, 0.05, 1.0),  # > 0: the other pairs are divided by its root
        "disc_jammer": (float, 0.0, 1.0),
        "disc_pad": (float, 0.0, 1.0),
    },
    "launch": {
        "max_speed": (float, 100.0, 10000.0),
        "max_angle": (float, 5.0, 89.0),
    },
    "sim": {
        "hz": (int, 60, 2000),
        "display_fps": (int, 10, 240),
        "rest_speed": (float, 0.01, 50.0),
        "rest_spin": (float, 0.001, 5.0),
        "max_seconds": (float, 1.0, 120.0),
        "iterations": (int, 1, 100),
    },
}


@dataclass(frozen=True)
class BoardParams:
    planet_radius: float
    center_radius: float
    middle_radius: float
    line_width: float


@dataclass(frozen=True)
class BodyParams:
    radius: float
    mass: float


@dataclass(frozen=True)
class PadParams:
    width: float
    depth: float
    wall: float
    gap: float
    start: float


@dataclass(frozen=True)
class FrictionParams:
    g: float
    mu_face_up: float
    mu_face_down: float
    break_away_speed: float
    mu_jammer: float
    spin_arm: float
    surface: float


@dataclass(frozen=True)
class RestitutionParams:
    disc_disc: float
    disc_jammer: float
    disc_pad: float


@dataclass(frozen=True)
class LaunchParams:
    max_speed: float
    max_angle: float


@dataclass(frozen=True)
class SimParams:
    hz: int
    display_fps: int
    rest_speed: float
    rest_spin: float
    max_seconds: float
    iterations: int

    @property
    def dt(self) -> float:
        return 1.0 / self.hz

    @property
    def steps_per_frame(self) -> int:
        return max(1, round(self.hz / self.display_fps))

    @property
    def max_steps(self) -> int:
        return math.ceil(self.max_seconds * self.hz)


_SECTIONS: dict[str, type] = {
    "board": BoardParams,
    "disc": BodyParams,
    "jammer": BodyParams,
    "pad": PadParams,
    "friction": FrictionParams,
    "restitution": RestitutionParams,
    "launch": LaunchParams,
    "sim": SimParams,
}


@dataclass(frozen=True)
class Params:
    """Everything physics.toml says, checked."""

    board: BoardParams
    disc: BodyParams
    jammer: BodyParams
    pad: PadParams
    friction: FrictionParams
    restitution: RestitutionParams
    launch: LaunchParams
    sim: SimParams

    def with_overrides(self, overrides: dict[str, Any]) -> Params:
        """A copy with ``{"friction.mu_face_up": 0.4, ...}`` applied and checked."""
        doc = self.to_dict()
        for dotted, value in overrides.items():
            section, _, key = dotted.partition(".")
            if section not in SCHEMA or key not in SCHEMA[section]:
                raise ParamError(f"unknown parameter {dotted!r} (known: {', '.join(known_keys())})")
            doc[section][key] = value
        return from_dict(doc)

    def to_dict(self) -> dict[str, dict[str, Any]]:
        return {
            name: {f.name: getattr(getattr(self, name), f.name) for f in fields(getattr(self, name))}
            for name in _SECTIONS
        }


def known_keys() -> list[str]:
    return [f"{s}.{k}" for s, keys in SCHEMA.items() for k in keys]


def _check(section: str, key: str, value: Any) -> float | int:
    kind, lo, hi = SCHEMA[section][key]
    where = f"{section}.{key}"
    allowed = f"{'a whole number' if kind is int else 'a number'} from {lo:g} to {hi:g}"
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ParamError(f"{where} must be {allowed}, not {value!r}")
    if kind is int and (isinstance(value, float) and not value.is_integer()):
        raise ParamError(f"{where} must be {allowed}, not {value!r}")
    if not math.isfinite(value) or not lo <= value <= hi:
        raise ParamError(f"{where} must be {allowed}, not {value!r}")
    return int(value) if kind is int else float(value)


def from_dict(doc: dict[str, Any]) -> Params:
    """Check a whole parameter document (as read from TOML) and build Params."""
    if not isinstance(doc, dict):
        raise ParamError("physics parameters must be a table of sections")
    for section in doc:
        if section not in SCHEMA:
            raise ParamError(f"unknown section [{section}] (known: {', '.join(SCHEMA)})")
    built: dict[str, Any] = {}
    for section, keys in SCHEMA.items():
        table = doc.get(section)
        if not isinstance(table, dict):
            raise ParamError(f"section [{section}] is missing")
        for key in table:
            if key not in keys:
                raise ParamError(f"unknown parameter {section}.{key} (known: {', '.join(keys)})")
        values = {}
        for key in keys:
            if key not in table:
                raise ParamError(f"{section}.{key} is missing")
            values[key] = _check(section, key, table[key])
        built[section] = _SECTIONS[section](**values)
    params = Params(**built)
    _check_relations(params)
    return params


def _check_relations(p: Params) -> None:
    b = p.board
    if not b.center_radius + b.line_width < b.middle_radius - b.line_width:
        raise ParamError("board.center_radius must lie well inside board.middle_radius")
    if not b.middle_radius + b.line_width < b.planet_radius:
        raise ParamError("board.middle_radius must lie inside board.planet_radius")
    if p.pad.width < 2 * p.pad.wall + 2 * p.disc.radius + 2:
        raise ParamError("pad.width must leave room for a disc between the walls")
    # every aim the rules allow reaches the planet: the line from a disc on
    # its pad at launch.max_angle passes within reach of the planet's centre
    # (a disc is over the board while its centre is within planet_radius + radius)
    start = b.planet_radius + p.pad.gap + p.pad.depth * p.pad.start
    if start * math.sin(math.radians(p.launch.max_angle)) >= b.planet_radius + p.disc.radius:
        reach = math.degrees(math.asin(min(1.0, (b.planet_radius + p.disc.radius) / start)))
        raise ParamError(
            f"launch.max_angle must be below {reach:.1f}°: a disc launched from its pad "
            f"at {p.launch.max_angle:g}° never reaches the planet"
        )
    # no tunnelling, and collisions resolved near first touch: a step at the
    # top speed may move a disc at most half its radius
    step = p.launch.max_speed / p.sim.hz
    if step > p.disc.radius / 2:
        raise ParamError(
            f"sim.hz is too low for launch.max_speed: a step moves {step:.1f} mm, "
            f"more than half a disc's radius ({p.disc.radius / 2:g} mm)"
        )


def load(path: str | Path | None = None, overrides: dict[str, Any] | None = None) -> Params:
    """Read physics.toml (the shipped one by default) and apply ``overrides``."""
    try:
        if path is None:
            text = (resources.files(__package__) / "physics.toml").read_text("utf-8")
            where = "physics.toml"
        else:
            text = Path(path).read_text("utf-8")
            where = str(path)
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ParamError(f"{where} is not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ParamError(f"cannot read {path}: {exc}") from exc
    params = from_dict(doc)
    return params.with_overrides(overrides) if overrides else params


_DEFAULT: Params | None = None


def default() -> Params:
    """The shipped parameters, read once."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = load()
    return _DEFAULT


def replace_section(params: Params, section: str, **changes: Any) -> Params:
    """Convenience for tests and tools: ``replace_section(p, "friction", mu_face_up=0.5)``."""
    return params.with_overrides({f"{section}.{k}": v for k, v in changes.items()}) if changes else replace(params)
