"""One table on the server: the people in its seats, the match (a ``Session`` whose seats are "remote" people
and "bot"s), the turn timer, the bots' moves, and what each person is told.

Everything here runs on the server's event loop; the turns (bots thinking, the timer) are ``turns.Turns``.
Each person gets only their own seat's view (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
from collections.abc import Callable, Sequence
from typing import Any

from game.engine.cards import Card
from game.engine.events import Event
from game.engine.match import Match
from game.engine.refusals import IllegalMove
from game.net import news
from game.net.botpool import BotPool
from game.net.protocol import Message, ProtocolError, message
from game.net.seats import Person, Seat, TableSettings, TableTimes, bot_name, person_name
from game.net.turns import Turns
from game.net.wire import ViewWire, dumps, events_head
from game.rules.variant import Rules
from game.table.choice import MatchChoice
from game.table.session import SeatKind, Session

log = logging.getLogger("tienlen.net")


class Table:
    """A table by its code: people sit down, the host starts the match, bots fill the empty seats."""

    def __init__(self, code: str, settings: TableSettings, rules: Rules, times: TableTimes, pool: BotPool,
                 on_end: Callable[[Table], None], on_change: Callable[[Table], None] | None = None,
                 owner: str = "") -> None:  # fmt: skip
        """``owner``: the host's address (its tables' bots take turns with other addresses' in the pool)."""
        self.code, self.settings, self.rules, self.times, self.owner = code, settings, rules, times, owner
        self.pool, self.on_end, self.on_change = pool, on_end, on_change
        self.loop = asyncio.get_running_loop()
        self.seats = [Seat(i, bot_name(i)) for i in range(settings.players)]
        self.state = "waiting"  # then "playing", then "ended"
        self.session: Session | None = None
        self.game_no = 0
        self.between = False  # a game is over and the next is not dealt yet
        self.turns: Turns | None = None  # the match's turns, once it starts
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._timer = settings.timer * times.timer_scale  # seconds a person has for a turn; 0: no timer
        self._wire = ViewWire()
        # a table nobody starts ends in time, even while its host's window answers every ping
        self._timers["waiting"] = self.loop.call_later(times.waiting_limit, self._guarded, self.end, "timed_out")

    # -- people ------------------------------------------------------------------------------------------
    @property
    def people(self) -> int:
        return sum(seat.taken for seat in self.seats)

    def check_password(self, given: str) -> bool:
        return hmac.compare_digest(given.encode(), self.settings.password.encode())

    def sit(self, person: Person, name: str) -> int:
        """Seat a newcomer in the first free seat (before the match starts); their seat's number."""
        if self.state != "waiting":
            raise ProtocolError("match_started", "the match has started; only its players can come back")
        seat = next((s for s in self.seats if not s.taken), None)
        if seat is None:
            raise ProtocolError("table_full", "every seat at this table is taken")
        seat.name, seat.taken, seat.person = person_name(name, self.seats), True, person
        self._name_bots()
        seat.token = secrets.token_urlsafe(18)
        log.info("table %s: %s sat at seat %d", self.code, person.address, seat.index)
        self._welcome(seat)
        self._tell_seated()
        return seat.index

    def come_back(self, person: Person, token: str) -> int | None:
        """A person returning with their seat's token takes it back: the same hand, the same chips."""
        seat = next((s for s in self.seats if s.taken and hmac.compare_digest(s.token.encode(), token.encode())),
                    None)  # fmt: skip
        if seat is None:
            return None
        if seat.person is not None:  # the old link is dead but not yet noticed: the new one replaces it
            seat.person.close(1000, "replaced")
        seat.person = person
        seat.cancel_away()
        if seat.index == 0:
            self._cancel("host")
        if self.session is not None and self.session.seat_kind(seat.index) == "bot":
            self.session.set_seat(seat.index, "remote")
            if self.session.game.current_player == seat.index and not self.session.game.is_over:
                self._new_turn()  # the bot's decision in flight is dropped; the person plays
        log.info("table %s: %s came back to seat %d", self.code, person.address, seat.index)
        self._welcome(seat)
        if self.session is not None:
            person.send(self._positions([seat.index])[seat.index])
            if self.between:
                person.send(self._game_over_message())
        self._tell_seated()
        return seat.index

    def dropped(self, index: int, person: Person) -> None:
        """A person's link is gone (no goodbye): a bot plays for them until they come back."""
        seat = self.seats[index]
        if seat.person is not person or self.state == "ended":
            return
        seat.person = None
        if self.state == "waiting":
            self._leave_before_start(seat)
            return
        delay = self._timer or self.times.away_grace
        seat.away_timer = self.loop.call_later(delay, self._guarded, self._bot_takes, index)
        if index == 0:
            self._timers["host"] = self.loop.call_later(self.times.host_grace, self.end, "host_left")
        log.info("table %s: seat %d dropped; a bot plays for it in %.0f s", self.code, index, delay)
        self._tell_seated()
        if self.between:
            self._check_ready()

    def leave(self, index: int) -> None:
        """A person said goodbye: the host's leaving ends the match; anyone else's seat goes to a bot at once."""
        seat = self.seats[index]
        person = seat.person
        if index == 0:
            self.end("host_left")
            return
        seat.person = None
        if person is not None:
            person.close(1000, "left")
        if self.state == "waiting":
            self._leave_before_start(seat)
        elif self.state == "playing":
            self._bot_takes(index)
            if self.between:
                self._check_ready()

    def _leave_before_start(self, seat: Seat) -> None:
        if seat.index == 0:
            self.end("host_left")
            return
        seat.free()
        self._name_bots()
        self._tell_seated()

    def _name_bots(self) -> None:
        """The seats bots will fill are named apart from the people (a person called Lan keeps "Lan")."""
        used = {s.name for s in self.seats if s.taken}
        for seat in self.seats:
            if not seat.taken:
                seat.name = bot_name(seat.index, used)
                used.add(seat.name)

    def _bot_takes(self, index: int) -> None:
        seat = self.seats[index]
        seat.away_timer = None
        if self.session is None or seat.person is not None or self.session.seat_kind(index) == "bot":
            return
        self.session.set_seat(index, "bot")
        log.info("table %s: a bot plays for seat %d", self.code, index)
        self._tell_seated()
        game = self.session.game
        if not game.is_over and game.current_player == index and not self.between:
            self._new_turn()

    # -- messages from a seat ----------------------------------------------------------------------------
    def handle(self, index: int, msg: Message) -> None:
        kind = msg["type"]
        if kind == "start":
            self._start(index)
        elif kind in ("play", "pass"):
            self._person_moves(index, msg.get("cards"))
        elif kind == "ready":
            self.seats[index].ready = True
            if self.between:
                self._check_ready()
        elif kind == "chat":
            self._broadcast(message("chat", seat=index, phrase=msg["phrase"]))
        elif kind == "leave":
            self.leave(index)

    def _start(self, index: int) -> None:
        if index != 0:
            raise ProtocolError("not_host", "only the host starts the match")
        if self.state != "waiting":
            raise ProtocolError("match_started", "the match has already started")
        self._cancel("waiting")
        players, level = self.settings.players, self.settings.bot_level
        choice = MatchChoice(self.rules.id, (level,) * (players - 1), self.settings.table_bet,
                             self.settings.starting_chips)  # fmt: skip
        kinds: list[SeatKind] = ["remote" if s.taken else "bot" for s in self.seats]
        match = Match(self.rules, players, seed=secrets.randbits(62))
        self.session = Session(choice, match, names=[s.name for s in self.seats], seats=kinds)
        self.turns = Turns(self.code, self.session, self.pool, self._timer, self.times.bot_delay, self._moved,
                           lambda seat: self.seats[seat].taken, self._guarded, self.owner, level)  # fmt: skip
        self.state, self.game_no = "playing", 1
        log.info("table %s: the match starts (%s, %d people, %d bots)", self.code, self.rules.id, self.people,
                 players - self.people)  # fmt: skip
        self._tell_seated()
        self._dealt()

    def _person_moves(self, index: int, cards: Sequence[Card] | None) -> None:
        session = self.session
        if session is None or self.state != "playing":
            raise ProtocolError("not_started", "the match has not started")
        game = session.game
        if game.is_over or self.between:
            raise ProtocolError("game_over", "the game is over; the next one is dealt soon")
        if game.current_player != index or session.seat_kind(index) != "remote":
            raise ProtocolError("not_your_turn", "it is not your turn")
        try:
            events = session.pass_turn(index) if cards is None else session.play(cards, index)
        except IllegalMove as exc:
            raise ProtocolError("illegal", str(exc), refusal=exc.code) from None
        self._moved(events, auto=None)

    # -- moves -------------------------------------------------------------------------------------------
    def _moved(self, events: list[Event], auto: int | None) -> None:
        """After any move: the next turn begins (a bot thinks or a person's timer runs), everyone is told."""
        assert self.session is not None
        self._new_turn()
        self._send_events(events, auto)
        if self.session.game.is_over:
            self._game_over()

    def _new_turn(self) -> None:
        if self.turns is not None:
            self.turns.begin()

    # -- games -------------------------------------------------------------------------------------------
    def _dealt(self) -> None:
        """A new game is on the table: start its first turn and show each person their position."""
        assert self.session is not None
        self._new_turn()
        self._send_each(self._positions(self._here()))
        if self.session.game.is_over:  # an instant win: its events came in the position's log
            self._game_over()

    def _game_over(self) -> None:
        assert self.session is not None
        self.session.finish()
        result = self.session.game.result
        log.info("table %s: game %d over, payments %s", self.code, self.game_no, result and result.payments)
        self.between = True
        for seat in self.seats:
            seat.ready = False
        self._broadcast(self._game_over_message())
        self._timers["ready"] = self.loop.call_later(self.times.ready_cap, self._guarded, self._deal_next)

    def _check_ready(self) -> None:
        here = [s for s in self.seats if s.person is not None]
        if here and all(s.ready for s in here):
            self._deal_next()

    def _deal_next(self) -> None:
        if not self.between or self.session is None or self.state != "playing":
            return
        self._cancel("ready")
        self.between = False
        self.session.next_game()
        self.game_no += 1
        self._dealt()

    def end(self, reason: str) -> None:
        """The match ends for everyone (the host left, the server stops): each person is told why."""
        if self.state == "ended":
            return
        self.state = "ended"
        if self.turns is not None:
            self.turns.stop()
        for name in list(self._timers):
            self._cancel(name)
        for seat in self.seats:
            seat.cancel_away()
            if seat.person is not None:
                seat.person.send(message("ended", reason=reason))
                seat.person.close(1001 if reason == "server_stopping" else 1000, reason)  # 1001: going away
                seat.person = None
        log.info("table %s: ended (%s) in game %d", self.code, reason, self.game_no)
        self.on_end(self)

    def _guarded(self, callback: Callable[..., None], *args: Any) -> None:
        """Run a timer's or a bot's callback; a fault ends this table (logged), never the server."""
        try:
            callback(*args)
        except Exception:
            log.exception("table %s: fault in %s", self.code, getattr(callback, "__name__", callback))
            self.end("table_closed")

    def _cancel(self, name: str) -> None:
        timer = self._timers.pop(name, None)
        if timer is not None:
            timer.cancel()

    # -- what people are told ----------------------------------------------------------------------------
    def _broadcast(self, msg: Message) -> None:
        text = dumps(msg)  # encoded once for everyone
        for seat in self.seats:
            if seat.person is not None:
                seat.person.send(text)

    def _tell_seated(self) -> None:
        self._broadcast(message("seated", **news.seating(self)))
        if self.on_change is not None:
            self.on_change(self)

    def _welcome(self, seat: Seat) -> None:
        assert seat.person is not None
        seat.person.send(news.welcome(self, seat))

    def _positions(self, seats: list[int]) -> dict[int, str]:
        assert self.session is not None
        return news.positions(self, self._wire.views(self.session.game, seats))

    def _send_events(self, events: list[Event], auto: int | None) -> None:
        """Each person gets the move's events and their own new view (the text built once: ``wire``)."""
        assert self.session is not None
        reason = None if auto is None else ("away" if self.session.is_bot(auto) else "timeout")
        deadline = None if self.turns is None else self.turns.time_left()
        start = events_head(self.game_no, events, deadline, auto, reason)
        views = self._wire.views(self.session.game, self._here())
        self._send_each({index: start + view + "}" for index, view in views.items()})

    def _here(self) -> list[int]:
        """The seats whose person is connected."""
        return [seat.index for seat in self.seats if seat.person is not None]

    def _send_each(self, texts: dict[int, str]) -> None:
        """Each connected seat its own text (by seat)."""
        for index, text in texts.items():
            person = self.seats[index].person
            assert person is not None
            person.send(text)

    def _game_over_message(self) -> Message:
        return news.game_over(self)
