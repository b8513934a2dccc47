"""A menu screen: a title, a column of items, keyboard focus, hover and click — all through intents."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui.i18n import t
from ui.intents import Action, Intent
from ui.menus.widgets import Item, backdrop, heading, size_options
from ui.scene import Scene
from ui.screen import panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host

ACTIVATE = (Action.PLAY, Action.CONFIRM, Action.TOGGLE_FOCUS)


class MenuScene(Scene):
    """Subclasses fill ``self.items`` in ``build()`` and may draw more in ``draw_body()``."""

    title_key = ""
    column_width = 560  # at 720 px of height
    row_height = 50
    gap = 12

    def __init__(self, app: Host, profile: Profile | None = None) -> None:
        super().__init__(app)
        self.profile = profile
        self.items: list[Item] = []
        self.focus = 0
        self._pressed: Item | None = None
        self.top = 0  # where the items start, set by layout()

    # -- building and layout ----------------------------------------------------------------------------
    def build(self) -> list[Item]:
        return []

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        self.refresh()  # what the screen above changed (a saved match, a choice) shows at once

    def refresh(self) -> None:
        """Rebuild the items (the language or the choices may have changed) and lay them out."""
        name = self.items[self.focus].name if self.items else ""
        self.items = self.build()
        names = [i.name for i in self.items]
        self.focus = names.index(name) if name and name in names else min(self.focus, max(0, len(self.items) - 1))
        self.layout(self.app.size)
        self.app.dirty = True

    def settings_changed(self) -> None:
        self.refresh()

    def resize(self, size: tuple[int, int]) -> None:
        self.layout(size)

    def title_bottom(self, size: tuple[int, int]) -> int:
        return int(size[1] * 0.06 + 72 * unit(size))

    def footer(self, size: tuple[int, int]) -> int:
        """The height kept free below the items for notes drawn there (``draw_body``)."""
        return 0

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = px(self.column_width, u)
        h, gap = px(self.row_height, u), px(self.gap, u)
        # Buttons after a block of options share one row beneath it (Start · Back).
        last_option = max((i for i, item in enumerate(self.items) if item.is_option), default=-1)
        column = self.items[: last_option + 1] if last_option >= 0 else self.items
        buttons = self.items[last_option + 1 :] if last_option >= 0 else []
        left = (size[0] - w) // 2
        extra = self._label_room(column, left, w, h, u)
        rows = len(column) + (1 if buttons else 0)
        total = rows * (h + gap) - gap + sum(extra) + (px(26, u) if buttons else 0)
        bottom = size[1] - px(16, u) - self.footer(size)
        top = max(self.title_bottom(size) + px(20, u), min((size[1] - total) // 2 + px(30, u), bottom - total))
        room = bottom - top
        if total > room:  # a long menu on a short window: tighten the rows rather than run off the bottom
            h, gap = int(h * room / total), int(gap * room / total)
            extra = self._label_room(column, left, w, h, u)
        self.top = top
        y = top
        for item, more in zip(column, extra, strict=True):  # a row whose label takes two lines is taller
            item.rect = pygame.Rect(left, y, w, h + more)
            y += h + more + gap
        size_options(column, u, h)
        if buttons:
            y += px(26, u)
            bw = (w - gap * (len(buttons) - 1)) // len(buttons)
            for i, item in enumerate(buttons):
                item.rect = pygame.Rect(left + i * (bw + gap), y, bw, h)

    @staticmethod
    def _label_room(column: list[Item], left: int, w: int, h: int, u: float) -> list[int]:
        """How much taller each row must be than ``h`` for its label to keep the rows' text size."""
        for item in column:
            item.rect = pygame.Rect(left, 0, w, h)
        size_options(column, u, h)
        return [item.label_room() for item in column]

    # -- input ---------------------------------------------------------------------------------------------
    def back(self) -> None:
        self.app.pop()

    def item_at(self, pos: tuple[int, int]) -> Item | None:
        return next((i for i in self.items if i.rect.collidepoint(pos)), None)

    def move_focus(self, delta: int) -> None:
        if not self.items:
            return
        for _ in range(len(self.items)):
            self.focus = (self.focus + delta) % len(self.items)
            if self.items[self.focus].enabled():
                break

    def handle(self, intent: Intent) -> bool:
        a = intent.action
        focused = self.items[self.focus] if self.items else None
        if a == Action.UP:
            self.move_focus(-1)
        elif a == Action.DOWN:
            self.move_focus(1)
        elif a in (Action.LEFT, Action.RIGHT) and focused and focused.is_option:
            focused.step(-1 if a == Action.LEFT else 1)
            self.changed(focused)
        elif a in ACTIVATE and focused:
            focused.activate()
            self.changed(focused)
        elif a == Action.BACK:
            self.back()
        elif a == Action.HOVER:
            item = self.item_at(intent.pos)
            if item and item.enabled():
                self.focus = self.items.index(item)
            return item is not None
        elif a == Action.POINTER_DOWN:
            self._pressed = self.item_at(intent.pos)
            return self.pressed(intent.pos)
        elif a == Action.POINTER_UP:
            item, self._pressed = self._pressed, None
            if item is None or not item.rect.collidepoint(intent.pos) or not item.enabled():
                return False
            self.focus = self.items.index(item)
            if item.is_option:
                left, _ = item.arrow_rects()
                item.step(-1 if left.collidepoint(intent.pos) else 1)
            else:
                item.activate()
            self.changed(item)
        else:
            return False
        self.app.dirty = True
        return True

    def pressed(self, pos: tuple[int, int]) -> bool:
        """A press that is not on an item (scroll bars and the like); True if used."""
        return self._pressed is not None

    def changed(self, item: Item) -> None:
        """An option changed value or a button was used."""

    # -- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        surface.blit(backdrop(size), (0, 0))
        u = unit(size)
        if self.title_key:
            heading(surface, t(self.title_key), size[0] // 2, int(size[1] * 0.06), text_px(46, u))
        self.draw_body(surface)
        options = [i.rect for i in self.items if i.is_option]
        if options:
            panel(surface, options[0].unionall(options[1:]).inflate(px(36, u), px(28, u)))
        for i, item in enumerate(self.items):
            item.draw(surface, i == self.focus)

    def draw_body(self, surface: pygame.Surface) -> None:
        """Anything beside the items."""


def speed_word(value: float, choices: tuple[float, ...]) -> str:
    """Slow / normal / fast / very fast for a speed multiplier."""
    keys = ("menu.speed.slow", "menu.speed.normal", "menu.speed.fast", "menu.speed.fastest")
    index = list(choices).index(value) if value in choices else 1
    return t(keys[min(index, len(keys) - 1)])

