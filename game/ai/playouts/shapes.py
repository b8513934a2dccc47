"""Plays on bitmasks for the normal-like playout player (``game.ai.playouts.normal_like``): the distinct ways to beat a
play, the bombs in a hand, the combinations to lead to a one-card hand, whether a play holds against the
unseen cards, and the play that runs a hand out.

The ranks are read all at once: ``counts`` puts each rank's number of cards in that rank's four bits, and
``at_least`` marks each rank with ``k`` cards or more by the lowest of its four bits; a run of ranks is
then a few shifts and ands (``tests/ai/test_fastshapes.py`` checks it all against a rank-by-rank reading).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.ai.playouts.plays import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, SUITS, TRIPLE, Play

TWOS = 0xF << 48
_POP = tuple(bin(m).count("1") for m in range(16))
ONES = 0x1111111111111  # the lowest of each rank's four bits, 13 ranks
PLAIN = ONES & ~TWOS  # the same for the ranks 3 to A: runs and bombs have no 2s
#: Each rank's four bits but the lowest one, two or three: a card shifted up by 1, 2 or 3 within its rank.
_NOT_LOW1, _NOT_LOW2, _HIGH1 = 0xEEEEEEEEEEEEE, 0xCCCCCCCCCCCCC, 0x8888888888888
_ADD = tuple((8 - k) * ONES for k in range(5))  # a count of k or more reaches 8 (the highest of its four bits)


def counts(hand: int) -> int:
    """Each rank's number of cards (0 to 4) in that rank's four bits."""
    t = hand - (hand >> 1 & 0x5555555555555)
    return (t & 0x3333333333333) + (t >> 2 & 0x3333333333333)


def at_least(c: int, k: int) -> int:
    """The ranks of ``counts`` ``c`` with ``k`` cards or more (1 to 4), as the lowest bit of each."""
    return (c + _ADD[k]) >> 3 & ONES


def starts(ranks: int, n: int) -> int:
    """The ranks where ``n`` ranks in a row of ``ranks`` (one bit each, as ``at_least``) begin."""
    run = ranks
    for shift in range(4, 4 * n, 4):
        run &= ranks >> shift
    return run


def _nibbles(mask: int) -> list[int]:
    return [mask >> (4 * r) & 15 for r in range(13)]


def _lowest(nibble: int, k: int, above: int = -1) -> int:
    """The suit set of the ``k`` lowest suits of ``nibble`` whose highest is above suit ``above`` (0: none)."""
    suits = SUITS[nibble]
    if len(suits) < k:
        return 0
    pick = suits[: k - 1]
    for s in suits[k - 1 :]:
        if s > above:
            return sum(1 << x for x in pick) | 1 << s
    return 0


#: ``_LOWEST[k][above + 1][nibble]``: ``_lowest(nibble, k, above)``.
_LOWEST = tuple(tuple(tuple(_lowest(m, k, a - 1) if k else 0 for m in range(16)) for a in range(5)) for k in range(5))
#: ``_TWO_PICKS[k][above + 1][nibble]``: every choice of ``k`` of the 2s in ``nibble`` whose highest is above
#: suit ``above``, in order (each choice of 2s is its own way to beat a play).
_TWO_PICKS = tuple(tuple(tuple(tuple(m for m in range(1, 16) if m & n == m and _POP[m] == k and m.bit_length() > a)
                               for n in range(16)) for a in range(5)) for k in range(5))  # fmt: skip
_TOP = tuple(m.bit_length() - 1 for m in range(16))  # the highest suit of a suit set


def beaters(hand: int, table: Play) -> list[Play]:
    """One play per distinct way to beat ``table`` with the same shape (the lowest cards of each; every
    choice of 2s is its own way), like ``normal.distinct`` over the legal plays of that shape."""
    kind, length, top, _ = table
    out: list[Play] = []
    if kind == SINGLE:  # the lowest card above the table of each rank, and every 2 above it
        cards = hand >> (top + 1) << (top + 1)
        cards &= TWOS | ~((cards << 1 & _NOT_LOW1) | (cards << 2 & _NOT_LOW2) | (cards << 3 & _HIGH1))
        while cards:
            bit = cards & -cards
            cards ^= bit
            out.append((SINGLE, 1, bit.bit_length() - 1, bit))
        return out
    tr, above = top >> 2, (top & 3) + 1
    t = hand - (hand >> 1 & 0x5555555555555)
    c = (t & 0x3333333333333) + (t >> 2 & 0x3333333333333)
    if kind <= TRIPLE:
        k = kind + 1
        low = tr + 1 if kind == TRIPLE else tr
        ranks = ((c + _ADD[k]) >> 3 & ONES) >> (4 * low) << (4 * low)
        lowest = _LOWEST[k]
        while ranks:
            bit = ranks & -ranks
            ranks ^= bit
            b = bit.bit_length() - 1  # 4 × the rank
            nibble = hand >> b & 15
            a = above if b == 4 * tr else 0
            if b == 48:
                for m in _TWO_PICKS[k][a][nibble]:
                    out.append((kind, k, b + _TOP[m], m << b))
            else:
                m = lowest[a][nibble]
                if m:
                    out.append((kind, k, b + _TOP[m], m << b))
        return out
    if kind in (STRAIGHT, PAIR_RUN):
        width = 1 if kind == STRAIGHT else 2
        first = max(tr, length - 1) - length + 1
        runs = starts((c + _ADD[width]) >> 3 & PLAIN, length) >> (4 * first) << (4 * first)
        low_suits = _LOWEST[width][0]
        while runs:
            bit = runs & -runs
            runs ^= bit
            start = (bit.bit_length() - 1) >> 2
            end = start + length - 1
            last = _LOWEST[width][above if end == tr else 0][hand >> (4 * end) & 15]
            if not last:
                continue
            mask = last << (4 * end)
            for x in range(start, end):
                mask |= low_suits[hand >> (4 * x) & 15] << (4 * x)
            out.append((kind, length, 4 * end + _TOP[last], mask))
        return out
    quads = (c >> 2 & PLAIN) >> (4 * (tr + 1)) << (4 * (tr + 1))
    while quads:
        bit = quads & -quads
        quads ^= bit
        b = bit.bit_length() - 1
        out.append((QUAD, 4, b + 3, 15 << b))
    return out


def may_bomb(hand: int) -> bool:
    """A quick look: whether ``hand`` has three ranks (3 to A) with a pair or more (needed by any bomb)."""
    c = counts(hand)
    return ((c + _ADD[2]) >> 3 & PLAIN).bit_count() >= 3 or bool(c >> 2 & PLAIN)


def bombs(hand: int) -> list[Play]:
    """Every quad, and every run of three or more pairs (lowest suits) ending at each rank, in ``hand``."""
    sets = _nibbles(hand)
    out: list[Play] = [(QUAD, 4, 4 * r + 3, 15 << (4 * r)) for r in range(12) if sets[r] == 15]
    low2 = _LOWEST[2][0]  # ``_lowest(nibble, 2)``
    for start in range(10):
        mask = 0
        for end in range(start, 12):
            pair = low2[sets[end]]
            if not pair:
                break
            mask |= pair << (4 * end)
            if end - start >= 2:
                out.append((PAIR_RUN, end - start + 1, 4 * end + pair.bit_length() - 1, mask))
    return out


def holds(p: Play, unseen: int, room: int) -> bool:
    """Whether no combination of the unseen cards of ``p``'s shape, of at most ``room`` cards, beats ``p``."""
    kind, length, top, mask = p
    if (top >= 48 or kind >= PAIR_RUN) and not _no_bomb(p, unseen, room):
        return False
    if mask.bit_count() > room:
        return True
    if kind == SINGLE:
        return not unseen >> (top + 1)
    tr = top >> 2
    t = unseen - (unseen >> 1 & 0x5555555555555)
    c = (t & 0x3333333333333) + (t >> 2 & 0x3333333333333)
    if kind != STRAIGHT and kind != PAIR_RUN:
        if kind == PAIR:
            nibble = unseen >> (4 * tr) & 15
            if _POP[nibble] >= 2 and nibble >> ((top & 3) + 1):
                return False
        return not ((c + _ADD[(0, 2, 3, 0, 0, 4)[kind]]) >> 3 & ONES) >> (4 * (tr + 1))
    runs = starts((c + _ADD[1 if kind == STRAIGHT else 2]) >> 3 & PLAIN, length)
    if runs >> (4 * (tr - length + 2)):
        return False  # a run ending higher
    return not (runs >> (4 * (tr - length + 1)) & 1 and (unseen >> (4 * tr) & 15) >> ((top & 3) + 1))


