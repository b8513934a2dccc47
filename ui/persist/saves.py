"""The match in progress on disk: ``match-save.json`` in the data folder, written after every move.

What the file holds, its formats and how an older one is read are ``game.records.match_save`` (the headless
review reads saves with it too); here the file is written, read, set aside when it cannot be used, and deleted.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from game.engine.match import Match
from game.records.match_save import FORMAT, KIND, MIGRATIONS, SavedMatch, match_snapshot, saved_match
from game.rules import Catalogue
from game.safe_file import is_left_alone, real_file
from game.table.choice import MatchChoice
from ui.persist.files import Notice, read_versioned, write_versioned
from ui.persist.paths import Paths


def write_match_snapshot(paths: Paths, body: dict[str, Any]) -> None:
    """Write a ``match_snapshot`` atomically, replacing the previous save (safe on any thread)."""
    write_versioned(paths.save_file, KIND, FORMAT, body)


def save_match(paths: Paths, choice: MatchChoice, match: Match) -> None:
    """Write the match (and its game in progress) atomically, replacing the previous save."""
    write_match_snapshot(paths, match_snapshot(choice, match))


def load_match(paths: Paths, catalogue: Catalogue) -> tuple[SavedMatch | None, list[Notice]]:
    """The saved match, or ``None``; an unusable save is set aside and reported."""
    loaded = read_versioned(paths.save_file, KIND, FORMAT, MIGRATIONS, partial(saved_match, catalogue=catalogue))
    return loaded.value, [loaded.notice] if loaded.notice else []


def delete_saved_match(paths: Paths) -> None:
    """Forget the save once its match is over (finished, or quit): through a link its target goes and the link
    stays (the next match is saved through it); a file left alone (a FIFO, one it may not read) stays as it is."""
    if not is_left_alone(paths.save_file):
        real_file(paths.save_file).unlink(missing_ok=True)
