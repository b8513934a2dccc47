"""The server's lobby: its tables by short code, hosting and joining one, and where each message goes.

A wrong code and a wrong password get the same answer (``no_table``), so a stranger learns nothing of which
tables or seats exist; a link that keeps guessing is closed, and an address that guesses too often waits ever
longer for every answer (``guesses.Guesses``).
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.net.botpool import BotPool
from game.net.guesses import Guesses, address_key
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH, Message, ProtocolError
from game.net.seats import Person, TableSettings, TableTimes
from game.net.tables import Table
from game.rules.variant import Rules

log = logging.getLogger("tienlen.net")
NO_TABLE = "no table with that code and password"


class Member(Person, Protocol):
    """A person's link as the lobby sees it: where it sits, if anywhere, and how often it guessed wrong."""

    table: Table | None
    seat: int
    failed_joins: int


class LobbyWatcher(Protocol):
    """Told of each table's seating as it changes, and of its end (the server command's LAN announcer)."""

    def table_changed(self, table: Table) -> None: ...

    def table_ended(self, table: Table) -> None: ...


@dataclass(frozen=True)
class LobbyLimits:
    max_tables: int = 200
    tables_per_address: int = 4
    failed_joins: int = 5  # wrong codes or passwords before the link is closed
    #: Wrong codes or passwords from one address, all its links together: a burst of 10, then one every 5 s
    #: (past the burst each join from the address waits its turn, 5 s apart: link after link gets no further).
    guesses_per_second: float = 0.2
    guess_burst: float = 10.0


class Lobby:
    """Every table on the server, by code."""

    def __init__(self, variants: Mapping[str, Rules], times: TableTimes, pool: BotPool,
                 limits: LobbyLimits = LobbyLimits(), watchers: Sequence[LobbyWatcher] = ()) -> None:  # fmt: skip
        self.variants, self.times, self.pool, self.limits = variants, times, pool, limits
        self.watchers = list(watchers)
        self.tables: dict[str, Table] = {}
        self._hosts: dict[str, str] = {}  # table code -> the host's address, for tables_per_address
        self.guesses = Guesses(limits.guesses_per_second, limits.guess_burst)

    def dispatch(self, member: Member, msg: Message) -> None:
        """Act on one checked message; ``ProtocolError`` is the answer to send back."""
        kind = msg["type"]
        if member.table is None:
            if kind == "host":
                self.host(member, msg)
            elif kind == "join":
                self.join(member, msg)
            else:
                raise ProtocolError("not_seated", "host or join a table first")
            return
        if kind in ("host", "join"):
            raise ProtocolError("already_seated", "this link already sits at a table; leave it first")
        table = member.table
        try:
            table.handle(member.seat, msg)
        except ProtocolError:
            raise
        except Exception:  # a fault at one table ends that table, never the server
            log.exception("table %s: fault handling %s from seat %d", table.code, kind, member.seat)
            table.end("table_closed")

    def host(self, member: Member, msg: Message) -> None:
        rules = self.variants.get(msg["variant"])
        if rules is None:
            raise ProtocolError("bad_field", f"this server has no variant {msg['variant']!r}")
        if len(self.tables) >= self.limits.max_tables:
            raise ProtocolError("too_many_tables", "this server holds as many tables as it can; try later")
        if sum(a == member.address for a in self._hosts.values()) >= self.limits.tables_per_address:
            raise ProtocolError("too_many_tables", "your address hosts as many tables as it may")
        settings = TableSettings(msg["variant"], msg["players"], msg["bot_level"], msg["timer"],
                                 msg.get("password", ""), msg.get("table_bet", 1),
                                 msg.get("starting_chips", 1000))  # fmt: skip
        code = self._new_code()
        table = Table(code, settings, rules, self.times, self.pool, self._ended, self._changed,
                      owner=address_key(member.address))  # fmt: skip
        self.tables[code] = table
        self._hosts[code] = member.address
        log.info("table %s: hosted by %s (%s, %d seats, timer %d)", code, member.address, rules.id,
                 settings.players, settings.timer)  # fmt: skip
        member.table, member.seat = table, table.sit(member, msg["name"])

    def join(self, member: Member, msg: Message) -> None:
        code = msg["code"]
        if not code:
            if len(self.tables) > 1:
                raise ProtocolError("code_needed", "this server holds several tables: give the table's code")
            code = next(iter(self.tables), "")
        table = self.tables.get(code)
        if table is None or not table.check_password(msg.get("password", "")):
            self._wrong(member)
        assert table is not None
        token = msg.get("token")
        seat = table.come_back(member, token) if token else None
        if seat is None:
            seat = table.sit(member, msg["name"])
        member.table, member.seat = table, seat

    def join_wait(self, member: Member) -> float:
        """Seconds ``member``'s join waits before it is answered (0 unless its address guessed too often)."""
        return self.guesses.wait(member.address)

    def _wrong(self, member: Member) -> None:
        member.failed_joins += 1
        refusal = ProtocolError("no_table", NO_TABLE)
        # a link that keeps guessing goes, and so does any link from an address that guesses too fast
        too_fast = self.guesses.wrong(member.address)
        refusal.closes = member.failed_joins >= self.limits.failed_joins or too_fast
        if refusal.closes:
            log.warning("%s: closing a link after wrong table codes or passwords", member.address)
        raise refusal

    def left(self, member: Member) -> None:
        """``member``'s link is gone: its seat, if any, is played by a bot until it comes back."""
        table, member.table = member.table, None
        if table is not None:
            table.dropped(member.seat, member)

    def _changed(self, table: Table) -> None:
        for watcher in self.watchers:
            self._tell(watcher.table_changed, table)

    def _ended(self, table: Table) -> None:
        self.tables.pop(table.code, None)
        self._hosts.pop(table.code, None)
        for watcher in self.watchers:
            self._tell(watcher.table_ended, table)

    @staticmethod
    def _tell(hook: Callable[[Table], None], table: Table) -> None:
        try:
            hook(table)
        except Exception:  # a watcher's fault (the network announcer) never reaches the table
            log.exception("table %s: a watcher failed", table.code)

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def stop(self, reason: str = "server_stopping") -> None:
        """End every table (the server is stopping): each person is told; no game is recorded half-played."""
        for table in list(self.tables.values()):
            table.end(reason)
