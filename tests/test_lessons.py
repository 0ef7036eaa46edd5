"""Lessons: the files' checks, the coach's steps, the frame that holds it, and
tools/lessons.py over every game that ships one (tabletop/core/lesson.py).

Nim's lesson (tests/nimgame/lesson.toml) has a step of each kind, so the
machinery is tested on a game whose every position is known; each shipped
game's own lesson is played through the frames by the tool, its claims
checked and a wrong move tried at each step that names one.
"""

from __future__ import annotations

import pygame
import pytest

from tabletop.core import lesson as lessons
from tabletop.core.lesson import Coach, LessonError, StepHooks, parse
from tabletop.core.storage import Settings
from tabletop.games import REGISTRY
from tests.nimgame import ENTRY as NIM
from tests.nimgame.rules import Take
from tests.ui.driver import Driver, app_fixture, driver_fixture, games_with_nim
from tools import lessons as tool

__all__ = ["app_fixture", "driver_fixture"]

TABLE = """
title = "T"
players = 2
seed = 1
seats = [{ name = "You", kind = "human" }, { name = "Bob" }]
"""


def _lesson(steps: str, table: str = TABLE) -> lessons.Lesson:
    return parse(table + steps, "nim")


# -- the files ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("title = ", "is not TOML"),
        (TABLE, "needs 'step'"),
        (TABLE + '[[step]]\nid = "a"\n', "needs 'say'"),
        (TABLE + '[[step]]\nid = "a"\nsay = "x"\ndo = "dance"\n', "does 'dance'"),
        (TABLE + '[[step]]\nid = "a"\nsay = "x"\n[[step]]\nid = "a"\nsay = "y"\n', "two steps"),
        (TABLE + '[[step]]\nid = "a"\nsay = "x"\ndo = "gesture"\n', "gesture without a value"),
        (
            TABLE.replace('kind = "human"', 'kind = "bot"') + '[[step]]\nid = "a"\nsay = "x"\n',
            "one person",
        ),
        (TABLE.replace("players = 2", "players = 3") + '[[step]]\nid="a"\nsay="x"\n', "2 seats"),
        (TABLE.replace("seed = 1", "seed = true") + '[[step]]\nid="a"\nsay="x"\n', "'seed'"),
    ],
)
def test_a_lesson_file_that_is_wrong_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        parse(text, "nim")


def test_a_steps_words_are_one_paragraph_and_its_kind_defaults_to_next() -> None:
    lesson = _lesson('[[step]]\nid = "a"\nsay = """One\n  two."""\n')
    assert lesson.steps[0].say == "One two."
    assert lesson.steps[0].do == "next"
    assert lesson.seat == 0 and lesson.seats[1].level == "easy"


def test_nims_lesson_loads_with_its_hooks() -> None:
    lesson, hooks = lessons.load(NIM)
    assert [s.do for s in lesson.steps] == ["next", "gesture", "act", "wait", "act"]
    assert set(hooks) <= {s.id for s in lesson.steps}
    assert lessons.has_lesson(NIM)
    assert lesson.id == "nim" and lesson.offer == "Learn to play"


def test_a_game_may_ship_more_lessons_each_with_its_own_id_table_and_hooks() -> None:
    assert lessons.lesson_ids(NIM) == ("nim", "nim/two")
    second, hooks = lessons.load(NIM, "nim/two")
    assert second.id == "nim/two" and second.offer == "Learn the two-stone game"
    assert dict(second.variants) == {"max_take": 2}
    assert second.config(NIM).get("max_take") == 2
    assert set(hooks) == {"take-two"}
    assert lessons.load(NIM)[0].id == "nim"  # the first stays the default
    for wrong in ("nim/three", "etuc/two", "nim/"):
        with pytest.raises(LessonError, match="has no lesson"):
            lessons.load(NIM, wrong)


# -- the coach --------------------------------------------------------------------


def _coach() -> tuple[Coach, object]:
    lesson, hooks = lessons.load(NIM)
    rules = NIM.rules
    state = rules.setup(lesson.config(NIM), lesson.seed)
    return Coach(lesson, hooks, rules), state


