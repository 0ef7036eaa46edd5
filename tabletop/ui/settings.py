"""The settings screen (window, sound, animations, colours, the log panel, the
claim countdown), and the controls for a game's own settings (its setup and pause screens)."""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.menuscene import MenuScene
from tabletop.ui.widgets import Button, Choice, Slider, Toggle, centered

SIZES = ((960, 600), (1280, 800), (1600, 900), (1920, 1080), (2560, 1440))
SPEEDS = ((0.0, "Instant"), (0.5, "Slow"), (1.0, "Normal"), (2.0, "Fast"))
#: the claim prompt's countdown choices, in seconds (0: none)
CLAIM_COUNTDOWNS = ((0, "Off"), (10, "10 seconds"), (15, "15 seconds"), (30, "30 seconds"))
PALETTE_NAMES = (("default", "Standard"), ("okabe_ito", "Colour-blind safe (Okabe–Ito)"))


def game_setting_choices(app: Any, info: Any) -> list[Choice]:
    """One Choice per setting ``info`` (a GameInfo) declares, showing the
    current value; a change is stored at once (``app.set_game_setting``)."""
    out = []
    for setting in info.settings:
        current = app.settings.game_setting(info, setting.key)

        def store(i: int, s: Any = setting) -> None:
            app.set_game_setting(info.name, s.key, s.choices[i])

        choice = Choice(
            [setting.name_of(c) for c in setting.choices],
            setting.choices.index(current),
            store,
            label=setting.label,
            tooltip=setting.help,
        )
        out.append(choice)
    return out


class SettingsScene(MenuScene):
    heading = "Settings"

    def build(self) -> None:
        s = self.app.settings
        size_labels = [f"{w} × {h}" for w, h in SIZES]
        current = tuple(self.app.windowed_size)
        size_idx = SIZES.index(current) if current in SIZES else 1
        if current not in SIZES:
            size_labels[size_idx] = f"{current[0]} × {current[1]}"
        self.size_choice = Choice(size_labels, size_idx, self.set_size, label="Window size")
        self.full = Toggle(self.app.fullscreen, self.app.set_fullscreen, label="Fullscreen (F11)")
        self.volume = Slider(
            s.volume * 100,
            0,
            100,
            5,
            lambda v: self.app.update_settings(volume=v / 100),
            label="Volume",
            fmt=lambda v: f"{int(v)}%",
        )
        self.mute = Toggle(
            s.muted, lambda v: self.app.update_settings(muted=v), label="Mute (Ctrl+M)"
        )
        speeds = [name for _, name in SPEEDS]
        sidx = min(range(len(SPEEDS)), key=lambda i: abs(SPEEDS[i][0] - s.anim_speed))
        self.speed = Choice(
            speeds,
            sidx,
            lambda i: self.app.update_settings(anim_speed=SPEEDS[i][0]),
            label="Animations",
        )
        pidx = next((i for i, (k, _) in enumerate(PALETTE_NAMES) if k == s.palette), 0)
        self.palette = Choice(
            [n for _, n in PALETTE_NAMES],
            pidx,
            lambda i: self.app.update_settings(palette=PALETTE_NAMES[i][0]),
            label="Colours",
        )
        self.log = Toggle(
            s.show_log, lambda v: self.app.update_settings(show_log=v), label="Game log panel (L)"
        )
        cidx = min(
            range(len(CLAIM_COUNTDOWNS)),
            key=lambda i: abs(CLAIM_COUNTDOWNS[i][0] - s.claim_countdown),
        )
        self.countdown = Choice(
            [name for _, name in CLAIM_COUNTDOWNS],
            cidx,
            lambda i: self.app.update_settings(claim_countdown=CLAIM_COUNTDOWNS[i][0]),
            label="Claim countdown",
            tooltip="How long a prompt to claim a discard waits before it passes for you (Off: it waits for you).",
        )
        self.coach = Toggle(
            s.coach,
            lambda v: self.app.update_settings(coach=v),
            label="Coach after a clearly worse move",
            tooltip="In a game with one person, the hard bot says what it would have done "
            "when your move was clearly worse (with two or more people: at setup).",
        )
        self.done = Button("Done", self.back, kind="primary")
        self.group.add(
            self.size_choice,
            self.full,
            self.volume,
            self.mute,
            self.speed,
            self.palette,
            self.log,
            self.countdown,
            self.coach,
            self.done,
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        self.full.value = self.app.fullscreen  # F11 may have changed it meanwhile

    def set_size(self, index: int) -> None:
        if self.app.fullscreen:
            self.app.toast("Leave fullscreen to change the window size.")
            return
        self.app.resize(SIZES[index])

    def back(self) -> None:
        super().back()
        top = self.app.stack.top
        if top is not None:  # palette or log changes alter layouts below
            top.resize(self.app.size)

    def place(self, rect: pygame.Rect) -> None:
        t = self.app.theme
        w = min(t.px(720), rect.w - t.px(60))
        rows = self.widgets[:-1]
        row_h = t.px(46)
        gap = t.px(10)
        total = len(rows) * (row_h + gap) + t.px(60)
        box = centered(rect, w, min(total, rect.h - t.px(20)))
        step = min(row_h + gap, (box.h - t.px(60)) // len(rows))
        for i, wdg in enumerate(rows):
            wdg.rect = pygame.Rect(box.x, box.y + i * step, w, step - gap // 2)
        self.done.rect = pygame.Rect(
            box.centerx - t.px(110), box.bottom - t.px(50), t.px(220), t.px(48)
        )
