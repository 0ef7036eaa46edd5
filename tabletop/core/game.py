"""The Rules protocol every game implements, and the plain data around it.

A game is a pure rules object: ``setup`` makes the first state from a config and
a seed, ``apply`` returns a new state and never mutates its input, ``view``
blanks what a seat may not see. Nothing here imports pygame.

Legality has one definition per game (``legal_actions`` and ``check``). The
guards that every game would otherwise write again -- "the game is over",
"it is not your turn" -- live once, in :func:`guard` below, and the session
calls it before the game's own ``check``.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

if TYPE_CHECKING:
    from random import Random

    from tabletop.core.bots import Bot

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

    def offered_for(self, players: int) -> bool:
        return not self.players or players in self.players


@dataclass(frozen=True)
class Setting:
    """A preference a game offers its players, shaped like a :class:`Variant`.

    A setting changes how the game is shown or handled (Planepita's way of
    flicking), never the rules: it is not part of the config, not saved with a
    game, and may change mid-game. The app keeps it per game in the settings
    file, validated on load; the game's setup and pause screens show it.
    """

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    #: what the screens show for each choice, in order (empty: ``str(choice)``)
    names: tuple[str, ...] = ()

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
    """What a game is, declared beside its rules (STYLE.md item 8)."""

    name: str
    title: str
    blurb: str
    min_players: int
    max_players: int
    variants: tuple[Variant, ...] = ()
    #: an upper bound on the number of actions in one game (the harness uses it)
    max_actions: int = 10_000
    #: inclusive bounds on any seat's final score
    score_bounds: tuple[float, float] = (-1e9, 1e9)
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
            if value not in variant.choices or type(value) is not type(variant.default):
                choices = ", ".join(map(str, variant.choices))
                raise ValueError(f"{variant.label}: {value!r} is not one of {choices}")
            chosen[key] = value
        return GameConfig(players, chosen)


@dataclass(frozen=True)
class GameConfig:
    """Player count and chosen variants; with a seed it fixes a whole game."""

    players: int
    variants: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.variants.get(key, default)


class EndReason(enum.Enum):
    """Why a game ended. The results screen shows :attr:`words`."""

    ROUNDS_COMPLETE = "rounds_complete"
    TARGET_SCORE = "target_score"
    HAND_EMPTIED = "hand_emptied"
    SUPPLY_EXHAUSTED = "supply_exhausted"
    BOARD_COMPLETE = "board_complete"
    LAST_OBJECT_TAKEN = "last_object_taken"
    RESIGNED = "resigned"
    ACTION_LIMIT = "action_limit"

    @property
    def words(self) -> str:
        return _END_WORDS[self]


_END_WORDS = {
    EndReason.ROUNDS_COMPLETE: "All rounds have been played.",
    EndReason.TARGET_SCORE: "A player reached the target score.",
    EndReason.HAND_EMPTIED: "A player emptied their hand.",
    EndReason.SUPPLY_EXHAUSTED: "The supply ran out.",
    EndReason.BOARD_COMPLETE: "The board is complete.",
    EndReason.LAST_OBJECT_TAKEN: "The last piece was taken.",
    EndReason.RESIGNED: "A player resigned.",
    EndReason.ACTION_LIMIT: "The game reached its length limit.",
}


@dataclass(frozen=True)
class Outcome:
    """Scores, places and the reason, as data (python-chess ``Outcome``).

    ``places[i]`` is seat i's place, 1 for first; tied seats share a place.
    ``detail`` adds the game's own words ("Ada took the last stone.").
    """

    scores: tuple[float, ...]
    places: tuple[int, ...]
    reason: EndReason
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
        return f"{self.reason.words} {detail}".strip()

    @staticmethod
    def from_scores(
        scores: Sequence[float],
        reason: EndReason,
        detail: str = "",
        higher_is_better: bool = True,
        tiebreak: Sequence[Any] | None = None,
    ) -> Outcome:
        """Places by score (then by ``tiebreak`` keys); equal keys share a place."""
        sign = 1 if higher_is_better else -1
        keys = [
            (sign * s, *(tiebreak[i] if tiebreak is not None else ()))
            for i, s in enumerate(scores)
        ]
        places = tuple(1 + sum(1 for k in keys if k > mine) for mine in keys)
        return Outcome(tuple(scores), places, reason, detail)


class Rules(Protocol, Generic[State, Action]):
    """The protocol in DESIGN.md. ``info`` describes the game."""

    info: GameInfo

    def setup(self, config: GameConfig, seed: int) -> State: ...

    def to_move(self, state: State) -> int | None:
        """Seat whose decision it is, or None when the game is over."""
        ...

    def legal_actions(self, state: State) -> list[Action]:
        """Discrete choices, or for continuous games descriptions of the ranges."""
        ...

    def check(self, state: State, action: Action) -> str | None:
        """None if ``action`` is legal, otherwise why not (for players)."""
        ...

    def apply(self, state: State, action: Action) -> State:
        """The next state; raises IllegalAction and leaves ``state`` alone."""
        ...

    def is_over(self, state: State) -> bool: ...

    def outcome(self, state: State) -> Outcome: ...

    def view(self, state: State, seat: int) -> State:
        """What ``seat`` may see: hidden information blanked."""
        ...


@dataclass(frozen=True)
class GameEntry:
    """Everything the program needs to know about one game."""

    info: GameInfo
    rules: Rules[Any, Any]
    #: default_config(players, **variants) -> GameConfig
    default_config: Callable[..., GameConfig]
    #: sample_action(state, rng) -> any legal action, continuous ones included
    sample_action: Callable[[Any, Random], Any]
    #: make_bot(level, seat, seed, *, timed=True) -> Bot, level in LEVELS;
    #: timed=False: the iteration cap alone (see tabletop.core.bots.Bot)
    make_bot: Callable[..., Bot]
    #: "package.module:factory"; factory(app, session) -> a ui Scene
    scene: str
    #: "package.module:function"; function(surface, rect, theme) draws the
    #: title screen's picture of the game (imported lazily, like the scene)
    icon: str = ""

    @property
    def name(self) -> str:
        return self.info.name

    def make_scene(self, *args: Any, **kwargs: Any) -> Any:
        """Import the scene module (pygame) only now, and build the scene."""
        module, _, attr = self.scene.partition(":")
        return getattr(importlib.import_module(module), attr)(*args, **kwargs)

    def rules_text(self) -> str:
        """The in-app rules page, read through importlib.resources."""
        from importlib import resources

        package = type(self.rules).__module__.rpartition(".")[0]
        try:
            return (resources.files(package) / self.info.rules_page).read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, OSError):
            return f"{self.info.title}\n\n{self.info.blurb}"


class Describes(Protocol):
    """Optional extras a Rules object may offer; the core checks with hasattr."""

    def describe(self, state: Any) -> str:
        """A text picture of the state, for golden playthroughs."""
        ...

    def log_line(self, state: Any, action: Any, names: Sequence[str]) -> str:
        """One readable line for the game log: what ``action`` did in ``state``."""
        ...

    def undo_barrier(self, before: Any, action: Any, after: Any) -> bool:
        """True when ``action`` revealed hidden information or drew randomness."""
        ...

    def reveals(self, before: Any, action: Any, after: Any, seat: int) -> bool:
        """True when ``action``, made by another seat, showed ``seat`` something
        it could not see before (a card played face up). Undo never takes
        ``seat`` back across it. Games with hidden information define it."""
        ...

    def invariants(self, state: Any) -> None:
        """Raise AssertionError when the state breaks a conservation law."""
        ...


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
    """``guard`` then ``apply``: the one way the session changes a state."""
    reason = guard(rules, state, action, seat)
    if reason is not None:
        raise IllegalAction(reason)
    return rules.apply(state, action)


def log_line(rules: Rules[Any, Any], state: Any, action: Any, names: Sequence[str]) -> str:
    """The game's own log line, or a plain one built from the action's notation."""
    fn = getattr(rules, "log_line", None)
    if fn is not None:
        return str(fn(state, action, names))
    mover = rules.to_move(state)
    who = names[mover] if mover is not None and mover < len(names) else "?"
    return f"{who}: {action}"


def reveals(rules: Rules[Any, Any], before: Any, action: Any, after: Any, seat: int) -> bool:
    """The game's ``reveals`` hook; a game with hidden information and no hook
    counts every other seat's action as showing something (the safe side)."""
    fn = getattr(rules, "reveals", None)
    if fn is not None:
        return bool(fn(before, action, after, seat))
    return bool(rules.info.hidden_information) and rules.to_move(before) != seat


def is_undo_barrier(rules: Rules[Any, Any], before: Any, action: Any, after: Any) -> bool:
    fn = getattr(rules, "undo_barrier", None)
    return bool(fn(before, action, after)) if fn is not None else False
