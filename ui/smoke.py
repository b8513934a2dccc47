"""``--smoke-test N``: the whole game headless for N frames — start-up, a saved match the computer plays,
saving after every move — then the save is read back and must be the match as played. Exit status 0 or 1.

Unless ``$TIENLEN_HOME`` says where, it runs in a fresh temporary home, so a player's own saved match and
statistics are never played on or counted.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import tempfile

from ui.persist.paths import HOME_ENV

log = logging.getLogger("tienlen.smoke")


def isolate_home() -> None:
    """Point ``$TIENLEN_HOME`` at a new temporary folder unless it is already set (call before logging)."""
    if not os.environ.get(HOME_ENV):
        os.environ[HOME_ENV] = tempfile.mkdtemp(prefix="tienlen-smoke-")


def run_smoke_test(args: argparse.Namespace) -> int:
    from game.safe_file import is_left_alone
    from ui.launch import build_app
    from ui.persist import saves
    from ui.persist.profile import Profile
    from ui.table.scene import TableScene

    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    profile = Profile.load()
    app = build_app(args, profile=profile)
    table = next(scene for scene in app.stack if isinstance(scene, TableScene))
    app.run(max_frames=args.smoke_test, fixed_dt=1 / 30)  # ends by flushing the last save
    played = table.session.match.to_dict()
    if not profile.can_save:  # the home cannot be written: the game played without saving, as it should
        log.warning("smoke test: %d frames played without saving (the folders cannot be written)", app.frames)
        return 0
    if is_left_alone(profile.paths.save_file):  # a FIFO, a folder, a file it may not read: left as it was
        log.warning("smoke test: %d frames played without saving the match (its file is left alone)", app.frames)
        return 0
    saved, notices = saves.load_match(profile.paths, profile.catalogue)
    if saved is None or notices or saved.match.to_dict() != played:
        why = "; ".join(str(dict(n.fields)) for n in notices) or "the save is not the match as played"
        log.error("smoke test: the saved match does not read back: %s", why)
        print(f"smoke test failed: the saved match does not read back: {why}", file=sys.stderr)
        return 1
    log.info("smoke test: %d frames, %d actions saved and read back", app.frames, _actions(played))
    return 0


def _actions(match: dict) -> int:  # type: ignore[type-arg]
    games = match["games"] + ([match["current"]] if match["current"] else [])
    return sum(len(g["actions"]) for g in games)
