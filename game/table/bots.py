"""Opponents: the project's AI, run off the UI thread; a stand-in that plays the lowest legal move covers a
bot that fails.

``BotRunner`` runs a bot's choice in the worker process (``bot_worker``), or on a thread when there is
none, so the window keeps drawing while it thinks.
"""

from __future__ import annotations

import threading
import time
from typing import Any, Protocol

from game.ai import make_bot
from game.engine.cards import Card
from game.engine.game import SeatView
from game.table.bot_worker import REPLY_TIMEOUT, BotWorker, WorkerLost, choose, shared_worker

Move = tuple[Card, ...]


class Chooser(Protocol):
    def choose(self, view: SeatView) -> Any: ...


class LowestMoveBot:
    """Plays the lowest legal move; passes when it may and has nothing."""

    def choose(self, view: SeatView) -> Move | None:
        return view.legal_moves[0] if view.legal_moves else None


def make_opponent(level: str = "normal", seed: int = 0) -> Chooser:
    """An AI opponent of ``level``; an unknown level is a ``ValueError``, never quietly another level."""
    return make_bot(level, seed=seed)


class BotRunner:
    """One background choice at a time: ``start(bot, view)``, then poll ``done`` and read ``result``.

    The choice runs in the shared worker process when there is one (so the window's frames never wait for
    the GIL), else on a thread. A worker that fails mid-decision hands that decision to a thread. ``cancel``
    drops the choice: the worker skips it or, for a bot that can stop part-way, stops it, so the next choice
    (the opponent after the player moved) never waits behind one nobody wants. ``report``: the bot's figures
    for the last answer (its ``report`` attribute), when it has any.
    """

    def __init__(self, worker: BotWorker | None | bool = True) -> None:
        """``worker``: True for the shared worker process, False for threads only, or a given ``BotWorker``."""
        self._worker_choice = worker
        self._thread: threading.Thread | None = None
        self._job: tuple[BotWorker, int, Chooser, SeatView, float] | None = None
        self.result: Move | None = None
        self.error: BaseException | str | None = None
        self.report: dict[str, Any] | None = None
        self._stop = threading.Event()  # the running thread's choice is no longer wanted
        self._done = False
        self.generation = 0
        self.mode = ""  # "process" or "thread": where the last choice ran

    def _worker(self) -> BotWorker | None:
        choice = self._worker_choice
        if choice is True:
            return shared_worker()
        if isinstance(choice, BotWorker) and not choice.failed:
            return choice
        return None

    def start(self, bot: Chooser, view: SeatView) -> None:
        self.generation += 1
        self._forget()
        self._done = False
        self.result = None
        self.error = None
        self.report = None
        worker = self._worker()
        if worker is not None:
            try:
                job = worker.submit(bot, view)
            except WorkerLost:
                pass
            else:
                self._job = (worker, job, bot, view, time.monotonic())
                self.mode = "process"
                return
        self._start_thread(bot, view)

    def _start_thread(self, bot: Chooser, view: SeatView) -> None:
        gen = self.generation
        self.mode = "thread"
        stop = self._stop = threading.Event()

        def work() -> None:
            try:
                move = choose(bot, view, stop.is_set)
                result = tuple(move) if move else None
            except Exception as exc:  # a broken bot must not kill the table: fall back below
                if gen == self.generation:
                    self.error = exc
                    self.result = LowestMoveBot().choose(view)
                    self._done = True
                return
            if gen == self.generation:
                self.result = result
                self.report = getattr(bot, "report", None)
                self._done = True

        self._thread = threading.Thread(target=work, name="bot", daemon=True)
        self._thread.start()

    def _poll_process(self) -> None:
        assert self._job is not None
        worker, job, bot, view, started = self._job
        try:
            answer = worker.poll(job)
            if answer is None and time.monotonic() - started > REPLY_TIMEOUT:
                worker.failed = True
                raise WorkerLost("the worker did not answer in time")
        except WorkerLost:
            self._job = None
            self._start_thread(bot, view)  # the same decision, here
            return
        if answer is None:
            return
        self._job = None
        move, error = answer
        self.report = worker.reports.pop(job, None)
        if error is not None:
            self.error = error
            move = LowestMoveBot().choose(view)
        self.result = move
        self._done = True

    @property
    def done(self) -> bool:
        """True once the current choice's ``result`` is ready (polls the worker process)."""
        if not self._done and self._job is not None:
            self._poll_process()
        return self._done

    @done.setter
    def done(self, value: bool) -> None:
        self._done = value

    def cancel(self) -> None:
        """Forget the running choice: its result is ignored, and its work stopped where it can be."""
        self.generation += 1
        self._forget()
        self._done = False

    def _forget(self) -> None:
        """Tell the choice under way, if any, that nobody waits for it."""
        self._stop.set()
        if self._job is not None:
            worker, job = self._job[0], self._job[1]
            worker.drop(job)
        self._job = None

    @property
    def busy(self) -> bool:
        if self._job is not None:
            return not self.done
        return self._thread is not None and self._thread.is_alive()
