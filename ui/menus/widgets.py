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
                 width: int, face: str = fonts.REGULAR, centred: bool = False) -> int:  # fmt: skip
    """Draw ``value`` wrapped to ``width`` (each line centred in it with ``centred``); returns the bottom."""
    line_h = int(fonts.font(size, face).get_linesize())
    for line in fonts.wrap(value, size, width, face):
        image = fonts.text(line, size, colour, face)
        surface.blit(image, (left + (width - image.get_width()) // 2 if centred else left, top))
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
    #: ◀ ▶ go round from the last value to the first. An ordered scale (a volume, a speed, an amount) stops
    #: at its ends instead: ▶ on "Very fast" landing on "Slow" reads as a slip, not a step.
    wrap: bool = True
    value_width: int = 0  # the ◀ value ▶ part's width, shared by a screen's rows (0: about half the row)
    u: float = 1.0  # the screen unit of the window the row was laid out in
    side: int = 0  # the ◀ ▶ squares' side (0: the row's height); a row made taller for its label keeps them

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
        index = self.index() + delta
        if not self.wrap and not 0 <= index < len(self.values):
            return  # the end of an ordered scale
        self.set(self.values[index % len(self.values)])

    def can_step(self, delta: int) -> bool:
        """Whether ◀ (-1) or ▶ (+1) changes anything (drawn dimmed when not)."""
        if not self.is_option or not self.enabled():
            return False
        return self.wrap or 0 <= self.index() + delta < len(self.values)

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

    def values_rect(self) -> pygame.Rect:
        """The ◀ value ▶ part at the row's right end."""
        r = self.rect
        width = min(r.width, self.value_width or int(r.width * 0.48))
        return pygame.Rect(r.right - width, r.top, width, r.height)

    def arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The ◀ and ▶ hit areas at the row's right end."""
        r, side = self.values_rect(), self.side or self.rect.height
        top = r.centery - side // 2
        return pygame.Rect(r.left, top, side, side), pygame.Rect(r.right - side, top, side, side)

    def font_size(self) -> int:
        """The text size of the row's label and value (a button's, unless the row of buttons shares one)."""
        return self.font_px or int(self.rect.height * 0.46)

    def label_area(self) -> pygame.Rect:
        """Where an option's label goes: from the row's left pad to just before ◀."""
        left = self.rect.left + px(14, self.u)
        right = self.values_rect().left - px(8, self.u)
        return pygame.Rect(left, self.rect.top, max(1, right - left), self.rect.height)

    def label_lines(self) -> tuple[list[str], bool]:
        """An option's label as drawn: one line, or two lines of the same size when it is too wide for one
        (the screen makes such a row taller); the flag is False when neither fits and the label has to be
        shrunk (a screen lays its rows out so that this does not happen; tests check it)."""
        label, size, area = self.label(), self.font_size(), self.label_area()
        lines = self.wrapped_label()
        fits = len(lines) * fonts.font(size).get_linesize() <= area.height
        return (lines, True) if fits and lines else ([label], False)

    def wrapped_label(self) -> list[str]:
        """The label on one line, or on two at the same size; [] when two lines are not enough."""
        label, size, width = self.label(), self.font_size(), self.label_area().width
        if fonts.width(label, size) <= width:
            return [label]
        lines = fonts.wrap(label, size, width)
        return lines if len(lines) == 2 and all(fonts.width(line, size) <= width for line in lines) else []

    def label_room(self) -> int:
        """How much taller than ``side`` the row must be for its label (0 for one line)."""
        lines = self.wrapped_label() if self.is_option else []
        needed = len(lines) * fonts.font(self.font_size()).get_linesize() + px(6, self.u)
        return max(0, needed - (self.side or self.rect.height)) if len(lines) == 2 else 0

    def _draw_label(self, surface: pygame.Surface, colour: tuple[int, ...]) -> None:
        lines, _ = self.label_lines()
        area, size = self.label_area(), self.font_size()
        images = [fonts.fit_text(line, size, colour, area.width) for line in lines]
        y = area.centery - sum(i.get_height() for i in images) // 2
        for image in images:
            surface.blit(image, (area.left, y))
            y += image.get_height()

    def draw(self, surface: pygame.Surface, focused: bool) -> None:
        u = unit(surface.get_size())
        r = self.rect
        radius = px(10, u)
        size = self.font_size()
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
        self._draw_label(surface, theme.WHITE if self.enabled() else theme.MUTED)
        left, right = self.arrow_rects()
        colour = theme.GOLD if self.enabled() else theme.MUTED
        for arrow, glyph, delta in ((left, "◀", -1), (right, "▶", 1)):
            image = fonts.text(glyph, int(size * 0.9), colour if self.can_step(delta) else theme.MUTED)
            surface.blit(image, image.get_rect(center=arrow.center))
        middle = pygame.Rect(left.right, r.top, right.left - left.right, r.height)
        value = fonts.fit_text(self.value_text(), size, colour, middle.width - px(6, u), fonts.BOLD)
        surface.blit(value, value.get_rect(center=middle.center))


def size_options(items: Sequence[Item], u: float, row_height: int) -> None:
    """Give a screen's option rows (already placed) one text size and ◀ ▶ size, from ``row_height``, and one
    shared ◀ value ▶ width: room for the widest value any of them can show, so the labels get the rest
    (between 36% and 48% of a row)."""
    options = [i for i in items if i.is_option]
    for item in options:
        item.u, item.side, item.font_px = u, row_height, int(row_height * 0.46)
    if not options:
        return
    row = options[0].rect
    size = options[0].font_size()
    widest = max(fonts.width(item.show(v), size, fonts.BOLD) for item in options for v in item.values[:200])
    width = widest + 2 * row_height + px(16, u)
    width = max(int(row.width * 0.36), min(int(row.width * 0.48), width))
    for item in options:
        item.value_width = width
