"""The playouts' players: the protocol every playout player follows, the loop that plays a deal out, and the
lowest-play player, as the searching bots picture a loose opponent (``game.ai.reading.field``) and the coach
pictures the greedy reference bot. The players that decide like the normal and the easy bot are
``normal_like`` and ``easy_like``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from game.ai.playouts.plays import SINGLE, Play
from game.ai.playouts.sim import Sim


class Lowest:
    """A playout player that always makes its lowest play (lowest top card, then fewest cards), as the greedy
    bot does: a loose player, as a searching bot pictures one (``game.ai.reading.field``)."""

    __slots__ = ()

    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None:
        hand = sim.hands[seat]
        if sim.table is None:
            low = (hand & -hand).bit_length() - 1
            return (SINGLE, 1, low, 1 << low)
        options = [p for p in sim.f.answers(hand, sim.table) if sim.allowed(seat, p)]
        return min(options, key=lambda p: (p[2], p[3].bit_count())) if options else None


LOWEST = Lowest()


class Player(Protocol):
    """A playout player: what it plays (``None`` to pass) as ``seat``, the seat to move in ``sim``."""

    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None: ...


def playout(sim: Sim, players: Sequence[Player | None], rng: random.Random, played: int,
            make: Callable[[Sim, int, int], Player], max_steps: int = 400) -> int:
    """Play ``sim`` to its end; each seat still holding cards without a player gets one first
    (``make(sim, seat, played)``). Returns the moves simulated."""
    seats = list(players)
    for s in range(sim.n):
        if seats[s] is None and sim.hands[s]:
            seats[s] = make(sim, s, played)
    step = sim.step
    steps = 0
    while not sim.over and steps < max_steps:
        steps += 1
        seat = sim.cur
        me = seats[seat]
        assert me is not None  # a seat to move holds cards, so it was given a player above
        step(seat, me.move(sim, seat, rng))
    return steps
