"""Bots against bots, headless: ``python -m lab.arena --bots hard,normal,normal,normal --deals 1000``.

Duplicate deals: every deal is replayed once per seat rotation, so each bot plays every hand from
every seat, which cancels most of the luck of the cards. Deals and bot seeds are fixed by ``--seed``;
deals are shared out over the processor cores. The table gives, for each bot, the win rate (first
out), the mean finishing place and the mean net payment per game under the variant, each with a 95%
confidence interval computed over deals (a deal's rotations are not independent of each other).
A lineup entry ``LEVEL:TAG`` (``normal:hard``) plays ``LEVEL`` under its own name, in the table and in
``--bot-option``, so one level can sit at the table twice with different options. ``--out`` keeps every
deal's record, so two runs on the same deals can be compared deal by deal (``lab.arena_records``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict
from pathlib import Path
from typing import Any

from game.engine.cards import deal
from game.engine.game import Game, choose_leader, new_game
from game.rules import Rules, load_rules
from lab.arena_report import BotSummary, DealRecord, Outcome, calibration, format_table, mean_ci, summarise
from lab.bots import make_bot

# The report's names (lab.arena_report) stay importable from here.
__all__ = ["BotSummary", "DealRecord", "Outcome", "calibration", "deal_hands", "format_table", "level_of", "main",
           "mean_ci", "parse_options", "play_deal", "play_game", "play_match", "run", "save_records", "summarise"]


def deal_hands(rules: Rules, players: int, seed: int, index: int) -> tuple[list[list[Any]], int]:
    """The hands and first leader of deal ``index`` (the same for every rotation and every run)."""
    rng = random.Random(seed * 1_000_003 + index)
    hands = deal(players, rng)
    leader, _ = choose_leader(rules, hands, rng)
    return hands, leader


def play_game(game: Game, bots: Sequence[Any], predictions: list[tuple[int, float]] | None = None,
              evidence: list[list[float]] | None = None) -> int:
    """Play ``game`` to the end with one bot per seat; the number of decisions taken. A searching bot's
    predicted chance of going out first (its ``prediction`` after a choice) is added to ``predictions``, and
    what it was made from (its ``evidence``, else []) to ``evidence``."""
    decisions = 0
    while not game.is_over:
        seat = game.current_player
        move = bots[seat].choose(game.view(seat))
        predicted = getattr(bots[seat], "prediction", None)
        if predictions is not None and predicted is not None:
            predictions.append((seat, predicted))
            if evidence is not None:
                evidence.append(list(getattr(bots[seat], "evidence", None) or ()))
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


#: (lineup, variant, players, deal seed, deal numbers, bot options, whether the bots know the table's levels)
Job = tuple[Sequence[str], str, int, int, tuple[int, ...], dict[str, dict[str, Any]], bool]


def play_deal(args: tuple[Sequence[str], str, int, int, int, dict[str, dict[str, Any]]]) -> DealRecord:
    """Every rotation of one deal. Lineup entry ``i`` sits at seat ``(i + k) % players`` in rotation ``k``."""
    lineup, variant, players, seed, index, options = args
    return play_match((lineup, variant, players, seed, (index,), options, False))[0]


def play_match(args: Job) -> list[DealRecord]:
    """Every rotation of the deals ``indices`` played as one match: in each rotation the same bots play the
    deals in order, and after each deal every bot sees the end of it (``Bot.deal_over``: the last view and
    the hands shown), which a searching bot remembers. Each deal's bots have the seeds they would have alone,
    so a deal played in a match differs from the same deal alone only by what the bots remember. With
    ``known`` every bot is told the table's levels first (``Bot.meet``), as the game's table tells them."""
    lineup, variant, players, seed, indices, options, known = args
    rules = load_rules(variant)
    records = {index: DealRecord(index, []) for index in indices}
    for k in range(players):
        seat_of = [(i + k) % players for i in range(players)]
        bots: list[Any] = [None] * players
        for i, name in enumerate(lineup):
            bots[seat_of[i]] = make_bot(level_of(name), seed=0, **options.get(name, {}))
        if known:
            levels = [bot.level for bot in bots]
            for bot in bots:
                bot.meet(levels)
        for index in indices:
            record = records[index]
            for i in range(len(lineup)):
                bots[seat_of[i]].seed = (seed * 7919 + index * 104_729 + i * 31 + k) & 0x7FFFFFFF
            hands, leader = deal_hands(rules, players, seed, index)
            game = new_game(rules, hands=hands, leader=leader, first_game=True)
            said: list[tuple[int, float]] = []
            why: list[list[float]] = []
            try:
                record.decisions += play_game(game, bots, said, why)
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
            record.evidence += why
            for i, name in enumerate(lineup):
                seat = seat_of[i]
                place = result.order.index(seat) + 1
                record.outcomes.append(Outcome(name, float(place == 1), float(place), float(result.payments[seat])))
    return [records[index] for index in indices]


def save_records(records: Sequence[DealRecord], path: Path) -> None:
    """Write ``records`` to ``path`` as JSON (read back by ``lab.arena_records.load``)."""
    path.write_text(json.dumps([asdict(r) for r in records]), encoding="utf-8")


def run(
    lineup: Sequence[str],
    deals: int,
    variant: str = "mien-nam",
    seed: int = 1,
    workers: int = 2,
    options: dict[str, dict[str, Any]] | None = None,
    first_deal: int = 0,
    match: int = 1,
    levels_known: bool = False,
) -> list[DealRecord]:
    """Play ``deals`` duplicate deals (each once per rotation) and return their records; with ``match`` above
    1, consecutive deals are played ``match`` at a time as matches (``play_match``); with ``levels_known`` the
    bots know each other's levels, as at the game's table."""
    players = len(lineup)
    size = max(1, match)
    jobs: list[Job] = [
        (tuple(lineup), variant, players, seed, tuple(range(first_deal + i, first_deal + min(deals, i + size))),
         options or {}, levels_known)
        for i in range(0, deals, size)
    ]  # fmt: skip
    if workers <= 1:
        return [r for j in jobs for r in play_match(j)]
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        chunk = max(1, min(20, len(jobs) // (workers * 8) or 1))
        return [r for found in pool.imap(play_match, jobs, chunksize=chunk) for r in found]


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
    parser = argparse.ArgumentParser(prog="python -m lab.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--bots",
        default="normal,greedy,greedy,greedy",
        help="comma-separated bot per seat (easy normal hard expert; random greedy baseline outsider outsider2); "
        "2 to 4 of them; "
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
        "--levels-known", action="store_true", help="tell every bot the table's levels first, as the game's table "
        "does (New match shows them): a searching bot then pictures a beginner as one"
    )
    parser.add_argument(
        "--out", type=Path, help="also write every deal's record here (JSON, for python -m lab.arena_records)"
    )
    args = parser.parse_args(argv)
    lineup = [b.strip() for b in args.bots.split(",") if b.strip()]
    if args.players:
        lineup = (lineup + [lineup[-1]] * 4)[: args.players]
    if not 2 <= len(lineup) <= 4:
        parser.error("the lineup needs 2 to 4 bots")
    options = parse_options(args.bot_option)
    start = time.perf_counter()
    records = run(lineup, args.deals, args.variant, args.seed, args.workers, options, args.first_deal, args.match,
                  args.levels_known)
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
