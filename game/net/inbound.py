"""A server link's incoming messages, handed to the server as their bytes arrive.

``websockets``' own way to read (``async for message in connection``) queues each message, wakes the reading
task with a future and resumes it: 27 µs of CPU a message where this takes 16 (tools/bench_server_parts.py). A
``LinkSocket`` instead gives each whole message to a callback from the protocol's ``data_received``, in order.
(The server's callback queues them and handles all it read in one pass of the loop together: handled one by one
as they were read, a move cost the server more, not less; docs/performance.md.) Everything else (the handshake,
answering pings, the closing handshake, ``max_size``) is still ``websockets``': only data frames come here, and
each ping or pong is counted (``listen``'s ``control``).
"""

from __future__ import annotations

from collections.abc import Callable

from websockets.asyncio.server import ServerConnection
from websockets.frames import CloseCode, Frame, Opcode
from websockets.protocol import Event

MAX_FRAGMENTS = 64  # frames one message may come in (a client of this game sends each in one)
MAX_EARLY = 64  # messages kept from before the server listens (it listens as soon as the handshake is done)

#: Given each message: its text (its bytes for a binary message).
Handler = Callable[[str | bytes], None]
#: Asked at each ping or pong the client sends: False drops the link (it sends them too fast).
Control = Callable[[], bool]


class LinkSocket(ServerConnection):
    """A ``ServerConnection`` whose messages go to ``listen``'s handler (those that came before it, first)."""

    _handler: Handler | None = None
    _control: Control | None = None
    _early: list[str | bytes] | None = None  # messages that came before ``listen``
    _parts: list[Frame] | None = None  # a fragmented message's frames so far

    def listen(self, handler: Handler, control: Control | None = None) -> None:
        """From now on give every message to ``handler``, the ones already here first; ask ``control`` at each
        ping or pong (``websockets`` has answered a ping with a pong already: a flood fills the link's queue)."""
        self._handler, self._control = handler, control
        early, self._early = self._early or [], None
        for item in early:
            handler(item)

    def ignore(self) -> None:
        """Drop whatever else this link sends (the server has stopped reading it)."""
        self._handler, self._control = _drop, None
        self._early = None

    def process_event(self, event: Event) -> None:
        if not isinstance(event, Frame) or self.request is None:
            super().process_event(event)  # the handshake
        elif event.opcode in (Opcode.PING, Opcode.PONG):
            control = self._control
            if control is not None and not control():
                self.transport.abort()  # a flood: dropped at once, as a client that does not read is
            elif event.opcode is Opcode.PONG:
                self.acknowledge_pings(bytes(event.data))
        elif event.opcode in (Opcode.TEXT, Opcode.BINARY, Opcode.CONT):
            frames = self._assemble(event)
            if frames:
                self._decode(frames)

    def _assemble(self, frame: Frame) -> list[Frame]:
        """A whole message's frames once its last one is here (none till then)."""
        if frame.fin and self._parts is None:
            return [frame]
        parts = self._parts = (self._parts or []) + [frame]
        if len(parts) > MAX_FRAGMENTS:
            self._fail(CloseCode.MESSAGE_TOO_BIG, "too many fragments")
            return []
        if not frame.fin:
            return []
        self._parts = None
        return parts

    def _decode(self, frames: list[Frame]) -> None:
        data = bytes(frames[0].data) if len(frames) == 1 else b"".join(bytes(f.data) for f in frames)
        if frames[0].opcode is Opcode.BINARY:
            self._deliver(data)
            return
        try:
            text = data.decode()
        except UnicodeDecodeError as exc:  # as ``websockets`` answers it
            self._fail(CloseCode.INVALID_DATA, f"{exc.reason} at position {exc.start}")
            return
        self._deliver(text)

    def _fail(self, code: CloseCode, reason: str) -> None:
        self._parts = None
        self.protocol.fail(code, reason)
        self.send_data()

    def _deliver(self, message: str | bytes) -> None:
        handler = self._handler
        if handler is not None:
            handler(message)
        elif self._early is None:
            self._early = [message]
        elif len(self._early) < MAX_EARLY:
            self._early.append(message)


def _drop(message: str | bytes) -> None:
    """What a link the server stopped reading sends goes nowhere."""


__all__ = ["Handler", "LinkSocket"]
