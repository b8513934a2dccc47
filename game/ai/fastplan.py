"""The normal bot's hand planner on bitmasks, for playouts: the same plans as ``Planner``, many times faster.

``plan_plays(hand, unseen, max_opp, density)`` splits a hand into the plays ``Planner.plan`` would choose
(same cost: plays needed less the control each gives; same tie-breaks) and returns them as simulator
plays with their lead order. ``tests/ai/test_fastsim.py`` checks the plans agree with ``Planner``.
"""

from __future__ import annotations

import math

from game.ai.fastsim import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, SUITS, TRIPLE, Play

_POW5 = tuple(5**r for r in range(12))
_POP = tuple(bin(m).count("1") for m in range(16))
Group = tuple[int, int, int, int]  # kind, start rank, ranks, width


class Control:
    """``Planner.control`` and ``group_cost`` against one seat's unseen cards."""

    __slots__ = ("ur", "suffix", "pairs", "triples", "runs", "twos_unseen", "max_opp", "d", "alpha", "bomb_bonus",
                 "memo", "cost", "run_cost")  # fmt: skip

    def __init__(self, unseen: int, max_opp: int, density: float, alpha: float = 0.9, bomb_bonus: float = 0.3):
        self.ur = ur = [_POP[unseen >> (4 * r) & 15] for r in range(13)]
        # From each rank up: unseen cards, ranks that could make a pair (a quad counting 1.5) or a triple,
        # and how many ranks in a row hold an unseen card (no 2s in a run).
        suffix, pairs, triples, runs = [0] * 14, [0.0] * 14, [0] * 14, [0] * 13
        for r in range(12, -1, -1):
            x = ur[r]
            suffix[r] = suffix[r + 1] + x
            pairs[r] = pairs[r + 1] + (1.5 if x == 4 else 1.0 if x >= 2 else 0.0)  # halves add up exactly
            triples[r] = triples[r + 1] + (x >= 3)
            runs[r] = runs[r + 1] + 1 if x and r < 12 else 0
        self.suffix, self.pairs, self.triples, self.runs = suffix, pairs, triples, runs
        self.twos_unseen = unseen >> 48 & 15
        self.max_opp, self.d, self.alpha, self.bomb_bonus = max_opp, density, alpha, bomb_bonus
        self.memo: dict[Group, float] = {}
        # ``cost[13 * width + rank]``: the cost of a single, pair, triple or quad (1 - alpha × control).
        self.cost: list[float | None] = [None] * 65
        # ``run_cost[13 * (12 * width + start) + ranks]``: the same for a straight (width 1) or a pair run (2).
        self.run_cost: list[float | None] = [None] * (13 * 36)

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

    def of(self, g: Group) -> float:
        v = self.memo.get(g)
        if v is None:
            v = self._control(g)
            self.memo[g] = v
        return v

    def _control(self, g: Group) -> float:
        kind, start, ranks, width = g
        d, ur = self.d, self.ur
        if kind in (QUAD, PAIR_RUN):
            return 1.0 + self.bomb_bonus
        if ranks * width > self.max_opp:
            return 1.0
        r = start + ranks - 1
        if kind == SINGLE:
            return math.exp(-(self.suffix[r + 1] + 0.5 * ur[r]) * d / 5.0)
        if kind == PAIR:
            b = self.pairs[r + 1] + (0.5 if ur[r] >= 2 else 0.0)
            return math.exp(-b * d * d / 2.5)
        if kind == TRIPLE:
            return math.exp(-self.triples[r + 1] * d / 1.2)
        runs = self.runs
        count = sum(1 for s in range(start + 1, 12 - ranks + 1) if runs[s] >= ranks)
        return math.exp(-count * 0.35 * (0.7 ** (ranks - 3)) * d)


_KIND_BY_WIDTH = (-1, SINGLE, PAIR, TRIPLE, QUAD)
#: ``_ONE_RANK[width][rank]``: the group of ``width`` cards of one rank (a single, pair, triple or quad).
_ONE_RANK = tuple(tuple((_KIND_BY_WIDTH[w], r, 1, w) for r in range(13)) if w else () for w in range(5))
#: A plan by the base-5 key of its rank counts: its cost, the group that uses its lowest rank (None for no
#: cards) and the key of the rest, whose plan is in the memo too.
Memo = dict[int, tuple[float, Group | None, int]]


