"""Where a master network stands, as the player meets it: ``python3 -m lab.learn standing --deals 100``.

For each opponent of the panel (3 of it at a four-player ``mien-nam`` table) the same duplicate deals are
played in matches of 20 twice, once with master in the measured seat and once with hard, so the difference
master − hard is paired deal by deal; and hard is measured against 3 master. The searching levels stop on
their work alone (``time_limit=30``), so no figure depends on the machine's load. Rows are printed as the
Markdown table of docs/ai.md, with the command that made them.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lab.arena import run
from lab.arena_records import paired, per_deal
from lab.arena_report import DealRecord, mean_ci

OPPONENTS = ("hard", "normal", "baseline", "outsider", "outsider2")
MATCH = 20
ME = "me"
SEED = 47


def _options(weights: Path | None, search: bool) -> dict[str, dict[str, Any]]:
    master: dict[str, Any] = {"time_limit": 30.0, "search": search}
    if weights is not None:
        master["weights"] = str(weights)
    return {"master": master, "hard": {"time_limit": 30.0}, f"master:{ME}": master, f"hard:{ME}": {"time_limit": 30.0}}


def records(level: str, opponent: str, deals: int, seed: int, options: dict[str, dict[str, Any]],
            workers: int) -> list[DealRecord]:
    lineup = [f"{level}:{ME}", opponent, opponent, opponent]
    return run(lineup, deals, seed=seed, workers=workers, options=options, match=MATCH)


def rate(found: Sequence[DealRecord], name: str) -> tuple[float, float, float, float, int]:
    deals = per_deal(found, name)
    win, wci = mean_ci([v[0] for v in deals.values()])
    net, nci = mean_ci([v[1] for v in deals.values()])
    return win, wci, net, nci, len(deals)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.learn standing", description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--weights", type=Path, default=None, help="a checkpoint (default: the shipped weights)")
    parser.add_argument("--search", action="store_true", help="master races its favourites on playouts")
    parser.add_argument("--opponents", default=",".join(OPPONENTS))
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    options = _options(args.weights, args.search)
    print(f"`python3 -m lab.learn standing {' '.join(sys.argv[1:] if argv is None else argv)}`", flush=True)
    print("| master against | deals | master wins % | hard wins % | master − hard (points, paired) "
          "| master net | hard net |\n|---|---|---|---|---|---|---|", flush=True)
    for opponent in [o.strip() for o in args.opponents.split(",") if o.strip()]:
        started = time.monotonic()
        mine = records("master", opponent, args.deals, args.seed, options, args.workers)
        hards = records("hard", opponent, args.deals, args.seed, options, args.workers)
        m, h = rate(mine, f"master:{ME}"), rate(hards, f"hard:{ME}")
        p = paired(mine, hards, f"master:{ME}", f"hard:{ME}")
        print(f"| 3 {opponent} | {m[4]} | {100 * m[0]:.1f} ± {100 * m[1]:.1f} | {100 * h[0]:.1f} ± {100 * h[1]:.1f} "
              f"| {100 * p.win[2]:+.1f} ± {100 * p.win[3]:.1f} | {m[2]:+.2f} ± {m[3]:.2f} | {h[2]:+.2f} ± {h[3]:.2f} |"
              f" <!-- {time.monotonic() - started:.0f} s -->", flush=True)  # fmt: skip
    started = time.monotonic()
    back = records("hard", "master", args.deals, args.seed, options, args.workers)
    h = rate(back, f"hard:{ME}")
    print(f"\nhard against 3 master: {100 * h[0]:.1f} ± {100 * h[1]:.1f}% wins, net {h[2]:+.2f} ± {h[3]:.2f} "
          f"({h[4]} deals, {time.monotonic() - started:.0f} s)", flush=True)
    return 0
