"""Bots against bots, headless: ``python -m game.arena --bots hard,normal,normal,normal --deals 1000``.

Duplicate deals: every deal is replayed once per seat rotation, so each bot plays every hand from
every seat, which cancels most of the luck of the cards. Deals and bot seeds are fixed by ``--seed``;
deals are shared out over the processor cores. The table gives, for each bot, the win rate (first
out), the mean finishing place and the mean net payment per game under the variant, each with a 95%
confidence interval computed over deals (a deal's rotations are not independent of each other).
A lineup entry ``LEVEL:TAG`` (``normal:hard``) plays ``LEVEL`` under its own name, in the table and in
``--bot-option``, so one level can sit at the table twice with different options. ``--out`` keeps every
deal's record, so two runs on the same deals can be compared deal by deal (``game.arena_records``).
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
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game.ai import make_bot
from game.cards import deal
from game.game import Game, choose_leader, new_game
from game.rules import Rules, load_rules


@dataclass
class Outcome:
    """One bot's result in one game."""

    bot: str
    win: float
    place: float
    net: float


@dataclass
class DealRecord:
    deal: int
    outcomes: list[Outcome]
    decisions: int = 0
    errors: list[str] = field(default_factory=list)
    predictions: list[tuple[str, float, float]] = field(default_factory=list)  # bot, predicted win, won


def deal_hands(rules: Rules, players: int, seed: int, index: int) -> tuple[list[list[Any]], int]:
    """The hands and first leader of deal ``index`` (the same for every rotation and every run)."""
    rng = random.Random(seed * 1_000_003 + index)
    hands = deal(players, rng)
    leader, _ = choose_leader(rules, hands, rng)
    return hands, leader


def play_game(game: Game, bots: Sequence[Any], predictions: list[tuple[int, float]] | None = None) -> int:
    """Play ``game`` to the end with one bot per seat; the number of decisions taken. A searching bot's
    predicted chance of going out first (its ``prediction`` after a choice) is added to ``predictions``."""
    decisions = 0
    while not game.is_over:
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        predicted = getattr(bots[seat], "prediction", None)
        if predictions is not None and predicted is not None:
            predictions.append((seat, predicted))
        decisions += 1
        if move is None:
            game.pass_turn(seat)
        else:
            game.play(move, seat)
        if decisions > 2000:
            raise RuntimeError("game did not finish")
    return decisions


def level_of(name: str) -> str:
    """The bot level a lineup entry plays: ``normal:hard`` plays ``normal``."""
    return name.partition(":")[0]


Job = tuple[Sequence[str], str, int, int, tuple[int, ...], dict[str, dict[str, Any]]]


def play_deal(args: tuple[Sequence[str], str, int, int, int, dict[str, dict[str, Any]]]) -> DealRecord:
    """Every rotation of one deal. Lineup entry ``i`` sits at seat ``(i + k) % players`` in rotation ``k``."""
    lineup, variant, players, seed, index, options = args
    return play_match((lineup, variant, players, seed, (index,), options))[0]


