"""Bots for Uchronicle: easy (a cheapest play at random), medium (a cheapest
play that leaves the next player the dearest answer), hard (ISMCTS over the
unseen hands, to the end of the round, expecting the others to play their
cheapest and scoring the round's end by its chance to win the game). In
timed 3-player games against two easy bots (tools/selfplay.py, seats
rotated, 90 games each) hard won 73 alone and shared 3 first places on seed
3, and won 77 alone and shared 6 on seed 4.

Every bot is a function of its view and owns its randomness. A play's cost is
the cards it takes (its negative points, U4-U6).

What a play leaves for the others is the history alone: the rules state may be
changed freely by whoever plays next, as long as the history stays consistent
(U3), so two plays of one card that take the same cards are the same play to
everyone else, whatever rules state each designates. :func:`candidates` lists
one play per card and cards taken; the medium bot and the hard bot's search
choose among those.

Each level has a budget in iterations and one in seconds (:data:`BUDGETS`):
easy and medium look at the position once (one iteration; they never read the
clock, and their seconds are a bound tools/bench.py holds them to); hard
searches up to its iteration cap or its seconds, whichever comes first. An
untimed bot (``make_bot(..., timed=False)``) keeps the cap alone, so its
decisions depend only on its seed and the view.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache
from operator import attrgetter
from random import Random  # the type only: generators come from core.rng

from tabletop.core import rng as rngmod
from tabletop.core.bots import ISMCTSBot, level_factory
from tabletop.core.words import plural, seat_ref
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    SUIT_LETTERS,
    Card,
    DeadEnd,
    Declare,
    Pick,
    Play,
    RulesState,
    Trick,
    UchronicleAction,
    UchronicleState,
    cards_text,
)
from tabletop.games.uchronicle.rules import RULES, dead_end_taken, determinize, unseen_cards
from tabletop.games.uchronicle.solver import Option

#: the hard bot's limits per decision: it answers at once when one play is
#: worth weighing and stops sooner once no iteration left could change its
#: choice (core.bots.ISMCTS's early stop)
HARD_TIME = 0.28
HARD_ITERATIONS = 150
#: per level, (iterations, seconds) per decision; tools/bench.py holds each
#: level's decision time to its seconds
BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (1, 0.05),
    "medium": (1, 0.2),
    "hard": (HARD_ITERATIONS, HARD_TIME),
}
#: the hard bot weighs its own plays costing at most this many points more
#: than the cheapest, and at most :data:`MAX_CANDIDATES` of them (cheapest
#: first); for the other seats, only their cheapest plays
#: (:data:`OPPONENT_SLACK`), as the easy bot plays and most players do
SLACK = 1
OPPONENT_SLACK = 0
MAX_CANDIDATES = 10
#: in a playout, when no card wins without a removal, the solver is asked
#: about this many cards of the hand (picked at random), not all of them:
#: most of a playout's time goes to those searches, and one card already
#: comes close to the cheapest play (:func:`playout_action`)
PLAYOUT_SAMPLE = 1
#: tricks' worth of plays a playout makes before the totals are read (None:
#: to the end of the round). On the same 25 seeded 3-player games against
#: easy bots, with an earlier hard bot (it weighed the others' plays within
#: SLACK too, and scored place and margin), playing the round out (with
#: SLACK 1 and 150 iterations) won 20 where 2 tricks (with SLACK 0 and 100
#: iterations) won 14
PLAYOUT_TRICKS: int | None = None


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
TRIPLES = {
    expert: tuple((r.higher, r.trump_suit, r.trump_rank) for r in states)
    for expert, states in STATES.items()
}


def _code(card: Card) -> int:
    return card.suit * 6 + card.rank - 1


@lru_cache(maxsize=1 << 16)
def _mask(codes: tuple[int, ...], expert: bool) -> int:
    """Bit ``i`` set when the trick of these card codes (``suit * 6 + rank -
    1``, in play order) is consistent under ``solver.rules_states(expert)[i]``
    (U3)."""
    states = STATES[expert]
    if len(codes) <= 1:
        return (1 << len(states)) - 1
    cards = [Card(c // 6, c % 6 + 1) for c in codes]
    suits = {c.suit for c in cards}
    ranks = {c.rank for c in cards}
    # a trump suit or rank that no card of the trick has is as good as none
    seen: dict[tuple[bool, int | None, int | None], bool] = {}
    mask = 0
    for i, (higher, ts, tr) in enumerate(TRIPLES[expert]):
        key = (higher, ts if ts in suits else None, tr if tr in ranks else None)
        ok = seen.get(key)
        if ok is None:
            ok = seen[key] = solver.trick_consistent(cards, RulesState(*key))
        if ok:
            mask |= 1 << i
    return mask


def _codes(trick: Trick) -> tuple[int, ...]:
    return tuple([p.card.suit * 6 + p.card.rank - 1 for p in trick])


def history_mask(state: UchronicleState) -> int:
    """The rules states (as bits of :func:`_mask`) under which every past
    trick is consistent as it stands."""
    mask = (1 << len(STATES[state.expert])) - 1
    for trick in state.tricks:
        mask &= _mask(_codes(trick), state.expert)
    return mask


def free_mask(state: UchronicleState, card: Card, past: int) -> int:
    """The rules states under which ``card`` wins the present trick with no
    removal, given ``past`` (:func:`history_mask`)."""
    return past & _mask((*_codes(state.trick), _code(card)), state.expert)


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


def card_cost(state: UchronicleState, card: Card, past: int | None = None) -> int:
    """The fewest negative points that make ``card`` win in ``state`` (a dead
    end's count when nothing can)."""
    if past is None:
        past = history_mask(state)
    if free_mask(state, card, past):
        return 0
    options = solver.options(state, card)
    if options:
        return options[0].cost
    return len(dead_end_taken(state, card))


def expected_least(costs: Sequence[int], hand_size: int) -> float:
    """The expected least of ``hand_size`` costs drawn without replacement from
    ``costs``: what a player holding that many of those cards pays at best."""
    n = len(costs)
    k = min(hand_size, n)
    if k <= 0:
        return 0.0
    ordered = sorted(costs)
    # P(least >= ordered[i]) = C(n - i, k) / C(n, k) over the sorted costs
    value = 0.0
    prev = 0
    for i, c in enumerate(ordered):
        if c > prev:
            value += (c - prev) * none_of(n - i, n, k)
            prev = c
    return value


def pain(after: UchronicleState, seat: int, pool: Sequence[Card]) -> float:
    """What the play that led to ``after`` costs the next player to move, when
    that is not ``seat``: the least they can expect to pay with a hand drawn
    from ``pool`` (the cards ``seat`` has not seen)."""
    nxt = after.turn
    if nxt is None or nxt == seat:
        return 0.0
    past = history_mask(after)
    costs = [card_cost(after, c, past) for c in pool]
    return expected_least(costs, after.hand_sizes[nxt])


def medium_choice(view: UchronicleState, seat: int) -> UchronicleAction:
    """The cheapest play; among equal costs, the one that leaves the next
    player the dearest best answer (:func:`pain`: a strong card, or one of a
    rank or suit the history is full of, which a standard removal would take
    along, as the rulebook's strategy tips say), then the one that leaves the
    fewest rules states the history agrees with (a narrow history is hard on
    whoever plays after, the more so once the play ends the trick and the
    next player's pain is nil). The rules state it keeps is the present one
    where it can be; ties keep :func:`candidates`' order, so the choice is
    deterministic."""
    plays = [a for _, a in candidates(view)]
    if len(plays) == 1:
        return plays[0]
    pool = unseen_cards(view, seat)
    best, best_key = plays[0], (-1.0, 0)
    for action in plays:
        after = RULES.apply_legal(view, action)
        key = (pain(after, seat, pool), -history_mask(after).bit_count())
        if key > best_key:
            best, best_key = action, key
    return best


class MediumBot:
    """Deterministic: :func:`medium_choice` on its view."""

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: UchronicleState) -> UchronicleAction:
        return medium_choice(view, self.seat)

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


