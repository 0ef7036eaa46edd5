"""A guided first game: a lesson's steps as data, and the coach that follows them.

A game teaches itself with two files beside its rules (the way Uchronicle's
rules page has ``tutorial.txt``):

- ``lesson.toml``, the words: the table the lesson is played at (players,
  seats, seed, variants) and its steps in a teacher's order. Each step says
  what the coach's panel shows (``say``), what the table lights (``light``,
  a name the table locates: ``Table.locate``) and what ends it (``do``):

  - ``"next"``: the player reads and presses *Next*;
  - ``"act"``: the player makes a move, one the step accepts;
  - ``"wait"``: the other seats move until the step's condition holds
    (by default: until it is the player's turn again);
  - ``"gesture"``: the player does something to the table that is no move
    (turns the planet, slides the launch pad): the table's
    ``lesson_value(value)`` changes;
  - ``"play"``: the game goes on, the player moving freely (any move the
    step's ``accept`` lets through) and the others in turn, until the step's
    ``until`` holds (a lesson that teaches the end of a round plays on to
    it; ``solve`` gives the player's move at each of their turns when the
    step is replayed).

- ``lesson.py``, the checks: ``HOOKS``, a :class:`StepHooks` per step id that
  needs one. ``accept`` says why a legal move is not the one the step asks
  for, ``solve`` gives that move (tools/lessons.py plays it; coming back to
  a step replays the steps before it with it), ``until`` ends a wait step,
  ``claims`` lists what the step's words say of the position that does not
  hold (the tests run every step's claims), ``words`` fills the step's
  ``{placeholders}`` from the position.

A game may ship more lessons after the first (Uchronicle's expert game):
``lesson-NAME.toml`` with its checks in ``lesson_NAME.py``, ``-`` in NAME
written ``_`` in the module's name. Each lesson has its own id, the game's
name for the first and ``game/NAME`` for another (``uchronicle/expert``):
the player's progress is kept under it (``Settings.lessons``) and
tools/lessons.py reports it. A further lesson's file says what the button
that opens it reads (``offer = "Learn the expert game"``); the first
lesson's is *Learn to play*.

The :class:`Coach` holds where the player is. It is plain logic: the frame
(:class:`tabletop.ui.gamescene.GameScene`) asks it whether a move may be
made (:meth:`Coach.refusal`), tells it what was played (:meth:`Coach.played`)
and lets bots move only while a wait step runs. A step never passes without
what it asks for having happened.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from tabletop.core.game import GameConfig, GameEntry
from tabletop.core.savefile import Seat

#: the words file beside a game's rules (its first lesson)
LESSON_FILE = "lesson.toml"
#: the checks module beside a game's rules (its first lesson)
HOOKS_MODULE = "lesson"
#: a further lesson's words file is ``lesson-NAME.toml``, its id ``game/NAME``
MORE_PREFIX = "lesson-"
#: what the button that opens a game's first lesson says
FIRST_OFFER = "Learn to play"
#: what ends a step
KINDS = ("next", "act", "wait", "gesture", "play")
#: the most moves a wait step lets the other seats make (a lesson's file
#: that never lets a wait end is caught, not looped on)
WAIT_LIMIT = 400


class LessonError(ValueError):
    """A lesson file that cannot be read; the message says what is wrong."""


@dataclass(frozen=True)
class Step:
    """One step of a lesson (see the module docstring)."""

    id: str
    say: str
    do: str = "next"
    #: what the table lights while the step shows: "" for nothing
    light: str = ""
    #: a gesture step: the name of the table value that must change
    value: str = ""


@dataclass(frozen=True)
class Lesson:
    """A game's lesson: the table it is played at and its steps."""

    game: str
    title: str
    players: int
    seats: tuple[Seat, ...]
    seed: int
    variants: Mapping[str, Any]
    steps: tuple[Step, ...]
    #: the seat the player sits in
    seat: int = 0
    #: the lesson's id: the game's name for its first lesson, ``game/NAME``
    #: for ``lesson-NAME.toml`` (the progress kept in the settings is under it)
    id: str = ""
    #: what the button that opens the lesson says
    offer: str = FIRST_OFFER

    def config(self, entry: GameEntry) -> GameConfig:
        return entry.default_config(self.players, **dict(self.variants))


