"""A link's messages reach the server as their bytes arrive (``inbound.LinkSocket``): whole, in order, those
that came before the server listened first, and a message in several frames as one; a text that is not UTF-8 or
a message in too many frames closes the link as ``websockets`` would."""

from __future__ import annotations

import json
import struct
from typing import Any

import pytest
from websockets.frames import Frame, Opcode

from game.net.inbound import MAX_FRAGMENTS, LinkSocket
from game.net.server import ServerLimits
from tests.net.hostile import RawLink, ws_frame
from tests.net.servers import running


def read_frame(link: RawLink) -> tuple[int, bytes]:
    """The server's next frame (unmasked): its opcode and payload."""
    def exactly(n: int) -> bytes:
        data = b""
        while len(data) < n:
            chunk = link.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    first, second = exactly(2)
    size = second & 0x7F
    if size == 126:
        size = struct.unpack("!H", exactly(2))[0]
    elif size == 127:
        size = struct.unpack("!Q", exactly(8))[0]
    return first & 0x0F, exactly(size)


def next_message(link: RawLink) -> dict[str, Any]:
    opcode, payload = read_frame(link)
    assert opcode == 0x1, (opcode, payload)
    message: dict[str, Any] = json.loads(payload)
    return message


def close_code(link: RawLink) -> int:
    """The code of the server's closing frame (the frames before it read and dropped)."""
    while True:
        opcode, payload = read_frame(link)
        if opcode == 0x8:
            code: int = struct.unpack("!H", payload[:2])[0]
            return code


@pytest.fixture
def port():
    with running(limits=ServerLimits()) as handle:
        yield handle.port


HOST = json.dumps({"type": "host", "v": 1, "name": "Ann", "variant": "mien-nam", "players": 2,
                   "bot_level": "easy", "timer": 0}).encode()  # fmt: skip


def test_a_message_in_several_frames_is_read_as_one(port):
    link = RawLink(port)
    link.sock.sendall(ws_frame(HOST[:10], fin=False) + ws_frame(HOST[10:30], opcode=0x0, fin=False)
                      + ws_frame(HOST[30:], opcode=0x0))  # fmt: skip
    assert next_message(link)["type"] == "welcome"
    link.sock.sendall(ws_frame(b'{"type": "pass", "v": 1}'))
    link.sock.sendall(ws_frame(b"{oops", fin=False) + ws_frame(b"}", opcode=0x0))
    kinds = [next_message(link) for _ in range(3)]
    assert [m["type"] for m in kinds] == ["seated", "error", "error"]
    assert [m["code"] for m in kinds[1:]] == ["not_started", "bad_json"]
    link.close()


def test_a_text_that_is_not_utf8_closes_the_link_with_1007(port):
    link = RawLink(port)
    link.sock.sendall(ws_frame(b'{"type": "\xff"}'))
    assert close_code(link) == 1007
    assert link.closed_by_server(5.0)


def test_a_message_in_too_many_frames_closes_the_link_with_1009(port):
    link = RawLink(port)
    parts = [ws_frame(b"{", fin=False)] + [ws_frame(b" ", opcode=0x0, fin=False)] * MAX_FRAGMENTS
    link.sock.sendall(b"".join(parts))
    assert close_code(link) == 1009
    assert link.closed_by_server(5.0)


def test_the_messages_that_came_before_the_server_listened_come_first_and_in_order():
    sock = LinkSocket.__new__(LinkSocket)  # the frames by hand: no network is needed for the order
    sock.request = object()  # type: ignore[assignment]  # the handshake is over
    sock.process_event(Frame(Opcode.TEXT, b"one"))
    sock.process_event(Frame(Opcode.TEXT, b"tw", fin=False))
    got: list[str | bytes] = []
    sock.listen(got.append)
    assert got == ["one"]
    sock.process_event(Frame(Opcode.CONT, b"o"))
    sock.process_event(Frame(Opcode.TEXT, b"three"))
    sock.ignore()
    sock.process_event(Frame(Opcode.TEXT, b"four"))
    assert got == ["one", "two", "three"]
