"""Live physics tuning, for the people who tune Planepita's physics: F9 in a game.

The overlay (:class:`TuningScene`) has a slider for each value of
``params.TUNABLE``: the friction of a face-up and of a face-down disc, the
break-away speed, the three restitutions and the speed cap. It starts from the
values the game is played with. Every change is checked by ``params.py``; a
value it refuses is named, in its words, and nothing is run or saved until the
values are sound again (the sliders reach a little past what it allows, so the
limits can be felt).

- **Replay last shot** runs the last flick again from the position it was
  flicked from with the values on the sliders, beside the game's own shot:
  both paths drawn over the board in two colours, with a legend.
- **Save** writes the values (where they differ from the shipped
  physics.toml) to the player's physics.toml in the settings folder. New
  games take them (``rules.user_config``), and so does
  ``tools/tune_physics.py``; the game being played keeps its own, which are
  stored with it.
- **Reset** puts the sliders back to the shipped values.

Nothing here changes the game. The table opens the overlay (F9) and says, on
the pause screen, which physics the game is played with (:func:`physics_words`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import pygame

from tabletop.core.game import IllegalAction
from tabletop.games.planepita import params as params_mod
from tabletop.games.planepita import rules as pp_rules
from tabletop.games.planepita.board import Board
from tabletop.games.planepita.model import Flick, PlanepitaState
from tabletop.games.planepita.params import ParamError, Params
from tabletop.games.planepita.physics import JAMMER, Trajectory
from tabletop.games.planepita.playback import position_at
from tabletop.games.planepita.table.layout import Layout
from tabletop.ui.menuscene import MenuScene
from tabletop.ui.rest import NOW
from tabletop.ui.table import Host, TableFrame
from tabletop.ui.theme import Colour
from tabletop.ui.widgets import Button, Slider, draw_text, wrap_text

TUNING_KEY = pygame.K_F9
#: what the buttons do, under the sliders when there is room
HELP = (
    "Replay last shot: the last flick again from where it was flicked, with these values, beside "
    "this game's. Save: new games use these values (your physics.toml in the settings folder); "
    "this game keeps its own. Reset: the shipped values."
)
#: the game's own shot and the shot with the values on the sliders
ORIGINAL_COLOUR: Colour = (120, 206, 255)
TUNED_COLOUR: Colour = (255, 146, 64)


@dataclass(frozen=True)
class Knob:
    """How the overlay shows one value: its words, the slider's reach and step,
    and its unit. The reach goes a little past what params.py allows."""

    label: str
    lo: float
    hi: float
    step: float
    unit: str = ""
    digits: int = 2

    def number(self, value: float) -> str:
        return f"{value:.{self.digits}f}"

    def words(self, value: float) -> str:
        return self.number(value) + (f" {self.unit}" if self.unit else "")

    @property
    def title(self) -> str:
        """The slider's label: the words, and the unit its number is in."""
        return f"{self.label} ({self.unit})" if self.unit else self.label


KNOBS: dict[str, Knob] = {
    "friction.mu_face_up": Knob("Friction face up, μ", 0.0, 1.0, 0.01),
    "friction.mu_face_down": Knob("Friction face down, μ", 0.0, 10.0, 0.05),
    "friction.break_away_speed": Knob("Break-away speed", 0.0, 2000.0, 10.0, "mm/s", 0),
    "restitution.disc_disc": Knob("Bounce disc on disc", 0.0, 1.0, 0.01),
    "restitution.disc_jammer": Knob("Bounce disc on jammer", 0.0, 1.0, 0.01),
    "restitution.disc_pad": Knob("Bounce disc on pad", 0.0, 1.0, 0.01),
    "launch.max_speed": Knob("Speed cap", 500.0, 6000.0, 50.0, "mm/s", 0),
}
assert tuple(KNOBS) == params_mod.TUNABLE  # one slider per tunable value, in its order


