"""Finding tables on the local network: the TXT record both ways, and a real announcement found by a real
browser over loopback multicast (skipped, with the reason, where the platform has no multicast there)."""

from __future__ import annotations

import ipaddress
import random
import socket
import string
import threading
import time
from dataclasses import replace

import pytest

from game.net.discovery import KEPT, PER_ADDRESS, RESOLVE_QUEUE, Advertiser, TableAd, TableBrowser, clean_name
from game.net.lan import lan_addresses, local_networks, on_local_network

AD = TableAd(code="K7Q2", variant="mien-nam", taken=1, seats=4, host="Lan", password=True)


def test_a_record_reads_back_as_the_table_it_describes() -> None:
    props = {k.encode(): v.encode() for k, v in AD.properties().items()}
    back = TableAd.from_properties(props, "192.168.1.5", 7777)
    assert back == TableAd("K7Q2", "mien-nam", 1, 4, "Lan", True, 1, "192.168.1.5", 7777)
    assert back is not None and back.url == "ws://192.168.1.5:7777" and not back.full


@pytest.mark.parametrize("field, value", [
    ("seats", "9"), ("taken", "5"), ("taken", "x"), ("code", "a b"), ("code", "ABCDEFGHIJKLMN"),
    ("variant", "../etc"), ("v", "0"),
])  # fmt: skip
def test_a_malformed_record_is_left_out(field: str, value: str) -> None:
    props = {k.encode(): v.encode() for k, v in AD.properties().items()}
    props[field.encode()] = value.encode()
    assert TableAd.from_properties(props, "10.0.0.2", 7777) is None


def test_a_record_missing_a_field_or_not_utf8_is_left_out() -> None:
    props = {k.encode(): v.encode() for k, v in AD.properties().items() if k != "seats"}
    assert TableAd.from_properties(props, "10.0.0.2", 7777) is None
    props = {k.encode(): v.encode() for k, v in AD.properties().items()}
    props[b"code"] = b"\xff\xfe"
    assert TableAd.from_properties(props, "10.0.0.2", 7777) is None
    assert TableAd.from_properties({k.encode(): v.encode() for k, v in AD.properties().items()}, "x", 0) is None


def test_a_hosts_name_from_the_network_is_cleaned_and_clipped() -> None:
    props = {k.encode(): v.encode() for k, v in AD.properties().items()}
    props[b"host"] = ("Bà\x1b[31m  Ngoại\u202e" + "x" * 80).encode()
    back = TableAd.from_properties(props, "10.0.0.2", 7777)
    assert back is not None and back.host.startswith("Bà[31m Ngoại") and len(back.host) <= 24
    assert clean_name("  a\tb\n ") == "a b"


def test_the_lan_addresses_end_with_loopback() -> None:
    found = lan_addresses()
    assert found[-1] == "127.0.0.1" and all(socket.inet_aton(a) for a in found)


def _multicast_on_loopback() -> str | None:
    """Why zeroconf cannot run over loopback here, or None when it can."""
    try:
        from zeroconf import IPVersion, Zeroconf

        Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only).close()
    except Exception as exc:
        return f"no multicast on loopback here: {exc}"
    return None


def _wait_for(check: object, seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if callable(check) and check():
            return True
        time.sleep(0.05)
    return False


def test_an_announced_table_is_found_updated_and_withdrawn_over_loopback() -> None:
    reason = _multicast_on_loopback()
    if reason:
        pytest.skip(reason)
    code = "".join(random.choice(string.ascii_uppercase) for _ in range(8))  # apart from any other test's
    browser = TableBrowser(interfaces=["127.0.0.1"])
    advertiser = Advertiser(7777, replace(AD, code=code), addresses=["127.0.0.1"], interfaces=["127.0.0.1"])
    browser.start()
    advertiser.start()

    def ours() -> list[TableAd]:
        return [t for t in browser.tables() if t.code == code]

    try:
        assert _wait_for(ours, 15), advertiser.error or "the table was never found"
        [found] = ours()
        assert (found.host, found.taken, found.seats, found.password) == ("Lan", 1, 4, True)
        assert found.url == "ws://127.0.0.1:7777"
        advertiser.update(taken=3)
        assert _wait_for(lambda: [t.taken for t in ours()] == [3], 15)
        advertiser.stop()
        assert _wait_for(lambda: not ours(), 15), "the withdrawn table is still listed"
    finally:
        advertiser.stop()
        browser.stop()


def _browser_with_fake_resolver(monkeypatch: pytest.MonkeyPatch, answers: dict[str, tuple[list[str], int]],
                                slow: float = 0.0) -> TableBrowser:  # fmt: skip
    """A browser whose announcements resolve to ``answers`` (name -> addresses, port), with no network."""
    import zeroconf

    props = {k.encode(): v.encode() for k, v in AD.properties().items()}

    class Info:
        def __init__(self, service_type: str, name: str) -> None:
            self.addresses, self.port = answers.get(name, (["127.0.0.1"], 7777))
            self.properties = props

        def request(self, zc: object, timeout: int) -> bool:
            time.sleep(slow)
            return True

        def parsed_addresses(self) -> list[str]:
            return self.addresses

    monkeypatch.setattr(zeroconf, "ServiceInfo", Info)
    browser = TableBrowser()
    browser._zc = object()
    threading.Thread(target=browser._resolve_all, args=(browser._zc,), daemon=True).start()
    return browser


def _announce(browser: TableBrowser, names: list[str]) -> None:
    from zeroconf import ServiceStateChange

    for name in names:
        browser._on_change(None, "_tienlen._tcp.local.", name, ServiceStateChange.Added)


def test_an_advert_naming_an_address_off_the_local_network_or_a_system_port_is_left_out(monkeypatch):
    browser = _browser_with_fake_resolver(monkeypatch, {"google": (["8.8.8.8"], 443), "ssh": (["127.0.0.1"], 22),
                                                        "ours": (["8.8.8.8", "127.0.0.1"], 7777)})  # fmt: skip
    try:
        _announce(browser, ["google", "ssh", "ours"])
        assert _wait_for(lambda: browser.changes >= 1, 5)
        time.sleep(0.2)
        assert [(t.address, t.port) for t in browser.tables()] == [("127.0.0.1", 7777)]
    finally:
        browser.stop()
    assert on_local_network("127.0.0.1", local_networks()) and not on_local_network("8.8.8.8", local_networks())
    assert not on_local_network("10.1.2.3", [ipaddress.IPv4Network("192.168.1.0/24")])  # private, not ours


def test_two_thousand_fake_adverts_start_one_resolver_and_keep_a_bounded_list(monkeypatch):
    threads = threading.active_count()
    browser = _browser_with_fake_resolver(monkeypatch, {}, slow=0.001)
    try:
        _announce(browser, [f"fake-{n}" for n in range(2000)])  # before: 2,000 resolver threads, all kept
        assert threading.active_count() <= threads + 1
        assert len(browser._names) <= RESOLVE_QUEUE
        assert _wait_for(lambda: not browser._names, 10)
        assert len(browser.tables()) <= PER_ADDRESS  # one address: 16 tables at most
        for n in range(200):  # from many addresses: KEPT at most, those seen first stay first
            browser.keep(f"many-{n}", replace(AD, code=f"M{n}", address=f"127.0.{n}.1", port=7777))
        kept = browser.tables()
        assert len(kept) == KEPT and kept[0].address == "127.0.0.1"
    finally:
        browser.stop()
