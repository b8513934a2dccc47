"""A seat's name plate: the name over the cards left; on the right the chips (with a chip icon) and the running
total with a small word saying what it is ("match +9" at the table, "this game −3" in a replay). Pointing at
the plate shows a tip that says it in full.

``plate`` measures a plate (where it goes, what it shows) without drawing it, so the table can find which
plate the pointer is on with the same rectangles the painter draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from ui import fonts, screen, theme
from ui.i18n import t
from ui.table.layout import Layout, SeatPlace
from ui.table.model import TableModel
from ui.table.painter import chip_icon

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class SeatLabel:
    """What a seat's plate says. ``total_label`` names the total in a word; ``total_tip`` says it in full."""

    name: str
    total: str
    total_colour: Colour
    chips: str | None
    total_label: str = ""
    total_tip: str = ""


@dataclass(frozen=True)
class Plate:
    """A measured plate: its rectangle (``seat``: with the avatar over it) and its texts, ready to draw."""

    rect: pygame.Rect
    seat: pygame.Rect
    name: pygame.Surface
    detail: pygame.Surface
    total: pygame.Surface
    label: pygame.Surface | None
    chips: pygame.Surface | None
    icon: pygame.Surface | None
    pad: int
    gap: int
    rim: int


def cards_left(model: TableModel, seat: int) -> str:
    """The plate's second line: how many cards the seat holds."""
    return t("table.cards_left", n=model.count(seat))


def plate(place: SeatPlace, lay: Layout, label: SeatLabel, detail: str) -> Plate:
    """The plate under the seat's avatar, inside the window: the name over ``detail`` (the cards left)."""
    x, y = place.badge
    name_img = fonts.text(label.name, lay.small_font + 1, theme.WHITE, fonts.BOLD)
    info = fonts.text(detail, lay.small_font - 1, theme.MUTED)
    tot = fonts.text(label.total, lay.small_font, label.total_colour, fonts.BOLD)
    word = fonts.text(label.total_label, max(screen.MIN_TEXT, lay.small_font - 3), theme.MUTED) \
        if label.total_label else None  # fmt: skip
    chip_img = fonts.text(label.chips, lay.small_font + 1, theme.GOLD, fonts.BOLD) if label.chips is not None else None
    icon = chip_icon(max(10, int(name_img.get_height() * 0.8))) if chip_img else None
    gap, pad, rim = screen.pad(4, lay.unit), screen.pad(10, lay.unit), screen.pad(3, lay.unit)
    top_right = (chip_img.get_width() + icon.get_width() + gap) if (chip_img and icon) else 0
    bottom = info.get_width() + tot.get_width() + 3 * gap + (word.get_width() + gap if word else 0)
    w = max(name_img.get_width() + (top_right + 3 * gap if top_right else 0), bottom) + 2 * pad
    h = name_img.get_height() + info.get_height() + 2 * gap
    rect = pygame.Rect(0, 0, w, h)
    rect.midtop = (x, y + lay.avatar_r + gap)
    rect.clamp_ip(pygame.Rect((0, 0), lay.size).inflate(-2 * lay.margin // 3, -2 * lay.margin // 3))
    r = lay.avatar_r
    seat = rect.union(pygame.Rect(x - r, y - r, 2 * r, 2 * r))
    return Plate(rect, seat, name_img, info, tot, word, chip_img, icon, pad, gap, rim)


def draw_plate(surface: pygame.Surface, p: Plate, active: bool) -> None:
    rect = p.rect
    screen.panel(surface, rect, screen.PLATE_LIT if active else screen.PLATE, corner=rect.height // 3)
    left, top = rect.left + p.pad, rect.top + p.rim
    line2 = top + p.name.get_height()
    surface.blit(p.name, (left, top))
    surface.blit(p.detail, (left, line2))
    total = p.total.get_rect(topright=(rect.right - p.pad, line2))
    surface.blit(p.total, total)
    if p.label is not None:  # the word for the total, quiet, on the total's baseline
        surface.blit(p.label, p.label.get_rect(bottomright=(total.left - p.gap, total.bottom - 1)))
    if p.chips and p.icon:
        cx = rect.right - p.pad - p.chips.get_width()
        surface.blit(p.chips, (cx, top))
        surface.blit(p.icon, p.icon.get_rect(midright=(cx - p.gap, top + p.name.get_height() // 2)))
