"""Places are named per table size: the last place is "bét" at its own table size only."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from ui import i18n
from ui.i18n import t
from ui.menus.stats_screen import PLACE_COLUMNS, place_table, stat_rows
from ui.persist.stats import Stats, VariantStats
from ui.table.words import place_name, place_word


@pytest.fixture(params=["vi", "en"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("vi")


def test_the_last_place_is_bet_at_every_table_size(lang):
    names = {n: [place_name(p, n) for p in range(1, n + 1)] for n in (2, 3, 4)}
    if lang == "vi":
        assert names == {2: ["Nhất", "Bét"], 3: ["Nhất", "Nhì", "Bét"], 4: ["Nhất", "Nhì", "Ba", "Bét"]}
        assert place_word(3, 3) == "bét" and place_word(3, 4) == "ba"
    else:
        assert names == {2: ["1st", "2nd"], 3: ["1st", "2nd", "3rd"], 4: ["1st", "2nd", "3rd", "4th"]}


def _result(order):
    return SimpleNamespace(order=order, payments=(0,) * len(order), instant_win=None, cong=(), resigned=None)


def test_statistics_with_three_players_put_the_last_place_under_bet_never_under_ba():
    i18n.set_language("vi")
    stats = Stats()
    for order in ((0, 1, 2), (1, 0, 2), (1, 2, 0), (2, 1, 0)):
        stats.record("v", _result(order))
    assert place_table(stats.for_variant("v")) == [("Bàn 3 người", ["1", "1", "–", "2"])]
    assert [t(k) for k in PLACE_COLUMNS] == ["Nhất", "Nhì", "Ba", "Bét"]


def test_statistics_keep_each_table_size_apart_and_earlier_games_on_their_own_row():
    i18n.set_language("en")
    try:
        s = VariantStats(games=5, places=[2, 1, 2, 0], places_by_size={"3": [1, 0, 1], "2": [0, 1]})
        assert place_table(s) == [("2 players", ["0", "–", "–", "1"]), ("3 players", ["1", "0", "–", "1"]),
                                  ("Earlier games", ["1", "0", "1", "0"])]
        assert [t(k) for k in PLACE_COLUMNS] == ["1st", "2nd", "3rd", "Last"]
        assert not any("place" in label for label, _ in stat_rows(s))
    finally:
        i18n.set_language("vi")
