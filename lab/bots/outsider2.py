"""A second opponent written apart from ours: a card-counting controller, to check the bots against a style they
were never tuned on: ``python3 -m lab.arena --bots outsider2,normal,normal,normal --deals 500 --seed 5``.

The controller plans its hand as the
split into straights, pairs, triples, pair runs, quads and singles that needs the fewest turns, found by a small
memoised search over rank counts in which every group is priced by how likely it is to hold a trick: it counts
the cards played, so a group that no unseen card can beat ("boss") is control, and a boss single or pair is
worth more than a turn because it can take the lead back. On lead it runs out (bosses first) when at most one
of its groups is not a boss, and otherwise leads its weakest group, the longest first; with someone on one card
it leads no single that is not a boss, with someone on two or three cards no group of that size. On follow it
weighs every legal play: what the plan gains by shedding it, the chance it holds the trick and what the lead is
worth, the danger of a player close to going out, and running out; 2s and bombs are priced as control, so it
keeps them for the end, chops 2s with its bombs, and breaks its groups only when the table makes it worth it.
It is not offered in the game. Its weights can be changed for a run with ``--bot-option outsider2.NAME=VALUE``:
``lead`` (what the lead is worth, 0.9), ``twos`` (the same when taken with a 2 or a bomb, 0.5), ``chop`` (1.0),
``run_out`` (4.0), ``danger`` (a factor on the danger of a short hand, 1.0) and ``sharp`` (a factor on how fast a
group loses its price with each unseen beater, 1.0).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.base import Bot, Move
from game.engine.cards import Card
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, classify
from game.engine.view import SeatView

TWO = 12
ACE = 11
#: What a boss group of each kind is worth beyond its own turn: it can take the lead back on a follow.
CAPTURE = {SINGLE: 0.75, PAIR: 0.55, TRIPLE: 0.25, STRAIGHT: 0.1, PAIR_RUN: 0.7, QUAD: 0.7}
#: How fast a group's chance to hold a trick falls with the number of unseen plays that beat it.
DECAY = {SINGLE: 0.5, PAIR: 0.55, TRIPLE: 0.6, STRAIGHT: 0.6, PAIR_RUN: 0.75, QUAD: 0.8}
GROUP = 0.02  # a small price per group, so that of two equal plans the one with fewer groups wins
LEAD = 0.9  # what holding the lead is worth, in turns
TWOS = 0.5  # the same when it is taken with a 2 or a bomb
CHOP = 1.0  # taking the lead (and the chặt money) from a 2 with a bomb
RUN_OUT = 4.0  # winning a trick after which the hand runs out
BOSS = 0.8  # a group this likely to hold its trick counts as a boss (a top 2 is one, though a bomb may be out)
DANGER = {1: 3.0, 2: 1.6, 3: 0.7, 4: 0.25}

Group = tuple[str, int, int]  # kind, lowest rank, length (ranks for runs, cards otherwise)


class Table:
    """What the seat knows of the unseen cards, and the prices of groups against them."""

    def __init__(
        self, unseen: frozenset[Card], opp_cards: int, opp_max: int, mine: Sequence[Card], sharp: float = 1.0
    ) -> None:
        self.unseen = sorted(c.index for c in unseen)
        self.u = [0] * 13
        for c in unseen:
            self.u[c.rank] += 1
        self.frac = sharp * min(1.0, opp_cards / len(self.unseen)) if self.unseen else 0.0
        self.opp_max = opp_max
        best = [-1] * 13
        for c in mine:
            best[c.rank] = max(best[c.rank], c.index)
        self.best = best
        self.bomb_threat = self._bombs_possible()
        self.cache: dict[tuple[str, int, int, int], float] = {}
        self.memo: dict[tuple[int, ...], tuple[float, tuple[Group, ...]]] = {}

    def _bombs_possible(self) -> bool:
        if self.opp_max < 4:
            return False
        if any(n == 4 for n in self.u[:TWO]):
            return True
        return self.opp_max >= 6 and any(all(self.u[r + i] >= 2 for i in range(3)) for r in range(ACE - 1))

    def beaters(self, kind: str, length: int, top: int) -> int:
        """How many unseen plays (roughly) beat a ``kind`` of ``length`` whose top card has index ``top``."""
        u = self.u
        r = top // 4
        if kind == SINGLE:
            return sum(1 for i in self.unseen if i > top)
        if kind in (PAIR, TRIPLE):
            need = 2 if kind == PAIR else 3
            higher = sum(1 for i in self.unseen if i // 4 == r and i > top)
            same = 1 if kind == PAIR and higher and u[r] >= 2 else 0
            return same + sum(1 for q in range(r + 1, 13) if u[q] >= need)
        if kind == STRAIGHT:
            n = 0
            for t in range(r, ACE + 1):
                lo = t - length + 1
                if lo < 0 or not all(u[q] >= 1 for q in range(lo, t + 1)):
                    continue
                if t > r or any(i // 4 == r and i > top for i in self.unseen):
                    n += 1
            return n
        if kind == QUAD:
            quads = sum(1 for q in range(r + 1, TWO) if u[q] == 4)
            return quads + self._runs(4, 0)
        # pair run: higher runs of the same length, longer runs, quads (on a 3-pair run)
        n = self._runs(length, r) + self._runs(length + 1, 0)
        if length == 3:
            n += sum(1 for q in range(TWO) if u[q] == 4)
        return n

    def _runs(self, length: int, above: int) -> int:
        if self.opp_max < 2 * length:
            return 0
        return sum(
            1
            for t in range(max(above + 1, length - 1), ACE + 1)
            if all(self.u[q] >= 2 for q in range(t - length + 1, t + 1))
        )

    def strength(self, kind: str, length: int, top: int) -> float:
        """The chance (a rough price) that the group holds a trick against the unseen cards."""
        key = (kind, length, top, 0)
        got = self.cache.get(key)
        if got is not None:
            return got
        size = length * 2 if kind == PAIR_RUN else length
        if size > self.opp_max and kind not in (PAIR_RUN, QUAD):
            s = 1.0
        else:
            k = self.beaters(kind, length, top)
            s = DECAY[kind] ** (k * self.frac) if k else 1.0
            if top // 4 == TWO and kind in (SINGLE, PAIR) and self.bomb_threat:
                s *= 0.85
        self.cache[key] = s
        return s

    def group_top(self, g: Group) -> int:
        kind, r, n = g
        if kind in (STRAIGHT, PAIR_RUN):
            return self.best[r + n - 1]
        return self.best[r]

    def cost(self, g: Group) -> float:
        s = self.strength(g[0], g[2], self.group_top(g))
        return 1.0 - s * (1.0 + CAPTURE[g[0]]) + GROUP

    def plan(self, counts: tuple[int, ...]) -> tuple[float, tuple[Group, ...]]:
        """The cheapest split of a hand with these rank counts: (its price, its groups)."""
        got = self.memo.get(counts)
        if got is not None:
            return got
        r = next((i for i, n in enumerate(counts) if n), -1)
        if r < 0:
            return 0.0, ()
        best: tuple[float, tuple[Group, ...]] = (1e9, ())
        c = list(counts)
        options: list[tuple[Group, list[int]]] = []
        for n in range(1, counts[r] + 1):
            options.append((((SINGLE, PAIR, TRIPLE, QUAD)[n - 1], r, n), [r] * n))
        if r < ACE - 1:
            length = 0
            while r + length <= ACE and counts[r + length] >= 1:
                length += 1
                if length >= 3:
                    options.append(((STRAIGHT, r, length), list(range(r, r + length))))
            length = 0
            while r + length <= ACE and counts[r + length] >= 2:
                length += 1
                if length >= 3:
                    options.append(((PAIR_RUN, r, length), [q for q in range(r, r + length) for _ in (0, 1)]))
        for g, used in options:
            for q in used:
                c[q] -= 1
            sub_cost, sub = self.plan(tuple(c))
            for q in used:
                c[q] += 1
            total = sub_cost + self.cost(g)
            if total < best[0] - 1e-9:
                best = (total, (g, *sub))
        self.memo[counts] = best
        return best


def counts_of(cards: Sequence[Card]) -> tuple[int, ...]:
    c = [0] * 13
    for card in cards:
        c[card.rank] += 1
    return tuple(c)


def materialise(hand: Sequence[Card], groups: Sequence[Group]) -> list[Move]:
    """The plan's groups as cards: singles, pairs and the tops of straights take the highest suits of a rank."""
    wants: dict[int, list[tuple[int, int]]] = {}  # rank -> (priority, group number)
    for i, (kind, r, n) in enumerate(groups):
        if kind == STRAIGHT:
            for q in range(r, r + n):
                wants.setdefault(q, []).append((2 if q == r + n - 1 else 0, i))
        elif kind == PAIR_RUN:
            for q in range(r, r + n):
                wants.setdefault(q, []).extend([(1, i), (1, i)])
        else:
            prio = {SINGLE: 4, PAIR: 3}.get(kind, 1)
            wants.setdefault(r, []).extend([(prio, i)] * n)
    by_rank: dict[int, list[Card]] = {}
    for c in sorted(hand):
        by_rank.setdefault(c.rank, []).append(c)
    out: list[list[Card]] = [[] for _ in groups]
    for q, asks in wants.items():
        for card, (_, i) in zip(by_rank[q], sorted(asks), strict=True):
            out[i].append(card)
    return [tuple(sorted(g)) for g in out]


