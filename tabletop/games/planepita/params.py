"""Planepita's tunable numbers: ``physics.toml``, validated.

Every value has a type and an allowed range in :data:`SCHEMA`. Loading checks
each one and names the key and the range in any error, so a typo in the TOML
or on ``tools/tune_physics.py``'s command line never turns into a strange
shot. Pure Python: no pygame, no pymunk.

**The player's own values.** The tuning overlay (F9 in a game) saves a
``physics.toml`` of the player's in the settings folder (:data:`USER_FILE`),
laid over the shipped one: it may change how shots behave
(:data:`USER_SECTIONS`), never the table's geometry or the simulation's step,
which the scene, the bots and the aim line share. A new game takes those
values into its config and its state as :data:`Overrides`, the values that
differ from the shipped file (``()``: the shipped values), so a saved game,
its replay and a resumed game keep using them whatever the file says later.
A damaged file is moved aside to ``.bad`` and the shipped values are used.
"""

from __future__ import annotations

import math
import tomllib
from dataclasses import dataclass, fields, replace
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from tabletop.core import storage
from tabletop.core.stats import finite_number
from tabletop.core.words import clip, quote, shorten


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
                raise ParamError(
                    f"unknown parameter {_name(dotted)!r} (known: {', '.join(known_keys())})"
                )
            doc[section][key] = value
        return from_dict(doc)

    def to_dict(self) -> dict[str, dict[str, Any]]:
        return {
            name: {
                f.name: getattr(getattr(self, name), f.name) for f in fields(getattr(self, name))
            }
            for name in _SECTIONS
        }


def _name(text: object) -> str:
    """A section's or a key's name from a file, as a message quotes it: at most 40 characters."""
    return clip(str(text), 40)


#: how deeply arrays and inline tables may nest in a physics file (ours: never)
TOML_DEPTH = 20


def toml_depth(text: str) -> int:
    """How deeply the arrays and inline tables of TOML ``text`` nest, counted
    without parsing: tomllib recurses once per level, and 10,000 levels
    overflowed the stack of a thread (a RecursionError in the main one).
    Strings and comments are skipped; a table header counts one level."""
    depth = deepest = 0
    quote = ""
    escaped = comment = False
    for ch in text:
        if comment:
            comment = ch != "\n"
        elif quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch == "#":
            comment = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth = max(0, depth - 1)
    return deepest


def _toml(text: str, where: str) -> dict[str, Any]:
    """A TOML document read from a file, its texts cleaned (``storage.clean_strings``);
    ParamError for anything the parser raises, and for a nesting deeper than
    :data:`TOML_DEPTH`, refused before the parser sees it."""
    if toml_depth(text) > TOML_DEPTH:
        raise ParamError(f"{where} nests arrays more than {TOML_DEPTH} levels deep")
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ParamError(f"{where} is not valid TOML: {shorten(exc)}") from exc
    except Exception as exc:  # noqa: BLE001 - RecursionError from 10,000 nested arrays
        raise ParamError(
            f"{where} is not TOML this program can read ({type(exc).__name__})"
        ) from exc
    cleaned: dict[str, Any] = storage.clean_strings(doc)
    return cleaned


def known_keys() -> list[str]:
    return [f"{s}.{k}" for s, keys in SCHEMA.items() for k in keys]


def _check(section: str, key: str, value: Any) -> float | int:
    kind, lo, hi = SCHEMA[section][key]
    where = f"{section}.{key}"
    allowed = f"{'a whole number' if kind is int else 'a number'} from {lo:g} to {hi:g}"
    # finite_number first: a whole number too large for a float (TOML allows
    # any number of digits) is refused like any other, never an OverflowError
    if not finite_number(value):
        raise ParamError(f"{where} must be {allowed}, not {quote(value)}")
    if kind is int and (isinstance(value, float) and not value.is_integer()):
        raise ParamError(f"{where} must be {allowed}, not {quote(value)}")
    if not lo <= value <= hi:
        raise ParamError(f"{where} must be {allowed}, not {quote(value)}")
    return int(value) if kind is int else float(value)