def test_a_next_step_lets_no_move_and_no_bot_through() -> None:
    coach, state = _coach()
    assert coach.refusal(state, Take(1, 1)) == "First read the coach's note, then press Next (N)."
    assert not coach.bots_may_move()
    assert coach.words(state).startswith(
        f"Three heaps of stones lie on the table. The top heap has {state.heaps[0]} stones."
    )
    assert coach.next() and coach.index == 1


def test_a_gesture_step_passes_only_when_the_tables_value_changes() -> None:
    coach, state = _coach()
    coach.next()
    assert not coach.tick(state, None)  # the value when the step began
    assert not coach.tick(state, None)
    assert coach.refusal(state, Take(1, 1)) is not None
    assert coach.tick(state, (0, 1)) and coach.index == 2


def test_an_act_step_refuses_another_move_with_a_reason_and_waits() -> None:
    coach, state = _coach()
    coach.next()
    coach.tick(state, None)
    coach.tick(state, (0, 1))
    why = coach.refusal(state, Take(2, 1))
    assert why == "this step asks for one stone from the top heap."
    coach.wrong(why)
    assert coach.index == 2 and coach.tries == 1 and coach.told == why
    assert coach.refusal(state, Take(1, 1)) is None
    after = NIM.rules.apply(state, Take(1, 1))
    coach.played(state, Take(1, 1), after)
    assert coach.index == 3 and coach.tries == 0 and coach.told == ""
    # a wait step: the bots move until it is the person's turn again
    assert coach.bots_may_move()
    assert not coach.tick(after)
    back = NIM.rules.apply(after, Take(3, 1))
    assert coach.tick(back) and coach.index == 4


def test_coming_back_replays_the_steps_before_as_the_lesson_asks() -> None:
    from tabletop.core.session import Session

    lesson, hooks = lessons.load(NIM)
    session = Session(
        NIM, lesson.config(NIM), lesson.seed, lesson.seats, threaded=False, timed=False
    )
    coach = Coach(lesson, hooks, session.rules)
    lessons.fast_forward(session, coach, 4)
    assert coach.index == 4
    assert session.actions[0] == Take(1, 1) and len(session.actions) == 2
    assert session.to_move() == 0


def _play_on(until_stones: int) -> tuple[lessons.Lesson, dict[str, StepHooks]]:
    """A lesson whose second step plays on until at most ``until_stones`` are left."""
    lesson = _lesson(
        '[[step]]\nid = "a"\nsay = "Read."\n[[step]]\nid = "on"\ndo = "play"\nsay = "Play on."\n'
    )
    hooks = {
        "on": StepHooks(
            until=lambda state: sum(state.heaps) <= until_stones,
            solve=lambda state: next(
                Take(h + 1, 1) for h, count in enumerate(state.heaps) if count
            ),
        )
    }
    return lesson, hooks


def test_a_play_step_lets_the_player_and_the_others_move_until_its_condition_holds() -> None:
    from tabletop.core.session import Session

    lesson, hooks = _play_on(until_stones=4)
    session = Session(
        NIM, lesson.config(NIM), lesson.seed, lesson.seats, threaded=False, timed=False
    )
    coach = Coach(lesson, hooks, session.rules)
    assert not coach.bots_may_move()
    coach.next()
    assert coach.bots_may_move()
    state = session.state
    legal = session.rules.legal_actions(state)
    assert all(coach.refusal(state, a) is None for a in legal)  # any move: no accept hook
    after = session.rules.apply(state, legal[-1])
    coach.played(state, legal[-1], after)
    assert coach.index == 1  # a move does not pass a play step; its condition does
    lessons.fast_forward(session, coach, 2)
    assert coach.done and sum(session.state.heaps) <= 4
    assert any(session.rules.to_move(s) == 0 for s in session.states[1:-1])


def test_a_play_step_without_until_or_solve_is_a_wrong_lesson_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    lesson, hooks = _play_on(until_stones=4)
    monkeypatch.setattr(lessons, "parse", lambda text, game, lesson_id="": lesson)
    import tests.nimgame.lesson as nim_hooks

    monkeypatch.setattr(nim_hooks, "HOOKS", {"on": StepHooks(until=hooks["on"].until)})
    with pytest.raises(LessonError, match="play step 'on' needs until and solve"):
        lessons.load(NIM)


