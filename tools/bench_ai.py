"""Decision time of each AI level: ``python tools/bench_ai.py [--games 30] [--levels easy,normal,hard]``.

Each level takes seat 0 against normal bots for a number of seeded games; every one of its decisions
is timed (``bot.choose(view)`` only, not building the view). Prints p50 / p95 / p99 / max in ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import load_rules, new_game  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.arena import parse_options  # noqa: E402


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def bench(level: str, games: int, variant: str, players: int, options: dict[str, object]) -> list[float]:
    rules = load_rules(variant)
    times: list[float] = []
    for seed in range(games):
        game = new_game(rules, players=players, seed=seed)
        bots = [make_bot(level, seed=seed, **options)] + [make_bot("normal", seed=seed + s) for s in range(1, players)]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            start = time.perf_counter()
            move = bots[seat].choose(view)
            if seat == 0:
                times.append(time.perf_counter() - start)
            if move is None:
                game.pass_turn(seat)
            else:
                game.play(move, seat)
    return sorted(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot-option", action="append", default=[], metavar="BOT.NAME=VALUE")
    args = parser.parse_args()
    options = parse_options(args.bot_option)
    print(f"{args.variant} · {args.players} players · {args.games} games per level · ms per decision")
    print(f"{'level':<8} {'decisions':>9} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}")
    for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
        t = bench(level, args.games, args.variant, args.players, options.get(level, {}))
        row = [percentile(t, 0.5), percentile(t, 0.95), percentile(t, 0.99), t[-1] if t else float("nan")]
        print(f"{level:<8} {len(t):>9} " + " ".join(f"{1000 * v:8.2f}" for v in row))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
