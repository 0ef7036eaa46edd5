"""The checks of Phantom Rummy's lesson (``lesson.toml``): a first short game
on a fixed deal, the coach beside the person in seat 0.

Each ``act`` step takes one move: ``accept`` says, in the player's words, why
another legal move is not the one the step teaches, ``solve`` gives the move,
``perform`` the clicks a person makes for it (on the real table: a row card,
the hand's cards then a button, a claim prompt's button) and ``wrong`` a move
a newcomer might try instead. Each ``wait`` step runs the bots until the
person has a real decision again (a forced Pass on a discard they can claim
nothing of is given at once, as the frame gives it). Every claim the words
make of the position is checked by ``claims`` against the rules: what is
legal (``RULES.check``), the cards where the words put them, the sets and the
goal hand as ``hands.py`` reads them, the score as the rules counted it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from tabletop.core.lesson import StepHooks
from tabletop.games.phantom_rummy.cards import DECK, KINDS, Card, parse_card
from tabletop.games.phantom_rummy.hands import BIG_SET_KINDS, is_goal_hand, set_shape
from tabletop.games.phantom_rummy.model import (
    ClaimGain,
    ClaimGoal,
    Discard,
    Open,
    Pass,
    PhantomAction,
    PhantomState,
    Phase,
    Ready,
    ShortGame,
    Take,
)
from tabletop.games.phantom_rummy.rules import RULES, can_say_ready, flip_hits, points_words
from tabletop.games.phantom_rummy.table.layout import lifted
from tabletop.games.phantom_rummy.table.looks import group_hand

#: the person's seat, and the bots' (lesson.toml: You, Bob, Cleo)
YOU, BOB, CLEO = 0, 1, 2

Claims = Callable[[PhantomState], list[str]]


def _c(code: str) -> Card:
    return parse_card(code)


# -- what a claim reads -------------------------------------------------------------


def _hand(state: PhantomState) -> tuple[Card, ...]:
    return state.hands[YOU] or ()


def _legal(state: PhantomState, action: PhantomAction) -> list[str]:
    """The person may make ``action`` now (the rules' check)."""
    if RULES.to_move(state) != YOU:
        return [f"it is not your move for {action}"]
    why = RULES.check(state, action)
    return [] if why is None else [f"{action} is not legal: {why}"]


def _held(state: PhantomState, *codes: str) -> list[str]:
    hand = _hand(state)
    return [f"you do not hold {_c(code).title} ({code})" for code in codes if _c(code) not in hand]


def _in_row(state: PhantomState, code: str) -> list[str]:
    return [] if _c(code) in state.row else [f"{_c(code).title} ({code}) is not in the row"]


def _shape(codes: str, shape: str) -> list[str]:
    cards = [_c(code) for code in codes.split()]
    found = set_shape(cards)
    return [] if found == shape else [f"{codes} is a {found}, not a {shape}"]


def _red(code: str) -> list[str]:
    return [] if _c(code).red else [f"{code} is not red"]


def _offered(state: PhantomState, code: str, discarder: int) -> list[str]:
    """``code`` is the discard on offer, ``discarder``'s, and the person is asked."""
    claim = state.claim
    if state.phase is not Phase.CLAIMS or claim is None:
        return ["no discard is on offer"]
    out = []
    if claim.card != _c(code):
        out.append(f"the discard on offer is {claim.card}, not {code}")
    if claim.discarder != discarder:
        out.append(f"seat {claim.discarder} discarded it, not seat {discarder}")
    if claim.asking() != YOU:
        out.append("you are not the one asked")
    return out


def _runs_through(kind: int) -> int:
    """How many runs (big sets of three numbers) hold a card of ``kind``."""
    return sum(1 for a, b, c in BIG_SET_KINDS if a != c and kind in (a, b, c))


def _completing(hand: Sequence[Card]) -> set[str]:
    """The kinds (as titles) of which one more card makes ``hand`` a goal hand."""
    out = set()
    for kind in KINDS:
        card = next((c for c in DECK if c.kind == kind.index and c not in hand), None)
        if card is not None and is_goal_hand((*hand, card)):
            out.add(kind.title)
    return out


def _all(*parts: list[str]) -> list[str]:
    return [claim for part in parts for claim in part]


# -- the person's decision, and the waits ----------------------------------------------


def your_decision(state: PhantomState) -> bool:
    """A wait is over: the person is to move with a choice to make (a Pass
    they could not help giving is not one), or the game has ended."""
    if RULES.is_over(state):
        return True
    if RULES.to_move(state) != YOU:
        return False
    return RULES.forced_answer(RULES.view(state, YOU)) is None


def _wait(claims: Claims | None = None) -> StepHooks:
    return StepHooks(until=your_decision, claims=claims)


# -- the person's clicks ----------------------------------------------------------------


def _click(pos: tuple[int, int]) -> list[Any]:
    return [
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
    ]


def hand_point(table: Any, card: Card) -> tuple[int, int]:
    """A point near the foot of ``card`` in the hand, as drawn (lifted when
    selected), where a click picks it (low on the card: a neighbour lifted by
    its selection does not cover it)."""
    pose = dict(table.hand_poses())[card]
    rect = lifted(table.painters.hand, pose, card in table.local.selected)
    y = rect.bottom - max(3, rect.h // 12)
    for x in range(rect.x + 2, rect.right - 1, 2):
        point = (x, y)
        if table.card_at(point) == card:
            return point
    raise ValueError(f"{card} cannot be clicked in the hand")


def row_point(table: Any, card: Card) -> tuple[int, int]:
    pose = dict(table.row_poses())[card]
    return round(pose.x), round(pose.y)


def _take(code: str) -> Callable[[Any], list[Any]]:
    def perform(scene: Any) -> list[Any]:
        return _click(row_point(scene.table, _c(code)))

    return perform


def _pick(codes: str, button: str) -> Callable[[Any], list[Any]]:
    """Click each card of ``codes`` in the hand, then ``button``."""

    def perform(scene: Any) -> list[Any]:
        table = scene.table
        events = []
        for code in codes.split():
            if _c(code) not in table.local.selected:
                events += _click(hand_point(table, _c(code)))
        rect = next(b.rect for b in table.turn_buttons if b.text == button)
        return events + _click(rect.center)

    return perform


def _answer(light: str) -> Callable[[Any], list[Any]]:
    """Click the claim prompt's button the step lights (``claim:...``)."""

    def perform(scene: Any) -> list[Any]:
        rect = scene.table.locate(light)
        if rect is None:
            raise ValueError(f"the prompt shows no {light!r}")
        return _click(rect.center)

    return perform


# -- each step's move --------------------------------------------------------------------

Accept = Callable[[PhantomState, Any], "str | None"]


def _only(move: PhantomAction, why: Callable[[PhantomState, Any], str]) -> Accept:
    """``accept``: ``move`` (an Open or a gain in any order of its cards),
    else ``why`` the move tried is not the step's."""

    def same(action: Any) -> bool:
        if isinstance(move, (Open, ClaimGain)) and type(action) is type(move):
            return set(action.cards) == set(move.cards)
        return bool(action == move)

    def accept(state: PhantomState, action: Any) -> str | None:
        return None if same(action) else why(state, action)

    return accept


def _act(
    move: PhantomAction,
    why: Callable[[PhantomState, Any], str],
    perform: Callable[[Any], list[Any]],
    wrong: PhantomAction,
    claims: Claims,
) -> StepHooks:
    return StepHooks(
        accept=_only(move, why),
        solve=lambda state: move,
        perform=perform,
        wrong=lambda state: wrong,
        claims=claims,
    )


def joins(hand: Sequence[Card], card: Card) -> list[Card]:
    """The cards of ``hand`` that make a big set with ``card`` or are on the
    way to one: of its kind, or in a run with it (``hands.BIG_SET_KINDS``)."""
    near = {k for big in BIG_SET_KINDS if card.kind in big for k in big}
    return [c for c in hand if c != card and c.kind in near]


def _take_instead(code: str, why: str) -> Callable[[PhantomState, Any], str]:
    """Why a take step wants the lit card, not the one tried: the one tried
    joins none of the hand's cards, or it would help but the lesson goes on
    with the lit one."""
    lit = f"the lit {_c(code).title}"

    def reason(state: PhantomState, action: Any) -> str:
        card = getattr(action, "card", None)
        if not isinstance(action, Take) or not isinstance(card, Card):
            return f"Take {lit} from the row."
        if joins(_hand(state), card):
            return f"The {card.title} would help too, but this lesson takes {lit}: {why}."
        return f"The {card.title} joins none of your cards. Take {lit}: {why}."

    return reason


def _discard_instead(code: str, why: str) -> Callable[[PhantomState, Any], str]:
    """Why a discard step wants the lit card discarded."""
    lit = f"the {_c(code).title}"

    def reason(state: PhantomState, action: Any) -> str:
        card = getattr(action, "card", None)
        if isinstance(action, Discard) and isinstance(card, Card):
            return f"Keep the {card.title} and discard {lit}: {why}."
        return f"Just discard this turn: select {lit}, then press Discard."

    return reason


# -- the steps ---------------------------------------------------------------------------------


def _goal_claims(state: PhantomState) -> list[str]:
    hand = _hand(state)
    out = [] if len(hand) == 7 else [f"you hold {len(hand)} cards, not 7"]
    out += _shape("M5a M5b M5c", "group") + _shape("T4a T5b T6c", "run")
    if not any(g.waiting for g in group_hand(hand, bool(state.opened[YOU]))):
        out.append("no near set of your hand waits on a card")
    return out


def _row_claims(state: PhantomState) -> list[str]:
    out = []
    if len(state.row) != state.players + 1:
        out.append(f"the row holds {len(state.row)} cards, not {state.players + 1}")
    if state.dealer != YOU or RULES.to_move(state) != YOU or state.phase is not Phase.TAKE:
        out.append("you do not deal and take first")
    return out


def _row_words(state: PhantomState) -> dict[str, str]:
    return {"row": str(len(state.row))}


def _score(state: PhantomState) -> ShortGame | None:
    return state.results[0] if state.results else None


def _score_words(state: PhantomState) -> dict[str, str]:
    """The goal's points as the rules counted them (``rules.points_words``),
    and the bonus check's flips, each hit with its points."""
    result = _score(state)
    if result is None or result.goal is None:
        return {}
    hits = flip_hits(result)
    flips = [
        f"{flip.title} (+{hit})" if hit else f"then {flip.title}, a miss"
        for flip, hit in zip(result.flips, hits, strict=True)
    ]
    return {
        "points": str(result.points[result.goal]),
        "parts": ", ".join(points_words(s) for s in result.sources),
        "bonus": ", ".join(flips) if flips else "nothing: the pile was empty",
    }


def _score_claims(state: PhantomState) -> list[str]:
    result = _score(state)
    if result is None or result.goal != YOU:
        return ["you scored no goal in the first short game"]
    out = []
    if result.points[YOU] != sum(s.points for s in result.sources):
        out.append("the sources do not add up to your points")
    if state.scores[YOU] != result.points[YOU]:
        out.append("the match panel's total is not the goal's points")
    hits = flip_hits(result)
    if not result.flips or hits[-1] != 0:
        out.append("the bonus check did not end on a miss")
    return out


def _match_words(state: PhantomState) -> dict[str, str]:
    games, target = state.match_length()
    return {"games": str(games), "target": str(target)}


def _match_claims(state: PhantomState) -> list[str]:
    out = []
    if len(state.results) != 1 or state.short_game != 2:
        out.append("the first short game is not the one just over")
    if state.dealer != BOB or RULES.to_move(state) != BOB:
        out.append("Bob does not deal and play first")
    return out


def _only_item(state: PhantomState) -> list[str]:
    items = [c for c in _hand(state) if c.number is None]
    if items != [_c("ICd")] or joins(_hand(state), _c("ICd")):
        return ["the Crown is not your only Item, joining nothing"]
    return []


def _kept(state: PhantomState, code: str) -> tuple[Card, ...]:
    return tuple(c for c in _hand(state) if c != _c(code))


SWORDS = (_c("S1c"), _c("S2d"), _c("S3c"))

HOOKS = {
    "goal": StepHooks(claims=_goal_claims),
    "row": StepHooks(claims=_row_claims, words=_row_words),
    "take-staff": _act(
        Take(_c("T5a")),
        _take_instead("T5a", "it joins your Staff 4 and Staff 7"),
        _take("T5a"),
        Take(_c("M6a")),
        lambda s: _all(
            _in_row(s, "T5a"),
            _red("T5a"),
            _held(s, "T4d", "T7d"),
            _shape("T4d T5a T6c", "run"),
            _shape("T5a T6c T7d", "run"),
            _legal(s, Take(_c("T5a"))),
        ),
    ),
    "discard-crown": _act(
        Discard(_c("ICd")),
        _discard_instead("ICd", "it joins nothing"),
        _pick("ICd", "Discard"),
        Ready(_c("ICd")),
        lambda s: _all(
            [] if len(_hand(s)) == 8 else ["you do not hold eight cards"],
            _held(s, "ICd"),
            _only_item(s),
            _shape("ICa ICb", "small") + _shape("ICa ICb ICc", "group"),
            _legal(s, Discard(_c("ICd"))),
        ),
    ),
    "others-crown": _wait(
        lambda s: [] if _c("ICd") in s.discards[YOU] else ["your Crown is not on your pile"]
    ),
    "take-moon": _act(
        Take(_c("M4c")),
        _take_instead("M4c", "the row has nothing else"),
        _take("M4c"),
        Discard(_c("M1a")),
        lambda s: _all(
            [] if s.row == (_c("M4c"),) else ["the row is not the Moon 4 alone"],
            [] if s.pile_size >= s.players + 1 else ["the pile cannot lay a fresh row"],
            _legal(s, Take(_c("M4c"))),
        ),
    ),
    "discard-moon": _act(
        Discard(_c("M1a")),
        _discard_instead("M1a", "a 1 fits one run only"),
        _pick("M1a", "Discard"),
        Discard(_c("T5a")),
        lambda s: _all(
            _held(s, "M1a", "M4c"),
            _red("M1a"),
            [] if _runs_through(_c("M1a").kind) == 1 else ["a 1 fits more than one run"],
            [] if _runs_through(_c("M4c").kind) == 3 else ["a 4 does not fit three runs"],
            _legal(s, Discard(_c("M1a"))),
        ),
    ),
    "others-row": _wait(
        lambda s: (
            []
            if not s.row and s.pile_size >= s.players + 1 and s.turn == YOU
            else ["the row is not empty with a fresh one to come"]
        )
    ),
    "take-sword": _act(
        Take(_c("S3c")),
        _take_instead("S3c", "it makes a run with your Sword 1 and 2"),
        _take("S3c"),
        Take(_c("ICa")),
        lambda s: _all(
            _in_row(s, "S3c"),
            _held(s, "S1c", "S2d"),
            _shape("S1c S2d S3c", "run"),
            _legal(s, Take(_c("S3c"))),
        ),
    ),
    "open": _act(
        Open(SWORDS),
        lambda s, a: "Open the run instead: select Sword 1, 2 and 3, then press Open.",
        _pick("S1c S2d S3c", "Open"),
        Open((_c("S1c"), _c("S2d"), _c("T2d"))),
        lambda s: _all(
            [] if not s.opened[YOU] else ["you have a set open already"],
            _legal(s, Open(SWORDS)),
        ),
    ),
    "others-open": _wait(
        lambda s: (
            []
            if [set(laid) for laid in s.opened[YOU]] == [set(SWORDS)] and len(_hand(s)) == 7
            else ["your Sword run is not open"]
        )
    ),
    "gain": _act(
        ClaimGain((_c("T5a"), _c("T7d"))),
        lambda s, a: (
            "Not that gain: keep your Staff 4 for Staff 2-3-4. "
            "Gain with the red Staff 5 and Staff 7."
            if isinstance(a, ClaimGain)
            else "Passing lets the Staff 6 go: gain it with your red Staff 5 and Staff 7."
        ),
        _answer("claim:gain:T5a+T7d"),
        Pass(),
        lambda s: _all(
            _offered(s, "T6c", BOB),
            _shape("T5a T6c T7d", "run"),
            _held(s, "T2d", "T4d"),
            _shape("T2d T3a T4d", "run"),
            _legal(s, ClaimGain((_c("T5a"), _c("T7d")))),
        ),
    ),
    "others-gain": _wait(
        lambda s: (
            []
            if len(s.opened[YOU]) == 2 and RULES.to_move(s) == CLEO and s.phase is Phase.TAKE
            else ["Cleo does not play next with your two sets open"]
        )
    ),
    "take-staff-3": _act(
        Take(_c("T3a")),
        _take_instead("T3a", "it fills the gap in your Staff 2 and 4"),
        _take("T3a"),
        Take(_c("IGb")),
        lambda s: _all(
            _in_row(s, "T3a"),
            _red("T3a"),
            _held(s, "T2d", "T4d", "M4c", "M5b", "M6d"),
            _shape("T2d T3a T4d", "run"),
            _shape("M4c M5b M6d", "run"),
            _legal(s, Take(_c("T3a"))),
        ),
    ),
    "ready": _act(
        Ready(_c("S7d")),
        lambda s, a: (
            "A plain discard does not say ready: select the Sword 7, then press Ready."
            if isinstance(a, Discard)
            else "Say ready with the Sword 7: then a Staff 1 or a Staff 4 completes your goal."
        ),
        _pick("S7d", "Ready"),
        Ready(_c("M5b")),
        lambda s: _all(
            _held(s, "S7d"),
            _legal(s, Ready(_c("S7d"))),
            [] if can_say_ready(_kept(s, "S7d")) else ["without the Sword 7 you are not ready"],
            []
            if _completing(_kept(s, "S7d")) == {"Staff 1", "Staff 4"}
            else ["not a Staff 1 or a Staff 4 alone completes your goal"],
        ),
    ),
    "others-ready": _wait(
        lambda s: (
            []
            if s.ready[YOU] and _completing(_hand(s)) == {"Staff 1", "Staff 4"}
            else ["you are not ready waiting on a Staff 1 or 4"]
        )
    ),
    "claim-goal": _act(
        ClaimGoal(),
        lambda s, a: "Passing lets your goal go by: click Goal!",
        _answer("claim:goal"),
        Pass(),
        lambda s: _all(
            _offered(s, "T1c", CLEO),
            [] if is_goal_hand((*_hand(s), _c("T1c"))) else ["the Staff 1 completes nothing"],
            _legal(s, ClaimGoal()),
        ),
    ),
    "others-goal": StepHooks(
        until=lambda s: bool(s.results),
        claims=lambda s: (
            []
            if s.claim is not None
            and s.claim.answers[YOU] == ClaimGoal()
            and s.claim.asking() == BOB
            else ["Bob is not asked after your sealed goal claim"]
        ),
    ),
    "score": StepHooks(words=_score_words, claims=_score_claims),
    "match": StepHooks(words=_match_words, claims=_match_claims),
}
