"""The round's log: a compact panel in the table's top-right corner listing this round's plays and passes,
oldest first, each with the seat's name and small card glyphs. Opponents' moves otherwise vanish in the few
seconds between the player's turns; the panel keeps them until the round is won (the model clears it then).

Pure drawing: the rows come from ``TableModel.round_log``; nothing here changes the model.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.engine.cards import Card
from ui import fonts, screen, theme
from ui.i18n import t
from ui.table.layout import Layout
from ui.table.model import Turn

Colour = tuple[int, int, int]
_glyphs: dict[tuple[Card, int, Colour], pygame.Surface] = {}
LOG = screen.Look(fill=(0, 0, 0, 140), edge=(*theme.PANEL_EDGE, 150), shadow=False)
GLYPH = screen.Look(fill=theme.CREAM, edge=(150, 150, 140), shadow=False)  # a tiny white card


def log_area(lay: Layout) -> pygame.Rect:
    """The free corner the log may use: right of the top seat's fan, above the right seat's avatar."""
    w, h = lay.size
    r = lay.avatar_r
    top = next((p for p in lay.seats if p.side == "top"), None)
    fan = lay.fan(top, 13, False) if top else None  # a full hand at the top seat
    if fan is not None:
        fan_left, _, fan_width, _ = fan.bounds()
        left = fan_left + fan_width + lay.margin
    else:  # no one sits at the top: the log may start at the middle
        left = w // 2 + lay.margin
    right = w - lay.margin
    side = next((p for p in lay.seats if p.side == "right"), None)
    # above the right seat's avatar and the "1 card left" alert that may sit on its top (marks.alert_rect)
    bottom = side.badge[1] - r // 2 - lay.small_font - 18 - lay.margin // 3 if side else int(h * 0.27)
    return pygame.Rect(left, lay.margin, right - left, bottom - lay.margin)


def card_glyph(card: Card, size: int, colour: Colour) -> pygame.Surface:
    """A tiny white card showing rank and suit, as in a score sheet."""
    key = (card, size, colour)
    surf = _glyphs.get(key)
    if surf is None:
        label = fonts.text(str(card), size, colour, fonts.CONDENSED)
        w, h = label.get_width() + max(4, size // 3), label.get_height() + 2
        surf = screen.picture((w, h), GLYPH, corner=max(2, size // 5))
        surf.blit(label, label.get_rect(center=(w // 2, h // 2)))
        if len(_glyphs) > 400:
            _glyphs.clear()
        _glyphs[key] = surf
    return surf


def _cards(cards: Sequence[Card], size: int, suit_colours: Sequence[Colour], room: int) -> pygame.Surface:
    """The glyphs in a row, overlapping when the row would not fit ``room`` pixels."""
    imgs = [card_glyph(c, size, suit_colours[c.suit]) for c in cards]
    gap = 2
    total = sum(i.get_width() for i in imgs) + gap * (len(imgs) - 1)
    if total > room and len(imgs) > 1:  # overlap them like a fan, the last one whole
        gap = (room - sum(i.get_width() for i in imgs)) // (len(imgs) - 1)
        total = room
    h = max(i.get_height() for i in imgs)
    row = pygame.Surface((max(1, total), h), pygame.SRCALPHA)
    x = 0
    for img in imgs:
        row.blit(img, (x, 0))
        x += img.get_width() + gap
    return row


def log_rows(log: Sequence[Turn], fits: int) -> tuple[list[Turn], int]:
    """The rows shown when ``fits`` rows fit: the latest ones, and how many earlier ones are left out."""
    shown = list(log[-fits:]) if fits > 0 else []
    return shown, len(log) - len(shown)


def draw_round_log(surface: pygame.Surface, lay: Layout, log: Sequence[Turn], names: Sequence[str],
                   suit_colours: Sequence[Colour]) -> pygame.Rect | None:
    """Draw the log panel (nothing while the round is empty); returns the rectangle drawn."""
    if not log:
        return None
    area = log_area(lay)
    size = max(12, lay.small_font - 1)
    pad = max(5, int(8 * lay.unit))
    title = fonts.text(t("roundlog.title"), size, theme.GOLD, fonts.BOLD)
    row_h = fonts.font(size, fonts.CONDENSED).get_linesize() + max(3, int(5 * lay.unit))
    fits = max(1, (area.height - 2 * pad - title.get_height() - 2) // row_h)
    rows, earlier = log_rows(log, fits)
    name_imgs = [fonts.text(names[turn.seat], size, theme.WHITE, fonts.BOLD) for turn in rows]
    name_w = max(i.get_width() for i in name_imgs)
    dot = max(4, size // 3)
    cards_x = pad + dot * 2 + 6 + name_w + 8
    room = area.width - cards_x - pad
    passed = fonts.text(t("roundlog.passed"), size, theme.MUTED)
    bodies = [passed if turn.combo is None else _cards(turn.combo.cards, size, suit_colours, room) for turn in rows]
    width = min(area.width, cards_x + max(b.get_width() for b in bodies) + pad)
    if earlier:
        more = fonts.text(t("roundlog.earlier", n=earlier), size - 1, theme.MUTED)
        width = max(width, min(area.width, pad * 3 + title.get_width() + more.get_width()))
    height = 2 * pad + title.get_height() + 2 + row_h * len(rows)
    box = screen.picture((width, height), LOG, corner=max(6, int(10 * lay.unit)))
    box.blit(title, (pad, pad))
    if earlier:
        box.blit(more, more.get_rect(topright=(width - pad, pad + 1)))
    y = pad + title.get_height() + 2
    for i, (turn, name_img, body) in enumerate(zip(rows, name_imgs, bodies, strict=True)):
        mid = y + row_h // 2
        colour = theme.AVATAR_COLOURS[turn.seat % len(theme.AVATAR_COLOURS)]
        pygame.draw.circle(box, colour, (pad + dot, mid), dot)
        if i == len(rows) - 1:  # the latest move stands out
            pygame.draw.circle(box, theme.WHITE, (pad + dot, mid), dot, 1)
        box.blit(name_img, name_img.get_rect(midleft=(pad + dot * 2 + 6, mid)))
        box.blit(body, body.get_rect(midleft=(cards_x, mid)))
        y += row_h
    rect = box.get_rect(topright=area.topright)
    surface.blit(box, rect)
    return rect
