"""The headless table server, ``python3 -m game.server``: many tables at once for a club or a family abroad.

Its log goes to the game's log folder (``logs_folder``: the same folder the window logs to, computed here with
platformdirs since ``game`` never imports the window's code), or to ``--log-dir``.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

from game.version import APP_ID

HOME_ENV = "TIENLEN_HOME"  # the window's ui.persist.paths reads the same variable
LOG_NAME = f"{APP_ID}-server.log"


def logs_folder() -> Path:
    """The user log folder (``~/.local/state/tienlen/log`` on Linux), or ``$TIENLEN_HOME/logs`` when set."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home) / "logs"
    return Path(platformdirs.PlatformDirs(APP_ID, appauthor=False).user_log_dir)
