"""The coach's review of a finished game: a progress bar while the review runs in its own process, then the
costliest decisions (each can open the replay at that moment) and the same deal played by the strongest bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.review.replay import Replay
from game.review.report import chance_path, duplicate_line, finding_line
from game.review.words import phrase
from ui import fonts, theme
from ui.i18n import language, t
from ui.intents import Action, Intent
from ui.menus.base import MenuScene
from ui.menus.widgets import Item, blit_text, blit_wrapped
from ui.replay.chance_chart import ChanceChart
from ui.replay.review_job import ReviewJob
from ui.replay.shown import ShownGame
from ui.screen import bar as draw_bar
from ui.screen import panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.scene import Host

OpenReplay = Callable[[int, Sequence[int]], None]  # opens the replay just before a step, the findings marked


class ReviewScene(MenuScene):
    title_key = "review.title"
    column_width = 1000

    def __init__(self, app: Host, shown: ShownGame, open_replay: OpenReplay | None = None,
                 options: Mapping[str, Any] | None = None, use_process: bool = True) -> None:  # fmt: skip
        super().__init__(app)
        self.shown = shown
        self.open_replay = open_replay
        self.job = ReviewJob(shown.review_request(options), use_process)
        self.unfinished = not Replay(shown.record, shown.rules).final.is_over  # reviewed as far as it went
        self.body = pygame.Rect(0, 0, 0, 0)
        self.chart: ChanceChart | None = None  # the chance chart, where there is room for it (``layout``)
        self.hover: int | None = None  # the chart's point under the pointer
        self._state = ""

    # -- the job -------------------------------------------------------------------------------------------
    def enter(self) -> None:
        if not self.job.mode:
            self.job.start()
        super().enter()

    def update(self, dt: float) -> None:
        if not self.job.done and self.job.update():
            self.app.dirty = True
        state = "done" if self.job.done else "running"
        if state != self._state:
            self._state = state
            self.refresh()

    def animating(self) -> bool:
        return not self.job.done

    def back(self) -> None:
        self.app.pop()

    def leave(self) -> None:
        if not self.job.done:  # closed while it ran (Esc, Cancel, or the app closing): stop it
            self.job.cancel()

    # -- items ---------------------------------------------------------------------------------------------
    def build(self) -> list[Item]:
        if not self.job.done:
            return [Item(lambda: t("review.cancel"), self.back, name="cancel")]
        items: list[Item] = []
        review = self.job.result
        if review is not None and self.open_replay is not None:
            for i, f in enumerate(review.findings):
                items.append(Item(partial(t, "review.show", n=f.step + 1), partial(self.show, f.step),
                                  primary=i == 0, name=f"finding{i}"))  # fmt: skip
        items.append(Item(lambda: t("review.back"), self.back, name="back"))
        return items

    def show(self, step: int) -> None:
        review = self.job.result
        if self.open_replay is not None and review is not None:
            self.open_replay(step, [f.step for f in review.findings])

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(size[0] - px(40, u), px(self.column_width, u))
        left, h, gap = (size[0] - w) // 2, px(46, u), px(14, u)
        bottom = size[1] - px(28, u)
        n = max(1, len(self.items))
        bw = min(px(230, u), (w - gap * (n - 1)) // n)
        row = n * bw + (n - 1) * gap
        for i, item in enumerate(self.items):
            item.rect = pygame.Rect((size[0] - row) // 2 + i * (bw + gap), bottom - h, bw, h)
        top = self.title_bottom(size) + px(10, u)
        self.body = pygame.Rect(left, top, w, bottom - h - px(20, u) - top)
        self._place_chart(size)

    def handle(self, intent: Intent) -> bool:
        if intent.action == Action.HOVER:
            point = self._chart_point(intent)
            if point != self.hover:
                self.hover = point
                self.app.dirty = True
            if point is not None:
                return True
        if intent.action == Action.POINTER_UP and (point := self._chart_point(intent)) is not None:
            self.show(self.chart.points[point].step if self.chart is not None else 0)
            return True
        if intent.action in (Action.LEFT, Action.RIGHT):  # the buttons are in a row
            self.move_focus(-1 if intent.action == Action.LEFT else 1)
            self.app.dirty = True
            return True
        return super().handle(intent)

    # -- the chart -----------------------------------------------------------------------------------------
    def _place_chart(self, size: tuple[int, int]) -> None:
        """Lay the chance chart out between the text and the note at the bottom, where there is room for it."""
        self.chart = None
        review = self.job.result if self.job.done else None
        points = chance_path(review) if review is not None else ()
        if not points:
            return
        u = unit(size)
        inner, text_size = self._inner(u), self._text_size(u)
        top = self._text(None, inner, text_size, u) + px(18, u)
        area = pygame.Rect(inner.left, top, inner.width, self._note_top(inner, text_size) - px(14, u) - top)
        if ChanceChart.fits(area, u):
            self.chart = ChanceChart(area, points, u, text_size + 2, clickable=self.open_replay is not None)

    def _chart_point(self, intent: Intent) -> int | None:
        return self.chart.point_at(intent.pos) if self.chart is not None and intent.pos is not None else None

    # -- drawing -------------------------------------------------------------------------------------------
    def _inner(self, u: float) -> pygame.Rect:
        pad = px(24, u)
        return self.body.inflate(-2 * pad, -2 * pad)

    @staticmethod
    def _text_size(u: float) -> int:
        return max(13, text_px(19, u))

    @staticmethod
    def _note_top(inner: pygame.Rect, size: int) -> int:
        return inner.bottom - int(fonts.font(max(11, size - 4)).get_linesize() * 2)

    def _text(self, surface: pygame.Surface | None, inner: pygame.Rect, size: int, u: float) -> int:
        """The findings and the duplicate game's line, drawn on ``surface`` (or only measured, without one);
        returns the bottom of the text."""
        review = self.job.result
        assert review is not None
        lang, names = language(), self.shown.all_names()

        def line(value: str, px_size: int, colour: tuple[int, int, int], left: int, y: int, width: int) -> int:
            if surface is not None:
                return blit_wrapped(surface, value, px_size, colour, left, y, width)
            return y + len(fonts.wrap(value, px_size, width)) * int(fonts.font(px_size).get_linesize())

        def heading(value: str, y: int) -> int:
            if surface is not None:
                return blit_text(surface, value, size + 2, theme.GOLD, topleft=(inner.left, y)).bottom
            return y + fonts.text(value, size + 2, theme.GOLD).get_height()

        y = heading(t("review.findings" if review.findings else "review.no_findings"), inner.top) + px(10, u)
        for i, f in enumerate(review.findings):
            if surface is not None:
                blit_text(surface, f"{i + 1}.", size, theme.GOLD, topleft=(inner.left, y))
            y = line(finding_line(f, lang, names), size, theme.WHITE, inner.left + px(30, u), y,
                     inner.width - px(30, u)) + px(10, u)  # fmt: skip
        if not review.findings:
            key = "none" if review.decisions else "nothing"
            y = line(phrase(key, lang), size, theme.WHITE, inner.left, y, inner.width) + px(10, u)
        if self.unfinished:  # a game cut short (a damaged history, a table that closed): no duplicate game
            y = line(t("review.unfinished"), size, theme.CREAM, inner.left, y + px(8, u), inner.width) + px(10, u)
        dup = duplicate_line(review, lang)
        if dup:
            y = heading(t("review.duplicate"), y + px(8, u))
            y = line(dup, size, theme.CREAM, inner.left, y + px(8, u), inner.width)
        return y

    def draw_body(self, surface: pygame.Surface) -> None:
        u = unit(surface.get_size())
        panel(surface, self.body)
        inner, size = self._inner(u), self._text_size(u)
        if not self.job.done:
            self._progress(surface, inner, size, u)
            return
        if self.job.error is not None:
            words = t("review.error", error=self.job.error) if self.job.error else t("review.error_inside")
            blit_wrapped(surface, words, size, theme.WARN, inner.left, inner.top, inner.width)
            return
        review = self.job.result
        if review is None:
            return
        self._text(surface, inner, size, u)
        if self.chart is not None:
            self.chart.draw(surface, self.hover)
        note = t("review.how", n=len(review.decisions), seconds=f"{review.seconds:.1f}")
        blit_wrapped(surface, note, max(11, size - 4), theme.MUTED, inner.left, self._note_top(inner, size),
                     inner.width)  # fmt: skip

    def _progress(self, surface: pygame.Surface, inner: pygame.Rect, size: int, u: float) -> None:
        level = phrase(f"level.{self._level()}", language())
        text = t("review.running", level=level, percent=round(self.job.progress * 100))
        text = text[:1].upper() + text[1:]  # "máy cao thủ" opens the Vietnamese sentence
        blit_wrapped(surface, text, size, theme.WHITE, inner.left, inner.top + px(20, u), inner.width)
        bar = pygame.Rect(inner.left, inner.centery - px(12, u), inner.width, px(24, u))
        draw_bar(surface, bar, theme.FELT_DARK)
        filled = bar.copy()
        filled.width = max(bar.height, int(bar.width * self.job.progress))
        draw_bar(surface, filled, theme.GOLD)
        blit_wrapped(surface, t("review.cancel_hint"), max(11, size - 3), theme.MUTED, inner.left,
                     bar.bottom + px(24, u), inner.width)  # fmt: skip

    @staticmethod
    def _level() -> str:
        from game.review import strongest_level

        return strongest_level()
