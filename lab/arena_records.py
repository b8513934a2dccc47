"""An arena run's deals kept in a file, merged and compared: ``python -m lab.arena_records compare NEW OLD``.

``python -m lab.arena ... --out run.json`` writes every deal's record (each game's outcome per bot, the
decisions, errors and a searching bot's predictions). Two runs on the same deals (the same ``--seed``) are
then compared deal by deal: the difference of a bot's mean over its games in each deal, averaged over the
deals both runs played, with a 95% interval over deals. Because both runs dealt the same cards, most of the
luck cancels, so a change of a point or two shows in a few hundred deals where two separate win rates would
need thousands. A long run split into chunks (``--first-deal``) is merged by listing its files together.

    python -m lab.arena_records table a.json b.json            # the arena's table over the merged chunks
    python -m lab.arena_records compare new.json old.json --bots hard,normal   # hard in new − normal in old
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from lab.arena_report import DealRecord, Outcome, calibration, format_table, mean_ci, summarise


def load(paths: Sequence[Path]) -> list[DealRecord]:
    """The records of every file in ``paths`` (chunks of one run, written by ``python -m lab.arena --out``),
    in deal order; a deal in two files is an error, as is a file that is not an arena record file."""
    by_deal: dict[int, tuple[DealRecord, Path]] = {}
    for path in paths:
        try:
            rows = json.loads(path.read_text(encoding="utf-8"))
            records = [
                DealRecord(int(row["deal"]), [Outcome(**o) for o in row["outcomes"]], int(row.get("decisions", 0)),
                           list(row.get("errors", [])), [(str(b), float(p), float(w)) for b, p, w in
                                                         row.get("predictions", [])],
                           [[float(x) for x in e] for e in row.get("evidence", [])])
                for row in rows
            ]  # fmt: skip
        except (OSError, ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}: not an arena record file ({exc})") from exc
        for rec in records:
            if rec.deal in by_deal:
                raise ValueError(f"deal {rec.deal} is in both {by_deal[rec.deal][1]} and {path}")
            by_deal[rec.deal] = (rec, path)
    return [by_deal[d][0] for d in sorted(by_deal)]


def lineup_of(records: Sequence[DealRecord]) -> list[str]:
    """The bot names in the records, in the order they first appear."""
    return list(dict.fromkeys(o.bot for rec in records for o in rec.outcomes))


@dataclass(frozen=True)
class Paired:
    """``bot_a`` in one run against ``bot_b`` in another, on the deals both played: means and the mean
    difference per deal, each with its 95% interval's half-width."""

    deals: int
    win: tuple[float, float, float, float]  # mean a, mean b, difference, half-width
    net: tuple[float, float, float, float]


def per_deal(records: Sequence[DealRecord], bot: str) -> dict[int, tuple[float, float]]:
    """Deal → ``bot``'s mean win and mean net payment over its games in that deal."""
    out = {}
    for rec in records:
        mine = [o for o in rec.outcomes if o.bot == bot]
        if mine:
            out[rec.deal] = (sum(o.win for o in mine) / len(mine), sum(o.net for o in mine) / len(mine))
    return out


def paired(a: Sequence[DealRecord], b: Sequence[DealRecord], bot_a: str, bot_b: str) -> Paired:
    """Compare ``bot_a`` in run ``a`` with ``bot_b`` in run ``b`` deal by deal."""
    da, db = per_deal(a, bot_a), per_deal(b, bot_b)
    common = sorted(set(da) & set(db))
    if not common:
        raise ValueError(f"no deal has both {bot_a} (first run) and {bot_b} (second run)")
    stats = []
    for k in (0, 1):
        diff, half = mean_ci([da[d][k] - db[d][k] for d in common])
        stats.append((sum(da[d][k] for d in common) / len(common), sum(db[d][k] for d in common) / len(common),
                      diff, half))  # fmt: skip
    return Paired(len(common), stats[0], stats[1])


def format_paired(p: Paired, bot_a: str, bot_b: str) -> str:
    (wa, wb, wd, wh), (na, nb, nd, nh) = p.win, p.net
    return (f"{bot_a} (first run) − {bot_b} (second run) on {p.deals} common deals\n"
            f"  wins: {100 * wa:.1f}% − {100 * wb:.1f}% = {100 * wd:+.1f} ± {100 * wh:.1f} points\n"
            f"  net:  {na:+.2f} − {nb:+.2f} = {nd:+.2f} ± {nh:.2f}")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m lab.arena_records", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    table = sub.add_parser("table", help="the arena's table and calibration over one run's files (chunks)")
    table.add_argument("files", nargs="+", type=Path)
    compare = sub.add_parser("compare", help="a bot in one run against a bot in another, deal by deal")
    compare.add_argument("first", help="the first run's files, comma-separated (chunks)")
    compare.add_argument("second", help="the second run's files, comma-separated")
    compare.add_argument("--bots", help="BOT or BOT_FIRST,BOT_SECOND (default: each run's first bot)")
    args = parser.parse_args(argv)
    try:
        if args.command == "table":
            records = load(args.files)
            print(format_table(summarise(records, lineup_of(records)), f"{len(records)} deals from "
                               f"{', '.join(str(f) for f in args.files)}"))  # fmt: skip
            report = calibration(records)
            if report:
                print(report)
            return 0
        first = load([Path(f) for f in args.first.split(",")])
        second = load([Path(f) for f in args.second.split(",")])
        names = args.bots.split(",") if args.bots else [lineup_of(first)[0], lineup_of(second)[0]]
        bot_a, bot_b = (names[0], names[0]) if len(names) == 1 else (names[0], names[1])
        print(format_paired(paired(first, second, bot_a, bot_b), bot_a, bot_b))
        return 0
    except ValueError as exc:
        parser.exit(2, f"{parser.prog}: {exc}\n")


if __name__ == "__main__":
    raise SystemExit(main())
