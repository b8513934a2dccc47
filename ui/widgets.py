"""Buttons drawn in code, cached per size and state (panels are ``ui.screen.panel``)."""

from __future__ import annotations

import pygame

from ui import fonts, theme
from ui.intents import Action

_button_cache: dict[tuple[object, ...], pygame.Surface] = {}


class Button:
    """A labelled button that turns into ``action`` when clicked."""

    def __init__(self, label_key: str, action: Action, primary: bool = False) -> None:
        self.label_key = label_key
        self.action = action
        self.primary = primary
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.enabled = True
        self.hover = False
        self.pressed = False

    def contains(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos)

    def draw(self, surface: pygame.Surface, label: str, font_px: int) -> None:
        state = "off" if not self.enabled else "down" if self.pressed else "hover" if self.hover else "up"
        key = (label, self.rect.size, state, self.primary, font_px)
        img = _button_cache.get(key)
        if img is None:
            img = self._render(label, state, font_px)
            if len(_button_cache) > 200:
                _button_cache.clear()
            _button_cache[key] = img
        dy = 2 if state == "down" else 0
        surface.blit(img, (self.rect.x, self.rect.y + dy))

    def _render(self, label: str, state: str, font_px: int) -> pygame.Surface:
        w, h = self.rect.size
        r = h // 2
        surf = pygame.Surface((w, h + 4), pygame.SRCALPHA)
        if state == "off":
            base, ink = theme.BUTTON_OFF, theme.BUTTON_OFF_TEXT
        elif self.primary:
            base, ink = theme.BUTTON, theme.BUTTON_TEXT
        else:
            base, ink = theme.BUTTON_ALT, theme.INK
        if state == "hover":
            base = (min(255, base[0] + 18), min(255, base[1] + 18), min(255, base[2] + 18))
        if state != "down":
            pygame.draw.rect(surf, (0, 0, 0, 90), (0, 4, w, h), border_radius=r)
        pygame.draw.rect(surf, base, (0, 0, w, h), border_radius=r)
        # The shine is the top of a pill inset in the button, so it follows the button's curve at the ends.
        shine = pygame.Surface((w - 6, h - 4), pygame.SRCALPHA)
        pygame.draw.rect(shine, tuple(min(255, c + 30) for c in base), shine.get_rect(), border_radius=max(1, r - 3))
        surf.blit(shine, (3, 2), area=pygame.Rect(0, 0, w - 6, h // 2 - 2))
        edge = tuple(max(0, c - 60) for c in base)
        pygame.draw.rect(surf, edge, (0, 0, w, h), width=2, border_radius=r)
        text = fonts.fit_text(label, font_px, ink, w - 16, fonts.BOLD)
        surf.blit(text, text.get_rect(center=(w // 2, h // 2)))
        return surf
