"""How often each bot passes when it could follow, and how well a game reads its style:
``python3 -m lab.checks.styles_check --games 300``.

The searching bots picture each opponent as keen (follows like the tuned normal bot) or patient (passes
unless a play is worth it, like baseline) and read which, with the hidden hands, from its passes and
follows (``game.ai.reading.styles.PASS``). In games where two ``--bots`` sit alternately (seats swapped every other
deal), this measures with the real hands how often each passed when it could have followed, by what it
could have beaten the table with (``free``: a loose single or an exact pair, no 2; ``same``: its shape
without a 2, splitting a bigger group; ``two``: only 2s; ``chop``: a bomb on a 2; ``out``: going out), by
the table's shape (single, pair, other) and whether an opponent was short. Then, at the end of every game, it reads each
player from a neighbour's seat: the chance of patience given its real hand (what the reading could know
at best) and averaged over ``--draws`` deals drawn by the inference (what a search works with).
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

from game.ai.playouts.plays import mask_of, play_of
from game.ai.reading.inference import Inference
from game.ai.reading.readings import CLASSES, can_chop, could_beat
from game.ai.reading.styles import SHAPES, SHORT
from game.engine.game import Game, new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab.arena import deal_hands
from lab.bots import make_bot


def could(view: SeatView, quad_on_pair: bool) -> tuple[str, str]:
    """What the seat to play could have beaten the table with and the table's shape (the classes of
    ``styles.PASS``)."""
    assert view.table is not None
    t, hand = play_of(view.table), mask_of(view.hand)
    shape = SHAPES.get(t[0], "other")
    if t[2] >= 48 and can_chop(hand, t, quad_on_pair):
        return "chop", shape
    kind = ("none", *CLASSES)[could_beat(hand, t)]
    if kind != "none" and len(view.hand) == t[3].bit_count():
        return "out", shape
    return kind, shape


def read_styles(game: Game, lineup: list[str], draws: int, rng: random.Random) -> list[tuple[str, float, float]]:
    """Each player still holding cards read from the next seat: (its bot, chance of patience with its real
    hand, with drawn hands)."""
    out = []
    n = len(lineup)
    for seat in range(n):
        view = game.view((seat + 1) % n)
        inference = Inference(view, 8, 0.5)
        if seat not in inference.opps:
            continue  # out of cards: nothing left to draw
        real = inference.weigh(seat, mask_of(game.hands[seat]))[1]
        drawn = sum(inference.draw(rng)[1][seat] for _ in range(draws)) / draws
        out.append((lineup[seat], real, drawn))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=77)
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--bots", default="normal,baseline", help="the two bots that sit alternately")
    parser.add_argument("--draws", type=int, default=20, help="deals drawn to read a player at a game's end")
    args = parser.parse_args()
    rules = load_rules(args.variant)
    a, b = (x.strip() for x in args.bots.split(","))
    counts: dict[tuple[str, str, str, bool], list[int]] = defaultdict(lambda: [0, 0])
    readings: dict[str, list[tuple[float, float]]] = {a: [], b: []}
    rng = random.Random(args.seed)
    for i in range(args.games):
        hands, leader = deal_hands(rules, 4, args.seed, i)
        lineup = [a, b, a, b] if i % 2 == 0 else [b, a, b, a]
        bots = [make_bot(name, seed=i * 10 + s) for s, name in enumerate(lineup)]
        game = new_game(rules, hands=hands, leader=leader, first_game=True)
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            move = bots[seat].choose(view)
            if view.table is not None:
                short = any(0 < c <= SHORT for o, c in enumerate(view.counts) if o != seat)
                row = counts[(lineup[seat], *could(view, rules.quad_beats_pair_of_twos), short)]
                row[0] += move is None
                row[1] += 1
            game.pass_turn(seat) if move is None else game.play(move, seat)
        for name, real, drawn in read_styles(game, lineup, args.draws, rng):
            readings[name].append((real, drawn))
    print(f"{args.variant} · {args.games} games · seed {args.seed}")
    print("passes when it could have followed (bot, could beat with, the table's shape, an opponent short):")
    for (name, kind, shape, short), (passes, turns) in sorted(counts.items()):
        if kind != "none":
            print(f"  {name:<10} {kind:<5} {shape:<7} {'short' if short else 'long ':<6} {passes:5d} of {turns:5d} "
                  f"= {passes / turns:.3f}")  # fmt: skip
    print("chance of patience read at the end of a game (mean; share of games read right, above or below 0.5):")
    for name, xs in readings.items():
        real = sum(r for r, _ in xs) / len(xs)
        drawn = sum(d for _, d in xs) / len(xs)
        want = name == "baseline"
        right_real = sum((r > 0.5) == want for r, _ in xs) / len(xs)
        right_drawn = sum((d > 0.5) == want for _, d in xs) / len(xs)
        print(f"  {name:<10} real hand {real:.3f} ({right_real:.0%} right) · drawn hands {drawn:.3f} "
              f"({right_drawn:.0%} right)")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
