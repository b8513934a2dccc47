"""The hand readings of ``game.ai.readings`` written the plain way, rank by rank: the reference their
bit-parallel versions are checked against (``tests/ai/test_fastshapes.py``)."""

from __future__ import annotations

from game.ai.fastrules import PAIR, QUAD, SINGLE, STRAIGHT, TRIPLE, Play

TWOS = 0xF << 48


def _sets(hand: int) -> list[int]:
    return [hand >> (4 * r) & 15 for r in range(13)]


def beats_same_shape(hand: int, t: Play) -> int:
    """0 when ``hand`` holds nothing of ``t``'s shape that beats it; 1 when it does without a 2; 2 when
    only with 2s."""
    kind, length, top, _ = t
    if kind == SINGLE:
        above = hand >> (top + 1) << (top + 1)
        return 0 if not above else (1 if above & ~TWOS else 2)
    sets = _sets(hand)
    r, suit = top >> 2, top & 3
    if kind in (PAIR, TRIPLE, QUAD):
        need = length
        best = 0
        for x in range(r, 13):
            s = sets[x]
            if s.bit_count() >= need and (x > r or (kind == PAIR and s >> (suit + 1))):
                best = 2 if x == 12 else 1
                if best == 1:
                    return 1
        return best
    width = 1 if kind == STRAIGHT else 2
    for end in range(max(r, length - 1), 12):
        if (end > r or sets[end] >> (suit + 1)) and all(
            sets[x].bit_count() >= width for x in range(end - length + 1, end + 1)
        ):
            return 1
    return 0


def loose(hand: int, below: int = 11) -> int:
    """The single cards of ``hand`` of a rank below ``below`` (an ace by default) that are in no pair,
    triple or run of three ranks."""
    sets = _sets(hand)
    out = 0
    for r in range(below):
        if sets[r].bit_count() == 1:
            lo = r
            while lo > 0 and sets[lo - 1]:
                lo -= 1
            hi = r
            while hi < 11 and sets[hi + 1]:
                hi += 1
            if hi - lo < 2:
                out |= sets[r] << (4 * r)
    return out


def loose_cards(hand: int) -> int:
    """Single cards below an ace that are in no pair, triple or run of three ranks."""
    return loose(hand).bit_count()


def could_beat(hand: int, t: Play) -> int:
    """0 nothing beats ``t``; 1 a loose single over a single, or an exact pair over a pair, no 2; 2 a play of
    the shape without a 2 that breaks a bigger group; 3 only 2s."""
    beat = beats_same_shape(hand, t)
    if beat != 1:
        return 3 if beat else 0
    kind, _, top, _ = t
    if kind == SINGLE:
        return 1 if loose(hand, 12) >> (top + 1) else 2
    if kind == PAIR:
        sets = _sets(hand)
        r, suit = top >> 2, top & 3
        if sets[r].bit_count() == 2 and sets[r] >> (suit + 1):
            return 1
        if any(sets[x].bit_count() == 2 for x in range(r + 1, 12)):
            return 1
    return 2


def can_chop(hand: int, t: Play, quad_on_pair: bool) -> bool:
    """Whether ``hand`` holds a bomb that chops the 2-play ``t``."""
    if t[0] not in (SINGLE, PAIR):
        return False
    sets = _sets(hand)
    if (t[0] == SINGLE or quad_on_pair) and any(s == 15 for s in sets[:12]):
        return True
    need, run = (3 if t[0] == SINGLE else 4), 0
    for s in sets[:12]:
        run = run + 1 if s.bit_count() >= 2 else 0
        if run >= need:
            return True
    return False
