"""The cross-entropy search over the heuristic's weights, run by ``python3 -m lab.tune``.

Each generation draws a population of weight vectors from a Gaussian (clipped to each weight's range),
plays every one of them as ``normal`` against the opponents on the same duplicate deals (each deal once per
seat, so every candidate gets the same cards: common random numbers), keeps the best few and moves the
Gaussian towards them. Deals come from tuning seeds (10,000 and up, one per generation), never from the low
seeds the arena's measurements use, so the figures reported in docs/ai.md are on held-out deals. The final
check plays the start and the last means again on fresh tuning deals and keeps the best.

Candidates are ranked by what the variant pays (``fitness``): by mean net payment, where every place and every
card left can cost (``net``), except on ``mien-nam``, whose shipped set was tuned by win rate with a little of
the money as a tie-break (``wins``) and is still ranked so, to stay reproducible.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.ai.judge.weights import FIELDS, Weights, to_dict
from lab.arena import play_deal
from lab.arena_report import DealRecord, mean_ci

TUNING_SEEDS_FROM = 10_000  # deal seeds below this are kept for measuring (the arena defaults to seed 1)
FINAL_CHECK = 999  # the "generation" whose deals the final check plays (runs are shorter than this)
TUNED = "normal:tuned"  # the tuned seat's name at the table (a normal opponent keeps today's weights)
FITNESSES = ("wins", "net")  # what ``fitness`` ranks by
WINS_FITNESS_VARIANTS = ("mien-nam",)  # ranked by win rate by default (its shipped tuning); the rest by net

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
    fitness: str = ""  # what candidates are ranked by (``FITNESSES``; empty: the variant's, ``default_fitness``)

    @property
    def ranked_by(self) -> str:
        return self.fitness or default_fitness(self.variant)

    def command(self) -> str:
        opponents = f"--opponents {','.join(self.opponents)} " if self.opponents != Settings.opponents else ""
        level = f"--level {self.level} " if self.level != "normal" else ""
        final = f"--final {self.final} --final-deals {self.final_deals} " if self.final else ""
        spread = f"--spread {self.spread} " if self.spread != Settings.spread else ""
        ranked = f"--fitness {self.ranked_by} " if self.ranked_by != default_fitness(self.variant) else ""
        return (
            f"python3 -m lab.tune --seed {self.seed} --generations {self.generations} "
            f"--population {self.population} --elite {self.elite} --deals {self.deals} "
            f"--variant {self.variant} {opponents}{level}{final}{spread}{ranked}--minutes 0 "
            f"{'--from-defaults ' if self.from_defaults else ''}--write"
        )


def default_fitness(variant: str) -> str:
    """What a tuning run on ``variant`` ranks by unless told: see the module docstring."""
    return "wins" if variant in WINS_FITNESS_VARIANTS else "net"


def deal_fitness(record: DealRecord, by: str = "wins") -> float:
    """The tuned seat's fitness in one deal (all its rotations)."""
    return fitness([record], by)


def fitness(records: Sequence[DealRecord], by: str = "wins") -> float:
    """The tuned seat's fitness: by ``wins``, its win rate plus a little of its mean net payment (breaks ties
    towards money); by ``net``, its mean net payment in table bets plus a little of its win rate (breaks ties
    towards going out first)."""
    outcomes = [o for r in records for o in r.outcomes if o.bot == TUNED]
    if not outcomes:
        return -math.inf
    wins = sum(o.win for o in outcomes) / len(outcomes)
    net = sum(o.net for o in outcomes) / len(outcomes)
    if by == "net":
        return net + 0.01 * wins
    if by != "wins":
        raise ValueError(f"unknown fitness {by!r} (known: {', '.join(FITNESSES)})")
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
    by = settings.ranked_by
    return [[deal_fitness(r, by) for r in records[i * n : (i + 1) * n]] for i in range(len(candidates))]


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
