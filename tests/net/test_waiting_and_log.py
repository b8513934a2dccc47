"""A table nobody starts ends in time, however well its host answers pings; a storm of the same log line is cut
down to a few, and the next line that goes through says how many were left out."""

from __future__ import annotations

import logging
import time
from dataclasses import replace

from game.net.server import ServerLimits
from tests.net.hostile import RawLink, ws_frame
from tests.net.players import pump_until
from tests.net.servers import FAST, QUICK_CLIENTS, close_all, running, seat_table


def test_a_waiting_table_times_out_while_its_host_answers_every_ping_and_a_started_one_plays_on():
    limits = replace(QUICK_CLIENTS, ping_interval=0.1, ping_timeout=1.0)  # the host's client answers them all
    with running(limits=limits, times=replace(FAST, waiting_limit=1.0)) as server:
        idle = seat_table(server.url, "mien-nam", players=4, people=2)
        playing = seat_table(server.url, "dem-la", players=2, people=2, seed=5)
        playing[0].client.start_match()
        pump_until(idle, lambda: all(p.ended == "timed_out" for p in idle), timeout=10)
        assert server.call(lambda: sorted(server.server.lobby.tables)) == [playing[0].code]
        assert not any(p.ended for p in playing)
        close_all([*idle, *playing])


def _storm(port: int, links: int) -> None:
    """Links that each send 30 messages before sitting down: closed after 20 refusals, one log line each."""
    for _ in range(links):
        raw = RawLink(port)
        raw.sock.sendall(ws_frame(b'{"type": "ready", "v": 1}') * 30)
        assert raw.close_code() == 1008  # its closing frame came (the client does not answer it)
        raw.close()


def test_a_storm_of_one_log_line_is_cut_to_a_burst_and_the_rest_counted(caplog):
    with running(limits=ServerLimits()) as server, caplog.at_level(logging.WARNING, logger="tienlen.net"):
        began = time.monotonic()
        _storm(server.port, 60)
        time.sleep(1.1)
        _storm(server.port, 1)  # a line after the storm carries the count of those left out since the last
        lines = [r.getMessage() for r in caplog.records if "closing after not_seated" in r.getMessage()]
        assert len(lines) <= 20 + (time.monotonic() - began) + 1  # before: 61
        counted = [int(m.split("[")[1].split()[0]) for m in lines if "more lines like this one were left out" in m]
        assert counted and len(lines) + sum(counted) == 61
