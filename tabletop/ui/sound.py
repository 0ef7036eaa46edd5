"""Sound effects, synthesised with numpy when first needed.

No sound files: each effect is a few hundred milliseconds of sines and noise
under an envelope. Where there is no audio device the mixer fails to start and
:class:`Sound` becomes silent; nothing here raises because of audio hardware.

Start-up imports no numpy: the effects are synthesised by the first sound
played, or earlier by the worker that warms the program while the title
shows (:meth:`Sound.prepare`), so numpy is imported in each function that
uses it.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    import numpy as np

RATE = 44100
#: effect name -> length in seconds
DURATIONS: dict[str, float] = {
    "click": 0.035,
    "card": 0.09,
    "clack": 0.07,
    "whoosh": 0.35,
    "chime": 0.4,
}
_NOISE_SEED = 20240611  # fixed, so every run sounds the same


def _t(seconds: float, rate: int) -> np.ndarray:
    import numpy as np

    return np.arange(round(seconds * rate)) / rate


def _envelope(n: int, rate: int, attack: float, decay: float) -> np.ndarray:
    """A short linear attack, then exponential decay with time constant ``decay``,
    ending in a fade so the last sample is silent."""
    import numpy as np

    t = np.arange(n) / rate
    env = np.exp(-t / decay)
    a = max(1, round(attack * rate))
    env[:a] *= np.linspace(0.0, 1.0, a, endpoint=False)
    tail = min(n, max(1, round(0.004 * rate)))
    env[n - tail :] *= np.linspace(1.0, 0.0, tail)
    return env


def _lowpass(x: np.ndarray, alpha: np.ndarray | float) -> np.ndarray:
    """A one-pole low-pass filter; ``alpha`` (0..1, per sample or fixed) is its opening."""
    import numpy as np

    a = np.broadcast_to(np.asarray(alpha, dtype=np.float64), x.shape)
    y = np.empty_like(x)
    acc = 0.0
    for i in range(len(x)):
        acc += a[i] * (x[i] - acc)
        y[i] = acc
    return y


def _normalise(x: np.ndarray, peak: float = 0.8) -> np.ndarray:
    import numpy as np

    m = float(np.max(np.abs(x)))
    return x * (peak / m) if m > 0 else x


def _click(rate: int, rng: np.random.Generator) -> np.ndarray:
    import numpy as np

    t = _t(DURATIONS["click"], rate)
    tone = np.sin(2 * np.pi * 2200 * t) + 0.4 * np.sin(2 * np.pi * 3700 * t)
    noise = rng.uniform(-1, 1, len(t)) * np.exp(-t / 0.003)
    return _normalise((0.7 * tone + noise) * _envelope(len(t), rate, 0.001, 0.008), 0.6)


def _card(rate: int, rng: np.random.Generator) -> np.ndarray:
    # a card sliding onto felt: band-passed noise with a soft attack
    t = _t(DURATIONS["card"], rate)
    noise = rng.uniform(-1, 1, len(t))
    band = _lowpass(noise, 0.35) - _lowpass(noise, 0.04)
    return _normalise(band * _envelope(len(t), rate, 0.006, 0.03), 0.7)


def _clack(rate: int, rng: np.random.Generator) -> np.ndarray:
    import numpy as np

    # two hard discs meeting: damped inharmonic partials and a sharp transient
    t = _t(DURATIONS["clack"], rate)
    partials = (
        np.sin(2 * np.pi * 1150 * t) * np.exp(-t / 0.018)
        + 0.6 * np.sin(2 * np.pi * 1870 * t) * np.exp(-t / 0.011)
        + 0.35 * np.sin(2 * np.pi * 3100 * t) * np.exp(-t / 0.006)
    )
    hit = rng.uniform(-1, 1, len(t)) * np.exp(-t / 0.002)
    return _normalise((partials + 0.8 * hit) * _envelope(len(t), rate, 0.0005, 0.05), 0.8)


def _whoosh(rate: int, rng: np.random.Generator) -> np.ndarray:
    import numpy as np

    # noise whose low-pass opens and closes, under a rise-and-fall envelope
    n = round(DURATIONS["whoosh"] * rate)
    phase = np.linspace(0.0, 1.0, n)
    sweep = 0.02 + 0.25 * np.sin(np.pi * phase) ** 2
    body = _lowpass(rng.uniform(-1, 1, n), sweep)
    env = np.sin(np.pi * phase) ** 1.5
    return _normalise(body * env, 0.6)


def _chime(rate: int, rng: np.random.Generator) -> np.ndarray:
    import numpy as np

    # a bright major triad (C6 E6 G6) with a slightly detuned shimmer
    t = _t(DURATIONS["chime"], rate)
    notes = (1046.5, 1318.5, 1568.0)
    tone = sum(np.sin(2 * np.pi * f * t) + 0.25 * np.sin(2 * np.pi * 2.01 * f * t) for f in notes)
    return _normalise(tone * _envelope(len(t), rate, 0.004, 0.12), 0.6)


_SYNTHS: dict[str, Callable[[int, np.random.Generator], np.ndarray]] = {
    "click": _click,
    "card": _card,
    "clack": _clack,
    "whoosh": _whoosh,
    "chime": _chime,
}


def synthesise(rate: int = RATE) -> dict[str, np.ndarray]:
    """Every effect as mono float64 samples in [-1, 1] at ``rate``."""
    import numpy as np

    rng = np.random.default_rng(_NOISE_SEED)
    return {name: make(rate, rng) for name, make in _SYNTHS.items()}


def to_mixer_format(samples: np.ndarray, fmt: int, channels: int) -> np.ndarray:
    """Mono float samples as the array ``pygame.sndarray.make_sound`` wants for a
    mixer opened with ``(format, channels)`` as ``pygame.mixer.get_init`` reports."""
    import numpy as np

    x = np.clip(samples, -1.0, 1.0)
    bits = abs(fmt)
    if bits == 32:
        data = x.astype(np.float32)
    elif bits == 8:
        data = (
            np.round(x * 127).astype(np.int8)
            if fmt < 0
            else np.round(x * 127 + 128).astype(np.uint8)
        )
    elif fmt < 0:
        data = np.round(x * 32767).astype(np.int16)
    else:
        data = np.round(x * 32767 + 32768).astype(np.uint16)
    if channels > 1:
        data = np.repeat(data[:, None], channels, axis=1)
    return np.ascontiguousarray(data)


@contextlib.contextmanager
def quiet_native_stderr() -> Iterator[None]:
    """Silence what C libraries print on file descriptor 2 while the block runs.

    Opening the audio device on a machine without one makes ALSA print a dozen
    "Unknown PCM" lines; the failure itself is handled (sound is off), so the
    lines are noise for players. Python's own ``sys.stderr`` is left alone.
    """
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class Sound:
    """The game's sound effects: ``play("click")``.

    ``available`` is False when no audio device could be opened; then every
    call is a no-op. ``arrays`` holds the synthesised mono samples (at
    ``rate``) whether or not there is a device. Both are made when first
    asked (the first sound played, or :meth:`prepare` on a worker), not when
    the program starts: the mixer is opened at once, numpy and the
    synthesis wait.
    """

    NAMES: tuple[str, ...] = tuple(DURATIONS)

    def __init__(self, volume: float = 0.8, muted: bool = False) -> None:
        self._volume = self._clamp(volume)
        self._muted = bool(muted)
        self._sounds: dict[str, pygame.mixer.Sound] = {}
        self._available = False
        self._made = False
        self._arrays: dict[str, np.ndarray] | None = None
        #: guards the synthesis, which a worker may be running (prepare)
        self._lock = threading.Lock()
        self.rate = RATE
        self._init = self._open_mixer()
        if self._init is not None:
            self.rate = self._init[0]

    @property
    def arrays(self) -> dict[str, np.ndarray]:
        """Every effect's samples, synthesised at the first ask."""
        with self._lock:
            if self._arrays is None:
                self._arrays = synthesise(self.rate)
            return self._arrays

    def prepare(self) -> None:
        """Synthesise the effects now (a worker does, while the title shows)."""
        self.arrays  # noqa: B018 - made and kept by the property

    def _make_sounds(self) -> None:
        """The mixer's sounds, made once from :attr:`arrays` (on the frame's
        thread, where they play)."""
        if self._made:
            return
        self._made = True
        if self._init is None:
            return
        try:
            _, fmt, channels = self._init
            for name, samples in self.arrays.items():
                self._sounds[name] = pygame.sndarray.make_sound(
                    to_mixer_format(samples, fmt, channels)
                )
            self._available = True
        except (pygame.error, ValueError, TypeError):
            self._sounds.clear()

    @property
    def available(self) -> bool:
        """True when the effects can be heard (an audio device is open and
        the sounds were made)."""
        self._make_sounds()
        return self._available

    @staticmethod
    def _open_mixer() -> tuple[int, int, int] | None:
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.pre_init(RATE, -16, 2, 512)
                with quiet_native_stderr():
                    pygame.mixer.init()
            return pygame.mixer.get_init()
        except (pygame.error, NotImplementedError):
            return None

    @staticmethod
    def _clamp(v: float) -> float:
        return min(1.0, max(0.0, float(v)))

    @property
    def volume(self) -> float:
        return self._volume

    @volume.setter
    def volume(self, v: float) -> None:
        self._volume = self._clamp(v)

    @property
    def muted(self) -> bool:
        return self._muted

    @muted.setter
    def muted(self, v: bool) -> None:
        self._muted = bool(v)
        if self._muted:
            self.stop()

    def duration(self, name: str) -> float:
        """Length of effect ``name`` in seconds."""
        return len(self.arrays[name]) / self.rate

    def play(self, name: str, gain: float = 1.0) -> None:
        """Play effect ``name`` at ``gain`` times the volume.

        An unknown name is a programming error and raises ``KeyError`` even
        when silent, so a typo shows up in headless tests.
        """
        if name not in DURATIONS:
            raise KeyError(f"no sound effect {name!r}; have {', '.join(self.NAMES)}")
        if self._muted or self._volume <= 0 or gain <= 0 or not self.available:
            return
        try:
            channel = self._sounds[name].play()
            if channel is not None:
                channel.set_volume(min(1.0, self._volume * gain))
        except pygame.error:
            pass

    def stop(self) -> None:
        """Silence every effect that is playing."""
        if not self._available:  # none made, none playing
            return
        try:
            for snd in self._sounds.values():
                snd.stop()
        except pygame.error:
            pass
