"""Scenes and the stack they live on: the table, the results, a menu, a dialog over them.

A scene's lifecycle hooks are called by ``SceneStack``, exactly once each and in order:
``enter`` (pushed) → ``pause`` (covered) ⇄ ``resume`` (uncovered) → ``leave`` (removed). Anything else is a
``SceneError``, so no scene ever needs to poll to find out what happened to it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Protocol

import pygame

from ui.intents import Intent

if TYPE_CHECKING:
    from ui.notices import NoticeBoard
    from ui.settings_model import Settings
    from ui.sound import Sound

NEW, ACTIVE, PAUSED, GONE = "new", "active", "paused", "gone"


class SceneError(RuntimeError):
    """A scene was pushed twice, popped from an empty stack, or removed when it was not there."""


class Host(Protocol):
    """What a scene sees of the app that runs it (``ui.app.App``): the settings and the sound, the notices shown
    over the top scene, the stack of scenes, the window's size, and a flag to ask for a redraw."""

    settings: Settings
    sound: Sound
    notices: NoticeBoard
    stack: SceneStack
    dirty: bool

    @property
    def size(self) -> tuple[int, int]: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def remove(self, scene: Scene) -> None: ...

    def save_settings(self) -> None: ...

    def apply_settings(self) -> None: ...

    def quit(self) -> None: ...


class Scene:
    """Base scene. ``opaque`` scenes hide those beneath; ``modal`` scenes keep unhandled intents to themselves."""

    opaque = True
    modal = True

    def __init__(self, app: Host) -> None:
        self.app = app
        self.life = NEW  # set by the stack only

    # -- lifecycle (called by SceneStack) -------------------------------------------------------------
    def enter(self) -> None:
        """Pushed onto the stack: it is now the top."""

    def pause(self) -> None:
        """Another scene was pushed over this one."""

    def resume(self) -> None:
        """The scene above was removed: this one is the top again."""

    def leave(self) -> None:
        """Removed from the stack for good."""

    def settings_changed(self) -> None:
        """A setting changed (language, card art, speeds): rebuild what depends on it."""

    # -- every frame ----------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        """React to an intent; return True when it was used."""
        return False

    def update(self, dt: float) -> None:
        """Advance by ``dt`` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene on ``surface``. Drawing changes no state."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def animating(self) -> bool:
        """True while something moves, so the app keeps drawing at full rate."""
        return False

    def next_due(self) -> float | None:
        """Seconds until the scene has a timed step to take while nothing moves (an opponent's pause, a demo's
        next game), or ``None``: the still loop sleeps no longer than this, so the step is not late."""
        return None


class SceneStack:
    """The scenes, bottom first. ``size()`` gives the window size a pushed scene is laid out for."""

    def __init__(self, size: Callable[[], tuple[int, int]]) -> None:
        self._scenes: list[Scene] = []
        self._size = size

    # -- reading --------------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self._scenes[-1] if self._scenes else None

    def __len__(self) -> int:
        return len(self._scenes)

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._scenes))

    def __reversed__(self) -> Iterator[Scene]:
        return iter(self._scenes[::-1])

    def __getitem__(self, index: int) -> Scene:
        return self._scenes[index]

    def __contains__(self, scene: object) -> bool:
        return any(s is scene for s in self._scenes)

    # -- changing -------------------------------------------------------------------------------------
    def push(self, scene: Scene) -> None:
        """Put ``scene`` on top: the old top is paused, then ``scene`` enters."""
        if scene.life != NEW:
            raise SceneError(f"{type(scene).__name__} cannot be pushed: it is {scene.life}")
        if self._scenes:
            _move(self._scenes[-1], ACTIVE, PAUSED).pause()
        self._scenes.append(scene)
        scene.resize(self._size())
        _move(scene, NEW, ACTIVE).enter()

    def pop(self) -> Scene:
        """Remove the top scene (it leaves); the scene beneath resumes."""
        if not self._scenes:
            raise SceneError("pop from an empty scene stack")
        scene = self._scenes.pop()
        _move(scene, ACTIVE, GONE).leave()
        if self._scenes:
            _move(self._scenes[-1], PAUSED, ACTIVE).resume()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swap the top scene for ``scene``; the scene beneath stays paused throughout."""
        if scene.life != NEW:
            raise SceneError(f"{type(scene).__name__} cannot be pushed: it is {scene.life}")
        if not self._scenes:
            raise SceneError("replace on an empty scene stack")
        _move(self._scenes.pop(), ACTIVE, GONE).leave()
        self._scenes.append(scene)
        scene.resize(self._size())
        _move(scene, NEW, ACTIVE).enter()

    def remove(self, scene: Scene) -> None:
        """Remove ``scene`` and every scene above it, top first; the scene beneath resumes."""
        if scene not in self:
            raise SceneError(f"{type(scene).__name__} is not on the stack")
        while True:
            gone = self._scenes.pop()
            _move(gone, (ACTIVE, PAUSED), GONE).leave()  # a covered scene leaves without resuming first
            if gone is scene:
                break
        if self._scenes:
            _move(self._scenes[-1], PAUSED, ACTIVE).resume()


def _move(scene: Scene, expected: str | tuple[str, ...], to: str) -> Scene:
    if scene.life not in ((expected,) if isinstance(expected, str) else expected):
        raise SceneError(f"{type(scene).__name__} is {scene.life}, not {expected}")
    scene.life = to
    return scene
