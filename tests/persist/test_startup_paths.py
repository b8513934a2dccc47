"""Start-up whatever the home folder is, the flags that name the player's own things, and the smoke test's save."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui.persist.paths import Paths
from ui.persist.profile import Profile
from ui.persist.saves import load_match

ROOT = Path(__file__).resolve().parents[2]
MINE = "variants:\n  mine:\n    extends: dem-la\n    name: {vi: Của tôi, en: Mine}\n    quit_charge: 13\n"


def _main(home: Path | None, *flags: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("TIENLEN_HOME", None)
    if home is not None:
        env["TIENLEN_HOME"] = str(home)
    return subprocess.run([sys.executable, "main.py", *flags], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)


def test_a_home_that_is_a_file_plays_without_saving_and_says_why(tmp_path):
    home = tmp_path / "not-a-folder"
    home.write_text("x", encoding="utf-8")
    run = _main(home, "--smoke-test", "20")
    assert run.returncode == 0, run.stderr[-2000:]
    assert "cannot write the log" in run.stderr and "plays without saving" in run.stderr
    assert "Traceback" not in run.stderr and home.read_text(encoding="utf-8") == "x"


def test_profile_in_an_unusable_home_loads_and_writes_nothing(tmp_path):
    home = tmp_path / "file"
    home.write_text("x", encoding="utf-8")
    profile = Profile.load(Paths.under(home))
    assert not profile.can_save and "mien-nam" in profile.catalogue.ids()
    notices = profile.take_notices()
    assert [n.key for n in notices] == ["notice.home_is_file"] and notices[0].fields["file"] == str(home)
    assert profile.history.entries() == [] and profile.take_notices() == []  # not "history.json: Not a directory"
    from game.table.choice import MatchChoice

    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=1)
    profile.close()
    assert profile.take_notices() == []  # one notice, not one per failed write


def test_a_file_standing_for_a_folder_is_named_in_both_languages(tmp_path):
    from ui.i18n import set_language
    from ui.menus.dialogs import notice_text

    home = tmp_path / "file"
    home.write_text("x", encoding="utf-8")
    notice = Profile.load(Paths.under(home / "deeper")).take_notices()[0]
    assert notice.fields["file"] == str(home)  # the file in the way, however deep the folders were to go
    try:
        set_language("en")
        assert notice_text(notice).startswith(f"{home} is a file, not a folder")
        set_language("vi")
        assert notice_text(notice).startswith(f"{home} là một tệp chứ không phải thư mục")
    finally:
        set_language("en")


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full to stand for a full disk")
def test_a_full_disk_costs_the_log_one_line_not_a_traceback_per_record(tmp_path):
    code = (
        "import logging, sys\nfrom pathlib import Path\nfrom ui import applog\n"
        f"applog.setup_logging(Path({str(tmp_path / 'logs')!r}))\n"
        "h = next(h for h in logging.getLogger().handlers if isinstance(h, applog.LogFile))\n"
        "h.stream = open('/dev/full', 'w', encoding='utf-8')  # every write: No space left on device\n"
        "for i in range(100):\n    logging.getLogger('tienlen.table').warning('record %d', i)\n"
        "print('played on')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=60)  # fmt: skip
    assert run.returncode == 0 and run.stdout == "played on\n"
    assert "Logging error" not in run.stderr and "Traceback" not in run.stderr
    assert run.stderr.splitlines() == [f"tienlen: the log {tmp_path / 'logs' / 'tienlen.log'} cannot be written "
                                       "(No space left on device); the game carries on without it"]


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder this user cannot write")
def test_a_read_only_home_plays_without_saving(tmp_path):
    home = tmp_path / "home"
    Paths.under(home).ensure()
    for folder in (home, *home.iterdir()):
        folder.chmod(0o555)
    try:
        run = _main(home, "--smoke-test", "20")
        assert run.returncode == 0 and "plays without saving" in run.stderr
    finally:
        for folder in (home, *home.iterdir()):
            folder.chmod(0o755)


@pytest.mark.parametrize("frames", ["0", "-1", "lots"])
def test_a_smoke_test_of_no_frames_is_refused(frames):
    run = _main(None, "--smoke-test", frames)
    assert run.returncode == 2 and "--smoke-test" in run.stderr


def test_the_smoke_test_plays_a_saved_match_of_the_players_own_variant(tmp_path):
    paths = Paths.under(tmp_path)
    paths.ensure()
    paths.user_rules_file.write_text(MINE, encoding="utf-8")
    run = _main(tmp_path, "--variant", "mine", "--seed", "4", "--smoke-test", "200")
    assert run.returncode == 0, run.stderr[-2000:]
    doc = json.loads(paths.save_file.read_text(encoding="utf-8"))
    assert doc["setup"]["variant"] == "mine" and doc["match"]["seed"] == 4
    saved, notices = load_match(paths, Profile.load(paths, write_back=False).catalogue)
    assert notices == [] and saved is not None and saved.match.rules.quit_charge == 13
    assert "saved and read back" in (paths.logs / "tienlen.log").read_text(encoding="utf-8")


def test_an_unknown_variant_is_refused_naming_the_known_ones(tmp_path):
    run = _main(tmp_path, "--variant", "nope", "--smoke-test", "5")
    assert run.returncode != 0 and "unknown variant 'nope'" in run.stderr and "mien-nam" in run.stderr
