"""Planet etuC's lesson (tabletop/games/etuc/lesson.toml and lesson.py):
its steps and their hooks, every claim its words make checked against the
rules at the position the lesson reaches each step at, and the lesson in the
real frame: the light on the card, a wrong move answered with a reason in
the coach's panel that neither passes the step nor changes the game, the
right move passing it, and leaving and coming back to the same table.
"""

from __future__ import annotations

import re
from typing import Any

import pygame
import pytest

from tabletop.core import lesson as lessons
from tabletop.core.lesson import Coach, Step, StepHooks
from tabletop.core.session import Session
from tabletop.games import REGISTRY
from tabletop.games.etuc.rules import RULES, Card, EtucState, Pass, Play, parse_card
from tabletop.ui.flow import start_lesson
from tests.etuc.tables import table_of
from tests.ui.driver import Driver, app_fixture, driver_fixture
from tools import lessons as tool

__all__ = ["app_fixture", "driver_fixture"]

ENTRY = REGISTRY["etuc"]
LESSON, HOOKS = lessons.load(ENTRY)
IDS = [step.id for step in LESSON.steps]


def _index(step_id: str) -> int:
    return IDS.index(step_id)


def _hooks(step: Step) -> StepHooks:
    return HOOKS.get(step.id, StepHooks())


def _reached(index: int) -> tuple[Session, Coach]:
    """The lesson's session and coach at step ``index``, reached as a player
    coming back to it reaches it (the steps before replayed as the lesson asks)."""
    session = Session(
        ENTRY, LESSON.config(ENTRY), LESSON.seed, LESSON.seats, threaded=False, timed=False
    )
    coach = Coach(LESSON, HOOKS, session.rules)
    lessons.fast_forward(session, coach, index)
    assert coach.index == index, f"the lesson stops at step {coach.index + 1}, not {index + 1}"
    return session, coach


# -- the files --------------------------------------------------------------------------


def test_the_lesson_has_ten_steps_or_more_and_every_act_step_can_be_done_and_done_wrong() -> None:
    assert len(LESSON.steps) >= 10
    assert LESSON.players == 2 and LESSON.seats[LESSON.seat].kind == "human"
    assert [s.kind for i, s in enumerate(LESSON.seats) if i != LESSON.seat] == ["bot"]
    for step in LESSON.steps:
        hooks = _hooks(step)
        if step.do == "act":
            assert None not in (hooks.accept, hooks.solve, hooks.perform, hooks.wrong), step.id
        if step.do in ("next", "act"):  # their words speak of the position
            assert hooks.claims is not None, f"{step.id}'s words are not checked"
        if "{" in step.say:
            assert hooks.words is not None, f"{step.id}'s placeholders are never filled"


def test_the_lesson_teaches_in_a_teachers_order() -> None:
    """Singles before pairs, a pass before the round's end, the points last."""
    order = [
        "lead",
        "open",
        "by-symbol",
        "must-pass",
        "round-over",
        "by-number",
        "pair",
        "going-out",
        "play-on",
        "points",
    ]
    assert [i for i in IDS if i in order] == order


# -- the claims, at the position each step is reached at ----------------------------------


@pytest.mark.parametrize("index", range(len(LESSON.steps)), ids=IDS)
def test_every_claim_a_step_makes_holds_where_the_lesson_reaches_it(index: int) -> None:
    session, coach = _reached(index)
    step = LESSON.steps[index]
    hooks = _hooks(step)
    state = session.state
    if hooks.claims is not None:
        assert list(hooks.claims(state)) == []
    words = coach.words(state)
    assert not re.search(r"\{\w+\}", words), f"a placeholder is left in {words!r}"
    if step.do == "act":
        assert hooks.solve is not None and hooks.accept is not None and hooks.wrong is not None
        move = hooks.solve(state)
        assert RULES.check(state, move) is None and hooks.accept(state, move) is None
        wrong = hooks.wrong(state)
        why = RULES.check(state, wrong) or hooks.accept(state, wrong)
        assert why, f"{step.id}: the wrong move {wrong} would pass"


