"""Typing on a menu: a one-line text field (a name, an address, a password) and its row among the menu items.

``TextField`` is the text and its caret, nothing drawn; ``FieldItem`` is the row a ``MenuScene`` lays out with
the option rows (the label on the left, the box on the right). ``TypingMenu`` sends typed text, Backspace and
the caret keys to the focused field; keys that mean something at the table (P, H, S, V, M, Space) are plain
letters while a field has the focus.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ui import fonts, theme
from ui.intents import Action, Intent
from ui.menus.base import MenuScene
from ui.menus.widgets import Item
from ui.screen import GLOW, Look, panel, px, ring, unit

#: Keys that are letters while a field has the focus (their table meanings would otherwise fire).
_LETTERS = (Action.PASS, Action.HINT, Action.PLAY_HINT, Action.SORT, Action.REVEAL, Action.MUTE, Action.UNDO,
            Action.TOGGLE_FOCUS, Action.CLEAR)  # fmt: skip


BOX = Look(fill=(14, 40, 28, 255), shadow=False)  # the box the text is typed in


class TextField:
    """One line of text with a caret; at most ``limit`` characters, none of them control characters, and only
    those ``allowed`` lets in (an address takes no spaces)."""

    def __init__(self, value: str = "", limit: int = 24, secret: bool = False,
                 allowed: Callable[[str], bool] | None = None) -> None:  # fmt: skip
        self.limit, self.secret, self.allowed = limit, secret, allowed
        self.value = ""
        self.caret = 0
        self.insert(value)

    def insert(self, text: str) -> bool:
        """Type ``text`` at the caret (what does not fit or is not allowed is left out); True if anything went in."""
        kept = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C"
                       and (self.allowed is None or self.allowed(ch)))  # fmt: skip
        kept = unicodedata.normalize("NFC", kept)[: max(0, self.limit - len(self.value))]
        if not kept:
            return False
        self.value = self.value[: self.caret] + kept + self.value[self.caret :]
        self.caret += len(kept)
        return True

    def erase(self) -> bool:
        if self.caret == 0:
            return False
        self.value = self.value[: self.caret - 1] + self.value[self.caret :]
        self.caret -= 1
        return True

    def move(self, delta: int) -> None:
        self.caret = max(0, min(len(self.value), self.caret + delta))

    def set(self, value: str) -> None:
        self.value, self.caret = "", 0
        self.insert(value)

    def shown(self) -> str:
        return "•" * len(self.value) if self.secret else self.value


@dataclass
class FieldItem(Item):
    """A text field's row: laid out and focused like an option row; typing goes to ``text``."""

    text: TextField = field(default_factory=TextField)
    placeholder: Callable[[], str] = lambda: ""
    #: what the box should have room for, as the menus size the ◀ value ▶ part of their rows from the values
    values: Sequence[Any] = ("M" * 16,)

    @property
    def is_option(self) -> bool:
        return True  # laid out in the options' column, inside their panel

    def step(self, delta: int) -> None:
        self.text.move(delta)

    def activate(self) -> None:
        """Enter on a field does what the menu's main button does (``TypingMenu.submit``)."""

    def value_text(self) -> str:
        return self.text.shown()

    def box(self) -> pygame.Rect:
        """The text box: where an option row has ◀ value ▶."""
        r = self.values_rect()
        side = self.side or self.rect.height
        inset = side // 8
        return pygame.Rect(r.left, r.centery - side // 2 + inset, r.width - inset, side - 2 * inset)

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """No ◀ ▶ on a text field: a click anywhere on the row puts the caret in it."""
        return self.rect.copy(), self.rect.copy()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        u = unit(surface.get_size())
        r = self.rect
        radius = px(10, u)
        size = self.font_size()
        if focused:
            panel(surface, r, GLOW, corner=radius)
            ring(surface, r, theme.FOCUS, max(2, px(2, u)), radius)
        self._draw_label(surface, theme.WHITE if self.enabled() else theme.MUTED)
        box = self.box()
        panel(surface, box, BOX, corner=px(6, u))
        ring(surface, box, theme.GOLD if focused else theme.MUTED, max(1, px(2, u)), px(6, u))
        inner = box.inflate(-px(16, u), 0)
        shown = self.text.shown()
        if not shown and not focused:
            hint = fonts.fit_text(self.placeholder(), int(size * 0.85), theme.MUTED, inner.width)
            surface.blit(hint, hint.get_rect(midleft=inner.midleft))
            return
        f = fonts.font(size)
        before = shown[: self.text.caret]
        offset = max(0, f.size(before)[0] - inner.width + px(4, u))  # keep the caret in sight
        image = fonts.text(shown, size, theme.WHITE)
        clip = surface.get_clip()
        surface.set_clip(inner)
        y = inner.centery - image.get_height() // 2
        surface.blit(image, (inner.left - offset, y))
        if focused:
            x = inner.left - offset + f.size(before)[0]
            pygame.draw.line(surface, theme.GOLD, (x + 1, y + 2), (x + 1, y + image.get_height() - 2), max(2, px(2, u)))
        surface.set_clip(clip)


class TypingMenu(MenuScene):
    """A menu with text fields among its rows. ``submit`` is what Enter on a field does."""

    def focused_field(self) -> FieldItem | None:
        item = self.items[self.focus] if self.items else None
        return item if isinstance(item, FieldItem) and item.enabled() else None

    def enter(self) -> None:
        super().enter()
        pygame.key.start_text_input()

    def handle(self, intent: Intent) -> bool:
        a = intent.action
        typing = self.focused_field()
        if a == Action.POINTER_UP:
            hit = self.item_at(intent.pos)
            if isinstance(hit, FieldItem) and hit.enabled() and self._pressed is hit:
                self._pressed = None
                self.focus = self.items.index(hit)
                hit.text.move(len(hit.text.value))
                self.app.dirty = True
                return True
        if typing is None:
            if a == Action.TEXT:
                return False
            return super().handle(intent)
        if a == Action.TEXT:
            if typing.text.insert(intent.text):
                self.edited(typing)
        elif a == Action.ERASE:
            if typing.text.erase():
                self.edited(typing)
        elif a in (Action.LEFT, Action.RIGHT):
            typing.text.move(-1 if a == Action.LEFT else 1)
        elif a in (Action.HOME, Action.END):
            typing.text.move(-len(typing.text.value) if a == Action.HOME else len(typing.text.value))
        elif a in (Action.PLAY, Action.CONFIRM):
            self.submit()
        elif a in _LETTERS:
            pass  # the letter itself arrives as text
        else:
            return super().handle(intent)
        self.app.dirty = True
        return True

    def edited(self, item: FieldItem) -> None:
        """A field's text changed."""

    def submit(self) -> None:
        """Enter on a field."""
