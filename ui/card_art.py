"""Card faces and backs drawn in code, once per size, and cached (sharp at any window size)."""

from __future__ import annotations

from collections import OrderedDict

import pygame

from game.engine.cards import Card, Rank
from ui import fonts, theme
from ui.court_art import draw_court

SS = 3  # supersampling factor: draw big, smoothscale down, for anti-aliased edges

# Pip positions for number cards on a 3-column grid: (column 0..1, row 0..1)
_PIPS: dict[int, list[tuple[float, float]]] = {
    2: [(0.5, 0), (0.5, 1)],
    3: [(0.5, 0), (0.5, 0.5), (0.5, 1)],
    4: [(0, 0), (1, 0), (0, 1), (1, 1)],
    5: [(0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)],
    6: [(0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    7: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)],
    8: [(0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)],
    9: [(0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)],
    10: [(0, 0), (1, 0), (0.5, 1 / 6), (0, 1 / 3), (1, 1 / 3), (0, 2 / 3), (1, 2 / 3), (0.5, 5 / 6), (0, 1),
         (1, 1)],
}
_BACKS = {"red": ((150, 24, 36), (196, 52, 60)), "blue": ((22, 58, 130), (52, 98, 180)),
          "green": ((16, 92, 60), (40, 140, 92))}
_COURT_TINT = {Rank.JACK: (232, 240, 252), Rank.QUEEN: (252, 236, 240), Rank.KING: (250, 244, 222)}


def _rounded(size: tuple[int, int], colour: tuple[int, ...], radius: int) -> pygame.Surface:
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, colour, surf.get_rect(), border_radius=radius)
    return surf


def _pip_value(rank: Rank) -> int:
    return 2 if rank == Rank.TWO else int(rank) + 3


