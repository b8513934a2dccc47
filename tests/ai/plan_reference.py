"""The fast planner's search (``game.ai.playouts.plan``) as it was first written, tuples of groups memoised: the
reference its quicker versions are checked against (``tests/ai/test_fastplan.py``)."""

from __future__ import annotations

import math

from game.ai.playouts.plan import _POP, _SPLITS, Control, Group
from game.ai.playouts.plays import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE

_POW5 = tuple(5**r for r in range(12))
_KEY_BYTES = tuple(tuple(_POP[b & 15] * _POW5[2 * j] + _POP[b >> 4] * _POW5[2 * j + 1] for b in range(256))
                   for j in range(6))  # fmt: skip

_KIND_BY_WIDTH = (-1, SINGLE, PAIR, TRIPLE, QUAD)
Memo = dict[int, tuple[float, tuple[Group, ...]]]  # a plan's cost and groups by the base-5 key of its rank counts


def _best(counts: list[int], key: int, ctl: Control, memo: dict[int, tuple[float, tuple[Group, ...]]],
          low: int = 0) -> tuple[float, tuple[Group, ...]]:  # fmt: skip
    """The cheapest split of ``counts`` (memoised on their base-5 ``key``; no cards below rank ``low``); the
    groups that use the lowest rank are tried in ``Planner._options`` order, so ties break the same way."""
    found = memo.get(key)
    if found is not None:
        return found
    r = low
    while r < 12 and counts[r] == 0:
        r += 1
    if r == 12:
        memo[key] = (0.0, ())
        return memo[key]
    best_cost = math.inf
    best_groups: tuple[Group, ...] = ()
    alpha, of, pw, costs = ctl.alpha, ctl.of, _POW5[r], ctl.cost
    for width in range(1, min(counts[r], 4) + 1):
        cost = costs[13 * width + r]
        if cost is None:
            cost = costs[13 * width + r] = 1.0 - alpha * of((_KIND_BY_WIDTH[width], r, 1, width))
        counts[r] -= width
        sub_cost, sub = _best(counts, key - width * pw, ctl, memo, r)
        counts[r] += width
        total = sub_cost + cost
        if total < best_cost - 1e-9:
            best_cost, best_groups = total, ((_KIND_BY_WIDTH[width], r, 1, width), *sub)
    for width, kind in ((1, STRAIGHT), (2, PAIR_RUN)):
        n = delta = 0
        while r + n < 12 and counts[r + n] >= width:
            counts[r + n] -= width
            delta += width * _POW5[r + n]
            n += 1
            if n >= 3:
                g = (kind, r, n, width)
                sub_cost, sub = _best(counts, key - delta, ctl, memo, r)
                total = sub_cost + (1.0 - alpha * of(g))  # as Planner adds group_cost
                if total < best_cost - 1e-9:
                    best_cost, best_groups = total, (g, *sub)
        for x in range(r, r + n):
            counts[x] += width
    memo[key] = (best_cost, best_groups)
    return memo[key]


def plan_groups(hand: int, ctl: Control, memo: Memo | None = None) -> tuple[float, list[tuple[Group, int]]]:
    """The plan's cost and its groups, each with the suits of a play of 2s (else 0), like ``Planner.plan``.
    ``memo`` may be shared by calls with the same ``ctl`` (the plans of one hand's parts)."""
    counts = [_POP[hand >> (4 * r) & 15] for r in range(12)]
    key = sum(c * p for c, p in zip(counts, _POW5, strict=True))
    cost, groups = _best(counts, key, ctl, {} if memo is None else memo)
    out = [(g, 0) for g in groups]
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
        split = memo[-1 - twos] = (min(sum(1.0 - ctl.alpha * ctl.two(b) for b in c) for c in _SPLITS[twos]), ())
    return found[0] + split[0]


