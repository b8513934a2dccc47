"""Thối: what the cards left in a hand cost — each 2 at its price, the bombs read the way that prices highest,
then the plain cards — as one figure (``hand_value``) and item by item (``priced_items``). ``game.engine.scoring``
settles a finished game with these figures."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from game.engine.cards import Card, Rank
from game.rules.variant import Prices, Rules


@lru_cache(maxsize=65536)
def _best_items(prices: Prices, counts: tuple[int, ...]) -> float:
    """Highest price of the non-2 cards described by ``counts``: bombs as items, the rest plain."""
    r = next((i for i, n in enumerate(counts) if n), None)
    if r is None:
        return 0.0
    rest = list(counts)
    rest[r] -= 1
    best = prices.plain_card + _best_items(prices, tuple(rest))
    if counts[r] == 4:
        rest = list(counts)
        rest[r] = 0
        best = max(best, prices.quad + _best_items(prices, tuple(rest)))
    for length, price in ((3, prices.pair_run_3), (4, prices.pair_run_4)):
        if r + length <= 12 and all(counts[r + i] >= 2 for i in range(length)):
            rest = list(counts)
            for i in range(length):
                rest[r + i] -= 2
            best = max(best, price + _best_items(prices, tuple(rest)))
    return best


def hand_value(rules: Rules, hand: Sequence[Card]) -> float:
    """The hand's thối value: each 2 at its price, bombs read the way that prices highest, plain cards."""
    counts = [0] * 12
    total = 0.0
    for card in hand:
        if card.rank == Rank.TWO:
            total += rules.prices.two[card.suit]
        else:
            counts[card.rank] += 1
    return total + _best_items(rules.prices, tuple(counts))


@dataclass(frozen=True)
class PricedItem:
    """One part of a hand's thối value: a 2, a bomb, or the plain cards together (``kind`` "plain")."""

    kind: str  # two | quad | pair_run_3 | pair_run_4 | plain
    cards: tuple[Card, ...]
    price: float  # of the whole item


@lru_cache(maxsize=4096)
def _best_plan(prices: Prices, counts: tuple[int, ...]) -> tuple[float, tuple[tuple[str, int], ...]]:
    """``_best_items`` with the reading that gives it: the bombs as (kind, lowest rank)."""
    r = next((i for i, n in enumerate(counts) if n), None)
    if r is None:
        return 0.0, ()
    rest = list(counts)
    rest[r] -= 1
    value, plan = _best_plan(prices, tuple(rest))
    best = (prices.plain_card + value, plan)
    options: list[tuple[str, float, list[int]]] = []
    if counts[r] == 4:
        options.append(("quad", prices.quad, [r, r, r, r]))
    for length, price in ((3, prices.pair_run_3), (4, prices.pair_run_4)):
        if r + length <= 12 and all(counts[r + i] >= 2 for i in range(length)):
            options.append((f"pair_run_{length}", price, [r + i for i in range(length) for _ in (0, 1)]))
    for kind, price, used in options:
        rest = list(counts)
        for rank in used:
            rest[rank] -= 1
        value, plan = _best_plan(prices, tuple(rest))
        if price + value >= best[0]:  # on a tie the bomb is named: it is what the hand holds
            best = (price + value, ((kind, r), *plan))
    return best


def priced_items(rules: Rules, hand: Sequence[Card]) -> tuple[PricedItem, ...]:
    """How ``hand_value`` reads ``hand``: each 2, the bombs that price it highest, then the plain cards
    (left out where plain cards cost nothing). The prices add up to ``hand_value(rules, hand)``."""
    items = [PricedItem("two", (c,), rules.prices.two[c.suit]) for c in sorted(hand) if c.rank == Rank.TWO]
    by_rank: dict[int, list[Card]] = {}
    for card in sorted(hand):
        if card.rank != Rank.TWO:
            by_rank.setdefault(card.rank, []).append(card)
    counts = tuple(len(by_rank.get(r, ())) for r in range(12))
    prices = {"quad": rules.prices.quad, "pair_run_3": rules.prices.pair_run_3,
              "pair_run_4": rules.prices.pair_run_4}  # fmt: skip
    for kind, low in _best_plan(rules.prices, counts)[1]:
        if kind == "quad":
            cards = by_rank.pop(low)
        else:
            cards = []
            for rank in range(low, low + int(kind[-1])):
                cards += by_rank[rank][:2]
                del by_rank[rank][:2]
        items.append(PricedItem(kind, tuple(cards), prices[kind]))
    plain = tuple(sorted(c for cards in by_rank.values() for c in cards))
    if plain and rules.prices.plain_card:
        items.append(PricedItem("plain", plain, rules.prices.plain_card * len(plain)))
    return tuple(items)