def run_out(plays: Sequence[tuple[float, int, Play]], unseen: int, room_now: int, room: int,
            options: Sequence[Play] | None) -> Play | None:  # fmt: skip
    """A play (of ``options``, else of the plan) that holds now (against hands of up to ``room_now``
    cards) and leaves at most one planned play that may not hold later: the stronger first."""
    weak: list[Play] = []
    for _, _, p in plays:  # weakest first: three weak plays are usually found at once
        if p[0] == SINGLE and p[2] < 48:  # a plain single holds unless a higher card may answer
            if room > 0 and unseen >> (p[2] + 1):
                weak.append(p)
                if len(weak) > 2:
                    return None
        elif not holds(p, unseen, room):
            weak.append(p)
            if len(weak) > 2:
                return None
    best: Play | None = None
    known = options is None and room_now == room  # leading: the plays that hold are those not weak
    for p in options if options is not None else [p for _, _, p in plays]:
        if (p not in weak if known else holds(p, unseen, room_now)) and (best is None or p[2] > best[2]):
            left = sum(1 for q in weak if q[3] & p[3] == 0)
            if left <= 1:
                best = p
    return best


def _no_bomb(p: Play, unseen: int, room: int) -> bool:
    """Whether no quad or run of pairs among the unseen cards, small enough for a hand of ``room`` cards,
    could bomb ``p`` (a 2-play or a bomb; which bomb beats which simplified to the common rules)."""
    kind, length, top, _ = p
    if kind == TRIPLE or room < 4:
        return True
    c = counts(unseen)
    if kind in (SINGLE, QUAD) or (kind == PAIR_RUN and length == 3):
        low = top >> 2 if kind == QUAD else -1
        if (c >> 2 & PLAIN) >> (4 * (low + 1)):
            return False
    pairs = 3 if kind == SINGLE else (4 if kind in (PAIR, QUAD) else length + 1)
    if 2 * pairs > room:
        return True
    return not starts((c + _ADD[2]) >> 3 & PLAIN, pairs)


def combos(hand: int) -> list[Play]:
    """The pairs, triples and straights of ``hand`` (lowest cards of each), for leading to a one-card hand."""
    sets = _nibbles(hand)
    out: list[Play] = []
    for r in range(13):
        for k, kind in ((2, PAIR), (3, TRIPLE)):
            m = _LOWEST[k][0][sets[r]]  # ``_lowest(sets[r], k)``
            if m:
                out.append((kind, k, 4 * r + m.bit_length() - 1, m << (4 * r)))
    for start in range(10):
        mask = 0
        for end in range(start, 12):
            if not sets[end]:
                break
            mask |= _LOWEST[1][0][sets[end]] << (4 * end)
            if end - start >= 2:
                out.append((STRAIGHT, end - start + 1, mask.bit_length() - 1, mask))
    return out
