"""The player's settings as one plain dataclass: the table reads it, the settings screen edits and saves it."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from typing import Any

CARD_BACKS = ("red", "blue", "green")
ANIMATION_SPEEDS = (0.5, 1.0, 1.5, 2.5)   # multiplies every animation's pace; larger is faster
OPPONENT_SPEEDS = (0.5, 1.0, 2.0, 4.0)    # multiplies the opponents' pace; larger is faster


@dataclass
class Settings:
    """Everything the player can change. Plain values only, so it persists as JSON without help."""

    language: str = "vi"
    volume: float = 0.7
    muted: bool = False
    animation_speed: float = 1.0
    opponent_speed: float = 1.0
    four_colour: bool = False
    card_back: str = "red"
    fullscreen: bool = False
    auto_pass: bool = False      # pass for the player when nothing in the hand beats the table
    drag_learned: bool = False   # the player has drag-selected once: the table stops suggesting it

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Settings:
        """Build from saved values; unknown keys are ignored and wrong types fall back to the default."""
        base = cls()
        for f in fields(cls):
            if f.name not in data:
                continue
            value = data[f.name]
            default = getattr(base, f.name)
            if isinstance(default, bool):
                ok = isinstance(value, bool)
            elif isinstance(default, float):
                ok = isinstance(value, (int, float)) and not isinstance(value, bool)
                value = float(value) if ok else value
            else:
                ok = isinstance(value, type(default))
            if ok:
                setattr(base, f.name, value)
        base.clamp()
        return base

    def clamp(self) -> None:
        """Pull every value back into its allowed range."""
        if self.language not in ("vi", "en"):
            self.language = "vi"
        self.volume = min(1.0, max(0.0, self.volume))
        self.animation_speed = min(4.0, max(0.25, self.animation_speed))
        self.opponent_speed = min(8.0, max(0.25, self.opponent_speed))
        if self.card_back not in CARD_BACKS:
            self.card_back = CARD_BACKS[0]
