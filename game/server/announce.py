"""Announcing the server's tables on the local network (``python3 -m game.server --announce``), so they appear by
themselves in the game's Join screen, as a table hosted from a window does.

Each table waiting for players is announced with ``game.net.discovery`` (zeroconf, ``_tienlen._tcp.local.``):
its code, variant, seats taken, host's name and whether it asks a password; it is withdrawn once its match
starts (only its players may come back) or it ends. Each announcement runs its own zeroconf on its own
threads, so at most ``limit`` tables are announced at once; the others are still joined by address and code.
"""

from __future__ import annotations

import importlib
import logging
from typing import Any

from game.net.tables import Table

log = logging.getLogger("tienlen.net")


class Announcer:
    """A ``LobbyWatcher`` that keeps one announcement per waiting table. ``port`` is set once the server listens."""

    def __init__(self, limit: int = 16, addresses: list[str] | None = None, interfaces: list[str] | None = None,
                 discovery: Any = None) -> None:  # fmt: skip
        """``discovery``: the module that announces (default ``game.net.discovery``; ImportError without it)."""
        self.discovery: Any = discovery or importlib.import_module("game.net.discovery")
        self.limit, self.addresses, self.interfaces = limit, addresses, interfaces
        self.port = 0
        self.ads: dict[str, Any] = {}
        self._full_said = False

    def table_changed(self, table: Table) -> None:
        ad = self.ads.get(table.code)
        if table.state != "waiting":
            self.table_ended(table)
        elif ad is not None:
            ad.update(taken=table.people)
        elif len(self.ads) < self.limit and self.port:
            self.ads[table.code] = self._announce(table)
        elif not self._full_said:
            self._full_said = True
            log.info("announcing at most %d tables on the network; the others are joined by address", self.limit)

    def _announce(self, table: Table) -> Any:
        d = self.discovery
        found = d.TableAd(code=table.code, variant=table.rules.id, taken=table.people, seats=table.settings.players,
                          host=table.seats[0].name, password=bool(table.settings.password))  # fmt: skip
        advertiser = d.Advertiser(self.port, found, addresses=self.addresses, interfaces=self.interfaces)
        advertiser.start()
        return advertiser

    def table_ended(self, table: Table) -> None:
        ad = self.ads.pop(table.code, None)
        if ad is not None:
            ad.stop(wait=0)

    def stop(self) -> None:
        for code in list(self.ads):
            self.ads.pop(code).stop(wait=0.5)
