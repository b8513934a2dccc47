"""The coach's review, run in a process of its own so the window never waits for it.

``ReviewJob(request).start()`` spawns one process (the "spawn" context, as the bot worker uses, which a
PyInstaller build supports) that runs ``game.review.review`` and sends back its progress as it goes and
the ``Review`` at the end; ``cancel()`` asks it to stop (it stops within one sampled deal) and then ends it.
Where a process cannot be started, the review runs on a thread instead. This module imports no pygame.
"""

from __future__ import annotations

import contextlib
import logging
import os
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from game.review import Cancelled, Review, review
from game.rules import Rules

log = logging.getLogger("tienlen.review")


@dataclass(frozen=True)
class ReviewRequest:
    """What a review needs, picklable: the recorded game, its rules, the seat, and the opponents as recorded."""

    record: Mapping[str, Any]
    rules: Rules
    seat: int
    bots: Sequence[tuple[str, int] | None] = ()
    options: Mapping[str, Any] = field(default_factory=dict)  # review() keywords (tests use a small budget)

    def run(self, progress: Any = None, cancel: Any = None) -> Review:
        return review(self.record, self.seat, rules=self.rules, bots=self.bots, progress=progress, cancel=cancel,
                      **dict(self.options))  # fmt: skip


def serve(conn: Connection, request: ReviewRequest) -> None:
    """The review process: progress messages, then ("done", review) or ("error", text); stops on "cancel"."""
    with contextlib.suppress(OSError, AttributeError):
        os.nice(4)  # the window's frames come first on a busy machine
    stop = False

    def cancelled() -> bool:
        nonlocal stop
        with contextlib.suppress(OSError, EOFError):
            while not stop and conn.poll():
                stop = conn.recv() == "cancel"
        return stop

    try:
        result = request.run(lambda f: conn.send(("progress", f)), cancelled)
        conn.send(("done", result))
    except Cancelled:
        conn.send(("cancelled", None))
    except Exception as exc:  # shown to the player, who can go back
        conn.send(("error", failure_words(exc)))
    finally:
        conn.close()


def failure_words(exc: Exception) -> str:
    """Why a review stopped, for the player: a ``ValueError``'s own words (the review's refusals say what is
    wrong with the game); anything else is a slip of the coach's, named in the log with its traceback and shown
    as "" (the screen words that itself)."""
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)
    log.error("the review stopped: %s: %s", type(exc).__name__, exc, exc_info=exc)
    return ""


class ReviewJob:
    """One review in the background. Poll ``update()`` each frame; read ``progress``, ``result``, ``error``."""

    def __init__(self, request: ReviewRequest, use_process: bool = True) -> None:
        self.request = request
        self.use_process = use_process and os.environ.get("TIENLEN_BOT_PROCESS", "1") != "0"
        self.progress = 0.0
        self.result: Review | None = None
        self.error: str | None = None
        self.cancelled = False
        self.mode = ""
        self._proc: Any = None
        self._conn: Connection | None = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._lock = threading.Lock()

    @property
    def done(self) -> bool:
        return self.result is not None or self.error is not None or self.cancelled

    def start(self) -> ReviewJob:
        if self.use_process:
            try:
                import multiprocessing

                ctx = multiprocessing.get_context("spawn")
                parent, child = ctx.Pipe()
                proc = ctx.Process(target=serve, args=(child, self.request), name="tienlen-review", daemon=True)
                proc.start()
                child.close()
                self._proc, self._conn, self.mode = proc, parent, "process"
                return self
            except Exception as exc:  # no process on this platform or build: a thread it is
                log.warning("the review runs on a thread: the process did not start (%s)", exc)
        self.mode = "thread"
        self._thread = threading.Thread(target=self._run_here, name="review", daemon=True)
        self._thread.start()
        return self

    def _run_here(self) -> None:
        try:
            found = self.request.run(self._progress, self._stop.is_set)
            with self._lock:
                self.result = found
        except Cancelled:
            pass
        except Exception as exc:
            with self._lock:
                self.error = failure_words(exc)

    def _progress(self, fraction: float) -> None:
        with self._lock:
            self.progress = fraction

    def update(self) -> bool:
        """Take in what the process sent; True when something changed."""
        conn = self._conn
        if conn is None:
            return self._thread is not None  # on a thread: the progress may have moved
        changed = False
        try:
            while conn.poll():
                kind, value = conn.recv()
                changed = True
                if kind == "progress":
                    self.progress = float(value)
                elif kind == "done":
                    self.result, self.progress = value, 1.0
                elif kind == "error":
                    self.error = str(value)
                elif kind == "cancelled":
                    self.cancelled = True
        except (EOFError, OSError) as exc:
            if not self.done:
                self.error = f"the review stopped ({exc or 'its process ended'})"
            changed = True
        if self.done:
            self._close()
        elif self._proc is not None and not self._proc.is_alive() and not conn.poll():
            self.error = f"the review stopped (exit code {self._proc.exitcode})"
            self._close()
            changed = True
        return changed

    def cancel(self) -> None:
        """Stop the review (the window does not wait for it)."""
        self.cancelled = True
        self._stop.set()
        if self._conn is not None:
            with contextlib.suppress(OSError, ValueError, EOFError):
                self._conn.send("cancel")
        self._close()

    def _close(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            conn.close()
        if proc is not None:
            proc.join(0.05)
            if proc.is_alive():
                proc.terminate()  # it was told to stop; a review holds nothing that needs saving
                proc.join(1.0)
            with contextlib.suppress(AttributeError, ValueError):
                proc.close()
