"""Whether the game can save in its home at all: the folders made and written, and the lock's file usable.

When it cannot (``TIENLEN_HOME`` naming a file, a read-only home, a FIFO where the lock is kept), the game plays
on without saving and says why once, in the player's words.
"""

from __future__ import annotations

import logging
import tempfile
from pathlib import Path

from game.safe_file import NotAFile, problem_code
from ui.persist.files import Notice
from ui.persist.instance import LOCK_NAME, check_lock_file
from ui.persist.paths import Paths

log = logging.getLogger("tienlen.profile")


def why_not_saving(paths: Paths) -> tuple[str, list[Notice]]:
    """Why nothing can be saved in ``paths`` ("" when it can) and the notice saying so."""
    problem = _cannot_write(paths)
    if problem:
        log.warning("the game cannot save in %s (%s); it plays without saving", paths.data, problem)
        blocker = file_in_the_way(paths)
        return problem, [Notice("notice.home_is_file", {"file": str(blocker)}) if blocker else
                         Notice("notice.cannot_save", {"folder": str(paths.data.parent), "why": problem})]  # fmt: skip
    lock = _lock_in_the_way(paths)
    if lock is not None:  # no lock, no saving: two windows could both write the files
        return "lock", [Notice("notice.lock_not_file", {"file": str(lock.path), "kind": lock.what})]
    return "", []


def file_in_the_way(paths: Paths) -> Path | None:
    """The file standing where the game's folders should be (``TIENLEN_HOME`` naming a file), if there is one."""
    for folder in (paths.config, paths.data):
        for place in (folder, *folder.parents):
            try:
                if place.exists():
                    if not place.is_dir():
                        return place
                    break
            except OSError:
                break
    return None


def _lock_in_the_way(paths: Paths) -> NotAFile | None:
    """What stands where the lock on the files is kept, when it is not a regular file (the lock is not taken)."""
    try:
        check_lock_file(paths.data / LOCK_NAME)
    except NotAFile as exc:
        log.warning("%s is %s: no lock, so the game plays without saving", exc.path, exc.what)
        return exc
    except OSError:
        return None
    return None


def _cannot_write(paths: Paths) -> str:
    """Why the game cannot write in its folders, as a ``problem_code`` (empty when it can): each is made, and a
    file made in it."""
    try:
        paths.ensure()
        for folder in (paths.config, paths.data):
            with tempfile.TemporaryFile(dir=folder):
                pass
    except OSError as exc:
        log.warning("cannot write in %s: %s", paths.data, exc)
        return problem_code(exc)
    return ""