def test_words_with_a_placeholder_the_hook_does_not_fill_are_shown_as_written() -> None:
    lesson = _lesson('[[step]]\nid = "a"\nsay = "Heap {nope}."\n')
    coach = Coach(lesson, {"a": StepHooks(words=lambda s: {})}, NIM.rules)
    assert coach.words(None) == "Heap {nope}."


# -- the progress kept in the settings ------------------------------------------------


def test_the_progress_kept_is_checked_and_a_bad_entry_starts_that_lesson_again() -> None:
    settings, problems = Settings.from_dict(
        {
            "lessons": {
                "nim": {"step": 3, "done": False},
                "etuc": {"step": -1, "done": False},
                "planet": "all of it",
                "uchronicle": {"step": 2, "done": "yes"},
            }
        }
    )
    assert settings.lessons == {"nim": {"step": 3, "done": False}}
    assert len(problems) == 3 and all("starts again" in p for p in problems)
    settings, problems = Settings.from_dict({"lessons": [1, 2]})
    assert settings.lessons == {} and problems
    kept = settings.with_lesson("nim", 0, True).with_lesson("nim", 2, False)
    assert kept.lesson_done("nim") and kept.lesson_step("nim") == 2
    assert Settings.from_dict(kept.to_dict())[0].lessons == kept.lessons


def test_each_lesson_of_a_game_keeps_its_own_progress_and_an_old_file_still_loads() -> None:
    old = {"lessons": {"nim": {"step": 3, "done": True}}}  # before a game had two lessons
    settings, problems = Settings.from_dict(old)
    assert not problems and settings.lesson_step("nim") == 3 and settings.lesson_done("nim")
    assert settings.lesson_step("nim/two") == 0 and not settings.lesson_done("nim/two")
    kept = settings.with_lesson("nim/two", 1, False)
    assert kept.lesson_step("nim/two") == 1 and kept.lesson_step("nim") == 3
    again, problems = Settings.from_dict(kept.to_dict())
    assert not problems and again.lessons == kept.lessons
    _, problems = Settings.from_dict({"lessons": {"nim/two": {"step": "two"}}})
    assert problems and "starts again" in problems[0]


# -- in the frame ---------------------------------------------------------------------


def _start(driver: Driver) -> object:
    from tabletop.ui.flow import start_lesson

    scene = start_lesson(driver.app, NIM)
    assert scene is not None
    driver.frames(2)
    return scene


def test_the_frame_answers_a_wrong_click_with_the_reason_and_the_step_waits(driver: Driver) -> None:
    scene = _start(driver)
    coach = scene.coach
    assert scene.coach_light() == scene.table.rows[0]
    driver.click(scene.coach_panel.next_button.rect.center)
    assert coach.index == 1
    x, y = scene.table.stone_centres(1, scene.view.heaps[1])[-1]
    driver.move((x, y))
    driver.frames(2)
    assert coach.index == 2
    heaps = scene.view.heaps
    driver.click(scene.table.stone_centres(1, heaps[1])[-1])  # the second heap, not the first
    assert coach.index == 2 and scene.session.ply == 0
    assert coach.told == "this step asks for one stone from the top heap."
    assert any(
        "Not quite: this step asks" in text
        for text, _ in scene.coach_panel.lines(driver.app.theme, scene.session.state)
    )
    driver.click(scene.table.stone_centres(0, heaps[0])[-1])
    assert scene.session.actions == [Take(1, 1)]
    driver.until(lambda: coach.index == 4)
    assert scene.session.to_move() == 0 and scene.session.ply == 2


