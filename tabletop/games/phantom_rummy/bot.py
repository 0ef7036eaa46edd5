"""Bots for Phantom Rummy: easy (takes what brings its hand nearer a goal,
discards at random among the cards it does not need), medium (the same
distance, plus how many unseen cards would help, opening and gaining on
purpose, and not feeding a ready opponent what it may wait on), hard (the
medium bot's move unless its search finds a better one: each candidate
move played in many deals of the hidden cards and the round after it played
out, the table then read for who is likely to score and what a goal would
bring, as its chance of winning the match).

Every bot is a function of its view and owns its randomness. The claims on a
discard (ruling R4) are decisions out of turn: the seat asked gets its view
with the claim window and answers ClaimGoal, ClaimGain or Pass like any
other move.

How far a hand is from a goal is ``hands.distance_to_goal``: while nothing
is open the target is a small set and three big sets (one of them to open),
after that a small set and two big sets in hand, so the two counts measure
the same thing, the cards still to gain, and an opening of a set of the best
reading leaves the distance where it was. Opening or gaining a *further* set
takes three cards out of the hand a goal is read from: one point more (and
two fresh cards), but a hand set back, and two cards fewer in the pile;
opening every set runs the pile out.

The hard bot's pieces: :class:`Dealer` deals the hidden cards from what its
seat saw (:class:`HandWatch`, the cards each seat took from the row;
:class:`ReadyWatch`, the kinds a ready seat let pass); ``playout.Playout``
plays the round after a move as the medium bot would, fast; ``odds.outlook``
reads who is likely to score and what a goal would bring, and
``odds.match_chances`` what that leaves of the match.

Each level has a budget in iterations and one in seconds (:data:`BUDGETS`):
easy and medium look at the position once (one iteration; they never read
the clock, and their seconds are a bound tools/bench.py holds them to); hard
deals up to its :data:`HARD_DEALS` (its level) or its seconds, a safety
cap, whichever comes first (:attr:`HardBot.clock_cut` says when the seconds
ended a decision). An untimed bot (``make_bot(..., timed=False)``) keeps the
deals alone, so its decisions depend only on its seed and the view.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from random import Random  # the type only: generators come from core.rng

from tabletop.core import rng as rngmod
from tabletop.core.bots import Assessment, explain, level_factory
from tabletop.core.words import plural, seat_ref
from tabletop.games.phantom_rummy.cards import DECK, KINDS, Card, kinds_words, set_words
from tabletop.games.phantom_rummy.hands import (
    BIG_SET_KINDS,
    CARD_WEIGHT,
    GOAL_SIZE,
    distance_to_goal,
    goal_decompositions,
    hand_key,
    key_distance,
)
from tabletop.games.phantom_rummy.model import (
    HAND_SIZE,
    MATCH_LENGTH,
    ClaimGain,
    ClaimGoal,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomAction,
    PhantomState,
    Phase,
    Ready,
    Take,
)
from tabletop.games.phantom_rummy.odds import match_chances, outlook
from tabletop.games.phantom_rummy.playout import Playout
from tabletop.games.phantom_rummy.rules import (
    RULES,
    hand_of,
    unseen_cards,
    without,
)

#: the hard bot's level: deals of the unseen cards a decision, each one
#: playing every move still in the race on to its seat's next take
HARD_DEALS = 48
#: its safety cap in seconds a decision (the level is its deals)
HARD_TIME = 0.8
#: per level, (iterations, seconds) per decision; tools/bench.py holds each
#: level's decision time to its seconds
BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (1, 0.02),
    "medium": (1, 0.05),
    "hard": (HARD_DEALS, HARD_TIME),
}
#: the discards the hard bot weighs in a turn: the best few by the medium
#: bot's measure (a hand of eight has eight, most of them plainly worse)
HARD_DISCARDS = 3


# -- what a hand needs ------------------------------------------------------------


def distance(hand: Sequence[Card], opened: bool) -> int:
    """The cards ``hand`` still lacks for a goal (``hands.distance_to_goal``)."""
    return distance_to_goal(hand, opened).cards


def unseen_kinds(view: PhantomState, seat: int) -> list[int]:
    """Per kind, how many of its cards ``seat`` has not seen (the other hands
    and the pile), from the rules' ``unseen_cards``."""
    counts = [0] * len(KINDS)
    for card in unseen_cards(view, seat):
        counts[card.kind] += 1
    return counts


def waiting(hand: Sequence[Card], opened: bool, unseen: Sequence[int]) -> int:
    """How many unseen cards would bring ``hand`` nearer a goal (its
    acceptance, counted over the cards not seen)."""
    return sum(unseen[k.index] for k in distance_to_goal(hand, opened).acceptance)


def after_draw(hand: Sequence[Card], unseen: Sequence[int]) -> float:
    """The distance a hand left after an opening or a gain can expect once it
    draws its two cards: its distance less the chance that one of the two is
    among its acceptance (the draws are the unseen cards, as far as the
    player knows; a second helpful card is not counted)."""
    d = distance(hand, True)
    total = sum(unseen)
    if total < 2:
        return float(d)
    good = waiting(hand, True, unseen)
    miss = (total - good) * (total - good - 1) / (total * (total - 1))
    return d - (1.0 - miss)


