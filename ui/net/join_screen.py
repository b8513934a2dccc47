"""Join a table: the tables announced on the local network appear by themselves (variant, seats taken, the
host's name; a lock when a password is asked); a table elsewhere is reached by typing ``address:port`` (and its
code when the server holds several tables) and the password if it has one. The player picks a name."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.net.discovery import TableAd, TableBrowser
from game.rules.loader import builtin_catalogue
from ui import theme
from ui.i18n import language, t
from ui.menus.widgets import Item, blit_text
from ui.net.fields import FieldItem, TextField, TypingMenu
from ui.net.host_screen import PASSWORD_LIMIT, name_field
from ui.net.link import DEFAULT_PORT, join_link
from ui.net.prefs import FriendsPrefs, save_prefs
from ui.screen import px, text_px, unit

if TYPE_CHECKING:
    from ui.net.friends_menu import FriendsMenu
    from ui.persist.profile import Profile
    from ui.scene import Host

SHOWN_TABLES = 4
_HOST = re.compile(r"^[A-Za-z0-9.\-]{1,253}$|^\[[0-9A-Fa-f:.]{2,45}\]$")


def parse_address(text: str) -> tuple[str, int] | None:
    """``host``, ``host:port`` or ``ws://host:port`` → (host, port); None when it is not an address."""
    text = text.strip()
    for prefix in ("ws://", "http://"):
        if text.lower().startswith(prefix):
            text = text[len(prefix) :]
    text = text.rstrip("/")
    host, port = text, DEFAULT_PORT
    if text.count(":") == 1 or (text.startswith("[") and "]:" in text):
        host, _, digits = text.rpartition(":")
        if not digits.isdigit() or not 0 < int(digits) < 65536:
            return None
        port = int(digits)
    if not _HOST.match(host):
        return None
    return host.strip("[]"), port


def _address_char(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch in ".:-[]/")


