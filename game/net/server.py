"""The table server: WebSocket links (``websockets``' asyncio server) to a lobby of tables.

Each link is checked at every step: the message size (``max_size``: a larger message closes the link with code
1009 before it is read), its rate (a token bucket: a flood gets ``error`` ``rate_limited`` and the link is
closed), links per address and in all, tables per server and per address, a link that never sits down, and a
client that does not read what it is sent (its queue overflows and it is dropped; a client that stops answering
pings is closed by ``websockets``). Whatever a link sends, the fault stays with that link: it is answered,
logged or closed, and the other tables go on.

``serve_in_thread`` runs a server on a background thread (the game window's hosted table);
``python3 -m game.server`` runs one in the foreground.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from collections import Counter, deque
from collections.abc import Mapping, Sequence
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.net.botpool import BotPool
from game.net.inbound import LinkSocket
from game.net.links import Connection, ServerLimits, Stats
from game.net.lobby import Lobby, LobbyWatcher
from game.net.loglimit import install as limit_log_lines
from game.net.protocol import Message, ProtocolError, error, parse_client
from game.net.seats import TableTimes
from game.rules.loader import builtin_catalogue
from game.rules.variant import Rules

log = logging.getLogger("tienlen.net")
limit_log_lines()
HELD = 16  # messages a link may send while its join waits its turn


class TableServer:
    """Tables for anyone who connects: ``await start(host, port)``, ``await stop()``."""

    def __init__(self, limits: ServerLimits | None = None, times: TableTimes | None = None,
                 variants: Mapping[str, Rules] | None = None, bot_threads: int = 2,
                 watchers: Sequence[LobbyWatcher] = (), bot_processes: int | None = None) -> None:  # fmt: skip
        """``bot_processes``: worker processes the bots think in (None: one, unless ``TIENLEN_BOT_PROCESS=0``;
        0: threads only, ``bot_threads`` of them)."""
        self.limits = limits or ServerLimits()
        self.pool = BotPool(bot_processes, bot_threads)
        variants = variants if variants is not None else builtin_catalogue().variants
        self.lobby = Lobby(dict(variants), times or TableTimes(), self.pool, self.limits.lobby, watchers)
        self.links: set[Connection] = set()
        self._per_address: Counter[str] = Counter()
        self._server: Server | None = None
        self._watcher: asyncio.Task[None] | None = None
        self.stopped = asyncio.Event()
        self.host, self.port = "", 0
        self.stats = Stats()  # for the log (``python3 -m game.server --stats``) and the bench
        #: Messages read and not yet handled: they are handled together once the loop has read every link that
        #: had something (as reading tasks would be woken), which costs less a move than one by one as read.
        self._inbox: deque[tuple[Connection, str | bytes, asyncio.Future[None]]] = deque()

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen on ``host``:``port`` (0: a free port); the port bound."""
        lim = self.limits
        self._server = await serve(self._serve_link, host, port, max_size=lim.max_message, compression=None,
                                   ping_interval=lim.ping_interval, ping_timeout=lim.ping_timeout,
                                   max_queue=16, close_timeout=3, server_header=None,
                                   create_connection=LinkSocket)  # fmt: skip
        self._watcher = asyncio.create_task(self._watch_writes())
        sockets = list(self._server.sockets)
        self.host, self.port = host, int(sockets[0].getsockname()[1]) if sockets else port
        log.info("serving tables on ws://%s:%d (the bots think on %s)", host, self.port, self.pool.mode)
        return self.port

    async def stop(self, reason: str = "server_stopping") -> None:
        """End every table (each person is told ``ended``), close every link, stop listening."""
        self.lobby.stop(reason)
        if self._watcher is not None:
            self._watcher.cancel()
        for link in list(self.links):
            link.close(1001, reason)
        if self._server is not None:
            self._server.close(close_connections=False)
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._server.wait_closed(), 5.0)
        self.pool.shutdown()
        log.info("server stopped (%s)", reason)
        self.stopped.set()

    async def _serve_link(self, ws: ServerConnection) -> None:
        link = Connection(ws, self.limits, self.stats)
        refusal = self._admit(link)
        if refusal:
            with contextlib.suppress(ConnectionClosed):
                await ws.send(json.dumps(error("too_many_connections", refusal)))
                await ws.close(1008, "too many connections")
            return
        self.links.add(link)
        self._per_address[link.address] += 1
        writer = asyncio.create_task(self._write(link))
        hello = asyncio.get_running_loop().call_later(self.limits.hello_timeout, self._hello_timeout, link)
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()  # the server reads no more of it
        ws.connection_lost_waiter.add_done_callback(lambda _: _settle(done))
        assert isinstance(ws, LinkSocket)
        ws.listen(lambda raw: self._arrived(link, raw, done), lambda: self._control(link))
        try:
            await done
        finally:
            ws.ignore()
            hello.cancel()
            self.links.discard(link)
            self._per_address[link.address] -= 1
            if self._per_address[link.address] <= 0:
                del self._per_address[link.address]
            self.lobby.left(link)
            link.close()
            try:
                await asyncio.wait_for(writer, 3.0)
            except (asyncio.TimeoutError, asyncio.CancelledError):
                link.abort()  # the client takes nothing more: no handshake to wait for

    def _admit(self, link: Connection) -> str:
        lim = self.limits
        if lim.max_connections and len(self.links) >= lim.max_connections:
            return "the server is full; try later"
        if lim.per_address and self._per_address[link.address] >= lim.per_address:
            return f"at most {lim.per_address} links from one address"
        return ""

    async def _write(self, link: Connection) -> None:
        try:
            await link.write()
        except Exception:
            log.exception("%s: could not write; closing", link.address)
            with contextlib.suppress(Exception):
                await link.ws.close(1011, "server fault")

    def _arrived(self, link: Connection, raw: str | bytes, done: asyncio.Future[None]) -> None:
        self.stats.received += 1
        if not self._inbox:
            asyncio.get_running_loop().call_soon(self._handle_inbox)
        self._inbox.append((link, raw, done))

    def _handle_inbox(self) -> None:
        inbox = self._inbox
        while inbox:
            self._on_message(*inbox.popleft())

    def _on_message(self, link: Connection, raw: str | bytes, done: asyncio.Future[None]) -> None:
        """One message from ``link``, as it arrives (``inbound.LinkSocket``); ``done`` is set once the server
        reads no more of it. A fault here closes this link and is logged; the server goes on."""
        began = time.perf_counter()
        if done.done() or link.closing:
            return
        if link.held is not None:  # a join waits its turn: what the link sends after it waits behind it
            if len(link.held) < HELD:
                link.held.append(raw)
            else:
                self._too_fast(link, done)
            return
        try:
            if not link.rate.take():
                self._too_fast(link, done)
                return
            try:
                msg = parse_client(raw)
            except ProtocolError as exc:
                self._refuse(link, exc, done)
                return
            if msg["type"] == "join" and link.table is None:
                wait = self.lobby.join_wait(link)
                if wait > 0:  # the address guessed too often: every join from it waits its turn
                    link.held = deque()
                    asyncio.get_running_loop().call_later(wait, self._release, link, msg, done)
                    return
            self._act(link, msg, done, began)
        except Exception:
            self._fault(link, done)

    def _act(self, link: Connection, msg: Message, done: asyncio.Future[None], began: float) -> None:
        try:
            if msg["type"] == "chat" and not link.chat.take():
                raise ProtocolError("chat_too_fast", "one chat phrase a second")
            self.lobby.dispatch(link, msg)
            if msg["type"] in ("play", "pass"):
                self.stats.handled(time.perf_counter() - began)
        except ProtocolError as exc:
            self._refuse(link, exc, done)

    def _release(self, link: Connection, msg: Message, done: asyncio.Future[None]) -> None:
        """A join that waited its turn is answered; then what the link sent meanwhile, in order."""
        held, link.held = link.held or deque(), None
        if done.done() or link.closing:
            return
        try:
            self._act(link, msg, done, time.perf_counter())
        except Exception:
            self._fault(link, done)
        for raw in held:
            self._on_message(link, raw, done)

    def _refuse(self, link: Connection, exc: ProtocolError, done: asyncio.Future[None]) -> None:
        link.send(error(exc.code, exc.message, **exc.fields))
        if exc.closes or not link.errors.take():
            log.warning("%s: closing after %s", link.address, exc.code)
            link.close(1008, exc.code)
            _settle(done)

    def _too_fast(self, link: Connection, done: asyncio.Future[None]) -> None:
        log.warning("%s sends too fast; closing", link.address)
        link.send(error("rate_limited", f"more than {self.limits.rate:g} messages a second"))
        link.close(1008, "too many messages")
        _settle(done)

    def _fault(self, link: Connection, done: asyncio.Future[None]) -> None:
        log.exception("%s: fault; closing the link", link.address)
        link.close(1011, "server fault")
        _settle(done)

    def _control(self, link: Connection) -> bool:
        """A ping or a pong from ``link``: it counts against the link's rate like a message (a ping is answered
        with a pong, so a flood of them would fill the link's queue)."""
        if link.closing:
            return False
        if link.rate.take():
            return True
        log.warning("%s sends pings too fast; closing", link.address)
        return False

    async def _watch_writes(self) -> None:
        """Once a second: a link whose client has read nothing for a while (or holds too much unsent) is dropped,
        whatever it sends (``Connection.check_writes``)."""
        while True:
            await asyncio.sleep(1.0)
            now = time.monotonic()
            for link in list(self.links):
                link.check_writes(now)

    def _hello_timeout(self, link: Connection) -> None:
        if link.table is None and not link.closing:
            link.send(error("hello_timeout", "host or join a table soon after connecting"))
            link.close(1008, "no table")