@dataclass(frozen=True)
class StepHooks:
    """A step's checks against the rules (see the module docstring). Each
    is called with the game's full state (the coach sits by the player,
    but the rules decide)."""

    #: act or play: None when ``action`` is what the step asks, else why not
    accept: Callable[[Any, Any], str | None] | None = None
    #: act or play: the move the step asks for in ``state``
    solve: Callable[[Any], Any] | None = None
    #: wait or play: True once the step is over (a play step needs one)
    until: Callable[[Any], bool] | None = None
    #: the claims the step's words make that do not hold in ``state``
    claims: Callable[[Any], Sequence[str]] | None = None
    #: values for the step's ``{placeholders}``
    words: Callable[[Any], Mapping[str, str]] | None = None
    #: act or gesture: how a person does it, as input events for the frame
    #: (``perform(scene)``, pygame events posted in turn by tools/lessons.py;
    #: an act step without one is played with ``solve`` through the frame)
    perform: Callable[[Any], Sequence[Any]] | None = None
    #: act: a move a newcomer might try instead (illegal, or legal but not
    #: the step's), which the coach must answer with a reason and not pass
    wrong: Callable[[Any], Any] | None = None


def parse(text: str, game: str, lesson_id: str = "") -> Lesson:
    """A lesson from the text of its ``lesson.toml`` (``lesson_id``: the
    lesson's id, by default the game's first); LessonError says what is wrong."""
    import tomllib  # here, not at start-up: the title only asks has_lesson

    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise LessonError(f"{game}'s lesson is not TOML: {exc}") from None

    def need(mapping: Mapping[str, Any], key: str, kind: type, where: str) -> Any:
        value = mapping.get(key)
        if not isinstance(value, kind) or isinstance(value, bool) is not (kind is bool):
            raise LessonError(f"{game}'s lesson: {where} needs {key!r} ({kind.__name__})")
        return value

    seats = []
    for i, seat in enumerate(need(doc, "seats", list, "the table")):
        if not isinstance(seat, Mapping):
            raise LessonError(f"{game}'s lesson: seat {i + 1} is not a table")
        kind = seat.get("kind", "bot")
        name = need(seat, "name", str, f"seat {i + 1}")
        seats.append(
            Seat(name, "human") if kind == "human" else Seat(name, "bot", seat.get("level", "easy"))
        )
    players = need(doc, "players", int, "the table")
    if len(seats) != players:
        raise LessonError(f"{game}'s lesson has {len(seats)} seats for {players} players")
    humans = [i for i, s in enumerate(seats) if s.kind == "human"]
    if len(humans) != 1:
        raise LessonError(f"{game}'s lesson needs one person at the table, not {len(humans)}")
    steps = []
    seen: set[str] = set()
    for i, raw in enumerate(need(doc, "step", list, "the lesson")):
        where = f"step {i + 1}"
        if not isinstance(raw, Mapping):
            raise LessonError(f"{game}'s lesson: {where} is not a table")
        step = Step(
            id=need(raw, "id", str, where),
            say=" ".join(need(raw, "say", str, where).split()),
            do=raw.get("do", "next"),
            light=raw.get("light", ""),
            value=raw.get("value", ""),
        )
        if step.do not in KINDS:
            raise LessonError(f"{game}'s lesson: {where} does {step.do!r}, not one of {KINDS}")
        if step.id in seen:
            raise LessonError(f"{game}'s lesson has two steps called {step.id!r}")
        if step.do == "gesture" and not step.value:
            raise LessonError(f"{game}'s lesson: {where} is a gesture without a value")
        seen.add(step.id)
        steps.append(step)
    variants = doc.get("variants", {})
    if not isinstance(variants, Mapping):
        raise LessonError(f"{game}'s lesson: variants is not a table")
    offer = doc.get("offer", FIRST_OFFER)
    if not isinstance(offer, str) or not offer.strip():
        raise LessonError(f"{game}'s lesson: offer is not the words of a button")
    return Lesson(
        game=game,
        title=need(doc, "title", str, "the lesson"),
        players=players,
        seats=tuple(seats),
        seed=need(doc, "seed", int, "the table"),
        variants=dict(variants),
        steps=tuple(steps),
        seat=humans[0],
        id=lesson_id or game,
        offer=offer.strip(),
    )


