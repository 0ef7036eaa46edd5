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

:class:`InstantReplay` is the replay itself (its clock and its picture);
:class:`ReplayControls` is its part of ``scene.PlanepitaScene``, mixed in ahead
of ``TableDrawing`` and ``GameScene``: the key, the button, and the words and
the timeline drawn over the table.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pygame

from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.model import Disc, Flick, PlanepitaState
from tabletop.games.planepita.physics import JAMMER, Trajectory
from tabletop.games.planepita.table.effects import MARK_COLOUR
from tabletop.games.planepita.playback import (
    FALL_TIME,
    Impact,
    Picture,
    ShotAnim,
    Sound,
    Trail,
    shot_discs,
)
from tabletop.ui.gamescene import LOG_KEY
from tabletop.ui.theme import mix
from tabletop.ui.widgets import Button, draw_text, wrap_text

#: the replay's speed, against the shot's own
REPLAY_SPEED = 0.25
#: a wheel notch moves the replay by the shot's length over this many (at least a recorded frame)
SCRUB_NOTCHES = 60
#: a piece whose path spans less than this (mm) did not move: it draws no trail
STILL_MM = 0.5
REPLAY_KEY = pygame.K_r


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

    def picture(self) -> Picture:
        """The table at the replay's time: the pieces where they were, the
        markers of the contacts so far and each moving piece's trail."""
        self.anim.t = self.t / REPLAY_SPEED
        pic = self.anim.picture()
        pic.marks = [(hit, self.t - hit.t) for hit in self.impacts if hit.t <= self.t]
        pic.trails = self.trails()
        return pic

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


