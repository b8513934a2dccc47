"""The easy bot (dễ): a beginner. Mostly the lowest play that works, with a beginner's slips."""

from __future__ import annotations

from game.ai.base import Bot, Move, can_pass, lowest_key
from game.engine.view import SeatView


class EasyBot(Bot):
    """Plays the lowest legal play most of the time; now and then a careless one.

    Its slips are the ones people make: throwing a random card or combination, passing when it could
    have played, and spending a 2 as soon as one is allowed. It never looks at its plan, so it breaks
    up its straights and pairs as it goes.
    """

    level = "easy"

    def __init__(self, seed: int = 0, *, careless: float = 0.2, lazy_pass: float = 0.1, eager_two: float = 0.5) -> None:
        super().__init__(seed)
        self.careless = careless
        self.lazy_pass = lazy_pass
        self.eager_two = eager_two

    def choose(self, view: SeatView) -> Move | None:
        moves = list(view.legal_moves)
        if not moves:
            return None
        rng = self.rng_for(view)
        for m in moves:
            if len(m) == len(view.hand):
                return m  # even a beginner sees that it can go out
        if can_pass(view) and rng.random() < self.lazy_pass:
            return None
        twos = [m for m in moves if len(m) == 1 and m[0].is_two]
        if twos and rng.random() < self.eager_two:
            return min(twos)
        if rng.random() < self.careless:
            return rng.choice(moves)
        singles = [m for m in moves if len(m) == 1]
        if view.table is None and singles:
            return min(singles)
        return min(moves, key=lowest_key)
