"""Finding tables on the local network: a hosted table is advertised with mDNS/DNS-SD (zeroconf, service
``_tienlen._tcp.local.``) and the Join screen browses for them.

Both sides run on zeroconf's own threads; nothing here blocks the caller for long. ``Advertiser.start`` hands
the registration (which probes the network for about two seconds) to a background thread, and a
``TableBrowser`` keeps what it has found in a small locked dictionary that the window polls with ``tables()``.

What a table says about itself (the TXT record, every value a short string): ``v`` the protocol version,
``code`` the table code, ``variant``, ``taken`` and ``seats`` (people seated, seats in all), ``host`` the
host's name, ``pw`` "1" when a password is asked. Whatever arrives from the network is checked and clipped
before it is shown: a record with a missing or strange field is left out, never an error.
"""

from __future__ import annotations

import logging
import re
import socket
import threading
import unicodedata
import uuid
from collections import deque
from dataclasses import dataclass, replace
from typing import Any

from game.net.lan import LOOPBACK, lan_addresses, lan_allowed, local_networks, on_local_network
from game.net.loglimit import install as limit_log_lines

SERVICE = "_tienlen._tcp.local."
PROTOCOL_VERSION = 1
NAME_LIMIT = 24  # characters of a host's name shown
_CODE = re.compile(r"^[A-Za-z0-9]{1,12}$")
_VARIANT = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")

log = logging.getLogger("tienlen.discovery")
limit_log_lines()
#: What a browser takes on, whatever the network sends: names waiting to be resolved (one thread resolves them,
#: one at a time), tables kept, tables kept that name one address (a server announces at most 16).
RESOLVE_QUEUE = 64
KEPT = 64
PER_ADDRESS = 16


def clean_name(text: str, limit: int = NAME_LIMIT) -> str:
    """``text`` without control or format characters, spaces collapsed, at most ``limit`` characters."""
    kept = "".join(" " if ch.isspace() else ch for ch in text if unicodedata.category(ch)[0] != "C" or ch.isspace())
    return " ".join(kept.split())[:limit].strip()


@dataclass(frozen=True)
class TableAd:
    """One table as the network sees it, and where to reach it (``address``, ``port``: filled by the browser)."""

    code: str
    variant: str
    taken: int
    seats: int
    host: str
    password: bool
    version: int = PROTOCOL_VERSION
    address: str = ""
    port: int = 0

    @property
    def url(self) -> str:
        return f"ws://{self.address}:{self.port}"

    @property
    def full(self) -> bool:
        return self.taken >= self.seats

    def properties(self) -> dict[str, str]:
        """The TXT record."""
        return {"v": str(self.version), "code": self.code, "variant": self.variant, "taken": str(self.taken),
                "seats": str(self.seats), "host": clean_name(self.host), "pw": "1" if self.password else "0"}

    @classmethod
    def from_properties(cls, props: dict[bytes, bytes | None], address: str, port: int) -> TableAd | None:
        """The table a TXT record describes, or None when the record is not one of ours or is malformed."""
        try:
            text = {k.decode("utf-8"): (v or b"").decode("utf-8") for k, v in props.items()}
            version, taken, seats = int(text["v"]), int(text["taken"]), int(text["seats"])
            code, variant = text["code"], text["variant"]
        except (KeyError, ValueError, UnicodeDecodeError):
            return None
        if not (_CODE.match(code) and _VARIANT.match(variant) and 2 <= seats <= 4 and 0 <= taken <= seats):
            return None
        if not (0 < port < 65536 and 0 < version < 1000):
            return None
        return cls(code.upper(), variant, taken, seats, clean_name(text.get("host", "")), text.get("pw") == "1",
                   version, address, port)  # fmt: skip


def _zeroconf(interfaces: list[str] | None) -> Any:
    from zeroconf import InterfaceChoice, IPVersion, Zeroconf

    if not lan_allowed():  # the tests, the smoke tests, CI: nothing goes beyond this machine
        interfaces = [LOOPBACK]
    chosen: Any = interfaces if interfaces else InterfaceChoice.All
    return Zeroconf(interfaces=chosen, ip_version=IPVersion.V4Only)


