"""How real the sampled opponent hands look: ``python3 -m lab.checks.inference_check [--games 40] [--samples 20]``.

In games among normal bots, at every fourth decision of seat 0, each opponent's real hand is compared
with hands sampled for it uniformly (every consistent deal alike) and by ``game.ai.reading.inference`` (deals
weighted by the history). Two measures: plays per card (how many plays the normal bot's planner needs
for the hand, per card: loose hands need more), and the rank of a one-card opponent's last card (3 = 0,
2 = 12). Closer to the real hands is better.
"""

from __future__ import annotations

import argparse
import random

from game import load_rules, new_game
from game.ai.playouts.plan import Control, plan_groups
from game.ai.playouts.plays import ALL_CARDS, mask_of
from game.ai.reading.inference import Inference
from lab.bots import make_bot


def plays_per_card(hand: int) -> float:
    _, groups = plan_groups(hand, Control(ALL_CARDS & ~hand, 13, 1.0))
    return len(groups) / hand.bit_count()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--samples", type=int, default=20)
    parser.add_argument("--variant", default="mien-nam")
    args = parser.parse_args()
    rules = load_rules(args.variant)
    real: dict[str, list[float]] = {"ppc": [], "last": []}
    uniform: dict[str, list[float]] = {"ppc": [], "last": []}
    weighted: dict[str, list[float]] = {"ppc": [], "last": []}
    rng = random.Random(7)
    for seed in range(args.games):
        game = new_game(rules, players=4, seed=seed)
        bots = [make_bot("normal", seed=seed * 4 + s) for s in range(4)]
        turn = 0
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            if seat == 0 and turn % 4 == 0:
                inf = Inference(view)
                for s in inf.opps:
                    true = mask_of(game.hands[s])
                    key = "last" if view.counts[s] == 1 else "ppc"
                    if key == "ppc" and view.counts[s] < 4:
                        continue
                    measure = (lambda h: (h.bit_length() - 1) >> 2) if key == "last" else plays_per_card
                    real[key].append(measure(true))
                    for _ in range(args.samples):
                        uniform[key].append(measure(inf.deal(rng)[0][s]))
                        weighted[key].append(measure(inf.sample(rng)[0][s]))
            if seat == 0:
                turn += 1
            move = bots[seat].choose(view)
            game.pass_turn() if move is None else game.play(move)

    def avg(xs: list[float]) -> str:
        return f"{sum(xs) / len(xs):6.3f}" if xs else "   n/a"

    print(f"{args.variant} · {args.games} games · {args.samples} samples per opponent and decision")
    print(f"{'':<32} {'real':>7} {'uniform':>8} {'weighted':>9}")
    print(f"{'plays per card (4+ cards)':<32} {avg(real['ppc'])} {avg(uniform['ppc'])}  {avg(weighted['ppc'])}"
          f"   ({len(real['ppc'])} hands)")  # fmt: skip
    print(f"{'rank of a one-card hand':<32} {avg(real['last'])} {avg(uniform['last'])}  {avg(weighted['last'])}"
          f"   ({len(real['last'])} hands)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