def _discard_key(
    hand: Sequence[Card], card: Card, opened: bool, unseen: Sequence[int]
) -> tuple[int, int, bool, Card]:
    """The medium bot's order of discards, best first: the hand kept nearest a
    goal, then waiting on most unseen cards, then a black card before a red
    one (red cards score)."""
    kept = without(hand, (card,))
    return (distance(kept, opened), -waiting(kept, opened, unseen), card.red, card)


def waits_words(kinds: Sequence[int], unseen: Sequence[int], most: int = 3) -> str:
    """``Moon 4, Sword 7 (5 unseen)``: the kinds a hand waits on, the first
    ``most`` of them named (``cards.kinds_words``)."""
    if not kinds:
        return "nothing"
    text = kinds_words([KINDS[k] for k in kinds[:most]])
    if len(kinds) > most:
        text += " and more"
    count = sum(unseen[k] for k in kinds)
    return f"{text} ({count} unseen)"


# -- easy ----------------------------------------------------------------------------


class EasyBot:
    """Takes the row card that leaves its hand nearest a goal, opens its first
    set, says ready once a set is open and claims a goal when it can, and
    discards at random among the cards it does not need; it never gains."""

    #: it never reads the clock
    clock_cut = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "phantom-easy", seat)

    def _pick(self, options: Sequence[PhantomAction]) -> PhantomAction:
        return options[self.rng.randrange(len(options))]

    def choose(self, view: PhantomState) -> PhantomAction:
        seat = self.seat
        legal = RULES.legal_actions(view)
        if view.phase is Phase.CLAIMS:
            return ClaimGoal() if ClaimGoal() in legal else Pass()
        hand = hand_of(view, seat)
        opened = bool(view.opened[seat])
        if view.phase is Phase.TAKE:
            scored = [(distance((*hand, a.card), opened), a) for a in legal if isinstance(a, Take)]
            least = min(d for d, _ in scored)
            return self._pick([a for d, a in scored if d == least])
        if Goal() in legal:
            return Goal()
        if view.ready[seat]:
            return legal[-1]
        opens = [a for a in legal if isinstance(a, Open)]
        if opens and not opened:
            return self._pick(opens)
        # ready locks the hand: with nothing open it could never score
        readies = [a for a in legal if isinstance(a, Ready)] if opened else []
        if readies:
            return self._pick(readies)
        now = distance(hand, opened)
        spare = [
            a
            for a in legal
            if isinstance(a, Discard) and distance(without(hand, (a.card,)), opened) <= now
        ]
        if not spare:
            spare = [a for a in legal if isinstance(a, Discard)]
        return self._pick(spare)

    def explain(self, view: PhantomState, action: PhantomAction) -> str:
        return reason(view, self.seat, action) + "."


# -- medium --------------------------------------------------------------------------


def take_rank(
    hand: Sequence[Card], card: Card, opened: bool, unseen: Sequence[int]
) -> tuple[int, int]:
    """The medium bot's worth of taking ``card``, lower first: the hand's
    distance with it, then the unseen cards it then waits on."""
    kept = (*hand, card)
    return (distance(kept, opened), -waiting(kept, opened, unseen))


def discard_rank(
    view: PhantomState,
    card: Card,
    opened: bool,
    unseen: Sequence[int],
    watch: ReadyWatch | None,
) -> tuple[int, int, int]:
    """The medium bot's worth of discarding ``card`` from the hand of the seat
    to move, lower first: the distance of the hand kept, then how many ready
    opponents it may complete (``watch``), then the unseen cards the hand
    kept waits on."""
    seat = RULES.to_move(view)
    assert seat is not None
    d, wait, _, _ = _discard_key(hand_of(view, seat), card, opened, unseen)
    return (d, watch.danger(view, card) if watch else 0, wait)


