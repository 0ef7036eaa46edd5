"""Sound: synthesised effects, and silence without an audio device."""

from __future__ import annotations

import numpy as np
import pygame
import pytest

from tabletop.ui import sound as sound_mod
from tabletop.ui.sound import DURATIONS, Sound, synthesise, to_mixer_format


def test_effects_have_the_expected_duration_and_shape():
    arrays = synthesise(44100)
    assert set(arrays) == {"click", "card", "clack", "whoosh", "chime"}
    for name, samples in arrays.items():
        seconds = len(samples) / 44100
        assert seconds == pytest.approx(DURATIONS[name], abs=1e-3)
        assert 0.03 <= seconds <= 0.4
        assert samples.ndim == 1
        assert np.all(np.isfinite(samples))
        assert 0.3 < np.max(np.abs(samples)) <= 1.0  # audible, not clipped
        assert abs(samples[-1]) < 1e-3  # ends silent: no click at the end
        assert abs(samples[0]) < 0.05  # starts quietly: an attack, not a step


def test_synthesis_is_deterministic():
    a, b = synthesise(22050), synthesise(22050)
    assert all(np.array_equal(a[k], b[k]) for k in a)
    assert len(a["chime"]) == round(0.4 * 22050)


@pytest.mark.parametrize(
    ("fmt", "channels", "dtype", "shape1"),
    [
        (-16, 2, np.int16, 2),
        (-16, 1, np.int16, None),
        (16, 2, np.uint16, 2),
        (32, 2, np.float32, 2),
        (8, 1, np.uint8, None),
    ],
)
def test_mixer_format_conversion(fmt, channels, dtype, shape1):
    x = np.linspace(-1, 1, 101)
    data = to_mixer_format(x, fmt, channels)
    assert data.dtype == dtype
    assert data.shape == ((101,) if shape1 is None else (101, shape1))
    assert data.flags["C_CONTIGUOUS"]


def test_sound_plays_with_the_dummy_driver():
    s = Sound(volume=0.5)
    for name in Sound.NAMES:
        s.play(name)
        s.play(name, gain=2.0)
        assert s.duration(name) == pytest.approx(DURATIONS[name], abs=1e-3)
    s.volume = 3
    assert s.volume == 1.0
    s.volume = -1
    assert s.volume == 0.0
    s.muted = True
    assert s.muted
    s.play("click")
    s.stop()


def test_sound_without_an_audio_device_is_a_silent_no_op(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")

    monkeypatch.setattr(sound_mod.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_mod.pygame.mixer, "init", no_device)
    monkeypatch.setattr(sound_mod.pygame.mixer, "pre_init", lambda *a, **k: None)
    s = Sound(volume=0.8, muted=False)
    assert not s.available
    for name in Sound.NAMES:
        s.play(name)  # never raises
        assert s.duration(name) == pytest.approx(DURATIONS[name], abs=1e-3)
    s.volume = 0.3
    s.muted = True
    s.muted = False
    s.stop()
    assert s.volume == 0.3


def test_sound_survives_make_sound_failing(monkeypatch):
    def broken(*args, **kwargs):
        raise pygame.error("mixer not initialised")

    monkeypatch.setattr(sound_mod.pygame.sndarray, "make_sound", broken)
    s = Sound()
    assert not s.available
    s.play("chime")


def test_unknown_effect_is_a_programming_error():
    s = Sound(muted=True)
    with pytest.raises(KeyError):
        s.play("kaboom")
