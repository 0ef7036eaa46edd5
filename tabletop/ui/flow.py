"""The game flow: start, resume, replay, autosave, record a result, the Match.

One module of its own, so the screens that start games (title, setup, saved
games, results) and the game frame that finishes them all call it, and none
of them has to import another. Games are looked up only in ``app.games``, the
registry the app was given; the title screen is ``app.home()``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tabletop.core import testhooks
from tabletop.core.game import GameConfig, GameEntry
from tabletop.core.savefile import SaveError, SaveRefused
from tabletop.core.session import Seat, Session, has_ended, result_of
from tabletop.core.stats import COACH
from tabletop.core.storage import AUTOSAVE
from tabletop.ui.scene import Scene


@dataclass
class Match:
    """Wins per seat name across 'play again' in one sitting."""

    wins: dict[str, int] = field(default_factory=dict)
    games: int = 0


def autosave(app: Any, session: Session) -> None:
    """Write the autosave in the background (a failure is shown, never fatal):
    the document is built now, the file written off the frame loop."""
    testhooks.mark(f"live {session.ply}")  # a crash-safety test's cue (tabletop.core.testhooks)
    try:
        app.storage.save_game_later(AUTOSAVE, session.to_doc())
    except (OSError, ValueError) as exc:
        app.toast(f"Autosave failed: {exc}", "error")


def start_game(
    app: Any,
    entry: GameEntry,
    config: GameConfig,
    seed: int,
    seats: Sequence[Seat],
    *,
    match: Match | None = None,
    session: Session | None = None,
    source: Path | str | None = None,
    hints: bool = False,
    coach: bool = False,
) -> Scene:
    """Create the session (unless given), wire the autosave, show the game.

    A new game's config first takes what the game reads from the player's own
    files (``GameEntry.user_config``: Planepita's physics.toml); a given
    session keeps the config it has. ``source`` is the save file ``session``
    was loaded from. Any game but the autosave's own takes the autosave's
    place, so an unfinished game there is first kept in Saved games, never
    overwritten. ``hints`` switches hints on for a new game of two or more
    people (``Session.hints_on``); a given session keeps its own."""
    if session is None:
        config = user_config(app, entry, config)
        session = Session(entry, config, seed, seats, **app.session_options)
        session.hints_on = hints
        session.coach_on = coach
        if coach:  # a game played with the coach is marked, as hints are
            session.marks.add(COACH)
    if not is_autosave(app, source) and app.storage.keep_autosave(ended(app)) is not None:
        app.toast("Your unfinished game was kept in Saved games.")
    session.on_change = lambda s: autosave(app, s)
    autosave(app, session)
    scene = entry.make_scene(app, session)
    scene.match = match or Match()
    app.stack.reset(app.home())
    app.stack.push(scene)
    return scene


def start_lesson(
    app: Any, entry: GameEntry, *, again: bool = False, lesson_id: str | None = None
) -> Scene | None:
    """Open ``entry``'s lesson ``lesson_id`` (its first by default) at the
    step the player left it (``again``: the first), its table rebuilt by
    playing the steps before it as the lesson asks
    (:func:`tabletop.core.lesson.fast_forward`). A lesson is no game of the
    record: no autosave, no statistics. None, with the reason shown, when
    the lesson cannot be read."""
    from tabletop.core import lesson as lessons

    try:
        lesson, hooks = lessons.load(entry, lesson_id)
    except lessons.LessonError as exc:
        app.toast(str(exc), "error")
        return None
    name = lesson.id
    session = Session(
        entry, lesson.config(entry), lesson.seed, lesson.seats, **lesson_session_options(app)
    )
    coach = lessons.Coach(lesson, hooks, session.rules)
    step = 0 if again else min(app.settings.lesson_step(name), len(lesson.steps) - 1)
    lessons.fast_forward(session, coach, step)

    def keep(index: int) -> None:
        done = index >= len(lesson.steps)
        app.settings = app.settings.with_lesson(name, 0 if done else index, done)
        app.update_settings()
        if done:
            app.toast(f"Lesson finished: {lesson.title}.")

    coach.on_step = keep
    keep(coach.index)
    scene = entry.make_scene(app, session)
    scene.match = Match()

    def leave() -> None:
        app.stack.reset(app.home())

    scene.attach_coach(coach, leave)
    app.stack.reset(app.home())
    app.stack.push(scene)
    return scene


def lesson_session_options(app: Any) -> dict[str, Any]:
    """A lesson's bots think to their budget, never the clock, so the table
    the lesson's words describe comes back the same on any machine."""
    options = dict(app.session_options)
    options["timed"] = False
    return options


def user_config(app: Any, entry: GameEntry, config: GameConfig) -> GameConfig:
    """``config`` with what a new game of ``entry`` takes from the player's
    files in the settings folder; a message about a damaged file is shown."""
    if entry.user_config is None:
        return config
    config, message = entry.user_config(config, app.storage.settings_dir)
    if message:
        app.toast(message, "error")
    return config


def is_autosave(app: Any, path: Path | str | None) -> bool:
    """True when ``path`` is the autosave file."""
    autosave = app.storage.last_autosave()
    return path is not None and autosave is not None and Path(path).resolve() == autosave.resolve()


def load_session(app: Any, path: Path | str, **options: Any) -> Session | None:
    """A session from a save file, or None with the reason shown. ``options``
    are Session keywords (``app.session_options`` when none are given).

    A save that cannot be loaded (a damaged file) is moved aside from the
    saves folder, so the list does not offer it again; one this version
    cannot read (another version's) is kept."""
    doc, message = app.storage.load_game(path)
    if doc is None:
        if message and Path(path).is_file():  # refused but kept (a newer program's save)
            kept = keep_refused_save(app, path)
            if kept is not None:
                message += f" It is in Saved games as {kept.stem}."
        app.toast(message or "That save could not be read.", "error")
        return None
    try:
        return Session.from_doc(doc, registry=app.games, **(options or app.session_options))
    except SaveRefused as exc:
        kept = keep_refused_save(app, path)
        where = f"It was kept in Saved games as {kept.stem}." if kept else "The file was kept."
        app.toast(f"{exc} {where}", "error")
        return None
    except SaveError as exc:
        # moved aside (from the saves folder), so Resume does not fail again
        app.toast(app.storage.set_aside_save(path, str(exc)), "error")
        return None


def ended(app: Any) -> Callable[[Any], bool]:
    """How the screens tell that a save's game has ended: by loading it
    with the app's games (:func:`tabletop.core.session.has_ended`), never by
    the flag the file carries."""
    return functools.partial(has_ended, registry=app.games)


def save_ended(app: Any, path: Path | str) -> bool:
    """True when the save at ``path`` holds a game that has ended; a file
    that cannot be read or loaded counts as unfinished (Resume then says
    why). Nothing is moved."""
    doc = app.storage.peek_save(path)
    return doc is not None and ended(app)(doc)


def keep_refused_save(app: Any, path: Path | str) -> Path | None:
    """A save this version cannot read (another version's) is kept, never set
    aside as damaged. An unfinished autosave moves into Saved games, so Resume
    does not fail again and a new game does not overwrite it; returns where it
    went (None: the file stays where it is)."""
    if not is_autosave(app, path):
        return None
    try:
        kept: Path | None = app.storage.keep_autosave(ended(app))
    except OSError:
        return None
    return kept


def resume_autosave(app: Any) -> bool:
    path = app.storage.last_autosave()
    if path is None:
        app.toast("There is no autosaved game to resume.", "error")
        return False
    session = load_session(app, Path(path))
    if session is None:
        return False
    if session.is_over():  # as loaded: the flag in the file is not trusted
        app.toast("The last game has ended; watch it again from Saved games.", "error")
        return False
    start_game(
        app,
        session.entry,
        session.config,
        session.seed,
        session.seats,
        session=session,
        source=path,
    )
    return True


def open_replay(app: Any, path: Path) -> bool:
    """Watch a saved game from its first move.

    The save is loaded as Resume loads it (:func:`load_session`): only a save
    that cannot be loaded is moved aside. The replay then plays its moves one
    by one and follows the positions the save holds: where this machine
    computes a move differently (a shot's floating point, a changed
    ``physics.toml``), the saved position is shown (``GameScene._replay_step``)."""
    full = load_session(app, path, threaded=False, timed=False)
    if full is None:
        return False
    fresh = Session(
        full.entry, full.config, full.seed, full.seats, threaded=False, states=full.states[:1]
    )
    scene = full.entry.make_scene(app, fresh, replay=list(full.actions))
    scene.replay_states = list(full.states)
    scene.match = Match()
    app.stack.reset(app.home())
    app.stack.push(scene)
    return True


def record_result(app: Any, game: Any) -> None:
    """A finished game counts once: in the sitting's match totals and the
    statistics. Showing the results again (resume, undo and replay of the last
    move) does not count it twice; replays never count."""
    session = game.session
    if game.replay_queue is not None or session.recorded:
        return
    if getattr(game, "coach", None) is not None:  # a lesson is no game of the record
        session.recorded = True
        return
    outcome = session.outcome()
    match: Match = getattr(game, "match", None) or Match()
    game.match = match
    match.games += 1
    for i in outcome.winners:
        name = session.seats[i].name
        match.wins[name] = match.wins.get(name, 0) + 1
    try:
        app.storage.record_result(result_of(session))
    except (OSError, ValueError) as exc:
        app.toast(f"The result could not be recorded: {exc}", "error")
    session.recorded = True
    autosave(app, session)
