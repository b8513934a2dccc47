"""The About screen: the game's name and version, the licences of everything shipped, where the logs are.

Open it from any scene with ``app.push(AboutScene(app))``; Esc, Enter or the Back button closes it.
The licences come from ``assets/LICENSES.md`` (the same file the installers ship), so the screen cannot
drift from what is actually in the box. Legal texts stay in their original English in both languages.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.resources import asset
from game.version import APP_NAME, VERSION
from ui import applog, fonts, theme
from ui.i18n import t
from ui.intents import Action, Intent
from ui.menus.widgets import backdrop, heading
from ui.scene import Scene
from ui.screen import bar, panel, px, text_px, unit
from ui.widgets import Button

if TYPE_CHECKING:
    from ui.scene import Host


@dataclass(frozen=True)
class Block:
    """One piece of the licences file: a ``heading``, a ``bullet`` or a ``para``."""

    kind: str
    text: str


def parse_licences(markdown: str) -> list[Block]:
    """The small Markdown subset LICENSES.md uses: ``#``/``##`` headings, ``-`` bullets, paragraphs."""
    blocks: list[Block] = []
    kind, lines = "", list[str]()

    def flush() -> None:
        nonlocal kind, lines
        if lines:
            blocks.append(Block(kind, " ".join(lines)))
        kind, lines = "", []

    for raw in markdown.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("#"):
            flush()
            blocks.append(Block("heading", line.lstrip("#").strip()))
        elif line.startswith("- "):
            flush()
            kind, lines = "bullet", [line[2:].strip()]
        elif kind == "bullet" and raw.startswith(" "):
            lines.append(line)
        else:
            if kind != "para":
                flush()
                kind = "para"
            lines.append(line)
    flush()
    return blocks


