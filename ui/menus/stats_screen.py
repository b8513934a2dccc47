"""Statistics per variant, and a chart of the chip total over the last games."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ui import fonts, theme
from ui.i18n import language, t
from ui.menus.base import MenuScene
from ui.menus.rules_text import amount, signed
from ui.menus.widgets import Item, blit_text, size_options
from ui.persist.stats import VariantStats
from ui.screen import PLOT, panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host


PLACE_COLUMNS = ("place.1", "place.2", "place.3", "stats.last")  # 1st, 2nd, 3rd, last


def place_table(s: VariantStats) -> list[tuple[str, list[str]]]:
    """Games by place, a row per table size under the columns 1st, 2nd, 3rd, last: the last place of a
    3-player game is under "bét" (never "ba"); a place a table size does not have shows "–". Games counted
    before table sizes were kept make a row of their own, where only a 4th place is known to be last."""
    rows: list[tuple[str, list[str]]] = []
    for _size, counts in sorted(s.places_by_size.items()):
        if sum(counts):
            n = len(counts)
            cells = [str(c) for c in counts[:-1]] + ["–"] * (4 - n) + [str(counts[-1])]
            rows.append((t("stats.table_size", n=n), cells))
    earlier = s.earlier_places()
    if sum(earlier):
        rows.append((t("stats.earlier"), [str(c) for c in earlier]))
    return rows


def stat_rows(s: VariantStats) -> list[tuple[str, str]]:
    """The numbers shown, as (label, value) in the current language; the places are in ``place_table``."""
    rate = f"{round(s.win_rate * 100)}%"
    rows = [(t("stats.games"), str(s.games)), (t("stats.wins"), str(s.wins)), (t("stats.win_rate"), rate)]
    rows += [
        (t("stats.chips_won"), amount(s.chips_won)),
        (t("stats.chips_lost"), amount(s.chips_lost)),
        (t("stats.net"), signed(s.net)),
        (t("stats.bombs"), str(s.bombs)),
        (t("stats.instant_wins"), str(s.instant_wins)),
        (t("stats.cong"), str(s.cong)),
        (t("stats.quits"), str(s.quits)),
        (t("stats.streak"), str(s.streak)),
        (t("stats.best_streak"), str(s.best_streak)),
    ]
    return rows


class StatsScene(MenuScene):
    title_key = "stats.title"
    column_width = 900

    def __init__(self, app: Host, profile: Profile) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        played = [v for v in profile.catalogue.ids() if profile.stats.for_variant(v).games]
        chosen = profile.choice.variant
        # Open on the variant last chosen if it has games, else on one that has, else the default.
        self.variant = chosen if chosen in played else played[0] if played else profile.catalogue.default
        self.body = pygame.Rect(0, 0, 0, 0)

    def build(self) -> list[Item]:
        cat = self.profile.catalogue
        return [
            Item(lambda: t("setup.variant"), values=cat.ids(), get=lambda: self.variant, set=self.set_variant,
                 show=lambda v: cat.variants[v].name.get(language(), v), name="variant"),
            Item(lambda: t("recent.open"), self.recent, name="recent"),
            Item(lambda: t("menu.back"), self.back, name="back"),
        ]  # fmt: skip

    def recent(self) -> None:
        from ui.replay.recent_scene import RecentGamesScene

        self.app.push(RecentGamesScene(self.app, self.profile))

    def set_variant(self, vid: str) -> None:
        self.variant = vid

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(size[0] - px(40, u), px(self.column_width, u))
        left, top, h = (size[0] - w) // 2, int(size[1] * 0.06 + 66 * u), px(44, u)
        if self.items:
            self.items[0].rect = pygame.Rect(left + (w - px(560, u)) // 2, top, px(560, u), h)
            bw, gap = px(240, u), px(16, u)
            for i, item in enumerate(self.items[1:]):  # Recent games · Back, in a row at the bottom
                x = size[0] // 2 - bw - gap // 2 + i * (bw + gap)
                item.rect = pygame.Rect(x, size[1] - h - px(30, u), bw, h)
            size_options(self.items[:1], u, h)
            self.body = pygame.Rect(left, top + h + px(22, u), w, self.items[1].rect.top - top - h - px(44, u))

    def handle(self, intent):  # type: ignore[no-untyped-def]
        from ui.intents import Action

        if intent.action in (Action.UP, Action.DOWN):  # the variant above, the buttons' row below
            self.focus = 0 if self.focus else 1
            self.app.dirty = True
            return True
        if intent.action in (Action.LEFT, Action.RIGHT) and self.focus:
            self.focus = 2 if intent.action == Action.RIGHT else 1
            self.app.dirty = True
            return True
        return super().handle(intent)

    def draw_body(self, surface: pygame.Surface) -> None:
        u = unit(surface.get_size())
        s = self.profile.stats.for_variant(self.variant)
        panel(surface, self.body)
        pad = px(22, u)
        inner = self.body.inflate(-2 * pad, -2 * pad)
        table_w = int(inner.width * 0.40)
        rows, places = stat_rows(s), place_table(s)
        line_h = min(int(17 * u * 1.55), inner.height // max(16, len(rows) + len(places) + 1))
        size = min(text_px(17, u), int(line_h * 0.8))
        y = inner.top
        for i, (label, value) in enumerate(rows):
            if i == 3 and places:  # after the win rate: games by place, per table size
                y = self.draw_places(surface, places, inner.left, inner.left + table_w, y, size, line_h)
            blit_text(surface, label, size, theme.MUTED, topleft=(inner.left, y))
            blit_text(surface, value, size, theme.WHITE, topright=(inner.left + table_w, y))
            y += line_h
        chart = pygame.Rect(inner.left + table_w + px(40, u), inner.top, inner.width - table_w - px(40, u),
                            inner.height)  # fmt: skip
        self.draw_chart(surface, chart, s, u)

    @staticmethod
    def draw_places(surface: pygame.Surface, places: list[tuple[str, list[str]]], left: int, right: int, y: int,
                    size: int, line_h: int) -> int:
        """The places block: column heads (Nhất Nhì Ba Bét) over a row per table size; returns the next y."""
        column = max(int(size * 2.6), fonts.text(t("stats.last"), size, theme.CREAM).get_width() + size)
        xs = [right - column * (3 - i) for i in range(4)]
        for x, key in zip(xs, PLACE_COLUMNS, strict=True):
            blit_text(surface, t(key), size, theme.CREAM, topright=(x, y))
        y += line_h
        for label, cells in places:
            width = xs[0] - column - left
            image = fonts.fit_text(label, size, theme.MUTED, width)
            surface.blit(image, (left, y))
            for x, cell in zip(xs, cells, strict=True):
                blit_text(surface, cell, size, theme.WHITE if cell != "–" else theme.MUTED, topright=(x, y))
            y += line_h
        return y

    def draw_chart(self, surface: pygame.Surface, area: pygame.Rect, s: VariantStats, u: float) -> None:
        title = t("stats.chart", n=len(s.history)) if s.history else t("stats.none")
        blit_text(surface, title, text_px(17, u), theme.CREAM, midtop=(area.centerx, area.top))
        plot = pygame.Rect(area.left + px(56, u), area.top + px(36, u), area.width - px(64, u),
                           area.height - px(50, u))  # fmt: skip
        panel(surface, plot, PLOT, corner=px(6, u))
        if not s.history:
            return
        # While every game is in the history, the chart starts from 0 chips before the first one.
        values = [0.0, *s.history] if s.games <= len(s.history) else list(s.history)
        low, high = min(values + [0.0]), max(values + [0.0])
        if high - low < 1e-9:
            high, low = high + 1, low - 1
        def y_of(v: float) -> int:
            return int(plot.bottom - (v - low) / (high - low) * plot.height)

        zero = y_of(0.0)
        pygame.draw.line(surface, theme.MUTED, (plot.left, zero), (plot.right, zero), 1)
        for v in (high, low):
            image = fonts.text(signed(round(v)), text_px(13, u), theme.MUTED)
            surface.blit(image, image.get_rect(midright=(plot.left - px(6, u), y_of(v))))
        n = len(values)
        points = [(plot.left + (plot.width * i) // max(1, n - 1), y_of(v)) for i, v in enumerate(values)]
        if n > 1:
            fill = [(x - plot.left, y - plot.top) for x, y in [(points[0][0], zero), *points, (points[-1][0], zero)]]
            shade = pygame.Surface(plot.size, pygame.SRCALPHA)
            pygame.draw.polygon(shade, (*theme.GOLD, 50), fill)
            surface.blit(shade, plot.topleft)
            pygame.draw.lines(surface, theme.GOLD, False, points, max(2, px(3, u)))
        last = points[-1]
        pygame.draw.circle(surface, theme.GREEN_OK if values[-1] >= 0 else theme.RED, last, px(5, u))