def _best(counts: list[int], key: int, ctl: Control, memo: Memo, low: int = 0) -> tuple[float, Group | None, int]:
    """The cheapest split of ``counts`` (their base-5 ``key`` not yet in ``memo``; no cards below rank
    ``low``), memoised; the groups that use the lowest rank are tried in ``Planner._options`` order, so ties
    break the same way."""
    r = low
    while r < 12 and counts[r] == 0:
        r += 1
    if r == 12:
        memo[key] = (0.0, None, 0)
        return memo[key]
    best_cost = math.inf
    best_group: Group | None = None
    best_rest = 0
    alpha, pw, costs, one_rank = ctl.alpha, _POW5[r], ctl.cost, _ONE_RANK
    for width in range(1, min(counts[r], 4) + 1):
        cost = costs[13 * width + r]
        if cost is None:
            cost = costs[13 * width + r] = 1.0 - alpha * ctl.of(one_rank[width][r])
        rest = key - width * pw
        sub = memo.get(rest)
        if sub is None:
            counts[r] -= width
            sub = _best(counts, rest, ctl, memo, r)
            counts[r] += width
        total = sub[0] + cost
        if total < best_cost - 1e-9:
            best_cost, best_group, best_rest = total, one_rank[width][r], rest
    runs = ctl.run_cost
    for width, kind in ((1, STRAIGHT), (2, PAIR_RUN)):
        n = delta = 0
        while r + n < 12 and counts[r + n] >= width:
            counts[r + n] -= width
            delta += width * _POW5[r + n]
            n += 1
            if n >= 3:
                rest = key - delta
                sub = memo.get(rest)
                if sub is None:
                    sub = _best(counts, rest, ctl, memo, r)
                i = 13 * (12 * width + r) + n
                cost = runs[i]
                if cost is None:
                    cost = runs[i] = 1.0 - alpha * ctl.of((kind, r, n, width))  # as Planner adds group_cost
                total = sub[0] + cost
                if total < best_cost - 1e-9:
                    best_cost, best_group, best_rest = total, (kind, r, n, width), rest
        for x in range(r, r + n):
            counts[x] += width
    memo[key] = (best_cost, best_group, best_rest)
    return memo[key]


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


def plan_groups(hand: int, ctl: Control, memo: Memo | None = None) -> tuple[float, list[tuple[Group, int]]]:
    """The plan's cost and its groups, each with the suits of a play of 2s (else 0), like ``Planner.plan``.
    ``memo`` may be shared by calls with the same ``ctl`` (the plans of one hand's parts)."""
    memo = {} if memo is None else memo
    counts = [_POP[hand >> (4 * r) & 15] for r in range(12)]
    key = sum(c * p for c, p in zip(counts, _POW5, strict=True))
    found = memo.get(key)
    if found is None:
        found = _best(counts, key, ctl, memo)
    cost = found[0]
    out: list[tuple[Group, int]] = []
    while found[1] is not None:
        out.append((found[1], 0))
        found = memo[found[2]]
    twos = hand >> 48 & 15
    if twos:
        best_cost, best = math.inf, _SPLITS[twos][0]
        for split in _SPLITS[twos]:
            c = sum(1.0 - ctl.alpha * ctl.two(b) for b in split)
            if c < best_cost:
                best_cost, best = c, split
        cost += best_cost
        out += [((_KIND_BY_WIDTH[_POP[b]], 12, 1, _POP[b]), b) for b in best]
    return cost, out


_KEY_BYTES = tuple(tuple(_POP[b & 15] * _POW5[2 * j] + _POP[b >> 4] * _POW5[2 * j + 1] for b in range(256))
                   for j in range(6))  # fmt: skip


def rank_key(cards: int) -> int:
    """The base-5 key of the rank counts 3 to A of ``cards``, with the 2s' suits above them: two sets of cards
    with the same key plan alike."""
    key = (cards >> 48 & 15) * 244_140_625  # 5 ** 12
    for j in range(6):
        key += _KEY_BYTES[j][cards >> (8 * j) & 255]
    return key


def plan_cost(hand: int, ctl: Control, memo: Memo) -> float:
    """``plan_groups(hand, ctl, memo)[0]``, quicker: the plan's cost alone, from ``memo`` when it can (the 2s'
    best split is kept there too, under the negative key ``-1 - suits``)."""
    key = 0
    for j in range(6):
        key += _KEY_BYTES[j][hand >> (8 * j) & 255]
    found = memo.get(key)
    if found is None:
        found = _best([_POP[hand >> (4 * r) & 15] for r in range(12)], key, ctl, memo)
    twos = hand >> 48 & 15
    if not twos:
        return found[0]
    split = memo.get(-1 - twos)
    if split is None:
        split = memo[-1 - twos] = (min(sum(1.0 - ctl.alpha * ctl.two(b) for b in c) for c in _SPLITS[twos]), None, 0)
    return found[0] + split[0]


def plan_plays(hand: int, unseen: int, max_opp: int, density: float,
               size_weight: float = 0.03) -> list[tuple[float, int, Play]]:  # fmt: skip
    """The planned plays as ``(lead score, top card, play)``, weakest lead first (``PlannedPlayer``'s order)."""
    return plays_of(hand, Control(unseen, max_opp, density), size_weight)


def plays_of(hand: int, ctl: Control, size_weight: float = 0.03, memo: Memo | None = None
             ) -> list[tuple[float, int, Play]]:  # fmt: skip
    """``plan_plays`` with a given ``Control`` (and ``memo``, as in ``plan_groups``)."""
    _, groups = plan_groups(hand, ctl, memo)
    pool = hand
    plays: list[tuple[float, int, Play]] = []
    for g, suits in groups:
        kind, start, ranks, width = g
        if suits:
            mask, top = suits << 48, 48 + suits.bit_length() - 1
            value = ctl.two(suits)
        else:
            mask = top = 0
            for r in range(start, start + ranks):
                for s in SUITS[pool >> (4 * r) & 15][:width]:
                    mask |= 1 << (4 * r + s)
                    top = 4 * r + s
            value = ctl.of(g)
        pool &= ~mask
        length = ranks if kind in (STRAIGHT, PAIR_RUN) else width
        plays.append((value - size_weight * ranks * width, top, (kind, length, top, mask)))
    plays.sort(key=lambda p: (p[0], p[1]))
    return plays
