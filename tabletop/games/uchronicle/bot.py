"""Bots for Uchronicle: easy (a cheapest play at random), medium (the
cheapest play that does best on a couple of imagined deals of the cards it
has not seen), hard (its plays up to a point dearer than the cheapest,
weighed on many imagined deals, the better half kept each time, by the
chance to win the game).

Every bot is a function of its view and owns its randomness. A play's cost is
the cards it takes (its negative points, U4-U6).

What a play leaves for the others is the history alone: the rules state may be
changed freely by whoever plays next, as long as the history stays consistent
(U3), so two plays of one card that take the same cards are the same play to
everyone else, whatever rules state each designates. :func:`candidates` lists
one play per card and cards taken; the medium and hard bots choose among
those.

Both weigh a play the way the scoring counts it, by the removals still to
come: on an *imagined deal* (:class:`Deal`: the cards the seat has not seen,
dealt afresh to the other hands and the deck, ``rules.determinize``) the play
is made and the round played out to its end, every seat playing as the easy
bot does (a card that wins for free, else the cheapest card of the hand: most
players, and both weaker bots, pay no more than they must), on the fast board
of ``playout.py``; the round's points then say what the play was worth. Every
play is weighed on the same deals, played out with the same randomness, so
the plays are compared on equal terms and a few deals already tell them
apart.

A level is its budget of deals (:data:`BUDGETS`): easy looks at none, medium
at :data:`MEDIUM_DEALS` per play, hard at :data:`HARD_PLAYOUTS` playouts a
decision. Hard's seconds (:data:`HARD_TIME`) are a safety cap the budget
rarely meets (``clock_cut`` says when it did; tools/bench.py counts those);
an untimed bot (``make_bot(..., timed=False)``) keeps the budget alone, so
its decisions depend only on its seed and the view. How the levels fare
against each other: docs/bots.md.
"""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from random import Random  # the type only: generators come from core.rng

from tabletop.core import rng as rngmod
from tabletop.core.bots import COACH_THRESHOLD, SEARCH_UNIT, Assessment, explain, level_factory
from tabletop.core.words import plural, seat_ref
from tabletop.games.uchronicle import playout, solver
from tabletop.games.uchronicle.model import (
    SUIT_LETTERS,
    Card,
    DeadEnd,
    Declare,
    Pick,
    Play,
    UchronicleAction,
    UchronicleState,
    cards_text,
)
from tabletop.games.uchronicle.rules import RULES, dead_end_taken, determinize, unseen_cards

#: medium's imagined deals per play
MEDIUM_DEALS = 2
#: hard's playouts per decision (the level), and its seconds (a safety cap)
HARD_PLAYOUTS = 480
HARD_TIME = 0.8
#: per level, (iterations, seconds) per decision: easy's one look, medium's
#: deals per play, hard's playouts; tools/bench.py holds easy and medium to
#: their seconds, which they never read
BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (1, 0.05),
    "medium": (MEDIUM_DEALS, 0.2),
    "hard": (HARD_PLAYOUTS, HARD_TIME),
}
#: the hard bot weighs its own plays costing at most this many points more
#: than the cheapest, and at most :data:`MAX_CANDIDATES` of them, cheapest first
SLACK = 1
MAX_CANDIDATES = 10


# -- costs and candidates ---------------------------------------------------------


def cost(state: UchronicleState, action: UchronicleAction) -> int:
    """The negative points ``action`` takes in ``state``."""
    if isinstance(action, DeadEnd):
        return len(dead_end_taken(state, action.card))
    return len(solver.taken_by(state, action.card, action.removed))


def cheapest_actions(state: UchronicleState) -> list[UchronicleAction]:
    """The legal actions of the lowest cost, in ``legal_actions``' order."""
    pairs = [(cost(state, a), a) for a in RULES.legal_actions(state)]
    low = min(c for c, _ in pairs)
    return [a for c, a in pairs if c == low]


