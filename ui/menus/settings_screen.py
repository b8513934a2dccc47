"""Settings: every change takes effect at once (``app.apply_settings``) and is saved by the app's hook."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from ui import theme
from ui.i18n import LANGUAGES, t
from ui.menus.base import MenuScene, speed_word
from ui.menus.widgets import Item, blit_text
from ui.screen import px, text_px, unit
from ui.settings_model import ANIMATION_SPEEDS, CARD_BACKS, OPPONENT_SPEEDS

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host

VOLUMES = tuple(round(v / 10, 1) for v in range(11))


def _on_off(value: bool) -> str:
    return t("menu.on") if value else t("menu.off")


class SettingsScene(MenuScene):
    title_key = "settings.title"
    column_width = 620  # the longest label ("Auto-pass when nothing beats") on one line at the rows' size
    row_height = 46
    gap = 9

    def __init__(self, app: Host, profile: Profile | None = None) -> None:
        super().__init__(app, profile)

    def option(self, name: str, values: tuple[Any, ...], show: Any = str, wrap: bool = True) -> Item:
        """A row for a setting; ``wrap=False`` for an ordered scale, which stops at its ends."""
        return Item(lambda: t(f"settings.{name}"), values=values, get=lambda: getattr(self.app.settings, name),
                    set=lambda v: self.apply(name, v), show=show, wrap=wrap, name=name)  # fmt: skip

    def build(self) -> list[Item]:
        volume = min(VOLUMES, key=lambda v: abs(v - self.app.settings.volume))
        if volume != self.app.settings.volume:
            self.app.settings.volume = volume
        return [
            self.option("language", LANGUAGES, lambda v: t(f"settings.language.{v}")),
            self.option("volume", VOLUMES, lambda v: f"{round(v * 100)}%", wrap=False),
            Item(lambda: t("settings.sound"), values=(False, True), get=lambda: self.app.settings.muted,
                 set=lambda v: self.apply("muted", v), show=lambda muted: _on_off(not muted), name="muted"),
            self.option("animation_speed", ANIMATION_SPEEDS, lambda v: speed_word(v, ANIMATION_SPEEDS), wrap=False),
            self.option("opponent_speed", OPPONENT_SPEEDS, lambda v: speed_word(v, OPPONENT_SPEEDS), wrap=False),
            self.option("auto_pass", (False, True), _on_off),
            self.option("four_colour", (False, True), _on_off),
            self.option("card_back", CARD_BACKS, lambda v: t(f"settings.card_back.{v}")),
            self.option("fullscreen", (False, True), _on_off),
            Item(lambda: t("menu.back"), self.back, name="back"),
        ]

    def apply(self, name: str, value: Any) -> None:
        setattr(self.app.settings, name, value)
        self.app.apply_settings()  # language, sound and window now; the app's hook saves the file

    def title_bottom(self, size: tuple[int, int]) -> int:
        return int(size[1] * 0.06 + 92 * unit(size))  # below the subtitle, clear of the panel's rim

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        blit_text(surface, t("settings.saved"), text_px(16, u), theme.MUTED,
                  midtop=(size[0] // 2, int(size[1] * 0.06 + 64 * u)))  # fmt: skip
        self.draw_preview(surface, u)

    def draw_preview(self, surface: pygame.Surface, u: float) -> None:
        """The card back and deck colours as they will look at the table."""
        from game.engine.cards import parse_cards
        from ui.card_art import art_for

        if not self.items:
            return
        s = self.app.settings
        art = art_for(px(64, u), s.four_colour, s.card_back)
        column = self.items[0].rect
        x = column.right + px(40, u)
        if x + art.w * 2 > surface.get_width():
            return
        y = column.top
        surface.blit(art.back(), (x, y))
        for i, card in enumerate(parse_cards("As Kc Qd Jh")):
            surface.blit(art.face(card), (x + int(i * 22 * u), y + art.h + px(16, u) + int(i * 8 * u)))
