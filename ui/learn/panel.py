"""The panel the practice and lesson screens lay over the table: where it goes, its words and buttons.

A lesson's panel (``panel_rect``) takes the part of the table no seat uses, the round log's corner included:
the right-hand side at two players, the top band at three, the top-right corner at four. Practice shows the
round log, so its panel (``practice_rect``) goes where neither the log nor a seat, the hand or the pile is.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ui import fonts, screen, theme
from ui.i18n import t
from ui.table import painter
from ui.table.layout import Layout
from ui.table.roundlog import log_area
from ui.widgets import Button

Colour = tuple[int, int, int]


@dataclass(frozen=True)
class Line:
    text: str
    colour: Colour = theme.CREAM
    bold: bool = False


def panel_rect(lay: Layout) -> pygame.Rect:
    """The free part of the table for this player count."""
    w, h = lay.size
    m, u = lay.margin, lay.unit
    if lay.players == 2:  # nobody sits at the right: a column beside the pile
        left = int(w * 0.69)
        top = lay.margin + lay.avatar_r * 2 + lay.small_h + int(16 * u)
        return pygame.Rect(left, top, w - left - m, lay.message_y - top - int(30 * u))
    if lay.players == 3:  # nobody sits at the top: a band above the pile
        pile_top = lay.centre[1] - int(lay.centre_w * 0.95)
        width = int(w * 0.56)
        return pygame.Rect((w - width) // 2, m, width, max(int(80 * u), pile_top - m))
    # Four seats: the corner right of the top seat's cards and above the right-hand seat.
    right_badge_top = lay.seats[1].badge[1] - lay.avatar_r - int(8 * u)
    left = min(int(w * 0.66), w // 2 + int(lay.small_w * 3.1) + m)
    return pygame.Rect(left, m, w - left - m, max(int(80 * u), right_badge_top - m))


def practice_rect(lay: Layout) -> pygame.Rect:
    """Practice's panel: off the round log (which practice shows as a match does), the seats' plates and
    bubbles, the hand and its buttons, and the pile at the table's centre.

    At two players the column at the right, under the log; at three the band above the pile, left of the log
    and right of the title and the left seat; at four the space between the pile and the right-hand seat, under
    that seat's plate."""
    w, h = lay.size
    m, u = lay.margin, lay.unit
    log, gap = log_area(lay), int(12 * u)
    pile_half = int(lay.centre_w * 1.55)  # a play of four cards, and the pile's jitter
    bottom = painter.status_top(lay)  # above the status line (its box at its tallest, up to 70% of the width)
    if lay.players == 2:
        left = max(int(w * 0.69), lay.centre[0] + pile_half)
        top = log.bottom + gap
        return pygame.Rect(left, top, w - left - m, bottom - top)
    if lay.players == 3:
        pile_top = lay.centre[1] - int(lay.centre_w * 0.95)
        left = int(w * 0.22)  # right of the title and of the left seat's bubble
        return pygame.Rect(left, m, log.left - gap - left, max(int(80 * u), pile_top - gap - m))
    side = next(p for p in lay.seats if p.side == "right")
    left = lay.centre[0] + pile_half
    right = side.fan[0] - lay.small_h // 2 - gap  # left of the right seat's cards
    top = side.badge[1] + lay.avatar_r + lay.small_font * 3 + int(8 * u)  # under its avatar and plate
    return pygame.Rect(left, top, right - left, bottom - top)


def button_row(rect: pygame.Rect, buttons: Sequence[Button], lay: Layout) -> int:
    """Lay ``buttons`` in a row at the top right of ``rect``, each as wide as its label; returns the row's left
    edge (the panel's title goes to the left of it when it fits there)."""
    pad = int(10 * lay.unit)
    h = max(26, int(30 * lay.unit))
    gap = int(8 * lay.unit)
    _, button_px = font_sizes(lay)
    right = rect.right - pad
    for b in reversed(buttons):
        width = max(int(90 * lay.unit), fonts.text(t(b.label_key), button_px, theme.INK).get_width() + 3 * pad)
        b.rect = pygame.Rect(right - width, rect.top + pad - 2, width, h)
        right -= width + gap
    return right


