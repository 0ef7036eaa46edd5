"""Bots for Planet etuC: easy (random, rarely passing), medium (a shedding
heuristic), hard (ISMCTS over determinized hands, searching to the end of the
current game of the match on a fast private board, :mod:`playout`).

Every bot is a function of its view and owns its randomness. Each level has a
budget in iterations and one in seconds (:data:`BUDGETS`): easy and medium
look at the legal plays once (one iteration; they never read the clock, and
their seconds are a bound tools/bench.py holds them to). Hard's level is its
iteration budget; its seconds are a safety cap that ends a search only on a
machine too busy to give it the time it needs (``clock_cut`` then says so;
tools/bench.py's clock section counts those decisions). An untimed bot
(``make_bot(..., timed=False)``) keeps the budget alone, so its decisions
depend only on its seed and the view.
"""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from random import Random  # the type only: generators come from core.rng

from tabletop.core import rng as rngmod
from tabletop.core.bots import ISMCTSBot, level_factory
from tabletop.core.words import plural, seat_ref
from tabletop.games.etuc.playout import Deal, Dealer, shed_choice
from tabletop.games.etuc.rules import (
    RULES,
    Card,
    EtucAction,
    EtucState,
    Pass,
    Play,
    beating_plays,
    card_words,
    cards_words,
    determinize,
    kind_after,
    strongest_card,
)

#: the easy bot passes with this chance when it could play
EASY_PASS = 0.15
#: the hard bot's limits per decision. It answers at once with one legal
#: action and stops sooner once no iteration left could change its choice
#: (core.bots.ISMCTS's early stop). The iterations are the level: on the
#: bench's positions they take about 65 ms of one core in the median and
#: 180 ms at most (early in a 3-player deal, where playouts are longest),
#: so the seconds, a safety cap, end a search only where the machine gives
#: it a third of a core or less
HARD_ITERATIONS = 1000
HARD_TIME = 0.6
#: per level, (iterations, seconds) per decision; tools/bench.py holds each
#: level's decision time to its seconds
BUDGETS: dict[str, tuple[int, float]] = {
    "easy": (1, 0.01),
    "medium": (1, 0.05),
    "hard": (HARD_ITERATIONS, HARD_TIME),
}
#: imagined deals :meth:`HardBot.explain` asks whether an opponent could beat a play
EXPLAIN_DEALS = 40


def _plays(legal: Sequence[EtucAction]) -> list[Play]:
    return [a for a in legal if isinstance(a, Play)]


# -- easy -------------------------------------------------------------------------


class EasyBot:
    """A random legal play; passes only now and then while it can play."""

    #: it never reads the clock (core.game.Bot)
    clock_cut = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat
        self.rng = rngmod.make(seed, "etuc-easy", seat)

    def choose(self, view: EtucState) -> EtucAction:
        legal = RULES.legal_actions(view)
        plays = _plays(legal)
        if not plays or (Pass() in legal and self.rng.random() < EASY_PASS):
            return Pass()
        return plays[self.rng.randrange(len(plays))]


# -- medium ------------------------------------------------------------------------


def strength(card: Card) -> int:
    """A rough worth of a card: its number plus its symbol rank."""
    return card.number + card.colour


def paired(hand: Sequence[Card]) -> set[Card]:
    """The cards of ``hand`` that form a pair with some other card of it."""
    out: set[Card] = set()
    for i, a in enumerate(hand):
        for b in hand[i + 1 :]:
            if a.number == b.number or a.colour == b.colour:
                out.update((a, b))
    return out


def play_cost(
    play: Play, hand: Sequence[Card], players: int, in_pairs: set[Card] | None = None
) -> float:
    """What a play gives up, per card: strong cards, broken pairs, the top card.
    ``in_pairs`` is ``paired(hand)``, when the caller already has it."""
    if in_pairs is None:
        in_pairs = paired(hand)
    top = strongest_card(players)
    cost = 0.0
    for card in play.cards:
        cost += strength(card)
        if len(play.cards) == 1 and card in in_pairs:
            cost += 3.0  # keep pairs together
        if card == top and len(hand) > 3:
            cost += 8.0  # hold back the strongest card
    return cost / len(play.cards) - (1.5 if len(play.cards) == 2 else 0.0)


