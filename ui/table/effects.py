"""Card sprites and short-lived table effects: banners, floating amounts, bubbles, shockwaves, confetti."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

import pygame

from game.engine.cards import Card
from ui import fonts, screen, theme
from ui.card_art import CardArt


@dataclass(eq=False)
class CardSprite:
    """One card on screen. ``pos`` is its centre; ``flip`` runs 0 (back) to 1 (face) for turning over."""

    card: Card | None
    pos: tuple[float, float]
    angle: float = 0.0
    flip: float = 1.0
    scale: float = 1.0
    lift: float = 0.0
    alpha: float = 255.0
    flying: bool = False

    def rect(self, art: CardArt) -> pygame.Rect:
        w, h = art.w * self.scale, art.h * self.scale
        return pygame.Rect(int(self.pos[0] - w / 2), int(self.pos[1] - h / 2 - self.lift), int(w), int(h))

    def draw(self, surface: pygame.Surface, art: CardArt, shadow: bool = True) -> None:
        face_up = self.flip >= 0.5 and self.card is not None
        squash = abs(math.cos(self.flip * math.pi)) if 0.0 < self.flip < 1.0 else 1.0
        plain = self.scale == 1.0 and squash == 1.0 and self.alpha >= 255
        img = art.rotated(self.card, face_up, self.angle) if plain else art.image(self.card, face_up)
        if not plain:
            w = max(1, int(art.w * self.scale * squash))
            h = max(1, int(art.h * self.scale))
            img = art.scaled(self.card, face_up, (w, h))
            if self.angle:
                img = pygame.transform.rotate(img, self.angle)
            if self.alpha < 255:
                img = img.copy()
                img.set_alpha(max(0, int(self.alpha)))
        cx, cy = self.pos[0], self.pos[1] - self.lift
        if shadow and self.alpha > 128:
            sh = art.shadow(self.scale)  # as big as the card is drawn, not as the full-size card
            off = 3 + int(self.lift * 0.15) + int((6 if self.flying else 0) * min(1.0, self.scale))
            surface.blit(sh, sh.get_rect(center=(int(cx) + off, int(cy) + off)))
        surface.blit(img, img.get_rect(center=(int(cx), int(cy))))


@dataclass
class Effect:
    age: float = 0.0
    life: float = 1.0

    @property
    def done(self) -> bool:
        return self.age >= self.life

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        raise NotImplementedError


def fade(age: float, life: float, fade_in: float = 0.15, fade_out: float = 0.35) -> float:
    if age < fade_in:
        return age / fade_in
    if age > life - fade_out:
        return max(0.0, (life - age) / fade_out)
    return 1.0


BANNER_FILL = 235  # near opaque: cards showing through a banner read as lying on top of it


@dataclass
class Banner(Effect):
    """Large centred announcement with an optional sub-line; pops in and fades out."""

    title: str = ""
    sub: str = ""
    colour: tuple[int, int, int] = theme.GOLD
    centre: tuple[int, int] = (0, 0)

    def rect(self, unit: float, pop: float = 1.0) -> pygame.Rect:
        """Where the banner shows (once it has popped in)."""
        title = fonts.text(self.title, int(54 * unit * pop), self.colour, fonts.BOLD)
        sub = fonts.text(self.sub, int(24 * unit), theme.WHITE, fonts.BOLD) if self.sub else None
        w = max(title.get_width(), sub.get_width() if sub else 0) + int(60 * unit)
        h = title.get_height() + (sub.get_height() if sub else 0) + int(24 * unit)
        return pygame.Rect(0, 0, w, h).move(self.centre[0] - w // 2, self.centre[1] - h // 2)

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        k = fade(self.age, self.life)
        pop = 1.0 + 0.25 * max(0.0, 1 - self.age / 0.18)
        title = fonts.text(self.title, int(54 * unit * pop), self.colour, fonts.BOLD)
        sub = fonts.text(self.sub, int(24 * unit), theme.WHITE, fonts.BOLD) if self.sub else None
        where = self.rect(unit, pop)
        w, h = where.size
        look = screen.Look(fill=(0, 0, 0, BANNER_FILL), edge=(*self.colour, 220))
        box = pygame.Surface((w, h + screen.px(4, unit)), pygame.SRCALPHA)  # the shadow falls below h
        screen.panel(box, box.get_rect(height=h), look, corner=screen.px(18, unit), u=unit)
        box.blit(title, title.get_rect(midtop=(w // 2, int(10 * unit))))
        if sub:
            box.blit(sub, sub.get_rect(midbottom=(w // 2, h - int(10 * unit))))
        box.set_alpha(int(255 * k))
        surface.blit(box, where.topleft)


@dataclass
class FloatText(Effect):
    """A number or word that rises and fades at a point (payments, "pass")."""

    value: str = ""
    at: tuple[int, int] = (0, 0)
    colour: tuple[int, int, int] = theme.WHITE
    size: int = 30
    rise: float = 60.0

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        k = fade(self.age, self.life, 0.1, 0.5)
        img = fonts.text(self.value, int(self.size * unit), self.colour, fonts.BOLD)
        outline = fonts.text(self.value, int(self.size * unit), (0, 0, 0), fonts.BOLD)
        y = self.at[1] - self.rise * unit * min(1.0, self.age / max(0.01, self.life))
        layer = pygame.Surface((img.get_width() + 4, img.get_height() + 4), pygame.SRCALPHA)
        for dx, dy in ((0, 2), (2, 0), (4, 2), (2, 4)):
            layer.blit(outline, (dx, dy))
        layer.blit(img, (2, 2))
        layer.set_alpha(int(255 * k))
        surface.blit(layer, layer.get_rect(center=(self.at[0], int(y))))


@dataclass
class Shockwave(Effect):
    """An expanding ring for a bomb."""

    at: tuple[int, int] = (0, 0)
    colour: tuple[int, int, int] = (255, 120, 60)

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        k = self.age / self.life
        radius = int((30 + 260 * (1 - (1 - k) ** 3)) * unit)
        width = max(1, int(14 * unit * (1 - k)))
        layer = pygame.Surface((radius * 2 + 4, radius * 2 + 4), pygame.SRCALPHA)
        pygame.draw.circle(layer, (*self.colour, int(220 * (1 - k))), (radius + 2, radius + 2), radius, width)
        surface.blit(layer, layer.get_rect(center=self.at))


@dataclass
class Confetti(Effect):
    """Falling paper bits for a win."""

    area: tuple[int, int] = (1280, 720)
    bits: list[list[float]] = field(default_factory=list)

    def __post_init__(self) -> None:
        rng = random.Random(7)
        w, _ = self.area
        colours = (theme.GOLD, theme.RED, theme.FOCUS, theme.GREEN_OK, theme.WHITE)
        for _ in range(90):
            c = colours[rng.randrange(len(colours))]
            self.bits.append([rng.uniform(0, w), rng.uniform(-200, -10), rng.uniform(-40, 40),
                              rng.uniform(120, 260), rng.uniform(0, 6.28), *c])

    def update(self, dt: float) -> None:
        super().update(dt)
        for b in self.bits:
            b[0] += b[2] * dt
            b[1] += b[3] * dt
            b[4] += dt * 6

    def draw(self, surface: pygame.Surface, unit: float) -> None:
        k = fade(self.age, self.life, 0.05, 0.6)
        for x, y, _, _, spin, r, g, b in self.bits:
            w = max(2, int(8 * unit * abs(math.cos(spin))))
            rect = pygame.Rect(int(x), int(y), w, max(3, int(12 * unit)))
            pygame.draw.rect(surface, (int(r * k), int(g * k), int(b * k)), rect)
