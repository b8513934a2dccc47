"""Opponents: the project's AI when it is there, else a stand-in that plays the lowest legal move.

``BotRunner`` runs a bot's choice in a worker thread so the window keeps drawing while it thinks.
"""

from __future__ import annotations

import threading
from typing import Any, Protocol

from game.cards import Card
from game.game import SeatView

Move = tuple[Card, ...]


class Chooser(Protocol):
    def choose(self, view: SeatView) -> Any: ...


class LowestMoveBot:
    """Plays the lowest legal move; passes when it may and has nothing."""

    def choose(self, view: SeatView) -> Move | None:
        return view.legal_moves[0] if view.legal_moves else None


def make_opponent(level: str = "normal", seed: int = 0) -> Chooser:
    """An AI opponent from ``game.ai`` when available, else the stand-in."""
    try:
        from game.ai import make_bot
    except ImportError:
        return LowestMoveBot()
    try:
        return make_bot(level, seed=seed)
    except (ValueError, KeyError, TypeError):
        return make_bot("normal", seed=seed)


class BotRunner:
    """One background choice at a time: ``start(bot, view)``, then poll ``done`` and read ``result``."""

    def __init__(self) -> None:
        self._thread: threading.Thread | None = None
        self.result: Move | None = None
        self.error: BaseException | None = None
        self.done = False
        self.generation = 0

    def start(self, bot: Chooser, view: SeatView) -> None:
        self.generation += 1
        gen = self.generation
        self.done = False
        self.result = None
        self.error = None

        def work() -> None:
            try:
                move = bot.choose(view)
                result = tuple(move) if move else None
            except Exception as exc:  # a broken bot must not kill the table: fall back below
                if gen == self.generation:
                    self.error = exc
                    self.result = LowestMoveBot().choose(view)
                    self.done = True
                return
            if gen == self.generation:
                self.result = result
                self.done = True

        self._thread = threading.Thread(target=work, name="bot", daemon=True)
        self._thread.start()

    def cancel(self) -> None:
        """Forget the running choice (its result will be ignored)."""
        self.generation += 1
        self.done = False

    @property
    def busy(self) -> bool:
        return self._thread is not None and self._thread.is_alive()
