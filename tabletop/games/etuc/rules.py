"""Planet etuC: shed your hand by beating the last play by number or by symbol.

Where the rulebook leaves a gap, rulings E1-E5 settle it (docs/rulings.md);
the in-app page is ``rules.txt`` beside this file. One Tabletop
game is a whole *match*: deals are played one after another until a player
reaches the target (10 victory points with 2 players, 6 with 3), so the state
runs from the first deal to the end of the match.

Cards print as number then colour letter, weakest colour first (E1):
``A`` gray (ash; G is taken by green), ``O`` orange, ``Y`` yellow, ``G`` green,
``B`` blue, ``P`` purple. ``play 3G+3B`` is a number-pair, ``play 2P+5P`` a
symbol-pair, ``pass`` a pass.

What a scene reads from a state or a view (see :class:`EtucState`):
``kind`` (the round's kind, None while the leader has not played),
``table`` (this round's plays, oldest first; ``table[-1]`` is the play to beat),
``passed`` (who is out of this round), ``hands`` (None for hands this seat may
not see) and ``hand_sizes``, ``scores`` (victory points), ``game`` (the game
number in the match) and ``results`` (every finished game of the match).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from random import Random  # the type only: generators come from core.rng
from typing import Any

from tabletop.core import rng, shapes
from tabletop.core.bots import deal_unseen
from tabletop.core.game import (
    DealSummary,
    EndReason,
    GameConfig,
    IllegalAction,
    Outcome,
    ScoreSheet,
    SheetRow,
    SummaryRow,
    require,
)
from tabletop.core.words import ordinal, plural, quote
from tabletop.games.etuc.info import INFO

# -- cards -------------------------------------------------------------------

#: colour letters, weakest symbol first (E1); gray is index 0 and 3-player only
COLOUR_LETTERS = ("A", "O", "Y", "G", "B", "P")
COLOUR_NAMES = ("gray", "orange", "yellow", "green", "blue", "purple")
GRAY, ORANGE, YELLOW, GREEN, BLUE, PURPLE = range(6)
#: the lowest and highest card number of any deck (6 only with 3 players)
NUMBERS = (1, 6)

HAND_SIZE = 11
SET_ASIDE = 3
#: victory points that win the match, by player count
TARGETS = {2: 10, 3: 6}


@dataclass(frozen=True, order=True)
class Card:
    """A card: ``number`` 1-6 and ``colour`` 0-5 (an index into COLOUR_LETTERS,
    which is also its symbol strength). Cards sort by number, then symbol."""

    number: int
    colour: int

    def malformed(self) -> str | None:
        """Why this is no card of any deck (a number or colour of the wrong type
        or out of range), or None."""
        return shapes.whole(self.number, "card's number", *NUMBERS) or shapes.whole(
            self.colour, "card's colour", 0, len(COLOUR_LETTERS) - 1
        )

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"card({quote(self.number)}, {quote(self.colour)})"
        return f"{self.number}{COLOUR_LETTERS[self.colour]}"

    @property
    def colour_name(self) -> str:
        return COLOUR_NAMES[self.colour]


def deck(players: int) -> tuple[Card, ...]:
    """The cards used by ``players`` players, in sorted order."""
    if players == 2:
        return tuple(Card(n, c) for n in range(1, 6) for c in range(ORANGE, PURPLE + 1))
    if players == 3:
        return tuple(Card(n, c) for n in range(1, 7) for c in range(GRAY, PURPLE + 1))
    raise ValueError(f"Planet etuC is for 2 or 3 players, not {players}")


def strongest_card(players: int) -> Card:
    """Case (4): the top number of purple (5P with 2 players, 6P with 3)."""
    return Card(5 if players == 2 else 6, PURPLE)


def parse_card(text: str) -> Card:
    """``"3G"`` -> Card(3, GREEN)."""
    text = text.strip().upper()
    if len(text) != 2 or not text[0].isdigit() or text[1] not in COLOUR_LETTERS:
        raise ValueError(f"not a card: {text!r}")
    return Card(int(text[0]), COLOUR_LETTERS.index(text[1]))


def cards_text(cards: Sequence[Card]) -> str:
    """Cards in the notation of actions and golden files: ``3G+3B``."""
    return "+".join(str(c) for c in cards)


def card_words(card: Card) -> str:
    """A card as players read it: its colour's name, then its number
    ("orange 1"), never the letter of the notation ("1O" reads as ten)."""
    if card.malformed() is not None:
        return str(card)
    return f"{COLOUR_NAMES[card.colour]} {card.number}"


def cards_words(cards: Sequence[Card]) -> str:
    """Cards as players read them: "green 3 and blue 3"."""
    return " and ".join(card_words(c) for c in cards)


# -- actions -----------------------------------------------------------------

#: a malformed play of many cards prints this many of them
PRINTED_CARDS = 4


@dataclass(frozen=True)
class Play:
    """Play one card or a pair; ``cards`` is kept sorted, so ``Play`` of the same
    cards in any order is one action. Prints as ``play 5P`` or ``play 3G+3B``."""

    cards: tuple[Card, ...]

    def __post_init__(self) -> None:
        # well-formed cards are sorted; anything else is kept as given, for
        # ``check`` to refuse with a reason (never an error while building)
        cards = self.cards
        if isinstance(cards, list):
            cards = tuple(cards)
        if isinstance(cards, tuple) and all(
            isinstance(c, Card) and c.malformed() is None for c in cards
        ):
            cards = tuple(sorted(cards))
        object.__setattr__(self, "cards", cards)

    def malformed(self) -> str | None:
        """Why this is no play at all (not one card or a pair of different,
        well-formed cards), or None. Whether it may be played is ``check``'s."""
        cards = self.cards
        if not isinstance(cards, tuple):
            return f"A play is a tuple of cards, not {quote(cards)}."
        if not 1 <= len(cards) <= 2:
            return "Play one card or a pair."
        for card in cards:
            if not isinstance(card, Card):
                return f"Play cards, not {quote(card)}."
            why = card.malformed()
            if why is not None:
                return why
        if len(set(cards)) != len(cards):
            return "Play two different cards."
        return None

    @staticmethod
    def of(*cards: Card | str) -> Play:
        """``Play.of("3G", "3B")`` or ``Play.of(Card(5, PURPLE))``."""
        return Play(tuple(parse_card(c) if isinstance(c, str) else c for c in cards))

    def __str__(self) -> str:
        cards = self.cards
        if not isinstance(cards, tuple):
            return f"play {quote(cards)}"
        shown = [str(c) if isinstance(c, Card) else quote(c) for c in cards[:PRINTED_CARDS]]
        more = f"+{len(cards) - PRINTED_CARDS} more" if len(cards) > PRINTED_CARDS else ""
        return f"play {'+'.join(shown)}{more}"


