"""The chance that an opponent holds a play that beats a given one, from what a seat has not seen.

Each opponent's hand is taken as a random draw of its size from the unseen cards (hypergeometric), and
the ways to beat a play (a higher single, a higher pair, a higher straight of the same length, a quad or
a run of pairs that may bomb it) as independent events. That is rough, but it separates "possible"
from "likely": a quad among 39 unseen cards is possible and, for a 4-card hand, very unlikely.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from functools import lru_cache
from math import comb

from game.ai.judge.counting import TWO, Unseen
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo
from game.rules import Rules


class Odds:
    """Beat chances for one decision; ``opp_counts`` are the sizes of the hands that may answer."""

    def __init__(self, unseen: Unseen, opp_counts: Sequence[int], rules: Rules) -> None:
        self.unseen = unseen
        self.rules = rules
        self.total = len(unseen.cards)
        self.counts = [n for n in opp_counts if n > 0]
        # at_least[i][m][w]: chance that opponent i holds at least w of m given unseen cards (m ≤ 4).
        self._at_least = [_table(self.total, n) for n in self.counts]
        self._indices = sorted(c.index for c in unseen.cards)
        self._memo: dict[tuple[str, int, int, int, int], float] = {}

    def any_of(self, n: int, m: int) -> float:
        """The chance that a hand of ``n`` unseen cards holds at least one of ``m`` given ones."""
        return _any_of(self.total, n, m)

    def beat_chance(self, combo: Combo, bombs: bool = True) -> float:
        """The chance that at least one of the opponents can beat ``combo`` (0 when none could at all)."""
        if not self.counts or self.total == 0:
            return 0.0
        key = (combo.kind, combo.length, int(combo.top.rank), int(combo.top.suit), int(bombs))
        found = self._memo.get(key)
        if found is not None:
            return found
        safe = 1.0
        for i, n in enumerate(self.counts):
            safe *= 1.0 - self._opponent_beats(i, n, combo, bombs)
        chance = 1.0 - safe
        self._memo[key] = chance
        return chance

    def _opponent_beats(self, i: int, n: int, combo: Combo, bombs: bool) -> float:
        table = self._at_least[i]
        ways: list[float] = []
        if len(combo.cards) <= n:
            if combo.kind == SINGLE:
                ways.append(self.any_of(n, len(self._indices) - bisect_right(self._indices, combo.top.index)))
            else:
                ways.extend(self._same_kind(table, combo))
        if bombs and (combo.is_twos or combo.is_bomb):
            ways.extend(self._bombs(table, n, combo))
        safe = 1.0
        for p in ways:
            safe *= 1.0 - p
        return 1.0 - safe

    def _same_kind(self, table: list[list[float]], combo: Combo) -> list[float]:
        u = self.unseen.by_rank
        top, kind = combo.top, combo.kind
        if kind in (PAIR, TRIPLE, QUAD):
            need = {PAIR: 2, TRIPLE: 3, QUAD: 4}[kind]
            ways = [table[u[r]][need] for r in range(top.rank + 1, 13)]
            if kind == PAIR and u[top.rank] >= 2 and self.unseen.top_suit[top.rank] > top.suit:
                ways.append(0.5 * table[u[top.rank]][2])  # the same rank with a higher suit
            return ways
        if kind in (STRAIGHT, PAIR_RUN):
            width = 1 if kind == STRAIGHT else 2
            n = combo.length
            ways = []
            for start in range(top.rank - n + 1, TWO - n + 1):
                end = start + n - 1
                if end == top.rank and self.unseen.top_suit[end] <= top.suit:
                    continue  # the same ranks need a higher top card
                p = 1.0
                for r in range(start, end + 1):
                    p *= table[u[r]][width]
                ways.append(p)
            return ways
        return []

    def _bombs(self, table: list[list[float]], n: int, combo: Combo) -> list[float]:
        """Quads and runs of pairs that may bomb a 2-play or a bomb, as the variant allows."""
        u = self.unseen.by_rank
        ways: list[float] = []
        quads_ok = n >= 4
        if combo.is_twos:
            if combo.kind == TRIPLE:
                return []
            quad_allowed = combo.kind == SINGLE or self.rules.quad_beats_pair_of_twos
            min_pairs = 3 if combo.kind == SINGLE else 4
        elif combo.kind == QUAD:
            quad_allowed, min_pairs = True, 4
        else:  # a run of pairs
            quad_allowed = combo.length == 3
            longer = combo.length == 3 or self.rules.longer_pair_run_beats_shorter
            min_pairs = combo.length + 1 if longer else 99
        if quad_allowed and quads_ok:
            low = combo.top.rank + 1 if combo.kind == QUAD else 0
            ways.extend(table[4][4] for r in range(low, TWO) if u[r] == 4)
        for pairs in range(min_pairs, 7):
            if 2 * pairs > n:
                break
            for start in range(0, TWO - pairs + 1):
                p = 1.0
                for r in range(start, start + pairs):
                    p *= table[u[r]][2]
                    if p == 0.0:
                        break
                ways.append(p)
        return ways


@lru_cache(maxsize=4096)
def _table(u: int, n: int) -> list[list[float]]:
    """For a hand of ``n`` of ``u`` unseen cards: [m][w] the chance it holds at least w of m given ones."""
    rows = []
    for m in range(5):
        exact = [comb(m, j) * comb(u - m, n - j) / comb(u, n) if 0 <= n - j <= u - m else 0.0 for j in range(5)]
        row = [1.0]
        for w in range(1, 5):
            row.append(max(0.0, 1.0 - sum(exact[:w])))
        rows.append(row)
    return rows


@lru_cache(maxsize=16384)
def _any_of(u: int, n: int, m: int) -> float:
    if m <= 0 or n <= 0:
        return 0.0
    if n > u - m:
        return 1.0
    return 1.0 - comb(u - m, n) / comb(u, n)