def physics_words(params: Params, overrides: params_mod.Overrides) -> list[str]:
    """The physics in use, for the pause screen: whose values, then the values."""
    k = {key: KNOBS[key].words(params_mod.value_of(params, key)) for key in KNOBS}
    changed = len(overrides)
    whose = (
        "Physics: the shipped values"
        if not changed
        else f"Physics: this game's own values ({changed} differ{'s' if changed == 1 else ''} from the shipped)"
    )
    return [
        whose + " · F9 tunes them",
        f"friction μ {k['friction.mu_face_up']} face up, {k['friction.mu_face_down']} face down · "
        f"break-away {k['friction.break_away_speed']}",
        f"bounce {k['restitution.disc_disc']} disc, {k['restitution.disc_jammer']} jammer, "
        f"{k['restitution.disc_pad']} pad · speed cap {k['launch.max_speed']}",
    ]


@dataclass
class Comparison:
    """The last flick run twice from where it was flicked: with the game's
    values (``original``) and with the sliders' (``tuned``), played side by
    side on the ``dt`` the overlay is given."""

    before: PlanepitaState
    original: Trajectory
    tuned: Trajectory
    t: float = 0.0

    @property
    def duration(self) -> float:
        return max(self.original.duration, self.tuned.duration)


class Tuned(Protocol):
    """What the overlay reads of the table under it."""

    frame: TableFrame
    shape: Layout
    board: Board

    @property
    def params(self) -> Params: ...

    def last_flick(self) -> int | None: ...


