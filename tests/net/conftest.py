from __future__ import annotations

import os

import pytest

from tests.menus.conftest import make_app, paths  # noqa: F401 - the same app and folders as the menus' tests

os.environ.setdefault("TIENLEN_BOT_PROCESS", "0")


@pytest.fixture
def hosted(make_app):  # noqa: F811 - make_app is the menus' fixture, imported above
    """A table this window hosts on a real server in this process, with people at it (tests/net/tables_here.py)."""
    from tests.net.tables_here import close_all, hosted_table

    made: list = []
    yield hosted_table(make_app, made)
    close_all(made)