def heuristic_choice(view: EtucState, legal: Sequence[EtucAction]) -> EtucAction:
    """The medium bot's move: go out if possible, else the cheapest play, or
    pass when every play costs more than the hand size makes worthwhile."""
    seat = view.turn
    assert seat is not None
    hand = view.hands[seat]
    assert hand is not None
    plays = _plays(legal)
    if not plays:
        return Pass()
    for p in plays:
        if len(p.cards) == len(hand):
            return p
    in_pairs = paired(hand)
    costs = [(play_cost(p, hand, view.players, in_pairs), p.cards, p) for p in plays]
    cost, _, best = min(costs, key=lambda c: (c[0], c[1]))
    if Pass() not in legal:
        return best
    threshold = 7.0 + 0.6 * (11 - len(hand))
    # an opponent about to go out must be stopped
    if any(0 < n <= 2 for s, n in enumerate(view.hand_sizes) if s != seat):
        threshold += 6.0
    return best if cost <= threshold else Pass()


class MediumBot:
    """Deterministic: :func:`heuristic_choice` on its view."""

    #: it never reads the clock (core.game.Bot)
    clock_cut = False

    def __init__(self, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, view: EtucState) -> EtucAction:
        return heuristic_choice(view, RULES.legal_actions(view))


# -- hard ----------------------------------------------------------------------------


def _search_actions(state: EtucState | Deal) -> list[EtucAction]:
    """The search's candidates: a Deal's own list, or the rules' for the view
    at the root (the same actions in the same order)."""
    if type(state) is Deal:
        return state.legal()
    return RULES.legal_actions(state)  # type: ignore[arg-type]


def place_value(deal: Deal, seat: int) -> float:
    """[0, 1] for ``seat`` once the searched game is over: its place in it."""
    return (deal.players - 1 - deal.out.index(seat)) / (deal.players - 1)


#: how often a playout move is the medium bot's; else any legal move
ROLLOUT_MEDIUM = 0.85


def rollout_policy(deal: Deal, legal: Sequence[EtucAction], rng: Random) -> EtucAction:
    """Mostly the medium bot's move (every seat of a playout plays by the same
    rule of thumb, which makes the futures the search weighs far likelier than
    random ones); sometimes anything."""
    if len(legal) > 1 and rng.random() < ROLLOUT_MEDIUM:
        return shed_choice(deal, legal)
    return legal[rng.randrange(len(legal))]


