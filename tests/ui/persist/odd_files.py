"""Helpers for the tests of odd files in the player's folders: things to put where a file should be, a
file that behaves as another user's, a time limit that fails instead of hanging."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import safe_file

posix = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and POSIX links")


def within(seconds: float, work: Callable[[], Any]) -> Any:
    """``work()``'s result, failing (not hanging the suite) when it takes longer than ``seconds``."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)
    started = time.monotonic()
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still busy after {seconds} s (blocked on a FIFO?)"
    assert out, "the work raised (see the thread's traceback above)"
    print(f"took {time.monotonic() - started:.2f} s")
    return out[0]


def state(path: Path) -> tuple[Any, ...]:
    """What a path is on disk: its type, where a link points, its size and time (a change shows)."""
    st = os.lstat(path)
    link = os.readlink(path) if path.is_symlink() else ""
    return st.st_mode, link, st.st_size, st.st_mtime_ns, st.st_ino


def fifo(path: Path) -> None:
    os.mkfifo(path)


def zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def folder(path: Path) -> None:
    path.mkdir()
    (path / "keep.txt").write_text("mine")


KINDS: dict[str, tuple[Callable[[Path], None], str]] = {
    "a FIFO": (fifo, "a named pipe (FIFO)"),
    "a link to /dev/zero": (zero, "a device"),
    "a folder": (folder, "a folder"),
}


def raises(work: Callable[[], Any]) -> BaseException | None:
    """What ``work()`` raised, handed back to the test's own thread (``None`` when it returned)."""
    try:
        work()
    except Exception as exc:
        return exc
    return None


# -- reading is bounded while reading --------------------------------------------------------------------

def locked(monkeypatch: pytest.MonkeyPatch, locked: Path) -> None:
    """``locked`` behaves as a file of another user's that this one may not read (as root every file reads)."""
    real_open = safe_file._os_open

    def refuse(path: Any, flags: int, *args: Any) -> int:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(safe_file, "_os_open", refuse)
    monkeypatch.setattr(safe_file, "_can_read", lambda path: Path(path) != locked)
