"""Players' names as the history keeps them: ``clean_name`` (defined in ``game.table.names``, so the engine's tools
share it) is applied to every name read from or written to a file."""

from __future__ import annotations

from game.table.names import MAX_NAME, clean_name

__all__ = ["MAX_NAME", "clean_name"]
