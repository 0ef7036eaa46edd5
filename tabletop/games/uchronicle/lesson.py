"""The checks of Uchronicle's first lesson (lesson.toml): the standard game.

Each step that asks for a move takes one card of the fixed deal and its
first chip, the cheapest way the rules offer to make it win (``legal_actions``
lists a card's ways cheapest first; the table shows them as chips in that
order). A step's claims are checked against the rules: their legal actions,
their ``check`` and the cards a move takes (``taken_cards``). The helpers
here serve the expert lesson too (lesson_expert.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tabletop.core.lesson import StepHooks
from tabletop.core.words import plural
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.model import (
    SUIT_COLOURS,
    SUIT_LETTERS,
    Card,
    Declare,
    Pick,
    Play,
    RulesState,
    UchronicleAction,
    UchronicleState,
    cards_text,
    parse_card,
)
from tabletop.games.uchronicle.rules import RULES, taken_cards

#: the person's seat, and the bots' in the lesson's files
YOU, BASIL, CLEO = 0, 1, 2

Claims = list[str]


# -- the rules, asked -------------------------------------------------------------------------


def plays_of(state: UchronicleState, card: Card) -> list[UchronicleAction]:
    """The rules' legal actions for ``card``: its chips, cheapest first."""
    return [a for a in RULES.legal_actions(state) if a.card == card]


def cost(state: UchronicleState, action: UchronicleAction) -> int:
    """The negative points ``action`` takes (the cards it removes)."""
    return len(taken_cards(state, action))


def nothing(state: UchronicleState) -> Declare | Pick:
    """The removal of no card, of the game's kind."""
    return Pick() if state.expert else Declare()


def as_they_stand(state: UchronicleState, card: Card) -> Play:
    """``card`` played keeping the rules and removing nothing."""
    return Play(card, state.rules, nothing(state))


def first_chip(card: Card) -> Callable[[UchronicleState], UchronicleAction]:
    """A step's move: ``card`` with its first chip. When the position is not
    the lesson's (the card cannot win), the card as the rules stand, which
    the rules refuse with their reason."""

    def solve(state: UchronicleState) -> UchronicleAction:
        plays = plays_of(state, card)
        return plays[0] if plays else as_they_stand(state, card)

    return solve


def cheapest(state: UchronicleState) -> UchronicleAction:
    """The cheapest legal action of the seat to move (the first of equals)."""
    return min(RULES.legal_actions(state), key=lambda a: cost(state, a))


def only(
    card: Card, other_card: str, other_chip: str
) -> Callable[[UchronicleState, Any], str | None]:
    """A step's accept: ``card``'s first chip, else why not in the player's
    words (``other_card`` for another card, ``other_chip`` for another chip)."""

    def accept(state: UchronicleState, action: Any) -> str | None:
        if action == first_chip(card)(state):
            return None
        return other_chip if getattr(action, "card", None) == card else other_card

    return accept


def card_step(
    card: Card,
    *,
    claims: Callable[[UchronicleState], Claims],
    other_card: str,
    other_chip: str,
    wrong: Callable[[UchronicleState], UchronicleAction],
    words: Callable[[UchronicleState], dict[str, str]] | None = None,
) -> StepHooks:
    """A step that asks for ``card`` with its first chip: accepted only so
    (:func:`only`: ``other_card`` and ``other_chip`` say why not), solved
    with :func:`first_chip`, performed by picking the card and playing it,
    and ``wrong`` the newcomer's other try its test makes."""
    return StepHooks(
        words=words,
        claims=claims,
        accept=only(card, other_card, other_chip),
        solve=first_chip(card),
        perform=pick_and_play(card),
        wrong=wrong,
    )


def dearer(card: Card) -> Callable[[UchronicleState], UchronicleAction]:
    """A step's wrong move: ``card`` with its first chip that costs more than its first."""

    def wrong(state: UchronicleState) -> UchronicleAction:
        plays = plays_of(state, card)
        least = cost(state, plays[0]) if plays else 0
        return next((a for a in plays if cost(state, a) > least), first_chip(card)(state))

    return wrong


