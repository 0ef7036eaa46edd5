"""Play each game's lesson headless through the real frames, doing what the coach asks.

    python tools/lessons.py                         # every lesson of every game
    python tools/lessons.py --game uchronicle       # a game's lessons, each
    python tools/lessons.py --game uchronicle/expert  # one lesson

For each lesson (tabletop/core/lesson.py), a window is opened on the SDL
dummy drivers and the lesson is started the way *Learn to play* starts it.
Then, step by step, the tool does what the step asks: it clicks *Next*,
makes the step's move (the events of its ``perform`` hook, a person's
clicks and drags, else its ``solve`` move through the frame), makes the
step's gesture, or lets the frames run while the other seats move (in a
play step, making the step's ``solve`` move at each of the person's turns). Before
each step's own move it tries the step's ``wrong`` move and checks the coach
answered it with a reason and did not pass the step; at every step it
checks the claims the step's words make (``claims``). One line a lesson,
named by its id (``planet: 14 steps, finished``, ``uchronicle/expert: 10
steps, finished``), then one line per problem; the exit status
is 0 only when every lesson reached its end with no problem, 2 for a usage
error.

Nothing waits on the clock: bots answer on the tool's thread with their
iteration budgets, and each frame is given 1/60 s. The module is importable:
:func:`run` is what tests/test_lessons.py calls.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tools.cli import OneLineParser, UsageError  # noqa: E402

DT = 1 / 60
#: frames a lesson may take in all before it counts as stuck
FRAME_BUDGET = 40_000
#: frames one step may take before it counts as stuck
STEP_BUDGET = 6_000


@dataclass
class Report:
    """How one lesson went (``game``: the lesson's id)."""

    game: str
    steps: int
    reached: int = 0
    problems: list[str] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.reached >= self.steps and not self.problems

    def line(self) -> str:
        if self.finished:
            return f"{self.game}: {self.steps} steps, finished"
        return f"{self.game}: {self.steps} steps, stopped at step {self.reached + 1}"


def _click(app: Any, pos: tuple[int, int]) -> None:
    import pygame

    pos = (int(pos[0]), int(pos[1]))
    app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], DT)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)], DT)
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], DT)


def _key(app: Any, key: int) -> None:
    import pygame

    down = pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0)
    app.frame([down, up], DT)


def _settle(app: Any, scene: Any, report: Report, budget: int = STEP_BUDGET) -> bool:
    """Run frames until the lesson's table is on top with nothing moving:
    a summary between deals is closed as a person closes it (Enter)."""
    import pygame

    for _ in range(budget):
        top = app.stack.top
        if top is not scene:
            if type(top).__name__ == "SummaryScene":
                _key(app, pygame.K_RETURN)
                continue
            if type(top).__name__ == "ResultsScene":
                return True
            app.frame([], DT)
            continue
        if not scene.animating and not scene.session.bot_thinking():
            return True
        app.frame([], DT)
    report.problems.append(f"step {scene.coach.index + 1}: the table never came to rest")
    return False


