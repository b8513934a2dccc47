"""Reading what the server sends: the table's rules, a seat's views, the events (the JSON codecs are
``game.net.protocol``'s)."""

from __future__ import annotations

from typing import Any

from game.engine.events import Event
from game.engine.view import SeatView
from game.net.protocol import ProtocolError, decode_event, decode_rules, decode_view
from game.rules.loader import load_rules
from game.rules.variant import Rules, RulesError


def read_view(data: Any, rules: Rules) -> SeatView:
    return decode_view(data, rules)


def read_events(data: Any, rules: Rules) -> list[Event]:
    if not isinstance(data, list):
        raise ValueError("the events should be a list")
    return [decode_event(item) for item in data]

def table_rules(table: dict[str, Any]) -> Rules:
    """The table's rules as the server sent them (a variant this window may not have), else by their id."""
    try:
        return decode_rules(table["rules"])
    except (KeyError, ProtocolError):
        pass
    try:
        return load_rules(str(table.get("variant") or ""))
    except (RulesError, KeyError, ValueError) as exc:
        raise ProtocolError("bad_message", f"the table's variant cannot be played here: {exc}") from None
