from __future__ import annotations

from pathlib import Path


def aside_files(folder: Path, name: str, label: str = "corrupt") -> list[Path]:
    """The copies of ``name`` that were set aside as ``<name>.<label>-<time>`` (``corrupt``, ``too-big``...)."""
    return sorted(folder.glob(f"{name}.{label}-*"))
