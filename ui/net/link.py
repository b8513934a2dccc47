"""The window's one connection to a table: the client (``game.net.client.TableClient``), and for a table hosted
here the server running in this process and its announcement on the local network.

The link remembers what the server said about the table (the seat given to this window, the token that gets
it back after a dropped connection, the table's options, who sits where), so every screen built on it — the
waiting room, the table — reads the same facts. Messages are read with ``poll`` from the window's frames; the
client's own thread does the waiting.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.net.discovery import Advertiser, TableAd
from game.net.lan import lan_addresses
from game.table.names import clean_name

if TYPE_CHECKING:
    from game.net.client import TableClient

log = logging.getLogger("tienlen.net")
DEFAULT_PORT = 7777


@dataclass(frozen=True)
class HostOptions:
    """What the Host a table screen asks."""

    variant: str
    players: int
    bot_level: str
    timer: int
    password: str
    name: str


class Link:
    """One connection to one table. ``server``/``advertiser`` are set for a table hosted by this window."""

    def __init__(self, client: TableClient, server: Any = None, advertiser: Advertiser | None = None,
                 url: str = "") -> None:  # fmt: skip
        self.client, self.server, self.advertiser, self.url = client, server, advertiser, url
        self.backlog: deque[dict[str, Any]] = deque()
        self.seat: int | None = None
        self.token = ""
        self.table: dict[str, Any] = {}
        self.names: list[str] = []
        self.kinds: list[str] = []  # "remote" (a person) or "bot", as the server's session has them
        self.seated: set[int] = set()  # seats a person has taken (a bot may be playing one for them)
        self.away: set[int] = set()
        self.closed = False
        self.ended: str | None = None  # the server closed the table (the host left): its reason
        self.name = ""  # what the seat was asked for with, to ask again after a dropped connection
        self.password = ""
        self.asked_code = ""

    # -- what the server said --------------------------------------------------------------------------
    @property
    def hosting(self) -> bool:
        return self.server is not None

    @property
    def code(self) -> str:
        return str(self.table.get("code", ""))

    @property
    def players(self) -> int:
        players = self.table.get("players")
        return players if isinstance(players, int) and 2 <= players <= 4 else 4

    @property
    def lost(self) -> str | None:
        """Why the connection is gone (None while it holds, or after this window closed it)."""
        if self.closed:
            return None
        if self.client.closed:
            return self.client.error or "closed"
        return None

    def poll(self) -> list[dict[str, Any]]:
        """Messages since the last call (first any handed back with ``unread``); the table's facts are kept."""
        fresh = self.client.poll() if not self.closed else []
        for msg in fresh:
            self._note(msg)
        out = list(self.backlog) + fresh
        self.backlog.clear()
        return out

    def unread(self, messages: Iterable[dict[str, Any]]) -> None:
        """Hand messages back, to be read first by the next ``poll`` (the next screen's)."""
        self.backlog.extendleft(reversed(list(messages)))

    def _note(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "welcome":  # what a server says is checked before it is kept: a wrong one is not trusted
            seat = msg.get("seat")
            self.seat = seat if isinstance(seat, int) and 0 <= seat < 4 else None
            self.token = str(msg.get("token", ""))[:64]
            table = msg.get("table")
            self.table = dict(table) if isinstance(table, dict) else {}
            self._seats(self.table)
        elif kind in ("seated", "game"):
            self._seats(msg)
        elif kind == "ended":
            self.ended = str(msg.get("reason") or "ended")
        if self.advertiser is not None and kind in ("welcome", "seated"):
            self.advertiser.update(taken=self.people)

    def _seats(self, data: dict[str, Any]) -> None:
        if isinstance(data.get("names"), list):
            self.names = [clean_name(str(n)) for n in data["names"][:4]]
        if isinstance(data.get("kinds"), list):
            self.kinds = [str(k)[:10] for k in data["kinds"][:4]]
        if isinstance(data.get("away"), list):
            self.away = {s for s in data["away"] if isinstance(s, int)}
        if isinstance(data.get("people"), list):
            self.seated = {s for s in data["people"] if isinstance(s, int)}

    @property
    def people(self) -> int:
        """Seats a person has taken (the rest are bots, or empty until the match starts)."""
        return len(self.seated)

    def reconnect(self) -> None:
        """The connection dropped: connect again and ask for the same seat back (the token says which)."""
        from game.net.client import TableClient

        if self.closed:
            return
        self.client.close(timeout=0.5)
        self.client = TableClient(self.url)
        self.client.start()
        self.client.join(self.code or self.asked_code, self.name, self.password, self.token or None)

    # -- sending ---------------------------------------------------------------------------------------
    def send(self, kind: str, **fields: Any) -> None:
        if not self.closed:
            self.client.send({"type": kind, **fields})

    def close(self) -> None:
        """Leave the table and let everything go: the connection, the announcement, a server run here."""
        if self.closed:
            return
        try:
            if self.client.connected:
                self.client.leave()
        finally:
            self.closed = True
            self.client.close()
            if self.advertiser is not None:
                self.advertiser.stop(wait=0.5)
            if self.server is not None:
                try:
                    self.server.stop()
                except Exception:
                    log.exception("stopping the table's server failed")


def join_link(url: str, code: str, name: str, password: str, token: str = "") -> Link:
    """Connect to ``url`` and ask for a seat at table ``code`` (the answer arrives as ``welcome`` or ``error``)."""
    from game.net.client import TableClient

    client = TableClient(url)
    client.start()
    link = Link(client, url=url)
    link.name, link.password, link.asked_code = name, password, code
    client.join(code, name, password, token or None)
    return link


def host_link(options: HostOptions, port: int = DEFAULT_PORT, announce: bool = True, bind: str = "0.0.0.0",
              **server: Any) -> Link:  # fmt: skip
    """Start a server in this process (on ``port`` of every interface, or any free port when it is taken),
    sit down at a new table on it as its host, and announce the table on the local network. ``server`` goes
    to the server (``variants``: the player's own variants may be hosted; tests shorten its ``times``).
    Raises ``OSError`` when no server could be started at all."""
    from game.net.client import TableClient
    from game.net.server import serve_in_thread

    try:
        handle = serve_in_thread(port=port, host=bind, **server)
    except OSError as exc:
        log.info("port %s is taken (%s); hosting on a free port", port, exc)
        handle = serve_in_thread(port=0, host=bind, **server)
    url = f"ws://127.0.0.1:{handle.port}"
    client = TableClient(url)
    client.start()
    link = Link(client, server=handle, url=url)
    link.name, link.password = options.name, options.password
    client.host(options.name, options.variant, options.players, options.bot_level, options.timer, options.password)
    if announce:
        ad = TableAd(code="", variant=options.variant, taken=1, seats=options.players, host=options.name,
                     password=bool(options.password))  # fmt: skip
        link.advertiser = Advertiser(handle.port, ad)  # started once the server names the table's code
    return link


def start_announcing(link: Link) -> None:
    """The table has its code (``welcome``): announce it."""
    ad = link.advertiser
    if ad is not None and not ad.ad.code and link.code:
        ad.update(code=link.code, taken=max(1, link.people))
        ad.start()


def addresses_for_friends(port: int) -> list[str]:
    """``address:port`` for each LAN address of this machine (the loopback one last)."""
    return [f"{a}:{port}" for a in lan_addresses()]
