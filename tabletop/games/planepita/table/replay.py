"""Instant replay: the last shot again, in slow motion, with its impacts and paths.

R, or the "Replay shot" button on the table, shows the last flick again from
its recorded ``physics.Trajectory``: ``rules.shot`` of the position it was
flicked from, the same memoised simulation the rules applied and the table
played. It runs at a quarter of the shot's speed (:data:`REPLAY_SPEED`), on
the ``dt`` the loop passes; the mouse wheel (or the arrow keys) scrubs
forward and back through the shot's time, Space pauses and plays (from the
start again once it has ended), and R, Esc or the button go back to the game.
Every contact gets a marker sized by its impulse (and its clack while the
replay plays forward), and every piece that moved draws its path as a
fading trail.

It never changes the game: it reads the session's states and actions and
plays nothing. While it shows, the game waits (a bot does not play, a saved
game's replay does not step). It works on any seat's shot, bots' included,
and in Watch replay, where the shot is the one the replay has reached.

:class:`InstantReplay` is the replay itself (its clock and its moment);
:class:`ReplayControls` is its part of the table (``PlanepitaTable`` holds
one, and it holds the table): the key, the button and its place, the input
it takes while it shows. ``picture.py`` says what the words and the timeline
over the side panel show, ``paint.py`` paints them.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import numpy as np
import pygame

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Disc, Flick, PlanepitaState
from tabletop.games.planepita.physics import JAMMER, Trajectory
from tabletop.games.planepita.playback import (
    FALL_TIME,
    Impact,
    Moment,
    ShotAnim,
    Sound,
    Trail,
    shot_discs,
)
from tabletop.games.planepita.table.layout import Layout
from tabletop.ui.gamescene import LOG_KEY
from tabletop.ui.table import TableFrame
from tabletop.ui.widgets import Button, FocusGroup

#: the replay's speed, against the shot's own
REPLAY_SPEED = 0.25
#: a wheel notch moves the replay by the shot's length over this many (at least a recorded frame)
SCRUB_NOTCHES = 60
#: a piece whose path spans less than this (mm) did not move: it draws no trail
STILL_MM = 0.5
REPLAY_KEY = pygame.K_r
#: while a replay shows another seat's shot: replay your own last one
OWN_KEY = pygame.K_y


class InstantReplay:
    """The shot ``flick`` made from ``before`` (giving ``after``), shown again:
    ``t`` is how far into the shot (seconds of the shot) the replay is."""

    def __init__(
        self,
        ply: int,
        before: PlanepitaState,
        flick: Flick,
        after: PlanepitaState,
        traj: Trajectory,
    ) -> None:
        self.ply = ply
        self.traj = traj
        self.seat = pp_rules.launcher(before)
        disc = pp_rules.launched_disc(before, flick)
        #: the shot's playback, shown frozen at the replay's time
        self.anim = ShotAnim(
            before, self.seat, flick, traj, shot_discs(before, after, traj, disc), REPLAY_SPEED
        )
        self.t = 0.0
        self.end = traj.duration + FALL_TIME
        self.playing = True
        self.next_clack = 0

    @property
    def impacts(self) -> list[Impact]:
        return self.anim.impacts

    @property
    def step(self) -> float:
        """Seconds of the shot a wheel notch moves."""
        return max(1.0 / self.traj.fps, self.traj.duration / SCRUB_NOTCHES)

    def update(self, dt: float, sound: Sound) -> None:
        """Play on by ``dt`` seconds of the loop, a quarter of that of the shot;
        each contact passed clacks, as in the shot itself."""
        if not self.playing:
            return
        self.t = min(self.end, self.t + dt * REPLAY_SPEED)
        while self.next_clack < len(self.impacts) and self.impacts[self.next_clack].t <= self.t:
            sound.play("clack", self.impacts[self.next_clack].strength)
            self.next_clack += 1
        if self.t >= self.end:
            self.playing = False

    def scrub(self, notches: float) -> None:
        """Move ``notches`` wheel notches through the shot (negative: back) and pause."""
        self.playing = False
        self.t = min(self.end, max(0.0, self.t + notches * self.step))
        self.next_clack = sum(1 for hit in self.impacts if hit.t <= self.t)

    def toggle(self) -> None:
        """Pause, or play on (from the start again once the replay has ended)."""
        if self.playing:
            self.playing = False
            return
        if self.t >= self.end:
            self.t = 0.0
            self.next_clack = 0
        self.playing = True

    def moment(self) -> Moment:
        """The board at the replay's time: the pieces where they were, the
        markers of the contacts so far and each moving piece's trail."""
        self.anim.t = self.t / REPLAY_SPEED
        return replace(
            self.anim.moment(),
            marks=tuple((hit, self.t - hit.t) for hit in self.impacts if hit.t <= self.t),
            trails=tuple(self.trails()),
        )

    def trails(self) -> list[Trail]:
        frames = self.traj.frames
        fps = self.traj.fps
        f = min(len(frames) - 1, int(self.t * fps))
        out = []
        for i, ident in enumerate(self.traj.ids):
            xy = frames[: f + 1, i, :2]
            seen = np.flatnonzero(~np.isnan(xy[:, 0]))
            if len(seen) < 2 or float(np.ptp(xy[seen], axis=0).max()) < STILL_MM:
                continue
            disc = Disc(JAMMER, -1) if ident == JAMMER else self.anim.discs.get(ident)
            if disc is None:
                continue
            points = tuple((float(x), float(y)) for x, y in xy[seen])
            ages = tuple(float(self.t - k / fps) for k in seen)
            out.append(Trail(disc, points, ages))
        return out


