"""The tests stay on this computer: the session's guard refuses and notes a socket aimed beyond loopback, and
with ``TIENLEN_LAN_DISCOVERY=0`` (set for every test, the smoke tests and CI) tables are announced and looked
for on loopback only."""

from __future__ import annotations

import socket

import pytest

from game.net import discovery
from game.net.discovery import Advertiser, TableAd
from game.net.lan import lan_addresses, lan_allowed
from tests.loopback_guard import went_out

AD = TableAd(code="K7Q2", variant="mien-nam", taken=1, seats=4, host="Lan", password=False)


def test_a_socket_aimed_beyond_loopback_is_refused_and_fails_its_test():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        with pytest.raises(PermissionError):
            sock.connect(("192.0.2.1", 9))  # TEST-NET: nothing would answer, but it is not this machine
        with pytest.raises(PermissionError):
            sock.sendto(b"x", ("192.0.2.1", 9))
        with pytest.raises(PermissionError):
            sock.sendto(b"x", ("224.0.0.251", 5353))  # mDNS out of the machine's default interface
        sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, socket.inet_aton("127.0.0.1"))
        sock.sendto(b"x", ("224.0.0.251", 5353))  # the same out of loopback: allowed (discovery's tests)
        sock.sendto(b"x", ("127.0.0.1", 9))
    assert went_out == ["connect to ('192.0.2.1', 9)", "sendto to ('192.0.2.1', 9)",
                        "sendto to ('224.0.0.251', 5353)"]  # fmt: skip
    went_out.clear()  # noted: this test made them on purpose


def test_with_the_switch_off_nothing_is_announced_or_looked_for_beyond_loopback(monkeypatch):
    assert not lan_allowed()  # tests/conftest.py
    assert lan_addresses() == ["127.0.0.1"]
    assert Advertiser(7777, AD).addresses == ["127.0.0.1"]  # not the machine's LAN addresses
    chosen: list[object] = []

    class Zeroconf:
        def __init__(self, interfaces: object, ip_version: object) -> None:
            chosen.append(interfaces)

    import zeroconf

    monkeypatch.setattr(zeroconf, "Zeroconf", Zeroconf)
    discovery._zeroconf(None)  # the Join screen's browser and a window's announcement ask for every interface
    assert chosen == [["127.0.0.1"]]


def test_with_the_switch_on_the_machines_own_addresses_come_first_and_loopback_last(monkeypatch):
    monkeypatch.setenv("TIENLEN_LAN_DISCOVERY", "1")
    found = lan_addresses()
    assert found[-1] == "127.0.0.1" and all(socket.inet_aton(a) for a in found)
