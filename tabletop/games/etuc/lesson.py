"""The checks of Planet etuC's lesson (``lesson.toml``): the move each step
asks for, why another move is not it, a person's clicks that make it, a
move a newcomer might try instead, and the claims the coach's words make,
each checked against the rules (``RULES.legal_actions``, ``check``,
``apply`` and the state), never against a second copy of them.

The deal is seed 12's, so the cards a step names are fixed here; the cards
Bob plays are read from the state, never assumed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from tabletop.core.lesson import StepHooks
from tabletop.core.words import plural
from tabletop.games.etuc.bot import heuristic_choice
from tabletop.games.etuc.rules import (
    BLUE,
    COLOUR_NAMES,
    ORANGE,
    PURPLE,
    RULES,
    TARGETS,
    YELLOW,
    Card,
    EtucState,
    Kind,
    Pass,
    Play,
    card_words,
    deck,
    kind_after,
)

#: the person's seat and Bob's (lesson.toml's seats)
YOU, BOB = 0, 1
#: the cards the steps play, and the ones a newcomer might try instead
LEAD = Card(5, YELLOW)
TOP_BY_SYMBOL = Card(1, BLUE)
TOO_WEAK = Card(5, ORANGE)  # a higher number, but a weaker symbol than Bob's
STRONGEST = Card(5, PURPLE)
BY_NUMBER = Card(4, BLUE)
NOT_HIGHER = Card(1, ORANGE)
PAIR = (Card(3, ORANGE), Card(5, ORANGE))
NO_PAIR = (Card(1, ORANGE), Card(3, YELLOW))


# -- reading the position --------------------------------------------------------------


def _hand(state: EtucState, seat: int = YOU) -> tuple[Card, ...]:
    return state.hands[seat] or ()


def _last(state: EtucState) -> tuple[Card, ...]:
    """The cards of the play to beat, () on a clear table."""
    last = state.last
    return last.cards if last is not None else ()


def _bob_card(state: EtucState) -> str:
    """The play to beat, Bob's, in words ("green 4", "green 1 and green 3")."""
    last = state.last
    if last is None or last.seat != BOB:
        return "card"
    return " and ".join(card_words(c) for c in last.cards)


def _legal(state: EtucState, action: Play | Pass) -> bool:
    return RULES.check(state, action) is None


def _kind_after(state: EtucState, action: Play | Pass) -> Kind | None:
    """The round's kind once ``action`` is played (None: it is refused, or it ends the round)."""
    if not _legal(state, action):
        return None
    return RULES.apply(state, action).kind


def _failing(*claims: tuple[bool, str]) -> list[str]:
    """The claims whose condition does not hold."""
    return [words for holds, words in claims if not holds]


def _plays(state: EtucState) -> list[Play]:
    return [a for a in RULES.legal_actions(state) if isinstance(a, Play)]


# -- the person's clicks -----------------------------------------------------------------


def _click(pos: tuple[int, int]) -> list[Any]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def _pick_and_play(*cards: Card) -> Callable[[Any], list[Any]]:
    """Click each of ``cards`` in the hand, then Play, as a person does."""

    def perform(scene: Any) -> list[Any]:
        table = scene.table
        events: list[Any] = []
        for card in cards:
            point = table.card_point(card)
            if point is None:
                return []
            events += _click(point)
        return events + _click(table.play_button.rect.center)

    return perform


def _press_pass(scene: Any) -> list[Any]:
    return _click(scene.table.pass_button.rect.center)


def _only(action: Play | Pass, why: str) -> Callable[[Any, Any], str | None]:
    """An act step's ``accept``: ``action``, and no other legal move."""
    return lambda state, move: None if move == action else why


# -- the steps ---------------------------------------------------------------------------------


def _goal_words(state: EtucState) -> dict[str, str]:
    return {"size": str(state.hand_sizes[YOU])}


def _goal_claims(state: EtucState) -> list[str]:
    return _failing(
        (state.players == 2, "the lesson is not a game of two"),
        (state.hand_sizes[YOU] == state.hand_sizes[BOB], "the two hands differ in size"),
        (not state.table and state.game == 1, "the first game has begun already"),
    )


