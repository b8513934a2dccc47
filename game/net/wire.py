"""The text of the messages a table sends after every move, built with as little work as the move needs.

After each move every seat gets an ``events`` message holding its whole view, and a view holds the game's whole
history: encoded afresh each time, a game would cost the server the square of its length. Here each action of
the history is encoded once per game (and the cards played kept up as it grows), the parts of the view every
seat shares once per move, read straight from the game (no ``SeatView`` is built), and only a seat's own hand and
moves once per seat; the pieces are joined as text. The result decodes to exactly what ``views.encode_view``
gives (tests/net/test_wire.py checks it move by move).
"""

from __future__ import annotations

import json
from bisect import insort
from collections.abc import Sequence
from typing import Any

from game.engine.cards import DECK, Card
from game.engine.view import Game
from game.net.codec import encode_combo
from game.net.views import encode_action

_ASCII = tuple(c.ascii for c in DECK)  # by Card.index


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class ViewWire:
    """Encodes one table's views; remembers the current game's encoded actions and the cards played in it."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._actions: list[str] = []
        self._played: list[int] = []  # the cards played so far, by ``Card.index``, in order

    def views(self, game: Game, seats: list[int]) -> dict[int, str]:
        """The JSON text of each of ``seats``' views of ``game`` as it stands."""
        if game is not self._game:
            self._game, self._actions, self._played = game, [], []
        history = game.history
        for action in history[len(self._actions) :]:
            self._actions.append(dumps(encode_action(action)))
            if action.combo is not None:
                for card in action.combo.cards:
                    insort(self._played, card.index)
        if not seats:
            return {}
        shared = dumps(self._shared(game))[1:-1] + ',"history":[' + ",".join(self._actions) + "]}"
        # only the seat to move has legal moves (``Game.legal_moves`` gives the others [])
        mover = -1 if game.is_over else game.current_player
        return {seat: '{"seat":' + str(seat) + ',"hand":' + _cards(game.hands[seat]) + ',"legal_moves":['
                + (",".join(map(_cards, game.legal_moves(seat))) if seat == mover else "") + "]," + shared
                for seat in seats}  # fmt: skip

    def _shared(self, game: Game) -> dict[str, Any]:
        """What every seat's view shares but the history, in ``views.encode_shared_part``'s order and form."""
        must = game.must_contain
        return {
            "variant": game.rules.id,
            "players": game.players,
            "counts": [len(h) for h in game.hands],
            "table": encode_combo(game.table),
            "table_seat": game.table_seat,
            "current_player": game.current_player,
            "leader": game.round_leader,
            "round_index": game.round_index,
            "passed": sorted(game.passed),
            "finished": list(game.finished),
            "cong": list(game.cong),
            "round_plays": [[seat, encode_combo(combo)] for seat, combo in game.round_plays],
            "played_cards": [_ASCII[i] for i in self._played],
            "first_game": game.first_game,
            "must_contain": must.ascii if must else None,
            "is_over": game.is_over,
        }


def _cards(cards: Sequence[Card]) -> str:
    """``cards`` as a JSON list of their names, as ``dumps(encode_cards(cards))`` gives (names need no escapes)."""
    return '["' + '","'.join([_ASCII[c.index] for c in cards]) + '"]' if cards else "[]"


def prefix(message: dict[str, Any], key: str) -> str:
    """The start of ``message`` as JSON text, up to the value of ``key`` (not in it), which the caller adds
    followed by ``}``: one message spliced with several texts is encoded once."""
    return dumps(message)[:-1] + f',"{key}":'


def splice(message: dict[str, Any], key: str, text: str) -> str:
    """``message`` as JSON text with ``key`` set to the JSON ``text`` given (encoded elsewhere)."""
    return prefix(message, key) + text + "}"
