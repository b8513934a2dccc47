"""Where a server's bots think: worker processes (``concurrent.futures.ProcessPoolExecutor``, "spawn"), so a
searching bot's thinking never competes for the GIL with the server's event loop or the game window that hosts
it, and several tables' bots think at once on several cores; or threads, where processes cannot start (or
``TIENLEN_BOT_PROCESS=0``, the tests). A bot and its view are sent pickled with each decision, as the window's
own worker process does (a bot is a pure function of its seed, its memory of the match and the view). A decision
whose process failed is taken again on a thread; a pool that broke is given up for threads.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from game.engine.cards import Card
from game.engine.view import SeatView
from game.table.bot_worker import ENV_SWITCH
from game.table.bots import Chooser, LowestMoveBot

log = logging.getLogger("tienlen.net")
Move = tuple[Card, ...] | None


def choose_safely(bot: Chooser, view: SeatView) -> Move:
    """The bot's move, or the lowest legal one if it fails (a broken bot never stops a table)."""
    try:
        move = bot.choose(view)
        return tuple(move) if move else None
    except Exception:
        log.exception("a bot failed; playing the lowest legal move instead")
        return LowestMoveBot().choose(view)


def default_processes() -> int:
    """One worker process, unless ``TIENLEN_BOT_PROCESS=0`` keeps decisions on threads."""
    return 0 if os.environ.get(ENV_SWITCH, "1") == "0" else 1


class BotPool:
    """``run(loop, bot, view)`` gives a future of the bot's move."""

    def __init__(self, processes: int | None = None, threads: int = 2) -> None:
        self.threads: Executor = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="bots")
        count = default_processes() if processes is None else processes
        self.processes: Executor | None = None
        if count > 0:
            try:
                self.processes = ProcessPoolExecutor(count, mp_context=multiprocessing.get_context("spawn"))
            except (OSError, ValueError, NotImplementedError) as exc:
                log.warning("the bots think on threads: no worker process (%s)", exc)

    @property
    def mode(self) -> str:
        return "processes" if self.processes is not None else "threads"

    def run(self, loop: asyncio.AbstractEventLoop, bot: Chooser, view: SeatView) -> asyncio.Future[Move]:
        if self.processes is not None:
            try:
                return loop.run_in_executor(self.processes, choose_safely, bot, view)
            except (BrokenProcessPool, RuntimeError) as exc:
                self.lose(exc)
        return loop.run_in_executor(self.threads, choose_safely, bot, view)

    def on_threads(self, loop: asyncio.AbstractEventLoop, bot: Chooser, view: SeatView) -> asyncio.Future[Move]:
        """The same decision on a thread (its process failed)."""
        return loop.run_in_executor(self.threads, choose_safely, bot, view)

    def failed(self, exc: BaseException) -> None:
        """A decision sent to a process came back with ``exc`` (the bot could not be sent, the process died)."""
        if isinstance(exc, BrokenProcessPool):
            self.lose(exc)
        else:
            log.warning("a bot's decision failed in its process (%s); taking it on a thread", exc)

    def lose(self, exc: BaseException) -> None:
        if self.processes is not None:
            log.warning("the bots think on threads from now on: the worker processes failed (%s)", exc)
            self.processes.shutdown(wait=False, cancel_futures=True)
            self.processes = None

    def shutdown(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self.processes is not None:
            self.processes.shutdown(wait=False, cancel_futures=True)
