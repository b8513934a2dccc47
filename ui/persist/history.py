"""Every finished game, kept for replays and reviews: ``history.json`` in the data folder.

The file holds the last ``MAX_GAMES`` games, and every game of the newest match however long it is, within
``MAX_BYTES`` (oldest dropped first). One game is its deal and actions (``Game.to_dict()``, as in the match
save) plus who sat where and how it ended, about 1.3 KB. Format 1, one game a line::

    {"kind": "history", "format": 1, "games": [
    {"id": ..., "match": ..., "number": 1, "finished_at": ..., "variant": ..., "seat": 0, ..., "game": {...}},
    ...
    ]}

Fields of a game are documented in docs/file-formats.md; what a game must hold, and the format's versions, are
``game.records.history`` (the headless review reads the file with it too). Appending happens on the profile's
writer thread: the store keeps each game already encoded, so adding one joins strings and writes the file
atomically.

Nothing is lost without a copy and a notice. A file that cannot be parsed is set aside whole and a new one
begun; games that are individually unreadable are dropped after a copy of the file is set aside; a file too
large to read (``history_read.MAX_READ_BYTES``) is set aside whole and its newest games carried on. The file
is never written back with fewer games than it had except by the limits above, and then the games dropped
are first written to ``history.json.dropped-<time>`` (a history file too). Names are cleaned on load and save.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import threading
import time
from dataclasses import replace
from pathlib import Path

from game.records.counted import Counted
from game.records.history import FORMAT, KIND, GameEntry, read_history
from game.safe_file import LeftAlone, TooBig, is_left_alone, problem_code, read_bounded
from ui.persist.files import (
    FileProblem,
    Notice,
    aside_name,
    atomic_write_text,
    decode_text,
    megabytes,
    notice_cannot_read,
    notice_stuck,
    set_aside,
)
from ui.persist.history_read import MAX_READ_BYTES, checked_games, encode, newest_games
from ui.persist.paths import Paths

MAX_GAMES = 500
MAX_BYTES = 2_000_000
FILE_NAME = "history.json"


class HistoryStore:
    """The kept games, loaded once and appended to; safe to use from the writer thread and the UI thread."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._lock = threading.Lock()
        self._lines: list[str] | None = None  # each kept game, encoded; None until first needed
        self._entries: list[GameEntry] = []
        self._notice_lock = threading.Lock()  # never held while the file is read: the UI thread takes notices
        self._unreported: list[Notice] = []  # what a first read by ``entries()`` found, for ``take_notices()``
        self._damaged = 0  # damaged games in the file not copied aside yet (the copy failed)
        self._cannot_write = ""  # why the file must not be written (a file too large that could not be set aside)
        #: the last game of the saved match kept here (``game.records.counted``), written with the games
        self.counted: Counted | None = None

    @classmethod
    def of(cls, paths: Paths) -> HistoryStore:
        return cls(paths.data / FILE_NAME)

    @property
    def loaded(self) -> bool:
        """Whether the file has been read (``entries()`` then costs a copy of a list, no reading)."""
        return self._lines is not None

    def load(self) -> list[Notice]:
        """Read the file (once); a broken one is set aside and reported."""
        with self._lock:
            return self._load()

    def _load(self) -> list[Notice]:
        if self._lines is not None:
            return []
        self._lines, self._entries = [], []
        try:
            text = decode_text(read_bounded(self.path, MAX_READ_BYTES))
        except (FileNotFoundError, NotADirectoryError):  # no file (or no folder) there: nothing kept yet
            return []
        except TooBig as exc:
            return self._load_newest(exc.size)
        except UnicodeDecodeError:
            return [self._set_aside("not UTF-8 text")]
        except OSError as exc:  # permission denied, a folder, a FIFO: left exactly as it is, and not written
            return [notice_cannot_read(self.path, exc)]
        try:
            raw, self.counted = read_history(text)
        except FileProblem as exc:
            return [self._set_aside(str(exc))]
        except RecursionError:
            return [self._set_aside("nested too deeply")]
        games = checked_games(raw)
        self._entries, self._lines = games.entries, games.lines
        if not games.damaged:
            return []
        self._damaged = games.damaged
        try:
            notices = [self._copy_damaged()]
        except OSError as exc:  # the file stays as it is, damaged games and all, until a copy can be made
            fields = {"file": self.path.name, "count": str(games.damaged), "why": problem_code(exc)}
            return [Notice("notice.history_games_kept", fields)]
        with contextlib.suppress(OSError):  # written again with the next game kept
            self._write()
        return notices

    def _load_newest(self, size: int) -> list[Notice]:
        """A file too large to read whole: its newest games are read and kept (within the limits), the whole
        file is set aside, and the kept games are written as the new history."""
        try:
            games = newest_games(self.path, size, MAX_GAMES, MAX_BYTES)
        except FileProblem as exc:
            return [self._set_aside(str(exc))]
        except OSError as exc:
            return [notice_cannot_read(self.path, exc)]
        self._entries, self._lines = games.entries, games.lines
        self._trim()
        fields = {"file": self.path.name, "size": megabytes(size), "limit": megabytes(MAX_READ_BYTES),
                  "count": str(len(self._entries))}  # fmt: skip
        try:
            kept = set_aside(self.path, "too-big")
        except OSError as exc:  # the file must not be replaced by the few games read from it
            self._cannot_write = f"{self.path.name} is too large and could not be set aside: {exc.strerror or exc}"
            return [notice_stuck(self.path, f"it is {fields['size']}, more than the {fields['limit']} the game reads",
                                 exc)]  # fmt: skip
        with contextlib.suppress(OSError):  # else written with the next game kept
            self._write()
        return [Notice("notice.history_too_big", {**fields, "kept": kept.name})]

    def _copy_damaged(self) -> Notice:
        """Copy the file holding damaged games aside, so that writing the good ones back loses nothing."""
        kept = aside_name(self.path)
        shutil.copyfile(self.path, kept)  # the unreadable games stay in the copy; the good ones carry on here
        count, self._damaged = self._damaged, 0
        return Notice("notice.history_games_dropped", {"file": self.path.name, "count": str(count), "kept": kept.name})

    def _set_aside(self, reason: str) -> Notice:
        try:
            kept = set_aside(self.path)
        except OSError as exc:
            return notice_stuck(self.path, reason, exc)
        return Notice("notice.file_set_aside", {"file": self.path.name, "reason": reason, "kept": kept.name})

    def append(self, entry: GameEntry, match_seed: int | None = None, counted: Counted | None = None) -> list[Notice]:
        """Keep one more game, trim the oldest beyond the limits, and write the file atomically.

        With ``match_seed`` the game joins the newest kept match when it is that match's next game (so a
        resumed match keeps its id), else it starts a new match. A practice game finished again after an
        undo replaces its earlier record (see ``_same_practice_game``): a game is kept once, as it ended.
        Games the limits drop beyond the one-for-one turnover are first written aside (``_keep_dropped``).
        With ``counted`` (game ``counted.games`` of the saved match ``counted.match``) a game the file already
        holds is not kept again, and the file records that it holds it, in the same write."""
        with self._lock:
            notices = self._load()
            assert self._lines is not None
            if is_left_alone(self.path):  # it could not be read: the game keeps nothing there this session
                with self._notice_lock:
                    self._unreported += notices  # what the read found is still told (take_notices)
                raise LeftAlone(self.path)
            if counted is not None and self.counted is not None and self.counted.has(counted.match, counted.games):
                return notices  # kept before the game stopped (a kill), and completed at this start
            if self._cannot_write:
                raise OSError(self._cannot_write)
            if self._damaged:  # never write the file over its damaged games before they are copied aside
                notices.append(self._copy_damaged())
            before, entries, lines = len(self._entries), list(self._entries), list(self._lines)
            earlier = self._same_practice_game(entry, match_seed)
            if earlier is not None:
                old = self._entries[earlier]
                entry = replace(entry, match=old.match, id=old.id)
                del self._entries[earlier], self._lines[earlier]
            elif match_seed is not None or not entry.match:
                match = self._match_id(match_seed or 0, entry.number)
                entry = replace(entry, match=match, id=f"{match}-{entry.number}")
            self._entries.append(entry)
            self._lines.append(encode(entry))
            dropped = self._trim()
            if dropped and len(self._entries) < before:
                try:
                    notices.append(self._keep_dropped(dropped))
                except OSError:  # without a copy nothing is dropped: the file grows past its limits this time
                    self._entries, self._lines = [*entries, entry], [*lines, encode(entry)]
                    if earlier is not None:
                        del self._entries[earlier], self._lines[earlier]
            if counted is not None:
                self.counted = counted
            self._write()
            return notices

    def mark(self, counted: Counted) -> None:
        """Record that the file holds the saved match's games up to ``counted`` (a save older than match ids)."""
        with self._lock:
            self._load()
            if self._lines is None or is_left_alone(self.path) or self._cannot_write or self._damaged:
                return
            self.counted = counted
            if self._lines or counted.games:
                with contextlib.suppress(OSError):  # else written with the next game kept
                    self._write()

    def _keep_dropped(self, dropped: list[str]) -> Notice:
        """Write the games the limits dropped to ``history.json.dropped-<time>``, a history file of their own."""
        kept = aside_name(self.path, "dropped")
        atomic_write_text(kept, _document(dropped))
        fields = {"file": self.path.name, "count": str(len(dropped)), "limit": str(MAX_GAMES), "kept": kept.name}
        return Notice("notice.history_trimmed", fields)

    def _same_practice_game(self, entry: GameEntry, match_seed: int | None) -> int | None:
        """The index of the newest kept game when ``entry`` is that same practice game finished once more.

        Undo in practice may reopen a game after it ended (from its results screen); when it ends again it is
        the newest kept game with the same match seed, number and deal. Only the newest is looked at: a
        practice game can only be reopened before the next one is dealt."""
        if not entry.practice or not self._entries:
            return None
        last = self._entries[-1]
        same_match = last.match.startswith(f"{match_seed}-") if match_seed is not None else last.match == entry.match
        if last.practice and same_match and last.number == entry.number and last.game["hands"] == entry.game["hands"]:
            return len(self._entries) - 1
        return None

    def _trim(self) -> list[str]:
        """Keep the newest ``MAX_GAMES`` and the newest match whole, within ``MAX_BYTES``; the lines dropped."""
        assert self._lines is not None
        newest_match = self._entries[-1].match if self._entries else None
        keep = [i >= len(self._entries) - MAX_GAMES or e.match == newest_match for i, e in enumerate(self._entries)]
        dropped = [s for s, k in zip(self._lines, keep, strict=True) if not k]
        self._entries = [e for e, k in zip(self._entries, keep, strict=True) if k]
        self._lines = [s for s, k in zip(self._lines, keep, strict=True) if k]
        size = sum(len(s.encode("utf-8")) + 2 for s in self._lines)
        while len(self._lines) > 1 and size > MAX_BYTES:
            size -= len(self._lines[0].encode("utf-8")) + 2
            dropped.append(self._lines[0])
            del self._lines[0], self._entries[0]
        return dropped

    def _write(self) -> None:
        assert self._lines is not None
        atomic_write_text(self.path, _document(self._lines, self.counted))

    def entries(self) -> list[GameEntry]:
        """Every kept game, oldest first (loads the file on first use; what it found waits in ``take_notices``)."""
        with self._lock:
            found = self._load()
            kept = list(self._entries)
        with self._notice_lock:
            self._unreported += found
        return kept

    def take_notices(self) -> list[Notice]:
        """The notices of a first read by ``entries()`` (Recent games), not shown yet; never waits on a read."""
        with self._notice_lock:
            out, self._unreported = self._unreported, []
        return out

    def recent(self, count: int = 20) -> list[GameEntry]:
        """The newest ``count`` games, newest first."""
        return self.entries()[::-1][:count]

    def _match_id(self, seed: int, number: int) -> str:
        last = self._entries[-1] if self._entries else None
        if number > 1 and last is not None and last.number == number - 1 and last.match.startswith(f"{seed}-"):
            return last.match
        base = f"{seed}-{time.strftime('%Y%m%d%H%M%S')}"
        taken = {e.match for e in self._entries}
        match, n = base, 1
        while match in taken:  # two matches begun within a second
            n += 1
            match = f"{base}-{n}"
        return match


def _document(lines: list[str], counted: Counted | None = None) -> str:
    fields: dict[str, object] = {"kind": KIND, "format": FORMAT}
    if counted is not None:  # after the kind and format: a reader of the file's first bytes still knows it
        fields["counted"] = counted.to_dict()
    head = json.dumps(fields)[:-1]
    return head + ', "games": [\n' + ",\n".join(lines) + "\n]}\n"

