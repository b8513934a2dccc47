"""The plan-playing playout player on the compact simulator: every seat plans its hand like the normal bot,
then plays the plan. It is what the searching bots' playouts played until 1 December; what wins against it
often loses at the table (docs/ai.md), so no level uses it now. The lab keeps it as the measure of the compact
simulator's speed against the engine (``tools/bench_playouts.py``, with ``lab.rollout.PlannedPlayer``, the same
policy on the engine) and for the tests that check the fast planner's plans.

A ``Planned`` player leads its weakest planned play (the stronger of its last two, and never a play of the
size a nearly-out opponent holds if it can help it), follows only with a planned play of the table's shape
(or a bomb on a 2 or a bomb), and breaks its plan (``follow_move``) only when a seat is about to go out or
its own hand is short.
"""

from __future__ import annotations

import random
from operator import itemgetter

from game.ai.playouts.control import Control
from game.ai.playouts.plan import plays_of
from game.ai.playouts.plays import ALL_CARDS, PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, SUITS, TRIPLE, TWO, Play
from game.ai.playouts.shapes import ONES, PLAIN, at_least, counts, starts
from game.ai.playouts.sim import Sim


def plan_plays(hand: int, unseen: int, max_opp: int, density: float,
               size_weight: float = 0.03) -> list[tuple[float, int, Play]]:  # fmt: skip
    """The planned plays as ``(lead score, top card, play)``, weakest lead first (``PlannedPlayer``'s order)."""
    return plays_of(hand, Control(unseen, max_opp, density), size_weight)


_POP = tuple(bin(m).count("1") for m in range(16))
#: ``_LOW[k][suits]`` and ``_HIGH[k][suits]``: the ``k`` lowest (highest) of a rank's suits, as suit bits.
_LOW = tuple(tuple(sum(1 << s for s in SUITS[m][:k]) for m in range(16)) for k in range(5))
_HIGH = tuple(tuple(sum(1 << s for s in SUITS[m][-k:]) if k else 0 for m in range(16)) for k in range(5))
#: Plans by (hand, unseen cards, largest opponent hand, density): a searching seat's own hand after each
#: candidate is planned once per decision, not once per sampled deal.
_PLANS: dict[tuple[int, int, int, float], Planned] = {}
_TOP_CARD = itemgetter(2)
#: By kind: what a play's top card must be above, or'ed into the table's top card (triples and quads by rank).
_RANK_BITS = tuple(3 if k in (TRIPLE, QUAD) else 0 for k in range(6))


def _span(ranks: int, bit: int) -> int:
    """How many ranks in a row of ``ranks`` (one bit each, as ``at_least``) start at bit ``bit`` (ranks 3 to A)."""
    gaps = ~(ranks >> bit) & ONES
    return ((gaps & -gaps).bit_length() - 1) >> 2


def _lows(hand: int, start: int, n: int, width: int) -> int:
    """The ``width`` lowest cards of each of the ``n`` ranks from ``start`` up."""
    low, mask = _LOW[width], 0
    for b in range(4 * start, 4 * (start + n), 4):
        mask |= low[hand >> b & 15] << b
    return mask


def lead_move(hand: int, rng: random.Random) -> Play:
    """The natural play for the hand's lowest card: its straight, its pair or triple, or the card alone."""
    low = (hand & -hand).bit_length() - 1
    r = low >> 2
    if r < TWO and rng.random() < 0.85:
        nibble = hand >> (4 * r) & 15
        c = _POP[nibble]
        if c == 1:
            n = _span(at_least(counts(hand), 1) & PLAIN, 4 * r)
            if n >= 3:
                mask = _lows(hand, r, n, 1)
                return (STRAIGHT, n, (mask.bit_length() - 1), mask)
        elif c <= 3:
            mask = nibble << (4 * r)
            return (PAIR if c == 2 else TRIPLE, c, mask.bit_length() - 1, mask)
    return (SINGLE, 1, low, 1 << low)


def _bomb(hand: int, c: int, table: Play) -> Play | None:
    """The lowest quad (above a quad on the table), else the first run of three or more pairs, longest."""
    quads = c >> 2 & PLAIN
    if table[0] == QUAD:
        quads = quads >> (4 * (table[2] >> 2) + 4) << (4 * (table[2] >> 2) + 4)
    if quads:
        b = (quads & -quads).bit_length() - 1
        return (QUAD, 4, b + 3, 15 << b)
    pairs = at_least(c, 2) & PLAIN
    runs = starts(pairs, 3)
    if runs:
        start = ((runs & -runs).bit_length() - 1) >> 2
        n = _span(pairs, 4 * start)
        mask = _lows(hand, start, n, 2)
        return (PAIR_RUN, n, mask.bit_length() - 1, mask)
    return None


