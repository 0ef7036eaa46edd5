"""Planepita's lesson (tabletop/games/planepita/lesson.toml and lesson.py):
its file and hooks, every step's claims where the lesson reaches it (also
after flicks a person might make, not the lesson's own), and the lesson in
the real frame: a wrong flick or button is answered with a reason and
changes nothing, the right one passes the step, and leaving and coming
back finds the table as it was left. tests/test_lessons.py plays the whole
lesson through the frames with tools/lessons.py."""

from __future__ import annotations

import random
import re
from dataclasses import replace
from typing import Any

import pytest

from tabletop.core import lesson as lessons
from tabletop.core.lesson import Coach, fast_forward
from tabletop.core.session import Session
from tabletop.games.planepita import ENTRY
from tabletop.games.planepita import lesson as pp_lesson
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.lesson import ADA, ADA_NAME, YOU
from tabletop.games.planepita.model import Flick, Flip, Phase, PlanepitaState
from tabletop.ui.gamescene import GameScene
from tests.ui.driver import Driver, app_fixture, driver_fixture

__all__ = ["app_fixture", "driver_fixture"]

LESSON, HOOKS = lessons.load(ENTRY)
IDS = [step.id for step in LESSON.steps]
#: the lights the table locates (PlanepitaTable.locate)
LIGHTS = {"planet", "pad", "disc", "jammer", "flip", "count", "slots", "seats", "hole"}


def index(step_id: str) -> int:
    return IDS.index(step_id)


def _session() -> Session:
    return Session(
        ENTRY, LESSON.config(ENTRY), LESSON.seed, LESSON.seats, threaded=False, timed=False
    )


# -- the files ---------------------------------------------------------------------


def test_the_lesson_loads_with_its_table_and_a_hook_for_what_each_step_needs() -> None:
    assert len(LESSON.steps) >= 10
    assert LESSON.players == 2 and LESSON.seat == YOU
    assert LESSON.seats[ADA].name == ADA_NAME and LESSON.seats[ADA].level == "easy"
    assert dict(LESSON.variants) == {"third_party": False}
    for step in LESSON.steps:
        hooks = HOOKS.get(step.id, lessons.StepHooks())
        assert step.light == "" or step.light in LIGHTS, step.id
        if step.do == "act":
            assert hooks.accept and hooks.solve and hooks.perform and hooks.wrong, step.id
        if step.do == "gesture":
            assert step.value == "pad" and hooks.perform is not None
        if re.search(r"{\w+}", step.say):
            assert hooks.words is not None, step.id
    # every teaching point of a first game, in a teacher's order
    assert IDS.index("areas") < IDS.index("pad") < IDS.index("pull") < IDS.index("flip")
    assert IDS.index("jammer") < IDS.index("hole") < IDS.index("aim") < IDS.index("count")
    assert IDS.index("count") < IDS.index("last") < IDS.index("scored")


# -- the claims ---------------------------------------------------------------------


def _check_step(coach: Coach, state: PlanepitaState) -> None:
    step = coach.step
    assert step is not None
    claims = coach.hooks_of(step).claims
    assert claims is not None, f"{step.id} makes claims its hooks do not check"
    assert list(claims(state)) == [], step.id
    words = coach.words(state)
    assert "{" not in words and "?" not in words.replace("face up?", ""), (step.id, words)


def test_every_steps_claims_hold_where_the_lesson_reaches_it() -> None:
    """Fast-forward to each step in turn (the lesson's own moves, the bots'
    of its wait steps) and run its claims against the rules."""
    session = _session()
    coach = Coach(LESSON, HOOKS, session.rules)
    for i, step in enumerate(LESSON.steps):
        fast_forward(session, coach, i)
        assert coach.index == i, f"the lesson stopped before {step.id}"
        _check_step(coach, session.state)
    fast_forward(session, coach, len(LESSON.steps))
    assert coach.done and session.state.round == 2


def _persons_move(state: PlanepitaState, rng: random.Random) -> Any:
    """Anything a person might try: a flick from anywhere on their stretch
    at any aim and speed, either flip, a jammer spot anywhere it may go."""
    if state.phase is Phase.FLIP:
        return Flip(rng.random() < 0.5)
    if state.phase is Phase.PLACE_JAMMER:
        return pp_rules.sample_action(state, rng)
    return Flick(round(rng.random(), 3), round(rng.uniform(-55, 55), 1), rng.uniform(200, 3000))


