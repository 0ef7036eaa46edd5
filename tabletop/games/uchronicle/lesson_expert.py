"""The checks of Uchronicle's second lesson (lesson-expert.toml): the expert game.

As in the first lesson (lesson.py, whose helpers these steps share), each
move a step asks for is one card of the fixed deal with its first chip, and
every claim is checked against the rules: their legal actions, their
``check`` and the cards a move takes.
"""

from __future__ import annotations

from typing import Any

from tabletop.core.lesson import StepHooks
from tabletop.core.words import plural
from tabletop.games.uchronicle import solver
from tabletop.games.uchronicle.lesson import (
    BASIL,
    CLEO,
    YOU,
    Claims,
    as_they_stand,
    card_step,
    cards_words,
    claim,
    cost,
    dearer,
    first_chip,
    in_hand,
    none_wins_as_they_stand,
    plays_of,
    point_at,
    suit_name,
    trick_is,
    wins_trick,
    your_turn,
)
from tabletop.games.uchronicle.model import (
    Pick,
    Play,
    UchronicleAction,
    UchronicleState,
    parse_card,
)
from tabletop.games.uchronicle.rules import RULES, taken_cards

RANK, LEAD, OWN, DIMMED, CHEAPEST = (parse_card(c) for c in ("D3", "B2", "A1", "C2", "E4"))


def _board(state: UchronicleState) -> dict[str, str]:
    rules = state.rules
    return {"rules": rules.words() + (", no trump rank" if rules.trump_rank is None else "")}


def _board_claims(state: UchronicleState) -> Claims:
    return (
        claim(state.expert, "this is not the expert game")
        + claim(not state.tricks and not state.trick, "cards were played already")
        + claim(state.turn == BASIL, "Basil does not lead the first trick")
    )


def _first_trick(state: UchronicleState) -> dict[str, str]:
    trick = state.trick
    return {
        "first": str(trick[0].card) if trick else "",
        "top": str(trick[-1].card) if trick else "",
        "suit": suit_name(state.rules.trump_suit),
    }


def _first_trick_claims(state: UchronicleState) -> Claims:
    out = trick_is(state, ("B4", BASIL), ("A4", CLEO)) + wins_trick(state) + your_turn(state)
    rules = state.rules
    if len(state.trick) == 2:
        first, top = state.trick[0].card, state.trick[1].card
        out += claim(
            rules.trump_suit == top.suit != first.suit and rules.trump_rank != top.rank,
            f"{top} does not win as a trump",
        )
    return out


def _rank(state: UchronicleState) -> dict[str, str]:
    return {"top": str(state.trick[-1].card), "card": str(RANK), "rank": str(RANK.rank)}


def _rank_claims(state: UchronicleState) -> Claims:
    out = your_turn(state) + in_hand(state, RANK) + none_wins_as_they_stand(state)
    plays = plays_of(state, RANK)
    top = state.trick[-1].card if state.trick else None
    out += claim(
        bool(plays)
        and plays[0].rules.trump_rank == RANK.rank
        and plays[0].rules.trump_suit == state.rules.trump_suit == getattr(top, "suit", None)
        and cost(state, plays[0]) == 0,
        f"{RANK}'s first chip does not make {RANK.rank} the trump rank for nothing",
    )
    return out


def _removal_claims(state: UchronicleState) -> Claims:
    return claim(len(state.tricks) == 1 and not state.trick, "trick 1 is not over")


def _lead_claims(state: UchronicleState) -> Claims:
    plays = plays_of(state, LEAD)
    return (
        your_turn(state)
        + claim(not state.trick and state.lead == YOU, "you do not lead an empty trick")
        + in_hand(state, LEAD)
        + claim(bool(plays) and cost(state, plays[0]) == 0, f"leading {LEAD} is not free")
    )


def _answers_claims(state: UchronicleState) -> Claims:
    order = [(state.lead + k) % state.players for k in range(state.players)]
    return trick_is(state, (str(LEAD), YOU)) + claim(order[-1] == CLEO, "Cleo does not play last")


def _own_card(state: UchronicleState) -> dict[str, str]:
    old = state.tricks[0][-1].card if state.tricks and state.tricks[0] else None
    beater = state.tricks[0][-2].card if state.tricks and len(state.tricks[0]) > 1 else None
    return {
        "top": str(state.trick[-1].card) if state.trick else "",
        "rank": str(state.rules.trump_rank),
        "card": str(OWN),
        "old": str(old),
        "beater": str(beater),
    }


