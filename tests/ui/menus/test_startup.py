"""Start-up meets broken files the same way in a launch and in ``--smoke-test``: set aside, told, carried on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui.menus.dialogs import Dialog
from ui.menus.main_menu import MainMenu

ROOT = Path(__file__).resolve().parents[3]
BROKEN = {
    "empty": "",
    "truncated": '{"kind": "x", "format": 1, "val',
    "wrong-type": "[1, 2, 3]",
    "binary": "\x00\x01garbage",
}


def _break_everything(paths, content: str) -> None:
    for f in (paths.settings_file, paths.stats_file, paths.save_file, paths.new_match_file):
        f.write_text(content, encoding="utf-8")


@pytest.mark.parametrize("kind", list(BROKEN))
def test_broken_files_are_set_aside_and_the_player_is_told(make_app, paths, kind):
    _break_everything(paths, BROKEN[kind])
    app, profile = make_app("en")
    app.step(1 / 30)
    assert isinstance(app.top, Dialog) and isinstance(app.stack[0], MainMenu)
    text = app.top.message()
    for name in ("settings.json", "stats.json", "match-save.json", "new_match.json"):
        assert name in text
        assert len(list(Path(paths.config if "settings" in name or "new_" in name else paths.data)
                        .glob(f"{name}.corrupt-*"))) == 1
    assert not profile.can_continue
    # Start-up wrote good files back in place of the bad ones.
    assert json.loads(paths.settings_file.read_text(encoding="utf-8"))["kind"] == "settings"
    app.top.items[0].activate()
    assert isinstance(app.top, MainMenu)


def test_invalid_custom_rules_show_file_and_line(make_app, paths):
    paths.user_rules_file.write_text("variants:\n  mine:\n    extends: mien-nam\n    quit_charge: lots\n")
    app, profile = make_app("en")
    app.step(1 / 30)
    assert isinstance(app.top, Dialog)
    assert "rules.yaml:4" in app.top.message() and "quit_charge" in app.top.message()
    assert "mine" not in profile.catalogue.ids()


def test_smoke_test_goes_through_the_same_start_up(tmp_path):
    home = tmp_path / "home"
    for folder in ("config", "data"):
        (home / folder).mkdir(parents=True)
    (home / "config" / "settings.json").write_text('{"kind": "settings", "format": 1, "values": {"vol')
    (home / "data" / "stats.json").write_text("[]")
    (home / "data" / "match-save.json").write_text("")
    env = dict(os.environ, TIENLEN_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    done = subprocess.run([sys.executable, "main.py", "--smoke-test", "60"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=240)
    assert done.returncode == 0, done.stderr[-2000:]
    for name, folder in (("settings.json", "config"), ("stats.json", "data"), ("match-save.json", "data")):
        assert len(list((home / folder).glob(f"{name}.corrupt-*"))) == 1, name
    assert json.loads((home / "config" / "settings.json").read_text())["format"] == 1
    assert json.loads((home / "data" / "stats.json").read_text())["kind"] == "stats"


@pytest.mark.parametrize("kind", list(BROKEN))
def test_the_vietnamese_notice_gives_the_reason_in_vietnamese(make_app, paths, kind):
    _break_everything(paths, BROKEN[kind])
    app, _ = make_app("vi")
    app.step(1 / 30)
    text = app.top.message()
    for english in ("not valid JSON", "Expecting", "expected a JSON object", "the file is empty", "UTF-8 text"):
        assert english not in text, text
    assert "Không dùng được tệp settings.json:" in text
