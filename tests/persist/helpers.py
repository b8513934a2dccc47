from __future__ import annotations

from pathlib import Path


def aside_files(folder: Path, name: str) -> list[Path]:
    """The copies of ``name`` that were set aside as ``<name>.corrupt-<time>``."""
    return sorted(folder.glob(f"{name}.corrupt-*"))
