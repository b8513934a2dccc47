"""``python3 -m game.review FILE``: a history, a match save, a match or one game, as text or JSON."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.engine.game import Game
from game.engine.match import Match
from game.records.history import new_entry
from game.review.__main__ import main
from game.review.sources import read_source
from game.rules import load_rules
from game.table.choice import MatchChoice
from tests.review.helpers import play_recorded, scripted
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


@pytest.mark.parametrize(("content", "message"), [
    ("{broken", "not a JSON file"), ('{"kind": "stats"}', "not a game"),
    ('{"kind": "history", "format": 1, "games": []}', "no game yet"),
    ('{"kind": "history", "games": []}', "no format version"),  # as the game's own history reader says
    ('{"kind": "history", "format": 2, "games": []}', "written by a newer version of the game"),
    ('{"kind": "match-save", "format": 1, "match": {"players": 9}}', "format 1: impossible number of players 9"),
])  # fmt: skip
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


# -- hostile files: each ends with status 2 and one line saying why, never a traceback --------------------------
def _history_text(tmp_path, variant: str = "mien-nam") -> str:
    store = HistoryStore(tmp_path / variant / "history.json")  # a history of one game
    game = play_recorded(variant, 2, players=4, levels="normal").game
    store.append(new_entry(game, number=1, seat=0, names=["", "Lan", "Minh", "Tuấn"],
                           bots=[None, ("normal", 3), ("normal", 4), ("normal", 5)]), match_seed=1)  # fmt: skip
    return store.path.read_text(encoding="utf-8")


def _refused(tmp_path, capsys, content: str, *args: str) -> str:
    path = tmp_path / "hostile.json"
    path.write_text(content, encoding="utf-8")
    assert main([str(path), *args, "--no-duplicate", *FAST]) == 2
    err = capsys.readouterr().err
    assert err.startswith("game.review: ") and err.count("\n") == 1 and "Traceback" not in err
    return err


def test_a_200k_deep_file_is_refused_in_one_line(tmp_path, capsys) -> None:
    assert "nested too deeply" in _refused(tmp_path, capsys, "[" * 200_000 + "]" * 200_000)
    deep_games = '{"kind": "history", "format": 1, "games": ' + "[" * 200_000 + "]" * 200_000 + "}"
    assert "nested too deeply" in _refused(tmp_path, capsys, deep_games)


@pytest.mark.parametrize(("old", "new", "words"), [
    ('"seat":0', '"seat":1e400', "impossible seat"),
    ('["normal",3]', '["normal",1e400]', "seed should be a whole number"),
    ('["normal",3]', '["normal",' + "9" * 5000 + "]", "not readable"),
    ('"leader":', '"leader":1e400,"was":', "leader must be an int"),
])  # fmt: skip
def test_an_impossible_number_in_a_history_is_refused(tmp_path, capsys, old, new, words) -> None:
    text = _history_text(tmp_path)
    assert old in text
    assert words in _refused(tmp_path, capsys, text.replace(old, new, 1))


def test_an_infinite_match_seed_is_refused(tmp_path, capsys) -> None:
    paths = Paths.under(tmp_path)
    match = Match(load_rules("mien-nam"), 2, seed=4)
    game = match.start_game()
    _play_out(game)
    match.finish_game(game)
    save_match(paths, MatchChoice("mien-nam", ("normal",)), match)
    text = paths.save_file.read_text(encoding="utf-8")
    assert '"seed": 4' in text
    assert "seed must be an int" in _refused(tmp_path, capsys, text.replace('"seed": 4', '"seed": 1e400', 1))


def _play_out(game: Game, stop: int | None = None) -> None:
    from game.ai import make_bot

    bots = [make_bot("normal", seed=s) for s in range(game.players)]
    while not game.is_over and (stop is None or len(game.actions) < stop):
        s = game.current_player
        move = bots[s].choose(game.view(s))
        game.play(move, s) if move else game.pass_turn(s)


def test_a_game_cut_short_is_refused(tmp_path, capsys) -> None:
    record = play_recorded("mien-nam", 6, players=4, levels="normal").game.to_dict()
    record["actions"] = record["actions"][:5]
    assert "the game stops after 5 moves, before it is over" in _refused(tmp_path, capsys, json.dumps(record))
    doc = json.loads(_history_text(tmp_path))
    doc["games"][0]["game"]["actions"] = doc["games"][0]["game"]["actions"][:-1]
    assert "before it is over" in _refused(tmp_path, capsys, json.dumps(doc))


def test_a_game_labelled_with_another_variant_is_refused(tmp_path, capsys) -> None:
    doc = json.loads(_history_text(tmp_path, "xep-hang"))
    entry = doc["games"][0]
    entry["variant"] = entry["game"]["variant"] = "co-dien"  # every move is legal in both: the payments tell
    err = _refused(tmp_path, capsys, json.dumps(doc))
    assert "labelled 'co-dien' but was not played under its rules" in err
    entry["variant"] = entry["game"]["variant"] = "mien-nam"  # a move mien-nam refuses
    assert "cannot be replayed under the rules of 'mien-nam'" in _refused(tmp_path, capsys, json.dumps(doc))
    doc = json.loads(_history_text(tmp_path, "mien-nam"))
    entry = doc["games"][0]
    entry["variant"] = entry["game"]["variant"] = "xep-hang"  # where the first out does not end the game
    assert "under the rules of 'xep-hang' the game stops after" in _refused(tmp_path, capsys, json.dumps(doc))
    entry["game"]["variant"] = "mien-nam"  # the two labels disagree
    assert "labelled 'xep-hang' but its record 'mien-nam'" in _refused(tmp_path, capsys, json.dumps(doc))


def test_a_match_labelled_with_another_variant_is_refused(tmp_path, capsys) -> None:
    match = Match(load_rules("mien-nam"), 4, seed=8)
    game = match.start_game()
    _play_out(game)
    match.finish_game(game)
    doc = match.to_dict()
    doc["variant"] = "dem-la"
    assert "cannot be replayed under the rules of 'dem-la'" in _refused(tmp_path, capsys, json.dumps(doc))


@pytest.mark.parametrize("args", [["--game", "0"], ["--game", "-2"], ["--work", "0"], ["--work", "-5"]])
def test_counts_below_one_are_refused(tmp_path, capsys, args) -> None:
    path = tmp_path / "history.json"
    path.write_text(_history_text(tmp_path), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        main([str(path), *args])
    assert stop.value.code == 2 and "expected 1 or more" in capsys.readouterr().err


def test_a_hostile_name_is_cleaned_before_it_is_printed(tmp_path, capsys) -> None:
    text = _history_text(tmp_path).replace('"Lan"', '"\\u202e\\u200bLan\\u0000' + "x" * 100 + '"', 1)
    path = tmp_path / "history.json"
    path.write_text(text, encoding="utf-8")
    names = read_source(path).names
    assert names[1] == "Lan" + "x" * 21


@pytest.mark.skipif(sys.platform == "win32", reason="FIFOs and /dev/zero")
@pytest.mark.parametrize("make", ["fifo", "dev-zero", "folder"])
def test_a_fifo_a_device_or_a_folder_is_refused_in_one_line_at_once(tmp_path, capsys, make) -> None:
    import os

    path = tmp_path / "history.json"
    if make == "fifo":
        os.mkfifo(path)
    elif make == "dev-zero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()
    assert main([str(path), "--no-duplicate", *FAST]) == 2  # a FIFO used to block here for ever
    err = capsys.readouterr().err
    assert err.startswith("game.review: ") and err.count("\n") == 1 and "not a file" in err, err
