"""The table contract: a game's table is a part the frame holds, not a class
the frame is.

The frame (:class:`tabletop.ui.gamescene.GameScene`) owns everything every
game shares: the bar, the log, pacing, bots, undo, hints, the curtain, the
pause between deals, replays and the results. It holds one :class:`Table`
and calls it:

- :meth:`Table.layout` lays the table out for a rect of the window (again
  whenever the window or the seat on screen changes);
- :meth:`Table.picture` turns the viewer's view into a *picture*: plain
  data saying what is where, what is lit and which words show, worked out
  from the view, the table's own local state (the cards selected, an
  animation's clock) and what the frame says (whose turn, the hint);
- :meth:`Table.paint` paints a picture and writes nothing back, so what a
  frame shows is a function of its picture, and a test asserts on the
  picture instead of on pixels or on attributes the drawing left behind;
- :meth:`Table.handle` turns an input event into one of the rules'
  ``legal_actions`` (the frame plays it, through ``act``: the session says
  whether it is legal), or into a gesture of the table's own (a card picked
  up, a sort order), or leaves it;
- :meth:`Table.start` starts the animation of a move (:class:`Move`, as
  ``Session.play`` returned it), :attr:`Table.animating` says whether one
  plays, :meth:`Table.skip` jumps it to its end, and :meth:`Table.update`
  advances it on the ``dt`` the loop passes;
- :meth:`Table.wake_in` says when the table next changes by itself (``NOW``
  while anything of it moves; ``NEVER`` while it waits for a person), so
  the loop can rest (``tabletop/ui/rest.py``).

The other methods here are hooks with a default, for what only some
tables have (a popup, a tooltip, a summary's picture, a live part painted
every frame while the rest of the window stands still:
:meth:`Table.live_rect`). A table reaches the frame only through
:attr:`Table.frame`, typed, so a rename is caught by the type checker.
"""

from __future__ import annotations

from typing import Any, Generic, Protocol, TypeVar

import pygame

from tabletop.core.game import DealSummary, Move
from tabletop.core.session import Session
from tabletop.core.storage import Settings
from tabletop.ui.painted import PanelCache
from tabletop.ui.rest import NOW
from tabletop.ui.scene import SceneStack
from tabletop.ui.sound import Sound
from tabletop.ui.theme import Theme
from tabletop.ui.widgets import FocusGroup

P = TypeVar("P")


class Host(Protocol):
    """What a table uses of the app: its look, its sound, the settings,
    messages, and the stack a table's own overlay goes on (Planepita's F9)."""

    theme: Theme
    sound: Sound
    settings: Settings
    stack: SceneStack

    def toast(self, text: str, kind: str = "info") -> None: ...


class TableFrame(Protocol):
    """What a table may ask of the frame that holds it (the frame is
    :class:`tabletop.ui.gamescene.GameScene`)."""

    @property
    def app(self) -> Host: ...

    session: Session
    #: the moves a replay has still to show; None in a game
    replay_queue: list[Any] | None
    #: the summary of the deal the last move ended, while it is held
    summary: DealSummary | None
    #: the held summary's screen is up (the table may stop drawing what it shows)
    summary_shown: bool
    table_rect: pygame.Rect
    panels: PanelCache

    @property
    def viewer(self) -> int: ...

    @property
    def view(self) -> Any: ...

    #: the position the frame tells about (the bar, whose turn): while the
    #: last move is still animated, the one before it; while a deal's
    #: summary is held, the finished deal
    @property
    def shown_state(self) -> Any: ...

    @property
    def my_turn(self) -> bool: ...

    #: a lesson's coach leads the person (no clock on them: a claim's countdown)
    @property
    def in_lesson(self) -> bool: ...

    @property
    def hint_action(self) -> Any: ...

    def act(self, action: Any) -> bool: ...

    def refuse(self, reason: str) -> None: ...

    def announce(self, text: str, kind: str = "info") -> None: ...

    def is_thinking(self, seat: int) -> bool: ...

    def ready_for_input(self) -> bool: ...

    def setting(self, key: str) -> Any: ...


