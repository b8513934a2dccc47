"""The playout policy on the compact simulator: every seat plans its hand like the normal bot, then plays the plan.

A ``Planned`` player leads its weakest planned play (the stronger of its last two, and never a play of the
size a nearly-out opponent holds if it can help it), follows only with a planned play of the table's shape
(or a bomb on a 2 or a bomb), and breaks its plan (``follow_move``) only when a seat is about to go out or
its own hand is short. It is the policy ``game.ai.rollout.PlannedPlayer`` plays on the engine, moved to
bitmasks.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from game.ai.fastplan import plan_plays
from game.ai.fastrules import (
    ALL_CARDS,
    PAIR,
    PAIR_RUN,
    QUAD,
    SINGLE,
    STRAIGHT,
    SUITS,
    TRIPLE,
    TWO,
    Flags,
    Play,
    rank_sets,
)
from game.ai.fastsim import Sim  # fmt: skip

_POP = tuple(bin(m).count("1") for m in range(16))
#: Plans by (hand, unseen cards, largest opponent hand, density): a searching seat's own hand after each
#: candidate is planned once per decision, not once per sampled deal.
_PLANS: dict[tuple[int, int, int, float], Planned] = {}


def _run(sets: list[int], start: int, width: int) -> int:
    n = 0
    while start + n < 12 and _POP[sets[start + n]] >= width:
        n += 1
    return n


def _low(sets: list[int], r: int, k: int) -> int:
    return sum(1 << (4 * r + s) for s in SUITS[sets[r]][:k])


def _high(sets: list[int], r: int, k: int) -> int:
    return sum(1 << (4 * r + s) for s in SUITS[sets[r]][-k:])


def lead_move(hand: int, rng: random.Random) -> Play:
    """The natural play for the hand's lowest card: its straight, its pair or triple, or the card alone."""
    low = (hand & -hand).bit_length() - 1
    r = low >> 2
    if r < TWO and rng.random() < 0.85:
        sets = rank_sets(hand)
        c = _POP[sets[r]]
        n = _run(sets, r, 1)
        if n >= 3 and c == 1:
            mask = sum(_low(sets, x, 1) for x in range(r, r + n))
            return (STRAIGHT, n, (mask.bit_length() - 1), mask)
        if 2 <= c <= 3:
            mask = sets[r] << (4 * r)
            return (PAIR if c == 2 else TRIPLE, c, mask.bit_length() - 1, mask)
    return (SINGLE, 1, low, 1 << low)


def _bomb(sets: list[int], table: Play) -> Play | None:
    for r in range(12):
        if sets[r] == 15 and (table[0] != QUAD or r > table[2] >> 2):
            return (QUAD, 4, 4 * r + 3, 15 << (4 * r))
    for start in range(12):
        n = _run(sets, start, 2)
        if n >= 3:
            mask = sum(_low(sets, x, 2) for x in range(start, start + n))
            return (PAIR_RUN, n, mask.bit_length() - 1, mask)
    return None


def follow_move(hand: int, table: Play, rng: random.Random) -> Play | None:
    """The lowest play of the table's shape that beats it, or a bomb on a 2 or a bomb; ``None`` to pass."""
    sets = rank_sets(hand)
    kind, length, top = table[0], table[1], table[2]
    if top >= 48 or kind in (QUAD, PAIR_RUN):
        bomb = _bomb(sets, table)
        if bomb is not None:
            return bomb
    size = hand.bit_count()
    if kind == SINGLE:
        rest = hand >> (top + 1) << (top + 1)
        while rest:
            c = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            r = c >> 2
            if r == TWO and top >> 2 < 9 and size > 4 and rng.random() < 0.7:
                return None
            if _POP[sets[r]] >= 2 and r != TWO and rng.random() < 0.5:
                continue  # keep a pair together if a loose card will do
            return (SINGLE, 1, c, 1 << c)
        return None
    if kind in (PAIR, TRIPLE):
        width = 2 if kind == PAIR else 3
        for r in range(top >> 2, 13):
            if _POP[sets[r]] >= width:
                mask = _low(sets, r, width) if r > top >> 2 else _high(sets, r, width)
                high = mask.bit_length() - 1
                if high > top:
                    if r == TWO and size > 5 and rng.random() < 0.6:
                        return None
                    return (kind, width, high, mask)
        return None
    if kind in (STRAIGHT, PAIR_RUN):
        width = 1 if kind == STRAIGHT else 2
        for start in range((top >> 2) - length + 1, 12 - length + 1):
            if all(_POP[sets[x]] >= width for x in range(start, start + length)):
                end = start + length - 1
                mask = sum(_low(sets, x, width) for x in range(start, end)) | _high(sets, end, width)
                high = mask.bit_length() - 1
                if high > top:
                    return (kind, length, high, mask)
        return None
    for r in range((top >> 2) + 1, 12):
        if sets[r] == 15:
            return (QUAD, 4, 4 * r + 3, 15 << (4 * r))
    return None


