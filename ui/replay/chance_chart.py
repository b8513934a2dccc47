"""The review's chart of the player's chance to win through the game: a line through the chance after each
move made, and where the coach found a better move, how high that move's chance stood (the findings numbered
as in the list above the chart)."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game.review.report import ChancePoint
from ui import fonts, theme
from ui.i18n import t
from ui.menus.widgets import blit_text
from ui.screen import PLOT, panel, px, text_px

#: A better move is drawn only where its chance stood at least this much higher (the findings' own rule).
SHOWN_GAP = 0.05
#: Below this height (at 720 px of window) the chart is left out rather than squeezed.
MIN_HEIGHT = 120


def fits(area: pygame.Rect, u: float) -> bool:
    return area.height >= px(MIN_HEIGHT, u) and area.width >= px(300, u)


def draw_chances(surface: pygame.Surface, area: pygame.Rect, points: Sequence[ChancePoint], u: float,
                 heading: int) -> pygame.Rect:  # fmt: skip
    """Draw the chart in ``area`` under a title of ``heading`` px: the plot with 0%, 50% and 100% marked, the
    first and last move's numbers under it, and the key. Returns the plot's rectangle."""
    small = max(11, text_px(13, u))
    title = blit_text(surface, t("review.chances"), heading, theme.GOLD, topleft=(area.left, area.top))
    key = fonts.text(t("review.chances_key"), small, theme.MUTED)
    surface.blit(key, key.get_rect(bottomright=(area.right, title.bottom)))
    label_w = fonts.text("100%", small, theme.MUTED).get_width() + px(8, u)
    line_h = fonts.font(small).get_linesize()
    plot = pygame.Rect(area.left + label_w, title.bottom + px(8, u), area.width - label_w,
                       area.bottom - title.bottom - px(12, u) - line_h)  # fmt: skip
    panel(surface, plot, PLOT, corner=px(6, u))
    inner = plot.inflate(-2 * px(10, u), -2 * px(8, u))

    def y_of(chance: float) -> int:
        return int(inner.bottom - max(0.0, min(1.0, chance)) * inner.height)

    for chance in (0.0, 0.5, 1.0):
        y = y_of(chance)
        if chance == 0.5:
            pygame.draw.line(surface, theme.PANEL_EDGE, (inner.left, y), (inner.right, y), 1)
        image = fonts.text(f"{round(chance * 100)}%", small, theme.MUTED)
        surface.blit(image, image.get_rect(midright=(plot.left - px(6, u), y)))
    if not points:
        return plot
    n = len(points)
    xs = [inner.centerx] if n == 1 else [inner.left + (inner.width * i) // (n - 1) for i in range(n)]
    made = [(x, y_of(p.chosen)) for x, p in zip(xs, points, strict=True)]
    dot = max(2, px(4, u))
    for (x, y), p in zip(made, points, strict=True):
        if p.best - p.chosen >= SHOWN_GAP:
            top = y_of(p.best)
            pygame.draw.line(surface, theme.WARN, (x, y), (x, top), max(1, px(2, u)))
            pygame.draw.circle(surface, theme.WARN, (x, top), dot + 1, max(1, px(2, u)))
    if n > 1:
        pygame.draw.lines(surface, theme.GOLD, False, made, max(2, px(3, u)))
    for (x, y), p in zip(made, points, strict=True):
        pygame.draw.circle(surface, theme.GOLD, (x, y), dot)
        if p.finding:
            tag = fonts.text(str(p.finding), small, theme.WARN, fonts.BOLD)
            above = min(y, y_of(p.best)) - dot - px(2, u)
            spot = tag.get_rect(midbottom=(x, above))
            if spot.top < plot.top:  # no room above a chance near 100%: below the point
                spot = tag.get_rect(midtop=(x, y + dot + px(2, u)))
            surface.blit(tag, spot.clamp(plot))
    for x, p, where in ((xs[0], points[0], "topleft"), (xs[-1], points[-1], "topright")):
        if where == "topright" and n == 1:
            break
        image = fonts.text(t("review.move_n", n=p.step + 1), small, theme.MUTED)
        rect = image.get_rect(**{where: (x, plot.bottom + px(4, u))})
        surface.blit(image, rect.clamp(pygame.Rect(area.left, rect.top, area.width, rect.height)))
    return plot
