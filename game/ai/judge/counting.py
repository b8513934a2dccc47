"""Card counting: what is still unseen, and whether the opponents could still beat a play."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.engine.cards import DECK, Card, Rank
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo

TWO = int(Rank.TWO)


@dataclass(frozen=True)
class Unseen:
    """The cards a seat has not seen (held by opponents or set aside), by rank, and the opponents' sizes.

    ``density`` is the share of unseen cards that are in opponents' hands (1.0 with four players).
    """

    cards: frozenset[Card]
    by_rank: tuple[int, ...]
    top_suit: tuple[int, ...]  # the highest unseen suit of each rank, -1 when none
    max_opp: int
    density: float

    @classmethod
    def build(cls, mine: Iterable[Card], played: Iterable[Card], opp_counts: Sequence[int]) -> Unseen:
        gone = set(mine) | set(played)
        cards = frozenset(c for c in DECK if c not in gone)
        by_rank = [0] * 13
        top = [-1] * 13
        for c in cards:
            by_rank[c.rank] += 1
            top[c.rank] = max(top[c.rank], int(c.suit))
        total = sum(opp_counts)
        density = min(1.0, total / len(cards)) if cards else 0.0
        return cls(cards, tuple(by_rank), tuple(top), max(opp_counts, default=0), density)

    def can_be_beaten(self, combo: Combo, bombs: bool = True) -> bool:
        """Whether some unseen combination small enough for an opponent's hand beats ``combo``.

        Conservative: it assumes one opponent might hold any of the unseen cards.
        """
        if len(combo.cards) <= self.max_opp and self._same_kind_beater(combo):
            return True
        if bombs and (combo.is_twos or combo.is_bomb):
            return self._bomb_beater(combo)
        return False

    def _same_kind_beater(self, combo: Combo) -> bool:
        u = self.by_rank
        top = combo.top
        kind = combo.kind
        if kind == SINGLE:
            return any(c > top for c in self.cards)
        if kind == PAIR:
            if u[top.rank] >= 2 and self.top_suit[top.rank] > top.suit:
                return True
            return any(u[r] >= 2 for r in range(top.rank + 1, 13))
        if kind in (TRIPLE, QUAD):
            need = 3 if kind == TRIPLE else 4
            return any(u[r] >= need for r in range(top.rank + 1, 13))
        if kind in (STRAIGHT, PAIR_RUN):
            width = 1 if kind == STRAIGHT else 2
            n = combo.length
            lo = top.rank - n + 1
            for start in range(lo, 12 - n + 1):
                end = start + n - 1
                if all(u[r] >= width for r in range(start, end + 1)):
                    if end > top.rank:
                        return True
                    if self.top_suit[end] > top.suit:  # same ranks, a higher top card
                        return True
            return False
        return False

    def _bomb_beater(self, combo: Combo) -> bool:
        u = self.by_rank
        quad_ok = self.max_opp >= 4
        if combo.is_twos:
            if combo.kind == SINGLE:
                return (quad_ok and any(x == 4 for x in u[:12])) or self._pair_run_at_least(3)
            if combo.kind == PAIR:
                return (quad_ok and any(x == 4 for x in u[:12])) or self._pair_run_at_least(4)
            return False
        if combo.kind == QUAD:
            return any(u[r] == 4 for r in range(combo.top.rank + 1, 12)) or self._pair_run_at_least(4)
        if combo.kind == PAIR_RUN:
            if combo.length == 3 and quad_ok and any(x == 4 for x in u[:12]):
                return True
            return self._pair_run_at_least(combo.length + 1)
        return False

    def _pair_run_at_least(self, pairs: int) -> bool:
        if 2 * pairs > self.max_opp:
            return False
        run = 0
        for r in range(12):
            run = run + 1 if self.by_rank[r] >= 2 else 0
            if run >= pairs:
                return True
        return False


def played_cards(history: Iterable[object]) -> set[Card]:
    """Every card played so far, from a view's history of actions."""
    out: set[Card] = set()
    for action in history:
        combo = getattr(action, "combo", None)
        if combo is not None:
            out.update(combo.cards)
    return out
