"""Computer opponents. ``make_bot(level, seed=...)`` returns a bot whose ``choose(view)`` picks a legal play.

Levels: ``easy`` (dễ), ``normal`` (thường), ``hard`` (khó), ``expert`` (cao thủ); plus the reference bots
used to measure them in the arena and never offered in the game: ``random``, ``greedy`` and ``baseline``
(the normal bot as it was before self-play tuning, frozen). Bots see only a ``SeatView``.
"""

from __future__ import annotations

from typing import Any

from game.ai.base import Bot, Move
from game.ai.baseline import BaselineBot
from game.ai.easy import EasyBot
from game.ai.normal import NormalBot
from game.ai.reference import GreedyBot, RandomBot

LEVELS = ("easy", "normal", "hard", "expert")
REFERENCE_BOTS = ("random", "greedy", "baseline")
#: The levels that search (``game.ai.hard``): their time limit is a safety net over a work budget.
SEARCHING = ("hard", "expert")

_CLASSES: dict[str, type[Bot]] = {
    "easy": EasyBot,
    "normal": NormalBot,
    "random": RandomBot,
    "greedy": GreedyBot,
    "baseline": BaselineBot,
}


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (one of LEVELS or REFERENCE_BOTS), deterministic for ``seed``.

    ``options`` tune a level, e.g. ``make_bot("hard", seed=1, playouts=40, time_limit=0.2)``.
    """
    name = level.strip().lower()
    if name in SEARCHING:
        from game.ai.hard import ExpertBot, HardBot

        return (HardBot if name == "hard" else ExpertBot)(seed, **options)
    cls = _CLASSES.get(name)
    if cls is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS + REFERENCE_BOTS)})")
    return cls(seed, **options)


__all__ = ["LEVELS", "REFERENCE_BOTS", "SEARCHING", "Bot", "Move", "make_bot"]