@pytest.mark.parametrize("person", [1, 2, 3, 4])
def test_the_claims_hold_whatever_flicks_pass_the_steps(person: int) -> None:
    """A person's flicks are not the lesson's: moves drawn at random (the
    person's generator seeded ``person``) until the step lets one through,
    the bots answering; every step's claims hold where the person gets to
    it, and the lesson reaches its end."""
    rng = random.Random(person)
    session = _session()
    coach = Coach(LESSON, HOOKS, session.rules)
    while not coach.done:
        step = coach.step
        assert step is not None
        _check_step(coach, session.state)
        if step.do in ("next", "gesture"):
            coach._advance()
            continue
        for _ in range(400):
            if step.do != "act" and coach.waiting_over(session.state):
                coach.tick(session.state)
                break
            if session.is_bot_turn():
                session.play(session.bot_action())
                continue
            for _ in range(5000):
                move = _persons_move(session.state, rng)
                if session.check(move, YOU) is None and coach.refusal(session.state, move) is None:
                    break
            else:
                raise AssertionError(f"no move a person makes passes {step.id}")
            before = session.state
            session.play(move)
            coach.played(before, move, session.state)
            if step.do == "act":
                break
        else:
            raise AssertionError(f"{step.id} never ended")
    assert session.state.round == 2


def test_each_flick_step_lets_through_what_it_teaches_and_says_why_not_otherwise() -> None:
    session = _session()
    coach = Coach(LESSON, HOOKS, session.rules)
    fast_forward(session, coach, index("pull"))
    state = session.state
    top = pp_rules.params_of(state).launch.max_speed
    # too soft: it would stay on the pad (the rules would hand it back, P4)
    assert pp_lesson.accept_ring(state, Flick(0.5, 0.0, 100.0)) == pp_lesson.SOFT
    # the hardest flick aside: it would leave the planet
    off = pp_lesson.wrong_too_hard(state)
    assert off.speed == top and pp_lesson.accept_ring(state, off) == pp_lesson.OFF
    # the flick the step plays lands in a ring the jammer is not in, on the planet
    flick = pp_lesson.solve_ring(state)
    land = pp_lesson.landing(state, flick)
    assert land.area in (4, 3) and land.area != land.jammer_area
    after = session.rules.apply(state, flick)
    assert after.phase is Phase.FLIP and pp_rules.can_flip(after)
    # the advice: short of the 4-pt ring pull farther; in the centre, or past it, pull less
    assert replace(land, area=3, beyond=False).advice(4) == "Pull farther."
    assert replace(land, area=5, beyond=False).advice(4) == "Pull less."
    assert replace(land, area=3, beyond=True).advice(4) == "Pull less."
    # the aim step asks for the side the pad is not on
    fast_forward(session, coach, index("aim"))
    state = session.state
    wrong = pp_lesson.wrong_aim(state)
    assert pp_lesson.accept_target(state, wrong) is not None
    right = pp_lesson.solve_target(state)
    land = pp_lesson.landing(state, right)
    assert land.area == pp_lesson.target_ring(state) and land.disc is not None
    assert (land.disc.x < 0) == (pp_lesson.target_side(state) == "left")


# -- in the frame --------------------------------------------------------------------


def _start(driver: Driver) -> GameScene:
    from tabletop.ui.flow import start_lesson

    scene = start_lesson(driver.app, ENTRY, again=True)
    assert isinstance(scene, GameScene) and scene.coach is not None
    driver.frames(2)
    return scene


def _settle(driver: Driver, scene: GameScene) -> None:
    driver.until(
        lambda: driver.top is scene and not scene.animating and not scene.session.bot_thinking(),
        frames=4000,
    )


def _post(driver: Driver, events: list[Any]) -> None:
    assert events, "the step's perform made no events"
    for event in events:
        driver.frame([event])


def _fits(driver: Driver, scene: GameScene) -> None:
    """The coach's words, and the answer to a wrong try, are whole in its
    panel (none left for the hover that shows what was cut)."""
    panel, t = scene.coach_panel, driver.app.theme
    assert panel is not None
    top = panel.rect.y + t.px(8) + t.font("small", bold=True).get_linesize() + t.px(4)
    foot = panel.leave_button.rect.y - t.px(6)
    rows = panel.lines(t, scene.session.state)
    assert len(rows) * t.small.get_linesize() <= foot - top, [text for text, _ in rows]


