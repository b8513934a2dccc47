from __future__ import annotations

import json

from game.engine.cards import parse_cards
from game.engine.combos import classify
from game.engine.events import CardsPlayed
from tests.ui.persist.helpers import FakeResult, aside_files
from ui.persist.stats import Stats, load_stats, save_stats


def test_a_win_a_loss_and_a_cong_game_are_counted():
    stats = Stats()
    quad = classify(parse_cards("7s 7c 7d 7h"))
    stats.record("mien-nam", FakeResult((0, 1, 2), (10, -4, -6)), [CardsPlayed(0, quad, True, 3)], table_bet=2)
    stats.record("mien-nam", FakeResult((0, 2, 1), (26, -13, -13), instant_win=0))
    stats.record("mien-nam", FakeResult((1, 2, 0), (-30, 40, -10), cong=(0,)))
    s = stats.for_variant("mien-nam")
    assert (s.games, s.wins, s.places) == (3, 2, [2, 0, 1, 0])
    assert (s.chips_won, s.chips_lost) == (46, 30)
    assert (s.bombs, s.instant_wins, s.cong) == (1, 1, 1)
    assert (s.streak, s.best_streak) == (0, 2)
    assert s.history == [20, 46, 16]
    assert stats.for_variant("dem-la").games == 0


def test_other_seats_bombs_do_not_count_for_the_player():
    stats = Stats()
    quad = classify(parse_cards("7s 7c 7d 7h"))
    stats.record("dem-la", FakeResult((1, 0), (-1, 1)), [CardsPlayed(1, quad, True, 3)])
    assert stats.for_variant("dem-la").bombs == 0


def test_history_keeps_only_the_last_hundred_games():
    stats = Stats()
    for _ in range(130):
        stats.record("xep-hang", FakeResult((0, 1), (1, -1)))
    s = stats.for_variant("xep-hang")
    assert len(s.history) == 100 and s.history[-1] == 130 and s.best_streak == 130


def test_stats_round_trip(paths):
    stats = Stats()
    stats.record("co-dien", FakeResult((2, 0, 1), (0.5, -1.5, 1)), table_bet=10)
    save_stats(paths, stats)
    assert load_stats(paths) == (stats, [])


def test_broken_stats_files_start_empty_and_are_kept_aside(paths):
    good = {"kind": "stats", "format": 1, "variants": {"mien-nam": {"games": 2, "wins": 1}}}
    wrong = {"kind": "stats", "format": 1, "variants": {"mien-nam": {"games": "two"}}}
    contents = ["", json.dumps(good)[:40], json.dumps([good]), json.dumps(wrong), "null"]
    for content in contents:
        paths.stats_file.write_text(content)
        stats, notices = load_stats(paths)
        assert stats == Stats() and len(notices) == 1
    assert len(aside_files(paths.data, "stats.json")) == len(contents)
