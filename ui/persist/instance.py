"""One game at a time on one set of files: ``HomeLock`` holds a lock on ``tienlen.lock`` in the data folder.

Two windows on the same files would each keep their own copy of the history and the statistics and write it
over the other's (a finished game lost). The lock is the operating system's (``flock`` on POSIX, ``msvcrt``
byte locking on Windows), so it goes with the process: a game that crashed or was killed leaves no stale lock,
whatever the file still says. The file holds the holder's process id, to name it in the refusal.
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
from pathlib import Path
from typing import IO

from game.safe_file import NotAFile, kind_of

LOCK_NAME = "tienlen.lock"
_WINDOWS_BYTE = 1 << 20  # msvcrt locks a byte range; one far past the process id, which stays readable
_held: dict[Path, tuple[HomeLock, int]] = {}  # this process's locks, by file, with how many hold each
_guard = threading.Lock()


class AlreadyRunning(RuntimeError):
    """Another game holds the lock on these files; ``pid`` is its process id as it wrote it ("" if unknown)."""

    def __init__(self, folder: Path, pid: str) -> None:
        super().__init__(f"another game (process {pid or '?'}) is using the files in {folder}")
        self.folder = folder
        self.pid = pid


class HomeLock:
    """The lock on one data folder; ``acquire`` it once per launch, ``release`` it at exit."""

    def __init__(self, path: Path, handle: IO[bytes]) -> None:
        self.path = path
        self._handle: IO[bytes] | None = handle

    @classmethod
    def acquire(cls, folder: Path) -> HomeLock:
        """Lock ``folder`` for this process (again if it already holds it); raises ``AlreadyRunning`` when
        another process holds it, and ``OSError`` when the lock file cannot be made (then nothing is saved
        there either, and the game plays on)."""
        path = (Path(folder) / LOCK_NAME).absolute()
        with _guard:
            if path in _held:
                lock, count = _held[path]
                _held[path] = (lock, count + 1)
                return lock
            folder.mkdir(parents=True, exist_ok=True)
            check_lock_file(path)  # a FIFO or a link to a disk is never opened, let alone written
            handle = open(path, "a+b")  # noqa: SIM115 - held open for as long as the lock
            try:
                if not _try_lock(handle):
                    handle.seek(0)
                    pid = handle.read(32).decode("ascii", "replace").strip()
                    raise AlreadyRunning(folder, pid if pid.isdigit() else "")
                handle.seek(0)
                handle.truncate()
                handle.write(f"{os.getpid()}\n".encode("ascii"))
                handle.flush()
            except BaseException:
                handle.close()
                raise
            lock = cls(path, handle)
            _held[path] = (lock, 1)
            return lock

    def release(self) -> None:
        """Let the files go (the last holder in this process unlocks; the file stays, emptied)."""
        with _guard:
            lock, count = _held.get(self.path, (self, 1))
            if count > 1:
                _held[self.path] = (lock, count - 1)
                return
            _held.pop(self.path, None)
            handle, self._handle = self._handle, None
        if handle is None:
            return
        with contextlib.suppress(OSError):
            handle.seek(0)
            handle.truncate()
            handle.flush()
        with contextlib.suppress(OSError):
            _unlock(handle)
        handle.close()


def check_lock_file(path: Path) -> None:
    """``NotAFile`` when something other than a regular file (a folder, a FIFO, a device) stands at ``path``."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return
    if kind_of(mode) != "file":
        raise NotAFile(path, kind_of(mode))


if sys.platform == "win32":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(handle: IO[bytes]) -> bool:
        handle.seek(_WINDOWS_BYTE)
        try:
            msvcrt.locking(handle.fileno(), msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        handle.seek(_WINDOWS_BYTE)
        msvcrt.locking(handle.fileno(), msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _try_lock(handle: IO[bytes]) -> bool:
        try:
            fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False
        return True

    def _unlock(handle: IO[bytes]) -> None:
        fcntl.flock(handle.fileno(), fcntl.LOCK_UN)
