"""The table's chat: short preset phrases and emotes, nothing typed. A small button under the table's title
opens a panel of phrases; the one picked is sent to the table and shows beside its seat at every window."""

from __future__ import annotations

import time
from collections.abc import Callable

import pygame

from game.net.protocol import CHAT_PHRASES
from ui import fonts, screen, theme
from ui.i18n import t
from ui.intents import Action, Intent
from ui.net.words import chat_text
from ui.table import painter
from ui.table.layout import Layout
from ui.widgets import Button

GAP_SECONDS = 1.5  # at most one phrase this often from this window


class ChatBox:
    """The chat button and its panel of phrases; ``say(phrase)`` sends one."""

    def __init__(self, say: Callable[[str], None]) -> None:
        self.say = say
        self.open = False
        self.button = Button("net.chat.button", Action.CONFIRM)
        self.phrases = [Button(f"net.chat.{p}", Action.CONFIRM) for p in CHAT_PHRASES]
        self._laid_for: tuple[int, int] | None = None
        self._last = -GAP_SECONDS
        self.panel = pygame.Rect(0, 0, 0, 0)

    def layout(self, lay: Layout) -> None:
        if self._laid_for == lay.size:
            return
        self._laid_for = lay.size
        u = lay.unit
        w, h = max(90, int(118 * u)), max(28, int(34 * u))
        top = lay.margin + int(lay.font * 1.4 + lay.small_font * 1.4) + screen.pad(8, u)
        self.button.rect = pygame.Rect(lay.margin, top, w, h)
        cols, pw, ph, gap = 2, max(120, int(170 * u)), max(28, int(34 * u)), screen.pad(8, u)
        rows = (len(self.phrases) + cols - 1) // cols
        self.panel = pygame.Rect(lay.margin, self.button.rect.bottom + gap, cols * pw + (cols + 1) * gap,
                                 rows * ph + (rows + 1) * gap)  # fmt: skip
        for i, b in enumerate(self.phrases):
            row, col = divmod(i, cols)
            b.rect = pygame.Rect(self.panel.left + gap + col * (pw + gap), self.panel.top + gap + row * (ph + gap),
                                 pw, ph)  # fmt: skip

    def handle(self, intent: Intent, lay: Layout) -> bool:
        """Clicks on the button or the panel; Esc closes an open panel. True when the chat used the intent."""
        self.layout(lay)
        a = intent.action
        if a == Action.BACK and self.open:
            self.open = False
            return True
        if a == Action.HOVER:
            for b in [self.button, *self.phrases]:
                b.hover = b.contains(intent.pos)
            return False
        if a == Action.POINTER_DOWN:
            if self.button.contains(intent.pos):
                self.button.pressed = True
                return True
            if self.open:
                for b in self.phrases:
                    b.pressed = b.contains(intent.pos)
                if not self.panel.collidepoint(intent.pos):
                    self.open = False  # a click elsewhere closes the panel and goes on to the table
                    return False
                return True
            return False
        if a == Action.POINTER_UP:
            if self.button.pressed:
                self.button.pressed = False
                if self.button.contains(intent.pos):
                    self.open = not self.open
                return True
            if self.open and self.panel.collidepoint(intent.pos):
                for phrase, b in zip(CHAT_PHRASES, self.phrases, strict=True):
                    if b.pressed and b.contains(intent.pos):
                        self.send(phrase)
                    b.pressed = False
                return True
        return False

    def send(self, phrase: str) -> bool:
        now = time.monotonic()
        if now - self._last < GAP_SECONDS:
            return False
        self._last = now
        self.open = False
        self.say(phrase)
        return True

    def draw(self, surface: pygame.Surface, lay: Layout) -> None:
        self.layout(lay)
        size = max(12, int(lay.small_font * 0.95))
        self.button.draw(surface, t("net.chat.button"), size)
        if not self.open:
            return
        screen.panel(surface, self.panel.inflate(2, 2), corner=screen.pad(10, lay.unit))
        for phrase, b in zip(CHAT_PHRASES, self.phrases, strict=True):
            b.draw(surface, chat_text(phrase), size)

    @staticmethod
    def draw_said(surface: pygame.Surface, lay: Layout, seat: int, phrase: str) -> None:
        """The phrase a seat said, in a bubble beside its avatar."""
        text = chat_text(phrase)
        if not text:
            return
        place = lay.seats[seat]
        x, y = place.badge
        half = (fonts.font(lay.small_font, fonts.BOLD).size(text)[0] + screen.pad(22, lay.unit)) // 2
        beside = lay.avatar_r + screen.pad(10, lay.unit) + half  # clear of the avatar, toward the table
        at = {"left": (x + beside, y), "right": (x - beside, y), "top": (x - beside, y)}.get(
            place.side, (x + beside, y - lay.avatar_r))
        painter.pill(surface, at, text, lay, fill=(250, 246, 232, 235), ink=theme.INK)
