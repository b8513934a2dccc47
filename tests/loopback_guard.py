"""The tests stay on this computer: every socket's ``connect``, ``connect_ex`` and ``sendto`` in the test process
is checked, and one aimed outside loopback (127.0.0.0/8, ::1) is refused and noted, so the test that made it
fails (tests/conftest.py). A multicast send is allowed only out of the loopback interface (zeroconf on
loopback, the discovery tests); Unix sockets are not network traffic.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

#: What went out: "connect to ('8.8.8.8', 53)" lines, cleared before each test.
went_out: list[str] = []


def _host_ok(sock: socket.socket, host: Any) -> bool:
    try:
        ip = ipaddress.ip_address(str(host).split("%", 1)[0])
    except ValueError:
        return False  # a name: the test would look it up and go wherever it leads
    if ip.is_loopback or (isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None
                          and ip.ipv4_mapped.is_loopback):  # fmt: skip
        return True
    if ip.is_multicast and sock.family == socket.AF_INET:
        out = sock.getsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_IF, 4)
        return ipaddress.IPv4Address(out).is_loopback
    return False


def _check(sock: socket.socket, what: str, address: Any) -> None:
    if sock.family not in (socket.AF_INET, socket.AF_INET6) or not isinstance(address, tuple):
        return
    if not _host_ok(sock, address[0]):
        went_out.append(f"{what} to {address!r}")
        raise PermissionError(f"the tests stay on this computer: {what} to {address!r} refused")


def install() -> list[str]:
    """Wrap ``socket.socket``'s connect, connect_ex and sendto (once); the list that notes what went out."""
    cls: Any = socket.socket
    if getattr(cls, "_loopback_guard", False):
        return went_out
    connect, connect_ex, sendto = cls.connect, cls.connect_ex, cls.sendto

    def guarded_connect(self: socket.socket, address: Any) -> None:
        _check(self, "connect", address)
        connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> int:
        _check(self, "connect", address)
        return int(connect_ex(self, address))

    def guarded_sendto(self: socket.socket, data: Any, *args: Any) -> int:
        _check(self, "sendto", args[-1])
        return int(sendto(self, data, *args))

    cls.connect, cls.connect_ex, cls.sendto = guarded_connect, guarded_connect_ex, guarded_sendto
    cls._loopback_guard = True
    return went_out
