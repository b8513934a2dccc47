"""The first screen: Continue (when a match is saved), New match, Learn to play, Play with friends, Settings,
Rules, Statistics, Quit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.cards import parse_cards
from game.version import VERSION
from ui import fonts, theme
from ui.card_art import art_for
from ui.i18n import language, t
from ui.menus.base import MenuScene
from ui.menus.rules_text import amount
from ui.menus.widgets import Item, blit_text, heading
from ui.screen import px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host

_FAN = parse_cards("2h As Kd Qc Js")


class MainMenu(MenuScene):
    column_width = 380
    row_height = 54

    def __init__(self, app: Host, profile: Profile) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile

    def build(self) -> list[Item]:
        from ui.about import AboutScene
        from ui.learn.lesson_menu import LessonMenu
        from ui.menus.new_match import NewMatchScene
        from ui.menus.rules_screen import RulesScene
        from ui.menus.settings_screen import SettingsScene
        from ui.menus.stats_screen import StatsScene
        from ui.net.friends_menu import FriendsMenu

        items = []
        if self.profile.can_continue:
            items.append(Item(lambda: t("menu.continue"), self.continue_match, primary=True, name="continue"))
        items += [
            Item(lambda: t("menu.new_match"), lambda: self.app.push(NewMatchScene(self.app, self.profile)),
                 primary=not self.profile.can_continue, name="new"),
            Item(lambda: t("learn.title"), lambda: self.app.push(LessonMenu(self.app, self.profile)), name="learn"),
            Item(lambda: t("net.title"), lambda: self.app.push(FriendsMenu(self.app, self.profile)), name="friends"),
            Item(lambda: t("menu.settings"), lambda: self.app.push(SettingsScene(self.app, self.profile)),
                 name="settings"),
            Item(lambda: t("menu.rules"), lambda: self.app.push(RulesScene(self.app, self.profile)), name="rules"),
            Item(lambda: t("menu.statistics"), lambda: self.app.push(StatsScene(self.app, self.profile)),
                 name="stats"),
            Item(lambda: t("menu.about"), lambda: self.app.push(AboutScene(self.app)), name="about"),
            Item(lambda: t("menu.quit"), self.app.quit, name="quit"),
        ]  # fmt: skip
        return items

    def enter(self) -> None:
        super().enter()
        self.focus = 0

    def resume(self) -> None:
        super().resume()
        self.focus = 0  # back from a table or a screen: Continue (or New match) has the focus

    def continue_match(self) -> None:
        from ui.table.keeper import open_table

        saved = self.profile.saved
        if saved is not None:
            open_table(self.app, self.profile, saved.choice, saved.match)

    def back(self) -> None:
        """Esc on the first screen does nothing: quitting is a button, not a slip of the finger."""

    def title_bottom(self, size: tuple[int, int]) -> int:
        return int(size[1] * 0.40)

    def continue_detail(self) -> str:
        """What Continue leads to: the game in play, or, when the last one is over, the next one; the chips
        count a game that is over even before the table records it (that happens when the next is dealt)."""
        saved = self.profile.saved
        if saved is None:
            return ""
        match, current = saved.match, saved.match.current
        totals = list(match.totals)
        played = len(match.games)
        if current is not None and current.is_over and current.result is not None:
            totals = [a + b for a, b in zip(totals, current.result.payments, strict=False)]
            played += 1
        key = "menu.continue_detail" if current is not None and not current.is_over else "menu.continue_next"
        rules = saved.match.rules
        chips = saved.choice.starting_chips + totals[0] * saved.choice.table_bet
        return t(key, variant=rules.name.get(language(), rules.id), game=played + 1, chips=amount(chips))

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        cx = size[0] // 2
        art = art_for(px(66, u))
        fan_y = int(size[1] * 0.04)
        for i, card in enumerate(_FAN):
            angle = (2 - i) * 11
            image = art.rotated(card, True, angle)
            x = cx + int((i - 2) * 34 * u)
            y = fan_y + int(abs(i - 2) * 7 * u)
            surface.blit(image, image.get_rect(center=(x, y + art.h // 2)))
        bottom = heading(surface, t("menu.title"), cx, fan_y + int(art.h * 1.12), text_px(60, u))
        blit_text(surface, t("menu.subtitle"), text_px(22, u), theme.CREAM, midtop=(cx, bottom))
        detail = self.continue_detail()
        if detail and self.items:
            blit_text(surface, detail, text_px(17, u), theme.MUTED,
                      midbottom=(cx, self.items[0].rect.top - px(12, u)))  # fmt: skip
        version = fonts.text(t("menu.version", version=VERSION), text_px(14, u), theme.MUTED)
        surface.blit(version, version.get_rect(bottomright=(size[0] - px(12, u), size[1] - px(10, u))))
