"""A server that breaks the protocol (a real WebSocket server on 127.0.0.1 that answers with what it likes):
the window says so and goes on; nothing it sends crashes a screen."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from ui.menus.dialogs import Dialog
from ui.net.friends_menu import FriendsMenu
from ui.net.link import join_link
from ui.net.waiting_room import WaitingRoom


@pytest.fixture
def liar() -> Iterator[tuple[list[dict[str, Any]], int]]:
    """A server that answers any join with the messages in the list (a test fills it first)."""
    script: list[dict[str, Any]] = []
    box: dict[str, Any] = {}
    ready = threading.Event()

    async def answer(ws: ServerConnection) -> None:
        await ws.recv()
        for msg in script:
            await ws.send(json.dumps(msg))
        await asyncio.sleep(30)

    async def main() -> None:
        async with serve(answer, "127.0.0.1", 0) as server:
            box["port"] = list(server.sockets)[0].getsockname()[1]
            box["stop"] = asyncio.get_running_loop().create_future()
            box["loop"] = asyncio.get_running_loop()
            ready.set()
            await box["stop"]

    thread = threading.Thread(target=lambda: asyncio.run(main()), daemon=True)
    thread.start()
    ready.wait(10)
    yield script, box["port"]
    box["loop"].call_soon_threadsafe(box["stop"].set_result, None)
    thread.join(5)


def _room(app: Any, profile: Any, port: int) -> WaitingRoom:
    menu = FriendsMenu(app, profile)
    app.push(menu)
    room = WaitingRoom(app, profile, join_link(f"ws://127.0.0.1:{port}", "", "Guest", ""), menu, menu.open_table)
    app.push(room)
    return room


def _run(app: Any, until: Any, seconds: float = 10) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end and not until():
        app.step(1 / 30)
        time.sleep(0.005)
    assert until(), "timed out"


WELCOME = {"type": "welcome", "v": 1, "seat": "one", "token": ["x"] * 3,
           "table": {"code": "AB", "variant": "no-such-variant", "players": 99, "names": [None, 5, "\u202eX"]}}


def test_a_deal_the_window_cannot_read_is_said_and_nothing_crashes(make_app, liar):
    script, port = liar
    script += [WELCOME, {"type": "game", "v": 1, "game_no": 1, "view": {"hand": "not cards"}, "events": "no"}]
    app, profile = make_app("en")
    _room(app, profile, port)
    _run(app, lambda: isinstance(app.top, Dialog))
    assert "cannot read" in app.top.message()
    app.draw()
    app.top.items[0].activate()
    assert isinstance(app.top, FriendsMenu)


def test_a_refusal_with_an_unknown_code_is_shown_in_the_servers_words(make_app, liar):
    script, port = liar
    script += [{"type": "error", "v": 1, "code": "\u0000weird", "message": "go away " * 100}]
    app, profile = make_app("en")
    room = _room(app, profile, port)
    _run(app, lambda: bool(room.problem))
    assert room.problem.startswith("go away") and len(room.problem) <= 200
    app.draw()