def _own_card_claims(state: UchronicleState) -> Claims:
    out = your_turn(state) + in_hand(state, OWN)
    trick = state.trick
    top = trick[-1].card if trick else None
    rules = state.rules
    out += claim(
        len(trick) == 1
        and trick[0].seat == CLEO
        and top is not None
        and top.rank == rules.trump_rank,
        "Cleo's card is not of the trump rank",
    )
    out += claim(
        OWN.suit == rules.trump_suit and RULES.check(state, as_they_stand(state, OWN)) is not None,
        f"{OWN} is no trump that loses as the rules stand",
    )
    plays = plays_of(state, OWN)
    first = plays[0] if plays else None
    trick_1 = state.tricks[0] if state.tricks else ()
    out += claim(
        isinstance(first, Play)
        and first.rules.trump_rank is None
        and taken_cards(state, first) == (trick_1[-1].card,)
        and trick_1[-1].seat == YOU,
        f"{OWN}'s first chip does not drop the trump rank for your card in trick 1",
    )
    if isinstance(first, Play) and len(trick_1) > 1:
        kept = tuple(p.card for p in trick_1)
        out += claim(
            solver.strength_order(kept, first.rules)[0] == trick_1[-2].card,
            "your card in trick 1 would not lose to the card before it",
        )
    return out


def _present_card(state: UchronicleState) -> Pick:
    """A removal of the present trick's first card (the rules refuse it)."""
    return Pick((state.trick[0].card,)) if state.trick else Pick()


def _wrong_own(state: UchronicleState) -> UchronicleAction:
    """A newcomer's try: keep the trump rank and remove Cleo's card of it
    from the present trick instead."""
    return Play(OWN, state.rules, _present_card(state))


def _answers_2_claims(state: UchronicleState) -> Claims:
    trick = state.trick
    return claim(
        len(trick) == 2 and trick[-1].card == OWN and trick[-1].seat == YOU,
        f"you did not just play {OWN}",
    ) + claim(trick[0].seat == CLEO if trick else False, "Cleo did not lead trick 3")


def _dimmed(state: UchronicleState) -> dict[str, str]:
    return {"card": str(DIMMED), "present": cards_words([p.card for p in state.trick])}


def _dimmed_claims(state: UchronicleState) -> Claims:
    return (
        your_turn(state)
        + in_hand(state, DIMMED)
        + claim(not plays_of(state, DIMMED), f"{DIMMED} can win")
        + claim(len(state.trick) == 2, "the present trick does not hold two cards")
        + claim(bool(RULES.legal_actions(state)), "no card can win")
    )


def _cheapest(state: UchronicleState) -> dict[str, str]:
    first = first_chip(CHEAPEST)(state)
    taken = taken_cards(state, first) if RULES.check(state, first) is None else ()
    return {
        "card": str(CHEAPEST),
        "taken": cards_words(taken),
        "points": plural(len(taken), "point"),
    }


def _cheapest_claims(state: UchronicleState) -> Claims:
    legal = RULES.legal_actions(state)
    plays = plays_of(state, CHEAPEST)
    if not plays or not legal:
        return [f"{CHEAPEST} cannot win"]
    least = cost(state, plays[0])
    others = [cost(state, a) for a in legal if a.card != CHEAPEST]
    return claim(least > 0, f"{CHEAPEST} is free") + claim(
        all(c > least for c in others), f"another card costs no more than {CHEAPEST}"
    )


def _dearer_card(state: UchronicleState) -> UchronicleAction:
    """A newcomer's try: another card's first chip, which costs more."""
    others = [a for a in RULES.legal_actions(state) if a.card != CHEAPEST]
    return others[0] if others else dearer(CHEAPEST)(state)


def _done_claims(state: UchronicleState) -> Claims:
    return claim(state.expert and state.rounds == 3, "this is not a three-round expert game")


def _hover_dimmed(scene: Any) -> list[Any]:
    rect = scene.table.card_rect(DIMMED)
    point = scene.table.card_point(DIMMED)
    return point_at(point if point is not None else (rect.center if rect else None))


HOOKS = {
    "board": StepHooks(words=_board, claims=_board_claims),
    "watch": StepHooks(claims=_board_claims),
    "first-trick": StepHooks(words=_first_trick, claims=_first_trick_claims),
    "rank": card_step(
        RANK,
        words=_rank,
        claims=_rank_claims,
        other_card=f"this step asks for {RANK}, which wins by making {RANK.rank} the trump rank.",
        other_chip=(
            f"this step asks for {RANK}'s first chip: it makes {RANK.rank} the trump rank "
            "for nothing."
        ),
        wrong=lambda state: as_they_stand(state, RANK),
    ),
    "removal": StepHooks(claims=_removal_claims),
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
    "own-card": card_step(
        OWN,
        words=_own_card,
        claims=_own_card_claims,
        other_card=f"this step asks for {OWN}, your trump.",
        other_chip=f"this step asks for {OWN}'s first chip, the cheapest: one point.",
        wrong=_wrong_own,
    ),
    "answers-2": StepHooks(words=lambda state: {"card": str(OWN)}, claims=_answers_2_claims),
    "dimmed": StepHooks(words=_dimmed, claims=_dimmed_claims, perform=_hover_dimmed),
    "cheapest": card_step(
        CHEAPEST,
        words=_cheapest,
        claims=_cheapest_claims,
        other_card=f"every card costs points now, and {CHEAPEST} costs the fewest.",
        other_chip=f"this step asks for {CHEAPEST}'s first chip, its cheapest.",
        wrong=_dearer_card,
    ),
    "done": StepHooks(claims=_done_claims),
}
