"""Learn to play: the list of lessons, each marked when done; choosing one opens it on the table."""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.lessons import LESSONS, Lesson
from game.rules import Rules
from ui import theme
from ui.i18n import language, t
from ui.learn.progress import LessonProgress, load_progress, progress_file, save_progress
from ui.menus.base import MenuScene
from ui.menus.widgets import Item, blit_text, blit_wrapped
from ui.screen import px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host


class LessonMenu(MenuScene):
    """The lessons in order; the focused one's summary shows below the title."""

    title_key = "learn.title"
    column_width = 520
    row_height = 50
    gap = 10

    def __init__(self, app: Host, profile: Profile) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.progress, notices = load_progress(profile.paths)
        for notice in notices:  # a progress file set aside: the app tells the player over whatever is on top
            app.notices.post(notice)

    def rules_for(self, lesson: Lesson) -> Rules:
        """A lesson's own variant, or (for the scoring lesson) the variant of the player's last match."""
        if lesson.variant is not None:
            return self.profile.catalogue.load(lesson.variant)
        return self.profile.rules_for(self.profile.choice)

    def variant_name(self) -> str:
        rules = self.profile.rules_for(self.profile.choice)
        return rules.name.get(language()) or rules.id

    def build(self) -> list[Item]:
        items = []
        for n, lesson in enumerate(LESSONS, start=1):
            items.append(Item(partial(self.label, n, lesson), partial(self.open, lesson),
                              primary=not self.progress.is_done(lesson.id), name=lesson.id))  # fmt: skip
        items.append(Item(lambda: t("menu.back"), self.back, name="back"))
        return items

    def label(self, n: int, lesson: Lesson) -> str:
        mark = "✓ " if self.progress.is_done(lesson.id) else ""
        return f"{mark}{n}. {t(lesson.title)}"

    def open(self, lesson: Lesson) -> None:
        from ui.learn.lesson_open import open_lesson

        open_lesson(self.app, self.profile, lesson, self.rules_for(lesson), self)

    def save(self, progress: LessonProgress) -> None:
        """Store the progress the lesson scene reports (atomically; a failure becomes a notice)."""
        self.progress = progress
        self.profile._write(progress_file(self.profile.paths), save_progress, progress)
        self.refresh()

    def title_bottom(self, size: tuple[int, int]) -> int:
        return int(size[1] * 0.06 + 130 * unit(size))

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        cx = size[0] // 2
        top = int(size[1] * 0.06 + 62 * u)
        done = sum(1 for x in LESSONS if self.progress.is_done(x.id))
        blit_text(surface, t("learn.progress", done=done, total=len(LESSONS)), text_px(17, u), theme.MUTED,
                  midtop=(cx, top))  # fmt: skip
        focused = self.items[self.focus].name if self.items else ""
        lesson = next((x for x in LESSONS if x.id == focused), None)
        text = t(lesson.summary, variant=self.variant_name()) if lesson else t("learn.subtitle")
        width = px(self.column_width, u)
        blit_wrapped(surface, text, text_px(18, u), theme.CREAM, (size[0] - width) // 2, top + px(28, u), width,
                     centred=True)  # under the centred title and progress line
