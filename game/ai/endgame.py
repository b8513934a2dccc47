"""Exact endgames: with two hands left in play and both known (or sampled), who goes out first.

A plain minimax over every legal play and the pass, memoised on the position. With two seats, a
pass ends the round and the seat on top leads, so a position is just the two hands, the table and
whose turn it is.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.cards import Card
from game.combos import KINDS, PAIR_RUN, QUAD, STRAIGHT, Combo, generate
from game.rules import Rules

Hand = frozenset[Card]


class EndgameSolver:
    """Solves two-hand positions; ``node_limit`` bounds one ``winning_moves`` call, ``deadline`` all of them."""

    def __init__(self, rules: Rules, node_limit: int = 50_000, deadline: float | None = None) -> None:
        self.rules = rules
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._memo: dict[tuple[Hand, Hand, tuple[Card, ...] | None], bool] = {}

    def moves(self, hand: Hand, table: Combo | None) -> list[Combo]:
        """Legal plays from ``hand`` on ``table``, the ones that empty the hand first, then bigger first."""
        cards = sorted(hand)
        if table is None:
            found = list(generate(cards, KINDS))
        else:
            length = table.length if table.kind in (STRAIGHT, PAIR_RUN) else None
            found = list(generate(cards, (table.kind,), length))
            if table.is_twos or table.is_bomb:
                found += [c for c in generate(cards, (QUAD, PAIR_RUN)) if c.kind != table.kind]
            found = [c for c in found if self.rules.can_beat(c, table)]
        found.sort(key=lambda c: (-len(c.cards), c.top))
        return found

    def wins(self, mover: Hand, other: Hand, table: Combo | None) -> bool:
        """Whether the seat to move (holding ``mover``) goes out before the other, with best play by both."""
        key = (mover, other, table.cards if table is not None else None)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise TimeoutError("endgame too large")
        if self.deadline is not None and self.nodes % 128 == 0 and time.perf_counter() > self.deadline:
            raise TimeoutError("out of time")
        result = False
        for combo in self.moves(mover, table):
            rest = mover - set(combo.cards)
            if not rest or not self.wins(other, rest, combo):
                result = True
                break
        if not result and table is not None:
            # Passing ends the round (two seats); the other seat leads.
            result = not self.wins(other, mover, None)
        self._memo[key] = result
        return result

    def winning_moves(
        self,
        mine: Sequence[Card],
        theirs: Sequence[Card],
        table: Combo | None,
        options: Sequence[tuple[Card, ...] | None],
    ) -> list[tuple[Card, ...] | None]:
        """Which of ``options`` (plays, or ``None`` for a pass) win for the seat to move."""
        me, opp = frozenset(mine), frozenset(theirs)
        self.nodes = 0
        out: list[tuple[Card, ...] | None] = []
        for move in options:
            if move is None:
                if table is not None and not self.wins(opp, me, None):
                    out.append(None)
                continue
            rest = me - set(move)
            combo = _combo(move)
            if not rest or not self.wins(opp, rest, combo):
                out.append(move)
        return out


def _combo(move: Sequence[Card]) -> Combo:
    from game.combos import classify

    combo = classify(move)
    assert combo is not None
    return combo
