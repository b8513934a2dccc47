"""Reading ``history.json`` within bounds: the file is read whole only up to ``MAX_READ_BYTES``; a larger one
(40,000 games, say: no game wrote it) has only its newest games read, from its last ``MAX_READ_BYTES``, one
game a line as the game writes it. Each game is checked field by field, its names cleaned, and a game of
more than ``MAX_ENTRY_BYTES`` counts as damaged. What a game must hold is the format's own
(``game.records.history``, which the headless review reads the file with too)."""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.records.history import GameEntry, entry_from_dict
from game.safe_file import open_regular
from ui.persist.files import FileProblem

#: The most of the file read: the history keeps itself within 2 MB (``history.MAX_BYTES``) and a game within
#: ``MAX_ENTRY_BYTES``, so a larger file was not written by the game.
MAX_READ_BYTES = 4 * 1024 * 1024
#: One game as kept is about 1.3 KB; its record grows with its moves, but not past this.
MAX_ENTRY_BYTES = 64 * 1024


def encode(entry: GameEntry) -> str:
    """One game as the file holds it: one line of JSON."""
    return json.dumps(entry.to_dict(), ensure_ascii=False, separators=(",", ":"), allow_nan=False)


@dataclass
class Games:
    """Games read from the file, oldest first, each with its line as it will be written back."""

    entries: list[GameEntry] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    damaged: int = 0  # games that could not be used


def checked_games(raw: Iterable[Any]) -> Games:
    """Each stored game checked; a game that cannot be used (or written back whole) is counted as damaged."""
    out = Games()
    for item in raw:
        try:
            entry = entry_from_dict(item)
            line = encode(entry)  # a game the store could not write back (NaN, a lone surrogate) is damaged
            if len(line.encode("utf-8")) > MAX_ENTRY_BYTES:
                raise FileProblem(f"a game of more than {MAX_ENTRY_BYTES // 1024} KB")
        except (FileProblem, ValueError, RecursionError):
            out.damaged += 1
            continue
        out.entries.append(entry)
        out.lines.append(line)
    return out


def newest_games(path: Path, size: int, max_games: int, max_bytes: int) -> Games:
    """The newest games of a file too large to read whole, from its last ``MAX_READ_BYTES`` (one game a line, as
    written): the newest ``max_games`` and the rest of the newest match, within ``max_bytes``, oldest first.
    Raises ``FileProblem`` when the file is not a history."""
    with open_regular(path) as handle:
        head = handle.read(64)
        handle.seek(max(0, size - MAX_READ_BYTES))
        tail = handle.read(MAX_READ_BYTES)
    if not head.lstrip().startswith((b'{"kind": "history"', b'{"kind":"history"')):
        raise FileProblem("not a game history")
    found = Games()
    total, newest_match = 0, None
    for line in reversed(tail.split(b"\n")[1:]):  # newest first; the first line is most likely cut: never read
        line = line.strip().rstrip(b",")
        if not line.startswith(b"{"):
            continue
        try:
            one = checked_games([json.loads(line.decode("utf-8"))])
        except (UnicodeDecodeError, ValueError, RecursionError):
            continue
        if not one.entries:
            continue
        entry, text = one.entries[0], one.lines[0]
        newest_match = entry.match if newest_match is None else newest_match
        total += len(text.encode("utf-8")) + 2
        if found.entries and (total > max_bytes or (len(found.entries) >= max_games and entry.match != newest_match)):
            break
        found.entries.append(entry)
        found.lines.append(text)
    found.entries.reverse()
    found.lines.reverse()
    return found
