"""Planet's lesson (tabletop/games/planet/lesson.toml and lesson.py): it
loads with ten steps or more; at every step, reached the way the lesson
plays it, each claim its words make holds by the rules, and its words fit
the coach's panel; it teaches what it says (one turn of the tile joins the
desert, round 3's card is won by every placement the step takes, round 12's
on the tie-break). Through the real frame, a wrong drop and a drop on a face
that holds a tile are answered in the coach's panel without passing the step
or changing the game, and the right drag then passes it; leaving and coming
back finds the same table. The table locates every light and the drag
bringing a face to the front does. tests/test_lessons.py plays the whole
lesson through the frames with tools/lessons.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from tabletop.app import App
from tabletop.core import lesson as lessons
from tabletop.core.lesson import Coach, Step, StepHooks, fast_forward
from tabletop.core.session import Session
from tabletop.games import REGISTRY
from tabletop.games.planet import lesson as planet_lesson
from tabletop.games.planet.geometry import FACE_COUNT, SLOTS
from tabletop.games.planet.lesson import (
    BOB,
    FIRST,
    JOIN,
    LEAD_FACE,
    LEAD_TILE,
    YOU,
    face_target,
    place_events,
    round_three_card,
    tie_break,
    tray_point,
)
from tabletop.games.planet.model import ROUNDS, Place, PlanetState
from tabletop.games.planet.rules import RULES, leaders
from tabletop.games.planet.table.globe import SolidPlanetView
from tests.planet.tables import table_of
from tests.ui.driver import Driver, make_app

ENTRY = REGISTRY["planet"]


@pytest.fixture(scope="module", name="walk")
def walk_fixture() -> list[tuple[Step, StepHooks, PlanetState, Session]]:
    """Each step, its hooks and the position the lesson reaches it at (the
    steps before replayed as coming back to it replays them), with the
    session there (its actions so far)."""
    lesson, hooks = lessons.load(ENTRY)
    out = []
    for i, step in enumerate(lesson.steps):
        session = Session(
            ENTRY, lesson.config(ENTRY), lesson.seed, lesson.seats, threaded=False, timed=False
        )
        coach = Coach(lesson, hooks, session.rules)
        fast_forward(session, coach, i)
        assert coach.index == i, f"step {i + 1} ({step.id}) was not reached"
        out.append((step, hooks.get(step.id, StepHooks()), session.state, session))
    return out


def _at(walk: list[tuple[Step, StepHooks, PlanetState, Session]], step_id: str) -> Any:
    return next(entry for entry in walk if entry[0].id == step_id)


# -- the files ----------------------------------------------------------------------


def test_the_lesson_loads_with_ten_steps_or_more_and_every_move_it_asks_has_its_checks() -> None:
    lesson, hooks = lessons.load(ENTRY)
    assert len(lesson.steps) >= 10
    assert lesson.seat == YOU and lesson.seats[YOU].kind == "human"
    assert lesson.seats[BOB].kind == "bot" and lesson.seats[BOB].level == "easy"
    assert not lesson.config(ENTRY).get("beginner", False)  # the habitat card is taught
    kinds = {step.do for step in lesson.steps}
    assert {"next", "act", "wait", "gesture", "play"} <= kinds
    for step in lesson.steps:
        hook = hooks.get(step.id, StepHooks())
        if step.do == "act":
            assert None not in (hook.accept, hook.solve, hook.perform, hook.wrong), step.id
        if step.do == "gesture":
            assert hook.perform is not None, step.id
        if step.do == "play":
            assert None not in (hook.until, hook.solve, hook.perform), step.id


def test_the_lights_name_the_tiles_and_faces_the_checks_ask_for() -> None:
    lesson, _ = lessons.load(ENTRY)
    light = {step.id: step.light for step in lesson.steps}
    value = {step.id: step.value for step in lesson.steps}
    assert value["pick"] == f"picked:{FIRST.tile}" and light["pick"] == f"tile:{FIRST.tile}"
    assert light["drop"] == f"face:{FIRST.face + 1}"
    assert value["rotate"] == f"turned:{JOIN.tile}" and light["rotate"] == f"tile:{JOIN.tile}"
    assert light["join"] == f"face:{JOIN.face + 1}"
    assert light["lead"] == f"face:{LEAD_FACE + 1}"
    assert light["round12"] == f"round:{ROUNDS}"


# -- the claims, at the positions the lesson reaches ------------------------------------


def test_every_claim_holds_where_the_lesson_reaches_its_step(walk: Any) -> None:
    for step, hook, state, _ in walk:
        if hook.claims is not None:
            assert list(hook.claims(state)) == [], step.id
        words = step.say.format_map(dict(hook.words(state))) if hook.words else step.say
        assert "{" not in words and "}" not in words, step.id


def test_each_move_asked_for_is_legal_and_each_wrong_one_is_answered(walk: Any) -> None:
    for step, hook, state, _ in walk:
        if step.do != "act":
            continue
        right = hook.solve(state)
        assert RULES.check(state, right) is None, step.id
        assert hook.accept(state, right) is None, step.id
        wrong = hook.wrong(state)
        reason = RULES.check(state, wrong) or hook.accept(state, wrong)
        assert reason, f"{step.id}: {wrong} is not answered"


def test_the_first_tiles_desert_is_one_region_and_one_turn_of_the_second_joins_it(
    walk: Any,
) -> None:
    step, hook, state, _ = _at(walk, "join")
    turns = [r for r in range(SLOTS) if hook.accept(state, Place(JOIN.tile, JOIN.face, r)) is None]
    assert turns == [JOIN.rotation]
    why = hook.accept(state, Place(JOIN.tile, JOIN.face, (JOIN.rotation + 1) % SLOTS))
    assert "shares no side with yours: 2 desert regions, not one." in why
    assert "shares no side" in hook.accept(state, hook.wrong(state))


def test_round_threes_card_is_won_by_every_placement_the_lead_step_takes(walk: Any) -> None:
    step, hook, state, session = _at(walk, "lead")
    card = round_three_card(state)
    assert leaders(card, state.planets) == [BOB]
    taken = [a for a in RULES.legal_actions(state) if hook.accept(state, a) is None]
    assert taken and all(a.tile == LEAD_TILE for a in taken)
    refused = hook.accept(state, hook.wrong(state))
    assert "you would not lead the" in refused
    for action in taken:
        replay = Session(
            ENTRY, session.config, session.seed, session.seats, threaded=False, timed=False
        )
        for done in [*session.actions, action]:
            replay.play(done)
        replay.play_bots()
        assert replay.state.round == 4 and card in replay.state.animals[YOU], action


def test_round_twelves_tie_break_gives_you_a_card_bob_leads_now(walk: Any) -> None:
    step, hook, state, _ = _at(walk, "last")
    plan = tie_break(state)
    assert plan is not None
    assert leaders(plan.card, state.planets, final=True) == [BOB]
    assert hook.solve(state) == plan.action
    after = RULES.apply(state, plan.action)
    assert after.over and plan.card in after.animals[YOU]
    assert len(leaders(plan.card, after.planets)) == 2  # tied on the largest region
    assert leaders(plan.card, after.planets, final=True) == [YOU]
    refused = hook.accept(state, hook.wrong(state))
    assert "would not be yours" in refused


def test_the_play_step_reaches_round_12_with_your_turn(walk: Any) -> None:
    step, hook, state, _ = _at(walk, "round12")
    assert state.round == ROUNDS and RULES.to_move(state) == YOU
    assert all(p is not None for p in state.placed[BOB])


# -- the coach's panel --------------------------------------------------------------------


@pytest.mark.parametrize("size", [(960, 600), (1280, 800), (1920, 1080)])
def test_every_steps_words_and_every_answer_it_gives_fit_the_coachs_panel(
    tmp_path: Any, walk: Any, size: tuple[int, int]
) -> None:
    """The panel's rows (CoachPanel.lines: the step's words filled in, a
    wrong try's answer, the wait's line) fit above its buttons at each
    step's position, for the step's wrong move and each legal move it
    refuses: nothing is cut."""
    from tabletop.ui.flow import start_lesson

    app = make_app(tmp_path, size, games=dict(REGISTRY))
    try:
        scene = start_lesson(app, ENTRY)
        app.frame([], 1 / 60)
        panel, coach, t = scene.coach_panel, scene.coach, app.theme
        top = panel.rect.y + t.px(8) + t.font("small", bold=True).get_linesize() + t.px(4)
        room = (panel.leave_button.rect.y - t.px(6) - top) // t.small.get_linesize()
        for i, (step, hook, state, _) in enumerate(walk):
            coach.index, coach.told = i, ""
            rows = len(panel.lines(t, state))
            assert rows <= room, f"{step.id} at {size}: {rows} rows, room for {room}"
            if step.do != "act":
                continue
            wrong = hook.wrong(state)
            answers = {RULES.check(state, wrong) or hook.accept(state, wrong)}
            answers |= {hook.accept(state, a) for a in RULES.legal_actions(state)} - {None}
            for why in answers:
                coach.told = why
                rows = len(panel.lines(t, state))
                assert rows <= room, f"{step.id} at {size}: {why!r} takes {rows} rows"
    finally:
        app.shutdown()


# -- through the frame -----------------------------------------------------------------------


@pytest.fixture(name="app")
def app_fixture(tmp_path: Any) -> Iterator[App]:
    a = make_app(tmp_path, (1280, 800), games=dict(REGISTRY))
    try:
        yield a
    finally:
        a.shutdown()


def _start(app: App) -> tuple[Any, Driver]:
    from tabletop.ui.flow import start_lesson

    scene = start_lesson(app, ENTRY, again=True)
    assert scene is not None
    driver = Driver(app)
    driver.frames(2)
    return scene, driver


def _rest(scene: Any, driver: Driver, done: Any = lambda: True) -> None:
    """Frames until ``done()`` holds with the table on top and still (a
    round's summary closed with Enter, as a person closes it)."""

    def still() -> bool:
        if driver.top is not scene:
            if type(driver.top).__name__ == "SummaryScene":
                driver.key(pygame.K_RETURN)
            return False
        return not scene.animating and bool(done())

    driver.until(still, frames=3000)


def _post(driver: Driver, events: list[Any]) -> None:
    for event in events:
        driver.frame([event])
    driver.frame()


def _do_step(scene: Any, driver: Driver) -> None:
    """What the coach's step asks, done as a person does it; then on to the next step."""
    coach = scene.coach
    index, step = coach.index, coach.step
    if step.do == "next":
        driver.click(scene.coach_panel.next_button.rect.center)
    elif step.do in ("act", "gesture"):
        _post(driver, coach.hooks_of(step).perform(scene))
    _rest(scene, driver, lambda: coach.index > index)


def _to(scene: Any, driver: Driver, step_id: str) -> None:
    while scene.coach.step.id != step_id:
        _do_step(scene, driver)


def test_a_wrong_drop_is_answered_in_the_panel_and_the_right_one_passes(app: App) -> None:
    scene, driver = _start(app)
    coach = scene.coach
    _to(scene, driver, "drop")
    assert scene.coach_light() is not None
    index = coach.index
    _post(driver, place_events(scene, Place(FIRST.tile, JOIN.face, 0)))  # face 1, not 4
    assert coach.index == index and scene.session.ply == 0
    assert coach.told == "this step asks for face 4, the lit face."
    shown = " ".join(text for text, _ in coach_lines(scene))
    assert "Not quite: this step asks for face 4, the lit face. Try again." in shown
    _post(driver, place_events(scene, FIRST))
    assert scene.session.actions == [FIRST]
    assert coach.index == index + 1 and coach.told == ""


def coach_lines(scene: Any) -> list[tuple[str, Any]]:
    lines: list[tuple[str, Any]] = scene.coach_panel.lines(scene.app.theme, scene.session.state)
    return lines


def test_a_drop_on_a_covered_face_and_a_wrong_turn_are_answered_and_the_right_one_passes(
    app: App,
) -> None:
    scene, driver = _start(app)
    coach = scene.coach
    _to(scene, driver, "join")
    index, ply = coach.index, scene.session.ply
    state = scene.session.state
    # the tile dragged onto face 4, which holds the first tile: the table says why
    target, turning = face_target(scene, FIRST.face)
    _post(driver, turning)
    spot = tray_point(scene, JOIN.tile)
    assert spot is not None
    _post(driver, planet_lesson.drag(spot, target))
    assert coach.index == index and scene.session.ply == ply and scene.session.state is state
    assert coach.told == "That face already holds a tile."
    shown = " ".join(text for text, _ in coach_lines(scene))
    assert "Not quite: That face already holds a tile. Try again." in shown
    # turned so its desert meets yours only at a point: the step says why
    _post(driver, place_events(scene, Place(JOIN.tile, JOIN.face, 0)))
    assert coach.index == index and scene.session.ply == ply
    assert "shares no side with yours: 2 desert regions" in coach.told
    _post(driver, place_events(scene, JOIN))
    assert scene.session.actions[-1] == JOIN and coach.index == index + 1


def test_leaving_and_coming_back_finds_the_same_table(app: App) -> None:
    from tabletop.ui.flow import start_lesson

    scene, driver = _start(app)
    _to(scene, driver, "animals")
    index = scene.coach.index
    state, actions = scene.session.state, list(scene.session.actions)
    driver.click(scene.coach_panel.leave_button.rect.center)
    assert type(driver.top).__name__ == "TitleScene"
    assert app.settings.lesson_step("planet") == index
    again = start_lesson(app, ENTRY)
    assert again is not None and again is not scene
    assert again.coach.index == index
    assert again.session.actions == actions and again.session.state == state


# -- the table's part: lights, gestures, the drag to the front ---------------------------------


def test_the_table_locates_each_light_and_counts_each_gesture(app: App) -> None:
    scene, driver = _start(app)
    table = table_of(scene)
    shape = table.shape
    assert table.locate("planet") == shape.planet and table.locate("tray") == shape.tray
    assert table.locate("habitat") == shape.habitat and table.locate("seat:1") == shape.small[1]
    assert table.locate("tile:49") is None and table.locate("seat:7") is None
    assert table.locate("nowhere") is None and table.locate("face:13") is None
    spot = next(r for r, k in table.tray_spots() if k == scene.view.revealed.index(FIRST.tile))
    assert table.locate(f"tile:{FIRST.tile}") == spot
    solid = table.solids[YOU]
    front = max(range(FACE_COUNT), key=solid.facing)
    back = min(range(FACE_COUNT), key=solid.facing)
    lit = table.locate(f"face:{front + 1}")
    assert lit is not None and lit.collidepoint(solid.face_point(front))
    assert lit.w < shape.planet.w // 2
    assert table.locate(f"face:{back + 1}") == shape.planet  # round the back: turn to find it
    rows = table.locate("round:3")
    assert rows is not None and shape.board.contains(rows)
    # gestures: a press on a tray tile, R, a drag on the planet
    assert table.lesson_value(f"picked:{FIRST.tile}") == 0
    driver.click(spot.center)
    assert table.lesson_value(f"picked:{FIRST.tile}") == 1
    driver.key(pygame.K_r)
    assert table.lesson_value(f"turned:{FIRST.tile}") == 1
    driver.key(pygame.K_RIGHT)  # the keys pick a tile too: another one now
    assert table.lesson_value(f"picked:{FIRST.tile}") == 0
    assert table.lesson_value(f"turned:{FIRST.tile}") == 0
    driver.key(pygame.K_LEFT)
    assert table.lesson_value(f"picked:{FIRST.tile}") == 1
    turn = table.lesson_value("turn")
    _post(driver, planet_lesson.turn_planet(scene))
    assert table.lesson_value("turn") != turn
    assert table.lesson_value("nothing") is None


@pytest.mark.parametrize("face", range(FACE_COUNT))
def test_the_drag_to_the_front_brings_any_face_round(face: int) -> None:
    view = SolidPlanetView()
    view.fit(pygame.Rect(100, 80, 600, 420))
    press, release, turn = view.drag_to_front(face)
    events = [
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1),
        pygame.event.Event(pygame.MOUSEMOTION, pos=release, rel=(0, 0), buttons=(1, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=release, button=1),
    ]
    for event in events:
        view.handle(event)
    assert view.orientation == pytest.approx(turn)
    assert view.facing(face) > 0.95
    # the press and the release both lie on the planet: a drag that turns it
    proj = view.view.project()
    for x, y in (press, release):
        assert (x - proj.centre[0]) ** 2 + (y - proj.centre[1]) ** 2 <= proj.radius**2
