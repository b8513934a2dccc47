"""Tune the heuristic's weights by self-play: ``python3 -m game.ai.tune --generations 8 --write``.

The cross-entropy method: each generation draws a population of weight vectors from a Gaussian
(clipped to each weight's range), plays every one of them as ``normal`` against three opponents
(``--opponents``, e.g. ``baseline,normal,normal``; by default three ``baseline`` bots) on the same
duplicate deals (each deal once per seat, so every candidate gets the same cards: common random
numbers), keeps the best few and moves the Gaussian towards them. Deals come from tuning seeds
(10,000 and up, one per generation), never from the low seeds the arena's measurements use, so the
figures reported in docs/ai.md are on held-out deals. With ``--final K`` the starting weights and the
last K means are played again on fresh tuning deals and the best of them is the result. The run is
reproducible from ``--seed`` for a given number of generations (``--minutes`` only cuts it short, ``0`` never);
the games are shared out over the processor cores. ``--write`` stores the result as the ``--level``
weight set (``normal``, or ``hard`` for the hard and expert bots) in ``game/ai/params.json``.
"""

from __future__ import annotations

import argparse
import dataclasses
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

from game.ai.weights import FIELDS, LEVELS, PARAMS_FILE, Weights, from_dict, to_dict, tuned
from game.arena import DealRecord, mean_ci, play_deal
from game.resources import resource

TUNING_SEEDS_FROM = 10_000  # deal seeds below this are kept for measuring (the arena defaults to seed 1)
FINAL_CHECK = 999  # the "generation" whose deals the final check plays (runs are shorter than this)
TUNED = "normal:tuned"  # the tuned seat's name at the table (a normal opponent keeps today's weights)

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
    opponents: tuple[str, ...] = ("baseline", "baseline", "baseline")
    workers: int = 2
    minutes: float = 15.0
    smoothing: float = 0.7  # share of the new mean / spread taken from the elite (the rest kept)
    from_defaults: bool = False  # start from the built-in defaults rather than the stored weights
    level: str = "normal"  # the weight set started from and written
    final: int = 0  # the last means played again on fresh deals, with the start; the best is the result
    final_deals: int = 0  # deals for that check (0: twice ``deals``)
    spread: float = 0.25  # the first generation's spread, as a share of each weight's range

    def command(self) -> str:
        opponents = f"--opponents {','.join(self.opponents)} " if self.opponents != Settings.opponents else ""
        level = f"--level {self.level} " if self.level != "normal" else ""
        final = f"--final {self.final} --final-deals {self.final_deals} " if self.final else ""
        spread = f"--spread {self.spread} " if self.spread != Settings.spread else ""
        return (
            f"python3 -m game.ai.tune --seed {self.seed} --generations {self.generations} "
            f"--population {self.population} --elite {self.elite} --deals {self.deals} "
            f"--variant {self.variant} {opponents}{level}{final}{spread}--minutes 0 "
            f"{'--from-defaults ' if self.from_defaults else ''}--write"
        )


def deal_fitness(record: DealRecord) -> float:
    """The tuned seat's fitness in one deal (all its rotations)."""
    return fitness([record])


def fitness(records: Sequence[DealRecord]) -> float:
    """Win rate of the tuned seat, plus a little of its mean net payment (breaks ties towards money)."""
    outcomes = [o for r in records for o in r.outcomes if o.bot == TUNED]
    if not outcomes:
        return -math.inf
    wins = sum(o.win for o in outcomes) / len(outcomes)
    net = sum(o.net for o in outcomes) / len(outcomes)
    return wins + 0.002 * net


def rounded(x: float) -> float:
    """``x`` to 4 places for the record (0 for the undefined interval of a single deal)."""
    return 0.0 if math.isnan(x) else round(x, 4)


def paired(mine: Sequence[float], base: Sequence[float]) -> tuple[float, float]:
    """The mean difference of two candidates' per-deal fitness on the same deals, and its 95% half-width."""
    return mean_ci([a - b for a, b in zip(mine, base, strict=True)])


def clip(name: str, value: float) -> float:
    low, high = BOUNDS[name]
    return min(high, max(low, value))


def sample(rng: random.Random, mean: dict[str, float], spread: dict[str, float]) -> dict[str, float]:
    return {k: round(clip(k, rng.gauss(mean[k], spread[k])), 4) for k in FIELDS}


