"""Sleeping until input arrives, at almost no CPU, and waking the moment it does.

pygame's ``event.wait(timeout)`` looks at the queue every millisecond (pygame-ce re-implements SDL's wait with
``SDL_Delay(1)``), which costs a waiting card table more than drawing does. SDL's own ``SDL_WaitEventTimeout``
sleeps on the window system's connection (X11, Wayland, Windows, macOS) and wakes when an event comes, a timer
fires or another thread posts one; called with no event to fill it leaves the event in the queue for
``pygame.event.get``. It is reached through ``ctypes`` in the SDL library pygame itself loaded. Where that
library cannot be found, or the video driver has no wait of its own (the headless ``dummy`` driver, whose SDL
wait polls), the loop naps a frame at a time between looks at the queue instead.
"""

from __future__ import annotations

import ctypes
import math
import re
import sys
import time
from pathlib import Path

import pygame

NAP = 1 / 60  # the fallback's nap: input still waits at most one frame
SDL_INIT_VIDEO = 0x20
POLLING_DRIVERS = {"dummy", "offscreen", "evdev"}  # SDL's wait polls with these
# The player's hand on the mouse, keys or screen: what may be followed by a sound at once.
INPUT = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEWHEEL,
                   pygame.FINGERDOWN})  # fmt: skip


def _candidates() -> list[Path]:
    """Where the SDL library pygame uses may be: the one mapped into this process first (Linux)."""
    found: list[Path] = []
    maps = Path("/proc/self/maps")
    if maps.exists():
        for line in maps.read_text(encoding="utf-8", errors="replace").splitlines():
            path = line.split(maxsplit=5)[-1] if line.count(" ") >= 5 else ""
            if re.search(r"/libSDL2-[^/]*\.so[^/]*$", path) and Path(path) not in found:
                found.append(Path(path))
    here = Path(pygame.__file__).resolve().parent
    found += sorted(here.glob(".dylibs/libSDL2*.dylib")) + [here / "SDL2.dll"]
    if getattr(sys, "frozen", False):
        base = Path(getattr(sys, "_MEIPASS", here))
        found += sorted(base.rglob("libSDL2-*.so*")) + sorted(base.rglob("libSDL2*.dylib")) + [base / "SDL2.dll"]
    return [p for p in found if p.exists()]


def sdl_library() -> ctypes.CDLL | None:
    """The SDL library pygame runs on, if it can be found and its video is initialised (so it is the same
    copy, not a second one); ``None`` otherwise."""
    for path in _candidates():
        try:
            lib = ctypes.CDLL(str(path))
            lib.SDL_WasInit.restype = ctypes.c_uint32
            lib.SDL_WasInit.argtypes = [ctypes.c_uint32]
            if not lib.SDL_WasInit(SDL_INIT_VIDEO):
                continue
            lib.SDL_WaitEventTimeout.restype = ctypes.c_int
            lib.SDL_WaitEventTimeout.argtypes = [ctypes.c_void_p, ctypes.c_int]
            return lib
        except (OSError, AttributeError):
            continue
    return None


class EventWait:
    """``wait(limit)``: the events that arrived, waiting at most ``limit`` seconds for the first."""

    def __init__(self, use_sdl: bool | None = None) -> None:
        if use_sdl is None:
            use_sdl = pygame.display.get_init() and pygame.display.get_driver() not in POLLING_DRIVERS
        self.sdl = sdl_library() if use_sdl else None

    @property
    def mode(self) -> str:
        return "SDL wait" if self.sdl is not None else f"naps of {NAP * 1000:.0f} ms"

    def __call__(self, limit: float) -> list[pygame.event.Event]:
        if self.sdl is not None:
            if not pygame.event.peek():
                self.sdl.SDL_WaitEventTimeout(None, max(0, math.ceil(limit * 1000)))  # not a moment early
            return pygame.event.get()
        end = time.monotonic() + limit
        while not pygame.event.peek() and time.monotonic() < end:
            time.sleep(min(NAP, max(0.0, end - time.monotonic())))
        return pygame.event.get()