class ReplayControls:
    """The instant replay's part of ``PlanepitaScene``: R and the button start
    and end it; while it shows, it takes the scene's input, its clock and the
    table's picture (``PlanepitaScene.current_picture`` asks :attr:`instant`).

    Reads from the scene: ``app``, ``session``, ``anims``, ``group`` and the
    layout's ``board_area``, ``panel_rect`` and ``decide_rect``; calls
    ``super()`` for everything else."""

    app: Any
    session: Any
    anims: list[Any]
    group: Any
    board_area: pygame.Rect
    panel_rect: pygame.Rect
    decide_rect: pygame.Rect

    def init_replay(self) -> None:
        self.instant: InstantReplay | None = None
        self.replay_button = Button(
            "Replay shot (R)",
            self.toggle_replay,
            tooltip="The last shot again in slow motion, with its impacts and paths",
        )
        self.replay_button.visible = False
        self.group.add(self.replay_button)
        #: where the timeline was last drawn (for tests)
        self.replay_timeline = pygame.Rect(0, 0, 0, 0)

    # -- starting and ending -----------------------------------------------------------
    def last_flick(self) -> int | None:
        """The ply of the last flick played so far, or None."""
        actions = self.session.actions
        for ply in range(self.session.ply - 1, -1, -1):
            if isinstance(actions[ply], Flick):
                return ply
        return None

    def start_replay(self) -> bool:
        """Show the last shot again; False (and why, in a toast) when there is none."""
        if self.anims:
            return False  # the shot is still playing
        ply = self.last_flick()
        if ply is None:
            self.app.toast("There is no shot to replay yet.")
            return False
        s = self.session
        before, after, flick = s.states[ply], s.states[ply + 1], s.actions[ply]
        # the shot as it was played here; a shot from a save is run again and
        # shown only when it still leads to the board the save recorded
        traj = s.trace(ply)
        if traj is None:
            traj = pp_rules.recorded_shot(before, flick, after)
        if traj is None:
            self.app.toast(
                "That shot was played with an older version of the physics: "
                "its path cannot be shown again."
            )
            return False
        self.instant = InstantReplay(ply, before, flick, after, traj)
        self._sync_replay_button()
        return True

    def stop_replay(self) -> None:
        self.instant = None
        self._sync_replay_button()

    def toggle_replay(self) -> None:
        if self.instant is None:
            self.start_replay()
        else:
            self.stop_replay()

    def _sync_replay_button(self) -> None:
        b = self.replay_button
        if self.instant is not None:
            b.visible, b.text, b.kind = True, "Back to the game (R)", "primary"
        else:
            b.visible = not self.anims and self.last_flick() is not None
            b.text, b.kind = "Replay shot (R)", "normal"
        self._place_replay_button()

    def _place_replay_button(self) -> None:
        t = self.app.theme
        font = t.font("body", bold=self.replay_button.kind != "normal")
        w = font.size(self.replay_button.text)[0] + 2 * t.px(14)
        self.replay_button.rect = pygame.Rect(
            self.board_area.x + t.px(6), self.board_area.y + t.px(6), w, t.px(36)
        )

    def meter_keep_clear(self) -> list[pygame.Rect]:
        keep = list(super().meter_keep_clear())  # type: ignore[misc]
        if self.replay_button.visible:
            keep.append(self.replay_button.rect)
        return keep

    # -- the scene's parts -------------------------------------------------------------
    def layout(self, rect: pygame.Rect) -> None:
        super().layout(rect)  # type: ignore[misc]
        self._place_replay_button()

    def handle(self, event: pygame.event.Event) -> bool:
        if self.instant is None:
            if (
                event.type == pygame.KEYDOWN
                and event.key == REPLAY_KEY
                and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META)
            ):
                self.start_replay()
                return True
            return bool(super().handle(event))  # type: ignore[misc]
        replay = self.instant
        if event.type == pygame.KEYDOWN:
            if event.key in (REPLAY_KEY, pygame.K_ESCAPE):
                self.stop_replay()
            elif event.key == pygame.K_SPACE:
                replay.toggle()
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                replay.scrub(1 if event.key == pygame.K_RIGHT else -1)
            elif event.key in (
                LOG_KEY,
                pygame.K_F9,
            ):  # the log may be shown; tuning ends the replay
                if event.key == pygame.K_F9:
                    self.stop_replay()
                return bool(super().handle(event))  # type: ignore[misc]
            return True
        if event.type == pygame.MOUSEWHEEL:
            replay.scrub(event.y)
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.replay_button.handle(event)
        return True  # nothing reaches the game while the replay shows

    def update(self, dt: float) -> None:
        if self.instant is not None:
            self.instant.update(dt, self.app.sound)
            return  # the game waits
        super().update(dt)  # type: ignore[misc]
        self._sync_replay_button()

    def draw_table(self, surface: pygame.Surface, view: Any) -> None:
        super().draw_table(surface, view)  # type: ignore[misc]
        if self.instant is not None:
            self._draw_replay_bar(surface, self.instant)

    def _draw_replay_bar(self, surface: pygame.Surface, replay: InstantReplay) -> None:
        """Over the top of the side panel (the board stays clear): what is
        showing, the shot's timeline with a tick at each contact, how to steer
        it and what the marks mean."""
        t = self.app.theme
        panel = self.panel_rect
        inner_w = panel.w - t.px(24)
        line = t.small.get_linesize()
        notes = [
            *wrap_text(
                t.small,
                "Wheel or ← →: scrub · Space: pause or play · R or Esc: back to the game",
                inner_w,
            ),
            *wrap_text(
                t.small,
                "Rings mark the contacts, larger for harder hits; each path fades behind its piece.",
                inner_w,
            ),
        ]
        content = (
            t.heading.get_linesize()
            + t.body.get_linesize()
            + t.px(30)
            + (len(notes) + 1) * line
            + t.px(20)
        )
        h = min(panel.h, max(content, self.decide_rect.bottom - panel.y))
        box = pygame.Rect(panel.x, panel.y, panel.w, h)
        pygame.draw.rect(surface, t.panel, box, border_radius=t.px(10))
        pygame.draw.rect(surface, t.accent, box, max(1, t.px(2)), border_radius=t.px(10))
        x, y = box.x + t.px(12), box.y + t.px(8)
        surface.blit(t.font("heading", bold=True).render("Instant replay", True, t.text), (x, y))
        y += t.heading.get_linesize()
        state = "playing" if replay.playing else ("ended" if replay.t >= replay.end else "paused")
        draw_text(
            surface,
            t.body,
            f"¼ speed · {state}",
            t.text_dim,
            pygame.Rect(x, y, inner_w, t.body.get_linesize()),
        )
        y += t.body.get_linesize() + t.px(8)
        bar = pygame.Rect(x, y + t.px(6), inner_w, t.px(8))
        self.replay_timeline = bar
        pygame.draw.rect(surface, t.track, bar, border_radius=bar.h // 2)
        span = max(replay.end, 1e-6)
        done = bar.copy()
        done.w = round(bar.w * min(1.0, replay.t / span))
        if done.w > 0:
            pygame.draw.rect(surface, t.accent, done, border_radius=bar.h // 2)
        for hit in replay.impacts:
            hx = bar.x + round(bar.w * hit.t / span)
            tall = round(t.px(3) + t.px(8) * hit.strength)
            colour = MARK_COLOUR if hit.t <= replay.t else mix(MARK_COLOUR, t.track, 0.6)
            pygame.draw.line(
                surface, colour, (hx, bar.centery - tall), (hx, bar.centery + tall), max(1, t.px(2))
            )
        knob = (bar.x + done.w, bar.centery)
        pygame.draw.circle(surface, t.text, knob, t.px(7))
        pygame.draw.circle(surface, t.accent, knob, t.px(7), max(1, t.px(2)))
        clock = f"{min(replay.t, replay.traj.duration):.2f} s of {replay.traj.duration:.2f} s"
        y = bar.bottom + t.px(8)
        draw_text(surface, t.small, clock, t.text_dim, pygame.Rect(x, y, inner_w, line), "right")
        y += line + t.px(4)
        for text in notes:
            draw_text(surface, t.small, text, t.text_dim, pygame.Rect(x, y, inner_w, line))
            y += line