def cannot_win_as_they_stand(state: UchronicleState) -> UchronicleAction:
    """A step's wrong move: a card of the hand played keeping the rules when
    the rules say it does not win that way (their ``check`` says why)."""
    hand = state.hands[YOU] or ()
    return next(
        (
            as_they_stand(state, c)
            for c in hand
            if RULES.check(state, as_they_stand(state, c)) is not None
        ),
        as_they_stand(state, hand[0]) if hand else Play(Card(0, 1), state.rules),
    )


# -- words --------------------------------------------------------------------------------------


def colour(card: Card) -> str:
    return SUIT_COLOURS[card.suit]


def suit_name(suit: int | None) -> str:
    return "no suit" if suit is None else f"{SUIT_LETTERS[suit]} ({SUIT_COLOURS[suit]})"


def rank_word(rules: RulesState) -> str:
    return "higher" if rules.higher else "lower"


def cards_words(cards: Sequence[Card]) -> str:
    return cards_text(cards).replace("+", ", ") if cards else "no card"


# -- claims ---------------------------------------------------------------------------------------


def claim(holds: bool, words: str) -> Claims:
    """``[words]`` when the claim does not hold."""
    return [] if holds else [words]


def in_hand(state: UchronicleState, card: Card) -> Claims:
    return claim(card in (state.hands[YOU] or ()), f"{card} is not in your hand")


def your_turn(state: UchronicleState) -> Claims:
    return claim(state.turn == YOU, "it is not your turn")


def free_keeping(state: UchronicleState, card: Card) -> Claims:
    """``card``'s first chip keeps the rules and removes nothing."""
    plays = plays_of(state, card)
    return claim(
        bool(plays) and plays[0].rules == state.rules and cost(state, plays[0]) == 0,
        f"{card}'s first chip does not win as the rules stand, for nothing",
    )


def none_wins_as_they_stand(state: UchronicleState) -> Claims:
    hand = state.hands[YOU] or ()
    return [
        f"{c} wins as the rules stand"
        for c in hand
        if RULES.check(state, as_they_stand(state, c)) is None
    ]


def each_costs(state: UchronicleState) -> Claims:
    """Every legal action takes at least one card."""
    free = [a for a in RULES.legal_actions(state) if cost(state, a) == 0]
    return [f"{free[0]} costs nothing"] if free else []


def trick_is(state: UchronicleState, *played: tuple[str, int]) -> Claims:
    """The present trick holds these cards, by these seats, in this order."""
    shown = tuple((p.card, p.seat) for p in state.trick)
    wanted = tuple((parse_card(c), seat) for c, seat in played)
    return claim(shown == wanted, f"the present trick is {shown}, not {wanted}")


def wins_trick(state: UchronicleState) -> Claims:
    """The last card of the present trick is its strongest (U2) and every
    trick agrees with the rules (U3)."""
    trick = state.trick
    order = solver.strength_order(trick, state.rules)
    return claim(
        bool(trick) and order[0] == trick[-1].card, "the last card does not win the trick"
    ) + claim(
        solver.consistent((*state.tricks, trick), state.rules),
        "a trick does not agree with the rules",
    )


# -- the person's input ----------------------------------------------------------------------------


def click(pos: tuple[int, int] | None) -> list[Any]:
    """A person's click at ``pos``: move, press, release (none when there is no place)."""
    if pos is None:
        return []
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def point_at(pos: tuple[int, int] | None) -> list[Any]:
    if pos is None:
        return []
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]


def pick(card: Card) -> Callable[[Any], list[Any]]:
    """Click ``card`` in the hand (it is picked, its chips show)."""
    return lambda scene: click(scene.table.card_point(card))


def pick_and_play(card: Card) -> Callable[[Any], list[Any]]:
    """Click ``card`` in the hand, then Play: its first chip is played."""
    return lambda scene: (
        click(scene.table.card_point(card)) + click(scene.table.play_button.rect.center)
    )


def chip_centre(scene: Any, card: Card, index: int) -> tuple[int, int] | None:
    """The middle of ``card``'s chip ``index`` on show (the card is picked)."""
    if scene.table.local.selected != card:
        return None
    rect = scene.table.locate(f"chip:{card}:{index}")
    return rect.center if rect is not None else None


# -- the lesson's steps --------------------------------------------------------------------------

FREE, LEAD, CHANGE, PICKED = (parse_card(c) for c in ("A4", "D1", "C6", "A2"))