def _ranks_claims(state: EtucState) -> list[str]:
    cards = deck(state.players)
    numbers = sorted({c.number for c in cards})
    colours = [COLOUR_NAMES[c] for c in sorted({c.colour for c in cards})]
    low = (Card(1, ORANGE),)
    return _failing(
        (numbers == [1, 2, 3, 4, 5], f"the numbers run {numbers}, not 1 to 5"),
        (
            colours == ["orange", "yellow", "green", "blue", "purple"],
            f"the symbols run {colours}",
        ),
        (
            kind_after(Kind.SINGLE_UNDETERMINED, low, (Card(1, YELLOW),)) is not None
            and kind_after(Kind.SINGLE_UNDETERMINED, low, (Card(2, ORANGE),)) is not None,
            "a stronger symbol or a higher number alone does not top a card",
        ),
    )


def _lead_words(state: EtucState) -> dict[str, str]:
    return {"card": card_words(LEAD)}


def _lead_claims(state: EtucState) -> list[str]:
    top = max(c.number for c in deck(state.players))
    led = _legal(state, Play((LEAD,)))
    answers = _plays(RULES.apply(state, Play((LEAD,)))) if led else []
    return _failing(
        (state.turn == YOU and not state.table, "you do not lead"),
        (led, f"the {card_words(LEAD)} cannot be led"),
        (LEAD.number == top == 5, "5 is not the highest number"),
        (
            all(p.cards[0].colour > LEAD.colour for p in answers),
            "Bob could top it without a stronger symbol",
        ),
    )


def _open_words(state: EtucState) -> dict[str, str]:
    return {"colour": COLOUR_NAMES[LEAD.colour]}


def _open_claims(state: EtucState) -> list[str]:
    plays = _plays(state)
    return _failing(
        (state.kind is Kind.SINGLE_UNDETERMINED, "the round is not an undetermined single"),
        (_last(state) == (LEAD,) and state.turn == BOB, f"Bob is not to answer the {LEAD}"),
        (
            all(len(p.cards) == 1 and p.cards[0].colour > LEAD.colour for p in plays),
            "Bob could top it without a stronger symbol",
        ),
    )


def _by_symbol_words(state: EtucState) -> dict[str, str]:
    return {"bob": _bob_card(state), "card": card_words(LEAD)}


def _by_symbol_claims(state: EtucState) -> list[str]:
    last = _last(state)
    return _failing(
        (state.last is not None and state.last.seat == BOB, "Bob has not played"),
        (
            len(last) == 1 and last[0].colour > LEAD.colour and last[0].number < LEAD.number,
            "Bob's card is not a stronger symbol with a lower number",
        ),
        (state.kind is Kind.SINGLE_BY_SYMBOL, "the round does not go by symbol"),
    )


def _top_words(state: EtucState) -> dict[str, str]:
    last = _last(state)
    colour = COLOUR_NAMES[last[0].colour] if last else "it"
    return {"bob": _bob_card(state), "card": card_words(TOP_BY_SYMBOL), "colour": colour}


def _top_claims(state: EtucState) -> list[str]:
    last = _last(state)
    return _failing(
        (
            state.kind is Kind.SINGLE_BY_SYMBOL and state.turn == YOU,
            "you do not top a symbol round",
        ),
        (_legal(state, Play((TOP_BY_SYMBOL,))), f"the {card_words(TOP_BY_SYMBOL)} does not top it"),
        (
            bool(last) and last[0].number > TOP_BY_SYMBOL.number,
            "the blue 1's number is not the lower",
        ),
        (
            TOO_WEAK in _hand(state) and not _legal(state, Play((TOO_WEAK,))),
            f"the {card_words(TOO_WEAK)} would do",
        ),
    )


def _must_pass_words(state: EtucState) -> dict[str, str]:
    return {"bob": _bob_card(state)}


