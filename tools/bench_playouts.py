"""Playout speed: the engine-based playouts against the compact simulator, on the same positions and deals.

``python tools/bench_playouts.py [--games 12] [--samples 6] [--variant mien-nam] [--players 4]``

Positions come from games among normal bots (every third decision). In each, both sides do what the hard
bot's search does per sampled deal: plan the opponents' hands once, then play out each of up to six
candidate plays (the acting seat planned again after its play). Prints playout moves per second (plans
and settlement included) and the ratio, by the wall clock and in processor time; the two sides take turns
on every deal.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game import Game, load_rules, new_game  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.ai.playouts.players import playout  # noqa: E402
from game.ai.playouts.plays import Flags, mask_of, play_of  # noqa: E402
from game.ai.playouts.sim import Sim  # noqa: E402
from game.engine.cards import Card  # noqa: E402
from game.engine.combos import classify  # noqa: E402
from game.engine.view import SeatView  # noqa: E402
from lab.planned import Planned  # noqa: E402
from lab.rollout import planned_players, planned_playout  # noqa: E402

CANDIDATES = 6  # the hard bot compares up to six plays


def positions(variant: str, players: int, games: int) -> list[SeatView]:
    rules = load_rules(variant)
    out = []
    for seed in range(games):
        game = new_game(rules, players=players, seed=seed)
        bots = [make_bot("normal", seed=seed + s) for s in range(players)]
        k = 0
        while not game.is_over:
            view = game.view(game.current_player)
            if k % 3 == 0 and len(view.legal_moves) > 1:
                out.append(view)
            k += 1
            move = bots[game.current_player].choose(view)
            game.pass_turn() if move is None else game.play(move)
    return out


def deal_for(view: SeatView, rng: random.Random) -> list[list[Card]]:
    unseen = sorted(view.unseen_cards)
    rng.shuffle(unseen)
    hands: list[list[Card]] = []
    i = 0
    for s in range(view.players):
        if s == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(sorted(unseen[i : i + view.counts[s]]))
            i += view.counts[s]
    return hands


def engine_side(view: SeatView, hands: list[list[Card]], seed: float) -> int:
    others = [s for s in range(view.players) if s != view.seat]
    known = planned_players(Game.from_view(view, hands), others)
    moves = 0
    for move in list(view.legal_moves)[:CANDIDATES]:
        game = Game.from_view(view, hands)
        game.play(move, view.seat)
        planned_playout(game, random.Random(seed), known)
        moves += len(game.history) - len(view.history)
    return moves


def sim_side(view: SeatView, hands: list[list[Card]], seed: float, flags: Flags) -> int:
    masks = [mask_of(h) for h in hands]
    base = Sim.from_view(flags, view, masks)
    played = mask_of(view.played_cards)
    known: list[Planned | None] = [None if s == view.seat else Planned.for_seat(base, s, played)
                                   for s in range(view.players)]  # fmt: skip
    moves = 0
    for move in list(view.legal_moves)[:CANDIDATES]:
        sim = base.copy()
        m = mask_of(move)
        combo = classify(move)
        assert combo is not None
        sim.step(view.seat, play_of(combo))
        moves += 1 + playout(sim, known, random.Random(seed), played | m, Planned.for_seat)
    return moves


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    views = positions(args.variant, args.players, args.games)
    flags = Flags(load_rules(args.variant))
    # The two sides take turns on each deal, so a change in the machine's load falls on both alike; processor
    # time is what the moves would cost on an idle core, the wall clock what they cost on this machine now.
    wall, cpu = [0.0, 0.0], [0.0, 0.0]
    moves = [0, 0]
    rng = random.Random(1)
    for view in views:
        for _ in range(args.samples):
            hands, seed = deal_for(view, rng), rng.random()
            for side in (0, 1):
                start, start_cpu = time.perf_counter(), time.process_time()
                moves[side] += engine_side(view, hands, seed) if side == 0 else sim_side(view, hands, seed, flags)
                wall[side] += time.perf_counter() - start
                cpu[side] += time.process_time() - start_cpu
    for side, name in enumerate(("engine", "simulator")):
        print(f"{name:<10} {len(views)} positions · {moves[side]} playout moves · wall {wall[side]:.2f} s, "
              f"{moves[side] / wall[side]:,.0f} moves/s · cpu {cpu[side]:.2f} s, "
              f"{moves[side] / cpu[side]:,.0f} moves/s")
    print(f"speed-up: {wall[0] / wall[1]:.1f}× by the wall clock, {cpu[0] / cpu[1]:.1f}× in processor time")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
