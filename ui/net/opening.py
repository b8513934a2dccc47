"""Sitting down at a table played with friends, and getting up from it.

``open_remote_table`` builds the ``RemoteSession`` from the server's first deal and opens the table over the
Play with friends menu, with the results after every game. Each finished game is kept in the player's history,
marked as played with friends (a replay of it shows only the player's own hand until the game shows the
others). Esc offers to leave; the host is told that leaving ends the table for everyone. When the host leaves
or the connection drops, the table says so and goes back to the menu; the games already kept stay kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.engine.game import Game
from game.net.protocol import ProtocolError
from game.records.history import new_entry
from ui.i18n import t
from ui.menus.dialogs import Dialog
from ui.net.link import Link
from ui.net.remote_session import RemoteSession
from ui.results import ResultsScene

if TYPE_CHECKING:
    from ui.net.table import NetTableScene
    from ui.persist.profile import Profile
    from ui.scene import Host
    from ui.table.scene import TableScene


class FriendsKeeper:
    """Listens to a remote session: each finished game goes into the history, seen from this seat only."""

    def __init__(self, profile: Profile | None) -> None:
        self.profile = profile
        self.kept = 0

    def match_changed(self, session: Any) -> None:
        """A match played with friends lives on the host's server; nothing is saved here."""

    def game_finished(self, session: Any, game: Game) -> None:
        if self.profile is None or game.result is None:
            return
        number = len(session.match.results) + (1 if session.match.current is game else 0)
        entry = new_entry(game, number=number, seat=session.human, names=session.names,
                          bots=[None] * session.players, table_bet=session.choice.table_bet, friends=True)  # fmt: skip
        self.profile.record_history(entry, session.match.seed)
        self.kept += 1


class NetResultsScene(ResultsScene):
    """The results of a game played with friends: *Next game* tells the server this player is ready, and the
    next deal opens when the server sends it."""

    keys_hint = "net.results.keys"

    def __init__(self, app: Host, table: TableScene, on_menu: Any = None) -> None:
        super().__init__(app, table, on_menu)
        self.asked = False

    @property
    def remote(self) -> RemoteSession:
        session = self.table.session
        assert isinstance(session, RemoteSession)
        return session

    def next_game(self) -> None:
        if not self.asked:
            self.asked = True
            self.remote.ready()
            self.next_button.enabled = False
        if self.remote.deal_ready:
            super().next_game()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.asked and self.remote.deal_ready and self.life == "active":
            super().next_game()

    def animating(self) -> bool:
        return super().animating() or self.asked

    def draw(self, surface: Any) -> None:
        super().draw(surface)
        if self.asked:
            from ui import fonts, theme

            note = fonts.text(t("net.waiting_next"), max(12, self.next_button.rect.height // 3), theme.CREAM)
            surface.blit(note, note.get_rect(midtop=(self.next_button.rect.centerx, self.next_button.rect.bottom + 6)))


def _first_deal(link: Link) -> dict[str, Any]:
    messages = link.poll()
    index = next(i for i, m in enumerate(messages) if m.get("type") == "game")
    link.unread(messages[index + 1 :])
    return messages[index]


def open_remote_table(app: Host, profile: Profile | None, link: Link) -> NetTableScene | None:
    """Sit down at the table ``link`` leads to; its first ``game`` message is waiting in the link. A deal this
    window cannot read (a server that breaks the protocol) is said in a dialog, and the link closed."""
    from ui.net.table import NetTableScene

    try:
        session = RemoteSession(link, _first_deal(link), listeners=[FriendsKeeper(profile)])
    except (ProtocolError, ValueError, KeyError, TypeError, StopIteration) as exc:
        link.close()
        reason = f"{type(exc).__name__}: {str(exc)[:160]}"
        app.push(Dialog(app, lambda: t("net.ended.title"), lambda: t("net.bad_server", reason=reason),
                        [(lambda: t("menu.ok"), app.pop, True)]))  # fmt: skip
        return None
    table = NetTableScene(app, session)
    table.on_game_over = lambda scene: app.push(NetResultsScene(app, scene, on_menu=lambda: leave_dialog(app, table)))
    table.on_leave = lambda: leave_dialog(app, table)
    table.on_ended = lambda reason: ended_dialog(app, table, reason)
    closers = getattr(app, "closers", None)
    if isinstance(closers, list):
        closers.append(link.close)  # closing the window leaves the table (and stops a server run here)
    app.push(table)
    return table


def leave_dialog(app: Host, table: NetTableScene) -> None:
    """Esc at the table: leave it (a bot plays the seat; a host's leaving ends the table for everyone)."""
    hosting = table.remote.link.hosting
    message = "net.leave.host" if hosting else "net.leave.guest"
    app.push(Dialog(app, lambda: t("net.leave.title"), lambda: t(message),
                    [(lambda: t("net.leave.go"), lambda: app.remove(table), False),
                     (lambda: t("net.leave.stay"), app.pop, True)]))  # fmt: skip


def ended_dialog(app: Host, table: NetTableScene, reason: str) -> None:
    """The table is gone: say why; the only way on is back to the menu."""
    app.push(Dialog(app, lambda: t("net.ended.title"), lambda: t("net.ended", reason=reason),
                    [(lambda: t("confirm.to_menu"), lambda: app.remove(table), True)]))  # fmt: skip
