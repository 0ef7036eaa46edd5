"""How Planet etuC's cards look: every colour keeps its name and a glyph of its
own from the theme's suit styles (shown in the card's corner disc and as its
pips), so no card is told apart by colour alone (E1)."""

from __future__ import annotations

from tabletop.games.etuc.rules import COLOUR_NAMES, Card
from tabletop.ui.cards import CardFace
from tabletop.ui.theme import Colour, SuitStyle, Theme

#: the theme suit whose glyph (and shape) each etuC colour borrows, weakest first:
#: gray ☾, orange ★, yellow ♦, green ♣, blue ♠, purple ✿
SUIT_OF_COLOUR = (6, 4, 2, 3, 0, 5)
#: the cards' colours, true to their names, per palette (Okabe-Ito for colour-blind players)
CARD_COLOURS: dict[str, tuple[Colour, ...]] = {
    "default": (
        (128, 134, 146),
        (236, 120, 24),
        (226, 186, 0),
        (40, 154, 72),
        (38, 104, 214),
        (150, 70, 196),
    ),
    "okabe_ito": (
        (0x99, 0x99, 0x99),
        (0xD5, 0x5E, 0x00),
        (0xF0, 0xE4, 0x42),
        (0x00, 0x9E, 0x73),
        (0x00, 0x72, 0xB2),
        (0xCC, 0x79, 0xA7),
    ),
}


def colour_style(theme: Theme, colour: int) -> SuitStyle:
    """An etuC colour as a suit style: its colour, its own glyph, its name."""
    palette = CARD_COLOURS.get(theme.palette, CARD_COLOURS["default"])
    glyph = theme.suit(SUIT_OF_COLOUR[colour]).glyph
    return SuitStyle(palette[colour], glyph, COLOUR_NAMES[colour])


def card_face(theme: Theme, card: Card) -> CardFace:
    """The face of ``card``: its number, that many glyphs, its glyph in the corner."""
    style = colour_style(theme, card.colour)
    return CardFace.of(str(card.number), style, pips=card.number, badge=style.glyph)
