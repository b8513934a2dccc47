"""Random frames from many links (broken JSON, wrong shapes, binary, garbage bytes on the socket) while a table
plays; the server ends still serving a normal table. And a fault inside one table ends that table only."""

from __future__ import annotations

import logging
import random
import socket

from game.engine.game import Game
from game.net.botpool import choose_safely
from game.net.lobby import LobbyLimits
from game.net.server import ServerLimits
from game.net.tables import Table
from tests.net.hostile import RawLink, random_frame
from tests.net.players import Player, pump_until
from tests.net.servers import running, seat_table

#: The real limits, but for the tables one address may host: the fuzzers' tables end as each closes, a moment
#: after the next has begun.
LIMITS = ServerLimits(ping_interval=1.0, ping_timeout=1.0, hello_timeout=2.0,
                      lobby=LobbyLimits(tables_per_address=100))
SEED = 37


def test_random_frames_never_stop_the_server_and_a_normal_table_plays_after(caplog):
    rng = random.Random(SEED)
    codes: set[str] = set()
    with running(limits=LIMITS) as server:
        table = seat_table(server.url, "mien-nam", players=4, people=4, min_gap=0.05, seed=3)
        table[0].client.start_match()
        sent = 0
        for n in range(16):
            fuzzer = Player(server.url, f"F{n}", plays=False, ready=False)
            for _ in range(rng.randint(10, 38)):  # under the burst: every frame is read
                fuzzer.client.send_raw(random_frame(rng))
                sent += 1
            pump_until([*table, fuzzer], lambda f=fuzzer: f.client.connected or f.client.closed, timeout=5)
            fuzzer.close()
            fuzzer.pump()
            assert all(set(e) >= {"code", "message"} for e in fuzzer.errors)
            codes |= {e["code"] for e in fuzzer.errors}
        for n in range(6):  # bytes that are not WebSocket frames at all
            if n % 2:
                raw = RawLink(server.port)
                raw.sock.sendall(bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 500))))
                raw.close()
            else:
                with socket.create_connection(("127.0.0.1", server.port), timeout=5) as sock:
                    sock.sendall(bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 500))))
        assert sent > 300
        assert {"bad_json", "bad_message", "unknown_type", "version", "bad_field", "not_seated"} <= codes, codes
        assert codes & {"already_seated", "not_started", "match_started", "no_table"}, codes  # some sat down
        pump_until(table, lambda: all(len(p.records) >= 2 for p in table), timeout=40)
        assert not any(p.errors or p.client.closed for p in table)
        after = seat_table(server.url, "dem-la", players=4, people=4, min_gap=0.05, seed=11)
        after[0].client.start_match()
        pump_until(after, lambda: all(len(p.records) >= 1 for p in after), timeout=30)
        assert Game.from_dict(after[0].records[0]).is_over and not any(p.errors for p in after)
        faults = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith("tienlen")]
        assert not faults, faults[0].getMessage()
        for p in [*table, *after]:
            p.close()


def test_a_fault_inside_one_table_ends_that_table_and_no_other(monkeypatch):
    with running() as server:
        healthy = seat_table(server.url, "mien-nam", players=4, people=4)
        doomed = seat_table(server.url, "dem-la", players=2, people=2)
        healthy[0].client.start_match()
        real = Table._start

        def broken(self: Table, index: int) -> None:
            if self.rules.id == "dem-la":
                raise RuntimeError("a bug in the table")
            real(self, index)

        monkeypatch.setattr(Table, "_start", broken)
        doomed[0].client.start_match()
        pump_until(doomed, lambda: all(p.ended == "table_closed" for p in doomed))
        pump_until(healthy, lambda: all(len(p.records) >= 2 for p in healthy), timeout=30)
        assert not any(p.errors for p in healthy)
        for p in [*healthy, *doomed]:
            p.close()


def test_a_bot_that_fails_is_replaced_by_the_lowest_legal_move():
    from game import load_rules, new_game

    class Broken:
        def choose(self, view: object) -> None:
            raise ValueError("thinking hurts")

    game = new_game(load_rules("mien-nam"), 4, seed=2)
    view = game.view(game.current_player)
    assert choose_safely(Broken(), view) == view.legal_moves[0]
