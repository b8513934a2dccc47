"""The text of the messages a table sends after every move, built with as little work as the move needs.

After each move every seat gets an ``events`` message holding its whole view, and a view holds the game's whole
history: encoded afresh each time, a game would cost the server the square of its length. Here each action of
the history is encoded once per game, as is each play of the current round (and the cards played, as text, kept
up as they grow); the parts of the view every seat shares are written as text once per move, read straight from
the game (no ``SeatView`` is built, no dictionary encoded), and only a seat's own hand and moves once per seat.
The result is, byte for byte, what ``views.encode_view`` gives (tests/net/test_wire.py checks it move by move).
"""

from __future__ import annotations

import json
from bisect import insort
from collections.abc import Sequence
from typing import Any

from game.engine.cards import DECK, Card
from game.engine.combos import Combo
from game.engine.events import CardsPlayed, Event, Passed
from game.engine.view import Action, Game
from game.net.codec import encode_event
from game.net.protocol import VERSION

_VERSION = str(VERSION)

_ASCII = tuple(c.ascii for c in DECK)  # by Card.index


def dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class ViewWire:
    """Encodes one table's views; remembers the current game's encoded actions and the cards played in it."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._actions: list[str] = []
        self._played: list[int] = []  # the cards played so far, by ``Card.index``, in order
        self._played_text = "[]"  # ``_played`` as a JSON list of card names
        self._head = ""  # what a game's shared part begins with and never changes: its variant and players
        self._round: list[tuple[int, Combo]] = []  # the game's ``round_plays`` list (a new one each round)...
        self._round_texts: list[str] = []  # ...and its plays encoded so far

    def views(self, game: Game, seats: list[int]) -> dict[int, str]:
        """The JSON text of each of ``seats``' views of ``game`` as it stands."""
        if game is not self._game:
            self._game, self._actions, self._played, self._played_text = game, [], [], "[]"
            self._head = '"variant":' + dumps(game.rules.id) + ',"players":' + str(game.players)
        history = game.history
        if len(history) > len(self._actions):
            for action in history[len(self._actions) :]:
                self._actions.append(_action(action))
                if action.combo is not None:
                    for card in action.combo.cards:
                        insort(self._played, card.index)
            self._played_text = _cards_by_index(self._played)
        if not seats:
            return {}
        shared = self._shared(game) + ',"history":[' + ",".join(self._actions) + "]}"
        # only the seat to move has legal moves (``Game.legal_moves`` gives the others [])
        mover = -1 if game.is_over else game.current_player
        return {seat: '{"seat":' + str(seat) + ',"hand":' + _cards(game.hands[seat]) + ',"legal_moves":['
                + (",".join(map(_cards, game.legal_moves(seat))) if seat == mover else "") + "]," + shared
                for seat in seats}  # fmt: skip

    def _shared(self, game: Game) -> str:
        """What every seat's view shares but the history, in ``views.encode_shared_part``'s order and form, as the
        text ``dumps`` gives for it without its braces (built from parts: no dictionary is made and encoded)."""
        must = game.must_contain
        plays = game.round_plays
        if plays is not self._round:  # a new round (the list is held, so its identity is not reused)
            self._round, self._round_texts = plays, []
        for seat, combo in plays[len(self._round_texts) :]:
            self._round_texts.append("[" + str(seat) + "," + _combo(combo) + "]")
        return (self._head + ',"counts":' + _ints([len(h) for h in game.hands]) + ',"table":' + _combo(game.table)
                + ',"table_seat":' + _int(game.table_seat) + ',"current_player":' + str(game.current_player)
                + ',"leader":' + str(game.round_leader) + ',"round_index":' + str(game.round_index)
                + ',"passed":' + _ints(sorted(game.passed)) + ',"finished":' + _ints(game.finished)
                + ',"cong":' + _ints(game.cong) + ',"round_plays":['
                + ",".join(self._round_texts)
                + '],"played_cards":' + self._played_text + ',"first_game":' + _BOOL[game.first_game]
                + ',"must_contain":' + ('"' + must.ascii + '"' if must else "null")
                + ',"is_over":' + _BOOL[game.is_over])  # fmt: skip


_BOOL = {False: "false", True: "true"}


def _int(value: int | None) -> str:
    return "null" if value is None else str(value)


def _ints(values: Sequence[int]) -> str:
    return "[" + ",".join(map(str, values)) + "]"


def _combo(combo: Combo | None) -> str:
    """``dumps(encode_combo(combo))`` (a kind is a plain name, a card's name needs no escapes)."""
    if combo is None:
        return "null"
    return '{"kind":"' + combo.kind + '","cards":' + _cards(combo.cards) + ',"length":' + str(combo.length) + "}"


def _cards_by_index(indices: Sequence[int]) -> str:
    return '["' + '","'.join([_ASCII[i] for i in indices]) + '"]' if indices else "[]"


def _cards(cards: Sequence[Card]) -> str:
    """``cards`` as a JSON list of their names, as ``dumps(encode_cards(cards))`` gives (names need no escapes)."""
    return '["' + '","'.join([_ASCII[c.index] for c in cards]) + '"]' if cards else "[]"


def events_head(game_no: int, events: Sequence[Event], deadline: float | None, auto: int | None,
                auto_reason: str | None) -> str:
    """The start of an ``events`` message up to its view (which the caller adds, then ``}``): the text
    ``dumps(message("events", ..., view=...))`` begins with, a move's usual events written from their parts."""
    return ('{"type":"events","v":' + _VERSION + ',"game_no":' + str(game_no) + ',"events":['
            + ",".join([_event(e) for e in events]) + '],"deadline":'
            + ("null" if deadline is None else float.__repr__(deadline)) + ',"auto":' + _int(auto)
            + ',"auto_reason":' + ("null" if auto_reason is None else dumps(auto_reason)) + ',"view":')  # fmt: skip


def _event(event: Event) -> str:
    """``dumps(encode_event(event))``, written from its parts for the events of most moves."""
    kind = type(event)
    if kind is CardsPlayed:
        assert isinstance(event, CardsPlayed)
        return ('{"kind":"played","seat":' + str(event.seat) + ',"combo":' + _combo(event.combo) + ',"chop":'
                + _BOOL[event.chop] + ',"cards_left":' + str(event.cards_left) + "}")  # fmt: skip
    if kind is Passed:
        assert isinstance(event, Passed)
        return '{"kind":"passed","seat":' + str(event.seat) + "}"
    return dumps(encode_event(event))


def _action(action: Action) -> str:
    """``dumps(encode_action(action))``: ``[seat, "3s 4s" or null, round]``."""
    combo = action.combo
    cards = '"' + " ".join([_ASCII[c.index] for c in combo.cards]) + '"' if combo is not None else "null"
    return "[" + str(action.seat) + "," + cards + "," + str(action.round_index) + "]"
