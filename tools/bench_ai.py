"""Decision time of each AI level: ``python tools/bench_ai.py [--games 30] [--levels easy,normal,hard]``.

Each level takes seat 0 against normal bots for a number of seeded games; every one of its decisions
is timed (``bot.choose(view)`` only, not building the view), by the wall clock and by processor time.
Prints p50 / p95 / p99 / max in ms, and how many decisions ran past their time limit + 50 ms. With
``--match`` the games are one match, the bots shown the end of each deal as at the table (a bot that reads
its opponents does so at its first decision of the next deal).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import load_rules, new_game  # noqa: E402
from game.ai.base import Bot  # noqa: E402
from lab.arena import parse_options  # noqa: E402
from lab.bots import make_bot  # noqa: E402


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def bench(level: str, games: int, variant: str, players: int, options: dict[str, object],
          match: bool = False) -> tuple[list[float], list[float], int]:  # fmt: skip
    """Wall-clock and processor times of ``level``'s decisions (sorted), and how many exceeded its time limit
    by more than 50 ms. With ``match`` the games are one match: the same bots throughout, each shown the end
    of every deal (``Bot.deal_over``), as the table does."""
    rules = load_rules(variant)
    times: list[float] = []
    cpu: list[float] = []
    over = 0
    bots: list[Bot] = []
    for seed in range(games):
        game = new_game(rules, players=players, seed=seed)
        if not match or not bots:
            bots = [make_bot(level, seed=seed, **options)]
            bots += [make_bot("normal", seed=seed + s) for s in range(1, players)]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            start, start_cpu = time.perf_counter(), time.process_time()
            move = bots[seat].choose(view)
            if seat == 0:
                times.append(time.perf_counter() - start)
                cpu.append(time.process_time() - start_cpu)
                limit = getattr(bots[0], "time_limit", None)
                over += limit is not None and times[-1] > limit + 0.05
            if move is None:
                game.pass_turn(seat)
            else:
                game.play(move, seat)
        if match:
            shown = [tuple(hand) for hand in game.hands]
            for seat, bot in enumerate(bots):
                bot.deal_over(game.view(seat), shown)
    return sorted(times), sorted(cpu), over


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--levels", default="easy,normal,hard,expert")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot-option", action="append", default=[], metavar="BOT.NAME=VALUE")
    parser.add_argument("--match", action="store_true", help="play the games as one match (bots remember)")
    args = parser.parse_args()
    options = parse_options(args.bot_option)
    print(f"{args.variant} · {args.players} players · {args.games} games per level"
          f"{' as one match' if args.match else ''} · ms per decision")
    print("wall: elapsed time (what a player waits on this machine now); cpu: this process's processor time")
    print("(what it would wait on an idle core). over limit: decisions past their time limit + 50 ms.")
    print(f"{'level':<8} {'clock':<5} {'decisions':>9} {'p50':>8} {'p95':>8} {'p99':>8} {'max':>8}  over limit")
    for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
        wall, cpu, over = bench(level, args.games, args.variant, args.players, options.get(level, {}), args.match)
        for name, t in (("wall", wall), ("cpu", cpu)):
            row = [percentile(t, 0.5), percentile(t, 0.95), percentile(t, 0.99), t[-1] if t else float("nan")]
            tail = f"  {over}" if name == "wall" else ""
            print(f"{level:<8} {name:<5} {len(t):>9} " + " ".join(f"{1000 * v:8.2f}" for v in row) + tail)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
