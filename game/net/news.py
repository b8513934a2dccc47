"""What a table tells its people, as messages (docs/protocol.md): who sits where, the welcome, a seat's position,
a game's end. Each is built from the table as it stands; ``tables.Table`` sends them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.net.protocol import Message, encode_event, encode_rules, encode_view, message
from game.net.seats import Seat

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


def position(table: Table, index: int) -> Message:
    """The game as seat ``index`` sees it now, with every event of it so far (a deal, or a seat taken back)."""
    assert table.session is not None
    game = table.session.game
    left = None if table.turns is None else table.turns.time_left()
    return message("game", game_no=table.game_no, view=encode_view(game.view(index)),
                   events=[encode_event(e) for e in game.log], totals=table.session.totals, deadline=left,
                   **seating(table))  # fmt: skip


def game_over(table: Table) -> Message:
    """The finished game's record (every hand and action: ``Game.from_dict`` replays it) and the totals."""
    assert table.session is not None
    return message("game_over", game_no=table.game_no, record=table.session.game.to_dict(),
                   totals=table.session.totals)  # fmt: skip