def follow_move(hand: int, table: Play, rng: random.Random) -> Play | None:
    """The lowest play of the table's shape that beats it, or a bomb on a 2 or a bomb; ``None`` to pass."""
    kind, length, top = table[0], table[1], table[2]
    t = hand - (hand >> 1 & 0x5555555555555)
    c = (t & 0x3333333333333) + (t >> 2 & 0x3333333333333)  # ``counts(hand)``
    if top >= 48 or kind >= PAIR_RUN:
        bomb = _bomb(hand, c, table)
        if bomb is not None:
            return bomb
    size = hand.bit_count()
    tr = top >> 2
    if kind == SINGLE:
        rest = hand >> (top + 1) << (top + 1)
        while rest:
            card = (rest & -rest).bit_length() - 1
            rest &= rest - 1
            r = card >> 2
            if r == TWO:
                if tr < 9 and size > 4 and rng.random() < 0.7:
                    return None
            elif _POP[hand >> (4 * r) & 15] >= 2 and rng.random() < 0.5:
                continue  # keep a pair together if a loose card will do
            return (SINGLE, 1, card, 1 << card)
        return None
    if PAIR <= kind <= TRIPLE:
        width = kind + 1
        ranks = at_least(c, width) >> (4 * tr) << (4 * tr)
        while ranks:
            bit = ranks & -ranks
            ranks ^= bit
            b = bit.bit_length() - 1  # 4 × the rank
            nibble = hand >> b & 15
            mask = (_LOW[width][nibble] if b > 4 * tr else _HIGH[width][nibble]) << b
            high = mask.bit_length() - 1
            if high > top:
                if b == 48 and size > 5 and rng.random() < 0.6:
                    return None
                return (kind, width, high, mask)
        return None
    if STRAIGHT <= kind <= PAIR_RUN:
        width = 1 if kind == STRAIGHT else 2
        first = 4 * (tr - length + 1)
        runs = starts(at_least(c, width) & PLAIN, length) >> first << first
        while runs:
            bit = runs & -runs
            runs ^= bit
            start = (bit.bit_length() - 1) >> 2
            end = start + length - 1
            mask = _lows(hand, start, length - 1, width) | _HIGH[width][hand >> (4 * end) & 15] << (4 * end)
            high = mask.bit_length() - 1
            if high > top:
                return (kind, length, high, mask)
        return None
    quads = (c >> 2 & PLAIN) >> (4 * tr + 4) << (4 * tr + 4)
    if quads:
        b = (quads & -quads).bit_length() - 1
        return (QUAD, 4, b + 3, 15 << b)
    return None


def _min_opp(hands: list[int], seat: int) -> int:
    """The fewest cards an opponent still playing holds (13 if none)."""
    mine, least = hands[seat], 13
    for h in hands:
        if h and h != mine:  # hands hold different cards: only ``seat``'s equals its own
            c = h.bit_count()
            if c < least:
                least = c
    return least


class Planned:
    """A playout player with its hand planned once; see the module docstring."""

    __slots__ = ("plays", "shapes", "bombs")

    def __init__(self, plays: list[tuple[float, int, Play]]) -> None:
        self.plays = [p for _, _, p in plays]
        #: The plays of each shape (by ``kind << 4 | length``), lowest top card first.
        self.shapes: dict[int, list[Play]] = {}
        for p in sorted(self.plays, key=_TOP_CARD):
            self.shapes.setdefault(p[0] << 4 | p[1], []).append(p)
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
        hand = hands[seat]
        if table is None:  # lead the weakest planned play still held (see the module docstring)
            plays = [p for p in self.plays if p[3] & hand == p[3]]
            if len(plays) <= 1:
                return plays[0] if plays else lead_move(hand, rng)
            min_opp = _min_opp(hands, seat)
            if min_opp <= 2:
                for p in plays:
                    if p[3].bit_count() != min_opp:
                        return p
                return plays[-1]
            return plays[1] if len(plays) == 2 else plays[0]
        kind, top = table[0], table[2]
        if top >= 48 or kind >= PAIR_RUN:
            for p in self.bombs:
                if p[3] & hand == p[3] and sim.f.can_beat(p, table):
                    return p
        shape = self.shapes.get(kind << 4 | table[1])
        if shape is not None:
            least = top | _RANK_BITS[kind]  # a higher top card beats the table
            for p in shape:
                if p[2] > least and p[3] & hand == p[3]:  # the lowest that beats it
                    if (p[2] >= 48 and top >> 2 < 10 and hand.bit_count() > 5 and _min_opp(hands, seat) > 3
                            and rng.random() < 0.6):  # fmt: skip
                        return None
                    return p
        if hand.bit_count() <= 3 or _min_opp(hands, seat) <= 2:
            return follow_move(hand, table, rng)
        return None


