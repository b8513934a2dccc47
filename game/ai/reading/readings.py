"""What a hand could do against the table, read on bitmasks: beat it (and with what), chop a 2, or shed
loose singles. ``game.ai.reading.inference`` weighs the opponents' sampled hands with these readings;
``tests/ai/inference_reference.py`` reads the same things rank by rank, and the tests compare the two.

Each reading has a ``*_with`` form that takes the hand's rank counts (``shapes.counts``) already
made, for the inference's inner loop.
"""

from __future__ import annotations

from game.ai.playouts.plays import PAIR, PAIR_RUN, SINGLE, STRAIGHT, Play
from game.ai.playouts.shapes import ONES, PLAIN, TWOS, counts, starts


def beats_same_shape(hand: int, t: Play) -> int:
    """0 when ``hand`` holds nothing of ``t``'s shape that beats it; 1 when it does without a 2; 2 when
    only with 2s."""
    return beats_with(hand, counts(hand), t)


def beats_with(hand: int, c: int, t: Play) -> int:
    """``beats_same_shape`` with the hand's ``counts`` ``c``."""
    kind, length, top, _ = t
    if kind == SINGLE:
        above = hand >> (top + 1) << (top + 1)
        return 0 if not above else (1 if above & ~TWOS else 2)
    r = top >> 2
    if kind != STRAIGHT and kind != PAIR_RUN:  # a pair, triple or quad
        enough = (c + (8 - length) * ONES) >> 3 & ONES  # the ranks with ``length`` cards or more
        # The table's own rank beats it only with a higher pair.
        here = kind == PAIR and enough >> (4 * r) & 1 and (hand >> (4 * r) & 15) >> ((top & 3) + 1)
        if (enough & PLAIN) >> (4 * (r + 1)) or (here and r < 12):
            return 1
        return 2 if (r < 12 and enough >> 48) or here else 0
    ranks = (c + (7 if kind == STRAIGHT else 6) * ONES) >> 3 & PLAIN
    runs = ranks
    for shift in range(4, 4 * length, 4):
        runs &= ranks >> shift
    if runs >> (4 * (r - length + 2)):
        return 1  # a run ending higher
    return 1 if runs >> (4 * (r - length + 1)) & 1 and (hand >> (4 * r) & 15) >> ((top & 3) + 1) else 0


def loose_ranks(c: int) -> int:
    """The ranks 3 to A (as ``shapes.at_least``) where a hand of ``counts`` ``c`` holds one card in no
    pair, triple or run of three ranks."""
    held = (c + 7 * ONES) >> 3 & PLAIN
    runs = held & held >> 4 & held >> 8
    return held & ~((c + 6 * ONES) >> 3) & ~(runs | runs << 4 | runs << 8)


NONE, FREE, SAME, TWO = range(4)
#: The ``styles.PASS`` class of each ``could_beat`` answer but NONE.
CLASSES = ("free", "same", "two")


def could_beat(hand: int, t: Play) -> int:
    """What ``hand`` could beat the play ``t`` with: NONE; FREE (a single over a single, or an exact pair over
    a pair, that breaks no group and is no 2); SAME (a play of the shape without a 2, but only by breaking a
    bigger group); TWO (only with 2s)."""
    return could_with(hand, counts(hand), t)


def could_with(hand: int, c: int, t: Play) -> int:
    """``could_beat`` with the hand's ``counts`` ``c``."""
    beat = beats_with(hand, c, t)
    if beat != 1:
        return TWO if beat else NONE
    kind, _, top, _ = t
    if kind == SINGLE:
        return FREE if (hand & loose_ranks(c) * 15) >> (top + 1) else SAME
    if kind == PAIR:
        exact = (c + 6 * ONES) >> 3 & ~((c + 5 * ONES) >> 3) & PLAIN  # the ranks with exactly two cards
        r = top >> 2
        if exact >> (4 * (r + 1)) or (exact >> (4 * r) & 1 and (hand >> (4 * r) & 15) >> ((top & 3) + 1)):
            return FREE
    return SAME


def can_chop(hand: int, t: Play, quad_on_pair: bool) -> bool:
    """Whether ``hand`` holds a bomb that chops the 2-play ``t``."""
    return chops_with(counts(hand), t, quad_on_pair)


def chops_with(c: int, t: Play, quad_on_pair: bool) -> bool:
    """``can_chop`` with the hand's ``counts`` ``c``."""
    if t[0] not in (SINGLE, PAIR):
        return False
    if (t[0] == SINGLE or quad_on_pair) and c >> 2 & PLAIN:
        return True
    return bool(starts((c + 6 * ONES) >> 3 & PLAIN, 3 if t[0] == SINGLE else 4))