class TuningScene(MenuScene):
    """The tuning overlay, over the game (see the module's words)."""

    opaque = False
    heading = "Physics tuning"

    def __init__(self, app: Host, table: Tuned) -> None:
        self.table = table
        self.shipped = params_mod.default()
        in_use: Params = table.params
        #: what the sliders are laid over: the game's physics, so the values
        #: the player's file holds without a slider (``friction.mu_jammer``,
        #: ``launch.max_angle``...) are kept by Replay and Save; Reset makes
        #: it the shipped physics
        self.base: Params = in_use
        self.values: dict[str, float] = {key: params_mod.value_of(in_use, key) for key in KNOBS}
        self.tuned: Params | None = in_use
        self.problem: str | None = None
        self.note = "The sliders start from this game's values."
        self.comparison: Comparison | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.sliders_bottom = 0
        #: where the last drawing's words ended (for tests: above the buttons)
        self.legend_bottom = 0
        super().__init__(app)

    # -- the values ------------------------------------------------------------------
    def build(self) -> None:
        self.sliders: dict[str, Slider] = {}
        for key, knob in KNOBS.items():
            value = self.values[key]
            slider = Slider(
                value,
                min(knob.lo, value),
                max(knob.hi, value),
                knob.step,
                self._setter(key),
                label=knob.title,
                fmt=knob.number,
                tooltip=f"{key} in physics.toml",
            )
            slider.label_share, slider.value_share = 0.5, 0.3  # room for "3000"
            self.sliders[key] = slider
        self.replay = Button(
            "Replay last shot",
            self.replay_last_shot,
            kind="primary",
            tooltip="The last flick again from where it was flicked, with these values",
        )
        self.save = Button(
            "Save", self.save_values, tooltip="New games use these values (your physics.toml)"
        )
        self.reset = Button("Reset", self.reset_values, tooltip="The shipped values")
        self.close_button = Button("Close", self.back, tooltip="Esc or F9")
        self.group.add(
            *self.sliders.values(), self.replay, self.save, self.reset, self.close_button
        )
        self._sync()

    def _setter(self, key: str) -> Callable[[float], None]:
        def set_value(value: float) -> None:
            self.values[key] = float(value)
            self.check()

        return set_value

    def overrides(self) -> params_mod.Overrides:
        """The sliders' values, over :attr:`base`, where they differ from the
        shipped physics.toml; ParamError when params.py refuses them."""
        return params_mod.overrides_between(self.shipped, self.base.with_overrides(self.values))

    def check(self) -> None:
        """Ask params.py about the values on the sliders."""
        try:
            self.tuned = params_mod.with_overrides_of(self.shipped, self.overrides())
            self.problem = None
        except ParamError as exc:
            self.tuned = None
            self.problem = f"params.py refuses these values: {exc}."
        self.comparison = None
        self._sync()

    def _sync(self) -> None:
        sound = self.problem is None
        last = self.table.last_flick()
        self.replay.enabled = sound and last is not None
        self.replay.disabled_reason = self.problem or "No shot has been played yet."
        self.save.enabled = sound
        self.save.disabled_reason = self.problem or ""

    # -- the buttons -----------------------------------------------------------------
    def replay_last_shot(self) -> None:
        ply = self.table.last_flick()
        if ply is None or self.tuned is None:
            return
        s = self.table.frame.session
        before, flick = s.states[ply], s.actions[ply]
        assert isinstance(flick, Flick)
        original = pp_rules.shot(before, flick)
        try:
            tuned = pp_rules.shot(before, flick, self.tuned)
        except IllegalAction as exc:
            self.comparison = None
            self.note = f"The last flick cannot be run with these values: {exc.reason}"
            return
        self.comparison = Comparison(before, original, tuned)
        self.note = f"The last flick ({flick.speed:.0f} mm/s, {flick.angle:+.0f}°) run again from where it was flicked."

    def save_values(self) -> None:
        try:
            path = params_mod.write_user_file(self.app.storage.settings_dir, self.overrides())
        except ParamError as exc:  # never expected: Save is off while params.py refuses
            self.problem = f"params.py refuses these values: {exc}."
            self._sync()
            return
        except OSError as exc:
            self.app.toast(f"The physics could not be saved: {exc}", "error")
            return
        self.note = f"Saved to {path}. New games use these values; this game keeps its own."
        self.app.toast("Physics saved: new games use these values.")

    def reset_values(self) -> None:
        self.base = self.shipped
        for key, slider in self.sliders.items():
            value = params_mod.value_of(self.shipped, key)
            slider.set_value(value)
            self.values[key] = value  # exactly, whatever the slider's steps
        self.check()
        self.note = "The shipped values. Save to use them in new games."

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and event.key == TUNING_KEY:
            self.back()
            return True
        super().handle(event)
        return True  # nothing reaches the game under the overlay

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.comparison is not None:
            self.comparison.t = min(self.comparison.duration, self.comparison.t + dt)

    def wake_in(self) -> float:
        """Every frame while the two runs of the shot play side by side."""
        c = self.comparison
        return NOW if c is not None and c.t < c.duration else super().wake_in()

    # -- layout and drawing --------------------------------------------------------------
    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w, h = self.app.size
        gap = t.px(12)
        square = self.table.shape.geo.square
        left = min(square.right + gap, w - t.px(380))
        self.panel = pygame.Rect(left, t.px(8), w - left - t.px(8), h - t.px(16))
        inner = self.panel.inflate(-2 * t.px(16), 0)
        y = self.panel.y + t.px(14) + t.heading.get_linesize() + t.small.get_linesize() + t.px(10)
        row = t.px(40)
        for slider in self.sliders.values():
            slider.rect = pygame.Rect(inner.x, y, inner.w, row)
            y += row + t.px(4)
        self.sliders_bottom = y
        bh, half = t.px(40), (inner.w - gap) // 2
        bottom = self.panel.bottom - t.px(14)
        self.close_button.rect = pygame.Rect(
            inner.x + half + gap, bottom - bh, inner.w - half - gap, bh
        )
        self.reset.rect = pygame.Rect(inner.x, bottom - bh, half, bh)
        self.save.rect = pygame.Rect(
            inner.x + half + gap, bottom - 2 * bh - gap, inner.w - half - gap, bh
        )
        self.replay.rect = pygame.Rect(inner.x, bottom - 2 * bh - gap, half, bh)

    def draw(self, surface: pygame.Surface) -> None:
        t = self.app.theme
        if self.comparison is not None:
            self._draw_comparison(surface, self.comparison)
        radius = t.px(14)
        pygame.draw.rect(surface, t.shadow, self.panel.move(0, t.px(6)), border_radius=radius)
        pygame.draw.rect(surface, t.panel, self.panel, border_radius=radius)
        pygame.draw.rect(surface, t.panel_edge, self.panel, t.px(2), border_radius=radius)
        inner = self.panel.inflate(-2 * t.px(16), 0)
        y = self.panel.y + t.px(10)
        surface.blit(t.heading.render(self.heading, True, t.text), (inner.x, y))
        y += t.heading.get_linesize()
        draw_text(
            surface,
            t.small,
            "F9 or Esc closes · the game is not changed",
            t.text_dim,
            pygame.Rect(inner.x, y, inner.w, t.small.get_linesize()),
        )
        self.group.draw(surface, t)
        # params.py's refusal, or what the last button did, then the legend
        y = self.sliders_bottom + t.px(4)
        room = self.replay.rect.y - t.px(8)
        line = t.small.get_linesize()
        if self.problem is not None:
            lines, colour = wrap_text(t.small, self.problem, inner.w), t.danger
        else:
            lines, colour = wrap_text(t.small, self.note, inner.w), t.text_dim
        for text in lines:
            if y + line > room:
                break
            draw_text(surface, t.small, text, colour, pygame.Rect(inner.x, y, inner.w, line))
            y += line
        help_lines = wrap_text(t.small, HELP, inner.w)
        help_top = room - len(help_lines) * line
        if help_top >= y + (2 * line + t.px(10) if self.comparison is not None else 0):
            for i, text in enumerate(help_lines):
                draw_text(
                    surface,
                    t.small,
                    text,
                    t.text_dim,
                    pygame.Rect(inner.x, help_top + i * line, inner.w, line),
                )
            room = help_top - t.px(4)
        if self.comparison is not None and self.problem is None:
            y += t.px(4)
            for colour, words in (
                (ORIGINAL_COLOUR, "this game's values"),
                (TUNED_COLOUR, "the values above"),
            ):
                if y + line > room:
                    break
                mid = y + line // 2
                pygame.draw.line(
                    surface, colour, (inner.x, mid), (inner.x + t.px(34), mid), max(2, t.px(4))
                )
                draw_text(
                    surface,
                    t.small,
                    words,
                    t.text,
                    pygame.Rect(inner.x + t.px(44), y, inner.w - t.px(44), line),
                )
                y += line + t.px(2)
        self.legend_bottom = y

    def _draw_comparison(self, surface: pygame.Surface, comparison: Comparison) -> None:
        """Over the board, veiled: where the pieces stood, then each run's
        paths so far and its pieces now, in its colour."""
        geo = self.table.shape.geo
        t = self.app.theme
        table = self.table.frame.table_rect.clip(
            pygame.Rect(0, 0, self.panel.x, surface.get_height())
        )
        veil = pygame.Surface(table.size, pygame.SRCALPHA)
        veil.fill((0, 0, 0, 120))
        surface.blit(veil, table.topleft)
        board = self.table.board
        for d in comparison.before.layout.discs:
            pygame.draw.circle(
                surface, (200, 200, 210), geo.ipx(d.x, d.y), geo.length(board.disc_radius), 1
            )
        if comparison.before.layout.jammer is not None:
            pygame.draw.circle(
                surface,
                (200, 200, 210),
                geo.ipx(*comparison.before.layout.jammer),
                geo.length(board.jammer_radius),
                1,
            )
        width = max(2, t.px(3))
        for traj, colour in (
            (comparison.original, ORIGINAL_COLOUR),
            (comparison.tuned, TUNED_COLOUR),
        ):
            f = min(len(traj.frames) - 1, int(comparison.t * traj.fps))
            for i, ident in enumerate(traj.ids):
                xy = traj.frames[: f + 1, i, :2]
                seen = np.flatnonzero(~np.isnan(xy[:, 0]))
                if len(seen) >= 2 and float(np.ptp(xy[seen], axis=0).max()) >= 0.5:
                    pygame.draw.lines(
                        surface, colour, False, [geo.to_px(*xy[k]) for k in seen], width
                    )
                now = position_at(traj, i, comparison.t)
                if now is None or not np.isfinite(traj.frames[f, i, 0]):
                    continue
                r = board.jammer_radius if ident == JAMMER else board.disc_radius
                pygame.draw.circle(surface, colour, geo.ipx(*now), geo.length(r), max(2, t.px(2)))
