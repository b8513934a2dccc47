"""Which finished games of the saved match a file has taken in: ``"counted": {"match": id, "games": n}``.

A finished game touches three files — the match save, the statistics and the history — and no write can span
them, so a process killed between two of them would lose the game from one file or, once the match is resumed
and the game played again, count it twice. Each of the three says how far it got instead: the match save
carries its match's id (``match_id``, made when the match begins), and the statistics and the history each keep
the id and the number of the last game of that match they took in, written in the same atomic write as the
game itself. The save is written first, with the finished game in it; at the next start every finished game of
the saved match that a file has not taken in is added to it (``missing``), and a game a file already holds is
never added again. A save with no ``match_id`` (made before this existed) is taken to be in every file, and
the files are marked as holding its finished games.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any

MAX_ID = 64  # characters of a match id (16 are made)


@dataclass(frozen=True)
class Counted:
    """The last game (``games``, 1 = the first) of match ``match`` that a file has taken in."""

    match: str
    games: int

    def has(self, match: str, number: int) -> bool:
        """Whether game ``number`` of ``match`` is already in the file."""
        return bool(match) and self.match == match and self.games >= number

    def to_dict(self) -> dict[str, Any]:
        return {"match": self.match, "games": self.games}


def new_match_id() -> str:
    """A fresh id for a match (random: two matches dealt from one seed are two matches)."""
    return secrets.token_hex(8)


def match_id_from(value: Any) -> str:
    """A saved match id, or "" for none (an older save) or one that is not an id."""
    return value if isinstance(value, str) and 0 < len(value) <= MAX_ID and value.isprintable() else ""


def counted_from(value: Any) -> Counted | None:
    """The ``counted`` field as stored; ``None`` when absent or not one (then the file is taken to hold all)."""
    if not isinstance(value, dict):
        return None
    match, games = match_id_from(value.get("match")), value.get("games")
    if not match or isinstance(games, bool) or not isinstance(games, int) or not 0 <= games <= 10_000_000:
        return None
    return Counted(match, games)


def missing(counted: Counted | None, match: str, finished: int) -> range:
    """The numbers of the match's finished games (1 to ``finished``) a file with ``counted`` lacks: all of them
    when it names no match or another one."""
    if counted is None or counted.match != match:
        return range(1, finished + 1)
    return range(counted.games + 1, finished + 1)
