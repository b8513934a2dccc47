"""Opening the player's files safely: only regular files are read, never more than a limit, and a file the game
could not read is never written over.

Every file the game or the server reads from a player's folders goes through here:
- ``read_bounded(path, limit)``: the file's bytes, refused before opening when it is not a regular file
  (a folder, a FIFO, a device: ``NotAFile``) and stopped while reading once past ``limit`` (``TooBig``), so a
  FIFO never blocks and a link to ``/dev/zero`` never fills the memory. It opens with ``O_NONBLOCK`` and checks
  the open file again, in case the name was swapped between the look and the open.
- ``write_atomic(path, text)``: a temporary file beside the real file, flushed and renamed over it. A symbolic
  link is written through (its target is replaced, the link stays); a folder, FIFO or device is never replaced
  (``NotAFile``), nor is a file ``leave_alone`` was called for (``LeftAlone``).
- ``leave_alone(path)``: a file that exists but could not be read (permission denied, another user's, a FIFO)
  is left exactly as it is for the rest of the session: the game runs on its defaults and writes nothing there.

``problem_code(exc)`` names an ``OSError`` in a word the notices translate (the system's text goes to the log).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
_CHUNK = 1 << 20
_left_alone: set[str] = set()
# the two calls a test replaces to play a file another user owns (as root, every file can be read)
_os_open = os.open


def _can_read(path: Path) -> bool:
    return os.access(path, os.R_OK)


_guard = threading.Lock()


class NotAFile(OSError):
    """Something other than a regular file stands where a file is read or written; ``what`` names it."""

    def __init__(self, path: Path, what: str) -> None:
        super().__init__(errno.EINVAL, f"{path} is {what}, not a regular file")
        self.path, self.what = Path(path), what


class TooBig(OSError):
    """The file holds more than the reader's limit (found before reading, or while reading an endless file)."""

    def __init__(self, path: Path, size: int, limit: int) -> None:
        super().__init__(errno.EFBIG, f"{path} holds {size} bytes or more, above the limit of {limit}")
        self.path, self.size, self.limit = Path(path), size, limit


class LeftAlone(OSError):
    """A write refused: the file there could not be read this session, so it is kept exactly as it is."""

    def __init__(self, path: Path) -> None:
        super().__init__(errno.EPERM, f"{path} could not be read, so it is left as it is")
        self.path = Path(path)


def kind_of(mode: int) -> str:
    """What a file of ``mode`` is, in one word the notices translate: file, folder, fifo, device, socket, other."""
    if stat.S_ISREG(mode):
        return "file"
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "other"


def _regular(path: Path, mode: int) -> None:
    what = kind_of(mode)
    if what != "file":
        raise NotAFile(path, what)


@contextlib.contextmanager
def open_regular(path: Path) -> Iterator[BinaryIO]:
    """``path`` open for reading in binary, following links; ``NotAFile`` for anything but a regular file
    (checked before opening, so a FIFO or a device is never opened, and again on the open file)."""
    path = Path(path)
    _regular(path, os.stat(path).st_mode)
    fd = _os_open(path, _OPEN_FLAGS)
    try:
        _regular(path, os.fstat(fd).st_mode)
        handle = os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise
    with handle:
        yield handle


def read_bounded(path: Path, limit: int) -> bytes:
    """The whole of a regular file of at most ``limit`` bytes; ``TooBig`` (before reading when its size says
    so, else as soon as more than ``limit`` bytes came), ``NotAFile``, or the ``OSError`` of the open."""
    path = Path(path)
    with open_regular(path) as handle:
        size = os.fstat(handle.fileno()).st_size
        if size > limit:
            raise TooBig(path, size, limit)
        chunks: list[bytes] = []
        total = 0
        while True:
            chunk = handle.read(min(_CHUNK, limit + 1 - total))
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise TooBig(path, total, limit)


def _key(path: Path) -> str:
    return os.path.realpath(path)


def leave_alone(path: Path) -> None:
    """Never write or replace ``path`` (nor the file its link points to) again in this process."""
    with _guard:
        _left_alone.add(_key(path))
        _left_alone.add(str(Path(path).absolute()))


def is_left_alone(path: Path) -> bool:
    with _guard:
        return _key(path) in _left_alone or str(Path(path).absolute()) in _left_alone


def write_target(path: Path) -> Path:
    """The file a write to ``path`` replaces: ``path`` itself, or the end of its chain of links. Raises
    ``LeftAlone`` for a file left alone, ``NotAFile`` when something else stands there, ``PermissionError``
    for a file that exists but cannot be read (replacing it would lose what it holds)."""
    path = Path(path)
    if is_left_alone(path):
        raise LeftAlone(path)
    target = Path(os.path.realpath(path)) if path.is_symlink() else path
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        return target
    _regular(target, mode)
    if not _can_read(target):
        raise PermissionError(errno.EACCES, "the file exists but cannot be read", str(target))
    return target


def write_atomic(path: Path, data: str | bytes) -> Path:
    """Replace the file at ``path`` (through a link: its target) with ``data`` so a reader, or a crash, only
    ever sees the old or the new file whole; returns the file written."""
    path = Path(path)
    target = write_target(path)
    if target == path:
        path.parent.mkdir(parents=True, exist_ok=True)
    raw = data.encode("utf-8") if isinstance(data, str) else data
    fd, tmp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
            handle.flush()
            os.fsync(handle.fileno())
        with contextlib.suppress(OSError):  # the file keeps its permissions when replaced (not the temp file's)
            os.chmod(tmp_name, stat.S_IMODE(os.stat(target).st_mode))
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_folder(target.parent)
    return target


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (not on Windows)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def real_file(path: Path) -> Path:
    """The file a link at ``path`` stands for (``path`` itself when it is no link): what is renamed aside."""
    path = Path(path)
    return Path(os.path.realpath(path)) if path.is_symlink() else path


_WORDS = {"EACCES": "permission", "EPERM": "permission", "EBUSY": "busy", "ETXTBSY": "busy", "EAGAIN": "busy",
          "ENOSPC": "disk_full", "EDQUOT": "disk_full", "EROFS": "read_only", "EIO": "disk_error",
          "ENAMETOOLONG": "name_too_long", "ELOOP": "link_loop", "ENOTDIR": "not_folder", "EISDIR": "folder"}
_CODES = {getattr(errno, name): word for name, word in _WORDS.items() if hasattr(errno, name)}
#: What ``kind_of`` can name that is not a regular file.
KINDS = ("folder", "fifo", "device", "socket", "other")
#: ``kind_of``'s words in English, for the one-line refusals of the command-line tools and the server.
KIND_WORDS = {"folder": "a folder", "fifo": "a named pipe (FIFO)", "device": "a device", "socket": "a socket",
              "other": "a special file"}
#: Every word ``problem_code`` gives.
PROBLEM_CODES = tuple(dict.fromkeys([*_WORDS.values(), *KINDS, "too_big", "left_alone"]))


def problem_code(exc: BaseException) -> str:
    """An ``OSError`` in one word the notices translate (``notice.os.<word>``); the system's text is for the log."""
    if isinstance(exc, NotAFile):
        return exc.what
    if isinstance(exc, TooBig):
        return "too_big"
    if isinstance(exc, LeftAlone):
        return "left_alone"
    if isinstance(exc, OSError) and exc.errno in _CODES:
        return _CODES[exc.errno]
    return "other"