def from_dict(doc: dict[str, Any]) -> Params:
    """Check a whole parameter document (as read from TOML) and build Params."""
    if not isinstance(doc, dict):
        raise ParamError("physics parameters must be a table of sections")
    for section in doc:
        if section not in SCHEMA:
            raise ParamError(f"unknown section [{_name(section)}] (known: {', '.join(SCHEMA)})")
    built: dict[str, Any] = {}
    for section, keys in SCHEMA.items():
        table = doc.get(section)
        if not isinstance(table, dict):
            raise ParamError(f"section [{section}] is missing")
        for key in table:
            if key not in keys:
                raise ParamError(
                    f"unknown parameter {section}.{_name(key)} (known: {', '.join(keys)})"
                )
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
            where = str(path)
            text = storage.read_bounded(path, FILE_MAX_BYTES).decode("utf-8")
    except (OSError, ValueError) as exc:  # not there, not a file, too large, not UTF-8
        raise ParamError(f"cannot read {path}: {exc}") from exc
    doc = _toml(text, where)
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
    return (
        params.with_overrides({f"{section}.{k}": v for k, v in changes.items()})
        if changes
        else replace(params)
    )


# -- the player's own values ---------------------------------------------------------

#: the sections a player's physics.toml (and a game's stored values) may
#: change: how shots behave, never the board, the pieces' sizes and masses,
#: the pads or the simulation's step
USER_SECTIONS = ("friction", "restitution", "launch")
#: values in those sections that are this edition's rules, not tuning: the
#: widest aim is ruling P11 (and the rules page says 55°)
FIXED = frozenset({"launch.max_angle"})
#: the player's file, in the settings folder
USER_FILE = "physics.toml"
#: a player's file larger than this is damaged (it holds a dozen numbers)
USER_FILE_MAX_BYTES = 64 * 1024
#: a whole parameter file (a tool's ``--params``) larger than this is damaged
FILE_MAX_BYTES = 1 << 20
#: the values the tuning overlay offers, in its order
TUNABLE = (
    "friction.mu_face_up",
    "friction.mu_face_down",
    "friction.break_away_speed",
    "restitution.disc_disc",
    "restitution.disc_jammer",
    "restitution.disc_pad",
    "launch.max_speed",
)
#: a game's physics where it differs from the shipped physics.toml: sorted
#: ``("section.key", value)`` pairs with float values, each key once; ``()``
#: is the shipped physics
Overrides = tuple[tuple[str, float], ...]


def value_of(params: Params, dotted: str) -> float:
    """The value of ``"section.key"`` in ``params``."""
    section, _, key = dotted.partition(".")
    return float(getattr(getattr(params, section), key))


def overrides_between(base: Params, params: Params) -> Overrides:
    """The values of :data:`USER_SECTIONS` in which ``params`` differs from ``base``."""
    return tuple(
        (dotted, value_of(params, dotted))
        for dotted in sorted(f"{s}.{k}" for s in USER_SECTIONS for k in SCHEMA[s])
        if dotted not in FIXED and value_of(params, dotted) != value_of(base, dotted)
    )


def _shape_refusal(value: object) -> str | None:
    if type(value) is not tuple:
        return "the physics values are not a list of named numbers"
    keys = []
    for pair in value:
        if not (
            type(pair) is tuple
            and len(pair) == 2
            and type(pair[0]) is str
            and type(pair[1]) is float
        ):
            return "the physics values are not a list of named numbers"
        section, _, _ = pair[0].partition(".")
        if section not in USER_SECTIONS or pair[0] in FIXED:
            return f"{pair[0]} is not a value a game may change"
        keys.append(pair[0])
    if keys != sorted(set(keys)):
        return "the physics values are not each named once, in order"
    return None


@lru_cache(maxsize=64)
def _applied(base: Params, overrides: Overrides) -> Params | str:
    try:
        return base.with_overrides(dict(overrides)) if overrides else base
    except ParamError as exc:
        return str(exc)


def overrides_refusal(value: object, base: Params | None = None) -> str | None:
    """None when ``value`` is :data:`Overrides` that give valid parameters laid
    over ``base`` (the shipped ones), else why not, in words."""
    why = _shape_refusal(value)
    if why is not None:
        return why
    assert isinstance(value, tuple)
    got = _applied(base or default(), value)
    return got if isinstance(got, str) else None


