"""The plan-playing playout policy on the engine: what the compact simulator (``lab.planned``) is timed against.

``tools/bench_playouts.py`` times both on the same deals; ``tests/ai/test_fastsim.py`` checks that the fast
planner makes the plans ``PlannedPlayer`` makes.

Leading, it plays the combination its lowest card naturally belongs to (a straight, a pair or triple,
or the card alone). Following, it plays the lowest combination of the same shape that beats the table,
keeps its 2s for high cards or a short hand, and always bombs a 2. It works straight on a ``Game``'s
hands (``Game.from_view`` with sampled hands), and the engine checks every play it makes.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.ai.judge.counting import Unseen
from game.ai.judge.planner import Planner
from game.engine.cards import Card
from game.engine.combos import PAIR, PAIR_RUN, QUAD, SINGLE, STRAIGHT, TRIPLE, Combo, classify
from game.engine.game import Game, IllegalMove
from game.rules import Rules

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


class PlannedPlayer:
    """A playout player that plans its hand once (like the normal bot) and then plays the plan quickly.

    It leads its weakest planned play, follows only with a planned play of the table's shape (or a bomb on
    a 2), and breaks its plan only when a seat is about to go out.
    """

    def __init__(self, hand: Sequence[Card], unseen: Unseen) -> None:
        planner = Planner(unseen)
        pool = sorted(hand)
        plays: list[tuple[float, tuple[Card, ...], Combo]] = []
        for g in planner.plan(hand).groups:
            cards = g.cards_from(pool)
            for c in cards:
                pool.remove(c)
            combo = classify(cards)
            if combo is not None:
                plays.append((planner.control(g) - 0.03 * len(cards), cards, combo))
        plays.sort(key=lambda p: (p[0], p[1][-1]))
        self.plays = plays

    def _available(self, hand: Sequence[Card]) -> list[tuple[float, tuple[Card, ...], Combo]]:
        held = set(hand)
        return [p for p in self.plays if held.issuperset(p[1])]

    def lead(self, hand: Sequence[Card], min_opp: int, rng: random.Random) -> tuple[Card, ...]:
        plays = self._available(hand)
        if not plays:
            return lead_move(hand, rng)
        if min_opp <= 2:
            safe = [p for p in plays if len(p[1]) != min_opp]
            if safe:
                return safe[0][1]
            return plays[-1][1]
        if len(plays) == 2:
            return plays[1][1]
        return plays[0][1]

    def follow(
        self, hand: Sequence[Card], table: Combo, rules: Rules, min_opp: int, rng: random.Random
    ) -> tuple[Card, ...] | None:
        plays = self._available(hand)
        if table.is_twos or table.is_bomb:
            bombs = [p for p in plays if p[2].is_bomb and rules.can_beat(p[2], table)]
            if bombs:
                return bombs[0][1]
        fits = [p for p in plays if _same_shape_beats(p[2], table)]
        if fits:
            best = min(fits, key=lambda p: p[1][-1])
            if best[2].is_twos and min_opp > 3 and table.top.rank < 10 and len(hand) > 5 and rng.random() < 0.6:
                return None
            return best[1]
        if min_opp <= 2 or len(hand) <= 3:
            return follow_move(hand, table, rng)
        return None


def _same_shape_beats(combo: Combo, table: Combo) -> bool:
    """``combo`` beats ``table`` without bombing (the common case, checked without building refusals)."""
    if combo.kind != table.kind or combo.length != table.length:
        return False
    if combo.kind in (TRIPLE, QUAD):
        return combo.top.rank > table.top.rank
    return combo.top > table.top


def planned_players(game: Game, seats: Sequence[int]) -> dict[int, PlannedPlayer]:
    """A ``PlannedPlayer`` for each of ``seats`` that still holds cards, planned against what it has seen."""
    played = {c for a in game.history if a.combo is not None for c in a.combo.cards}
    n = game.players
    out: dict[int, PlannedPlayer] = {}
    for s in seats:
        if game.hands[s]:
            others = [len(game.hands[o]) for o in range(n) if o != s and game.hands[o]] or [0]
            out[s] = PlannedPlayer(game.hands[s], Unseen.build(game.hands[s], played, others))
    return out


def planned_playout(
    game: Game, rng: random.Random, known: dict[int, PlannedPlayer] | None = None, max_steps: int = 400
) -> None:
    """Play ``game`` to its end with a ``PlannedPlayer`` in every seat (``known`` ones reused)."""
    n = game.players
    known = known or {}
    fresh = planned_players(game, [s for s in range(n) if s not in known])
    players: list[PlannedPlayer | None] = [known.get(s) or fresh.get(s) for s in range(n)]
    steps = 0
    while not game.is_over and steps < max_steps:
        steps += 1
        seat = game.current_player
        hand = game.hands[seat]
        table = game.table
        me = players[seat]
        min_opp = min((len(game.hands[o]) for o in range(n) if o != seat and game.hands[o]), default=13)
        if me is None:
            move = lead_move(hand, rng) if table is None else follow_move(hand, table, rng)
        elif table is None:
            move = me.lead(hand, min_opp, rng)
        else:
            move = me.follow(hand, table, game.rules, min_opp, rng)
        _apply(game, seat, move)


def _apply(game: Game, seat: int, move: Sequence[Card] | None) -> None:
    """Play ``move`` for ``seat``, or pass on ``None``. A play the engine refuses becomes a pass when
    following, or any legal lead when leading (a first play that must hold a given card)."""
    if move is None:
        game.pass_turn(seat)
        return
    try:
        game.play(move, seat)
    except IllegalMove:
        if game.table is None:
            game.play(game.legal_moves(seat)[0], seat)
        else:
            game.pass_turn(seat)