def _package(entry: GameEntry) -> str:
    return entry.package  # read without importing the game's rules


def _files(entry: GameEntry, lesson_id: str) -> tuple[str, str]:
    """The words file and the checks module of ``entry``'s lesson ``lesson_id``."""
    game, _, name = lesson_id.partition("/")
    if game != entry.name or (not name and "/" in lesson_id):
        raise LessonError(f"{entry.info.title} has no lesson {lesson_id!r}")
    if not name:
        return LESSON_FILE, HOOKS_MODULE
    return f"{MORE_PREFIX}{name}.toml", f"{HOOKS_MODULE}_{name.replace('-', '_')}"


def has_lesson(entry: GameEntry) -> bool:
    """True when the game ships a lesson (its first lesson's words file is there)."""
    try:
        return (resources.files(_package(entry)) / LESSON_FILE).is_file()
    except (ModuleNotFoundError, OSError):
        return False


def lesson_ids(entry: GameEntry) -> tuple[str, ...]:
    """The ids of the lessons ``entry`` ships: its first (the game's name),
    then one per ``lesson-NAME.toml`` by NAME (``game/NAME``); none when
    the game has no first lesson."""
    if not has_lesson(entry):
        return ()
    try:
        names = sorted(
            f.name[len(MORE_PREFIX) : -len(".toml")]
            for f in resources.files(_package(entry)).iterdir()
            if f.name.startswith(MORE_PREFIX) and f.name.endswith(".toml") and f.is_file()
        )
    except (ModuleNotFoundError, OSError):
        names = []
    return (entry.name, *(f"{entry.name}/{n}" for n in names if n))


def read(entry: GameEntry, lesson_id: str | None = None) -> Lesson:
    """``entry``'s lesson ``lesson_id`` (its first by default), its words
    file only; LessonError when it has none or the file is wrong."""
    lesson_id = lesson_id or entry.name
    words, _ = _files(entry, lesson_id)
    try:
        text = (resources.files(_package(entry)) / words).read_text("utf-8")
    except (FileNotFoundError, ModuleNotFoundError, OSError):
        if lesson_id == entry.name:
            raise LessonError(f"{entry.info.title} has no lesson yet") from None
        raise LessonError(f"{entry.info.title} has no lesson {lesson_id!r}") from None
    return parse(text, entry.name, lesson_id)


def load(entry: GameEntry, lesson_id: str | None = None) -> tuple[Lesson, Mapping[str, StepHooks]]:
    """A game's lesson (``lesson_id``, its first by default) and its steps'
    hooks; LessonError when it has none or its files are wrong (a hook for
    a step the lesson lacks is wrong)."""
    lesson_id = lesson_id or entry.name
    lesson = read(entry, lesson_id)
    _, checks = _files(entry, lesson_id)
    try:
        module = importlib.import_module(f"{_package(entry)}.{checks}")
    except ModuleNotFoundError:
        hooks: Mapping[str, StepHooks] = {}
    else:
        hooks = getattr(module, "HOOKS", {})
    ids = {s.id for s in lesson.steps}
    stray = sorted(set(hooks) - ids)
    if stray:
        raise LessonError(f"{entry.info.title}'s lesson has hooks for no step: {', '.join(stray)}")
    for step in lesson.steps:
        hook = hooks.get(step.id, StepHooks())
        if step.do == "play" and (hook.until is None or hook.solve is None):
            raise LessonError(
                f"{entry.info.title}'s lesson: the play step {step.id!r} needs until and solve"
            )
    return lesson, hooks


