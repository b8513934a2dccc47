"""Drawing the table's static parts: felt, seats with avatars and card fans, the status line."""

from __future__ import annotations

import math

import pygame

from game.engine.cards import Card
from ui import fonts, screen, theme
from ui.card_art import CardArt
from ui.table.layout import Layout, SeatPlace

_felt_cache: dict[tuple[int, int], pygame.Surface] = {}
_icon_cache: dict[tuple[str, int], pygame.Surface] = {}
_ICONS_KEPT = 8  # the sizes in use: a resize brings new ones, so older ones are dropped


def felt(size: tuple[int, int]) -> pygame.Surface:
    """The table cloth: a lit centre fading to dark edges, with a faint ring; made once per size."""
    surf = _felt_cache.get(size)
    if surf is not None:
        return surf
    w, h = size
    sw, sh = 96, 54
    small = pygame.Surface((sw, sh))
    for y in range(sh):
        for x in range(sw):
            dx, dy = (x - sw / 2) / (sw / 2), (y - sh * 0.45) / (sh / 2)
            d = min(1.0, math.sqrt(dx * dx * 0.8 + dy * dy * 0.9))
            k = 1 - d ** 1.6
            tone = zip(theme.FELT_DARK, theme.FELT_LIGHT, strict=False)
            small.set_at((x, y), tuple(int(a + (b - a) * k) for a, b in tone))
    surf = pygame.transform.smoothscale(small, size)
    unit = screen.unit(size)
    ring = pygame.Rect(0, 0, int(w * 0.56), int(h * 0.44))
    ring.center = (w // 2, int(h * 0.43))
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.ellipse(layer, (255, 255, 255, 18), ring, max(2, int(3 * unit)))
    pygame.draw.ellipse(layer, (255, 255, 255, 10), ring.inflate(int(24 * unit), int(24 * unit)), max(1, int(unit)))
    mark = fonts.text("TIẾN LÊN", int(64 * unit), (255, 255, 255), fonts.SERIF)
    mark.set_alpha(16)
    layer.blit(mark, mark.get_rect(center=ring.center))
    surf.blit(layer, (0, 0))
    if len(_felt_cache) > 3:
        _felt_cache.clear()
    _felt_cache[size] = surf
    return surf


def avatar(surface: pygame.Surface, place: SeatPlace, lay: Layout, name: str, colour: tuple[int, int, int],
           active: bool, dimmed: bool, pulse: float) -> None:
    x, y = place.badge
    r = lay.avatar_r
    if active:
        glow = pygame.Surface((r * 4, r * 4), pygame.SRCALPHA)
        for i in range(6, 0, -1):
            alpha = int((40 + 25 * pulse) * (7 - i) / 6)
            pygame.draw.circle(glow, (*theme.GOLD, alpha), (r * 2, r * 2), r + i * max(2, r // 9))
        surface.blit(glow, glow.get_rect(center=(x, y)))
    pygame.draw.circle(surface, (0, 0, 0), (x + 2, y + 3), r)
    base = tuple(int(c * 0.45) for c in colour) if dimmed else colour
    pygame.draw.circle(surface, base, (x, y), r)
    pygame.draw.circle(surface, tuple(min(255, c + 50) for c in base), (x - r // 4, y - r // 4), r // 2)
    pygame.draw.circle(surface, base, (x, y), int(r * 0.8))
    initial = fonts.text(name[:1].upper() or "?", int(r * 1.05), theme.WHITE, fonts.BOLD)
    surface.blit(initial, initial.get_rect(center=(x, y)))
    ring = theme.GOLD if active else (230, 230, 220)
    pygame.draw.circle(surface, ring, (x, y), r, max(2, r // 10) + (2 if active else 0))


def chip_icon(size: int) -> pygame.Surface:
    """A casino chip: a gold disc with notched edge and an inner ring (cached per size)."""
    key = ("chip", size)
    surf = _icon_cache.get(key)
    if surf is None:
        big = size * 3
        img = pygame.Surface((big, big), pygame.SRCALPHA)
        c, r = big // 2, big // 2 - 1
        pygame.draw.circle(img, theme.GOLD_DARK, (c, c), r)
        for i in range(8):  # the edge notches
            a = i * math.pi / 4
            x, y = c + math.cos(a) * r * 0.86, c + math.sin(a) * r * 0.86
            pygame.draw.circle(img, (250, 244, 226), (int(x), int(y)), max(2, r // 6))
        pygame.draw.circle(img, theme.GOLD, (c, c), int(r * 0.66))
        pygame.draw.circle(img, theme.GOLD_DARK, (c, c), int(r * 0.66), max(1, r // 10))
        surf = pygame.transform.smoothscale(img, (size, size))
        if len(_icon_cache) >= _ICONS_KEPT:
            _icon_cache.clear()
        _icon_cache[key] = surf
    return surf


def fan(surface: pygame.Surface, place: SeatPlace, lay: Layout, art: CardArt, count: int,
        faces: list[Card] | None = None) -> None:
    """An opponent's hand: face-down (or, at the end, face-up) small cards, where the layout's fan puts them."""
    cards = lay.fan(place, count, bool(faces))
    if cards is None:
        return
    back = art.image(None, False)
    if place.vertical:
        back = pygame.transform.rotate(back, 90)  # a face-down column lies on its side
    for i, corner in enumerate(cards.corners()):
        surface.blit(art.image(faces[i], True) if faces else back, corner)


def count_badge(surface: pygame.Surface, at: tuple[int, int], count: int, lay: Layout) -> None:
    r = max(12, int(lay.avatar_r * 0.5))
    pygame.draw.circle(surface, (0, 0, 0), (at[0] + screen.pad(1, lay.unit), at[1] + screen.pad(2, lay.unit)), r)
    pygame.draw.circle(surface, theme.RED, at, r)
    pygame.draw.circle(surface, theme.WHITE, at, r, max(2, r // 8))
    img = fonts.text(str(count), int(r * 1.1), theme.WHITE, fonts.BOLD)
    surface.blit(img, img.get_rect(center=at))


def pill(surface: pygame.Surface, at: tuple[int, int], label: str, lay: Layout,
         fill: tuple[int, ...] = (0, 0, 0, 170), ink: tuple[int, int, int] = theme.WHITE) -> None:
    img = fonts.text(label, lay.small_font, ink, fonts.BOLD)
    rect = img.get_rect().inflate(screen.pad(22, lay.unit), screen.pad(10, lay.unit))
    rect.center = at
    screen.panel(surface, rect, screen.tag(fill, ink), corner=rect.height // 2)
    surface.blit(img, img.get_rect(center=rect.center))


def status_top(lay: Layout) -> int:
    """The top of the status line's box (its tallest: text at the full size), so tips can sit clear of it."""
    height = fonts.font(lay.font, fonts.BOLD).get_height() + screen.pad(10, lay.unit)
    return lay.message_y - (height + 1) // 2


def message(surface: pygame.Surface, lay: Layout, value: str, colour: tuple[int, int, int]) -> None:
    if not value:
        return
    img = fonts.fit_text(value, lay.font, colour, int(lay.size[0] * 0.7), fonts.BOLD)
    rect = img.get_rect().inflate(screen.pad(30, lay.unit), screen.pad(10, lay.unit))
    rect.center = (lay.size[0] // 2, lay.message_y)
    screen.panel(surface, rect, screen.STATUS, corner=rect.height // 2)
    surface.blit(img, img.get_rect(center=rect.center))
