"""Notices for the player (a file set aside, a save that failed, a broken rules file), from any thread.

Each notice is written to the log when it is posted and shown once, by the app, over whichever scene is on
top; a notice posted from another thread wakes the main loop.
"""

from __future__ import annotations

import contextlib
import logging
import threading

import pygame

from ui.persist.files import Notice

log = logging.getLogger("tienlen.notice")
WAKE = pygame.event.custom_type()  # posted to end the loop's idle wait


def notice_text(notice: Notice) -> str:
    """The notice as the player reads it (its system words translated too: ``ui.menus.dialogs.notice_text``)."""
    from ui.menus.dialogs import notice_text as worded

    return worded(notice)


class NoticeBoard:
    """Notices waiting to be shown, oldest first."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pending: list[Notice] = []
        self.shown = 0

    def post(self, notice: Notice) -> None:
        log.warning("%s: %s", notice.key, notice_text(notice))
        with self._lock:
            self._pending.append(notice)
        with contextlib.suppress(pygame.error):  # no window yet (or any more): the next frame shows it
            pygame.event.post(pygame.event.Event(WAKE))

    def take(self) -> list[Notice]:
        with self._lock:
            out, self._pending = self._pending, []
        self.shown += len(out)
        return out

    def __bool__(self) -> bool:
        with self._lock:
            return bool(self._pending)