def candidates(state: UchronicleState, slack: int | None = 0) -> list[tuple[int, UchronicleAction]]:
    """Legal plays with their costs, one per card and set of cards taken (the
    first ``solver.options`` gives, so the present rules are kept where they
    can be), each card at its cheapest; only the cards costing at most
    ``slack`` more than the cheapest card (None: every card). In an expert
    dead end (U7), every card, keeping the present rules state."""
    seat = state.turn
    assert seat is not None, "the game is over"
    hand = state.hands[seat] or ()
    if slack == 0:
        # the cheapest cost nothing when some card wins with no removal: those
        # cards' first free plays, without asking the solver
        past = history_mask(state)
        free = [(card, free_mask(state, card, past)) for card in hand]
        plays: list[tuple[int, UchronicleAction]] = [
            (0, _free_play(state, card, mask)) for card, mask in free if mask
        ]
        if plays:
            return plays
    found: list[tuple[int, UchronicleAction]] = []
    for card in hand:
        options = solver.options(state, card)
        if not options:
            continue
        low = options[0].cost
        taken: set[tuple[Card, ...]] = set()
        for o in options:
            if o.cost > low:
                break
            if o.taken not in taken:
                taken.add(o.taken)
                found.append((o.cost, Play(card, o.rules, o.removal)))
    if not found:
        return [(len(dead_end_taken(state, c)), DeadEnd(c, state.rules)) for c in hand]
    if slack is None:
        return found
    low = min(c for c, _ in found)
    return [(c, a) for c, a in found if c <= low + slack]


# -- answering without a removal ------------------------------------------------------


#: every rules state, standard (False) and expert (True), in the solver's order
STATES = {expert: solver.rules_states(expert) for expert in (False, True)}


def _codes(cards: Sequence[Card]) -> tuple[int, ...]:
    return tuple([c.suit * 6 + c.rank - 1 for c in cards])


def history_mask(state: UchronicleState) -> int:
    """The rules states (bit ``i``: ``solver.rules_states(expert)[i]``)
    under which every past trick is consistent as it stands."""
    mask = playout.FULL[state.expert]
    for trick in state.tricks:
        mask &= playout.trick_mask(state.expert, _codes([p.card for p in trick]))
    return mask


def free_mask(state: UchronicleState, card: Card, past: int) -> int:
    """The rules states under which ``card`` wins the present trick with no
    removal, given ``past`` (:func:`history_mask`)."""
    present = _codes([p.card for p in state.trick])
    return past & playout.trick_mask(state.expert, (*present, playout.code(card)))


def free_share(state: UchronicleState, pool: Sequence[Card]) -> tuple[int, int]:
    """How many cards of ``pool`` would win the present trick of ``state``
    with no removal, and how many the pool holds."""
    past = history_mask(state)
    return sum(1 for c in pool if free_mask(state, c, past)), len(pool)


def none_of(bad: int, pool: int, hand: int) -> float:
    """The chance that a hand of ``hand`` cards drawn from ``pool`` cards holds
    only the ``bad`` ones."""
    hand = min(hand, pool)
    if hand <= 0:
        return 1.0
    return math.comb(bad, hand) / math.comb(pool, hand)


def _free_play(state: UchronicleState, card: Card, mask: int) -> Play:
    """``card`` played with no removal under the present rules if they are
    among ``mask``'s, else the first of them."""
    states = STATES[state.expert]
    here = states.index(state.rules)
    rules = state.rules if mask >> here & 1 else states[(mask & -mask).bit_length() - 1]
    return Play(card, rules, Pick() if state.expert else Declare())


# -- imagined deals -------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """An imagined deal: a full state the seat cannot tell from its view (the
    cards it has not seen dealt afresh, ``rules.determinize``), and the seed
    of the quick plays that finish its round."""

    state: UchronicleState
    seed: int


def imagine(view: UchronicleState, seat: int, rng: Random) -> Deal:
    """A fresh :class:`Deal` for ``seat`` from ``rng``."""
    return Deal(determinize(view, seat, rng), rng.randrange(1 << 62))


def round_end(
    deal: Deal, action: UchronicleAction, rng: Random
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``action`` played in ``deal`` and the round played out by quick plays
    (``playout.Board.play_out``, ``rng`` seeded with the deal's seed, so every
    play weighed on the deal meets the same luck): the round's negative
    points per seat, and the game's totals then."""
    state = deal.state
    after = RULES.apply_legal(state, action)
    if after.turn is None or after.round != state.round:  # the round's last card
        return after.results[state.round - 1], after.totals
    board = playout.Board(after)
    rng.seed(deal.seed)
    board.play_out(rng)
    points = tuple(board.points)
    totals = tuple(t + p - q for t, p, q in zip(after.totals, points, after.points, strict=True))
    return points, totals