class Advertiser:
    """Announces one table on the local network until ``stop``. ``interfaces`` limits it to those addresses
    (the tests use loopback); by default it answers on every interface with this machine's LAN addresses."""

    def __init__(self, port: int, ad: TableAd, addresses: list[str] | None = None,
                 interfaces: list[str] | None = None) -> None:  # fmt: skip
        self.port, self.ad = port, ad
        self.addresses = addresses or [a for a in lan_addresses() if not a.startswith("127.")] or [LOOPBACK]
        if not lan_allowed():
            self.addresses = [LOOPBACK]
        self.interfaces = interfaces
        self.error: str | None = None  # why the table could not be announced (the game goes on without it)
        self._lock = threading.Lock()
        self._zc: Any = None
        self._info: Any = None
        self._stopped = False
        self._thread: threading.Thread | None = None
        self._instance = ""

    def _service_info(self, ad: TableAd) -> Any:
        from zeroconf import ServiceInfo

        return ServiceInfo(SERVICE, self._instance, port=self.port, properties=ad.properties(),
                           addresses=[socket.inet_aton(a) for a in self.addresses],
                           server=f"tienlen-{ad.code.lower()}.local.")  # fmt: skip

    def start(self) -> None:
        """Begin announcing (on a background thread: registering probes the network for a moment)."""
        self._instance = f"tienlen-{self.ad.code.lower() or 'table'}-{uuid.uuid4().hex[:6]}.{SERVICE}"
        self._thread = threading.Thread(target=self._register, name="tienlen-advertise", daemon=True)
        self._thread.start()

    def _register(self) -> None:
        try:
            zc = _zeroconf(self.interfaces)
            announced = self.ad
            info = self._service_info(announced)
            zc.register_service(info, allow_name_change=True)
        except Exception as exc:  # no network, no multicast: the table still works by address
            self.error = str(exc)[:200] or type(exc).__name__
            log.warning("the table could not be announced on the network: %s", self.error)
            return
        with self._lock:
            if not self._stopped:
                self._zc, self._info = zc, info
                if self.ad != announced:  # changed while the registration probed
                    self._info = self._service_info(self.ad)
                    self._quietly(zc.update_service, self._info)
                return
        self._close(zc, info)

    def update(self, **changes: Any) -> None:
        """Announce changed details (``taken=3``); a no-op before the registration finished or after stop."""
        with self._lock:
            self.ad = replace(self.ad, **changes)
            zc, ad = self._zc, self.ad
            if zc is None:
                return
            self._info = self._service_info(ad)
            info = self._info
        threading.Thread(target=self._quietly, args=(zc.update_service, info), daemon=True).start()

    def stop(self, wait: float = 2.0) -> None:
        """Withdraw the table (a goodbye packet, so browsers drop it at once) and close."""
        with self._lock:
            self._stopped = True
            zc, info, self._zc = self._zc, self._info, None
        if zc is None:
            return
        thread = threading.Thread(target=self._close, args=(zc, info), daemon=True)
        thread.start()
        thread.join(wait)

    @staticmethod
    def _close(zc: Any, info: Any) -> None:
        Advertiser._quietly(zc.unregister_service, info)
        Advertiser._quietly(zc.close)

    @staticmethod
    def _quietly(fn: Any, *args: Any) -> None:
        try:
            fn(*args)
        except Exception as exc:
            log.info("zeroconf: %s", exc)


