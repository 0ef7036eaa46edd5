"""Planepita's table: the scene, the glue between the player, the rules and the picture.

The scene is thin: a gesture becomes a ``Flick``, ``Flip`` or ``PlaceJammer``
and goes through :meth:`GameScene.act`, which asks the rules and shows the
reason for any refusal. What it does is spread over these modules:

- ``aim.py`` (pure): the pull and swipe maths that turn a drag into an aim and
  a speed, and the empty-board prediction the aim line shows;
- ``scene_playback.py``: what the table shows at each moment of an animation
  (a bot's pad and pull, the trajectory the rules computed with ``rules.shot``
  played back, a round's end), driven by the ``dt`` the loop passes;
- ``scene_draw.py``: the layout and the drawing (:class:`TableDrawing`, mixed
  in here), which never changes the game; ``scene_effects.py`` draws what a
  shot leaves for a moment (flash rings, a replay's markers and trails, a
  disc spiralling into a black hole);
- ``scene_replay.py``: the instant replay of the last shot (R), mixed in as
  :class:`ReplayControls`;
- ``scene_tuning.py``: the physics tuning overlay (F9), mixed in as
  :class:`TuningControls`;
- this module: input, what to animate after a move, and the words of the
  prompt and the hints.

Aiming (the active human, launch phase):

- press on your launch pad and drag: the pad follows the mouse along its
  stretch of the rim (its position 0..1);
- ``pull`` mode: press on the disc on the pad, pull back, release. The disc
  flies opposite the pull; the pull's length sets how far it would slide
  (``aim.pull_speed``), and the aim line ends where it would stop;
- ``swipe`` mode: press on the disc and swipe forward; the swipe's speed on
  the screen (its length in pixels over its duration on the scene's clock, the
  sum of the ``dt`` it was given) sets how far the disc slides
  (``aim.swipe_speed``): a natural swipe, 200 px in 0.2 s, reaches the centre.
  A press held still before the swipe moves is not timed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

import pygame

from tabletop.core.game import Move
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.aim import pull_flick, swipe_flick
from tabletop.games.planepita.board import default_board
from tabletop.games.planepita.model import (
    Disc,
    Flick,
    FlickSpec,
    Flip,
    JammerSpec,
    Phase,
    PlaceJammer,
    PlanepitaState,
    RoundResult,
)
from tabletop.games.planepita.table.paint import PROMPTS, TableDrawing, draw_icon
from tabletop.games.planepita.playback import (
    Anim,
    PadMove,
    Picture,
    PullBack,
    RoundEnd,
    ShotAnim,
    picture_of,
    shot_discs,
)
from tabletop.games.planepita.table.replay import ReplayControls
from tabletop.games.planepita.table.tuning import TuningControls
from tabletop.ui.gamescene import GameScene
from tabletop.ui.widgets import Button, FocusGroup

#: a press held this long (s) within SWIPE_STILL_PX before the swipe moves is
#: not part of the swipe: it is timed from when the pointer moves
SWIPE_REST = 0.12
SWIPE_STILL_PX = 4

# -- the scene ----------------------------------------------------------------------------------------


@dataclass
class Drag:
    kind: str  # "pad", "pull" or "swipe"
    seat: int
    start_px: tuple[int, int]
    now_px: tuple[int, int]
    started: float  # the scene clock at the press (a swipe: when it began to move)
    moved: float = 0.0  # the scene clock at the last motion (or the press)


class PlanepitaScene(ReplayControls, TuningControls, TableDrawing, GameScene):
    def __init__(self, app: Any, session: Any, *, replay: list[Any] | None = None) -> None:
        super().__init__(app, session, replay=replay)
        self.board = default_board()
        self.players = session.state.players
        self.init_drawing()
        self.anims: list[Anim] = []
        self.clock = 0.0  # seconds of dt this scene was given
        self.last_dt = 0.0  # the last frame's dt
        self.drag: Drag | None = None
        self.pad_override: dict[int, float] = {}
        self.ghost: tuple[float, float] | None = None  # the jammer under the mouse, mm
        self.ghost_reason: str | None = None
        self.use_3p = False
        self.use_double = False
        self.flip_button = Button(
            "Face down",
            lambda: self.act(Flip(True)),
            hotkey=pygame.K_f,
            kind="primary",
            tooltip="Flip it face down: 1 power, but it grips the board (F)",
        )
        self.keep_button = Button(
            "Face up",
            lambda: self.act(Flip(False)),
            hotkey=pygame.K_k,
            tooltip="Keep it face up: 2 power, but the jammer can sweep it (K)",
        )
        self.own_button = Button(
            "Own disc", lambda: self._choose_3p(False), tooltip="Launch one of your own discs"
        )
        self.third_button = Button(
            "3P disc",
            lambda: self._choose_3p(True),
            hotkey=pygame.K_t,
            tooltip="Launch one of your 3P discs (T)",
        )
        self.double_button = Button(
            "Double ×2",
            self._toggle_double,
            hotkey=pygame.K_d,
            tooltip="Attach your Double token: 4 power, cannot be flipped (D)",
        )
        self.group = FocusGroup(
            [
                self.flip_button,
                self.keep_button,
                self.own_button,
                self.third_button,
                self.double_button,
            ]
        )
        self.init_replay()
        self._sync_buttons()

    # -- what the rules say ------------------------------------------------------------------------
    @property
    def state(self) -> PlanepitaState:
        return self.session.state

    @property
    def params(self) -> Any:
        """The physics this game is played with (its own values over the shipped ones)."""
        return pp_rules.params_of(self.state)

    def spec(self) -> Any:
        """The rules' description of the choice now (FlickSpec, JammerSpec, or None)."""
        st = self.state
        if st.phase is Phase.OVER:
            return None
        for a in pp_rules.RULES.legal_actions(st):
            if isinstance(a, (FlickSpec, JammerSpec)):
                return a
        return None

    def limits(self) -> tuple[float, float]:
        """(max speed, max angle) of a launch now."""
        spec = self.spec()
        if isinstance(spec, FlickSpec):
            return spec.speed[1], max(abs(spec.angle[0]), abs(spec.angle[1]))
        return self.params.launch.max_speed, self.params.launch.max_angle

    def human_launch(self) -> bool:
        return self.my_turn and self.state.phase is Phase.LAUNCH

    def pad_pos(self, seat: int) -> float:
        if seat in self.pad_override:
            return self.pad_override[seat]
        return self.state.layout.pad_of(seat)

    def next_disc(self, state: PlanepitaState, third_party: bool, double: bool) -> Disc:
        """The disc the next launch puts on the pad (its owner and tokens)."""
        return pp_rules.launched_disc(
            state, Flick(0.5, 0.0, 1.0, third_party=third_party, double=double)
        )

    # -- input -------------------------------------------------------------------------------------
    def _choose_3p(self, on: bool) -> None:
        self.use_3p = on
        self._sync_buttons()

    def _toggle_double(self) -> None:
        self.use_double = not self.use_double
        self._sync_buttons()

    def _sync_buttons(self) -> None:
        st = self.state
        mine = self.my_turn
        flip = mine and st.phase is Phase.FLIP
        self.flip_button.visible = self.keep_button.visible = flip
        spec = self.spec() if mine and st.phase is Phase.LAUNCH else None
        both = isinstance(spec, FlickSpec) and spec.own and spec.third_party
        if isinstance(spec, FlickSpec):
            if not spec.third_party:
                self.use_3p = False
            elif not spec.own:
                self.use_3p = True
            if not spec.double:
                self.use_double = False
        self.own_button.visible = self.third_button.visible = both
        self.own_button.kind = "primary" if not self.use_3p else "normal"
        self.third_button.kind = "primary" if self.use_3p else "normal"
        self.double_button.visible = isinstance(spec, FlickSpec) and spec.double
        self.double_button.kind = "primary" if self.use_double else "normal"
        self.double_button.text = "Double ×2: on" if self.use_double else "Attach Double ×2"

    def handle_table(self, event: pygame.event.Event) -> bool:
        self._sync_buttons()
        if self.group.handle(event):
            return True
        st = self.state
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if not self.my_turn:
                return False
            if st.phase is Phase.LAUNCH:
                return self._press_launch(event.pos)
            if st.phase is Phase.PLACE_JAMMER and self.geo.planet_rect.collidepoint(event.pos):
                x, y = self.geo.to_mm(*event.pos)
                self.act(PlaceJammer(round(x, 1), round(y, 1)))
                self.ghost = None
                return True
            return False
        if event.type == pygame.MOUSEMOTION:
            if self.drag is not None:
                self._move_drag(event.pos)
                return True
            if self.my_turn and st.phase is Phase.PLACE_JAMMER:
                self._hover_jammer(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            self._move_drag(event.pos)
            self._release(event.pos)
            return True
        return False

    def _press_launch(self, pos: tuple[int, int]) -> bool:
        seat = self.session.to_move()
        pose = self.geo.pose(seat, self.pad_pos(seat))
        if self.geo.on_disc(pose, *pos):
            kind = "swipe" if self.setting("flick_mode") == "swipe" else "pull"
            self.drag = Drag(kind, seat, pos, pos, self.clock, self.clock)
            return True
        if self.geo.on_pad(pose, *pos):
            self.drag = Drag("pad", seat, pos, pos, self.clock, self.clock)
            return True
        return False

    def _move_drag(self, pos: tuple[int, int]) -> None:
        d = self.drag
        if d is None:
            return
        still = (
            abs(d.now_px[0] - d.start_px[0]) + abs(d.now_px[1] - d.start_px[1]) <= SWIPE_STILL_PX
        )
        if d.kind == "swipe" and still and self.clock - d.moved > SWIPE_REST:
            # pressed, then held still: the swipe is timed from the last frame
            # the pointer was seen still
            d.start_px, d.started = d.now_px, self.clock - self.last_dt
        d.now_px = pos
        d.moved = self.clock
        if d.kind == "pad":
            self.pad_override[d.seat] = round(self.geo.pad_position_at(d.seat, *pos), 4)

    def current_aim(self) -> tuple[float, float] | None:
        """(angle, speed) of the pull or swipe in progress."""
        d = self.drag
        if d is None or d.kind == "pad":
            return None
        pose = self.geo.pose(d.seat, self.pad_pos(d.seat))
        vmax, amax = self.limits()
        if d.kind == "pull":
            return pull_flick(pose, self.geo.to_mm(*d.now_px), vmax, amax, self.board, self.params)
        return swipe_flick(
            pose,
            self.geo.to_mm(*d.start_px),
            self.geo.to_mm(*d.now_px),
            self.clock - d.started,
            vmax,
            amax,
            self.geo.scale,
            self.board,
            self.params,
        )

    def _release(self, pos: tuple[int, int]) -> None:
        d, aim = self.drag, self.current_aim()
        self.drag = None
        if d is None or aim is None:
            return
        angle, speed = aim
        flick = Flick(
            pad=round(self.pad_pos(d.seat), 4),
            angle=round(angle, 1),
            speed=round(speed),
            third_party=self.use_3p,
            double=self.use_double,
        )
        self.act(flick)

    def _hover_jammer(self, pos: tuple[int, int]) -> None:
        if not self.geo.planet_rect.inflate(self.geo.length(60), self.geo.length(60)).collidepoint(
            pos
        ):
            self.ghost = None
            return
        x, y = self.geo.to_mm(*pos)
        self.ghost = (x, y)
        self.ghost_reason = self.session.check(PlaceJammer(round(x, 1), round(y, 1)), self.viewer)

    # -- playing ------------------------------------------------------------------------------------
    def on_played(self, move: Move) -> None:
        before, action, after = move.before, move.action, move.after
        self.drag = None
        self.ghost = None
        self.pad_override.clear()
        speed = self.app.settings.anim_speed
        seat = pp_rules.RULES.to_move(before)
        bot = seat is not None and self.session.seats[seat].is_bot
        end_layout = before.layout
        if isinstance(action, Flick):
            self.app.sound.play("whoosh", min(1.0, 0.25 + action.speed / 4000))
            # the session's trajectory of the shot, simulated once as it was played
            traj = move.trace
            end_layout = traj.final if traj is not None else after.layout
            if speed > 0 and traj is not None:
                disc = pp_rules.launched_disc(before, action)
                if bot or self.replay_queue is not None:
                    self.anims.append(PadMove(before, seat, disc, action.pad, 0.45 / speed))
                    self.anims.append(PullBack(before, seat, disc, action, 0.4 / speed))
                self.anims.append(
                    ShotAnim(
                        before, seat, action, traj, shot_discs(before, after, traj, disc), speed
                    )
                )
        elif isinstance(action, Flip):
            self.app.sound.play("clack", 0.5)
            if action.down and before.pending is not None:
                end_layout = replace(
                    before.layout,
                    discs=tuple(
                        replace(d, face_down=True) if d.id == before.pending else d
                        for d in before.layout.discs
                    ),
                )
        elif isinstance(action, PlaceJammer):
            self.app.sound.play("clack", 0.6)
            end_layout = replace(before.layout, jammer=(action.x, action.y))
        if len(after.history) > len(before.history) and after.last_round is not None:
            if speed > 0:
                self.anims.append(RoundEnd(before, end_layout, after.last_round, speed))
            else:
                self.app.sound.play("chime", 0.6)
        if isinstance(action, Flick) and not (
            after.last_shot is not None and after.last_shot.retried
        ):
            # the choice was for that disc: the next one starts as one of your own
            self.use_3p = self.use_double = False
        self._notes(before, action, after)
        self._sync_buttons()

    def _notes(self, before: PlanepitaState, action: Any, after: PlanepitaState) -> None:
        """Say what happened that the board alone does not show."""
        shot = after.last_shot
        if isinstance(action, Flick) and shot is not None and shot.retried:
            self.announce("It stayed on the pad: flick again")
            return
        if after.phase is Phase.PLACE_JAMMER and before.phase is not Phase.PLACE_JAMMER:
            self.announce("The jammer left the board: place it again")
        ended = len(after.history) > len(before.history) and after.last_round is not None
        if isinstance(action, (Flick, PlaceJammer)) and after.phase not in (
            Phase.FLIP,
            Phase.PLACE_JAMMER,
        ):
            # once the round is over the disc's face no longer matters: say nothing of it
            reason = None if ended else self._no_flip_reason(before, action, after)
            if reason:
                self.announce(f"It stays face up: {reason}")
        if ended and after.last_round is not None:
            self.announce(round_summary(after.last_round, self.session.names))

    def _no_flip_reason(
        self, before: PlanepitaState, action: Any, after: PlanepitaState
    ) -> str | None:
        """Why the rules offered no flip after ``action`` (P6), in their words;
        None when the disc left the board (the black hole shows that). Asked
        only while the round goes on, so ``after``'s board is the shot's."""
        if isinstance(action, Flick):
            layout = after.layout
            disc = before.next_id
        else:
            layout = replace(before.layout, jammer=(action.x, action.y))
            disc = before.pending if before.pending is not None else -1
        if not any(d.id == disc for d in layout.discs):
            return None
        return pp_rules.flip_refusal(layout, disc)

    @property
    def animating(self) -> bool:
        return bool(self.anims)

    def skip_animation(self) -> None:
        self.anims.clear()

    def update(self, dt: float) -> None:
        self.clock += dt
        self.last_dt = dt
        while self.anims:
            a = self.anims[0]
            a.update(dt, self.app.sound)
            if not a.done:
                break
            self.anims.pop(0)
            dt = 0.0
        super().update(dt)
        self._sync_buttons()
        self.group.update(dt)

    # -- what the table shows ---------------------------------------------------------------------------
    def current_picture(self, view: PlanepitaState) -> Picture:
        """The animation's picture while one plays, else ``view`` with the pad
        being dragged, the disc waiting on the pad and the aim being pulled;
        an instant replay's picture while one shows."""
        if self.instant is not None:
            return self.instant.picture()
        if self.anims:
            return self.anims[0].picture()
        pic = picture_of(view)
        mover = pp_rules.RULES.to_move(view)
        if view.phase is Phase.LAUNCH and mover is not None:
            for seat, pos in self.pad_override.items():
                pic.pads[seat] = pos
            human = not self.session.seats[mover].is_bot
            pic.on_pad = self.next_disc(view, self.use_3p and human, self.use_double and human)
            if self.drag is not None and self.drag.kind != "pad":
                pic.aim = self.current_aim()
        return pic

    def prompt(self, state: PlanepitaState) -> str:
        mover = pp_rules.RULES.to_move(state)
        if state.phase is Phase.OVER or mover is None:
            return "The game is over"
        name = self.session.seats[mover].name
        return f"{name}: {PROMPTS.get(state.phase, PROMPTS[Phase.LAUNCH])}"

    def hint(self, st: PlanepitaState) -> str:
        if self.anims:
            return "Space or right-click: skip"
        if not self.my_turn:
            return "Watching…" if st.phase is not Phase.OVER else ""
        if st.phase is Phase.LAUNCH:
            how = (
                "swipe it forward"
                if self.setting("flick_mode") == "swipe"
                else "pull back, release"
            )
            return f"Drag your pad along the rim; press the disc, {how}."
        if st.phase is Phase.FLIP:
            return "Face down: 1 power, but it grips the board. Face up: 2 power."
        if st.phase is Phase.PLACE_JAMMER:
            spec = self.spec()
            area = spec.area if isinstance(spec, JammerSpec) else 5
            return f"Click a free spot in the shaded {area}-pt area."
        return ""


def round_summary(result: RoundResult, names: list[str]) -> str:
    parts = []
    for a in result.areas:
        if a.winner is not None:
            parts.append(f"{a.value}-pt to {names[a.winner]}")
        else:
            parts.append(f"{a.value}-pt carried over")
    return f"Round {result.round}: " + ", ".join(parts)


__all__ = ["PlanepitaScene", "draw_icon", "round_summary"]
