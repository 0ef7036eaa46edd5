"""A fast private board for the hard bot's search: one game (deal) of Planet
etuC with hands as bit masks.

The search plays thousands of moves a decision; :mod:`rules` builds a new
frozen state, a sorted ``Play`` and its checks for each. Here a card is a
small number (``(number - 1) * 6 + colour``, so the numbers sort as the
cards do), a hand is a bit mask of them, and a :class:`Deal` is changed in
place by :meth:`Deal.play` (the search never goes back: each iteration
starts from a fresh deal of a :class:`Dealer`). The actions it lists are the rules' own
:class:`Play` and :class:`Pass` objects, made once, so the search's tree is
keyed as the rules' actions are. tests/etuc/test_playout.py holds it equal
to :class:`rules.EtucRules` (the legal actions, each move's result and the
order seats go out in) and :func:`shed_choice` equal to the medium bot's
:func:`bot.heuristic_choice`, move by move.

What it does not model: anything after the game in play ends (the search's
horizon is that game), and scores (the search scores places).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random  # the type only: generators come from core.rng

from tabletop.games.etuc.rules import (
    HAND_SIZE,
    Card,
    EtucAction,
    EtucState,
    Kind,
    Pass,
    Play,
    strongest_card,
    unseen_cards,
)

# -- cards as numbers ------------------------------------------------------------

#: card numbers and symbols of the largest deck (3 players: 1-6, six symbols)
_NUMBERS, _COLOURS = 6, 6
_IDS = range(_NUMBERS * _COLOURS)


def card_id(card: Card) -> int:
    """A card as a small number that sorts as the card does (number first)."""
    return (card.number - 1) * _COLOURS + card.colour


#: card id -> its number, its colour, the Card
NUMBER = [i // _COLOURS + 1 for i in _IDS]
COLOUR = [i % _COLOURS for i in _IDS]
CARD = [Card(NUMBER[i], COLOUR[i]) for i in _IDS]
#: bits of the cards with a number above n, a colour above c
_HIGHER = [sum(1 << i for i in _IDS if NUMBER[i] > n) for n in range(_NUMBERS + 1)]
_STRONGER = [sum(1 << i for i in _IDS if COLOUR[i] > c) for c in range(_COLOURS)]
#: per card: the bits of the other cards of its number, of its colour, and of either
_SAME_NUMBER = [sum(1 << j for j in _IDS if j != i and NUMBER[j] == NUMBER[i]) for i in _IDS]
_SAME_COLOUR = [sum(1 << j for j in _IDS if j != i and COLOUR[j] == COLOUR[i]) for i in _IDS]
_PARTNERS = [a | b for a, b in zip(_SAME_NUMBER, _SAME_COLOUR)]
#: per card, the bits of the cards above it (a pair is listed from its lower card)
_ABOVE = [~((2 << i) - 1) for i in _IDS]
#: a card's worth to the medium bot (bot.strength): its number plus its symbol rank
_WORTH = [NUMBER[i] + COLOUR[i] for i in _IDS]

# the round's kind, as small numbers (LEAD: nothing on the table yet)
LEAD, OPEN, BY_NUMBER, BY_SYMBOL, NUMBER_PAIR, SYMBOL_PAIR = range(6)
#: rules.Kind -> ours, and back
KIND_CODE = {
    None: LEAD,
    Kind.SINGLE_UNDETERMINED: OPEN,
    Kind.SINGLE_BY_NUMBER: BY_NUMBER,
    Kind.SINGLE_BY_SYMBOL: BY_SYMBOL,
    Kind.NUMBER_PAIR: NUMBER_PAIR,
    Kind.SYMBOL_PAIR: SYMBOL_PAIR,
}
KIND_OF = {code: kind for kind, code in KIND_CODE.items()}

PASS = Pass()
#: the rules' actions, made once: a single by its card id, a pair by its two
_SINGLE = [Play((CARD[i],)) for i in _IDS]
_PAIR: dict[tuple[int, int], Play] = {}


def _pair(a: int, b: int) -> Play:
    play = _PAIR.get((a, b))
    if play is None:
        play = _PAIR[(a, b)] = Play((CARD[a], CARD[b]))
        _BY_ID[id(play)] = ((1 << a) | (1 << b), a, b)
    return play


#: a Play -> (its cards' bits, its lower card, its higher card or -1); the
#: plays made here are also found by their id (kept alive here, so an id
#: stays theirs), which spares hashing them
_PLAY_CARDS: dict[Play, tuple[int, int, int]] = {}
_BY_ID: dict[int, tuple[int, int, int]] = {id(p): (1 << i, i, -1) for i, p in enumerate(_SINGLE)}


def _cards_of(play: Play) -> tuple[int, int, int]:
    known = _BY_ID.get(id(play)) or _PLAY_CARDS.get(play)
    if known is None:
        ids = [card_id(c) for c in play.cards]
        known = (sum(1 << i for i in ids), ids[0], ids[1] if len(ids) == 2 else -1)
        _PLAY_CARDS[play] = known
    return known


def bits(mask: int) -> list[int]:
    """The card ids in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def mask_of(cards: Sequence[Card]) -> int:
    return sum(1 << card_id(c) for c in cards)