def with_overrides_of(base: Params, overrides: Overrides) -> Params:
    """``base`` with ``overrides`` laid over it (memoised); ParamError if they
    are refused."""
    why = _shape_refusal(overrides)
    if why is not None:
        raise ParamError(why)
    got = _applied(base, overrides)
    if isinstance(got, str):
        raise ParamError(got)
    return got


def parse_user(text: str, where: str = USER_FILE) -> Overrides:
    """The overrides a player's physics.toml holds (those equal to the
    shipped values dropped); ParamError naming what is wrong."""
    doc = _toml(text, where)
    allowed = ", ".join(f"[{s}]" for s in USER_SECTIONS)
    changes: dict[str, Any] = {}
    for section, table in doc.items():
        if section not in SCHEMA:
            raise ParamError(
                f"unknown section [{_name(section)}] (a player's file may hold {allowed})"
            )
        if section not in USER_SECTIONS:
            raise ParamError(
                f"[{section}] is the table's own: a player's file may hold only {allowed}"
            )
        if not isinstance(table, dict):
            raise ParamError(f"[{section}] is not a table of values")
        for key, value in table.items():
            if key not in SCHEMA[section]:
                raise ParamError(
                    f"unknown parameter {section}.{_name(key)} (known: {', '.join(SCHEMA[section])})"
                )
            if f"{section}.{key}" in FIXED:
                raise ParamError(
                    f"{section}.{key} is a rule of this edition, not a value a player's file may change"
                )
            changes[f"{section}.{key}"] = value
    base = default()
    return overrides_between(base, base.with_overrides(changes))


def user_toml(overrides: Overrides) -> str:
    """A player's physics.toml holding ``overrides``, read back by :func:`parse_user`."""
    lines = [
        "# Your Planepita physics: laid over the shipped physics.toml for new games.",
        "# Written by the tuning overlay (F9 in a game); only [friction], [restitution]",
        "# and [launch] (not max_angle, a rule) may change. Delete a line to take the",
        "# shipped value again.",
    ]
    by_section: dict[str, list[str]] = {}
    for dotted, value in overrides:
        section, _, key = dotted.partition(".")
        by_section.setdefault(section, []).append(f"{key} = {value!r}")
    for section in USER_SECTIONS:
        if section in by_section:
            lines += ["", f"[{section}]", *by_section[section]]
    return "\n".join(lines) + "\n"


def read_user_file(folder: str | Path) -> tuple[Overrides, str | None]:
    """The overrides of the player's physics.toml in ``folder`` (``()`` when
    there is none), and a message for the player or None. A damaged file
    (not UTF-8, not TOML, a value params.py refuses) is moved aside to
    ``.bad`` and the shipped values are used; one that cannot be read is
    left where it is."""
    path = Path(folder) / USER_FILE
    shipped = "the shipped physics is used"
    try:
        raw = storage.read_bounded(path, USER_FILE_MAX_BYTES)
    except FileNotFoundError:
        return (), None
    except storage.NotReadable as exc:  # a pipe, a device, a folder, far too large: damage
        raw, problem = None, f"it is {exc}"
    except OSError as exc:
        return (
            (),
            f"Your physics file at {path} could not be read ({exc.strerror or type(exc).__name__}); {shipped}.",
        )
    try:
        if raw is not None:
            return parse_user(raw.decode("utf-8"), USER_FILE), None
    except UnicodeDecodeError:
        problem = "it is not text"
    except ParamError as exc:
        problem = str(exc)
    try:
        dest = storage.move_aside(path)
    except OSError as exc:
        return (
            (),
            f"Your physics file at {path} was damaged ({problem}) and could not be moved aside ({exc.strerror or exc}); {shipped}.",
        )
    return (), f"Your physics file was damaged ({problem}); it was moved to {dest} and {shipped}."


def write_user_file(folder: str | Path, overrides: Overrides) -> Path:
    """Write the player's physics.toml into ``folder`` atomically; its path.
    ParamError (nothing written) for overrides params.py refuses."""
    with_overrides_of(default(), overrides)
    path = Path(folder) / USER_FILE
    storage.write_text(path, user_toml(overrides))
    return path
