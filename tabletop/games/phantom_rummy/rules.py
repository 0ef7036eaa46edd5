"""Phantom Rummy's rules: the Rules protocol over ``model.py``'s state.

Pure (no pygame). Rulings R1-R8 are in docs/rulings.md; the state, the
actions and the claim window are ``model.py``'s, sets and goal hands
``hands.py``'s.

A turn: the active seat takes a row card (a fresh row is laid from the pile
only when the row is empty, R5); then, holding eight, it may score a goal
(a goal hand and at least one open set, R2), open a big set and draw two
(no discard, R3), discard, or discard and say ready (the seven left are one
card short of a goal hand). A ready seat's hand is locked: the card it takes
either scores or is discarded, it opens nothing and gains nothing.

A discard opens a claim window (R4), the platform's decisions out of turn:
every other seat, in turn order after the discarder, is asked once, sealed,
with ClaimGoal (ready, a set open, the discard completes its goal hand;
advanced: no card of its own discard pile would), ClaimGain (two hand cards
making a big set with the discard; not ready) or Pass, which is every seat's
answer and a seat's only one when it can claim nothing. At the reveal the
first goal claim in that order wins, else the first gain; play goes on with
the seat after the discarder.

A short game ends with a goal or a pile-out (R5: too few cards for a fresh
row, or for the two drawn after an opening or a gain; nobody scores). The
match ends after the short games or at the target score of R7, or at once on
the advanced legendary Item's win (R8).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import fields, replace
from operator import attrgetter
from random import Random  # the type only: generators come from core.rng
from typing import Any, cast

from tabletop.core import rng
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
from tabletop.core.words import plural
from tabletop.games.phantom_rummy.cards import (
    CONDITION_SHORT,
    DECK,
    KINDS,
    NUMBER_TYPES,
    Card,
    set_words,
)
from tabletop.games.phantom_rummy.cards import distinct_cards as _cards
from tabletop.games.phantom_rummy.hands import (
    BIG_SET_KINDS,
    GOAL_SIZE,
    Reading,
    big_sets_with,
    distance_to_goal,
    goal_decompositions,
    is_big_set,
    is_goal_hand,
    set_shape,
)
from tabletop.games.phantom_rummy.info import INFO, PhantomEnding
from tabletop.games.phantom_rummy.model import (
    ANSWER_CLASSES,
    HAND_SIZE,
    PLAYER_COUNTS,
    ClaimGain,
    ClaimGoal,
    ClaimWindow,
    Discard,
    Goal,
    Open,
    Pass,
    PhantomAction,
    PhantomState,
    Phase,
    Ready,
    ShortGame,
    Source,
    Take,
    malformed_action,
    new_short_game,
    row_size,
)

#: cards drawn after an opening or a gain
DRAW = 2


def _whole(value: object, low: int, high: int) -> bool:
    return type(value) is int and low <= value <= high


#: a card's place in the deck: sorting by it is deck order without Card's own
#: comparisons (a Python call each)
_INDEX = attrgetter("index")
_STATE_FIELDS = frozenset(f.name for f in fields(PhantomState))
_DECK_INDICES = [c.index for c in DECK]


def _sorted(cards: Sequence[Card]) -> list[Card]:
    """``cards`` in deck order."""
    return sorted(cards, key=_INDEX)


def _evolve(state: PhantomState, **changes: Any) -> PhantomState:
    """``dataclasses.replace`` for the state, without running its __init__
    again (twenty frozen fields set one by one): the rules' hottest copy."""
    if not changes.keys() <= _STATE_FIELDS:
        raise TypeError(f"no such state fields: {sorted(changes.keys() - _STATE_FIELDS)}")
    new = object.__new__(PhantomState)
    values = new.__dict__
    values.update(state.__dict__)
    values.update(changes)
    return new


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    return (*values[:index], value, *values[index + 1 :])


def hand_of(state: PhantomState, seat: int) -> tuple[Card, ...]:
    """``seat``'s hand; ValueError where this state (a view) hides it."""
    hand = state.hands[seat]
    if hand is None:
        raise ValueError(f"seat {seat}'s hand is hidden in this state")
    return hand


def _pile(state: PhantomState) -> tuple[Card, ...]:
    if state.pile is None:
        raise ValueError("the pile is hidden in a view")
    return state.pile


def without(cards: Sequence[Card], gone: Sequence[Card]) -> tuple[Card, ...]:
    """``cards`` less the cards ``gone``, in order."""
    out = {c.index for c in gone}
    return tuple([c for c in cards if c.index not in out])


def can_say_ready(hand: Sequence[Card]) -> bool:
    """Seven cards one card short of a goal hand (ruling R2's eight), whether
    or not a set is open: the rulebook asks no more (docs/rulings.md, after
    R8), though with none open the lock leaves no way to score."""
    return len(hand) == GOAL_SIZE - 1 and distance_to_goal(hand, True).cards == 1


