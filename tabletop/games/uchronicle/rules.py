"""Uchronicle's rules: each card played must win its trick, by changing the rules if need be.

Rulings U1-U10 settle the rulebook's gaps (docs/rulings.md). The data and its
notation are in ``model.py``; which rules states and removals make a card win
is ``solver.py``'s. One game is as many rounds as players (U10); a round is 9
tricks, each player keeping their last card; with 2 players each trick starts
with the deck's top card turned up (U8); the last player of a trick leads the
next (U9).
"""

from __future__ import annotations

from collections.abc import Sequence
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
from tabletop.core.words import plural, quote
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.info import INFO
from tabletop.games.uchronicle.model import (
    DECK,
    HAND_SIZE,
    PLAYER_COUNTS,
    SUIT_LETTERS,
    TRICKS_PER_ROUND,
    Card,
    DeadEnd,
    Declare,
    Pick,
    Play,
    Played,
    RulesState,
    Trick,
    UchronicleAction,
    UchronicleState,
    cards_text,
)

#: the rules state every round starts with (U1 says nothing of the markers'
#: starting place): the higher rank wins, no trump
START_RULES = RulesState(True, None, None)


def deal(
    players: int, seed: int, round_number: int
) -> tuple[tuple[tuple[Card, ...], ...], tuple[Card, ...]]:
    """Round ``round_number``'s hands (sorted) and, with 2 players, the deck (top
    first; empty with 3): rng.make(seed, "deal", round_number)."""
    cards = list(DECK)
    rng.make(seed, "deal", round_number).shuffle(cards)
    hands = tuple(tuple(sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE])) for i in range(players))
    return hands, tuple(cards[players * HAND_SIZE :])


def _turn_up(deck: tuple[Card, ...]) -> tuple[Trick, tuple[Card, ...]]:
    """A new trick: with a deck, its top card turned up as the first card (U8)."""
    if not deck:
        return (), deck
    return (Played(deck[0], None),), deck[1:]


def new_round(
    players: int,
    expert: bool,
    seed: int,
    round_number: int,
    first_lead: int,
    totals: tuple[int, ...],
    results: tuple[tuple[int, ...], ...],
    results_cards: tuple[tuple[tuple[Card, ...], ...], ...] = (),
) -> UchronicleState:
    hands, deck = deal(players, seed, round_number)
    trick, deck = _turn_up(deck)
    return UchronicleState(
        players=players,
        expert=expert,
        seed=seed,
        round=round_number,
        first_lead=first_lead,
        lead=first_lead,
        turn=first_lead,
        hands=hands,
        hand_sizes=tuple(len(h) for h in hands),
        tricks=(),
        trick=trick,
        rules=START_RULES,
        points=(0,) * players,
        totals=totals,
        removed=((),) * players,
        deck=deck,
        deck_size=len(deck),
        results=results,
        results_cards=results_cards,
    )


def dead_end_taken(state: UchronicleState, card: Card) -> tuple[Card, ...]:
    """U7: every trick, the present one with ``card`` in it, keeps only its
    last card; the others are taken (sorted)."""
    taken = [p.card for trick in (*state.tricks, state.trick) for p in trick]
    kept = {t[-1].card for t in state.tricks if t}
    return tuple(sorted(c for c in taken if c not in kept))