def _board(state: UchronicleState) -> dict[str, str]:
    return {"rules": state.rules.words(), "rank": rank_word(state.rules)}


def _board_claims(state: UchronicleState) -> Claims:
    return claim(not state.tricks and not state.trick, "cards were played already") + claim(
        state.turn == BASIL, "Basil does not lead the first trick"
    )


def _first_trick(state: UchronicleState) -> dict[str, str]:
    trick = state.trick
    return {
        "first": str(trick[0].card) if trick else "",
        "top": str(trick[-1].card) if trick else "",
        "rules": state.rules.words(),
    }


def _first_trick_claims(state: UchronicleState) -> Claims:
    trick = state.trick
    out = trick_is(state, ("A1", BASIL), ("A3", CLEO)) + wins_trick(state) + your_turn(state)
    if len(trick) == 2:
        first, top = trick[0].card, trick[1].card
        out += claim(first.suit == top.suit, "the two cards are not of one suit")
        out += claim(state.rules.trump_suit != top.suit, "the suit is trump: not 'the same suit'")
    return out


def _free(state: UchronicleState) -> dict[str, str]:
    return {"card": str(FREE), "top": str(state.trick[-1].card), "rank": rank_word(state.rules)}


def _free_claims(state: UchronicleState) -> Claims:
    top = state.trick[-1].card
    beats = FREE.rank > top.rank if state.rules.higher else FREE.rank < top.rank
    return (
        in_hand(state, FREE)
        + free_keeping(state, FREE)
        + claim(FREE.suit == top.suit and beats, f"{FREE} is not the same suit and a better rank")
    )


def _history_claims(state: UchronicleState) -> Claims:
    return claim(len(state.tricks) == 1, "trick 1 is not the only past trick") + claim(
        solver.consistent(state.tricks, state.rules), "trick 1 does not agree with the rules"
    )


def _lead_claims(state: UchronicleState) -> Claims:
    return (
        your_turn(state)
        + claim(not state.trick and state.lead == YOU, "you do not lead an empty trick")
        + in_hand(state, LEAD)
        + free_keeping(state, LEAD)
    )


def _answers_claims(state: UchronicleState) -> Claims:
    order = [(state.lead + k) % state.players for k in range(state.players)]
    return trick_is(state, (str(LEAD), YOU)) + claim(order[-1] == CLEO, "Cleo does not play last")


def _change(state: UchronicleState) -> dict[str, str]:
    return {
        "trump": suit_name(state.rules.trump_suit),
        "top": str(state.trick[-1].card) if state.trick else "",
        "card": str(CHANGE),
        "suit": suit_name(CHANGE.suit),
    }


def _change_claims(state: UchronicleState) -> Claims:
    out = your_turn(state) + in_hand(state, CHANGE) + none_wins_as_they_stand(state)
    trick = state.trick
    out += claim(
        bool(trick) and trick[-1].seat == CLEO and state.rules.trump_suit is not None,
        "Cleo did not set a trump suit",
    )
    plays = plays_of(state, CHANGE)
    out += claim(
        bool(plays) and plays[0].rules.trump_suit == CHANGE.suit and cost(state, plays[0]) == 0,
        f"{CHANGE}'s first chip does not make its suit trump for nothing",
    )
    out += claim(
        len(state.tricks) == 2 and all(len({p.card.suit for p in t}) == 1 for t in state.tricks),
        "tricks 1 and 2 do not each hold one suit",
    )
    return out


def _cost(state: UchronicleState) -> dict[str, str]:
    return {"points": plural(state.points[BASIL], "point")}


def _cost_claims(state: UchronicleState) -> Claims:
    removed = state.removed or ((),) * state.players
    history = [p.card for t in (*state.tricks, state.trick) for p in t]
    return claim(removed[BASIL] == (CHANGE,), f"Basil did not remove {CHANGE}") + claim(
        CHANGE not in history and state.points[BASIL] == 1, f"{CHANGE} is still in the history"
    )


def _pick(state: UchronicleState) -> dict[str, str]:
    return {"card": str(PICKED)}


def _pick_claims(state: UchronicleState) -> Claims:
    return your_turn(state) + in_hand(state, PICKED) + each_costs(state)


