"""A link to the player's file is written through and stays a link; settings that cannot be read give the
system's language; notices say what happened in the game's words, never the system's (docs/file-formats.md)."""

from __future__ import annotations

import os
from typing import Any

import pytest

from game import safe_file
from game.safe_file import write_atomic
from tests.ui.persist.odd_files import locked, posix, state
from tests.ui.persist.test_loader_fuzz import FILES, file_path, fresh_paths, start_and_play, valid_bytes
from ui import i18n
from ui.menus.dialogs import notice_text
from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.persist.settings_store import load_settings


@posix
@pytest.mark.parametrize("name", list(FILES))
def test_a_link_is_written_through_to_its_target_and_stays_a_link(tmp_path_factory, name):
    paths = fresh_paths(tmp_path_factory)
    real = paths.config.parent / "elsewhere" / name
    real.parent.mkdir()
    real.write_bytes(valid_bytes(name))
    link = file_path(paths, name)
    link.symlink_to(real)
    profile, notices = start_and_play(paths)
    profile.close()
    assert link.is_symlink() and link.resolve() == real.resolve()
    assert notices == [], notices
    if name in ("stats.json", "history.json"):  # the game finished in start_and_play reached the real file
        assert real.read_bytes() != valid_bytes(name)
        assert b'"mien-nam"' in real.read_bytes()


@posix
def test_a_link_to_a_damaged_file_sets_the_target_aside_and_keeps_the_link(tmp_path):
    paths = Paths.under(tmp_path / "home")
    paths.ensure()
    real = tmp_path / "mine" / "settings.json"
    real.parent.mkdir()
    real.write_text("{broken")
    paths.settings_file.symlink_to(real)
    profile = Profile.load(paths)
    profile.close()
    assert paths.settings_file.is_symlink() and b'"settings"' in real.read_bytes()
    assert [p.read_text() for p in real.parent.glob("settings.json.corrupt-*")] == ["{broken"]


def test_write_atomic_keeps_the_files_permissions(tmp_path):
    path = tmp_path / "stats.json"
    path.write_text("{}")
    path.chmod(0o640)
    write_atomic(path, "{}\n")
    assert path.stat().st_mode & 0o777 == 0o640


# -- the language and the words -------------------------------------------------------------------------------


@pytest.mark.parametrize("make", ["folder", "too big", "unreadable"])
def test_settings_that_cannot_be_read_give_the_systems_language_as_a_first_start_does(
        tmp_path_factory, monkeypatch, make):  # fmt: skip
    paths = fresh_paths(tmp_path_factory)
    monkeypatch.setenv("LANGUAGE", "en_GB:en")
    if make == "folder":
        paths.settings_file.mkdir()
    elif make == "too big":
        paths.settings_file.write_bytes(b" " * (65 * 1024 * 1024))
    else:
        paths.settings_file.write_bytes(valid_bytes("settings.json").replace(b'"en"', b'"vi"'))
        locked(monkeypatch, paths.settings_file)
    settings, notices = load_settings(paths)
    assert notices and settings.language == "en"
    monkeypatch.setenv("LANGUAGE", "vi_VN")
    assert load_settings(paths)[0].language == "vi"


def test_a_byte_order_mark_is_read_as_the_file_it_starts(tmp_path_factory):
    paths = fresh_paths(tmp_path_factory)
    paths.settings_file.write_bytes(b"\xef\xbb\xbf" + valid_bytes("settings.json"))
    settings, notices = load_settings(paths)
    assert notices == [] and settings.volume == 0.4


@pytest.mark.parametrize(("notice", "raw"), [
    (Notice("notice.write_failed", {"file": "settings.json", "why": "busy"}), "Errno"),
    (Notice("notice.file_set_aside", {"file": "match-save.json", "kept": "x",
                                      "reason": "not readable: it holds a number thousands of digits long"}),
     "set_int_max_str_digits"),
])  # fmt: skip
def test_notices_speak_the_games_words_not_the_systems(notice, raw):
    for lang in ("en", "vi"):
        i18n.set_language(lang)
        text = notice_text(notice)
        assert raw not in text and "(" not in text.split(":", 1)[0], text
    i18n.set_language("en")
    assert "busy" in notice_text(notice) or "thousands of digits" in notice_text(notice)
    i18n.set_language("vi")


def test_a_5000_digit_number_is_refused_in_whole_words(tmp_path_factory):
    paths = fresh_paths(tmp_path_factory)
    doc = valid_bytes("match-save.json").replace(b'"seed": 77', b'"seed": ' + b"7" * 5000)
    paths.save_file.write_bytes(doc)
    profile = Profile.load(paths)
    profile.close()
    [notice] = [n for n in profile.take_notices() if n.fields.get("file") == "match-save.json"]
    i18n.set_language("en")
    assert "thousands of digits long, which cannot be read" in notice_text(notice)
    assert "sys." not in notice_text(notice)
    i18n.set_language("vi")


def test_a_busy_file_is_named_in_words_and_the_temp_files_name_never_shows(tmp_path_factory, monkeypatch):
    paths = fresh_paths(tmp_path_factory)
    profile = Profile.load(paths)
    profile.take_notices()

    def busy(src: Any, dst: Any) -> None:
        raise OSError(16, "Device or resource busy", str(src), None, str(dst))

    monkeypatch.setattr(safe_file.os, "replace", busy)
    profile.save_settings()
    [notice] = profile.take_notices()
    monkeypatch.undo()
    profile.close()
    i18n.set_language("en")
    text = notice_text(notice)
    assert text.startswith("Could not save settings.json: the file is busy") and ".tmp" not in text, text
    i18n.set_language("vi")


@posix
def test_a_match_saved_through_a_link_ends_without_losing_the_link_and_the_next_is_saved_through_it(
        tmp_path_factory):  # fmt: skip
    from game.table.choice import MatchChoice

    paths = fresh_paths(tmp_path_factory)
    real = paths.data.parent / "elsewhere" / "match-save.json"
    real.parent.mkdir()
    paths.save_file.symlink_to(real)
    profile = Profile.load(paths)
    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=2)
    assert real.is_file() and paths.save_file.is_symlink()
    profile.forget_match()  # the match is over
    assert paths.save_file.is_symlink() and not real.exists()
    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=3)
    profile.close()
    assert paths.save_file.is_symlink() and b'"match-save"' in real.read_bytes()


@posix
def test_a_match_save_that_is_a_fifo_outlives_the_end_of_a_match(tmp_path_factory):
    from game.table.choice import MatchChoice

    paths = fresh_paths(tmp_path_factory)
    os.mkfifo(paths.save_file)
    before = state(paths.save_file)
    profile = Profile.load(paths)
    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=2)
    profile.forget_match()
    profile.close()
    assert state(paths.save_file) == before
