"""The frozen yardstick bot ``baseline``: today's normal bot before self-play tuning, never to change."""

from __future__ import annotations

from lab.bots.baseline.bot import BaselineBot

__all__ = ["BaselineBot"]