class ReadyWatch:
    """What a seat has learnt, this short game, of the other seats that said
    ready: a ready hand is locked (ruling R2's ready), so a discard offered to
    a ready seat that did not score with it can never complete that seat's
    goal, nor can any later card of its kind. The watch sees every discard of
    the others (its seat is asked about each one) and remembers its own.

    :meth:`observe` reads each view the seat gets, in order; :meth:`safe`
    tells whether a kind is known not to complete any ready opponent."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.game = 0
        self.known: dict[int, set[int]] = {}
        #: discards offered while the watch waited for their outcome: (kind, ready seats)
        self.pending: list[tuple[int, tuple[int, ...]]] = []

    def _ready_others(self, view: PhantomState) -> tuple[int, ...]:
        return tuple(s for s in range(view.players) if s != self.seat and view.ready[s])

    def observe(self, view: PhantomState) -> None:
        game = len(view.results) + 1
        if game != self.game:
            self.game, self.known, self.pending = game, {}, []
        # the discards offered before this view were not scored with
        for kind, seats in self.pending:
            for s in seats:
                self.known.setdefault(s, set()).add(kind)
        self.pending = []
        claim = view.claim
        if claim is not None and claim.discarder != self.seat:
            self.pending.append((claim.card.kind, self._ready_others(view)))

    def discarded(self, view: PhantomState, card: Card) -> None:
        """The seat discards ``card`` in ``view``: offered to the ready seats."""
        self.pending.append((card.kind, self._ready_others(view)))

    def danger(self, view: PhantomState, card: Card) -> int:
        """How many ready opponents ``card`` might complete (its kind not yet
        known safe against them)."""
        return sum(1 for s in self._ready_others(view) if card.kind not in self.known.get(s, ()))


class HandWatch:
    """What a seat has learnt, this short game, of the cards in the other
    hands: a card that left the row between two of its views, where one
    other seat had a turn in between, is in that seat's hand, until it shows
    again (discarded, opened, gained). Every take is face up, so a player
    who follows the row knows these cards as well.

    :meth:`observe` reads each view the seat gets, in order; :meth:`took`
    the seat's own take; :attr:`held` the cards known per seat."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.game = 0
        #: the row as the seat last saw it (its own take gone), and whose turn it was
        self.row: tuple[Card, ...] | None = None
        self.turn = -1
        self.held: dict[int, set[Card]] = {}

    def observe(self, view: PhantomState) -> None:
        game = len(view.results) + 1
        if game != self.game:
            self.game, self.row, self.turn, self.held = game, None, -1, {}
        n = view.players
        # the seat whose take is the latest: a discard's, else the one before this seat's turn
        if view.phase is Phase.CLAIMS and view.claim is not None:
            last = view.claim.discarder
        elif view.turn == self.seat:
            last = (self.seat - 1) % n if view.phase is Phase.TAKE else self.seat
        else:
            last = -1
        if self.row is not None and last >= 0 and last != self.seat:
            turns = (last - self.turn) % n
            gone = [c for c in self.row if c not in view.row]
            if turns == 1 and len(gone) == 1:
                self.held.setdefault(last, set()).add(gone[0])
        self.row = view.row
        self.turn = last if last >= 0 else view.turn
        shown = {c for pile in view.discards for c in pile}
        shown.update(c for s in range(n) for c in view.open_cards(s))
        for cards in self.held.values():
            cards -= shown

    def took(self, view: PhantomState, card: Card) -> None:
        """The seat takes ``card`` in ``view``."""
        self.row = tuple(c for c in view.row if c != card)
        self.turn = self.seat


def medium_choice(
    view: PhantomState,
    seat: int,
    legal: Sequence[PhantomAction],
    watch: ReadyWatch | None = None,
) -> PhantomAction:
    """The medium bot's move (deterministic): a goal whenever it can; the row
    card that leaves the hand nearest a goal, waiting on most unseen cards;
    the discard that keeps most (:func:`_discard_key`), and among those that
    keep as much, one that cannot complete a ready opponent (``watch``),
    saying ready with it when it can; its first set opened, and further sets
    opened or gained only when the hand, two draws counted, is not set back
    by it (a point more, and the pile's cards kept for the goal)."""
    unseen = unseen_kinds(view, seat)
    hand = hand_of(view, seat)
    opened = bool(view.opened[seat])
    if view.phase is Phase.CLAIMS:
        if ClaimGoal() in legal:
            return ClaimGoal()
        gains = [a for a in legal if isinstance(a, ClaimGain)]
        if not gains:
            return Pass()
        now = distance(hand, opened)
        best = min(gains, key=lambda a: (after_draw(without(hand, a.cards), unseen), a.cards))
        after = after_draw(without(hand, best.cards), unseen)
        # the first set opens the way to a goal; a further one must not set it back
        if after < now or (opened and after <= now - 1):
            return best
        return Pass()
    if view.phase is Phase.TAKE:
        takes = [a for a in legal if isinstance(a, Take)]

        return min(
            takes, key=lambda a: (take_rank(hand, a.card, opened, unseen), not a.card.red, a.card)
        )
    if Goal() in legal:
        return Goal()
    if view.ready[seat]:
        return next(a for a in legal if isinstance(a, Discard))
    discards = [a for a in legal if isinstance(a, Discard)]

    best_discard = min(
        discards,
        key=lambda a: (discard_rank(view, a.card, opened, unseen, watch), a.card.red, a.card),
    )
    kept = distance(without(hand, (best_discard.card,)), opened)
    opens = [a for a in legal if isinstance(a, Open)]
    if opens:
        best_open = min(opens, key=lambda a: (after_draw(without(hand, a.cards), unseen), a.cards))
        after = after_draw(without(hand, best_open.cards), unseen)
        if (not opened and after <= kept) or (opened and after <= kept - 1):
            return best_open
    # ready locks the hand: with nothing open it could never score
    ready = Ready(best_discard.card)
    return ready if opened and ready in legal else best_discard


class MediumBot:
    """Deterministic: :func:`medium_choice` on its view and what its
    :class:`ReadyWatch` has seen."""

    #: it never reads the clock
    clock_cut = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.watch = ReadyWatch(seat)

    def choose(self, view: PhantomState) -> PhantomAction:
        self.watch.observe(view)
        action = medium_choice(view, self.seat, RULES.legal_actions(view), self.watch)
        if isinstance(action, (Discard, Ready)):
            self.watch.discarded(view, action.card)
        return action

    def explain(self, view: PhantomState, action: PhantomAction) -> str:
        return reason(view, self.seat, action) + "."


