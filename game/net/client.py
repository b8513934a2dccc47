"""The client's end of a table: one WebSocket link to a table server, run by asyncio on a background thread.

The caller (the window, a test, a bot) never blocks: ``send`` queues a message, ``poll`` returns what arrived
since the last call, and ``connected``, ``closed`` and ``error`` say how the link stands. Messages are the dicts
of docs/protocol.md; the helpers (``host``, ``join``, ``play``...) build the client's ones.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from collections.abc import Iterable
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.engine.cards import Card
from game.net.protocol import VERSION

#: The largest message a client reads (a game's record and a view are a few KB).
CLIENT_MAX_MESSAGE = 1 << 20


class TableClient:
    """One connection to a table server on a background thread (asyncio); the caller polls, never blocks."""

    def __init__(self, url: str, *, timeout: float = 5.0, ping_interval: float | None = 20.0,
                 keep_raw: bool = False) -> None:  # fmt: skip
        """``keep_raw``: keep every frame received, as received, in ``raw`` (the tests read every byte)."""
        self.url = url
        self.raw: list[str | bytes] | None = [] if keep_raw else None
        self.timeout = timeout
        self.ping_interval = ping_interval
        self.connected = False
        self.closed = False
        self.error: str | None = None
        self._in: queue.Queue[dict[str, Any]] = queue.Queue()
        self._out: list[str | bytes] = []
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._ws: ClientConnection | None = None
        self._thread: threading.Thread | None = None
        self._closing = False

    # -- the link ----------------------------------------------------------------------------------------
    def start(self) -> None:
        """Connect in the background; ``connected`` turns true once the link is up."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="table-client", daemon=True)
            self._thread.start()

    def send(self, message: dict[str, Any]) -> None:
        """Queue ``message`` (the version is added); thread-safe. Once the link is gone it is dropped."""
        if self.closed:
            return
        text = json.dumps({**message, "v": message.get("v", VERSION)}, ensure_ascii=False)
        self.send_raw(text)

    def send_raw(self, text: str | bytes) -> None:
        """Queue a frame exactly as given, text or binary (tests send malformed ones)."""
        with self._lock:
            self._out.append(text)
        self._notify()

    def poll(self) -> list[dict[str, Any]]:
        """Every message received since the last call, oldest first."""
        out: list[dict[str, Any]] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._in.get_nowait())
        return out

    def wait(self, timeout: float) -> dict[str, Any] | None:
        """The next message, waiting up to ``timeout`` seconds (tools and tests; the window polls)."""
        try:
            return self._in.get(timeout=timeout)
        except queue.Empty:
            return None

    def close(self, timeout: float = 3.0) -> None:
        """Close the link (a clean goodbye) and wait for the thread."""
        self._closing = True
        if self._thread is None:
            self.closed = True
        self._notify()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)

    def drop(self) -> None:
        """Cut the TCP link without a goodbye, as a crash or a lost network would (tests)."""
        loop, ws = self._loop, self._ws
        if loop is not None and ws is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(ws.transport.abort)

    def _notify(self) -> None:
        loop, wake = self._loop, self._wake
        if loop is not None and wake is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(wake.set)

    def _run(self) -> None:
        try:
            asyncio.run(self._main())
        except Exception as exc:  # never let the thread die silently: the caller reads ``error``
            self.error = self.error or _one_line(exc)
        finally:
            self.connected = False
            self.closed = True

    async def _main(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        try:
            ws = await connect(self.url, open_timeout=self.timeout, max_size=CLIENT_MAX_MESSAGE,
                               compression=None, ping_interval=self.ping_interval, close_timeout=2)  # fmt: skip
        except (OSError, InvalidURI, InvalidHandshake, asyncio.TimeoutError, ValueError) as exc:
            self.error = f"cannot reach {self.url}: {_one_line(exc)}"
            return
        self._ws = ws
        self.connected = True
        reader = asyncio.create_task(self._read(ws))
        try:
            await self._write(ws, reader)
        finally:
            with contextlib.suppress(Exception):
                await ws.close()
            # what arrived before the link closed (the server's last words: ``ended``) is still read
            with contextlib.suppress(asyncio.CancelledError, asyncio.TimeoutError, Exception):
                await asyncio.wait_for(reader, 3.0)

    async def _write(self, ws: ClientConnection, reader: asyncio.Task[None]) -> None:
        assert self._wake is not None
        self._wake.set()  # anything queued before the link was up goes now
        while not reader.done():
            waiter = asyncio.create_task(self._wake.wait())
            await asyncio.wait({waiter, reader}, return_when=asyncio.FIRST_COMPLETED)
            waiter.cancel()
            self._wake.clear()
            with self._lock:
                batch, self._out = self._out, []
            try:
                for text in batch:
                    await ws.send(text)
            except ConnectionClosed:
                return
            if self._closing:
                await ws.close()
                return

    async def _read(self, ws: ClientConnection) -> None:
        try:
            async for raw in ws:
                if self.raw is not None:
                    self.raw.append(raw)
                try:
                    data = json.loads(raw)
                except ValueError:
                    continue  # not ours to crash on: the server speaks JSON
                if isinstance(data, dict):
                    self._in.put(data)
        except ConnectionClosed as exc:
            if not self._closing and exc.rcvd is None:
                self.error = "the link to the table was lost"
            elif not self._closing and exc.rcvd is not None and exc.rcvd.code not in (1000, 1001):
                self.error = f"the server closed the link ({exc.rcvd.code} {exc.rcvd.reason})".strip()
        finally:
            self.connected = False

    # -- messages ----------------------------------------------------------------------------------------
    def host(self, name: str, variant: str, players: int = 4, bot_level: str = "normal", timer: int = 0,
             password: str = "", **stakes: int) -> None:  # fmt: skip
        """Host a table (``stakes``: ``table_bet``, ``starting_chips``); the answer is ``welcome``."""
        self.send({"type": "host", "name": name, "variant": variant, "players": players, "bot_level": bot_level,
                   "timer": timer, "password": password, **stakes})  # fmt: skip

    def join(self, code: str, name: str, password: str = "", token: str | None = None) -> None:
        """Sit at the table ``code`` ("" for a server's only table), or take one's seat back with ``token``."""
        msg: dict[str, Any] = {"type": "join", "code": code, "name": name, "password": password}
        if token:
            msg["token"] = token
        self.send(msg)

    def start_match(self) -> None:
        self.send({"type": "start"})

    def play(self, cards: Iterable[Card | str]) -> None:
        self.send({"type": "play", "cards": [c.ascii if isinstance(c, Card) else c for c in cards]})

    def pass_turn(self) -> None:
        self.send({"type": "pass"})

    def ready(self) -> None:
        """Seen the game's result: deal the next one when everyone has."""
        self.send({"type": "ready"})

    def chat(self, phrase: str) -> None:
        self.send({"type": "chat", "phrase": phrase})

    def leave(self) -> None:
        self.send({"type": "leave"})


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:160]