class JoinScene(TypingMenu):
    title_key = "net.join.title"
    column_width = 640
    row_height = 42
    gap = 7

    def __init__(self, app: Host, profile: Profile, menu: FriendsMenu, browser: TableBrowser | None = None) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.menu = menu
        self.prefs: FriendsPrefs = menu.prefs
        self.address = TextField(self.prefs.address, 80, allowed=_address_char)
        self.code = TextField(self.prefs.code, 12, allowed=lambda ch: ch.isascii() and ch.isalnum())
        self.password = TextField("", PASSWORD_LIMIT, secret=True)
        self.name = name_field(self.prefs.name)
        self.browser = browser if browser is not None else TableBrowser()
        self.found: list[TableAd] = []
        self._seen_changes = -1
        self.problem = ""

    # -- the tables found ------------------------------------------------------------------------------------
    def enter(self) -> None:
        self.browser.start()
        super().enter()

    def leave(self) -> None:
        self.browser.stop()

    def update(self, dt: float) -> None:
        changes = self.browser.changes
        if changes != self._seen_changes:
            self._seen_changes = changes
            self.found = self.browser.tables()[:SHOWN_TABLES]
            self.refresh()

    def animating(self) -> bool:
        return False  # the list is polled each frame the loop runs; the idle loop still wakes once a second

    def table_label(self, ad: TableAd) -> str:
        rules = builtin_catalogue().variants.get(ad.variant)
        variant = (rules.name.get(language()) or ad.variant) if rules else ad.variant
        lock = f" · {t('net.join.locked')}" if ad.password else ""
        full = f" · {t('net.join.full')}" if ad.full else ""
        where = f" · {ad.address}:{ad.port}"  # where a join (and a password) would go, in plain sight
        table = t("net.join.table", host=ad.host or "?", variant=variant, taken=ad.taken, seats=ad.seats)
        return table + lock + full + where

    def pick(self, ad: TableAd) -> None:
        """A table from the list: its address and code are filled in. One without a password is joined at once,
        without any password typed before; for one with a password the field is emptied and asked for, so a
        password only ever goes to the address the player sees in the Address field and joins by hand."""
        self.address.set(f"{ad.address}:{ad.port}")
        self.code.set(ad.code)
        self.password.set("")
        if ad.password:
            self.focus = next(i for i, item in enumerate(self.items) if item.name == "password")
            self.problem = t("net.join.needs_password")
            return
        self.submit()

    # -- items -----------------------------------------------------------------------------------------------
    def build(self) -> list[Item]:
        items = [self._row(index, ad) for index, ad in enumerate(self.found)]
        items += [
            FieldItem(lambda: t("net.join.address"), text=self.address, placeholder=lambda: t("net.join.address_hint"),
                      name="address"),
            FieldItem(lambda: t("net.join.code"), text=self.code, placeholder=lambda: t("net.join.code_hint"),
                      name="code"),
            FieldItem(lambda: t("net.password"), text=self.password, placeholder=lambda: t("net.password.none"),
                      name="password"),
            FieldItem(lambda: t("net.your_name"), text=self.name, placeholder=lambda: t("net.name.hint"), name="name"),
            Item(lambda: t("net.join.go"), self.submit, primary=True, name="join"),
            Item(lambda: t("menu.back"), self.back, name="back"),
        ]  # fmt: skip
        return items

    def _row(self, index: int, ad: TableAd) -> Item:
        """A table found: a button that joins it (greyed out when it is full)."""
        return Item(lambda: self.table_label(ad), lambda: self.pick(ad), enabled=lambda: not ad.full,
                    name=f"table{index}")  # fmt: skip

    def submit(self) -> None:
        from ui.net.waiting_room import WaitingRoom

        name = " ".join(self.name.value.split())
        where = parse_address(self.address.value)
        if where is None:
            self.problem = t("net.join.bad_address") if self.address.value.strip() else t("net.join.no_address")
            self._focus("address")
            return
        if not name:
            self.problem = t("net.name.needed")
            self._focus("name")
            return
        self.problem = ""
        self.prefs = replace(self.prefs, name=name, address=self.address.value.strip(), code=self.code.value)
        self.menu.prefs = self.prefs
        save_prefs(self.profile.paths, self.prefs)
        host, port = where
        shown = f"[{host}]" if ":" in host else host
        url, code = f"ws://{shown}:{port}", self.code.value.upper()
        p = self.prefs
        token = p.seat_token if url == p.seat_url and code in ("", p.seat_code) else ""  # coming back to a seat
        link = join_link(url, code, name, self.password.value, token)
        self.app.push(WaitingRoom(self.app, self.profile, link, self.menu, self.menu.open_table))

    def _focus(self, name: str) -> None:
        self.focus = next(i for i, item in enumerate(self.items) if item.name == name)

    def back(self) -> None:
        self.menu.prefs = self.prefs
        self.app.pop()

    def layout(self, size: tuple[int, int]) -> None:
        """As a menu lays out, with the tables found set apart from the fields below them."""
        super().layout(size)
        gap = px(26, unit(size))
        for row in self.items:
            if row.name.startswith("table"):
                row.rect = row.rect.move(0, -gap)

    # -- drawing ---------------------------------------------------------------------------------------------
    def title_bottom(self, size: tuple[int, int]) -> int:
        u = unit(size)
        return int(size[1] * 0.06 + 100 * u)

    def footer(self, size: tuple[int, int]) -> int:
        return px(40, unit(size))

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        cx = size[0] // 2
        top = int(size[1] * 0.06 + 66 * u)
        if self.browser.error:
            heading, colour = t("net.join.no_lan", reason=self.browser.error[:80]), theme.WARN
        elif self.found:
            heading, colour = t("net.join.found"), theme.CREAM
        else:
            heading, colour = t("net.join.looking"), theme.MUTED
        blit_text(surface, heading, text_px(18, u), colour, midtop=(cx, top))
        if not self.items:
            return
        below = self.items[-1].rect.bottom + px(10, u)
        text, colour = (self.problem, theme.WARN) if self.problem else (t("net.join.note"), theme.MUTED)
        blit_text(surface, text, text_px(16, u), colour, midtop=(cx, below))
