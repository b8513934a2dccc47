"""What a table tells its people, as messages (docs/protocol.md): who sits where, the welcome, a seat's position,
a game's end. Each is built from the table as it stands; ``tables.Table`` sends them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from game.net.protocol import Message, encode_event, encode_rules, message
from game.net.seats import Seat
from game.net.wire import dumps

if TYPE_CHECKING:
    from game.net.tables import Table


def seating(table: Table) -> dict[str, Any]:
    """Names, kinds ("remote": a person; "bot"), the seats people sit in, those away, the host, started."""
    kinds = list(table.session.kinds) if table.session is not None else [
        "remote" if s.taken else "bot" for s in table.seats]  # fmt: skip
    return {
        "names": [s.name for s in table.seats],
        "kinds": kinds,
        "people": [s.index for s in table.seats if s.taken],
        "away": [s.index for s in table.seats if s.away],
        "host": 0,
        "started": table.state != "waiting",
    }


def welcome(table: Table, seat: Seat) -> Message:
    s = table.settings
    facts = {"code": table.code, "variant": table.rules.id, "rules": encode_rules(table.rules), "players": s.players,
             "timer": s.timer, "bot_level": s.bot_level, "table_bet": s.table_bet,
             "starting_chips": s.starting_chips, "password": bool(s.password), **seating(table)}  # fmt: skip
    return message("welcome", seat=seat.index, token=seat.token, table=facts)


def positions(table: Table, views: Mapping[int, str]) -> dict[int, str]:
    """The game as each seat of ``views`` sees it now (its view as JSON text: ``wire.ViewWire``), with every event
    of it so far (a deal, or a seat taken back): a ``game`` message's text for each, what they share encoded
    once."""
    assert table.session is not None
    left = None if table.turns is None else table.turns.time_left()
    head = dumps(message("game", game_no=table.game_no))[:-1] + ',"view":'
    shared = dumps({"events": [encode_event(e) for e in table.session.game.log], "totals": table.session.totals,
                    "deadline": left, **seating(table)})  # fmt: skip
    return {seat: head + view + "," + shared[1:] for seat, view in views.items()}


def game_over(table: Table) -> Message:
    """The finished game's record (every hand and action: ``Game.from_dict`` replays it) and the totals."""
    assert table.session is not None
    return message("game_over", game_no=table.game_no, record=table.session.game.to_dict(),
                   totals=table.session.totals)  # fmt: skip
