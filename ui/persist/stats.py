"""The player's statistics per variant, computed from each finished game's result and events.

Stored as ``stats.json`` in the data folder, format 1. Chips are table bets times the match's bet, from the
human seat's point of view; ``history`` holds the running chip total after each of the last games.

What no game can produce is refused on load and the file set aside with a notice (``check_variant``): a
negative count, more wins than games, a count of 4,000 digits, a chart of more points than it keeps. The file
is read only up to ``MAX_BYTES`` and keeps at most ``MAX_VARIANTS`` variants (the most played).
"""

from __future__ import annotations

import logging
import math
import shutil
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from game.records.counted import Counted, counted_from
from game.records.fields import record_from_dict, record_to_dict
from ui.persist.files import FileProblem, Notice, aside_name, notice_stuck, read_versioned, write_versioned
from ui.persist.paths import Paths

KIND = "stats"
FORMAT = 1
MIGRATIONS: dict[int, Any] = {}
HISTORY_LENGTH = 100
MAX_CHIPS = 1e15  # no amount of chips comes near this (1,000 table bets of 100 chips a game for 10 million games)
MAX_COUNT = 10_000_000  # games in one variant: a game a minute, day and night, for 19 years
MAX_BOMBS_PER_GAME = 4  # 13 cards hold at most three quads, or two runs of three pairs and a quad's worth
#: The built-in variants, the 100 a rules.yaml may add, and room for variants since removed from it.
MAX_VARIANTS = 200
MAX_ID = 100  # characters of a variant's id
#: 200 variants with a full chart are about 700 KB as written; a larger file was not written by the game.
MAX_BYTES = 2 * 1024 * 1024
log = logging.getLogger("tienlen.stats")


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
    #: how many variants the file held beyond ``MAX_VARIANTS`` (the least played, not read; the file is copied aside)
    dropped: int = field(default=0, compare=False, repr=False)
    #: the last game of the saved match counted here (``game.records.counted``): written with the counts
    counted: Counted | None = field(default=None, compare=False, repr=False)

    def for_variant(self, variant: str) -> VariantStats:
        return self.variants.get(variant) or VariantStats()

    def record(
        self, variant: str, result: Any, events: Iterable[Any] = (), seat: int = 0, table_bet: float = 1.0
    ) -> VariantStats:
        """Count one finished game (an engine ``GameResult`` and the game's events) for ``seat``."""
        if variant not in self.variants and len(self.variants) >= MAX_VARIANTS:  # the least played makes room
            del self.variants[min(self.variants, key=lambda v: self.variants[v].games)]
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
    stored = data.get("variants")
    if not isinstance(stored, dict):
        raise FileProblem("'variants' should be an object")
    variants: dict[str, Any] = stored
    out: dict[str, VariantStats] = {}
    dropped = max(0, len(variants) - MAX_VARIANTS)
    if dropped:  # only the most played are read (checking 100,000 would take seconds); the rest are dropped
        kept = set(sorted(variants, key=lambda v: -_games(variants[v]))[:MAX_VARIANTS])
        variants = {v: body for v, body in variants.items() if v in kept}
    for vid, body in variants.items():
        if len(vid) > MAX_ID:
            raise FileProblem(f"a variant's id is {len(vid)} characters long (at most {MAX_ID})")
        if not isinstance(body, dict):
            raise FileProblem(f"variant {vid!r}: expected an object")
        record, bad = record_from_dict(VariantStats, body)
        if bad:
            raise FileProblem(f"variant {vid!r}: bad values for {', '.join(bad)}")
        problem = check_variant(record)
        if problem:
            raise FileProblem(f"variant {vid!r}: {problem}")
        out[str(vid)] = record
    return Stats(out, dropped, counted_from(data.get("counted")))


def _games(body: Any) -> int:
    games = body.get("games") if isinstance(body, dict) else None
    return games if isinstance(games, int) and not isinstance(games, bool) and 0 <= games <= MAX_COUNT else -1


def check_variant(s: VariantStats) -> str:
    """What no sequence of games could have made of one variant's statistics ("" when nothing)."""
    counts = {"games": s.games, "wins": s.wins, "bombs": s.bombs, "instant wins": s.instant_wins,
              "shut-outs": s.cong, "quits": s.quits, "streak": s.streak, "best streak": s.best_streak}  # fmt: skip
    for name, n in {**counts, "places": min(s.places, default=0)}.items():
        if n < 0:
            return f"a negative count of {name}"
    if max([*counts.values(), *s.places]) > MAX_COUNT:
        return f"a count above {MAX_COUNT:,}"
    if len(s.places) != 4 or sum(s.places) > s.games:
        return "impossible counts by place"
    if s.wins > s.games or s.instant_wins > s.wins or s.streak > s.best_streak or s.best_streak > s.wins:
        return "more wins (or a longer streak) than games won"
    if s.cong > s.games or s.quits > s.games or s.bombs > MAX_BOMBS_PER_GAME * s.games:
        return "more shut-outs, quits or bombs than the games allow"
    sizes = s.places_by_size
    if any(k not in ("2", "3", "4") or len(c) != int(k) or min(c) < 0 for k, c in sizes.items()):
        return "impossible counts by table size"
    if min(s.earlier_places()) < 0:
        return "counts by table size exceed the counts by place"
    if len(s.history) > min(s.games, HISTORY_LENGTH):
        return f"a chart of {len(s.history):,} points for {s.games:,} games (it keeps {HISTORY_LENGTH})"
    amounts = [s.chips_won, s.chips_lost, s.chip_total, *s.history]
    if any(abs(x) > MAX_CHIPS for x in amounts) or min(s.chips_won, s.chips_lost) < 0:
        return "impossible amounts of chips"
    if not math.isclose(s.chip_total, s.net, rel_tol=1e-6, abs_tol=0.01):
        return "a chip total that is not the chips won less the chips lost"
    return ""


def stats_to_dict(stats: Stats) -> dict[str, Any]:
    body: dict[str, Any] = {"variants": {vid: record_to_dict(s) for vid, s in stats.variants.items()}}
    if stats.counted is not None:
        body["counted"] = stats.counted.to_dict()
    return body


def load_stats(paths: Paths) -> tuple[Stats, list[Notice]]:
    loaded = read_versioned(paths.stats_file, KIND, FORMAT, MIGRATIONS, stats_from_dict, MAX_BYTES)
    stats = loaded.value or Stats()
    notices = [loaded.notice] if loaded.notice else []
    if stats.dropped:
        notices.append(_copy_aside(paths, stats))
    return stats, notices


def _copy_aside(paths: Paths, stats: Stats) -> Notice:
    """Copy the file whose least played variants were dropped aside, before it is written back without them."""
    count = len(stats.variants) + stats.dropped
    fields = {"file": paths.stats_file.name, "count": f"{count:,}", "limit": str(MAX_VARIANTS)}
    try:
        copy = aside_name(paths.stats_file, "full")
        shutil.copyfile(paths.stats_file, copy)
    except OSError as exc:
        # without the copy, writing the file back would lose the variants not read: it is left as it is
        why = f"it holds {count:,} variants, more than the {MAX_VARIANTS} the game keeps"
        return notice_stuck(paths.stats_file, why, exc)
    log.warning("%s held %d variants; the %d most played are kept, the file copied to %s", paths.stats_file,
                count, MAX_VARIANTS, copy.name)  # fmt: skip
    stats.dropped = 0
    return Notice("notice.stats_trimmed", {**fields, "kept": copy.name})


def save_stats(paths: Paths, stats: Stats) -> None:
    write_versioned(paths.stats_file, KIND, FORMAT, stats_to_dict(stats))