def _to_step(driver: Driver, scene: GameScene, step_id: str, *, own_moves: bool) -> None:
    """Do what each step asks until ``step_id`` shows: Next, the gesture,
    the step's move (``own_moves``: the lesson's ``solve`` through the
    frame, else a person's mouse events, its ``perform``), the others' moves.
    Every step on the way has its light where the window shows it."""
    coach = scene.coach
    assert coach is not None
    window = driver.app.screen.get_rect()
    target = index(step_id)
    for _ in range(2000):
        _settle(driver, scene)
        if coach.index >= target:
            break
        step = coach.step
        assert step is not None
        hooks = coach.hooks_of(step)
        _fits(driver, scene)
        if step.light:
            lit = scene.coach_light()
            assert lit is not None and window.contains(lit), (step.id, lit)
        # the person's turn in a play step whose condition holds: the next frame passes it
        mine = scene.session.to_move() == YOU and not coach.waiting_over(scene.session.state)
        if step.do == "next":
            driver.click(scene.coach_panel.next_button.rect.center)
        elif step.do == "gesture" or (step.do == "act" and not own_moves):
            assert hooks.perform is not None
            _post(driver, list(hooks.perform(scene)))
        elif step.do == "act" or (step.do == "play" and mine):
            assert hooks.solve is not None
            if own_moves:
                assert scene.act(hooks.solve(scene.session.state))
            else:
                assert hooks.perform is not None
                _post(driver, list(hooks.perform(scene)))
        else:
            driver.frame()
    assert coach.index == target


def _told(scene: GameScene, driver: Driver) -> list[str]:
    assert scene.coach_panel is not None
    return [
        text for text, _ in scene.coach_panel.lines(driver.app.theme, scene.session.state) if text
    ]


def test_a_wrong_flick_is_answered_with_the_reason_and_changes_nothing(driver: Driver) -> None:
    scene = _start(driver)
    coach = scene.coach
    assert coach is not None
    _to_step(driver, scene, "pull", own_moves=False)
    table = scene.table
    state, ply = scene.session.state, scene.session.ply
    # a click on the disc without a pull: a flick with no speed, which the rules refuse
    disc = table.geo.ipx(*table.geo.pose(YOU, table.pad_pos(YOU)).start)
    driver.click(disc)
    assert coach.index == index("pull") and coach.tries == 1
    assert coach.told == "A launch must move the disc: the speed must be above zero."
    assert scene.session.ply == ply and scene.session.state is state
    panel = " ".join(_told(scene, driver))
    assert "Not quite: A launch must move the disc" in panel and "Try again." in panel
    _fits(driver, scene)
    # the hardest pull straight back: legal, but not what the step teaches
    hard = Flick(table.pad_pos(YOU), 0.0, table.limits()[0])
    events, made = pp_lesson.pull_events(scene, hard)
    assert made is not None and made.speed == hard.speed
    reason = pp_lesson.accept_ring(state, made)
    assert reason is not None
    _post(driver, events)
    assert coach.index == index("pull") and coach.tries == 2 and coach.told == reason
    _fits(driver, scene)
    assert scene.session.ply == ply and scene.session.state is state
    # the pull the step asks for: a ring outside the jammer's area
    hooks = coach.hooks_of(LESSON.steps[index("pull")])
    assert hooks.perform is not None
    _post(driver, list(hooks.perform(scene)))
    assert coach.index == index("flip") and coach.tries == 0 and coach.told == ""
    flick = scene.session.actions[-1]
    assert isinstance(flick, Flick) and flick.pad == pytest.approx(table.pad_pos(YOU), abs=1e-3)
    assert pp_lesson.accept_ring(state, flick) is None
    # the flip: Face up is answered, Face down passes
    _settle(driver, scene)
    assert scene.coach_light() is not None  # the Face down button is lit
    ply = scene.session.ply
    driver.press("Face up")
    assert coach.index == index("flip") and scene.session.ply == ply
    assert coach.told == pp_lesson.accept_face_down(scene.session.state, Flip(False))
    _fits(driver, scene)
    driver.press("Face down")
    assert coach.index == index("ada-again")
    down = next(d for d in scene.session.state.layout.discs if d.owner == YOU)
    assert down.face_down