class CardArt:
    """Every card image at one size. Faces are drawn lazily on first use and kept."""

    def __init__(self, width: int, four_colour: bool = False, back: str = "red") -> None:
        self.w = max(20, int(width))
        self.h = int(self.w * theme.CARD_RATIO)
        self.size = (self.w, self.h)
        self.radius = max(3, self.w // 12)
        self.colours = theme.SUIT_COLOURS_FOUR if four_colour else theme.SUIT_COLOURS
        self.back_name = back if back in _BACKS else "red"
        self._faces: dict[int, pygame.Surface] = {}
        self._back: pygame.Surface | None = None
        self._extras: dict[str, pygame.Surface] = {}
        self._rotated: OrderedDict[tuple[int, int], pygame.Surface] = OrderedDict()
        self._scaled: OrderedDict[tuple[int, tuple[int, int]], pygame.Surface] = OrderedDict()

    # -- public --------------------------------------------------------------------------------------
    def face(self, card: Card) -> pygame.Surface:
        surf = self._faces.get(card.index)
        if surf is None:
            surf = self._faces[card.index] = self._draw_face(card)
        return surf

    def back(self) -> pygame.Surface:
        if self._back is None:
            self._back = self._draw_back()
        return self._back

    def image(self, card: Card | None, face_up: bool = True) -> pygame.Surface:
        return self.face(card) if (face_up and card is not None) else self.back()

    def rotated(self, card: Card | None, face_up: bool, angle: float) -> pygame.Surface:
        """The card turned by ``angle`` degrees (kept for reuse, so settled cards cost one blit)."""
        a = int(round(angle)) % 360
        base = self.image(card, face_up)
        if a == 0:
            return base
        key = (card.index if (card is not None and face_up) else -1, a)
        surf = self._rotated.get(key)
        if surf is None:
            surf = pygame.transform.rotozoom(base, a, 1.0)
            self._rotated[key] = surf
            if len(self._rotated) > 160:
                self._rotated.popitem(last=False)
        return surf

    def scaled(self, card: Card | None, face_up: bool, size: tuple[int, int]) -> pygame.Surface:
        """The card smoothly scaled to ``size`` (kept for reuse: a card in flight keeps its size for many frames)."""
        base = self.image(card, face_up)
        if size == base.get_size():
            return base
        key = (card.index if (card is not None and face_up) else -1, size)
        surf = self._scaled.get(key)
        if surf is None:
            surf = pygame.transform.smoothscale(base, size)
            self._scaled[key] = surf
            if len(self._scaled) > 240:
                self._scaled.popitem(last=False)
        return surf

    def shadow(self, scale: float = 1.0) -> pygame.Surface:
        """A soft shadow a little larger than the card drawn at ``scale`` (kept per tenth of scale)."""
        step = max(1, round(scale * 10))
        key = f"shadow{step}"
        s = self._extras.get(key)
        if s is None:
            w, h = max(4, self.w * step // 10), max(4, self.h * step // 10)
            pad = max(2, w // 10)
            small = pygame.Surface((w // 4 + 2, h // 4 + 2), pygame.SRCALPHA)
            pygame.draw.rect(small, (0, 0, 0, 95), small.get_rect().inflate(-2, -2), border_radius=3)
            s = pygame.transform.smoothscale(small, (w + pad, h + pad))
            self._extras[key] = s
        return s

    def outline(self, colour: tuple[int, int, int], key: str) -> pygame.Surface:
        """A glowing rim drawn around a card (selection, keyboard focus, hint)."""
        s = self._extras.get(key)
        if s is None:
            pad = max(3, self.w // 18)
            w, h = (self.w + 2 * pad) * SS, (self.h + 2 * pad) * SS
            big = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(big, (*colour, 110), big.get_rect(), border_radius=(self.radius + pad) * SS)
            pygame.draw.rect(big, (*colour, 255), big.get_rect().inflate(-pad * SS, -pad * SS),
                             width=max(2, pad * SS // 2), border_radius=(self.radius + pad // 2) * SS)
            inner = big.get_rect().inflate(-2 * pad * SS, -2 * pad * SS)
            pygame.draw.rect(big, (0, 0, 0, 0), inner, border_radius=self.radius * SS)
            s = pygame.transform.smoothscale(big, (self.w + 2 * pad, self.h + 2 * pad))
            self._extras[key] = s
        return s

    def dim(self) -> pygame.Surface:
        s = self._extras.get("dim")
        if s is None:
            s = _rounded(self.size, (10, 30, 20, 110), self.radius)
            self._extras["dim"] = s
        return s

    # -- drawing -------------------------------------------------------------------------------------
    def _blank(self, fill: tuple[int, int, int]) -> pygame.Surface:
        w, h, r = self.w * SS, self.h * SS, self.radius * SS
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(surf, (120, 120, 118), surf.get_rect(), border_radius=r)
        pygame.draw.rect(surf, fill, surf.get_rect().inflate(-SS * 2, -SS * 2), border_radius=r - SS)
        return surf

    def _finish(self, big: pygame.Surface) -> pygame.Surface:
        return pygame.transform.smoothscale(big, self.size)

    def _glyph(self, value: str, px: float, colour: tuple[int, int, int], face: str = fonts.BOLD) -> pygame.Surface:
        return fonts.font(int(px), face).render(value, True, colour)

    def _draw_face(self, card: Card) -> pygame.Surface:
        big = self._blank(theme.WHITE)
        w, h = big.get_size()
        colour = self.colours[card.suit]
        label = card.rank.label
        suit = card.suit.symbol
        # corner index: rank over suit, top-left and (turned) bottom-right
        rank_px = h * (0.155 if label != "10" else 0.14)
        face = fonts.CONDENSED if label == "10" else fonts.BOLD
        rank_img = self._glyph(label, rank_px, colour, face)
        suit_img = self._glyph(suit, h * 0.12, colour, fonts.REGULAR)
        cx = int(w * 0.115)
        corner = pygame.Surface((max(rank_img.get_width(), suit_img.get_width()),
                                 int(rank_img.get_height() * 0.86) + suit_img.get_height()), pygame.SRCALPHA)
        corner.blit(rank_img, rank_img.get_rect(midtop=(corner.get_width() // 2, 0)))
        corner.blit(suit_img, suit_img.get_rect(midtop=(corner.get_width() // 2, int(rank_img.get_height() * 0.82))))
        big.blit(corner, corner.get_rect(midtop=(cx, int(h * 0.025))))
        flipped = pygame.transform.rotate(corner, 180)
        big.blit(flipped, flipped.get_rect(midbottom=(w - cx, h - int(h * 0.025))))
        # the middle
        if card.rank in _COURT_TINT:
            self._draw_court(big, card, colour)
        elif card.rank == Rank.ACE:
            pip = self._glyph(suit, h * 0.46, colour, fonts.REGULAR)
            big.blit(pip, pip.get_rect(center=(w // 2, h // 2)))
        else:
            self._draw_pips(big, _pip_value(card.rank), suit, colour)
        return self._finish(big)

    def _draw_pips(self, big: pygame.Surface, n: int, suit: str, colour: tuple[int, int, int]) -> None:
        w, h = big.get_size()
        pip = self._glyph(suit, h * 0.165, colour, fonts.REGULAR)
        turned = pygame.transform.rotate(pip, 180)
        left, right = w * 0.31, w * 0.69
        top, bottom = h * 0.2, h * 0.8
        for col, row in _PIPS[n]:
            x = left + (right - left) * col
            y = top + (bottom - top) * row
            img = turned if row > 0.5 else pip
            big.blit(img, img.get_rect(center=(int(x), int(y))))

    def _draw_court(self, big: pygame.Surface, card: Card, colour: tuple[int, int, int]) -> None:
        draw_court(big, card, colour, lambda v, px, c: self._glyph(v, px, c, fonts.REGULAR), SS)

    def _draw_back(self) -> pygame.Surface:
        dark, light = _BACKS[self.back_name]
        big = self._blank(theme.WHITE)
        w, h = big.get_size()
        inner = big.get_rect().inflate(-int(w * 0.14), -int(w * 0.14))
        pygame.draw.rect(big, dark, inner, border_radius=self.radius * SS // 2)
        pattern = pygame.Surface(inner.size, pygame.SRCALPHA)
        step = max(6, w // 9)
        for k in range(-inner.h, inner.w + inner.h, step):
            pygame.draw.line(pattern, (*light, 255), (k, 0), (k + inner.h, inner.h), max(1, SS))
            pygame.draw.line(pattern, (*light, 255), (k, inner.h), (k + inner.h, 0), max(1, SS))
        big.blit(pattern, inner.topleft)
        pygame.draw.rect(big, theme.GOLD, inner, width=max(2, SS), border_radius=self.radius * SS // 2)
        r = int(w * 0.2)
        centre = inner.center
        pygame.draw.circle(big, dark, centre, r)
        pygame.draw.circle(big, theme.GOLD, centre, r, width=max(2, SS))
        emblem = self._glyph("♠♥", h * 0.1, theme.GOLD, fonts.BOLD)
        big.blit(emblem, emblem.get_rect(center=centre))
        return self._finish(big)


_cache: OrderedDict[tuple[int, bool, str], CardArt] = OrderedDict()


def art_for(width: int, four_colour: bool = False, back: str = "red") -> CardArt:
    """The shared ``CardArt`` for a card width and style; the few most recent sizes are kept."""
    key = (int(width), four_colour, back)
    art = _cache.get(key)
    if art is None:
        art = _cache[key] = CardArt(width, four_colour, back)
        if len(_cache) > 6:
            _cache.popitem(last=False)
    else:
        _cache.move_to_end(key)
    return art
