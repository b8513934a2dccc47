"""The review's chart of the player's chance to win through the game: a line through the chance after each
move made, and where the coach found a better move, how high that move's chance stood (the findings numbered
as in the list above the chart). A point under the pointer shows its figures; a click on it opens the replay
at that decision."""

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


def _percent(chance: float) -> str:
    return f"{round(chance * 100)}%"


class ChanceChart:
    """The chart laid out in ``area`` (title of ``heading`` px, then the plot): where each point is, which point
    a position is on, and the drawing."""

    def __init__(self, area: pygame.Rect, points: Sequence[ChancePoint], u: float, heading: int,
                 clickable: bool = True) -> None:  # fmt: skip
        self.area, self.points, self.u, self.heading = area, tuple(points), u, heading
        self.clickable = clickable  # a click opens the replay there (the tip says so)
        self.small = max(11, text_px(13, u))
        title_h = fonts.font(heading).get_linesize()
        label_w = fonts.text("100%", self.small, theme.MUTED).get_width() + px(8, u)
        line_h = fonts.font(self.small).get_linesize()
        top = area.top + title_h + px(8, u)
        self.plot = pygame.Rect(area.left + label_w, top, area.width - label_w, area.bottom - top - px(4, u) - line_h)
        self.inner = self.plot.inflate(-2 * px(10, u), -2 * px(8, u))
        n = len(self.points)
        xs = [self.inner.centerx] if n == 1 else [self.inner.left + (self.inner.width * i) // max(1, n - 1)
                                                 for i in range(n)]  # fmt: skip
        self.made = [(x, self.y_of(p.chosen)) for x, p in zip(xs, self.points, strict=True)]

    @staticmethod
    def fits(area: pygame.Rect, u: float) -> bool:
        return area.height >= px(MIN_HEIGHT, u) and area.width >= px(300, u)

    def y_of(self, chance: float) -> int:
        return int(self.inner.bottom - max(0.0, min(1.0, chance)) * self.inner.height)

    def point_at(self, pos: tuple[int, int]) -> int | None:
        """The point whose column ``pos`` is in (anywhere over the plot), or ``None``."""
        if not self.points or not self.plot.collidepoint(pos):
            return None
        return min(range(len(self.made)), key=lambda i: abs(self.made[i][0] - pos[0]))

    # -- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface, hover: int | None = None) -> None:
        u, small, area, plot = self.u, self.small, self.area, self.plot
        title = blit_text(surface, t("review.chances"), self.heading, theme.GOLD, topleft=area.topleft)
        key = fonts.text(t("review.chances_key"), small, theme.MUTED)
        surface.blit(key, key.get_rect(bottomright=(area.right, title.bottom)))
        panel(surface, plot, PLOT, corner=px(6, u))
        for chance in (0.0, 0.5, 1.0):
            y = self.y_of(chance)
            if chance == 0.5:
                pygame.draw.line(surface, theme.PANEL_EDGE, (self.inner.left, y), (self.inner.right, y), 1)
            image = fonts.text(_percent(chance), small, theme.MUTED)
            surface.blit(image, image.get_rect(midright=(plot.left - px(6, u), y)))
        if not self.points:
            return
        if hover is not None:
            x = self.made[hover][0]
            pygame.draw.line(surface, theme.PANEL_EDGE, (x, self.inner.top), (x, self.inner.bottom), 1)
        dot, width = max(2, px(4, u)), max(1, px(2, u))
        for (x, y), p in zip(self.made, self.points, strict=True):
            if p.best - p.chosen >= SHOWN_GAP:
                top = self.y_of(p.best)
                pygame.draw.line(surface, theme.WARN, (x, y), (x, top), width)
                pygame.draw.circle(surface, theme.WARN, (x, top), dot + 1, width)
        if len(self.made) > 1:
            pygame.draw.lines(surface, theme.GOLD, False, self.made, max(2, px(3, u)))
        for i, ((x, y), p) in enumerate(zip(self.made, self.points, strict=True)):
            lit = i == hover
            pygame.draw.circle(surface, theme.WHITE if lit else theme.GOLD, (x, y), dot + (1 if lit else 0))
            if p.finding:
                tag = fonts.text(str(p.finding), small, theme.WARN, fonts.BOLD)
                spot = tag.get_rect(midbottom=(x, min(y, self.y_of(p.best)) - dot - px(2, u)))
                if spot.top < plot.top:  # no room above a chance near 100%: below the point
                    spot = tag.get_rect(midtop=(x, y + dot + px(2, u)))
                surface.blit(tag, spot.clamp(plot))
        self._ends(surface)
        if hover is not None:
            self._tip(surface, hover)

    def _ends(self, surface: pygame.Surface) -> None:
        """The first and the last point's move numbers under the plot."""
        ends = [(0, "topleft"), (len(self.points) - 1, "topright")] if len(self.points) > 1 else [(0, "midtop")]
        for i, where in ends:
            image = fonts.text(t("review.move_n", n=self.points[i].step + 1), self.small, theme.MUTED)
            rect = image.get_rect(**{where: (self.made[i][0], self.plot.bottom + px(4, self.u))})
            surface.blit(image, rect.clamp(pygame.Rect(self.area.left, rect.top, self.area.width, rect.height)))

    def _tip(self, surface: pygame.Surface, i: int) -> None:
        """The hovered point's figures in a box beside it, inside the plot."""
        p, (x, y), u = self.points[i], self.made[i], self.u
        key = "review.chance_tip_better" if p.best - p.chosen >= SHOWN_GAP else "review.chance_tip"
        text = t(key, n=p.step + 1, chosen=_percent(p.chosen), best=_percent(p.best))
        if self.clickable:
            text += " · " + t("review.chance_click")
        image = fonts.text(text, self.small, theme.WHITE)
        box = image.get_rect().inflate(px(16, u), px(10, u))
        box.midbottom = (x, y - px(10, u))
        if box.top < self.plot.top:
            box.midtop = (x, y + px(10, u))
        box = box.clamp(self.plot)
        panel(surface, box, corner=px(6, u))
        surface.blit(image, image.get_rect(center=box.center))
