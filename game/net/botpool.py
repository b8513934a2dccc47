"""Where a server's bots think: worker processes (``concurrent.futures.ProcessPoolExecutor``, "spawn"), so a
searching bot's thinking never competes for the GIL with the server's event loop or the game window that hosts
it, and several tables' bots think at once on several cores; or threads, where processes cannot start (or
``TIENLEN_BOT_PROCESS=0``, the tests). A bot and its view are sent pickled with each decision, as the window's
own worker process does (a bot is a pure function of its seed, its memory of the match and the view). A decision
whose process failed is taken again on a thread; a pool that broke is given up for threads.

The work is shared fairly between tables (``lanes``): the quick levels and the searching ones think on separate
workers, and within each the decisions waiting are taken one host address at a time.
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
from game.net.lanes import Lane
from game.table.bot_worker import ENV_SWITCH
from game.table.bots import Chooser, LowestMoveBot

log = logging.getLogger("tienlen.net")
Move = tuple[Card, ...] | None
LANES = ("quick", "search")
QUICK = ("easy", "normal")  # the levels whose decisions take milliseconds; any other may take seconds


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


def lane_of(level: str) -> str:
    """Which lane a level's decisions go to: "quick" for easy and normal, "search" for any other (hard, expert,
    master: up to seconds a decision)."""
    return "quick" if level in QUICK else "search"


class BotPool:
    """``run(loop, bot, view, owner, lane)`` gives a future of the bot's move. Two lanes (``lanes.Lane``), each
    on workers of its own: "quick" (easy and normal, a few milliseconds a move; one process) and "search" (the
    other levels, up to seconds; ``processes`` processes); in each, waiting decisions are taken owner by owner."""

    def __init__(self, processes: int | None = None, threads: int = 2) -> None:
        self.thread_count = max(1, threads)
        self.threads: dict[str, Executor] = {
            lane: ThreadPoolExecutor(max_workers=self.thread_count, thread_name_prefix=f"bots-{lane}")
            for lane in LANES}  # fmt: skip
        count = default_processes() if processes is None else processes
        self.processes: dict[str, Executor] | None = None
        if count > 0:
            try:
                spawn = multiprocessing.get_context("spawn")
                self.processes = {"quick": ProcessPoolExecutor(1, mp_context=spawn),
                                  "search": ProcessPoolExecutor(count, mp_context=spawn)}  # fmt: skip
            except (OSError, ValueError, NotImplementedError) as exc:
                log.warning("the bots think on threads: no worker process (%s)", exc)
        self.lanes: dict[str, Lane] = {}
        self._lanes(count)

    def _lanes(self, count: int) -> None:
        if self.processes is not None:
            self.lanes = {"quick": Lane(self.processes["quick"], 1), "search": Lane(self.processes["search"], count)}
        else:
            self.lanes = {lane: Lane(self.threads[lane], self.thread_count) for lane in LANES}

    @property
    def mode(self) -> str:
        return "processes" if self.processes is not None else "threads"

    def run(self, loop: asyncio.AbstractEventLoop, bot: Chooser, view: SeatView, owner: str = "",
            lane: str = "quick") -> asyncio.Future[Move]:  # fmt: skip
        """The bot's move, thought in ``lane`` in ``owner``'s turn; cancel the future to drop it before it starts."""
        return self.lanes[lane].submit(loop, owner, choose_safely, bot, view)

    def on_threads(self, loop: asyncio.AbstractEventLoop, bot: Chooser, view: SeatView) -> asyncio.Future[Move]:
        """The same decision on a thread (its process failed)."""
        return loop.run_in_executor(self.threads["search"], choose_safely, bot, view)

    def failed(self, exc: BaseException) -> None:
        """A decision sent to a process came back with ``exc`` (the bot could not be sent, the process died)."""
        if isinstance(exc, BrokenProcessPool) or type(exc) is RuntimeError:  # broken, or shut down
            self.lose(exc)
        else:
            log.warning("a bot's decision failed in its process (%s); taking it on a thread", exc)

    def lose(self, exc: BaseException) -> None:
        if self.processes is not None:
            log.warning("the bots think on threads from now on: the worker processes failed (%s)", exc)
            for executor in self.processes.values():
                executor.shutdown(wait=False, cancel_futures=True)
            self.processes = None
            for name, lane in self.lanes.items():  # what waits goes on, on threads
                lane.executor, lane.workers = self.threads[name], self.thread_count

    def shutdown(self) -> None:
        for executor in [*self.threads.values(), *(self.processes or {}).values()]:
            executor.shutdown(wait=False, cancel_futures=True)
