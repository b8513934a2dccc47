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
    assert [n.key for n in profile.take_notices()] == ["notice.cannot_save"]
    from game.table.choice import MatchChoice

    profile.new_match(MatchChoice("mien-nam", ("easy",)), seed=1)
    profile.close()
    assert profile.take_notices() == []  # one notice, not one per failed write


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
