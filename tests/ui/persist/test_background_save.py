"""The match is saved off the UI thread: the newest snapshot reaches the disk, whole, and errors are reported."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.engine.match import Match
from game.table.choice import MatchChoice
from ui.persist.profile import Profile
from ui.persist.saves import load_match
from ui.persist.writer import BackgroundWriter

ROOT = Path(__file__).resolve().parents[3]


def _play(match: Match, moves: int) -> None:
    game = match.current or match.start_game()
    for _ in range(moves):
        if game.is_over:
            return
        legal = game.legal_moves()
        game.play(legal[0]) if legal else game.pass_turn()


def test_the_file_on_disk_matches_the_game_once_the_writer_is_flushed(paths):
    profile = Profile.load(paths)
    choice = MatchChoice("mien-nam", ("easy", "hard"), 5, 2000)
    match = profile.new_match(choice, seed=12)
    for _ in range(8):  # a save handed over after every move, as the table does
        _play(match, 1)
        profile.save_match(choice, match, wait=False)
    assert profile.flush(10)
    saved, notices = load_match(paths, profile.catalogue)
    assert not notices and saved is not None
    assert saved.match.to_dict() == match.to_dict()
    assert (saved.choice.table_bet, saved.choice.starting_chips) == (5, 2000)
    profile.close()


def test_saves_handed_over_during_a_slow_write_are_coalesced_to_the_newest():
    started, gate, ran = threading.Event(), threading.Event(), []
    writer = BackgroundWriter()
    writer.submit("f", lambda: (started.set(), gate.wait(5), ran.append(0)))
    assert started.wait(5)  # the first write is now in progress
    for n in range(1, 6):
        writer.submit("f", lambda n=n: ran.append(n))
    gate.set()
    assert writer.flush(5)
    assert ran == [0, 5]
    writer.close()


def test_a_failed_background_write_is_logged_and_told_to_the_player(paths, caplog):
    profile = Profile.load(paths)
    choice = MatchChoice("mien-nam", ("easy",))
    match = profile.new_match(choice, seed=3)
    paths.save_file.unlink()
    paths.save_file.mkdir()  # a folder where the file should go: the rename fails
    profile.save_match(choice, match, wait=False)
    assert profile.flush(10)
    assert any("match-save.json" in r.getMessage() for r in caplog.records)
    assert [n.key for n in profile.take_notices()] == ["notice.write_failed"]
    profile.save_match(choice, match, wait=False)  # the writer survived the failure
    assert profile.flush(10)
    profile.close()


def test_forgetting_the_match_wins_over_a_pending_save(paths):
    profile = Profile.load(paths)
    choice = MatchChoice("mien-nam", ("easy",))
    match = profile.new_match(choice, seed=3)
    for _ in range(5):
        _play(match, 1)
        profile.save_match(choice, match, wait=False)
    profile.forget_match()
    assert profile.flush(10)
    assert not paths.save_file.exists()
    profile.close()


def test_closing_writes_what_is_pending_and_a_closed_profile_still_saves(paths):
    profile = Profile.load(paths)
    choice = MatchChoice("mien-nam", ("easy",))
    match = profile.new_match(choice, seed=3)
    _play(match, 3)
    profile.save_match(choice, match, wait=False)
    profile.close()
    assert json.loads(paths.save_file.read_text(encoding="utf-8"))["match"] == match.to_dict()
    _play(match, 1)
    profile.save_match(choice, match, wait=False)  # after close: written on the caller's thread
    assert json.loads(paths.save_file.read_text(encoding="utf-8"))["match"] == match.to_dict()


KILLED = """
import sys, time
from game.engine.match import Match
from game.table.choice import MatchChoice
from ui.persist.paths import Paths
from ui.persist.profile import Profile
profile = Profile.load(Paths.default())
choice = MatchChoice("mien-nam", ("easy", "easy", "easy"))
while True:
    match = profile.new_match(choice, seed=int(time.time() * 1000) % 100000)
    game = match.current or match.start_game()
    while not game.is_over:
        legal = game.legal_moves()
        game.play(legal[0]) if legal else game.pass_turn()
        profile.save_match(choice, match, wait=False)
"""


@pytest.mark.skipif(os.name != "posix", reason="uses SIGKILL")
def test_killing_the_game_while_the_writer_writes_never_leaves_a_broken_save(paths):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    for round_ in range(6):
        proc = subprocess.Popen([sys.executable, "-c", KILLED], cwd=ROOT, env=env)
        deadline = time.monotonic() + 15
        while not paths.save_file.exists() and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.15 + 0.05 * round_)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        profile = Profile.load(paths, write_back=False)
        assert profile.can_continue, f"round {round_}: {profile.notices}"
        assert not list(paths.data.glob("match-save.json.corrupt-*"))
