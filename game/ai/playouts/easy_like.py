"""The easy bot on the compact simulator: how the coach pictures a beginner it knows is at the table.

``EasyLike`` decides as ``game.ai.easy.EasyBot`` does, with the same chances: it goes out when a play empties its
hand; otherwise it passes now and then when it may (``lazy_pass``), spends its lowest 2 as soon as one is allowed
half the time (``eager_two``), throws a play at random now and then (``careless``), and else makes its lowest play
(the lowest single on a lead), as the greedy bot does. Its random numbers come from the playout, so over many
playouts it makes each play as often as the easy bot would (``tests/ai/test_fasteasy.py``).

The searching bots never know their opponents' levels and picture a loose player as ``players.Lowest``; the coach
reviews a recorded game whose levels are on the record, so it can picture each beginner as the beginner it was.
"""

from __future__ import annotations

import random

from game.ai.easy import EasyBot
from game.ai.playouts.plays import SINGLE, TWO, Play
from game.ai.playouts.sim import Sim


def _lowest(p: Play) -> tuple[int, int]:
    """The greedy order (``base.lowest_key``): the lowest top card, then the fewest cards."""
    return p[2], p[3].bit_count()


class EasyLike:
    """A playout player that decides as the easy bot, with its chances of a slip; see the module docstring."""

    careless, lazy_pass, eager_two = EasyBot.careless, EasyBot.lazy_pass, EasyBot.eager_two

    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None:
        hand, table = sim.hands[seat], sim.table
        moves = [p for p in sim.f.answers(hand, table) if sim.allowed(seat, p)]
        if not moves:
            return None
        for p in moves:
            if p[3] == hand:
                return p  # even a beginner sees that it can go out
        if table is not None and rng.random() < self.lazy_pass:
            return None
        twos = [p for p in moves if p[0] == SINGLE and p[2] >> 2 == TWO]
        if twos and rng.random() < self.eager_two:
            return min(twos, key=_lowest)
        if rng.random() < self.careless:
            return rng.choice(moves)
        singles = [p for p in moves if p[0] == SINGLE]
        if table is None and singles:
            return min(singles, key=_lowest)
        return min(moves, key=_lowest)


EASY = EasyLike()
