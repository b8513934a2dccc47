"""A fast playout policy for the hard bot's simulations: a sensible player that thinks for microseconds.

Leading, it plays the combination its lowest card naturally belongs to (a straight, a pair or triple,
or the card alone). Following, it plays the lowest combination of the same shape that beats the table,
keeps its 2s for high cards or a short hand, and always bombs a 2. It works straight on a ``Game``'s
hands (``Game.from_view`` with sampled hands), and the engine checks every play it makes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.cards import Card
from game.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo
from game.game import Game, IllegalMove

TWO = 12


def _by_rank(hand: Sequence[Card]) -> list[list[Card]]:
    groups: list[list[Card]] = [[] for _ in range(13)]
    for c in hand:
        groups[c.rank].append(c)
    return groups


def _run(groups: list[list[Card]], start: int, width: int) -> int:
    n = 0
    while start + n < 12 and len(groups[start + n]) >= width:
        n += 1
    return n


def lead_move(hand: Sequence[Card], rng: random.Random) -> tuple[Card, ...]:
    """The natural play for the hand's lowest card."""
    groups = _by_rank(hand)
    low = min(hand)
    r = int(low.rank)
    if r < TWO and rng.random() < 0.85:
        n = _run(groups, r, 1)
        if n >= 3 and len(groups[r]) == 1:
            return tuple(groups[x][0] for x in range(r, r + n))
        if 2 <= len(groups[r]) <= 3:
            return tuple(groups[r])
    return (low,)


def follow_move(hand: Sequence[Card], table: Combo, rng: random.Random) -> tuple[Card, ...] | None:
    """The lowest play of the table's shape that beats it, or a bomb on a 2; ``None`` to pass."""
    groups = _by_rank(hand)
    kind, top = table.kind, table.top
    if table.is_twos or table.is_bomb:
        bomb = _bomb(groups, table)
        if bomb is not None:
            return bomb
    if kind == SINGLE:
        for c in hand:
            if c > top:
                if c.rank == TWO and top.rank < 9 and len(hand) > 4 and rng.random() < 0.7:
                    return None
                if len(groups[c.rank]) >= 2 and c.rank != TWO and rng.random() < 0.5:
                    continue  # keep a pair together if a loose card will do
                return (c,)
        return None
    if kind in (PAIR, TRIPLE):
        width = 2 if kind == PAIR else 3
        for r in range(top.rank, 13):
            g = groups[r]
            if len(g) >= width:
                pick = tuple(g[:width]) if r > top.rank else tuple(g[-width:])
                if pick[-1] > top:
                    if r == TWO and len(hand) > 5 and rng.random() < 0.6:
                        return None
                    return pick
        return None
    if kind in (STRAIGHT, PAIR_RUN):
        width = 1 if kind == STRAIGHT else 2
        n = table.length
        for start in range(top.rank - n + 1, 12 - n + 1):
            if all(len(groups[x]) >= width for x in range(start, start + n)):
                cards = [c for x in range(start, start + n - 1) for c in groups[x][:width]]
                last = groups[start + n - 1]
                cards.extend(last[-width:])
                if cards[-1] > top:
                    return tuple(cards)
        return None
    if kind == QUAD:
        for r in range(top.rank + 1, 12):
            if len(groups[r]) == 4:
                return tuple(groups[r])
    return None


def _bomb(groups: list[list[Card]], table: Combo) -> tuple[Card, ...] | None:
    for r in range(12):
        if len(groups[r]) == 4 and (table.kind != QUAD or r > table.top.rank):
            return tuple(groups[r])
    for start in range(12):
        n = _run(groups, start, 2)
        if n >= 3:
            return tuple(c for x in range(start, start + n) for c in groups[x][:2])
    return None


def playout(game: Game, rng: random.Random, max_steps: int = 400) -> None:
    """Play ``game`` to its end with the rollout policy for every seat."""
    steps = 0
    while not game.is_over and steps < max_steps:
        steps += 1
        seat = game.current_player
        hand = game.hands[seat]
        table = game.table
        move = lead_move(hand, rng) if table is None else follow_move(hand, table, rng)
        if move is None:
            game.pass_turn(seat)
            continue
        try:
            game.play(move, seat)
        except IllegalMove:
            if table is None:
                # A lead the engine refuses (a first play that must hold a given card): play any legal one.
                game.play(game.legal_moves(seat)[0], seat)
            else:
                game.pass_turn(seat)
