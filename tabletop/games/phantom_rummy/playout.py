"""Phantom Rummy's playouts: a short game played on to its end by the medium
bot at every seat, on a private mutable table, fast enough for the hard
bot's search to play hundreds of them a decision.

The hard bot (``bot.py``) weighs a move by dealing the cards it has not
seen many times over, playing the move in each deal, and then the rest of
the short game as the medium bot would play it at every seat: this module
is that rest. It keeps a hand as a sorted list of deck indices and its key
(``hands.hand_key``), so a distance costs a few list look-ups
(``hands.key_distance``) and no list of cards; what the medium bot counts
as unseen (the cards outside its hand, the row, the discards and the open
sets) is a count per kind kept as cards move.

Two promises, each held by a test (tests/phantom_rummy/test_playout.py):
the table moves as ``rules.apply`` does (the same takes, draws, fresh rows,
claims, goals and pile-outs), and every choice is the one
``bot.medium_choice`` makes from that seat's view with its ``ReadyWatch``
(the kinds a ready seat let pass: a discard offered to a ready seat that
did not score with it, known to every seat alike). Pure: no pygame, no
randomness (a deal's order is the deal's; the medium bot draws no lots).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from tabletop.games.phantom_rummy.cards import DECK, KIND_COPIES, KIND_OF, KINDS
from tabletop.games.phantom_rummy.hands import (
    BIG_SET_KINDS,
    CARD_WEIGHT,
    SET_PARTNERS,
    key_distance,
)
from tabletop.games.phantom_rummy.model import (
    ClaimGain,
    ClaimGoal,
    PhantomState,
    Phase,
    row_size,
)
from tabletop.games.phantom_rummy.rules import DRAW, score_goal

#: the phases, as the playout numbers them
TAKE, ACT, CLAIMS = 0, 1, 2
_PHASES = {Phase.TAKE: TAKE, Phase.ACT: ACT, Phase.CLAIMS: CLAIMS}
_KINDS = len(KINDS)
_RED: tuple[bool, ...] = tuple(card.red for card in DECK)
_DECK_SIZE = len(DECK)
#: a claim window's answers as the playout keeps them: no answer yet, a pass,
#: a goal claim, or a gain (then the two hand cards)
_NONE, _PASS, _GOAL = None, 0, 1


#: distances met in playouts, by (key, opened): ``(cards, acceptance as
#: kind numbers)``. A pure function's answers (``hands.key_distance``),
#: remembered because playouts meet the same hands again and again; dropped
#: whole when it reaches :data:`CACHE_SIZE`.
_CACHE: tuple[dict[int, tuple[int, tuple[int, ...]]], dict[int, tuple[int, tuple[int, ...]]]] = (
    {},
    {},
)
CACHE_SIZE = 300_000


def distance(key: int, opened: bool, size: int) -> tuple[int, tuple[int, ...]]:
    """``hands.key_distance`` of the hand ``key`` (``size`` cards, at most
    eight) as (cards, the kinds of its acceptance by number), remembered."""
    cache = _CACHE[opened]
    found = cache.get(key)
    if found is None:
        d, acceptance = key_distance(key, opened, size)
        if len(cache) >= CACHE_SIZE:
            cache.clear()
        found = cache[key] = (d, tuple([k.index for k in acceptance]))
    return found


@dataclass(frozen=True)
class Ending:
    """How a playout's short game ended: ``goal`` the seat that scored (None
    for a pile-out), ``points`` each seat's change (the scorer's goal, the
    advanced discarder's penalty), ``instant`` the legendary Item's win."""

    goal: int | None
    points: tuple[int, ...]
    instant: bool = False


class Playout:
    """One short game of ``state`` (a full state, the hidden cards dealt),
    played on by the medium bot at every seat (:meth:`run`). ``known[s]``:
    the kinds offered to seat ``s`` while it was ready, which its locked
    hand let pass (``bot.ReadyWatch.known``)."""

    __slots__ = (
        "state",
        "n",
        "advanced",
        "hands",
        "keys",
        "counts",
        "left",
        "row",
        "pile",
        "top",
        "opened",
        "discards",
        "ready",
        "seen",
        "shown",
        "known",
        "turn",
        "phase",
        "taken",
        "claim_card",
        "answers",
        "asked",
        "trace",
    )

    def __init__(self, state: PhantomState, known: Sequence[set[int] | frozenset[int]]) -> None:
        n = state.players
        self.state = state
        self.n = n
        self.advanced = state.advanced
        hands = []
        for hand in state.hands:
            assert hand is not None, "a playout needs every hand"
            hands.append([c.index for c in hand])
        self.hands = hands
        self.keys = [sum([CARD_WEIGHT[i] for i in h]) for h in hands]
        counts = []
        for h in hands:
            line = [0] * _KINDS
            for i in h:
                line[KIND_OF[i]] += 1
            counts.append(line)
        self.counts = counts
        self.row = [c.index for c in state.row]
        assert state.pile is not None, "a playout needs the pile"
        self.pile = [c.index for c in state.pile]
        self.top = 0
        self.opened = [[tuple(c.index for c in laid) for laid in sets] for sets in state.opened]
        self.discards = [[c.index for c in pile] for pile in state.discards]
        self.ready = list(state.ready)
        seen = [0] * _KINDS
        for i in self.row:
            seen[KIND_OF[i]] += 1
        for pile in self.discards:
            for i in pile:
                seen[KIND_OF[i]] += 1
        for sets in self.opened:
            for laid in sets:
                for i in laid:
                    seen[KIND_OF[i]] += 1
        #: per kind, the cards every seat sees (row, discards, open sets)
        self.seen = seen
        self.shown = sum(seen)
        #: per seat and kind, the cards that seat has not seen
        self.left = [[KIND_COPIES[k] - seen[k] - line[k] for k in range(_KINDS)] for line in counts]
        self.known = [set(k) for k in known]
        self.turn = state.turn
        self.phase = _PHASES[state.phase]
        self.taken = state.taken.index if state.taken is not None else -1
        self.claim_card = -1
        self.answers: list[object] = []
        self.asked = 0
        #: when a list, every move played is written to it (tests)
        self.trace: list[str] | None = None
        claim = state.claim
        if claim is not None:
            self.claim_card = claim.card.index
            self.asked = claim.asked
            answers: list[object] = []
            for answer in claim.answers:
                if answer is None:
                    answers.append(_NONE)
                elif isinstance(answer, ClaimGoal):
                    answers.append(_GOAL)
                elif isinstance(answer, ClaimGain):
                    answers.append(tuple(c.index for c in answer.cards))
                else:
                    answers.append(_PASS)
            self.answers = answers

    # -- what a seat sees ----------------------------------------------------

    def _waiting(self, seat: int, acceptance: tuple[int, ...]) -> int:
        """The unseen cards (from ``seat``'s view) of the kinds ``acceptance``."""
        return sum(map(self.left[seat].__getitem__, acceptance))

    def _after_draw(self, seat: int, key: int, size: int) -> float:
        """``bot.after_draw`` of the hand ``key`` (``size`` cards) ``seat``
        keeps after an opening or a gain."""
        d, acceptance = distance(key, True, size)
        total = _DECK_SIZE - self.shown - len(self.hands[seat])
        if total < 2:
            return float(d)
        good = self._waiting(seat, acceptance)
        miss = (total - good) * (total - good - 1) / (total * (total - 1))
        return d - (1.0 - miss)

    def _dangers(self, seat: int) -> list[set[int]] | None:
        """What the ready seats other than ``seat`` let pass, one set each
        (None when no other seat is ready): a kind outside a set may
        complete that seat's goal (``ReadyWatch.danger``)."""
        ready = self.ready
        found = [self.known[s] for s in range(self.n) if s != seat and ready[s]]
        return found or None

    # -- the medium bot's choices --------------------------------------------

    def choose_take(self, seat: int) -> int:
        """The row card the medium bot takes (``bot.take_rank``)."""
        key = self.keys[seat]
        opened = bool(self.opened[seat])
        size = len(self.hands[seat]) + 1
        best = -1
        best_rank: tuple[int, int, bool, int] | None = None
        for card in self.row:
            d, acceptance = distance(key + CARD_WEIGHT[card], opened, size)
            rank = (d, -self._waiting(seat, acceptance), not _RED[card], card)
            if best_rank is None or rank < best_rank:
                best, best_rank = card, rank
        return best

    def choose_act(self, seat: int) -> tuple[str, tuple[int, ...]]:
        """The medium bot's move after its take and its cards: ``("goal",
        ())``, ``("open", three cards)``, ``("ready", (card,))`` or
        ``("discard", (card,))``."""
        hand = self.hands[seat]
        key = self.keys[seat]
        opened = bool(self.opened[seat])
        size = len(hand)
        if opened and size == 8 and distance(key, True, size)[0] == 0:
            return ("goal", ())
        if self.ready[seat]:
            return ("discard", (self.taken,))
        by_kind: dict[int, tuple[int, int, int]] = {}
        dangers = self._dangers(seat)
        left = self.left[seat]
        best = -1
        best_rank: tuple[int, int, int, bool, int] | None = None
        for card in hand:
            kind = KIND_OF[card]
            found = by_kind.get(kind)
            if found is None:
                d, acceptance = distance(key - CARD_WEIGHT[card], opened, size - 1)
                danger = 0 if dangers is None else sum(1 for k in dangers if kind not in k)
                found = by_kind[kind] = (d, danger, -sum(map(left.__getitem__, acceptance)))
            rank = (*found, _RED[card], card)
            if best_rank is None or rank < best_rank:
                best, best_rank = card, rank
        assert best_rank is not None
        kept = best_rank[0]
        opening = self._best_open(seat)
        if opening is not None:
            after, cards = opening
            if (not opened and after <= kept) or (opened and after <= kept - 1):
                return ("open", cards)
        if opened and kept == 1:
            return ("ready", (best,))
        return ("discard", (best,))

    def _best_open(self, seat: int) -> tuple[float, tuple[int, ...]] | None:
        """The big set the medium bot would open (``rules.big_sets_in``, the
        best by ``bot.after_draw``, then the cards), or None."""
        hand = self.hands[seat]
        counts = self.counts[seat]
        key = self.keys[seat]
        size = len(hand) - 3
        best: tuple[float, tuple[int, ...]] | None = None
        for a, b, c in BIG_SET_KINDS:
            if a == c:
                if counts[a] < 3:
                    continue
                have = [i for i in hand if KIND_OF[i] == a][:3]
                cards = (have[0], have[1], have[2])
            else:
                if not (counts[a] and counts[b] and counts[c]):
                    continue
                cards = (_first(hand, a), _first(hand, b), _first(hand, c))
            after = self._after_draw(
                seat,
                key - CARD_WEIGHT[cards[0]] - CARD_WEIGHT[cards[1]] - CARD_WEIGHT[cards[2]],
                size,
            )
            if best is None or (after, cards) < best:
                best = (after, cards)
        return best

    def choose_answer(self, seat: int, card: int) -> object:
        """The medium bot's answer to the discard ``card``: a goal claim, a
        gain (its two hand cards) or a pass."""
        hand = self.hands[seat]
        key = self.keys[seat]
        opened = bool(self.opened[seat])
        if self.ready[seat]:
            if opened and self._completes(seat, card):
                if not (self.advanced and self._own_discard_blocks(seat)):
                    return _GOAL
            return _PASS
        counts = self.counts[seat]
        best: tuple[float, tuple[int, int]] | None = None
        size = len(hand) - 2
        for ka, kb in SET_PARTNERS[KIND_OF[card]]:
            if ka == kb:
                if counts[ka] < 2:
                    continue
                have = [i for i in hand if KIND_OF[i] == ka]
                pair = (have[0], have[1])
            else:
                if not (counts[ka] and counts[kb]):
                    continue
                pair = (_first(hand, ka), _first(hand, kb))
            after = self._after_draw(seat, key - CARD_WEIGHT[pair[0]] - CARD_WEIGHT[pair[1]], size)
            if best is None or (after, pair) < best:
                best = (after, pair)
        if best is None:
            return _PASS
        now = distance(key, bool(opened), len(hand))[0]
        after = best[0]
        if after < now or (opened and after <= now - 1):
            return best[1]
        return _PASS

    def _completes(self, seat: int, card: int) -> bool:
        hand = self.hands[seat]
        return len(hand) == 7 and distance(self.keys[seat] + CARD_WEIGHT[card], True, 8)[0] == 0

    def _own_discard_blocks(self, seat: int) -> bool:
        return any(self._completes(seat, d) for d in self.discards[seat])

    # -- the table -----------------------------------------------------------

    def _add(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        at = len(hand)
        while at and hand[at - 1] > card:
            at -= 1
        hand.insert(at, card)
        kind = KIND_OF[card]
        self.keys[seat] += CARD_WEIGHT[card]
        self.counts[seat][kind] += 1
        self.left[seat][kind] -= 1

    def _remove(self, seat: int, card: int) -> None:
        self.hands[seat].remove(card)
        kind = KIND_OF[card]
        self.keys[seat] -= CARD_WEIGHT[card]
        self.counts[seat][kind] -= 1
        self.left[seat][kind] += 1

    def _show(self, card: int, by: int = 1) -> None:
        kind = KIND_OF[card]
        self.seen[kind] += by
        self.shown += by
        for left in self.left:
            left[kind] -= by

    def _draw(self, seat: int) -> bool:
        """``seat`` draws two; False for a pile-out."""
        if len(self.pile) - self.top < DRAW:
            return False
        for _ in range(DRAW):
            self._add(seat, self.pile[self.top])
            self.top += 1
        return True

    def _start_turn(self, seat: int) -> bool:
        """``seat`` is to take, a fresh row laid first if the row is empty;
        False for a pile-out."""
        self.turn = seat
        self.phase = TAKE
        self.taken = -1
        if self.row:
            return True
        size = row_size(self.n)
        if len(self.pile) - self.top < size:
            return False
        self.row = self.pile[self.top : self.top + size]
        self.top += size
        for card in self.row:
            self._show(card)
        return True

    def run(self, until: int | None = None) -> Ending | None:
        """Play the short game to its end, a goal or a pile-out; with
        ``until``, stop before that seat's next take instead (None then,
        the table left there) if the short game lasts till it."""
        n = self.n
        first = True
        while True:
            seat = self.turn
            if self.phase == TAKE and seat == until and not first:
                return None
            first = False
            if self.phase == TAKE:
                card = self.choose_take(seat)
                self.row.remove(card)
                self._show(card, -1)
                self._add(seat, card)
                self.taken = card
                self.phase = ACT
                if self.trace is not None:
                    self.trace.append(f"take {DECK[card]}")
            if self.phase == ACT:
                what, arg = self.choose_act(seat)
                if self.trace is not None:
                    self.trace.append(_words(what, arg))
                if what == "goal":
                    return self._goal(seat, None)
                if what == "open":
                    for card in arg:
                        self._remove(seat, card)
                        self._show(card)
                    self.opened[seat].append(arg)
                    if not self._draw(seat) or not self._start_turn((seat + 1) % n):
                        return self._pile_out()
                    continue
                card = arg[0]
                self._remove(seat, card)
                self._show(card)
                self.discards[seat].append(card)
                if what == "ready":
                    self.ready[seat] = True
                self.taken = -1
                self.phase = CLAIMS
                self.claim_card = card
                self.answers = [_NONE] * n
                self.asked = 0
            # the claim window: every other seat answers, in turn after the discarder
            card = self.claim_card
            ready, known = self.ready, self.known
            kind = KIND_OF[card]
            for s in range(n):
                if ready[s]:
                    known[s].add(kind)
            answers = self.answers
            order = [(seat + k) % n for k in range(1, n)]
            for s in order[self.asked :]:
                answers[s] = self.choose_answer(s, card)
                if self.trace is not None:
                    self.trace.append(_answer_words(answers[s]))
            won = next((s for s in order if answers[s] == _GOAL), None)
            if won is not None:
                self.discards[seat].pop()
                self._add(won, card)
                return self._goal(won, seat)
            gainer = next((s for s in order if isinstance(answers[s], tuple)), None)
            if gainer is not None:
                pair: tuple[int, int] = answers[gainer]  # type: ignore[assignment]
                self.discards[seat].pop()
                for c in pair:
                    self._remove(gainer, c)
                    self._show(c)
                self.opened[gainer].append((card, *pair))
                if not self._draw(gainer):
                    return self._pile_out()
            if not self._start_turn((seat + 1) % n):
                return self._pile_out()

    def _pile_out(self) -> Ending:
        return Ending(None, (0,) * self.n)

    def _goal(self, seat: int, discarder: int | None) -> Ending:
        """``seat`` scores with its hand (the rules' ``score_goal`` on the
        table as it stands)."""
        state = self.state
        if not state.advanced:
            return self._basic_goal(seat)
        opened = tuple(tuple(tuple(DECK[i] for i in laid) for laid in sets) for sets in self.opened)
        table = replace(state, opened=opened, pile=tuple(DECK[i] for i in self.pile[self.top :]))
        hand = tuple(DECK[i] for i in self.hands[seat])
        sources, _, instant, _ = score_goal(table, seat, hand, discarder is None)
        gain = sum(s.points for s in sources)
        points = [0] * self.n
        points[seat] = gain
        if state.advanced and discarder is not None:
            points[discarder] = -min(gain, state.scores[discarder])
        return Ending(seat, tuple(points), instant)

    def _basic_goal(self, seat: int) -> Ending:
        """A goal's points in the basic rules (``rules.score_goal`` without
        its reading of the hand): a point a set open and a red card, and
        the bonus check's hits."""
        sets = self.opened[seat]
        mine = [*self.hands[seat], *(i for laid in sets for i in laid)]
        gain = len(sets) + sum(1 for i in mine if _RED[i])
        kinds = [0] * _KINDS
        for i in mine:
            kinds[KIND_OF[i]] += 1
        for flip in self.pile[self.top :]:
            hits = kinds[KIND_OF[flip]]
            if not hits:
                break
            gain += hits
        points = [0] * self.n
        points[seat] = gain
        return Ending(seat, tuple(points))


def _first(hand: list[int], kind: int) -> int:
    """The first card of ``kind`` in ``hand`` (deck order)."""
    for card in hand:
        if KIND_OF[card] == kind:
            return card
    raise ValueError(f"no card of kind {kind} in the hand")


def _words(what: str, cards: tuple[int, ...]) -> str:
    """A turn's move in the rules' notation (``open S1a+S2a+S3a``)."""
    if what == "goal":
        return "goal"
    return f"{what} " + "+".join(str(DECK[i]) for i in cards)


def _answer_words(answer: object) -> str:
    if answer == _GOAL:
        return "claim goal"
    if isinstance(answer, tuple):
        return "gain " + "+".join(str(DECK[i]) for i in answer)
    return "pass"
