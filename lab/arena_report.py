"""What an arena run reports: each deal's record, the per-bot table and the calibration of predictions.

A bot's figures are taken over deals (each deal contributes the bot's mean over its games in that deal, since
a deal's rotations are not independent of each other), each with a 95% confidence interval. ``lab.arena``
plays the deals and prints these; ``lab.arena_records`` reads them back from a file and compares two runs.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field


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
    #: What each prediction was made from, in the same order (a searching bot's ``evidence``; [] if none).
    evidence: list[list[float]] = field(default_factory=list)


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
    by_bot: dict[str, list[tuple[float, float]]] = {}
    for rec in records:
        for bot, p, won in rec.predictions:
            by_bot.setdefault(bot, []).append((p, won))
    return "\n".join(by_fifth(f"calibration of {bot}", pairs, bins) for bot, pairs in by_bot.items())


def by_fifth(title: str, pairs: Sequence[tuple[float, float]], bins: int = 5) -> str:
    """Predicted chances against outcomes (1 or 0) in each fifth of the predictions (sorted), with the gap."""
    ordered = sorted(pairs, key=lambda pw: pw[0])  # by prediction only: equal predictions keep no order by outcome
    lines = [f"{title} ({len(ordered)} decisions): predicted vs actual win chance by fifth"]
    for b in range(bins):
        part = ordered[b * len(ordered) // bins : (b + 1) * len(ordered) // bins]
        if not part:
            continue
        pred = sum(p for p, _ in part) / len(part)
        real, half = mean_ci([w for _, w in part])
        lines.append(f"  {b + 1}/{bins}: predicted {pred:.3f}  actual {real:.3f} ± {half:.3f}  "
                     f"gap {real - pred:+.3f}  ({len(part)})")  # fmt: skip
    return "\n".join(lines)


