"""The baseline bot's hand planner, frozen with it (see ``bot.py``): a memoised split into plays.

The search works on rank counts, not on cards: which suits go into a straight rarely matters for the
plan, and dropping them turns thousands of suit variants into a few hundred states. A plan's cost is
the number of plays it needs, less the control each play gives (a play nobody can beat wins its round
and hands back the lead, so it costs almost nothing). 2s never join straights or runs; each is kept as
a single priced by its suit. Quads and runs of pairs are bombs and cost less than nothing, so the
planner keeps them whole.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import Card
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE
from lab.bots.baseline.counting import TWO, Unseen

_WIDTH_KINDS = ((1, SINGLE), (2, PAIR), (3, TRIPLE), (4, QUAD))
_POW5 = tuple(5**r for r in range(12))


@dataclass(frozen=True)
class Group:
    """A play in rank space: ``width`` cards of each rank from ``start`` for ``ranks`` ranks.

    A single 2 carries its ``suit`` because a 2's suit decides which 2 beats which.
    """

    kind: str
    start: int
    ranks: int
    width: int
    suit: int = -1

    @property
    def size(self) -> int:
        return self.ranks * self.width

    @property
    def top_rank(self) -> int:
        return self.start + self.ranks - 1

    @property
    def is_bomb(self) -> bool:
        return self.kind in (QUAD, PAIR_RUN)

    @property
    def is_two(self) -> bool:
        return self.start == TWO

    def cards_from(self, hand: Iterable[Card]) -> tuple[Card, ...]:
        """The lowest cards of ``hand`` that make this group (keeps the higher suits for later)."""
        if self.is_two and self.suit >= 0:
            return tuple(c for c in hand if c.rank == TWO and c.suit == self.suit)
        by_rank: dict[int, list[Card]] = {}
        for c in sorted(hand):
            by_rank.setdefault(c.rank, []).append(c)
        out: list[Card] = []
        for r in range(self.start, self.start + self.ranks):
            out.extend(by_rank[r][: self.width])
        return tuple(out)


@dataclass(frozen=True)
class Plan:
    cost: float
    groups: tuple[Group, ...]


def signature(cards: Iterable[Card]) -> tuple[int, ...]:
    """Rank counts 3…A of some cards (the planner's view of them)."""
    counts = [0] * 12
    for c in cards:
        if c.rank != TWO:
            counts[c.rank] += 1
    return tuple(counts)


class Planner:
    """Plans hands against what one seat knows; one instance per decision, its memo shared by all calls."""

    def __init__(self, unseen: Unseen, alpha: float = 0.9, bomb_bonus: float = 0.3) -> None:
        self.unseen = unseen
        self.alpha = alpha
        self.bomb_bonus = bomb_bonus
        self._memo: dict[int, tuple[float, tuple[Group, ...]]] = {}
        self._ctrl: dict[tuple[str, int, int], float] = {}

    # -- control estimates ---------------------------------------------------------------------------
    def control(self, g: Group) -> float:
        """Roughly the chance this play wins its round when led (above 1 for bombs)."""
        if g.is_two:
            return self._two_control(g)
        key = (g.kind, g.start, g.ranks)
        value = self._ctrl.get(key)
        if value is None:
            value = self._control(g)
            self._ctrl[key] = value
        return value

    def _two_control(self, g: Group) -> float:
        u = self.unseen
        if g.kind != SINGLE:
            return 1.0
        higher = sum(1 for c in u.cards if c.rank == TWO and c.suit > g.suit)
        return math.exp(-higher * u.density / 6.0)

    def _control(self, g: Group) -> float:
        u, d = self.unseen, self.unseen.density
        if g.is_bomb:
            return 1.0 + self.bomb_bonus
        if g.size > u.max_opp:
            return 1.0
        r = g.top_rank
        ur = u.by_rank
        if g.kind == SINGLE:
            beaters = (sum(ur[r + 1 :]) + 0.5 * ur[r]) * d
            return math.exp(-beaters / 5.0)
        if g.kind == PAIR:
            beaters = sum(1.5 if x == 4 else 1.0 for x in ur[r + 1 :] if x >= 2) + (0.5 if ur[r] >= 2 else 0.0)
            return math.exp(-beaters * d * d / 2.5)
        if g.kind == TRIPLE:
            beaters = sum(1 for x in ur[r + 1 :] if x >= 3)
            return math.exp(-beaters * d / 1.2)
        # A straight: how many higher straights of the same length the unseen cards could make.
        n = g.ranks
        count = 0
        for s in range(g.start + 1, 12 - n + 1):
            if all(ur[x] >= 1 for x in range(s, s + n)):
                count += 1
        return math.exp(-count * 0.35 * (0.7 ** (n - 3)) * d)

    def group_cost(self, g: Group) -> float:
        return 1.0 - self.alpha * self.control(g)

    # -- the search ----------------------------------------------------------------------------------
    def plan(self, hand: Sequence[Card]) -> Plan:
        counts = list(signature(hand))
        key = sum(c * p for c, p in zip(counts, _POW5, strict=True))
        cost, groups = self._best(counts, key)
        twos = [Group(SINGLE, TWO, 1, 1, int(c.suit)) for c in hand if c.rank == TWO]
        for g in twos:
            cost += self.group_cost(g)
        return Plan(cost, groups + tuple(twos))

    def cost(self, hand: Sequence[Card]) -> float:
        return self.plan(hand).cost

    def _best(self, counts: list[int], key: int) -> tuple[float, tuple[Group, ...]]:
        found = self._memo.get(key)
        if found is not None:
            return found
        r = 0
        while r < 12 and counts[r] == 0:
            r += 1
        if r == 12:
            result: tuple[float, tuple[Group, ...]] = (0.0, ())
            self._memo[key] = result
            return result
        best_cost = math.inf
        best_groups: tuple[Group, ...] = ()
        for g in self._options(counts, r):
            delta = 0
            for x in range(g.start, g.start + g.ranks):
                counts[x] -= g.width
                delta += g.width * _POW5[x]
            sub_cost, sub_groups = self._best(counts, key - delta)
            for x in range(g.start, g.start + g.ranks):
                counts[x] += g.width
            total = sub_cost + self.group_cost(g)
            if total < best_cost - 1e-9:
                best_cost, best_groups = total, (g,) + sub_groups
        result = (best_cost, best_groups)
        self._memo[key] = result
        return result

    @staticmethod
    def _options(counts: list[int], r: int) -> list[Group]:
        """Every group that uses a card of rank ``r`` (the lowest rank left)."""
        out: list[Group] = []
        c = counts[r]
        for width, kind in _WIDTH_KINDS:
            if c >= width:
                out.append(Group(kind, r, 1, width))
        for width, kind in ((1, STRAIGHT), (2, PAIR_RUN)):
            n = 0
            while r + n < 12 and counts[r + n] >= width:
                n += 1
                if n >= 3:
                    out.append(Group(kind, r, n, width))
        return out
