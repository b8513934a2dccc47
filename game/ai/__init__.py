"""The computer opponents: ``make_bot(level, seed=...)`` returns a bot whose ``choose(view)`` picks a legal play.

The levels are ``easy`` (dễ), ``normal`` (thường), ``hard`` (khó), ``expert`` (cao thủ) and ``master`` (bậc
thầy); bots see only a ``SeatView``. By job: the bots (``base``, ``easy``, ``normal``, ``hard``, ``master``),
normal's judgement (``judge``), the network master plays with (``learned``), reading the opponents
(``reading``), the search (``search``), its playouts (``playouts``) and exact endgames (``finisher``).
docs/ai.md says how each level decides and why; the lab that measures them is ``lab/``.
"""

from __future__ import annotations

from typing import Any

from game.ai.base import Bot, Move
from game.ai.easy import EasyBot
from game.ai.normal import NormalBot

LEVELS = ("easy", "normal", "hard", "expert", "master")
#: The levels that search (``game.ai.hard``; master's finisher and optional race are hard's): their time limit
#: is a safety net over a work budget.
SEARCHING = ("hard", "expert", "master")


def make_bot(level: str, seed: int = 0, **options: Any) -> Bot:
    """A bot of ``level`` (one of ``LEVELS``), deterministic for ``seed``; ``options`` go to its constructor
    (the lab's measurements, e.g. ``make_bot("hard", seed=1, time_limit=30)``)."""
    name = level.strip().lower()
    if name == "master":  # the network and the search it falls back on, imported when first asked for
        from game.ai.master import MasterBot

        return MasterBot(seed, **options)
    if name in SEARCHING:  # imported when first asked for: the search is most of the AI's code
        from game.ai.hard import ExpertBot, HardBot

        return (HardBot if name == "hard" else ExpertBot)(seed, **options)
    if name == "easy":
        return EasyBot(seed, **options)
    if name == "normal":
        return NormalBot(seed, **options)
    raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")


__all__ = ["LEVELS", "SEARCHING", "Bot", "Move", "make_bot"]
