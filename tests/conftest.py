"""Shared test setup: headless SDL for every UI test, no test touches the real home folder, and no test reaches
beyond this computer (tests/loopback_guard.py)."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# Settings, statistics and saves go to a throwaway folder unless a test chooses its own (ui.persist.paths).
os.environ.setdefault("TIENLEN_HOME", tempfile.mkdtemp(prefix="tienlen-tests-"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Opponents think on a thread in tests: a frame loop should not race a worker process's start-up.
# tests/ui/table/test_bot_process.py drives the process path itself.
os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")
# No table is announced, and none looked for, beyond this machine (game/net/lan.py); the processes tests start
# (the server command, the two windows, the smoke tests) inherit it.
os.environ["TIENLEN_LAN_DISCOVERY"] = "0"

import pytest  # noqa: E402

from tests.loopback_guard import install as _stay_on_this_computer  # noqa: E402

_went_out = _stay_on_this_computer()


@pytest.fixture(autouse=True)
def _nothing_leaves_loopback():
    """A test fails if it (or a thread it started) connected or sent to an address outside loopback."""
    _went_out.clear()
    yield
    if _went_out:
        pytest.fail(f"a socket went beyond loopback: {_went_out[0]}")


@pytest.fixture(autouse=True)
def _language_back_to_default():
    """A test that switches the language (a scene with English settings) leaves the next test the default."""
    from ui import i18n

    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)


# A launched app on the main menu, with the player's folders in a temporary folder (menus, lessons, replays, net).
@pytest.fixture
def paths(tmp_path, monkeypatch):
    from ui.persist.paths import Paths

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
