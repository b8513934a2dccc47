"""How well each picture of a patient player predicts one: ``python3 -m lab.checks.picture_check --games 200``.

The searching bots' playouts picture a patient opponent as a normal-like player holding some weight set,
made patient (``game.ai.reading.styles.picture``). In games where ``--bots`` sit alternately (seats swapped every
other deal), at every decision of the second bot (the patient one, baseline unless given) that had a choice,
each picture decides with the real hand and the same view; this counts how often it made the same move, by
the kind of decision (a lead, a follow the player made, a pass it made). A picture that makes the player's
moves more often is a closer model of it for the playouts.
"""

from __future__ import annotations

import argparse
from collections import defaultdict

from game.ai.judge.weights import LEVELS, Weights, tuned
from game.ai.normal import NormalBot
from game.ai.reading.styles import patient, picture
from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab.arena import deal_hands
from lab.bots import make_bot


def pictures() -> dict[str, Weights]:
    """Every tuned set made patient, the defaults made patient, and the tuned normal set as it is (keen)."""
    found = {level: picture(level) for level in LEVELS if level != "hard"}  # no hard set ships
    found["defaults"] = patient(Weights())
    found["normal, keen"] = tuned("normal")
    return found


PLURAL = {"lead": "leads", "follow": "follows", "pass": "passes"}


def kind_of(view: SeatView, passed: bool) -> str:
    return "lead" if view.table is None else ("pass" if passed else "follow")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=91)
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument(
        "--bots", default="normal,baseline", help="the two bots that sit alternately; the second is read"
    )
    args = parser.parse_args()
    rules = load_rules(args.variant)
    a, b = (x.strip() for x in args.bots.split(","))
    models = {name: NormalBot(0, weights=w, adapt=0.0) for name, w in pictures().items()}
    same: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    decisions: dict[str, int] = defaultdict(int)
    for i in range(args.games):
        hands, leader = deal_hands(rules, 4, args.seed, i)
        lineup = [a, b, a, b] if i % 2 == 0 else [b, a, b, a]
        bots = [make_bot(name, seed=i * 10 + s) for s, name in enumerate(lineup)]
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            move = bots[seat].choose(view)
            if lineup[seat] == b and len(view.legal_moves) + (view.table is not None) > 1:
                kind = kind_of(view, move is None)
                decisions[kind] += 1
                made = None if move is None else sorted(move)
                for name, model in models.items():
                    guess = model.choose(view)
                    same[name][kind] += (None if guess is None else sorted(guess)) == made
            game.pass_turn(seat) if move is None else game.play(move, seat)
    total = sum(decisions.values())
    print(f"{args.variant} · {args.games} games · seed {args.seed} · {b}'s decisions with a choice: "
          + ", ".join(f"{n} {PLURAL[k]}" for k, n in decisions.items()))  # fmt: skip
    print("the same move as the player, by picture:")
    for name in models:
        shares = "  ".join(f"{k} {same[name][k] / n:.3f}" for k, n in decisions.items())
        print(f"  {name:<13} all {sum(same[name].values()) / total:.3f}   {shares}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