# -- hard ----------------------------------------------------------------------------

#: tries at dealing a ready seat a hand one card short whose waits avoid the
#: kinds it already let pass (:class:`ReadyDeal`)
READY_TRIES = 6


class ReadyDeal:
    """Deals a ready seat seven cards of ``pool`` one card short of a goal
    hand, at random, the cards ``must`` among them (the seat was seen to
    take them): two big sets and a small set the pool holds, those holding a
    card of ``must`` chosen first, less one card not of ``must``; a hand
    that would score with a kind in ``safe`` (one its seat let pass while
    ready) is dealt again, up to :data:`READY_TRIES` times. A ready seat's
    hand is locked one card short (ruling R2's ready), which a random deal
    of seven almost never is. What the pool allows is worked out once; each
    :meth:`deal` draws a hand."""

    def __init__(
        self, pool: Sequence[Card], safe: set[int] | frozenset[int], must: Sequence[Card] = ()
    ) -> None:
        self.by_kind: dict[int, list[Card]] = {}
        for card in pool:
            self.by_kind.setdefault(card.kind, []).append(card)
        self.safe = safe
        self.must = list(must)
        self.needed: dict[int, int] = {}
        for card in must:
            self.needed[card.kind] = self.needed.get(card.kind, 0) + 1
        self.bigs = self._bigs(self.by_kind)

    @staticmethod
    def _bigs(by_kind: dict[int, list[Card]]) -> list[tuple[tuple[int, ...], dict[int, int]]]:
        """The big sets ``by_kind`` holds, each with its count of each kind."""
        out: list[tuple[tuple[int, ...], dict[int, int]]] = []
        for kinds in BIG_SET_KINDS:
            need = {k: kinds.count(k) for k in kinds}
            if all(len(by_kind.get(k, ())) >= n for k, n in need.items()):
                out.append((kinds, need))
        return out

    def deal(self, rng: Random, taken: set[Card] | None = None) -> tuple[Card, ...] | None:
        """A hand (see the class), none of ``taken`` in it; None when none was found."""
        by_kind, bigs = self.by_kind, self.bigs
        if taken:
            by_kind = {k: [c for c in v if c not in taken] for k, v in by_kind.items()}
            bigs = self._bigs(by_kind)
        if not bigs:
            return None
        found: tuple[Card, ...] | None = None
        for _ in range(READY_TRIES):
            left = {k: len(v) for k, v in by_kind.items()}
            need = dict(self.needed)
            kinds: list[int] = []
            slots = [3, 3, 2]
            rng.shuffle(slots)
            for size in slots:
                if size == 3:
                    fits = [s for s, n in bigs if all(left[k] >= c for k, c in n.items())]
                else:
                    fits = [(k, k) for k, count in left.items() if count >= 2]
                covering = [s for s in fits if any(need.get(k, 0) for k in s)]
                fits = covering or fits
                if not fits:
                    break
                chosen = fits[rng.randrange(len(fits))]
                for k in chosen:
                    left[k] -= 1
                    if need.get(k, 0):
                        need[k] -= 1
                kinds.extend(chosen)
            if len(kinds) != GOAL_SIZE or any(need.values()):
                continue
            spare = [i for i, k in enumerate(kinds) if kinds.count(k) > self.needed.get(k, 0)]
            del kinds[spare[rng.randrange(len(spare))]]
            hand: list[Card] = []
            for k in sorted(set(kinds)):
                mine = [c for c in self.must if c.kind == k]
                rest = [c for c in by_kind[k] if c not in mine]
                hand.extend(mine + rng.sample(rest, kinds.count(k) - len(mine)))
            found = tuple(sorted(hand, key=lambda c: c.index))
            waits = {k.index for k in distance_to_goal(found, True).acceptance}
            if not waits & self.safe:
                break
        return found


def ready_hand(
    pool: Sequence[Card],
    safe: set[int] | frozenset[int],
    rng: Random,
    must: Sequence[Card] = (),
) -> tuple[Card, ...] | None:
    """One :class:`ReadyDeal` hand of ``pool``."""
    return ReadyDeal(pool, safe, must).deal(rng)


#: the most hands a deal draws for a seat to keep the one nearest a goal
KEPT_TRIES = 8


def turns_played(view: PhantomState) -> int:
    """The takes of this short game so far, read off the table: the row
    cards laid (the first row, and the fresh rows the pile gave, which is
    what it lost less two cards a set opened or gained) less those still in
    the row."""
    players = view.players
    first_pile = len(DECK) - HAND_SIZE * players - (players + 1)
    sets = sum(len(o) for o in view.opened)
    fresh = first_pile - view.pile_size - 2 * sets
    return players + 1 + fresh - len(view.row)


