"""Reading the server's views and events (the JSON codecs are ``game.net.protocol``'s)."""

from __future__ import annotations

from typing import Any

from game.engine.events import Event
from game.engine.view import SeatView
from game.net.protocol import decode_event, decode_view
from game.rules.variant import Rules


def read_view(data: Any, rules: Rules) -> SeatView:
    return decode_view(data, rules)


def read_events(data: Any, rules: Rules) -> list[Event]:
    if not isinstance(data, list):
        raise ValueError("the events should be a list")
    return [decode_event(item) for item in data]