def margin(points: Sequence[int], seat: int) -> float:
    """The others' average points less ``seat``'s (more is better for it)."""
    others = [p for s, p in enumerate(points) if s != seat]
    return sum(others) / len(others) - points[seat]


# -- easy ---------------------------------------------------------------------------


class EasyBot:
    """A random play among the cheapest."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "uchronicle-easy", seat)

    def choose(self, view: UchronicleState) -> UchronicleAction:
        plays = cheapest_actions(view)
        return plays[self.rng.randrange(len(plays))]


# -- medium --------------------------------------------------------------------------


class MediumBot:
    """Among its cheapest plays (:func:`candidates`), the one that leaves it
    the best margin over the others at the round's end on :data:`MEDIUM_DEALS`
    imagined deals (:func:`round_end`); of equal ones, the first. It never
    pays more than it must."""

    def __init__(self, seat: int, seed: int, deals: int = MEDIUM_DEALS) -> None:
        self.seat = seat
        self.deals = deals
        self.rng = rngmod.make(seed, "uchronicle-medium", seat)
        self.playout_rng = rngmod.make(seed, "uchronicle-medium-playout", seat)

    def choose(self, view: UchronicleState) -> UchronicleAction:
        plays = [a for _, a in candidates(view)]
        if len(plays) == 1:
            return plays[0]
        deals = [imagine(view, self.seat, self.rng) for _ in range(self.deals)]
        best, best_value = plays[0], -math.inf
        for action in plays:
            value = sum(
                margin(round_end(deal, action, self.playout_rng)[0], self.seat) for deal in deals
            )
            if value > best_value:
                best, best_value = action, value
        return best

    def explain(self, view: UchronicleState, action: UchronicleAction) -> str:
        return play_words(view, self.seat, action)


# -- hard -----------------------------------------------------------------------------


#: the spread (standard deviation) of the difference between two players'
#: points over one round: 3.5, from 3-player games of easy bots (a seat's
#: round takes 4.5 points on average, give or take 2.5)
ROUND_SPREAD = 3.5
#: a first place shared with others, as a share of a win alone
TIE_VALUE = 0.4
#: the share of :func:`standing` that the margin over the others makes (the
#: rest is the chance to win the game)
MARGIN_SHARE = 0.2


def _normal_below(x: float) -> float:
    """The standard normal distribution's share below ``x``."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chance(totals: Sequence[int], seat: int, rounds_left: int) -> float:
    """[0, 1]: how likely ``seat`` ends the game first (fewest points) from
    these ``totals`` with ``rounds_left`` rounds still to play. With none
    left, 1 alone in first place, :data:`TIE_VALUE` for a shared one, else 0;
    otherwise each other seat's lead over ``seat`` moves by a normal spread
    of :data:`ROUND_SPREAD` per round, taken as independent of the others'
    (a tie counts as half a point behind)."""
    own = totals[seat]
    if rounds_left <= 0:
        gap = min(t - own for s, t in enumerate(totals) if s != seat)
        return 1.0 if gap > 0 else TIE_VALUE if gap == 0 else 0.0
    spread = ROUND_SPREAD * math.sqrt(rounds_left)
    chance = 1.0
    for s, t in enumerate(totals):
        if s != seat:
            chance *= _normal_below((t - own - 0.5) / spread)
    return chance


def standing(totals: Sequence[int], seat: int, rounds_left: int) -> float:
    """[0, 1] for ``seat`` at the end of a round with these ``totals`` and
    ``rounds_left`` rounds still to be dealt: mostly its chance to win the
    game (:func:`win_chance`), and :data:`MARGIN_SHARE` of its margin over
    the others (fewer points is better), which keeps a lost or won game's
    points worth playing for."""
    return (1.0 - MARGIN_SHARE) * win_chance(totals, seat, rounds_left) + MARGIN_SHARE * 0.5 * (
        1.0 + math.tanh(margin(totals, seat) / 6.0)
    )


def halvings(plays: int) -> int:
    """How many rounds of keeping the better half bring ``plays`` to one."""
    rounds = 0
    while plays > 1:
        plays //= 2
        rounds += 1
    return rounds


