"""Whatever stands where one of the player's files should be — a FIFO, a link to /dev/zero, a folder, a file the
game may not read, a link to the real file — start-up takes under 2 s, says what it found in the game's words,
and leaves it exactly as it was: nothing is written over, replaced or renamed (docs/file-formats.md)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game import safe_file
from game.safe_file import LeftAlone, NotAFile, TooBig, read_bounded, write_atomic
from tests.ui.persist.test_loader_fuzz import FILES, _entry, file_path, fresh_paths, start_and_play, valid_bytes
from ui import i18n
from ui.learn.progress import load_progress, progress_file, save_progress
from ui.menus.dialogs import notice_text
from ui.net.prefs import FriendsPrefs, load_prefs, prefs_file, save_prefs
from ui.persist.files import Notice
from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.persist.settings_store import load_settings

posix = pytest.mark.skipif(os.name != "posix", reason="FIFOs, devices and POSIX links")


def _within(seconds: float, work: Callable[[], Any]) -> Any:
    """``work()``'s result, failing (not hanging the suite) when it takes longer than ``seconds``."""
    out: list[Any] = []
    thread = threading.Thread(target=lambda: out.append(work()), daemon=True)
    started = time.monotonic()
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"still busy after {seconds} s (blocked on a FIFO?)"
    assert out, "the work raised (see the thread's traceback above)"
    print(f"took {time.monotonic() - started:.2f} s")
    return out[0]


def _state(path: Path) -> tuple[Any, ...]:
    """What a path is on disk: its type, where a link points, its size and time (a change shows)."""
    st = os.lstat(path)
    link = os.readlink(path) if path.is_symlink() else ""
    return st.st_mode, link, st.st_size, st.st_mtime_ns, st.st_ino


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()
    (path / "keep.txt").write_text("mine")


KINDS: dict[str, tuple[Callable[[Path], None], str]] = {
    "a FIFO": (_fifo, "a named pipe (FIFO)"),
    "a link to /dev/zero": (_zero, "a device"),
    "a folder": (_folder, "a folder"),
}


@posix
@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize("name", list(FILES))
def test_a_file_that_is_not_a_file_starts_the_game_at_once_with_a_notice_and_is_left_as_it_is(
        tmp_path_factory, name, kind):  # fmt: skip
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, name)
    make, words = KINDS[kind]
    make(target)
    before = _state(target)
    profile, notices = _within(2.0, lambda: start_and_play(paths))
    assert _state(target) == before, "the thing in the file's place was changed"
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
    before = [_state(prefs_file(paths)), _state(progress_file(paths))]
    prefs, found = _within(2.0, lambda: load_prefs(paths))
    progress, more = _within(2.0, lambda: load_progress(paths))
    assert prefs == FriendsPrefs() and progress.done == []
    assert [n.key for n in found + more] == ["notice.file_not_regular"] * 2
    save_prefs(paths, prefs)  # each screen saves what it shows: never into the FIFO or the folder
    with pytest.raises(LeftAlone):
        save_progress(paths, progress)
    assert [_state(prefs_file(paths)), _state(progress_file(paths))] == before


@posix
def test_the_rules_file_as_a_fifo_is_refused_unopened_in_one_line(tmp_path):
    from game.rules import RulesError, load_catalogue

    fifo = tmp_path / "rules.yaml"
    os.mkfifo(fifo)
    refused = _within(2.0, lambda: _raises(lambda: load_catalogue(fifo)))
    assert isinstance(refused, RulesError), refused
    assert "named pipe" in str(refused) and "\n" not in str(refused)


def _raises(work: Callable[[], Any]) -> BaseException | None:
    """What ``work()`` raised, handed back to the test's own thread (``None`` when it returned)."""
    try:
        work()
    except Exception as exc:
        return exc
    return None


# -- reading is bounded while reading --------------------------------------------------------------------


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


def _locked(monkeypatch: pytest.MonkeyPatch, locked: Path) -> None:
    """``locked`` behaves as a file of another user's that this one may not read (as root every file reads)."""
    real_open = safe_file._os_open

    def refuse(path: Any, flags: int, *args: Any) -> int:
        if Path(path) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, *args)

    monkeypatch.setattr(safe_file, "_os_open", refuse)
    monkeypatch.setattr(safe_file, "_can_read", lambda path: Path(path) != locked)


@pytest.mark.parametrize("name", list(FILES))
def test_a_file_that_may_not_be_read_is_never_written_over_and_the_notice_says_what_to_do(
        tmp_path_factory, monkeypatch, name):  # fmt: skip
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, name)
    target.write_bytes(valid_bytes(name))
    _locked(monkeypatch, target)
    before = _state(target)
    profile, notices = start_and_play(paths)  # settings, stats, the save and a finished game all written
    assert _state(target) == before and target.read_bytes() == valid_bytes(name)
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
        _locked(monkeypatch, paths.settings_file)
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


@pytest.mark.parametrize("opened_first", [True, False])
def test_a_history_that_may_not_be_read_keeps_nothing_there_stays_as_it_is_and_says_so(
        tmp_path_factory, monkeypatch, opened_first):  # fmt: skip
    """Whether Recent games read it first or the first game kept does (on the writer thread), the player is told."""
    paths = fresh_paths(tmp_path_factory)
    target = file_path(paths, "history.json")
    target.write_bytes(valid_bytes("history.json"))
    _locked(monkeypatch, target)
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
    before = sorted(p.name for p in paths.data.iterdir()), _state(lock)
    assert _within(2.0, lambda: claim_files(paths)) is None  # a link to a disk would have had a pid written on it
    profile, notices = _within(2.0, lambda: start_and_play(paths))
    profile.close()
    assert not profile.can_save and (sorted(p.name for p in paths.data.iterdir()), _state(lock)) == before
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
    before = {name: _state(home / name) for name in names}
    env = dict(os.environ, TIENLEN_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "main.py", "--smoke-test", "30"], cwd=Path(__file__).parents[3],
                          env=env, capture_output=True, text=True, timeout=60)  # fmt: skip
    took = time.monotonic() - started
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr[-3000:]
    assert {name: _state(home / name) for name in names} == before
    log = (home / "logs" / "tienlen.log").read_text(encoding="utf-8")
    assert log.count("could not be read, so it is left as it is") >= 6, log[-3000:]
    print(f"{kind}: the whole smoke test took {took:.2f} s")
    assert took < 30


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
    before = _state(paths.save_file)
    profile = Profile.load(paths)
    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=2)
    profile.forget_match()
    profile.close()
    assert _state(paths.save_file) == before