def _settle(done: asyncio.Future[None]) -> None:
    if not done.done():
        done.set_result(None)


class ServerHandle:
    """A server running on a background thread: ``host``, ``port``, ``url``, ``stop()``."""

    def __init__(self, server: TableServer, loop: asyncio.AbstractEventLoop, thread: threading.Thread) -> None:
        self.server, self.loop, self.thread = server, loop, thread
        self.host, self.port = server.host, server.port

    @property
    def url(self) -> str:
        host = "127.0.0.1" if self.host in ("", "0.0.0.0", "::") else self.host
        return f"ws://{host}:{self.port}"

    def call(self, fn: Any, *args: Any) -> Any:
        """Run ``fn(*args)`` on the server's loop and return its result (for tests and tools)."""
        async def run() -> Any:
            return fn(*args)
        return asyncio.run_coroutine_threadsafe(run(), self.loop).result(5.0)

    def stop(self, timeout: float = 10.0) -> None:
        """End every table (each person is told), stop listening, and wait for the thread."""
        if self.thread.is_alive() and not self.loop.is_closed():
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self.server.stop(), self.loop).result(timeout)
        self.thread.join(timeout)


def serve_in_thread(host: str = "127.0.0.1", port: int = 0, **options: Any) -> ServerHandle:
    """Start a ``TableServer(**options)`` on a background thread listening on ``host``:``port`` (0: a free
    port); an address in use raises ``OSError`` here."""
    ready = threading.Event()
    box: dict[str, Any] = {}

    async def main() -> None:
        server = TableServer(**options)
        box["server"], box["loop"] = server, asyncio.get_running_loop()
        try:
            await server.start(host, port)
        except BaseException as exc:
            box["error"] = exc
            ready.set()
            return
        ready.set()
        await server.stopped.wait()

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # logged: the window goes on without its server
            log.exception("the table server thread failed")
            box.setdefault("error", exc)
            ready.set()

    thread = threading.Thread(target=run, name="table-server", daemon=True)
    thread.start()
    if not ready.wait(15.0):
        raise OSError("the table server did not start in time")
    if "error" in box:
        raise box["error"]
    return ServerHandle(box["server"], box["loop"], thread)


__all__ = ["ServerHandle", "ServerLimits", "TableServer", "serve_in_thread"]
