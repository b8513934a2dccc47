"""How often each bot passes when it could follow: ``python3 tools/bench_styles.py --games 200``.

The searching bots picture each opponent as keen (follows like the tuned normal bot) or patient (passes
unless a play is worth it, like baseline), and read which from how often it passed on its turns with a
play on the table (``game.ai.styles.PASS_RATE``). This measures those rates in games where two normal
and two baseline bots sit alternately (seats swapped every other deal), with the spread per game.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.styles import follow_turns  # noqa: E402
from game.arena import deal_hands  # noqa: E402
from game.game import new_game  # noqa: E402
from game.rules import load_rules  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--bots", default="normal,baseline", help="the two bots that sit alternately")
    args = parser.parse_args()
    rules = load_rules(args.variant)
    a, b = (x.strip() for x in args.bots.split(","))
    totals: dict[str, list[int]] = {a: [0, 0], b: [0, 0]}
    rates: dict[str, list[float]] = {a: [], b: []}
    for i in range(args.games):
        hands, leader = deal_hands(rules, 4, args.seed, i)
        lineup = [a, b, a, b] if i % 2 == 0 else [b, a, b, a]
        bots = [make_bot(name, seed=i * 10 + s) for s, name in enumerate(lineup)]
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        while not game.is_over:
            seat = game.current_player
            move = bots[seat].choose(game.view(seat))
            game.pass_turn(seat) if move is None else game.play(move, seat)
        view = game.view(0)
        for seat, name in enumerate(lineup):
            passes, turns = follow_turns(view, seat)
            totals[name][0] += passes
            totals[name][1] += turns
            if turns:
                rates[name].append(passes / turns)
    print(f"{args.variant} · {args.games} games · seed {args.seed}")
    for name, (passes, turns) in totals.items():
        xs = rates[name]
        mean = sum(xs) / len(xs)
        sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / len(xs))
        print(f"{name:<10} passed {passes} of {turns} turns with a play to follow: {passes / turns:.3f} "
              f"(per game {mean:.3f}, sd {sd:.3f}, {turns / len(xs):.1f} turns a game)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
