"""The client library's link states, ``serve_in_thread``'s handle, and ``python3 -m game.server`` as a process:
``--help``, serving, logging, and stopping cleanly on SIGTERM with every player told."""

from __future__ import annotations

import contextlib
import gc
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from game.net.client import TableClient
from game.net.server import serve_in_thread
from tests.net.hostile import RawLink
from tests.net.players import Player, pump_until
from tests.net.servers import running, seat_table

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_client_that_cannot_connect_says_why_in_one_line():
    client = TableClient(f"ws://127.0.0.1:{free_port()}", timeout=2.0)
    client.start()
    deadline = time.monotonic() + 5
    while not client.closed and time.monotonic() < deadline:
        time.sleep(0.01)
    assert client.closed and not client.connected
    assert client.error and "cannot reach" in client.error and "\n" not in client.error
    client.send({"type": "pass"})  # after the link is gone: dropped, no exception
    assert client.poll() == []


def test_a_bad_address_is_an_error_not_an_exception():
    client = TableClient("not a url")
    client.start()
    client.close()
    assert client.closed and client.error


def test_a_client_closed_before_it_connects_is_closed():
    client = TableClient("ws://127.0.0.1:9")
    client.close()
    assert client.closed


def test_messages_sent_before_the_link_is_up_are_delivered_in_order():
    with running() as server:
        client = TableClient(server.url)
        client.host("An", "mien-nam", players=2)  # queued before start()
        client.start_match()
        client.start()
        seen: list[str] = []
        deadline = time.monotonic() + 5
        while "game" not in seen and time.monotonic() < deadline:
            seen += [m["type"] for m in client.poll()]
            time.sleep(0.01)
        assert seen[:2] == ["welcome", "seated"] and "game" in seen
        client.close()
        assert client.closed and client.error is None


def test_serve_in_thread_gives_a_handle_and_a_taken_port_raises_oserror():
    handle = serve_in_thread("127.0.0.1", 0)
    try:
        assert handle.port > 0 and handle.host == "127.0.0.1" and handle.url == f"ws://127.0.0.1:{handle.port}"
        with pytest.raises(OSError):
            serve_in_thread("127.0.0.1", handle.port)
    finally:
        handle.stop()
    assert not handle.thread.is_alive()


def test_stopping_the_server_tells_every_player():
    with running() as server:
        players = seat_table(server.url, "mien-nam", players=3, people=3)
        players[0].client.start_match()
        pump_until(players, lambda: all(p.view is not None for p in players))
        server.stop()
        pump_until(players, lambda: all(p.ended == "server_stopping" for p in players))
        for p in players:
            p.close()


def test_the_server_command_documents_itself():
    out = subprocess.run([sys.executable, "-m", "game.server", "--help"], cwd=ROOT, capture_output=True,
                         text=True, timeout=30, check=True).stdout  # fmt: skip
    for flag in ("--port", "--host", "--log-dir", "--max-tables", "--per-address"):
        assert flag in out
    bad = subprocess.run([sys.executable, "-m", "game.server", "--port", "70000"], cwd=ROOT, capture_output=True,
                         text=True, timeout=30)  # fmt: skip
    assert bad.returncode == 2 and "--port" in bad.stderr


@pytest.mark.skipif(sys.platform == "win32", reason="SIGTERM is POSIX")
def test_the_server_process_serves_logs_and_stops_cleanly_on_sigterm(tmp_path):
    env = {**os.environ, "TIENLEN_HOME": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "game.server", "--host", "127.0.0.1", "--port", "0", "--quiet",
                             "--stats", "0.2"], cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)  # fmt: skip
    try:
        assert proc.stdout is not None
        url = proc.stdout.readline().split()[-1]
        assert url.startswith("ws://127.0.0.1:")
        players = [Player(url, "An"), Player(url, "Bình")]
        players[0].client.host("An", "dem-la", players=3)
        pump_until(players, lambda: players[0].code != "")
        players[1].client.join(players[0].code, "Bình")
        pump_until(players, lambda: players[1].seat == 1)
        players[0].client.start_match()
        pump_until(players, lambda: all(p.view is not None for p in players))
        raw = RawLink(int(url.rsplit(":", 1)[1]))  # a client that reads the closing frame's code itself
        raw.send({"type": "host", "name": "Raw", "variant": "mien-nam", "players": 2, "bot_level": "easy", "timer": 0})
        assert raw.messages(1)[0]["type"] == "welcome"
        time.sleep(0.3)  # a report of the server's figures falls due
        proc.send_signal(signal.SIGTERM)
        pump_until(players, lambda: all(p.ended == "server_stopping" for p in players), timeout=10)
        assert raw.close_code() == 1001  # going away, as docs/protocol.md says
        raw.close()
        assert proc.wait(10) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
    log = (tmp_path / "logs" / "tienlen-server.log").read_text(encoding="utf-8")
    assert "the match starts" in log and "games in progress are not recorded" in log and "server stopped" in log
    assert '"moves_per_s"' in log and '"handle_ms_p99"' in log  # --stats


def test_the_server_process_keeps_its_loaded_objects_out_of_the_collector_and_runs_it_on_a_clock():
    import asyncio

    from game.server.collector import pace_collector, settle_collector

    passes: list[int] = []

    def seen(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            passes.append(info["generation"])

    async def paced() -> None:
        pacer = asyncio.create_task(pace_collector(young=0.01, full=0.05))
        await asyncio.sleep(0.3)
        pacer.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await pacer

    try:
        settle_collector()
        assert gc.get_freeze_count() > 0 and not gc.isenabled()  # no automatic passes...
        gc.callbacks.append(seen)
        asyncio.run(paced())
        assert gc.isenabled()  # ...until the pacing stops
        assert passes.count(0) >= 10 and passes.count(2) >= 2 and 1 not in passes, passes
        assert passes.count(0) > 3 * passes.count(2)
    finally:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(seen)
        gc.enable()
        gc.unfreeze()