def big_sets_in(hand: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The big sets ``hand`` can open, one per choice of kinds (the first copies
    of each kind in deck order), in the order of ``hands.BIG_SET_KINDS``."""
    by_kind: dict[int, list[Card]] = {}
    for card in sorted(hand, key=_INDEX):
        by_kind.setdefault(card.kind, []).append(card)
    out: list[tuple[Card, ...]] = []
    for a, b, c in BIG_SET_KINDS:
        if a == c:
            have = by_kind.get(a, ())
            if len(have) >= 3:
                out.append(tuple(have[:3]))
        elif a in by_kind and b in by_kind and c in by_kind:
            out.append((by_kind[a][0], by_kind[b][0], by_kind[c][0]))
    return out


def own_discard_blocks(state: PhantomState, seat: int) -> bool:
    """Advanced (R8): a card of ``seat``'s own discard pile would complete its goal."""
    hand = hand_of(state, seat)
    return any(is_goal_hand((*hand, d)) for d in state.discards[seat])


def can_claim_goal(state: PhantomState, seat: int, card: Card) -> bool:
    """``seat`` may score a goal with the discard ``card`` (R4, R8)."""
    if not state.ready[seat] or not state.opened[seat]:
        return False
    if not is_goal_hand((*hand_of(state, seat), card)):
        return False
    return not (state.advanced and own_discard_blocks(state, seat))


# -- scoring -----------------------------------------------------------------------


#: the deck's numbers, lowest first, and its terminals (the lowest and the
#: highest, 1 and 7 in this edition's deck): read from the deck, so that
#: another card list (ruling R1) changes no condition's code
NUMBERS: tuple[int, ...] = tuple(sorted({k.number for k in KINDS if k.number is not None}))
TERMINALS = (NUMBERS[0], NUMBERS[-1])


def _condition_met(
    condition: str, card: Card, reading: Reading, opened: tuple[tuple[Card, ...], ...], row: bool
) -> bool:
    sets: list[tuple[Card, ...]] = [reading.small, *reading.big, *opened]
    cards = [c for s in sets for c in s]
    numbered = [c for c in cards if c.number is not None]
    types = {c.type for c in numbered}
    if condition == "row_goal":
        return row
    if condition == "terminal_pair":
        return reading.small[0].number in TERMINALS
    if condition == "two_types":
        return len(types) <= 2
    if condition == "number_in_all_types":
        return any(
            len({c.type for c in numbered if c.number == n}) == len(NUMBER_TYPES) for n in NUMBERS
        )
    if condition == "no_terminals":
        return all(c.number is not None and c.number not in TERMINALS for c in cards)
    if condition == "terminal_in_every_set":
        return all(any(c.number is None or c.number in TERMINALS for c in s) for s in sets)
    if condition == "one_type":
        return len(types) <= 1
    if condition == "always":
        return True
    if condition == "legendary_group":
        no_run = all(set_shape(s) != "run" for s in sets[1:])
        return no_run and any(set_shape(s) == "group" and s[0].kind == card.kind for s in sets[1:])
    raise ValueError(f"unknown condition {condition!r}")


def _red_sources(
    state: PhantomState, seat: int, hand: tuple[Card, ...], row: bool
) -> tuple[tuple[Source, ...], bool, Reading]:
    """The red cards' points (basic: one each; advanced: their met conditions,
    the reading of the hand that scores most), whether the legendary Item
    won the match, and the reading scored (the first one where the reading
    does not matter)."""
    opened = state.opened[seat]
    readings = goal_decompositions(hand)
    reds = tuple(sorted(c for c in (*hand, *state.open_cards(seat)) if c.red))
    if not reds:
        return (), False, readings[0]
    if not state.advanced:
        return (Source("red", len(reds), reds),), False, readings[0]
    best: tuple[tuple[bool, int], tuple[Source, ...], Reading] = ((False, -1), (), readings[0])
    for reading in readings:
        met = [
            c
            for c in reds
            if c.condition is None or _condition_met(c.condition, c, reading, opened, row)
        ]
        instant = any(c.instant_win for c in met)
        points = sum(c.value for c in met)
        sources = tuple(Source("condition", c.value, (c,)) for c in met if not c.instant_win)
        sources += tuple(Source("item", c.value, (c,)) for c in met if c.instant_win)
        if (instant, points) > best[0]:
            best = ((instant, points), sources, reading)
    return best[1], best[0][0], best[2]


def score_goal(
    state: PhantomState, seat: int, hand: tuple[Card, ...], row: bool
) -> tuple[tuple[Source, ...], tuple[Card, ...], bool, tuple[Card, ...]]:
    """A goal of ``seat`` holding ``hand`` (eight cards): its sources of points,
    the cards the bonus check flipped (R6), whether the match is won at once,
    and the hand laid out as the reading scored (``Reading.cards``)."""
    sources: list[Source] = []
    if state.opened[seat]:
        sources.append(Source("sets", len(state.opened[seat])))
    reds, instant, reading = _red_sources(state, seat, hand, row)
    sources.extend(reds)
    mine = (*hand, *state.open_cards(seat))
    flips: list[Card] = []
    bonus: list[Card] = []
    for flip in _pile(state):
        flips.append(flip)
        hits = [c for c in mine if c.kind == flip.kind]
        if not hits:
            break
        bonus.extend(hits)
    if bonus:
        sources.append(Source("bonus", len(bonus), tuple(bonus)))
    return tuple(sources), tuple(flips), instant, reading.cards()


# -- the points in words, and the score sheet ------------------------------------------


def _and(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def flip_hits(result: ShortGame) -> list[int]:
    """Per card the bonus check turned (R6), how many of the scorer's cards it
    matched: the bonus source's cards of its kind."""
    bonus = [c for s in result.sources if s.kind == "bonus" for c in s.cards]
    return [len({c for c in bonus if c.kind == flip.kind}) for flip in result.flips]


def bonus_words(result: ShortGame) -> str:
    """The bonus check's hits and misses: "Moon 5 +2, Crown misses" (a hit
    and the points it scored, as the goal screen tags a flip); the
    pile running out before a miss, or being empty, said so."""
    if not result.flips:
        return "the pile was empty"
    hits = flip_hits(result)
    parts = [
        f"{flip.title} +{hit}" if hit else f"{flip.title} misses"
        for flip, hit in zip(result.flips, hits, strict=True)
    ]
    if hits[-1]:
        parts.append("then the pile ran out")
    return ", ".join(parts)


def legendary_card(result: ShortGame) -> Card | None:
    """The legendary Item whose condition won the match at once, or None."""
    for source in result.sources:
        if source.kind == "item" and source.cards:
            return source.cards[0]
    return None


def points_words(source: Source) -> str:
    """One source of a goal's points, naming its cards: "2 for 2 open sets",
    "2 for red Sword 1 and red Moon 5", "3 for red Sword 3 (two types at most)",
    "the legendary Crown wins the match", "3 from the bonus check"."""
    titles = [c.title for c in source.cards]
    n = source.points
    if source.kind == "sets":
        return f"{n} for {plural(n, 'open set')}"
    if source.kind == "red":
        return f"{n} for {_and(titles)}"
    if source.kind == "condition":
        card = source.cards[0]
        if card.condition in (None, "always"):
            return f"{n} for {card.title}"
        return f"{n} for {card.title} ({CONDITION_SHORT.get(card.condition, 'its condition')})"
    if source.kind == "item":
        return f"the legendary {source.cards[0].name} wins the match"
    return f"{n} from the bonus check"


def goal_words(result: ShortGame, who: str) -> str:
    """A goal's points in words: "Ada scores 7: 1 for 1 open set, 3 for red
    Sword 1, red Moon 5 and red Staff 7, 3 from the bonus check." A pile-out
    says nobody scores."""
    if result.goal is None:
        return "The pile ran out: nobody scores."
    parts = ", ".join(points_words(s) for s in result.sources)
    return f"{who} scores {result.points[result.goal]}: {parts or 'nothing'}."


def short_game_rows(result: ShortGame, number: int, players: int) -> list[SheetRow]:
    """Short game ``number``'s rows of the score sheet, each source named by
    its card: the open sets, each red card (basic: 1 each; advanced: each met
    condition, in a few words, ``cards.CONDITION_SHORT``), the
    legendary Item, the bonus check's hits and misses, the discarder's
    penalty; a pile-out's one row of noughts. A cell of a seat the row is
    not about is None."""
    head = f"Short game {number}: "
    if result.goal is None:
        return [SheetRow(head + "the pile ran out, nobody scores", (0,) * players)]
    scorer = result.goal

    def row(label: str, points: int, seat: int = scorer) -> SheetRow:
        values: list[float | None] = [None] * players
        values[seat] = points
        return SheetRow(head + label, tuple(values))

    rows: list[SheetRow] = []
    for source in result.sources:
        if source.kind == "sets":
            rows.append(row(plural(source.points, "open set"), source.points))
        elif source.kind == "red":  # basic: a point for each red card
            # the plain and the legendary red Item look alike in the basic
            # rules: one row for both ("red Grail ×2")
            titles = [card.title for card in source.cards]
            for title in dict.fromkeys(titles):
                k = titles.count(title)
                rows.append(row(title if k == 1 else f"{title} \u00d7{k}", k))
        elif source.kind == "condition":
            card = source.cards[0]
            condition = card.condition or ""
            short = CONDITION_SHORT.get(condition, condition)
            label = f"{card.title} · condition: {short}"
            rows.append(row(label if condition != "always" else card.title, source.points))
        elif source.kind == "item":
            card = source.cards[0]
            rows.append(row(f"the legendary {card.name} wins the match", source.points))
    bonus = sum(s.points for s in result.sources if s.kind == "bonus")
    rows.append(row(f"bonus check: {bonus_words(result)}", bonus))
    discarder = result.discarder
    if discarder is not None and result.points[discarder] < 0:
        rows.append(row("the discarder pays", result.points[discarder], seat=discarder))
    return rows


def score_sheet(state: PhantomState) -> ScoreSheet:
    """The match's score sheet so far (see ``PhantomRules.score_sheet``)."""
    n = state.players
    rows = [
        r
        for number, result in enumerate(state.results, 1)
        for r in short_game_rows(result, number, n)
    ]
    games, target = state.match_length()
    played = len(state.results)
    last = state.results[-1] if state.results else None
    legendary = legendary_card(last) if last is not None and last.instant else None
    lines: list[str] = []
    if legendary is not None and last is not None and last.goal is not None:
        lines.append(
            f"{{{last.goal}}} wins the match at once with the legendary {legendary.name}: "
            f"a group of {legendary.name}s and no run. The totals do not decide."
        )
    elif state.phase is Phase.OVER and (played >= games or max(state.scores) >= target):
        if max(state.scores) >= target:
            lines.append(f"The match ends at the target of {target} points.")
        else:
            lines.append(f"The match ends after its {games} short games.")
    else:
        lines.append(
            f"After {plural(played, 'short game')} of {games}; the match ends at {target} points."
        )
    return ScoreSheet.summed(rows, n, lines)


# -- the rules -----------------------------------------------------------------------


class PhantomRules:
    info = INFO

    # -- the protocol ------------------------------------------------------
    def setup(self, config: GameConfig, seed: int) -> PhantomState:
        n = config.players
        if n not in PLAYER_COUNTS:
            raise ValueError(f"Phantom Rummy is for 2 to 4 players, not {n}")
        dealer = rng.make(seed, "dealer").randrange(n)
        advanced = bool(config.get("advanced", False))
        return new_short_game(n, advanced, seed, 1, dealer, (0,) * n)

    def to_move(self, state: PhantomState) -> int | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.CLAIMS:
            return state.asking()
        return state.turn

    def is_over(self, state: PhantomState) -> bool:
        return state.phase is Phase.OVER

    def legal_actions(self, state: PhantomState) -> list[PhantomAction]:
        seat = self.to_move(state)
        if seat is None or state.hands[seat] is None:
            return []
        hand = hand_of(state, seat)
        if state.phase is Phase.TAKE:
            return [Take(c) for c in state.row]
        if state.phase is Phase.CLAIMS:
            assert state.claim is not None
            card = state.claim.card
            out: list[PhantomAction] = []
            if can_claim_goal(state, seat, card):
                out.append(ClaimGoal())
            if not state.ready[seat]:
                out.extend(ClaimGain((a, b)) for _, a, b in big_sets_with(card, hand))
            out.append(Pass())
            return out
        acts: list[PhantomAction] = []
        if state.opened[seat] and is_goal_hand(hand):
            acts.append(Goal())
        if state.ready[seat]:
            assert state.taken is not None
            acts.append(Discard(state.taken))
            return acts
        acts.extend(Open(laid) for laid in big_sets_in(hand))
        # a card less never brings a hand nearer a goal: at two or more, no ready
        near = distance_to_goal(hand, True).cards <= 1
        for card in hand:
            acts.append(Discard(card))
            if near and can_say_ready(without(hand, (card,))):
                acts.append(Ready(card))
        return acts

    def check(self, state: PhantomState, action: object) -> str | None:
        why = malformed_action(action)
        if why is not None:
            return why
        return self._check(state, cast(PhantomAction, action))

    def _check(self, state: PhantomState, action: PhantomAction) -> str | None:
        seat = self.to_move(state)
        if seat is None:
            return "The match is over."
        if state.hands[seat] is None:
            return "The player to move holds cards this view does not show."
        hand = hand_of(state, seat)
        if state.phase is Phase.TAKE:
            if not isinstance(action, Take):
                return "Take a card from the row first."
            return (
                None if action.card in state.row else f"The {action.card.title} is not in the row."
            )
        if state.phase is Phase.CLAIMS:
            assert state.claim is not None
            card = state.claim.card
            if isinstance(action, Pass):
                return None
            if isinstance(action, ClaimGoal):
                if not state.ready[seat]:
                    return "Only a ready player may score off a discard."
                if not state.opened[seat]:
                    return "You need an open set to score."
                if not is_goal_hand((*hand, card)):
                    return f"The {card.title} does not complete your goal hand."
                if state.advanced and own_discard_blocks(state, seat):
                    return "A card of your own discard pile would complete your goal."
                return None
            if isinstance(action, ClaimGain):
                if state.ready[seat]:
                    return "A ready player gains no discards."
                if any(c not in hand for c in action.cards):
                    return "You do not hold those cards."
                if not is_big_set((card, *action.cards)):
                    return f"The {card.title} and those two make no big set."
                return None
            return "Answer the discard first: claim it or pass."
        if isinstance(action, Take):
            return "You have taken this turn."
        if isinstance(action, (ClaimGoal, ClaimGain, Pass)):
            return "No discard is on offer."
        if isinstance(action, Goal):
            if not state.opened[seat]:
                return "You need an open set to score."
            return None if is_goal_hand(hand) else "Your hand is no goal hand."
        if state.ready[seat]:
            if isinstance(action, Open):
                return "A ready player opens no more sets."
            if isinstance(action, Ready):
                return "You have said ready already."
            assert state.taken is not None
            if action.card != state.taken:
                return f"Your hand is locked: discard the {state.taken.title} or score."
            return None
        if isinstance(action, Open):
            if any(c not in hand for c in action.cards):
                return "You do not hold those cards."
            return None if is_big_set(action.cards) else "Those three make no big set."
        if action.card not in hand:
            return f"You do not hold the {action.card.title}."
        if isinstance(action, Ready) and not can_say_ready(without(hand, (action.card,))):
            return "Without that card you are not one card short of a goal hand."
        return None

    def apply(self, state: PhantomState, action: PhantomAction) -> PhantomState:
        return self._deal_next(self._play(state, action))

    def _play(self, state: PhantomState, action: PhantomAction) -> PhantomState:
        """``apply`` up to the end of a short game: a finished one is left as
        it ended, with phase OVER, for ``_deal_next`` (and for the summary's
        picture of it, ``deal_summary``'s position)."""
        reason = self.check(state, action)
        if reason is not None:
            raise IllegalAction(reason)
        seat = self.to_move(state)
        assert seat is not None
        hand = hand_of(state, seat)
        if isinstance(action, Take):
            return _evolve(
                state,
                hands=_put(state.hands, seat, tuple(sorted((*hand, action.card), key=_INDEX))),
                hand_sizes=_put(state.hand_sizes, seat, len(hand) + 1),
                row=without(state.row, (action.card,)),
                phase=Phase.ACT,
                taken=action.card,
            )
        if isinstance(action, Goal):
            return self._goal(state, seat, hand, None)
        if isinstance(action, Open):
            laid = _evolve(
                state,
                hands=_put(state.hands, seat, without(hand, action.cards)),
                hand_sizes=_put(state.hand_sizes, seat, len(hand) - len(action.cards)),
                opened=_put(state.opened, seat, (*state.opened[seat], action.cards)),
            )
            drawn = self._draw(laid, seat)
            if drawn is None:
                return self._end_short_game(laid, None)
            return self._start_turn(drawn, (seat + 1) % state.players)
        if isinstance(action, (Discard, Ready)):
            n = state.players
            return _evolve(
                state,
                hands=_put(state.hands, seat, without(hand, (action.card,))),
                hand_sizes=_put(state.hand_sizes, seat, len(hand) - 1),
                discards=_put(state.discards, seat, (*state.discards[seat], action.card)),
                ready=_put(state.ready, seat, True) if isinstance(action, Ready) else state.ready,
                taken=None,
                phase=Phase.CLAIMS,
                claim=ClaimWindow(seat, action.card, 0, (None,) * n),
            )
        assert state.claim is not None
        window = state.claim
        answers = _put(window.answers, seat, action)
        if window.asked + 1 < state.players - 1:
            return _evolve(state, claim=replace(window, asked=window.asked + 1, answers=answers))
        return self._reveal(state, replace(window, asked=window.asked + 1, answers=answers))

    def _reveal(self, state: PhantomState, window: ClaimWindow) -> PhantomState:
        """Every answer is in: the winning claim takes the card, the answers are
        forgotten, play goes on after the discarder."""
        won = window.winner()
        after = (window.discarder + 1) % state.players
        settled = _evolve(state, claim=None)
        if won is None:
            return self._start_turn(settled, after)
        seat, answer = won
        card = window.card
        pile = state.discards[window.discarder]
        settled = _evolve(settled, discards=_put(state.discards, window.discarder, pile[:-1]))
        hand = hand_of(state, seat)
        if isinstance(answer, ClaimGoal):
            return self._goal(
                settled, seat, tuple(sorted((*hand, card), key=_INDEX)), window.discarder
            )
        assert isinstance(answer, ClaimGain)
        gained = _evolve(
            settled,
            hands=_put(settled.hands, seat, without(hand, answer.cards)),
            hand_sizes=_put(settled.hand_sizes, seat, len(hand) - len(answer.cards)),
            opened=_put(settled.opened, seat, (*settled.opened[seat], (card, *answer.cards))),
        )
        drawn = self._draw(gained, seat)
        if drawn is None:
            return self._end_short_game(gained, None)
        return self._start_turn(drawn, after)

    def _draw(self, state: PhantomState, seat: int) -> PhantomState | None:
        """``seat`` draws two from the pile; None for a pile-out (R5)."""
        pile = _pile(state)
        if len(pile) < DRAW:
            return None
        hand = hand_of(state, seat)
        return _evolve(
            state,
            hands=_put(state.hands, seat, tuple(sorted((*hand, *pile[:DRAW]), key=_INDEX))),
            hand_sizes=_put(state.hand_sizes, seat, len(hand) + DRAW),
            pile=pile[DRAW:],
            pile_size=len(pile) - DRAW,
        )

    def _start_turn(self, state: PhantomState, seat: int) -> PhantomState:
        """``seat`` is to take; a fresh row is laid first when the row is empty,
        and a pile too short for it ends the short game (R5)."""
        state = _evolve(state, turn=seat, phase=Phase.TAKE, taken=None, claim=None)
        if state.row:
            return state
        pile = _pile(state)
        size = row_size(state.players)
        if len(pile) < size:
            return self._end_short_game(state, None)
        return _evolve(state, row=pile[:size], pile=pile[size:], pile_size=len(pile) - size)

    def _goal(
        self, state: PhantomState, seat: int, hand: tuple[Card, ...], discarder: int | None
    ) -> PhantomState:
        state = _evolve(
            state,
            hands=_put(state.hands, seat, hand),
            hand_sizes=_put(state.hand_sizes, seat, len(hand)),
        )
        sources, flips, instant, scored = score_goal(state, seat, hand, discarder is None)
        gain = sum(s.points for s in sources)
        points = [0] * state.players
        points[seat] = gain
        if state.advanced and discarder is not None:
            points[discarder] = -min(gain, state.scores[discarder])
        result = ShortGame(seat, discarder, tuple(points), sources, flips, instant, scored)
        return self._end_short_game(state, result)

    def _end_short_game(self, state: PhantomState, result: ShortGame | None) -> PhantomState:
        """Record the short game (None: a pile-out) and leave the table as it
        ended; ``_deal_next`` deals the next one unless the match is over."""
        if result is None:
            result = ShortGame(None, None, (0,) * state.players)
        scores = tuple(s + p for s, p in zip(state.scores, result.points, strict=True))
        results = (*state.results, result)
        return _evolve(
            state, scores=scores, results=results, phase=Phase.OVER, claim=None, taken=None
        )

    def _deal_next(self, state: PhantomState) -> PhantomState:
        """After a short game that did not end the match (R7: the short games
        played, the target score, the legendary Item), the next one dealt."""
        if state.phase is not Phase.OVER:
            return state
        games, target = state.match_length()
        last = state.results[-1]
        if last.instant or len(state.results) >= games or max(state.scores) >= target:
            return state
        if state.seed is None:
            raise ValueError("dealing the next short game needs the full state")
        return new_short_game(
            state.players,
            state.advanced,
            state.seed,
            state.short_game + 1,
            (state.dealer + 1) % state.players,
            state.scores,
            state.results,
        )

    def outcome(self, state: PhantomState) -> Outcome:
        if state.phase is not Phase.OVER:
            raise ValueError("the match is not over")
        scores = [float(s) for s in state.scores]
        last = state.results[-1]
        if last.instant and last.goal is not None:
            places = tuple(1 if s == last.goal else 2 for s in range(state.players))
            card = legendary_card(last)
            name = card.name if card is not None else "Item"
            detail = (
                f"{{{last.goal}}} wins at once with the legendary {name} in a group of {name}s."
            )
            return Outcome(tuple(scores), places, PhantomEnding.LEGENDARY, detail)
        games, target = state.match_length()
        reason = (
            EndReason.TARGET_SCORE if max(state.scores) >= target else EndReason.ROUNDS_COMPLETE
        )
        return Outcome.from_scores(scores, reason)

    def view(self, state: PhantomState, seat: int) -> PhantomState:
        if not 0 <= seat < state.players:
            raise ValueError(f"no seat {seat} in a {state.players}-player game")
        claim = state.claim
        if claim is not None:
            answers = tuple(a if s == seat else None for s, a in enumerate(claim.answers))
            claim = replace(claim, answers=answers)
        return _evolve(
            state,
            seed=None,
            hands=tuple(h if s == seat else None for s, h in enumerate(state.hands)),
            pile=None,
            claim=claim,
            viewer=seat,
        )

    # -- optional hooks ----------------------------------------------------
    def invariants(self, state: PhantomState) -> None:
        """Every value of its type and in range, then the rules' laws and the
        conservation of the 100 cards (where the state holds them all). Views
        pass too. AssertionError with the reason in words."""
        n = state.players
        require(_whole(n, 2, 4), "the player count is not 2, 3 or 4")
        for name in ("hands", "hand_sizes", "opened", "discards", "ready", "scores"):
            value = getattr(state, name)
            require(type(value) is tuple and len(value) == n, f"{name} is not one entry per seat")
        require(type(state.advanced) is bool, "the advanced option is not a flag")
        require(state.seed is None or _whole(state.seed, 0, 2**64), "the seed is no whole number")
        require(isinstance(state.phase, Phase), "the phase is not a phase")
        require(_whole(state.turn, 0, n - 1) and _whole(state.dealer, 0, n - 1), "seats in range")
        require(state.viewer is None or _whole(state.viewer, 0, n - 1), "the viewer is no seat")
        games, _ = state.match_length()
        require(_whole(state.short_game, 1, games), "the short game is not one of the match")
        require(all(h is None or _cards(h) for h in state.hands), "a hand holds what is not a card")
        require(all(_whole(k, 0, len(DECK)) for k in state.hand_sizes), "a hand size")
        require(_cards(state.row) and len(state.row) <= row_size(n), "the row is not cards")
        require(state.pile is None or _cards(state.pile), "the pile is not cards")
        require(_whole(state.pile_size, 0, len(DECK)), "the pile size is out of range")
        require(all(_cards(d) for d in state.discards), "a discard pile is not cards")
        require(
            all(type(o) is tuple and all(_cards(s) for s in o) for o in state.opened),
            "an open set is not cards",
        )
        require(all(type(r) is bool for r in state.ready), "ready is not a flag per seat")
        require(state.taken is None or _cards((state.taken,)), "the taken card is no card")
        require(all(_whole(v, 0, 10**6) for v in state.scores), "a score is out of range")
        require(
            type(state.results) is tuple
            and all(isinstance(r, ShortGame) and len(r.points) == n for r in state.results),
            "the results are not short games",
        )
        if state.claim is not None:
            claim = state.claim
            require(
                isinstance(claim, ClaimWindow)
                and _whole(claim.discarder, 0, n - 1)
                and _cards((claim.card,))
                and _whole(claim.asked, 0, n - 2)
                and type(claim.answers) is tuple
                and len(claim.answers) == n
                and all(a is None or isinstance(a, ANSWER_CLASSES) for a in claim.answers),
                "the claim window is malformed",
            )
        require(len(state.results) in (state.short_game - 1, state.short_game), "results kept")
        for hand, size in zip(state.hands, state.hand_sizes, strict=True):
            require(hand is None or (len(hand) == size and list(hand) == _sorted(hand)), "hands")
        require(state.pile is None or len(state.pile) == state.pile_size, "pile size")
        require(all(s >= 0 for s in state.scores), "scores are never negative")
        for laid in state.opened:
            require(all(is_big_set(s) for s in laid), "open sets are big sets")
        if state.phase is not Phase.OVER:
            for seat in range(n):
                extra = 1 if seat == state.turn and state.phase is Phase.ACT else 0
                require(state.hand_sizes[seat] == HAND_SIZE + extra, "seven between turns")
        require(
            (state.claim is not None) == (state.phase is Phase.CLAIMS), "a claim window in claims"
        )
        require((state.taken is not None) == (state.phase is Phase.ACT), "a take in the act phase")
        if state.phase is Phase.TAKE:
            require(bool(state.row), "a row to take from")
        if state.claim is not None:
            claim = state.claim
            require(claim.discarder == state.turn, "the discarder's turn")
            require(0 <= claim.asked < n - 1, "someone is being asked")
            require(state.discards[claim.discarder][-1:] == (claim.card,), "the discard on top")
            asked = set(claim.order()[: claim.asked])
            require(
                all(a is None for s, a in enumerate(claim.answers) if s not in asked),
                "only seats already asked have answered",
            )
        if state.pile is not None and all(h is not None for h in state.hands):
            every = [c for h in state.hands for c in (h or ())] + list(state.pile)
            every += list(state.row) + [c for d in state.discards for c in d]
            every += [c for seat in range(n) for c in state.open_cards(seat)]
            require(sorted(c.index for c in every) == _DECK_INDICES, "the 100 cards are conserved")

    def deal_summary(
        self, before: PhantomState, action: PhantomAction, after: PhantomState
    ) -> DealSummary | None:
        """A short game ended (a goal or a pile-out): each seat's points in it
        and its match total, the goal's sources, and who deals next; its
        ``position`` is the table as that short game ended (phase OVER), not
        the next deal."""
        if len(after.results) == len(before.results):
            return None
        result = after.results[-1]
        number = len(after.results)
        points = result.points
        if after.phase is Phase.OVER:
            places = self.outcome(after).places  # a legendary win ranks its winner first
        else:
            places = tuple(1 + sum(1 for t in after.scores if t > mine) for mine in after.scores)
        rows = tuple(
            sorted(
                (
                    SummaryRow(
                        seat,
                        places[seat],
                        (str(after.scores[seat]), f"{points[seat]:+d}" if points[seat] else "0"),
                    )
                    for seat in range(after.players)
                ),
                key=lambda row: (row.place, row.seat),
            )
        )
        note = goal_words(result, f"{{{result.goal}}}")
        if result.discarder is not None and points[result.discarder] < 0:
            note += (
                f" {{{result.discarder}}} discarded the card and pays {-points[result.discarder]}."
            )
        if after.phase is not Phase.OVER:
            note += f" Short game {after.short_game}: {{{after.dealer}}} deals and plays first."
        # the table as the short game ended, not the next deal
        position = after if after.phase is Phase.OVER else self._play(before, action)
        return DealSummary(
            f"Short game {number}",
            ("match", "this game"),
            rows,
            note,
            position=position,
            sheet=score_sheet(after),
        )

    def score_sheet(self, state: PhantomState) -> ScoreSheet:
        """The match's score sheet: by short game, a row per source of points
        named by its card ("Short game 2: red Sword 3", "... · condition: two
        types at most", "the legendary Crown wins the match"), the bonus
        check's hits and misses, a discarder's penalty, a pile-out's noughts.
        The totals are the match totals (``state.scores``), at the end
        ``outcome(state).scores``; after a legendary win the line under the
        sheet says the totals did not decide."""
        return score_sheet(state)

    def undo_barrier(
        self, before: PhantomState, action: PhantomAction, after: PhantomState
    ) -> bool:
        """A move that drew from the pile (two after an opening or a gain, a
        fresh row, the bonus check, a new deal) showed cards nobody knew."""
        return (
            after.pile_size != before.pile_size
            or len(after.results) != len(before.results)
            or after.short_game != before.short_game
        )

    def reveals(
        self, before: PhantomState, action: PhantomAction, after: PhantomState, seat: int
    ) -> bool:
        """Another seat's move shows ``seat`` something, except a sealed answer
        that is not the last one (the reveal shows who took the card)."""
        mover = self.to_move(before)
        if mover == seat:
            return False
        if isinstance(action, (ClaimGoal, ClaimGain, Pass)):
            return after.claim is None
        return True

    def golden_cut(self, state: PhantomState) -> bool:
        """Where a golden playthrough stops (tools/golden.py): a match runs to
        a thousand actions or more, so its file is the first short game, to
        its goal (the scoring and the bonus check) or its pile-out, and the
        next deal."""
        return len(state.results) >= 1

    def forced_answer(self, view: PhantomState) -> PhantomAction | None:
        """The answer the seat of ``view`` must give out of turn when it has
        no choice: Pass on a discard it can claim nothing of (ruling R4);
        otherwise None. The frame gives it without a prompt only where no
        other person could see it (one person at the table)."""
        if view.phase is not Phase.CLAIMS:
            return None
        legal = self.legal_actions(view)
        return legal[0] if legal == [Pass()] else None

    def describe(self, state: PhantomState) -> str:
        games, target = state.match_length()
        lines = [
            f"Phantom Rummy, {state.players} players{', advanced' if state.advanced else ''}: "
            f"short game {state.short_game} of {games}, target {target}, pile {state.pile_size}"
        ]
        for s in range(state.players):
            hand = state.hands[s]
            shown = "?" if hand is None else " ".join(map(str, hand))
            sets = " ".join("+".join(map(str, laid)) for laid in state.opened[s]) or "-"
            flags = " ready" if state.ready[s] else ""
            lines.append(
                f"P{s + 1} {state.scores[s]:>3}{flags}  {shown}  open: {sets}  "
                f"discards: {' '.join(map(str, state.discards[s])) or '-'}"
            )
        lines.append("row " + (" ".join(map(str, state.row)) or "-"))
        if state.phase is Phase.OVER:
            lines.append(f"over: {self.outcome(state).words}")
        elif state.phase is Phase.CLAIMS:
            assert state.claim is not None
            lines.append(
                f"P{state.turn + 1} discarded {state.claim.card}; "
                f"P{state.claim.asking() + 1} is asked"
            )
        else:
            lines.append(f"P{state.turn + 1} to {state.phase.value}")
        return "\n".join(lines)

    def log_line(
        self,
        before: PhantomState,
        action: PhantomAction,
        after: PhantomState,
        names: Sequence[str],
    ) -> str:
        """A sealed answer before the last one has no line (the log skips it);
        the last one's line is the discard's outcome: who took the card and how
        ("Cleo claims Basil's Moon 5 for a gain: Moon 5-5-5"), or "Nobody
        claims Basil's Moon 7.". A fresh row laid after the move is named at
        the end ("A fresh row: Sword 2, red Moon 4, Crown.")."""
        line = self._action_words(before, action, after, names)
        fresh = (
            after.row
            and len(after.results) == len(before.results)
            and not set(after.row) & set(before.row)
        )
        if line and fresh:
            line += " A fresh row: " + ", ".join(c.title for c in after.row) + "."
        return line

    def _action_words(
        self,
        before: PhantomState,
        action: PhantomAction,
        after: PhantomState,
        names: Sequence[str],
    ) -> str:

        def name(s: int) -> str:
            return names[s] if 0 <= s < len(names) else f"Player {s + 1}"

        seat = self.to_move(before)
        assert seat is not None
        who = name(seat)
        if isinstance(action, Take):
            return f"{who} takes {action.card.title}."
        if isinstance(action, Open):
            ended = _result_words(before, after, name)
            if ended:  # the pile could not give the two cards
                return f"{who} opens {set_words(action.cards)}. {ended}"
            return f"{who} opens {set_words(action.cards)} and draws two."
        if isinstance(action, Ready):
            return f"{who} discards {action.card.title} and says ready."
        if isinstance(action, Discard):
            return f"{who} discards {action.card.title}."
        if isinstance(action, Goal):
            return f"{who} calls a goal. {_result_words(before, after, name)}".strip()
        window = before.claim
        assert window is not None
        if window.asked + 1 < before.players - 1:
            return ""  # sealed: the last answer's line tells the outcome
        parts: list[str] = []
        full = replace(window, answers=_put(window.answers, seat, action))
        won = full.winner()
        owner = name(window.discarder)
        card = window.card.title
        if won is None:
            parts.append(f"Nobody claims {owner}'s {card}.")
        elif isinstance(won[1], ClaimGoal):
            parts.append(f"{name(won[0])} claims {owner}'s {card} for a goal.")
            parts.append(_result_words(before, after, name))
        else:
            gain = won[1]
            assert isinstance(gain, ClaimGain)
            laid = set_words((window.card, *gain.cards))
            parts.append(f"{name(won[0])} claims {owner}'s {card} for a gain: {laid}.")
        if won is None or not isinstance(won[1], ClaimGoal):
            parts.append(_result_words(before, after, name))
        return " ".join(p for p in parts if p)


def _result_words(before: PhantomState, after: PhantomState, name: Any) -> str:
    """The short game's result once a goal or a pile-out ended it."""
    if len(after.results) <= len(before.results):
        return ""
    result = after.results[len(before.results)]
    if result.goal is None:
        return goal_words(result, "")
    words = goal_words(result, name(result.goal))
    words += f" Bonus check: {bonus_words(result)}."
    if result.discarder is not None and result.points[result.discarder] < 0:
        words += f" {name(result.discarder)} pays {-result.points[result.discarder]}."
    return words


# -- what a seat cannot see ------------------------------------------------------------


def unseen_cards(view: PhantomState, seat: int) -> list[Card]:
    """The cards ``seat`` cannot see: the other hands and the pile, in deck order."""
    mine = view.hands[seat]
    if mine is None:
        raise ValueError(f"seat {seat}'s view does not show its own hand")
    seen = {c.index for c in mine} | {c.index for c in view.row}
    seen |= {c.index for d in view.discards for c in d}
    seen |= {c.index for s in range(view.players) for c in view.open_cards(s)}
    return [c for c in DECK if c.index not in seen]


def determinize(view: PhantomState, seat: int, rng: Random) -> PhantomState:
    """A full state consistent with what ``seat`` knows: its own hand and the
    table kept; the unseen cards dealt afresh to the other hands (by their
    sizes) and the pile; a random seed for later deals (the real one is
    secret); and the sealed answers of the seats already asked read as Pass
    (nothing the view holds about them is read). Written beside ``view``, so
    the bot imports it from here."""
    mine = view.hands[seat]
    if mine is None:
        raise ValueError(f"seat {seat}'s view does not show its own hand")
    hands, rest = deal_unseen(unseen_cards(view, seat), view.hand_sizes, seat, mine, rng)
    pile = tuple(rest)
    if len(pile) != view.pile_size:
        raise ValueError(f"the view leaves {len(pile)} cards for the pile, not {view.pile_size}")
    claim = view.claim
    if claim is not None:
        asked = set(claim.order()[: claim.asked])
        answers = tuple(
            claim.answers[s] if s == seat else (Pass() if s in asked else None)
            for s in range(view.players)
        )
        claim = replace(claim, answers=answers)
    return _evolve(
        view,
        seed=rng.getrandbits(62),
        hands=hands,
        pile=pile,
        claim=claim,
        viewer=None,
    )


RULES = PhantomRules()


# -- what the entry takes from the rules ------------------------------------------------

#: how often sample_action picks uniformly among the legal actions; otherwise
#: it picks among those that leave the hand nearest a goal
UNIFORM = 0.1


def sample_action(state: PhantomState, rng: Random) -> PhantomAction:
    """A random legal action for playouts (the harness, the bench's random
    games): a goal whenever one is offered; otherwise one chosen uniformly
    (one time in ten) or among the actions that leave the mover's hand
    nearest a goal (its distance, an opening, a gain or a ready counted half
    a card nearer). Uniform play almost never scores: every short game ran
    the pile out after 200-270 actions, and the scoring paths went untried."""
    legal = RULES.legal_actions(state)
    for action in legal:
        if isinstance(action, (Goal, ClaimGoal)):
            return action
    if len(legal) == 1 or rng.random() < UNIFORM:
        return legal[rng.randrange(len(legal))]
    seat = RULES.to_move(state)
    assert seat is not None
    hand = state.hands[seat]
    assert hand is not None
    opened = bool(state.opened[seat])
    scores = [_nearness(hand, opened, action) for action in legal]
    best = min(scores)
    choices = [a for a, s in zip(legal, scores, strict=True) if s == best]
    return choices[rng.randrange(len(choices))]


def _nearness(hand: tuple[Card, ...], opened: bool, action: PhantomAction) -> float:
    """How far from a goal ``action`` leaves ``hand`` (see sample_action)."""
    if isinstance(action, Take):
        return distance_to_goal((*hand, action.card), opened).cards
    if isinstance(action, (Discard, Ready)):
        kept = [c for c in hand if c != action.card]
        return distance_to_goal(kept, opened).cards - (0.5 if isinstance(action, Ready) else 0)
    if isinstance(action, (Open, ClaimGain)):
        kept = [c for c in hand if c not in action.cards]
        return distance_to_goal(kept, True).cards - 0.5
    return distance_to_goal(hand, opened).cards