def _must_pass_claims(state: EtucState) -> list[str]:
    last = _last(state)
    return _failing(
        (len(last) == 1 and last[0].colour == PURPLE, "Bob's card is not purple"),
        (state.kind is Kind.SINGLE_BY_SYMBOL, "the round does not go by symbol"),
        (RULES.legal_actions(state) == [Pass()], "you could top it"),
        (
            STRONGEST in _hand(state) and not _legal(state, Play((STRONGEST,))),
            "the purple 5 would top it",
        ),
    )


def _round_over_claims(state: EtucState) -> list[str]:
    log = state.log
    return _failing(
        (not state.table and state.kind is None, "the round's cards are still on the table"),
        (state.turn == BOB, "Bob does not lead the next round"),
        (
            len(log) >= 2 and log[-1] == (YOU, Pass()) and log[-2][0] == BOB,
            "the round did not end with Bob's play and your pass",
        ),
        (bool(state.discards), "no cards were cleared away"),
    )


def _by_number_words(state: EtucState) -> dict[str, str]:
    return {"bob": _bob_card(state), "card": card_words(BY_NUMBER)}


def _by_number_claims(state: EtucState) -> list[str]:
    last = _last(state)
    plays = _plays(state)
    return _failing(
        (
            len(state.table) == 1 and state.table[0].seat == BOB and len(last) == 1,
            "Bob did not lead a single card",
        ),
        (bool(last) and last[0].colour == PURPLE, "Bob's card is not purple"),
        (
            bool(last) and all(p.cards[0].number > last[0].number for p in plays),
            "a card tops it without a higher number",
        ),
        (
            _kind_after(state, Play((BY_NUMBER,))) is Kind.SINGLE_BY_NUMBER,
            f"the {card_words(BY_NUMBER)} does not make the round go by number",
        ),
    )


def _pair_words(state: EtucState) -> dict[str, str]:
    return {
        "first": card_words(PAIR[0]),
        "second": card_words(PAIR[1]),
        "colour": COLOUR_NAMES[PAIR[0].colour],
    }


def _pair_claims(state: EtucState) -> list[str]:
    log = state.log
    return _failing(
        (bool(log) and log[-1] == (BOB, Pass()), "Bob did not pass"),
        (not state.table and state.turn == YOU, "you do not lead"),
        (
            len(log) >= 2 and log[-2] == (YOU, Play((BY_NUMBER,))),
            "you did not play last before Bob passed",
        ),
        (
            _kind_after(state, Play(PAIR)) is Kind.SYMBOL_PAIR,
            "the orange 3 and 5 are not a symbol-pair you can lead",
        ),
        (PAIR[0].colour == PAIR[1].colour == ORANGE, "the pair is not orange"),
    )


def _pair_answer_words(state: EtucState) -> dict[str, str]:
    return {"bob": _bob_card(state)}


def _pair_answer_claims(state: EtucState) -> list[str]:
    last = _last(state)
    singles = [c for c in _hand(state) if _legal(state, Play((c,)))]
    return _failing(
        (state.last is not None and state.last.seat == BOB, "Bob has not answered"),
        (
            state.kind is Kind.SYMBOL_PAIR and len(last) == 2 and last[0].colour > PAIR[0].colour,
            "Bob's answer is not a stronger symbol-pair",
        ),
        (not singles, "a single card answers the pair"),
        (RULES.legal_actions(state) == [Pass()], "you hold a pair that tops it"),
    )


def _going_out_words(state: EtucState) -> dict[str, str]:
    return {"mine": str(state.hand_sizes[YOU]), "his": str(state.hand_sizes[BOB])}


def _going_out_claims(state: EtucState) -> list[str]:
    return _failing(
        (state.game == 1 and not state.out, "somebody has gone out already"),
        (state.turn == YOU, "it is not your turn"),
    )


def _play_on_move(state: EtucState) -> Play | Pass:
    """The person's move at each turn when the step is replayed: the medium
    bot's choice for them."""
    return heuristic_choice(state, RULES.legal_actions(state))


def _winner(state: EtucState) -> int:
    return state.results[0].order[0]


def _points_words(state: EtucState) -> dict[str, str]:
    if not state.results:
        return {}
    winner = _winner(state)
    points = state.results[0].points[winner]
    return {
        "winner": "You" if winner == YOU else "Bob",
        "points": ("you score " if winner == YOU else "he scores ") + plural(points, "point"),
    }


