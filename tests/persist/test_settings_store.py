from __future__ import annotations

import json

import pytest

from game.table.choice import MatchChoice
from tests.persist.helpers import aside_files
from ui.persist import settings_store
from ui.persist.choices import load_choice, save_choice
from ui.persist.settings_store import load_settings, save_settings
from ui.settings_model import Settings


@pytest.mark.parametrize(("lang", "expected"), [("vi_VN.UTF-8", "vi"), ("en_GB.UTF-8", "en"), ("fr_FR", "en")])
def test_the_first_start_speaks_the_systems_language(paths, monkeypatch, lang, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", lang)
    settings, notices = load_settings(paths)
    assert settings == Settings(language=expected) and notices == []


def test_a_saved_language_wins_over_the_systems(paths, monkeypatch):
    save_settings(paths, Settings(language="vi"))
    monkeypatch.setenv("LANGUAGE", "en_US")
    assert load_settings(paths)[0].language == "vi"


@pytest.mark.parametrize(("env", "found", "expected"), [
    ({"LANGUAGE": "vi:en", "LANG": "en_US.UTF-8"}, "", "vi"),   # gettext's order: LANGUAGE first
    ({"LC_ALL": "en_US.UTF-8", "LANG": "vi_VN"}, "", "en"),
    ({"LANG": "C.UTF-8"}, "vi_VN", "vi"),                       # C is no language: the locale decides
    ({}, "Vietnamese_Vietnam", "vi"),                            # Windows names its locales in words
    ({}, "English_United States", "en"),
    ({}, "", "en"),
])  # fmt: skip
def test_system_language_reads_the_environment_then_the_locale(monkeypatch, env, found, expected):
    monkeypatch.setattr(settings_store.locale, "getlocale", lambda: (found or None, None))
    monkeypatch.setattr(settings_store.sys, "platform", "linux")
    assert settings_store.system_language(env) == expected


def test_settings_round_trip(paths):
    s = Settings(language="en", volume=0.25, muted=True, animation_speed=2.5, four_colour=True, card_back="blue")
    save_settings(paths, s)
    assert load_settings(paths) == (s, [])


def test_bad_values_are_reset_one_by_one_and_the_file_kept_aside(paths):
    doc = {"kind": "settings", "format": 1, "values": {"language": "en", "volume": "loud", "muted": 1,
                                                     "card_back": "purple", "unknown": 3}}
    paths.settings_file.write_text(json.dumps(doc))
    settings, notices = load_settings(paths)
    assert settings.language == "en" and settings.volume == Settings().volume
    assert settings.muted is False and settings.card_back == "red"
    assert notices[0].key == "notice.values_reset"
    assert set(notices[0].fields["fields"].split(", ")) == {"volume", "muted", "card_back"}
    assert len(aside_files(paths.config, "settings.json")) == 1


def test_out_of_range_volume_counts_as_bad(paths):
    doc = {"kind": "settings", "format": 1, "values": {"volume": 7}}
    paths.settings_file.write_text(json.dumps(doc))
    settings, notices = load_settings(paths)
    assert settings.volume == 1.0 and notices and "volume" in notices[0].fields["fields"]


def test_broken_settings_files_give_defaults_and_are_kept_aside(paths):
    for content in ("", '{"kind": "settings", "format": 1, "values": {"langu', "[]", '"vi"',
                    '{"kind": "settings", "format": 1, "values": []}'):
        paths.settings_file.write_text(content)
        settings, notices = load_settings(paths)
        # the defaults, and the system's language as on a first start (issue 38: not Vietnamese for everybody)
        assert settings == Settings(language=settings_store.system_language())
        assert notices[0].key == "notice.file_set_aside"
        assert not paths.settings_file.exists()
    assert len(aside_files(paths.config, "settings.json")) == 5


def test_new_match_choice_is_remembered(paths):
    choice = MatchChoice("dem-la", ("easy", "hard"), 5, 500, {"dem-la": {"first_lead": "three_of_spades"}})
    save_choice(paths, choice)
    assert load_choice(paths) == (choice, [])


def test_new_match_choice_with_impossible_opponents_falls_back(paths):
    doc = {"kind": "new-match", "format": 1, "values": {"variant": "xep-hang", "opponents": [],
                                                      "table_bet": 3}}
    paths.new_match_file.write_text(json.dumps(doc))
    choice, notices = load_choice(paths)
    assert choice.variant == "xep-hang" and choice.opponents == MatchChoice().opponents
    assert choice.table_bet == 1 and notices
