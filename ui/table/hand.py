"""The human's hand as the table shows it: card order, selection, keyboard focus, hints. No pygame."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from game.engine.cards import Card
from game.engine.combos import classify

Move = tuple[Card, ...]


def move_order(move: Move) -> tuple[int, int, int, int]:
    """Hint order, best first: ordinary plays before 2s before bombs; shed more cards; then lowest."""
    combo = classify(move)
    rank = 2 if combo and combo.is_bomb else 1 if combo and combo.is_twos else 0
    return (rank, -len(move), max(c.index for c in move), 0)


def group_into_combos(cards: Sequence[Card]) -> list[list[Card]]:
    """Greedy grouping for the "sort by combination" view: quads, pair runs, straights, triples, pairs, singles."""
    left = sorted(cards)
    groups: list[list[Card]] = []

    def by_rank(pool: list[Card]) -> dict[int, list[Card]]:
        out: dict[int, list[Card]] = {}
        for c in pool:
            out.setdefault(int(c.rank), []).append(c)
        return out

    def take(group: list[Card]) -> None:
        groups.append(group)
        for c in group:
            left.remove(c)

    for _rank, cs in sorted(by_rank(left).items()):
        if len(cs) == 4:
            take(cs)
    while True:  # pair runs of 3+ pairs, longest first (2s excluded)
        ranks = by_rank(left)
        best: list[int] = []
        run: list[int] = []
        for r in range(12):
            run = [*run, r] if len(ranks.get(r, [])) >= 2 else []
            if len(run) > len(best):
                best = run
        if len(best) < 3:
            break
        take([c for r in best for c in ranks[r][:2]])
    while True:  # straights of 3+, longest first
        ranks = by_rank(left)
        best, run = [], []
        for r in range(12):
            run = [*run, r] if ranks.get(r) else []
            if len(run) > len(best):
                best = run
        if len(best) < 3:
            break
        take([ranks[r][0] for r in best])
    for size in (3, 2):
        for _rank, cs in sorted(by_rank(left).items()):
            if len(cs) >= size:
                take(cs[:size])
    for c in list(left):
        take([c])
    groups.sort(key=lambda g: (g[0].rank, g[0].suit))
    return groups


def unplayable(cards: Iterable[Card], legal: Iterable[Move]) -> frozenset[Card]:
    """The cards that belong to none of the ``legal`` moves (the table dims them)."""
    usable = {c for move in legal for c in move}
    return frozenset(c for c in cards if c not in usable)


class HandModel:
    """What the player has selected, where the keyboard cursor is, and how the hand is arranged."""

    def __init__(self, cards: Iterable[Card] = ()) -> None:
        self.cards: list[Card] = sorted(cards)
        self.selected: set[Card] = set()
        self.focus = 0
        self.focus_shown = False  # the keyboard cursor is on screen (from the first key until a click)
        self.grouped = False
        self.groups: list[list[Card]] = []
        self.hints: list[Move] = []
        self.hint_index = -1

    # -- arrangement ---------------------------------------------------------------------------------
    def set_cards(self, cards: Iterable[Card]) -> None:
        new = sorted(cards)
        self.selected &= set(new)
        if self.grouped:
            self.groups = group_into_combos(new)
            self.cards = [c for g in self.groups for c in g]
        else:
            self.cards = new
        self.focus = min(self.focus, max(0, len(self.cards) - 1))
        self.reset_hints()

    def toggle_sort(self) -> None:
        self.grouped = not self.grouped
        if self.grouped:
            self.groups = group_into_combos(self.cards)
            self.cards = [c for g in self.groups for c in g]
        else:
            self.groups = []
            self.cards = sorted(self.cards)

    def gap_before(self, index: int) -> bool:
        """True where a new group starts (grouped view leaves a little space there)."""
        if not self.grouped or index == 0:
            return False
        starts, n = set(), 0
        for g in self.groups:
            starts.add(n)
            n += len(g)
        return index in starts

    # -- selection -----------------------------------------------------------------------------------
    def toggle(self, card: Card) -> None:
        if card in self.selected:
            self.selected.discard(card)
        elif card in self.cards:
            self.selected.add(card)
        if card in self.cards:
            self.focus = self.cards.index(card)

    def clear(self) -> bool:
        had = bool(self.selected)
        self.selected.clear()
        self.hint_index = -1
        return had

    def select_only(self, cards: Iterable[Card]) -> None:
        self.selected = {c for c in cards if c in self.cards}

    def select_range(self, a: Card, b: Card, on: bool, base: set[Card]) -> None:
        """Drag selection: cards between ``a`` and ``b`` (in hand order) switched ``on`` or off over ``base``."""
        i, j = sorted((self.cards.index(a), self.cards.index(b)))
        span = set(self.cards[i : j + 1])
        self.selected = (base | span) if on else (base - span)

    def smart_pick(self, card: Card, legal: Sequence[Move], table_present: bool) -> bool:
        """With a play on the table and nothing selected, pick the smallest legal play holding ``card``."""
        if not table_present or self.selected or card not in self.cards:
            return False
        holding = [m for m in legal if card in m]
        if not holding:
            return False
        best = min(holding, key=lambda m: (len(m), max(c.index for c in m)))
        if len(best) == 1:
            return False
        self.selected = set(best)
        self.focus = self.cards.index(card)
        return True

    @property
    def selection(self) -> list[Card]:
        return sorted(self.selected)

    # -- keyboard ------------------------------------------------------------------------------------
    def move_focus(self, step: int) -> None:
        """Move the keyboard cursor ``step`` cards, stopping at either end (it never wraps round, so Left
        pressed more times than there are cards lands on the first card). A hidden cursor is first shown where
        it is: the first key shows it, the next ones move it."""
        if not self.cards:
            return
        if not self.focus_shown:
            self.focus_shown = True
            return
        self.focus = max(0, min(len(self.cards) - 1, self.focus + step))

    @property
    def focused(self) -> Card | None:
        """The card under the keyboard cursor while the cursor is shown."""
        return self.cards[self.focus] if self.focus_shown and self.cards else None

    # -- hints ---------------------------------------------------------------------------------------
    def reset_hints(self) -> None:
        self.hints = []
        self.hint_index = -1

    def next_hint(self, legal: Sequence[Move]) -> Move | None:
        """Select the next legal play, best first, cycling."""
        if not self.hints:
            self.hints = sorted(legal, key=move_order)
        if not self.hints:
            return None
        self.hint_index = (self.hint_index + 1) % len(self.hints)
        move = self.hints[self.hint_index]
        self.select_only(move)
        return move