class Planned:
    """A playout player with its hand planned once; see the module docstring."""

    __slots__ = ("plays", "shapes", "bombs")

    def __init__(self, plays: list[tuple[float, int, Play]]) -> None:
        self.plays = [p for _, _, p in plays]
        self.shapes: dict[tuple[int, int], list[Play]] = {}
        for p in self.plays:
            self.shapes.setdefault((p[0], p[1]), []).append(p)
        self.bombs = [p for p in self.plays if p[0] == QUAD or p[0] == PAIR_RUN]

    @classmethod
    def for_seat(cls, sim: Sim, seat: int, played: int) -> Planned:
        """Plan ``seat``'s hand against the cards it has not seen (``played`` are the cards played so far)."""
        hand = sim.hands[seat]
        others = [h.bit_count() for o, h in enumerate(sim.hands) if o != seat and h] or [0]
        unseen = ALL_CARDS & ~hand & ~played
        n_unseen = unseen.bit_count()
        density = min(1.0, sum(others) / n_unseen) if n_unseen else 0.0
        key = (hand, unseen, max(others), density)
        found = _PLANS.get(key)
        if found is None:
            if len(_PLANS) > 4096:
                _PLANS.clear()
            found = _PLANS[key] = cls(plan_plays(hand, unseen, max(others), density))
        return found

    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None:
        hands, table = sim.hands, sim.table
        min_opp = 13
        for o in range(sim.n):
            if o != seat:
                c = hands[o].bit_count()
                if c and c < min_opp:
                    min_opp = c
        if table is None:
            return self.lead(hands[seat], min_opp, rng)
        return self.follow(hands[seat], table, sim.f, min_opp, rng)

    def lead(self, hand: int, min_opp: int, rng: random.Random) -> Play:
        plays = [p for p in self.plays if p[3] & hand == p[3]]
        if not plays:
            return lead_move(hand, rng)
        if min_opp <= 2:
            for p in plays:
                if p[3].bit_count() != min_opp:
                    return p
            return plays[-1]
        if len(plays) == 2:
            return plays[1]
        return plays[0]

    def follow(self, hand: int, table: Play, flags: Flags, min_opp: int, rng: random.Random) -> Play | None:
        kind, length, top, _ = table
        if top >= 48 or kind in (QUAD, PAIR_RUN):
            for p in self.bombs:
                if p[3] & hand == p[3] and flags.can_beat(p, table):
                    return p
        best: Play | None = None
        by_rank = kind in (TRIPLE, QUAD)
        for p in self.shapes.get((kind, length), ()):
            beats = p[2] >> 2 > top >> 2 if by_rank else p[2] > top
            if beats and p[3] & hand == p[3] and (best is None or p[2] < best[2]):
                best = p
        if best is not None:
            if best[2] >= 48 and min_opp > 3 and top >> 2 < 10 and hand.bit_count() > 5 and rng.random() < 0.6:
                return None
            return best
        if min_opp <= 2 or hand.bit_count() <= 3:
            return follow_move(hand, table, rng)
        return None


def played_mask(sim: Sim, dealt: int) -> int:
    """The cards played so far: those dealt (``dealt``) that no hand holds any more."""
    held = 0
    for h in sim.hands:
        held |= h
    return dealt & ~held


class Player(Protocol):
    """A playout player: what it plays (``None`` to pass) as ``seat``, the seat to move in ``sim``."""

    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None: ...


def playout(sim: Sim, players: Sequence[Player | None], rng: random.Random, played: int, max_steps: int = 400,
            make: Callable[[Sim, int, int], Player] | None = None) -> int:  # fmt: skip
    """Play ``sim`` to its end; seats without a player get one first (``make(sim, seat, played)``, by default
    ``Planned.for_seat``). Returns the moves simulated."""
    n = sim.n
    seats = list(players)
    make = make or Planned.for_seat
    for s in range(n):
        if seats[s] is None and sim.hands[s]:
            seats[s] = make(sim, s, played)
    hands = sim.hands
    steps = 0
    while not sim.over and steps < max_steps:
        steps += 1
        seat = sim.cur
        me = seats[seat]
        if me is None:
            hand, table = hands[seat], sim.table
            move = lead_move(hand, rng) if table is None else follow_move(hand, table, rng)
        else:
            move = me.move(sim, seat, rng)
        sim.step(seat, move)
    return steps
