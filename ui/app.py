"""The window, the scene stack and the main loop.

Other screens plug in through the stack: ``app.push(scene)``, ``app.pop()``, ``app.replace(scene)``.
``app.settings`` is the one settings object; after changing it call ``app.apply_settings()``.
"""

from __future__ import annotations

import contextlib
import logging
import os
import warnings
from collections.abc import Callable, Iterable

import pygame

from game.resources import asset
from game.version import APP_NAME
from ui import i18n
from ui.idle import INPUT, EventWait
from ui.intents import Action, Intent, intents_from_event
from ui.notices import NoticeBoard
from ui.persist.files import Notice
from ui.scene import Scene, SceneStack
from ui.settings_model import Settings
from ui.sound import Sound

MIN_SIZE = (960, 600)
DEFAULT_SIZE = (1280, 720)
NO_DISPLAY_LIMIT = (3840, 2160)  # the largest window without a real display to measure (the dummy driver)
FPS_ACTIVE = 60
IDLE_LIMIT = 1.0  # and runs a frame at least this often even without input (a safety net, not a need)


class App:
    """Owns the window, the scene stack, the settings and the sound."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] = DEFAULT_SIZE,
                 on_settings_changed: Callable[[Settings], None] | None = None) -> None:
        pygame.init()
        self.settings = settings or Settings()
        self.on_settings_changed = on_settings_changed
        self.headless = os.environ.get("SDL_VIDEODRIVER") == "dummy"
        self.windowed_size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        self.windowed_at: tuple[int, int] | None = None  # where the window was before it went full screen
        pygame.display.set_icon(pygame.image.load(str(asset("icons", "tienlen-64.png"))))
        self.screen = self._open_window(self.settings.fullscreen)
        self.wait_for_events = EventWait()  # sleeps until input comes (see ui/idle.py)
        pygame.display.set_caption(APP_NAME)
        pygame.key.set_repeat(350, 60)
        self.sound = Sound(self.settings)
        self.stack = SceneStack(lambda: self.size)
        self.notices = NoticeBoard()
        # where notices come from besides ``notices.post`` (the profile's), and the scene that shows them
        self.notice_sources: list[Callable[[], list[Notice]]] = []
        self.notice_scene: Callable[[list[Notice]], Scene] | None = None
        self.running = True
        self.clock = pygame.time.Clock()
        self.frames = 0
        self.dirty = True
        self.closers: list[Callable[[], None]] = []  # run once when the loop ends (flush saves, stop workers)
        i18n.set_language(self.settings.language)
        i18n.catalogue()  # read the texts now, not in the middle of the first animated frame

    # -- window ---------------------------------------------------------------------------------------
    def _open_window(self, fullscreen: bool) -> pygame.Surface:
        if fullscreen and not self.headless:
            # Without a window manager (a bare X server) nothing moves a window that goes full screen: it kept
            # the windowed window's place, and its right and bottom ran off the screen. So it is put at the
            # origin first, and going back to a window puts the window back where it was.
            if pygame.display.get_surface() is not None:
                self.windowed_at = pygame.display.get_window_position()
                pygame.display.set_window_position((0, 0))
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            if self.windowed_at is not None:
                pygame.display.set_window_position(self.windowed_at)
                self.windowed_at = None
        # older SDL or the dummy driver: the resize handler clamps instead
        with contextlib.suppress(AttributeError, pygame.error), warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            pygame.Window.from_display_module().minimum_size = MIN_SIZE
        return screen

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def largest_size(self) -> tuple[int, int]:
        """The largest window the displays can show (all of them side by side, or stacked)."""
        sizes = [] if self.headless else pygame.display.get_desktop_sizes()
        if not sizes:
            return NO_DISPLAY_LIMIT
        return sum(w for w, _ in sizes), sum(h for _, h in sizes)

    def resize(self, size: tuple[int, int]) -> None:
        """Adopt a new window size (at least the minimum, at most what the displays show: a 20000×20000 request
        would take gigabytes) and reflow every scene."""
        most = self.largest_size()
        w = max(MIN_SIZE[0], min(most[0], int(size[0])))
        h = max(MIN_SIZE[1], min(most[1], int(size[1])))
        if not self.settings.fullscreen:
            self.windowed_size = (w, h)
        surface = pygame.display.get_surface()
        if surface is None or surface.get_size() != (w, h):
            self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.screen = surface
        for scene in self.stack:
            scene.resize(self.size)
        self.dirty = True

    def toggle_fullscreen(self) -> None:
        self.settings.fullscreen = not self.settings.fullscreen
        self.apply_settings()

    def save_settings(self) -> None:
        """Keep a setting the app changed by itself (nothing to apply): the saver hook writes the file."""
        if self.on_settings_changed:
            self.on_settings_changed(self.settings)

    def apply_settings(self) -> None:
        """Make every setting take effect now (language, sound, fullscreen) and tell the saver."""
        self.settings.clamp()
        i18n.set_language(self.settings.language)
        self.sound.apply(self.settings)
        want_full = self.settings.fullscreen and not self.headless
        is_full = bool(self.screen.get_flags() & pygame.FULLSCREEN)
        if want_full != is_full:
            self.screen = self._open_window(want_full)
            for scene in self.stack:
                scene.resize(self.size)
        for scene in self.stack:
            scene.settings_changed()
        if self.on_settings_changed:
            self.on_settings_changed(self.settings)
        self.dirty = True

    # -- the stack ------------------------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack.top

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)
        self.dirty = True

    def pop(self) -> None:
        """Close the top scene; closing the last one ends the loop."""
        self.stack.pop()
        self.running = self.running and len(self.stack) > 0
        self.dirty = True

    def replace(self, scene: Scene) -> None:
        self.stack.replace(scene)
        self.dirty = True

    def remove(self, scene: Scene) -> None:
        """Close ``scene`` and everything over it (a table with its dialogs)."""
        self.stack.remove(scene)
        self.running = self.running and len(self.stack) > 0
        self.dirty = True

    def show_notices(self) -> None:
        """Show the notices not shown yet, over whatever is on top (each once; each was logged when posted)."""
        for source in self.notice_sources:
            for notice in source():
                self.notices.post(notice)
        if self.notice_scene is not None and self.notices and self.stack:
            self.push(self.notice_scene(self.notices.take()))

    def quit(self) -> None:
        self.running = False

    # -- intents and frames ---------------------------------------------------------------------------
    def dispatch(self, intent: Intent) -> bool:
        """Give an intent to the top scene, then to those beneath while the scenes above are not modal."""
        self.dirty = True
        if intent.action == Action.RESIZE:
            self.resize(intent.size)
            return True
        for scene in reversed(self.stack):
            if scene.handle(intent):
                return True
            if scene.modal:
                break
        if intent.action == Action.QUIT:
            self.quit()
        elif intent.action == Action.FULLSCREEN:
            self.toggle_fullscreen()
        elif intent.action == Action.MUTE:
            self.settings.muted = not self.settings.muted
            self.apply_settings()
        else:
            return False
        return True

    def feed(self, events: Iterable[pygame.event.Event]) -> None:
        for event in events:
            if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWSIZECHANGED, pygame.WINDOWFOCUSGAINED):
                self.dirty = True
                if event.type == pygame.WINDOWSIZECHANGED:
                    self.dispatch(Intent(Action.RESIZE, size=(event.x, event.y)))
                continue
            for intent in intents_from_event(event):
                if intent.action == Action.RESIZE and (intent.size == self.size):
                    continue
                self.dispatch(intent)

    def animating(self) -> bool:
        return any(scene.animating() for scene in self.stack)

    def next_due(self) -> float | None:
        """Seconds until the first timed step any scene on the stack waits for (``Scene.next_due``), or None."""
        dues = [due for scene in self.stack if (due := scene.next_due()) is not None]
        return max(0.0, min(dues)) if dues else None

    def step(self, dt: float, events: Iterable[pygame.event.Event] = (), still: float = 0.0) -> None:
        """One frame: input, update, draw. Tests call this directly with synthetic events.

        ``still`` is time that passed while nothing moved (the loop's sleep): it is counted whole, before the
        input that ended the sleep, so a timed wait gets all of it while nothing can be teleported by it."""
        if still > 0:
            for scene in list(self.stack):
                scene.update(still)
        self.feed(events)
        dt = min(dt, 0.1)  # a stall must not teleport animations past their ends
        # The frame in which an animation ends is drawn too: it shows what the animation led to (the
        # player's turn, its buttons lit); skipping it left the window showing the last moving frame.
        was_animating = self.animating()
        for scene in list(self.stack):
            scene.update(dt)
        self.show_notices()
        if self.dirty or was_animating or self.animating():
            self.draw()
            self.dirty = False
        self.frames += 1

    def draw(self) -> None:
        scenes = list(self.stack)
        first = max((i for i, scene in enumerate(scenes) if scene.opaque), default=0)
        for scene in scenes[first:]:
            scene.draw(self.screen)
        pygame.display.flip()

    def close(self) -> None:
        """Run the closers once, newest first (each one's failure is logged, the rest still run)."""
        closers, self.closers = self.closers, []
        for fn in reversed(closers):
            try:
                fn()
            except Exception:
                logging.getLogger("tienlen.app").exception("closing %r failed", fn)

    def run(self, max_frames: int | None = None, fixed_dt: float | None = None) -> None:
        """The main loop; ends with ``close()`` even when a frame raised."""
        try:
            self._loop(max_frames, fixed_dt)
        finally:
            self.close()

    def _loop(self, max_frames: int | None, fixed_dt: float | None) -> None:
        """``fixed_dt`` runs as fast as possible with simulated time (smoke tests)."""
        while self.running and self.stack and (max_frames is None or self.frames < max_frames):
            if fixed_dt is not None:
                self.step(fixed_dt, pygame.event.get())
                continue
            self.turn()

    def turn(self) -> None:
        """One pass of the real loop: a paced frame while something moves, else sleep until input comes.

        Nothing else needs a frame while nothing moves: a scene that changes state on its own says so through
        ``animating()``, and the frame in which it stops is drawn (``step``). While still, the audio device
        rests once it has been quiet a while, and any input wakes it before the frame that may sound.
        A scene waiting on a timer says when it is due (``next_due``): the sleep ends then, and the whole sleep
        is given to the scenes as time that passed (``step``'s ``still``), not one clamped frame of it."""
        if self.animating() or self.dirty:
            self.step(self.clock.tick(FPS_ACTIVE) / 1000.0, pygame.event.get())
            return
        limits = [IDLE_LIMIT, self.sound.rest(), self.next_due()]
        events = self.wait_for_events(min(x for x in limits if x is not None))
        if any(e.type in INPUT for e in events):
            self.sound.wake()
        self.step(0.0, events, still=self.clock.tick() / 1000.0)
