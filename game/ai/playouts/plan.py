"""The normal bot's hand planner on bitmasks, for playouts: the same plans as ``Planner``, many times faster.

``plan_groups(hand, control)`` splits a hand into the groups ``Planner.plan`` would choose (same cost: plays
needed less the control each gives; same tie-breaks), ``plan_cost`` prices the plan alone and ``plays_of``
gives its plays as simulator plays in their lead order; the normal-like playout player (``normal_like``) reads
them. ``tests/ai/test_fastplan.py`` and ``tests/ai/test_fastsim.py`` check them against ``Planner``.
"""

from __future__ import annotations

import math

# The controls and costs of the plan's groups are worked out in ``control``; the names are given here too,
# for the code that reads them from the planner.
from game.ai.playouts.control import _POP as _POP
from game.ai.playouts.control import _SPLITS as _SPLITS
from game.ai.playouts.control import Control as Control
from game.ai.playouts.control import Group as Group
from game.ai.playouts.plays import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, SUITS, TRIPLE, Play
from game.ai.playouts.shapes import ONES, TWOS, counts

_KIND_BY_WIDTH = (-1, SINGLE, PAIR, TRIPLE, QUAD)
#: ``_ONE_RANK_AT[rank][width]``: the group of ``width`` cards of one rank (a single, pair, triple or quad).
_ONE_RANK_AT = tuple(tuple((_KIND_BY_WIDTH[w], r, 1, w) for w in range(5)) for r in range(13))  # width 0: unused
#: ``_SPAN[rank][n]``: one card (the lowest bit of four) at each of the ``n`` ranks from ``rank`` up.
_SPAN = tuple(tuple(sum(1 << (4 * x) for x in range(r, r + n)) for n in range(13)) for r in range(12))
#: A plan by its key (``plan_key``: its rank counts, four bits each): its cost, the group that uses its lowest
#: rank (None for no cards) and the key of the rest, whose plan is in the memo too.
Memo = dict[int, tuple[float, Group | None, int]]
_LONE = tuple(_ONE_RANK_AT[r][1] for r in range(13))  # a single of each rank
_INF = math.inf


def _best(key: int, ctl: Control, memo: Memo) -> tuple[float, Group | None, int]:
    """The cheapest split of the rank counts ``key`` (not yet in ``memo``), memoised; the groups that use the
    lowest rank are tried in ``Planner._options`` order, so ties break the same way."""
    found: tuple[float, Group | None, int]
    if not key:
        found = memo[key] = (0.0, None, 0)
        return found
    r = ((key & -key).bit_length() - 1) >> 2  # the lowest rank
    here = key >> (4 * r)
    run = here & 0xF0 and here & 0xF00  # the next two ranks held: a run may start here
    if here & 15 == 1 and not run:  # one card and no run from it (most plans' parts): it plays alone
        cost = ctl.cost[13 + r]
        if cost is None:
            cost = ctl.cost[13 + r] = 1.0 - ctl.alpha * ctl.of(_LONE[r])
        rest = key - (1 << (4 * r))
        sub = memo.get(rest)
        if sub is None:
            sub = _best(rest, ctl, memo)
        total = sub[0] + cost
        found = memo[key] = (total, _LONE[r], rest) if total < _INF else (_INF, None, 0)
        return found
    count, first = here & 15, 0  # the lengths of the straights and pair runs that may start here
    if run:
        gaps = ~((here + 7 * ONES) >> 3) & ONES  # the ranks from r up with no card
        first = ((gaps & -gaps).bit_length() - 1) >> 2
        if count > 1:
            gaps = ~((here + 6 * ONES) >> 3) & ONES  # the same, short of a pair
            first |= (((gaps & -gaps).bit_length() - 1) >> 2) << 4
    options = _OPTIONS.get(r | count << 4 | first << 8)
    if options is None:
        options = _OPTIONS[r | count << 4 | first << 8] = _options(r, count, first & 15, first >> 4)
    costs = ctl.cost
    best_cost = _INF
    best_group: Group | None = None
    best_rest = 0
    for taken, group, i in options[0]:
        rest = key - taken
        sub = memo.get(rest)
        if sub is None:
            sub = _best(rest, ctl, memo)
        cost = costs[i]
        if cost is None:
            cost = costs[i] = 1.0 - ctl.alpha * ctl.of(group)
        total = sub[0] + cost
        if total < best_cost - 1e-9:
            best_cost, best_group, best_rest = total, group, rest
    runs = ctl.run_cost
    for taken, group, i in options[1]:
        rest = key - taken
        sub = memo.get(rest)
        if sub is None:
            sub = _best(rest, ctl, memo)
        cost = runs.get(i)
        if cost is None:
            cost = runs[i] = 1.0 - ctl.alpha * ctl.of(group)  # as Planner adds group_cost
        total = sub[0] + cost
        if total < best_cost - 1e-9:
            best_cost, best_group, best_rest = total, group, rest
    found = memo[key] = (best_cost, best_group, best_rest)
    return found


