"""The coach's review of a finished game: a progress bar while the review runs in its own process, then the
costliest decisions (each can open the replay at that moment) and the same deal played by the strongest bot."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.review.report import chance_path, duplicate_line, finding_line
from game.review.words import phrase
from ui import fonts, theme
from ui.i18n import language, t
from ui.intents import Action, Intent
from ui.menus.base import MenuScene
from ui.menus.widgets import Item, blit_text, blit_wrapped
from ui.replay.chance_chart import draw_chances, fits
from ui.replay.review_job import ReviewJob
from ui.replay.shown import ShownGame
from ui.screen import bar as draw_bar
from ui.screen import panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.app import App

OpenReplay = Callable[[int, Sequence[int]], None]  # opens the replay just before a step, the findings marked


class ReviewScene(MenuScene):
    title_key = "review.title"
    column_width = 1000

    def __init__(self, app: App, shown: ShownGame, open_replay: OpenReplay | None = None,
                 options: Mapping[str, Any] | None = None, use_process: bool = True) -> None:  # fmt: skip
        super().__init__(app)
        self.shown = shown
        self.open_replay = open_replay
        self.job = ReviewJob(shown.review_request(options), use_process)
        self.body = pygame.Rect(0, 0, 0, 0)
        self.chart: pygame.Rect | None = None  # the chance chart's plot where it was drawn (room allowing)
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

    def handle(self, intent: Intent) -> bool:
        if intent.action in (Action.LEFT, Action.RIGHT):  # the buttons are in a row
            self.move_focus(-1 if intent.action == Action.LEFT else 1)
            self.app.dirty = True
            return True
        return super().handle(intent)

    # -- drawing -------------------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        u = unit(surface.get_size())
        panel(surface, self.body)
        pad = px(24, u)
        inner = self.body.inflate(-2 * pad, -2 * pad)
        size = max(13, text_px(19, u))
        lang = language()
        if not self.job.done:
            self._progress(surface, inner, size, u)
            return
        if self.job.error is not None:
            blit_wrapped(surface, t("review.error", error=self.job.error), size, theme.WARN, inner.left, inner.top,
                         inner.width)  # fmt: skip
            return
        review = self.job.result
        if review is None:
            return
        names = self.shown.all_names()
        y = inner.top
        title = "review.findings" if review.findings else "review.no_findings"
        y = blit_text(surface, t(title), size + 2, theme.GOLD, topleft=(inner.left, y)).bottom + px(10, u)
        for i, f in enumerate(review.findings):
            blit_text(surface, f"{i + 1}.", size, theme.GOLD, topleft=(inner.left, y))
            y = blit_wrapped(surface, finding_line(f, lang, names), size, theme.WHITE, inner.left + px(30, u), y,
                             inner.width - px(30, u)) + px(10, u)  # fmt: skip
        if not review.findings:
            key = "none" if review.decisions else "nothing"
            y = blit_wrapped(surface, phrase(key, lang), size, theme.WHITE, inner.left, y, inner.width) + px(10, u)
        dup = duplicate_line(review, lang)
        if dup:
            y += px(8, u)
            y = blit_text(surface, t("review.duplicate"), size + 2, theme.GOLD, topleft=(inner.left, y)).bottom
            y = blit_wrapped(surface, dup, size, theme.CREAM, inner.left, y + px(8, u), inner.width)
        note = t("review.how", n=len(review.decisions), seconds=f"{review.seconds:.1f}")
        note_top = inner.bottom - int(fonts.font(max(11, size - 4)).get_linesize() * 2)
        chart = pygame.Rect(inner.left, y + px(18, u), inner.width, note_top - px(14, u) - y - px(18, u))
        points = chance_path(review)
        self.chart = None
        if points and fits(chart, u):
            self.chart = draw_chances(surface, chart, points, u, size + 2)
        blit_wrapped(surface, note, max(11, size - 4), theme.MUTED, inner.left, note_top, inner.width)

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
