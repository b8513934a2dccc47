"""Players' names as the history keeps them: ``clean_name`` (defined in ``game.table.names``, so the history's
reader in ``game.records`` shares it) is applied to every name read from or written to a file, and shown."""

from __future__ import annotations

from game.table.names import MAX_NAME, clean_name

__all__ = ["MAX_NAME", "clean_name"]
