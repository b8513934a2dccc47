"""This machine on the local network: its addresses, the networks they are on, and the switch that keeps table
discovery on this machine alone.

``TIENLEN_LAN_DISCOVERY=0`` (the test suite, the smoke tests and CI set it) keeps every announcement and every
search for tables on loopback: nothing is multicast to the machine's network, so a person running the tests at
home never shows test tables to every device in the house. The player's own switch, "Announce my tables on the
local network", is in the Host screen (``ui.net.prefs``).

The addresses come from the interfaces themselves (``ifaddr``, which zeroconf brings): no packet is sent and no
name is looked up to find them.
"""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Iterable

ENV_SWITCH = "TIENLEN_LAN_DISCOVERY"
LOOPBACK = "127.0.0.1"
Network = ipaddress.IPv4Network


def lan_allowed() -> bool:
    """Whether tables may be announced and looked for beyond this machine (not when ``TIENLEN_LAN_DISCOVERY=0``)."""
    return os.environ.get(ENV_SWITCH, "1") != "0"


def _interfaces() -> list[tuple[str, int]]:
    """This machine's IPv4 addresses with their network prefix lengths (loopback's when nothing can be read)."""
    try:
        import ifaddr

        found = [(str(ip.ip), int(ip.network_prefix)) for adapter in ifaddr.get_adapters() for ip in adapter.ips
                 if isinstance(ip.ip, str)]  # fmt: skip
    except Exception:  # no ifaddr in this build, or the platform would not say
        found = []
    return found or [(LOOPBACK, 8)]


def local_networks() -> list[Network]:
    """The IPv4 networks this machine is on, loopback included."""
    nets = {ipaddress.IPv4Network((address, prefix), strict=False) for address, prefix in _interfaces()}
    nets.add(ipaddress.IPv4Network("127.0.0.0/8"))
    return sorted(nets, key=str)


def on_local_network(address: str, networks: Iterable[Network]) -> bool:
    """Whether ``address`` is on one of ``networks`` and a private, link-local or loopback one (an advertisement
    naming 8.8.8.8 is not a table in the house)."""
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return False
    if not (ip.is_private or ip.is_link_local or ip.is_loopback) or ip.is_multicast or ip.is_unspecified:
        return False
    return any(ip in net for net in networks)


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that friends on the network could reach, private ones first; at least the
    loopback address, last. Only loopback while ``TIENLEN_LAN_DISCOVERY=0``."""
    if not lan_allowed():
        return [LOOPBACK]
    seen: list[ipaddress.IPv4Address] = []
    for address, _ in _interfaces():
        ip = ipaddress.IPv4Address(address)
        if not (ip.is_loopback or ip.is_link_local or ip.is_unspecified) and ip not in seen:
            seen.append(ip)
    seen.sort(key=lambda ip: not ip.is_private)  # stable: the interfaces' own order among equals
    return [str(ip) for ip in seen] + [LOOPBACK]