def play_match(args: Job) -> list[DealRecord]:
    """Every rotation of the deals ``indices`` played as one match: in each rotation the same bots play the
    deals in order, and after each deal every bot sees the end of it (``Bot.deal_over``: the last view and
    the hands shown), which a searching bot remembers. Each deal's bots have the seeds they would have alone,
    so a deal played in a match differs from the same deal alone only by what the bots remember."""
    lineup, variant, players, seed, indices, options = args
    rules = load_rules(variant)
    records = {index: DealRecord(index, []) for index in indices}
    for k in range(players):
        seat_of = [(i + k) % players for i in range(players)]
        bots: list[Any] = [None] * players
        for i, name in enumerate(lineup):
            bots[seat_of[i]] = make_bot(level_of(name), seed=0, **options.get(name, {}))
        for index in indices:
            record = records[index]
            for i in range(len(lineup)):
                bots[seat_of[i]].seed = (seed * 7919 + index * 104_729 + i * 31 + k) & 0x7FFFFFFF
            hands, leader = deal_hands(rules, players, seed, index)
            game = new_game(rules, hands=hands, leader=leader, first_game=True)
            said: list[tuple[int, float]] = []
            try:
                record.decisions += play_game(game, bots, said)
            except Exception as exc:  # noqa: BLE001 - reported in the table, the run goes on
                record.errors.append(f"deal {index} rotation {k}: {type(exc).__name__}: {exc}")
                continue
            shown = [tuple(h) for h in game.hands]
            for s, bot in enumerate(bots):
                bot.deal_over(game.view(s), shown)
            result = game.result
            assert result is not None
            name_of = {seat_of[i]: name for i, name in enumerate(lineup)}
            record.predictions += [(name_of[s], p, float(result.order[0] == s)) for s, p in said]
            for i, name in enumerate(lineup):
                seat = seat_of[i]
                place = result.order.index(seat) + 1
                record.outcomes.append(Outcome(name, float(place == 1), float(place), float(result.payments[seat])))
    return [records[index] for index in indices]


def save_records(records: Sequence[DealRecord], path: Path) -> None:
    """Write ``records`` to ``path`` as JSON (read back by ``game.arena_records.load``)."""
    path.write_text(json.dumps([asdict(r) for r in records]), encoding="utf-8")