class Table(Generic[P]):
    """A game's table (see the module docstring). ``P`` is the table's
    picture: a frozen dataclass of plain data."""

    #: the table's own buttons, if it has any: the frame draws their
    #: tooltip last, over the log, and tells a frame with buttons on show
    #: from one that may draw only what moved
    group: FocusGroup | None = None

    def __init__(self, frame: TableFrame) -> None:
        self.frame = frame
        #: the action a button or a key chose while the table handled an event
        self._chosen: Any = None

    def choose(self, action: Any) -> None:
        """A button's or a key's callback chose ``action``: :meth:`handle`
        hands it to the frame (``take_chosen``) once the event is handled."""
        self._chosen = action

    def take_chosen(self) -> Any:
        """The action a button or a key chose (None for none), taken."""
        chosen, self._chosen = self._chosen, None
        return chosen

    # -- what every table writes ----------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        """Lay the table out inside ``rect``."""

    def picture(self, view: Any) -> P:
        """What the table shows of ``view`` (the viewer's view of the position
        on screen), as plain data. Reads the table's state; changes nothing."""
        raise NotImplementedError

    def paint(self, surface: pygame.Surface, picture: P) -> None:
        """Paint ``picture``; writes nothing back."""
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> Any:
        """An action for the frame to play (one of the rules' legal actions,
        or one the session will refuse with its reason), True when the event
        was a gesture of the table's own, False when the table left it."""
        return False

    def start(self, move: Move) -> None:
        """A move was played: start its animation (and its sound)."""

    @property
    def animating(self) -> bool:
        """True while an animation plays; bots, the curtain and the results wait."""
        return False

    def skip(self) -> None:
        """Jump every running animation to its end."""

    def update(self, dt: float) -> float | None:
        """Advance the animations by ``dt`` seconds (before the frame's own
        update). Returns the dt the frame's own update then takes: None (the
        default) for all of it (Planepita: none of it on the frame an
        animation step ended)."""
        return None

    def wake_in(self) -> float:
        """Seconds until the table changes with no input, as it stands
        after its update: ``NOW`` while anything of it moves (an animation,
        a planet spinning on, a countdown, a drag timed on ``dt``, a glow
        that still beats), a timer's time left, or ``NEVER`` when it waits
        for a person (the frame then lets the loop rest). ``NOW`` by
        default, so a table that does not say keeps every frame coming; its
        buttons' tooltips are the frame's to count."""
        return NOW

    def refresh(self) -> None:
        """After the frame's update and after every move: bring the table's
        own state up to the position (what may be played, the buttons)."""

    # -- hooks some tables have ------------------------------------------------------
    def dismiss(self) -> bool:
        """Close a popup of the table's own; True when one closed (Escape
        closes it before it pauses)."""
        return False

    def summary_picture(self, width: int) -> tuple[int, Any] | None:
        """The table's picture of the deal that just ended, above the summary's
        table: its height at ``width`` and ``draw(surface, rect)``; None for none."""
        return None

    def results_picture(self, width: int) -> tuple[int, Any] | None:
        """The table's picture of the finished game, above the results' score
        sheet (Planet's habitat cards, revealed): its height at ``width`` and
        ``draw(surface, rect)``; None for none."""
        return None

    def pause_notes(self) -> list[str]:
        """Lines the pause screen shows about the game."""
        return []

    def prompt_words(self) -> str:
        """What the person to move is asked when it is not their own turn but
        a question out of turn ("Claim or pass"); "" says "Your turn"."""
        return ""

    def table_tooltip(self) -> tuple[str, tuple[int, int]] | None:
        """A tooltip drawn last, over the log: its words and where; None for none."""
        return None

    # -- a lesson's coach (tabletop/core/lesson.py) ----------------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """Where on the window the lesson's ``light`` target is (a card of
        the hand, a button, a place on the board), named the way the game's
        ``lesson.toml`` names it; None when the table does not show it now
        (nothing is lit)."""
        return None

    def lesson_value(self, name: str) -> object:
        """The table's value ``name`` a lesson's gesture step watches (the
        planet's turn, the launch pad's place): the step is passed when it
        changes. None by default."""
        return None

    def opaque_rects(self) -> list[pygame.Rect]:
        """The rects :meth:`paint` covers with opaque pixels on every frame
        (the felt is laid only around them); none by default."""
        return []

    def leave(self) -> None:
        """Another screen covers the table (the rules, the pause, the
        curtain): let go of what the mouse holds, since its release goes
        there."""

    def intercept(self, event: pygame.event.Event) -> bool:
        """An event the table takes before the frame's own keys see it (True:
        the frame does nothing more with it): keys of the table's own the
        frame must not act on first, or every event while a mode of the
        table's own takes the input (Planepita: R, F9, and its instant
        replay). False by default."""
        return False

    @property
    def holding(self) -> bool:
        """True while the table shows something of its own that stops the
        game (Planepita's instant replay): the frame's own update waits (no
        bot plays, no replay steps, no summary or results show)."""
        return False

    # -- a live part: the frames where one part moves ----------------------------------
    def live_rect(self) -> pygame.Rect | None:
        """The part of the table that may change on every frame while the
        rest mostly stands still (Planet: the large planet, turning), or None
        (the default, and whenever something is drawn across the table, such
        as a tile held by the mouse): every frame paints everything. While
        nothing else on screen can have changed since the frame before (the
        same :meth:`still_key`, bar, log, seat on screen and window, no
        tooltip, message or hint over the table), the frame calls
        :meth:`paint_live` instead of :meth:`paint`."""
        return None

    def still_key(self) -> object:
        """What, when it changes, needs the whole window painted again
        (where the table's panels sit); see :meth:`live_rect`."""
        return None

    def paint_live(self, surface: pygame.Surface, picture: P) -> None:
        """Paint :meth:`live_rect`, every pixel of it, and whatever else of
        the picture changed since the last frame (a panel whose key changed,
        in its own rect: ``panels.draw(..., changed_only=True)``) over last
        frame's pixels, which are otherwise still right; writes nothing back."""