@dataclass
class Coach:
    """Where a player is in a lesson, and what the step lets happen.

    ``rules`` is the game's rules object (for whose turn it is);
    ``on_step`` is called with the new index whenever a step is passed (the
    app keeps the player's progress with it)."""

    lesson: Lesson
    hooks: Mapping[str, StepHooks]
    rules: Any
    index: int = 0
    on_step: Callable[[int], None] | None = None
    #: wrong tries at this step, and what the last one was told
    tries: int = 0
    told: str = ""
    #: a gesture step: the table value when the step began
    _baseline: Any = field(default=None, repr=False)
    _has_baseline: bool = field(default=False, repr=False)

    @property
    def done(self) -> bool:
        """Every step is passed: the game goes on without a coach's say."""
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    def hooks_of(self, step: Step) -> StepHooks:
        return self.hooks.get(step.id, StepHooks())

    def words(self, state: Any) -> str:
        """What the panel says now: the step's words, filled in."""
        step = self.step
        if step is None:
            return ""
        fill = self.hooks_of(step).words
        if fill is None:
            return step.say
        try:
            return step.say.format_map(dict(fill(state)))
        except (KeyError, IndexError, ValueError):
            return step.say

    def refusal(self, state: Any, action: Any) -> str | None:
        """Why the step does not let the player make the legal move
        ``action`` now (None: it may be played)."""
        step = self.step
        if step is None:
            return None
        if step.do == "next":
            return "First read the coach's note, then press Next (N)."
        if step.do == "wait":
            return "Wait a moment: the others move first."
        if step.do == "gesture":
            return "First do what the coach's note asks; no move is needed yet."
        accept = self.hooks_of(step).accept  # act or play
        return None if accept is None else accept(state, action)

    def wrong(self, reason: str) -> None:
        """A try the rules or the step refused: the panel says why."""
        self.tries += 1
        self.told = reason

    def played(self, before: Any, action: Any, after: Any) -> None:
        """The player's move was made: an act step is passed (its refusal
        was asked first)."""
        step = self.step
        if step is not None and step.do == "act":
            self._advance()

    def next(self) -> bool:
        """The player pressed Next: True when a step was passed."""
        step = self.step
        if step is None or step.do != "next":
            return False
        self._advance()
        return True

    def bots_may_move(self) -> bool:
        """Bots move only while a wait or play step runs, or once the lesson is over."""
        step = self.step
        return step is None or step.do in ("wait", "play")

    def waiting_over(self, state: Any) -> bool:
        """A wait or play step's condition: its ``until``, by default (a
        wait step) the player's turn or the game's end."""
        step = self.step
        assert step is not None
        until = self.hooks_of(step).until
        if until is not None:
            return bool(until(state))
        mover = self.rules.to_move(state)
        return mover is None or mover == self.lesson.seat

    def tick(self, state: Any, value: Any = None) -> bool:
        """Between frames, with nothing animating: pass a wait step whose
        condition holds, a gesture step whose table value changed. ``value``
        is the table's ``lesson_value`` for a gesture step. True when a
        step was passed."""
        step = self.step
        if step is None:
            return False
        if step.do in ("wait", "play") and self.waiting_over(state):
            self._advance()
            return True
        if step.do == "gesture":
            if not self._has_baseline:
                self._baseline, self._has_baseline = value, True
            elif value != self._baseline:
                self._advance()
                return True
        return False

    def _advance(self) -> None:
        self.index += 1
        self.tries = 0
        self.told = ""
        self._baseline, self._has_baseline = None, False
        if self.on_step is not None:
            self.on_step(self.index)


def fast_forward(session: Any, coach: Coach, to: int) -> None:
    """Replay the steps before ``to`` the way the lesson asks them (its
    ``solve`` moves, the bots' moves of its wait steps), so a player coming
    back finds the table as the step's words describe it. A step that cannot
    be replayed (a lesson file changed) stops there."""
    while coach.index < to and not coach.done:
        step = coach.step
        assert step is not None
        hooks = coach.hooks_of(step)
        if step.do == "act":
            if hooks.solve is None:
                return
            action = hooks.solve(session.state)
            if session.check(action, coach.lesson.seat) is not None:
                return
            before = session.state
            session.play(action)
            coach.played(before, action, session.state)
        elif step.do in ("wait", "play"):
            for _ in range(WAIT_LIMIT):
                if coach.waiting_over(session.state):
                    break
                if session.is_bot_turn():
                    session.play(session.bot_action())
                    continue
                forced = session.auto_answer()  # as the frame gives it: no choice, no prompt
                if forced is None and step.do == "play" and hooks.solve is not None:
                    mover = session.to_move()
                    if mover == coach.lesson.seat:
                        forced = hooks.solve(session.state)
                        if session.check(forced, mover) is not None:
                            return
                if forced is None:
                    break
                session.play(forced)
            if not coach.tick(session.state):
                return
        else:  # next and gesture steps change nothing on the table
            coach._advance()
