"""The waiting room of a table played with friends: while the link connects it says so (or why it could not);
then it shows the address and the short code to give friends, the table's options and who has sat down. The
host starts the match (the empty seats are played by bots); everyone's window opens the table when the server
deals the first game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.net.protocol import ProtocolError, decode_rules
from ui import theme
from ui.i18n import language, t
from ui.menus.base import MenuScene
from ui.menus.widgets import Item, blit_text
from ui.net.link import Link, addresses_for_friends, start_announcing
from ui.net.words import error_text, level_word, timer_word
from ui.screen import panel, px, text_px, unit

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host, Scene


class WaitingRoom(MenuScene):
    title_key = "net.room.title"

    def __init__(self, app: Host, profile: Profile, link: Link, back_to: Scene | None = None,
                 on_table: Callable[[Link, dict[str, Any]], None] | None = None) -> None:  # fmt: skip
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.link = link
        self.back_to = back_to  # the screen the match returns to (Play with friends)
        self.on_table = on_table
        self.problem = ""  # why the table could not be reached or was refused
        self.welcomed = False
        self.opened = False
        self.note = ""  # the server refused something (Start before anyone could sit, ...)

    # -- items ---------------------------------------------------------------------------------------------
    def build(self) -> list[Item]:
        items = []
        if self.link.hosting and self.welcomed and not self.problem:
            items.append(Item(lambda: t("net.room.start"), self.start, primary=True, name="start"))
        items.append(Item(lambda: t("net.room.leave") if self.welcomed and not self.problem else t("menu.back"),
                          self.back, name="leave"))  # fmt: skip
        return items

    def layout(self, size: tuple[int, int]) -> None:
        """The buttons in one row at the foot of the screen."""
        u = unit(size)
        h, gap = px(50, u), px(14, u)
        w = px(240, u)
        total = len(self.items) * (w + gap) - gap
        left = (size[0] - total) // 2
        for i, item in enumerate(self.items):
            item.rect = pygame.Rect(left + i * (w + gap), size[1] - px(40, u) - h, w, h)

    # -- the link --------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if self.opened or self.problem:
            return
        messages = self.link.poll()
        for index, msg in enumerate(messages):
            kind = msg.get("type")
            if kind == "welcome":
                self.welcomed = True
                start_announcing(self.link)
                self.refresh()
                self.focus = 0  # Start, for the host
            elif kind == "error" and not self.welcomed:
                self.fail(error_text(msg))
                return
            elif kind == "error":
                self.note = error_text(msg)
            elif kind == "ended":
                self.fail(t("net.ended", reason=error_text({"code": msg.get("reason"), "message": ""})))
                return
            elif kind == "game":
                self.link.unread(messages[index:])  # the table reads the deal and what came after it
                self.open_table()
                return
            self.app.dirty = True
        if self.link.lost:
            self.fail(t("net.lost", reason=self.link.lost))

    def fail(self, text: str) -> None:
        self.problem = text
        self.link.close()
        self.refresh()

    def start(self) -> None:
        self.link.send("start")

    def open_table(self) -> None:
        self.opened = True
        if self.on_table is not None:
            self.on_table(self.link, {})

    def back(self) -> None:
        self.link.close()
        self.app.pop()

    def leave(self) -> None:
        """Removed from the stack: a link not handed on to a table is closed."""
        if not self.opened:
            self.link.close()

    def animating(self) -> bool:
        return not self.opened and not self.problem  # messages may come at any moment

    # -- drawing ---------------------------------------------------------------------------------------------
    def draw_body(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        u = unit(size)
        cx = size[0] // 2
        top = int(size[1] * 0.06 + 80 * u)
        if self.problem:
            blit_text(surface, self.problem, text_px(22, u), theme.WARN, midtop=(cx, top + px(60, u)))
            return
        if not self.welcomed:
            word = "net.room.starting" if self.link.hosting else "net.room.joining"
            blit_text(surface, t(word), text_px(22, u), theme.CREAM, midtop=(cx, top + px(60, u)))
            return
        top = self._address(surface, cx, top, u)
        top = self._options(surface, cx, top + px(10, u), u)
        self._seats(surface, cx, top + px(14, u), u)
        if self.note:
            blit_text(surface, self.note, text_px(17, u), theme.WARN,
                      midbottom=(cx, self.items[0].rect.top - px(12, u)))  # fmt: skip

    def _address(self, surface: pygame.Surface, cx: int, top: int, u: float) -> int:
        """The code, and for the host the address to give friends."""
        code = blit_text(surface, t("net.room.code", code=self.link.code), text_px(30, u), theme.GOLD,
                         midtop=(cx, top))  # fmt: skip
        top = code.bottom + px(4, u)
        if self.link.hosting and self.link.server is not None:
            addresses = addresses_for_friends(int(self.link.server.port))
            line = blit_text(surface, t("net.room.address", address=addresses[0]), text_px(22, u), theme.WHITE,
                             midtop=(cx, top))  # fmt: skip
            top = line.bottom + px(2, u)
            if len(addresses) > 2:
                others = ", ".join(addresses[1:-1][:3])
                top = blit_text(surface, t("net.room.also", addresses=others), text_px(15, u), theme.MUTED,
                                midtop=(cx, top)).bottom  # fmt: skip
            top = blit_text(surface, t("net.room.internet"), text_px(15, u), theme.MUTED, midtop=(cx, top)).bottom
        return top

    def _options(self, surface: pygame.Surface, cx: int, top: int, u: float) -> int:
        table = self.link.table
        variant = str(table.get("variant", ""))
        try:
            name = decode_rules(table["rules"]).name.get(language()) or variant
        except (KeyError, ProtocolError):
            name = variant
        bots = t("net.room.bots", level=level_word(table.get("bot_level")))
        parts = [name, t("net.seats_n", n=self.link.players), bots, timer_word(int(table.get("timer") or 0))]
        if table.get("password"):
            parts.append(t("net.room.locked"))
        return blit_text(surface, " · ".join(parts), text_px(18, u), theme.CREAM, midtop=(cx, top)).bottom

    def _seats(self, surface: pygame.Surface, cx: int, top: int, u: float) -> None:
        n = self.link.players
        row_h, w = px(44, u), px(520, u)
        box = pygame.Rect(cx - w // 2, top, w, row_h * n + px(60, u))
        body = panel(surface, box, title=t("net.room.seated"))
        host_seat = self.link.table.get("host", 0)
        y = body.top + px(6, u)
        for seat in range(n):
            name = self.link.names[seat] if seat < len(self.link.names) else ""
            if seat in self.link.seated:
                text, colour = name, theme.WHITE
                if seat == host_seat:
                    text += f"  ({t('net.room.host')})"
                if seat == self.link.seat:
                    text += f"  — {t('table.you')}"
                    colour = theme.GOLD
            else:
                text, colour = t("net.room.empty"), theme.MUTED
            label = t("net.room.seat_n", n=seat + 1)
            blit_text(surface, label, text_px(17, u), theme.MUTED, midleft=(body.left + px(18, u), y + row_h // 2))
            blit_text(surface, text, text_px(20, u), colour, midleft=(body.left + px(120, u), y + row_h // 2))
            y += row_h
        if not self.link.hosting:
            blit_text(surface, t("net.room.wait_host"), text_px(17, u), theme.CREAM,
                      midtop=(cx, box.bottom + px(10, u)))  # fmt: skip
