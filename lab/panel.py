"""Each level against a panel of opponents, in single deals and in matches: ``python3 -m lab.panel``.

For every level and every opponent of the panel (3 of it at a 4-player table; ``mien-nam``), the arena plays
the same duplicate deals twice: each deal alone, and the deals 20 at a time as matches, the bots remembering what
they saw from deal to deal as at the table. A row gives the level's wins (25% is even) and mean net payment in
each, with 95% intervals over deals, and the match's difference from the single deals paired deal by deal (the
same cards, so most of the luck cancels): a level should be no worse in matches than alone against anyone. The
searching levels stop on their work budget alone (``time_limit=30``), so the figures do not depend on the load.
The bots are not told the table's levels: against styles it was never shown, a bot has only its reading.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path

from game.ai import LEVELS, SEARCHING
from lab.arena import run
from lab.arena_records import paired, per_deal
from lab.arena_report import DealRecord, mean_ci

PANEL = ("greedy", "easy", "baseline", "normal", "outsider", "outsider2")
MATCH = 20
DEALS = {"easy": 100, "normal": 100, "hard": 40, "expert": 20}
ME = "me"  # the tag of the measured seat's name, so a level can meet three of itself


def measure(level: str, opponent: str, deals: int, seed: int) -> tuple[list[DealRecord], list[DealRecord]]:
    """The records of ``level`` against three ``opponent`` over ``deals`` deals: alone, and in matches."""
    name = f"{level}:{ME}"
    lineup = [name, opponent, opponent, opponent]
    options = {name: {"time_limit": 30.0}} if level in SEARCHING else {}
    alone = run(lineup, deals, seed=seed, workers=1, options=options)
    matched = run(lineup, deals, seed=seed, workers=1, options=options, match=MATCH)
    return alone, matched


def row(level: str, opponent: str, alone: Sequence[DealRecord], matched: Sequence[DealRecord]) -> str:
    """One line of the panel's table (points of wins and net payment a game, each ± its 95% interval)."""
    name = f"{level}:{ME}"
    a, m = per_deal(alone, name), per_deal(matched, name)
    wa, ha = mean_ci([v[0] for v in a.values()])
    wm, hm = mean_ci([v[0] for v in m.values()])
    na, nha = mean_ci([v[1] for v in a.values()])
    nm, nhm = mean_ci([v[1] for v in m.values()])
    p = paired(matched, alone, name, name)
    return (f"| {level} | 3 {opponent} | {len(a)} | {100 * wa:.1f} ± {100 * ha:.1f} | {100 * wm:.1f} ± {100 * hm:.1f} "
            f"| {100 * p.win[2]:+.1f} ± {100 * p.win[3]:.1f} | {na:+.2f} ± {nha:.2f} | {nm:+.2f} ± {nhm:.2f} "
            f"| {p.net[2]:+.2f} ± {p.net[3]:.2f} |")  # fmt: skip


HEADER = ("| level | against | deals | wins alone % | wins in matches % | matches − alone (points) | net alone "
          "| net in matches | matches − alone (net) |\n|---|---|---|---|---|---|---|---|---|")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python3 -m lab.panel", description=__doc__.split("\n\n")[0])
    parser.add_argument("--levels", default=",".join(LEVELS))
    parser.add_argument("--opponents", default=",".join(PANEL))
    parser.add_argument("--deals", default=",".join(f"{k}={v}" for k, v in DEALS.items()),
                        help="deals per level, LEVEL=N,... (a multiple of 20 for whole matches)")
    parser.add_argument("--seed", type=int, default=31)
    parser.add_argument("--out", type=Path, help="a folder to keep every run's deals in (JSON)")
    args = parser.parse_args(argv)
    deals = {**DEALS, **{k: int(v) for k, v in (x.split("=") for x in args.deals.split(",") if x)}}
    print(f"mien-nam · 4 players · seed {args.seed} · matches of {MATCH} deals")
    print(HEADER, flush=True)
    for level in [x.strip() for x in args.levels.split(",") if x.strip()]:
        for opponent in [x.strip() for x in args.opponents.split(",") if x.strip()]:
            start = time.perf_counter()
            alone, matched = measure(level, opponent, deals[level], args.seed)
            if args.out is not None:
                args.out.mkdir(parents=True, exist_ok=True)
                for mode, records in (("alone", alone), ("match", matched)):
                    path = args.out / f"{level}-{opponent}-{mode}.json"
                    path.write_text(json.dumps([asdict(r) for r in records]), encoding="utf-8")
            print(row(level, opponent, alone, matched), f"<!-- {time.perf_counter() - start:.0f} s -->", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
