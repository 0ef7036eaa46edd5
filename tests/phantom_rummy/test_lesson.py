"""Phantom Rummy's lesson (tabletop/games/phantom_rummy/lesson.toml and
lesson.py): its table and steps, every claim its words make checked at the
position the lesson reaches, each step's move the only one it lets pass, and
the lesson played through the real frame at the smallest window: a wrong
card, an illegal move and a Pass on the claim prompt answered with a reason in
the coach's panel while the game stays as it was, the right move then
passing; the lights following a selection; no countdown and no "thinking"
while the coach holds the table; leaving and coming back to the same table.

tests/test_lessons.py plays the whole lesson through the frames with
tools/lessons.py at 1280x800.
"""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tabletop.core import lesson as lessons
from tabletop.core.lesson import Coach
from tabletop.core.session import Session
from tabletop.games import REGISTRY
from tabletop.games.phantom_rummy import lesson as hooks_module
from tabletop.games.phantom_rummy.cards import parse_card
from tabletop.games.phantom_rummy.lesson import BOB, CLEO, YOU, hand_point, row_point
from tabletop.games.phantom_rummy.model import ClaimGain, Open, Pass, Phase, Take
from tabletop.games.phantom_rummy.rules import RULES
from tabletop.ui.flow import start_lesson
from tests.phantom_rummy.tables import picture_of, table_of
from tests.ui.driver import Driver, app_fixture, driver_fixture

__all__ = ["app_fixture", "driver_fixture"]

ENTRY = REGISTRY["phantom_rummy"]
LESSON, HOOKS = lessons.load(ENTRY)
IDS = [step.id for step in LESSON.steps]
#: frames a wait step may take at the test's dt (the bots' pauses and the cards' flights)
WAIT_FRAMES = 4_000


def c(code: str) -> Any:
    return parse_card(code)


def replayed(to: int = 0) -> tuple[Session, Coach]:
    """A lesson session brought to step ``to`` as coming back to it would."""
    session = Session(
        ENTRY, LESSON.config(ENTRY), LESSON.seed, LESSON.seats, threaded=False, timed=False
    )
    coach = Coach(LESSON, HOOKS, session.rules)
    lessons.fast_forward(session, coach, to)
    assert coach.index == to
    return session, coach


def same_move(a: Any, b: Any) -> bool:
    """Two moves alike (an opening or a gain whatever the order of its cards)."""
    if isinstance(a, (Open, ClaimGain)) and type(a) is type(b):
        return set(a.cards) == set(b.cards)
    return bool(a == b)


# -- the files ----------------------------------------------------------------------------


def test_the_lesson_is_a_first_game_in_a_teachers_order() -> None:
    assert len(LESSON.steps) >= 10
    assert LESSON.players == 3 and LESSON.seat == YOU
    assert [s.name for s in LESSON.seats] == ["You", "Bob", "Cleo"]
    assert [s.kind for s in LESSON.seats] == ["human", "bot", "bot"]
    assert [s.level for s in LESSON.seats[1:]] == ["easy", "easy"]
    # the claims name Bob's and Cleo's seats by number
    assert (LESSON.seats[BOB].name, LESSON.seats[CLEO].name) == ("Bob", "Cleo")
    order = [
        "goal",
        "row",
        "take-staff",
        "discard-crown",
        "open",
        "gain",
        "ready",
        "claim-goal",
        "score",
        "match",
    ]
    assert [IDS.index(i) for i in order] == sorted(IDS.index(i) for i in order)
    for step in LESSON.steps:
        hook = HOOKS[step.id]
        assert hook.claims is not None, f"{step.id}: its words are not checked"
        if step.do == "act":
            assert None not in (hook.accept, hook.solve, hook.perform, hook.wrong), step.id
            assert step.light, f"{step.id}: an act step lights what to use"
        if step.do == "wait":
            assert hook.until is hooks_module.your_decision or step.id == "others-goal"


