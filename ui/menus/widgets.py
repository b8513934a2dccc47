"""The menus' pieces: a backdrop, panels, buttons and option rows that step through values with ◀ ▶.

Sizes follow the window through the one screen unit (``ui.screen.unit``), as at the table.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pygame

from ui import fonts, theme
from ui.intents import Action
from ui.screen import GLOW, panel, px, ring, unit
from ui.widgets import Button

_backdrops: dict[tuple[int, int], pygame.Surface] = {}


def backdrop(size: tuple[int, int]) -> pygame.Surface:
    """The felt, lighter in the middle, drawn once per window size."""
    surf = _backdrops.get(size)
    if surf is None:
        w, h = size
        surf = pygame.Surface(size)
        surf.fill(theme.FELT_DARK)
        steps = 24
        for i in range(steps):
            k = i / steps
            colour = [int(a + (b - a) * k) for a, b in zip(theme.FELT_DARK, theme.FELT_LIGHT, strict=True)]
            rect = pygame.Rect(0, 0, int(w * (1.5 - k)), int(h * (1.5 - k)))
            rect.center = (w // 2, h // 2)
            pygame.draw.ellipse(surf, colour, rect)
        _backdrops.clear()
        _backdrops[size] = surf
    return surf


def heading(surface: pygame.Surface, text: str, centre_x: int, top: int, size: int) -> int:
    """A gold title with a soft shadow; returns its bottom."""
    shadow = fonts.text(text, size, theme.SHADOW, fonts.SERIF)
    image = fonts.text(text, size, theme.GOLD, fonts.SERIF)
    rect = image.get_rect(midtop=(centre_x, top))
    shadow.set_alpha(120)
    surface.blit(shadow, rect.move(2, 3))
    surface.blit(image, rect)
    return rect.bottom


def blit_text(surface: pygame.Surface, value: str, size: int, colour: tuple[int, ...], **where: Any) -> pygame.Rect:
    image = fonts.text(value, size, colour)
    rect = image.get_rect(**where)
    surface.blit(image, rect)
    return rect


def fit_lines(value: str, size: int, width: int, max_lines: int, face: str = fonts.REGULAR) -> list[str]:
    """``value`` wrapped to ``width`` (a word too long for a line is broken), at most ``max_lines`` lines;
    text that does not fit ends in "…"."""
    f = fonts.font(size, face)
    max_lines = max(1, max_lines)
    lines: list[str] = []
    for line in fonts.wrap(value[: max_lines * 400], size, width, face):
        while f.size(line)[0] > width and len(line) > 1 and len(lines) <= max_lines:
            lo, hi = 1, len(line) - 1  # the longest start of the line that fits
            while lo < hi:
                mid = (lo + hi + 1) // 2
                lo, hi = (mid, hi) if f.size(line[:mid])[0] <= width else (lo, mid - 1)
            lines.append(line[:lo])
            line = line[lo:]
        lines.append(line)
        if len(lines) > max_lines:
            break
    if len(lines) > max_lines or len(value) > max_lines * 400:
        last = lines[max_lines - 1]
        while last and f.size(last + "…")[0] > width:
            last = last[:-1]
        lines = [*lines[: max_lines - 1], last + "…"]
    return lines


def blit_wrapped(surface: pygame.Surface, value: str, size: int, colour: tuple[int, ...], left: int, top: int,
                 width: int, face: str = fonts.REGULAR) -> int:  # fmt: skip
    """Draw ``value`` wrapped to ``width``; returns the bottom."""
    line_h = int(fonts.font(size, face).get_linesize())
    for line in fonts.wrap(value, size, width, face):
        surface.blit(fonts.text(line, size, colour, face), (left, top))
        top += line_h
    return top


@dataclass
class Item:
    """One focusable row: a button (``on_activate``) or an option (``values`` stepped with ◀ ▶)."""

    label: Callable[[], str]
    on_activate: Callable[[], None] | None = None
    values: Sequence[Any] = ()
    get: Callable[[], Any] | None = None
    set: Callable[[Any], None] | None = None
    show: Callable[[Any], str] = str
    primary: bool = False
    enabled: Callable[[], bool] = lambda: True
    #: Drawn greyed out like a disabled button, yet still chosen (to say why it cannot do more).
    muted: Callable[[], bool] = lambda: False
    rect: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    name: str = ""
    font_px: int = 0  # a button's label size when a row of buttons shares one (0: from the height)

    @property
    def is_option(self) -> bool:
        return bool(self.values) and self.get is not None

    def index(self) -> int:
        assert self.get is not None
        current = self.get()
        try:
            return list(self.values).index(current)
        except ValueError:
            return 0

    def step(self, delta: int) -> None:
        if not self.is_option or self.set is None or not self.enabled():
            return
        self.set(self.values[(self.index() + delta) % len(self.values)])

    def activate(self) -> None:
        if not self.enabled():
            return
        if self.is_option:
            self.step(1)
        elif self.on_activate:
            self.on_activate()

    def value_text(self) -> str:
        assert self.get is not None
        return self.show(self.get())

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The ◀ and ▶ hit areas at the row's right end."""
        r = self.rect
        side = r.height
        right = pygame.Rect(r.right - side, r.top, side, side)
        left = pygame.Rect(r.right - int(r.width * 0.48), r.top, side, side)
        return left, right

    @staticmethod
    def _draw_label(surface: pygame.Surface, label: str, size: int, width: int, midleft: tuple[int, int]) -> None:
        """An option's label: a long one takes two lines a little smaller rather than one tiny line."""
        lines = [label]
        if fonts.font(size).size(label)[0] > width:
            lines = fonts.wrap(label, int(size * 0.82), width)
            size = int(size * 0.82) if len(lines) == 2 else size
            lines = lines if len(lines) == 2 else [label]
        images = [fonts.fit_text(line, size, theme.WHITE, width) for line in lines]
        y = midleft[1] - sum(i.get_height() for i in images) // 2
        for image in images:
            surface.blit(image, (midleft[0], y))
            y += image.get_height()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        u = unit(surface.get_size())
        r = self.rect
        radius = px(10, u)
        size = self.font_px or int(r.height * 0.46)
        if not self.is_option:  # the table's own button look, so menus and table match
            button = Button("", Action.CONFIRM, primary=self.primary)
            button.rect, button.enabled, button.hover = r, self.enabled() and not self.muted(), focused
            if focused and self.enabled():
                outline = r.inflate(px(8, u), px(8, u))
                ring(surface, outline, theme.WHITE, max(2, px(3, u)), outline.height // 2)
            button.draw(surface, self.label(), size)
            return
        if focused:
            panel(surface, r, GLOW, corner=radius)
            ring(surface, r, theme.FOCUS, max(2, px(2, u)), radius)
        label_w = int(r.width * 0.5) - px(20, u)
        self._draw_label(surface, self.label(), size, label_w, (r.left + px(14, u), r.centery))
        left, right = self.arrow_rects()
        colour = theme.GOLD if self.enabled() else theme.MUTED
        for arrow, glyph in ((left, "◀"), (right, "▶")):
            image = fonts.text(glyph, int(size * 0.9), colour)
            surface.blit(image, image.get_rect(center=arrow.center))
        middle = pygame.Rect(left.right, r.top, right.left - left.right, r.height)
        value = fonts.fit_text(self.value_text(), size, colour, middle.width - px(6, u), fonts.BOLD)
        surface.blit(value, value.get_rect(center=middle.center))