def _chips_claims(state: UchronicleState) -> Claims:
    return claim(len(plays_of(state, PICKED)) >= 2, f"{PICKED} has no second chip")


def _cheapest(state: UchronicleState) -> dict[str, str]:
    first = first_chip(PICKED)(state)
    taken = taken_cards(state, first) if RULES.check(state, first) is None else ()
    return {
        "card": str(PICKED),
        "taken": cards_words(taken),
        "points": plural(len(taken), "point"),
        "suit": suit_name(first.rules.trump_suit),
    }


def _cheapest_claims(state: UchronicleState) -> Claims:
    plays = plays_of(state, PICKED)
    if not plays:
        return [f"{PICKED} cannot win"]
    costs = [cost(state, a) for a in plays]
    return (
        claim(costs[0] == min(costs) and costs[0] > 0, "the first chip is not the cheapest")
        + claim(plays[0].rules.trump_suit == PICKED.suit, "the first chip does not make A trump")
        + claim(any(c > costs[0] for c in costs), "no chip costs more than the first")
    )


def _round_over(state: UchronicleState) -> dict[str, str]:
    cards = state.results_cards[0][YOU] if state.results_cards else ()
    return {"mine": plural(len(cards), "card"), "points": plural(len(cards), "negative point")}


def _round_over_claims(state: UchronicleState) -> Claims:
    return claim(
        len(state.results) == 1 and state.round == 2 and state.rounds == 3,
        "round 1 is not the only one over, or the game is not three rounds",
    ) + claim(
        bool(state.results_cards)
        and len(state.results_cards[0][YOU]) == state.results[0][YOU] == state.totals[YOU],
        "your points are not the cards you took",
    )


def _round_ended(state: UchronicleState) -> bool:
    return len(state.results) >= 1


HOOKS = {
    "board": StepHooks(words=_board, claims=_board_claims),
    "watch": StepHooks(claims=_board_claims),
    "first-trick": StepHooks(words=_first_trick, claims=_first_trick_claims),
    "free": card_step(
        FREE,
        words=_free,
        claims=_free_claims,
        other_card=f"this step asks for {FREE}, which wins with the rules as they are.",
        other_chip=f"keep the rules for now: play {FREE} with its first chip, the free one.",
        wrong=cannot_win_as_they_stand,
    ),
    "history": StepHooks(claims=_history_claims),
    "lead": card_step(
        LEAD,
        words=lambda state: {"card": str(LEAD)},
        claims=_lead_claims,
        other_card=f"this step asks you to lead {LEAD}.",
        other_chip=(
            "that chip removes cards, each a negative point, for nothing: an empty "
            "trick is won free. Play the first chip."
        ),
        wrong=dearer(LEAD),
    ),
    "answers": StepHooks(words=lambda state: {"card": str(LEAD)}, claims=_answers_claims),
    "change": card_step(
        CHANGE,
        words=_change,
        claims=_change_claims,
        other_card=f"this step asks for {CHANGE}, which wins by making its suit trump.",
        other_chip=(
            f"this step asks for {CHANGE}'s first chip: it makes {CHANGE.letter} trump for nothing."
        ),
        wrong=lambda state: as_they_stand(state, CHANGE),
    ),
    "basil": StepHooks(
        words=lambda state: {"card": str(CHANGE)},
        claims=lambda state: trick_is(state, ("E3", CLEO), (str(CHANGE), YOU)),
    ),
    "cost": StepHooks(words=_cost, claims=_cost_claims),
    "pick": StepHooks(words=_pick, claims=_pick_claims, perform=pick(PICKED)),
    "chips": StepHooks(
        words=_pick,
        claims=_chips_claims,
        perform=lambda scene: point_at(chip_centre(scene, PICKED, 1)),
    ),
    "cheapest": StepHooks(
        words=_cheapest,
        claims=_cheapest_claims,
        accept=only(
            PICKED,
            f"this step asks for {PICKED}, with its cheapest chip.",
            "that chip removes more cards than the first, and each is a negative point.",
        ),
        solve=first_chip(PICKED),
        perform=lambda scene: click(chip_centre(scene, PICKED, 0)),
        wrong=dearer(PICKED),
    ),
    "play-on": StepHooks(until=_round_ended, solve=cheapest),
    "round-over": StepHooks(words=_round_over, claims=_round_over_claims),
}