def test_every_claim_holds_where_the_lesson_reaches_its_step() -> None:
    session, coach = replayed()
    for index, step in enumerate(LESSON.steps):
        lessons.fast_forward(session, coach, index)
        assert coach.index == index, f"the lesson could not be replayed to {step.id}"
        hook = coach.hooks_of(step)
        assert hook.claims is not None
        assert list(hook.claims(session.state)) == [], step.id
        words = coach.words(session.state)
        assert "{" not in words and "}" not in words, f"{step.id}: {words}"
    lessons.fast_forward(session, coach, len(LESSON.steps))
    assert coach.done
    result = session.state.results[0]
    assert result.goal == YOU and result.discarder == CLEO


def test_the_claims_check_the_position_and_are_false_elsewhere() -> None:
    """A step's claims are checks, not words: at the deal, before anything
    happened, every step after the first take finds something untrue."""
    session, _ = replayed()
    dealt = session.state
    for step in LESSON.steps[IDS.index("take-staff") + 1 :]:
        claims = HOOKS[step.id].claims
        assert claims is not None
        assert list(claims(dealt)), f"{step.id}'s claims hold at the deal"


def test_each_act_step_lets_only_its_own_move_pass_and_its_wrong_move_is_answered() -> None:
    session, coach = replayed()
    for index, step in enumerate(LESSON.steps):
        if step.do != "act":
            continue
        lessons.fast_forward(session, coach, index)
        state = session.state
        hook = coach.hooks_of(step)
        assert hook.solve and hook.accept and hook.wrong
        move = hook.solve(state)
        assert RULES.check(state, move) is None and hook.accept(state, move) is None
        for action in RULES.legal_actions(state):
            reason = hook.accept(state, action)
            assert same_move(action, move) or reason, f"{step.id} lets {action} pass"
        wrong = hook.wrong(state)
        assert RULES.check(state, wrong) is not None or hook.accept(state, wrong), step.id


def test_the_scored_goal_is_told_as_the_rules_counted_it() -> None:
    session, coach = replayed(IDS.index("score"))
    words = coach.words(session.state)
    assert words.startswith(
        "You scored 6: 2 for 2 open sets, 2 for red Staff 3 and red Staff 5, "
        "2 from the bonus check. The bonus check turned Moon 5 (+1), Sword 1 (+1), "
        "then Moon 1, a miss."
    )
    assert session.state.scores == (6, 0, 0)


# -- the table's lights -----------------------------------------------------------------------


def _start(driver: Driver, step: str = "goal") -> Any:
    """The lesson opened at ``step``, as coming back to it opens it."""
    app = driver.app
    app.settings = app.settings.with_lesson(ENTRY.name, IDS.index(step), False)
    scene = start_lesson(app, ENTRY)
    assert scene is not None
    driver.frames(2)
    return scene


def _told(scene: Any, driver: Driver) -> str:
    """The coach panel's words, one string."""
    return " ".join(text for text, _ in scene.coach_panel.lines(driver.app.theme, None))


def test_the_table_locates_every_light_and_nothing_it_does_not_show(driver: Driver) -> None:
    scene = _start(driver, "take-staff")
    table = table_of(scene)
    row = dict(table.row_poses())
    assert table.locate("row:T5a") == row[c("T5a")].rect(table.painters.row.card_size)
    assert table.locate("hand") == table.shape.hand
    assert table.locate("seat:1") == table.shape.seats[BOB]
    assert table.locate("button:Discard") == table.discard_button.rect
    for nothing in ("row:ICd", "hand:T5a", "seat:0", "seat:9", "button:Fly", "claim:goal"):
        assert table.locate(nothing) is None, nothing
    for garbage in ("row:XX", "hand:T4d+", "pick::Open", "claim:gain:", "nowhere", ""):
        assert table.locate(garbage) is None, garbage


