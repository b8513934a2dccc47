"""Short sound effects, muted and scaled by the settings; silent (never failing) without an audio device."""

from __future__ import annotations

import pygame

from game.resources import asset
from ui.settings_model import Settings

NAMES = ("deal", "select", "play", "pass", "bomb", "sweep", "turn", "win", "lose", "alert")


class Sound:
    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.sounded: list[str] = []  # the last few sounds that reached the mixer (what a player heard)
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            pygame.mixer.set_num_channels(16)
            for name in NAMES:
                path = asset("sounds", f"{name}.wav")
                if path.exists():
                    self.sounds[name] = pygame.mixer.Sound(str(path))
        except pygame.error:
            self.sounds = {}
        self.apply(settings)

    def apply(self, settings: Settings) -> None:
        self.settings = settings
        volume = 0.0 if settings.muted else settings.volume
        for snd in self.sounds.values():
            snd.set_volume(volume)

    def play(self, name: str, volume: float = 1.0) -> None:
        if self.settings.muted or self.settings.volume <= 0:
            return
        snd = self.sounds.get(name)
        if snd is None:
            return
        channel = snd.play()
        self.sounded = [*self.sounded[-19:], name]
        if channel is not None:
            channel.set_volume(volume)
