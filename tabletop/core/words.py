"""Small English helpers for what the program says: ordinals, plurals and
quoted values.

Pure functions, one home for each: every screen, log line and refusal that
says "2nd" or "3 cards", or quotes a value it refuses ("not 1.0e+308 mm/s"),
calls these rather than building the words itself.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence


def ordinal(n: int) -> str:
    """``n`` with its English ordinal suffix: "1st", "2nd", "3rd", "4th",
    "11th", "12th", "13th", "21st", "22nd", "101st", "111th"."""
    if 10 <= abs(n) % 100 <= 20:
        suffix = "th"
    else:
        suffix = {1: "st", 2: "nd", 3: "rd"}.get(abs(n) % 10, "th")
    return f"{n}{suffix}"


def plural(n: int, word: str, plural: str | None = None) -> str:
    """``n`` and ``word``, made plural unless ``n`` is 1: "1 card", "2 cards",
    "0 cards". ``plural`` is the plural form where adding "s" is wrong
    ("1 match", "2 matches"; "1 disc left" by giving "disc left" and
    "discs left")."""
    if n == 1:
        return f"{n} {word}"
    return f"{n} {plural if plural is not None else word + 's'}"


#: the most characters :func:`quote` shows of a text or a type's name
QUOTE_LIMIT = 24
#: numbers this large or larger (in size) are quoted in scientific notation
_SCIENTIFIC = 1e15


def quote(value: object, unit: str = "", digits: int = 2) -> str:
    """``value`` as a message for players may quote it: short, rounded, and
    never raising, whatever the value is (it often came from a bug or a file).

    Numbers are rounded to ``digits`` decimals and followed by ``unit`` (give
    its spacing: ``" mm/s"``, ``"°"``): ``3000 mm/s``, ``12.35°``; a float
    keeps one decimal (``1.0``, where a whole number was wanted). Very large
    or very small ones are written ``1.0e+308 mm/s``; a whole number too large
    for a float is "a number far too large"; NaN is "NaN" and the infinities
    "infinity" and "minus infinity". A text is quoted and cut to
    :data:`QUOTE_LIMIT` characters; None, True and False are their names; any
    other value is named by its type ("a tuple", "a Card").
    """
    try:
        return _quote(value, unit, digits)
    except Exception:  # noqa: BLE001 - a value whose own methods raise
        return "a value that cannot be shown"


def _quote(value: object, unit: str, digits: int) -> str:
    if value is None or isinstance(value, bool):
        return repr(value)
    if isinstance(value, int):
        return _whole(int(value), unit)
    if isinstance(value, float):
        return _real(float(value), unit, digits)
    if isinstance(value, str):
        return clean(repr(clip(value, QUOTE_LIMIT)))
    name = type(value).__name__[:QUOTE_LIMIT]
    article = "an" if name[:1].lower() in "aeiou" else "a"
    return f"{article} {name}"


def _whole(n: int, unit: str) -> str:
    # bit_length, not str(): a whole number of thousands of digits cannot even
    # be turned into a string
    if n.bit_length() < 50:
        return f"{n}{unit}"
    try:
        return f"{float(n):.1e}{unit}"
    except OverflowError:
        return "a negative number far too large" if n < 0 else "a number far too large"


def _real(x: float, unit: str, digits: int) -> str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "minus infinity" if x < 0 else "infinity"
    size = abs(x)
    if size >= _SCIENTIFIC:
        return f"{x:.1e}{unit}"
    if 0 < size < 10.0**-digits:
        return f"{x:.1g}{unit}"
    # rounded, trailing zeros dropped, one decimal kept: a float reads as one
    text = f"{x:.{max(digits, 1)}f}".rstrip("0")
    text = text + "0" if text.endswith(".") else text
    return ("0.0" if text == "-0.0" else text) + unit


#: the most characters :func:`shorten` keeps of a text
SHORTEN_LIMIT = 120

#: what :func:`clean` puts in place of a character no text should hold
REPLACEMENT = "\ufffd"
# control characters but tab and newline, and lone surrogate halves (JSON's
# "\ud800" reads as one): a font cannot draw them (pygame refuses a NUL) and
# UTF-8 cannot even write a surrogate
_UNCLEAN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")


def clean(text: str) -> str:
    """``text`` with every character that cannot be drawn or written (a
    control character other than tab and newline, an unpaired surrogate)
    replaced by U+FFFD. Every text read from a player's file goes through
    this where it is read (``storage.decode_json``, the physics file), so a
    NUL in a name never reaches a font or a log file."""
    return _UNCLEAN.sub(REPLACEMENT, text)


def is_clean(text: str) -> bool:
    """True when :func:`clean` would leave ``text`` as it is."""
    return _UNCLEAN.search(text) is None


#: the most characters of a player's name read from a file (the setup screen takes 16)
NAME_LIMIT = 24
#: the most characters of any other text read from a file (an end reason, a summary)
TEXT_LIMIT = 200


def clip(text: str, limit: int) -> str:
    """``text`` cut to at most ``limit`` characters, the last an ellipsis
    when it was cut: how a text that came from a file (a name, a game's
    name, an end reason) is kept to a size a screen can show."""
    return text if len(text) <= limit else text[: max(0, limit - 1)] + "…"


def shorten(value: object, limit: int = SHORTEN_LIMIT) -> str:
    """``value`` as text (its ``str``, a move's notation or an error's words)
    cut to ``limit`` characters and :func:`clean`, for a message that quotes
    it whole where it is short: a damaged file may hold a number or a name of
    any length, and any character. Never raises."""
    try:
        text = str(value)
    except Exception:  # noqa: BLE001 - a value whose own methods raise (an int of 5,000 digits)
        text = "a value that cannot be shown"
    return clean(clip(text, limit))


#: how a bot's words name a seat (a bot knows seats, not names): see :func:`seat_ref`
_SEAT_REF = re.compile(r"\{seat (\d+)\}")


def seat_ref(seat: int) -> str:
    """A seat named in words written without the players' names (a bot's
    ``explain``): "{seat 2}", which :func:`fill_seats` turns into the name."""
    return f"{{seat {int(seat)}}}"


def fill_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every :func:`seat_ref` replaced by that seat's name
    ("a player" for a seat not at the table)."""

    def name(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if 0 <= i < len(names) else "a player"

    return addressed(_SEAT_REF.sub(name, text), names)


#: the name of a seat the words speak to (a lesson's person sits as "You")
YOU = "You"
_YOU_VERB = re.compile(r"\bYou ([a-z]+s)\b")
_YOUR = re.compile(r"\bYou's\b")
#: third-person verbs whose plain form is not the word less its "s" or "es"
_IRREGULAR = {"has": "have", "is": "are", "was": "were", "does": "do", "goes": "go"}


def _plain(verb: str) -> str:
    """A verb's form after "you": "plays" -> "play", "passes" -> "pass"."""
    if verb in _IRREGULAR:
        return _IRREGULAR[verb]
    if verb.endswith("ies") and len(verb) > 4:
        return verb[:-3] + "y"
    if verb.endswith(("sses", "shes", "ches", "xes", "zes")):
        return verb[:-2]
    if verb.endswith("ss"):
        return verb
    return verb[:-1]


def addressed(text: str, names: Sequence[str]) -> str:
    """``text`` as said to a seat named "You" when one sits at the table
    (a lesson's person): "You plays" -> "You play", "You's card" -> "your
    card" ("Your" where a sentence begins). Unchanged otherwise."""
    if YOU not in names or YOU not in text:
        return text
    text = _YOU_VERB.sub(lambda m: f"You {_plain(m.group(1))}", text)

    def your(m: re.Match[str]) -> str:
        before = text[: m.start()].rstrip()
        return "Your" if not before or before[-1] in ".!?:" else "your"

    return _YOUR.sub(your, text)
