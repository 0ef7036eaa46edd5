"""Scenes and the scene stack.

A scene has ``handle(event)``, ``update(dt)`` and ``draw(surface)``. Drawing
never changes game state. The stack draws from the topmost opaque scene
upwards, so an overlay (pause, curtain, results) draws over the scene below it;
only the top scene gets events and updates, except that scenes below an overlay
may keep animating when they ask to (``update_when_covered``).

Scenes reach the application (settings, storage, sound, theme, the stack,
``games``, ``home()``) through ``self.app``; they never keep module-level
state. The ui never imports the app module: the app imports the ui.

**Resting** (``tabletop/ui/rest.py``). A scene says when it next changes
by itself, with no input: :meth:`Scene.wake_in`, in seconds: ``NOW``
while something moves (an animation, a bot thinking, a countdown), a
number for a timer (a tooltip's delay), ``NEVER`` when it waits for a
person. The loop (``App.run``) draws every frame while anything moves,
and otherwise waits for the next event, or for the soonest timer, without
drawing.
"""

from __future__ import annotations

from typing import Any

import pygame

from tabletop.ui.rest import NEVER, NOW
from tabletop.ui.widgets import CUTS


class Scene:
    #: False for overlays: the scene below is drawn first
    opaque: bool = True
    #: True when the scene should keep updating while covered by an overlay
    update_when_covered: bool = False
    #: True when :meth:`draw` paints every pixel of the window itself, so the
    #: frame need not clear the window first (a game's table, bar and log)
    paints_all: bool = False

    def __init__(self, app: Any) -> None:
        self.app = app

    @property
    def game_entry(self) -> Any:
        """The game this scene is about (F1 shows its rules), or None."""
        return None

    # -- lifecycle ---------------------------------------------------------
    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when another scene covers this one or it is popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """Lay out for a new window size. Called before the first draw too."""

    def dispose(self) -> None:
        """Called once when the scene leaves the stack for good (not when it is
        merely covered): stop work it started."""

    # -- the frame ---------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """React to one event; True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds."""

    def wake_in(self) -> float:
        """Seconds until this scene changes with no input, as it stands
        after its update: ``NOW`` (the default, so a scene that does not
        say keeps every frame coming) while something moves, the time left
        on its soonest timer, or ``NEVER`` when it waits for an event.
        Until then the loop neither updates nor draws it for its own sake."""
        return NOW

    def draw(self, surface: pygame.Surface) -> None:
        """Draw; must not change any state other than caches."""

    # -- helpers -------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.app.size

    def close(self) -> None:
        self.app.stack.remove(self)


class SceneStack:
    """Push, pop and replace scenes; draw overlays over what is below."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self._size: tuple[int, int] = (0, 0)

    def __len__(self) -> int:
        return len(self.scenes)

    def __iter__(self) -> Any:
        return iter(self.scenes)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def find(self, cls: type) -> Any:
        """The topmost scene of type ``cls``, or None."""
        for scene in reversed(self.scenes):
            if isinstance(scene, cls):
                return scene
        return None

    def push(self, scene: Scene) -> Scene:
        if self.top is not None:
            self.top.leave()
        self.scenes.append(scene)
        if self._size != (0, 0):
            scene.resize(self._size)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        scene.leave()
        scene.dispose()
        if self.top is not None:
            self.top.enter()
        return scene

    def remove(self, scene: Scene) -> None:
        if scene is self.top:
            self.pop()
        elif scene in self.scenes:
            self.scenes.remove(scene)
            scene.leave()
            scene.dispose()

    def replace(self, scene: Scene) -> Scene:
        """Pop the top scene and push ``scene`` in its place."""
        if self.scenes:
            old = self.scenes.pop()
            old.leave()
            old.dispose()
        return self.push(scene)

    def reset(self, scene: Scene) -> Scene:
        """Clear the whole stack and start again from ``scene``."""
        self.clear()
        return self.push(scene)

    def clear(self) -> None:
        """Take every scene off the stack (and dispose of it)."""
        while self.scenes:
            old = self.scenes.pop()
            old.leave()
            old.dispose()

    def resize(self, size: tuple[int, int]) -> None:
        self._size = size
        for scene in self.scenes:
            scene.resize(size)

    def handle(self, event: pygame.event.Event) -> bool:
        top = self.top
        return top.handle(event) if top is not None else False

    def update(self, dt: float) -> None:
        if not self.scenes:
            return
        for scene in self.scenes[:-1]:
            if scene.update_when_covered:
                scene.update(dt)
        self.scenes[-1].update(dt)

    def wake_in(self) -> float:
        """The soonest :meth:`Scene.wake_in` of the scenes that are updated:
        the top one, and those below it that keep updating while covered."""
        if not self.scenes:
            return NEVER
        updated = [s for s in self.scenes[:-1] if s.update_when_covered] + [self.scenes[-1]]
        return min(scene.wake_in() for scene in updated)

    def _first_drawn(self) -> int:
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                return i
        return 0

    def paints_all(self) -> bool:
        """True when the first scene drawn covers the whole window itself."""
        return bool(self.scenes) and self.scenes[self._first_drawn()].paints_all

    def draw(self, surface: pygame.Surface) -> None:
        """Draw from the topmost opaque scene up. Each scene starts the record
        of texts drawn shortened afresh (``widgets.CUTS``), so only the top
        scene's answer the pointer, never those dimmed under an overlay."""
        for scene in self.scenes[self._first_drawn() :]:
            CUTS.begin()
            scene.draw(surface)
