"""Claim the discard: a tiny card game that exists only for the tests.

It is the platform's example of *decisions out of turn*: after one seat's
action, the other seats answer in priority order, each answer sealed until the
last is in (Phantom Rummy's claims on a discard work this way). It goes through
the same registry API as the shipped games.

Rules (also in ``rules.txt``): 24 cards, ranks 1-6 in four suits a-d. Each of
2-4 players is dealt 4 cards; the rest is the stock, face down. On your turn
you draw the top card of the stock and discard one card face up. Then every
other player, in turn order after you, is asked in private: Claim or Pass. You
may claim only with a card of the discard's rank in your hand. When everyone
has answered, the first claimant in that order takes the discard and lays it
with their matching card as a pair, face up; if nobody claimed, the card goes
on the discard pile. Play goes on with the player after the discarder, however
the claims went. The game ends when a hand is empty (that player scores one
more) or when a turn cannot start because the stock is empty. Each pair scores
one point.

How the protocol carries it:

- ``forced_answer`` names the answer a seat has no choice in (Pass without a
  card of the discard's rank): the one person at a table of bots gives it
  without a prompt; people sharing the device are each asked every time.

- ``to_move`` is the seat being asked: claims are single-seat prompts in
  priority order, never a simultaneous move. Every other seat is asked every
  time, whether it could claim or not, so being asked tells nobody anything.
- ``answers`` holds each answer sealed until the last is in; ``view`` shows a
  seat only its own answer, and the answers are cleared at the reveal, so no
  view ever shows who could claim or what anyone answered. Only the outcome of
  the claims (who took the card) becomes public.
- ``reveals`` says a sealed answer shows nobody anything (so it never blocks
  undo); a discard shows a card, and so does the reveal when someone claimed.
- Drawing from the stock shows the drawer a hidden card: an undo barrier.
- The stock running out is an ending of this game's own (:class:`ClaimEnding`).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from tabletop.core import rng, shapes
from tabletop.core.game import Ending, EndReason, GameConfig, GameInfo, IllegalAction, Outcome
from tabletop.core.words import quote

RANKS = range(1, 7)
SUITS = "abcd"
HAND = 4
DECK_SIZE = len(RANKS) * len(SUITS)
#: a hand that empties scores this much on top of its pairs
OUT_BONUS = 1


@dataclass(frozen=True, order=True)
class Card:
    """A card: ``rank`` 1-6 and ``suit`` one of ``a``-``d``; prints as ``3b``."""

    rank: int
    suit: str

    def malformed(self) -> str | None:
        """Why this is no card of the deck, or None."""
        return shapes.whole(self.rank, "card's rank", RANKS[0], RANKS[-1]) or shapes.one_of(
            self.suit, SUITS, "card's suit"
        )

    def __str__(self) -> str:
        if self.malformed() is not None:
            return f"card({quote(self.rank)}, {quote(self.suit)})"
        return f"{self.rank}{self.suit}"


def deck() -> tuple[Card, ...]:
    return tuple(Card(r, s) for r in RANKS for s in SUITS)


def parse_card(text: str) -> Card:
    text = text.strip()
    if len(text) != 2 or not text[0].isdigit() or text[1] not in SUITS:
        raise ValueError(f"not a card: {text!r}")
    return Card(int(text[0]), text[1])


# -- actions -----------------------------------------------------------------------


@dataclass(frozen=True)
class Discard:
    """Discard ``card`` from your hand, face up."""

    card: Card

    def malformed(self) -> str | None:
        """Why this is no discard at all (not a card of the deck), or None."""
        if not isinstance(self.card, Card):
            return f"Discard a card, not {quote(self.card)}."
        return self.card.malformed()

    def __str__(self) -> str:
        card = self.card
        return f"discard {card if isinstance(card, Card) else quote(card)}"


@dataclass(frozen=True)
class Claim:
    """Answer the discard: claim it (you hold a card of its rank)."""

    def __str__(self) -> str:
        return "claim"


@dataclass(frozen=True)
class Pass:
    """Answer the discard: let it go."""

    def __str__(self) -> str:
        return "pass"


ClaimAction = Discard | Claim | Pass


class Phase(enum.Enum):
    DISCARD = "discard"
    CLAIMS = "claims"
    OVER = "over"


class ClaimEnding(Ending):
    """This game's own ending, beside the core's (a hand emptied)."""

    STOCK_OUT = ("stock_out", "The stock ran out.")


# -- state -----------------------------------------------------------------------------


@dataclass(frozen=True)
class ClaimState:
    players: int
    #: each seat's hand, sorted; None where this view may not see it
    hands: tuple[tuple[Card, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    #: the face-down stock, top first; None in every view
    stock: tuple[Card, ...] | None
    stock_size: int
    #: discards nobody claimed, oldest first (public)
    pile: tuple[Card, ...]
    #: pairs each seat has laid face up (public)
    pairs: tuple[tuple[tuple[Card, Card], ...], ...]
    phase: Phase
    #: the seat whose turn it is (the discarder while claims are asked)
    turn: int
    #: the card on offer while claims are asked
    offer: Card | None
    #: how many seats have answered this offer
    asked: int
    #: each seat's sealed answer to the offer (True: claim); None where it has
    #: not answered, or where this view may not see the answer
    answers: tuple[bool | None, ...]
    #: the ending, once the game is over
    ending: Ending | None = None

    def order(self) -> tuple[int, ...]:
        """The seats asked about the offer, in priority order: turn order after
        the discarder."""
        return tuple((self.turn + k) % self.players for k in range(1, self.players))

    def asking(self) -> int | None:
        """The seat being asked now, during claims."""
        if self.phase is not Phase.CLAIMS:
            return None
        return self.order()[self.asked]

    def score(self, seat: int) -> int:
        out = OUT_BONUS if self.phase is Phase.OVER and self.hand_sizes[seat] == 0 else 0
        return len(self.pairs[seat]) + out


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _start_turn(state: ClaimState, seat: int) -> ClaimState:
    """``seat`` draws the top of the stock and is to discard; the game is over
    instead when a hand is empty or the stock is."""
    if 0 in state.hand_sizes:
        return replace(state, phase=Phase.OVER, turn=seat, ending=EndReason.HAND_EMPTIED)
    if state.stock_size == 0:
        return replace(state, phase=Phase.OVER, turn=seat, ending=ClaimEnding.STOCK_OUT)
    if state.stock is None:
        raise ValueError("drawing from the stock needs the full state, not a view")
    hand = state.hands[seat]
    if hand is None:
        raise ValueError("drawing needs the drawer's hand")
    return replace(
        state,
        hands=_put(state.hands, seat, tuple(sorted((*hand, state.stock[0])))),
        hand_sizes=_put(state.hand_sizes, seat, state.hand_sizes[seat] + 1),
        stock=state.stock[1:],
        stock_size=state.stock_size - 1,
        phase=Phase.DISCARD,
        turn=seat,
    )


def matching(hand: Sequence[Card], card: Card) -> Card | None:
    """The card of ``hand`` a claim pairs with ``card``: the lowest of its rank."""
    return next((c for c in sorted(hand) if c.rank == card.rank), None)


class ClaimRules:
    info = GameInfo(
        name="claim",
        title="Claim the Discard",
        blurb=(
            "Discard a card; the others may claim it, in secret, to lay a pair. "
            "Pairs score; an empty hand ends the game."
        ),
        min_players=2,
        max_players=4,
        # a turn is a discard and players - 1 answers; the first turn uses the
        # draw made at setup and every later one draws from the rest of the
        # stock, so there are at most DECK_SIZE - HAND * players turns
        max_actions=lambda n: (DECK_SIZE - HAND * n) * n,
        # a seat claims only out of turn, so it never holds more than HAND
        # cards then: at most HAND pairs, plus the bonus for going out
        score_bounds=(0.0, float(HAND + OUT_BONUS)),
        hidden_information=True,
        end_reasons=tuple(ClaimEnding),
    )

    # -- the protocol ------------------------------------------------------
    def setup(self, config: GameConfig, seed: int) -> ClaimState:
        n = config.players
        if not self.info.min_players <= n <= self.info.max_players:
            raise ValueError(f"Claim the Discard is for 2 to 4 players, not {n}")
        cards = list(deck())
        rng.make(seed, "deal").shuffle(cards)
        hands = tuple(tuple(sorted(cards[i * HAND : (i + 1) * HAND])) for i in range(n))
        stock = tuple(cards[n * HAND :])
        state = ClaimState(
            players=n,
            hands=hands,
            hand_sizes=(HAND,) * n,
            stock=stock,
            stock_size=len(stock),
            pile=(),
            pairs=((),) * n,
            phase=Phase.DISCARD,
            turn=0,
            offer=None,
            asked=0,
            answers=(None,) * n,
        )
        return _start_turn(state, 0)

    def to_move(self, state: ClaimState) -> int | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.CLAIMS:
            return state.asking()
        return state.turn

    def legal_actions(self, state: ClaimState) -> list[ClaimAction]:
        seat = self.to_move(state)
        if seat is None:
            return []
        hand = state.hands[seat]
        if hand is None:
            return []
        if state.phase is Phase.DISCARD:
            return [Discard(c) for c in hand]
        assert state.offer is not None
        answers: list[ClaimAction] = [Pass()]
        if matching(hand, state.offer) is not None:
            answers.insert(0, Claim())
        return answers

    def check(self, state: ClaimState, action: object) -> str | None:
        why = shapes.malformed(action, (Discard, Claim, Pass), "That is not a move of this game.")
        if why is not None:
            return why
        if action in self.legal_actions(state):
            return None
        if state.phase is Phase.OVER:
            return "The game is over."
        if state.phase is Phase.DISCARD:
            if isinstance(action, Discard):
                return f"You do not hold {action.card}."
            return "Nothing is on offer: discard a card first."
        if isinstance(action, Discard):
            return "Answer the discard first: claim or pass."
        assert state.offer is not None
        return f"You hold no {state.offer.rank} to pair with {state.offer}."

    def apply(self, state: ClaimState, action: ClaimAction) -> ClaimState:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        if isinstance(action, Discard):
            seat = state.turn
            hand = state.hands[seat]
            assert hand is not None
            return replace(
                state,
                hands=_put(state.hands, seat, tuple(c for c in hand if c != action.card)),
                hand_sizes=_put(state.hand_sizes, seat, state.hand_sizes[seat] - 1),
                phase=Phase.CLAIMS,
                offer=action.card,
                asked=0,
                answers=(None,) * state.players,
            )
        seat = state.asking()
        assert seat is not None
        answers = _put(state.answers, seat, isinstance(action, Claim))
        asked = state.asked + 1
        if asked < state.players - 1:
            return replace(state, answers=answers, asked=asked)
        return self._reveal(replace(state, answers=answers, asked=asked))

    def _reveal(self, state: ClaimState) -> ClaimState:
        """Every answer is in: the first claimant takes the offer, the answers
        are forgotten, and the player after the discarder starts a turn."""
        offer = state.offer
        assert offer is not None
        claimant = next((s for s in state.order() if state.answers[s]), None)
        hands, sizes, pairs, pile = state.hands, state.hand_sizes, state.pairs, state.pile
        if claimant is None:
            pile = (*pile, offer)
        else:
            hand = hands[claimant]
            if hand is None:
                raise ValueError("settling a claim needs the claimant's hand")
            mate = matching(hand, offer)
            assert mate is not None
            hands = _put(hands, claimant, tuple(c for c in hand if c != mate))
            sizes = _put(sizes, claimant, sizes[claimant] - 1)
            pairs = _put(pairs, claimant, (*pairs[claimant], (offer, mate)))
        settled = replace(
            state,
            hands=hands,
            hand_sizes=sizes,
            pairs=pairs,
            pile=pile,
            offer=None,
            asked=0,
            answers=(None,) * state.players,
        )
        return _start_turn(settled, (state.turn + 1) % state.players)

    def is_over(self, state: ClaimState) -> bool:
        return state.phase is Phase.OVER

    def outcome(self, state: ClaimState) -> Outcome:
        if state.ending is None:
            raise ValueError("the game is not over")
        scores = [float(state.score(s)) for s in range(state.players)]
        out = [s for s in range(state.players) if state.hand_sizes[s] == 0]
        detail = f"{{{out[0]}}} laid every card." if out else ""
        return Outcome.from_scores(scores, state.ending, detail=detail)

    def view(self, state: ClaimState, seat: int) -> ClaimState:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        return replace(
            state,
            hands=tuple(h if s == seat else None for s, h in enumerate(state.hands)),
            stock=None,
            answers=tuple(a if s == seat else None for s, a in enumerate(state.answers)),
        )

    # -- optional hooks ----------------------------------------------------
    def describe(self, state: ClaimState) -> str:
        lines = [f"Claim the Discard, {state.players} players, stock {state.stock_size}"]
        for s in range(state.players):
            hand = state.hands[s]
            shown = "?" if hand is None else " ".join(map(str, hand)) or "-"
            laid = " ".join(f"{a}+{b}" for a, b in state.pairs[s])
            answer = {None: "", True: "  [claims]", False: "  [passes]"}[state.answers[s]]
            lines.append(f"P{s + 1} [{state.hand_sizes[s]}]  {shown}  pairs: {laid or '-'}{answer}")
        lines.append("pile      " + (" ".join(map(str, state.pile)) or "-"))
        if state.phase is Phase.OVER:
            assert state.ending is not None
            lines.append(f"over: {state.ending.words}")
        elif state.phase is Phase.CLAIMS:
            lines.append(
                f"P{state.turn + 1} offers {state.offer}; P{(state.asking() or 0) + 1} is asked"
            )
        else:
            lines.append(f"P{state.turn + 1} to discard")
        return "\n".join(lines)

    def log_line(
        self, before: ClaimState, action: ClaimAction, after: ClaimState, names: Sequence[str]
    ) -> str:
        """A sealed answer is logged as "has answered": the log is on everyone's
        screen, so it tells what the reveal tells and nothing before it."""

        def name(s: int) -> str:
            return names[s] if 0 <= s < len(names) else f"Player {s + 1}"

        if isinstance(action, Discard):
            return f"{name(before.turn)} discards {action.card}."
        seat = before.asking()
        assert seat is not None and before.offer is not None
        parts = [f"{name(seat)} has answered."]
        if after.phase is Phase.CLAIMS:
            return " ".join(parts)
        taker = next(
            (s for s in range(after.players) if len(after.pairs[s]) > len(before.pairs[s])), None
        )
        if taker is None:
            parts.append(f"Nobody claims {before.offer}.")
        else:
            a, b = after.pairs[taker][-1]
            parts.append(f"{name(taker)} claims {before.offer} and lays {a}+{b}.")
        if after.phase is Phase.DISCARD:
            parts.append(f"{name(after.turn)} draws.")
        else:
            parts.append(self.outcome(after).words_for(list(names)))
        return " ".join(parts)

    def undo_barrier(self, before: ClaimState, action: ClaimAction, after: ClaimState) -> bool:
        """A draw shows the drawer a hidden card."""
        return after.stock_size < before.stock_size

    def forced_answer(self, view: ClaimState) -> ClaimAction | None:
        """Pass, when the seat asked holds no card of the discard's rank: its
        only answer (the frame gives it without a prompt to the one person at
        the table; people sharing a device are each asked)."""
        if view.phase is not Phase.CLAIMS:
            return None
        legal = self.legal_actions(view)
        return legal[0] if legal == [Pass()] else None

    def reveals(
        self, before: ClaimState, action: ClaimAction, after: ClaimState, seat: int
    ) -> bool:
        """A discard shows a card of the discarder's hand; a sealed answer shows
        nothing; the reveal shows a card when someone claimed."""
        if isinstance(action, Discard):
            return before.turn != seat
        if after.phase is Phase.CLAIMS:
            return False  # sealed
        return any(
            len(after.pairs[s]) > len(before.pairs[s]) and s != seat for s in range(before.players)
        )

    def invariants(self, state: ClaimState) -> None:
        n = state.players
        for name in ("hands", "hand_sizes", "pairs", "answers"):
            assert len(getattr(state, name)) == n, f"one {name} entry per seat"
        assert all(h is None or len(h) == k for h, k in zip(state.hands, state.hand_sizes)), (
            "hand sizes match the hands"
        )
        assert all(h is None or list(h) == sorted(h) for h in state.hands), "hands are sorted"
        assert state.stock is None or len(state.stock) == state.stock_size, "stock size"
        if state.stock is not None and all(h is not None for h in state.hands):
            every = (
                [c for h in state.hands for c in (h or ())] + list(state.stock) + list(state.pile)
            )
            every += [c for laid in state.pairs for pair in laid for c in pair]
            if state.offer is not None:
                every.append(state.offer)
            assert sorted(every) == sorted(deck()), "cards are conserved"
        assert all(a.rank == b.rank for laid in state.pairs for a, b in laid), "pairs match"
        assert (state.offer is not None) == (state.phase is Phase.CLAIMS), "an offer while claims"
        if state.phase is Phase.CLAIMS:
            assert 0 <= state.asked < n - 1, "someone is being asked"
            answered = set(state.order()[: state.asked])
            assert all(a is None for s, a in enumerate(state.answers) if s not in answered), (
                "only seats already asked have answered"
            )
            assert all(
                a is not True or (h is not None and matching(h, state.offer) is not None)
                for a, h in zip(state.answers, state.hands)
            ), "a claim holds a card of the rank"
        else:
            assert state.answers == (None,) * n and state.asked == 0, "answers forgotten"
        assert (state.ending is None) == (state.phase is not Phase.OVER), "an ending when over"
        if state.phase is Phase.DISCARD:
            assert state.hand_sizes[state.turn] == HAND + 1 - len(state.pairs[state.turn]), (
                "the discarder drew"
            )