Options = tuple[tuple[tuple[int, Group, int], ...], tuple[tuple[int, Group, int], ...]]
#: ``_options(r, count, straight, pairs)`` by ``r | count << 4 | straight << 8 | pairs << 12``.
_OPTIONS: dict[int, Options] = {}


def _options(r: int, count: int, straight: int, pairs: int) -> Options:
    """The groups that may use rank ``r``, the lowest of a plan's ranks, in ``Planner._options`` order, with
    ``count`` cards of that rank and ``straight`` (``pairs``) ranks in a row holding a card (a pair) from it up:
    each with the rank counts it takes and the index of its cost, in ``Control.cost`` for the groups of one rank,
    then in ``Control.run_cost`` for the runs."""
    ones = tuple((width << (4 * r), _ONE_RANK_AT[r][width], 13 * width + r) for width in range(1, count + 1))
    runs = [(width * _SPAN[r][n], (kind, r, n, width), 13 * (12 * width + r) + n)
            for width, kind, longest in ((1, STRAIGHT, straight), (2, PAIR_RUN, pairs)) for n in range(3, longest + 1)]
    return ones, tuple(runs)


#: ``_LOW_SUITS[k][suits]``: the ``k`` lowest of ``suits`` (all of them if fewer).
_LOW_SUITS = tuple(tuple(sum(1 << s for s in SUITS[m][:k]) for m in range(16)) for k in range(5))


def _rank_play(width: int, rank: int, suits: int) -> tuple[int, int, Play]:
    """The play of ``width`` cards of ``rank``, the lowest of ``suits`` held there: its top card, cards and play."""
    b, low = 4 * rank, _LOW_SUITS[width][suits]
    top = b + low.bit_length() - 1 if low else 0
    return top, low << b, (_KIND_BY_WIDTH[width], width, top, low << b)


#: ``_RANK_PLAYS[width][rank][suits]``: ``_rank_play(width, rank, suits)`` (width 0: unused).
_RANK_PLAYS = tuple(tuple(tuple(_rank_play(w, r, m) for m in range(16)) for r in range(13)) if w else ()
                    for w in range(5))  # fmt: skip


def plan_key(cards: int) -> int:
    """The rank counts 3 to A of ``cards``, four bits each: the key of their plan in a ``Memo`` (the key of a
    part of a hand is the hand's key less the other part's)."""
    return counts(cards) & ~TWOS


def rank_key(cards: int) -> int:
    """``plan_key`` with the 2s' suits above the counts: two sets of cards with the same key plan alike."""
    return counts(cards) & ~TWOS | cards & TWOS


def plan_groups(hand: int, ctl: Control, memo: Memo | None = None) -> tuple[float, list[tuple[Group, int]]]:
    """The plan's cost and its groups, each with the suits of a play of 2s (else 0), like ``Planner.plan``.
    ``memo`` may be shared by calls with the same ``ctl`` (the plans of one hand's parts)."""
    memo = {} if memo is None else memo
    key = plan_key(hand)
    found = memo.get(key)
    if found is None:
        found = _best(key, ctl, memo)
    cost = found[0]
    out: list[tuple[Group, int]] = []
    while found[1] is not None:
        out.append((found[1], 0))
        found = memo[found[2]]
    twos = hand >> 48 & 15
    if twos:
        best_cost, best = ctl.two_split(twos)
        cost += best_cost
        out += [((_KIND_BY_WIDTH[_POP[b]], 12, 1, _POP[b]), b) for b in best]
    return cost, out


