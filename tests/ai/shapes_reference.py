"""The playout shapes of ``game.ai.playouts.shapes`` written the plain way, rank by rank: the reference its
bit-parallel versions are checked against (``tests/ai/test_fastshapes.py``)."""

from __future__ import annotations

from game.ai.playouts.plays import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, SUITS, TRIPLE, Play

TWOS = 0xF << 48
_POP = tuple(bin(m).count("1") for m in range(16))


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


def beaters(hand: int, table: Play) -> list[Play]:
    """One play per distinct way to beat ``table`` with the same shape (the lowest cards of each; every
    choice of 2s is its own way), like ``normal.distinct`` over the legal plays of that shape."""
    kind, length, top, _ = table
    sets = _nibbles(hand)
    tr, ts = top >> 2, top & 3
    out: list[Play] = []
    if kind in (SINGLE, PAIR, TRIPLE):
        k = (1, 2, 3)[kind]
        for r in range(tr, 13):
            if _POP[sets[r]] < k or (r == tr and kind == TRIPLE):
                continue
            if r == 12:
                picks = [m for m in range(16)
                         if m & sets[r] == m and _POP[m] == k and (r > tr or m.bit_length() - 1 > ts)]  # fmt: skip
            else:
                m = _lowest(sets[r], k, ts if r == tr else -1)
                picks = [m] if m else []
            for m in picks:
                out.append((kind, k, 4 * r + m.bit_length() - 1, m << (4 * r)))
        return out
    if kind in (STRAIGHT, PAIR_RUN):
        width = 1 if kind == STRAIGHT else 2
        for end in range(max(tr, length - 1), 12):
            start = end - length + 1
            if any(_POP[sets[x]] < width for x in range(start, end)):
                continue
            last = _lowest(sets[end], width, ts if end == tr else -1)
            if not last:
                continue
            mask = sum(_lowest(sets[x], width) << (4 * x) for x in range(start, end)) | last << (4 * end)
            out.append((kind, length, 4 * end + last.bit_length() - 1, mask))
        return out
    for r in range(tr + 1, 12):
        if sets[r] == 15:
            out.append((QUAD, 4, 4 * r + 3, 15 << (4 * r)))
    return out


def may_bomb(hand: int) -> bool:
    """A quick look: whether ``hand`` has three ranks (3 to A) with a pair or more (needed by any bomb)."""
    pairs = 0
    for r in range(12):
        if _POP[hand >> (4 * r) & 15] >= 2:
            pairs += 1
            if pairs >= 3:
                return True
    return any(hand >> (4 * r) & 15 == 15 for r in range(12))


def bombs(hand: int) -> list[Play]:
    """Every quad, and every run of three or more pairs (lowest suits) ending at each rank, in ``hand``."""
    sets = _nibbles(hand)
    out: list[Play] = [(QUAD, 4, 4 * r + 3, 15 << (4 * r)) for r in range(12) if sets[r] == 15]
    for start in range(10):
        mask = 0
        for end in range(start, 12):
            pair = _lowest(sets[end], 2)
            if not pair:
                break
            mask |= pair << (4 * end)
            if end - start >= 2:
                out.append((PAIR_RUN, end - start + 1, 4 * end + pair.bit_length() - 1, mask))
    return out


def holds(p: Play, unseen: int, room: int) -> bool:
    """Whether no combination of the unseen cards of ``p``'s shape, of at most ``room`` cards, beats ``p``."""
    kind, length, top, mask = p
    if (top >= 48 or kind in (QUAD, PAIR_RUN)) and not _no_bomb(p, unseen, room):
        return False
    if mask.bit_count() > room:
        return True
    if kind == SINGLE:
        return not unseen >> (top + 1)
    sets = _nibbles(unseen)
    tr, ts = top >> 2, top & 3
    if kind in (PAIR, TRIPLE, QUAD):
        k = (0, 2, 3, 0, 0, 4)[kind]
        if kind == PAIR and _POP[sets[tr]] >= 2 and sets[tr] >> (ts + 1):
            return False
        return not any(_POP[sets[r]] >= k for r in range(tr + 1, 13))
    width = 1 if kind == STRAIGHT else 2
    for end in range(tr, 12):
        if end == tr and not sets[end] >> (ts + 1):
            continue
        if all(_POP[sets[x]] >= width for x in range(end - length + 1, end + 1)):
            return False
    return True


def _no_bomb(p: Play, unseen: int, room: int) -> bool:
    """Whether no quad or run of pairs among the unseen cards, small enough for a hand of ``room`` cards,
    could bomb ``p`` (a 2-play or a bomb; which bomb beats which simplified to the common rules)."""
    kind, length, top, _ = p
    if kind == TRIPLE or room < 4:
        return True
    sets = _nibbles(unseen)
    low = top >> 2 if kind == QUAD else -1
    quad_ok = kind in (SINGLE, QUAD) or (kind == PAIR_RUN and length == 3)
    if quad_ok and any(sets[r] == 15 for r in range(low + 1, 12)):
        return False
    pairs = 3 if kind == SINGLE else (4 if kind in (PAIR, QUAD) else length + 1)
    if 2 * pairs > room:
        return True
    run = 0
    for r in range(12):
        run = run + 1 if _POP[sets[r]] >= 2 else 0
        if run >= pairs:
            return False
    return True


def combos(hand: int) -> list[Play]:
    """The pairs, triples and straights of ``hand`` (lowest cards of each), for leading to a one-card hand."""
    sets = _nibbles(hand)
    out: list[Play] = []
    for r in range(13):
        for k, kind in ((2, PAIR), (3, TRIPLE)):
            m = _lowest(sets[r], k)
            if m:
                out.append((kind, k, 4 * r + m.bit_length() - 1, m << (4 * r)))
    for start in range(10):
        mask = 0
        for end in range(start, 12):
            if not sets[end]:
                break
            mask |= _lowest(sets[end], 1) << (4 * end)
            if end - start >= 2:
                out.append((STRAIGHT, end - start + 1, mask.bit_length() - 1, mask))
    return out
