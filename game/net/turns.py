"""Whose move it is at a table and what happens until it is made: a bot thinks (in the server's ``BotPool``,
never on its event loop), a person's turn timer runs (when it runs out the server moves for them), or the table waits
for a person.

Every new turn bumps ``turn``; a bot's answer or a timer that comes back for an older turn is dropped (a person
came back meanwhile, the table ended), so nothing ever moves twice.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable
from typing import Any

from game.ai import make_bot
from game.engine.cards import Card
from game.engine.events import Event
from game.engine.refusals import IllegalMove
from game.engine.view import SeatView
from game.net.botpool import BotPool, lane_of
from game.table.bots import Chooser, LowestMoveBot
from game.table.session import Session

log = logging.getLogger("tienlen.net")
Move = tuple[Card, ...] | None


class Turns:
    """The turns of one table's match. ``moved(events, auto)`` is told of every move the server makes (a bot's, or
    one made for a person: ``auto`` is then their seat); ``person_at(seat)`` says whether a person sits there."""

    def __init__(self, code: str, session: Session, pool: BotPool, timer: float, bot_delay: float,
                 moved: Callable[[list[Event], int | None], None], person_at: Callable[[int], bool],
                 guard: Callable[..., None], owner: str = "", level: str = "normal") -> None:  # fmt: skip
        """``owner``: whose turn the bots' work waits for in the pool (the host's address); ``level``: the
        table's bots' level, which says the pool's lane."""
        self.code, self.session, self.pool = code, session, pool
        self.owner, self.lane = owner, lane_of(level)
        self._thinking: asyncio.Future[Any] | None = None  # the decision asked for, until it comes
        self.timer, self.bot_delay = timer, bot_delay
        self.moved, self.person_at, self.guard = moved, person_at, guard
        self.loop = asyncio.get_running_loop()
        self.turn = 0
        self.deadline: float | None = None  # loop time the current person's turn runs out
        self.active = True
        self._handle: asyncio.TimerHandle | None = None
        self._lead_bot = make_bot("normal", seed=secrets.randbits(30))

    def begin(self) -> None:
        """The turn has moved on (or a seat changed hands): start whatever the new turn needs."""
        self.turn += 1
        self._cancel()
        game = self.session.game
        if game.is_over or not self.active:
            return
        seat = game.current_player
        if self.session.is_bot(seat):
            self._think(self.session.bots[seat], seat, auto=seat if self.person_at(seat) else None)
        elif self.timer:
            self.deadline = self.loop.time() + self.timer
            self._handle = self.loop.call_later(self.timer, self.guard, self._timed_out, self.turn)

    def stop(self) -> None:
        self.active = False
        self.turn += 1
        self._cancel()

    def time_left(self) -> float | None:
        """Seconds left in the current person's turn (rounded to a tenth), or None when no timer runs."""
        if self.deadline is None:
            return None
        return round(max(0.0, self.deadline - self.loop.time()), 1)

    def _cancel(self) -> None:
        self.deadline = None
        if self._thinking is not None:  # a decision not started yet is dropped from the pool's queue
            self._thinking.cancel()
            self._thinking = None
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _think(self, bot: Chooser, seat: int, auto: int | None, lane: str = "") -> None:
        turn, view = self.turn, self.session.game.view(seat)

        def run() -> None:
            future = self._thinking = self.pool.run(self.loop, bot, view, self.owner, lane or self.lane)
            future.add_done_callback(lambda f: self.guard(self._decided, f, turn, seat, view, auto, bot))

        if self.bot_delay > 0:
            self._handle = self.loop.call_later(self.bot_delay, self.guard, run)
        else:
            run()

    def _decided(self, future: asyncio.Future[Any], turn: int, seat: int, view: SeatView, auto: int | None,
                 bot: Chooser) -> None:  # fmt: skip
        if turn != self.turn or not self.active or future.cancelled():
            return
        self._thinking = None
        failure = future.exception()
        if failure is not None:  # the process could not take it (choose_safely itself never raises): a thread will
            self.pool.failed(failure)
            again = self.pool.on_threads(self.loop, bot, view)
            again.add_done_callback(lambda f: self.guard(self._decided, f, turn, seat, view, auto, bot))
            return
        move: Move = future.result()
        try:
            events = self.session.play(move, seat) if move else self.session.pass_turn(seat)
        except IllegalMove:
            log.error("table %s: a bot's move %s was refused; playing the lowest legal move", self.code, move)
            fallback = LowestMoveBot().choose(view)
            events = self.session.play(fallback, seat) if fallback else self.session.pass_turn(seat)
        self.moved(events, auto)

    def _timed_out(self, turn: int) -> None:
        """The person's time ran out: they pass, or, leading, the normal bot's lead is played for them."""
        if turn != self.turn or not self.active:
            return
        game = self.session.game
        seat = game.current_player
        log.info("table %s: seat %d ran out of time", self.code, seat)
        if game.table is not None:
            self.moved(self.session.pass_turn(seat), seat)
        else:
            self._think(self._lead_bot, seat, auto=seat, lane="quick")  # the normal bot's lead
