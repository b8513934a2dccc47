"""Tune the heuristic's weights by self-play: ``python3 -m lab.tune --generations 8 --write``.

The search is the cross-entropy method (``lab.crossentropy``): each generation plays a population of
weight vectors as ``normal`` against three opponents (``--opponents``, e.g. ``baseline,normal,normal``; by
default three ``baseline`` bots) on the same duplicate deals from tuning seeds, never the arena's, and moves
towards the best few. With ``--final K`` the starting weights and the last K means are played again on fresh
tuning deals and the best of them is the result. The run is reproducible from ``--seed`` for a given number
of generations (``--minutes`` only cuts it short, ``0`` never); the games are shared out over the processor
cores. ``--write`` stores the result as the ``--level`` weight set (``normal``, or ``hard`` for the hard and
expert bots) in ``game/ai/params.json``; ``--level`` naming the ``--variant`` itself tunes and writes that
variant's own set (``--variant xep-hang --level xep-hang``), started from the set it plays today. Candidates
are ranked by what the variant pays (``--fitness``, ``lab.crossentropy.fitness``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game.ai.judge.weights import LEVELS, PARAMS_FILE, VARIANTS, Weights, for_variant, from_dict, to_dict, tuned
from game.resources import resource
from lab.crossentropy import (
    BOUNDS,
    FINAL_CHECK,
    FITNESSES,
    TUNED,
    TUNING_SEEDS_FROM,
    Settings,
    clip,
    deal_fitness,
    deal_seed,
    default_fitness,
    evaluate,
    final_check,
    fitness,
    mean_of,
    paired,
    rounded,
    sample,
    tune,
)

# The search's names (lab.crossentropy) stay importable from here.
__all__ = ["BOUNDS", "FINAL_CHECK", "FITNESSES", "TUNED", "TUNING_SEEDS_FROM", "Settings", "clip", "deal_fitness",
           "deal_seed", "default_fitness", "evaluate", "final_check", "fitness", "main", "mean_of", "paired",
           "rounded", "sample", "tune", "write"]


def write(path: Path, mean: dict[str, float], settings: Settings, history: list[dict[str, Any]]) -> None:
    """Store the weights as the ``settings.level`` set (a variant id: in the ``variants`` section) with how they
    were found, keeping the file's other sets (atomically: a half-written file would be read as broken)."""
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
    if settings.level in LEVELS:
        data[settings.level] = to_dict(weights)
    else:
        sets = data.get(VARIANTS)
        data[VARIANTS] = {**(sets if isinstance(sets, dict) else {}), settings.level: to_dict(weights)}
    data["tuning" if settings.level == "normal" else f"tuning_{settings.level}"] = {
        "command": dataclasses.replace(settings, generations=run).command(),  # reproduces it (--minutes cut it)
        "opponents": f"3 × {opponents[0]}" if len(set(opponents)) == 1 else ", ".join(opponents),
        **({} if settings.level in LEVELS else {"fitness": settings.ranked_by}),
        "generations_run": run,
        "history": history,
    }
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.tune", description=__doc__.split("\n\n")[0])
    d = Settings()
    parser.add_argument("--seed", type=int, default=d.seed, help="fixes the samples and the tuning deals")
    parser.add_argument("--generations", type=int, default=d.generations)
    parser.add_argument("--population", type=int, default=d.population, help="candidates per generation")
    parser.add_argument("--elite", type=int, default=d.elite, help="best candidates the next mean is taken from")
    parser.add_argument("--deals", type=int, default=d.deals, help="duplicate deals per candidate and generation")
    parser.add_argument("--variant", default=d.variant)
    parser.add_argument("--opponent", default=None, help="the bot in all three other seats (default baseline)")
    parser.add_argument("--opponents", default=None, help="the bots in the other seats, e.g. baseline,normal,normal")
    parser.add_argument(
        "--level", default=d.level, help=f"the weight set started from and written: {', '.join(LEVELS)} or the variant"
    )
    parser.add_argument("--fitness", choices=FITNESSES, default=None, help="what candidates are ranked by "
                        "(default: wins on mien-nam, net payment elsewhere)")  # fmt: skip
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
    if args.level not in (*LEVELS, args.variant):
        parser.error(f"--level must be one of {', '.join(LEVELS)} or the --variant ({args.variant})")
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
        final_deals=args.final_deals, spread=args.spread, fitness=args.fitness or default_fitness(args.variant),
    )
    if settings.from_defaults:
        start = Weights()
    else:
        start = tuned(settings.level) if settings.level in LEVELS else for_variant(settings.level)
    mean, history = tune(settings, start, log=lambda line: print(line, flush=True))
    print(json.dumps(to_dict(from_dict(mean)), indent=2))
    if args.write:
        path = resource(*PARAMS_FILE)
        write(path, mean, settings, history)
        print(f"written to {path} as the {settings.level} weights", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
