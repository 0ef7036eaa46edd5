"""An action's shape, checked before a game's ``check`` reads what it means.

Actions reach ``check`` from people's gestures, bots, saves and bugs, so the
first thing ``check`` asks is whether the action is one of the game's action
classes, holding fields of the right type and of a sensible size: a card number
that is a whole number (not True, which Python counts as 1, nor 1.0), a speed
that is a finite number (not NaN, nor 10**400). Only then does it read the
action. Each action class says what it holds in a ``malformed()`` method beside
its definition, written with the helpers here, and ``check`` calls
:func:`malformed` first::

    @dataclass(frozen=True)
    class Take:
        heap: int
        count: int

        def malformed(self) -> str | None:
            return shapes.whole(self.heap, "heap number") or shapes.whole(
                self.count, "number of stones"
            )

    def check(self, state, action):
        why = shapes.malformed(action, (Take, Reserve), "That is not a Nim move.")
        if why is not None:
            return why
        ...

Every refusal quotes the value it refuses through :func:`tabletop.core.words.quote`,
so a message stays one short line whatever the value was. The conformance
harness holds every game to this (tabletop/core/conformance.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Any

from tabletop.core.words import quote

#: no number in an action of any game is this large (in size) or larger: a
#: tabletop has no use for it, and the harness feeds such numbers to every game
HUGE = 10**9


def malformed(action: object, classes: type | tuple[type, ...], not_ours: str) -> str | None:
    """None when ``action`` is an instance of one of the game's action
    ``classes`` and its own ``malformed()`` (if the class has one) finds
    nothing wrong; otherwise the reason: ``not_ours`` ("That is not a Nim
    move.") for anything else (None, a tuple, another game's action)."""
    if not isinstance(action, classes):
        return not_ours
    own = getattr(type(action), "malformed", None)
    return None if own is None else own(action)


def is_whole(value: object) -> bool:
    """True for a whole number of sensible size: an int, not a bool."""
    return isinstance(value, int) and not isinstance(value, bool) and abs(value) < HUGE


def is_real(value: object) -> bool:
    """True for a finite number of sensible size: an int or a float, not a bool."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    try:
        return math.isfinite(value) and abs(value) < HUGE
    except OverflowError:  # a whole number too large for a float
        return False


def whole(value: object, what: str, low: int | None = None, high: int | None = None) -> str | None:
    """None when ``value`` is a whole number from ``low`` to ``high`` (either
    may be left open), else the reason, naming ``what`` ("card's number")."""
    if isinstance(value, bool) or not isinstance(value, int):
        return f"The {what} must be a whole number, not {quote(value)}."
    if low is not None and high is not None and not low <= value <= high:
        return f"The {what} must be from {low} to {high}, not {quote(value)}."
    if low is not None and value < low:
        return f"The {what} must be at least {low}, not {quote(value)}."
    if high is not None and value > high:
        return f"The {what} must be at most {high}, not {quote(value)}."
    if abs(value) >= HUGE:
        return f"The {what} is far too large: {quote(value)}."
    return None


def real(value: object, what: str, unit: str = "") -> str | None:
    """None when ``value`` is a finite number of sensible size (an int or a
    float, not a bool), else the reason, naming ``what`` and quoting the value
    with its ``unit`` (" mm/s"). A game checks its own ranges after this."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return f"The {what} must be a number, not {quote(value)}."
    try:
        finite = math.isfinite(value)
    except OverflowError:  # a whole number too large for a float
        finite = False
    if not finite:
        return f"The {what} must be a finite number, not {quote(value, unit)}."
    if abs(value) >= HUGE:
        return f"The {what} is far too large: {quote(value, unit)}."
    return None


def flag(value: object, what: str) -> str | None:
    """None when ``value`` is True or False (not 1, not "yes"), else the reason."""
    if isinstance(value, bool):
        return None
    return f"The {what} must be yes or no, not {quote(value)}."


def one_of(value: object, choices: Iterable[Any], what: str) -> str | None:
    """None when ``value`` is one of ``choices``, of the same type too (True is
    not 1), else the reason listing the choices."""
    options = tuple(choices)
    if any(type(value) is type(c) and value == c for c in options):
        return None
    listed = ", ".join(str(c) for c in options)
    return f"The {what} must be one of {listed}, not {quote(value)}."
