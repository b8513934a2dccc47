"""Tune the normal bot's weights by self-play: ``python3 -m game.ai.tune --generations 8 --write``.

The cross-entropy method: each generation draws a population of weight vectors from a Gaussian
(clipped to each weight's range), plays every one of them as ``normal`` against three ``baseline``
bots on the same duplicate deals (each deal once per seat, so every candidate gets the same cards),
keeps the best few and moves the Gaussian towards them. Deals come from tuning seeds (10,000 and up,
one per generation), never from the low seeds the arena's measurements use, so the figures reported
in docs/ai.md are on held-out deals. The run is reproducible from ``--seed`` for a given number of
generations (``--minutes`` only cuts it short); the games are shared out over the processor cores.
``--write`` stores the final mean in ``game/ai/params.json``, which the normal and hard bots load.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.ai.weights import FIELDS, PARAMS_FILE, Weights, from_dict, to_dict, tuned
from game.arena import DealRecord, play_deal
from game.resources import resource

TUNING_SEEDS_FROM = 10_000  # deal seeds below this are kept for measuring (the arena defaults to seed 1)

# The range each weight may take; the search never leaves it.
BOUNDS: dict[str, tuple[float, float]] = {
    "alpha": (0.6, 1.0),
    "bomb_bonus": (0.0, 0.8),
    "threshold": (-0.8, 0.4),
    "near_threshold": (-2.0, -0.2),
    "spend_penalty": (0.2, 1.5),
    "high_table": (0.2, 1.0),
    "danger": (1.0, 4.0),
    "chase": (0.0, 0.4),
    "owner_weight": (0.0, 3.0),
    "thoi_cards": (0.5, 3.5),
    "shed_bonus": (0.0, 0.8),
    "round_bonus": (0.0, 0.5),
    "card_weight": (0.0, 0.3),
    "size_weight": (0.0, 0.15),
    "sure": (0.02, 0.3),
}
assert set(BOUNDS) == set(FIELDS), "every weight needs a range"


@dataclass
class Settings:
    seed: int = 1
    generations: int = 8
    population: int = 10
    elite: int = 3
    deals: int = 60
    variant: str = "mien-nam"
    opponent: str = "baseline"
    workers: int = 2
    minutes: float = 15.0
    smoothing: float = 0.7  # share of the new mean / spread taken from the elite (the rest kept)
    from_defaults: bool = False  # start from the built-in defaults rather than the stored weights


def fitness(records: Sequence[DealRecord]) -> float:
    """Win rate of the tuned seat, plus a little of its mean net payment (breaks ties towards money)."""
    outcomes = [o for r in records for o in r.outcomes if o.bot == "normal"]
    if not outcomes:
        return -math.inf
    wins = sum(o.win for o in outcomes) / len(outcomes)
    net = sum(o.net for o in outcomes) / len(outcomes)
    return wins + 0.002 * net


def clip(name: str, value: float) -> float:
    low, high = BOUNDS[name]
    return min(high, max(low, value))


def sample(rng: random.Random, mean: dict[str, float], spread: dict[str, float]) -> dict[str, float]:
    return {k: round(clip(k, rng.gauss(mean[k], spread[k])), 4) for k in FIELDS}


def deal_seed(settings: Settings, generation: int) -> int:
    return TUNING_SEEDS_FROM + settings.seed * 1000 + generation


def evaluate(
    candidates: Sequence[dict[str, float]], settings: Settings, generation: int, pool: Any
) -> list[float]:
    """Each candidate's fitness on this generation's deals (the same deals for all of them)."""
    lineup = ("normal",) + (settings.opponent,) * 3
    seed = deal_seed(settings, generation)
    jobs = [
        (lineup, settings.variant, 4, seed, index, {"normal": dict(c)})
        for c in candidates
        for index in range(settings.deals)
    ]
    records = [play_deal(j) for j in jobs] if pool is None else list(pool.imap(play_deal, jobs, chunksize=4))
    for r in records:
        if r.errors:
            raise RuntimeError(r.errors[0])
    n = settings.deals
    return [fitness(records[i * n : (i + 1) * n]) for i in range(len(candidates))]


def tune(settings: Settings, start: Weights, log: Any = print) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """Run the search from ``start``; the final mean and a record of every generation."""
    rng = random.Random(settings.seed)
    start_values = to_dict(start)
    mean = {k: clip(k, start_values[k]) for k in FIELDS}
    spread = {k: (BOUNDS[k][1] - BOUNDS[k][0]) / 4 for k in FIELDS}
    history: list[dict[str, Any]] = []
    deadline = time.monotonic() + 60 * settings.minutes
    pool = (
        multiprocessing.get_context("spawn").Pool(settings.workers) if settings.workers > 1 else None
    )
    try:
        for generation in range(settings.generations):
            began = time.monotonic()
            candidates = [dict(mean)] + [sample(rng, mean, spread) for _ in range(settings.population - 1)]
            scores = evaluate(candidates, settings, generation, pool)
            order = sorted(range(len(candidates)), key=lambda i: -scores[i])
            elite = [candidates[i] for i in order[: settings.elite]]
            a = settings.smoothing
            for k in FIELDS:
                values = [e[k] for e in elite]
                m = sum(values) / len(values)
                sd = math.sqrt(sum((v - m) ** 2 for v in values) / len(values))
                mean[k] = round(clip(k, a * m + (1 - a) * mean[k]), 4)
                spread[k] = max(a * sd + (1 - a) * spread[k], (BOUNDS[k][1] - BOUNDS[k][0]) / 50)
            history.append({
                "generation": generation,
                "deal_seed": deal_seed(settings, generation),
                "mean_fitness": round(scores[0], 4),
                "best_fitness": round(scores[order[0]], 4),
            })
            log(
                f"generation {generation}: mean's fitness {scores[0]:.3f}, best {scores[order[0]]:.3f}, "
                f"{time.monotonic() - began:.0f} s"
            )
            if time.monotonic() > deadline:
                log("time is up: stopping after this generation")
                break
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return mean, history


def write(path: Path, mean: dict[str, float], settings: Settings, history: list[dict[str, Any]]) -> None:
    """Store the weights with how they were found (atomically: a half-written file would be read as broken)."""
    weights = from_dict(mean)
    data = {
        "format": 1,
        "normal": to_dict(weights),
        "tuning": {
            "command": (
                f"python3 -m game.ai.tune --seed {settings.seed} --generations {settings.generations} "
                f"--population {settings.population} --elite {settings.elite} --deals {settings.deals} "
                f"--variant {settings.variant}{' --from-defaults' if settings.from_defaults else ''} --write"
            ),
            "opponents": f"3 × {settings.opponent}",
            "generations_run": len(history),
            "history": history,
        },
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m game.ai.tune", description=__doc__.split("\n\n")[0])
    d = Settings()
    parser.add_argument("--seed", type=int, default=d.seed, help="fixes the samples and the tuning deals")
    parser.add_argument("--generations", type=int, default=d.generations)
    parser.add_argument("--population", type=int, default=d.population, help="candidates per generation")
    parser.add_argument("--elite", type=int, default=d.elite, help="best candidates the next mean is taken from")
    parser.add_argument("--deals", type=int, default=d.deals, help="duplicate deals per candidate and generation")
    parser.add_argument("--variant", default=d.variant)
    parser.add_argument("--opponent", default=d.opponent, help="the bot in the other three seats")
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    parser.add_argument("--minutes", type=float, default=d.minutes, help="stop after the generation that passes this")
    parser.add_argument("--from-defaults", action="store_true", help="start from the built-in defaults, not the file")
    parser.add_argument("--write", action="store_true", help="store the result in game/ai/params.json")
    args = parser.parse_args(argv)
    if not 1 <= args.elite <= args.population or args.population < 2 or args.deals < 1:
        parser.error("need population ≥ 2, 1 ≤ elite ≤ population and deals ≥ 1")
    settings = Settings(
        args.seed, args.generations, args.population, args.elite, args.deals, args.variant, args.opponent,
        args.workers, args.minutes, from_defaults=args.from_defaults,
    )
    start = Weights() if settings.from_defaults else tuned()
    mean, history = tune(settings, start, log=lambda line: print(line, flush=True))
    print(json.dumps(to_dict(from_dict(mean)), indent=2))
    if args.write:
        path = resource(*PARAMS_FILE)
        write(path, mean, settings, history)
        print(f"written to {path}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
