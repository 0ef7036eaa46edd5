"""Resting: when nothing on screen moves, the window waits for the next
event instead of drawing.

Every part of the window that can change by itself, with no input, says
when: its ``wake_in()`` is the seconds until it next changes as it stands
now. :data:`NOW` while something moves (an animation, a bot thinking, a
countdown, a message fading), the time left on its soonest timer (a
tooltip's delay, a message that starts to fade), or :data:`NEVER` when it
waits for a person. A part that does not say is taken to move
(``Scene.wake_in`` and ``Table.wake_in`` answer :data:`NOW` by default), so
nothing forgets to animate. ``App.run`` draws every frame while anything
moves, and otherwise waits for the next event or the soonest timer, and
draws nothing in a frame where nothing changed.

A glow that only draws the eye would keep a waiting table awake for ever,
so it beats for :data:`PULSE_SECONDS` after it appears and then settles to
a steady light (:func:`pulse`).
"""

from __future__ import annotations

import math

#: ``wake_in``: something moves, the next frame is wanted now
NOW = 0.0
#: ``wake_in``: nothing changes until the next event
NEVER = math.inf

#: seconds a glow that draws the eye beats after it appears before it
#: settles to its steady light (the last of them easing into it)
PULSE_SECONDS = 2.5
#: the seconds at the end of :data:`PULSE_SECONDS` over which a beat eases out
PULSE_EASE = 1.0


def pulse(age: float, rate: float) -> float:
    """A glow's beat ``age`` seconds after it appeared, from 0 to 1, at
    ``rate`` beats a second: ``0.5 + 0.5 sin``, its swing easing out over
    the last :data:`PULSE_EASE` seconds of :data:`PULSE_SECONDS`, then a
    steady 0.5 (no jump where it settles)."""
    swing = min(1.0, max(0.0, (PULSE_SECONDS - age) / PULSE_EASE))
    if swing <= 0.0:
        return 0.5
    return 0.5 + 0.5 * swing * math.sin(age * 2 * math.pi * rate)


def pulsing(age: float) -> bool:
    """True while a glow ``age`` seconds old still beats (see :func:`pulse`)."""
    return age < PULSE_SECONDS


__all__ = ["NEVER", "NOW", "PULSE_EASE", "PULSE_SECONDS", "pulse", "pulsing"]
