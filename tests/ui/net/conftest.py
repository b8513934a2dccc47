from __future__ import annotations

import pytest


@pytest.fixture
def hosted(make_app):
    """A table this window hosts on a real server in this process, with people at it (tests/ui/net/tables_here.py)."""
    from tests.ui.net.tables_here import close_all, hosted_table

    made: list = []
    yield hosted_table(make_app, made)
    close_all(made)
