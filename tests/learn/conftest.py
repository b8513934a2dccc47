"""Lesson and practice tests switch the interface language; each test leaves it as it found it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ui.i18n import language, set_language


@pytest.fixture(autouse=True)
def keep_language() -> Iterator[None]:
    before = language()
    yield
    set_language(before)


# The menus' fixtures: the app built as a launch builds it, with user folders in a temporary folder.
from tests.menus.conftest import make_app, paths  # noqa: E402, F401
