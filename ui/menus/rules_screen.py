"""Rules: the chosen variant's reference, generated from its data, scrolled with ↑ ↓ or by dragging."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cards import parse_cards
from ui import fonts, theme
from ui.card_art import art_for
from ui.i18n import language, t
from ui.intents import Action, Intent
from ui.menus.base import MenuScene
from ui.menus.rules_text import Line, reference
from ui.menus.widgets import Item, blit_text, size_options
from ui.screen import bar, panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host


class RulesScene(MenuScene):
    title_key = "rulesref.title"
    column_width = 760

    def __init__(self, app: Host, profile: Profile, variant: str | None = None) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        cat = profile.catalogue
        self.variant = variant if variant in cat.variants else profile.choice.variant
        if self.variant not in cat.variants:
            self.variant = cat.default
        self.scroll = 0
        self.body = pygame.Rect(0, 0, 0, 0)
        self._page: tuple[tuple[str, str, int], pygame.Surface] | None = None
        self._drag: tuple[int, int] | None = None

    def build(self) -> list[Item]:
        cat = self.profile.catalogue
        return [
            Item(lambda: t("setup.variant"), values=cat.ids(), get=lambda: self.variant, set=self.set_variant,
                 show=lambda v: cat.variants[v].name.get(language(), v), name="variant"),
            Item(lambda: t("menu.back"), self.back, name="back"),
        ]  # fmt: skip

    def set_variant(self, vid: str) -> None:
        self.variant, self.scroll = vid, 0

    def layout(self, size: tuple[int, int]) -> None:
        u = unit(size)
        w = min(size[0] - px(40, u), px(self.column_width, u))
        left = (size[0] - w) // 2
        top = int(size[1] * 0.06 + 66 * u)
        h = px(44, u)
        if self.items:
            self.items[0].rect = pygame.Rect(left, top, w, h)
            self.items[1].rect = pygame.Rect((size[0] - px(240, u)) // 2, size[1] - h - px(34, u), px(240, u), h)
            size_options(self.items[:1], u, h)
            self.body = pygame.Rect(left, top + h + px(18, u), w, self.items[1].rect.top - top - h - px(40, u))
        self.clamp_scroll()

    # -- the page -----------------------------------------------------------------------------------------
    def page(self) -> pygame.Surface:
        """The whole reference drawn once per variant, language and width."""
        u = unit(self.app.size)
        key = (self.variant, language(), self.body.width)
        if self._page and self._page[0] == key:
            return self._page[1]
        rules = self.profile.catalogue.variants[self.variant]
        pad = px(20, u)
        width = self.body.width - 2 * pad
        size = text_px(17, u)
        line_h = fonts.font(size).get_linesize()
        pieces: list[tuple[pygame.Surface, int, int]] = []
        y = pad
        where = str(self.profile.paths.user_rules_file)
        custom: list[Line] = [("h", t("rulesref.h.custom")), ("p", t("rulesref.custom", file=where))]
        for line in reference(rules) + custom:
            if line[0] in ("h", "s"):
                big = line[0] == "h"
                y += px(22 if big else 10, u)
                image = fonts.text(line[1], text_px(24 if big else 20, u), theme.GOLD if big else theme.CREAM,
                                   fonts.BOLD)  # fmt: skip
                pieces.append((image, 0, y))
                y += image.get_height() + px(4, u)
                if big:
                    rule = pygame.Surface((width, max(1, px(2, u))), pygame.SRCALPHA)
                    rule.fill((*theme.GOLD, 110))
                    pieces.append((rule, 0, y))
                    y += px(8, u)
            elif line[0] == "row":
                left_w = int(width * 0.42)
                label = fonts.wrap(line[1], size, left_w - px(10, u))
                value = fonts.wrap(line[2], size, width - left_w, fonts.BOLD)
                for i, text in enumerate(label):
                    pieces.append((fonts.text(text, size, theme.MUTED), 0, y + i * line_h))
                for i, text in enumerate(value):
                    pieces.append((fonts.text(text, size, theme.WHITE, fonts.BOLD), left_w, y + i * line_h))
                y += max(len(label), len(value)) * line_h + px(3, u)
            elif line[0] == "cards":
                y = self.card_row(pieces, line[1], line[2], y, width, size)
            else:
                for text in fonts.wrap(line[1], size, width):
                    pieces.append((fonts.text(text, size, theme.CREAM), 0, y))
                    y += line_h
                y += px(5, u)
        surf = pygame.Surface((self.body.width, y + pad), pygame.SRCALPHA)
        for image, x, py in pieces:
            surf.blit(image, (pad + x, py))
        self._page = (key, surf)
        return surf

    def card_row(self, pieces: list[tuple[pygame.Surface, int, int]], spec: str, caption: str, y: int, width: int,
                 size: int) -> int:  # fmt: skip
        """Small cards (groups split by ``>``) with the caption beside them, or under them if narrow."""
        u = unit(self.app.size)
        settings = self.app.settings
        art = art_for(max(22, px(34, u)), settings.four_colour, settings.card_back)
        step = int(art.w * 0.62)
        x = 0
        for n, group in enumerate(spec.split(">")):
            if n:
                mark = fonts.text("›", text_px(30, u), theme.GOLD, fonts.BOLD)
                pieces.append((mark, x + px(4, u), y + (art.h - mark.get_height()) // 2))
                x += mark.get_width() + px(12, u)
            cards = parse_cards(group)
            for i, card in enumerate(cards):
                pieces.append((art.face(card), x + i * step, y))
            x += step * (len(cards) - 1) + art.w
        x = max(x + px(16, u), px(150, u))  # captions of short rows line up in one column
        lines = fonts.wrap(caption, size, width - x)
        line_h = fonts.font(size).get_linesize()
        if width - x < width // 3 or len(lines) > 2:  # no room beside the cards: the caption goes under them
            y += art.h + px(4, u)
            x, lines = 0, fonts.wrap(caption, size, width)
            for i, text in enumerate(lines):
                pieces.append((fonts.text(text, size, theme.WHITE), x, y + i * line_h))
            return y + len(lines) * line_h + px(10, u)
        top = y + (art.h - len(lines) * line_h) // 2
        for i, text in enumerate(lines):
            pieces.append((fonts.text(text, size, theme.WHITE), x, top + i * line_h))
        return y + art.h + px(8, u)

    def max_scroll(self) -> int:
        return max(0, self.page().get_height() - self.body.height) if self.body.height > 0 else 0

    def clamp_scroll(self) -> None:
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    # -- input --------------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        a = intent.action
        step = int(60 * unit(self.app.size))
        if a in (Action.UP, Action.DOWN):
            self.scroll += step if a == Action.DOWN else -step
        elif a in (Action.LEFT, Action.RIGHT):
            self.items[0].step(-1 if a == Action.LEFT else 1)
        elif a == Action.POINTER_DOWN and self.body.collidepoint(intent.pos):
            self._drag = (intent.pos[1], self.scroll)
        elif a == Action.POINTER_MOVE and self._drag:
            self.scroll = self._drag[1] - (intent.pos[1] - self._drag[0])
        elif a == Action.POINTER_UP and self._drag:
            self._drag = None
        else:
            return super().handle(intent)
        self.clamp_scroll()
        self.app.dirty = True
        return True

    # -- drawing ------------------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        u = unit(surface.get_size())
        panel(surface, self.body)
        page = self.page()
        self.clamp_scroll()
        inner = self.body.inflate(-px(4, u), -px(4, u))
        surface.blit(page, inner.topleft, pygame.Rect(0, self.scroll, inner.width, inner.height))
        most = self.max_scroll()
        if most:
            track = pygame.Rect(self.body.right - px(10, u), self.body.top + px(8, u), px(5, u),
                                self.body.height - px(16, u))  # fmt: skip
            knob_h = max(px(30, u), track.height * self.body.height // page.get_height())
            knob_y = track.top + (track.height - knob_h) * self.scroll // most
            bar(surface, track, theme.PANEL_EDGE)
            bar(surface, pygame.Rect(track.left, knob_y, track.width, knob_h), theme.GOLD)
        blit_text(surface, t("rulesref.scroll_hint"), text_px(14, u), theme.MUTED,
                  midtop=(surface.get_width() // 2, self.items[1].rect.bottom + px(8, u)))  # fmt: skip