def deal_seed(settings: Settings, generation: int) -> int:
    return TUNING_SEEDS_FROM + settings.seed * 1000 + generation


def evaluate(
    candidates: Sequence[dict[str, float]], settings: Settings, generation: int, pool: Any, deals: int = 0
) -> list[list[float]]:
    """Each candidate's per-deal fitness on this generation's deals (the same deals for all of them)."""
    lineup = (TUNED, *settings.opponents)
    seed = deal_seed(settings, generation)
    n = deals or settings.deals
    jobs = [
        (lineup, settings.variant, len(lineup), seed, index, {TUNED: dict(c)})
        for c in candidates
        for index in range(n)
    ]
    records = [play_deal(j) for j in jobs] if pool is None else list(pool.imap(play_deal, jobs, chunksize=4))
    for r in records:
        if r.errors:
            raise RuntimeError(r.errors[0])
    return [[deal_fitness(r) for r in records[i * n : (i + 1) * n]] for i in range(len(candidates))]


def mean_of(values: Sequence[float]) -> float:
    return sum(values) / len(values)


def final_check(
    finalists: list[tuple[str, dict[str, float]]], settings: Settings, pool: Any, log: Any
) -> tuple[dict[str, float], dict[str, Any]]:
    """Play the start and the last means again on fresh tuning deals; the best, and a record of the check."""
    deals = settings.final_deals or 2 * settings.deals
    per_deal = evaluate([c for _, c in finalists], settings, FINAL_CHECK, pool, deals)
    rows = []
    for (name, _), scores in zip(finalists, per_deal, strict=True):
        diff, half = paired(scores, per_deal[0])
        rows.append({"weights": name, "fitness": rounded(mean_of(scores)), "vs_start": rounded(diff),
                     "vs_start_95": rounded(half)})  # fmt: skip
        log(f"final check, {name}: fitness {mean_of(scores):.3f}, vs the start {diff:+.3f} ± {half:.3f}")
    best = max(range(len(finalists)), key=lambda i: mean_of(per_deal[i]))
    log(f"final check: {finalists[best][0]} is the result")
    record = {"deal_seed": deal_seed(settings, FINAL_CHECK), "deals": deals, "rows": rows,
              "chosen": finalists[best][0]}  # fmt: skip
    return dict(finalists[best][1]), record


def tune(settings: Settings, start: Weights, log: Any = print) -> tuple[dict[str, float], list[dict[str, Any]]]:
    """Run the search from ``start``; the result and a record of every generation (and of the final check)."""
    rng = random.Random(settings.seed)
    start_values = to_dict(start)
    mean = {k: clip(k, start_values[k]) for k in FIELDS}
    spread = {k: (BOUNDS[k][1] - BOUNDS[k][0]) * settings.spread for k in FIELDS}
    history: list[dict[str, Any]] = []
    means: list[tuple[str, dict[str, float]]] = [("start", dict(mean))]
    deadline = time.monotonic() + 60 * settings.minutes if settings.minutes > 0 else math.inf
    pool = (
        multiprocessing.get_context("spawn").Pool(settings.workers) if settings.workers > 1 else None
    )
    try:
        for generation in range(settings.generations):
            began = time.monotonic()
            candidates = [dict(mean)] + [sample(rng, mean, spread) for _ in range(settings.population - 1)]
            per_deal = evaluate(candidates, settings, generation, pool)
            scores = [mean_of(p) for p in per_deal]
            order = sorted(range(len(candidates)), key=lambda i: -scores[i])
            # Every candidate played the same deals: ranking by fitness is ranking by the paired difference
            # from the mean, whose interval shows how far the leader is really ahead.
            lead, lead_half = paired(per_deal[order[0]], per_deal[0])
            elite = [candidates[i] for i in order[: settings.elite]]
            a = settings.smoothing
            for k in FIELDS:
                values = [e[k] for e in elite]
                m = sum(values) / len(values)
                sd = math.sqrt(sum((v - m) ** 2 for v in values) / len(values))
                mean[k] = round(clip(k, a * m + (1 - a) * mean[k]), 4)
                spread[k] = max(a * sd + (1 - a) * spread[k], (BOUNDS[k][1] - BOUNDS[k][0]) / 50)
            means.append((f"mean after generation {generation}", dict(mean)))
            history.append({
                "generation": generation,
                "deal_seed": deal_seed(settings, generation),
                "mean_fitness": round(scores[0], 4),
                "best_fitness": round(scores[order[0]], 4),
                "best_vs_mean": rounded(lead),
                "best_vs_mean_95": rounded(lead_half),
            })
            log(
                f"generation {generation}: mean's fitness {scores[0]:.3f}, best {scores[order[0]]:.3f} "
                f"(paired {lead:+.3f} ± {lead_half:.3f}), {time.monotonic() - began:.0f} s"
            )
            if time.monotonic() > deadline:
                log("time is up: stopping after this generation")
                break
        if settings.final > 0:
            finalists: list[tuple[str, dict[str, float]]] = []
            for name, weights in [means[0], *means[1:][-settings.final :]]:
                if all(weights != w for _, w in finalists):  # a mean that did not move is played once
                    finalists.append((name, weights))
            chosen, record = final_check(finalists, settings, pool, log)
            history.append({"final_check": record})
            return chosen, history
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return mean, history