def font_sizes(lay: Layout) -> tuple[int, int]:
    """The panel's text size and the buttons' label size."""
    return max(13, int(17 * lay.unit)), max(12, int(16 * lay.unit))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, lay: Layout, lines: Sequence[Line],
               buttons: Sequence[Button]) -> None:  # fmt: skip
    """The panel, its wrapped lines from the top (cut off with "…" if they overflow) and its buttons.

    The first line is the title: beside the buttons when it fits there on one line, else below them with the
    rest; the other lines run the panel's full width."""
    screen.panel(surface, rect)
    size, button_px = font_sizes(lay)
    for piece in _placed(rect, lay, lines, buttons):
        if piece.line is None:
            more = fonts.text("…", size, theme.MUTED)
            surface.blit(more, (rect.right - int(12 * lay.unit) - more.get_width(), piece.rect.top))
            continue
        face = fonts.BOLD if piece.line.bold else fonts.REGULAR
        surface.blit(fonts.text(piece.text, size, piece.line.colour, face), piece.rect.topleft)
    for b in buttons:
        b.draw(surface, t(b.label_key), button_px)


def text_fits(rect: pygame.Rect, lay: Layout, lines: Sequence[Line], buttons: Sequence[Button]) -> bool:
    """Whether ``lines`` fit in the panel (tests check every text at the smallest window)."""
    return all(piece.line is not None for piece in _placed(rect, lay, lines, buttons))


def text_rects(rect: pygame.Rect, lay: Layout, lines: Sequence[Line], buttons: Sequence[Button]) -> list[pygame.Rect]:
    """The rectangle each drawn piece of text takes (tests check them against the panel and its buttons)."""
    return [piece.rect for piece in _placed(rect, lay, lines, buttons)]


@dataclass(frozen=True)
class _Piece:
    """One wrapped piece of a line where it is drawn; ``line`` is None for the "…" that marks a cut."""

    text: str
    line: Line | None
    rect: pygame.Rect


def _placed(rect: pygame.Rect, lay: Layout, lines: Sequence[Line], buttons: Sequence[Button]) -> list[_Piece]:
    """Where each wrapped piece of text goes, stopping with a "…" piece where the text had to be cut."""
    size, _ = font_sizes(lay)
    pad = int(12 * lay.unit)
    left, full = rect.left + pad, rect.width - 2 * pad
    beside = min((b.rect.left for b in buttons), default=rect.right) - pad - left
    y = rect.top + pad
    title_beside = bool(lines) and _width(lines[0], size) <= beside
    if buttons and not title_beside:  # the title would wrap in the gap: the buttons get the row to themselves
        y = max(b.rect.bottom for b in buttons) + int(6 * lay.unit)
    out: list[_Piece] = []
    for i, line in enumerate(lines):
        face = fonts.BOLD if line.bold else fonts.REGULAR
        line_h = fonts.font(size, face).get_linesize()
        for part in fonts.wrap(line.text, size, beside if i == 0 and title_beside else full, face):
            if y + line_h > rect.bottom - pad // 2:
                more = fonts.font(size).size("…")
                out.append(_Piece("…", None, pygame.Rect(rect.right - pad - more[0], y - line_h, *more)))
                return out
            out.append(_Piece(part, line, pygame.Rect(left, y, fonts.font(size, face).size(part)[0], line_h)))
            y += line_h
        if i == 0 and title_beside and buttons:
            y = max(y, max(b.rect.bottom for b in buttons) + int(2 * lay.unit))
        y += int(3 * lay.unit)
    return out


def _width(line: Line, size: int) -> int:
    return fonts.font(size, fonts.BOLD if line.bold else fonts.REGULAR).size(line.text)[0]
