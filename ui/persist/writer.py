"""Writing files off the UI thread: one background writer that keeps only the newest pending write per file.

The caller takes the snapshot on the UI thread (a plain dict, so later moves cannot change it) and hands
over a function that writes it; the writer thread runs it. When several snapshots of one file arrive while a
write is in progress, only the newest is written next. ``flush()`` waits until everything handed over is on
disk; ``close()`` flushes and stops the thread. Errors are logged and passed to ``on_error``, never lost.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable

log = logging.getLogger("tienlen.writer")

Job = Callable[[], None]


class BackgroundWriter:
    """One thread, one pending job per key (the newest wins), started on first use."""

    def __init__(self, on_error: Callable[[Hashable, BaseException], None] | None = None) -> None:
        self.on_error = on_error
        self._pending: dict[Hashable, Job] = {}
        self._busy = False  # a job has been taken and is running
        self._closed = False
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None

    # -- the UI thread's side ----------------------------------------------------------------------------
    def submit(self, key: Hashable, job: Job) -> None:
        """Run ``job`` soon; it replaces a job for ``key`` that has not started yet."""
        with self._cond:
            if self._closed:
                raise RuntimeError("the writer is closed")
            self._pending.pop(key, None)  # re-insert so the newest job also goes to the back of the line
            self._pending[key] = job
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="file-writer", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def discard(self, key: Hashable) -> None:
        """Drop a pending job for ``key`` and wait for a running one to end (before deleting its file)."""
        with self._cond:
            self._pending.pop(key, None)
            while self._busy:
                self._cond.wait()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every job handed over so far has run; False if ``timeout`` ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def close(self, timeout: float | None = 10.0) -> None:
        """Flush, then stop the thread. Safe to call twice."""
        self.flush(timeout)
        with self._cond:
            self._closed = True
            self._cond.notify_all()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)

    @property
    def idle(self) -> bool:
        with self._cond:
            return not self._pending and not self._busy

    # -- the writer thread -------------------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending and not self._closed:
                    self._cond.wait()
                if not self._pending:  # closed and nothing left
                    return
                key = next(iter(self._pending))
                job = self._pending.pop(key)
                self._busy = True
            try:
                job()
            except BaseException as exc:  # noqa: BLE001 - the thread must survive; the error is reported
                log.error("background write of %s failed: %s", key, exc, exc_info=exc)
                if self.on_error is not None:
                    try:
                        self.on_error(key, exc)
                    except Exception:  # a broken reporter must not stop the writer
                        log.exception("reporting a failed write failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
