"""The control of a planned play against one seat's unseen cards, and its cost in a plan, for the fast planner
(``game.ai.playouts.plan``): as ``Planner.control`` and ``group_cost`` work them out, remembered per seat.
"""

from __future__ import annotations

import math

from game.ai.playouts.plays import PAIR, PAIR_RUN, SINGLE, SUITS, TRIPLE
from game.ai.playouts.shapes import PLAIN, at_least, counts, starts

_POP = tuple(bin(m).count("1") for m in range(16))
Group = tuple[int, int, int, int]  # kind, start rank, ranks, width


class Control:
    """``Planner.control`` and ``group_cost`` against one seat's unseen cards."""

    __slots__ = ("unseen", "ranks", "pairs", "quads", "triples", "twos_unseen", "max_opp", "d", "alpha",
                 "bomb_bonus", "memo", "cost", "run_cost", "splits")  # fmt: skip

    def __init__(self, unseen: int, max_opp: int, density: float, alpha: float = 0.9, bomb_bonus: float = 0.3):
        # The ranks holding an unseen card (3 to A), a pair or more, four, three or more: one bit each, read
        # from each rank up (a run has no 2s; a quad counts 1.5 pairs).
        c = counts(unseen)
        self.unseen, self.ranks = unseen, at_least(c, 1) & PLAIN
        self.pairs, self.quads, self.triples = at_least(c, 2), at_least(c, 4), at_least(c, 3)
        self.twos_unseen = unseen >> 48 & 15
        self.max_opp, self.d, self.alpha, self.bomb_bonus = max_opp, density, alpha, bomb_bonus
        self.memo: dict[Group, float] = {}
        # ``cost[13 * width + rank]``: the cost of a single, pair, triple or quad (1 - alpha × control).
        self.cost: list[float | None] = [None] * 65
        # ``run_cost[13 * (12 * width + start) + ranks]``: the same for a straight (width 1) or a pair run (2).
        self.run_cost: dict[int, float] = {}
        self.splits: dict[int, tuple[float, tuple[int, ...]]] = {}  # by the 2s' suits: see ``two_split``

    def two(self, suits: int) -> float:
        """The control of a play of the 2s in ``suits`` (a bit per suit), as ``Planner._two_control``."""
        top = suits.bit_length() - 1
        higher = _POP[self.twos_unseen >> (top + 1)]
        n = _POP[suits]
        if n == 1:
            return math.exp(-higher * self.d / 6.0)
        if n == 2 and higher and _POP[self.twos_unseen] >= 2:
            return math.exp(-self.d * self.d / 2.5)  # a higher pair of 2s is out there
        return 1.0

    def two_split(self, twos: int) -> tuple[float, tuple[int, ...]]:
        """The cheapest way to play the 2s in ``twos`` (a bit per suit): its cost and its plays' suits."""
        found = self.splits.get(twos)
        if found is None:
            best_cost, best = math.inf, _SPLITS[twos][0]
            for split in _SPLITS[twos]:
                c = sum(1.0 - self.alpha * self.two(b) for b in split)
                if c < best_cost:
                    best_cost, best = c, split
            found = self.splits[twos] = (best_cost, best)
        return found

    def of(self, g: Group) -> float:
        v = self.memo.get(g)
        if v is None:
            v = self._control(g)
            self.memo[g] = v
        return v

    def _control(self, g: Group) -> float:
        kind, start, ranks, width = g
        if kind >= PAIR_RUN:  # a quad or a pair run
            return 1.0 + self.bomb_bonus
        if ranks * width > self.max_opp:
            return 1.0
        d = self.d
        r = start + ranks - 1
        above = 4 * r + 4  # the unseen cards above rank r, from bit ``above`` up
        if kind == SINGLE:
            return math.exp(-((self.unseen >> above).bit_count() + 0.5 * _POP[self.unseen >> (4 * r) & 15]) * d / 5.0)
        if kind == PAIR:
            b = (self.pairs >> above).bit_count() + 0.5 * (self.quads >> above).bit_count()  # exact: halves
            b += 0.5 if self.pairs >> (4 * r) & 1 else 0.0
            return math.exp(-b * d * d / 2.5)
        if kind == TRIPLE:
            return math.exp(-(self.triples >> above).bit_count() * d / 1.2)
        count = (starts(self.ranks, ranks) >> (4 * start + 4)).bit_count()  # runs as long starting higher
        return math.exp(-count * 0.35 * (0.7 ** (ranks - 3)) * d)


def _two_splits(suits: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every set partition of the 2s' suits, each block as a suit mask, in ``planner._two_splits`` order."""
    if not suits:
        return [()]
    first, rest = suits[0], suits[1:]
    out: list[tuple[int, ...]] = []
    for pick in range(1 << len(rest)):
        bits = (1 << first) | sum(1 << s for i, s in enumerate(rest) if pick >> i & 1)
        others = tuple(s for i, s in enumerate(rest) if not pick >> i & 1)
        out.extend((bits, *tail) for tail in _two_splits(others))
    return out


_SPLITS = tuple(tuple(_two_splits(SUITS[m])) for m in range(16))
