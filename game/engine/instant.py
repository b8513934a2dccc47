"""Instant wins (tới trắng): hand patterns that win on the deal."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from game.engine.cards import THREE_OF_SPADES, Card, Rank


def _counts(hand: Sequence[Card]) -> list[int]:
    counts = [0] * 13
    for c in hand:
        counts[c.rank] += 1
    return counts


def _consecutive_pairs(counts: list[int]) -> int:
    best = run = 0
    for r in range(12):  # 2s never join a run
        run = run + 1 if counts[r] >= 2 else 0
        best = max(best, run)
    return best


def dragon(hand: Sequence[Card]) -> bool:
    counts = _counts(hand)
    return all(counts[r] for r in range(12))


def four_twos(hand: Sequence[Card]) -> bool:
    return _counts(hand)[Rank.TWO] == 4


def pair_run_5(hand: Sequence[Card]) -> bool:
    return _consecutive_pairs(_counts(hand)) >= 5


def six_pairs(hand: Sequence[Card]) -> bool:
    # A triple holds one pair and a quad two.
    return sum(n // 2 for n in _counts(hand)) >= 6


def one_colour_12(hand: Sequence[Card]) -> bool:
    red = sum(1 for c in hand if c.is_red)
    return red >= 12 or len(hand) - red >= 12


def four_triples(hand: Sequence[Card]) -> bool:
    return sum(1 for n in _counts(hand) if n >= 3) >= 4


def four_threes(hand: Sequence[Card]) -> bool:
    return _counts(hand)[Rank.THREE] == 4


def three_pairs_with_3s(hand: Sequence[Card]) -> bool:
    counts = _counts(hand)
    return THREE_OF_SPADES in hand and all(counts[r] >= 2 for r in (Rank.THREE, Rank.FOUR, Rank.FIVE))


PATTERNS: dict[str, Callable[[Sequence[Card]], bool]] = {
    "dragon": dragon,
    "four_twos": four_twos,
    "pair_run_5": pair_run_5,
    "six_pairs": six_pairs,
    "one_colour_12": one_colour_12,
    "four_triples": four_triples,
    "four_threes": four_threes,
    "three_pairs_with_3s": three_pairs_with_3s,
}


def instant_win_pattern(hand: Sequence[Card], patterns: Sequence[str]) -> str | None:
    """The first of ``patterns`` that ``hand`` shows, or ``None``."""
    for name in patterns:
        if PATTERNS[name](hand):
            return name
    return None