def test_every_steps_words_and_any_answer_it_gives_fit_the_panel_at_960x600(
    driver: Driver,
) -> None:
    """The coach's panel at the smallest window shows each step's words and
    the answer to any try whole: every other legal move's reason and the
    wrong move's (the rules' or the step's), never cut to a hover."""
    from tabletop.ui.coach import CoachPanel

    theme = driver.app.theme
    shown = _start(driver).coach_panel
    session, coach = replayed()
    panel = CoachPanel(coach, lambda: None)
    panel.place(shown.rect, theme)
    top = shown.rect.y + theme.px(8) + theme.font("small", bold=True).get_linesize() + theme.px(4)
    room = (shown.leave_button.rect.y - theme.px(6) - top) // theme.small.get_linesize()
    for index, step in enumerate(LESSON.steps):
        lessons.fast_forward(session, coach, index)
        state = session.state
        hook = coach.hooks_of(step)
        answers = [""]
        if step.do == "act":
            assert hook.accept and hook.wrong
            tries = [*RULES.legal_actions(state), hook.wrong(state)]
            answers += [RULES.check(state, a) or hook.accept(state, a) or "" for a in tries]
        for answer in answers:
            coach.told = answer
            rows = panel.lines(theme, state)
            assert len(rows) <= room, f"{step.id}: {len(rows)} rows for {room} ({answer!r})"
        coach.told = ""


# -- through the frame ------------------------------------------------------------------------


def test_a_wrong_card_and_an_illegal_move_are_answered_and_the_right_ones_pass(
    driver: Driver,
) -> None:
    scene = _start(driver)
    coach, session, table = scene.coach, scene.session, table_of(scene)
    driver.key(pygame.K_n)
    driver.key(pygame.K_n)
    assert LESSON.steps[coach.index].id == "take-staff"
    assert scene.coach_light() == table.locate("row:T5a")
    dealt = session.state
    # a row card that joins nothing: the step's reason, the game as it was
    driver.click(row_point(table, c("M6a")))
    assert coach.index == IDS.index("take-staff") and session.ply == 0
    assert session.state is dealt
    assert coach.told.startswith("The red Moon 6 joins none of your cards.")
    assert "Not quite: The red Moon 6 joins none of your cards." in _told(scene, driver)
    driver.click(row_point(table, c("T5a")))
    assert session.actions == [Take(c("T5a"))]
    assert LESSON.steps[coach.index].id == "discard-crown" and coach.told == ""
    driver.until(lambda: not scene.animating)
    # the light leads through the selection: the Crown, then Discard
    assert scene.coach_light() == table.locate("hand:ICd")
    driver.click(hand_point(table, c("ICd")))
    assert table.local.selected == [c("ICd")]
    assert scene.coach_light() == table.discard_button.rect
    # Ready with the Crown: the rules' own reason, nothing played
    driver.key(pygame.K_r)
    reason = "Without that card you are not one card short of a goal hand."
    assert coach.told == reason and session.ply == 1
    assert f"Not quite: {reason}" in _told(scene, driver)
    driver.click(table.discard_button.rect.center)
    assert session.ply == 2 and LESSON.steps[coach.index].id == "others-crown"
    # the others play; the person's forced passes are given at once
    driver.until(lambda: LESSON.steps[coach.index].id == "take-moon", frames=WAIT_FRAMES)
    assert session.to_move() == YOU and session.state.row == (c("M4c"),)


