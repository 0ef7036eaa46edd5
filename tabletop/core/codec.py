"""Exact JSON round trips for game states and actions.

States and actions are frozen dataclasses of tuples, ints, strings, floats,
enums and frozensets. Plain JSON loses the difference between a tuple and a
list, so this codec tags what JSON cannot say:

- a dataclass: ``{"$dc": "module:Qualname", "f": {field: value}}``
- a tuple: ``{"$t": [...]}``; a frozenset: ``{"$fs": [...]}`` (sorted by JSON)
- an enum member: ``{"$e": "module:Qualname", "v": value}``
- a dict whose keys are not all strings: ``{"$d": [[k, v], ...]}``
- non-finite floats: ``{"$f": "nan" | "inf" | "-inf"}``
- an *atom*, a dataclass of one whole-number or string field declared with
  :func:`atom` (a card of a deck): ``{"$a": tag, "v": value}``, and a tuple of
  atoms of one class ``{"$at": tag, "v": [value, ...]}``: a 100-card state
  then reads as lists of numbers, not a hundred tagged objects (an atom whose
  field holds anything else is written as any dataclass)

A dataclass saved before a field was added with a default decodes with the
default. A type or field this program does not have raises :class:`Mismatch`
(another version of the code wrote it), not a plain :class:`CodecError`.

Only classes defined in modules under ``tabletop`` (and any prefixes a test
adds to :data:`ALLOWED_PREFIXES`) that the program has *already imported* are
revived: a file never makes the program import a module, so it cannot run
anything (a save's game is loaded from the registry by the game named in
it, before any of its content is decoded: ``savefile.upgrade``).

A class that moves keeps reading the documents written before the move: it
declares the names it was saved under with :func:`formerly`, e.g.
``@formerly("tabletop.games.planepita.physics:Disc")`` on the ``Disc`` that now
lives in ``model.py``. Encoding always writes the current name; decoding maps a
former name to the class that declared it. Only a class that has been defined
(so its module is imported) can declare former names, and only names and
classes under the allowed prefixes are accepted.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import json
import math
import operator
import sys
from collections.abc import Callable
from typing import Any, TypeVar

ALLOWED_PREFIXES: list[str] = ["tabletop."]

T = TypeVar("T", bound=type)

#: a former "module:Qualname" -> the class that now answers to it (see formerly)
_FORMER: dict[str, type] = {}


class CodecError(ValueError):
    """A document that does not decode to game data."""


class Mismatch(CodecError):
    """A well-formed document that names a type, or fields of a type, this
    program does not have: written by another version of the code, not damaged."""


def _qualname(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _allowed(module: str) -> bool:
    return any(module.startswith(p) or module + "." == p for p in ALLOWED_PREFIXES)


def formerly(*names: str) -> Callable[[T], T]:
    """Class decorator: documents that name the class by any of ``names`` (the
    ``"module:Qualname"`` it was saved under before it moved or was renamed)
    decode to it. The class itself must be a dataclass or an Enum in an
    allowed module; a name may answer to one class only."""

    def declare(cls: T) -> T:
        if not (dataclasses.is_dataclass(cls) or issubclass(cls, enum.Enum)):
            raise TypeError(f"{cls.__qualname__} is neither a dataclass nor an enum")
        if not _allowed(cls.__module__):
            raise TypeError(f"{_qualname(cls)} is not in a module saves may name")
        for name in names:
            module, sep, qual = name.partition(":")
            if not sep or not qual or not _allowed(module):
                raise ValueError(f"{name!r} is not a 'module:Qualname' saves may name")
            if name == _qualname(cls):
                raise ValueError(f"{name!r} is {cls.__qualname__}'s current name")
            known = _FORMER.get(name)
            if known is not None and _qualname(known) != _qualname(cls):
                raise ValueError(f"{name!r} already answers to {_qualname(known)}")
            _FORMER[name] = cls
        return cls

    return declare


def former_names() -> dict[str, str]:
    """Every declared former name -> the current name of its class."""
    return {old: _qualname(cls) for old, cls in _FORMER.items()}


#: atoms (see atom): tag -> (class, maker), and class -> (tag, field getter)
_ATOMS: dict[str, tuple[type, Callable[[Any], Any]]] = {}
_ATOM_OF: dict[type, tuple[str, Callable[[Any], Any]]] = {}
_PLAIN = frozenset((int, str))
#: the types encode and _decode return as they are, in a tuple (a float may
#: be NaN or infinite, which encode tags, so it is not among those written bare)
_BARE = frozenset((int, str, bool, type(None)))
_READ_BARE = _BARE | {float}


def atom(tag: str, make: Callable[[Any], Any] | None = None) -> Callable[[T], T]:
    """Class decorator (outside ``@dataclass``): save the dataclass, one field
    whose value is a whole number or a string, as ``tag`` and that value, and
    a tuple of them as the tag and a list of values. ``tag`` names the class in
    saves for good (a short stable name, one class each); the class must be a
    game data class of the program, as for :func:`formerly`. ``make(value)``,
    if given, is what decoding calls instead of the class (it must give a value
    equal to ``cls(value)`` of the class: a deck's own card, say)."""

    def declare(cls: T) -> T:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__qualname__} is not a dataclass")
        if not _allowed(cls.__module__):
            raise TypeError(f"{_qualname(cls)} is not in a module saves may name")
        names = [f.name for f in dataclasses.fields(cls) if f.init]
        if len(names) != 1 or len(dataclasses.fields(cls)) != 1:
            raise TypeError(f"{cls.__qualname__} is not a dataclass of one field")
        if type(tag) is not str or not tag:
            raise ValueError(f"{tag!r} is no tag")
        known = _ATOMS.get(tag)
        if known is not None and _qualname(known[0]) != _qualname(cls):
            raise ValueError(f"the atom tag {tag!r} is {_qualname(known[0])}'s")
        _ATOMS[tag] = (cls, cls if make is None else make)
        _ATOM_OF[cls] = (tag, operator.attrgetter(names[0]))
        return cls

    return declare


