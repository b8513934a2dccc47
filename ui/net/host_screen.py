"""Host a table: the variant, the seats (2–4), the level of the bots that fill the empty seats, a turn timer,
an optional password, the host's name and whether the table is announced on the local network. Hosting
starts a server in this window's process, sits the host at a new table on it and opens the waiting room."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from game.table.choice import DIFFICULTIES
from ui import theme
from ui.i18n import language, t
from ui.menus.widgets import Item, blit_text
from ui.net.fields import FieldItem, TextField, TypingMenu
from ui.net.link import DEFAULT_PORT, HostOptions, host_link
from ui.net.prefs import TIMERS, FriendsPrefs, save_prefs
from ui.net.words import timer_word
from ui.screen import px, text_px, unit

if TYPE_CHECKING:
    import pygame

    from ui.net.friends_menu import FriendsMenu
    from ui.persist.profile import Profile
    from ui.scene import Host

NAME_LIMIT = 20
PASSWORD_LIMIT = 32


def name_field(value: str) -> TextField:
    return TextField(value, NAME_LIMIT)


class HostScene(TypingMenu):
    title_key = "net.host.title"
    column_width = 620
    row_height = 44
    gap = 8

    def __init__(self, app: Host, profile: Profile, menu: FriendsMenu, port: int = DEFAULT_PORT) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.menu = menu
        self.port = port
        self.prefs: FriendsPrefs = menu.prefs
        if self.prefs.variant not in profile.catalogue.variants:
            self.prefs = replace(self.prefs, variant=profile.catalogue.default)
        self.password = TextField("", PASSWORD_LIMIT)
        self.name = name_field(self.prefs.name)
        self.problem = ""

    def _set(self, **changes: Any) -> None:
        self.prefs = replace(self.prefs, **changes)

    def variant_name(self, vid: str) -> str:
        rules = self.profile.catalogue.variants[vid]
        return rules.name.get(language()) or vid

    def build(self) -> list[Item]:
        return [
            Item(lambda: t("setup.variant"), values=self.profile.catalogue.ids(), get=lambda: self.prefs.variant,
                 set=lambda v: self._set(variant=v), show=self.variant_name, name="variant"),
            Item(lambda: t("net.host.seats"), values=(2, 3, 4), get=lambda: self.prefs.seats,
                 set=lambda v: self._set(seats=v), name="seats"),
            Item(lambda: t("net.host.bot_level"), values=DIFFICULTIES, get=lambda: self.prefs.bot_level,
                 set=lambda v: self._set(bot_level=v), show=lambda v: t(f"setup.difficulty.{v}"), name="level"),
            Item(lambda: t("net.host.timer"), values=TIMERS, get=lambda: self.prefs.timer,
                 set=lambda v: self._set(timer=v), show=timer_word, name="timer"),
            FieldItem(lambda: t("net.password"), text=self.password, placeholder=lambda: t("net.password.none"),
                      name="password"),
            FieldItem(lambda: t("net.your_name"), text=self.name, placeholder=lambda: t("net.name.hint"),
                      name="name"),
            Item(lambda: t("net.host.announce"), values=(True, False), get=lambda: self.prefs.announce,
                 set=lambda v: self._set(announce=v), show=lambda v: t("menu.on") if v else t("menu.off"),
                 name="announce"),
            Item(lambda: t("net.host.go"), self.submit, primary=True, name="host"),
            Item(lambda: t("menu.back"), self.back, name="back"),
        ]  # fmt: skip

    def submit(self) -> None:
        """Host the table: refused with a message when the name is missing or no server can start."""
        from ui.net.waiting_room import WaitingRoom

        name = " ".join(self.name.value.split())
        if not name:
            self.problem = t("net.name.needed")
            self.focus = next(i for i, item in enumerate(self.items) if item.name == "name")
            return
        self.prefs = replace(self.prefs, name=name)
        self.menu.prefs = self.prefs
        save_prefs(self.profile.paths, self.prefs)
        options = HostOptions(self.prefs.variant, self.prefs.seats, self.prefs.bot_level, self.prefs.timer,
                              self.password.value, name)  # fmt: skip
        try:
            link = host_link(options, self.port, announce=self.prefs.announce,
                             variants=self.profile.catalogue.variants)  # fmt: skip
        except OSError as exc:
            self.problem = t("net.host.cannot", reason=str(exc.strerror or exc)[:120])
            return
        self.problem = ""
        self.app.push(WaitingRoom(self.app, self.profile, link, self.menu, self.menu.open_table))

    def back(self) -> None:
        self.menu.prefs = self.prefs
        self.app.pop()

    def footer(self, size: tuple[int, int]) -> int:
        return px(60, unit(size))

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        if not self.items:
            return
        below = self.items[-1].rect.bottom + px(12, u)
        text, colour = (self.problem, theme.WARN) if self.problem else (t("net.host.note"), theme.MUTED)
        blit_text(surface, text, text_px(16, u), colour, midtop=(size[0] // 2, below))
