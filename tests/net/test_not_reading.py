"""A client that sends and never reads: its pings count against its rate, what waits for it is bounded, and its
link is closed within seconds whatever it sends."""

from __future__ import annotations

import socket
import time
from dataclasses import replace

from game.net.server import ServerHandle, ServerLimits
from tests.net.hostile import RawLink, ws_frame
from tests.net.servers import FAST, running

PING = 0x9


def _links(server: ServerHandle) -> int:
    return int(server.call(lambda: len(server.server.links)))


def _unsent(server: ServerHandle) -> int:
    """Bytes the server holds for its links that their clients have not taken."""
    return int(server.call(lambda: sum(link.ws.transport.get_write_buffer_size() for link in server.server.links)))


def test_a_flood_of_pings_without_reading_closes_the_link_and_the_server_keeps_little():
    with running(limits=ServerLimits()) as server:
        raw = RawLink(server.port)
        burst = ws_frame(b"", PING) * 2000
        began, cut, most = time.monotonic(), None, 0
        try:
            while time.monotonic() - began < 5.0:
                raw.sock.sendall(burst)
                most = max(most, _unsent(server))
        except OSError:  # the server has closed the link: the flood cannot go on
            cut = time.monotonic() - began
        finally:
            raw.close()
        assert cut is not None and cut < 3.0, "the link was not closed"
        assert most < 256 * 1024  # pongs for a flood never pile up on the server
        end = time.monotonic() + 5
        while _links(server) and time.monotonic() < end:
            time.sleep(0.05)
        assert _links(server) == 0


def _small_send_buffers(server: ServerHandle) -> None:
    """The server's sockets keep little for their clients (a few KB, as on a slow line, not the megabytes the
    kernel gives loopback), so what a client leaves unread shows in the server's own buffer at once."""

    end = time.monotonic() + 5
    while not _links(server) and time.monotonic() < end:
        time.sleep(0.01)

    def shrink() -> None:
        for link in server.server.links:
            link.ws.transport.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)

    server.call(shrink)


def test_a_seated_link_that_reads_nothing_is_dropped_within_seconds_though_it_pings_politely():
    # The queue of messages for it is made very long, so only the socket that takes nothing tells on it.
    limits = replace(ServerLimits(), write_stall=1.0, outbox=1_000_000)
    with running(limits=limits, times=replace(FAST, ready_cap=0.05)) as server:
        raw = RawLink(server.port)  # a 4 KB receive window, never read
        try:
            raw.send({"type": "host", "name": "Mute", "variant": "mien-nam", "players": 4, "bot_level": "easy",
                      "timer": 15})  # fmt: skip
            _small_send_buffers(server)
            raw.send({"type": "start"})  # the bots play on; its own turns run out every 0.3 s
            began, gone = time.monotonic(), None
            while time.monotonic() - began < 15.0:
                raw.sock.sendall(ws_frame(b"hi", PING))  # 10 a second: well under the rate
                if not _links(server):
                    gone = time.monotonic() - began
                    break
                time.sleep(0.1)
        finally:
            raw.close()
        assert gone is not None and gone < 12.0, "the link that reads nothing was never dropped"
