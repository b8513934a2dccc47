"""One client's link as the server holds it, and what links may use: ``ServerLimits``, the ``Connection`` with its
own queue and writer (its rates kept by ``bucket.TokenBucket``s), and the server's running ``Stats``."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from game.net.bucket import TokenBucket
from game.net.lobby import LobbyLimits
from game.net.protocol import MAX_MESSAGE
from game.net.tables import Table
from game.net.wire import dumps

log = logging.getLogger("tienlen.net")
SAMPLES = 200_000  # timings kept between two reports at most


def text_frame(text: str) -> bytes:
    """``text`` as one WebSocket text frame from a server (unmasked, RFC 6455 section 5.2): the bytes
    ``websockets``' ``send_text`` gives, without the frame object it builds for them."""
    data = text.encode()
    size = len(data)
    if size < 126:
        return bytes((0x81, size)) + data
    if size < 0x10000:
        return b"\x81\x7e" + size.to_bytes(2, "big") + data
    return b"\x81\x7f" + size.to_bytes(8, "big") + data


class Stats:
    """What the server did since the last ``report``: messages in and out, moves, how long it took to handle a
    move (read, checked, played, every view encoded and sent or queued), and how long a message waited in a
    link's queue, for those that did (most are written at once: they count in ``sent_count`` only)."""

    def __init__(self) -> None:
        self.reset()

    def reset(self) -> None:
        self.since = time.monotonic()
        self.received = self.moves = self.sent_count = 0
        self.handling: list[float] = []
        self.sending: list[float] = []

    def handled(self, seconds: float) -> None:
        self.moves += 1
        if len(self.handling) < SAMPLES:
            self.handling.append(seconds)

    def sent(self, seconds: float) -> None:
        self.sent_count += 1
        if len(self.sending) < SAMPLES:
            self.sending.append(seconds)

    def report(self) -> dict[str, Any]:
        """The figures since the last report (milliseconds), then start again."""
        span = max(1e-9, time.monotonic() - self.since)
        out = {"seconds": round(span, 2), "received": self.received, "sent": self.sent_count,
               "moves_per_s": round(self.moves / span, 1), **_ms("handle", self.handling),
               **_ms("send", self.sending)}  # fmt: skip
        self.reset()
        return out


def _ms(name: str, values: list[float]) -> dict[str, float | None]:
    if not values:
        return {f"{name}_ms_p50": None, f"{name}_ms_p99": None, f"{name}_ms_max": None}
    ordered = sorted(values)

    def pick(q: float) -> float:
        return round(1000 * ordered[min(len(ordered) - 1, int(len(ordered) * q))], 3)

    return {f"{name}_ms_p50": pick(0.5), f"{name}_ms_p99": pick(0.99), f"{name}_ms_max": pick(1.0)}


@dataclass(frozen=True)
class ServerLimits:
    """What one link, one address and the whole server may use (docs/protocol.md, "Limits")."""

    max_message: int = MAX_MESSAGE  # bytes
    rate: float = 20.0  # messages a second a link may send, sustained...
    burst: float = 40.0  # ...and at once
    errors: float = 20.0  # refused messages in a burst before the link is closed (one more allowed a second)
    per_address: int = 16  # links from one address at once (0: no limit)
    max_connections: int = 2000
    hello_timeout: float = 30.0  # seconds a link may stay without sitting at a table
    outbox: int = 512  # messages waiting for a client that does not read, before it is dropped
    ping_interval: float | None = 20.0
    ping_timeout: float | None = 20.0
    #: A link whose socket has held unsent data this many seconds without taking any of it (its client reads
    #: nothing) is dropped, and so is one holding more than ``max_unsent`` bytes the client has not taken.
    write_stall: float = 10.0
    max_unsent: int = 1 << 20
    lobby: LobbyLimits = field(default_factory=LobbyLimits)


class Connection:
    """One client's link: a queue of messages written by its own task, so a client that reads slowly (or never)
    holds up nobody; the lobby's ``Member``."""

    def __init__(self, ws: ServerConnection, limits: ServerLimits, stats: Stats) -> None:
        self.ws, self.stats = ws, stats
        remote = ws.remote_address
        self.address = str(remote[0]) if isinstance(remote, tuple) and remote else "?"
        self.limits = limits
        self.table: Table | None = None
        self.seat = -1
        self.failed_joins = 0
        self.rate = TokenBucket(limits.rate, limits.burst)
        self.errors = TokenBucket(1.0, limits.errors)
        self.chat = TokenBucket(1.0, 3.0)
        self._out: deque[tuple[str, float]] = deque()  # each message's text and when it was queued
        self._wake = asyncio.Event()
        self._writing = False  # the writer task is sending what was queued
        self._closing: tuple[int, str] | None = None
        self.held: deque[str | bytes] | None = None  # while a join waits its turn: what came after it
        self._unsent = 0  # bytes the socket held at the last check...
        self._stalled: float | None = None  # ...and since when it has held some without taking any

    def send(self, message: dict[str, Any] | str) -> None:
        if self._closing is not None:
            return
        text = message if isinstance(message, str) else dumps(message)
        if not self._out and not self._writing and self._write_now(text):
            return
        if len(self._out) >= self.limits.outbox:
            log.warning("%s reads too slowly; dropping the link", self.address)
            self.abort()
            return
        self._out.append((text, time.perf_counter()))
        self._wake.set()

    def _write_now(self, text: str) -> bool:
        """Hand ``text`` to the socket at once when nothing is waiting before it and the socket takes data
        (most messages, at any load): no task switch and no ``await`` for it. Otherwise (the client reads slowly,
        the link is closing) ``False``: the message is queued and the writer sends it with ``websockets``' flow
        control. The frame is the one ``ws.send`` makes (``text_frame``); ``ws.send`` is all the code below skips."""
        ws = self.ws
        transport = ws.transport
        if (ws.protocol.state is not State.OPEN or ws.send_in_progress is not None or transport.is_closing()
                or transport.get_write_buffer_size()):  # fmt: skip
            return False
        transport.write(text_frame(text))
        self.stats.sent_count += 1
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        if self._closing is None:
            self._closing = (code, reason)
            self._wake.set()

    def abort(self) -> None:
        """Drop the link at once, without a closing handshake (a client that does not read cannot take one)."""
        self._out.clear()
        self._closing = (1008, "dropped")
        self._wake.set()
        self.ws.transport.abort()

    def check_writes(self, now: float) -> None:
        """Drop the link if its client has taken nothing it was sent for ``write_stall`` seconds, or holds over
        ``max_unsent`` bytes untaken (the server's checks, once a second)."""
        unsent = self.ws.transport.get_write_buffer_size()
        if not unsent or unsent < self._unsent:
            self._unsent, self._stalled = unsent, None
            return
        self._unsent = unsent
        if self._stalled is None:
            self._stalled = now
        if unsent > self.limits.max_unsent or now - self._stalled >= self.limits.write_stall:
            log.warning("%s reads nothing (%d bytes unsent); dropping the link", self.address, unsent)
            self.abort()

    @property
    def closing(self) -> bool:
        return self._closing is not None

    async def write(self) -> None:
        """Send what is queued, in order; close the link once asked to and the queue is empty."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                await self._wake.wait()
                self._wake.clear()
                self._writing = True
                while self._out:
                    text, queued = self._out.popleft()
                    await self.ws.send(text)
                    self.stats.sent(time.perf_counter() - queued)
                self._writing = False
                if self._closing is not None:
                    await self.ws.close(*self._closing)
                    return
