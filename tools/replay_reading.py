"""Could replaying the opponents' decisions place the hidden cards better? ``python3 tools/replay_reading.py``.

A diagnosis for the searching bots' hand sampling (``game.ai.inference``), never a way to play. In games of
normal (seat 0) against three opponents (``--opponents``), at each of seat 0's decisions it draws ``--draws``
deals of the unseen cards as the search draws them, and weighs each by replaying the whole deal so far on the
compact simulator with each opponent deciding as the normal-like playout player (``game.ai.fastnormal``, in the
opponent's real style): a decision the player would not have made holding that deal's hand multiplies the
weight by ``--eps``. It prints, by the opponent's hand size, the share of each opponent's hidden cards that a
deal puts in the right hand (each deal of the unseen cards dealt uniformly, as the search draws them, and as
the replay weighs the search's draws), how often the model makes the real decisions with the real hands, and
what a replay costs. One core; run it niced.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot, styles  # noqa: E402
from game.ai.fastrules import (
    flags_for,  # noqa: E402
    mask_of,  # noqa: E402
)
from game.ai.field import agreement  # noqa: E402
from game.ai.inference import Inference  # noqa: E402
from game.ai.weights import tuned  # noqa: E402
from game.arena import deal_hands  # noqa: E402
from game.game import new_game  # noqa: E402
from game.rules import load_rules  # noqa: E402

PHASES = ((10, 13), (5, 9), (1, 4))  # an opponent's cards at the decision


class Tally:
    """Right cards over hidden cards, for each phase and each way of drawing."""

    def __init__(self) -> None:
        self.right: dict[tuple[str, int], float] = {}
        self.cards: dict[int, int] = {}

    def add(self, way: str, deals: list[list[int]], weights: list[float], true: list[int], opps: list[int]) -> None:
        total = sum(weights)
        for s in opps:
            n = true[s].bit_count()
            phase = next((i for i, (lo, hi) in enumerate(PHASES) if lo <= n <= hi), None)
            if phase is None or total <= 0:
                continue
            right = sum(w * (d[s] & true[s]).bit_count() for d, w in zip(deals, weights, strict=True)) / total
            self.right[way, phase] = self.right.get((way, phase), 0.0) + right
            if way == "uniform":
                self.cards[phase] = self.cards.get(phase, 0) + n

    def share(self, way: str, phase: int) -> float:
        return self.right.get((way, phase), 0.0) / max(1, self.cards.get(phase, 0))


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--opponents", default="normal", choices=("normal", "baseline"))
    parser.add_argument("--draws", type=int, default=32, help="the search's draws weighed at each decision")
    parser.add_argument("--eps", type=float, default=0.1, help="a decision the model would not have made")
    parser.add_argument("--rounds", type=int, default=0, help="weigh only the last this many rounds (0: all)")
    args = parser.parse_args()
    rules = load_rules("mien-nam")
    flags = flags_for(rules)
    keen = tuned("normal")
    weights = keen if args.opponents == "normal" else styles.patient(keen)
    rng = random.Random(args.seed)
    tally, made, seen, replays, spent, decisions = Tally(), 0, 0, 0, 0.0, 0
    for index in range(args.deals):
        hands, leader = deal_hands(rules, 4, args.seed, index)
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        bots = [make_bot("normal", seed=index), *(make_bot(args.opponents, seed=4 * index + i) for i in (1, 2, 3))]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            if seat == 0 and view.history and len(view.legal_moves) > 1:
                decisions += 1
                true = [mask_of(h) for h in game.hands]
                for m, n in agreement(view, true, flags, lambda _: weights, rng).values():
                    made, seen = made + m, seen + n
                inference = Inference(view, 24, 0.5)
                opps = list(inference.opps)
                uniform = [inference.deal(rng)[0] for _ in range(args.draws)]
                drawn = [inference.draw(rng)[0] for _ in range(args.draws)]
                clock = time.perf_counter()
                likely = []
                for deal in drawn:
                    w = 1.0
                    for m, n in agreement(view, deal, flags, lambda _: weights, rng, args.rounds).values():
                        w *= args.eps ** (n - m)
                    likely.append(w)
                spent += time.perf_counter() - clock
                replays += len(drawn)
                tally.add("uniform", uniform, [1.0] * len(uniform), true, opps)
                tally.add("drawn", drawn, [1.0] * len(drawn), true, opps)
                tally.add("replayed", drawn, likely, true, opps)
            move = bots[seat].choose(view)
            game.pass_turn(seat) if move is None else game.play(move, seat)
    print(f"{decisions} decisions of normal against 3 {args.opponents}, {args.deals} deals, seed {args.seed}, "
          f"{args.draws} draws each, a decision the model would not make counted {args.eps}"
          + (f", the last {args.rounds} rounds replayed" if args.rounds else ""))  # fmt: skip
    print(f"the model makes {made} of the opponents' {seen} real decisions with their real hands "
          f"({made / max(1, seen):.1%})")
    print("opponent's cards   hidden cards   right: uniform   drawn   drawn, replayed")
    for i, (lo, hi) in enumerate(PHASES):
        print(f"{lo:>7}-{hi:<10} {tally.cards.get(i, 0):>12}   {tally.share('uniform', i):>14.3f}   "
              f"{tally.share('drawn', i):.3f}   {tally.share('replayed', i):.3f}")
    print(f"a replay of the deal so far: {1000 * spent / max(1, replays):.2f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
