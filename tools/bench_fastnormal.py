"""Speed of the hard bot's playouts: normal-like players (``game.ai.playouts.normal_like``) on the compact simulator.

``python tools/bench_fastnormal.py [--games 12] [--samples 6] [--variant mien-nam] [--players 4]``

Positions come from games among normal bots (every third decision). In each, it does what the hard bot's
search does per sampled deal: makes a normal-like player for every other seat, then plays out each of up to
six candidate plays (the acting seat's player made after its play). Prints playout moves per second
(players' plans included), by the wall clock and in processor time, and a checksum of every move played:
a change that only makes the playouts faster must leave the checksum as it was. ``--engine`` plays the same
playouts with the normal bot itself on the engine's ``Game`` too (the pure-Python twin of these players) and
prints how many times faster the compact simulator's are: what the bitmask twins are worth (docs/ai.md).
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_playouts import CANDIDATES, deal_for, positions  # noqa: E402

from game import Game, load_rules  # noqa: E402
from game.ai.normal import NormalBot  # noqa: E402
from game.ai.playouts.normal_like import NormalLike  # noqa: E402
from game.ai.playouts.players import Player, playout  # noqa: E402
from game.ai.playouts.plays import Flags, mask_of, play_of  # noqa: E402
from game.ai.playouts.sim import Sim  # noqa: E402
from game.engine.cards import Card  # noqa: E402
from game.engine.combos import classify  # noqa: E402
from game.engine.view import SeatView  # noqa: E402


def playouts(view: SeatView, hands: list[int], seed: float, flags: Flags, log: list[tuple[int, int]]) -> int:
    """Play each candidate out on one deal, as the hard bot's search does; the moves go to ``log``."""
    base = Sim.from_view(flags, view, hands)
    played = mask_of(view.played_cards)
    known: list[Player | None] = [None if s == view.seat or not hands[s] else NormalLike.for_seat(base, s, played)
                                  for s in range(view.players)]  # fmt: skip
    moves = 0
    for move in list(view.legal_moves)[:CANDIDATES]:
        combo = classify(move)
        assert combo is not None
        sim = base.copy()
        sim.log = log
        p = play_of(combo)
        sim.step(view.seat, p)
        moves += 1 + playout(sim, known, random.Random(seed), played | p[3], make=NormalLike.for_seat)
    return moves


def engine_playouts(view: SeatView, hands: list[list[Card]], seed: int) -> int:
    """The same playouts with the normal bot deciding on the engine (``Game.from_view``); the moves made."""
    moves = 0
    for move in list(view.legal_moves)[:CANDIDATES]:
        game = Game.from_view(view, hands)
        game.play(move, view.seat)
        bots = [NormalBot(seed) for _ in range(view.players)]
        moves += 1
        while not game.is_over:
            seat = game.current_player
            chosen = bots[seat].choose(game.view(seat))
            game.pass_turn(seat) if chosen is None else game.play(chosen, seat)
            moves += 1
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--samples", type=int, default=6)
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--engine", action="store_true", help="also time the normal bot itself on the engine")
    args = parser.parse_args()
    views = positions(args.variant, args.players, args.games)
    flags = Flags(load_rules(args.variant))
    rng = random.Random(1)
    dealt = [(view, deal_for(view, rng), rng.random()) for view in views for _ in range(args.samples)]
    deals = [(view, [mask_of(h) for h in hands], seed) for view, hands, seed in dealt]
    log: list[tuple[int, int]] = []
    start, start_cpu = time.perf_counter(), time.process_time()
    moves = sum(playouts(view, hands, seed, flags, log) for view, hands, seed in deals)
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    checksum = hashlib.sha256(repr(log).encode()).hexdigest()[:16]
    print(f"{len(views)} positions · {len(deals)} deals · {moves} playout moves · wall {wall:.2f} s, "
          f"{moves / wall:,.0f} moves/s · cpu {cpu:.2f} s, {moves / cpu:,.0f} moves/s · checksum {checksum}")
    if args.engine:
        start_cpu = time.process_time()
        slow = sum(engine_playouts(view, hands, int(seed * 1e9)) for view, hands, seed in dealt)
        slow_cpu = time.process_time() - start_cpu
        print(f"the normal bot on the engine: {slow} playout moves · cpu {slow_cpu:.2f} s, {slow / slow_cpu:,.0f} "
              f"moves/s · the compact simulator's players are {(moves / cpu) / (slow / slow_cpu):.1f}× as fast")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