def _atoms(items: tuple[Any, ...]) -> dict[str, Any] | None:
    """A non-empty tuple of atoms of one class as one tagged list, or None
    when it is not one (another type among them, a field of another type)."""
    if len(set(map(type, items))) != 1:
        return None
    tag, value = _ATOM_OF[type(items[0])]
    values = list(map(value, items))
    if not set(map(type, values)) <= _PLAIN:
        return None
    return {"$at": tag, "v": values}


def _atom_maker(tag: Any) -> Callable[[Any], Any]:
    found = _ATOMS.get(tag) if type(tag) is str else None
    if found is None:
        raise Mismatch(f"unknown atom {tag!r}")
    return found[1]


def _atom_values(values: Any) -> Any:
    if type(values) is not list or not set(map(type, values)) <= _PLAIN:
        raise CodecError("malformed game data: atoms that are not numbers or strings")
    return values


#: (path, kind) -> the class _resolve found by its current name (it stays valid)
_RESOLVED: dict[tuple[str, str], type] = {}


def _resolve(path: str, kind: str) -> type:
    """The class named by ``path``, only if it is a game data class of ours.

    The class must be *defined* in an allowed module (not merely reachable
    through one), and be a dataclass or an Enum as the tag says. A former
    name (see :func:`formerly`) resolves to the class that declared it.
    """
    if type(path) is not str:
        raise CodecError(f"a type named by {type(path).__name__}, not by its name")
    obj: Any = _FORMER.get(path)
    if obj is None:
        found = _RESOLVED.get((path, kind))
        if found is not None and _allowed(found.__module__):
            return found
    module, _, qual = path.partition(":")
    if not _allowed(module) or not qual:
        raise CodecError(f"refusing to load type {path!r} from outside the program")
    if obj is not None:
        module = obj.__module__
    else:
        obj = sys.modules.get(module)
        if obj is None:
            # a games' module this program does not have (renamed or removed by
            # another version) is a mismatch; anything else is not game data
            game_data = module.startswith("tabletop.games.") or not module.startswith("tabletop.")
            raise (Mismatch if game_data else CodecError)(f"unknown type {path!r}")
        try:
            for part in qual.split("."):
                obj = getattr(obj, part)
        except AttributeError as exc:
            raise Mismatch(f"unknown type {path!r}") from exc
    if not isinstance(obj, type) or not _allowed(obj.__module__) or obj.__module__ != module:
        raise CodecError(f"refusing to load {path!r}: not a game data type")
    if kind == "dataclass" and not dataclasses.is_dataclass(obj):
        raise CodecError(f"{path!r} is not a dataclass")
    if kind == "enum" and not issubclass(obj, enum.Enum):
        raise CodecError(f"{path!r} is not an enum")
    if path not in _FORMER:  # former names may be declared and withdrawn (tests)
        _RESOLVED[(path, kind)] = obj
    return obj


#: per dataclass: its tag, its field names (dataclasses.fields is slow) and a
#: getter of their values, a tuple
_DATACLASSES: dict[type, tuple[str, tuple[str, ...], Callable[[Any], tuple[Any, ...]]]] = {}


