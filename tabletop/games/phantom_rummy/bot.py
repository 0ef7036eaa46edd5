"""Bots for Phantom Rummy: easy (takes what brings its hand nearer a goal,
discards at random among the cards it does not need), medium (the same
distance, plus how many unseen cards would help, opening and gaining on
purpose, and not feeding a ready opponent what it may wait on), hard (ISMCTS
over the unseen cards and the pile to the end of the short game, a goal
scored by its points: red cards, conditions, sets and the bonus check,
choosing among the moves medium ranks as high as its own; medium's move
unless the search clearly prefers another of those).

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

Each level has a budget in iterations and one in seconds (:data:`BUDGETS`):
easy and medium look at the position once (one iteration; they never read
the clock, and their seconds are a bound tools/bench.py holds them to); hard
searches up to its iteration cap or its seconds, whichever comes first. An
untimed bot (``make_bot(..., timed=False)``) keeps the cap alone, so its
decisions depend only on its seed and the view.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import replace
from random import Random  # the type only: generators come from core.rng

from tabletop.core import rng as rngmod
from tabletop.core.bots import ISMCTSBot, level_factory, outcome_value
from tabletop.core.words import plural, seat_ref
from tabletop.games.phantom_rummy.cards import KINDS, Card, kinds_words, set_words
from tabletop.games.phantom_rummy.hands import (
    BIG_SET_KINDS,
    distance_to_goal,
    goal_decompositions,
    is_goal_hand,
)
from tabletop.games.phantom_rummy.model import (
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
from tabletop.games.phantom_rummy.rules import (
    RULES,
    big_sets_in,
    determinize,
    hand_of,
    own_discard_blocks,
    unseen_cards,
    without,
)

#: the hard bot's limits per decision (core.bots.ISMCTS stops sooner once no
#: iteration left could change its choice)
HARD_TIME = 0.3
HARD_ITERATIONS = 120
#: per level, (iterations, seconds) per decision; tools/bench.py holds each
#: level's decision time to its seconds
BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (1, 0.02),
    "medium": (1, 0.05),
    "hard": (HARD_ITERATIONS, HARD_TIME),
}
#: actions a playout makes before the position is judged by the hands'
#: distances (:func:`standing`)
ROLLOUT_DEPTH = 40
#: the hard bot plays another move than the medium bot's only when the
#: search visited it this many times as often (the search's visits follow
#: the playouts' results; a short game's luck is large beside the difference
#: between two sensible moves, so a narrow lead is mostly noise)
OVERRIDE = 2.0
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


def candidates(state: PhantomState) -> list[PhantomAction]:
    """The moves the hard bot's search weighs for whoever is to move: a goal
    (or a goal claim) alone when there is one; else every take, opening and
    gain, and of the discards the best :data:`HARD_DISCARDS` by the hand
    they keep, each said ready where it can be (a ready seat may claim any
    discard that completes it; with nothing open, ready would lock a hand
    that can never score, so it is left out)."""
    legal = RULES.legal_actions(state)
    if state.phase is Phase.CLAIMS:
        return [ClaimGoal()] if ClaimGoal() in legal else legal
    if state.phase is not Phase.ACT or len(legal) == 1:
        return legal
    if Goal() in legal:
        return [Goal()]
    seat = state.turn
    hand = hand_of(state, seat)
    opened = bool(state.opened[seat])
    readies = {a.card for a in legal if isinstance(a, Ready)} if opened else set()
    kept = {
        a.card: (distance(without(hand, (a.card,)), opened), a.card.red, a.card)
        for a in legal
        if isinstance(a, Discard)
    }
    best = set(sorted(kept, key=kept.__getitem__)[:HARD_DISCARDS])
    out: list[PhantomAction] = []
    for a in legal:
        if isinstance(a, Open):
            out.append(a)
        elif isinstance(a, Ready):
            if a.card in best and a.card in readies:
                out.append(a)
        elif isinstance(a, Discard) and a.card in best and a.card not in readies:
            out.append(a)
    return out


class _Candidates(Sequence[PhantomAction]):
    """:func:`candidates` of a state, worked out when first read. The search's
    tree reads them; a playout's move (:func:`playout_action`) never does, it
    picks its move from the state itself, so a playout pays for no list of
    legal moves."""

    __slots__ = ("state", "_items")

    def __init__(self, state: PhantomState) -> None:
        self.state = state
        self._items: list[PhantomAction] | None = None

    def _list(self) -> list[PhantomAction]:
        if self._items is None:
            self._items = candidates(self.state)
        return self._items

    def __len__(self) -> int:
        return len(self._list())

    def __getitem__(self, i: int) -> PhantomAction:  # type: ignore[override]
        return self._list()[i]

    def __iter__(self) -> Iterator[PhantomAction]:
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        return action in self._list()


def _lazy_candidates(state: PhantomState) -> list[PhantomAction]:
    return _Candidates(state)  # type: ignore[return-value]


def keep_values(hand: Sequence[Card]) -> list[float]:
    """A quick worth of each card of ``hand`` to it, for playouts (where a
    distance per card would cost too much): its copies in hand, then its
    neighbours in a run (same type, one or two apart), a red card a little
    more (it scores)."""
    counts = [0] * len(KINDS)
    for card in hand:
        counts[card.kind] += 1
    out = []
    for card in hand:
        k = card.kind
        value = 2.0 * min(counts[k] - 1, 2) + (0.3 if card.red else 0.0)
        if _NUMBERED[k]:
            for step, weight in ((1, 1.0), (2, 0.5)):
                for j in (k - step, k + step):
                    if 0 <= j < len(KINDS) and _TYPE_OF[j] == _TYPE_OF[k] and counts[j]:
                        value += weight
        out.append(value)
    return out


_NUMBERED = tuple(kind.number is not None for kind in KINDS)
_TYPE_OF = tuple(kind.type for kind in KINDS)


def _gain_pair(card: Card, hand: Sequence[Card]) -> tuple[Card, Card] | None:
    """Two cards of ``hand`` that make a big set with ``card``, or None: the
    copies of its kind first, then its run neighbours."""
    k = card.kind
    same = [c for c in hand if c.kind == k]
    if len(same) >= 2:
        return same[0], same[1]
    if not _NUMBERED[k]:
        return None
    by_kind = {c.kind: c for c in hand}
    for a, b in ((k - 2, k - 1), (k - 1, k + 1), (k + 1, k + 2)):
        if a in by_kind and b in by_kind and _TYPE_OF[a] == _TYPE_OF[k] == _TYPE_OF[b]:
            if abs(KINDS[a].number - KINDS[b].number) <= 2:  # type: ignore[operator]
                return by_kind[a], by_kind[b]
    return None


def playout_action(
    state: PhantomState, legal: Sequence[PhantomAction], rng: Random
) -> PhantomAction:
    """A playout's move, for every seat, from the state alone (``legal`` is not
    read): claim a goal whenever it can, gain only while nothing is open;
    take a row card that brings the hand nearer a goal (its acceptance),
    else the one worth most to the hand (:func:`keep_values`); score a
    goal, open the first set, then discard the card worth least, saying
    ready when the hand left is one card short (once a set is open)."""
    seat = RULES.to_move(state)
    assert seat is not None
    hand = hand_of(state, seat)
    opened = bool(state.opened[seat])
    if state.phase is Phase.CLAIMS:
        assert state.claim is not None
        card = state.claim.card
        if state.ready[seat]:
            if opened and is_goal_hand((*hand, card)):
                if not (state.advanced and own_discard_blocks(state, seat)):
                    return ClaimGoal()
            return Pass()
        if not opened:
            pair = _gain_pair(card, hand)
            if pair is not None:
                return ClaimGain(pair)
        return Pass()
    if state.phase is Phase.TAKE:
        row = state.row
        wanted = {k.index for k in distance_to_goal(hand, opened).acceptance}
        best, best_value = row[0], -1.0
        for card in row:
            value = keep_values((*hand, card))[-1] + rng.random() * 0.1
            if card.kind in wanted:
                value += 10.0
            if value > best_value:
                best, best_value = card, value
        return Take(best)
    if opened and is_goal_hand(hand):
        return Goal()
    if state.ready[seat]:
        assert state.taken is not None
        return Discard(state.taken)
    if not opened:
        sets = big_sets_in(hand)
        if sets:
            return Open(sets[0])
    values = keep_values(hand)
    low = min(values)
    spare = [c for c, v in zip(hand, values, strict=True) if v == low]
    card = spare[rng.randrange(len(spare))]
    if opened and distance(without(hand, (card,)), True) == 1:
        return Ready(card)
    return Discard(card)


#: tries at dealing a ready seat a hand one card short whose waits avoid the
#: kinds it already let pass (:func:`ready_hand`)
READY_TRIES = 6


def ready_hand(
    pool: Sequence[Card], safe: frozenset[int] | set[int], rng: Random
) -> tuple[Card, ...] | None:
    """Seven cards of ``pool`` one card short of a goal hand, at random: two
    big sets and a small set the pool holds, less one of their cards; a hand
    that would score with a kind in ``safe`` (one its seat let pass while
    ready) is dealt again, up to :data:`READY_TRIES` times. None when the
    pool holds no such hand. A ready seat's hand is locked one card short
    (ruling R2's ready), which a random deal of seven almost never is."""
    by_kind: dict[int, list[Card]] = {}
    for card in pool:
        by_kind.setdefault(card.kind, []).append(card)
    bigs = [s for s in BIG_SET_KINDS if all(len(by_kind.get(k, ())) >= s.count(k) for k in s)]
    if not bigs:
        return None
    found: tuple[Card, ...] | None = None
    for _ in range(READY_TRIES):
        left = {k: len(v) for k, v in by_kind.items()}
        kinds: list[int] = []
        for _set in range(2):
            fits = [s for s in bigs if all(left.get(k, 0) >= s.count(k) for k in s)]
            if not fits:
                return found
            chosen = fits[rng.randrange(len(fits))]
            for k in chosen:
                left[k] -= 1
            kinds.extend(chosen)
        pairs = [k for k, n in left.items() if n >= 2]
        if not pairs:
            return found
        pair = pairs[rng.randrange(len(pairs))]
        kinds += [pair, pair]
        del kinds[rng.randrange(len(kinds))]
        hand: list[Card] = []
        for k in set(kinds):
            hand.extend(rng.sample(by_kind[k], kinds.count(k)))
        found = tuple(sorted(hand, key=lambda c: c.index))
        waits = {k.index for k in distance_to_goal(found, True).acceptance}
        if not waits & safe:
            break
    return found


def determinize_ready(
    view: PhantomState, seat: int, rng: Random, watch: ReadyWatch
) -> PhantomState:
    """The rules' :func:`determinize`, then each ready opponent holding seven
    dealt afresh from its hand and the pile a hand one card short
    (:func:`ready_hand`, its waits kept off the kinds the ``watch`` knows it
    let pass), the rest going back to the pile in random order: a search
    then sees what a ready seat waits on and how a discard may feed it."""
    state = determinize(view, seat, rng)
    hands = list(state.hands)
    pile = list(state.pile or ())
    changed = False
    for s in range(state.players):
        hand = hands[s]
        if s == seat or not state.ready[s] or hand is None or len(hand) != 7:
            continue
        pool = [*hand, *pile]
        dealt = ready_hand(pool, watch.known.get(s, set()), rng)
        if dealt is None:
            continue
        kept = {c.index for c in dealt}
        pile = [c for c in pool if c.index not in kept]
        rng.shuffle(pile)
        hands[s] = dealt
        changed = True
    if not changed:
        return state
    return replace(state, hands=tuple(hands), pile=tuple(pile))


#: what a short game is worth to a seat: scoring its goal (plus its points,
#: :func:`short_game_value`), a pile-out, another seat's goal
GOAL_VALUE, PILE_OUT_VALUE = 0.7, 0.35
#: points of a goal that make it worth 1.0
GOAL_POINTS = 10.0
#: how fast the chance of getting there first falls with a hand's distance
DISTANCE_WEIGHT = 1.3


def short_game_value(state: PhantomState, seat: int) -> float:
    """[0, 1] for ``seat`` once the searched short game is over: the match's
    result if it ended there; else scoring the goal is worth
    :data:`GOAL_VALUE` and more with its points (red cards and conditions,
    sets, bonus), a pile-out :data:`PILE_OUT_VALUE`, another's goal nothing
    (less what the advanced discarder pays)."""
    if state.phase is Phase.OVER and state.results[-1].instant:
        return outcome_value(RULES.outcome(state), seat)
    result = state.results[-1]
    if result.goal is None:
        return PILE_OUT_VALUE
    points = result.points[seat]
    if result.goal == seat:
        return GOAL_VALUE + (1 - GOAL_VALUE) * min(points, GOAL_POINTS) / GOAL_POINTS
    return max(0.0, 0.1 + 0.1 * points / GOAL_POINTS)


def standing(state: PhantomState, seat: int) -> float:
    """[0, 1] for a short game cut off: each seat's chance of the goal weighed
    by its hand's distance (and whether it has a set open), a pile-out by
    how few cards the pile has left, valued as :func:`short_game_value` does."""
    weights = []
    for s in range(state.players):
        hand = state.hands[s] or ()
        opened = bool(state.opened[s])
        d = distance(hand, opened) - (1 if len(hand) > 7 else 0)
        weights.append(math.exp(-DISTANCE_WEIGHT * max(d, 0)))
    pile = math.exp(-state.pile_size / 8.0)
    total = sum(weights) + pile
    mine = weights[seat] / total
    return mine * (GOAL_VALUE + 0.1) + PILE_OUT_VALUE * pile / total


def _short_games(state: PhantomState) -> int:
    """How many short games of the match have ended: the hard bot's horizon."""
    return len(state.results)


class HardBot(ISMCTSBot):
    """ISMCTS over determinized hands and pile to the end of the short game,
    at most ``time_budget`` seconds and ``iterations`` iterations per
    decision. Its root weighs the medium bot's move and the others it ranks
    as high (:meth:`_peers`); a playout ends at the short game's end, scored by
    :func:`short_game_value` (the goal's points: red cards, conditions in the
    advanced rules, sets, the bonus check), or after :data:`ROLLOUT_DEPTH`
    moves, judged by :func:`standing`. What the discards reveal comes in
    twice: the determinizations deal only the cards nobody has seen, a
    ready opponent a hand one card short (:func:`determinize_ready`), and the
    :class:`ReadyWatch` keeps the kinds a ready opponent let pass, in the
    medium bot's ranks and in those deals."""

    def __init__(
        self,
        seat: int,
        seed: int,
        iterations: int = HARD_ITERATIONS,
        time_budget: float | None = HARD_TIME,
    ) -> None:
        self.watch = ReadyWatch(seat)
        #: the view being searched and the counts of its unseen kinds
        self._view: PhantomState | None = None
        self._unseen: list[int] = []
        #: the decision being searched, and the medium bot's move there
        self._root: tuple[object, ...] | None = None
        self._first: PhantomAction | None = None
        super().__init__(
            RULES,
            seat,
            seed,
            horizon=_short_games,  # the search stops at the end of the short game being played
            iterations=iterations,
            time_budget=time_budget,
            determinize=self._determinize,
            evaluate=short_game_value,
            heuristic=standing,
            rollout_policy=playout_action,
            max_rollout_depth=ROLLOUT_DEPTH,
            actions=self.actions,
        )

    def _determinize(self, view: PhantomState, seat: int, rng: Random) -> PhantomState:
        return determinize_ready(view, seat, rng, self.watch)

    @staticmethod
    def _decision(state: PhantomState) -> tuple[object, ...]:
        """What tells the decision being searched from the others of its tree:
        the mover, the phase, its hand, the row and the discard on offer."""
        seat = RULES.to_move(state)
        hand = state.hands[seat] if seat is not None else None
        card = state.claim.card if state.claim is not None else None
        return (seat, state.phase, hand, state.row, card)

    def actions(self, state: PhantomState) -> list[PhantomAction]:
        """:func:`candidates`; at the decision being searched, the medium bot's
        move first (the search's choice among moves visited alike), then the
        candidates it rates as near a goal (:meth:`_peers`)."""
        if self._first is None or self._decision(state) != self._root:
            return _lazy_candidates(state)
        found = [a for a in candidates(state) if a != self._first and self._peers(state, a)]
        return [self._first, *found]

    def _peers(self, state: PhantomState, action: PhantomAction) -> bool:
        """Whether the medium bot rates ``action`` as high as its own move: a
        take or a discard of the same rank (:func:`take_rank`,
        :func:`discard_rank`: what the search cannot see, the hand's
        distance, the waits and a ready opponent's safe kinds, are settled
        first), or another gain where it gains. What the search then weighs
        is what those do not see: points, the others' hands, the pile.
        (Measured against easy bots, a search free to overrule those ranks
        won less often than the medium bot alone.)"""
        first = self._first
        view = self._view
        assert view is not None
        seat = self.seat
        hand = hand_of(view, seat)
        opened = bool(view.opened[seat])
        unseen = self._unseen
        if isinstance(first, Take) and isinstance(action, Take):
            return take_rank(hand, action.card, opened, unseen) == take_rank(
                hand, first.card, opened, unseen
            )
        if isinstance(first, (Discard, Ready)) and isinstance(action, (Discard, Ready)):
            rank = discard_rank(view, first.card, opened, unseen, self.watch)
            return discard_rank(view, action.card, opened, unseen, self.watch) == rank
        return isinstance(first, ClaimGain) and isinstance(action, ClaimGain)

    def choose(self, view: PhantomState) -> PhantomAction:
        """The search's answer where it clearly prefers it (:data:`OVERRIDE`),
        else the medium bot's move."""
        self.watch.observe(view)
        first = medium_choice(view, self.seat, RULES.legal_actions(view), self.watch)
        self._first = first
        self._root = self._decision(view)
        self._view = view
        self._unseen = unseen_kinds(view, self.seat)
        try:
            action: PhantomAction = super().choose(view)
        finally:
            self._first = self._root = None
        visits = dict(self.search.last_stats.visits)
        if action != first and visits.get(str(action), 0) < OVERRIDE * visits.get(str(first), 0):
            action = first
        if isinstance(action, (Discard, Ready)):
            self.watch.discarded(view, action.card)
        return action

    def explain(self, view: PhantomState, action: PhantomAction) -> str:
        """:func:`reason`, and the share of the search's playouts that went to it."""
        text = reason(view, self.seat, action)
        visits = dict(self.search.last_stats.visits)
        total = sum(visits.values())
        if total and len(visits) > 1:
            share = visits.get(str(action), 0) / total
            text += f" ({share:.0%} of the search's {total} playouts went to it)"
        return text + "."


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
        "hard": "Plays like medium; where medium finds several moves equally good, it "
        f"imagines the hidden hands (a ready player's one card short of a goal) and the "
        f"pile and plays the short game out up to {HARD_ITERATIONS} times (at most "
        f"{HARD_TIME:g} s) to choose, weighing red cards and every point a goal brings.",
    }