class Replayed(Protocol):
    """What :class:`ReplayControls` uses of the table."""

    frame: TableFrame
    shape: Layout

    @property
    def animating(self) -> bool: ...


class ReplayControls:
    """The instant replay's part of the table: R and the button start and end
    it; while it shows, it takes the table's input (:meth:`intercept`) and
    its clock, and its moment is the one the table shows."""

    def __init__(self, table: Replayed, group: FocusGroup) -> None:
        self.table = table
        self.instant: InstantReplay | None = None
        self.button = Button(
            "Replay shot (R)",
            self.toggle,
            tooltip="The last shot again in slow motion, with its impacts and paths",
        )
        self.button.visible = False
        #: while a replay shows another seat's shot: the viewer's own last one
        self.own_button = Button(
            "Your last shot (Y)",
            self.show_own,
            tooltip="Replay the last shot you played yourself",
        )
        self.own_button.visible = False
        group.add(self.button, self.own_button)

    # -- starting and ending -----------------------------------------------------------
    def last_flick(self, seat: int | None = None) -> int | None:
        """The ply of the last flick played so far (by ``seat``, when given), or None."""
        session = self.table.frame.session
        actions = session.actions
        for ply in range(session.ply - 1, -1, -1):
            if isinstance(actions[ply], Flick) and (
                seat is None or session.rules.to_move(session.states[ply]) == seat
            ):
                return ply
        return None

    def own_flick(self) -> int | None:
        """The viewer's own last flick, when it is not the shot on show."""
        ply = self.last_flick(self.table.frame.viewer)
        shown = self.instant.ply if self.instant is not None else self.last_flick()
        return None if ply is None or ply == shown else ply

    def whose(self) -> str:
        """The heading's words for the shot on show: "Your shot", "Cleo's shot"."""
        if self.instant is None:
            return ""
        s = self.table.frame.session
        seat = s.rules.to_move(s.states[self.instant.ply])
        if seat == self.table.frame.viewer:
            return "Your shot"
        return f"{s.names[seat]}'s shot" if seat is not None else ""

    def show_own(self) -> bool:
        """Replay the viewer's own last shot instead of the latest."""
        ply = self.own_flick()
        return ply is not None and self.start(ply)

    def start(self, ply: int | None = None) -> bool:
        """Show the last shot again (or the flick at ``ply``); False (and
        why, in a toast) when there is none."""
        if self.table.animating:
            return False  # the shot is still playing
        app = self.table.frame.app
        if ply is None:
            ply = self.last_flick()
        if ply is None:
            app.toast("There is no shot to replay yet.")
            return False
        s = self.table.frame.session
        before, after, flick = s.states[ply], s.states[ply + 1], s.actions[ply]
        # the shot as it was played here; a shot from a save is run again and
        # shown only when it still leads to the board the save recorded
        traj = s.trace(ply)
        if traj is None:
            traj = pp_rules.recorded_shot(before, flick, after)
        if traj is None:
            app.toast(
                "That shot was played with an older version of the physics: "
                "its path cannot be shown again."
            )
            return False
        self.instant = InstantReplay(ply, before, flick, after, traj)
        self.sync()
        return True

    def stop(self) -> None:
        self.instant = None
        self.sync()

    def toggle(self) -> None:
        if self.instant is None:
            self.start()
        else:
            self.stop()

    def sync(self) -> None:
        """The button's words and whether it shows: while the replay shows,
        the way back; else the replay, once a shot has been played and shown."""
        b = self.button
        if self.instant is not None:
            b.visible, b.text, b.kind = True, "Back to the game (R)", "primary"
        else:
            b.visible = not self.table.animating and self.last_flick() is not None
            b.text, b.kind = "Replay shot (R)", "normal"
        self.own_button.visible = self.instant is not None and self.own_flick() is not None
        self.place()

    def place(self) -> None:
        """The button in the board area's top left corner, as wide as its words."""
        t = self.table.frame.app.theme
        area = self.table.shape.board_area
        font = t.font("body", bold=self.button.kind != "normal")
        w = font.size(self.button.text)[0] + 2 * t.px(14)
        self.button.rect = pygame.Rect(area.x + t.px(6), area.y + t.px(6), w, t.px(36))
        own_w = t.font("body").size(self.own_button.text)[0] + 2 * t.px(14)
        self.own_button.rect = pygame.Rect(
            self.button.rect.right + t.px(8), self.button.rect.y, own_w, t.px(36)
        )

    def keep_clear(self) -> list[pygame.Rect]:
        """What the power meter must not cover: the button, when it shows."""
        return [self.button.rect] if self.button.visible else []

    # -- input and the clock -------------------------------------------------------------
    def intercept(self, event: pygame.event.Event) -> bool | None:
        """R starts the replay (True). While it shows it takes every event
        (True): R or Esc end it, Space pauses and plays, the arrows and the
        wheel scrub, a click may press its button; but L, the log, is the
        frame's (False), and F9 ends it for the tuning overlay (None: the
        table opens it). Anything else while it does not show: False."""
        replay = self.instant
        if replay is None:
            if (
                event.type == pygame.KEYDOWN
                and event.key == REPLAY_KEY
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            ):
                self.start()
                return True
            return False
        if event.type == pygame.KEYDOWN:
            if event.key in (REPLAY_KEY, pygame.K_ESCAPE):
                self.stop()
            elif event.key == pygame.K_SPACE:
                replay.toggle()
            elif event.key == OWN_KEY:
                self.show_own()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                replay.scrub(1 if event.key == pygame.K_RIGHT else -1)
            elif event.key == LOG_KEY:  # the log may be shown
                return False
            elif event.key == pygame.K_F9:  # tuning ends the replay
                self.stop()
                return None
            return True
        if event.type == pygame.MOUSEWHEEL:
            replay.scrub(event.y)
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.button.handle(event)
            self.own_button.handle(event)
        return True  # nothing reaches the game while the replay shows

    def update(self, dt: float, sound: Sound) -> None:
        if self.instant is not None:
            self.instant.update(dt, sound)