def mean_ci(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n < 2:
        return mean, math.nan
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


@dataclass
class BotSummary:
    bot: str
    games: int
    win: tuple[float, float]
    place: tuple[float, float]
    net: tuple[float, float]


def summarise(records: Sequence[DealRecord], lineup: Sequence[str]) -> list[BotSummary]:
    """Per bot name: each deal contributes the bot's mean over its games in that deal."""
    out = []
    for name in dict.fromkeys(lineup):
        wins, places, nets, games = [], [], [], 0
        for rec in records:
            mine = [o for o in rec.outcomes if o.bot == name]
            if not mine:
                continue
            games += len(mine)
            wins.append(sum(o.win for o in mine) / len(mine))
            places.append(sum(o.place for o in mine) / len(mine))
            nets.append(sum(o.net for o in mine) / len(mine))
        out.append(BotSummary(name, games, mean_ci(wins), mean_ci(places), mean_ci(nets)))
    return out


def run(
    lineup: Sequence[str],
    deals: int,
    variant: str = "mien-nam",
    seed: int = 1,
    workers: int = 2,
    options: dict[str, dict[str, Any]] | None = None,
    first_deal: int = 0,
    match: int = 1,
) -> list[DealRecord]:
    """Play ``deals`` duplicate deals (each once per rotation) and return their records; with ``match`` above
    1, consecutive deals are played ``match`` at a time as matches (``play_match``)."""
    players = len(lineup)
    size = max(1, match)
    jobs: list[Job] = [
        (tuple(lineup), variant, players, seed, tuple(range(first_deal + i, first_deal + min(deals, i + size))),
         options or {})
        for i in range(0, deals, size)
    ]  # fmt: skip
    if workers <= 1:
        return [r for j in jobs for r in play_match(j)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        chunk = max(1, min(20, len(jobs) // (workers * 8) or 1))
        return [r for found in pool.imap(play_match, jobs, chunksize=chunk) for r in found]


def format_table(summaries: Sequence[BotSummary], header: str) -> str:
    lines = [header, f"{'bot':<10} {'games':>6}  {'win rate (first out)':>22}  {'mean place':>16}  {'mean net':>18}"]
    for s in summaries:
        win = f"{100 * s.win[0]:5.1f}% ± {100 * s.win[1]:4.1f}"
        place = f"{s.place[0]:5.2f} ± {s.place[1]:4.2f}"
        net = f"{s.net[0]:+7.2f} ± {s.net[1]:5.2f}"
        lines.append(f"{s.bot:<10} {s.games:>6}  {win:>22}  {place:>16}  {net:>18}")
    return "\n".join(lines)


def calibration(records: Sequence[DealRecord], bins: int = 5) -> str:
    """Per searching bot: its predicted chance of going out first against how often it did, in each fifth
    of its predictions (sorted), with the gap. Empty when no bot predicted."""
    lines = []
    by_bot: dict[str, list[tuple[float, float]]] = {}
    for rec in records:
        for bot, p, won in rec.predictions:
            by_bot.setdefault(bot, []).append((p, won))
    for bot, pairs in by_bot.items():
        pairs.sort(key=lambda pw: pw[0])  # by prediction only: equal predictions keep no order by outcome
        lines.append(f"calibration of {bot} ({len(pairs)} decisions): predicted vs actual win chance by fifth")
        for b in range(bins):
            part = pairs[b * len(pairs) // bins : (b + 1) * len(pairs) // bins]
            if not part:
                continue
            pred = sum(p for p, _ in part) / len(part)
            real, half = mean_ci([w for _, w in part])
            lines.append(f"  {b + 1}/{bins}: predicted {pred:.3f}  actual {real:.3f} ± {half:.3f}  "
                         f"gap {real - pred:+.3f}  ({len(part)})")  # fmt: skip
    return "\n".join(lines)


def parse_options(items: Sequence[str]) -> dict[str, dict[str, Any]]:
    """``hard.playouts=40`` → {"hard": {"playouts": 40}} (numbers become numbers)."""
    out: dict[str, dict[str, Any]] = {}
    for item in items:
        key, _, raw = item.partition("=")
        bot, _, name = key.partition(".")
        if not name or not raw:
            raise SystemExit(f"--bot-option expects BOT.NAME=VALUE, got {item!r}")
        value: Any = raw
        for conv in (int, float):
            try:
                value = conv(raw)
                break
            except ValueError:
                continue
        out.setdefault(bot, {})[name] = value
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bots",
        default="normal,greedy,greedy,greedy",
        help="comma-separated bot per seat (easy normal hard expert; random greedy baseline); 2 to 4 of them; "
        "LEVEL:TAG names a second copy of a level for --bot-option",
    )
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals (each is played once per seat)")
    parser.add_argument("--variant", default="mien-nam")
    parser.add_argument(
        "--players", type=int, default=None, help="fill the lineup to this many seats with its last bot"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first-deal", type=int, default=0, help="start at this deal number (to split a long run)")
    parser.add_argument("--workers", type=int, default=min(2, multiprocessing.cpu_count()))
    parser.add_argument(
        "--bot-option",
        action="append",
        default=[],
        metavar="BOT.NAME=VALUE",
        help="tune a level, e.g. hard.playouts=40 or normal:hard.weights=hard (repeatable)",
    )
    parser.add_argument(
        "--match", type=int, default=1, help="play consecutive deals this many at a time as matches, the bots "
        "remembering what they saw (default 1: every deal alone)"
    )
    parser.add_argument(
        "--out", type=Path, help="also write every deal's record here (JSON, for python -m game.arena_records)"
    )
    args = parser.parse_args(argv)
    lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.players:
        lineup = (lineup + [lineup[-1]] * 4)[: args.players]
    if not 2 <= len(lineup) <= 4:
        parser.error("the lineup needs 2 to 4 bots")
    options = parse_options(args.bot_option)
    start = time.perf_counter()
    records = run(lineup, args.deals, args.variant, args.seed, args.workers, options, args.first_deal, args.match)
    elapsed = time.perf_counter() - start
    if args.out is not None:
        save_records(records, args.out)
    games = args.deals * len(lineup)
    header = (
        f"{' vs '.join(lineup)} · {args.variant} · {len(lineup)} players · {args.deals} duplicate deals "
        f"({games} games) · seed {args.seed} · {elapsed:.0f} s"
    )
    print(format_table(summarise(records, lineup), header))
    report = calibration(records)
    if report:
        print(report)
    errors = [e for r in records for e in r.errors]
    for e in errors[:10]:
        print("error:", e, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    raise SystemExit(main())
