"""Two reference bots to measure the real ones against: uniform random, and lowest-play greedy."""

from __future__ import annotations

from game.ai.base import Bot, Move, can_pass, lowest_key
from game.engine.view import SeatView


class RandomBot(Bot):
    """A uniformly random choice among the legal plays and, when following, passing."""

    level = "random"

    def choose(self, view: SeatView) -> Move | None:
        rng = self.rng_for(view)
        options: list[Move | None] = list(view.legal_moves)
        if can_pass(view) or not options:
            options.append(None)
        return rng.choice(options)


class GreedyBot(Bot):
    """Always the lowest legal play (lowest top card, then fewest cards); passes only when it cannot play."""

    level = "greedy"

    def choose(self, view: SeatView) -> Move | None:
        if not view.legal_moves:
            return None
        return min(view.legal_moves, key=lowest_key)