def test_the_claims_are_checked_against_the_position_not_assumed() -> None:
    """A step's claims fail at a position its words do not describe."""
    session, _ = _reached(0)
    start = session.state
    for step_id in ("open", "by-symbol", "must-pass", "round-over", "pair", "points", "next-game"):
        claims = _hooks(LESSON.steps[_index(step_id)]).claims
        assert claims is not None and list(claims(start)), f"{step_id}'s claims hold anywhere"


def test_the_words_name_what_bob_played() -> None:
    session, coach = _reached(_index("by-symbol"))
    last = session.state.last
    assert last is not None and last.seat == 1
    assert f"Bob played the {last.cards[0].colour_name} {last.cards[0].number}:" in coach.words(
        session.state
    )


def test_the_lesson_plays_the_first_game_to_its_end_and_the_next_is_dealt() -> None:
    session, coach = _reached(len(LESSON.steps) - 1)
    state = session.state
    assert state.game == 2 and len(state.results) == 1
    result = state.results[0]
    assert session.rules.to_move(state) == state.starter == result.order[-1]
    assert coach.words(state).startswith("Game 2 is dealt")


# -- in the frame ---------------------------------------------------------------------------


def _start(driver: Driver, at: int = 0) -> Any:
    app = driver.app
    app.settings = app.settings.with_lesson("etuc", at, False)
    scene = start_lesson(app, ENTRY, again=at == 0)
    assert scene is not None and scene.coach.index == at
    driver.frames(2)
    return scene


def _card(driver: Driver, scene: Any, name: str) -> None:
    point = table_of(scene).card_point(parse_card(name))
    assert point is not None, f"{name} cannot be clicked"
    driver.click(point)


def _panel(scene: Any, driver: Driver) -> str:
    return " ".join(t for t, _ in scene.coach_panel.lines(driver.app.theme, scene.session.state))


def test_the_light_is_on_the_card_the_step_names(driver: Driver) -> None:
    scene = _start(driver, _index("lead"))
    table = table_of(scene)
    light = scene.coach_light()
    assert light is not None and light == table.locate("card:5Y")
    point = table.card_point(Card(5, 2))
    assert point is not None and light.collidepoint(point)
    # the light stops where the next card is fanned over it
    cards = table.hand_cards()
    following = cards[cards.index(Card(5, 2)) + 1]
    other = table.card_point(following)
    assert other is not None and not light.collidepoint(other)
    assert "click your yellow 5, the lit card" in _panel(scene, driver)


def test_every_act_steps_light_is_what_its_move_uses() -> None:
    for index, step in enumerate(LESSON.steps):
        if step.do != "act":
            continue
        session, _ = _reached(index)
        solve = _hooks(step).solve
        assert solve is not None, step.id
        move = solve(session.state)
        kind, _, names = step.light.partition(":")
        if isinstance(move, Pass):
            assert kind == "pass", step.id
        else:
            assert kind == "card", step.id
            assert tuple(sorted(parse_card(n) for n in names.split("+"))) == move.cards


def test_a_wrong_card_is_answered_in_the_panel_and_the_lit_card_passes_the_step(
    driver: Driver,
) -> None:
    scene = _start(driver)
    coach = scene.coach
    driver.click(scene.coach_panel.next_button.rect.center)
    driver.click(scene.coach_panel.next_button.rect.center)
    assert coach.index == _index("lead")
    table = table_of(scene)
    _card(driver, scene, "1O")  # a card that may lead, but not the step's
    assert table.play_button.enabled
    driver.click(table.play_button.rect.center)
    assert coach.index == _index("lead") and scene.session.ply == 0
    assert coach.told.startswith("this step leads your yellow 5 on its own")
    assert "Not quite: this step leads your yellow 5" in _panel(scene, driver)
    _card(driver, scene, "1O")  # put it back
    _card(driver, scene, "5Y")
    driver.click(table.play_button.rect.center)
    assert scene.session.actions == [Play.of("5Y")]
    assert coach.index == _index("open") and coach.told == ""


