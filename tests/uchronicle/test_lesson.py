"""Uchronicle's lessons (lesson.toml, the standard game; lesson-expert.toml,
the expert game): the files load with ten steps or more each; every claim a
step's words make holds at the position the lesson reaches, checked against
the rules; through the real frame, a wrong click or an illegal play is
answered in the coach's panel with a reason, changes nothing and passes no
step, and the right move then passes it; a player who leaves at a step and
comes back finds the same table; each lesson keeps its own progress and the
setup screen offers the second beside Learn to play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core import lesson as lessons
from tabletop.core.lesson import Coach, fast_forward
from tabletop.core.session import Session
from tabletop.games import REGISTRY
from tabletop.games.uchronicle import lesson as first
from tabletop.games.uchronicle import lesson_expert as expert
from tabletop.games.uchronicle.model import Pick, Play, parse_card
from tabletop.games.uchronicle.rules import RULES
from tabletop.ui.flow import start_lesson
from tabletop.ui.gamescene import GameScene
from tests.uchronicle.tables import table_of
from tests.ui.driver import Driver, make_app

ENTRY = REGISTRY["uchronicle"]
FIRST, EXPERT = "uchronicle", "uchronicle/expert"
SIZE = (960, 600)


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, SIZE)
    a.update_settings(anim_speed=0)
    try:
        yield a
    finally:
        a.shutdown()


@pytest.fixture(name="driver")
def driver_fixture(app: App) -> Driver:
    return Driver(app)


def _coach_at(lesson_id: str, index: int) -> tuple[Session, Coach]:
    """A fresh session of the lesson, its steps before ``index`` replayed as
    the lesson asks (fast_forward, as coming back does)."""
    lesson, hooks = lessons.load(ENTRY, lesson_id)
    session = Session(
        ENTRY, lesson.config(ENTRY), lesson.seed, lesson.seats, threaded=False, timed=False
    )
    coach = Coach(lesson, hooks, session.rules)
    fast_forward(session, coach, index)
    return session, coach


# -- the files ----------------------------------------------------------------------------------


def test_uchronicle_ships_two_lessons_of_ten_steps_or_more() -> None:
    assert lessons.lesson_ids(ENTRY) == (FIRST, EXPERT)
    standard, hooks = lessons.load(ENTRY, FIRST)
    hard, expert_hooks = lessons.load(ENTRY, EXPERT)
    assert len(standard.steps) >= 10 and len(hard.steps) >= 10
    assert not standard.config(ENTRY).get("expert", False)
    assert hard.config(ENTRY).get("expert") is True
    assert standard.offer == "Learn to play" and hard.offer == "Learn the expert game"
    assert hooks is first.HOOKS and expert_hooks is expert.HOOKS
    for lesson, steps_hooks in ((standard, hooks), (hard, expert_hooks)):
        assert [s.kind for s in lesson.seats] == ["human", "bot", "bot"]
        for step in lesson.steps:
            hook = steps_hooks.get(step.id, lessons.StepHooks())
            if step.do == "act":  # every act step has its move, its check and a wrong try
                assert hook.accept and hook.solve and hook.perform and hook.wrong, step.id


@pytest.mark.parametrize("lesson_id", [FIRST, EXPERT])
def test_every_steps_claims_hold_where_the_lesson_reaches_it(lesson_id: str) -> None:
    lesson, hooks = lessons.load(ENTRY, lesson_id)
    for index, step in enumerate(lesson.steps):
        session, coach = _coach_at(lesson_id, index)
        assert coach.index == index, f"step {index + 1} ({step.id}) was not reached"
        state = session.state
        hook = coach.hooks_of(step)
        if hook.claims is not None:
            assert list(hook.claims(state)) == [], f"step {index + 1} ({step.id})"
        words = coach.words(state)
        assert "{" not in words and "}" not in words, f"step {index + 1}: {words}"
        if step.do == "act":  # the step's own move is legal and what it accepts
            move = hook.solve(state)
            assert RULES.check(state, move) is None and hook.accept(state, move) is None
            wrong = hook.wrong(state)
            reason = RULES.check(state, wrong) or hook.accept(state, wrong)
            assert reason, f"step {index + 1}: the wrong move {wrong} is not refused"


def test_a_claim_that_does_not_hold_is_reported() -> None:
    """The claims read the position: the same hooks on another position say what is false."""
    session, _ = _coach_at(FIRST, 4)  # "free": A4 beats A3
    state = session.state
    assert first.HOOKS["free"].claims(state) == []
    other = RULES.setup(ENTRY.default_config(3), 1)
    assert first.HOOKS["first-trick"].claims(other)
    assert first.HOOKS["cost"].claims(state)


# -- through the frame ----------------------------------------------------------------------


def _open(driver: Driver, lesson_id: str, index: int) -> GameScene:
    """The lesson opened at step ``index`` as a player coming back finds it."""
    app = driver.app
    app.settings = app.settings.with_lesson(lesson_id, index, False)
    scene = start_lesson(app, ENTRY, lesson_id=lesson_id)
    assert isinstance(scene, GameScene) and scene.coach is not None
    driver.frames(2)
    assert scene.coach.index == index
    return scene


def _panel_says(driver: Driver, scene: GameScene, words: str) -> bool:
    assert scene.coach_panel is not None
    rows = scene.coach_panel.lines(driver.app.theme, scene.session.state)
    return words in " ".join(text for text, _ in rows)


def _play_button(driver: Driver, scene: GameScene) -> None:
    driver.click(table_of(scene).play_button.rect.center)


def test_a_wrong_card_then_an_illegal_play_are_answered_and_the_step_waits(
    driver: Driver,
) -> None:
    scene = _open(driver, FIRST, 4)  # "free": play A4, as the rules stand
    coach, table = scene.coach, table_of(scene)
    assert coach is not None
    ply, state = scene.session.ply, scene.session.state
    b3, a4 = parse_card("B3"), parse_card("A4")
    # a click on another card picks it; Play then plays its first chip, a
    # legal move (it makes B trump) that this step does not teach
    driver.click(table.card_point(b3))
    assert table.local.selected == b3
    _play_button(driver, scene)
    assert coach.index == 4 and scene.session.ply == ply and scene.session.state == state
    assert coach.told.startswith("this step asks for A4")
    assert _panel_says(driver, scene, "Not quite: this step asks for A4")
    # an illegal play: B3 keeping the rules does not beat A3; the rules say why
    scene.act(Play(b3, state.rules))
    assert coach.index == 4 and scene.session.ply == ply
    assert coach.told == "A3 would still beat your card B3 under higher wins, no trump."
    assert _panel_says(driver, scene, "A3 would still beat your card B3")
    # the lit card, then Play: the step is passed
    assert scene.coach_light() == table.card_rect(a4)
    driver.click(table.card_point(a4))
    _play_button(driver, scene)
    assert coach.index == 5 and scene.session.actions[-1].card == a4
    assert coach.told == ""


def test_the_expert_lesson_refuses_removing_a_card_of_the_present_trick(driver: Driver) -> None:
    scene = _open(driver, EXPERT, 8)  # "own-card": A1, paying for your old D3
    coach = scene.coach
    assert coach is not None
    state, ply = scene.session.state, scene.session.ply
    a1, b3 = parse_card("A1"), parse_card("B3")
    scene.act(Play(a1, state.rules, Pick((b3,))))
    assert coach.index == 8 and scene.session.ply == ply
    assert coach.told == "B3 is in the present trick: only cards of past tricks can be removed."
    assert _panel_says(driver, scene, "only cards of past tricks can be removed")
    # a dearer chip of the right card: legal, and the step says why not
    plays = first.plays_of(state, a1)
    scene.act(plays[-1])
    assert coach.index == 8 and scene.session.ply == ply
    assert coach.told == "this step asks for A1's first chip, the cheapest: one point."
    perform = expert.HOOKS["own-card"].perform
    assert perform is not None
    for event in perform(scene):
        driver.frame([event])
    assert coach.index == 9
    assert scene.session.state.removed[first.YOU] == (parse_card("D3"),)


def test_gesture_steps_pass_on_the_card_and_chip_they_name(driver: Driver) -> None:
    scene = _open(driver, FIRST, 11)  # "pick": click A2
    coach, table = scene.coach, table_of(scene)
    assert coach is not None
    driver.click(table.card_point(parse_card("A5")))  # another card: no pass
    assert coach.index == 11
    assert table.lesson_value("picked:A2") is False
    a2 = table.card_point(parse_card("A2"))
    driver.click(a2)
    assert coach.index == 12 and table.lesson_value("picked:A2") is True
    chip_0 = table.locate("chip:A2:0")
    chip_1 = table.locate("chip:A2:1")
    assert chip_0 is not None and chip_1 is not None and chip_0 != chip_1
    driver.move(chip_0.center)  # the first chip: not the one asked for
    assert coach.index == 12
    driver.move(chip_1.center)
    assert coach.index == 13
    assert scene.coach_light() == chip_0
    ply = scene.session.ply
    driver.click(chip_0.center)  # the chosen chip, clicked: it is played
    assert coach.index == 14 and scene.session.ply == ply + 1


def test_a_light_on_a_chip_falls_on_its_card_until_the_card_is_picked(driver: Driver) -> None:
    scene = _open(driver, FIRST, 13)  # "cheapest", come back to: A2 is not picked
    table = table_of(scene)
    a2 = parse_card("A2")
    assert table.local.selected is None
    assert scene.coach_light() == table.card_rect(a2)
    driver.click(table.card_point(a2))
    assert scene.coach_light() == table.locate("chip:A2:0") != table.card_rect(a2)


def _do_step(driver: Driver, scene: GameScene) -> None:
    """Do what the step asks, as a person would (tools/lessons.py's way)."""
    coach = scene.coach
    assert coach is not None and coach.step is not None
    step, index = coach.step, coach.index
    hook = coach.hooks_of(step)
    if step.do == "next":
        assert scene.coach_panel is not None
        driver.click(scene.coach_panel.next_button.rect.center)
    elif step.do in ("act", "gesture"):
        assert hook.perform is not None
        for event in hook.perform(scene):
            driver.frame([event])
    else:
        driver.until(lambda: coach.index != index, frames=3000)
    driver.until(lambda: coach.index != index and not scene.animating)
    assert coach.index == index + 1


@pytest.mark.parametrize(("lesson_id", "leave_at"), [(FIRST, 11), (EXPERT, 10)])
def test_leaving_at_a_step_and_coming_back_finds_the_same_table(
    driver: Driver, lesson_id: str, leave_at: int
) -> None:
    scene = start_lesson(driver.app, ENTRY, lesson_id=lesson_id, again=True)
    assert isinstance(scene, GameScene) and scene.coach is not None
    driver.frames(2)
    while scene.coach.index < leave_at:
        _do_step(driver, scene)
    state, actions = scene.session.state, list(scene.session.actions)
    assert scene.coach_panel is not None
    driver.click(scene.coach_panel.leave_button.rect.center)
    assert type(driver.top).__name__ == "TitleScene"
    assert driver.app.settings.lesson_step(lesson_id) == leave_at
    again = start_lesson(driver.app, ENTRY, lesson_id=lesson_id)
    assert isinstance(again, GameScene) and again.coach is not None
    assert again.coach.index == leave_at
    assert again.session.actions == actions and again.session.state == state


def test_each_lesson_keeps_its_own_progress_and_the_setup_offers_both(driver: Driver) -> None:
    from tabletop.ui.menus import SetupScene

    app = driver.app
    app.settings = app.settings.with_lesson(EXPERT, 3, False)
    setup = SetupScene(app, ENTRY)
    app.stack.push(setup)
    driver.frames(1)
    assert setup.lesson is not None and setup.lesson.text == "Learn to play"
    (more,) = setup.more_lessons
    assert more.text == "Learn the expert game" and "step 4" in more.tooltip
    driver.click(more.rect.center)
    scene = driver.top
    assert isinstance(scene, GameScene) and scene.coach is not None
    assert scene.coach.lesson.id == EXPERT and scene.coach.index == 3
    assert scene.session.state.expert
    assert app.settings.lesson_step(FIRST) == 0 and not app.settings.lesson_done(FIRST)
    # the title card's Learn to play opens the first lesson
    app.stack.reset(app.home())
    driver.frames(1)
    driver.click(driver.top.lessons[FIRST].rect.center)
    scene = driver.top
    assert isinstance(scene, GameScene) and scene.coach is not None
    assert scene.coach.lesson.id == FIRST and not scene.session.state.expert
    assert app.settings.lesson_step(EXPERT) == 3


def test_the_n_key_passes_a_next_step_and_no_move_is_let_through_before(
    driver: Driver,
) -> None:
    scene = _open(driver, FIRST, 0)
    coach = scene.coach
    assert coach is not None
    state = scene.session.state
    # Basil is to move: no move of yours is let through, and the bots wait
    driver.frames(30)
    assert scene.session.ply == 0 and scene.session.state == state
    driver.key(pygame.K_n)
    assert coach.index == 1
