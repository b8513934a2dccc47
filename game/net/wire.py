"""The text of the messages a table sends after every move, built with as little work as the move needs.

After each move every seat gets an ``events`` message holding its whole view, and a view holds the game's whole
history: encoded afresh each time, a game would cost the server the square of its length. Here each action of
the history is encoded once per game, the parts of the view every seat shares once per move, and only a seat's
own hand and moves once per seat; the pieces are joined as text. The result decodes to exactly what
``views.encode_view`` gives (tests/net/test_wire.py checks it move by move).
"""

from __future__ import annotations

import json
from typing import Any

from game.engine.game import Game
from game.net.views import encode_action, encode_own, encode_own_part, encode_shared_part


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class ViewWire:
    """Encodes one table's views; remembers the current game's encoded actions."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._actions: list[str] = []

    def views(self, game: Game, seats: list[int]) -> dict[int, str]:
        """The JSON text of each of ``seats``' views of ``game`` as it stands."""
        if game is not self._game:
            self._game, self._actions = game, []
        history = game.history
        for action in history[len(self._actions) :]:
            self._actions.append(dumps(encode_action(action)))
        if not seats:
            return {}
        first = game.view(seats[0])
        shared = dumps(encode_shared_part(first))[1:-1] + ',"history":[' + ",".join(self._actions) + "]"
        # a seat's view differs from the first's only in these fields, which the engine's view takes as here
        own = {seat: encode_own(seat, game.hands[seat], game.legal_moves(seat)) for seat in seats[1:]}
        own[seats[0]] = encode_own_part(first)
        return {seat: dumps(own[seat])[:-1] + "," + shared + "}" for seat in seats}


def splice(message: dict[str, Any], key: str, text: str) -> str:
    """``message`` as JSON text with ``key`` set to the JSON ``text`` given (encoded elsewhere)."""
    return dumps(message)[:-1] + f',"{key}":' + text + "}"