def _dataclass_spec(cls: type) -> tuple[str, tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    spec = _DATACLASSES.get(cls)
    if spec is None:
        names = tuple(f.name for f in dataclasses.fields(cls))
        get = operator.attrgetter(*names) if names else (lambda obj: ())
        values = get if len(names) != 1 else (lambda obj: (get(obj),))
        spec = (_qualname(cls), names, values)
        _DATACLASSES[cls] = spec
    return spec


def encode(obj: Any) -> Any:
    """Game data to a JSON-ready structure."""
    # the common exact types first (states are large trees of these); every
    # other type, subclasses included, takes the general path below
    kind = type(obj)
    if kind is str or kind is int or obj is None or kind is bool:
        return obj
    if kind is tuple:
        if obj and type(obj[0]) in _ATOM_OF:
            packed = _atoms(obj)
            if packed is not None:
                return packed
        if set(map(type, obj)) <= _BARE:  # numbers, strings, flags: as they are
            return {"$t": list(obj)}
        return {"$t": [encode(x) for x in obj]}
    if kind is float and math.isfinite(obj):
        return obj
    if kind in _ATOM_OF:
        tag, field_value = _ATOM_OF[kind]
        value = field_value(obj)
        if type(value) is int or type(value) is str:
            return {"$a": tag, "v": value}
    if kind in _DATACLASSES:
        tag, names, values = _DATACLASSES[kind]
        return {"$dc": tag, "f": dict(zip(names, map(encode, values(obj))))}
    if isinstance(obj, (bool, str)):
        return obj
    if isinstance(obj, enum.Enum):
        return {"$e": _qualname(type(obj)), "v": encode(obj.value)}
    if isinstance(obj, int):
        return int(obj)
    if isinstance(obj, float):
        if math.isfinite(obj):
            return obj
        return {"$f": "nan" if math.isnan(obj) else ("inf" if obj > 0 else "-inf")}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        tag, names, values = _dataclass_spec(kind)
        return {"$dc": tag, "f": dict(zip(names, map(encode, values(obj))))}
    if isinstance(obj, tuple):
        return {"$t": [encode(x) for x in obj]}  # a subclass: never packed
    if isinstance(obj, list):
        return [encode(x) for x in obj]
    if isinstance(obj, frozenset):
        items = [encode(x) for x in obj]
        items.sort(key=lambda x: json.dumps(x, sort_keys=True))
        return {"$fs": items}
    if isinstance(obj, dict):
        if all(isinstance(k, str) and not k.startswith("$") for k in obj):
            return {k: encode(v) for k, v in obj.items()}
        return {"$d": [[encode(k), encode(v)] for k, v in obj.items()]}
    raise TypeError(f"cannot encode {type(obj).__name__} in a save")


def decode(doc: Any) -> Any:
    """The inverse of :func:`encode`; raises CodecError on anything malformed,
    a document nested deeper than the interpreter can follow included."""
    try:
        return _decode(doc)
    except RecursionError:
        raise CodecError("malformed game data: nested too deeply") from None


def _decode(doc: Any) -> Any:
    kind = type(doc)
    if kind is str or kind is int or kind is float or doc is None or kind is bool:
        return doc
    if kind is dict and "$t" in doc and len(doc) == 1 and type(doc["$t"]) is list:
        items = doc["$t"]
        if set(map(type, items)) <= _READ_BARE:
            return tuple(items)
        return tuple([_decode(x) for x in items])
    if isinstance(doc, (bool, str, int, float)):
        return doc
    if isinstance(doc, list):
        return [_decode(x) for x in doc]
    if not isinstance(doc, dict):
        raise CodecError(f"unexpected {type(doc).__name__} in a save")
    try:
        if "$dc" in doc:
            cls = _resolve(doc["$dc"], "dataclass")
            fields = {k: _decode(v) for k, v in doc["f"].items()}
            _check_fields(cls, fields)
            return cls(**fields)
        if "$t" in doc:
            return tuple(_decode(x) for x in doc["$t"])
        if "$a" in doc:
            return _atom_maker(doc["$a"])(_atom_values([doc["v"]])[0])
        if "$at" in doc:
            return tuple(map(_atom_maker(doc["$at"]), _atom_values(doc["v"])))
        if "$fs" in doc:
            return frozenset(_decode(x) for x in doc["$fs"])
        if "$e" in doc:
            return _resolve(doc["$e"], "enum")(_decode(doc["v"]))
        if "$d" in doc:
            return {_decode(k): _decode(v) for k, v in doc["$d"]}
        if "$f" in doc:
            return float(doc["$f"])
    except CodecError:
        raise
    except (TypeError, ValueError, KeyError, AttributeError) as exc:
        raise CodecError(f"malformed game data: {exc}") from exc
    return {k: _decode(v) for k, v in doc.items()}


@functools.cache
def _field_names(cls: type) -> tuple[frozenset[str], frozenset[str]]:
    """(every field the constructor takes, the ones without a default)."""
    known = [f for f in dataclasses.fields(cls) if f.init]
    required = [
        f.name
        for f in known
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]
    return frozenset(f.name for f in known), frozenset(required)


def _check_fields(cls: type, fields: dict[str, Any]) -> None:
    """Mismatch when the saved fields are not the class's: a field the class
    no longer has, or one it needs that the save lacks (a field added with a
    default is simply filled in)."""
    known, required = _field_names(cls)
    if fields.keys() <= known and required <= fields.keys():
        return
    extra = sorted(set(fields) - known)
    missing = sorted(required - set(fields))
    what = [f"fields this version does not have: {', '.join(extra)}"] if extra else []
    what += [f"missing fields: {', '.join(missing)}"] if missing else []
    raise Mismatch(f"{_qualname(cls)} as saved has {'; '.join(what)}")


#: json.dumps(doc, sort_keys=True, separators=(",", ":")), made once
_WRITER = json.JSONEncoder(sort_keys=True, separators=(",", ":"))


def dumps(obj: Any) -> str:
    return _WRITER.encode(encode(obj))


def loads(text: str) -> Any:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from exc
    except RecursionError:
        raise CodecError("not JSON: nested too deeply") from None
    return decode(doc)