def test_an_illegal_open_a_pass_and_a_wrong_gain_are_answered_through_the_table(
    driver: Driver,
) -> None:
    driver.app.update_settings(claim_countdown=5)
    scene = _start(driver, "open")
    coach, session, table = scene.coach, scene.session, table_of(scene)
    ply = session.ply
    for code in ("S1c", "S2d", "T2d"):
        driver.click(hand_point(table, c(code)))
    driver.key(pygame.K_o)
    assert coach.told == "Those three make no big set." and session.ply == ply
    assert LESSON.steps[coach.index].id == "open"
    assert scene.coach_light() == table.locate("hand:T2d")  # the card to put back
    driver.click(hand_point(table, c("T2d")))
    assert scene.coach_light() == table.locate("hand:S3c")
    driver.click(hand_point(table, c("S3c")))
    assert scene.coach_light() == table.open_button.rect
    driver.click(table.open_button.rect.center)
    assert session.state.opened[YOU] and LESSON.steps[coach.index].id == "others-open"
    driver.until(lambda: LESSON.steps[coach.index].id == "gain", frames=WAIT_FRAMES)
    driver.until(lambda: not scene.animating)
    gain = ClaimGain((c("T5a"), c("T7d")))
    assert scene.coach_light() == table.locate("claim:gain:T5a+T7d")
    # no clock on the person while the coach leads: the prompt waits
    assert table.local.countdown is None
    assert picture_of(scene).prompt.claim.countdown is None  # type: ignore[union-attr]
    ply = session.ply
    driver.frames(600, dt=0.05)
    assert session.ply == ply
    driver.click(table.pass_button.rect.center)
    assert coach.told.startswith("Passing lets the Staff 6 go") and session.ply == ply
    other = next(b for b, g in zip(table.gain_buttons, table.gains()) if g != gain)
    driver.click(other.rect.center)
    assert coach.told.startswith("Not that gain") and session.ply == ply
    assert session.to_move() == YOU and session.state.claim is not None
    driver.click(scene.coach_light().center)
    assert LESSON.steps[coach.index].id == "others-gain"
    assert [set(s) for s in session.state.opened[YOU]][1] == set((c("T6c"), *gain.cards))


def test_no_bot_thinks_while_a_step_holds_them_and_the_game_goes_on_after(
    driver: Driver,
) -> None:
    scene = _start(driver, "score")
    coach, session = scene.coach, scene.session
    assert session.to_move() == BOB and session.state.phase is Phase.TAKE
    ply = session.ply
    driver.frames(120)
    assert session.ply == ply and not scene.is_thinking(BOB)
    assert scene.status_text() == "Bob plays"
    assert scene.coach_light() == table_of(scene).shape.match
    driver.key(pygame.K_n)
    driver.key(pygame.K_n)
    assert coach.done
    driver.until(lambda: session.ply > ply, frames=WAIT_FRAMES)


def test_leaving_at_a_step_and_coming_back_finds_the_same_table(driver: Driver) -> None:
    scene = _start(driver, "ready")
    table = table_of(scene)
    left = scene.session.state
    hand = [s.card for s in picture_of(scene).hand]
    row = [s.card for s in picture_of(scene).row.cards]
    assert RULES.to_move(left) == YOU and left.phase is Phase.ACT
    driver.click(scene.coach_panel.leave_button.rect.center)
    assert type(driver.top).__name__ == "TitleScene"
    assert driver.app.settings.lesson_step(ENTRY.name) == IDS.index("ready")
    again = start_lesson(driver.app, ENTRY)
    assert again is not None and again is not scene
    driver.frames(2)
    assert again.coach.index == IDS.index("ready")
    assert again.session.state == left and again.session.actions == scene.session.actions
    assert [s.card for s in picture_of(again).hand] == hand
    assert [s.card for s in picture_of(again).row.cards] == row
    assert again.coach_light() == table_of(again).locate("hand:S7d")
    assert table.locate("hand:S7d") is not None


@pytest.mark.parametrize("step", ["gain", "claim-goal"])
def test_a_claim_steps_pass_is_refused_by_the_coach_not_given_for_the_person(
    driver: Driver, step: str
) -> None:
    """The person asked with a choice is never answered for: the wait before
    the step ends on the prompt, and a Pass there is the step's to refuse."""
    scene = _start(driver, step)
    session = scene.session
    assert session.auto_answer() is None and session.to_move() == YOU
    assert session.state.phase is Phase.CLAIMS
    assert scene.act(Pass()) is False
    assert scene.coach.told and LESSON.steps[scene.coach.index].id == step