# -- what may be played ---------------------------------------------------------------


def _single_mask(kind: int, last: int) -> int:
    """The bits of the cards a single may be on the single ``last``."""
    if kind == OPEN:
        return _HIGHER[NUMBER[last]] | _STRONGER[COLOUR[last]]
    if kind == BY_NUMBER:
        return _HIGHER[NUMBER[last]]
    return _STRONGER[COLOUR[last]]


def _pairs(hand: int, kind: int, last: int) -> list[tuple[int, int]]:
    """The pairs of ``hand`` that may be played on ``last`` (its lower
    card; any pair when leading), lowest first as rules.candidate_plays
    lists them."""
    out = []
    h = hand
    while h:
        low = h & -h
        a = low.bit_length() - 1
        h ^= low
        if kind == LEAD:
            partners = hand & _PARTNERS[a] & _ABOVE[a]
        elif kind == NUMBER_PAIR:
            if NUMBER[a] <= NUMBER[last]:
                continue
            partners = hand & _SAME_NUMBER[a] & _ABOVE[a]
        else:
            if COLOUR[a] <= COLOUR[last]:
                continue
            partners = hand & _SAME_COLOUR[a] & _ABOVE[a]
        while partners:
            bit = partners & -partners
            out.append((a, bit.bit_length() - 1))
            partners ^= bit
    return out


def can_play(hand: int, kind: int, last: int) -> bool:
    """Whether ``hand`` holds any play on ``last`` (E3)."""
    if kind in (NUMBER_PAIR, SYMBOL_PAIR):
        return bool(_pairs(hand, kind, last))
    return bool(hand & _single_mask(kind, last))


def _kind_after(kind: int, last: int, low: int, high: int) -> int:
    """The round's kind once the cards ``low`` (and ``high``, -1 for a
    single) are played legally on ``last``."""
    if high >= 0:
        if kind == LEAD:
            return NUMBER_PAIR if NUMBER[low] == NUMBER[high] else SYMBOL_PAIR
        return kind
    if kind == LEAD:
        return OPEN
    if kind == OPEN:
        higher = NUMBER[low] > NUMBER[last]
        stronger = COLOUR[low] > COLOUR[last]
        if higher and stronger:
            return OPEN
        return BY_SYMBOL if stronger else BY_NUMBER
    return kind


# -- a game in play -------------------------------------------------------------------


