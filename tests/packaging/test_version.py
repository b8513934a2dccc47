"""The version is written in two places, the game's own (``game/version.py``: About, ``--version``, the
installers' names) and the project's (``pyproject.toml``); they say the same."""

from __future__ import annotations

import re
from pathlib import Path

from game.version import VERSION

ROOT = Path(__file__).resolve().parents[2]


def test_the_game_and_the_project_give_the_same_version() -> None:
    found = re.search(r'^version = "([^"]+)"$', (ROOT / "pyproject.toml").read_text(encoding="utf-8"), re.M)
    assert found is not None, "pyproject.toml has no version line"
    assert found.group(1) == VERSION
    assert re.fullmatch(r"\d+\.\d+\.\d+", VERSION)
