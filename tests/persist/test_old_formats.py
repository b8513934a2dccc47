"""Files of every format the game has written (tests/persist/fixtures), read by the game's own loading and by
``python3 -m game.review``: one reader per format (``game.records``), so both read each file the same way and
refuse a bad one for the same reason."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.records import history, match_save
from game.review.__main__ import main
from game.review.sources import read_source
from game.rules import load_catalogue
from game.table.choice import MatchChoice
from ui.persist.history import HistoryStore
from ui.persist.paths import Paths
from ui.persist.saves import load_match

FIXTURES = Path(__file__).resolve().parent / "fixtures"
ROOT = FIXTURES.parents[2]
FAST = ["--no-duplicate", "--work", "200", "--level", "normal"]
FORMATS = {match_save.KIND: match_save.FORMAT, history.KIND: history.FORMAT}


def _doc(name: str) -> dict:
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("kind", FORMATS)
def test_there_is_a_file_of_every_format_the_game_has_written(kind) -> None:
    """A new format (a migration added) needs a file of the format before it here, and one of the new format."""
    files = sorted(FIXTURES.glob(f"{kind}-format*.json"))
    found = {_doc(p.name)["format"] for p in files}
    assert found == set(range(1, FORMATS[kind] + 1)), [p.name for p in files]
    for p in files:
        assert p.name.startswith(f"{kind}-format{_doc(p.name)['format']}"), p.name


def _saved(paths: Paths, name: str):
    shutil.copy(FIXTURES / name, paths.save_file)
    saved, notices = load_match(paths, load_catalogue())
    assert notices == [] and saved is not None
    return saved


def test_a_format_1_save_with_finished_games_resumes_and_is_reviewed(paths, capsys) -> None:
    saved = _saved(paths, "match-save-format1-finished.json")
    assert saved.choice == MatchChoice("co-dien", ("hard", "hard"), 1, 1000, {})  # the migration's defaults
    assert [r.payments for r in saved.match.results] == [(-2.0, -1.0, 3.0), (-2.5, 4.0, -1.5)]
    assert saved.match.totals == [-4.5, 3.0, 1.5] and len(saved.match.current.actions) == 9
    source = read_source(FIXTURES / "match-save-format1-finished.json", 2)
    assert source.rules.id == "co-dien" and source.seat == 0
    assert source.bots == (None, ("hard", 77 * 7 + 1), ("hard", 77 * 7 + 2))  # the levels the game would seat
    assert source.record == saved.match.to_dict()["games"][1]
    assert main([str(FIXTURES / "match-save-format1-finished.json"), "--game", "2", "--json", *FAST]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["variant"] == "co-dien" and data["seat"] == 0 and data["decisions"]


def test_a_format_1_save_of_a_first_game_in_progress_has_nothing_to_review_yet(paths, capsys) -> None:
    assert _saved(paths, "match-save-format1.json").match.results == []
    assert main([str(FIXTURES / "match-save-format1.json"), *FAST]) == 2
    assert "no game of this match has finished yet" in capsys.readouterr().err


def test_a_format_2_save_resumes_and_is_reviewed_under_its_house_rules(paths, capsys) -> None:
    saved = _saved(paths, "match-save-format2.json")
    house = {"xep-hang": {"first_lead": "random"}}
    assert saved.choice == MatchChoice("xep-hang", ("easy", "normal", "hard"), 5, 500, house)
    assert saved.match.rules.first_lead == "random" and saved.saved_at == "2026-12-01T10:00:00"
    source = read_source(FIXTURES / "match-save-format2.json")
    assert source.rules == saved.match.rules
    assert source.bots == (None, ("easy", 36), ("normal", 37), ("hard", 38))
    assert main([str(FIXTURES / "match-save-format2.json"), "--json", *FAST]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == "xep-hang"


def test_a_format_1_history_is_listed_and_reviewed(tmp_path, capsys) -> None:
    path = tmp_path / "history.json"
    shutil.copy(FIXTURES / "history-format1.json", path)
    store = HistoryStore(path)
    assert store.load() == []
    entries = store.entries()
    assert [e.number for e in entries] == [1, 2] and [e.net for e in entries] == [-3.0, -2.0]
    assert entries[0].names == ("", "Lan", "Minh", "Tuấn") and entries[0].bots[1] == ("normal", 85)
    for n, entry in ((1, entries[1]), (2, entries[0])):  # --game counts from the newest
        source = read_source(path, n)
        assert (source.record, source.seat, source.bots, source.names) == (entry.game, 0, entry.bots, entry.names)
    assert main([str(path), "--game", "2", *FAST]) == 0
    assert capsys.readouterr().out.startswith(("Move ", "No clearly costly decision"))


def test_the_command_reads_a_format_1_save_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "game.review", str(FIXTURES / "match-save-format1-finished.json"),
                           "--lang", "vi", *FAST], cwd=ROOT, capture_output=True, text=True, timeout=120)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(("Nước ", "Không thấy nước đi nào thiệt rõ rệt"))


def _format_1_players_7(doc: dict) -> None:
    doc["match"]["players"] = 7


def _newer(doc: dict) -> None:
    doc["format"] = 3


def _bad_bet(doc: dict) -> None:
    doc["setup"]["table_bet"] = 7


def _other_players(doc: dict) -> None:
    doc["setup"]["opponents"] = ["easy"]


def _no_setup(doc: dict) -> None:
    del doc["setup"]


@pytest.mark.parametrize(("name", "spoil", "reason"), [
    ("match-save-format1-finished.json", _format_1_players_7, "format 1: impossible number of players 7"),
    ("match-save-format2.json", _newer, "written by a newer version of the game (format 3, this one reads 2)"),
    ("match-save-format2.json", _bad_bet, "bad setup values: table_bet"),
    ("match-save-format2.json", _other_players, "the match does not agree with its setup"),
    ("match-save-format2.json", _no_setup, "'setup' should be an object"),
])  # fmt: skip
def test_a_save_the_game_sets_aside_is_refused_by_the_review_for_the_same_reason(paths, capsys, name, spoil,
                                                                                 reason) -> None:  # fmt: skip
    doc = _doc(name)
    spoil(doc)
    paths.save_file.write_text(json.dumps(doc), encoding="utf-8")
    review_path = paths.data / "copy.json"
    shutil.copy(paths.save_file, review_path)
    saved, notices = load_match(paths, load_catalogue())
    assert saved is None and notices[0].fields["reason"] == reason
    assert main([str(review_path), *FAST]) == 2
    assert capsys.readouterr().err == f"game.review: {review_path}: {reason}\n"
