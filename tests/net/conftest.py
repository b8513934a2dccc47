from __future__ import annotations

import os

from tests.menus.conftest import make_app, paths  # noqa: F401 - the same app and folders as the menus' tests

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")
