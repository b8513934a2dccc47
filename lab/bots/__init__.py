"""Every bot the lab can seat: the game's four levels (``game.ai.make_bot``) and the lab's own opponents, which
the game never offers: ``random`` and ``greedy`` (``reference``), the frozen yardstick ``baseline`` and two
opponents written apart from ours, ``outsider`` (a group keeper) and ``outsider2`` (a card-counting controller).
"""

from __future__ import annotations

from typing import Any

from game.ai import LEVELS
from game.ai import make_bot as make_level
from game.ai.base import Bot

#: The lab's own bots, in the order the arena's help lists them.
LAB_BOTS = ("random", "greedy", "baseline", "outsider", "outsider2")
NAMES = LEVELS + LAB_BOTS


def make_bot(name: str, seed: int = 0, **options: Any) -> Bot:
    """A bot named ``name`` (one of ``NAMES``), deterministic for ``seed``; ``options`` go to its constructor."""
    key = name.strip().lower()
    if key in LEVELS:
        return make_level(key, seed=seed, **options)
    if key == "random":
        from lab.bots.reference import RandomBot

        return RandomBot(seed, **options)
    if key == "greedy":
        from lab.bots.reference import GreedyBot

        return GreedyBot(seed, **options)
    if key == "baseline":
        from lab.bots.baseline import BaselineBot

        return BaselineBot(seed, **options)
    if key == "outsider":
        from lab.bots.outsider import Outsider

        return Outsider(seed, **options)
    if key == "outsider2":
        from lab.bots.outsider2 import Controller

        return Controller(seed, **options)
    raise ValueError(f"unknown bot {name!r} (known: {', '.join(NAMES)})")


__all__ = ["LAB_BOTS", "NAMES", "make_bot"]
