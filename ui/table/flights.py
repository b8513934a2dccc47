"""Payments made visible: a chip carrying the amount flies from the payer's seat to the payee's, and a short
text stays pinned where it never leaves the window (see ``seat_texts.place_texts``)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import pygame

from ui import fonts, screen, theme
from ui.table.effects import Effect, fade
from ui.table.painter import chip_icon


@dataclass
class ChipFlight(Effect):
    """A chip and its amount ("+3") flying along a gentle arc from ``start`` to ``end`` (the payee's avatar),
    then shrinking into it."""

    value: str = ""
    start: tuple[int, int] = (0, 0)
    end: tuple[int, int] = (0, 0)
    delay: float = 0.0
    travel: float = 0.8

    def position(self) -> tuple[float, float]:
        k = min(1.0, max(0.0, (self.age - self.delay) / self.travel))
        k = 1 - (1 - k) ** 3  # out cubic
        (x0, y0), (x1, y1) = self.start, self.end
        lift = math.hypot(x1 - x0, y1 - y0) * 0.18 * math.sin(math.pi * k)
        return x0 + (x1 - x0) * k, y0 + (y1 - y0) * k - lift

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        if self.age < self.delay:
            return
        alpha = fade(self.age - self.delay, self.life - self.delay, 0.1, 0.3)
        landed = max(0.0, self.age - self.delay - self.travel) / max(0.01, self.life - self.delay - self.travel)
        shrink = 1.0 - 0.6 * min(1.0, landed)  # taken into the payee's avatar
        size = max(10, int(26 * unit * shrink))
        icon = chip_icon(size)
        label = fonts.text(self.value, max(9, int(22 * unit * shrink)), theme.GOLD, fonts.BOLD)
        shade = fonts.text(self.value, max(9, int(22 * unit * shrink)), (0, 0, 0), fonts.BOLD)
        w = icon.get_width() + 4 + label.get_width() + 2
        h = max(icon.get_height(), label.get_height()) + 2
        layer = pygame.Surface((w, h), pygame.SRCALPHA)
        layer.blit(icon, icon.get_rect(midleft=(0, h // 2)))
        for dx, dy in ((1, 1), (2, 2)):
            layer.blit(shade, shade.get_rect(midleft=(icon.get_width() + 4 + dx, h // 2 + dy)))
        layer.blit(label, label.get_rect(midleft=(icon.get_width() + 4, h // 2)))
        layer.set_alpha(int(255 * alpha))
        x, y = self.position()
        rect = layer.get_rect(center=(int(x), int(y)))
        rect.clamp_ip(surface.get_rect())
        surface.blit(layer, rect)


@dataclass
class PinnedText(Effect):
    """A short text in a fixed rectangle (a payment at a seat); it pops in and fades, never moving out of
    ``rect``, which the table chose inside the window and clear of avatars, cards and other texts."""

    value: str = ""
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    colour: tuple[int, int, int] = theme.WHITE
    size: int = 24

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        alpha = fade(self.age, self.life, 0.12, 0.5)
        surface.blit(pinned_surface(self.value, self.size, self.colour, alpha), self.rect)


def pinned_surface(value: str, size: int, colour: tuple[int, int, int], alpha: float = 1.0) -> pygame.Surface:
    """The text on a dark rounded plate, as a pinned text shows it; its size is the rectangle it needs."""
    img = fonts.text(value, size, colour, fonts.BOLD)
    pad_x, pad_y = max(6, size // 2), max(2, size // 6)
    w, h = img.get_width() + 2 * pad_x, img.get_height() + 2 * pad_y
    plate = screen.picture((w, h), screen.Look(fill=(0, 0, 0, 175), edge=(*colour, 200), shadow=False), corner=h // 2)
    plate.blit(img, (pad_x, pad_y))
    plate.set_alpha(int(255 * alpha))
    return plate