def plan_cost(hand: int, ctl: Control, memo: Memo, key: int = -1) -> float:
    """``plan_groups(hand, ctl, memo)[0]``, quicker: the plan's cost alone, from ``memo`` when it can;
    ``key``: ``plan_key(hand)`` if known."""
    if key < 0:
        key = plan_key(hand)
    found = memo.get(key)
    if found is None:
        found = _best(key, ctl, memo)
    twos = hand >> 48 & 15
    if not twos:
        return found[0]
    split = ctl.splits.get(twos)
    return found[0] + (split if split is not None else ctl.two_split(twos))[0]


def group_costs(hand: int, ctl: Control, size_weight: float, memo: Memo) -> dict[int, float]:
    """The cost of each planned play of ``hand`` by its ``rank_key``: one less ``ctl.alpha`` times its lead score
    in ``plays_of`` plus ``size_weight`` per card (that is, its control), worked out as ``plays_of`` would."""
    alpha, controls, out = ctl.alpha, ctl.memo, {}
    key = plan_key(hand)
    found = memo.get(key)
    if found is None:
        found = _best(key, ctl, memo)
    g = found[1]
    while g is not None:  # the plan's groups, read from the memo as ``plan_groups`` does
        _, start, ranks, width = g
        value = controls.get(g)
        if value is None:
            value = ctl.of(g)
        out[width * _SPAN[start][ranks]] = 1.0 - alpha * (value - size_weight * ranks * width
                                                          + size_weight * (ranks * width))  # fmt: skip
        found = memo[found[2]]
        g = found[1]
    twos = hand >> 48 & 15
    if twos:
        for suits in ctl.two_split(twos)[1]:
            n = _POP[suits]
            out[suits << 48] = 1.0 - alpha * (ctl.two(suits) - size_weight * n + size_weight * n)
    return out


def plays_of(hand: int, ctl: Control, size_weight: float = 0.03, memo: Memo | None = None
             ) -> list[tuple[float, int, Play]]:  # fmt: skip
    """The planned plays as ``(lead score, top card, play)``, weakest lead first: ``plan_groups``' groups (with
    ``memo`` as there), each taking the lowest cards of its ranks left in the hand."""
    memo = {} if memo is None else memo
    key = plan_key(hand)
    found = memo.get(key)
    if found is None:
        found = _best(key, ctl, memo)
    pool = hand
    plays: list[tuple[float, int, Play]] = []
    of, controls = ctl.of, ctl.memo
    g = found[1]
    while g is not None:
        kind, start, ranks, width = g
        if ranks == 1:  # a single, pair, triple or quad
            top, mask, play = _RANK_PLAYS[width][start][pool >> (4 * start) & 15]
        else:
            low_suits = _LOW_SUITS[width]
            mask = top = 0
            for b in range(4 * start, 4 * (start + ranks), 4):
                low = low_suits[pool >> b & 15]
                if low:
                    mask |= low << b
                    top = b + low.bit_length() - 1
            play = (kind, ranks if STRAIGHT <= kind <= PAIR_RUN else width, top, mask)
        pool &= ~mask
        value = controls.get(g)  # ``of(g)``, looked up here
        if value is None:
            value = of(g)
        plays.append((value - size_weight * ranks * width, top, play))
        found = memo[found[2]]
        g = found[1]
    twos = hand >> 48 & 15
    if twos:
        for suits in ctl.two_split(twos)[1]:  # one rank (x 1 is exact)
            n, top = _POP[suits], 48 + suits.bit_length() - 1
            plays.append((ctl.two(suits) - size_weight * n, top, (_KIND_BY_WIDTH[n], n, top, suits << 48)))
    plays.sort()  # by lead score, then top card (no two plays share a card)
    return plays
