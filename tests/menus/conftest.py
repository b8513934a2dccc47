from __future__ import annotations

import os

import pytest

from ui import i18n
from ui.persist.paths import Paths

# Opponents think on a thread here: a test's frame loop should not race a worker process's start-up.
# tests/ui/test_bot_process.py drives the process path itself.
os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")


@pytest.fixture
def paths(tmp_path, monkeypatch) -> Paths:
    monkeypatch.setenv("TIENLEN_HOME", str(tmp_path / "home"))
    p = Paths.default()
    p.ensure()
    return p


@pytest.fixture
def make_app(paths):
    """Build the app the way a launch does, on the main menu; returns (app, profile)."""
    from ui.launch import profile_app
    from ui.menus import start_scene
    from ui.persist.profile import Profile

    apps = []

    def build(lang: str = "vi"):
        profile = Profile.load(paths)
        profile.settings.language = lang
        app = profile_app(profile, size=(1280, 720))
        app.push(start_scene(app, profile))
        apps.append(app)
        return app, profile

    yield build
    i18n.set_language("vi")