def play_lesson(app: Any, entry: Any, lesson_id: str | None = None) -> Report:
    """Play ``entry``'s lesson ``lesson_id`` (its first by default) from its
    first step in ``app``; the report says how far it got."""
    from tabletop.core.lesson import load
    from tabletop.ui.flow import start_lesson

    lesson, _ = load(entry, lesson_id)
    report = Report(lesson.id, len(lesson.steps))
    scene = start_lesson(app, entry, again=True, lesson_id=lesson.id)
    if scene is None:
        report.problems.append("the lesson did not start")
        return report
    coach = scene.coach
    frames = 0
    claimed: set[int] = set()
    while not coach.done and frames < FRAME_BUDGET:
        if not _settle(app, scene, report):
            break
        if coach.done:  # a last wait or play step passed while the table settled
            break
        index = coach.index
        step = coach.step
        hooks = coach.hooks_of(step)
        state = scene.session.state
        if index not in claimed and hooks.claims is not None:
            claimed.add(index)
            for claim in hooks.claims(state):
                report.problems.append(f"step {index + 1} ({step.id}): {claim}")
        if step.light and scene.coach_light() is None:
            report.problems.append(
                f"step {index + 1} ({step.id}): nothing is lit for {step.light!r}"
            )
        if step.do == "next":
            button = scene.coach_panel.next_button
            _click(app, button.rect.center)
        elif step.do == "act":
            if hooks.wrong is not None and coach.tries == 0:
                wrong = hooks.wrong(state)
                scene.act(wrong)
                if coach.index != index or not coach.told:
                    report.problems.append(
                        f"step {index + 1} ({step.id}): the wrong move {wrong} was not answered"
                    )
                    break
            if hooks.perform is not None:
                for event in hooks.perform(scene):
                    app.frame([event], DT)
            elif hooks.solve is not None:
                scene.act(hooks.solve(state))
            else:
                report.problems.append(f"step {index + 1} ({step.id}): no move to make")
                break
            app.frame([], DT)
        elif step.do == "gesture":
            if hooks.perform is None:
                report.problems.append(f"step {index + 1} ({step.id}): no gesture to make")
                break
            for event in hooks.perform(scene):
                app.frame([event], DT)
            app.frame([], DT)
        elif (
            step.do == "play"
            and scene.session.to_move() == coach.lesson.seat
            and not coach.waiting_over(state)
        ):
            # the game goes on: the person's move at each of their turns (none
            # once the step's condition holds: the next frame passes the step)
            if hooks.perform is not None:
                for event in hooks.perform(scene):
                    app.frame([event], DT)
            else:
                scene.act(hooks.solve(state))
            app.frame([], DT)
        else:  # wait, or play on another seat's turn: the frames run the other seats
            app.frame([], DT)
        frames += 1
        if coach.index == index and step.do not in ("wait", "play"):
            report.problems.append(
                f"step {index + 1} ({step.id}): doing what it asks did not pass it"
                + (f" (the coach said: {coach.told})" if coach.told else "")
            )
            break
        report.reached = coach.index
    report.reached = coach.index
    if not coach.done and not report.problems:
        report.problems.append(f"step {coach.index + 1}: the frame budget ran out")
    return report


def make_app(size: tuple[int, int] = (1280, 800), games: Any = None) -> Any:
    """A headless App on a fresh temporary folder, bots on this thread, untimed."""
    import tempfile

    from tabletop import app as tabletop_app
    from tabletop.core.storage import Storage

    home = tempfile.mkdtemp(prefix="tabletop-lessons-")
    return tabletop_app.App(
        tabletop_app.Launch(size=size),
        storage=Storage(home),
        games=games,
        threaded_bots=False,
        timed_bots=False,
    )


def run(names: Sequence[str] | None = None, games: Any = None) -> list[Report]:
    """Play the lessons ``names`` name, each in a fresh app: a game's name
    stands for every lesson it ships, ``game/NAME`` for one (every lesson of
    every game when None)."""
    from tabletop.core.lesson import lesson_ids

    if games is None:
        from tabletop.games import REGISTRY

        games = REGISTRY
    chosen = []
    for name in names or list(games):
        game = name.partition("/")[0]
        chosen += [(game, i) for i in lesson_ids(games[game]) if name in (game, i)]
    return [run_lesson(lesson_id, games) for _, lesson_id in chosen]


def run_lesson(lesson_id: str, games: Any = None) -> Report:
    """Play the one lesson ``lesson_id`` (a game's first lesson by its name,
    another as ``game/NAME``) in a fresh app."""
    if games is None:
        from tabletop.games import REGISTRY

        games = REGISTRY
    app = make_app(games=games)
    try:
        return play_lesson(app, games[lesson_id.partition("/")[0]], lesson_id)
    finally:
        app.shutdown()


def main(argv: Sequence[str] | None = None) -> int:
    from tabletop.core.lesson import lesson_ids
    from tabletop.games import REGISTRY

    parser = OneLineParser(description=(__doc__ or "").split("\n\n")[0], label="lessons.py")
    parser.add_argument("--game", action="append", default=[], metavar="NAME")
    try:
        args = parser.parse_args(argv)
        for name in args.game:
            game = name.partition("/")[0]
            if game not in REGISTRY:
                raise UsageError(f"--game: no game {game!r}; choose from {', '.join(REGISTRY)}")
            ids = lesson_ids(REGISTRY[game])
            if not ids:
                raise UsageError(f"--game: {game} has no lesson yet")
            if name != game and name not in ids:
                raise UsageError(f"--game: no lesson {name!r}; {game} has {', '.join(ids)}")
    except UsageError as exc:
        print(f"lessons.py: error: {exc}", file=sys.stderr)
        return 2
    reports = run(args.game or None)
    for report in reports:
        print(report.line())
        for problem in report.problems:
            print(f"  {problem}")
    return 0 if reports and all(r.finished for r in reports) else 1


if __name__ == "__main__":
    sys.exit(main())
