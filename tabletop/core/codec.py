"""Exact JSON round trips for game states and actions.

States and actions are frozen dataclasses of tuples, ints, strings, floats,
enums and frozensets. Plain JSON loses the difference between a tuple and a
list, so this codec tags what JSON cannot say:

- a dataclass: ``{"$dc": "module:Qualname", "f": {field: value}}``
- a tuple: ``{"$t": [...]}``; a frozenset: ``{"$fs": [...]}`` (sorted by JSON)
- an enum member: ``{"$e": "module:Qualname", "v": value}``
- a dict whose keys are not all strings: ``{"$d": [[k, v], ...]}``
- non-finite floats: ``{"$f": "nan" | "inf" | "-inf"}``

A dataclass saved before a field was added with a default decodes with the
default. A type or field this program does not have raises :class:`Mismatch`
(another version of the code wrote it), not a plain :class:`CodecError`.

Only classes defined in modules under ``tabletop`` (and any prefixes a test
adds to :data:`ALLOWED_PREFIXES`) that the program has *already imported* are
revived: a file never makes the program import a module, so it cannot run
anything (the games' modules are imported by the registry).

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


#: (path, kind) -> the class _resolve found by its current name (it stays valid)
_RESOLVED: dict[tuple[str, str], type] = {}


def _resolve(path: str, kind: str) -> type:
    """The class named by ``path``, only if it is a game data class of ours.

    The class must be *defined* in an allowed module (not merely reachable
    through one), and be a dataclass or an Enum as the tag says. A former
    name (see :func:`formerly`) resolves to the class that declared it.
    """
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


#: per dataclass: its tag and its field names (dataclasses.fields is slow)
_DATACLASSES: dict[type, tuple[str, tuple[str, ...]]] = {}


def _dataclass_spec(cls: type) -> tuple[str, tuple[str, ...]]:
    spec = _DATACLASSES.get(cls)
    if spec is None:
        spec = (_qualname(cls), tuple(f.name for f in dataclasses.fields(cls)))
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
        return {"$t": [encode(x) for x in obj]}
    if kind is float and math.isfinite(obj):
        return obj
    if kind in _DATACLASSES:
        tag, names = _DATACLASSES[kind]
        return {"$dc": tag, "f": {name: encode(getattr(obj, name)) for name in names}}
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
        tag, names = _dataclass_spec(kind)
        return {"$dc": tag, "f": {name: encode(getattr(obj, name)) for name in names}}
    if isinstance(obj, tuple):
        return {"$t": [encode(x) for x in obj]}
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
        return tuple([_decode(x) for x in doc["$t"]])
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
    except (TypeError, ValueError, KeyError) as exc:
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


def dumps(obj: Any) -> str:
    return json.dumps(encode(obj), sort_keys=True, separators=(",", ":"))


def loads(text: str) -> Any:
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CodecError(f"not JSON: {exc}") from exc
    except RecursionError:
        raise CodecError("not JSON: nested too deeply") from None
    return decode(doc)
