"""Engine speed: legal_moves on 13-card hands (leading and following) and full games per second.

Run: python tools/bench_engine.py [--games N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import load_rules, new_game  # noqa: E402


def time_legal_moves(samples: int, follow: bool) -> list[float]:
    rules = load_rules("mien-nam")
    times: list[float] = []
    rng = random.Random(1)
    while len(times) < samples:
        g = new_game(rules, 4, seed=rng.randrange(10**9))
        if g.is_over:
            continue
        if follow:
            g.play(g.legal_moves()[0])  # the next seat, still holding 13 cards, follows
        g._touch()  # measure a fresh generation, not the cache
        start = time.perf_counter()
        g.legal_moves()
        times.append((time.perf_counter() - start) * 1e6)
    return times


def games_per_second(games: int) -> float:
    rules = load_rules("mien-nam")
    start = time.perf_counter()
    for seed in range(games):
        g = new_game(rules, 4, seed=seed)
        while not g.is_over:
            moves = g.legal_moves()
            if moves:
                g.play(moves[0])
            else:
                g.pass_turn()
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--samples", type=int, default=2000)
    args = parser.parse_args()
    for label, follow in (("leading", False), ("following", True)):
        t = sorted(time_legal_moves(args.samples, follow))
        print(f"legal_moves, 13-card hand, {label:9}: median {statistics.median(t):7.1f} µs, "
              f"p95 {t[int(len(t) * 0.95)]:7.1f} µs, max {t[-1]:7.1f} µs")
    print(f"full 4-seat games, lowest legal move: {games_per_second(args.games):.0f} games/s")


if __name__ == "__main__":
    main()
