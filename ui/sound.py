"""Short sound effects, muted and scaled by the settings; silent (never failing) without an audio device.

An open audio device costs CPU even in silence: its thread wakes about ninety times a second to mix sixteen
silent channels, which is most of what a card table waiting for the player costs. So after ``REST_AFTER``
seconds with nothing playing the device is closed (``rest``), and it is opened again by the next sound, or
earlier by any input (``wake``), so that the sound a click makes is not held up by the opening. Closing and
opening happen in silence, so nothing can be heard of them.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import pygame

from game.resources import asset
from ui.settings_model import Settings

NAMES = ("deal", "select", "play", "pass", "bomb", "sweep", "turn", "win", "lose", "alert")
REST_AFTER = 1.5  # seconds of silence before the audio device is closed

log = logging.getLogger("tienlen.sound")


class Sound:
    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.settings = settings
        self.clock = clock
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.sounded: list[str] = []  # the last few sounds that reached the mixer (what a player heard)
        self.resting = False  # the device is closed until the next sound or input
        self.openings = 0  # how many times the device was opened (a test reads it)
        self.last_heard = clock()
        self.available = self._open()  # no device at start: stay silent, never try again

    def _open(self) -> bool:
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            for name in NAMES:
                path = asset("sounds", f"{name}.wav")
                if path.exists():
                    self.sounds[name] = pygame.mixer.Sound(str(path))
        except pygame.error as exc:
            log.info("no sound: %s", exc)
            self.sounds = {}
            return False
        self.openings += 1
        self.resting = False
        self.last_heard = self.clock()
        self.apply(self.settings)
        return True

    def apply(self, settings: Settings) -> None:
        self.settings = settings
        volume = 0.0 if settings.muted else settings.volume
        for snd in self.sounds.values():
            snd.set_volume(volume)

    def play(self, name: str, volume: float = 1.0) -> None:
        if self.settings.muted or self.settings.volume <= 0:
            return
        self.wake()
        snd = self.sounds.get(name)
        if snd is None:
            return
        channel = snd.play()
        self.last_heard = self.clock()
        self.sounded = [*self.sounded[-19:], name]
        if channel is not None:
            channel.set_volume(volume)

    def wake(self) -> None:
        """Open the device again if it is resting (input came: a sound may follow at once)."""
        if self.resting and self.available:
            self.available = self._open()

    def rest(self) -> float | None:
        """Close the device once nothing has played for ``REST_AFTER`` seconds. Returns the seconds until it
        should be asked again, or ``None`` when it is closed (or there is none)."""
        if self.resting or not self.available:
            return None
        now = self.clock()
        if pygame.mixer.get_busy():
            self.last_heard = now
        due = self.last_heard + REST_AFTER - now
        if due > 0:
            return due
        self.sounds = {}  # the sounds belong to the device: freed before it closes, loaded again when it opens
        pygame.mixer.quit()
        self.resting = True
        return None
