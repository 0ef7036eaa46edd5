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


def test_the_rules_page_pictures_a_goal_and_lists_the_tables_keys() -> None:
    """The pictured example is a real goal hand beside an open set, its red
    cards and bonus kinds as its words say, drawn at the three sizes; the
    keys part names D, R, O, G, 1-4 and P."""
    import pygame

    from tabletop.games import REGISTRY
    from tabletop.games.phantom_rummy.hands import is_goal_hand, set_shape
    from tabletop.games.phantom_rummy.table import example
    from tabletop.ui.theme import Theme

    text = page()
    lines = re.findall(r"^\[\[picture (\w+) (\d+)\]\]$", text, flags=re.MULTILINE)
    assert lines == [("draw_example_goal", "9")]
    fn = REGISTRY["phantom_rummy"].rules_picture("draw_example_goal")
    assert fn is example.draw_example_goal
    hand = [c for _, cards in example.EXAMPLE_SETS for c in cards]
    assert is_goal_hand(hand) and len(hand) == 8
    assert [set_shape(c) for _, c in example.EXAMPLE_SETS[1:]] == ["run", "group"]
    assert set_shape(example.EXAMPLE_OPEN) == "group"
    reds = [c.title for c in (*hand, *example.EXAMPLE_OPEN) if c.red]
    assert reds == ["red Sword 4", "red Moon 6"]
    assert "R: Sword 4, Moon 6" in example.EXAMPLE_WORDS
    keys = text.partition("# At the table: mouse and keys\n")[2].partition("\n# ")[0]
    for key in ("D (", "R:", "O (", "G:", "1-4", "P passes"):
        assert key in keys, key
    pygame.init()
    try:
        for size in ((960, 600), (1280, 800), (1920, 1080)):
            t = Theme(size)
            surface = pygame.Surface(size)
            rect = pygame.Rect(0, 0, int(size[0] * 0.7), 9 * t.body.get_linesize())
            fn(surface, rect, t)
            assert surface.get_at((rect.centerx, rect.centery)) != (0, 0, 0, 255)
    finally:
        pygame.quit()
