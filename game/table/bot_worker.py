"""Opponents think in a separate process, so their pure-Python search never competes with drawing for the GIL.

One long-lived worker process (``multiprocessing`` "spawn" context, which is what Windows and macOS use anyway
and what a PyInstaller build supports through ``multiprocessing.freeze_support()``) receives
``(job, bot, view)`` (or ``("drop", job)``: the table no longer wants it) and answers
``(job, move, error, report)``. Bots are pure functions of their seed and the
``SeatView``, so sending a pickled copy gives the same move as asking the original.

This module imports no pygame: the worker loads only the engine and the AI.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import logging
import os
import signal
import threading
import time
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from game.engine.cards import Card

log = logging.getLogger("tienlen.bots")

Move = tuple[Card, ...]
#: Set to "0" to keep every decision on a thread in this process (the tests' default; slow start-ups).
ENV_SWITCH = "TIENLEN_BOT_PROCESS"
#: A decision that has not come back after this long (start-up included) is taken on a thread instead.
REPLY_TIMEOUT = 20.0


class WorkerLost(RuntimeError):
    """The worker process died, hung or could not be reached; the caller falls back to a thread."""


class Inbox:
    """The worker's side of the pipe: jobs waiting their turn, and the jobs the table has dropped since asking
    (a hint asked before the player moved, an opponent's choice before a take-back). A dropped job is never
    started; one already thinking is told through its ``stop`` check, and its answer is not sent."""

    def __init__(self, conn: Connection) -> None:
        self.conn = conn
        self.jobs: deque[tuple[int, Any, Any]] = deque()
        self.dropped_ids: set[int] = set()
        self.closed = False

    def _take(self, message: Any) -> None:
        if message is None:
            self.closed = True
        elif len(message) == 2:  # ("drop", job)
            self.dropped_ids.add(message[1])
        else:
            self.jobs.append(message)

    def drain(self) -> None:
        """Read whatever has arrived, without waiting."""
        try:
            while not self.closed and self.conn.poll():
                self._take(self.conn.recv())
        except (EOFError, OSError):
            self.closed = True

    def next_job(self) -> tuple[int, Any, Any] | None:
        """The next job not dropped, waiting for one; ``None`` once told to stop or the pipe closes."""
        while not self.closed:
            self.drain()
            while self.jobs:
                job = self.jobs.popleft()
                if job[0] in self.dropped_ids:
                    continue
                self.dropped_ids = {j for j in self.dropped_ids if j > job[0]}  # ids only grow: older drops are moot
                return job
            try:
                self._take(self.conn.recv())
            except (EOFError, OSError):
                self.closed = True
        return None

    def dropped(self, job: int) -> bool:
        """Whether ``job`` was dropped (or the worker told to stop) since it was sent."""
        self.drain()
        return self.closed or job in self.dropped_ids


def choose(bot: Any, view: Any, stop: Callable[[], bool]) -> Any:
    """``bot``'s choice in ``view``; a bot that can give up part-way (``stoppable``) is handed ``stop``."""
    return bot.choose(view, stop) if getattr(bot, "stoppable", False) else bot.choose(view)


def serve(conn: Connection) -> None:
    """The worker process's loop: answer jobs until told to stop (``None``) or the pipe closes. A reply is
    ``(job, move, error, report)``: ``report`` is the bot's ``report`` attribute after choosing (a small dict of
    figures, e.g. how many deals the hint's judge played out), or ``None``."""
    with contextlib.suppress(ValueError, OSError, AttributeError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the game's to handle, not ours
    with contextlib.suppress(OSError, AttributeError):
        os.nice(4)  # drawing comes first on a busy machine; a decision has its thinking pause to spare
    inbox = Inbox(conn)
    while (job := inbox.next_job()) is not None:
        job_id, bot, view = job
        try:
            move = choose(bot, view, functools.partial(inbox.dropped, job_id))
            reply: tuple[int, Any, str | None, Any] = (job_id, tuple(move) if move else None, None,
                                                       getattr(bot, "report", None))  # fmt: skip
        except Exception as exc:  # reported to the table, which plays a safe move instead
            reply = (job_id, None, f"{type(exc).__name__}: {exc}", None)
        if inbox.dropped(job_id):
            continue  # nobody waits for it (a stopped search's answer may be anything)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


class BotWorker:
    """The parent's handle on the worker process: ``submit`` a decision, ``poll`` for its answer."""

    def __init__(self) -> None:
        self._proc: Any = None
        self._conn: Connection | None = None
        self._lock = threading.Lock()
        self._next = 0
        self._replies: dict[int, tuple[Move | None, str | None]] = {}
        self.reports: dict[int, Any] = {}  # a reply's report, kept until its job's answer is taken
        self.answered = 0  # decisions the process has answered, logged at shutdown
        self.failed = False

    @property
    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    def start(self) -> bool:
        """Start the process (once); False, logged, if the platform or the build cannot."""
        with self._lock:
            if self.failed:
                return False
            if self._proc is not None:
                return True
            try:
                import multiprocessing

                ctx = multiprocessing.get_context("spawn")
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=serve, args=(child,), name="tienlen-bot", daemon=True)
                proc.start()
                child.close()
            except Exception as exc:  # no process on this platform or build: threads it is
                log.warning("opponents think on a thread: the worker process did not start (%s)", exc)
                self.failed = True
                return False
            self._proc, self._conn = proc, parent
            log.info("opponents think in worker process %s", proc.pid)
            atexit.register(self.shutdown)
            return True

    def submit(self, bot: Any, view: Any) -> int:
        """Send one decision; returns its job number. Raises ``WorkerLost`` if it cannot be sent."""
        if not self.start():
            raise WorkerLost("no worker process")
        self._next += 1
        try:
            assert self._conn is not None
            self._conn.send((self._next, bot, view))
        except (OSError, ValueError, EOFError) as exc:
            self._lose(f"could not send a decision: {exc}")
        except Exception as exc:  # this bot cannot be pickled; the process is fine, this decision is not
            raise WorkerLost(f"the bot cannot be sent: {exc}") from exc
        return self._next

    def drop(self, job: int) -> None:
        """The table no longer wants ``job``'s answer: the worker skips it, or stops it part-way if it can."""
        self._replies.pop(job, None)
        self.reports.pop(job, None)
        conn = self._conn
        if conn is None:
            return
        with contextlib.suppress(OSError, ValueError, EOFError):  # a broken pipe is found by the next poll
            conn.send(("drop", job))

    def poll(self, job: int) -> tuple[Move | None, str | None] | None:
        """The answer to ``job`` if it has arrived, else ``None``; answers to older jobs are dropped."""
        conn = self._conn
        if conn is None:
            raise WorkerLost("no worker process")
        try:
            while conn.poll():
                got, move, error, report = conn.recv()
                self.answered += 1
                if got >= job:
                    self._replies[got] = (move, error)
                    if report is not None:
                        self.reports[got] = report
        except (OSError, EOFError, ValueError) as exc:
            self._lose(f"the pipe broke: {exc}")
        answer = self._replies.pop(job, None)
        if answer is None and not self._proc.is_alive():
            self._lose(f"the process ended (exit code {self._proc.exitcode})")
        return answer

    def _lose(self, why: str) -> None:
        log.warning("opponents think on a thread from now on: %s", why)
        self.failed = True
        self.shutdown()
        raise WorkerLost(why)

    def shutdown(self, timeout: float = 2.0) -> None:
        """Stop the process: ask, wait a moment, then insist. Safe to call twice."""
        with self._lock:
            proc, conn = self._proc, self._conn
            self._proc = self._conn = None
        if proc is None:
            return
        log.info("worker process %s answered %d decisions", proc.pid, self.answered)
        with contextlib.suppress(OSError, ValueError, EOFError):
            if conn is not None:
                conn.send(None)
        proc.join(timeout)
        if proc.is_alive():
            proc.terminate()
            proc.join(timeout)
        if conn is not None:
            conn.close()
        with contextlib.suppress(AttributeError, ValueError):
            proc.close()


_shared: BotWorker | None = None


def shared_worker() -> BotWorker | None:
    """The app's one worker process, or ``None`` when decisions stay on threads (switched off, or broken)."""
    global _shared
    if os.environ.get(ENV_SWITCH, "1") == "0":
        return None
    if _shared is None:
        _shared = BotWorker()
    return None if _shared.failed else _shared


def shutdown_shared_worker() -> None:
    """Stop the shared worker (the app is exiting); a later ``shared_worker()`` starts a fresh one."""
    global _shared
    worker, _shared = _shared, None
    if worker is not None:
        worker.shutdown()


def wait_for(worker: BotWorker, job: int, timeout: float = REPLY_TIMEOUT) -> tuple[Move | None, str | None]:
    """Block until ``job`` is answered (tests and tools); raises ``WorkerLost`` on timeout."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        answer = worker.poll(job)
        if answer is not None:
            return answer
        time.sleep(0.005)
    raise WorkerLost("no answer in time")