class HardBot(ISMCTSBot):
    """ISMCTS over determinized hands to the end of the current game of the
    match, at most ``time_budget`` seconds and ``iterations`` iterations per
    decision. It searches on a :class:`playout.Deal` (hands as bit masks,
    changed in place), the rules' game made fast."""

    def __init__(
        self,
        seat: int,
        seed: int,
        iterations: int = HARD_ITERATIONS,
        time_budget: float | None = HARD_TIME,
    ) -> None:
        super().__init__(
            RULES,
            seat,
            seed,
            iterations=iterations,
            time_budget=time_budget,
            determinize=self._deal,
            evaluate=place_value,
            rollout_policy=rollout_policy,
            actions=_search_actions,
            terminal=attrgetter("over"),
            step=Deal.play,
        )

    _dealer: Dealer | None = None

    def _deal(self, view: EtucState, seat: int, rng: Random) -> Deal:
        """The search's determinization: a :class:`Dealer` of the view being
        searched deals it (what the view tells is read once a search)."""
        dealer = self._dealer
        if dealer is None or dealer.view is not view or dealer.seat != seat:
            dealer = self._dealer = Dealer(view, seat)
        return dealer.deal(rng)

    def explain(self, view: EtucState, action: EtucAction) -> str:
        """Why ``action``, in one line, from what the search and the view know:
        the only move, going out, the opponent closest to going out and how
        often (over imagined deals of the unseen cards) they could beat it,
        the cards it keeps, and the share of the search's visits it won."""
        seat = self.seat
        hand = view.hands[seat] or ()
        legal = RULES.legal_actions(view)
        last = view.table[-1].cards if view.table else None
        if isinstance(action, Pass):
            if len(legal) == 1:
                return f"Pass: nothing in your hand beats {cards_words(last or ())}."
            head = "Pass for now"
        else:
            what = cards_words(action.cards)
            if len(action.cards) == len(hand):
                last_cards = "your last card" if len(hand) == 1 else f"your last {len(hand)} cards"
                return f"Play {what}: {last_cards}, so you go out now."
            head = f"Lead {what} now" if last is None else f"Beat it with {what}"
            if len(legal) == 1:
                return f"{head}: it is your only move."
        why = self._threat(view, action, last) or self._cost_words(view, action, legal)
        share = self._share(action)
        tail = ""
        if share is not None:
            tail = f" ({share:.0%} of the search's {self.search.last_stats.iterations} playouts went to it)"
        return f"{head}: {why}{tail}."

    def _cost_words(self, view: EtucState, action: EtucAction, legal: Sequence[EtucAction]) -> str:
        """What a move gives up, by the medium bot's measure (:func:`play_cost`:
        strong cards, broken pairs, the strongest card)."""
        hand = view.hands[self.seat] or ()
        plays = _plays(legal)
        cost = {p: play_cost(p, hand, view.players) for p in plays}
        cheapest = min(plays, key=lambda p: (cost[p], p.cards))
        if isinstance(action, Pass):
            return (
                f"every play costs strong cards now (the cheapest is {cards_words(cheapest.cards)})"
            )
        top = strongest_card(view.players)
        if top in action.cards:
            return f"{card_words(top)} is the strongest card: nobody can beat it, and you lead next"
        if cost[action] <= cost[cheapest] + 1e-9:
            return "of your plays it gives up the least"
        return (
            f"it costs more than {cards_words(cheapest.cards)}, but played out better in the search"
        )

    def _share(self, action: EtucAction) -> float | None:
        """The share of the last search's visits that went to ``action``."""
        visits = dict(self.search.last_stats.visits)
        total = sum(visits.values())
        return visits.get(str(action), 0) / total if total else None

    def _threat(
        self, view: EtucState, action: EtucAction, last: tuple[Card, ...] | None
    ) -> str | None:
        """Words about the opponent with fewest cards when one is close to
        going out: whether, over :data:`EXPLAIN_DEALS` imagined deals, they
        could beat this play; None when nobody is close."""
        seat = self.seat
        rivals = [
            s
            for s in range(view.players)
            if s != seat and s not in view.out and view.hand_sizes[s] > 0
        ]
        if not rivals:
            return None
        rival = min(rivals, key=lambda s: (view.hand_sizes[s], s))
        left = view.hand_sizes[rival]
        if left > 3:
            return None
        who, cards = seat_ref(rival), plural(left, "card")
        if view.passed[rival] and last is not None:
            return f"{who} has {cards} left but has passed this round"
        if isinstance(action, Pass):
            return f"{who} has {cards} left; a play now would break the cards you need to stop them"
        kind = kind_after(view.kind, last, action.cards)
        gen = rngmod.make(self.seed, "etuc-explain", view.game, len(view.log))
        beaten = sum(
            1
            for _ in range(EXPLAIN_DEALS)
            if beating_plays(determinize(view, seat, gen).hands[rival] or (), kind, action.cards)
        )
        if beaten == 0:
            return f"{who} has {cards} left and cannot beat it"
        if beaten * 4 <= EXPLAIN_DEALS:
            return f"{who} has {cards} left and can rarely beat it"
        return f"{who} has {cards} left; it is your strongest try to hold them"


#: a bot of a level for a seat (core.bots.level_factory)
make_bot = level_factory(EasyBot, MediumBot, HardBot, HARD_TIME)


def level_notes() -> dict[str, str]:
    """Each level in words, for the setup screen."""
    return {
        "easy": "Plays a random legal combination and passes now and then while it could play.",
        "medium": "Sheds its cards with a rule of thumb: goes out when it can, "
        "else plays what costs its hand least (low cards first, pairs kept "
        "together, the strongest card held back), and passes when every play "
        "would cost too much, less readily when a rival is close to going out.",
        "hard": f"Plans: imagines the hidden hands and plays each move out to the "
        f"end of the game, up to {HARD_ITERATIONS} times, with every player "
        "shedding by medium's rule of thumb, and plays the move whose futures "
        f"went best (at most {HARD_TIME:g} s); stops sooner once the best move is clear.",
    }
