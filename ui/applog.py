"""Logging to the user log folder, and crash reports written there instead of the game vanishing.

A windowed build has no console: on Windows ``sys.stdout``/``sys.stderr`` are ``None``, and on every
platform whatever is printed is lost. So the game logs to ``<user log folder>/tienlen.log`` (rotated), and an
uncaught exception leaves ``crash-<time>.txt`` beside it with the traceback, the version and the last log
lines. Call both near the top of ``main()``::

    from ui import applog
    applog.setup_logging(); applog.install_crash_handler()

Code that catches an exception to exit cleanly (``--smoke-test`` returning 1, say) can still leave a report
with ``applog.write_crash_report(exc)``.
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import faulthandler
import logging
import logging.handlers
import os
import platform
import sys
import threading
import traceback
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from game.version import APP_ID, APP_NAME, VERSION
from ui.persist.paths import Paths

LOG_NAME = f"{APP_ID}.log"
CRASH_PREFIX = "crash-"
KEEP_CRASH_REPORTS = 20
_log_folder: Path | None = None
_fault_file: IO[str] | None = None
_previous_hook: Callable[..., Any] | None = None

log = logging.getLogger(APP_ID)


def default_log_dir() -> Path:
    """The user log folder (``~/.local/state/tienlen/log`` on Linux, or under ``$TIENLEN_HOME`` when set)."""
    return Paths.default().logs


def log_dir() -> Path:
    """The folder logging was set up in, or the default one."""
    return _log_folder or default_log_dir()


def _ensure_std_streams() -> None:
    # A windowed PyInstaller build on Windows starts with no stdout/stderr; writing to them would raise.
    for name in ("stdout", "stderr"):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the process


class LogFile(logging.handlers.RotatingFileHandler):
    """The rotating log file, failing quietly: a full disk (or a log folder gone) would otherwise print a
    "--- Logging error ---" traceback on stderr for every record. The first failure prints one line saying
    the log cannot be written; later records that cannot be written are dropped without a word (each is
    still tried, so the log carries on once there is room again)."""

    failed = False

    def handleError(self, record: logging.LogRecord) -> None:  # noqa: N802 - logging's name
        if self.failed:
            return
        self.failed = True
        error = sys.exc_info()[1]
        reason = getattr(error, "strerror", None) or error or "unknown error"
        with contextlib.suppress(Exception):  # stderr may be gone too: then there is nobody to tell
            sys.stderr.write(f"{APP_ID}: the log {self.baseFilename} cannot be written ({reason}); "
                             "the game carries on without it\n")  # fmt: skip
            sys.stderr.flush()


def setup_logging(folder: Path | None = None, level: int = logging.INFO) -> Path | None:
    """Send log records to a rotating file in ``folder`` (default: the user log folder); return the file's path.

    Records also go to stderr when there is a console to see them. When the folder cannot be made or written
    (``$TIENLEN_HOME`` names a file, a read-only home), everything goes to stderr instead, with a warning
    saying why, and ``None`` is returned: the game still starts. Safe to call more than once.
    """
    global _log_folder
    _ensure_std_streams()
    folder = Path(folder) if folder is not None else default_log_dir()
    path: Path | None = folder / LOG_NAME
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_tienlen", False):
            root.removeHandler(handler)
            handler.close()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        file_handler: logging.Handler = LogFile(folder / LOG_NAME, maxBytes=1_000_000, backupCount=3,
                                                encoding="utf-8")
        _log_folder = folder
    except OSError as exc:
        problem = f"cannot write the log in {folder} ({exc.strerror or exc})"
        file_handler, path = logging.StreamHandler(sys.stderr), None
    else:
        problem = ""
    file_handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    file_handler._tienlen = True  # type: ignore[attr-defined]
    root.addHandler(file_handler)
    if path is not None and sys.stderr is not None and getattr(sys.stderr, "isatty", lambda: False)():
        console = logging.StreamHandler(sys.stderr)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        console.setLevel(logging.WARNING)
        console._tienlen = True  # type: ignore[attr-defined]
        root.addHandler(console)
    root.setLevel(level)
    log.info("%s %s starting (%s, Python %s, %s)", APP_NAME, VERSION, platform.platform(),
             platform.python_version(), "frozen" if getattr(sys, "frozen", False) else "source")
    if problem:
        log.warning("%s: logging to the console instead; if the game cannot save either, it plays without "
                    "saving and says so", problem)
    return path


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "".join(path.read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)[-lines:])
    except OSError:
        return ""


def write_crash_report(exc: BaseException, folder: Path | None = None) -> Path | None:
    """Write ``crash-<time>.txt`` with the traceback and context; return its path (None if it could not)."""
    folder = Path(folder) if folder is not None else log_dir()
    now = _dt.datetime.now()
    text = [
        f"{APP_NAME} {VERSION} crashed at {now.isoformat(timespec='seconds')}",
        f"Platform: {platform.platform()}; Python {platform.python_version()}; "
        f"{'frozen' if getattr(sys, 'frozen', False) else 'from source'}",
        f"Command line: {sys.argv!r}",
        "",
        "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)).rstrip(),
    ]
    recent = _tail(folder / LOG_NAME)
    if recent:
        text += ["", "Last lines of the log:", recent.rstrip()]
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{CRASH_PREFIX}{now:%Y%m%d-%H%M%S-%f}.txt"
        path.write_text("\n".join(text) + "\n", encoding="utf-8")
        _prune(folder)
    except OSError:
        return None
    log.critical("crash report written to %s", path)
    with contextlib.suppress(AttributeError, TypeError):
        exc._tienlen_crash_report = path  # type: ignore[attr-defined]  # so the hook does not write it twice
    return path


def _prune(folder: Path) -> None:
    reports = sorted(folder.glob(f"{CRASH_PREFIX}*.txt"))
    for old in reports[:-KEEP_CRASH_REPORTS]:
        old.unlink(missing_ok=True)


def _tell_player(report: Path | None) -> None:
    """Show a message box when there is a real window system; a headless run only gets the file."""
    if "pygame" not in sys.modules or os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return
    if os.environ.get("TIENLEN_NO_CRASH_DIALOG"):
        return
    where = f"\n\nA report was saved to:\n{report}" if report else ""
    try:
        import pygame

        pygame.display.message_box(f"{APP_NAME} stopped", f"{APP_NAME} ran into an error and has to close.{where}",
                                   message_type="error")
    except Exception:  # the dialog is a courtesy; the report is already on disk
        pass


def _excepthook(exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None) -> None:
    if issubclass(exc_type, KeyboardInterrupt):
        if _previous_hook:
            _previous_hook(exc_type, exc, tb)
        return
    if exc.__traceback__ is None:
        exc = exc.with_traceback(tb)
    report = getattr(exc, "_tienlen_crash_report", None)
    if report is None:  # code that caught it may already have written the report before re-raising
        log.critical("uncaught exception", exc_info=(exc_type, exc, tb))
        report = write_crash_report(exc)
    if _previous_hook:
        _previous_hook(exc_type, exc, tb)
    _tell_player(report)


def _thread_excepthook(args: threading.ExceptHookArgs) -> None:
    if args.exc_value is not None:
        log.critical("uncaught exception in thread %s", args.thread.name if args.thread else "?",
                     exc_info=(args.exc_type, args.exc_value, args.exc_traceback))
        write_crash_report(args.exc_value)


def install_crash_handler(folder: Path | None = None) -> None:
    """Turn uncaught exceptions (any thread) and hard faults into reports in the log folder.

    Uses the folder given, else the one ``setup_logging`` chose, else the default user log folder.
    """
    global _previous_hook, _log_folder, _fault_file
    _ensure_std_streams()
    if folder is not None:
        _log_folder = Path(folder)
    target = log_dir()
    if sys.excepthook is not _excepthook:
        _previous_hook = sys.excepthook
        sys.excepthook = _excepthook
    threading.excepthook = _thread_excepthook
    try:
        target.mkdir(parents=True, exist_ok=True)
        if _fault_file is not None:
            _fault_file.close()
        # A segfault in SDL cannot run Python's hook; faulthandler still dumps every thread's stack here.
        _fault_file = open(target / "faults.log", "a", encoding="utf-8")  # noqa: SIM115 - kept open on purpose
        faulthandler.enable(_fault_file, all_threads=True)
    except OSError:
        log.warning("could not open %s for fault dumps", target / "faults.log")