class Deal:
    """One game of the match in play, every hand known (a determinization):
    changed in place by :meth:`play`. ``order`` lists the seats as they went
    out, and once the game is over (``over``) the last seat too."""

    __slots__ = (
        "players",
        "hands",
        "sizes",
        "passed",
        "turn",
        "kind",
        "last",
        "last_seat",
        "out",
        "over",
        "top",
    )

    def __init__(
        self,
        players: int,
        hands: list[int],
        sizes: list[int],
        passed: list[bool],
        turn: int,
        kind: int,
        last: int,
        last_seat: int,
        out: list[int],
    ) -> None:
        self.players = players
        self.hands = hands
        self.sizes = sizes
        self.passed = passed
        self.turn = turn
        #: the round's kind and the lower card of the play to beat (-1: none)
        self.kind = kind
        self.last = last
        self.last_seat = last_seat
        self.out = out
        self.over = False
        #: the strongest card's id (nothing beats it; the medium bot holds it back)
        self.top = _TOP[players]

    def legal(self) -> list[EtucAction]:
        """The legal actions of the seat to move, in rules.legal_actions' order."""
        hand = self.hands[self.turn]
        kind = self.kind
        last = self.last
        out: list[EtucAction]
        if kind == LEAD:
            out = [_SINGLE[i] for i in bits(hand)]
            out += [_pair(a, b) for a, b in _pairs(hand, LEAD, -1)]
            return out
        if kind >= NUMBER_PAIR:
            out = [_pair(a, b) for a, b in _pairs(hand, kind, last)]
        else:
            out = [_SINGLE[i] for i in bits(hand & _single_mask(kind, last))]
        out.append(PASS)
        return out

    def play(self, action: EtucAction) -> Deal:
        """Apply a legal ``action`` of the seat to move, in place; returns self."""
        seat = self.turn
        sizes = self.sizes
        if action is PASS or type(action) is Pass:
            self.passed[seat] = True
        else:
            cards, low, high = _cards_of(action)  # type: ignore[arg-type]
            self.kind = _kind_after(self.kind, self.last, low, high)
            self.last = low
            self.last_seat = seat
            self.hands[seat] &= ~cards
            sizes[seat] -= 1 if high < 0 else 2
            if not sizes[seat]:
                self.out.append(seat)
                if len(self.out) == self.players - 1:
                    self.out += [s for s in range(self.players) if sizes[s]]
                    self.over = True
                    return self
        self._advance(seat)
        return self

    def _advance(self, seat: int) -> None:
        """After ``seat`` acted: the next seat in this round, or a new round."""
        n = self.players
        sizes = self.sizes
        passed = self.passed
        last_seat = self.last_seat
        others = [s for s in range(n) if s != last_seat and sizes[s] and not passed[s]]
        leader = -1
        if not others:
            leader = _with_cards_from(sizes, last_seat)
        elif last_seat == seat and not sizes[seat]:
            # E3: nobody still in the round can beat the play that emptied a hand
            hands, kind, last = self.hands, self.kind, self.last
            if not any(can_play(hands[s], kind, last) for s in others):
                leader = _with_cards_from(sizes, seat)
        if leader < 0:
            for step in range(1, n + 1):
                s = (seat + step) % n
                if sizes[s] and not passed[s]:
                    self.turn = s
                    return
            raise AssertionError("nobody to move in a game in play")
        self.passed = [False] * n
        self.kind = LEAD
        self.last = -1
        self.turn = leader

    def place(self, seat: int) -> int:
        """The seat's place in this game, 0 for first (over: its final place;
        in play: its place among those out, or after them)."""
        return self.out.index(seat) if seat in self.out else len(self.out)


#: the strongest card's id by player count (rules.strongest_card)
_TOP = {n: card_id(strongest_card(n)) for n in (2, 3)}


def _with_cards_from(sizes: Sequence[int], seat: int) -> int:
    n = len(sizes)
    for step in range(n):
        s = (seat + step) % n
        if sizes[s]:
            return s
    raise AssertionError("nobody holds cards")


