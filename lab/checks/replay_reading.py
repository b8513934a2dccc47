"""Could replaying the opponents' decisions place the hidden cards better? ``python3 -m lab.checks.replay_reading``.

A diagnosis for the searching bots' hand sampling (``game.ai.reading.inference``), never a way to play. In games of
normal (seat 0) against three opponents (``--opponents``), at each of seat 0's decisions it draws ``--draws`` deals
of the unseen cards as the search draws them, and weighs each by replaying the whole deal so far on the compact
simulator with each opponent deciding as the normal-like playout player (``game.ai.playouts.normal_like``, in the
opponent's real style): a decision the player would not have made holding that deal's hand multiplies the weight by
``--eps``. It prints, by the opponent's hand size, the share of each opponent's hidden cards that a deal puts in the
right hand (each deal of the unseen cards dealt uniformly, as the search draws them, and as the replay weighs the
search's draws), how often the model makes the real decisions with the real hands, and what a replay costs. One
core; run it niced.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from game.ai.judge.weights import Weights, tuned
from game.ai.playouts.normal_like import NormalLike
from game.ai.playouts.plays import (
    Flags,
    flags_for,
    mask_of,
    play_of,
)
from game.ai.playouts.sim import Sim
from game.ai.reading import styles
from game.ai.reading.inference import Inference
from game.engine.game import new_game
from game.engine.view import SeatView
from game.rules import load_rules
from lab.arena import deal_hands
from lab.bots import make_bot

PHASES = ((10, 13), (5, 9), (1, 4))  # an opponent's cards at the decision


def agreement(view: SeatView, hands: list[int], flags: Flags, style: Callable[[int], Weights],
              rng: random.Random, rounds: int = 0) -> dict[int, tuple[int, int]]:  # fmt: skip
    """For each opponent: how many of its decisions so far the normal-like player (weights ``style(seat)``)
    makes holding ``hands`` (every seat's hand now; earlier hands add the cards played since), and of how many;
    with ``rounds``, only the decisions of the last that many rounds (replayed from the first's start)."""
    history = view.history
    out = {s: (0, 0) for s in range(view.players) if s != view.seat}
    if not history:
        return out
    begin = 0
    if rounds > 0:  # a round starts clean: no table, no passes
        last = history[-1].round_index
        begin = next(i for i, a in enumerate(history) if a.round_index > last - rounds)
    start, played, played_any = list(hands), 0, [False] * view.players
    for i, action in enumerate(history):
        if action.combo is not None:
            if i >= begin:
                start[action.seat] |= play_of(action.combo)[3]
            else:
                played |= play_of(action.combo)[3]
                played_any[action.seat] = True
    sim = Sim(flags, start)
    sim.cur = history[begin].seat
    sim.played_any = played_any
    first = history[0].combo
    if begin == 0 and view.first_game and first is not None:  # the first play held the lowest card dealt
        cards = play_of(first)[3]
        sim.must = (cards & -cards).bit_length() - 1
    for action in history[begin:]:
        s = action.seat
        if s in out:
            guess = NormalLike.for_seat(sim, s, played, style(s)).move(sim, s, rng)
            real = play_of(action.combo)[3] if action.combo is not None else 0
            made, seen = out[s]
            out[s] = (made + ((guess[3] if guess is not None else 0) == real), seen + 1)
        if action.combo is None:
            sim.pass_turn(s)
        else:
            p = play_of(action.combo)
            sim.play(s, p)
            played |= p[3]
    return out


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
