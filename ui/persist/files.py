"""Versioned JSON files written atomically; a file that cannot be used is set aside, never silently lost.

Every file is a JSON object ``{"kind": ..., "format": N, ...}``. Reading one goes: read (``game.safe_file``:
regular files only, never past the size limit) → parse → check the kind → migrate older formats step by step →
validate (``game.records.versioned``, the part the headless review shares). Contents that cannot be used rename
the file to ``<name>.corrupt-<timestamp>`` and return a ``Notice`` for the player; the caller then uses its
defaults. A file that cannot be read at all (permission denied, a folder, a FIFO) is left exactly as it is, and
nothing writes over it for the rest of the session.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

# The envelope's reading is the formats' own (game/records), shared with the headless review; the stores here
# take these three from this module with the rest of the file handling.
from game.records.versioned import FileProblem as FileProblem
from game.records.versioned import Migration as Migration
from game.records.versioned import cut_words
from game.records.versioned import parse_versioned as parse_versioned
from game.safe_file import NotAFile, TooBig, leave_alone, problem_code, read_bounded, real_file, write_atomic

T = TypeVar("T")
FIELD_LIMIT = 300  # characters of one notice field
#: The largest file any reader here opens unless it says otherwise (a match save of 1,000 deals is about 2 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
log = logging.getLogger("tienlen.files")


@dataclass(frozen=True)
class Notice:
    """Something the player should be told at start-up, shown through ``t(key, **fields)``."""

    key: str
    fields: Mapping[str, str]

    def __post_init__(self) -> None:
        # Whatever a broken file holds, a notice's text stays short enough for a dialog (the log has it all).
        cut = {k: cut_words(v, FIELD_LIMIT) for k, v in self.fields.items()}
        object.__setattr__(self, "fields", cut)


@dataclass(frozen=True)
class Loaded(Generic[T]):
    """What ``read_versioned`` found: the value (``None`` when there was no usable file) and any notice."""

    value: T | None
    notice: Notice | None = None


def atomic_write_text(path: Path, text: str) -> None:
    """Replace ``path`` with ``text`` so a reader (or a crash) only ever sees the old or the new file whole; a
    link is written through to its target, and a file left alone (``game.safe_file``) is never replaced."""
    write_atomic(path, text)


def write_versioned(path: Path, kind: str, version: int, body: Mapping[str, Any]) -> None:
    """Write ``body`` as a ``kind`` file in format ``version``, atomically."""
    document = {"kind": kind, "format": version, **body}
    atomic_write_text(path, json.dumps(document, ensure_ascii=False, indent=1, allow_nan=False) + "\n")


def aside_name(path: Path, label: str = "corrupt") -> Path:
    """A free ``<name>.<label>-<timestamp>`` beside ``path`` (never an earlier one's name)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.{label}-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.{label}-{stamp}-{n}")
    return target


def set_aside(path: Path, label: str = "corrupt") -> Path:
    """Rename a bad file to ``<name>.<label>-<timestamp>`` (through a link: its target, so the link stays and
    the next write makes a new target); returns the new path."""
    real = real_file(path)
    target = aside_name(real, label)
    os.replace(real, target)
    return target


def read_versioned(
    path: Path,
    kind: str,
    version: int,
    migrations: Mapping[int, Migration],
    validate: Callable[[dict[str, Any]], T],
    max_bytes: int = MAX_FILE_BYTES,
) -> Loaded[T]:
    """Read ``path``; a missing file gives ``Loaded(None)``, a bad one is set aside with a notice, and so is one
    larger than ``max_bytes`` (never read past it: a file no game wrote must not cost a gigabyte to refuse).
    A file that cannot be read at all (permission denied, a folder, a FIFO) is left alone: never written over."""
    path = Path(path)
    try:
        raw = read_bounded(path, max_bytes)
    except (FileNotFoundError, NotADirectoryError):  # no file (or no folder) there: nothing saved yet
        return Loaded(None)
    except TooBig as exc:
        return Loaded(None, notice_too_big(path, exc.size, max_bytes))
    except OSError as exc:
        return Loaded(None, notice_cannot_read(path, exc))
    try:
        text = decode_text(raw)
        return Loaded(parse_versioned(text, kind, version, migrations, lambda data: validate(_whole_chars(text, data))))
    except UnicodeDecodeError:
        reason = "not UTF-8 text"
    except FileProblem as exc:
        reason = str(exc)
    except RecursionError:
        reason = "nested too deeply"
    return Loaded(None, _notice_set_aside(path, reason))


def decode_text(raw: bytes) -> str:
    """A file's UTF-8 text; a byte-order mark a text editor put first (Windows Notepad) is not part of it."""
    return raw.removeprefix(b"\xef\xbb\xbf").decode("utf-8")


def _whole_chars(text: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data``, unless a \\u escape in ``text`` spelt half a character (a lone surrogate): the game could read
    such a file but never write it again, so every later save of it would fail."""
    if "\\u" in text:
        try:
            json.dumps(data, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise FileProblem("holds a \\u escape that is half a character (a lone surrogate)") from None
    return data


STALE_TEMP_SECONDS = 60.0


def remove_stale_temp_files(folder: Path, older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Delete the ``.<name>.*.tmp`` files a killed game left behind (``atomic_write_text`` makes them); a temp
    file younger than ``older_than`` seconds may belong to a game still writing and is kept."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = list(Path(folder).glob(".*.tmp"))
    except OSError:
        return removed
    for tmp in candidates:
        try:
            if tmp.is_file() and now - tmp.stat().st_mtime > older_than:
                tmp.unlink()
                removed.append(tmp)
        except OSError:
            continue
    return removed


def megabytes(size: int) -> str:
    """A file size as the player reads it: "69 MB", "2 MB", "0.5 MB"."""
    mb = size / (1024 * 1024)
    return f"{mb:.0f} MB" if mb >= 10 else f"{mb:.1f} MB".replace(".0 MB", " MB")


def notice_too_big(path: Path, size: int, limit: int) -> Notice:
    """Set aside a file too large to read, unread; the notice says how large it is and what the game reads."""
    fields = {"file": path.name, "size": megabytes(size), "limit": megabytes(limit)}
    try:
        kept = set_aside(path, "too-big")
    except OSError as exc:
        return notice_stuck(path, f"it is {fields['size']}, more than the {fields['limit']} the game reads", exc)
    log.warning("%s is %d bytes, more than the %d the game reads; it was set aside as %s", path, size, limit,
                kept.name)  # fmt: skip
    return Notice("notice.file_too_big", {**fields, "kept": kept.name})


def _notice_set_aside(path: Path, reason: str) -> Notice:
    try:
        kept = set_aside(path)
    except OSError as exc:
        return notice_stuck(path, reason, exc)
    log.warning("%s could not be used (%s); it was set aside as %s", path, reason, kept.name)
    return Notice("notice.file_set_aside", {"file": path.name, "reason": reason, "kept": kept.name})


def notice_stuck(path: Path, reason: str, exc: OSError) -> Notice:
    """A file that could not be used and could not be renamed aside either: left as it is, never written over."""
    leave_alone(path)
    log.warning("%s could not be used (%s) nor renamed aside (%s); it is left as it is", path, reason, exc)
    return Notice("notice.file_stuck", {"file": str(path), "reason": reason, "why": problem_code(exc)})


def notice_cannot_read(path: Path, exc: OSError) -> Notice:
    """A file there that cannot be read at all (permission denied, a folder, a FIFO, a device): it is left
    exactly as it is for this session, and the notice says what it is and what the player can do."""
    leave_alone(path)
    log.warning("%s could not be read, so it is left as it is: %s", path, exc)
    if isinstance(exc, NotAFile):
        return Notice("notice.file_not_regular", {"file": str(path), "kind": exc.what})
    if problem_code(exc) == "permission":
        return Notice("notice.file_locked", {"file": str(path)})
    return Notice("notice.file_unreadable", {"file": str(path), "why": problem_code(exc)})
