"""Bots driving the client library, as people would drive the window: each ``Player`` is a ``TableClient`` that
reads its messages, keeps its seat's view, and plays what a ``game.ai`` bot chooses from that view."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from game.ai import make_bot
from game.engine.view import SeatView
from game.net.client import TableClient
from game.net.protocol import decode_rules, decode_view
from game.rules.variant import Rules


class Player:
    def __init__(self, url: str, name: str, level: str = "normal", seed: int = 0, *, plays: bool = True,
                 ready: bool = True, keep_raw: bool = False, min_gap: float = 0.0) -> None:
        self.client = TableClient(url, timeout=5.0, keep_raw=keep_raw)
        self.client.start()
        self.name = name
        self.bot = make_bot(level, seed=seed)
        self.plays, self.auto_ready = plays, ready
        self.rules: Rules | None = None
        self.seat = -1
        self.token = ""
        self.code = ""
        self.view: SeatView | None = None
        self.game_no = 0
        self.messages: list[dict[str, Any]] = []
        self.records: list[dict[str, Any]] = []
        self.totals: list[float] = []
        self.errors: list[dict[str, Any]] = []
        self.timed_out = 0  # moves the server made for this seat when its turn timer ran out
        self.ended: str | None = None
        self.seating: dict[str, Any] = {}
        self._acted: tuple[int, int] | None = None
        self.min_gap = min_gap  # seconds between two moves at least (to stay under a server's real rate limit)
        self._last_move = 0.0

    def pump(self) -> int:
        got = self.client.poll()
        for msg in got:
            self.messages.append(msg)
            self.take(msg)
        if self.plays:
            self.act()
        return len(got)

    def take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("type")
        if kind == "welcome":
            self.seat, self.token = msg["seat"], msg["token"]
            self.code = msg["table"]["code"]
            self.rules = decode_rules(msg["table"]["rules"])
            self.seating = msg["table"]
        elif kind == "seated":
            self.seating = msg
        elif kind in ("game", "events"):
            assert self.rules is not None
            if kind == "events" and msg.get("auto") == self.seat and msg.get("auto_reason") == "timeout":
                self.timed_out += 1
            self.view = decode_view(msg["view"], self.rules)
            self.game_no = msg["game_no"]
        elif kind == "game_over":
            self.records.append(msg["record"])
            self.totals = msg["totals"]
            if self.auto_ready:
                self.client.ready()
        elif kind == "error":
            self.errors.append(msg)
        elif kind == "ended":
            self.ended = msg["reason"]

    def act(self) -> None:
        view = self.view
        if view is None or not view.my_turn:
            return
        key = (self.game_no, len(view.history))
        if key == self._acted or time.monotonic() - self._last_move < self.min_gap:
            return
        self._acted = key
        self._last_move = time.monotonic()
        move = self.bot.choose(view)
        if move:
            self.client.play(move)
        else:
            self.client.pass_turn()

    def close(self) -> None:
        self.client.close()


def pump_until(players: Sequence[Player], done: Callable[[], bool], timeout: float = 30.0) -> None:
    """Pump every player until ``done()``; fail after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not done():
        if time.monotonic() > end:
            raise AssertionError("timed out waiting: " + ", ".join(
                f"{p.name}: seat {p.seat} game {p.game_no} errors {p.errors[-1:]} ended {p.ended} "
                f"closed {p.client.closed} {p.client.error}" for p in players))
        if not sum(p.pump() for p in players):
            time.sleep(0.002)
    for p in players:  # what came with the last step (a link's last words before it closed)
        p.pump()
