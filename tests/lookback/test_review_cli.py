"""``python3 -m game.review FILE``: a history, a match save, a match or one game, as text or JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.match import Match
from game.review.__main__ import main
from game.rules import load_rules
from game.table.choice import MatchChoice
from tests.lookback.test_review import scripted
from ui.persist.game_entry import new_entry
from ui.persist.history import HistoryStore
from ui.persist.paths import Paths
from ui.persist.saves import save_match

ROOT = Path(__file__).resolve().parents[2]
FAST = ["--work", "200", "--level", "normal"]


def test_a_history_file_reviews_its_newest_game_by_default(tmp_path, capsys) -> None:
    store = HistoryStore(tmp_path / "history.json")
    old = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["2h", "-", "3s"])
    new = scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"])
    for n, game in enumerate([old, new], start=1):
        store.append(new_entry(game, number=n, seat=0, names=["", "Lan"], bots=[None, ("normal", 3)]), match_seed=1)
    assert main([str(store.path), "--no-duplicate", *FAST]) == 0
    out = capsys.readouterr().out
    assert "Move 1: led a single 3♠ while Lan had 1 card left" in out
    assert main([str(store.path), "--game", "2", "--lang", "vi", "--no-duplicate", *FAST]) == 0
    assert "Không thấy nước đi nào thiệt rõ rệt" in capsys.readouterr().out


def test_a_match_save_reviews_a_finished_game_as_json(tmp_path, capsys) -> None:
    paths = Paths.under(tmp_path)
    choice = MatchChoice("xep-hang", ("normal", "easy"))
    match = Match(load_rules("xep-hang"), 3, seed=4)
    from game.ai import make_bot

    bots = [make_bot("normal", seed=s) for s in range(3)]
    for _ in range(2):
        game = match.start_game()
        while not game.is_over:
            s = game.current_player
            move = bots[s].choose(game.view(s))
            game.play(move, s) if move else game.pass_turn(s)
        match.finish_game(game)
    save_match(paths, choice, match)
    assert main([str(paths.save_file), "--game", "1", "--json", *FAST]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "xep-hang" and data["seat"] == 0 and data["decisions"]
    assert data["duplicate"]["your_place"] == match.results[0].order.index(0) + 1
    assert set(data["summary"]) == {"vi", "en"}


def test_a_bare_game_record_and_another_seat(tmp_path, capsys) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"]).to_dict()), encoding="utf-8")
    assert main([str(path), "--seat", "1", "--no-duplicate", "--json", *FAST]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["seat"] == 1 and [d["chosen"] for d in data["decisions"]] == ["Kd"]


@pytest.mark.parametrize(("content", "message"), [("{broken", "not a JSON file"), ('{"kind": "stats"}', "not a game"),
                                                  ('{"kind": "history", "games": []}', "no game yet")])  # fmt: skip
def test_a_file_it_cannot_use_is_refused_in_plain_words(tmp_path, capsys, content, message) -> None:
    path = tmp_path / "x.json"
    path.write_text(content, encoding="utf-8")
    assert main([str(path)]) == 2
    assert message in capsys.readouterr().err


def test_the_command_runs_as_a_module(tmp_path) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(scripted("mien-nam", ["3s 2h", "Kd"], 0, ["3s", "Kd"]).to_dict()), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game.review", str(path), "--no-duplicate", *FAST], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "led a single 3♠ while seat 2 had 1 card left" in done.stdout
