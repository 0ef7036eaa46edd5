"""The Rules protocol every game implements, and the plain data around it.

A game is a pure rules object: ``setup`` makes the first state from a config and
a seed, ``apply`` returns a new state and never mutates its input, ``view``
blanks what a seat may not see. Nothing here imports pygame.

**``check`` is the definition of legality.** ``check(state, action)`` answers
None for a legal action and a reason for players otherwise, and ``apply``
refuses exactly what ``check`` refuses. ``legal_actions`` is the menu the scene
highlights and the bots pick from, and it is built to agree with ``check``:

- where the choices are few, ``legal_actions`` lists every one and ``check`` is
  "is it in the list, and if not, why not";
- where they are combinatorial (a set of cards removed at once) or continuous
  (a flick's angle and speed), ``legal_actions`` lists the canonical ones, or
  objects that describe the ranges, and ``check`` validates any concrete
  action directly, without enumerating.

Every action ``legal_actions`` offers passes ``check``; the shared harness
holds the two to that.

The guards that every game would otherwise write again -- "the game is over",
"it is not your turn" -- live once, in :func:`guard` below, and the session
calls it before the game's own ``check``.

**One seat decides at a time.** ``to_move`` names the seat being asked, also
when the question comes out of turn: answers from other seats to one seat's
action (claims on a discard, in priority order) are a sequence of single-seat
prompts, and each answer stays sealed in the state until the last is in, so a
``view`` never shows who could answer what, nor what anyone answered, before
the reveal. Such a game's ``reveals`` hook says a sealed answer shows nobody
anything, so it never blocks undo.

**A game ends with a reason.** :class:`EndReason` holds the reasons most games
share; a game with an ending of its own (an instant win, a pile-out) declares
an :class:`Ending` subclass and lists its members on ``GameInfo.end_reasons``.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar, runtime_checkable

from tabletop.core.loading import loading, resolve
from tabletop.core.words import addressed

if TYPE_CHECKING:
    from pathlib import Path
    from random import Random

State = TypeVar("State")
Action = TypeVar("Action")


class IllegalAction(ValueError):
    """Raised by ``Rules.apply`` for an illegal action; ``reason`` is for players."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class Variant:
    """One option a game offers at setup (shown by the setup screen)."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    #: player counts for which this variant is offered (empty: all of them)
    players: tuple[int, ...] = ()
    #: for a value no list of choices can hold (Planepita's physics values,
    #: which a new game takes from the player's physics.toml): None for a
    #: value it accepts, else why not. Such a variant has no ``choices``, and
    #: the setup screen does not show it.
    check: Callable[[Any], str | None] | None = None

    def offered_for(self, players: int) -> bool:
        return not self.players or players in self.players

    def refusal(self, value: Any) -> str | None:
        """None when ``value`` may be chosen, else why not (for players)."""
        if self.check is not None:
            return self.check(value)
        if value not in self.choices or type(value) is not type(self.default):
            return f"{value!r} is not one of {', '.join(map(str, self.choices))}"
        return None


#: a number fixed for the game, or one per player count (a mapping or a function)
PerCount = int | Mapping[int, int] | Callable[[int], int]
Bounds = tuple[float, float]
PerCountBounds = Bounds | Mapping[int, Bounds] | Callable[[int], Bounds]


class Ending(enum.Enum):
    """Why a game ended: a stable ``key`` (what saves hold) and the ``words``
    the results screen shows. Members are written ``NAME = ("key", "words")``.

    :class:`EndReason` is the core's set. A game with endings of its own
    subclasses this in its rules module and lists the members on
    ``GameInfo.end_reasons``; the harness accepts a core reason or a declared
    one and nothing else.
    """

    words: str

    def __new__(cls, key: str, words: str) -> Ending:
        member = object.__new__(cls)
        member._value_ = key
        member.words = words
        return member

    @property
    def key(self) -> str:
        return str(self.value)


class EndReason(Ending):
    """The endings many games share. The results screen shows :attr:`words`."""

    ROUNDS_COMPLETE = ("rounds_complete", "All rounds have been played.")
    TARGET_SCORE = ("target_score", "A player reached the target score.")
    HAND_EMPTIED = ("hand_emptied", "A player emptied their hand.")
    SUPPLY_EXHAUSTED = ("supply_exhausted", "The supply ran out.")
    BOARD_COMPLETE = ("board_complete", "The board is complete.")
    LAST_OBJECT_TAKEN = ("last_object_taken", "The last piece was taken.")
    RESIGNED = ("resigned", "A player resigned.")
    ACTION_LIMIT = ("action_limit", "The game reached its length limit.")


@dataclass(frozen=True)
class Setting:
    """A preference a game offers its players, shaped like a :class:`Variant`.

    A setting changes how the game is shown or handled (Planepita's way of
    flicking, its aim assist), never the rules: it is not part of the config,
    not saved with a game, and may change mid-game. The app keeps it per game
    in the settings file, validated on load; the game's setup and pause
    screens show it. A setting that is ``recorded`` marks every game a person
    plays with it (:meth:`mark`, "aim assist: line"), so the statistics show
    it beside the result.
    """

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    #: what the screens show for each choice, in order (empty: ``str(choice)``)
    names: tuple[str, ...] = ()
    #: the value a person plays with is marked on the game (session marks, statistics)
    recorded: bool = False

    def mark(self, value: Any) -> str:
        """The session mark of a game played with ``value``: "aim assist: line"."""
        return f"{self.label.lower()}: {self.name_of(value).lower()}"

    def accepts(self, value: Any) -> bool:
        """True when ``value`` is one of the choices (and of the default's type)."""
        return type(value) is type(self.default) and value in self.choices

    def name_of(self, value: Any) -> str:
        """The words the screens show for ``value``."""
        if self.names and value in self.choices:
            return self.names[self.choices.index(value)]
        return str(value)


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared beside its rules: the shared harness reads it."""

    name: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    variants: tuple[Variant, ...] = ()
    #: an upper bound on the number of actions in one game (the harness uses
    #: it): one number, or one per player count (a mapping or a function);
    #: read it through :meth:`max_actions_for`
    max_actions: PerCount = 10_000
    #: inclusive bounds on any seat's final score, or bounds per player count;
    #: read them through :meth:`score_bounds_for`
    score_bounds: PerCountBounds = (-1e9, 1e9)
    #: whether seats hold information others cannot see (curtains, views)
    hidden_information: bool = False
    #: path of the in-app rules page, inside the ``tabletop.games.<name>`` package
    rules_page: str = "rules.txt"
    #: whether saves keep every state, not just the moves: for games whose
    #: ``apply`` is floating point (Planepita's physics), which is not promised
    #: to agree across machines. Other games' saves replay their moves.
    save_states: bool = False
    #: the game's own settings (preferences, not rules), shown in its setup and
    #: pause screens and stored per game by the app
    settings: tuple[Setting, ...] = ()
    #: the version of this game's saves. Raise it when a save written before
    #: cannot be read as it stands (a state field without a default, an action
    #: that changed meaning); the rules' optional ``migrate(doc, from_version)``
    #: hook then brings an older save up to date, and without it such a save is
    #: refused with a message, never taken for a damaged file.
    save_version: int = 1
    #: the game's own endings (members of an :class:`Ending` subclass), beside
    #: the core's :class:`EndReason`
    end_reasons: tuple[Ending, ...] = ()
    #: what one whole play of the game is called, for "Game over" or "Match
    #: over" (Planet etuC is a match of several games)
    whole: str = "game"

    def max_actions_for(self, players: int) -> int:
        """The bound on a game's length with ``players`` players."""
        return int(_per_count(self.max_actions, players, "max_actions"))

    def score_bounds_for(self, players: int) -> Bounds:
        """The inclusive bounds on a final score with ``players`` players."""
        low, high = _per_count(self.score_bounds, players, "score_bounds")
        return float(low), float(high)

    def knows_ending(self, reason: object) -> bool:
        """True for a core :class:`EndReason` or one this game declared."""
        return isinstance(reason, EndReason) or reason in self.end_reasons

    @property
    def player_range(self) -> range:
        return range(self.min_players, self.max_players + 1)

    def setting(self, key: str) -> Setting:
        for s in self.settings:
            if s.key == key:
                return s
        raise KeyError(key)

    def variant(self, key: str) -> Variant:
        for v in self.variants:
            if v.key == key:
                return v
        raise KeyError(key)

    def config(self, players: int, **variants: Any) -> GameConfig:
        """A config with every variant offered for ``players`` filled in.

        ValueError, with a message for players, on a bad player count, an
        unknown variant, a value that is not one of the variant's choices, or a
        variant that is not offered at that player count. Every game's
        ``default_config`` is this (or starts from it).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise ValueError(f"the player count must be a whole number, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, not {players}"
            )
        known = {v.key: v for v in self.variants}
        unknown = sorted(set(variants) - set(known))
        if unknown:
            raise ValueError(f"unknown {self.title} variant(s): {', '.join(unknown)}")
        chosen: dict[str, Any] = {}
        for key, variant in known.items():
            if not variant.offered_for(players):
                if key in variants:
                    counts = " or ".join(map(str, variant.players))
                    raise ValueError(f"{variant.label} is only offered with {counts} players")
                continue
            value = variants.get(key, variant.default)
            why = variant.refusal(value)
            if why is not None:
                raise ValueError(f"{variant.label}: {why}")
            chosen[key] = value
        return GameConfig(players, chosen)


def _per_count(value: Any, players: int, what: str) -> Any:
    """``value`` itself, ``value[players]`` or ``value(players)``."""
    if callable(value):
        return value(players)
    if isinstance(value, Mapping):
        try:
            return value[players]
        except KeyError:
            raise ValueError(f"{what} says nothing about {players} players") from None
    return value


@dataclass(frozen=True)
class GameConfig:
    """Player count and chosen variants; with a seed it fixes a whole game."""

    players: int
    variants: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.variants.get(key, default)


@dataclass(frozen=True)
class Outcome:
    """Scores, places and the reason, as data (python-chess ``Outcome``).

    ``places[i]`` is seat i's place, 1 for first; tied seats share a place.
    ``detail`` adds the game's own words ("Ada took the last stone.").
    """

    scores: tuple[float, ...]
    places: tuple[int, ...]
    reason: Ending
    detail: str = ""

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(i for i, p in enumerate(self.places) if p == 1)

    @property
    def words(self) -> str:
        return f"{self.reason.words} {self.detail}".strip()

    def words_for(self, names: Sequence[str]) -> str:
        """The reason and detail, with ``{0}``, ``{1}``... in ``detail`` replaced by
        the seats' names ("{0} took the last stone.")."""
        try:
            detail = self.detail.format(*names)
        except (IndexError, KeyError, ValueError):
            detail = self.detail
        return addressed(f"{self.reason.words} {detail}".strip(), names)

    @staticmethod
    def from_scores(
        scores: Sequence[float],
        reason: Ending,
        detail: str = "",
        higher_is_better: bool = True,
        tiebreak: Sequence[Any] | None = None,
    ) -> Outcome:
        """Places by score (then by ``tiebreak`` keys); equal keys share a place."""
        sign = 1 if higher_is_better else -1
        keys = [
            (sign * s, *(tiebreak[i] if tiebreak is not None else ())) for i, s in enumerate(scores)
        ]
        places = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
        return Outcome(tuple(scores), places, reason, detail)


class Rules(Protocol, Generic[State, Action]):
    """The protocol every game implements (docs/architecture.md). ``info``
    describes the game."""

    info: GameInfo

    def setup(self, config: GameConfig, seed: int) -> State: ...

    def to_move(self, state: State) -> int | None:
        """Seat whose decision it is, or None when the game is over."""
        ...

    def legal_actions(self, state: State) -> list[Action]:
        """The choices the scene highlights and bots pick from: every one where
        they are few; the canonical ones, or objects describing the ranges, where
        they are combinatorial or continuous. Each one passes ``check``."""
        ...

    def check(self, state: State, action: Action) -> str | None:
        """None if ``action`` is legal, otherwise why not (for players).

        This is the definition of legality; ``apply`` refuses what it refuses.
        It first refuses an action of the wrong shape, before reading it: not
        one of the game's action classes, or a field of the wrong type or
        size (True or 1.0 for a whole number, NaN or 10**400 for a speed),
        through :func:`tabletop.core.shapes.malformed` and the ``malformed()``
        each action class writes beside its definition. Then, where the
        choices are few, it is "is ``action`` in ``legal_actions``, and if
        not, why not". Where they are combinatorial or continuous it validates
        the concrete ``action`` directly, without enumerating the choices. A
        reason is one short line: a value it quotes goes through
        :func:`tabletop.core.words.quote`. The shared guards (game over, not
        your turn) are not repeated here: :func:`guard` runs them first.
        """
        ...

    def apply(self, state: State, action: Action) -> State:
        """The next state; raises IllegalAction and leaves ``state`` alone."""
        ...

    def is_over(self, state: State) -> bool: ...

    def outcome(self, state: State) -> Outcome: ...

    def view(self, state: State, seat: int) -> State:
        """What ``seat`` may see: hidden information blanked."""
        ...


#: the worked first game a game may ship beside its rules page (read by
#: :meth:`GameEntry.rules_text`, shown after the rules)
TUTORIAL_PAGE = "tutorial.txt"


@runtime_checkable
class Bot(Protocol):
    """A seat played by the program. ``choose`` gets that seat's view.

    Optional, found by name: ``cancel()`` asks a search running on another
    thread to stop soon; ``time_budget`` is the seconds one decision may take
    (None: the bot is untimed, bounded by its iteration cap alone);
    ``explain(view, action) -> str`` says in one line of words why the bot
    chose ``action`` in ``view`` (asked right after ``choose``, so it may read
    what that search learnt), which a hint shows (:func:`explain`); it names
    a seat with ``words.seat_ref(seat)``, which the session turns into the
    seat's name; ``clock_cut`` is True when the last ``choose`` ended
    because of its seconds, not its iteration budget or a settled choice
    (tools/bench.py counts those decisions). A game's
    ``make_bot(level, seat, seed, *, timed=True)`` gives every level both
    budgets; ``timed=False`` leaves the cap alone, so a decision depends only
    on the seed and the view.
    """

    seat: int

    def choose(self, view: Any) -> Any: ...


#: the parts of a :class:`GameEntry` a lazy entry names as ``"module:attr"``
#: paths and imports on first use: the first three every entry has, the
#: others may be None
PARTS = (
    "rules",
    "sample_action",
    "make_bot",
    "determinize",
    "level_notes",
    "user_config",
    "prepare",
)
#: the parts every entry has
REQUIRED_PARTS = PARTS[:3]


class _Unset:
    """The value of a part an entry was not given (see :class:`GameEntry`)."""

    def __repr__(self) -> str:
        return "<unset>"


_UNSET: Any = _Unset()


def _part() -> Any:
    """A part's field: no class attribute, so a lazy entry's unloaded part is
    looked up through ``__getattr__``."""
    return field(default_factory=lambda: _UNSET)


@dataclass(frozen=True)
class GameEntry:
    """Everything the program needs to know about one game.

    A shipped game's entry is *lazy* (:meth:`lazy`): it holds the game's
    ``info``, which the title, the setup screen, ``--list``, saved games and
    the statistics read, and names the other parts as ``"module:attr"``
    paths in ``parts``; reading one of them (``entry.rules``,
    ``entry.make_bot``...) imports the game's code then, once, and keeps what
    it found (:meth:`load`). An entry built with its parts themselves (the
    test games', :meth:`of`) is whole from the start. Either way the parts
    read as plain attributes of their types, and ``dataclasses.replace``
    gives a whole entry.
    """

    info: GameInfo
    rules: Rules[Any, Any] = _part()
    #: sample_action(state, rng) -> any legal action, continuous ones included
    sample_action: Callable[[Any, Random], Any] = _part()
    #: make_bot(level, seat, seed, *, timed=True) -> Bot, level in LEVELS;
    #: timed=False: the iteration cap alone (see tabletop.core.bots.Bot)
    make_bot: Callable[..., Bot] = _part()
    #: "package.module:factory"; factory(app, session) -> a ui Scene
    scene: str = ""
    #: "package.module:function"; function(surface, rect, theme) draws the
    #: title screen's picture of the game (imported lazily, like the scene)
    icon: str = ""
    #: determinize(view, seat, rng) -> a full state consistent with what
    #: ``seat`` knows, ``view`` being its view: written from what the seat
    #: knows, with everything it cannot know dealt afresh (never copied from
    #: the view), so the harness can check that a view leaks nothing. The
    #: ISMCTS bots search over it. Every game with hidden information has one.
    determinize: Callable[[Any, int, Random], Any] | None = _part()
    #: level_notes() -> {level: words}: what each bot level does, and how well,
    #: in a sentence or two for players (the setup screen's tooltip). A
    #: function, so a game's bot module is imported only when it is asked.
    level_notes: Callable[[], Mapping[str, str]] | None = _part()
    #: user_config(config, folder) -> (config, message or None): a new game's
    #: config with what it takes from the player's own files in the settings
    #: folder ``folder`` (Planepita: the physics.toml its tuning overlay
    #: saves), and a message for the player (a damaged file set aside). Asked
    #: when a new game starts, never for a loaded one: a save holds its config.
    user_config: Callable[[GameConfig, Path], tuple[GameConfig, str | None]] | None = _part()
    #: prepare() builds what the game would otherwise build at its first
    #: question and keeps it (Phantom Rummy's goal tables): called by
    #: :meth:`warm`, on the worker, while the title shows
    prepare: Callable[[], None] | None = _part()
    #: a lazy entry's parts not loaded yet, as (part, "module:attr") pairs
    #: (empty for a whole entry)
    parts: tuple[tuple[str, str], ...] = field(default=(), repr=False, compare=False)

    def __post_init__(self) -> None:
        named = dict(self.parts)
        unknown = sorted(set(named) - set(PARTS))
        if unknown:
            raise TypeError(f"{self.info.name}: no such part of a game entry: {unknown}")
        for part in PARTS:
            if getattr(self, part, None) is not _UNSET:
                continue
            if part in named:  # read through __getattr__, which loads it
                object.__delattr__(self, part)
            elif part in REQUIRED_PARTS:
                raise TypeError(f"{self.info.name}'s entry has no {part}")
            else:
                object.__setattr__(self, part, None)

    @classmethod
    def of(cls, rules: Rules[Any, Any], bots: Any, **rest: Any) -> GameEntry:
        """A whole entry: its info from ``rules``, ``make_bot`` and
        ``level_notes`` from its bot module ``bots``, the rest as given."""
        return cls(
            info=rules.info,
            rules=rules,
            make_bot=bots.make_bot,
            level_notes=bots.level_notes,
            **rest,
        )

    @classmethod
    def lazy(
        cls, info: GameInfo, *, rules: str, bots: str, scene: str, icon: str = "", **parts: str
    ) -> GameEntry:
        """A shipped game's entry, importing nothing of the game: ``rules``
        names its rules object (``"pkg.rules:RULES"``), ``bots`` its bot
        module (its ``make_bot`` and ``level_notes``), ``parts`` the others
        (``sample_action``, ``determinize``, ``user_config``, ``prepare``) as
        ``"module:attr"`` paths; the scene and the icon as always. The rules'
        ``info`` must be ``info`` itself (checked when they load)."""
        named = {
            "rules": rules,
            "make_bot": f"{bots}:make_bot",
            "level_notes": f"{bots}:level_notes",
            **parts,
        }
        return cls(info=info, scene=scene, icon=icon, parts=tuple(named.items()))

    if not TYPE_CHECKING:  # the type checker reads the parts as the fields they are

        def __getattr__(self, name: str) -> Any:
            # only a lazy entry's unloaded part is missing from the instance
            if name in PARTS and name in dict(self.__dict__.get("parts", ())):
                self.load()
                return self.__dict__[name]
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def loaded(self) -> bool:
        """True when every part is here: nothing is left to import."""
        return all(part in self.__dict__ for part in PARTS)

    def load(self, *, urgent: bool = True) -> GameEntry:
        """Import every part this entry names and keep it (once; a whole
        entry has nothing to do), under :func:`tabletop.core.loading.loading`.
        ``urgent=False`` for a worker warming the game. Returns the entry."""
        if self.loaded:
            return self
        with loading(urgent=urgent):
            found = {
                part: resolve(path, urgent=urgent)
                for part, path in self.parts
                if part not in self.__dict__
            }
            rules = found.get("rules", self.__dict__.get("rules"))
            if getattr(rules, "info", None) is not self.info:
                raise TypeError(
                    f"{self.info.name}: the rules' info is not the entry's "
                    "(the rules must take theirs from the game's info module)"
                )
            for part, value in found.items():
                object.__setattr__(self, part, value)
        return self

    def warm(self) -> None:
        """Import everything the game will need (its parts, its table, its
        picture) and build what it builds at its first question
        (:attr:`prepare`), as a worker does while the title shows."""
        self.load(urgent=False)
        for path in (self.icon, self.scene):
            if path:
                resolve(path, urgent=False)
        if self.prepare is not None:
            self.prepare()

    def exports(self) -> Callable[[str], Any]:
        """The game package's ``__getattr__`` (PEP 562): the names the
        package offered when it imported its rules (``RULES``,
        ``sample_action``, ``determinize``, ``user_config``), read from the
        entry when first asked for, so importing the package still imports
        nothing else of the game."""
        offered = {"RULES": "rules", "sample_action": "sample_action"}
        offered |= {p: p for p in ("determinize", "user_config") if p in dict(self.parts)}

        def __getattr__(name: str) -> Any:
            part = offered.get(name)
            if part is None:
                raise AttributeError(f"module {self.package!r} has no attribute {name!r}")
            return getattr(self, part)

        return __getattr__

    @property
    def package(self) -> str:
        """The package the game's files live in (its rules page, lesson):
        the package of the rules' module, read from the path of a lazy
        entry's rules without importing them."""
        rules = self.__dict__.get("rules")
        if rules is None:
            module = dict(self.parts)["rules"].partition(":")[0]
        else:
            module = type(rules).__module__
        return module.rpartition(".")[0]

    @property
    def name(self) -> str:
        return self.info.name

    def default_config(self, players: int, **variants: Any) -> GameConfig:
        """A config for ``players`` with every variant the game offers them
        filled in (:meth:`GameInfo.config`, which says what is wrong)."""
        return self.info.config(players, **variants)

    def level_note(self, level: str) -> str:
        """The game's words for a bot ``level`` ("" when it gives none)."""
        if self.level_notes is None:
            return ""
        note = self.level_notes().get(level, "")
        return note if isinstance(note, str) else ""

    def make_scene(self, *args: Any, **kwargs: Any) -> Any:
        """Import the scene module (pygame) only now, and build the scene."""
        return resolve(self.scene)(*args, **kwargs)

    def icon_painter(self) -> Callable[..., Any] | None:
        """The title screen's picture of the game, ``fn(surface, rect, theme)``,
        imported only now; None for a game without one."""
        return resolve(self.icon) if self.icon else None

    def rules_text(self) -> str:
        """The in-app rules page, read through importlib.resources, followed
        by the game's worked first game (``tutorial.txt`` beside it) when it
        ships one."""
        from importlib import resources

        package = self.package
        try:
            text = (resources.files(package) / self.info.rules_page).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            return f"{self.info.title}\n\n{self.info.blurb}"
        try:
            tutorial = (resources.files(package) / TUTORIAL_PAGE).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            return text
        return text.rstrip() + "\n\n" + tutorial

    def rules_picture(self, name: str) -> Callable[..., Any] | None:
        """The drawing function ``name`` of the module the entry's ``scene``
        names (the game's table package), for a
        ``[[picture NAME LINES]]`` line of its rules page: called as
        ``fn(surface, rect, theme)``. Imports the scene (pygame) only now;
        None when there is no such function."""
        module, _, _ = self.scene.partition(":")
        if not name.startswith("draw_"):
            return None
        try:
            fn = resolve(f"{module}:{name}")
        except (ImportError, AttributeError):
            return None
        return fn if callable(fn) else None


class Registry(dict[str, GameEntry]):
    """The games a build offers, name -> :class:`GameEntry`; looking up a
    name it does not hold is a KeyError that names the ones it does."""

    def __missing__(self, name: str) -> GameEntry:
        known = ", ".join(sorted(self)) or "none"
        raise KeyError(f"unknown game {name!r} (known games: {known})")

    @classmethod
    def of(cls, *entries: GameEntry) -> Registry:
        return cls((entry.name, entry) for entry in entries)


class Describes(Protocol):
    """Optional extras a Rules object may offer; the core checks with hasattr."""

    def describe(self, state: Any) -> str:
        """A text picture of the state, for golden playthroughs."""
        ...

    def log_line(self, before: Any, action: Any, after: Any, names: Sequence[str]) -> str:
        """One readable line for the game log: what ``action`` did to ``before``,
        which gave ``after`` (so no game applies a move again to describe it)."""
        ...

    def log_detail(self, before: Any, action: Any, after: Any, names: Sequence[str]) -> str:
        """The numbers behind a log line, for its tooltip (a flick's pad, aim,
        speed, hits and strongest impact), or "" when the line says it all.
        The same arguments as ``log_line``; the frame asks it only when the
        mouse rests on an entry, so it may be slower than ``log_line``."""
        ...

    def undo_barrier(self, before: Any, action: Any, after: Any) -> bool:
        """True when ``action`` revealed hidden information or drew randomness."""
        ...

    def retry_barrier(self, before: Any, action: Any, after: Any) -> str | None:
        """Why ``action`` may not be taken back while a bot sits at the table,
        in words, or None: a move of skill whose result is known once it is
        made (a flick in a deterministic physics game), which undo would let a
        person retry until perfect. Against bots nobody could object, so undo
        never crosses it; among people only, the usual policy holds. A game
        lifts it where the players chose so (Planepita's practice variant)."""
        ...

    def reveals(self, before: Any, action: Any, after: Any, seat: int) -> bool:
        """True when ``action``, made by another seat, showed ``seat`` something
        it could not see before (a card played face up). Undo never takes
        ``seat`` back across it. Games with hidden information define it; a
        sealed answer out of turn shows nobody anything (False), so it never
        blocks undo, and the action that reveals the answers may."""
        ...

    def forced_answer(self, view: Any) -> Any | None:
        """The answer the seat of ``view`` (asked out of turn) must give when
        it has no choice (a Pass on a discard it can claim nothing of), else
        None. The session gives it without a prompt only where no other person
        could see it: with one person at the table (:meth:`Session.auto_answer`);
        at one device with two or more people every seat is still asked behind
        the curtain, so a pause shows nobody who could claim."""
        ...

    def deal_summary(self, before: Any, action: Any, after: Any) -> DealSummary | None:
        """When ``action`` ended a deal or a game of a match (``before`` gave
        ``after``), what the pause after it shows: each seat's place and points
        for it and the totals so far, as a :class:`DealSummary`; else None."""
        ...

    def score_sheet(self, state: Any) -> ScoreSheet:
        """The score sheet of ``state``: one row per way of scoring (a card, a
        round, an area), one value per seat, and the totals. At the end the
        totals equal :meth:`Rules.outcome`'s scores; between deals of a match
        it is the standing so far (the summary draws it). See :class:`ScoreSheet`."""
        ...

    def invariants(self, state: Any) -> None:
        """Raise AssertionError, with the reason in words, when ``state`` is not
        a position of this game: a conservation law broken, or a value of the
        wrong type or out of range (a position that is not a finite number, a
        count that is not a whole one). Loading a save calls it on every stored
        state, so it must answer for any value a file can hold, and must not
        lean on ``assert`` (gone under ``python -O``): see :func:`require`."""
        ...

    def migrate(self, doc: dict[str, Any], from_version: int) -> dict[str, Any] | None:
        """A save document written at ``from_version`` (older than
        ``info.save_version``) rewritten as this version writes it, or None
        when it cannot be (the session then refuses it with a message)."""
        ...

    def apply_traced(self, state: Any, action: Any) -> tuple[Any, Any]:
        """``apply`` and what the move made on the way that only the table
        shows (Planepita: the shot's trajectory), as ``(after, trace)``: the
        session plays every move through it when a game has it, and hands the
        trace to the animation, ``log_line`` and ``log_detail`` (as their
        ``trace=`` keyword), so a move is worked out once."""
        ...


@dataclass(frozen=True)
class SummaryRow:
    """One seat's line in a :class:`DealSummary`: its place in the deal
    (1 is best) and the numbers beside it, in words, one per column."""

    seat: int
    place: int
    cells: tuple[str, ...]


@dataclass(frozen=True)
class DealSummary:
    """What the frame shows when a deal or a game of a match ends, before the
    next one is drawn: a heading, the column names, one row per seat (best
    place first) and a closing line naming seats as ``{0}``, ``{1}``... ("Game
    2: {1} starts."), since the rules know no names.

    ``position`` is the finished deal as the table shows it while the summary
    is up (a full state, which the frame shows each seat through ``view``):
    the last cards on the table, not the next hand. None shows the position
    before the move."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[SummaryRow, ...]
    note: str = ""
    position: Any = None
    #: the match's score sheet so far, drawn under the rows when given
    sheet: ScoreSheet | None = None

    def note_for(self, names: Sequence[str]) -> str:
        """The closing line with ``{0}``, ``{1}``... replaced by the seats' names."""
        try:
            return addressed(self.note.format(*names), names)
        except (IndexError, KeyError, ValueError):
            return self.note


@dataclass(frozen=True)
class SheetRow:
    """One way of scoring on a :class:`ScoreSheet`: its label ("red Sword 3",
    "Round 2", "The jammer's sweep") and each seat's points from it, in seat
    order; ``notes``, when given, says per seat in words where the points came
    from ("Ibex, Rattlesnake"; "" for nothing to say). A value of None is a
    cell that does not apply to the seat (drawn as a dash, counted as 0)."""

    label: str
    values: tuple[float | None, ...]
    notes: tuple[str, ...] = ()

    def note(self, seat: int) -> str:
        return self.notes[seat] if seat < len(self.notes) else ""


@dataclass(frozen=True)
class ScoreSheet:
    """A game's score sheet (Board Game Arena's end-of-game table): one
    column per seat, one :class:`SheetRow` per way of scoring, each seat's
    total the sum of its column. At the end the totals equal
    ``Outcome.scores``; between deals they are the match's standing.

    ``lines`` are words under the sheet, seats as ``{0}``, ``{1}``... ("A tie
    on points: {1} has more animal cards."). ``unit`` names a point ("VP",
    "negative points") for the header; ``higher_is_better`` says which way
    the totals rank (Uchronicle counts negative points)."""

    rows: tuple[SheetRow, ...]
    totals: tuple[float, ...]
    lines: tuple[str, ...] = ()
    unit: str = "points"
    higher_is_better: bool = True

    @staticmethod
    def summed(
        rows: Sequence[SheetRow],
        players: int,
        lines: Sequence[str] = (),
        unit: str = "points",
        higher_is_better: bool = True,
    ) -> ScoreSheet:
        """The sheet whose totals are its rows' column sums."""
        totals = tuple(float(sum(row.values[s] or 0 for row in rows)) for s in range(players))
        return ScoreSheet(tuple(rows), totals, tuple(lines), unit, higher_is_better)

    def column(self, seat: int) -> float:
        """Seat ``seat``'s column summed (its total, when the sheet is right)."""
        return float(sum(row.values[seat] or 0 for row in self.rows))

    def places(self) -> tuple[int, ...]:
        """Each seat's place by its total (1 is best; equal totals share)."""
        sign = 1 if self.higher_is_better else -1
        return tuple(1 + sum(1 for u in self.totals if sign * u > sign * t) for t in self.totals)

    def lines_for(self, names: Sequence[str]) -> tuple[str, ...]:
        """``lines`` with ``{0}``, ``{1}``... replaced by the seats' names."""
        out = []
        for line in self.lines:
            try:
                out.append(addressed(line.format(*names), names))
            except (IndexError, KeyError, ValueError):
                out.append(line)
        return tuple(out)


def score_sheet(rules: Rules[Any, Any], state: Any) -> ScoreSheet | None:
    """The game's ``score_sheet`` hook, or None (no hook: the results show the
    outcome's scores alone)."""
    fn = getattr(rules, "score_sheet", None)
    return fn(state) if fn is not None else None


def deal_summary(
    rules: Rules[Any, Any], before: Any, action: Any, after: Any
) -> DealSummary | None:
    """The game's ``deal_summary`` hook, or None (no hook: no pause between deals)."""
    fn = getattr(rules, "deal_summary", None)
    return fn(before, action, after) if fn is not None else None


def require(condition: object, words: str) -> None:
    """For a game's ``invariants``: raise AssertionError(``words``) unless
    ``condition`` holds. Unlike ``assert`` it still checks under ``python -O``,
    where a damaged save must be refused all the same."""
    if not condition:
        raise AssertionError(words)


def guard(rules: Rules[Any, Any], state: Any, action: Any, seat: int | None = None) -> str | None:
    """The shared guards, then the game's own ``check``: None or the reason.

    ``seat`` is who is acting; None means "whoever is to move" (bots, replays).
    """
    if rules.is_over(state):
        return "The game is over."
    mover = rules.to_move(state)
    if mover is None:
        return "Nobody is to move right now."
    if seat is not None and seat != mover:
        return "It is not your turn."
    return rules.check(state, action)


def apply_checked(rules: Rules[Any, Any], state: Any, action: Any, seat: int | None = None) -> Any:
    """``guard`` then ``apply`` (see :func:`play_checked` for the move's trace too)."""
    reason = guard(rules, state, action, seat)
    if reason is not None:
        raise IllegalAction(reason)
    return rules.apply(state, action)


@dataclass(frozen=True)
class Move:
    """One move as it happened, as :meth:`Session.play` returns it: the frame's
    animation and log take everything from here, so nothing works a move out
    again. ``trace`` is what the rules made on the way that only the table
    shows (Planepita: the shot's Trajectory, every frame of it), or None."""

    before: Any
    action: Any
    after: Any
    log: str
    trace: Any = None


def play_checked(
    rules: Rules[Any, Any], state: Any, action: Any, seat: int | None = None
) -> tuple[Any, Any]:
    """:func:`apply_checked` with the move's trace: the game's ``apply_traced``
    hook (``(after, trace)``: Planepita's shot and its trajectory, simulated
    once), else ``(apply(...), None)``."""
    reason = guard(rules, state, action, seat)
    if reason is not None:
        raise IllegalAction(reason)
    traced = getattr(rules, "apply_traced", None)
    if traced is None:
        return rules.apply(state, action), None
    after, trace = traced(state, action)
    return after, trace


def log_line(
    rules: Rules[Any, Any],
    before: Any,
    action: Any,
    after: Any,
    names: Sequence[str],
    trace: Any = None,
) -> str:
    """The game's own log line, or a plain one built from the action's
    notation. ``trace`` (the move's, from :func:`play_checked`) is handed to
    the hook when there is one, so it need not work the move out again."""
    fn = getattr(rules, "log_line", None)
    if fn is not None:
        if trace is not None:
            return addressed(str(fn(before, action, after, names, trace=trace)), names)
        return addressed(str(fn(before, action, after, names)), names)
    mover = rules.to_move(before)
    who = names[mover] if mover is not None and mover < len(names) else "?"
    return f"{who}: {action}"


def log_detail(
    rules: Rules[Any, Any],
    before: Any,
    action: Any,
    after: Any,
    names: Sequence[str],
    trace: Any = None,
) -> str:
    """The game's detail for a log entry (its ``log_detail`` hook, given the
    move's ``trace`` when known), or, for a game without one, the action's
    notation (``flick pad=0.50 angle=3.0 ...``)."""
    fn = getattr(rules, "log_detail", None)
    if fn is not None:
        if trace is not None:
            return str(fn(before, action, after, names, trace=trace))
        return str(fn(before, action, after, names))
    return str(action)


def reveals(rules: Rules[Any, Any], before: Any, action: Any, after: Any, seat: int) -> bool:
    """The game's ``reveals`` hook; a game with hidden information and no hook
    counts every other seat's action as showing something (the safe side)."""
    fn = getattr(rules, "reveals", None)
    if fn is not None:
        return bool(fn(before, action, after, seat))
    return bool(rules.info.hidden_information) and rules.to_move(before) != seat


def forced_answer(rules: Rules[Any, Any], view: Any) -> Any | None:
    """The game's ``forced_answer`` hook, or None (no hook: every answer is asked)."""
    fn = getattr(rules, "forced_answer", None)
    return fn(view) if fn is not None else None


def is_undo_barrier(rules: Rules[Any, Any], before: Any, action: Any, after: Any) -> bool:
    fn = getattr(rules, "undo_barrier", None)
    return bool(fn(before, action, after)) if fn is not None else False


def retry_barrier(rules: Rules[Any, Any], before: Any, action: Any, after: Any) -> str:
    """The game's ``retry_barrier`` hook: the reason, or "" (no hook, or none)."""
    fn = getattr(rules, "retry_barrier", None)
    return str(fn(before, action, after) or "") if fn is not None else ""