def deal_of(state: EtucState) -> Deal:
    """The game in play of a full state (every hand shown) as a :class:`Deal`."""
    hands = [mask_of(h or ()) for h in state.hands]
    return _from(state, hands)


def _from(state: EtucState, hands: list[int]) -> Deal:
    last = state.last
    seat = state.turn
    assert seat is not None, "the match is over"
    return Deal(
        state.players,
        hands,
        list(state.hand_sizes),
        list(state.passed),
        seat,
        KIND_CODE[state.kind],
        card_id(last.cards[0]) if last else -1,
        last.seat if last else -1,
        list(state.out),
    )


class Dealer:
    """Deals :class:`Deal` s consistent with what ``seat`` knows from its
    ``view``: its own hand and the public record kept, the cards it has not
    seen shuffled and dealt to the other hands by their sizes (the rest are
    the set-aside cards, which take no part): rules.determinize as a Deal.
    What the view tells is read once, and each :meth:`deal` shuffles."""

    def __init__(self, view: EtucState, seat: int) -> None:
        mine = view.hands[seat]
        if mine is None:
            raise ValueError(f"seat {seat}'s view does not show its own hand")
        self.view = view
        self.seat = seat
        self.pool = [card_id(c) for c in unseen_cards(view, seat)]
        self.mine = mask_of(mine)
        self.template = _from(view, [0] * view.players)
        self.sizes = view.hand_sizes

    def deal(self, rng: Random) -> Deal:
        pool = self.pool
        rng.shuffle(pool)
        hands = []
        at = 0
        for s, size in enumerate(self.sizes):
            if s == self.seat:
                hands.append(self.mine)
                continue
            hand = 0
            for i in pool[at : at + size]:
                hand |= 1 << i
            hands.append(hand)
            at += size
        t = self.template
        return Deal(
            t.players,
            hands,
            list(t.sizes),
            list(t.passed),
            t.turn,
            t.kind,
            t.last,
            t.last_seat,
            list(t.out),
        )


# -- the medium bot's rule of thumb, on a Deal -------------------------------------------


def shed_choice(deal: Deal, legal: Sequence[EtucAction]) -> EtucAction:
    """bot.heuristic_choice on a :class:`Deal`: go out if possible, else
    the cheapest play, or pass when every play costs more than the hand
    size makes worthwhile (the same arithmetic, so the same choice)."""
    seat = deal.turn
    hand = deal.hands[seat]
    size = deal.sizes[seat]
    top = deal.top
    best_cost = 0.0
    best_key: tuple[int, ...] = ()
    best: EtucAction = PASS
    can_pass = False
    for action in legal:
        if action is PASS or type(action) is Pass:
            can_pass = True
            continue
        _, low, high = _cards_of(action)  # type: ignore[arg-type]
        if high < 0:
            if size == 1:
                return action
            cost = 0.0 + _WORTH[low]
            if hand & _PARTNERS[low]:
                cost += 3.0  # keep pairs together
            if low == top and size > 3:
                cost += 8.0  # hold back the strongest card
            cost = cost / 1 - 0.0
            key: tuple[int, ...] = (low,)
        else:
            if size == 2:
                return action
            cost = 0.0 + _WORTH[low]
            if low == top and size > 3:
                cost += 8.0
            cost += _WORTH[high]
            if high == top and size > 3:
                cost += 8.0
            cost = cost / 2 - 1.5
            key = (low, high)
        if best is PASS or cost < best_cost or (cost == best_cost and key < best_key):
            best, best_cost, best_key = action, cost, key
    if best is PASS or not can_pass:
        return best
    threshold = 7.0 + 0.6 * (HAND_SIZE - size)
    # an opponent about to go out must be stopped
    sizes = deal.sizes
    if any(0 < sizes[s] <= 2 for s in range(deal.players) if s != seat):
        threshold += 6.0
    return best if best_cost <= threshold else PASS
