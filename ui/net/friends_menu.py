"""Play with friends: host a table or join one. The match a link leads to opens over this menu, and leaving
it (or losing it) comes back here."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

import pygame

from ui import fonts, theme
from ui.i18n import t
from ui.menus.base import MenuScene
from ui.menus.widgets import Item, blit_text
from ui.net.prefs import load_prefs, save_prefs
from ui.screen import px, text_px, unit

if TYPE_CHECKING:
    from ui.net.link import Link
    from ui.persist.profile import Profile
    from ui.scene import Host


class FriendsMenu(MenuScene):
    title_key = "net.title"
    column_width = 420
    row_height = 54

    def __init__(self, app: Host, profile: Profile) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.prefs, notices = load_prefs(profile.paths)
        for notice in notices:
            app.notices.post(notice)

    def build(self) -> list[Item]:
        from ui.net.host_screen import HostScene
        from ui.net.join_screen import JoinScene

        return [
            Item(lambda: t("net.host"), lambda: self.app.push(HostScene(self.app, self.profile, self)), primary=True,
                 name="host"),
            Item(lambda: t("net.join"), lambda: self.app.push(JoinScene(self.app, self.profile, self)), name="join"),
            Item(lambda: t("menu.back"), self.app.pop, name="back"),
        ]  # fmt: skip

    def open_table(self, link: Link, _: dict[str, Any]) -> None:
        """The first deal came: everything above this menu gives way to the table."""
        from ui.net.opening import open_remote_table

        above = list(self.app.stack)
        index = above.index(self) if self in above else -1
        if index >= 0 and index + 1 < len(above):
            link_owner = above[index + 1]
            self.app.remove(link_owner)  # the host or join screen and the waiting room over it
        if not link.hosting:  # kept, so that joining this table again takes this seat back
            self.prefs = replace(self.prefs, seat_url=link.url, seat_code=link.code, seat_token=link.token)
            save_prefs(self.profile.paths, self.prefs)
        open_remote_table(self.app, self.profile, link)

    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        top = int(size[1] * 0.06 + 80 * u)
        line_h = fonts.font(text_px(18, u)).get_linesize()
        for line in fonts.wrap(t("net.intro"), text_px(18, u), px(620, u)):
            blit_text(surface, line, text_px(18, u), theme.CREAM, midtop=(size[0] // 2, top))
            top += line_h

    def title_bottom(self, size: tuple[int, int]) -> int:
        return int(size[1] * 0.06 + 160 * unit(size))
