"""The finisher at the table: where it departs from the normal bot, replay the real deal both ways.

``python3 -m lab.checks.finisher_check [--games 40] [--variant mien-nam] [--players 4] [--level hard]``

Games among normal bots; at every decision of a seat with 6 cards or fewer, the finisher of ``--level``
(hard or expert work) is asked with the normal bot's choice as its preference. Where it answers with another
play, the game is played on from there twice with the real hands: once with that seat finishing (the
finisher whenever it answers, else the normal bot) and once with the normal bot alone; every other seat is
the normal bot. Prints how often each way went out first and its mean net payment, how many sure wins were
claimed and how many came true (all must), and the finisher's time per decision (processor time).
"""

from __future__ import annotations

import argparse
import copy
import random
import time

from game import Game, load_rules, new_game
from game.ai.base import Move
from game.ai.finisher.finisher import Finisher
from game.ai.hard import ExpertBot, HardBot
from game.ai.normal import NormalBot
from game.ai.playouts.plays import flags_for
from game.engine.view import SeatView
from lab.bots import make_bot

DEBUG = False


def finish(view: SeatView, normal: NormalBot, level: type[HardBot], times: list[float] | None = None
           ) -> tuple[tuple[Move | None] | None, bool]:  # fmt: skip
    """The finisher's answer for ``view`` (``None`` when it has none) and whether it claimed a sure win."""
    preferred = normal.choose(view)
    if len(view.hand) > 6 or len(view.legal_moves) < 1:
        return None, False
    e = level.effort
    start = time.process_time()
    finisher = Finisher(view, flags_for(view.rules), deadline=time.perf_counter() + 30,
                        deal_cards=e.endgame_cards, enumerate_limit=e.enumerate_limit,
                        inference_tries=level.inference_tries, sure_nodes=e.sure_nodes, deal_nodes=e.deal_nodes,
                        samples=e.samples)  # fmt: skip
    options: list[Move | None] = [*view.legal_moves, *([None] if view.table is not None else [])]
    found = finisher.choose(options, preferred, random.Random(len(view.history)))
    if DEBUG and found is not None and found[0] != preferred:
        print("  departs:", view.hand, "table", view.table, "counts", view.counts, "->", found[0], "not", preferred,
              "sure" if finisher.sure else f"deals {finisher.deals} {'every' if finisher.enumerated else 'drawn'} "
              f"shares {finisher.shares}")
    if times is not None:
        times.append(time.process_time() - start)
    return found, finisher.sure


def play_on(game: Game, seat: int, bots: list[NormalBot], level: type[HardBot] | None) -> Game:
    """Play ``game`` to its end, ``seat`` finishing with ``level``'s finisher when given."""
    while not game.is_over:
        cur = game.current_player
        view = game.view(cur)
        move = bots[cur].choose(view)
        if cur == seat and level is not None:
            found, _ = finish(view, bots[cur], level)
            if found is not None:
                move = found[0]
        game.pass_turn(cur) if move is None else game.play(move, cur)
    return game


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", choices=("hard", "expert"), default="hard")
    args = parser.parse_args()
    level = HardBot if args.level == "hard" else ExpertBot
    rules = load_rules(args.variant)
    times: list[float] = []
    departs = claims = claims_won = 0
    won = [0, 0]
    money = [0.0, 0.0]
    for seed in range(args.games):
        game = new_game(rules, players=args.players, seed=seed)
        bots: list[NormalBot] = [make_bot("normal", seed=seed + s) for s in range(args.players)]  # type: ignore[misc]
        while not game.is_over:
            seat = game.current_player
            view = game.view(seat)
            found, sure = finish(view, bots[seat], level, times)
            natural = bots[seat].choose(view)
            if found is not None and found[0] != natural:
                departs += 1
                rivals = [s for s in range(args.players) if s != seat and s not in view.finished
                          and s not in view.cong]  # fmt: skip
                for way, opening in enumerate((found[0], natural)):
                    branch = copy.deepcopy(game, {id(game.rules): game.rules})
                    branch.pass_turn(seat) if opening is None else branch.play(opening, seat)
                    end = play_on(branch, seat, bots, level if way == 0 else None)
                    assert end.result is not None
                    order = end.result.order
                    first = all(order.index(seat) < order.index(s) for s in rivals)  # out before those still playing
                    won[way] += first
                    if DEBUG:
                        print(f"    {'finisher' if way == 0 else 'normal'} way: {'first out' if first else 'not'}")
                    money[way] += end.result.payments[seat]
                    if way == 0 and sure:
                        claims += 1
                        claims_won += first
                        if not first:
                            print("a sure win that did not come true:", seed, view.hand, found, view.table)
            game.pass_turn(seat) if natural is None else game.play(natural, seat)
    times.sort()
    p = [1000 * times[min(len(times) - 1, int(q * len(times)))] for q in (0.5, 0.95, 0.99)] if times else [0.0] * 3
    print(f"{args.variant} · {args.players} players · {args.games} games · {args.level} finisher")
    print(f"asked {len(times)} times (hands of 6 or fewer): cpu p50 {p[0]:.1f} ms, p95 {p[1]:.1f} ms, "
          f"p99 {p[2]:.1f} ms, max {1000 * (times[-1] if times else 0):.1f} ms")  # fmt: skip
    print(f"departs from normal in {departs} decisions; replayed with the real hands:")
    for way, name in enumerate(("finisher", "normal")):
        n = max(1, departs)
        print(f"  {name:<9} first out {won[way]} ({won[way] / n:.1%}), mean net {money[way] / n:+.2f}")
    print(f"sure wins claimed where it departs: {claims}, came true: {claims_won}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