class HardBot:
    """Weighs its plays within :data:`SLACK` of the cheapest (at most
    :data:`MAX_CANDIDATES`, cheapest first) on imagined deals, by
    successive halving: the budget of ``playouts`` is split evenly between
    rounds; in each, every play still in is weighed on more deals (the same
    deals for all), and the better half by :func:`standing` at the round's
    end goes on, until one is left. At most ``time_budget`` seconds
    (``clock``): a deal not weighed for every play still in counts for
    nothing, and ``clock_cut`` then says the seconds ended the decision."""

    def __init__(
        self,
        seat: int,
        seed: int,
        playouts: int = HARD_PLAYOUTS,
        time_budget: float | None = HARD_TIME,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seat = seat
        self.playouts = playouts
        self.time_budget = time_budget
        self.clock = clock
        self.rng = rngmod.make(seed, "uchronicle-hard", seat)
        self.playout_rng = rngmod.make(seed, "uchronicle-hard-playout", seat)
        #: the last decision: each play weighed, its deals and mean value
        self.last_values: dict[UchronicleAction, tuple[int, float]] = {}
        #: playouts the last decision made
        self.last_playouts = 0
        #: True when the last decision ended at its seconds
        self.clock_cut = False
        self._cancel = threading.Event()

    def cancel(self) -> None:
        """Ask a running decision (on another thread) to stop after its
        current playout; it answers from the deals finished."""
        self._cancel.set()

    def actions(self, view: UchronicleState) -> list[UchronicleAction]:
        """The plays weighed: :func:`candidates` within :data:`SLACK`,
        cheapest first, at most :data:`MAX_CANDIDATES`."""
        found = sorted(candidates(view, SLACK), key=lambda ca: ca[0])
        return [a for _, a in found[:MAX_CANDIDATES]]

    def value(self, view: UchronicleState, deal: Deal, action: UchronicleAction) -> float:
        """:func:`standing` at the round's end after ``action`` on ``deal``."""
        _, totals = round_end(deal, action, self.playout_rng)
        return standing(totals, self.seat, view.players - view.round)

    def weigh(
        self,
        view: UchronicleState,
        plays: Sequence[UchronicleAction],
        halving: bool = True,
        budget: int | None = None,
    ) -> UchronicleAction:
        """The best of ``plays`` in ``budget`` playouts (default the bot's;
        see the class docstring; ``halving`` False: every play on an equal
        share of it), recording :attr:`last_values`, :attr:`last_playouts`
        and :attr:`clock_cut`."""
        self._cancel.clear()
        self.clock_cut = False
        clock = self.clock
        start = clock()
        deadline = None if self.time_budget is None else start + self.time_budget
        sums = dict.fromkeys(plays, 0.0)
        weighed = 0  # deals weighed for every play still in
        alive = list(plays)
        rounds = halvings(len(plays)) if halving else 1
        done = 0
        longest = 0.0
        stopped = False
        while not stopped:
            share = max(1, (budget or self.playouts) // rounds // len(alive))
            for _ in range(share):
                deal = imagine(view, self.seat, self.rng)
                values = []
                for action in alive:
                    now = clock()
                    if done and (
                        self._cancel.is_set() or (deadline is not None and now + longest > deadline)
                    ):
                        self.clock_cut = not self._cancel.is_set()
                        stopped = True
                        break
                    values.append(self.value(view, deal, action))
                    longest = max(longest, clock() - now)
                    done += 1
                if stopped:
                    break
                for action, v in zip(alive, values, strict=True):
                    sums[action] += v
                weighed += 1
            if not halving or len(alive) == 1 or stopped:
                break
            alive.sort(key=lambda a: -sums[a])  # stable: the cheaper first among equals
            alive = alive[: max(1, len(alive) // 2)]
            if len(alive) == 1:
                break
        self.last_playouts = done
        self.last_values = {a: (weighed, sums[a] / max(1, weighed)) for a in alive}
        return max(alive, key=lambda a: sums[a])

    def choose(self, view: UchronicleState) -> UchronicleAction:
        """The play that does best (see the class docstring): at once when
        only one is worth weighing."""
        plays = self.actions(view)
        self.last_values = {}
        self.last_playouts = 0
        self.clock_cut = False
        if len(plays) == 1:
            return plays[0]
        return self.weigh(view, plays)

    #: how a value reads, and the loss the coach speaks at
    value_unit = SEARCH_UNIT
    coach_threshold = COACH_THRESHOLD

    def assess(self, view: UchronicleState, played: UchronicleAction) -> Assessment:
        """``played`` (legal in ``view``) against the bot's own choice: the
        bot decides as it would for a hint, then the two plays are weighed
        on the same fresh deals, half the budget each; the same seed and view
        give the same judgement."""
        best = self.choose(view)
        reason = explain(self, view, best)
        if played == best:
            self.weigh(view, [best], halving=False, budget=self.playouts // 2)
            value = self.last_values[best][1]
            return Assessment(
                played, best, value, value, self.value_unit, self.coach_threshold, reason
            )
        self.weigh(view, [best, played], halving=False)
        values = self.last_values
        return Assessment(
            played,
            best,
            values[played][1],
            values[best][1],
            self.value_unit,
            self.coach_threshold,
            reason,
        )

    def explain(self, view: UchronicleState, action: UchronicleAction) -> str:
        """Why ``action``, in whole sentences (the hint card shows them all
        and the log keeps them): what it designates and takes, a cheaper
        play it passed over, how often the next player could answer it
        without a removal, and how many plays it was weighed against."""
        text = play_words(view, self.seat, action)
        weighed = len(self.actions(view))
        if weighed > 1 and self.last_playouts:
            text += (
                f" Of {weighed} plays weighed in {self.last_playouts} playouts of the round"
                " on imagined deals of the cards not seen, it did best."
            )
        return text


def play_words(view: UchronicleState, seat: int, action: UchronicleAction) -> str:
    """A play in whole sentences, each ending in a full stop: the card and
    the rules it sets; what it takes, and a cheaper play when there was one
    ("It costs more than it must: a play costing 1 point was there."); and
    what it leaves the next player: how likely they are to hold a card that
    beats it with no removal, judged from the cards ``seat`` has not seen."""
    taken = cost(view, action)
    if action.rules != view.rules:
        head = f"Plays {action.card} and sets {action.rules.words()}."
    else:
        head = f"Plays {action.card} under {action.rules.words()}."
    points = plural(taken, "point")
    if isinstance(action, DeadEnd):
        return f"{head} No card can win: a dead end ({points})."
    sentences = [head]
    if taken == 0:
        sentences.append("No removal needed.")
    else:
        if isinstance(action.removed, Declare):
            gone = solver.taken_by(view, action.card, action.removed)
            declared = [str(r) for r in action.removed.ranks]
            declared += [SUIT_LETTERS[x] for x in action.removed.suits]
            sentences.append(
                f"Declares {' and '.join(declared)}, taking "
                f"{cards_text(gone).replace('+', ', ')} ({points})."
            )
        else:
            sentences.append(
                f"Removes {cards_text(action.removed.cards).replace('+', ', ')} ({points})."
            )
        low = min(c for c, _ in candidates(view, None))
        if taken > low:
            sentences.append(
                "It costs more than it must: a play costing "
                f"{plural(low, 'point') if low else 'nothing'} was there."
            )
    sentences.append(_next_words(view, seat, action))
    return " ".join(sentences)


def _next_words(view: UchronicleState, seat: int, action: UchronicleAction) -> str:
    """What the play leaves the next player, as a sentence."""
    after = RULES.apply_legal(view, action)
    nxt = after.turn
    if nxt is None or after.round != view.round:
        return "It is the round's last card."
    if nxt == seat:
        return "You lead the next trick."
    pool = unseen_cards(view, seat)
    free, size = free_share(after, pool)
    chance = 1.0 - none_of(size - free, size, after.hand_sizes[nxt])
    who = seat_ref(nxt)
    if free == 0:
        return "No card you have not seen beats it without a removal."
    if chance < 0.05:
        return f"{who} very likely needs a removal to beat it."
    if chance > 0.95:
        return f"{who} can almost surely beat it without a removal."
    return f"{who} can beat it without a removal about {chance:.0%} of the time."


# -- the factory --------------------------------------------------------------------


#: a bot of a level for a seat (core.bots.level_factory)
make_bot = level_factory(EasyBot, MediumBot, HardBot, HARD_TIME)


def level_notes() -> dict[str, str]:
    """Each level in words, for the setup screen."""
    return {
        "easy": "Plays one of its cheapest cards at random.",
        "medium": "Never pays more than it must: of its cheapest plays, takes the one "
        f"that leaves it best off at the round's end on {MEDIUM_DEALS} imagined deals "
        "of the cards it has not seen.",
        "hard": "Also weighs plays a point dearer: plays each out to the round's end on "
        f"many imagined deals ({HARD_PLAYOUTS} playouts), keeps the better half each time, "
        "and plays the one that gives it the best chance to win the game.",
    }
