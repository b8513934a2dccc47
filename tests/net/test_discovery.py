"""Finding tables on the local network: the TXT record both ways, and a real announcement found by a real
browser over loopback multicast (skipped, with the reason, where the platform has no multicast there)."""

from __future__ import annotations

import random
import socket
import string
import time
from dataclasses import replace

import pytest

from game.net.discovery import Advertiser, TableAd, TableBrowser, clean_name, lan_addresses

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
