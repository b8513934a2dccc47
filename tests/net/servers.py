"""Servers for the tests: a real ``TableServer`` on 127.0.0.1 and a free port, on its own thread, with short
waits; and tables seated with bot-driven clients."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from game.net.seats import TableTimes
from game.net.server import ServerHandle, ServerLimits, serve_in_thread
from tests.net.players import Player, pump_until

#: A dropped seat is botted after 0.3 s, a host has 1 s to come back, the next deal waits at most 2 s, and a
#: "15 s" turn timer runs out in 0.3 s.
FAST = TableTimes(away_grace=0.3, host_grace=1.0, ready_cap=2.0, timer_scale=0.02)
#: Bots answer at once, so a client sends far faster than a person would: the rate limit is raised for tests
#: that are not about it (the hostile suite runs with the real limits).
QUICK_CLIENTS = ServerLimits(rate=1000.0, burst=2000.0)


@contextmanager
def running(**options: Any) -> Iterator[ServerHandle]:
    options.setdefault("times", FAST)
    options.setdefault("limits", QUICK_CLIENTS)
    handle = serve_in_thread("127.0.0.1", 0, **options)
    try:
        yield handle
    finally:
        handle.stop()


def seat_table(url: str, variant: str = "mien-nam", players: int = 4, people: int = 4, timer: int = 0,
               password: str = "", level: str = "normal", seed: int = 0, keep_raw: bool = False,
               min_gap: float = 0.0, **host_options: Any) -> list[Player]:
    """A hosted table with ``people`` bot-driven clients seated (the host first), not yet started."""
    host = Player(url, "Host", seed=seed, keep_raw=keep_raw, min_gap=min_gap)
    host.client.host("Host", variant, players=players, bot_level=level, timer=timer, password=password,
                     **host_options)
    pump_until([host], lambda: host.code != "")
    guests = [Player(url, f"Guest {i}", seed=seed + i, keep_raw=keep_raw, min_gap=min_gap) for i in range(1, people)]
    for guest in guests:
        guest.client.join(host.code, guest.name, password)
    everyone = [host, *guests]
    pump_until(everyone, lambda: all(p.seat >= 0 for p in everyone))
    return everyone


def close_all(players: list[Player]) -> None:
    for p in players:
        p.close()
