"""Planepita's table, a part the frame holds (``tabletop/ui/table.py``): the
planet seen from above with each seat's pad on the rim, and the side panel
(the round and what to do, the decision's buttons, who would take each area
now, the players, the scoring tokens, the black hole).

The table is thin: a gesture becomes a ``Flick``, ``Flip`` or ``PlaceJammer``
for the frame to play, which the session checks, and any refusal is shown
with its reason. A flick's animation plays the trajectory the session
returned with the move (``Move.trace``), never simulated again.

``layout.py`` places everything (and maps millimetres to pixels),
``picture.py`` says what shows (plain data), ``paint.py`` paints it,
``input.py`` turns gestures into actions (the pad drag, the pull and the
swipe), ``animation.py`` queues a move's steps of the playback
(``playback.py``, pure: what the board shows at each moment of them),
``looks.py`` is how the pieces and the planet look; ``effects.py`` paints
what a shot leaves for a moment (flash rings, a replay's markers and trails,
a disc spiralling into a black hole), ``replay.py`` is the instant replay of
the last shot (R), ``tuning.py`` the physics tuning overlay (F9).
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.board import default_board
from tabletop.games.planepita.model import (
    Disc,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Phase,
    PlanepitaState,
)
from tabletop.games.planepita.params import Params
from tabletop.games.planepita.table import animation
from tabletop.games.planepita.table import input as gestures
from tabletop.games.planepita.table.animation import Queue, round_summary
from tabletop.games.planepita.table.layout import Geometry, Layout, empty, lay_out
from tabletop.games.planepita.table.looks import Art
from tabletop.games.planepita.table.paint import draw_icon, paint_table
from tabletop.games.planepita.table.picture import (
    Local,
    PlanepitaPicture,
    PowerMemo,
    limits_of,
    names_of,
    next_disc,
    pad_pos,
    picture,
    spec_of,
)
from tabletop.games.planepita.table.replay import ReplayControls
from tabletop.games.planepita.table.tuning import TUNING_KEY, TuningScene, physics_words
from tabletop.ui.gamescene import GameScene
from tabletop.ui.rest import NEVER, NOW, pulsing
from tabletop.ui.table import Table, TableFrame
from tabletop.ui.widgets import Button, FocusGroup

__all__ = ["PlanepitaTable", "draw_icon", "round_summary", "scene"]


class PlanepitaTable(Table[PlanepitaPicture]):
    """The table (see the module docstring)."""

    def __init__(self, frame: TableFrame) -> None:
        super().__init__(frame)
        self.board = default_board()
        self.players: int = frame.session.state.players
        self.shape: Layout = empty(self.board, self.players)
        self.art = Art()
        self.power = PowerMemo()
        self.queue = Queue()
        self.local = Local()
        #: the action a button chose while the table handled an event
        self._chosen: Flip | None = None
        self.flip_button = Button(
            "Face down",
            lambda: self._choose(Flip(True)),
            hotkey=pygame.K_f,
            kind="primary",
            tooltip="Flip it face down: 1 power, but it grips the board (F)",
        )
        self.keep_button = Button(
            "Face up",
            lambda: self._choose(Flip(False)),
            hotkey=pygame.K_k,
            tooltip="Keep it face up: 2 power, but the jammer can sweep it (K)",
        )
        self.own_button = Button(
            "Own disc", lambda: self.choose_3p(False), tooltip="Launch one of your own discs"
        )
        self.third_button = Button(
            "3P disc",
            lambda: self.choose_3p(True),
            hotkey=pygame.K_t,
            tooltip="Launch one of your 3P discs (T)",
        )
        self.double_button = Button(
            "Double ×2",
            self.toggle_double,
            hotkey=pygame.K_d,
            tooltip="Attach your Double token: 4 power, cannot be flipped (D)",
        )
        self.buttons = FocusGroup(
            [
                self.flip_button,
                self.keep_button,
                self.own_button,
                self.third_button,
                self.double_button,
            ]
        )
        self.group = self.buttons
        #: the instant replay of the last shot, its button the group's last
        self.replay = ReplayControls(self, self.buttons)
        # which buttons show is worked out on the first refresh, after the
        # first layout (the frame is still being made here)

    # -- what the rules say ------------------------------------------------------------------------
    @property
    def state(self) -> PlanepitaState:
        state: PlanepitaState = self.frame.session.state
        return state

    @property
    def params(self) -> Params:
        """The physics this game is played with (its own values over the shipped ones)."""
        return pp_rules.params_of(self.state)

    @property
    def geo(self) -> Geometry:
        return self.shape.geo

    def spec(self) -> FlickSpec | JammerSpec | None:
        """The rules' description of the choice now (FlickSpec, JammerSpec, or None)."""
        return spec_of(self.state)

    def limits(self) -> tuple[float, float]:
        """(max speed, max angle) of a launch now."""
        return limits_of(self.state)

    def pad_pos(self, seat: int) -> float:
        return pad_pos(self.local, self.state, seat)

    def next_disc(self, state: PlanepitaState, third_party: bool, double: bool) -> Disc:
        return next_disc(state, third_party, double)

    def last_flick(self) -> int | None:
        """The ply of the last flick played so far, or None."""
        return self.replay.last_flick()

    # -- the buttons -------------------------------------------------------------------------------
    def _choose(self, action: Flip) -> None:
        self._chosen = action

    def take_chosen(self) -> Flip | None:
        """The action a button chose (None for none), taken."""
        chosen, self._chosen = self._chosen, None
        return chosen

    def choose_3p(self, on: bool) -> None:
        self.local.use_3p = on
        self.sync_buttons()

    def toggle_double(self) -> None:
        self.local.use_double = not self.local.use_double
        self.sync_buttons()

    def sync_buttons(self) -> None:
        """Which decision buttons show, and the next disc's choice as the rules allow it."""
        st = self.state
        local = self.local
        mine = self.frame.my_turn
        flip = mine and st.phase is Phase.FLIP
        self.flip_button.visible = self.keep_button.visible = flip
        spec = self.spec() if mine and st.phase is Phase.LAUNCH else None
        both = isinstance(spec, FlickSpec) and spec.own and spec.third_party
        if isinstance(spec, FlickSpec):
            if not spec.third_party:
                local.use_3p = False
            elif not spec.own:
                local.use_3p = True
            if not spec.double:
                local.use_double = False
        self.own_button.visible = self.third_button.visible = both
        self.own_button.kind = "primary" if not local.use_3p else "normal"
        self.third_button.kind = "primary" if local.use_3p else "normal"
        self.double_button.visible = isinstance(spec, FlickSpec) and spec.double
        self.double_button.kind = "primary" if local.use_double else "normal"
        self.double_button.text = "Double ×2: on" if local.use_double else "Attach Double ×2"

    def open_tuning(self) -> TuningScene:
        """F9: the physics tuning overlay, over the table."""
        app = self.frame.app
        tuning = TuningScene(app, self)
        app.stack.push(tuning)
        return tuning

    # -- the contract ---------------------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        st = self.state
        rows = 2 if st.third_party_variant and st.doubles_variant else 1
        self.shape = shape = lay_out(
            self.frame.app.theme, rect, self.board, names_of(self.frame), rows
        )
        for button, place in (
            (self.flip_button, shape.flip),
            (self.keep_button, shape.keep),
            (self.own_button, shape.own),
            (self.third_button, shape.third),
            (self.double_button, shape.double),
        ):
            button.rect = pygame.Rect(place)
        # the backdrop and the sprites stay (their keys hold what they show);
        # the panel is painted again
        self.art.forget_panel()
        self.replay.place()

    def picture(self, view: Any) -> PlanepitaPicture:
        return picture(self, view)

    def paint(self, surface: pygame.Surface, picture: PlanepitaPicture) -> None:
        paint_table(
            surface, self.frame.app.theme, self.shape, self.art, self.board, self.buttons, picture
        )

    def opaque_rects(self) -> list[pygame.Rect]:
        """The backdrop (space, the planet, the rails) covers the whole table
        on every frame: no felt is laid under it."""
        return [pygame.Rect(self.shape.table)]

    def intercept(self, event: pygame.event.Event) -> bool:
        """R (the instant replay) and F9 (the tuning overlay), before the
        frame's own keys; every event while the instant replay shows but L."""
        taken = self.replay.intercept(event)
        if taken is None or (
            not taken and self.replay.instant is None and _is_key(event, TUNING_KEY)
        ):
            self.open_tuning()
            return True
        return taken

    def handle(self, event: pygame.event.Event) -> Any:
        return gestures.handle(self, event)

    def start(self, move: Move) -> None:
        """Queue the move's animation (its sounds play now), let go of the
        gesture in progress, and say what the board alone does not show."""
        before, action, after = move.before, move.action, move.after
        local = self.local
        local.drag = None
        local.ghost = None
        local.pad_override.clear()
        speed = self.frame.app.settings.anim_speed
        seat = pp_rules.RULES.to_move(before)
        bot = seat is not None and self.frame.session.seats[seat].is_bot
        self.queue.anims.extend(
            animation.steps_for(
                move,
                speed=speed,
                watched=bot or self.frame.replay_queue is not None,
                sound=self.frame.app.sound,
            )
        )
        if isinstance(action, Flick) and not (
            after.last_shot is not None and after.last_shot.retried
        ):
            # the choice was for that disc: the next one starts as one of your own
            local.use_3p = local.use_double = False
        for note in animation.notes(before, action, after, list(self.frame.session.names)):
            self.frame.announce(note)
        self.sync_buttons()

    @property
    def animating(self) -> bool:
        return self.queue.running

    @property
    def holding(self) -> bool:
        """While the instant replay shows, the game waits."""
        return self.replay.instant is not None

    def skip(self) -> None:
        self.queue.skip()

    def update(self, dt: float) -> float:
        local = self.local
        local.clock += dt
        local.last_dt = dt
        dt = self.queue.update(dt, self.frame.app.sound)
        self.replay.update(dt, self.frame.app.sound)
        key = (self.state, self.queue.running, self.replay.instant is not None)
        if key != local.pulse_for:  # a board that settled: its pulses beat afresh
            local.pulse_for, local.pulse_age = key, 0.0
        else:
            local.pulse_age += dt
        return dt

    def wake_in(self) -> float:
        """A move's playback, the instant replay playing, a gesture being
        made (a swipe is timed on ``dt``) and, for a moment after the board
        settles, the pulse of a choice to make (the jammer's area, the disc
        to flip) move; the table otherwise waits."""
        replay = self.replay.instant
        if self.queue.running or self.local.drag is not None:
            return NOW
        if replay is not None:
            return NOW if replay.playing else NEVER
        st = self.state
        choice = st.phase is Phase.PLACE_JAMMER or (
            st.phase is Phase.FLIP and st.pending is not None
        )
        return NOW if choice and pulsing(self.local.pulse_age) else NEVER

    def refresh(self) -> None:
        if self.replay.instant is None:
            self.replay.sync()
        self.sync_buttons()

    def pause_notes(self) -> list[str]:
        state = self.state
        return physics_words(pp_rules.params_of(state), state.physics)

    # -- a lesson's coach (lesson.toml's lights and gesture) --------------------------------
    def locate(self, target: str) -> pygame.Rect | None:
        """Where the lesson's ``light`` is on the window: ``planet``; the
        viewer's ``pad`` and the ``disc`` waiting on it (while they launch);
        the ``jammer`` (while it is on the board); the ``flip`` button (while
        it shows); the side panel's ``count`` (who would take each area),
        ``slots`` (the scoring tokens), ``seats`` and the black ``hole``."""
        shape, geo = self.shape, self.shape.geo
        if target == "planet":
            return geo.planet_rect
        state = self.state
        viewer = self.frame.viewer
        if target in ("pad", "disc"):
            if target == "disc" and not (
                state.phase is Phase.LAUNCH and pp_rules.RULES.to_move(state) == viewer
            ):
                return None
            pose = geo.pose(viewer, self.pad_pos(viewer))
            if target == "disc":
                return _circle(geo.ipx(*pose.start), geo.length(self.board.disc_radius))
            corners = geo.pad_polygon(pose)
            xs, ys = [c[0] for c in corners], [c[1] for c in corners]
            return pygame.Rect(
                round(min(xs)), round(min(ys)), round(max(xs) - min(xs)), round(max(ys) - min(ys))
            )
        if target == "jammer":
            jammer = state.layout.jammer
            if jammer is None or state.phase is Phase.OVER:
                return None
            return _circle(geo.ipx(*jammer), geo.length(self.board.jammer_radius))
        if target == "flip":  # the light's ring hugs the button, clear of the box's title
            inset = -self.frame.app.theme.px(8)
            return self.flip_button.rect.inflate(inset, inset) if self.flip_button.visible else None
        panel = {"count": shape.decide, "slots": shape.slots, "seats": shape.seats}
        if target in panel:
            return pygame.Rect(panel[target])
        if target == "hole":
            return pygame.Rect(shape.hole) if shape.hole.h > 0 else None
        return None

    def lesson_value(self, name: str) -> object:
        """``pad``: where the viewer's launch pad stands along its stretch
        (0..1), as the mouse drags it."""
        if name == "pad":
            return round(self.pad_pos(self.frame.viewer), 4)
        return None


def _circle(centre: tuple[int, int], radius: int) -> pygame.Rect:
    """The square round a circle of ``radius`` px at ``centre``."""
    return pygame.Rect(centre[0] - radius, centre[1] - radius, 2 * radius, 2 * radius)


def _is_key(event: pygame.event.Event, key: int) -> bool:
    return event.type == pygame.KEYDOWN and event.key == key


def scene(app: Any, session: Any, *, replay: list[Any] | None = None) -> GameScene:
    """The game's frame holding its table: what the entry's ``scene`` names."""
    return GameScene(app, session, replay=replay, table=PlanepitaTable)
