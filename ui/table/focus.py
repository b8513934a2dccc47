"""The keyboard cursor's glow: a bright rim around the part of the focused card that shows.

The hand's cards overlap, so a rim around the whole card would run along the top and bottom of the next card
too and read as a frame round two cards. The glow follows the card's visible shape instead (the card less
the cards drawn after it) and never lies over another card, so exactly one card is marked.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from ui import theme
from ui.card_art import CardArt

_masks: dict[tuple[int, int, int], pygame.mask.Mask] = {}
_glows: dict[tuple[object, ...], tuple[pygame.Surface, tuple[int, int]]] = {}


def _card_mask(art: CardArt) -> pygame.mask.Mask:
    """The card's shape (rounded corners) at the art's size: the card back's opaque pixels."""
    key = (art.w, art.h, art.radius)
    mask = _masks.get(key)
    if mask is None:
        if len(_masks) > 8:
            _masks.clear()
        mask = _masks[key] = pygame.mask.from_surface(art.back(), 127)
    return mask


def _disc(radius: int) -> pygame.mask.Mask:
    size = 2 * radius + 1
    shape = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.circle(shape, (255, 255, 255, 255), (radius, radius), radius)
    return pygame.mask.from_surface(shape)


def _grown(mask: pygame.mask.Mask, radius: int, room: int) -> pygame.mask.Mask:
    """``mask`` widened by ``radius`` pixels all round, placed ``room`` pixels in from the corner."""
    out = pygame.mask.Mask((mask.get_size()[0] + 2 * room, mask.get_size()[1] + 2 * room))
    out.draw(mask.convolve(_disc(radius)), (room - radius, room - radius))
    return out


def glow_width(art: CardArt) -> int:
    return max(4, art.w // 14)


def focus_glow(art: CardArt, rect: pygame.Rect, later: Sequence[pygame.Rect]) -> tuple[pygame.Surface, pygame.Rect]:
    """The glow for the focused card at ``rect`` when the cards at ``later`` are drawn over it; returns the
    picture and where it goes. Its pixels lie outside every card in ``later`` and within ``glow_width`` of
    the part of the focused card that shows."""
    room = glow_width(art)
    offsets = tuple((r.x - rect.x, r.y - rect.y) for r in later if r.colliderect(rect.inflate(2 * room, 2 * room)))
    key = (art.w, art.h, art.radius, room, offsets)
    cached = _glows.get(key)
    if cached is None:
        card = _card_mask(art)
        shown = card.copy()
        for off in offsets:
            shown.erase(card, off)
        outer, inner = _grown(shown, room, room), _grown(shown, max(2, room * 2 // 5), room)
        for grown in (outer, inner):
            grown.erase(shown, (room, room))
            for off in offsets:
                grown.erase(card, (off[0] + room, off[1] + room))
        image = outer.to_surface(setcolor=(*theme.FOCUS, 150), unsetcolor=(0, 0, 0, 0))
        image.blit(inner.to_surface(setcolor=(*FOCUS_RIM, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))
        if len(_glows) > 16:
            _glows.clear()
        cached = _glows[key] = (image, (room, room))
    image, (dx, dy) = cached
    return image, image.get_rect(topleft=(rect.x - dx, rect.y - dy))


FOCUS_RIM = (150, 222, 255)
