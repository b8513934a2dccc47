"""Exact endgames with every hand known: can this seat go out first, whatever the others do together?

A minimax over every legal play and pass of every seat still playing, in the real turn order (a pass
locks a seat out until the round ends; a round ends when play comes back to the seat on top; the
four-pair exception of variants that have it), memoised on the position. The other seats play as one
side against this one, so a position counts as won only if no combination of their answers stops
this seat from going out first. Hands are bitmasks and plays the simulator's tuples
(``game.ai.playouts.sim``).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.ai.playouts.plays import PAIR, PAIR_RUN, Flags, Play

Position = tuple[tuple[int, ...], Play | None, int, int, int, int]  # hands, table, top, passed, on_top, cur


class OutOfWork(Exception):
    """A search ran out of nodes or time before it could answer."""


class EndgameSolver:
    """Solves positions for ``seat``; ``gone`` are the seats no longer playing (bits). ``node_limit`` bounds
    the nodes of all calls together; past the ``deadline`` (``time.perf_counter``) it gives up too."""

    def __init__(self, flags: Flags, seat: int, players: int, gone: int = 0, *,
                 node_limit: int = 50_000, deadline: float | None = None) -> None:  # fmt: skip
        self.f = flags
        self.me = seat
        self.n = players
        self.gone = gone
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._memo: dict[Position, bool] = {}
        # The seats still playing after each seat, in turn order.
        self._next = [[(s + k) % players for k in range(1, players + 1) if not gone >> ((s + k) % players) & 1]
                      for s in range(players)]  # fmt: skip

    def reset(self) -> None:
        """Forget the positions solved (a new deal); the node count goes on."""
        self._memo.clear()

    def winning(self, hands: Sequence[int], table: Play | None, top: int, passed: int, on_top: int,
                options: Sequence[Play | None]) -> list[bool]:  # fmt: skip
        """For each of ``options`` (plays, ``None`` to pass) of this seat, to move now: does it win?"""
        hs = tuple(hands)
        return [self._after(hs, table, top, passed, on_top, self.me, p) for p in options]

    # -- the search ----------------------------------------------------------------------------------
    def _wins(self, hands: tuple[int, ...], table: Play | None, top: int, passed: int, on_top: int, cur: int) -> bool:
        key = (hands, table, top, passed, on_top, cur)
        found = self._memo.get(key)
        if found is not None:
            return found
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfWork("node budget")
        if self.deadline is not None and self.nodes & 127 == 0 and time.perf_counter() > self.deadline:
            raise OutOfWork("deadline")
        mine = cur == self.me
        locked = table is not None and bool(passed >> cur & 1)  # only the four-pair exception lets it play
        result = not mine
        after = self._after
        for p in self.f.answers(hands[cur], table):  # those that empty the hand first
            if locked and (p[0] != PAIR_RUN or p[1] < 4):
                continue
            if after(hands, table, top, passed, on_top, cur, p) is mine:
                result = mine
                break
        else:
            if table is not None and after(hands, table, top, passed, on_top, cur, None) is mine:
                result = mine
        self._memo[key] = result
        return result

    def _after(self, hands: tuple[int, ...], table: Play | None, top: int, passed: int, on_top: int, cur: int,
               p: Play | None) -> bool:  # fmt: skip
        """Whether this seat wins after ``cur`` plays ``p`` (or passes on ``None``)."""
        if p is None:
            passed |= 1 << cur
            on_top |= 1 << cur
        else:
            rest = hands[cur] & ~p[3]
            if not rest:
                return cur == self.me  # the first out
            hands = (*hands[:cur], rest, *hands[cur + 1 :])
            table, top, on_top = p, cur, 0
            passed &= ~(1 << cur)
        exception = self.f.run4_after_pass and table is not None and table[0] == PAIR and table[2] >= 48
        for s in self._next[cur]:
            if s == top:
                return self._wins(hands, None, -1, 0, 0, s)  # everyone passed: the seat on top leads
            if not passed >> s & 1 or (exception and not on_top >> s & 1):
                return self._wins(hands, table, top, passed, on_top, s)
        # The seat on top is out of play (hưởng sái): the next seat still playing leads.
        return self._wins(hands, None, -1, 0, 0, self._next[top][0])
