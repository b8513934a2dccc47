"""An opponent written apart from ours, to check the bots against a style they were never shown:
``python3 -m lab.bots.outsider --bots hard,outsider,outsider,outsider --deals 150 --seed 5``.

The arguments are the arena's (``python3 -m lab.arena``), with one more bot, ``outsider``. It splits its
hand greedily (quads, then the longest straights that break few pairs, then triples, pairs and singles),
leads its lowest group (the longest first; with someone on one card its longest combination, with someone on
three cards or fewer a group of another size), follows only with a whole group, keeps its 2s until someone
is on five cards or fewer (or its hand is, or the table is an ace or higher), chops 2s with its bombs, and
breaks a group only to stop a player on two cards or fewer. It is not offered in the game.

``python3 -m lab.bots.outsider --exact-picture ARENA-ARGUMENTS`` is a diagnosis, never a way to play: the
searching bots' playouts picture every opponent exactly as the outsider plays (``OutsiderLike``) instead of keen
or patient, which says what a picture that makes all of a style's decisions would be worth against it
(lab/notes/ai-diary.md, "3 December (fourth look)"). It patches this process only, so it runs with one worker.
"""

from __future__ import annotations

import random
import sys
from collections import defaultdict
from types import SimpleNamespace

from game.ai.base import Bot, Move
from game.ai.playouts.players import Player
from game.ai.playouts.plays import Play, cards_of, combo_of, play_of
from game.ai.playouts.sim import Sim
from game.ai.search import pictured
from game.engine.cards import Card, Rank
from game.engine.combos import classify
from game.engine.view import SeatView

TWO = int(Rank.TWO)


def decompose(hand: tuple[Card, ...]) -> list[Move]:
    """The hand split greedily into groups (see the module docstring)."""
    by: dict[int, list[Card]] = defaultdict(list)
    for c in sorted(hand):
        by[int(c.rank)].append(c)
    groups: list[Move] = [tuple(by.pop(r)) for r in list(by) if len(by[r]) == 4]
    while True:
        best: list[int] = []
        run: list[int] = []
        for r in sorted(r for r in by if r < TWO):
            run = [*run, r] if run and r == run[-1] + 1 else [r]
            if len(run) > len(best):
                best = run
        while len(best) > 3 and len(by[best[0]]) >= 2:
            best = best[1:]
        while len(best) > 3 and len(by[best[-1]]) >= 2:
            best = best[:-1]
        if len(best) < 3 or sum(1 for r in best if len(by[r]) >= 2) > len(best) // 2:
            break
        groups.append(tuple(by[r].pop(0) for r in best))
        for r in best:
            if not by[r]:
                del by[r]
    groups += [tuple(by[r]) for r in sorted(by)]
    return groups


def is_bomb(m: Move) -> bool:
    combo = classify(m)
    return combo is not None and combo.is_bomb


class Outsider(Bot):
    """See the module docstring."""

    level = "outsider"

    def choose(self, view: SeatView) -> Move | None:
        moves = list(view.legal_moves)
        if not moves:
            return None
        for m in moves:
            if len(m) == len(view.hand):
                return m
        low = min((n for s, n in enumerate(view.counts) if s != view.seat and n > 0), default=13)
        groups = decompose(view.hand)
        if view.table is None:
            return self.lead(view, moves, groups, low)
        if view.table.is_twos or view.table.is_bomb:
            bombs = [m for m in moves if is_bomb(m)]
            if bombs:
                return min(bombs, key=lambda m: (len(m), max(m)))
        clean = [m for m in moves if m in groups]
        if clean:
            m = min(clean, key=max)
            if max(m).rank == TWO:
                keep = low > 5 and len(view.hand) > 5 and view.table.top.rank < int(Rank.ACE)
                return None if keep else m
            if is_bomb(m) and not (view.table.is_twos or low <= 3):
                return None
            return m
        if low <= 2 or len(view.hand) <= 3:
            return min(moves, key=lambda m: (max(m), len(m)))
        return None

    @staticmethod
    def lead(view: SeatView, moves: list[Move], groups: list[Move], low: int) -> Move:
        legal = set(moves)
        if view.must_contain is not None:
            first = [g for g in groups if view.must_contain in g and g in legal]
            return first[0] if first else min(moves, key=lambda m: (-len(m), max(m)))
        options = [g for g in groups if g in legal]
        if not options:
            return min(moves, key=max)
        if low == 1:
            combos = [g for g in options if len(g) > 1]
            return max(combos, key=len) if combos else max(options, key=max)
        plain = [g for g in options if max(g).rank != TWO and not is_bomb(g)]
        if low <= 3:
            safe = [g for g in plain if len(g) != low]
            return min(safe, key=lambda g: (max(g), -len(g))) if safe else max(options, key=max)
        if plain:
            return min(plain, key=lambda g: (max(g).rank, -len(g), max(g)))
        return min(options, key=max)


class OutsiderLike:
    """The outsider as a playout player on the compact simulator: the same decisions, through a view of ``sim``."""

    __slots__ = ()
    bot = Outsider(0)

    def move(self, sim: Sim, seat: int, rng: random.Random) -> Play | None:
        mask = sim.hands[seat]
        legal = tuple(tuple(cards_of(p[3])) for p in sim.f.answers(mask, sim.table) if sim.allowed(seat, p))
        view = SimpleNamespace(hand=tuple(cards_of(mask)), counts=tuple(h.bit_count() for h in sim.hands), seat=seat,
                               table=combo_of(sim.table) if sim.table is not None else None, legal_moves=legal,
                               must_contain=cards_of(1 << sim.must)[0] if sim.must >= 0 else None)  # fmt: skip
        m = self.bot.choose(view)  # type: ignore[arg-type]
        combo = classify(m) if m is not None else None
        return play_of(combo) if combo is not None else None


def picture_exactly() -> None:
    """Make the searching bots' playouts picture every opponent as the outsider (``--exact-picture``)."""
    make = pictured.Pictured.make
    exact = OutsiderLike()

    def make_exact(self: pictured.Pictured, sim: Sim, seat: int, played: int) -> Player:
        return make(self, sim, seat, played) if seat == self.seat else exact

    pictured.Pictured.make = make_exact  # type: ignore[method-assign]


def main(argv: list[str] | None = None) -> int:
    """The arena (``lab.arena``), its searching bots picturing every opponent as the outsider when asked."""
    from lab import arena

    argv = list(sys.argv[1:] if argv is None else argv)
    if "--exact-picture" in argv:
        argv.remove("--exact-picture")
        picture_exactly()
        argv = [a for a in argv if not a.startswith("--workers")] + ["--workers", "1"]
    return arena.main(argv)


if __name__ == "__main__":
    raise SystemExit(main())
