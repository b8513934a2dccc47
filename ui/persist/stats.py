"""The player's statistics per variant, computed from each finished game's result and events.

Stored as ``stats.json`` in the data folder, format 1. Chips are table bets times the match's bet, from the
human seat's point of view; ``history`` holds the running chip total after each of the last games.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ui.persist.files import FileProblem, Notice, read_versioned, write_versioned
from ui.persist.paths import Paths
from ui.persist.records import record_from_dict, record_to_dict

KIND = "stats"
FORMAT = 1
MIGRATIONS: dict[int, Any] = {}
HISTORY_LENGTH = 100
MAX_CHIPS = 1e15  # no amount of chips comes near this (1,000 table bets of 100 chips a game for 10 million games)


@dataclass
class VariantStats:
    games: int = 0
    wins: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])  # games finished 1st, 2nd, 3rd, 4th
    # the same per table size ("3": [1st, 2nd, last]); games counted before sizes were kept are only in places
    places_by_size: dict[str, list[int]] = field(default_factory=dict)
    chips_won: float = 0.0
    chips_lost: float = 0.0
    bombs: int = 0
    instant_wins: int = 0
    cong: int = 0
    quits: int = 0
    streak: int = 0
    best_streak: int = 0
    chip_total: float = 0.0
    history: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def net(self) -> float:
        return self.chips_won - self.chips_lost

    def earlier_places(self) -> list[int]:
        """Games by place (1st..4th) counted before table sizes were kept, so nobody knows which was last."""
        return [n - sum(c[i] for c in self.places_by_size.values() if i < len(c)) for i, n in enumerate(self.places)]


@dataclass
class Stats:
    variants: dict[str, VariantStats] = field(default_factory=dict)

    def for_variant(self, variant: str) -> VariantStats:
        return self.variants.get(variant) or VariantStats()

    def record(
        self, variant: str, result: Any, events: Iterable[Any] = (), seat: int = 0, table_bet: float = 1.0
    ) -> VariantStats:
        """Count one finished game (an engine ``GameResult`` and the game's events) for ``seat``."""
        s = self.variants.setdefault(variant, VariantStats())
        order = list(result.order)
        place = order.index(seat) if seat in order else len(order) - 1
        s.games += 1
        s.places[min(place, 3)] += 1
        if 2 <= len(order) <= 4:
            counts = s.places_by_size.setdefault(str(len(order)), [0] * len(order))
            counts[min(place, len(order) - 1)] += 1
        won = place == 0
        s.wins += won
        s.streak = s.streak + 1 if won else 0
        s.best_streak = max(s.best_streak, s.streak)
        chips = float(result.payments[seat]) * table_bet
        if chips >= 0:
            s.chips_won += chips
        else:
            s.chips_lost -= chips
        s.chip_total += chips
        s.history = (s.history + [round(s.chip_total, 2)])[-HISTORY_LENGTH:]
        s.instant_wins += result.instant_win == seat
        s.cong += seat in tuple(result.cong)
        s.quits += getattr(result, "resigned", None) == seat
        s.bombs += sum(1 for e in events if _is_own_bomb(e, seat))
        return s


def _is_own_bomb(event: Any, seat: int) -> bool:
    combo = getattr(event, "combo", None)
    return getattr(event, "kind", "") == "played" and event.seat == seat and bool(combo and combo.is_bomb)


def stats_from_dict(data: dict[str, Any]) -> Stats:
    variants = data.get("variants")
    if not isinstance(variants, dict):
        raise FileProblem("'variants' should be an object")
    out: dict[str, VariantStats] = {}
    for vid, body in variants.items():
        if not isinstance(body, dict):
            raise FileProblem(f"variant {vid!r}: expected an object")
        record, bad = record_from_dict(VariantStats, body)
        if bad:
            raise FileProblem(f"variant {vid!r}: bad values for {', '.join(bad)}")
        if len(record.places) != 4 or min(record.places + [record.games, record.wins]) < 0:
            raise FileProblem(f"variant {vid!r}: impossible counts")
        sizes = record.places_by_size
        if any(k not in ("2", "3", "4") or len(c) != int(k) or min(c) < 0 for k, c in sizes.items()):
            raise FileProblem(f"variant {vid!r}: impossible counts by table size")
        amounts = [record.chips_won, record.chips_lost, record.chip_total, *record.history]
        if any(abs(x) > MAX_CHIPS for x in amounts):
            raise FileProblem(f"variant {vid!r}: impossible amounts of chips")
        if min(record.earlier_places()) < 0:
            raise FileProblem(f"variant {vid!r}: counts by table size exceed the counts by place")
        out[str(vid)] = record
    return Stats(out)


def stats_to_dict(stats: Stats) -> dict[str, Any]:
    return {"variants": {vid: record_to_dict(s) for vid, s in stats.variants.items()}}


def load_stats(paths: Paths) -> tuple[Stats, list[Notice]]:
    loaded = read_versioned(paths.stats_file, KIND, FORMAT, MIGRATIONS, stats_from_dict)
    return loaded.value or Stats(), [loaded.notice] if loaded.notice else []


def save_stats(paths: Paths, stats: Stats) -> None:
    write_versioned(paths.stats_file, KIND, FORMAT, stats_to_dict(stats))