def test_the_pad_step_passes_only_when_the_pad_moves(driver: Driver) -> None:
    scene = _start(driver)
    coach = scene.coach
    assert coach is not None
    _to_step(driver, scene, "pad", own_moves=False)
    table = scene.table
    before = table.lesson_value("pad")
    ply = scene.session.ply
    # a pull is a move: this step asks for none
    pose = table.geo.pose(YOU, table.pad_pos(YOU))
    start = table.geo.ipx(*pose.start)
    driver.drag(start, (start[0], start[1] - 40))
    assert coach.index == index("pad") and scene.session.ply == ply
    assert coach.told == "First do what the coach's note asks; no move is needed yet."
    driver.click(table.geo.planet_rect.center)  # a click on the planet moves no pad
    driver.frames(2)
    assert coach.index == index("pad") and table.lesson_value("pad") == before
    hooks = coach.hooks_of(LESSON.steps[index("pad")])
    assert hooks.perform is not None
    _post(driver, list(hooks.perform(scene)))
    driver.frames(2)
    assert coach.index == index("pull")
    assert table.lesson_value("pad") != before and scene.session.ply == ply


def test_the_aim_step_answers_a_straight_pull_and_takes_an_aimed_one(driver: Driver) -> None:
    scene = _start(driver)
    coach = scene.coach
    assert coach is not None
    _to_step(driver, scene, "aim", own_moves=False)
    state, ply = scene.session.state, scene.session.ply
    events, made = pp_lesson.pull_events(scene, pp_lesson.wrong_aim(state))
    assert made is not None
    reason = pp_lesson.accept_target(state, made)
    assert reason is not None
    _post(driver, events)
    assert coach.index == index("aim") and coach.told == reason
    _fits(driver, scene)
    assert scene.session.ply == ply and scene.session.state is state
    hooks = coach.hooks_of(LESSON.steps[index("aim")])
    assert hooks.perform is not None
    _post(driver, list(hooks.perform(scene)))
    assert coach.index == index("decide")
    flick = scene.session.actions[ply]
    assert isinstance(flick, Flick) and flick.angle != pytest.approx(0.0, abs=2.0)
    assert pp_lesson.accept_target(state, flick) is None


def test_leaving_and_coming_back_finds_the_table_as_left(driver: Driver) -> None:
    """Played with the lesson's own moves, the table a player comes back to
    is the very one they left; played with a person's own flicks, it is the
    lesson's, with the same step and every claim of it true."""
    from tabletop.ui.flow import start_lesson

    scene = _start(driver)
    _to_step(driver, scene, "count", own_moves=True)
    state, actions = scene.session.state, list(scene.session.actions)
    assert scene.coach_panel is not None
    driver.click(scene.coach_panel.leave_button.rect.center)
    assert type(driver.top).__name__ == "TitleScene"
    assert driver.app.settings.lesson_step(ENTRY.name) == index("count")
    again = start_lesson(driver.app, ENTRY)
    assert isinstance(again, GameScene) and again.coach is not None
    driver.frames(2)
    assert again.coach.index == index("count")
    assert again.session.actions == actions and again.session.state == state
    _check_step(again.coach, again.session.state)
    # the person's own flicks (from the pad they moved) are not the lesson's
    scene = _start(driver)
    _to_step(driver, scene, "third", own_moves=False)
    assert scene.coach_panel is not None
    driver.click(scene.coach_panel.leave_button.rect.center)
    again = start_lesson(driver.app, ENTRY)
    assert isinstance(again, GameScene) and again.coach is not None
    driver.frames(2)
    assert again.coach.index == index("third")
    _check_step(again.coach, again.session.state)


def test_the_lesson_plays_on_into_round_two_through_the_frames(driver: Driver) -> None:
    scene = _start(driver)
    coach = scene.coach
    assert coach is not None
    _to_step(driver, scene, "scored", own_moves=False)
    state = scene.session.state
    assert state.round == 2 and len(state.history) == 1
    score = pp_rules.scores(state)
    assert f"Points so far (lit): you {score[YOU]}, {ADA_NAME} {score[ADA]}." in coach.words(state)
    _to_step(driver, scene, "next-round", own_moves=False)
    _fits(driver, scene)
    assert scene.coach_light() is not None  # the scoring tokens
    driver.click(scene.coach_panel.next_button.rect.center)
    assert coach.done and driver.app.settings.lesson_done(ENTRY.name)
