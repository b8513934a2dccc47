"""Statistics → Recent games: the kept games, newest first; choosing one offers its replay or its review."""

from __future__ import annotations

import logging
import threading
from datetime import date, datetime
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.ai import LEVELS
from game.records.history import GameEntry
from ui import theme
from ui.i18n import language, t
from ui.menus.base import MenuScene
from ui.menus.dialogs import Dialog
from ui.menus.widgets import Item, blit_wrapped
from ui.replay.shown import ShownGame
from ui.screen import px, text_px, unit
from ui.table.words import amount, place_name

if TYPE_CHECKING:
    from ui.persist.profile import Profile
    from ui.scene import Host

PAGE = 8
RECENT = 10_000  # the history keeps fewer (docs/file-formats.md)


def finished_when(stamp: str, today: date | None = None) -> str:
    """"4 Dec 18:51" / "4 thg 12 18:51" for a game's local ``YYYY-MM-DDTHH:MM:SS`` stamp, with the year when it
    is not this year's: day before month in words, so no reader takes the 4th of December for the 12th of
    April, and the month names come from the catalogues, never from the system's locale. "" for a stamp
    that is not a date (a hand-edited history)."""
    try:
        when = datetime.strptime(stamp[:16], "%Y-%m-%dT%H:%M")
    except (TypeError, ValueError):
        return ""
    fields = {"day": when.day, "month": t(f"date.month.{when.month}"), "time": f"{when.hour:02d}:{when.minute:02d}"}
    if when.year != (today or date.today()).year:
        return t("date.day_year_time", year=when.year, **fields)
    return t("date.day_time", **fields)


class RecentGamesScene(MenuScene):
    title_key = "recent.title"
    column_width = 820
    row_height = 44
    gap = 8

    def __init__(self, app: Host, profile: Profile) -> None:
        super().__init__(app, profile)
        self.profile: Profile = profile
        self.entries: list[GameEntry] = []
        self.page = 0
        self._opened: dict[int, ShownGame | str] = {}  # by id(entry): the game to show, or why it cannot be
        # The history is read on a thread of its own the first time (a file of thousands of games takes a while):
        # the list says it is loading meanwhile, and the window keeps answering.
        self._read: list[GameEntry] | None = None
        self.loading = not profile.history.loaded
        if self.loading:
            threading.Thread(target=self._read_history, name="recent-games", daemon=True).start()
        else:
            self.entries = profile.history.recent(RECENT)

    def _read_history(self) -> None:
        try:
            self._read = self.profile.history.recent(RECENT)
        except Exception:  # the list must not say "loading" for ever; the log has what went wrong
            logging.getLogger("tienlen.recent").exception("the game history could not be read")
            self._read = []

    def update(self, dt: float) -> None:
        if self.loading and self._read is not None:
            self.entries, self.loading = self._read, False
            self.refresh()
            self.app.dirty = True

    def animating(self) -> bool:
        return self.loading  # frames keep coming until the games are read, so the list appears without input

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // PAGE))

    def build(self) -> list[Item]:
        shown = self.entries[self.page * PAGE : (self.page + 1) * PAGE]
        items = [Item(partial(self.row, e), partial(self.choose, e), muted=partial(self.unopenable, e), name=f"game{i}")
                 for i, e in enumerate(shown)]  # fmt: skip
        if self.pages > 1:
            items.append(Item(lambda: t("recent.page"), values=list(range(self.pages)), get=lambda: self.page,
                              set=self.set_page, show=lambda p: f"{p + 1} / {self.pages}", name="page"))  # fmt: skip
        items.append(Item(lambda: t("menu.back"), self.back, name="back"))
        return items

    def set_page(self, page: int) -> None:
        self.page = page
        self.refresh()

    def row(self, e: GameEntry) -> str:
        """"1 Dec 03:15 · Miền Nam · 4 players · 2nd · −1"."""
        when = finished_when(e.finished_at)
        rules = self.profile.catalogue.variants.get(e.variant)
        variant = rules.name.get(language(), e.variant) if rules else e.variant
        parts = [when, variant, self.opponents(e)]
        if e.place is not None and e.net is not None:
            parts += [place_name(e.place, len(e.payments)), amount(e.net, True)]
        if e.practice:
            parts.append(t("recent.practice"))
        if e.friends:
            parts.append(t("net.recent.friends"))
        if self.unopenable(e):
            parts.append(t("recent.unopenable"))
        return " · ".join(p for p in parts if p)

    @staticmethod
    def opponents(e: GameEntry) -> str:
        """"vs Easy, Hard, Expert" (or "vs 3 Normal") for a game the player sat in, from its opponents' levels in
        seat order after the player's; "4 players" when a level is not on the record (or the computer played
        alone)."""
        if e.seat is None or len(e.bots) != e.players:
            return t("recent.players", n=e.players)
        seats = [(e.seat + k) % e.players for k in range(1, e.players)]
        levels = [e.bots[s] for s in seats]
        names = [level[0] for level in levels if level is not None and level[0] in LEVELS]
        if len(names) != len(levels):
            return t("recent.players", n=e.players)
        if len(names) > 1 and len(set(names)) == 1:  # "vs 3 Normal": the common table, kept short
            return t("recent.against", levels=f"{len(names)} {t(f'setup.difficulty.{names[0]}')}")
        return t("recent.against", levels=", ".join(t(f"setup.difficulty.{name}") for name in names))

    def opened(self, entry: GameEntry) -> ShownGame | str:
        """The game ready to replay, or why it cannot be opened; checked once (about 1.5 ms), when first shown."""
        key = id(entry)
        if key not in self._opened:
            try:
                self._opened[key] = ShownGame.from_entry(entry, self.profile.catalogue)
            except ValueError as exc:
                self._opened[key] = str(exc)
        return self._opened[key]

    def unopenable(self, entry: GameEntry) -> bool:
        return isinstance(self.opened(entry), str)

    def choose(self, entry: GameEntry) -> None:
        shown = self.opened(entry)
        if isinstance(shown, str):
            why = shown
            self.app.push(Dialog(self.app, lambda: t("recent.title"), lambda: t("recent.cannot", error=why),
                                 [(lambda: t("review.back"), self.close_dialog, True)]))  # fmt: skip
            return
        self.app.push(Dialog(self.app, lambda: self.row(entry), lambda: t("recent.what"), [
            (lambda: t("results.replay"), lambda: self._open(shown, review=False), True),
            (lambda: t("results.review"), lambda: self._open(shown, review=True), False),
            (lambda: t("review.back"), self.close_dialog, False)]))  # fmt: skip

    def close_dialog(self) -> None:
        self.app.pop()

    def _open(self, shown: ShownGame, review: bool) -> None:
        from ui.replay.open import open_replay, open_review

        self.close_dialog()
        if review:
            open_review(self.app, shown)
        else:
            open_replay(self.app, shown)

    def draw_body(self, surface: pygame.Surface) -> None:
        if self.entries:
            return
        u = unit(surface.get_size())
        w = int(min(surface.get_width() - 80 * u, 700 * u))
        words = t("recent.loading") if self.loading else t("recent.none")
        blit_wrapped(surface, words, text_px(20, u), theme.CREAM, (surface.get_width() - w) // 2,
                     self.title_bottom(surface.get_size()) + px(40, u), w)  # fmt: skip
