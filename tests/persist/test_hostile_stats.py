"""Statistics no game could produce are refused on load and the file set aside with a notice; a huge file is
not read at all, and a file of 100,000 variants keeps the most played."""

from __future__ import annotations

import json

import pytest

from game.records.fields import record_from_dict
from tests.persist.helpers import aside_files
from tests.persist.test_stats import FakeResult
from ui.persist import files, stats
from ui.persist.profile import Profile
from ui.persist.stats import MAX_VARIANTS, Stats, load_stats

GOOD = {"games": 10, "wins": 4, "places": [4, 3, 2, 1], "bombs": 2, "instant_wins": 1, "cong": 1, "quits": 1,
        "streak": 1, "best_streak": 2, "chips_won": 30.0, "chips_lost": 12.0, "chip_total": 18.0,
        "history": [5.0, 2.0, 18.0]}  # fmt: skip


def _write(paths, variants: dict) -> None:
    paths.stats_file.write_text(json.dumps({"kind": "stats", "format": 1, "variants": variants}), encoding="utf-8")


def test_a_consistent_file_loads_as_it_is(paths) -> None:
    _write(paths, {"mien-nam": GOOD})
    loaded, notices = load_stats(paths)
    assert notices == [] and loaded.for_variant("mien-nam").win_rate == 0.4


@pytest.mark.parametrize(("change", "words"), [
    ({"bombs": -3}, "negative count of bombs"),
    ({"streak": -1}, "negative count of streak"),
    ({"quits": -2}, "negative count of quits"),
    ({"wins": 181, "places": [4, 3, 2, 1]}, "more wins"),  # the "1818%" win rate
    ({"games": int("9" * 4000)}, "count above"),
    ({"best_streak": 7}, "more wins (or a longer streak)"),
    ({"instant_wins": 5}, "more wins"),
    ({"places": [9, 3, 2, 1]}, "counts by place"),
    ({"bombs": 41}, "bombs than the games allow"),
    ({"history": [1.0] * 1000}, "a chart of 1,000 points"),  # 10⁶ points: over the size cap (below)
    ({"history": [1.0] * 11}, "a chart of 11 points for 10 games"),
    ({"chip_total": 99.0}, "chip total"),
    ({"chips_lost": -12.0, "chip_total": 42.0}, "impossible amounts"),
])  # fmt: skip
def test_statistics_no_game_could_produce_are_set_aside(paths, change, words) -> None:
    _write(paths, {"mien-nam": GOOD, "dem-la": {**GOOD, **change}})
    loaded, notices = load_stats(paths)
    assert loaded == Stats() and [n.key for n in notices] == ["notice.file_set_aside"]
    assert words in notices[0].fields["reason"]
    assert len(aside_files(paths.data, "stats.json")) == 1 and not paths.stats_file.exists()


def test_the_player_is_told_when_a_broken_statistics_file_is_set_aside(paths) -> None:
    _write(paths, {"mien-nam": {**GOOD, "wins": 181}})
    profile = Profile.load(paths)
    try:
        assert [n.key for n in profile.take_notices()] == ["notice.file_set_aside"]
        assert profile.stats.variants == {}
    finally:
        profile.close()


def test_a_file_larger_than_the_cap_is_set_aside_unread(paths, monkeypatch) -> None:
    body = {f"v{i}": {**GOOD, "history": [1.0] * 10} for i in range(200)}
    _write(paths, body)
    padding = stats.MAX_BYTES - paths.stats_file.stat().st_size + 200_000
    paths.stats_file.write_text(paths.stats_file.read_text(encoding="utf-8") + " " * padding, encoding="utf-8")

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a file over the cap must not be parsed")

    monkeypatch.setattr(files, "parse_versioned", never)
    loaded, notices = load_stats(paths)
    assert loaded == Stats() and [n.key for n in notices] == ["notice.file_too_big"]
    assert notices[0].fields["size"] == "2.2 MB" and notices[0].fields["limit"] == "2 MB"
    assert aside_files(paths.data, "stats.json", "too-big") and not paths.stats_file.exists()


def test_a_chart_of_a_million_points_is_over_the_cap(paths) -> None:
    _write(paths, {"mien-nam": {**GOOD, "history": [1.0] * 1_000_000}})
    loaded, notices = load_stats(paths)
    assert loaded == Stats() and [n.key for n in notices] == ["notice.file_too_big"]


def test_100k_variants_keep_the_most_played_and_the_whole_file_is_copied_aside(paths, monkeypatch) -> None:
    variants = {f"{i}": {} for i in range(100_000)}
    variants["mien-nam"] = GOOD
    _write(paths, variants)
    original = paths.stats_file.read_bytes()
    checked = []
    monkeypatch.setattr(stats, "record_from_dict", lambda cls, body: checked.append(1) or record_from_dict(cls, body))
    loaded, notices = load_stats(paths)
    assert len(checked) == MAX_VARIANTS  # only the kept ones are read field by field (100,000 took 14 s)
    assert len(loaded.variants) == MAX_VARIANTS and loaded.variants["mien-nam"].games == 10
    assert [n.key for n in notices] == ["notice.stats_trimmed"] and notices[0].fields["count"] == "100,001"
    assert [p.read_bytes() for p in aside_files(paths.data, "stats.json", "full")] == [original]


def test_a_new_variant_beyond_the_cap_makes_room_by_dropping_the_least_played() -> None:
    s = Stats()
    for i in range(MAX_VARIANTS):
        for _ in range(1 + (i != 7)):
            s.record(f"v{i}", FakeResult((0, 1), (1, -1)))
    s.record("new", FakeResult((0, 1), (1, -1)))
    assert len(s.variants) == MAX_VARIANTS and "v7" not in s.variants and "new" in s.variants
