"""Command-line flags to a running app: used by main.py, the smoke test and the benchmark."""

from __future__ import annotations

import argparse
import os

from game.engine.match import Match
from game.rules import list_variants
from game.table.bot_worker import shutdown_shared_worker
from game.table.choice import MatchChoice
from ui.app import DEFAULT_SIZE, App
from ui.menus import start_scene
from ui.menus.dialogs import notices_dialog
from ui.persist.instance import AlreadyRunning, HomeLock
from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.settings_model import Settings
from ui.table.keeper import open_table


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tienlen", description="Tiến Lên Miền Nam, against the computer")
    p.add_argument("--version", action="store_true", help="print the version and exit")
    p.add_argument("--variant", metavar="ID", help=f"the rule variant: {', '.join(list_variants())} or one of "
                                                   "your own in rules.yaml (default: mien-nam)")
    p.add_argument("--opponents", type=int, choices=(1, 2, 3), default=3, help="computer opponents (1-3)")
    p.add_argument("--seed", type=int, help="deal reproducibly")
    p.add_argument("--lang", choices=("vi", "en"), help="language (default: the system's, Vietnamese or English)")
    p.add_argument("--fullscreen", action="store_true", help="start fullscreen")
    p.add_argument("--demo", action="store_true", help="the computer plays every seat")
    p.add_argument("--smoke-test", type=_frames, metavar="N",
                   help="run N frames of a saved match the computer plays, headless, then check its save and exit")
    p.add_argument("--net-smoke-test", metavar="ROLE", help="headless: host a table ('host') or join one "
                   "('join:ADDRESS:PORT'), play one game with friends through the menus, report and exit")
    return p


def _frames(text: str) -> int:
    try:
        frames = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number of frames, got {text!r}") from None
    if frames < 1:
        raise argparse.ArgumentTypeError(f"expected at least 1 frame, got {frames}")
    return frames


def profile_app(profile: Profile, settings: Settings | None = None, size: tuple[int, int] = DEFAULT_SIZE) -> App:
    """The app wired to the player's files: settings saved when changed, the profile's notices shown over
    whatever is on top, the last save flushed and the opponents' worker stopped at exit."""
    app = App(settings or profile.settings, size=size, on_settings_changed=profile.save_settings)
    app.closers.append(profile.close)  # the last match save reaches the disk before the process exits
    app.closers.append(shutdown_shared_worker)
    app.notice_sources.append(profile.take_notices)
    app.notice_scene = lambda notices: notices_dialog(app, notices)
    return app


def build_app(args: argparse.Namespace, settings: Settings | None = None, profile: Profile | None = None,
              size: tuple[int, int] = DEFAULT_SIZE) -> App:
    """The app on the main menu; a demo (and the smoke test) plays on top of it, ``--variant``/``--seed``
    sit straight down at a new match. Every launch loads the player's files the same way (``Profile``).
    ``size`` is the window's first size (tools open it at the size they capture, so no resize lands the deal)."""
    smoke = args.smoke_test is not None
    if smoke:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    lock = None
    if profile is None:  # a launch on the player's own files: one game at a time on them, before reading any
        lock = claim_files(Paths.default(), args.lang)
    profile = profile or Profile.load()  # reads and rewrites settings, statistics and the match save
    settings = settings or profile.settings
    if args.lang:
        settings.language = args.lang
    if args.fullscreen:
        settings.fullscreen = True
    app = profile_app(profile, settings, size)
    if lock is not None:
        app.closers.insert(0, lock.release)  # closers run newest first: the files are let go last
    app.push(start_scene(app, profile))
    if args.variant and args.variant not in profile.catalogue.variants:
        known = ", ".join(profile.catalogue.ids())
        raise SystemExit(f"tienlen: error: argument --variant: unknown variant {args.variant!r} (known: {known})")
    if smoke:  # a saved match the computer plays: start-up checks also exercise saving (ui/smoke.py)
        choice = profile.choice_from_flags(args.variant, args.opponents)
        open_table(app, profile, choice, profile.new_match(choice, seed=args.seed), demo=True)
    elif args.demo:  # a demo match is never saved or counted
        choice = MatchChoice(args.variant or "", ("normal",) * args.opponents)
        open_table(app, None, choice, Match(profile.catalogue.load(args.variant), choice.players, args.seed),
                   demo=True)
    elif args.variant or args.seed is not None:
        choice = profile.choice_from_flags(args.variant, args.opponents)
        open_table(app, profile, choice, profile.new_match(choice, seed=args.seed))
    return app


def claim_files(paths: Paths, lang: str | None = None) -> HomeLock | None:
    """Lock the player's files for this game, or refuse to start when another game has them (``SystemExit``
    with the reason, shown in a message box too where there is a display). ``None`` when no lock can be made
    there (a home that is a file, a read-only one): the profile then says the game cannot save."""
    try:
        return HomeLock.acquire(paths.data)
    except AlreadyRunning as exc:
        raise SystemExit(refuse_second_game(exc, paths, lang)) from None
    except OSError:
        return None


def refuse_second_game(exc: AlreadyRunning, paths: Paths, lang: str | None) -> str:
    """The refusal in the player's language (their setting, else the system's), shown where it can be seen."""
    from ui.i18n import set_language, t
    from ui.persist.settings_store import system_language

    set_language(lang or _saved_language(paths) or system_language())
    pid = f" ({t('instance.process', pid=exc.pid)})" if exc.pid else ""
    message = t("instance.running", pid=pid, folder=str(paths.data))
    headless = os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen")
    if not headless and not os.environ.get("TIENLEN_NO_CRASH_DIALOG"):
        try:
            import pygame

            pygame.display.message_box(t("instance.title"), message, message_type="warn")
        except Exception:  # no display to show it on: stderr has it
            pass
    return f"tienlen: {message}"


def _saved_language(paths: Paths) -> str:
    try:
        import json

        from game.safe_file import read_bounded
        from ui.persist.files import MAX_FILE_BYTES, decode_text

        text = decode_text(read_bounded(paths.settings_file, MAX_FILE_BYTES))  # never a FIFO's wait
        language = json.loads(text)["values"]["language"]
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return ""
    return language if language in ("vi", "en") else ""
