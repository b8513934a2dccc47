"""The table played with friends: the one ``TableScene`` driven by a ``RemoteSession``, with what only a
networked table has drawn over it — the turn timer running down around the avatar of the seat to play, a
person's "away" tag, the chat's phrases — and the link's end (the host left, the connection dropped) said
plainly before going back to the menu.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import pygame

from ui import fonts, screen, theme
from ui.i18n import t
from ui.intents import Intent
from ui.net.chat import ChatBox
from ui.net.remote_session import RemoteSession
from ui.scene import Host
from ui.table import painter
from ui.table.effects import FloatText
from ui.table.scene import TableScene

CHAT_SECONDS = 4.0  # how long a phrase stays beside its seat
URGENT = 5.0  # seconds left from which the timer turns red


class NetTableScene(TableScene):
    """A ``TableScene`` whose session is a ``RemoteSession`` (``self.remote``)."""

    def __init__(self, app: Host, session: RemoteSession) -> None:
        self.remote = session
        super().__init__(app, session)
        self.on_ended: Callable[[str], None] | None = None  # the link is gone: say why, then to the menu
        self.ended_shown = False
        self.chat = ChatBox(session.say)
        self._second: int | None = None

    def start_game(self) -> None:
        super().start_game()
        human = self.session.human
        self.model.unseen = {s for s in range(self.session.players) if s != human and not self.model.revealed}

    # -- the link ----------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        session = self.remote
        if session.restart:
            session.restart = False
            self.start_game()
        for note in session.notes:
            self._say(note)
        session.notes.clear()
        now = time.monotonic()
        session.chat[:] = [c for c in session.chat if now - c[2] < CHAT_SECONDS]
        left = session.seconds_left()
        second = None if left is None else math.ceil(left)
        if second != self._second:  # the timer's figure changes once a second: one frame then
            self._second = second
            self.app.dirty = True
        if session.ended is not None and not self.ended_shown:
            self.ended_shown = True
            if self.on_ended is not None:
                self.on_ended(session.ended)

    def _say(self, note: str) -> None:
        """A note from the server: a seat ran out of time (said at the seat), or a refusal (as the table's own)."""
        if note.startswith("timeout:"):
            seat = int(note.split(":", 1)[1])
            at = self.layout.seats[seat].bubble
            self.sprites.effects.append(FloatText(life=2.2, value=t("net.timeout", name=self.seat_name(seat)),
                                                  at=(at[0], at[1] - int(30 * self.layout.unit)), colour=theme.WARN,
                                                  size=20, rise=16))  # fmt: skip
        else:
            self.actions.refuse(note)

    def next_due(self) -> float | None:
        """The turn timer's figure, when it next changes (it is shown in whole seconds)."""
        own = super().next_due()
        left = self.remote.seconds_left()
        if left is None or left <= 0:
            return own
        tick = left - math.floor(left) or 1.0
        return tick if own is None else min(own, tick)

    def animating(self) -> bool:
        remote = self.remote
        return super().animating() or bool(remote.chat) or self.chat.open or remote.reconnecting is not None

    # -- input ---------------------------------------------------------------------------------------------
    def handle(self, intent: Intent) -> bool:
        if self.chat.handle(intent, self.layout):
            self.app.dirty = True
            return True
        return super().handle(intent)

    def leave(self) -> None:
        super().leave()
        self.remote.link.close()

    # -- drawing -------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lay, session = self.layout, self.remote
        turn = self._turn_seat()
        left = session.seconds_left()
        if turn is not None and left is not None and session.turn_seconds:
            self._timer(surface, turn, left)
        for seat in session.away:
            place = lay.seats[seat]
            at = (place.badge[0], place.badge[1] + lay.avatar_r // 2)  # over the avatar: nobody is there
            painter.pill(surface, at, t("net.away"), lay, fill=(70, 30, 20, 220), ink=theme.CREAM)
        for seat, phrase, _ in session.chat:
            self.chat.draw_said(surface, lay, seat, phrase)
        self.chat.draw(surface, lay)
        if session.reconnecting is not None:
            painter.pill(surface, (lay.size[0] // 2, lay.centre[1]), t("net.reconnecting"), lay,
                         fill=(60, 20, 10, 230), ink=theme.CREAM)  # fmt: skip

    def _turn_seat(self) -> int | None:
        """The seat the server waits on (the table may still be showing the moves before it)."""
        game = self.session.game
        if self.dealing or game.is_over or self.model.is_over:
            return None
        return game.current_player if not self.remote.pending else None

    def _timer(self, surface: pygame.Surface, seat: int, left: float) -> None:
        """A ring around the seat's avatar that empties as its time runs out, and the seconds left."""
        lay = self.layout
        place = lay.seats[seat]
        r = lay.avatar_r + screen.pad(7, lay.unit)
        share = max(0.0, min(1.0, left / max(1, self.remote.turn_seconds)))
        colour = theme.WARN if left <= URGENT else theme.GOLD
        rect = pygame.Rect(0, 0, 2 * r, 2 * r)
        rect.center = place.badge
        width = max(3, screen.pad(5, lay.unit))
        pygame.draw.circle(surface, (0, 0, 0), place.badge, r, width)
        if share > 0:
            pygame.draw.arc(surface, colour, rect, math.pi / 2, math.pi / 2 + 2 * math.pi * share, width)
        figure = fonts.text(str(math.ceil(left)), lay.small_font, colour, fonts.BOLD)
        spot = figure.get_rect().inflate(screen.pad(12, lay.unit), screen.pad(6, lay.unit))
        spot.center = (place.badge[0] - int(r * 0.8), place.badge[1] - int(r * 0.8))
        screen.panel(surface, spot, screen.tag((0, 0, 0, 200), colour), corner=spot.height // 2)
        surface.blit(figure, figure.get_rect(center=spot.center))

