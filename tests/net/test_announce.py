"""The server command's LAN announcer: a table waiting for players is announced with its details, updated as
people sit down, and withdrawn when its match starts or it ends; over real zeroconf on loopback where the
platform allows it (and ``game.net.discovery`` is there)."""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from types import SimpleNamespace
from typing import Any

import pytest

from game.server.announce import Announcer
from tests.net.players import Player, pump_until
from tests.net.servers import close_all, running, seat_table


@dataclass(frozen=True)
class FakeAd:
    code: str
    variant: str
    taken: int
    seats: int
    host: str
    password: bool


class FakeAdvertiser:
    made: list[FakeAdvertiser] = []

    def __init__(self, port: int, ad: FakeAd, addresses: Any = None, interfaces: Any = None) -> None:
        self.port, self.ad, self.started, self.stopped = port, ad, False, False
        FakeAdvertiser.made.append(self)

    def start(self) -> None:
        self.started = True

    def update(self, **changes: Any) -> None:
        self.ad = replace(self.ad, **changes)

    def stop(self, wait: float = 2.0) -> None:
        self.stopped = True


def test_a_waiting_table_is_announced_updated_and_withdrawn_when_its_match_starts():
    FakeAdvertiser.made = []
    announcer = Announcer(discovery=SimpleNamespace(TableAd=FakeAd, Advertiser=FakeAdvertiser))
    with running(watchers=[announcer]) as server:
        announcer.port = server.port
        players = seat_table(server.url, "dem-la", players=3, people=2, password="pw")
        pump_until(players, lambda: bool(FakeAdvertiser.made) and FakeAdvertiser.made[0].ad.taken == 2)
        ad = FakeAdvertiser.made[0]
        assert ad.started and ad.port == server.port
        assert ad.ad == FakeAd(players[0].code, "dem-la", 2, 3, "Host", True)
        players[0].client.start_match()
        pump_until(players, lambda: ad.stopped)
        assert announcer.ads == {}
        close_all(players)


def test_at_most_the_limit_of_tables_is_announced_and_an_ended_one_is_withdrawn():
    FakeAdvertiser.made = []
    announcer = Announcer(limit=1, discovery=SimpleNamespace(TableAd=FakeAd, Advertiser=FakeAdvertiser))
    with running(watchers=[announcer]) as server:
        announcer.port = server.port
        first = seat_table(server.url, "mien-nam", people=1)
        second = seat_table(server.url, "mien-nam", people=1)
        assert [a.ad.code for a in FakeAdvertiser.made] == [first[0].code]
        first[0].client.leave()
        pump_until(first, lambda: FakeAdvertiser.made[0].stopped)
        close_all([*first, *second])


def test_a_server_table_is_found_by_a_real_browser_on_loopback():
    discovery = pytest.importorskip("game.net.discovery", reason="the LAN discovery module is not in this build")
    try:
        from zeroconf import IPVersion, Zeroconf

        Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only).close()
    except Exception as exc:  # no multicast on loopback here
        pytest.skip(f"zeroconf cannot run over loopback here: {exc}")
    announcer = Announcer(addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
    browser = discovery.TableBrowser(interfaces=["127.0.0.1"])
    with running(watchers=[announcer]) as server:
        announcer.port = server.port
        browser.start()
        try:
            host = Player(server.url, "Lan")
            host.client.host("Lan", "xep-hang", players=3)
            pump_until([host], lambda: host.code != "")
            deadline = time.monotonic() + 15
            while not any(t.code == host.code for t in browser.tables()) and time.monotonic() < deadline:
                time.sleep(0.1)
            found = next(t for t in browser.tables() if t.code == host.code)
            assert (found.variant, found.taken, found.seats, found.host, found.port) == (
                "xep-hang", 1, 3, "Lan", server.port)
            host.close()
        finally:
            browser.stop()
            announcer.stop()
