"""Clients that do not play by the rules, for the hostile suite: a raw WebSocket over a plain socket that can
stop reading (and so never answers the server's pings), and random frames for the fuzz run."""

from __future__ import annotations

import base64
import json
import os
import random
import socket
import struct
from typing import Any


def ws_frame(payload: bytes, opcode: int = 0x1, fin: bool = True) -> bytes:
    """One masked client frame (RFC 6455)."""
    head = bytes([(0x80 if fin else 0) | opcode])
    n = len(payload)
    if n < 126:
        head += bytes([0x80 | n])
    elif n < 1 << 16:
        head += bytes([0x80 | 126]) + struct.pack("!H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack("!Q", n)
    mask = os.urandom(4)
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


class RawLink:
    """A WebSocket opened by hand on a plain socket; after the handshake it reads only when asked."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
                           ).encode())  # fmt: skip
        head = b""
        while b"\r\n\r\n" not in head:
            byte = self.sock.recv(1)
            if not byte:
                raise ConnectionError("the server closed during the handshake")
            head += byte
        assert b" 101 " in head.split(b"\r\n")[0], head
        self._buffer = b""

    def send_text(self, text: str) -> None:
        self.sock.sendall(ws_frame(text.encode()))

    def send(self, message: dict[str, Any]) -> None:
        self.send_text(json.dumps({**message, "v": 1}))

    def frame(self, timeout: float = 5.0) -> tuple[int, bytes]:
        """The server's next frame: its opcode and payload (a server's frames are not masked)."""
        self.sock.settimeout(timeout)

        def take(n: int) -> bytes:
            while len(self._buffer) < n:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise ConnectionError("the server closed the link")
                self._buffer += chunk
            out, self._buffer = self._buffer[:n], self._buffer[n:]
            return out

        first, size = take(2)
        if size == 126:
            size = struct.unpack("!H", take(2))[0]
        elif size == 127:
            size = struct.unpack("!Q", take(8))[0]
        return first & 0x0F, take(size)

    def messages(self, count: int, timeout: float = 5.0) -> list[dict[str, Any]]:
        """The next ``count`` messages the server sends (its text frames, read as JSON)."""
        out: list[dict[str, Any]] = []
        while len(out) < count:
            opcode, payload = self.frame(timeout)
            if opcode == 0x1:
                out.append(json.loads(payload))
        return out

    def close_code(self, timeout: float = 5.0) -> int | None:
        """The code of the server's closing frame (the frames before it dropped); None if the link just ended."""
        try:
            while True:
                opcode, payload = self.frame(timeout)
                if opcode == 0x8:
                    return int(struct.unpack("!H", payload[:2])[0]) if len(payload) >= 2 else None
        except (ConnectionError, OSError):
            return None

    def closed_by_server(self, timeout: float) -> bool:
        """Read (and drop) what the server sent until it closes the TCP link; False if it is still open."""
        self.sock.settimeout(timeout)
        try:
            while self.sock.recv(65536):
                pass
        except TimeoutError:
            return False
        except OSError:
            return True
        return True

    def close(self) -> None:
        self.sock.close()


def WELL_FORMED(rng: random.Random) -> list[dict[str, Any]]:  # noqa: N802 - a table of messages
    cards = [f"{r}{s}" for r in "3456789TJQKA2" for s in "scdh"]
    return [
        {"type": "host", "v": 1, "name": "Fuzz", "variant": rng.choice(["mien-nam", "dem-la", "nope"]),
         "players": rng.choice([2, 3, 4]), "bot_level": "easy", "timer": rng.choice([0, 15])},
        {"type": "join", "v": 1, "code": rng.choice(["", "ABCDE"]), "name": "Fuzz", "token": "x"},
        {"type": "start", "v": 1}, {"type": "pass", "v": 1}, {"type": "ready", "v": 1},
        {"type": "play", "v": 1, "cards": rng.sample(cards, rng.randint(1, 5))},
        {"type": "chat", "v": 1, "phrase": "wow"}, {"type": "leave", "v": 1},
    ]  # fmt: skip


def random_frame(rng: random.Random) -> str | bytes:
    """A frame a careless or hostile client might send: broken JSON, wrong shapes, wrong values, binary."""
    kinds = ["host", "join", "start", "play", "pass", "ready", "chat", "leave", "nope", "", None, 7]
    values: list[Any] = [None, True, 0, -1, 2**70, 1.5, float("1e308"), "", "x" * rng.randint(0, 300), "3s",
                         ["3s"], ["3s", "3s"], ["Zz"], [[]], {}, {"a": {"b": []}}, "\u202e\u200b\x00", "mien-nam",
                         ["2h"] * 14, list(range(20))]  # fmt: skip
    fields = ["type", "v", "cards", "name", "code", "password", "token", "variant", "players", "timer",
              "bot_level", "phrase", "seat", "table_bet", "starting_chips", "extra"]  # fmt: skip
    choice = rng.random()
    if choice < 0.15:
        return bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 200)))
    if choice < 0.3:
        text = json.dumps({"type": rng.choice(kinds), "v": 1, "cards": ["3s"]})
        cut = rng.randint(0, len(text))
        noise = [chr(rng.choice([rng.randint(0, 0xD7FF), rng.randint(0xE000, 0x10FFFF)])) for _ in range(5)]
        return text[:cut] + "".join(noise[: rng.randint(0, 5)])
    if choice < 0.4:
        return json.dumps(rng.choice(values))
    if choice < 0.6:  # well formed, so the lobby and a table get to act on it
        return json.dumps(rng.choice(WELL_FORMED(rng)))
    msg: dict[str, Any] = {"type": rng.choice(kinds), "v": rng.choice([1, 1, 1, 2, "1", None])}
    for _ in range(rng.randint(0, 5)):
        msg[rng.choice(fields)] = rng.choice(values)
    return json.dumps(msg, allow_nan=True)
