"""Sure wins: plays after which this seat goes out first whatever the hidden hands and whatever the others do.

The search plays this seat's hand against a *coalition* of every other seat still playing that knows
nothing fixed: it may play any combination from the cards this seat has not seen, as long as the seat
playing it holds that many cards (a seat that plays its last cards is out, and this seat has lost).
Every real deal and every real answer is one of the coalition's options, so a play that wins against
the coalition wins for sure; this seat's own choices depend only on what it sees, so the claim needs no
knowledge of the deal (no "strategy fusion"). To stay sound the model only ever gives the coalition
more than the real game does:

- between two of this seat's turns the others may make up to one play each (in any order, each beating
  the last); once this seat has passed they may play on as long as they like, then lead anything;
- a seat that passed can play again in a later round; within the current round the real passes hold
  (and in variants where four pairs may follow a pass on a pair of 2s, a passed seat may still bomb);
- the seats are interchangeable (only their card counts matter), and a combination played from the
  unseen cards uses their lowest suits besides its top card (keeping a higher card of a rank never
  helps the others less than keeping a lower one).

``SureWin.find`` returns a winning play, ``None`` when there is none, and raises ``OutOfWork`` when the
node budget or the deadline runs out (then nothing is claimed).
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from game.ai.finisher.endgame import OutOfWork
from game.ai.playouts.plays import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, SUITS, TRIPLE, Flags, Play

#: The coalition: each other seat as (cards held, may answer in the current round), sorted.
Seats = tuple[tuple[int, bool], ...]

__all__ = ["OutOfWork", "SureWin", "pool_plays"]

def pool_plays(pool: int, most: int = 52, kind: int | None = None, length: int = 0) -> list[tuple[Play, int]]:
    """The coalition's combinations of at most ``most`` cards from ``pool`` as ``(play, size)`` (only of
    ``kind``, and of ``length`` if given): every kind, length and top card once (triples and quads, which
    compare by rank, once per rank), the play's mask holding the cards it uses: the lowest suits of each
    rank besides the top card. Strongest first."""
    sets = [pool >> (4 * r) & 15 for r in range(13)]
    out: list[tuple[Play, int]] = []
    for r in range(13):
        suits = SUITS[sets[r]]
        for i, s in enumerate(suits):
            c = 4 * r + s
            if kind is None or kind == SINGLE:
                out.append(((SINGLE, 1, c, 1 << c), 1))
            if (kind is None or kind == PAIR) and i >= 1 and most >= 2:
                out.append(((PAIR, 2, c, 1 << (4 * r + suits[0]) | 1 << c), 2))
        for width, k in ((3, TRIPLE), (4, QUAD)):
            if (kind is None or kind == k) and len(suits) >= width and most >= width:
                mask = sum(1 << (4 * r + x) for x in suits[:width])
                out.append(((k, width, 4 * r + suits[width - 1], mask), width))
    for width, k in ((1, STRAIGHT), (2, PAIR_RUN)):
        if 3 * width > most or kind is not None and kind != k:
            continue
        for top_rank in range(2, 12):
            top_suits = SUITS[sets[top_rank]]
            for i, s in enumerate(top_suits):
                if i < width - 1:
                    continue
                mask = 1 << (4 * top_rank + s) | sum(1 << (4 * top_rank + x) for x in top_suits[: width - 1])
                r = top_rank - 1
                while r >= 0 and len(SUITS[sets[r]]) >= width:
                    mask |= sum(1 << (4 * r + x) for x in SUITS[sets[r]][:width])
                    n = top_rank - r + 1
                    if n * width > most or length and n > length:
                        break
                    if n >= 3 and (not length or n == length):
                        out.append(((k, n, 4 * top_rank + s, mask), n * width))
                    r -= 1
    out.sort(key=lambda x: -x[0][2])  # strongest first: refutations come sooner
    return out


class SureWin:
    """One search; see the module docstring. ``me`` is this seat's hand, ``pool`` the cards it has not
    seen, ``counts`` the other seats' card counts and ``live`` whether each may answer this round."""

    def __init__(self, flags: Flags, node_limit: int, deadline: float | None = None) -> None:
        self.f = flags
        self.node_limit = node_limit
        self.deadline = deadline
        self.nodes = 0
        self._memo: dict[tuple[object, ...], bool] = {}
        self._pool_plays: dict[tuple[int, int, int | None, int], list[tuple[Play, int]]] = {}

    def find(self, hand: int, pool: int, counts: Sequence[int], live: Sequence[bool],
             table: Play | None, options: Sequence[Play | None]) -> Play | None | tuple[()]:  # fmt: skip
        """The first of ``options`` (plays, ``None`` for a pass) that wins for sure, or ``()`` if none does."""
        seats: Seats = tuple(sorted(zip(counts, live, strict=True)))
        for p in options:
            if p is None:
                if table is not None and self._locked(hand, pool, seats, table):
                    return None
                continue
            rest = hand & ~p[3]
            if not rest:
                return p
            inner = seats if table is not None else tuple((n, True) for n, _ in seats)
            if self._answer(rest, pool, inner, p, True, len(seats)):
                return p
        return ()

    # -- the search ----------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise OutOfWork("node budget")
        if self.deadline is not None and self.nodes % 64 == 0 and time.perf_counter() > self.deadline:
            raise OutOfWork("deadline")

    def _mine(self, hand: int, pool: int, seats: Seats, table: Play | None) -> bool:
        """This seat to move (leading when ``table`` is None): can it force going out first?"""
        key = (0, hand, pool, seats, table)
        found = self._memo.get(key)
        if found is not None:
            return found
        self._tick()
        result = False
        for p in self.f.answers(hand, table):  # those that empty the hand first
            rest = hand & ~p[3]
            if not rest:
                result = True
                break
            inner = seats if table is not None else tuple((n, True) for n, _ in seats)
            if self._answer(rest, pool, inner, p, True, len(seats)):
                result = True
                break
        if not result and table is not None:
            result = self._locked(hand, pool, seats, table)
        self._memo[key] = result
        return result

    def _shape(self, pool: int, most: int, kind: int | None, length: int = 0) -> list[tuple[Play, int]]:
        key = (pool, most, kind, length)
        found = self._pool_plays.get(key)
        if found is None:
            found = self._pool_plays[key] = pool_plays(pool, most, kind, length)
        return found

    def _answers(self, pool: int, seats: Seats, table: Play) -> list[tuple[Play, int]]:
        """The others' plays that beat ``table``, for the biggest hand that may play them."""
        exception = self.f.run4_after_pass and table[0] == PAIR and table[2] >= 48
        biggest = max((n for n, live in seats if live), default=0)
        most = max(n for n, _ in seats) if exception else biggest
        kind, length = table[0], table[1]
        found = self._shape(pool, most, kind, length if kind in (STRAIGHT, PAIR_RUN) else 0)
        if table[2] >= 48 or kind in (QUAD, PAIR_RUN):
            found = [*found, *(ps for k in (QUAD, PAIR_RUN) for ps in self._shape(pool, most, k)
                               if ps[0][0] != kind or ps[0][1] != length)]  # fmt: skip
        out = []
        for p, size in found:
            if size > biggest and not (exception and p[0] == PAIR_RUN and p[1] >= 4):
                continue
            if self.f.can_beat(p, table):
                out.append((p, size))
        return out

    def _players(self, seats: Seats, p: Play, size: int, table: Play) -> list[int]:
        """The seats (indices into ``seats``, one per distinct state) that may play ``p`` on ``table``."""
        exception = self.f.run4_after_pass and table[0] == PAIR and table[2] >= 48 and p[0] == PAIR_RUN and p[1] >= 4
        out, seen = [], set()
        for i, (n, live) in enumerate(seats):
            if n >= size and (live or exception) and (n, live) not in seen:
                seen.add((n, live))
                out.append(i)
        return out

    @staticmethod
    def _after(seats: Seats, i: int, size: int) -> Seats:
        n, live = seats[i]
        return tuple(sorted((*seats[:i], (n - size, live), *seats[i + 1 :])))

    def _answer(self, hand: int, pool: int, seats: Seats, table: Play, mine: bool, steps: int) -> bool:
        """The others may answer ``table`` (this seat's play when ``mine``) with up to ``steps`` plays
        before this seat moves again: does this seat still force a win whatever they do?"""
        key = (1, hand, pool, seats, table, mine, steps)
        found = self._memo.get(key)
        if found is not None:
            return found
        self._tick()
        answers = self._answers(pool, seats, table) if steps else []
        moves = [(p, size, i) for p, size in answers for i in self._players(seats, p, size, table)]
        result = not any(seats[i][0] == size for _, size, i in moves)  # someone goes out: lost
        if result:
            result = self._mine(hand, pool, tuple((n, True) for n, _ in seats), None) if mine else \
                self._mine(hand, pool, seats, table)  # fmt: skip
        if result:
            for p, size, i in moves:
                if not self._answer(hand, pool & ~p[3], self._after(seats, i, size), p, False, steps - 1):
                    result = False
                    break
        self._memo[key] = result
        return result

    def _locked(self, hand: int, pool: int, seats: Seats, table: Play) -> bool:
        """This seat passed on ``table``: the others play on as long as they like, then one leads."""
        key = (2, hand, pool, seats, table)
        found = self._memo.get(key)
        if found is not None:
            return found
        self._tick()
        moves = [(p, size, i) for p, size in self._answers(pool, seats, table)
                 for i in self._players(seats, p, size, table)]  # fmt: skip
        result = not any(seats[i][0] == size for _, size, i in moves)
        if result:
            result = self._lead(hand, pool, tuple((n, True) for n, _ in seats))
        if result:
            for p, size, i in moves:
                if not self._locked(hand, pool & ~p[3], self._after(seats, i, size), p):
                    result = False
                    break
        self._memo[key] = result
        return result

    def _lead(self, hand: int, pool: int, seats: Seats) -> bool:
        """One of the others leads a new round."""
        key = (3, hand, pool, seats)
        found = self._memo.get(key)
        if found is not None:
            return found
        self._tick()
        plays = self._shape(pool, max(n for n, _ in seats), None)
        moves = [(p, size, i) for p, size in plays for i in range(len(seats))
                 if seats[i][0] >= size and (i == 0 or seats[i] != seats[i - 1])]  # fmt: skip
        result = not any(seats[i][0] == size for _, size, i in moves)
        if result:
            for p, size, i in moves:
                if not self._answer(hand, pool & ~p[3], self._after(seats, i, size), p, False, len(seats) - 1):
                    result = False
                    break
        self._memo[key] = result
        return result
