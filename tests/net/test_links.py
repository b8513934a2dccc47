"""How the server writes to a link: at once while the client keeps up, through the queue when it does not (a
client that stops reading: tests/net/test_hostile.py)."""

from __future__ import annotations

from tests.net.players import pump_until
from tests.net.servers import running, seat_table


def test_a_message_to_a_link_that_keeps_up_is_on_the_socket_at_once_and_arrives_after_what_came_before():
    with running() as server:
        [host] = seat_table(server.url, players=2, people=1)
        link = next(iter(server.server.links))

        def send_two() -> tuple[int, int]:
            before = link.stats.sent_count
            link.send({"type": "chat", "seat": 0, "phrase": "hello"})
            link.send({"type": "chat", "seat": 0, "phrase": "thanks"})
            return len(link._out), link.stats.sent_count - before

        queued, sent = server.call(send_two)
        assert (queued, sent) == (0, 2)  # written without waiting for the link's writer task
        pump_until([host], lambda: sum(m["type"] == "chat" for m in host.messages) == 2)
        assert [m["phrase"] for m in host.messages if m["type"] == "chat"] == ["hello", "thanks"]
        host.close()


def test_a_frame_written_by_hand_is_the_frame_websockets_makes():
    from websockets.protocol import State
    from websockets.server import ServerProtocol

    from game.net.links import text_frame

    protocol = ServerProtocol()
    protocol.state = State.OPEN
    for size in (0, 1, 125, 126, 127, 65535, 65536, 200_000):
        text = ("é" + "x" * size)[:size] if size else ""
        protocol.send_text(text.encode())
        assert text_frame(text) == b"".join(protocol.data_to_send()), size