def write(path: Path, mean: dict[str, float], settings: Settings, history: list[dict[str, Any]]) -> None:
    """Store the weights as the ``settings.level`` set with how they were found, keeping the file's other
    sets (atomically: a half-written file would be read as broken)."""
    weights = from_dict(mean)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            data = {}
    except (OSError, ValueError):
        data = {}
    opponents = settings.opponents
    run = sum(1 for h in history if "generation" in h)
    data["format"] = 1
    data[settings.level] = to_dict(weights)
    data["tuning" if settings.level == "normal" else f"tuning_{settings.level}"] = {
        "command": dataclasses.replace(settings, generations=run).command(),  # reproduces it (--minutes cut it)
        "opponents": f"3 × {opponents[0]}" if len(set(opponents)) == 1 else ", ".join(opponents),
        "generations_run": run,
        "history": history,
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
    parser.add_argument("--opponent", default=None, help="the bot in all three other seats (default baseline)")
    parser.add_argument("--opponents", default=None, help="the bots in the other seats, e.g. baseline,normal,normal")
    parser.add_argument("--level", choices=LEVELS, default=d.level, help="the weight set started from and written")
    parser.add_argument("--final", type=int, default=d.final, help="play the start and the last K means again")
    parser.add_argument("--final-deals", type=int, default=d.final_deals, help="deals for that (default 2 × deals)")
    parser.add_argument("--spread", type=float, default=d.spread, help="first spread, as a share of each range")
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    parser.add_argument(
        "--minutes", type=float, default=d.minutes, help="stop after the generation that passes this (0: no limit)"
    )
    parser.add_argument("--from-defaults", action="store_true", help="start from the built-in defaults, not the file")
    parser.add_argument("--write", action="store_true", help="store the result in game/ai/params.json")
    args = parser.parse_args(argv)
    if not 1 <= args.elite <= args.population or args.population < 2 or args.deals < 1:
        parser.error("need population ≥ 2, 1 ≤ elite ≤ population and deals ≥ 1")
    if not 1 <= args.generations < FINAL_CHECK or args.final < 0 or args.final_deals < 0 or args.spread <= 0:
        parser.error(f"need 1 ≤ generations < {FINAL_CHECK}, final ≥ 0, final deals ≥ 0 and spread > 0")
    if args.opponent and args.opponents:
        parser.error("give --opponent or --opponents, not both")
    if args.opponents:
        opponents = tuple(b.strip() for b in args.opponents.split(",") if b.strip())
    else:
        opponents = (args.opponent or "baseline",) * 3
    if not 1 <= len(opponents) <= 3:
        parser.error("need 1 to 3 opponents")
    settings = Settings(
        args.seed, args.generations, args.population, args.elite, args.deals, args.variant, opponents,
        args.workers, args.minutes, from_defaults=args.from_defaults, level=args.level, final=args.final,
        final_deals=args.final_deals, spread=args.spread,
    )
    start = Weights() if settings.from_defaults else tuned(settings.level)
    mean, history = tune(settings, start, log=lambda line: print(line, flush=True))
    print(json.dumps(to_dict(from_dict(mean)), indent=2))
    if args.write:
        path = resource(*PARAMS_FILE)
        write(path, mean, settings, history)
        print(f"written to {path} as the {settings.level} weights", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
