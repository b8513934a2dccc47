"""Bot work shared fairly: a ``Lane`` is one kind of decision (the quick levels, or the searching ones) on workers
of its own, and the decisions waiting for a worker are taken one owner at a time, in turn.

An owner is whoever the work is for (the server passes the address that hosted the table). An address running
four tables of searching bots gets one turn in the lane, as does the address with one: its decisions wait
behind each other, not in front of everyone else's. And a normal bot's move, a few milliseconds, never queues
behind a searching bot's second: the levels think on separate workers (``botpool.BotPool``).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

_Job = tuple["asyncio.Future[Any]", Callable[..., Any], tuple[Any, ...]]


class Lane:
    """Runs work on ``executor`` with at most ``workers`` at once; what waits is taken owner by owner."""

    def __init__(self, executor: Executor, workers: int) -> None:
        self.executor, self.workers = executor, max(1, workers)
        self.busy = 0
        #: each owner's waiting work, oldest first; the dict's order is the owners' turn order
        self.waiting: dict[str, deque[_Job]] = {}

    def submit(self, loop: asyncio.AbstractEventLoop, owner: str, fn: Callable[..., Any], *args: Any
               ) -> asyncio.Future[Any]:  # fmt: skip
        """A future of ``fn(*args)``, run on the lane's workers when a worker is free and ``owner``'s turn comes.
        Cancelling the future before it starts drops the work."""
        result: asyncio.Future[Any] = loop.create_future()
        job: _Job = (result, fn, args)
        if self.busy < self.workers:
            self._start(loop, job)
        else:
            self.waiting.setdefault(owner, deque()).append(job)
        return result

    @property
    def queued(self) -> int:
        return sum(len(jobs) for jobs in self.waiting.values())

    def _start(self, loop: asyncio.AbstractEventLoop, job: _Job) -> None:
        result, fn, args = job
        try:
            inner = loop.run_in_executor(self.executor, fn, *args)
        except Exception as exc:  # a broken process pool: the caller takes it on a thread
            result.set_exception(exc)
            return
        self.busy += 1
        inner.add_done_callback(lambda done: self._finished(loop, result, done))

    def _finished(self, loop: asyncio.AbstractEventLoop, result: asyncio.Future[Any], inner: asyncio.Future[Any]
                  ) -> None:  # fmt: skip
        self.busy -= 1
        if not result.done():
            if inner.cancelled():
                result.cancel()
            elif inner.exception() is not None:
                result.set_exception(inner.exception())  # type: ignore[arg-type]
            else:
                result.set_result(inner.result())
        self._next(loop)

    def _next(self, loop: asyncio.AbstractEventLoop) -> None:
        """Start waiting work while workers are free: the first owner in turn gives its oldest, then goes last."""
        while self.busy < self.workers and self.waiting:
            owner = next(iter(self.waiting))
            jobs = self.waiting.pop(owner)
            job = jobs.popleft()
            if jobs:
                self.waiting[owner] = jobs
            if not job[0].cancelled():
                self._start(loop, job)
