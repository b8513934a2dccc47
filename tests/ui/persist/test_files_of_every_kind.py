"""Whatever stands where one of the player's files should be — a FIFO, a link to /dev/zero, a folder, a file the
game may not read, a link to the real file — start-up takes under 2 s, says what it found in the game's words,
and leaves it exactly as it was: nothing is written over, replaced or renamed (docs/file-formats.md)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game import safe_file
from game.safe_file import LeftAlone, NotAFile, TooBig, read_bounded
from tests.ui.persist.odd_files import KINDS, locked, posix, raises, state, within
from tests.ui.persist.test_loader_fuzz import FILES, _entry, file_path, fresh_paths, start_and_play, valid_bytes
from ui import i18n
from ui.learn.progress import load_progress, progress_file, save_progress
from ui.menus.dialogs import notice_text
from ui.net.prefs import FriendsPrefs, load_prefs, prefs_file, save_prefs
from ui.persist.profile import Profile


@posix
@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("name", list(FILES))
def test_a_file_that_is_not_a_file_starts_the_game_at_once_with_a_notice_and_is_left_as_it_is(
        tmp_path_factory, name, kind):  # fmt: skip
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, name)
    make, words = KINDS[kind]
    make(target)
    before = state(target)
    profile, notices = within(2.0, lambda: start_and_play(paths))
    assert state(target) == before, "the thing in the file's place was changed"
    told = [n for n in notices if name in n.fields.get("file", "")]
    assert [n.key for n in told] == ["notice.file_not_regular"], notices
    i18n.set_language("en")
    text = notice_text(told[0])
    assert words in text and str(target) in text and "Move it somewhere else" in text, text
    i18n.set_language("vi")
    assert "không phải một tệp thông thường" in notice_text(told[0])
    assert not [n for n in notices if n.key == "notice.write_failed"], notices  # told once, at start-up
    profile.close()


@posix
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_friends_and_lessons_files_are_refused_the_same_way(tmp_path_factory, kind):
    paths = fresh_paths(tmp_path_factory)
    make, _ = KINDS[kind]
    for path in (prefs_file(paths), progress_file(paths)):
        make(path)
    before = [state(prefs_file(paths)), state(progress_file(paths))]
    prefs, found = within(2.0, lambda: load_prefs(paths))
    progress, more = within(2.0, lambda: load_progress(paths))
    assert prefs == FriendsPrefs() and progress.done == []
    assert [n.key for n in found + more] == ["notice.file_not_regular"] * 2
    save_prefs(paths, prefs)  # each screen saves what it shows: never into the FIFO or the folder
    with pytest.raises(LeftAlone):
        save_progress(paths, progress)
    assert [state(prefs_file(paths)), state(progress_file(paths))] == before


@posix
def test_the_rules_file_as_a_fifo_is_refused_unopened_in_one_line(tmp_path):
    from game.rules import RulesError, load_catalogue

    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    refused = within(2.0, lambda: raises(lambda: load_catalogue(fifo)))
    assert isinstance(refused, RulesError), refused
    assert "named pipe" in str(refused) and "\n" not in str(refused)


def test_a_read_stops_at_the_limit_while_reading_not_after(tmp_path, monkeypatch):
    path = tmp_path / "grows.json"
    path.write_bytes(b"x" * 10)
    real_fstat = os.fstat

    class Lying:  # a file whose size says 10 bytes and which goes on for ever (a /proc file, one still growing)
        def __init__(self, st: os.stat_result) -> None:
            self.st_mode, self.st_size = st.st_mode, 10

    monkeypatch.setattr(safe_file.os, "fstat", lambda fd: Lying(real_fstat(fd)))
    path.write_bytes(b"x" * 5000)
    with pytest.raises(TooBig) as big:
        read_bounded(path, 1000)
    assert big.value.size == 1001  # stopped one byte past the limit


@posix
def test_a_link_to_dev_zero_is_refused_without_reading_it():
    with pytest.raises(NotAFile) as refused:
        read_bounded(Path("/dev/zero"), 1 << 30)
    assert refused.value.what == "device"


# -- a file another user made (permission denied) ----------------------------------------------------------


@pytest.mark.parametrize("name", list(FILES))
def test_a_file_that_may_not_be_read_is_never_written_over_and_the_notice_says_what_to_do(
        tmp_path_factory, monkeypatch, name):  # fmt: skip
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, name)
    target.write_bytes(valid_bytes(name))
    locked(monkeypatch, target)
    before = state(target)
    profile, notices = start_and_play(paths)  # settings, stats, the save and a finished game all written
    assert state(target) == before and target.read_bytes() == valid_bytes(name)
    assert sorted(p.name for p in target.parent.iterdir() if p.name.startswith(name)) == [name]  # nothing aside
    told = [n for n in notices if name in n.fields.get("file", "")]
    assert [n.key for n in told] == ["notice.file_locked"], notices
    assert not [n for n in notices if n.key == "notice.write_failed"], notices
    i18n.set_language("en")
    text = notice_text(told[0])
    assert "not allowed to read" in text and "exactly as it is" in text and "permission" in text, text
    assert "Errno" not in text and "not valid" not in text
    i18n.set_language("vi")
    assert "không có quyền đọc" in notice_text(told[0])
    profile.close()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file; POSIX permissions")
def test_a_stats_file_of_mode_000_keeps_its_games(tmp_path_factory):
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, "stats.json")
    target.write_bytes(valid_bytes("stats.json"))
    target.chmod(0)
    try:
        profile, notices = start_and_play(paths)
        profile.close()
    finally:
        target.chmod(0o600)
    assert target.read_bytes() == valid_bytes("stats.json")
    assert "notice.file_locked" in [n.key for n in notices]


# -- links ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("opened_first", [True, False])
def test_a_history_that_may_not_be_read_keeps_nothing_there_stays_as_it_is_and_says_so(
        tmp_path_factory, monkeypatch, opened_first):  # fmt: skip
    """Whether Recent games read it first or the first game kept does (on the writer thread), the player is told."""
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, "history.json")
    target.write_bytes(valid_bytes("history.json"))
    locked(monkeypatch, target)
    profile = Profile.load(paths)
    if opened_first:
        assert profile.history.entries() == []
    profile.record_history(_entry(), match_seed=9)
    profile.flush()
    keys = [n.key for n in profile.take_notices()]
    profile.close()
    assert keys == ["notice.file_locked"] and target.read_bytes() == valid_bytes("history.json")


@posix
@pytest.mark.parametrize("kind", list(KINDS))
def test_something_else_where_the_lock_is_kept_is_never_opened_and_nothing_is_saved(tmp_path_factory, kind):
    from ui.launch import claim_files
    from ui.persist.instance import LOCK_NAME

    paths = fresh_paths(tmp_path_factory)
    lock = paths.data / LOCK_NAME
    make, words = KINDS[kind]
    make(lock)
    before = sorted(p.name for p in paths.data.iterdir()), state(lock)
    assert within(2.0, lambda: claim_files(paths)) is None  # a link to a disk would have had a pid written on it
    profile, notices = within(2.0, lambda: start_and_play(paths))
    profile.close()
    assert not profile.can_save and (sorted(p.name for p in paths.data.iterdir()), state(lock)) == before
    [told] = [n for n in notices if n.key == "notice.lock_not_file"]
    i18n.set_language("en")
    assert words in notice_text(told) and "plays without saving" in notice_text(told)
    i18n.set_language("vi")



@posix
@pytest.mark.parametrize("kind", list(KINDS))
def test_the_game_starts_at_once_with_every_file_replaced_and_changes_nothing_on_disk(tmp_path, kind):
    """The whole game (``--smoke-test``) with a FIFO, a link to /dev/zero or a folder in place of every file it
    or its screens read: it plays, saves nothing there, and leaves each as it was."""
    import subprocess
    import sys

    home = tmp_path / "home"
    make, _ = KINDS[kind]
    names = ["config/settings.json", "config/new_match.json", "config/rules.yaml", "config/friends.json",
             "data/stats.json", "data/match-save.json", "data/history.json", "data/lessons.json"]  # fmt: skip
    for name in names:
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        make(home / name)
    before = {name: state(home / name) for name in names}
    env = dict(os.environ, TIENLEN_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "main.py", "--smoke-test", "30"], cwd=Path(__file__).parents[3],
                          env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    took = time.monotonic() - started
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert {name: state(home / name) for name in names} == before
    log = (home / "logs" / "tienlen.log").read_text(encoding="utf-8")
    assert log.count("could not be read, so it is left as it is") >= 6, log[-3000:]
    print(f"{kind}: the whole smoke test took {took:.2f} s")
    assert took < 30
