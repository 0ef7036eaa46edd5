"""Small English helpers for what the program says: ordinals and plurals.

Pure functions, one home for each: every screen, log line and refusal that
says "2nd" or "3 cards" calls these rather than building the word itself.
"""

from __future__ import annotations


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