class AboutScene(Scene):
    """Name, version, a scrollable licences panel, the log folder and a Back button."""

    def __init__(self, app: Host, licences_file: Path | None = None, log_folder: Path | None = None) -> None:
        super().__init__(app)
        path = licences_file or asset("LICENSES.md")
        try:
            self.blocks = parse_licences(path.read_text(encoding="utf-8"))
        except OSError as exc:
            self.blocks = [Block("para", f"{path.name}: {exc.strerror or exc}")]
        self.log_folder = log_folder or applog.log_dir()
        self.back_button = Button("about.back", Action.BACK, primary=True)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0
        self._page: pygame.Surface | None = None
        self._page_key: tuple[object, ...] = ()
        self._drag_from: tuple[int, int] | None = None  # (pointer y, scroll) when a drag began
        self._button_down = False

    # -- layout -------------------------------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        u = unit(size)
        width = min(px(940, u), size[0] - px(80, u))
        top = int(size[1] * 0.06 + 72 * u) + px(64, u)
        bottom = size[1] - px(118, u)
        self.view = pygame.Rect((size[0] - width) // 2, top, width, max(px(80, u), bottom - top))
        self.back_button.rect = pygame.Rect(0, 0, px(220, u), px(50, u))
        self.back_button.rect.center = (size[0] // 2, size[1] - px(46, u))
        self.scroll = min(self.scroll, self.max_scroll())

    def settings_changed(self) -> None:
        self._page = None

    def _text_size(self) -> int:
        return max(12, int(17 * unit(self.app.size)))

    def page(self) -> pygame.Surface:
        """The whole licences text rendered once for the panel's width."""
        size = self._text_size()
        pad = int(size * 1.2)
        key = (self.view.width, size)
        if self._page is not None and self._page_key == key:
            return self._page
        width = self.view.width - 2 * pad
        placed: list[tuple[int, int, pygame.Surface]] = []  # x, y, line image
        y = pad
        for block in self.blocks:
            if block.kind == "heading":
                face, colour, face_px, indent = fonts.BOLD, theme.GOLD, int(size * 1.15), 0
                y += int(size * 0.6) if placed else 0
            else:
                face, colour, face_px = fonts.REGULAR, theme.CREAM, size
                indent = int(size * 1.3) if block.kind == "bullet" else 0
            line_h = fonts.font(face_px, face).get_linesize()
            if block.kind == "bullet":
                placed.append((pad + int(size * 0.3), y, fonts.text("•", face_px, theme.GOLD, face)))
            for line in fonts.wrap(block.text, face_px, width - indent, face):
                placed.append((pad + indent, y, fonts.text(line, face_px, colour, face)))
                y += line_h
            y += int(size * 0.45)
        page = pygame.Surface((self.view.width, y + pad), pygame.SRCALPHA)
        for x, top, image in placed:
            page.blit(image, (x, top))
        self._page, self._page_key = page, key
        return page

    def max_scroll(self) -> int:
        if self.view.height <= 0:
            return 0
        return max(0, self.page().get_height() - self.view.height)

    def scroll_by(self, pixels: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + pixels))
        self.app.dirty = True

    # -- input ----------------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        a = intent.action
        line = int(self._text_size() * 1.5)
        if a == Action.UP:
            self.scroll_by(-line)
        elif a == Action.DOWN:
            self.scroll_by(line)
        elif a == Action.LEFT:
            self.scroll_by(-int(self.view.height * 0.9))
        elif a == Action.RIGHT:
            self.scroll_by(int(self.view.height * 0.9))
        elif a in (Action.BACK, Action.CONFIRM, Action.PLAY):
            self.app.pop()
        elif a == Action.HOVER:
            self.back_button.hover = self.back_button.contains(intent.pos)
            return self.back_button.hover
        elif a == Action.POINTER_DOWN:
            if self.back_button.contains(intent.pos):
                self._button_down = self.back_button.pressed = True
            elif self.view.collidepoint(intent.pos):
                self._drag_from = (intent.pos[1], self.scroll)
            else:
                return False
        elif a == Action.POINTER_MOVE and self._drag_from is not None:
            start_y, start_scroll = self._drag_from
            self.scroll = start_scroll
            self.scroll_by(start_y - intent.pos[1])
        elif a == Action.POINTER_UP:
            was_down, self._button_down, self.back_button.pressed = self._button_down, False, False
            self._drag_from = None
            if was_down and self.back_button.contains(intent.pos):
                self.app.pop()
        else:
            return False
        self.app.dirty = True
        return True

    # -- drawing --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        surface.blit(backdrop(size), (0, 0))
        bottom = heading(surface, APP_NAME, size[0] // 2, int(size[1] * 0.06), text_px(46, u))
        line = fonts.text(t("about.version", version=VERSION), text_px(20, u), theme.WHITE, fonts.BOLD)
        surface.blit(line, line.get_rect(midtop=(size[0] // 2, bottom + px(6, u))))
        tagline = fonts.text(t("about.tagline"), text_px(16, u), theme.MUTED)
        surface.blit(tagline, tagline.get_rect(midtop=(size[0] // 2, bottom + px(34, u))))

        panel(surface, self.view)
        page = self.page()
        self.scroll = min(self.scroll, self.max_scroll())
        # Lines scrolled half out stop short of the panel's rim instead of running over it.
        clip = self.view.inflate(-px(6, u), -px(12, u))
        previous_clip = surface.get_clip()
        surface.set_clip(clip)
        surface.blit(page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.width, self.view.height))
        surface.set_clip(previous_clip)
        if self.max_scroll() > 0:  # a thin bar showing where in the text the view is
            track = pygame.Rect(self.view.right - px(10, u), self.view.top + px(10, u), px(4, u),
                                self.view.height - px(20, u))
            thumb_h = max(px(24, u), track.height * self.view.height // page.get_height())
            thumb_y = track.top + (track.height - thumb_h) * self.scroll // max(1, self.max_scroll())
            bar(surface, track, (*theme.MUTED, 90))
            bar(surface, pygame.Rect(track.left, thumb_y, track.width, thumb_h), theme.GOLD)

        where = fonts.fit_text(t("about.logs", folder=str(self.log_folder)), text_px(14, u), theme.MUTED,
                               size[0] - px(60, u))
        surface.blit(where, where.get_rect(midtop=(size[0] // 2, self.view.bottom + px(10, u))))
        self.back_button.draw(surface, t("about.back"), text_px(22, u))
