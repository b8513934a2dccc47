"""Reading the server's views and events (the JSON codecs are ``game.net.protocol``'s)."""

from __future__ import annotations

from typing import Any

from game.engine.events import Event
from game.engine.view import SeatView
from game.net import protocol
from game.rules.variant import Rules


def read_view(data: Any, rules: Rules) -> SeatView:
    return protocol.decode_view(data, rules)


def read_events(data: Any, rules: Rules) -> list[Event]:
    return [protocol.decode_event(item) for item in data]
