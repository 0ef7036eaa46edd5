"""Planet etuC's table: your hand fanned at the bottom, the round's plays in the
middle, the other players around the top, the match and the rank card at the side.

The scene is thin. A card is *playable* when it is part of one of the rules'
legal plays; clicking cards selects one or two of them, and the selection
becomes ``Play(cards)``, which the session checks: its reason, when it is
refused, is shown under the hand and disables Play. Pass is the rules' ``Pass``.
Nothing here decides what may be played.

Every colour keeps its name and a glyph of its own from the theme's suit
styles (shown in the card's corner disc and as its pips), so no card is told
apart by colour alone (E1). What players read names a card by its colour word
or glyph ("orange 1", "1★"), never by the notation's letter ("1O" reads as ten).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.core.words import ordinal, plural
from tabletop.games.etuc.rules import (
    COLOUR_NAMES,
    PURPLE,
    Card,
    EtucState,
    Kind,
    Pass,
    Play,
    card_words,
    cards_words,
    deck,
    strongest_card,
)
from tabletop.ui.cards import (
    CardFace,
    CardPainter,
    CardTween,
    Look,
    Pose,
    draw_card,
    draw_fan,
    draw_outline,
    fan_layout,
    hit_test,
    stack_offset_layout,
)
from tabletop.ui.gamescene import GameScene
from tabletop.ui.handkeys import HandKeys, draw_focus_ring
from tabletop.ui.theme import Colour, SuitStyle, Theme, mix, text_on
from tabletop.ui.widgets import (
    Button,
    FocusGroup,
    Panel,
    draw_badge,
    draw_text,
    fit_text,
    wrap_text,
)

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
#: the round's state in words: a heading and what beats the last play (E2)
KIND_LABELS: dict[Kind | None, tuple[str, str]] = {
    None: ("New round", "{leader} leads: any card, or a pair of one number or one colour"),
    Kind.SINGLE_UNDETERMINED: (
        "Single · undetermined",
        "Beat it with a higher number, a stronger symbol, or both",
    ),
    Kind.SINGLE_BY_NUMBER: ("Single · by number", "Beat it with a higher number"),
    Kind.SINGLE_BY_SYMBOL: ("Single · by symbol", "Beat it with a stronger symbol"),
    Kind.NUMBER_PAIR: ("Number-pair", "Beat it with a higher number-pair"),
    Kind.SYMBOL_PAIR: ("Symbol-pair", "Beat it with a stronger symbol-pair"),
}
#: how far the second card of a pair sits from the first, in card widths
PAIR_STEP = 0.36
#: how far each play sits from the one before it, in card widths, beyond its own pair
PLAY_STEP = 0.42
#: the stack starts where this many plays would sit centred, and grows to the right
STACK_SPREAD = 4

# seconds, at animation speed 1
FLY = 0.34
HOLD = 0.45
CLEAR = 0.4
POP = 0.6


# -- cards as the theme shows them -------------------------------------------------


def colour_style(theme: Theme, colour: int) -> SuitStyle:
    """An etuC colour as a suit style: its colour, its own glyph, its name."""
    palette = CARD_COLOURS.get(theme.palette, CARD_COLOURS["default"])
    glyph = theme.suit(SUIT_OF_COLOUR[colour]).glyph
    return SuitStyle(palette[colour], glyph, COLOUR_NAMES[colour])


def card_face(theme: Theme, card: Card) -> CardFace:
    """The face of ``card``: its number, that many glyphs, its glyph in the corner."""
    style = colour_style(theme, card.colour)
    return CardFace.of(str(card.number), style, pips=card.number, badge=style.glyph)


def sort_hand(cards: tuple[Card, ...], by_colour: bool) -> list[Card]:
    if by_colour:
        return sorted(cards, key=lambda c: (c.colour, c.number))
    return sorted(cards)


# -- animation --------------------------------------------------------------------


@dataclass
class Phase:
    """A stretch of an animation: what the stack shows from ``start`` for ``duration``.

    ``kind`` is ``fly`` (``plays`` lie still, ``flights`` move onto them),
    ``hold`` (``plays`` lie still), ``clear`` (``plays`` slide off the table),
    or ``pop`` (a pass badge at ``seat``).
    """

    kind: str
    start: float
    duration: float
    plays: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    flights: list[tuple[Card, CardTween]] = field(default_factory=list)
    seat: int = -1
    text: str = ""

    @property
    def end(self) -> float:
        return self.start + self.duration

    def progress(self, clock: float) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, max(0.0, (clock - self.start) / self.duration))


# -- the scene ----------------------------------------------------------------------


class EtucScene(GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.players = session.config.players
        self.hand_painter = CardPainter(120)
        self.stack_painter = CardPainter(110)
        self.mini_painter = CardPainter(50)
        self.by_colour = True
        self.selected: list[Card] = []
        self.hover: Card | None = None
        self.playable: set[Card] = set()
        self.reason: str | None = None
        self._selection_key: tuple[int, int] | None = None
        self.phases: list[Phase] = []
        self.clock = 0.0
        # the layout (see layout_rects)
        self.hand_rect = pygame.Rect(0, 0, 0, 0)
        self.msg_rect = pygame.Rect(0, 0, 0, 0)
        self.buttons_rect = pygame.Rect(0, 0, 0, 0)
        self.label_rect = pygame.Rect(0, 0, 0, 0)
        self.stack_rect = pygame.Rect(0, 0, 0, 0)
        self.tag_h = 0
        #: where the hinted cards lie (their "Hint" pill goes on them)
        self._hint_spot: pygame.Rect | None = None
        self.seat_rects: dict[int, pygame.Rect] = {}
        self.match_panel = Panel()
        self.rank_panel = Panel()
        self.play_button = Button(
            "Play", self.play_selection, kind="primary", tooltip="Play the selected cards (Enter)"
        )
        self.pass_button = Button(
            "Pass", self.pass_turn, tooltip="Sit out the rest of this round (P)"
        )
        self.sort_button = Button(
            "Sort: colour", self.toggle_sort, tooltip="Order your hand by colour or by number (S)"
        )
        self.group = FocusGroup([self.play_button, self.pass_button, self.sort_button])
        #: keyboard play: ←/→ over the hand, Space selects, Enter plays, P passes
        self.keys = HandKeys(self.key_select, self.play_selection, self.pass_turn)
        self.refresh()

    # -- layout ----------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        pad, gap = t.px(14), t.px(10)
        btn_w, btn_h = t.px(150), t.px(44)
        hand_h = max(60, int(min(t.px(165), rect.h * 0.235)))
        band_h = round(hand_h * 1.3)
        self.hand_rect = pygame.Rect(
            rect.x + pad, rect.bottom - pad - band_h, rect.w - 2 * pad - btn_w - gap, band_h
        )
        self.buttons_rect = pygame.Rect(self.hand_rect.right + gap, self.hand_rect.y, btn_w, band_h)
        n_btn = 3
        col_h = n_btn * btn_h + (n_btn - 1) * gap
        top = self.buttons_rect.centery - col_h // 2
        for i, b in enumerate((self.play_button, self.pass_button, self.sort_button)):
            b.rect = pygame.Rect(self.buttons_rect.x, top + i * (btn_h + gap), btn_w, btn_h)
        msg_h = 2 * t.small.get_linesize() + t.px(6)
        self.msg_rect = pygame.Rect(
            rect.x + pad, self.hand_rect.y - gap - msg_h, rect.w - 2 * pad, msg_h
        )
        upper = pygame.Rect(
            rect.x + pad, rect.y + pad, rect.w - 2 * pad, self.msg_rect.y - gap - rect.y - pad
        )

        # the side column: the match, then the rank card
        side_w = t.px(236)
        line = t.small.get_linesize()
        inside = 2 * t.px(16)
        head = self.panel_heading(t)
        match_h = head + inside + (self.players + 2) * line + t.px(4)
        self.match_panel.rect = pygame.Rect(upper.x, upper.y, side_w, match_h)
        colours = len({c.colour for c in deck(self.players)})
        rank_h = head + inside + 3 * line + colours * self.chip_row(t)
        self.rank_panel.rect = pygame.Rect(
            upper.x, self.match_panel.rect.bottom + gap, side_w, rank_h + t.px(8)
        )

        # the main area: the other players, the round's state, the stack
        main = pygame.Rect(
            upper.x + side_w + gap, upper.y, upper.right - upper.x - side_w - gap, upper.h
        )
        mini_h = max(30, t.px(62))
        self.mini_painter.resize(mini_h)
        seat_h = t.body.get_linesize() + mini_h + t.px(22)
        others = self.others()
        self.seat_rects = {}
        seat_w = min(t.px(330), (main.w - gap * (len(others) - 1)) // max(1, len(others)))
        if len(others) == 1:
            xs = [main.centerx - seat_w // 2]
        else:
            xs = [main.x, main.right - seat_w]
        for seat, x in zip(others, xs):
            self.seat_rects[seat] = pygame.Rect(x, main.y, seat_w, seat_h)
        label_h = t.heading.get_linesize() + t.small.get_linesize() + t.px(12)
        label_w = min(main.w, t.px(560))
        self.label_rect = pygame.Rect(
            main.centerx - label_w // 2, main.y + seat_h + gap, label_w, label_h
        )
        self.stack_rect = pygame.Rect(
            main.x,
            self.label_rect.bottom + gap,
            main.w,
            upper.bottom - self.label_rect.bottom - gap,
        )
        self.tag_h = t.small.get_linesize() + t.px(14)
        stack_h = max(50, int(min(hand_h, (self.stack_rect.h - self.tag_h) / 1.1)))
        self.stack_painter.resize(stack_h)
        self.hand_painter.resize(hand_h)

    @staticmethod
    def panel_heading(t: Theme) -> int:
        """The height of a side panel's own heading line."""
        return t.font("body", bold=True).get_linesize() + t.px(8)

    def _panel(self, surface: pygame.Surface, panel: Panel, title: str) -> pygame.Rect:
        """Draw a side panel with its heading; returns the room below the heading."""
        t = self.app.theme
        panel.draw(surface, t)
        r = panel.content_rect(t)
        head = self.panel_heading(t)
        font = t.font("body", bold=True)
        draw_text(surface, font, title, t.text, pygame.Rect(r.x, r.y, r.w, font.get_linesize()))
        y = r.y + head - t.px(4)
        pygame.draw.line(surface, t.panel_edge, (r.x, y), (r.right, y), max(1, t.px(1)))
        return pygame.Rect(r.x, r.y + head, r.w, r.h - head)

    @staticmethod
    def chip_row(t: Theme) -> int:
        """The height of one colour's row on the rank card."""
        return t.small.get_linesize() + t.px(4)

    def layout_rects(self) -> dict[str, pygame.Rect]:
        """Every separate region of the table, by name (for tests: none may overlap)."""
        rects = {
            "match": self.match_panel.rect,
            "rank card": self.rank_panel.rect,
            "round state": self.label_rect,
            "stack": self.stack_rect,
            "message": self.msg_rect,
            "hand": self.hand_rect,
            "play": self.play_button.rect,
            "pass": self.pass_button.rect,
            "sort": self.sort_button.rect,
        }
        for seat, r in self.seat_rects.items():
            rects[f"seat {seat}"] = r
        return rects

    def others(self) -> list[int]:
        """The other seats clockwise from the viewer (left of the table first)."""
        n = self.players
        return [(self.viewer + k) % n for k in range(1, n)]

    # -- geometry of cards -------------------------------------------------------------
    def hand_cards(self, view: EtucState | None = None) -> list[Card]:
        """The viewer's hand in the order it is fanned."""
        view = view if view is not None else self.view
        hand = view.hands[self.viewer]
        return sort_hand(hand or (), self.by_colour)

    def hand_poses(self, n: int) -> list[Pose]:
        lift = self.hand_painter.lift(Look.SELECTED)
        area = self.hand_rect.inflate(-2 * self.app.theme.px(4), 0)
        area.y += lift
        area.h -= lift
        return fan_layout(
            n, area, self.hand_painter.card_size, max_spread_deg=12.0, deg_per_card=2.0
        )

    def card_look(self, card: Card) -> Look:
        if card in self.selected:
            return Look.SELECTED
        if card == self.hover and self.my_turn:
            return Look.HOVER
        if card in self.playable:
            return Look.PLAYABLE
        return Look.NORMAL

    def card_lift(self, card: Card) -> int:
        """How far ``card`` is raised in the hand: by its look, and at least
        as far as a selected card when a hint suggests it."""
        lift = self.hand_painter.lift(self.card_look(card))
        hint = self.hint_action
        if isinstance(hint, Play) and card in hint.cards:
            lift = max(lift, self.hand_painter.lift(Look.SELECTED))
        return lift

    def card_at(self, pos: tuple[int, int]) -> Card | None:
        cards = self.hand_cards()
        poses = self.hand_poses(len(cards))
        lifts = [self.card_lift(c) for c in cards]
        i = hit_test(poses, pos, self.hand_painter.card_size, lifts)
        return cards[i] if i is not None else None

    def stack_poses(self, plays: tuple[tuple[int, tuple[Card, ...]], ...]) -> list[list[Pose]]:
        """Where each play's cards lie: one list of poses per play, newest last."""
        if not plays:
            return []
        w, h = self.stack_painter.card_size
        per = max(len(cards) for _, cards in plays)
        inner = (per - 1) * PAIR_STEP * w
        step = inner + PLAY_STEP * w
        r = self.stack_rect

        def span(k: int) -> float:
            return (k - 1) * step + inner + w

        fits = max(1, int((r.w - inner - w) // step) + 1) if step > 0 else 1
        left = r.centerx - span(min(fits, STACK_SPREAD)) / 2
        fanned = max(1, int((r.right - left - inner - w) // step) + 1)
        room = r.h - self.tag_h
        dy = min(h * 0.08, max(0.0, (room - h) / max(1, fanned - 1)))
        origin = (left + w / 2, r.y + h / 2 + max(0.0, (room - h - dy * (fanned - 1)) / 2))
        bases = stack_offset_layout(len(plays), origin, (w, h), (step, dy), max_fanned=fanned)
        return [
            [Pose(b.x + j * PAIR_STEP * w, b.y, 0.0) for j in range(len(cards))]
            for b, (_, cards) in zip(bases, plays)
        ]

    def seat_anchor(self, seat: int) -> Pose:
        """Where a seat's cards come from: its fan of backs, or the viewer's hand."""
        r = self.seat_rects.get(seat)
        if r is None:
            return Pose(self.hand_rect.centerx, self.hand_rect.centery, 0.0)
        return Pose(
            r.centerx, r.bottom - self.mini_painter.card_height / 2 - self.app.theme.px(8), 0.0
        )

    # -- what the player may do ------------------------------------------------------------
    def selected_action(self) -> Play | None:
        return Play(tuple(self.selected)) if self.selected else None

    def refresh(self) -> None:
        """Recompute the playable cards, the selection's reason and the buttons."""
        key = (self.viewer, self.session.ply)
        if key != self._selection_key:
            self._selection_key = key
            self.selected = []
            self.hover = None
        mine = (
            self.replay_queue is None
            and self.session.to_move() == self.viewer
            and self.session.is_human_turn()
        )
        legal = self.session.rules.legal_actions(self.view) if mine else []
        self.playable = {c for a in legal if isinstance(a, Play) for c in a.cards}
        action = self.selected_action()
        self.reason = self.session.check(action, self.viewer) if action is not None else None
        self.play_button.enabled = mine and action is not None and self.reason is None
        self.play_button.disabled_reason = self.reason or (
            "Select one card or a pair first." if mine else "Wait for your turn."
        )
        pass_reason = self.session.check(Pass(), self.viewer) if mine else "Wait for your turn."
        self.pass_button.enabled = pass_reason is None
        self.pass_button.disabled_reason = pass_reason or ""
        self.sort_button.text = "Sort: colour" if self.by_colour else "Sort: number"

    def toggle_card(self, card: Card) -> None:
        if card in self.selected:
            self.selected.remove(card)
        else:
            self.selected.append(card)
            if len(self.selected) > 2:  # a play is one card or two: the oldest pick drops
                self.selected.pop(0)
        self.app.sound.play("click", 0.4)
        self.refresh()

    def key_select(self, card: Any) -> None:
        """Space on the card under the keyboard's cursor."""
        if not self.ready_for_input():
            return
        self.toggle_card(card)

    def play_selection(self) -> None:
        action = self.selected_action()
        if action is None:
            self.refuse("Select one card or a pair first.")
            return
        self.act(action)

    def pass_turn(self) -> None:
        self.act(Pass())

    def toggle_sort(self) -> None:
        self.by_colour = not self.by_colour
        self.refresh()

    # -- input -------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> bool:
        self.refresh()
        if event.type == pygame.KEYDOWN:
            if self.keys.handle(event, self.hand_cards()):
                self.refresh()
                return True
            if event.key == pygame.K_s:
                self.toggle_sort()
                return True
        if self.group.handle(event):
            self.refresh()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.card_at(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.card_at(event.pos)
            if card is None:
                return False
            if self.animating:
                self.skip_animation()
            self.keys.point_at(card, self.hand_cards())
            if not self.my_turn:
                return True
            self.toggle_card(card)
            return True
        return False

    # -- animation -----------------------------------------------------------------------
    def on_played(self, move: Move) -> None:
        before, action, after = move.before, move.action, move.after
        self.skip_animation()
        t = self.app.theme
        seat = before.turn
        table = tuple((p.seat, p.cards) for p in before.table)
        # a game that ended stays on the table under the frame's summary
        # (the rules' deal_summary): the last play lands and lies still
        ended = self.summary is not None
        cleared = ended or (not after.table and (bool(before.table) or isinstance(action, Play)))
        sound = self.app.sound
        clock = 0.0
        phases: list[Phase] = []
        if isinstance(action, Play):
            sound.play("card")
            landed = (*table, (seat, action.cards))
            targets = self.stack_poses(landed)[-1]
            starts = self._play_origins(before, seat, action.cards)
            fly = t.duration(FLY)
            if fly > 0:
                flights = [
                    (c, CardTween(a, b, fly, delay=0.04 * i * t.duration(1.0), tag=c))
                    for i, (c, a, b) in enumerate(zip(action.cards, starts, targets))
                ]
                phases.append(Phase("fly", 0.0, fly + 0.04 * t.duration(1.0), table, flights))
                clock = phases[-1].end
            if cleared:
                hold = t.duration(HOLD)
                if hold > 0:
                    phases.append(Phase("hold", clock, hold, landed))
                    clock += hold
                table = landed
        else:
            sound.play("click", 0.6)
            pop = t.duration(POP)
            if pop > 0:
                phases.append(Phase("pop", 0.0, pop, seat=seat, text="Pass"))
                if cleared:
                    phases.append(Phase("hold", 0.0, pop * 0.6, table))
                    clock = pop * 0.6
        if cleared and table and not ended:
            clear = t.duration(CLEAR)
            if clear > 0:
                phases.append(Phase("clear", clock, clear, table))
                clock += clear
            sound.play("whoosh", 0.5)
        self.phases = phases
        self.clock = 0.0
        self.refresh()

    def _play_origins(self, before: EtucState, seat: int, cards: tuple[Card, ...]) -> list[Pose]:
        if seat == self.viewer:
            hand = sort_hand(before.hands[seat] or (), self.by_colour)
            poses = self.hand_poses(len(hand))
            lift = self.hand_painter.lift(Look.SELECTED)
            return [
                poses[hand.index(c)].raised(lift) if c in hand else self.seat_anchor(seat)
                for c in cards
            ]
        return [self.seat_anchor(seat) for _ in cards]

    @property
    def animating(self) -> bool:
        return any(self.clock < p.end for p in self.phases)

    def skip_animation(self) -> None:
        self.phases = []
        self.clock = 0.0

    def update(self, dt: float) -> None:
        if self.phases:
            self.clock += dt
            for p in self.phases:
                for _, tween in p.flights:
                    tween.update(dt)
            if not self.animating:
                self.skip_animation()
        super().update(dt)
        self.refresh()
        self.group.update(dt)

    def _phase(self, *kinds: str) -> Phase | None:
        for p in self.phases:
            if p.kind in kinds and p.start <= self.clock < p.end:
                return p
        return None

    # -- drawing ---------------------------------------------------------------------------
    def round_label(self, view: EtucState) -> tuple[str, str]:
        """The round's state: a heading and a line saying what beats the last play."""
        if view.turn is None:  # a game, or the whole match, has ended
            names = self.session.names
            result = view.results[-1]
            if max(view.scores) >= view.target:
                winner = self.session.rules.outcome(view).winners[0]
                return "Match over", f"{names[winner]} wins the match with {view.scores[winner]} VP"
            return f"Game {result.game} over", f"{names[result.order[0]]} went out first"
        head, line = KIND_LABELS[view.kind]
        if view.kind is None:
            leader = self.session.names[view.turn] if view.turn is not None else "Nobody"
            return head, line.format(leader=leader)
        last = view.table[-1].cards
        if len(last) == 1 and last[0] == strongest_card(view.players):
            return head, f"{card_words(last[0])} is the strongest card: nobody can beat it"
        return head, line

    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        self._draw_match(surface, view)
        self._draw_rank_card(surface, view)
        for seat in self.seat_rects:
            self._draw_seat(surface, view, seat)
        self._draw_round(surface, view)
        self._draw_stack(surface, view)
        self._draw_message(surface, view)
        self._draw_hand(surface, view)
        self.group.draw_widgets(surface, self.app.theme)
        self._draw_hint_tags(surface)
        self._draw_pop(surface)

    def _draw_match(self, surface: pygame.Surface, view: EtucState) -> None:
        t = self.app.theme
        r = self._panel(surface, self.match_panel, "Match")
        line = t.small.get_linesize()
        draw_text(
            surface,
            t.font("small", bold=True),
            f"Game {view.game} · first to {view.target} VP",
            t.text_dim,
            pygame.Rect(r.x, r.y, r.w, line),
        )
        y = r.y + line + t.px(4)
        lead = max(view.scores)
        for s, score in enumerate(view.scores):
            style = t.player(s)
            row = pygame.Rect(r.x, y, r.w, line)
            name = self.session.names[s] + (
                " (you)" if s == self.viewer and len(self.session.human_seats()) == 1 else ""
            )
            font = t.font("small", bold=score == lead and lead > 0)
            draw_text(
                surface,
                font,
                f"{style.glyph} {name}",
                style.colour,
                pygame.Rect(row.x, row.y, row.w - t.px(40), line),
            )
            draw_text(surface, font, f"{score} VP", t.text, row, "right")
            y += line
        if view.results:
            last = view.results[-1]
            text = "Last game " + ", ".join(
                f"{t.player(s).glyph}+{p}" for s, p in enumerate(last.points) if p
            )
            draw_text(surface, t.small, text, t.text_dim, pygame.Rect(r.x, y, r.w, line))

    def _draw_rank_card(self, surface: pygame.Surface, view: EtucState) -> None:
        """The colour order, weakest at the top, with a bar growing with strength (E1)."""
        t = self.app.theme
        r = self._panel(surface, self.rank_panel, "Rank card")
        line = t.small.get_linesize()
        colours = sorted({c.colour for c in deck(view.players)})
        top = strongest_card(view.players)
        numbers = f"Numbers: 1 < 2 < … < {top.number}"
        draw_text(surface, t.small, numbers, t.text, pygame.Rect(r.x, r.y, r.w, line))
        draw_text(
            surface,
            t.small,
            "Symbols, weakest first:",
            t.text_dim,
            pygame.Rect(r.x, r.y + line, r.w, line),
        )
        y = r.y + 2 * line
        chip = line
        row_h = self.chip_row(t)
        bar_w = int(r.w * 0.36)
        bold = t.font("small", bold=True)
        for i, c in enumerate(colours):
            style = colour_style(t, c)
            box = pygame.Rect(r.x, y + (row_h - chip) // 2, chip, chip)
            pygame.draw.rect(surface, style.colour, box, border_radius=t.px(4))
            g = bold.render(style.glyph, True, text_on(style.colour))
            surface.blit(g, g.get_rect(center=box.center))
            text_r = pygame.Rect(box.right + t.px(6), y, r.w - chip - t.px(10) - bar_w, row_h)
            draw_text(surface, t.small, style.name, t.text, text_r)
            full = max(t.px(4), bar_w * (i + 1) // len(colours))
            bar = pygame.Rect(r.right - bar_w, box.centery - chip // 6, full, max(2, chip // 3))
            pygame.draw.rect(surface, style.colour, bar, border_radius=t.px(2))
            y += row_h
        draw_text(
            surface,
            t.small,
            f"Unbeatable: {card_words(top)}",
            t.text_dim,
            pygame.Rect(r.x, y, r.w, line),
        )

    def seat_badge(self, view: EtucState, seat: int) -> tuple[str, Colour]:
        """The pill on another seat's panel: out and its place, passed,
        thinking (as the frame says: never while a move is still shown) or to
        move; "" for none."""
        t = self.app.theme
        if seat in view.out:
            return f"out · {ordinal(view.out.index(seat) + 1)}", t.ok
        if view.passed[seat]:
            return "passed", t.warning
        if view.turn == seat:
            return ("thinking…" if self.is_thinking(seat) else "to move"), t.player(seat).colour
        return "", t.text_dim

    def _draw_seat(self, surface: pygame.Surface, view: EtucState, seat: int) -> None:
        t = self.app.theme
        r = self.seat_rects[seat]
        style = t.player(seat)
        to_move = view.turn == seat
        pygame.draw.rect(surface, t.felt_dark, r, border_radius=t.px(12))
        if to_move:
            pygame.draw.rect(surface, style.colour, r, t.px(3), border_radius=t.px(12))
        head = pygame.Rect(r.x + t.px(10), r.y + t.px(6), r.w - t.px(20), t.body.get_linesize())
        badge, colour = self.seat_badge(view, seat)
        badge_w = 0
        if badge:
            badge_w = draw_badge(surface, t, badge, colour, midright=head.midright).w + t.px(8)
        name = f"{style.glyph} {self.session.names[seat]}"
        draw_text(
            surface,
            t.font("body", bold=True),
            name,
            style.colour,
            pygame.Rect(head.x, head.y, head.w - badge_w, head.h),
        )
        n = view.hand_sizes[seat]
        fan_area = pygame.Rect(
            r.x + t.px(10), head.bottom + t.px(4), r.w - t.px(20), r.bottom - head.bottom - t.px(10)
        )
        count = t.font("body", bold=True).render(plural(n, "card"), True, t.text)
        count_r = count.get_rect(midright=(fan_area.right, fan_area.centery))
        fan_area.w -= count_r.w + t.px(10)
        poses = fan_layout(
            n, fan_area, self.mini_painter.card_size, max_spread_deg=16.0, max_step=0.32
        )
        for p in poses:
            draw_card(surface, self.mini_painter, None, p)
        surface.blit(count, count_r)

    def _draw_round(self, surface: pygame.Surface, view: EtucState) -> None:
        t = self.app.theme
        r = self.label_rect
        head, line = self.round_label(view)
        colour = mix(t.panel, t.accent, 0.35) if view.kind is not None else t.panel
        pygame.draw.rect(surface, colour, r, border_radius=t.px(12))
        pygame.draw.rect(surface, t.panel_edge, r, t.px(2), border_radius=t.px(12))
        hl = t.heading.get_linesize()
        draw_text(
            surface,
            t.heading,
            head,
            t.text,
            pygame.Rect(r.x + t.px(12), r.y + t.px(4), r.w - t.px(24), hl),
            "center",
        )
        sub = pygame.Rect(
            r.x + t.px(12), r.y + t.px(4) + hl, r.w - t.px(24), t.small.get_linesize()
        )
        draw_text(surface, t.small, line, t.text_dim, sub, "center")

    def _draw_stack(self, surface: pygame.Surface, view: EtucState) -> None:
        t = self.app.theme
        phase = self._phase("fly", "hold", "clear")
        plays = phase.plays if phase is not None else tuple((p.seat, p.cards) for p in view.table)
        poses = self.stack_poses(plays)
        clip = surface.get_clip()
        surface.set_clip(self.table_rect)
        if phase is not None and phase.kind == "clear":
            k = phase.progress(self.clock)
            ease = k * k
            dx = ease * (self.table_rect.right - self.stack_rect.x)
            alpha = round(255 * (1 - k))
            for (_, cards), ps in zip(plays, poses):
                for c, p in zip(cards, ps):
                    sprite = self.stack_painter.sprite(card_face(t, c), Look.NORMAL, 0.0).copy()
                    sprite.set_alpha(alpha)
                    surface.blit(sprite, sprite.get_rect(center=(round(p.x + dx), round(p.y))))
            surface.set_clip(clip)
            return
        n = len(plays)
        for i, ((seat, cards), ps) in enumerate(zip(plays, poses)):
            look = Look.NORMAL
            for c, p in zip(cards, ps):
                draw_card(surface, self.stack_painter, card_face(t, c), p, look)
            if i == n - 1 and phase is None:
                self._draw_play_tag(surface, seat, ps)
        if phase is not None and phase.kind == "fly":
            for c, tween in phase.flights:
                if self.clock >= phase.start:
                    draw_card(surface, self.stack_painter, card_face(t, c), tween.pose)
        surface.set_clip(clip)
        if not plays and phase is None:
            msg = "The table is clear" if view.turn is not None else ""
            draw_text(surface, t.body, msg, mix(t.felt, t.text, 0.5), self.stack_rect, "center")

    def _draw_play_tag(self, surface: pygame.Surface, seat: int, poses: list[Pose]) -> None:
        """Who made the last play: a tag in their colour under its cards."""
        t = self.app.theme
        style = t.player(seat)
        img = t.font("small", bold=True).render(
            f"{style.glyph} {self.session.names[seat]}", True, text_on(style.colour)
        )
        h = self.stack_painter.card_height
        x = sum(p.x for p in poses) / len(poses)
        pill = pygame.Rect(0, 0, img.get_width() + t.px(14), img.get_height() + t.px(4))
        pill.midtop = (round(x), round(poses[-1].y + h / 2 + t.px(6)))
        if pill.bottom > self.stack_rect.bottom:  # no room below: on the cards' lower edge
            pill.bottom = round(poses[-1].y + h / 2 - t.px(4))
        pill.clamp_ip(self.stack_rect)
        pygame.draw.rect(surface, style.colour, pill, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))

    def message(self, view: EtucState) -> tuple[str, Colour]:
        """The line under the table: the selection's reason, a hint, or whose turn it is."""
        t = self.app.theme
        seat = self.viewer
        if view.turn is None:
            over = max(view.scores) >= view.target
            return ("The match is over." if over else f"Game {view.game} is over."), t.text
        if seat in view.out:
            return f"You went out: {ordinal(view.out.index(seat) + 1)} place this game.", t.ok
        if view.turn != seat or not self.session.is_human_turn() or self.replay_queue is not None:
            who = self.session.names[view.turn]
            if view.passed[seat]:
                return f"You passed; you rejoin next round. {who} to move.", t.text_dim
            return f"{who} to move.", t.text_dim
        if isinstance(self.hint_action, Pass) and not self.selected:
            return "Hint: pass (P), or press Play hint.", t.hint
        if self.selected:
            if self.reason is not None:
                return self.reason, t.warning
            return f"Play {cards_words(self.play_cards())}? Press Play or Enter.", t.text
        if not view.table:
            return (
                "You lead: pick one card or a pair of one number or one colour (click, or ←/→ and Space), then Play (Enter).",
                t.text,
            )
        if not self.playable:
            return "Nothing in your hand beats that: Pass (P).", t.text
        return (
            "Pick cards to play (marked ones can: click, or ←/→ and Space), then Play (Enter), or Pass (P).",
            t.text,
        )

    def play_cards(self) -> tuple[Card, ...]:
        action = self.selected_action()
        return action.cards if action is not None else ()

    def _draw_message(self, surface: pygame.Surface, view: EtucState) -> None:
        t = self.app.theme
        text, colour = self.message(view)
        r = self.msg_rect
        line = t.small.get_linesize()
        font = t.font("small", bold=colour == t.warning)
        mine = view.hands[self.viewer]
        own = f"{t.player(self.viewer).glyph} {self.session.names[self.viewer]}: {plural(len(mine or ()), 'card')}"
        own_img = t.font("small", bold=True).render(own, True, t.player(self.viewer).colour)
        own_r = own_img.get_rect(bottomright=(r.right, r.bottom))
        surface.blit(own_img, own_r)
        width = r.w - own_r.w - t.px(16)
        lines = wrap_text(font, text, width)[:2]
        y = r.bottom - len(lines) * line
        for ln in lines:
            draw_text(
                surface, font, fit_text(font, ln, width), colour, pygame.Rect(r.x, y, width, line)
            )
            y += line

    def _draw_hand(self, surface: pygame.Surface, view: EtucState) -> None:
        t = self.app.theme
        cards = self.hand_cards(view)
        if not cards:
            return
        hint = self.hint_action
        hinted = hint.cards if isinstance(hint, Play) else ()
        size = self.hand_painter.card_size
        spots: list[pygame.Rect] = []
        focus = self.keys.focused(cards) if self.keys.shown else None
        for c, p in zip(cards, self.hand_poses(len(cards))):
            look = self.card_look(c)
            if c in hinted:  # the hint's cards: lifted as the hit test has them (card_lift)
                p = p.raised(self.card_lift(c) - self.hand_painter.lift(look))
            draw_card(surface, self.hand_painter, card_face(t, c), p, look)
            pose = p.raised(self.hand_painter.lift(look))  # where the card was drawn
            if c in hinted:  # ringed in the hint's colour
                draw_outline(surface, pose, size, t.hint, max(3, t.px(4)), grow=t.px(3))
                spots.append(pose.rect(size))
            if c == focus:  # the cards above it in the fan cover its ring as they cover it
                draw_focus_ring(surface, pose, size)
        self._hint_spot = spots[0].unionall(spots[1:]) if spots else None

    def _draw_hint_tags(self, surface: pygame.Surface) -> None:
        """Over the buttons: "Hint" on the hinted cards' faces (their corners
        stay readable, the line above the hand stays clear), or Pass ringed
        (the line under the table says "Hint: pass")."""
        hint = self.hint_action
        t = self.app.theme
        if isinstance(hint, Pass):
            around = self.pass_button.rect.inflate(t.px(10), t.px(10))
            pygame.draw.rect(surface, t.hint, around, max(3, t.px(4)), border_radius=t.px(10))
        elif isinstance(hint, Play) and self._hint_spot is not None:
            box = self._hint_spot.clip(self.table_rect)
            self._hint_pill(surface, "Hint", center=(box.centerx, box.y + box.h * 2 // 3))

    def _hint_pill(self, surface: pygame.Surface, text: str, **anchor: tuple[int, int]) -> None:
        """A pill in the hint's colour saying ``text``, placed by ``anchor`` (one rect attribute)."""
        t = self.app.theme
        font = t.font("small", bold=True)
        img = font.render(text, True, text_on(t.hint))
        pill = pygame.Rect(0, 0, img.get_width() + t.px(16), img.get_height() + t.px(6))
        for name, at in anchor.items():
            setattr(pill, name, at)
        pill.clamp_ip(self.table_rect)
        pygame.draw.rect(surface, t.hint, pill, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))

    def _draw_pop(self, surface: pygame.Surface) -> None:
        phase = self._phase("pop")
        if phase is None:
            return
        t = self.app.theme
        k = phase.progress(self.clock)
        scale = (
            0.6 + 0.5 * math.sin(min(1.0, k * 2.2) * math.pi / 2) - 0.1 * max(0.0, k - 0.45) / 0.55
        )
        font = t.font(26 * scale, bold=True)
        img = font.render(phase.text, True, t.text)
        anchor = self.seat_anchor(phase.seat)
        pill = pygame.Rect(0, 0, img.get_width() + t.px(24), img.get_height() + t.px(8))
        pill.center = (round(anchor.x), round(anchor.y))
        box = pygame.Surface(pill.size, pygame.SRCALPHA)
        alpha = 255 if k < 0.7 else round(255 * (1 - (k - 0.7) / 0.3))
        pygame.draw.rect(box, (*t.warning, alpha), box.get_rect(), border_radius=pill.h // 2)
        img.set_alpha(alpha)
        surface.blit(box, pill)
        surface.blit(img, img.get_rect(center=pill.center))


# -- the title screen's picture ------------------------------------------------------------


def draw_icon(surface: pygame.Surface, rect: pygame.Rect, theme: Theme) -> None:
    """Five fanned cards climbing in number and symbol, the last one the purple top card."""
    cards = [Card(1, 1), Card(2, 2), Card(3, 3), Card(4, 4), Card(6, PURPLE)]
    faces = [card_face(theme, c) for c in cards]
    draw_fan(
        surface,
        rect,
        faces,
        height=0.78,
        inset=10,
        max_spread_deg=36.0,
        deg_per_card=9.0,
        max_step=0.5,
    )


__all__ = ["EtucScene", "draw_icon"]