def is_bomb(m: Move) -> bool:
    combo = classify(m)
    return combo is not None and combo.is_bomb


class Controller(Bot):
    """See the module docstring."""

    level = "outsider2"

    def __init__(
        self,
        seed: int = 0,
        lead: float = LEAD,
        chop: float = CHOP,
        run_out: float = RUN_OUT,
        danger: float = 1.0,
        sharp: float = 1.0,
        twos: float = TWOS,
    ) -> None:
        super().__init__(seed)
        self.twos_lead = twos
        self.sharp = sharp
        self.lead_value, self.chop, self.run_out, self.danger = lead, chop, run_out, danger

    def choose(self, view: SeatView) -> Move | None:
        moves = list(view.legal_moves)
        if not moves:
            return None
        hand = view.hand
        for m in moves:
            if len(m) == len(hand):
                return m
        gone = set(view.finished) | set(view.cong)
        opps = [s for s in range(view.players) if s != view.seat and s not in gone and view.counts[s] > 0]
        low = min((view.counts[s] for s in opps), default=13)
        table = Table(view.unseen_cards, sum(view.counts[s] for s in opps),
                      max((view.counts[s] for s in opps), default=0), hand, self.sharp)  # fmt: skip
        if view.table is None:
            return self.lead(view, moves, table, low)
        return self.follow(view, moves, opps, low)

    # ----------------------------------------------------------------------------------------------- lead
    def lead(self, view: SeatView, moves: list[Move], table: Table, low: int) -> Move:
        hand = view.hand
        legal = {tuple(sorted(m)): m for m in moves}
        _, groups = table.plan(counts_of(hand))
        plays = materialise(hand, groups)
        if view.must_contain is not None:
            first = [p for p in plays if view.must_contain in p and p in legal]
            if first:
                return legal[first[0]]
            return self.best_shed(view, [m for m in moves if view.must_contain in m], table)
        options = [p for p in plays if p in legal]
        if not options:
            return self.best_shed(view, moves, table)
        rated = [(self.strength_of(p, table), p) for p in options]
        bosses = [p for s, p in rated if s >= BOSS]
        others = [(s, p) for s, p in rated if s < BOSS]
        if len(others) <= 1:
            # run out: every boss first, then the last group
            if bosses:
                return legal[max(bosses, key=lambda p: (len(p), -max(p).index))]
            return legal[others[0][1]]
        safe = others
        if low == 1:
            safe = [(s, p) for s, p in others if len(p) > 1]
            if not safe:
                boss_singles = [p for p in bosses if len(p) == 1]
                if boss_singles:
                    return legal[min(boss_singles)]
                # only singles: lead the highest, so the player on one card must beat it
                return legal[max((p for _, p in others), key=max)]
        elif low <= 3:
            safe = [(s, p) for s, p in others if len(p) != low] or others
        plain = [(s, p) for s, p in safe if max(p).rank != TWO and not is_bomb(p)] or safe
        # the weakest group, long groups first among equals; keep the kinds we can take back
        kinds_with_boss = {len(p) for p in bosses if len(p) <= 2}
        _, pick = min(plain, key=lambda sp: (round(sp[0], 1) - (0.1 if len(sp[1]) in kinds_with_boss else 0),
                                             -len(sp[1]), max(sp[1]).index))  # fmt: skip
        return legal[pick]

    @staticmethod
    def strength_of(p: Move, table: Table) -> float:
        combo = classify(p)
        if combo is None:
            return 0.0
        return table.strength(combo.kind, combo.length, combo.top.index)

    @staticmethod
    def best_shed(view: SeatView, moves: list[Move], table: Table) -> Move:
        """The lead that leaves the cheapest plan (when the plan's own groups are not open to us)."""
        hand = view.hand
        best: tuple[float, int, int] | None = None
        pick = moves[0]
        for m in moves:
            rest = [c for c in hand if c not in m]
            cost, _ = table.plan(counts_of(rest))
            key = (cost, -len(m), sum(c.index for c in m))
            if best is None or key < best:
                best, pick = key, m
        return pick

    # --------------------------------------------------------------------------------------------- follow
    def follow(self, view: SeatView, moves: list[Move], opps: list[int], low: int) -> Move | None:
        hand = view.hand
        on_table = view.table
        assert on_table is not None
        # who may still answer our play: the opponents still in this round
        answer = [s for s in opps if s not in view.passed]
        mine = Table(view.unseen_cards, sum(view.counts[s] for s in opps), max((view.counts[s] for s in opps),
                     default=0), hand, self.sharp)  # fmt: skip
        theirs = Table(view.unseen_cards, sum(view.counts[s] for s in answer),
                       max((view.counts[s] for s in answer), default=0), hand, self.sharp)  # fmt: skip
        base, _ = mine.plan(counts_of(hand))
        owner = view.table_seat
        owner_low = view.counts[owner] if owner is not None and owner in opps else 13
        danger = DANGER.get(low, 0.0)
        # a player close to going out who holds the table (or would lead next) matters most
        if owner_low <= 2:
            danger = max(danger, DANGER.get(owner_low, 0.0) * 1.3)
        best_score = 0.0
        best_move: Move | None = None
        by_shape: dict[tuple[int, ...], Move] = {}
        for m in moves:
            shape = counts_of(m)
            old = by_shape.get(shape)
            if old is None or (max(m), sum(c.index for c in m)) < (max(old), sum(c.index for c in old)):
                by_shape[shape] = m
        for shape, m in by_shape.items():
            combo = classify(m)
            if combo is None:
                continue
            rest_counts = tuple(a - b for a, b in zip(counts_of(hand), shape, strict=True))
            rest_cost, rest_groups = mine.plan(rest_counts)
            gain = base - rest_cost
            win = theirs.strength(combo.kind, combo.length, combo.top.index) if answer else 1.0
            lead = self.twos_lead if combo.is_twos or combo.is_bomb else self.lead_value
            score = gain + win * lead + win * danger * self.danger
            if on_table.is_twos and combo.is_bomb:
                score += self.chop
            if win >= BOSS:
                rest = [c for c in hand if c not in m]
                if self.can_run_out(rest, rest_groups, mine):
                    score += self.run_out * win
            if score > best_score + 1e-9:
                best_score, best_move = score, m
        return best_move

    @staticmethod
    def can_run_out(rest: list[Card], groups: Sequence[Group], table: Table) -> bool:
        plays = materialise(rest, groups)
        weak = sum(1 for p in plays if Controller.strength_of(p, table) < BOSS)
        return weak <= 1
