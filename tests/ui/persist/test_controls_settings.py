"""The table's newer settings (auto-pass, the drag hint learned) on disk, and places per table size."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from tests.ui.persist.helpers import aside_files
from ui.persist.files import FileProblem
from ui.persist.settings_store import load_settings, save_settings
from ui.persist.stats import Stats, VariantStats, stats_from_dict, stats_to_dict
from ui.settings_model import Settings


def test_auto_pass_is_off_and_the_drag_hint_unlearned_by_default():
    s = Settings()
    assert s.auto_pass is False and s.drag_learned is False


def test_auto_pass_and_drag_learned_are_saved_and_read_back(paths):
    save_settings(paths, Settings(language="en", auto_pass=True, drag_learned=True))
    settings, notices = load_settings(paths)
    assert (settings.auto_pass, settings.drag_learned, notices) == (True, True, [])


def test_an_older_settings_file_without_the_new_keys_still_loads(paths):
    doc = {"kind": "settings", "format": 1, "values": {"language": "en", "volume": 0.3, "four_colour": True}}
    paths.settings_file.write_text(json.dumps(doc))
    settings, notices = load_settings(paths)
    assert notices == [] and settings.language == "en" and settings.four_colour is True
    assert settings.auto_pass is False and settings.drag_learned is False
    assert aside_files(paths.config, "settings.json") == []


def test_a_bad_auto_pass_value_is_reset_alone_and_the_file_kept_aside(paths):
    doc = {"kind": "settings", "format": 1, "values": {"language": "en", "auto_pass": "yes"}}
    paths.settings_file.write_text(json.dumps(doc))
    settings, notices = load_settings(paths)
    assert settings.language == "en" and settings.auto_pass is False
    assert notices[0].key == "notice.values_reset" and notices[0].fields["fields"] == "auto_pass"
    assert len(aside_files(paths.config, "settings.json")) == 1


def _result(order: tuple[int, ...]) -> SimpleNamespace:
    return SimpleNamespace(order=order, payments=(0,) * len(order), instant_win=None, cong=(), resigned=None)


def test_places_are_kept_per_table_size():
    stats = Stats()
    stats.record("v", _result((1, 2, 0)))        # last of three
    stats.record("v", _result((0, 1, 2)))        # first of three
    stats.record("v", _result((1, 2, 0, 3)))     # third of four
    s = stats.for_variant("v")
    assert s.places_by_size == {"3": [1, 0, 1], "4": [0, 0, 1, 0]}
    assert s.places == [1, 0, 2, 0] and s.earlier_places() == [0, 0, 0, 0]
    assert stats_from_dict(stats_to_dict(stats)).for_variant("v") == s


def test_a_stats_file_from_before_table_sizes_still_loads_its_places_as_earlier_games():
    old = {"variants": {"v": {"games": 3, "wins": 1, "places": [1, 1, 1, 0]}}}
    s = stats_from_dict(old).for_variant("v")
    assert s.places_by_size == {} and s.earlier_places() == [1, 1, 1, 0]


@pytest.mark.parametrize("sizes", [{"5": [0] * 5}, {"3": [1, 0]}, {"3": [0, -1, 0]}, {"4": [9, 0, 0, 0]}])
def test_impossible_counts_by_table_size_are_refused(sizes):
    body = {"games": 2, "wins": 1, "places": [1, 1, 0, 0], "places_by_size": sizes}
    with pytest.raises(FileProblem):
        stats_from_dict({"variants": {"v": body}})


def test_places_by_size_default_is_empty():
    assert VariantStats().places_by_size == {}