@dataclass(frozen=True)
class Pass:
    """Pass: out of this round until it ends."""

    def __str__(self) -> str:
        return "pass"


EtucAction = Play | Pass


# -- the round's kind ----------------------------------------------------------


class Kind(enum.Enum):
    """What the round is played by (E2). None on a state means "nothing played yet"."""

    SINGLE_UNDETERMINED = "single-undetermined"
    SINGLE_BY_NUMBER = "single-by-number"
    SINGLE_BY_SYMBOL = "single-by-symbol"
    NUMBER_PAIR = "number-pair"
    SYMBOL_PAIR = "symbol-pair"

    @property
    def words(self) -> str:
        return _KIND_WORDS[self]


_KIND_WORDS = {
    Kind.SINGLE_UNDETERMINED: "single, undetermined",
    Kind.SINGLE_BY_NUMBER: "single, by number",
    Kind.SINGLE_BY_SYMBOL: "single, by symbol",
    Kind.NUMBER_PAIR: "number-pair",
    Kind.SYMBOL_PAIR: "symbol-pair",
}


def pair_kind(a: Card, b: Card) -> Kind | None:
    """NUMBER_PAIR, SYMBOL_PAIR, or None when the two cards are no pair."""
    if a.number == b.number:
        return Kind.NUMBER_PAIR
    if a.colour == b.colour:
        return Kind.SYMBOL_PAIR
    return None


def single_kind(kind: Kind | None, last: Card | None, card: Card) -> Kind | None:
    """The round's kind after ``card`` is played on ``last`` (None: not allowed).

    Leading sets single-undetermined. On an undetermined single, cases (1)-(3):
    stronger symbol only locks by symbol, stronger number only locks by number,
    both stronger keeps it undetermined (even with the strongest number or the
    strongest symbol: the "confusing cases" notes). A locked round needs a
    stronger number (or symbol) and stays locked.
    """
    if kind is None or last is None:
        return Kind.SINGLE_UNDETERMINED
    higher = card.number > last.number
    stronger = card.colour > last.colour
    if kind is Kind.SINGLE_BY_NUMBER:
        return kind if higher else None
    if kind is Kind.SINGLE_BY_SYMBOL:
        return kind if stronger else None
    if kind is Kind.SINGLE_UNDETERMINED:
        if higher and stronger:
            return Kind.SINGLE_UNDETERMINED
        if stronger:
            return Kind.SINGLE_BY_SYMBOL
        if higher:
            return Kind.SINGLE_BY_NUMBER
    return None


def kind_after(
    kind: Kind | None, last: tuple[Card, ...] | None, cards: tuple[Card, ...]
) -> Kind | None:
    """The round's kind after ``cards`` are played on ``last``; None if they may not be.

    Pairs: a lead pair sets its kind; on a pair only a pair of the same kind
    with a higher number (number-pair) or a stronger symbol (symbol-pair) may
    follow. Equal rank within the kind is not stronger.
    """
    if len(cards) == 1:
        if last is not None and len(last) != 1:
            return None
        return single_kind(kind, last[0] if last else None, cards[0])
    if len(cards) != 2:
        return None
    made = pair_kind(*cards)
    if made is None:
        return None
    if last is None:
        return made
    if len(last) != 2 or made is not kind:
        return None
    if made is Kind.NUMBER_PAIR:
        return made if cards[0].number > last[0].number else None
    return made if cards[0].colour > last[0].colour else None