def test_a_gesture_step_after_a_wait_takes_its_value_as_it_begins(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pointer moved in the first frame of a gesture step that a wait
    step's end began counts: the step's value was taken as it began, not
    once that frame's input had changed it."""
    from tabletop.ui.flow import start_lesson

    lesson = _lesson(
        '[[step]]\nid = "bob"\ndo = "wait"\nsay = "Bob moves."\n'
        '[[step]]\nid = "point"\ndo = "gesture"\nvalue = "hover"\nsay = "Point."\n'
        '[[step]]\nid = "end"\nsay = "Done."\n'
    )
    monkeypatch.setattr(lessons, "load", lambda entry, lesson_id=None: (lesson, {}))
    scene = start_lesson(driver.app, NIM)
    assert scene is not None and scene.coach.index == 0
    driver.frames(1)  # your turn: the wait is over as the frame begins
    assert scene.coach.index == 1
    driver.move(scene.table.stone_centres(1, scene.view.heaps[1])[-1])
    assert scene.coach.index == 2


def test_undo_is_refused_in_a_lesson_with_a_reason(driver: Driver) -> None:
    scene = _start(driver)
    driver.key(pygame.K_z, pygame.KMOD_CTRL)
    assert "not taken back" in scene.last_error


def test_leaving_keeps_the_step_and_coming_back_finds_the_table_as_left(driver: Driver) -> None:
    from tabletop.ui.flow import start_lesson

    scene = _start(driver)
    driver.key(pygame.K_n)
    assert scene.coach.index == 1
    driver.click(scene.coach_panel.leave_button.rect.center)
    assert type(driver.top).__name__ == "TitleScene"
    assert driver.app.settings.lesson_step("nim") == 1
    again = start_lesson(driver.app, NIM)
    assert again.coach.index == 1 and again.session.ply == 0


def test_the_setup_screen_offers_every_lesson_each_opened_at_its_own_step(
    driver: Driver,
) -> None:
    from tabletop.ui.flow import start_lesson
    from tabletop.ui.menus import SetupScene

    driver.app.settings = driver.app.settings.with_lesson("nim/two", 1, False)
    setup = SetupScene(driver.app, NIM)
    driver.app.stack.push(setup)
    driver.frames(1)
    assert setup.lesson is not None and setup.lesson.text == "Learn to play"
    (second,) = setup.more_lessons
    assert second.text == "Learn the two-stone game" and "step 2" in second.tooltip
    rects = [b.rect for b in (setup.back_button, setup.rules, setup.lesson, second, setup.start)]
    assert all(r.w > 0 for r in rects)
    assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
    driver.click(second.rect.center)
    scene = driver.top
    assert scene.coach.lesson.id == "nim/two" and scene.coach.index == 1
    assert scene.session.state.max_take == 2
    assert driver.app.settings.lesson_step("nim") == 0  # the first lesson's progress is its own
    # a finished lesson's button says so; the game's first lesson is untouched
    report = tool.play_lesson(driver.app, NIM, "nim/two")
    assert report.finished, report.problems
    assert driver.app.settings.lesson_done("nim/two") and not driver.app.settings.lesson_done("nim")
    driver.app.stack.reset(driver.app.home())
    driver.app.stack.push(SetupScene(driver.app, NIM))
    driver.frames(1)
    assert driver.top.more_lessons[0].text == "Learn the two-stone game ✓"
    assert driver.top.lesson.text == "Learn to play"
    again = start_lesson(driver.app, NIM, lesson_id="nim/two", again=True)
    assert again is not None and again.coach.index == 0


def test_a_finished_lesson_is_marked_on_the_title_card(driver: Driver) -> None:
    reports = tool.play_lesson(driver.app, NIM)
    assert reports.finished, reports.problems
    assert driver.app.settings.lesson_done("nim")
    driver.app.stack.reset(driver.app.home())
    driver.frames(1)
    title = driver.top
    assert title.lessons["nim"].text == "Lesson done ✓"
    assert title.lessons["nim"].rect.w > 0


# -- tools/lessons.py -------------------------------------------------------------------


def test_the_tool_plays_each_of_nims_lessons_to_its_end() -> None:
    reports = tool.run(["nim"], games=games_with_nim())
    assert [r.line() for r in reports] == ["nim: 5 steps, finished", "nim/two: 3 steps, finished"]
    (report,) = tool.run(["nim/two"], games=games_with_nim())
    assert report.line() == "nim/two: 3 steps, finished"
    assert tool.run_lesson("nim", games=games_with_nim()).line() == "nim: 5 steps, finished"


def _tool_plays(
    monkeypatch: pytest.MonkeyPatch,
    lesson: lessons.Lesson,
    hooks: dict[str, StepHooks],
    **settings: object,
) -> tuple[tool.Report, list[object]]:
    """tools/lessons.py's play of ``lesson`` on Nim: the report and the moves made."""
    monkeypatch.setattr(lessons, "load", lambda entry, lesson_id=None: (lesson, hooks))
    app = tool.make_app(games=games_with_nim())
    try:
        if settings:
            app.update_settings(**settings)
        report = tool.play_lesson(app, NIM)
        return report, list(app.stack.top.session.actions)
    finally:
        app.shutdown()


def test_the_tool_plays_a_lesson_that_ends_in_a_play_step(monkeypatch: pytest.MonkeyPatch) -> None:
    lesson, hooks = _play_on(until_stones=4)
    report, _ = _tool_plays(monkeypatch, lesson, hooks)
    assert report.finished and report.line() == "nim: 2 steps, finished"


def test_the_tool_makes_no_move_once_a_play_steps_condition_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With no animation to wait for, the person's turn can come with the
    step's condition already true, before a frame has passed the step: the
    tool moves no further than replaying the lesson does."""
    from dataclasses import replace

    from tabletop.core.session import Session

    lesson, hooks = _play_on(until_stones=3)
    lesson = replace(lesson, steps=(*lesson.steps, lessons.Step("after", "Done.")))
    report, played = _tool_plays(monkeypatch, lesson, hooks, anim_speed=0.0)
    assert report.finished
    session = Session(
        NIM, lesson.config(NIM), lesson.seed, lesson.seats, threaded=False, timed=False
    )
    lessons.fast_forward(session, Coach(lesson, hooks, session.rules), 2)
    assert played == session.actions


#: the fewest steps a shipped game's lesson takes (a first game, taught in order)
FEWEST_STEPS = 10


def _every_lesson() -> list[str]:
    """Every lesson of every shipped game, by id; a game without one yet by its name."""
    return [i for name, entry in REGISTRY.items() for i in lessons.lesson_ids(entry) or [name]]


@pytest.mark.parametrize("lesson_id", _every_lesson())
def test_every_games_lesson_plays_to_its_end_through_the_frames(lesson_id: str) -> None:
    """tools/lessons.py over each lesson of a shipped game: every step passed
    by doing what it asks, every claim of its words true of the position,
    every wrong move the lesson names answered with a reason without passing
    the step."""
    entry = REGISTRY[lesson_id.partition("/")[0]]
    if not lessons.has_lesson(entry):
        pytest.skip(f"{lesson_id} has no lesson yet")
    lesson, _ = lessons.load(entry, lesson_id)
    assert len(lesson.steps) >= FEWEST_STEPS
    report = tool.run_lesson(lesson_id)
    assert report.finished, report.problems
    assert report.line() == f"{lesson_id}: {len(lesson.steps)} steps, finished"


def test_the_tool_refuses_a_game_it_does_not_know(capsys: pytest.CaptureFixture[str]) -> None:
    assert tool.main(["--game", "chess"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err
    assert tool.main(["--game", "chess/expert"]) == 2
    assert "no game 'chess'" in capsys.readouterr().err


# -- the coach in real games, and the review -------------------------------------------


def _etuc_session() -> object:
    from tabletop.core.session import Session, default_seats
    from tabletop.games import REGISTRY

    entry = REGISTRY["etuc"]
    return Session(
        entry,
        entry.default_config(2),
        5,
        default_seats(["human", "easy"]),
        threaded=False,
        timed=False,
    )


def test_the_coach_is_a_setting_kept_in_saves_and_marks_the_game() -> None:
    from tabletop.core.session import Session

    session = _etuc_session()
    session.coach_on = True
    doc = session.to_doc()
    assert doc["coach"] is True
    assert Session.from_doc(doc, registry=games_with_nim(), threaded=False, timed=False).coach_on
