"""Phantom Rummy's in-app rules page ships in the package and explains every
ruling R1-R8 under "How this edition plays it", and docs/rulings.md holds the
same ids beside the other games' rulings."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

RULINGS = [f"R{k}" for k in range(1, 9)]


def page() -> str:
    return (resources.files("tabletop.games.phantom_rummy") / "rules.txt").read_text("utf-8")


def test_the_rules_page_explains_each_ruling_in_order() -> None:
    text = page()
    assert text.startswith("Phantom Rummy\n")
    _, _, edition = text.partition("# How this edition plays it\n")
    assert edition, "the page has a 'How this edition plays it' part"
    found = re.findall(r"^(R\d+) ", edition, flags=re.MULTILINE)
    assert found == RULINGS


def test_the_rules_page_says_how_a_seat_with_nothing_to_claim_answers() -> None:
    # ruling R4: every seat but the discarder is asked, and Pass is all it can say
    edition = page().partition("# How this edition plays it\n")[2]
    r4 = edition.partition("\nR4 ")[2].partition("\nR5 ")[0]
    assert "Every player other than the discarder answers each discard" in r4
    assert "Pass is the only answer" in r4


def test_docs_rulings_holds_r1_to_r8() -> None:
    doc = (Path(__file__).parents[2] / "docs" / "rulings.md").read_text("utf-8")
    part = doc.partition("## Phantom Rummy\n")[2].partition("\n## ")[0]
    assert re.findall(r"^\| (R\d+) \|", part, flags=re.MULTILINE) == RULINGS
    assert "Pass as its only answer" in part