class Dealer:
    """The hard bot's deals of the cards its seat has not seen in ``view``,
    from what it knows (worked out once a decision; :meth:`deal` draws one):

    - each other hand holds the cards the seat saw it take
      (:class:`HandWatch`), and the rest of its size from the unseen cards,
      the nearest a goal of a few such draws: a player keeps what brings it
      nearer and discards the rest, so a hand held for a while is better
      than a random one. One draw on the first turn, one more for each turn
      the seats have had, at most :data:`KEPT_TRIES` (measured: random
      sevens are about 0.7 of a card further from a goal than the medium
      bot's hands a few turns in; the nearest of that many is as near);
    - a ready seat's seven are one card short of a goal with those cards
      among them (:class:`ReadyDeal`), its waits off the kinds its
      ``watch`` knows it let pass;
    - the other unseen cards are the pile, in random order; the seed of
      later deals is drawn at random, and the sealed answers of the seats
      already asked read as passes (nothing of them shows)."""

    def __init__(self, view: PhantomState, seat: int, watch: ReadyWatch, hands: HandWatch) -> None:
        self.view = view
        self.seat = seat
        players = view.players
        pool = unseen_cards(view, seat)
        unseen = set(pool)
        self.known = {
            s: sorted(c for c in hands.held.get(s, ()) if c in unseen)[: view.hand_sizes[s]]
            for s in range(players)
            if s != seat
        }
        held = {c for cards in self.known.values() for c in cards}
        self.free = [c for c in pool if c not in held]
        self.tries = min(KEPT_TRIES, 1 + turns_played(view) // players)
        self.ready = {
            s: ReadyDeal([*self.known[s], *self.free], watch.known.get(s, set()), self.known[s])
            for s in self.known
            if view.ready[s] and view.hand_sizes[s] == GOAL_SIZE - 1
        }
        claim = view.claim
        if claim is not None:
            asked = set(claim.order()[: claim.asked])
            answers = tuple(
                claim.answers[s] if s == seat else (Pass() if s in asked else None)
                for s in range(players)
            )
            claim = replace(claim, answers=answers)
        self.claim = claim

    def deal(self, rng: Random) -> PhantomState:
        view = self.view
        free = list(self.free)
        rng.shuffle(free)
        hands: list[tuple[Card, ...] | None] = [None] * view.players
        hands[self.seat] = hand_of(view, self.seat)
        taken: set[Card] = set()
        for s, maker in self.ready.items():
            hand = maker.deal(rng, taken)
            if hand is not None:
                hands[s] = hand
                taken.update(hand)
        if taken:
            free = [c for c in free if c not in taken]
        for s, known in self.known.items():
            if hands[s] is not None:
                continue
            extra = view.hand_sizes[s] - len(known)
            opened = bool(view.opened[s])
            base = hand_key(known)
            best: tuple[int, list[Card]] | None = None
            for _ in range(self.tries):
                fill = rng.sample(free, extra) if extra < len(free) else list(free)
                key = base + sum([CARD_WEIGHT[c.index] for c in fill])
                d = key_distance(key, opened, len(known) + len(fill)).cards
                if best is None or d < best[0]:
                    best = (d, fill)
            assert best is not None
            chosen = set(best[1])
            hands[s] = tuple(sorted([*known, *best[1]], key=lambda c: c.index))
            free = [c for c in free if c not in chosen]
        return replace(
            view,
            seed=rng.getrandbits(62),
            hands=tuple(hands),
            pile=tuple(free),
            claim=self.claim,
            viewer=None,
        )


#: the hard bot's moves in words when a coach or a review weighs them
CHANCE_UNIT = "a {:.0%} chance of winning the match"
#: the coach speaks when a move leaves this much less chance of the match
COACH_CHANCE = 0.03


class HardBot:
    """Weighs its moves by playing them out. It deals the cards it has not
    seen as it reckons they lie (:class:`Dealer`), plays each candidate
    move (:func:`hard_candidates`) in the deal, and the round after it as
    the medium bot would play it at every seat (``playout.Playout``), up to
    its own next take; there it reads the table with ``odds.outlook`` (each
    seat's chance of the goal and the points it would bring), or the short
    game's end if it came, as its chance of winning the match
    (:meth:`chance`). Every candidate is played in the same deals, so two
    moves are compared on the same luck; a move that falls clearly behind
    is dropped (:func:`race`), and the search stops once one is left, after
    ``iterations`` deals (its level), or at ``time_budget`` seconds (a
    safety cap: :attr:`clock_cut` says when it ended a decision). It plays
    another move than the medium bot's only where the deals clearly prefer
    it (:func:`preferred`)."""

    #: how a value of the search reads, and the loss the coach speaks at
    value_unit = CHANCE_UNIT
    coach_threshold = COACH_CHANCE

    def __init__(
        self,
        seat: int,
        seed: int,
        iterations: int = HARD_DEALS,
        time_budget: float | None = HARD_TIME,
    ) -> None:
        self.seat = seat
        self.seed = seed
        self.iterations = iterations
        self.time_budget = time_budget
        self.rng = rngmod.make(seed, "phantom-hard", seat)
        self.watch = ReadyWatch(seat)
        self.hands = HandWatch(seat)
        self.clock: Callable[[], float] = time.perf_counter
        #: the last decision ended at the seconds, not the deals or a settled race
        self.clock_cut = False
        self.last = SearchReport((), (), 0, False)
        self._values: list[list[float]] = []
        #: the totals and the short games played as the short game being played began
        self._scores: tuple[int, ...] = ()
        self._played = -1
        self._chances: dict[tuple[int, ...], float] = {}
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Stop a search running on the worker at its next deal."""
        self._cancel.set()

    def value(self, points: Sequence[int], instant: bool, goal: int | None) -> float:
        """A short game's end (``points`` per seat) as this seat's chance of
        winning the match (:meth:`chance`); a legendary Item's win is the
        match won or lost."""
        if instant:
            return 1.0 if goal == self.seat else 0.0
        return self.chance(tuple(s + p for s, p in zip(self._scores, points, strict=True)))

    def chance(self, totals: tuple[int, ...]) -> float:
        """This seat's chance of winning the match once the short game being
        played has ended with ``totals``: the match's outcome if it ends
        there (ruling R7: a shared first shares), else ``odds.match_chances``
        over the short games left."""
        found = self._chances.get(totals)
        if found is None:
            games, target = MATCH_LENGTH[len(totals)]
            left = games - self._played - 1
            if left <= 0 or max(totals) >= target:
                top = max(totals)
                found = 1.0 / totals.count(top) if totals[self.seat] == top else 0.0
            else:
                found = match_chances(totals, left, target)[self.seat]
            self._chances[totals] = found
        return found

    def play_out(self, world: PhantomState, action: PhantomAction) -> float:
        """``action`` in the deal ``world``, then the medium bot at every seat
        up to this seat's next take (``playout.Playout``): the short game's
        end if it came (:meth:`value`), else what the table promises
        (:meth:`promise`)."""
        after = RULES.apply(world, action)
        if len(after.results) > len(world.results):
            result = after.results[len(world.results)]
            return self.value(result.points, result.instant, result.goal)
        table = Playout(after, _known(self.watch, world.players))
        ending = table.run(until=self.seat)
        if ending is not None:
            return self.value(ending.points, ending.instant, ending.goal)
        return self.promise(table)

    def promise(self, table: Playout) -> float:
        """A short game cut off at this seat's take, in the measure of
        :meth:`value`: each seat's chance of the goal (``odds.outlook``)
        times what its goal, worth the points the odds give it, would leave
        this seat (read between the whole points on either side)."""
        total = 0.0
        scores = self._scores
        for seat, (odds_of, points) in enumerate(outlook(table)):
            points = max(1.0, points)
            low = int(points)
            part = points - low
            totals = list(scores)
            totals[seat] += low
            below = self.chance(tuple(totals))
            totals[seat] += 1
            above = self.chance(tuple(totals)) if part else below
            total += odds_of * (below + part * (above - below))
        return total

    def search(
        self, view: PhantomState, moves: Sequence[PhantomAction], race_on: bool = True
    ) -> SearchReport:
        """Each of ``moves`` played out in the same deals (see the class);
        with ``race_on`` False every move is played in every deal."""
        self._cancel.clear()
        dealer = Dealer(view, self.seat, self.watch, self.hands)
        clock = self.clock
        start = last = clock()
        longest = 0.0
        budget = self.time_budget
        values: list[list[float]] = [[] for _ in moves]
        alive = list(range(len(moves)))
        cut = settled = False
        deals = 0
        while deals < self.iterations:
            if deals:
                now = clock()
                longest = max(longest, now - last)
                last = now
                if budget is not None and now + longest > start + budget:
                    cut = True
                    break
                if self._cancel.is_set():
                    break
            world = dealer.deal(self.rng)
            for i in alive:
                values[i].append(self.play_out(world, moves[i]))
            deals += 1
            if race_on and len(alive) > 1:
                alive = race(values, alive, deals)
                if len(alive) == 1:
                    settled = True
                    break
        means = tuple((sum(v) / len(v)) if v else -math.inf for v in values)
        self._values = values
        self.last = SearchReport(tuple(str(m) for m in moves), means, deals, settled, tuple(alive))
        self.clock_cut = cut
        return self.last

    def _observe(self, view: PhantomState) -> None:
        """What ``view`` shows: the watches, and the totals the short game
        being played began with."""
        self.watch.observe(view)
        self.hands.observe(view)
        if (view.scores, len(view.results)) != (self._scores, self._played):
            self._scores, self._played = view.scores, len(view.results)
            self._chances = {}

    def choose(self, view: PhantomState) -> PhantomAction:
        """The medium bot's move, or a candidate the deals clearly prefer."""
        self._observe(view)
        self.clock_cut = False
        legal = RULES.legal_actions(view)
        first = medium_choice(view, self.seat, legal, self.watch)
        moves = hard_candidates(view, self.seat, legal, first, self.watch)
        if len(moves) == 1:
            self.last = SearchReport((str(moves[0]),), (0.0,), 0, True, (0,))
            action = moves[0]
        else:
            report = self.search(view, moves)
            action = moves[preferred(report, self._values)]
        if isinstance(action, (Discard, Ready)):
            self.watch.discarded(view, action.card)
        if isinstance(action, Take):
            self.hands.took(view, action.card)
        return action

    def assess(self, view: PhantomState, played: PhantomAction) -> Assessment:
        """``played`` against the bot's own choice, both played out in the
        same deals to the whole budget (a generator of its own, so the same
        seed and view give the same judgement): its chance of winning the
        match after each."""
        best = self.choose(view)
        why = explain(self, view, best)
        self.rng = rngmod.make(self.seed, "phantom-hard-assess", self.seat)
        moves = [best] if played == best else [best, played]
        report = self.search(view, moves, race_on=False)
        return Assessment(
            played,
            best,
            report.means[-1],
            report.means[0],
            self.value_unit,
            self.coach_threshold,
            why,
        )

    def explain(self, view: PhantomState, action: PhantomAction) -> str:
        """:func:`reason`, and what the deals made of it beside the next best move."""
        text = reason(view, self.seat, action)
        report = self.last
        if report.deals and len(report.moves) > 1 and str(action) in report.moves:
            mine = report.means[report.moves.index(str(action))]
            others = [
                m for a, m in zip(report.moves, report.means, strict=True) if a != str(action)
            ]
            text += (
                f" ({mine:.0%} chance of the match over {report.deals} deals, "
                f"the next best move {max(others):.0%})"
            )
        return text + "."


@dataclass(frozen=True)
class SearchReport:
    """What the hard bot's last search did: its moves (as notation), each
    one's mean value over the deals it was played in, the deals dealt,
    whether the race settled before the budget, and the moves still in it."""

    moves: tuple[str, ...]
    means: tuple[float, ...]
    deals: int
    settled: bool
    alive: tuple[int, ...] = ()


#: a race's move is dropped when the leader's mean lead over it, counted
#: deal by deal, is this many standard errors (and at least a few deals in)
RACE_Z = 2.0
RACE_MIN_DEALS = 8


def race(values: Sequence[Sequence[float]], alive: Sequence[int], deals: int) -> list[int]:
    """The moves of ``alive`` still in the race after ``deals`` deals: each
    compared with the leader deal by deal (the same cards, so the luck
    cancels), and dropped when it is behind by :data:`RACE_Z` standard
    errors of that difference."""
    if deals < RACE_MIN_DEALS:
        return list(alive)
    means = {i: sum(values[i]) / deals for i in alive}
    leader = max(alive, key=lambda i: (means[i], -i))
    keep = []
    lead_values = values[leader]
    for i in alive:
        if i == leader:
            keep.append(i)
            continue
        diffs = [a - b for a, b in zip(lead_values, values[i], strict=True)]
        mean = sum(diffs) / deals
        var = sum((d - mean) ** 2 for d in diffs) / (deals - 1)
        if mean > 0 and mean > RACE_Z * math.sqrt(var / deals):
            continue
        keep.append(i)
    return keep


#: the hard bot plays another move than the medium bot's only where that
#: move's lead over it, deal by deal, is this many standard errors and at
#: least :data:`SWITCH_CHANCE` of the match: a move the deals cannot tell
#: from the medium bot's is not worth its risk (a search that swaps "open
#: now" for "open next turn" on a coin's toss opens never)
SWITCH_Z = 2.0
SWITCH_CHANCE = 0.004


def preferred(report: SearchReport, values: Sequence[Sequence[float]]) -> int:
    """The move to play after a search, the medium bot's (move 0) unless a
    move still in the race leads it clearly (:data:`SWITCH_Z`,
    :data:`SWITCH_CHANCE`), then the best of those by its mean."""
    if 0 not in report.alive:
        return max(report.alive, key=lambda i: (report.means[i], -i))
    base = values[0]
    best, best_mean = 0, report.means[0]
    for i in report.alive:
        if i == 0 or report.means[i] <= best_mean:
            continue
        diffs = [a - b for a, b in zip(values[i], base, strict=True)]
        k = len(diffs)
        mean = sum(diffs) / k
        var = sum((d - mean) ** 2 for d in diffs) / max(1, k - 1)
        if mean >= SWITCH_CHANCE and mean > SWITCH_Z * math.sqrt(var / k):
            best, best_mean = i, report.means[i]
    return best


def _known(watch: ReadyWatch, players: int) -> list[set[int]]:
    """What every seat knows of the ready seats: the kinds each let pass."""
    return [set(watch.known.get(s, ())) for s in range(players)]


def hard_candidates(
    view: PhantomState,
    seat: int,
    legal: Sequence[PhantomAction],
    first: PhantomAction,
    watch: ReadyWatch,
) -> list[PhantomAction]:
    """The moves the hard bot plays out, the medium bot's ``first`` first: a
    goal or a goal claim alone; every take and every answer to a discard;
    after a take, every opening and the :data:`HARD_DISCARDS` best discards
    by the medium bot's ranks (one card of a kind), each said ready where it
    can be (with a set open), and the medium bot's discard without ready."""
    if Goal() in legal:
        return [Goal()]
    if ClaimGoal() in legal:
        return [ClaimGoal()]
    if view.phase is not Phase.ACT or view.ready[seat]:
        return [first, *(a for a in legal if a != first)]
    opened = bool(view.opened[seat])
    unseen = unseen_kinds(view, seat)
    readies = {a.card for a in legal if isinstance(a, Ready)} if opened else set()
    ranked = sorted(
        (a for a in legal if isinstance(a, Discard)),
        key=lambda a: (discard_rank(view, a.card, opened, unseen, watch), a.card.red, a.card),
    )
    out: list[PhantomAction] = [first]
    kinds: set[int] = set()
    for a in ranked:
        if a.card.kind in kinds:
            continue
        kinds.add(a.card.kind)
        move: PhantomAction = Ready(a.card) if a.card in readies else a
        if move not in out:
            out.append(move)
        if len(kinds) >= HARD_DISCARDS:
            break
    if isinstance(first, Ready) and Discard(first.card) not in out:
        out.append(Discard(first.card))
    out.extend(a for a in legal if isinstance(a, Open) and a not in out)
    return out


# -- reasons -------------------------------------------------------------------------


def _away(d: float) -> str:
    if d <= 0:
        return "a goal hand"
    return f"{plural(int(d), 'card')} from a goal"


def reason(view: PhantomState, seat: int, action: PhantomAction) -> str:
    """Why ``action`` is worth playing for ``seat``, in a player's words
    (no closing full stop): what it does to the hand's distance from a goal
    and which unseen cards the hand then waits on."""
    hand = hand_of(view, seat)
    opened = bool(view.opened[seat])
    unseen = unseen_kinds(view, seat)
    if isinstance(action, Take):
        kept = (*hand, action.card)
        d = distance(kept, opened)
        if view.ready[seat]:
            if d == 0:
                return f"Take {action.card.title}: it completes your goal hand"
            return f"Take {action.card.title}: you are ready and must discard it unless it scores"
        if d == 0 and opened:
            return f"Take {action.card.title}: it completes your goal hand"
        before = distance(hand, opened)
        if d < before:
            return f"Take {action.card.title}: it brings your hand to {_away(d)}"
        return f"Take {action.card.title}: no card in the row brings you nearer, and it keeps most"
    if isinstance(action, Goal):
        readings = goal_decompositions(hand)
        shown = f" ({readings[0]})" if readings else ""
        return f"Call the goal: your eight cards are a goal hand{shown}"
    if isinstance(action, Open):
        rest = without(hand, action.cards)
        after = distance(rest, True)
        head = f"Open {set_words(action.cards)}"
        if not opened:
            return f"{head}: a goal needs a set on the table, and you draw two ({_away(after)} before the draw)"
        return f"{head}: one point more for the set and two fresh cards, at {_away(after)} before the draw"
    if isinstance(action, (Discard, Ready)):
        if view.ready[seat]:
            return f"Discard {action.card.title}: you are ready, so the card you took goes"
        kept_hand = without(hand, (action.card,))
        dist = distance_to_goal(kept_hand, opened)
        wait = waits_words([k.index for k in dist.acceptance], unseen)
        if isinstance(action, Ready):
            return (
                f"Discard {action.card.title} and say ready: one card short, "
                f"waiting on {wait}; from now on another player's discard of it can be your goal"
            )
        return f"Discard {action.card.title}: you keep {_away(dist.cards)}, waiting on {wait}"
    claim = view.claim
    assert claim is not None
    whose = f"{seat_ref(claim.discarder)}'s {claim.card.title}"
    if isinstance(action, ClaimGoal):
        return f"Claim {whose}: it completes your goal hand"
    if isinstance(action, ClaimGain):
        expected = after_draw(without(hand, action.cards), unseen)
        head = f"Gain {whose} as {set_words((claim.card, *action.cards))}"
        if not opened:
            return (
                f"{head}: your first set without spending a take "
                f"({expected:.1f} cards from a goal after the draw, on average)"
            )
        return f"{head}: a point more for the set, and two fresh cards"
    gains = [a for a in RULES.legal_actions(view) if isinstance(a, ClaimGain)]
    if not gains:
        return f"Pass: {claim.card.title} makes no set with your cards"
    now = distance(hand, opened)
    return f"Pass: gaining {claim.card.title} would set your hand back from {_away(now)}"


# -- the factory --------------------------------------------------------------------


#: a bot of a level for a seat (core.bots.level_factory)
make_bot = level_factory(EasyBot, MediumBot, HardBot, HARD_TIME)


def level_notes() -> dict[str, str]:
    """Each level in words, for the setup screen."""
    return {
        "easy": "Takes the card that brings its hand nearest a goal, opens its first set, "
        "and discards at random among the cards it does not need.",
        "medium": "Counts the cards it has not seen that would help its hand, opens "
        "or gains a set only when that does not set its hand back, and keeps back "
        "cards a ready player may be waiting on.",
        "hard": "Plays medium's move unless it finds a better one: it imagines the hidden "
        "cards many times over (each hand as good as what its player kept suggests, a ready "
        "player's one card short), plays each of its moves and the round after out, and "
        "weighs who is then likely to score and how many points, red cards above all, as its "
        f"chance of winning the match: up to {HARD_DEALS} deals a move (at most "
        f"{HARD_TIME:g} s).",
    }
