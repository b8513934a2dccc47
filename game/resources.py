"""The one place that knows where the game's shipped files are, in a checkout and in a frozen bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def base_dir() -> Path:
    """The folder holding ``rules.yaml`` and ``assets/``: the checkout, or PyInstaller's unpack folder."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def resource(*parts: str) -> Path:
    """Path of a shipped file, e.g. ``resource("rules.yaml")``."""
    return base_dir().joinpath(*parts)


def asset(*parts: str) -> Path:
    """Path of a file under ``assets/``, e.g. ``asset("fonts", "DejaVuSans.ttf")``."""
    return base_dir().joinpath("assets", *parts)