def evolve(state: UchronicleState, **changes: Any) -> UchronicleState:
    """``dataclasses.replace`` for states made by the rules, without its
    generic field-by-field work (a state is plain frozen data with no
    ``__post_init__``; a move makes two of them)."""
    new = object.__new__(UchronicleState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def taken_cards(state: UchronicleState, action: UchronicleAction) -> tuple[Card, ...]:
    """The history cards ``action`` takes (sorted): its removal's, or at a
    dead end all but each trick's last card (U7)."""
    if isinstance(action, DeadEnd):
        return dead_end_taken(state, action.card)
    return solver.taken_by(state, action.card, action.removed)


def round_over(state: UchronicleState, tricks: tuple[Trick, ...]) -> UchronicleState:
    """The round as it ends: its nine ``tricks`` on the table, nobody to move,
    its points and the cards behind them added to the results. The game's last
    position, and the one the table shows between rounds (``deal_summary``)."""
    cards = state.results_cards
    if state.removed is not None:
        cards = (*cards, state.removed)
    return evolve(
        state,
        tricks=tricks,
        trick=(),
        turn=None,
        results=(*state.results, state.points),
        results_cards=cards,
    )


def rules_change(before: RulesState, after: RulesState) -> list[str]:
    """What changed on the rule board, in words: "makes lower win", "makes D
    trump", "drops the trump rank"..."""
    changes = []
    if after.higher != before.higher:
        changes.append("makes higher win" if after.higher else "makes lower win")
    if after.trump_suit != before.trump_suit:
        changes.append(
            "drops the trump suit"
            if after.trump_suit is None
            else f"makes {SUIT_LETTERS[after.trump_suit]} trump"
        )
    if after.trump_rank != before.trump_rank:
        changes.append(
            "drops the trump rank"
            if after.trump_rank is None
            else f"makes {after.trump_rank} the trump rank"
        )
    return changes


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _name(names: Sequence[str], seat: int | None) -> str:
    return names[seat] if seat is not None and 0 <= seat < len(names) else "Someone"


class UchronicleRules:
    info = INFO

    def migrate(self, doc: dict[str, Any], from_version: int) -> dict[str, Any] | None:
        """A save from an older version of Uchronicle, as this version writes it.

        Version 1 -> 2: a state keeps each finished round's removed cards
        (``results_cards``, for the score sheet). A version-1 final position
        lacks them and only replaying its moves gives them, so it would never
        match the replay: it is dropped, and the moves (replayed and checked
        move by move on loading) stand alone."""
        if from_version < 2:
            doc.pop("final", None)
        return doc

    # -- the protocol ------------------------------------------------------------
    def setup(self, config: GameConfig, seed: int) -> UchronicleState:
        players = config.players
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Uchronicle is for 2 or 3 players, not {players}")
        expert = bool(config.get("expert", False))
        first = rng.make(seed, "first lead").randrange(players)
        return new_round(players, expert, seed, 1, first, (0,) * players, ())

    def to_move(self, state: UchronicleState) -> int | None:
        return state.turn

    def is_over(self, state: UchronicleState) -> bool:
        return state.turn is None

    def legal_actions(self, state: UchronicleState) -> list[UchronicleAction]:
        """Every card in hand with every rules state that can make it win, each
        with its cheapest removal (U6); in an expert dead end (U7), every card
        with every rules state."""
        seat = state.turn
        if seat is None:
            return []
        hand = state.hands[seat]
        if hand is None:
            return []
        actions: list[UchronicleAction] = []
        for card in hand:
            actions.extend(solver.plays(state, card))
        if not actions and state.expert:
            states = solver.rules_states(True)
            actions.extend(DeadEnd(card, rules) for card in hand for rules in states)
        return actions

    def check(self, state: UchronicleState, action: object) -> str | None:
        why = shapes.malformed(action, (Play, DeadEnd), "That is not a Uchronicle move.")
        if why is not None:
            return why
        assert isinstance(action, (Play, DeadEnd))
        seat = state.turn
        if seat is None:
            return "The game is over."
        hand = state.hands[seat]
        if hand is not None and action.card not in hand:
            return f"You do not hold {action.card}."
        if not state.expert and action.rules.trump_rank is not None:
            return "The standard game has no trump rank."
        if isinstance(action, DeadEnd):
            if not state.expert:
                return "Only the expert game has a dead end."
            if hand is not None and not solver.dead_end(state, hand):
                return "One of your cards can still win: this is no dead end."
            return None
        if state.expert and not isinstance(action.removed, Pick):
            return "In the expert game, remove single cards from past tricks."
        if not state.expert and not isinstance(action.removed, Declare):
            return "In the standard game, remove by declaring ranks and suits."
        return solver.check_removal(state, action)

    def apply(self, state: UchronicleState, action: UchronicleAction) -> UchronicleState:
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        return self.apply_legal(state, action)

    def apply_legal(self, state: UchronicleState, action: UchronicleAction) -> UchronicleState:
        """``apply`` for an action taken from ``legal_actions(state)``, without
        checking it again (for bots' searches)."""
        after = self._after_play(state, action)
        if after.turn is not None or state.round == state.players or state.seed is None:
            return after
        return new_round(
            state.players,
            state.expert,
            state.seed,
            state.round + 1,
            (state.first_lead + 1) % state.players,
            after.totals,
            after.results,
            after.results_cards,
        )

    def _after_play(self, state: UchronicleState, action: UchronicleAction) -> UchronicleState:
        """The move made, up to the end of its round: the next seat to move,
        or the round over as it lay (``round_over``), before any new deal."""
        seat = state.turn
        assert seat is not None, "the game is over"
        card = action.card
        taken = taken_cards(state, action)
        gone = set(taken)
        tricks = tuple(tuple(p for p in t if p.card not in gone) for t in state.tricks)
        trick = tuple(p for p in state.trick if p.card not in gone) + (Played(card, seat),)
        hands = list(state.hands)
        hand = hands[seat]
        if hand is not None:
            hands[seat] = tuple(c for c in hand if c != card)
        sizes = list(state.hand_sizes)
        sizes[seat] -= 1
        points = list(state.points)
        points[seat] += len(taken)
        totals = list(state.totals)
        totals[seat] += len(taken)
        removed = None
        if state.removed is not None:
            removed = list(state.removed)
            removed[seat] = tuple(sorted((*removed[seat], *taken)))
        changes: dict[str, Any] = {
            "hands": tuple(hands),
            "hand_sizes": tuple(sizes),
            "tricks": tricks,
            "trick": trick,
            "rules": action.rules,
            "points": tuple(points),
            "totals": tuple(totals),
            "removed": None if removed is None else tuple(removed),
        }
        nxt = (seat + 1) % state.players
        if nxt != state.lead:
            return evolve(state, turn=nxt, **changes)
        # the trick is over: the last player leads the next one (U9)
        tricks = (*tricks, trick)
        if len(tricks) == TRICKS_PER_ROUND:
            return round_over(evolve(state, **changes), tricks)
        new_trick, deck = _turn_up(state.deck if state.deck is not None else ())
        changes.update(tricks=tricks, trick=new_trick, lead=seat, turn=seat)
        return evolve(
            state,
            deck=deck if state.deck is not None else None,
            deck_size=max(0, state.deck_size - (1 if new_trick else 0)),
            **changes,
        )

    def outcome(self, state: UchronicleState) -> Outcome:
        if state.turn is not None:
            raise ValueError("the game is not over")
        return Outcome.from_scores(
            [float(t) for t in state.totals],
            EndReason.ROUNDS_COMPLETE,
            detail=winners_words(state.totals),
            higher_is_better=False,
        )

    def view(self, state: UchronicleState, seat: int) -> UchronicleState:
        """What ``seat`` sees: its own hand; no other hand and no deck. The
        removed cards stay: they lie face down, but every seat saw them face up
        in the history and the log names them as they go, so a player who
        remembers knows them."""
        return evolve(
            state,
            seed=None,
            hands=tuple(h if s == seat else None for s, h in enumerate(state.hands)),
            deck=None,
            viewer=seat,
        )

    def invariants(self, state: UchronicleState) -> None:
        """Every value of ``state`` of its type and in its range, then the
        conservation of the 30 cards (views pass too: hidden hands, deck
        and seed are None; a state with ``removed`` None counts them hidden). AssertionError with the reason."""
        n = state.players
        require(_whole(n, 2, 3), "the player count is not 2 or 3")
        require(type(state.expert) is bool, "standard or expert is not a yes or no")
        require(state.seed is None or type(state.seed) is int, "the seed is not a whole number")
        require(_whole(state.round, 1, n), "the round number is out of range")
        for name in ("first_lead", "lead"):
            require(
                _whole(getattr(state, name), 0, n - 1),
                f"the {name.replace('_', ' ')} is not a seat",
            )
        require(
            state.turn is None or _whole(state.turn, 0, n - 1), "the seat to move is not a seat"
        )
        require(state.viewer is None or _whole(state.viewer, 0, n - 1), "the viewer is not a seat")

        def seat_tuple(values: object) -> bool:
            return type(values) is tuple and len(values) == n

        def is_cards(values: object) -> bool:
            return (
                type(values) is tuple
                and len(values) <= len(DECK)
                and all(type(c) is Card and c.malformed() is None for c in values)
            )

        def is_trick(values: object) -> bool:
            return (
                type(values) is tuple
                and len(values) <= n + 1
                and all(
                    type(p) is Played
                    and type(p.card) is Card
                    and p.card.malformed() is None
                    and (p.seat is None or _whole(p.seat, 0, n - 1))
                    for p in values
                )
            )

        require(
            seat_tuple(state.hands) and all(h is None or is_cards(h) for h in state.hands),
            "a hand holds something that is not a card",
        )
        require(
            seat_tuple(state.hand_sizes) and all(_whole(k, 0, HAND_SIZE) for k in state.hand_sizes),
            "a hand size is out of range",
        )
        require(
            all(
                h is None or len(h) == k for h, k in zip(state.hands, state.hand_sizes, strict=True)
            ),
            "a hand's size does not match its cards",
        )
        require(
            type(state.tricks) is tuple
            and len(state.tricks) <= TRICKS_PER_ROUND
            and all(is_trick(t) for t in state.tricks),
            "the trick history is not tricks of cards",
        )
        require(is_trick(state.trick), "the present trick is not cards")
        require(
            type(state.rules) is RulesState and state.rules.malformed() is None,
            "the rules state is not one",
        )
        require(
            state.expert or state.rules.trump_rank is None, "the standard game has no trump rank"
        )
        for name in ("points", "totals"):
            values = getattr(state, name)
            require(
                seat_tuple(values) and all(_whole(v, 0, len(DECK) * n) for v in values),
                f"the {name} are not whole numbers per seat",
            )
        require(
            all(p <= t for p, t in zip(state.points, state.totals, strict=True)),
            "a seat has more points this round than in all",
        )
        require(
            state.removed is None
            or (seat_tuple(state.removed) and all(is_cards(r) for r in state.removed)),
            "the removed cards are not cards per seat",
        )
        if state.removed is not None:
            require(
                tuple(len(r) for r in state.removed) == state.points,
                "the removed cards do not match the points",
            )
        require(state.deck is None or is_cards(state.deck), "the deck is not cards")
        require(
            _whole(state.deck_size, 0, len(DECK))
            and (state.deck is None or len(state.deck) == state.deck_size),
            "the deck size does not match the deck",
        )
        require(
            type(state.results) is tuple
            and len(state.results) <= n
            and all(
                seat_tuple(r) and all(_whole(v, 0, len(DECK)) for v in r) for r in state.results
            ),
            "the round results are not points per seat",
        )
        require(
            type(state.results_cards) is tuple
            and all(seat_tuple(r) and all(is_cards(c) for c in r) for r in state.results_cards),
            "the cards of the finished rounds are not cards per seat",
        )
        if state.results_cards:  # () where a position was built without them
            require(
                tuple(tuple(len(c) for c in r) for r in state.results_cards) == state.results,
                "the cards of the finished rounds do not match their points",
            )
        for cards in state.results_cards:
            each = [c for taken in cards for c in taken]
            require(len(set(each)) == len(each), "a card was taken twice in one round")
        # the 30 cards, each once, wherever they are
        history = [p.card for t in (*state.tricks, state.trick) for p in t]
        known = history + [c for h in state.hands if h is not None for c in h]
        known += [c for r in state.removed or () for c in r] + list(state.deck or ())
        require(len(set(known)) == len(known), "a card is in two places")
        hidden = sum(k for h, k in zip(state.hands, state.hand_sizes, strict=True) if h is None)
        if state.removed is None:
            hidden += sum(state.points)
        if state.deck is None:
            hidden += state.deck_size
        require(len(known) + hidden == len(DECK), "the cards do not add up to 30")

    # -- words ---------------------------------------------------------------------
    def describe(self, state: UchronicleState) -> str:
        """A text picture for golden files: the game and round, the rule board,
        each seat's points and hand ("?" where hidden), the deck, this round's
        tricks (``P2:D6`` is seat 2's D6, ``deck:A3`` the 2-player deck card)
        and who is to move."""
        n = state.players
        game = "expert" if state.expert else "standard"
        trick = min(state.trick_number, TRICKS_PER_ROUND)
        lines = [
            f"Uchronicle ({game}), {n} players, round {state.round} of {state.rounds}, "
            f"trick {trick} of {TRICKS_PER_ROUND}",
            f"rules     {state.rules} ({state.rules.words()})",
        ]
        for s in range(n):
            hand = state.hands[s]
            shown = "?" if hand is None else " ".join(map(str, hand)) or "-"
            taken = state.removed[s] if state.removed is not None else None
            took = "?" if taken is None else cards_text(taken) or "-"
            lines.append(
                f"P{s + 1} [{state.hand_sizes[s]:2}]  {shown}   "
                f"points {state.points[s]} (total {state.totals[s]}), took {took}"
            )
        if state.players == 2:
            deck = "?" if state.deck is None else " ".join(map(str, state.deck)) or "-"
            lines.append(f"deck [{state.deck_size:2}]  {deck}")

        def played(t: Trick) -> str:
            return " ".join(f"{'deck' if p.seat is None else f'P{p.seat + 1}'}:{p.card}" for p in t)

        for i, t in enumerate(state.tricks):
            lines.append(f"trick {i + 1}   {played(t) or '-'}")
        if state.turn is None:
            lines.append("game over" if state.round == state.rounds else "round over")
        else:
            lines.append(f"present   {played(state.trick) or '-'}")
            lines.append(f"P{state.turn + 1} to move, P{state.lead + 1} led")
        return "\n".join(lines)

    def describe_legal(self, state: UchronicleState, actions: Sequence[UchronicleAction]) -> str:
        """``actions`` (``legal_actions(state)``) in short, for golden files
        (the expert game offers up to 84 plays a card): per card, how many rules
        states can make it win and its first play, the cheapest, with its
        cost; a dead end (U7) as the cards to choose from."""
        if actions and all(isinstance(a, DeadEnd) for a in actions):
            hand = sorted({a.card for a in actions})
            return f"dead end, any rules with {' '.join(map(str, hand))} ({len(actions)} actions)"
        first: dict[Card, UchronicleAction] = {}
        count: dict[Card, int] = {}
        for a in actions:
            first.setdefault(a.card, a)
            count[a.card] = count.get(a.card, 0) + 1
        parts = []
        for card, a in first.items():
            cost = len(taken_cards(state, a))
            parts.append(f"{card} {count[card]}x, first {a} ({plural(cost, 'point')})")
        return "; ".join(parts) or "nothing"

    def log_line(
        self, before: UchronicleState, action: Any, after: UchronicleState, names: Any
    ) -> str:
        """The move in words: "Ada plays D6, makes D trump, removes B2 (1
        point)"; in the standard game "declares 4 and B: takes B2, B4 (2
        points)"; the U7 dead end says so. With 2 players, while the deck's
        card turned up (U8) is in the trick, the line names it: "Ada plays D6
        against the deck card B4, ..." (no other line says which card it was)."""
        seat = before.turn
        who = _name(names, seat)
        if not isinstance(action, (Play, DeadEnd)):
            return f"{who}: {quote(action)}"
        taken = taken_cards(before, action)
        points = plural(len(taken), "point")
        if isinstance(action, DeadEnd):
            text = f"{who} is at a dead end: plays {action.card}"
        else:
            text = f"{who} plays {action.card}"
        deck = next((p.card for p in before.trick if p.seat is None), None)
        if deck is not None:
            text += f" against the deck card {deck}"
        text += "".join(f", {change}" for change in rules_change(before.rules, action.rules))
        if isinstance(action, DeadEnd):
            text += f", and takes all but each trick's last card ({points})"
        elif isinstance(action.removed, Declare) and action.removed:
            declared = [str(r) for r in action.removed.ranks]
            declared += [SUIT_LETTERS[x] for x in action.removed.suits]
            what = cards_text(taken).replace("+", ", ") if taken else "nothing"
            text += f", declares {_and(declared)}: takes {what} ({points})"
        elif taken:
            text += f", removes {cards_text(taken).replace('+', ', ')} ({points})"
        return text

    def log_detail(
        self, before: UchronicleState, action: Any, after: UchronicleState, names: Any
    ) -> str:
        """The log's tooltip: the rules in force after the move, which trick each
        taken card left, and everyone's negative points this round."""
        seat = before.turn
        if seat is None or not isinstance(action, (Play, DeadEnd)):
            return ""
        lines = [f"Rules now: {action.rules.words()}."]
        taken = set(taken_cards(before, action))
        where = []
        for index, trick in enumerate((*before.tricks, before.trick)):
            gone = [str(p.card) for p in trick if p.card in taken]
            if gone:
                name = "the present trick" if index == len(before.tricks) else f"trick {index + 1}"
                where.append(f"{_and(gone)} from {name}")
        if where:
            lines.append(f"Taken: {'; '.join(where)}.")
        points = list(before.points)
        points[seat] += len(taken)
        lines.append(
            "Negative points this round: "
            + ", ".join(f"{_name(names, s)} {p}" for s, p in enumerate(points))
            + "."
        )
        return " ".join(lines)

    def score_sheet(self, state: UchronicleState) -> ScoreSheet:
        """One row per round: each seat's negative points in it, with the cards
        behind them named ("B2, B4"); a round in play is a row too, so the
        totals are always the game's so far. Fewest wins (U10): places by the
        total. At the end the totals are ``outcome``'s scores."""
        n = state.players
        rows = []
        for index, points in enumerate(state.results):
            cards = state.results_cards[index] if index < len(state.results_cards) else ()
            rows.append(
                SheetRow(f"Round {index + 1}", tuple(float(p) for p in points), _taken_notes(cards))
            )
        if state.turn is not None and (state.tricks or state.trick or any(state.points)):
            rows.append(
                SheetRow(
                    f"Round {state.round} (in play)",
                    tuple(float(p) for p in state.points),
                    _taken_notes(state.removed or ()),
                )
            )
        lines = ["Each card taken out of the history is a negative point; fewest wins."]
        return ScoreSheet.summed(rows, n, lines, unit="negative points", higher_is_better=False)

    def deal_summary(
        self, before: UchronicleState, action: Any, after: UchronicleState
    ) -> DealSummary | None:
        """A round ended: each seat's negative points in all and this round,
        ranked by the total (fewest first, the game's standing), the sheet so
        far, and the finished round (its nine tricks as they lay) for the table
        to show until the summary is dismissed. The last round's note names the
        game's winner, who is first in the rows."""
        if len(after.results) == len(before.results) or not isinstance(action, (Play, DeadEnd)):
            return None
        position = self._after_play(before, action)
        sheet = self.score_sheet(position)
        points = position.results[-1]
        totals = position.totals
        places = sheet.places()
        rows = tuple(
            SummaryRow(s, places[s], (plural(totals[s], "point"), plural(points[s], "point")))
            for s in sorted(range(before.players), key=lambda s: (places[s], s))
        )
        if after.turn is None:
            note = winners_words(totals)
        else:
            note = f"Round {after.round} of {after.rounds}: {{{after.lead}}} leads."
        return DealSummary(
            f"Round {before.round} of {before.rounds} over",
            ("In all", "This round"),
            rows,
            note,
            position,
            sheet=sheet,
        )

    def undo_barrier(self, before: UchronicleState, action: Any, after: UchronicleState) -> bool:
        """A new round deals new hands; with 2 players a new trick turns up
        the deck's next card (U8): both draw at random."""
        return after.round != before.round or after.deck_size != before.deck_size

    def reveals(
        self, before: UchronicleState, action: Any, after: UchronicleState, seat: int
    ) -> bool:
        """Another seat's card, played face up, shows ``seat`` something new
        (the cards it removes go face down, but everyone saw them in the
        history already)."""
        return before.turn is not None and before.turn != seat


def determinize(view: UchronicleState, seat: int, rng: Random) -> UchronicleState:
    """A full state ``seat`` cannot tell from ``view``: its own hand, the
    history and the removed cards as they are; every card it has not seen
    (the other hands and the deck) dealt afresh, and a fresh seed for the
    rounds to come."""
    own = view.hands[seat] or ()
    hands, deck = deal_unseen(unseen_cards(view, seat), view.hand_sizes, seat, own, rng)
    return evolve(
        view,
        seed=rng.randrange(2**31),
        hands=hands,
        deck=tuple(deck),
        viewer=None,
    )


def unseen_cards(view: UchronicleState, seat: int) -> list[Card]:
    """The cards ``seat`` has not seen, in deck order: the other hands and the
    deck. Its own hand, the history and the removed cards it has seen."""
    seen = set(view.hands[seat] or ())
    seen.update(p.card for t in (*view.tricks, view.trick) for p in t)
    seen.update(c for taken in view.removed or () for c in taken)
    return [c for c in DECK if c not in seen]


def winners_words(totals: Sequence[int]) -> str:
    """Who wins with how many negative points (U10), seats as ``{0}``,
    ``{1}``...: "{1} wins with 4 negative points." """
    best = min(totals)
    won = [f"{{{s}}}" for s, t in enumerate(totals) if t == best]
    points = plural(best, "negative point")
    if len(won) == 1:
        return f"{won[0]} wins with {points}."
    return f"{_and(won)} share the win with {points} each."


def _taken_notes(cards: Sequence[Sequence[Card]]) -> tuple[str, ...]:
    """Per seat, the cards it took in words ("B2, B4"; "" for none)."""
    return tuple(cards_text(tuple(c)).replace("+", ", ") for c in cards)


def _whole(value: object, lo: int, hi: int) -> bool:
    return shapes.is_whole(value) and lo <= value <= hi  # type: ignore[operator]


RULES = UchronicleRules()


# -- what the entry takes from the rules ------------------------------------------------


def sample_action(state: UchronicleState, rng: Random) -> UchronicleAction:
    """A random legal action, found without listing them all: a card drawn
    uniformly from those in hand that can win, then a rules state drawn
    uniformly from those that make it win, with that state's cheapest removal
    (so not every action is equally likely: a dearer removal is never drawn).
    In an expert dead end (U7), any card with any rules state."""
    seat = state.turn
    assert seat is not None, "the game is over"
    hand = list(state.hands[seat] or ())
    rng.shuffle(hand)
    for card in hand:
        states = solver.winning_rules(state, card)
        if states:
            option = solver.cheapest(state, card, states[rng.randrange(len(states))])
            assert option is not None
            return Play(card, option.rules, option.removal)
    every = solver.rules_states(True)
    return DeadEnd(hand[0], every[rng.randrange(len(every))])
