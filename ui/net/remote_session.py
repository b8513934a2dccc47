"""A table played over the network, from this window's seat: the same surface as ``game.table.session.Session``,
so the one ``TableScene`` plays it.

The server owns the match. This window's own moves go to it (``play``/``pass_turn`` return no events) and
come back, with everyone else's, as the events ``poll`` hands the scene. ``game`` is a shadow of the server's
game: rebuilt from this seat's latest view with stand-ins for the hands it cannot see (``game.net.shadow``),
so the engine answers the table's questions (legal moves, refusals, the hint) for this seat exactly. When a
game ends the server sends its record, every hand face up; the true game replayed from it replaces the shadow,
so results, payments, chips, the match's totals and the history work as at a table played alone.

Seats: this window's is "local", every other "remote" (the server runs the bots), and ``bots`` is empty.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterable
from typing import Any

from game.ai import LEVELS
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.game import Game
from game.engine.match import Match
from game.engine.view import SeatView
from game.net.protocol import ProtocolError
from game.net.shadow import shadow_game
from game.table.choice import MatchChoice
from game.table.session import SeatKind, Session, SessionListener
from ui.net.codec import read_events, read_view, table_rules
from ui.net.link import Link
from ui.net.words import error_text

RECONNECT = 20.0  # seconds a dropped connection is tried again before the table is given up
RETRY = 2.0


class RemoteSession(Session):
    """One seat of a table whose match is played on a server. ``first`` is the server's first ``game``
    message (the deal, or the position when sitting down again).

    It is a ``Session`` for everyone who takes one (the table, its actions, the results, the replay), with
    every method that would touch the match answered from the server instead; ``Session.__init__`` is not
    run, since this window deals nothing and runs no bot."""

    def __init__(self, link: Link, first: dict[str, Any], listeners: Iterable[SessionListener] = ()) -> None:
        self.demo = False
        table = link.table
        self.link = link
        self.rules = table_rules(table)
        self.players = link.players
        self.choice = MatchChoice(self.rules.id, opponents=("normal",) * (self.players - 1),  # type: ignore[arg-type]
                                  table_bet=int(table.get("table_bet") or 1),
                                  starting_chips=int(table.get("starting_chips") or 1000))  # fmt: skip
        self.match = Match(self.rules, self.players, seed=random.randrange(2**31))
        self.human: int | None = link.seat if link.seat is not None else 0
        self.kinds: list[SeatKind] = ["local" if s == self.human else "remote" for s in range(self.players)]
        self.names: list[str] = [""] * self.players
        self.listeners = list(listeners)
        self.bots = {}
        self.deadline: float | None = None  # time.monotonic() when the current turn's time runs out
        self.turn_seconds = int(table.get("timer") or 0)
        self.chat: list[tuple[int, str, float]] = []  # (seat, phrase, when it was said)
        self.notes: list[str] = []  # what the table should say once (a refusal, a player out of time)
        self.ended: str | None = None  # why the table is gone (the host left, the connection dropped)
        self.restart = False  # a new position to show from scratch (sat down again after a dropped link)
        self.pending = False  # a move was sent and its answer has not come yet
        self.reconnecting: float | None = None  # the connection dropped: until when to keep trying again
        self._next_try = 0.0
        self._next: dict[str, Any] | None = None  # the next deal, kept until the player leaves the results
        self._later: list[dict[str, Any]] = []  # and what came after it meanwhile
        self._opening: list[Event] = []
        self._log: list[Event] = []
        self._view: SeatView | None = None
        self._totals: list[float] | None = None  # the match totals the server sent with the last game's end
        self.game_no = 0  # the server's number of the game shown
        self.game: Game = self._deal(first)

    # -- the server's messages -------------------------------------------------------------------------
    def poll(self) -> list[Event]:
        """The events that arrived since the last frame (every seat's moves, this one's included)."""
        out, self._opening = self._opening, []
        for msg in self.link.poll():
            try:
                out = self._read(msg, out)
            except (ProtocolError, ValueError, KeyError, TypeError) as exc:  # a server that breaks the protocol
                self.ended = f"{type(exc).__name__}: {str(exc)[:160]}"
                break
        self._watch_link()
        return out

    def _read(self, msg: dict[str, Any], out: list[Event]) -> list[Event]:
        """One message from the server; returns the events to show so far."""
        kind = msg.get("type")
        number = msg.get("game_no")
        later = isinstance(number, int) and number > self.game_no and self.game.is_over
        if later and kind == "game" and self._next is None:
            self._next = msg  # the next deal: shown when the player leaves the results
        elif later and self._next is not None:
            self._later.append(msg)  # the next game goes on meanwhile: shown from its deal on
        elif kind == "events" and number == self.game_no:
            out += self._events(msg)
        elif kind == "game" and isinstance(number, int):
            if number > self.game_no or not self.game.is_over:  # sat down again: rebuilt as it stands
                self.game = self._deal(msg)
                out, self.restart = [], True
        elif kind == "game_over" and number == self.game_no and self.game.result is None:
            self._game_over(msg)
        else:
            self._other(kind, msg)
        return out

    def _other(self, kind: Any, msg: dict[str, Any]) -> None:
        if kind == "seated":
            self._seated(msg)
        elif kind == "chat":
            seat, phrase = msg.get("seat"), msg.get("phrase")
            if isinstance(seat, int) and 0 <= seat < self.players and isinstance(phrase, str):
                self.chat.append((seat, phrase, time.monotonic()))
        elif kind == "error":
            self._refused(msg)
        elif kind == "ended":
            self.ended = error_text({"code": msg.get("reason"), "message": msg.get("message", "")})
        elif kind == "welcome":
            self.reconnecting = None  # the seat is ours again; the position follows as ``game``

    def _watch_link(self) -> None:
        """A dropped connection is tried again every ``RETRY`` seconds for ``RECONNECT`` seconds (a bot plays the
        seat meanwhile on the server); then the table is gone."""
        lost = self.link.lost
        if self.ended is not None or lost is None:
            return
        now = time.monotonic()
        if self.reconnecting is None:
            self.reconnecting = now + RECONNECT
        if now > self.reconnecting:
            self.ended = lost
        elif now >= self._next_try:
            self._next_try = now + RETRY
            self.link.reconnect()

    def _deal(self, msg: dict[str, Any]) -> Game:
        """A ``game`` message: a new deal, or the position as it stands."""
        self._seated(msg)
        self.game_no = int(msg.get("game_no") or self.game_no + 1)
        self._view = read_view(msg["view"], self.rules)
        self._log = read_events(msg.get("events") or [], self.rules)
        self._opening = [] if self._view.history else list(self._log)  # a new deal's instant win is shown
        totals = msg.get("totals")
        if isinstance(totals, list) and len(totals) == self.players:
            self.match.totals = [float(x) for x in totals]  # the server's, for a player who sat down again
        self.pending = False
        self._deadline(msg)
        return self._rebuild()

    def _events(self, msg: dict[str, Any]) -> list[Event]:
        events = read_events(msg.get("events") or [], self.rules)
        self._log += events
        if msg.get("view") is not None:
            self._view = read_view(msg["view"], self.rules)
        self.pending = False
        self._deadline(msg)
        auto = msg.get("auto")
        if isinstance(auto, int) and 0 <= auto < self.players and msg.get("auto_reason") == "timeout":
            self.notes.append(f"timeout:{auto}")
        if not self.game.is_over or self.game.result is None:
            self.game = self._rebuild()
        return events

    def _rebuild(self) -> Game:
        assert self._view is not None
        game = shadow_game(self._view, self._log)
        if game.is_over:  # the true game (and its result) comes with ``game_over``: until then the turn waits
            game.is_over = False
            game.current_player = self._other_seat()
        self.match.current = game
        return game

    def _game_over(self, msg: dict[str, Any]) -> None:
        record = msg.get("record")
        try:
            true = Game.from_dict(record if isinstance(record, dict) else {}, self.rules)
        except ValueError as exc:
            self.ended = str(exc)
            return
        if not true.is_over or true.result is None:
            self.ended = "the finished game's record does not end"
            return
        totals = msg.get("totals")
        self._totals = [float(x) for x in totals] if isinstance(totals, list) and len(totals) == self.players else None
        self.game = true
        self.match.current = true
        self.deadline = None
        for listener in self.listeners:
            listener.game_finished(self, true)

    def _seated(self, msg: dict[str, Any]) -> None:
        names = msg.get("names")
        if isinstance(names, list) and len(names) == self.players:
            self.names = [str(n)[:40] for n in names]

    def _deadline(self, msg: dict[str, Any]) -> None:
        left = msg.get("deadline")
        self.deadline = time.monotonic() + float(left) if isinstance(left, (int, float)) and left >= 0 else None

    def _refused(self, msg: dict[str, Any]) -> None:
        """The server refused something: a move sent is taken back (the shadow shows the turn again)."""
        self.notes.append(error_text(msg))
        if self.pending and self._view is not None:
            self.pending = False
            self.game = self._rebuild()

    def _other_seat(self) -> int:
        return ((self.human or 0) + 1) % self.players

    def seconds_left(self) -> float | None:
        return None if self.deadline is None else max(0.0, self.deadline - time.monotonic())

    @property
    def away(self) -> set[int]:
        """Seats whose person dropped out (a bot plays for them until they come back)."""
        return set(self.link.away)

    def server_kind(self, seat: int) -> str:
        """What the server says sits at ``seat``: "bot" for a bot filling an empty seat, else a person."""
        kinds = self.link.kinds
        return kinds[seat] if seat < len(kinds) else ""

    # -- moves -----------------------------------------------------------------------------------------
    def _send_move(self, seat: int, kind: str, **fields: Any) -> list[Event]:
        if self.pending or seat != self.human or self.game.is_over:
            return []
        self.link.send(kind, **fields)
        self.pending = True
        self.game.current_player = self._other_seat()  # the turn looks passed on until the server answers
        return []

    def play(self, cards: Iterable[Card], seat: int) -> list[Event]:
        return self._send_move(seat, "play", cards=[c.ascii for c in cards])

    def pass_turn(self, seat: int) -> list[Event]:
        return self._send_move(seat, "pass")

    def resign(self, seat: int) -> list[Event]:
        """Leaving a table played with friends: a bot plays the seat (the match goes on for the others)."""
        self.link.close()
        return []

    def say(self, phrase: str) -> None:
        self.link.send("chat", phrase=phrase)

    # -- games -----------------------------------------------------------------------------------------
    def finish(self) -> None:
        """Record the finished game in the match totals (once); the server's totals are the ones shown."""
        if self.game.is_over and self.game.result is not None and self.match.current is self.game:
            self.match.finish_game(self.game)
            if self._totals is not None:
                self.match.totals = list(self._totals)
            for listener in self.listeners:
                listener.match_changed(self)

    @property
    def deal_ready(self) -> bool:
        return self._next is not None

    def ready(self) -> None:
        """The player left the results: the server may deal the next game."""
        self.finish()
        self.link.send("ready")

    def next_game(self) -> Game:
        """The next deal, once the server has sent it (until then the finished game stays)."""
        self.finish()
        if self._next is not None:
            msg, self._next = self._next, None
            self.game = self._deal(msg)
            self.link.unread(self._later)  # read by the next poll, after the table has shown the deal
            self._later = []
        return self.game

    # -- seats -----------------------------------------------------------------------------------------
    @property
    def totals(self) -> list[float]:
        return list(self.match.totals)

    @property
    def has_chips(self) -> bool:
        return True

    def chips(self, seat: int) -> float | None:
        return self.choice.starting_chips + self.match.totals[seat] * self.choice.table_bet

    def levels(self) -> list[str | None]:
        """The server's bots are of the table's level (a level this version does not know is pictured as a
        person's); people are ``None``."""
        level = self.link.table.get("bot_level")
        known = level if isinstance(level, str) and level in LEVELS else None
        return [known if self.server_kind(seat) == "bot" else None for seat in range(self.players)]

    def is_bot(self, seat: int) -> bool:
        return False  # the server plays the bots; their moves arrive like everyone's

    def seat_kind(self, seat: int) -> SeatKind:
        return self.kinds[seat]

    def set_seat(self, seat: int, kind: SeatKind) -> None:
        if kind == "bot":
            raise ValueError("a network table's bots play on the server")
        self.kinds[seat] = kind