def standing(state: UchronicleState, seat: int) -> float:
    """[0, 1] for ``seat`` at the end of a round (the search's horizon):
    mostly its chance to win the game from the totals then
    (:func:`win_chance`, with the rounds still to be dealt), and
    :data:`MARGIN_SHARE` of its margin over the others (fewer points is
    better), which keeps a lost or won game's points worth playing for."""
    totals = state.totals
    n = len(totals)
    own = totals[seat]
    # past the horizon the next round is dealt (turn set) unless the game is over
    left = state.players - state.round + (state.turn is not None)
    margin = sum(t - own for t in totals) / (n - 1)
    return (1.0 - MARGIN_SHARE) * win_chance(totals, seat, left) + MARGIN_SHARE * 0.5 * (
        1.0 + math.tanh(margin / 6.0)
    )


def _free_play(state: UchronicleState, card: Card, mask: int) -> Play:
    """``card`` played with no removal under the present rules if they are
    among ``mask``'s, else the first of them."""
    states = STATES[state.expert]
    here = states.index(state.rules)
    rules = state.rules if mask >> here & 1 else states[(mask & -mask).bit_length() - 1]
    return Play(card, rules, Pick() if state.expert else Declare())


def playout_action(state: UchronicleState, rng: Random) -> UchronicleAction:
    """A quick play for playouts: a card that wins with no removal, at random;
    else the cheapest of :data:`PLAYOUT_SAMPLE` cards picked at random, each
    under the present rules or with its suit made trump (else, in the expert
    game, under a few of the rules states that let it beat the present
    trick); an expert dead end when nothing can. In the standard game's
    positions of easy bots' games where no card wins free, the present rules
    or the card's suit as trump are where the cheapest play lies: over 183
    of them, one card tried both ways pays 0.12 points more than the
    cheapest play on average (two cards: 0.07), where three cards with their
    suit as trump, higher or lower, paid 1.1 more."""
    seat = state.turn
    assert seat is not None
    hand = state.hands[seat] or ()
    past = history_mask(state)
    order = list(hand)
    rng.shuffle(order)
    for card in order:  # the first free card of a shuffled hand: a free card at random
        mask = free_mask(state, card, past)
        if mask:
            return _free_play(state, card, mask)
    if state.expert and solver.dead_end(state, hand):
        return DeadEnd(order[0], state.rules)
    picked = order[:PLAYOUT_SAMPLE]
    best: tuple[int, Card, Option] | None = None
    present = state.rules
    for card in picked:
        # the rules as they stand, or the rulebook's first tip: a card made
        # trump wins most easily
        for rules in (present, replace(present, trump_suit=card.suit)):
            option = solver.cheapest(state, card, rules)
            if option is not None and (best is None or option.cost < best[0]):
                best = (option.cost, card, option)
    tried = 0
    for card in order if best is None else ():
        # (expert) the present trick stands as it is: a few of the rules states
        # under which a card beats it, for the first few cards that can
        wins = solver.winning_rules(state, card)
        for rules in wins[:: max(1, len(wins) // 4)]:
            option = solver.cheapest(state, card, rules)
            if option is not None and (best is None or option.cost < best[0]):
                best = (option.cost, card, option)
        tried += bool(wins)
        if tried >= PLAYOUT_SAMPLE:
            break
    if best is not None:
        _, card, option = best
        return Play(card, option.rules, option.removal)
    raise AssertionError("a hand that is no dead end has a card that can win")


class HardBot(ISMCTSBot):
    """ISMCTS over determinized hands to the end of the round, weighing its
    own :func:`candidates` within :data:`SLACK` of the cheapest and the other
    seats' cheapest (:data:`OPPONENT_SLACK`); each leaf is scored by a quick
    playout (:func:`playout_action`) to the end of the round (or of
    :data:`PLAYOUT_TRICKS` tricks) and the totals then (:func:`standing`).
    At most ``time_budget`` seconds and ``iterations`` iterations per
    decision.

    Against two easy bots in 3-player games (untimed, 30 seeded games each),
    the search that weighed the others' plays within :data:`SLACK` too and
    scored place and margin won 20 alone; weighing only their cheapest, 23;
    scoring the chance to win as well, 27; with the playouts' paid plays
    tried under the present rules too (two cards each), 26. Timed (one card
    each, :data:`PLAYOUT_SAMPLE`), the hard bot before these changes won 52
    of 90 games alone (seeds 1 and 2), and 76 after."""

    def __init__(
        self,
        seat: int,
        seed: int,
        iterations: int = HARD_ITERATIONS,
        time_budget: float | None = HARD_TIME,
    ) -> None:
        self.rng = rngmod.make(seed, "uchronicle-playout", seat)
        self._known: dict[tuple[object, ...], list[UchronicleAction]] = {}
        self._leaf: tuple[UchronicleState | None, UchronicleState | None] = (None, None)
        super().__init__(
            RULES,
            seat,
            seed,
            horizon=attrgetter("round"),  # the search stops at the end of the round being played
            iterations=iterations,
            time_budget=time_budget,
            determinize=determinize,
            evaluate=standing,
            heuristic=self.playout_value,
            max_rollout_depth=0,
            actions=self.actions,
            step=RULES.apply_legal,
        )

    def actions(self, state: UchronicleState) -> list[UchronicleAction]:
        """The plays the search weighs (:func:`candidates` within
        :data:`SLACK` for its own seat, :data:`OPPONENT_SLACK` for the
        others, at most :data:`MAX_CANDIDATES`), remembered for the decision:
        the root's are the same in every determinization."""
        seat = state.turn
        assert seat is not None
        key = (state.tricks, state.trick, state.hands[seat])
        known = self._known.get(key)
        if known is None:
            slack = SLACK if seat == self.seat else OPPONENT_SLACK
            found = sorted(candidates(state, slack), key=lambda ca: ca[0])
            known = [a for _, a in found[:MAX_CANDIDATES]]
            self._known[key] = known
        return known

    def playout_value(self, state: UchronicleState, seat: int) -> float:
        """:func:`standing` after a quick playout from ``state`` to the end of
        the round (or of :data:`PLAYOUT_TRICKS` tricks' worth of plays); the
        seats of one leaf share one playout."""
        start, end = self._leaf
        if start is not state or end is None:
            end = state
            plays = None if PLAYOUT_TRICKS is None else PLAYOUT_TRICKS * state.players
            while not self.beyond_horizon(end) and (plays is None or plays > 0):
                end = RULES.apply_legal(end, playout_action(end, self.rng))
                plays = None if plays is None else plays - 1
            self._leaf = (state, end)
        return standing(end, seat)

    def choose(self, view: UchronicleState) -> UchronicleAction:
        """The search's answer: at once when one play is worth weighing."""
        self._known.clear()
        self._leaf = (None, None)
        action: UchronicleAction = super().choose(view)
        self._known.clear()
        self._leaf = (None, None)
        return action

    def explain(self, view: UchronicleState, action: UchronicleAction) -> str:
        """Why ``action``, in whole sentences (the hint card shows them all
        and the log keeps them): what it designates and takes, a cheaper
        play it passed over, how often the next player could answer it
        without a removal, and the share of the search's playouts that went
        to it."""
        text = play_words(view, self.seat, action)
        visits = dict(self.search.last_stats.visits)
        total = sum(visits.values())
        if total and len(visits) > 1:
            share = visits.get(str(action), 0) / total
            text += f" {share:.0%} of the search's {total} playouts went to it."
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
        "medium": "Plays a cheapest card, the one that leaves the next player the "
        "dearest answer, as the rulebook's strategy tips advise.",
        "hard": f"Imagines the hidden hands and plays the round out up to "
        f"{HARD_ITERATIONS} times (at most {HARD_TIME:g} s) before each move, among its "
        "cheapest plays, stopping sooner once the best one is clear.",
    }