def candidate_plays(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """Every single and every pair (same number or same colour) in ``hand``."""
    out: list[tuple[Card, ...]] = [(c,) for c in hand]
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            if a.number == b.number or a.colour == b.colour:
                out.append((a, b))
    return out


def beating_plays(
    hand: Sequence[Card], kind: Kind | None, last: tuple[Card, ...] | None
) -> list[tuple[Card, ...]]:
    """The plays from ``hand`` that may go on ``last`` (all of them when leading)."""
    return [p for p in candidate_plays(hand) if kind_after(kind, last, p) is not None]


# -- state -----------------------------------------------------------------------


@dataclass(frozen=True)
class TablePlay:
    """One play of the current round: who, what, and the round's kind after it."""

    seat: int
    cards: tuple[Card, ...]
    kind: Kind


@dataclass(frozen=True)
class GameResult:
    """A finished game of the match: the seats in the order they went out
    (the last one never did), and the victory points each seat scored."""

    game: int
    starter: int
    order: tuple[int, ...]
    points: tuple[int, ...]


@dataclass(frozen=True)
class EtucState:
    players: int
    #: the match seed (deals derive from it); None in a view
    seed: int | None
    #: game number within the match, 1-based (2-player scoring uses it)
    game: int
    #: victory points so far
    scores: tuple[int, ...]
    #: who started this game (E4 counts clockwise from here)
    starter: int
    #: each seat's hand, sorted; None where this view may not see it
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    #: the three cards set aside this game; None in every view (E5)
    set_aside: tuple[Card, ...] | None
    #: cards of the rounds already cleared this game (public)
    discards: tuple[Card, ...]
    #: this round's plays, oldest first; empty while the leader has not played
    table: tuple[TablePlay, ...]
    #: the round's kind; None while the table is empty
    kind: Kind | None
    #: who has passed this round
    passed: tuple[bool, ...]
    #: seat to move; None once the match is over
    turn: int | None
    #: this game's seats in the order they emptied their hands
    out: tuple[int, ...]
    #: finished games of this match
    results: tuple[GameResult, ...]
    #: the public log of this game: (seat, action)
    log: tuple[tuple[int, Play | Pass], ...]

    @property
    def target(self) -> int:
        return TARGETS[self.players]

    @property
    def last(self) -> TablePlay | None:
        """The play to beat, or None when the next play leads."""
        return self.table[-1] if self.table else None

    @property
    def over(self) -> bool:
        return self.turn is None


def _next_seat(hand_sizes: Sequence[int], passed: Sequence[bool], after: int) -> int | None:
    """The next seat clockwise after ``after`` that has cards and has not passed."""
    n = len(hand_sizes)
    for step in range(1, n + 1):
        s = (after + step) % n
        if hand_sizes[s] and not passed[s]:
            return s
    return None


def _with_cards_from(hand_sizes: Sequence[int], seat: int) -> int:
    """``seat`` if it holds cards, else the next seat clockwise that does."""
    n = len(hand_sizes)
    for step in range(n):
        s = (seat + step) % n
        if hand_sizes[s]:
            return s
    raise ValueError("nobody holds cards")


def next_starter(scores: Sequence[int], starter: int) -> int:
    """E4: fewest victory points; ties go to the tied seat earliest clockwise
    counting from ``starter`` (the last game's first starting player)."""
    n = len(scores)
    low = min(scores)
    return next(s for s in ((starter + i) % n for i in range(n)) if scores[s] == low)


def deal(
    players: int, seed: int, game: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Hands and set-aside cards of game ``game``: rng.derive(seed, "deal", game)."""
    cards = list(deck(players))
    rng.make(seed, "deal", game).shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(players))
    return hands, tuple(sorted(cards[players * HAND_SIZE :]))


def new_game(
    players: int,
    seed: int,
    game: int,
    scores: tuple[int, ...],
    starter: int,
    results: tuple[GameResult, ...],
) -> EtucState:
    hands, aside = deal(players, seed, game)
    return EtucState(
        players=players,
        seed=seed,
        game=game,
        scores=scores,
        starter=starter,
        hands=hands,
        hand_sizes=tuple(len(h) for h in hands),
        set_aside=aside,
        discards=(),
        table=(),
        kind=None,
        passed=(False,) * players,
        turn=starter,
        out=(),
        results=results,
        log=(),
    )


# -- the rules -----------------------------------------------------------------------


class EtucRules:
    info = INFO

    # -- the protocol ------------------------------------------------------------
    def setup(self, config: GameConfig, seed: int) -> EtucState:
        players = config.players
        if players not in TARGETS:
            raise ValueError(f"Planet etuC is for 2 or 3 players, not {players}")
        # "Determine the starting player by an appropriate means": the seed does
        starter = rng.make(seed, "first starter").randrange(players)
        return new_game(players, seed, 1, (0,) * players, starter, ())

    def to_move(self, state: EtucState) -> int | None:
        return state.turn

    def legal_actions(self, state: EtucState) -> list[EtucAction]:
        seat = state.turn
        if seat is None:
            return []
        hand = state.hands[seat]
        if hand is None or state.passed[seat]:
            return []
        last = state.last
        actions: list[EtucAction] = [
            Play(p) for p in beating_plays(hand, state.kind, last.cards if last else None)
        ]
        if last is not None:
            actions.append(Pass())
        return actions

    def check(self, state: EtucState, action: object) -> str | None:
        # the action's shape first: Card(True, 1) == Card(1, 1) in Python, so
        # only a well-formed action may be looked up among the legal ones
        why = shapes.malformed(action, (Play, Pass), "That is not a Planet etuC move.")
        if why is not None:
            return why
        assert isinstance(action, (Play, Pass))  # what shapes.malformed let through
        if action in self.legal_actions(state):
            return None
        return self._why_not(state, action)

    def _why_not(self, state: EtucState, action: Play | Pass) -> str:
        """Why a well-formed action is not legal now."""
        seat = state.turn
        if seat is None:
            return "The match is over."
        if state.passed[seat]:
            return "You passed this round."
        last = state.last
        if isinstance(action, Pass):
            return "You lead this round: play one card or a pair."
        cards = action.cards
        hand = state.hands[seat]
        if hand is not None:
            missing = [c for c in cards if c not in hand]
            if missing:
                return f"You do not hold {cards_words(missing)}."
        if len(cards) == 2 and pair_kind(*cards) is None:
            return "A pair must share a number or a colour."
        if last is None:
            return "Play one card or a pair."
        top = last.cards
        if len(top) == 1 and top[0] == strongest_card(state.players):
            return f"Nothing beats {card_words(top[0])}: you can only pass."
        if len(cards) != len(top):
            if len(top) == 1:
                return "A single card was played: answer with one card."
            return "A pair was played: answer with a pair."
        kind = state.kind
        if kind is Kind.NUMBER_PAIR:
            if pair_kind(*cards) is not kind:
                return "This round is played with number-pairs: a symbol-pair cannot follow."
            return (
                f"This round is played with number-pairs: play a pair higher than {top[0].number}."
            )
        if kind is Kind.SYMBOL_PAIR:
            if pair_kind(*cards) is not kind:
                return "This round is played with symbol-pairs: a number-pair cannot follow."
            return (
                "This round is played with symbol-pairs: "
                f"play a pair of a stronger colour than {top[0].colour_name}."
            )
        if kind is Kind.SINGLE_BY_NUMBER:
            return f"This round is played by number: play a higher number than {top[0].number}."
        if kind is Kind.SINGLE_BY_SYMBOL:
            return (
                f"This round is played by symbol: play a stronger colour than {top[0].colour_name}."
            )
        return f"Play a higher number or a stronger colour than {card_words(top[0])}."

    def apply(self, state: EtucState, action: EtucAction) -> EtucState:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self.apply_legal(state, action)

    def apply_legal(self, state: EtucState, action: EtucAction) -> EtucState:
        """``apply`` for an action taken from ``legal_actions(state)``, without
        checking it again (the hard bot's search applies thousands of them;
        the check would list the legal actions a second time)."""
        seat = state.turn
        assert seat is not None
        log = (*state.log, (seat, action))
        if isinstance(action, Pass):
            passed = _replace(state.passed, seat, True)
            return self._advance(
                state,
                seat,
                state.hand_sizes,
                state.hands,
                passed,
                state.table,
                state.kind,
                state.out,
                log,
            )
        hand = state.hands[seat]
        assert hand is not None
        last = state.last
        kind = kind_after(state.kind, last.cards if last else None, action.cards)
        assert kind is not None
        new_hand = tuple(c for c in hand if c not in action.cards)
        hands = _replace(state.hands, seat, new_hand)
        sizes = _replace(state.hand_sizes, seat, len(new_hand))
        table = (*state.table, TablePlay(seat, action.cards, kind))
        out = state.out
        if not new_hand:
            out = (*out, seat)
            if len(out) == state.players - 1:
                return self._end_game(state, hands, sizes, out, log)
        return self._advance(state, seat, sizes, hands, state.passed, table, kind, out, log)

    def _advance(
        self,
        state: EtucState,
        seat: int,
        sizes: tuple[int, ...],
        hands: tuple[tuple[Card, ...] | None, ...],
        passed: tuple[bool, ...],
        table: tuple[TablePlay, ...],
        kind: Kind | None,
        out: tuple[int, ...],
        log: tuple[tuple[int, Play | Pass], ...],
    ) -> EtucState:
        """After ``seat`` acted: the next seat in this round, or a new round."""
        last = table[-1]
        went_out = last.seat == seat and sizes[seat] == 0
        # who can still act in this round, besides the player who played last
        others = [s for s in range(state.players) if s != last.seat and sizes[s] and not passed[s]]
        leader: int | None = None
        if not others:
            # everyone else passed: the last player to play leads (or, gone out,
            # the next seat clockwise with cards)
            leader = _with_cards_from(sizes, last.seat)
        elif went_out:
            # E3: nobody can beat the play that emptied a hand -> round over at once
            if not any(self._can_beat(hands[s], kind, last.cards) for s in others):
                leader = _with_cards_from(sizes, seat)
        if leader is None:
            turn = _next_seat(sizes, passed, seat)
            return _state(
                state,
                hands=hands,
                hand_sizes=sizes,
                passed=passed,
                table=table,
                kind=kind,
                turn=turn,
                out=out,
                log=log,
            )
        discards = state.discards + tuple(c for p in table for c in p.cards)
        return _state(
            state,
            hands=hands,
            hand_sizes=sizes,
            passed=(False,) * state.players,
            table=(),
            kind=None,
            discards=discards,
            turn=leader,
            out=out,
            log=log,
        )

    @staticmethod
    def _can_beat(hand: tuple[Card, ...] | None, kind: Kind | None, last: tuple[Card, ...]) -> bool:
        if hand is None:
            raise ValueError("deciding E3 needs every hand: use the full state, not a view")
        return any(kind_after(kind, last, p) is not None for p in candidate_plays(hand))

    def _end_game(
        self,
        state: EtucState,
        hands: tuple[tuple[Card, ...] | None, ...],
        sizes: tuple[int, ...],
        out: tuple[int, ...],
        log: tuple[tuple[int, Play | Pass], ...],
    ) -> EtucState:
        """A game ends: score it, then deal the next one or end the match."""
        n = state.players
        order = (*out, *(s for s in range(n) if s not in out))
        points = [0] * n
        if n == 2:
            points[order[0]] = state.game
        else:
            points[order[0]], points[order[1]] = 2, 1
        scores = tuple(a + b for a, b in zip(state.scores, points))
        result = GameResult(state.game, state.starter, order, tuple(points))
        results = (*state.results, result)
        if max(scores) >= state.target:
            table_cards = tuple(c for p in state.table for c in p.cards)
            return _state(
                state,
                hands=hands,
                hand_sizes=sizes,
                passed=(False,) * n,
                table=(),
                kind=None,
                discards=state.discards + table_cards + _last_cards(log),
                turn=None,
                out=out,
                log=log,
                scores=scores,
                results=results,
            )
        if state.seed is None:
            raise ValueError("dealing the next game needs the full state, not a view")
        starter = next_starter(scores, state.starter)
        return new_game(n, state.seed, state.game + 1, scores, starter, results)

    def is_over(self, state: EtucState) -> bool:
        return state.turn is None

    def outcome(self, state: EtucState) -> Outcome:
        if state.turn is not None:
            raise ValueError("the match is not over")
        last = state.results[-1]
        # equal totals (3 players can both reach 6 in one game): the seat that
        # placed higher in the last game goes first
        tiebreak = [(-last.order.index(s),) for s in range(state.players)]
        leader = max(range(state.players), key=lambda s: (state.scores[s], *tiebreak[s]))
        return Outcome.from_scores(
            [float(s) for s in state.scores],
            EndReason.TARGET_SCORE,
            detail=(
                f"{{{leader}}} wins with {state.scores[leader]} victory points, "
                f"first to the target of {state.target}."
            ),
            tiebreak=tiebreak,
        )

    def view(self, state: EtucState, seat: int) -> EtucState:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        hands = tuple(h if s == seat else None for s, h in enumerate(state.hands))
        return _state(state, seed=None, hands=hands, set_aside=None)

    # -- optional hooks ----------------------------------------------------------
    def describe(self, state: EtucState) -> str:
        n = state.players
        lines = [
            f"Planet etuC, {n} players, game {state.game}, to {state.target} points",
            "scores    " + "  ".join(f"P{s + 1}:{v}" for s, v in enumerate(state.scores)),
        ]
        for s in range(n):
            hand = state.hands[s]
            shown = "?" if hand is None else " ".join(map(str, hand)) or "-"
            place = f" (out {ordinal(state.out.index(s) + 1)})" if s in state.out else ""
            lines.append(f"P{s + 1} [{state.hand_sizes[s]:2}]  {shown}{place}")
        aside = "?" if state.set_aside is None else " ".join(map(str, state.set_aside))
        lines.append(f"aside     {aside}   discards {len(state.discards)}")
        if state.table:
            plays = "  ".join(f"P{p.seat + 1}:{cards_text(p.cards)}" for p in state.table)
            assert state.kind is not None
            lines.append(f"table     {plays}   [{state.kind.words}]")
        else:
            lines.append("table     empty")
        passed = [f"P{s + 1}" for s in range(n) if state.passed[s]]
        if passed:
            lines.append("passed    " + " ".join(passed))
        if state.turn is None:
            lines.append("match over")
        else:
            lead = " leads" if not state.table else " to move"
            lines.append(f"P{state.turn + 1}{lead}")
        return "\n".join(lines)

    def log_line(
        self, state: EtucState, action: EtucAction, after: EtucState, names: Sequence[str]
    ) -> str:
        seat = state.turn

        def name(s: int | None) -> str:
            return names[s] if s is not None and s < len(names) else f"Player {(s or 0) + 1}"

        who = name(seat)
        if isinstance(action, Pass):
            parts = [f"{who} passes."]
        else:
            last = state.last
            kind = kind_after(state.kind, last.cards if last else None, action.cards)
            words = f" ({kind.words})" if kind is not None else ""
            parts = [f"{who} plays {cards_words(action.cards)}{words}."]
        if seat is None:
            return " ".join(parts)
        if after.game != state.game or after.turn is None:
            result = after.results[-1]
            if isinstance(action, Play):
                parts.append(
                    f"{who} goes out: 1st."
                    if state.players == 2 or not state.out
                    else f"{who} goes out: 2nd."
                )
            scored = ", ".join(f"{name(s)} +{p}" for s, p in enumerate(result.points) if p)
            totals = ", ".join(f"{name(s)} {v}" for s, v in enumerate(after.scores))
            parts.append(f"Game {result.game} over: {scored} ({totals}).")
            if after.turn is None:
                winner = self.outcome(after).winners[0]
                parts.append(f"{name(winner)} wins the match.")
            else:
                parts.append(f"Game {after.game}: {name(after.turn)} starts.")
            return " ".join(parts)
        if isinstance(action, Play) and after.hand_sizes[seat] == 0:
            parts.append(f"{who} goes out: {ordinal(len(after.out))}.")
        if not after.table:
            if e3_round_end(state, action, after):
                parts.append(f"Nobody can beat it; {name(after.turn)} leads the next round.")
            elif isinstance(action, Play):
                parts.append(f"Everyone else has passed. Round to {who}.")
            else:
                winner = state.table[-1].seat
                if after.turn == winner:
                    parts.append(f"Round to {name(winner)}.")
                else:
                    parts.append(f"Round to {name(winner)}; {name(after.turn)} leads.")
        return " ".join(parts)

    def log_detail(
        self, state: EtucState, action: EtucAction, after: EtucState, names: Sequence[str]
    ) -> str:
        """The log's tooltip: how many cards each seat held once the move was
        made (in words, never the notation's letters)."""
        sizes = list(state.hand_sizes)
        if isinstance(action, Play) and state.turn is not None:
            sizes[state.turn] -= len(action.cards)
        held = ", ".join(
            f"{names[s] if s < len(names) else f'Player {s + 1}'} {plural(n, 'card')}"
            for s, n in enumerate(sizes)
        )
        return f"Cards in hand after it: {held}."

    def score_sheet(self, state: EtucState) -> ScoreSheet:
        """One row per finished game of the match: each seat's victory points
        from it, with the place it went out in ("1st", "2nd", "last"). The
        totals are the match's standing, and at the end ``outcome``'s scores;
        a tie at the end says how it was settled."""
        n = state.players
        rows = []
        for result in state.results:
            notes = tuple(_place_words(result.order.index(s), n) for s in range(n))
            rows.append(
                SheetRow(f"Game {result.game}", tuple(float(p) for p in result.points), notes)
            )
        if n == 2:
            rule = "Game 1 scores 1 VP to the player out first, game 2 scores 2 VP, and so on."
        else:
            rule = "Each game scores 2 VP to the player out first and 1 VP to the second."
        lines = [rule, f"First to {state.target} VP wins the match."]
        if state.turn is None and state.results:
            outcome = self.outcome(state)
            tied = [s for s in range(n) if state.scores[s] == max(state.scores)]
            if len(tied) > 1:
                first = outcome.winners[0]
                lines.append(
                    f"{_and_words([f'{{{s}}}' for s in tied])} have {state.scores[first]} VP: "
                    f"{{{first}}} placed higher in the last game and wins."
                )
        return ScoreSheet.summed(rows, n, lines, unit="VP")

    def deal_summary(
        self, before: EtucState, action: EtucAction, after: EtucState
    ) -> DealSummary | None:
        """A game of the match ended: the seats ranked by the match's standing
        (most VP first; at the end as ``outcome`` places them), each with its
        VP in all and from this game, the sheet so far, and the finished game
        as it lay (the last play on the table) for the table to show until the
        summary is dismissed."""
        seat = before.turn
        if (
            seat is None
            or not isinstance(action, Play)
            or len(after.results) == len(before.results)
        ):
            return None
        result = after.results[-1]
        hand = before.hands[seat] or ()
        last = before.last
        kind = kind_after(before.kind, last.cards if last else None, action.cards)
        assert kind is not None  # the move was legal
        left = tuple(c for c in hand if c not in action.cards)
        position = _state(
            before,
            hands=_replace(before.hands, seat, left),
            hand_sizes=_replace(before.hand_sizes, seat, len(left)),
            table=(*before.table, TablePlay(seat, action.cards, kind)),
            kind=kind,
            turn=None,
            out=result.order[:-1],
            scores=after.scores,
            results=after.results,
            log=(*before.log, (seat, action)),
        )
        sheet = self.score_sheet(after)
        places = self.outcome(after).places if after.turn is None else sheet.places()
        rows = tuple(
            SummaryRow(s, places[s], (f"{after.scores[s]} VP", f"+{result.points[s]} VP"))
            for s in sorted(range(before.players), key=lambda s: (places[s], result.order.index(s)))
        )
        if after.turn is None:
            winner = self.outcome(after).winners[0]
            note = f"{{{winner}}} wins the match with {after.scores[winner]} VP."
        else:
            note = f"Game {after.game}: {{{after.turn}}} starts. First to {after.target} VP wins."
        return DealSummary(
            f"Game {result.game} over", ("Match", "This game"), rows, note, position, sheet=sheet
        )

    def undo_barrier(self, before: EtucState, action: EtucAction, after: EtucState) -> bool:
        """A new deal shows new cards; an E3 immediate round end (a play that
        clears the table) reveals that nobody could beat it."""
        return after.game != before.game or e3_round_end(before, action, after)

    def reveals(self, before: EtucState, action: EtucAction, after: EtucState, seat: int) -> bool:
        """Another seat's play shows its cards to ``seat``; a pass shows none."""
        return isinstance(action, Play) and before.turn != seat

    def invariants(self, state: EtucState) -> None:
        """Every value of ``state`` of its type and in its range (a card is
        one of the deck's, a count a whole number), then the conservation laws.
        Views pass too (hidden hands and the seed are None). AssertionError
        with the reason in words."""
        n = state.players
        require(_whole(n, 2, 3), "the player count is not 2 or 3")
        cards = frozenset(deck(n))

        def is_cards(values: object, most: int) -> bool:
            return (
                type(values) is tuple
                and len(values) <= most
                and all(_is_card(c, cards) for c in values)
            )

        def seat_tuple(values: object) -> bool:
            return type(values) is tuple and len(values) == n

        require(
            state.seed is None or type(state.seed) is int, "the match seed is not a whole number"
        )
        require(_whole(state.game, 1, MAX_GAMES), "the game number is out of range")
        require(
            seat_tuple(state.scores) and all(_whole(v, 0, 2 * MAX_GAMES * n) for v in state.scores),
            "the scores are not whole numbers per seat",
        )
        require(_whole(state.starter, 0, n - 1), "the starting player is not a seat")
        require(
            seat_tuple(state.hands)
            and all(h is None or is_cards(h, HAND_SIZE) for h in state.hands),
            "a hand holds something that is not a card",
        )
        require(
            seat_tuple(state.hand_sizes) and all(_whole(k, 0, HAND_SIZE) for k in state.hand_sizes),
            "a hand size is out of range",
        )
        require(
            state.set_aside is None or is_cards(state.set_aside, SET_ASIDE),
            "the cards set aside are not cards",
        )
        require(is_cards(state.discards, len(cards)), "the discards are not cards")
        require(type(state.table) is tuple, "the table is not a list of plays")
        for play in state.table:
            require(
                type(play) is TablePlay
                and _whole(play.seat, 0, n - 1)
                and is_cards(play.cards, 2)
                and len(play.cards) >= 1
                and type(play.kind) is Kind,
                "a play on the table is not a seat's card or pair",
            )
        require(
            state.kind is None or type(state.kind) is Kind,
            "the round's kind is not one of the game's",
        )
        require(
            seat_tuple(state.passed) and all(type(v) is bool for v in state.passed),
            "who passed is not yes or no per seat",
        )
        require(
            state.turn is None or _whole(state.turn, 0, n - 1),
            "the seat to move is not at the table",
        )
        require(
            type(state.out) is tuple
            and all(_whole(s, 0, n - 1) for s in state.out)
            and len(set(state.out)) == len(state.out),
            "who went out is not a list of seats",
        )
        require(
            type(state.results) is tuple and len(state.results) <= MAX_GAMES,
            "the finished games are not a list",
        )
        for result in state.results:
            require(
                type(result) is GameResult
                and _whole(result.game, 1, MAX_GAMES)
                and _whole(result.starter, 0, n - 1)
                and type(result.order) is tuple
                and sorted(result.order) == list(range(n))
                and seat_tuple(result.points)
                and all(_whole(v, 0, MAX_GAMES) for v in result.points),
                "a finished game's result is out of range",
            )
        require(type(state.log) is tuple, "the game's log is not a list")
        for entry in state.log:
            require(
                type(entry) is tuple
                and len(entry) == 2
                and _whole(entry[0], 0, n - 1)
                and (
                    type(entry[1]) is Pass
                    or (type(entry[1]) is Play and is_cards(entry[1].cards, 2))
                ),
                "a move in the game's log is not a seat's play or pass",
            )

        # the conservation laws
        require(
            all(h is None or len(h) == k for h, k in zip(state.hands, state.hand_sizes)),
            "hand sizes do not match the hands",
        )
        require(all(h is None or list(h) == sorted(h) for h in state.hands), "a hand is not sorted")
        if state.seed is not None and all(h is not None for h in state.hands):
            require(
                state.set_aside is not None and len(state.set_aside) == SET_ASIDE,
                "three cards are not set aside",
            )
            every = [c for h in state.hands for c in (h or ())]
            every += list(state.set_aside or ()) + list(state.discards)
            every += [c for p in state.table for c in p.cards]
            require(sorted(every) == list(deck(n)), "the cards are not conserved")
        points = [sum(r.points[s] for r in state.results) for s in range(n)]
        require(list(state.scores) == points, "the scores do not add up to the games' points")
        require(
            (state.kind is None) == (not state.table),
            "a kind is set without cards down, or the other way",
        )
        if state.turn is not None:
            require(
                state.game == len(state.results) + 1,
                "the game number does not follow the finished games",
            )
            require(max(state.scores) < state.target, "the match goes on past the target")
            require(state.hand_sizes[state.turn] > 0, "the seat to move holds no cards")
            require(not state.passed[state.turn], "the seat to move has passed")
            require(len(state.out) < n - 1, "the game goes on with one player holding cards")
        else:
            require(
                state.game == len(state.results), "the last game is not among the finished games"
            )
            require(max(state.scores) >= state.target, "the match ended below the target")
        require(
            all(state.hand_sizes[s] == 0 for s in state.out), "a seat that went out holds cards"
        )


#: the most games a match can last (see max_actions)
MAX_GAMES = 6


def _place_words(index: int, players: int) -> str:
    """A seat's place in one game in words: "1st", "2nd", or "last" for the
    one who never went out."""
    return "last" if index == players - 1 else ordinal(index + 1)


def _and_words(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _whole(value: object, lo: int, hi: int) -> bool:
    """A whole number (never a bool or a float) from ``lo`` to ``hi``."""
    return shapes.is_whole(value) and lo <= value <= hi  # type: ignore[operator]


def _is_card(card: object, cards: frozenset[Card]) -> bool:
    """One of ``cards``, with a whole number and colour (Card(1.0, 1) equals Card(1, 1))."""
    return (
        type(card) is Card
        and type(card.number) is int
        and type(card.colour) is int
        and card in cards
    )


def e3_round_end(before: EtucState, action: EtucAction, after: EtucState) -> bool:
    """True when ``action`` emptied a hand and ended the round at once (E3)
    while another player was still in it: that shows nobody could beat it."""
    seat = before.turn
    if not isinstance(action, Play) or seat is None or after.table or after.game != before.game:
        return False
    if after.hand_sizes[seat]:
        return False
    return any(
        s != seat and before.hand_sizes[s] and not before.passed[s] for s in range(before.players)
    )


def _replace(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _last_cards(log: tuple[tuple[int, Play | Pass], ...]) -> tuple[Card, ...]:
    action = log[-1][1]
    return action.cards if isinstance(action, Play) else ()


def _state(state: EtucState, **changes: Any) -> EtucState:
    return replace(state, **changes)


RULES = EtucRules()


# -- what the entry and the bots take from the rules ----------------------------------


def sample_action(state: EtucState, rng: Random) -> EtucAction:
    """A uniformly random legal action."""
    legal = RULES.legal_actions(state)
    return legal[rng.randrange(len(legal))]


def unseen_cards(view: EtucState, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see: the other hands plus the set-aside three.
    Worked out from what the seat knows (its hand, the discards, the table),
    never from what else the view holds."""
    seen = set(view.hands[seat] or ())
    seen.update(view.discards)
    seen.update(c for p in view.table for c in p.cards)
    return [c for c in deck(view.players) if c not in seen]


def determinize(view: EtucState, seat: int, rng: Random) -> EtucState:
    """A full state consistent with what ``seat`` knows: its own hand and the
    public record (scores, hand sizes, discards, the table, the log) kept, and
    everything else dealt afresh -- the unseen cards to the other hands (by
    their sizes) and the set-aside pile, and a random seed for later deals
    (the real one is secret). Nothing the view holds about another hand is
    read, so a view that showed one would not survive ``view(determinize(v))``.
    """
    mine = view.hands[seat]
    if mine is None:
        raise ValueError(f"seat {seat}'s view does not show its own hand")
    hands, rest = deal_unseen(unseen_cards(view, seat), view.hand_sizes, seat, mine, rng)
    aside = tuple(sorted(rest))
    if len(aside) != SET_ASIDE:
        raise ValueError(f"the view leaves {len(aside)} cards for the set-aside pile, not 3")
    return replace(view, seed=rng.getrandbits(62), hands=hands, set_aside=aside)
