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
    careless = 0.2  # the chance of a play at random
    lazy_pass = 0.1  # the chance of passing when it may
    eager_two = 0.5  # the chance of spending its lowest 2 as soon as one is allowed

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