class TableBrowser:
    """Keeps the list of tables announced on the local network; ``tables()`` is safe from any thread.

    Whatever arrives is bounded: announcements are resolved one at a time on one thread (at most
    ``RESOLVE_QUEUE`` waiting; more are dropped until there is room), at most ``KEPT`` tables are kept and
    ``PER_ADDRESS`` for any one address, and a table is kept only if its address is on one of this machine's own
    networks (private, link-local or loopback) and its port is not a system one (below 1024): an announcement
    naming 8.8.8.8:443 or 127.0.0.1:22 is no table. The tables are listed in the order they were first seen, so
    announcements that come later never push one already shown off the screen."""

    def __init__(self, interfaces: list[str] | None = None, resolve_timeout: float = 3.0) -> None:
        self.interfaces = interfaces
        self.resolve_timeout = resolve_timeout
        self.error: str | None = None  # why browsing failed (no network): the Join screen says so
        self._found: dict[str, TableAd] = {}  # by service name, in the order first seen
        self._lock = threading.Lock()
        self._zc: Any = None
        self._browser: Any = None
        self._changes = 0
        self._names: deque[str] = deque()  # waiting to be resolved
        self._wake = threading.Condition(self._lock)
        self._resolver: threading.Thread | None = None
        self.networks = local_networks()
        self._stopped = False

    def start(self) -> None:
        from zeroconf import ServiceBrowser

        self._stopped = False
        try:
            self._zc = _zeroconf(self.interfaces)
            self._resolver = threading.Thread(target=self._resolve_all, args=(self._zc,), name="tienlen-resolve",
                                              daemon=True)  # fmt: skip
            self._resolver.start()
            self._browser = ServiceBrowser(self._zc, SERVICE, handlers=[self._on_change])
        except Exception as exc:
            self.error = str(exc)[:200] or type(exc).__name__
            log.warning("cannot look for tables on the network: %s", self.error)

    def tables(self) -> list[TableAd]:
        """The tables found, in the order they were first seen."""
        with self._lock:
            return list(self._found.values())

    @property
    def changes(self) -> int:
        """A counter that moves whenever the list changed (the screen redraws then)."""
        with self._lock:
            return self._changes

    def _on_change(self, zeroconf: Any, service_type: str, name: str, state_change: Any) -> None:
        from zeroconf import ServiceStateChange

        with self._lock:
            if state_change is ServiceStateChange.Removed:
                if self._found.pop(name, None) is not None:
                    self._changes += 1
            elif name not in self._names and len(self._names) < RESOLVE_QUEUE:
                self._names.append(name)
                self._wake.notify()

    def _resolve_all(self, zc: Any) -> None:
        """The one resolver: each name waiting, in turn, until the browser stops."""
        while True:
            with self._lock:
                while not self._names and self._zc is zc:
                    self._wake.wait(1.0)
                if self._zc is not zc:
                    return
                name = self._names.popleft()
            self._resolve(zc, name)

    def _resolve(self, zc: Any, name: str) -> None:
        from zeroconf import ServiceInfo

        try:
            info = ServiceInfo(SERVICE, name)
            if not info.request(zc, int(self.resolve_timeout * 1000)):
                return
            addresses = [a for a in info.parsed_addresses() if on_local_network(a, self.networks)]
            ad = TableAd.from_properties(info.properties or {}, addresses[0] if addresses else "", info.port or 0)
        except Exception as exc:  # a closed browser or a garbled answer: the table is just not listed
            log.info("zeroconf: %s", exc)
            return
        if ad is None or not ad.address or ad.port < 1024:
            return
        self.keep(name, ad)

    def keep(self, name: str, ad: TableAd) -> bool:
        """List ``ad`` (announced as ``name``) unless the list or the tables of its address are full."""
        with self._lock:
            if self._stopped:
                return False
            if name not in self._found:
                same = sum(other.address == ad.address for other in self._found.values())
                if len(self._found) >= KEPT or same >= PER_ADDRESS:
                    return False
            self._found[name] = ad
            self._changes += 1
            return True

    def stop(self) -> None:
        with self._lock:
            zc, browser, self._zc, self._browser = self._zc, self._browser, None, None
            self._stopped = True
            self._names.clear()
            self._wake.notify_all()
        if zc is None:
            return
        threading.Thread(target=self._close, args=(zc, browser), daemon=True).start()

    @staticmethod
    def _close(zc: Any, browser: Any) -> None:
        if browser is not None:
            Advertiser._quietly(browser.cancel)
        Advertiser._quietly(getattr(zc, "close", lambda: None))