def test_an_illegal_play_gets_the_rules_reason_and_changes_nothing(driver: Driver) -> None:
    at = _index("top-by-symbol")
    scene = _start(driver, at)
    coach = scene.coach
    table = table_of(scene)
    before, ply = scene.session.state, scene.session.ply
    _card(driver, scene, "5O")  # a higher number, but the round goes by symbol
    reason = RULES.check(before, Play.of("5O"))
    assert reason == "This round is played by symbol: play a stronger colour than green."
    assert table.local.reason == reason and not table.play_button.enabled
    driver.click(table.play_button.rect.center)  # the greyed Play: the frame asks the rules
    assert coach.index == at and coach.told == reason
    assert f"Not quite: {reason} Try again." in _panel(scene, driver)
    assert scene.session.ply == ply and scene.session.state == before
    assert any(t.text == reason for t in driver.app.toasts.items)
    _card(driver, scene, "5O")
    _card(driver, scene, "1B")
    driver.click(table.play_button.rect.center)
    assert scene.session.actions[-1] == Play.of("1B") and coach.index == at + 1


def test_the_forced_pass_refuses_the_strongest_card_then_passes(driver: Driver) -> None:
    at = _index("must-pass")
    scene = _start(driver, at)
    coach = scene.coach
    table = table_of(scene)
    assert scene.coach_light() == table.pass_button.rect
    _card(driver, scene, "5P")
    driver.key(pygame.K_RETURN)  # Enter asks the rules as the greyed Play does
    assert coach.index == at
    assert coach.told == "This round is played by symbol: play a stronger colour than purple."
    driver.click(table.pass_button.rect.center)
    assert scene.session.actions[-1] == Pass() and coach.index == at + 1
    state: EtucState = scene.session.state
    assert not state.table and state.turn == 1  # the round is over: Bob leads


def test_a_next_step_lets_no_move_through(driver: Driver) -> None:
    scene = _start(driver)
    table = table_of(scene)
    _card(driver, scene, "5Y")
    driver.click(table.play_button.rect.center)
    assert scene.session.ply == 0 and scene.coach.index == 0
    assert "press Next" in scene.coach.told


def test_bob_moves_only_in_a_wait_step(driver: Driver) -> None:
    scene = _start(driver, _index("open"))
    driver.frames(120)
    assert scene.session.ply == 1 and scene.coach.index == _index("open")
    driver.key(pygame.K_n)
    driver.until(lambda: scene.coach.index == _index("by-symbol"))
    assert scene.session.ply == 2 and scene.session.to_move() == 0


def test_leaving_and_coming_back_finds_the_same_table(driver: Driver) -> None:
    at = _index("pair")
    scene = _start(driver, at)
    state, actions = scene.session.state, list(scene.session.actions)
    driver.click(scene.coach_panel.leave_button.rect.center)
    assert type(driver.top).__name__ == "TitleScene"
    assert driver.app.settings.lesson_step("etuc") == at
    again = start_lesson(driver.app, ENTRY)
    assert again is not None and again.coach.index == at
    assert again.session.state == state and list(again.session.actions) == actions
    assert again.coach.words(again.session.state) == scene.coach.words(state)


def test_the_whole_lesson_plays_through_the_frame_at_the_smallest_window(driver: Driver) -> None:
    report = tool.play_lesson(driver.app, ENTRY)
    assert report.finished, report.problems
    assert driver.app.settings.lesson_done("etuc")


def test_the_words_fit_the_panel_at_the_smallest_window(driver: Driver) -> None:
    """Every step's words, and the answer to its wrong try under them (the
    step's own wrong move, or a move where none is asked), show whole in
    the coach's panel at 960x600: nothing is cut to a hover."""
    scene = _start(driver)
    panel = scene.coach_panel
    theme = driver.app.theme
    room = panel.leave_button.rect.y - theme.px(6) - panel.rect.y - theme.px(8)
    room -= theme.font("small", bold=True).get_linesize() + theme.px(4)
    rows = room // theme.small.get_linesize()
    for index, step in enumerate(LESSON.steps):
        session, coach = _reached(index)
        state = session.state
        wrong = _hooks(step).wrong
        if wrong is not None:
            move = wrong(state)
            why = RULES.check(state, move) or coach.refusal(state, move)
        else:
            why = coach.refusal(state, Pass())
        if why:
            coach.wrong(why)
        panel.coach = coach
        assert len(panel.lines(theme, state)) <= rows, step.id