def _points_claims(state: EtucState) -> list[str]:
    if not state.results:
        return ["game 1 is not over"]
    result = state.results[0]
    winner = result.order[0]
    return _failing(
        (result.game == 1 and result.points[winner] == 1, "game 1 did not score 1 point"),
        (sum(result.points) == result.points[winner], "the loser scored"),
        (state.target == TARGETS[2] == 10, "the match is not to 10 points"),
        (state.scores[winner] == 1, "the winner's score is not 1"),
    )


def _next_game_words(state: EtucState) -> dict[str, str]:
    return {"starter": "you lead it" if state.turn == YOU else "Bob leads it"}


def _next_game_claims(state: EtucState) -> list[str]:
    behind = min(range(state.players), key=lambda s: state.scores[s])
    return _failing(
        (state.game == 2 and bool(state.results), "game 2 has not begun"),
        (all(n == 11 for n in state.hand_sizes), "the hands are not 11 new cards"),
        (
            state.turn == state.starter == behind and state.scores[behind] < max(state.scores),
            "game 2 is not started by the player with fewer points",
        ),
    )


HOOKS = {
    "goal": StepHooks(words=_goal_words, claims=_goal_claims),
    "ranks": StepHooks(claims=_ranks_claims),
    "lead": StepHooks(
        accept=_only(
            Play((LEAD,)),
            f"this step leads your {card_words(LEAD)} on its own: pick only it, then Play.",
        ),
        solve=lambda state: Play((LEAD,)),
        perform=_pick_and_play(LEAD),
        wrong=lambda state: Pass(),
        words=_lead_words,
        claims=_lead_claims,
    ),
    "open": StepHooks(words=_open_words, claims=_open_claims),
    "by-symbol": StepHooks(words=_by_symbol_words, claims=_by_symbol_claims),
    "top-by-symbol": StepHooks(
        accept=_only(
            Play((TOP_BY_SYMBOL,)),
            f"this step tops it with your {card_words(TOP_BY_SYMBOL)}, the weakest card that "
            "can (keep strong cards for later): pick only it, then Play.",
        ),
        solve=lambda state: Play((TOP_BY_SYMBOL,)),
        perform=_pick_and_play(TOP_BY_SYMBOL),
        wrong=lambda state: Play((TOO_WEAK,)),
        words=_top_words,
        claims=_top_claims,
    ),
    "must-pass": StepHooks(
        accept=_only(Pass(), "press Pass: nothing you hold tops a purple card here."),
        solve=lambda state: Pass(),
        perform=_press_pass,
        wrong=lambda state: Play((STRONGEST,)),
        words=_must_pass_words,
        claims=_must_pass_claims,
    ),
    "round-over": StepHooks(claims=_round_over_claims),
    "by-number": StepHooks(
        accept=_only(
            Play((BY_NUMBER,)),
            f"this step tops it with your {card_words(BY_NUMBER)}: pick only it, then Play.",
        ),
        solve=lambda state: Play((BY_NUMBER,)),
        perform=_pick_and_play(BY_NUMBER),
        wrong=lambda state: Play((NOT_HIGHER,)),
        words=_by_number_words,
        claims=_by_number_claims,
    ),
    "pair": StepHooks(
        accept=_only(
            Play(PAIR),
            f"this step leads your {card_words(PAIR[0])} and {card_words(PAIR[1])} "
            "together: pick just those two, then Play.",
        ),
        solve=lambda state: Play(PAIR),
        perform=_pick_and_play(*PAIR),
        wrong=lambda state: Play(NO_PAIR),
        words=_pair_words,
        claims=_pair_claims,
    ),
    "pair-answer": StepHooks(words=_pair_answer_words, claims=_pair_answer_claims),
    "going-out": StepHooks(words=_going_out_words, claims=_going_out_claims),
    "play-on": StepHooks(until=lambda state: bool(state.results), solve=_play_on_move),
    "points": StepHooks(words=_points_words, claims=_points_claims),
    "next-game": StepHooks(words=_next_game_words, claims=_next_game_claims),
}
