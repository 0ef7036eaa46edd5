"""Claim the Discard's table. Exists only to exercise the platform.

The viewer's hand lies along the bottom; on your turn click a card to discard
it. When you are asked about a discard, Claim (C) and Pass (P) appear; the
other seats' hands show only as counts, their pairs face up. Everything drawn
comes from the viewer's view, so the hot-seat curtain (the base class's) is
all that stands between two people at one device. Legality is the rules'
business: every gesture becomes an action the frame plays through
:meth:`GameScene.act`. The table follows the contract every game's table does
(``tabletop/ui/table.py``); its picture is the view itself and the card the
mouse rests on.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.ui.gamescene import GameScene
from tabletop.ui.rest import NEVER
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.theme import mix
from tabletop.ui.widgets import Button, FocusGroup, draw_text
from tests.claimgame.rules import Card, Claim, Discard, Pass, Phase

SUIT_COLOURS = {
    "a": (40, 40, 48),
    "b": (178, 34, 52),
    "c": (22, 96, 160),
    "d": (30, 120, 60),
}
SUIT_GLYPHS = {"a": "♠", "b": "♥", "c": "♦", "d": "♣"}


def draw_card_face(surface: pygame.Surface, rect: pygame.Rect, card: Card, theme: Any) -> None:
    """One card, face up: rank and suit (a glyph as well as a colour)."""
    pygame.draw.rect(surface, (246, 242, 232), rect, border_radius=theme.px(8))
    pygame.draw.rect(surface, (60, 60, 60), rect, max(1, theme.px(2)), border_radius=theme.px(8))
    colour = SUIT_COLOURS[card.suit]
    text = f"{card.rank}{SUIT_GLYPHS[card.suit]}"
    draw_text(surface, theme.font("body", bold=True), text, colour, rect.inflate(-8, -8), "center")


def draw_card_back(surface: pygame.Surface, rect: pygame.Rect, theme: Any) -> None:
    pygame.draw.rect(surface, (70, 60, 120), rect, border_radius=theme.px(8))
    pygame.draw.rect(
        surface,
        (200, 200, 230),
        rect.inflate(-8, -8),
        max(1, theme.px(1)),
        border_radius=theme.px(6),
    )


@dataclass(frozen=True)
class ClaimPicture:
    """What the table shows: the viewer's view, the card lifted under the
    mouse, and whether the viewer is to act."""

    view: Any
    lifted: Card | None
    mine: bool
    prompted: bool


class ClaimTable(Table[ClaimPicture]):
    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        self.hand_rects: list[tuple[Card, pygame.Rect]] = []
        self.card_size = (0, 0)
        self.seat_rects: list[pygame.Rect] = []
        self.middle = pygame.Rect(0, 0, 0, 0)
        self.hand_area = pygame.Rect(0, 0, 0, 0)
        self.hover: Card | None = None
        self.claim_button = Button(
            "Claim",
            lambda: self.choose(Claim()),
            kind="primary",
            hotkey=pygame.K_c,
            tooltip="Take the discard to lay a pair",
        )
        self.pass_button = Button(
            "Pass", lambda: self.choose(Pass()), hotkey=pygame.K_p, tooltip="Let it go"
        )
        self.buttons = FocusGroup([self.claim_button, self.pass_button])
        self.group = self.buttons

    def wake_in(self) -> float:
        """Nothing of this table moves by itself."""
        return NEVER

    # -- layout --------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.frame.app.theme
        pad = t.px(20)
        inner = rect.inflate(-2 * pad, -2 * pad)
        ch = max(40, min(t.px(120), inner.h // 4))
        self.card_size = (ch * 5 // 7, ch)
        top_h = ch // 2 + t.px(70)
        others = max(1, self.frame.session.config.players - 1)
        w = inner.w // others
        self.seat_rects = [
            pygame.Rect(inner.x + i * w, inner.y, w - t.px(10), top_h) for i in range(others)
        ]
        self.hand_area = pygame.Rect(inner.x, inner.bottom - ch - t.px(10), inner.w, ch + t.px(10))
        self.middle = pygame.Rect(
            inner.x, inner.y + top_h, inner.w, self.hand_area.y - inner.y - top_h
        )
        bw, bh = t.px(150), t.px(48)
        right = self.middle.right
        self.claim_button.rect = pygame.Rect(
            right - 2 * bw - t.px(10), self.middle.bottom - bh - t.px(10), bw, bh
        )
        self.pass_button.rect = pygame.Rect(right - bw, self.middle.bottom - bh - t.px(10), bw, bh)
        self._place_hand()

    def _place_hand(self) -> None:
        hand = self.frame.view.hands[self.frame.viewer] or ()
        cw, ch = self.card_size
        gap = max(4, cw // 6)
        total = len(hand) * cw + max(0, len(hand) - 1) * gap
        x = self.hand_area.centerx - total // 2
        self.hand_rects = [
            (card, pygame.Rect(x + i * (cw + gap), self.hand_area.y, cw, ch))
            for i, card in enumerate(hand)
        ]

    def others(self) -> list[int]:
        n = self.frame.session.config.players
        return [(self.frame.viewer + k) % n for k in range(1, n)]

    # -- input -----------------------------------------------------------------------
    def card_at(self, pos: tuple[int, int]) -> Card | None:
        for card, rect in reversed(self.hand_rects):
            if rect.collidepoint(pos):
                return card
        return None

    def _prompted(self) -> bool:
        return self.frame.my_turn and self.frame.view.phase is Phase.CLAIMS

    def _sync_buttons(self) -> None:
        asked = self._prompted()
        self.pass_button.visible = asked
        self.claim_button.visible = (
            asked and self.frame.session.check(Claim(), self.frame.viewer) is None
        )

    def refresh(self) -> None:
        self._place_hand()
        self._sync_buttons()

    def handle(self, event: pygame.event.Event) -> Any:
        self._sync_buttons()
        if self.buttons.handle(event):
            return self.take_chosen() or True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.card_at(event.pos)
            if card is None:
                return False
            return Discard(card)
        return False

    def start(self, move: Move) -> None:
        self.frame.app.sound.play("clack")
        self._place_hand()

    # -- drawing ---------------------------------------------------------------------
    def picture(self, view: Any) -> ClaimPicture:
        mine = self.frame.my_turn
        lifted = self.hover if mine and view.phase is Phase.DISCARD else None
        return ClaimPicture(view, lifted, mine, self._prompted())

    def paint(self, surface: pygame.Surface, picture: ClaimPicture) -> None:
        t = self.frame.app.theme
        view = picture.view
        names = self.frame.session.names
        cw, ch = self.card_size
        small = (cw * 2 // 3, ch * 2 // 3)
        for rect, seat in zip(self.seat_rects, self.others()):
            pygame.draw.rect(surface, t.felt_dark, rect, border_radius=t.px(10))
            head = f"{t.player(seat).glyph} {names[seat]}: {view.hand_sizes[seat]} cards"
            draw_text(
                surface,
                t.body,
                head,
                t.player(seat).colour,
                pygame.Rect(
                    rect.x + t.px(8), rect.y + t.px(6), rect.w - t.px(16), t.body.get_linesize()
                ),
            )
            x = rect.x + t.px(8)
            y = rect.y + t.px(14) + t.body.get_linesize()
            for a, b in view.pairs[seat]:
                for card in (a, b):
                    draw_card_face(surface, pygame.Rect(x, y, *small), card, t)
                    x += small[0] // 2
                x += small[0] // 2 + t.px(6)
        self._draw_middle(surface, picture)
        for card, rect in self.hand_rects:
            lifted = rect.move(0, -t.px(10)) if card == picture.lifted else rect
            draw_card_face(surface, lifted, card, t)
        mine = view.pairs[self.frame.viewer]
        if mine:
            text = "Your pairs: " + "  ".join(f"{a}+{b}" for a, b in mine)
            draw_text(
                surface,
                t.small,
                text,
                t.text_dim,
                pygame.Rect(
                    self.hand_area.x,
                    self.hand_area.y - t.small.get_linesize() - t.px(4),
                    self.hand_area.w,
                    t.small.get_linesize(),
                ),
            )
        self.buttons.draw(surface, t)

    def _draw_middle(self, surface: pygame.Surface, picture: ClaimPicture) -> None:
        t = self.frame.app.theme
        view = picture.view
        cw, ch = self.card_size
        m = self.middle
        stock = pygame.Rect(m.x + t.px(10), m.centery - ch // 2, cw, ch)
        if view.stock_size:
            draw_card_back(surface, stock, t)
        label = pygame.Rect(stock.x, stock.bottom + t.px(4), cw * 2, t.small.get_linesize())
        draw_text(surface, t.small, f"stock {view.stock_size}", t.text_dim, label)
        pile = stock.move(cw + t.px(20), 0)
        if view.pile:
            draw_card_face(surface, pile, view.pile[-1], t)
        else:
            pygame.draw.rect(surface, mix(t.felt, (0, 0, 0), 0.2), pile, border_radius=t.px(8))
        draw_text(
            surface, t.small, f"pile {len(view.pile)}", t.text_dim, label.move(cw + t.px(20), 0)
        )
        lines = []
        names = self.frame.session.names
        if view.phase is Phase.CLAIMS:
            offer = pygame.Rect(m.centerx - cw // 2, m.centery - ch // 2, cw, ch)
            draw_card_face(surface, offer, view.offer, t)
            lines.append(f"{names[view.turn]} discards {view.offer}.")
            if picture.prompted:
                lines.append("Claim it to lay a pair, or pass. Nobody sees your answer.")
            else:
                lines.append(f"{names[self.frame.session.to_move()]} is asked.")
        elif view.phase is Phase.DISCARD:
            lines.append(
                "Click a card to discard it."
                if picture.mine
                else f"{names[view.turn]} is to discard."
            )
        y = m.centery + ch // 2 + t.px(8)
        for line in lines:
            draw_text(
                surface,
                t.body,
                line,
                t.text,
                pygame.Rect(m.x + 3 * cw, y, m.w - 6 * cw, t.body.get_linesize()),
                "center",
            )
            y += t.body.get_linesize()


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """The game's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=ClaimTable)
