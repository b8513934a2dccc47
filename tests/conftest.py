"""Shared test setup: headless SDL for every UI test, and no test touches the real home folder."""

import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
# Settings, statistics and saves go to a throwaway folder unless a test chooses its own (ui.persist.paths).
os.environ.setdefault("TIENLEN_HOME", tempfile.mkdtemp(prefix="tienlen-tests-"))
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _language_back_to_default():
    """A test that switches the language (a scene with English settings) leaves the next test the default."""
    from ui import i18n

    yield
    i18n.set_language(i18n.DEFAULT_LANGUAGE)
