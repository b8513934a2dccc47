"""The six combination kinds, recognising them, and finding every one inside a hand."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations, product

from game.engine.cards import Card, Rank

SINGLE = "single"
PAIR = "pair"
TRIPLE = "triple"
STRAIGHT = "straight"
PAIR_RUN = "pair_run"
QUAD = "quad"
KINDS = (SINGLE, PAIR, TRIPLE, STRAIGHT, PAIR_RUN, QUAD)


@dataclass(frozen=True)
class Combo:
    """A playable combination: its kind, its cards (sorted) and its size.

    ``length`` is the number of ranks for straights and pair runs (pairs in a run), else the card count.
    """

    kind: str
    cards: tuple[Card, ...]
    length: int

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def is_bomb(self) -> bool:
        """Quads and pair runs are the bombs ("hàng")."""
        return self.kind == QUAD or self.kind == PAIR_RUN

    @property
    def is_twos(self) -> bool:
        """A single 2, a pair of 2s or a triple of 2s ("heo")."""
        return self.cards[0].rank == Rank.TWO

    def describe(self) -> str:
        """Plain English such as "a 4-card straight" or "a run of 3 pairs"."""
        if self.kind == STRAIGHT:
            return f"a {self.length}-card straight"
        if self.kind == PAIR_RUN:
            return f"a run of {self.length} pairs"
        if self.kind == SINGLE:
            return "a single 2" if self.is_twos else "a single"
        if self.kind == PAIR:
            return "a pair of 2s" if self.is_twos else "a pair"
        if self.kind == TRIPLE:
            return "a triple"
        return "a quad"

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


def classify(cards: Iterable[Card]) -> Combo | None:
    """The combination these cards form, or ``None`` when they form none; anything but cards is a TypeError."""
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise TypeError(f"classify takes a collection of Card, not {type(cards).__name__} {cards!r}")
    cs = tuple(cards)
    for c in cs:
        if not isinstance(c, Card):
            raise TypeError(f"classify takes Card values, not {type(c).__name__} {c!r}")
    cs = tuple(sorted(cs))
    n = len(cs)
    if n == 0 or len(set(cs)) != n:
        return None
    ranks = [c.rank for c in cs]
    if n == 1:
        return Combo(SINGLE, cs, 1)
    if ranks[0] == ranks[-1]:
        if n <= 4:
            return Combo((PAIR, TRIPLE, QUAD)[n - 2], cs, n)
        return None
    if ranks[-1] == Rank.TWO:
        return None
    if n >= 3 and all(ranks[i + 1] == ranks[i] + 1 for i in range(n - 1)):
        return Combo(STRAIGHT, cs, n)
    if n >= 6 and n % 2 == 0:
        pairs = n // 2
        if all(ranks[2 * i] == ranks[2 * i + 1] for i in range(pairs)) and all(
            ranks[2 * i + 2] == ranks[2 * i] + 1 for i in range(pairs - 1)
        ):
            return Combo(PAIR_RUN, cs, pairs)
    return None


def _by_rank(hand: Sequence[Card]) -> list[list[Card]]:
    groups: list[list[Card]] = [[] for _ in range(13)]
    for c in hand:
        groups[c.rank].append(c)
    for g in groups:
        g.sort()
    return groups


def _runs(groups: list[list[Card]], width: int, min_len: int, max_len: int = 12) -> Iterator[tuple[int, int]]:
    """(start rank, length) of every run of consecutive ranks below 2 holding at least ``width`` cards each."""
    for start in range(12):
        length = 0
        while start + length < 12 and len(groups[start + length]) >= width and length < max_len:
            length += 1
            if length >= min_len:
                yield start, length


def generate(hand: Sequence[Card], kinds: Iterable[str] = KINDS, length: int | None = None) -> Iterator[Combo]:
    """Every combination of the given kinds that can be made from ``hand`` (all suit choices).

    ``length`` restricts straights and pair runs to that many ranks.
    """
    groups = _by_rank(hand)
    wanted = set(kinds)
    if SINGLE in wanted:
        for c in sorted(hand):
            yield Combo(SINGLE, (c,), 1)
    for size, kind in ((2, PAIR), (3, TRIPLE), (4, QUAD)):
        if kind in wanted:
            for g in groups:
                if len(g) >= size:
                    for cs in combinations(g, size):
                        yield Combo(kind, cs, size)
    if STRAIGHT in wanted:
        lo, hi = (3, 12) if length is None else (length, length)
        for start, n in _runs(groups, 1, lo, hi):
            for cs in product(*groups[start : start + n]):
                yield Combo(STRAIGHT, cs, n)
    if PAIR_RUN in wanted:
        lo, hi = (3, 12) if length is None else (length, length)
        for start, n in _runs(groups, 2, lo, hi):
            choices = [list(combinations(groups[r], 2)) for r in range(start, start + n)]
            for picks in product(*choices):
                yield Combo(PAIR_RUN, tuple(c for pair in picks for c in pair), n)
