from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def aside_files(folder: Path, name: str, label: str = "corrupt") -> list[Path]:
    """The copies of ``name`` that were set aside as ``<name>.<label>-<time>`` (``corrupt``, ``too-big``...)."""
    return sorted(folder.glob(f"{name}.{label}-*"))


@dataclass
class FakeResult:
    """Stands in for a game's result where the statistics count it."""

    order: tuple[int, ...]
    payments: tuple[float, ...]
    instant_win: int | None = None
    cong: tuple[int, ...] = ()
    resigned: int | None = None
